//! Rule tests for the registered games: each rule as a small concrete position with the expected
//! legal moves, errors or result.

use super::board::*;
use super::flow::Outcome;
use super::jieqi::{capture_action, reveal_action, JieqiState, START_FEN as JIEQI_START};
use super::notation::parse_iccs;
use super::{Jieqi, Xiangqi, XiangqiState};
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;
use crate::error::LudoError;
use crate::registry::{load_game, Registered};

fn xiangqi(spec: &[(&str, &str)]) -> Xiangqi {
    let raw: Vec<(String, String)> = spec.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Xiangqi::from_raw(&raw).unwrap()
}

fn jieqi(spec: &[(&str, &str)]) -> Jieqi {
    let raw: Vec<(String, String)> = spec.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Jieqi::from_raw(&raw).unwrap()
}

fn at(fen: &str) -> XiangqiState {
    xiangqi(&[]).state_from_fen(fen).unwrap()
}

fn a(iccs: &str) -> u32 {
    parse_iccs(iccs).unwrap().action()
}

/// Targets of the piece on `from` among the legal moves, as ICCS points, sorted.
fn targets<S: State>(s: &S, from: &str) -> Vec<String> {
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let mut v: Vec<String> = legal
        .iter()
        .map(|&x| s.action_to_string(x))
        .filter(|n| n.starts_with(from))
        .map(|n| n[2..].to_string())
        .collect();
    v.sort();
    v
}

fn reason(s: &mut impl State, mv: &str) -> String {
    let before = s.to_string();
    let hist = s.history().len();
    match s.apply_action(a(mv)) {
        Err(LudoError::IllegalAction { reason, .. }) => {
            assert_eq!(s.to_string(), before, "a failed move leaves the state unchanged");
            assert_eq!(s.history().len(), hist);
            reason
        }
        other => panic!("{mv}: expected IllegalAction, got {other:?}"),
    }
}

#[test]
fn horse_leg_blocks() {
    // Red horse e4 with a red pawn on e5 (its forward leg): d6 and f6 are blocked, the rest open.
    let mut s = at("3k5/9/9/9/4P4/4N4/9/9/9/5K3 w");
    assert_eq!(targets(&s, "e4"), ["c3", "c5", "d2", "f2", "g3", "g5"]);
    assert!(reason(&mut s, "e4d6").contains("blocked leg"));
}

#[test]
fn elephant_eye_and_river() {
    // Elephant e2: the eye d3 is blocked, c4 and g4 stay on Red's side; it never reaches the river's far side.
    let mut s = at("3k5/9/9/9/9/9/3N5/4B4/9/5K3 w");
    assert_eq!(targets(&s, "e2"), ["c0", "g0", "g4"]);
    assert!(reason(&mut s, "e2c4").contains("blocked eye"));
    let mut s = at("3k5/9/9/9/9/2B6/9/9/9/5K3 w");
    assert_eq!(targets(&s, "c4"), ["a2", "e2"]);
    assert!(reason(&mut s, "c4e6").contains("river"));
}

#[test]
fn cannon_needs_exactly_one_screen() {
    // Cannon a0 with a red pawn on a3 (the screen) and a black pawn on a6: it slides to a1, a2,
    // captures a6 over a3, and cannot take the black chariot on a9 (two pieces in between).
    let mut s = at("r2k5/9/9/p8/9/9/P8/9/9/C4K3 w");
    assert_eq!(targets(&s, "a0"), ["a1", "a2", "a6", "b0", "c0", "d0", "e0"]);
    assert!(reason(&mut s, "a0a9").contains("screen"));
    assert!(reason(&mut s, "a0a3").contains("own piece"));
}

#[test]
fn chariot_slides_until_blocked() {
    let s = at("3k5/9/9/9/9/9/9/9/R8/p4K3 w");
    assert_eq!(
        targets(&s, "a1"),
        [
            "a0", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1", "c1", "d1", "e1", "f1", "g1", "h1",
            "i1"
        ]
    );
    let mut s2 = at("3k5/9/9/9/9/P8/9/9/R8/5K3 w");
    assert!(reason(&mut s2, "a1a6").contains("blocked"));
}

#[test]
fn palace_limits_general_and_advisor() {
    let mut s = at("3k5/9/9/9/9/9/9/9/9/3AK4 w");
    assert_eq!(targets(&s, "e0"), ["e1", "f0"]);
    assert_eq!(targets(&s, "d0"), ["e1"]);
    assert!(reason(&mut s, "d0c1").contains("palace"));
    let mut s = at("5k3/9/9/9/9/9/9/3K5/9/9 w");
    assert_eq!(targets(&s, "d2"), ["d1", "e2"]);
    assert!(reason(&mut s, "d2d3").contains("palace"));
}

#[test]
fn soldier_steps_sideways_only_after_the_river() {
    let mut s = at("3k5/9/9/9/9/4P4/9/9/9/5K3 w");
    assert_eq!(targets(&s, "e4"), ["e5"]);
    assert!(reason(&mut s, "e4d4").contains("pawn"));
    let s = at("3k5/9/9/9/4P4/9/9/9/9/5K3 w");
    assert_eq!(targets(&s, "e5"), ["d5", "e6", "f5"]);
    // On the last rank only sideways.
    let s = at("4P4/9/3k5/9/9/9/9/9/9/5K3 w");
    assert_eq!(targets(&s, "e9"), ["d9", "f9"]);
    // Black pawns go down the board.
    let s = at("4k4/9/9/9/9/4p4/9/9/9/3K5 b");
    assert_eq!(targets(&s, "e4"), ["d4", "e3", "f4"]);
}

#[test]
fn flying_general_and_check_reasons() {
    // The red advisor on e1 is the only piece between the generals: it may not move at all.
    let mut s = at("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
    assert!(targets(&s, "e1").is_empty());
    assert!(reason(&mut s, "e1d2").contains("flying general"));
    // Nor may a general step onto the other general's open file.
    let mut s = at("4k4/9/9/9/9/9/9/9/9/3K5 w");
    assert_eq!(targets(&s, "d0"), ["d1"]);
    assert!(reason(&mut s, "d0e0").contains("flying general"));
    // A pinned chariot: moving it off the file exposes the general to the black chariot.
    let mut s = at("3k5/9/9/4r4/9/9/9/9/4R4/4K4 w");
    assert!(reason(&mut s, "e1d1").contains("in check"));
    assert_eq!(targets(&s, "e1"), ["e2", "e3", "e4", "e5", "e6"]);
    assert!(reason(&mut s, "d9d8").contains("not your piece"));
    assert!(reason(&mut s, "a0a1").contains("no piece"));
}

#[test]
fn checkmate_loses() {
    let mut s = at("3k5/1R7/R8/9/9/9/9/9/9/5K3 w");
    s.apply_action(a("a7a9")).unwrap();
    assert_eq!(s.current_player(), Player::Terminal);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: RED,
            reason: "checkmate"
        })
    );
    let mut r = [0.0; 2];
    s.returns(&mut r);
    assert_eq!(r, [1.0, -1.0]);
    assert_eq!(s.apply_action(a("d9d8")), Err(LudoError::GameOver));
    let mut legal = vec![1];
    s.legal_actions(&mut legal);
    assert!(legal.is_empty());
}

#[test]
fn stalemate_loses() {
    // After i7i8 Black's general has no legal move (d8 attacked, e9 faces the red general) but is not in check.
    let mut s = at("3k5/9/8R/9/9/9/9/9/9/4K4 w");
    s.apply_action(a("i7i8")).unwrap();
    assert!(!s.in_check());
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: RED,
            reason: "stalemate"
        })
    );
}

/// Red checks on a9 and a8 in turn while Black's general steps d9-d8-d9.
const PERPETUAL: [&str; 8] = ["a8a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9"];
const PERPETUAL_FEN: &str = "3k5/R8/9/9/9/9/9/9/9/5K3 w";

#[test]
fn perpetual_check_loses_on_the_third_occurrence() {
    let mut s = at(PERPETUAL_FEN);
    for (i, mv) in PERPETUAL.iter().enumerate() {
        assert!(!s.is_terminal(), "ended early at ply {i}");
        s.apply_action(a(mv)).unwrap();
    }
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: BLACK,
            reason: "perpetual check"
        })
    );
    // With repetition_rule=draw the same cycle is a draw.
    let mut d = xiangqi(&[("repetition_rule", "draw")])
        .state_from_fen(PERPETUAL_FEN)
        .unwrap();
    for mv in PERPETUAL {
        d.apply_action(a(mv)).unwrap();
    }
    assert_eq!(d.outcome(), Some(Outcome::Draw { reason: "repetition" }));
}

#[test]
fn quiet_repetition_draws_and_caps_apply() {
    let quiet = ["f0f1", "d9d8", "f1f0", "d8d9", "f0f1", "d9d8", "f1f0", "d8d9"];
    let mut s = at("3k5/9/9/9/9/9/9/9/9/5K3 w");
    for mv in quiet {
        s.apply_action(a(mv)).unwrap();
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw { reason: "repetition" }));
    let mut c = xiangqi(&[("no_capture_draw_plies", "4")])
        .state_from_fen("3k5/9/9/9/9/9/9/9/9/5K3 w")
        .unwrap();
    for mv in &quiet[..4] {
        c.apply_action(a(mv)).unwrap();
    }
    assert_eq!(
        c.outcome(),
        Some(Outcome::Draw {
            reason: "no capture rule"
        })
    );
    let mut m = xiangqi(&[("max_plies", "3")]).new_initial_state();
    for mv in ["h2e2", "h9g7", "h0g2"] {
        m.apply_action(a(mv)).unwrap();
    }
    assert_eq!(m.outcome(), Some(Outcome::Draw { reason: "move cap" }));
}

/// Plays `moves` from `fen`; every ply but the last leaves the game running.
fn play_out(s: &mut XiangqiState, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        assert!(!s.is_terminal(), "ended early at ply {i}: {:?}", s.outcome());
        s.apply_action(a(mv)).unwrap();
    }
}

