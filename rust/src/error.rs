//! The one error type of the crate. Every failure reachable from user input is a `LudoError`;
//! the Python layer maps each variant to one exception class (see `py/errors.rs`).

use std::fmt;

/// Everything that can go wrong when a caller hands the engine bad input.
///
/// Messages say *what* was wrong, *where* and *why*, so the Python exception text is useful on its own.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LudoError {
    /// Malformed text: a card name, action name, game string, FEN, SGF, expression.
    Parse {
        what: String,
        input: String,
        reason: String,
    },
    /// A well-formed action that the rules forbid now. `reason` names the rule.
    IllegalAction {
        action: u32,
        name: String,
        reason: String,
    },
    /// `load_game` with a name that is not registered.
    UnknownGame { name: String, known: Vec<String> },
    /// A game parameter that is unknown, of the wrong type or out of range.
    InvalidParameter { name: String, reason: String },
    /// A position that parses but cannot occur (FEN, board setup).
    InvalidPosition { reason: String },
    /// A move-making call on a finished game.
    GameOver,
    /// A call that needs another kind of node (chance vs decision).
    NodeKind { expected: String, found: String },
    /// Array input (numpy) of the wrong shape, dtype or length.
    Shape { expected: String, got: String },
}

/// Crate-wide result type.
pub type Result<T, E = LudoError> = std::result::Result<T, E>;

impl LudoError {
    /// Shorthand for a parse error.
    pub fn parse(what: &str, input: &str, reason: impl Into<String>) -> Self {
        LudoError::Parse {
            what: what.into(),
            input: input.into(),
            reason: reason.into(),
        }
    }
    /// Shorthand for an invalid parameter.
    pub fn param(name: &str, reason: impl Into<String>) -> Self {
        LudoError::InvalidParameter {
            name: name.into(),
            reason: reason.into(),
        }
    }
    /// Shorthand for an illegal action.
    pub fn illegal(action: u32, name: impl Into<String>, reason: impl Into<String>) -> Self {
        LudoError::IllegalAction {
            action,
            name: name.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for LudoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LudoError::Parse { what, input, reason } => {
                write!(f, "cannot parse {what} from {input:?}: {reason}")
            }
            // No name: the id itself is not an action of the game, so the reason says it all.
            LudoError::IllegalAction { name, reason, .. } if name.is_empty() => {
                write!(f, "illegal action: {reason}")
            }
            LudoError::IllegalAction { action, name, reason } => {
                write!(f, "illegal action {name} (id {action}): {reason}")
            }
            LudoError::UnknownGame { name, known } => {
                let known: Vec<&str> = known.iter().map(String::as_str).collect();
                let hint = crate::core::params::did_you_mean(name, &known);
                write!(
                    f,
                    "unknown game {name:?}{hint}; registered games: {}",
                    known.join(", ")
                )
            }
            LudoError::InvalidParameter { name, reason } => {
                write!(f, "invalid parameter {name:?}: {reason}")
            }
            LudoError::InvalidPosition { reason } => write!(f, "invalid position: {reason}"),
            LudoError::GameOver => write!(f, "the game is over: no more actions can be applied"),
            LudoError::NodeKind { expected, found } => {
                write!(f, "expected a {expected} node, but this is a {found} node")
            }
            LudoError::Shape { expected, got } => write!(f, "wrong shape: expected {expected}, got {got}"),
        }
    }
}

impl std::error::Error for LudoError {}
