//! `simulate` and the vector environments checked against the plain loop they stand for: one game
//! played action by action through the checked `apply_action`, each game from its own random stream.
//! What a simulation or an environment returns must be what that loop gives, whatever the bots, the
//! threads, the chunks and the first game.

use super::{max_games, SimConfig, SimResult, Watch, MAX_THREADS};
use crate::core::game::{Action, Player};
use crate::core::rng::Rng;
use crate::dynamic::tests::{game, legal};
use crate::dynamic::{DynGame, DynState};
use crate::error::LudoError;
use std::sync::atomic::Ordering;

fn config(n_games: usize, seed: u64, bots: &[&str]) -> SimConfig {
    SimConfig {
        n_games,
        seed,
        first_game: 0,
        bots: bots.iter().map(|b| b.to_string()).collect(),
        threads: Some(1),
    }
}

/// Game `index` of a simulation with `seed`, played by hand: chance drawn with `sample_chance`, seat
/// `p`'s move asked of `bots[p]`, every action checked. Returns (length, returns, scores).
fn plain_game(g: &dyn DynGame, seed: u64, index: u64, bots: &[&str]) -> (usize, Vec<f64>, Vec<f64>) {
    let np = g.num_players();
    let mut rng = Rng::for_stream(seed, index);
    let mut state = g.new_state();
    loop {
        let action = match state.current_player() {
            Player::Terminal => break,
            Player::Chance => state.sample_chance(&mut rng),
            Player::Seat(p) => g.bot_action(bots[p], &*state, &mut rng).unwrap(),
        };
        state.apply_action(action).unwrap();
    }
    let (mut returns, mut scores) = (vec![0.0; np], vec![0.0; np]);
    state.returns(&mut returns);
    state.scores(&mut scores);
    (state.history().len(), returns, scores)
}

/// Game `k` of `r` as (length, returns, scores).
fn row(r: &SimResult, k: usize) -> (usize, Vec<f64>, Vec<f64>) {
    let np = r.num_players;
    (
        r.lengths[k] as usize,
        r.returns[k * np..(k + 1) * np].to_vec(),
        r.scores[k * np..(k + 1) * np].to_vec(),
    )
}

#[test]
fn rule_bots_play_the_plain_loops_games_seat_by_seat() {
    // A rule bot on one seat and random bots on the others, then the other way round: each seat's
    // moves come from its own bot. Tarok's `lowest_bid` bids, then plays uniformly, so `simulate`
    // hands the rest of its games to the fused random playout once every seat plays uniformly.
    for (spec, bot) in [
        ("briscola", "greedy"),
        ("tarok", "lowest_bid"),
        ("zole", "greedy"),
    ] {
        let g = game(spec);
        let np = g.num_players();
        let mut seatings: Vec<Vec<&str>> = (0..np)
            .map(|s| (0..np).map(|p| if p == s { bot } else { "random" }).collect())
            .collect();
        seatings.push(vec![bot; np]);
        for bots in seatings {
            let r = g.simulate(&config(3, 11, &bots)).unwrap();
            for k in 0..3 {
                assert_eq!(
                    row(&r, k),
                    plain_game(&*g, 11, k as u64, &bots),
                    "{spec} {bots:?}: game {k}"
                );
            }
        }
    }
}

#[test]
fn game_k_uses_stream_k_across_chunks_threads_and_first_game() {
    // 300 games span two chunks of 256. Game k is the plain loop's game from stream (seed, k); a
    // later call starting at first_game = 250 plays the same games 250.. again; two threads change
    // nothing.
    let g = game("briscola");
    let bots = ["random", "random"];
    let one = g.simulate(&config(300, 3, &bots)).unwrap();
    assert_eq!(one.lengths.len(), 300);
    assert_eq!(one.returns.len(), 600);
    for k in [0, 1, 255, 256, 257, 299] {
        assert_eq!(row(&one, k), plain_game(&*g, 3, k as u64, &bots), "game {k}");
    }
    let mut two_threads = config(300, 3, &bots);
    two_threads.threads = Some(2);
    assert_eq!(g.simulate(&two_threads).unwrap(), one);
    let mut later = config(50, 3, &bots);
    later.first_game = 250;
    let tail = g.simulate(&later).unwrap();
    for k in 0..50 {
        assert_eq!(row(&tail, k), row(&one, 250 + k), "game {}", 250 + k);
    }
    // Another seed, other games.
    assert_ne!(g.simulate(&config(300, 4, &bots)).unwrap(), one);
}

