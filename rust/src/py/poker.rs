//! Poker extras for Python: the hand evaluators, per hand and in batches over numpy arrays, and the
//! Razz hand-history export. Flat functions `poker_*` / `razz_*` in `ludoteca._core`; the module
//! `ludoteca.poker` (and `ludoteca.games.razz`) wraps them.

use super::state::PyState;
use crate::cards::{CardSet, Deck};
use crate::error::LudoError;
use crate::games::razz::{hh, move_action, RazzState};
use crate::poker::betting::Move;
use crate::poker::hand::{masks52, SuitMasks};
use crate::poker::high::{Category, FlushRank, HighRank, HighRules};
use crate::poker::low::LowRank;
use crate::poker::tables::{HighTable, LowTable};
use numpy::PyUntypedArrayMethods;
use numpy::{PyArray1, PyArrayDescrMethods, PyReadonlyArrayDyn, PyUntypedArray};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use rayon::prelude::*;
use std::sync::OnceLock;

fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(Deck::french52)
}

/// The ranking named by the Python arguments.
fn rules(deck_size: u32, ace_low_straight: bool, flush_rank: &str) -> PyResult<HighRules> {
    let flush = FlushRank::parse(flush_rank).ok_or_else(|| {
        LudoError::param(
            "flush_rank",
            format!("{flush_rank:?} is not one of: standard, above_full_house, above_four_of_a_kind"),
        )
    })?;
    match deck_size {
        52 if flush == FlushRank::Standard && ace_low_straight => Ok(HighRules::STANDARD),
        52 => Err(LudoError::param(
            "deck",
            "the 52-card ranking is fixed (wheel A-2-3-4-5, standard flush); flush_rank and \
             ace_low_straight apply to deck=32",
        )
        .into()),
        32 => Ok(HighRules::piquet(ace_low_straight, flush)),
        d => Err(LudoError::param("deck", format!("{d} is not a supported deck size (52 or 32)")).into()),
    }
}

/// Cards from Python: a string of names (`"As Kd 10h"`, `"A♠ K♦"`) or a sequence of card ids
/// (0..52, suit × 13 + rank − 2) and/or names. Duplicates are refused.
fn cards_arg(cards: &Bound<'_, PyAny>) -> PyResult<CardSet> {
    let mut set = CardSet::EMPTY;
    let mut add = |c: u8, what: &dyn Fn() -> String| -> PyResult<()> {
        if !set.insert(crate::cards::Card(c)) {
            return Err(LudoError::param("cards", format!("{} appears twice", what())).into());
        }
        Ok(())
    };
    if let Ok(s) = cards.cast::<PyString>() {
        let text = s.to_cow()?;
        for t in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let c = deck().parse(t)?;
            add(c.0, &|| t.to_string())?;
        }
        return Ok(set);
    }
    for item in cards.try_iter()? {
        let item = item?;
        if let Ok(s) = item.cast::<PyString>() {
            let t = s.to_cow()?;
            let c = deck().parse(&t)?;
            add(c.0, &|| t.to_string())?;
        } else {
            let id: i64 = item.extract().map_err(|_| {
                LudoError::param(
                    "cards",
                    format!("{item} is neither a card id (0..51) nor a card name"),
                )
            })?;
            if !(0..52).contains(&id) {
                return Err(LudoError::param("cards", format!("card id {id} is outside 0..51")).into());
            }
            add(id as u8, &|| {
                deck().name_of(crate::cards::Card(id as u8)).to_string()
            })?;
        }
    }
    Ok(set)
}

/// Checks a hand's size and, for the 32-card deck, its ranks.
fn check_hand(set: CardSet, min: usize, max: usize, deck_size: u32) -> PyResult<SuitMasks> {
    let n = set.len();
    if n < min || n > max {
        return Err(
            LudoError::param("cards", format!("{n} cards; this evaluator takes {min} to {max}")).into(),
        );
    }
    let m = masks52(set);
    if deck_size == 32 && m.iter().any(|s| s & 0x1F != 0) {
        return Err(LudoError::param("cards", "the 32-card deck has no 2, 3, 4, 5 or 6").into());
    }
    Ok(m)
}

