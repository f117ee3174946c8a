//! Counting: area (stones + surrounded empty points) and territory (surrounded empty points +
//! prisoners), dead stones, seki, Benson's pass-alive chains and the automatic dead-stone marking.
//!
//! **Automatic marking** (what bots, simulations and the move limit use, and the proposal that opens the
//! marking phase): chains that are pass-alive by Benson's algorithm are alive. Every other chain is
//! judged by 64 playouts from the final position (both sides play uniformly random legal moves that do
//! not fill their own eyes nor put a chain of two or more stones in atari, simple ko, until two
//! passes; avoiding such self-ataris keeps sekis standing); a chain is dead when the opponent owns its
//! point (Tromp–Taylor) at the end of more than half of them. The playout seed is the position's
//! Zobrist hash, so the marking is a pure function of the position.
//!
//! **Seki** (territory scoring with `seki_territory=false`): a chain is taken to be in seki when it
//! has exactly two liberties and one of them lies in an empty region of at most two points that also
//! touches an opposing chain with exactly two liberties (the mutual-atari shapes in which neither side
//! can fill the shared liberties). Empty regions
//! touching a chain in seki are nobody's territory. Larger sekis are not detected; the players can
//! always settle such positions by marking.

use super::board::{opponent, Board, BLACK, BORDER, EMPTY, MAX_CELLS, WHITE};
use super::engine::{ci, GoCore};
use super::playout::sample_move;
use super::rules::Scoring;
use crate::core::rng::Rng;

/// A final (or provisional) count, both sides' totals and their parts.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// Black's total.
    pub black: f64,
    /// White's total (komi and handicap compensation included).
    pub white: f64,
    /// Stones on the board after dead-stone removal (counted under area scoring).
    pub stones: [u32; 2],
    /// Empty points surrounded by each colour (seki regions excluded under territory scoring).
    pub territory: [u32; 2],
    /// Prisoners: captures, pass stones and dead stones removed (counted under territory scoring).
    pub prisoners: [u32; 2],
    /// Komi given to White.
    pub komi: f64,
    /// Area-scoring handicap compensation given to White.
    pub handicap_points: f64,
    /// Score adjustments (Rengo penalties) for Black and White.
    pub adjustment: [f64; 2],
}

/// Counts `core`'s position under its rules, removing the stones marked in `core.dead`.
pub fn count(core: &GoCore) -> Score {
    // Copy the board only when stones must be removed (the copy costs more than the count).
    let removed;
    let mut prisoners = core.prisoners;
    let board = if core.dead.iter().any(|&d| d) {
        let mut b = core.board.clone();
        let n = b.size();
        for pt in 0..n * n {
            let p = b.cell(pt);
            let c = b.at(p);
            if core.dead[pt] && c != EMPTY {
                prisoners[ci(opponent(c))] += b.remove_chain_at(p);
            }
        }
        removed = b;
        &removed
    } else {
        &core.board
    };
    let territory_scoring = core.rules.scoring == Scoring::Territory;
    let seki = if territory_scoring && !core.rules.seki_territory {
        seki_chains(board)
    } else {
        Vec::new()
    };
    let territory = territory_of(board, &seki);
    let stones = [board.stone_count(BLACK), board.stone_count(WHITE)];
    let (mut black, mut white) = match core.rules.scoring {
        Scoring::Area => (
            (stones[0] + territory[0]) as f64,
            (stones[1] + territory[1]) as f64,
        ),
        Scoring::Territory => (
            (territory[0] + prisoners[0]) as f64,
            (territory[1] + prisoners[1]) as f64,
        ),
    };
    let handicap_points = core.rules.handicap_points();
    white += core.rules.komi + handicap_points;
    black += core.adjustment[0];
    white += core.adjustment[1];
    Score {
        black,
        white,
        stones,
        territory,
        prisoners,
        komi: core.rules.komi,
        handicap_points,
        adjustment: core.adjustment,
    }
}

