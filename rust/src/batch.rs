//! Many games at once: [`simulate`] plays whole games with bots, [`VecEnv`] steps many states for
//! learning code. Both run in Rust on rayon threads; the Python layer releases the GIL around them.
//!
//! Game `i` of a simulation always uses the random stream `(seed, i)`, so results are identical for
//! any number of threads and any chunking (the CLI simulates in chunks to drive its progress bar).

use crate::core::game::{Action, Bot, Game, Player, State};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// What to simulate. `SimConfig::default()` is no games, seed 0, random bots on every seat, all cores.
#[derive(Clone, Debug, Default)]
pub struct SimConfig {
    /// Number of games.
    pub n_games: usize,
    /// Master seed.
    pub seed: u64,
    /// Index of the first game (game `k` of this call uses stream `(seed, first_game + k)`).
    pub first_game: u64,
    /// One bot name per seat, or a single name used for every seat.
    pub bots: Vec<String>,
    /// Worker threads; `None` or `Some(0)` means rayon's default (all cores).
    pub threads: Option<usize>,
}

/// Per-game results, row-major `(n_games, num_players)` where two-dimensional.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimResult {
    pub num_players: usize,
    /// Final returns per seat.
    pub returns: Vec<f64>,
    /// Game-specific scores per seat (card points for Briscola).
    pub scores: Vec<f64>,
    /// Number of actions (chance included) per game.
    pub lengths: Vec<u32>,
}

/// Shared between a running batch and whoever watches it from another thread: the workers count the
/// items (games, rows) they complete, and stop early once `cancel` is set (the Python layer sets it on
/// Ctrl-C). Both are relaxed atomics: a counter for display and a flag, ordering nothing else.
#[derive(Debug, Default)]
pub struct Watch {
    done: AtomicU64,
    cancel: AtomicBool,
}

impl Watch {
    /// Items completed so far.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }
    /// Counts `k` more completed items.
    pub fn add(&self, k: u64) {
        self.done.fetch_add(k, Ordering::Relaxed);
    }
    /// Asks the workers to stop; what they return is then incomplete and must be discarded.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
    /// Whether [`Watch::cancel`] was called.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// Most worker threads one call starts (more only costs memory and start-up time).
pub const MAX_THREADS: usize = 256;

/// Most bytes of results one `simulate` call holds (`returns` and `scores`, 8 bytes per seat each, and
/// `lengths`, 4 bytes, per game): 2 GiB, about 59 million two-player games. Longer runs call again with
/// `first_game` set where the last call stopped; the results are the same as one big call.
pub const MAX_RESULT_BYTES: usize = 1 << 31;

/// Most games one `simulate` call plays for a game with `num_players` seats (see [`MAX_RESULT_BYTES`]).
pub fn max_games(num_players: usize) -> usize {
    MAX_RESULT_BYTES / (16 * num_players + 4)
}

/// Checks the sizes of `cfg` before anything is allocated: a named error, never an abort.
fn check_config(cfg: &SimConfig, num_players: usize) -> Result<()> {
    let max = max_games(num_players);
    if cfg.n_games > max {
        return Err(LudoError::param(
            "n_games",
            format!(
                "{} is more than one call holds ({max} games of {num_players} players, {} GiB of results); \
                 simulate in chunks with first_game",
                cfg.n_games,
                MAX_RESULT_BYTES >> 30
            ),
        ));
    }
    if cfg.first_game.checked_add(cfg.n_games as u64).is_none() {
        return Err(LudoError::param(
            "first_game",
            "first_game + n_games exceeds 2**64-1",
        ));
    }
    if let Some(t) = cfg.threads.filter(|&t| t > MAX_THREADS) {
        return Err(LudoError::param(
            "threads",
            format!("{t} is more than the maximum {MAX_THREADS}"),
        ));
    }
    Ok(())
}

/// Plays `cfg.n_games` whole games of `game` with the named bots. Sizes are checked first
/// ([`max_games`], [`MAX_THREADS`]).
pub fn simulate<G: Game>(game: &G, cfg: &SimConfig) -> Result<SimResult> {
    simulate_watched(game, cfg, &Watch::default())
}

/// [`simulate`], counting completed games in `watch` and stopping early when it is cancelled (then the
/// games not played are left at zero: the caller discards the result).
pub fn simulate_watched<G: Game>(game: &G, cfg: &SimConfig, watch: &Watch) -> Result<SimResult> {
    let np = game.num_players();
    check_config(cfg, np)?;
    let names: Vec<String> = match cfg.bots.len() {
        0 => vec!["random".to_string(); np],
        1 => vec![cfg.bots[0].clone(); np],
        n if n == np => cfg.bots.clone(),
        n => {
            return Err(LudoError::param(
                "bots",
                format!("give one bot for every seat ({np}) or a single bot, not {n}"),
            ))
        }
    };
    let bots: Vec<Box<dyn Bot<G::State>>> = names.iter().map(|n| game.new_bot(n)).collect::<Result<_>>()?;
    let mut out = SimResult {
        num_players: np,
        returns: vec![0.0; cfg.n_games * np],
        scores: vec![0.0; cfg.n_games * np],
        lengths: vec![0; cfg.n_games],
    };
    let run = |out: &mut SimResult| {
        const CHUNK: usize = 256;
        out.returns
            .par_chunks_mut(CHUNK * np)
            .zip(out.scores.par_chunks_mut(CHUNK * np))
            .zip(out.lengths.par_chunks_mut(CHUNK))
            .enumerate()
            .for_each(|(chunk, ((rets, scores), lens))| {
                // One state per chunk, restarted for each game: its buffers are reused.
                let mut state = game.new_initial_state();
                for (k, len) in lens.iter_mut().enumerate() {
                    // Checked per game, not per chunk: a chunk of long games (19x19 Go) takes seconds.
                    if watch.cancelled() {
                        return;
                    }
                    let index = cfg.first_game + (chunk * CHUNK + k) as u64;
                    let mut rng = Rng::for_stream(cfg.seed, index);
                    if k > 0 {
                        game.restart(&mut state);
                    }
                    // The length from the playout (a game may count its actions there rather than
                    // record them: the state is this worker's own, restarted for the next game).
                    *len = play_out_counted(&mut state, &bots, &mut rng) as u32;
                    state.returns(&mut rets[k * np..(k + 1) * np]);
                    state.scores(&mut scores[k * np..(k + 1) * np]);
                    watch.add(1);
                }
            });
    };
    match cfg.threads {
        Some(t) if t > 0 => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(t)
                .build()
                .map_err(|e| LudoError::param("threads", e.to_string()))?;
            pool.install(|| run(&mut out));
        }
        _ => run(&mut out),
    }
    Ok(out)
}

