//! Concrete situations and worked examples of Slovenian Tarok.

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
    dealt_in_packets(spec, &hands, talon, 6)
}

/// Deals the talon, then `packet` cards to each hand in turn from F = seat 0, twice round.
fn dealt_in_packets(spec: &str, hands: &[&str], talon: &str, packet: usize) -> TarokState {
    let mut st = game(spec).new_initial_state();
    let h: Vec<Vec<&str>> = hands.iter().map(|s| s.split_whitespace().collect()).collect();
    let mut order: Vec<&str> = talon.split_whitespace().collect();
    for round in 0..2 {
        for hand in &h {
            order.extend(&hand[round * packet..round * packet + packet]);
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
    // Bidding example: F+1 Two, F+2 Beggar, D pass, F pass, F+1 Beggar (priority), F+2 pass.
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
    // The kontra round opens at forehand; then, in Beggar, the declarer leads.
    assert_eq!(st.current_player(), Player::Seat(0));
    act(&mut st, &["pass", "pass", "pass", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
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
    assert_eq!(st.extra.stage, Stage::Announce);
    act(&mut st, &["pass", "pass", "pass", "pass"]);
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

/// A worked scoring example: a Two at 41, silent kings, the opponents' trula (silent here: 10), Mond
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
    act(&mut st, &["pass", "pass", "pass", "pass"]);
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

/// Forehand (seat 0) plays Three, calls K♦ (seat 1 is the partner), takes VI V IV and discards three
/// clubs: the announcement round opens at forehand.
fn three_at_announcements(hands: [&str; 4], talon: &str, group: &str) -> TarokState {
    let mut st = dealt("tarok", hands, talon);
    act(&mut st, &["pass", "pass", "pass", "three", "call K♦", group]);
    act(&mut st, &["discard Q♣", "discard C♣", "discard J♣"]);
    assert_eq!(st.extra.stage, Stage::Announce);
    st
}

#[test]
fn announcements_who_may_announce_what() {
    let mut st = three_at_announcements(H, TALON, "talon 1");
    assert_eq!(st.current_player(), Player::Seat(0));
    // The declarer holds Pagat but not the called king; the game is theirs, so no kontra.
    assert_eq!(
        legal_names(&st),
        [
            "pass",
            "announce trula",
            "announce kings",
            "announce pagat ultimo",
            "announce valat"
        ]
    );
    act(&mut st, &["pass"]);
    // The partner holds K♦: king ultimo, no pagat ultimo, no kontra on its own side's game.
    assert_eq!(
        legal_names(&st),
        [
            "pass",
            "announce trula",
            "announce kings",
            "announce king ultimo",
            "announce valat"
        ]
    );
    act(&mut st, &["announce kings"]);
    // An opponent: the game may be doubled (the declarer's team is known), the partner's kings may
    // not (seat 2 cannot know whose side seat 1 is on).
    assert_eq!(
        legal_names(&st),
        ["pass", "announce trula", "announce valat", "kontra game"]
    );
    // Each bonus by one team only: nobody can announce kings again.
    act(&mut st, &["pass"]);
    assert!(!legal_names(&st).contains(&"announce kings".to_string()));
}

#[test]
fn king_ultimo_reveals_the_partner_and_opens_its_kontra() {
    let mut st = three_at_announcements(H, TALON, "talon 1");
    assert!(!st.extra.partner_revealed);
    act(&mut st, &["pass", "announce king ultimo"]);
    assert!(st.extra.partner_revealed);
    let l = legal_names(&st);
    assert!(l.contains(&"kontra king ultimo".to_string()), "{l:?}");
    // What seat 3 sees now names the partner.
    assert!(st.observation_string(3).contains("partner: seat 1"));
}

#[test]
fn the_kontra_ladder_alternates_sides_and_stops_at_mordkontra() {
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(&mut st, &["pass", "pass", "kontra game"]);
    assert_eq!(st.extra.kontra[0], 1);
    // Seat 3 is on the same side as the kontra: no rekontra for it.
    assert!(!legal_names(&st).iter().any(|n| n.ends_with("kontra game")));
    act(&mut st, &["pass"]);
    assert!(legal_names(&st).contains(&"rekontra game".to_string()));
    act(&mut st, &["rekontra game"]);
    // The partner is on the declarer's side: no subkontra.
    assert!(!legal_names(&st).iter().any(|n| n.ends_with("kontra game")));
    act(&mut st, &["pass", "subkontra game", "pass"]);
    act(&mut st, &["mordkontra game"]);
    assert_eq!(st.extra.kontra[0], 4);
    for _ in 0..4 {
        assert!(!legal_names(&st).iter().any(|n| n.ends_with("kontra game")));
        act(&mut st, &["pass"]);
    }
    // Four passes in a row end the round; forehand leads.
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    assert_eq!(st.current_player(), Player::Seat(0));
}

#[test]
fn three_passes_do_not_end_the_round_but_four_do() {
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(&mut st, &["pass", "pass", "pass", "announce trula"]);
    assert_eq!(st.extra.stage, Stage::Announce);
    act(&mut st, &["pass", "pass", "pass"]);
    assert_eq!(st.extra.stage, Stage::Announce);
    act(&mut st, &["pass"]);
    assert_eq!(st.extra.stage, Stage::Play);
}

#[test]
fn valat_voids_the_other_announcements_and_only_it_can_be_doubled() {
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(&mut st, &["announce trula", "announce valat"]);
    // Seat 2: no more bonuses, the game and the trula are void, and seat 1's valat cannot be
    // doubled by a seat that does not know seat 1's side.
    assert_eq!(legal_names(&st), ["pass"]);
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(&mut st, &["announce valat"]);
    assert_eq!(legal_names(&st), ["pass"]);
    act(&mut st, &["pass"]);
    assert_eq!(legal_names(&st), ["pass", "kontra valat"]);
}

#[test]
fn an_announced_pagat_stays_back_until_the_last_trick() {
    let mut st = three_at_announcements(H, TALON, "talon 1");
    let lead_free = {
        let mut s = st.clone();
        act(&mut s, &["pass", "pass", "pass", "pass"]);
        legal_names(&s)
    };
    assert!(lead_free.contains(&"I".to_string()));
    act(
        &mut st,
        &["announce pagat ultimo", "pass", "pass", "pass", "pass"],
    );
    let l = legal_names(&st);
    assert!(
        !l.contains(&"I".to_string()) && l.len() == lead_free.len() - 1,
        "{l:?}"
    );
}

#[test]
fn announced_valat_stops_at_the_first_lost_trick_and_costs_500() {
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(&mut st, &["announce valat", "pass", "pass", "pass", "pass"]);
    // 8♣ from the declarer, 7♣ from the partner, two taroks from the void opponents: XV wins.
    act(&mut st, &["8♣", "7♣", "XV", "XI"]);
    assert_eq!(st.current_player(), Player::Terminal);
    let mut ret = [0.0; 4];
    st.returns(&mut ret);
    assert_eq!(ret, [-500.0, -500.0, 0.0, 0.0]);
    assert_eq!(st.match_state.radelci, [1, 1, 1, 1]);
}

/// The same worked example with the opponents' trula announced (20), under every variant.
#[test]
fn worked_example_two_with_announced_trula_kontra_and_radelci() {
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    let all = st.rules().deck().all();
    let team = set(
        &st,
        "K♣ K♦ K♥ K♠ Q♣ Q♦ Q♥ Q♠ C♣ C♦ J♣ II III IV V VI VII VIII IX X XI XII XIII XIV",
    );
    assert_eq!(count(team), 41);
    core.won[0] = team;
    core.won[2] = all - team;
    let mut extra = TarokExtra {
        contract: Some(Contract::Two),
        declarer: Some(0),
        partner: Some(1),
        tricks: [6, 0, 6, 0],
        mond_lost: Some(2),
        ..TarokExtra::default()
    };
    extra.announced[TRULA_B] = Some(3);
    let seed = st.rules().clone();
    let pagat = game("tarok(ruleset=pagat)").rules().clone();
    let sc = |r: &TarokRules, e: &TarokExtra, rad: [u8; 4]| r.hand_scores(&core, e, &rad).0;
    assert_eq!(sc(&seed, &extra, [0; 4]), [36, 36, 20 - 21, 20]);
    assert_eq!(sc(&pagat, &extra, [0; 4]), [16, 16, -21, 0]);
    let mut k = extra.clone();
    k.kontra[0] = 1;
    assert_eq!(sc(&seed, &k, [0; 4]), [62, 62, 20 - 21, 20]);
    assert_eq!(sc(&pagat, &k, [0; 4]), [42, 42, -21, 0]);
    assert_eq!(sc(&seed, &k, [1, 0, 0, 0]), [124, 124, 40 - 21, 40]);
    assert_eq!(sc(&seed, &k, [2, 0, 0, 0]), [248, 248, 80 - 21, 80]);
    assert_eq!(sc(&pagat, &k, [1, 0, 0, 0]), [84, 84, -21, 0]);
    assert_eq!(sc(&pagat, &k, [2, 0, 0, 0]), [84, 84, -21, 0]);
    // A kontra on the trula doubles only the trula: 26 + 10 and 40.
    let mut kt = extra.clone();
    kt.kontra[1 + TRULA_B] = 1;
    assert_eq!(sc(&seed, &kt, [0; 4]), [36, 36, 40 - 21, 40]);
    // Had the declarer's side announced the trula it would have failed: the opponents gain 20.
    let mut f = extra.clone();
    f.announced[TRULA_B] = Some(1);
    assert_eq!(sc(&seed, &f, [0; 4]), [36, 36, 20 - 21, 20]);
    assert_eq!(sc(&pagat, &f, [0; 4]), [16, 16, -21, 0]);
    // Announced kings made by the declarer's side: 20 instead of the silent 10, ×8 under subkontra.
    let mut kg = extra.clone();
    kg.announced[KINGS_B] = Some(0);
    assert_eq!(sc(&seed, &kg, [0; 4]), [46, 46, 20 - 21, 20]);
    kg.kontra[1 + KINGS_B] = 3;
    assert_eq!(sc(&seed, &kg, [0; 4]), [26 + 160, 26 + 160, 20 - 21, 20]);
    kg.kontra[1 + KINGS_B] = 4;
    assert_eq!(sc(&pagat, &kg, [0; 4]), [26 + 320 - 20, 26 + 320 - 20, -21, 0]);
}

#[test]
fn failed_announced_valat_in_a_two_costs_the_announcers_500_only() {
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    let all = st.rules().deck().all();
    core.won[0] = set(
        &st,
        "K♣ K♦ K♥ K♠ Q♣ Q♦ Q♥ Q♠ C♣ C♦ J♣ II III IV V VI VII VIII IX X XI XII XIII XIV",
    );
    core.won[3] = set(&st, "7♣ 8♣ 9♣ 10♣");
    let mut extra = TarokExtra {
        contract: Some(Contract::Two),
        declarer: Some(0),
        partner: Some(1),
        tricks: [6, 0, 0, 1],
        ..TarokExtra::default()
    };
    extra.announced[VALAT_B] = Some(1);
    let seed = st.rules().clone();
    let pagat = game("tarok(ruleset=pagat)").rules().clone();
    let (s, won, everyone) = seed.hand_scores(&core, &extra, &[0; 4]);
    assert_eq!((s, won, everyone), ([-500, -500, 0, 0], false, true));
    assert_eq!(pagat.hand_scores(&core, &extra, &[0; 4]).0, [-500, -500, 0, 0]);
    // Kontra'd by the opponents: ×2.
    extra.kontra[1 + VALAT_B] = 1;
    assert_eq!(seed.hand_scores(&core, &extra, &[0; 4]).0, [-1000, -1000, 0, 0]);
    // Announced by an opponent and made: the opponents +500 (seed), the declarer's team −500 (pagat).
    extra.kontra[1 + VALAT_B] = 0;
    extra.announced[VALAT_B] = Some(2);
    extra.tricks = [0, 0, 12, 0];
    core.won[2] = all;
    core.won[0] = CardSet::EMPTY;
    core.won[3] = CardSet::EMPTY;
    assert_eq!(seed.hand_scores(&core, &extra, &[0; 4]).0, [0, 0, 500, 500]);
    assert_eq!(pagat.hand_scores(&core, &extra, &[0; 4]).0, [-500, -500, 0, 0]);
    let _ = all;
}

#[test]
fn ultimos_announced_and_silent_at_trick_12() {
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    let all = st.rules().deck().all();
    // 36 for the declarer's side with no kings and no trula: game +11.
    let team = set(&st, "Q♣ Q♦ Q♥ Q♠ C♣ C♦ C♥ C♠ J♣ J♦ J♥ J♠ 1♥ 2♥ 3♥ 1♦ 2♦ 3♦ II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX");
    assert_eq!(count(team), 36);
    core.won[0] = team;
    core.won[2] = all - team;
    let base = TarokExtra {
        contract: Some(Contract::Three),
        declarer: Some(0),
        partner: Some(1),
        called: Some(c(&st, "K♦")),
        tricks: [6, 0, 6, 0],
        ..TarokExtra::default()
    };
    let seed = st.rules().clone();
    let pagat = game("tarok(ruleset=pagat)").rules().clone();
    let sc = |r: &TarokRules, e: &TarokExtra| r.hand_scores(&core, e, &[0; 4]).0;
    // The opponents hold the trula and the kings: 10 + 10 for them (seed), −20 from the declarer's
    // side (pagat).
    assert_eq!(sc(&seed, &base), [11, 11, 20, 20]);
    assert_eq!(sc(&pagat, &base), [-9, -9, 0, 0]);
    // Silent pagat ultimo won by the declarer: +25; lost: nothing (seed) or −25 (pagat).
    let mut e = base.clone();
    e.pagat_last = Some((0, true, 0));
    assert_eq!(sc(&seed, &e), [36, 36, 20, 20]);
    // Overtaken by the partner: neither made nor lost.
    e.pagat_last = Some((0, false, 1));
    assert_eq!(sc(&pagat, &e), [-9, -9, 0, 0]);
    e.pagat_last = Some((0, false, 2));
    assert_eq!(sc(&seed, &e), [11, 11, 20, 20]);
    assert_eq!(sc(&pagat, &e), [-34, -34, 0, 0]);
    // Announced and lost: the opponents gain 50 (×2 under kontra).
    e.announced[PAGAT_ULTIMO_B] = Some(0);
    assert_eq!(sc(&seed, &e), [11, 11, 70, 70]);
    e.kontra[1 + PAGAT_ULTIMO_B] = 1;
    assert_eq!(sc(&pagat, &e), [11 - 100 - 20, 11 - 100 - 20, 0, 0]);
    // Announced and never reaching trick 12 is lost too.
    e.pagat_last = None;
    assert_eq!(sc(&seed, &e), [11, 11, 120, 120]);
    // King ultimo: the called king in trick 12 won by the declarer's side.
    let mut e = base.clone();
    e.king_last = Some(1);
    assert_eq!(sc(&seed, &e), [21, 21, 20, 20]);
    e.announced[KING_ULTIMO_B] = Some(1);
    assert_eq!(sc(&seed, &e), [31, 31, 20, 20]);
    e.king_last = Some(2);
    assert_eq!(sc(&seed, &e), [11, 11, 40, 40]);
    e.announced[KING_ULTIMO_B] = None;
    assert_eq!(sc(&seed, &e), [11, 11, 20, 20]);
    assert_eq!(sc(&pagat, &e), [-19, -19, 0, 0]);
}

#[test]
fn pagat_is_not_led_in_the_negative_contracts_while_another_card_is_left() {
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let core = core_with_trick(&st, "");
    assert_eq!(
        r.legal(Contract::Klop, &core, set(&st, "K♥ I"), None),
        set(&st, "K♥")
    );
    assert_eq!(
        r.legal(Contract::Beggar, &core, set(&st, "XX I"), Some(0)),
        set(&st, "XX")
    );
    assert_eq!(r.legal(Contract::Klop, &core, set(&st, "I"), None), set(&st, "I"));
    // In a positive contract Pagat may be led.
    assert_eq!(
        r.legal(Contract::Three, &core, set(&st, "K♥ I"), Some(0)),
        set(&st, "K♥ I")
    );
}

#[test]
fn contract_values_and_talon_groups_of_section_8() {
    let values: Vec<i32> = CONTRACTS[..12].iter().map(|c| c.value()).collect();
    assert_eq!(values, [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 125, 500]);
    assert_eq!(Contract::ColourValat.value(), 125);
    let groups: Vec<usize> = CONTRACTS.iter().map(|c| c.group_size()).collect();
    assert_eq!(groups, [0, 3, 2, 1, 3, 2, 1, 0, 0, 0, 0, 0, 0]);
    // Every contract's value through the scoring, won and lost, and doubled by a kontra.
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let all = st.rules().deck().all();
    let p36 = set(&st, "K♣ K♦ K♥ K♠ Q♣ Q♦ Q♥ C♣ J♣ J♦ J♥ II III IV V VI VII VIII IX");
    let p35 = set(&st, "K♣ K♦ K♥ K♠ Q♣ Q♦ Q♥ C♣ J♣ J♦ II III IV V VI VII VIII IX");
    assert_eq!((count(p36), count(p35)), (36, 35));
    let score = |c: Contract, pile: CardSet, tricks: [u8; 4], kontra: u8| {
        let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
        core.won[0] = pile;
        core.won[1] = all - pile;
        let mut e = TarokExtra {
            contract: Some(c),
            declarer: Some(0),
            tricks,
            ..TarokExtra::default()
        };
        e.kontra[0] = kontra;
        r.hand_scores(&core, &e, &[0; 4])
    };
    for (c, v) in [
        (Contract::SoloThree, 40),
        (Contract::SoloTwo, 50),
        (Contract::SoloOne, 60),
    ] {
        // 36 wins value + 1 (and the silent kings 10), 35 loses value + 0.
        assert_eq!(score(c, p36, [6, 6, 0, 0], 0).0[0], v + 1 + 10);
        assert_eq!(score(c, p35, [6, 6, 0, 0], 0).0[0], -v + 10);
        assert_eq!(score(c, p35, [6, 6, 0, 0], 1).0[0], -2 * v + 10);
    }
    let (s, won, everyone) = score(Contract::SoloWithout, p36, [6, 6, 0, 0], 0);
    assert_eq!((s[0], won, everyone), (80, true, true));
    assert_eq!(score(Contract::SoloWithout, p35, [6, 6, 0, 0], 0).0[0], -80);
    assert_eq!(score(Contract::SoloWithout, p35, [6, 6, 0, 0], 2).0[0], -320);
    assert_eq!(score(Contract::SoloWithout, all, [12, 0, 0, 0], 0).0[0], 250);
    assert_eq!(
        score(Contract::SoloWithout, CardSet::EMPTY, [0, 12, 0, 0], 0).0[0],
        -250
    );
    for (c, v) in [(Contract::Beggar, 70), (Contract::OpenBeggar, 90)] {
        assert_eq!(score(c, CardSet::EMPTY, [0, 4, 0, 0], 0).0, [v, 0, 0, 0]);
        assert_eq!(score(c, p35, [1, 4, 0, 0], 0).0, [-v, 0, 0, 0]);
        assert_eq!(score(c, p35, [1, 4, 0, 0], 1).0, [-2 * v, 0, 0, 0]);
    }
    for (c, v) in [
        (Contract::ColourValatWithout, 125),
        (Contract::ValatWithout, 500),
        (Contract::ColourValat, 125),
    ] {
        assert_eq!(score(c, all, [12, 0, 0, 0], 0).0, [v, 0, 0, 0]);
        assert_eq!(score(c, p36, [11, 1, 0, 0], 0).0, [-v, 0, 0, 0]);
        assert_eq!(score(c, p36, [11, 1, 0, 0], 1).0, [-2 * v, 0, 0, 0]);
    }
}

// Seat 1's K♦ lies in the talon (II went to seat 1 instead).
const H2: [&str; 4] = [
    "SKIS XXI I XX XIX K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣",
    "XVIII XVII XVI II Q♦ C♦ J♦ 1♦ 2♦ 3♦ 4♦ 7♣",
    "XV XIV XIII XII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥",
    "XI X IX VIII VII K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠",
];
const TALON2: &str = "VI V IV III K♦ 7♠";

#[test]
fn called_king_in_the_talon_forfeit_scores_minus_the_value() {
    let mut st = dealt("tarok", H2, TALON2);
    act(&mut st, &["pass", "pass", "pass", "three", "call K♦"]);
    assert_eq!(st.extra.partner, None);
    assert_eq!(legal_names(&st), ["talon 1", "talon 2", "forfeit"]);
    act(&mut st, &["forfeit"]);
    assert_eq!(st.current_player(), Player::Terminal);
    let mut ret = [0.0; 4];
    st.returns(&mut ret);
    assert_eq!(ret, [-10.0, 0.0, 0.0, 0.0]);
    assert_eq!(st.match_state.radelci, [0; 4]);
    // Without the king in the talon there is nothing to forfeit.
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "two", "call K♦"]);
    assert_eq!(legal_names(&st), ["talon 1", "talon 2", "talon 3"]);
}

#[test]
fn called_king_in_the_talon_carries_the_rest_to_its_tricks_winner() {
    let mut st = three_at_announcements(H2, TALON2, "talon 2");
    assert!(st.extra.king_carries_talon);
    // The king in the talon shows everyone the teams: the declarer may double seat 2's trula here,
    // which it may not when the partner is secret.
    act(&mut st, &["pass", "pass", "announce trula"]);
    let mut secret = three_at_announcements(H, TALON, "talon 1");
    act(&mut secret, &["pass", "pass", "announce trula", "pass"]);
    assert!(!legal_names(&secret).contains(&"kontra trula".to_string()));
    act(&mut st, &["pass"]);
    assert!(legal_names(&st).contains(&"kontra trula".to_string()));
    act(&mut st, &["pass", "pass", "pass"]);
    // K♦ led, Q♦ follows, the void opponents trump: XV takes the king and the rest of the talon.
    act(&mut st, &["K♦", "Q♦", "XV", "XI"]);
    assert!(st.core.talon.is_empty());
    assert!(st.core.won[2].contains(c(&st, "VI")) && st.core.won[2].contains(c(&st, "IV")));
    assert_eq!(st.core.won[2].len(), 4 + 3);
}

#[test]
fn klop_adds_one_talon_card_to_each_of_the_first_six_tricks() {
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "klop"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    let talon: Vec<Card> = st.core.talon_as_dealt().to_vec();
    let mut tricks = 0;
    while st.current_player() != Player::Terminal && tricks < 7 {
        let mut v = Vec::new();
        st.legal_actions(&mut v);
        st.apply_action(v[0]).unwrap();
        if st.core.tricks_played > tricks {
            tricks = st.core.tricks_played;
            let (_, _, winner) = st.core.last_trick.unwrap();
            let held: usize = (0..4).map(|s| st.core.won[s].len()).sum();
            if tricks <= 6 {
                // The gift goes to this trick's winner, in deal order.
                assert!(st.core.won[winner].contains(talon[tricks - 1]), "trick {tricks}");
                assert_eq!(held, 5 * tricks);
                assert_eq!(st.core.talon.len(), 6 - tricks);
            } else {
                assert_eq!(held, 30 + 4);
            }
        }
    }
    assert_eq!(tricks, 7);
}

/// Per seat, the greedy bot's total margin over the random seats' average when it sits there
/// (`deals` deals, seats rotated).
fn greedy_margins(spec: &str, deals: usize, seed: u64) -> Vec<f64> {
    use crate::core::rng::Rng;
    let g = game(spec);
    let n = g.rules().num_players();
    let bot = g.rules().new_bot("greedy").unwrap();
    let mut rng = Rng::new(seed);
    let mut total = vec![0.0f64; n];
    for i in 0..deals {
        let me = i % n;
        let mut st = g.new_initial_state();
        while !st.is_terminal() {
            let a = match st.current_player() {
                Player::Chance => st.sample_chance(&mut rng),
                Player::Seat(s) if s == me => bot.act(&st, &mut rng),
                _ => st.random_action(&mut rng),
            };
            st.apply_action(a).unwrap();
        }
        let mut ret = vec![0.0; n];
        st.returns(&mut ret);
        let others = (ret.iter().sum::<f64>() - ret[me]) / (n - 1) as f64;
        total[me] += ret[me] - others;
    }
    total
}

#[test]
fn greedy_beats_random_in_every_seat() {
    let total = greedy_margins("tarok", 1200, 11);
    assert!(
        total.iter().all(|&t| t > 0.0),
        "greedy ahead of the random seats in every seat: {total:?}"
    );
}

#[test]
fn lowest_bid_declines_the_colour_valat_raise_and_passes_in_the_announcements() {
    // Its own bids never reach a solo: random auctions bring the raise to it, and the announcement
    // round after it.
    use crate::core::rng::Rng;
    let g = game("tarok(ruleset=openspiel)");
    let bot = g.rules().new_bot("lowest_bid").unwrap();
    let mut rng = Rng::new(5);
    let (mut raises, mut rounds) = (0, 0);
    // A random auction ends in a solo three, two or one about once in 600 hands.
    for _ in 0..20_000 {
        let mut st = g.new_initial_state();
        while !st.is_terminal() && st.extra.stage != Stage::Play {
            match (st.current_player(), st.extra.stage) {
                (Player::Chance, _) => st.resolve_chance(&mut rng),
                (_, Stage::Raise) => {
                    let a = bot.act(&st, &mut rng);
                    assert_eq!(st.action_to_string(a), "no raise");
                    raises += 1;
                    st.apply_action(a).unwrap();
                }
                (_, Stage::Announce) => {
                    let a = bot.act(&st, &mut rng);
                    assert_eq!(st.action_to_string(a), "pass");
                    rounds += 1;
                    st.apply_action(a).unwrap();
                }
                _ => {
                    let a = st.random_action(&mut rng);
                    st.apply_action(a).unwrap();
                }
            }
        }
    }
    assert!(raises > 10 && rounds > 100, "{raises} {rounds}");
}

#[test]
fn lowest_bid_plays_only_klop_or_three_and_makes_no_announcement() {
    use crate::core::game::Action;
    use crate::core::rng::Rng;
    for spec in ["tarok", "tarok(ruleset=openspiel)"] {
        let g = game(spec);
        let bot = g.rules().new_bot("lowest_bid").unwrap();
        let mut rng = Rng::new(5);
        let mut seen = [0usize; 2];
        for _ in 0..400 {
            let mut st = g.new_initial_state();
            while !st.is_terminal() {
                let a = match st.current_player() {
                    Player::Chance => st.sample_chance(&mut rng),
                    Player::Seat(_) => {
                        let stage = st.extra.stage;
                        let a = bot.act(&st, &mut rng);
                        let mut legal = Vec::new();
                        st.legal_actions(&mut legal);
                        assert!(legal.contains(&a), "{spec}: {a} is legal");
                        if matches!(stage, Stage::Auction | Stage::Announce) {
                            assert_eq!(a, 54 + PASS as Action, "{spec}: pass in {stage:?}");
                        }
                        a
                    }
                    Player::Terminal => unreachable!(),
                };
                st.apply_action(a).unwrap();
                if let Some(c) = st.extra.contract {
                    assert!(matches!(c, Contract::Klop | Contract::Three), "{spec}: {c:?}");
                }
            }
            seen[(st.extra.contract == Some(Contract::Three)) as usize] += 1;
        }
        // Forehand's final call is a fair coin between the two, so both come up often.
        assert!(seen.iter().all(|&n| n > 100), "{spec}: klop / three {seen:?}");
    }
}

#[test]
fn lowest_bid_through_simulate_plays_the_games_of_its_own_act_loop() {
    // `simulate` hands the card play to the fused random playout once the bot says it is uniform
    // from there on (`random_from`): the games must be exactly those of asking the bot every move.
    use crate::batch::{simulate, SimConfig};
    use crate::core::rng::Rng;
    for spec in ["tarok", "tarok(ruleset=openspiel)", "tarok(scope=match,deals=2)"] {
        let g = game(spec);
        let cfg = SimConfig {
            n_games: 60,
            seed: 9,
            first_game: 0,
            bots: vec!["lowest_bid".into()],
            threads: Some(1),
        };
        let r = simulate(&g, &cfg).unwrap();
        let bot = g.rules().new_bot("lowest_bid").unwrap();
        let mut played = 0;
        for k in 0..cfg.n_games {
            let mut rng = Rng::for_stream(cfg.seed, k as u64);
            let mut st = g.new_initial_state();
            loop {
                let a = match st.current_player() {
                    Player::Terminal => break,
                    Player::Chance => st.sample_chance(&mut rng),
                    Player::Seat(_) => bot.act(&st, &mut rng),
                };
                st.apply_action(a).unwrap();
            }
            let (mut ret, mut sc) = ([0.0; 4], [0.0; 4]);
            st.returns(&mut ret);
            st.scores(&mut sc);
            assert_eq!(
                r.lengths[k] as usize,
                st.history().len(),
                "{spec}: game {k} length"
            );
            assert_eq!(r.returns[4 * k..4 * k + 4], ret, "{spec}: game {k} returns");
            assert_eq!(r.scores[4 * k..4 * k + 4], sc, "{spec}: game {k} scores");
            played += st.core.tricks_played;
        }
        assert!(played > 0, "{spec}: cards were played");
    }
}

// --- deck_names=improvised ---

const IMPROVISED: &str = "tarok(deck_names=improvised)";

#[test]
fn improvised_names_show_the_standard_card_with_the_tarok_name() {
    let tarok = game("tarok").new_initial_state();
    let imp = game(IMPROVISED).new_initial_state();
    let (d, di) = (tarok.rules().deck(), imp.rules().deck());
    // (Tarok name, improvised name): pack 2's trumps A-6♠, A-6♣, 6-10♥, 7-10♦ and the joker, pack 2's
    // jacks as the cavaliers, pack 1's red aces as the red 1s; every other card as it is.
    let cases = [
        ("I", "A♠(I)"),
        ("VI", "6♠(VI)"),
        ("VII", "A♣(VII)"),
        ("XII", "6♣(XII)"),
        ("XIII", "6♥(XIII)"),
        ("XVII", "10♥(XVII)"),
        ("XVIII", "7♦(XVIII)"),
        ("XXI", "10♦(XXI)"),
        ("Škis", "Joker(Škis)"),
        ("C♣", "J♣(C♣)"),
        ("C♥", "J♥(C♥)"),
        ("1♥", "A♥(1♥)"),
        ("1♦", "A♦(1♦)"),
        ("2♦", "2♦"),
        ("J♣", "J♣"),
        ("K♥", "K♥"),
        ("10♠", "10♠"),
    ];
    for (name, shown) in cases {
        let card = d.parse(name).unwrap();
        assert_eq!(d.name_of(card), name, "the default stays the Tarok name");
        assert_eq!(di.name_of(card), shown, "{name}");
        assert_eq!(di.parse(shown).unwrap(), card, "{shown} parses back");
        assert_eq!(
            di.parse(name).unwrap(),
            card,
            "the Tarok name {name} still parses"
        );
        assert_eq!(
            di.parse(di.ascii_of(card)).unwrap(),
            card,
            "{}",
            di.ascii_of(card)
        );
    }
    assert_eq!(
        (di.name_of(PAGAT), di.name_of(MOND), di.name_of(SKIS)),
        ("A♠(I)", "10♦(XXI)", "Joker(Škis)")
    );
    assert_eq!(di.ascii_of(MOND), "TD(XXI)");
    // The standard name alone, where only one card of the two packs looks like it.
    for (standard, tarok_name) in [
        ("A♠", "I"),
        ("ace of spades", "I"),
        ("10♦", "XXI"),
        ("td", "XXI"),
        ("joker", "Škis"),
        ("5♣", "XI"),
        ("A♥", "1♥"),
    ] {
        assert_eq!(
            di.parse(standard).unwrap(),
            d.parse(tarok_name).unwrap(),
            "{standard}"
        );
    }
    // J♣ alone is pack 1's jack; pack 2's jack is the cavalier only with its mark.
    assert_eq!(di.parse("J♣").unwrap(), d.parse("J♣").unwrap());
    assert!(
        d.parse("A♠").is_err() && d.parse("joker").is_err(),
        "the default deck has no standard names"
    );
    // 54 distinct names, each parsing to its own card.
    let names: std::collections::HashSet<&str> = (0..54u8).map(|i| di.name_of(Card(i))).collect();
    assert_eq!(names.len(), 54);
    for i in 0..54u8 {
        assert_eq!(di.parse(di.name_of(Card(i))).unwrap(), Card(i));
    }
}

#[test]
fn improvised_names_appear_in_actions_and_observations_and_parse_back() {
    let mut st = dealt(IMPROVISED, H, TALON);
    let obs = st.observation_string(0);
    assert!(
        obs.contains("Joker(Škis)") && obs.contains("10♦(XXI)") && obs.contains("A♠(I)"),
        "{obs}"
    );
    assert!(obs.contains("J♣(C♣)") && obs.contains(" J♣"), "{obs}");
    assert!(
        !st.observation_string(1).contains("Joker"),
        "seat 1 does not see seat 0's Škis"
    );
    // Seat 1 passes, seat 2 passes, seat 3 passes: F plays the Three and calls a king.
    act(&mut st, &["pass", "pass", "pass", "three", "call K♥"]);
    let names = legal_names(&st);
    assert!(names.iter().all(|n| n.starts_with("talon")), "{names:?}");
    // The talon VI V IV III II 7♠ is shown under the standard names.
    let obs = st.observation_string(2);
    assert!(
        obs.contains("talon (face up): 7♠ 2♠(II) 3♠(III) 4♠(IV) 5♠(V) 6♠(VI)"),
        "{obs}"
    );
    // Every legal action of a whole random game, in both namings, has the same id and parses back.
    let mut rng = crate::core::rng::Rng::new(7);
    let mut plain = Tarok::from_game_string("tarok").unwrap().new_initial_state();
    let mut imp = game(IMPROVISED).new_initial_state();
    let mut v = Vec::new();
    let mut differing = 0;
    while imp.current_player() != Player::Terminal {
        let a = if imp.current_player() == Player::Chance {
            imp.sample_chance(&mut rng)
        } else {
            imp.legal_actions(&mut v);
            for &b in &v {
                let text = imp.action_to_string(b);
                assert_eq!(imp.string_to_action(&text).unwrap(), b, "{text}");
                differing += (text != plain.action_to_string(b)) as usize;
            }
            imp.random_action(&mut rng)
        };
        imp.apply_action(a).unwrap();
        plain.apply_action(a).unwrap();
    }
    assert!(differing > 0);
    let (mut ri, mut rp) = ([0.0; 4], [0.0; 4]);
    imp.returns(&mut ri);
    plain.returns(&mut rp);
    assert_eq!(ri, rp, "the names change nothing else");
}

// --- announced ultimos made, through the whole hand ---

// Seat 0 holds eleven taroks with Pagat and 7♣; seat 1 (the partner, K♦) a single tarok; seats 2 and 3
// five each, so after five tarok leads only seat 0 has taroks left.
const ULT: [&str; 4] = [
    "SKIS XXI XX XIX XVIII XVII XVI XV XIV XIII I 7♣",
    "II K♦ Q♦ C♦ J♦ 1♦ 2♦ 3♦ 4♦ 1♥ J♥ C♥",
    "III IV V VI VII 8♣ 9♣ 10♣ J♣ Q♥ K♥ 7♠",
    "VIII IX X XI XII C♣ Q♣ K♣ J♠ C♠ Q♠ K♠",
];
const ULT_TALON: &str = "8♠ 9♠ 10♠ 4♥ 3♥ 2♥";
/// The twelve tricks, each from its leader: seat 0 draws the taroks, loses 7♣ to K♣ (no valat), wins
/// the rest and leads Pagat to the last trick, where the partner's K♦ falls to it.
const ULT_PLAY: [&str; 48] = [
    "SKIS", "II", "III", "VIII", "XXI", "4♦", "IV", "IX", "XX", "3♦", "V", "X", "XIX", "2♦", "VI", "XI",
    "XVIII", "1♦", "VII", "XII", "7♣", "J♦", "8♣", "K♣", "J♠", "XVII", "C♦", "7♠", "XVI", "Q♦", "9♣", "C♠",
    "XV", "1♥", "10♣", "Q♠", "XIV", "J♥", "J♣", "K♠", "XIII", "C♥", "Q♥", "C♣", "I", "K♦", "K♥", "Q♣",
];

/// Seat 0 plays Three calling K♦, takes 8♠ 9♠ 10♠ and lays them away, the announcement round goes
/// as `announce`, then the hand is played as [`ULT_PLAY`]; the returns.
fn ultimo_hand(spec: &str, announce: &[&str]) -> [f64; 4] {
    let mut st = dealt(spec, ULT, ULT_TALON);
    act(&mut st, &["pass", "pass", "pass", "three", "call K♦", "talon 1"]);
    act(&mut st, &["discard 8♠", "discard 9♠", "discard 10♠"]);
    act(&mut st, announce);
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    act(&mut st, &ULT_PLAY);
    assert_eq!(st.current_player(), Player::Terminal);
    assert_eq!(st.extra.pagat_last, Some((0, true, 0)));
    assert_eq!(st.extra.king_last, Some(0));
    let mut ret = [0.0; 4];
    st.returns(&mut ret);
    ret
}

#[test]
fn announced_pagat_and_king_ultimo_made_in_the_last_trick_count_double() {
    // Seat 0's side takes 11 tricks and the discards: every honour but K♣ and J♦ (47) and 47 cards
    // (16), 63 points: Three 10 + 28 = 38, and the trula silently (10); the kings are split.
    let announced = [
        "announce pagat ultimo",
        "announce king ultimo",
        "pass",
        "pass",
        "pass",
        "pass",
    ];
    // Pagat ultimo 2 × 25 and king ultimo 2 × 10, both made by the declarer's side.
    assert_eq!(ultimo_hand("tarok", &announced), [118.0, 118.0, 0.0, 0.0]);
    assert_eq!(
        ultimo_hand("tarok(ruleset=pagat)", &announced),
        [118.0, 118.0, 0.0, 0.0]
    );
    // Kontra'd by the opponents, each doubles once more: 38 + 10 + 40 + 100.
    let kontra = [
        "announce pagat ultimo",
        "announce king ultimo",
        "kontra pagat ultimo",
        "kontra king ultimo",
        "pass",
        "pass",
        "pass",
        "pass",
    ];
    assert_eq!(ultimo_hand("tarok", &kontra), [188.0, 188.0, 0.0, 0.0]);
    // The same hand silent: 38 + 10 + 10 + 25.
    let silent = ["pass", "pass", "pass", "pass"];
    assert_eq!(ultimo_hand("tarok", &silent), [83.0, 83.0, 0.0, 0.0]);
}

// --- the beggar emperor lead ---

// Seat 1 holds Škis and bids Beggar; Mond is with seat 2, Pagat with seat 3.
const EMP: [&str; 4] = [
    "XX XIX XVIII XVII K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣ 7♣",
    "SKIS II III IV K♦ Q♦ C♦ J♦ 1♦ 2♦ 3♦ 4♦",
    "XXI V VI VII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥",
    "I VIII IX X K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠ 7♠",
];
const EMP_TALON: &str = "XI XII XIII XIV XV XVI";

/// Seat 1 wins the auction with `contract`; the announcement round is at forehand (seat 0), who
/// passes: seat 1 to speak.
fn beggar_at_announce(spec: &str, hands: [&str; 4], talon: &str, contract: &str) -> TarokState {
    let mut st = dealt(spec, hands, talon);
    act(&mut st, &[contract, "pass", "pass", "pass", contract, "pass"]);
    assert_eq!(st.extra.stage, Stage::Announce);
    assert_eq!(st.current_player(), Player::Seat(1));
    st
}

#[test]
fn the_beggar_declarer_with_skis_may_announce_the_emperors_trick() {
    let mut st = beggar_at_announce("tarok", EMP, EMP_TALON, "beggar");
    assert_eq!(legal_names(&st), ["pass", "emperor lead"]);
    assert_eq!(st.string_to_action("emperor lead").unwrap(), 163);
    act(&mut st, &["emperor lead"]);
    assert!(st.extra.emperor);
    // Announced once; the round needs four passes after it; the opponents cannot answer it.
    assert_eq!(legal_names(&st), ["pass", "kontra game"]);
    act(&mut st, &["pass", "pass", "pass"]);
    assert_eq!(legal_names(&st), ["pass"]);
    act(&mut st, &["pass"]);
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    assert!(st
        .observation_string(2)
        .contains("announcements: 0:pass 1:emperor lead"));
    // Open beggar is played the same as a Beggar (seed): it has the lead too.
    let st = beggar_at_announce("tarok", EMP, EMP_TALON, "open beggar");
    assert_eq!(legal_names(&st), ["pass", "emperor lead"]);
    // Not in the pagat and openspiel presets, nor by a declarer without Škis, nor in other contracts.
    for spec in [
        "tarok(ruleset=pagat)",
        "tarok(ruleset=openspiel)",
        "tarok(beggar_emperor_lead=false)",
    ] {
        let st = beggar_at_announce(spec, EMP, EMP_TALON, "beggar");
        assert_eq!(legal_names(&st), ["pass"], "{spec}");
    }
    let no_skis = [
        "SKIS XIX XVIII XVII K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣ 7♣",
        "XX II III IV K♦ Q♦ C♦ J♦ 1♦ 2♦ 3♦ 4♦",
        EMP[2],
        EMP[3],
    ];
    let st = beggar_at_announce("tarok", no_skis, EMP_TALON, "beggar");
    assert_eq!(legal_names(&st), ["pass"]);
    let st = beggar_at_announce("tarok", EMP, EMP_TALON, "solo without");
    assert_eq!(legal_names(&st), ["pass"]);
}

/// Seat 1's Beggar with the emperor's trick announced (or not), at its first lead.
fn beggar_lead(hands: [&str; 4], talon: &str, emperor: bool) -> TarokState {
    let mut st = beggar_at_announce("tarok", hands, talon, "beggar");
    if emperor {
        act(&mut st, &["emperor lead", "pass", "pass", "pass", "pass"]);
    } else {
        act(&mut st, &["pass", "pass", "pass"]);
    }
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    assert_eq!(st.current_player(), Player::Seat(1));
    st
}

#[test]
fn the_emperors_trick_makes_skis_lead_and_mond_and_pagat_fall_and_pagat_wins() {
    let mut st = beggar_lead(EMP, EMP_TALON, true);
    assert_eq!(legal_names(&st), ["Škis"]);
    act(&mut st, &["SKIS"]);
    // Seat 2 must give up its Mond; seat 3 its Pagat although other taroks are left.
    assert_eq!(legal_names(&st), ["XXI"]);
    assert!(st.apply_action(st.string_to_action("V").unwrap()).is_err());
    act(&mut st, &["XXI"]);
    assert_eq!(legal_names(&st), ["I"]);
    act(&mut st, &["I"]);
    // Seat 0 has neither: the ordinary duty (no tarok beats Škis, so any tarok).
    assert_eq!(legal_names(&st), ["XVII", "XVIII", "XIX", "XX"]);
    act(&mut st, &["XX"]);
    // Pagat wins: the Beggar goes on, Pagat's holder leads, and the duty is over.
    assert_ne!(st.current_player(), Player::Terminal);
    assert_eq!(st.current_player(), Player::Seat(3));
    assert_eq!(st.extra.tricks, [0, 0, 0, 1]);
    assert_eq!(legal_names(&st).len(), 11);
    assert_eq!(st.extra.mond_lost, Some(2), "Pagat captured the Mond");
}

#[test]
fn the_emperors_trick_without_mond_out_is_won_by_skis_and_loses_the_beggar() {
    // Mond lies in the talon: Pagat must still be played, and Škis takes the trick.
    let hands = [EMP[0], EMP[1], "XI V VI VII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥", EMP[3]];
    let mut st = beggar_lead(hands, "XXI XII XIII XIV XV XVI", true);
    act(&mut st, &["SKIS"]);
    assert_eq!(legal_names(&st), ["V", "VI", "VII", "XI"]);
    act(&mut st, &["V"]);
    assert_eq!(legal_names(&st), ["I"]);
    act(&mut st, &["I", "XX"]);
    assert_eq!(st.current_player(), Player::Terminal);
    let mut ret = [0.0; 4];
    st.returns(&mut ret);
    assert_eq!(ret, [0.0, -70.0, 0.0, 0.0]);
}

#[test]
fn leading_skis_without_the_announcement_forces_nothing() {
    let mut st = beggar_lead(EMP, EMP_TALON, false);
    assert!(legal_names(&st).len() > 1);
    act(&mut st, &["SKIS"]);
    // Any tarok (none beats Škis); Pagat only as the last resort.
    assert_eq!(legal_names(&st), ["V", "VI", "VII", "XXI"]);
    act(&mut st, &["V"]);
    assert_eq!(legal_names(&st), ["VIII", "IX", "X"]);
}

#[test]
fn a_seat_holding_both_mond_and_pagat_plays_one_of_them_to_the_emperors_trick() {
    let hands = [
        EMP[0],
        EMP[1],
        "XXI I VI VII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥",
        "V VIII IX X K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠ 7♠",
    ];
    let mut st = beggar_lead(hands, EMP_TALON, true);
    act(&mut st, &["SKIS"]);
    assert_eq!(legal_names(&st), ["I", "XXI"]);
}

#[test]
fn first_dealer_moves_forehand_and_the_auction() {
    for (spec, dealer) in [
        ("tarok", 3),
        ("tarok(first_dealer=-1)", 3),
        ("tarok(first_dealer=1)", 1),
    ] {
        let mut st = game(spec).new_initial_state();
        let mut rng = crate::core::rng::Rng::new(11);
        while st.current_player() == Player::Chance {
            let a = st.sample_chance(&mut rng);
            st.apply_action(a).unwrap();
        }
        assert_eq!(st.core.dealer, dealer, "{spec}");
        // Forehand (dealer + 1) holds the implicit Three; the one after it speaks first.
        assert_eq!(st.extra.high, Some((Contract::Three, (dealer + 1) % 4)), "{spec}");
        assert_eq!(st.current_player(), Player::Seat((dealer + 2) % 4), "{spec}");
    }
    let e = Tarok::from_game_string("tarok(first_dealer=4)")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("first_dealer"), "{e}");
}

#[test]
fn a_mordkontrad_valat_under_twenty_radelci_is_scored_without_overflow() {
    // 500 × 16 × 2^20 is beyond i32: the hand is scored in i64 (a match of random play reaches it).
    let st = game("tarok(scope=match)").new_initial_state();
    let core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    let mut extra = TarokExtra {
        contract: Some(Contract::Two),
        declarer: Some(0),
        partner: Some(1),
        tricks: [6, 0, 0, 6],
        ..TarokExtra::default()
    };
    extra.announced[VALAT_B] = Some(0);
    extra.kontra[1 + VALAT_B] = 4;
    let (s, won, _) = st.rules().hand_scores(&core, &extra, &[20, 0, 0, 0]);
    let lost = -500 * 16 * (1i64 << 20);
    assert_eq!((s, won), ([lost, lost, 0, 0], false));
}

#[test]
fn counting_by_rank_masks_agrees_with_each_cards_honour() {
    // count() reads honours from rank masks; honour() card by card (the engine's point table).
    let mut pile = CardSet::EMPTY;
    for i in 0..54u8 {
        assert_eq!(count(CardSet::single(Card(i))), honour(Card(i)), "card {i}");
        pile.insert(Card(i));
        let honours: i32 = pile.iter().map(honour).sum();
        assert_eq!(
            count(pile),
            honours + (pile.len() as i32 + 1) / 3,
            "first {} cards",
            i + 1
        );
    }
}

#[test]
fn must_head_beats_the_highest_card_so_far_not_the_first() {
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let hand = set(&st, "C♥ 1♥ XX X II");
    // Hearts: J♥ after 4♥ is the card to beat (red 1 is below J).
    let core = core_with_trick(&st, "4♥ J♥");
    assert_eq!(r.legal(Contract::Klop, &core, hand, None), set(&st, "C♥"));
    // Nothing beats K♥: any heart.
    let core = core_with_trick(&st, "4♥ K♥ 2♥");
    assert_eq!(r.legal(Contract::Beggar, &core, hand, Some(3)), set(&st, "C♥ 1♥"));
    // Taroks: XV, not the later III, is the one to beat; III first and XV later the same.
    for trick in ["7♣ XV III", "7♣ III XV"] {
        let core = core_with_trick(&st, trick);
        assert_eq!(
            r.legal(Contract::Klop, &core, hand, None),
            set(&st, "XX"),
            "{trick}"
        );
    }
    // Taroks led: beat the highest of them.
    let core = core_with_trick(&st, "V XI IX");
    assert_eq!(
        r.legal(Contract::OpenBeggar, &core, hand, Some(0)),
        set(&st, "XX")
    );
    // A positive contract keeps no such duty.
    assert_eq!(
        r.legal(Contract::Three, &core, hand, Some(0)),
        set(&st, "XX X II")
    );
    // Pagat heads Škis and Mond only when tarok-playing; a heart follower keeps to hearts.
    let with_pagat = set(&st, "C♥ 1♥ I X");
    let core = core_with_trick(&st, "4♥ SKIS XXI");
    assert_eq!(
        r.legal(Contract::Klop, &core, with_pagat, None),
        set(&st, "C♥ 1♥")
    );
    let core = core_with_trick(&st, "7♣ SKIS XXI");
    assert_eq!(r.legal(Contract::Klop, &core, with_pagat, None), set(&st, "I"));
    // Only Škis in the trick: Pagat stays back behind X.
    let core = core_with_trick(&st, "7♣ SKIS");
    assert_eq!(r.legal(Contract::Klop, &core, with_pagat, None), set(&st, "X"));
}

#[test]
fn trick_winners_at_the_boundaries() {
    let st = game("tarok").new_initial_state();
    let r = st.rules().clone();
    let t = |s: &str| s.split_whitespace().map(|n| c(&st, n)).collect::<Vec<_>>();
    // The led suit beats other suits; red 1 beats red 4 (printed order); the highest tarok wins.
    assert_eq!(r.winner(Contract::Three, &t("4♥ K♦ 1♥ K♠")), 2);
    assert_eq!(r.winner(Contract::Three, &t("1♥ 4♥ 2♥ 3♥")), 0);
    assert_eq!(r.winner(Contract::Klop, &t("7♣ II XX V")), 2);
    assert_eq!(r.winner(Contract::Three, &t("II 7♣ 8♣ 9♣")), 0);
    // Two of the trula are not the emperor's trick.
    assert_eq!(r.winner(Contract::Three, &t("I XXI 7♣ 8♣")), 1);
    assert_eq!(r.winner(Contract::Three, &t("I SKIS 7♣ 8♣")), 1);
    assert_eq!(r.winner(Contract::Three, &t("XXI I SKIS 8♣")), 1);
    // Colour valat: the highest of the led suit, a tarok lead among taroks.
    assert_eq!(r.winner(Contract::ColourValat, &t("7♣ 8♣ SKIS 9♣")), 3);
    assert_eq!(r.winner(Contract::ColourValat, &t("II 8♣ V III")), 2);
}

#[test]
fn colour_valat_void_duty_per_preset_and_must_head_ignores_discards_of_other_suits() {
    let st = game("tarok").new_initial_state();
    let seed = st.rules().clone();
    let os = game("tarok(ruleset=openspiel)").rules().clone();
    let core = core_with_trick(&st, "7♣");
    // Void in clubs: any card (seed), a tarok while holding one (openspiel), else any card.
    let hand = set(&st, "K♥ 4♥ XX II");
    assert_eq!(
        seed.legal(Contract::ColourValatWithout, &core, hand, Some(1)),
        hand
    );
    assert_eq!(
        os.legal(Contract::ColourValatWithout, &core, hand, Some(1)),
        set(&st, "XX II")
    );
    let no_taroks = set(&st, "K♥ 4♥");
    assert_eq!(
        os.legal(Contract::ColourValatWithout, &core, no_taroks, Some(1)),
        no_taroks
    );
    // Klop: K♣ thrown on a heart lead by a player without hearts and taroks does not raise the bar:
    // 1♥ is still the card to beat.
    let core = core_with_trick(&st, "1♥ K♣");
    assert_eq!(
        seed.legal(Contract::Klop, &core, set(&st, "C♥ 2♥ 7♠"), None),
        set(&st, "C♥")
    );
}

/// Seat 0 plays Solo three and takes the second talon group (II III IV); K♠, Mond and 7♠ stay in the
/// talon. The opponents take K♣ K♦ K♥ (seat 1 leads its kings, everyone follows suit) and Škis with
/// Pagat (seat 2's Škis over seat 3's Pagat); the declarer takes the other eight tricks.
fn solo_three_with_king_and_mond_left_in_the_talon(spec: &str, announce: &[&str]) -> TarokState {
    let hands = [
        "7♣ 2♦ 2♥ 8♠ 9♠ 10♠ VI XVI XVII XVIII XIX XX",
        "K♣ K♦ K♥ Q♣ C♣ J♣ 10♣ Q♠ V VII VIII IX",
        "SKIS 8♣ 4♦ 4♥ Q♦ C♦ J♦ 1♦ C♠ X XI XII",
        "I 9♣ 3♦ 3♥ Q♥ C♥ J♥ 1♥ J♠ XIII XIV XV",
    ];
    let mut st = dealt(spec, hands, "K♠ XXI 7♠ II III IV");
    act(&mut st, &["pass", "pass", "pass", "solo three", "talon 2"]);
    act(&mut st, &["discard 8♠", "discard 9♠", "discard 10♠", "no raise"]);
    act(&mut st, announce);
    assert_eq!(st.extra.stage, Stage::Play);
    for trick in [
        "7♣ K♣ 8♣ 9♣",
        "K♦ 4♦ 3♦ 2♦",
        "K♥ 4♥ 3♥ 2♥",
        "V SKIS I VI",
        "Q♦ XIII XVI VII",
        "XX VIII X XIV",
        "XIX IX XI XV",
        "XVIII Q♣ XII J♠",
        "XVII C♣ C♦ Q♥",
        "II J♣ J♦ C♥",
        "III 10♣ 1♦ J♥",
        "IV Q♠ C♠ 1♥",
    ] {
        act(&mut st, &trick.split_whitespace().collect::<Vec<_>>());
    }
    assert_eq!(st.current_player(), Player::Terminal);
    st
}

#[test]
fn talon_cards_left_count_against_the_declarer_but_make_no_trula_or_kings_for_the_opponents() {
    // Pagat: trula and kings are scored for the cards a team *takes in tricks*. The talon cards the
    // declarer leaves count for the opponents' card points only (70 − P), so here the opponents,
    // with K♣ K♦ K♥, Škis and Pagat in their tricks and K♠ and the Mond left in the talon, make
    // neither bonus (OpenSpiel scores it the same way).
    for spec in ["tarok", "tarok(ruleset=pagat)"] {
        let st = solo_three_with_king_and_mond_left_in_the_talon(spec, &["pass"; 4]);
        let opp = st.core.won[1] | st.core.won[2] | st.core.won[3];
        assert_eq!(opp, set(&st, "7♣ K♣ 8♣ 9♣ K♦ 4♦ 3♦ 2♦ K♥ 4♥ 3♥ 2♥ V SKIS I VI"));
        assert_eq!(st.core.talon, set(&st, "K♠ XXI 7♠"));
        // Declarer: 24 honour points (Q♦ Q♣ Q♥ Q♠ 3 each, C♣ C♦ C♥ C♠ 2 each, J♠ J♣ J♦ J♥ 1 each)
        // in 8 tricks and 3 blank discards, 35 cards: 24 + 12 = 36, just enough. Opponents'
        // tricks 20 + 5 = 25, the talon 8 + 1 = 9: together 34 = 70 − 36.
        assert_eq!(count(st.core.won[0] | st.extra.discards), 36);
        assert_eq!((count(opp), count(st.core.talon)), (25, 9));
        let mut ret = [0.0; 4];
        st.returns(&mut ret);
        // Solo three won at 36: 40 + 1, and no bonus on either side; no Mond penalty (the Mond was
        // never captured).
        assert_eq!(ret, [41.0, 0.0, 0.0, 0.0], "{spec}");
        // Kings announced by an opponent fail for the same reason: the declarer gains 2 × 10.
        let st = solo_three_with_king_and_mond_left_in_the_talon(
            spec,
            &["pass", "announce kings", "pass", "pass", "pass", "pass"],
        );
        st.returns(&mut ret);
        assert_eq!(ret, [61.0, 0.0, 0.0, 0.0], "{spec}");
    }
}

#[test]
fn a_forfeit_is_multiplied_by_the_declarers_radelci() {
    // Forfeiting a Three over the called king in the talon costs 10, doubled per uncrossed radelc
    // (seed) or once (pagat); the others' radelci do not count.
    for (spec, radelci, want) in [
        ("tarok", [1, 0, 0, 0], -20.0),
        ("tarok", [2, 3, 3, 3], -40.0),
        ("tarok", [0, 3, 3, 3], -10.0),
        ("tarok(ruleset=pagat)", [2, 0, 0, 0], -20.0),
    ] {
        let mut st = dealt(spec, H2, TALON2);
        st.match_state.radelci = radelci;
        act(&mut st, &["pass", "pass", "pass", "three", "call K♦", "forfeit"]);
        let mut ret = [0.0; 4];
        st.returns(&mut ret);
        assert_eq!(ret, [want, 0.0, 0.0, 0.0], "{spec} {radelci:?}");
    }
}

/// Seat 1 bids Valat without and leads Škis; seat 0's only tarok is the Mond, so it falls to the
/// Škis in the first trick; seat 0's K♦ then takes the second trick and the valat is lost.
const VW_MOND: [&str; 4] = [
    "XXI K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣ 7♣ K♦ Q♦ C♦",
    "SKIS XX XIX XVIII XVII XVI XV XIV XIII XII XI 4♦",
    "X IX VIII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥ J♦",
    "VII VI V K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠ 7♠ 1♦",
];

#[test]
fn the_mond_penalty_in_valat_without_per_preset() {
    // The declarer's radelci multiply the −500 (per radelc in the seed preset, once in pagat), never
    // the Mond penalty.
    for (spec, mond, radelci, game) in [
        ("tarok", -21.0, 0, -500.0),
        ("tarok", -21.0, 1, -1000.0),
        ("tarok", -21.0, 2, -2000.0),
        ("tarok(ruleset=pagat)", 0.0, 0, -500.0),
        ("tarok(ruleset=pagat)", 0.0, 2, -1000.0),
        ("tarok(ruleset=openspiel)", 0.0, 0, -500.0),
        ("tarok(mond_penalty_in_valat=false)", 0.0, 0, -500.0),
    ] {
        let mut st = dealt(spec, VW_MOND, "IV III II I 2♦ 3♦");
        st.match_state.radelci = [0, radelci, 0, 0];
        act(
            &mut st,
            &["valat without", "pass", "pass", "pass", "valat without"],
        );
        act(&mut st, &["pass", "pass", "pass", "pass"]);
        act(&mut st, &["SKIS", "X", "VII", "XXI", "4♦", "J♦", "1♦", "K♦"]);
        assert_eq!(st.current_player(), Player::Terminal, "{spec}");
        assert_eq!(st.extra.mond_lost, Some(0));
        let mut ret = [0.0; 4];
        st.returns(&mut ret);
        assert_eq!(ret, [mond, game, 0.0, 0.0], "{spec} {radelci}");
        // A lost Valat without crosses nothing, and every player draws a radelc.
        assert_eq!(st.match_state.radelci, [1, radelci + 1, 1, 1], "{spec}");
    }
}

#[test]
fn no_mond_penalty_in_beggar_or_open_beggar() {
    // The Mond of seat 2 fell to Pagat in the Beggar declarer's emperor's trick (seat 3 took it);
    // the declarer then took a trick and lost: only the contract is scored.
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    core.won[3] = set(&st, "SKIS XXI I XX");
    core.won[1] = set(&st, "K♦ Q♥ K♠ XIX");
    for contract in [Contract::Beggar, Contract::OpenBeggar] {
        let extra = TarokExtra {
            contract: Some(contract),
            declarer: Some(1),
            tricks: [0, 1, 0, 1],
            mond_lost: Some(2),
            ..TarokExtra::default()
        };
        let (s, won, everyone) = st.rules().hand_scores(&core, &extra, &[0; 4]);
        assert_eq!(
            (s, won, everyone),
            ([0, -contract.value() as i64, 0, 0], false, true)
        );
        // The same capture in a Solo without costs the Mond's owner 21.
        let sw = TarokExtra {
            contract: Some(Contract::SoloWithout),
            ..extra
        };
        assert_eq!(st.rules().hand_scores(&core, &sw, &[0; 4]).0[2], -21);
    }
}

#[test]
fn the_secret_partner_is_hidden_until_the_called_king_is_played() {
    // Two deals that differ only in who holds the called K♦ (seat 1 or seat 2, swapped with K♥):
    // forehand's Three calls K♦. Until the king is played, neither the declarer nor seat 3 can
    // tell the deals apart: their observation strings and tensors are equal at every step.
    let (h1, h2) = (H[1].replace("K♦", "K♥"), H[2].replace("K♥", "K♦"));
    let swapped = [H[0], h1.as_str(), h2.as_str(), H[3]];
    let mut a = three_at_announcements(H, TALON, "talon 1");
    let mut b = three_at_announcements(swapped, TALON, "talon 1");
    assert_eq!((a.extra.partner, b.extra.partner), (Some(1), Some(2)));
    let same_view = |a: &TarokState, b: &TarokState, seat: usize| {
        let (mut ta, mut tb) = (vec![0.0; 2048], vec![0.0; 2048]);
        let len = game("tarok").observation_shape()[0];
        a.write_observation(seat, &mut ta[..len]);
        b.write_observation(seat, &mut tb[..len]);
        a.observation_string(seat) == b.observation_string(seat) && ta == tb
    };
    // The announcements, then trick 1 (10♣ led; seat 1 follows, seats 2 and 3 trump) and the
    // lead of trick 2 by its winner, seat 2: K♥ in the first deal, the called K♦ in the second.
    for step in ["pass", "pass", "pass", "pass", "10♣", "7♣", "XV", "XI"] {
        act(&mut a, &[step]);
        act(&mut b, &[step]);
        for seat in [0, 3] {
            assert!(same_view(&a, &b, seat), "seat {seat} after {step}");
        }
        // Each holder knows itself.
        assert!(!same_view(&a, &b, 1) && !same_view(&a, &b, 2));
    }
    // Once the trick with the called king is complete, everyone is told the partner.
    act(&mut b, &["K♦", "X", "VI", "Q♦"]);
    assert!(b.extra.partner_revealed && b.observation_string(3).contains("partner: seat 2"));
    act(&mut a, &["K♥", "X", "VI", "XVIII"]);
    assert!(!a.extra.partner_revealed && !a.observation_string(3).contains("partner:"));
    assert!(a.observation_string(1).contains("partner: seat 1"));
}

#[test]
fn valats_replace_game_and_bonuses_but_keep_the_mond_penalty() {
    // A Two (declarer 0, partner 1) in which one side takes all 12 tricks; seat 2's Mond was
    // caught. The valat is the team's only score (250 silent, 500 announced), × the declarer's
    // radelci; the Mond's owner still pays 21, never multiplied.
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    let all = st.rules().deck().all();
    let ours = TarokExtra {
        contract: Some(Contract::Two),
        declarer: Some(0),
        partner: Some(1),
        tricks: [7, 5, 0, 0],
        mond_lost: Some(2),
        ..TarokExtra::default()
    };
    core.won[0] = all;
    let seed = st.rules().clone();
    let pagat = game("tarok(ruleset=pagat)").rules().clone();
    let sc = |r: &TarokRules, e: &TarokExtra, rad: [u8; 4]| r.hand_scores(&core, e, &rad);
    // Silent, by the declarer's side: 250 each, ×2 for one radelc (either preset).
    assert_eq!(sc(&seed, &ours, [0; 4]), ([250, 250, -21, 0], true, true));
    assert_eq!(sc(&seed, &ours, [1, 0, 0, 0]).0, [500, 500, -21, 0]);
    assert_eq!(sc(&seed, &ours, [2, 0, 0, 0]).0, [1000, 1000, -21, 0]);
    assert_eq!(sc(&pagat, &ours, [2, 0, 0, 0]).0, [500, 500, -21, 0]);
    // Announced by the partner and made: 500, the Mond penalty on top.
    let mut announced = ours.clone();
    announced.announced[VALAT_B] = Some(1);
    assert_eq!(sc(&seed, &announced, [0; 4]), ([500, 500, -21, 0], true, true));
    // Silent, by the opponents: they write 250 each (seed, × the declarer's radelci), or the
    // declarer's side loses 250 (pagat).
    let theirs = TarokExtra {
        tricks: [0, 0, 6, 6],
        ..ours.clone()
    };
    assert_eq!(
        sc(&seed, &theirs, [1, 0, 0, 0]),
        ([0, 0, 500 - 21, 500], false, true)
    );
    assert_eq!(sc(&pagat, &theirs, [0; 4]).0, [-250, -250, -21, 0]);
    assert_eq!(sc(&pagat, &theirs, [1, 0, 0, 0]).0, [-500, -500, -21, 0]);
}

#[test]
fn a_won_hand_crosses_one_radelc_of_the_declarer_and_the_partner() {
    // The silent Three of `ultimo_hand` (83 each for seat 0 and its partner, seat 1), played with
    // radelci on the board: seat 0's two multiply the hand by 4; winning crosses one of seat 0's
    // and one of the partner's; the opponents keep theirs, and nobody draws one (a Three).
    let mut st = dealt("tarok", ULT, ULT_TALON);
    st.match_state.radelci = [2, 1, 1, 1];
    act(&mut st, &["pass", "pass", "pass", "three", "call K♦", "talon 1"]);
    act(&mut st, &["discard 8♠", "discard 9♠", "discard 10♠"]);
    act(&mut st, &["pass", "pass", "pass", "pass"]);
    act(&mut st, &ULT_PLAY);
    assert_eq!(st.extra.partner, Some(1));
    let mut ret = [0.0; 4];
    st.returns(&mut ret);
    assert_eq!(ret, [332.0, 332.0, 0.0, 0.0]);
    assert_eq!(st.match_state.radelci, [1, 0, 1, 1]);
}

#[test]
fn a_cumulative_score_back_at_zero_makes_the_next_hand_a_forced_klop() {
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    core.won[0] = set(&st, "K♣ Q♣ C♣ J♣ K♦ Q♦ C♦ J♦ K♥ Q♥ C♥ J♥ II III IV V");
    core.won[1] = set(&st, "VI VII VIII");
    core.won[2] = set(&st, "IX X XI");
    core.won[3] = set(&st, "XII XIII XIV");
    // A Klop with nobody special: −35, −1, −1, −1. Or seat 2 without a trick: only it scores, +70.
    let paying = klop_extra([4, 1, 1, 1]);
    let clean = klop_extra([5, 1, 0, 1]);
    let trigger = |spec: &str, extra: &TarokExtra, ledger: [f64; 4]| {
        let r = game(spec).rules().clone();
        let mut core = core.clone();
        core.ledger[..4].copy_from_slice(&ledger);
        let (mut e, mut m) = (extra.clone(), TarokMatch::default());
        r.finish(&core, &mut e, &mut m);
        m.forced_next == Forced::ZeroScore
    };
    assert!(!trigger("tarok", &paying, [0.0; 4]));
    // Seat 0 from 35 to 0, seat 1 from 1 to 0: back at zero.
    assert!(trigger("tarok", &paying, [35.0, 0.0, 0.0, 0.0]));
    assert!(trigger("tarok", &paying, [36.0, 1.0, 0.0, 0.0]));
    // 34 to −1 and 2 to 1 are not zero.
    assert!(!trigger("tarok", &paying, [34.0, 2.0, 0.0, 0.0]));
    // Staying at zero (0 + 0) is not a return to zero; −70 + 70 is.
    assert!(!trigger("tarok", &clean, [0.0; 4]));
    assert!(trigger("tarok", &clean, [0.0, 0.0, -70.0, 0.0]));
    assert!(!trigger(
        "tarok(klop_after_zero_score=false)",
        &clean,
        [0.0, 0.0, -70.0, 0.0]
    ));
    // The next hand is then a Klop without bidding, forehand to lead.
    let mut st = game("tarok").new_initial_state();
    st.match_state.forced_next = Forced::ZeroScore;
    let h: Vec<Vec<&str>> = H.iter().map(|s| s.split_whitespace().collect()).collect();
    let mut order: Vec<&str> = TALON.split_whitespace().collect();
    for round in 0..2 {
        for hand in &h {
            order.extend(&hand[round * 6..round * 6 + 6]);
        }
    }
    act(&mut st, &order);
    assert_eq!(
        (st.extra.contract, st.extra.stage),
        (Some(Contract::Klop), Stage::Play)
    );
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(st.extra.forced, Forced::ZeroScore);
}

#[test]
fn each_king_call_names_that_king_and_its_holder() {
    // Forehand (holding K♣) plays Three: the holder of the called king is the secret partner; its
    // own K♣ leaves it alone.
    for (call, king, partner) in [
        ("call K♣", "K♣", None),
        ("call K♦", "K♦", Some(1)),
        ("call K♥", "K♥", Some(2)),
        ("call K♠", "K♠", Some(3)),
    ] {
        let mut st = dealt("tarok", H, TALON);
        act(&mut st, &["pass", "pass", "pass", "three", call]);
        assert_eq!(st.extra.called, Some(c(&st, king)), "{call}");
        assert_eq!(st.extra.partner, partner, "{call}");
        assert_eq!(st.extra.stage, Stage::Talon);
    }
}

#[test]
fn the_partners_other_announcements_do_not_reveal_it() {
    // Seat 1 holds the called K♦: announcing trula or kings says nothing about its side; only king
    // ultimo (which only the king's holder may announce) shows it.
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(
        &mut st,
        &["pass", "announce trula", "pass", "pass", "pass", "announce kings"],
    );
    assert!(!st.extra.partner_revealed);
    assert!(!st.observation_string(3).contains("partner:"));
    act(&mut st, &["pass", "pass", "pass", "announce king ultimo"]);
    assert!(st.extra.partner_revealed);
}

#[test]
fn a_mond_that_wins_its_trick_is_not_lost_whoever_led() {
    // Seat 1's Valat without: it leads XI, and seat 0 (last to play) takes the trick with its only
    // tarok, the Mond. The valat is lost at once; the Mond was not captured.
    let mut st = dealt("tarok", VW_MOND, "IV III II I 2♦ 3♦");
    act(
        &mut st,
        &["valat without", "pass", "pass", "pass", "valat without"],
    );
    act(
        &mut st,
        &["pass", "pass", "pass", "pass", "XI", "X", "VII", "XXI"],
    );
    assert_eq!(st.current_player(), Player::Terminal);
    assert_eq!(st.extra.mond_lost, None);
    let mut ret = [0.0; 4];
    st.returns(&mut ret);
    assert_eq!(ret, [0.0, -500.0, 0.0, 0.0]);
}

// ---- Three-handed (players=3): pagat.com's three-player game --------------------------------------

/// Deals the pack for three players: the talon, then packets of 8 from F = seat 0, twice round.
fn dealt3(spec: &str, hands: [&str; 3], talon: &str) -> TarokState {
    dealt_in_packets(spec, &hands, talon, 8)
}

// Seat 0 (F) holds the trula and all clubs; every seat has taroks.
const H3: [&str; 3] = [
    "SKIS XXI I XX XIX XVIII K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣ 7♣ K♦ Q♦",
    "XVII XVI XV XIV C♦ J♦ 1♦ 2♦ 3♦ 4♦ K♥ Q♥ C♥ J♥ 1♥ 2♥",
    "XIII XII XI X IX VIII VII 3♥ 4♥ K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠",
];

#[test]
fn three_handed_deals_sixteen_each_in_packets_of_eight_after_the_talon() {
    for spec in ["tarok(players=3)", "tarok(ruleset=three_handed)"] {
        let st = dealt3(spec, H3, TALON);
        assert_eq!(st.core.num_players, 3);
        for (s, h) in H3.iter().enumerate() {
            assert_eq!(st.core.hands[s], set(&st, h), "{spec}: seat {s}");
            assert_eq!(st.core.hands[s].len(), 16);
        }
        assert_eq!(st.core.talon, set(&st, TALON));
        // F = seat 0 holds the implicit Three; F+1 speaks first.
        assert_eq!(st.current_player(), Player::Seat(1));
    }
    // The second packet of the first round goes to F+1: the 15th card dealt is seat 1's.
    let mut st = game("tarok(players=3)").new_initial_state();
    let order: Vec<&str> = TALON
        .split_whitespace()
        .chain(H3[0].split_whitespace().take(8))
        .chain(H3[1].split_whitespace().take(1))
        .collect();
    act(&mut st, &order);
    assert_eq!(st.core.hands[0].len(), 8);
    assert_eq!(st.core.hands[1], set(&st, "XVII"));
    assert!(st.core.hands[2].is_empty());
}

#[test]
fn three_handed_auction_offers_no_solo_three_two_or_one() {
    let mut st = dealt3("tarok(players=3)", H3, TALON);
    let high = [
        "beggar",
        "solo without",
        "open beggar",
        "colour valat without",
        "valat without",
    ];
    let want: Vec<&str> = ["pass", "two", "one"].into_iter().chain(high).collect();
    assert_eq!(legal_names(&st), want);
    // F+1 and D pass: F chooses with no pass, Klop and Three included, no solos.
    act(&mut st, &["pass", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    let want: Vec<&str> = ["klop", "three", "two", "one"].into_iter().chain(high).collect();
    assert_eq!(legal_names(&st), want);
    // The final call after a Two skips the solos too; D then passes and F may say Two (priority).
    let mut st = dealt3("tarok(players=3)", H3, TALON);
    act(&mut st, &["two", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    let want: Vec<&str> = ["pass", "two", "one"].into_iter().chain(high).collect();
    assert_eq!(legal_names(&st), want);
    act(&mut st, &["pass"]);
    assert_eq!(st.extra.stage, Stage::FinalCall);
    assert_eq!(st.current_player(), Player::Seat(1));
    let want: Vec<&str> = ["two", "one"].into_iter().chain(high).collect();
    assert_eq!(legal_names(&st), want);
    // Four-handed keeps them: the same deal shape in the four-player game offers solo three.
    let st4 = dealt("tarok", H, TALON);
    assert!(legal_names(&st4).contains(&"solo three".to_string()));
}

#[test]
fn three_handed_three_calls_no_king_takes_the_talon_and_opens_the_round_without_king_ultimo() {
    let mut st = dealt3("tarok(players=3)", H3, TALON);
    act(&mut st, &["pass", "pass", "three"]);
    // No king call: the talon is shown at once, in two groups of three.
    assert_eq!(st.extra.stage, Stage::Talon);
    assert!(st.core.talon_exposed);
    assert_eq!(st.extra.called, None);
    assert_eq!(legal_names(&st), ["talon 1", "talon 2"]);
    act(&mut st, &["talon 1"]);
    act(&mut st, &["discard Q♣", "discard C♣", "discard J♣"]);
    // Not a solo: no colour valat raise, straight to the announcements at forehand.
    assert_eq!(st.extra.stage, Stage::Announce);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(
        legal_names(&st),
        [
            "pass",
            "announce trula",
            "announce kings",
            "announce pagat ultimo",
            "announce valat"
        ]
    );
    // Both opponents know the declarer is alone: either may double the game at once.
    act(&mut st, &["pass"]);
    assert_eq!(
        legal_names(&st),
        [
            "pass",
            "announce trula",
            "announce kings",
            "announce valat",
            "kontra game"
        ]
    );
    act(&mut st, &["announce kings"]);
    // The other opponent is on the announcer's side: no kontra on its kings, but on the game.
    let l = legal_names(&st);
    assert!(
        l.contains(&"kontra game".to_string()) && !l.contains(&"kontra kings".to_string()),
        "{l:?}"
    );
    // Two passes in a row do not end the round; the third does, and forehand leads.
    act(&mut st, &["pass", "pass"]);
    assert_eq!(st.extra.stage, Stage::Announce);
    act(&mut st, &["pass"]);
    assert_eq!(st.extra.stage, Stage::Play);
    assert_eq!(st.current_player(), Player::Seat(0));
    // The declarer, alone against both, may kontra the opponents' kings.
    let mut st = dealt3("tarok(players=3)", H3, TALON);
    act(&mut st, &["pass", "pass", "three", "talon 1"]);
    act(
        &mut st,
        &[
            "discard Q♣",
            "discard C♣",
            "discard J♣",
            "pass",
            "announce kings",
            "pass",
        ],
    );
    assert!(legal_names(&st).contains(&"kontra kings".to_string()));
}

#[test]
fn three_handed_plays_sixteen_tricks_and_ends_after_the_last() {
    use crate::core::rng::Rng;
    let mut rng = Rng::new(3);
    let mut st = dealt3("tarok(players=3)", H3, TALON);
    act(&mut st, &["pass", "pass", "three", "talon 1"]);
    act(
        &mut st,
        &["discard Q♣", "discard C♣", "discard J♣", "pass", "pass", "pass"],
    );
    while !st.is_terminal() {
        let (before, played) = (st.core.trick_len, st.core.tricks_played);
        let a = st.random_action(&mut rng);
        st.apply_action(a).unwrap();
        // Three cards make a trick: the third card completes it.
        if before == 2 {
            assert_eq!((st.core.trick_len, st.core.tricks_played), (0, played + 1));
        } else {
            assert_eq!((st.core.trick_len, st.core.tricks_played), (before + 1, played));
        }
    }
    assert_eq!(st.core.tricks_played, 16);
    let won: u8 = st.extra.tricks.iter().sum();
    assert_eq!(won, 16);
    assert_eq!(st.extra.tricks[3], 0);
    let mut ret = [0.0; 3];
    st.returns(&mut ret);
    // The declarer alone scores the game: ±(10 + difference), bonuses aside.
    let p = count(st.core.won[0] | st.extra.discards);
    let g = 10 + (p - 35).abs();
    let (tb, ob) = st.rules().bonuses(
        &st.extra,
        st.core.won[0] | st.extra.discards,
        st.core.won[1] | st.core.won[2],
    );
    let game = if p >= 36 { g } else { -g };
    let mond = st.extra.mond_lost.map_or([0.0; 3], |s| {
        let mut m = [0.0; 3];
        m[s] = -21.0;
        m
    });
    assert_eq!(ret[0], f64::from(game + tb) + mond[0]);
    assert_eq!(ret[1], f64::from(ob) + mond[1]);
    assert_eq!(ret[2], f64::from(ob) + mond[2]);
}

#[test]
fn three_handed_three_is_won_alone_at_36_and_lost_at_35() {
    let st = game("tarok(players=3)").new_initial_state();
    let r = st.rules().clone();
    let all = st.rules().deck().all();
    let team36 = set(&st, "Q♣ Q♦ Q♥ Q♠ C♣ C♦ C♥ C♠ J♣ J♦ J♥ J♠ 1♥ 2♥ 3♥ 1♦ 2♦ 3♦ II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX");
    let team35 = team36 - set(&st, "II III");
    assert_eq!((count(team36), count(team35)), (36, 35));
    for (team, game_score) in [(team36, 11), (team35, -10)] {
        let mut core = TrickCore::new(3, 2, CardSet::EMPTY, CardSet::EMPTY);
        core.won[0] = team;
        // The opponents' piles hold the kings and the trula between them: split, so only the
        // team's union makes the bonus.
        core.won[1] = (all - team) & set(&st, "K♣ K♦ SKIS");
        core.won[2] = all - team - core.won[1];
        let extra = TarokExtra {
            contract: Some(Contract::Three),
            declarer: Some(0),
            tricks: [8, 4, 4, 0],
            ..TarokExtra::default()
        };
        // Seed: the declarer writes the game; each opponent writes the silent trula and kings its
        // side made (10 + 10).
        let (s, won, everyone) = r.hand_scores(&core, &extra, &[0; 4]);
        assert_eq!(
            (s, won, everyone),
            ([game_score, 20, 20, 0], game_score > 0, false)
        );
        let p = game("tarok(players=3,ruleset=pagat)").rules().clone();
        assert_eq!(
            p.hand_scores(&core, &extra, &[0; 4]).0,
            [game_score - 20, 0, 0, 0]
        );
    }
}

#[test]
fn three_handed_klop_scores_only_the_three_seats() {
    let st = game("tarok(players=3)").new_initial_state();
    let r = st.rules().clone();
    let mut core = TrickCore::new(3, 2, CardSet::EMPTY, CardSet::EMPTY);
    core.won[0] = set(&st, "K♣ Q♣ II III IV");
    core.won[1] = set(&st, "K♦ V VI");
    core.won[2] = set(&st, "VII VIII IX");
    // Every seat took a trick and none has more than 35: each pays its points. The fourth slot
    // took no trick but is no seat, so it makes nobody special.
    let (s, _, everyone) = r.hand_scores(&core, &klop_extra([6, 5, 5, 0]), &[0; 4]);
    assert_eq!((s, everyone), ([-9, -5, -1, 0], true));
    // A seat without a trick: only it scores, +70 (radelci double it).
    let (s, _, _) = r.hand_scores(&core, &klop_extra([9, 7, 0, 0]), &[0, 0, 1, 0]);
    assert_eq!(s, [0, 0, 140, 0]);
    // The same piles four-handed: seat 3's empty pile makes it the only scorer.
    let r4 = game("tarok").rules().clone();
    let mut core4 = core.clone();
    core4.num_players = 4;
    assert_eq!(
        r4.hand_scores(&core4, &klop_extra([6, 5, 5, 0]), &[0; 4]).0,
        [0, 0, 0, 70]
    );
}

#[test]
fn three_handed_random_games_and_matches_finish_with_three_returns() {
    use crate::core::rng::Rng;
    for spec in [
        "tarok(players=3)",
        "tarok(players=3,scope=match,deals=3)",
        "tarok(players=3,ruleset=openspiel)",
    ] {
        let g = game(spec);
        assert_eq!(g.num_players(), 3);
        let mut rng = Rng::new(9);
        for _ in 0..150 {
            let mut st = g.new_initial_state();
            while !st.is_terminal() {
                let a = match st.current_player() {
                    Player::Chance => st.sample_chance(&mut rng),
                    _ => st.random_action(&mut rng),
                };
                st.apply_action(a).unwrap();
                if let Some(c) = st.extra.contract {
                    assert!(
                        !matches!(
                            c,
                            Contract::SoloThree
                                | Contract::SoloTwo
                                | Contract::SoloOne
                                | Contract::ColourValat
                        ),
                        "{spec}: {c:?}"
                    );
                }
                assert_eq!(st.extra.called, None);
            }
            let mut ret = [0.0; 3];
            st.returns(&mut ret);
            assert!(ret.iter().all(|r| r.is_finite()));
        }
    }
}

#[test]
fn three_handed_greedy_beats_random_in_every_seat() {
    let total = greedy_margins("tarok(players=3)", 900, 17);
    assert!(total.iter().all(|&t| t > 0.0), "{total:?}");
}

#[test]
fn three_handed_rejects_a_fourth_seat_as_first_dealer() {
    let err = Tarok::from_game_string("tarok(players=3,first_dealer=3)")
        .unwrap_err()
        .to_string();
    assert!(err.contains("first_dealer"), "{err}");
    assert!(Tarok::from_game_string("tarok(players=5)").is_err());
    // first_dealer=2 is forehand seat 0's dealer: as the default.
    let st = dealt3("tarok(players=3,first_dealer=2)", H3, TALON);
    assert_eq!(st.current_player(), Player::Seat(1));
    let st = game("tarok(players=3,first_dealer=0)").new_initial_state();
    assert_eq!(st.core.dealer, 0);
}

// ---- The flags of the consolidated list, each at its boundary ------------------------------------

/// A Three by seat 0 with partner seat 1 whose side holds `team` (no kings, no trula in it); the
/// rest to seat 2 except `talon`, left in the talon.
fn three_piles(st: &TarokState, team: CardSet, talon: CardSet) -> (TrickCore, TarokExtra) {
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    core.won[0] = team;
    core.talon = talon;
    core.won[2] = st.rules().deck().all() - team - talon;
    let extra = TarokExtra {
        contract: Some(Contract::Three),
        declarer: Some(0),
        partner: Some(1),
        tricks: [6, 0, 6, 0],
        ..TarokExtra::default()
    };
    (core, extra)
}

const TEAM36: &str = "Q♣ Q♦ Q♥ Q♠ C♣ C♦ C♥ C♠ J♣ J♦ J♥ J♠ 1♥ 2♥ 3♥ 1♦ 2♦ 3♦ II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX";

#[test]
fn mond_left_in_the_talon_costs_the_declarer_only_with_the_flag() {
    let st = game("tarok").new_initial_state();
    let (core, extra) = three_piles(&st, set(&st, TEAM36), set(&st, "XXI 4♥ 4♦"));
    assert_eq!(count(core.won[0]), 36);
    // The opponents hold the four kings (10 each), not the trula (the Mond is in the talon).
    let seed = game("tarok").rules().clone();
    let on = game("tarok(mond_left_in_talon_penalty=true)").rules().clone();
    assert_eq!(seed.hand_scores(&core, &extra, &[0; 4]).0, [11, 11, 10, 10]);
    assert_eq!(on.hand_scores(&core, &extra, &[0; 4]).0, [11 - 21, 11, 10, 10]);
    // The Mond taken (not in the talon): nothing to charge.
    let (core, extra) = three_piles(&st, set(&st, TEAM36), set(&st, "4♥ 4♦"));
    assert_eq!(on.hand_scores(&core, &extra, &[0; 4]).0[0], 11);
}

#[test]
fn round_difference_to_5_rounds_2_down_and_3_up() {
    let st = game("tarok").new_initial_state();
    let seed = game("tarok").rules().clone();
    let on = game("tarok(round_difference_to_5=true)").rules().clone();
    for (extra_cards, p, plain, rounded) in [
        ("", 36, 11, 10),
        ("XX 7♣", 37, 12, 10),
        ("XX 7♣ 8♣ 9♣ 10♣", 38, 13, 15),
        ("K♣", 40, 15, 15),
        ("K♣ XX 7♣", 41, 16, 15),
    ] {
        let team = set(&st, TEAM36) | set(&st, extra_cards);
        assert_eq!(count(team), p);
        let (core, extra) = three_piles(&st, team, CardSet::EMPTY);
        assert_eq!(seed.hand_scores(&core, &extra, &[0; 4]).0[0], plain, "{p}");
        assert_eq!(on.hand_scores(&core, &extra, &[0; 4]).0[0], rounded, "{p}");
    }
}

#[test]
fn klop_round_to_5_rounds_what_each_player_pays() {
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    core.won[0] = set(&st, "K♣ Q♣ C♣ J♣ II");
    core.won[1] = set(&st, "K♦ Q♦ C♦ J♦ III IV V VI");
    core.won[2] = set(&st, "K♥ VII VIII");
    core.won[3] = set(&st, "IX X XI");
    let pts: Vec<i32> = core.won[..4].iter().map(|&w| count(w)).collect();
    assert_eq!(pts, [12, 13, 5, 1]);
    let e = klop_extra([1, 1, 1, 1]);
    assert_eq!(
        game("tarok").rules().hand_scores(&core, &e, &[0; 4]).0,
        [-12, -13, -5, -1]
    );
    let on = game("tarok(klop_round_to_5=true)").rules().clone();
    assert_eq!(on.hand_scores(&core, &e, &[0; 4]).0, [-10, -15, -5, 0]);
}

#[test]
fn emperor_requires_pagat_after_both_lets_an_early_pagat_lose_to_skis() {
    let st = game("tarok").new_initial_state();
    let seed = game("tarok").rules().clone();
    let on = game("tarok(emperor_requires_pagat_after_both=true)")
        .rules()
        .clone();
    let t = |names: &str| -> Vec<Card> { names.split_whitespace().map(|n| c(&st, n)).collect() };
    // Pagat second, Mond third: Pagat wins only without the flag.
    assert_eq!(seed.winner(Contract::Three, &t("SKIS I XXI II")), 1);
    assert_eq!(on.winner(Contract::Three, &t("SKIS I XXI II")), 0);
    assert_eq!(on.winner(Contract::Three, &t("XXI I SKIS II")), 2);
    // Pagat after both: it wins either way.
    assert_eq!(seed.winner(Contract::Three, &t("SKIS XXI II I")), 3);
    assert_eq!(on.winner(Contract::Three, &t("SKIS XXI II I")), 3);
}

// Seat 0 holds all four kings.
const HK: [&str; 4] = [
    "SKIS XXI I XX XIX K♣ K♦ K♥ K♠ Q♣ C♣ J♣",
    "XVIII XVII XVI 10♣ Q♦ C♦ J♦ 1♦ 2♦ 3♦ 4♦ 7♣",
    "XV XIV XIII XII 9♣ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥",
    "XI X IX VIII VII 8♣ Q♠ C♠ J♠ 10♠ 9♠ 8♠",
];

#[test]
fn queen_call_if_all_kings_offers_the_queens_to_a_declarer_with_every_king() {
    let kings = ["call K♣", "call K♦", "call K♥", "call K♠"];
    let mut st = dealt("tarok", HK, TALON);
    act(&mut st, &["pass", "pass", "pass", "three"]);
    assert_eq!(legal_names(&st), kings);
    let mut st = dealt("tarok(queen_call_if_all_kings=true)", HK, TALON);
    act(&mut st, &["pass", "pass", "pass", "three"]);
    let queens = ["call Q♣", "call Q♦", "call Q♥", "call Q♠"];
    let want: Vec<&str> = kings.into_iter().chain(queens).collect();
    assert_eq!(legal_names(&st), want);
    act(&mut st, &["call Q♦"]);
    assert_eq!(st.extra.called, Some(c(&st, "Q♦")));
    assert_eq!(st.extra.partner, Some(1));
    assert!(st.observation_string(2).contains("called queen: Q♦"));
    // Three kings only: no queen.
    let mut st = dealt("tarok(queen_call_if_all_kings=true)", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "three"]);
    assert_eq!(legal_names(&st), kings);
}

#[test]
fn forfeit_when_king_in_talon_false_offers_no_forfeit() {
    let mut st = dealt("tarok(forfeit_when_king_in_talon=false)", H2, TALON2);
    act(&mut st, &["pass", "pass", "pass", "three", "call K♦"]);
    assert_eq!(legal_names(&st), ["talon 1", "talon 2"]);
}

#[test]
fn discard_taroks_last_resort_false_lets_taroks_go_with_suit_cards_left() {
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    core.hands[0] = set(&st, "I XX XXI K♣ 7♣");
    assert_eq!(st.rules().discard_legal(&core, 0), set(&st, "7♣"));
    let off = game("tarok(discard_taroks_last_resort=false)").rules().clone();
    assert_eq!(off.discard_legal(&core, 0), set(&st, "I XX 7♣"));
}

#[test]
fn radelc_cross_partner_false_crosses_the_declarers_radelc_only() {
    for (spec, after) in [
        ("tarok", [1, 0, 1, 1]),
        ("tarok(radelc_cross_partner=false)", [1, 1, 1, 1]),
    ] {
        let mut st = dealt(spec, ULT, ULT_TALON);
        st.match_state.radelci = [2, 1, 1, 1];
        act(&mut st, &["pass", "pass", "pass", "three", "call K♦", "talon 1"]);
        act(&mut st, &["discard 8♠", "discard 9♠", "discard 10♠"]);
        act(&mut st, &["pass", "pass", "pass", "pass"]);
        act(&mut st, &ULT_PLAY);
        assert_eq!(st.match_state.radelci, after, "{spec}");
    }
}

#[test]
fn klop_radelc_doubling_false_leaves_klop_scores_single() {
    let st = game("tarok").new_initial_state();
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    core.won[0] = set(&st, "K♣ Q♣ C♣ J♣ II");
    core.won[1] = set(&st, "III IV V");
    core.won[2] = set(&st, "VI VII VIII");
    core.won[3] = set(&st, "IX X XI");
    let e = klop_extra([1, 1, 1, 1]);
    assert_eq!(
        game("tarok").rules().hand_scores(&core, &e, &[1, 0, 2, 0]).0,
        [-24, -1, -4, -1]
    );
    let off = game("tarok(klop_radelc_doubling=false)").rules().clone();
    assert_eq!(off.hand_scores(&core, &e, &[1, 0, 2, 0]).0, [-12, -1, -1, -1]);
}

/// Seat 3 has no tarok.
const NO_TAROK: [&str; 4] = [
    "SKIS XXI I XX XIX XVIII XVII XVI XV K♣ Q♣ C♣",
    "XIV XIII XII K♦ Q♦ C♦ J♦ 1♦ 2♦ 3♦ 4♦ 7♣",
    "XI X IX VIII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥",
    "K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠ 7♠ J♣ 10♣ 9♣ 8♣",
];

#[test]
fn no_tarok_redeal_false_plays_the_hand_without_a_tarok() {
    let st = dealt("tarok(no_tarok_redeal=false)", NO_TAROK, "VII VI V IV III II");
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(st.extra.forced, Forced::No);
    assert!(legal_names(&st).contains(&"two".to_string()));
}

#[test]
fn forced_klop_after_no_tarok_false_redeals_to_an_ordinary_auction() {
    let mut st = dealt(
        "tarok(forced_klop_after_no_tarok=false)",
        NO_TAROK,
        "VII VI V IV III II",
    );
    // Redealt by the same dealer.
    assert_eq!(st.current_player(), Player::Chance);
    assert_eq!(st.core.dealer, 3);
    let h: Vec<Vec<&str>> = H.iter().map(|s| s.split_whitespace().collect()).collect();
    let mut order: Vec<&str> = TALON.split_whitespace().collect();
    for round in 0..2 {
        for hand in &h {
            order.extend(&hand[round * 6..round * 6 + 6]);
        }
    }
    act(&mut st, &order);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(st.extra.forced, Forced::No);
    assert_eq!(&legal_names(&st)[..2], ["pass", "two"]);
}

#[test]
fn open_beggar_expose_before_first_lead_shows_the_hand_when_play_starts() {
    for (spec, at_lead) in [
        ("tarok", false),
        ("tarok(open_beggar_expose=before_first_lead)", true),
    ] {
        let mut st = dealt(spec, H, TALON);
        act(
            &mut st,
            &["pass", "pass", "pass", "open beggar", "pass", "pass", "pass"],
        );
        // Still in the announcement round: hidden under both settings.
        assert_eq!(st.extra.stage, Stage::Announce);
        assert!(st.rules().known_cards(st.view(), 1, 0).is_empty(), "{spec}");
        act(&mut st, &["pass"]);
        assert_eq!(st.extra.stage, Stage::Play);
        let known = st.rules().known_cards(st.view(), 1, 0);
        assert_eq!(known == st.core.hands[0], at_lead, "{spec}");
        assert_eq!(known.is_empty(), !at_lead, "{spec}");
    }
}

#[test]
fn colour_valat_suits_first_false_lets_the_declarer_lead_a_tarok() {
    let st = game("tarok").new_initial_state();
    let core = core_with_trick(&st, "");
    let hand = set(&st, "XX 7♣");
    assert_eq!(
        st.rules()
            .legal(Contract::ColourValatWithout, &core, hand, Some(0)),
        set(&st, "7♣")
    );
    let off = game("tarok(colour_valat_suits_first=false)").rules().clone();
    assert_eq!(
        off.legal(Contract::ColourValatWithout, &core, hand, Some(0)),
        hand
    );
    // An opponent leading is free either way.
    assert_eq!(
        st.rules()
            .legal(Contract::ColourValatWithout, &core, hand, Some(1)),
        hand
    );
}

#[test]
fn klop_kontra_opens_a_doubling_round_that_multiplies_every_klop_score() {
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "klop"]);
    assert_eq!(st.extra.stage, Stage::Play);
    let mut st = dealt("tarok(klop_kontra=true)", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "klop"]);
    assert_eq!(st.extra.stage, Stage::Announce);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(legal_names(&st), ["pass", "kontra game"]);
    act(&mut st, &["kontra game"]);
    assert_eq!(legal_names(&st), ["pass", "rekontra game"]);
    act(&mut st, &["pass", "pass", "pass"]);
    // Back at the caller: not twice in a row.
    assert_eq!(legal_names(&st), ["pass"]);
    act(&mut st, &["pass"]);
    assert_eq!(st.extra.stage, Stage::Play);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert_eq!(st.extra.kontra[0], 1);
    // The level multiplies each pile's score (×2 for kontra, ×4 rekontra).
    let mut core = TrickCore::new(4, 3, CardSet::EMPTY, CardSet::EMPTY);
    core.won[0] = set(&st, "K♣ Q♣ C♣ J♣ II");
    core.won[1] = set(&st, "III IV V");
    core.won[2] = set(&st, "VI VII VIII");
    core.won[3] = set(&st, "IX X XI");
    let mut e = klop_extra([1, 1, 1, 1]);
    e.kontra[0] = 2;
    assert_eq!(st.rules().hand_scores(&core, &e, &[0; 4]).0, [-48, -4, -4, -4]);
}

#[test]
fn stop_when_decided_false_plays_a_lost_beggar_to_the_end() {
    for (spec, stops) in [("tarok", true), ("tarok(stop_when_decided=false)", false)] {
        let mut st = dealt(spec, H, TALON);
        act(
            &mut st,
            &["pass", "pass", "pass", "beggar", "pass", "pass", "pass", "pass"],
        );
        act(&mut st, &["SKIS"]);
        for _ in 0..3 {
            let names = legal_names(&st);
            act(&mut st, &[names[0].as_str()]);
        }
        assert_eq!(st.current_player() == Player::Terminal, stops, "{spec}");
        let mut rng = crate::core::rng::Rng::new(1);
        while !st.is_terminal() {
            let a = st.random_action(&mut rng);
            st.apply_action(a).unwrap();
        }
        assert_eq!(st.core.tricks_played, if stops { 1 } else { 12 }, "{spec}");
        let mut ret = [0.0; 4];
        st.returns(&mut ret);
        assert_eq!(ret[0], -70.0, "{spec}");
    }
}

#[test]
fn stop_when_decided_false_colour_valat_declarer_leads_after_a_lost_trick() {
    for (spec, stops) in [("tarok", true), ("tarok(stop_when_decided=false)", false)] {
        let mut st = dealt(spec, H, TALON);
        act(
            &mut st,
            &[
                "colour valat without",
                "pass",
                "pass",
                "pass",
                "colour valat without",
            ],
        );
        act(&mut st, &["pass", "pass", "pass", "pass"]);
        assert_eq!(st.current_player(), Player::Seat(1));
        // 7♣ led by the declarer; K♣ by seat 0 takes it (taroks are a plain suit).
        act(&mut st, &["7♣", "XV", "XI", "K♣"]);
        assert_eq!(st.extra.tricks[0], 1);
        if stops {
            assert_eq!(st.current_player(), Player::Terminal);
            let mut ret = [0.0; 4];
            st.returns(&mut ret);
            assert_eq!(ret[1], -125.0);
        } else {
            // The declarer, not the trick's winner, leads the next trick.
            assert_eq!(st.current_player(), Player::Seat(1));
            assert_eq!(st.core.leader, 1);
        }
    }
}

#[test]
fn valat_announcer_leads_moves_the_first_lead_to_the_announcer() {
    for (spec, leader) in [("tarok", 0), ("tarok(valat_announcer_leads=true)", 1)] {
        let mut st = dealt(spec, H, TALON);
        act(&mut st, &["pass", "pass", "pass", "three", "call K♦", "talon 1"]);
        act(&mut st, &["discard Q♣", "discard C♣", "discard J♣"]);
        act(
            &mut st,
            &["pass", "announce valat", "pass", "pass", "pass", "pass"],
        );
        assert_eq!(st.extra.stage, Stage::Play);
        assert_eq!(st.current_player(), Player::Seat(leader), "{spec}");
    }
}

#[test]
fn a_discarded_pagat_completes_the_declarers_trula_in_the_seed_preset() {
    // The discard lies in the declarer's own pile, and the trula is the team's piles holding Škis,
    // Mond and Pagat: with Škis and Mond taken in tricks, a Pagat laid away completes it.
    let st = game("tarok").new_initial_state();
    let team = set(&st, TEAM36) | set(&st, "SKIS XXI");
    let (mut core, mut extra) = three_piles(&st, team, CardSet::EMPTY);
    core.won[2] = core.won[2] - set(&st, "I");
    extra.discards = set(&st, "I");
    let p = count(team | extra.discards);
    let game_score = 10 + (p - 35);
    let seed = game("tarok").rules().clone();
    // Silent trula +10 for the declarer's side; the opponents keep their kings (10).
    assert_eq!(
        seed.hand_scores(&core, &extra, &[0; 4]).0,
        [game_score as i64 + 10, game_score as i64 + 10, 10, 10]
    );
    // Announced by the declarer: made, 20.
    extra.announced[TRULA_B] = Some(0);
    assert_eq!(
        seed.hand_scores(&core, &extra, &[0; 4]).0[0],
        game_score as i64 + 20
    );
    // Without the Pagat anywhere in the team's piles (the opponents took it) there is no trula.
    extra.announced[TRULA_B] = None;
    extra.discards = CardSet::EMPTY;
    core.won[2] |= set(&st, "I");
    let p = count(team);
    assert_eq!(
        seed.hand_scores(&core, &extra, &[0; 4]).0[0],
        i64::from(10 + (p - 35))
    );
}

#[test]
fn forced_klop_allows_sw_overcall_opens_the_zero_score_klop_to_solo_without() {
    let h: Vec<Vec<&str>> = H.iter().map(|s| s.split_whitespace().collect()).collect();
    let mut order: Vec<&str> = TALON.split_whitespace().collect();
    for round in 0..2 {
        for hand in &h {
            order.extend(&hand[round * 6..round * 6 + 6]);
        }
    }
    let mut st = game("tarok(forced_klop_allows_sw_overcall=true)").new_initial_state();
    st.match_state.forced_next = Forced::ZeroScore;
    act(&mut st, &order);
    assert_eq!(st.extra.stage, Stage::Auction);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert_eq!(
        legal_names(&st),
        [
            "pass",
            "solo without",
            "open beggar",
            "colour valat without",
            "valat without"
        ]
    );
    // All pass, forehand included: Klop.
    act(&mut st, &["pass", "pass", "pass", "pass"]);
    assert_eq!(
        (st.extra.contract, st.extra.stage),
        (Some(Contract::Klop), Stage::Play)
    );
    assert_eq!(st.current_player(), Player::Seat(0));
}

#[test]
fn forehand_leads_a_two_declared_by_another_seat_and_the_declarer_leads_a_beggar() {
    let mut st = dealt("tarok", H, TALON);
    act(
        &mut st,
        &["two", "pass", "pass", "pass", "two", "call K♣", "talon 1"],
    );
    act(
        &mut st,
        &["discard 7♣", "discard 4♦", "pass", "pass", "pass", "pass"],
    );
    assert_eq!(st.extra.declarer, Some(1));
    assert_eq!(st.extra.stage, Stage::Play);
    assert_eq!(st.current_player(), Player::Seat(0));
    // Beggar (and above) by seat 1: seat 1 leads.
    let mut st = dealt("tarok", H, TALON);
    act(
        &mut st,
        &[
            "beggar", "pass", "pass", "pass", "beggar", "pass", "pass", "pass", "pass",
        ],
    );
    assert_eq!(st.extra.stage, Stage::Play);
    assert_eq!(st.current_player(), Player::Seat(1));
}

#[test]
fn the_skis_round_starts_after_the_agreed_deals_and_its_skis_holder_deals_last() {
    use crate::core::rng::Rng;
    let g = game("tarok(scope=match,deals=2)");
    let mut rng = Rng::new(4);
    let mut with_radelci = false;
    for _ in 0..40 {
        let mut st = g.new_initial_state();
        let mut holder = None;
        while !st.is_terminal() {
            if st.current_player() != Player::Chance && st.core.trick_len == 0 && st.core.tricks_played == 0 {
                if st.core.deals_done < 2 {
                    // Before the agreed deals are over nobody is the last dealer yet.
                    assert_eq!(st.match_state.last_dealer, None);
                } else if holder.is_none() && st.core.deals_done == 2 {
                    let h = (0..4)
                        .find(|&p| st.core.hands[p].contains(SKIS))
                        .unwrap_or(st.core.dealer);
                    assert_eq!(st.match_state.last_dealer, Some(h));
                    holder = Some(h);
                }
            }
            let a = match st.current_player() {
                Player::Chance => st.sample_chance(&mut rng),
                _ => st.random_action(&mut rng),
            };
            st.apply_action(a).unwrap();
        }
        // The match ends with the Škis holder's deal, at least one deal after the agreed two.
        assert!(st.core.deals_done >= 3);
        assert_eq!(Some(st.core.dealer), holder);
        // The result: each total less 100 per uncrossed radelc.
        let mut ret = [0.0; 4];
        st.returns(&mut ret);
        for (s, &r) in st.match_state.radelci.iter().enumerate() {
            assert_eq!(ret[s], st.core.ledger[s] - 100.0 * f64::from(r), "seat {s}");
            with_radelci |= r > 0;
        }
    }
    assert!(with_radelci, "some match ends with radelci to pay");
}

#[test]
fn allow_call_own_king_false_offers_only_the_kings_of_other_hands_unless_holding_all() {
    // Seat 0 holds K♣ only: the other three kings.
    let mut st = dealt("tarok(allow_call_own_king=false)", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "three"]);
    assert_eq!(legal_names(&st), ["call K♦", "call K♥", "call K♠"]);
    // Seat 1 (declarer of a Two) holds K♦ only.
    let mut st = dealt("tarok(allow_call_own_king=false)", H, TALON);
    act(&mut st, &["two", "pass", "pass", "pass", "two"]);
    assert_eq!(legal_names(&st), ["call K♣", "call K♥", "call K♠"]);
    // Holding all four: any of them.
    let mut st = dealt("tarok(allow_call_own_king=false)", HK, TALON);
    act(&mut st, &["pass", "pass", "pass", "three"]);
    assert_eq!(legal_names(&st), ["call K♣", "call K♦", "call K♥", "call K♠"]);
}

// --- The card-set forms of the follow duties and the trick winner against the rules card by card ---

/// The legal plays stated card by card, as the rules say them (the oracle of the set arithmetic in
/// `TarokRules::legal`): follow suit, else a tarok; in colour valat taroks are a plain suit; in Klop
/// and the beggars head the trick (the highest tarok on it, else the highest card of the led suit,
/// unless a tarok lies on a plain-suit trick), Pagat last, and Pagat alone heads Škis and Mond.
fn legal_card_by_card(
    r: &TarokRules,
    contract: Contract,
    trick: &[Card],
    hand: CardSet,
    declarer: Option<usize>,
    to_move: usize,
) -> CardSet {
    let cards = |f: &dyn Fn(Card) -> bool| hand.iter().filter(|&x| f(x)).collect::<CardSet>();
    let pagat_last = |legal: CardSet| {
        if legal.contains(PAGAT) && legal.len() > 1 {
            legal - CardSet::single(PAGAT)
        } else {
            legal
        }
    };
    let Some(&led) = trick.first() else {
        let plain = cards(&|x| card_suit(x) != TAROKS);
        if r.cv_suits_first && contract.colour() && declarer == Some(to_move) && !plain.is_empty() {
            return plain;
        }
        return if contract.negative() {
            pagat_last(hand)
        } else {
            hand
        };
    };
    let led_suit = card_suit(led);
    let same = cards(&|x| card_suit(x) == led_suit);
    let taroks_in_hand = cards(&|x| card_suit(x) == TAROKS);
    if contract.colour() {
        if !same.is_empty() {
            return same;
        }
        return if r.cv_void_tarok && !taroks_in_hand.is_empty() {
            taroks_in_hand
        } else {
            hand
        };
    }
    if !contract.negative() {
        return if !same.is_empty() {
            same
        } else if !taroks_in_hand.is_empty() {
            taroks_in_hand
        } else {
            hand
        };
    }
    let trick_taroks: Vec<Card> = trick
        .iter()
        .copied()
        .filter(|&x| card_suit(x) == TAROKS)
        .collect();
    let (pool, to_beat): (CardSet, Vec<Card>) = if !same.is_empty() {
        if led_suit == TAROKS {
            (same, trick_taroks.clone())
        } else if !trick_taroks.is_empty() {
            (same, Vec::new())
        } else {
            (
                same,
                trick
                    .iter()
                    .copied()
                    .filter(|&x| card_suit(x) == led_suit)
                    .collect(),
            )
        }
    } else if !taroks_in_hand.is_empty() {
        (taroks_in_hand, trick_taroks.clone())
    } else {
        (hand, Vec::new())
    };
    let beaters: CardSet = pool
        .iter()
        .filter(|&x| to_beat.iter().all(|&b| card_strength(x) > card_strength(b)))
        .collect();
    let legal = if beaters.is_empty() { pool } else { beaters };
    let playing_taroks = pool.iter().all(|x| card_suit(x) == TAROKS);
    if playing_taroks && hand.contains(PAGAT) && trick.contains(&SKIS) && trick.contains(&MOND) {
        return CardSet::single(PAGAT);
    }
    if playing_taroks {
        pagat_last(legal)
    } else {
        legal
    }
}

/// The trick winner card by card: Pagat in the emperor's trick (not in colour valat unless taroks
/// were led; with `emperor_requires_pagat_after_both` only after both), else the highest tarok
/// (not in colour valat), else the strongest card of the led suit.
fn winner_card_by_card(r: &TarokRules, contract: Contract, trick: &[Card]) -> usize {
    let at = |card: Card| trick.iter().position(|&x| x == card);
    let led_suit = card_suit(trick[0]);
    if let (Some(p), Some(s), Some(m)) = (at(PAGAT), at(SKIS), at(MOND)) {
        if (!contract.colour() || led_suit == TAROKS) && (!r.emperor_after_both || (p > s && p > m)) {
            return p;
        }
    }
    let suit = if !contract.colour() && trick.iter().any(|&x| card_suit(x) == TAROKS) {
        TAROKS
    } else {
        led_suit
    };
    let mut best: Option<usize> = None;
    for (i, &x) in trick.iter().enumerate() {
        if card_suit(x) == suit && best.map_or(true, |b| card_strength(x) > card_strength(trick[b])) {
            best = Some(i);
        }
    }
    best.unwrap()
}

#[test]
fn legal_plays_and_winners_agree_with_the_rules_card_by_card() {
    use crate::core::rng::Rng;
    let specs = [
        "tarok",
        "tarok(ruleset=openspiel)",
        "tarok(colour_valat_suits_first=false,emperor_requires_pagat_after_both=true)",
    ];
    let st = game("tarok").new_initial_state();
    let mut rng = Rng::new(15);
    let (mut checked_heads, mut checked_pagat) = (0, 0);
    for spec in specs {
        let r = game(spec).rules().clone();
        for round in 0..6000 {
            // A shuffled pack; every third round puts the trula first, so that it often meets in
            // one trick.
            let mut pack: Vec<Card> = (0..54u8).map(Card).collect();
            for i in (1..pack.len()).rev() {
                pack.swap(i, rng.below(i as u32 + 1) as usize);
            }
            if round % 3 == 0 {
                pack.retain(|&x| !TRULA_SET.contains(x));
                for (i, x) in [SKIS, MOND, PAGAT].into_iter().enumerate() {
                    let at = rng.below(5 + i as u32) as usize;
                    pack.insert(at, x);
                }
            }
            let trick_len = rng.below(4) as usize;
            let trick = &pack[..trick_len];
            let hand_len = 1 + rng.below(12) as usize;
            let hand: CardSet = pack[4..4 + hand_len].iter().copied().collect();
            let hand = if round % 5 == 0 {
                hand | CardSet::single(PAGAT)
            } else {
                hand
            } - trick.iter().copied().collect::<CardSet>();
            if hand.is_empty() {
                continue;
            }
            let mut core = core_with_trick(&st, "");
            core.trick[..trick_len].copy_from_slice(trick);
            core.trick_len = trick_len;
            core.to_move = rng.below(4) as usize;
            for &contract in &CONTRACTS {
                let declarer = [None, Some(0), Some(core.to_move)][rng.below(3) as usize];
                let want = legal_card_by_card(&r, contract, trick, hand, declarer, core.to_move);
                let got = r.legal(contract, &core, hand, declarer);
                assert_eq!(
                    got,
                    want,
                    "{spec} {contract:?}: trick {} hand {}",
                    st.rules().deck.format_set(trick.iter().copied().collect()),
                    st.rules().deck.format_set(hand)
                );
                checked_heads += (contract.negative() && want != hand && trick_len > 0) as usize;
                checked_pagat += (want == CardSet::single(PAGAT) && hand.len() > 1) as usize;
                let full = &pack[..4];
                let n = 3 + rng.below(2) as usize;
                assert_eq!(
                    r.winner(contract, &full[..n]),
                    winner_card_by_card(&r, contract, &full[..n]),
                    "{spec} {contract:?}: trick {}",
                    st.rules().deck.format_set(full[..n].iter().copied().collect())
                );
            }
        }
    }
    // The duties that narrow the hand came up often, the emperor's Pagat too.
    assert!(
        checked_heads > 1000 && checked_pagat > 20,
        "{checked_heads} {checked_pagat}"
    );
}

#[test]
fn a_new_deal_starts_from_a_fresh_per_deal_state() {
    // Everything a deal can set, then the engine's reset for the next deal: equal to a new one.
    let r = game("tarok").rules().clone();
    let mut e = TarokExtra {
        stage: Stage::Play,
        forced: Forced::NoTarok,
        passed: [true; 4],
        high: Some((Contract::Two, 1)),
        implicit: true,
        contract: Some(Contract::Two),
        declarer: Some(1),
        called: Some(Card(15)),
        partner: Some(2),
        partner_revealed: true,
        group: Some(1),
        king_carries_talon: true,
        discards: CardSet::single(PAGAT),
        to_discard: 2,
        forfeited: true,
        tricks: [1, 2, 3, 4],
        mond_lost: Some(3),
        pagat_last: Some((1, true, 1)),
        king_last: Some(2),
        scores: [1.0, -2.0, 3.0, -4.0],
        announced: [Some(1); BONUSES],
        kontra: [1; TARGETS],
        passes: 3,
        emperor: true,
        ..TarokExtra::default()
    };
    e.calls.push((1, Some(Contract::Two)));
    e.announce_log.push((2, 7));
    r.reset_extra(&mut e);
    assert!(e.calls.is_empty() && e.announce_log.is_empty());
    // The logs' arrays keep old entries past their (zero) length; the rest must match field for field.
    let fresh = TarokExtra {
        calls: e.calls,
        announce_log: e.announce_log,
        ..TarokExtra::default()
    };
    assert_eq!(format!("{e:?}"), format!("{fresh:?}"));
}

#[test]
fn the_discards_are_counted_and_drawn_without_listing_them_and_only_there() {
    // `count_extra` / `nth_extra` answer at the discard what `extra_legal` lists; elsewhere
    // `count_extra` leaves the listing to the engine and `nth_extra` gives the listed offset.
    let mut st = dealt("tarok", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "three"]);
    let listed = |st: &TarokState| {
        let mut out = Vec::new();
        st.rules().extra_legal(st.view(), &mut out);
        out
    };
    let r = st.rules().clone();
    // The king call: no count, and the k-th offset is the k-th listed one (not a discard).
    assert_eq!(r.count_extra(st.view()), None);
    let kings = listed(&st);
    for (k, &off) in kings.iter().enumerate() {
        assert_eq!(r.nth_extra(st.view(), k), off);
    }
    act(&mut st, &["call K♦", "talon 1"]);
    assert_eq!(st.extra.stage, Stage::Discard);
    let discards = listed(&st);
    assert!(discards.len() > 1);
    assert_eq!(r.count_extra(st.view()), Some(discards.len()));
    for (k, &off) in discards.iter().enumerate() {
        assert_eq!(r.nth_extra(st.view(), k), off);
    }
}

