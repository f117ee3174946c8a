"""The API contract, checked for every example game string of every registered game.

A new game gets these checks without new test code: random playouts with explicit chance; legal actions
sorted and equal to the mask; action names round-trip; clone and serialize/deserialize replay to the same
state; illegal actions rejected with the documented exceptions and no change of state; for card games,
every card in exactly one place at every step, and observations of a seat unchanged when only cards it
cannot see are swapped.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt
import pytest

import ludoteca
from ludoteca import IllegalActionError, LudoError

EXAMPLES = [ex for info in ludoteca.registered_games() for ex in info.examples]

# Steps of random play checked per example game string, beyond the first whole game.
STEP_BUDGET = 3_000
# Steps of random play whose every seat's observation is checked against the bounds, per example.
BOUNDS_STEPS = 20_000


def _playout(game: ludoteca.Game, rng: random.Random) -> Iterator[ludoteca.State]:
    """Yields every state of one random game with explicit chance."""
    state = game.new_initial_state(explicit_chance=True)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1.0) < 1e-9
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_every_game_has_examples() -> None:
    for info in ludoteca.registered_games():
        assert info.examples, info.short_name
        assert "random" in info.bots
        assert info.rules


def test_every_preset_can_be_selected() -> None:
    """A preset is reachable only through a `ruleset` parameter that offers its name."""
    for info in ludoteca.registered_games():
        if not info.presets:
            continue
        ruleset = [p for p in info.params if p["name"] == "ruleset"]
        assert ruleset, f"{info.short_name} has presets but no ruleset parameter"
        assert set(info.presets) <= set(ruleset[0]["choices"]), info.short_name
        for name in info.presets:
            ludoteca.load_game(f"{info.short_name}(ruleset={name})")


@pytest.mark.parametrize("spec", EXAMPLES)
def test_random_playouts_honour_the_api(spec: str) -> None:
    game = ludoteca.load_game(spec)
    assert ludoteca.load_game(game.game_string()) == game
    n_players, n_actions = game.num_players(), game.num_distinct_actions()
    obs_shape = tuple(game.observation_shape())
    low, high = game.observation_bounds()
    assert low.shape == high.shape == obs_shape and low.dtype == high.dtype == np.float32
    assert (low <= high).all()
    rng = random.Random(spec)
    total = 0
    for _ in range(4):
        # A long match (Tysiąc to 1000, Carioca's seven hands) runs to thousands of steps, each checked
        # here in Python: past STEP_BUDGET steps, the games already played (at least one whole game)
        # are enough, and the rest of the suite's time goes to other games.
        if total >= STEP_BUDGET:
            break
        steps = 0
        all_cards: set[int] | None = None
        for state in _playout(game, rng):
            steps += 1
            legal = state.legal_actions()
            assert legal == sorted(set(legal))
            if state.is_terminal():
                assert state.current_player() == ludoteca.TERMINAL
                assert legal == []
                assert len(state.returns()) == n_players
                assert steps - 1 <= game.max_game_length()
                total += steps
                break
            mask = state.legal_action_mask()
            assert mask.shape == (n_actions,) and mask.dtype == np.bool_
            assert list(np.flatnonzero(mask)) == legal
            for a in legal:
                assert state.string_to_action(state.action_to_string(a)) == a
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert [a for a, _ in outcomes] == legal, "chance outcomes must be the legal actions"
                assert all(prob > 0 for _, prob in outcomes)
                assert len(outcomes) <= game.max_chance_outcomes()
                # OpenSpiel's contract: every chance outcome id is < max_chance_outcomes.
                assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
            if not state.is_chance_node():
                p = state.current_player()
                assert 0 <= p < n_players
                obs = state.observation_tensor(p)
                assert obs.shape == obs_shape and obs.dtype == np.float32
                _assert_within(obs, low, high, f"{spec}, seat {p}")
                assert isinstance(state.observation_string(p), str)
                # The information state is the whole history as seen by the seat, so its text grows
                # with the game: past the budget (the rest of a long match), look at one step in 64.
                if total + steps <= STEP_BUDGET or steps % 64 == 0:
                    assert isinstance(state.information_state_string(p), str)
            all_cards = _check_card_locations(state, all_cards)


def _assert_within(
    obs: npt.NDArray[np.float32], low: npt.NDArray[np.float32], high: npt.NDArray[np.float32], where: str
) -> None:
    outside = np.argwhere((obs < low) | (obs > high))
    assert outside.size == 0, (
        f"{where}: observation {obs[tuple(outside[0])]} at {tuple(outside[0])} outside [{low[tuple(outside[0])]}, {high[tuple(outside[0])]}]"
    )


@pytest.mark.parametrize(
    "spec",
    [s for s in EXAMPLES if ludoteca.load_game(s).new_initial_state(seed=0).card_locations() is not None],
)
def test_every_seats_observation_stays_within_the_bounds(spec: str) -> None:
    """Many short card games, every seat's view at every step (auctions, matches, the last trick):
    25 games, or as many whole games as reach BOUNDS_STEPS steps (a random Tysiąc match to 300 runs
    to ~40,000 steps)."""
    game = ludoteca.load_game(spec)
    low, high = game.observation_bounds()
    rng = random.Random(spec + "bounds")
    steps = 0
    for _ in range(25):
        if steps >= BOUNDS_STEPS:
            break
        for state in _playout(game, rng):
            steps += 1
            for p in range(game.num_players()):
                _assert_within(state.observation_tensor(p), low, high, f"{spec}, seat {p}")


@pytest.mark.parametrize("spec", EXAMPLES)
def test_action_names_are_a_function_of_the_id(spec: str) -> None:
    game = ludoteca.load_game(spec)
    a = game.new_initial_state(seed=1)
    b = game.new_initial_state(seed=2)
    for action in range(game.num_distinct_actions()):
        name = a.action_to_string(action)
        assert name == b.action_to_string(action)
        assert a.string_to_action(name) == action
        # Names are case-insensitive.
        assert a.string_to_action(name.upper()) == action
        assert a.string_to_action(name.lower()) == action


@pytest.mark.parametrize("spec", EXAMPLES)
def test_clone_serialize_and_pickle_replay_identically(spec: str) -> None:
    game = ludoteca.load_game(spec)
    rng = random.Random(7)
    for explicit in (True, False):
        state = game.new_initial_state(seed=3, explicit_chance=explicit)
        for _ in range(rng.randrange(1, 60)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        copies = [state.clone(), game.deserialize(state.serialize()), pickle.loads(pickle.dumps(state))]
        for c in copies:
            assert c.serialize() == state.serialize()
            assert str(c) == str(state)
        # Futures agree too: the chance stream is part of the copy.
        moves = random.Random(1)
        for c in [state, *copies]:
            moves.seed(5)
            while not c.is_terminal():
                c.apply_action(moves.choice(c.legal_actions()))
        assert len({c.serialize() for c in [state, *copies]}) == 1
        assert len({tuple(c.returns()) for c in [state, *copies]}) == 1


@pytest.mark.parametrize("spec", EXAMPLES)
def test_bad_input_raises_documented_errors_and_changes_nothing(spec: str) -> None:
    game = ludoteca.load_game(spec)
    state = game.new_initial_state(seed=11)
    rng = random.Random(3)
    for _ in range(30):
        if state.is_terminal():
            break
        before = state.serialize()
        legal = set(state.legal_actions())
        illegal = [a for a in range(game.num_distinct_actions()) if a not in legal]
        for a in [*rng.sample(illegal, min(5, len(illegal))), -1, game.num_distinct_actions(), 10**12]:
            with pytest.raises(IllegalActionError):
                state.apply_action(a)
            assert state.serialize() == before
        for text in ["", "zz-not-an-action", "🂡🂡"]:
            with pytest.raises(LudoError):
                state.apply_action(text)
            assert state.serialize() == before
        with pytest.raises(TypeError):
            state.apply_action(1.5)  # type: ignore[arg-type]
        state.apply_action(rng.choice(state.legal_actions()))
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(ludoteca.GameOverError):
        state.apply_action(0)
    with pytest.raises(LudoError):
        state.observation_string(game.num_players())


@pytest.mark.parametrize(
    "spec",
    [s for s in EXAMPLES if ludoteca.load_game(s).new_initial_state(seed=0).card_locations() is not None],
)
def test_observations_ignore_cards_the_player_cannot_see(spec: str) -> None:
    """Swap two cards that seat p cannot see throughout the history (two in other hands, or one there and
    one in the stock): p's view must not change."""
    game = ludoteca.load_game(spec)
    rng = random.Random(spec)
    checked = refused = 0
    for _trial in range(30):
        state = game.new_initial_state(explicit_chance=True)
        target = rng.randrange(10, 200)
        for step in _playout(game, rng):
            state = step
            if len(state.history()) >= target and not state.is_chance_node():
                break
        if state.is_terminal() or state.is_chance_node():
            continue
        for p in range(game.num_players()):
            a, b = _two_unseen_cards(state, p, rng)
            if a is None or b is None:
                continue
            swapped = _replay_swapped(game, state, a, b)
            if swapped is None:
                # The swapped deal made a later play illegal (e.g. a card the owner no longer holds
                # was played): counted, so that a game whose swaps never replay cannot pass unchecked.
                refused += 1
                continue
            assert swapped.observation_string(p) == state.observation_string(p)
            assert np.array_equal(swapped.observation_tensor(p), state.observation_tensor(p))
            assert swapped.information_state_string(p) == state.information_state_string(p)
            # The owners did see the difference (the test can fail).
            assert swapped.serialize() != state.serialize()
            checked += 1
    assert checked > 0
    assert refused <= 3 * checked, f"{refused} swapped replays refused for {checked} checked"


