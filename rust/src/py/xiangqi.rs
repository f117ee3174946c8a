//! Xiangqi and Jieqi extras for Python: perft, FEN in and out, ICCS/WXF conversion, Jieqi
//! determinization. Thin: every function converts, delegates to `games::xiangqi` and maps errors.

use super::convert::{opt_u64, u32_in, u64_arg, usize_in};
use super::state::PyState;
use crate::core::params::Params;
use crate::core::rng::Rng;
use crate::error::LudoError;
use crate::games::xiangqi::fen::{self, FenRules};
use crate::games::xiangqi::notation::{iccs, parse_iccs};
use crate::games::xiangqi::{Jieqi, JieqiState, Xiangqi, XiangqiState};
use crate::registry::Registered;
use pyo3::prelude::*;
use std::sync::Arc;

/// Leaf count `depth` plies deep from `fen` (the start position by default). Releases the GIL.
#[pyfunction]
#[pyo3(signature = (depth, fen = None))]
fn xiangqi_perft(py: Python<'_>, depth: u32, fen: Option<&str>) -> PyResult<u64> {
    let mut pos = fen::parse(fen.unwrap_or(fen::START_FEN), FenRules::Xiangqi)?.position;
    Ok(py.detach(|| pos.perft(depth, None)))
}

/// Builds the concrete game `G` from a game string such as `xiangqi(repetition_rule=draw)`.
fn load<G: Registered>(game: &str) -> PyResult<G> {
    let (name, raw) = Params::parse_game_string(game)?;
    if name != G::INFO.short_name {
        return Err(LudoError::param(
            "game",
            format!("expected a {} game string, got {game:?}", G::INFO.short_name),
        )
        .into());
    }
    Ok(G::from_raw(&raw)?)
}

/// A `xiangqi` state set up from a FEN (validated: `InvalidPositionError` for impossible positions).
#[pyfunction]
#[pyo3(signature = (fen, game = "xiangqi"))]
fn xiangqi_from_fen(fen: &str, game: &str) -> PyResult<PyState> {
    let g: Xiangqi = load(game)?;
    let state = g.state_from_fen(fen)?;
    Ok(PyState::new_from(Arc::new(g), Box::new(state), None))
}

/// A `jieqi` state from an extended FEN (`X`/`x` face down). Reveals are drawn from `seed` (fresh
/// OS entropy when `None`, like `Game.new_initial_state`) unless `explicit_chance`.
#[pyfunction]
#[pyo3(signature = (fen, game = "jieqi", seed = None, explicit_chance = false))]
fn jieqi_from_fen(
    fen: &str,
    game: &str,
    seed: Option<&Bound<'_, PyAny>>,
    explicit_chance: bool,
) -> PyResult<PyState> {
    let seed = opt_u64(seed, "seed")?;
    let g: Jieqi = load(game)?;
    let state = g.state_from_fen(fen)?;
    let rng = (!explicit_chance).then(|| Rng::new(seed.unwrap_or_else(fresh_seed)));
    Ok(PyState::new_from(Arc::new(g), Box::new(state), rng))
}

/// A seed from the OS-seeded hasher (the same source `State` uses when no seed is given).
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

/// The FEN of a `xiangqi` or `jieqi` state.
#[pyfunction]
fn xiangqi_fen(state: &PyState) -> PyResult<String> {
    if let Ok(s) = state.downcast_ref::<XiangqiState>() {
        return Ok(s.fen());
    }
    Ok(state.downcast_ref::<JieqiState>()?.fen())
}

/// WXF text (`C2.5`) of a legal action id in `state`.
#[pyfunction]
fn xiangqi_action_to_wxf(state: &PyState, action: &Bound<'_, PyAny>) -> PyResult<String> {
    let action = u32_in(action, "action", MAX_MOVE_ID)?;
    if let Ok(s) = state.downcast_ref::<XiangqiState>() {
        return Ok(s.action_to_wxf(action)?);
    }
    Ok(state.downcast_ref::<JieqiState>()?.action_to_wxf(action)?)
}

