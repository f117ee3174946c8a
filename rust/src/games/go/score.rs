//! Counting: area (stones + surrounded empty points) and territory (surrounded empty points +
//! prisoners), dead stones, seki, Benson's pass-alive chains and the automatic dead-stone marking.
//!
//! **Automatic marking** (what bots, simulations and the move limit use, and the proposal that opens the
//! marking phase): a settled board (neither side has a single playout move, see below) has nothing
//! dead, and is answered at once. Otherwise Benson's algorithm first ([`benson`], no allocation): pass-alive chains are alive,
//! and opponent stones inside a region that is vital to a pass-alive chain and bordered only by
//! pass-alive chains are dead (unconditionally: the owner can neither be captured there nor be
//! prevented from capturing them). Only the chains Benson leaves open are judged by playouts from the
//! final position ([`super::playout::marking_playout`]: both sides play uniformly random legal moves
//! that do not fill their own eyes nor put a chain of two or more stones in atari, simple ko, until two
//! passes; avoiding such self-ataris keeps sekis standing); a chain is dead when the opponent owns its
//! point (Tromp–Taylor) at the end of more than half of the playouts run. At most 16 playouts are run
//! (32 on boards of side 15 and more), and fewer once every open chain is settled: its majority can no
//! longer change, or one verdict leads the other by 3 playouts (4 on those boards; so three, or four,
//! unanimous playouts settle a chain); one when the first playout
//! finds no move for either side (every playout would end on the final position itself). The playout
//! seed is the position's Zobrist hash, and the playouts draw from the board's list of empty points,
//! so the marking is a function of the board as it was built: the same moves, or the same setup
//! (stones are set up in point order), always give the same marking.
//!
//! Why so few: measured against GNU Go's `final_status_list dead` on 100 self-play games per policy
//! (9×9, tests/games/test_go.py), the earlier schedule (up to 64 playouts, settled on a lead of 16,
//! about 33 playouts per position with open chains) and this one (about 6) agree with GNU Go equally
//! often: 81 and 81 games of `random` with the same dead stones, 93.2% and 94.5% of stones; 76 and 76
//! games of `random_no_eye`, 96.8% and 96.5% of stones. Beyond about 8 playouts, where the playouts
//! and GNU Go disagree they disagree whatever the number of playouts (the majority of 64 random
//! playouts is not GNU Go's reading), so more only cost time; fewer do lose agreement (at most 3
//! playouts: 76 games, 92.2% of `random`'s stones; a single one: 74 games, 91.5%). This schedule
//! plays about 5× fewer playout moves than the earlier one.
//!
//! On 19×19 (110 self-play games, GNU Go as above) positions have many more open chains, and 16
//! playouts settled on a lead of 3 did lose agreement: 96.08% of stones against 96.90% for the earlier
//! schedule. Up to 32 playouts settled on a lead of 4 agree on 96.98%, so larger boards use that
//! schedule (`marking_schedule`); 9×9 keeps 16 and 3 (92.85% of `random`'s stones over 400 games).
//!
//! Where the marking's time goes (callgrind, 1,000 simulated Japanese 9×9 games, `max_moves=162`):
//! about 190k of the 278k instructions per game, of which the playout legality tests ~94k (about
//! 680 tests of ~140 instructions: about 4 per playout move), playout moves ~42k (about 166 a game,
//! about 6 playouts), Benson ~19k. Tried and measured slower, so not kept: per-colour candidate lists
//! kept from move to move (a refused eye or suicide leaves its colour's list until a capture or a
//! stone next to it could make it playable): playouts are short and refuse few points per move, so
//! keeping the lists cost more than the tests it saved (340M instructions against 278M); a fast
//! path in `is_marking_move` for two empty neighbours (+2%); Benson's vitality counted in one pass
//! over each region (+11% of Benson: the per-chain check stops at the first point not next to the
//! chain).
//!
//! Later (callgrind, 1,000 Japanese 9×9 games at `max_moves=162`, OpenSpiel's cap): the legality test
//! inlined into the playout loop, its eye test reading the edge from the orthogonal neighbours and
//! the neighbours' contents from one table, took the whole game from 269M to 244M instructions (19×19,
//! 100 games: 177M to 156M), but CPU time only 5–8%: about 40% of the time is mispredicted branches
//! (`--branch-sim=yes`: ~4,700 a 9×9 game, a third in `Board::play`, a third in the playout's tests),
//! which fewer instructions do not remove. Tried and not kept: `Board::play`'s neighbour loops
//! without branches on the neighbours' contents (liberty updates weighted by 0 or 1): 11% fewer
//! mispredictions but 9% more instructions, and no faster (Tromp–Taylor 9×9 7% slower). The
//! settled-board shortcut (no playout move for either
//! side) saves Benson on only ~1% of the games' instructions: a `random_no_eye` game ends on two
//! passes drawn while moves remain far more often than on a settled board.
//!
//! Issue 14 asked every ruleset to simulate at least 10× faster than OpenSpiel's C++
//! `evaluate_bots` (uniform random, `max_moves` 2·N²). Measured for it (December 2026, callgrind
//! with a counting build): a 19×19 marking of such a game (stopped at 722 moves) has, under AGA,
//! 9.3 open chains, 12.5 playouts, 1,175 playout moves and 6,774 legality tests, 2,884 of them in
//! 98 passes (a side refused every point); under NZ 15.5, 16.7, 1,656 and 9,478 (3,980 in 127
//! passes). That is why NZ is the slowest ruleset on 19×19: its game costs what AGA's does (0.43M
//! against 0.44M instructions, the same situational superko and area scoring), but suicide is
//! allowed, and the random players' multi-stone suicides leave final positions with more open
//! chains, so its marking costs 1.66M instructions against 1.29M. On 9×9 (Japanese, 162 moves) a
//! marking has 6.0 open chains, 6.3 playouts, 214 playout moves and 875 tests (371 in 34 passes).
//! Tried and not kept: after a side passed and the opponent replied without capturing, only the
//! points next to the reply, the liberty of the reply's chain if in atari and the ko point can have
//! become playable, so testing those and looking each draw up in that list gives the same playouts
//! with fewer tests; but in 300 19×19 games it applied to 62 moves in all (a side that passed is
//! nearly always given its next moves by a capture) and cost 1% more instructions. Smaller schedules
//! on 19×19, against GNU Go on 220 self-play games per policy (`marking_vs_gnugo`): 32/4 (kept)
//! 184 games and 99.42% of stones of `random_no_eye`, 178 games and 98.04% of `random`; 24/4 183,
//! 99.40%, 179, 98.19%; 16/4 184, 99.43%, 178, 97.85%; 12/4 183, 99.39%, 177, 97.73%. 16/4 would
//! take 300 such 19×19 Japanese games from 510M to 391M instructions (NZ 621M to 442M; in CPU
//! time Japanese, Chinese and AGA to 11–12× OpenSpiel's games/s, NZ to about 10×), but it loses
//! 0.19% of `random`'s stones to GNU Go (the same loss on the first 110 games), so the schedule
//! stays. A softer stop (32/4, but after 16 playouts stop once every chain leads by 2) agreed on 183
//! games and 99.41% of `random_no_eye`, 180 and 98.16% of `random`, and saved only 13% of those
//! games' instructions (Japanese and NZ). Between 12 and 32 playouts the agreement moves by a few
//! tenths of a percent either way, within what 220 games can tell apart. Kept from this session: the board converts points and cells by lookup instead of
//! dividing by the side (1,000 Japanese 9×9 games 244.5M to 237.7M instructions, 100 19×19 games
//! 156.1M to 153.0M).
//!
//! Issue 14's last item (December 2026; callgrind, 1,000 Japanese 9×9 games at `max_moves=162`, 100
//! 19×19 games at 722). Kept: the playouts play without updating the Zobrist hashes
//! (`Board::play_unhashed`; 9×9 237.7M to 235.3M instructions, NZ 19×19 198.7M to 196.8M). Tried
//! and not kept, same markings: a per-cell code of the four neighbours' contents kept by every stone
//! placed or removed, so the legality test reads one byte instead of four cells (9×9 237.7M to
//! 244.1M, NZ 19×19 to 203.8M: the upkeep in every move, the games' own moves included, costs more
//! than the reads save); Benson ruling out a chain for a region with more empty points than the
//! chain's pseudo-liberties before scanning the region (no change: the scan already stops at the
//! first point that is not a liberty). Tried and not kept, other markings: playouts that never play
//! inside a sealed region (vital to a pass-alive chain and bordered only by pass-alive chains: a move
//! there changes no open chain's owner, except by the owner filling its own eyes). It saves playout
//! moves (19×19 with 16 playouts settled on a lead of 4: Japanese 153.0M to 110.7M, Chinese 159.8M
//! to 117.5M, AGA 147.0M to 116.1M, NZ 198.7M to 131.2M), but agrees with GNU Go on fewer of
//! `random`'s stones: on 320 19×19 games 98.01% against 98.15% (32 playouts sealed 97.90%, 24
//! 97.99%, 20 98.01%; on the 220 games first measured 16 sealed looked as good, 98.08% against
//! 98.04%, and the 100 further games undid it), while `random_no_eye` gains (270 games and 99.35%
//! against 263 and 99.27%); on 9×9 (500 games) `random_no_eye` loses (388 games, 96.97% against 390,
//! 97.18%), also with 8, 10 or 12 playouts; and 10 playouts unsealed lose on both policies (389,
//! 97.13%; 382 and 92.56% against 384 and 92.68%). A likely reason: a move in a sealed region is a
//! harmless tenuki, and without them the playouts fill their own liberties in capturing races more
//! often. So both sizes keep the marking.
//!
//! What that leaves: on 9×9 the marking costs about 2.4 times a game's own moves (about 165k against
//! 70k instructions a Japanese game); reaching 10× OpenSpiel's games/s would need it below about 30k,
//! and Benson alone costs 15k and one playout about 25k, so no schedule of these playouts gets there,
//! and every schedule with fewer playouts measured agreed less often with GNU Go. A marking several
//! times cheaper needs another kind of reading (or a playout policy good enough that one or two
//! playouts agree as well as six), measured against GNU Go as above.
//!
//! Tried for that (December 2026) and not kept, as none agreed with GNU Go as often as this marking
//! on every game set. Data: `marking_vs_gnugo` with `LUDO_MARK_DUMP` (per position the board,
//! Benson's verdicts, this marking's, GNU Go's, and 16 recorded playouts), on the game sets used
//! above (9×9 seeds from 1000, 498 finished games per policy; 19×19, 320) and on fresh 9×9 games
//! (`LUDO_MARK_SEED=20000`, 500 games). Benson's verdicts agree with GNU Go on every stone they
//! decide, so all disagreement lies in the chains left open (9×9: 2,015 chains, 12,222 stones of
//! `random`; 1,733 and 6,543 of `random_no_eye`; 19×19: 1,654 and 16,906; 1,121 and 4,385).
//! (1) A static judgement of open chains: tables over liberties, own-only empty regions touched, eye
//! points, the fewest liberties of a neighbouring opponent chain, neighbours pass-alive, chain size,
//! learnt on half the positions and checked on the other half, agree with GNU Go on at most 76%,
//! 76%, 88% and 73% of the open chains' stones (9×9 `random`, `random_no_eye`, 19×19 the same),
//! where the playouts agree on 83%, 86%, 91% and 84%. (2) One to three playouts corrected by those
//! tables, same split: 9×9 `random_no_eye` 5,261 to 5,324 of 6,543 open stones against 5,595, and
//! `random` at most 9,511 of 12,222 against 9,591. (3) A tactical playout policy
//! (`marking_playout_tactical`, tests only: before the random draw, capture the chain of the
//! opponent's last move if it is in atari, else extend an own chain next to it that it put in
//! atari), a single playout (replayed offline from the recorded playouts): it wins whole games and
//! loses stones of `random_no_eye`. 9×9 `random` 388 games and 92.83% of stones against 384 and
//! 92.68% today; `random_no_eye` 393 and 96.59% against 390 and 97.18%; fresh 9×9 `random` 389 and
//! 93.30% against 387 and 93.38%, `random_no_eye` 385 and 96.03% against 385 and 96.48%; 19×19
//! `random` 266 and 98.00% against 259 and 98.15%, `random_no_eye` 264 and 99.10% against 263 and
//! 99.27%; fresh 19×19 (`LUDO_MARK_SEED=20000`, 200 games) `random` 147 and 96.25% against 156 and
//! 97.83%, `random_no_eye` 161 and 99.06% against 154 and 99.05%. Its cost: 1,000 Japanese 9×9 games (callgrind, `max_moves=162`) 235.3M instructions
//! today, 111.1M with one tactical playout (Chinese 122.5M), where Tromp–Taylor, with no marking,
//! costs 84.4M at 13× OpenSpiel's games/s: so even one playout would put 9×9 near 10× only if
//! Benson (15.2M of those 111.1M) became several times cheaper too. Up to 16 tactical playouts
//! settled on a lead of 3 (about 6 on average) did no better: on the fresh 9×9 games 391 games and
//! 93.06% of `random` (against 387 and 93.38%), 386 and 96.54% of `random_no_eye` (385, 96.48%).
//! The same policy refusing a lone stone's self-atari too (`tactical2`) agreed less: one playout,
//! 9×9 `random` 374 games and 91.90% (today 384, 92.68%), `random_no_eye` 386 and 96.67% (390,
//! 97.18%); fresh games 378 and 93.41% (387, 93.38%), 387 and 96.07% (385, 96.48%).
//!
//! Issue 14's last item again (December 2026), speedups that keep every marking bit for bit (the
//! throughput test's digest of returns, scores and lengths unchanged on 3,000 games of each ruleset
//! on 9×9 and 13×13 and 300 on 19×19). Callgrind, `LUDO_GAMES=1000
//! LUDO_SPECS='go(board_size=9,max_moves=162)'` and `LUDO_GAMES=100
//! LUDO_SPECS='go(board_size=19,max_moves=722,ruleset=nz)'` (and the other rulesets) through
//! `target/release/deps/throughput-*`. Kept: the playouts copy the board without the chains' Zobrist
//! hashes (`Board::copy_unhashed_from`; 9×9 235.31M to 234.68M instructions, NZ 19×19 196.78M to
//! 196.27M); `is_marking_move` checks once that the 3×3 block around its cell lies in the arrays,
//! with the stride's bound made visible, so its eight reads need no bounds checks (9×9 to 232.29M, NZ
//! to 193.27M; Japanese 19×19 151.52M to 148.89M, Chinese 158.35M to 155.72M, AGA 145.73M to
//! 143.45M, both steps together). Tried and not kept: the same single check in `Board::play`'s
//! placement (9×9 232.89M and NZ 193.73M placed after the first writes, 232.34M and 193.32M at the
//! top: the checks it removes were already few and merged); the same check in Benson's two
//! neighbour loops over region cells (9×9 232.83M, NZ 193.50M). Where the instructions still go (NZ
//! 19×19): the legality tests about half of the game's, drawn one by one (a random draw, a
//! swap-removal, the test: about 60 instructions for a refused eye), `Board::play_unhashed` about
//! 16%, Benson 3%; CPU time is dominated by the tests' mispredicted branches, which these steps do
//! not remove. CPU after them (`pytest benches/bench_vs_openspiel.py --benchmark-only -k "not no_eye
//! and not xiangqi"`, three runs of 2 rounds on a machine with a load average of 7.5 on 2 cores, so
//! the ratios move by a quarter from run to run), games/s as multiples of OpenSpiel's: 9×9 Japanese
//! 5.5, 4.1, 3.9; Chinese 4.8, 4.0, 3.6; AGA 5.1, 4.6, 4.7; NZ 5.0, 4.5, 4.5 (Tromp–Taylor 16.0,
//! 13.1, 16.2); 19×19 Japanese 7.5, 9.5, 12.2; Chinese 7.4, 9.2, 11.1; AGA 7.4, 9.9, 9.9; NZ 6.4,
//! 8.1, 8.6 (Tromp–Taylor 34.0, 43.4, 36.2). A 1.7% cut in instructions is below what such runs can
//! show; NZ 19×19 still needs about a fifth less time to reach 10× on a quiet machine.

