//! Samba's rules as pure functions.
//!
//! * 162 cards: three decks and six jokers ([`Pack::SAMBA`]).
//! * Meld values: joker 50, 2 (wild) 20, ace 20, K Q J 10 9 8 10, 7 6 5 4 5, black 3 5; red 3s are bonus
//!   cards (100 each, 1,000 for all six).
//! * Sets: 3-7 cards of one rank 4..A, at most two wilds (jokers and 2s), at least two naturals.
//!   Sequences: 3-7 of one suit, 4..A, ace high only, no wilds. Seven cards close a canasta (set) or a
//!   samba (sequence). Black 3s only by a player going out, 3..=`black3_meld_max` natural black 3s.
//! * Initial meld minimum by the partnership's score (reached): < 0 → 15, < 1,500 → 50,
//!   < 3,000 → 90, < 7,000 → 120, else 160.
//! * The pile: never under a wild card or a black 3; frozen (a red 3 or a wild inside) → a natural pair of
//!   the top's rank from hand; unfrozen → that pair, or the top alone extends a partnership meld. A take
//!   is offered only if the turn can be finished: one that would leave fewer than two cards is legal
//!   only when going out is, and a partnership that has not melded must be able to reach its
//!   minimum with the top's set and melds from the hand ([`initial_meld_reachable`]).
//! * Going out needs two canastas/sambas (counting those completed that turn).

use crate::rummy::bag::{kind_of, rank_of, suit_of, KindCounts, Pack, JOKER};
use crate::rummy::meld::{Run, RunRules, SetRules};

/// The pack.
pub const PACK: Pack = Pack::SAMBA;

/// Sets.
pub const SET: SetRules = SetRules {
    min_len: 3,
    max_len: 7,
    max_wild: 2,
    min_natural: 2,
    twos_wild: true,
    lowest_rank: 4,
};
/// Sequences.
pub const SEQUENCE: RunRules = RunRules {
    min_len: 3,
    max_len: 7,
    ace_low: false,
    lowest_rank: 4,
    max_wild: 0,
};

/// Whether a kind is a red 3 (a bonus card, never in a meld).
pub fn is_red_three(kind: u8) -> bool {
    kind != JOKER && rank_of(kind) == 3 && matches!(suit_of(kind), 1 | 2)
}
/// Whether a kind is a black 3.
pub fn is_black_three(kind: u8) -> bool {
    kind != JOKER && rank_of(kind) == 3 && matches!(suit_of(kind), 0 | 3)
}
/// Whether a kind is wild (a joker or a 2).
pub fn is_wild(kind: u8) -> bool {
    crate::rummy::meld::is_wild(kind, true)
}

/// Meld value of a card (red 3s: 0, they score as bonuses).
pub fn card_value(kind: u8) -> i32 {
    if kind == JOKER {
        return 50;
    }
    match rank_of(kind) {
        2 | 14 => 20,
        8..=13 => 10,
        4..=7 => 5,
        _ if is_black_three(kind) => 5,
        _ => 0,
    }
}

/// Meld value of a multiset.
pub fn value(counts: &KindCounts) -> i32 {
    crate::rummy::meld::value_of(counts, card_value)
}

/// The initial meld minimum for a partnership with `score` at the start of the hand.
pub fn initial_minimum(score: i32) -> i32 {
    match score {
        s if s < 0 => 15,
        s if s < 1500 => 50,
        s if s < 3000 => 90,
        s if s < 7000 => 120,
        _ => 160,
    }
}

/// Whether `kinds` is a legal black-3 meld (only for a player going out this turn).
pub fn is_black_three_meld(kinds: &[u8], black3_meld_max: usize) -> bool {
    (3..=black3_meld_max).contains(&kinds.len()) && kinds.iter().all(|&k| is_black_three(k))
}

/// A partnership meld as the pile rule sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TeamMeld {
    /// A set of this rank with this many cards.
    Set { rank: u8, len: u8 },
    /// A sequence.
    Sequence(Run),
}

impl TeamMeld {
    /// Whether the natural `kind` alone can be added (a set under seven, or a sequence end).
    pub fn takes(&self, kind: u8) -> bool {
        if is_wild(kind) || kind == JOKER {
            return false;
        }
        match *self {
            TeamMeld::Set { rank, len } => len < 7 && rank_of(kind) == rank,
            TeamMeld::Sequence(run) => run.fits_low(kind, &SEQUENCE) || run.fits_high(kind, &SEQUENCE),
        }
    }
}

