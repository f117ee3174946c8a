//! `simulate` and `VectorEnv` for Python: the GIL is released while Rust works, arrays come back as numpy.

use super::convert::{self, check_out_array, int_vector, threads_arg, usize_in};
use super::game::PyGame;
use super::state::PyState;
use crate::batch::{DynVectorEnv, SimConfig, Watch};
use crate::core::dynamic::DynGame;
use crate::error::LudoError;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// A `Game` or a game string.
pub(crate) fn game_arg(game: &Bound<'_, PyAny>) -> PyResult<Arc<dyn DynGame>> {
    if let Ok(g) = game.cast::<PyGame>() {
        return Ok(Arc::clone(&g.get().inner));
    }
    if let Ok(s) = game.extract::<String>() {
        return Ok(Arc::from(crate::registry::load_game(&s)?));
    }
    Err(PyTypeError::new_err(
        "game must be a ludoteca Game or a game string such as 'briscola(players=4)'",
    ))
}

/// How often a long batch wakes to look for Ctrl-C and to report progress: several times a second.
const POLL: Duration = Duration::from_millis(100);

/// Runs `work` on a scoped thread while this one, without the GIL, wakes every [`POLL`] to check for a
/// pending `KeyboardInterrupt` (or another signal's exception) and to call `progress(done, total)` with
/// the workers' counter in `watch`. On an exception the workers are cancelled, joined, and the exception
/// is raised; a panic in the workers is re-raised here (pyo3 turns it into `PanicException`).
pub(crate) fn run_watched<'py, T: Send>(
    py: Python<'py>,
    watch: &Watch,
    total: u64,
    progress: Option<&Bound<'py, PyAny>>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    /// Marks the work finished when dropped, so a panicking worker wakes the watcher too.
    struct Finished<'a>(&'a (Mutex<bool>, Condvar));
    impl Drop for Finished<'_> {
        fn drop(&mut self) {
            *self.0 .0.lock().unwrap_or_else(|e| e.into_inner()) = true;
            self.0 .1.notify_all();
        }
    }
    let finished = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let handle = scope.spawn(|| {
            let _mark = Finished(&finished);
            work()
        });
        let outcome = loop {
            let done = py.detach(|| {
                let (lock, wake) = &finished;
                let guard = lock.lock().unwrap_or_else(|e| e.into_inner());
                let (guard, _) = wake
                    .wait_timeout_while(guard, POLL, |done| !*done)
                    .unwrap_or_else(|e| e.into_inner());
                *guard
            });
            if done {
                break Ok(());
            }
            if let Err(e) = py.check_signals() {
                break Err(e);
            }
            if let Some(cb) = progress {
                if let Err(e) = cb.call1((watch.done(), total)) {
                    break Err(e);
                }
            }
        };
        if outcome.is_err() {
            watch.cancel();
        }
        let joined = py.detach(|| handle.join());
        outcome?;
        let value = joined.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        if let Some(cb) = progress {
            cb.call1((total, total))?;
        }
        Ok(value)
    })
}

/// Plays `n_games` whole games in Rust (GIL released, rayon threads). Game `k` uses the random stream
/// `(seed, first_game + k)`, so results do not depend on `threads` or on chunking. Returns a dict of
/// numpy arrays: `returns` and `scores` (n_games, players) float64, `lengths` (n_games,) uint32.
/// `progress(done, total)` is called several times a second from the workers' completed-game counter
/// (and once at the end); Ctrl-C stops the workers and raises `KeyboardInterrupt`.
/// Sizes are checked before anything runs: `n_games` up to `batch::max_games`, `threads` up to
/// `MAX_THREADS` (InvalidParameterError naming the limit).
#[pyfunction]
#[pyo3(
    signature = (game, n_games, seed = None, bots = None, threads = None, first_game = None, progress = None),
    text_signature = "(game, n_games, seed=0, bots=None, threads=None, first_game=0, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    n_games: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    bots: Option<Vec<String>>,
    threads: Option<&Bound<'py, PyAny>>,
    first_game: Option<&Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let g = game_arg(game)?;
    let max = crate::batch::max_games(g.num_players());
    let n_games = convert::int_in(n_games, "n_games", 0, i128::MAX)?;
    if n_games > max as i128 {
        return Err(LudoError::param(
            "n_games",
            format!(
                "{n_games} is more than one call holds ({max} games of {} players); simulate in chunks \
                 with first_game",
                g.num_players()
            ),
        )
        .into());
    }
    let n_games = n_games as usize;
    let seed = convert::opt_u64(seed, "seed")?.unwrap_or(0);
    let first_game = convert::opt_u64(first_game, "first_game")?.unwrap_or(0);
    let threads = threads_arg(threads)?;
    let cfg = SimConfig {
        n_games,
        seed,
        first_game,
        bots: bots.unwrap_or_default(),
        threads,
    };
    let watch = Watch::default();
    let r = run_watched(py, &watch, n_games as u64, progress.as_ref(), || {
        g.simulate_watched(&cfg, &watch)
    })??;
    let np = r.num_players;
    let d = PyDict::new(py);
    d.set_item(
        "returns",
        PyArray1::from_vec(py, r.returns).reshape([n_games, np])?,
    )?;
    d.set_item("scores", PyArray1::from_vec(py, r.scores).reshape([n_games, np])?)?;
    d.set_item("lengths", PyArray1::from_vec(py, r.lengths))?;
    Ok(d)
}

