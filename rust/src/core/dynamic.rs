//! Moved to [`crate::dynamic`] (it builds on `batch`, which builds on `core`): this re-export keeps
//! the old path working until every user imports `crate::dynamic`.
pub use crate::dynamic::*;
