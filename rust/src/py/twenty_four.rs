//! Twenty-Four extras for Python: the exact solver, the claim checker and the batch classifier.
//! Flat functions `twenty_four_*` in `ludoteca._core`; `ludoteca.games.twenty_four` wraps them.

use super::convert::{i64_in, threads_arg};
use super::state::PyState;
use crate::error::LudoError;
use crate::games::twenty_four::expr::{self, Verdict};
use crate::games::twenty_four::solver::{self, Intermediate, Options, MAX_NUMBER, NUMBERS};
use crate::games::twenty_four::{value, TwentyFourState};
use numpy::{PyArray1, PyArrayDescrMethods, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt};

/// The largest |target| accepted: far above anything four numbers up to the maximum can make.
const MAX_TARGET: i64 = 1 << 53;

/// `target` (24 when `None`; the text signatures show the default as 24) and `intermediate`.
fn options(target: Option<&Bound<'_, PyAny>>, intermediate: &str) -> PyResult<Options> {
    let target = match target.filter(|t| !t.is_none()) {
        None => 24,
        Some(t) => i64_in(t, "target", -MAX_TARGET, MAX_TARGET)?,
    };
    Ok(Options {
        target,
        intermediate: Intermediate::parse(intermediate)?,
    })
}

/// A sequence of Python ints → numbers, with a named error for floats, bools, negatives and huge ints.
fn numbers_arg(numbers: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let mut out = Vec::new();
    for (i, item) in numbers.try_iter()?.enumerate() {
        let item = item?;
        let bad =
            |why: String| -> PyErr { LudoError::param("numbers", format!("item {i} ({item}) {why}")).into() };
        if item.is_instance_of::<PyBool>() {
            return Err(bad("is a bool; numbers are non-negative integers".into()));
        }
        if let Ok(f) = item.cast::<PyFloat>() {
            let why = if f.value().is_nan() {
                "is NaN"
            } else {
                "is a float; numbers are non-negative integers"
            };
            return Err(bad(why.into()));
        }
        let x: i128 = match item.extract() {
            Ok(x) => x,
            Err(_) if item.is_instance_of::<PyInt>() => {
                return Err(bad(format!("is larger than the supported maximum {MAX_NUMBER}")))
            }
            Err(_) => return Err(bad("is not an integer".into())),
        };
        if x < 0 {
            return Err(bad("is negative; numbers are non-negative integers".into()));
        }
        if x > i128::from(MAX_NUMBER) {
            return Err(bad(format!("is larger than the supported maximum {MAX_NUMBER}")));
        }
        out.push(x as u64);
    }
    Ok(out)
}

/// Every distinct solution, in canonical form with minimal parentheses (see the module docs of
/// `ludoteca.games.twenty_four`).
#[pyfunction]
#[pyo3(
    signature = (numbers, target = None, intermediate = "rational"),
    text_signature = "(numbers, target=24, intermediate='rational')"
)]
fn twenty_four_solve(
    numbers: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    intermediate: &str,
) -> PyResult<Vec<String>> {
    Ok(solver::solve(
        &numbers_arg(numbers)?,
        &options(target, intermediate)?,
    )?)
}

/// Whether the numbers can make the target.
#[pyfunction]
#[pyo3(
    signature = (numbers, target = None, intermediate = "rational"),
    text_signature = "(numbers, target=24, intermediate='rational')"
)]
fn twenty_four_is_solvable(
    numbers: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    intermediate: &str,
) -> PyResult<bool> {
    Ok(solver::is_solvable(
        &numbers_arg(numbers)?,
        &options(target, intermediate)?,
    )?)
}

/// Number of distinct solutions.
#[pyfunction]
#[pyo3(
    signature = (numbers, target = None, intermediate = "rational"),
    text_signature = "(numbers, target=24, intermediate='rational')"
)]
fn twenty_four_count_solutions(
    numbers: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    intermediate: &str,
) -> PyResult<u32> {
    Ok(solver::count_solutions(
        &numbers_arg(numbers)?,
        &options(target, intermediate)?,
    )?)
}

/// One solution (the first in enumeration order), or None.
#[pyfunction]
#[pyo3(
    signature = (numbers, target = None, intermediate = "rational"),
    text_signature = "(numbers, target=24, intermediate='rational')"
)]
fn twenty_four_first_solution(
    numbers: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    intermediate: &str,
) -> PyResult<Option<String>> {
    Ok(solver::first_solution(
        &numbers_arg(numbers)?,
        &options(target, intermediate)?,
    )?)
}

/// Checks a claimed solution: `(True, canonical form)` or `(False, reason)`; ParseError if malformed.
#[pyfunction]
#[pyo3(
    signature = (expression, cards, target = None, intermediate = "rational"),
    text_signature = "(expression, cards, target=24, intermediate='rational')"
)]
fn twenty_four_check(
    expression: &str,
    cards: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    intermediate: &str,
) -> PyResult<(bool, String)> {
    Ok(
        match expr::check(expression, &numbers_arg(cards)?, &options(target, intermediate)?)? {
            Verdict::Valid { canonical } => (true, canonical),
            Verdict::Invalid(reason) => (false, reason.to_string()),
        },
    )
}