#[test]
fn lowest_bid_draws_the_king_call_talon_and_discard_as_the_random_player() {
    // These three choices are uniform: the bot draws them itself, and must give the action that
    // `random_action` gives from the same generator, leaving the generator in the same state.
    use crate::core::rng::Rng;
    let specs = [
        "tarok",
        "tarok(ruleset=openspiel)",
        "tarok(allow_call_own_king=false)",
        "tarok(forfeit_when_king_in_talon=false)",
    ];
    for spec in specs {
        let g = game(spec);
        let bot = g.rules().new_bot("lowest_bid").unwrap();
        let mut rng = Rng::new(21);
        // Per stage: choices checked, and those with more than one option.
        let mut checked = [[0usize; 2]; 3];
        for _ in 0..400 {
            let mut st = g.new_initial_state();
            while !st.is_terminal() {
                let a = match st.current_player() {
                    Player::Chance => st.sample_chance(&mut rng),
                    Player::Seat(_) => {
                        let stage = st.extra.stage;
                        let mut mine = rng.clone();
                        let a = bot.act(&st, &mut mine);
                        let stages = [Stage::KingCall, Stage::Talon, Stage::Discard];
                        if let Some(i) = stages.iter().position(|&s| s == stage) {
                            let mut theirs = rng.clone();
                            assert_eq!(a, st.random_action(&mut theirs), "{spec}: {stage:?}");
                            assert_eq!(mine, theirs, "{spec}: {stage:?} draws");
                            let mut legal = Vec::new();
                            st.legal_actions(&mut legal);
                            checked[i][0] += 1;
                            checked[i][1] += (legal.len() > 1) as usize;
                        }
                        rng = mine;
                        a
                    }
                    Player::Terminal => unreachable!(),
                };
                st.apply_action(a).unwrap();
            }
        }
        assert!(checked.iter().all(|c| c[1] > 100), "{spec}: {checked:?}");
    }
}

