//! Rengo (registered as `rengo`): Go for two teams of two.
//!
//! * Seats: 0 = B1, 1 = W1, 2 = B2, 3 = W2; Black = {B1, B2}, White = {W1, W2}. The normal rotation is
//!   B1, W1, B2, W2. Passes are moves in the rotation. Colours still alternate: a player can only
//!   place their own team's colour, so only the team to move can act.
//! * Handicap: B1 places the handicap stones (fixed, or free one action at a time), which is Black's
//!   first turn; W1 moves next, then B2.
//! * Each team's next expected player is the teammate of whoever made the team's last move.
//!   `current_player()` is the expected player of the team to move.
//! * Every play carries its player: action `s·(N²+1) + k` is seat `s` playing point `k` (or passing,
//!   `k = N²`). The expected player's teammate may also play: that is an **out-of-sequence** play. It
//!   stands, and the rotation continues from its author (the team's next expected player is the
//!   offender's partner, i.e. the player who was skipped).
//! * Until the next play (or marking action), the opposing team may claim the error:
//!   `claim intentional` makes the offending team forfeit; `claim unintentional` gives the claiming
//!   team `rengo_penalty` points (3) as a score adjustment, applied under both area and territory
//!   scoring (under territory scoring this equals 3 extra prisoners). Unclaimed errors
//!   are absorbed (with `auto_penalize_unclaimed=true` they cost the penalty when the next play closes
//!   the window). Claims do not change whose turn it is. The other rule flags are fixed at
//!   their defaults: the penalty is a score adjustment (`penalty_as=adjustment`) and the claim window
//!   is "before the next move".
//! * Resignation is per team ([`RengoState::resign`]), not an action.
//! * Returns: +1/−1/0 for each seat by its team's result; scores are the team totals.
//!
//! Actions (M = N²+1): `0..4M` plays by seat, `4M` claim unintentional, `4M+1` claim intentional,
//! then the marking actions of Go (`4M+2+p` mark p, `4M+2+N²` accept, `4M+3+N²` resume).
//! Observation: `[7, N, N]`: Go's five planes for the observer's colour, a plane of ones while a claim
//! is open against the observer's opponents, and a plane of ones when the observer is their team's
//! expected player.

use super::board::{opponent, BLACK, WHITE};
use super::bots::PlayoutBot;
use super::engine::{ci, End, GoCore, Move, Phase};
use super::rules::{Rules, GO_PARAMS, GO_PRESETS};
use super::score::Score;
use super::GoLike;
use super::{marking_action, marking_move, move_name, parse_move, write_planes};
use crate::core::game::{unknown_bot, Action, Bot, Game, GameInfo, Player, State};
use crate::core::params::{DefaultValue, Kind, ParamSpec, Params};
use crate::error::{LudoError, Result};
use crate::registry::Registered;
use std::fmt;
use std::sync::Arc;

/// The registered game type (`rengo`).
pub type Type = RengoGame;

/// Seat labels in seat order.
pub const SEAT_NAMES: [&str; 4] = ["B1", "W1", "B2", "W2"];

/// Rengo's parameters: Go's, then the penalty and whether unclaimed errors are penalised.
const RENGO_PARAMS: &[ParamSpec] = &{
    const N: usize = GO_PARAMS.len();
    let mut v = [GO_PARAMS[0]; N + 2];
    let mut i = 0;
    while i < N {
        v[i] = GO_PARAMS[i];
        i += 1;
    }
    v[N] = ParamSpec {
        name: "rengo_penalty",
        kind: Kind::Float {
            min: 0.0,
            max: 1000.0,
        },
        default: DefaultValue::Float(3.0),
        doc: "points given to the claiming team for an unintentional out-of-sequence play",
    };
    v[N + 1] = ParamSpec {
        name: "auto_penalize_unclaimed",
        kind: Kind::Bool,
        default: DefaultValue::Bool(false),
        doc: "an out-of-sequence play not claimed before the next play costs the penalty anyway",
    };
    v
};

/// Rengo with resolved parameters.
#[derive(Clone, Debug)]
pub struct RengoGame {
    params: Params,
    rules: Rules,
    penalty: f64,
    auto_penalize: bool,
}

