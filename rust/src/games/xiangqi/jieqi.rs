//! The registered game `jieqi` (揭棋, "Hidden Xiang Qi").
//!
//! * The generals start face up; each side's other 15 pieces start face down on the 15 start
//!   points, in an arrangement nobody knows (not even their owner).
//! * A face-down piece moves (and captures, and gives check) as the piece whose start point it
//!   stands on. After its first move it is turned face up where it lands and moves as what it is.
//! * Revealed advisors and elephants ignore the palace and the river (flag
//!   `revealed_advisor_elephant_unrestricted`, default on); the elephant's eye still blocks.
//!   Revealed pawns move by where they stand: forward on their own half, also sideways across.
//! * Chance model (*choice* between two equivalent ones): identities are drawn when
//!   needed, as explicit chance nodes, from the side's pool of not-yet-drawn pieces: right after a
//!   face-down piece moves (outcome `reveal <piece>`, seen by both) and right after a face-down
//!   piece is captured (outcome `captured <piece>`, seen by the capturer only under
//!   `captured_hidden_visibility=capturer`, by both under `both`, by nobody under `none`). Drawing
//!   the captured pieces too keeps every arrangement equally likely, exactly like shuffling at
//!   setup, and replays are deterministic because the outcomes are in the history.
//! * A state whose identities are fixed ([`JieqiState::resample_hidden`], or
//!   [`JieqiState::with_identities`]) has no chance nodes: pieces reveal as assigned.
//! * Everything else (mate and stalemate lose, flying general, repetition, caps) is Xiangqi's.
//! * Action ids: moves `0..8100` as in Xiangqi, `8100 + k` reveals and `8106 + k` captured
//!   identities with `k = 0..6` for advisor, elephant, horse, chariot, cannon, pawn.
//! * Extended FEN: `X`/`x` mark face-down pieces; revealed `A`/`B` may stand anywhere.
//! * Observation ([`OBS_PLANES`] x 10 x 9): the Xiangqi piece planes (face-up pieces by kind), a
//!   plane of own and one of enemy face-down pieces, the side to move, then per side the count of
//!   each kind the observer cannot rule out for a face-down piece (what it saw captured is ruled out).

use super::board::*;
use super::fen::{self, FenRules};
use super::flow::{
    draw_board, illegal_reason, kind_name, side_name, write_planes, EndRules, Outcome, Record,
};
use super::notation::{iccs, wxf};
use super::state::parse_move_text;
use super::{MAX_PLIES, NO_CAPTURE, PRESETS, REPETITION_COUNT, REPETITION_RULE, RULESET};
use crate::core::game::{Action, Bot, Game, GameInfo, Player, State};
use crate::core::params::{DefaultValue, Kind, ParamSpec, Params};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use crate::registry::Registered;
use std::fmt;
use std::sync::Arc;

/// First chance id: `REVEAL_BASE + kind - ADVISOR` is "the moved piece is a `kind`".
pub const REVEAL_BASE: u32 = 8100;
/// `CAPTURE_BASE + kind - ADVISOR` is "the captured face-down piece was a `kind`".
pub const CAPTURE_BASE: u32 = 8106;
/// Number of action ids.
pub const NUM_ACTIONS: usize = 8112;

/// The chance id "the moved face-down piece is a `kind`" (`kind` in advisor..=pawn).
pub fn reveal_action(kind: u8) -> Action {
    REVEAL_BASE + (kind - ADVISOR) as u32
}

/// The chance id "the captured face-down piece was a `kind`".
pub fn capture_action(kind: u8) -> Action {
    CAPTURE_BASE + (kind - ADVISOR) as u32
}

/// The kind of a chance id relative to its range's `base`.
fn chance_kind(action: Action, base: u32) -> u8 {
    (action - base) as u8 + ADVISOR
}

/// Observation planes: the 17 board planes of [`write_planes`], then 12 constant planes with the
/// number of pieces of each hidden kind (advisor..pawn) that the observer cannot rule out for a
/// face-down piece, own side first, divided by 5.
pub const OBS_PLANES: usize = 29;

/// Pieces each side hides at the start, by kind (index = kind).
const FULL_POOL: [u8; 8] = [0, 0, 2, 2, 2, 2, 2, 5];

