"""``ludoteca.poker``: the evaluators against phevaluator (high) and PokerKit (ace-to-five low), both
test-only dependencies, plus names, the 32-card ranking and input errors.

The published counts (2,598,960 five-card hands by category, 7,462 classes, 6,175 low values, the
32-card table, 133,784,560 seven-card hands) are cargo tests in ``rust/src/poker/tests.rs``.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

import ludoteca
from ludoteca import poker

phevaluator = pytest.importorskip("phevaluator")
pokerkit = pytest.importorskip("pokerkit")

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` distinct-card hands of ``k`` card ids each."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int64)


def assert_same_order(
    ours: np.ndarray, theirs: np.ndarray, ours_higher_is_better: bool, theirs_lower: bool
) -> None:
    """Both rankings order the hands identically: equal exactly together, and in the same direction."""
    key_ours = ours.astype(np.int64) * (1 if ours_higher_is_better else -1)
    key_theirs = theirs.astype(np.int64) * (-1 if theirs_lower else 1)
    idx = np.argsort(key_ours, kind="stable")
    a, b = key_ours[idx], key_theirs[idx]
    same = a[1:] == a[:-1]
    # Ties in ours are ties in theirs; strict steps in ours are strict steps in theirs.
    assert np.array_equal(b[1:][same], b[:-1][same])
    assert (b[1:][~same] > b[:-1][~same]).all()


@pytest.mark.parametrize("k", [5, 6, 7])
def test_high_ranks_agree_with_phevaluator(k: int) -> None:
    n = 1_000_000 if k == 7 else 200_000
    hands = random_hands(n, k, seed=k)
    ours = poker.high_rank_batch(hands)
    ph_ids = (hands % 13) * 4 + hands // 13
    evaluate = phevaluator.evaluate_cards
    theirs = np.fromiter((evaluate(*map(int, row)) for row in ph_ids), dtype=np.int64, count=n)
    assert_same_order(ours, theirs, ours_higher_is_better=True, theirs_lower=True)


def test_every_five_card_class_agrees_with_phevaluator() -> None:
    """All 7,462 classes: one hand per rank multiset and suit pattern (flush or not)."""
    rows = []
    for combo in itertools.combinations_with_replacement(range(13), 5):
        counts = Counter(combo)
        if max(counts.values()) > 4:
            continue
        cards, used = [], Counter()
        for r in combo:
            cards.append(used[r] * 13 + r)
            used[r] += 1
        if len(counts) == 5:
            cards[0] += 13  # one diamond among clubs: not a flush
            rows.append([r + 13 * 3 for r in combo])  # and the flush of the same ranks
        rows.append(cards)
    hands = np.array(rows, dtype=np.int64)
    ours = poker.high_rank_batch(hands)
    assert len(np.unique(ours)) == 7462
    ph = np.array([phevaluator.evaluate_cards(*[int(c % 13) * 4 + int(c // 13) for c in h]) for h in hands])
    assert_same_order(ours, ph, ours_higher_is_better=True, theirs_lower=True)


def _pk_low(cards: list[int]) -> object:
    return pokerkit.RegularLowHand.from_game("".join(RANKS[c % 13] + SUITS[c // 13] for c in cards))


def test_low_ranks_agree_with_pokerkit() -> None:
    """Every rank multiset of 5, 6 and 7 cards (the low ignores suits, so this covers every hand), ranked by
    PokerKit's RegularLowHand; then 1,000,000 random 7-card hands looked up in that table."""
    table: dict[tuple[int, ...], object] = {}
    ours: dict[tuple[int, ...], int] = {}
    for k in (5, 6, 7):
        for combo in itertools.combinations_with_replacement(range(13), k):
            if max(Counter(combo).values()) > 4:
                continue
            used: Counter[int] = Counter()
            cards = []
            for r in combo:
                cards.append(used[r] * 13 + r)
                used[r] += 1
            table[combo] = _pk_low(cards)
            ours[combo] = poker.low_rank(cards)
    for k in (5, 6, 7):
        keys = sorted((c for c in table if len(c) == k), key=lambda c: ours[c])
        for a, b in zip(keys, keys[1:]):
            if ours[a] == ours[b]:
                assert table[a] == table[b], (a, b)
            else:
                assert table[a] > table[b], (a, b)  # PokerKit: stronger is greater
    assert len({v for c, v in ours.items() if len(c) == 5}) == 6175
    hands = random_hands(1_000_000, 7, seed=99)
    batch = poker.low_rank_batch(hands)
    keys7 = [tuple(sorted(int(c) % 13 for c in row)) for row in hands[:1_000_000]]
    expect = np.fromiter((ours[k] for k in keys7), dtype=np.uint32, count=len(keys7))
    assert np.array_equal(batch, expect)


