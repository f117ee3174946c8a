//! The rules machine shared by `go` and `rengo`: handicap placement, play (captures, suicide, ko and
//! superko, passes), the dead-stone marking phase, resignation, and the end of the game.
//!
//! It knows colours, not seats: `go` maps Black/White to seats 0/1 and `rengo` to its four players.

use super::board::{opponent, Board, Refusal, BLACK, WHITE, WHITE_TO_MOVE_KEY};
use super::coord::{fixed_handicap, gtp_name};
use super::rules::{DeadStones, KoRule, LongCycle, Rules};
use super::score::{auto_dead, count, Score};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Identity hasher: the keys are already Zobrist hashes.
#[derive(Default, Clone, Copy)]
pub struct IdHasher(u64);
impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("IdHasher only hashes u64 keys")
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}
type SeenSet = HashSet<u64, BuildHasherDefault<IdHasher>>;

/// A move of the rules machine (seat-free).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// A stone on point `pt` (play, or a free handicap stone).
    Place(usize),
    /// A pass.
    Pass,
    /// Marking phase: toggle the dead mark of the chain through point `pt`.
    Mark(usize),
    /// Marking phase: accept the current proposal.
    Accept,
    /// Marking phase: reject the proposal and resume play.
    Resume,
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Black places free handicap stones (`remaining` to go).
    Handicap { remaining: usize },
    /// Stones and passes.
    Play,
    /// After two passes under `dead_stone_mode=agreement`.
    Marking,
    /// The game has ended.
    Over,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Counted (after passes, agreement, or the move limit).
    Counted,
    /// The given colour resigned.
    Resigned(u8),
    /// The given colour forfeited (Rengo: a claimed intentional rotation error).
    Forfeit(u8),
    /// A whole-board situation repeated under the simple ko rule (`long_cycle`).
    Cycle,
}

/// Position, rules and phase of one game of Go.
#[derive(Clone, Debug)]
pub struct GoCore {
    /// The rule flags.
    pub rules: Rules,
    /// Stones, chains and liberties (boxed: the board is ~21 kB and states are moved by value).
    pub board: Box<Board>,
    /// Colour to act (`BLACK` or `WHITE`).
    pub to_move: u8,
    /// Where the game is.
    pub phase: Phase,
    /// Simple-ko point (cell) forbidden to `to_move`, or 0.
    pub ko: u16,
    /// Consecutive passes.
    pub passes: u8,
    last_passer: u8,
    /// Stones captured by Black and by White (pass stones included).
    pub prisoners: [u32; 2],
    seen: SeenSet,
    /// Actions applied (all phases): the move limit counts these.
    pub actions: usize,
    /// Marking phase: dead points (by point index) of the current proposal / final marking.
    pub dead: Vec<bool>,
    accepted: u8,
    /// How the game ended, once over.
    pub end: Option<End>,
    /// Points added to Black's and White's totals (Rengo penalties).
    pub adjustment: [f64; 2],
    /// Handicap stones on the board at the start (fixed placement) or placed so far (free).
    pub handicap_stones: Vec<usize>,
    /// The diagram the game started from, if any.
    pub setup: Option<Box<Setup>>,
    /// Counted because a record said the game was stopped by the move limit (a record has fewer
    /// actions than the game had: marking actions are not moves), kept as the `stopped` ending.
    pub stopped: bool,
}

/// A setup position: (point, colour) stones and the colour to move.
pub type Setup = (Vec<(usize, u8)>, u8);

/// Index of a colour in per-colour arrays.
#[inline]
pub fn ci(c: u8) -> usize {
    c as usize - 1
}