def _two_unseen_cards(state: ludoteca.State, p: int, rng: random.Random) -> tuple[int | None, int | None]:
    locs = state.card_locations()
    assert locs is not None
    # What p saw at some time: its observation and its information state (a card taken from a face-up
    # pile into a hand was seen by everyone, though no longer shown).
    view = state.observation_string(p) + "\n" + state.information_state_string(p)
    seen = f" {view} ".replace("\n", " ")
    hidden = [
        c
        for place, cards in locs.items()
        if place.startswith("hand ") and place != f"hand {p}"
        for c in cards
        if f" {state.action_to_string(c)} " not in seen
    ]
    if len(hidden) >= 2:
        a, b = rng.sample(hidden, 2)
        return a, b
    # A single secret card in another hand (East–West's card just drawn, placed at once): swap it with
    # a card of the stock, which nobody has seen either.
    stock = [c for c in locs.get("stock", []) if f" {state.action_to_string(c)} " not in seen]
    if len(hidden) == 1 and stock:
        return hidden[0], rng.choice(stock)
    return None, None


def _replay_swapped(game: ludoteca.Game, state: ludoteca.State, a: int, b: int) -> ludoteca.State | None:
    """Replays the history of `state` with the last occurrences of `a` and `b` exchanged (the chance
    events that put the two cards where they are now; earlier deals of a match stay as they were)."""
    history = state.history()
    last = {x: i for i, x in enumerate(history)}
    # The current deal began no later than the deal of any card now in a hand; an occurrence before that
    # belongs to an earlier deal of a match (a card since returned to Razz's stock), which stays.
    locs = state.card_locations() or {}
    deal_start = min(
        (last[c] for place, cards in locs.items() if place.startswith("hand ") for c in cards if c in last),
        default=0,
    )
    swapped = list(history)
    swapped[last[a]] = b
    if last.get(b, -1) >= deal_start:
        swapped[last[b]] = a
    state = game.new_initial_state(explicit_chance=True)
    for x in swapped:
        try:
            state.apply_action(x)
        except IllegalActionError:
            return None
    return state