/// Perpetual check loses (the WXF and Asian rules forbid it; here simplified: the side whose every
/// move of the repetition cycle gave check, the other side's not all, loses) for Black as for Red,
/// whichever side's move brings the third occurrence.
#[test]
fn perpetual_check_loses_for_either_side_whoever_closes_the_cycle() {
    // Black's chariot checks on a0 and a1 in turn while Red's general steps d0-d1-d0; the third
    // occurrence comes with Black's eighth-ply check: Black, the checker, loses.
    let mut s = at("5k3/9/9/9/9/9/9/9/9/r2K5 w");
    play_out(
        &mut s,
        &["d0d1", "a0a1", "d1d0", "a1a0", "d0d1", "a0a1", "d1d0", "a1a0"],
    );
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: RED,
            reason: "perpetual check"
        })
    );
    let mut r = [0.0; 2];
    s.returns(&mut r);
    assert_eq!(r, [1.0, -1.0]);
    // Red checks on a9 and a8 in turn, starting with Black in check: the third occurrence comes
    // with Red's check, and Red loses.
    let mut s = at("R2k5/9/9/9/9/9/9/9/9/5K3 b");
    play_out(
        &mut s,
        &["d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9", "a8a9"],
    );
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: BLACK,
            reason: "perpetual check"
        })
    );
}

/// A side that checks on some but not every move of the cycle is not a perpetual checker: the
/// repetition is a draw.
#[test]
fn checking_on_only_some_moves_of_the_cycle_is_a_drawn_repetition() {
    // Red checks twice with the chariot, then shuffles its general twice; Black answers each time.
    let mut s = at("3k5/R8/9/9/9/9/9/9/9/5K3 w");
    let cycle = ["a8a9", "d9d8", "a9a8", "d8d9", "f0f1", "d9e9", "f1f0", "e9d9"];
    play_out(&mut s, &cycle);
    assert_eq!(s.outcome(), Some(Outcome::Draw { reason: "repetition" }));
}

#[test]
fn action_texts_both_notations() {
    let s = xiangqi(&[]).new_initial_state();
    for text in ["h2e2", "H2E2", "h2-e2", "C2.5", "c2=5"] {
        assert_eq!(s.string_to_action(text).unwrap(), a("h2e2"), "{text}");
    }
    for bad in ["", "h2", "zz99", "C2.9", "castle"] {
        assert!(
            matches!(s.string_to_action(bad), Err(LudoError::Parse { .. })),
            "{bad}"
        );
    }
    assert_eq!(s.action_to_string(a("h2e2")), "h2e2");
    assert_eq!(s.action_to_wxf(a("h2e2")).unwrap(), "C2.5");
    assert_eq!(s.wxf_to_action("H2+3").unwrap(), a("h0g2"));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), 44);
    assert!(legal.windows(2).all(|w| w[0] < w[1]));
    for &x in &legal {
        assert_eq!(s.string_to_action(&s.action_to_string(x)).unwrap(), x);
    }
}

#[test]
fn fen_follows_the_game() {
    let mut s = xiangqi(&[]).new_initial_state();
    s.apply_action(a("h2e2")).unwrap();
    assert_eq!(
        s.fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
    s.apply_action(a("h9g7")).unwrap();
    assert_eq!(
        s.fen(),
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
    let t = at(&s.fen());
    assert_eq!(t.position(), s.position());
}

/// A game from a FEN with Black to move at move 7, three plies since a capture: Black's general
/// steps down, Red's chariot takes the black soldier on a4, the general steps back, the chariot
/// checks from a9.
const BLACK_START_FEN: &str = "3k5/9/9/9/9/p8/9/9/9/R3K4 b - - 3 7";
const BLACK_START_MOVES: [&str; 4] = ["d9d8", "a0a4", "d8d9", "a4a9"];

/// The FEN's clocks count from a start with Black to move: Black's ply ends move 7, so the move
/// number goes up after Black's plies; the half-move clock counts plies since the last capture.
#[test]
fn fen_clocks_follow_the_moves_from_a_black_start() {
    let mut s = at(BLACK_START_FEN);
    assert_eq!(s.fen(), BLACK_START_FEN);
    for (mv, fen) in BLACK_START_MOVES.iter().zip([
        "9/3k5/9/9/9/p8/9/9/9/R3K4 w - - 4 8",
        "9/3k5/9/9/9/R8/9/9/9/4K4 b - - 0 8",
        "3k5/9/9/9/9/R8/9/9/9/4K4 w - - 1 9",
        "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 2 9",
    ]) {
        s.apply_action(a(mv)).unwrap();
        assert_eq!(s.fen(), fen, "after {mv}");
    }
}

/// The setup a state reports: the standard start (also when given as its FEN, in the short form
/// with WXF letters), or the FEN it was built from, clocks included.
#[test]
fn xiangqi_setup_names_the_start() {
    use crate::core::game::Setup;
    let g = xiangqi(&[]);
    assert!(matches!(g.new_initial_state().setup(), Setup::Standard));
    let short = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r";
    assert!(matches!(at(short).setup(), Setup::Standard));
    let later = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 5";
    for fen in [BLACK_START_FEN, later] {
        assert!(matches!(at(fen).setup(), Setup::Text(t) if t == fen), "{fen}");
    }
}

/// What each player reads after four plies from `BLACK_START_FEN`: the history holds the move ids
/// in order; the information state is the start FEN and the moves in ICCS (the same for both: no
/// information is hidden); the observation is the board drawing with the side to move, in check.
#[test]
fn xiangqi_texts_and_history_follow_the_moves() {
    let s = xiangqi(&[]).new_initial_state();
    assert_eq!(
        s.information_state_string(1),
        format!("{}\n", super::fen::START_FEN)
    );
    let mut s = at(BLACK_START_FEN);
    play_out(&mut s, &BLACK_START_MOVES);
    assert!(s.in_check());
    let ids: Vec<u32> = BLACK_START_MOVES.iter().map(|m| a(m)).collect();
    assert_eq!(s.history(), ids);
    let drawing = "\
9  R . . k . . . . .
8  . . . . . . . . .
7  . . . . . . . . .
6  . . . . . . . . .
5  . . . . . . . . .
   ~~~~~~ river ~~~~~~
4  . . . . . . . . .
3  . . . . . . . . .
2  . . . . . . . . .
1  . . . . . . . . .
0  . . . . K . . . .
   a b c d e f g h i
Black to move (in check)";
    for p in 0..2 {
        assert_eq!(
            s.information_state_string(p),
            format!("{BLACK_START_FEN}\nd9d8 a0a4 d8d9 a4a9")
        );
        assert_eq!(s.observation_string(p), drawing);
    }
}

/// Perft through the state: the published counts from the start, 44 moves and 1920 two-ply lines.
#[test]
fn state_perft_gives_the_published_counts() {
    let s = xiangqi(&[]).new_initial_state();
    assert_eq!(s.perft(1), 44);
    assert_eq!(s.perft(2), 1920);
}

/// A move given unchecked after the end is never played: a debug build stops on it (the caller's
/// bug), a release build ignores it.
#[test]
fn an_unchecked_move_after_the_end_is_not_played() {
    let mut s = at("3k5/1R7/R8/9/9/9/9/9/9/5K3 w");
    s.apply_action(a("a7a9")).unwrap();
    let mate = s.outcome();
    assert!(mate.is_some());
    let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        s.apply_action_unchecked(a("d9d8"))
    }))
    .is_err();
    assert_eq!(stopped, cfg!(debug_assertions));
    assert_eq!(s.history(), [a("a7a9")]);
    assert_eq!(s.outcome(), mate);
}

/// The game's facts: two players, zero-sum returns in -1..=1, 8100 move ids (every ordered pair of
/// the 90 points), no chance outcomes (an empty list, whatever the list held), the length cap, the
/// observation's shape, and the game string naming the parameter off its default.
#[test]
fn xiangqi_game_facts() {
    let g = xiangqi(&[("max_plies", "300")]);
    assert_eq!(g.num_players(), 2);
    assert_eq!(g.utility(), Some(crate::core::game::Utility::zero_sum(-1.0, 1.0)));
    assert_eq!(g.num_distinct_actions(), 90 * 90);
    assert_eq!(g.max_chance_outcomes(), 0);
    assert_eq!(g.max_game_length(), 300);
    assert_eq!(g.observation_shape(), [15, 10, 9]);
    assert_eq!(g.game_string(), "xiangqi(max_plies=300)");
    let mut outs = vec![(a("h2e2"), 1.0)];
    g.new_initial_state().chance_outcomes(&mut outs);
    assert!(outs.is_empty());
}
#[test]
fn observation_is_player_relative() {
    let g = xiangqi(&[]);
    let s = g.new_initial_state();
    let n: usize = g.observation_shape().iter().product();
    let (mut red, mut black) = (vec![0.0f32; n], vec![0.0f32; n]);
    s.write_observation(0, &mut red);
    s.write_observation(1, &mut black);
    // Own general at the bottom centre for both; the side-to-move plane differs.
    let own_king = |o: &[f32]| o[9 * 9 + 4];
    assert_eq!((own_king(&red), own_king(&black)), (1.0, 1.0));
    assert_eq!(red[14 * 90], 1.0);
    assert_eq!(black[14 * 90], 0.0);
    assert_eq!(red[..14 * 90], black[..14 * 90]);
    assert_eq!(red.iter().take(14 * 90).filter(|&&x| x == 1.0).count(), 32);
    assert!(s.to_string().contains("Red to move"));
}

