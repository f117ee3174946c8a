//! The Go board: stones, chains and liberties, updated incrementally.
//!
//! Points are stored on a padded grid of stride `n + 2` (one border ring), so neighbours are `p ± 1` and
//! `p ± stride` with no bounds checks. Each chain is a circular linked list of its stones (`next`) with
//! every stone pointing at the chain's head (`head`). The head keeps the chain's *pseudo-liberties*
//! (each (stone, empty neighbour) adjacency counted once) as a count, a sum and a sum of squares:
//! a chain has exactly one liberty iff `count * sum_sq == sum^2` (all pseudo-liberties are the same
//! point), and that point is `sum / count`. This is the classic constant-time atari test of fast
//! playout engines, so captures and the suicide test never walk a chain except to remove it.
//!
//! The board also keeps the Zobrist hash of the position (stones only) and of every chain, so the hash
//! after a move (captures included) is known before the move is made: that is what superko needs.

/// Largest supported board side.
pub const MAX_SIZE: usize = 25;
/// Cells of the padded grid for the largest board.
pub const MAX_CELLS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 2);

/// Contents of a cell.
pub const EMPTY: u8 = 0;
/// A black stone (also the colour index 1 − 1 = 0 in per-colour arrays).
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;
/// Off the board.
pub const BORDER: u8 = 3;

/// The other colour (`BLACK` ↔ `WHITE`).
#[inline]
pub fn opponent(c: u8) -> u8 {
    3 - c
}

/// Zobrist keys: one per (cell, colour), from SplitMix64 at compile time so hashes are stable.
const fn zobrist_table() -> [[u64; 2]; MAX_CELLS] {
    let mut t = [[0u64; 2]; MAX_CELLS];
    let mut z: u64 = 0x6f_2d_5a_1c_99_e3_07_41;
    let mut i = 0;
    while i < MAX_CELLS {
        let mut k = 0;
        while k < 2 {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            t[i][k] = x ^ (x >> 31);
            k += 1;
        }
        i += 1;
    }
    t
}

/// Zobrist key of a stone of colour `c` (1 or 2) on cell `p`.
pub static ZOBRIST: [[u64; 2]; MAX_CELLS] = zobrist_table();
/// Key xored into situation hashes when White is to move.
pub const WHITE_TO_MOVE_KEY: u64 = 0x9d1c_52a7_3b4e_8f61;

/// The cell of each point, per board side (row `n`): [`Board::cell`] by lookup. A division by a side
/// known only at run time costs tens of cycles, and every move converts its point to a cell (and
/// the bots their cell back to a point): on 9×9 that was ~5% of a simulated game's time.
static CELL_OF: [[u16; MAX_SIZE * MAX_SIZE]; MAX_SIZE + 1] = {
    let mut t = [[0u16; MAX_SIZE * MAX_SIZE]; MAX_SIZE + 1];
    let mut n = 1;
    while n <= MAX_SIZE {
        let mut pt = 0;
        while pt < n * n {
            t[n][pt] = ((pt / n + 1) * (n + 2) + pt % n + 1) as u16;
            pt += 1;
        }
        n += 1;
    }
    t
};

/// The point of each on-board cell, per board side (row `n`; 0 off the board): [`Board::point`] by
/// lookup ([`CELL_OF`]'s inverse).
static POINT_OF: [[u16; MAX_CELLS]; MAX_SIZE + 1] = {
    let mut t = [[0u16; MAX_CELLS]; MAX_SIZE + 1];
    let mut n = 1;
    while n <= MAX_SIZE {
        let mut pt = 0;
        while pt < n * n {
            t[n][(pt / n + 1) * (n + 2) + pt % n + 1] = pt as u16;
            pt += 1;
        }
        n += 1;
    }
    t
};