/// The rank of a high hand of 5 to 7 cards (higher is better).
#[pyfunction]
#[pyo3(signature = (cards, deck = 52, ace_low_straight = true, flush_rank = "standard"))]
fn poker_high_rank(
    cards: &Bound<'_, PyAny>,
    deck: u32,
    ace_low_straight: bool,
    flush_rank: &str,
) -> PyResult<u32> {
    let r = rules(deck, ace_low_straight, flush_rank)?;
    Ok(r.eval(&check_hand(cards_arg(cards)?, 5, 7, deck)?).0)
}

/// The ace-to-five low rank of 1 to 7 cards (lower is better; fewer than 5 are a partial hand).
#[pyfunction]
fn poker_low_rank(cards: &Bound<'_, PyAny>) -> PyResult<u32> {
    Ok(LowRank::eval(&check_hand(cards_arg(cards)?, 1, 7, 52)?).0)
}

fn check_high_rank(rank: u32) -> PyResult<HighRank> {
    if rank >> 20 > 0x8F || (rank >> 20 & 0xF) > 8 {
        return Err(LudoError::param("rank", format!("{rank} is not a high-hand rank")).into());
    }
    Ok(HighRank(rank))
}

/// A readable name of a high-hand rank (`"two pair, kings and fives"`).
#[pyfunction]
fn poker_high_name(rank: u32) -> PyResult<String> {
    Ok(check_high_rank(rank)?.name())
}

/// The category of a high-hand rank (`"full house"`).
#[pyfunction]
fn poker_high_category(rank: u32) -> PyResult<&'static str> {
    Ok(check_high_rank(rank)?.category().name())
}

/// A readable name of a low rank (`"8-6-4-2-A"`, `"pair of fives, 8-4-2"`).
#[pyfunction]
fn poker_low_name(rank: u32) -> PyResult<String> {
    if rank >> 20 > 5 {
        return Err(LudoError::param("rank", format!("{rank} is not an ace-to-five low rank")).into());
    }
    Ok(LowRank(rank).name())
}

/// The high-hand category names, weakest first.
#[pyfunction]
fn poker_high_categories() -> Vec<&'static str> {
    Category::ALL.iter().map(|c| c.name()).collect()
}

/// One cell of a numpy batch: a card id of an integer dtype, or (`u64` in an `(N,)` array) a card mask.
trait Cell: numpy::Element + Copy + Sync {
    /// The cell as a `u64` (a negative id wraps to a huge value and so fails the `0..52` check).
    fn bits(self) -> u64;
}
macro_rules! cells {
    ($($t:ty),*) => {$(impl Cell for $t {
        #[inline]
        fn bits(self) -> u64 {
            self as i64 as u64
        }
    })*};
}
cells!(i8, i16, i32, i64, u8, u16, u32);
impl Cell for u64 {
    #[inline]
    fn bits(self) -> u64 {
        self
    }
}

/// What a batch's rows must be: `min..=max` cards, none of the ranks in `banned` (the 32-card deck has
/// no 2 to 6).
#[derive(Copy, Clone)]
struct Check {
    min: usize,
    max: usize,
    banned: u64,
}

/// The rows of a batch as they lie in numpy's memory (C order), read in place by the evaluating
/// threads: `k` card ids of type `T` per row, or one card mask per row (`masks`, `T = u64`). The one
/// row → card mask conversion, both for evaluating and for naming a bad row.
struct Rows<'a, T> {
    cells: &'a [T],
    k: usize,
    masks: bool,
}