/// A Rengo position: the Go position plus the rotation and any open claim.
#[derive(Clone, Debug)]
pub struct RengoState {
    pub(super) core: GoCore,
    penalty: f64,
    auto_penalize: bool,
    /// Expected member (0 or 1) of Black and of White.
    expected: [u8; 2],
    /// The colour whose out-of-sequence play can still be claimed, and the seat that made it.
    claimable: Option<(u8, usize)>,
    /// Every out-of-sequence play: (action index in the history, seat).
    errors: Vec<(usize, usize)>,
    history: Vec<Action>,
    team_names: Option<Box<[String; 2]>>,
    /// The set-up position when the game did not start on an empty board (see `setup_text`).
    setup: Option<Arc<str>>,
}

impl Registered for RengoGame {
    const INFO: &'static GameInfo = &GameInfo {
        short_name: "rengo",
        long_name: "Rengo (team Go)",
        params: RENGO_PARAMS,
        presets: GO_PRESETS,
        // 2: the automatic marking runs at most 16 playouts (was 64; results change, see score.rs).
        // 3: boards of side 15 and more run up to 32 marking playouts, settled on a lead of 4.
        version: 3,
        rules: "Go for two teams of two, rotation B1 W1 B2 W2 (passes included). An out-of-sequence play by the \
expected player's teammate stands and the rotation continues from it; the opponents may claim it before the next \
play: intentional = forfeit, unintentional = rengo_penalty points (3) to the claimants under any scoring. B1 places \
the handicap. Go's parameters and rulesets apply. \
        Rengo as played at pair-go and team events (senseis.xmp.net: Rengo).",
        bots: &["random", "random_no_eye"],
        examples: &["rengo(board_size=9)", "rengo(board_size=7,ruleset=tromp_taylor,handicap=2)", "rengo(board_size=5,ruleset=chinese,handicap=2,handicap_placement=free)"],
    };
    fn from_params(params: Params) -> Result<Self> {
        let rules = Rules::from_params(&params)?;
        let penalty = params.float("rengo_penalty");
        let auto_penalize = params.bool("auto_penalize_unclaimed");
        Ok(RengoGame {
            params,
            rules,
            penalty,
            auto_penalize,
        })
    }
}

impl RengoGame {
    /// The resolved rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

impl Game for RengoGame {
    /// +1 for a win, −1 for a loss, 0 for a draw.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        Some(crate::core::game::Utility::zero_sum(-1.0, 1.0))
    }
    fn new_state_from_setup(&self, text: &str) -> Result<RengoState> {
        let (position, names) = super::split_setup(text)?;
        let mut state = self.new_initial_state();
        if let Some(position) = position {
            let (stones, to_move) = super::parse_setup(position, self.rules.size)?;
            super::setup_core(&mut state.core, &stones, to_move)?;
            state.setup = Some(position.into());
        }
        state.team_names = names.map(Box::new);
        Ok(state)
    }
    type State = RengoState;
    fn info(&self) -> &'static GameInfo {
        Self::INFO
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_players(&self) -> usize {
        4
    }
    fn num_distinct_actions(&self) -> usize {
        let n2 = self.rules.size * self.rules.size;
        4 * (n2 + 1) + 2 + n2 + 2
    }
    fn max_chance_outcomes(&self) -> usize {
        0
    }
    fn max_game_length(&self) -> usize {
        // Each play may be followed by one claim.
        2 * self.rules.max_moves
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![7, self.rules.size, self.rules.size]
    }
    fn new_initial_state(&self) -> RengoState {
        let core = GoCore::new(self.rules);
        // A fixed handicap is B1's turn, so W1 and then B2 follow.
        let expected = if self.rules.handicap > 0 && !self.rules.free_handicap {
            [1, 0]
        } else {
            [0, 0]
        };
        RengoState {
            core,
            penalty: self.penalty,
            auto_penalize: self.auto_penalize,
            expected,
            claimable: None,
            errors: Vec::new(),
            history: Vec::with_capacity(256),
            team_names: None,
            setup: None,
        }
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<RengoState>>> {
        match name {
            "random" => Ok(Box::new(PlayoutBot { no_eye: false })),
            "random_no_eye" => Ok(Box::new(PlayoutBot { no_eye: true })),
            _ => Err(unknown_bot(name, Self::INFO)),
        }
    }
}

/// A decoded Rengo action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RAction {
    Play(usize, Move),
    Claim { intentional: bool },
    Team(Move),
}