#[test]
fn no_bot_means_random_one_bot_takes_every_seat_and_other_counts_are_refused() {
    let g = game("briscola");
    let random = g.simulate(&config(5, 9, &["random", "random"])).unwrap();
    assert_eq!(g.simulate(&config(5, 9, &[])).unwrap(), random);
    assert_eq!(g.simulate(&config(5, 9, &["random"])).unwrap(), random);
    let greedy = g.simulate(&config(5, 9, &["greedy"])).unwrap();
    assert_eq!(greedy, g.simulate(&config(5, 9, &["greedy", "greedy"])).unwrap());
    assert_ne!(greedy, random);
    let e = g
        .simulate(&config(5, 9, &["random", "random", "random"]))
        .unwrap_err();
    assert!(
        matches!(&e, LudoError::InvalidParameter { name, reason } if name == "bots" && reason.contains("(2)") && reason.contains("not 3")),
        "{e:?}"
    );
    assert!(g.simulate(&config(5, 9, &["grandmaster"])).is_err());
}

#[test]
fn sizes_are_checked_at_their_bounds_before_anything_is_played() {
    // 2 GiB of results: 16 bytes per seat and 4 per game.
    assert_eq!(max_games(2), (1usize << 31) / 36);
    assert_eq!(max_games(4), (1usize << 31) / 68);
    let g = game("briscola");
    let param = |e: LudoError| match e {
        LudoError::InvalidParameter { name, .. } => name,
        other => panic!("{other:?}"),
    };
    // The most games one call holds is accepted (a cancelled watch: nothing is played), one more is
    // refused.
    let watch = Watch::default();
    watch.cancel();
    let most = g.simulate_watched(&config(max_games(2), 1, &[]), &watch).unwrap();
    assert_eq!(most.lengths.len(), max_games(2));
    drop(most);
    let e = g.simulate(&config(max_games(2) + 1, 1, &[])).unwrap_err();
    assert_eq!(param(e), "n_games");
    // The last game index is 2**64 - 1.
    let mut last = config(1, 1, &[]);
    last.first_game = u64::MAX - 1;
    assert_eq!(g.simulate(&last).unwrap().lengths.len(), 1);
    last.first_game = u64::MAX;
    assert_eq!(param(g.simulate(&last).unwrap_err()), "first_game");
    last.n_games = 0;
    assert!(g.simulate(&last).unwrap().lengths.is_empty());
    // Threads: up to MAX_THREADS; 0 is rayon's default.
    let mut threads = config(2, 1, &[]);
    let plain = g.simulate(&threads).unwrap();
    for t in [0, MAX_THREADS] {
        threads.threads = Some(t);
        assert_eq!(g.simulate(&threads).unwrap(), plain, "threads={t}");
    }
    threads.threads = Some(MAX_THREADS + 1);
    assert_eq!(param(g.simulate(&threads).unwrap_err()), "threads");
}

#[test]
fn the_watch_counts_every_game_and_a_cancelled_run_plays_none() {
    let g = game("briscola");
    let watch = Watch::default();
    assert!(!watch.cancelled());
    let r = g.simulate_watched(&config(300, 2, &[]), &watch).unwrap();
    assert_eq!(watch.done(), 300);
    assert!(r.lengths.iter().all(|&l| l > 0));
    watch.add(5);
    assert_eq!(watch.done(), 305);
    let stopped = Watch::default();
    stopped.cancel();
    assert!(stopped.cancelled());
    let r = g.simulate_watched(&config(300, 2, &[]), &stopped).unwrap();
    assert_eq!(stopped.done(), 0);
    assert!(r.lengths.iter().all(|&l| l == 0));
    assert!(r.returns.iter().all(|&x| x == 0.0));
}

/// Environment `i` of a vector environment with `seed`, episode `episode`, built by hand: a new state
/// with its opening chance resolved from stream (seed, i << 32 | episode).
fn fresh_env_state(g: &dyn DynGame, seed: u64, i: u64, episode: u64) -> Box<dyn DynState> {
    let mut rng = Rng::for_stream(seed, i << 32 | episode);
    let mut s = g.new_state();
    s.resolve_chance(&mut rng);
    s
}

