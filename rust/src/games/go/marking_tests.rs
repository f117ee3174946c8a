//! The automatic marking's speed work must not change a single marking: a plain reference of the
//! marking (the three separate legality tests, a board clone per playout, a fresh candidate list per
//! move, a flood fill per chain) is compared with [`score::auto_dead`] on the final positions of
//! random games.

use super::board::{opponent, Board, BLACK, EMPTY, WHITE};
use super::engine::{GoCore, Phase};
use super::score;
use super::GoGame;
use crate::core::game::{Game, State};
use crate::core::rng::Rng;
use crate::registry::Registered;

/// A playout move for `c` at empty cell `p` with simple-ko point `ko`: not the ko point, not the own
/// eye, not suicide, not a big self-atari (the marking playout's rule, from the board's plain tests).
fn reference_legal(b: &Board, p: usize, c: u8, ko: usize) -> bool {
    p != ko && !b.is_eye(p, c) && b.is_not_suicide(p, c) && !b.is_big_self_atari(p, c)
}

/// One marking playout on `b`: rejection sampling from a fresh copy of the empty list for every
/// move (one uniform draw among the candidates not yet refused), until two passes or 3·N² moves.
/// Returns the stones played.
fn reference_playout(b: &mut Board, to_move: u8, rng: &mut Rng) -> usize {
    let (mut c, mut passes, mut ko, mut played) = (to_move, 0, 0usize, 0);
    for _ in 0..3 * b.size() * b.size() {
        let mut cands: Vec<u16> = b.empties().to_vec();
        let mut pick = None;
        while !cands.is_empty() {
            let i = rng.below(cands.len() as u32) as usize;
            let p = cands[i] as usize;
            if reference_legal(b, p, c, ko) {
                pick = Some(p);
                break;
            }
            cands.swap_remove(i);
        }
        match pick {
            Some(p) => {
                ko = b.play(p, c).ko as usize;
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

/// The colour owning cell `p` on `b` (Tromp–Taylor): its stone's colour, or the only colour its
/// empty region touches (`EMPTY` when neutral).
fn reference_owner(b: &Board, p: usize) -> u8 {
    if b.at(p) != EMPTY {
        return b.at(p);
    }
    let mut seen = vec![false; b.stride() * b.stride()];
    let (mut stack, mut borders) = (vec![p], 0u8);
    seen[p] = true;
    while let Some(q) = stack.pop() {
        for r in b.neighbours(q) {
            match b.at(r) {
                EMPTY if !seen[r] => {
                    seen[r] = true;
                    stack.push(r);
                }
                col @ (BLACK | WHITE) => borders |= col,
                _ => {}
            }
        }
    }
    if borders == BLACK || borders == WHITE {
        borders
    } else {
        EMPTY
    }
}

/// The marking as its documentation states it: nothing dead on a settled board; Benson's dead
/// stones; then playouts seeded by the position's hash for the chains Benson leaves open, at most 16
/// (32 from side 15), stopped once every chain's majority is fixed or leads by 3 (4), or after a
/// playout without a move; a chain is dead when the opponent owns its point in more than half.
// `pt` walks points and is mapped to board cells, as in the marking itself.
#[allow(clippy::needless_range_loop)]
fn reference_auto_dead(core: &GoCore) -> Vec<bool> {
    let b = &core.board;
    let n = b.size();
    let mut dead = vec![false; n * n];
    let has_move = |c: u8| b.empties().iter().any(|&p| reference_legal(b, p as usize, c, 0));
    if !has_move(BLACK) && !has_move(WHITE) {
        return dead;
    }
    let bensons = [score::benson(b, BLACK), score::benson(b, WHITE)];
    let mut open = Vec::new();
    for pt in 0..n * n {
        let p = b.cell(pt);
        let c = b.at(p);
        if c == EMPTY {
            continue;
        }
        if bensons[(opponent(c) - 1) as usize].dead_inside[p] {
            dead[pt] = true;
        } else if b.chain_head(p) == p && !bensons[(c - 1) as usize].alive[p] {
            open.push(p);
        }
    }
    if open.is_empty() {
        return dead;
    }
    let (most, lead) = if n >= 15 { (32, 4) } else { (16, 3) };
    let mut tally = vec![0usize; open.len()];
    let mut rng = Rng::new(b.hash());
    let mut done = 0;
    while done < most {
        let mut scratch = b.clone();
        let played = reference_playout(&mut scratch, core.to_move, &mut rng);
        done += 1;
        for (k, &p) in open.iter().enumerate() {
            if reference_owner(&scratch, p) == opponent(b.at(p)) {
                tally[k] += 1;
            }
        }
        let left = most - done;
        let settled = tally
            .iter()
            .all(|&o| o * 2 > most || (o + left) * 2 <= most || (2 * o).abs_diff(done) >= lead);
        if settled || played == 0 {
            break;
        }
    }
    for (k, &p) in open.iter().enumerate() {
        if tally[k] * 2 > done {
            for s in b.chain_stones(p) {
                dead[b.point(s)] = true;
            }
        }
    }
    dead
}

/// The marking equals its plain reference on the final positions of random games: 9×9 stopped at
/// OpenSpiel's cap (162 moves) and played out, under Japanese rules and under NZ rules (suicide
/// leaves more open chains), both playout policies, and a few 19×19 games (the larger schedule).
#[test]
fn marking_equals_its_plain_reference() {
    let (mut positions, mut with_playouts, mut with_dead) = (0, 0, 0);
    for (spec, games) in [
        ("go(board_size=9,max_moves=162)", 60),
        ("go(board_size=9,ruleset=nz,max_moves=162)", 60),
        ("go(board_size=9)", 30),
        ("go(board_size=13,ruleset=nz,max_moves=338)", 10),
        ("go(board_size=19,max_moves=722)", 4),
    ] {
        let g = GoGame::from_game_string(spec).unwrap();
        for (k, bot_name) in ["random", "random_no_eye"].into_iter().enumerate() {
            let bot = g.new_bot(bot_name).unwrap();
            for seed in 0..games {
                let mut rng = Rng::new(31_000 + 1000 * k as u64 + seed);
                let mut s = g.new_initial_state();
                while s.core.phase == Phase::Play && !s.is_terminal() {
                    let a = bot.act(&s, &mut rng);
                    s.apply_action(a).unwrap();
                }
                let want = reference_auto_dead(&s.core);
                assert_eq!(
                    score::auto_dead(&s.core),
                    want,
                    "{spec} {bot_name} seed {seed}\n{}",
                    s.core.render()
                );
                positions += 1;
                let b = &s.core.board;
                with_playouts += score::has_marking_move(b, BLACK) as usize;
                with_dead += want.iter().any(|&d| d) as usize;
            }
        }
    }
    assert!(
        with_playouts > positions / 2 && with_dead > positions / 4,
        "{positions} positions, {with_playouts} with playouts, {with_dead} with dead stones"
    );
}
