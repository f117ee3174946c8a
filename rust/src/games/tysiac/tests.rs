//! Concrete situations and worked examples: the deck, the auction
//! flags, the prikup and the gives, the final contract, four nines, following and marriages, the
//! worked scores, the barrel, bolts, rospisat' and the race to 1000.

use super::*;
use crate::core::game::{Game, Player, State};
use crate::core::Registered;
use crate::trick::testing::{act, card as c, cards as set};

fn game(spec: &str) -> Tysiac {
    Tysiac::from_game_string(spec).unwrap()
}

fn legal_names(st: &TysiacState) -> Vec<String> {
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    v.iter().map(|&a| st.action_to_string(a)).collect()
}

fn bids(st: &TysiacState) -> Vec<String> {
    legal_names(st)
        .into_iter()
        .filter(|n| n.starts_with("bid") || n == "pass")
        .collect()
}

/// The legal final contracts, in order (rospisat and the other actions left out).
fn contracts(st: &TysiacState) -> Vec<String> {
    legal_names(st)
        .into_iter()
        .filter(|n| n.starts_with("contract"))
        .collect()
}

// Seat 2 deals, so seat 0 is F. Seat 0 holds the ♥ marriage, seat 1 the four nines.
const H0: &str = "A♥ K♥ Q♥ A♠ 10♠ K♠ J♠";
const H1: &str = "9♥ 9♦ 9♣ 9♠ A♣ 10♣ K♣";
const H2: &str = "A♦ 10♦ K♦ Q♦ J♦ 10♥ J♥";
const PRIKUP: &str = "Q♣ J♣ Q♠";

/// Deals `hands` (one at a time from seat 0) and the prikup.
fn dealt_with(spec: &str, hands: [&str; 3], prikup: &str) -> TysiacState {
    let mut st = game(spec).new_initial_state();
    let h: Vec<Vec<&str>> = hands.iter().map(|s| s.split_whitespace().collect()).collect();
    for k in 0..7 {
        for seat in h.iter() {
            act(&mut st, &[seat[k]]);
        }
    }
    for n in prikup.split_whitespace() {
        act(&mut st, &[n]);
    }
    st
}

fn dealt(spec: &str) -> TysiacState {
    dealt_with(spec, [H0, H1, H2], PRIKUP)
}

#[test]
fn deck_ranks_points_and_the_number_of_deals() {
    let st = game("tysiac").new_initial_state();
    let r = st.rules();
    assert_eq!(r.deck().len(), 24);
    assert_eq!(r.card_points(r.deck().all()), 120);
    assert_eq!(MARRIAGE.iter().sum::<i32>(), 280, "at most 400 points in a hand");
    for suit in ["♥", "♦", "♣", "♠"] {
        let order: Vec<Card> = ["A", "10", "K", "Q", "J", "9"]
            .iter()
            .map(|x| c(&st, &format!("{x}{suit}")))
            .collect();
        let v = st.view();
        assert!(order
            .windows(2)
            .all(|w| r.strength(v, w[0]) > r.strength(v, w[1])));
        let pts: Vec<i32> = order.iter().map(|&x| r.card_points(CardSet::single(x))).collect();
        assert_eq!(pts, [11, 10, 4, 3, 2, 0]);
    }
    // The deal: 7 each and 3 to the prikup; 24! / (7!^3 3!) = 807,723,671,040 deals.
    let mut sizes = [0u64; 4];
    for k in 0..24 {
        match r.deal_slot(2, k) {
            Some(Slot::Hand(s)) => sizes[s] += 1,
            Some(Slot::Talon) => sizes[3] += 1,
            s => panic!("{s:?}"),
        }
    }
    assert_eq!(r.deal_slot(2, 24), None);
    assert_eq!(sizes, [7, 7, 7, 3]);
    let fact = |n: u64| (1..=n).map(u128::from).product::<u128>();
    assert_eq!(fact(24) / (fact(7).pow(3) * fact(3)), 807_723_671_040);
    // p[0] goes to F (the dealer's left), p[2] to the dealer.
    assert_eq!(r.deal_slot(0, 0), Some(Slot::Hand(1)));
    assert_eq!(r.deal_slot(0, 2), Some(Slot::Hand(0)));
}

#[test]
fn the_forehand_must_open_at_100_and_bids_over_120_need_a_marriage() {
    let mut st = dealt("tysiac");
    assert_eq!(st.current_player(), Player::Seat(0));
    let b = bids(&st);
    assert!(!b.contains(&"pass".to_string()), "F cannot pass first");
    assert_eq!(b.first().unwrap(), "bid 100");
    assert!(b.contains(&"bid 400".to_string()), "seat 0 holds K♥ Q♥");
    act(&mut st, &["bid 100"]);
    // Seat 1 has no pair: up to 120, in steps of 5.
    assert_eq!(bids(&st), ["pass", "bid 105", "bid 110", "bid 115", "bid 120"]);
    assert!(st
        .string_to_action("bid 125")
        .is_ok_and(|a| st.clone().apply_action(a).is_err()));
    assert!(st.string_to_action("bid 107").is_err(), "bids are multiples of 5");
    act(&mut st, &["pass"]);
    // Seat 2 holds K♦ Q♦.
    assert!(bids(&st).contains(&"bid 125".to_string()));
    act(&mut st, &["pass"]);
    // F 100, pass, pass: F is the declarer at 100.
    assert_eq!(st.extra.declarer, Some(0));
    assert_eq!(st.extra.contract, 100);
}

#[test]
fn bid_step_10_the_achievable_cap_and_the_limit_flag() {
    let st = dealt("tysiac(bid_step=10,bid_cap=achievable)");
    let b = bids(&st);
    assert_eq!(b.first().unwrap(), "bid 100");
    assert_eq!(b[1], "bid 110");
    assert_eq!(b.last().unwrap(), "bid 220", "120 + the ♥ marriage");
    let mut st = dealt("tysiac(max_without_marriage=150)");
    act(&mut st, &["bid 100"]);
    assert_eq!(bids(&st).last().unwrap(), "bid 150");
}

#[test]
fn numeric_parameters_are_integers_and_the_cap_words_are_not_numbers() {
    // The old choice word `bid_cap=400` is refused with the new spelling suggested.
    let e = Tysiac::from_game_string("tysiac(bid_cap=400)").unwrap_err();
    assert!(matches!(e, LudoError::InvalidParameter { .. }), "{e:?}");
    assert!(e.to_string().contains("did you mean \"400_points\""), "{e}");
    let rules = |spec: &str| game(spec).new_initial_state().rules().clone();
    assert!(!rules("tysiac(bid_cap=400_points)").achievable_cap);
    assert!(rules("tysiac(bid_cap=achievable)").achievable_cap);
    for key in ["bid_step", "opponent_rounding"] {
        for bad in ["6", "9"] {
            let e = Tysiac::from_game_string(&format!("tysiac({key}={bad})")).unwrap_err();
            assert!(e.to_string().contains("must be 5 or 10"), "{e}");
        }
        for bad in ["4", "11", "ten"] {
            assert!(Tysiac::from_game_string(&format!("tysiac({key}={bad})")).is_err());
        }
    }
    for (spec, step) in [
        ("tysiac(bid_step=10,opponent_rounding=10)", 10),
        ("tysiac(ruleset=polish)", 10),
        ("tysiac", 5),
    ] {
        let r = rules(spec);
        assert_eq!((r.bid_step, r.rounding), (step, i32::from(step)), "{spec}");
    }
}

