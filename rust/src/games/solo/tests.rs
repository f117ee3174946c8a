//! Concrete situations and worked scoring examples of Solo.

use super::*;
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;
use crate::core::Registered;

fn game(spec: &str) -> Solo {
    Solo::from_game_string(spec).unwrap()
}

use crate::trick::testing::{act, card as c, cards as set, random_game_dealers};

fn legal_names(st: &SoloState) -> Vec<String> {
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    v.iter().map(|&a| st.action_to_string(a)).collect()
}

const H: [&str; 4] = [
    "Q♣ 7♥ A♥ K♥ J♥ 10♥ A♣ 8♠",
    "Q♠ Q♥ 9♥ 8♥ A♦ K♦ 7♣ 8♣",
    "A♠ K♠ J♠ 10♠ 9♠ 7♠ 9♣ 10♣",
    "J♣ K♣ Q♦ J♦ 10♦ 9♦ 8♦ 7♦",
];

/// Deals `hands` 3-2-3 from the eldest (dealer seat 3).
fn dealt_with(spec: &str, hands: [&str; 4]) -> SoloState {
    let mut st = game(spec).new_initial_state();
    let h: Vec<Vec<&str>> = hands.iter().map(|s| s.split_whitespace().collect()).collect();
    let mut order: Vec<&str> = h.iter().flat_map(|x| x[..3].iter().copied()).collect();
    order.extend(h.iter().flat_map(|x| x[3..5].iter().copied()));
    order.extend(h.iter().flat_map(|x| x[5..].iter().copied()));
    for n in order {
        assert_eq!(st.current_player(), Player::Chance);
        act(&mut st, &[n]);
    }
    st
}

fn dealt(spec: &str) -> SoloState {
    dealt_with(spec, H)
}

#[test]
fn trump_orders_and_suit_sizes() {
    let st = game("solo").new_initial_state();
    let r = st.rules();
    let hearts = 2;
    let order: Vec<Card> = "Q♣ 7♥ Q♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥"
        .split_whitespace()
        .map(|n| c(&st, n))
        .collect();
    assert!(order
        .windows(2)
        .all(|w| r.strength_in(hearts, w[0]) > r.strength_in(hearts, w[1])));
    assert_eq!(
        r.suit_cards(hearts, hearts),
        order.iter().copied().collect::<CardSet>()
    );
    // ♣ trump: 9 trumps (no queen between K♣ and J♣), ♠ plain A K J 10 9 8 7.
    let clubs = 0;
    let order: Vec<Card> = "Q♣ 7♣ Q♠ A♣ K♣ J♣ 10♣ 9♣ 8♣"
        .split_whitespace()
        .map(|n| c(&st, n))
        .collect();
    assert!(order
        .windows(2)
        .all(|w| r.strength_in(clubs, w[0]) > r.strength_in(clubs, w[1])));
    assert_eq!(r.suit_cards(clubs, clubs).len(), 9);
    let spades: Vec<Card> = "A♠ K♠ J♠ 10♠ 9♠ 8♠ 7♠"
        .split_whitespace()
        .map(|n| c(&st, n))
        .collect();
    assert_eq!(
        r.suit_cards(clubs, 3),
        spades.iter().copied().collect::<CardSet>()
    );
    assert!(spades
        .windows(2)
        .all(|w| r.strength_in(clubs, w[0]) > r.strength_in(clubs, w[1])));
    // Red trump 10, black 9; plain black 7, plain red 8; every partition covers 32 cards.
    for t in 0..4u8 {
        let sizes: Vec<usize> = (0..4).map(|s| r.suit_cards(t, s).len()).collect();
        assert_eq!(sizes.iter().sum::<usize>(), 32);
        for s in 0..4u8 {
            let want = match (s == t, s % 3 == 0) {
                (true, false) => 10,
                (true, true) => 9,
                (false, true) => 7,
                (false, false) => 8,
            };
            assert_eq!(sizes[s as usize], want, "trump {t}, suit {s}");
        }
    }
}