//! **Seki** (territory scoring with `seki_territory=false`): a chain is taken to be in seki when it
//! has exactly two liberties and one of them lies in an empty region of at most two points that also
//! touches an opposing chain with exactly two liberties (the mutual-atari shapes in which neither side
//! can fill the shared liberties). Empty regions
//! touching a chain in seki are nobody's territory. Larger sekis are not detected; the players can
//! always settle such positions by marking.

use super::board::{opponent, Board, BLACK, BORDER, EMPTY, MAX_CELLS, WHITE};
use super::engine::{ci, GoCore};
use super::playout::marking_playout;
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
///
/// The last count made on this thread is remembered with everything it depends on (rules, stones,
/// dead marks, prisoners, adjustments) and returned again when all of those are equal: a finished
/// game is counted once for its returns and again for its scores, and on a simulated Japanese 9×9
/// game the second count cost about as much as Benson's algorithm.
pub fn count(core: &GoCore) -> Score {
    with_work(|w| {
        let memo = &mut w.memo;
        if let Some(s) = &memo.score {
            if memo.rules == core.rules
                && memo.prisoners == core.prisoners
                && memo.adjustment == core.adjustment
                && memo.dead == core.dead
                && memo.cells == core.board.cells()
            {
                return s.clone();
            }
        }
        let s = count_uncached(core, &mut w.board);
        let memo = &mut w.memo;
        memo.rules = core.rules;
        memo.prisoners = core.prisoners;
        memo.adjustment = core.adjustment;
        memo.dead.clone_from(&core.dead);
        memo.cells.clear();
        memo.cells.extend_from_slice(core.board.cells());
        memo.score = Some(s.clone());
        s
    })
}

