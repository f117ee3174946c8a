//! The generic trick-taking engine: one state machine (deal → (auction) → play ⇄ draw → score, chained
//! into a match) and per-game hooks ([`TrickRules`]). A new trick game is one rules module.
//!
//! # The hook contract
//!
//! A rules value is immutable game configuration (built once by `from_params`); everything that
//! changes lives in three places the engine owns and hands to the hooks:
//!
//! * [`TrickCore`]: the cards (hands, trick, captured piles, stock, talon, face-up card), the seats
//!   (dealer, leader, `to_move`), the phase and the match ledger;
//! * `R::Extra`: the rules' per-deal state (auction, contract, called card, claims), reset to
//!   `Default` at every deal;
//! * `R::Match`: the rules' per-match state (Zole's chip pool; pots, marks, radli), reset only by a
//!   new game. It is public information: whatever a hook shows of it, every seat may see.
//!
//! Deciding hooks (`trump`, `suit_tables`, `strength`, `effective_suit`, `points`, `legal_plays`,
//! `trick_winner`, `next_dealer`, `known_cards`, observations, `score_deal`, `match_result`) get a
//! read-only [`TrickView`] of all three and must be pure functions of it (plus the rules value):
//! the engine calls them any number of times, in any order, also on copies and replays. Changing
//! hooks (`start_after_deal`, `apply_extra`, `after_trick`) get a [`TrickMut`] and run between engine
//! steps; they must leave the state consistent:
//!
//! * every card in exactly one place (hand, trick, captured pile, stock, talon, face-up, removed):
//!   the conformance tests check it after every action;
//! * the phase and `to_move` set for what comes next: `start_bidding(seat)` or `start_play(leader)`
//!   (or return `EndDeal` / `AfterDeal::Redeal`);
//! * nothing random: chance is the engine's (dealing and drawing); a hook never draws numbers;
//! * hidden information marked as such: `extra_visible` false for private extra actions (a discard),
//!   `known_cards` only for what a seat really knows (a partner's shown hand).
//!
//! Hooks may assume: `legal_plays` is asked only in `Play` with a non-empty hand; `apply_extra` only
//! with an offset `extra_legal` listed for the current state; `score_deal` once per finished deal,
//! before the ledger is updated with its outcome; `match_result` after it, with the ledger updated.
//! `extra_legal` lists offsets ascending, and `extra_name` / `parse_extra` are inverse pure
//! functions of the offset (action names never depend on the state). `extra_actions_in_play` must
//! be true if any extra action can be legal during `Play` (debug builds check it).
//!
//! # How to add a trick game
//!
//! 1. Write the rules in `rust/src/games/<game>/mod.rs`: a `struct <Game>Rules` resolved from
//!    parameters (`from_params`; declare [`SCOPE_PARAM`] and `first_dealer`, read them with
//!    [`Session::read`] and keep the [`Session`], returned by the `session` hook: it answers
//!    `is_match`, `first_dealer` and, for a match of `hands`/`deals`, `max_deals`), a
//!    `#[derive(Default)]` per-deal `Extra` and, if anything outlives a deal, a per-match `Match`
//!    (else `()`).
//! 2. The deck and the deal: `deck()` (a `cards::Deck`), `deal_slot` (usually a [`PacketDeal`]
//!    built once), `removed`, `next_dealer`.
//! 3. Trumps and following: return [`SuitTables`] from `suit_tables` (one table, or one per declared
//!    trump built with [`SuitTables::per_trump`]; the queen–jack family is in [`queen_jack`]) and
//!    the strength, effective suit, points and trick winner come for free; `must_follow` true adds
//!    the plain duty to follow the led effective suit (legal plays and the refusal's message).
//!    Further duties: the [`follow`] helpers (`follow_mask`, [`follow::obliged`] with the game's
//!    [`follow::Duties`], [`follow::hold_back`]) in `legal_plays`.
//! 4. Phases before play (auction, calls, widow exchange) are extra actions: number them with
//!    [`actions::Layout`], list them in `extra_legal`, apply them in `apply_extra`. An auction the
//!    eldest opens needs only `auction_first` true; any other start sets `start_after_deal` (the
//!    seat to speak with `core.start_bidding(seat)`, or a redeal).
//! 5. Scoring: `score_deal` (returns of a single deal, what the deal adds to the ledger, or a
//!    redeal; [`DealOutcome::settled`] when the two are the same), `match_result` (`None` until the
//!    match is over; [`top_scorers_win`] for fixed-length matches) and an honest `max_deals` where
//!    the session's match length is not the bound (redeals, a match to a target).
//! 6. Observations: the engine writes hands, tricks, captured cards and the ledger; add the game's
//!    own floats (`extra_observation_len`, `write_extra_observation`, `extra_observation_bounds`)
//!    and text (`describe_extra`), player-relative and without hidden cards.
//! 7. Register `pub type Type = TrickGame<<Game>Rules>` with one line in `registry.rs`, give `INFO`
//!    examples covering the variants, and write the rules' tests as concrete situations (a hand, a
//!    trick, a score at its boundary) in `games/<game>/tests.rs`, using the `trick::testing` helpers. The
//!    conformance tests (`cargo test` and `tests/test_api_conformance.py`) then check the API
//!    contract, card conservation and the no-leak swap for every example automatically; add golden
//!    playthroughs with `python tests/playthroughs.py --write`.
//!
//! No game module imports another game: a mechanism two games share belongs here.
//!
//! # Determinisation (`State.resample_hidden`, OpenSpiel's `resample_from_infostate`)
//!
//! Every trick game gets a sampler of the states a seat cannot tell apart from the real one without
//! writing code: [`crate::determinize`] replays the history with explicit chance, redraws the chance
//! outcomes the seat did not see, and keeps a proposal only if every action stays legal and the seat's
//! information state is unchanged (voids, announced marriages, seen talon and exchange cards are
//! enforced by the replay). A game plugs in by keeping three contracts the engine already asks for:
//! deal and draw chance outcomes are card ids drawn uniformly without replacement; `card_locations`
//! names each seat's hand `hand <seat>` and puts face-down cards in `stock`, `talon`, `widow`,
//! `skat` or another name listed in `determinize::HIDDEN_PLACES`; and
//! `information_state_string` states everything the seat has seen (it is what a sample must
//! reproduce). Two more things come from the engine with no code in the game: a card moved in public
//! (a face-up talon card, a face-up give, a card a seat is known to hold) keeps its deal in every sample
//! (`State::shown_cards`), and another seat's private choice (a face-down discard or give) is found
//! through the same `extra_visible_at` hook that writes the `?` lines of the information state, so it
//! is redrawn among that seat's legal choices (`State::action_seen_by`).
//! `tests/test_determinize.py` then checks the game through the registry.
//!
//! # Speed
//!
//! Whole random games are the hot path of `simulate`: `TrickState::play_out_random`
//! plays card after card without per-action dispatch and must draw exactly what the plain loop draws
//! (a test in `batch.rs` compares them for every registered example); random choices of cards avoid
//! data-dependent branches (`CardSet::nth_unchecked`, the key-based trick winner), since a
//! mispredicted branch costs more than the work around it. Rules help by answering
//! `extra_actions_in_play` truthfully and by supplying `SuitTables`.
pub mod actions;
pub mod auction;
pub mod core;
pub mod deal;
#[cfg(test)]
mod default_tests;
pub mod encode;
#[cfg(test)]
pub(crate) mod engine_tests;
pub mod follow;
pub mod queen_jack;
pub mod rules;
pub mod scoring;
pub mod session;
pub mod state;
pub mod tables;
#[cfg(test)]
pub(crate) mod testing;
pub mod widow;

pub use self::core::{Phase, TrickCore};
pub use deal::{Packet, PacketDeal};
pub use rules::{AfterDeal, DealOutcome, Effect, FaceUpRule, Slot, TrickMut, TrickRules, TrickView};
pub use scoring::top_scorers_win;
pub use session::Session;
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