/// Who sees the identity of a captured face-down piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    Capturer,
    Both,
    Nobody,
}

/// Resolved Jieqi parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JieqiRules {
    pub end: EndRules,
    pub visibility: Visibility,
    pub unrestricted: bool,
}

static PARAMS: &[ParamSpec] = &[
    RULESET,
    REPETITION_RULE,
    REPETITION_COUNT,
    NO_CAPTURE,
    MAX_PLIES,
    ParamSpec {
        name: "captured_hidden_visibility",
        kind: Kind::Choice(&["capturer", "both", "none"]),
        default: DefaultValue::Str("capturer"),
        doc: "who learns what a captured face-down piece was",
    },
    ParamSpec {
        name: "revealed_advisor_elephant_unrestricted",
        kind: Kind::Bool,
        default: DefaultValue::Bool(true),
        doc: "revealed advisors may leave the palace and revealed elephants cross the river",
    },
];

static INFO: GameInfo = GameInfo {
    short_name: "jieqi",
    long_name: "Jieqi (Hidden Xiangqi)",
    params: PARAMS,
    presets: PRESETS,
    version: 1,
    rules: "Xiangqi with the 15 non-general pieces of each side shuffled face down on the start points. \
A face-down piece moves as the piece of its start point and is turned face up (a chance event) where it \
lands after its first move. Revealed advisors and elephants may leave the palace and cross the river. \
A captured face-down piece is shown only to the capturer. Otherwise as Xiangqi: mate and stalemate lose, \
perpetual check loses, other repetitions draw, a side may resign and the players may agree a draw. \
        Jieqi (揭棋, \"uncovered chess\") is a popular Chinese variant of Xiangqi.",
    bots: &["random", "greedy"],
    examples: &[
        "jieqi",
        "jieqi(captured_hidden_visibility=both,repetition_rule=draw)",
        "jieqi(revealed_advisor_elephant_unrestricted=false,max_plies=300)",
    ],
};

/// The registered game `jieqi`.
#[derive(Clone, Debug)]
pub struct Jieqi {
    params: Params,
    rules: JieqiRules,
    /// The start state, parsed once (new games clone it).
    start: JieqiState,
}

impl Jieqi {
    /// A state from an extended FEN (`X`/`x` for face-down pieces).
    pub fn state_from_fen(&self, fen: &str) -> Result<JieqiState> {
        JieqiState::from_fen(fen, self.rules)
    }
    /// The resolved rules.
    pub fn rules(&self) -> JieqiRules {
        self.rules
    }
}

/// The start position of Jieqi: every piece but the generals face down.
pub const START_FEN: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1";

impl Game for Jieqi {
    /// +1 for a win, −1 for a loss, 0 for a draw.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        Some(crate::core::game::Utility::zero_sum(-1.0, 1.0))
    }
    fn new_state_from_setup(&self, text: &str) -> Result<JieqiState> {
        self.state_from_fen(text)
    }
    type State = JieqiState;
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
        NUM_ACTIONS
    }
    fn max_chance_outcomes(&self) -> usize {
        // Chance ids are REVEAL_BASE.. and CAPTURE_BASE.. (at most 6 outcomes at a node); the bound
        // is on the ids, as OpenSpiel requires: every outcome is < max_chance_outcomes.
        NUM_ACTIONS
    }
    fn max_game_length(&self) -> usize {
        // Each ply may be followed by at most two chance events.
        3 * self.rules.end.max_plies as usize
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![OBS_PLANES, RANKS, FILES]
    }
    fn new_initial_state(&self) -> JieqiState {
        self.start.clone()
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<JieqiState>>> {
        match name {
            "random" => Ok(Box::new(super::bots::UniformBot)),
            "greedy" => Ok(Box::new(super::bots::GreedyBot)),
            _ => Err(crate::core::game::unknown_bot(name, &INFO)),
        }
    }
}

impl Registered for Jieqi {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(params: Params) -> Result<Self> {
        let visibility = params.choice(
            "captured_hidden_visibility",
            &[
                ("capturer", Visibility::Capturer),
                ("both", Visibility::Both),
                ("none", Visibility::Nobody),
            ],
        );
        let rules = JieqiRules {
            end: EndRules::from_params(&params),
            visibility,
            unrestricted: params.bool("revealed_advisor_elephant_unrestricted"),
        };
        let start = JieqiState::from_fen(START_FEN, rules)?;
        Ok(Jieqi { params, rules, start })
    }
}