/// Plays `state` to the end with one bot per seat ([`State::play_out_random`] from the first decision
/// at which every bot's [`Bot::random_from`] holds).
pub fn play_out<S: State>(state: &mut S, bots: &[Box<dyn Bot<S>>], rng: &mut Rng) {
    drive(state, bots, rng, |s, r| s.play_out_random(r));
}

/// [`play_out`] for `simulate`: the game's length at the end, from
/// [`State::play_out_random_counted`] once every bot plays uniformly (the state's history may then be
/// incomplete: only for a state nobody else reads).
fn play_out_counted<S: State>(state: &mut S, bots: &[Box<dyn Bot<S>>], rng: &mut Rng) -> usize {
    match drive(state, bots, rng, |s, r| s.play_out_random_counted(r)) {
        Some(len) => len,
        None => state.history().len(),
    }
}

/// The bots' loop shared by [`play_out`] and [`play_out_counted`]: plays `state` with `bots` until
/// the end (`None`) or until every bot plays uniformly from here on, when `random_rest` finishes the
/// game (its answer in `Some`).
fn drive<S: State, R>(
    state: &mut S,
    bots: &[Box<dyn Bot<S>>],
    rng: &mut Rng,
    random_rest: impl FnOnce(&mut S, &mut Rng) -> R,
) -> Option<R> {
    if bots.iter().all(|b| b.is_random()) {
        return Some(random_rest(state, rng));
    }
    loop {
        let action = match state.current_player() {
            Player::Terminal => return None,
            Player::Chance => {
                state.resolve_chance(rng);
                continue;
            }
            Player::Seat(p) => {
                // Bots that play uniformly from here on (after their own bidding, say): the fused
                // random playout finishes the game with the same moves and draws. The seat to move is
                // asked first, so bots that never turn uniform cost one call per move.
                if bots[p].random_from(state) && bots.iter().all(|b| b.random_from(state)) {
                    return Some(random_rest(state, rng));
                }
                bots[p].act(state, rng)
            }
        };
        state.apply_action_unchecked(action);
    }
}

/// Advances through chance nodes with `rng` until a decision node or the end.
pub fn resolve_chance<S: State>(state: &mut S, rng: &mut Rng) {
    state.resolve_chance(rng)
}