#[test]
fn each_environment_starts_at_a_decision_from_its_own_stream() {
    let g = game("briscola");
    let env = g.vector_env(3, 8);
    assert_eq!(env.num_envs(), 3);
    assert_eq!(env.num_players(), 2);
    assert_eq!(env.num_actions(), g.num_distinct_actions());
    assert_eq!(env.observation_shape(), g.observation_shape());
    assert_eq!(env.game_string(), g.game_string());
    for i in 0..3 {
        let s = env.state(i).unwrap();
        assert_eq!(s.history(), fresh_env_state(&*g, 8, i as u64, 0).history());
        assert!(matches!(s.current_player(), Player::Seat(_)));
    }
    assert_ne!(env.state(0).unwrap().history(), env.state(1).unwrap().history());
    assert!(env.state(3).is_none());
}

#[test]
fn a_step_checks_every_action_first_and_a_refused_step_changes_nothing() {
    let g = game("briscola");
    let mut env = g.vector_env(2, 4);
    let before: Vec<Vec<Action>> = (0..2).map(|i| env.state(i).unwrap().history().to_vec()).collect();
    let ok0 = legal(&*env.state(0).unwrap())[0];
    let ok1 = legal(&*env.state(1).unwrap())[0];
    let bad1 = (0..g.num_distinct_actions() as Action)
        .find(|a| !legal(&*env.state(1).unwrap()).contains(a))
        .unwrap();
    let mut rewards = vec![0.0f32; 4];
    let shape = |e: LudoError| matches!(e, LudoError::Shape { .. });
    assert!(shape(env.step(&[ok0], &mut rewards).unwrap_err()));
    assert!(shape(env.step(&[ok0, ok1, ok1], &mut rewards).unwrap_err()));
    assert!(shape(env.step(&[ok0, ok1], &mut rewards[..3]).unwrap_err()));
    let e = env.step(&[ok0, bad1], &mut rewards).unwrap_err();
    assert!(
        matches!(&e, LudoError::IllegalAction { action, reason, .. } if *action == bad1 && reason.contains("environment 1")),
        "{e:?}"
    );
    for (i, b) in before.iter().enumerate() {
        assert_eq!(env.state(i).unwrap().history(), &b[..], "env {i}");
    }
    env.step(&[ok0, ok1], &mut rewards).unwrap();
    assert_eq!(env.state(0).unwrap().history().last(), Some(&ok0));
    assert_eq!(env.state(1).unwrap().history().last(), Some(&ok1));
}

/// What the environment writes about each state, against the states themselves.
fn check_views(g: &dyn DynGame, env: &dyn crate::batch::DynVectorEnv) {
    let (n, a) = (env.num_envs(), g.num_distinct_actions());
    let k: usize = g.observation_shape().iter().product();
    let mut players = vec![-7i32; n];
    let mut mask = vec![false; n * a];
    let mut done = vec![false; n];
    let mut obs = vec![-7.0f32; n * k];
    env.write_current_player(&mut players);
    env.write_legal_action_mask(&mut mask);
    env.write_terminated(&mut done);
    env.write_observations(&mut obs);
    for i in 0..n {
        let s = env.state(i).unwrap();
        let terminal = s.current_player() == Player::Terminal;
        assert_eq!(players[i], s.current_player().to_i32(), "env {i}");
        assert_eq!(done[i], terminal, "env {i}");
        let row = &mask[i * a..(i + 1) * a];
        if terminal {
            // A terminated environment accepts (and ignores) any action.
            assert!(row.iter().all(|&x| x), "env {i}");
        } else {
            let l = legal(&*s);
            for (id, &x) in row.iter().enumerate() {
                assert_eq!(x, l.contains(&(id as Action)), "env {i} action {id}");
            }
        }
        let seat = match s.current_player() {
            Player::Seat(p) => p,
            _ => 0,
        };
        let mut want = vec![0.0f32; k];
        s.write_observation(seat, &mut want);
        assert_eq!(&obs[i * k..(i + 1) * k], &want[..], "env {i} observation");
    }
}