impl RengoState {
    /// The rules machine.
    pub fn core(&self) -> &GoCore {
        &self.core
    }
    /// A position from an ASCII diagram ([`super::diagram_stones`]) with `team` (0 Black, 1 White) to
    /// move and each team's first player expected.
    pub fn from_diagram(game: &RengoGame, diagram: &str, team: usize) -> Result<RengoState> {
        let stones = super::diagram_stones(diagram, game.rules.size)?;
        let mut state = game.new_initial_state();
        super::setup_core(&mut state.core, &stones, team)?;
        state.setup = Some(super::setup_text(game.rules.size, &stones, team).into());
        Ok(state)
    }

    /// The starting position of a state made from setup stones that are known to be valid (replays).
    pub(crate) fn from_stones(game: &RengoGame, stones: &[(usize, u8)], to_move: u8) -> RengoState {
        let mut state = game.new_initial_state();
        let _ = state.core.set_position(stones, to_move);
        state.setup =
            Some(super::setup_text(game.rules.size, stones, if to_move == BLACK { 0 } else { 1 }).into());
        state
    }

    /// The seat expected to act now (also `current_player()` until the end).
    pub fn expected_seat(&self) -> usize {
        let c = self.core.to_move;
        ci(c) + 2 * self.expected[ci(c)] as usize
    }
    /// The final (or provisional) count, penalties included.
    pub fn final_score(&self) -> Score {
        self.core.score()
    }
    /// Out-of-sequence plays so far: (index in the history, seat).
    pub fn rotation_errors(&self) -> &[(usize, usize)] {
        &self.errors
    }
    /// Score adjustments of Black and White (penalties won).
    pub fn adjustments(&self) -> [f64; 2] {
        self.core.adjustment
    }
    /// Team `team` (0 Black, 1 White) resigns.
    pub fn resign(&mut self, team: usize) -> Result<()> {
        self.core.resign(team, "team", "Rengo")
    }
    /// Sets the team names recorded in SGF (`BT`, `WT`).
    pub fn set_team_names(&mut self, black: &str, white: &str) {
        self.team_names = Some(Box::new([black.to_string(), white.to_string()]));
    }
    /// The team names, if set.
    pub fn team_names(&self) -> Option<&[String; 2]> {
        self.team_names.as_deref()
    }
    /// The SGF result once over.
    pub fn result(&self) -> Option<String> {
        self.core.result_string()
    }

    fn n2(&self) -> usize {
        self.core.rules.size * self.core.rules.size
    }
    fn m(&self) -> usize {
        self.n2() + 1
    }

    fn decode(&self, a: Action) -> Option<RAction> {
        let (a, n2, m) = (a as usize, self.n2(), self.m());
        if a < 4 * m {
            let (seat, k) = (a / m, a % m);
            return Some(RAction::Play(
                seat,
                if k == n2 { Move::Pass } else { Move::Place(k) },
            ));
        }
        match a - 4 * m {
            0 => Some(RAction::Claim { intentional: false }),
            1 => Some(RAction::Claim { intentional: true }),
            _ => marking_move(a, 4 * m + 2, n2).map(RAction::Team),
        }
    }

    fn encode(&self, ra: RAction) -> Action {
        let (n2, m) = (self.n2(), self.m());
        match ra {
            RAction::Play(seat, Move::Place(pt)) => (seat * m + pt) as Action,
            RAction::Play(seat, _) => (seat * m + n2) as Action,
            RAction::Claim { intentional } => (4 * m + intentional as usize) as Action,
            RAction::Team(mv) => marking_action(mv, 4 * m + 2, n2).unwrap_or(0),
        }
    }

    /// Why `ra` is illegal now, if it is.
    fn check(&self, ra: RAction) -> std::result::Result<(), String> {
        let due = self.expected_seat();
        match ra {
            RAction::Play(seat, mv) => {
                if seat % 2 != ci(self.core.to_move) {
                    return Err(format!(
                        "{} cannot play: it is {}'s turn",
                        SEAT_NAMES[seat],
                        if self.core.to_move == BLACK {
                            "Black"
                        } else {
                            "White"
                        }
                    ));
                }
                if seat != due && !matches!(self.core.phase, Phase::Play) {
                    return Err(format!(
                        "only {} acts now (the handicap and marking are not part of the rotation)",
                        SEAT_NAMES[due]
                    ));
                }
                if matches!(self.core.phase, Phase::Marking) {
                    return Err("in the marking phase only mark, accept and resume are legal".into());
                }
                self.core.check(mv)
            }
            RAction::Claim { .. } => match self.claimable {
                Some((c, _)) if c != self.core.to_move && !self.core.is_over() => Ok(()),
                _ => Err("no out-of-sequence play to claim (a claim must come before the next play)".into()),
            },
            RAction::Team(mv) => self.core.check(mv),
        }
    }