impl<T: Cell> Rows<'_, T> {
    fn len(&self) -> usize {
        self.cells.len() / self.k
    }

    /// A row's card mask, `None` if a card is outside the deck or twice (`MASKS`: the row is one card
    /// mask). No branch on the cards: an id of 52..63 sets a bit above 51, a larger (or negative) id
    /// shows in the OR of all ids, and a duplicate leaves fewer bits than ids.
    #[inline]
    fn mask<const MASKS: bool>(row: &[T]) -> Option<u64> {
        if MASKS {
            let m = row[0].bits();
            return (m >> 52 == 0).then_some(m);
        }
        let (mut set, mut any) = (0u64, 0u64);
        for &c in row {
            let c = c.bits();
            set |= 1u64 << (c & 63);
            any |= c;
        }
        (any < 64 && set >> 52 == 0 && set.count_ones() as usize == row.len()).then_some(set)
    }

    /// A valid hand's card mask, or why the row is not one.
    fn hand(&self, row: &[T], check: Check) -> Result<u64, String> {
        let valid = if self.masks {
            Self::mask::<true>(row)
        } else {
            Self::mask::<false>(row)
        };
        let set = match valid {
            Some(set) => set,
            None if self.masks => return Err("a card mask has bits above 51".into()),
            None => {
                let mut set = 0u64;
                for &c in row {
                    let c = c.bits() as i64;
                    if !(0..52).contains(&c) {
                        return Err(format!("card id {c} is outside 0..51"));
                    }
                    if set >> c & 1 != 0 {
                        return Err(format!("card id {c} appears twice"));
                    }
                    set |= 1 << c;
                }
                set
            }
        };
        let n = set.count_ones() as usize;
        if n < check.min || n > check.max {
            return Err(format!(
                "{n} cards; this evaluator takes {} to {}",
                check.min, check.max
            ));
        }
        if set & check.banned != 0 {
            return Err("the 32-card deck has no 2, 3, 4, 5 or 6".into());
        }
        Ok(set)
    }

    /// `eval` of every row on the rayon pool, or the first bad row named.
    fn eval(
        &self,
        py: Python<'_>,
        check: Check,
        threads: Option<usize>,
        eval: &(impl Fn(u64) -> u32 + Sync),
    ) -> PyResult<Vec<u32>> {
        let mut out = vec![0u32; self.len()];
        // The common row lengths get a loop of their own, unrolled over the row's ids.
        let ok = py.detach(|| {
            run_threads(threads, || match (self.masks, self.k) {
                (true, _) => self.run::<1, true>(&mut out, check, eval),
                (false, 5) => self.run::<5, false>(&mut out, check, eval),
                (false, 6) => self.run::<6, false>(&mut out, check, eval),
                (false, 7) => self.run::<7, false>(&mut out, check, eval),
                (false, _) => self.run::<0, false>(&mut out, check, eval),
            })
        })?;
        if ok {
            return Ok(out);
        }
        for (i, row) in self.cells.chunks_exact(self.k).enumerate() {
            if let Err(why) = self.hand(row, check) {
                return Err(LudoError::param("cards", format!("row {i}: {why}")).into());
            }
        }
        unreachable!("a batch with a bad row has a first bad row")
    }

    /// Evaluates every row into `out` in parallel chunks, rows of `K` cells (0: `self.k`); whether
    /// every row was a valid hand. A bad row is evaluated as some valid hand; the batch is then
    /// looked at again to name the first bad row.
    fn run<const K: usize, const MASKS: bool>(
        &self,
        out: &mut [u32],
        check: Check,
        eval: &(impl Fn(u64) -> u32 + Sync),
    ) -> bool {
        const CHUNK: usize = 4096;
        let k = if K == 0 { self.k } else { K };
        out.par_chunks_mut(CHUNK)
            .zip(self.cells.par_chunks(CHUNK * k))
            .all(|(o, cells)| {
                let mut ok = true;
                let mut one = |x: &mut u32, m: Option<u64>| {
                    let m = m.unwrap_or(0);
                    // Ids without duplicates are `k` cards; a mask is counted.
                    let n = if MASKS { m.count_ones() as usize } else { k };
                    let good = m != 0 && n >= check.min && n <= check.max && m & check.banned == 0;
                    ok &= good;
                    *x = eval(if good { m } else { 0x1F00 });
                };
                // With `K` a constant the row's length is known and its loop unrolled.
                for (x, row) in o.iter_mut().zip(cells.chunks_exact(k)) {
                    one(x, Self::mask::<MASKS>(row));
                }
                ok
            })
    }
}

