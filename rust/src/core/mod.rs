//! The game vocabulary shared by every game: traits, parameters, the PRNG, dynamic dispatch.
pub mod dynamic;
pub mod game;
pub mod params;
pub mod registered;
pub mod rng;
pub mod serial;

pub use game::{Action, Bot, Game, GameInfo, Player, Setup, State, Utility, CHANCE, MAX_PLAYERS, TERMINAL};
pub use params::{DefaultValue, Kind, ParamSpec, Params, Value};
pub use registered::Registered;
pub use rng::Rng;