#[test]
fn the_after_trick_record_agrees_with_the_tricks_as_played() {
    // Hands through the engine, uniformly random (every contract the random bids reach) or bid by
    // `lowest_bid` (Klop or Three, so a king is called in half of them): the Mond's capture,
    // the partner shown by the called king's trick, and the tricks per seat, worked out again from
    // the tricks as they were played. Most tricks skip this bookkeeping (they hold no watched card),
    // so a card missing from the watch, or one taken out of it too early, shows here.
    use crate::core::rng::Rng;
    for spec in ["tarok", "tarok(ruleset=openspiel)"] {
        let g = game(spec);
        let bot = g.rules().new_bot("lowest_bid").unwrap();
        let mut rng = Rng::new(33);
        let (mut captured, mut shown, mut klop_tricks) = (0, 0, 0);
        for k in 0..1500 {
            let mut st = g.new_initial_state();
            let (mut mond_lost, mut king_played, mut tricks, mut seen) = (None, false, [0u8; 4], 0);
            while !st.is_terminal() {
                let a = match st.current_player() {
                    Player::Chance => st.sample_chance(&mut rng),
                    _ if k % 2 == 0 => bot.act(&st, &mut rng),
                    _ => st.random_action(&mut rng),
                };
                st.apply_action(a).unwrap();
                if st.core.tricks_played > seen {
                    seen = st.core.tricks_played;
                    let (leader, cards, winner) = st.core.last_trick.unwrap();
                    tricks[winner] += 1;
                    // Klop's gifts: the first six tricks' winners take the talon cards in deal
                    // order, the later ones none.
                    if st.extra.contract == Some(Contract::Klop) {
                        let gifts = st.core.talon_as_dealt()[..seen.min(6)].to_vec();
                        assert!(gifts.iter().all(|&g| !st.core.talon.contains(g)), "trick {seen}");
                        assert_eq!(st.core.talon.len(), 6 - seen.min(6), "trick {seen}");
                        if seen <= 6 {
                            assert!(st.core.won[winner].contains(gifts[seen - 1]), "trick {seen}");
                        }
                        let piles: usize = st.core.won.iter().map(|w| w.len()).sum();
                        assert_eq!(piles, 4 * seen + seen.min(6), "trick {seen}");
                        klop_tricks += 1;
                    }
                    for (i, &card) in cards[..4].iter().enumerate() {
                        let seat = (leader + i) % 4;
                        if card == MOND && seat != winner {
                            mond_lost = Some(seat);
                        }
                        king_played |= st.extra.called == Some(card);
                    }
                }
            }
            let e = &st.extra;
            // Announcing king ultimo shows the partner too.
            let announced = e.partner.is_some() && e.announced[KING_ULTIMO_B] == e.partner;
            assert_eq!(e.mond_lost, mond_lost, "{spec}: {:?}", e.contract);
            assert_eq!(
                e.partner_revealed,
                king_played || announced,
                "{spec}: {:?}",
                e.contract
            );
            assert_eq!(e.tricks, tricks, "{spec}: {:?}", e.contract);
            captured += mond_lost.is_some() as usize;
            shown += (king_played && seen > 1) as usize;
        }
        assert!(
            captured > 50 && shown > 50 && klop_tricks > 1000,
            "{spec}: {captured} {shown} {klop_tricks}"
        );
    }
}

