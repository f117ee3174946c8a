//! Pictures of a state: `State.to_svg`, `State._repr_svg_` and `State.to_png` hand the state to the
//! Python package `ludoteca.render`, where one renderer per game family draws what a viewer may see
//! from the state's public API (observation text, public boards). Rendering is not a hot path, and
//! keeping it in Python lets a new game get pictures without touching the compiled core.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// `ludoteca.render.<function>(state, viewer, *extra)`; a missing viewer is passed as None.
pub fn call<'py>(
    state: &Bound<'py, PyAny>,
    function: &str,
    viewer: Option<Bound<'py, PyAny>>,
    extra: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = state.py();
    let none = || py.None().into_bound(py);
    let mut args = vec![state.clone(), viewer.unwrap_or_else(none)];
    args.extend(extra);
    py.import("ludoteca.render")?
        .getattr(function)?
        .call1(PyTuple::new(py, args)?)
}
