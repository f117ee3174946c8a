//! Rust tests of the Skelly game: the worked sequence of the rules file (§3.6) through the outcome API,
//! and whole games through the common API. The rule-by-rule boundary tests are in
//! `tests/games/test_skelly.py`, through the same engine path.

use super::rules::{Decision, Stage};
use super::*;
use crate::core::game::{Game, Player, State};

fn game(pairs: &[(&str, &str)]) -> Skelly {
    Skelly::with(pairs).unwrap()
}

#[test]
fn worked_sequence_of_the_rules() {
    let g = game(&[("players", "3")]);
    let c = g.config().rules.court;
    // A (p0) has completed box 4 (index 4, target 5); B (p1) is trapped in the dead box; C (p2) at 10.
    let mut s = g
        .state_at(
            "turn=0 shots=0 out=- p0=course4@0.125,0.125 p1=course2+trapped@1.0,1.3 p2=course9@0.75,0.125",
        )
        .unwrap();
    // 1. A misses and lands beside box 7: the turn passes (B is trapped, so C shoots).
    let r = s.apply_outcome(&[(0, (0.3, 0.75))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Miss);
    assert_eq!(s.table().turn, 2);
    // C misses; B is skipped; A's turn.
    s.apply_outcome(&[(2, (0.9, 0.3))], &[]).unwrap();
    assert_eq!(s.table().turn, 0);
    // 2. A hits B's trapped cap: B freed, A credited 5 and 6, in box 6, stage COURSE(6), shoots again.
    let r = s
        .apply_outcome(&[(0, (0.9, 1.25)), (1, (1.0, 1.33))], &[1])
        .unwrap();
    assert_eq!(r.decision, Decision::HitTrapped);
    assert_eq!(&r.credited[..r.n_credited as usize], &[5, 6]);
    let t = s.table();
    assert!(!t.caps[1].trapped);
    assert!(!c.in_dead_box(t.caps[1].pos.unwrap()));
    assert_eq!(t.caps[0].stage, Stage::Course(6));
    assert!(c.in_box(6, t.caps[0].pos.unwrap()));
    assert_eq!(t.turn, 0);
    // 3. A lands cleanly in box 7: COURSE(7), target 8; then a miss passes the turn.
    s.apply_outcome(&[(0, c.box_centre(7))], &[]).unwrap();
    assert_eq!(s.table().caps[0].stage, Stage::Course(7));
    assert_eq!(s.table().turn, 0);
    s.apply_outcome(&[(0, (1.0, 0.4))], &[]).unwrap();
    assert_eq!(s.table().turn, 1);
    // Later: A finishes the course at box 1 and lands in 13, then N, E, S; W lands in E: back to box 1.
    let mut s = g
        .state_at("turn=0 shots=10 out=- p0=course24@0.2,0.4 p1=course3@0.125,1.875 p2=course9@0.75,0.125")
        .unwrap();
    s.apply_outcome(&[(0, c.box_centre(1))], &[]).unwrap();
    assert_eq!(s.table().caps[0].stage, Stage::Qual13);
    s.apply_outcome(&[(0, (1.0, 1.0))], &[]).unwrap();
    assert_eq!(s.table().caps[0].stage, Stage::QualQ(0));
    for p in [(1.0, 1.3), (1.3, 1.0), (1.0, 0.7)] {
        s.apply_outcome(&[(0, p)], &[]).unwrap();
    }
    assert_eq!(s.table().caps[0].stage, Stage::QualQ(0b0111));
    let r = s.apply_outcome(&[(0, (1.3, 1.05))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Restart);
    assert_eq!(s.table().caps[0].stage, Stage::Qual13);
    assert!(c.in_box(1, s.table().caps[0].pos.unwrap()));
    assert_eq!(s.table().turn, 1);
    // Next turn A makes 13 and all four quadrants, becomes a killer, hits C: C is eliminated.
    s.apply_outcome(&[(1, (0.3, 1.5))], &[]).unwrap();
    s.apply_outcome(&[(2, (0.3, 0.3))], &[]).unwrap();
    assert_eq!(s.table().turn, 0);
    for p in [(1.0, 1.0), (1.0, 1.3), (1.3, 1.0), (1.0, 0.7), (0.7, 1.0)] {
        s.apply_outcome(&[(0, p)], &[]).unwrap();
    }
    assert_eq!(s.table().caps[0].stage, Stage::Killer);
    let r = s
        .apply_outcome(&[(0, (0.35, 0.3)), (2, (0.2, 0.2))], &[2])
        .unwrap();
    assert_eq!(r.eliminated, 1 << 2);
    assert!(!s.table().caps[2].alive);
    assert!(r.again);
}

#[test]
fn random_and_bot_games_finish_within_the_cap_and_replay() {
    for spec in INFO.examples {
        let g = Skelly::from_game_string(spec).unwrap();
        let mut rng = Rng::new(3);
        let mut s = g.new_initial_state();
        s.play_out_random(&mut rng);
        assert!(s.is_terminal());
        assert!(s.history().len() <= g.max_game_length());
        // Replaying the history gives the same state.
        let mut r = g.new_initial_state();
        for &a in s.history() {
            r.apply_action(a).unwrap();
        }
        assert_eq!(r.position_text(), s.position_text());
    }
}

#[test]
fn planner_and_aim_games_finish() {
    let g = game(&[("players", "2"), ("first_player", "0")]);
    let planner = g.new_bot("planner").unwrap();
    let aim = g.new_bot("aim").unwrap();
    let mut rng = Rng::new(1);
    let mut wins = [0; 2];
    for k in 0..6 {
        let mut s = g.new_initial_state();
        while !s.is_terminal() {
            match s.current_player() {
                Player::Chance => {
                    let a = s.sample_chance(&mut rng);
                    s.apply_action(a).unwrap();
                }
                Player::Seat(p) => {
                    let bot = if (p + k) % 2 == 0 { &planner } else { &aim };
                    let a = bot.act(&s, &mut rng);
                    s.apply_action(a).unwrap();
                }
                Player::Terminal => {}
            }
        }
        if let Some(w) = s.table().winner() {
            wins[(w + k) % 2] += 1;
        }
    }
    assert!(wins[0] + wins[1] > 0, "no game finished: {wins:?}");
}

#[test]
fn action_names_round_trip() {
    for a in 0..NUM_ACTIONS {
        assert_eq!(parse_action(&action_name(a)).unwrap(), a, "{}", action_name(a));
    }
}

// Rule boundaries through the outcome API (the cases the mutation run found untested in Rust).

/// Two players: seat 0 on the course at box 3, seat 1 trapped in the dead box; seat 0 to shoot.
fn seat_1_trapped(g: &Skelly) -> SkellyState {
    g.state_at("turn=0 shots=0 out=- p0=course2@0.2,0.2 p1=course3+trapped@1.0,1.3")
        .unwrap()
}

#[test]
fn the_course_turns_at_box_13_and_comes_back_through_12() {
    // Targets run 1..13 (indices 0..12) and back 12..1 (indices 13..24): index 13 is box 12.
    let g = game(&[("players", "2")]);
    let c = g.config().rules.court;
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course13@1.0,1.0 p1=course0@start")
        .unwrap();
    let r = s.apply_outcome(&[(0, c.box_centre(12))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Made);
    assert_eq!(&r.credited[..r.n_credited as usize], &[12]);
    assert_eq!(s.table().caps[0].stage, Stage::Course(14));
    // Index 12 is box 13 itself: landing in 12 there is no progress.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course12@0.2,0.2 p1=course0@start")
        .unwrap();
    let r = s.apply_outcome(&[(0, c.box_centre(12))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Miss);
    assert_eq!(s.table().caps[0].stage, Stage::Course(12));
}

#[test]
fn freeing_a_trapped_cap_on_the_last_target_credits_only_what_is_left_of_the_course() {
    // Rule 3's +2 stops at the end of the course: at index 24 (box 1) only box 1 is credited, and
    // the cap starts the killer run in box 1.
    let g = game(&[("players", "2")]);
    let c = g.config().rules.court;
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course24@0.2,0.4 p1=course3+trapped@1.0,1.3")
        .unwrap();
    let r = s
        .apply_outcome(&[(0, (0.9, 1.25)), (1, (1.0, 1.33))], &[1])
        .unwrap();
    assert_eq!(r.decision, Decision::HitTrapped);
    assert_eq!(&r.credited[..r.n_credited as usize], &[1]);
    assert_eq!(s.table().caps[0].stage, Stage::Qual13);
    assert!(c.in_box(1, s.table().caps[0].pos.unwrap()));
}

#[test]
fn completing_the_out_only_course_in_box_13_moves_the_cap_to_box_1() {
    let g = game(&[("players", "2"), ("course", "out_only")]);
    let c = g.config().rules.court;
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course12@0.2,0.2 p1=course0@start")
        .unwrap();
    s.apply_outcome(&[(0, c.box_centre(13))], &[]).unwrap();
    assert_eq!(s.table().caps[0].stage, Stage::Qual13);
    let at = s.table().caps[0].pos.unwrap();
    assert!(c.in_box(1, at) && !c.in_box(13, at));
}

#[test]
fn ranks_follow_the_order_of_elimination() {
    // Three caps; a killer eliminates seat 2, then seat 1: seat 2 (out with 3 caps left) ranks 3,
    // seat 1 (out with 2 left) ranks 2, the winner 1.
    let g = game(&[("players", "3")]);
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=killer@0.3,0.3 p1=course3@1.5,1.5 p2=course9@0.2,0.2")
        .unwrap();
    let scores = |s: &SkellyState| {
        let mut out = [0.0; 3];
        s.scores(&mut out);
        out
    };
    assert_eq!(scores(&s), [1.0, 1.0, 1.0]);
    let r = s
        .apply_outcome(&[(0, (0.35, 0.3)), (2, (0.1, 0.1))], &[2])
        .unwrap();
    assert_eq!(r.eliminated, 1 << 2);
    assert_eq!(scores(&s), [1.0, 1.0, 3.0]);
    assert!(r.again && s.current_player() == Player::Seat(0));
    let r = s
        .apply_outcome(&[(0, (1.4, 1.5)), (1, (1.7, 1.7))], &[1])
        .unwrap();
    assert_eq!(r.eliminated, 1 << 1);
    assert_eq!(scores(&s), [1.0, 2.0, 3.0]);
    assert_eq!(s.table().winner(), Some(0));
    assert_eq!(s.current_player(), Player::Terminal);
}

#[test]
fn when_every_cap_left_is_trapped_all_are_released_without_reward() {
    // Seat 1 is trapped; seat 0 lands in the dead box too: nobody can shoot, so both are released
    // and the turn passes on as usual (to seat 1).
    let g = game(&[("players", "2")]);
    let c = g.config().rules.court;
    let mut s = seat_1_trapped(&g);
    let r = s.apply_outcome(&[(0, (1.3, 1.0))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Trapped);
    assert_eq!(r.released, 0b11);
    let t = s.table();
    assert!(!t.caps[0].trapped && !t.caps[1].trapped);
    assert!(!c.in_dead_box(t.caps[0].pos.unwrap()) && !c.in_dead_box(t.caps[1].pos.unwrap()));
    assert_eq!(t.turn, 1);
    assert_eq!(
        (t.caps[0].stage, t.caps[1].stage),
        (Stage::Course(2), Stage::Course(3))
    );
}

#[test]
fn a_trapped_cap_is_released_after_the_set_number_of_skipped_turns() {
    // trap_release_after_turns=1: seat 1's first turn is skipped, its second releases it.
    let g = game(&[("players", "2"), ("trap_release_after_turns", "1")]);
    let c = g.config().rules.court;
    let mut s = seat_1_trapped(&g);
    let r = s.apply_outcome(&[(0, (0.3, 1.9))], &[]).unwrap();
    assert_eq!((r.decision, r.released), (Decision::Miss, 0));
    assert_eq!(s.table().turn, 0);
    assert!(s.table().caps[1].trapped && s.table().caps[1].skipped == 1);
    let r = s.apply_outcome(&[(0, (0.4, 1.9))], &[]).unwrap();
    assert_eq!(r.released, 1 << 1);
    let t = s.table();
    assert_eq!(t.turn, 1);
    assert!(!t.caps[1].trapped && !c.in_dead_box(t.caps[1].pos.unwrap()));
    // With the default (0: never), the trapped seat is skipped every time.
    let g = game(&[("players", "2")]);
    let mut s = seat_1_trapped(&g);
    for x in [0.3, 0.4, 0.5] {
        let r = s.apply_outcome(&[(0, (x, 1.9))], &[]).unwrap();
        assert_eq!(r.released, 0);
        assert_eq!(s.table().turn, 0);
    }
    assert!(s.table().caps[1].trapped);
}
