//! Engine-level random playouts: the rejection sampler that the playout bots draw their moves with,
//! and the marking playout of the automatic dead-stone marking ([`super::score`]). Scoring uses this
//! module, never the bots.
//!
//! Sampling is by rejection from the list of empty points (a stack copy, no allocation): draw one
//! candidate uniformly from the points not yet rejected plus pass, keep it if legal, otherwise drop it
//! and draw again. The accepted move is uniform over the legal ones, and legality is tested only for
//! the points drawn, which is what makes playouts fast.

use super::board::{opponent, Board, MAX_CELLS};
use crate::core::rng::Rng;

/// Draws a placement for colour `c` uniformly among the empty cells that pass `legal` (and, with
/// `no_eye`, are not `c`'s eyes), or `None` (pass). With `with_pass`, pass is one more candidate of
/// the uniform draw; without it, `None` only when no placement qualifies.
///
/// The first draw reads the board's empty list in place: most first candidates are accepted, so the
/// copy the rejection loop needs is made only after a rejection (same draws, same result).
#[inline]
pub fn sample_move(
    board: &Board,
    c: u8,
    rng: &mut Rng,
    with_pass: bool,
    no_eye: bool,
    legal: impl Fn(usize) -> bool,
) -> Option<usize> {
    let empties = board.empties();
    let i = draw_index(empties.len(), with_pass, rng)?;
    let p = empties[i] as usize;
    if acceptable(board, c, no_eye, p) && legal(p) {
        return Some(p);
    }
    sample_after_rejection(board, c, rng, with_pass, no_eye, legal, i)
}

/// One uniform draw among `k` candidates, plus pass when `with_pass`: the index, or `None` for a
/// pass (or when there is nothing to draw).
#[inline(always)]
fn draw_index(k: usize, with_pass: bool, rng: &mut Rng) -> Option<usize> {
    let total = k + with_pass as usize;
    if total == 0 {
        return None;
    }
    let i = rng.below(total as u32) as usize;
    (i < k).then_some(i)
}

/// Whether the bot may consider `p` at all (not its own eye under `no_eye`).
#[inline(always)]
fn acceptable(board: &Board, c: u8, no_eye: bool, p: usize) -> bool {
    !no_eye || !board.is_eye(p, c)
}

/// The rejection loop of [`sample_move`] once the candidate at index `first` was rejected.
#[inline(never)]
fn sample_after_rejection(
    board: &Board,
    c: u8,
    rng: &mut Rng,
    with_pass: bool,
    no_eye: bool,
    legal: impl Fn(usize) -> bool,
    first: usize,
) -> Option<usize> {
    let mut buf = [0u16; MAX_CELLS];
    reject_loop(board, c, rng, with_pass, no_eye, legal, first, &mut buf)
}

/// The loop of [`sample_after_rejection`] over a caller's buffer (the marking playouts keep one for
/// all their moves instead of zeroing a fresh one per rejection).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn reject_loop(
    board: &Board,
    c: u8,
    rng: &mut Rng,
    with_pass: bool,
    no_eye: bool,
    legal: impl Fn(usize) -> bool,
    first: usize,
    buf: &mut [u16; MAX_CELLS],
) -> Option<usize> {
    let empties = board.empties();
    let mut k = empties.len();
    buf[..k].copy_from_slice(empties);
    k -= 1;
    buf[first] = buf[k];
    loop {
        let i = draw_index(k, with_pass, rng)?;
        let p = buf[i] as usize;
        if acceptable(board, c, no_eye, p) && legal(p) {
            return Some(p);
        }
        k -= 1;
        buf[i] = buf[k];
    }
}