/// Most games one `simulate` call of `game` plays (its results stay within 2 GiB); simulate more in
/// chunks with `first_game`, which gives the same games as one call.
#[pyfunction]
pub fn simulate_max_games(game: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(crate::batch::max_games(game_arg(game)?.num_players()))
}

/// Most environments one `VectorEnv` of `game` holds: its legal-action masks and observations stay
/// within 2 GiB ([`crate::batch::MAX_RESULT_BYTES`]), and never more than 2**20.
pub(crate) fn max_envs(game: &dyn DynGame) -> usize {
    let per_env = game.num_distinct_actions() + 4 * game.observation_shape().iter().product::<usize>() + 64;
    (crate::batch::MAX_RESULT_BYTES / per_env).min(1 << 20)
}

/// `n` environments of one game stepped together (pgx-style record as numpy arrays). Chance is resolved
/// inside, so every environment waits at a decision node or is terminated; terminated environments
/// stay so (all-True mask, zero rewards) until `reset`. `num_envs` is checked up front: at most
/// `VectorEnv.max_envs(game)` (masks and observations within 2 GiB, never more than 2**20), else
/// InvalidParameterError.
///
/// Example:
///
///     >>> import numpy as np, ludoteca
///     >>> env = ludoteca.VectorEnv("briscola", 8, seed=0)
///     >>> mask = env.legal_action_mask()                     # (8, 40) bool
///     >>> actions = mask.argmax(axis=1)                      # the first legal action of each
///     >>> env.step(actions).shape                            # rewards per seat
///     (8, 2)
#[pyclass(name = "VectorEnv", module = "ludoteca._core")]
pub struct PyVectorEnv {
    env: Box<dyn DynVectorEnv>,
    game: Arc<dyn DynGame>,
}

