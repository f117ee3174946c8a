//! Evaluator counts against published figures, and the betting engine and pots on small situations.

use super::betting::{Betting, Move, Sizing};
use super::hand::{card52, count, masks32, masks52, SuitMasks};
use super::high::{Category, FlushRank, HighRank, HighRules};
use super::low::LowRank;
use super::pots::{award, pots, OddChip, Pot};
use crate::cards::{CardSet, Deck};
use crate::core::rng::Rng;
use std::collections::HashSet;

fn deck52() -> Deck {
    Deck::french52()
}

fn hand(text: &str) -> SuitMasks {
    let d = deck52();
    let mut set = CardSet::EMPTY;
    for t in text.split_whitespace() {
        assert!(set.insert(d.parse(t).unwrap()), "{t} twice");
    }
    masks52(set)
}

fn high(text: &str) -> HighRank {
    HighRules::STANDARD.eval(&hand(text))
}

fn low(text: &str) -> LowRank {
    LowRank::eval(&hand(text))
}

/// Calls `f` with every k-subset of `0..n` as a bit mask.
fn for_each_subset(n: u32, k: u32, mut f: impl FnMut(u64)) {
    fn rec(start: u32, n: u32, k: u32, acc: u64, f: &mut dyn FnMut(u64)) {
        if k == 0 {
            f(acc);
            return;
        }
        for i in start..=n - k {
            rec(i + 1, n, k - 1, acc | 1 << i, f);
        }
    }
    rec(0, n, k, 0, &mut f);
}

