//! `Game` and `GameInfo` for Python: thin wrappers over the registry's `DynGame`.

use super::state::{replay, PyState, StateFormat};
use crate::core::dynamic::DynGame;
use crate::core::game::GameInfo;
use crate::core::params::{DefaultValue, Kind, Value};
use crate::registry;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Arc;

/// A loaded game: its rules and parameters are fixed. Made by `ludoteca.load_game`.
///
/// `new_initial_state(seed=...)` starts a game; `num_players()`, `bots()`, `rules()`, `game_string()`
/// (the canonical string, which `load_game` reads back) describe it. Games compare equal, hash and
/// pickle by their game string.
///
/// Example:
///
///     >>> import ludoteca
///     >>> game = ludoteca.load_game("go(board_size=9)")
///     >>> game.game_string(), game.num_players()
///     ('go(board_size=9)', 2)
#[pyclass(name = "Game", module = "ludoteca._core", frozen)]
pub struct PyGame {
    pub(crate) inner: Arc<dyn DynGame>,
}

pub(crate) fn value_to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Float(x) => x.into_pyobject(py)?.into_any(),
        Value::Str(s) => s.into_pyobject(py)?.into_any(),
    })
}

#[pymethods]
impl PyGame {
    /// The game's short name (`briscola`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.info().short_name
    }
    /// Resolved parameters (every declared parameter, defaults included).
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.inner.params().entries() {
            d.set_item(k, value_to_py(py, v)?)?;
        }
        Ok(d)
    }
    /// The canonical game string, e.g. `briscola(players=4)`.
    fn game_string(&self) -> String {
        self.inner.game_string()
    }
    /// Number of seats.
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    /// Size of the action space (chance outcomes included).
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }
    /// Exclusive bound on every chance outcome id (OpenSpiel's MaxChanceOutcomes).
    fn max_chance_outcomes(&self) -> usize {
        self.inner.max_chance_outcomes()
    }
    /// Upper bound on the number of actions in one game.
    fn max_game_length(&self) -> usize {
        self.inner.max_game_length()
    }
    /// Shape of `State.observation_tensor`.
    fn observation_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }
    /// `(min, max, sum)` of `State.returns()` at terminal states, derived from the scoring rules:
    /// every return lies in `[min, max]`; `sum` is what the returns always add up to (0 for zero-sum)
    /// or `None` for general-sum. `None` if the game does not declare it.
    fn utility(&self) -> Option<(f64, f64, Option<f64>)> {
        self.inner.utility().map(|u| (u.min, u.max, u.sum))
    }
    /// `(low, high)`: float32 arrays of `observation_shape()` bounding every element of
    /// `State.observation_tensor` (infinite where the encoding writes raw totals such as a match ledger).
    fn observation_bounds<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let shape = self.inner.observation_shape();
        let (low, high) = self.inner.observation_bounds();
        Ok((
            PyArray1::from_vec(py, low).reshape(shape.clone())?.into_any(),
            PyArray1::from_vec(py, high).reshape(shape)?.into_any(),
        ))
    }
    /// The rules as implemented, in brief.
    fn rules(&self) -> &'static str {
        self.inner.info().rules
    }
    /// Named presets: `{name: {param: value}}`.
    fn presets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        presets_dict(py, self.inner.info())
    }
    /// Names of the built-in bots.
    fn bots(&self) -> Vec<&'static str> {
        self.inner.info().bots.to_vec()
    }
    /// A new game from the start. Chance (dealing, drawing) is resolved from `seed` unless
    /// `explicit_chance` is true, in which case chance nodes are returned to the caller.
    /// With `setup` (the text of `State.setup()`: a FEN, an SGF setup) the game starts from that position.
    #[pyo3(signature = (seed = None, explicit_chance = false, setup = None))]
    fn new_initial_state(
        &self,
        seed: Option<&Bound<'_, PyAny>>,
        explicit_chance: bool,
        setup: Option<&str>,
    ) -> PyResult<PyState> {
        let seed = super::convert::opt_u64(seed, "seed")?;
        match setup {
            None => PyState::fresh(Arc::clone(&self.inner), seed, explicit_chance),
            Some(text) => PyState::fresh_from_setup(Arc::clone(&self.inner), text, seed, explicit_chance),
        }
    }
    /// Rebuilds a state from `State.serialize()` (for this game).
    fn deserialize(&self, text: &str) -> PyResult<PyState> {
        let fmt = StateFormat::parse(text)?;
        if fmt.game != self.inner.game_string() {
            return Err(crate::error::LudoError::parse(
                "serialized state",
                &fmt.game,
                format!("belongs to another game than {}", self.inner.game_string()),
            )
            .into());
        }
        replay(&fmt, Arc::clone(&self.inner))
    }
    fn __repr__(&self) -> String {
        format!("load_game({:?})", self.inner.game_string())
    }
    fn __str__(&self) -> String {
        self.inner.game_string()
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .map(|o| o.get().inner.game_string() == self.inner.game_string())
            .unwrap_or(false)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.game_string().hash(&mut h);
        h.finish()
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let load = py.import("ludoteca._core")?.getattr("load_game")?;
        PyTuple::new(
            py,
            [load, PyTuple::new(py, [self.inner.game_string()])?.into_any()],
        )
    }
}

