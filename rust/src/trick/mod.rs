//! The generic trick-taking engine: one state machine (deal → [auction] → play ⇄ draw → score, chained
//! into a match) and per-game hooks ([`TrickRules`]). A new trick game is one rules file.
pub mod core;
pub mod deal;
pub mod encode;
pub mod follow;
pub mod rules;
pub mod state;
pub mod tables;

pub use self::core::{Phase, TrickCore};
pub use deal::{Packet, PacketDeal};
pub use rules::{DealOutcome, Effect, FaceUpRule, Slot, TrickRules};
pub use state::{per_seat, TrickGame, TrickState};
pub use tables::SuitTables;

use crate::core::params::{DefaultValue, Kind, ParamSpec};

/// The `scope` parameter every trick game declares: one deal, or a whole match.
pub const SCOPE_PARAM: ParamSpec = ParamSpec {
    name: "scope",
    kind: Kind::Choice(&["deal", "match"]),
    default: DefaultValue::Str("deal"),
    doc: "deal: one deal is the game; match: deals are chained with dealer rotation until the match rule ends it",
};
