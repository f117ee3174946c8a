//! Concrete situations of Foster's and pagat.com's Calabrasella: the deal, the one-turn bidding, the
//! call, the exchange, following, the 35-point count and the settlements.

use super::*;
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;
use crate::core::Registered;
use crate::trick::testing::{act, card as c, cards as set};

fn game(spec: &str) -> Calabrasella {
    Calabrasella::from_game_string(spec).unwrap()
}

fn legal_names(st: &CalabrasellaState) -> Vec<String> {
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    let mut n: Vec<String> = v.iter().map(|&a| st.action_to_string(a)).collect();
    n.sort();
    n
}

const H0: &str = "A♣ 2♣ 3♣ K♣ C♣ J♣ 7♣ 6♣ 5♣ 4♣ 3♦ 2♦";
const H1: &str = "A♦ K♦ C♦ J♦ 7♦ 6♦ 5♦ 4♦ A♥ 2♥ 3♥ K♥";
const H2: &str = "C♥ J♥ 7♥ 6♥ 5♥ 4♥ A♠ 2♠ 3♠ K♠ C♠ J♠";
const WIDOW_CARDS: &str = "7♠ 6♠ 5♠ 4♠";

/// Deals `H0..H2` to the three seats after the dealer (packets of `packet`) and the widow last.
fn dealt(spec: &str, packet: usize) -> CalabrasellaState {
    let mut st = game(spec).new_initial_state();
    let h: Vec<Vec<&str>> = [H0, H1, H2]
        .iter()
        .map(|s| s.split_whitespace().collect())
        .collect();
    let dealer = st.core.dealer;
    let n = st.rules().num_players();
    // h[i] goes to the i-th seat after the dealer.
    let seat_hand = |seat: usize| (seat + n - dealer - 1) % n;
    let mut order = Vec::new();
    for round in 0..12 / packet {
        for k in 1..=3 {
            let seat = (dealer + k) % n;
            order.extend_from_slice(&h[seat_hand(seat)][round * packet..(round + 1) * packet]);
        }
    }
    order.extend(WIDOW_CARDS.split_whitespace());
    act(&mut st, &order);
    st
}

/// Seat 0 plays, discards 4♣ and takes 7♠; the opponents then lose every trick (a sweep).
const SWEEP: &[&str] = &[
    "play",
    "discard 4♣",
    "done",
    "take 7♠", //
    "3♣",
    "4♦",
    "A♠",
    "2♣",
    "5♦",
    "2♠",
    "A♣",
    "6♦",
    "3♠",
    "K♣",
    "7♦",
    "K♠", //
    "C♣",
    "J♦",
    "C♠",
    "J♣",
    "C♦",
    "J♠",
    "7♣",
    "K♦",
    "4♥",
    "6♣",
    "A♥",
    "5♥", //
    "5♣",
    "2♥",
    "6♥",
    "3♦",
    "A♦",
    "7♥",
    "2♦",
    "3♥",
    "J♥",
    "7♠",
    "K♥",
    "C♥",
];

#[test]
fn the_pack_strength_and_points_make_35() {
    let g = game("calabrasella");
    let r = g.rules();
    assert_eq!(r.deck().len(), 40);
    let t = r.tables();
    assert_eq!(t.points_of(r.deck().all()), 32, "32 in cards");
    for s in 0..4 {
        assert_eq!(t.points_of(r.deck().suit_mask(s)), 8, "8 per suit");
    }
    let st = g.new_initial_state();
    // 3 > 2 > A > R > C > F > 7 > 6 > 5 > 4.
    let order: Vec<u8> = ["3♠", "2♠", "A♠", "K♠", "C♠", "J♠", "7♠", "6♠", "5♠", "4♠"]
        .iter()
        .map(|n| r.strength_of(c(&st, n)))
        .collect();
    assert!(order.windows(2).all(|w| w[0] > w[1]), "{order:?}");
    assert_eq!(t.points[c(&st, "A♠").idx()], 3);
    assert_eq!(t.points[c(&st, "J♠").idx()], 1);
    assert_eq!(t.points[c(&st, "7♠").idx()], 0);
}

#[test]
fn the_deal_gives_12_each_in_fours_and_4_to_the_widow_then_the_eldest_speaks() {
    let st = dealt("calabrasella", 4);
    for s in 0..3 {
        assert_eq!(st.core.hands[s].len(), 12);
    }
    assert_eq!(st.core.hands[0], set(&st, H0));
    assert_eq!(st.core.talon, set(&st, WIDOW_CARDS));
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(legal_names(&st), ["pass", "play"]);
    // Packets of 4: the first four cards go to the dealer's next seat, the next four to the one after.
    let mut st = game("calabrasella").new_initial_state();
    act(&mut st, &["A♣", "2♣", "3♣", "4♣", "5♣"]);
    assert_eq!(st.core.hands[0].len(), 4);
    assert_eq!(st.core.hands[1], set(&st, "5♣"));
}

#[test]
fn packets_of_two_alternate_every_two_cards() {
    let mut st = game("calabrasella(deal_packet=2)").new_initial_state();
    act(&mut st, &["A♣", "2♣", "3♣"]);
    assert_eq!(st.core.hands[0], set(&st, "A♣ 2♣"));
    assert_eq!(st.core.hands[1], set(&st, "3♣"));
    let st = dealt("calabrasella(deal_packet=2)", 2);
    assert_eq!(st.core.hands[2], set(&st, H2));
    assert!(Calabrasella::from_game_string("calabrasella(deal_packet=3)").is_err());
}