/// The last count on this thread and what it was computed from ([`count`]).
struct CountMemo {
    rules: super::rules::Rules,
    prisoners: [u32; 2],
    adjustment: [f64; 2],
    dead: Vec<bool>,
    cells: Vec<u8>,
    /// `None` until the first count.
    score: Option<Score>,
}

/// [`count`] without the memo; `scratch` is the thread's scratch board.
fn count_uncached(core: &GoCore, scratch: &mut Board) -> Score {
    if core.dead.iter().any(|&d| d) {
        // Dead stones are removed on the thread's scratch board, a copy of the cells this board size
        // uses (a clone would copy the whole 21 kB board).
        {
            let b = scratch;
            b.copy_from(&core.board);
            let mut prisoners = core.prisoners;
            let n = b.size();
            for pt in 0..n * n {
                let p = b.cell(pt);
                let c = b.at(p);
                if core.dead[pt] && c != EMPTY {
                    prisoners[ci(opponent(c))] += b.remove_chain_at(p);
                }
            }
            count_board(core, b, prisoners)
        }
    } else {
        count_board(core, &core.board, core.prisoners)
    }
}

/// The count of `board` (`core`'s board with its dead stones removed) with `prisoners`.
fn count_board(core: &GoCore, board: &Board, prisoners: [u32; 2]) -> Score {
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
    // Every chain's exact liberty count at once, from the empty points (each adds one to each
    // distinct chain it touches): cheaper than walking every chain to count its liberties.
    let mut libs = [0u16; MAX_CELLS];
    for &e in board.empties() {
        let mut heads = [usize::MAX; 4];
        for (i, q) in board.neighbours(e as usize).into_iter().enumerate() {
            let c = board.at(q);
            if c == BLACK || c == WHITE {
                let h = board.chain_head(q);
                if !heads[..i].contains(&h) {
                    libs[h] += 1;
                }
                heads[i] = h;
            }
        }
    }
    let mut out = Vec::new();
    for pt in 0..n * n {
        let p = board.cell(pt);
        let c = board.at(p);
        if c == EMPTY || board.chain_head(p) != p || libs[p] != 2 {
            continue;
        }
        let shared = board.chain_stones(p).any(|s| {
            board.neighbours(s).into_iter().any(|l| {
                board.at(l) == EMPTY && small_region_touches_two_liberty_foe(board, &libs, l, opponent(c))
            })
        });
        if shared {
            out.push(p);
        }
    }
    out
}

