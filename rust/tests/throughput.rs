//! Throughput smoke runs for profiling (`cargo test --release --test throughput -- --ignored --nocapture`,
//! `LUDO_SPECS='zole;schafkopf;solo'` for other games, `LUDO_BOTS=greedy` for another bot).
//! Not a timed assertion: the numbers that count are in `benches/` (pytest-benchmark).

use ludoteca::batch::SimConfig;
use ludoteca::registry::load_game;
use std::time::Instant;

#[test]
#[ignore = "profiling aid; run by hand"]
fn random_games_per_second() {
    // LUDO_GAMES=20000 keeps a `valgrind --tool=callgrind` run short (instruction counts are repeatable
    // on a busy machine, wall time is not).
    let n_games = std::env::var("LUDO_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000_000);
    // LUDO_SPECS="zole;schafkopf" picks other games (game strings separated by semicolons).
    let specs = std::env::var("LUDO_SPECS").unwrap_or_else(|_| "briscola;briscola(players=4)".into());
    // LUDO_BOTS="lowest_bid" profiles a registered bot other than `random` (one name for every seat).
    let bot = std::env::var("LUDO_BOTS").unwrap_or_else(|_| "random".into());
    for spec in specs.split(';') {
        let game = load_game(spec).unwrap();
        let cfg = SimConfig {
            n_games,
            seed: 1,
            first_game: 0,
            bots: vec![bot.clone()],
            threads: Some(1),
        };
        let t = Instant::now();
        let r = game.simulate(&cfg).unwrap();
        let secs = t.elapsed().as_secs_f64();
        // A digest of every game's returns, scores and length: changes to speed only must leave it
        // as it was (FNV-1a over the values' bits).
        let mut digest = 0xcbf2_9ce4_8422_2325u64;
        let words = r.returns.iter().chain(&r.scores).map(|v| v.to_bits());
        for w in words.chain(r.lengths.iter().map(|&l| l as u64)) {
            digest = (digest ^ w).wrapping_mul(0x100_0000_01b3);
        }
        println!(
            "{spec} ({bot}): {:.0} games/s single thread ({} games, digest {digest:016x})",
            cfg.n_games as f64 / secs,
            r.lengths.len()
        );
    }
}
