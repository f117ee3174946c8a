//! The API contract, checked with `cargo test` for every example of every registered game (the Rust
//! twin of `tests/test_api_conformance.py`, so a new game's rules module is checked before any Python
//! exists).
//!
//! Random playouts with explicit chance check at every step: chance outcomes are a distribution over
//! the legal list; the legal list is sorted and is exactly what `apply_action` accepts (a refused action
//! changes nothing); action names round-trip; replaying the history from a fresh state gives the same
//! state (the serialised form is the history); every card is in exactly one place and none appears or
//! vanishes; observations fit their shape and bounds; the game ends within `max_game_length`. For card
//! games, swapping two cards a seat cannot see (in the chance events that put them there) leaves that
//! seat's observation string, tensor and information state unchanged.

use crate::core::game::{Action, Player};
use crate::core::rng::Rng;
use crate::dynamic::{DynGame, DynState};
use crate::registry::{load_game, registered_games};
use std::collections::BTreeSet;

fn examples() -> Vec<&'static str> {
    registered_games()
        .iter()
        .flat_map(|i| i.examples.iter().copied())
        .collect()
}

fn legal(state: &dyn DynState) -> Vec<Action> {
    let mut out = Vec::new();
    state.legal_actions(&mut out);
    out
}

/// One random step with explicit chance (chance outcomes drawn by their probabilities).
fn random_step(state: &mut dyn DynState, rng: &mut Rng) {
    let action = match state.current_player() {
        Player::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            crate::core::game::sample_outcome(&outcomes, rng)
        }
        _ => {
            let l = legal(state);
            l[rng.below(l.len() as u32) as usize]
        }
    };
    state.apply_action(action).unwrap();
}

/// Everything a seat or an observer can read off a state, for equality checks.
fn fingerprint(game: &dyn DynGame, state: &dyn DynState) -> String {
    let mut s = format!(
        "{:?}\n{:?}\n{}\n",
        state.current_player(),
        legal(state),
        state.to_display()
    );
    let mut obs = vec![0f32; game.observation_shape().iter().product()];
    for p in 0..game.num_players() {
        state.write_observation(p, &mut obs);
        s += &format!(
            "{}\n{}\n{:?}\n",
            state.observation_string(p),
            state.information_state_string(p),
            obs
        );
    }
    let mut r = vec![0.0; game.num_players()];
    state.returns(&mut r);
    s + &format!("{r:?}")
}

fn replay(game: &dyn DynGame, history: &[Action]) -> Option<Box<dyn DynState>> {
    let mut state = game.new_state();
    for &a in history {
        state.apply_action(a).ok()?;
    }
    Some(state)
}

/// Every card in exactly one place; the same cards as `expected` (set on the first call).
fn check_cards(spec: &str, state: &dyn DynState, expected: &mut Option<BTreeSet<Action>>) {
    let Some(locs) = state.card_locations() else {
        return;
    };
    let all: Vec<Action> = locs.iter().flat_map(|(_, c)| c.iter().copied()).collect();
    let set: BTreeSet<Action> = all.iter().copied().collect();
    assert_eq!(set.len(), all.len(), "{spec}: a card is in two places: {locs:?}");
    match expected {
        Some(e) => assert_eq!(&set, e, "{spec}: a card appeared or vanished"),
        None => *expected = Some(set),
    }
}

