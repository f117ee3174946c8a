//! Razz rules as small concrete situations, through the engine's own path.

use super::*;
use crate::core::game::{Game, State};
use crate::registry::load_game;

fn game(pairs: &[(&str, &str)]) -> Razz {
    Razz::with(pairs).unwrap()
}

/// Applies cards (names) and moves (`fold`, `call` …) in order.
fn run(s: &mut RazzState, steps: &str) {
    for t in steps.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let a = s.string_to_action(t).unwrap();
        s.apply_action(a).unwrap_or_else(|e| panic!("{t}: {e}\n{s}"));
    }
}

fn legal_names(s: &RazzState) -> Vec<String> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v.iter().map(|&a| action_name(a)).collect()
}

/// 3rd street for `n` players: `cards[i]` = seat i's two down cards and door card (dealer n-1, so
/// seat 0 is dealt first).
fn third_street(s: &mut RazzState, cards: &[[&str; 3]]) {
    let mut order = Vec::new();
    for round in 0..3 {
        for c in cards {
            order.push(c[round]);
        }
    }
    run(s, &order.join(","));
}

#[test]
fn highest_door_card_brings_in_with_suit_tie_break() {
    // Doors K♣, K♥, 9♠, A♦ → K♥ brings in.
    let g = game(&[("players", "4")]);
    let mut s = g.new_initial_state();
    third_street(
        &mut s,
        &[
            ["2c", "3c", "K♣"],
            ["2d", "3d", "K♥"],
            ["2h", "3h", "9♠"],
            ["2s", "3s", "A♦"],
        ],
    );
    assert_eq!(s.current_player(), Player::Seat(1));
    assert_eq!(legal_names(&s), ["bring in", "complete"]);
    // Doors Q♠, Q♦ → Q♠.
    let mut s = game(&[]).new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Q♦"], ["2d", "3d", "Q♠"]]);
    assert_eq!(s.current_player(), Player::Seat(1));
}

#[test]
fn bring_in_amounts_follow_the_integer_rules() {
    // Small bet 4 → 2, small bet 5 → 2; explicit values 1 <= b < small bet.
    assert_eq!(game(&[("small_bet", "4")]).config().bring_in, 2);
    assert_eq!(game(&[("small_bet", "5")]).config().bring_in, 2);
    assert_eq!(
        game(&[("small_bet", "6"), ("bring_in_fraction", "third")])
            .config()
            .bring_in,
        2
    );
    assert_eq!(
        game(&[("small_bet", "2"), ("ruleset", "casino")])
            .config()
            .bring_in,
        1
    );
    assert_eq!(
        game(&[("small_bet", "10"), ("bring_in", "3")]).config().bring_in,
        3
    );
    assert!(Razz::with(&[("small_bet", "4"), ("bring_in", "4")]).is_err());
    assert!(Razz::with(&[("small_bet", "1")]).is_err());
    let mut s = game(&[("small_bet", "5"), ("ante", "1")]).new_initial_state();
    third_street(&mut s, &[["2c", "3c", "K♣"], ["2d", "3d", "4♥"]]);
    assert_eq!(s.betting().pot_total(), 2);
    run(&mut s, "bring in");
    assert_eq!(s.betting().bets[0], 2);
    // Facing the bring-in: fold, call it, or complete to a full small bet.
    assert_eq!(legal_names(&s), ["fold", "call", "complete"]);
    run(&mut s, "complete");
    assert_eq!(s.betting().bets[1], 5);
    assert_eq!(legal_names(&s), ["fold", "call", "raise"]);
    run(&mut s, "raise");
    assert_eq!(s.betting().bets[0], 10);
}

#[test]
fn everyone_calling_the_bring_in_ends_third_street() {
    let mut s = game(&[("players", "3")]).new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "K♣"], ["2d", "3d", "4♥"], ["5d", "6d", "7♥"]],
    );
    run(&mut s, "bring in, call, call");
    assert!(s.is_chance_node());
    assert_eq!(s.street(), 4);
}

#[test]
fn fourth_street_opener_is_the_best_partial_low_with_seat_order_ties() {
    // Up cards (A,3) vs (2,3) vs (5,5) → (A,3).
    let mut s = game(&[("players", "3")]).new_initial_state();
    third_street(
        &mut s,
        &[["Kc", "Qc", "3♣"], ["Kd", "Qd", "3♦"], ["Kh", "Qh", "5♥"]],
    );
    run(&mut s, "bring in, call, call"); // 5♥ brings in (highest door)
    run(&mut s, "2♠, A♠, 5♠");
    assert_eq!(s.current_player(), Player::Seat(1));
    assert_eq!(legal_names(&s), ["check", "bet"]);
    // Exact tie (A,3 twice, suits ignored): the first clockwise from the dealer (seat 2) is seat 0.
    let mut s = game(&[("players", "3")]).new_initial_state();
    third_street(
        &mut s,
        &[["Kc", "Qc", "3♣"], ["Kd", "Qd", "3♦"], ["Kh", "Qh", "5♥"]],
    );
    run(&mut s, "bring in, call, call, A♥, A♠, 5♠");
    assert_eq!(s.current_player(), Player::Seat(0));
}

#[test]
fn the_cap_is_one_bet_and_three_raises() {
    // The most anyone puts in on 3rd street is 4 small bets (plus the ante).
    let mut s = game(&[("players", "3")]).new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "K♣"], ["2d", "3d", "4♥"], ["5d", "6d", "7♥"]],
    );
    run(&mut s, "bring in, complete, raise, raise, raise");
    assert!(!legal_names(&s).contains(&"raise".to_string()));
    let e = s.apply_action(move_action(Move::Raise)).unwrap_err();
    assert!(e.to_string().contains("capped"), "{e}");
    run(&mut s, "call, call");
    assert_eq!(s.betting().committed[..3], [17, 17, 17]);
    // 5th street: big bets of 8, capped at 32.
    let g = game(&[("players", "2"), ("uncapped_heads_up", "true")]);
    let mut h = g.new_initial_state();
    third_street(&mut h, &[["2c", "3c", "K♣"], ["2d", "3d", "4♥"]]);
    run(
        &mut h,
        "bring in, call, 5c, 5d, check, check, 6c, 6d, bet, raise, raise, raise, raise",
    );
    assert_eq!(h.betting().bets[1], 40);
}

#[test]
fn folding_leaves_the_last_player_the_pot_without_showdown() {
    let mut s = game(&[("players", "3")]).new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "K♣"], ["2d", "3d", "4♥"], ["5d", "6d", "7♥"]],
    );
    run(&mut s, "bring in, complete, fold, fold");
    assert!(s.is_terminal());
    let mut r = [0.0; 3];
    s.returns(&mut r);
    // Seat 1 completed to 4 and gets back its 4, the antes (3) and the bring-in (2).
    assert_eq!(r, [-3.0, 4.0, -1.0]);
    assert!(!s.observation_string(0).contains("2d"));
    assert!(!s.observation_string(0).contains("showdown"));
}

/// Plays a heads-up hand to showdown with everyone checking/calling: seat cards in dealing order.
fn showdown(pairs: &[(&str, &str)], seat0: [&str; 7], seat1: [&str; 7]) -> [f64; 2] {
    let mut s = game(pairs).new_initial_state();
    third_street(
        &mut s,
        &[[seat0[0], seat0[1], seat0[2]], [seat1[0], seat1[1], seat1[2]]],
    );
    run(&mut s, "bring in, call");
    for k in 3..7 {
        run(&mut s, &format!("{}, {}, check, check", seat0[k], seat1[k]));
    }
    assert!(s.is_terminal(), "{s}");
    let mut r = [0.0; 2];
    s.returns(&mut r);
    r
}

