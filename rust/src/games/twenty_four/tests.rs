//! The game: every rule as a small concrete situation, worked examples, names, bots.

use super::*;
use crate::batch::{simulate, SimConfig};
use crate::registry::load_game;

fn c(name: &str) -> Card {
    deck().parse(name).unwrap()
}
fn cards(names: &str) -> Vec<Card> {
    names.split_whitespace().map(c).collect()
}
fn game(pairs: &[(&str, &str)]) -> TwentyFour {
    TwentyFour::with(pairs).unwrap()
}
fn apply(s: &mut TwentyFourState, text: &str) {
    let a = s.string_to_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    s.apply_action(a).unwrap_or_else(|e| panic!("{text}: {e}"));
}
/// Applies `take back …` / `choose …` as is; a race commitment `"t<d> <claim>"` (default `t0`) as its
/// two actions, the claim then the delay.
fn act(s: &mut TwentyFourState, text: &str) {
    if text.starts_with("take") || text.starts_with("choose") {
        return apply(s, text);
    }
    let (delay, claim) = match text.split_once(' ') {
        Some((t, rest)) if t.starts_with('t') && t[1..].parse::<u8>().is_ok() => (t, rest),
        _ => ("t0", text),
    };
    apply(s, claim);
    apply(s, delay);
}
fn sizes(s: &TwentyFourState) -> Vec<usize> {
    s.stack_sizes()
}
fn returns(s: &TwentyFourState) -> Vec<f64> {
    let mut r = vec![0.0; s.n()];
    s.returns(&mut r);
    r
}

#[test]
fn registered_with_its_parameters() {
    let g = load_game("twenty_four(players=4)").unwrap();
    assert_eq!(g.num_players(), 4);
    assert!(load_game("twenty_four(players=3)")
        .err()
        .unwrap()
        .to_string()
        .contains("2 or 4"));
    assert!(load_game("twenty_four(intermediate=floats)").is_err());
    for ex in INFO.examples {
        load_game(ex).unwrap();
    }
}

#[test]
fn the_deal_gives_20_or_10_face_down_cards_and_starts_a_set() {
    for (players, each) in [(2, 20), (4, 10)] {
        let g = game(&[("players", &players.to_string())]);
        let mut s = g.new_initial_state();
        assert_eq!(s.current_player(), Player::Chance);
        let mut rng = Rng::new(5);
        crate::batch::resolve_chance(&mut s, &mut rng);
        let per_seat = if players == 2 { 2 } else { 1 };
        assert_eq!(sizes(&s), vec![each - per_seat; players]);
        assert_eq!(s.centre().len(), 4);
        let locations = s.card_locations().unwrap();
        assert!(
            locations
                .iter()
                .any(|(k, v)| k == "hand 1" && v.len() == each - per_seat),
            "unseen stack cards are a hand"
        );
        let all: Vec<Action> = locations.into_iter().flat_map(|(_, v)| v).collect();
        let mut sorted = all.clone();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            (0..40).collect::<Vec<_>>(),
            "every card in exactly one place"
        );
        assert_eq!(s.current_player(), Player::Seat(0));
    }
}

#[test]
fn two_players_a_valid_claim_wins_the_set_and_the_loser_takes_the_four_cards() {
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("5c 7d 2c 3c"), cards("8h 9s 4h 6h")]).unwrap();
    assert_eq!(s.board(), [5, 7, 8, 9]);
    act(&mut s, "t1 claim 8*5-(7+9)");
    act(&mut s, "t3 no solution");
    // p0 is rid of 5♣ 7♦; p1 puts 5♣ 7♦ 8♥ 9♠ under its stack, then both turn up the next set.
    let r = &s.records()[0];
    assert_eq!(
        r.outcome,
        Outcome::Judged {
            claimer: 0,
            chooser: None,
            valid: true,
            taker: Some(1)
        }
    );
    assert_eq!(r.stated_text().as_deref(), Some("8*5-9-7"));
    assert_eq!(s.stack(1), cards("5c 7d 8h 9s"));
    assert_eq!(s.centre(), cards("2c 3c 4h 6h"));
    assert_eq!(sizes(&s), vec![0, 4]);
}

#[test]
fn two_players_a_wrong_claim_loses_the_set_for_the_claimer() {
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("5c 7d 2c 3c"), cards("8h 9s 4h 6h")]).unwrap();
    act(&mut s, "t0 claim 8*5-7+9");
    act(&mut s, "t0 claim 8*5-(7+9)");
    assert!(matches!(
        s.records()[0].outcome,
        Outcome::Judged {
            claimer: 0,
            valid: false,
            taker: Some(0),
            ..
        }
    ));
    assert_eq!(s.stack(0), cards("5c 7d 8h 9s"));
}

#[test]
fn ties_in_time_rotate_the_first_seat_each_set() {
    let g = game(&[]);
    let mut s =
        TwentyFourState::from_stacks(&g, &[cards("6c 6d 6h 6s 2c 3c"), cards("Ac Ad Ah As 4h 4d")]).unwrap();
    // Set 1: {6,6,1,1}: both slap at t0 with 6*(1+1+1+... wrong, seat 0 is first and loses.
    act(&mut s, "t0 claim wrong");
    act(&mut s, "t0 claim 6*6-6-6");
    assert!(matches!(
        s.records()[0].outcome,
        Outcome::Judged { claimer: 0, .. }
    ));
    // Set 2: seat 1 is first on ties.
    act(&mut s, "t2 claim wrong");
    act(&mut s, "t2 claim wrong");
    assert!(matches!(
        s.records()[1].outcome,
        Outcome::Judged { claimer: 1, .. }
    ));
}

#[test]
fn two_players_no_solution_each_takes_back_one_card_and_turns_a_new_one() {
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad 5c"), cards("Ah As 6c")]).unwrap();
    assert_eq!(s.board(), [1, 1, 1, 1]);
    act(&mut s, "t7 no solution");
    act(&mut s, "t7 no solution");
    assert_eq!(s.current_player(), Player::Seat(0));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(
        legal,
        vec![take_back_action(c("Ac")), take_back_action(c("Ad"))],
        "only one's own two cards"
    );
    act(&mut s, "take back Ad");
    act(&mut s, "take back A♠");
    // p0 kept A♣ and turned 5♣; A♦ went under its stack.
    assert_eq!(s.centre(), cards("Ac 5c Ah 6c"));
    assert_eq!(s.stack(0), cards("Ad"));
    assert_eq!(s.stack(1), cards("As"));
    assert_eq!(s.records()[0].outcome, Outcome::NoSolution);
}

