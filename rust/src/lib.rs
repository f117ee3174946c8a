//! ludoteca: exact, fast engines for traditional card and board games.
//!
//! The same engines the Python package `ludoteca` wraps, usable from Rust alone: add the crate with
//! `cargo add ludoteca` (the `python` feature, off by default, builds the PyO3 bindings instead).
//!
//! * [`core`]: the common game vocabulary ([`core::Game`], [`core::State`]), parameters, the PRNG.
//! * [`cards`]: decks as data and `CardSet` bitsets.
//! * [`trick`]: the generic trick-taking engine; each trick game is a rules value over it.
//! * [`rummy`]: multi-deck packs and meld rules shared by the rummy games (Carioca, Samba).
//! * `games`: one module per game, reached through [`registry::load_game`] (hidden: see Stability).
//! * [`poker`]: poker hand evaluators and the betting engine (Razz and the poker family).
//! * [`registry`]: the list of games behind `load_game`.
//! * [`batch`]: whole-game simulation and vectorised environments (rayon).
//! * `py` (feature `python`): the thin PyO3 layer.
//!
//! # Playing a game
//!
//! Games are loaded by game string, as in Python; a state is stepped with action ids:
//!
//! ```
//! use ludoteca::core::{Player, Rng};
//!
//! let game = ludoteca::registry::load_game("briscola(players=4)")?;
//! let mut state = game.new_state();
//! let mut rng = Rng::new(7);
//! let mut legal = Vec::new();
//! loop {
//!     match state.current_player() {
//!         Player::Terminal => break,
//!         Player::Chance => state.resolve_chance(&mut rng), // the deal, from the seed
//!         Player::Seat(_) => {
//!             state.legal_actions(&mut legal);
//!             let action = legal[rng.below(legal.len() as u32) as usize];
//!             state.apply_action(action)?;
//!         }
//!     }
//! }
//! let mut returns = vec![0.0; game.num_players()];
//! state.returns(&mut returns);
//! assert_eq!(returns.iter().sum::<f64>(), 0.0); // two teams: +1 and -1 each
//! # Ok::<(), ludoteca::LudoError>(())
//! ```
//!
//! Bad input is an error, never a panic:
//!
//! ```
//! let err = ludoteca::registry::load_game("briscola(players=9)").err().unwrap();
//! assert!(err.to_string().contains("players"));
//! ```
//!
//! # Simulating many games
//!
//! [`batch::SimConfig`] says how many games, the seed and the bots; game `i` always uses the random
//! stream `(seed, i)`, so the results do not depend on the number of threads:
//!
//! ```
//! use ludoteca::batch::SimConfig;
//!
//! let game = ludoteca::registry::load_game("zole")?;
//! let config = SimConfig { n_games: 1000, seed: 1, threads: Some(1), ..SimConfig::default() };
//! let result = game.simulate(&config)?;
//! assert_eq!(result.lengths.len(), 1000);
//! # Ok::<(), ludoteca::LudoError>(())
//! ```
//!
//! `examples/simulate.rs` is a complete program (`cargo run --release --example simulate -- zole 100000`).
//!
//! # Stability
//!
//! Semantic versioning covers the documented modules: loading games (`registry`), states and their
//! vocabulary (`core`, `dynamic`), simulation (`batch`), determinisation, cards, the engines (`trick`,
//! `rummy`, `poker`) and errors; it is checked on each release with cargo-semver-checks. What a game
//! *does* is versioned separately by its rules version (`registry::load_game(..)?.info().version`, also
//! written in records and serialised states): a rules fix bumps the game's rules version, not the crate's.
//! Each game's internal types (its rules value, per-deal state, stages) are hidden from these docs and
//! may change in any release.
pub mod batch;
pub mod cards;
pub mod core;
pub mod determinize;
pub mod dynamic;
pub mod error;

pub use error::{LudoError, Result};
// Each game's rules values, per-deal state and stages change with its rules (its rules version), not with
// the crate's API: they are reached through `registry::load_game` and the dynamic traits, and kept out of
// the documented API so that cargo-semver-checks (`make semver`) checks what users are promised.
#[doc(hidden)]
pub mod games;
pub mod poker;
#[cfg(feature = "python")]
pub mod py;
pub mod registry;
pub mod rummy;
pub mod trick;
