//! The one list of games. `load_game`, `registered_games`, the README table and the conformance tests
//! all read it, so a game added here cannot skip the tests.

use crate::core::game::GameInfo;
use crate::core::params::Params;
use crate::dynamic::DynGame;
use crate::error::{LudoError, Result};

pub use crate::core::registered::Registered;

type Loader = fn(&[(String, String)]) -> Result<Box<dyn DynGame>>;

fn loader<G: Registered>(raw: &[(String, String)]) -> Result<Box<dyn DynGame>> {
    Ok(Box::new(G::from_raw(raw)?))
}

/// Every registered game: one line each.
static REGISTRY: &[(&GameInfo, Loader)] = &[
    // Five players load Briscola Chiamata, its own rules value under the same name and parameters.
    (
        crate::games::briscola::Briscola::INFO,
        crate::games::briscola::load,
    ),
    (
        crate::games::schafkopf::Type::INFO,
        loader::<crate::games::schafkopf::Type>,
    ),
    (crate::games::solo::Type::INFO, loader::<crate::games::solo::Type>),
    (
        crate::games::tarok::Type::INFO,
        loader::<crate::games::tarok::Type>,
    ),
    (crate::games::zole::Type::INFO, loader::<crate::games::zole::Type>),
    (
        crate::games::reversis::Type::INFO,
        loader::<crate::games::reversis::Type>,
    ),
    (
        crate::games::calabrasella::Type::INFO,
        loader::<crate::games::calabrasella::Type>,
    ),
    (
        crate::games::tetka::Type::INFO,
        loader::<crate::games::tetka::Type>,
    ),
    (
        crate::games::twenty_four::TwentyFour::INFO,
        loader::<crate::games::twenty_four::TwentyFour>,
    ),
    (crate::games::go::Type::INFO, loader::<crate::games::go::Type>),
    (
        crate::games::go::rengo::Type::INFO,
        loader::<crate::games::go::rengo::Type>,
    ),
    (
        crate::games::xiangqi::Xiangqi::INFO,
        loader::<crate::games::xiangqi::Xiangqi>,
    ),
    (
        crate::games::xiangqi::Jieqi::INFO,
        loader::<crate::games::xiangqi::Jieqi>,
    ),
    (
        crate::games::carioca::Type::INFO,
        loader::<crate::games::carioca::Type>,
    ),
    (crate::games::razz::Type::INFO, loader::<crate::games::razz::Type>),
    (
        crate::games::samba::Type::INFO,
        loader::<crate::games::samba::Type>,
    ),
    (
        crate::games::skelly::Skelly::INFO,
        loader::<crate::games::skelly::Skelly>,
    ),
    (
        crate::games::east_west::Type::INFO,
        loader::<crate::games::east_west::Type>,
    ),
    (crate::games::kabu::Type::INFO, loader::<crate::games::kabu::Type>),
    (
        crate::games::tysiac::Type::INFO,
        loader::<crate::games::tysiac::Type>,
    ),
];

/// Static descriptions of every registered game, in registry order.
pub fn registered_games() -> Vec<&'static GameInfo> {
    REGISTRY.iter().map(|(info, _)| *info).collect()
}

/// Loads a game from a game string such as `"briscola(players=4)"`.
pub fn load_game(spec: &str) -> Result<Box<dyn DynGame>> {
    let (name, raw) = Params::parse_game_string(spec)?;
    match REGISTRY.iter().find(|(info, _)| info.short_name == name) {
        Some((_, load)) => load(&raw),
        None => Err(LudoError::UnknownGame {
            name,
            known: REGISTRY.iter().map(|(i, _)| i.short_name.to_string()).collect(),
        }),
    }
}

#[cfg(test)]
#[path = "conformance_tests.rs"]
mod conformance_tests;