/// Object-safe interface of [`VecEnv`] for the Python layer.
pub trait DynVectorEnv: Send + Sync {
    fn num_envs(&self) -> usize;
    fn num_players(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn observation_shape(&self) -> Vec<usize>;
    fn game_string(&self) -> String;
    /// Applies one action per environment (ignored for terminated ones) and writes the rewards,
    /// `(n, players)`. All actions are checked first: on error nothing changes.
    fn step(&mut self, actions: &[Action], rewards: &mut [f32]) -> Result<()>;
    /// Restarts the environments where `mask` is true (all when `mask` is empty).
    fn reset(&mut self, mask: &[bool]) -> Result<()>;
    fn write_current_player(&self, out: &mut [i32]);
    fn write_legal_action_mask(&self, out: &mut [bool]);
    fn write_terminated(&self, out: &mut [bool]);
    fn write_observations(&self, out: &mut [f32]);
    /// The state of environment `i`, boxed for inspection.
    fn state(&self, i: usize) -> Option<Box<dyn crate::core::dynamic::DynState>>;
}

/// `n` states of one game stepped together; chance is resolved inside, so every environment waits at
/// a decision node or is terminated. Terminated environments stay terminated until `reset`.
pub struct VecEnv<G: Game> {
    game: Arc<G>,
    seed: u64,
    states: Vec<G::State>,
    rngs: Vec<Rng>,
    episodes: Vec<u64>,
}

impl<G: Game> VecEnv<G> {
    /// Creates `n` environments; environment `i`'s episode `k` uses stream `(seed, i << 32 | k)`.
    pub fn new(game: Arc<G>, n: usize, seed: u64) -> Self {
        let mut env = VecEnv {
            game,
            seed,
            states: Vec::with_capacity(n),
            rngs: Vec::with_capacity(n),
            episodes: vec![0; n],
        };
        for i in 0..n {
            let (s, r) = env.fresh(i, 0);
            env.states.push(s);
            env.rngs.push(r);
        }
        env
    }

    fn fresh(&self, i: usize, episode: u64) -> (G::State, Rng) {
        let mut rng = Rng::for_stream(self.seed, (i as u64) << 32 | episode);
        let mut s = self.game.new_initial_state();
        resolve_chance(&mut s, &mut rng);
        (s, rng)
    }
}

impl<G: Game> DynVectorEnv for VecEnv<G> {
    fn num_envs(&self) -> usize {
        self.states.len()
    }
    fn num_players(&self) -> usize {
        self.game.num_players()
    }
    fn num_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.game.observation_shape()
    }
    fn game_string(&self) -> String {
        self.game.game_string()
    }

    fn step(&mut self, actions: &[Action], rewards: &mut [f32]) -> Result<()> {
        let (n, np) = (self.states.len(), self.game.num_players());
        if actions.len() != n {
            return Err(LudoError::Shape {
                expected: format!("({n},) actions"),
                got: format!("({},)", actions.len()),
            });
        }
        if rewards.len() != n * np {
            return Err(LudoError::Shape {
                expected: format!("({n}, {np}) rewards"),
                got: format!("{} values", rewards.len()),
            });
        }
        let mut legal = Vec::new();
        for (i, (s, &a)) in self.states.iter().zip(actions).enumerate() {
            if s.is_terminal() {
                continue;
            }
            s.legal_actions(&mut legal);
            if legal.binary_search(&a).is_err() {
                return Err(LudoError::illegal(
                    a,
                    s.action_to_string(a),
                    format!("not legal in environment {i}"),
                ));
            }
        }
        self.states
            .par_iter_mut()
            .zip(self.rngs.par_iter_mut())
            .zip(actions.par_iter())
            .zip(rewards.par_chunks_mut(np))
            .with_min_len(64)
            .for_each(|(((s, rng), &a), rew)| {
                if s.is_terminal() {
                    rew.iter_mut().for_each(|r| *r = 0.0);
                    return;
                }
                let mut before = [0.0f64; crate::core::MAX_PLAYERS];
                let mut after = [0.0f64; crate::core::MAX_PLAYERS];
                s.returns(&mut before[..np]);
                s.apply_action_unchecked(a);
                resolve_chance(s, rng);
                s.returns(&mut after[..np]);
                for p in 0..np {
                    rew[p] = (after[p] - before[p]) as f32;
                }
            });
        Ok(())
    }

    fn reset(&mut self, mask: &[bool]) -> Result<()> {
        let n = self.states.len();
        if !mask.is_empty() && mask.len() != n {
            return Err(LudoError::Shape {
                expected: format!("({n},) mask"),
                got: format!("({},)", mask.len()),
            });
        }
        for i in 0..n {
            if mask.is_empty() || mask[i] {
                self.episodes[i] += 1;
                let (s, r) = self.fresh(i, self.episodes[i]);
                self.states[i] = s;
                self.rngs[i] = r;
            }
        }
        Ok(())
    }

    fn write_current_player(&self, out: &mut [i32]) {
        for (o, s) in out.iter_mut().zip(&self.states) {
            *o = s.current_player().to_i32();
        }
    }

