//! The one place where Python values become checked Rust values. Every public function that takes a
//! number or an array converts it here, so a bad value always gets the same named error:
//!
//! - an integer outside its range (`seed=-1`, `seed=2**64`, `threads=-1`) is an `InvalidParameterError`
//!   naming the parameter and the range, never an `OverflowError`;
//! - something that is not an integer (`1.5`, `"3"`, `True`) is a `TypeError` naming the parameter;
//! - a numpy array of the wrong dtype, shape or memory layout is a `ShapeError` naming what was expected
//!   and what was given.
//!
//! Game-specific bindings (Go, Xiangqi, Twenty-Four) use the same helpers.

use crate::error::LudoError;
use numpy::{PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// `value` as an integer in `min..=max`, or a named error (see the module docs).
pub fn int_in(value: &Bound<'_, PyAny>, name: &str, min: i128, max: i128) -> PyResult<i128> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        // numpy integer scalars are not `int` subclasses but index like one.
        if !value.is_instance_of::<PyBool>()
            && value.hasattr("__index__")?
            && !value.is_instance_of::<PyInt>()
        {
            let as_int = value.call_method0("__index__")?;
            return int_in(&as_int, name, min, max);
        }
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, got {} {}",
            value.get_type().name()?,
            short_repr(value)
        )));
    }
    let out_of_range = || -> PyErr {
        LudoError::param(
            name,
            format!("{} is outside {}", short_repr(value), range_text(min, max)),
        )
        .into()
    };
    let x: i128 = value.extract().map_err(|_| out_of_range())?;
    if x < min || x > max {
        return Err(out_of_range());
    }
    Ok(x)
}

/// A `u64` parameter such as a seed (`0..=2**64-1`).
pub fn u64_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    Ok(int_in(value, name, 0, u64::MAX as i128)? as u64)
}

/// An optional `u64` parameter (`None` passes through).
pub fn opt_u64(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<u64>> {
    value
        .filter(|v| !v.is_none())
        .map(|v| u64_arg(v, name))
        .transpose()
}

/// A count or index in `min..=max`.
pub fn usize_in(value: &Bound<'_, PyAny>, name: &str, min: usize, max: usize) -> PyResult<usize> {
    Ok(int_in(value, name, min as i128, max as i128)? as usize)
}

/// A `u32` id in `0..=max`.
pub fn u32_in(value: &Bound<'_, PyAny>, name: &str, max: u32) -> PyResult<u32> {
    Ok(int_in(value, name, 0, max as i128)? as u32)
}

/// An `i64` parameter in `min..=max`.
pub fn i64_in(value: &Bound<'_, PyAny>, name: &str, min: i64, max: i64) -> PyResult<i64> {
    Ok(int_in(value, name, min as i128, max as i128)? as i64)
}

/// Most worker threads `simulate` and `solve_batch` start.
pub use crate::batch::MAX_THREADS;

/// The `threads` argument: `None` (all cores) or `1..=MAX_THREADS`; `0` also means all cores.
pub fn threads_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    match value.filter(|v| !v.is_none()) {
        None => Ok(None),
        Some(v) => Ok(Some(usize_in(v, "threads", 0, MAX_THREADS)?)),
    }
}

fn range_text(min: i128, max: i128) -> String {
    let show = |x: i128| match x {
        x if x == u64::MAX as i128 => "2**64-1".to_string(),
        x if x == i64::MAX as i128 => "2**63-1".to_string(),
        x if x == u32::MAX as i128 => "2**32-1".to_string(),
        x => x.to_string(),
    };
    format!("{}..={}", show(min), show(max))
}

/// `repr(value)`, cut to a readable length (a huge int or array must not flood the message).
pub fn short_repr(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<unprintable>".to_string());
    if text.chars().count() > 40 {
        let head: String = text.chars().take(37).collect();
        format!("{head}...")
    } else {
        text
    }
}

/// Dtype and shape of a numpy array, for error messages (`int32 array of shape (3, 2)`), or the
/// Python type name for anything else.
pub fn describe_array(value: &Bound<'_, PyAny>) -> String {
    match value.cast::<PyUntypedArray>() {
        Ok(a) => format!("{} array of shape {}", a.dtype(), shape_text(a.shape())),
        Err(_) => value
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "object".into()),
    }
}

/// `(3, 2)` as Python writes a shape.
pub fn shape_text(shape: &[usize]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!(
            "({})",
            shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A 1-D integer array (or sequence) of length `len`, as `i64` values. Any integer dtype is accepted
/// (values are converted exactly; uint64 values above 2**63-1 are an error); floats, bools, other
/// dtypes and other shapes are a `ShapeError` naming the expected dtype and shape.
pub fn int_vector(py: Python<'_>, value: &Bound<'_, PyAny>, name: &str, len: usize) -> PyResult<Vec<i64>> {
    let np = py.import("numpy")?;
    let expected = || format!("{name}: a 1-D integer array of shape ({len},)");
    let arr = if value.cast::<PyUntypedArray>().is_ok() {
        value.clone()
    } else {
        np.call_method1("asarray", (value,)).map_err(|_| -> PyErr {
            LudoError::Shape {
                expected: expected(),
                got: describe_array(value),
            }
            .into()
        })?
    };
    let untyped = arr.cast::<PyUntypedArray>()?;
    let kind = untyped.dtype().kind();
    if !matches!(kind, b'i' | b'u') || untyped.shape() != [len] {
        return Err(LudoError::Shape {
            expected: expected(),
            got: describe_array(&arr),
        }
        .into());
    }
    if kind == b'u' {
        let too_big: bool = arr
            .call_method1("__gt__", (i64::MAX as u64,))?
            .call_method0("any")?
            .extract()?;
        if too_big {
            return Err(LudoError::param(name, "has values above 2**63-1").into());
        }
    }
    let as_i64 = arr.call_method1("astype", ("int64",))?;
    let list = as_i64.call_method0("tolist")?;
    list.extract()
}

/// A writable, C-contiguous float32 array of exactly one of the `shapes`, or a `ShapeError`.
/// (A Fortran-ordered or transposed array is contiguous too, but its rows are not the rows written.)
pub fn check_out_array(value: &Bound<'_, PyAny>, name: &str, shapes: &[Vec<usize>]) -> PyResult<()> {
    let expected = || {
        let s: Vec<String> = shapes.iter().map(|s| shape_text(s)).collect();
        format!(
            "{name}: a writable C-contiguous float32 array of shape {}",
            s.join(" or ")
        )
    };
    let bad = |got: String| -> PyErr {
        LudoError::Shape {
            expected: expected(),
            got,
        }
        .into()
    };
    let arr = value
        .cast::<PyUntypedArray>()
        .map_err(|_| bad(describe_array(value)))?;
    let dtype = arr.dtype();
    if dtype.kind() != b'f' || dtype.itemsize() != 4 || !shapes.iter().any(|s| arr.shape() == s.as_slice()) {
        return Err(bad(describe_array(value)));
    }
    if !arr.is_c_contiguous() {
        return Err(bad(format!("{} that is not C-contiguous", describe_array(value))));
    }
    let writeable: bool = value.getattr("flags")?.getattr("writeable")?.extract()?;
    if !writeable {
        return Err(bad(format!("a read-only {}", describe_array(value))));
    }
    Ok(())
}