#[test]
fn bidding_stops_at_the_first_play_and_all_pass_throws_the_hands_in() {
    let mut st = dealt("calabrasella", 4);
    act(&mut st, &["pass", "play"]);
    assert_eq!(st.extra.single, Some(1));
    assert_eq!(st.extra.stage, Stage::Discard, "seat 2 never speaks");
    assert_eq!(st.current_player(), Player::Seat(1));
    // All pass in a match: no payment, the deal passes on.
    let mut st = dealt("calabrasella(scope=match)", 4);
    act(&mut st, &["pass", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(2));
    act(&mut st, &["pass"]);
    assert_eq!(st.core.deals_done, 1);
    assert_eq!(st.core.dealer, 0);
    assert_eq!(&st.core.ledger[..3], &[0.0; 3]);
    assert_eq!(st.current_player(), Player::Chance);
    // A single deal is dealt again.
    let mut st = dealt("calabrasella", 4);
    act(&mut st, &["pass", "pass", "pass"]);
    assert_eq!(st.current_player(), Player::Chance);
    assert_eq!(st.core.hands[0].len(), 0);
}

#[test]
fn discard_one_to_four_before_the_widow_then_take_as_many() {
    let mut st = dealt("calabrasella", 4);
    act(&mut st, &["play"]);
    let names = legal_names(&st);
    assert_eq!(names.len(), 12, "at least one discard: no done yet");
    assert!(!names.contains(&"done".to_string()));
    act(&mut st, &["discard 4♣"]);
    assert!(legal_names(&st).contains(&"done".to_string()));
    // The widow is still face down: nobody sees it.
    assert!(!st.observation_string(0).contains("7♠"));
    act(&mut st, &["discard 5♣", "done"]);
    assert_eq!(legal_names(&st), ["take 4♠", "take 5♠", "take 6♠", "take 7♠"]);
    // Face up for everyone now, the discards only for the single player.
    assert!(st
        .observation_string(1)
        .contains("talon (face up): 4♠ 5♠ 6♠ 7♠\n"));
    assert!(st.observation_string(1).contains("discarded: 2\n"));
    assert!(!st.observation_string(1).contains("4♣"));
    assert!(st.observation_string(0).contains("4♣"));
    act(&mut st, &["take 7♠"]);
    assert_eq!(
        st.core.phase,
        crate::trick::Phase::Bidding,
        "a second card to take"
    );
    act(&mut st, &["take 6♠"]);
    assert_eq!(st.core.hands[0].len(), 12);
    assert_eq!(st.core.talon.len(), 4, "the leftover pile is always 4");
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    assert_eq!(st.current_player(), Player::Seat(0));
}

#[test]
fn four_discards_turn_the_widow_at_once_and_the_eldest_leads_whoever_plays() {
    let mut st = dealt("calabrasella", 4);
    act(&mut st, &["pass", "pass", "play"]);
    act(&mut st, &["discard 4♥", "discard 5♥", "discard 6♥", "discard 7♥"]);
    assert_eq!(st.extra.stage, Stage::Take);
    act(&mut st, &["take 4♠", "take 5♠", "take 6♠", "take 7♠"]);
    assert_eq!(
        st.current_player(),
        Player::Seat(0),
        "the dealer's next seat leads"
    );
}

#[test]
fn must_follow_suit_and_the_highest_of_the_led_suit_wins() {
    let mut st = dealt("calabrasella", 4);
    act(&mut st, &["play", "discard 4♣", "done", "take 7♠"]);
    act(&mut st, &["3♦"]);
    assert_eq!(
        legal_names(&st),
        ["4♦", "5♦", "6♦", "7♦", "A♦", "C♦", "J♦", "K♦"],
        "seat 1 holds diamonds"
    );
    let e = st.string_to_action("A♥").unwrap();
    let err = st.apply_action(e).unwrap_err();
    assert!(format!("{err}").contains("must follow suit ♦"), "{err}");
    act(&mut st, &["A♦"]);
    assert_eq!(legal_names(&st).len(), 12, "seat 2 is void: any card");
    act(&mut st, &["A♠"]);
    assert_eq!(st.core.last_trick.unwrap().2, 0, "3♦ beats A♦; A♠ is off suit");
    // The 2 beats the ace; an off-suit 3 wins nothing.
    act(&mut st, &["2♦", "K♦", "3♠"]);
    assert_eq!(st.core.last_trick.unwrap().2, 0);
    act(&mut st, &["5♣", "A♥", "2♠"]);
    assert_eq!(st.core.last_trick.unwrap().2, 0, "5♣ is alone in the led suit");
}

#[test]
fn a_sweep_pays_70_per_opponent() {
    let mut st = dealt("calabrasella", 4);
    act(&mut st, SWEEP);
    assert!(st.is_terminal());
    assert_eq!(&st.core.returns[..3], &[140.0, -70.0, -70.0]);
    let r = st.rules().deal_result(&st.core, &st.extra).unwrap();
    assert_eq!((r.single_points, r.opponent_points), (35, 0));
}

#[test]
fn four_handed_the_dealer_sits_out_and_settles_per_the_flag() {
    let st = dealt("calabrasella(players=4)", 4);
    assert_eq!(st.core.dealer, 3);
    assert!(st.core.hands[3].is_empty(), "the dealer takes no cards");
    let mut with = st.clone();
    act(&mut with, SWEEP);
    assert_eq!(&with.core.returns[..4], &[210.0, -70.0, -70.0, -70.0], "±3M");
    let mut neutral = dealt("calabrasella(players=4,four_handed_settlement=dealer_neutral)", 4);
    act(&mut neutral, SWEEP);
    assert_eq!(
        &neutral.core.returns[..4],
        &[140.0, -70.0, -70.0, 0.0],
        "±2M, dealer unchanged"
    );
    // Three pass: the deal is thrown in though the dealer never spoke.
    let mut st = dealt("calabrasella(players=4,scope=match)", 4);
    act(&mut st, &["pass", "pass", "pass"]);
    assert_eq!(st.core.dealer, 0, "the next dealer sits out the next deal");
    assert_eq!(st.current_player(), Player::Chance);
}

#[test]
fn the_margin_is_odd_and_decided_at_18_against_17() {
    let mut st = dealt("calabrasella", 4);
    act(&mut st, SWEEP);
    let rules = st.rules().clone();
    let mut core = st.core.clone();
    let extra = st.extra.clone();
    // Seat 0 keeps 15 card points of tricks, wins the last trick (+3) and a pile worth 0: 18 to 17.
    let all = core.won[0];
    let keep = set(&st, "3♣ 2♣ A♣ K♣ C♣ J♣ 3♦ 2♦ 7♣ 6♣ 5♣ 4♣ 7♠ 6♠ 5♠ 4♠");
    core.won = [CardSet::EMPTY; MAX_PLAYERS];
    core.won[0] = keep & all | set(&st, "A♦ K♦ C♦");
    core.won[1] = all - core.won[0] - core.talon;
    core.talon = set(&st, "4♣ 6♠ 5♠ 4♠");
    core.won[0] = core.won[0] - core.talon;
    let pts = rules.tables().points_of(core.won[0]);
    assert_eq!(pts, 15);
    assert_eq!(
        rules.settlement(&core, &extra)[..3],
        [2.0, -1.0, -1.0],
        "18:17 wins by 1"
    );
    // One point less: 17:18 loses by 1.
    core.won[0].remove(c(&st, "C♦"));
    core.won[1].insert(c(&st, "C♦"));
    assert_eq!(rules.settlement(&core, &extra)[..3], [-2.0, 1.0, 1.0]);
    // The last trick and the leftover pile (with an ace) to an opponent: 14 against 21.
    core.talon = set(&st, "A♠ 6♠ 5♠ 4♠");
    core.won[1].remove(c(&st, "A♠"));
    core.won[1].insert(c(&st, "4♣"));
    let (l, cards, _) = core.last_trick.unwrap();
    core.last_trick = Some((l, cards, 1));
    let r = rules.deal_result(&core, &extra).unwrap();
    assert_eq!((r.single_points, r.opponent_points), (14, 21));
    assert_eq!(r.per_opponent(), -7);
    // Nothing at all: a sweep the other way.
    let r = DealResult {
        single: 0,
        single_points: 0,
        opponent_points: 35,
        total: TOTAL,
        multiplier: 1,
    };
    assert_eq!(r.per_opponent(), -70);
    let r = DealResult {
        single: 0,
        single_points: 34,
        opponent_points: 1,
        total: TOTAL,
        multiplier: 1,
    };
    assert_eq!(r.per_opponent(), 33, "34 is not a sweep");
}

#[test]
fn call_three_names_a_missing_three_and_exchanges_privately() {
    let mut st = dealt("calabrasella(call_three=true)", 4);
    act(&mut st, &["play"]);
    assert_eq!(legal_names(&st), ["call 3♠", "call 3♥"], "seat 0 holds 3♣ 3♦");
    act(&mut st, &["call 3♥"]);
    assert!(st.core.hands[0].contains(c(&st, "3♥")));
    assert_eq!(st.extra.holder, Some(1));
    assert_eq!(legal_names(&st).len(), 13, "any card of the 13 he holds");
    act(&mut st, &["give 4♣"]);
    assert!(st.core.hands[1].contains(c(&st, "4♣")));
    assert_eq!(st.core.hands[1].len(), 12);
    assert!(st.observation_string(1).contains("given in exchange: 4♣"));
    assert!(st.observation_string(0).contains("given in exchange: 4♣"));
    assert!(
        !st.observation_string(2).contains("4♣"),
        "seat 2 does not see the returned card"
    );
    assert!(st
        .observation_string(2)
        .contains("called: 3♥ (handed over by seat 1)"));
    assert_eq!(st.extra.stage, Stage::Discard);
    // The holder of all four 3s names a 2; a card called from the widow is not exchanged.
    let rules = st.rules().clone();
    let threes = set(&st, "3♣ 3♦ 3♥ 3♠ 2♣");
    assert_eq!(rules.callable(threes), set(&st, "2♦ 2♥ 2♠"));
    let mut st = dealt("calabrasella(call_three=true)", 4);
    act(&mut st, &["pass", "pass", "play"]);
    assert_eq!(legal_names(&st), ["call 3♣", "call 3♥", "call 3♦"]);
}

#[test]
fn a_card_called_from_the_widow_changes_nothing() {
    // Seat 0 holds every 3, 2 and ace, so he names a king.
    let mut st = game("calabrasella(call_three=true)").new_initial_state();
    // Seat 0: all 3s, 2s, aces, kings, C; seat 1 / seat 2 the rest; widow 7♣ 7♦ 7♥ 7♠.
    let h0 = "3♣ 3♦ 3♥ 3♠ 2♣ 2♦ 2♥ 2♠ A♣ A♦ A♥ A♠";
    let h1 = "K♣ K♦ K♥ K♠ C♣ C♦ C♥ C♠ J♣ J♦ J♥ J♠";
    let h2 = "6♣ 6♦ 6♥ 6♠ 5♣ 5♦ 5♥ 5♠ 4♣ 4♦ 4♥ 4♠";
    let hs: Vec<Vec<&str>> = [h0, h1, h2]
        .iter()
        .map(|s| s.split_whitespace().collect())
        .collect();
    let mut order = Vec::new();
    for round in 0..3 {
        for h in &hs {
            order.extend_from_slice(&h[round * 4..round * 4 + 4]);
        }
    }
    order.extend(["7♣", "7♦", "7♥", "7♠"]);
    act(&mut st, &order);
    act(&mut st, &["play"]);
    assert_eq!(legal_names(&st), ["call K♠", "call K♣", "call K♥", "call K♦"]);
    act(&mut st, &["call K♠"]);
    assert_eq!(st.extra.holder, Some(1));
    let mut st = game("calabrasella(call_three=true)").new_initial_state();
    let h2b = "K♣ K♦ K♥ K♠ C♣ C♦ C♥ C♠ 6♣ 6♦ 6♥ 6♠";
    let h1b = "J♣ J♦ J♥ J♠ 7♣ 7♦ 7♥ 5♠ 5♣ 5♦ 5♥ 4♠";
    let hs: Vec<Vec<&str>> = [h0, h1b, h2b]
        .iter()
        .map(|s| s.split_whitespace().collect())
        .collect();
    let mut order = Vec::new();
    for round in 0..3 {
        for h in &hs {
            order.extend_from_slice(&h[round * 4..round * 4 + 4]);
        }
    }
    order.extend(["7♠", "4♣", "4♦", "4♥"]);
    act(&mut st, &order);
    act(&mut st, &["play", "call K♠"]);
    assert_eq!(st.extra.holder, Some(2));
    // The called king is seat 2's; then one lying in the widow.
    let mut st = game("calabrasella(call_three=true)").new_initial_state();
    let h2c = "7♠ K♦ K♥ C♠ C♣ C♦ C♥ J♠ 6♣ 6♦ 6♥ 6♠";
    let h1c = "J♣ J♦ J♥ K♣ 7♣ 7♦ 7♥ 5♠ 5♣ 5♦ 5♥ 4♠";
    let hs: Vec<Vec<&str>> = [h0, h1c, h2c]
        .iter()
        .map(|s| s.split_whitespace().collect())
        .collect();
    let mut order = Vec::new();
    for round in 0..3 {
        for h in &hs {
            order.extend_from_slice(&h[round * 4..round * 4 + 4]);
        }
    }
    order.extend(["K♠", "4♣", "4♦", "4♥"]);
    act(&mut st, &order);
    act(&mut st, &["play", "call K♠"]);
    assert_eq!(st.extra.holder, None);
    assert_eq!(st.extra.stage, Stage::Discard, "no exchange");
    assert!(st.core.talon.contains(c(&st, "K♠")));
    assert!(st.observation_string(1).contains("in the widow"));
}

#[test]
fn matches_end_on_paper_at_the_target_or_when_a_stack_is_gone() {
    let mut st = dealt("calabrasella(scope=match,target=140)", 4);
    act(&mut st, SWEEP);
    assert!(st.is_terminal(), "140 reaches 140");
    assert_eq!(&st.core.returns[..3], &[1.0, -0.5, -0.5]);
    let mut st = dealt("calabrasella(scope=match,target=141)", 4);
    act(&mut st, SWEEP);
    assert!(!st.is_terminal(), "140 is short of 141");
    assert_eq!(&st.core.ledger[..3], &[140.0, -70.0, -70.0]);
    let mut st = dealt("calabrasella(scope=match,game_end=chips,chips=70)", 4);
    act(&mut st, SWEEP);
    assert!(st.is_terminal(), "70 chips lost: out");
    assert_eq!(&st.core.returns[..3], &[140.0, -70.0, -70.0]);
    let mut st = dealt("calabrasella(scope=match,game_end=chips,chips=71)", 4);
    act(&mut st, SWEEP);
    assert!(!st.is_terminal(), "one chip left");
}

#[test]
fn greedy_beats_random_and_random_games_conserve_35_points() {
    let g = game("calabrasella");
    let mut rng = Rng::new(7);
    let mut total = [0.0; 3];
    let bots: Vec<Box<dyn crate::core::game::Bot<CalabrasellaState>>> =
        vec![g.rules().new_bot("greedy").unwrap()];
    for i in 0..600 {
        let me = i % 3;
        let mut st = g.new_initial_state();
        while !st.is_terminal() {
            let a = match st.current_player() {
                Player::Chance => st.sample_chance(&mut rng),
                Player::Seat(s) if s == me => bots[0].act(&st, &mut rng),
                _ => st.random_action(&mut rng),
            };
            st.apply_action(a).unwrap();
            if st.core.tricks_played == TRICKS {
                let r = st.rules().deal_result(&st.core, &st.extra).unwrap();
                assert_eq!(r.single_points + r.opponent_points, 35);
                assert!(r.per_opponent() % 2 != 0 || r.per_opponent().abs() == 70);
            }
        }
        total[me] += st.core.returns[me];
        let sum: f64 = st.core.returns[..3].iter().sum();
        assert_eq!(sum, 0.0, "zero-sum");
    }
    assert!(
        total.iter().all(|&t| t > 0.0),
        "greedy wins in every seat: {total:?}"
    );
}

#[test]
fn the_rulesets_select_their_presets() {
    let g = game("calabrasella(ruleset=foster)");
    assert!(g.rules().call_three());
    let st = dealt("calabrasella(ruleset=foster)", 2);
    assert_eq!(st.core.hands[0], set(&st, H0));
    assert_eq!(game("calabrasella(ruleset=four_handed)").rules().num_players(), 4);
}

// ---- ruleset=terziglio: the Italian game (pagat.com, Calabresella), where it differs from the default.

const TERZIGLIO: &str = "calabrasella(ruleset=terziglio)";

#[test]
fn terziglio_selects_the_three_bids_the_eleven_count_and_a_game_to_21() {
    let g = game(TERZIGLIO);
    assert!(g.rules().three_bids());
    assert!(g.rules().counts_eleven());
    assert_eq!(g.params().str("direction"), "counterclockwise");
    assert_eq!(g.params().int("target"), 21);
    assert!(!game("calabrasella").rules().three_bids());
    // The chiamo bid is the call: the play-or-pass call for a three cannot be added to it.
    let err = Calabrasella::from_game_string("calabrasella(ruleset=terziglio,call_three=true)").unwrap_err();
    assert!(format!("{err}").contains("call_three"), "{err}");
    // The seed game keeps its action ids: the three bids exist only with the three-bid auction.
    let st = dealt("calabrasella", 4);
    assert!(st.string_to_action("solo").is_err());
    // "chiamo" would be the seed game's first id past its 163 extra ids: refused, not an id past the end.
    assert!(st.string_to_action("chiamo").is_err());
    let terziglio = dealt(TERZIGLIO, 4);
    assert_eq!(terziglio.string_to_action("chiamo").unwrap(), 40 + 163);
    assert_eq!(game(TERZIGLIO).num_distinct_actions(), 40 + 166);
}

#[test]
fn terziglio_each_speaks_once_and_each_bid_must_beat_the_last() {
    let mut st = dealt(TERZIGLIO, 4);
    assert_eq!(legal_names(&st), ["chiamo", "pass", "solissimo", "solo"]);
    act(&mut st, &["chiamo"]);
    assert_eq!(
        st.current_player(),
        Player::Seat(1),
        "bidding goes on after a bid"
    );
    assert_eq!(
        legal_names(&st),
        ["pass", "solissimo", "solo"],
        "only above chiamo"
    );
    act(&mut st, &["solo"]);
    assert_eq!(legal_names(&st), ["pass", "solissimo"]);
    act(&mut st, &["pass"]);
    // Seat 1's solo is the highest: he plays alone, seat 0 (the chiamo bidder) does not speak again.
    assert_eq!(st.extra.single, Some(1));
    assert_eq!(st.extra.contract(), Some(Contract::Solo));
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(st.extra.stage, Stage::Discard);
    // Solo: the widow is taken unseen (16 cards, the others do not see which).
    assert_eq!(st.core.hands[1].len(), 16);
    assert!(st.core.talon.is_empty());
    for other in [0, 2] {
        let text = st.observation_string(other);
        assert!(
            !text.contains("6♠") && !text.contains("talon (face up)"),
            "{text}"
        );
    }
    // Exactly four discards, no `done`; the fourth starts play with the dealer's next seat leading.
    assert_eq!(legal_names(&st).len(), 16);
    act(&mut st, &["discard 4♦", "discard 5♦", "discard 6♦"]);
    assert!(!legal_names(&st).contains(&"done".to_string()));
    act(&mut st, &["discard 7♦"]);
    assert_eq!(st.core.hands[1].len(), 12);
    assert_eq!(st.core.talon, set(&st, "4♦ 5♦ 6♦ 7♦"));
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert!(
        !st.observation_string(0).contains("7♦"),
        "the discards stay secret"
    );
}

#[test]
fn terziglio_solissimo_ends_the_bidding_and_leaves_the_widow_face_down() {
    let mut st = dealt(TERZIGLIO, 4);
    act(&mut st, &["pass", "solissimo"]);
    assert_eq!(st.extra.single, Some(1), "seat 2 never speaks");
    assert_eq!(st.extra.contract(), Some(Contract::Solissimo));
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(st.core.talon, set(&st, WIDOW_CARDS));
    assert!(!st.observation_string(1).contains("talon (face up)"));
    // All three pass: thrown in.
    let mut st = dealt("calabrasella(ruleset=terziglio,scope=match)", 4);
    act(&mut st, &["pass", "pass", "pass"]);
    assert_eq!(st.core.deals_done, 1);
    assert_eq!(&st.core.ledger[..3], &[0.0; 3]);
    assert_eq!(st.current_player(), Player::Chance);
}

#[test]
fn terziglio_chiamo_calls_any_missing_card_shows_the_widow_and_gives_face_up() {
    let mut st = dealt(TERZIGLIO, 4);
    act(&mut st, &["chiamo", "pass", "pass"]);
    assert_eq!(st.extra.stage, Stage::Call);
    let names = legal_names(&st);
    assert_eq!(names.len(), 28, "any of the 28 cards he lacks, not only a 3");
    assert!(names.contains(&"call 4♠".to_string()) && names.contains(&"call 3♥".to_string()));
    act(&mut st, &["call 3♥"]);
    // The 3 comes from seat 1 and the widow is turned up and taken whole: 17 cards.
    assert_eq!(st.extra.holder, Some(1));
    assert_eq!(st.core.hands[0].len(), 17);
    assert_eq!(st.core.known[0] & set(&st, WIDOW_CARDS), set(&st, WIDOW_CARDS));
    assert!(
        st.observation_string(2).contains("7♠"),
        "the widow was shown to all"
    );
    assert_eq!(st.extra.stage, Stage::Give);
    act(&mut st, &["give 4♣"]);
    // Given face up: seat 2 sees it too (the seed game's call keeps it between the two).
    assert!(st.observation_string(2).contains("given in exchange: 4♣"));
    assert!(st.observation_string(2).contains("4♣"));
    assert_eq!(legal_names(&st).len(), 16);
    act(&mut st, &["discard 5♣", "discard 6♣", "discard 7♣", "discard 7♠"]);
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    assert_eq!(st.core.hands[0].len(), 12);
    let text = st.observation_string(1);
    assert!(
        !text.contains("7♠"),
        "discarded face down after the widow was shown: {text}"
    );
    // A card called from the widow: nothing to give, 16 cards, 4 discards.
    let mut st = dealt(TERZIGLIO, 4);
    act(&mut st, &["chiamo", "pass", "pass", "call 7♠"]);
    assert_eq!(st.extra.holder, None);
    assert_eq!(st.extra.stage, Stage::Discard);
    assert_eq!(st.core.hands[0].len(), 16);
    assert!(st.observation_string(1).contains("in the widow"));
}

/// Seat 0 holds `single` in tricks, seat 1 the rest; seat `last` won the last trick; the talon holds
/// `pile`. The deal's result with seat 0 as the single player in `contract`.
fn eleven_result(single: &str, pile: &str, last: usize, contract: Contract) -> DealResult {
    let mut st = dealt(TERZIGLIO, 4);
    let rules = st.rules().clone();
    let (mine, pile) = (set(&st, single), set(&st, pile));
    st.core.hands = [CardSet::EMPTY; MAX_PLAYERS];
    st.core.won = [CardSet::EMPTY; MAX_PLAYERS];
    st.core.won[0] = mine;
    st.core.won[1] = rules.deck().all() - mine - pile;
    st.core.talon = pile;
    st.core.tricks_played = TRICKS;
    st.core.last_trick = Some((0, [Card(0); MAX_PLAYERS], last));
    st.extra.single = Some(0);
    st.extra.high = Some((contract, 0));
    rules.deal_result(&st.core, &st.extra).unwrap()
}

#[test]
fn terziglio_counts_to_11_dropping_thirds_and_the_single_player_needs_6() {
    // Two aces (2) and eleven honours (3⅔, so 3) and the last trick (1): 6 of 11 wins by 1.
    let six = "A♣ A♦ 3♣ 2♣ K♣ C♣ J♣ 3♦ 2♦ K♦ C♦ J♦ 3♥";
    let r = eleven_result(six, WIDOW_CARDS, 0, Contract::Chiamo);
    assert_eq!((r.single_points, r.opponent_points), (6, 5));
    assert_eq!(r.per_opponent(), 1);
    // One honour fewer (ten: 3⅓, still 3): still 6.
    let r = eleven_result(
        "A♣ A♦ 3♣ 2♣ K♣ C♣ J♣ 3♦ 2♦ K♦ C♦ J♦",
        WIDOW_CARDS,
        0,
        Contract::Chiamo,
    );
    assert_eq!((r.single_points, r.opponent_points), (6, 5));
    // Eight honours (2⅔, so 2): 5 against 6 loses by 1.
    let five = "A♣ A♦ 3♣ 2♣ K♣ C♣ J♣ 3♦ 2♦ K♦";
    let r = eleven_result(five, WIDOW_CARDS, 0, Contract::Chiamo);
    assert_eq!((r.single_points, r.opponent_points), (5, 6));
    assert_eq!(r.per_opponent(), -1);
    // The multipliers: solo doubles, solissimo triples.
    assert_eq!(
        eleven_result(six, WIDOW_CARDS, 0, Contract::Solo).per_opponent(),
        2
    );
    assert_eq!(
        eleven_result(five, WIDOW_CARDS, 0, Contract::Solissimo).per_opponent(),
        -3
    );
    // The pile goes with the last trick: an ace in it is the opponents' when they win it.
    let r = eleven_result(six, "A♠ 6♠ 5♠ 4♠", 1, Contract::Chiamo);
    assert_eq!((r.single_points, r.opponent_points), (5, 6));
    let r = eleven_result(six, "A♠ 6♠ 5♠ 4♠", 0, Contract::Chiamo);
    assert_eq!((r.single_points, r.opponent_points), (7, 4));
    // Everything (all 11) has no sweep bonus: the margin 11 times the multiplier.
    let all: Vec<String> = {
        let st = dealt(TERZIGLIO, 4);
        st.rules()
            .deck()
            .all()
            .iter()
            .map(|c| st.rules().deck().name_of(c).to_string())
            .collect()
    };
    let r = eleven_result(&all.join(" "), "", 0, Contract::Solissimo);
    assert_eq!((r.single_points, r.opponent_points), (11, 0));
    assert_eq!(r.per_opponent(), 33);
}

#[test]
fn terziglio_a_played_solissimo_sweep_pays_33_and_a_match_ends_at_21() {
    // The seed game's sweep, played as solissimo: seat 0 keeps 4♣ (no exchange) and plays it where
    // the seed sweep played the 7♠ taken from the widow.
    let plays: Vec<&str> = SWEEP[4..]
        .iter()
        .map(|&n| if n == "7♠" { "4♣" } else { n })
        .collect();
    let mut st = dealt(TERZIGLIO, 4);
    act(&mut st, &["solissimo"]);
    act(&mut st, &plays);
    assert!(st.is_terminal());
    let r = st.rules().deal_result(&st.core, &st.extra).unwrap();
    assert_eq!((r.single_points, r.opponent_points), (11, 0));
    assert_eq!(&st.core.returns[..3], &[66.0, -33.0, -33.0]);
    // In a match to 21 the 66 ends it at once; to 67 it goes on.
    let mut st = dealt("calabrasella(ruleset=terziglio,scope=match)", 4);
    act(&mut st, &["solissimo"]);
    act(&mut st, &plays);
    assert!(st.is_terminal());
    assert_eq!(&st.core.returns[..3], &[1.0, -0.5, -0.5]);
    let mut st = dealt("calabrasella(ruleset=terziglio,scope=match,target=67)", 4);
    act(&mut st, &["solissimo"]);
    act(&mut st, &plays);
    assert!(!st.is_terminal());
    assert_eq!(&st.core.ledger[..3], &[66.0, -33.0, -33.0]);
}

#[test]
fn terziglio_greedy_beats_random_and_every_deal_counts_11() {
    let g = game(TERZIGLIO);
    let mut rng = Rng::new(11);
    let mut total = [0.0; 3];
    let bot = g.rules().new_bot("greedy").unwrap();
    for i in 0..600 {
        let me = i % 3;
        let mut st = g.new_initial_state();
        while !st.is_terminal() {
            let a = match st.current_player() {
                Player::Chance => st.sample_chance(&mut rng),
                Player::Seat(s) if s == me => bot.act(&st, &mut rng),
                _ => st.random_action(&mut rng),
            };
            st.apply_action(a).unwrap();
            if st.core.tricks_played == TRICKS {
                let r = st.rules().deal_result(&st.core, &st.extra).unwrap();
                assert_eq!(r.single_points + r.opponent_points, 11);
                assert!(r.per_opponent() % 2 != 0 || r.multiplier == 2);
            }
        }
        total[me] += st.core.returns[me];
    }
    assert!(
        total.iter().all(|&t| t > 0.0),
        "greedy wins in every seat: {total:?}"
    );
}

#[test]
fn the_leader_may_lead_any_card() {
    let mut st = dealt("calabrasella", 4);
    act(&mut st, &["play", "discard 4♣", "done", "take 7♠"]);
    // Oracle 30: leading, the whole hand is legal.
    assert_eq!(legal_names(&st).len(), 12);
    assert_eq!(st.legal_cards(), st.core.hands[0]);
}

#[test]
fn french_packs_relabel_the_courts_north_q_over_j_south_j_over_q() {
    let north = game("calabrasella(deck_style=french_north)");
    let st = north.new_initial_state();
    let r = north.rules();
    assert!(r.strength_of(c(&st, "Q♠")) > r.strength_of(c(&st, "J♠")));
    assert!(r.strength_of(c(&st, "K♠")) > r.strength_of(c(&st, "Q♠")));
    let south = game("calabrasella(deck_style=french_south)");
    let st = south.new_initial_state();
    let r = south.rules();
    assert!(r.strength_of(c(&st, "J♠")) > r.strength_of(c(&st, "Q♠")));
    assert!(r.strength_of(c(&st, "K♠")) > r.strength_of(c(&st, "J♠")));
    assert!(r.strength_of(c(&st, "Q♠")) > r.strength_of(c(&st, "7♠")));
    // Either way 40 cards, 32 card points, no 8, 9 or 10.
    assert_eq!(r.deck().len(), 40);
    assert_eq!(r.tables().points_of(r.deck().all()), 32);
    let names: Vec<&str> = r.deck().all().iter().map(|c| r.deck().name_of(c)).collect();
    assert!(
        names
            .iter()
            .all(|n| !n.starts_with('8') && !n.starts_with('9') && !n.starts_with("10")),
        "{names:?}"
    );
}

#[test]
fn first_dealer_and_deal_limit_bound_the_match() {
    // Dealer seat 0: seat 1 gets the first packet, speaks and leads first.
    let mut st = game("calabrasella(first_dealer=0)").new_initial_state();
    assert_eq!(st.core.dealer, 0);
    act(&mut st, &["A♣", "2♣", "3♣", "4♣"]);
    assert_eq!(st.core.hands[1].len(), 4);
    // A match thrown in twice with deal_limit=2 is over, the top scorers (all at 0) tying.
    let mut st = dealt("calabrasella(scope=match,deal_limit=2)", 4);
    act(&mut st, &["pass", "pass", "pass"]);
    assert!(!st.is_terminal(), "one deal of two");
    let mut rng = Rng::new(3);
    while st.current_player() == Player::Chance {
        let a = st.sample_chance(&mut rng);
        st.apply_action(a).unwrap();
    }
    act(&mut st, &["pass", "pass", "pass"]);
    assert!(st.is_terminal(), "deal_limit reached");
    assert_eq!(&st.core.returns[..3], &[0.0; 3]);
}

#[test]
fn the_dealers_next_seat_speaks_and_leads_whoever_deals() {
    // Dealer seat 0: seat 1 (H0) speaks first and leads, seat 2 (H1) plays alone.
    let mut st = dealt("calabrasella(first_dealer=0)", 4);
    assert_eq!(
        st.current_player(),
        Player::Seat(1),
        "the dealer's next seat speaks"
    );
    act(&mut st, &["pass", "play"]);
    assert_eq!(st.extra.single, Some(2));
    act(&mut st, &["discard 4♦", "done", "take 7♠"]);
    assert_eq!(
        st.current_player(),
        Player::Seat(1),
        "the dealer's next seat leads, not the single player"
    );
}

#[test]
fn the_observation_marks_the_seats_that_have_passed() {
    // Dealer seat 2: seats 0 and 1 pass, seat 2 is to speak.
    let mut st = dealt("calabrasella", 4);
    act(&mut st, &["pass", "pass"]);
    let r = st.rules().clone();
    let passed = |viewer: usize| {
        let mut obs = vec![0.0; r.extra_observation_len()];
        r.write_extra_observation(st.view(), viewer, &mut obs);
        obs[6..9].to_vec()
    };
    // Seats in the viewer's order: itself first.
    assert_eq!(passed(2), [0.0, 1.0, 1.0]);
    assert_eq!(passed(0), [1.0, 1.0, 0.0]);
    assert_eq!(passed(1), [1.0, 0.0, 1.0]);
    // The three-bid auction keeps its own record: the same plane, the same text.
    let mut st = dealt(TERZIGLIO, 4);
    act(&mut st, &["pass", "pass"]);
    let r = st.rules().clone();
    let mut obs = vec![0.0; r.extra_observation_len()];
    r.write_extra_observation(st.view(), 2, &mut obs);
    assert_eq!(&obs[6..9], [0.0, 1.0, 1.0]);
    let text = st.observation_string(2);
    assert!(text.contains("bidding: 2 passed"), "{text}");
}

#[test]
fn the_give_and_the_discards_are_the_single_players_secret_and_he_knows_where_the_give_went() {
    let mut st = dealt("calabrasella(call_three=true)", 4);
    act(&mut st, &["play", "call 3♥", "give 4♣", "discard 5♣", "done"]);
    let own = st.information_state_string(0);
    assert!(
        own.contains("\n0 give 4♣\n") && own.contains("\n0 discard 5♣\n"),
        "{own}"
    );
    for other in [1, 2] {
        let s = st.information_state_string(other);
        assert!(
            s.contains("\n0 play\n") && s.contains("\n0 call 3♥\n"),
            "said aloud: {s}"
        );
        assert!(!s.contains("give 4♣") && !s.contains("discard 5♣"), "{s}");
        assert_eq!(
            s.lines().filter(|l| *l == "0 ?").count(),
            2,
            "two private actions: {s}"
        );
    }
    // The single player knows the holder has the card he gave; nobody else knows it of anybody.
    let r = st.rules();
    assert_eq!(r.known_cards(st.view(), 0, 1), set(&st, "4♣"));
    assert!(r.known_cards(st.view(), 2, 1).is_empty());
    assert!(r.known_cards(st.view(), 1, 0).is_empty());
    assert!(r.known_cards(st.view(), 0, 2).is_empty());
    // After chiamo the give is made face up: everybody sees it.
    let mut st = dealt(TERZIGLIO, 4);
    act(&mut st, &["chiamo", "pass", "pass", "call 3♥", "give 4♣"]);
    assert!(st.information_state_string(2).contains("\n0 give 4♣\n"));
}

#[test]
fn no_trumps_a_club_played_off_suit_wins_nothing() {
    // The rules: no trumps; the highest card of the led suit wins. Seat 0 (all ten clubs) gives
    // away his diamonds and takes two spades, so that he can lose the lead and then be void.
    let mut st = dealt("calabrasella", 4);
    act(
        &mut st,
        &["play", "discard 3♦", "discard 2♦", "done", "take 7♠", "take 6♠"],
    );
    // Seat 1 has no spade: a diamond off suit, and seat 2's 3♠ wins.
    act(&mut st, &["6♠", "4♦", "3♠"]);
    assert_eq!(st.core.last_trick.unwrap().2, 2);
    // Seat 2 leads a heart; seat 0 has none and plays a club, which is no trump: 3♥ wins.
    act(&mut st, &["C♥", "4♣", "3♥"]);
    assert_eq!(
        st.core.last_trick.unwrap().2,
        1,
        "3♥ is the highest heart; 4♣ is off suit"
    );
    assert_eq!(st.current_player(), Player::Seat(1), "the winner leads");
}

#[test]
fn the_widow_is_the_four_cards_dealt_last_wherever_they_go() {
    let mut st = dealt("calabrasella", 4);
    let widow = set(&st, WIDOW_CARDS);
    assert_eq!(st.rules().widow(&st.core), widow);
    // Seat 0 takes 7♠ from it for 4♣: the widow as dealt is still the same four cards.
    act(&mut st, &["play", "discard 4♣", "done", "take 7♠"]);
    assert!(st.core.hands[0].contains(c(&st, "7♠")));
    assert_eq!(st.rules().widow(&st.core), widow);
}

#[test]
fn the_returns_range_is_a_sweep_per_payer_and_in_a_match_the_win_or_the_chips_at_stake() {
    use crate::core::game::Utility;
    let u = |spec: &str| game(spec).utility();
    // One deal: a sweep moves 70 from each paying opponent (two; three when the sitting-out fourth
    // dealer settles), and the returns add up to 0. The seed game's SWEEP reaches both ends.
    assert_eq!(u("calabrasella"), Some(Utility::zero_sum(-140.0, 140.0)));
    assert_eq!(
        u("calabrasella(players=4)"),
        Some(Utility::zero_sum(-210.0, 210.0))
    );
    assert_eq!(
        u("calabrasella(players=4,four_handed_settlement=dealer_neutral)"),
        Some(Utility::zero_sum(-140.0, 140.0))
    );
    let mut st = dealt("calabrasella(players=4)", 4);
    act(&mut st, SWEEP);
    assert_eq!(&st.core.returns[..4], &[210.0, -70.0, -70.0, -70.0]);
    // A match on paper: +1 to a sole winner, at worst -(n - 1) for the one loser of n - 1 winners.
    assert_eq!(u("calabrasella(scope=match)"), Some(Utility::zero_sum(-2.0, 1.0)));
    assert_eq!(
        u("calabrasella(scope=match,players=4)"),
        Some(Utility::zero_sum(-3.0, 1.0))
    );
    // A match for chips ends after the deal that leaves a seat with none: before it every seat had
    // at least one of its 40 (a total of -39 or more), so it ends at worst -39 less a whole deal
    // (-140 for a single player swept), and at best with what the other two lost before (2 x 39)
    // plus a whole deal won.
    assert_eq!(
        u("calabrasella(scope=match,game_end=chips,chips=40)"),
        Some(Utility::zero_sum(-39.0 - 140.0, 2.0 * 39.0 + 140.0))
    );
    // Four-handed with the dealer settling: three others, three payers.
    assert_eq!(
        u("calabrasella(scope=match,game_end=chips,chips=40,players=4)"),
        Some(Utility::zero_sum(-39.0 - 210.0, 3.0 * 39.0 + 210.0))
    );
}

/// The extra observation `viewer` gets now.
fn extra_obs(st: &CalabrasellaState, viewer: usize) -> Vec<f32> {
    let r = st.rules();
    let mut obs = vec![0.0; r.extra_observation_len()];
    r.write_extra_observation(st.view(), viewer, &mut obs);
    obs
}

/// A vector of `len` zeros with 1 at `ones` and `frac` at its index.
fn plane(len: usize, ones: &[usize], frac: (usize, f32)) -> Vec<f32> {
    let mut v = vec![0.0; len];
    for &i in ones {
        v[i] = 1.0;
    }
    v[frac.0] = frac.1;
    v
}

#[test]
fn the_extra_observation_has_the_documented_blocks_in_the_viewers_seat_order() {
    // Three players, 40 cards: stage [6] 0..6, passed [3] 6..9, single [3] 9..12, sitting out [3]
    // 12..15, discards / 4 at 15, own discards [40] 16..56, called [40] 56..96, given [40] 96..136.
    assert_eq!(game("calabrasella").rules().extra_observation_len(), 136);
    // Four: 3 seat blocks of 4, 1 + 3 x 40: 139. Three bids: + the bid [3] and its bidder [n].
    assert_eq!(
        game("calabrasella(players=4)").rules().extra_observation_len(),
        139
    );
    assert_eq!(game(TERZIGLIO).rules().extra_observation_len(), 142);
    assert_eq!(
        game("calabrasella(ruleset=terziglio,players=4)")
            .rules()
            .extra_observation_len(),
        146
    );

    // Seat 0 passes, seat 1 plays, calls seat 2's 3♠, gives him 4♦ and discards 5♦.
    let mut st = dealt("calabrasella(call_three=true)", 4);
    act(&mut st, &["pass", "play"]);
    assert_eq!(extra_obs(&st, 0), plane(136, &[1, 6, 10], (15, 0.0)), "the call");
    act(&mut st, &["call 3♠"]);
    assert_eq!(st.extra.holder, Some(2));
    act(&mut st, &["give 4♦", "discard 5♦"]);
    let (called, given, discard) = (c(&st, "3♠").idx(), c(&st, "4♦").idx(), c(&st, "5♦").idx());
    // Seat 0 sees the pass (his own, first), the single player next, the call, one discard of 4.
    assert_eq!(
        extra_obs(&st, 0),
        plane(136, &[3, 6, 10, 56 + called], (15, 0.25))
    );
    // The single player: the pass two seats on, himself first, his discard, the give.
    assert_eq!(
        extra_obs(&st, 1),
        plane(136, &[3, 8, 9, 16 + discard, 56 + called, 96 + given], (15, 0.25))
    );
    // The holder: the pass one seat on, the single player two on, the give, not the discard.
    assert_eq!(
        extra_obs(&st, 2),
        plane(136, &[3, 7, 11, 56 + called, 96 + given], (15, 0.25))
    );
    act(&mut st, &["done"]);
    assert_eq!(extra_obs(&st, 0)[..6], [0.0, 0.0, 0.0, 0.0, 1.0, 0.0], "take");
    act(&mut st, &["take 7♠"]);
    assert_eq!(extra_obs(&st, 0)[..6], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0], "play");

    // Four players, the dealer (seat 3) sits out: stage 0..6, passed 6..10, single 10..14, sitting
    // out 14..18, discards / 4 at 18.
    let st = dealt("calabrasella(players=4)", 4);
    assert_eq!(extra_obs(&st, 0), plane(139, &[0, 14 + 3], (18, 0.0)));
    assert_eq!(extra_obs(&st, 1), plane(139, &[0, 14 + 2], (18, 0.0)));
    assert_eq!(extra_obs(&st, 3), plane(139, &[0, 14], (18, 0.0)));

    // Three bids: chiamo by seat 0, then solo by seat 1, the highest (bid 1 at 136) by seat 1.
    let mut st = dealt(TERZIGLIO, 4);
    act(&mut st, &["chiamo", "solo"]);
    assert_eq!(extra_obs(&st, 2), plane(142, &[0, 137, 139 + 2], (15, 0.0)));
    assert_eq!(extra_obs(&st, 0), plane(142, &[0, 137, 139 + 1], (15, 0.0)));
    // Seat 0's chiamo, seats 1 and 2 pass: after it the give is face up, so seat 2 sees it too.
    let mut st = dealt(TERZIGLIO, 4);
    act(&mut st, &["chiamo", "pass", "pass", "call 3♥", "give 4♣"]);
    let (called, given) = (c(&st, "3♥").idx(), c(&st, "4♣").idx());
    assert_eq!(
        extra_obs(&st, 2),
        plane(
            142,
            &[3, 6, 8, 10, 56 + called, 96 + given, 136, 139 + 1],
            (15, 0.0)
        )
    );
}
