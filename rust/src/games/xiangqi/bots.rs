//! Bots for Xiangqi and Jieqi: `random` ([`UniformBot`], the states' allocation-free
//! `random_action`: exactly uniform over the legal moves by rejection sampling) and `greedy` ([`GreedyBot`]: takes the most valuable piece it can, a face-down Jieqi
//! piece counting as an average piece, otherwise plays a uniformly random legal move).

use super::board::*;
use super::jieqi::JieqiState;
use super::state::XiangqiState;
use crate::core::game::{Action, Bot, State};
use crate::core::rng::Rng;

/// Uniformly random legal move: the game's own `State::random_action` (rejection sampling over
/// the pseudo-legal moves, see [`Position::random_legal`]), so it picks exactly what the generic
/// `RandomBot` picks from the same random stream.
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformBot;

impl Bot<XiangqiState> for UniformBot {
    fn act(&self, state: &XiangqiState, rng: &mut Rng) -> Action {
        state.random_action(rng)
    }
}

impl Bot<JieqiState> for UniformBot {
    fn act(&self, state: &JieqiState, rng: &mut Rng) -> Action {
        state.random_action(rng)
    }
}

/// Greedy capturer (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

/// Material value of a cell in half-pawns; pawns across the river count double.
fn value(cell: u8, sq: usize) -> u32 {
    if cell & HIDDEN != 0 {
        return 7;
    }
    match kind_of(cell) {
        KING => 1000,
        ROOK => 18,
        CANNON => 9,
        HORSE => 8,
        ADVISOR | ADVISOR_FREE | ELEPHANT | ELEPHANT_FREE => 4,
        PAWN if !own_half(color_of(cell), sq) => 4,
        PAWN => 2,
        _ => 0,
    }
}

/// The greedy choice among `legal` (action ids of moves) in `pos`; random among equals.
pub fn greedy_choice(pos: &Position, legal: &[Action], rng: &mut Rng) -> Action {
    let mut best = 0u32;
    let mut ties = 0u32;
    let mut pick = legal[rng.below(legal.len() as u32) as usize];
    for &a in legal {
        let Some(mv) = Move::from_action(a) else { continue };
        let target = pos.at(mv.to as usize);
        if target == EMPTY {
            continue;
        }
        let v = value(target, mv.to as usize);
        if v > best {
            best = v;
            ties = 1;
            pick = a;
        } else if v == best {
            // Reservoir sampling keeps the choice uniform among equal captures.
            ties += 1;
            if rng.below(ties) == 0 {
                pick = a;
            }
        }
    }
    pick
}

impl Bot<XiangqiState> for GreedyBot {
    fn act(&self, state: &XiangqiState, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        greedy_choice(state.position(), &legal, rng)
    }
}

impl Bot<JieqiState> for GreedyBot {
    fn act(&self, state: &JieqiState, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        greedy_choice(state.position(), &legal, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::xiangqi::flow::EndRules;
    use crate::games::xiangqi::notation::parse_iccs;

    #[test]
    fn uniform_bot_picks_what_the_generic_random_bot_picks() {
        use crate::core::game::{Game, RandomBot};
        let g = crate::games::xiangqi::Xiangqi::from_params_default();
        let mut s = g.new_initial_state();
        let (mut r1, mut r2) = (Rng::new(4), Rng::new(4));
        for _ in 0..60 {
            if s.is_terminal() {
                break;
            }
            let a = UniformBot.act(&s, &mut r1);
            assert_eq!(a, RandomBot.act(&s, &mut r2));
            s.apply_action(a).unwrap();
        }
    }

    #[test]
    fn greedy_takes_the_chariot_not_the_pawn() {
        let rules = EndRules {
            repetition: crate::games::xiangqi::flow::RepetitionRule::Draw,
            repetition_count: 3,
            no_capture_plies: 0,
            max_plies: 100,
        };
        // Red chariot on e4 can take a pawn on e5 or a chariot on a4.
        let s = XiangqiState::from_fen("3k5/9/9/9/4p4/r3R4/9/9/9/5K3 w", rules).unwrap();
        let want = parse_iccs("e4a4").unwrap().action();
        for seed in 0..20 {
            assert_eq!(GreedyBot.act(&s, &mut Rng::new(seed)), want);
        }
    }
}