// ---- The declared bounds: the deal cap and the utility (issue #26) --------------------------------

/// Deals `NO_TAROK` (seat 3 holds no tarok) from the state's current dealer: talon first, then
/// packets of 6 from forehand, twice round. The hand is thrown in and redealt.
fn deal_no_tarok_hand(st: &mut TarokState) {
    let h: Vec<Vec<&str>> = NO_TAROK.iter().map(|s| s.split_whitespace().collect()).collect();
    let mut order: Vec<&str> = "VII VI V IV III II".split_whitespace().collect();
    for round in 0..2 {
        for hand in &h {
            order.extend(&hand[round * 6..round * 6 + 6]);
        }
    }
    for n in order {
        assert_eq!(st.current_player(), Player::Chance);
        act(st, &[n]);
    }
}

#[test]
fn hands_thrown_in_without_a_tarok_end_the_game_as_a_draw_only_at_the_deal_cap() {
    // The cap on deals (`max_deals`): a single deal may be thrown in 39 times and redealt; the 40th
    // throw-in ends the game as a draw. A match of `deals=2` allows the 2 agreed deals, up to 4 more
    // until the Škis holder deals in the Škis round, and the same 40 throw-ins: 46 deals.
    for (spec, cap) in [("tarok", 40), ("tarok(scope=match,deals=2)", 46)] {
        let mut st = game(spec).new_initial_state();
        for k in 1..cap {
            deal_no_tarok_hand(&mut st);
            assert_eq!(st.current_player(), Player::Chance, "{spec}: throw-in {k}");
            assert_eq!(st.core.deals_done as usize, k, "{spec}");
        }
        deal_no_tarok_hand(&mut st);
        assert_eq!(st.current_player(), Player::Terminal, "{spec}");
        let mut ret = [1.0; 4];
        st.returns(&mut ret);
        assert_eq!(ret, [0.0; 4], "{spec}");
    }
}