/// The facts the pile rule needs.
#[derive(Clone, Debug)]
pub struct PileView<'a> {
    /// The top card's kind.
    pub top: u8,
    /// A red 3 or a wild card lies in the pile (or the partnership has not melded and
    /// `frozen_until_initial_meld` is on).
    pub frozen: bool,
    /// The partnership's melds.
    pub melds: &'a [TeamMeld],
    /// Canastas and sambas the partnership has.
    pub closed: usize,
    /// Cards in the pile, the top included (all but the top go into the hand).
    pub len: usize,
    /// The partnership's initial-meld minimum while it has not melded this hand (`None` once it has).
    pub minimum: Option<i32>,
}

/// Whether a player holding `hand` may take the pile: only if the turn can then be finished legally
/// With a natural pair the top forms a new set (two hand cards join it); otherwise the top goes
/// on a meld. Either way the player must keep two cards afterwards unless going out is legal (two
/// canastas or sambas, counting one the top completes). A partnership that has not melded
/// (`minimum` is `Some`) must reach its initial minimum with the top's new set and other melds from
/// the hand alone ([`initial_meld_reachable`]).
pub fn may_take_pile(hand: &KindCounts, pile: &PileView) -> bool {
    let top = pile.top;
    if top == JOKER || is_wild(top) || is_black_three(top) || is_red_three(top) {
        return false;
    }
    let rank = rank_of(top);
    let pair = (0..4).map(|s| hand.get(kind_of(s, rank))).sum::<u8>() >= 2;
    // Cards held after the compulsory meld of the top: the pile below the top joins the hand, and with
    // a pair two hand cards go into the new set.
    let below = pile.len as i64 - 1;
    let held = hand.total() as i64;
    if let Some(minimum) = pile.minimum {
        // Before the initial meld the waiting pile is not in hand yet, but the keep-two rule counts it
        // (it joins the hand as soon as the minimum is reached). Going out on the initial-meld turn
        // needs two canastas from this hand; with fourteen cards or more that is not ruled out here, and
        // the cap is lifted (the meld steps still enforce the rule).
        let cap = if held + 1 + below >= 14 {
            usize::MAX
        } else {
            (held + below - 2).max(0) as usize
        };
        return pair && initial_meld_reachable(hand, top, minimum, cap);
    }
    let by_pair = pair && (held + below - 2 >= 2 || pile.closed >= 2);
    let by_meld = !pile.frozen
        && pile.melds.iter().any(|m| {
            let closes = matches!(*m, TeamMeld::Set { len: 6, .. })
                || matches!(*m, TeamMeld::Sequence(run) if run.len == 6);
            m.takes(top) && (held + below >= 2 || pile.closed + closes as usize >= 2)
        });
    by_pair || by_meld
}

/// Meld value of the kinds a search may still use (naturals of rank 4..A and wild cards).
fn usable_value(h: &KindCounts) -> i32 {
    (0..53u8)
        .filter(|&k| k == JOKER || rank_of(k) == 2 || rank_of(k) >= 4)
        .map(|k| h.get(k) as i32 * card_value(k))
        .sum()
}

/// Whether a partnership that has not melded can reach `minimum` after taking the pile under `top`:
/// a new set of the top and at least two natural cards of its rank from `hand` (up to two wild cards
/// beside them), plus any other sets and sequences from `hand`, worth `minimum` together, using at
/// most `cap` cards of the hand (the keep-two rule; the cards below the top do not count).
/// An exact search over the melds the hand can form; past a large node budget (hands of many dozen
/// cards) it answers `true`, and the meld steps, which are checked one by one, still decide.
pub fn initial_meld_reachable(hand: &KindCounts, top: u8, minimum: i32, cap: usize) -> bool {
    let r = rank_of(top);
    let mut search = Search {
        target: minimum,
        cap,
        nodes: 0,
    };
    let mut h = *hand;
    let top_value = card_value(top);
    // The top's set: x naturals of each suit from hand (at least two in all), then wild cards.
    let c: [u8; 4] = std::array::from_fn(|s| hand.get(kind_of(s as u8, r)));
    for x0 in 0..=c[0] {
        for x1 in 0..=c[1] {
            for x2 in 0..=c[2] {
                for x3 in 0..=c[3] {
                    let x = [x0, x1, x2, x3];
                    let n: u8 = x.iter().sum();
                    if !(2..=6).contains(&n) {
                        continue;
                    }
                    for (s, &xs) in x.iter().enumerate() {
                        for _ in 0..xs {
                            h.take(kind_of(s as u8, r));
                        }
                    }
                    let nat = top_value + n as i32 * card_value(kind_of(0, r));
                    if search.with_wilds(&mut h, nat, n as usize, 1 + n as usize) {
                        return true;
                    }
                    h = *hand;
                }
            }
        }
    }
    false
}