/// For four cell contents packed two bits each (`a | b << 2 | c << 4 | d << 6`), the set of contents
/// among them, one bit per content (`1 << EMPTY | 1 << BLACK ...`): [`Board::is_marking_move`] reads
/// its four neighbours' colours at once.
static CONTENTS_SEEN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (1 << (i & 3)) | (1 << ((i >> 2) & 3)) | (1 << ((i >> 4) & 3)) | (1 << ((i >> 6) & 3));
        i += 1;
    }
    t
};

/// Why a placement is refused by the board itself (ko is the rules' business).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The point holds a stone.
    Occupied,
    /// The stone would have no liberty and capture nothing (suicide, which some rulesets allow);
    /// `multi` when it joins a chain of its own colour.
    Suicide { multi: bool },
}

/// What a legal placement will do, known before it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preview {
    /// Hash of the board after the move (captures and suicide applied).
    pub hash: u64,
    /// True when the move removes its own chain (allowed multi-stone suicide).
    pub suicide: bool,
}

/// Result of [`Board::play`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Opponent stones removed.
    pub captured: u32,
    /// Own stones removed by an (allowed) suicide.
    pub suicided: u32,
    /// The simple-ko point created by this move (cell index), or 0.
    pub ko: u16,
}

/// A Go board of side 2..=25.
#[derive(Clone)]
pub struct Board {
    n: usize,
    stride: usize,
    color: [u8; MAX_CELLS],
    head: [u16; MAX_CELLS],
    next: [u16; MAX_CELLS],
    size: [u16; MAX_CELLS],
    libs: [u16; MAX_CELLS],
    lib_sum: [u32; MAX_CELLS],
    lib_sq: [u32; MAX_CELLS],
    chash: [u64; MAX_CELLS],
    empties: [u16; MAX_CELLS],
    empty_pos: [u16; MAX_CELLS],
    n_empty: usize,
    hash: u64,
    stones: [u32; 2],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({}x{}, hash {:016x})", self.n, self.n, self.hash)
    }
}

impl Board {
    /// An empty board of side `n` (2..=25; callers validate).
    pub fn new(n: usize) -> Board {
        assert!((2..=MAX_SIZE).contains(&n), "board side {n} outside 2..=25");
        let stride = n + 2;
        let mut b = Board {
            n,
            stride,
            color: [BORDER; MAX_CELLS],
            head: [0; MAX_CELLS],
            next: [0; MAX_CELLS],
            size: [0; MAX_CELLS],
            libs: [0; MAX_CELLS],
            lib_sum: [0; MAX_CELLS],
            lib_sq: [0; MAX_CELLS],
            chash: [0; MAX_CELLS],
            empties: [0; MAX_CELLS],
            empty_pos: [0; MAX_CELLS],
            n_empty: 0,
            hash: 0,
            stones: [0; 2],
        };
        for pt in 0..n * n {
            let p = b.cell(pt);
            b.color[p] = EMPTY;
            b.empty_pos[p] = b.n_empty as u16;
            b.empties[b.n_empty] = p as u16;
            b.n_empty += 1;
        }
        b
    }

    /// Makes `self` a copy of `other` (of any size), copying only the cells a board of that size uses:
    /// on small boards far less than a clone of the whole fixed-size arrays. Cells beyond them keep
    /// stale contents, which a board of `other`'s size never reads (scratch boards are reused across
    /// sizes).
    pub fn copy_from(&mut self, other: &Board) {
        let cells = other.stride * other.stride;
        self.chash[..cells].copy_from_slice(&other.chash[..cells]);
        self.copy_unhashed_from(other);
    }

    /// [`Board::copy_from`] without the chains' Zobrist hashes, which are left stale (so are
    /// [`Board::preview`]'s hashes): for the marking playouts, which play with
    /// [`Board::play_unhashed`] and never read a hash. The chain hashes are the largest of the
    /// copied arrays (8 bytes a cell of the 29 copied).
    pub(crate) fn copy_unhashed_from(&mut self, other: &Board) {
        self.n = other.n;
        self.stride = other.stride;
        let cells = other.stride * other.stride;
        self.color[..cells].copy_from_slice(&other.color[..cells]);
        self.head[..cells].copy_from_slice(&other.head[..cells]);
        self.next[..cells].copy_from_slice(&other.next[..cells]);
        self.size[..cells].copy_from_slice(&other.size[..cells]);
        self.libs[..cells].copy_from_slice(&other.libs[..cells]);
        self.lib_sum[..cells].copy_from_slice(&other.lib_sum[..cells]);
        self.lib_sq[..cells].copy_from_slice(&other.lib_sq[..cells]);
        self.copy_unhashed_rest(other, cells);
    }

