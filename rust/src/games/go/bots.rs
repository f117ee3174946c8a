//! Playout policies: `random` (uniform over the legal moves and pass) and `random_no_eye` (uniform
//! over the legal moves that do not fill one's own eye, and pass, as OpenSpiel's Go playouts do).
//!
//! Both draw with the engine's rejection sampler ([`super::playout::sample_move`]), so the accepted
//! move is uniform over the legal ones and legality is tested only for the points drawn. In the
//! marking phase both bots accept the proposal (the automatic marking); Rengo bots always keep the
//! rotation.

use super::engine::{Move, Phase};
use super::playout::sample_move;
use super::GoLike;
use crate::core::game::{Action, Bot};
use crate::core::rng::Rng;

/// The playout bot; `no_eye` selects `random_no_eye`.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutBot {
    /// Never fill one's own eye (`random_no_eye`).
    pub no_eye: bool,
}

impl<S: GoLike> Bot<S> for PlayoutBot {
    fn act(&self, state: &S, rng: &mut Rng) -> Action {
        let core = state.core();
        let mv = match core.phase {
            Phase::Marking => Move::Accept,
            Phase::Handicap { .. } => {
                let b = &core.board;
                match sample_move(b, core.to_move, rng, false, false, |_| true) {
                    Some(p) => Move::Place(b.point(p)),
                    None => Move::Pass, // unreachable: free handicap always fits (checked at load)
                }
            }
            _ => {
                let b = &core.board;
                match sample_move(b, core.to_move, rng, true, self.no_eye, |p| core.is_legal_cell(p)) {
                    Some(p) => Move::Place(b.point(p)),
                    None => Move::Pass,
                }
            }
        };
        state.action_of(mv)
    }
}