/// One captured piece: by whom, what it was (0 while its identity is still to be drawn), and
/// whether it was face down when taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Captured {
    pub by: Color,
    pub kind: u8,
    pub hidden: bool,
}

/// A Jieqi game in progress.
#[derive(Clone, Debug)]
pub struct JieqiState {
    pos: Position,
    rules: JieqiRules,
    record: Record,
    history: Vec<Action>,
    /// Every event in order: moves, and reveals/captured identities (also the implicit ones of a
    /// fixed arrangement), for the information-state strings.
    events: Vec<Action>,
    /// Fixed identities of face-down pieces by point (kind), when `fixed`.
    ident: [u8; SQUARES],
    fixed: bool,
    /// Identities not drawn yet, per side and kind.
    pool: [[u8; 8]; 2],
    /// Chance still owed for the last move: reveal the piece on this point.
    pending_reveal: Option<u8>,
    /// Chance still owed for the last move: the identity of the captured face-down piece.
    pending_capture: bool,
    /// Whether the last move captured (for the no-capture clock once the chance is resolved).
    last_capture: bool,
    captured: Vec<Captured>,
    /// Moves played (chance events not counted).
    moves: usize,
    start_fullmove: u32,
    start_fen: Option<Arc<str>>,
    /// Made by `resample_hidden`: a sampled world that no history replays.
    determinized: bool,
}

impl JieqiState {
    /// A state from an extended FEN. The pool of each side is its 15 pieces minus those face up.
    pub fn from_fen(text: &str, rules: JieqiRules) -> Result<Self> {
        let fen_rules = if rules.unrestricted {
            FenRules::Jieqi
        } else {
            FenRules::JieqiRestricted
        };
        let f = fen::parse(text, fen_rules)?;
        let mut pool = [FULL_POOL; 2];
        for sq in 0..SQUARES {
            let c = f.position.at(sq);
            if c == EMPTY || c & HIDDEN != 0 || kind_of(c) == KING {
                continue;
            }
            let k = base_kind(kind_of(c)) as usize;
            let side = &mut pool[color_of(c)][k];
            *side = side.checked_sub(1).ok_or_else(|| LudoError::InvalidPosition {
                reason: format!(
                    "{} has more face-up {}s than it owns",
                    side_name(color_of(c)),
                    kind_name(k as u8)
                ),
            })?;
        }
        for color in [RED, BLACK] {
            let hidden = (0..SQUARES)
                .filter(|&s| f.position.at(s) & HIDDEN != 0 && color_of(f.position.at(s)) == color)
                .count();
            let left: usize = pool[color].iter().map(|&n| n as usize).sum();
            if hidden > left {
                return Err(LudoError::InvalidPosition {
                    reason: format!(
                        "{} has {hidden} face-down pieces but only {left} pieces not face up",
                        side_name(color)
                    ),
                });
            }
        }
        let start = fen::write(&f.position, f.halfmove, f.fullmove);
        let custom = (start != START_FEN).then(|| Arc::from(start.as_str()));
        let mut s = JieqiState {
            record: Record::new(&f.position, f.halfmove),
            pos: f.position,
            rules,
            history: Vec::new(),
            events: Vec::new(),
            ident: [0; SQUARES],
            fixed: false,
            pool,
            pending_reveal: None,
            pending_capture: false,
            last_capture: false,
            captured: Vec::new(),
            moves: 0,
            start_fullmove: f.fullmove,
            start_fen: custom,
            determinized: false,
        };
        if !s.pos.has_legal_move() {
            let reason = if s.pos.in_check() {
                "checkmate"
            } else {
                "stalemate"
            };
            s.record.outcome = Some(Outcome::Win {
                winner: 1 - s.pos.side(),
                reason,
            });
        }
        Ok(s)
    }

