//! The `solver` bot: knows every solution, with a per-seat reaction speed, skill and error rate
//! (see the module docs of `twenty_four` for the parameters).

use super::solver::{Options, Solver};
use super::{delay_action, Claim, TwentyFourState, DELAYS};
use crate::core::game::{Action, Bot, State};
use crate::core::params::Params;
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use std::cell::RefCell;

/// The solver, the last board and options it solved, and that board's solution templates.
type Scratch = (Solver, Option<([u64; 4], Options)>, Vec<u16>);

/// A bot that uses the exact solver, slowed down and made fallible by its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverBot {
    /// Probability of finding the answer at each delay step, in (0, 1].
    pub speed: f64,
    /// Probability of finding a solution when one exists, in [0, 1].
    pub skill: f64,
    /// Probability of stating a found solution wrongly, in [0, 1].
    pub error: f64,
}

impl Default for SolverBot {
    fn default() -> Self {
        SolverBot {
            speed: 0.5,
            skill: 1.0,
            error: 0.0,
        }
    }
}

impl SolverBot {
    /// Parses `solver` or `solver(speed=0.5,skill=1,error=0)`.
    pub fn parse(name: &str) -> Result<SolverBot> {
        let (bot, pairs) = Params::parse_game_string(name)?;
        if bot != "solver" {
            return Err(LudoError::parse(
                "bot name",
                name,
                "expected random or solver(speed=,skill=,error=)",
            ));
        }
        let mut b = SolverBot::default();
        for (k, v) in pairs {
            let x: f64 = v
                .parse()
                .map_err(|_| LudoError::parse("bot name", name, format!("{k}={v} is not a number")))?;
            let (slot, lo_open) = match k.as_str() {
                "speed" => (&mut b.speed, true),
                "skill" => (&mut b.skill, false),
                "error" => (&mut b.error, false),
                _ => {
                    return Err(LudoError::parse(
                        "bot name",
                        name,
                        format!("unknown bot parameter {k:?}; use speed, skill, error"),
                    ))
                }
            };
            let ok = if lo_open {
                x > 0.0 && x <= 1.0
            } else {
                (0.0..=1.0).contains(&x)
            };
            if !ok {
                return Err(LudoError::parse(
                    "bot name",
                    name,
                    format!("{k}={v} is outside {}0, 1]", if lo_open { "(" } else { "[" }),
                ));
            }
            *slot = x;
        }
        Ok(b)
    }

    /// A geometric reaction delay: each step the answer comes with probability `speed`.
    fn delay(&self, rng: &mut Rng) -> u8 {
        let mut d = 0;
        while d + 1 < DELAYS as u8 && rng.unit() >= self.speed {
            d += 1;
        }
        d
    }
}

impl Bot<TwentyFourState> for SolverBot {
    fn act(&self, state: &TwentyFourState, rng: &mut Rng) -> Action {
        if !state.is_racing() {
            // Taking back or choosing a claimer: nothing public tells one option from another.
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            return legal[rng.below(legal.len() as u32) as usize];
        }
        if let Some(claim) = state.pending_claim() {
            // The claim is made; now when. Declaring comes only after searching everything.
            let d = if claim == Claim::NoSolution {
                DELAYS as u8 - 1
            } else {
                self.delay(rng)
            };
            return delay_action(d);
        }
        thread_local! {
            // Scratch space reused across calls (the solver allocates nothing after its first problem),
            // and the last board's solutions: every seat of a set looks at the same board.
            static SCRATCH: RefCell<Scratch> = RefCell::new((Solver::new(), None, Vec::new()));
        }
        let claim = SCRATCH.with_borrow_mut(|(solver, last, solutions)| {
            let key = (state.board(), state.options());
            if *last != Some(key) {
                solver.solution_templates(&key.0, &key.1, solutions);
                *last = Some(key);
            }
            self.choose_claim(state, solutions, rng)
        });
        claim.action()
    }
}

impl SolverBot {
    fn choose_claim(&self, state: &TwentyFourState, solutions: &[u16], rng: &mut Rng) -> Claim {
        if !solutions.is_empty() && rng.unit() < self.skill {
            if rng.unit() < self.error {
                Claim::Wrong
            } else {
                Claim::Template(solutions[rng.below(solutions.len() as u32) as usize])
            }
        } else if state.no_solution_refused() {
            Claim::Wrong
        } else {
            Claim::NoSolution
        }
    }
}
