"""Pictures: every example of every registered game renders for every viewer as well-formed SVG, what a
picture shows agrees with the engine's own data, and a seat's picture never changes when only things it
cannot see change (the same swap as the observation test of tests/test_api_conformance.py)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import ludoteca
from ludoteca import IllegalActionError, InvalidParameterError, render
from ludoteca._core import go_board, jieqi_resample_hidden, xiangqi_fen
from ludoteca.render.cards import CardTableRenderer

EXAMPLES = [ex for info in ludoteca.registered_games() for ex in info.examples]
CARD_GAMES = [
    s for s in EXAMPLES if ludoteca.load_game(s).new_initial_state(seed=0).card_locations() is not None
]
#: Examples drawn as card tables: by their family entry, or recognised as trick-engine tables.
CARD_TABLES = [
    s
    for s in CARD_GAMES
    if isinstance(
        render.renderer_for(ludoteca.load_game(s).name, ludoteca.load_game(s).new_initial_state(seed=0)),
        CardTableRenderer,
    )
]
NS = "{http://www.w3.org/2000/svg}"


def random_states(game: ludoteca.Game, rng: random.Random, count: int) -> list[ludoteca.State]:
    """``count`` states after random numbers of random moves (the start and some ends included)."""
    out = []
    for i in range(count):
        state = game.new_initial_state(seed=rng.randrange(2**32))
        moves = 0 if i == 0 else rng.randrange(1, 400 if i == count - 1 else 60)
        for _ in range(moves):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def parse(svg: str) -> ET.Element:
    """The SVG as XML; its root must be an svg element with a size."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert float(root.attrib["width"]) > 0 and float(root.attrib["height"]) > 0
    return root


def actions_in(root: ET.Element) -> set[int]:
    """Every ``data-action`` of the picture."""
    return {int(e.attrib["data-action"]) for e in root.iter() if "data-action" in e.attrib}


@pytest.mark.parametrize("spec", EXAMPLES)
def test_every_example_renders_for_every_viewer(spec: str) -> None:
    """Random states render as SVG for each seat and omnisciently; clickable ids are legal for the mover."""
    game = ludoteca.load_game(spec)
    for state in random_states(game, random.Random(spec), 4):
        before = state.serialize()
        mover = state.current_player()
        for viewer in [None, *range(game.num_players())]:
            root = parse(state.to_svg(viewer=viewer))
            clickable = actions_in(root)
            assert clickable <= set(state.legal_actions())
            if viewer is not None and viewer != mover:
                assert not clickable, "only the seat to move gets clickable actions"
        assert state._repr_svg_() == state.to_svg()
        assert state.serialize() == before, "rendering changed the state"


@pytest.mark.parametrize("viewer", [-1, 9, "0", 1.0, True])
def test_a_viewer_that_names_no_seat_is_refused(viewer: object) -> None:
    state = ludoteca.load_game("briscola").new_initial_state(seed=1)
    with pytest.raises(InvalidParameterError, match="viewer"):
        state.to_svg(viewer=viewer)  # type: ignore[arg-type]


def _card_names(root: ET.Element, seat: int) -> tuple[list[str], int]:
    """Face-up card names and the number of backs in seat ``seat``'s hand group."""
    for g in root.iter(f"{NS}g"):
        if g.attrib.get("class") == "hand" and g.attrib.get("data-seat") == str(seat):
            names = [e.attrib["data-card"] for e in g if "data-card" in e.attrib]
            backs = sum(1 for e in g if e.attrib.get("class") == "back")
            return names, backs
    raise AssertionError(f"no hand of seat {seat}")


@pytest.mark.parametrize("spec", CARD_TABLES)
def test_card_tables_show_own_hands_face_up_and_others_as_backs(spec: str) -> None:
    """Against the engine's card locations: the viewer's hand face up, the others' hands counted right,
    every hand face up in the omniscient picture, the trick's cards on the table."""
    game = ludoteca.load_game(spec)
    for state in random_states(game, random.Random(spec), 5):
        locs = state.card_locations()
        assert locs is not None
        hands = {
            p: sorted(state.action_to_string(c) for c in locs[f"hand {p}"]) for p in range(game.num_players())
        }
        omniscient = parse(state.to_svg())
        for p in range(game.num_players()):
            names, backs = _card_names(omniscient, p)
            assert (sorted(names), backs) == (hands[p], 0)
        for viewer in range(game.num_players()):
            root = parse(state.to_svg(viewer))
            names, backs = _card_names(root, viewer)
            assert (sorted(names), backs) == (hands[viewer], 0)
            for other in range(game.num_players()):
                names, backs = _card_names(root, other)
                assert len(names) + backs == len(hands[other])
                assert set(names) <= set(hands[other])
        trick = [state.action_to_string(c) for c in locs["trick"]]
        table = [e.attrib["data-card"] for e in omniscient.iter(f"{NS}g") if "data-card" in e.attrib]
        for name in trick:
            assert name in table


