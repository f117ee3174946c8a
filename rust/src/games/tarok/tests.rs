//! Concrete situations from the rules specification §7 and the oracles of §8.

use super::*;
use crate::core::game::{Game, Player, State};
use crate::core::Registered;
use crate::trick::testing::{act, card as c, cards as set};
use crate::trick::TrickCore;

fn game(spec: &str) -> Tarok {
    Tarok::from_game_string(spec).unwrap()
}

fn legal_names(st: &TarokState) -> Vec<String> {
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    v.iter().map(|&a| st.action_to_string(a)).collect()
}

/// Deals the pack in the given order (talon first, then packets of 6 from F = seat 0).
fn dealt(spec: &str, hands: [&str; 4], talon: &str) -> TarokState {
    let mut st = game(spec).new_initial_state();
    let h: Vec<Vec<&str>> = hands.iter().map(|s| s.split_whitespace().collect()).collect();
    let mut order: Vec<&str> = talon.split_whitespace().collect();
    for round in 0..2 {
        for hand in &h {
            order.extend(&hand[round * 6..round * 6 + 6]);
        }
    }
    for n in order {
        assert_eq!(st.current_player(), Player::Chance);
        act(&mut st, &[n]);
    }
    st
}

// Every seat has taroks; seat 0 (F) holds Škis, Mond, Pagat.
const H: [&str; 4] = [
    "SKIS XXI I XX XIX K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣",
    "XVIII XVII XVI K♦ Q♦ C♦ J♦ 1♦ 2♦ 3♦ 4♦ 7♣",
    "XV XIV XIII XII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥",
    "XI X IX VIII VII K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠",
];
const TALON: &str = "VI V IV III II 7♠";

#[test]
fn deck_and_counting_match_the_openspiel_cases() {
    let st = game("tarok").new_initial_state();
    let d = st.rules().deck();
    assert_eq!(d.len(), 54);
    assert_eq!(count(d.all()), 70);
    let cases: [(&str, i32); 8] = [
        ("", 0),
        ("II", 0),
        ("II III", 1),
        ("XXI", 4),
        ("XXI J♦", 6),
        ("XIV XXI J♦", 6),
        ("XIV XXI J♦ Q♦", 9),
        ("II J♣ Q♣ XXI K♣", 14),
    ];
    for (cards, want) in cases {
        assert_eq!(count(set(&st, cards)), want, "{cards}");
    }
    // Worked example 1: K♥ Q♠ Mond J♣ and 16 blanks = 19; the other 34 cards 51.
    let mut pile = set(&st, "K♥ Q♠ XXI J♣");
    for n in [
        "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI",
        "XVII",
    ] {
        pile.insert(c(&st, n));
    }
    assert_eq!(count(pile), 19);
    assert_eq!(count(d.all() - pile), 51);
    assert_eq!((PAGAT, MOND, SKIS), (c(&st, "I"), c(&st, "XXI"), c(&st, "SKIS")));
    // Red pips rank 1 > 2 > 3 > 4, black 10 > 9 > 8 > 7.
    assert!(card_strength(c(&st, "1♥")) > card_strength(c(&st, "4♥")));
    assert!(card_strength(c(&st, "J♥")) > card_strength(c(&st, "1♥")));
    assert!(card_strength(c(&st, "10♠")) > card_strength(c(&st, "7♠")));
}