fn run_threads<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> PyResult<R> {
    match threads {
        Some(t) if t > 0 => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| LudoError::param("threads", e.to_string()))?
            .install(f)),
        _ => Ok(f()),
    }
}

/// Evaluates every row of `cards`: an `(N, k)` array of card ids (any integer dtype; C-ordered int64,
/// int32, int16, int8, uint8, uint16 and uint32 are read in place, others converted once) or an
/// `(N,)` uint64 array of card masks (bit i = card id i). Rows are checked (ids in 0..51, no
/// duplicates, `min..=max` cards, no low ranks for the 32-card deck) and the first bad row is named.
fn eval_rows(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    (min, max, deck_size): (usize, usize, u32),
    threads: Option<usize>,
    eval: impl Fn(u64) -> u32 + Sync,
) -> PyResult<Vec<u32>> {
    // Ranks 2-6 of every suit: not in the 32-card deck.
    let low_ranks: u64 = (0..4).map(|s| 0x1Fu64 << (13 * s)).sum();
    let check = Check {
        min,
        max,
        banned: if deck_size == 32 { low_ranks } else { 0 },
    };
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (cards,))?;
    let untyped = arr.cast::<PyUntypedArray>()?;
    let shape = untyped.shape().to_vec();
    let (kind, item) = (untyped.dtype().kind(), untyped.dtype().itemsize());
    fn run<T: Cell>(
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        masks: bool,
        check: Check,
        threads: Option<usize>,
        eval: &(impl Fn(u64) -> u32 + Sync),
    ) -> PyResult<Vec<u32>> {
        let a = a.extract::<PyReadonlyArrayDyn<'_, T>>()?;
        let k = if masks { 1 } else { a.shape()[1] };
        let cells = a
            .as_slice()
            .map_err(|e| LudoError::param("cards", e.to_string()))?;
        if k == 0 {
            return match a.shape()[0] {
                0 => Ok(Vec::new()),
                _ => Err(LudoError::param(
                    "cards",
                    format!(
                        "row 0: 0 cards; this evaluator takes {} to {}",
                        check.min, check.max
                    ),
                )
                .into()),
            };
        }
        Rows { cells, k, masks }.eval(py, check, threads, eval)
    }
    let contiguous: bool = arr.getattr("flags")?.getattr("c_contiguous")?.extract()?;
    match (shape.len(), kind, item) {
        (1, b'u', 8) => {
            let a = np.call_method1("ascontiguousarray", (&arr,))?;
            run::<u64>(py, &a, true, check, threads, &eval)
        }
        (2, b'i' | b'u', _) if contiguous => match (kind, item) {
            (b'i', 8) => run::<i64>(py, &arr, false, check, threads, &eval),
            (b'i', 4) => run::<i32>(py, &arr, false, check, threads, &eval),
            (b'i', 2) => run::<i16>(py, &arr, false, check, threads, &eval),
            (b'i', 1) => run::<i8>(py, &arr, false, check, threads, &eval),
            (b'u', 4) => run::<u32>(py, &arr, false, check, threads, &eval),
            (b'u', 2) => run::<u16>(py, &arr, false, check, threads, &eval),
            (b'u', 1) => run::<u8>(py, &arr, false, check, threads, &eval),
            _ => {
                let a = arr.call_method1("astype", ("int64",))?;
                run::<i64>(py, &a, false, check, threads, &eval)
            }
        },
        (2, b'i' | b'u', _) => {
            let a = np.call_method1("ascontiguousarray", (&arr, "int64"))?;
            run::<i64>(py, &a, false, check, threads, &eval)
        }
        _ => Err(LudoError::Shape {
            expected: "an (N, k) integer array of card ids or an (N,) uint64 array of card masks".into(),
            got: format!("shape {shape:?}, dtype {}", untyped.dtype()),
        }
        .into()),
    }
}

