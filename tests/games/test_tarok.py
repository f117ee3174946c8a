"""Slovenian Tarok through the Python API: counting, the auction, and the improvised deck."""

from __future__ import annotations

import pytest

from ludoteca.games import tarok


def test_counting_cases_and_the_total() -> None:
    assert tarok.count([]) == 0
    assert tarok.count(["II"]) == 0
    assert tarok.count(["II", "III"]) == 1
    assert tarok.count(["XXI", "J♦"]) == 6
    assert tarok.count(["XIV", "XXI", "J♦", "Q♦"]) == 9
    assert tarok.count(["II", "J♣", "Q♣", "XXI", "K♣"]) == 14


def test_improvised_deck_is_a_bijection_with_the_fixed_endpoints() -> None:
    deck = tarok.improvised_deck()
    assert len(deck) == 54 and len(set(deck.values())) == 54
    assert deck["I"] == (2, "A♠") and deck["XXI"] == (2, "10♦") and deck["Škis"] == (2, "Joker")
    deck1 = {c for d, c in deck.values() if d == 1}
    deck2_trumps = {c for name, (d, c) in deck.items() if d == 2 and not name.startswith("C")}
    assert len(deck1) == 28 and not deck1 & deck2_trumps


def test_random_games_finish_and_hand_scores_are_bounded() -> None:
    game = tarok.new_game()
    assert game.num_players() == 4
    for seed in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(state.bot_action("random", seed=seed * 1000 + len(state.history())))
        returns = state.returns()
        # At most Valat without (500) under mordkontra (x16), plus a Mond penalty.
        assert len(returns) == 4 and all(abs(r) <= 16 * 500 + 21 for r in returns)


def test_auction_opens_at_forehands_right_with_the_implicit_three() -> None:
    state = tarok.new_game().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.bot_action("random", seed=len(state.history())))
    names = [state.action_to_string(a) for a in state.legal_actions()]
    if state.current_player() == 1:
        assert names[:3] == ["pass", "two", "one"] and "three" not in names and "klop" not in names


def test_the_announcement_round_follows_the_talon_through_the_python_api() -> None:
    game = tarok.new_game()
    state = game.new_initial_state(seed=3)
    while True:
        names = [state.action_to_string(a) for a in state.legal_actions()]
        if any(n.startswith("announce") for n in names):
            break
        choice = "three" if "three" in names else "pass" if "pass" in names else names[0]
        state.apply_action(choice)
    # After Three, the king call, the talon and the discards: forehand opens the round.
    assert state.current_player() == 0
    assert names[0] == "pass" and {"announce trula", "announce kings", "announce valat"} <= set(names)
    assert not any(n.startswith("kontra") for n in names), "forehand declares: no kontra on its own game"
    for _ in range(4):
        state.apply_action("pass")
    assert all(not state.action_to_string(a).startswith(("announce", "pass")) for a in state.legal_actions())


def test_greedy_bot_is_listed_and_plays_legal_moves() -> None:
    game = tarok.new_game()
    assert "greedy" in game.bots()
    state = game.new_initial_state(seed=5)
    while not state.is_terminal():
        action = state.bot_action("greedy", seed=len(state.history()))
        assert action in state.legal_actions()
        state.apply_action(action)


def test_improvised_names_match_the_mapping_and_parse_back() -> None:
    """``deck_names=improvised``: each card is shown as the standard card of ``improvised_deck()``, with
    the Tarok name in brackets where they differ; the action ids and the default names are unchanged."""
    deck = tarok.improvised_deck()
    plain = tarok.new_game().new_initial_state()
    imp = tarok.new_game(deck_names="improvised").new_initial_state()
    for card in range(54):
        name = plain.action_to_string(card)
        shown = imp.action_to_string(card)
        _, standard = deck[name]
        assert shown == (standard if standard == name else f"{standard}({name})"), name
    assert [imp.action_to_string(c) for c in (32, 52, 53)] == ["A♠(I)", "10♦(XXI)", "Joker(Škis)"]
    assert plain.action_to_string(52) == "XXI"
    # Chance actions parse by either name and by the standard name where it is unique.
    for text, card in [("A♠", 32), ("10♦(XXI)", 52), ("XXI", 52), ("joker", 53), ("J♣(C♣)", 5), ("J♣", 4)]:
        assert imp.string_to_action(text) == card, text