    /// The part of [`Board::copy_from`] after the chain arrays: the empty points, the position's
    /// hash and the stone counts.
    #[inline(always)]
    fn copy_unhashed_rest(&mut self, other: &Board, cells: usize) {
        self.empty_pos[..cells].copy_from_slice(&other.empty_pos[..cells]);
        self.empties[..other.n_empty].copy_from_slice(&other.empties[..other.n_empty]);
        self.n_empty = other.n_empty;
        self.hash = other.hash;
        self.stones = other.stones;
    }

    /// Board side.
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }
    /// Row stride of the padded grid.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }
    /// Cell of point `pt = row * n + col` (row 0 is the bottom row, GTP row 1).
    #[inline]
    pub fn cell(&self, pt: usize) -> usize {
        CELL_OF[self.n][pt] as usize
    }
    /// Point index of cell `p` (inverse of [`Board::cell`]).
    #[inline]
    pub fn point(&self, p: usize) -> usize {
        POINT_OF[self.n][p] as usize
    }
    /// The four orthogonal neighbours of cell `p`.
    #[inline]
    pub fn neighbours(&self, p: usize) -> [usize; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }
    /// The four diagonal neighbours of cell `p`.
    #[inline]
    pub fn diagonals(&self, p: usize) -> [usize; 4] {
        [
            p - self.stride - 1,
            p - self.stride + 1,
            p + self.stride - 1,
            p + self.stride + 1,
        ]
    }
    /// Contents of cell `p` (`EMPTY`, `BLACK`, `WHITE`, `BORDER`).
    #[inline]
    pub fn at(&self, p: usize) -> u8 {
        self.color[p]
    }
    /// The contents of every cell of the padded grid of this board's size (row-major, stride
    /// [`Board::stride`]): the whole position in one slice, for exact comparisons.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.color[..self.stride * self.stride]
    }
    /// Zobrist hash of the stones on the board.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Number of stones of colour `c`.
    #[inline]
    pub fn stone_count(&self, c: u8) -> u32 {
        self.stones[c as usize - 1]
    }
    /// Empty cells, in no particular order.
    #[inline]
    pub fn empties(&self) -> &[u16] {
        &self.empties[..self.n_empty]
    }
    /// Head cell of the chain through stone `p`.
    #[inline]
    pub fn chain_head(&self, p: usize) -> usize {
        self.head[p] as usize
    }
    /// Number of stones in the chain through stone `p`.
    #[inline]
    pub fn chain_size(&self, p: usize) -> usize {
        self.size[self.head[p] as usize] as usize
    }
    /// The stones of the chain through stone `p`.
    pub fn chain_stones(&self, p: usize) -> ChainIter<'_> {
        ChainIter {
            board: self,
            start: p,
            cur: p,
            done: false,
        }
    }

    /// True when the chain with head `h` has exactly one liberty.
    #[inline]
    fn in_atari(&self, h: usize) -> bool {
        let n = self.libs[h] as u64;
        let s = self.lib_sum[h] as u64;
        n > 0 && n * self.lib_sq[h] as u64 == s * s
    }

    /// The exact number of liberties of the chain through stone `p` (walks the chain).
    pub fn liberties(&self, p: usize) -> usize {
        let mut seen = [0u64; MAX_CELLS.div_ceil(64)];
        let mut count = 0;
        for s in self.chain_stones(p) {
            for q in self.neighbours(s) {
                if self.color[q] == EMPTY && seen[q / 64] & (1 << (q % 64)) == 0 {
                    seen[q / 64] |= 1 << (q % 64);
                    count += 1;
                }
            }
        }
        count
    }

    /// True when the chain through stone `p` has exactly one liberty.
    #[inline]
    pub fn chain_in_atari(&self, p: usize) -> bool {
        self.in_atari(self.head[p] as usize)
    }

    /// The only liberty of the chain through stone `p`, when it is in atari (the tactical playout of
    /// the marking study, [`super::playout`]; not used by the engine).
    #[cfg(test)]
    pub(crate) fn atari_liberty(&self, p: usize) -> Option<usize> {
        let h = self.head[p] as usize;
        self.in_atari(h)
            .then(|| (self.lib_sum[h] / self.libs[h] as u32) as usize)
    }

    #[inline]
    fn add_lib(&mut self, h: usize, p: usize) {
        self.libs[h] += 1;
        self.lib_sum[h] += p as u32;
        self.lib_sq[h] += (p * p) as u32;
    }
    #[inline]
    fn sub_lib(&mut self, h: usize, p: usize) {
        self.libs[h] -= 1;
        self.lib_sum[h] -= p as u32;
        self.lib_sq[h] -= (p * p) as u32;
    }

    /// Checks a placement of colour `c` on cell `p` (suicide is accepted only when `suicide_allowed`
    /// is set; a single-stone suicide then leaves the board as it was, which only the ko rule can
    /// forbid). Returns what the move will do.
    pub fn preview(&self, p: usize, c: u8, suicide_allowed: bool) -> Result<Preview, Refusal> {
        if self.color[p] != EMPTY {
            return Err(Refusal::Occupied);
        }
        let opp = opponent(c);
        let mut hash = self.hash ^ ZOBRIST[p][c as usize - 1];
        let mut has_liberty = false;
        let mut friends = [0usize; 4];
        let mut nf = 0;
        let mut foes = [0usize; 4];
        let mut nfoe = 0;
        for q in self.neighbours(p) {
            let col = self.color[q];
            if col == EMPTY {
                has_liberty = true;
            } else if col == c {
                let h = self.head[q] as usize;
                if !self.in_atari(h) {
                    has_liberty = true;
                }
                if !friends[..nf].contains(&h) {
                    friends[nf] = h;
                    nf += 1;
                }
            } else if col == opp {
                let h = self.head[q] as usize;
                if self.in_atari(h) && !foes[..nfoe].contains(&h) {
                    foes[nfoe] = h;
                    nfoe += 1;
                    hash ^= self.chash[h];
                }
            }
        }
        if has_liberty || nfoe > 0 {
            return Ok(Preview { hash, suicide: false });
        }
        if !suicide_allowed {
            return Err(Refusal::Suicide { multi: nf > 0 });
        }
        // The merged chain (the new stone and its friends, if any) disappears.
        let mut hash = self.hash;
        for &h in &friends[..nf] {
            hash ^= self.chash[h];
        }
        Ok(Preview { hash, suicide: true })
    }

    /// True when a stone of colour `c` on empty cell `p` captures or has a liberty (the cheap legality
    /// test of the playout bots; ko and superko are checked by the caller).
    #[inline]
    pub fn is_not_suicide(&self, p: usize, c: u8) -> bool {
        let opp = opponent(c);
        for q in self.neighbours(p) {
            let col = self.color[q];
            if col == EMPTY {
                return true;
            }
            let h = self.head[q] as usize;
            let atari = self.in_atari(h);
            if (col == c && !atari) || (col == opp && atari) {
                return true;
            }
        }
        false
    }

    /// True when empty cell `p` is an eye of colour `c` in the playout sense: all orthogonal neighbours
    /// are `c` (or off-board), and at most one diagonal is an opponent stone (none on the edge).
    #[inline]
    pub fn is_eye(&self, p: usize, c: u8) -> bool {
        for q in self.neighbours(p) {
            let col = self.color[q];
            if col != c && col != BORDER {
                return false;
            }
        }
        let opp = opponent(c);
        let (mut foes, mut edge) = (0, 0);
        for q in self.diagonals(p) {
            let col = self.color[q];
            if col == opp {
                foes += 1;
            } else if col == BORDER {
                edge = 1;
            }
        }
        foes + edge < 2
    }

    /// True when a stone of colour `c` on empty cell `p` captures nothing and leaves its chain (of
    /// two or more stones) with a single liberty: the self-atari the marking playouts avoid.
    pub fn is_big_self_atari(&self, p: usize, c: u8) -> bool {
        let opp = opponent(c);
        let mut libs = [0usize; 2];
        let mut nl = 0;
        // Collects distinct liberties other than `p`; true once there are two (not self-atari).
        let add = |q: usize, libs: &mut [usize; 2], nl: &mut usize| {
            if q != p && !libs[..*nl].contains(&q) {
                libs[*nl] = q;
                *nl += 1;
            }
            *nl == 2
        };
        let mut friends = false;
        for q in self.neighbours(p) {
            let col = self.color[q];
            if col == EMPTY {
                if add(q, &mut libs, &mut nl) {
                    return false;
                }
            } else if col == opp && self.in_atari(self.head[q] as usize) {
                return false;
            } else if col == c {
                friends = true;
            }
        }
        if !friends {
            return false;
        }
        for q in self.neighbours(p) {
            if self.color[q] == c {
                for s in self.chain_stones(q) {
                    for l in self.neighbours(s) {
                        if self.color[l] == EMPTY && add(l, &mut libs, &mut nl) {
                            return false;
                        }
                    }
                }
            }
        }
        nl == 1
    }

    /// True when colour `c` may play on empty cell `p` in a marking playout: `p` is not `c`'s eye
    /// ([`Board::is_eye`]), the move is not suicide ([`Board::is_not_suicide`]) and it is not a
    /// self-atari of a chain of two or more stones ([`Board::is_big_self_atari`]). The same answer as
    /// those three tests, from one look at the four neighbours and, when needed, the liberty moments of
    /// the neighbouring chains (no chain is walked): the liberties the new chain would have are the
    /// friends' pseudo-liberties without their adjacencies to `p`, plus the empty neighbours; they are
    /// one single point iff `count * sum_sq == sum^2`.
    #[inline(always)]
    pub fn is_marking_move(&self, p: usize, c: u8) -> bool {
        // One check that the 3×3 block around `p` lies in the arrays, with the stride's bound (at most
        // 27) made visible, lets the compiler drop the bounds checks of the eight reads around `p`.
        let s = self.stride % 32;
        assert!(p > s && p + s + 1 < MAX_CELLS, "cell {p} is not on the board");
        let nb = [p - s, p - 1, p + 1, p + s];
        let cols = nb.map(|q| self.color[q]);
        // Most refused candidates at the end of a playout are eyes: all neighbours one colour (or
        // off-board). Told apart by colours alone, before any chain is looked at; the set of
        // contents comes from a table indexed by the four (two-bit) contents.
        let code = cols[0] | cols[1] << 2 | cols[2] << 4 | cols[3] << 6;
        let seen = CONTENTS_SEEN[code as usize];
        let own = 1u8 << c;
        let foe = 1u8 << opponent(c);
        let edge = 1u8 << BORDER;
        if seen & !(own | edge) == 0 {
            // Only own stones around: the own eye is refused ([`Board::is_eye`]); otherwise the
            // liberties decide below. A diagonal of `p` is off the board exactly when an orthogonal
            // neighbour is, so the edge is read from `seen` and only the diagonals' opponents are
            // counted (one look at four cells instead of a call that reads all eight again).
            let opp = opponent(c);
            let foes = [p - s - 1, p - s + 1, p + s - 1, p + s + 1]
                .iter()
                .filter(|&&q| self.color[q] == opp)
                .count();
            if foes + ((seen & edge != 0) as usize) < 2 {
                return false;
            }
        } else if seen & !(foe | edge) == 0 {
            // Only opponent stones around: legal (and safe) exactly when it captures.
            let mut last = usize::MAX;
            for (q, col) in nb.into_iter().zip(cols) {
                if col != BORDER {
                    let h = self.head[q] as usize;
                    if h != last && self.in_atari(h) {
                        return true;
                    }
                    last = h;
                }
            }
            return false;
        }
        let (mut empty, mut e) = (0u32, 0usize);
        let mut friends = [0usize; 4];
        let mut nf = 0;
        for (q, col) in nb.into_iter().zip(cols) {
            if col == EMPTY {
                empty += 1;
                e = q;
            } else if col == c {
                friends[nf] = self.head[q] as usize;
                nf += 1;
            } else if col != BORDER && self.in_atari(self.head[q] as usize) {
                // Capturing makes the move legal and safe.
                return true;
            }
        }
        if empty >= 2 || (nf == 0 && empty == 1) {
            return true;
        }
        if nf == 0 {
            // Surrounded by opponents (none in atari) and the edge: suicide.
            return false;
        }
        let (mut n, mut sum, mut sq) = if empty == 1 {
            (1u64, e as u64, (e * e) as u64)
        } else {
            (0, 0, 0)
        };
        let pp = p as u64;
        for i in 0..nf {
            let h = friends[i];
            if friends[..i].contains(&h) {
                continue;
            }
            // The adjacencies of this chain to `p` (one per neighbour of `p` in it) stop being liberties.
            let k = friends[..nf].iter().filter(|&&f| f == h).count() as u64;
            n += self.libs[h] as u64 - k;
            sum += self.lib_sum[h] as u64 - k * pp;
            sq += self.lib_sq[h] as u64 - k * pp * pp;
        }
        n > 0 && n * sq != sum * sum
    }

    /// Places a stone of colour `c` on empty cell `p`, removing captured chains and, if the stone is
    /// left without liberties, its own chain (the caller has checked legality with [`Board::preview`]).
    pub fn play(&mut self, p: usize, c: u8) -> Played {
        self.play_impl::<true>(p, c)
    }

    /// [`Board::play`] without the Zobrist hashes: the position's and the chains' hashes are left
    /// stale (so are [`Board::hash`] and [`Board::preview`]'s hashes). For the marking playouts,
    /// which never read a hash of the board they play on (1% fewer instructions in a simulated 9×9
    /// Japanese game). Not inlined: inlined into the playout loop it cost 3% more instead.
    #[inline(never)]
    pub(crate) fn play_unhashed(&mut self, p: usize, c: u8) -> Played {
        self.play_impl::<false>(p, c)
    }

    /// [`Board::play`], keeping the hashes when `HASH`.
    #[inline(always)]
    fn play_impl<const HASH: bool>(&mut self, p: usize, c: u8) -> Played {
        debug_assert_eq!(self.color[p], EMPTY);
        let opp = opponent(c);
        self.color[p] = c;
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.size[p] = 1;
        self.libs[p] = 0;
        self.lib_sum[p] = 0;
        self.lib_sq[p] = 0;
        if HASH {
            let z = ZOBRIST[p][c as usize - 1];
            self.chash[p] = z;
            self.hash ^= z;
        }
        self.stones[c as usize - 1] += 1;
        self.remove_empty(p);
        let nbs = self.neighbours(p);
        for q in nbs {
            match self.color[q] {
                EMPTY => self.add_lib(p, q),
                BORDER => {}
                _ => {
                    let h = self.head[q] as usize;
                    self.sub_lib(h, p);
                }
            }
        }
        for q in nbs {
            if self.color[q] == c {
                let (a, b) = (self.head[p] as usize, self.head[q] as usize);
                if a != b {
                    self.merge::<HASH>(a, b);
                }
            }
        }
        let mut out = Played::default();
        let mut last_captured = 0;
        for q in nbs {
            if self.color[q] == opp {
                let h = self.head[q] as usize;
                if self.libs[h] == 0 {
                    out.captured += self.remove_chain::<HASH>(h);
                    last_captured = q;
                }
            }
        }
        let h = self.head[p] as usize;
        if self.libs[h] == 0 {
            out.suicided = self.remove_chain::<HASH>(h);
        } else if out.captured == 1 && self.size[h] == 1 && self.libs[h] == 1 {
            out.ko = last_captured as u16;
        }
        out
    }

    /// Joins the chains with heads `a` and `b`, relabelling the smaller.
    fn merge<const HASH: bool>(&mut self, a: usize, b: usize) {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sq[big] += self.lib_sq[small];
        if HASH {
            self.chash[big] ^= self.chash[small];
        }
    }

    /// Removes the chain with head `h`, returning its size; neighbours gain the freed liberties.
    fn remove_chain<const HASH: bool>(&mut self, h: usize) -> u32 {
        let c = self.color[h];
        let mut s = h;
        let mut count = 0;
        loop {
            self.color[s] = EMPTY;
            if HASH {
                self.hash ^= ZOBRIST[s][c as usize - 1];
            }
            self.push_empty(s);
            count += 1;
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        loop {
            for q in self.neighbours(s) {
                let col = self.color[q];
                if col == BLACK || col == WHITE {
                    let hq = self.head[q] as usize;
                    self.add_lib(hq, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        self.stones[c as usize - 1] -= count;
        count
    }

    /// Removes the chain through stone `p` (dead-stone removal at the end), returning its size.
    pub fn remove_chain_at(&mut self, p: usize) -> u32 {
        let h = self.head[p] as usize;
        self.remove_chain::<true>(h)
    }

    #[inline]
    fn remove_empty(&mut self, p: usize) {
        let i = self.empty_pos[p] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[i] = last;
        self.empty_pos[last as usize] = i as u16;
    }
    #[inline]
    fn push_empty(&mut self, p: usize) {
        self.empty_pos[p] = self.n_empty as u16;
        self.empties[self.n_empty] = p as u16;
        self.n_empty += 1;
    }

    /// Checks every invariant against a from-scratch recomputation (tests).
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut hash = 0u64;
        let mut stones = [0u32; 2];
        for pt in 0..self.n * self.n {
            let p = self.cell(pt);
            match self.color[p] {
                EMPTY => {
                    if self.empties[self.empty_pos[p] as usize] as usize != p {
                        return Err(format!("empty list misses cell {p}"));
                    }
                }
                c @ (BLACK | WHITE) => {
                    hash ^= ZOBRIST[p][c as usize - 1];
                    stones[c as usize - 1] += 1;
                    if self.liberties(p) == 0 {
                        return Err(format!("chain at cell {p} has no liberty"));
                    }
                    let h = self.head[p] as usize;
                    let (mut n, mut sum, mut size) = (0u32, 0u32, 0u16);
                    for s in self.chain_stones(p) {
                        if self.head[s] as usize != h || self.color[s] != c {
                            return Err(format!("chain at cell {p} has a foreign stone {s}"));
                        }
                        size += 1;
                        for q in self.neighbours(s) {
                            if self.color[q] == EMPTY {
                                n += 1;
                                sum += q as u32;
                            }
                        }
                    }
                    if size != self.size[h] || n != self.libs[h] as u32 || sum != self.lib_sum[h] {
                        return Err(format!("chain at cell {p}: stored size/liberties differ"));
                    }
                }
                _ => return Err(format!("border inside the board at {p}")),
            }
        }
        if hash != self.hash || stones != self.stones {
            return Err("hash or stone counts out of date".into());
        }
        if self.n_empty as u32 + stones[0] + stones[1] != (self.n * self.n) as u32 {
            return Err("empty count out of date".into());
        }
        Ok(())
    }
}

/// Iterator over a chain's stones.
pub struct ChainIter<'a> {
    board: &'a Board,
    start: usize,
    cur: usize,
    done: bool,
}

impl Iterator for ChainIter<'_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.done {
            return None;
        }
        let p = self.cur;
        self.cur = self.board.next[p] as usize;
        if self.cur == self.start {
            self.done = true;
        }
        Some(p)
    }
}
