//! Rust tests of the Skelly game: a worked sequence of shots through the outcome API,
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

// The rest of rules.rs's boundaries (the second mutation run): placement, the radial exit, outcome
// refusals, the masks of a report, rule 6 and the killer run's landings.

/// The cap (or any point: a target, a velocity) is at `want`, to rounding.
fn assert_at(at: (f64, f64), want: (f64, f64)) {
    assert!(
        (at.0 - want.0).abs() < 1e-12 && (at.1 - want.1).abs() < 1e-12,
        "{at:?} != {want:?}"
    );
}

#[test]
fn a_cap_credited_into_an_occupied_box_goes_to_the_nearest_free_grid_spot() {
    // Seat 1 rests on box 4's centre; seat 0 (target box 4) hits it, so rule 4 credits box 4 and
    // places seat 0 there: not on top of seat 1 but one cap diameter (plus a hair) away on both axes,
    // the first spot of the grid's first ring, still inside the box.
    let g = game(&[("players", "2")]);
    let c = g.config().rules.court;
    let b4 = c.box_centre(4);
    let text = format!(
        "turn=0 shots=0 out=- p0=course3@1.5,0.3 p1=course0@{},{}",
        b4.0, b4.1
    );
    let mut s = g.state_at(&text).unwrap();
    let r = s.apply_outcome(&[(0, (1.7, 0.2))], &[1]).unwrap();
    assert_eq!(r.decision, Decision::Hit);
    assert_eq!(&r.credited[..r.n_credited as usize], &[4]);
    let step = 2.0 * c.radius + 1e-6;
    let at = s.table().caps[0].pos.unwrap();
    assert_at(at, (b4.0 - step, b4.1 - step));
    assert!(c.in_box(4, at));
    assert_eq!(s.table().caps[1].pos, Some(b4));
    // An empty box takes the cap at its centre.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course3@1.5,0.3 p1=course0@0.5,0.5")
        .unwrap();
    s.apply_outcome(&[(0, (1.7, 0.2))], &[1]).unwrap();
    assert_eq!(s.table().caps[0].pos, Some(b4));
}

#[test]
fn a_freed_cap_whose_exit_point_is_taken_goes_further_out_along_the_same_ray() {
    // Seat 1 is trapped north of box 13; its radial exit (straight north, just outside the skull) is
    // taken by seat 2, so freeing it puts it one cap diameter further out.
    let g = game(&[("players", "3")]);
    let c = g.config().rules.court;
    let exit = c.radial_exit((1.0, 1.33), 0.0);
    assert!((exit.0 - 1.0).abs() < 1e-12 && exit.1 > 1.375);
    let text = format!(
        "turn=0 shots=0 out=- p0=course2@0.9,1.0 p1=course3+trapped@1.0,1.3 p2=course5@1.0,{}",
        exit.1 - 0.006
    );
    let mut s = g.state_at(&text).unwrap();
    let r = s
        .apply_outcome(&[(0, (1.0, 1.2)), (1, (1.0, 1.33))], &[1])
        .unwrap();
    assert_eq!(r.decision, Decision::HitTrapped);
    assert_eq!(r.freed, 1 << 1);
    let want = c.radial_exit((1.0, 1.33), 2.0 * c.radius);
    let at = s.table().caps[1].pos.unwrap();
    assert_at(at, want);
    assert!(!s.table().caps[1].trapped && !c.in_skull(at));
}

#[test]
fn outcomes_off_the_court_or_touching_caps_not_in_play_are_refused_and_change_nothing() {
    let g = game(&[("players", "2")]);
    let fresh = || {
        g.state_at("turn=0 shots=0 out=- p0=course2@0.2,0.2 p1=course0@start")
            .unwrap()
    };
    let refused = |positions: &[(usize, (f64, f64))], contacts: &[usize]| {
        let mut s = fresh();
        let before = s.position_text();
        let e = s.apply_outcome(positions, contacts).unwrap_err();
        assert_eq!(s.position_text(), before);
        e.to_string()
    };
    // Each coordinate on its own: not a number, infinite, beyond 10^12 m.
    assert!(refused(&[(0, (f64::NAN, 0.5))], &[]).contains("not a finite point"));
    assert!(refused(&[(0, (0.5, f64::INFINITY))], &[]).contains("not a finite point"));
    assert!(refused(&[(0, (2e12, 0.5))], &[]).contains("not a finite point"));
    assert!(refused(&[(0, (0.5, -2e12))], &[]).contains("not a finite point"));
    // 10^12 itself is a (very bad) shot, not an error.
    for p in [(1e12, 0.5), (0.5, -1e12)] {
        let mut s = fresh();
        assert_eq!(s.apply_outcome(&[(0, p)], &[]).unwrap().decision, Decision::Miss);
    }
    // Seat 1 has not entered play: the shot cannot have touched it.
    assert!(refused(&[(0, (0.3, 0.3))], &[1]).contains("not on the court"));
}

#[test]
fn a_cap_listed_twice_among_the_contacts_is_hit_once() {
    // Two killer hits eliminate here; one shot touching seat 1 (listed twice) is one hit.
    let g = game(&[("players", "3"), ("killer_hits_to_eliminate", "2")]);
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=killer@0.3,0.3 p1=course3@1.5,1.5 p2=course9@0.2,1.8")
        .unwrap();
    let r = s.apply_outcome(&[(0, (1.45, 1.5))], &[1, 1]).unwrap();
    assert_eq!(r.eliminated, 0);
    assert!(s.table().caps[1].alive);
    assert_eq!(s.table().caps[1].killer_hits, 1);
}

#[test]
fn a_non_killer_hitting_a_killer_is_eliminated_under_that_rule() {
    let g = game(&[("players", "3"), ("non_killer_hits_killer", "eliminate_shooter")]);
    let mut s = g
        .state_at("turn=1 shots=0 out=- p0=killer@0.3,0.3 p1=course3@0.5,0.5 p2=course9@0.2,1.8")
        .unwrap();
    let r = s.apply_outcome(&[(1, (0.32, 0.35))], &[0]).unwrap();
    assert_eq!(r.decision, Decision::HitKiller);
    assert_eq!(r.eliminated, 1 << 1);
    assert!(!s.table().caps[1].alive);
    assert_eq!(s.table().turn, 2);
}

#[test]
fn a_cap_knocked_into_the_dead_box_is_trapped_but_a_cap_resting_in_a_quadrant_is_not() {
    // Seat 0 hits seat 1 into the dead box: seat 1 is trapped (rule 6). Seat 2, on its killer run in
    // the north quadrant and not moved by the shot, stays free; so does a killer knocked in.
    let g = game(&[("players", "4")]);
    let c = g.config().rules.court;
    let mut s = g
        .state_at(
            "turn=0 shots=0 out=- p0=course2@1.0,0.4 p1=course3@1.0,0.5 p2=qualq0@1.0,1.3 p3=killer@1.3,0.5",
        )
        .unwrap();
    assert!(c.in_dead_box((1.0, 1.3)) && c.in_dead_box((0.7, 0.8)));
    let r = s
        .apply_outcome(&[(0, (1.0, 0.45)), (1, (1.0, 0.7)), (3, (0.7, 0.8))], &[1])
        .unwrap();
    assert_eq!(r.decision, Decision::Hit);
    assert_eq!(r.trapped, 1 << 1);
    let t = s.table();
    assert!(t.caps[1].trapped && !t.caps[2].trapped && !t.caps[3].trapped);
    // Without the flag nobody is trapped.
    let g = game(&[("players", "4"), ("knocked_into_dead_box_traps", "false")]);
    let mut s = g
        .state_at(
            "turn=0 shots=0 out=- p0=course2@1.0,0.4 p1=course3@1.0,0.5 p2=qualq0@1.0,1.3 p3=killer@1.3,0.5",
        )
        .unwrap();
    let r = s
        .apply_outcome(&[(0, (1.0, 0.45)), (1, (1.0, 0.7))], &[1])
        .unwrap();
    assert_eq!(r.trapped, 0);
}