#: Face-down piles whose cards may not have been dealt yet (not in the history).
UNDRAWN = ("stock", "undealt")


def _unseen_swap(state: ludoteca.State, p: int, rng: random.Random) -> ludoteca.State | None:
    """The same game with the last deals of two cards seat ``p`` cannot see, in two different places
    (another seat's hand, a face-down talon, the stock), exchanged; None if there are no such cards."""
    locs = state.card_locations()
    assert locs is not None
    # Cards p has ever seen are named in its observation or information state text.
    seen = state.observation_string(p) + "\n" + state.information_state_string(p)
    view = " " + " ".join(seen.replace("[", " ").replace("]", " ").split()) + " "
    hidden = [
        (place, c)
        for place, cards in locs.items()
        if (place.startswith("hand ") and place != f"hand {p}") or place == "talon" or place in UNDRAWN
        for c in cards
        if f" {state.action_to_string(c)} " not in view
    ]
    # Two cards in different places (two cards of one hand exchanged would be the same hand).
    pairs = [(a, b) for pa, a in hidden for pb, b in hidden if pa < pb and pa not in UNDRAWN]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    history = state.history()
    ia = max(i for i, x in enumerate(history) if x == a)
    ib = [i for i, x in enumerate(history) if x == b]
    history[ia] = b
    if ib:  # else b is still in the stock, never drawn: a takes its place there
        history[max(ib)] = a
    swapped = state.get_game().new_initial_state(explicit_chance=True)
    for x in history:
        try:
            swapped.apply_action(x)
        except IllegalActionError:
            return None
    # Cards passed between hands (Tysiąc's gives) are not where they were dealt: swapping two deals to
    # the same hand then changes nothing, and there is nothing to check.
    if swapped.card_locations() == locs:
        return None
    # A swap can change the public course of the deal: a hand left without taroks is redealt (Tarok),
    # and then p's own cards change too. That is the rules, not a leak; nothing to compare.
    if swapped.card_locations().get(f"hand {p}") != locs.get(f"hand {p}"):
        return None
    return swapped


def _check_unseen_swaps(spec: str, trials: int, depths: tuple[int, int]) -> None:
    """Random positions at depths in ``depths``: swapping two cards seat p cannot see leaves p's SVG
    the same and changes the omniscient one; at least one swap is checked."""
    game = ludoteca.load_game(spec)
    rng = random.Random(spec)
    checked = 0
    for _trial in range(trials):
        state = game.new_initial_state(explicit_chance=True)
        target = rng.randrange(*depths)
        while not state.is_terminal() and (len(state.history()) < target or state.is_chance_node()):
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        for p in range(game.num_players()):
            swapped = _unseen_swap(state, p, rng)
            if swapped is None:
                continue
            assert swapped.to_svg(p) == state.to_svg(p)
            assert swapped.to_svg() != state.to_svg(), "the swap changed nothing visible to anyone"
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("spec", CARD_TABLES)
def test_a_seats_picture_ignores_cards_it_cannot_see(spec: str) -> None:
    """Swap two cards seat p cannot see: p's SVG is the same, the omniscient SVG is not."""
    _check_unseen_swaps(spec, 20, (10, 120))


@pytest.mark.parametrize("spec", [s for s in EXAMPLES if s.startswith("twenty_four")])
def test_twenty_four_pictures_ignore_what_others_committed(spec: str) -> None:
    """Seat 1 commits one claim or another: seat 0's picture is the same, seat 1's is not."""
    game = ludoteca.load_game(spec)
    state = game.new_initial_state(seed=3)
    while state.current_player() != 1:
        state.apply_action(state.legal_actions()[-1])
    pictures = {}
    for action in state.legal_actions()[:6]:
        other = state.clone()
        other.apply_action(action)
        pictures[action] = (other.to_svg(0), other.to_svg(1))
    assert len({own for _, own in pictures.values()}) > 1, "seat 1 sees what it committed"
    assert len({seen for seen, _ in pictures.values()}) == 1


