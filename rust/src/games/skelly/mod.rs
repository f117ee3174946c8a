//! Skelly (Skully, Skelsies), the New York bottle-cap street game, for 2 to 6 players: the court, the
//! rules as a state machine over shot outcomes, and an exact 2D shot simulator with noisy flicks.
//! Rules: as this package implements them (see `ludoteca rules skelly`).
//!
//! * [`court`]: the parametric court (box centres, containment, dead box, quadrants, start line).
//! * [`rules`]: the per-player state and the transition rules applied to one shot outcome.
//! * [`physics`]: the event-driven disc simulator (no rules).
//! * [`position`]: a position as one line of text (setups, hand-entered outcomes).
//! * [`bots`]: the aiming and planning bots.
//!
//! # The game as registered (`skelly`)
//!
//! A turn's decision is a shot, discretised so action ids are fixed: an **aim reference** (the current
//! target, or another player's cap), an **angle offset** from the line to it and a **power**, the
//! distance the cap would slide if it touched nothing, as a multiple of the distance to the reference.
//! The targets: on the course the centre of the next box; in the killer run box 13 and then the first
//! quadrant not yet made (the aim point halfway between box 13 and the skull's edge); a killer aims at
//! the nearest rival on the court. A cap that has not entered play is shot from the middle of the start
//! line. The flick's error is the game's chance: after each decision a chance node draws an angle bin
//! and a speed bin, each one of 15 equally likely quantiles of a standard normal; the angle is off by
//! `z · angle_sigma / skill` degrees and the speed by a factor `1 + z · speed_sigma / skill` (at least 0).
//! With both sigmas 0 there is no chance node. The first player is drawn by lot (a chance node) unless
//! `first_player` names one. The game ends when one cap is left (its owner +1, the others −1/(n−1)) or
//! after `max_shots` shots (a draw, all 0).

pub mod bots;
pub mod court;
pub mod physics;
pub mod position;
pub mod rules;
#[cfg(test)]
mod tests;

use self::court::{Court, Cut};
use self::physics::{Disc, Physics, ShotResult, TracePoint, MAX_DISCS};
use self::rules::{Flags, Report, Rules, ShotOutcome, Stage, Table, MAX_SEATS};
use crate::core::game::{check_node, Action, Bot, Game, GameInfo, Player, RandomBot, Setup, State};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use crate::registry::Registered;
use std::fmt;

/// Angle offsets of the discretised shot, degrees.
pub const ANGLES: [i32; 9] = [-20, -10, -5, -2, 0, 2, 5, 10, 20];
/// Powers of the discretised shot: free-slide distance as a multiple of the distance to the reference.
pub const POWERS: [f64; 8] = [0.5, 0.75, 0.9, 1.0, 1.1, 1.3, 1.6, 2.5];
/// Aim references: 0 the target, 1 + j the cap of seat j.
pub const REFS: usize = 1 + MAX_SEATS;
const PER_REF: u32 = (ANGLES.len() * POWERS.len()) as u32;
/// Number of shot actions.
pub const SHOTS: u32 = REFS as u32 * PER_REF;
/// Noise bins per axis (angle, speed).
pub const NOISE_BINS: usize = 15;
/// First noise outcome id.
pub const NOISE: u32 = SHOTS;
/// First "first player" lot outcome id.
pub const LOT: u32 = NOISE + (NOISE_BINS * NOISE_BINS) as u32;
const NUM_ACTIONS: u32 = LOT + MAX_SEATS as u32;
/// Standard normal quantiles at (k + 0.5)/15: the noise values of the bins.
pub const NOISE_Z: [f64; NOISE_BINS] = [
    -1.833914635816,
    -1.281551565545,
    -0.967421566102,
    -0.727913290882,
    -0.524400512708,
    -0.340694827088,
    -0.167894004788,
    0.0,
    0.167894004788,
    0.340694827088,
    0.524400512708,
    0.727913290882,
    0.967421566102,
    1.281551565545,
    1.833914635816,
];
/// Floats per seat in the observation tensor.
pub const SEAT_FEATURES: usize = 16;
const OBS_LEN: usize = MAX_SEATS * SEAT_FEATURES + 1;
/// Shots below this distance to the reference are scaled as if it were this far (so power never
/// vanishes).
const MIN_AIM_DISTANCE: f64 = 0.1;
/// Fastest flick (m/s): `shoot` refuses faster ones and the discretised shots are capped at it, so a
/// cap slides at most `MAX_SPEED² / 2a` (100 m by default) per shot and positions stay bounded.
pub const MAX_SPEED: f64 = 20.0;

