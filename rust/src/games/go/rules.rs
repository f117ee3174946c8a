//! The rule flags of Go read once from the game's parameters.

use crate::core::game::Preset;
use crate::core::params::{DefaultValue, Kind, ParamSpec, Params};
use crate::error::{LudoError, Result};

/// How the game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese, AGA, NZ, Tromp–Taylor).
    Area,
    /// Surrounded empty points plus prisoners (Japanese, Korean).
    Territory,
}

/// The ko rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Forbids the immediate single-stone recapture; long cycles end the game (`long_cycle`).
    Simple,
    /// No placement may recreate any earlier board position.
    PositionalSuperko,
    /// No placement may recreate an earlier board position with the same player to move.
    SituationalSuperko,
}

/// How dead stones are settled at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadStones {
    /// Every stone on the board is alive; the count is mechanical (area scoring only).
    TrompTaylor,
    /// A marking phase after two passes: both sides accept a set of dead chains, or play resumes.
    Agreement,
}

/// What ends a game that repeats a whole-board situation under the simple ko rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongCycle {
    /// "No result" (Japanese): the game is void, both sides get 0.
    NoResult,
    /// A draw: both sides get 0, recorded as a draw.
    Draw,
}

/// Extra points White receives in handicap games under area scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapCompensation {
    /// None.
    None,
    /// H points (Chinese).
    H,
    /// H − 1 points (AGA).
    HMinus1,
}

/// Every rule flag, resolved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// Board side (`board_size`).
    pub size: usize,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Points added to White.
    pub komi: f64,
    /// Ko rule.
    pub ko: KoRule,
    /// Outcome of a repeated situation under simple ko.
    pub long_cycle: LongCycle,
    /// Multi-stone suicide is legal.
    pub suicide_allowed: bool,
    /// How dead stones are settled.
    pub dead_stones: DeadStones,
    /// Territory scoring: eyes of groups in seki count.
    pub seki_territory: bool,
    /// AGA pass stones (and White passes last).
    pub pass_stones: bool,
    /// Handicap stones (0 or 2..9).
    pub handicap: usize,
    /// Black places the handicap stones one action at a time.
    pub free_handicap: bool,
    /// Area-scoring points for White in handicap games.
    pub handicap_compensation: HandicapCompensation,
    /// Actions after which a game still running is stopped and counted (`max_moves`, 0 = 4·N²).
    pub max_moves: usize,
}

/// The parameters of `go` (Rengo adds its own after these).
pub const GO_PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "board_size",
        kind: Kind::Int { min: 2, max: 25 },
        default: DefaultValue::Int(19),
        doc: "board side, 2..25",
    },
    ParamSpec {
        name: "ruleset",
        kind: Kind::Choice(&["japanese", "chinese", "aga", "nz", "tromp_taylor"]),
        default: DefaultValue::Str("japanese"),
        doc: "preset bundle of the flags below (japanese, chinese, aga, nz, tromp_taylor); explicit flags override it",
    },
    ParamSpec {
        name: "scoring",
        kind: Kind::Choice(&["territory", "area"]),
        default: DefaultValue::Str("territory"),
        doc: "territory (+prisoners) or area (stones+territory)",
    },
    ParamSpec {
        name: "komi",
        kind: Kind::Float {
            min: -1000.0,
            max: 1000.0,
        },
        default: DefaultValue::Float(6.5),
        doc: "points added to White",
    },
    ParamSpec {
        name: "ko_rule",
        kind: Kind::Choice(&["simple", "positional_superko", "situational_superko"]),
        default: DefaultValue::Str("simple"),
        doc: "simple ko, positional or situational superko",
    },
    ParamSpec {
        name: "long_cycle",
        kind: Kind::Choice(&["no_result", "draw"]),
        default: DefaultValue::Str("no_result"),
        doc: "simple ko only: outcome when a whole-board situation repeats",
    },
    ParamSpec {
        name: "suicide_allowed",
        kind: Kind::Bool,
        default: DefaultValue::Bool(false),
        doc: "allow suicide (the own chain is removed; the ko rule still applies)",
    },
    ParamSpec {
        name: "dead_stone_mode",
        kind: Kind::Choice(&["agreement", "tromp_taylor"]),
        default: DefaultValue::Str("agreement"),
        doc: "marking phase after two passes, or every stone alive (area scoring only)",
    },
    ParamSpec {
        name: "seki_territory",
        kind: Kind::Bool,
        default: DefaultValue::Bool(false),
        doc: "territory scoring: count eyes of groups in seki as territory",
    },
    ParamSpec {
        name: "pass_stones",
        kind: Kind::Bool,
        default: DefaultValue::Bool(false),
        doc: "AGA: a pass gives the opponent a prisoner and White must pass last",
    },
    ParamSpec {
        name: "handicap",
        kind: Kind::Int { min: 0, max: 9 },
        default: DefaultValue::Int(0),
        doc: "handicap stones (0 or 2..9); White moves first after them",
    },
    ParamSpec {
        name: "handicap_placement",
        kind: Kind::Choice(&["fixed", "free"]),
        default: DefaultValue::Str("fixed"),
        doc: "star points, or placed by Black one action at a time",
    },
    ParamSpec {
        name: "handicap_compensation",
        kind: Kind::Choice(&["none", "h", "h_minus_1"]),
        default: DefaultValue::Str("none"),
        doc: "area scoring: extra points for White in handicap games",
    },
    ParamSpec {
        name: "max_moves",
        kind: Kind::Int { min: 0, max: 100_000 },
        default: DefaultValue::Int(0),
        doc: "stop and count after this many actions (0 = 4 x board points, as OpenSpiel)",
    },
];