#[test]
fn showdown_best_low_wins_and_exact_ties_split() {
    // 8-6-4-2-A beats 8-6-5-2-A; the pot is 2 antes + 2 bring-ins.
    let r = showdown(
        &[],
        ["8c", "6c", "4c", "2c", "Ac", "Kc", "Qc"],
        ["8d", "6d", "5d", "2d", "Ad", "Kd", "Qd"],
    );
    assert_eq!(r, [3.0, -3.0]);
    // Same ranks, other suits: an exact tie splits.
    let r = showdown(
        &[],
        ["8c", "6c", "4c", "2c", "Ac", "Kc", "Qc"],
        ["8d", "6d", "4d", "2d", "Ad", "Kd", "Qd"],
    );
    assert_eq!(r, [0.0, 0.0]);
    // A pair loses to any unpaired hand.
    let r = showdown(
        &[],
        ["Kc", "Qc", "Jc", "9c", "8h", "Kd", "Qd"],
        ["Ah", "As", "2d", "2s", "3d", "3s", "4d"],
    );
    assert_eq!(r, [3.0, -3.0]);
}

#[test]
fn odd_chips_go_by_the_rule() {
    // Three players, ante 2, small bet 2, bring-in 1. Seats 0 and 1 hold the same ranks (8-6-4-2-A)
    // and put in 2 + 1 + 2 + 4 + 4 = 13 each; seat 2 pairs kings, puts in 2 + 1 + 2 + 4 = 9 and folds
    // on 6th street: pot 35, split 18/17 by seats 0 and 1.
    let play = |extra: &[(&str, &str)]| {
        let mut pairs = vec![
            ("players", "3"),
            ("ante", "2"),
            ("small_bet", "2"),
            ("bring_in", "1"),
        ];
        pairs.extend_from_slice(extra);
        let mut s = game(&pairs).new_initial_state();
        third_street(
            &mut s,
            &[["8c", "6c", "4c"], ["8d", "6d", "4d"], ["Kh", "Kc", "Qs"]],
        );
        run(&mut s, "bring in, call, call"); // Q♠ brings in
        run(&mut s, "2c, 2d, Ks, bet, call, call");
        run(&mut s, "Ac, Ad, Qh, bet, call, call");
        run(&mut s, "Jc, Jd, Qd, bet, call, fold");
        assert_eq!(s.betting().pot_total(), 35);
        run(&mut s, "Tc, Td, check, check");
        let mut r = [0.0; 3];
        s.returns(&mut r);
        r
    };
    // Dealer seat 2: seat 0 is the first winner clockwise and gets the odd chip.
    assert_eq!(play(&[]), [5.0, 4.0, -9.0]);
    // By the highest card by suit (K high, A low): seat 1's J♦ beats seat 0's J♣.
    assert_eq!(play(&[("odd_chip_rule", "high_card_by_suit")]), [4.0, 5.0, -9.0]);
}

#[test]
fn eight_players_get_a_community_card_on_seventh_street() {
    // 8 active at 7th street, no burns: 48 cards dealt, 4 left < 8.
    let g = game(&[("players", "8")]);
    let mut s = g.new_initial_state();
    let mut rng = Rng::new(3);
    while s.street() < 7 || s.is_chance_node() && s.community().is_none() && s.street() == 7 {
        if s.is_chance_node() {
            let a = s.sample_chance(&mut rng);
            s.apply_action(a).unwrap();
        } else {
            // Everyone checks or calls: all eight stay in.
            let legal = s.legal_moves();
            let m = if legal & Move::Check.bit() != 0 {
                Move::Check
            } else if legal & Move::BringIn.bit() != 0 {
                Move::BringIn
            } else {
                Move::Call
            };
            s.apply_action(move_action(m)).unwrap();
        }
        if s.street() == 7 && !s.is_chance_node() {
            break;
        }
    }
    assert_eq!(s.street(), 7);
    let c = s.community().expect("a community card");
    assert_eq!(s.undealt.len(), 3);
    for seat in 0..8 {
        assert!(s.cards_of(seat).contains(Card(c)));
        assert_eq!(s.cards_of(seat).len(), 7);
    }
    // The opener on 7th is the one of 6th: the best four up cards.
    assert_eq!(s.actor(), Some(s.low_opener()));
    let view = s.observation_string(0);
    assert!(
        view.contains(&format!("community: {}", deck().name_of(Card(c)))),
        "{view}"
    );
}

#[test]
fn seven_players_with_burns_need_the_community_card_too() {
    // Running out of cards: 7 x 6 + 3 burns = 45, leaving 7 < 1 burn + 7.
    let g = game(&[("players", "7"), ("burn_cards", "true")]);
    let mut s = g.new_initial_state();
    let mut rng = Rng::new(8);
    while s.street() != 7 || s.is_chance_node() {
        if s.is_chance_node() {
            let a = s.sample_chance(&mut rng);
            s.apply_action(a).unwrap();
        } else {
            let legal = s.legal_moves();
            let m = [Move::Check, Move::BringIn, Move::Call]
                .into_iter()
                .find(|m| legal & m.bit() != 0)
                .unwrap();
            s.apply_action(move_action(m)).unwrap();
        }
    }
    assert!(s.community().is_some());
    assert_eq!(s.burned.len(), 4);
    assert_eq!(s.undealt.len(), 52 - 42 - 4 - 1);
}

#[test]
fn all_in_players_get_side_pots() {
    // Seat 0 has 5 chips: ante 1, then all in for 4 on 3rd street; seats 1 and 2 bet on.
    let g = game(&[("players", "3"), ("stack", "5")]);
    let mut s = g.new_initial_state();
    // Stacks are 5 each here; everybody is all in quickly. Check chips are conserved and pots formed.
    third_street(
        &mut s,
        &[["Ac", "2c", "3c"], ["Kd", "Qd", "Jd"], ["Kh", "Qh", "Th"]],
    );
    run(&mut s, "complete, call, call"); // seat 1 (J♦) completes to 4: everyone all in
    assert!(s.is_chance_node());
    let mut rng = Rng::new(1);
    while !s.is_terminal() {
        let a = s.sample_chance(&mut rng);
        s.apply_action(a).unwrap();
    }
    let mut r = [0.0; 3];
    s.returns(&mut r);
    assert_eq!(r.iter().sum::<f64>(), 0.0);
}

#[test]
fn random_hands_conserve_chips_and_end() {
    for spec in INFO.examples {
        let g = load_game(spec).unwrap();
        let n = g.num_players();
        for k in 0..300 {
            let mut rng = Rng::for_stream(11, k);
            let mut s = g.new_state();
            let mut steps = 0;
            while !matches!(s.current_player(), Player::Terminal) {
                let a = match s.current_player() {
                    Player::Chance => s.sample_chance(&mut rng),
                    _ => g.bot_action("random", &*s, &mut rng).unwrap(),
                };
                s.apply_action(a).unwrap();
                steps += 1;
                assert!(steps <= g.max_game_length());
            }
            let mut r = vec![0.0; n];
            s.returns(&mut r);
            assert_eq!(r.iter().sum::<f64>(), 0.0, "{spec}");
        }
    }
}

#[test]
fn a_match_moves_the_button_and_carries_stacks() {
    let g = game(&[
        ("players", "3"),
        ("scope", "match"),
        ("hands", "4"),
        ("stack", "30"),
    ]);
    let mut s = g.new_initial_state();
    let mut rng = Rng::new(2);
    let mut dealers = vec![s.dealer()];
    while !s.is_terminal() {
        let a = if s.is_chance_node() {
            s.sample_chance(&mut rng)
        } else {
            s.random_action(&mut rng)
        };
        s.apply_action(a).unwrap();
        if dealers.last() != Some(&s.dealer()) {
            dealers.push(s.dealer());
        }
    }
    assert!(s.hand_number() <= 3);
    let mut r = [0.0; 3];
    s.returns(&mut r);
    let mut sc = [0.0; 3];
    s.scores(&mut sc);
    for i in 0..3 {
        assert_eq!(sc[i] - 30.0, r[i]);
    }
    assert_eq!(dealers[..2], [2, 0]);
}

#[test]
fn rule_bot_beats_random() {
    let g = load_game("razz(players=2)").unwrap();
    let cfg = crate::batch::SimConfig {
        n_games: 20_000,
        seed: 9,
        first_game: 0,
        bots: vec!["rules".into(), "random".into()],
        threads: Some(1),
    };
    let res = g.simulate(&cfg).unwrap();
    let mean: f64 = res.returns.iter().step_by(2).sum::<f64>() / cfg.n_games as f64;
    assert!(mean > 0.5, "rules bot wins {mean} chips a hand");
}