#[test]
fn an_empty_stack_at_a_take_back_replays_the_same_card() {
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad"), cards("Ah As 6c 7c")]).unwrap();
    act(&mut s, "no solution");
    act(&mut s, "no solution");
    act(&mut s, "take back Ad");
    act(&mut s, "take back As");
    assert_eq!(s.centre(), cards("Ac Ad Ah 6c"));
    assert_eq!(sizes(&s), vec![0, 2]);
}

#[test]
fn two_players_the_first_to_run_out_wins() {
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("6c 6d"), cards("6h 6s 2c 2d")]).unwrap();
    act(&mut s, "t0 claim 6+6+6+6");
    act(&mut s, "t5 no solution");
    assert!(s.is_terminal());
    assert_eq!(returns(&s), vec![1.0, -1.0]);
    assert_eq!(s.apply_action(0), Err(LudoError::GameOver));
    // p1 never claimed, but p0's wrong claim gives p1 the set, and with it an empty stack.
    let mut s = TwentyFourState::from_stacks(&g, &[cards("6c 6d 2h 2s"), cards("6h 6s")]).unwrap();
    act(&mut s, "t0 claim wrong");
    act(&mut s, "t5 no solution");
    assert!(s.is_terminal());
    assert_eq!(returns(&s), vec![-1.0, 1.0]);
}

fn four(pairs: &[(&str, &str)], stacks: [&str; 4]) -> TwentyFourState {
    let mut p = vec![("players", "4")];
    p.extend_from_slice(pairs);
    TwentyFourState::from_stacks(&game(&p), &stacks.map(cards)).unwrap()
}

#[test]
fn four_players_oracle_two_claims_then_the_last_to_declare_chooses() {
    // Claims by A and B, then C and D declare no solution, D last → D picks A or B.
    let stacks = ["5c 2c", "7d 2d", "8h 2h", "9s 2s"];
    let mut s = four(&[], stacks);
    act(&mut s, "t0 claim 8*5-(7+9)");
    act(&mut s, "t1 claim wrong");
    act(&mut s, "t2 no solution");
    act(&mut s, "t4 no solution");
    assert_eq!(s.odd_player_out(), Some(3));
    assert_eq!(s.claimers(), vec![0, 1]);
    act(&mut s, "choose player 0");
    assert_eq!(
        s.records()[0].outcome,
        Outcome::Judged {
            claimer: 0,
            chooser: Some(3),
            valid: true,
            taker: Some(3)
        }
    );
    assert_eq!(
        s.stack(3),
        cards("5c 7d 8h 9s"),
        "a valid statement: the odd player out takes the 4 cards"
    );
    // The same with the wrong claimer chosen: that claimer takes them.
    let mut s = four(&[], stacks);
    for a in [
        "t0 claim 8*5-(7+9)",
        "t1 claim wrong",
        "t2 no solution",
        "t4 no solution",
        "choose player 1",
    ] {
        act(&mut s, a);
    }
    assert!(matches!(
        s.records()[0].outcome,
        Outcome::Judged {
            claimer: 1,
            valid: false,
            taker: Some(1),
            ..
        }
    ));
    assert_eq!(s.stack(1), cards("5c 7d 8h 9s"));
    // The record shows who acted, in time order.
    assert_eq!(
        s.records()[0].events.iter().map(|e| e.0).collect::<Vec<_>>(),
        vec![0, 1, 2, 3]
    );
}

#[test]
fn four_players_the_third_slap_makes_the_remaining_seat_the_odd_player_out() {
    let mut s = four(&[], ["5c 2c", "7d 2d", "8h 2h", "9s 2s"]);
    act(&mut s, "t3 claim 8*5-(7+9)"); // p0 slaps last of the three
    act(&mut s, "t0 claim 5*8-7-9");
    act(&mut s, "t6 claim 8*5-9-7"); // p2 would slap later, but the set stops at the third slap
    act(&mut s, "t1 claim wrong");
    assert_eq!(s.odd_player_out(), Some(2), "p1, p3, p0 slapped first");
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal, vec![choose_action(0), choose_action(1), choose_action(3)]);
    assert!(s.apply_action(choose_action(2)).is_err());
    act(&mut s, "choose p3");
    assert!(matches!(
        s.records()[0].outcome,
        Outcome::Judged {
            claimer: 3,
            chooser: Some(2),
            valid: false,
            taker: Some(3)
        }
    ));
    // Everyone but the taker is rid of their card; p0, p1, p2 had one more card each.
    assert_eq!(sizes(&s), vec![0, 0, 0, 4]);
}

#[test]
fn four_players_failed_claim_taker_nobody_removes_the_cards() {
    let mut s = four(
        &[("failed_claim_taker", "nobody")],
        ["5c 2c", "7d 2d", "8h 2h", "9s 2s"],
    );
    for a in [
        "t0 claim wrong",
        "t0 claim wrong",
        "t0 claim wrong",
        "t0 no solution",
        "choose player 0",
    ] {
        act(&mut s, a);
    }
    let loc = s.card_locations().unwrap();
    let removed = &loc.iter().find(|(k, _)| k == "removed").unwrap().1;
    assert!(cards("5c 7d 8h 9s")
        .iter()
        .all(|c| removed.contains(&u32::from(c.0))));
}

#[test]
fn four_players_no_solution_everyone_swaps_their_card() {
    let mut s = four(&[], ["Ac 5c", "Ad 6c", "Ah 7c", "As 8c"]);
    for _ in 0..4 {
        act(&mut s, "t7 no solution");
    }
    assert_eq!(s.records()[0].outcome, Outcome::NoSolution);
    assert_eq!(s.centre(), cards("5c 6c 7c 8c"), "a totally different board");
    assert_eq!(s.stack(0), cards("Ac"));
    // partial_claims=void: one slap and three declarations count as no solution too.
    let mut s = four(
        &[("partial_claims", "void")],
        ["Ac 5c", "Ad 6c", "Ah 7c", "As 8c"],
    );
    for a in ["t0 claim wrong", "no solution", "no solution", "no solution"] {
        act(&mut s, a);
    }
    assert_eq!(s.records()[0].outcome, Outcome::NoSolution);
}

/// The four-player game in which seats 0, 1 and 2 claim the same set at once and all go out,
/// and seat 3 is the one loser.
fn three_out_at_once() -> TwentyFourState {
    let mut s = four(&[], ["6c", "6d", "6h", "6s 2c"]);
    for a in [
        "t0 claim 6+6+6+6",
        "t1 claim 6+6+6+6",
        "t2 claim 6+6+6+6",
        "t3 no solution",
        "choose player 1",
    ] {
        act(&mut s, a);
    }
    s
}

#[test]
fn four_players_several_out_at_once_share_the_win() {
    let s = three_out_at_once();
    assert!(s.is_terminal());
    assert_eq!(returns(&s), vec![1.0, 1.0, 1.0, -3.0]);
}