/// True when the empty region through `l` has at most two points and touches a chain of colour `foe`
/// with exactly two liberties (`libs`: liberty counts by chain head).
fn small_region_touches_two_liberty_foe(board: &Board, libs: &[u16; MAX_CELLS], l: usize, foe: u8) -> bool {
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
            .any(|q| board.at(q) == foe && libs[board.chain_head(q)] == 2)
    })
}

/// What Benson's algorithm says about the stones of one colour, per cell.
pub struct Benson {
    /// Stones of the colour that are pass-alive (unconditionally alive even if it never plays again).
    pub alive: [bool; MAX_CELLS],
    /// Opponent stones inside a region that is vital to one of those chains and bordered only by
    /// them: unconditionally dead (every empty point there is a liberty of a pass-alive chain, so the
    /// opponent can neither make an eye there nor capture the chain).
    pub dead_inside: [bool; MAX_CELLS],
}

const NONE: u16 = u16::MAX;

/// Benson's working arrays, kept per thread ([`Work`]) so a call initialises only the cells of its
/// board instead of zeroing arrays sized for 25×25.
struct BensonWork {
    /// Region of each non-`c` cell (`NONE` until filled).
    region: [u16; MAX_CELLS],
    /// Region cells, flat, region r at cells[start[r]..start[r + 1]].
    cells: [u16; MAX_CELLS],
    start: [u16; MAX_CELLS + 1],
    /// Bordering chains (by head) per region, flat, with a vital flag each.
    borders: [u16; 4 * MAX_CELLS],
    vital: [bool; 4 * MAX_CELLS],
    bstart: [u16; MAX_CELLS + 1],
    /// Last region that listed a chain (by head), so each region lists a chain once.
    stamp: [u16; MAX_CELLS],
    /// Chains (by head) still taken as alive.
    alive: [bool; MAX_CELLS],
    region_alive: [bool; MAX_CELLS],
    /// Vital regions per chain (by head) in the current round.
    count: [u8; MAX_CELLS],
}