    fn write_legal_action_mask(&self, out: &mut [bool]) {
        let a = self.game.num_distinct_actions();
        out.par_chunks_mut(a)
            .zip(self.states.par_iter())
            .for_each(|(row, s)| {
                if s.is_terminal() {
                    // pgx convention: a terminated environment accepts any action (and ignores it).
                    row.iter_mut().for_each(|x| *x = true);
                    return;
                }
                row.iter_mut().for_each(|x| *x = false);
                let mut legal = Vec::new();
                s.legal_actions(&mut legal);
                for l in legal {
                    row[l as usize] = true;
                }
            });
    }

    fn write_terminated(&self, out: &mut [bool]) {
        for (o, s) in out.iter_mut().zip(&self.states) {
            *o = s.is_terminal();
        }
    }

    fn write_observations(&self, out: &mut [f32]) {
        let k: usize = self.game.observation_shape().iter().product();
        out.par_chunks_mut(k)
            .zip(self.states.par_iter())
            .with_min_len(64)
            .for_each(|(row, s)| {
                // Observe from the seat to move; terminated environments observe as seat 0.
                let p = match s.current_player() {
                    Player::Seat(p) => p,
                    _ => 0,
                };
                s.write_observation(p, row);
            });
    }

    fn state(&self, i: usize) -> Option<Box<dyn crate::core::dynamic::DynState>> {
        self.states
            .get(i)
            .map(|s| Box::new(s.clone()) as Box<dyn crate::core::dynamic::DynState>)
    }
}

/// Helpers for the games' own tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{simulate, SimConfig};
    use crate::core::game::Game;

    /// Mean return per game of `bot` and of the `field` bots facing it, with `bot` taking every seat in
    /// turn (`n_games` per seat, one thread). Used by the "greedy beats random" tests.
    pub(crate) fn bot_against_field<G: Game>(
        game: &G,
        bot: &str,
        field: &str,
        n_games: usize,
        seed: u64,
    ) -> (f64, f64) {
        let np = game.num_players();
        let (mut mine, mut theirs) = (0.0, 0.0);
        for seat in 0..np {
            let bots = (0..np)
                .map(|s| if s == seat { bot } else { field }.to_string())
                .collect();
            let cfg = SimConfig {
                n_games,
                seed,
                first_game: 0,
                bots,
                threads: Some(1),
            };
            let r = simulate(game, &cfg).expect("bots exist");
            for i in 0..n_games {
                for s in 0..np {
                    let x = r.returns[i * np + s];
                    if s == seat {
                        mine += x;
                    } else {
                        theirs += x / (np - 1) as f64;
                    }
                }
            }
        }
        let games = (n_games * np) as f64;
        (mine / games, theirs / games)
    }
}

#[cfg(test)]
mod tests {
    use super::SimConfig;
    use crate::core::game::Player;
    use crate::core::rng::Rng;
    use crate::registry::{load_game, registered_games};

    /// `simulate` with random bots takes each game's fused `State::play_out_random`: it must play
    /// exactly the games of the plain loop (the random bot at decisions, `sample_chance` at chance
    /// nodes, every action checked) from the same streams.
    #[test]
    fn fused_random_playouts_play_the_plain_loops_games() {
        const GAMES: usize = 20;
        for info in registered_games() {
            for spec in info.examples {
                let game = load_game(spec).unwrap();
                let np = game.num_players();
                let cfg = SimConfig {
                    n_games: GAMES,
                    seed: 5,
                    first_game: 0,
                    bots: vec!["random".into()],
                    threads: Some(1),
                };
                let fused = game.simulate(&cfg).unwrap();
                for k in 0..GAMES {
                    let mut rng = Rng::for_stream(cfg.seed, k as u64);
                    let mut state = game.new_state();
                    loop {
                        let action = match state.current_player() {
                            Player::Terminal => break,
                            Player::Chance => state.sample_chance(&mut rng),
                            Player::Seat(_) => game.bot_action("random", &*state, &mut rng).unwrap(),
                        };
                        state.apply_action(action).unwrap();
                    }
                    let (mut returns, mut scores) = (vec![0.0; np], vec![0.0; np]);
                    state.returns(&mut returns);
                    state.scores(&mut scores);
                    assert_eq!(
                        fused.lengths[k] as usize,
                        state.history().len(),
                        "{spec}: game {k} length"
                    );
                    assert_eq!(
                        &fused.returns[k * np..(k + 1) * np],
                        &returns[..],
                        "{spec}: game {k} returns"
                    );
                    assert_eq!(
                        &fused.scores[k * np..(k + 1) * np],
                        &scores[..],
                        "{spec}: game {k} scores"
                    );
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "batch_tests.rs"]
mod batch_tests;