#[test]
fn solver_check_refuses_no_solution_only_when_a_solution_exists() {
    let g = game(&[("no_solution_check", "solver")]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("5c 7d"), cards("8h 9s")]).unwrap();
    let a = s.string_to_action("no solution").unwrap();
    let e = s.apply_action(a).unwrap_err();
    assert!(matches!(e, LudoError::IllegalAction { .. }));
    assert!(e.to_string().contains("a solution exists"), "{e}");
    assert_eq!(s.history().len(), 0, "a failed call leaves the state unchanged");
    let s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad"), cards("Ah As")]).unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert!(legal.contains(&s.string_to_action("no solution").unwrap()));
}

#[test]
fn integer_rule_makes_fraction_solutions_wrong() {
    let g = game(&[("intermediate", "integer")]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("3c 3d 2c 2d"), cards("8h 8s 2h 2s")]).unwrap();
    act(&mut s, "t0 claim 8/(3-8/3)");
    act(&mut s, "t1 no solution");
    assert!(matches!(
        s.records()[0].outcome,
        Outcome::Judged { valid: false, .. }
    ));
}

#[test]
fn integer_rule_judges_a_claim_as_written_not_its_template() {
    // {2,3,4,4}: 3/2*4*4 passes through 3/2 (a fraction), 4*4*3/2 does not; both have the same
    // canonical template, but only the second is a solution under the integer rule.
    for (claim, valid) in [("3/2*4*4", false), ("4*4*3/2", true)] {
        let g = game(&[("intermediate", "integer")]);
        let mut s = TwentyFourState::from_stacks(&g, &[cards("3c 2d"), cards("4h 4s")]).unwrap();
        assert_eq!(s.board(), [2, 3, 4, 4]);
        let checked = expr::check(claim, &s.board(), &g.cfg.opts).unwrap().is_valid();
        assert_eq!(checked, valid, "{claim}: check");
        act(&mut s, &format!("t0 claim {claim}"));
        act(&mut s, "t1 no solution");
        assert!(
            matches!(s.records()[0].outcome, Outcome::Judged { valid: v, .. } if v == valid),
            "{claim}: the game agrees with check"
        );
    }
}

#[test]
fn huge_or_deep_claims_are_parse_errors_not_crashes() {
    let g = game(&[]);
    let s = TwentyFourState::from_stacks(&g, &[cards("Ac 2d"), cards("3h 4s")]).unwrap();
    let deep = format!("{}1{}+2+3+4", "(".repeat(20000), ")".repeat(20000));
    let long = vec!["1"; 400_000].join("+");
    let open = "(".repeat(100_000);
    for text in [deep.as_str(), long.as_str(), open.as_str()] {
        let e = expr::check(text, &[1, 2, 3, 4], &g.cfg.opts).unwrap_err();
        assert!(matches!(e, LudoError::Parse { .. }), "{e}");
        let e = s.string_to_action(&format!("claim {text}")).unwrap_err();
        assert!(e.to_string().contains("longer than"), "{e}");
        assert!(
            e.to_string().len() < 300,
            "the message does not echo the whole input"
        );
    }
    // At the limits: 64 brackets deep is parsed, 65 is refused with the reason.
    let at = |d: usize| format!("{}1{}+2+3+4", "(".repeat(d), ")".repeat(d));
    assert!(expr::check(&at(expr::MAX_DEPTH), &[1, 2, 3, 4], &g.cfg.opts).is_ok());
    let e = expr::check(&at(expr::MAX_DEPTH + 1), &[1, 2, 3, 4], &g.cfg.opts).unwrap_err();
    assert!(e.to_string().contains("nested deeper than 64"), "{e}");
    let many = vec!["1"; expr::MAX_NUMBERS + 1].join("+");
    let e = expr::check(&many, &[1, 2, 3, 4], &g.cfg.opts).unwrap_err();
    assert!(e.to_string().contains("more than 64 numbers"), "{e}");
    let e = expr::check(
        &vec!["1"; expr::MAX_NUMBERS].join("+"),
        &[1, 2, 3, 4],
        &g.cfg.opts,
    )
    .unwrap();
    assert!(!e.is_valid());
}

#[test]
fn the_move_cap_ends_the_game_with_its_documented_outcome() {
    let g = game(&[("max_sets", "1")]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad 5c"), cards("Ah As 6c 7c")]).unwrap();
    for a in ["no solution", "no solution", "take back Ac", "take back Ah"] {
        act(&mut s, a);
    }
    assert!(s.is_terminal() && s.capped());
    assert_eq!(returns(&s), vec![0.0, 0.0]);
    let g = game(&[("max_sets", "1"), ("cap_outcome", "fewest_cards")]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad 5c"), cards("Ah As 6c 7c")]).unwrap();
    for a in ["no solution", "no solution", "take back Ac", "take back Ah"] {
        act(&mut s, a);
    }
    assert_eq!(returns(&s), vec![1.0, -1.0], "p0 holds 3 cards, p1 4");
}

#[test]
fn action_names_are_pure_and_round_trip() {
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("5c 7d"), cards("8h 9s")]).unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), CLAIMS, "no solution, wrong, and the 1,260 templates");
    assert!(legal.windows(2).all(|w| w[0] < w[1]));
    for &a in legal.iter().step_by(7) {
        let name = s.action_to_string(a);
        assert_eq!(s.string_to_action(&name).unwrap(), a, "{name}");
        assert_eq!(s.string_to_action(&name.to_uppercase()).unwrap(), a, "{name}");
        assert_eq!(action_name(a), name);
    }
    assert_eq!(action_name(Claim::NoSolution.action()), "no solution");
    // An expression claim maps to the template of the same solution; names use the sorted letters.
    let a = s.string_to_action("claim 8×5−(7+9)").unwrap();
    assert_eq!(action_name(a), "claim c*a-d-b");
    assert_eq!(s.string_to_action("claim c * a - d - b").unwrap(), a);
    assert_eq!(
        s.string_to_action("5*8-7-9").unwrap(),
        s.string_to_action("claim 8*5-9-7").unwrap()
    );
    // Wrong cards are a (legal) wrong claim; malformed text is a parse error.
    assert_eq!(s.string_to_action("claim 6*4").unwrap(), Claim::Wrong.action());
    for bad in [
        "",
        "t9",
        "claim 8*5-(7+9",
        "choose player 7",
        "take back Z9",
        "-5+7+8+9",
        "zz-not-an-action",
    ] {
        assert!(
            matches!(s.string_to_action(bad), Err(LudoError::Parse { .. })),
            "{bad:?}"
        );
    }
    for (a, n) in [
        (take_back_action(c("10h")), "take back 10♥"),
        (choose_action(2), "choose player 2"),
        (c("Ac").0 as u32, "deal A♣"),
        (delay_action(3), "t3"),
    ] {
        assert_eq!(action_name(a), n);
        assert_eq!(s.string_to_action(n).unwrap(), a);
    }
    assert_eq!(s.string_to_action("at t3").unwrap(), delay_action(3));
    // After the claim, only the delays are legal, and the claim is still hidden from the other seat.
    s.apply_action(a).unwrap();
    s.legal_actions(&mut legal);
    assert_eq!(legal, (0..DELAYS as u8).map(delay_action).collect::<Vec<_>>());
    assert!(s.apply_action(Claim::Wrong.action()).is_err());
    assert!(!s.observation_string(1).contains("claim"));
    for a in 0..NUM_ACTIONS {
        assert_eq!(
            s.string_to_action(&action_name(a)).unwrap(),
            a,
            "{}",
            action_name(a)
        );
    }
}