#[pymethods]
impl PyVectorEnv {
    /// `num_envs` is checked first: at most `VectorEnv.max_envs(game)` (InvalidParameterError).
    #[new]
    #[pyo3(signature = (game, num_envs, seed = None), text_signature = "(game, num_envs, seed=0)")]
    fn new(
        game: &Bound<'_, PyAny>,
        num_envs: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let g = game_arg(game)?;
        let num_envs = usize_in(num_envs, "num_envs", 1, max_envs(g.as_ref()))?;
        let seed = convert::opt_u64(seed, "seed")?.unwrap_or(0);
        Ok(PyVectorEnv {
            env: g.vector_env(num_envs, seed),
            game: g,
        })
    }
    /// Number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }
    /// The game.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            inner: Arc::clone(&self.game),
        }
    }
    /// Seat to act per environment (int32; TERMINAL = -4 once over).
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        let mut v = vec![0; self.env.num_envs()];
        self.env.write_current_player(&mut v);
        PyArray1::from_vec(py, v)
    }
    /// Legal actions, bool (num_envs, num_distinct_actions).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (n, a) = (self.env.num_envs(), self.env.num_actions());
        let mut v = vec![false; n * a];
        let env = &self.env;
        py.detach(|| env.write_legal_action_mask(&mut v));
        Ok(PyArray1::from_vec(py, v).reshape([n, a])?.into_any())
    }
    /// Whether each environment's game is over (bool).
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut v = vec![false; self.env.num_envs()];
        self.env.write_terminated(&mut v);
        PyArray1::from_vec(py, v)
    }
    /// Observations of the seat to move, float32 (num_envs, *observation_shape); written into `out`
    /// when given: a writable C-contiguous float32 array of shape (num_envs, *observation_shape) or
    /// (num_envs, prod(observation_shape)), else ShapeError.
    #[pyo3(signature = (out = None))]
    fn observe<'py>(&self, py: Python<'py>, out: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.env.num_envs();
        let shape = self.env.observation_shape();
        let k: usize = shape.iter().product();
        let mut full = vec![n];
        full.extend(shape);
        let env = &self.env;
        match out.filter(|o| !o.is_none()) {
            Some(obj) => {
                check_out_array(&obj, "out", &[full, vec![n, k]])?;
                {
                    let arr = obj.cast::<PyArrayDyn<f32>>()?;
                    let mut rw = arr.try_readwrite().map_err(|e| LudoError::Shape {
                        expected: "out: a writable float32 array not borrowed elsewhere".into(),
                        got: e.to_string(),
                    })?;
                    let slice = rw.as_slice_mut().map_err(|_| LudoError::Shape {
                        expected: "out: a C-contiguous array".into(),
                        got: "a strided view".into(),
                    })?;
                    py.detach(|| env.write_observations(slice));
                }
                Ok(obj)
            }
            None => {
                let mut v = vec![0f32; n * k];
                py.detach(|| env.write_observations(&mut v));
                Ok(PyArray1::from_vec(py, v).reshape(full)?.into_any())
            }
        }
    }
    /// Applies one action per environment (ignored where terminated) and returns the rewards, float32
    /// (num_envs, players). `actions` is a 1-D integer array of length num_envs (ShapeError otherwise).
    /// Every action is checked first: an illegal one raises IllegalActionError naming the environment,
    /// and nothing changes.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let (n, np) = (self.env.num_envs(), self.env.num_players());
        let raw = int_vector(py, actions, "actions", n)?;
        let limit = self.env.num_actions() as i64;
        let mut acts = Vec::with_capacity(raw.len());
        for (i, &a) in raw.iter().enumerate() {
            if a < 0 || a >= limit {
                return Err(LudoError::illegal(
                    a.clamp(0, u32::MAX as i64) as u32,
                    format!("#{a}"),
                    format!("environment {i}: action ids are 0..{}", limit - 1),
                )
                .into());
            }
            acts.push(a as u32);
        }
        let mut rewards = vec![0f32; n * np];
        let env = &mut self.env;
        py.detach(|| env.step(&acts, &mut rewards))?;
        Ok(PyArray1::from_vec(py, rewards).reshape([n, np])?.into_any())
    }
    /// Restarts the environments where `mask` is True (all of them when `mask` is None).
    #[pyo3(signature = (mask = None))]
    fn reset(&mut self, mask: Option<PyReadonlyArray1<'_, bool>>) -> PyResult<()> {
        match mask {
            None => Ok(self.env.reset(&[])?),
            Some(m) => {
                let m = m
                    .as_slice()
                    .map_err(|_| LudoError::Shape {
                        expected: "a contiguous bool array".into(),
                        got: "a strided view".into(),
                    })?
                    .to_vec();
                if m.is_empty() {
                    return Ok(());
                }
                Ok(self.env.reset(&m)?)
            }
        }
    }
    /// A copy of environment `i`'s state (explicit chance), for inspection.
    fn state(&self, i: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let i = usize_in(i, "i", 0, self.env.num_envs() - 1)?;
        let s = self.env.state(i).ok_or_else(|| {
            LudoError::param(
                "i",
                format!("environment {i} does not exist (0..{})", self.env.num_envs() - 1),
            )
        })?;
        Ok(PyState::new_from(Arc::clone(&self.game), s, None))
    }
    /// Most environments a `VectorEnv` of `game` may hold (masks and observations within 2 GiB).
    #[staticmethod]
    fn max_envs(game: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(max_envs(game_arg(game)?.as_ref()))
    }
    fn __repr__(&self) -> String {
        format!(
            "<VectorEnv {} num_envs={}>",
            self.env.game_string(),
            self.env.num_envs()
        )
    }
}