def test_partial_lows_agree_with_pokerkits_opening_order() -> None:
    """Up cards of 2-4 cards (who opens on 4th-7th street): any unpaired board beats any pair."""
    assert poker.low_rank("A♠ 3♥") < poker.low_rank("2♦ 3♣") < poker.low_rank("5♠ 5♥")
    assert poker.low_rank("K♠ Q♥ J♦ 10♣") < poker.low_rank("2♠ 2♥ 3♦ 4♣")
    assert poker.low_name(poker.low_rank("7s 7h 2d")) == "pair of sevens, 2"


def test_names_and_categories() -> None:
    assert poker.high_name(poker.high_rank("Ks Kh 5d 5c 9s")) == "two pair, kings and fives"
    assert poker.high_category(poker.high_rank("As 2h 3d 4c 5s")) == "straight"
    assert poker.high_name(poker.high_rank([51, 50, 49, 48, 47])) == "royal flush"
    assert poker.CATEGORIES[0] == "high card" and poker.CATEGORIES[-1] == "straight flush"
    assert poker.low_name(poker.low_rank("8s 6h 4d 2c As Kd Kh")) == "8-6-4-2-A"
    assert poker.card_id("As") == 51 and poker.card_id("2c") == 0


def test_thirty_two_card_ranking_is_a_parameter() -> None:
    # East-West's worked example: board 9♠; nines full of tens vs a spade flush.
    full, flush = "9s 9h 9d Tc Ts", "9s 7s 8s Js Qs"
    assert poker.high_rank(full, deck=32) > poker.high_rank(flush, deck=32)
    assert poker.high_rank(full, deck=32, flush_rank="above_full_house") < poker.high_rank(
        flush, deck=32, flush_rank="above_full_house"
    )
    assert poker.high_category(poker.high_rank("As 7h 8d 9c Ts", deck=32)) == "straight"
    assert (
        poker.high_category(poker.high_rank("As 7h 8d 9c Ts", deck=32, ace_low_straight=False)) == "high card"
    )
    with pytest.raises(ludoteca.InvalidParameterError, match="no 2, 3"):
        poker.high_rank("2s 7h 8d 9c Ts", deck=32)


def test_bad_input_is_named() -> None:
    with pytest.raises(ludoteca.InvalidParameterError, match="twice"):
        poker.high_rank("As As Kd Qh Jc")
    with pytest.raises(ludoteca.InvalidParameterError, match="4 cards"):
        poker.high_rank("As Kd Qh Jc")
    with pytest.raises(ludoteca.ParseError):
        poker.high_rank("As Kd Qh Jc Zz")
    with pytest.raises(ludoteca.InvalidParameterError, match="outside"):
        poker.low_rank([0, 1, 52])
    with pytest.raises(ludoteca.InvalidParameterError, match="flush_rank"):
        poker.high_rank("As Kd Qh Jc 9c", deck=32, flush_rank="sideways")
    with pytest.raises(ludoteca.ShapeError):
        poker.high_rank_batch(np.zeros((2, 2, 2), dtype=np.int64))
    with pytest.raises(ludoteca.InvalidParameterError, match="row 1"):
        poker.high_rank_batch(np.array([[0, 1, 2, 3, 4], [0, 0, 2, 3, 4]]))
    with pytest.raises(ludoteca.ShapeError):
        poker.low_rank_batch(np.zeros((3, 5), dtype=np.float64))