#[test]
fn repeated_values_offer_one_template_per_distinct_expression() {
    let g = game(&[]);
    let s = TwentyFourState::from_stacks(&g, &[cards("6c 6d"), cards("6h 6s")]).unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert!(legal.len() < 100, "{}", legal.len());
    let solutions: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|&a| matches!(Claim::from_action(a), Some(Claim::Template(k)) if s.judge(Claim::Template(k))))
        .collect();
    assert_eq!(solutions.len(), 2, "6+6+6+6 and 6*6-6-6");
}

#[test]
fn observations_hide_the_stacks_and_other_commitments() {
    let g = game(&[]);
    let a = TwentyFourState::from_stacks(&g, &[cards("5c 7d 2c 3c"), cards("8h 9s 4h 6h")]).unwrap();
    let b = TwentyFourState::from_stacks(&g, &[cards("5c 7d 4h 6h"), cards("8h 9s 2c 3c")]).unwrap();
    let obs = |s: &TwentyFourState, p| {
        let mut o = vec![0.0; OBS_LEN];
        s.write_observation(p, &mut o);
        o
    };
    for p in 0..2 {
        assert_eq!(obs(&a, p), obs(&b, p));
        assert_eq!(a.observation_string(p), b.observation_string(p));
    }
    let (mut x, mut y) = (a.clone(), a.clone());
    act(&mut x, "t0 claim 8*5-(7+9)");
    act(&mut y, "t5 no solution");
    assert_eq!(obs(&x, 1), obs(&y, 1), "p1 cannot see what p0 committed");
    assert_eq!(x.information_state_string(1), y.information_state_string(1));
    assert_ne!(x.information_state_string(0), y.information_state_string(0));
}

#[test]
fn bots_play_whole_games_and_speed_matters() {
    for players in [2, 4] {
        let g = game(&[("players", &players.to_string()), ("max_sets", "300")]);
        for bots in [
            vec!["random".to_string()],
            vec!["solver".to_string()],
            vec!["solver(speed=0.9,skill=0.8,error=0.05)".to_string()],
        ] {
            let r = simulate(
                &g,
                &SimConfig {
                    n_games: 4,
                    seed: 3,
                    first_game: 0,
                    bots,
                    threads: Some(1),
                },
            )
            .unwrap();
            assert!(r.lengths.iter().all(|&l| l > 40));
            assert!(
                r.returns
                    .chunks(players)
                    .all(|x| x.iter().sum::<f64>().abs() < 1e-9),
                "zero-sum"
            );
        }
    }
    let g = game(&[]);
    let bots = vec!["solver(speed=0.9)".to_string(), "solver(speed=0.2)".to_string()];
    let r = simulate(
        &g,
        &SimConfig {
            n_games: 60,
            seed: 11,
            first_game: 0,
            bots,
            threads: Some(1),
        },
    )
    .unwrap();
    let fast_wins = r.returns.chunks(2).filter(|x| x[0] > 0.0).count();
    let slow_wins = r.returns.chunks(2).filter(|x| x[1] > 0.0).count();
    assert!(fast_wins > 3 * slow_wins, "fast {fast_wins} vs slow {slow_wins}");
    for bad in ["solver(speed=0)", "solver(skill=2)", "solver(colour=1)", "genius"] {
        assert!(g.new_bot(bad).is_err(), "{bad}");
    }
}

#[test]
fn two_players_a_valid_claim_by_the_second_seat_gives_the_cards_to_the_first() {
    // The first to state a correct solution wins the set; the other player takes the four cards.
    // Here seat 1 is faster (t1 against t3) and right: seat 0 takes 8♥ 9♠ 5♣ 7♦.
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("8h 9s 4h 6h"), cards("5c 7d 2c 3c")]).unwrap();
    act(&mut s, "t3 no solution");
    act(&mut s, "t1 claim 8*5-(7+9)");
    assert_eq!(
        s.records()[0].outcome,
        Outcome::Judged {
            claimer: 1,
            chooser: None,
            valid: true,
            taker: Some(0)
        }
    );
    assert_eq!(s.stack(0), cards("8h 9s 5c 7d"));
    assert_eq!(sizes(&s), vec![4, 0]);
}

#[test]
fn four_players_a_no_solution_round_counts_as_a_set_for_the_cap() {
    // The move cap counts every set, a round where everyone declares "no solution" included.
    let mut s = four(&[("max_sets", "1")], ["Ac 5c", "Ad 6c", "Ah 7c", "As 8c"]);
    for _ in 0..4 {
        act(&mut s, "t7 no solution");
    }
    assert_eq!(s.sets_played(), 1);
    assert!(s.is_terminal() && s.capped());
    assert_eq!(returns(&s), vec![0.0; 4], "cap_outcome=draw");
}

#[test]
fn the_move_cap_with_fewest_cards_names_either_seat_and_a_tie_is_a_draw() {
    // cap_outcome=fewest_cards: at the cap the seats holding the fewest cards win; if every seat
    // holds as many, nobody has won (all 0).
    let g = game(&[("max_sets", "1"), ("cap_outcome", "fewest_cards")]);
    for (stacks, back, expected) in [
        (
            ["Ah As 6c 7c", "Ac Ad 5c"],
            ["take back Ah", "take back Ac"],
            vec![-1.0, 1.0],
        ),
        (
            ["Ah As 6c", "Ac Ad 5c"],
            ["take back Ah", "take back Ac"],
            vec![0.0, 0.0],
        ),
    ] {
        let mut s = TwentyFourState::from_stacks(&g, &stacks.map(cards)).unwrap();
        for a in ["no solution", "no solution", back[0], back[1]] {
            act(&mut s, a);
        }
        assert!(s.is_terminal() && s.capped());
        assert_eq!(returns(&s), expected, "{stacks:?}");
    }
}