#[test]
fn auction_legal_sets_of_section_8() {
    let mut st = dealt("tarok", H, TALON);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(
        legal_names(&st),
        [
            "pass",
            "two",
            "one",
            "solo three",
            "solo two",
            "solo one",
            "beggar",
            "solo without",
            "open beggar",
            "colour valat without",
            "valat without"
        ]
    );
    act(&mut st, &["open beggar"]);
    assert_eq!(
        legal_names(&st),
        ["pass", "colour valat without", "valat without"]
    );
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["pass", "one", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    let l = legal_names(&st);
    assert_eq!(&l[..3], ["pass", "one", "solo three"]);
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["pass", "pass", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(
        legal_names(&st),
        [
            "klop",
            "three",
            "two",
            "one",
            "solo three",
            "solo two",
            "solo one",
            "beggar",
            "solo without",
            "open beggar",
            "colour valat without",
            "valat without"
        ]
    );
}

#[test]
fn equal_bid_priority_and_the_final_call() {
    // §7.5 example: F+1 Two, F+2 Beggar, D pass, F pass, F+1 Beggar (priority), F+2 pass.
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["two", "beggar", "pass", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert!(legal_names(&st).contains(&"beggar".to_string()));
    act(&mut st, &["beggar"]);
    // F+2 may not just equal: F+1 has priority.
    assert!(!legal_names(&st).contains(&"beggar".to_string()));
    act(&mut st, &["pass"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(legal_names(&st)[0], "beggar");
    act(&mut st, &["beggar"]);
    // Beggar: the declarer leads.
    assert_eq!(st.current_player(), Player::Seat(1));
}

#[test]
fn king_call_talon_groups_and_discard_restrictions() {
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "three"]);
    assert_eq!(legal_names(&st), ["call K♣", "call K♦", "call K♥", "call K♠"]);
    act(&mut st, &["call K♦"]);
    assert_eq!(st.extra.partner, Some(1));
    assert!(st.core.talon_exposed);
    assert_eq!(legal_names(&st), ["talon 1", "talon 2"]);
    act(&mut st, &["talon 1"]);
    // VI V IV joined the hand; kings, Mond, Škis never; taroks only without suit cards.
    let l = legal_names(&st);
    assert!(l
        .iter()
        .all(|n| !n.contains("K♣") && !n.contains("XXI") && !n.contains("Škis")));
    assert!(l.iter().all(|n| n.ends_with('♣')), "{l:?}");
    act(&mut st, &["discard Q♣", "discard C♣", "discard J♣"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
}

#[test]
fn discarding_taroks_only_as_a_last_resort_and_pagat_per_preset() {
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    core.hands[0] = set(&st, "SKIS XXI I XX K♣ K♦");
    assert_eq!(r.discard_legal(&core, 0), set(&st, "I XX"));
    let p = game("tarok(ruleset=pagat)").rules().clone();
    assert_eq!(p.discard_legal(&core, 0), set(&st, "XX"));
    core.hands[0] = set(&st, "I XX K♣ 7♣");
    assert_eq!(r.discard_legal(&core, 0), set(&st, "7♣"));
}

fn core_with_trick(st: &TarokState, trick: &str) -> TrickCore {
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    for (i, n) in trick.split_whitespace().enumerate() {
        core.trick[i] = c(st, n);
        core.trick_len = i + 1;
    }
    core
}

#[test]
fn follow_duties_positive_and_negative() {
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let hand = set(&st, "K♥ 4♥ XX II I");
    // Positive: follow suit, no duty to head.
    let core = core_with_trick(&st, "1♥");
    assert_eq!(r.legal(Contract::Three, &core, hand, Some(0)), set(&st, "K♥ 4♥"));
    // Klop: must head.
    assert_eq!(r.legal(Contract::Klop, &core, hand, None), set(&st, "K♥"));
    // A tarok in the trick: any heart.
    let core = core_with_trick(&st, "1♥ III");
    assert_eq!(r.legal(Contract::Klop, &core, hand, None), set(&st, "K♥ 4♥"));
    // Void in clubs: a tarok; in Klop one that beats, Pagat only as a last resort.
    let core = core_with_trick(&st, "7♣ XV");
    assert_eq!(
        r.legal(Contract::Three, &core, hand, Some(0)),
        set(&st, "XX II I")
    );
    assert_eq!(r.legal(Contract::Klop, &core, hand, None), set(&st, "XX"));
    let core = core_with_trick(&st, "7♣ XXI");
    assert_eq!(r.legal(Contract::Klop, &core, hand, None), set(&st, "XX II"));
    // Škis and Mond in the trick: Pagat is the only card that heads, so it must be played.
    let core = core_with_trick(&st, "7♣ XXI SKIS");
    assert_eq!(r.legal(Contract::Klop, &core, hand, None), set(&st, "I"));
    // Colour valat: a void player may discard anything; the declarer leads suits first.
    let core = core_with_trick(&st, "7♣");
    assert_eq!(r.legal(Contract::ColourValatWithout, &core, hand, Some(1)), hand);
    let core = core_with_trick(&st, "");
    assert_eq!(
        r.legal(Contract::ColourValatWithout, &core, hand, Some(0)),
        set(&st, "K♥ 4♥")
    );
}

#[test]
fn trick_winners_emperor_and_colour_valat() {
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let t = |s: &str| s.split_whitespace().map(|n| c(&st, n)).collect::<Vec<_>>();
    assert_eq!(r.winner(Contract::Three, &t("K♥ 4♥ II Q♥")), 2);
    assert_eq!(r.winner(Contract::Three, &t("SKIS XXI I 4♥")), 2);
    assert_eq!(r.winner(Contract::Three, &t("SKIS XXI XX 4♥")), 0);
    // Colour valat: taroks do not trump; the emperor's trick only when taroks are led.
    assert_eq!(r.winner(Contract::ColourValatWithout, &t("4♥ XXI 1♥ 7♣")), 2);
    assert_eq!(r.winner(Contract::ColourValatWithout, &t("4♥ SKIS XXI I")), 0);
    assert_eq!(r.winner(Contract::ColourValatWithout, &t("II SKIS XXI I")), 3);
}

fn klop_extra(tricks: [u8; 4]) -> TarokExtra {
    TarokExtra {
        contract: Some(Contract::Klop),
        tricks,
        ..TarokExtra::default()
    }
}

#[test]
fn klop_scores_at_the_boundaries() {
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    // 36 points (K♣ Q♣ C♣ J♣ K♦ Q♦ C♦ J♦ K♥ Q♥ C♥ = 30, 11 cards +4, XXI... ) built by count.
    let big = set(&st, "K♣ Q♣ C♣ J♣ K♦ Q♦ C♦ J♦ K♥ Q♥ C♥ J♥ XXI");
    assert_eq!(count(big), 34 + 4);
    core.won[0] = big;
    core.won[1] = set(&st, "II III IV");
    core.won[2] = set(&st, "V VI VII");
    core.won[3] = set(&st, "VIII IX X");
    let (s, _, everyone) = r.hand_scores(&core, &klop_extra([3, 1, 1, 1]), &[0; 4]);
    assert_eq!(s, [-70, 0, 0, 0]);
    assert!(everyone);
    // No special player: everybody pays their points; radelci double per wheel.
    core.won[0] = set(&st, "K♣ Q♣ C♣ J♣ K♦ Q♦ C♦ J♦ K♥ Q♥ C♥ J♥ II III IV V VI");
    assert_eq!(count(core.won[0]), 36);
    let (s, _, _) = r.hand_scores(&core, &klop_extra([4, 1, 1, 1]), &[0; 4]);
    assert_eq!(s[0], -70);
    core.won[0] = set(&st, "K♣ Q♣ C♣ J♣ K♦ Q♦ C♦ J♦ K♥ Q♥ C♥ J♥ II III IV V");
    assert_eq!(count(core.won[0]), 35);
    let (s, _, _) = r.hand_scores(&core, &klop_extra([4, 1, 1, 1]), &[1, 0, 0, 0]);
    assert_eq!(s, [-70, -1, -1, -1]);
    // A player without a trick: only they score, +70.
    let (s, _, _) = r.hand_scores(&core, &klop_extra([5, 1, 0, 1]), &[0; 4]);
    assert_eq!(s, [0, 0, 70, 0]);
}

/// Worked example 2 of §7.9: a Two at 41, silent kings, the opponents' trula (silent here: 10), Mond
/// captured. Built as piles so the card points are exactly 41.
#[test]
fn two_at_41_with_kings_and_mond_penalty() {
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    let all = st.rules().deck().all();
    // Declarer 0 and partner 1: all kings, queens, cavaliers and 7 blanks, = 16 + 12 + 8 + ...
    let team = set(
        &st,
        "K♣ K♦ K♥ K♠ Q♣ Q♦ Q♥ Q♠ C♣ C♦ J♣ II III IV V VI VII VIII IX X XI XII XIII XIV",
    );
    let p = count(team);
    core.won[0] = team;
    core.won[2] = all - team;
    let extra = TarokExtra {
        contract: Some(Contract::Two),
        declarer: Some(0),
        partner: Some(1),
        tricks: [6, 0, 6, 0],
        mond_lost: Some(2),
        ..TarokExtra::default()
    };
    assert_eq!(p, 16 + 12 + 4 + 1 + 8);
    let r = st.rules().clone();
    let (s, won, _) = r.hand_scores(&core, &extra, &[0; 4]);
    // Game 20 + 6 = 26, kings +10; opponents' silent trula 10 each; Mond -21.
    assert!(won);
    assert_eq!(s, [36, 36, 10 - 21, 10]);
    let (s, _, _) = r.hand_scores(&core, &extra, &[1, 0, 0, 0]);
    assert_eq!(s, [72, 72, 20 - 21, 20]);
    let (s, _, _) = r.hand_scores(&core, &extra, &[2, 0, 0, 0]);
    assert_eq!(s, [144, 144, 40 - 21, 40]);
    let p = game("tarok(ruleset=pagat)").rules().clone();
    let (s, _, _) = p.hand_scores(&core, &extra, &[2, 0, 0, 0]);
    assert_eq!(s, [52, 52, -21, 0]);
    let o = game("tarok(ruleset=openspiel)").rules().clone();
    let (s, _, _) = o.hand_scores(&core, &extra, &[0; 4]);
    assert_eq!(s, [26, 26, -20, 0]);
}

#[test]
fn solo_one_failed_at_30_and_at_35_36() {
    // Each pile holds all four kings: +10 silent bonus on top of the game.
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let all = st.rules().deck().all();
    for (team, want) in [
        ("K♣ K♦ K♥ K♠ Q♣ Q♦ J♣ J♦ J♥ II III IV V VI", -(60 + 5) + 10),
        (
            "K♣ K♦ K♥ K♠ Q♣ Q♦ Q♥ C♣ J♣ J♦ II III IV V VI VII VIII IX",
            -60 + 10,
        ),
        (
            "K♣ K♦ K♥ K♠ Q♣ Q♦ Q♥ C♣ J♣ J♦ J♥ II III IV V VI VII VIII IX",
            61 + 10,
        ),
    ] {
        let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
        core.won[0] = set(&st, team);
        core.won[1] = all - core.won[0];
        let extra = TarokExtra {
            contract: Some(Contract::SoloOne),
            declarer: Some(0),
            tricks: [4, 8, 0, 0],
            ..TarokExtra::default()
        };
        let (s, _, _) = r.hand_scores(&core, &extra, &[0; 4]);
        assert_eq!(s[0], want, "{team}: {}", count(core.won[0]));
    }
}

#[test]
fn beggar_stops_at_the_declarers_first_trick_and_everyone_draws_a_radelc() {
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "beggar"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    // F leads Škis and wins at once.
    act(&mut st, &["SKIS"]);
    let names = legal_names(&st);
    act(&mut st, &[names[0].as_str()]);
    let names = legal_names(&st);
    act(&mut st, &[names[0].as_str()]);
    let names = legal_names(&st);
    act(&mut st, &[names[0].as_str()]);
    assert_eq!(st.current_player(), Player::Terminal);
    let mut ret = [0.0; 4];
    st.returns(&mut ret);
    assert_eq!(ret[0], -70.0);
    assert_eq!(st.match_state.radelci, [1, 1, 1, 1]);
}

#[test]
fn no_tarok_hand_is_redealt_by_the_same_dealer_as_a_forced_klop() {
    let hands = [
        "SKIS XXI I XX XIX XVIII XVII XVI XV K♣ Q♣ C♣",
        "XIV XIII XII K♦ Q♦ C♦ J♦ 1♦ 2♦ 3♦ 4♦ 7♣",
        "XI X IX VIII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥",
        "K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠ 7♠ J♣ 10♣ 9♣ 8♣",
    ];
    let st = dealt("tarok", hands, "VII VI V IV III II");
    assert_eq!(st.current_player(), Player::Chance);
    assert_eq!(st.core.dealer, 3);
    let st2 = {
        let mut s = st.clone();
        let order: Vec<String> = {
            let h: Vec<Vec<&str>> = H.iter().map(|s| s.split_whitespace().collect()).collect();
            let mut o: Vec<&str> = TALON.split_whitespace().collect();
            for round in 0..2 {
                for hand in &h {
                    o.extend(&hand[round * 6..round * 6 + 6]);
                }
            }
            o.iter().map(|x| x.to_string()).collect()
        };
        for n in order {
            act(&mut s, &[n.as_str()]);
        }
        s
    };
    assert_eq!(st2.core.dealer, 3);
    assert_eq!(st2.current_player(), Player::Seat(1));
    assert_eq!(
        legal_names(&st2),
        [
            "pass",
            "solo without",
            "open beggar",
            "colour valat without",
            "valat without"
        ]
    );
    let mut st3 = st2.clone();
    act(&mut st3, &["pass", "pass", "pass", "pass"]);
    assert_eq!(st3.extra.contract, Some(Contract::Klop));
    assert_eq!(st3.current_player(), Player::Seat(0));
}