#[test]
fn rewards_add_up_to_the_returns_and_a_finished_environment_waits() {
    // Two-player Briscola played to the end in three environments at random: at every step the views
    // match the states; the rewards of an episode add up to its final returns; an environment that
    // has finished gets zero rewards and ignores its action until reset.
    let g = game("briscola");
    let mut env = g.vector_env(3, 6);
    let mut rng = Rng::new(1);
    let mut total = [0.0f64; 6];
    let mut rewards = vec![9.0f32; 6];
    let mut finished = [false; 3];
    // Play until every environment has finished, then two steps more.
    let mut extra = 2;
    for _ in 0..400 {
        check_views(&*g, &*env);
        let actions: Vec<Action> = (0..3)
            .map(|i| {
                let l = legal(&*env.state(i).unwrap());
                if l.is_empty() {
                    0
                } else {
                    l[rng.below(l.len() as u32) as usize]
                }
            })
            .collect();
        let lengths: Vec<usize> = (0..3).map(|i| env.state(i).unwrap().history().len()).collect();
        env.step(&actions, &mut rewards).unwrap();
        for i in 0..3 {
            if finished[i] {
                assert_eq!(&rewards[2 * i..2 * i + 2], &[0.0, 0.0], "env {i}");
                assert_eq!(env.state(i).unwrap().history().len(), lengths[i], "env {i}");
            }
            total[2 * i] += rewards[2 * i] as f64;
            total[2 * i + 1] += rewards[2 * i + 1] as f64;
            finished[i] = env.state(i).unwrap().current_player() == Player::Terminal;
        }
        if finished.iter().all(|&f| f) {
            if extra == 0 {
                break;
            }
            extra -= 1;
        }
    }
    assert_eq!((finished, extra), ([true; 3], 0));
    let mut returns = vec![0.0f64; 2];
    for i in 0..3 {
        env.state(i).unwrap().returns(&mut returns);
        assert_eq!(&total[2 * i..2 * i + 2], &returns[..], "env {i}");
    }
    check_views(&*g, &*env);
}

#[test]
fn reset_restarts_only_the_masked_environments_each_with_its_next_episode_stream() {
    let g = game("briscola");
    let mut env = g.vector_env(3, 5);
    let history = |env: &dyn crate::batch::DynVectorEnv, i: usize| env.state(i).unwrap().history().to_vec();
    let first: Vec<Vec<Action>> = (0..3).map(|i| history(&*env, i)).collect();
    assert!(matches!(
        env.reset(&[true, false]).unwrap_err(),
        LudoError::Shape { .. }
    ));
    assert_eq!((0..3).map(|i| history(&*env, i)).collect::<Vec<_>>(), first);
    env.reset(&[false, true, false]).unwrap();
    assert_eq!(history(&*env, 0), first[0]);
    assert_eq!(history(&*env, 1), fresh_env_state(&*g, 5, 1, 1).history());
    assert_eq!(history(&*env, 2), first[2]);
    // An empty mask restarts all: environment 1 is on its third episode, the others on their second.
    env.reset(&[]).unwrap();
    assert_eq!(history(&*env, 0), fresh_env_state(&*g, 5, 0, 1).history());
    assert_eq!(history(&*env, 1), fresh_env_state(&*g, 5, 1, 2).history());
    assert_eq!(history(&*env, 2), fresh_env_state(&*g, 5, 2, 1).history());
    // The reset environment draws from its new episode's stream: its steps are those of a state
    // built by hand from stream (5, 1 << 32 | 2), the opening chance and every later one resolved.
    let mut rng = Rng::for_stream(5, 1 << 32 | 2);
    let mut by_hand = g.new_state();
    by_hand.resolve_chance(&mut rng);
    let mut rewards = vec![0.0f32; 6];
    for _ in 0..6 {
        let actions: Vec<Action> = (0..3).map(|i| legal(&*env.state(i).unwrap())[0]).collect();
        env.step(&actions, &mut rewards).unwrap();
        by_hand.apply_action(actions[1]).unwrap();
        by_hand.resolve_chance(&mut rng);
        assert_eq!(history(&*env, 1), by_hand.history());
    }
}

