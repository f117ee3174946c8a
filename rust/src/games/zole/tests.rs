//! Concrete situations: the contract phase, effective suits, worked settlement numbers, the pool
//! and the match ledger.

use super::*;
use crate::cards::CardSet;
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;
use crate::core::Registered;
use crate::trick::queen_jack::TRUMP_SUIT;

fn game(spec: &str) -> Zole {
    Zole::from_game_string(spec).unwrap()
}

fn rules(spec: &str) -> ZoleRules {
    game(spec).rules().clone()
}

use crate::trick::testing::{act, card as c, cards as set, random_game_dealers};

fn legal_names(st: &ZoleState) -> Vec<String> {
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    let mut n: Vec<String> = v.iter().map(|&a| st.action_to_string(a)).collect();
    n.sort();
    n
}

const H0: &str = "Q♣ Q♠ J♣ A♦ 10♦ A♣ 10♣ A♥";
const H1: &str = "Q♥ J♠ J♥ K♦ 9♦ K♣ 9♣ A♠";
const H2: &str = "Q♦ J♦ 8♦ 7♦ 10♥ K♥ 9♥ 10♠";
const TALON: &str = "K♠ 9♠";

/// Deals `H0..H2` and `TALON` in the pagat order (dealer seat 2): 4 each from F, talon, 4 each.
fn dealt(spec: &str) -> ZoleState {
    let mut st = game(spec).new_initial_state();
    let h: Vec<Vec<&str>> = [H0, H1, H2]
        .iter()
        .map(|s| s.split_whitespace().collect())
        .collect();
    let mut order: Vec<&str> = h.iter().flat_map(|x| x[..4].iter().copied()).collect();
    order.extend(TALON.split_whitespace());
    order.extend(h.iter().flat_map(|x| x[4..].iter().copied()));
    for n in order {
        assert_eq!(st.current_player(), Player::Chance);
        act(&mut st, &[n]);
    }
    st
}

#[test]
fn deck_trumps_and_points() {
    let st = game("zole").new_initial_state();
    let r = st.rules();
    assert_eq!(r.deck().len(), 26);
    let trumps: Vec<Card> = "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦"
        .split_whitespace()
        .map(|n| c(&st, n))
        .collect();
    assert!(trumps
        .windows(2)
        .all(|w| r.trumps().strength[w[0].idx()] > r.trumps().strength[w[1].idx()]));
    assert_eq!(
        r.trumps().masks[TRUMP_SUIT as usize],
        trumps.iter().copied().collect::<CardSet>()
    );
    for suit in ["♣", "♥", "♠"] {
        let plain: Vec<Card> = ["A", "10", "K", "9"]
            .iter()
            .map(|x| c(&st, &format!("{x}{suit}")))
            .collect();
        assert!(plain
            .windows(2)
            .all(|w| r.trumps().strength[w[0].idx()] > r.trumps().strength[w[1].idx()]));
        assert_eq!(
            r.trumps().masks[r.deck().suit(plain[0]) as usize],
            plain.iter().copied().collect::<CardSet>()
        );
    }
    assert_eq!(r.trumps().points_of(r.deck().all()), 120);
}

#[test]
fn deal_in_packets_of_four_with_the_talon_in_the_middle() {
    let r = rules("zole");
    let slots: Vec<Option<Slot>> = (0..27).map(|k| r.deal_slot(2, k)).collect();
    let h = |s| Some(Slot::Hand(s));
    let mut want: Vec<Option<Slot>> = [0, 1, 2].iter().flat_map(|&s| [h(s); 4]).collect();
    want.extend([Some(Slot::Talon); 2]);
    want.extend([0, 1, 2].iter().flat_map(|&s| [h(s); 4]));
    want.push(None);
    assert_eq!(slots, want);
    let st = dealt("zole");
    for (s, hand) in [H0, H1, H2].iter().enumerate() {
        assert_eq!(st.core.hands[s], set(&st, hand));
    }
    assert_eq!(st.core.talon, set(&st, TALON));
    assert_eq!(st.current_player(), Player::Seat(0), "F speaks first");
    assert_eq!(legal_names(&st), ["pass", "take", "zole"]);
    let st = dealt("zole(enable_maza_zole=true)");
    assert_eq!(legal_names(&st), ["maza zole", "pass", "take", "zole"]);
}

