//! The generic trick-taking engine: one state machine (deal → (auction) → play ⇄ draw → score, chained
//! into a match) and per-game hooks ([`TrickRules`]). A new trick game is one rules file.
//!
//! Speed notes (whole random games are the hot path of `simulate`): `TrickState::play_out_random`
//! plays card after card without per-action dispatch and must draw exactly what the plain loop draws
//! (a test in `batch.rs` compares them for every registered example); random choices of cards avoid
//! data-dependent branches (`CardSet::nth_unchecked`, the key-based trick winner), since a
//! mispredicted branch costs more than the work around it. Rules help by answering
//! `extra_actions_in_play` truthfully and by supplying `SuitTables` when their trump order is fixed.
pub mod core;
pub mod deal;
pub mod encode;
pub mod follow;
pub mod queen_jack;
pub mod rules;
pub mod scoring;
pub mod state;
pub mod tables;
#[cfg(test)]
pub(crate) mod testing;

pub use self::core::{Phase, TrickCore};
pub use deal::{Packet, PacketDeal};
pub use rules::{DealOutcome, Effect, FaceUpRule, Slot, TrickRules};
pub use scoring::top_scorers_win;
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