/// Budget of search nodes for [`initial_meld_reachable`].
const SEARCH_NODES: u32 = 20_000;

struct Search {
    target: i32,
    cap: usize,
    nodes: u32,
}

impl Search {
    /// Adds 0..=2 wild cards (jokers first: worth more) to a set of `size` cards worth `value` that
    /// used `used` hand cards, then searches the rest of the hand.
    fn with_wilds(&mut self, h: &mut KindCounts, value: i32, used: usize, size: usize) -> bool {
        let twos: [u8; 4] = std::array::from_fn(|s| kind_of(s as u8, 2));
        let saved = *h;
        let mut v = value;
        let mut u = used;
        for w in 0..=2usize {
            if w > 0 {
                if size + w > 7 {
                    break;
                }
                let k = if h.jokers() > 0 {
                    JOKER
                } else if let Some(&t) = twos.iter().find(|&&t| h.get(t) > 0) {
                    t
                } else {
                    break;
                };
                h.take(k);
                v += card_value(k);
                u += 1;
            }
            if size + w >= 3 && u <= self.cap && self.melds(h, v, u) {
                *h = saved;
                return true;
            }
        }
        *h = saved;
        false
    }

    /// Whether further sets and sequences from `h` bring `value` (with `used` hand cards so far) to
    /// the target within the cap.
    fn melds(&mut self, h: &mut KindCounts, value: i32, used: usize) -> bool {
        if value >= self.target {
            return true;
        }
        self.nodes += 1;
        if self.nodes > SEARCH_NODES {
            return true;
        }
        if used >= self.cap || value + usable_value(h) < self.target {
            return false;
        }
        // The lowest natural left (rank 4..A): it starts a sequence, joins a set of its rank, or stays.
        let Some(k) = (0..52u8).find(|&k| rank_of(k) >= 4 && h.get(k) > 0) else {
            return false;
        };
        let (suit, r) = (suit_of(k), rank_of(k));
        let saved = *h;
        for len in (3..=7u8).rev() {
            if r + len - 1 > 14 || (0..len).any(|i| h.get(kind_of(suit, r + i)) == 0) {
                continue;
            }
            let mut v = value;
            for i in 0..len {
                let kk = kind_of(suit, r + i);
                h.take(kk);
                v += card_value(kk);
            }
            let ok = used + len as usize <= self.cap && self.melds(h, v, used + len as usize);
            *h = saved;
            if ok {
                return true;
            }
        }
        // A set holding k: x more naturals of each suit of its rank (k's own suit counts k itself).
        let c: [u8; 4] = std::array::from_fn(|s| h.get(kind_of(s as u8, r)));
        let own = suit as usize;
        for x0 in 0..=c[0] {
            for x1 in 0..=c[1] {
                for x2 in 0..=c[2] {
                    for x3 in 0..=c[3] {
                        let x = [x0, x1, x2, x3];
                        let n: u8 = x.iter().sum();
                        if x[own] == 0 || !(2..=7).contains(&n) {
                            continue;
                        }
                        for (s, &xs) in x.iter().enumerate() {
                            for _ in 0..xs {
                                h.take(kind_of(s as u8, r));
                            }
                        }
                        let v = value + n as i32 * card_value(k);
                        let ok = self.with_wilds(h, v, used + n as usize, n as usize);
                        *h = saved;
                        if ok {
                            return true;
                        }
                    }
                }
            }
        }
        // k stays in hand.
        h.take(k);
        let ok = self.melds(h, value, used);
        *h = saved;
        ok
    }
}

/// Everything a partnership's hand score depends on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandTally {
    /// Card values of everything melded (canastas and sambas included).
    pub melded: i32,
    pub natural_canastas: u32,
    pub mixed_canastas: u32,
    pub sambas: u32,
    /// Red 3s laid out by the partnership.
    pub red_threes: u32,
    pub went_out: bool,
    /// Card values left in both partners' hands.
    pub in_hand: i32,
}

