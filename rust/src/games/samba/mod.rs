//! Samba (Canasta with sequences), four players in two partnerships. Rules:
//! the rules specification §11, resolutions SA-1..SA-11.
//!
//! Status: the rules are written as pure functions over the shared rummy machinery ([`rules`]): card
//! values, meld legality, the initial-meld minimum, taking the discard pile, going out and hand scoring.
//! The game itself (state, actions, observations) is not written yet and the game is not registered.
pub mod rules;