#[test]
fn side_pots_show_in_the_observation() {
    // Unequal stacks arise in a match; find a position with a side pot in random play.
    let g = game(&[
        ("players", "4"),
        ("scope", "match"),
        ("hands", "30"),
        ("stack", "12"),
    ]);
    let mut rng = Rng::new(4);
    for _ in 0..200 {
        let mut s = g.new_initial_state();
        while !s.is_terminal() {
            let a = if s.is_chance_node() {
                s.sample_chance(&mut rng)
            } else {
                s.random_action(&mut rng)
            };
            s.apply_action(a).unwrap();
            let pots = s.pots();
            if pots.len() > 1 && !s.is_terminal() {
                let total: i64 = pots.iter().map(|p| p.amount).sum();
                assert_eq!(total, s.betting().pot_total());
                // Each side pot has fewer eligible players than the one below it.
                assert!(pots.windows(2).all(|w| w[1].eligible & !w[0].eligible == 0));
                let view = s.observation_string(0);
                assert!(view.contains(&format!("pots: {} (", pots[0].amount)), "{view}");
                return;
            }
        }
    }
    panic!("no side pot in 200 random matches");
}

/// The display name of a card written as text (`"Ac"` → `A♣`).
fn card_name(t: &str) -> String {
    deck().name_of(deck().parse(t).unwrap()).to_string()
}

#[test]
fn bring_in_goes_by_rank_before_suit_and_the_ace_is_lowest() {
    // T♣ outranks 9♠ although spades are the highest suit: the suit only breaks ties of rank.
    let mut s = game(&[]).new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Tc"], ["2d", "3d", "9s"]]);
    assert_eq!(s.current_player(), Player::Seat(0));
    // The ace is the lowest door card: 2♣ brings in against A♠.
    let mut s = game(&[]).new_initial_state();
    third_street(&mut s, &[["4c", "3c", "2c"], ["2d", "3d", "As"]]);
    assert_eq!(s.current_player(), Player::Seat(0));
}

/// Deals at random (`seed`) and plays passively (bring in, check or call), except that the first
/// `folds` players who may fold do so (on 3rd street, facing the bring-in); stops when 7th street's
/// cards are out.
fn passive_to_seventh_street(pairs: &[(&str, &str)], seed: u64, folds: usize) -> RazzState {
    let mut s = game(pairs).new_initial_state();
    let mut rng = Rng::new(seed);
    let mut folds = folds;
    while s.street() < 7 || s.is_chance_node() {
        if s.is_chance_node() {
            let a = s.sample_chance(&mut rng);
            s.apply_action(a).unwrap();
            continue;
        }
        let legal = s.legal_moves();
        let m = if folds > 0 && legal & Move::Fold.bit() != 0 {
            folds -= 1;
            Move::Fold
        } else {
            [Move::Check, Move::BringIn, Move::Call]
                .into_iter()
                .find(|m| legal & m.bit() != 0)
                .unwrap()
        };
        s.apply_action(move_action(m)).unwrap();
    }
    s
}

#[test]
fn seventh_street_is_dealt_down_when_the_stub_just_covers_everyone() {
    // 8 players, one folds on 3rd street: 24 + 3 x 7 = 45 cards out, the stub of 7 covers the 7
    // players still in, so each gets a down card and no community card is needed.
    let s = passive_to_seventh_street(&[("players", "8")], 5, 1);
    assert_eq!(s.betting().live_count(), 7);
    assert_eq!(s.community(), None);
    assert!(s.undealt.is_empty());
    for seat in (0..8).filter(|&p| s.is_live(p)) {
        assert_eq!(s.down_cards(seat).len(), 3, "seat {seat}");
        assert_eq!(s.cards_of(seat).len(), 7, "seat {seat}");
    }
    // With burns, 8 players of whom two fold on 3rd: 24 + 3 x (1 + 6) = 45 out, the stub of 7
    // covers the burn and 6 down cards exactly.
    let s = passive_to_seventh_street(&[("players", "8"), ("burn_cards", "true")], 6, 2);
    assert_eq!(s.betting().live_count(), 6);
    assert_eq!(s.community(), None);
    assert_eq!(s.burned.len(), 4);
    assert!(s.undealt.is_empty());
    for seat in (0..8).filter(|&p| s.is_live(p)) {
        assert_eq!(s.down_cards(seat).len(), 3, "seat {seat}");
    }
    // With burns and all 8 in: 24 + 3 x 9 = 51 out; the last card is the community card and
    // there is none left to burn before it.
    let s = passive_to_seventh_street(&[("players", "8"), ("burn_cards", "true")], 7, 0);
    assert_eq!(s.betting().live_count(), 8);
    assert!(s.community().is_some());
    assert_eq!(s.burned.len(), 3);
    assert!(s.undealt.is_empty());
}

#[test]
fn a_folded_player_gets_no_more_cards_and_never_opens() {
    // Seat 1 (K♦) brings in, seat 2 calls, seat 0 folds holding the best door card (A♣).
    let mut s = game(&[("players", "3")]).new_initial_state();
    third_street(
        &mut s,
        &[["Qc", "Jc", "Ac"], ["9d", "8d", "Kd"], ["9h", "8h", "5h"]],
    );
    assert_eq!(s.current_player(), Player::Seat(1));
    run(&mut s, "bring in, call, fold");
    // 4th street goes to seats 1 and 2 only; the best board of the two (6-5) opens.
    run(&mut s, "2d, 6h");
    assert_eq!(s.up_cards(0).len(), 1);
    assert_eq!(s.up_cards(1).len(), 2);
    assert_eq!(s.current_player(), Player::Seat(2));
}

#[test]
fn a_match_skips_a_broke_seat_and_ends_after_its_hands() {
    // Stacks of 5, ante 1, small bet 4: J♣ (seat 0) brings in by completing all in, both others
    // call all in; seats 1 and 2 tie with 8-6-4-2-A and split the 15 chips, the odd chip to seat 1
    // (the first winner clockwise from the dealer, seat 2). Seat 0 is broke.
    let g = game(&[
        ("players", "3"),
        ("stack", "5"),
        ("scope", "match"),
        ("hands", "2"),
    ]);
    let mut s = g.new_initial_state();
    third_street(
        &mut s,
        &[["Kc", "Qc", "Jc"], ["8d", "6d", "4d"], ["8h", "6h", "4h"]],
    );
    run(&mut s, "complete, call, call");
    run(&mut s, "Kd, 2d, 2h, Qd, Ad, Ah, Jd, Ks, Kh, Th, Qs, Qh");
    // Hand 2: the button moves past the broke seat 0 to seat 1, and seat 0 is dealt nothing.
    assert_eq!(s.hand_number(), 1);
    assert_eq!(s.dealer(), 1);
    assert_eq!(s.hand_start_stacks()[..3], [0, 8, 7]);
    let mut sc = [0.0; 3];
    s.scores(&mut sc);
    assert_eq!(sc, [0.0, 7.0, 6.0]); // after the antes
                                     // The returns are settled when the match ends, not after each hand.
    let mut r = [1.0; 3];
    s.returns(&mut r);
    assert_eq!(r, [0.0; 3]);
    // Dealing order from the dealer's left: seat 2, (seat 0 sits out), seat 1.
    run(&mut s, "9c, 3c, 9d, 3d, Ks, 2c");
    assert!(!s.is_live(0));
    // The table marks it out (no cards, no chips), not folded.
    assert!(
        s.to_string().contains("\np0: [] - | stack 0, bet 0 (out)\n"),
        "{s}"
    );
    assert!(s.down_cards(0).is_empty() && s.up_cards(0).is_empty());
    assert_eq!(s.down_cards(1).len(), 2);
    assert_eq!(s.up_cards(2), [deck().parse("Ks").unwrap().0]);
    // K♠ brings in, seat 1 folds: the second and last hand is over although two seats have chips.
    assert_eq!(s.current_player(), Player::Seat(2));
    run(&mut s, "bring in, fold");
    assert!(s.is_terminal());
    assert_eq!(s.hand_number(), 1);
    let mut r = [0.0; 3];
    s.returns(&mut r);
    assert_eq!(r, [-5.0, 2.0, 3.0]);
}