fn presets_dict<'py>(py: Python<'py>, info: &GameInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, values) in info.presets {
        let inner = PyDict::new(py);
        for (k, v) in values.iter() {
            inner.set_item(k, v)?;
        }
        d.set_item(name, inner)?;
    }
    Ok(d)
}

/// Static description of a registered game.
#[pyclass(name = "GameInfo", module = "ludoteca._core", frozen)]
pub struct PyGameInfo {
    info: &'static GameInfo,
}

#[pymethods]
impl PyGameInfo {
    /// Stable short name used in game strings.
    #[getter]
    fn short_name(&self) -> &'static str {
        self.info.short_name
    }
    /// Display name.
    #[getter]
    fn long_name(&self) -> &'static str {
        self.info.long_name
    }
    /// Rules/encoding version.
    #[getter]
    fn version(&self) -> u32 {
        self.info.version
    }
    /// The rules in brief.
    #[getter]
    fn rules(&self) -> &'static str {
        self.info.rules
    }
    /// Built-in bot names.
    #[getter]
    fn bots(&self) -> Vec<&'static str> {
        self.info.bots.to_vec()
    }
    /// Game strings covering the game's variants.
    #[getter]
    fn examples(&self) -> Vec<&'static str> {
        self.info.examples.to_vec()
    }
    /// Parameters: a list of dicts with `name`, `type`, `default`, `doc` and `choices`/`min`/`max`.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let mut out = Vec::new();
        for spec in self.info.params {
            let d = PyDict::new(py);
            d.set_item("name", spec.name)?;
            d.set_item("doc", spec.doc)?;
            let default = match spec.default {
                DefaultValue::Bool(b) => Value::Bool(b),
                DefaultValue::Int(i) => Value::Int(i),
                DefaultValue::Float(x) => Value::Float(x),
                DefaultValue::Str(s) => Value::Str(s.to_string()),
            };
            d.set_item("default", value_to_py(py, &default)?)?;
            match spec.kind {
                Kind::Bool => d.set_item("type", "bool")?,
                Kind::Int { min, max } => {
                    d.set_item("type", "int")?;
                    d.set_item("min", min)?;
                    d.set_item("max", max)?;
                }
                Kind::Float { min, max } => {
                    d.set_item("type", "float")?;
                    d.set_item("min", min)?;
                    d.set_item("max", max)?;
                }
                Kind::Choice(options) => {
                    d.set_item("type", "choice")?;
                    d.set_item("choices", options.to_vec())?;
                }
            }
            out.push(d);
        }
        Ok(out)
    }
    /// Named presets: `{name: {param: value}}`.
    #[getter]
    fn presets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        presets_dict(py, self.info)
    }
    fn __repr__(&self) -> String {
        format!("<GameInfo {}>", self.info.short_name)
    }
}

/// Loads a game from a game string: a registered name, optionally with `key=value` parameters in
/// brackets, e.g. `"briscola"`, `"briscola(players=4,ruleset=american)"`, `"go(board_size=9)"`.
///
/// A preset (`ruleset=...`) sets several parameters at once; parameters given explicitly override
/// it. `ludoteca.registered_games()` (or `ludoteca games` in a shell) lists the names, and
/// `ludoteca rules NAME` the parameters with their defaults.
///
/// Raises `UnknownGameError` for an unknown name, `ParseError` for a malformed string and
/// `InvalidParameterError` for an unknown parameter or a value out of range.
///
/// Example:
///
///     >>> import ludoteca
///     >>> game = ludoteca.load_game("briscola(players=4)")
///     >>> game.num_players(), game.bots()
///     (4, ['random', 'greedy'])
///     >>> state = game.new_initial_state(seed=7)
///     >>> state.apply_action(state.legal_actions()[0])
#[pyfunction]
pub fn load_game(spec: &str) -> PyResult<PyGame> {
    Ok(PyGame {
        inner: Arc::from(registry::load_game(spec)?),
    })
}

/// Every registered game, in registry order, as `GameInfo` records (name, rules, parameters, presets,
/// bots, example game strings).
///
/// Example:
///
///     >>> import ludoteca
///     >>> [info.short_name for info in ludoteca.registered_games()][:2]
///     ['briscola', 'schafkopf']
///     >>> ludoteca.registered_games()[0].bots
///     ['random', 'greedy']
#[pyfunction]
pub fn registered_games() -> Vec<PyGameInfo> {
    registry::registered_games()
        .into_iter()
        .map(|info| PyGameInfo { info })
        .collect()
}