    /// The board (face-down pieces carry their start-point kind and the `HIDDEN` bit).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The extended FEN of the current board (`X`/`x` for face-down pieces). At a chance node the
    /// move just played is already on the board and in the side to move and the move number, so
    /// the half-move clock counts it too.
    pub fn fen(&self) -> String {
        let plies = self.moves_played() as u32 + u32::from(self.start_black());
        // The record counts a ply only once its chance is resolved (its end rules need the
        // revealed board), so at a chance node its clock is one ply behind the FEN's other fields.
        let halfmove = match (self.is_chance_node(), self.last_capture) {
            (false, _) => self.record.halfmove,
            (true, true) => 0,
            (true, false) => self.record.halfmove + 1,
        };
        fen::write(&self.pos, halfmove, self.start_fullmove + plies / 2)
    }

    fn moves_played(&self) -> usize {
        self.moves
    }

    fn start_black(&self) -> bool {
        // Before the chance after a move, the side has already switched.
        (self.pos.side() == BLACK) != (self.moves_played() % 2 == 1)
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.record.outcome
    }

    /// The captured pieces in order (identities of face-down captures as drawn; see
    /// [`JieqiState::captured_seen_by`] for what a player knows).
    pub fn captured(&self) -> &[Captured] {
        &self.captured
    }

    /// Does `player` know what the captured piece `c` was?
    pub fn captured_seen_by(&self, c: &Captured, player: Color) -> bool {
        !c.hidden
            || match self.rules.visibility {
                Visibility::Both => true,
                Visibility::Nobody => false,
                Visibility::Capturer => c.by == player,
            }
    }

    /// What a face-down piece of `side` may be, as `observer` knows it: per kind, the side's pieces
    /// minus those face up on the board and minus the captured ones whose identity `observer` saw.
    pub fn unknown_pool(&self, side: Color, observer: Color) -> [u8; 8] {
        let mut left = FULL_POOL;
        for sq in 0..SQUARES {
            let c = self.pos.at(sq);
            if c != EMPTY && c & HIDDEN == 0 && color_of(c) == side && kind_of(c) != KING {
                let k = base_kind(kind_of(c)) as usize;
                left[k] = left[k].saturating_sub(1);
            }
        }
        for c in &self.captured {
            if c.by != side && c.kind != 0 && self.captured_seen_by(c, observer) {
                left[c.kind as usize] = left[c.kind as usize].saturating_sub(1);
            }
        }
        left
    }

    /// Are the face-down identities fixed (no chance nodes)?
    pub fn is_determinized(&self) -> bool {
        self.fixed
    }

    /// The cell a face-down piece of `color` whose identity is `kind` becomes when revealed.
    fn revealed_cell(&self, color: Color, kind: u8) -> u8 {
        let k = match kind {
            ADVISOR if self.rules.unrestricted => ADVISOR_FREE,
            ELEPHANT if self.rules.unrestricted => ELEPHANT_FREE,
            k => k,
        };
        piece(color, k)
    }

    /// Fixes the identity of every face-down piece: `kinds[sq]` for the piece on `sq` (a kind
    /// `2..=7`). They must use exactly pieces from each side's pool. Returns a state without chance.
    pub fn with_identities(&self, kinds: &[u8; SQUARES]) -> Result<JieqiState> {
        if self.is_chance_node() {
            return Err(LudoError::NodeKind {
                expected: "decision or terminal".into(),
                found: "chance".into(),
            });
        }
        let mut pool = self.pool;
        let mut ident = [0u8; SQUARES];
        for sq in 0..SQUARES {
            let c = self.pos.at(sq);
            if c == EMPTY || c & HIDDEN == 0 {
                continue;
            }
            let k = kinds[sq];
            let slot = pool[color_of(c)]
                .get_mut(k as usize)
                .filter(|_| (ADVISOR..=PAWN).contains(&k));
            match slot {
                Some(n) if *n > 0 => *n -= 1,
                _ => {
                    return Err(LudoError::InvalidPosition {
                        reason: format!(
                            "no {} is left in {}'s pool for the face-down piece on {}",
                            kind_name(k),
                            side_name(color_of(c)),
                            &iccs(Move {
                                from: sq as u8,
                                to: sq as u8
                            })[..2]
                        ),
                    })
                }
            }
            ident[sq] = k;
        }
        let mut s = self.clone();
        s.ident = ident;
        s.fixed = true;
        s.pool = pool;
        Ok(s)
    }

