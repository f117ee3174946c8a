//! The PyO3 layer: thin wrappers that convert, delegate and map errors. Nothing game-specific lives here
//! except the per-game extra bindings, one file each, registered below.

pub mod batch;
pub mod cards;
pub mod convert;
pub mod errors;
pub mod game;
pub mod go;
pub mod poker;
pub mod render;
pub mod reversis;
pub mod skelly;
pub mod state;
pub mod twenty_four;
pub mod xiangqi;

use pyo3::prelude::*;

/// The compiled core of ludoteca (`ludoteca._core`).
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("CHANCE", crate::core::CHANCE)?;
    m.add("TERMINAL", crate::core::TERMINAL)?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyGameInfo>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<batch::PyVectorEnv>()?;
    m.add_class::<cards::PyDeck>()?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::registered_games, m)?)?;
    m.add_function(wrap_pyfunction!(state::deserialize_state, m)?)?;
    m.add_function(wrap_pyfunction!(batch::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::simulate_max_games, m)?)?;
    // Per-game extras: one line each, e.g. `twenty_four::register(m)?;`.
    twenty_four::register(m)?;
    go::register(m)?;
    xiangqi::register(m)?;
    skelly::register(m)?;
    poker::register(m)?;
    reversis::register(m)?;
    Ok(())
}