/// The named rulesets: each fixes every rule flag.
pub const GO_PRESETS: &[Preset] = &[
    (
        "japanese",
        &[
            ("scoring", "territory"),
            ("komi", "6.5"),
            ("ko_rule", "simple"),
            ("long_cycle", "no_result"),
            ("suicide_allowed", "false"),
            ("dead_stone_mode", "agreement"),
            ("seki_territory", "false"),
            ("pass_stones", "false"),
            ("handicap_compensation", "none"),
        ],
    ),
    (
        "chinese",
        &[
            ("scoring", "area"),
            ("komi", "7.5"),
            ("ko_rule", "positional_superko"),
            ("suicide_allowed", "false"),
            ("dead_stone_mode", "agreement"),
            ("pass_stones", "false"),
            ("handicap_compensation", "h"),
        ],
    ),
    (
        "aga",
        &[
            ("scoring", "area"),
            ("komi", "7.5"),
            ("ko_rule", "situational_superko"),
            ("suicide_allowed", "false"),
            ("dead_stone_mode", "agreement"),
            ("pass_stones", "true"),
            ("handicap_compensation", "h_minus_1"),
        ],
    ),
    (
        "nz",
        &[
            ("scoring", "area"),
            ("komi", "7"),
            ("ko_rule", "situational_superko"),
            ("suicide_allowed", "true"),
            ("dead_stone_mode", "agreement"),
            ("pass_stones", "false"),
            ("handicap_compensation", "none"),
        ],
    ),
    (
        "tromp_taylor",
        &[
            ("scoring", "area"),
            ("komi", "7.5"),
            ("ko_rule", "positional_superko"),
            ("suicide_allowed", "true"),
            ("dead_stone_mode", "tromp_taylor"),
            ("pass_stones", "false"),
            ("handicap_compensation", "none"),
        ],
    ),
];

impl Rules {
    /// Reads and cross-checks the flags.
    pub fn from_params(p: &Params) -> Result<Rules> {
        let size = p.int("board_size") as usize;
        let scoring = if p.str("scoring") == "area" {
            Scoring::Area
        } else {
            Scoring::Territory
        };
        let ko = p.choice(
            "ko_rule",
            &[
                ("simple", KoRule::Simple),
                ("positional_superko", KoRule::PositionalSuperko),
                ("situational_superko", KoRule::SituationalSuperko),
            ],
        );
        let dead_stones = if p.str("dead_stone_mode") == "tromp_taylor" {
            DeadStones::TrompTaylor
        } else {
            DeadStones::Agreement
        };
        if dead_stones == DeadStones::TrompTaylor && scoring == Scoring::Territory {
            return Err(LudoError::param(
                "dead_stone_mode",
                "tromp_taylor (every stone alive) needs scoring=area: under territory scoring capturing dead stones costs points",
            ));
        }
        let handicap = p.int("handicap") as usize;
        if handicap == 1 {
            return Err(LudoError::param(
                "handicap",
                "a handicap is 0 or 2..9 stones (one stone is just Black moving first)",
            ));
        }
        let free_handicap = p.str("handicap_placement") == "free";
        if handicap > 0 && !free_handicap {
            let max = super::coord::max_fixed_handicap(size);
            if handicap > max {
                return Err(LudoError::param(
                    "handicap",
                    format!("fixed placement on {size}x{size} has at most {max} stones; use handicap_placement=free"),
                ));
            }
        }
        if handicap >= size * size {
            return Err(LudoError::param(
                "handicap",
                format!("{handicap} stones do not fit on {size}x{size}"),
            ));
        }
        let max_moves = match p.int("max_moves") as usize {
            0 => 4 * size * size,
            m => m,
        };
        Ok(Rules {
            size,
            scoring,
            komi: p.float("komi"),
            ko,
            long_cycle: if p.str("long_cycle") == "draw" {
                LongCycle::Draw
            } else {
                LongCycle::NoResult
            },
            suicide_allowed: p.bool("suicide_allowed"),
            dead_stones,
            seki_territory: p.bool("seki_territory"),
            pass_stones: p.bool("pass_stones"),
            handicap,
            free_handicap,
            handicap_compensation: p.choice(
                "handicap_compensation",
                &[
                    ("none", HandicapCompensation::None),
                    ("h", HandicapCompensation::H),
                    ("h_minus_1", HandicapCompensation::HMinus1),
                ],
            ),
            max_moves,
        })
    }

    /// Extra points for White from the handicap under area scoring.
    pub fn handicap_points(&self) -> f64 {
        if self.scoring != Scoring::Area || self.handicap == 0 {
            return 0.0;
        }
        match self.handicap_compensation {
            HandicapCompensation::None => 0.0,
            HandicapCompensation::H => self.handicap as f64,
            HandicapCompensation::HMinus1 => (self.handicap - 1) as f64,
        }
    }
}