#[test]
fn deal_is_3_2_3_from_the_eldest() {
    let st = dealt("solo");
    for (s, h) in H.iter().enumerate() {
        assert_eq!(st.core.hands[s], set(&st, h));
    }
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(legal_names(&st), ["pass", "ask"]);
}

#[test]
fn worked_auction_trace() {
    // E asks (1); E+1 "colour?"; E yes (2); E+1 "solo?"; E passes: E+1 holds 3; E+2 "solo in colour?";
    // E+1 yes (4); E+2 and D pass: E+1 declares at 4 or more.
    let mut st = dealt("solo");
    act(&mut st, &["ask"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(legal_names(&st), ["pass", "ask colour"], "one step at a time");
    act(&mut st, &["ask colour", "yes", "ask solo"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    act(&mut st, &["pass"]);
    assert_eq!((st.extra.holder, st.extra.level), (Some(1), 3));
    assert_eq!(st.current_player(), Player::Seat(2));
    act(&mut st, &["ask solo in colour", "yes", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(3));
    act(&mut st, &["pass"]);
    assert_eq!(
        (st.extra.declarer, st.extra.level, st.extra.stage),
        (Some(1), 4, Stage::Declare)
    );
    assert_eq!(
        legal_names(&st),
        [
            "solo in colour ♣",
            "tout in ♦",
            "tout in ♥",
            "tout in ♠",
            "tout in colour ♣"
        ]
    );
    act(&mut st, &["tout in ♦"]);
    // Tout: no call, the eldest leads.
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(st.extra.called, None);
}

#[test]
fn jump_questions_only_with_the_flag() {
    let mut st = dealt("solo(allow_jump_questions=true)");
    act(&mut st, &["ask"]);
    assert_eq!(
        legal_names(&st),
        [
            "pass",
            "ask colour",
            "ask solo",
            "ask solo in colour",
            "ask tout",
            "ask tout in colour"
        ]
    );
    act(&mut st, &["ask tout in colour", "yes"]);
    assert_eq!(
        legal_names(&st),
        ["pass"],
        "at level 6 the challenger can only pass"
    );
}

#[test]
fn both_black_queens_never_pass_below_three() {
    // Seat 1 holds Q♣ and Q♠.
    let hands = ["8♥ 7♥ A♥ K♥ J♥ 10♥ A♣ 8♠", "Q♠ Q♥ 9♥ Q♣ A♦ K♦ 7♣ 8♣", H[2], H[3]];
    let mut st = dealt_with("solo", hands);
    act(&mut st, &["ask"]);
    assert_eq!(
        legal_names(&st),
        ["ask colour"],
        "as challenger it must ask while less than 3 is held"
    );
    act(&mut st, &["ask colour", "yes"]);
    assert_eq!(legal_names(&st), ["ask solo"]);
    act(&mut st, &["ask solo", "yes"]);
    assert_eq!(
        legal_names(&st),
        ["pass", "ask solo in colour"],
        "3 is held by another seat: it may pass"
    );
    // As the opener it must ask; as holder it must say yes up to 3; as declarer it plays at least 3.
    let mut st = dealt_with("solo", [hands[1], hands[0], H[2], H[3]]);
    assert_eq!(legal_names(&st), ["ask"]);
    act(&mut st, &["ask", "ask colour"]);
    assert_eq!(legal_names(&st), ["yes"]);
    act(&mut st, &["yes", "ask solo"]);
    assert_eq!(legal_names(&st), ["yes"]);
    act(&mut st, &["yes", "pass", "pass", "pass"]);
    assert_eq!(st.extra.declarer, Some(0));
    assert_eq!(legal_names(&st)[0], "solo in ♦");
    let mut st = dealt_with("solo", [hands[1], hands[0], H[2], H[3]]);
    act(&mut st, &["ask", "pass", "pass", "pass"]);
    assert!(
        !legal_names(&st).iter().any(|n| n.starts_with("simple")),
        "declared at 3 or more even after winning at 1"
    );
}

#[test]
fn all_pass_forces_the_queen_of_clubs_into_a_simple_game() {
    let mut st = dealt("solo");
    act(&mut st, &["pass", "pass", "pass", "pass"]);
    assert_eq!(st.extra.declarer, Some(0));
    assert!(st.extra.forced);
    assert_eq!(
        legal_names(&st),
        ["simple in ♦", "simple in ♥", "simple in ♠", "simple in colour ♣"]
    );
    // Everyone sees who holds Q♣.
    for p in 1..4 {
        assert!(
            st.observation_string(p).contains("Q♣ + 7 hidden"),
            "{}",
            st.observation_string(p)
        );
    }
    act(&mut st, &["simple in colour ♣"]);
    assert_eq!(st.extra.contract, 2);
    assert_eq!(st.extra.stage, Stage::Call);
}

#[test]
fn called_ace_choices_and_fallbacks() {
    let st = dealt("solo");
    let r = st.rules();
    let hearts = 2;
    let names = |s: CardSet| st.rules().deck().format_set(s);
    // Seat 0 holds A♥ and A♣: it may call A♦ or A♠.
    assert_eq!(names(r.callable(set(&st, H[0]), hearts)), "A♦ A♠");
    // Seat 3 holds no ace: all four, the trump ace included unless excluded.
    assert_eq!(names(r.callable(set(&st, H[3]), hearts)), "A♣ A♦ A♥ A♠");
    let rx = game("solo(called_ace_excludes_trump=true)").rules().clone();
    assert_eq!(names(rx.callable(set(&st, H[3]), hearts)), "A♣ A♦ A♠");
    let own = game("solo(allow_call_own_ace=true)").rules().clone();
    assert_eq!(names(own.callable(set(&st, H[0]), hearts)), "A♣ A♦ A♥ A♠");
    // All four aces: a king not held; with every king as well: alone.
    let aces = set(&st, "A♣ A♦ A♥ A♠ K♥ Q♣ 7♥ 8♥");
    assert_eq!(names(r.callable(aces, hearts)), "K♣ K♦ K♠");
    let alone = game("solo(all_aces_fallback=alone)").rules().clone();
    assert!(alone.callable(aces, hearts).is_empty());
    let all = set(&st, "A♣ A♦ A♥ A♠ K♣ K♦ K♥ K♠");
    assert!(r.callable(all, hearts).is_empty());
}

/// Seat 0 declares a simple game in hearts after three passes and calls `call`.
fn simple_hearts(hands: [&str; 4], call: &str) -> SoloState {
    let mut st = dealt_with("solo", hands);
    act(&mut st, &["ask", "pass", "pass", "pass", "simple in ♥"]);
    assert_eq!(legal_names(&st), ["call A♦", "call A♠"]);
    act(&mut st, &[call]);
    st
}

#[test]
fn the_partner_stays_secret_until_the_called_ace_is_played() {
    let st = simple_hearts(H, "call A♠");
    assert_eq!(st.extra.partner, Some(2));
    // The same deal with A♠ in seat 3's hand instead (swapped with 7♦): seats 0 and 1 see no difference.
    let swapped = simple_hearts(
        [
            H[0],
            H[1],
            "7♦ K♠ J♠ 10♠ 9♠ 7♠ 9♣ 10♣",
            "J♣ K♣ Q♦ J♦ 10♦ 9♦ 8♦ A♠",
        ],
        "call A♠",
    );
    assert_eq!(swapped.extra.partner, Some(3));
    let len = crate::trick::encode::observation_len(st.rules());
    for p in [0, 1] {
        let (mut a, mut b) = (vec![0.0; len], vec![0.0; len]);
        st.write_observation(p, &mut a);
        swapped.write_observation(p, &mut b);
        assert_eq!(a, b, "seat {p}'s observation");
        assert_eq!(st.observation_string(p), swapped.observation_string(p));
        assert!(st.observation_string(p).contains("partner secret"));
    }
    // The omniscient table (Display) names the partner; no seat's view does.
    assert!(format!("{st}").contains("partner secret: seat 2"));
    assert!(!st.observation_string(2).contains("seat 2)"));
    // Play until A♠ falls: seat 0 leads 8♠, seat 1 discards, seat 2 plays the ace.
    let mut st = st;
    act(&mut st, &["8♠", "8♣", "A♠", "J♣"]);
    assert_eq!(st.extra.revealed, Some(2));
    assert!(st.observation_string(1).contains("partner: seat 2"));
}

#[test]
fn black_queens_follow_as_trumps() {
    let mut st = dealt("solo");
    act(
        &mut st,
        &["ask", "pass", "pass", "pass", "simple in ♥", "call A♠"],
    );
    // Seat 0 leads A♣; seat 1 holds 7♣ 8♣ (its Q♠ is a trump) and must follow with a club.
    act(&mut st, &["A♣"]);
    assert_eq!(legal_names(&st), ["7♣", "8♣"]);
    let err = st.apply_action(st.string_to_action("Q♠").unwrap()).unwrap_err();
    assert!(err.to_string().contains("must follow suit ♣"), "{err}");
    act(&mut st, &["7♣", "10♣", "K♣"]);
    assert_eq!(st.core.leader, 0, "A♣ wins");
    // Trump led (7♥): seat 1 must play a trump, Q♠ included.
    act(&mut st, &["7♥"]);
    assert_eq!(legal_names(&st), ["8♥", "9♥", "Q♥", "Q♠"]);
    act(&mut st, &["Q♠", "9♣", "J♣"]);
    assert_eq!(st.core.leader, 0, "the 7 of trumps is the second trump, above Q♠");
}

fn scored(spec: &str, contract: u8, declarer: usize, partner: Option<usize>, tricks: [usize; 4]) -> [f64; 4] {
    let mut st = dealt(spec);
    let mut cards = st.rules().deck().all().iter();
    for (s, &n) in tricks.iter().enumerate() {
        st.core.hands[s] = CardSet::EMPTY;
        st.core.won[s] = cards.by_ref().take(4 * n).collect();
    }
    st.extra = SoloExtra {
        stage: Stage::Play,
        declarer: Some(declarer),
        contract,
        trump: Some(2),
        partner,
        called: partner.map(|_| Card(0)),
        ..Default::default()
    };
    let r = st.rules().hand_returns(&st.core, &st.extra);
    [r[0], r[1], r[2], r[3]]
}

#[test]
fn scoring_oracles() {
    // Solo in hearts (colour ♣): 5 tricks +4, 4 tricks −4.
    assert_eq!(scored("solo", 3, 0, None, [5, 1, 1, 1]), [4.0, 0.0, 0.0, 0.0]);
    assert_eq!(scored("solo", 3, 0, None, [4, 2, 1, 1]), [-4.0, 0.0, 0.0, 0.0]);
    // Simple game in colour, 6 tricks together: both +4.
    assert_eq!(scored("solo", 2, 0, Some(2), [3, 1, 3, 1]), [4.0, 0.0, 4.0, 0.0]);
    // Tout in colour with 7 tricks: −32.
    assert_eq!(scored("solo", 6, 1, None, [0, 7, 1, 0]), [0.0, -32.0, 0.0, 0.0]);
    // zero_sum: 1 v 3 moves 3× for the declarer; 2 v 2 moves 1× each.
    assert_eq!(
        scored("solo(zero_sum=true)", 3, 0, None, [5, 1, 1, 1]),
        [12.0, -4.0, -4.0, -4.0]
    );
    assert_eq!(
        scored("solo(zero_sum=true)", 1, 0, Some(2), [2, 2, 2, 2]),
        [-2.0, 2.0, -2.0, 2.0]
    );
    // A declarer who called their own ace plays alone at the simple value.
    assert_eq!(
        scored("solo(zero_sum=true)", 1, 0, Some(0), [5, 1, 1, 1]),
        [6.0, -2.0, -2.0, -2.0]
    );
    // Seed mode: 5 tricks alone after calling one's own ace give +2 in suit, +4 in colour.
    assert_eq!(
        scored("solo(allow_call_own_ace=true)", 1, 0, Some(0), [5, 1, 1, 1]),
        [2.0, 0.0, 0.0, 0.0]
    );
    assert_eq!(
        scored("solo(allow_call_own_ace=true)", 2, 0, Some(0), [4, 2, 1, 1]),
        [-4.0, 0.0, 0.0, 0.0]
    );
    assert_eq!(VALUES[1..], [2, 4, 4, 8, 16, 32]);
}

#[test]
fn early_termination_waits_for_public_sides() {
    let mut st = dealt("solo");
    act(&mut st, &["ask", "pass", "pass", "pass", "solo in ♥"]);
    let r = st.rules().clone();
    // Solo: the declarer's fifth trick decides the hand.
    let mut cards = r.deck().all().iter();
    st.core.won[0] = cards.by_ref().take(20).collect();
    st.core.tricks_played = 5;
    assert_eq!(r.after_trick(st.parts_mut()), Effect::EndDeal);
    // A tout ends at the first trick lost.
    st.extra.contract = 5;
    st.core.won[0] = CardSet::EMPTY;
    st.core.won[1] = cards.by_ref().take(4).collect();
    st.core.tricks_played = 1;
    assert_eq!(r.after_trick(st.parts_mut()), Effect::EndDeal);
    // Simple game with the called ace unplayed: the sides are secret, play goes on.
    let mut st = simple_hearts(H, "call A♠");
    st.core.won[0] = r.deck().all().iter().take(20).collect();
    st.core.tricks_played = 5;
    assert_eq!(r.after_trick(st.parts_mut()), Effect::Continue);
    let off = game("solo(early_termination=false)").rules().clone();
    let mut st = dealt("solo(early_termination=false)");
    act(&mut st, &["ask", "pass", "pass", "pass", "solo in ♥"]);
    st.core.won[0] = r.deck().all().iter().take(20).collect();
    st.core.tricks_played = 5;
    assert_eq!(off.after_trick(st.parts_mut()), Effect::Continue);
}

#[test]
fn match_by_hands_and_by_threshold() {
    for (spec, max) in [
        ("solo(scope=match,hands=4)", 4),
        ("solo(scope=match,hands=50,point_threshold=8,zero_sum=true)", 50),
    ] {
        let g = game(spec);
        for seed in 0..10 {
            let (st, dealers) = random_game_dealers(&g, &mut Rng::new(seed));
            let done = st.core.deals_done as usize;
            assert!(done <= max);
            if max == 4 {
                assert_eq!(dealers, [3, 0, 1, 2]);
            } else {
                assert!(done == max || st.core.ledger[..4].iter().any(|&v| v >= 8.0));
            }
            let mut ret = [0.0; 4];
            st.returns(&mut ret);
            // The top scorer(s) win: +1 each, the others share the winners' total equally
            // (written out here, not with the engine's own `top_scorers_win`).
            let totals = &st.core.ledger[..4];
            let best = totals.iter().cloned().fold(f64::MIN, f64::max);
            let winners = totals.iter().filter(|&&v| v == best).count() as f64;
            for s in 0..4 {
                let expected = if winners == 4.0 {
                    0.0
                } else if totals[s] == best {
                    1.0
                } else {
                    -winners / (4.0 - winners)
                };
                assert_eq!(ret[s], expected, "seat {s}: totals {totals:?}, returns {ret:?}");
            }
            assert!(ret.iter().sum::<f64>().abs() < 1e-9, "returns sum to zero");
        }
    }
}

#[test]
fn action_names_parse_back() {
    let st = dealt("solo");
    for a in 32..72 {
        let name = st.action_to_string(a);
        assert_eq!(st.string_to_action(&name).unwrap(), a, "{name}");
    }
    assert_eq!(st.string_to_action("Is it in colour?").unwrap(), 34);
    assert_eq!(
        st.string_to_action("solo in h").unwrap(),
        st.string_to_action("solo in ♥").unwrap()
    );
    assert_eq!(
        st.string_to_action("call as").unwrap(),
        st.string_to_action("call A♠").unwrap()
    );
    assert!(st.string_to_action("call 7♠").is_err());
}

#[test]
fn greedy_beats_random() {
    let (greedy, random) =
        crate::batch::testing::bot_against_field(&game("solo(zero_sum=true)"), "greedy", "random", 2000, 7);
    assert!(greedy > random + 0.3, "greedy {greedy} vs random {random}");
}

#[test]
fn early_termination_at_the_boundary_of_the_target() {
    // Solo in ♥ (5 tricks): the defenders' third trick leaves the declarer five to play for, their
    // fourth decides the hand; the declarer's fourth trick decides nothing.
    let mut st = dealt("solo");
    act(&mut st, &["ask", "pass", "pass", "pass", "solo in ♥"]);
    let r = st.rules().clone();
    let all: Vec<Card> = r.deck().all().iter().collect();
    st.core.won[1] = all[..12].iter().copied().collect();
    st.core.tricks_played = 3;
    assert_eq!(r.after_trick(st.parts_mut()), Effect::Continue, "3 lost of 8");
    st.core.won[1] = all[..16].iter().copied().collect();
    st.core.tricks_played = 4;
    assert_eq!(r.after_trick(st.parts_mut()), Effect::EndDeal, "4 lost of 8");
    st.core.won[1] = CardSet::EMPTY;
    st.core.won[0] = all[..16].iter().copied().collect();
    assert_eq!(r.after_trick(st.parts_mut()), Effect::Continue, "4 of 5 taken");
}

#[test]
fn a_revealed_partners_tricks_count_for_the_declaring_side() {
    // Simple game in ♥, A♠ called (seat 2 holds it) and played: the sides are public. Declarer 3
    // tricks and partner 2 make the 5; seat 1's and seat 3's tricks do not count for them.
    let mut st = simple_hearts(H, "call A♠");
    act(&mut st, &["8♠", "8♣", "A♠", "J♣"]);
    assert_eq!(st.extra.revealed, Some(2));
    let r = st.rules().clone();
    let all: Vec<Card> = r.deck().all().iter().collect();
    st.core.won = [CardSet::EMPTY; MAX_PLAYERS];
    st.core.won[0] = all[..12].iter().copied().collect();
    st.core.won[1] = all[12..20].iter().copied().collect();
    st.core.won[3] = all[20..24].iter().copied().collect();
    st.core.won[2] = all[24..28].iter().copied().collect();
    st.core.tricks_played = 7;
    assert_eq!(
        r.after_trick(st.parts_mut()),
        Effect::Continue,
        "4 of 5 with the partner's one"
    );
    st.core.won[2] = all[24..32].iter().copied().collect();
    st.core.won[3] = CardSet::EMPTY;
    assert_eq!(r.after_trick(st.parts_mut()), Effect::EndDeal, "3 + 2 = 5");
    let ret = r.hand_returns(&st.core, &st.extra);
    assert_eq!(
        ret[..4],
        [2.0, 0.0, 2.0, 0.0],
        "simple in suit is worth 2 to each of the side"
    );
}

#[test]
fn a_match_ends_when_a_total_reaches_the_threshold_exactly() {
    let g = game("solo(scope=match,hands=50,point_threshold=8)");
    let mut st = g.new_initial_state();
    let r = st.rules().clone();
    st.core.deals_done = 3;
    st.core.ledger[..4].copy_from_slice(&[7.0, -4.0, 2.0, 0.0]);
    assert_eq!(r.match_result(st.view()), None, "7 is short of 8");
    st.core.ledger[..4].copy_from_slice(&[8.0, -4.0, 2.0, 0.0]);
    let ret = r.match_result(st.view()).expect("8 reaches the threshold");
    assert_eq!(ret[..4], [1.0, -1.0 / 3.0, -1.0 / 3.0, -1.0 / 3.0]);
    // Without a threshold only the number of hands ends it.
    let g = game("solo(scope=match,hands=4)");
    let mut st = g.new_initial_state();
    let r = st.rules().clone();
    st.core.deals_done = 3;
    st.core.ledger[..4].copy_from_slice(&[64.0, -4.0, 2.0, 0.0]);
    assert_eq!(r.match_result(st.view()), None);
    st.core.deals_done = 4;
    assert!(r.match_result(st.view()).is_some());
}

#[test]
fn only_the_forced_declarer_shows_the_queen_of_clubs() {
    // Seat 0 holds Q♣. Asking and declaring a solo shows nothing; after four passes the forced
    // declarer shows it to everybody.
    let mut st = dealt("solo");
    act(&mut st, &["ask", "pass", "pass", "pass", "solo in ♥"]);
    let r = st.rules().clone();
    for viewer in 1..4 {
        assert!(r.known_cards(st.view(), viewer, 0).is_empty(), "seat {viewer}");
        assert!(!st.observation_string(viewer).contains("Q♣"), "seat {viewer}");
    }
    let mut st = dealt("solo");
    act(&mut st, &["pass", "pass", "pass", "pass"]);
    assert_eq!(st.extra.declarer, Some(0));
    for viewer in 1..4 {
        assert_eq!(
            r.known_cards(st.view(), viewer, 0),
            set(&st, "Q♣"),
            "seat {viewer}"
        );
    }
    assert!(r.known_cards(st.view(), 0, 1).is_empty(), "seat 1 showed nothing");
}

#[test]
fn a_player_void_in_the_suit_led_takes_the_trick_with_the_lowest_trump() {
    // pagat.com (Solo): the highest trump wins a trick, else the highest card of the suit led. Seat 0
    // plays solo in ♥ and leads 8♠; seat 1 has no plain spade (its Q♠ is a trump) and plays 8♥, the
    // lowest trump; seat 2 follows with 7♠, seat 3 discards 7♦. The 8♥ wins.
    let mut st = dealt("solo");
    act(&mut st, &["ask", "pass", "pass", "pass", "solo in ♥"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    act(&mut st, &["8♠", "8♥", "7♠", "7♦"]);
    assert_eq!(st.core.leader, 1, "the trump wins");
    assert_eq!(st.core.won[1].len(), 4);
}

/// A black queen led is a trump: the followers must play trumps (Q♠ among them), and a seat without
/// trumps may play any card, clubs or not. Refusals name the trump, not the printed suit.
#[test]
fn a_led_queen_of_clubs_asks_for_trumps_not_for_clubs() {
    let mut st = simple_hearts(H, "call A♠");
    act(&mut st, &["Q♣"]);
    assert_eq!(legal_names(&st), ["8♥", "9♥", "Q♥", "Q♠"]);
    let err = st.apply_action(st.string_to_action("A♦").unwrap()).unwrap_err();
    assert!(err.to_string().contains("must follow trump"), "{err}");
    act(&mut st, &["8♥"]);
    // Seat 2 has no trump (its spades and clubs are plain cards): all eight cards are legal.
    assert_eq!(legal_names(&st).len(), 8);
}

/// `first_dealer` takes -1 (seat 3 deals, the default) and every seat from 0; -2 is refused.
#[test]
fn the_first_dealer_may_be_any_seat_or_minus_one_and_nothing_below() {
    crate::trick::testing::assert_first_dealer_bounds("solo", 3);
}

/// The bounds a hand can reach: tout in colour (32) made or lost by the declaring side, [−32, 32];
/// zero-sum, a lone declarer moves 3 × 32 against three defenders, [−96, 96] adding up to 0; a match
/// pays +1 to each top scorer and the others share −1 per winner, so three winners leave −3 to the
/// fourth: [−3, 1], adding up to 0.
#[test]
fn the_declared_bounds_follow_the_largest_contract_and_the_match_payout() {
    use crate::core::game::Utility;
    assert_eq!(game("solo").utility(), Some(Utility::general(-32.0, 32.0)));
    assert_eq!(
        game("solo(zero_sum=true)").utility(),
        Some(Utility::zero_sum(-96.0, 96.0))
    );
    assert_eq!(
        game("solo(scope=match,hands=4)").utility(),
        Some(Utility::zero_sum(-3.0, 1.0))
    );
}

/// Solo's own floats after the engine's, in the documented order: stage one-hot [opening, duel,
/// answer, declare, call, play] (0..6), level held / 6 (6), level asked / 6 (7), seats spoken / 4
/// (8), holder (9..13), challenger (13..17) and declarer (17..21) by relative seat, contract level
/// one-hot 1..=6 (21..27), forced (27), the called card (28..60), the revealed partner by relative
/// seat (60..64). A seat's relative seat for viewer v is (seat − v) mod 4.
#[test]
fn the_extra_observation_holds_each_slot_of_the_documented_layout() {
    let extra = |st: &SoloState, viewer: usize| {
        let r = st.rules();
        let mut o = vec![0.0; r.extra_observation_len()];
        r.write_extra_observation(st.view(), viewer, &mut o);
        o
    };
    assert_eq!(game("solo").rules().extra_observation_len(), 64);
    // Seat 0 asks, seat 1 asks "colour?": seat 0 answers. Viewer 1: seat 0 is relative 3, seat 1
    // relative 0.
    let mut st = dealt("solo");
    act(&mut st, &["ask", "ask colour"]);
    let mut want = vec![0.0; 64];
    want[2] = 1.0;
    want[6] = 1.0 / 6.0;
    want[7] = 2.0 / 6.0;
    want[8] = 2.0 / 4.0;
    want[9 + 3] = 1.0;
    want[13] = 1.0;
    assert_eq!(extra(&st, 1), want, "the answer, seen by seat 1");
    // All four pass: seat 0 (Q♣) declares a forced simple game. Viewer 1 again.
    let mut st = dealt("solo");
    act(&mut st, &["pass", "pass", "pass", "pass"]);
    let mut want = vec![0.0; 64];
    want[3] = 1.0;
    want[6] = 1.0 / 6.0;
    want[8] = 1.0;
    want[17 + 3] = 1.0;
    want[27] = 1.0;
    assert_eq!(extra(&st, 1), want, "the forced declaration, seen by seat 1");
    // Simple in ♥ by seat 0 (who asked, then three passes), A♠ called; seat 2 plays it in the first
    // trick. Viewer 3: seat 0 is relative 1, seat 2 relative 3.
    let mut st = simple_hearts(H, "call A♠");
    act(&mut st, &["8♠", "8♣", "A♠", "J♣"]);
    let mut want = vec![0.0; 64];
    want[5] = 1.0;
    want[6] = 1.0 / 6.0;
    want[8] = 1.0;
    want[9 + 1] = 1.0;
    want[17 + 1] = 1.0;
    want[21] = 1.0;
    want[28 + c(&st, "A♠").idx()] = 1.0;
    want[60 + 3] = 1.0;
    assert_eq!(extra(&st, 3), want, "the play after the ace, seen by seat 3");
}