/// The reason given for an illegal move names the rule it breaks and, where there is one, the
/// point that stops it: the horse's leg (on its file for a two-rank jump, on its rank for a
/// two-file jump), the elephant's eye (the midpoint of its diagonal), the palace, the river, the
/// cannon's screen, a blocked line, the pawn's steps, and a general left in check or facing the
/// other general. Every text in full, so a wrong point or a wrong rule shows.
#[test]
fn illegal_move_reasons_name_the_rule_and_the_point() {
    // Red horse e4, red pawn e5: the leg of the jumps to d6 and f6.
    let mut s = at("3k5/9/9/9/4P4/4N4/9/9/9/5K3 w");
    for mv in ["e4d6", "e4f6"] {
        assert_eq!(
            reason(&mut s, mv),
            "blocked leg: the horse's leg point e5 is occupied"
        );
    }
    assert_eq!(reason(&mut s, "e4e6"), "a horse does not move like that");
    assert_eq!(reason(&mut s, "e4f5"), "a horse does not move like that");
    // Red horse e4, red chariot f4: the leg of the jumps to g5 and g3.
    let mut s = at("3k5/9/9/9/9/4NR3/9/9/9/5K3 w");
    for mv in ["e4g5", "e4g3"] {
        assert_eq!(
            reason(&mut s, mv),
            "blocked leg: the horse's leg point f4 is occupied"
        );
    }
    // Black horse e5, black chariot d5: the leg of the jumps to c4 and c6.
    let mut s = at("3k5/9/9/9/3rn4/9/9/9/9/5K3 b");
    for mv in ["e5c4", "e5c6"] {
        assert_eq!(
            reason(&mut s, mv),
            "blocked leg: the horse's leg point d5 is occupied"
        );
    }
    // Red elephant e2, red horse on its eye d3; an elephant c4 at the river.
    let mut s = at("3k5/9/9/9/9/9/3N5/4B4/9/5K3 w");
    assert_eq!(
        reason(&mut s, "e2c4"),
        "blocked eye: the elephant's eye point d3 is occupied"
    );
    let mut s = at("3k5/9/9/9/9/2B6/9/9/9/5K3 w");
    assert_eq!(reason(&mut s, "c4e6"), "elephants may not cross the river");
    assert_eq!(reason(&mut s, "c4a6"), "elephants may not cross the river");
    assert_eq!(reason(&mut s, "c4c5"), "an elephant does not move like that");
    // General and advisor: out of the palace, and a wrong step inside it.
    let mut s = at("3k5/9/9/9/9/9/9/9/9/3AK4 w");
    assert_eq!(reason(&mut s, "d0c1"), "the advisor must stay in the palace");
    assert_eq!(reason(&mut s, "d0d1"), "an advisor does not move like that");
    assert_eq!(reason(&mut s, "e0e2"), "a general does not move like that");
    let mut s = at("5k3/9/9/9/9/9/9/3K5/9/9 w");
    assert_eq!(reason(&mut s, "d2d3"), "the general must stay in the palace");
    assert_eq!(reason(&mut s, "d2c2"), "the general must stay in the palace");
    // Cannon a0, screen a3, black pawns a6 and b1, black chariot a9 behind two pieces.
    let mut s = at("r2k5/9/9/p8/9/9/P8/9/1p7/C4K3 w");
    assert_eq!(
        reason(&mut s, "a0a9"),
        "a cannon captures only by jumping exactly one screen"
    );
    assert_eq!(reason(&mut s, "a0a4"), "the path is blocked");
    assert_eq!(reason(&mut s, "a0b1"), "a cannon does not move like that");
    assert_eq!(reason(&mut s, "a0a3"), "a3 holds your own piece");
    // Chariot a1 behind a red pawn on a4.
    let mut s = at("3k5/9/9/9/9/P8/9/9/R8/5K3 w");
    assert_eq!(reason(&mut s, "a1a6"), "the path is blocked");
    assert_eq!(reason(&mut s, "a1b2"), "a chariot does not move like that");
    // A red pawn before the river.
    let mut s = at("3k5/9/9/9/9/4P4/9/9/9/5K3 w");
    for mv in ["e4d4", "e4e3", "e4e6"] {
        assert_eq!(
            reason(&mut s, mv),
            "a pawn steps forward, and sideways only after crossing the river"
        );
    }
    // Whose piece, which point.
    let mut s = at("3k5/9/9/4r4/9/9/9/9/4R4/4K4 w");
    assert_eq!(reason(&mut s, "a0a1"), "no piece on a0");
    assert_eq!(reason(&mut s, "d9d8"), "not your piece: Red moves now");
    assert_eq!(reason(&mut s, "e1e1"), "a move must change the point");
    assert_eq!(reason(&mut s, "e1e0"), "e0 holds your own piece");
    assert_eq!(reason(&mut s, "e1d1"), "leaves the general in check");
    let mut s = at("3k5/9/9/4r4/9/9/9/9/4R4/4K4 b");
    assert_eq!(reason(&mut s, "e1e2"), "not your piece: Black moves now");
    // The advisor alone between the generals, and a general stepping onto the open file.
    let mut s = at("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
    assert_eq!(
        reason(&mut s, "e1d2"),
        "flying general: the two generals would face each other on an open file"
    );
    let mut s = at("4k4/9/9/9/9/9/9/9/9/3K5 w");
    assert_eq!(
        reason(&mut s, "d0e0"),
        "flying general: the two generals would face each other on an open file"
    );
    // Red's general e1 on the black general's file, a black pawn e5 between them: stepping to e0
    // walks into the black chariot's rank, which is check, not a flying general.
    let mut s = at("4k4/9/9/9/4p4/9/9/9/4K4/r8 w");
    assert_eq!(reason(&mut s, "e1e0"), "leaves the general in check");
    // Black's chariot e8 is pinned by Red's chariot e1; Black's general e9 may not step onto the
    // open d-file of Red's general d0.
    let mut s = at("4k4/4r4/9/9/9/9/9/9/4R4/3K5 b");
    assert_eq!(reason(&mut s, "e8d8"), "leaves the general in check");
    assert_eq!(
        reason(&mut s, "e9d9"),
        "flying general: the two generals would face each other on an open file"
    );
    // Jieqi: a revealed elephant on c4 crosses the river, but not over an occupied eye d5.
    let mut j = jieqi(&[])
        .state_from_fen("4k4/9/9/9/3P5/2B6/9/9/9/3K5 w")
        .unwrap();
    assert_eq!(targets(&j, "c4"), ["a2", "a6", "e2"]);
    assert_eq!(
        reason(&mut j, "c4e6"),
        "blocked eye: the elephant's eye point d5 is occupied"
    );
}

/// Every kind's name in the texts, the revealed (free) advisor and elephant as their kind.
#[test]
fn kind_names() {
    use super::flow::kind_name;
    let names: Vec<&str> = (0..=10).map(kind_name).collect();
    assert_eq!(
        names,
        [
            "piece", "general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn", "advisor",
            "elephant", "piece"
        ]
    );
}

/// The returns and the text of each kind of ending: a win for Red, a win for Black, a draw; and
/// the ending text, which only a resignation or an agreed draw has.
#[test]
fn outcomes_give_returns_and_texts() {
    let red = Outcome::Win {
        winner: RED,
        reason: "checkmate",
    };
    let black = Outcome::Win {
        winner: BLACK,
        reason: "perpetual check",
    };
    let draw = Outcome::Draw { reason: "repetition" };
    assert_eq!(red.returns(), [1.0, -1.0]);
    assert_eq!(black.returns(), [-1.0, 1.0]);
    assert_eq!(draw.returns(), [0.0, 0.0]);
    assert_eq!(red.describe(), "Red wins by checkmate");
    assert_eq!(black.describe(), "Black wins by perpetual check");
    assert_eq!(draw.describe(), "draw by repetition");
    // A mate on the board is no ending text; the state's text closes with the outcome.
    let mut s = at("3k5/1R7/R8/9/9/9/9/9/9/5K3 w");
    assert!(s.to_string().ends_with("Red to move"));
    s.apply_action(a("a7a9")).unwrap();
    assert_eq!(s.ending(), None);
    assert!(s.to_string().ends_with("Red wins by checkmate"), "{s}");
    let mut s = at("3k5/9/9/9/9/9/9/9/9/5K3 w");
    for mv in ["f0f1", "d9d8", "f1f0", "d8d9", "f0f1", "d9d8", "f1f0", "d8d9"] {
        s.apply_action(a(mv)).unwrap();
    }
    assert_eq!(s.ending(), None);
    assert!(s.to_string().ends_with("draw by repetition"));
    for (text, returns) in [
        ("resign 0", [-1.0, 1.0]),
        ("resign 1", [1.0, -1.0]),
        ("draw", [0.0, 0.0]),
    ] {
        let mut s = xiangqi(&[]).new_initial_state();
        s.apply_ending(text).unwrap();
        let mut r = [0.0; 2];
        s.returns(&mut r);
        assert_eq!((s.ending().as_deref(), r), (Some(text), returns));
    }
    let mut s = at("4k4/9/9/9/9/9/9/9/4A4/4K4 b");
    assert!(s.to_string().ends_with("Black to move"));
    s.apply_ending("resign 1").unwrap();
    assert!(s.to_string().ends_with("Red wins by resignation"));
}

/// The board drawing: Black's back rank on top, ranks down the left, the river between ranks 5
/// and 4, files below; upper case Red, lower case Black, `X`/`x` face-down pieces.
#[test]
fn the_board_is_drawn_rank_by_rank() {
    let s = at("3k5/9/7c1/9/9/2p6/R8/9/4A4/4K4 w");
    let want = "\
9  . . . k . . . . .
8  . . . . . . . . .
7  . . . . . . . c .
6  . . . . . . . . .
5  . . . . . . . . .
   ~~~~~~ river ~~~~~~
4  . . p . . . . . .
3  R . . . . . . . .
2  . . . . . . . . .
1  . . . . A . . . .
0  . . . . K . . . .
   a b c d e f g h i
Red to move";
    assert_eq!(s.to_string(), want);
    let j = jieqi(&[])
        .state_from_fen("x3k4/9/9/9/9/4A4/6b2/9/9/X3K4 b")
        .unwrap();
    let want = "\
9  x . . . k . . . .
8  . . . . . . . . .
7  . . . . . . . . .
6  . . . . . . . . .
5  . . . . . . . . .
   ~~~~~~ river ~~~~~~
4  . . . . A . . . .
3  . . . . . . b . .
2  . . . . . . . . .
1  . . . . . . . . .
0  X . . . K . . . .
   a b c d e f g h i
Black to move";
    assert_eq!(j.to_string(), want);
}

/// The planes that should hold a one, as (plane, row, column) of the player-relative board.
fn planes_with(planes: usize, ones: &[(usize, usize, usize)], to_move_plane: Option<usize>) -> Vec<f32> {
    let mut v = vec![0.0f32; planes * 90];
    for &(p, row, col) in ones {
        v[p * 90 + row * 9 + col] = 1.0;
    }
    if let Some(p) = to_move_plane {
        v[p * 90..(p + 1) * 90].iter_mut().for_each(|x| *x = 1.0);
    }
    v
}

/// Xiangqi's observation, every plane: the board turned so the observer's back rank is row 9
/// (Red reads rank r as row 9 - r, file f as column f; Black reads rank r as row r, file f as
/// column 8 - f), own general..pawns on planes 0..7, the opponent's on 7..14, plane 14 all ones
/// for the side to move.
#[test]
fn xiangqi_observation_planes_of_a_small_position() {
    // Red: general e0, advisor e1, chariot a3; Black: general d9, cannon h7, pawn c4.
    let s = at("3k5/9/7c1/9/9/2p6/R8/9/4A4/4K4 w");
    let mut o = vec![0.0f32; 15 * 90];
    s.write_observation(0, &mut o);
    let red = [(0, 9, 4), (1, 8, 4), (4, 6, 0), (7, 0, 3), (12, 2, 7), (13, 5, 2)];
    assert_eq!(o, planes_with(15, &red, Some(14)));
    s.write_observation(1, &mut o);
    let black = [(0, 9, 5), (5, 7, 1), (6, 4, 6), (7, 0, 4), (8, 1, 4), (11, 3, 8)];
    assert_eq!(o, planes_with(15, &black, None));
}

/// Jieqi's observation, every plane: face-up pieces (a revealed advisor or elephant on its
/// kind's plane), face-down pieces on planes 14 (own) and 15 (the opponent's) with no identity,
/// the side to move on 16, then the counts each side may still hide (own side first) over 5.
#[test]
fn jieqi_observation_planes_of_a_small_position() {
    // Red: general e0, a revealed advisor on e4, a face-down piece on a0; Black: general e9, a
    // revealed elephant on g3, a face-down piece on a9.
    let j = jieqi(&[])
        .state_from_fen("x3k4/9/9/9/9/4A4/6b2/9/9/X3K4 w")
        .unwrap();
    let mut o = vec![0.0f32; super::jieqi::OBS_PLANES * 90];
    // Red's 14 unknown pieces: one advisor is face up. Black's: one elephant is.
    let red_pool = [1.0, 2.0, 2.0, 2.0, 2.0, 5.0];
    let black_pool = [2.0, 1.0, 2.0, 2.0, 2.0, 5.0];
    let with_pools = |mut v: Vec<f32>, own: [f32; 6], theirs: [f32; 6]| {
        v.resize(super::jieqi::OBS_PLANES * 90, 0.0);
        for (i, n) in own.iter().chain(&theirs).enumerate() {
            v[(17 + i) * 90..(18 + i) * 90]
                .iter_mut()
                .for_each(|x| *x = n / 5.0);
        }
        v
    };
    j.write_observation(0, &mut o);
    let red = [(0, 9, 4), (1, 5, 4), (14, 9, 0), (7, 0, 4), (9, 6, 6), (15, 0, 0)];
    assert_eq!(
        o,
        with_pools(planes_with(17, &red, Some(16)), red_pool, black_pool)
    );
    j.write_observation(1, &mut o);
    let black = [(0, 9, 4), (2, 3, 2), (14, 9, 8), (7, 0, 4), (8, 4, 4), (15, 0, 8)];
    assert_eq!(o, with_pools(planes_with(17, &black, None), black_pool, red_pool));
}

#[test]
fn registry_loads_both_games_and_simulates() {
    for spec in Xiangqi::INFO.examples.iter().chain(Jieqi::INFO.examples) {
        let g = load_game(spec).unwrap();
        let cfg = crate::batch::SimConfig {
            n_games: 4,
            seed: 1,
            first_game: 0,
            bots: vec!["greedy".into(), "random".into()],
            threads: Some(1),
        };
        let r = g.simulate(&cfg).unwrap();
        for i in 0..4 {
            let (x, y) = (r.returns[2 * i], r.returns[2 * i + 1]);
            assert_eq!(x + y, 0.0, "{spec}: zero-sum");
            assert!(r.lengths[i] as usize <= g.max_game_length(), "{spec}");
        }
    }
}

// ---------------------------------------------------------------- Jieqi

fn jieqi_start() -> JieqiState {
    jieqi(&[]).new_initial_state()
}

#[test]
fn hidden_pieces_move_as_their_start_point() {
    let s = jieqi_start();
    assert_eq!(targets(&s, "a0"), ["a1", "a2"]); // chariot
    assert_eq!(targets(&s, "d0"), ["e1"]); // palace advisor
    assert_eq!(targets(&s, "c0"), ["a2", "e2"]); // elephant
    assert_eq!(targets(&s, "b2").len(), 12); // cannon, including b2xb9
    let mut t = s.clone();
    assert_eq!(reason(&mut t, "d0d1"), "an advisor does not move like that");
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal.len(), 44);
}