@pytest.mark.parametrize("spec", [s for s in EXAMPLES if s.startswith("jieqi")])
def test_jieqi_pictures_ignore_the_identities_of_face_down_pieces(spec: str) -> None:
    """A determinization for seat p (face-down pieces and unseen captures redrawn) looks the same to p."""
    game = ludoteca.load_game(spec)
    rng = random.Random(spec)
    checked = 0
    for state in random_states(game, rng, 8):
        if state.is_terminal() or state.is_chance_node():
            continue
        for p in range(2):
            other = jieqi_resample_hidden(state, p, rng.randrange(2**32))
            assert other.to_svg(p) == state.to_svg(p)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("spec", [s for s in EXAMPLES if s.startswith(("go", "rengo"))])
def test_go_pictures_show_the_engines_board(spec: str) -> None:
    """One stone per occupied point of ``go_board``, of its colour, and the last move marked."""
    game = ludoteca.load_game(spec)
    for state in random_states(game, random.Random(spec), 5):
        board = go_board(state)
        root = parse(state.to_svg(0))
        stones = [e for e in root.iter(f"{NS}circle") if e.attrib.get("class", "").startswith("stone")]
        black = sum(1 for e in stones if e.attrib["fill"] == "#111111")
        assert (black, len(stones) - black) == (
            sum(row.count(1) for row in board),
            sum(row.count(2) for row in board),
        )
        history = state.history()
        marked = [e for e in root.iter(f"{NS}circle") if e.attrib.get("class") == "last"]
        words = state.action_to_string(history[-1]).split() if history else ["pass"]
        placement = re.fullmatch(r"[A-HJ-T]\d+", words[-1]) is not None and "mark" not in words
        assert len(marked) == (1 if placement else 0)


@pytest.mark.parametrize("spec", [s for s in EXAMPLES if s.startswith(("xiangqi", "jieqi"))])
def test_xiangqi_pictures_show_the_fen(spec: str) -> None:
    """One piece per FEN piece, face-down ones drawn as such, and every legal move a target."""
    game = ludoteca.load_game(spec)
    for state in random_states(game, random.Random(spec), 5):
        placement = xiangqi_fen(state).split(" ")[0]
        root = parse(state.to_svg(state.current_player() if state.current_player() >= 0 else 0))
        pieces = [e for e in root.iter(f"{NS}g") if e.attrib.get("class", "").startswith("piece")]
        face_down = [e for e in root.iter(f"{NS}circle") if e.attrib.get("class") == "face-down"]
        assert len(pieces) == sum(ch.isalpha() for ch in placement)
        assert len(face_down) == sum(ch in "Xx" for ch in placement)
        if not state.is_terminal():
            assert actions_in(root) == set(state.legal_actions())


def test_the_fallback_draws_the_observation_text() -> None:
    """A game without a family renderer still gets a picture: its viewer's observation text."""
    state = ludoteca.load_game("briscola").new_initial_state(seed=2)
    root = parse(render.TextRenderer().svg(state, 1))
    texts = [e.text for e in root.iter(f"{NS}text")]
    for line in filter(None, state.observation_string(1).splitlines()):
        assert line in texts


def test_a_simulation_summarises_itself_as_an_html_table() -> None:
    """One row per seat with the summary's numbers, in well-formed markup."""
    result = ludoteca.simulate("briscola(players=4)", 200, seed=3)
    html = result._repr_html_()
    root = ET.fromstring(f"<div>{html}</div>")
    rows = root.findall(".//tbody/tr")
    assert len(rows) == 4
    for row, seat in zip(rows, result.seats()):
        cells = [td.text for td in row.findall("td")]
        assert cells[:2] == [str(seat.seat), seat.bot]
        assert cells[2] == f"{seat.mean_return:+.4f} ± {seat.ci95:.4f}"
        assert cells[3] == f"{seat.win_rate:.1%}"
    assert "200 games" in html