#[test]
fn a_match_ends_when_one_player_has_all_the_chips() {
    // Heads-up, stacks of 5: J♦ completes all in, seat 0 calls all in and wins with the wheel
    // although 20 hands were agreed.
    let g = game(&[("stack", "5"), ("scope", "match"), ("hands", "20")]);
    let mut s = g.new_initial_state();
    third_street(&mut s, &[["Ac", "2c", "3c"], ["Kd", "Qd", "Jd"]]);
    run(&mut s, "complete, call");
    run(&mut s, "4c, Kh, 5c, Qh, 6c, Jh, 7c, Th");
    assert!(s.is_terminal());
    assert_eq!(s.hand_number(), 0);
    let mut r = [0.0; 2];
    s.returns(&mut r);
    assert_eq!(r, [5.0, -5.0]);
    // Table stakes: nobody loses more than the stack nor wins more than the others' stacks, and
    // this hand reaches both bounds.
    let u = g.utility().unwrap();
    assert_eq!((u.min, u.max, u.sum), (-5.0, 5.0, Some(0.0)));
    // At the showdown both hands are shown: seat 1 sees seat 0's down cards.
    let view = s.observation_string(1);
    assert!(view.contains(&card_name("Ac")), "{view}");
    assert!(view.contains("showdown"), "{view}");
}

#[test]
fn the_information_state_hides_the_other_down_cards() {
    let mut s = game(&[]).new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Kc"], ["2d", "3d", "4h"]]);
    let info = s.information_state_string(0);
    assert!(
        info.contains(&format!("you get {} down", card_name("2c"))),
        "{info}"
    );
    assert!(info.contains("p1 gets a card down"), "{info}");
    assert!(
        info.contains(&format!("p1 gets {} up", card_name("4h"))),
        "{info}"
    );
    assert!(!info.contains(&card_name("2d")), "{info}");
}

/// Plays the longest hands the cap allows: on every street each player checks or calls until the
/// last one who could close the round instead bets, completes or raises, until the cap (the
/// bring-in is posted, never completed at once). Returns the number of actions (cards included).
fn longest_play(s: &mut RazzState, n: usize, rng: &mut Rng) -> usize {
    let mut steps = 0;
    // Passive actions since the round began or since its last aggression, and how many close it.
    let (mut since, mut need) = (0, n);
    while !s.is_terminal() {
        steps += 1;
        if s.is_chance_node() {
            let a = s.sample_chance(rng);
            s.apply_action(a).unwrap();
            (since, need) = (0, n);
            continue;
        }
        let legal = s.legal_moves();
        let has = |m: Move| legal & m.bit() != 0;
        let m = if has(Move::BringIn) {
            (since, need) = (0, n - 1);
            Move::BringIn
        } else if since + 1 == need && (has(Move::Bet) || has(Move::Complete) || has(Move::Raise)) {
            (since, need) = (0, n - 1);
            [Move::Bet, Move::Complete, Move::Raise]
                .into_iter()
                .find(|&m| has(m))
                .unwrap()
        } else {
            since += 1;
            if has(Move::Check) {
                Move::Check
            } else {
                Move::Call
            }
        };
        s.apply_action(move_action(m)).unwrap();
    }
    steps
}

#[test]
fn max_game_length_covers_the_longest_capped_hands() {
    // 8 players, two hands of a match, every round to the cap with nobody folding. Per hand: 49
    // cards (8 x 6 and the community card), and per round 5 x 8 - 4 = 36 actions: on 3rd street the
    // bring-in, 7 players to the completion, 3 x 7 to the three raises, 7 calls; on later streets
    // 8 to the bet, 3 x 7 to the raises, 7 calls.
    let g = game(&[("players", "8"), ("scope", "match"), ("hands", "2")]);
    let mut s = g.new_initial_state();
    let steps = longest_play(&mut s, 8, &mut Rng::new(12));
    assert_eq!(s.hand_number(), 1);
    assert_eq!(steps, 2 * (49 + 5 * 36));
    assert!(steps <= g.max_game_length(), "{steps} > {}", g.max_game_length());
}

#[test]
fn max_game_length_covers_uncapped_heads_up_raising() {
    // Heads-up without a cap, both raise until one is all in on 3rd street: more than a hundred
    // actions in one hand.
    let g = game(&[("uncapped_heads_up", "true")]);
    let mut s = g.new_initial_state();
    let mut rng = Rng::new(13);
    let mut steps = 0;
    while !s.is_terminal() {
        let a = if s.is_chance_node() {
            s.sample_chance(&mut rng)
        } else {
            let legal = s.legal_moves();
            let m = [Move::Raise, Move::Complete, Move::Bet, Move::Call, Move::Check]
                .into_iter()
                .find(|m| legal & m.bit() != 0)
                .unwrap();
            move_action(m)
        };
        s.apply_action(a).unwrap();
        steps += 1;
    }
    assert!(steps > 100, "{steps}");
    assert!(steps <= g.max_game_length(), "{steps} > {}", g.max_game_length());
}

#[test]
fn illegal_actions_are_refused_with_a_reason() {
    let mut s = game(&[]).new_initial_state();
    let e = s.apply_action(move_action(Move::Fold)).unwrap_err().to_string();
    assert!(e.contains("chance node"), "{e}");
    run(&mut s, "2c");
    let e = s
        .apply_action(s.string_to_action("2c").unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("already out"), "{e}");
    run(&mut s, "2d, 3c, 3d, Kc, 4h");
    // Seat 0 (K♣) is to bring in: a card or an unknown id is refused.
    assert_eq!(s.current_player(), Player::Seat(0));
    let e = s.apply_action(5).unwrap_err().to_string();
    assert!(e.contains("a player is to act"), "{e}");
    let e = s.apply_action(NUM_ACTIONS).unwrap_err().to_string();
    assert!(e.contains("not legal now"), "{e}");
    // 4th street: 5-4 showing (seat 1) opens; with nothing to call a fold is refused.
    run(&mut s, "bring in, call, 5c, 5d");
    assert_eq!(s.current_player(), Player::Seat(1));
    let e = s.apply_action(move_action(Move::Fold)).unwrap_err().to_string();
    assert!(e.contains("check instead"), "{e}");
    run(&mut s, "bet, fold");
    assert!(matches!(
        s.apply_action(move_action(Move::Call)),
        Err(LudoError::GameOver)
    ));
}

#[test]
fn max_game_length_holds_for_uncapped_tables_with_short_stacks() {
    // Stacks of 5 against a small bet of 4: fewer than four small bets behind each. The bound must
    // still be a number at least as long as a hand played to the end (all in on 3rd street).
    let g = game(&[("uncapped_heads_up", "true"), ("stack", "5")]);
    let mut s = g.new_initial_state();
    third_street(&mut s, &[["Ac", "2c", "3c"], ["Kd", "Qd", "Jd"]]);
    run(&mut s, "complete, call, 4c, Kh, 5c, Qh, 6c, Jh, 7c, Th");
    assert!(s.is_terminal());
    assert!(s.history().len() <= g.max_game_length());
}

#[test]
fn a_refused_move_names_the_reason_that_applies() {
    // Heads-up, K♣ (seat 0) brings in: the bring-in player posts the bring-in or completes (§8.3),
    // it has no fold, and nothing is to be called, so the refusal is not "check instead".
    let mut s = game(&[]).new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Kc"], ["2d", "3d", "4h"]]);
    assert_eq!(s.current_player(), Player::Seat(0));
    let e = s.apply_action(move_action(Move::Fold)).unwrap_err().to_string();
    assert!(e.contains("not legal now; legal: bring in, complete"), "{e}");
    // 4th street: 5-4 showing (seat 1) opens and may check or bet. A call (nothing to call) and a
    // raise (no bet to raise, the round is far from its cap) are refused as not legal, no more.
    run(&mut s, "bring in, call, 5c, 5d");
    assert_eq!(s.current_player(), Player::Seat(1));
    for m in [Move::Call, Move::Raise] {
        let e = s.apply_action(move_action(m)).unwrap_err().to_string();
        assert!(e.contains("not legal now; legal: check, bet"), "{e}");
    }
    // At the cap (bet and three raises) a bet is refused as not legal, the raise as capped.
    run(&mut s, "bet, raise, raise, raise");
    let e = s.apply_action(move_action(Move::Bet)).unwrap_err().to_string();
    assert!(e.contains("not legal now; legal: fold, call"), "{e}");
    let e = s.apply_action(move_action(Move::Raise)).unwrap_err().to_string();
    assert!(e.contains("capped at 4"), "{e}");
}