/// Empty points in regions bordered by one colour only, per colour; regions touching a chain whose
/// head is listed in `no_territory` count for nobody.
pub fn territory_of(board: &Board, no_territory: &[usize]) -> [u32; 2] {
    let mut out = [0u32; 2];
    let mut seen = [false; MAX_CELLS];
    let mut stack = [0u16; MAX_CELLS];
    for &e in board.empties() {
        let e = e as usize;
        if seen[e] {
            continue;
        }
        let (mut size, mut borders, mut blocked) = (0u32, 0u8, false);
        seen[e] = true;
        stack[0] = e as u16;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let p = stack[top] as usize;
            size += 1;
            for q in board.neighbours(p) {
                match board.at(q) {
                    EMPTY if !seen[q] => {
                        seen[q] = true;
                        stack[top] = q as u16;
                        top += 1;
                    }
                    c @ (BLACK | WHITE) => {
                        borders |= c;
                        if !no_territory.is_empty() && no_territory.contains(&board.chain_head(q)) {
                            blocked = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        if !blocked && (borders == BLACK || borders == WHITE) {
            out[ci(borders)] += size;
        }
    }
    out
}

/// Heads of chains in (two-liberty, mutual) seki; see the module docs.
pub fn seki_chains(board: &Board) -> Vec<usize> {
    let n = board.size();
    let mut out = Vec::new();
    for pt in 0..n * n {
        let p = board.cell(pt);
        let c = board.at(p);
        if c == EMPTY || board.chain_head(p) != p || board.liberties(p) != 2 {
            continue;
        }
        let shared = board.chain_stones(p).any(|s| {
            board
                .neighbours(s)
                .into_iter()
                .any(|l| board.at(l) == EMPTY && small_region_touches_two_liberty_foe(board, l, opponent(c)))
        });
        if shared {
            out.push(p);
        }
    }
    out
}

/// True when the empty region through `l` has at most two points and touches a chain of colour `foe`
/// with exactly two liberties.
fn small_region_touches_two_liberty_foe(board: &Board, l: usize, foe: u8) -> bool {
    let mut region = [l, 0];
    let mut size = 1;
    for q in board.neighbours(l) {
        if board.at(q) == EMPTY {
            if size == 2 {
                return false;
            }
            region[1] = q;
            size += 1;
        }
    }
    if size == 2
        && board
            .neighbours(region[1])
            .into_iter()
            .any(|q| board.at(q) == EMPTY && q != l)
    {
        return false;
    }
    region[..size].iter().any(|&r| {
        board
            .neighbours(r)
            .into_iter()
            .any(|q| board.at(q) == foe && board.liberties(q) == 2)
    })
}

/// Benson's algorithm: a flag per cell, true on stones of colour `c` that are pass-alive
/// (unconditionally alive even if `c` never plays again).
pub fn pass_alive(board: &Board, c: u8) -> Vec<bool> {
    let cells = board.stride() * board.stride();
    let n = board.size();
    // Regions: maximal connected sets of points that are not `c` stones.
    let mut region = vec![usize::MAX; cells];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    for pt in 0..n * n {
        let p = board.cell(pt);
        if board.at(p) == c || region[p] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut pts = vec![p];
        region[p] = id;
        let mut i = 0;
        while i < pts.len() {
            for q in board.neighbours(pts[i]) {
                let col = board.at(q);
                if col != c && col != BORDER && region[q] == usize::MAX {
                    region[q] = id;
                    pts.push(q);
                }
            }
            i += 1;
        }
        regions.push(pts);
    }
    // Chains of colour c (by head) bordering each region, and which regions are vital to which chain.
    let mut chain_alive = vec![false; cells];
    let mut heads = Vec::new();
    for pt in 0..n * n {
        let p = board.cell(pt);
        if board.at(p) == c && board.chain_head(p) == p {
            chain_alive[p] = true;
            heads.push(p);
        }
    }
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    let mut vital: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (id, pts) in regions.iter().enumerate() {
        for &p in pts {
            for q in board.neighbours(p) {
                if board.at(q) == c {
                    let h = board.chain_head(q);
                    if !borders[id].contains(&h) {
                        borders[id].push(h);
                    }
                }
            }
        }
        for &h in &borders[id] {
            let all_libs = pts.iter().filter(|&&p| board.at(p) == EMPTY).all(|&p| {
                board
                    .neighbours(p)
                    .into_iter()
                    .any(|q| board.at(q) == c && board.chain_head(q) == h)
            });
            if all_libs {
                vital[id].push(h);
            }
        }
    }
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for &h in &heads {
            if !chain_alive[h] {
                continue;
            }
            let n_vital = (0..regions.len())
                .filter(|&r| region_alive[r] && vital[r].contains(&h))
                .count();
            if n_vital < 2 {
                chain_alive[h] = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_alive[r] && borders[r].iter().any(|&h| !chain_alive[h]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = vec![false; cells];
    for pt in 0..n * n {
        let p = board.cell(pt);
        if board.at(p) == c && chain_alive[board.chain_head(p)] {
            out[p] = true;
        }
    }
    out
}

/// Number of playouts of the automatic marking.
const MARKING_PLAYOUTS: usize = 64;

/// The automatic dead-stone marking (module docs): a flag per point.
pub fn auto_dead(core: &GoCore) -> Vec<bool> {
    let board = &core.board;
    let n = board.size();
    let mut dead = vec![false; n * n];
    let alive = [pass_alive(board, BLACK), pass_alive(board, WHITE)];
    let candidates: Vec<usize> = (0..n * n)
        .map(|pt| board.cell(pt))
        .filter(|&p| {
            let c = board.at(p);
            (c == BLACK || c == WHITE) && board.chain_head(p) == p && !alive[ci(c)][p]
        })
        .collect();
    if candidates.is_empty() {
        return dead;
    }
    let mut owned_by_opponent = vec![0usize; candidates.len()];
    let mut rng = Rng::new(board.hash());
    for done in 1..=MARKING_PLAYOUTS {
        let end = playout(board, core.to_move, &mut rng);
        let owners = ownership(&end);
        for (k, &p) in candidates.iter().enumerate() {
            if owners[p] == opponent(board.at(p)) {
                owned_by_opponent[k] += 1;
            }
        }
        // Stop once every majority is settled: the remaining playouts cannot change the marking.
        let left = MARKING_PLAYOUTS - done;
        if owned_by_opponent
            .iter()
            .all(|&o| o * 2 > MARKING_PLAYOUTS || (o + left) * 2 <= MARKING_PLAYOUTS)
        {
            break;
        }
    }
    for (k, &p) in candidates.iter().enumerate() {
        if owned_by_opponent[k] * 2 > MARKING_PLAYOUTS {
            for s in board.chain_stones(p) {
                dead[board.point(s)] = true;
            }
        }
    }
    dead
}

/// Plays random non-eye-filling moves (simple ko, no suicide) from `board` until two passes.
fn playout(board: &Board, to_move: u8, rng: &mut Rng) -> Board {
    let mut b = board.clone();
    let mut c = to_move;
    let (mut passes, mut ko) = (0, 0usize);
    let limit = 3 * b.size() * b.size();
    for _ in 0..limit {
        let pick = sample_move(&b, c, rng, false, true, |p| {
            p != ko && b.is_not_suicide(p, c) && !b.is_big_self_atari(p, c)
        });
        match pick {
            Some(p) => {
                ko = b.play(p, c).ko as usize;
                passes = 0;
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
    b
}

/// Tromp–Taylor owner of every cell: its stone's colour, or the only colour its empty region reaches
/// (`EMPTY` for neutral points and off-board cells).
fn ownership(board: &Board) -> Vec<u8> {
    let cells = board.stride() * board.stride();
    let mut owners = vec![EMPTY; cells];
    let mut done = vec![false; cells];
    let mut region = Vec::new();
    for pt in 0..board.size() * board.size() {
        let p = board.cell(pt);
        let c = board.at(p);
        if c != EMPTY {
            owners[p] = c;
            continue;
        }
        if done[p] {
            continue;
        }
        region.clear();
        region.push(p);
        done[p] = true;
        let (mut i, mut borders) = (0, 0u8);
        while i < region.len() {
            for q in board.neighbours(region[i]) {
                match board.at(q) {
                    EMPTY if !done[q] => {
                        done[q] = true;
                        region.push(q);
                    }
                    col @ (BLACK | WHITE) => borders |= col,
                    _ => {}
                }
            }
            i += 1;
        }
        if borders == BLACK || borders == WHITE {
            for &q in &region {
                owners[q] = borders;
            }
        }
    }
    owners
}
