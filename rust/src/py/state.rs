//! `State` for Python: a boxed game state plus, unless chance is explicit, the seeded random stream that
//! resolves dealing and drawing inside Rust.

use super::convert::{self, int_in};
use super::game::PyGame;
use crate::core::dynamic::{DynGame, DynState};
use crate::core::game::{Action, Player, Setup};
use crate::core::rng::Rng;
use crate::core::serial::StateText;
use crate::error::LudoError;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Arc;

/// A game position. Methods follow OpenSpiel's names in snake_case. Made by
/// `Game.new_initial_state`.
///
/// `current_player()` is a seat, `ludoteca.CHANCE` (only with `explicit_chance=True`) or
/// `ludoteca.TERMINAL`; `legal_actions()` lists action ids, `apply_action` takes an id or a name,
/// `observation_string(seat)` shows only what that seat may see, `returns()` and `scores()` give the
/// result. States copy (`clone()`), pickle and compare equal when they are the same game at the same
/// point.
///
/// Example:
///
///     >>> import ludoteca
///     >>> state = ludoteca.load_game("briscola").new_initial_state(seed=1)
///     >>> while not state.is_terminal():
///     ...     state.apply_action(state.bot_action("greedy", seed=0))
///     >>> sum(state.scores())
///     120.0
#[pyclass(name = "State", module = "ludoteca._core")]
pub struct PyState {
    pub(crate) game: Arc<dyn DynGame>,
    pub(crate) inner: Box<dyn DynState>,
    /// `None` when chance is explicit (chance nodes are exposed to the caller).
    pub(crate) rng: Option<Rng>,
}

/// Draws a seed from the OS-seeded hasher when the caller gives none.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0),
    );
    h.finish()
}

impl PyState {
    /// Wraps a concrete state (for game-specific constructors such as `from_fen`). Chance stays explicit
    /// unless `rng` is given.
    pub fn new_from(game: Arc<dyn DynGame>, inner: Box<dyn DynState>, rng: Option<Rng>) -> Self {
        let mut s = PyState { game, inner, rng };
        s.resolve_chance();
        s
    }

    pub(crate) fn fresh(game: Arc<dyn DynGame>, seed: Option<u64>, explicit_chance: bool) -> PyResult<Self> {
        let inner = game.new_state();
        let rng = (!explicit_chance).then(|| Rng::new(seed.unwrap_or_else(fresh_seed)));
        Ok(PyState::new_from(game, inner, rng))
    }

    /// A state set up from `text` (`State.setup()`), chance seeded unless explicit.
    pub(crate) fn fresh_from_setup(
        game: Arc<dyn DynGame>,
        text: &str,
        seed: Option<u64>,
        explicit_chance: bool,
    ) -> PyResult<Self> {
        let inner = game.new_state_from_setup(text)?;
        let rng = (!explicit_chance).then(|| Rng::new(seed.unwrap_or_else(fresh_seed)));
        Ok(PyState::new_from(game, inner, rng))
    }

    /// The concrete state, if it is of type `T` (game-specific bindings).
    pub fn downcast_ref<T: 'static>(&self) -> PyResult<&T> {
        self.inner
            .as_any()
            .downcast_ref::<T>()
            .ok_or_else(|| PyTypeError::new_err(format!("this is a {} state", self.game.info().short_name)))
    }

    /// Mutable access to the concrete state. Callers must keep chance resolution in mind: call
    /// `resolve_chance` after changing it if the state may now be at a chance node.
    pub fn downcast_mut<T: 'static>(&mut self) -> PyResult<&mut T> {
        let name = self.game.info().short_name;
        self.inner
            .as_any_mut()
            .downcast_mut::<T>()
            .ok_or_else(|| PyTypeError::new_err(format!("this is a {name} state")))
    }

    /// With seeded chance, advances through chance nodes.
    pub fn resolve_chance(&mut self) {
        if let Some(rng) = self.rng.as_mut() {
            self.inner.resolve_chance(rng);
        }
    }

    fn check_player(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let n = self.game.num_players();
        match player.filter(|p| !p.is_none()) {
            None => Ok(match self.inner.current_player() {
                Player::Seat(s) => s,
                _ => 0,
            }),
            Some(p) => {
                let seat = int_in(p, "player", i128::MIN, i128::MAX)?;
                if (0..n as i128).contains(&seat) {
                    Ok(seat as usize)
                } else {
                    Err(LudoError::param(
                        "player",
                        format!(
                            "seat {} does not exist: this game has seats 0..{}",
                            convert::short_repr(p),
                            n - 1
                        ),
                    )
                    .into())
                }
            }
        }
    }

    fn to_action(&self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        if let Ok(text) = action.extract::<String>() {
            return Ok(self.inner.string_to_action(&text)?);
        }
        let id = match int_in(action, "action", i128::MIN, i128::MAX) {
            Ok(id) => id,
            Err(e) if e.is_instance_of::<PyTypeError>(action.py()) => {
                return Err(PyTypeError::new_err(format!(
                    "an action is an int id or an action name (str), got {} {}",
                    action
                        .get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default(),
                    convert::short_repr(action)
                )))
            }
            // Beyond i128: out of range like any other id.
            Err(_) => i128::MAX,
        };
        if self.inner.current_player() == Player::Terminal {
            return Err(LudoError::GameOver.into());
        }
        if id < 0 || id >= self.game.num_distinct_actions() as i128 {
            let id = convert::short_repr(action);
            return Err(LudoError::illegal(
                0,
                "",
                format!(
                    "{id} is not one of {}'s action ids (0..{})",
                    self.game.info().short_name,
                    self.game.num_distinct_actions() - 1
                ),
            )
            .into());
        }
        Ok(id as Action)
    }

    fn serialize_text(&self) -> PyResult<String> {
        Ok(StateText::of(&*self.game, &*self.inner, self.rng.as_ref())?.write())
    }
}

