//! The one mapping from [`LudoError`] to the Python exception classes of `ludoteca.errors`.
//!
//! The classes are defined in Python (docstrings, multiple inheritance such as
//! `IllegalActionError(LudoError, ValueError)`, pickling) and imported here.

use crate::error::LudoError;
use pyo3::{import_exception, PyErr};

import_exception!(ludoteca.errors, ParseError);
import_exception!(ludoteca.errors, IllegalActionError);
import_exception!(ludoteca.errors, UnknownGameError);
import_exception!(ludoteca.errors, InvalidParameterError);
import_exception!(ludoteca.errors, InvalidPositionError);
import_exception!(ludoteca.errors, GameOverError);
import_exception!(ludoteca.errors, NodeKindError);
import_exception!(ludoteca.errors, ShapeError);

impl From<LudoError> for PyErr {
    fn from(err: LudoError) -> PyErr {
        let msg = err.to_string();
        // Exhaustive on purpose: a new variant does not compile until it is mapped.
        match err {
            LudoError::Parse { .. } => ParseError::new_err(msg),
            LudoError::IllegalAction { .. } => IllegalActionError::new_err(msg),
            LudoError::UnknownGame { .. } => UnknownGameError::new_err(msg),
            LudoError::InvalidParameter { .. } => InvalidParameterError::new_err(msg),
            LudoError::InvalidPosition { .. } => InvalidPositionError::new_err(msg),
            LudoError::GameOver => GameOverError::new_err(msg),
            LudoError::NodeKind { .. } => NodeKindError::new_err(msg),
            LudoError::Shape { .. } => ShapeError::new_err(msg),
        }
    }
}