impl GoCore {
    /// The initial position: fixed handicap stones placed (White to move), or Black about to place
    /// free handicap stones, or an empty board with Black to move.
    pub fn new(rules: Rules) -> GoCore {
        let mut core = GoCore {
            rules,
            board: Box::new(Board::new(rules.size)),
            to_move: BLACK,
            phase: Phase::Play,
            ko: 0,
            passes: 0,
            last_passer: 0,
            prisoners: [0; 2],
            // Sized for a typical game so the set rarely grows (rehashing costs more than the lookups).
            seen: SeenSet::with_capacity_and_hasher(2 * rules.size * rules.size, Default::default()),
            actions: 0,
            dead: vec![false; rules.size * rules.size],
            accepted: 0,
            end: None,
            adjustment: [0.0; 2],
            handicap_stones: Vec::new(),
            setup: None,
            stopped: false,
        };
        if rules.handicap > 0 {
            if rules.free_handicap {
                core.phase = Phase::Handicap {
                    remaining: rules.handicap,
                };
            } else {
                for pt in fixed_handicap(rules.size, rules.handicap) {
                    let p = core.board.cell(pt);
                    core.board.play(p, BLACK);
                    core.handicap_stones.push(pt);
                }
                core.to_move = WHITE;
            }
        }
        let k = core.key(core.board.hash(), core.to_move);
        core.seen.insert(k);
        core
    }

    /// Makes `self` a copy of `other`, reusing `self`'s board and buffers: the board copies only the
    /// cells of its size ([`Board::copy_from`]) and the sets and lists keep their allocations, where a
    /// clone allocates and copies the whole ~21 kB board (a simulation restarts one state per game).
    pub fn restart_from(&mut self, other: &GoCore) {
        // Every field named, so a field added later cannot be forgotten here.
        let GoCore {
            rules,
            board,
            to_move,
            phase,
            ko,
            passes,
            last_passer,
            prisoners,
            seen,
            actions,
            dead,
            accepted,
            end,
            adjustment,
            handicap_stones,
            setup,
            stopped,
        } = other;
        self.rules = *rules;
        self.board.copy_from(board);
        self.to_move = *to_move;
        self.phase = *phase;
        self.ko = *ko;
        self.passes = *passes;
        self.last_passer = *last_passer;
        self.prisoners = *prisoners;
        self.seen.clone_from(seen);
        self.actions = *actions;
        self.dead.clone_from(dead);
        self.accepted = *accepted;
        self.end = *end;
        self.adjustment = *adjustment;
        self.handicap_stones.clone_from(handicap_stones);
        self.setup.clone_from(setup);
        self.stopped = *stopped;
    }

    /// Replaces the position (setup from a diagram): `stones` lists (point, colour); the history of
    /// positions restarts here. Fails if a chain would have no liberty.
    pub fn set_position(&mut self, stones: &[(usize, u8)], to_move: u8) -> Result<(), String> {
        let mut board = Board::new(self.rules.size);
        // Stones go down in point order whatever order they were given in (an SGF's AB/AW, a
        // diagram's rows), so the same setup always builds the same internal board (the playouts of
        // the automatic marking draw from its list of empty points).
        let mut sorted = stones.to_vec();
        sorted.sort_unstable();
        for &(pt, c) in &sorted {
            let p = board.cell(pt);
            if board.at(p) != super::board::EMPTY {
                return Err(format!("point {} given twice", gtp_name(pt, self.rules.size)));
            }
            board.play(p, c);
        }
        if (board.stone_count(BLACK) + board.stone_count(WHITE)) as usize != stones.len() {
            return Err("a chain in the diagram has no liberty".into());
        }
        *self.board = board;
        self.setup = Some(Box::new((stones.to_vec(), to_move)));
        self.to_move = to_move;
        self.ko = 0;
        self.passes = 0;
        self.seen.clear();
        let k = self.key(self.board.hash(), to_move);
        self.seen.insert(k);
        Ok(())
    }

    /// The repetition key of a board hash with `to_move` next (positional superko ignores the side).
    #[inline]
    fn key(&self, hash: u64, to_move: u8) -> u64 {
        match self.rules.ko {
            KoRule::PositionalSuperko => hash,
            _ => hash ^ if to_move == WHITE { WHITE_TO_MOVE_KEY } else { 0 },
        }
    }