/// The parsed text of `State.serialize()` (the format lives in `core::serial`; the old name stays).
pub(crate) use crate::core::serial::StateText as StateFormat;

/// Replays a parsed state text onto `game`: the seeded pair (state, stream) from `core::serial`,
/// wrapped for Python. A seeded state never waits at a chance node: a history cut at one (edited or
/// truncated text) is resolved from the restored stream, as `apply_action` would have done.
pub(crate) fn replay(fmt: &StateText, game: Arc<dyn DynGame>) -> PyResult<PyState> {
    let seeded = fmt.replay(&*game)?;
    Ok(PyState::new_from(game, seeded.state, seeded.rng))
}
#[pymethods]
impl PyState {
    /// Seat to act, `CHANCE` (-1) at chance nodes, `TERMINAL` (-4) when the game is over.
    fn current_player(&self) -> i32 {
        self.inner.current_player().to_i32()
    }
    /// Legal action ids in ascending order (chance outcomes at chance nodes; empty when over).
    fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.inner.legal_actions(&mut v);
        v
    }
    /// Boolean mask over `num_distinct_actions()`: True where the action is legal.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.game.num_distinct_actions()];
        let mut v = Vec::new();
        self.inner.legal_actions(&mut v);
        for a in v {
            mask[a as usize] = true;
        }
        PyArray1::from_vec(py, mask)
    }
    /// Applies an action (id or name). Raises IllegalActionError naming the rule if it is not legal;
    /// GameOverError when the game is over. With seeded chance, chance nodes that follow are resolved.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = self.to_action(action)?;
        self.inner.apply_action(a)?;
        self.resolve_chance();
        Ok(())
    }
    /// Name of an action id; a pure function of the id.
    fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let action = int_in(action, "action", i128::MIN, i128::MAX)?;
        if action < 0 || action >= self.game.num_distinct_actions() as i128 {
            return Err(LudoError::param(
                "action",
                format!(
                    "{action} is not an action id of {} (0..{})",
                    self.game.info().short_name,
                    self.game.num_distinct_actions() - 1
                ),
            )
            .into());
        }
        Ok(self.inner.action_to_string(action as Action))
    }
    /// Parses an action name (`"A♠"`, `"as"`, `"claim"`); raises ParseError.
    fn string_to_action(&self, text: &str) -> PyResult<Action> {
        Ok(self.inner.string_to_action(text)?)
    }
    /// True when the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.current_player() == Player::Terminal
    }
    /// The position the game started from when it is not the standard start (a FEN for Xiangqi and
    /// Jieqi, an SGF setup for Go), as `Game.new_initial_state(setup=...)` reads it; None for the
    /// standard start. InvalidParameterError when the state cannot be replayed from any text (a
    /// `jieqi.resample_hidden` sample).
    fn setup(&self) -> PyResult<Option<String>> {
        match self.inner.setup() {
            Setup::Standard => Ok(None),
            Setup::Text(t) => Ok(Some(t)),
            Setup::Unrepresentable(why) => {
                Err(LudoError::param("state", format!("has no setup text: {why}")).into())
            }
        }
    }
    /// How the game ended outside its actions (`"resign 1"` in Go), or None.
    fn ending(&self) -> Option<String> {
        self.inner.ending()
    }
    /// Ends the game as an `ending()` text says (replaying a record or a serialised state); ParseError
    /// if the game has no such ending. The state is unchanged on error.
    fn apply_ending(&mut self, text: &str) -> PyResult<()> {
        Ok(self.inner.apply_ending(text)?)
    }
    /// True at a chance node (only with `explicit_chance=True`).
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == Player::Chance
    }
    /// Whether chance nodes are exposed (True) or resolved from the seed (False).
    fn is_explicit_chance(&self) -> bool {
        self.rng.is_none()
    }
    /// `(action, probability)` pairs at a chance node; NodeKindError elsewhere.
    fn chance_outcomes(&self) -> PyResult<Vec<(Action, f64)>> {
        if self.inner.current_player() != Player::Chance {
            return Err(LudoError::NodeKind {
                expected: "chance".into(),
                found: node_kind(self.inner.current_player()).into(),
            }
            .into());
        }
        let mut v = Vec::new();
        self.inner.chance_outcomes(&mut v);
        Ok(v)
    }
    /// Utility per seat (final when the game is over, zero before for one-shot games).
    fn returns(&self) -> Vec<f64> {
        let mut v = vec![0.0; self.game.num_players()];
        self.inner.returns(&mut v);
        v
    }
    /// Reward per seat for the last transition.
    fn rewards(&self) -> Vec<f64> {
        let mut v = vec![0.0; self.game.num_players()];
        self.inner.rewards(&mut v);
        v
    }
    /// Game-specific result numbers per seat (card points of the deal; match totals in a match).
    fn scores(&self) -> Vec<f64> {
        let mut v = vec![0.0; self.game.num_players()];
        self.inner.scores(&mut v);
        v
    }
    /// What `player` (default: the player to move) sees, as text.
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        Ok(self.inner.observation_string(self.check_player(player)?))
    }
    /// What `player` (default: the player to move) sees, as float32 of `Game.observation_shape()`.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = self.check_player(player)?;
        let shape = self.game.observation_shape();
        let mut buf = vec![0f32; shape.iter().product()];
        self.inner.write_observation(p, &mut buf);
        Ok(PyArray1::from_vec(py, buf).reshape(shape)?.into_any())
    }
    /// Everything `player` (default: the player to move) has observed since the start, as text.
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        Ok(self.inner.information_state_string(self.check_player(player)?))
    }
    /// Every action applied so far (chance included), as ids; from ply `start` on when given (the
    /// actions since a known point, without copying a long game's whole history each time).
    #[pyo3(signature = (start = None))]
    fn history(&self, start: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Action>> {
        let all = self.inner.history();
        let from = match start {
            None => 0,
            Some(s) => int_in(s, "start", 0, all.len() as i128)? as usize,
        };
        Ok(all[from..].to_vec())
    }
    /// Card games: `{place: [card ids]}` for every place a card can be; None for other games.
    fn card_locations<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(locs) = self.inner.card_locations() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        for (k, v) in locs {
            d.set_item(k, v)?;
        }
        Ok(Some(d))
    }
    /// The action a built-in bot picks here (`Game.bots()` lists the names).
    #[pyo3(signature = (bot = "random", seed = None))]
    fn bot_action(&self, bot: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Action> {
        let seed = convert::opt_u64(seed, "seed")?;
        let mut rng = Rng::new(seed.unwrap_or_else(fresh_seed));
        Ok(self.game.bot_action(bot, self.inner.as_ref(), &mut rng)?)
    }
    /// A state drawn (near) uniformly from those `player` cannot tell apart from this one: the same
    /// public history and own cards, an equal `information_state_string(player)`, the hidden chance
    /// outcomes redrawn and checked by replaying the history (see `ludoteca.determinize`). Seeded by
    /// `seed`; the sample has explicit chance. InvalidParameterError for a seat out of range, a state
    /// whose chance is not explicit, or no consistent sample found.
    fn resample_hidden(&self, player: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let n = self.game.num_players();
        let seat: i64 = player.extract()?;
        if !(0..n as i64).contains(&seat) {
            return Err(LudoError::param(
                "player",
                format!("player must be a seat in 0..{}, got {seat}", n - 1),
            )
            .into());
        }
        let seed = convert::u64_arg(seed, "seed")?;
        if let Some(j) = self
            .inner
            .as_any()
            .downcast_ref::<crate::games::xiangqi::JieqiState>()
        {
            // Jieqi's own exact sampler (identities of face-down pieces; no chance left).
            let d = j.resample_hidden(seat as usize, seed)?;
            return Ok(PyState::new_from(Arc::clone(&self.game), Box::new(d), None));
        }
        if self.rng.is_some() {
            return Err(LudoError::param(
                "state",
                "resample_hidden needs a state made with explicit_chance=True (its deals are in the history)",
            )
            .into());
        }
        let s = crate::determinize::resample_hidden(&*self.game, &*self.inner, seat as usize, seed)?;
        Ok(PyState::new_from(Arc::clone(&self.game), s, None))
    }
    /// The game this state belongs to.
    fn get_game(&self) -> PyGame {
        PyGame {
            inner: Arc::clone(&self.game),
        }
    }
    /// An independent copy (with its own copy of the chance stream).
    fn clone(&self) -> PyState {
        PyState {
            game: Arc::clone(&self.game),
            inner: self.inner.clone_box(),
            rng: self.rng.clone(),
        }
    }
    fn __copy__(&self) -> PyState {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }
    /// Text form: game string, chance mode (with the stream state), the setup if any, the history and an
    /// ending outside the actions (a resignation) if any; see `deserialize_state`.
    fn serialize(&self) -> PyResult<String> {
        self.serialize_text()
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let f = py.import("ludoteca._core")?.getattr("deserialize_state")?;
        PyTuple::new(py, [f, PyTuple::new(py, [self.serialize_text()?])?.into_any()])
    }
    /// An SVG picture of what seat `viewer` sees (None: everything), drawn by `ludoteca.render`.
    #[pyo3(signature = (viewer = None))]
    fn to_svg<'py>(slf: &Bound<'py, Self>, viewer: Option<Bound<'py, PyAny>>) -> PyResult<String> {
        super::render::call(slf.as_any(), "to_svg", viewer, None)?.extract()
    }
    /// Jupyter's picture of the state: the omniscient `to_svg()`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        super::render::call(slf.as_any(), "to_svg", None, None)?.extract()
    }
    /// The picture of `to_svg(viewer)` as PNG bytes, `scale` times its size (`ludoteca[png]`).
    #[pyo3(signature = (viewer = None, scale = 1.0))]
    fn to_png<'py>(
        slf: &Bound<'py, Self>,
        viewer: Option<Bound<'py, PyAny>>,
        scale: f64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let scale = scale.into_pyobject(slf.py())?.into_any();
        super::render::call(slf.as_any(), "to_png", viewer, Some(scale))
    }
    /// Equal when both are the same game at the same point: same setup, same history, same ending and
    /// the same chance mode and stream (so a pickled or deserialised state equals its original).
    /// States are mutable, so they are not hashable.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(o) = other.cast::<PyState>() else {
            return false;
        };
        let Ok(o) = o.try_borrow() else {
            return false; // `o` is `self` borrowed mutably elsewhere: cannot happen for `a == a`
        };
        match (self.serialize_text(), o.serialize_text()) {
            (Ok(a), Ok(b)) => a == b,
            // A state without a text form (a setup that cannot be written) is only equal to itself.
            _ => std::ptr::eq(self, &*o),
        }
    }
    fn __str__(&self) -> String {
        self.inner.to_display()
    }
    fn __repr__(&self) -> String {
        format!(
            "<State {} move={} player={}>",
            self.game.game_string(),
            self.inner.history().len(),
            self.inner.current_player().to_i32()
        )
    }
}

fn node_kind(p: Player) -> &'static str {
    match p {
        Player::Seat(_) => "decision",
        Player::Chance => "chance",
        Player::Terminal => "terminal",
    }
}

/// Rebuilds a state from the text of `State.serialize()`: the game string, the chance mode (with the
/// random stream's state), any setup position and the history are replayed and checked.
///
/// Raises `ParseError` for malformed text and `IllegalActionError` when the history does not replay.
///
/// Example:
///
///     >>> import ludoteca
///     >>> state = ludoteca.load_game("briscola").new_initial_state(seed=3)
///     >>> state.apply_action(state.legal_actions()[0])
///     >>> ludoteca.deserialize_state(state.serialize()) == state
///     True
#[pyfunction]
pub fn deserialize_state(text: &str) -> PyResult<PyState> {
    let fmt = StateText::parse(text)?;
    let game: Arc<dyn DynGame> = Arc::from(crate::registry::load_game(&fmt.game)?);
    replay(&fmt, game)
}