impl BensonWork {
    fn new() -> Self {
        BensonWork {
            region: [NONE; MAX_CELLS],
            cells: [0; MAX_CELLS],
            start: [0; MAX_CELLS + 1],
            borders: [0; 4 * MAX_CELLS],
            vital: [false; 4 * MAX_CELLS],
            bstart: [0; MAX_CELLS + 1],
            stamp: [NONE; MAX_CELLS],
            alive: [false; MAX_CELLS],
            region_alive: [true; MAX_CELLS],
            count: [0; MAX_CELLS],
        }
    }
}

/// Everything the counting and the marking need besides the position, kept per thread and reused
/// from call to call (the marking runs once per simulated game: allocating or zeroing 25×25-sized
/// boards and arrays each time cost more than Benson itself on 9×9).
struct Work {
    /// The scratch board: the count removes dead stones on it, the marking playouts run on it.
    board: Board,
    benson: BensonWork,
    /// Benson's verdicts for Black and White.
    verdicts: [Benson; 2],
    /// The owners of the playouts' final boards.
    owners: RegionOwners,
    /// The playouts' rejection-sampling buffer.
    buf: [u16; MAX_CELLS],
    /// The chains (by head) the marking's playouts judge, and per chain the playouts that ended
    /// with its point owned by the opponent.
    open: [u16; MAX_CELLS],
    tally: [u16; MAX_CELLS],
    /// The last count ([`count`]).
    memo: CountMemo,
}