const SKILLS: [&str; MAX_SEATS] = ["skill_0", "skill_1", "skill_2", "skill_3", "skill_4", "skill_5"];

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "players", kind: Kind::Int { min: 2, max: 6 }, default: D::Int(4), doc: "number of players (2 to 6; 3 to 6 is best)" },
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "streetplay"]), default: D::Str("seed"), doc: "seed: the New York rules as described; streetplay: a 7.5 ft board, 11 in boxes, 3 killer hits to eliminate" },
    ParamSpec { name: "course", kind: Kind::Choice(&["out_and_back", "out_only"]), default: D::Str("out_and_back"), doc: "out_and_back: boxes 1..13..1 (25 targets); out_only: 1..13" },
    ParamSpec { name: "quadrant_cut", kind: Kind::Choice(&["diagonals", "axes"]), default: D::Str("diagonals"), doc: "the dead box's quadrants: cut by its diagonals (N E S W) or by the axes (NE SE SW NW)" },
    ParamSpec { name: "quadrant_order", kind: Kind::Choice(&["any", "n_e_s_w"]), default: D::Str("any"), doc: "the killer run's quadrants in any order (each once) or clockwise from the top" },
    ParamSpec { name: "non_killer_hits_killer", kind: Kind::Choice(&["promote_shooter", "eliminate_shooter"]), default: D::Str("promote_shooter"), doc: "a non-killer that hits a killer becomes a killer, or is eliminated" },
    ParamSpec { name: "killer_hits_to_eliminate", kind: Kind::Int { min: 1, max: 10 }, default: D::Int(1), doc: "hits by killers a cap takes before it is eliminated (counted since its owner last shot)" },
    ParamSpec { name: "hit_grants_extra_shot", kind: Kind::Bool, default: D::Bool(true), doc: "an ordinary hit keeps the turn" },
    ParamSpec { name: "chain_hits_count", kind: Kind::Bool, default: D::Bool(false), doc: "caps touched in a chain reaction count as hit by the shooter" },
    ParamSpec { name: "knocked_into_dead_box_traps", kind: Kind::Bool, default: D::Bool(true), doc: "caps knocked into the dead box by another player's shot are trapped" },
    ParamSpec { name: "out_of_bounds_policy", kind: Kind::Choice(&["stay", "return_to_last_box"]), default: D::Str("stay"), doc: "after a miss the cap stays where it is, or goes back to the last box it made" },
    ParamSpec { name: "trap_release_after_turns", kind: Kind::Int { min: 0, max: 100 }, default: D::Int(0), doc: "a trapped player is released after missing this many turns (0: only a hit frees it)" },
    ParamSpec { name: "board_side", kind: Kind::Float { min: 0.5, max: 10.0 }, default: D::Float(2.0), doc: "side of the square board, metres" },
    ParamSpec { name: "box_side", kind: Kind::Float { min: 0.03, max: 1.0 }, default: D::Float(0.25), doc: "side of boxes 1-12, metres" },
    ParamSpec { name: "pair_gap", kind: Kind::Float { min: 0.0, max: 2.0 }, default: D::Float(0.25), doc: "gap between the two boxes of a side pair, metres" },
    ParamSpec { name: "skull_side", kind: Kind::Float { min: 0.05, max: 9.0 }, default: D::Float(0.75), doc: "side of the skull (dead box) square, metres" },
    ParamSpec { name: "box13_side", kind: Kind::Float { min: 0.03, max: 1.0 }, default: D::Float(0.25), doc: "side of box 13, metres" },
    ParamSpec { name: "line_width", kind: Kind::Float { min: 0.0, max: 0.1 }, default: D::Float(0.02), doc: "chalk line width, metres (a cap touching a line is not in the box)" },
    ParamSpec { name: "cap_radius", kind: Kind::Float { min: 0.005, max: 0.1 }, default: D::Float(0.016), doc: "bottle-cap radius, metres" },
    ParamSpec { name: "deceleration", kind: Kind::Float { min: 0.1, max: 50.0 }, default: D::Float(2.0), doc: "sliding deceleration mu*g, m/s^2" },
    ParamSpec { name: "restitution", kind: Kind::Float { min: 0.0, max: 1.0 }, default: D::Float(0.8), doc: "coefficient of restitution of cap-cap collisions" },
    ParamSpec { name: "angle_sigma", kind: Kind::Float { min: 0.0, max: 45.0 }, default: D::Float(2.0), doc: "standard deviation of the flick's angle error, degrees (divided by the player's skill)" },
    ParamSpec { name: "speed_sigma", kind: Kind::Float { min: 0.0, max: 0.5 }, default: D::Float(0.05), doc: "standard deviation of the flick's relative speed error (divided by the player's skill)" },
    ParamSpec { name: "skill_0", kind: Kind::Float { min: 0.1, max: 100.0 }, default: D::Float(1.0), doc: "player 0's skill: noise is divided by it" },
    ParamSpec { name: "skill_1", kind: Kind::Float { min: 0.1, max: 100.0 }, default: D::Float(1.0), doc: "player 1's skill" },
    ParamSpec { name: "skill_2", kind: Kind::Float { min: 0.1, max: 100.0 }, default: D::Float(1.0), doc: "player 2's skill" },
    ParamSpec { name: "skill_3", kind: Kind::Float { min: 0.1, max: 100.0 }, default: D::Float(1.0), doc: "player 3's skill" },
    ParamSpec { name: "skill_4", kind: Kind::Float { min: 0.1, max: 100.0 }, default: D::Float(1.0), doc: "player 4's skill" },
    ParamSpec { name: "skill_5", kind: Kind::Float { min: 0.1, max: 100.0 }, default: D::Float(1.0), doc: "player 5's skill" },
    ParamSpec { name: "first_player", kind: Kind::Int { min: -1, max: 5 }, default: D::Int(-1), doc: "who shoots first; -1: drawn by lot (a chance node)" },
    ParamSpec { name: "max_shots", kind: Kind::Int { min: 1, max: 1_000_000 }, default: D::Int(3000), doc: "the game ends as a draw after this many shots" },
];