#[test]
fn four_players_ties_in_time_start_from_the_next_seat_each_set() {
    // Slaps at the same moment are taken in seat order from a first seat that moves round one place
    // each set (no seat always wins ties). Set 1 is a no-solution round (A A A A; each card goes
    // back under its stack); in set 2 everyone slaps at t0: seats 1, 2, 3 slap first, so seat 0 is
    // the odd player out, not seat 2 (as if the order started at seat 3).
    let mut s = four(&[], ["Ac 5c", "Ad 6c", "Ah 7c", "As 8c"]);
    for _ in 0..4 {
        act(&mut s, "t7 no solution");
    }
    assert_eq!(s.centre(), cards("5c 6c 7c 8c"));
    for _ in 0..4 {
        act(&mut s, "t0 claim wrong");
    }
    assert_eq!(s.odd_player_out(), Some(0));
    assert_eq!(s.claimers(), vec![1, 2, 3]);
}

#[test]
fn the_deal_goes_round_the_table_one_card_at_a_time_from_seat_0() {
    // The pack is dealt out one card at a time round the table: the k-th card dealt goes to seat
    // k mod players, each seat's first card on top of its face-down stack, and the set begins by
    // turning up the top 2 cards (2 players) or the top card (4 players).
    for players in [2usize, 4] {
        let g = game(&[("players", &players.to_string())]);
        let mut s = g.new_initial_state();
        // Deal in an order that is not the deck order: the highest card id first.
        let order: Vec<Card> = (0..40u8).rev().map(Card).collect();
        for &card in &order {
            s.apply_action(u32::from(card.0)).unwrap();
        }
        let per_seat = if players == 2 { 2 } else { 1 };
        let mut centre = Vec::new();
        for seat in 0..players {
            let dealt: Vec<Card> = order.iter().copied().skip(seat).step_by(players).collect();
            assert_eq!(
                s.stack(seat),
                dealt[per_seat..].to_vec(),
                "{players} players, seat {seat}"
            );
            centre.extend_from_slice(&dealt[..per_seat]);
        }
        assert_eq!(s.centre(), centre, "{players} players");
    }
}

#[test]
fn a_claim_is_followed_by_a_delay_t0_to_t7_and_the_record_keeps_it() {
    // The race's second half names the reaction delay, t0 (fastest) to t7: after a claim, t7 is
    // accepted and the next action id (one past t7) is refused with the reason.
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("5c 7d 2c 3c"), cards("8h 9s 4h 6h")]).unwrap();
    apply(&mut s, "claim wrong");
    let err = s.apply_action(delay_action(7) + 1).unwrap_err();
    assert!(err.to_string().contains("t0..t7"), "{err}");
    s.apply_action(delay_action(7)).unwrap();
    act(&mut s, "t3 no solution");
    // The set's record keeps each seat's commitment with its delay.
    let r = &s.records()[0];
    assert_eq!(
        r.commits[..2],
        [
            Some(Commitment {
                delay: 7,
                claim: Claim::Wrong
            }),
            Some(Commitment {
                delay: 3,
                claim: Claim::NoSolution
            })
        ]
    );
    assert_eq!(
        r.events.iter().map(|(s, c)| (*s, c.delay)).collect::<Vec<_>>(),
        vec![(1, 3), (0, 7)]
    );
}

#[test]
fn action_texts_at_their_bounds_t7_player_3_and_expressions_only_in_the_race() {
    // The delays are t0..t7 and the players 0..3: the first name past each end is refused with the
    // range, and the first id past the last action has no name of its own.
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad 5c"), cards("Ah As 6c")]).unwrap();
    for (text, a) in [
        ("t7", delay_action(7)),
        ("delay 7", delay_action(7)),
        ("at t0", delay_action(0)),
        ("choose player 3", choose_action(3)),
        ("choose p0", choose_action(0)),
        ("take A♣", take_back_action(c("Ac"))),
        ("take back A♣", take_back_action(c("Ac"))),
    ] {
        assert_eq!(s.string_to_action(text).unwrap(), a, "{text}");
    }
    for (text, reason) in [
        ("t8", "t0..t7"),
        ("delay 8", "t0..t7"),
        ("choose player 4", "0..3"),
        ("choose p4", "0..3"),
    ] {
        let err = s.string_to_action(text).unwrap_err();
        assert!(
            matches!(err, LudoError::Parse { .. }) && err.to_string().contains(reason),
            "{text}: {err}"
        );
    }
    assert!(action_name(NUM_ACTIONS).contains("out of range"));
    assert!(action_name(NUM_ACTIONS - 1).contains("choose player 3"));
    assert_eq!(Claim::from_action(CLAIM + CLAIMS as u32), None, "t0 is no claim");
    assert_eq!(Claim::from_action(CLAIM - 1), None, "a deal is no claim");
    assert_eq!(
        Claim::from_action(CLAIM + CLAIMS as u32 - 1),
        Some(Claim::Template(TEMPLATES as u16 - 1))
    );
    for text in ["no solution", "No Solution", "nosolution", "none", "no"] {
        assert_eq!(
            s.string_to_action(text).unwrap(),
            Claim::NoSolution.action(),
            "{text}"
        );
    }
    // 1+1+1+1 is a claim during the race (a wrong one: 4), and no action at all once the race is
    // over and the seats take back their cards.
    assert_eq!(s.string_to_action("1+1+1+1").unwrap(), Claim::Wrong.action());
    act(&mut s, "t7 no solution");
    act(&mut s, "t7 no solution");
    let err = s.string_to_action("1+1+1+1").unwrap_err();
    assert!(err.to_string().contains("during the race"), "{err}");
    // Blank text is refused as empty, whatever the phase (not as an expression out of the race).
    for blank in ["", "   "] {
        let err = s.string_to_action(blank).unwrap_err();
        assert!(
            err.to_string().contains("empty") && !err.to_string().contains("race"),
            "{blank:?}: {err}"
        );
    }
}

