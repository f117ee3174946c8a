//! The state of the registered game `xiangqi`: a position plus the record the end rules need.

use super::board::*;
use super::fen::{self, FenRules};
use super::flow::{draw_board, illegal_reason, side_name, write_planes, EndRules, Outcome, Record};
use super::notation::{iccs, parse_iccs, parse_wxf, wxf};
use crate::core::game::{Action, Player, State};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use std::fmt;
use std::sync::Arc;

/// A Xiangqi game in progress.
#[derive(Clone, Debug)]
pub struct XiangqiState {
    pos: Position,
    rules: EndRules,
    record: Record,
    history: Vec<Action>,
    start_fullmove: u32,
    /// The FEN the game started from, when it is not the standard start (shared, so clones are cheap).
    start_fen: Option<Arc<str>>,
}

impl XiangqiState {
    /// A state at `pos` (assumed valid) with the given clocks.
    pub fn new(
        pos: Position,
        rules: EndRules,
        halfmove: u32,
        fullmove: u32,
        start_fen: Option<Arc<str>>,
    ) -> Self {
        let record = Record::new(&pos, halfmove);
        let mut s = XiangqiState {
            pos,
            rules,
            record,
            history: Vec::new(),
            start_fullmove: fullmove,
            start_fen,
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
        s
    }

    /// A state from a FEN (validated).
    pub fn from_fen(text: &str, rules: EndRules) -> Result<Self> {
        let f = fen::parse(text, FenRules::Xiangqi)?;
        let start = fen::write(&f.position, f.halfmove, f.fullmove);
        let custom = (start != fen::START_FEN).then(|| Arc::from(start.as_str()));
        Ok(XiangqiState::new(
            f.position, rules, f.halfmove, f.fullmove, custom,
        ))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        let plies = self.history.len() as u32 + u32::from(self.start_black());
        fen::write(&self.pos, self.record.halfmove, self.start_fullmove + plies / 2)
    }

    fn start_black(&self) -> bool {
        (self.pos.side() == BLACK) != (self.history.len() % 2 == 1)
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.record.outcome
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    /// Legal moves of the side to move (empty when the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.record.outcome.is_some() {
            return Vec::new();
        }
        let mut p = self.pos.clone();
        let mut list = MoveList::default();
        p.gen_legal(&mut list);
        list.as_slice().to_vec()
    }

    /// Leaf count `depth` plies deep from the current position (repetition ignored).
    pub fn perft(&self, depth: u32) -> u64 {
        self.pos.clone().perft(depth, None)
    }

    /// WXF name of a legal action in this position.
    pub fn action_to_wxf(&self, action: Action) -> Result<String> {
        let mv = self.checked_move(action)?;
        Ok(wxf(&self.pos, mv))
    }

    /// The legal action a WXF text names here.
    pub fn wxf_to_action(&self, text: &str) -> Result<Action> {
        Ok(parse_wxf(&self.pos, &self.legal_moves(), text)?.action())
    }

