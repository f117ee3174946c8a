"""ludoteca games through OpenSpiel: its own conformance routine, its bots and algorithms.

Every test iterates over the registry, so games registered later are covered without edits here.
Needs open_spiel (test extra; skipped without it).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca

pyspiel = pytest.importorskip("pyspiel")
los = pytest.importorskip("ludoteca.adapters.openspiel")

EXAMPLES = [ex for info in ludoteca.registered_games() for ex in info.examples]


def _real_length(spec: str) -> int:
    """Actions of the longest of three random games (ludoteca.simulate, seeded): what OpenSpiel's
    loops here cost, unlike max_game_length, a bound that a Samba deal (523,162) never nears."""
    return int(ludoteca.simulate(spec, 3, seed=0, threads=1).lengths.max())


_LENGTH = {spec: _real_length(spec) for spec in EXAMPLES}
# Examples whose one game is long (a whole match through Python): fewer simulations, same checks.
_LONG = 1_000
# OpenSpiel's serialisation check replays the history at every state (quadratic in the game's
# length): a random Samba or Carioca match and a Tysiąc match to 300 (up to about 50,000 actions:
# 24 GB in that check) run with --slow only.
_SLOW = 5_000


def _sims(spec: str) -> int:
    return 1 if _LENGTH[spec] > _LONG else 3


def test_every_game_keeps_an_example_in_the_default_run() -> None:
    """--slow only adds long matches: every game has an example short enough for the default run."""
    for info in ludoteca.registered_games():
        lengths = [_LENGTH[ex] for ex in info.examples]
        assert min(lengths) <= _SLOW, (info.short_name, lengths)


@pytest.mark.parametrize(
    "spec",
    [pytest.param(s, marks=pytest.mark.slow) if _LENGTH[s] > _SLOW else s for s in EXAMPLES],
)
def test_random_sim_test_with_serialization(spec: str) -> None:
    """OpenSpiel's own random simulation test (legal actions, chance outcomes summing to 1 and below
    max_chance_outcomes, returns, serialisation round trips, clones) passes on every example."""
    game = los.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=_sims(spec), serialize=True, verbose=False)


@pytest.mark.parametrize("spec", EXAMPLES)
def test_game_info_matches_the_game(spec: str) -> None:
    """GameInfo carries ludoteca's sizes; the declared utility bounds and sum hold over random games."""
    game = los.load_game(spec)
    ludo = ludoteca.load_game(spec)
    assert game.num_distinct_actions() == ludo.num_distinct_actions()
    assert game.max_chance_outcomes() == ludo.max_chance_outcomes()
    assert game.num_players() == ludo.num_players()
    assert game.max_game_length() == ludo.max_game_length()
    gtype = game.get_type()
    has_chance = gtype.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
    lo, hi = game.min_utility(), game.max_utility()
    # The bounds and the kind are the game's own declaration, not the placeholder.
    declared = ludo.utility()
    assert declared is not None
    assert (lo, hi) == declared[:2]
    kinds = pyspiel.GameType.Utility
    total = declared[2]
    expected = kinds.GENERAL_SUM if total is None else kinds.ZERO_SUM if total == 0 else kinds.CONSTANT_SUM
    assert gtype.utility == expected
    if total is not None and total != 0:
        assert game.utility_sum() == total
    rng = random.Random(spec)
    for _ in range(_sims(spec)):
        state = game.new_initial_state()
        seen_chance = False
        while not state.is_terminal():
            if state.is_chance_node():
                seen_chance = True
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        assert all(lo <= r <= hi for r in returns), (returns, lo, hi)
        if total is not None:
            assert sum(returns) == pytest.approx(total)
        if not has_chance:
            assert not seen_chance


def test_jieqi_chance_ids_lie_below_max_chance_outcomes() -> None:
    """The contract OpenSpiel enforces, in ludoteca's own API: Jieqi's reveal ids are >= 8100."""
    game = ludoteca.load_game("jieqi")
    state = game.new_initial_state(explicit_chance=True)
    state.apply_action(state.legal_actions()[0])  # a face-down piece moves: its identity is drawn
    assert state.is_chance_node()
    assert all(0 <= a < game.max_chance_outcomes() for a, _ in state.chance_outcomes())