def test_improvised_alias_is_the_engines_name_for_every_card() -> None:
    """``improvised_alias`` (pure Python) names each card as the Rust engine does under
    ``deck_names=improvised``; an unknown card is a KeyError naming it."""
    plain = tarok.new_game().new_initial_state()
    imp = tarok.new_game(deck_names="improvised").new_initial_state()
    for card in range(54):
        assert tarok.improvised_alias(plain.action_to_string(card)) == imp.action_to_string(card)
    assert tarok.improvised_alias("I") == "A♠(I)" and tarok.improvised_alias("K♥") == "K♥"
    with pytest.raises(KeyError, match="XXII"):
        tarok.improvised_alias("XXII")


def test_improvised_card_reads_a_standard_card_as_the_engine_parses_it() -> None:
    """Every card of the two standard packs: the Tarok card it stands for agrees with the engine's
    parse of the standard name (pack 1's jack where both packs have one), and an unused card is None
    and refused by the engine."""
    plain = tarok.new_game().new_initial_state()
    imp = tarok.new_game(deck_names="improvised").new_initial_state()
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    standards = [r + s for s in "♣♦♥♠" for r in ranks] + ["Joker"]
    used = 0
    for standard in standards:
        meaning = tarok.improvised_card(standard)
        if meaning is None:
            assert tarok.improvised_card(standard, pack=1) is None
            assert tarok.improvised_card(standard, pack=2) is None
            with pytest.raises(ValueError):
                imp.string_to_action(standard)
        else:
            used += 1
            assert imp.string_to_action(standard) == plain.string_to_action(meaning), standard
    # Of the 53 standard faces only 5♥, 5♦ and 6♦ stand for nothing (the jacks stand for two cards).
    assert used == 50
    assert tarok.improvised_card("J♣") == "J♣" and tarok.improvised_card("J♣", pack=2) == "C♣"
    assert tarok.improvised_card("A♠", pack=1) is None and tarok.improvised_card("A♠") == "I"
    assert tarok.improvised_card("10♦", pack=2) == "XXI" and tarok.improvised_card("Joker") == "Škis"
    with pytest.raises(ValueError, match="pack"):
        tarok.improvised_card("A♠", pack=3)


def test_three_handed_preset_deals_sixteen_each_and_offers_no_solos() -> None:
    for game in (tarok.new_game(players=3), tarok.new_game(ruleset="three_handed")):
        assert game.num_players() == 3
        state = game.new_initial_state(seed=5)
        assert state.current_player() == 1
        names = [state.action_to_string(a) for a in state.legal_actions()]
        assert "two" in names and not any(n.startswith("solo t") or n == "solo one" for n in names)
        # Each hand: 16 of the 48 cards outside the talon (the observation lists the own hand).
        obs = state.observation_tensor(1)
        assert obs.shape == tuple(game.observation_shape())


def test_three_handed_games_finish_with_three_returns() -> None:
    game = tarok.new_game(players=3)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(state.bot_action("greedy", seed=seed * 1000 + len(state.history())))
        assert len(state.returns()) == 3


def test_flags_are_validated_parameters() -> None:
    with pytest.raises(ValueError, match="open_beggar_expose"):
        tarok.new_game(open_beggar_expose="never")
    with pytest.raises(ValueError, match="players"):
        tarok.new_game(players=5)
    game = tarok.new_game(stop_when_decided=False, klop_kontra=True, round_difference_to_5=True)
    assert game.num_players() == 4
