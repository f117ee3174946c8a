//! `Registered`: a game that can be loaded by name. It lives in `core` (games implement it; the
//! registry only lists them), so game modules need nothing from the registry.

use crate::core::game::{Game, GameInfo};
use crate::core::params::Params;
use crate::error::{LudoError, Result};

/// A game that can be loaded by name: its static description and a constructor from resolved params.
pub trait Registered: Game + Sized {
    /// The game's static description (name, parameters, presets, rules text, bots).
    const INFO: &'static GameInfo;
    /// Builds the game from parameters already checked against `INFO.params`.
    fn from_params(params: Params) -> Result<Self>;
    /// Builds the game from raw `key=value` pairs, resolved against `INFO.params` and its presets.
    fn from_raw(raw: &[(String, String)]) -> Result<Self> {
        Self::from_params(Params::resolve(Self::INFO.params, raw, Self::INFO.presets)?)
    }
    /// [`Registered::from_raw`] from borrowed pairs, as tests and examples write them:
    /// `Zole::from_pairs(&[("scope", "match")])`.
    fn from_pairs(pairs: &[(&str, &str)]) -> Result<Self> {
        let raw: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Self::from_raw(&raw)
    }
    /// Builds the game, with its concrete type, from a game string naming it (`"zole(scope=match)"`);
    /// `load_game` is the same, boxed, for any registered game.
    fn from_game_string(spec: &str) -> Result<Self> {
        let (name, raw) = Params::parse_game_string(spec)?;
        if name != Self::INFO.short_name {
            return Err(LudoError::parse(
                "game string",
                spec,
                format!("expected a {}(...) game string", Self::INFO.short_name),
            ));
        }
        Self::from_raw(&raw)
    }
}