#[test]
fn the_utility_is_the_documented_bound_for_a_deal_and_for_a_match() {
    use crate::core::game::Utility;
    // One hand: at most an announced valat (500) kontra'd to mordkontra (×16) = 8,000 either way,
    // less the seat's own Mond penalty on the losing side.
    assert_eq!(
        Game::utility(&game("tarok")),
        Some(Utility::general(-8021.0, 8000.0))
    );
    assert_eq!(
        Game::utility(&game("tarok(mond_penalty=0)")),
        Some(Utility::general(-8000.0, 8000.0))
    );
    // A match of 8 deals: at most H = 8 + 4 + 40 = 52 hands, each multiplied by at most 2^20 (one
    // radelc per hand, capped at 20 doublings) or by 2 (`double_once`), plus the Mond penalty per
    // hand, and `radelc_end_penalty` for each of at most H radelci at the end.
    let h = 52.0;
    let m = (1u64 << 20) as f64;
    assert_eq!(
        Game::utility(&game("tarok(scope=match,deals=8)")),
        Some(Utility::general(
            -(h * (8000.0 * m + 21.0) + h * 100.0),
            h * 8000.0 * m
        ))
    );
    assert_eq!(
        Game::utility(&game(
            "tarok(scope=match,deals=8,radelc_multiplier=double_once,mond_penalty=5,radelc_end_penalty=7)"
        )),
        Some(Utility::general(-(h * (16000.0 + 5.0) + h * 7.0), h * 16000.0))
    );
}

