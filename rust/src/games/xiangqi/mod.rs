//! Xiangqi (Chinese chess) and Jieqi (揭棋, "Hidden Xiang Qi"), with the rules
//! as this package implements them (see `ludoteca rules xiangqi` and `ludoteca rules jieqi`).
//!
//! * [`board`]: the 90-point mailbox, move generation, legality, perft.
//! * [`fen`]: UCCI/WXF FEN and the Jieqi extension with `X`/`x` for face-down pieces.
//! * [`notation`]: ICCS (`h2e2`, the action names) and WXF (`C2.5`).
//! * [`flow`]: end-of-game rules, illegal-move reasons, board drawing and observation planes.
//! * [`state`]: the registered game `xiangqi`; [`jieqi`]: the registered game `jieqi`.
//! * [`bots`]: a capture-greedy bot.
//!
//! Rules as implemented (choices where the common rules are silent are marked *choice*):
//! * Red is seat 0 and moves first; action id = `from * 90 + to` with points `rank * 9 + file`
//!   (file `a` = 0 on Red's left, rank 0 = Red's back rank); action names are ICCS (`h2e2`).
//! * Checkmate and stalemate both lose for the side to move. The flying-general rule is a check.
//! * Repetition (`repetition_rule`): `perpetual_check_loses` (default): when a position occurs for
//!   the `repetition_count`-th time (3), the plies since the first of those occurrences form the
//!   cycle; a side all of whose moves in it gave check loses if the other side's did not all give
//!   check; any other repetition is a draw. `draw`: every repetition is a draw. Perpetual chase is
//!   not implemented.
//! * `no_capture_draw_plies` (120, 0 = off): that many plies without a capture is a draw.
//! * *choice*: `max_plies` (1000): the game is drawn after that many plies (a cap for simulations;
//!   in addition to the no-capture rule).
//! * Returns: +1 / -1 for a win / loss, 0 for a draw.

pub mod board;
pub mod bots;
pub mod fen;
pub mod flow;
pub mod jieqi;
pub mod notation;
pub mod state;

#[cfg(test)]
mod perft_tests;
#[cfg(test)]
mod tests;

pub use jieqi::{Jieqi, JieqiState};
pub use state::XiangqiState;

use crate::core::game::{Bot, Game, GameInfo};
use crate::core::params::{DefaultValue, Kind, ParamSpec, Params};
use crate::error::Result;
use crate::registry::Registered;
use flow::EndRules;

/// The parameters both games share (end-of-game rules).
pub(crate) const REPETITION_RULE: ParamSpec = ParamSpec {
    name: "repetition_rule",
    kind: Kind::Choice(&["perpetual_check_loses", "draw"]),
    default: DefaultValue::Str("perpetual_check_loses"),
    doc: "perpetual check loses and other repetitions draw, or every repetition draws",
};
pub(crate) const REPETITION_COUNT: ParamSpec = ParamSpec {
    name: "repetition_count",
    kind: Kind::Int { min: 2, max: 10 },
    default: DefaultValue::Int(3),
    doc: "the occurrence of a position that ends the game",
};
pub(crate) const NO_CAPTURE: ParamSpec = ParamSpec {
    name: "no_capture_draw_plies",
    kind: Kind::Int { min: 0, max: 10_000 },
    default: DefaultValue::Int(120),
    doc: "plies without a capture that draw the game (0 = off)",
};
pub(crate) const MAX_PLIES: ParamSpec = ParamSpec {
    name: "max_plies",
    kind: Kind::Int { min: 1, max: 100_000 },
    default: DefaultValue::Int(1000),
    doc: "plies after which the game is drawn (a cap for simulations)",
};
pub(crate) const RULESET: ParamSpec = ParamSpec {
    name: "ruleset",
    kind: Kind::Choice(&["seed", "simple"]),
    default: DefaultValue::Str("seed"),
    doc: "seed: the rules above (perpetual check loses); simple: every repetition draws",
};

static PARAMS: &[ParamSpec] = &[RULESET, REPETITION_RULE, REPETITION_COUNT, NO_CAPTURE, MAX_PLIES];

/// Presets shared by both games.
pub(crate) static PRESETS: &[crate::core::game::Preset] =
    &[("seed", &[]), ("simple", &[("repetition_rule", "draw")])];

static INFO: GameInfo = GameInfo {
    short_name: "xiangqi",
    long_name: "Xiangqi",
    params: PARAMS,
    presets: PRESETS,
    version: 1,
    rules: "Chinese chess on 9x10 points. Red moves first. General and advisors stay in the palace, \
elephants on their side of the river (the eye blocks), horses are blocked at the leg, cannons capture \
over exactly one screen, soldiers step sideways only after the river. The generals may not face each \
other on an open file. Checkmate and stalemate lose. Perpetual check loses, other repetitions draw; \
120 plies without capture draw. A side may resign at any time and the players may agree a draw \
(State.apply_ending: 'resign 0', 'resign 1', 'draw'). Moves are ICCS (h2e2); WXF (C2.5) is accepted. \
        As in the rules of the Asian Xiangqi Federation, simplified: only perpetual check is \
        forbidden (not perpetual chase). Notation as the World Xiangqi Federation (WXF) writes it.",
    bots: &["random", "greedy"],
    examples: &[
        "xiangqi",
        "xiangqi(repetition_rule=draw,no_capture_draw_plies=60)",
        "xiangqi(ruleset=simple,max_plies=200)",
    ],
};

/// The registered game `xiangqi`.
#[derive(Clone, Debug)]
pub struct Xiangqi {
    params: Params,
    rules: EndRules,
}

impl Xiangqi {
    /// The game with every parameter at its default.
    pub fn from_params_default() -> Xiangqi {
        let params = Params::resolve(PARAMS, &[], PRESETS).unwrap_or_default();
        let rules = EndRules::from_params(&params);
        Xiangqi { params, rules }
    }
    /// The end-of-game rules in force.
    pub fn end_rules(&self) -> EndRules {
        self.rules
    }
    /// A state set up from a FEN (validated; `InvalidPosition` for impossible positions).
    pub fn state_from_fen(&self, fen: &str) -> Result<XiangqiState> {
        XiangqiState::from_fen(fen, self.rules)
    }
}

/// Number of move ids: every ordered pair of points.
pub const NUM_MOVE_ACTIONS: usize = board::SQUARES * board::SQUARES;

impl Game for Xiangqi {
    /// +1 for a win, −1 for a loss, 0 for a draw.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        Some(crate::core::game::Utility::zero_sum(-1.0, 1.0))
    }
    fn new_state_from_setup(&self, text: &str) -> Result<XiangqiState> {
        self.state_from_fen(text)
    }
    type State = XiangqiState;
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_distinct_actions(&self) -> usize {
        NUM_MOVE_ACTIONS
    }
    fn max_chance_outcomes(&self) -> usize {
        0
    }
    fn max_game_length(&self) -> usize {
        self.rules.max_plies as usize
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![15, board::RANKS, board::FILES]
    }
    fn new_initial_state(&self) -> XiangqiState {
        XiangqiState::new(board::Position::start(), self.rules, 0, 1, None)
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<XiangqiState>>> {
        match name {
            "random" => Ok(Box::new(bots::UniformBot)),
            "greedy" => Ok(Box::new(bots::GreedyBot)),
            _ => Err(crate::core::game::unknown_bot(name, &INFO)),
        }
    }
}

impl Registered for Xiangqi {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(params: Params) -> Result<Self> {
        let rules = EndRules::from_params(&params);
        Ok(Xiangqi { params, rules })
    }
}