    fn apply_checked(&mut self, ra: RAction, action: Action) {
        match ra {
            RAction::Play(seat, mv) => {
                self.close_claim_window();
                let c = self.core.to_move;
                let team = ci(c);
                let handicap = matches!(self.core.phase, Phase::Handicap { .. });
                if seat == self.expected_seat() {
                    if !handicap {
                        self.expected[team] ^= 1;
                    }
                } else {
                    // Out of sequence: the move stands, the skipped player stays expected.
                    self.claimable = Some((c, seat));
                    self.errors.push((self.history.len(), seat));
                }
                self.core.apply(mv);
                if handicap && !matches!(self.core.phase, Phase::Handicap { .. }) {
                    // B1's handicap stones were Black's first turn.
                    self.expected[0] = 1;
                }
            }
            RAction::Claim { intentional } => {
                if let Some((c, _)) = self.claimable.take() {
                    if intentional {
                        self.core.finish(End::Forfeit(c));
                    } else {
                        self.core.adjustment[ci(opponent(c))] += self.penalty;
                    }
                }
            }
            RAction::Team(mv) => {
                self.close_claim_window();
                self.core.apply(mv);
            }
        }
        self.history.push(action);
    }

    /// The next play closes the claim window; with `auto_penalize_unclaimed` the unclaimed error
    /// still costs the penalty.
    fn close_claim_window(&mut self) {
        if let Some((c, _)) = self.claimable.take() {
            if self.auto_penalize {
                self.core.adjustment[ci(opponent(c))] += self.penalty;
            }
        }
    }

    fn push_legal(&self, out: &mut Vec<Action>) {
        let due = self.expected_seat();
        let partner = (due + 2) % 4;
        let mut plays: Vec<Action> = Vec::new();
        let mut team: Vec<Action> = Vec::new();
        self.core.for_each_legal(|mv| match mv {
            Move::Place(_) | Move::Pass => {
                plays.push(self.encode(RAction::Play(due, mv)));
                if self.core.phase == Phase::Play {
                    plays.push(self.encode(RAction::Play(partner, mv)));
                }
            }
            _ => team.push(self.encode(RAction::Team(mv))),
        });
        out.extend(plays);
        if self.check(RAction::Claim { intentional: false }).is_ok() {
            out.push(self.encode(RAction::Claim { intentional: false }));
            out.push(self.encode(RAction::Claim { intentional: true }));
        }
        out.extend(team);
        out.sort_unstable();
    }
}

impl GoLike for RengoState {
    fn core(&self) -> &GoCore {
        &self.core
    }
    fn core_mut(&mut self) -> &mut GoCore {
        &mut self.core
    }
    fn setup(&mut self, stones: &[(usize, u8)], to_move: usize) -> Result<()> {
        super::setup_core(&mut self.core, stones, to_move)?;
        self.setup = Some(super::setup_text(self.core.rules.size, stones, to_move).into());
        Ok(())
    }
    fn action_of(&self, mv: Move) -> Action {
        match mv {
            Move::Place(_) | Move::Pass => self.encode(RAction::Play(self.expected_seat(), mv)),
            _ => self.encode(RAction::Team(mv)),
        }
    }
}