// ---- The trick engine's hooks as Tarok answers them (issue #26) -----------------------------------

#[test]
fn an_illegal_card_is_refused_with_the_duty_of_the_contract_and_the_emperors_trick() {
    let refusal = |st: &TarokState, card: &str| {
        st.clone()
            .apply_action(st.string_to_action(card).unwrap())
            .unwrap_err()
            .to_string()
    };
    // The emperor's trick (trick 1 of a Beggar with `emperor lead`): seat 2 must give up its Mond.
    let mut st = beggar_lead(EMP, EMP_TALON, true);
    act(&mut st, &["SKIS"]);
    let e = refusal(&st, "V");
    assert!(e.contains("the emperor's trick"), "{e}");
    // The next trick of that Beggar: the must-head duty, no longer the emperor's trick. Seat 3 leads
    // K♠ and seat 0, void in spades, must play a tarok.
    act(&mut st, &["XXI", "I", "XX", "K♠"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    let e = refusal(&st, "K♣");
    assert!(e.contains("beat the trick") && !e.contains("emperor"), "{e}");
    // A Beggar without the announcement: Škis led to the first trick asks for a tarok, heading if
    // possible; not the emperor's trick.
    let mut st = beggar_lead(EMP, EMP_TALON, false);
    act(&mut st, &["SKIS"]);
    let e = refusal(&st, "K♥");
    assert!(e.contains("beat the trick") && !e.contains("emperor"), "{e}");
    // A Three: follow suit, else a tarok, and no duty to head. Seat 1 holds 7♣ under the 8♣ led.
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(&mut st, &["pass", "pass", "pass", "pass", "8♣"]);
    let e = refusal(&st, "K♦");
    assert!(
        e.contains("follow suit, else play a tarok") && !e.contains("beat"),
        "{e}"
    );
}

#[test]
fn taroks_are_the_trump_suit_of_the_observation_except_in_colour_valat() {
    // The shared layout: hand, three other hands, trick 4, won 4, face up, known stock (54 each),
    // then the trump suit among the five suits (♣ ♦ ♥ ♠, taroks) at 14 × 54 = 756.
    let trump_of = |st: &TarokState| {
        let mut obs = vec![0.0; Game::observation_shape(&game("tarok"))[0]];
        st.write_observation(0, &mut obs);
        obs[756..761].to_vec()
    };
    let st = dealt("tarok", H, TALON);
    assert_eq!(trump_of(&st), [0.0, 0.0, 0.0, 0.0, 1.0], "the auction");
    let st = three_at_announcements(H, TALON, "talon 1");
    assert_eq!(trump_of(&st), [0.0, 0.0, 0.0, 0.0, 1.0], "a Three");
    let st = beggar_at_announce("tarok", H, TALON, "colour valat without");
    assert_eq!(trump_of(&st), [0.0; 5], "colour valat: no trump");
}

#[test]
fn the_card_hooks_give_the_points_suits_and_order_of_the_rules() {
    let st = dealt("tarok", H, TALON);
    let (r, v) = (st.rules(), st.view());
    // K 4, Q 3, C 2, J 1, the trula 4 each, every other card 0.
    for (name, pts) in [("K♣", 4), ("Q♦", 3), ("C♥", 2), ("J♠", 1), ("10♠", 0), ("1♥", 0)] {
        assert_eq!(r.points(v, c(&st, name)), pts, "{name}");
    }
    for (name, pts) in [("SKIS", 4), ("XXI", 4), ("I", 4), ("II", 0), ("XX", 0)] {
        assert_eq!(r.points(v, c(&st, name)), pts, "{name}");
    }
    // A pile's points add round(n/3) for its n cards: K♣ XXI II (8 + 1) and K♣ XXI II III 7♠ (8 + 2).
    assert_eq!(r.points_of_set(v, set(&st, "K♣ XXI II")), 9);
    assert_eq!(r.points_of_set(v, set(&st, "K♣ XXI II III 7♠")), 10);
    // The taroks are one suit; red pips rank 1 > 4, taroks Škis > XXI > II.
    assert_eq!(
        r.effective_suit(v, c(&st, "XXI")),
        r.effective_suit(v, c(&st, "SKIS"))
    );
    assert_ne!(
        r.effective_suit(v, c(&st, "K♣")),
        r.effective_suit(v, c(&st, "SKIS"))
    );
    assert!(r.strength(v, c(&st, "1♥")) > r.strength(v, c(&st, "4♥")));
    assert!(r.strength(v, c(&st, "SKIS")) > r.strength(v, c(&st, "XXI")));
    assert!(r.strength(v, c(&st, "XXI")) > r.strength(v, c(&st, "II")));
}

#[test]
fn the_holder_of_the_called_king_knows_every_team_and_may_kontra_an_opponents_bonus() {
    // Seat 0 plays Three and calls K♦, held by seat 1: seat 1 alone knows the teams (the called king
    // is in its hand, not in the talon), so it may kontra seat 2's trula; the declarer, who does not
    // know whether seat 2 is its partner, may not.
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(&mut st, &["pass", "pass", "announce trula", "pass"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert!(!legal_names(&st).contains(&"kontra trula".to_string()));
    act(&mut st, &["pass"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert!(
        legal_names(&st).contains(&"kontra trula".to_string()),
        "{:?}",
        legal_names(&st)
    );
}

// ---- What a seat observes: the game's own floats (issue #26) ------------------------------------

/// The game's own floats at the end of `seat`'s observation: the shared layout is 14 × 54 card
/// floats, 5 trump suits, the stock, to move 4 and the ledger 4 (770), then Tarok's 157.
fn extra_floats(st: &TarokState, seat: usize) -> Vec<f32> {
    let mut obs = vec![f32::NAN; 927];
    st.write_observation(seat, &mut obs);
    obs[770..].to_vec()
}

/// The indices of the non-zero floats, with their values.
fn set_floats(v: &[f32]) -> Vec<(usize, f32)> {
    v.iter()
        .enumerate()
        .filter(|(_, &x)| x != 0.0)
        .map(|(i, &x)| (i, x))
        .collect()
}

#[test]
fn the_observation_has_the_documented_length_and_bounds() {
    // Tarok's floats: contract 13, declarer 4, partner 4, called king's suit 4, standing bid 12, its
    // holder 4, passed 4, stage 9, discards 54, announcer 4 per bonus (20), kontra levels 4 per
    // target (24), the emperor's trick 1, radelci 4: 157 after the shared 770.
    let g = game("tarok");
    assert_eq!(Game::observation_shape(&g), vec![927]);
    let (low, high) = Game::observation_bounds(&g);
    assert!(low[770..].iter().all(|&x| x == 0.0));
    // The called card's suit float is 1 for a king, 2 for a queen; radelci are counts.
    for (i, &h) in high[770..].iter().enumerate() {
        let want = match i {
            21..=24 => 2.0,
            153..=156 => f32::INFINITY,
            _ => 1.0,
        };
        assert_eq!(h, want, "float {i}");
    }
}

#[test]
fn the_observation_shows_the_contract_bids_discards_announcements_and_kontras_relative_to_the_seat() {
    // Seat 0 plays Three (after three passes) and calls K♦, held by seat 1; it discards Q♣ C♣ J♣.
    // Then seat 0 announces trula, seat 1 kings; seat 2 kontras the game, seat 3 the trula, and seat
    // 0 rekontras the game. Radelci from earlier hands: seat 1 one, seat 2 two.
    let mut st = three_at_announcements(H, TALON, "talon 1");
    act(
        &mut st,
        &[
            "announce trula",
            "announce kings",
            "kontra game",
            "kontra trula",
            "rekontra game",
        ],
    );
    st.match_state.radelci = [0, 1, 2, 0];
    // Seat 2 (an opponent) sees seats 2, 3, 0, 1 as 0, 1, 2, 3.
    let want2 = vec![
        (1, 1.0),           // Three
        (13 + 2, 1.0),      // declarer seat 0
        (21 + 1, 1.0),      // a king of ♦ called (the partner is not shown)
        (25 + 1, 1.0),      // standing bid Three
        (37 + 2, 1.0),      // held by seat 0
        (41, 1.0),          // seat 2 passed
        (41 + 1, 1.0),      // seat 3 passed
        (41 + 3, 1.0),      // seat 1 passed
        (45 + 6, 1.0),      // stage: announcements
        (108 + 2, 1.0),     // trula (bonus 0) by seat 0
        (108 + 4 + 3, 1.0), // kings (bonus 1) by seat 1
        (128, 1.0),         // the game: kontra
        (128 + 1, 1.0),     // and rekontra
        (128 + 4, 1.0),     // trula (target 1): kontra
        (153, 2.0),         // radelci of seat 2
        (153 + 3, 1.0),     // and of seat 1
    ];
    assert_eq!(set_floats(&extra_floats(&st, 2)), want2);
    // Seat 1, the partner, sees itself as partner; seat 0 also sees its own club discards
    // (J♣ C♣ Q♣ are cards 4, 5, 6).
    let floats1 = set_floats(&extra_floats(&st, 1));
    assert!(floats1.contains(&(17, 1.0)), "{floats1:?}");
    assert!(
        !floats1.iter().any(|&(i, _)| (54..108).contains(&i)),
        "{floats1:?}"
    );
    let floats0 = set_floats(&extra_floats(&st, 0));
    assert!(
        !floats0.iter().any(|&(i, _)| (17..21).contains(&i)),
        "{floats0:?}"
    );
    let discards: Vec<usize> = floats0
        .iter()
        .map(|&(i, _)| i)
        .filter(|i| (54..108).contains(i))
        .collect();
    assert_eq!(discards, [54 + 4, 54 + 5, 54 + 6]);
    // The emperor's trick announced: its float, for everyone.
    let mut st = beggar_at_announce("tarok", EMP, EMP_TALON, "beggar");
    assert_eq!(extra_floats(&st, 3)[152], 0.0);
    act(&mut st, &["emperor lead"]);
    assert_eq!(extra_floats(&st, 3)[152], 1.0);
}

#[test]
fn king_ultimo_shows_the_partner_to_every_seat_in_its_own_seat_order() {
    // Rules §7.7: announcing king ultimo publicly reveals the partnership. Seat 0 plays Three and
    // calls K♦, held by seat 1. Before the announcement only seat 1 knows it is the partner (the
    // partner floats 17..21, relative to the viewer); after seat 1 announces king ultimo every seat
    // sees seat 1 there: seat 0 one seat on, seat 2 three seats on, seat 3 two seats on.
    let mut st = three_at_announcements(H, TALON, "talon 1");
    let partner_floats = |st: &TarokState, seat: usize| -> Vec<usize> {
        let f = extra_floats(st, seat);
        (17..21).filter(|&i| f[i] != 0.0).collect()
    };
    assert_eq!(partner_floats(&st, 0), Vec::<usize>::new());
    assert_eq!(partner_floats(&st, 1), [17]);
    assert_eq!(partner_floats(&st, 2), Vec::<usize>::new());
    act(&mut st, &["pass", "announce king ultimo"]);
    for (seat, want) in [(0, 17 + 1), (1, 17), (2, 17 + 3), (3, 17 + 2)] {
        assert_eq!(partner_floats(&st, seat), [want], "seat {seat}");
    }
}

#[test]
fn the_information_state_hides_the_declarers_suit_discards_and_shows_its_tarok_discards() {
    // Seat 0 plays Three, calls K♦ and takes VI V IV; `discard_taroks_last_resort=false` lets it lay
    // away XX along with Q♣ and C♣. A discarded tarok is shown; suit-card discards are the
    // declarer's secret; bids, the king call and the talon group are public.
    let mut st = dealt("tarok(discard_taroks_last_resort=false)", H, TALON);
    act(&mut st, &["pass", "pass", "pass", "three", "call K♦", "talon 1"]);
    act(&mut st, &["discard XX", "discard Q♣", "discard C♣"]);
    assert_eq!(st.extra.stage, Stage::Announce);
    let own = st.information_state_string(0);
    for line in [
        "0 three",
        "0 call K♦",
        "0 talon 1",
        "0 discard XX",
        "0 discard Q♣",
        "0 discard C♣",
    ] {
        assert!(own.lines().any(|l| l == line), "{line} in\n{own}");
    }
    let other = st.information_state_string(2);
    for line in ["1 pass", "0 three", "0 call K♦", "0 talon 1", "0 discard XX"] {
        assert!(other.lines().any(|l| l == line), "{line} in\n{other}");
    }
    assert!(!other.contains("Q♣") && !other.contains("C♣"), "{other}");
    assert_eq!(other.lines().filter(|&l| l == "0 ?").count(), 2, "{other}");
}

/// The greedy bot's auction (its doc): bid from Two up with at least 8 "strength", where each tarok
/// counts one, XX, Mond and Škis one more each, and a king one. Seat 1 (F+1) bids first.
fn greedy_first_bid(seat1: &str, seat0: &str) -> String {
    use crate::core::rng::Rng;
    let hands = [
        seat0,
        seat1,
        "XV XIV XIII XII K♥ Q♥ C♥ J♥ 1♥ 2♥ 3♥ 4♥",
        "X IX VIII K♠ Q♠ C♠ J♠ 10♠ 9♠ 8♠ K♦ Q♦",
    ];
    let st = dealt("tarok", hands, "XVIII XVII XVI C♦ J♦ 7♠");
    assert_eq!(st.current_player(), Player::Seat(1));
    let bot = st.rules().new_bot("greedy").unwrap();
    st.action_to_string(bot.act(&st, &mut Rng::new(1)))
}

#[test]
fn the_greedy_bot_bids_at_eight_strength_counting_only_xx_mond_and_skis_twice() {
    // Seven low taroks and no king: 7, a pass.
    assert_eq!(
        greedy_first_bid(
            "XI VII VI V IV III II 1♦ 2♦ 3♦ 4♦ 7♣",
            "SKIS XXI I XX XIX K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣"
        ),
        "pass"
    );
    // XX for the XI: 6 + 2 = 8, a bid of Two.
    assert_eq!(
        greedy_first_bid(
            "XX VII VI V IV III II 1♦ 2♦ 3♦ 4♦ 7♣",
            "SKIS XXI I XI XIX K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣"
        ),
        "two"
    );
    // XIX for the XI: still 7 (XIX is not one of the three), a pass.
    assert_eq!(
        greedy_first_bid(
            "XIX VII VI V IV III II 1♦ 2♦ 3♦ 4♦ 7♣",
            "SKIS XXI I XX XI K♣ Q♣ C♣ J♣ 10♣ 9♣ 8♣"
        ),
        "pass"
    );
}

#[test]
fn with_the_deal_moved_forehand_keeps_the_highest_priority_and_the_dealer_the_lowest() {
    // Pagat: a player may equal the standing bid only with priority over its holder (forehand
    // first, then round to the dealer). Dealer seat 1: forehand is seat 2, then seats 3, 0 and 1.
    let mut st = game("tarok(first_dealer=1)").new_initial_state();
    let mut rng = crate::core::rng::Rng::new(11);
    while st.current_player() == Player::Chance {
        let a = st.sample_chance(&mut rng);
        st.apply_action(a).unwrap();
    }
    assert_eq!(st.core.dealer, 1);
    assert_eq!(st.current_player(), Player::Seat(3));
    act(&mut st, &["two"]);
    // Seats 0 (F+2) and 1 (the dealer) rank below seat 3 (F+1): Two is not theirs to equal.
    for seat in [0, 1] {
        assert_eq!(st.current_player(), Player::Seat(seat));
        let names = legal_names(&st);
        assert!(!names.contains(&"two".to_string()), "seat {seat}: {names:?}");
        assert!(names.contains(&"one".to_string()), "seat {seat}: {names:?}");
        act(&mut st, &["pass"]);
    }
    // Forehand (seat 2) ranks above seat 3 and may hold the Two.
    assert_eq!(st.current_player(), Player::Seat(2));
    assert!(legal_names(&st).contains(&"two".to_string()));
}