def _check_card_locations(state: ludoteca.State, expected: set[int] | None) -> set[int] | None:
    """Every card in exactly one place, and the same cards throughout the game."""
    locs = state.card_locations()
    if locs is None:
        return None
    seen: list[int] = [c for cards in locs.values() for c in cards]
    assert len(seen) == len(set(seen)), "a card is in two places"
    if expected is not None:
        assert set(seen) == expected, "a card appeared or vanished"
    return set(seen)


def _sim_games(game: ludoteca.Game) -> int:
    """Whole games to simulate per example: fewer for long ones (matches, Go)."""
    return max(20, min(2000, 2_000_000 // max(1, game.max_game_length())))


@pytest.mark.parametrize("spec", EXAMPLES)
def test_returns_obey_the_declared_utility(spec: str) -> None:
    """Every game declares ``(min, max, sum)`` from its scoring rules; simulated games (random and,
    where the game has them, its other bots) stay within the bounds and add up to the sum."""
    game = ludoteca.load_game(spec)
    utility = game.utility()
    assert utility is not None, f"{spec} declares no utility"
    lo, hi, total = utility
    assert lo <= 0.0 <= hi, "a draw (all 0) lies within the bounds"
    bots = [["random"], *[[b] for b in game.bots() if b != "random"][:1]]
    for i, bot in enumerate(bots):
        returns = ludoteca.simulate(game, _sim_games(game), seed=11 + i, bots=bot).returns
        assert returns.min() >= lo, (returns.min(), lo)
        assert returns.max() <= hi, (returns.max(), hi)
        if total is not None:
            np.testing.assert_allclose(returns.sum(axis=1), total, atol=1e-9)


@pytest.mark.parametrize("spec", EXAMPLES)
def test_rewards_add_up_to_returns(spec: str) -> None:
    game = ludoteca.load_game(spec)
    state = game.new_initial_state(seed=5)
    total = np.zeros(game.num_players())
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        total += state.rewards()
    assert np.allclose(total, state.returns())


@pytest.mark.parametrize("spec", EXAMPLES)
def test_a_clone_is_independent_of_its_original(spec: str) -> None:
    """Playing a clone to the end leaves the original exactly as it was, and the other way round."""
    game = ludoteca.load_game(spec)
    rng = random.Random(spec)
    state = game.new_initial_state(seed=3)
    for _ in range(rng.randrange(0, 30)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.serialize()
    clone = state.clone()
    while not clone.is_terminal():
        clone.apply_action(rng.choice(clone.legal_actions()))
    assert state.serialize() == before
    if not state.is_terminal():
        again = state.clone()
        state.apply_action(state.legal_actions()[0])
        assert again.serialize() == before


@pytest.mark.parametrize("spec", EXAMPLES)
def test_every_bot_plays_legal_actions(spec: str) -> None:
    """Each registered bot of the game picks a legal action at every decision of a random game."""
    game = ludoteca.load_game(spec)
    info = next(i for i in ludoteca.registered_games() if i.short_name == game.name)
    rng = random.Random(spec)
    state = game.new_initial_state(seed=11)
    decisions = 0
    while not state.is_terminal() and decisions < 150:
        legal = state.legal_actions()
        for bot in info.bots:
            assert state.bot_action(bot, seed=decisions) in legal, (bot, state.history())
        state.apply_action(rng.choice(legal))
        decisions += 1
    assert decisions > 0