#[test]
fn a_shooter_coming_to_rest_in_the_dead_box_is_trapped_unless_it_is_a_killer() {
    let g = game(&[("players", "3")]);
    let mut s = g
        .state_at("turn=1 shots=0 out=- p0=course2@0.2,0.2 p1=course3@0.5,0.5 p2=course9@0.2,1.8")
        .unwrap();
    let r = s.apply_outcome(&[(1, (1.0, 1.3))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Trapped);
    assert_eq!(r.trapped, 1 << 1);
    assert!(s.table().caps[1].trapped);
    // A killer's shot is decided by rule 1 alone: resting in the dead box, it is not trapped.
    let mut s = g
        .state_at("turn=1 shots=0 out=- p0=course2@0.2,0.2 p1=killer@0.5,0.5 p2=course9@0.2,1.8")
        .unwrap();
    let r = s.apply_outcome(&[(1, (1.0, 1.3))], &[]).unwrap();
    assert_eq!((r.decision, r.trapped), (Decision::Killer, 0));
    assert!(!s.table().caps[1].trapped);
    assert_eq!(s.table().turn, 2);
}

#[test]
fn the_killer_run_starts_only_from_box_13_and_walks_the_quadrants() {
    let g = game(&[("players", "2")]);
    let c = g.config().rules.court;
    // Qual13 landing outside box 13 is a miss.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=qual13@0.125,0.125 p1=course3@1.5,1.5")
        .unwrap();
    let r = s.apply_outcome(&[(0, (0.6, 0.6))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Miss);
    assert_eq!(s.table().caps[0].stage, Stage::Qual13);
    let (n, e, south) = (c.quadrant_aim(0), c.quadrant_aim(1), c.quadrant_aim(2));
    // Any order: with N done, S is next as well as E.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=qualq0@1.0,1.3 p1=course3@1.5,1.5")
        .unwrap();
    let r = s.apply_outcome(&[(0, south)], &[]).unwrap();
    assert_eq!(r.decision, Decision::Made);
    assert_eq!(s.table().caps[0].stage, Stage::QualQ(0b0101));
    // A quadrant already made restarts the run from box 1.
    let r = s.apply_outcome(&[(0, n)], &[]).unwrap();
    assert_eq!(r.decision, Decision::Restart);
    assert_eq!(s.table().caps[0].stage, Stage::Qual13);
    // Fixed order N, E, S, W: with N and E done only S counts.
    let g = game(&[("players", "2"), ("quadrant_order", "n_e_s_w")]);
    let fixed = || {
        g.state_at("turn=0 shots=0 out=- p0=qualq01@1.3,1.0 p1=course3@1.5,1.5")
            .unwrap()
    };
    let mut s = fixed();
    let r = s.apply_outcome(&[(0, south)], &[]).unwrap();
    assert_eq!(r.decision, Decision::Made);
    assert_eq!(s.table().caps[0].stage, Stage::QualQ(0b0111));
    let mut s = fixed();
    let r = s.apply_outcome(&[(0, c.quadrant_aim(3))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Restart);
    assert!(c.in_box(1, s.table().caps[0].pos.unwrap()));
    // With only N done, E is next in the fixed order and S is not.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=qualq0@1.0,1.3 p1=course3@1.5,1.5")
        .unwrap();
    assert_eq!(
        s.apply_outcome(&[(0, south)], &[]).unwrap().decision,
        Decision::Restart
    );
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=qualq0@1.0,1.3 p1=course3@1.5,1.5")
        .unwrap();
    assert_eq!(s.apply_outcome(&[(0, e)], &[]).unwrap().decision, Decision::Made);
}

#[test]
fn returning_to_the_last_box_after_a_miss() {
    let g = game(&[("players", "2"), ("out_of_bounds_policy", "return_to_last_box")]);
    let c = g.config().rules.court;
    // On the course at target box 6 (index 5): a miss goes back to box 5, the last box made.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course5@0.125,1.25 p1=course3@1.5,1.5")
        .unwrap();
    let r = s.apply_outcome(&[(0, (0.6, 0.9))], &[]).unwrap();
    assert_eq!(r.decision, Decision::Miss);
    assert!(c.in_box(5, s.table().caps[0].pos.unwrap()));
    // Shooting for box 13 on the killer run: back to box 1.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=qual13@0.125,0.125 p1=course3@1.5,1.5")
        .unwrap();
    s.apply_outcome(&[(0, (0.6, 0.6))], &[]).unwrap();
    assert!(c.in_box(1, s.table().caps[0].pos.unwrap()));
    // Before box 1 is made: back off the court.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course0@start p1=course3@1.5,1.5")
        .unwrap();
    s.apply_outcome(&[(0, (0.6, 0.6))], &[]).unwrap();
    assert_eq!(s.table().caps[0].pos, None);
    // Under the default policy the cap stays where it stopped.
    let g = game(&[("players", "2")]);
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course5@0.125,1.25 p1=course3@1.5,1.5")
        .unwrap();
    s.apply_outcome(&[(0, (0.6, 0.9))], &[]).unwrap();
    assert_eq!(s.table().caps[0].pos, Some((0.6, 0.9)));
}

#[test]
fn a_spot_where_the_cap_would_touch_another_is_taken() {
    // Seat 1 rests exactly one cap diameter east of box 4's centre: a cap placed at the centre would
    // touch it, so the centre is taken and seat 0 goes to the grid's first free spot.
    let g = game(&[("players", "2")]);
    let c = g.config().rules.court;
    let b4 = c.box_centre(4);
    let text = format!(
        "turn=0 shots=0 out=- p0=course3@1.5,0.3 p1=course0@{},{}",
        b4.0 + 2.0 * c.radius,
        b4.1
    );
    let mut s = g.state_at(&text).unwrap();
    s.apply_outcome(&[(0, (1.7, 0.2))], &[1]).unwrap();
    let step = 2.0 * c.radius + 1e-6;
    let at = s.table().caps[0].pos.unwrap();
    assert_at(at, (b4.0 - step, b4.1 - step));
}

// mod.rs's rule functions (the mutation run of the game's own module).

#[test]
fn shots_aim_at_the_target_or_at_another_cap_in_play() {
    // Three players, seat 0 to shoot: it may aim at its target (reference 0) or at seat 1's cap
    // (reference 2), not at its own cap (reference 1) nor at seat 2's, which has not entered play.
    let g = game(&[("players", "3")]);
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.2,0.2 p1=course3@1.5,1.5 p2=course0@start")
        .unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let per_ref = (ANGLES.len() * POWERS.len()) as u32;
    let want: Vec<Action> = (0..per_ref).chain(2 * per_ref..3 * per_ref).collect();
    assert_eq!(legal, want);
    // Every other action is refused, says why and changes nothing, the chance actions included.
    for a in (0..NUM_ACTIONS).filter(|a| !want.contains(a)) {
        let mut t = s.clone();
        let e = t.apply_action(a).unwrap_err().to_string();
        let why = if a < SHOTS {
            "not on the court"
        } else {
            "not legal here"
        };
        assert!(e.contains(why), "{}: {e}", action_name(a));
        assert_eq!(t.position_text(), s.position_text());
    }
}

#[test]
fn the_first_shooter_is_drawn_among_the_players() {
    let g = game(&[("players", "3")]);
    let s = g.new_initial_state();
    assert_eq!(s.current_player(), Player::Chance);
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal, (LOT..LOT + 3).collect::<Vec<_>>());
    let mut chances = Vec::new();
    s.chance_outcomes(&mut chances);
    assert_eq!(
        chances,
        (LOT..LOT + 3).map(|a| (a, 1.0 / 3.0)).collect::<Vec<_>>()
    );
    // Seats 3..5 do not exist at a three-player table.
    for a in (0..NUM_ACTIONS).filter(|a| !(LOT..LOT + 3).contains(a)) {
        assert!(s.clone().apply_action(a).is_err(), "{}", action_name(a));
    }
    // The draw lands on each of the three seats and nowhere else.
    let mut rng = Rng::new(5);
    let mut seen = [0; 3];
    for _ in 0..300 {
        let a = s.sample_chance(&mut rng);
        assert!((LOT..LOT + 3).contains(&a), "{a}");
        seen[(a - LOT) as usize] += 1;
    }
    assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
}

#[test]
fn a_flick_is_one_of_the_noise_grid_uniformly() {
    // With the default noise, a chosen shot is followed by a chance node over the 15 x 15 grid of
    // angle and speed deviations, each equally likely (the bins are equal-probability quantiles).
    let g = game(&[("players", "2")]);
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.2,0.2 p1=course3@1.5,1.5")
        .unwrap();
    s.apply_action(0).unwrap();
    assert_eq!(s.current_player(), Player::Chance);
    let mut chances = Vec::new();
    s.chance_outcomes(&mut chances);
    let bins = (NOISE_BINS * NOISE_BINS) as u32;
    assert_eq!(chances.len(), bins as usize);
    assert!(chances
        .iter()
        .zip(NOISE..NOISE + bins)
        .all(|(&(a, p), b)| a == b && p == 1.0 / f64::from(bins)));
    let mut rng = Rng::new(9);
    let mut seen = vec![false; bins as usize];
    for _ in 0..20_000 {
        let a = s.sample_chance(&mut rng);
        assert!((NOISE..NOISE + bins).contains(&a), "{a}");
        seen[(a - NOISE) as usize] = true;
    }
    assert!(seen.iter().all(|&x| x));
}

#[test]
fn the_winner_gets_the_top_of_the_declared_range_and_each_loser_the_bottom() {
    // Three players: the declared range is -1/2..1 and a finished game pays exactly its ends.
    let g = game(&[("players", "3")]);
    let u = g.utility().unwrap();
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=killer@0.3,0.3 p1=course3@1.5,1.5 p2=course9@0.2,0.2")
        .unwrap();
    s.apply_outcome(&[(0, (0.35, 0.3)), (2, (0.1, 0.1))], &[2])
        .unwrap();
    s.apply_outcome(&[(0, (1.4, 1.5)), (1, (1.7, 1.7))], &[1])
        .unwrap();
    assert!(s.is_terminal());
    let mut r = [0.0; 3];
    s.returns(&mut r);
    assert_eq!(r, [u.max, u.min, u.min]);
    assert_eq!((u.min, u.max, u.sum), (-0.5, 1.0, Some(0.0)));
}

/// The shot that `text` reads as: (reference, angle offset in degrees, power), or the error's text.
fn read_shot(text: &str) -> std::result::Result<(usize, i32, f64), String> {
    match parse_action(text) {
        Ok(a) if a < SHOTS => {
            let aim = Aim::from_action(a);
            Ok((aim.reference, ANGLES[aim.angle_index], POWERS[aim.power_index]))
        }
        Ok(a) => Err(format!("not a shot: {a}")),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn shot_texts_and_their_shorthands_read_as_the_shot_they_name() {
    // Reference 0 is the target, 1 + j the cap of seat j (p0..p5).
    assert_eq!(read_shot("aim target +0deg x1.00"), Ok((0, 0, 1.0)));
    assert_eq!(read_shot("  AIM   P5  -20DEG  X2.5 "), Ok((6, -20, 2.5)));
    // The fourth word and the third may go without their `deg` and `x`.
    assert_eq!(read_shot("aim p0 5 0.9"), Ok((1, 5, 0.9)));
    // Two words: offset and power at the target, the offset a number or written with `deg`.
    assert_eq!(read_shot("-5 1.1"), Ok((0, -5, 1.1)));
    assert_eq!(read_shot("+10deg x0.75"), Ok((0, 10, 0.75)));
    // Three words: the reference first.
    assert_eq!(read_shot("p2 10 1.3"), Ok((3, 10, 1.3)));
    assert_eq!(read_shot("target -2deg x1.6"), Ok((0, -2, 1.6)));
}

#[test]
fn shot_texts_out_of_the_grid_are_refused_with_the_reason() {
    let refused = |text: &str, why: &str| {
        let e = read_shot(text).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    };
    // Seats are p0..p5: p6 is no cap (its id would fall among the noise outcomes).
    refused("aim p6 +0deg x1.00", "aim at 'target' or a cap p0..p5");
    refused("p6 0 1", "aim at 'target' or a cap p0..p5");
    refused("aim me +0deg x1.00", "aim at 'target' or a cap p0..p5");
    // Offsets and powers only from the grid.
    refused(
        "aim target +3deg x1.00",
        "angle offsets are -20deg -10deg -5deg -2deg +0deg +2deg +5deg +10deg +20deg",
    );
    refused(
        "aim target +0deg x1.05",
        "powers are x0.50 x0.75 x0.90 x1.00 x1.10 x1.30 x1.60 x2.50",
    );
    refused("aim target north x1.00", "angle offset as +5deg");
    refused("aim target +0deg strong", "power as x1.00");
    // Two words that are no offset are no shorthand; three words led by a keyword are none either.
    refused("north 1", "expected 'aim <target|pK>");
    refused("aim 0 1", "expected 'aim <target|pK>");
    refused("noise 0 1", "expected 'aim <target|pK>");
    refused("first 0 1", "expected 'aim <target|pK>");
}

#[test]
fn noise_and_lot_texts_read_as_their_outcomes_at_the_ends_of_their_ranges() {
    // Noise ids run angle bin (0..14, i.e. -7..+7) times 15 plus speed bin, from NOISE.
    assert_eq!(parse_action("noise angle -7 speed -7").unwrap(), NOISE);
    assert_eq!(parse_action("noise angle +7 speed -7").unwrap(), NOISE + 14 * 15);
    assert_eq!(
        parse_action("Noise Angle 0 Speed 7").unwrap(),
        NOISE + 7 * 15 + 14
    );
    assert_eq!(parse_action("first player 0").unwrap(), LOT);
    assert_eq!(parse_action("first player 5").unwrap(), LOT + 5);
    for (text, why) in [
        ("noise angle 8 speed 0", "noise bins are -7..7"),
        ("noise angle 0 speed -8", "noise bins are -7..7"),
        ("noise angle up speed 0", "noise angle <-7..7> speed <-7..7>"),
        ("noise angle 0 speed down", "noise angle <-7..7> speed <-7..7>"),
        ("first player 6", "first player <0..5>"),
        ("first player -1", "first player <0..5>"),
    ] {
        let e = parse_action(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn the_observation_is_written_slot_by_slot_from_the_seat_to_move_on() {
    // Five seats on the 2 m board, seat 1 out; seat 2 observes (and is to shoot): blocks of 16 floats
    // in seat order from the observer (2, 3, 4, 0, 1), then the empty sixth block, then shots/max_shots.
    let g = game(&[("players", "5"), ("max_shots", "10")]);
    let s = g
        .state_at(
            "turn=2 shots=4 out=1 p0=course6+trapped@1.0,1.3 p1=out p2=qualq02@1.0,0.25 \
             p3=qual13@1.0,1.0 p4=killer@1.5,1.75",
        )
        .unwrap();
    let mut out = vec![9.0; 6 * 16 + 1];
    s.write_observation(2, &mut out);
    // Slots: present, alive, on the court, x/side, y/side, course progress (1 past the course),
    // on the course, in box 13's qualifying, walking the quadrants, killer, quadrants 0..3 made,
    // trapped, to shoot.
    #[rustfmt::skip]
    let want: Vec<f32> = [
        [1.0, 1.0, 1.0, 0.5, 0.125, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0], // seat 2
        [1.0, 1.0, 1.0, 0.5, 0.5, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],   // seat 3
        [1.0, 1.0, 1.0, 0.75, 0.875, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0], // seat 4
        [1.0, 1.0, 1.0, 0.5, 0.65, 6.0 / 25.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0], // seat 0
        [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],   // seat 1 (out)
        [0.0; 16],                                                                          // no seat
    ]
    .concat()
    .into_iter()
    .chain([0.4])
    .collect();
    assert_eq!(out, want);
}

// The shot model (issue #26): where the "target" reference points, the nominal flick of a shot action
// and its noise. Expectations from the module's description and the court's geometry, worked by hand
// for the default court (2 m board, 0.25 m boxes and pair gap, 0.75 m skull, 0.25 m box 13, diagonal
// quadrants, deceleration 2 m/s², so a free slide of d metres needs speed √(2·2·d)).

#[test]
fn the_target_is_the_next_box_then_box_13_then_the_first_quadrant_not_made() {
    // Box centres by hand: the corner boxes' centres lie 0.125 from the edges (0.125 and 1.875), the
    // side pairs' centres 0.25 / 2 + 0.125 = 0.25 either side of the middle (0.75 and 1.25).
    let g = game(&[("players", "2")]);
    let at = |stage: &str| {
        g.state_at(&format!(
            "turn=0 shots=0 out=- p0={stage}@0.6,0.4 p1=course3@1.5,1.5"
        ))
        .unwrap()
        .target_point(0)
    };
    // Course T = [1, 2, …, 13, 12, …, 1]: index 0 is box 1, index 4 box 5 (left side, upper box),
    // index 14 box 11 (top side, right box), index 24 box 1 again.
    assert_at(at("course0"), (0.125, 0.125));
    assert_at(at("course4"), (0.125, 1.25));
    assert_at(at("course14"), (1.25, 1.875));
    assert_at(at("course24"), (0.125, 0.125));
    // The killer run: box 13 in the middle, then the first quadrant not made, aimed halfway between
    // box 13's edge (0.125 from the centre) and the skull's (0.375): 0.25 from the centre towards
    // N (+y), E (+x), S, W.
    assert_at(at("qual13"), (1.0, 1.0));
    assert_at(at("qualq"), (1.0, 1.25));
    assert_at(at("qualq0"), (1.25, 1.0));
    assert_at(at("qualq01"), (1.0, 0.75));
    assert_at(at("qualq02"), (1.25, 1.0));
    assert_at(at("qualq012"), (0.75, 1.0));
    assert_at(at("qualq123"), (1.0, 1.25));
    // The same for seat 1, asked while seat 0 is to shoot.
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.6,0.4 p1=qualq013@1.5,1.5")
        .unwrap();
    assert_at(s.target_point(1), (1.0, 0.75));
}

#[test]
fn a_killer_aims_at_the_nearest_rival_on_the_court_or_at_the_centre() {
    let g = game(&[("players", "3")]);
    // Seat 0 a killer at (1, 0.5). Rivals at (0.25, 0.25) (0.79 away) and (0.75, 0.75) (0.35 away).
    let s = g
        .state_at("turn=0 shots=0 out=- p0=killer@1.0,0.5 p1=course3@0.25,0.25 p2=course5@0.75,0.75")
        .unwrap();
    assert_at(s.target_point(0), (0.75, 0.75));
    // The nearer first in seat order: (0.75, 0.75) again against (0.25, 0.5), 0.75 away.
    let s = g
        .state_at("turn=0 shots=0 out=- p0=killer@1.0,0.5 p1=course3@0.75,0.75 p2=course5@0.25,0.5")
        .unwrap();
    assert_at(s.target_point(0), (0.75, 0.75));
    // Seat 1 a killer, asked while seat 0 is to shoot: its own cap is no rival.
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course3@0.3,1.9 p1=killer@1.0,0.5 p2=course5@1.0,1.7")
        .unwrap();
    assert_at(s.target_point(1), (1.0, 1.7));
    // No rival on the court (one out, one not yet shot from the start line): the board's centre.
    let s = g
        .state_at("turn=0 shots=0 out=2 p0=killer@0.3,0.3 p1=course0@start p2=out")
        .unwrap();
    assert_at(s.target_point(0), (1.0, 1.0));
}

#[test]
fn a_shot_action_flies_along_the_line_to_its_reference_turned_by_the_offset() {
    let deg = f64::to_radians;
    let aim = |reference, angle_index, power_index| Aim {
        reference,
        angle_index,
        power_index,
    };
    // ANGLES[7] = +10°, POWERS[7] = 2.5: from the start line's middle (0.125, −0.5) at box 1's centre
    // (0.125, 0.125), straight up 0.625 m; a free slide of 2.5 × 0.625 needs √(4 × 1.5625) = 2.5 m/s.
    let g = game(&[("players", "3")]);
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course0@start p1=course3@1.1,1.3 p2=course5@1.5,0.2")
        .unwrap();
    assert_eq!((ANGLES[7], POWERS[7]), (10, 2.5));
    assert_at(s.aim_velocity(aim(0, 7, 7)), (deg(100.0), 2.5));
    // Reference 2 is seat 1's cap: from (0.5, 0.5) to (1.1, 1.3) is (0.6, 0.8), 1 m at atan2(0.8, 0.6);
    // ANGLES[0] = −20°, POWERS[3] = 1: 2 m/s.
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.5,0.5 p1=course3@1.1,1.3 p2=course5@1.5,0.2")
        .unwrap();
    assert_eq!((ANGLES[0], POWERS[3]), (-20, 1.0));
    assert_at(s.aim_velocity(aim(2, 0, 3)), (0.8f64.atan2(0.6) - deg(20.0), 2.0));
    // Reference 3 is seat 2's cap: (1.0, −0.3) away, atan2(−0.3, 1.0); ANGLES[4] = 0, POWERS[0] = 0.5.
    let d = 1.0f64.hypot(0.3);
    assert_at(
        s.aim_velocity(aim(3, 4, 0)),
        ((-0.3f64).atan2(1.0), (4.0 * 0.5 * d).sqrt()),
    );
    // A reference closer than 0.1 m is scaled as if 0.1 m away: seat 0 at (1.05, 1.3), 0.05 m from
    // seat 1, due west; POWERS[3] = 1 gives √(4 × 0.1).
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course2@1.05,1.3 p1=course3@1.1,1.3 p2=course5@1.5,0.2")
        .unwrap();
    assert_at(s.aim_velocity(aim(2, 4, 3)), (0.0, 0.4f64.sqrt()));
}

#[test]
fn a_reference_on_the_shooters_own_spot_is_aimed_straight_up_the_board() {
    let aim = |reference| Aim {
        reference,
        angle_index: 4,
        power_index: 3,
    };
    let g = game(&[("players", "3")]);
    // Seat 2 has not entered play: aiming at it aims at the shooter's own spot. No line, so the flick
    // goes up the board (+y), with the 0.1 m minimum distance: √(4 × 0.1).
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.5,0.5 p1=course3@1.1,1.3 p2=course0@start")
        .unwrap();
    assert_at(
        s.aim_velocity(aim(3)),
        (std::f64::consts::FRAC_PI_2, 0.4f64.sqrt()),
    );
    // In box 13's qualifying, 1e-13 m east of box 13's centre: under the 1e-12 m threshold, no line
    // either (the line to the target would point west, π).
    let s = g
        .state_at("turn=0 shots=0 out=- p0=qual13@1.0000000000001,1.0 p1=course3@1.1,1.3 p2=course0@start")
        .unwrap();
    assert_at(
        s.aim_velocity(aim(0)),
        (std::f64::consts::FRAC_PI_2, 0.4f64.sqrt()),
    );
    // Exactly 1e-12 m away (a cap at the corner (0, 0), seat 1's at (1e-12, 0)): the threshold is
    // a line, due east.
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0,0 p1=course3@1e-12,0 p2=course0@start")
        .unwrap();
    assert_at(s.aim_velocity(aim(2)), (0.0, 0.4f64.sqrt()));
}

#[test]
fn the_noise_outcome_turns_the_flick_by_its_angle_bin_and_scales_it_by_its_speed_bin() {
    // Standard normal quantiles (independent of the engine's table): Φ⁻¹(13.5/15 = 0.9) and
    // Φ⁻¹(2.5/15 = 1/6), Φ⁻¹(0.5/15).
    let (z13, z2, z0) = (1.281_551_565_545, -0.967_421_566_102, -1.833_914_635_816);
    // angle_sigma 3°, speed_sigma 0.2, seat 1's skill 2 (noise halved), seat 0's skill 0.1 (× 10).
    let g = game(&[
        ("players", "2"),
        ("angle_sigma", "3"),
        ("speed_sigma", "0.2"),
        ("skill_0", "0.1"),
        ("skill_1", "2"),
    ]);
    // Seat 1 at (0.5, 0.5) aims at seat 0's cap (reference 1) at (1.1, 1.3): 1 m at atan2(0.8, 0.6),
    // no offset, power 1: nominally 2 m/s.
    let s = g
        .state_at("turn=1 shots=0 out=- p0=course3@1.1,1.3 p1=course2@0.5,0.5")
        .unwrap();
    let shot = Aim {
        reference: 1,
        angle_index: 4,
        power_index: 3,
    }
    .action();
    let base = 0.8f64.atan2(0.6);
    // Outcome k = 15 · (angle bin) + (speed bin). Bins 13 and 2: +1.28 × 1.5°, speed × (1 − 0.97 × 0.1).
    let (angle, speed) = s.noisy_velocity(shot, NOISE + 13 * 15 + 2);
    assert_at(
        (angle, speed),
        (base + (z13 * 1.5f64).to_radians(), 2.0 * (1.0 + z2 * 0.1)),
    );
    // Bins 2 and 13.
    let (angle, speed) = s.noisy_velocity(shot, NOISE + 2 * 15 + 13);
    assert_at(
        (angle, speed),
        (base + (z2 * 1.5f64).to_radians(), 2.0 * (1.0 + z13 * 0.1)),
    );
    // The middle bins: the nominal flick.
    assert_at(s.noisy_velocity(shot, NOISE + 7 * 15 + 7), (base, 2.0));
    // Seat 0 (skill 0.1: 30° and 2 per unit z) from (1.1, 1.3) back at seat 1's cap: the line is
    // reversed. In the lowest speed bin 1 + z · 2 < 0, so the flick has speed 0.
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course3@1.1,1.3 p1=course2@0.5,0.5")
        .unwrap();
    let shot = Aim {
        reference: 2,
        angle_index: 4,
        power_index: 3,
    }
    .action();
    let back = (-0.8f64).atan2(-0.6);
    assert_at(
        s.noisy_velocity(shot, NOISE),
        (back + (z0 * 30.0f64).to_radians(), 0.0),
    );
    // The lowest angle bin, the highest speed bin (the quantiles are symmetric): × (1 + 1.83 × 2).
    assert_at(
        s.noisy_velocity(shot, NOISE + 14),
        (back + (z0 * 30.0f64).to_radians(), 2.0 * (1.0 - z0 * 2.0)),
    );
}

// The court's text picture (issue #26). The mapping the doc comment states: 41 × 21 characters inside
// a frame, a point (x, y) at column 1 + round(40·x/L) and row 1 + round(20·(L − y)/L) (rows counted
// from the top). On the default 2 m court: the corner boxes' centres (0.125 and 1.875) at columns 4
// and 39 (2.5 and 37.5 round up) and rows 2 and 20; the side pairs' centres (0.75, 1.25) at columns
// 16 and 26, rows 9 and 14 (7.5 and 12.5 round up); box 13 (the centre) at column 21, row 11; the
// skull's edge (0.625 to 1.375) from column 14 to 29 and from row 7 to 15.

/// The rows of the court picture.
fn court_rows(s: &SkellyState) -> Vec<String> {
    s.court_text().lines().map(str::to_string).collect()
}

#[test]
fn the_court_text_draws_box_numbers_the_skull_edge_and_the_caps_in_play() {
    // Five players: A at (0.6, 0.4); seat 1 trapped in the skull at (1.2, 0.9), drawn lower case;
    // C on box 11's centre, over the label's first digit; seat 3 out and seat 4 on the start line,
    // not drawn.
    let g = game(&[("players", "5")]);
    let s = g
        .state_at(
            "turn=0 shots=0 out=3 p0=course4@0.6,0.4 p1=course3+trapped@1.2,0.9 \
             p2=course10@1.25,1.875 p3=out p4=course0@start",
        )
        .unwrap();
    let want = [
        "-------------------------------------------",
        "|                                         |",
        "|   3           9         C1           2  |",
        "|                                         |",
        "|                                         |",
        "|                                         |",
        "|                                         |",
        "|             ::::::::::::::::            |",
        "|             :              :            |",
        "|   5         :              :         6  |",
        "|             :              :            |",
        "|             :      13      :            |",
        "|             :          b   :            |",
        "|             :              :            |",
        "|   7         :              :         8  |",
        "|             ::::::::::::::::            |",
        "|                                         |",
        "|            A                            |",
        "|                                         |",
        "|                                         |",
        "|   1           10        12           4  |",
        "|                                         |",
        "-------------------------------------------",
    ];
    assert_eq!(court_rows(&s), want);
}

#[test]
fn a_cap_just_off_the_board_is_drawn_on_the_frame_and_one_further_off_not_at_all() {
    // Six players: half a cell or less beyond each edge lands on the frame (A left, B right, C bottom,
    // D top); a whole cell beyond (E left, F right) is not drawn.
    let g = game(&[("players", "6")]);
    let s = g
        .state_at(
            "turn=0 shots=0 out=- p0=course1@-0.05,1.0 p1=course1@2.05,1.0 p2=course1@1.0,-0.1 \
             p3=course1@1.0,2.1 p4=course1@-0.1,0.5 p5=course1@2.1,0.5",
        )
        .unwrap();
    let rows = court_rows(&s);
    assert_eq!(rows.len(), 23);
    assert_eq!(rows[0], "---------------------D---------------------");
    assert_eq!(rows[11], "A             :      13      :            B");
    assert_eq!(rows[16], "|                                         |");
    assert_eq!(rows[22], "---------------------C---------------------");
    // The same picture without the caps: nothing else changed, E and F nowhere.
    let empty = court_rows(
        &g.state_at(
            "turn=0 shots=0 out=- p0=course0@start p1=course0@start p2=course0@start \
             p3=course0@start p4=course0@start p5=course0@start",
        )
        .unwrap(),
    );
    for (r, (got, bare)) in rows.iter().zip(&empty).enumerate() {
        if ![0, 11, 22].contains(&r) {
            assert_eq!(got, bare, "row {r}");
        }
    }
    // A row beyond the top and the bottom: not drawn either.
    let s = g
        .state_at(
            "turn=0 shots=0 out=- p0=course1@1.0,2.2 p1=course1@1.0,-0.2 p2=course0@start \
             p3=course0@start p4=course0@start p5=course0@start",
        )
        .unwrap();
    assert_eq!(court_rows(&s), empty);
    assert_eq!(empty[0], "-".repeat(43));
    assert_eq!(empty[11], "|             :      13      :            |");
}

/// The court picture's rows of a two-player game on a `board` m board with a `skull` m skull (the
/// boxes 0.1 m apart and 0.1 m wide), both caps at the start.
fn skull_court_rows(board: &str, skull: &str) -> Vec<String> {
    let g = game(&[
        ("players", "2"),
        ("board_side", board),
        ("skull_side", skull),
        ("box_side", "0.1"),
        ("pair_gap", "0.1"),
        ("box13_side", "0.1"),
    ]);
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course0@start p1=course0@start")
        .unwrap();
    court_rows(&s)
}

#[test]
fn the_skull_edge_is_drawn_as_a_closed_rectangle_even_when_its_ends_fall_on_half_cells() {
    // A 0.8 m board with a 0.42 m skull: its edges at 0.19 and 0.61 are at 40·x/L = 9.5 and 30.5 and
    // 20·(L − y)/L = 4.75 and 15.25, so columns 11 to 32 (halves round up) and rows 6 to 16. The edge
    // is exactly that rectangle's outline: no mark beyond its corners.
    let rows = skull_court_rows("0.8", "0.42");
    for (r, row) in rows.iter().enumerate() {
        let marks: Vec<usize> = row
            .char_indices()
            .filter(|&(_, ch)| ch == ':')
            .map(|(c, _)| c)
            .collect();
        let want: Vec<usize> = match r {
            6 | 16 => (11..=32).collect(),
            7..=15 => vec![11, 32],
            _ => vec![],
        };
        assert_eq!(marks, want, "row {r}: {row}");
    }
}

#[test]
fn the_skull_edge_on_half_rows_is_still_one_closed_rectangle() {
    // A 0.84 m board with a 0.21 m skull: its edges at x, y = 0.315 and 0.525 are at 40·x/L = 15 and
    // 25 (columns 16 and 26) and at 20·(L − y)/L = 12.5 and 7.5, both exactly on half rows, so the
    // top edge is on row 8 or 9 and the bottom edge 5 rows lower, whichever way the halves round.
    // Whatever the rounding, all four edges are drawn on the same rows and columns: the marks are
    // exactly one rectangle's outline, with no stray mark beyond a corner.
    let rows = skull_court_rows("0.84", "0.21");
    let marks: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.char_indices()
                .filter(|&(_, ch)| ch == ':')
                .map(move |(c, _)| (r, c))
        })
        .collect();
    let top = marks[0].0;
    assert!(top == 8 || top == 9, "top edge on row {top}");
    let want: Vec<(usize, usize)> = (top..=top + 5)
        .flat_map(|r| {
            let cols: Vec<usize> = if r == top || r == top + 5 {
                (16..=26).collect()
            } else {
                vec![16, 26]
            };
            cols.into_iter().map(move |c| (r, c))
        })
        .collect();
    assert_eq!(marks, want, "{}", rows.join("\n"));
}

#[test]
fn a_box_number_in_the_last_column_inside_the_frame_is_drawn() {
    // A 4 m board with 0.1 m boxes: box 2's centre (3.95, 3.95) is at 40·x/L = 39.5, column 41, the
    // last inside the frame, and 20·(L − y)/L = 0.25, row 1; box 3's at (0.05, 3.95), column 2.
    let g = game(&[("players", "2"), ("board_side", "4"), ("box_side", "0.1")]);
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course0@start p1=course0@start")
        .unwrap();
    let rows = court_rows(&s);
    // (Boxes 9 and 11, at x = 1.825 and 2.175, are on that row too, at columns 19 and 23.)
    let row: Vec<char> = rows[1].chars().collect();
    assert_eq!((row[2], row[19], row[23], row[24]), ('3', '9', '1', '1'));
    assert_eq!((row[41], row[42]), ('2', '|'));
}

// The shot path (issue #26): a continuous shot, its simulation, the shot limit, the start line and
// whether a shot waits for its noise. Physics by hand: at the default deceleration a = 2 m/s² a cap
// flicked at v m/s slides v²/2a = v²/4 m along its angle (the rules' §3.7: constant deceleration, no
// walls).

#[test]
fn a_continuous_shot_slides_its_free_distance_and_the_record_restarts_from_there() {
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_3};
    let g = game(&[("players", "2"), ("angle_sigma", "0"), ("speed_sigma", "0")]);
    // From the start line's middle (0.125, −0.5) straight up at √2.5 m/s: 2.5/4 = 0.625 m, to box 1's
    // centre (0.125, 0.125). Made: course index 1, shoots again.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course0@start p1=course3@1.5,1.5")
        .unwrap();
    let r = s.shoot(FRAC_PI_2, 2.5f64.sqrt()).unwrap();
    assert_eq!((r.shooter, r.decision, r.again), (0, Decision::Made, true));
    assert_eq!(s.table().caps[0].stage, Stage::Course(1));
    assert_at(s.table().caps[0].pos.unwrap(), (0.125, 0.125));
    assert_eq!((s.table().shots, s.table().turn), (1, 0));
    let last = s.last_shot().unwrap();
    assert_eq!(
        (last.from, last.angle, last.report),
        ((0.125, -0.5), FRAC_PI_2, r)
    );
    assert_eq!(last.speed, 2.5f64.sqrt());
    // The record restarts from the position after the shot.
    assert!(s.history().is_empty());
    assert_eq!(s.setup(), Setup::Text(s.position_text()));
    // From (0.3, 0.3) at 60° and 1 m/s: 0.25 m to (0.425, 0.3 + 0.25·sin 60°), in no box: a miss,
    // the turn passes.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    let r = s.shoot(FRAC_PI_3, 1.0).unwrap();
    assert_eq!((r.decision, r.again), (Decision::Miss, false));
    assert_at(
        s.table().caps[0].pos.unwrap(),
        (0.425, 0.3 + 0.25 * 3f64.sqrt() / 2.0),
    );
    assert_eq!(s.table().turn, 1);
    // A state whose record is a history (a shot action, played at once without noise): a continuous
    // shot restarts the record from the position after it.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    s.apply_action(0).unwrap();
    assert_eq!(s.history(), &[0]);
    s.shoot(0.0, 0.0).unwrap();
    assert!(s.history().is_empty());
    assert_eq!(s.setup(), Setup::Text(s.position_text()));
    assert_eq!(s.table().shots, 2);
}

#[test]
fn a_continuous_shot_needs_a_finite_angle_and_a_speed_from_0_to_20() {
    let g = game(&[("players", "2")]);
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    for (angle, speed) in [
        (f64::NAN, 1.0),
        (f64::INFINITY, 1.0),
        (f64::NEG_INFINITY, 1.0),
        (0.0, f64::NAN),
        (0.0, f64::INFINITY),
        (0.0, -1e-9),
        (0.0, 20.000_001),
    ] {
        let mut t = s.clone();
        let e = t.shoot(angle, speed).unwrap_err().to_string();
        assert!(e.contains("speed in 0..=20"), "{angle} {speed}: {e}");
        assert_eq!(t.position_text(), s.position_text());
        assert!(t.last_shot().is_none());
    }
    // Both ends of the speed range are shots: 0 leaves the cap where it is, 20 m/s slides 100 m west,
    // off the board (no walls). Both miss.
    let mut t = s.clone();
    assert_eq!(t.shoot(0.0, 0.0).unwrap().decision, Decision::Miss);
    assert_at(t.table().caps[0].pos.unwrap(), (0.3, 0.3));
    let mut t = s.clone();
    assert_eq!(
        t.shoot(std::f64::consts::PI, 20.0).unwrap().decision,
        Decision::Miss
    );
    let (x, y) = t.table().caps[0].pos.unwrap();
    assert!((x + 99.7).abs() < 1e-9 && (y - 0.3).abs() < 1e-9, "{x} {y}");
}

#[test]
fn a_shot_or_outcome_is_entered_only_where_a_player_is_to_shoot() {
    // The lot for the first player, a flick waiting for its noise: chance nodes. A finished game: over.
    let g = game(&[("players", "2")]);
    let node_kind = |r: Result<Report>| matches!(r, Err(LudoError::NodeKind { .. }));
    let mut lot = g.new_initial_state();
    assert!(node_kind(lot.shoot(0.0, 1.0)));
    assert!(node_kind(lot.apply_outcome(&[], &[])));
    let mut noise = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    noise.apply_action(0).unwrap();
    assert!(node_kind(noise.shoot(0.0, 1.0)));
    let mut over = g
        .state_at("turn=0 shots=0 out=1 p0=course2@0.3,0.3 p1=out")
        .unwrap();
    assert!(matches!(over.shoot(0.0, 1.0), Err(LudoError::GameOver)));
    assert!(matches!(over.apply_outcome(&[], &[]), Err(LudoError::GameOver)));
}

#[test]
fn simulating_a_shot_slides_the_cap_along_its_angle_and_changes_nothing() {
    // From (0.3, 0.3) at 60° and 1 m/s: 0.25 m along (cos 60°, sin 60°); at 2 m/s straight down
    // (−90°), 1 m to (0.3, −0.7). Seat 1 is far away and does not move.
    let g = game(&[("players", "2")]);
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    let before = s.position_text();
    let res = s.simulate_shot(std::f64::consts::FRAC_PI_3, 1.0, None);
    assert_at(
        (res.discs[0].x, res.discs[0].y),
        (0.425, 0.3 + 0.25 * 3f64.sqrt() / 2.0),
    );
    assert_eq!(&res.moved[..2], &[true, false]);
    assert_at((res.discs[1].x, res.discs[1].y), (1.5, 1.5));
    let res = s.simulate_shot(-std::f64::consts::FRAC_PI_2, 2.0, None);
    assert_at((res.discs[0].x, res.discs[0].y), (0.3, -0.7));
    assert_eq!(s.position_text(), before);
    assert!(s.last_shot().is_none());
}

#[test]
fn the_game_ends_as_a_draw_at_the_shot_limit_or_when_one_cap_is_left() {
    let g = game(&[("players", "2"), ("max_shots", "5")]);
    // Four shots of five taken: still on. The fifth (a miss) ends the game without a winner.
    let mut s = g
        .state_at("turn=0 shots=4 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    assert!(!s.is_terminal() && !s.capped());
    assert_eq!(s.current_player(), Player::Seat(0));
    s.shoot(0.0, 0.0).unwrap();
    assert!(s.is_terminal() && s.capped());
    assert_eq!(s.current_player(), Player::Terminal);
    let mut r = [9.0; 2];
    s.returns(&mut r);
    assert_eq!(r, [0.0, 0.0]);
    // A position set up at the limit is over.
    let s = g
        .state_at("turn=0 shots=5 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    assert!(s.is_terminal() && s.capped());
    // One cap left: over with a winner, not capped.
    let s = g
        .state_at("turn=0 shots=0 out=1 p0=course2@0.3,0.3 p1=out")
        .unwrap();
    assert!(s.is_terminal() && !s.capped());
    // A killer eliminates the last rival on the first shot: over, not capped.
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=killer@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    s.apply_outcome(&[(0, (1.4, 1.5)), (1, (1.7, 1.7))], &[1])
        .unwrap();
    assert!(s.is_terminal() && !s.capped());
    assert_eq!(s.table().winner(), Some(0));
}

#[test]
fn the_seat_to_move_shoots_from_its_cap_or_from_the_start_line() {
    let g = game(&[("players", "3")]);
    let s = g
        .state_at("turn=1 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.7 p2=course0@start")
        .unwrap();
    assert_eq!(s.shooter_start(), (1.5, 1.7));
    // A cap not yet in play: the start line's middle, 0.5 m below the board under box 1 (x = b/2).
    let s = g
        .state_at("turn=2 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.7 p2=course0@start")
        .unwrap();
    assert_eq!(s.shooter_start(), (0.125, -0.5));
    let g = game(&[("players", "3"), ("box_side", "0.3")]);
    let s = g
        .state_at("turn=2 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.7 p2=course0@start")
        .unwrap();
    assert_eq!(s.shooter_start(), (0.15, -0.5));
}

#[test]
fn a_shot_waits_for_its_noise_only_when_the_shooter_has_some() {
    // The flick's error is random unless both sigmas are 0: then the shot is played at once.
    for (angle_sigma, speed_sigma, noisy) in [("0", "0", false), ("2", "0", true), ("0", "0.05", true)] {
        let g = game(&[
            ("players", "2"),
            ("angle_sigma", angle_sigma),
            ("speed_sigma", speed_sigma),
        ]);
        let mut s = g
            .state_at("turn=0 shots=0 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
            .unwrap();
        s.apply_action(0).unwrap();
        let what = format!("sigmas {angle_sigma}, {speed_sigma}");
        assert_eq!(s.current_player() == Player::Chance, noisy, "{what}");
        assert_eq!(s.table().shots, u32::from(!noisy), "{what}");
    }
}

// Names, bounds and texts (issue #26). The action layout by hand: 7 aim references (the target and
// six seats) × 9 angle offsets × 8 powers = 504 shot ids 0..503, then the 15 × 15 noise outcomes
// 504..728, then the lot's 6 seats 729..734: 735 ids.

#[test]
fn action_names_at_the_ends_of_each_range_of_ids() {
    let names = [
        (0, "aim target -20deg x0.50"),
        (8, "aim target -10deg x0.50"),
        (24, "aim target -2deg x0.50"),
        // The target, +0° (offset index 4), x1.00 (power index 3): 4 · 8 + 3.
        (35, "aim target +0deg x1.00"),
        // Seat 2's cap (reference 3), −5° (index 2), x1.30 (index 5): 3 · 72 + 2 · 8 + 5.
        (237, "aim p2 -5deg x1.30"),
        (503, "aim p5 +20deg x2.50"),
        (504, "noise angle -7 speed -7"),
        // Angle bin +3 (10 from the bottom), speed bin −1 (6): 504 + 10 · 15 + 6.
        (660, "noise angle +3 speed -1"),
        (728, "noise angle +7 speed +7"),
        (729, "first player 0"),
        (731, "first player 2"),
        (734, "first player 5"),
        (735, "action 735 (out of range)"),
    ];
    for (a, name) in names {
        assert_eq!(action_name(a), name, "{a}");
    }
}

#[test]
fn the_game_declares_its_sizes_and_observation_bounds() {
    let g = game(&[("players", "3")]);
    assert_eq!(g.num_players(), 3);
    assert_eq!(game(&[("players", "5")]).num_players(), 5);
    assert_eq!(g.num_distinct_actions(), 735);
    assert_eq!(g.max_chance_outcomes(), 735);
    // Six seat blocks of 16 floats, then the shots taken over the limit.
    assert_eq!(g.observation_shape(), vec![97]);
    // Every slot lies in 0..1 but a cap's x and y over the board side (slots 3 and 4), clamped to
    // −1..2 (a cap may rest off the board).
    let (lo, hi) = g.observation_bounds();
    assert_eq!((lo.len(), hi.len()), (97, 97));
    for i in 0..97 {
        let xy = i < 96 && (i % 16 == 3 || i % 16 == 4);
        let want = if xy { (-1.0, 2.0) } else { (0.0, 1.0) };
        assert_eq!((lo[i], hi[i]), want, "slot {i}");
    }
    assert_eq!(g.info().short_name, "skelly");
    assert_eq!(g.params().int("players"), 3);
    assert_eq!(g.config().players, 3);
}

#[test]
fn each_seat_s_stage_is_named_with_its_progress_and_place() {
    let g = game(&[("players", "6")]);
    let s = g
        .state_at(
            "turn=4 shots=3 out=2 p0=course4@0.6,0.4 p1=qualq02+trapped@1.2,0.9 p2=out \
             p3=killer@0.2,1.9 p4=qual13@1.0,1.0 p5=course0@start",
        )
        .unwrap();
    let names: Vec<String> = (0..6).map(|p| s.stage_name(p)).collect();
    assert_eq!(
        names,
        [
            "course 4/25 (box 5), at (0.600, 0.400)",
            "killer run: quadrants [N S], trapped, at (1.200, 0.900)",
            "out",
            "KILLER, at (0.200, 1.900)",
            "killer run: box 13, at (1.000, 1.000)",
            "course 0/25 (box 1), at the start line",
        ]
    );
    // The out-only course has 13 targets; the axes cut names its quadrants NE SE SW NW.
    let g = game(&[("players", "2"), ("course", "out_only"), ("quadrant_cut", "axes")]);
    let s = g
        .state_at("turn=0 shots=0 out=- p0=course12@0.6,0.4 p1=qualq13@1.2,0.9")
        .unwrap();
    assert_eq!(s.stage_name(0), "course 12/13 (box 13), at (0.600, 0.400)");
    assert_eq!(
        s.stage_name(1),
        "killer run: quadrants [SE NW], at (1.200, 0.900)"
    );
    let s = g
        .state_at("turn=0 shots=0 out=- p0=qualq@0.6,0.4 p1=qualq012@1.2,0.9")
        .unwrap();
    assert_eq!(s.stage_name(0), "killer run: quadrants [], at (0.600, 0.400)");
    assert_eq!(
        s.stage_name(1),
        "killer run: quadrants [NE SE SW], at (1.200, 0.900)"
    );
}

fn report(shooter: u8, decision: Decision, again: bool) -> Report {
    Report {
        shooter,
        decision,
        again,
        credited: [0; 2],
        n_credited: 0,
        eliminated: 0,
        freed: 0,
        trapped: 0,
        released: 0,
    }
}

#[test]
fn a_shot_report_reads_as_one_line() {
    let mut r = report(2, Decision::Killer, true);
    r.eliminated = 0b1010;
    assert_eq!(
        describe_report(&r),
        "p2 killer hit, eliminated p1 p3; shoots again"
    );
    assert_eq!(
        describe_report(&report(0, Decision::Killer, false)),
        "p0 killer missed; turn passes"
    );
    let mut r = report(1, Decision::HitTrapped, true);
    (r.credited, r.n_credited, r.freed) = ([5, 6], 2, 0b1);
    assert_eq!(
        describe_report(&r),
        "p1 freed a trapped cap (+2), credited box 5 and 6, freed p0; shoots again"
    );
    let mut r = report(3, Decision::Hit, true);
    (r.credited, r.n_credited) = ([7, 9], 1);
    assert_eq!(
        describe_report(&r),
        "p3 hit a cap (+1), credited box 7; shoots again"
    );
    // Nothing credited: the stale entries are not read.
    let mut r = report(4, Decision::Miss, false);
    (r.credited, r.released) = ([9, 9], 0b10_0001);
    assert_eq!(describe_report(&r), "p4 missed, released p0 p5; turn passes");
    let mut r = report(5, Decision::Trapped, false);
    r.trapped = 0b10_0000;
    assert_eq!(
        describe_report(&r),
        "p5 trapped in the dead box, trapped p5; turn passes"
    );
    let mut r = report(1, Decision::HitKiller, false);
    r.eliminated = 0b10;
    assert_eq!(describe_report(&r), "p1 hit a killer, eliminated p1; turn passes");
    let mut r = report(0, Decision::Made, true);
    (r.credited, r.n_credited) = ([1, 0], 1);
    assert_eq!(
        describe_report(&r),
        "p0 made the target, credited box 1; shoots again"
    );
    assert_eq!(
        describe_report(&report(0, Decision::Restart, false)),
        "p0 missed the quadrant: killer run restarts; turn passes"
    );
}

// The game's accessors, the lot, random shots, parameters and the state's texts (issue #26).

#[test]
fn the_lot_gives_the_first_turn_to_the_drawn_seat() {
    let g = game(&[("players", "3")]);
    // Lot outcomes are ids 729.. (after 504 shots and 225 noise outcomes): 729 + k draws seat k.
    for k in 0..3 {
        let mut s = g.new_initial_state();
        s.apply_action(729 + k).unwrap();
        assert_eq!(s.current_player(), Player::Seat(k as usize));
        assert_eq!(s.history(), &[729 + k]);
    }
    // A first player set by parameter: no lot, that seat shoots.
    let s = game(&[("players", "3"), ("first_player", "2")]).new_initial_state();
    assert_eq!(s.current_player(), Player::Seat(2));
    let s = game(&[("players", "3"), ("first_player", "0")]).new_initial_state();
    assert_eq!(s.current_player(), Player::Seat(0));
    // Seat 3 does not exist at three: refused when the game is loaded.
    assert!(Skelly::with(&[("players", "3"), ("first_player", "3")]).is_err());
    assert!(Skelly::with(&[("players", "4"), ("first_player", "3")]).is_ok());
}

#[test]
fn a_random_shot_is_the_default_draw_over_the_legal_shots() {
    // The common contract: `random_action` draws `legal[rng.below(legal.len())]`. Four players, seat 0
    // to shoot: legal are the target (ids 0..72) and the caps of seats 2 and 3 (ids 216..288 and
    // 288..360); seat 1 has not entered play.
    let g = game(&[("players", "4")]);
    let s = g
        .state_at(
            "turn=0 shots=0 out=- p0=course2@0.3,0.3 p1=course0@start p2=course3@1.5,1.5 p3=course5@0.2,1.6",
        )
        .unwrap();
    let legal: Vec<Action> = (0..72).chain(216..360).collect();
    let mut seen = vec![false; legal.len()];
    for seed in 0..3000 {
        let want = legal[Rng::new(seed).below(legal.len() as u32) as usize];
        let got = s.random_action(&mut Rng::new(seed));
        assert_eq!(got, want, "seed {seed}");
        seen[legal.iter().position(|&a| a == got).unwrap()] = true;
    }
    assert!(seen.iter().all(|&x| x));
}

#[test]
fn scores_are_the_ranks_in_order_of_elimination() {
    // Three players: p0, a killer, eliminates p2 then p1. While all three are in, every rank is 1;
    // p2 out with three caps left ranks 3, p1 out with two left ranks 2, the winner 1.
    let g = game(&[("players", "3")]);
    let mut s = g
        .state_at("turn=0 shots=0 out=- p0=killer@0.3,0.3 p1=course3@1.5,1.5 p2=course9@0.2,0.2")
        .unwrap();
    let mut r = [9.0; 3];
    s.scores(&mut r);
    assert_eq!(r, [1.0, 1.0, 1.0]);
    s.apply_outcome(&[(0, (0.35, 0.3)), (2, (0.1, 0.1))], &[2])
        .unwrap();
    s.scores(&mut r);
    assert_eq!(r, [1.0, 1.0, 3.0]);
    s.apply_outcome(&[(0, (1.4, 1.5)), (1, (1.7, 1.7))], &[1])
        .unwrap();
    s.scores(&mut r);
    assert_eq!(r, [1.0, 2.0, 3.0]);
}

#[test]
fn the_bots_are_named_random_aim_and_planner() {
    let g = game(&[("players", "2")]);
    for name in ["random", "aim", "planner"] {
        assert!(g.new_bot(name).is_ok(), "{name}");
    }
    assert!(g.new_bot("nobody").is_err());
}

#[test]
fn restarting_goes_back_to_the_lot_with_an_empty_history() {
    let g = game(&[("players", "3")]);
    let mut s = g.new_initial_state();
    let fresh = s.position_text();
    s.apply_action(730).unwrap();
    s.apply_action(35).unwrap();
    s.apply_action(504 + 7 * 15 + 7).unwrap();
    assert_ne!(s.position_text(), fresh);
    g.restart(&mut s);
    assert!(s.history().is_empty());
    assert_eq!(s.current_player(), Player::Chance);
    assert_eq!(s.position_text(), fresh);
    assert!(s.last_shot().is_none());
}

#[test]
fn every_noise_bin_is_its_normal_quantile() {
    // Φ⁻¹((k + 0.5)/15) for k = 0..14 (Python's statistics.NormalDist, not the engine's table).
    let z = [
        -1.833_914_635_816,
        -1.281_551_565_545,
        -0.967_421_566_102,
        -0.727_913_290_882,
        -0.524_400_512_708,
        -0.340_694_827_088,
        -0.167_894_004_788,
        0.0,
        0.167_894_004_788,
        0.340_694_827_088,
        0.524_400_512_708,
        0.727_913_290_882,
        0.967_421_566_102,
        1.281_551_565_545,
        1.833_914_635_816,
    ];
    // angle_sigma 2°, speed_sigma 0.05 (the defaults, skill 1). Seat 1 at (0.5, 0.5) aims at seat 0's
    // cap 1 m away along (0.6, 0.8), no offset, power 1: nominally 2 m/s.
    let g = game(&[("players", "2")]);
    let s = g
        .state_at("turn=1 shots=0 out=- p0=course3@1.1,1.3 p1=course2@0.5,0.5")
        .unwrap();
    let shot = Aim {
        reference: 1,
        angle_index: 4,
        power_index: 3,
    }
    .action();
    let base = 0.8f64.atan2(0.6);
    for k in 0..15 {
        let noise = 504 + (15 * k + 14 - k) as u32;
        assert_at(
            s.noisy_velocity(shot, noise),
            (
                base + (2.0f64 * z[k]).to_radians(),
                2.0 * (1.0 + 0.05 * z[14 - k]),
            ),
        );
    }
}

#[test]
fn the_parameters_set_the_rules_flags_and_the_noise() {
    let flags = |pairs: &[(&str, &str)]| game(pairs).config().rules.flags;
    let d = flags(&[]);
    assert!(!d.fixed_quadrant_order && d.promote_shooter && !d.return_to_last_box && !d.out_only);
    assert!(flags(&[("quadrant_order", "n_e_s_w")]).fixed_quadrant_order);
    assert!(!flags(&[("non_killer_hits_killer", "eliminate_shooter")]).promote_shooter);
    assert!(flags(&[("out_of_bounds_policy", "return_to_last_box")]).return_to_last_box);
    assert!(flags(&[("course", "out_only")]).out_only);
    assert_eq!(game(&[]).config().rules.court.cut, Cut::Diagonals);
    assert_eq!(
        game(&[("quadrant_cut", "axes")]).config().rules.court.cut,
        Cut::Axes
    );
    // The noise per unit z is the sigma over the seat's skill (angles in radians).
    let c = *game(&[("angle_sigma", "3"), ("speed_sigma", "0.2"), ("skill_1", "4")]).config();
    assert!((c.angle_sigma[0] - 3f64.to_radians()).abs() < 1e-15);
    assert!((c.angle_sigma[1] - 0.75f64.to_radians()).abs() < 1e-15);
    assert!((c.speed_sigma[0] - 0.2).abs() < 1e-15 && (c.speed_sigma[1] - 0.05).abs() < 1e-15);
    assert_eq!(game(&[]).config().first_player, None);
    assert_eq!(game(&[("first_player", "0")]).config().first_player, Some(0));
}

#[test]
fn the_summary_names_each_seat_the_seat_to_move_and_the_last_shot() {
    let g = game(&[("players", "2"), ("max_shots", "5")]);
    let mut s = g
        .state_at("turn=1 shots=3 out=- p0=course2@0.3,0.3 p1=course3@1.5,1.5")
        .unwrap();
    assert_eq!(
        s.summary(),
        "A p0: course 2/25 (box 3), at (0.300, 0.300)\nB p1: course 3/25 (box 4), at (1.500, 1.500)\n\
         p1 to shoot (shot 4)"
    );
    s.apply_outcome(&[(1, (1.5, 1.6))], &[]).unwrap();
    let tail = "A p0: course 2/25 (box 3), at (0.300, 0.300)\nB p1: course 3/25 (box 4), at (1.500, 1.600)\n";
    assert_eq!(
        s.summary(),
        format!("{tail}p0 to shoot (shot 5)\nlast shot: p1 missed; turn passes")
    );
    s.apply_action(35).unwrap();
    assert_eq!(
        s.summary(),
        format!("{tail}p0 flicks: aim target +0deg x1.00\nlast shot: p1 missed; turn passes")
    );
    s.apply_action(504).unwrap();
    assert!(s.capped());
    assert!(s
        .summary()
        .contains("\ngame over: shot limit 5 reached (draw)\nlast shot: p0 "));
    let s = g.new_initial_state();
    assert_eq!(
        s.summary(),
        "A p0: course 0/25 (box 1), at the start line\nB p1: course 0/25 (box 1), at the start line\n\
         drawing lots for the first player"
    );
    let s = g
        .state_at("turn=0 shots=2 out=1 p0=killer@0.3,0.3 p1=out")
        .unwrap();
    assert_eq!(
        s.summary(),
        "A p0: KILLER, at (0.300, 0.300)\nB p1: out\ngame over: p0 wins after 2 shots"
    );
}

#[test]
fn the_state_s_texts_put_the_court_and_the_summary_together() {
    // The court picture is pinned by its own tests; here what goes around it.
    let g = game(&[("players", "2")]);
    let mut s = g.new_initial_state();
    s.apply_action(730).unwrap();
    let court = s.court_text();
    let summary =
        "A p0: course 0/25 (box 1), at the start line\nB p1: course 0/25 (box 1), at the start line\n\
                   p1 to shoot (shot 1)";
    assert_eq!(s.observation_string(0), format!("you are p0\n{court}\n{summary}"));
    assert_eq!(
        s.information_state_string(1),
        format!("you are p1\n{court}\n{summary}\nhistory: first player 1")
    );
    assert_eq!(s.to_string(), format!("Skelly, 2 players\n{court}\n{summary}"));
    assert_eq!(s.action_to_string(237), "aim p2 -5deg x1.30");
    assert_eq!(s.string_to_action("first player 1").unwrap(), 730);
    assert!(s.string_to_action("first player 9").is_err());
}

#[test]
fn a_position_text_reads_back_as_itself() {
    let g = game(&[("players", "3")]);
    let text = "turn=0 shots=7 out=1 p0=course4@0.6,0.4 p1=out p2=qualq02+trapped@1.2,0.9";
    let s = g.state_at(text).unwrap();
    assert_eq!(s.position_text(), text);
    assert_eq!(s.setup(), Setup::Text(text.to_string()));
    assert_eq!(g.new_state_from_setup(text).unwrap().position_text(), text);
    assert_eq!(s.current_player(), Player::Seat(0));
}
