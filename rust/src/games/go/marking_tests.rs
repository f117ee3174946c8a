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

/// The cells of `b` inside a region (maximal connected set of cells without `c`'s stones) that some
/// pass-alive chain of colour `c` borders on every empty point (vital to it), and that is bordered
/// by pass-alive chains only: from [`score::benson`]'s chains, by a flood fill per region.
fn reference_sealed(b: &Board, c: u8, alive: &[bool]) -> Vec<bool> {
    let mut sealed = vec![false; b.stride() * b.stride()];
    let mut seen = vec![false; b.stride() * b.stride()];
    for pt in 0..b.size() * b.size() {
        let start = b.cell(pt);
        if b.at(start) == c || seen[start] {
            continue;
        }
        let mut region = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < region.len() {
            for q in b.neighbours(region[i]) {
                if b.at(q) != c && b.at(q) != super::board::BORDER && !seen[q] {
                    seen[q] = true;
                    region.push(q);
                }
            }
            i += 1;
        }
        let mut heads = Vec::new();
        for &p in &region {
            for q in b.neighbours(p) {
                if b.at(q) == c && !heads.contains(&b.chain_head(q)) {
                    heads.push(b.chain_head(q));
                }
            }
        }
        let all_alive = heads.iter().all(|&h| alive[h]);
        let vital_to_alive = heads.iter().any(|&h| {
            alive[h]
                && region.iter().all(|&e| {
                    b.at(e) != EMPTY
                        || b.neighbours(e)
                            .into_iter()
                            .any(|q| b.at(q) == c && b.chain_head(q) == h)
                })
        });
        if all_alive && vital_to_alive {
            for &p in &region {
                sealed[p] = true;
            }
        }
    }
    sealed
}

/// One marking playout on `b`: rejection sampling from a fresh copy of the empty list for every
/// move (one uniform draw among the candidates not yet refused), until two passes or 3·N² moves.
/// Returns the stones played.
fn reference_playout(b: &mut Board, to_move: u8, rng: &mut Rng, sealed: &[bool]) -> usize {
    let (mut c, mut passes, mut ko, mut played) = (to_move, 0, 0usize, 0);
    for _ in 0..3 * b.size() * b.size() {
        let mut cands: Vec<u16> = b.empties().to_vec();
        let mut pick = None;
        while !cands.is_empty() {
            let i = rng.below(cands.len() as u32) as usize;
            let p = cands[i] as usize;
            if !sealed[p] && reference_legal(b, p, c, ko) {
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
/// stones; then playouts seeded by the position's hash for the chains Benson leaves open, at most 16,
/// stopped once every chain's majority is fixed or leads by 3 (4 from side 15, where the playouts
/// also leave Benson's sealed regions alone), or after a playout without a move; a chain is dead when
/// the opponent owns its point in more than half.
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
    let (most, lead, seal) = if n >= 15 { (16, 4, true) } else { (16, 3, false) };
    // On large boards the playouts leave alone the sealed regions of either colour.
    let sealed: Vec<bool> = reference_sealed(b, BLACK, &bensons[0].alive)
        .iter()
        .zip(reference_sealed(b, WHITE, &bensons[1].alive))
        .map(|(&x, y)| seal && (x || y))
        .collect();
    let mut tally = vec![0usize; open.len()];
    let mut rng = Rng::new(b.hash());
    let mut done = 0;
    while done < most {
        let mut scratch = b.clone();
        let played = reference_playout(&mut scratch, core.to_move, &mut rng, &sealed);
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
/// leaves more open chains), both playout policies, and 15×15 and 19×19 games (the larger schedule,
/// with sealed regions).
#[test]
fn marking_equals_its_plain_reference() {
    let (mut positions, mut with_playouts, mut with_dead) = (0, 0, 0);
    for (spec, games) in [
        ("go(board_size=9,max_moves=162)", 60),
        ("go(board_size=9,ruleset=nz,max_moves=162)", 60),
        ("go(board_size=9)", 30),
        ("go(board_size=13,ruleset=nz,max_moves=338)", 10),
        ("go(board_size=15,ruleset=nz,max_moves=450)", 10),
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