impl State for RengoState {
    fn setup(&self) -> crate::core::game::Setup {
        match super::compose_setup(self.setup.as_deref(), self.team_names.as_deref()) {
            Some(t) => crate::core::game::Setup::Text(t),
            None => crate::core::game::Setup::Standard,
        }
    }
    fn ending(&self) -> Option<String> {
        self.core.ending()
    }
    fn apply_ending(&mut self, text: &str) -> Result<()> {
        self.core.apply_ending(text, "team", "Rengo")
    }
    fn current_player(&self) -> Player {
        if self.core.is_over() {
            Player::Terminal
        } else {
            Player::Seat(self.expected_seat())
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if !self.core.is_over() {
            self.push_legal(out);
        }
    }
    fn apply_action(&mut self, action: Action) -> Result<()> {
        if self.core.is_over() {
            return Err(LudoError::GameOver);
        }
        let ra = self
            .decode(action)
            .ok_or_else(|| LudoError::illegal(action, action.to_string(), "no such Rengo action id"))?;
        self.check(ra)
            .map_err(|reason| LudoError::illegal(action, self.action_to_string(action), reason))?;
        self.apply_checked(ra, action);
        Ok(())
    }
    fn apply_action_unchecked(&mut self, action: Action) {
        if let Some(ra) = self.decode(action) {
            debug_assert!(self.check(ra).is_ok());
            self.apply_checked(ra, action);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
    }
    fn returns(&self, out: &mut [f64]) {
        let u = self.core.utilities();
        for (s, o) in out.iter_mut().enumerate().take(4) {
            *o = u[s % 2];
        }
    }
    fn scores(&self, out: &mut [f64]) {
        let s = self.core.score();
        for (seat, o) in out.iter_mut().enumerate().take(4) {
            *o = if seat % 2 == 0 { s.black } else { s.white };
        }
    }
    fn action_to_string(&self, action: Action) -> String {
        let n = self.core.rules.size;
        match self.decode(action) {
            Some(RAction::Play(seat, mv)) => format!("{} {}", SEAT_NAMES[seat], move_name(mv, n)),
            Some(RAction::Claim { intentional: false }) => "claim unintentional".into(),
            Some(RAction::Claim { intentional: true }) => "claim intentional".into(),
            Some(RAction::Team(mv)) => move_name(mv, n),
            None => format!("invalid action {action}"),
        }
    }
    fn string_to_action(&self, text: &str) -> Result<Action> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "claim unintentional" => return Ok(self.encode(RAction::Claim { intentional: false })),
            "claim intentional" => return Ok(self.encode(RAction::Claim { intentional: true })),
            _ => {}
        }
        let n = self.core.rules.size;
        if let Some((who, rest)) = t.split_once(' ') {
            if let Some(seat) = SEAT_NAMES.iter().position(|s| s.eq_ignore_ascii_case(who)) {
                return match parse_move(rest, n)? {
                    mv @ (Move::Place(_) | Move::Pass) => Ok(self.encode(RAction::Play(seat, mv))),
                    _ => Err(LudoError::parse(
                        "Rengo action",
                        text,
                        "a seat prefix (B1, W1, B2, W2) goes with a vertex or pass",
                    )),
                };
            }
        }
        Ok(self.action_of(parse_move(&t, n)?))
    }
    fn observation_string(&self, _player: usize) -> String {
        self.to_string()
    }
    fn write_observation(&self, player: usize, out: &mut [f32]) {
        let n2 = self.n2();
        let own = if player % 2 == 0 { BLACK } else { WHITE };
        write_planes(&self.core, own, out);
        let claim = matches!(self.claimable, Some((c, _)) if c != own);
        out[5 * n2..6 * n2]
            .iter_mut()
            .for_each(|x| *x = claim as u8 as f32);
        let expected = player / 2 == self.expected[player % 2] as usize;
        out[6 * n2..7 * n2]
            .iter_mut()
            .for_each(|x| *x = expected as u8 as f32);
    }
    fn information_state_string(&self, _player: usize) -> String {
        let moves: Vec<String> = self.history.iter().map(|&a| self.action_to_string(a)).collect();
        format!("{}\n{}", moves.join(", "), self)
    }
    fn history(&self) -> &[Action] {
        &self.history
    }
}

impl fmt::Display for RengoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.core.render())?;
        // Once over nobody is expected (and who was depends on marking actions a record drops).
        if !self.core.is_over() {
            write!(f, "\nexpected: {}", SEAT_NAMES[self.expected_seat()])?;
        }
        if let Some((_, seat)) = self.claimable {
            write!(f, "; {} played out of sequence (claimable)", SEAT_NAMES[seat])?;
        }
        let a = self.core.adjustment;
        if a != [0.0, 0.0] {
            write!(f, "; adjustments B {} W {}", a[0], a[1])?;
        }
        Ok(())
    }
}