def test_observer_tensor_is_ludotecas_observation() -> None:
    from open_spiel.python.observation import make_observation

    game = los.load_game("briscola")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    obs = make_observation(game)
    obs.set_from(state, 1)
    np.testing.assert_array_equal(obs.tensor, state.ludo.observation_tensor(1).reshape(-1))
    assert obs.string_from(state, 1) == state.ludo.observation_string(1)


def _play(game: object, bots: list[object], seed: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))  # type: ignore[attr-defined]
    return state


def test_mcts_bot_plays_go_and_beats_random() -> None:
    """OpenSpiel's Python MCTSBot on our 5x5 Go, against uniform random (it should win most games)."""
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots import uniform_random

    game = los.load_game("go(board_size=5,ruleset=tromp_taylor,max_moves=50)")
    wins = 0
    for seed in range(4):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bot = mcts.MCTSBot(game, 1.4, 60, evaluator, random_state=np.random.RandomState(seed))
        seat = seed % 2
        bots: list[object] = [
            uniform_random.UniformRandomBot(p, np.random.RandomState(seed)) for p in range(2)
        ]
        bots[seat] = bot
        state = _play(game, bots, seed)
        wins += state.returns()[seat] > 0  # type: ignore[attr-defined]
    assert wins >= 3


@pytest.mark.parametrize("spec", ["briscola", "schafkopf", "jieqi(max_plies=60)"])
def test_ismcts_bot_plays_a_full_game(spec: str) -> None:
    """OpenSpiel's ISMCTSBot plays a whole card game (and Jieqi) through resample_from_infostate."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = los.load_game(spec)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 1.4, max_simulations=15, random_state=np.random.RandomState(p))
        for p in range(game.num_players())
    ]
    state = _play(game, bots, 0)
    assert state.is_terminal()  # type: ignore[attr-defined]


def test_tiny_go_board_matches_openspiels_own_go_exactly() -> None:
    """2x2 Go capped at 6 moves, komi 0.5, area scoring: through the adapter, OpenSpiel's
    get_all_states and nash_conv of the uniform policy give exactly what they give on pyspiel's own
    C++ Go with the same board, komi and length (the oracle: its state count and exploitability)."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability, get_all_states

    ours = los.load_game("go(board_size=2,max_moves=6,ruleset=tromp_taylor,komi=0.5)")
    theirs = pyspiel.load_game("go", {"board_size": 2, "komi": 0.5, "max_game_length": 6})
    counts = []
    for game in (ours, theirs):
        states = get_all_states.get_all_states(game, include_terminals=True, include_chance_states=False)
        counts.append((len(states), sum(s.is_terminal() for s in states.values())))
    assert counts[0] == counts[1]
    assert counts[0][0] > 1000
    nash_conv = exploitability.nash_conv(ours, policy.UniformRandomPolicy(ours))
    assert nash_conv == pytest.approx(exploitability.nash_conv(theirs, policy.UniformRandomPolicy(theirs)))
    assert 0.0 < nash_conv <= 2 * ours.num_players()


def test_every_game_and_preset_loads_by_its_pyspiel_name() -> None:
    """One call registers every game; presets load through the ruleset parameter by pyspiel's own loader."""
    names = los.register_all()
    assert names == sorted(los.PREFIX + info.short_name for info in ludoteca.registered_games())
    for info in ludoteca.registered_games():
        for preset in info.presets:
            game = pyspiel.load_game(los.PREFIX + info.short_name, {"ruleset": preset})
            assert game.ludo == ludoteca.load_game(f"{info.short_name}(ruleset={preset})")


def test_bad_game_strings_raise_ludotecas_errors() -> None:
    with pytest.raises(ludoteca.UnknownGameError):
        los.load_game("brisc0la")
    with pytest.raises(ludoteca.InvalidParameterError):
        los.load_game("briscola(players=9)")


def test_carioca_match_rewards_come_at_each_hand_and_add_up() -> None:
    """A Carioca match's returns move at every hand's end: ludoteca's own rewards report each hand's
    penalties there (no adapter arithmetic), and read at decision nodes they add up to the returns."""
    game = los.load_game("carioca(players=3)")
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    rng = random.Random(4)
    state = game.new_initial_state()
    total = np.zeros(game.num_players())
    moved_before_the_end = False
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        r = np.array(state.rewards())
        total += r
        moved_before_the_end |= bool(r.any())
        state.apply_action(rng.choice(state.legal_actions()))
    total += state.rewards()
    np.testing.assert_allclose(total, state.returns())
    assert moved_before_the_end