#[test]
fn a_position_from_stacks_needs_whole_stacks_of_distinct_deck_cards_and_removes_the_rest() {
    // Each player turns up two cards a set with two players and one with four (§6), so a stack
    // holds at least that many; one stack per player; every card of the 40-card deck at most once
    // (the deck's last id, 39, is in; id 40 is not). Cards left out are out of play: with 2 + 2
    // given, the other 36 are removed.
    let two = game(&[]);
    let four = game(&[("players", "4")]);
    let why = |g: &TwentyFour, stacks: &[Vec<Card>]| match TwentyFourState::from_stacks(g, stacks) {
        Ok(_) => "ok".to_string(),
        Err(e) => e.to_string(),
    };
    assert_eq!(why(&two, &[cards("5c 7d"), cards("8h 9s")]), "ok");
    assert!(why(&two, &[cards("5c"), cards("8h 9s")]).contains("seat 0 needs at least 2 cards"));
    assert!(why(&two, &[cards("5c 7d"), cards("8h")]).contains("seat 1 needs at least 2 cards"));
    assert!(why(&two, &[cards("5c 7d")]).contains("1 stacks for 2 players"));
    assert_eq!(
        why(&four, &[cards("5c"), cards("8h"), cards("9s"), cards("Ac")]),
        "ok"
    );
    assert!(why(&four, &[cards("5c"), vec![], cards("9s"), cards("Ac")])
        .contains("seat 1 needs at least 1 cards"));
    assert!(why(&two, &[cards("5c 7d"), cards("8h 5c")]).contains("repeated"));
    assert!(why(&two, &[cards("5c 7d 7d"), cards("8h 9s")]).contains("repeated"));
    assert_eq!(why(&two, &[vec![c("5c"), Card(39)], cards("8h 9s")]), "ok");
    assert!(why(&two, &[vec![c("5c"), Card(40)], cards("8h 9s")]).contains("not in the deck"));
    // The whole deck split in two is a position, nothing removed.
    let all: Vec<Card> = deck().all().iter().collect();
    assert_eq!(all.len(), 40);
    let whole = TwentyFourState::from_stacks(&two, &[all[..20].to_vec(), all[20..].to_vec()]).unwrap();
    let removed = |s: &TwentyFourState| {
        s.card_locations()
            .unwrap()
            .into_iter()
            .find(|(place, _)| place == "removed")
            .map(|(_, ids)| ids.len())
            .unwrap()
    };
    assert_eq!(removed(&whole), 0);
    let s = TwentyFourState::from_stacks(&two, &[cards("5c 7d"), cards("8h 9s")]).unwrap();
    assert_eq!(removed(&s), 36);
}

#[test]
fn the_longest_two_player_game_is_exactly_max_game_length_long() {
    // Two players: the deal (40 cards), then each set two commitment actions a seat and, after a
    // no-solution round, one take-back a seat: with `max_sets = m` the longest game is 40 + 6m actions,
    // and every set a no-solution round reaches it. Four players: eight commitments and at most one
    // choice a set (a no-solution round there has no take-backs), 40 + 9m, within the bound 40 + 10m.
    for (players, m, longest) in [(2, 1, 46), (2, 2, 52), (4, 1, 49), (4, 2, 58)] {
        let g = game(&[("players", &players.to_string()), ("max_sets", &m.to_string())]);
        let mut s = g.new_initial_state();
        let mut rng = Rng::new(players as u64 + m);
        let mut legal = Vec::new();
        while !s.is_terminal() {
            if s.is_chance_node() {
                let a = s.sample_chance(&mut rng);
                s.apply_action(a).unwrap();
            } else if s.is_racing() {
                // Two players both see no solution; four players all slap, so the fourth chooses.
                act(
                    &mut s,
                    if players == 2 {
                        "t7 no solution"
                    } else {
                        "t0 claim wrong"
                    },
                );
            } else {
                s.legal_actions(&mut legal);
                s.apply_action(legal[0]).unwrap();
            }
        }
        assert!(s.capped(), "{players} players, {m} sets");
        assert_eq!(s.history().len(), longest, "{players} players, {m} sets");
        if players == 2 {
            assert_eq!(g.max_game_length(), longest, "the bound is reached");
        } else {
            assert_eq!(g.max_game_length(), 40 + 10 * m as usize);
        }
    }
}

#[test]
fn the_deal_draws_every_undealt_card_with_equal_chance() {
    let g = game(&[]);
    assert_eq!(
        g.max_chance_outcomes(),
        40,
        "the deal's outcomes are the card ids 0..40"
    );
    let mut s = g.new_initial_state();
    let mut out = vec![(99, 0.5)];
    s.chance_outcomes(&mut out);
    assert_eq!(out, (0..40).map(|a| (a, 1.0 / 40.0)).collect::<Vec<_>>());
    s.apply_action(7).unwrap();
    s.chance_outcomes(&mut out);
    assert_eq!(
        out,
        (0..40)
            .filter(|&a| a != 7)
            .map(|a| (a, 1.0 / 39.0))
            .collect::<Vec<_>>()
    );
    // The last card is certain; once dealt the race starts and there is no chance outcome.
    for a in (0..40).filter(|&a| a != 7 && a != 39) {
        s.apply_action(a).unwrap();
    }
    s.chance_outcomes(&mut out);
    assert_eq!(out, vec![(39, 1.0)]);
    s.apply_action(39).unwrap();
    assert!(s.is_racing());
    s.chance_outcomes(&mut out);
    assert!(out.is_empty());
}

#[test]
fn the_utility_runs_from_minus_three_for_the_one_loser_of_four_to_one_for_a_winner() {
    // Each winner +1, the others share -1 per winner: two players ±1; four players at worst three
    // winners and one loser at -3 (the game of `four_players_several_out_at_once_share_the_win`).
    let u = |players: &str| game(&[("players", players)]).utility().unwrap();
    assert_eq!(u("2"), crate::core::game::Utility::zero_sum(-1.0, 1.0));
    assert_eq!(u("4"), crate::core::game::Utility::zero_sum(-3.0, 1.0));
    let s = three_out_at_once();
    assert_eq!(returns(&s), vec![1.0, 1.0, 1.0, -3.0], "both ends reached");
}

#[test]
fn the_scores_are_the_cards_each_seat_holds_in_its_stack_and_the_centre() {
    let g = game(&[]);
    let scores = |s: &TwentyFourState| {
        let mut v = vec![0.0; 2];
        s.scores(&mut v);
        v
    };
    let mut s = TwentyFourState::from_stacks(&g, &[cards("5c 7d 2c 3c"), cards("8h 9s 4h 6h Ac")]).unwrap();
    assert_eq!(
        scores(&s),
        vec![4.0, 5.0],
        "two in the centre and the rest in the stack"
    );
    act(&mut s, "t1 claim 8*5-(7+9)");
    act(&mut s, "t3 no solution");
    // p0 is rid of 5♣ 7♦ and turns up 2♣ 3♣ (none left in its stack); p1 takes the four cards.
    assert_eq!(scores(&s), vec![2.0, 7.0]);
}