    /// A determinization for search bots: the face-down pieces (and the captured face-down pieces
    /// that `player` has not seen) get identities drawn uniformly from what `player` cannot rule
    /// out, using `seed`. The result has fixed identities and no chance nodes; it is consistent
    /// with everything `player` has observed.
    pub fn resample_hidden(&self, player: usize, seed: u64) -> Result<JieqiState> {
        if player > 1 {
            return Err(LudoError::param(
                "player",
                format!("Jieqi has players 0 and 1, not {player}"),
            ));
        }
        if self.is_chance_node() {
            return Err(LudoError::NodeKind {
                expected: "decision or terminal".into(),
                found: "chance".into(),
            });
        }
        let mut rng = Rng::new(seed);
        let mut out = self.clone();
        out.determinized = true;
        let mut ident = [0u8; SQUARES];
        for color in [RED, BLACK] {
            // Everything `player` cannot tell apart: the undrawn pool (or, when fixed, the identities
            // assigned to face-down pieces) plus the unseen captured face-down pieces.
            let mut unknown: Vec<u8> = Vec::new();
            for (k, &n) in self.pool[color].iter().enumerate() {
                unknown.extend(std::iter::repeat(k as u8).take(n as usize));
            }
            let hidden: Vec<usize> = (0..SQUARES)
                .filter(|&s| self.pos.at(s) & HIDDEN != 0 && color_of(self.pos.at(s)) == color)
                .collect();
            if self.fixed {
                unknown.extend(hidden.iter().map(|&s| self.ident[s]));
            }
            let unseen: Vec<usize> = (0..self.captured.len())
                .filter(|&i| {
                    let c = &self.captured[i];
                    c.hidden && c.by != color && !self.captured_seen_by(c, player)
                })
                .collect();
            unknown.extend(unseen.iter().map(|&i| self.captured[i].kind));
            // Fisher-Yates with the named RNG, so a seed gives the same sample everywhere.
            for i in (1..unknown.len()).rev() {
                let j = rng.below(i as u32 + 1) as usize;
                unknown.swap(i, j);
            }
            let mut it = unknown.into_iter();
            for &s in &hidden {
                ident[s] = it.next().unwrap_or(0);
            }
            for &i in &unseen {
                out.captured[i].kind = it.next().unwrap_or(0);
            }
            let mut rest = [0u8; 8];
            for k in it {
                rest[k as usize] += 1;
            }
            out.pool[color] = rest;
        }
        out.ident = ident;
        out.fixed = true;
        // The record of captured identities follows the resampled ones: the j-th face-down capture
        // is the j-th "captured" event (and history entry).
        let kinds: Vec<u8> = out.captured.iter().filter(|c| c.hidden).map(|c| c.kind).collect();
        for log in [&mut out.events, &mut out.history] {
            let captures = log
                .iter_mut()
                .filter(|a| (CAPTURE_BASE..CAPTURE_BASE + 6).contains(*a));
            for (a, &k) in captures.zip(&kinds) {
                *a = capture_action(k);
            }
        }
        Ok(out)
    }

    /// Leaf count `depth` plies deep. Needs fixed identities when face-down pieces would move
    /// (otherwise the face-down piece arrives still face down, as its start kind).
    pub fn perft(&self, depth: u32) -> u64 {
        let mut reveal = [EMPTY; SQUARES];
        for (sq, r) in reveal.iter_mut().enumerate() {
            let c = self.pos.at(sq);
            if c & HIDDEN != 0 {
                *r = if self.fixed {
                    self.revealed_cell(color_of(c), self.ident[sq])
                } else {
                    c
                };
            }
        }
        self.pos.clone().perft(depth, Some(&reveal))
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.record.outcome.is_some() || self.is_chance_node() {
            return Vec::new();
        }
        let mut p = self.pos.clone();
        let mut list = MoveList::default();
        p.gen_legal(&mut list);
        list.as_slice().to_vec()
    }

    fn is_chance_node(&self) -> bool {
        self.pending_reveal.is_some() || self.pending_capture
    }

    /// WXF name of a legal move (a face-down piece is named as its start-point kind).
    pub fn action_to_wxf(&self, action: Action) -> Result<String> {
        let mv = self.checked_move(action)?;
        Ok(wxf(&self.pos, mv))
    }