/// An `(N, 4)` integer array (anything `numpy.asarray` accepts) → rows, with named errors for the
/// wrong shape, floats (NaN called out), negatives and numbers over the maximum.
fn rows_arg(py: Python<'_>, numbers: &Bound<'_, PyAny>) -> PyResult<Vec<[u64; NUMBERS]>> {
    let np = py.import("numpy")?;
    let arr = np.call_method1("asarray", (numbers,))?;
    let untyped = arr.cast::<PyUntypedArray>()?;
    let shape = untyped.shape().to_vec();
    if shape.len() != 2 || shape[1] != NUMBERS {
        return Err(LudoError::Shape {
            expected: "an (N, 4) array of integers".into(),
            got: format!("shape {shape:?}"),
        }
        .into());
    }
    let dtype = untyped.dtype();
    let kind = dtype.kind();
    let rows: Vec<[u64; NUMBERS]> = match kind {
        b'i' => {
            let a: PyReadonlyArray2<'_, i64> = arr.call_method1("astype", ("int64",))?.extract()?;
            let view = a.as_array();
            let mut rows = Vec::with_capacity(shape[0]);
            for (i, r) in view.rows().into_iter().enumerate() {
                if let Some(x) = r.iter().find(|&&x| x < 0) {
                    return Err(
                        LudoError::param("numbers", format!("row {i} has the negative number {x}")).into(),
                    );
                }
                rows.push([r[0] as u64, r[1] as u64, r[2] as u64, r[3] as u64]);
            }
            rows
        }
        b'u' => {
            let a: PyReadonlyArray2<'_, u64> = arr.call_method1("astype", ("uint64",))?.extract()?;
            a.as_array()
                .rows()
                .into_iter()
                .map(|r| [r[0], r[1], r[2], r[3]])
                .collect()
        }
        b'f' | b'c' => {
            let nan: bool = np
                .call_method1("isnan", (&arr,))?
                .call_method0("any")?
                .extract()?;
            let why = if nan {
                "contains NaN".to_string()
            } else {
                format!("has dtype {dtype}; numbers are non-negative integers")
            };
            return Err(LudoError::param("numbers", why).into());
        }
        _ => {
            return Err(
                LudoError::param("numbers", format!("has dtype {dtype}; pass an integer array")).into(),
            )
        }
    };
    Ok(rows)
}

/// Classifies every row of an `(N, 4)` array: `(solvable: bool[N], counts: uint32[N])`, the number of
/// distinct solutions. The GIL is released; rows are solved in parallel (`threads`: default all cores,
/// at most `MAX_THREADS`).
#[pyfunction]
#[pyo3(
    signature = (numbers, target = None, intermediate = "rational", threads = None),
    text_signature = "(numbers, target=24, intermediate='rational', threads=None)"
)]
#[allow(clippy::type_complexity)]
fn twenty_four_solve_batch<'py>(
    py: Python<'py>,
    numbers: &Bound<'py, PyAny>,
    target: Option<&Bound<'py, PyAny>>,
    intermediate: &str,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyArray1<bool>>, Bound<'py, PyArray1<u32>>)> {
    let opts = options(target, intermediate)?;
    let threads = threads_arg(threads)?;
    let rows = rows_arg(py, numbers)?;
    let (mut ok, mut counts) = (vec![false; rows.len()], vec![0u32; rows.len()]);
    // Interruptible: Ctrl-C between chunks of rows raises KeyboardInterrupt.
    let watch = crate::batch::Watch::default();
    super::batch::run_watched(
        py,
        &watch,
        rows.len() as u64,
        None,
        || -> Result<(), LudoError> {
            let mut run = || solver::solve_batch_watched(&rows, &opts, &mut ok, &mut counts, &watch);
            match threads {
                Some(t) if t > 0 => rayon::ThreadPoolBuilder::new()
                    .num_threads(t)
                    .build()
                    .map_err(|e| LudoError::param("threads", e.to_string()))?
                    .install(run),
                _ => run(),
            }
        },
    )??;
    Ok((PyArray1::from_vec(py, ok), PyArray1::from_vec(py, counts)))
}

/// The centre card values of a Twenty-Four state, in centre order (seat 0's cards first); empty while
/// dealing. `solve(twenty_four_board(state))` lists the solutions on the table.
#[pyfunction]
fn twenty_four_board(state: &Bound<'_, PyState>) -> PyResult<Vec<u64>> {
    let s = state.borrow();
    let s: &TwentyFourState = s.downcast_ref()?;
    Ok(s.centre().into_iter().map(value).collect())
}

/// Adds the Twenty-Four functions to `ludoteca._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(twenty_four_solve, m)?)?;
    m.add_function(wrap_pyfunction!(twenty_four_is_solvable, m)?)?;
    m.add_function(wrap_pyfunction!(twenty_four_count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(twenty_four_first_solution, m)?)?;
    m.add_function(wrap_pyfunction!(twenty_four_check, m)?)?;
    m.add_function(wrap_pyfunction!(twenty_four_solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(twenty_four_board, m)?)?;
    Ok(())
}
