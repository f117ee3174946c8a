//! What Xiangqi and Jieqi share above the board: the end-of-game rules (mate and stalemate lose,
//! repetition, the no-capture and move caps), the reasons given for illegal moves, and the board
//! drawing.

use super::board::*;
use super::fen::cell_letter;
use super::notation::iccs;
use crate::core::params::Params;
use crate::error::{LudoError, Result};
use std::fmt::Write;

/// How repeated positions end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    /// A side whose every move in the repetition cycle gave check, while the other side's did not
    /// all give check, loses; any other repetition is a draw.
    PerpetualCheckLoses,
    /// Every repetition is a draw.
    Draw,
}

/// The end-of-game parameters shared by both games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    pub repetition: RepetitionRule,
    /// The occurrence of a position that ends the game (3 = third time).
    pub repetition_count: u32,
    /// Plies without a capture that end the game as a draw (0 = never).
    pub no_capture_plies: u32,
    /// Total plies after which the game is a draw (0 = never).
    pub max_plies: u32,
}

impl EndRules {
    /// Reads the shared parameters.
    pub fn from_params(p: &Params) -> EndRules {
        EndRules {
            repetition: if p.str("repetition_rule") == "draw" {
                RepetitionRule::Draw
            } else {
                RepetitionRule::PerpetualCheckLoses
            },
            repetition_count: p.int("repetition_count") as u32,
            no_capture_plies: p.int("no_capture_draw_plies") as u32,
            max_plies: p.int("max_plies") as u32,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` won for `reason`.
    Win { winner: Color, reason: &'static str },
    /// A draw for `reason`.
    Draw { reason: &'static str },
}

impl Outcome {
    /// Returns for seats 0 (Red) and 1 (Black).
    pub fn returns(self) -> [f64; 2] {
        match self {
            Outcome::Win { winner: RED, .. } => [1.0, -1.0],
            Outcome::Win { .. } => [-1.0, 1.0],
            Outcome::Draw { .. } => [0.0, 0.0],
        }
    }
    /// Text for displays.
    pub fn describe(self) -> String {
        match self {
            Outcome::Win { winner, reason } => format!("{} wins by {reason}", side_name(winner)),
            Outcome::Draw { reason } => format!("draw by {reason}"),
        }
    }
}

/// The reason of a win by resignation and of a draw by agreement: endings outside the moves.
const RESIGNATION: &str = "resignation";
const AGREEMENT: &str = "agreement";

/// The ending text (`resign 0`, `resign 1`, `draw`) of a game that ended outside its moves, as
/// `State::ending` gives it; `None` for every other outcome and while the game runs.
pub fn ending_text(outcome: Option<Outcome>) -> Option<String> {
    match outcome? {
        Outcome::Win { winner, reason } if reason == RESIGNATION => Some(format!("resign {}", 1 - winner)),
        Outcome::Draw { reason } if reason == AGREEMENT => Some("draw".into()),
        _ => None,
    }
}

/// The outcome an ending text means: `resign 0` (Red resigns), `resign 1` (Black resigns) or `draw`
/// (draw by agreement). The game must still be running (`GameOver` otherwise).
pub fn parse_ending(text: &str, current: Option<Outcome>, game: &str) -> Result<Outcome> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let outcome = match words.as_slice() {
        ["resign", "0"] => Outcome::Win {
            winner: BLACK,
            reason: RESIGNATION,
        },
        ["resign", "1"] => Outcome::Win {
            winner: RED,
            reason: RESIGNATION,
        },
        ["draw"] => Outcome::Draw { reason: AGREEMENT },
        _ => {
            return Err(LudoError::parse(
                "ending",
                text,
                format!("{game} endings are 'resign 0' (Red resigns), 'resign 1' (Black resigns) and 'draw' (by agreement)"),
            ))
        }
    };
    if current.is_some() {
        return Err(LudoError::GameOver);
    }
    Ok(outcome)
}

/// "Red" or "Black".
pub fn side_name(c: Color) -> &'static str {
    if c == RED {
        "Red"
    } else {
        "Black"
    }
}

/// The record of the game that the end rules need: position keys, which moves gave check and the
/// no-capture clock. `keys[k]` is the position after `k` plies of this record.
#[derive(Clone, Debug)]
pub struct Record {
    pub keys: Vec<u64>,
    pub checks: Vec<bool>,
    /// Plies since the last capture (FEN half-move clock).
    pub halfmove: u32,
    /// Index in `keys` of the first position after the last capture (no repetition crosses it).
    pub since: usize,
    pub outcome: Option<Outcome>,
    /// A 1024-bit filter of the keys from `since` on (bit = top ten bits of the key): a position
    /// whose bit is clear has not occurred since the last capture, so most plies skip the walk
    /// back through `keys`.
    seen: [u64; 16],
}

impl Record {
    /// A record starting at `pos`.
    pub fn new(pos: &Position, halfmove: u32) -> Record {
        let mut r = Record {
            keys: vec![pos.hash()],
            checks: Vec::new(),
            halfmove,
            since: 0,
            outcome: None,
            seen: [0; 16],
        };
        r.note_seen(pos.hash());
        r
    }

    /// Adds `key` to the filter; says whether its bit was already set (the key may have occurred).
    #[inline]
    fn note_seen(&mut self, key: u64) -> bool {
        let bit = (key >> 54) as usize;
        let (word, mask) = (bit / 64, 1u64 << (bit % 64));
        let before = self.seen[word] & mask != 0;
        self.seen[word] |= mask;
        before
    }

    /// Records a ply that has just been played, leading to `pos` (the side to move is the one
    /// that must answer). `capture` says whether it took a piece, `plies` is the game length so far.
    /// Decides whether the game is now over. `has_move` is whether the side to move has a legal move.
    /// `gave_check` is whether the side to move is now in check.
    pub fn after_ply(
        &mut self,
        pos: &Position,
        capture: bool,
        has_move: bool,
        gave_check: bool,
        rules: &EndRules,
        plies: usize,
    ) {
        self.keys.push(pos.hash());
        self.checks.push(gave_check);
        if capture {
            self.halfmove = 0;
            self.since = self.keys.len() - 1;
            self.seen = [0; 16];
        } else {
            self.halfmove += 1;
        }
        let to_move = pos.side();
        if !has_move {
            let reason = if gave_check { "checkmate" } else { "stalemate" };
            self.outcome = Some(Outcome::Win {
                winner: 1 - to_move,
                reason,
            });
            return;
        }
        let maybe_repeated = self.note_seen(pos.hash());
        if let Some(o) = maybe_repeated
            .then(|| self.repetition(rules, 1 - to_move))
            .flatten()
        {
            self.outcome = Some(o);
            return;
        }
        if rules.no_capture_plies > 0 && self.halfmove >= rules.no_capture_plies {
            self.outcome = Some(Outcome::Draw {
                reason: "no capture rule",
            });
        } else if rules.max_plies > 0 && plies >= rules.max_plies as usize {
            self.outcome = Some(Outcome::Draw { reason: "move cap" });
        }
    }

    fn repetition(&self, rules: &EndRules, mover: Color) -> Option<Outcome> {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let need = rules.repetition_count.max(2);
        // Equal positions have the same side to move, so only every second key can match; walking
        // back from the newest finds the earliest of the `need` occurrences without allocating.
        let mut count = 1;
        let mut first = n;
        let mut i = n;
        while i >= self.since + 2 && count < need {
            i -= 2;
            if self.keys[i] == key {
                count += 1;
                first = i;
            }
        }
        if count < need {
            return None;
        }
        if rules.repetition == RepetitionRule::Draw {
            return Some(Outcome::Draw { reason: "repetition" });
        }
        // The cycle: plies after the first counted occurrence up to now. Ply k (1-based) is
        // checks[k - 1]; the side that made it alternates, the last one by the side not to move.
        let mut all_check = [true, true];
        for k in first + 1..=n {
            // Plies n, n-2, ... were made by the side that just moved (index 0 here).
            let who = (n - k) % 2;
            all_check[who] &= self.checks[k - 1];
        }
        match all_check {
            [true, false] => Some(Outcome::Win {
                winner: 1 - mover,
                reason: "perpetual check",
            }),
            [false, true] => Some(Outcome::Win {
                winner: mover,
                reason: "perpetual check",
            }),
            _ => Some(Outcome::Draw { reason: "repetition" }),
        }
    }
}

/// Why a move that is not legal is illegal, named as the rules do.
pub fn illegal_reason(pos: &Position, mv: Move) -> String {
    let (from, to) = (mv.from as usize, mv.to as usize);
    let cell = pos.at(from);
    let at = |sq: usize| {
        iccs(Move {
            from: sq as u8,
            to: sq as u8,
        })[..2]
            .to_string()
    };
    if cell == EMPTY {
        return format!("no piece on {}", at(from));
    }
    if color_of(cell) != pos.side() {
        return format!("not your piece: {} moves now", side_name(pos.side()));
    }
    if from == to {
        return "a move must change the point".into();
    }
    let target = pos.at(to);
    if target != EMPTY && color_of(target) == pos.side() {
        return format!("{} holds your own piece", at(to));
    }
    let mut list = MoveList::default();
    pos.gen_pseudo(&mut list);
    if !list.as_slice().contains(&mv) {
        let kind = kind_of(cell);
        let (df, dr) = (
            file_of(to).abs_diff(file_of(from)),
            rank_of(to).abs_diff(rank_of(from)),
        );
        let us = pos.side();
        return match kind {
            HORSE if (df, dr) == (1, 2) || (df, dr) == (2, 1) => {
                let leg = if dr == 2 {
                    square(file_of(from), (rank_of(from) + rank_of(to)) / 2)
                } else {
                    square((file_of(from) + file_of(to)) / 2, rank_of(from))
                };
                format!("blocked leg: the horse's leg point {} is occupied", at(leg))
            }
            ELEPHANT | ELEPHANT_FREE if (df, dr) == (2, 2) => {
                if kind == ELEPHANT && !own_half(us, to) {
                    "elephants may not cross the river".into()
                } else {
                    let eye = square(
                        (file_of(from) + file_of(to)) / 2,
                        (rank_of(from) + rank_of(to)) / 2,
                    );
                    format!("blocked eye: the elephant's eye point {} is occupied", at(eye))
                }
            }
            KING | ADVISOR if !in_palace(us, to) => {
                format!("the {} must stay in the palace", kind_name(kind))
            }
            CANNON if target != EMPTY && (df == 0 || dr == 0) => {
                "a cannon captures only by jumping exactly one screen".into()
            }
            ROOK | CANNON if df == 0 || dr == 0 => "the path is blocked".into(),
            PAWN => "a pawn steps forward, and sideways only after crossing the river".into(),
            _ => {
                let name = kind_name(kind);
                let article = if name.starts_with(['a', 'e']) { "an" } else { "a" };
                format!("{article} {name} does not move like that")
            }
        };
    }
    let mut p = pos.clone();
    let us = p.side();
    let u = p.make(mv, cell);
    let (k, ok) = (p.king(us), p.king(1 - us));
    let facing = file_of(k) == file_of(ok) && {
        let (lo, hi) = (k.min(ok), k.max(ok));
        (lo + FILES..hi).step_by(FILES).all(|s| p.at(s) == EMPTY)
    };
    p.unmake(u);
    if facing {
        "flying general: the two generals would face each other on an open file".into()
    } else {
        "leaves the general in check".into()
    }
}

/// Lower-case English name of a kind.
pub fn kind_name(kind: u8) -> &'static str {
    match kind {
        KING => "general",
        ADVISOR | ADVISOR_FREE => "advisor",
        ELEPHANT | ELEPHANT_FREE => "elephant",
        HORSE => "horse",
        ROOK => "chariot",
        CANNON => "cannon",
        PAWN => "pawn",
        _ => "piece",
    }
}

/// ASCII board: Black at the top, ranks 9..0 on the left, files a..i below; upper case is Red,
/// `X`/`x` a face-down Jieqi piece.
pub fn draw_board(pos: &Position) -> String {
    let mut s = String::with_capacity(400);
    for rank in (0..RANKS).rev() {
        let _ = write!(s, "{rank} ");
        for file in 0..FILES {
            s.push(' ');
            s.push(cell_letter(pos.at(square(file, rank))));
        }
        s.push('\n');
        if rank == 5 {
            s.push_str("   ~~~~~~ river ~~~~~~\n");
        }
    }
    s.push_str("   a b c d e f g h i\n");
    s
}

/// Observation planes, player-relative: the board is turned so `player`'s side is at the bottom
/// (row 9 is the own back rank), planes `0..7` hold the player's own general, advisors, elephants,
/// horses, chariots, cannons, pawns, planes `7..14` the opponent's; with `hidden_planes` planes 14
/// and 15 mark own and opponent face-down pieces (whose identity is never shown); the last plane is
/// all ones when `player` is to move.
pub fn write_planes(pos: &Position, player: Color, hidden_planes: bool, out: &mut [f32]) {
    let planes = if hidden_planes { 17 } else { 15 };
    let n = planes * SQUARES;
    out[..n].iter_mut().for_each(|x| *x = 0.0);
    for sq in 0..SQUARES {
        let c = pos.at(sq);
        if c == EMPTY {
            continue;
        }
        let (f, r) = (file_of(sq), rank_of(sq));
        let cell = if player == RED {
            (RANKS - 1 - r) * FILES + f
        } else {
            r * FILES + (FILES - 1 - f)
        };
        let theirs = usize::from(color_of(c) != player);
        let plane = if c & HIDDEN != 0 {
            14 + theirs
        } else {
            let k = match kind_of(c) {
                ADVISOR_FREE => ADVISOR,
                ELEPHANT_FREE => ELEPHANT,
                k => k,
            };
            theirs * 7 + (k as usize - 1)
        };
        out[plane * SQUARES + cell] = 1.0;
    }
    if pos.side() == player {
        out[(planes - 1) * SQUARES..n].iter_mut().for_each(|x| *x = 1.0);
    }
}