#[test]
fn card_locations_put_every_card_in_one_place() {
    // Heads-up with burns: after 3rd street one card is burnt before each 4th-street up card.
    let mut s = game(&[("burn_cards", "true")]).new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Kc"], ["2d", "3d", "4h"]]);
    run(&mut s, "bring in, call, 9s, 5c, 5d");
    let ids = |names: &[&str]| {
        let mut v: Vec<Action> = names
            .iter()
            .map(|t| u32::from(deck().parse(t).unwrap().0))
            .collect();
        v.sort_unstable();
        v
    };
    let locs = s.card_locations().unwrap();
    let places: Vec<&str> = locs.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(places, ["hand 0", "hand 1", "community", "burned", "stock"]);
    let sorted = |v: &Vec<Action>| {
        let mut v = v.clone();
        v.sort_unstable();
        v
    };
    // A hand holds its down and its up cards.
    assert_eq!(sorted(&locs[0].1), ids(&["2c", "3c", "Kc", "5c"]));
    assert_eq!(sorted(&locs[1].1), ids(&["2d", "3d", "4h", "5d"]));
    assert!(locs[2].1.is_empty());
    assert_eq!(locs[3].1, ids(&["9s"]));
    // The stock is the other 43 cards.
    let mut all: Vec<Action> = locs.iter().flat_map(|(_, v)| v.iter().copied()).collect();
    assert_eq!(locs[4].1.len(), 43);
    all.sort_unstable();
    assert_eq!(all, (0..52).collect::<Vec<Action>>());
}

#[test]
fn the_information_state_tells_the_community_card_and_the_end_of_each_hand() {
    // A heads-up match of two hands, ante 1: each time the bring-in is posted and the other folds,
    // so the bring-in player wins the other's ante.
    let mut s = game(&[("scope", "match"), ("hands", "2")]).new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Kc"], ["2d", "3d", "4h"]]);
    run(&mut s, "bring in, fold");
    // Hand 2: dealer seat 0, so seat 1 is dealt first; its K♣ brings in.
    run(&mut s, "2c, 2d, 3c, 3d, Kc, 4h, bring in, fold");
    assert!(s.is_terminal());
    let info = s.information_state_string(0);
    let lines: Vec<&str> = info.lines().collect();
    assert_eq!(lines[0], "Razz, you are p0");
    assert_eq!(lines[7], "p0 bring in");
    assert_eq!(lines[8], "p1 fold");
    assert_eq!(lines[9], "hand 1 over; stacks [401, 399]");
    assert_eq!(lines[10], "p1 gets a card down");
    assert_eq!(lines.len(), 1 + 8 + 1 + 8 + 1, "{info}");
    assert_eq!(lines[17], "p0 fold");
    assert_eq!(lines[18], "hand over: p0 -1, p1 +1");
    // Eight players, no burns: the 7th card is a community card, named in every seat's view.
    let s = eight_to_the_community_card();
    let c = action_name(u32::from(s.community().unwrap()));
    let info = s.information_state_string(3);
    assert!(info.ends_with(&format!("community card {c}")), "{info}");
    assert!(!info.contains("burnt"), "{info}");
}

/// Index of a card written as text in a 52-card block of the observation.
fn ci(t: &str) -> usize {
    deck().parse(t).unwrap().idx()
}

/// The observation of `player`.
fn observation(g: &Razz, s: &RazzState, player: usize) -> Vec<f32> {
    let mut out = vec![9.0; g.observation_shape()[0]];
    s.write_observation(player, &mut out);
    out
}

/// Eight players checking and calling until the stub runs short and the community card is dealt
/// (8 × 6 = 48 cards out, 4 left < 8 players, §8.4).
fn eight_to_the_community_card() -> RazzState {
    let mut s = game(&[("players", "8")]).new_initial_state();
    let mut rng = Rng::new(3);
    while s.community().is_none() {
        let a = if s.is_chance_node() {
            s.sample_chance(&mut rng)
        } else {
            let legal = s.legal_moves();
            let m = [Move::Check, Move::BringIn, Move::Call]
                .into_iter()
                .find(|m| legal & m.bit() != 0)
                .unwrap();
            move_action(m)
        };
        s.apply_action(a).unwrap();
    }
    s
}

#[test]
fn the_observation_shows_up_cards_and_own_down_cards_from_the_viewers_seat() {
    // Heads-up, stacks 400 (800 chips in all), ante 1, small bet 4. K♣ (seat 0) brings in for 2,
    // seat 1 calls; on 4th street 5-4 showing (seat 1) opens and bets 4; seat 0 is to act.
    let g = game(&[]);
    let mut s = g.new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Kc"], ["2d", "3d", "4h"]]);
    run(&mut s, "bring in, call, 5c, 5d, bet");
    let (seat, glob) = (111, 222); // 52 up + 52 shown + 7 numbers per seat, then the viewer's block
    let total = 800.0_f32;
    // Seat blocks from the viewer round the table: (up cards, live, all in, to act, dealer, stack,
    // bet this round, put in this hand).
    let block = |v: &mut Vec<f32>,
                 base: usize,
                 up: [&str; 2],
                 act: f32,
                 dealer: f32,
                 stack: f32,
                 bet: f32,
                 put: f32| {
        for c in up {
            v[base + ci(c)] = 1.0;
        }
        let f = base + 104;
        v[f..f + 7].copy_from_slice(&[1.0, 0.0, act, dealer, stack / total, bet / total, put / total]);
    };
    for (viewer, down) in [(1, ["2d", "3d"]), (0, ["2c", "3c"])] {
        let mut want = vec![0.0_f32; 2 * seat + 112];
        let at = |s: usize| if s == viewer { 0 } else { seat };
        block(&mut want, at(0), ["Kc", "5c"], 1.0, 0.0, 397.0, 0.0, 3.0);
        block(&mut want, at(1), ["4h", "5d"], 0.0, 1.0, 393.0, 4.0, 7.0);
        for c in down {
            want[glob + ci(c)] = 1.0; // only the viewer's own down cards
        }
        want[glob + 104 + 1] = 1.0; // 4th street
        want[glob + 109] = 1.0 / 8.0; // one bet this round
        want[glob + 110] = 0.0; // hand 1 of 1
        want[glob + 111] = 10.0 / total; // 2 antes, bring-in, call, bet
        assert_eq!(observation(&g, &s, viewer), want, "viewer {viewer}");
    }
}

#[test]
fn the_observation_shows_all_ins_and_the_down_cards_shown_at_showdown() {
    // Heads-up, stacks of 5: J♦ (seat 1) completes all in, seat 0 calls all in.
    let g = game(&[("stack", "5")]);
    let mut s = g.new_initial_state();
    third_street(&mut s, &[["Ac", "2c", "3c"], ["Kd", "Qd", "Jd"]]);
    let glob = 222;
    let o = observation(&g, &s, 0);
    assert_eq!(o[glob + 104..glob + 109], [1.0, 0.0, 0.0, 0.0, 0.0]); // 3rd street
    run(&mut s, "complete, call");
    for viewer in 0..2 {
        let o = observation(&g, &s, viewer);
        for base in [0, 111] {
            // Live, all in, nobody to act (cards are being dealt).
            assert_eq!(o[base + 104..base + 107], [1.0, 1.0, 0.0], "viewer {viewer}");
            // Nothing is shown before the showdown.
            assert!(o[base + 52..base + 104].iter().all(|&x| x == 0.0));
        }
    }
    run(&mut s, "4c, Kh, 5c, Qh, 6c, Jh, 7c, Th");
    assert!(s.is_terminal());
    // At the showdown both hands are shown, each in its seat's block.
    for (viewer, mine, theirs) in [
        (0, ["Ac", "2c", "7c"], ["Kd", "Qd", "Th"]),
        (1, ["Kd", "Qd", "Th"], ["Ac", "2c", "7c"]),
    ] {
        let o = observation(&g, &s, viewer);
        let shown = |base: usize| -> Vec<usize> { (0..52).filter(|&i| o[base + 52 + i] == 1.0).collect() };
        let mut a: Vec<usize> = mine.iter().map(|t| ci(t)).collect();
        let mut b: Vec<usize> = theirs.iter().map(|t| ci(t)).collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!((shown(0), shown(111)), (a, b), "viewer {viewer}");
    }
}

