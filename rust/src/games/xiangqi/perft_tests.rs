//! Perft of Xiangqi against published numbers (chessprogramming.org "Chinese Chess Perft Results",
//! see `tests/data/xiangqi/perft.txt`) and Jieqi counts for the identity
//! arrangement (every face-down piece is the kind of its start point). They live in the
//! crate (not `rust/tests/`) because the manifest declares no test targets under `rust/tests/`.
//!
//! The default run checks every count up to 100,000 nodes; `cargo test --release -- --ignored`
//! checks all of them (start position depth 5: 133,312,995) and prints the speed.

use super::board::*;
use super::fen::{parse, FenRules, START_FEN};
use super::jieqi::{JieqiState, START_FEN as JIEQI_START};
use super::{Jieqi, Xiangqi};
use crate::registry::Registered;
use std::time::Instant;

fn cases() -> Vec<(String, Vec<u64>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xiangqi/perft.txt");
    let text = std::fs::read_to_string(path).expect("perft data file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (fen, counts) = l.split_once('|').expect("FEN | counts");
            (
                fen.trim().to_string(),
                counts
                    .split_whitespace()
                    .map(|n| n.parse().expect("count"))
                    .collect(),
            )
        })
        .collect()
}

fn check(limit: u64) {
    let all = cases();
    assert_eq!(all.len(), 11);
    for (fen, counts) in all {
        let mut pos = parse(&fen, FenRules::Xiangqi).expect("valid FEN").position;
        for (i, &want) in counts.iter().enumerate() {
            if want > limit {
                break;
            }
            let t = Instant::now();
            let got = pos.perft(i as u32 + 1, None);
            let secs = t.elapsed().as_secs_f64();
            assert_eq!(got, want, "{fen} depth {}", i + 1);
            if want > 1_000_000 {
                println!(
                    "{fen} depth {}: {got} nodes in {secs:.2} s = {:.1} M nodes/s",
                    i + 1,
                    got as f64 / secs / 1e6
                );
            }
        }
    }
}

#[test]
fn published_perft_up_to_100k_nodes() {
    check(100_000);
}

#[test]
#[ignore = "slow: every published count (about 600 M nodes); run with --release -- --ignored"]
fn published_perft_all_depths() {
    check(u64::MAX);
}

#[test]
fn start_position_depths_1_to_3() {
    let mut p = Position::start();
    assert_eq!(p.perft(1, None), 44);
    assert_eq!(p.perft(2, None), 1920);
    assert_eq!(p.perft(3, None), 79_666);
}

#[test]
#[ignore = "slow in debug builds"]
fn start_position_depth_4() {
    assert_eq!(Position::start().perft(4, None), 3_290_240);
}

#[test]
#[ignore = "slow: 133 M nodes; run with --release -- --ignored"]
fn start_position_depth_5() {
    let mut p = parse(START_FEN, FenRules::Xiangqi).unwrap().position;
    let t = Instant::now();
    let n = p.perft(5, None);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "xiangqi perft(5) = {n} in {secs:.2} s = {:.2} M nodes/s",
        n as f64 / secs / 1e6
    );
    assert_eq!(n, 133_312_995);
}

/// The Jieqi start with every face-down piece being what its start point says.
fn jieqi_identity() -> JieqiState {
    let game = Jieqi::from_raw(&[]).unwrap();
    let s = game.state_from_fen(JIEQI_START).unwrap();
    let mut kinds = [0u8; SQUARES];
    for (sq, k) in kinds.iter_mut().enumerate() {
        *k = start_kind(sq).unwrap_or(0);
    }
    s.with_identities(&kinds).unwrap()
}

#[test]
fn jieqi_with_identity_arrangement_matches_xiangqi_to_depth_3() {
    let s = jieqi_identity();
    assert_eq!(s.perft(1), 44);
    assert_eq!(s.perft(2), 1920);
    assert_eq!(s.perft(3), 79_666);
}

#[test]
#[ignore = "slow: Jieqi oracle at depths 4 and 5"]
fn jieqi_oracle_depths_4_and_5() {
    let s = jieqi_identity();
    assert_eq!(s.perft(4), 3_290_240);
    // Revealed advisors and elephants are free, and the first such escape comes at depth 5.
    let t = Instant::now();
    let n5 = s.perft(5);
    println!(
        "jieqi (identity arrangement) perft(5) = {n5} in {:.2} s",
        t.elapsed().as_secs_f64()
    );
    assert!(n5 > 133_312_995);
}

#[test]
fn jieqi_start_has_44_moves_for_any_arrangement() {
    let game = Jieqi::from_raw(&[]).unwrap();
    let s = game.state_from_fen(JIEQI_START).unwrap();
    for seed in 0..5 {
        assert_eq!(s.resample_hidden(0, seed).unwrap().perft(1), 44);
    }
    let _ = Xiangqi::INFO;
}

/// Speed of whole random games through `simulate` (single thread); a profiling aid, not a timed
/// assertion. Run under `perf stat -e task-clock` on a busy machine to read CPU time.
fn random_games_per_second(spec: &str) {
    let game = crate::registry::load_game(spec).unwrap();
    let cfg = crate::batch::SimConfig {
        n_games: 20_000,
        seed: 1,
        first_game: 0,
        bots: vec!["random".into()],
        threads: Some(1),
    };
    let t = Instant::now();
    let r = game.simulate(&cfg).unwrap();
    let secs = t.elapsed().as_secs_f64();
    let plies: u64 = r.lengths.iter().map(|&l| l as u64).sum();
    println!(
        "{spec}: {} random games in {secs:.2} s = {:.0} games/s single thread, {:.1} actions per game",
        cfg.n_games,
        cfg.n_games as f64 / secs,
        plies as f64 / cfg.n_games as f64
    );
}

#[test]
#[ignore = "profiling aid: cargo test --release --lib random_games -- --ignored --nocapture"]
fn random_games_xiangqi() {
    random_games_per_second("xiangqi");
}

#[test]
#[ignore = "profiling aid: cargo test --release --lib random_games -- --ignored --nocapture"]
fn random_games_jieqi() {
    random_games_per_second("jieqi");
}