    fn checked_move(&self, action: Action) -> Result<Move> {
        if self.record.outcome.is_some() {
            return Err(LudoError::GameOver);
        }
        if self.is_chance_node() {
            return Err(LudoError::illegal(
                action,
                self.action_to_string(action),
                "a chance node: the identity must be drawn first",
            ));
        }
        let mv = Move::from_action(action).ok_or_else(|| {
            LudoError::illegal(
                action,
                self.action_to_string(action),
                "only a chance node takes reveal outcomes",
            )
        })?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(LudoError::illegal(
                action,
                iccs(mv),
                illegal_reason(&self.pos, mv),
            ))
        }
    }

    fn play(&mut self, mv: Move) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        let cell = self.pos.at(from);
        let victim = self.pos.at(to);
        let mover = color_of(cell);
        let arrive = if cell & HIDDEN != 0 && self.fixed {
            self.revealed_cell(mover, self.ident[from])
        } else {
            cell
        };
        self.pos.make(mv, arrive);
        self.moves += 1;
        self.history.push(mv.action());
        self.events.push(mv.action());
        self.last_capture = victim != EMPTY;
        if victim != EMPTY {
            let hidden = victim & HIDDEN != 0;
            let kind = if !hidden {
                base_kind(kind_of(victim))
            } else if self.fixed {
                self.ident[to]
            } else {
                0
            };
            self.captured.push(Captured {
                by: mover,
                kind,
                hidden,
            });
            if hidden {
                if self.fixed {
                    self.events.push(capture_action(kind));
                } else {
                    self.pending_capture = true;
                }
            }
        }
        if cell & HIDDEN != 0 {
            if self.fixed {
                self.events.push(reveal_action(self.ident[from]));
                self.ident[from] = 0;
            } else {
                self.pending_reveal = Some(to as u8);
            }
        }
        if self.fixed {
            self.ident[to] = 0;
        }
        if !self.is_chance_node() {
            self.finish_ply();
        }
    }

    fn finish_ply(&mut self) {
        let (has_move, check) = self.pos.has_legal_move_and_check();
        let plies = self.moves_played();
        self.record.after_ply(
            &self.pos,
            self.last_capture,
            has_move,
            check,
            &self.rules.end,
            plies,
        );
    }

    fn apply_chance(&mut self, action: Action) {
        if let Some(sq) = self.pending_reveal {
            let kind = chance_kind(action, REVEAL_BASE);
            let color = color_of(self.pos.at(sq as usize));
            self.pool[color][kind as usize] -= 1;
            let cell = self.revealed_cell(color, kind);
            self.pos.set_cell(sq as usize, cell);
            self.pending_reveal = None;
        } else {
            let kind = chance_kind(action, CAPTURE_BASE);
            let victim = 1 - self.captured.last().map(|c| c.by).unwrap_or(RED);
            self.pool[victim][kind as usize] -= 1;
            if let Some(c) = self.captured.last_mut() {
                c.kind = kind;
            }
            self.pending_capture = false;
        }
        self.history.push(action);
        self.events.push(action);
        if !self.is_chance_node() {
            self.finish_ply();
        }
    }

    /// The side whose pool the pending chance draws from.
    fn chance_side(&self) -> Option<(Color, u32)> {
        if let Some(sq) = self.pending_reveal {
            Some((color_of(self.pos.at(sq as usize)), REVEAL_BASE))
        } else if self.pending_capture {
            Some((
                1 - self.captured.last().map(|c| c.by).unwrap_or(RED),
                CAPTURE_BASE,
            ))
        } else {
            None
        }
    }

    fn event_text(&self, a: Action, player: Option<Color>, capture_by: Color) -> String {
        if (CAPTURE_BASE..CAPTURE_BASE + 6).contains(&a) {
            if let Some(p) = player {
                let c = Captured {
                    by: capture_by,
                    kind: 0,
                    hidden: true,
                };
                if !self.captured_seen_by(&c, p) {
                    return "captured ?".into();
                }
            }
        }
        self.action_to_string(a)
    }
}

/// Advisor/elephant whatever their freedom (for pools and names).
fn base_kind(kind: u8) -> u8 {
    match kind {
        ADVISOR_FREE => ADVISOR,
        ELEPHANT_FREE => ELEPHANT,
        k => k,
    }
}

