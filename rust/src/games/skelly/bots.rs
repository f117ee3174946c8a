//! Skelly bots. Both see only the public table (everything in Skelly is public).
//!
//! * `aim`: the naive aimer: straight at the current target with the power that would stop the cap on
//!   it (a killer aims at the nearest rival).
//! * `planner`: tries a few candidate shots (at the target, and at each rival cap on the court with
//!   more power, for a +1, a +2 on a trapped cap, a killer's elimination or a knock into the dead box),
//!   simulates each under five samples of its own noise model and keeps the one with the best mean
//!   value of the resulting table (own progress, keeping the turn, not being trapped, rivals trapped
//!   or eliminated, rivals' progress).

use super::physics::MAX_DISCS;
use super::rules::{Rules, ShotOutcome, Stage, Table};
use super::{Aim, SkellyState, NOISE, NOISE_BINS, POWERS};
use crate::core::game::{Action, Bot};
use crate::core::rng::Rng;

/// Index of angle offset 0 in `ANGLES`.
const STRAIGHT: usize = 4;
/// Index of power 1.0 in `POWERS`.
const EXACT: usize = 3;

/// The naive aimer.
#[derive(Clone, Copy, Debug, Default)]
pub struct AimBot;

impl Bot<SkellyState> for AimBot {
    fn act(&self, _state: &SkellyState, _rng: &mut Rng) -> Action {
        Aim {
            reference: 0,
            angle_index: STRAIGHT,
            power_index: EXACT,
        }
        .action()
    }
}

/// The planning bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlannerBot;

/// Noise samples the planner averages over: the middle bin and four corners at z = ±0.73.
const SAMPLES: [(usize, usize); 5] = [(7, 7), (3, 3), (3, 11), (11, 3), (11, 11)];

fn progress(rules: &Rules, t: &Table, s: usize) -> f64 {
    let c = &t.caps[s];
    if !c.alive {
        return -40.0;
    }
    let len = f64::from(rules.course_len());
    match c.stage {
        Stage::Course(i) => f64::from(i),
        Stage::Qual13 => len,
        Stage::QualQ(done) => len + 1.0 + f64::from(done.count_ones()),
        Stage::Killer => len + 6.0,
    }
}

/// Value of a table for seat `me`.
pub fn value(rules: &Rules, t: &Table, me: usize) -> f64 {
    if let Some(w) = t.winner() {
        return if w == me { 1000.0 } else { -1000.0 };
    }
    let mut v = progress(rules, t, me);
    if t.caps[me].trapped {
        v -= 4.0;
    }
    if t.turn == me {
        v += 1.5;
    }
    for s in (0..t.n).filter(|&s| s != me) {
        v -= 0.3 * progress(rules, t, s);
        if t.caps[s].trapped {
            v += 0.8;
        }
    }
    v
}

impl PlannerBot {
    fn candidates(state: &SkellyState, out: &mut Vec<Action>) {
        let t = state.table();
        let me = t.turn;
        let killer = t.caps[me].stage == Stage::Killer;
        let target_powers: &[usize] = if killer { &[4, 5, 6] } else { &[2, 3, 4] };
        for &p in target_powers {
            out.push(
                Aim {
                    reference: 0,
                    angle_index: STRAIGHT,
                    power_index: p,
                }
                .action(),
            );
        }
        for s in 0..t.n {
            if s != me && t.caps[s].on_court() {
                for p in [4, 6, POWERS.len() - 1] {
                    out.push(
                        Aim {
                            reference: s + 1,
                            angle_index: STRAIGHT,
                            power_index: p,
                        }
                        .action(),
                    );
                }
            }
        }
    }

    /// Mean value of shot `a` over the noise samples.
    pub fn evaluate(state: &SkellyState, a: Action) -> f64 {
        let cfg = state.config();
        let me = state.table().turn;
        let noisy = cfg.angle_sigma[me] > 0.0 || cfg.speed_sigma[me] > 0.0;
        let samples: &[(usize, usize)] = if noisy { &SAMPLES } else { &SAMPLES[..1] };
        let mut total = 0.0;
        for &(za, zs) in samples {
            let noise = NOISE + (za * NOISE_BINS + zs) as u32;
            let (angle, speed) = state.noisy_velocity(a, noise);
            let res = state.simulate_shot(angle, speed, None);
            let mut positions = [(0usize, (0.0, 0.0)); MAX_DISCS];
            let mut np = 0;
            for s in 0..state.table().n {
                if res.moved[s] {
                    positions[np] = (s, (res.discs[s].x, res.discs[s].y));
                    np += 1;
                }
            }
            let contacts = if cfg.rules.flags.chain_hits_count {
                &res.chain
            } else {
                &res.direct
            };
            let mut t = *state.table();
            let out = ShotOutcome {
                positions: &positions[..np],
                contacts,
            };
            if t.apply_outcome(&cfg.rules, &out).is_ok() {
                total += value(&cfg.rules, &t, me);
            }
        }
        total / samples.len() as f64
    }
}

impl Bot<SkellyState> for PlannerBot {
    fn act(&self, state: &SkellyState, _rng: &mut Rng) -> Action {
        let mut cands = Vec::with_capacity(24);
        Self::candidates(state, &mut cands);
        let mut best = (f64::NEG_INFINITY, cands[0]);
        for a in cands {
            let v = Self::evaluate(state, a);
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }
}
