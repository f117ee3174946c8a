//! Helpers for the trick games' own tests: cards by name and actions applied by name.

use super::{TrickRules, TrickState};
use crate::cards::{Card, CardSet};
use crate::core::game::State;

/// The card named `name` in the state's deck.
pub(crate) fn card<R: TrickRules>(st: &TrickState<R>, name: &str) -> Card {
    st.rules().deck().parse(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The cards named in `names` (separated by spaces).
pub(crate) fn cards<R: TrickRules>(st: &TrickState<R>, names: &str) -> CardSet {
    names.split_whitespace().map(|n| card(st, n)).collect()
}

/// Applies the named actions in order (each checked).
pub(crate) fn act<S: State>(st: &mut S, names: &[&str]) {
    for n in names {
        let a = st.string_to_action(n).unwrap_or_else(|e| panic!("{n}: {e}"));
        st.apply_action(a).unwrap_or_else(|e| panic!("{n}: {e}"));
    }
}