thread_local! {
    static WORK: std::cell::RefCell<Box<Work>> = std::cell::RefCell::new(Box::new(Work {
        board: Board::new(2),
        benson: BensonWork::new(),
        verdicts: [Benson::new(), Benson::new()],
        owners: RegionOwners::new(),
        buf: [0; MAX_CELLS],
        open: [0; MAX_CELLS],
        tally: [0; MAX_CELLS],
        memo: CountMemo {
            rules: super::rules::Rules {
                size: 0,
                scoring: Scoring::Area,
                komi: 0.0,
                ko: super::rules::KoRule::Simple,
                long_cycle: super::rules::LongCycle::Draw,
                suicide_allowed: false,
                dead_stones: super::rules::DeadStones::TrompTaylor,
                seki_territory: false,
                pass_stones: false,
                handicap: 0,
                free_handicap: false,
                handicap_compensation: super::rules::HandicapCompensation::None,
                max_moves: 0,
            },
            prisoners: [0; 2],
            adjustment: [0.0; 2],
            dead: Vec::new(),
            cells: Vec::new(),
            score: None,
        },
    }));
}

/// Runs `f` with this thread's [`Work`] (never re-entered: nothing called under it calls back).
fn with_work<R>(f: impl FnOnce(&mut Work) -> R) -> R {
    WORK.with(|w| f(&mut w.borrow_mut()))
}

impl Benson {
    fn new() -> Self {
        Benson {
            alive: [false; MAX_CELLS],
            dead_inside: [false; MAX_CELLS],
        }
    }
}

/// Benson's algorithm for colour `c`, without allocation: regions are the maximal connected sets of
/// points that are not `c` stones; a region is vital to a bordering chain when all its empty points
/// are liberties of that chain; chains with fewer than two vital regions, and then regions bordering a
/// removed chain, are removed until nothing changes. What remains is pass-alive.
pub fn benson(board: &Board, c: u8) -> Benson {
    let mut out = Benson::new();
    with_work(|w| benson_into(board, c, &mut w.benson, &mut out));
    out
}

