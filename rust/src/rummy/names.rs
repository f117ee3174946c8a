//! Action names built once per game: a rummy game has a few hundred fixed action ids whose names are
//! a pure function of the id, and its information-state strings name every action of a long history,
//! so the names are computed on first use and then only borrowed.

use crate::core::game::Action;
use std::sync::OnceLock;

/// The names of actions `0..n`, built on first use by `make` (one per game, in a `static`).
pub struct ActionNames {
    names: OnceLock<Vec<String>>,
}

impl ActionNames {
    /// An empty cache (usable in a `static`).
    pub const fn new() -> Self {
        ActionNames {
            names: OnceLock::new(),
        }
    }

    /// Every name, ids `0..n`, building them with `make` the first time.
    pub fn all(&self, n: Action, make: fn(Action) -> String) -> &[String] {
        self.names.get_or_init(|| (0..n).map(make).collect())
    }

    /// The name of `a`, or `#a` for an id outside `0..n`.
    pub fn name(&self, n: Action, make: fn(Action) -> String, a: Action) -> String {
        match self.all(n, make).get(a as usize) {
            Some(name) => name.clone(),
            None => format!("#{a}"),
        }
    }
}

impl Default for ActionNames {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(a: Action) -> String {
        format!("action {a}")
    }

    #[test]
    fn names_are_built_once_and_out_of_range_ids_are_numbered() {
        static NAMES: ActionNames = ActionNames::new();
        assert_eq!(NAMES.all(3, make), ["action 0", "action 1", "action 2"]);
        assert_eq!(NAMES.name(3, make, 2), "action 2");
        assert_eq!(NAMES.name(3, make, 3), "#3");
        // The same storage is borrowed again.
        let first = NAMES.all(3, make).as_ptr();
        assert_eq!(NAMES.all(3, make).as_ptr(), first);
    }
}