impl State for JieqiState {
    fn setup(&self) -> crate::core::game::Setup {
        use crate::core::game::Setup;
        match (&self.start_fen, self.determinized) {
            (_, true) => {
                Setup::Unrepresentable("a resample_hidden sample is not the result of its history".into())
            }
            (Some(fen), false) => Setup::Text(fen.to_string()),
            (None, false) => Setup::Standard,
        }
    }
    fn ending(&self) -> Option<String> {
        super::flow::ending_text(self.record.outcome)
    }
    /// `resign 0` / `resign 1` (that side resigns) or `draw` (by agreement), at any time before the end.
    fn apply_ending(&mut self, text: &str) -> Result<()> {
        self.record.outcome = Some(super::flow::parse_ending(text, self.record.outcome, "Jieqi")?);
        Ok(())
    }
    fn current_player(&self) -> Player {
        if self.record.outcome.is_some() {
            Player::Terminal
        } else if self.is_chance_node() {
            Player::Chance
        } else {
            Player::Seat(self.pos.side())
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some((color, base)) = self.chance_side() {
            out.extend(
                (ADVISOR..=PAWN)
                    .filter(|&k| self.pool[color][k as usize] > 0)
                    .map(|k| base + (k - ADVISOR) as u32),
            );
            return;
        }
        out.extend(self.legal_moves().iter().map(|m| m.action()));
        out.sort_unstable();
    }
    fn random_action(&self, rng: &mut Rng) -> Action {
        if self.is_chance_node() {
            // Not a decision node: keep the generic behaviour (uniform over the listed outcomes).
            let mut legal = Vec::new();
            self.legal_actions(&mut legal);
            return legal[rng.below(legal.len() as u32) as usize];
        }
        let mv = self.pos.clone().random_legal(self.pos.in_check(), rng);
        debug_assert!(
            mv.is_some() && self.record.outcome.is_none(),
            "random_action at a finished game"
        );
        mv.map_or(0, Move::action)
    }
    fn apply_action(&mut self, action: Action) -> Result<()> {
        if self.record.outcome.is_some() {
            return Err(LudoError::GameOver);
        }
        if self.is_chance_node() {
            let mut legal = Vec::new();
            self.legal_actions(&mut legal);
            if !legal.contains(&action) {
                return Err(LudoError::illegal(
                    action,
                    self.action_to_string(action),
                    "not a possible outcome of this chance node (the pool has no such piece)",
                ));
            }
            self.apply_chance(action);
            return Ok(());
        }
        let mv = self.checked_move(action)?;
        self.play(mv);
        Ok(())
    }
    fn apply_action_unchecked(&mut self, action: Action) {
        if self.is_chance_node() {
            self.apply_chance(action);
        } else if let Some(mv) = Move::from_action(action) {
            self.play(mv);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if let Some((color, base)) = self.chance_side() {
            let total: u32 = self.pool[color].iter().map(|&n| n as u32).sum();
            for k in ADVISOR..=PAWN {
                let n = self.pool[color][k as usize];
                if n > 0 {
                    out.push((base + (k - ADVISOR) as u32, n as f64 / total as f64));
                }
            }
        }
    }
    fn sample_chance(&self, rng: &mut Rng) -> Action {
        // The same draw as the generic sampler over `chance_outcomes`, without building the list.
        let Some((color, base)) = self.chance_side() else {
            return 0;
        };
        let pool = &self.pool[color];
        let total: u32 = pool.iter().map(|&n| n as u32).sum();
        let mut u = rng.unit();
        let mut last = base;
        for k in ADVISOR..=PAWN {
            let n = pool[k as usize];
            if n == 0 {
                continue;
            }
            let p = n as f64 / total as f64;
            last = base + (k - ADVISOR) as u32;
            if u < p {
                return last;
            }
            u -= p;
        }
        last
    }
    fn returns(&self, out: &mut [f64]) {
        let r = self.record.outcome.map(Outcome::returns).unwrap_or([0.0, 0.0]);
        out[..2].copy_from_slice(&r);
    }
    fn action_to_string(&self, action: Action) -> String {
        if let Some(mv) = Move::from_action(action) {
            return iccs(mv);
        }
        let (what, base) = if action < CAPTURE_BASE {
            ("reveal", REVEAL_BASE)
        } else {
            ("captured", CAPTURE_BASE)
        };
        if action < NUM_ACTIONS as u32 {
            format!("{what} {}", kind_name(chance_kind(action, base)))
        } else {
            format!("invalid({action})")
        }
    }
    fn string_to_action(&self, text: &str) -> Result<Action> {
        let t = text.trim().to_ascii_lowercase();
        for (word, base) in [("reveal", REVEAL_BASE), ("captured", CAPTURE_BASE)] {
            if let Some(rest) = t.strip_prefix(word) {
                let rest = rest.trim();
                for k in ADVISOR..=PAWN {
                    let letter = super::fen::kind_letter(k).to_ascii_lowercase().to_string();
                    if rest == kind_name(k)
                        || rest == letter
                        || (k == ELEPHANT && rest == "e")
                        || (k == HORSE && rest == "h")
                    {
                        return Ok(base + (k - ADVISOR) as u32);
                    }
                }
                let names: Vec<&str> = (ADVISOR..=PAWN).map(kind_name).collect();
                let hint = crate::core::params::did_you_mean(rest, &names);
                return Err(LudoError::parse(
                    "Jieqi chance outcome",
                    text,
                    format!("expected e.g. 'reveal chariot' or 'captured p'{hint}"),
                ));
            }
        }
        parse_move_text(&self.pos, || self.legal_moves(), text)
    }
    fn observation_string(&self, player: usize) -> String {
        let p = player.min(1);
        let mut s = self.to_string();
        let seen: Vec<String> = self
            .captured
            .iter()
            .map(|c| {
                let who = if c.by == RED { "Red" } else { "Black" };
                if self.captured_seen_by(c, p) && c.kind != 0 {
                    format!(
                        "{who} took {}{}",
                        kind_name(c.kind),
                        if c.hidden { " (face down)" } else { "" }
                    )
                } else {
                    format!("{who} took a face-down piece")
                }
            })
            .collect();
        if !seen.is_empty() {
            s.push_str("\ncaptured: ");
            s.push_str(&seen.join(", "));
        }
        s
    }
    fn write_observation(&self, player: usize, out: &mut [f32]) {
        let p = player.min(1);
        write_planes(&self.pos, p, true, out);
        for (i, side) in [p, 1 - p].into_iter().enumerate() {
            let counts = self.unknown_pool(side, p);
            for k in ADVISOR..=PAWN {
                let plane = 17 + i * 6 + (k - ADVISOR) as usize;
                let v = counts[k as usize] as f32 / 5.0;
                out[plane * SQUARES..(plane + 1) * SQUARES]
                    .iter_mut()
                    .for_each(|x| *x = v);
            }
        }
    }
    fn information_state_string(&self, player: usize) -> String {
        let p = player.min(1);
        let start = self.start_fen.as_deref().unwrap_or(START_FEN);
        let mut parts = Vec::with_capacity(self.events.len());
        let first = start_side(start);
        let (mut moves, mut last_mover) = (0usize, first);
        for &a in &self.events {
            if a < REVEAL_BASE {
                last_mover = if moves % 2 == 0 { first } else { 1 - first };
                moves += 1;
            }
            parts.push(self.event_text(a, Some(p), last_mover));
        }
        format!("{start}\n{}", parts.join(" "))
    }
    fn history(&self) -> &[Action] {
        &self.history
    }
}

fn start_side(fen: &str) -> Color {
    if fen.split_whitespace().nth(1) == Some("b") {
        BLACK
    } else {
        RED
    }
}

impl fmt::Display for JieqiState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&draw_board(&self.pos))?;
        match (self.record.outcome, self.pending_reveal, self.pending_capture) {
            (Some(o), _, _) => write!(f, "{}", o.describe()),
            (None, Some(sq), _) => write!(
                f,
                "chance: reveal the piece on {}",
                &iccs(Move { from: sq, to: sq })[..2]
            ),
            (None, None, true) => write!(f, "chance: identity of the captured face-down piece"),
            _ => {
                let check = if self.pos.in_check() { " (in check)" } else { "" };
                write!(f, "{} to move{check}", side_name(self.pos.side()))
            }
        }
    }
}
