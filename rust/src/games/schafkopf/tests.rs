//! Concrete situations and worked Schafkopf scoring examples.

use super::*;
use crate::cards::CardSet;
use crate::core::game::{Game, Player, State};
use crate::core::Registered;
use crate::trick::queen_jack::TRUMP_SUIT;

fn game(spec: &str) -> Schafkopf {
    Schafkopf::from_game_string(spec).unwrap()
}

use crate::trick::testing::{act, card as c, cards as set, random_game_dealers};

/// Deals `hands` (10 cards each, seats 0, 1, 2; the dealer is seat 2) and `widow` in the canonical
/// 3 / widow 2 / 4 / 3 order.
fn deal(st: &mut SchafkopfState, hands: [&str; 3], widow: &str) {
    let h: Vec<Vec<&str>> = hands.iter().map(|s| s.split_whitespace().collect()).collect();
    let w: Vec<&str> = widow.split_whitespace().collect();
    let mut order: Vec<&str> = h.iter().flat_map(|x| x[0..3].iter().copied()).collect();
    order.extend(&w);
    order.extend(h.iter().flat_map(|x| x[3..7].iter().copied()));
    order.extend(h.iter().flat_map(|x| x[7..10].iter().copied()));
    for n in order {
        assert_eq!(st.current_player(), Player::Chance);
        act(st, &[n]);
    }
}

const H0: &str = "Q♣ Q♠ J♣ A♦ 10♦ A♣ 10♣ K♣ A♥ 7♥";
const H1: &str = "Q♥ J♠ J♥ K♦ 9♦ 9♣ 8♣ 7♣ A♠ 10♠";
const H2: &str = "Q♦ J♦ 8♦ 7♦ 10♥ K♥ 9♥ 8♥ 9♠ 8♠";
const WIDOW: &str = "K♠ 7♠";

fn dealt(spec: &str) -> SchafkopfState {
    let mut st = game(spec).new_initial_state();
    deal(&mut st, [H0, H1, H2], WIDOW);
    st
}

fn legal_names(st: &SchafkopfState) -> Vec<String> {
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    v.iter().map(|&a| st.action_to_string(a)).collect()
}

#[test]
fn deck_trump_order_and_points() {
    let st = game("schafkopf").new_initial_state();
    let r = st.rules();
    let t = r.trumps();
    assert_eq!(r.deck().len(), 32);
    let order = "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦";
    let trumps: Vec<Card> = order.split_whitespace().map(|n| c(&st, n)).collect();
    assert!(
        trumps
            .windows(2)
            .all(|w| r.trumps().strength[w[0].idx()] > r.trumps().strength[w[1].idx()]),
        "trump order"
    );
    assert_eq!(
        t.masks[TRUMP_SUIT as usize],
        trumps.iter().copied().collect::<CardSet>()
    );
    for suit in ["♣", "♥", "♠"] {
        let plain: Vec<Card> = ["A", "10", "K", "9", "8", "7"]
            .iter()
            .map(|r| c(&st, &format!("{r}{suit}")))
            .collect();
        assert!(plain
            .windows(2)
            .all(|w| r.trumps().strength[w[0].idx()] > r.trumps().strength[w[1].idx()]));
        let s = r.deck().suit(plain[0]) as usize;
        assert_eq!(
            t.masks[s],
            plain.iter().copied().collect::<CardSet>(),
            "plain {suit} has no queen or jack"
        );
    }
    assert_eq!(t.points_of(r.deck().all()), 120);
}

#[test]
fn deal_is_3_widow_4_3_from_the_eldest() {
    let g = game("schafkopf");
    let r = g.rules();
    let seats: Vec<Option<Slot>> = (0..33).map(|k| r.deal_slot(2, k)).collect();
    let h = |s| Some(Slot::Hand(s));
    let mut want = vec![
        h(0),
        h(0),
        h(0),
        h(1),
        h(1),
        h(1),
        h(2),
        h(2),
        h(2),
        Some(Slot::Talon),
        Some(Slot::Talon),
    ];
    for s in 0..3 {
        want.extend([h(s); 4]);
    }
    for s in 0..3 {
        want.extend([h(s); 3]);
    }
    want.push(None);
    assert_eq!(seats, want);
    let st = dealt("schafkopf");
    for (s, hand) in [H0, H1, H2].iter().enumerate() {
        assert_eq!(st.core.hands[s], set(&st, hand));
    }
    assert_eq!(st.core.talon, set(&st, WIDOW));
    // The eldest (seat 0) decides first.
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(legal_names(&st), ["pass", "pick"]);
}

