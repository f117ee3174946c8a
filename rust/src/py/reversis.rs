//! Reversis extras for Python: the hand's payment record, each seat's chips and the pots, read from
//! the state itself (all of it public). Flat functions `reversis_*`; `ludoteca.games.reversis` wraps
//! them.

use super::state::PyState;
use crate::games::reversis::ReversisState;
use pyo3::prelude::*;

fn reversis(state: &PyState) -> PyResult<&ReversisState> {
    state.downcast_ref::<ReversisState>()
}

/// Every chip movement of the current hand, in order: `(payer, payee, chips, rule)`, accounts written
/// `"seat 2"` or `"pot 1"` (pots numbered from 1, oldest first, as they stood at that payment).
#[pyfunction]
fn reversis_payments(state: &PyState) -> PyResult<Vec<(String, String, i32, &'static str)>> {
    let s = reversis(state)?;
    Ok(s.extra
        .log
        .iter()
        .map(|p| (p.from.to_string(), p.to.to_string(), p.amount, p.rule.name()))
        .collect())
}

/// Each seat's chips now (the starting stack plus everything won, minus everything paid; may be
/// negative).
#[pyfunction]
fn reversis_chips(state: &PyState) -> PyResult<Vec<i32>> {
    let s = reversis(state)?;
    let start = s.rules().starting_chips();
    Ok(s.match_state.chips.iter().map(|c| start + c).collect())
}

/// The pots' sizes, oldest first (the last is the most recent), and whether the next remise doubles
/// the most recent pot (it was just formed by antes).
#[pyfunction]
fn reversis_pots(state: &PyState) -> PyResult<(Vec<i32>, bool)> {
    let m = &reversis(state)?.match_state;
    Ok((m.pots.to_vec(), m.first_remise_pending))
}

/// Registers the Reversis functions on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(reversis_payments, m)?)?;
    m.add_function(wrap_pyfunction!(reversis_chips, m)?)?;
    m.add_function(wrap_pyfunction!(reversis_pots, m)?)?;
    Ok(())
}