/// A partnership's score for the hand. `samba_bonus`: 500 (`ruleset=seed`) or 1,500 (standard Samba).
pub fn hand_score(t: &HandTally, samba_bonus: i32) -> i32 {
    let closed = t.natural_canastas + t.mixed_canastas + t.sambas;
    let red = if t.red_threes == 6 {
        1000
    } else {
        100 * t.red_threes as i32
    };
    let red = if closed >= 2 { red } else { -red };
    t.melded
        + 500 * t.natural_canastas as i32
        + 300 * t.mixed_canastas as i32
        + samba_bonus * t.sambas as i32
        + red
        + if t.went_out { 200 } else { 0 }
        - t.in_hand
}

/// Whether a partnership may go out: two canastas or sambas, counting those completed this turn.
pub fn may_go_out(closed_after_turn: usize) -> bool {
    closed_after_turn >= 2
}

/// The match result after a hand: `Some(team)` once a partnership has reached `target` (10,000 by
/// default) with the higher total; `None` while nobody has, or when the totals are tied (another hand).
pub fn match_winner(totals: [i32; 2], target: i32) -> Option<usize> {
    if totals[0].max(totals[1]) < target || totals[0] == totals[1] {
        return None;
    }
    Some((totals[1] > totals[0]) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::bag::parse_kind;
    use crate::rummy::meld::{is_run, run_layouts, set_rank};

    fn k(text: &str) -> Vec<u8> {
        text.split_whitespace().map(|t| parse_kind(t).unwrap()).collect()
    }

    #[test]
    fn the_pack_has_six_red_threes_and_is_worth_1770_without_them() {
        let counts = PACK.all().counts(PACK);
        assert_eq!(PACK.len(), 162);
        let red: u32 = (0..53u8)
            .filter(|&x| is_red_three(x))
            .map(|x| counts.get(x) as u32)
            .sum();
        assert_eq!(red, 6);
        assert_eq!(value(&counts), 1770);
        // 15 each to four players and the upcard leave a 101-card stock.
        assert_eq!(PACK.len() - 15 * 4 - 1, 101);
    }

    #[test]
    fn the_initial_minimum_table_at_its_boundaries() {
        for (score, min) in [
            (-5, 15),
            (0, 50),
            (1495, 50),
            (1500, 90),
            (2995, 90),
            (3000, 120),
            (6995, 120),
            (7000, 160),
        ] {
            assert_eq!(initial_minimum(score), min, "{score}");
        }
    }

    #[test]
    fn sets_and_sequences_follow_the_samba_limits() {
        assert!(set_rank(&k("5S 5H 2C"), &SET).is_some());
        assert!(set_rank(&k("5S 5H 2C X"), &SET).is_some());
        assert!(set_rank(&k("5S 2C X"), &SET).is_none());
        assert!(set_rank(&k("5S 5H 5D 2C 2D X"), &SET).is_none());
        assert!(!is_run(&k("4H 5H 2H"), &SEQUENCE));
        assert!(!is_run(&k("KH AH 4H"), &SEQUENCE));
        assert!(is_black_three_meld(&k("3S 3C 3S"), 4));
        assert!(is_black_three_meld(&k("3S 3C 3S 3C"), 4));
        assert!(!is_black_three_meld(&k("3S 3C 3S 3C 3S"), 4));
        assert!(!is_black_three_meld(&k("3S 3C 3H"), 4), "a red 3 is never melded");
    }

    #[test]
    fn a_pair_of_the_tops_rank_never_takes_a_wild_or_black_three_top() {
        // A 2 on top with two 2s in hand, a joker on top (a joker counts as rank 2 in the pair check)
        // with two 2s, a black 3 on top with two black 3s: a natural pair of that rank is no licence.
        for (hand, top) in [("2S 2H 9C 9D", "2D"), ("2S 2H 9C 9D", "X"), ("3S 3C 9C 9D", "3S")] {
            let hand = KindCounts::of(&k(hand));
            for minimum in [None, Some(15)] {
                let view = PileView {
                    top: parse_kind(top).unwrap(),
                    frozen: false,
                    melds: &[],
                    closed: 2,
                    len: 6,
                    minimum,
                };
                assert!(!may_take_pile(&hand, &view), "{top} {minimum:?}");
            }
        }
        // The same pair licence for a natural top (the control).
        let view = PileView {
            top: parse_kind("9S").unwrap(),
            frozen: true,
            melds: &[],
            closed: 2,
            len: 6,
            minimum: None,
        };
        assert!(may_take_pile(&KindCounts::of(&k("9C 9D 4S 5S")), &view));
    }

    #[test]
    fn the_pile_is_never_taken_under_a_wild_or_black_three_and_frozen_needs_a_pair() {
        let hand = KindCounts::of(&k("9S 9H 4C 5D 6H"));
        let melds = [TeamMeld::Set { rank: 10, len: 4 }];
        let view = |top: &str, frozen: bool| PileView {
            top: parse_kind(top).unwrap(),
            frozen,
            melds: &melds,
            closed: 0,
            len: 5,
            minimum: None,
        };
        assert!(
            may_take_pile(&hand, &view("9D", true)),
            "a natural pair takes a frozen pile"
        );
        assert!(
            !may_take_pile(&hand, &view("TD", true)),
            "frozen: adding to a meld is not enough"
        );
        assert!(
            may_take_pile(&hand, &view("TD", false)),
            "unfrozen: the top alone extends the set of 10s"
        );
        for top in ["2D", "X", "3S", "3C"] {
            assert!(!may_take_pile(&hand, &view(top, false)), "{top}");
        }
        // A set of seven (a canasta) takes nothing more.
        let full = [TeamMeld::Set { rank: 10, len: 7 }];
        assert!(!may_take_pile(
            &hand,
            &PileView {
                top: parse_kind("TD").unwrap(),
                frozen: false,
                melds: &full,
                closed: 1,
                len: 5,
                minimum: None,
            }
        ));
        // A sequence end, but not to start or extend a sequence with hand cards.
        let mut runs = Vec::new();
        run_layouts(&k("6H 7H 8H"), 0, &SEQUENCE, &mut runs);
        let seq = [TeamMeld::Sequence(runs[0])];
        let on = |top: &str| PileView {
            top: parse_kind(top).unwrap(),
            frozen: false,
            melds: &seq,
            closed: 0,
            len: 5,
            minimum: None,
        };
        assert!(may_take_pile(&hand, &on("9H")));
        assert!(may_take_pile(&hand, &on("5H")));
        assert!(!may_take_pile(&hand, &on("TH")));
    }

    #[test]
    fn a_take_that_empties_the_hand_needs_two_canastas() {
        // Only a natural pair of 9s, a one-card pile topped by a 9.
        let hand = KindCounts::of(&k("9S 9H"));
        let take = |closed| {
            may_take_pile(
                &hand,
                &PileView {
                    top: parse_kind("9D").unwrap(),
                    frozen: false,
                    melds: &[],
                    closed,
                    len: 1,
                    minimum: None,
                },
            )
        };
        assert!(!take(1));
        assert!(take(2));
    }

    #[test]
    fn the_example_hand_scores_1570_or_2570_with_the_standard_samba_bonus() {
        // Natural K canasta 70 + 500; hearts samba 8-A 80 + 500; 5-5-5-2 35; went out 200; two red 3s
        // 200; partner holds J and 4: -15.
        let canasta = value(&KindCounts::of(&k("KS KS KH KH KD KC KC")));
        let samba = value(&KindCounts::of(&k("8H 9H TH JH QH KH AH")));
        let set = value(&KindCounts::of(&k("5S 5H 5D 2C")));
        assert_eq!((canasta, samba, set), (70, 80, 35));
        let tally = HandTally {
            melded: canasta + samba + set,
            natural_canastas: 1,
            sambas: 1,
            red_threes: 2,
            went_out: true,
            in_hand: value(&KindCounts::of(&k("JD 4C"))),
            ..HandTally::default()
        };
        assert_eq!(hand_score(&tally, 500), 1570);
        assert_eq!(hand_score(&tally, 1500), 2570);
    }

    #[test]
    fn red_threes_count_against_a_partnership_without_two_canastas() {
        let one = HandTally {
            natural_canastas: 1,
            red_threes: 2,
            ..HandTally::default()
        };
        assert_eq!(hand_score(&one, 500), 500 - 200);
        let all = HandTally {
            mixed_canastas: 2,
            red_threes: 6,
            ..HandTally::default()
        };
        assert_eq!(hand_score(&all, 500), 600 + 1000);
        let none = HandTally {
            red_threes: 6,
            ..HandTally::default()
        };
        assert_eq!(hand_score(&none, 500), -1000);
    }

    #[test]
    fn going_out_needs_two_closed_melds_and_the_match_ends_at_the_target() {
        assert!(!may_go_out(1));
        assert!(may_go_out(2));
        assert_eq!(match_winner([9995, 9000], 10000), None);
        assert_eq!(match_winner([10000, 9000], 10000), Some(0));
        assert_eq!(match_winner([10200, 10400], 10000), Some(1));
        assert_eq!(match_winner([10200, 10200], 10000), None, "tied: another hand");
    }
}