static INFO: GameInfo = GameInfo {
    short_name: "skelly",
    long_name: "Skelly",
    params: PARAMS,
    presets: &[("streetplay", &[("board_side", "2.3"), ("box_side", "0.28"), ("killer_hits_to_eliminate", "3")])],
    version: 1,
    rules: "Each player flicks a bottle cap around a chalk court: into boxes 1, 2, ... 13 and back down to 1, \
each time cleanly inside the lines (a cap touching a line is out). A cap that lands in its box, or hits another \
cap, keeps the turn; a miss stays where it lies and the turn passes. Hitting another cap moves you on one box; \
hitting a cap trapped in the dead box (the skull around 13) frees it and moves you on two. A cap that comes to \
rest in the dead box is trapped and misses its turns until someone hits it. After the course, shoot from box 1 \
into 13 and then into each of the skull's four quadrants; a miss in the quadrants starts that run again from \
box 1. Then you are a killer: a killer is never trapped, and every cap it hits is out of the game. A non-killer \
that hits a killer becomes a killer. The last cap left wins. A shot is an aim (the next target or a rival's cap), \
an angle offset and a power; the flick's error is random. \
        Skelly (skully, skellies) as played on New York City streets; see Wikipedia: Skully.",
    bots: &["random", "aim", "planner"],
    examples: &[
        "skelly(players=2,max_shots=150)",
        "skelly(players=3,max_shots=120,first_player=1,course=out_only,quadrant_order=n_e_s_w)",
        "skelly(players=4,max_shots=100,non_killer_hits_killer=eliminate_shooter,chain_hits_count=true,out_of_bounds_policy=return_to_last_box,trap_release_after_turns=2)",
        "skelly(players=6,max_shots=80,quadrant_cut=axes,angle_sigma=0,speed_sigma=0)",
        "skelly(players=2,ruleset=streetplay,max_shots=100,skill_0=3,skill_1=0.5)",
    ],
};

/// Everything fixed for a loaded game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Config {
    pub players: usize,
    pub rules: Rules,
    pub physics: Physics,
    /// Angle error per unit z, radians, per seat.
    pub angle_sigma: [f64; MAX_SEATS],
    /// Relative speed error per unit z, per seat.
    pub speed_sigma: [f64; MAX_SEATS],
    pub first_player: Option<usize>,
    pub max_shots: u32,
}

impl Config {
    fn noisy(&self, seat: usize) -> bool {
        self.angle_sigma[seat] > 0.0 || self.speed_sigma[seat] > 0.0
    }
}

/// The registered game.
#[derive(Clone, Debug)]
pub struct Skelly {
    params: Params,
    cfg: Config,
}

impl Registered for Skelly {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(p: Params) -> Result<Self> {
        let players = p.int("players") as usize;
        let court = Court {
            side: p.float("board_side"),
            box_side: p.float("box_side"),
            pair_gap: p.float("pair_gap"),
            skull: p.float("skull_side"),
            box13: p.float("box13_side"),
            line: p.float("line_width"),
            radius: p.float("cap_radius"),
            cut: if p.str("quadrant_cut") == "axes" {
                Cut::Axes
            } else {
                Cut::Diagonals
            },
        };
        court.validate()?;
        let flags = Flags {
            fixed_quadrant_order: p.str("quadrant_order") == "n_e_s_w",
            promote_shooter: p.str("non_killer_hits_killer") == "promote_shooter",
            killer_hits_to_eliminate: p.int("killer_hits_to_eliminate") as u8,
            hit_grants_extra_shot: p.bool("hit_grants_extra_shot"),
            chain_hits_count: p.bool("chain_hits_count"),
            knocked_into_dead_box_traps: p.bool("knocked_into_dead_box_traps"),
            return_to_last_box: p.str("out_of_bounds_policy") == "return_to_last_box",
            trap_release_after_turns: p.int("trap_release_after_turns") as u16,
            out_only: p.str("course") == "out_only",
        };
        let first = p.int("first_player");
        if first >= players as i64 {
            return Err(LudoError::param(
                "first_player",
                format!("seat {first} does not exist with {players} players (use -1 for a lot)"),
            ));
        }
        let (mut angle_sigma, mut speed_sigma) = ([0.0; MAX_SEATS], [0.0; MAX_SEATS]);
        for s in 0..MAX_SEATS {
            let skill = p.float(SKILLS[s]);
            angle_sigma[s] = p.float("angle_sigma").to_radians() / skill;
            speed_sigma[s] = p.float("speed_sigma") / skill;
        }
        let cfg = Config {
            players,
            rules: Rules { court, flags },
            physics: Physics {
                decel: p.float("deceleration"),
                restitution: p.float("restitution"),
                radius: court.radius,
            },
            angle_sigma,
            speed_sigma,
            first_player: (first >= 0).then_some(first as usize),
            max_shots: p.int("max_shots") as u32,
        };
        Ok(Skelly { params: p, cfg })
    }
}

impl Skelly {
    /// The game with the given parameters as `(key, value)` pairs.
    pub fn with(pairs: &[(&str, &str)]) -> Result<Self> {
        Self::from_pairs(pairs)
    }
    /// The resolved configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
    /// A state at the position `text` (see [`position`]), the seat given there to shoot.
    pub fn state_at(&self, text: &str) -> Result<SkellyState> {
        let table = position::from_text(text, self.cfg.players, &self.cfg.rules)?;
        let mut s = self.new_initial_state();
        s.table = table;
        s.phase = Phase::Shoot;
        s.setup = Some(position::to_text(&s.table));
        s.check_end();
        Ok(s)
    }
}