#[test]
fn a_move_by_a_hidden_piece_is_followed_by_a_reveal_chance_node() {
    let mut s = jieqi_start();
    s.apply_action(a("a0a1")).unwrap();
    assert_eq!(s.current_player(), Player::Chance);
    let mut outs = Vec::new();
    s.chance_outcomes(&mut outs);
    let total: f64 = outs.iter().map(|o| o.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // 5 pawns out of 15 pieces.
    let pawn = reveal_action(PAWN);
    assert!(outs
        .iter()
        .any(|&(x, p)| x == pawn && (p - 5.0 / 15.0).abs() < 1e-12));
    assert!(matches!(
        s.apply_action(a("a9a8")),
        Err(LudoError::IllegalAction { .. })
    ));
    s.apply_action(s.string_to_action("reveal advisor").unwrap())
        .unwrap();
    assert_eq!(s.current_player(), Player::Seat(BLACK));
    // The revealed advisor on a1 is free: one diagonal step anywhere (b0 and b2... b2 holds a hidden cannon).
    assert_eq!(s.position().at(square(0, 1)), piece(RED, ADVISOR_FREE));
    s.apply_action(a("a9a8")).unwrap();
    s.apply_action(s.string_to_action("reveal pawn").unwrap())
        .unwrap();
    assert!(
        s.fen()
            .starts_with("1xxxkxxxx/p8/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/A8/1XXXKXXXX w"),
        "{}",
        s.fen()
    );
}

#[test]
fn revealed_elephants_cross_the_river_and_advisors_leave_the_palace() {
    let s = jieqi(&[]).state_from_fen("3k5/9/9/9/9/2B6/9/9/9/4KA3 w").unwrap();
    assert_eq!(targets(&s, "c4"), ["a2", "a6", "e2", "e6"]);
    assert_eq!(targets(&s, "f0"), ["e1", "g1"]);
    // With the flag off a revealed advisor keeps the palace rule (here: stuck on a1).
    let mut r = jieqi(&[("revealed_advisor_elephant_unrestricted", "false")]).new_initial_state();
    r.apply_action(a("a0a1")).unwrap();
    r.apply_action(reveal_action(ADVISOR)).unwrap();
    assert_eq!(r.position().at(square(0, 1)), piece(RED, ADVISOR));
}

#[test]
fn face_up_advisors_from_a_fen_follow_the_unrestricted_flag() {
    let fen = "3k5/9/9/9/9/9/9/3A5/9/4K4 w";
    let free = jieqi(&[]).state_from_fen(fen).unwrap();
    assert_eq!(targets(&free, "d2"), ["c1", "c3", "e1", "e3"]);
    let strict = jieqi(&[("revealed_advisor_elephant_unrestricted", "false")]);
    let s = strict.state_from_fen(fen).unwrap();
    assert_eq!(targets(&s, "d2"), ["e1"], "palace diagonals only");
    // A face-up elephant too: from c4 it may not cross the river.
    let s = strict.state_from_fen("3k5/9/9/9/9/2B6/9/9/9/4K4 w").unwrap();
    assert_eq!(targets(&s, "c4"), ["a2", "e2"]);
}

#[test]
fn fen_clocks_out_of_range_are_rejected() {
    let g = xiangqi(&[]);
    let board = "4k4/9/9/9/9/9/9/9/4A4/3K5 w - -";
    for clocks in ["4294967295 4294967295", "0 4294967296", "1000001 1", "-1 1"] {
        let e = g.state_from_fen(&format!("{board} {clocks}")).unwrap_err();
        assert!(matches!(e, LudoError::Parse { .. }), "{clocks}: {e}");
        let e = jieqi(&[])
            .state_from_fen(&format!("{board} {clocks}"))
            .unwrap_err();
        assert!(matches!(e, LudoError::Parse { .. }), "{clocks}: {e}");
    }
    let s = g.state_from_fen(&format!("{board} 1000000 1000000")).unwrap();
    assert!(s.fen().ends_with(" 1000000 1000000"), "{}", s.fen());
}

/// Two arrangements that differ only in face-down pieces: Red's a0 chariot and b0 horse are
/// swapped, and so are Black's b9 horse and c9 elephant.
fn swapped_pair() -> (JieqiState, JieqiState) {
    let s = jieqi_start();
    let mut k1 = [0u8; SQUARES];
    for (sq, k) in k1.iter_mut().enumerate() {
        *k = start_kind(sq).filter(|&k| k != KING).unwrap_or(0);
    }
    let mut k2 = k1;
    k2.swap(square(0, 0), square(1, 0));
    k2.swap(square(1, 9), square(2, 9));
    (s.with_identities(&k1).unwrap(), s.with_identities(&k2).unwrap())
}

fn views(s: &JieqiState) -> Vec<(Vec<f32>, String, String)> {
    (0..2)
        .map(|p| {
            let mut o = vec![0.0f32; super::jieqi::OBS_PLANES * 90];
            s.write_observation(p, &mut o);
            (o, s.observation_string(p), s.information_state_string(p))
        })
        .collect()
}

#[test]
fn observations_never_leak_hidden_identities() {
    let (mut x, mut y) = swapped_pair();
    assert_eq!(views(&x), views(&y));
    // Moves that reveal the same pieces in both arrangements keep the views equal.
    for mv in ["h2h9", "i9i8"] {
        x.apply_action(a(mv)).unwrap();
        y.apply_action(a(mv)).unwrap();
    }
    assert_eq!(views(&x), views(&y));
    // Red's cannon on b2 takes the face-down piece on b9: a horse in x, an elephant in y.
    x.apply_action(a("b2b9")).unwrap();
    y.apply_action(a("b2b9")).unwrap();
    let (vx, vy) = (views(&x), views(&y));
    assert_eq!(vx[1], vy[1], "Black, whose piece it was, learns nothing");
    assert_eq!(
        vx[0].0[..17 * 90],
        vy[0].0[..17 * 90],
        "the board planes show no identities"
    );
    // Red's pool planes for Black (planes 23..29) count what Red cannot rule out: Red has taken
    // the h9 horse, then a horse (x) or an elephant (y) on b9.
    let black_pool = |v: &[f32], k: u8| v[(23 + (k - ADVISOR) as usize) * 90] * 5.0;
    assert_eq!(
        (black_pool(&vx[0].0, HORSE), black_pool(&vx[0].0, ELEPHANT)),
        (0.0, 2.0)
    );
    assert_eq!(
        (black_pool(&vy[0].0, HORSE), black_pool(&vy[0].0, ELEPHANT)),
        (1.0, 1.0)
    );
    assert_ne!(vx[0].2, vy[0].2, "Red, the capturer, learns what it took");
    assert!(
        vx[0].1.contains("Red took horse (face down)") && vy[0].1.contains("Red took elephant (face down)")
    );
}

#[test]
fn captured_hidden_identity_is_shown_only_to_the_capturer() {
    let mut s = jieqi_start();
    // Red's hidden cannon b2 takes the hidden horse on b9.
    s.apply_action(a("b2b9")).unwrap();
    assert_eq!(s.current_player(), Player::Chance);
    s.apply_action(reveal_action(ROOK)).unwrap();
    assert_eq!(s.current_player(), Player::Chance);
    s.apply_action(capture_action(HORSE)).unwrap();
    assert_eq!(s.current_player(), Player::Seat(BLACK));
    assert!(s
        .information_state_string(0)
        .ends_with("b2b9 reveal chariot captured horse"));
    assert!(s
        .information_state_string(1)
        .ends_with("b2b9 reveal chariot captured ?"));
    assert!(s.observation_string(0).contains("Red took horse"));
    assert!(!s.observation_string(1).contains("horse"));
    let both = jieqi(&[("captured_hidden_visibility", "both")]);
    let mut t = both.new_initial_state();
    for x in [a("b2b9"), reveal_action(ROOK), capture_action(HORSE)] {
        t.apply_action(x).unwrap();
    }
    assert!(t.information_state_string(1).ends_with("captured horse"));
}

#[test]
fn resample_hidden_is_consistent_and_seeded() {
    let mut s = jieqi_start();
    let mut rng = Rng::new(5);
    for _ in 0..30 {
        if s.is_terminal() {
            break;
        }
        let x = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng),
            _ => {
                let mut l = Vec::new();
                s.legal_actions(&mut l);
                l[rng.below(l.len() as u32) as usize]
            }
        };
        s.apply_action(x).unwrap();
    }
    while s.is_chance_node() {
        let x = s.sample_chance(&mut rng);
        s.apply_action(x).unwrap();
    }
    let d1 = s.resample_hidden(0, 11).unwrap();
    let d2 = s.resample_hidden(0, 11).unwrap();
    assert_eq!(d1.fen(), s.fen());
    assert_eq!(
        views(&d1)[0],
        views(&s)[0],
        "the determinization agrees with what player 0 saw"
    );
    assert_eq!(format!("{:?}", d1.captured()), format!("{:?}", d2.captured()));
    assert!(d1.is_determinized() && !s.is_determinized());
    // Play on without chance nodes.
    let mut d = d1.clone();
    let mut l = Vec::new();
    d.legal_actions(&mut l);
    if let Some(&m) = l.first() {
        d.apply_action(m).unwrap();
        assert_ne!(d.current_player(), Player::Chance);
    }
    assert!(s.resample_hidden(2, 0).is_err());
}