def test_trick_engine_games_are_recognised_as_card_tables() -> None:
    """A trick game without an entry in the family list still gets the card table (by its table text)."""
    from ludoteca.render import _FAMILIES

    for spec in CARD_TABLES:
        game = ludoteca.load_game(spec)
        state = game.new_initial_state(seed=1)
        assert isinstance(render.renderer_for("not-registered", state), CardTableRenderer)
    assert {"briscola", "schafkopf", "solo", "zole"} <= {ludoteca.load_game(s).name for s in CARD_TABLES}
    assert set(_FAMILIES) >= {"briscola", "schafkopf", "solo", "zole"}
    go = ludoteca.load_game("go(board_size=9)").new_initial_state(seed=1)
    assert isinstance(render.renderer_for("not-registered", go), render.TextRenderer)
    t24 = ludoteca.load_game("twenty_four").new_initial_state(seed=1)
    assert isinstance(render.renderer_for("not-registered", t24), render.TextRenderer)


#: Rummy tables (Carioca and Samba), one hand each (a whole match takes long to play at random).
RUMMY = [s for s in EXAMPLES if s.startswith(("carioca", "samba")) and "scope=deal" in s]


def _group_cards(root: ET.Element, cls: str) -> list[list[str]]:
    """The face-up card names of every group of class ``cls``, in picture order."""
    return [
        [e.attrib["data-card"] for e in g.iter(f"{NS}g") if "data-card" in e.attrib]
        for g in root.iter(f"{NS}g")
        if g.attrib.get("class") == cls
    ]


def test_rummy_games_have_their_renderer() -> None:
    from ludoteca.render.rummy import RummyRenderer

    assert RUMMY, "no one-hand rummy examples"
    for name in ("carioca", "samba"):
        assert isinstance(render.renderer_for(name), RummyRenderer)


@pytest.mark.parametrize("spec", RUMMY)
def test_rummy_tables_show_the_engines_hands_melds_pile_and_stock(spec: str) -> None:
    """Against the engine's card locations: the viewer's own hand face up and every other hand as
    backs, each meld's cards in its group, the pile top, the stock count; every hand omnisciently."""
    game = ludoteca.load_game(spec)
    for state in random_states(game, random.Random(spec), 6):
        locs = state.card_locations()
        assert locs is not None
        name = state.action_to_string
        hands = {p: sorted(name(c) for c in locs[f"hand {p}"]) for p in range(game.num_players())}
        melds = sorted(
            sorted(name(c) for c in cards) for place, cards in locs.items() if place.startswith("meld")
        )
        # Carioca counts the cards a seat is laying (hidden until its contract goes down) as held.
        held = {p: len(hands[p]) for p in hands}
        if state.current_player() >= 0:
            held[state.current_player()] += len(locs.get("laying", []))
        for viewer in [None, *range(game.num_players())]:
            root = parse(state.to_svg(viewer))
            for p in range(game.num_players()):
                names, backs = _card_names(root, p)
                if viewer is None or viewer == p:
                    assert (sorted(names), backs) == (hands[p], 0)
                else:
                    assert names == [] and backs == min(held[p], 20)
            assert sorted(sorted(m) for m in _group_cards(root, "meld")) == melds
            pile = [name(c) for c in locs["pile"]]
            assert _group_cards(root, "pile") == [pile[-1:]]
            texts = [e.text or "" for e in root.iter(f"{NS}text")]
            assert any(t.startswith(f"stock {len(locs['stock'])}") for t in texts), texts[:5]


@pytest.mark.parametrize("spec", RUMMY)
def test_a_rummy_seats_picture_ignores_cards_it_cannot_see(spec: str) -> None:
    """Swap two cards seat p cannot see (another hand, the stock): p's SVG is the same."""
    _check_unseen_swaps(spec, 12, (60, 300))


def test_a_rummy_hand_card_clicks_to_discard_or_pick() -> None:
    """The mover's hand cards carry the discard (or, while a meld is being laid, the pick) of that card;
    nothing is clickable for another seat."""
    game = ludoteca.load_game("carioca(scope=deal)")
    state = game.new_initial_state(seed=5)
    while state.is_chance_node() or "draw stock" not in [
        state.action_to_string(a) for a in state.legal_actions()
    ]:
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.string_to_action("draw stock"))
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    mover = state.current_player()
    root = parse(state.to_svg(mover))
    clicks = {
        e.attrib["data-card"]: int(e.attrib["data-action"])
        for e in root.iter(f"{NS}g")
        if "data-action" in e.attrib
    }
    hand = {state.action_to_string(c) for c in (state.card_locations() or {})[f"hand {mover}"]}
    assert set(clicks) == hand
    assert all(state.action_to_string(a) == f"discard {card}" for card, a in clicks.items())
    assert not actions_in(parse(state.to_svg((mover + 1) % game.num_players())))