#[test]
fn the_observation_tells_the_hand_of_the_match_and_the_community_card() {
    // A heads-up match of two hands: the first ends at once (the bring-in wins the antes), so in
    // the second half of the match the progress is 1 / 2.
    let g = game(&[("scope", "match"), ("hands", "2")]);
    let mut s = g.new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Kc"], ["2d", "3d", "4h"]]);
    run(&mut s, "bring in, fold");
    assert_eq!(s.hand_number(), 1);
    assert_eq!(observation(&g, &s, 0)[222 + 110], 0.5);
    // Eight players: the community card has its own block after the viewer's down cards.
    let s = eight_to_the_community_card();
    let g8 = game(&[("players", "8")]);
    let c = usize::from(s.community().unwrap());
    let o = observation(&g8, &s, 5);
    let glob = 8 * 111;
    let community: Vec<usize> = (0..52).filter(|&i| o[glob + 52 + i] == 1.0).collect();
    assert_eq!(community, [c]);
    assert_eq!(o[glob + 104..glob + 109], [0.0, 0.0, 0.0, 0.0, 1.0]); // 7th street
}

#[test]
fn actions_have_names_and_parse_back() {
    // Ids 0..52 are the cards, 52.. the seven moves in `Move::ALL` order, anything above is unknown.
    let two = u32::from(deck().parse("2c").unwrap().0);
    assert_eq!(action_name(two), card_name("2c"));
    assert_eq!(action_name(MOVE_BASE - 1), deck().name_of(Card(51)));
    assert_eq!(action_name(MOVE_BASE), "fold");
    assert_eq!(action_name(MOVE_BASE + 3), "bring in");
    assert_eq!(action_name(MOVE_BASE + 6), "raise");
    assert_eq!(action_name(MOVE_BASE + 7), "action 59");
    let s = game(&[]).new_initial_state();
    for (text, want) in [
        ("fold", move_action(Move::Fold)),
        ("  CHECK ", move_action(Move::Check)),
        ("bring in", move_action(Move::BringIn)),
        ("bringin", move_action(Move::BringIn)),
        ("Bring-In", move_action(Move::BringIn)),
        ("bring_in", move_action(Move::BringIn)),
        ("complete", move_action(Move::Complete)),
        ("raise", move_action(Move::Raise)),
        ("10h", u32::from(deck().parse("Th").unwrap().0)),
    ] {
        assert_eq!(s.string_to_action(text).unwrap(), want, "{text}");
    }
    // "bringin" is the only run-together name; the others are cards or errors.
    for bad in ["checkraise", "callin", "", "bring"] {
        let e = s.string_to_action(bad).unwrap_err().to_string();
        assert!(e.contains("expected fold, check"), "{bad}: {e}");
    }
}

#[test]
fn random_actions_are_legal_and_reach_every_legal_move() {
    // At the bring-in: bring in or complete; facing a completion: fold, call or raise.
    let mut s = game(&[("players", "3")]).new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "K♣"], ["2d", "3d", "4♥"], ["5d", "6d", "7♥"]],
    );
    let mut rng = Rng::new(11);
    let draws = |s: &RazzState, rng: &mut Rng| {
        let mut seen: Vec<String> = (0..200).map(|_| action_name(s.random_action(rng))).collect();
        seen.sort();
        seen.dedup();
        seen
    };
    assert_eq!(draws(&s, &mut rng), ["bring in", "complete"]);
    run(&mut s, "bring in, complete");
    assert_eq!(draws(&s, &mut rng), ["call", "fold", "raise"]);
}

/// Applies `steps` and returns the omniscient table text.
fn table_after(s: &mut RazzState, steps: &str) -> String {
    run(s, steps);
    s.to_string()
}

#[test]
fn the_table_text_shows_each_seat_as_the_viewer_may_see_it() {
    // Heads-up, stacks 400, ante 1, small bet 4 (bring-in 2); dealer p1, so seat 0 is dealt first
    // and K♣ brings in. Down cards are in brackets, `?` for a card the viewer may not see.
    let c = |t: &str| card_name(t);
    let g = game(&[]);
    let mut s = g.new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Kc"], ["2d", "3d", "4h"]]);
    // The seat to act is told its choices with the bet each makes; the other is not.
    assert_eq!(
        s.observation_string(0),
        format!(
            "Razz, you are p0; 3rd street; dealer p1; pot 2; p0 to act\n\
             p0 (you): [{} {}] {} | stack 399, bet 0\n\
             p1: [? ?] {} | stack 399, bet 0\n\
             you may: bring in (to 2), complete (to 4)",
            c("2c"),
            c("3c"),
            c("Kc"),
            c("4h")
        )
    );
    assert_eq!(
        s.observation_string(1),
        format!(
            "Razz, you are p1; 3rd street; dealer p1; pot 2; p0 to act\n\
             p0: [? ?] {} | stack 399, bet 0\n\
             p1 (you): [{} {}] {} | stack 399, bet 0",
            c("Kc"),
            c("2d"),
            c("3d"),
            c("4h")
        )
    );
    // Facing the bring-in: fold (no amount), call it, or complete to the small bet. While the
    // bring-in is not called the pots go by what each seat has put in: the antes (1 + 1, both
    // seats) and the bring-in (2, seat 0 only so far).
    run(&mut s, "bring in");
    assert_eq!(
        s.observation_string(1),
        format!(
            "Razz, you are p1; 3rd street; dealer p1; pot 4; p1 to act\n\
             p0: [? ?] {} | stack 397, bet 2\n\
             p1 (you): [{} {}] {} | stack 399, bet 0\n\
             pots: 2 (p0 p1), 2 (p0)\n\
             you may: fold, call (to 2), complete (to 4)",
            c("Kc"),
            c("2d"),
            c("3d"),
            c("4h")
        )
    );
    // The call ends 3rd street; the table (omniscient) sees every card, and nobody acts while cards
    // are dealt, not even the viewer.
    assert_eq!(
        table_after(&mut s, "call"),
        format!(
            "Razz, omniscient; 4th street; dealer p1; pot 6; dealing\n\
             p0: [{} {}] {} | stack 397, bet 0\n\
             p1: [{} {}] {} | stack 397, bet 0",
            c("2c"),
            c("3c"),
            c("Kc"),
            c("2d"),
            c("3d"),
            c("4h")
        )
    );
    assert!(!s.observation_string(1).contains("you may"));
    // Each street by name; 5-4 showing opens 4th street and keeps opening (lowest board).
    let head = |street: &str| format!("Razz, omniscient; {street} street; dealer p1; pot 6; p1 to act\n");
    assert!(table_after(&mut s, "5c, 5d").starts_with(&head("4th")));
    assert!(table_after(&mut s, "check, check, 6c, 6d").starts_with(&head("5th")));
    assert!(table_after(&mut s, "check, check, 7c, 7d").starts_with(&head("6th")));
    assert!(table_after(&mut s, "check, check, 8c, 8d").starts_with(&head("7th")));
    // Showdown: 6-5-4-3-2 beats 7-6-5-3-2; seat 0 now sees seat 1's down cards.
    run(&mut s, "check, check");
    let view = s.observation_string(0);
    let p1 = format!(
        "p1: [{} {} {}] {} {} {} {} | stack 403, bet 0\n",
        c("2d"),
        c("3d"),
        c("8d"),
        c("4h"),
        c("5d"),
        c("6d"),
        c("7d")
    );
    assert!(view.contains(&p1), "{view}");
    assert!(
        view.ends_with("\nhand over: p0 -3, p1 +3; showdown: p0 7-6-5-3-2, p1 6-5-4-3-2"),
        "{view}"
    );
    assert!(!view.contains("you may") && !view.contains("pots:"), "{view}");
}