#[test]
fn jieqi_fen_validation() {
    let g = jieqi(&[]);
    assert!(g.state_from_fen(JIEQI_START).is_ok());
    // Three face-up red chariots.
    assert!(matches!(
        g.state_from_fen("3k5/9/9/9/9/RRR6/9/9/9/4K4 w"),
        Err(LudoError::InvalidPosition { .. })
    ));
    assert!(matches!(
        g.state_from_fen("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX q"),
        Err(LudoError::Parse { .. })
    ));
}

#[test]
fn resample_redraws_what_the_player_did_not_see() {
    // Black's cannon takes Red's face-down b0 piece, a horse in this deal; Red never learns that.
    let mut s = jieqi_start();
    for x in [
        a("a0a1"),
        reveal_action(ROOK),
        a("b7b0"),
        reveal_action(CANNON),
        capture_action(HORSE),
    ] {
        s.apply_action(x).unwrap();
    }
    let seen_by_red = views(&s)[0].clone();
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let d = s.resample_hidden(0, seed).unwrap();
        assert_eq!(views(&d)[0], seen_by_red);
        let k = d.captured()[0].kind;
        kinds.insert(k);
        // Black's own record follows the redraw.
        assert!(d
            .information_state_string(1)
            .ends_with(&format!("captured {}", super::flow::kind_name(k))));
    }
    assert!(kinds.len() > 2, "the unseen capture is redrawn: {kinds:?}");
    // Black saw it, so Black's determinizations keep the horse.
    for seed in 0..10 {
        assert_eq!(s.resample_hidden(1, seed).unwrap().captured()[0].kind, HORSE);
    }
}

#[test]
fn no_input_panics() {
    // Mutated FENs parse or fail with an error, never panic.
    let mut rng = Rng::new(99);
    let alphabet: Vec<char> = "rnbakcpxRNBAKCPX0123456789/ wb-".chars().collect();
    for fen in [super::fen::START_FEN, JIEQI_START] {
        for _ in 0..3000 {
            let mut chars: Vec<char> = fen.chars().collect();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(chars.len() as u32) as usize;
                chars[i] = alphabet[rng.below(alphabet.len() as u32) as usize];
            }
            let text: String = chars.into_iter().collect();
            let _ = xiangqi(&[]).state_from_fen(&text);
            let _ = jieqi(&[]).state_from_fen(&text);
        }
    }
    // Every id on a few positions of both games: Ok or an error, and errors leave the state alone.
    let mut x = xiangqi(&[]).new_initial_state();
    let mut j = jieqi(&[]).new_initial_state();
    for step in 0..6 {
        for id in 0..9000u32 {
            let mut t = x.clone();
            if t.apply_action(id).is_err() {
                assert_eq!(t.to_string(), x.to_string());
            }
            let mut u = j.clone();
            if u.apply_action(id).is_err() {
                assert_eq!(u.to_string(), j.to_string());
            }
            let _ = x.string_to_action(&x.action_to_string(id));
            let _ = j.string_to_action(&j.action_to_string(id));
        }
        let mut legal = Vec::new();
        x.legal_actions(&mut legal);
        x.apply_action(legal[step % legal.len()]).unwrap();
        j.legal_actions(&mut legal);
        j.apply_action(legal[step % legal.len()]).unwrap();
        // Test the chance node itself on odd steps, resolve it on even ones.
        while j.is_chance_node() && step % 2 == 0 {
            let c = j.sample_chance(&mut rng);
            j.apply_action(c).unwrap();
        }
    }
}

#[test]
fn random_action_is_uniform_over_the_legal_moves_only() {
    // In check from the chariot on e8: of the 20 pseudo-legal moves only the general's steps to
    // d0 / f0 and the block a1e1 are legal, and the 16 illegal chariot moves sit next to the legal
    // one in generation order, so "the next legal move after a random index" would favour a1e1.
    let s = at("4k4/4r4/9/9/9/9/9/9/R8/4K4 w");
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal, {
        let mut v = vec![a("e0d0"), a("e0f0"), a("a1e1")];
        v.sort();
        v
    });
    let mut rng = Rng::new(11);
    let draws = 30_000;
    let mut counts = [0u32; 3];
    for _ in 0..draws {
        let x = s.random_action(&mut rng);
        let i = legal
            .iter()
            .position(|&l| l == x)
            .unwrap_or_else(|| panic!("illegal draw {}", s.action_to_string(x)));
        counts[i] += 1;
    }
    // 10,000 expected each; the bounds are 12 standard deviations wide.
    assert!(
        counts.iter().all(|&c| (9_000..=11_000).contains(&c)),
        "{counts:?}"
    );
}

#[test]
fn repetition_is_found_exactly_when_a_rescan_finds_it() {
    // Random games where the second occurrence of a position since the last capture ends the game:
    // the recorded detection (which skips the walk back for keys its filter has not seen) must agree
    // ply by ply with a plain count over every position since the last capture.
    let g = xiangqi(&[
        ("repetition_rule", "draw"),
        ("repetition_count", "2"),
        ("no_capture_draw_plies", "0"),
    ]);
    let mut repetitions = 0;
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let mut s = g.new_initial_state();
        let mut window = vec![s.position().hash()];
        while !s.is_terminal() {
            let mv = Move::from_action(s.random_action(&mut rng)).unwrap();
            let capture = s.position().at(mv.to as usize) != EMPTY;
            s.apply_action(mv.action()).unwrap();
            if capture {
                window.clear();
            }
            let key = s.position().hash();
            let repeated = window.contains(&key);
            window.push(key);
            match s.outcome() {
                Some(Outcome::Win {
                    reason: "checkmate" | "stalemate",
                    ..
                }) => {}
                Some(Outcome::Draw { reason: "repetition" }) => {
                    assert!(repeated, "seed {seed}: repetition claimed");
                    repetitions += 1;
                }
                _ => assert!(!repeated, "seed {seed}: repetition missed"),
            }
        }
    }
    assert!(repetitions > 50, "{repetitions}");
}

/// Every legal move's WXF name parses back to that move, over positions of random games of both
/// games (Jieqi: face-up and face-down pieces sharing files), and in the reported Jieqi position.
#[test]
fn every_wxf_name_parses_back_to_its_move() {
    fn check_all<S: State>(s: &S, wxf: impl Fn(&S, u32) -> String) {
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        for &mv in &legal {
            let name = wxf(s, mv);
            let back = s
                .string_to_action(&name)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                back,
                mv,
                "{name} names {} but parses as {}",
                s.action_to_string(mv),
                s.action_to_string(back)
            );
        }
    }
    let reported = "2xxkxxx1/p7p/9/x1C1x3x/2a6/N5r2/2p1X1b1R/B1PB5/2A6/2X1KXXX1 b - - 1 14";
    let s = jieqi(&[]).state_from_fen(reported).unwrap();
    assert_eq!(
        s.string_to_action(&s.action_to_wxf(a("i8i7")).unwrap()).unwrap(),
        a("i8i7")
    );
    check_all(&s, |s, m| s.action_to_wxf(m).unwrap());
    for seed in 0..12u64 {
        let mut rng = Rng::new(seed);
        let mut x = xiangqi(&[]).new_initial_state();
        let mut j = jieqi(&[]).new_initial_state();
        for _ in 0..120 {
            if !x.is_terminal() {
                check_all(&x, |s, m| s.action_to_wxf(m).unwrap());
                let mut legal = Vec::new();
                x.legal_actions(&mut legal);
                x.apply_action(legal[rng.below(legal.len() as u32) as usize])
                    .unwrap();
            }
            crate::batch::resolve_chance(&mut j, &mut rng);
            if !j.is_terminal() {
                check_all(&j, |s, m| s.action_to_wxf(m).unwrap());
                let mut legal = Vec::new();
                j.legal_actions(&mut legal);
                j.apply_action(legal[rng.below(legal.len() as u32) as usize])
                    .unwrap();
            }
        }
    }
}

