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
use numpy::PyUntypedArrayMethods;
use numpy::{PyArray1, PyArrayDescrMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArray};
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

/// Hands from a numpy array: `(N, k)` card ids (any integer dtype) or `(N,)` uint64 card masks (bit
/// i = card id i). Rows are checked: ids in 0..51, no duplicates, `min..=max` cards.
fn hands_arg(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    min: usize,
    max: usize,
    deck_size: u32,
) -> PyResult<Vec<u64>> {
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (cards,))?;
    let untyped = arr.cast::<PyUntypedArray>()?;
    let shape = untyped.shape().to_vec();
    let kind = untyped.dtype().kind();
    let bad_rows =
        |i: usize, why: String| -> PyErr { LudoError::param("cards", format!("row {i}: {why}")).into() };
    // Ranks 2-6 of every suit: not in the 32-card deck.
    let low_ranks: u64 = (0..4).map(|s| 0x1Fu64 << (13 * s)).sum();
    let finish = |masks: Vec<u64>| -> PyResult<Vec<u64>> {
        for (i, &set) in masks.iter().enumerate() {
            let n = set.count_ones() as usize;
            if n < min || n > max {
                return Err(bad_rows(
                    i,
                    format!("{n} cards; this evaluator takes {min} to {max}"),
                ));
            }
            if deck_size == 32 && set & low_ranks != 0 {
                return Err(bad_rows(i, "the 32-card deck has no 2, 3, 4, 5 or 6".into()));
            }
        }
        Ok(masks)
    };
    match (shape.len(), kind) {
        (1, b'u') if untyped.dtype().itemsize() == 8 => {
            let a: PyReadonlyArray1<'_, u64> = arr.extract()?;
            let masks: Vec<u64> = a.as_array().iter().copied().collect();
            if let Some(i) = masks.iter().position(|m| m >> 52 != 0) {
                return Err(bad_rows(i, "a card mask has bits above 51".into()));
            }
            finish(masks)
        }
        (2, b'i' | b'u') => {
            // Read the common integer dtypes in place (no int64 copy of the whole array); others are
            // converted once.
            let item = untyped.dtype().itemsize();
            let masks = match (kind, item) {
                (b'i', 8) => ids_to_masks(arr.extract::<PyReadonlyArray2<'_, i64>>()?),
                (b'i', 4) => ids_to_masks(arr.extract::<PyReadonlyArray2<'_, i32>>()?),
                (b'i', 2) => ids_to_masks(arr.extract::<PyReadonlyArray2<'_, i16>>()?),
                (b'i', 1) => ids_to_masks(arr.extract::<PyReadonlyArray2<'_, i8>>()?),
                (b'u', 1) => ids_to_masks(arr.extract::<PyReadonlyArray2<'_, u8>>()?),
                (b'u', 2) => ids_to_masks(arr.extract::<PyReadonlyArray2<'_, u16>>()?),
                _ => ids_to_masks(
                    arr.call_method1("astype", ("int64",))?
                        .extract::<PyReadonlyArray2<'_, i64>>()?,
                ),
            }
            .map_err(|(i, why)| bad_rows(i, why))?;
            finish(masks)
        }
        _ => Err(LudoError::Shape {
            expected: "an (N, k) integer array of card ids or an (N,) uint64 array of card masks".into(),
            got: format!("shape {shape:?}, dtype {}", untyped.dtype()),
        }
        .into()),
    }
}

/// The card masks of an `(N, k)` array of card ids, or the first bad row and why (an id outside
/// 0..51, an id twice). The loop over a row has no branch: badness is accumulated and the row is
/// looked at again only when it is bad.
fn ids_to_masks<T>(a: PyReadonlyArray2<'_, T>) -> Result<Vec<u64>, (usize, String)>
where
    T: numpy::Element + Copy + Into<i64>,
{
    let view = a.as_array();
    let k = view.ncols();
    let mut masks = Vec::with_capacity(view.nrows());
    fn row_mask(row: impl Iterator<Item = i64>) -> (u64, bool) {
        let (mut set, mut bad) = (0u64, false);
        for c in row {
            let bit = 1u64 << (c as u64 & 63);
            bad |= !(0..52).contains(&c) | (set & bit != 0);
            set |= bit;
        }
        (set, bad)
    }
    let why = |i: usize, row: &[i64]| -> (usize, String) {
        let mut set = 0u64;
        for &c in row {
            if !(0..52).contains(&c) {
                return (i, format!("card id {c} is outside 0..51"));
            }
            if set >> c & 1 != 0 {
                return (i, format!("card id {c} appears twice"));
            }
            set |= 1 << c;
        }
        (i, "a bad row".into())
    };
    match view.as_slice() {
        Some(flat) if k > 0 => {
            for (i, row) in flat.chunks_exact(k).enumerate() {
                let (set, bad) = row_mask(row.iter().map(|&c| c.into()));
                if bad {
                    return Err(why(i, &row.iter().map(|&c| c.into()).collect::<Vec<_>>()));
                }
                masks.push(set);
            }
        }
        _ => {
            for (i, row) in view.rows().into_iter().enumerate() {
                let (set, bad) = row_mask(row.iter().map(|&c| c.into()));
                if bad {
                    return Err(why(i, &row.iter().map(|&c| c.into()).collect::<Vec<_>>()));
                }
                masks.push(set);
            }
        }
    }
    Ok(masks)
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

/// The rows of a batch as they lie in numpy's memory, read in place by the evaluating threads.
enum Rows<'a> {
    /// `(N,)` card masks.
    Masks(&'a [u64]),
    /// `(N, k)` card ids, C order.
    Ids64(&'a [i64], usize),
    /// `(N, k)` card ids as bytes, C order.
    Ids8(&'a [u8], usize),
}

impl Rows<'_> {
    fn len(&self) -> usize {
        match *self {
            Rows::Masks(m) => m.len(),
            Rows::Ids64(v, k) => v.len() / k,
            Rows::Ids8(v, k) => v.len() / k,
        }
    }
    /// Row `i`'s card mask, or `None` if it has an id outside 0..51 or an id twice (branch-free).
    #[inline]
    fn mask(&self, i: usize) -> Option<u64> {
        #[inline]
        fn of(row: impl Iterator<Item = u64>) -> Option<u64> {
            let (mut set, mut bad) = (0u64, false);
            for c in row {
                let bit = 1u64 << (c & 63);
                bad |= (c >= 52) | (set & bit != 0);
                set |= bit;
            }
            (!bad).then_some(set)
        }
        match *self {
            Rows::Masks(m) => Some(m[i]).filter(|m| m >> 52 == 0),
            Rows::Ids64(v, k) => of(v[i * k..(i + 1) * k].iter().map(|&c| c as u64)),
            Rows::Ids8(v, k) => of(v[i * k..(i + 1) * k].iter().map(|&c| u64::from(c))),
        }
    }
}

/// Evaluates every row of `cards` with `eval` on the rayon pool, reading the common layouts in place
/// ((N,) uint64 masks; C-ordered (N, k) int64 or uint8 ids) and checking each row as it goes; any
/// other layout, and any batch with a bad row, goes through `hands_arg`, which converts and names
/// the first bad row.
fn eval_rows(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    (min, max, deck_size): (usize, usize, u32),
    threads: Option<usize>,
    eval: impl Fn(u64) -> u32 + Sync,
) -> PyResult<Vec<u32>> {
    let low_ranks: u64 = (0..4).map(|s| 0x1Fu64 << (13 * s)).sum();
    let banned = if deck_size == 32 { low_ranks } else { 0 };
    let fast = |rows: Rows<'_>, py: Python<'_>| -> PyResult<Option<Vec<u32>>> {
        let mut out = vec![0u32; rows.len()];
        let ok = py.detach(|| {
            run_threads(threads, || {
                out.par_chunks_mut(4096).enumerate().all(|(c, o)| {
                    let mut ok = true;
                    for (j, x) in o.iter_mut().enumerate() {
                        let m = rows.mask(c * 4096 + j).unwrap_or(0);
                        let n = m.count_ones() as usize;
                        let good = n >= min && n <= max && m & banned == 0;
                        ok &= good;
                        // A bad row is evaluated as some valid hand; the batch is then redone
                        // by `hands_arg`, which names the row.
                        *x = eval(if good { m } else { 0x1F00 });
                    }
                    ok
                })
            })
        })?;
        Ok(ok.then_some(out))
    };
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (cards,))?;
    let done = if let Ok(a) = arr.extract::<PyReadonlyArray1<'_, u64>>() {
        match a.as_slice() {
            Ok(m) => fast(Rows::Masks(m), py)?,
            Err(_) => None,
        }
    } else if let Ok(a) = arr.extract::<PyReadonlyArray2<'_, i64>>() {
        match (a.as_slice(), a.shape()[1]) {
            (Ok(v), k) if k > 0 => fast(Rows::Ids64(v, k), py)?,
            _ => None,
        }
    } else if let Ok(a) = arr.extract::<PyReadonlyArray2<'_, u8>>() {
        match (a.as_slice(), a.shape()[1]) {
            (Ok(v), k) if k > 0 => fast(Rows::Ids8(v, k), py)?,
            _ => None,
        }
    } else {
        None
    };
    match done {
        Some(out) => Ok(out),
        None => {
            let hands = hands_arg(py, cards, min, max, deck_size)?;
            let mut out = vec![0u32; hands.len()];
            py.detach(|| {
                run_threads(threads, || {
                    out.par_chunks_mut(4096)
                        .zip(hands.par_chunks(4096))
                        .for_each(|(o, h)| o.iter_mut().zip(h).for_each(|(x, &m)| *x = eval(m)))
                })
            })?;
            Ok(out)
        }
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
    let out = eval_rows(py, cards, (5, 7, deck), threads, |m| {
        r.eval(&masks52(CardSet(m))).0
    })?;
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
    let out = eval_rows(py, cards, (1, 7, 52), threads, |m| {
        LowRank::eval(&masks52(CardSet(m))).0
    })?;
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