#[test]
fn picking_goes_eldest_then_dealer_last_and_bury_two() {
    let mut st = dealt("schafkopf");
    act(&mut st, &["pass"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    act(&mut st, &["pass"]);
    assert_eq!(st.current_player(), Player::Seat(2), "the dealer decides last");
    act(&mut st, &["pick"]);
    assert_eq!(st.extra.declarer, Some(2));
    assert_eq!(st.core.hands[2].len(), 12);
    assert!(st.core.talon.is_empty());
    // Any two cards may be buried, trumps and points included.
    let legal = legal_names(&st);
    assert_eq!(legal.len(), 12);
    assert!(legal.contains(&"bury Q♦".to_string()));
    act(&mut st, &["bury 10♥", "bury K♠"]);
    assert_eq!(st.core.hands[2].len(), 10);
    assert_eq!(st.core.talon, set(&st, "10♥ K♠"));
    // The eldest leads, whoever picked.
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(st.extra.stage, Stage::Play);
    // Only the picker knows what was buried.
    assert!(st.information_state_string(2).contains("2 bury 10♥"));
    for other in [0, 1] {
        let info = st.information_state_string(other);
        assert!(!info.contains("bury"), "seat {other} sees the burial: {info}");
        assert_eq!(info.matches("2 ?").count(), 2);
    }
}

#[test]
fn first_pick_ends_the_picking() {
    let mut st = dealt("schafkopf");
    act(&mut st, &["pick"]);
    assert_eq!(st.extra.declarer, Some(0));
    assert_eq!(st.current_player(), Player::Seat(0));
    assert!(legal_names(&st).iter().all(|n| n.starts_with("bury ")));
}

#[test]
fn all_pass_plays_least_with_the_eldest_leading() {
    let mut st = dealt("schafkopf");
    act(&mut st, &["pass", "pass", "pass"]);
    assert!(st.extra.is_least());
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(st.core.talon, set(&st, WIDOW), "the widow stays face down");
}

#[test]
fn queen_of_spades_is_not_a_spade() {
    let mut st = dealt("schafkopf");
    act(&mut st, &["pass", "pass", "pass"]);
    // Seat 0 leads the A♥; seat 1 has no heart: anything goes.
    act(&mut st, &["A♥"]);
    assert_eq!(legal_names(&st).len(), 10);
    // Seat 2 has hearts and must follow with one of them (its Q♦ and J♦ are not hearts).
    act(&mut st, &["A♠"]);
    let mut l = legal_names(&st);
    l.sort();
    assert_eq!(l, ["10♥", "8♥", "9♥", "K♥"]);
    let err = st.apply_action(st.string_to_action("Q♦").unwrap()).unwrap_err();
    assert!(err.to_string().contains("must follow suit ♥"), "{err}");
    act(&mut st, &["8♥"]);
    // A♥ wins (A♠ is off-suit); seat 0 leads again.
    assert_eq!(st.current_player(), Player::Seat(0));
    // Spade led: seat 1 holds A♠ 10♠ (J♠ is a trump): must play a spade.
    act(&mut st, &["7♥"]);
    // (7♥ led; seat 1 void in hearts.)
    act(&mut st, &["J♠"]);
    act(&mut st, &["9♥"]);
    assert_eq!(st.core.leader, 1, "J♠ trumps the heart trick");
    act(&mut st, &["10♠"]);
    // Seat 2 holds 9♠ 8♠ and must follow; seat 0 has no spade except Q♠, which is a trump: free.
    assert_eq!(st.current_player(), Player::Seat(2));
    let mut l = legal_names(&st);
    l.sort();
    assert_eq!(l, ["8♠", "9♠"]);
    act(&mut st, &["9♠"]);
    assert_eq!(
        legal_names(&st).len(),
        8,
        "seat 0 is void in spades: Q♠ does not count"
    );
    act(&mut st, &["Q♠"]);
    assert_eq!(st.core.leader, 0, "Q♠ trumps the spade trick");
}

#[test]
fn trump_led_must_be_followed_by_any_trump() {
    let mut st = dealt("schafkopf");
    act(&mut st, &["pass", "pass", "pass", "A♦"]);
    let mut l = legal_names(&st);
    l.sort();
    // Seat 1's trumps: Q♥ J♠ J♥ K♦ 9♦ (queens, jacks and diamonds alike).
    assert_eq!(l, ["9♦", "J♠", "J♥", "K♦", "Q♥"]);
    act(&mut st, &["9♦", "8♦"]);
    assert_eq!(st.core.leader, 0, "A♦ beats 9♦ and 8♦");
    // A trump queen led: seat 1 must answer with a trump (its queen, jacks or diamond).
    act(&mut st, &["Q♣"]);
    let mut l = legal_names(&st);
    l.sort();
    assert_eq!(l, ["J♠", "J♥", "K♦", "Q♥"]);
    act(&mut st, &["J♥", "Q♦"]);
    assert_eq!(st.core.leader, 0);
}

#[test]
fn trick_winner_by_effective_suit() {
    let st = dealt("schafkopf");
    let r = st.rules();
    let w = |names: &str| {
        let t: Vec<Card> = names.split_whitespace().map(|n| c(&st, n)).collect();
        r.trick_winner(st.view(), &t)
    };
    assert_eq!(w("A♠ Q♠ 10♠"), 1, "the queen is a trump");
    assert_eq!(w("A♠ 7♦ 10♠"), 1, "the lowest trump beats the plain ace");
    assert_eq!(w("9♣ A♥ K♣"), 2, "off-suit never wins");
    assert_eq!(w("J♦ A♦ 10♦"), 0, "J♦ beats every diamond pip");
    assert_eq!(w("J♣ Q♦ J♠"), 1);
}

#[test]
fn declarer_victory_points_oracle() {
    let r = game("schafkopf").rules().clone();
    // (total, trick points, tricks, defenders' trick points) → VP.
    assert_eq!(r.declarer_vp(61, 61, 5, 59), 2);
    assert_eq!(r.declarer_vp(90, 90, 7, 30), 2);
    assert_eq!(r.declarer_vp(91, 91, 7, 29), 4);
    assert_eq!(r.declarer_vp(120, 106, 10, 0), 6);
    assert_eq!(r.declarer_vp(60, 60, 4, 60), -2);
    assert_eq!(r.declarer_vp(31, 31, 2, 89), -2);
    assert_eq!(r.declarer_vp(30, 30, 2, 90), -4);
    assert_eq!(
        r.declarer_vp(14, 0, 0, 106),
        -6,
        "no trick: −6 even with 14 buried"
    );
    // 14 buried plus one trick of 0 points: −4 by tricks, −6 by points.
    assert_eq!(r.declarer_vp(14, 0, 1, 106), -4);
    let rp = game("schafkopf(schwarz_by=points)").rules().clone();
    assert_eq!(rp.declarer_vp(14, 0, 1, 106), -6);
    // Points-schwarz win: the defenders took 0-point tricks only.
    assert_eq!(rp.declarer_vp(120, 120, 8, 0), 6);
    assert_eq!(
        r.declarer_vp(120, 120, 8, 0),
        4,
        "by tricks the defenders' two tricks prevent schwarz"
    );
}

/// Gives `won` and `buried` to seats directly, to score positions (the card play is tested above).
fn scored(
    spec: &str,
    declarer: Option<usize>,
    won: [&str; 3],
    talon: &str,
    last_won: [i8; 3],
    last_winner: usize,
) -> [f64; MAX_PLAYERS] {
    let mut st = dealt(spec);
    for (s, w) in won.iter().enumerate() {
        st.core.hands[s] = CardSet::EMPTY;
        st.core.won[s] = set(&st, w);
    }
    st.core.talon = set(&st, talon);
    st.core.last_trick = Some((0, [Card(0); MAX_PLAYERS], last_winner));
    st.extra = SchafkopfExtra {
        stage: Stage::Play,
        auction: FirstTaker {
            passes: if declarer.is_some() { 0 } else { 3 },
        },
        declarer,
        buried: 2,
        first_trick_winner: Some(last_winner),
        last_won,
    };
    st.rules().score_deal(st.view()).returns
}

#[test]
fn buried_cards_count_for_the_declarer() {
    // Buried K♥ 10♠ (14) plus 50 in tricks = 64: +2. The same with buried cards counting for nobody: −2.
    // The declarer's tricks: 11+10+4+11+2+2+10 = 50 points.
    let decl = "A♣ 10♣ K♣ A♥ J♣ J♠ 7♣ 8♣ 9♣ 10♦ 7♦ 8♦";
    let rest: Vec<String> = {
        let st = dealt("schafkopf");
        let taken = set(&st, decl) | set(&st, "K♥ 10♠");
        let others: Vec<Card> = (st.rules().deck().all() - taken).iter().collect();
        vec![
            others[..9]
                .iter()
                .map(|&x| st.rules().deck().name_of(x).to_string())
                .collect::<Vec<_>>()
                .join(" "),
            others[9..]
                .iter()
                .map(|&x| st.rules().deck().name_of(x).to_string())
                .collect::<Vec<_>>()
                .join(" "),
        ]
    };
    let r = scored(
        "schafkopf",
        Some(1),
        [&rest[0], decl, &rest[1]],
        "K♥ 10♠",
        [-1, 9, -1],
        1,
    );
    assert_eq!(r[..3], [0.0, 2.0, 0.0]);
    let r = scored(
        "schafkopf(buried_counts_for=nobody)",
        Some(1),
        [&rest[0], decl, &rest[1]],
        "K♥ 10♠",
        [-1, 9, -1],
        1,
    );
    assert_eq!(r[..3], [0.0, -2.0, 0.0]);
    // zero_sum: each defender gets −½ of the declarer's change.
    let r = scored(
        "schafkopf(zero_sum=true)",
        Some(1),
        [&rest[0], decl, &rest[1]],
        "K♥ 10♠",
        [-1, 9, -1],
        1,
    );
    assert_eq!(r[..3], [-1.0, 2.0, -1.0]);
}

/// The names of every card outside `taken`, as one pile.
fn rest_of_deck(st: &SchafkopfState, taken: CardSet) -> String {
    st.rules().deck().format_set(st.rules().deck().all() - taken)
}

#[test]
fn schwarz_through_the_scoring_path() {
    let st = dealt("schafkopf");
    // The declarer (seat 1) takes all ten tricks and buried K♠ 7♠: 120 and schwarz by tricks, +6.
    let all = rest_of_deck(&st, set(&st, WIDOW));
    let r = scored("schafkopf", Some(1), ["", &all, ""], WIDOW, [-1, 9, -1], 1);
    assert_eq!(r[..3], [0.0, 6.0, 0.0], "every trick is schwarz");
    // The defenders take two tricks of 0 points: by tricks no schwarz (+4 for 120), by points
    // the defenders' 0 trick points are schwarz (+6).
    let (d0, d2) = ("7♣ 8♣ 9♣", "7♦ 8♦ 9♦");
    let decl = rest_of_deck(&st, set(&st, WIDOW) | set(&st, d0) | set(&st, d2));
    let r = scored("schafkopf", Some(1), [d0, &decl, d2], WIDOW, [3, 9, 5], 1);
    assert_eq!(r[..3], [0.0, 4.0, 0.0], "two tricks taken: not schwarz by tricks");
    let r = scored(
        "schafkopf(schwarz_by=points)",
        Some(1),
        [d0, &decl, d2],
        WIDOW,
        [3, 9, 5],
        1,
    );
    assert_eq!(
        r[..3],
        [0.0, 6.0, 0.0],
        "0 trick points for the defenders: schwarz by points"
    );
}

#[test]
fn the_least_widow_can_change_who_has_fewest() {
    // Seat 0: 20 in tricks, seat 1: 22; the widow (4) to seat 0 as the last trick's winner makes it 24,
    // so seat 1 has the fewest.
    let st = dealt("schafkopf");
    let (w0, w1) = ("A♣ K♣ Q♣ J♣ 7♣ 8♣", "A♦ K♦ K♥ Q♦ 7♦ 8♦");
    let w2 = rest_of_deck(&st, set(&st, WIDOW) | set(&st, w0) | set(&st, w1));
    let r = scored("schafkopf", None, [w0, w1, &w2], WIDOW, [9, 7, 5], 0);
    assert_eq!(r[..3], [0.0, 2.0, 0.0]);
    let r = scored(
        "schafkopf(leaster_widow_to=nobody)",
        None,
        [w0, w1, &w2],
        WIDOW,
        [9, 7, 5],
        0,
    );
    assert_eq!(
        r[..3],
        [2.0, 0.0, 0.0],
        "without the widow seat 0's 20 is the fewest"
    );
}

#[test]
fn least_scoring_oracle() {
    let r = game("schafkopf").rules().clone();
    // 0 points → +4; an outright low → +2.
    assert_eq!(r.least_vp([0, 50, 70], [-1, 3, 9], 2), [4, 0, 0]);
    assert_eq!(r.least_vp([20, 30, 70], [4, 3, 9], 2), [2, 0, 0]);
    // One player with all 120: −4, nobody else scores.
    assert_eq!(r.least_vp([0, 120, 0], [-1, 9, -1], 2), [0, -4, 0]);
    // Two tie for fewest: the one who less recently won a trick.
    assert_eq!(r.least_vp([30, 30, 60], [7, 2, 9], 2), [0, 2, 0]);
    assert_eq!(r.least_vp([30, 30, 60], [2, 7, 9], 2), [2, 0, 0]);
    // Three-way tie: the dealer.
    assert_eq!(r.least_vp([40, 40, 40], [3, 6, 9], 1), [0, 2, 0]);
    // leaster_requires_trick: a player without a trick cannot win.
    let rt = game("schafkopf(leaster_requires_trick=true)").rules().clone();
    assert_eq!(rt.least_vp([0, 50, 70], [-1, 3, 9], 2), [0, 2, 0]);
}

#[test]
fn least_widow_goes_to_the_last_trick_winner() {
    // Seat 0 took nothing; the widow (K♠ 7♠ = 4 points) goes to whoever the rule names.
    let st = dealt("schafkopf");
    let all = st.rules().deck().all() - set(&st, WIDOW);
    let t = st.rules().trumps();
    // Seat 1: three aces and nine 0-point cards (33); seat 2 the rest (83).
    let mut w1 = CardSet::EMPTY;
    for name in [
        "A♣", "A♦", "A♥", "7♣", "8♣", "9♣", "8♦", "9♦", "7♥", "8♥", "9♥", "7♦",
    ] {
        w1.insert(c(&st, name));
    }
    let w2 = all - w1;
    let names = |s: CardSet| st.rules().deck().format_set(s);
    let (n1, n2) = (names(w1), names(w2));
    assert_eq!(t.points_of(w1), 33);
    // Widow to seat 2 (last trick): seat 0 has 0 points and wins +4.
    let r = scored("schafkopf", None, ["", &n1, &n2], WIDOW, [-1, 5, 9], 2);
    assert_eq!(r[..3], [4.0, 0.0, 0.0]);
    // The widow's 4 points to seat 0 under first_trick (seat 0 won it): then seat 0 has 4 and still
    // the fewest: +2.
    let r = scored(
        "schafkopf(leaster_widow_to=first_trick)",
        None,
        ["", &n1, &n2],
        WIDOW,
        [-1, 5, 9],
        0,
    );
    assert_eq!(r[..3], [2.0, 0.0, 0.0]);
    // The widow to the last trick's winner, seat 0 this time: +2; counted for nobody: +4.
    let r = scored("schafkopf", None, ["", &n1, &n2], WIDOW, [-1, 5, 9], 0);
    assert_eq!(r[..3], [2.0, 0.0, 0.0]);
    let r = scored(
        "schafkopf(leaster_widow_to=nobody)",
        None,
        ["", &n1, &n2],
        WIDOW,
        [-1, 5, 9],
        0,
    );
    assert_eq!(r[..3], [4.0, 0.0, 0.0]);
}

#[test]
fn zero_sum_charges_the_others_half() {
    let r = game("schafkopf(ruleset=sheepshead)").rules().clone();
    assert_eq!(
        r.returns_from([0, -4, 0])[..3],
        [2.0, -4.0, 2.0],
        "least: all 120 to one player"
    );
    assert_eq!(
        r.returns_from([0, 0, 6])[..3],
        [-3.0, -3.0, 6.0],
        "schwarz: 3 from each opponent"
    );
    let seed = game("schafkopf").rules().clone();
    assert_eq!(seed.returns_from([0, 0, 6])[..3], [0.0, 0.0, 6.0]);
}

#[test]
fn buried_cards_are_hidden_from_the_defenders() {
    let mut st = dealt("schafkopf");
    act(&mut st, &["pick", "bury 10♣", "bury K♣"]);
    let len = st.rules().extra_observation_len();
    let total = crate::trick::encode::observation_len(st.rules());
    let at = total - len + 2 * 3 + 2;
    let k = c(&st, "10♣").idx();
    let mut obs = vec![0.0; total];
    st.write_observation(0, &mut obs);
    assert_eq!(obs[at + k], 1.0, "the declarer sees their buried cards");
    assert!(st.observation_string(0).contains("buried: "));
    for p in [1, 2] {
        st.write_observation(p, &mut obs);
        assert!(
            obs[at..].iter().all(|&x| x == 0.0),
            "seat {p} sees no buried card"
        );
        assert!(!st.observation_string(p).contains("buried: "));
        assert!(!st.observation_string(p).contains("10♣"));
    }
}

#[test]
fn action_names_parse_back() {
    let st = dealt("schafkopf");
    let base = 32;
    assert_eq!(st.string_to_action("pass").unwrap(), base);
    assert_eq!(st.string_to_action("PICK").unwrap(), base + 1);
    let q = c(&st, "Q♣").0 as u32;
    assert_eq!(st.string_to_action("bury Q♣").unwrap(), base + 2 + q);
    assert_eq!(st.string_to_action("bury qc").unwrap(), base + 2 + q);
    assert_eq!(st.action_to_string(base + 2 + q), "bury Q♣");
    assert!(st.string_to_action("bury 5♣").is_err());
    assert!(st.string_to_action("bid 3").is_err());
}

#[test]
fn match_of_three_deals_rotates_the_dealer() {
    use crate::core::rng::Rng;
    let g = game("schafkopf(scope=match,deals=3)");
    let (st, dealers) = random_game_dealers(&g, &mut Rng::new(3));
    assert_eq!(dealers, [2, 0, 1]);
    assert_eq!(st.core.deals_done, 3);
    let mut ret = [0.0; 3];
    st.returns(&mut ret);
    let best = st.core.ledger[..3].iter().cloned().fold(f64::MIN, f64::max);
    for s in 0..3 {
        assert_eq!(
            ret[s] > 0.0,
            st.core.ledger[s] == best && ret.iter().any(|&x| x < 0.0),
            "{ret:?} {:?}",
            st.core.ledger
        );
    }
    let (_, raw) = Params::parse_game_string("schafkopf(deals=4)").unwrap();
    assert!(Schafkopf::from_params(Params::resolve(PARAMS, &raw, PRESETS).unwrap()).is_err());
}

#[test]
fn greedy_beats_random() {
    let (greedy, random) =
        crate::batch::testing::bot_against_field(&game("schafkopf"), "greedy", "random", 2000, 7);
    assert!(greedy > random + 0.3, "greedy {greedy} vs random {random}");
}

#[test]
fn a_single_deal_is_bounded_by_one_deal_and_a_match_by_its_deals() {
    // `deals` counts only with scope=match: the engine's default bound reads the session.
    let (single, matched) = (game("schafkopf(deals=9)"), game("schafkopf(scope=match,deals=9)"));
    assert_eq!(single.new_initial_state().rules().max_deals(), 1);
    assert_eq!(matched.new_initial_state().rules().max_deals(), 9);
    assert_eq!(matched.max_game_length(), 9 * single.max_game_length());
}

#[test]
fn the_observation_marks_a_least_game_only_once_everyone_passed() {
    // The least plane (after passed[3] and declarer[3]) is set when all three passed and play
    // began, not while the picking goes on, and not in a declarer's game.
    let least = |st: &SchafkopfState| {
        let r = st.rules();
        let mut obs = vec![0.0; r.extra_observation_len()];
        r.write_extra_observation(st.view(), 0, &mut obs);
        obs[2 * 3]
    };
    let mut st = dealt("schafkopf");
    assert_eq!(least(&st), 0.0, "nobody has spoken");
    act(&mut st, &["pass", "pass"]);
    assert_eq!(least(&st), 0.0, "the dealer has not spoken");
    act(&mut st, &["pass"]);
    assert!(st.extra.is_least());
    assert_eq!(least(&st), 1.0);
    assert!(st.observation_string(1).contains("least: everyone passed"));
    let mut st = dealt("schafkopf");
    act(&mut st, &["pass", "pick", "bury K♠", "bury 7♠"]);
    assert!(!st.extra.is_least());
    assert_eq!(least(&st), 0.0, "seat 1 plays against two");
}

#[test]
fn the_buried_cards_are_private_lines_of_the_information_state() {
    // Seat 1 picks and buries 7♣ (the pack's first card) and K♠: the defenders see "1 ?" twice.
    let mut st = dealt("schafkopf");
    act(&mut st, &["pass", "pick", "bury 7♣", "bury K♠"]);
    let own = st.information_state_string(1);
    assert!(
        own.contains("\n1 bury 7♣\n") && own.contains("\n1 bury K♠\n"),
        "{own}"
    );
    for other in [0, 2] {
        let s = st.information_state_string(other);
        assert!(
            s.contains("\n0 pass\n") && s.contains("\n1 pick\n"),
            "said aloud: {s}"
        );
        assert!(!s.contains("bury"), "{s}");
        assert_eq!(s.lines().filter(|l| *l == "1 ?").count(), 2, "{s}");
    }
}

#[test]
fn a_match_pays_its_top_scorers_one_and_charges_the_others_their_share() {
    use crate::core::rng::Rng;
    let g = game("schafkopf(scope=match,deals=3)");
    let mut decided = 0;
    for seed in 0..12 {
        let (st, _) = random_game_dealers(&g, &mut Rng::new(seed));
        let totals = &st.core.ledger[..3];
        let best = totals.iter().cloned().fold(f64::MIN, f64::max);
        let top: Vec<usize> = (0..3).filter(|&s| totals[s] == best).collect();
        let mut ret = [0.0; 3];
        st.returns(&mut ret);
        // One top scorer: +1, the other two −½ each; two: +1 each, the third −2; all three: 0.
        let want: Vec<f64> = (0..3)
            .map(|s| match (top.len(), top.contains(&s)) {
                (3, _) => 0.0,
                (_, true) => 1.0,
                (1, false) => -0.5,
                (_, false) => -2.0,
            })
            .collect();
        assert_eq!(ret[..], want[..], "seed {seed}: totals {totals:?}");
        decided += (top.len() < 3) as usize;
    }
    assert!(decided > 0, "some match has a winner");
}

/// The action ids of the module's layout: the 32 cards (0..32), `pass` 32, `pick` 33 and one
/// `bury <card>` per card (34..66): 66 ids.
#[test]
fn the_action_ids_are_the_cards_pass_pick_and_a_burial_per_card() {
    let g = game("schafkopf");
    assert_eq!(Game::num_distinct_actions(&g), 66);
    let st = dealt("schafkopf");
    assert_eq!(st.action_to_string(32), "pass");
    assert_eq!(st.action_to_string(33), "pick");
    assert_eq!(st.action_to_string(34 + c(&st, "A♠").0 as u32), "bury A♠");
}

/// `first_dealer` takes -1 (seat 2 deals, the default) and every seat from 0; -2 is refused.
#[test]
fn the_first_dealer_may_be_any_seat_or_minus_one_and_nothing_below() {
    crate::trick::testing::assert_first_dealer_bounds("schafkopf", 2);
}

/// The declared bounds: one seat scores ±2, ±4 or ±6 victory points in a deal (schwarz is 6) and
/// the others 0, or −½ of it each under `zero_sum` (the deal then adds up to 0): [−6, 6]. A match
/// pays +1 to each top scorer and the others share −1 per winner: two winners leave −2 to the
/// third, so [−2, 1], adding up to 0.
#[test]
fn the_declared_bounds_are_six_victory_points_and_the_match_payout() {
    use crate::core::game::Utility;
    assert_eq!(game("schafkopf").utility(), Some(Utility::general(-6.0, 6.0)));
    assert_eq!(
        game("schafkopf(zero_sum=true)").utility(),
        Some(Utility::zero_sum(-6.0, 6.0))
    );
    assert_eq!(
        game("schafkopf(scope=match,deals=3)").utility(),
        Some(Utility::zero_sum(-2.0, 1.0))
    );
}

/// Schafkopf's own floats after the engine's, in the documented order: the seats that passed (0..3)
/// and the declarer (3..6) by relative seat, least (6), burying (7), and the buried cards (8..40),
/// written for the declarer alone once play has begun. A seat's relative seat for viewer v is
/// (seat − v) mod 3.
#[test]
fn the_extra_observation_holds_each_slot_of_the_documented_layout() {
    let extra = |st: &SchafkopfState, viewer: usize| {
        let r = st.rules();
        let mut o = vec![0.0; r.extra_observation_len()];
        r.write_extra_observation(st.view(), viewer, &mut o);
        o
    };
    assert_eq!(game("schafkopf").rules().extra_observation_len(), 40);
    // Seat 0 (the eldest) passes, seat 1 picks and is burying. Viewer 2: seat 0 is relative 1,
    // seat 1 relative 2.
    let mut st = dealt("schafkopf");
    act(&mut st, &["pass", "pick"]);
    let mut want = vec![0.0; 40];
    want[1] = 1.0;
    want[3 + 2] = 1.0;
    want[7] = 1.0;
    assert_eq!(extra(&st, 2), want, "burying, seen by seat 2");
    // Seat 1 buries 7♣ and K♠; play begins. The declarer (viewer 1: seat 0 relative 2, itself 0)
    // sees its buried cards; seat 2 does not.
    act(&mut st, &["bury 7♣", "bury K♠"]);
    let mut want = vec![0.0; 40];
    want[2] = 1.0;
    want[3] = 1.0;
    want[8 + c(&st, "7♣").idx()] = 1.0;
    want[8 + c(&st, "K♠").idx()] = 1.0;
    assert_eq!(extra(&st, 1), want, "play, seen by the declarer");
    let mut want = vec![0.0; 40];
    want[1] = 1.0;
    want[3 + 2] = 1.0;
    assert_eq!(extra(&st, 2), want, "play, seen by seat 2");
    // Everyone passes: least, seen by seat 1 (all three passed).
    let mut st = dealt("schafkopf");
    act(&mut st, &["pass", "pass", "pass"]);
    let mut want = vec![0.0; 40];
    want[..3].copy_from_slice(&[1.0, 1.0, 1.0]);
    want[6] = 1.0;
    assert_eq!(extra(&st, 1), want, "least");
}

/// Least with `leaster_widow_to=first_trick`: the widow goes to the first trick's winner even when
/// another seat won the last trick. Seat 0 took 20 in tricks and won the first trick, seat 1 took 22
/// and won the last, seat 2 the rest; the widow K♠ 7♠ is worth 4.
#[test]
fn the_least_widow_goes_to_the_first_tricks_winner_under_first_trick() {
    let (w0, w1) = ("A♣ K♣ Q♣ J♣ 7♣ 8♣", "A♦ K♦ K♥ Q♦ 7♦ 8♦");
    let least = |spec: &str| {
        let mut st = dealt(spec);
        let w2 = rest_of_deck(&st, set(&st, WIDOW) | set(&st, w0) | set(&st, w1));
        for (s, w) in [w0, w1, w2.as_str()].iter().enumerate() {
            st.core.hands[s] = CardSet::EMPTY;
            st.core.won[s] = set(&st, w);
        }
        st.core.talon = set(&st, WIDOW);
        st.core.last_trick = Some((0, [Card(0); MAX_PLAYERS], 1));
        st.extra = SchafkopfExtra {
            stage: Stage::Play,
            auction: FirstTaker { passes: 3 },
            declarer: None,
            buried: 0,
            first_trick_winner: Some(0),
            last_won: [4, 9, 7],
        };
        let r = st.rules().score_deal(st.view()).returns;
        [r[0], r[1], r[2]]
    };
    let st = dealt("schafkopf");
    let t = st.rules().trumps();
    assert_eq!((t.points_of(set(&st, w0)), t.points_of(set(&st, w1))), (20, 22));
    // first_trick: seat 0 has 20 + 4 = 24 against seat 1's 22: seat 1 has the fewest, +2.
    assert_eq!(least("schafkopf(leaster_widow_to=first_trick)"), [0.0, 2.0, 0.0]);
    // last_trick (the default): seat 1 gets 26, and seat 0's 20 is the fewest.
    assert_eq!(least("schafkopf"), [2.0, 0.0, 0.0]);
}
