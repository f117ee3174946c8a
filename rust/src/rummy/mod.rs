//! The rummy family's shared machinery: multi-deck packs with a copy index per physical card
//! ([`bag`]), meld rules as pure functions ([`meld`]) and the action-name cache ([`names`]).
//! Carioca and Samba are rules modules over it.
pub mod bag;
pub mod meld;
pub mod names;

pub use bag::{kind_name, kind_of, parse_kind, rank_of, suit_of, KindCounts, Pack, PackSet, JOKER, KINDS};
pub use meld::{run_layouts, set_rank, Run, RunRules, SetRules};
