//! ludoteca: exact, fast engines for traditional card and board games.
//!
//! * [`core`]: the common game vocabulary ([`core::Game`], [`core::State`]), parameters, the PRNG.
//! * [`cards`]: decks as data and `CardSet` bitsets.
//! * [`trick`]: the generic trick-taking engine; each trick game is a rules value over it.
//! * [`games`]: one module per game.
//! * [`registry`]: the list of games behind `load_game`.
//! * [`batch`]: whole-game simulation and vectorised environments (rayon, no GIL).
//! * `py` (feature `python`): the thin PyO3 layer.
pub mod batch;
pub mod cards;
pub mod core;
pub mod dynamic;
pub mod error;

pub use error::{LudoError, Result};
pub mod games;
#[cfg(feature = "python")]
pub mod py;
pub mod registry;
pub mod trick;