#[test]
fn the_observation_puts_each_seat_relative_to_the_observer() {
    // Layout: the centre cards by card index (0..40); stack sizes / 40 (40..44), committed this race
    // (44..48), the claimers the odd player out may choose (48..52), all four by seat relative to the
    // observer (the observer first); the phase (52..57: deal, race, choice, take-back, over); whether
    // the observer moves (57); the observer's own commitment in the race, no solution or a claim (58, 59).
    let obs = |s: &TwentyFourState, p: usize| {
        let mut o = vec![0.5; OBS_LEN];
        s.write_observation(p, &mut o);
        o
    };
    let expect = |centre: &str, slots: &[(usize, f32)]| {
        let mut o = vec![0.0; OBS_LEN];
        for card in cards(centre) {
            o[card.idx()] = 1.0;
        }
        for &(i, x) in slots {
            o[i] = x;
        }
        o
    };
    // Before the deal: nothing but the phase (no one to move but chance).
    assert_eq!(obs(&game(&[]).new_initial_state(), 0), expect("", &[(52, 1.0)]));
    // Four players holding 0, 1, 2 and 3 cards under their face-up card; p0 is to move.
    let mut s = four(&[], ["5c", "7d 2d", "8h 2h 3h", "9s 2s 3s 4s"]);
    let centre = "5c 7d 8h 9s";
    let sizes = |first: usize| (0..4).map(move |k| (40 + k, ((first + k) % 4) as f32 / 40.0));
    let race = |first: usize, more: &[(usize, f32)]| {
        let mut v: Vec<(usize, f32)> = sizes(first).collect();
        v.push((53, 1.0));
        v.extend_from_slice(more);
        expect(centre, &v)
    };
    assert_eq!(obs(&s, 0), race(0, &[(57, 1.0)]));
    // Seen from p1, p1 comes first, then p2, p3 and p0.
    assert_eq!(obs(&s, 1), race(1, &[]));
    assert_eq!(obs(&s, 3), race(3, &[]));
    // p0 commits a claim; p1 declares no solution and has not yet said when.
    act(&mut s, "t0 claim 8*5-(7+9)");
    apply(&mut s, "no solution");
    assert_eq!(obs(&s, 0), race(0, &[(44, 1.0), (59, 1.0)]));
    assert_eq!(obs(&s, 1), race(1, &[(47, 1.0), (57, 1.0), (58, 1.0)]));
    assert_eq!(
        obs(&s, 3),
        race(3, &[(45, 1.0)]),
        "p3 sees that p0 committed, not what"
    );
    // p1 declares at t1, p2 slaps, p3 declares at t4: two slaps, so p3, the last to declare, chooses
    // between p0 and p2.
    apply(&mut s, "t1");
    act(&mut s, "t2 claim wrong");
    act(&mut s, "t4 no solution");
    assert_eq!(s.odd_player_out(), Some(3));
    let choice = |first: usize, more: &[(usize, f32)]| {
        let mut v: Vec<(usize, f32)> = sizes(first).collect();
        v.push((54, 1.0));
        v.extend_from_slice(more);
        expect(centre, &v)
    };
    // Seen from p1, p0 is fourth and p2 second; from p3, p0 is second and p2 fourth.
    assert_eq!(obs(&s, 1), choice(1, &[(51, 1.0), (49, 1.0)]));
    assert_eq!(obs(&s, 3), choice(3, &[(49, 1.0), (51, 1.0), (57, 1.0)]));
    // Two players after a no-solution round: taking back (p0 first), then a game over.
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad 5c"), cards("Ah As 6c 7c")]).unwrap();
    act(&mut s, "t7 no solution");
    act(&mut s, "t7 no solution");
    let take_back = |first: (f32, f32), to_move: f32| {
        expect(
            "Ac Ad Ah As",
            &[(40, first.0), (41, first.1), (55, 1.0), (57, to_move)],
        )
    };
    assert_eq!(obs(&s, 0), take_back((1.0 / 40.0, 2.0 / 40.0), 1.0));
    assert_eq!(obs(&s, 1), take_back((2.0 / 40.0, 1.0 / 40.0), 0.0));
    let mut s = TwentyFourState::from_stacks(&g, &[cards("6c 6d"), cards("6h 6s 2c 2d")]).unwrap();
    act(&mut s, "t0 claim 6+6+6+6");
    act(&mut s, "t5 no solution");
    assert!(s.is_terminal());
    let o = obs(&s, 1);
    assert_eq!(&o[52..], &[0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
}

#[test]
fn the_text_shows_the_stacks_the_seat_to_move_and_the_winners() {
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("6c 6d 2h 2s"), cards("6h 6s")]).unwrap();
    let t = s.to_string();
    assert_eq!(
        t,
        "Twenty-Four, 2 players, target 24, set 1\n  p0:  2 cards in stack | centre: 6♣ 6♦\n  \
         p1:  0 cards in stack | centre: 6♥ 6♠\n  to move: player 0"
    );
    // p0 slaps wrongly: p1 wins the set and, with no card left, the game; p0 takes the four.
    act(&mut s, "t0 claim wrong");
    act(&mut s, "t5 no solution");
    let t = s.to_string();
    assert!(t.contains("set 2\n"), "{t}");
    assert!(
        t.contains("\n  game over: winners [p1]\n  last: set 1: [6♣ 6♦ 6♥ 6♠] p0@t0:slap"),
        "{t}"
    );
    // At the move cap with a draw: no winner.
    let g = game(&[("max_sets", "1")]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad 5c"), cards("Ah As 6c 7c")]).unwrap();
    for a in ["no solution", "no solution", "take back Ac", "take back Ah"] {
        act(&mut s, a);
    }
    assert!(s.to_string().contains("game over: winners [] (move cap)"), "{s}");
    // Four players: the three out share the win.
    let s = three_out_at_once();
    assert!(s.to_string().contains("game over: winners [p0 p1 p2]\n"), "{s}");
}

#[test]
fn the_solver_bot_finds_a_solution_only_on_a_draw_below_its_skill_and_errs_only_below_its_error() {
    // Each chance is one uniform draw u in [0, 1): a solution is found when the first draw is below
    // `skill`, and then stated wrongly when the next is below `error`. Each parameter set exactly at
    // its draw, and at the next number above it, is the boundary.
    let g = game(&[]);
    let s = TwentyFourState::from_stacks(&g, &[cards("5c 7d"), cards("8h 9s")]).unwrap();
    let seed = 5;
    let mut r = Rng::new(seed);
    let (u1, u2) = (r.unit(), r.unit());
    assert!(u1 > 0.0 && u2 > 0.0);
    let above = |x: f64| f64::from_bits(x.to_bits() + 1);
    let claim = |skill: f64, error: f64| {
        let bot = SolverBot {
            speed: 1.0,
            skill,
            error,
        };
        Claim::from_action(bot.act(&s, &mut Rng::new(seed))).unwrap()
    };
    assert_eq!(
        claim(u1, 0.0),
        Claim::NoSolution,
        "the draw equal to skill: not found"
    );
    assert!(
        matches!(claim(above(u1), 0.0), Claim::Template(_)),
        "the draw below skill: found"
    );
    assert!(
        matches!(claim(1.0, u2), Claim::Template(_)),
        "the draw equal to error: stated right"
    );
    assert_eq!(
        claim(1.0, above(u2)),
        Claim::Wrong,
        "the draw below error: stated wrongly"
    );
}

#[test]
fn the_solver_bot_waits_a_geometric_delay_capped_at_t7() {
    // Each delay step the bot finds its answer with probability `speed`: at speed 1 at once (t0); at
    // a speed near 0 it reaches the largest delay, t7, and never goes past it.
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("5c 7d"), cards("8h 9s")]).unwrap();
    apply(&mut s, "claim 8*5-(7+9)");
    let delay = |speed: f64, seed: u64| {
        let bot = SolverBot {
            speed,
            skill: 1.0,
            error: 0.0,
        };
        action_name(bot.act(&s, &mut Rng::new(seed)))
    };
    for seed in 0..20 {
        assert_eq!(delay(1.0, seed), "t0");
        assert_eq!(delay(1e-9, seed), "t7");
    }
}