#[test]
fn the_table_text_tells_folds_all_ins_side_pots_and_the_hand_of_the_match() {
    // Three players, stacks 10, ante 1, small bet 4, a match of two hands.
    let c = |t: &str| card_name(t);
    let g = game(&[
        ("players", "3"),
        ("stack", "10"),
        ("scope", "match"),
        ("hands", "2"),
    ]);
    let mut s = g.new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "Kc"], ["2d", "3d", "4h"], ["5d", "6d", "7h"]],
    );
    // Hand 1: K♣ brings in, seat 1 calls, seat 2 folds (one pot: no side pot for a fold).
    assert_eq!(
        table_after(&mut s, "bring in, call, fold"),
        format!(
            "Razz, omniscient; hand 1/2; 4th street; dealer p2; pot 7; dealing\n\
             p0: [{} {}] {} | stack 7, bet 0\n\
             p1: [{} {}] {} | stack 7, bet 0\n\
             p2: [{} {}] {} | stack 9, bet 0 (folded)",
            c("2c"),
            c("3c"),
            c("Kc"),
            c("2d"),
            c("3d"),
            c("4h"),
            c("5d"),
            c("6d"),
            c("7h")
        )
    );
    // 5-4 bets, K-5 folds: seat 1 wins 11 (stacks 7, 14, 9). Hand 2: the button moves to seat 0,
    // seat 1 is dealt first; Q♠ (seat 1) completes, seat 2 raises all in to 8, seat 0 calls all in
    // for 6, seat 1 calls. Put in (with the antes) 7, 9, 9: a main pot of 21 for all three, a side
    // pot of 4 for seats 1 and 2.
    run(&mut s, "5c, 5h, bet, fold");
    run(&mut s, "2s, 8c, Th, 3s, 9c, Jh, Qs, 5h, 3h");
    assert_eq!(
        table_after(&mut s, "complete, raise, call, call"),
        format!(
            "Razz, omniscient; hand 2/2; 4th street; dealer p0; pot 25; dealing\n\
             p0: [{} {}] {} | stack 0, bet 0 (all in)\n\
             p1: [{} {}] {} | stack 5, bet 0\n\
             p2: [{} {}] {} | stack 0, bet 0 (all in)\n\
             pots: 21 (p0 p1 p2), 4 (p1 p2)",
            c("Th"),
            c("Jh"),
            c("3h"),
            c("2s"),
            c("3s"),
            c("Qs"),
            c("8c"),
            c("9c"),
            c("5h")
        )
    );
    // Dealt out (seat 1, seat 2, seat 0 each street): 6-5-4-3-2 wins both pots, 25 chips; the
    // match is over, and an all-in seat is no longer marked once the hand is over.
    run(&mut s, "4s, Kc, 4h, 5s, Kd, 5c, 6s, Ks, 6c, 7s, Kh, 7c");
    assert!(s.is_terminal());
    let t = s.to_string();
    assert!(
        t.ends_with(
            "\nhand over: p0 -7, p1 +16, p2 -9; showdown: p0 7-6-5-4-3, p1 6-5-4-3-2, \
             p2 pair of kings, 9-8-5"
        ),
        "{t}"
    );
    assert!(t.contains("p1: ") && t.contains("| stack 30, bet 0\n"), "{t}");
    assert!(!t.contains("(all in)"), "{t}");
}

#[test]
fn the_table_text_shows_only_the_hands_shown_at_showdown() {
    // Three players: seat 2 folds to the bring-in, seats 0 and 1 check to the showdown; seat 2's
    // cards stay hidden and out of the showdown line.
    let c = |t: &str| card_name(t);
    let mut s = game(&[("players", "3")]).new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "Kc"], ["2d", "3d", "4h"], ["5d", "6d", "7h"]],
    );
    run(
        &mut s,
        "bring in, call, fold, 5c, 5h, check, check, 6c, 6h, check, check",
    );
    run(&mut s, "7c, 7d, check, check, 8c, 8d, check, check");
    let view = s.observation_string(0);
    assert!(view.ends_with("showdown: p0 7-6-5-3-2, p1 6-5-4-3-2"), "{view}");
    assert!(
        view.contains(&format!("p2: [? ?] {} | stack 399, bet 0 (folded)\n", c("7h"))),
        "{view}"
    );
}

/// The PHH header of a hand (`antes` one per player in the hand).
fn phh_head(k: usize, stacks: &str, seats: &str, seat_count: usize, hand: usize) -> String {
    format!(
        "variant = \"FR\"\nante_trimming_status = true\nantes = [{}]\nbring_in = 2\nsmall_bet = 4\n\
         big_bet = 8\nstarting_stacks = [{stacks}]\nseats = [{seats}]\nseat_count = {seat_count}\n\
         hand = {hand}\nactions = [\n",
        vec!["1"; k].join(", ")
    )
}

/// A PHH action list, one quoted action a line.
fn phh_actions(actions: &[&str]) -> String {
    let lines: Vec<String> = actions.iter().map(|a| format!("  \"{a}\",")).collect();
    format!("{}\n]\n", lines.join("\n"))
}

#[test]
fn hand_histories_write_cards_bets_and_amounts_in_phh() {
    // Heads-up (dealer seat 1: p1 is seat 0). K♣ brings in, 4♥ completes to 4, K♣ raises to 8,
    // called; 4th street: 5-4 opens with a bet of 4, called; 5th: a big bet of 8, K-5-6 folds.
    let mut s = game(&[]).new_initial_state();
    third_street(&mut s, &[["2c", "3c", "Kc"], ["2d", "3d", "4h"]]);
    run(
        &mut s,
        "bring in, complete, raise, call, 5c, 5d, bet, call, 6c, 6d, bet, fold",
    );
    let docs = hh::hands_phh(&s).unwrap();
    let want = phh_head(2, "400, 400", "1, 2", 2, 1)
        + &phh_actions(&[
            "d dh p1 2c3cKc",
            "d dh p2 2d3d4h",
            "p1 pb",
            "p2 cbr 4",
            "p1 cbr 8",
            "p2 cc",
            "d dh p1 5c",
            "d dh p2 5d",
            "p2 cbr 4",
            "p1 cc",
            "d dh p1 6c",
            "d dh p2 6d",
            "p2 cbr 8",
            "p1 f",
        ]);
    assert_eq!(docs, [want]);
}

#[test]
fn hand_histories_leave_out_burns_and_show_only_the_hands_at_showdown() {
    // Three players with burns (9♠ 9♥ 9♦ 9♣ before 4th to 7th street, never written): seat 2 folds
    // to the bring-in, seats 0 and 1 check it down; the showdown lists their seven cards in the
    // order dealt, not seat 2's.
    let mut s = game(&[("players", "3"), ("burn_cards", "true")]).new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "Kc"], ["2d", "3d", "4h"], ["5d", "6d", "7h"]],
    );
    run(
        &mut s,
        "bring in, call, fold, 9s, 5c, 5h, check, check, 9h, 6c, 6h, check, check",
    );
    run(&mut s, "9d, 7c, 7d, check, check, 9c, 8c, 8d, check, check");
    assert!(s.is_terminal());
    let want = phh_head(3, "400, 400, 400", "1, 2, 3", 3, 1)
        + &phh_actions(&[
            "d dh p1 2c3cKc",
            "d dh p2 2d3d4h",
            "d dh p3 5d6d7h",
            "p1 pb",
            "p2 cc",
            "p3 f",
            "d dh p1 5c",
            "d dh p2 5h",
            "p2 cc",
            "p1 cc",
            "d dh p1 6c",
            "d dh p2 6h",
            "p2 cc",
            "p1 cc",
            "d dh p1 7c",
            "d dh p2 7d",
            "p2 cc",
            "p1 cc",
            "d dh p1 8c",
            "d dh p2 8d",
            "p2 cc",
            "p1 cc",
            "p1 sm 2c3cKc5c6c7c8c",
            "p2 sm 2d3d4h5h6h7d8d",
        ]);
    assert_eq!(hh::hands_phh(&s).unwrap(), [want]);
}

