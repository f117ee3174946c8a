//! Helpers for the trick games' own tests: cards by name and actions applied by name.

use super::{TrickGame, TrickRules, TrickState};
use crate::cards::{Card, CardSet};
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;

/// The card named `name` in the state's deck.
pub(crate) fn card<R: TrickRules>(st: &TrickState<R>, name: &str) -> Card {
    st.rules()
        .deck()
        .parse(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
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

/// Plays at random from `rng` (chance and decisions, every action checked) while `go_on` holds and the
/// game is not over.
pub(crate) fn play_random_while<S: State>(st: &mut S, rng: &mut Rng, go_on: impl Fn(&S) -> bool) {
    while st.current_player() != Player::Terminal && go_on(st) {
        let a = if st.current_player() == Player::Chance {
            st.sample_chance(rng)
        } else {
            st.random_action(rng)
        };
        st.apply_action(a).unwrap();
    }
}

/// Plays a whole game at random from `rng` (chance and decisions, every action checked) and lists
/// its dealers in order, one entry per change of dealer.
pub(crate) fn random_game_dealers<R: TrickRules>(
    game: &TrickGame<R>,
    rng: &mut Rng,
) -> (TrickState<R>, Vec<usize>) {
    let mut st = game.new_initial_state();
    let mut dealers = vec![st.core.dealer];
    while st.current_player() != Player::Terminal {
        play_random_while(&mut st, rng, |st| st.core.dealer == *dealers.last().unwrap());
        if st.core.dealer != *dealers.last().unwrap() {
            dealers.push(st.core.dealer);
        }
    }
    (st, dealers)
}

/// Checks the `first_dealer` parameter's bounds for the game named `game`: -1 (the last seat deals,
/// the default), seat 0 and the last seat `last_seat` are accepted; -2 is refused with an error
/// naming the parameter. Kills a parameter spec whose `min: -1` moved (to 0 or 1, which would refuse
/// the default or seat 0; to -2, which would accept it).
pub(crate) fn assert_first_dealer_bounds(game: &str, last_seat: usize) {
    for dealer in ["-1".to_string(), "0".to_string(), last_seat.to_string()] {
        let spec = format!("{game}(first_dealer={dealer})");
        assert!(crate::registry::load_game(&spec).is_ok(), "{spec} refused");
    }
    let e = crate::registry::load_game(&format!("{game}(first_dealer=-2)"))
        .err()
        .unwrap_or_else(|| panic!("{game}(first_dealer=-2) accepted"));
    assert!(e.to_string().contains("first_dealer"), "{e}");
}