impl Game for Skelly {
    /// The winner +1, each of the n − 1 others −1/(n − 1); 0 for all without a winner. Zero-sum.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        let others = self.cfg.players as f64 - 1.0;
        Some(crate::core::game::Utility::zero_sum(-1.0 / others, 1.0))
    }
    type State = SkellyState;
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_players(&self) -> usize {
        self.cfg.players
    }
    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS as usize
    }
    fn max_chance_outcomes(&self) -> usize {
        // A bound on the ids (NOISE.. and LOT..), as OpenSpiel requires; a noise node has
        // NOISE_BINS² outcomes, a lot node one per seat.
        NUM_ACTIONS as usize
    }
    fn max_game_length(&self) -> usize {
        1 + 2 * self.cfg.max_shots as usize
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![OBS_LEN]
    }
    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>) {
        let (mut lo, hi) = (vec![0.0; OBS_LEN], {
            let mut h = vec![1.0; OBS_LEN];
            for s in 0..MAX_SEATS {
                h[s * SEAT_FEATURES + 3] = 2.0;
                h[s * SEAT_FEATURES + 4] = 2.0;
            }
            h
        });
        for s in 0..MAX_SEATS {
            lo[s * SEAT_FEATURES + 3] = -1.0;
            lo[s * SEAT_FEATURES + 4] = -1.0;
        }
        (lo, hi)
    }
    fn new_initial_state(&self) -> SkellyState {
        let first = self.cfg.first_player.unwrap_or(0);
        SkellyState {
            cfg: self.cfg,
            table: Table::new(self.cfg.players, first),
            phase: if self.cfg.first_player.is_some() {
                Phase::Shoot
            } else {
                Phase::Lot
            },
            history: Vec::new(),
            setup: None,
            last: None,
        }
    }
    fn restart(&self, state: &mut SkellyState) {
        // Keep the history's buffer.
        let mut history = std::mem::take(&mut state.history);
        history.clear();
        *state = self.new_initial_state();
        state.history = history;
    }
    fn new_state_from_setup(&self, text: &str) -> Result<SkellyState> {
        self.state_at(text)
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<SkellyState>>> {
        match name {
            "random" => Ok(Box::new(RandomBot)),
            "aim" => Ok(Box::new(bots::AimBot)),
            "planner" => Ok(Box::new(bots::PlannerBot)),
            _ => Err(crate::core::game::unknown_bot(name, &INFO)),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq)]
enum Phase {
    /// Drawing the first player.
    Lot,
    /// The seat to move chooses a shot.
    Shoot,
    /// The chosen shot waits for its noise.
    Noise(Action),
    Over,
}

/// The last shot, for display and pictures.
#[derive(Clone, Debug, PartialEq)]
pub struct LastShot {
    /// Where the shooter's cap started.
    pub from: (f64, f64),
    /// Launch angle (radians) and speed (m/s) after the noise.
    pub angle: f64,
    pub speed: f64,
    pub report: Report,
}

/// A Skelly position.
#[derive(Clone, Debug)]
pub struct SkellyState {
    cfg: Config,
    table: Table,
    phase: Phase,
    history: Vec<Action>,
    /// The position text this state's history starts from, when it does not start at the beginning
    /// (set up, or a hand-entered or continuous shot was applied).
    setup: Option<String>,
    last: Option<LastShot>,
}

/// A decoded shot action.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Aim {
    /// 0 the target, 1 + j the cap of seat j.
    pub reference: usize,
    pub angle_index: usize,
    pub power_index: usize,
}

impl Aim {
    /// The action id.
    pub fn action(self) -> Action {
        (self.reference as u32) * PER_REF + (self.angle_index * POWERS.len() + self.power_index) as u32
    }
    /// Decodes a shot id (`< SHOTS`).
    pub fn from_action(a: Action) -> Aim {
        let r = (a / PER_REF) as usize;
        let k = (a % PER_REF) as usize;
        Aim {
            reference: r,
            angle_index: k / POWERS.len(),
            power_index: k % POWERS.len(),
        }
    }
}

impl SkellyState {
    /// The table (caps, turn, eliminations).
    pub fn table(&self) -> &Table {
        &self.table
    }
    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
    /// The last shot played.
    pub fn last_shot(&self) -> Option<&LastShot> {
        self.last.as_ref()
    }
    /// The position as text (see [`position`]).
    pub fn position_text(&self) -> String {
        position::to_text(&self.table)
    }
    /// Whether the shot cap was reached.
    pub fn capped(&self) -> bool {
        self.phase == Phase::Over && self.table.winner().is_none()
    }

    fn check_end(&mut self) {
        if self.table.winner().is_some() || self.table.shots >= self.cfg.max_shots {
            self.phase = Phase::Over;
        }
    }

    /// Where the seat to move shoots from.
    pub fn shooter_start(&self) -> (f64, f64) {
        let p = self.table.turn;
        self.table.caps[p]
            .pos
            .unwrap_or_else(|| self.cfg.rules.court.start_point())
    }

    /// The point the "target" reference aims at for seat `p`.
    pub fn target_point(&self, p: usize) -> (f64, f64) {
        let court = &self.cfg.rules.court;
        match self.table.caps[p].stage {
            Stage::Course(i) => court.box_centre(self.cfg.rules.target(i)),
            Stage::Qual13 => court.box_centre(13),
            Stage::QualQ(done) => court.quadrant_aim((0..4).find(|q| done & (1 << q) == 0).unwrap_or(0)),
            Stage::Killer => {
                let me = self.table.caps[p].pos.unwrap_or_else(|| court.start_point());
                (0..self.table.n)
                    .filter(|&s| s != p)
                    .filter_map(|s| {
                        self.table.caps[s]
                            .on_court()
                            .then(|| self.table.caps[s].pos)
                            .flatten()
                    })
                    .min_by(|a, b| {
                        let da = (a.0 - me.0).hypot(a.1 - me.1);
                        let db = (b.0 - me.0).hypot(b.1 - me.1);
                        da.total_cmp(&db)
                    })
                    .unwrap_or((court.side / 2.0, court.side / 2.0))
            }
        }
    }

    /// The nominal launch angle (radians) and speed (m/s) of a shot action, before noise.
    /// A reference within 1e-12 m of the shooter (a cap not on the court is taken to be at the shooter's
    /// spot) gives no line to follow: the offset is then taken from straight up the board (+y).
    pub fn aim_velocity(&self, aim: Aim) -> (f64, f64) {
        let p = self.table.turn;
        let from = self.shooter_start();
        let to = if aim.reference == 0 {
            self.target_point(p)
        } else {
            self.table.caps[aim.reference - 1].pos.unwrap_or(from)
        };
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let dist = dx.hypot(dy);
        let base = if dist < 1e-12 {
            std::f64::consts::FRAC_PI_2
        } else {
            dy.atan2(dx)
        };
        let angle = base + f64::from(ANGLES[aim.angle_index]).to_radians();
        let speed = physics::speed_for_distance(
            &self.cfg.physics,
            POWERS[aim.power_index] * dist.max(MIN_AIM_DISTANCE),
        )
        .min(MAX_SPEED);
        (angle, speed)
    }