/// [`benson`] over the caller's working arrays, into `out` (whose cells of this board it overwrites).
fn benson_into(board: &Board, c: u8, w: &mut BensonWork, out: &mut Benson) {
    let n = board.size();
    let used = board.stride() * board.stride();
    w.region[..used].fill(NONE);
    w.stamp[..used].fill(NONE);
    w.alive[..used].fill(false);
    let BensonWork {
        region,
        cells,
        start,
        borders,
        vital,
        bstart,
        stamp,
        alive,
        region_alive,
        count,
    } = w;
    let mut n_regions = 0usize;
    let mut len = 0usize;
    for pt in 0..n * n {
        let p = board.cell(pt);
        if board.at(p) == c || region[p] != NONE {
            continue;
        }
        start[n_regions] = len as u16;
        region[p] = n_regions as u16;
        cells[len] = p as u16;
        len += 1;
        let mut i = start[n_regions] as usize;
        while i < len {
            for q in board.neighbours(cells[i] as usize) {
                let col = board.at(q);
                if col != c && col != BORDER && region[q] == NONE {
                    region[q] = n_regions as u16;
                    cells[len] = q as u16;
                    len += 1;
                }
            }
            i += 1;
        }
        n_regions += 1;
    }
    start[n_regions] = len as u16;
    let mut nb = 0usize;
    for r in 0..n_regions {
        bstart[r] = nb as u16;
        let pts = &cells[start[r] as usize..start[r + 1] as usize];
        for &p in pts {
            for q in board.neighbours(p as usize) {
                if board.at(q) == c {
                    let h = board.chain_head(q);
                    if stamp[h] != r as u16 {
                        stamp[h] = r as u16;
                        alive[h] = true;
                        borders[nb] = h as u16;
                        nb += 1;
                    }
                }
            }
        }
        for k in bstart[r] as usize..nb {
            let h = borders[k] as usize;
            vital[k] = pts.iter().all(|&e| {
                let e = e as usize;
                board.at(e) != EMPTY
                    || board
                        .neighbours(e)
                        .into_iter()
                        .any(|q| board.at(q) == c && board.chain_head(q) == h)
            });
        }
    }
    bstart[n_regions] = nb as u16;
    // Chains that border no region at all (impossible on a legal board) never count as alive.
    region_alive[..n_regions].fill(true);
    loop {
        let mut changed = false;
        for k in 0..nb {
            count[borders[k] as usize] = 0;
        }
        for r in 0..n_regions {
            if region_alive[r] {
                for k in bstart[r] as usize..bstart[r + 1] as usize {
                    if vital[k] {
                        let h = borders[k] as usize;
                        count[h] = count[h].saturating_add(1);
                    }
                }
            }
        }
        for &b in &borders[..nb] {
            let h = b as usize;
            if alive[h] && count[h] < 2 {
                alive[h] = false;
                changed = true;
            }
        }
        for r in 0..n_regions {
            if region_alive[r]
                && (bstart[r] as usize..bstart[r + 1] as usize).any(|k| !alive[borders[k] as usize])
            {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.alive[..used].fill(false);
    out.dead_inside[..used].fill(false);
    for pt in 0..n * n {
        let p = board.cell(pt);
        let col = board.at(p);
        if col == c {
            out.alive[p] = alive[board.chain_head(p)];
        } else if col == opponent(c) {
            let r = region[p] as usize;
            out.dead_inside[p] = region_alive[r]
                && (bstart[r] as usize..bstart[r + 1] as usize)
                    .any(|k| vital[k] && alive[borders[k] as usize]);
        }
    }
}

/// Benson's algorithm: a flag per cell, true on stones of colour `c` that are pass-alive.
pub fn pass_alive(board: &Board, c: u8) -> Vec<bool> {
    let cells = board.stride() * board.stride();
    benson(board, c).alive[..cells].to_vec()
}

/// The playout schedule of the automatic marking on a board of side `n`: the most playouts, and the
/// lead of one verdict over the other at which a chain's marking is taken as final (so after at least
/// that many playouts). Module docs: on 9×9 more playouts agree no better with GNU Go; on 19×19,
/// with many more open chains per position, 16 playouts settled on a lead of 3 lost agreement and
/// 32 settled on a lead of 4 won it back.
fn marking_schedule(n: usize) -> (usize, usize) {
    if n >= LARGE_BOARD {
        (32, 4)
    } else {
        (16, 3)
    }
}

/// Boards of this side and larger get the larger playout schedule ([`marking_schedule`]).
const LARGE_BOARD: usize = 15;

/// The automatic dead-stone marking (module docs): a flag per point.
pub fn auto_dead(core: &GoCore) -> Vec<bool> {
    with_work(|w| auto_dead_with(core, w, true))
}

/// [`auto_dead`] without its shortcut for a settled board (always Benson, then the playouts): what
/// the shortcut must agree with (tests).
#[cfg(test)]
pub(crate) fn auto_dead_without_shortcut(core: &GoCore) -> Vec<bool> {
    with_work(|w| auto_dead_with(core, w, false))
}

// `pt` walks points and is mapped to board cells; an iterator over `dead` would hide that.
#[allow(clippy::needless_range_loop)]
fn auto_dead_with(core: &GoCore, w: &mut Work, shortcut: bool) -> Vec<bool> {
    let board = &core.board;
    let n = board.size();
    let mut dead = vec![false; n * n];
    let Work {
        board: scratch,
        benson: work,
        verdicts: bensons,
        owners,
        buf,
        open,
        tally: owned_by_opponent,
        memo: _,
    } = w;
    // A settled board: neither side has a single playout move. Every playout would end on this board,
    // where each stone's point is its own colour's, so no open chain is dead; and Benson marks no
    // stone dead either (an opponent stone inside a vital region leaves the region's owner a playout
    // move: a liberty of that stone captures it, or keeps two liberties, one in each of the owner's
    // vital regions). So nothing is dead, and Benson need not run. The test stops
    // at the first playout move found, so it costs little when the board is not settled.
    if shortcut && !has_marking_move(board, core.to_move) && !has_marking_move(board, opponent(core.to_move))
    {
        return dead;
    }
    let [vb, vw] = bensons;
    benson_into(board, BLACK, work, vb);
    benson_into(board, WHITE, work, vw);
    // Chains Benson leaves open (by head cell); unconditionally dead stones are marked at once.
    let mut n_open = 0;
    for pt in 0..n * n {
        let p = board.cell(pt);
        let c = board.at(p);
        if c == EMPTY {
            continue;
        }
        if bensons[ci(opponent(c))].dead_inside[p] {
            dead[pt] = true;
        } else if board.chain_head(p) == p && !bensons[ci(c)].alive[p] {
            open[n_open] = p as u16;
            n_open += 1;
        }
    }
    if n_open == 0 {
        return dead;
    }
    let (most, lead) = marking_schedule(n);
    let open = &open[..n_open];
    owned_by_opponent[..n_open].fill(0);
    let mut rng = Rng::new(board.hash());
    let mut done = 0;
    while done < most {
        scratch.copy_unhashed_from(board);
        let played = marking_playout(scratch, core.to_move, &mut rng, buf);
        done += 1;
        owners.reset();
        for (k, &p) in open.iter().enumerate() {
            let p = p as usize;
            if owners.owner(scratch, p) == opponent(board.at(p)) {
                owned_by_opponent[k] += 1;
            }
        }
        let counts = &owned_by_opponent[..n_open];
        // Stop once every chain is settled: its majority cannot change any more, or one verdict leads
        // by `lead` playouts.
        let left = most - done;
        let settled = counts.iter().all(|&o| {
            let o = o as usize;
            o * 2 > most || (o + left) * 2 <= most || (2 * o).abs_diff(done) >= lead
        });
        // A playout without a single move: neither side has a playout move, so every playout would
        // end on this same board; one is enough (the marking is what 64 of them would give).
        if settled || played == 0 {
            break;
        }
    }
    for (k, &p) in open.iter().enumerate() {
        if owned_by_opponent[k] as usize * 2 > done {
            for s in board.chain_stones(p as usize) {
                dead[board.point(s)] = true;
            }
        }
    }
    dead
}

/// True when colour `c` has a move in a marking playout from `board` (no ko point yet: the playouts
/// start without one): an empty point that is not its eye, not suicide and not a big self-atari.
pub(crate) fn has_marking_move(board: &Board, c: u8) -> bool {
    board
        .empties()
        .iter()
        .any(|&p| board.is_marking_move(p as usize, c))
}

/// Tromp–Taylor owners of cells of a playout's final board, computed region by region on demand.
struct RegionOwners {
    /// Generation at which a cell's region was filled (cells of older generations are unknown).
    stamp: [u32; MAX_CELLS],
    /// Flood-fill buffer.
    region: [u16; MAX_CELLS],
    /// Owner of the region of a cell filled in the current generation.
    owner: [u8; MAX_CELLS],
    generation: u32,
}

impl RegionOwners {
    fn new() -> Self {
        RegionOwners {
            stamp: [0; MAX_CELLS],
            region: [0; MAX_CELLS],
            owner: [EMPTY; MAX_CELLS],
            generation: 0,
        }
    }
    /// Forgets every region (the stamps of older generations, this call's or an earlier one's, no
    /// longer match; on wrap-around they are cleared).
    fn reset(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }
    /// The stone's colour on `p`, or the only colour its empty region reaches (`EMPTY` if neutral).
    fn owner(&mut self, board: &Board, p: usize) -> u8 {
        let c = board.at(p);
        if c != EMPTY {
            return c;
        }
        if self.stamp[p] == self.generation {
            return self.owner[p];
        }
        let region = &mut self.region;
        let (mut len, mut i, mut borders) = (1, 0, 0u8);
        region[0] = p as u16;
        self.stamp[p] = self.generation;
        while i < len {
            for q in board.neighbours(region[i] as usize) {
                match board.at(q) {
                    EMPTY if self.stamp[q] != self.generation => {
                        self.stamp[q] = self.generation;
                        region[len] = q as u16;
                        len += 1;
                    }
                    col @ (BLACK | WHITE) => borders |= col,
                    _ => {}
                }
            }
            i += 1;
        }
        let owner = if borders == BLACK || borders == WHITE {
            borders
        } else {
            EMPTY
        };
        for &q in &region[..len] {
            self.owner[q as usize] = owner;
        }
        owner
    }
}

#[cfg(test)]
mod region_owner_tests {
    use super::super::{GoGame, GoState};
    use super::*;
    use crate::registry::Registered;

    /// Tromp–Taylor ownership as the marking reads it (`RegionOwners::owner`): a stone's point is its
    /// colour's; an empty point is the colour's whose stones alone its empty region reaches, and
    /// nobody's if it reaches both. Four-point regions, so the flood fill must walk past the first
    /// point; asked twice in one generation (the second answer from the stamps), then again after a
    /// `reset` on a board where the same region has become neutral.
    #[test]
    fn an_empty_region_belongs_to_the_only_colour_it_reaches() {
        let g = GoGame::from_game_string("go(board_size=5)").unwrap();
        let board = |rows: [&str; 5]| GoState::from_diagram(&g, &rows.join("\n"), 0).unwrap().core.board;
        let b = board([". . X O .", ". . X O .", "X X X O O", ". . O . .", ". . O . ."]);
        let at = |name: &str| b.cell(super::super::coord::parse_gtp(name, 5).unwrap());
        let mut owners = RegionOwners::new();
        owners.reset();
        for (point, want) in [
            ("A5", BLACK), // a5 b5 a4 b4: Black's c5, c4, a3, b3 around
            ("B4", BLACK),
            ("E4", WHITE), // e5 e4: White's d5, d4, e3
            ("E5", WHITE),
            ("A1", EMPTY), // a2 b2 a1 b1: Black's a3 b3 and White's c2 c1
            ("B2", EMPTY),
            ("E1", WHITE), // d2 e2 d1 e1: White's d3 e3 c2 c1
            ("D2", WHITE),
            ("C3", BLACK), // stones
            ("D3", WHITE),
        ] {
            assert_eq!(owners.owner(&b, at(point)), want, "{point}");
        }
        // A white stone on b5 makes the a5 region neutral; a new generation sees it.
        let b2 = board([". O X O .", ". . X O .", "X X X O O", ". . O . .", ". . O . ."]);
        owners.reset();
        assert_eq!(owners.owner(&b2, at("A5")), EMPTY);
        assert_eq!(owners.owner(&b2, at("B4")), EMPTY);
    }
}
