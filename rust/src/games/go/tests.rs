//! Go tests: the ASCII fixtures of `tests/data/go/`, an independent naive rules oracle replayed against
//! random games (captures, suicide, the three ko rules), random-game invariants, Rengo and SGF.

use super::board::{BLACK, EMPTY, WHITE};
use super::engine::Phase;
use super::rengo::RengoGame;
use super::*;
use crate::core::game::{Game, State};
use crate::core::rng::Rng;
use std::path::PathBuf;

fn game(spec: &str) -> GoGame {
    GoGame::from_game_string(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn stones_of(state: &GoState) -> Vec<u8> {
    let n = state.core.rules.size;
    (0..n * n).map(|pt| state.core.board.at(state.core.board.cell(pt))).collect()
}

fn parse_rows(lines: &[&str], n: usize) -> Vec<u8> {
    let mut out = vec![EMPTY; n * n];
    for (i, line) in lines.iter().enumerate() {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), n, "row {line:?} should have {n} points");
        for (col, c) in cells.iter().enumerate() {
            out[(n - 1 - i) * n + col] = match c {
                'X' => BLACK,
                'O' => WHITE,
                _ => EMPTY,
            };
        }
    }
    out
}

/// Runs one fixture file; each `game` line starts a new case.
fn run_fixture(name: &str) {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", "go", name].iter().collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let mut g: Option<GoGame> = None;
    let mut st: Option<GoState> = None;
    let mut to_move = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        i += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let ctx = format!("{name}:{i}: {line}");
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let args: Vec<&str> = rest.split_whitespace().collect();
        if cmd == "game" {
            let gg = game(rest);
            st = Some(gg.new_initial_state());
            g = Some(gg);
            to_move = 0;
            continue;
        }
        let gg = g.as_ref().expect("a fixture starts with `game`");
        let n = gg.rules.size;
        let s = st.as_mut().expect("state");
        let num = |k: usize| args[k].parse::<f64>().unwrap_or_else(|_| panic!("{ctx}: number expected"));
        match cmd {
            "to_move" => {
                to_move = if args[0] == "black" { 0 } else { 1 };
                if s.history.is_empty() {
                    let c = if to_move == 0 { BLACK } else { WHITE };
                    let stones: Vec<(usize, u8)> = stones_of(s).iter().enumerate().filter(|(_, &c)| c != EMPTY).map(|(p, &c)| (p, c)).collect();
                    s.core.set_position(&stones, c).unwrap();
                }
            }
            "setup" => {
                let diagram = lines[i..i + n].join("\n");
                i += n;
                *s = GoState::from_diagram(gg, &diagram, to_move).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            }
            "expect" => {
                let want = parse_rows(&lines[i..i + n], n);
                i += n;
                assert_eq!(stones_of(s), want, "{ctx}: board differs:\n{s}");
            }
            "play" => {
                for m in &args {
                    let m = m.replace('_', " ");
                    let a = s.string_to_action(&m).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    s.apply_action(a).unwrap_or_else(|e| panic!("{ctx}: {m}: {e}\n{s}"));
                    s.core.board.check_invariants().unwrap_or_else(|e| panic!("{ctx}: {e}"));
                }
            }
            "illegal" => {
                let a = s.string_to_action(args[0]).unwrap();
                let before = stones_of(s);
                let err = s.apply_action(a).expect_err(&ctx).to_string();
                let reason = args[1..].join(" ");
                assert!(err.contains(&reason), "{ctx}: error {err:?} should mention {reason:?}");
                let mut legal = Vec::new();
                s.legal_actions(&mut legal);
                assert!(!legal.contains(&a), "{ctx}: listed as legal");
                assert_eq!(stones_of(s), before, "{ctx}: a failed move changed the board");
            }
            "legal" => {
                let a = s.string_to_action(args[0]).unwrap();
                let mut legal = Vec::new();
                s.legal_actions(&mut legal);
                assert!(legal.contains(&a), "{ctx}: not listed as legal");
            }
            "current" => {
                let want = if args[0] == "black" { 0 } else { 1 };
                assert_eq!(s.current_player(), Player::Seat(want), "{ctx}");
            }
            "prisoners" => assert_eq!(s.core.prisoners, [num(0) as u32, num(1) as u32], "{ctx}"),
            "set_prisoners" => s.core.prisoners = [num(0) as u32, num(1) as u32],
            "adjust" => s.core.adjustment = [num(0), num(1)],
            "dead" => {
                for v in &args {
                    let pt = coord::parse_gtp(v, n).unwrap();
                    let p = s.core.board.cell(pt);
                    let pts: Vec<usize> = s.core.board.chain_stones(p).map(|q| s.core.board.point(q)).collect();
                    for q in pts {
                        s.core.dead[q] = true;
                    }
                }
            }
            "auto_dead" => {
                let got = score::auto_dead(&s.core);
                let mut want = vec![false; n * n];
                if args[0] != "none" {
                    for v in &args {
                        let p = s.core.board.cell(coord::parse_gtp(v, n).unwrap());
                        for q in s.core.board.chain_stones(p) {
                            want[s.core.board.point(q)] = true;
                        }
                    }
                }
                assert_eq!(got, want, "{ctx}");
            }
            "territory" => assert_eq!(s.final_score().territory, [num(0) as u32, num(1) as u32], "{ctx}"),
            "score" => {
                let sc = s.final_score();
                assert_eq!((sc.black, sc.white), (num(0), num(1)), "{ctx}: {sc:?}");
            }
            "result" => assert_eq!(s.result().as_deref(), Some(args[0]), "{ctx}"),
            "over" => assert!(s.is_terminal(), "{ctx}"),
            "marking" => assert_eq!(s.core.phase, Phase::Marking, "{ctx}"),
            _ => panic!("{ctx}: unknown fixture command"),
        }
    }
}

#[test]
fn fixture_captures() {
    run_fixture("captures.txt");
}
#[test]
fn fixture_snapback() {
    run_fixture("snapback.txt");
}
#[test]
fn fixture_ko() {
    run_fixture("ko.txt");
}
#[test]
fn fixture_suicide() {
    run_fixture("suicide.txt");
}
#[test]
fn fixture_scoring_examples() {
    run_fixture("scoring.txt");
}
#[test]
fn fixture_seki() {
    run_fixture("seki.txt");
}
#[test]
fn fixture_dead_stones() {
    run_fixture("dead_stones.txt");
}
#[test]
fn fixture_handicap() {
    run_fixture("handicap.txt");
}