    fn shot_legal(&self, a: Action) -> bool {
        if self.phase != Phase::Shoot || a >= SHOTS {
            return false;
        }
        let r = Aim::from_action(a).reference;
        r == 0 || {
            let j = r - 1;
            j < self.table.n && j != self.table.turn && self.table.caps[j].on_court()
        }
    }

    /// The discs of the court for a shot by the seat to move.
    fn discs(&self) -> [Disc; MAX_DISCS] {
        let mut d = [Disc::default(); MAX_DISCS];
        for (disc, cap) in d.iter_mut().zip(&self.table.caps[..self.table.n]) {
            if let (true, Some(p)) = (cap.alive, cap.pos) {
                *disc = Disc::at(p);
            }
        }
        d[self.table.turn] = Disc::at(self.shooter_start());
        d
    }

    /// Simulates a shot of the seat to move without applying it.
    pub fn simulate_shot(&self, angle: f64, speed: f64, trace: Option<&mut Vec<TracePoint>>) -> ShotResult {
        let v = (speed * angle.cos(), speed * angle.sin());
        physics::simulate(&self.cfg.physics, &self.discs(), self.table.turn, v, trace)
    }

    /// Plays a shot with the exact launch angle and speed (physics, then the rules).
    fn play_shot(&mut self, angle: f64, speed: f64) -> Report {
        let from = self.shooter_start();
        let res = self.simulate_shot(angle, speed, None);
        let mut positions = [(0usize, (0.0, 0.0)); MAX_DISCS];
        let mut np = 0;
        for s in 0..self.table.n {
            if res.moved[s] {
                positions[np] = (s, (res.discs[s].x, res.discs[s].y));
                np += 1;
            }
        }
        let contacts = if self.cfg.rules.flags.chain_hits_count {
            &res.chain
        } else {
            &res.direct
        };
        let out = ShotOutcome {
            positions: &positions[..np],
            contacts,
        };
        let report = self
            .table
            .apply_outcome(&self.cfg.rules, &out)
            .expect("the simulator's outcome is consistent with the table");
        self.last = Some(LastShot {
            from,
            angle,
            speed,
            report,
        });
        self.phase = Phase::Shoot;
        self.check_end();
        report
    }

    /// The launch angle and speed of shot action `aim` under noise outcome `noise` for the seat to move.
    pub fn noisy_velocity(&self, aim: Action, noise: Action) -> (f64, f64) {
        let (angle, speed) = self.aim_velocity(Aim::from_action(aim));
        let k = (noise - NOISE) as usize;
        let (za, zs) = (NOISE_Z[k / NOISE_BINS], NOISE_Z[k % NOISE_BINS]);
        let p = self.table.turn;
        (
            angle + za * self.cfg.angle_sigma[p],
            (speed * (1.0 + zs * self.cfg.speed_sigma[p]).max(0.0)).min(MAX_SPEED),
        )
    }

    /// A continuous shot by the seat to move: launch angle (radians, 0 = +x, counter-clockwise) and speed
    /// (m/s), exactly as given (no noise). The state's record restarts from the resulting position.
    pub fn shoot(&mut self, angle: f64, speed: f64) -> Result<Report> {
        self.ready_for_entry()?;
        if !angle.is_finite() || !speed.is_finite() || !(0.0..=MAX_SPEED).contains(&speed) {
            return Err(LudoError::param(
                "shot",
                format!("angle must be finite and speed in 0..={MAX_SPEED} m/s, got {angle}, {speed}"),
            ));
        }
        let r = self.play_shot(angle, speed);
        self.rebase();
        Ok(r)
    }

    /// Scores a shot entered by hand: final positions of the caps that moved and the caps the shooter
    /// touched. The state's record restarts from the resulting position. On error nothing changes.
    pub fn apply_outcome(&mut self, positions: &[(usize, (f64, f64))], contacts: &[usize]) -> Result<Report> {
        self.ready_for_entry()?;
        let from = self.shooter_start();
        let report = self
            .table
            .apply_outcome(&self.cfg.rules, &ShotOutcome { positions, contacts })?;
        self.last = Some(LastShot {
            from,
            angle: f64::NAN,
            speed: f64::NAN,
            report,
        });
        self.check_end();
        self.rebase();
        Ok(report)
    }

    fn ready_for_entry(&self) -> Result<()> {
        match self.phase {
            Phase::Over => Err(LudoError::GameOver),
            Phase::Shoot => Ok(()),
            _ => Err(LudoError::NodeKind {
                expected: "decision (a player to shoot)".into(),
                found: "chance".into(),
            }),
        }
    }

    fn rebase(&mut self) {
        self.history.clear();
        self.setup = Some(position::to_text(&self.table));
    }

    fn stage_name(&self, s: usize) -> String {
        let c = &self.table.caps[s];
        let court = &self.cfg.rules.court;
        if !c.alive {
            return "out".into();
        }
        let mut t = match c.stage {
            Stage::Course(i) => format!(
                "course {}/{} (box {})",
                i,
                self.cfg.rules.course_len(),
                self.cfg.rules.target(i)
            ),
            Stage::Qual13 => "killer run: box 13".into(),
            Stage::QualQ(done) => {
                let d: Vec<&str> = (0..4)
                    .filter(|q| done & (1 << q) != 0)
                    .map(|q| court.quadrant_name(q))
                    .collect();
                format!("killer run: quadrants [{}]", d.join(" "))
            }
            Stage::Killer => "KILLER".into(),
        };
        if c.trapped {
            t.push_str(", trapped");
        }
        match c.pos {
            None => t.push_str(", at the start line"),
            Some((x, y)) => t.push_str(&format!(", at ({x:.3}, {y:.3})")),
        }
        t
    }