/// ICCS (`h2e2`) of a WXF move that is legal in `state`.
#[pyfunction]
fn xiangqi_wxf_to_iccs(state: &PyState, wxf: &str) -> PyResult<String> {
    let action = state.inner.string_to_action(wxf)?;
    Ok(state.inner.action_to_string(action))
}

/// WXF of an ICCS move that is legal in `state`.
#[pyfunction]
fn xiangqi_iccs_to_wxf(state: &PyState, iccs_text: &str) -> PyResult<String> {
    let action = parse_iccs(iccs_text)?.action();
    if let Ok(s) = state.downcast_ref::<XiangqiState>() {
        return Ok(s.action_to_wxf(action)?);
    }
    Ok(state.downcast_ref::<JieqiState>()?.action_to_wxf(action)?)
}

/// The largest move id (`from * 90 + to`).
const MAX_MOVE_ID: u32 = 90 * 90 - 1;

/// ICCS name of a move id (pure: `from * 90 + to`).
#[pyfunction]
fn xiangqi_action_to_iccs(action: &Bound<'_, PyAny>) -> PyResult<String> {
    let action = u32_in(action, "action", MAX_MOVE_ID)?;
    crate::games::xiangqi::board::Move::from_action(action)
        .map(iccs)
        .ok_or_else(|| LudoError::parse("move id", &action.to_string(), "move ids are 0..8099").into())
}

/// Move id of an ICCS text (`h2e2` -> `from * 90 + to`), legality not checked.
#[pyfunction]
fn xiangqi_iccs_to_action(text: &str) -> PyResult<u32> {
    Ok(parse_iccs(text)?.action())
}

/// A determinization of a Jieqi state for `player`: face-down pieces (and unseen captured ones)
/// get identities drawn uniformly from what `player` cannot rule out; the result has no chance nodes.
#[pyfunction]
fn jieqi_resample_hidden(
    state: &PyState,
    player: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
) -> PyResult<PyState> {
    let player = usize_in(player, "player", 0, 1)?;
    let seed = u64_arg(seed, "seed")?;
    let s = state.downcast_ref::<JieqiState>()?;
    let d = s.resample_hidden(player, seed)?;
    Ok(PyState::new_from(state.game.clone(), Box::new(d), None))
}

/// Leaf count of a Jieqi state (needs fixed identities, e.g. from `jieqi_resample_hidden`, once a
/// face-down piece would move below the root).
#[pyfunction]
fn jieqi_perft(py: Python<'_>, state: &PyState, depth: u32) -> PyResult<u64> {
    let s = state.downcast_ref::<JieqiState>()?.clone();
    Ok(py.detach(move || s.perft(depth)))
}

/// Adds the Xiangqi/Jieqi functions to `ludoteca._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(xiangqi_perft, m)?)?;
    m.add_function(wrap_pyfunction!(xiangqi_from_fen, m)?)?;
    m.add_function(wrap_pyfunction!(jieqi_from_fen, m)?)?;
    m.add_function(wrap_pyfunction!(xiangqi_fen, m)?)?;
    m.add_function(wrap_pyfunction!(xiangqi_action_to_wxf, m)?)?;
    m.add_function(wrap_pyfunction!(xiangqi_wxf_to_iccs, m)?)?;
    m.add_function(wrap_pyfunction!(xiangqi_iccs_to_wxf, m)?)?;
    m.add_function(wrap_pyfunction!(xiangqi_action_to_iccs, m)?)?;
    m.add_function(wrap_pyfunction!(xiangqi_iccs_to_action, m)?)?;
    m.add_function(wrap_pyfunction!(jieqi_resample_hidden, m)?)?;
    m.add_function(wrap_pyfunction!(jieqi_perft, m)?)?;
    Ok(())
}