fn check_step(spec: &str, game: &dyn DynGame, state: &mut Box<dyn DynState>, rng: &mut Rng) {
    let n_actions = game.num_distinct_actions();
    let l = legal(&**state);
    assert!(
        l.windows(2).all(|w| w[0] < w[1]),
        "{spec}: legal list not sorted: {l:?}"
    );
    assert!(
        l.iter().all(|&a| (a as usize) < n_actions),
        "{spec}: legal id out of range"
    );
    if state.current_player() == Player::Chance {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let ids: Vec<Action> = outcomes.iter().map(|o| o.0).collect();
        assert_eq!(ids, l, "{spec}: chance outcomes are not the legal list");
        // OpenSpiel's contract: every chance outcome id lies in 0..max_chance_outcomes.
        assert!(
            ids.iter().all(|&a| (a as usize) < game.max_chance_outcomes()),
            "{spec}: a chance id is not below max_chance_outcomes: {ids:?}"
        );
        let total: f64 = outcomes.iter().map(|o| o.1).sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "{spec}: chance probabilities sum to {total}"
        );
    }
    // The mask: `apply_action` accepts exactly the legal ids (all of them, a sample of the others),
    // and a refused action leaves the state as it was.
    let before = state.history().to_vec();
    let shown = state.to_display();
    let probes: Vec<Action> = if n_actions <= 128 {
        (0..n_actions as Action).collect()
    } else {
        let mut p: Vec<Action> = (0..24).map(|_| rng.below(n_actions as u32)).collect();
        p.extend(l.iter().take(8));
        p
    };
    for a in probes.into_iter().chain([n_actions as Action, Action::MAX]) {
        let mut copy = state.clone_box();
        let ok = copy.apply_action(a).is_ok();
        assert_eq!(
            ok,
            l.binary_search(&a).is_ok(),
            "{spec}: apply_action({a}) vs legal {l:?}"
        );
        if !ok {
            assert_eq!(
                copy.history(),
                &before[..],
                "{spec}: a refused action changed the history"
            );
            assert_eq!(
                copy.to_display(),
                shown,
                "{spec}: a refused action changed the state"
            );
        }
    }
    for &a in &l {
        let name = state.action_to_string(a);
        assert_eq!(
            state.string_to_action(&name).ok(),
            Some(a),
            "{spec}: name {name:?} of {a}"
        );
    }
    if let Player::Seat(p) = state.current_player() {
        assert!(p < game.num_players());
        let (low, high) = game.observation_bounds();
        let mut obs = vec![0f32; game.observation_shape().iter().product()];
        state.write_observation(p, &mut obs);
        for (i, x) in obs.iter().enumerate() {
            assert!(
                low[i] <= *x && *x <= high[i],
                "{spec}: observation[{i}] = {x} outside bounds"
            );
        }
    }
}

#[test]
fn random_playouts_honour_the_api() {
    for spec in examples() {
        let game = load_game(spec).unwrap();
        let again = load_game(&game.game_string()).unwrap();
        assert_eq!(
            again.game_string(),
            game.game_string(),
            "{spec}: game string round trip"
        );
        let mut rng = Rng::new(spec.len() as u64);
        for _ in 0..2 {
            let mut state = game.new_state();
            let mut cards = None;
            let mut steps = 0;
            while state.current_player() != Player::Terminal {
                check_cards(spec, &*state, &mut cards);
                // Full checks on the early steps of long games (Go, matches), then plain play.
                if steps < 150 {
                    check_step(spec, &*game, &mut state, &mut rng);
                }
                random_step(&mut *state, &mut rng);
                steps += 1;
                assert!(
                    steps <= game.max_game_length(),
                    "{spec}: longer than max_game_length"
                );
            }
            assert!(
                legal(&*state).is_empty(),
                "{spec}: legal actions at a terminal state"
            );
            // The history is the serialised form: replaying it rebuilds the same state.
            let copy = replay(&*game, state.history()).expect("the history replays");
            assert!(
                fingerprint(&*game, &*copy) == fingerprint(&*game, &*state),
                "{spec}: replay differs"
            );
        }
    }
}

#[test]
fn replaying_a_history_rebuilds_every_intermediate_state() {
    for spec in examples() {
        let game = load_game(spec).unwrap();
        let mut rng = Rng::new(7);
        let mut state = game.new_state();
        for _ in 0..(1 + rng.below(80)) {
            if state.current_player() == Player::Terminal {
                break;
            }
            random_step(&mut *state, &mut rng);
        }
        let copy = replay(&*game, state.history()).unwrap();
        assert!(
            fingerprint(&*game, &*copy) == fingerprint(&*game, &*state),
            "{spec}: replay differs"
        );
        let clone = state.clone_box();
        assert!(
            fingerprint(&*game, &*clone) == fingerprint(&*game, &*state),
            "{spec}: clone differs"
        );
    }
}