#[test]
fn hand_histories_of_a_match_number_players_from_the_dealers_left_and_skip_broke_seats() {
    // The match of `a_match_skips_a_broke_seat_and_ends_after_its_hands`: hand 1 (dealer seat 2,
    // p1 = seat 0) is all in on 3rd street and shown down by all three; in hand 2 the dealer is
    // seat 1, seat 0 is broke, so p1 = seat 2 (3rd seat) and p2 = seat 1, with stacks 7 and 8.
    let g = game(&[
        ("players", "3"),
        ("stack", "5"),
        ("scope", "match"),
        ("hands", "2"),
    ]);
    let mut s = g.new_initial_state();
    third_street(
        &mut s,
        &[["Kc", "Qc", "Jc"], ["8d", "6d", "4d"], ["8h", "6h", "4h"]],
    );
    run(&mut s, "complete, call, call");
    run(&mut s, "Kd, 2d, 2h, Qd, Ad, Ah, Jd, Ks, Kh, Th, Qs, Qh");
    // Mid-hand: the hand under way is written up to now (its 3rd street dealt, no action yet).
    run(&mut s, "9c, 3c, 9d, 3d, Ks, 2c");
    let docs = hh::hands_phh(&s).unwrap();
    let hand1 = phh_head(3, "5, 5, 5", "1, 2, 3", 3, 1)
        + &phh_actions(&[
            "d dh p1 KcQcJc",
            "d dh p2 8d6d4d",
            "d dh p3 8h6h4h",
            "p1 cbr 4",
            "p2 cc",
            "p3 cc",
            "d dh p1 Kd",
            "d dh p2 2d",
            "d dh p3 2h",
            "d dh p1 Qd",
            "d dh p2 Ad",
            "d dh p3 Ah",
            "d dh p1 Jd",
            "d dh p2 Ks",
            "d dh p3 Kh",
            "d dh p1 Th",
            "d dh p2 Qs",
            "d dh p3 Qh",
            "p1 sm KcQcJcKdQdJdTh",
            "p2 sm 8d6d4d2dAdKsQs",
            "p3 sm 8h6h4h2hAhKhQh",
        ]);
    let hand2 = |actions: &[&str]| phh_head(2, "7, 8", "3, 2", 3, 2) + &phh_actions(actions);
    assert_eq!(
        docs,
        [hand1.clone(), hand2(&["d dh p1 9c9dKs", "d dh p2 3c3d2c"])]
    );
    // K♠ brings in, seat 1 (p2) folds: no showdown.
    run(&mut s, "bring in, fold");
    let docs = hh::hands_phh(&s).unwrap();
    assert_eq!(
        docs,
        [
            hand1,
            hand2(&["d dh p1 9c9dKs", "d dh p2 3c3d2c", "p1 pb", "p2 f"])
        ]
    );
}

#[test]
fn hand_histories_refuse_a_hand_with_the_community_card() {
    // PHH stud has no shared card: the hand that used one is named in the error.
    let s = eight_to_the_community_card();
    let e = hh::hands_phh(&s).unwrap_err().to_string();
    assert!(e.contains("hand 1 used the community card"), "{e}");
}

#[test]
fn hand_histories_show_down_an_all_in_hand_when_the_last_bet_is_folded_to() {
    // Three players, stacks 10, a match of two hands. Hand 1: K♣ brings in, seat 1 calls, seat 2
    // folds; 5-4 bets on 4th street and K-5 folds: stacks 7, 14, 9. Hand 2 (dealer seat 0, so p1 =
    // seat 1, p2 = seat 2, p3 = seat 0): Q♠ brings in, 5♥ completes, seat 0 raises all in to 6,
    // both call; seat 2 (lowest board) checks every street with seat 1, and on 7th street seat 1
    // bets its last 7 and seat 2 folds. Seat 0 is all in, so the fold leaves two hands to show down:
    // p1's and p3's, not the folder's.
    let g = game(&[
        ("players", "3"),
        ("stack", "10"),
        ("scope", "match"),
        ("hands", "2"),
    ]);
    let mut s = g.new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "Kc"], ["2d", "3d", "4h"], ["5d", "6d", "7h"]],
    );
    run(&mut s, "bring in, call, fold, 5c, 5h, bet, fold");
    run(&mut s, "7s, 7h, 7c, 8s, 8h, 8c, Qs, 5h, Jd");
    run(&mut s, "bring in, complete, raise, call, call");
    run(&mut s, "As, 9h, Kd, check, check, 3s, 2h, Kc, check, check");
    run(&mut s, "4s, 4h, Qd, check, check, 6s, 3h, Td, check, bet, fold");
    assert!(s.is_terminal());
    let hand1 = phh_head(3, "10, 10, 10", "1, 2, 3", 3, 1)
        + &phh_actions(&[
            "d dh p1 2c3cKc",
            "d dh p2 2d3d4h",
            "d dh p3 5d6d7h",
            "p1 pb",
            "p2 cc",
            "p3 f",
            "d dh p1 5c",
            "d dh p2 5h",
            "p2 cbr 4",
            "p1 f",
        ]);
    let hand2 = phh_head(3, "14, 9, 7", "2, 3, 1", 3, 2)
        + &phh_actions(&[
            "d dh p1 7s8sQs",
            "d dh p2 7h8h5h",
            "d dh p3 7c8cJd",
            "p1 pb",
            "p2 cbr 4",
            "p3 cbr 6",
            "p1 cc",
            "p2 cc",
            "d dh p1 As",
            "d dh p2 9h",
            "d dh p3 Kd",
            "p2 cc",
            "p1 cc",
            "d dh p1 3s",
            "d dh p2 2h",
            "d dh p3 Kc",
            "p2 cc",
            "p1 cc",
            "d dh p1 4s",
            "d dh p2 4h",
            "d dh p3 Qd",
            "p2 cc",
            "p1 cc",
            "d dh p1 6s",
            "d dh p2 3h",
            "d dh p3 Td",
            "p2 cc",
            "p1 cbr 7",
            "p2 f",
            "p1 sm 7s8sQsAs3s4s6s",
            "p3 sm 7c8cJdKdKcQdTd",
        ]);
    assert_eq!(hh::hands_phh(&s).unwrap(), [hand1, hand2]);
}

#[test]
fn the_game_reports_its_sizes_and_parameters_and_restarts_a_state_afresh() {
    // 52 cards and the seven betting moves are the action ids; a chance node deals one of at most
    // 52 cards; the parameters are the resolved ones (given and defaults).
    let g = game(&[("players", "3"), ("ante", "2")]);
    assert_eq!(g.num_distinct_actions(), 59);
    assert_eq!(g.max_chance_outcomes(), 52);
    assert_eq!((g.params().int("players"), g.params().int("ante")), (3, 2));
    assert_eq!(g.params().int("small_bet"), 4);
    // A restarted state is a new hand: no history, the first card to deal, full stacks.
    let mut s = g.new_initial_state();
    third_street(
        &mut s,
        &[["2c", "3c", "Kc"], ["2d", "3d", "4h"], ["5d", "6d", "7h"]],
    );
    run(&mut s, "bring in");
    // At a decision there is nothing to deal.
    let mut out = vec![(0, 0.5)];
    s.chance_outcomes(&mut out);
    assert!(out.is_empty());
    g.restart(&mut s);
    assert!(s.history().is_empty());
    assert!(s.is_chance_node());
    s.chance_outcomes(&mut out);
    assert_eq!(out.len(), 52);
    assert!(out.iter().all(|&(_, p)| p == 1.0 / 52.0));
    let mut sc = [0.0; 3];
    s.scores(&mut sc);
    assert_eq!(sc, [398.0; 3]); // 400 less the ante of 2
}

#[test]
fn the_state_names_actions_like_the_module() {
    // The state's action text is the module's name of the id: a card or a move.
    let s = game(&[]).new_initial_state();
    assert_eq!(s.action_to_string(MOVE_BASE + 3), "bring in");
    assert_eq!(
        s.action_to_string(u32::from(deck().parse("Ks").unwrap().0)),
        card_name("Ks")
    );
}