/// Resignation and draw by agreement: endings outside the moves, like Go's resignation.
#[test]
fn resignation_and_agreed_draws_end_both_games() {
    let mut x = xiangqi(&[]).new_initial_state();
    x.apply_action(a("h2e2")).unwrap();
    assert_eq!(x.ending(), None);
    x.apply_ending("resign 1").unwrap();
    assert!(x.is_terminal());
    let mut r = [0.0; 2];
    x.returns(&mut r);
    assert_eq!(r, [1.0, -1.0], "Black resigned: Red wins");
    assert_eq!(x.ending().as_deref(), Some("resign 1"));
    assert!(matches!(x.apply_ending("draw"), Err(LudoError::GameOver)));
    assert!(matches!(x.apply_action(a("h9g7")), Err(LudoError::GameOver)));

    let mut j = jieqi(&[]).new_initial_state();
    let before = j.to_string();
    assert!(matches!(j.apply_ending("resign 2"), Err(LudoError::Parse { .. })));
    assert!(matches!(
        j.apply_ending("surrender"),
        Err(LudoError::Parse { .. })
    ));
    assert_eq!(
        j.to_string(),
        before,
        "a failed ending leaves the state unchanged"
    );
    j.apply_ending("draw").unwrap();
    assert!(j.is_terminal());
    j.returns(&mut r);
    assert_eq!(r, [0.0, 0.0]);
    assert_eq!(j.ending().as_deref(), Some("draw"));
    let mut j = jieqi(&[]).new_initial_state();
    j.apply_ending("resign 0").unwrap();
    j.returns(&mut r);
    assert_eq!(r, [-1.0, 1.0], "Red resigned");
}

/// The chance outcomes as (text, numerator) over a common denominator `total`.
fn outcomes_over(s: &JieqiState, total: f64) -> Vec<(String, f64)> {
    let mut outs = Vec::new();
    s.chance_outcomes(&mut outs);
    outs.iter()
        .map(|&(x, p)| (s.action_to_string(x), (p * total * 1e9).round() / 1e9))
        .collect()
}

/// Each side's 15 face-down pieces are two advisors, elephants, horses, chariots and cannons and
/// five soldiers (the pieces of a Xiangqi army without the general): every identity drawn, by a
/// reveal or for a captured face-down piece, leaves that many fewer of its kind for the side's
/// later draws, and a captured face-down piece is drawn from the captured side's pool.
#[test]
fn every_identity_drawn_leaves_the_pool_of_its_own_side() {
    let mut s = jieqi_start();
    s.apply_action(a("a0a1")).unwrap();
    s.apply_action(reveal_action(ADVISOR)).unwrap();
    // Black's face-down cannon on b7 jumps Red's face-down piece on b2 and takes the one on b0.
    s.apply_action(a("b7b0")).unwrap();
    assert_eq!(s.current_player(), Player::Chance);
    let full = [
        ("reveal advisor", 2.0),
        ("reveal elephant", 2.0),
        ("reveal horse", 2.0),
        ("reveal chariot", 2.0),
        ("reveal cannon", 2.0),
        ("reveal pawn", 5.0),
    ];
    let expect =
        |v: &[(&str, f64)]| -> Vec<(String, f64)> { v.iter().map(|&(t, n)| (t.to_string(), n)).collect() };
    // First the mover's reveal, from Black's untouched pool.
    assert_eq!(outcomes_over(&s, 15.0), expect(&full));
    s.apply_action(reveal_action(ROOK)).unwrap();
    assert_eq!(s.current_player(), Player::Chance);
    // Then the captured piece, from Red's pool: one advisor is already face up on a1.
    assert_eq!(
        outcomes_over(&s, 14.0),
        expect(&[
            ("captured advisor", 1.0),
            ("captured elephant", 2.0),
            ("captured horse", 2.0),
            ("captured chariot", 2.0),
            ("captured cannon", 2.0),
            ("captured pawn", 5.0),
        ])
    );
    s.apply_action(capture_action(ADVISOR)).unwrap();
    assert_eq!(s.current_player(), Player::Seat(RED));
    assert!(s.fen().ends_with(" w - - 0 2"), "{}", s.fen());
    // Red's next reveal: both advisors are gone, 13 pieces are left.
    s.apply_action(a("i0i1")).unwrap();
    assert_eq!(
        outcomes_over(&s, 13.0),
        expect(&[
            ("reveal elephant", 2.0),
            ("reveal horse", 2.0),
            ("reveal chariot", 2.0),
            ("reveal cannon", 2.0),
            ("reveal pawn", 5.0),
        ])
    );
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert!(!legal.contains(&reveal_action(ADVISOR)));
    assert!(matches!(
        s.apply_action(reveal_action(ADVISOR)),
        Err(LudoError::IllegalAction { .. })
    ));
    s.apply_action(reveal_action(PAWN)).unwrap();
    assert!(s.fen().ends_with(" b - - 1 2"), "{}", s.fen());
    // Black's next reveal: one chariot is face up on b0, 14 pieces are left.
    s.apply_action(a("a9a8")).unwrap();
    assert_eq!(
        outcomes_over(&s, 14.0),
        expect(&[
            ("reveal advisor", 2.0),
            ("reveal elephant", 2.0),
            ("reveal horse", 2.0),
            ("reveal chariot", 1.0),
            ("reveal cannon", 2.0),
            ("reveal pawn", 5.0),
        ])
    );
}

/// A revealed elephant crosses the river only under `revealed_advisor_elephant_unrestricted` (on by
/// default): with the flag off it keeps the Xiangqi elephant's seven points.
#[test]
fn a_revealed_elephant_crosses_the_river_only_with_the_flag() {
    for (free, expected) in [(true, vec!["a2", "a6", "e2", "e6"]), (false, vec!["a2", "e2"])] {
        let flag = if free { "true" } else { "false" };
        let mut s = jieqi(&[("revealed_advisor_elephant_unrestricted", flag)]).new_initial_state();
        s.apply_action(a("c0e2")).unwrap();
        s.apply_action(reveal_action(ELEPHANT)).unwrap();
        s.apply_action(a("a9a8")).unwrap();
        s.apply_action(reveal_action(PAWN)).unwrap();
        // From c4, a6 and e6 (Black's face-down soldiers) lie across the river.
        s.apply_action(a("e2c4")).unwrap();
        s.apply_action(a("i9i8")).unwrap();
        s.apply_action(reveal_action(PAWN)).unwrap();
        assert_eq!(targets(&s, "c4"), expected, "unrestricted={free}");
    }
}

/// With the identities fixed (no chance nodes), a face-down piece lands face up as what it is,
/// whatever its start point, and a face-up piece moves on as itself.
#[test]
fn a_face_down_piece_with_a_fixed_identity_lands_face_up_as_what_it_is() {
    let s = jieqi_start();
    let mut kinds = [0u8; SQUARES];
    for (sq, k) in kinds.iter_mut().enumerate() {
        if s.position().at(sq) & HIDDEN != 0 {
            *k = start_kind(sq).unwrap();
        }
    }
    // Red's pieces on a0 and b0 are swapped: the one on the chariot's point is a horse.
    kinds[square(0, 0)] = HORSE;
    kinds[square(1, 0)] = ROOK;
    let mut t = s.with_identities(&kinds).unwrap();
    t.apply_action(a("a0a1")).unwrap();
    assert_eq!(t.current_player(), Player::Seat(BLACK), "no chance node");
    assert_eq!(t.position().at(square(0, 1)), piece(RED, HORSE));
    t.apply_action(a("a9a8")).unwrap();
    assert_eq!(t.position().at(square(0, 8)), piece(BLACK, ROOK));
    // The horse on a1: b3 and c2 (c0 holds a red piece).
    assert_eq!(targets(&t, "a1"), ["b3", "c2"]);
    t.apply_action(a("a1c2")).unwrap();
    assert_eq!(t.position().at(square(2, 2)), piece(RED, HORSE));
    t.apply_action(a("a8a7")).unwrap();
    assert_eq!(t.position().at(square(0, 7)), piece(BLACK, ROOK));
    assert_eq!(t.current_player(), Player::Seat(RED));
}

/// A reveal is a uniform draw from the side's face-down pieces (the same as shuffling them at the
/// setup): at the first reveal, 2 in 15 for each of advisor, elephant, horse, chariot and cannon and
/// 5 in 15 for a soldier, in the game's own sampler.
#[test]
fn the_reveal_sampler_draws_each_kind_in_proportion_to_the_pool() {
    let mut s = jieqi_start();
    s.apply_action(a("a0a1")).unwrap();
    let mut rng = Rng::new(7);
    let mut counts = [0u32; 6];
    let n = 15_000;
    for _ in 0..n {
        let x = s.sample_chance(&mut rng);
        assert!((reveal_action(ADVISOR)..=reveal_action(PAWN)).contains(&x), "{x}");
        counts[(x - reveal_action(ADVISOR)) as usize] += 1;
    }
    // Expected 2000 (and 5000 for soldiers); 200 is about five standard deviations.
    for (k, &c) in counts.iter().enumerate() {
        let expected = if k == 5 { 5000 } else { 2000 };
        assert!(c.abs_diff(expected) < 200, "{counts:?}");
    }
}

/// The incremental bookkeeping of a move (hash, occupancy per rank, file and side, the generals)
/// equals a recomputation from the board, and taking the move back restores the position exactly:
/// over random Jieqi games, for every legal move, with the moving face-down piece arriving as a
/// revealed piece (as in Jieqi) or as itself, and after every reveal (`set_cell`).
#[test]
fn make_unmake_and_reveals_keep_the_position_consistent() {
    let g = jieqi(&[]);
    let arrivals = [ADVISOR_FREE, ELEPHANT_FREE, HORSE, ROOK, CANNON, PAWN];
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut rng = Rng::new(seed);
        let mut s = g.new_initial_state();
        for ply in 0..80 {
            let p = s.position();
            assert_eq!(
                *p,
                Position::from_board(*p.board(), p.side(), p.free_pieces),
                "seed {seed} ply {ply}"
            );
            if s.is_terminal() {
                break;
            }
            if s.current_player() == Player::Chance {
                crate::batch::resolve_chance(&mut s, &mut rng);
                continue;
            }
            let mut legal = Vec::new();
            s.legal_actions(&mut legal);
            let mut q = p.clone();
            for (i, &x) in legal.iter().enumerate() {
                let mv = Move::from_action(x).unwrap();
                let cell = q.at(mv.from as usize);
                let arrive = if cell & HIDDEN != 0 {
                    piece(color_of(cell), arrivals[i % arrivals.len()])
                } else {
                    cell
                };
                let u = q.make(mv, arrive);
                assert_eq!(q, Position::from_board(*q.board(), q.side(), p.free_pieces));
                q.unmake(u);
                assert_eq!(&q, p, "seed {seed} ply {ply}: {mv:?} taken back");
                checked += 1;
            }
            s.apply_action(legal[rng.below(legal.len() as u32) as usize])
                .unwrap();
        }
    }
    assert!(checked > 5_000, "{checked}");
}