/// Swaps two cards seat `p` cannot see (in the last chance events that placed them): `p`'s view of the
/// state must not change, while the cards did change places.
#[test]
fn observations_ignore_cards_the_player_cannot_see() {
    for spec in examples() {
        let game = load_game(spec).unwrap();
        if game.new_state().card_locations().is_none() {
            continue;
        }
        let mut rng = Rng::new(spec.len() as u64 + 1);
        let mut checked = 0;
        for _ in 0..30 {
            let mut state = game.new_state();
            let target = 10 + rng.below(190) as usize;
            while state.current_player() != Player::Terminal
                && (state.history().len() < target || state.current_player() == Player::Chance)
            {
                random_step(&mut *state, &mut rng);
            }
            if state.current_player() == Player::Terminal {
                continue;
            }
            let locs = state.card_locations().unwrap();
            for p in 0..game.num_players() {
                // What `p` saw at some time: the observation and the information state (a card taken from
                // a face-up pile into a hand was seen by everyone, though no longer shown).
                let view = format!(
                    " {} {} ",
                    state.observation_string(p).replace('\n', " "),
                    state.information_state_string(p).replace('\n', " ")
                );
                let unseen = |place: &str| {
                    (place.starts_with("hand ") && place != format!("hand {p}"))
                        || place == "stock"
                        || place == "talon"
                };
                // (place, card) for every card `p` cannot see: other hands, the face-down stock, the talon.
                let hidden: Vec<(usize, Action)> = locs
                    .iter()
                    .enumerate()
                    .filter(|(_, (place, _))| unseen(place))
                    .flat_map(|(i, (_, cards))| cards.iter().map(move |&c| (i, c)))
                    .filter(|&(_, c)| !view.contains(&format!(" {} ", state.action_to_string(c))))
                    .collect();
                // A card in another seat's hand, and one more out of `p`'s sight.
                let in_hands: Vec<&(usize, Action)> = hidden
                    .iter()
                    .filter(|(i, _)| locs[*i].0.starts_with("hand "))
                    .collect();
                if in_hands.is_empty() {
                    continue;
                }
                let (place_a, a) = *in_hands[rng.below(in_hands.len() as u32) as usize];
                // Prefer a card from another place; else one of the same (a stack's order can matter).
                let mut others: Vec<Action> = hidden
                    .iter()
                    .filter(|(i, _)| *i != place_a)
                    .map(|x| x.1)
                    .collect();
                if others.is_empty() {
                    others = hidden.iter().map(|x| x.1).filter(|&c| c != a).collect();
                }
                if others.is_empty() {
                    continue;
                }
                let b = others[rng.below(others.len() as u32) as usize];
                // The chance events that put them there exchanged (a card never dealt yet simply takes
                // the other's place).
                let h = state.history();
                let mut swapped = h.to_vec();
                let ia = h.iter().rposition(|&y| y == a).unwrap();
                swapped[ia] = b;
                // The current deal began no later than the deal of any card now in a hand; a `b` last
                // seen before that belongs to an earlier deal of a match (Razz's stock), which stays.
                let deal_start = locs
                    .iter()
                    .filter(|(place, _)| place.starts_with("hand "))
                    .flat_map(|(_, cards)| cards.iter())
                    .filter_map(|&c| h.iter().rposition(|&y| y == c))
                    .min()
                    .unwrap_or(0);
                if let Some(ib) = h.iter().rposition(|&y| y == b).filter(|&ib| ib >= deal_start) {
                    swapped[ib] = a;
                }
                let Some(other) = replay(&*game, &swapped) else {
                    continue;
                };
                // Only swaps that moved cards count (a widow taken into the hand can undo one).
                if other.card_locations() == state.card_locations() {
                    continue;
                }
                let mut obs = [vec![0f32; game.observation_shape().iter().product()], Vec::new()];
                obs[1] = obs[0].clone();
                state.write_observation(p, &mut obs[0]);
                other.write_observation(p, &mut obs[1]);
                assert_eq!(
                    other.observation_string(p),
                    state.observation_string(p),
                    "{spec} seat {p}"
                );
                assert_eq!(obs[0], obs[1], "{spec} seat {p}: observation tensor");
                assert_eq!(
                    other.information_state_string(p),
                    state.information_state_string(p),
                    "{spec} seat {p}: information state"
                );
                checked += 1;
            }
        }
        assert!(checked > 0, "{spec}: no swap was checked");
    }
}