/// The most worker threads seen by [`Probe`]'s deal scoring, in the only test that plays it.
static PROBE_THREADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Trick-engine rules that state only the required hooks (two seats, the toy pack, three cards
/// each and one face up) and note, when a deal is scored, how many threads the pool running the
/// game has.
#[derive(Clone, Debug)]
struct Probe;

impl crate::trick::TrickRules for Probe {
    type Extra = ();
    type Match = ();
    const INFO: &'static crate::core::game::GameInfo = &crate::trick::engine_tests::INFO;
    fn from_params(_p: &crate::core::params::Params) -> crate::error::Result<Self> {
        Ok(Probe)
    }
    fn deck(&self) -> &crate::cards::Deck {
        crate::trick::engine_tests::deck()
    }
    fn num_players(&self) -> usize {
        2
    }
    fn deal_slot(&self, _dealer: usize, k: usize) -> Option<crate::trick::Slot> {
        match k {
            0..=5 => Some(crate::trick::Slot::Hand(k % 2)),
            6 => Some(crate::trick::Slot::FaceUp),
            _ => None,
        }
    }
    fn score_deal(&self, _v: crate::trick::TrickView<'_, Self>) -> crate::trick::DealOutcome {
        PROBE_THREADS.fetch_max(rayon::current_num_threads(), Ordering::Relaxed);
        crate::trick::DealOutcome::default()
    }
    fn match_result(
        &self,
        _v: crate::trick::TrickView<'_, Self>,
    ) -> Option<[f64; crate::core::game::MAX_PLAYERS]> {
        None
    }
}

#[test]
fn the_threads_asked_for_are_the_threads_that_play() {
    // `threads: Some(t)` plays on a pool of t threads; None and Some(0) on rayon's default pool
    // (the one this test thread would use).
    use crate::core::Registered;
    let g = crate::trick::TrickGame::<Probe>::from_raw(&[]).unwrap();
    let default = rayon::current_num_threads();
    for (threads, want) in [
        (Some(1), 1),
        (Some(3), 3),
        (Some(default + 2), default + 2),
        (None, default),
        (Some(0), default),
    ] {
        PROBE_THREADS.store(0, Ordering::Relaxed);
        let mut cfg = config(4, 1, &[]);
        cfg.threads = threads;
        let r = super::simulate(&g, &cfg).unwrap();
        assert!(r.lengths.iter().all(|&l| l > 0));
        assert_eq!(PROBE_THREADS.load(Ordering::Relaxed), want, "threads={threads:?}");
    }
}

#[test]
fn play_out_finishes_a_game_with_one_bot_per_seat() {
    // `play_out` from the deal with Briscola's greedy bot on seat 1: the plain loop's game from the
    // same random stream, whether the game starts at its first chance node or part-way.
    use crate::core::game::{Game, State};
    use crate::core::Registered;
    let g = crate::games::briscola::Briscola::from_game_string("briscola").unwrap();
    let bots = [g.new_bot("random").unwrap(), g.new_bot("greedy").unwrap()];
    for stream in 0..4 {
        let mut st = g.new_initial_state();
        let mut rng = Rng::for_stream(21, stream);
        super::play_out(&mut st, &bots, &mut rng);
        assert!(st.is_terminal());
        let (len, returns, _) = plain_game(&g, 21, stream, &["random", "greedy"]);
        assert_eq!(State::history(&st).len(), len, "stream {stream}");
        let mut got = vec![0.0; 2];
        State::returns(&st, &mut got);
        assert_eq!(got, returns, "stream {stream}");
    }
}

#[test]
fn a_steps_rewards_are_the_change_in_the_returns_it_made() {
    // A Carioca match's returns are its running totals (minus the penalty points), so they change
    // when a hand ends, before the match does: each step's rewards must be that change, not the new
    // totals and not their sum with the old ones.
    let g = game("carioca(players=2)");
    let mut env = g.vector_env(1, 3);
    let mut rng = Rng::new(4);
    let (mut before, mut after) = (vec![0.0f64; 2], vec![0.0f64; 2]);
    let mut rewards = vec![0.0f32; 2];
    let mut changed_mid_game = 0;
    for _ in 0..20_000 {
        let s = env.state(0).unwrap();
        if s.current_player() == Player::Terminal {
            break;
        }
        s.returns(&mut before);
        let l = legal(&*s);
        env.step(&[l[rng.below(l.len() as u32) as usize]], &mut rewards)
            .unwrap();
        let s = env.state(0).unwrap();
        s.returns(&mut after);
        for p in 0..2 {
            assert_eq!(rewards[p], (after[p] - before[p]) as f32, "seat {p}");
        }
        if after != before && s.current_player() != Player::Terminal {
            changed_mid_game += 1;
        }
    }
    assert!(
        changed_mid_game > 0,
        "no hand of the match ended with returns to reward"
    );
}