/// Jieqi's FEN follows the game as a chess-style FEN does: the half-move clock counts the plies
/// since the last capture, the move number goes up after each of Black's moves, whichever side
/// the setup put to move, and a face-down piece keeps its `X` until its identity is drawn.
#[test]
fn jieqi_fen_clocks_follow_the_moves_from_either_side() {
    // Black to move at move 7, three plies since a capture: Black's face-down a9 piece goes to a8
    // (a chariot), Red's general steps aside, the chariot takes Red's face-down a0 piece.
    // At each chance node the move is on the board and the side and move number have changed,
    // so the half-move clock counts it too: one more after the quiet a9a8, 0 after the capture
    // (whose chance changes nothing on the board: the FEN is the same before and after it).
    let fen = "x3k4/9/9/9/9/4A4/6b2/9/9/X3K4 b - - 3 7";
    let mut s = jieqi(&[]).state_from_fen(fen).unwrap();
    assert_eq!(s.fen(), fen);
    for (steps, chance_fen, fen) in [
        (
            vec![a("a9a8"), reveal_action(ROOK)],
            Some("4k4/x8/9/9/9/4A4/6b2/9/9/X3K4 w - - 4 8"),
            "4k4/r8/9/9/9/4A4/6b2/9/9/X3K4 w - - 4 8",
        ),
        (vec![a("e0d0")], None, "4k4/r8/9/9/9/4A4/6b2/9/9/X2K5 b - - 5 8"),
        (
            vec![a("a8a0"), capture_action(ROOK)],
            Some("4k4/9/9/9/9/4A4/6b2/9/9/r2K5 w - - 0 9"),
            "4k4/9/9/9/9/4A4/6b2/9/9/r2K5 w - - 0 9",
        ),
    ] {
        s.apply_action(steps[0]).unwrap();
        if let Some(chance_fen) = chance_fen {
            assert_eq!(s.current_player(), Player::Chance);
            assert_eq!(s.fen(), chance_fen);
        }
        for &x in &steps[1..] {
            s.apply_action(x).unwrap();
        }
        assert_eq!(s.fen(), fen);
    }
    // Red to move at move 1: a face-down cannon to e2, a soldier; Black's to e7, a cannon.
    // The FEN at each reveal's chance node differs only in the piece still face down.
    let mut s = jieqi_start();
    for (steps, revealed, fen) in [
        (
            [a("h2e2"), reveal_action(PAWN)],
            ('P', "X"),
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X2P4/9/XXXXKXXXX b - - 1 1",
        ),
        (
            [a("h7e7"), reveal_action(CANNON)],
            ('c', "x"),
            "xxxxkxxxx/9/1x2c4/x1x1x1x1x/9/9/X1X1X1X1X/1X2P4/9/XXXXKXXXX w - - 2 2",
        ),
    ] {
        s.apply_action(steps[0]).unwrap();
        assert_eq!(s.fen(), fen.replacen(revealed.0, revealed.1, 1));
        s.apply_action(steps[1]).unwrap();
        assert_eq!(s.fen(), fen);
    }
}

/// A Jieqi FEN is read with each side's pool: the 15 pieces less those face up, so a side may
/// have as many face-down pieces as it has pieces not face up (a side's 16 pieces at most is the
/// FEN's own check); a side mated or stalemated by the FEN has lost before any move, whichever
/// side is to move.
#[test]
fn jieqi_fen_pools_and_a_lost_start() {
    let g = jieqi(&[]);
    // A face-up red pawn on e5 and 14 face-down pieces: all of Red's 15.
    let s = g
        .state_from_fen("xxxxkxxxx/9/1x5x1/x1x1x1x1x/4P4/9/X1X1X1X1X/1X5X1/9/1XXXKXXXX w")
        .unwrap();
    assert_eq!(s.outcome(), None);
    let mut l = Vec::new();
    s.legal_actions(&mut l);
    // 45 moves, as Fairy-Stockfish counts them for the same board in Xiangqi (each face-down
    // piece as its start kind): the start's 44, less a0's two, and the soldier's three.
    assert_eq!(l.len(), 45);
    for fen in [
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/4P4/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w",
        "3k5/9/9/9/9/RRR6/9/9/9/4K4 w",
    ] {
        assert!(
            matches!(g.state_from_fen(fen), Err(LudoError::InvalidPosition { .. })),
            "{fen}"
        );
    }
    // Black mated by two red chariots; Black stalemated (its general may not face Red's on the
    // open e-file); Red mated by two black chariots.
    for (fen, winner, reason) in [
        ("R2k5/1R7/9/9/9/9/9/9/9/5K3 b", RED, "checkmate"),
        ("3k5/8R/9/9/9/9/9/9/9/4K4 b", RED, "stalemate"),
        ("4k4/9/9/9/9/9/9/9/8r/3K4r w", BLACK, "checkmate"),
    ] {
        let s = g.state_from_fen(fen).unwrap();
        assert_eq!(s.outcome(), Some(Outcome::Win { winner, reason }), "{fen}");
        assert_eq!(s.current_player(), Player::Terminal);
        let who = if winner == RED { "Red" } else { "Black" };
        assert!(
            s.to_string().ends_with(&format!("\n{who} wins by {reason}")),
            "{s}"
        );
    }
}

/// The setup a state reports: the standard start, a FEN it was built from, or none for a
/// determinization (no history leads to it).
#[test]
fn jieqi_setup_names_the_start() {
    use crate::core::game::Setup;
    let g = jieqi(&[]);
    assert!(matches!(jieqi_start().setup(), Setup::Standard));
    let fen = "x3k4/9/9/9/9/4A4/6b2/9/9/X3K4 b - - 3 7";
    let s = g.state_from_fen(fen).unwrap();
    assert!(matches!(s.setup(), Setup::Text(t) if t == fen));
    assert!(s.information_state_string(0).starts_with(fen));
    assert!(matches!(
        jieqi_start().resample_hidden(0, 1).unwrap().setup(),
        Setup::Unrepresentable(_)
    ));
}

/// `with_identities` takes each face-down piece's identity from its side's pool: two chariots
/// per side, so the third is refused, naming the point; a general or no kind at all is refused;
/// face-up pieces are not asked for; a chance node has no decision to fix.
#[test]
fn fixed_identities_come_from_the_pool() {
    let s = jieqi_start();
    let mut kinds = [0u8; SQUARES];
    for (sq, k) in kinds.iter_mut().enumerate() {
        *k = start_kind(sq).filter(|&k| k != KING).unwrap_or(0);
    }
    let fixed = s.with_identities(&kinds).unwrap();
    assert!(fixed.is_determinized());
    // Red's b0 as a third chariot (a0 and i0 are the others): refused at i0, the third one met.
    let mut three = kinds;
    three[square(1, 0)] = ROOK;
    assert_eq!(
        s.with_identities(&three).unwrap_err(),
        LudoError::InvalidPosition {
            reason: "no chariot is left in Red's pool for the face-down piece on i0".into()
        }
    );
    // Black's five soldiers and one more on h7 (a cannon's point).
    let mut six = kinds;
    six[square(7, 7)] = PAWN;
    assert_eq!(
        s.with_identities(&six).unwrap_err(),
        LudoError::InvalidPosition {
            reason: "no pawn is left in Black's pool for the face-down piece on h7".into()
        }
    );
    for (k, name) in [(KING, "general"), (0, "piece"), (ADVISOR_FREE, "advisor")] {
        let mut bad = kinds;
        bad[square(0, 0)] = k;
        assert_eq!(
            s.with_identities(&bad).unwrap_err(),
            LudoError::InvalidPosition {
                reason: format!("no {name} is left in Red's pool for the face-down piece on a0")
            }
        );
    }
    // With a revealed advisor on a1, Red's pool has one advisor for its 14 face-down pieces.
    let mut t = s.clone();
    t.apply_action(a("a0a1")).unwrap();
    assert!(matches!(
        t.with_identities(&kinds),
        Err(LudoError::NodeKind { .. })
    ));
    t.apply_action(reveal_action(ADVISOR)).unwrap();
    let mut k2 = kinds;
    k2[square(3, 0)] = ROOK; // a0's chariot is still in the pool; one advisor is left for f0.
    let f = t.with_identities(&k2).unwrap();
    assert!(f.is_determinized());
    k2[square(3, 0)] = ADVISOR; // two advisors for one.
    assert!(t.with_identities(&k2).is_err());
}

/// A determinization redraws every face-down piece from what the player cannot rule out, each
/// kind in proportion to the pool (here Red's 15 at the start: the piece on a0 is a chariot 2
/// times in 15, a soldier 5 times in 15), whatever identities the state had fixed: the true
/// arrangement does not leak into it. The revealed pieces stay, and a second determinization of
/// a first draws from the same pool.
#[test]
fn resampled_identities_follow_the_pool_and_not_the_truth() {
    let (x, y) = swapped_pair();
    let sparse = jieqi(&[])
        .state_from_fen("x3k4/9/9/9/9/4A4/6b2/9/9/X3K4 w")
        .unwrap();
    let again = sparse.resample_hidden(0, 999).unwrap();
    let n = 3000;
    for (state, mv, to, pool) in [
        (
            jieqi_start(),
            "a0a1",
            square(0, 1),
            [2.0, 2.0, 2.0, 2.0, 2.0, 5.0],
        ),
        (x, "a0a1", square(0, 1), [2.0, 2.0, 2.0, 2.0, 2.0, 5.0]),
        (y, "a0a1", square(0, 1), [2.0, 2.0, 2.0, 2.0, 2.0, 5.0]),
        (
            jieqi_start(),
            "i3i4",
            square(8, 4),
            [2.0, 2.0, 2.0, 2.0, 2.0, 5.0],
        ),
        (sparse, "a0a1", square(0, 1), [1.0, 2.0, 2.0, 2.0, 2.0, 5.0]),
        (again, "a0a1", square(0, 1), [1.0, 2.0, 2.0, 2.0, 2.0, 5.0]),
    ] {
        let total: f64 = pool.iter().sum();
        let mut count = [0usize; 8];
        for seed in 0..n {
            let mut d = state.resample_hidden(0, seed).unwrap();
            d.apply_action(a(mv)).unwrap();
            assert_eq!(d.current_player(), Player::Seat(BLACK), "no chance node");
            count[unfree(kind_of(d.position().at(to)))] += 1;
        }
        for k in ADVISOR..=PAWN {
            let want = pool[(k - ADVISOR) as usize] / total;
            let got = count[k as usize] as f64 / n as f64;
            assert!((got - want).abs() < 0.035, "{mv} kind {k}: {got} vs {want}");
        }
    }
}