    /// The court as text: the boxes' numbers (box 13's too) at their centres, the skull's edge (`:`), the
    /// caps in play (`A`…`F` for seats 0…5; lower case when trapped) drawn over them. 41 × 21 characters
    /// inside a frame of `|` and `-`: a point (x, y) is drawn at column 1 + round(40·x/L) and row
    /// 1 + round(20·(L − y)/L) from the top, so a cap up to half a cell off the board lands on the frame
    /// and one further off is not drawn.
    pub fn court_text(&self) -> String {
        let court = &self.cfg.rules.court;
        let (cols, rows) = (41usize, 21usize);
        let l = court.side;
        let mut g = vec![vec![' '; cols + 2]; rows + 2];
        let cell = |x: f64, y: f64| -> Option<(usize, usize)> {
            let c = (x / l * (cols - 1) as f64).round() as i64 + 1;
            let r = ((l - y) / l * (rows - 1) as f64).round() as i64 + 1;
            (c >= 0 && r >= 0 && (c as usize) < cols + 2 && (r as usize) < rows + 2)
                .then_some((r as usize, c as usize))
        };
        for row in g.iter_mut() {
            row[0] = '|';
            row[cols + 1] = '|';
        }
        g[0].fill('-');
        g[rows + 1].fill('-');
        let (m, h) = (l / 2.0, court.skull / 2.0);
        for k in 0..=40 {
            let u = -h + 2.0 * h * f64::from(k) / 40.0;
            for (x, y) in [(m + u, m - h), (m + u, m + h), (m - h, m + u), (m + h, m + u)] {
                if let Some((r, c)) = cell(x, y) {
                    g[r][c] = ':';
                }
            }
        }
        for n in 1..=13u8 {
            let (x, y) = court.box_centre(n);
            if let Some((r, c)) = cell(x, y) {
                let label = n.to_string();
                for (i, ch) in label.chars().enumerate() {
                    if c + i < cols + 1 {
                        g[r][c + i] = ch;
                    }
                }
            }
        }
        for s in 0..self.table.n {
            let cap = &self.table.caps[s];
            if let (true, Some((x, y))) = (cap.alive, cap.pos) {
                if let Some((r, c)) = cell(x, y) {
                    let ch = (b'A' + s as u8) as char;
                    g[r][c] = if cap.trapped { ch.to_ascii_lowercase() } else { ch };
                }
            }
        }
        g.iter()
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn summary(&self) -> String {
        let mut lines = Vec::new();
        for s in 0..self.table.n {
            lines.push(format!(
                "{} p{s}: {}",
                (b'A' + s as u8) as char,
                self.stage_name(s)
            ));
        }
        let status = match self.phase {
            Phase::Over => match self.table.winner() {
                Some(w) => format!("game over: p{w} wins after {} shots", self.table.shots),
                None => format!("game over: shot limit {} reached (draw)", self.cfg.max_shots),
            },
            Phase::Lot => "drawing lots for the first player".into(),
            Phase::Noise(a) => format!("p{} flicks: {}", self.table.turn, action_name(a)),
            Phase::Shoot => format!("p{} to shoot (shot {})", self.table.turn, self.table.shots + 1),
        };
        lines.push(status);
        if let Some(ls) = &self.last {
            lines.push(format!("last shot: {}", describe_report(&ls.report)));
        }
        lines.join("\n")
    }
}

/// One line describing what a shot did.
pub fn describe_report(r: &Report) -> String {
    use self::rules::Decision::*;
    let what = match r.decision {
        Killer if r.eliminated != 0 => "killer hit",
        Killer => "killer missed",
        HitKiller => "hit a killer",
        HitTrapped => "freed a trapped cap (+2)",
        Hit => "hit a cap (+1)",
        Made => "made the target",
        Restart => "missed the quadrant: killer run restarts",
        Trapped => "trapped in the dead box",
        Miss => "missed",
    };
    let mut t = format!("p{} {what}", r.shooter);
    if r.n_credited > 0 {
        let b: Vec<String> = r.credited[..r.n_credited as usize]
            .iter()
            .map(|b| b.to_string())
            .collect();
        t.push_str(&format!(", credited box {}", b.join(" and ")));
    }
    let seats = |m: u8| -> String {
        (0..MAX_SEATS)
            .filter(|s| m & (1 << s) != 0)
            .map(|s| format!("p{s}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    if r.eliminated != 0 {
        t.push_str(&format!(", eliminated {}", seats(r.eliminated)));
    }
    if r.freed != 0 {
        t.push_str(&format!(", freed {}", seats(r.freed)));
    }
    if r.trapped != 0 {
        t.push_str(&format!(", trapped {}", seats(r.trapped)));
    }
    if r.released != 0 {
        t.push_str(&format!(", released {}", seats(r.released)));
    }
    t.push_str(if r.again {
        "; shoots again"
    } else {
        "; turn passes"
    });
    t
}

impl State for SkellyState {
    fn current_player(&self) -> Player {
        match self.phase {
            Phase::Lot | Phase::Noise(_) => Player::Chance,
            Phase::Shoot => Player::Seat(self.table.turn),
            Phase::Over => Player::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Lot => out.extend(LOT..LOT + self.table.n as u32),
            Phase::Noise(_) => out.extend(NOISE..LOT),
            Phase::Shoot => {
                for r in 0..REFS {
                    let base = r as u32 * PER_REF;
                    if self.shot_legal(base) {
                        out.extend(base..base + PER_REF);
                    }
                }
            }
            Phase::Over => {}
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<()> {
        if self.phase == Phase::Over {
            return Err(LudoError::GameOver);
        }
        let ok = match self.phase {
            Phase::Lot => (LOT..LOT + self.table.n as u32).contains(&action),
            Phase::Noise(_) => (NOISE..LOT).contains(&action),
            Phase::Shoot => self.shot_legal(action),
            Phase::Over => false,
        };
        if !ok {
            // A shot aimed at a cap that cannot be aimed at says so; anything else gets the common
            // message (a chance outcome where a shot is due, a shot at a chance node).
            if self.phase == Phase::Shoot && action < SHOTS {
                let reason = "that cap is not on the court (or is the shooter's own)";
                return Err(LudoError::illegal(action, self.action_to_string(action), reason));
            }
            let mut legal = Vec::new();
            self.legal_actions(&mut legal);
            check_node(self, action, &legal)?;
            return Err(LudoError::illegal(
                action,
                self.action_to_string(action),
                "not legal here",
            ));
        }
        self.apply_action_unchecked(action);
        Ok(())
    }

    fn apply_action_unchecked(&mut self, action: Action) {
        self.history.push(action);
        match self.phase {
            Phase::Lot => {
                self.table.turn = (action - LOT) as usize;
                self.phase = Phase::Shoot;
            }
            Phase::Shoot => {
                if self.cfg.noisy(self.table.turn) {
                    self.phase = Phase::Noise(action);
                } else {
                    let (angle, speed) = self.aim_velocity(Aim::from_action(action));
                    self.play_shot(angle, speed);
                }
            }
            Phase::Noise(aim) => {
                let (angle, speed) = self.noisy_velocity(aim, action);
                self.play_shot(angle, speed);
            }
            Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        match self.phase {
            Phase::Lot => {
                let p = 1.0 / self.table.n as f64;
                out.extend((LOT..LOT + self.table.n as u32).map(|a| (a, p)));
            }
            Phase::Noise(_) => {
                let p = 1.0 / (NOISE_BINS * NOISE_BINS) as f64;
                out.extend((NOISE..LOT).map(|a| (a, p)));
            }
            _ => {}
        }
    }

    fn sample_chance(&self, rng: &mut Rng) -> Action {
        match self.phase {
            Phase::Lot => LOT + rng.below(self.table.n as u32),
            _ => NOISE + rng.below((NOISE_BINS * NOISE_BINS) as u32),
        }
    }

    fn random_action(&self, rng: &mut Rng) -> Action {
        // Uniform over the legal actions, which are whole reference blocks: pick a block, then an id.
        let mut refs = [0u32; REFS];
        let mut n = 0;
        for r in 0..REFS {
            if self.shot_legal(r as u32 * PER_REF) {
                refs[n] = r as u32;
                n += 1;
            }
        }
        let k = rng.below(n as u32 * PER_REF);
        refs[(k / PER_REF) as usize] * PER_REF + k % PER_REF
    }

    fn returns(&self, out: &mut [f64]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        if let (Phase::Over, Some(w)) = (self.phase, self.table.winner()) {
            let n = self.table.n;
            for (s, x) in out.iter_mut().enumerate().take(n) {
                *x = if s == w { 1.0 } else { -1.0 / (n - 1) as f64 };
            }
        }
    }

    fn scores(&self, out: &mut [f64]) {
        let ranks = self.table.ranks();
        for (s, x) in out.iter_mut().enumerate().take(self.table.n) {
            *x = f64::from(ranks[s]);
        }
    }

    fn action_to_string(&self, action: Action) -> String {
        action_name(action)
    }

    fn string_to_action(&self, text: &str) -> Result<Action> {
        parse_action(text)
    }

    fn observation_string(&self, player: usize) -> String {
        format!("you are p{player}\n{}\n{}", self.court_text(), self.summary())
    }

    /// One block of `SEAT_FEATURES` floats per seat, in seat order from `player` on (so the observer's
    /// own cap is always block 0; blocks of seats beyond the game's players stay 0), then
    /// `shots / max_shots` (at most 1). A block's slots: 0 the seat exists, 1 alive, 2 on the court,
    /// 3 and 4 x and y over the board side (clamped to −1..2), 5 the course progress (target index over
    /// the course length, 1 once past the course), 6 on the course, 7 qualifying in box 13, 8 walking the
    /// quadrants, 9 killer, 10..13 quadrants 0..3 made (all for a killer), 14 trapped, 15 to shoot.
    /// An eliminated seat has only slot 0 set.
    fn write_observation(&self, player: usize, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let n = self.table.n;
        let l = self.cfg.rules.court.side;
        let len = f32::from(self.cfg.rules.course_len());
        for s in 0..n {
            let c = &self.table.caps[s];
            let o = ((s + n - player) % n) * SEAT_FEATURES;
            out[o] = 1.0;
            out[o + 1] = f32::from(c.alive);
            if let (true, Some((x, y))) = (c.alive, c.pos) {
                out[o + 2] = 1.0;
                out[o + 3] = (x / l).clamp(-1.0, 2.0) as f32;
                out[o + 4] = (y / l).clamp(-1.0, 2.0) as f32;
            }
            if !c.alive {
                continue;
            }
            match c.stage {
                Stage::Course(i) => {
                    out[o + 5] = f32::from(i) / len;
                    out[o + 6] = 1.0;
                }
                Stage::Qual13 => {
                    out[o + 5] = 1.0;
                    out[o + 7] = 1.0;
                }
                Stage::QualQ(done) => {
                    out[o + 5] = 1.0;
                    out[o + 8] = 1.0;
                    for q in 0..4 {
                        out[o + 10 + q] = f32::from(done & (1 << q) != 0);
                    }
                }
                Stage::Killer => {
                    out[o + 5] = 1.0;
                    out[o + 9] = 1.0;
                    out[o + 10..o + 14].iter_mut().for_each(|x| *x = 1.0);
                }
            }
            out[o + 14] = f32::from(c.trapped);
            out[o + 15] = f32::from(self.phase != Phase::Over && self.table.turn == s);
        }
        out[OBS_LEN - 1] = (f64::from(self.table.shots) / f64::from(self.cfg.max_shots)).min(1.0) as f32;
    }

    fn information_state_string(&self, player: usize) -> String {
        // Everything is public: the history of actions plus the current view.
        let acts: Vec<String> = self.history.iter().map(|&a| action_name(a)).collect();
        format!(
            "{}\nhistory: {}",
            self.observation_string(player),
            acts.join(", ")
        )
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn setup(&self) -> Setup {
        match &self.setup {
            None => Setup::Standard,
            Some(t) => Setup::Text(t.clone()),
        }
    }
}

impl fmt::Display for SkellyState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Skelly, {} players\n{}\n{}",
            self.table.n,
            self.court_text(),
            self.summary()
        )
    }
}

/// Name of an action id (a pure function of the id): `aim target +0deg x1.00`, `aim p2 -5deg x1.30`,
/// `noise angle +3 speed -1` (bins −7..7 from the middle), `first player 2`.
pub fn action_name(action: Action) -> String {
    if action < SHOTS {
        let aim = Aim::from_action(action);
        let who = if aim.reference == 0 {
            "target".to_string()
        } else {
            format!("p{}", aim.reference - 1)
        };
        return format!(
            "aim {who} {:+}deg x{:.2}",
            ANGLES[aim.angle_index], POWERS[aim.power_index]
        );
    }
    if action < LOT {
        let k = (action - NOISE) as i32;
        let half = (NOISE_BINS / 2) as i32;
        return format!(
            "noise angle {:+} speed {:+}",
            k / NOISE_BINS as i32 - half,
            k % NOISE_BINS as i32 - half
        );
    }
    if action < NUM_ACTIONS {
        return format!("first player {}", action - LOT);
    }
    format!("action {action} (out of range)")
}

/// Parses an action name as written by [`action_name`] (case and spacing free), or the shorthand
/// `<offset> <power>` (`"-5 1.1"`, at the target) and `<p2|target> <offset> <power>`.
pub fn parse_action(text: &str) -> Result<Action> {
    let lower = text.trim().to_lowercase();
    let w: Vec<&str> = lower.split_whitespace().collect();
    let err = |why: &str| LudoError::parse("Skelly action", text, why.to_string());
    // Shorthand for the terminal: `<offset> <power>` at the target, or `<pK|target> <offset> <power>`.
    let shorthand = match w.as_slice() {
        [ang, pow] if ang.parse::<f64>().is_ok() || ang.ends_with("deg") => Some(("target", *ang, *pow)),
        [who, ang, pow] if *who != "aim" && *who != "noise" && *who != "first" => Some((*who, *ang, *pow)),
        _ => None,
    };
    let w: Vec<&str> = match shorthand {
        Some((who, ang, pow)) => vec!["aim", who, ang, pow],
        None => w,
    };
    let (ang_text, pow_text);
    let w: Vec<&str> = match w.as_slice() {
        ["aim", who, ang, pow] => {
            ang_text = if ang.ends_with("deg") {
                ang.to_string()
            } else {
                format!("{ang}deg")
            };
            pow_text = if pow.starts_with('x') {
                pow.to_string()
            } else {
                format!("x{pow}")
            };
            vec!["aim", who, ang_text.as_str(), pow_text.as_str()]
        }
        _ => w,
    };
    match w.as_slice() {
        ["aim", who, ang, pow] => {
            let reference = if *who == "target" {
                0
            } else {
                match who.strip_prefix('p').and_then(|s| s.parse::<usize>().ok()) {
                    Some(j) if j < MAX_SEATS => j + 1,
                    _ => return Err(err("aim at 'target' or a cap p0..p5")),
                }
            };
            let deg: i32 = ang
                .strip_suffix("deg")
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| err("angle offset as +5deg"))?;
            let angle_index = ANGLES.iter().position(|&a| a == deg).ok_or_else(|| {
                err(&format!(
                    "angle offsets are {}",
                    ANGLES.map(|a| format!("{a:+}deg")).join(" ")
                ))
            })?;
            let pw: f64 = pow
                .strip_prefix('x')
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| err("power as x1.00"))?;
            let power_index = POWERS
                .iter()
                .position(|&p| (p - pw).abs() < 1e-9)
                .ok_or_else(|| {
                    err(&format!(
                        "powers are {}",
                        POWERS.map(|p| format!("x{p:.2}")).join(" ")
                    ))
                })?;
            Ok(Aim {
                reference,
                angle_index,
                power_index,
            }
            .action())
        }
        ["noise", "angle", a, "speed", s] => {
            let half = (NOISE_BINS / 2) as i32;
            let (a, s): (i32, i32) = match (a.parse(), s.parse()) {
                (Ok(a), Ok(s)) => (a, s),
                _ => return Err(err("noise angle <-7..7> speed <-7..7>")),
            };
            if a.abs() > half || s.abs() > half {
                return Err(err("noise bins are -7..7"));
            }
            Ok(NOISE + ((a + half) * NOISE_BINS as i32 + (s + half)) as u32)
        }
        ["first", "player", k] => match k.parse::<u32>() {
            Ok(k) if (k as usize) < MAX_SEATS => Ok(LOT + k),
            _ => Err(err("first player <0..5>")),
        },
        _ => Err(err(
            "expected 'aim <target|pK> <offset>deg x<power>' (or just '<offset> <power>'), 'noise angle A \
             speed S' or 'first player K'",
        )),
    }
}