/// The playout of the automatic dead-stone marking, in place on `b` from `to_move`: both sides play
/// uniformly random moves that neither fill their own eyes, nor are suicide, nor put a chain of two
/// or more stones in atari (avoiding those self-ataris keeps sekis standing), with simple ko, until
/// two passes (or 3·N² moves). Returns the number of stones played. `buf` is the rejection sampler's
/// scratch, kept by the caller across playouts. The moves are played without updating `b`'s Zobrist
/// hashes, which are stale afterwards.
pub fn marking_playout(b: &mut Board, to_move: u8, rng: &mut Rng, buf: &mut [u16; MAX_CELLS]) -> usize {
    let mut c = to_move;
    let (mut passes, mut ko, mut played) = (0, 0usize, 0);
    let limit = 3 * b.size() * b.size();
    for _ in 0..limit {
        let pick = {
            let bb: &Board = b;
            // Not the own eye, not suicide, not a big self-atari (`is_marking_move`, one test for the
            // three), not the ko point.
            let legal = |p: usize| p != ko && bb.is_marking_move(p, c);
            // sample_move's draws exactly, over the playout's own rejection buffer.
            let empties = bb.empties();
            match draw_index(empties.len(), false, rng) {
                None => None,
                Some(i) => {
                    let p = empties[i] as usize;
                    if legal(p) {
                        Some(p)
                    } else {
                        reject_loop(bb, c, rng, false, false, legal, i, buf)
                    }
                }
            }
        };
        match pick {
            Some(p) => {
                ko = b.play_unhashed(p, c).ko as usize;
                passes = 0;
                played += 1;
            }
            None => {
                passes += 1;
                ko = 0;
                if passes == 2 {
                    break;
                }
            }
        }
        c = opponent(c);
    }
    played
}

/// A playout policy studied for the marking and not used by it (`marking_vs_gnugo` with
/// `LUDO_MARK_POLICY=tactical`; numbers in [`super::score`]'s docs): [`marking_playout`] with two
/// tactical answers to the opponent's last move before the random draw: capture its chain when it is
/// in atari, else extend an own chain next to it that it put in atari (each only when it is a playout
/// move and not the ko point). With `single_self_atari`, a lone stone's self-atari is refused as the
/// larger ones are. Returns the number of stones played.
#[cfg(test)]
pub(crate) fn marking_playout_tactical(
    b: &mut Board,
    to_move: u8,
    rng: &mut Rng,
    buf: &mut [u16; MAX_CELLS],
    single_self_atari: bool,
) -> usize {
    let mut c = to_move;
    let (mut passes, mut ko, mut played, mut last) = (0, 0usize, 0, 0usize);
    let limit = 3 * b.size() * b.size();
    for _ in 0..limit {
        let pick = {
            let bb: &Board = b;
            // With `single_self_atari`, a lone stone put in atari without capturing is refused too.
            let lone_atari = |p: usize| {
                let nb = bb.neighbours(p);
                let opp = opponent(c);
                nb.iter().all(|&q| bb.at(q) != c)
                    && nb.iter().filter(|&&q| bb.at(q) == super::board::EMPTY).count() == 1
                    && !nb.iter().any(|&q| bb.at(q) == opp && bb.chain_in_atari(q))
            };
            let legal =
                |p: usize| p != ko && bb.is_marking_move(p, c) && !(single_self_atari && lone_atari(p));
            let mut tactic = None;
            if last != 0 {
                if let Some(l) = bb.atari_liberty(last) {
                    if legal(l) {
                        tactic = Some(l);
                    }
                }
                if tactic.is_none() {
                    for q in bb.neighbours(last) {
                        if bb.at(q) == c {
                            if let Some(l) = bb.atari_liberty(q) {
                                if legal(l) {
                                    tactic = Some(l);
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            if tactic.is_some() {
                tactic
            } else {
                let empties = bb.empties();
                match draw_index(empties.len(), false, rng) {
                    None => None,
                    Some(i) => {
                        let p = empties[i] as usize;
                        if legal(p) {
                            Some(p)
                        } else {
                            reject_loop(bb, c, rng, false, false, legal, i, buf)
                        }
                    }
                }
            }
        };
        match pick {
            Some(p) => {
                ko = b.play_unhashed(p, c).ko as usize;
                passes = 0;
                played += 1;
                last = if b.at(p) == c { p } else { 0 };
            }
            None => {
                passes += 1;
                ko = 0;
                last = 0;
                if passes == 2 {
                    break;
                }
            }
        }
        c = opponent(c);
    }
    played
}