/// High ranks of many hands (see `hands_arg` for the input); the GIL is released and rows are
/// evaluated in parallel (`threads`: default all cores).
#[pyfunction]
#[pyo3(signature = (cards, deck = 52, ace_low_straight = true, flush_rank = "standard", threads = None))]
fn poker_high_rank_batch<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    deck: u32,
    ace_low_straight: bool,
    flush_rank: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let r = rules(deck, ace_low_straight, flush_rank)?;
    let table = HighTable::get(&r);
    let out = eval_rows(py, cards, (5, 7, deck), threads, |m| table.eval52(m).0)?;
    Ok(PyArray1::from_vec(py, out))
}

/// Ace-to-five low ranks of many hands of 1 to 7 cards (lower is better).
#[pyfunction]
#[pyo3(signature = (cards, threads = None))]
fn poker_low_rank_batch<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let table = LowTable::get();
    let out = eval_rows(py, cards, (1, 7, 52), threads, |m| table.eval52(m).0)?;
    Ok(PyArray1::from_vec(py, out))
}

/// Every hand of a Razz state's history as a PHH document (the open poker hand-history format).
#[pyfunction]
fn razz_phh(state: &Bound<'_, PyState>) -> PyResult<Vec<String>> {
    let s = state.borrow();
    let s: &RazzState = s.downcast_ref()?;
    Ok(hh::hands_phh(s)?)
}

/// A Razz state's table, omniscient (as `str(state)`): street, dealer, pot, chips, cards, and the
/// round bet each legal betting move would make.
#[pyfunction]
fn razz_info<'py>(py: Python<'py>, state: &Bound<'py, PyState>) -> PyResult<Bound<'py, PyDict>> {
    let s = state.borrow();
    let s: &RazzState = s.downcast_ref()?;
    let n = s.config().players;
    let b = s.betting();
    let d = PyDict::new(py);
    d.set_item("hand", s.hand_number())?;
    d.set_item("street", s.street())?;
    d.set_item("dealer", s.dealer())?;
    d.set_item("pot", b.pot_total())?;
    d.set_item("stacks", b.stacks[..n].to_vec())?;
    d.set_item("bets", b.bets[..n].to_vec())?;
    d.set_item("hand_start", s.hand_start_stacks()[..n].to_vec())?;
    d.set_item("live", (0..n).map(|i| s.is_live(i)).collect::<Vec<_>>())?;
    let ids = |set: CardSet| set.iter().map(|c| c.0).collect::<Vec<u8>>();
    d.set_item("down", (0..n).map(|i| ids(s.down_cards(i))).collect::<Vec<_>>())?;
    d.set_item("up", (0..n).map(|i| s.up_cards(i).to_vec()).collect::<Vec<_>>())?;
    d.set_item("community", s.community())?;
    let legal = s.legal_moves();
    let moves = PyDict::new(py);
    for m in Move::ALL {
        if legal & m.bit() != 0 {
            moves.set_item(move_action(m), b.amount_to(m))?;
        }
    }
    d.set_item("moves", moves)?;
    Ok(d)
}

/// Adds the poker functions to `ludoteca._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(poker_high_rank, m)?)?;
    m.add_function(wrap_pyfunction!(poker_low_rank, m)?)?;
    m.add_function(wrap_pyfunction!(poker_high_name, m)?)?;
    m.add_function(wrap_pyfunction!(poker_high_category, m)?)?;
    m.add_function(wrap_pyfunction!(poker_low_name, m)?)?;
    m.add_function(wrap_pyfunction!(poker_high_categories, m)?)?;
    m.add_function(wrap_pyfunction!(poker_high_rank_batch, m)?)?;
    m.add_function(wrap_pyfunction!(poker_low_rank_batch, m)?)?;
    m.add_function(wrap_pyfunction!(razz_phh, m)?)?;
    m.add_function(wrap_pyfunction!(razz_info, m)?)?;
    Ok(())
}