/// A captured face-down piece that the player did not see is redrawn from what that player cannot
/// rule out for its owner: here Red's a0 chariot is face up and Black took Red's b0 piece (a
/// horse) unseen by Red, so for Red it is one of Red's 14 pieces not face up (two advisors,
/// elephants, horses and cannons, one chariot, five soldiers), never drawn from Black's pieces.
#[test]
fn an_unseen_capture_is_redrawn_from_its_owners_pool() {
    let mut s = jieqi_start();
    for x in [
        a("a0a1"),
        reveal_action(ROOK),
        a("b7b0"),
        reveal_action(CANNON),
        capture_action(HORSE),
    ] {
        s.apply_action(x).unwrap();
    }
    let n = 3000;
    let mut count = [0usize; 8];
    for seed in 0..n {
        count[s.resample_hidden(0, seed).unwrap().captured()[0].kind as usize] += 1;
    }
    for (k, want) in (ADVISOR..=PAWN).zip([2.0, 2.0, 2.0, 1.0, 2.0, 5.0]) {
        let got = count[k as usize] as f64 / n as f64;
        assert!((got - want / 14.0).abs() < 0.035, "kind {k}: {got}");
    }
}

/// The kind of a revealed piece, a free advisor or elephant counted as its kind.
fn unfree(kind: u8) -> usize {
    match kind {
        ADVISOR_FREE => ADVISOR as usize,
        ELEPHANT_FREE => ELEPHANT as usize,
        k => k as usize,
    }
}

/// The texts of Jieqi's chance outcomes, both ways: `reveal` ids 8100..8106 and `captured` ids
/// 8106..8112, by name or FEN letter (`e`, `h` too), and nothing past 8111.
#[test]
fn jieqi_chance_outcome_texts() {
    let s = jieqi_start();
    let names = ["advisor", "elephant", "horse", "chariot", "cannon", "pawn"];
    let letters = ["a", "b", "n", "r", "c", "p"];
    for (i, k) in (ADVISOR..=PAWN).enumerate() {
        let (r, c) = (reveal_action(k), capture_action(k));
        assert_eq!((r, c), (8100 + i as u32, 8106 + i as u32));
        assert_eq!(s.action_to_string(r), format!("reveal {}", names[i]));
        assert_eq!(s.action_to_string(c), format!("captured {}", names[i]));
        for text in [names[i], letters[i]] {
            assert_eq!(s.string_to_action(&format!("reveal {text}")).unwrap(), r);
            assert_eq!(s.string_to_action(&format!("Captured {text}")).unwrap(), c);
        }
    }
    assert_eq!(s.string_to_action("reveal e").unwrap(), reveal_action(ELEPHANT));
    assert_eq!(s.string_to_action("captured h").unwrap(), capture_action(HORSE));
    assert_eq!(s.action_to_string(8112), "invalid(8112)");
    assert_eq!(s.action_to_string(8099), "i9i9");
    for bad in ["reveal general", "reveal k", "captured x", "reveal"] {
        assert!(
            matches!(s.string_to_action(bad), Err(LudoError::Parse { .. })),
            "{bad}"
        );
    }
    assert_eq!(s.string_to_action("h2e2").unwrap(), a("h2e2"));
}

/// What each player's texts say about captures: the capturer of a face-down piece learns what it
/// was (under the default rule), the other player reads `?`; Black's captures as well as Red's,
/// from a start with either side to move; nobody learns it under `none`. The pool planes count
/// what the observer cannot rule out: a face-up piece taken is known to both, a face-down one
/// only to its capturer.
#[test]
fn jieqi_texts_and_pools_show_each_capture_to_whom_it_may() {
    // Red's a0 piece moves to a1 (a chariot); Black's b7 cannon takes Red's face-down b0 piece (a
    // horse); Red's chariot goes round by b1 and takes the cannon on b0.
    let mut s = jieqi_start();
    assert!(s.to_string().ends_with("Red to move"));
    assert_eq!(s.observation_string(0), s.to_string());
    s.apply_action(a("a0a1")).unwrap();
    assert!(s.to_string().ends_with("chance: reveal the piece on a1"), "{s}");
    s.apply_action(reveal_action(ROOK)).unwrap();
    s.apply_action(a("b7b0")).unwrap();
    s.apply_action(reveal_action(CANNON)).unwrap();
    assert!(s
        .to_string()
        .ends_with("chance: identity of the captured face-down piece"));
    assert!(s
        .observation_string(1)
        .ends_with("captured: Black took a face-down piece"));
    s.apply_action(capture_action(HORSE)).unwrap();
    assert!(s.to_string().ends_with("Red to move"), "{s}");
    assert!(s
        .observation_string(1)
        .ends_with("captured: Black took horse (face down)"));
    assert!(s
        .observation_string(0)
        .ends_with("captured: Black took a face-down piece"));
    let tail = "a0a1 reveal chariot b7b0 reveal cannon";
    assert!(s
        .information_state_string(1)
        .ends_with(&format!("{tail} captured horse")));
    assert!(s
        .information_state_string(0)
        .ends_with(&format!("{tail} captured ?")));
    for x in ["a1b1", "e9e8", "b1b0"] {
        s.apply_action(a(x)).unwrap();
    }
    assert!(s
        .observation_string(0)
        .ends_with("captured: Black took a face-down piece, Red took cannon"));
    assert!(s
        .observation_string(1)
        .ends_with("captured: Black took horse (face down), Red took cannon"));
    let pools = |p: usize| -> Vec<f32> {
        let mut o = vec![0.0f32; super::jieqi::OBS_PLANES * 90];
        s.write_observation(p, &mut o);
        (17..29).map(|plane| (o[plane * 90 + 41] * 5.0).round()).collect()
    };
    // Own side first, advisor..pawn. Red sees its a0 chariot face up (on b0 now) and Black's
    // cannon taken; Black also knows the horse it took.
    assert_eq!(
        pools(0),
        [2.0, 2.0, 2.0, 1.0, 2.0, 5.0, 2.0, 2.0, 2.0, 2.0, 1.0, 5.0]
    );
    assert_eq!(
        pools(1),
        [2.0, 2.0, 2.0, 2.0, 1.0, 5.0, 2.0, 2.0, 1.0, 1.0, 2.0, 5.0]
    );
    // Black to move first: Black's cannon b7 takes Red's b0 at once.
    let mut b = jieqi(&[])
        .state_from_fen("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b")
        .unwrap();
    for x in [a("b7b0"), reveal_action(PAWN), capture_action(ELEPHANT)] {
        b.apply_action(x).unwrap();
    }
    assert!(b
        .information_state_string(1)
        .ends_with("b7b0 reveal pawn captured elephant"));
    assert!(b
        .information_state_string(0)
        .ends_with("b7b0 reveal pawn captured ?"));
    // Under `none` neither player learns it.
    let mut n = jieqi(&[("captured_hidden_visibility", "none")]).new_initial_state();
    for x in [a("b2b9"), reveal_action(ROOK), capture_action(HORSE)] {
        n.apply_action(x).unwrap();
    }
    for p in 0..2 {
        assert!(n.information_state_string(p).ends_with("captured ?"));
        assert!(n
            .observation_string(p)
            .ends_with("captured: Red took a face-down piece"));
    }
}

/// The game's facts: two players, zero-sum returns in -1..=1, 8112 action ids (moves, reveals,
/// captured identities) that also bound the chance outcomes, three steps per ply at most, the
/// observation's shape, and its two bots.
#[test]
fn jieqi_game_facts() {
    let g = jieqi(&[("max_plies", "300")]);
    assert_eq!(g.num_players(), 2);
    assert_eq!(g.utility(), Some(crate::core::game::Utility::zero_sum(-1.0, 1.0)));
    assert_eq!(g.num_distinct_actions(), 8112);
    assert_eq!(g.max_chance_outcomes(), 8112);
    assert_eq!(g.max_game_length(), 900);
    assert_eq!(g.observation_shape(), [29, 10, 9]);
    for bot in ["random", "greedy"] {
        assert!(g.new_bot(bot).is_ok(), "{bot}");
    }
    assert!(g.new_bot("alphazero").is_err());
    assert_eq!(g.rules().end.max_plies, 300);
    // The game string names the parameter set off its default (and only that one).
    assert_eq!(g.game_string(), "jieqi(max_plies=300)");
    let mut s = g.new_state_from_setup("x3k4/9/9/9/9/4A4/6b2/9/9/X3K4 b").unwrap();
    assert_eq!(s.position().side(), BLACK);
    s.apply_ending("draw").unwrap();
    let mut l = vec![1];
    s.legal_actions(&mut l);
    assert!(l.is_empty());
}

/// Whose capture a capture outcome is, in each player's information state: the moves alternate
/// from the side the start FEN names, and a reveal (even of an advisor, the lowest chance id) is
/// no move. From the start with Black to move: Black's d9 piece steps to e8 and is an advisor;
/// Red's b2 cannon takes Black's face-down b9 piece, is a chariot, and the piece was a horse:
/// Red, the capturer, reads it, Black reads `?`.
#[test]
fn jieqi_information_states_give_each_capture_to_its_mover() {
    let mut s = jieqi(&[])
        .state_from_fen("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b")
        .unwrap();
    for x in [
        a("d9e8"),
        reveal_action(ADVISOR),
        a("b2b9"),
        reveal_action(ROOK),
        capture_action(HORSE),
    ] {
        s.apply_action(x).unwrap();
    }
    // The history holds every action in order, the chance outcomes too.
    assert_eq!(
        s.history(),
        [
            a("d9e8"),
            reveal_action(ADVISOR),
            a("b2b9"),
            reveal_action(ROOK),
            capture_action(HORSE)
        ]
    );
    let tail = "d9e8 reveal advisor b2b9 reveal chariot captured";
    assert!(s.information_state_string(0).ends_with(&format!("{tail} horse")));
    assert!(s.information_state_string(1).ends_with(&format!("{tail} ?")));
}