    /// True once the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Checks a placement of `to_move` on point `pt` in the play phase; `Err` names the rule broken.
    #[inline]
    pub fn check_place(&self, pt: usize) -> Result<(), &'static str> {
        self.check_place_cell(self.board.cell(pt))
    }

    /// [`GoCore::check_place`] on cell `p` (no point/cell conversion, which divides).
    #[inline]
    fn check_place_cell(&self, p: usize) -> Result<(), &'static str> {
        let c = self.to_move;
        let preview = match self.board.preview(p, c, self.rules.suicide_allowed) {
            Ok(pv) => pv,
            Err(Refusal::Occupied) => return Err("the point is occupied"),
            Err(Refusal::Suicide { .. }) => return Err("suicide (suicide_allowed=false)"),
        };
        match self.rules.ko {
            KoRule::Simple => {
                if p == self.ko as usize {
                    return Err("ko: the stone just captured cannot be retaken at once");
                }
            }
            KoRule::PositionalSuperko => {
                if self.seen.contains(&preview.hash) {
                    return Err("positional superko: the move repeats an earlier board position");
                }
            }
            KoRule::SituationalSuperko => {
                if self.seen.contains(&self.key(preview.hash, opponent(c))) {
                    return Err("situational superko: the move repeats an earlier position with the same player to move");
                }
            }
        }
        Ok(())
    }

    /// Fast legality of a placement on cell `p` (empty) for the playout bots.
    #[inline]
    pub fn is_legal_cell(&self, p: usize) -> bool {
        match self.rules.ko {
            KoRule::Simple if !self.rules.suicide_allowed => {
                p != self.ko as usize && self.board.is_not_suicide(p, self.to_move)
            }
            _ => self.check_place_cell(p).is_ok(),
        }
    }

    /// Checks any move; `Err` is the reason it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), String> {
        let n2 = self.rules.size * self.rules.size;
        match (self.phase, mv) {
            (Phase::Over, _) => Err("the game is over".into()),
            (Phase::Handicap { .. }, Move::Place(pt)) if pt < n2 => {
                if self.board.at(self.board.cell(pt)) != super::board::EMPTY {
                    Err("the point already holds a handicap stone".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Handicap { remaining }, _) => Err(format!(
                "Black must first place {remaining} more handicap stone(s)"
            )),
            (Phase::Play, Move::Place(pt)) if pt < n2 => self.check_place(pt).map_err(String::from),
            (Phase::Play, Move::Pass) => Ok(()),
            (Phase::Play, _) => Err("marking actions are only legal after two passes".into()),
            (Phase::Marking, Move::Mark(pt)) if pt < n2 => {
                if self.board.at(self.board.cell(pt)) == super::board::EMPTY {
                    Err("only stones can be marked dead".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Marking, Move::Accept | Move::Resume) => Ok(()),
            (Phase::Marking, _) => Err("in the marking phase only mark, accept and resume are legal".into()),
        }
    }

    /// Calls `f` with every legal move, in action order (points, pass, marks, accept, resume).
    pub fn for_each_legal(&self, mut f: impl FnMut(Move)) {
        let n2 = self.rules.size * self.rules.size;
        match self.phase {
            Phase::Over => {}
            Phase::Handicap { .. } => {
                for pt in 0..n2 {
                    if self.board.at(self.board.cell(pt)) == super::board::EMPTY {
                        f(Move::Place(pt));
                    }
                }
            }
            Phase::Play => {
                for pt in 0..n2 {
                    if self.board.at(self.board.cell(pt)) == super::board::EMPTY
                        && self.check_place(pt).is_ok()
                    {
                        f(Move::Place(pt));
                    }
                }
                f(Move::Pass);
            }
            Phase::Marking => {
                for pt in 0..n2 {
                    if self.board.at(self.board.cell(pt)) != super::board::EMPTY {
                        f(Move::Mark(pt));
                    }
                }
                f(Move::Accept);
                f(Move::Resume);
            }
        }
    }

    /// Applies a move already checked with [`GoCore::check`].
    pub fn apply(&mut self, mv: Move) {
        let c = self.to_move;
        self.actions += 1;
        match mv {
            Move::Place(pt) => {
                let p = self.board.cell(pt);
                if let Phase::Handicap { remaining } = self.phase {
                    self.board.play(p, BLACK);
                    self.handicap_stones.push(pt);
                    self.phase = if remaining > 1 {
                        Phase::Handicap {
                            remaining: remaining - 1,
                        }
                    } else {
                        Phase::Play
                    };
                    if self.phase == Phase::Play {
                        self.to_move = WHITE;
                    }
                    let k = self.key(self.board.hash(), self.to_move);
                    self.seen.insert(k);
                } else {
                    let played = self.board.play(p, c);
                    self.prisoners[ci(c)] += played.captured;
                    self.prisoners[ci(opponent(c))] += played.suicided;
                    self.ko = played.ko;
                    self.passes = 0;
                    self.to_move = opponent(c);
                    let k = self.key(self.board.hash(), self.to_move);
                    if !self.seen.insert(k) && self.rules.ko == KoRule::Simple {
                        self.finish(End::Cycle);
                        return;
                    }
                }
            }
            Move::Pass => {
                self.ko = 0;
                self.passes += 1;
                self.last_passer = c;
                if self.rules.pass_stones {
                    self.prisoners[ci(opponent(c))] += 1;
                }
                self.to_move = opponent(c);
                let k = self.key(self.board.hash(), self.to_move);
                self.seen.insert(k);
                if self.passes >= 2 && (!self.rules.pass_stones || c == WHITE) {
                    match self.rules.dead_stones {
                        DeadStones::TrompTaylor => {
                            self.finish(End::Counted);
                            return;
                        }
                        DeadStones::Agreement => {
                            self.phase = Phase::Marking;
                            self.dead = auto_dead(self);
                            self.accepted = 0;
                        }
                    }
                }
            }
            Move::Mark(pt) => {
                let p = self.board.cell(pt);
                let now = !self.dead[pt];
                for s in self.board.chain_stones(p) {
                    let q = self.board.point(s);
                    self.dead[q] = now;
                }
                self.accepted = 1 << ci(c);
                self.to_move = opponent(c);
            }
            Move::Accept => {
                self.accepted |= 1 << ci(c);
                if self.accepted == 3 {
                    self.phase = Phase::Over;
                    self.end = Some(End::Counted);
                    return;
                }
                self.to_move = opponent(c);
            }
            Move::Resume => {
                self.phase = Phase::Play;
                self.passes = 0;
                self.dead.iter_mut().for_each(|d| *d = false);
                self.to_move = opponent(self.last_passer);
            }
        }
        if self.actions >= self.rules.max_moves && !self.is_over() {
            // The move limit: count the position as it stands (dead stones by the automatic marking).
            if self.phase == Phase::Play && self.rules.dead_stones == DeadStones::Agreement {
                self.dead = auto_dead(self);
            }
            self.finish(End::Counted);
        }
    }

    /// Ends the game now.
    pub fn finish(&mut self, end: End) {
        self.phase = Phase::Over;
        self.end = Some(end);
    }

    /// Side `side` (0 Black, 1 White) resigns, at any time before the end. `who` names the side in
    /// errors ("seat" for Go, "team" for Rengo).
    pub fn resign(&mut self, side: usize, who: &str, game: &str) -> crate::error::Result<()> {
        if self.is_over() {
            return Err(crate::error::LudoError::GameOver);
        }
        if side > 1 {
            return Err(crate::error::LudoError::param(
                who,
                format!("{game} has {who}s 0 (Black) and 1 (White), not {side}"),
            ));
        }
        self.finish(End::Resigned(if side == 0 { BLACK } else { WHITE }));
        Ok(())
    }

    /// A resignation as an ending text (`resign 0` for Black, `resign 1` for White), or `stopped` for
    /// a game counted on the say of a record ([`GoCore::stop_and_count`]); other ends come from the
    /// actions.
    pub fn ending(&self) -> Option<String> {
        match self.end? {
            End::Resigned(c) => Some(format!("resign {}", if c == BLACK { 0 } else { 1 })),
            End::Counted if self.stopped => Some("stopped".into()),
            _ => None,
        }
    }

    /// Ends play now and counts the position, with the automatic marking under agreement rules (a
    /// record of a game that the move limit stopped).
    pub fn stop_and_count(&mut self) {
        if self.rules.dead_stones == DeadStones::Agreement {
            self.dead = auto_dead(self);
        }
        self.stopped = true;
        self.finish(End::Counted);
    }

    /// Re-applies an [`GoCore::ending`] text.
    pub fn apply_ending(&mut self, text: &str, who: &str, game: &str) -> crate::error::Result<()> {
        if text.trim() == "stopped" && self.phase == Phase::Play {
            self.stop_and_count();
            return Ok(());
        }
        match text
            .trim()
            .strip_prefix("resign ")
            .map(|s| s.trim().parse::<usize>())
        {
            Some(Ok(side)) => self.resign(side, who, game),
            _ => Err(crate::error::LudoError::parse(
                "ending",
                text,
                format!("{game} endings are 'resign 0' and 'resign 1'"),
            )),
        }
    }

    /// The count of the current position with the current dead-stone marking (the final score once
    /// the game is over).
    pub fn score(&self) -> Score {
        count(self)
    }

    /// Utility of Black and White: +1 win, −1 loss, 0 jigo / no result / unfinished.
    pub fn utilities(&self) -> [f64; 2] {
        match self.end {
            None | Some(End::Cycle) => [0.0, 0.0],
            Some(End::Resigned(c) | End::Forfeit(c)) => {
                if c == BLACK {
                    [-1.0, 1.0]
                } else {
                    [1.0, -1.0]
                }
            }
            Some(End::Counted) => {
                let s = self.score();
                let d = s.black - s.white;
                if d > 0.0 {
                    [1.0, -1.0]
                } else if d < 0.0 {
                    [-1.0, 1.0]
                } else {
                    [0.0, 0.0]
                }
            }
        }
    }

    /// The result in SGF form (`B+3.5`, `W+R`, `0`, `Void`, `B+F`), or `None` while the game runs.
    pub fn result_string(&self) -> Option<String> {
        let side = |c: u8| if c == BLACK { "B" } else { "W" };
        Some(match self.end? {
            End::Resigned(c) => format!("{}+R", side(opponent(c))),
            End::Forfeit(c) => format!("{}+F", side(opponent(c))),
            End::Cycle => match self.rules.long_cycle {
                LongCycle::NoResult => "Void".to_string(),
                LongCycle::Draw => "Draw".to_string(),
            },
            End::Counted => {
                let s = self.score();
                let d = s.black - s.white;
                if d == 0.0 {
                    "0".to_string()
                } else if d > 0.0 {
                    format!("B+{d}")
                } else {
                    format!("W+{}", -d)
                }
            }
        })
    }

    /// The board as ASCII: `X` black, `O` white, `.` empty, dead-marked stones in lower case, column
    /// letters and row numbers as GTP writes them, then the side to move and prisoners.
    pub fn render(&self) -> String {
        let n = self.rules.size;
        let letters: String = (0..n)
            .map(|c| gtp_name(c, n).chars().next().unwrap_or('?'))
            .map(|c| format!(" {c}"))
            .collect();
        let mut s = format!("  {letters}\n");
        for row in (0..n).rev() {
            s.push_str(&format!("{:>2}", row + 1));
            for col in 0..n {
                let pt = row * n + col;
                let p = self.board.cell(pt);
                let ch = match self.board.at(p) {
                    BLACK if self.dead[pt] => 'x',
                    BLACK => 'X',
                    WHITE if self.dead[pt] => 'o',
                    WHITE => 'O',
                    _ if p == self.ko as usize && self.phase == Phase::Play => '*',
                    _ => '.',
                };
                s.push(' ');
                s.push(ch);
            }
            s.push_str(&format!(" {:<2}\n", row + 1));
        }
        s.push_str(&format!("  {letters}\n"));
        let side = if self.to_move == BLACK { "Black" } else { "White" };
        let status = match self.phase {
            Phase::Handicap { remaining } => format!("Black places {remaining} handicap stone(s)"),
            Phase::Play => format!("{side} to play"),
            Phase::Marking => format!("marking dead stones, {side} to act"),
            Phase::Over => format!("game over: {}", self.result_string().unwrap_or_default()),
        };
        s.push_str(&format!(
            "{status}; prisoners B {} W {}",
            self.prisoners[0], self.prisoners[1]
        ));
        s
    }
}