#[test]
fn take_then_discard_two_and_f_leads() {
    let mut st = dealt("zole");
    act(&mut st, &["pass", "take"]);
    assert_eq!(st.extra.lielais, Some(1));
    assert_eq!(st.core.hands[1].len(), 10);
    let legal = legal_names(&st);
    assert_eq!(legal.len(), 10);
    assert!(legal.iter().all(|n| n.starts_with("discard ")));
    act(&mut st, &["discard A♠", "discard K♣"]);
    assert_eq!(st.core.talon, set(&st, "A♠ K♣"));
    assert_eq!(
        st.current_player(),
        Player::Seat(0),
        "F leads even as a small one"
    );
    assert!(
        st.observation_string(1).contains("discards: K♣ A♠")
            || st.observation_string(1).contains("discards: A♠ K♣")
    );
    assert!(!st.observation_string(0).contains("discards"));
    assert!(!st.observation_string(2).contains("A♠"));
}

#[test]
fn zole_leaves_the_talon_unseen_and_the_dealer_speaks_last() {
    let mut st = dealt("zole");
    act(&mut st, &["pass", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(2));
    act(&mut st, &["zole"]);
    assert_eq!(st.extra.contract, Contract::Zole);
    assert_eq!(st.core.hands[2].len(), 8);
    assert_eq!(st.core.talon, set(&st, TALON));
    assert_eq!(st.current_player(), Player::Seat(0));
    assert!(
        !st.observation_string(2).contains("K♠"),
        "not even the lielais sees the talon"
    );
}

#[test]
fn effective_suit_following() {
    let mut st = dealt("zole");
    act(&mut st, &["zole", "A♥"]);
    // Seat 1's hearts are Q♥ and J♥, both trumps: void in hearts, anything goes.
    assert_eq!(legal_names(&st).len(), 8);
    act(&mut st, &["A♠"]);
    // Seat 2 holds 10♥ K♥ 9♥ and must follow.
    assert_eq!(legal_names(&st), ["10♥", "9♥", "K♥"]);
    let err = st.apply_action(st.string_to_action("Q♦").unwrap()).unwrap_err();
    assert!(err.to_string().contains("must follow suit ♥"), "{err}");
    act(&mut st, &["10♥"]);
    assert_eq!(st.core.leader, 0);
    // Trump led (Q♣): seat 1 must play one of its trumps, jacks and diamonds alike.
    act(&mut st, &["Q♣"]);
    assert_eq!(legal_names(&st), ["9♦", "J♠", "J♥", "K♦", "Q♥"]);
    act(&mut st, &["9♦", "7♦"]);
    // Clubs led: seat 1 has K♣ 9♣; seat 2 has no club and plays anything (a trump wins).
    act(&mut st, &["A♣"]);
    assert_eq!(legal_names(&st), ["9♣", "K♣"]);
    act(&mut st, &["9♣", "8♦"]);
    assert_eq!(st.core.leader, 2, "8♦ trumps the ace of clubs");
}

fn hand(contract: Contract, lp: i32, sp: i32, lt: usize, st: usize) -> HandResult {
    HandResult {
        contract,
        lielais_points: lp,
        small_points: sp,
        lielais_tricks: lt,
        small_tricks: st,
    }
}

#[test]
fn worked_settlements_of_the_rules_file() {
    let seed = rules("zole");
    let no_trick = rules("zole(top_tier=no_trick)");
    let lv = rules("zole(ruleset=classic_lv)");
    // (result, seed, classic_lv) per opponent; the lielais gets twice, each small one minus once.
    let cases = [
        (hand(Contract::Take, 74, 46, 5, 3), 1, 1),
        (hand(Contract::Zole, 95, 25, 6, 2), 6, 6),
        (hand(Contract::Take, 48, 72, 3, 5), -1, -2),
        (hand(Contract::Zole, 25, 95, 1, 7), -6, -7),
        (hand(Contract::Zole, 106, 14, 8, 0), 6, 7),
        // 60:60 goes to the small ones, tier 1.
        (hand(Contract::Take, 60, 60, 4, 4), -1, -2),
        // The lielais takes nothing: classic −4 per opponent; seed: the small ones hold 120, tier 3.
        (hand(Contract::Take, 0, 120, 0, 8), -3, -4),
        (hand(Contract::Take, 14, 106, 0, 8), -2, -4),
        (hand(Contract::Zole, 0, 120, 0, 8), -7, -8),
        (hand(Contract::Take, 120, 0, 8, 0), 3, 3),
        (hand(Contract::Take, 25, 95, 2, 6), -2, -3),
    ];
    for (h, s, l) in cases {
        assert_eq!(seed.per_opponent(&h), s, "seed {h:?}");
        assert_eq!(lv.per_opponent(&h), l, "classic {h:?}");
    }
    assert_eq!(no_trick.per_opponent(&hand(Contract::Zole, 106, 14, 8, 0)), 7);
    assert_eq!(no_trick.per_opponent(&hand(Contract::Take, 14, 106, 0, 8)), -3);
    // Mazā zole: +6 for no trick, −7 otherwise, under both scorings.
    for r in [&seed, &lv] {
        assert_eq!(r.per_opponent(&hand(Contract::MazaZole, 0, 0, 0, 5)), 6);
        assert_eq!(r.per_opponent(&hand(Contract::MazaZole, 0, 0, 1, 4)), -7);
    }
}

/// Scores a hand from given piles (the card play is tested above) with `pool` chips pending.
fn settle(
    spec: &str,
    contract: Contract,
    lielais: usize,
    won: [&str; 3],
    talon: &str,
    pool: f64,
) -> ([f64; 3], f64) {
    let mut st = dealt(spec);
    for (s, w) in won.iter().enumerate() {
        st.core.hands[s] = CardSet::EMPTY;
        st.core.won[s] = set(&st, w);
    }
    st.core.talon = set(&st, talon);
    st.core.tricks_played = TRICKS;
    st.match_state.pool = pool;
    st.extra = ZoleExtra {
        contract,
        auction: FirstTaker::default(),
        lielais: Some(lielais),
        discarded: 2,
        pool_paid: [0.0; 3],
    };
    let r = st.rules().clone();
    assert_eq!(r.after_trick(st.parts_mut()), Effect::EndDeal);
    let out = r.score_deal(st.view()).returns;
    ([out[0], out[1], out[2]], st.match_state.pool)
}

#[test]
fn discards_count_for_the_taker_and_the_talon_for_the_small_ones() {
    // Seat 1 took: tricks 11+10+11+4+3+2+2+10 = 53 (A♣ 10♣ A♦ K♦ Q♥ J♠ J♥ 10♦ and four 0-point
    // cards), discards A♠ 10♠ (21): 74, tier 1, +2 / −1 each.
    let won1 = "A♣ 10♣ A♦ K♦ Q♥ J♠ J♥ 10♦ 9♣ 9♦ 8♦ 7♦";
    let won0 = "Q♣ Q♠ J♣ A♥ 10♥ K♥ 9♥ Q♦ J♦";
    let won2 = "K♣ K♠ 9♠";
    let (r, _) = settle("zole", Contract::Take, 1, [won0, won1, won2], "A♠ 10♠", 0.0);
    assert_eq!(r, [-1.0, 2.0, -1.0]);
    // Without the discards the taker has 53 and loses.
    let (r, _) = settle(
        "zole(discards_count_only_if_lielais_takes_trick=true)",
        Contract::Take,
        1,
        [won0, won1, won2],
        "A♠ 10♠",
        0.0,
    );
    assert_eq!(
        r,
        [-1.0, 2.0, -1.0],
        "the taker took tricks, so the discards still count"
    );
    // Zole: the same piles but the talon belongs to the small ones: 53 for the lielais, a loss of 5.
    let (r, _) = settle("zole", Contract::Zole, 1, [won0, won1, won2], "A♠ 10♠", 0.0);
    assert_eq!(r, [5.0, -10.0, 5.0]);
}

#[test]
fn the_thresholds_61_and_30_at_their_boundaries_through_the_scoring_path() {
    // Seat 1 took; its discards 9♠ 9♥ are worth nothing, so its pile is exactly its tricks.
    let talon = "9♠ 9♥";
    // (lielais's tricks, seat 0's, seat 2's, seed returns, classic returns)
    let cases = [
        // 61 wins (tier 1 both ways).
        (
            "A♣ 10♣ A♠ 10♠ A♥ K♥ J♠ J♥ 9♣",
            "K♣ Q♣ J♣ K♠ Q♠ 10♥",
            "Q♥ A♦ 10♦ K♦ Q♦ J♦ 9♦ 8♦ 7♦",
            [-1.0, 2.0, -1.0],
            [-1.0, 2.0, -1.0],
        ),
        // 60 loses: the small ones' 60 is tier 1 (seed); classic −2 per opponent.
        (
            "A♣ 10♣ A♠ 10♠ A♥ K♥ Q♦ 9♣ 9♦",
            "K♣ Q♣ J♣ K♠ Q♠ J♠",
            "10♥ Q♥ J♥ A♦ 10♦ K♦ J♦ 8♦ 7♦",
            [1.0, -2.0, 1.0],
            [2.0, -4.0, 2.0],
        ),
        // 30: the small ones hold 90, still tier 1 (seed); classic: 30 or less is −3.
        (
            "A♣ 10♣ K♥ Q♥ J♥ 9♣",
            "K♣ Q♣ J♣ A♠ 10♠ K♠ Q♠ J♠ A♥",
            "10♥ A♦ 10♦ K♦ Q♦ J♦ 9♦ 8♦ 7♦",
            [1.0, -2.0, 1.0],
            [3.0, -6.0, 3.0],
        ),
        // 29: the small ones hold 91, tier 2 (seed).
        (
            "A♣ 10♣ K♥ K♠ 9♣ 9♦",
            "K♣ Q♣ J♣ A♠ 10♠ Q♠ J♠ A♥ 10♥",
            "Q♥ J♥ A♦ 10♦ K♦ Q♦ J♦ 8♦ 7♦",
            [2.0, -4.0, 2.0],
            [3.0, -6.0, 3.0],
        ),
    ];
    for (won1, won0, won2, seed, classic) in cases {
        let (r, _) = settle("zole", Contract::Take, 1, [won0, won1, won2], talon, 0.0);
        assert_eq!(r, seed, "seed scoring, lielais pile {won1}");
        let (r, _) = settle(
            "zole(ruleset=classic_lv)",
            Contract::Take,
            1,
            [won0, won1, won2],
            talon,
            0.0,
        );
        assert_eq!(r, classic, "classic scoring, lielais pile {won1}");
    }
}

#[test]
fn in_a_zole_the_talon_lifts_the_small_ones_to_the_91_tier() {
    // The lielais (seat 1) has 29 in tricks; the small ones 70 in tricks plus the talon's 21: 91.
    let won1 = "A♣ 10♣ K♥ K♠ 9♣ 9♦";
    let won0 = "K♣ Q♣ J♣ Q♠ J♠ A♥ 10♥ Q♥ J♥";
    let won2 = "9♠ 9♥ A♦ 10♦ K♦ Q♦ J♦ 8♦ 7♦";
    let (r, _) = settle("zole", Contract::Zole, 1, [won0, won1, won2], "A♠ 10♠", 0.0);
    assert_eq!(r, [6.0, -12.0, 6.0], "tier 2 plus 4 for the zole");
}

#[test]
fn a_hand_result_counts_tricks_and_points_per_side() {
    let mut st = dealt("zole");
    for (s, w) in [
        "K♣ Q♣ J♣ Q♠ J♠ A♥ 10♥ Q♥ J♥",
        "A♣ 10♣ K♥ K♠ 9♣ 9♦",
        "9♠ 9♥ A♦ 10♦ K♦ Q♦ J♦ 8♦ 7♦",
    ]
    .iter()
    .enumerate()
    {
        st.core.hands[s] = CardSet::EMPTY;
        st.core.won[s] = set(&st, w);
    }
    st.core.talon = set(&st, "A♠ 10♠");
    st.extra.contract = Contract::Take;
    st.extra.lielais = Some(1);
    let h = st.rules().hand_result(&st.core, &st.extra).unwrap();
    assert_eq!((h.lielais_tricks, h.small_tricks), (2, 6));
    assert_eq!((h.lielais_points, h.small_points), (29 + 21, 70));
}

#[test]
fn the_91_tier_at_its_boundary() {
    let seed = rules("zole");
    let lv = rules("zole(ruleset=classic_lv)");
    for r in [&seed, &lv] {
        assert_eq!(
            r.per_opponent(&hand(Contract::Take, 91, 29, 6, 2)),
            2,
            "91 is tier 2"
        );
        assert_eq!(
            r.per_opponent(&hand(Contract::Take, 90, 30, 6, 2)),
            1,
            "90 is tier 1"
        );
    }
    // Classic losses: 31 is −2, 30 is −3.
    assert_eq!(lv.per_opponent(&hand(Contract::Take, 31, 89, 2, 6)), -2);
    assert_eq!(lv.per_opponent(&hand(Contract::Take, 30, 90, 2, 6)), -3);
    // Seed losses are tiered by the small ones' points: 90 is tier 1, 91 tier 2.
    assert_eq!(seed.per_opponent(&hand(Contract::Take, 30, 90, 2, 6)), -1);
    assert_eq!(seed.per_opponent(&hand(Contract::Take, 29, 91, 2, 6)), -2);
}

#[test]
fn pool_goes_to_the_winners_of_the_next_played_hand() {
    let won1 = "A♣ 10♣ A♦ K♦ Q♥ J♠ J♥ 10♦ 9♣ 9♦ 8♦ 7♦";
    let won0 = "Q♣ Q♠ J♣ A♥ 10♥ K♥ 9♥ Q♦ J♦";
    let won2 = "K♣ K♠ 9♠";
    // The lielais wins: all 3 chips.
    let (r, left) = settle("zole", Contract::Take, 1, [won0, won1, won2], "A♠ 10♠", 3.0);
    assert_eq!((r, left), ([-1.0, 5.0, -1.0], 0.0));
    // The small ones win: one chip each, the odd chip stays.
    let (r, left) = settle("zole", Contract::Zole, 1, [won0, won1, won2], "A♠ 10♠", 3.0);
    assert_eq!((r, left), ([6.0, -10.0, 6.0], 1.0));
    let (r, left) = settle(
        "zole(pool_split_on_small_win=stays_in_pool)",
        Contract::Zole,
        1,
        [won0, won1, won2],
        "A♠ 10♠",
        3.0,
    );
    assert_eq!((r, left), ([5.0, -10.0, 5.0], 3.0));
}

#[test]
fn passed_out_hand_feeds_the_pool_and_the_deal_passes_on() {
    for spec in ["zole(scope=match,hands=3)", "zole"] {
        let mut st = dealt(spec);
        act(&mut st, &["pass", "pass", "pass"]);
        assert_eq!(st.current_player(), Player::Chance, "{spec}: redeal");
        assert_eq!(st.core.dealer, 0, "the next dealer redeals");
        assert_eq!(st.core.ledger[..4], [-1.0, -1.0, -1.0, 0.0]);
        assert_eq!(
            st.match_state.pool, 3.0,
            "the pool is match state, not a ledger slot"
        );
        assert!(st.observation_string(0).contains("pool: 3 chips"));
    }
    // A single deal goes on until a hand is played; its returns include the chip paid to the pool.
    let mut st = dealt("zole");
    act(&mut st, &["pass", "pass", "pass"]);
    let mut rng = Rng::new(1);
    while st.current_player() == Player::Chance {
        let a = st.sample_chance(&mut rng);
        st.apply_action(a).unwrap();
    }
    act(&mut st, &["take"]);
    let l = st.extra.lielais.unwrap();
    while st.current_player() != Player::Terminal {
        let a = st.random_action(&mut rng);
        st.apply_action(a).unwrap();
    }
    let mut ret = [0.0; 3];
    st.returns(&mut ret);
    let pool_left = st.match_state.pool;
    assert_eq!(
        ret.iter().sum::<f64>() + pool_left,
        0.0,
        "{ret:?} + pool {pool_left}"
    );
    let won = ret[l] > 0.0;
    assert_eq!(pool_left, if won { 0.0 } else { 1.0 });
    let mut st = dealt("zole(passed_out=redeal_only,redeal_same_dealer_after_passout=true)");
    act(&mut st, &["pass", "pass", "pass"]);
    assert_eq!(st.core.dealer, 2, "the same dealer deals again");
    assert_eq!(st.core.ledger[..4], [0.0; 4]);
    let (_, raw) = Params::parse_game_string("zole(passed_out=galdins)").unwrap();
    let e = Zole::from_params(Params::resolve(PARAMS, &raw, PRESETS).unwrap()).unwrap_err();
    assert!(e.to_string().contains("not specified"));
}

#[test]
fn maza_zole_ends_at_the_lielais_first_trick() {
    let mut st = dealt("zole(enable_maza_zole=true)");
    act(&mut st, &["maza zole"]);
    assert_eq!(st.extra.lielais, Some(0));
    // Seat 0 leads Q♣, the top trump: it wins the trick and the hand is lost at once.
    act(&mut st, &["Q♣", "Q♥", "Q♦"]);
    assert_eq!(st.current_player(), Player::Terminal);
    let mut ret = [0.0; 3];
    st.returns(&mut ret);
    assert_eq!(ret, [-14.0, 7.0, 7.0]);
}

#[test]
fn match_returns_are_the_chip_totals_and_the_dealer_rotates() {
    let g = game("zole(scope=match,hands=6)");
    for seed in 0..20 {
        let (st, dealers) = random_game_dealers(&g, &mut Rng::new(seed));
        assert_eq!(dealers, [2, 0, 1, 2, 0, 1]);
        let mut ret = [0.0; 3];
        st.returns(&mut ret);
        assert_eq!(ret[..], st.core.ledger[..3]);
        // Chips are conserved: the players' totals plus the pool are zero.
        assert_eq!(ret.iter().sum::<f64>() + st.match_state.pool, 0.0);
    }
}

#[test]
fn greedy_beats_random() {
    let (greedy, random) =
        crate::batch::testing::bot_against_field(&game("zole"), "greedy", "random", 2000, 7);
    assert!(greedy > random + 0.5, "greedy {greedy} vs random {random}");
}

#[test]
fn the_pool_is_kept_across_deals_and_cleared_by_a_new_game() {
    let g = game("zole(scope=match,hands=3)");
    let mut st = dealt("zole(scope=match,hands=3)");
    act(&mut st, &["pass", "pass", "pass"]);
    // The next deal starts with the pool of the passed-out one (per-match state, not per-deal).
    let mut rng = Rng::new(3);
    st.resolve_chance(&mut rng);
    assert_eq!(st.core.deals_done, 1);
    assert_eq!(st.match_state.pool, 3.0);
    assert!(
        st.observation_string(1).contains("pool: 3 chips"),
        "the pool is public"
    );
    g.restart(&mut st);
    assert_eq!(
        st.match_state.pool, 0.0,
        "a restarted game starts with an empty pool"
    );
}

#[test]
fn the_discards_of_a_lielais_without_a_trick_count_only_under_the_default_rule() {
    // Seat 1 took and discarded A♠ 10♠ (21). With no trick of his own the discards still count for
    // him by default (21, a loss all the same); with `discards_count_only_if_lielais_takes_trick`
    // they count for nobody. One trick (three 0-point cards) makes them count again. Either way the
    // small ones hold the other 99.
    for (spec, w1, want) in [
        ("zole", "", 21),
        ("zole(discards_count_only_if_lielais_takes_trick=true)", "", 0),
        (
            "zole(discards_count_only_if_lielais_takes_trick=true)",
            "9♣ 9♦ 9♠",
            21,
        ),
    ] {
        let mut st = dealt(spec);
        let talon = set(&st, "A♠ 10♠");
        let w0 = st.rules().deck().all() - talon - set(&st, w1);
        for s in 0..3 {
            st.core.hands[s] = CardSet::EMPTY;
        }
        st.core.won = [CardSet::EMPTY; MAX_PLAYERS];
        st.core.won[0] = w0;
        st.core.won[1] = set(&st, w1);
        st.core.talon = talon;
        st.extra.contract = Contract::Take;
        st.extra.lielais = Some(1);
        let h = st.rules().hand_result(&st.core, &st.extra).unwrap();
        assert_eq!(h.lielais_points, want, "{spec}, lielais pile '{w1}'");
        assert_eq!(
            h.small_points, 99,
            "{spec}: the discards never go to the small ones"
        );
    }
}

#[test]
fn winning_small_ones_split_a_pool_of_two_pass_outs_evenly() {
    // Six chips (two hands passed out): the small ones win the zole and take three each, nothing
    // stays; seven chips leave one.
    let won1 = "A♣ 10♣ A♦ K♦ Q♥ J♠ J♥ 10♦ 9♣ 9♦ 8♦ 7♦";
    let won0 = "Q♣ Q♠ J♣ A♥ 10♥ K♥ 9♥ Q♦ J♦";
    let won2 = "K♣ K♠ 9♠";
    let (r, left) = settle("zole", Contract::Zole, 1, [won0, won1, won2], "A♠ 10♠", 6.0);
    assert_eq!((r, left), ([8.0, -10.0, 8.0], 0.0));
    let (r, left) = settle("zole", Contract::Zole, 1, [won0, won1, won2], "A♠ 10♠", 7.0);
    assert_eq!((r, left), ([8.0, -10.0, 8.0], 1.0));
}

#[test]
fn the_discards_are_the_takers_secret_and_the_contract_is_said_aloud() {
    // Seat 0 passes, seat 1 takes the talon and lays away 9♣ (the pack's first card) and K♠.
    let mut st = dealt("zole");
    act(&mut st, &["pass", "take", "discard 9♣", "discard K♠"]);
    let own = st.information_state_string(1);
    assert!(
        own.contains("\n1 discard 9♣\n") && own.contains("\n1 discard K♠\n"),
        "{own}"
    );
    for other in [0, 2] {
        let s = st.information_state_string(other);
        assert!(
            s.contains("\n0 pass\n") && s.contains("\n1 take\n"),
            "said aloud: {s}"
        );
        assert!(!s.contains("discard"), "{s}");
        assert_eq!(
            s.lines().filter(|l| *l == "1 ?").count(),
            2,
            "two private discards: {s}"
        );
    }
}

#[test]
fn the_observation_holds_each_slot_of_the_documented_layout_and_zoles_own_floats_after_it() {
    // Three players, 26 cards, 4 suits. The engine's layout (`trick/encode.rs`): hand 26 (0..26), the
    // two other seats' known cards 2 × 26 (26..78), the trick 3 × 26 (78..156) and the cards won
    // 3 × 26 (156..234) by relative seat, face up 26 (234..260), the known stock 26 (260..286), trump
    // 4 (286..290), the stock fraction (290), to move 3 (291..294), the ledger 3 (294..297); then
    // Zole's 38: the contract [take, zole, maza, passed out] (297..301), passed 3 (301..304) and the
    // lielais 3 (304..307) by relative seat, discarding (307), the pool in chips (308), the
    // lielais's own discards 26 (309..335). A seat's relative seat for viewer v is (seat - v) mod 3.
    let g = game("zole");
    let (hand, trick, trump, to_move, ledger, extra) = (0, 78, 286, 291, 294, 297);
    assert_eq!(Game::observation_shape(&g), vec![335]);
    // Every float in [0, 1] but the raw ledger (unbounded) and the pool (any number of chips).
    let (low, high) = Game::observation_bounds(&g);
    assert_eq!((low.len(), high.len()), (335, 335));
    for i in 0..335 {
        let want = match i {
            294..=296 => (f32::NEG_INFINITY, f32::INFINITY),
            308 => (0.0, f32::INFINITY),
            _ => (0.0, 1.0),
        };
        assert_eq!((low[i], high[i]), want, "float {i}");
    }
    // Seat 0 passes, seat 1 takes the talon and lays away 9♣ and K♠; seat 0 (F) leads A♣, seat 1
    // follows with K♣ (its only plain club): seat 2 is to move.
    let mut st = dealt("zole");
    act(&mut st, &["pass", "take", "discard 9♣", "discard K♠", "A♣", "K♣"]);
    assert_eq!(st.current_player(), Player::Seat(2));
    // A match standing in chips, written raw (set here: the encoding only copies it).
    st.core.ledger[..3].copy_from_slice(&[4.0, -6.0, 2.0]);
    let names = g.new_initial_state();
    let id = |name: &str| c(&names, name).idx();
    let obs = |viewer: usize| {
        let mut o = vec![f32::NAN; 335];
        st.write_observation(viewer, &mut o);
        o
    };
    let same = |got: &[f32], want: &[f32], what: &str| {
        if let Some(i) = (0..335).find(|&i| got[i] != want[i]) {
            panic!("{what}: float {i} is {}, not {}", got[i], want[i]);
        }
    };
    // Seat 2: seat 0 is relative 1, seat 1 relative 2. Nothing known of the others, nothing face up
    // or left to draw; diamonds (suit 1) are trumps.
    let mut want = vec![0.0; 335];
    for n in H2.split_whitespace() {
        want[hand + id(n)] = 1.0;
    }
    want[trick + 26 + id("A♣")] = 1.0;
    want[trick + 2 * 26 + id("K♣")] = 1.0;
    want[trump + 1] = 1.0;
    want[to_move] = 1.0;
    want[ledger..ledger + 3].copy_from_slice(&[2.0, 4.0, -6.0]);
    want[extra] = 1.0; // take
    want[extra + 4 + 1] = 1.0; // seat 0 passed
    want[extra + 7 + 2] = 1.0; // seat 1 is the lielais
    same(&obs(2), &want, "seat 2");
    // Seat 1, the lielais: seat 2 is relative 1, seat 0 relative 2; it alone sees its discards.
    let mut want = vec![0.0; 335];
    for n in "Q♥ J♠ J♥ K♦ 9♦ A♠ 9♠".split_whitespace() {
        want[hand + id(n)] = 1.0;
    }
    want[trick + 2 * 26 + id("A♣")] = 1.0;
    want[trick + id("K♣")] = 1.0;
    want[trump + 1] = 1.0;
    want[to_move + 1] = 1.0;
    want[ledger..ledger + 3].copy_from_slice(&[-6.0, 2.0, 4.0]);
    want[extra] = 1.0;
    want[extra + 4 + 2] = 1.0;
    want[extra + 7] = 1.0;
    want[extra + 12 + id("9♣")] = 1.0;
    want[extra + 12 + id("K♠")] = 1.0;
    same(&obs(1), &want, "seat 1");
}

/// The action ids of the module's layout: the 26 cards (0..26), `pass` 26, `take` 27, `zole` 28,
/// `maza zole` 29 and one `discard <card>` per card (30..56): 56 ids.
#[test]
fn the_action_ids_are_the_cards_four_contract_words_and_a_discard_per_card() {
    let g = game("zole");
    assert_eq!(Game::num_distinct_actions(&g), 56);
    let st = dealt("zole");
    let names: Vec<String> = (26..30).map(|a| st.action_to_string(a)).collect();
    assert_eq!(names, ["pass", "take", "zole", "maza zole"]);
    assert_eq!(st.action_to_string(30 + c(&st, "A♠").0 as u32), "discard A♠");
}

/// `first_dealer` takes -1 (seat 2 deals, the default) and every seat from 0; -2 is refused.
#[test]
fn the_first_dealer_may_be_any_seat_or_minus_one_and_nothing_below() {
    crate::trick::testing::assert_first_dealer_bounds("zole", 2);
}

/// The declared bounds, from the settlement table: a played hand moves a chips per opponent, a in
/// [−7, 7] under the seed tiers (tier 3 plus 4 for a zole; mazā zole +6 / −7) and in [−8, 7] under
/// classic_lv (a lost zole without a trick: −4 − 4); the lielais gets 2a. A single-deal game
/// redeals a thrown-in hand at most 49 times (the 50th throw-in is a draw), each pass-out costing a
/// seat a chip into the pool; the lielais who wins then takes the 3 chips of each pass-out back:
/// [2·a_min − 49, 2·7 + 2·49]. Without the pool nothing else moves and the chips add up to 0. A match
/// of h hands: [2·a_min·h, 14·h].
#[test]
fn the_declared_bounds_follow_the_chip_table_the_pool_and_the_number_of_hands() {
    use crate::core::game::Utility;
    let u = |spec: &str| game(spec).utility();
    assert_eq!(u("zole"), Some(Utility::general(-14.0 - 49.0, 14.0 + 98.0)));
    assert_eq!(
        u("zole(ruleset=classic_lv)"),
        Some(Utility::general(-16.0 - 49.0, 14.0 + 98.0))
    );
    assert_eq!(
        u("zole(passed_out=redeal_only)"),
        Some(Utility::zero_sum(-14.0, 14.0))
    );
    assert_eq!(
        u("zole(passed_out=redeal_only,scoring=classic_lv)"),
        Some(Utility::zero_sum(-16.0, 14.0))
    );
    assert_eq!(
        u("zole(scope=match,hands=6)"),
        Some(Utility::general(-84.0, 84.0))
    );
    assert_eq!(
        u("zole(scope=match,hands=5,ruleset=classic_lv,passed_out=redeal_only)"),
        Some(Utility::zero_sum(-80.0, 70.0))
    );
}

/// Zole's own floats in the discarding phase, with chips in the pool (the layout of
/// `the_observation_holds_each_slot_of_the_documented_layout_and_zoles_own_floats_after_it`: extra
/// floats from 297: contract [take, zole, maza, passed out] 0..4, passed 4..7 and the lielais 7..10 by
/// relative seat, discarding 10, the pool in chips 11, the lielais's own discards 12..38).
#[test]
fn the_observation_flags_the_discarding_and_copies_the_pool_while_the_lielais_lays_away() {
    let extra = 297;
    // Seat 0 passes, seat 1 takes the talon and has laid away 9♣: one card is still to go.
    let mut st = dealt("zole");
    act(&mut st, &["pass", "take", "discard 9♣"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    // Three chips from passed-out hands before (set here: the encoding only copies the pool).
    st.match_state.pool = 3.0;
    let nine = c(&st, "9♣").idx();
    for viewer in [1, 2] {
        let mut o = vec![f32::NAN; 335];
        st.write_observation(viewer, &mut o);
        let rel = |s: usize| (s + 3 - viewer) % 3;
        let mut want = [0.0; 38];
        want[0] = 1.0; // take
        want[4 + rel(0)] = 1.0; // seat 0 passed
        want[7 + rel(1)] = 1.0; // seat 1 is the lielais
        want[10] = 1.0; // discarding
        want[11] = 3.0; // the pool
        if viewer == 1 {
            want[12 + nine] = 1.0; // the lielais's own discard so far
        }
        assert_eq!(&o[extra..], &want[..], "viewer {viewer}");
    }
}