#[test]
fn passes_are_final_and_the_last_bidder_declares() {
    let mut st = dealt("tysiac");
    act(&mut st, &["bid 100", "bid 105", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    act(&mut st, &["bid 110"]);
    assert_eq!(st.current_player(), Player::Seat(1), "seat 2 passed for good");
    act(&mut st, &["pass"]);
    assert_eq!(st.extra.declarer, Some(0));
    assert_eq!(st.extra.contract, 110);
}

fn after_auction(spec: &str) -> TysiacState {
    let mut st = dealt(spec);
    act(&mut st, &["bid 100", "pass", "pass"]);
    st
}

#[test]
fn the_prikup_is_shown_taken_and_one_card_goes_to_each_opponent_seen_by_its_receiver() {
    let mut st = after_auction("tysiac");
    assert_eq!(st.core.hands[0].len(), 10);
    assert_eq!(st.core.hands[0] & set(&st, PRIKUP), set(&st, PRIKUP));
    // Everybody saw the prikup; seat 2 knows those cards are the declarer's now.
    assert!(st.observation_string(2).contains("prikup: "));
    assert_eq!(encode_visible(&st, 2, 0), set(&st, PRIKUP));
    let gives: Vec<String> = legal_names(&st);
    assert_eq!(gives.len(), 10);
    assert!(gives.iter().all(|g| g.ends_with(" left")));
    act(&mut st, &["give Q♣ left"]);
    assert!(legal_names(&st).iter().all(|g| g.ends_with(" right")));
    act(&mut st, &["give J♠ right"]);
    assert_eq!(st.core.hands.map(|h| h.len())[..3], [8, 8, 8]);
    // Seat 1 got Q♣, seat 2 got J♠: each sees its own, the declarer both, nobody else either.
    let obs1 = st.observation_string(1);
    let obs2 = st.observation_string(2);
    assert!(obs1.contains("given to seat 1: Q♣") && !obs1.contains("given to seat 2"));
    assert!(obs2.contains("given to seat 2: J♠") && !obs2.contains("given to seat 1"));
    assert!(st.observation_string(0).contains("given to seat 2: J♠"));
    assert_eq!(encode_visible(&st, 0, 1), set(&st, "Q♣"));
    assert_eq!(
        encode_visible(&st, 2, 0),
        CardSet::EMPTY,
        "which prikup cards left is hidden"
    );
    assert_eq!(encode_visible(&st, 2, 1), CardSet::EMPTY);
    let info2 = st.information_state_string(2);
    assert!(info2.contains("0 give J♠ right") && !info2.contains("Q♣ left"));
}

fn encode_visible(st: &TysiacState, viewer: usize, other: usize) -> CardSet {
    crate::trick::encode::visible_hand(st, viewer, other)
}

#[test]
fn face_up_gives_are_public() {
    let mut st = after_auction("tysiac(pass_cards_face_up=true)");
    act(&mut st, &["give Q♣ left", "give J♠ right"]);
    assert_eq!(encode_visible(&st, 2, 1), set(&st, "Q♣"));
    assert!(st.information_state_string(2).contains("give Q♣ left"));
}

fn at_contract(spec: &str, left: &str, right: &str) -> TysiacState {
    let mut st = after_auction(spec);
    act(
        &mut st,
        &[&format!("give {left} left"), &format!("give {right} right")],
    );
    st
}

#[test]
fn the_final_contract_keeps_or_raises_and_the_marriage_rule_applies_to_the_8_cards() {
    let st = at_contract("tysiac", "J♣", "J♠");
    let names = legal_names(&st);
    assert_eq!(names.first().unwrap(), "contract 100");
    assert!(names.contains(&"contract 400".to_string()), "K♥ Q♥ kept");
    assert_eq!(names.last().unwrap(), "rospisat");
    // Giving away K♥ and K♠ leaves no pair (Q♣ has no K♣): 120 at most.
    let st = at_contract("tysiac", "K♥", "K♠");
    assert_eq!(
        contracts(&st),
        [
            "contract 100",
            "contract 105",
            "contract 110",
            "contract 115",
            "contract 120"
        ]
    );
    let st = at_contract("tysiac(raise_requires_marriage_over_120=false)", "K♥", "K♠");
    assert!(legal_names(&st).contains(&"contract 400".to_string()));
    let st = at_contract("tysiac(rospisat=false)", "K♥", "K♠");
    assert!(!legal_names(&st).contains(&"rospisat".to_string()));
}

#[test]
fn four_nines_in_the_8_cards_let_their_holder_annul_and_the_same_dealer_redeals() {
    let mut st = at_contract("tysiac", "J♣", "J♠");
    act(&mut st, &["contract 100"]);
    assert_eq!(
        st.current_player(),
        Player::Seat(1),
        "seat 1 holds the four nines"
    );
    assert_eq!(legal_names(&st), ["annul", "play on"]);
    let mut annul = st.clone();
    act(&mut annul, &["annul"]);
    assert_eq!(annul.current_player(), Player::Chance);
    assert_eq!(annul.core.dealer, 2, "the same dealer deals again");
    assert_eq!(annul.core.dealt, 0);
    act(&mut st, &["play on"]);
    assert_eq!(st.current_player(), Player::Seat(0), "the declarer leads");
    // The declarer gives the fourth nine away: the receiver may annul.
    let hands = [
        "9♥ 9♦ 9♣ A♥ K♥ Q♥ A♠",
        "10♠ K♠ J♠ A♣ 10♣ K♣ J♥",
        "A♦ 10♦ K♦ Q♦ J♦ 10♥ Q♠",
    ];
    let mut st = dealt_with("tysiac", hands, "9♠ Q♣ J♣");
    act(
        &mut st,
        &[
            "bid 100",
            "pass",
            "pass",
            "give 9♥ left",
            "give 9♠ right",
            "contract 100",
        ],
    );
    assert_eq!(st.current_player(), Player::Seat(0), "nobody holds four nines");
    let mut st = dealt_with("tysiac", hands, "9♠ Q♣ J♣");
    act(
        &mut st,
        &[
            "bid 100",
            "pass",
            "pass",
            "give J♣ left",
            "give Q♣ right",
            "contract 100",
        ],
    );
    assert_eq!(
        legal_names(&st),
        ["annul", "play on"],
        "the declarer's 8 cards hold them"
    );
    // Only the dealt hands count with the flag: seat 0 was dealt three.
    let mut st = dealt_with("tysiac(four_nines_original_hand_only=true)", hands, "9♠ Q♣ J♣");
    act(
        &mut st,
        &[
            "bid 100",
            "pass",
            "pass",
            "give J♣ left",
            "give Q♣ right",
            "contract 100",
        ],
    );
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
}

fn playing(spec: &str) -> TysiacState {
    let mut st = at_contract(spec, "J♣", "J♠");
    act(&mut st, &["contract 100", "play on"]);
    st
}

fn cards_legal(st: &TysiacState) -> CardSet {
    st.legal_cards()
}

#[test]
fn follow_suit_else_trump_once_a_trump_exists_with_no_duty_to_beat() {
    // Seat 0: A♥ K♥ Q♥ A♠ 10♠ K♠ Q♣ Q♠; seat 1: nines A♣ 10♣ K♣ J♣; seat 2: ♦ and 10♥ J♥ J♠.
    let mut st = playing("tysiac");
    assert!(
        !legal_names(&st).iter().any(|n| n.starts_with("marry")),
        "no marriage on the first lead"
    );
    act(&mut st, &["A♠"]);
    assert_eq!(cards_legal(&st), set(&st, "9♠"), "follow suit");
    act(&mut st, &["9♠"]);
    assert_eq!(cards_legal(&st), set(&st, "J♠"));
    act(&mut st, &["J♠"]);
    // Seat 0 won and leads again: the ♥ marriage may be declared now.
    assert_eq!(st.core.to_move, 0);
    assert!(legal_names(&st).contains(&"marry ♥".to_string()));
    assert!(
        legal_names(&st).contains(&"marry ♠".to_string()),
        "K♠ and Q♠ (from the prikup)"
    );
    assert!(
        !legal_names(&st).contains(&"marry ♣".to_string()),
        "Q♣ without K♣"
    );
}

#[test]
fn a_marriage_makes_its_suit_trump_at_once_and_a_later_one_replaces_it() {
    let mut st = playing("tysiac");
    act(&mut st, &["A♠", "9♠", "J♠"]);
    act(&mut st, &["marry ♥"]);
    assert_eq!(
        cards_legal(&st),
        set(&st, "K♥ Q♥"),
        "the announced king or queen is led"
    );
    assert_eq!(st.extra.trump, Some(HEARTS));
    assert_eq!(st.extra.marriages[0], 100);
    act(&mut st, &["Q♥", "9♥"]);
    // Seat 2 follows hearts with 10♥ or J♥ (no duty to beat).
    assert_eq!(cards_legal(&st), set(&st, "10♥ J♥"));
    act(&mut st, &["10♥"]);
    assert_eq!(st.core.to_move, 2, "10♥ beats Q♥");
    // Seat 2 leads ♦ (it did not win... it did: it may marry ♦ and make ♦ trump).
    assert!(legal_names(&st).contains(&"marry ♦".to_string()));
    act(&mut st, &["marry ♦", "K♦"]);
    assert_eq!(st.extra.trump, Some(DIAMONDS));
    // Seat 0 has no ♦ and must trump... ♦ is trump and led: void, no hearts duty; any card.
    assert_eq!(cards_legal(&st), st.core.hands[0]);
}

#[test]
fn void_players_must_trump_and_must_overtake_adds_the_duty_to_beat() {
    let mut st = playing("tysiac");
    act(&mut st, &["A♠", "9♠", "J♠", "marry ♥", "Q♥", "9♥"]);
    assert_eq!(cards_legal(&st), set(&st, "10♥ J♥"), "no duty to beat");
    let mut over = playing("tysiac(must_overtake=true)");
    act(&mut over, &["A♠", "9♠", "J♠", "marry ♥", "Q♥", "9♥"]);
    assert_eq!(cards_legal(&over), set(&over, "10♥"), "must beat Q♥");
    act(&mut st, &["J♥"]);
    // Seat 0 won with Q♥ and leads Q♣; ♥ is trump.
    act(&mut st, &["Q♣"]);
    assert_eq!(cards_legal(&st), set(&st, "A♣ 10♣ K♣ J♣ 9♣"));
    act(&mut st, &["9♣"]);
    // Seat 2 is void in ♣ and holds 10♥: it must trump.
    assert_eq!(cards_legal(&st), set(&st, "10♥"));
    // Under must_overtake, clubs above Q♣ only.
    let mut over = playing("tysiac(must_overtake=true)");
    act(&mut over, &["A♠", "9♠", "J♠", "marry ♥", "K♥", "9♥", "10♥"]);
    // Seat 2 won with 10♥ and leads ♦; seat 0 is void in ♦ and must over-trump? No trump in the trick:
    // it must trump with its hearts (Q♥ is its last one).
    act(&mut over, &["J♦"]);
    assert_eq!(cards_legal(&over), set(&over, "A♥ Q♥"));
    act(&mut over, &["Q♥"]);
    // Seat 1 holds 9♦ only in ♦... follows suit; the trick is trumped, no heading required.
    assert_eq!(cards_legal(&over), set(&over, "9♦"));
}

#[test]
fn opponent_rounding_to_5_and_to_10() {
    for (h, r) in [
        (22, 20),
        (23, 25),
        (27, 25),
        (28, 30),
        (93, 95),
        (97, 95),
        (98, 100),
        (21, 20),
        (24, 25),
    ] {
        assert_eq!(round_opponent(h, 5), r, "{h}");
    }
    assert_eq!(round_opponent(15, 10), 20, "ties go up");
    assert_eq!(round_opponent(14, 10), 10);
    assert_eq!(round_opponent(0, 5), 0);
}

/// A settled deal: seat 0 declares `bid`; `won` are the card sets taken, `marr` the marriages.
fn settle(
    spec: &str,
    scores: [i32; 3],
    m0: Match,
    bid: u16,
    won: [&str; 3],
    marr: [i32; 3],
    rospisat: bool,
) -> (Settlement, Match) {
    let st = playing(spec);
    let mut core = st.core.clone();
    core.ledger = [0.0; MAX_PLAYERS];
    for p in 0..3 {
        core.ledger[p] = scores[p] as f64;
        core.won[p] = set(&st, won[p]);
    }
    let mut extra = st.extra.clone();
    extra.contract = bid;
    extra.marriages[..3].copy_from_slice(&marr);
    extra.rospisat = rospisat;
    let mut m = m0;
    let s = st.rules().settle(&core, &extra, &mut m);
    (s, m)
}

const ALL_BUT: &str = "A♥ 10♥ K♥ Q♥ A♦ 10♦ K♦ Q♦ A♣ 10♣ K♣ A♠ 10♠ K♠ J♠ J♣";

#[test]
fn the_worked_examples_of_hand_scoring() {
    // Declarer 85 card points + ♠ 40 = 125 against 120; A took 22; B took 13 and declared ♦ 80.
    let (s, _) = settle(
        "tysiac",
        [0; 3],
        Match::default(),
        120,
        [
            "A♥ A♦ A♣ 10♥ 10♦ 10♣ 10♠ K♣ Q♠ J♠ Q♣",
            "A♠ K♥ Q♥ J♣ J♦",
            "K♦ Q♦ J♥ K♠",
        ],
        [40, 0, 80],
        false,
    );
    assert_eq!(s.card_points[..3], [85, 22, 13]);
    assert_eq!(s.hand[..3], [125, 22, 93]);
    assert_eq!(s.delta[..3], [120, 20, 95]);
    // Failure: bid 110, the declarer has 100 (card points only); points beyond the bid never count.
    let (s, _) = settle(
        "tysiac",
        [0; 3],
        Match::default(),
        110,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [0, 0, 0],
        false,
    );
    assert_eq!(s.card_points[0], 110);
    let (s, _) = settle(
        "tysiac",
        [0; 3],
        Match::default(),
        115,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [0, 0, 0],
        false,
    );
    assert_eq!(s.delta[0], -115, "110 < 115");
    let (s, _) = settle(
        "tysiac",
        [0; 3],
        Match::default(),
        110,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [0, 0, 0],
        false,
    );
    assert_eq!(s.delta[0], 110, "110 = 110 is made");
    let (s, _) = settle(
        "tysiac",
        [0; 3],
        Match::default(),
        100,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [0, 0, 0],
        false,
    );
    assert_eq!(s.delta[0], 100, "points beyond the bid are not scored");
}

fn barrel(on: [bool; 3], deals: [u8; 3]) -> Match {
    let mut m = Match::default();
    m.on_barrel[..3].copy_from_slice(&on);
    m.barrel_deals[..3].copy_from_slice(&deals);
    m
}

#[test]
fn the_barrel_at_880() {
    let m = "tysiac(scope=match)";
    // Opponent seat 1 from 870 with 25 points: 880, on the barrel.
    let won = [
        "A♥ 10♥ A♦ 10♦ A♣ 10♣ 10♠ K♠ Q♠",
        "A♠ K♥ Q♥ Q♦ J♣ J♦",
        "K♦ K♣ Q♣ J♠ J♥",
    ];
    let (s, mm) = settle(m, [0, 870, 0], Match::default(), 100, won, [0; 3], false);
    assert_eq!(s.card_points[1], 25);
    assert_eq!(s.delta[1], 10);
    assert!(mm.on_barrel[1] && mm.barrel_deals[1] == 0);
    assert!(!mm.on_barrel[2], "5 points from 0");
    // 845 + 155 → 1000: straight past the barrel, a win (the declarer with 155 = 115 + ♥ 100? use a bid).
    let (s, mm) = settle(
        m,
        [845, 0, 0],
        Match::default(),
        155,
        [ALL_BUT, "", ""],
        [100, 0, 0],
        false,
    );
    assert_eq!(s.delta[0], 155);
    assert_eq!(mm.winner, Some(0));
    // On the barrel as opponent: nothing scored, no bolt; the third deal there without winning: 760.
    let (s, mm) = settle(
        m,
        [0, 880, 0],
        barrel([false, true, false], [0, 2, 0]),
        100,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [0; 3],
        false,
    );
    assert_eq!(s.delta[1], -120);
    assert!(!mm.on_barrel[1] && mm.bolts[1] == 0);
    let (s, mm) = settle(
        m,
        [0, 880, 0],
        barrel([false, true, false], [0, 1, 0]),
        100,
        ["", "A♥ 10♥", ""],
        [0; 3],
        false,
    );
    assert_eq!(s.delta[1], 0, "no points on the barrel");
    assert!(mm.on_barrel[1] && mm.barrel_deals[1] == 2);
    // The barrel declarer: 120 made wins; a bid under 120 made leaves 880; failing 120 → 760 and off.
    let on0 = barrel([true, false, false], [0; 3]);
    let (s, mm) = settle(
        m,
        [880, 0, 0],
        on0.clone(),
        120,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [40, 0, 0],
        false,
    );
    assert_eq!((s.delta[0], mm.winner), (120, Some(0)));
    let (s, mm) = settle(
        m,
        [880, 0, 0],
        on0.clone(),
        115,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [40, 0, 0],
        false,
    );
    assert_eq!((s.delta[0], mm.on_barrel[0], mm.barrel_deals[0]), (0, true, 1));
    let (s, mm) = settle(m, [880, 0, 0], on0, 120, ["A♥", "", ALL_BUT], [0; 3], false);
    assert_eq!(s.delta[0], -120);
    assert!(!mm.on_barrel[0]);
    // Two on the barrel: B from 850 + 40 joins A; exclusive: A falls to 760.
    let won = [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"];
    let (s, mm) = settle(
        m,
        [0, 880, 850],
        barrel([false, true, false], [0; 3]),
        100,
        won,
        [0, 0, 30],
        false,
    );
    assert_eq!(s.delta[2], 30);
    assert_eq!(mm.on_barrel[..3], [false, true, true]);
    let (s, mm) = settle(
        "tysiac(scope=match,barrel_exclusive=true)",
        [0, 880, 850],
        barrel([false, true, false], [0; 3]),
        100,
        won,
        [0, 0, 30],
        false,
    );
    assert_eq!((s.delta[1], s.delta[2]), (-120, 30));
    assert_eq!(mm.on_barrel[..3], [false, false, true]);
}

#[test]
fn the_barrel_minimum_bid() {
    let mut st = dealt("tysiac(scope=match,barrel_min_bid=120)");
    st.match_state.on_barrel[0] = true;
    assert!(!bids(&st).contains(&"bid 115".to_string()));
    assert_eq!(bids(&st).first().unwrap(), "bid 120");
    // A barrel declarer may not abandon.
    let mut st = dealt("tysiac(scope=match)");
    st.match_state.on_barrel[0] = true;
    act(
        &mut st,
        &["bid 120", "pass", "pass", "give J♣ left", "give J♠ right"],
    );
    assert!(!legal_names(&st).contains(&"rospisat".to_string()));
}

#[test]
fn bolts_every_third_costs_120_and_marriages_do_not_count_by_default() {
    let m = "tysiac(scope=match)";
    let won = [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"];
    let mut marks = Match::default();
    for k in 1..=3 {
        let (s, mm) = settle(m, [0; 3], marks, 100, won, [0; 3], false);
        assert_eq!(mm.bolts[1], k);
        assert_eq!(s.delta[1], if k == 3 { -120 } else { 0 });
        assert_eq!(mm.bolts[2], 0);
        marks = mm;
    }
    // A trick of three nines then ♠ 40: 0 card points, h = 40.
    let won = [
        "A♥ 10♥ A♦ 10♦ A♣ 10♣ K♣ K♠ Q♠ 10♠ J♠ K♥ Q♥ J♣ J♦ A♠ K♦ Q♦ J♥ Q♣",
        "9♥ 9♦ 9♣",
        "",
    ];
    let (s, mm) = settle(m, [0; 3], Match::default(), 100, won, [0, 40, 0], false);
    assert_eq!((s.card_points[1], s.delta[1], mm.bolts[1]), (0, 40, 1));
    let (_, mm) = settle(
        "tysiac(scope=match,bolt_trigger=zero_points)",
        [0; 3],
        Match::default(),
        100,
        won,
        [0, 40, 0],
        false,
    );
    assert_eq!(mm.bolts[1], 0);
    let (_, mm) = settle(
        "tysiac(scope=match,bolt_trigger=no_tricks)",
        [0; 3],
        Match::default(),
        100,
        won,
        [0, 40, 0],
        false,
    );
    assert_eq!(mm.bolts[..3], [0, 0, 1]);
    let (_, mm) = settle(
        "tysiac(scope=match,bolts=false)",
        [0; 3],
        Match::default(),
        100,
        won,
        [0, 40, 0],
        false,
    );
    assert_eq!(mm.bolts[..3], [0, 0, 0]);
}

#[test]
fn rospisat_gives_60_each_and_the_third_p_costs_120() {
    let m = "tysiac(scope=match)";
    let mut marks = Match::default();
    for k in 1..=3 {
        let (s, mm) = settle(m, [0; 3], marks, 100, ["", "", ""], [0; 3], true);
        assert_eq!(s.delta[..3], [if k == 3 { -120 } else { 0 }, 60, 60]);
        assert_eq!(mm.p_marks[0], k);
        marks = mm;
    }
    let (s, _) = settle(
        m,
        [0, 880, 0],
        barrel([false, true, false], [0; 3]),
        100,
        ["", "", ""],
        [0; 3],
        true,
    );
    assert_eq!(s.delta[1..3], [0, 60], "nothing for a barrel opponent");
    // Through the actions: the deal ends at once.
    let mut st = at_contract("tysiac", "J♣", "J♠");
    act(&mut st, &["rospisat"]);
    assert_eq!(st.current_player(), Player::Terminal);
    let mut r = [0.0; 3];
    st.returns(&mut r);
    assert_eq!(r, [0.0, 60.0, 60.0]);
}

#[test]
fn several_reaching_1000_the_declarer_then_the_higher_score_then_from_f() {
    let m = "tysiac(scope=match,barrel=false)";
    let won = [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"];
    let (_, mm) = settle(m, [900, 0, 995], Match::default(), 100, won, [0; 3], false);
    assert_eq!(mm.winner, Some(0), "the declarer first");
    let (_, mm) = settle(
        m,
        [0, 990, 990],
        Match::default(),
        100,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [0, 20, 30],
        false,
    );
    assert_eq!(mm.winner, Some(2), "1020 beats 1010");
    let (_, mm) = settle(
        m,
        [0, 990, 980],
        Match::default(),
        100,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [0, 10, 10],
        false,
    );
    assert_eq!(
        mm.winner,
        Some(1),
        "a tie at 1000: the first from F (seat 0) clockwise"
    );
}

#[test]
fn polish_preset_limits_opponents_at_800() {
    let (s, _) = settle(
        "tysiac(ruleset=polish,scope=match)",
        [0, 800, 795],
        Match::default(),
        100,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [0, 0, 0],
        false,
    );
    assert_eq!(s.delta[1..3], [0, 10]);
}

#[test]
fn a_match_is_a_race_to_1000_with_marks_in_the_state() {
    // Greedy players (random ones bid to 400 and fail until the deal limit makes it a draw).
    let g = game("tysiac(scope=match)");
    let bot = bot::Greedy;
    let mut rng = crate::core::rng::Rng::new(7);
    let mut finished = 0;
    for _ in 0..20 {
        let mut st = g.new_initial_state();
        while st.current_player() != Player::Terminal {
            let a = match st.current_player() {
                Player::Chance => st.sample_chance(&mut rng),
                _ => crate::core::game::Bot::act(&bot, &st, &mut rng),
            };
            st.apply_action(a).unwrap();
        }
        let mut r = [0.0; 3];
        st.returns(&mut r);
        let Some(w) = st.match_state.winner else {
            assert_eq!(r, [0.0; 3], "only the deal limit ends a match without a winner");
            continue;
        };
        finished += 1;
        assert_eq!(r[..3].iter().sum::<f64>(), 0.0);
        assert_eq!(r[w], 1.0);
        assert!(st.core.ledger[w] >= 1000.0);
        let (lo, hi) = (st.rules().barrel_threshold as f64, 1000.0);
        assert!(
            (0..3).all(|p| !(lo < st.core.ledger[p] && st.core.ledger[p] < hi)),
            "nobody strictly inside the barrel range"
        );
    }
    assert!(finished >= 15, "{finished}");
}

#[test]
fn random_deals_settle_by_the_rule_from_their_own_facts() {
    // Whole deals through the actions: 120 card points in the tricks, the marriages declared are the
    // suits' values, the declarer gets ± the contract by h ≥ contract and each opponent round5(h).
    let g = game("tysiac");
    let mut rng = crate::core::rng::Rng::new(3);
    let mut played = 0;
    for _ in 0..300 {
        let mut st = g.new_initial_state();
        st.play_out_random(&mut rng);
        let x = &st.extra;
        if x.rospisat {
            continue;
        }
        played += 1;
        let s = x.settlement;
        assert_eq!(s.card_points.iter().sum::<i32>(), 120);
        for p in 0..3 {
            let declared: i32 = (0..4)
                .filter(|su| x.married[p] >> su & 1 == 1)
                .map(|su| MARRIAGE[su])
                .sum();
            assert_eq!(x.marriages[p], declared);
            assert_eq!(s.hand[p], s.card_points[p] + declared);
        }
        let d = x.declarer.unwrap();
        let b = x.contract as f64;
        let mut r = [0.0; 3];
        st.returns(&mut r);
        for (p, &got) in r.iter().enumerate() {
            let want = if p == d {
                if s.hand[d] as f64 >= b {
                    b
                } else {
                    -b
                }
            } else {
                // Bolts cost nothing before the third.
                (((s.hand[p] + 2) / 5) * 5) as f64
            };
            assert_eq!(got, want, "seat {p}: {st}");
        }
    }
    assert!(played > 100);
}

#[test]
fn a_bid_of_400_ends_the_auction_at_once_and_steps_of_10_hold_in_the_contract() {
    let mut st = dealt("tysiac");
    act(&mut st, &["bid 400"]);
    assert_eq!(st.extra.declarer, Some(0), "nobody can overbid 400");
    assert_eq!(st.extra.stage, Stage::Give(0));
    let mut st = dealt("tysiac(ruleset=polish)");
    act(
        &mut st,
        &["bid 100", "pass", "pass", "give J♣ left", "give J♠ right"],
    );
    assert_eq!(
        contracts(&st)[..3],
        ["contract 100", "contract 110", "contract 120"]
    );
}

// Two-handed (Polish, zagraj.pl): 10 cards each from F, then two musiki of two; the declarer takes
// one (shown to the other player), discards two face down (they count for the declarer).
const T0: &str = "A♥ K♥ Q♥ A♠ 10♠ K♠ J♠ 9♥ 9♦ 9♣";
const T1: &str = "A♦ 10♦ K♦ Q♦ J♦ 10♥ J♥ 9♠ A♣ 10♣";
const MUSIK_1: &str = "K♣ Q♣";
const MUSIK_2: &str = "J♣ Q♠";

fn dealt_two(spec: &str) -> TysiacState {
    let mut st = game(spec).new_initial_state();
    let h: Vec<Vec<&str>> = [T0, T1].iter().map(|s| s.split_whitespace().collect()).collect();
    for k in 0..10 {
        for seat in h.iter() {
            act(&mut st, &[seat[k]]);
        }
    }
    for n in format!("{MUSIK_1} {MUSIK_2}").split_whitespace() {
        act(&mut st, &[n]);
    }
    st
}

#[test]
fn two_handed_deal_auction_musik_and_discards() {
    let mut st = dealt_two("tysiac(ruleset=two_handed)");
    let r = st.rules().clone();
    assert_eq!((r.players, r.tricks, r.bid_step), (2, 10, 10));
    assert_eq!(st.core.hands[0], set(&st, T0));
    assert_eq!(st.core.hands[1], set(&st, T1));
    assert_eq!(r.deal_slot(1, 19), Some(Slot::Hand(1)));
    assert_eq!(r.deal_slot(1, 20), Some(Slot::Talon));
    assert_eq!(r.deal_slot(1, 24), None);
    // F (seat 0, the dealer's left) must open; steps of 10; one pass ends it.
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(&bids(&st)[..2], ["bid 100", "bid 110"]);
    act(&mut st, &["bid 100"]);
    assert_eq!(&bids(&st)[..3], ["pass", "bid 110", "bid 120"]);
    act(&mut st, &["pass"]);
    assert_eq!(st.extra.declarer, Some(0));
    assert_eq!(legal_names(&st), ["musik 1", "musik 2"]);
    let unseen = |st: &TysiacState, seat: usize, names: &str| {
        let o = st.observation_string(seat);
        names.split_whitespace().all(|n| !o.contains(n))
    };
    assert!(
        unseen(&st, 1, MUSIK_2) && unseen(&st, 0, MUSIK_1),
        "both musiki face down"
    );
    act(&mut st, &["musik 2"]);
    assert_eq!(st.core.hands[0].len(), 12);
    assert!(st.core.hands[0].contains(c(&st, "Q♠")));
    // Shown to the other player; the other musik stays face down, seen by nobody.
    assert!(st.observation_string(1).contains("musik 2 taken: "));
    assert!(!unseen(&st, 1, "Q♠"));
    assert!(unseen(&st, 1, MUSIK_1) && unseen(&st, 0, MUSIK_1));
    assert_eq!(st.core.talon, set(&st, MUSIK_1));
    assert_eq!(legal_names(&st).len(), 12, "any of the 12 cards may be discarded");
    act(&mut st, &["discard J♣", "discard 9♦"]);
    assert_eq!(st.core.hands[0].len(), 10);
    assert_eq!(st.extra.discards, set(&st, "J♣ 9♦"));
    // The discards are the declarer's secret.
    let seen_by = |seat: usize| st.information_state_string(seat);
    assert!(seen_by(0).contains("discard J♣") && seen_by(0).contains("discarded: "));
    assert!(!seen_by(1).contains("discard") && seen_by(1).contains("0 ?"));
    assert!(!st.observation_string(1).contains("9♦"));
    assert_eq!(legal_names(&st).first().map(String::as_str), Some("contract 100"));
    act(&mut st, &["contract 100"]);
    assert_eq!(st.current_player(), Player::Seat(0), "the declarer leads");
    let mut rng = crate::core::rng::Rng::new(5);
    st.play_out_random(&mut rng);
    assert!(st.is_terminal());
    assert_eq!(st.core.tricks_played, 10);
    let s = st.extra.settlement;
    // The unchosen musik (K♣ Q♣, 7 points) counts for nobody; the discards (2) for the declarer.
    assert_eq!(s.card_points[0] + s.card_points[1], 120 - 7);
    assert_eq!(s.card_points[0], r.card_points(st.core.won[0]) + 2);
    let mut ret = [0.0; 2];
    st.returns(&mut ret);
    let want0 = if s.hand[0] >= 100 { 100.0 } else { -100.0 };
    let want1 = f64::from(round_opponent(s.hand[1], 10));
    assert_eq!(ret, [want0, want1]);
}

#[test]
fn two_handed_random_deals_conserve_points_and_match_results_are_zero_sum() {
    let g = game("tysiac(ruleset=two_handed)");
    let mut rng = crate::core::rng::Rng::new(11);
    for _ in 0..200 {
        let mut st = g.new_initial_state();
        st.play_out_random(&mut rng);
        let x = &st.extra;
        if x.rospisat || x.annulled {
            continue;
        }
        let unchosen = st.rules().card_points(st.core.talon - x.discards);
        assert_eq!(st.core.talon.len(), 4);
        assert_eq!((st.core.talon & x.discards).len(), 2);
        assert_eq!(
            x.settlement.card_points[..2].iter().sum::<i32>(),
            120 - unchosen,
            "{st} {:?}",
            x
        );
    }
    let g = game("tysiac(ruleset=two_handed,scope=match,target=300)");
    let mut st = g.new_initial_state();
    st.play_out_random(&mut rng);
    let mut ret = [0.0; 2];
    st.returns(&mut ret);
    assert!(
        ret == [1.0, -1.0] || ret == [-1.0, 1.0] || ret == [0.0, 0.0],
        "{ret:?}"
    );
}

#[test]
fn four_handed_the_dealer_sits_out_and_the_gives_skip_the_dealer() {
    // Seat 3 deals (the default first dealer is the last seat) and sits out; seat 0 is F.
    let mut st = dealt_with("tysiac(ruleset=four_handed)", [H0, H1, H2], PRIKUP);
    assert_eq!(st.rules().players, 4);
    assert!(st.core.hands[3].is_empty());
    assert_eq!(st.current_player(), Player::Seat(0));
    act(&mut st, &["bid 100", "pass", "pass"]);
    assert_eq!(
        st.extra.declarer,
        Some(0),
        "two passes end it: the dealer does not bid"
    );
    // The second dealer (seat 0) sits out; seat 1 is F and the order is 1, 2, 3.
    let mut st = dealt_with("tysiac(ruleset=four_handed,first_dealer=1)", [H0, H1, H2], PRIKUP);
    // First dealer 1: F is seat 2, then 3, then 0 (seat 1 sits out).
    assert_eq!(st.core.hands[2], set(&st, H0));
    assert_eq!(st.core.hands[3], set(&st, H1));
    assert_eq!(st.core.hands[0], set(&st, H2));
    assert!(st.core.hands[1].is_empty());
    assert_eq!(st.current_player(), Player::Seat(2));
    act(&mut st, &["bid 100", "bid 105"]);
    assert_eq!(st.current_player(), Player::Seat(0), "seat 1 is skipped");
    act(&mut st, &["pass", "bid 110", "pass"]);
    assert_eq!(st.extra.declarer, Some(2));
    act(&mut st, &["give J♣ left", "give Q♠ right"]);
    // Left of seat 2 is seat 3; to its right, past the dealer, seat 0.
    assert!(st.core.hands[3].contains(c(&st, "J♣")));
    assert!(st.core.hands[0].contains(c(&st, "Q♠")));
    assert!(st.core.hands[1].is_empty());
    let info = |seat: usize| st.information_state_string(seat);
    assert!(info(3).contains("give J♣ left") && !info(3).contains("give Q♠"));
    assert!(info(0).contains("give Q♠ right") && !info(0).contains("give J♣"));
    assert!(!info(1).contains("give J♣") && !info(1).contains("give Q♠"));
    assert!(info(2).contains("give J♣ left") && info(2).contains("give Q♠ right"));
}

#[test]
fn four_handed_the_seat_sitting_out_scores_nothing_and_keeps_its_barrel_count() {
    let g = game("tysiac(ruleset=four_handed,scope=match)");
    let mut rng = crate::core::rng::Rng::new(2);
    let mut checked = 0;
    for _ in 0..100 {
        let mut st = g.new_initial_state();
        // The dealer (seat 3) is on the barrel at 880 with one deal behind it.
        st.core.ledger[3] = 880.0;
        st.match_state.on_barrel[3] = true;
        st.match_state.barrel_deals[3] = 1;
        // Play the first deal only.
        while st.core.deals_done == 0 && !st.is_terminal() {
            let a = if st.current_player() == Player::Chance {
                st.sample_chance(&mut rng)
            } else {
                st.random_action(&mut rng)
            };
            st.apply_action(a).unwrap();
        }
        if st.extra.annulled || st.core.deals_done == 0 {
            continue;
        }
        checked += 1;
        assert_eq!(st.core.ledger[3], 880.0);
        assert_eq!(
            st.match_state.barrel_deals[3], 1,
            "sitting out is not one of the three"
        );
        assert_eq!(st.match_state.bolts[3], 0);
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn player_counts_and_their_dealers_are_checked() {
    assert!(Tysiac::from_game_string("tysiac(players=5)").is_err());
    assert!(Tysiac::from_game_string("tysiac(players=1)").is_err());
    let e = Tysiac::from_game_string("tysiac(players=3,first_dealer=3)").unwrap_err();
    assert!(
        e.to_string().contains("seat 3 does not exist with 3 players"),
        "{e}"
    );
    assert!(Tysiac::from_game_string("tysiac(players=4,first_dealer=3)").is_ok());
    assert_eq!(game("tysiac(ruleset=four_handed)").num_players(), 4);
    assert_eq!(game("tysiac(ruleset=two_handed)").num_players(), 2);
}

#[test]
fn zero_after_rounding_bolts_an_opponent_whose_points_round_to_0() {
    // J♣ is 2 points: 2 rounds to 0, a bolt; Q♣ is 3: 3 rounds to 5, none.
    let (s, mm) = settle(
        "tysiac(scope=match,bolt_trigger=zero_after_rounding)",
        [0; 3],
        Match::default(),
        100,
        [ALL_BUT, "J♣", "Q♣"],
        [0; 3],
        false,
    );
    assert_eq!(s.delta[1..3], [0, 5]);
    assert_eq!(mm.bolts[..3], [0, 1, 0]);
}

#[test]
fn the_polish_limit_stops_an_opponent_at_800_who_took_points() {
    // Seat 1 at exactly 800 takes A♠ (11, rounded 10) and scores nothing; seat 2 at 795 takes 10.
    let (s, _) = settle(
        "tysiac(ruleset=polish,scope=match)",
        [0, 800, 795],
        Match::default(),
        100,
        [ALL_BUT, "A♠", "Q♣ Q♠ J♦ J♥"],
        [0; 3],
        false,
    );
    assert_eq!(s.hand[1..3], [11, 10]);
    assert_eq!(s.delta[1..3], [0, 10]);
}

#[test]
fn a_barrel_declarer_reaching_1000_on_the_third_deal_wins_and_does_not_fall() {
    // Third deal on the barrel: 880 + 120 made is exactly the target, a win, not the fall to 760.
    let (s, mm) = settle(
        "tysiac(scope=match)",
        [880, 0, 0],
        barrel([true, false, false], [2, 0, 0]),
        120,
        [ALL_BUT, "", "Q♣ Q♠ J♦ J♥"],
        [40, 0, 0],
        false,
    );
    assert_eq!((s.delta[0], mm.winner), (120, Some(0)));
}

#[test]
fn the_barrel_minimum_bid_binds_only_the_seat_on_the_barrel() {
    // Seat 1 sits on the barrel, seat 0 (F) does not: seat 0 opens at 100; seat 1, without a
    // marriage (limit 120), may then bid exactly 120.
    let mut st = dealt("tysiac(scope=match,barrel_min_bid=120)");
    st.match_state.on_barrel[1] = true;
    assert_eq!(bids(&st).first().unwrap(), "bid 100");
    act(&mut st, &["bid 100"]);
    assert_eq!(bids(&st), ["pass", "bid 120"]);
}

#[test]
fn a_forehand_on_the_barrel_whose_limit_is_under_the_minimum_opens_at_the_minimum() {
    // Seat 0 (F) holds no marriage (limit 120) and sits on the barrel with a minimum of 125: the
    // forehand must open, and its only bid is 125.
    let mut st = dealt_with("tysiac(scope=match,barrel_min_bid=125)", [H1, H0, H2], PRIKUP);
    st.match_state.on_barrel[0] = true;
    assert_eq!(bids(&st), ["bid 125"]);
}

#[test]
fn the_final_contract_starts_at_the_bid_and_an_achievable_cap_without_the_marriage_rule() {
    // Bid 115, J♣ J♠ given: the 8 cards keep K♥ Q♥ and K♠ Q♠; the contracts start at 115.
    let mut st = dealt("tysiac");
    act(
        &mut st,
        &["bid 115", "pass", "pass", "give J♣ left", "give J♠ right"],
    );
    assert_eq!(legal_names(&st).first().unwrap(), "contract 115");
    // The achievable cap without the marriage rule: 120 + ♥ 100 + ♠ 40 = 260 at most.
    let spec = "tysiac(bid_cap=achievable,raise_requires_marriage_over_120=false";
    let st = at_contract(&format!("{spec})"), "J♣", "J♠");
    let names = legal_names(&st);
    assert_eq!(names[names.len() - 2..], ["contract 260", "rospisat"]);
    // No pair left and 100 the limit without one: a raise to 120 (the cards' points) is still open.
    let st = at_contract(&format!("{spec},max_without_marriage=100)"), "K♥", "K♠");
    assert_eq!(
        contracts(&st),
        [
            "contract 100",
            "contract 105",
            "contract 110",
            "contract 115",
            "contract 120"
        ]
    );
}

#[test]
fn four_nines_dealt_annul_with_the_original_hand_flag_and_the_prikup_is_the_talon_three_handed() {
    // Seat 1 was dealt the four nines and still holds them: asked to annul after the contract.
    let mut st = at_contract("tysiac(four_nines_original_hand_only=true)", "J♣", "J♠");
    act(&mut st, &["contract 100"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(legal_names(&st), ["annul", "play on"]);
    // Three-handed the prikup is the talon from the deal on; two-handed nothing until a musik is taken.
    let st = dealt("tysiac");
    assert_eq!(st.extra.prikup, set(&st, PRIKUP));
    let st = dealt_two("tysiac(ruleset=two_handed)");
    assert_eq!(st.extra.prikup, CardSet::EMPTY);
}

#[test]
fn two_handed_the_first_musik_taken_is_the_one_shown_to_the_other_player() {
    let mut st = dealt_two("tysiac(ruleset=two_handed)");
    act(&mut st, &["bid 100", "pass", "musik 1"]);
    assert_eq!(st.extra.musik, Some(0));
    assert_eq!(st.extra.prikup, set(&st, MUSIK_1));
    assert_eq!(st.core.talon, set(&st, MUSIK_2));
    assert_eq!(encode_visible(&st, 1, 0), set(&st, MUSIK_1));
}

#[test]
fn a_trump_wins_the_trick_over_the_highest_card_of_the_suit_led() {
    // ♥ is trump (seat 0's marriage, Q♥ won the second trick). Seat 0 leads Q♣, seat 1 follows with
    // A♣, seat 2 (void in ♣) must trump and plays 10♥: the trump takes the trick, not the ace.
    let mut st = playing("tysiac");
    act(
        &mut st,
        &["A♠", "9♠", "J♠", "marry ♥", "Q♥", "9♥", "J♥", "Q♣", "A♣", "10♥"],
    );
    assert_eq!(st.core.to_move, 2, "the trump's player leads next");
    assert_eq!(st.core.won[2], set(&st, "Q♣ A♣ 10♥"));
}

#[test]
fn the_barrel_minimum_is_0_or_a_multiple_of_5_from_100_and_the_first_dealer_from_minus_1() {
    // barrel_min_bid: 0 (none) or a bid (a multiple of 5 from 100 to 400); anything else is refused
    // naming the parameter. The bounds: 100 and 400 accepted, 95 and 50 below the lowest bid, 103 and
    // 121 between the steps.
    for ok in [0, 100, 120, 400] {
        let spec = format!("tysiac(barrel_min_bid={ok})");
        assert!(Tysiac::from_game_string(&spec).is_ok(), "{spec}");
    }
    for bad in [5, 50, 95, 99, 103, 121, 399] {
        let e = Tysiac::from_game_string(&format!("tysiac(barrel_min_bid={bad})")).unwrap_err();
        assert!(
            matches!(&e, LudoError::InvalidParameter { name, .. } if name == "barrel_min_bid"),
            "{bad}: {e:?}"
        );
    }
    // max_without_marriage is a bid too: 125 is one, 123 is not.
    assert!(Tysiac::from_game_string("tysiac(max_without_marriage=125)").is_ok());
    let e = Tysiac::from_game_string("tysiac(max_without_marriage=123)").unwrap_err();
    assert!(matches!(&e, LudoError::InvalidParameter { name, .. } if name == "max_without_marriage"));
    // first_dealer: -1 (the last seat) and 0 are seats one may name; -2 is not.
    for (spec, dealer) in [("tysiac(first_dealer=-1)", 2), ("tysiac(first_dealer=0)", 0)] {
        let st = dealt(spec);
        assert_eq!(st.core.dealer, dealer, "{spec}");
        assert_eq!(
            st.current_player(),
            Player::Seat((dealer + 1) % 3),
            "F opens: {spec}"
        );
        assert_eq!(
            st.core.hands[(dealer + 1) % 3],
            set(&st, H0),
            "the first card to F: {spec}"
        );
    }
    let e = Tysiac::from_game_string("tysiac(first_dealer=-2)").unwrap_err();
    assert!(e.to_string().contains("first_dealer"), "{e}");
}

#[test]
fn an_illegal_card_is_refused_naming_the_duty_it_breaks() {
    let action = |st: &TysiacState, name: &str| st.string_to_action(name).unwrap();
    let refusal =
        |st: &TysiacState, name: &str| st.clone().apply_action(action(st, name)).unwrap_err().to_string();
    let mut st = playing("tysiac");
    act(&mut st, &["A♠", "9♠", "J♠", "marry ♥"]);
    // The ♥ marriage announced: its king or queen must be led, A♥ is refused.
    let e = refusal(&st, "A♥");
    assert!(
        e.contains("marriage in hearts was announced: lead its king or queen"),
        "{e}"
    );
    act(&mut st, &["Q♥"]);
    // Seat 1 holds 9♥: A♣ does not follow the hearts led.
    let e = refusal(&st, "A♣");
    assert!(e.contains("follow hearts if you can, else play a trump"), "{e}");
    assert!(!e.contains("beating"), "no duty to beat: {e}");
    // With the duty to beat, seat 2 (10♥ J♥ after Q♥ 9♥) may not play J♥, and is told why.
    let mut over = playing("tysiac(must_overtake=true)");
    act(&mut over, &["A♠", "9♠", "J♠", "marry ♥", "Q♥", "9♥"]);
    let e = refusal(&over, "J♥");
    assert!(
        e.contains("follow hearts if you can") && e.contains("beating the trick when you can"),
        "{e}"
    );
}

#[test]
fn random_play_declares_marriages_where_they_are_legal() {
    // Seat 0 won the first trick and leads holding K♥ Q♥ and K♠ Q♠: its 8 cards and the two
    // marriages are legal, and the random player draws among all 10 of them.
    let mut st = playing("tysiac");
    act(&mut st, &["A♠", "9♠", "J♠"]);
    let mut rng = crate::core::rng::Rng::new(1);
    let marry = (0..100)
        .filter(|_| {
            st.action_to_string(st.random_action(&mut rng))
                .starts_with("marry")
        })
        .count();
    assert!(0 < marry && marry < 100, "{marry}");
    // Random play-outs from this lead declare a marriage in some deals.
    let declared = (0..20)
        .filter(|&seed| {
            let mut s = st.clone();
            s.play_out_random(&mut crate::core::rng::Rng::new(seed));
            s.extra.married.iter().any(|&m| m != 0)
        })
        .count();
    assert!(declared > 0, "{declared}");
}

#[test]
fn a_deal_returns_within_400_and_a_match_gives_the_winner_1_and_the_others_share_minus_1() {
    use crate::core::game::Utility;
    // One deal: a declarer who bid 400 and took nothing loses 400, the most anybody can.
    let (s, _) = settle(
        "tysiac",
        [0; 3],
        Match::default(),
        400,
        ["", ALL_BUT, "Q♣ Q♠ J♦ J♥"],
        [0; 3],
        false,
    );
    assert_eq!(s.delta[0], -400);
    assert_eq!(game("tysiac").utility(), Some(Utility::general(-400.0, 400.0)));
    // A match: the winner +1, the others share −1.
    for (spec, n, lose) in [
        ("tysiac(scope=match)", 3, -0.5),
        ("tysiac(scope=match,ruleset=two_handed)", 2, -1.0),
        ("tysiac(scope=match,ruleset=four_handed)", 4, -1.0 / 3.0),
    ] {
        assert_eq!(game(spec).utility(), Some(Utility::zero_sum(lose, 1.0)), "{spec}");
        let mut st = game(spec).new_initial_state();
        assert_eq!(st.rules().match_result(st.view()), None, "nobody has won yet");
        st.match_state.winner = Some(1);
        let r = st.rules().match_result(st.view()).unwrap();
        let want: Vec<f64> = (0..n).map(|s| if s == 1 { 1.0 } else { lose }).collect();
        assert_eq!(r[..n], want[..], "{spec}");
    }
}

/// Where the extra observation's blocks start for `n` seats, as its layout is documented (stage[6],
/// passed[n], high bidder[n], contract/400, prikup[24], given left[24], given right[24],
/// marriages[n×4], pending, on barrel[n], then the raw barrel deals[n], bolts[n], P marks[n]), and
/// its length.
struct ExtraLayout {
    passed: usize,
    high: usize,
    contract: usize,
    prikup: usize,
    left: usize,
    right: usize,
    married: usize,
    pending: usize,
    barrel: usize,
    deals: usize,
    bolts: usize,
    p_marks: usize,
    len: usize,
}

fn extra_layout(n: usize) -> ExtraLayout {
    let passed = 6;
    let high = passed + n;
    let contract = high + n;
    let prikup = contract + 1;
    let left = prikup + 24;
    let right = left + 24;
    let married = right + 24;
    let pending = married + 4 * n;
    let barrel = pending + 1;
    let deals = barrel + n;
    let bolts = deals + n;
    let p_marks = bolts + n;
    ExtraLayout {
        passed,
        high,
        contract,
        prikup,
        left,
        right,
        married,
        pending,
        barrel,
        deals,
        bolts,
        p_marks,
        len: p_marks + n,
    }
}

/// The engine's own observation length before the rules' floats (its documented layout: hand,
/// known[n-1], trick[n], won[n], face up, known stock, trump[4], stock, to move[n], ledger[n]).
fn engine_len(n: usize) -> usize {
    24 * (1 + (n - 1) + n + n + 1 + 1) + 4 + 1 + n + n
}

/// The rules' floats of `viewer`'s observation, written through the engine.
fn extra_obs(st: &TysiacState, viewer: usize) -> Vec<f32> {
    let n = st.rules().players;
    let mut out = vec![0.0; engine_len(n) + extra_layout(n).len];
    st.write_observation(viewer, &mut out);
    out[engine_len(n)..].to_vec()
}

#[test]
fn the_observation_has_the_documented_length_and_raw_counts_are_unbounded() {
    // 3 players: 101 one-hot/fraction floats and 9 raw counts; 2: 94 and 6; 4: 108 and 12.
    for (spec, n, marks) in [
        ("tysiac", 3, 101),
        ("tysiac(ruleset=two_handed)", 2, 94),
        ("tysiac(ruleset=four_handed)", 4, 108),
    ] {
        let g = game(spec);
        let l = extra_layout(n);
        assert_eq!((l.deals, l.len), (marks, marks + 3 * n), "{spec}");
        assert_eq!(g.observation_shape(), [engine_len(n) + l.len], "{spec}");
        let (low, high) = g.observation_bounds();
        let extra = engine_len(n);
        assert!(low[extra..].iter().all(|&x| x == 0.0), "{spec}");
        assert!(high[extra..extra + marks].iter().all(|&x| x == 1.0), "{spec}");
        assert!(
            high[extra + marks..].iter().all(|&x| x == f32::INFINITY),
            "{spec}"
        );
    }
}

#[test]
fn the_observation_shows_each_seat_the_auction_prikup_its_gives_marriages_and_marks() {
    // Seat 0 bid 100, seats 1 and 2 passed; prikup Q♣ J♣ Q♠ taken; J♣ given to seat 1 (left), J♠ to
    // seat 2 (right); contract 100; seat 0 won the first trick and announced ♥ (pending its lead).
    let mut st = playing("tysiac(scope=match)");
    act(&mut st, &["A♠", "9♠", "J♠", "marry ♥"]);
    let m = &mut st.match_state;
    m.on_barrel[..3].copy_from_slice(&[true, false, true]);
    m.barrel_deals[..3].copy_from_slice(&[2, 0, 1]);
    m.bolts[..3].copy_from_slice(&[0, 1, 2]);
    m.p_marks[..3].copy_from_slice(&[1, 2, 0]);
    let l = extra_layout(3);
    let idx = |name: &str| c(&st, name).idx();
    for viewer in 0..3 {
        // Player-relative: the viewer is 0, the next seat 1, ...
        let rel = |s: usize| (s + 3 - viewer) % 3;
        let mut want = vec![0.0f32; l.len];
        want[4] = 1.0; // play
        want[l.passed + rel(1)] = 1.0;
        want[l.passed + rel(2)] = 1.0;
        want[l.high + rel(0)] = 1.0;
        want[l.contract] = 100.0 / 400.0;
        for name in ["Q♣", "J♣", "Q♠"] {
            want[l.prikup + idx(name)] = 1.0;
        }
        // Each given card: the declarer and its receiver only.
        if viewer == 0 || viewer == 1 {
            want[l.left + idx("J♣")] = 1.0;
        }
        if viewer == 0 || viewer == 2 {
            want[l.right + idx("J♠")] = 1.0;
        }
        want[l.married + rel(0) * 4 + HEARTS as usize] = 1.0;
        want[l.pending] = 1.0;
        want[l.barrel + rel(0)] = 1.0;
        want[l.barrel + rel(2)] = 1.0;
        for s in 0..3 {
            want[l.deals + rel(s)] = [2.0, 0.0, 1.0][s];
            want[l.bolts + rel(s)] = [0.0, 1.0, 2.0][s];
            want[l.p_marks + rel(s)] = [1.0, 2.0, 0.0][s];
        }
        assert_eq!(extra_obs(&st, viewer), want, "viewer {viewer}");
    }
    // Face up, both gives are everybody's.
    let mut up = playing("tysiac(pass_cards_face_up=true)");
    act(&mut up, &["A♠"]);
    let o = extra_obs(&up, 1);
    assert_eq!((o[l.left + idx("J♣")], o[l.right + idx("J♠")]), (1.0, 1.0));
    assert_eq!(o[l.pending], 0.0);
}

#[test]
fn two_handed_the_musik_taken_is_public_and_the_discards_are_the_declarers_alone() {
    // Seat 0 bid 100, seat 1 passed; seat 0 took musik 2 (J♣ Q♠) and discarded J♣ and 9♦.
    let mut st = dealt_two("tysiac(ruleset=two_handed,scope=match)");
    act(
        &mut st,
        &["bid 100", "pass", "musik 2", "discard J♣", "discard 9♦"],
    );
    st.match_state.bolts[..2].copy_from_slice(&[1, 2]);
    let l = extra_layout(2);
    let idx = |name: &str| c(&st, name).idx();
    for viewer in 0..2 {
        let rel = |s: usize| (s + 2 - viewer) % 2;
        let mut want = vec![0.0f32; l.len];
        want[2] = 1.0; // the final contract
        want[l.passed + rel(1)] = 1.0;
        want[l.high + rel(0)] = 1.0;
        want[l.contract] = 0.25;
        for name in ["J♣", "Q♠"] {
            want[l.prikup + idx(name)] = 1.0;
        }
        // The discards, in the first give's slots, for the declarer only.
        if viewer == 0 {
            want[l.left + idx("J♣")] = 1.0;
            want[l.left + idx("9♦")] = 1.0;
        }
        want[l.bolts + rel(0)] = 1.0;
        want[l.bolts + rel(1)] = 2.0;
        assert_eq!(extra_obs(&st, viewer), want, "viewer {viewer}");
    }
}
