//! Go and Rengo extras for Python: SGF, the final score, resignation, diagrams, names.

use super::game::PyGame;
use super::state::PyState;
use crate::core::dynamic::{DynGame, DynState};
use crate::error::LudoError;
use crate::games::go::rengo::{RengoGame, RengoState};
use crate::games::go::score::Score;
use crate::games::go::{sgf, GoGame, GoState};
use crate::registry::Registered;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

fn go_game(state: &PyState) -> PyResult<GoGame> {
    Ok(GoGame::from_game_string(&state.game.game_string())?)
}

fn rengo_game(state: &PyState) -> PyResult<RengoGame> {
    Ok(RengoGame::from_game_string(&state.game.game_string())?)
}

fn not_go() -> PyErr {
    PyTypeError::new_err("expected a go or rengo state")
}

/// The SGF record of a Go or Rengo game (Rengo adds team names and the seat of every play).
#[pyfunction]
fn go_to_sgf(state: &PyState) -> PyResult<String> {
    if let Ok(s) = state.downcast_ref::<GoState>() {
        return Ok(sgf::to_sgf(&go_game(state)?, s));
    }
    if let Ok(s) = state.downcast_ref::<RengoState>() {
        return Ok(sgf::rengo_to_sgf(&rengo_game(state)?, s));
    }
    Err(not_go())
}

/// Reads an SGF record (main line) into a State after its last move: `rengo` when the record's
/// `LU` property names a rengo game (as `go_to_sgf` writes it), else `go`.
#[pyfunction]
fn go_from_sgf(text: &str) -> PyResult<PyState> {
    let (game, state): (Arc<dyn DynGame>, Box<dyn DynState>) = match sgf::read_sgf(text)? {
        sgf::SgfGame::Go(g, s) => (Arc::new(g), Box::new(s)),
        sgf::SgfGame::Rengo(g, s) => (Arc::new(g), Box::new(s)),
    };
    Ok(PyState::new_from(game, state, None))
}

/// A Python int as a side (0 Black, 1 White), through the shared conversion layer: any other int,
/// however large, is an `InvalidParameterError` naming `name` (not an `OverflowError`); a non-int is a
/// `TypeError`.
fn side_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    super::convert::usize_in(value, name, 0, 1)
}

fn score_dict<'py>(py: Python<'py>, s: &Score) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("black", s.black)?;
    d.set_item("white", s.white)?;
    d.set_item("stones", s.stones.to_vec())?;
    d.set_item("territory", s.territory.to_vec())?;
    d.set_item("prisoners", s.prisoners.to_vec())?;
    d.set_item("komi", s.komi)?;
    d.set_item("handicap_points", s.handicap_points)?;
    d.set_item("adjustment", s.adjustment.to_vec())?;
    Ok(d)
}

/// Both sides' totals and their parts: the final count once over, else the count of the position
/// with the current dead-stone marking.
#[pyfunction]
fn go_final_score<'py>(py: Python<'py>, state: &PyState) -> PyResult<Bound<'py, PyDict>> {
    if let Ok(s) = state.downcast_ref::<GoState>() {
        return score_dict(py, &s.final_score());
    }
    if let Ok(s) = state.downcast_ref::<RengoState>() {
        return score_dict(py, &s.final_score());
    }
    Err(not_go())
}

/// The SGF-style result (`B+3.5`, `W+R`, `Void`...) or None while the game runs.
#[pyfunction]
fn go_result(state: &PyState) -> PyResult<Option<String>> {
    if let Ok(s) = state.downcast_ref::<GoState>() {
        return Ok(s.result());
    }
    if let Ok(s) = state.downcast_ref::<RengoState>() {
        return Ok(s.result());
    }
    Err(not_go())
}

/// Side `side` (0 Black, 1 White; the team in Rengo) resigns, at any time.
#[pyfunction]
fn go_resign(state: &mut PyState, side: &Bound<'_, PyAny>) -> PyResult<()> {
    let side = side_arg(side, "side")?;
    if let Ok(s) = state.downcast_mut::<GoState>() {
        return Ok(s.resign(side)?);
    }
    if let Ok(s) = state.downcast_mut::<RengoState>() {
        return Ok(s.resign(side)?);
    }
    Err(not_go())
}

/// A position from an ASCII diagram (`X` black, `O` white, `.` empty, top row first) with `to_move`
/// (0 Black, 1 White) to play. Its history starts at the diagram.
#[pyfunction]
fn go_from_diagram(game: &PyGame, diagram: &str, to_move: &Bound<'_, PyAny>) -> PyResult<PyState> {
    let to_move = side_arg(to_move, "to_move")?;
    let spec = game.inner.game_string();
    let inner: Box<dyn crate::core::dynamic::DynState> = match game.inner.info().short_name {
        "go" => Box::new(GoState::from_diagram(
            &GoGame::from_game_string(&spec)?,
            diagram,
            to_move,
        )?),
        "rengo" => Box::new(RengoState::from_diagram(
            &RengoGame::from_game_string(&spec)?,
            diagram,
            to_move,
        )?),
        other => return Err(LudoError::param("game", format!("expected go or rengo, got {other}")).into()),
    };
    Ok(PyState::new_from(game.inner.clone(), inner, None))
}

/// Sets the names recorded in SGF: players (`PB`/`PW`) for Go, teams (`BT`/`WT`) for Rengo.
#[pyfunction]
fn go_set_names(state: &mut PyState, black: &str, white: &str) -> PyResult<()> {
    if let Ok(s) = state.downcast_mut::<GoState>() {
        s.set_player_names(black, white);
        return Ok(());
    }
    if let Ok(s) = state.downcast_mut::<RengoState>() {
        s.set_team_names(black, white);
        return Ok(());
    }
    Err(not_go())
}

/// The board as lists of ints 0 (empty), 1 (black), 2 (white); row 0 is the bottom row (GTP row
/// 1). (`u16`, not `u8`: PyO3 turns a `Vec<u8>` into `bytes`.)
#[pyfunction]
fn go_board(state: &PyState) -> PyResult<Vec<Vec<u16>>> {
    let core = if let Ok(s) = state.downcast_ref::<GoState>() {
        s.core()
    } else if let Ok(s) = state.downcast_ref::<RengoState>() {
        s.core()
    } else {
        return Err(not_go());
    };
    let n = core.rules.size;
    Ok((0..n)
        .map(|r| {
            (0..n)
                .map(|c| core.board.at(core.board.cell(r * n + c)) as u16)
                .collect()
        })
        .collect())
}

/// Rengo: the out-of-sequence plays so far, as (index in the history, seat).
#[pyfunction]
fn rengo_rotation_errors(state: &PyState) -> PyResult<Vec<(usize, usize)>> {
    Ok(state.downcast_ref::<RengoState>()?.rotation_errors().to_vec())
}

/// Adds the Go functions to `ludoteca._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(go_to_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(go_from_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(go_final_score, m)?)?;
    m.add_function(wrap_pyfunction!(go_result, m)?)?;
    m.add_function(wrap_pyfunction!(go_resign, m)?)?;
    m.add_function(wrap_pyfunction!(go_from_diagram, m)?)?;
    m.add_function(wrap_pyfunction!(go_set_names, m)?)?;
    m.add_function(wrap_pyfunction!(go_board, m)?)?;
    m.add_function(wrap_pyfunction!(rengo_rotation_errors, m)?)?;
    Ok(())
}
