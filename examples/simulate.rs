//! Simulates whole games from Rust alone (no Python) and prints a summary per seat.
//!
//! `cargo run --release --example simulate -- [GAME_STRING] [N_GAMES] [BOT...]`, e.g.
//! `cargo run --release --example simulate -- "briscola(players=4)" 200000 greedy random`.
use ludoteca::batch::SimConfig;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map(String::as_str).unwrap_or("briscola");
    let n_games: usize = match args.get(1) {
        Some(n) => n
            .parse()
            .map_err(|_| format!("N_GAMES must be a whole number, not {n:?}"))?,
        None => 100_000,
    };
    let game = ludoteca::registry::load_game(spec)?;
    let config = SimConfig {
        n_games,
        seed: 1,
        bots: args.iter().skip(2).cloned().collect(),
        ..SimConfig::default()
    };
    let start = Instant::now();
    let result = game.simulate(&config)?;
    let seconds = start.elapsed().as_secs_f64();

    let np = result.num_players;
    println!(
        "{} · {} games in {:.2} s ({:.0} games/s)",
        game.game_string(),
        n_games,
        seconds,
        n_games as f64 / seconds
    );
    let mean_length = result.lengths.iter().map(|&l| f64::from(l)).sum::<f64>() / n_games.max(1) as f64;
    println!("mean game length: {mean_length:.1} actions");
    println!("seat  mean return  win rate  mean score");
    for seat in 0..np {
        let column = |v: &[f64]| v.iter().skip(seat).step_by(np).copied().collect::<Vec<f64>>();
        let (returns, scores) = (column(&result.returns), column(&result.scores));
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let wins = returns.iter().filter(|&&r| r > 0.0).count() as f64 / returns.len().max(1) as f64;
        println!(
            "{seat:>4}  {:>11.4}  {:>7.2}%  {:>10.2}",
            mean(&returns),
            100.0 * wins,
            mean(&scores)
        );
    }
    Ok(())
}