def test_batch_masks_equal_batch_ids() -> None:
    hands = random_hands(10_000, 7, seed=1)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
    assert np.array_equal(poker.high_rank_batch(masks), poker.high_rank_batch(hands))
    assert np.array_equal(poker.low_rank_batch(masks, threads=1), poker.low_rank_batch(hands))
    per_hand = [poker.high_rank([int(c) for c in row]) for row in hands[:200]]
    assert per_hand == list(poker.high_rank_batch(hands[:200]))


@pytest.mark.parametrize("dtype", [np.int64, np.uint8, np.int32, np.int16, np.uint16])
def test_batch_reads_every_integer_layout_alike_and_names_bad_rows(dtype: type) -> None:
    hands = random_hands(5_000, 7, seed=2)
    want = poker.high_rank_batch(hands)
    assert np.array_equal(poker.high_rank_batch(hands.astype(dtype)), want)
    # A non-contiguous view (every other row) is read through the converting path.
    assert np.array_equal(poker.high_rank_batch(hands.astype(dtype)[::2]), want[::2])
    assert np.array_equal(poker.low_rank_batch(hands.astype(dtype)), poker.low_rank_batch(hands))
    for row, why in [([0, 1, 2, 3, 52, 5, 6], "outside"), ([0, 1, 2, 3, 3, 5, 6], "twice")]:
        bad = hands[:3].astype(dtype).copy()
        bad[2] = row
        with pytest.raises(ludoteca.InvalidParameterError, match=f"row 2: card id .* {why}"):
            poker.high_rank_batch(bad)
    # The 32-card deck has no low ranks: a row holding a 2 is named.
    piquet = np.array([[5, 6, 7, 8, 9], [0, 6, 7, 8, 9]], dtype=dtype)
    with pytest.raises(ludoteca.InvalidParameterError, match="row 1: the 32-card deck"):
        poker.high_rank_batch(piquet, deck=32)


def test_batch_masks_name_a_bit_beyond_the_deck_and_a_short_hand() -> None:
    masks = np.array([0b11111, 1 << 52 | 0b1111, 0b1111], dtype=np.uint64)
    with pytest.raises(ludoteca.InvalidParameterError, match="row 1: a card mask has bits above 51"):
        poker.high_rank_batch(masks)
    with pytest.raises(ludoteca.InvalidParameterError, match="row 1: 4 cards"):
        poker.high_rank_batch(masks[[0, 2]])


@pytest.mark.slow
def test_batch_gives_the_published_counts_on_every_seven_card_hand() -> None:
    # All 133,784,560 hands through the batch (table) path, as masks: the 5-card subsets of the cards
    # below the two highest, ORed with those two (about 25 s).
    from math import comb

    fives = np.array(
        sorted(sum(1 << c for c in s) for s in itertools.combinations(range(52), 5)), dtype=np.uint64
    )
    counts = np.zeros(16, dtype=np.int64)
    for top in range(6, 52):
        for second in range(5, top):
            hands = fives[: comb(second, 5)] | np.uint64(1 << second | 1 << top)
            counts += np.bincount(poker.high_rank_batch(hands) >> 20 & 0xF, minlength=16)
    # Wikipedia, "Poker probability" (7-card hands), high card to straight flush.
    published = [
        23_294_460,
        58_627_800,
        31_433_400,
        6_461_620,
        6_180_020,
        4_047_644,
        3_473_184,
        224_848,
        41_584,
    ]
    assert list(counts[:9]) == published
    assert counts.sum() == 133_784_560