    fn checked_move(&self, action: Action) -> Result<Move> {
        if self.record.outcome.is_some() {
            return Err(LudoError::GameOver);
        }
        let mv = Move::from_action(action).ok_or_else(|| {
            LudoError::illegal(
                action,
                action.to_string(),
                format!("move ids are below {}", SQUARES * SQUARES),
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
        let cell = self.pos.at(mv.from as usize);
        let capture = self.pos.at(mv.to as usize) != EMPTY;
        self.pos.make(mv, cell);
        self.history.push(mv.action());
        let (has_move, check) = self.pos.has_legal_move_and_check();
        self.record.after_ply(
            &self.pos,
            capture,
            has_move,
            check,
            &self.rules,
            self.history.len(),
        );
    }
}

/// Parses an action text: ICCS first (any well-formed pair of points; legality is checked when
/// applied), then WXF against the legal moves of `pos`.
pub(crate) fn parse_move_text(
    pos: &Position,
    legal: impl FnOnce() -> Vec<Move>,
    text: &str,
) -> Result<Action> {
    if let Ok(mv) = parse_iccs(text) {
        return Ok(mv.action());
    }
    parse_wxf(pos, &legal(), text).map(Move::action).map_err(|_| {
        LudoError::parse(
            "move",
            text,
            "expected ICCS like h2e2 or a legal WXF move like C2.5",
        )
    })
}

impl State for XiangqiState {
    fn setup(&self) -> crate::core::game::Setup {
        match &self.start_fen {
            Some(fen) => crate::core::game::Setup::Text(fen.to_string()),
            None => crate::core::game::Setup::Standard,
        }
    }
    fn ending(&self) -> Option<String> {
        super::flow::ending_text(self.record.outcome)
    }
    /// `resign 0` / `resign 1` (that side resigns) or `draw` (by agreement), at any time before the end.
    fn apply_ending(&mut self, text: &str) -> Result<()> {
        self.record.outcome = Some(super::flow::parse_ending(text, self.record.outcome, "Xiangqi")?);
        Ok(())
    }
    fn current_player(&self) -> Player {
        if self.record.outcome.is_some() {
            Player::Terminal
        } else {
            Player::Seat(self.pos.side())
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.record.outcome.is_some() {
            return;
        }
        let mut p = self.pos.clone();
        let mut list = MoveList::default();
        p.gen_legal(&mut list);
        out.extend(list.as_slice().iter().map(|m| m.action()));
        out.sort_unstable();
    }
    fn random_action(&self, rng: &mut Rng) -> Action {
        // Whether the side to move is in check was found when the last ply was recorded.
        let in_check = self
            .record
            .checks
            .last()
            .copied()
            .unwrap_or_else(|| self.pos.in_check());
        let mv = self.pos.clone().random_legal(in_check, rng);
        debug_assert!(
            mv.is_some() && self.record.outcome.is_none(),
            "random_action at a finished game"
        );
        mv.map_or(0, Move::action)
    }
    fn apply_action(&mut self, action: Action) -> Result<()> {
        let mv = self.checked_move(action)?;
        self.play(mv);
        Ok(())
    }
    fn apply_action_unchecked(&mut self, action: Action) {
        match Move::from_action(action) {
            Some(mv) if self.record.outcome.is_none() => self.play(mv),
            _ => debug_assert!(false, "apply_action_unchecked given {action}"),
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
    }
    fn returns(&self, out: &mut [f64]) {
        let r = self.record.outcome.map(Outcome::returns).unwrap_or([0.0, 0.0]);
        out[..2].copy_from_slice(&r);
    }
    fn action_to_string(&self, action: Action) -> String {
        match Move::from_action(action) {
            Some(mv) => iccs(mv),
            None => format!("invalid({action})"),
        }
    }
    fn string_to_action(&self, text: &str) -> Result<Action> {
        parse_move_text(&self.pos, || self.legal_moves(), text)
    }
    fn observation_string(&self, _player: usize) -> String {
        self.to_string()
    }
    fn write_observation(&self, player: usize, out: &mut [f32]) {
        write_planes(&self.pos, player.min(1), false, out);
    }
    fn information_state_string(&self, _player: usize) -> String {
        let start = self.start_fen.as_deref().unwrap_or(fen::START_FEN);
        let moves: Vec<String> = self.history.iter().map(|&a| self.action_to_string(a)).collect();
        format!("{start}\n{}", moves.join(" "))
    }
    fn history(&self) -> &[Action] {
        &self.history
    }
}

impl fmt::Display for XiangqiState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&draw_board(&self.pos))?;
        match self.record.outcome {
            Some(o) => write!(f, "{}", o.describe()),
            None => {
                let check = if self.pos.in_check() { " (in check)" } else { "" };
                write!(f, "{} to move{check}", side_name(self.pos.side()))
            }
        }
    }
}
