//! Go and Rengo at their interfaces: Rengo's action ids, legal lists, claims, scores and observation
//! planes; coordinates (GTP vertices, SGF points, the handicap star points); SGF records read and
//! written; set-up positions. Small boards, each rule tested at its boundary (issue #26's mutation
//! runs: every test here was written to fail on a surviving mutant or to pin a boundary no other test
//! reached).

use super::coord::{fixed_handicap, gtp_name, max_fixed_handicap, parse_gtp, parse_sgf_point, sgf_name};
use super::engine::Phase;
use super::rengo::{RengoGame, RengoState};
use super::*;
use crate::core::game::{Game, Setup, State};
use crate::registry::Registered;

fn rengo(spec: &str) -> RengoGame {
    RengoGame::from_game_string(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn act<S: State>(s: &mut S, name: &str) {
    let a = s.string_to_action(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    s.apply_action(a).unwrap_or_else(|e| panic!("{name}: {e}\n{s}"));
}

fn legal<S: State>(s: &S) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

fn refusal<S: State>(s: &mut S, name: &str) -> String {
    let a = s.string_to_action(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    match s.apply_action(a) {
        Ok(()) => panic!("{name} should be refused\n{s}"),
        Err(e) => e.to_string(),
    }
}

// ---------------------------------------------------------------------------------------------
// Rengo

/// On 3×3 (N² = 9, M = 10) the ids are `seat·10 + point` (pass = point 9), the two claims 40 and 41,
/// then the marking actions from 42. At the start B1 is due and B2, the partner, may play out of
/// sequence: exactly seats 0 and 2 on every point and pass. After B2's out-of-sequence play White's
/// seats may play on the eight empty points and pass, and the claims are open.
#[test]
fn rengo_legal_list_is_the_due_seat_and_the_partner_then_the_claims() {
    let g = rengo("rengo(board_size=3,ruleset=chinese)");
    assert_eq!(g.num_distinct_actions(), 4 * 10 + 2 + 9 + 2);
    let mut s = g.new_initial_state();
    let start: Vec<Action> = (0..10).chain(20..30).collect();
    assert_eq!(legal(&s), start);
    assert_eq!(s.current_player(), Player::Seat(0));
    // B2 takes the centre (point 4 = B2) out of sequence.
    s.apply_action(24).unwrap();
    assert_eq!(s.action_to_string(24), "B2 B2");
    assert_eq!(s.current_player(), Player::Seat(1));
    let white: Vec<Action> = (10..20)
        .chain(30..40)
        .filter(|&a| a % 10 != 4)
        .chain([40, 41])
        .collect();
    assert_eq!(legal(&s), white);
    assert_eq!(s.action_to_string(40), "claim unintentional");
    assert_eq!(s.action_to_string(41), "claim intentional");
    // The next play closes the window: W1 plays A1, Black's seats follow, the claims are gone.
    s.apply_action(10).unwrap();
    assert!(
        legal(&s).iter().all(|&a| a < 40 && (a / 10) % 2 == 0),
        "{:?}",
        legal(&s)
    );
    // Black's expected player is still B1 (the skipped one), so B1 is due and B2 is the partner.
    assert_eq!(s.current_player(), Player::Seat(0));
}

/// The handicap and the marking are not part of the rotation: while B1 places free handicap stones
/// B2 may not place one (neither listed nor accepted); in the marking phase nobody plays a stone.
#[test]
fn rengo_partner_plays_only_in_the_play_phase() {
    let g = rengo("rengo(board_size=5,handicap=2,handicap_placement=free)");
    let mut s = g.new_initial_state();
    let m = 26;
    let l = legal(&s);
    assert!(
        !l.is_empty() && l.iter().all(|&a| a < m),
        "only B1's placements: {l:?}"
    );
    let e = refusal(&mut s, "B2 C3");
    assert!(e.contains("only B1 acts now"), "{e}");
    act(&mut s, "B1 B2");
    act(&mut s, "B1 D4");
    assert_eq!(s.core().phase, Phase::Play);
    // Now White is to move, W1 due and W2 listed as the partner.
    let l = legal(&s);
    assert!(l.contains(&(m + 12)) && l.contains(&(3 * m + 12)), "{l:?}");

    // Marking: B1 plays, W1 passes, B2 passes: play ends; a stone play is refused by the due seat
    // and by its partner, and none is listed.
    let g = rengo("rengo(board_size=5)");
    let mut s = g.new_initial_state();
    act(&mut s, "B1 C3");
    act(&mut s, "W1 pass");
    act(&mut s, "B2 pass");
    assert_eq!(s.core().phase, Phase::Marking);
    let l = legal(&s);
    assert!(l.iter().all(|&a| a >= 4 * m + 2), "{l:?}");
    assert!(l.contains(&s.string_to_action("accept").unwrap()));
    // White is to move in the marking; W2 is White's expected player (W1 passed).
    assert_eq!(s.expected_seat(), 3);
    let e = refusal(&mut s, "W2 D4");
    assert!(e.contains("marking"), "{e}");
    let e = refusal(&mut s, "W1 D4");
    assert!(e.contains("only W2 acts now"), "{e}");
}

/// Scores are the team totals, Black's on seats 0 and 2, White's on 1 and 3: the worked example of
/// area 40:41 with komi 7.5 and a claimed Black error (3 points to White) gives 40 and 51.5.
#[test]
fn rengo_scores_are_the_team_totals_by_seat() {
    let area = "\
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .";
    let g = rengo("rengo(board_size=9,ruleset=chinese)");
    let mut s = RengoState::from_diagram(&g, area, 0).unwrap();
    act(&mut s, "B2 pass");
    act(&mut s, "claim unintentional");
    act(&mut s, "pass");
    act(&mut s, "accept");
    act(&mut s, "accept");
    let mut sc = [0.0; 4];
    s.scores(&mut sc);
    assert_eq!(sc, [40.0, 51.5, 40.0, 51.5]);
    let mut r = [0.0; 4];
    s.returns(&mut r);
    assert_eq!(r, [-1.0, 1.0, -1.0, 1.0]);
}

/// Planes 5 and 6: the open claim is shown to the claimants only (White's seats after Black's
/// error), and "you are expected" to B1 and W1 (B2 played out of sequence, so B1 stays Black's
/// expected player; W1 is White's).
#[test]
fn rengo_observation_shows_the_open_claim_and_the_expected_players() {
    let g = rengo("rengo(board_size=3)");
    let mut s = g.new_initial_state();
    act(&mut s, "B2 B2");
    let n2 = 9;
    let mut out = vec![0.0f32; 7 * n2];
    for (seat, (claim, expected)) in [(0.0, 1.0), (1.0, 1.0), (0.0, 0.0), (1.0, 0.0)]
        .into_iter()
        .enumerate()
    {
        out.iter_mut().for_each(|x| *x = -1.0);
        s.write_observation(seat, &mut out);
        assert!(
            out[5 * n2..6 * n2].iter().all(|&x| x == claim),
            "seat {seat}: {out:?}"
        );
        assert!(
            out[6 * n2..7 * n2].iter().all(|&x| x == expected),
            "seat {seat}: {out:?}"
        );
        // Go's five planes stay as they are whatever the two Rengo planes hold: own stones, the
        // opponent's (the centre is Black's), the eight empty points, no ko, and White to move.
        let own = if seat % 2 == 0 { 0 } else { 1 };
        for pt in 0..n2 {
            let centre = f32::from(u8::from(pt == 4));
            assert_eq!(out[own * n2 + pt], centre, "seat {seat} point {pt}");
            assert_eq!(out[(1 - own) * n2 + pt], 0.0, "seat {seat} point {pt}");
            assert_eq!(out[2 * n2 + pt], 1.0 - centre, "seat {seat} point {pt}");
            assert_eq!(out[3 * n2 + pt], 0.0, "seat {seat} point {pt}");
            assert_eq!(out[4 * n2 + pt], 0.0, "seat {seat} point {pt}");
        }
    }
    // After W1's answer the claim is gone and W2 becomes White's expected player.
    act(&mut s, "W1 A1");
    s.write_observation(3, &mut out);
    assert!(out[5 * n2..7 * n2].iter().all(|&x| x == 1.0 || x == 0.0));
    assert!(out[5 * n2..6 * n2].iter().all(|&x| x == 0.0));
    assert!(out[6 * n2..7 * n2].iter().all(|&x| x == 1.0));
    s.write_observation(1, &mut out);
    assert!(out[6 * n2..7 * n2].iter().all(|&x| x == 0.0));
}

/// Action texts: a seat prefix goes with a vertex or pass only; claims are spelled out, marking
/// actions carry no seat; ids past the last are invalid.
#[test]
fn rengo_action_texts() {
    let g = rengo("rengo(board_size=3)");
    let s = g.new_initial_state();
    assert_eq!(s.string_to_action("  CLAIM Unintentional ").unwrap(), 40);
    assert_eq!(s.string_to_action("claim intentional").unwrap(), 41);
    assert_eq!(s.string_to_action("w2 pass").unwrap(), 39);
    assert_eq!(s.string_to_action("B1 C3").unwrap(), 8);
    assert_eq!(
        s.string_to_action("pass").unwrap(),
        9,
        "no prefix: the due seat (B1)"
    );
    assert_eq!(s.string_to_action("mark A1").unwrap(), 42);
    assert_eq!(s.string_to_action("accept").unwrap(), 51);
    assert_eq!(s.string_to_action("resume").unwrap(), 52);
    let e = s.string_to_action("B1 mark A1").unwrap_err().to_string();
    assert!(e.contains("seat prefix"), "{e}");
    for (a, name) in [
        (0, "B1 A1"),
        (19, "W1 pass"),
        (38, "W2 C3"),
        (42, "mark A1"),
        (50, "mark C3"),
        (51, "accept"),
        (52, "resume"),
    ] {
        assert_eq!(s.action_to_string(a), name);
    }
    assert!(s.action_to_string(53).contains("invalid"));
}

// ---------------------------------------------------------------------------------------------
// Coordinates

/// GTP vertices: columns A..Z without I, rows from 1 at the bottom; the last column and row of the
/// board are accepted, one past either is refused, as are row 0, an empty text and a missing row.
#[test]
fn gtp_vertices_at_the_edges_of_the_board() {
    assert_eq!(gtp_name(80, 9), "J9");
    assert_eq!(gtp_name(9, 9), "A2");
    assert_eq!(gtp_name(624, 25), "Z25");
    assert_eq!(parse_gtp(" j9 ", 9).unwrap(), 80);
    assert_eq!(parse_gtp("H1", 9).unwrap(), 7);
    assert_eq!(parse_gtp("A9", 9).unwrap(), 72);
    for bad in ["K1", "A10", "A0", "J10", "", "D", "D4x", "4D", "I1"] {
        assert!(parse_gtp(bad, 9).is_err(), "{bad:?}");
    }
    assert!(parse_gtp("", 9).unwrap_err().to_string().contains("empty"));
    assert!(parse_gtp("K1", 9)
        .unwrap_err()
        .to_string()
        .contains("off the 9x9 board"));
    assert!(parse_gtp("A10", 9)
        .unwrap_err()
        .to_string()
        .contains("off the 9x9 board"));
    assert!(parse_gtp("A0", 9)
        .unwrap_err()
        .to_string()
        .contains("off the 9x9 board"));
    assert!(parse_gtp("I1", 9)
        .unwrap_err()
        .to_string()
        .contains("skips the letter I"));
    // On 2×2 the largest vertex is B2.
    assert_eq!(parse_gtp("B2", 2).unwrap(), 3);
    assert!(parse_gtp("C1", 2).is_err() && parse_gtp("A3", 2).is_err());
}

/// SGF points (FF[4]): `aa` is the top-left corner; the empty text is a pass, and `tt` is a pass on
/// boards up to 19×19 but a point on 20×20 (column t, the top row); one letter, three letters, a digit and
/// a letter past the board are refused.
#[test]
fn sgf_points_at_the_edges_and_tt() {
    assert_eq!(sgf_name(0, 9), "ai");
    assert_eq!(sgf_name(80, 9), "ia");
    assert_eq!(sgf_name(8, 9), "ii");
    assert_eq!(sgf_name(72, 9), "aa");
    assert_eq!(parse_sgf_point("aa", 9).unwrap(), Some(72));
    assert_eq!(parse_sgf_point(" ii ", 9).unwrap(), Some(8));
    assert_eq!(parse_sgf_point("", 9).unwrap(), None);
    assert_eq!(parse_sgf_point("tt", 19).unwrap(), None);
    assert_eq!(parse_sgf_point("tt", 20).unwrap(), Some(19));
    assert_eq!(parse_sgf_point("ss", 19).unwrap(), Some(18));
    for bad in ["a", "aaa", "ja", "aj", "a1", "A", "Aa", "aA"] {
        assert!(parse_sgf_point(bad, 9).is_err(), "{bad:?}");
    }
    assert_eq!(
        parse_sgf_point("tt", 9).unwrap(),
        None,
        "tt is a pass on every board up to 19x19"
    );
    assert!(parse_sgf_point("ja", 9).unwrap_err().to_string().contains("9x9"));
    // 25×25: the last point is yy at the bottom right.
    assert_eq!(sgf_name(24, 25), "yy");
    assert_eq!(parse_sgf_point("yy", 25).unwrap(), Some(24));
    assert!(parse_sgf_point("za", 25).is_err());
}

/// The fixed handicap: no star points below 7×7; up to 9 stones on odd sides, 4 on even ones. Star
/// points on the 3rd line below 13×13 and the 4th from 13×13; the order of the stones as the rule
/// gives it (2 = upper right and lower left, 3 adds lower right, 4 all corners, 5 the centre, 6 the
/// left and right sides, 7 those and the centre, 8 the four sides, 9 everything).
#[test]
fn fixed_handicap_points_on_9x9_12x12_and_13x13() {
    for (n, max) in [
        (2, 0),
        (6, 0),
        (7, 9),
        (8, 4),
        (9, 9),
        (12, 4),
        (13, 9),
        (19, 9),
        (25, 9),
    ] {
        assert_eq!(max_fixed_handicap(n), max, "{n}x{n}");
    }
    let names = |n: usize, h: usize| {
        let mut v: Vec<String> = fixed_handicap(n, h).into_iter().map(|p| gtp_name(p, n)).collect();
        v.sort();
        v
    };
    let set = |v: &[&str]| {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(names(9, 2), set(&["G7", "C3"]));
    assert_eq!(names(9, 3), set(&["G7", "C3", "G3"]));
    assert_eq!(names(9, 4), set(&["G7", "C3", "G3", "C7"]));
    assert_eq!(names(9, 5), set(&["G7", "C3", "G3", "C7", "E5"]));
    assert_eq!(names(9, 6), set(&["G7", "C3", "G3", "C7", "C5", "G5"]));
    assert_eq!(names(9, 7), set(&["G7", "C3", "G3", "C7", "C5", "G5", "E5"]));
    assert_eq!(
        names(9, 8),
        set(&["G7", "C3", "G3", "C7", "C5", "G5", "E7", "E3"])
    );
    assert_eq!(
        names(9, 9),
        set(&["G7", "C3", "G3", "C7", "C5", "G5", "E7", "E3", "E5"])
    );
    for h in [0, 1, 10] {
        assert!(fixed_handicap(9, h).is_empty(), "{h}");
    }
    // 12×12: 3rd line (C3, K10); 13×13: 4th line (D4, K10, the centre G7).
    assert_eq!(names(12, 2), set(&["K10", "C3"]));
    assert_eq!(names(12, 4), set(&["K10", "C3", "K3", "C10"]));
    assert_eq!(names(13, 2), set(&["K10", "D4"]));
    assert_eq!(names(13, 5), set(&["K10", "D4", "K4", "D10", "G7"]));
    // The points come back in point order (the order handicap stones are placed in).
    let v = fixed_handicap(19, 9);
    assert!(v.windows(2).all(|w| w[0] < w[1]), "{v:?}");
}

fn sgf_err(text: &str) -> String {
    match sgf::from_sgf(text) {
        Ok(_) => panic!("{text:?} should be refused"),
        Err(e) => e.to_string(),
    }
}

/// SGF escapes (FF[4] text values): `\]` is a `]` inside a value, `\\` a backslash, and a backslash
/// before any other character is that character; a record cut right after a backslash is refused as
/// an unterminated value (no panic), as is one whose only `]` is escaped.
#[test]
fn sgf_escapes_in_values_and_a_value_cut_after_a_backslash() {
    let text = "(;GM[1]SZ[9]PB[Sam \\] the Great]PW[Lee\\\\Sedol \\é]C[x]\n;B[ee])";
    let (_, s) = sgf::from_sgf(text).unwrap();
    assert_eq!(
        s.player_names().unwrap(),
        &["Sam ] the Great".to_string(), "Lee\\Sedol é".to_string()]
    );
    assert_eq!(s.history().len(), 1);
    for cut in ["(;SZ[9]PB[a\\", "(;SZ[9]PB[a\\]", "(;SZ[9]PB[a\\]b"] {
        let e = sgf_err(cut);
        assert!(e.contains("unterminated property value"), "{cut:?}: {e}");
    }
}

/// A root with stones but no handicap (`AB`/`AW`, `PL`) is a set-up position: `PL[W]` gives White the
/// move, no `PL` Black; `AB` alone without `HA` is a position too (Black to play, no handicap), not
/// handicap stones. A point given twice (in `AB` of a handicap, or in `AB` and `AW`) is refused by name.
#[test]
fn sgf_setup_stones_and_the_player_to_move() {
    let ee = parse_sgf_point("ee", 9).unwrap().unwrap();
    let (g, s) = sgf::from_sgf("(;PL[W]SZ[9]AB[ee])").unwrap();
    assert_eq!(g.rules().handicap, 0);
    assert_eq!(s.core().to_move, board::WHITE);
    assert_eq!(s.core().board.at(s.core().board.cell(ee)), board::BLACK);
    let (g, s) = sgf::from_sgf("(;SZ[9]AB[cc][gg])").unwrap();
    assert_eq!((g.rules().handicap, s.core().to_move), (0, board::BLACK));
    let (_, s) = sgf::from_sgf("(;SZ[9]AW[ee])").unwrap();
    assert_eq!(s.core().to_move, board::BLACK);
    assert_eq!(s.core().board.at(s.core().board.cell(ee)), board::WHITE);
    let (_, s) = sgf::from_sgf("(;SZ[9]AB[aa]AW[ee]PL[B];B[bb])").unwrap();
    assert_eq!(s.core().board.at(s.core().board.cell(ee)), board::WHITE);
    assert_eq!(s.core().to_move, board::WHITE);
    let e = sgf_err("(;SZ[9]AB[aa]AW[aa])");
    assert!(e.contains("AW[aa] is not a new point"), "{e}");
    let e = sgf_err("(;SZ[9]HA[2]AB[aa][aa])");
    assert!(e.contains("AB[aa] is not a new point"), "{e}");
}

/// A foreign root in any property order: `RU` names (Chinese, AGA, NZ / New Zealand, Tromp-Taylor,
/// anything else Japanese), `KM`, `SZ` at its limits 2 and 25 (1 and 26 refused), and a 3-stone
/// handicap on the 9×9 star points (upper right, lower left, lower right) read as the fixed placement
/// while the upper left instead of the lower right is a free one.
#[test]
fn sgf_foreign_roots_rulesets_sizes_and_the_fixed_handicap() {
    for (ru, want) in [
        ("Chinese", "chinese"),
        ("AGA", "aga"),
        ("NZ", "nz"),
        ("New Zealand", "nz"),
        ("Tromp-Taylor", "tromp_taylor"),
        ("Japanese", "japanese"),
    ] {
        let (g, _) = sgf::from_sgf(&format!("(;KM[6.5]RU[{ru}]SZ[9])")).unwrap();
        assert_eq!(g.params().str("ruleset"), want, "RU[{ru}]");
        assert_eq!(g.rules().komi, 6.5);
    }
    assert!(sgf_err("(;SZ[9]KM[six])").contains("KM[six] is not a number"));
    for n in [2, 25] {
        assert_eq!(sgf::from_sgf(&format!("(;SZ[{n}])")).unwrap().0.rules().size, n);
    }
    for n in [1, 26] {
        assert!(
            sgf_err(&format!("(;SZ[{n}])")).contains("outside 2..25"),
            "SZ[{n}]"
        );
    }
    let (g, s) = sgf::from_sgf("(;AB[gg][gc][cg]KM[0.5]HA[3]SZ[9]RU[Japanese];W[ee])").unwrap();
    assert_eq!((g.rules().handicap, g.rules().free_handicap), (3, false));
    assert_eq!(s.history().len(), 1);
    let (g, _) = sgf::from_sgf("(;SZ[9]HA[3]AB[gc][cg][cc];W[ee])").unwrap();
    assert_eq!((g.rules().handicap, g.rules().free_handicap), (3, true));
}

/// Moves: a pass is `B[]` or `B[tt]` on 19×19; stones added inside the game (`AB`, `AW`, `AE` after
/// the root) are refused by name, as are two moves in one node.
#[test]
fn sgf_passes_and_setup_inside_the_game() {
    let (_, s) = sgf::from_sgf("(;SZ[19];B[];W[dd];B[tt])").unwrap();
    let names: Vec<String> = s.history().iter().map(|&a| s.action_to_string(a)).collect();
    assert_eq!(names, ["pass", "D16", "pass"]);
    for (text, id) in [
        ("(;SZ[9];B[ee];AB[aa])", "AB"),
        ("(;SZ[9];B[ee]AW[aa])", "AW"),
        ("(;SZ[9];B[ee];AE[ee])", "AE"),
    ] {
        let e = sgf_err(text);
        assert!(
            e.contains(&format!("setup property {id} inside the game")),
            "{text}: {e}"
        );
    }
    assert!(sgf_err("(;SZ[9];B[ee]W[cc])").contains("two moves in one node"));
}

/// A Rengo record with a claim: B2 plays out of sequence, White claims it as intentional (which ends
/// the game); the record keeps the claim as a `C[claim intentional]` node and reads it back as that
/// claim, not the other, with the same result.
#[test]
fn rengo_sgf_keeps_an_intentional_claim() {
    let g = rengo("rengo(board_size=9)");
    let mut s = g.new_initial_state();
    act(&mut s, "B2 E5");
    act(&mut s, "claim intentional");
    let text = sgf::rengo_to_sgf(&g, &s);
    assert!(text.contains(";C[claim intentional]"), "{text}");
    let (_, back) = sgf::rengo_from_sgf(&text).unwrap();
    let names: Vec<String> = back.history().iter().map(|&a| back.action_to_string(a)).collect();
    assert_eq!(names, ["B2 E5", "claim intentional"]);
    assert_eq!(back.result(), s.result());
}

/// The handicap stones of a record against its game string (`LU`): a free handicap may be read part
/// placed (1 of 3 stones, Black places the next), but not over-placed (3 stones for a handicap of 2),
/// and a fixed handicap needs all its stones (2 for 3 refused by the count, before the points are
/// compared).
#[test]
fn sgf_handicap_stones_against_the_game_string() {
    let lu = "LU[go(board_size=9,handicap=3,handicap_placement=free)]";
    let (g, s) = sgf::from_sgf(&format!("(;SZ[9]{lu}HA[3]AB[cc])")).unwrap();
    assert_eq!((g.rules().handicap, g.rules().free_handicap), (3, true));
    let cc = parse_sgf_point("cc", 9).unwrap().unwrap();
    assert_eq!(s.core().handicap_stones, vec![cc]);
    assert_eq!(s.core().to_move, board::BLACK);
    let e = sgf_err("(;SZ[9]LU[go(board_size=9,handicap=2,handicap_placement=free)]HA[2]AB[aa][bb][cc])");
    assert!(e.contains("3 AB stones for a handicap of 2"), "{e}");
    let e = sgf_err("(;SZ[9]LU[go(board_size=9,handicap=3)]HA[3]AB[gc][cg])");
    assert!(e.contains("2 AB stones for a handicap of 3"), "{e}");
}

/// Results read from a foreign root: `B+R` and `B+Resign` are White's resignation, `W+Resign` Black's
/// (`W+R` is in the foreign record test), after the last move of the main line; a counted result
/// before two passes leaves the game going on.
#[test]
fn sgf_resignations_either_way_and_spelled_out() {
    for (re, want) in [("B+R", "B+R"), ("B+Resign", "B+R"), ("W+Resign", "W+R")] {
        let (_, s) = sgf::from_sgf(&format!("(;SZ[9]RE[{re}];B[ee];W[cc])")).unwrap();
        assert!(s.is_terminal(), "RE[{re}]");
        assert_eq!(s.result().as_deref(), Some(want), "RE[{re}]");
        assert_eq!(s.history().len(), 2);
    }
    // A counted result without the two passes is not replayed (nothing to count yet): the game goes on.
    let (_, s) = sgf::from_sgf("(;SZ[9]RE[B+3.5];B[ee];W[cc])").unwrap();
    assert!(!s.is_terminal());
    assert_eq!(s.result(), None);
}

/// A game stopped in its marking phase keeps the marks made so far (`LM`): B E5, W C3, two passes,
/// Black marks C3 dead; the record reads back to the same actions, still in the marking phase.
#[test]
fn sgf_keeps_the_marks_of_an_open_marking_phase() {
    let g = GoGame::from_game_string("go(board_size=9)").unwrap();
    let mut s = g.new_initial_state();
    for m in ["E5", "C3", "pass", "pass", "mark C3"] {
        act(&mut s, m);
    }
    let text = sgf::to_sgf(&g, &s);
    assert!(text.contains("LM[mark C3]"), "{text}");
    let (_, back) = sgf::from_sgf(&text).unwrap();
    assert_eq!(back.history(), s.history());
    assert_eq!(back.core().phase, Phase::Marking);
}

/// A ludoteca record of a game the move limit stopped after a resumed marking phase: on 9×9 with
/// `max_moves=6`, B E5, two passes, White marks E5, Black resumes, W C3 is the sixth action and the
/// game is counted (both stones alive, the one empty region touching both colours: White wins by
/// the komi). The record writes only the four moves, so its replay ends in play after five actions;
/// the counted result (`RE`) of a ludoteca record (`LU`) then stops and counts the game there.
#[test]
fn sgf_of_a_game_stopped_by_the_move_limit_reads_back_counted() {
    let g = GoGame::from_game_string("go(board_size=9,max_moves=6)").unwrap();
    let mut s = g.new_initial_state();
    for m in ["E5", "pass", "pass", "mark E5", "resume", "C3"] {
        act(&mut s, m);
    }
    assert!(s.is_terminal());
    let komi = g.params().float("komi");
    assert_eq!(s.result(), Some(format!("W+{komi}")));
    let text = sgf::to_sgf(&g, &s);
    assert!(text.contains(";B[ee];W[];B[];W[cg]"), "{text}");
    let (_, back) = sgf::from_sgf(&text).unwrap();
    assert_eq!(back.history().len(), 5);
    assert!(back.is_terminal(), "{text}");
    assert_eq!(back.result(), s.result());
    // A foreign record (no `LU`) of the same moves is not stopped: its result is only a claim.
    let (_, foreign) = sgf::from_sgf(&format!("(;SZ[9]RE[W+{komi}];B[ee];W[];B[];W[cg])")).unwrap();
    assert!(!foreign.is_terminal());
    assert_eq!(foreign.core().phase, Phase::Play);
}

/// A foreign record ending in two passes with a counted result and no dead stones named: the
/// automatic marking is accepted by both sides and the game is over (counted).
#[test]
fn sgf_count_after_two_passes_accepts_the_marking() {
    let (_, s) = sgf::from_sgf("(;SZ[9]KM[7.5]RE[W+7.5];B[ee];W[];B[])").unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.core().phase, Phase::Over);
}

// ---------------------------------------------------------------------------------------------
// SGF written: the exact text of short records (FF[4]: the root's properties, one node per move,
// `B[]` a pass, `\]` and `\\` escaped in text values), checked against text written by hand.

/// The root every 5×5 record written here starts with, up to the ruleset (`KM` and `RU` vary).
const ROOT5: &str = "(;GM[1]FF[4]CA[UTF-8]AP[ludoteca]SZ[5]";

// Go's own interface (`mod.rs`): the action ids and their texts, the legal list by id, the game's
// facts, the observation planes, the setup text

fn go(spec: &str) -> GoGame {
    GoGame::from_game_string(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// A game in play: the root with the komi, the ruleset's SGF name and the game string, the names
/// with `]` and `\` escaped, then one node per move (B C3 = `cc`, W B2 = `bd`, a pass `B[]`); no
/// result, no marking node, no final node.
#[test]
fn sgf_text_of_a_game_in_play_with_escaped_names() {
    let g = go("go(board_size=5)");
    let mut s = g.new_initial_state();
    s.set_player_names("Sam ] the Great", "Lee\\Sedol");
    for m in ["C3", "B2", "pass"] {
        act(&mut s, m);
    }
    assert_eq!(
        sgf::to_sgf(&g, &s),
        format!(
            "{ROOT5}KM[6.5]RU[Japanese]LU[go(board_size=5)]PB[Sam \\] the Great]PW[Lee\\\\Sedol];B[cc];W[bd];B[])"
        )
    );
}

/// `RU` names each ruleset as SGF spells it (Chinese, AGA, NZ, Tromp-Taylor, Japanese), with the
/// ruleset's komi (7.5, 7.5, 7, 7.5, 6.5); a game without handicap has no `HA`.
#[test]
fn sgf_ruleset_names_and_komi_in_the_root() {
    for (ruleset, km, ru) in [
        ("chinese", "7.5", "Chinese"),
        ("aga", "7.5", "AGA"),
        ("nz", "7", "NZ"),
        ("tromp_taylor", "7.5", "Tromp-Taylor"),
    ] {
        let spec = format!("go(board_size=5,ruleset={ruleset})");
        let g = go(&spec);
        assert_eq!(
            sgf::to_sgf(&g, &g.new_initial_state()),
            format!("{ROOT5}KM[{km}]RU[{ru}]LU[{spec}])")
        );
    }
    let g = go("go(board_size=5,ruleset=japanese)");
    assert_eq!(
        sgf::to_sgf(&g, &g.new_initial_state()),
        format!("{ROOT5}KM[6.5]RU[Japanese]LU[go(board_size=5)])")
    );
}

/// Handicap roots: a fixed handicap of 2 on 9×9 is `HA[2]` and its star points C3 and G7
/// (`AB[cg][gc]`); a free handicap writes `HA[2]` alone before any stone is placed and
/// `HA[2]AB[cg]` after Black places C3.
#[test]
fn sgf_handicap_roots_fixed_and_free_part_placed() {
    let root9 = "(;GM[1]FF[4]CA[UTF-8]AP[ludoteca]SZ[9]KM[6.5]RU[Japanese]";
    let g = go("go(board_size=9,handicap=2)");
    assert_eq!(
        sgf::to_sgf(&g, &g.new_initial_state()),
        format!("{root9}LU[go(board_size=9,handicap=2)]HA[2]AB[cg][gc])")
    );
    let g = go("go(board_size=9,handicap=2,handicap_placement=free)");
    let mut s = g.new_initial_state();
    let lu = "LU[go(board_size=9,handicap=2,handicap_placement=free)]";
    assert_eq!(sgf::to_sgf(&g, &s), format!("{root9}{lu}HA[2])"));
    act(&mut s, "C3");
    assert_eq!(sgf::to_sgf(&g, &s), format!("{root9}{lu}HA[2]AB[cg])"));
}

/// A set-up position writes its stones by colour (`AB`, `AW`, only the colours present) and the side
/// to move (`PL`): X on C3 and O on B2 with White to play, then X alone with Black to play.
#[test]
fn sgf_setup_roots_by_colour_and_side_to_move() {
    let g = go("go(board_size=5)");
    let two = ". . . . .\n. . . . .\n. . X . .\n. O . . .\n. . . . .";
    let s = GoState::from_diagram(&g, two, 1).unwrap();
    assert_eq!(
        sgf::to_sgf(&g, &s),
        format!("{ROOT5}KM[6.5]RU[Japanese]LU[go(board_size=5)]AB[cc]AW[bd]PL[W])")
    );
    let one = ". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .";
    let s = GoState::from_diagram(&g, one, 0).unwrap();
    assert_eq!(
        sgf::to_sgf(&g, &s),
        format!("{ROOT5}KM[6.5]RU[Japanese]LU[go(board_size=5)]AB[cc]PL[B])")
    );
}

/// The marking phase in the record: right after the two passes nothing is written for it; a game
/// resumed by its last action ends with `LM[resume]`; a resignation during the marking keeps the
/// marks so far (`LM[mark C3]`, `RE[W+R]`) and has no final node (nothing was counted).
#[test]
fn sgf_marking_nodes_open_resumed_and_resigned() {
    let g = go("go(board_size=5)");
    let mut s = g.new_initial_state();
    for m in ["C3", "pass", "pass"] {
        act(&mut s, m);
    }
    let head = format!("{ROOT5}KM[6.5]RU[Japanese]LU[go(board_size=5)]");
    assert_eq!(sgf::to_sgf(&g, &s), format!("{head};B[cc];W[];B[])"));
    act(&mut s, "mark C3");
    let mut resumed = s.clone();
    act(&mut resumed, "resume");
    assert_eq!(
        sgf::to_sgf(&g, &resumed),
        format!("{head};B[cc];W[];B[];LM[resume])")
    );
    s.resign(0).unwrap();
    assert_eq!(
        sgf::to_sgf(&g, &s),
        format!("{head}RE[W+R];B[cc];W[];B[];LM[mark C3])")
    );
}

/// Counted games end with a final node: under Tromp-Taylor (no marking) only the totals (a lone
/// black stone on 5×5 owns all 25 points against komi 7.5: `RE[B+17.5]`); under agreement the dead
/// stones as `LD` too. On 5×5 with Japanese rules, B C3, W B5 (`ba`), two passes and B5 marked dead:
/// Black has 24 points of territory and 1 prisoner, White the komi 6.5, so `RE[B+18.5]`; the marking
/// actions are not written as moves or as `LM`.
#[test]
fn sgf_final_nodes_of_counted_games() {
    let g = go("go(board_size=5,ruleset=tromp_taylor)");
    let mut s = g.new_initial_state();
    for m in ["C3", "pass", "pass"] {
        act(&mut s, m);
    }
    assert!(s.is_terminal());
    assert_eq!(
        sgf::to_sgf(&g, &s),
        format!(
            "{ROOT5}KM[7.5]RU[Tromp-Taylor]LU[go(board_size=5,ruleset=tromp_taylor)]RE[B+17.5];B[cc];W[];B[];C[final score: Black 25 White 7.5])"
        )
    );
    let g = go("go(board_size=5)");
    let mut s = g.new_initial_state();
    for m in ["C3", "B5", "pass", "pass", "mark B5", "accept"] {
        act(&mut s, m);
    }
    assert!(s.is_terminal());
    assert_eq!(
        sgf::to_sgf(&g, &s),
        format!(
            "{ROOT5}KM[6.5]RU[Japanese]LU[go(board_size=5)]RE[B+18.5];B[cc];W[ba];B[];W[];LD[ba]C[final score: Black 25 White 6.5])"
        )
    );
}

/// A foreign record's `LD` marks exactly its stones dead, whatever the automatic marking proposes:
/// on 5×5, B C3, W B5 (`ba`, the last row, point 21), two passes: `LD[ba]` is B+18.5 (24 points of
/// territory and a prisoner against the komi), `LD[]` leaves B5 alive and every empty point
/// touches both colours, so White wins by the komi (W+6.5). An `LD` point without a stone (`ee`, E1)
/// names no chain and marks nothing.
#[test]
fn sgf_ld_marks_exactly_the_named_stones_dead() {
    let b5 = parse_sgf_point("ba", 5).unwrap().unwrap();
    for (ld, dead, result) in [
        ("LD[ba]", true, "B+18.5"),
        ("LD[]", false, "W+6.5"),
        ("LD[ee][ba]", true, "B+18.5"),
    ] {
        let text = format!("(;SZ[5]RE[{result}];B[cc];W[ba];B[];W[];{ld})");
        let (_, s) = sgf::from_sgf(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(s.is_terminal(), "{text}");
        assert_eq!(s.core().dead[b5], dead, "{text}");
        assert_eq!(
            s.core().dead.iter().filter(|&&d| d).count(),
            usize::from(dead),
            "{text}"
        );
        assert_eq!(s.result().as_deref(), Some(result), "{text}");
    }
}

/// Errors quote the start of the record: a short record whole, a long one cut after 60 characters
/// (not bytes: the cut falls between two `é` of two bytes each).
#[test]
fn sgf_errors_quote_the_first_60_characters() {
    let e = sgf_err("(;SZ[9]KM[six])");
    assert!(e.contains("from \"(;SZ[9]KM[six])\": "), "{e}");
    let long = format!("(;SZ[9]KM[six]C[{}])", "é".repeat(50));
    let first60 = format!("(;SZ[9]KM[six]C[{}", "é".repeat(44));
    assert_eq!(first60.chars().count(), 60);
    let e = sgf_err(&long);
    assert!(e.contains(&format!("from \"{first60}\": ")), "{e}");
}

/// `read_sgf` reads a record as Rengo exactly when its `LU` names a rengo game; a Go `LU` or none
/// (a foreign record) is Go.
#[test]
fn read_sgf_tells_rengo_from_go_by_lu() {
    for (text, rengo_record) in [
        ("(;SZ[5]LU[rengo(board_size=5)];B[cc]C[B2])", true),
        ("(;SZ[5]LU[go(board_size=5)];B[cc])", false),
        ("(;SZ[5];B[cc])", false),
    ] {
        match sgf::read_sgf(text).unwrap_or_else(|e| panic!("{text}: {e}")) {
            sgf::SgfGame::Rengo(_, s) => {
                assert!(rengo_record, "{text} read as Rengo");
                assert_eq!(s.action_to_string(s.history()[0]), "B2 C3");
            }
            sgf::SgfGame::Go(_, s) => {
                assert!(!rengo_record, "{text} read as Go");
                assert_eq!(s.history().len(), 1);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rengo's state and game beyond the turn order

/// The Rengo record of a game left in its marking phase, written out by hand: the team names
/// (`BT`, `WT`, escaped), every play's seat in a comment (W2 out of sequence, W1 expected), Black's
/// claim as its own node, the marks so far as `LM` (not the last pass, not the claim). It reads
/// back to the same actions, adjustments and team names.
#[test]
fn rengo_sgf_text_with_teams_an_out_of_sequence_play_a_claim_and_the_marking() {
    let g = rengo("rengo(board_size=5)");
    let mut s = g.new_initial_state();
    s.set_team_names("Ti]gers", "Cranes");
    let moves = [
        "B1 C3",
        "W2 B2",
        "claim unintentional",
        "B2 pass",
        "W1 pass",
        "mark B2",
    ];
    for m in moves {
        act(&mut s, m);
    }
    let text = sgf::rengo_to_sgf(&g, &s);
    assert_eq!(
        text,
        format!(
            "{ROOT5}KM[6.5]RU[Japanese]LU[rengo(board_size=5)]PB[B1 & B2]PW[W1 & W2]BT[Ti\\]gers]WT[Cranes]\
;B[cc]C[B1];W[bd]C[W2, out of sequence (expected W1)];C[claim unintentional];B[]C[B2];W[]C[W1];LM[mark B2])"
        )
    );
    let (_, back) = sgf::rengo_from_sgf(&text).unwrap();
    let names: Vec<String> = back.history().iter().map(|&a| back.action_to_string(a)).collect();
    assert_eq!(names, moves);
    assert_eq!(back.adjustments(), [3.0, 0.0]);
    assert_eq!(
        back.team_names(),
        Some(&["Ti]gers".to_string(), "Cranes".to_string()])
    );
}

/// A Rengo game in play has no marking node; one whose last action resumed play ends with
/// `LM[resume]`.
#[test]
fn rengo_sgf_in_play_and_resumed() {
    let g = rengo("rengo(board_size=5)");
    let mut s = g.new_initial_state();
    act(&mut s, "B1 C3");
    let head = format!("{ROOT5}KM[6.5]RU[Japanese]LU[rengo(board_size=5)]PB[B1 & B2]PW[W1 & W2]");
    assert_eq!(sgf::rengo_to_sgf(&g, &s), format!("{head};B[cc]C[B1])"));
    for m in ["W1 pass", "B2 pass", "mark C3", "resume"] {
        act(&mut s, m);
    }
    assert_eq!(
        sgf::rengo_to_sgf(&g, &s),
        format!("{head};B[cc]C[B1];W[]C[W1];B[]C[B2];LM[resume])")
    );
}

/// A Rengo position from a diagram (X on C3, O on B2, White to play): its setup text is the side to
/// move and the rows from the top, and its record (`AB`, `AW`, `PL[W]`, then W1 on A1 = `ae`) reads
/// back to the same stones, side, setup and history.
#[test]
fn rengo_diagram_setup_text_and_its_sgf() {
    let g = rengo("rengo(board_size=5)");
    let diagram = ". . . . .\n. . . . .\n. . X . .\n. O . . .\n. . . . .";
    let mut s = RengoState::from_diagram(&g, diagram, 1).unwrap();
    let setup = "1:...../...../..X../.O.../.....";
    assert_eq!(s.setup(), crate::core::game::Setup::Text(setup.into()));
    assert_eq!(s.expected_seat(), 1);
    act(&mut s, "A1");
    let text = sgf::rengo_to_sgf(&g, &s);
    assert_eq!(
        text,
        format!(
            "{ROOT5}KM[6.5]RU[Japanese]LU[rengo(board_size=5)]AB[cc]AW[bd]PL[W]PB[B1 & B2]PW[W1 & W2];W[ae]C[W1])"
        )
    );
    let (_, back) = sgf::rengo_from_sgf(&text).unwrap();
    assert_eq!(back.setup(), crate::core::game::Setup::Text(setup.into()));
    assert_eq!(back.core().board.hash(), s.core().board.hash());
    assert_eq!(back.core().to_move, board::BLACK);
    assert_eq!(back.history(), s.history());
}

/// The game's facts on 3×3: four seats, 53 action ids, no chance, 72 actions at most (the move
/// limit 4·9 = 36 plays, each of which may be followed by a claim), observation `[7, 3, 3]`,
/// returns in −1..1 summing to 0; the two bots by name, any other name refused; the game string
/// names the non-default parameters only.
#[test]
fn rengo_game_facts_and_bots() {
    let g = rengo("rengo(board_size=3)");
    assert_eq!(g.game_string(), "rengo(board_size=3)");
    assert_eq!(g.info().short_name, "rengo");
    assert_eq!(g.rules().size, 3);
    assert_eq!(g.params().str("ruleset"), "japanese");
    assert_eq!(g.num_players(), 4);
    assert_eq!(g.num_distinct_actions(), 53);
    assert_eq!(g.max_chance_outcomes(), 0);
    assert_eq!(g.max_game_length(), 72);
    assert_eq!(g.observation_shape(), vec![7, 3, 3]);
    assert_eq!(
        g.utility(),
        Some(crate::core::game::Utility {
            min: -1.0,
            max: 1.0,
            sum: Some(0.0)
        })
    );
    assert!(g.new_bot("random").is_ok());
    assert!(g.new_bot("random_no_eye").is_ok());
    assert!(g.new_bot("gnugo").is_err());
    let s = g.new_initial_state();
    let mut out = vec![(0, 1.0)];
    s.chance_outcomes(&mut out);
    assert!(out.is_empty());
    assert_eq!(s.setup(), crate::core::game::Setup::Standard);
}

/// The text of a Rengo position: Go's board (`X` for the centre stone, column letters and row
/// numbers), then the expected seat, an open claim and the score adjustments; once over, no
/// expected seat. The observation string is that text; the information state adds the actions.
#[test]
fn rengo_display_expected_seat_claim_and_adjustments() {
    let g = rengo("rengo(board_size=3)");
    let mut s = g.new_initial_state();
    let board = "   A B C\n 3 . . . 3 \n 2 . X . 2 \n 1 . . . 1 \n   A B C\n";
    act(&mut s, "B2 B2");
    let text = format!(
        "{board}White to play; prisoners B 0 W 0\nexpected: W1; B2 played out of sequence (claimable)"
    );
    assert_eq!(s.to_string(), text);
    assert_eq!(s.observation_string(1), text);
    assert_eq!(s.information_state_string(3), format!("B2 B2\n{text}"));
    act(&mut s, "claim unintentional");
    assert_eq!(
        s.to_string(),
        format!("{board}White to play; prisoners B 0 W 0\nexpected: W1; adjustments B 0 W 3")
    );
    s.resign(1).unwrap();
    assert_eq!(
        s.to_string(),
        format!("{board}game over: B+R; prisoners B 0 W 0; adjustments B 0 W 3")
    );
}

/// A team resigns (0 Black, 1 White; not 2), once; the ending text says which, and applying it to
/// a new game replays the resignation. A game in progress has no ending text.
#[test]
fn rengo_team_resignation_and_its_ending_text() {
    let g = rengo("rengo(board_size=3)");
    let mut s = g.new_initial_state();
    assert_eq!(s.ending(), None);
    assert!(s.resign(2).is_err());
    s.resign(1).unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.result().as_deref(), Some("B+R"));
    assert_eq!(s.ending().as_deref(), Some("resign 1"));
    assert!(s.resign(0).is_err(), "over");
    let mut t = g.new_initial_state();
    t.apply_ending("resign 0").unwrap();
    assert!(t.is_terminal());
    assert_eq!(t.result().as_deref(), Some("W+R"));
}

/// Rengo's parameters are Go's, in Go's order, then its own two, each named once (the list the
/// help and the game strings are made from).
#[test]
fn rengo_parameters_are_gos_then_its_own_two() {
    let names: Vec<&str> = RengoGame::INFO.params.iter().map(|p| p.name).collect();
    let mut want: Vec<&str> = rules::GO_PARAMS.iter().map(|p| p.name).collect();
    want.extend(["rengo_penalty", "auto_penalize_unclaimed"]);
    assert_eq!(names, want);
}

/// On 3×3 (N² = 9) Go's ids are the points 0..8 row-major from A1 at the bottom left, pass 9,
/// `mark p` at 10 + p, accept 19 and resume 20 (the layout of the module docs): 21 ids, and 21 is no
/// action. Every name parses back to its id whatever its case and surrounding blanks; a vertex off
/// the board, `mark` alone and other words are refused.
#[test]
fn go_action_ids_on_3x3_from_the_points_to_resume() {
    let g = go("go(board_size=3)");
    assert_eq!(g.num_distinct_actions(), 21);
    let s = g.new_initial_state();
    let points = ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"];
    let mut want: Vec<(Action, String)> = Vec::new();
    for (p, v) in points.iter().enumerate() {
        want.push((p as Action, v.to_string()));
        want.push((10 + p as Action, format!("mark {v}")));
    }
    want.extend([
        (9, "pass".to_string()),
        (19, "accept".into()),
        (20, "resume".into()),
    ]);
    for (id, name) in &want {
        assert_eq!(&s.action_to_string(*id), name, "id {id}");
        assert_eq!(s.string_to_action(name).unwrap(), *id, "{name}");
    }
    assert_eq!(s.action_to_string(21), "invalid action 21");
    for (text, id) in [
        (" Mark b2 ", 14),
        ("PASS", 9),
        ("Accept", 19),
        ("  RESUME", 20),
        ("c3", 8),
    ] {
        assert_eq!(s.string_to_action(text).unwrap(), id, "{text:?}");
    }
    for bad in [
        "D1", "A4", "mark D1", "mark", "marks A1", "accepted", "passes", "",
    ] {
        assert!(s.string_to_action(bad).is_err(), "{bad:?}");
    }
    let e = s.string_to_action("D1").unwrap_err().to_string();
    assert!(e.contains("A1..C3"), "{e}");
    let e = s.clone().apply_action(21).unwrap_err();
    assert!(matches!(e, LudoError::IllegalAction { .. }), "{e}");
    assert!(e.to_string().contains("ids 0..21"), "{e}");
}

/// The legal list by id through a game on 3×3 with a black stone on B2: in play every empty point
/// and pass (ids 0..9 but 4); after two passes (White to act) the mark of B2 (14), accept (19) and
/// resume (20); after resuming, White plays again; after the marking is accepted the game is over
/// and nothing is legal. Area count (Tromp–Taylor's `area`, komi 2.5): Black 9, White 2.5.
#[test]
fn go_legal_ids_in_play_in_the_marking_and_at_the_end() {
    let g = go("go(board_size=3,scoring=area,komi=2.5)");
    let mut s = g.new_initial_state();
    let sorted = |s: &GoState| {
        let mut v = vec![99];
        s.legal_actions(&mut v);
        v.sort();
        v
    };
    assert_eq!(sorted(&s), (0..10).collect::<Vec<Action>>());
    act(&mut s, "B2");
    assert_eq!(sorted(&s), [0, 1, 2, 3, 5, 6, 7, 8, 9]);
    act(&mut s, "pass");
    act(&mut s, "pass");
    assert_eq!(s.core().phase, Phase::Marking);
    assert_eq!(s.current_player(), Player::Seat(1));
    assert_eq!(sorted(&s), [14, 19, 20]);
    s.apply_action(20).unwrap();
    assert_eq!(s.core().phase, Phase::Play);
    assert_eq!(
        s.current_player(),
        Player::Seat(1),
        "the opponent of the last passer"
    );
    assert_eq!(sorted(&s), [0, 1, 2, 3, 5, 6, 7, 8, 9]);
    for a in [9, 9, 19, 19] {
        s.apply_action(a).unwrap();
    }
    assert!(s.is_terminal());
    assert_eq!(s.current_player(), Player::Terminal);
    assert_eq!(sorted(&s), Vec::<Action>::new());
    assert_eq!(s.history(), [4, 9, 9, 20, 9, 9, 19, 19]);
    let mut scores = [0.0; 2];
    s.scores(&mut scores);
    assert_eq!(scores, [9.0, 2.5]);
    let mut returns = [0.0; 2];
    s.returns(&mut returns);
    assert_eq!(returns, [1.0, -1.0]);
}

/// The game's facts: 2N² + 3 ids, `[5, N, N]` planes, two players, no chance, returns −1..+1 adding
/// to 0, and a length bound of `max_moves` (4·N² when it is 0, the default).
#[test]
fn go_game_facts_follow_the_board_side_and_the_move_limit() {
    for (n, ids) in [(2, 11), (3, 21), (19, 725)] {
        let g = go(&format!("go(board_size={n})"));
        assert_eq!(g.num_distinct_actions(), ids, "{n}");
        assert_eq!(g.observation_shape(), vec![5, n, n]);
        assert_eq!(g.max_game_length(), 4 * n * n, "{n}");
        assert_eq!(g.num_players(), 2);
        assert_eq!(g.max_chance_outcomes(), 0);
        assert_eq!(g.rules().size, n);
        assert_eq!(g.params().int("board_size"), n as i64);
    }
    assert_eq!(go("go(board_size=3,max_moves=7)").max_game_length(), 7);
    let u = go("go").utility().unwrap();
    assert_eq!((u.min, u.max, u.sum), (-1.0, 1.0, Some(0.0)));
    assert_eq!(go("go").info().short_name, "go");
    let s = go("go(board_size=3)").new_initial_state();
    let mut out = vec![(0, 1.0)];
    s.chance_outcomes(&mut out);
    assert!(out.is_empty());
    assert_eq!(s.current_player(), Player::Seat(0));
    assert!(go("go").new_bot("random").is_ok() && go("go").new_bot("random_no_eye").is_ok());
    assert!(go("go").new_bot("gnugo").is_err());
}

/// The planes on 4×4 (own stones, opponent's, empty, the simple-ko point, Black to move), each read
/// at every point. Black's C2 takes B2 and makes a ko at B2: the ko plane is B2 alone while White
/// is to move; White's A4 elsewhere clears it. Each seat sees its own stones on plane 0. The buffer
/// is filled with 7s first: every value is written.
#[test]
fn go_observation_planes_own_opponent_empty_ko_and_black_to_move() {
    let g = go("go(board_size=4)");
    let mut s = GoState::from_diagram(&g, ". . . .\n. X O .\nX O . O\n. X O .", 0).unwrap();
    let planes = |s: &GoState, seat: usize| {
        let mut out = vec![7.0f32; 80];
        s.write_observation(seat, &mut out);
        out
    };
    let plane_of = |pts: &[usize]| {
        let mut v = vec![0.0f32; 16];
        for &p in pts {
            v[p] = 1.0;
        }
        v
    };
    // Points: A1 0 .. D1 3, A2 4 .. D4 15.
    let check = |s: &GoState, black: &[usize], white: &[usize], ko: &[usize], black_to_move: bool| {
        let empty: Vec<usize> = (0..16)
            .filter(|p| !black.contains(p) && !white.contains(p))
            .collect();
        let side = if black_to_move {
            vec![1.0f32; 16]
        } else {
            vec![0.0; 16]
        };
        for (seat, own, opp) in [(0, black, white), (1, white, black)] {
            let want: Vec<f32> = [
                plane_of(own),
                plane_of(opp),
                plane_of(&empty),
                plane_of(ko),
                side.clone(),
            ]
            .concat();
            assert_eq!(planes(s, seat), want, "seat {seat}\n{s}");
        }
    };
    check(&s, &[1, 4, 9], &[2, 5, 7, 10], &[], true);
    act(&mut s, "C2");
    check(&s, &[1, 4, 6, 9], &[2, 7, 10], &[5], false);
    act(&mut s, "A4");
    check(&s, &[1, 4, 6, 9], &[2, 7, 10, 12], &[], true);
}

/// The setup text of a set-up position is `<to_move>:<rows top first>` (`X` Black, `O` White, `.`
/// empty), read back by `new_state_from_setup` to the same stones and side to move; player names
/// follow as `;black=…;white=…` with `%`, `;`, `=`, newlines and backslashes percent-encoded (on the
/// standard start, with no position before them). Refused: a side to move other than 0 or 1, no
/// `:`, missing rows, an unknown field, one name alone, a bad escape, and a set-up position in a
/// handicap game.
#[test]
fn go_setup_text_round_trips_the_position_the_side_to_move_and_the_names() {
    let g = go("go(board_size=3)");
    let s = GoState::from_diagram(&g, ". . O\nX . .\nX O .", 1).unwrap();
    let text = "1:..O/X../XO.";
    assert_eq!(State::setup(&s), Setup::Text(text.into()));
    // White to move; the empty points are C1, B2, C2, A3 and B3.
    let back = g.new_state_from_setup(text).unwrap();
    assert_eq!(back.current_player(), Player::Seat(1));
    assert_eq!(legal(&back), legal(&s));
    assert_eq!(legal(&back), [2, 4, 5, 6, 7, 9]);
    assert_eq!(back.to_string(), s.to_string());
    assert_eq!(State::setup(&back), Setup::Text(text.into()));
    let black = g.new_state_from_setup("0:..O/X../XO.").unwrap();
    assert_eq!(black.current_player(), Player::Seat(0));
    assert_eq!(State::setup(&black), Setup::Text("0:..O/X../XO.".into()));
    let d = GoState::from_diagram(&g, ". . O\nX . .\nX O .", 0).unwrap();
    assert_eq!(State::setup(&d), Setup::Text("0:..O/X../XO.".into()));
    assert_eq!(d.current_player(), Player::Seat(0));
    // The stones a record sets up, in either colour to move.
    let stones = [
        (0, board::BLACK),
        (1, board::WHITE),
        (3, board::BLACK),
        (8, board::WHITE),
    ];
    let r = GoState::from_stones(&g, &stones, board::WHITE);
    assert_eq!(State::setup(&r), Setup::Text(text.into()));
    assert_eq!(r.current_player(), Player::Seat(1));
    let r = GoState::from_stones(&g, &stones, board::BLACK);
    assert_eq!(State::setup(&r), Setup::Text("0:..O/X../XO.".into()));

    let mut named = s.clone();
    named.set_player_names("a;b=c%", "W\\\n\r");
    let text = "1:..O/X../XO.;black=a%3Bb%3Dc%25;white=W%5C%0A%0D";
    assert_eq!(State::setup(&named), Setup::Text(text.into()));
    let back = g.new_state_from_setup(text).unwrap();
    assert_eq!(
        back.player_names(),
        Some(&["a;b=c%".to_string(), "W\\\n\r".to_string()])
    );
    assert_eq!(back.to_string(), s.to_string());
    assert_eq!(State::setup(&back), Setup::Text(text.into()));

    let mut fresh = g.new_initial_state();
    assert_eq!(State::setup(&fresh), Setup::Standard);
    assert_eq!(fresh.player_names(), None);
    fresh.set_player_names("%41", "");
    let text = ";black=%2541;white=";
    assert_eq!(State::setup(&fresh), Setup::Text(text.into()));
    let back = g.new_state_from_setup(text).unwrap();
    assert_eq!(back.player_names(), Some(&["%41".to_string(), String::new()]));
    assert_eq!(back.current_player(), Player::Seat(0));
    assert_eq!(State::setup(&back), Setup::Text(text.into()));
    let back = g.new_state_from_setup(";white=%3b%3D;black=x").unwrap();
    assert_eq!(back.player_names(), Some(&["x".to_string(), ";=".to_string()]));

    for bad in [
        "2:..O/X../XO.",
        "..O/X../XO.",
        "1:..O/X..",
        "1:..O/X../XQ.",
        "1:..O/X../XO.;black=a",
        ";white=b",
        "1:..O/X../XO.;colour=a;white=b",
        ";black=%4;white=b",
        ";black=%zz;white=b",
    ] {
        assert!(g.new_state_from_setup(bad).is_err(), "{bad:?}");
    }
    assert!(GoState::from_diagram(&g, ". . O\nX . .\nX O .", 2).is_err());
    let h = go("go(board_size=9,handicap=2)");
    let e = h
        .new_state_from_setup(
            "0:........./........./........./........./........./........./........./........./........X",
        )
        .unwrap_err();
    assert!(e.to_string().contains("handicap"), "{e}");
}

/// A diagram may have blank lines, row numbers on both sides, the column letters above and below
/// and a status line after its last row (as `Display` writes them); rows are read from the top. A
/// status line before the last row, a missing row, an extra row and rows one point too long are
/// refused.
#[test]
fn go_diagram_with_blank_lines_numbers_letters_and_a_status_line() {
    let g = go("go(board_size=3)");
    let text =
        "\n   A B C\n 3 . . O 3\n\n 2 X . . 2\n 1 X O . 1\n   A B C\nWhite to play; prisoners B 0 W 0\n";
    let s = GoState::from_diagram(&g, text, 1).unwrap();
    assert_eq!(State::setup(&s), Setup::Text("1:..O/X../XO.".into()));
    for bad in [
        " 3 . . O\nWhite to play\n 2 X . .\n 1 X O .",
        ". . O\nX . .",
        ". . O\nX . .\nX O .\n. . .",
        ". . O .\nX . . .\nX O . .",
    ] {
        assert!(GoState::from_diagram(&g, bad, 1).is_err(), "{bad:?}");
    }
}

/// Go is a game of perfect information: the observation text is the board as `Display` draws it
/// for both seats, and the information state is the moves so far by name, then that board.
#[test]
fn go_observation_and_information_state_texts_on_3x3() {
    let g = go("go(board_size=3)");
    let mut s = g.new_initial_state();
    act(&mut s, "B2");
    act(&mut s, "pass");
    let board = "   A B C\n 3 . . . 3 \n 2 . X . 2 \n 1 . . . 1 \n   A B C\nBlack to play; prisoners B 0 W 0";
    assert_eq!(s.to_string(), board);
    for seat in 0..2 {
        assert_eq!(s.observation_string(seat), board);
        assert_eq!(s.information_state_string(seat), format!("B2 pass\n{board}"));
    }
}

/// The board text (`observation_string`, `Display`) beyond plain stones: a stone marked dead is drawn
/// in lower case (`x`, `o`), the point a simple ko forbids now as `*` (only while the ban holds: a
/// pass lifts it), and the status line names the phase (free handicap stones still to place, the
/// side to play, the side to act in the marking phase, the result once over) before the prisoners
/// each side has taken.
#[test]
fn go_board_text_draws_dead_stones_the_ko_point_and_every_phase() {
    let letters = "   A B C D E\n";
    let board = |rows: [&str; 5], status: &str| {
        let body: String = rows
            .iter()
            .enumerate()
            .map(|(k, r)| format!(" {n} {r} {n} \n", n = 5 - k))
            .collect();
        format!("{letters}{body}{letters}{status}")
    };
    // Black takes the white stone on B2 from C2: White may not retake on B2 at once (the ko point).
    let g = go("go(board_size=5,ruleset=japanese)");
    let ko = ". . . . .\n. . . . .\n. X O . .\nX O . O .\n. X O . .";
    let mut s = GoState::from_diagram(&g, ko, 0).unwrap();
    act(&mut s, "C2");
    let rows = [". . . . .", ". . . . .", ". X O . .", "X * X O .", ". X O . ."];
    assert_eq!(s.to_string(), board(rows, "White to play; prisoners B 1 W 0"));
    act(&mut s, "pass");
    let rows = [". . . . .", ". . . . .", ". X O . .", "X . X O .", ". X O . ."];
    assert_eq!(s.to_string(), board(rows, "Black to play; prisoners B 1 W 0"));
    // Two pass-alive groups and a white stone in Black's eye on A1, dead by the automatic marking
    // that opens the marking phase (Black to act after White's pass).
    let g = go("go(board_size=5,komi=0.5)");
    let groups = ". X . O .\n. X . O .\nX X . O O\n. X . O .\nO X . O .";
    let mut s = GoState::from_diagram(&g, groups, 0).unwrap();
    act(&mut s, "pass");
    act(&mut s, "pass");
    let live = [". X . O .", ". X . O .", "X X . O O", ". X . O .", "O X . O ."];
    let a1_dead = [". X . O .", ". X . O .", "X X . O O", ". X . O .", "o X . O ."];
    let status = "marking dead stones, Black to act; prisoners B 0 W 0";
    assert_eq!(s.to_string(), board(a1_dead, status));
    // Black marks its own group dead too (lower case), White is to act; White resumes play, which
    // clears the marks, and Black (whom White's pass left to move) plays.
    let mut m = s.clone();
    act(&mut m, "mark B1");
    let both_dead = [". x . O .", ". x . O .", "x x . O O", ". x . O .", "o x . O ."];
    let status = "marking dead stones, White to act; prisoners B 0 W 0";
    assert_eq!(m.to_string(), board(both_dead, status));
    act(&mut m, "resume");
    assert_eq!(m.to_string(), board(live, "Black to play; prisoners B 0 W 0"));
    // Both accept the automatic marking: territory scoring, Black 4 points + the dead stone (a
    // prisoner in the count, not in the captures shown), White 4 + komi 0.5: B+0.5.
    act(&mut s, "accept");
    act(&mut s, "accept");
    assert_eq!(
        s.to_string(),
        board(a1_dead, "game over: B+0.5; prisoners B 0 W 0")
    );
    // Free handicap: Black places its stones first, the status counts those still to place.
    let g = go("go(board_size=5,handicap=2,handicap_placement=free)");
    let mut s = g.new_initial_state();
    let empty = [". . . . ."; 5];
    let status = "Black places 2 handicap stone(s); prisoners B 0 W 0";
    assert_eq!(s.to_string(), board(empty, status));
    act(&mut s, "C3");
    let rows = [". . . . .", ". . . . .", ". . X . .", ". . . . .", ". . . . ."];
    let status = "Black places 1 handicap stone(s); prisoners B 0 W 0";
    assert_eq!(s.to_string(), board(rows, status));
}