/// Every declared choice word of every game, alone and with each preset: the game loads or refuses
/// the combination with an error, never panics. With `Params::choice` (a debug assertion on a word
/// the game's table lacks) and `Params::declared` (a key read but not declared), this is the test
/// that makes those programming errors fail `cargo test`.
#[test]
fn every_declared_choice_loads_or_is_refused() {
    use crate::core::params::Kind;
    for info in registered_games() {
        let presets: Vec<Option<&str>> = std::iter::once(None)
            .chain(info.presets.iter().map(|(name, _)| Some(*name)))
            .collect();
        for spec in info.params {
            let Kind::Choice(words) = spec.kind else {
                continue;
            };
            for word in words {
                for preset in &presets {
                    let game = match preset {
                        Some(p) if spec.name != "ruleset" => {
                            format!("{}(ruleset={p},{}={word})", info.short_name, spec.name)
                        }
                        _ => format!("{}({}={word})", info.short_name, spec.name),
                    };
                    let loaded = std::panic::catch_unwind(|| load_game(&game).map(|_| ()));
                    assert!(loaded.is_ok(), "{game}: loading panicked");
                }
            }
        }
    }
}

/// Every registered game declares its utility, and random games (explicit chance, then seeded
/// whole playouts) stay inside it: each return in `[min, max]`, the declared sum held, and the
/// rewards of each step adding up to the returns.
#[test]
fn returns_stay_within_the_declared_utility() {
    for spec in examples() {
        let game = load_game(spec).unwrap();
        let u = game
            .utility()
            .unwrap_or_else(|| panic!("{spec}: no utility declared"));
        assert!(
            u.min <= 0.0 && 0.0 <= u.max,
            "{spec}: a draw (0) must lie within the bounds"
        );
        let n = game.num_players();
        let check = |state: &dyn DynState, what: &str| {
            let mut r = vec![0.0; n];
            state.returns(&mut r);
            for (s, &x) in r.iter().enumerate() {
                assert!(
                    u.min <= x && x <= u.max,
                    "{spec}: {what}: seat {s} returns {x} outside [{}, {}]",
                    u.min,
                    u.max
                );
            }
            if let Some(sum) = u.sum {
                let total: f64 = r.iter().sum();
                assert!(
                    (total - sum).abs() < 1e-9,
                    "{spec}: {what}: returns add up to {total}, not {sum}"
                );
            }
            r
        };
        let mut rng = Rng::new(7 + spec.len() as u64);
        for _ in 0..3 {
            let mut state = game.new_state();
            let mut total = vec![0.0; n];
            while state.current_player() != Player::Terminal {
                random_step(&mut *state, &mut rng);
                let mut r = vec![0.0; n];
                state.rewards(&mut r);
                total.iter_mut().zip(&r).for_each(|(t, x)| *t += x);
            }
            let r = check(&*state, "explicit chance");
            for s in 0..n {
                assert!(
                    (total[s] - r[s]).abs() < 1e-9,
                    "{spec}: rewards add up to {total:?}, returns {r:?}"
                );
            }
        }
        for _ in 0..20 {
            let mut state = game.new_state();
            state.resolve_chance(&mut rng);
            let mut total = vec![0.0; n];
            while state.current_player() != Player::Terminal {
                let l = legal(&*state);
                state.apply_action(l[rng.below(l.len() as u32) as usize]).unwrap();
                state.resolve_chance(&mut rng);
                let mut r = vec![0.0; n];
                state.rewards(&mut r);
                total.iter_mut().zip(&r).for_each(|(t, x)| *t += x);
            }
            let r = check(&*state, "seeded chance");
            for s in 0..n {
                assert!(
                    (total[s] - r[s]).abs() < 1e-9,
                    "{spec}: seeded rewards add up to {total:?}, returns {r:?}"
                );
            }
        }
    }
}