#[test]
fn the_solver_bot_declares_no_solution_at_the_largest_delay_even_at_speed_1() {
    // Module docs: where no solution exists the solver bot declares `no solution` at the largest
    // delay, t7 (what a per-set timeout would give), whatever its speed; a claim at speed 1 comes at
    // t0 (the test above). A A A A makes at most (1 + 1) * (1 + 1) = 4: no solution.
    let g = game(&[]);
    let mut s = TwentyFourState::from_stacks(&g, &[cards("Ac Ad"), cards("Ah As")]).unwrap();
    let bot = SolverBot {
        speed: 1.0,
        skill: 1.0,
        error: 0.0,
    };
    let what = bot.act(&s, &mut Rng::new(1));
    assert_eq!(action_name(what), "no solution");
    s.apply_action(what).unwrap();
    for seed in 0..5 {
        assert_eq!(action_name(bot.act(&s, &mut Rng::new(seed))), "t7");
    }
}

#[test]
fn the_vector_env_has_rows_of_1354_action_ids_and_60_observation_numbers() {
    use crate::batch::{DynVectorEnv, VecEnv};
    // Action ids (module docs): 40 `deal <card>`, then `no solution`, `claim wrong` and the 1,260
    // templates, the delays t0..t7, 40 `take back <card>` and `choose player 0..3`.
    let actions = 40 + (2 + 1260) + 8 + 40 + 4;
    // Observation: centre cards 40, stack sizes 4, committed 4, claimers 4, phase 5, to move 1, own
    // commitment 2 (see `the_observation_puts_each_seat_relative_to_the_observer`).
    let len = 40 + 4 + 4 + 4 + 5 + 1 + 2;
    for players in [2, 4] {
        let g = game(&[("players", &players.to_string())]);
        assert_eq!(g.num_distinct_actions(), actions);
        assert_eq!(g.observation_shape(), vec![len]);
        // The vector env sizes one row per environment from these: after the deal seat 0 is to
        // commit, so its legal ids are claims only (ids 40..1302), `no solution` and `claim wrong`
        // among them, and it observes 4 centre cards, the race phase and that it moves.
        let env = VecEnv::new(std::sync::Arc::new(g), 3, 7);
        assert_eq!((env.num_actions(), env.observation_shape()), (actions, vec![len]));
        let mut mask = vec![false; 3 * actions];
        env.write_legal_action_mask(&mut mask);
        for row in mask.chunks(actions) {
            assert!(row[40] && row[41], "{players} players: no solution, claim wrong");
            assert!(row
                .iter()
                .enumerate()
                .all(|(a, &l)| !l || (40..1302).contains(&a)));
        }
        let mut obs = vec![0.5; 3 * len];
        env.write_observations(&mut obs);
        for row in obs.chunks(len) {
            assert_eq!(
                row[..40].iter().sum::<f32>(),
                4.0,
                "{players} players: the centre"
            );
            assert_eq!(
                (row[53], row[57]),
                (1.0, 1.0),
                "{players} players: the race, to move"
            );
        }
    }
}

#[test]
fn a_resample_keeps_every_card_seen_where_it_was_dealt_and_redraws_both_face_down_stacks() {
    // Module docs: stacks are dealt face down and hidden from everyone, their owner included; a
    // stack is turned up from the top, so the moment a card came to light says which deal brought
    // it. Two players, the pack dealt in the order 39, 38, …, 0 (seat 0 at the even entries): the
    // centre is seat 0's 39 37 and seat 1's 38 36 (entries 0..4). Both declare no solution, seat 0
    // takes back 39 and seat 1 38 (now seen, at the bottom), and each turns up its next card, 35 and
    // 34 (entries 4 and 5).
    let game = load_game("twenty_four").unwrap();
    let mut st = game.new_state();
    for a in (0..40).rev() {
        st.apply_action(a).unwrap();
    }
    for text in [
        "no solution",
        "t7",
        "no solution",
        "t7",
        "take back A♠",
        "take back 10♠",
    ] {
        let a = st.string_to_action(text).unwrap();
        st.apply_action(a).unwrap();
    }
    let place = |s: &dyn crate::dynamic::DynState, name: &str| -> Vec<Action> {
        let found = s.card_locations().unwrap().into_iter().find(|(p, _)| p == name);
        let mut cards = found.map(|(_, c)| c).unwrap_or_default();
        cards.sort_unstable();
        cards
    };
    assert_eq!(place(&*st, "centre"), [34, 35, 36, 37]);
    assert_eq!(
        (place(&*st, "stack 0"), place(&*st, "stack 1")),
        (vec![39], vec![38])
    );
    let truth = place(&*st, "hand 0");
    assert_eq!(truth, (1..34).step_by(2).collect::<Vec<_>>());
    let mut own_redrawn = false;
    for seed in 0..20 {
        let s = crate::determinize::resample_hidden(&*game, &*st, 0, seed).unwrap();
        // Every card seat 0 has seen keeps its deal, and the rest of the history is the same.
        assert_eq!(&s.history()[..6], &[39, 38, 37, 36, 35, 34], "seed {seed}");
        assert_eq!(&s.history()[40..], &st.history()[40..], "seed {seed}");
        assert_eq!(place(&*s, "centre"), [34, 35, 36, 37]);
        assert_eq!(
            (place(&*s, "stack 0"), place(&*s, "stack 1")),
            (vec![39], vec![38])
        );
        // The 34 cards nobody has seen are dealt again, 17 to each stack, seat 0's own included.
        let (h0, h1) = (place(&*s, "hand 0"), place(&*s, "hand 1"));
        assert_eq!((h0.len(), h1.len()), (17, 17), "seed {seed}");
        let mut unseen = [h0.clone(), h1].concat();
        unseen.sort_unstable();
        assert_eq!(unseen, (0..34).collect::<Vec<_>>(), "seed {seed}");
        own_redrawn |= h0 != truth;
    }
    assert!(
        own_redrawn,
        "seat 0's own face-down cards are always the true ones"
    );
}