#[test]
fn five_card_category_counts_are_the_published_ones() {
    let mut counts = [0u64; 9];
    let mut classes = HashSet::new();
    let mut royal = 0;
    for_each_subset(52, 5, |m| {
        let r = HighRules::STANDARD.eval(&masks52(CardSet(m)));
        counts[r.category() as usize] += 1;
        classes.insert(r);
        royal += u64::from(r.name() == "royal flush");
    });
    // High card, pair, two pair, trips, straight, flush, full house, quads, straight flush (Wikipedia,
    // "Poker probability").
    assert_eq!(
        counts,
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
    assert_eq!(counts.iter().sum::<u64>(), 2_598_960);
    assert_eq!(royal, 4);
    assert_eq!(classes.len(), 7_462);
}

#[test]
#[ignore = "133,784,560 hands: about 40 s (cargo test --lib -- --ignored seven_card_category)"]
fn seven_card_category_counts_are_the_published_ones() {
    let mut counts = [0u64; 9];
    for_each_subset(52, 7, |m| {
        counts[HighRules::STANDARD.eval(&masks52(CardSet(m))).category() as usize] += 1;
    });
    assert_eq!(
        counts,
        [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584]
    );
    assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
}

#[test]
fn thirty_two_card_counts_match_the_rules_table() {
    // East–West's 32-card category counts: with and without the A-7-8-9-10 straight.
    let expect_with = [52_020, 107_520, 24_192, 10_752, 5_100, 204, 1_344, 224, 20];
    let expect_without = [53_040, 107_520, 24_192, 10_752, 4_080, 208, 1_344, 224, 16];
    for (ace_low, expect) in [(true, expect_with), (false, expect_without)] {
        let rules = HighRules::piquet(ace_low, FlushRank::Standard);
        let mut counts = [0u64; 9];
        for_each_subset(32, 5, |m| {
            counts[rules.eval(&masks32(CardSet(m))).category() as usize] += 1
        });
        assert_eq!(counts, expect, "ace_low_straight={ace_low}");
        assert_eq!(counts.iter().sum::<u64>(), 201_376);
    }
}

#[test]
fn thirty_two_card_straights_and_flush_placement() {
    let d = Deck::french32();
    let h = |t: &str| {
        let mut s = CardSet::EMPTY;
        for c in t.split_whitespace() {
            s.insert(d.parse(c).unwrap());
        }
        masks32(s)
    };
    let std = HighRules::piquet(true, FlushRank::Standard);
    let low = std.eval(&h("A♠ 7♥ 8♦ 9♣ 10♠"));
    assert_eq!(
        (low.category(), low.name().as_str()),
        (Category::Straight, "straight, ten high")
    );
    assert!(low < std.eval(&h("7♠ 8♥ 9♦ 10♣ J♠")));
    // K-A-7-8-9 wraps around: never a straight.
    assert_eq!(std.eval(&h("K♠ A♥ 7♦ 8♣ 9♠")).category(), Category::HighCard);
    assert_eq!(
        HighRules::piquet(false, FlushRank::Standard)
            .eval(&h("A♠ 7♥ 8♦ 9♣ 10♠"))
            .category(),
        Category::HighCard
    );
    // The rules' worked example: board 9♠; West 9♥ 9♦ 10♣ 10♠ (nines full of tens), East 7♠ 8♠ J♠ Q♠.
    let west = h("9♠ 9♥ 9♦ 10♣ 10♠");
    let east = h("9♠ 7♠ 8♠ J♠ Q♠");
    assert!(std.eval(&west) > std.eval(&east));
    let above = HighRules::piquet(true, FlushRank::AboveFullHouse);
    assert!(above.eval(&west) < above.eval(&east));
    let quads = h("9♠ 9♥ 9♦ 9♣ 10♠");
    assert!(above.eval(&quads) > above.eval(&east));
    let top = HighRules::piquet(true, FlushRank::AboveFourOfAKind);
    assert!(top.eval(&quads) < top.eval(&east));
    assert!(top.eval(&east) < top.eval(&h("7♠ 8♠ 9♠ 10♠ J♠")));
}

#[test]
fn names_and_tie_breaks() {
    assert_eq!(high("K♠ K♥ 5♦ 5♣ 9♠").name(), "two pair, kings and fives");
    assert_eq!(high("10♠ 10♥ 10♦ 4♣ 4♠").name(), "full house, tens full of fours");
    assert_eq!(high("A♠ 2♥ 3♦ 4♣ 5♠").name(), "straight, five high");
    assert_eq!(high("A♠ K♠ Q♠ J♠ 10♠").name(), "royal flush");
    assert_eq!(high("9♥ 8♥ 7♥ 6♥ 5♥").name(), "straight flush, nine high");
    assert_eq!(high("J♠ J♥ 5♦ 4♣ 9♠").name(), "pair of jacks");
    assert_eq!(high("A♠ 3♥ 5♦ 7♣ 9♠").name(), "ace high");
    // The wheel is the lowest straight; a 6-high straight beats it.
    assert!(high("A♠ 2♥ 3♦ 4♣ 5♠") < high("2♥ 3♦ 4♣ 5♠ 6♦"));
    // Kickers decide; suits never do.
    assert!(high("K♠ K♥ 5♦ 5♣ 9♠") > high("K♦ K♣ 5♥ 5♠ 8♠"));
    assert_eq!(high("K♠ K♥ 5♦ 5♣ 9♠"), high("K♦ K♣ 5♥ 5♠ 9♦"));
    // Best five of seven: the flush over the straight, the higher of two full houses.
    assert_eq!(high("2♥ 3♥ 4♥ 5♠ 6♠ 9♥ K♥").category(), Category::Flush);
    assert_eq!(
        high("Q♠ Q♥ Q♦ 7♣ 7♠ 7♥ 2♠").name(),
        "full house, queens full of sevens"
    );
    assert_eq!(high("2♠ 2♥ 3♦ 3♣ 4♠ 4♥ A♠").name(), "two pair, fours and threes");
}

/// The best of the 21 five-card subsets, computed the slow way.
fn best_of_subsets(cards: &[u8]) -> HighRank {
    let mut best = HighRank(0);
    for_each_subset(cards.len() as u32, 5, |m| {
        let set = (0..cards.len())
            .filter(|i| m >> i & 1 != 0)
            .fold(0u64, |s, i| s | 1 << cards[i]);
        best = best.max(HighRules::STANDARD.eval(&masks52(CardSet(set))));
    });
    best
}

fn random_hand(rng: &mut Rng, k: usize) -> Vec<u8> {
    let mut deck: Vec<u8> = (0..52).collect();
    for i in 0..k {
        let j = i + rng.below((52 - i) as u32) as usize;
        deck.swap(i, j);
    }
    deck.truncate(k);
    deck
}

#[test]
fn seven_card_eval_is_the_best_of_its_five_card_subsets() {
    let mut rng = Rng::new(19);
    for k in [6, 7] {
        for _ in 0..20_000 {
            let cards = random_hand(&mut rng, k);
            let set = cards.iter().fold(0u64, |s, &c| s | 1 << c);
            assert_eq!(
                HighRules::STANDARD.eval(&masks52(CardSet(set))),
                best_of_subsets(&cards),
                "{cards:?}"
            );
        }
    }
}

#[test]
fn low_counts_are_the_published_ones() {
    let mut values = HashSet::new();
    for_each_subset(52, 5, |m| {
        values.insert(LowRank::eval(&masks52(CardSet(m))));
    });
    assert_eq!(values.len(), 6_175);
    assert_eq!(values.iter().filter(|v| v.category() == 0).count(), 1_287);
    let best = values.iter().min().unwrap();
    let worst = values.iter().max().unwrap();
    assert_eq!(best.name(), "5-4-3-2-A");
    assert_eq!(worst.name(), "four of a kind, kings, Q");
}

#[test]
fn low_ranking_follows_the_rules() {
    // Razz's A-5 low: aces are low, the lowest hand ranks best.
    assert!(low("7♠ 6♥ 5♦ 4♣ 3♠") < low("8♠ 4♥ 3♦ 2♣ A♠"));
    assert!(low("8♠ 6♥ 4♦ 2♣ A♠") < low("8♦ 6♣ 5♥ 2♠ A♥"));
    assert!(low("K♠ Q♥ J♦ 9♣ 8♠") < low("A♠ A♥ 2♦ 3♣ 4♠"));
    // Straights and flushes do not count.
    assert_eq!(low("5♥ 4♥ 3♥ 2♥ A♥"), low("5♠ 4♥ 3♦ 2♣ A♠"));
    assert_eq!(low("5♥ 4♥ 3♥ 2♥ A♥").name(), "5-4-3-2-A");
    // Pairs: pair rank, then kickers; two pair high pair first.
    assert!(low("5♠ 5♥ 8♦ 4♣ 2♠") < low("6♠ 6♥ 3♦ 4♣ 2♠"));
    assert!(low("5♠ 5♥ K♦ 4♣ 2♠") > low("5♦ 5♣ Q♦ 4♥ 2♥"));
    assert!(low("9♠ 9♥ 2♦ 2♣ 3♠") > low("8♠ 8♥ 7♦ 7♣ K♠"));
    // Best five of seven: the pair is avoided, then the lowest pair chosen.
    assert_eq!(low("K♠ K♥ 8♦ 6♣ 4♠ 2♥ A♦").name(), "8-6-4-2-A");
    assert_eq!(low("9♠ 9♥ 5♦ 5♣ 3♠ 3♥ 2♦").name(), "pair of threes, 9-5-2");
    assert_eq!(low("J♠ J♥ J♦ 4♣ 4♠ 4♥ 2♦").name(), "two pair, jacks and fours, 2");
    assert_eq!(low("J♠ J♥ J♦ 4♣ 4♠").name(), "full house, jacks full of fours");
    assert_eq!(
        low("7♠ 7♥ 7♦ 7♣ 2♠ 2♥ 2♦").name(),
        "full house, twos full of sevens"
    );
    // Partial hands (up cards on 4th to 6th street): (A,3) < (2,3) < (5,5).
    assert!(low("A♠ 3♥") < low("2♦ 3♣"));
    assert!(low("2♦ 3♣") < low("5♠ 5♥"));
    assert!(low("K♠ Q♥ J♦ 10♣") < low("2♠ 2♥ 3♦ 4♣"));
    assert!(low("2♠ 2♥ 3♦ 3♣") < low("2♦ 2♣ 2♥ 3♠"));
    assert_eq!(low("6♠ 6♥ 6♦").name(), "three of a kind, sixes");
    assert_eq!(low("6♠ 6♥ 6♦ 6♣").name(), "four of a kind, sixes");
}

/// A brute-force A-5 low: every 5-subset (or the whole hand) ranked by (category, grouped ranks).
fn low_by_subsets(cards: &[u8]) -> LowRank {
    let k = cards.len().min(5) as u32;
    let mut best = LowRank(u32::MAX);
    for_each_subset(cards.len() as u32, k, |m| {
        let mut counts = [0u8; 14];
        for (i, &c) in cards.iter().enumerate() {
            if m >> i & 1 != 0 {
                let r = (c % 13) as usize + 2;
                counts[if r == 14 { 1 } else { r }] += 1;
            }
        }
        let mut groups: Vec<(u8, u32)> = (1..14)
            .filter(|&v| counts[v] > 0)
            .map(|v| (counts[v], v as u32))
            .collect();
        groups.sort_by(|a, b| b.cmp(a));
        let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
        let cat = match shape.as_slice() {
            [1, ..] => 0,
            [2, 2, ..] => 2,
            [2, ..] => 1,
            [3, 2] => 4,
            [3, ..] => 3,
            _ => 5,
        };
        let mut v = cat << 20;
        for (i, g) in groups.iter().enumerate() {
            v |= g.1 << (16 - 4 * i as u32);
        }
        best = best.min(LowRank(v));
    });
    best
}

#[test]
fn low_eval_is_the_best_of_its_subsets() {
    let mut rng = Rng::new(5);
    for k in 1..=7 {
        for _ in 0..10_000 {
            let cards = random_hand(&mut rng, k);
            let set = cards.iter().fold(0u64, |s, &c| s | 1 << c);
            assert_eq!(
                LowRank::eval(&masks52(CardSet(set))),
                low_by_subsets(&cards),
                "{cards:?}"
            );
        }
    }
}

const LIMIT: Sizing = Sizing::FixedLimit {
    bet: 4,
    cap: Some(4),
    uncapped_heads_up: false,
};

fn legal(b: &Betting) -> Vec<Move> {
    Move::ALL
        .into_iter()
        .filter(|m| b.legal() & m.bit() != 0)
        .collect()
}

#[test]
fn bring_in_completion_and_the_cap() {
    let mut b = Betting::new(&[100, 100, 100]);
    b.post_antes(1);
    assert_eq!(b.pot_total(), 3);
    assert!(b.start_round(1, LIMIT, 2));
    assert_eq!(b.actor(), Some(1));
    assert_eq!(legal(&b), [Move::BringIn, Move::Complete]);
    assert_eq!(b.amount_to(Move::Complete), 4);
    b.apply(Move::BringIn);
    assert_eq!(
        (b.actor(), legal(&b)),
        (Some(2), vec![Move::Fold, Move::Call, Move::Complete])
    );
    assert_eq!(b.amount_to(Move::Call), 2);
    b.apply(Move::Complete);
    assert_eq!(b.bets[2], 4);
    assert_eq!(
        (b.actor(), legal(&b)),
        (Some(0), vec![Move::Fold, Move::Call, Move::Raise])
    );
    assert_eq!(b.amount_to(Move::Raise), 8);
    b.apply(Move::Raise); // 8
    b.apply(Move::Raise); // seat 1: 12
    b.apply(Move::Raise); // seat 2: 16, the fourth aggressive move: capped
    assert_eq!(b.raises(), 4);
    assert_eq!((b.actor(), legal(&b)), (Some(0), vec![Move::Fold, Move::Call]));
    b.apply(Move::Call);
    b.apply(Move::Call);
    assert!(!b.in_round());
    // Fixed limit: per-round maximum on 3rd street = 4 small bets.
    assert_eq!(b.committed[..3], [17, 17, 17]);
}

#[test]
fn everyone_calling_the_bring_in_ends_the_round() {
    let mut b = Betting::new(&[50, 50, 50]);
    b.start_round(0, LIMIT, 2);
    b.apply(Move::BringIn);
    b.apply(Move::Call);
    b.apply(Move::Call);
    assert!(!b.in_round());
    assert_eq!(b.committed[..3], [2, 2, 2]);
}

#[test]
fn later_rounds_check_or_bet_and_heads_up_can_be_uncapped() {
    let mut b = Betting::new(&[500, 500]);
    let sizing = Sizing::FixedLimit {
        bet: 8,
        cap: Some(4),
        uncapped_heads_up: true,
    };
    b.start_round(1, sizing, 0);
    assert_eq!((b.actor(), legal(&b)), (Some(1), vec![Move::Check, Move::Bet]));
    b.apply(Move::Check);
    b.apply(Move::Bet);
    for _ in 0..6 {
        assert!(legal(&b).contains(&Move::Raise));
        b.apply(Move::Raise);
    }
    assert_eq!(b.raises(), 7);
    let mut c = Betting::new(&[500, 500]);
    c.start_round(0, LIMIT, 0);
    for _ in 0..4 {
        c.apply(if c.max_bet() == 0 { Move::Bet } else { Move::Raise });
    }
    assert_eq!(legal(&c), [Move::Fold, Move::Call]);
}

#[test]
fn short_all_in_raise_does_not_reopen_the_betting() {
    // Seat 0 bets 4, seat 1 raises all-in to 6 (2 more: less than a full raise), seat 2 may raise to
    // 10, but seat 0, who acted, may only call or fold if seat 2 just calls.
    let mut b = Betting::new(&[100, 6, 100]);
    b.start_round(0, LIMIT, 0);
    b.apply(Move::Bet);
    assert_eq!(b.amount_to(Move::Raise), 6);
    b.apply(Move::Raise);
    assert_eq!(b.stacks[1], 0);
    assert_eq!(legal(&b), [Move::Fold, Move::Call, Move::Raise]);
    assert_eq!(b.amount_to(Move::Raise), 10);
    b.apply(Move::Call);
    assert_eq!((b.actor(), legal(&b)), (Some(0), vec![Move::Fold, Move::Call]));
    b.apply(Move::Call);
    assert!(!b.in_round());
    assert_eq!(b.committed[..3], [6, 6, 6]);
}

#[test]
fn side_pots_and_odd_chips() {
    let mut out = [Pot::default(); 8];
    // Seat 0 all-in for 10, seats 1 and 2 in for 30, seat 3 folded after putting in 20.
    let put_in = [10, 30, 30, 20];
    let live = 0b0111;
    let k = pots(&put_in, live, &mut out);
    assert_eq!(
        out[..k],
        [
            Pot {
                amount: 40,
                eligible: 0b0111
            },
            Pot {
                amount: 50,
                eligible: 0b0110
            }
        ]
    );
    let mut won = [0i64; 4];
    // Seat 0 best: wins the main pot; seats 1 and 2 tie for the side pot.
    let strength = [3, 1, 1, 0];
    award(
        &put_in,
        live,
        |a, b| strength[a] > strength[b],
        OddChip::FirstAfterDealer { dealer: 3 },
        &mut won,
    );
    assert_eq!(won, [40, 25, 25, 0]);
    // An odd chip: 3 tied winners of 40 → 14/13/13, the extra to the first after the dealer (seat 2).
    let put_in = [10, 10, 10, 10];
    award(
        &put_in,
        0b1111,
        |a, _| a == 3,
        OddChip::FirstAfterDealer { dealer: 1 },
        &mut won,
    );
    assert_eq!(won, [0, 0, 0, 40]);
    let put_in = [10, 10, 10, 10];
    let tied = [1, 1, 1, 0];
    award(
        &put_in,
        0b1111,
        |a, b| tied[a] > tied[b],
        OddChip::FirstAfterDealer { dealer: 1 },
        &mut won,
    );
    assert_eq!(won, [13, 13, 14, 0]);
    award(
        &put_in,
        0b1111,
        |a, b| tied[a] > tied[b],
        OddChip::FirstAfterDealer { dealer: 3 },
        &mut won,
    );
    assert_eq!(won, [14, 13, 13, 0]);
    // An uncalled bet comes back: seat 1 bet 8 more than anyone called.
    award(
        &[4, 12],
        0b10,
        |_, _| false,
        OddChip::FirstAfterDealer { dealer: 0 },
        &mut won[..2],
    );
    assert_eq!(won[..2], [0, 16]);
}

// ---- Table evaluators (tables.rs): the same ranks as the direct evaluators, by another path. ----

use super::tables::{multisets, HighTable, LowTable, RankHash, SLOTS};

/// Every ranking the crate has: the 52-card one and the six piquet ones.
fn all_high_rules() -> Vec<(HighRules, u32)> {
    let mut v = vec![(HighRules::STANDARD, 52)];
    for ace in [true, false] {
        for f in [
            FlushRank::Standard,
            FlushRank::AboveFullHouse,
            FlushRank::AboveFourOfAKind,
        ] {
            v.push((HighRules::piquet(ace, f), 32));
        }
    }
    v
}

/// A 32-card-deck card mask (dense ids) as a 52-card-deck mask (ranks 7..A).
fn set32_as_52(m: u64) -> u64 {
    (0..4).fold(0, |s, k| s | (m >> (8 * k) & 0xFF) << (13 * k + 5))
}

#[test]
fn rank_hash_is_perfect_on_every_rank_multiset() {
    let sets = multisets();
    assert_eq!(sets.len(), 76_155); // Σ_{n ≤ 7} multisets of n of 13 ranks, at most 4 of each
    let hash = RankHash::get();
    let mut seen = vec![false; SLOTS];
    for (key, m) in &sets {
        assert!(super::hand::count(m) <= 7);
        assert!(m.iter().all(|s| s.count_ones() <= 2), "no flush in {m:?}");
        let s = hash.slot(*key);
        assert!(!seen[s], "slot {s} twice");
        seen[s] = true;
    }
}

#[test]
fn tables_build_fast() {
    // Reported, not asserted (timings depend on the machine): the hash and one ranking.
    let t = std::time::Instant::now();
    RankHash::get();
    let hash = t.elapsed();
    HighTable::get(&HighRules::STANDARD);
    let high = t.elapsed() - hash;
    LowTable::get();
    println!(
        "rank hash {hash:?}, standard high table {high:?}, low table {:?}",
        t.elapsed() - hash - high
    );
}

#[test]
fn high_tables_equal_the_evaluator_on_every_five_card_hand() {
    for (rules, deck) in all_high_rules() {
        let t = HighTable::get(&rules);
        let mut counts = [0u64; 9];
        for_each_subset(deck, 5, |m| {
            let (set, direct) = if deck == 52 {
                (m, rules.eval(&masks52(CardSet(m))))
            } else {
                (set32_as_52(m), rules.eval(&masks32(CardSet(m))))
            };
            let r = t.eval52(set);
            assert_eq!(r, direct, "{rules:?} {set:#x}");
            counts[r.category() as usize] += 1;
        });
        if deck == 52 {
            assert_eq!(
                counts,
                [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
            );
        }
    }
}

#[test]
fn tables_equal_the_evaluators_on_sampled_six_and_seven_card_hands() {
    let mut rng = Rng::new(1919);
    let tables: Vec<_> = all_high_rules()
        .into_iter()
        .map(|(r, d)| (r, d, HighTable::get(&r)))
        .collect();
    let low = LowTable::get();
    for k in [6, 7] {
        for _ in 0..30_000 {
            let cards = random_hand(&mut rng, k);
            let set = cards.iter().fold(0u64, |s, &c| s | 1 << c);
            let m = masks52(CardSet(set));
            assert_eq!(low.eval52(set), LowRank::eval(&m), "{cards:?}");
            for (rules, deck, t) in &tables {
                // The 32-card rankings on hands of 7..A only: fold the low ranks up onto them.
                let set = if *deck == 32 {
                    set32_as_52(set & 0xFFFF_FFFF)
                } else {
                    set
                };
                if set.count_ones() as usize == k {
                    assert_eq!(t.eval52(set), rules.eval(&masks52(CardSet(set))), "{set:#x}");
                }
            }
        }
    }
}

#[test]
fn low_table_equals_the_evaluator_on_every_hand_of_one_to_five_cards() {
    let t = LowTable::get();
    for k in 1..=5 {
        for_each_subset(52, k, |m| {
            assert_eq!(t.eval52(m), LowRank::eval(&masks52(CardSet(m))), "{m:#x}");
        });
    }
}

#[test]
#[ignore = "133,784,560 hands, twice (cargo test --release --lib -- --ignored every_seven_card)"]
fn tables_equal_the_evaluators_on_every_seven_card_hand() {
    let (high, low) = (HighTable::get(&HighRules::STANDARD), LowTable::get());
    let mut counts = [0u64; 9];
    for_each_subset(52, 7, |m| {
        let h = high.eval52(m);
        assert_eq!(h, HighRules::STANDARD.eval(&masks52(CardSet(m))), "{m:#x}");
        assert_eq!(low.eval52(m), LowRank::eval(&masks52(CardSet(m))), "{m:#x}");
        counts[h.category() as usize] += 1;
    });
    assert_eq!(
        counts,
        [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584]
    );
}

#[test]
fn every_ranking_has_its_own_tables() {
    // The wheel is a straight under the 52-card ranking only; each ranking's table says so whichever
    // was built first.
    let wheel = hand("A♠ 2♥ 3♦ 4♣ 5♠ 9♥ J♦");
    let rules = all_high_rules();
    for (i, (a, _)) in rules.iter().enumerate() {
        let ta = HighTable::get(a);
        assert_eq!(ta.eval(&wheel), a.eval(&wheel), "{a:?}");
        for (b, _) in &rules[..i] {
            assert!(
                !std::ptr::eq(ta, HighTable::get(b)),
                "{a:?} and {b:?} share a table"
            );
        }
    }
    assert_eq!(
        HighTable::get(&HighRules::STANDARD).eval(&wheel).category(),
        Category::Straight
    );
}

const NO_CAP: Sizing = Sizing::FixedLimit {
    bet: 4,
    cap: None,
    uncapped_heads_up: false,
};

#[test]
fn short_all_ins_that_together_reach_a_full_raise_reopen_the_betting() {
    // Bet 4 by seat 0; all-in raises to 6 (seat 1: 2 more), 8 (seat 2: 2 more, together a full raise
    // of 4) and 9 (seat 3: 1 more). Seat 0 now faces 5 more than it bet, more than a full raise: the
    // short raises together reopen the betting for it (PokerKit: the sum of the consecutive all-in
    // raises, 5, is at least the last full raise, 4), so it may raise to 13 (seat 4 called 9 and can
    // call a raise).
    let mut b = Betting::new(&[100, 6, 8, 9, 100]);
    b.start_round(0, NO_CAP, 0);
    b.apply(Move::Bet);
    for to in [6, 8, 9] {
        assert_eq!(b.amount_to(Move::Raise), to);
        assert!(b.apply(Move::Raise));
    }
    b.apply(Move::Call);
    assert_eq!(
        (b.actor(), legal(&b)),
        (Some(0), vec![Move::Fold, Move::Call, Move::Raise])
    );
    assert_eq!(b.amount_to(Move::Raise), 13);
    // The same, but seat 3 only calls 8: seat 0 faces exactly a full raise (4) and may raise.
    let mut b = Betting::new(&[100, 6, 8, 9]);
    b.start_round(0, NO_CAP, 0);
    b.apply(Move::Bet);
    b.apply(Move::Raise);
    b.apply(Move::Raise);
    b.apply(Move::Call);
    assert_eq!(b.stacks[3], 1);
    assert_eq!(
        (b.actor(), legal(&b)),
        (Some(0), vec![Move::Fold, Move::Call, Move::Raise])
    );
    assert_eq!(b.amount_to(Move::Raise), 12);
}

#[test]
fn a_seat_that_acted_and_faces_less_than_a_full_raise_may_only_call() {
    // Seat 0 bets 4, seat 1 raises all-in to 8 (a full raise), seat 2 calls 8, seat 3 raises all-in
    // to 9 (1 more). Seat 0 faces 5 more, at least a full raise since it acted: it may raise. Seat 2
    // called 8 and faces 1 more, less than a full raise: fold or call only.
    let mut b = Betting::new(&[100, 8, 100, 9]);
    b.start_round(0, LIMIT, 0);
    b.apply(Move::Bet);
    b.apply(Move::Raise);
    assert_eq!(b.stacks[1], 0);
    b.apply(Move::Call);
    assert_eq!(b.amount_to(Move::Raise), 9);
    b.apply(Move::Raise);
    assert_eq!(
        (b.actor(), legal(&b)),
        (Some(0), vec![Move::Fold, Move::Call, Move::Raise])
    );
    b.apply(Move::Call);
    assert_eq!((b.actor(), legal(&b)), (Some(2), vec![Move::Fold, Move::Call]));
    b.apply(Move::Call);
    assert!(!b.in_round());
    assert_eq!(b.committed[..4], [9, 8, 9, 9]);
}

#[test]
fn nobody_left_to_call_means_no_raise() {
    // Heads-up, seat 1 bets its last 4 chips: seat 0 may call or fold but not raise (nobody could
    // call a raise). A seat whose stack only covers the call may not raise either.
    let mut b = Betting::new(&[100, 4]);
    b.start_round(0, LIMIT, 0);
    b.apply(Move::Check);
    assert_eq!(legal(&b), [Move::Check, Move::Bet]);
    b.apply(Move::Bet);
    assert_eq!((b.actor(), legal(&b)), (Some(0), vec![Move::Fold, Move::Call]));
    let mut b = Betting::new(&[100, 100, 4]);
    b.start_round(0, LIMIT, 0);
    b.apply(Move::Bet);
    b.apply(Move::Call);
    assert_eq!((b.actor(), legal(&b)), (Some(2), vec![Move::Fold, Move::Call]));
    // A folded seat's chips do not count: seat 2 bets its last 4, seat 0 folds, seat 1 cannot raise.
    let mut b = Betting::new(&[100, 100, 4]);
    b.start_round(0, LIMIT, 0);
    b.apply(Move::Check);
    b.apply(Move::Check);
    b.apply(Move::Bet);
    b.apply(Move::Fold);
    assert_eq!((b.actor(), legal(&b)), (Some(1), vec![Move::Fold, Move::Call]));
    // But a bettor with chips behind can call a raise: seat 1 bets 4 and keeps 2, seat 0 may raise.
    let mut b = Betting::new(&[100, 6]);
    b.start_round(0, LIMIT, 0);
    b.apply(Move::Check);
    b.apply(Move::Bet);
    assert_eq!(
        (b.actor(), legal(&b)),
        (Some(0), vec![Move::Fold, Move::Call, Move::Raise])
    );
    assert_eq!(b.amount_to(Move::Raise), 8);
}

#[test]
fn a_raise_for_less_with_the_last_chips() {
    // Seat 0 bets 4 of its 10 chips, seat 1 raises to 8: seat 0 owes 4 and has 6 behind, more than
    // the call, so it may raise all-in to 10 (less than the full 12).
    let mut b = Betting::new(&[10, 100]);
    b.start_round(0, LIMIT, 0);
    b.apply(Move::Bet);
    b.apply(Move::Raise);
    assert_eq!(
        (b.actor(), legal(&b)),
        (Some(0), vec![Move::Fold, Move::Call, Move::Raise])
    );
    assert_eq!(b.amount_to(Move::Call), 8);
    assert_eq!(b.amount_to(Move::Raise), 10);
    b.apply(Move::Raise);
    assert_eq!(b.stacks[0], 0);
    assert_eq!((b.actor(), legal(&b)), (Some(1), vec![Move::Fold, Move::Call]));
}

#[test]
fn a_full_raise_reopens_the_betting_even_after_a_later_short_all_in() {
    // Seat 0 bets 4, seat 1 raises to 8 and keeps chips (a full raise), seat 2 calls, seat 3 raises
    // all-in to 9 (1 more). Seat 0 has not acted since the full raise: it may raise. Seats 1 and 2
    // acted after it and face 1 more: call or fold only.
    let mut b = Betting::new(&[100, 100, 100, 9]);
    b.start_round(0, LIMIT, 0);
    b.apply(Move::Bet);
    b.apply(Move::Raise);
    b.apply(Move::Call);
    b.apply(Move::Raise);
    assert_eq!(b.stacks[3], 0);
    assert_eq!(
        (b.actor(), legal(&b)),
        (Some(0), vec![Move::Fold, Move::Call, Move::Raise])
    );
    b.apply(Move::Call);
    assert_eq!((b.actor(), legal(&b)), (Some(1), vec![Move::Fold, Move::Call]));
    b.apply(Move::Call);
    assert_eq!((b.actor(), legal(&b)), (Some(2), vec![Move::Fold, Move::Call]));
    b.apply(Move::Call);
    assert!(!b.in_round());
    assert_eq!(b.committed[..4], [9, 9, 9, 9]);
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    // Nothing to call: fold and call are not moves here; a bring-in is only due in a stud first round.
    let mut b = Betting::new(&[100, 100]);
    b.start_round(0, LIMIT, 0);
    let before = b.clone();
    for m in [Move::Fold, Move::Call, Move::BringIn, Move::Complete, Move::Raise] {
        assert!(!b.apply(m), "{m:?}");
        assert_eq!(b, before);
    }
    assert!(b.apply(Move::Bet));
    assert!(!b.apply(Move::Check));
    assert!(!b.apply(Move::Bet));
}

#[test]
fn card52_and_count_agree_with_the_deck() {
    // The deck's own parser names each index; card52 must land on the same card.
    let d = deck52();
    let ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    for (s, suit) in ["♣", "♦", "♥", "♠"].iter().enumerate() {
        for (i, r) in ranks.iter().enumerate() {
            let card = d.parse(&format!("{r}{suit}")).unwrap();
            assert_eq!(card52(i as u8 + 2, s as u8), card.0, "{r}{suit}");
        }
    }
    assert_eq!(count(&[0; 4]), 0);
    assert_eq!(count(&hand("A♠")), 1);
    assert_eq!(count(&hand("A♠ A♥ 2♦ 3♣ 4♠ 9♥ J♦")), 7);
    assert_eq!(count(&masks52(CardSet((1 << 52) - 1))), 52);
}

#[test]
fn flush_rank_names_and_ranking_options() {
    let all = [
        ("standard", FlushRank::Standard),
        ("above_full_house", FlushRank::AboveFullHouse),
        ("above_four_of_a_kind", FlushRank::AboveFourOfAKind),
    ];
    for (name, f) in all {
        assert_eq!(FlushRank::parse(name), Some(f));
        for ace_low in [true, false] {
            let rules = HighRules::piquet(ace_low, f);
            assert_eq!(rules.flush_rank(), f);
            assert_eq!(rules.has_low_straight(), ace_low);
        }
    }
    assert_eq!(FlushRank::parse("Standard"), None);
    assert_eq!(FlushRank::parse(""), None);
    assert_eq!(HighRules::STANDARD.flush_rank(), FlushRank::Standard);
    assert!(HighRules::STANDARD.has_low_straight());
    assert_eq!(HighRules::default(), HighRules::STANDARD);
}

#[test]
fn category_indices_and_names() {
    let names = [
        "high card",
        "one pair",
        "two pair",
        "three of a kind",
        "straight",
        "flush",
        "full house",
        "four of a kind",
        "straight flush",
    ];
    for (i, name) in names.iter().enumerate() {
        assert_eq!(Category::from_index(i as u32).name(), *name);
        assert_eq!(Category::from_index(i as u32) as usize, i);
    }
    // Out of range clamps to the top category rather than panicking.
    assert_eq!(Category::from_index(9), Category::StraightFlush);
    assert_eq!(Category::from_index(15), Category::StraightFlush);
}

#[test]
fn every_high_category_names_itself_and_displays() {
    assert_eq!(high("K♠ Q♠ J♠ 10♠ 9♠").name(), "straight flush, king high");
    assert_eq!(high("9♠ 9♥ 9♦ 9♣ 2♠").name(), "four of a kind, nines");
    assert_eq!(high("K♥ 9♥ 7♥ 4♥ 2♥").name(), "flush, king high");
    assert_eq!(high("7♠ 7♥ 7♦ K♣ 2♠").name(), "three of a kind, sevens");
    assert_eq!(high("K♠ Q♥ 9♦ 5♣ 3♠").name(), "king high");
    assert_eq!(high("10♠ J♥ Q♦ K♣ A♠").name(), "straight, ace high");
    assert_eq!(format!("{}", high("K♠ K♥ 5♦ 5♣ 9♠")), "two pair, kings and fives");
    assert_eq!(format!("{}", low("8♠ 6♥ 4♦ 2♣ A♠")), "8-6-4-2-A");
}

#[test]
fn batch_evaluators_rank_each_hand() {
    let hands = [hand("A♠ 2♥ 3♦ 4♣ 5♠"), hand("9♠ 9♥ 2♦ 2♣ 3♠ K♥ Q♦")];
    let mut out = [HighRank(0); 2];
    super::high::eval_batch(&HighRules::STANDARD, &hands, &mut out);
    assert_eq!(out[0].name(), "straight, five high");
    assert_eq!(out[1].name(), "two pair, nines and twos");
    let mut lows = [LowRank(u32::MAX); 2];
    super::low::eval_batch(&hands, &mut lows);
    assert_eq!(lows[0].name(), "5-4-3-2-A");
    assert_eq!(lows[1].name(), "K-Q-9-3-2");
}

#[test]
fn low_category_names_and_ranks() {
    // Ranks come out as low values (A = 1), most significant group first.
    assert_eq!(low("8♠ 6♥ 4♦ 2♣ A♠").ranks(), vec![8, 6, 4, 2, 1]);
    assert_eq!(low("9♠ 9♥ 5♦ 5♣ 3♠ 3♥ 2♦").ranks(), vec![3, 9, 5, 2]);
    assert_eq!(low("A♠ 3♥").ranks(), vec![3, 1]);
    assert_eq!(LowRank(0).ranks(), Vec::<u32>::new());
    assert_eq!(LowRank(0).name(), "no cards");
    let names = [
        ("K♠ Q♥ J♦ 9♣ 8♠", "no pair"),
        ("A♠ A♥ 2♦ 3♣ 4♠", "one pair"),
        ("A♠ A♥ 2♦ 2♣ 4♠", "two pair"),
        ("A♠ A♥ A♦ 3♣ 4♠", "three of a kind"),
        ("A♠ A♥ A♦ 3♣ 3♠", "full house"),
        ("A♠ A♥ A♦ A♣ 4♠", "four of a kind"),
    ];
    for (i, (h, name)) in names.iter().enumerate() {
        assert_eq!(low(h).category(), i as u32, "{h}");
        assert_eq!(low(h).category_name(), *name, "{h}");
    }
}

#[test]
fn low_quads_and_full_houses_at_the_edges() {
    // Four of a kind ranks by the quads' rank first, then the kicker, whatever suit the kicker has.
    for kicker in ["A♣", "A♦", "A♥", "A♠"] {
        assert_eq!(
            low(&format!("K♠ K♥ K♦ K♣ {kicker}")).name(),
            "four of a kind, kings, A"
        );
    }
    // Four aces and two twos: the full house (aces full of twos) is a better low than four aces.
    assert_eq!(low("A♠ A♥ A♦ A♣ 2♠ 2♥").name(), "full house, aces full of twos");
    assert_eq!(
        low("A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦").name(),
        "full house, aces full of twos"
    );
    assert_eq!(
        low("2♠ 2♥ 2♦ 2♣ A♠ A♥ A♦").name(),
        "full house, aces full of twos"
    );
    // Trips and a pair among seven: one pair is the best five, and the pair of aces is the lowest.
    assert_eq!(low("A♠ A♥ A♦ 2♣ 2♠ 5♥ 6♦").name(), "pair of aces, 6-5-2");
}

#[test]
fn eight_cards_with_a_flush_still_find_the_full_house_and_the_quads() {
    // Eight cards can hold a flush together with a full house or four of a kind (seven cannot): the
    // evaluator's "any number of cards ≥ 5" promise means the better hand under the ranking wins.
    let quads = hand("9♠ 9♥ 9♦ 9♣ 2♠ 4♠ 6♠ K♠");
    let full = hand("K♠ K♥ K♦ 5♠ 5♥ 2♠ 7♠ 9♠");
    let std = HighRules::STANDARD;
    assert_eq!(std.eval(&quads).name(), "four of a kind, nines");
    assert_eq!(std.eval(&full).name(), "full house, kings full of fives");
    // Moving the flush up flips both: the flush (K♠ 9♠ 7♠ 5♠ 2♠, K♠ 9♠ 6♠ 4♠ 2♠) is then the best hand.
    let above_full = HighRules::piquet(true, FlushRank::AboveFullHouse);
    let above_quads = HighRules::piquet(true, FlushRank::AboveFourOfAKind);
    assert_eq!(above_full.eval(&full).name(), "flush, king high");
    assert_eq!(above_full.eval(&quads).name(), "four of a kind, nines");
    assert_eq!(above_quads.eval(&quads).name(), "flush, king high");
}

#[test]
fn antes_come_from_the_seats_in_the_hand_and_a_short_stack_posts_all_it_has() {
    // Ante 2: seat 1 has no chips (out of the hand), seat 2 has 1 (posts it and is all-in), seat 3
    // has chips but is out of the hand: only the seats in the hand put in.
    let mut b = Betting::new(&[10, 0, 1, 10]);
    assert_eq!(b.live, 0b1101);
    b.live &= !(1 << 3);
    b.post_antes(2);
    assert_eq!(b.committed[..4], [2, 0, 1, 0]);
    assert_eq!(b.stacks[..4], [8, 0, 0, 10]);
    assert_eq!(b.pot_total(), 3);
}

#[test]
fn a_round_opens_at_the_opener_or_the_next_seat_that_can_act() {
    // Seat 1 is all-in from the ante: a round opened by seat 2 starts there, one opened by seat 1
    // passes on to seat 2, the next seat clockwise with chips.
    let mut b = Betting::new(&[10, 2, 10]);
    b.post_antes(2);
    assert!(b.start_round(2, LIMIT, 0));
    assert_eq!(b.actor(), Some(2));
    let mut b = Betting::new(&[10, 2, 10]);
    b.post_antes(2);
    assert!(b.start_round(1, LIMIT, 0));
    assert_eq!(b.actor(), Some(2));
    // Heads-up with one seat all-in from the ante: nobody bets, the round is skipped and nothing is
    // owed.
    let mut b = Betting::new(&[10, 2]);
    b.post_antes(2);
    assert!(b.no_more_betting());
    assert!(!b.start_round(0, LIMIT, 0));
    assert_eq!((b.actor(), b.in_round(), b.legal()), (None, false, 0));
    assert_eq!(b.committed[..2], [2, 2]);
    // Both with chips: a round.
    let mut b = Betting::new(&[10, 3]);
    b.post_antes(2);
    assert!(!b.no_more_betting());
    assert!(b.start_round(1, LIMIT, 0));
    assert_eq!(b.actor(), Some(1));
}

#[test]
fn every_odd_chip_of_a_split_goes_to_the_first_tied_winner() {
    // Seats 0 to 2 in for 6 and tied, seat 3 folded after 2: pot 20, 6 each and 2 odd chips. The rules
    // (and PokerKit) give the odd chips to the first winner clockwise from the dealer: seat 0 here.
    let mut won = [0i64; 4];
    award(
        &[6, 6, 6, 2],
        0b0111,
        |_, _| false,
        OddChip::FirstAfterDealer { dealer: 3 },
        &mut won,
    );
    assert_eq!(won, [8, 6, 6, 0]);
}

#[test]
fn low_names_of_every_category_with_and_without_kickers() {
    // The names `LowRank::name` documents: the grouped ranks, then the kickers from the highest as a
    // dash list. A partial hand (Razz's up cards) can hold a group and no kicker: then no list.
    assert_eq!(low("K♠ K♥ 5♦ 5♣ 9♠").name(), "two pair, kings and fives, 9");
    assert_eq!(low("K♠ K♥ 5♦ 5♣").name(), "two pair, kings and fives");
    assert_eq!(low("7♠ 7♥ 7♦ 3♣ 2♠").name(), "three of a kind, sevens, 3-2");
    assert_eq!(low("7♠ 7♥ 7♦").name(), "three of a kind, sevens");
    assert_eq!(low("5♠ 5♥ 8♦ 4♣ 2♠").name(), "pair of fives, 8-4-2");
    assert_eq!(low("5♠ 5♥").name(), "pair of fives");
    assert_eq!(low("9♠ 9♥ 9♦ 9♣").name(), "four of a kind, nines");
    assert_eq!(low("Q♠ Q♥ Q♦ 10♣ 10♠").name(), "full house, queens full of tens");
    assert_eq!(low("J♠ 10♥ 6♦ 3♣ 2♠").name(), "J-10-6-3-2");
    assert_eq!(low("4♦").name(), "4");
}
