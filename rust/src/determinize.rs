//! Determinisation for every game: a state drawn from those a seat cannot tell apart from the real
//! one (`State.resample_hidden`, OpenSpiel's `resample_from_infostate`), from the generic API alone.
//!
//! The history is replayed with explicit chance, the chance outcomes the seat did not see are redrawn,
//! and a proposal is kept only if every action stays legal and the seat's information state is
//! unchanged (rejection sampling). What the seat learnt later (voids shown by failing to follow suit,
//! announced marriages, cards seen in a talon or an exchange) is enforced by the replay itself.
//!
//! 1. A chance outcome is *kept* when the seat saw it happen (its information state right after it
//!    differs from the one after another outcome of the same node: its own card, a face-up card), or
//!    when the card has been in a place the seat sees at any time since (`card_locations` put it
//!    outside other seats' hands and the face-down places of [`HIDDEN_PLACES`]: played, discarded
//!    to a pile and drawn back, given to the seat), or was shown to it while in a hidden place
//!    (`State::shown_cards`: taken from a face-up widow, given face up, handed over for a call).
//!    A card only named by an action (a called ace) stays hidden: its holder is redrawn, and the
//!    replay rejects holders that could not have made the actions. In a match only a card's last
//!    deal can be where the card is now, so earlier deals of it are kept, and so is the deal of a
//!    card that is back in the stock now (a finished hand or game).
//! 2. Every other chance outcome is redrawn uniformly from the outcomes legal at its node that no
//!    kept outcome uses later. For a deck dealt without replacement every such sequence of draws has
//!    the same probability, so the proposal is uniform over the redistributions of the hidden cards,
//!    and rejection keeps it uniform over the consistent ones.
//! 3. Another seat's private choice (`State::action_seen_by` false: a face-down discard, a give
//!    only its receiver sees) is redrawn uniformly among that seat's legal private choices in the
//!    proposal, unless a card it moved has been seen since (a given card its receiver has played)
//!    or belongs to a finished hand. Replaying the true discards would tell a search bot which
//!    cards lie face down. Where the number of those choices may depend on the hidden cards
//!    (Tarok's discards, which may not be kings), the proposal is kept with probability
//!    `choices / State::private_choice_bound()` (a public bound: the mover's hand size), so every
//!    (deal, choices) pair is proposed equally often.
//!
//! Departures from exact uniformity over every history consistent with the seat's information:
//! - a card an opponent has since played or shown keeps the deal where it arrived, so histories
//!   where it arrived at another draw of the same seat are not proposed. Where every card is dealt
//!   at once (Zole, Schafkopf) or no void has been shown, this leaves the cards' present places
//!   exactly uniform over the consistent placements; with draws after a shown void (Briscola with
//!   `must_follow_suit`) the present places lean slightly towards the true arrival order;
//! - a kept private choice (its card seen since) pins how the card got there: that it was dealt to
//!   its present holder instead is not proposed.

use crate::core::game::{Action, Player, Setup};
use crate::core::rng::Rng;
use crate::dynamic::{DynGame, DynState};
use crate::error::{LudoError, Result};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// `card_locations` place names whose cards no seat sees (other seats' hands are hidden too).
pub const HIDDEN_PLACES: &[&str] = &["stock", "talon", "undealt", "burned", "widow", "skat", "blind"];

/// Proposals tried before giving up.
pub const MAX_TRIES: usize = 5_000;

/// Places cards go back to between deals (a new hand dealt from the whole pack, a finished game).
const UNDEALT_PLACES: &[&str] = &["stock", "undealt"];

/// The cards hidden from `player` in `state` now, as a mask over action ids, and those in the
/// stock now. A card in the stock whose deal is in the history went back after it (Kabu's next
/// hand, East–West's next game): where that deal put it is past, and was shown or not then.
fn hidden_cards(state: &dyn DynState, player: usize, size: usize) -> (Vec<bool>, Vec<bool>) {
    let mut hidden = vec![false; size];
    let mut undealt = vec![false; size];
    let own = format!("hand {player}");
    for (place, cards) in state.card_locations().unwrap_or_default() {
        let other_hand = place.starts_with("hand ") && place != own;
        let back = UNDEALT_PLACES.contains(&place.as_str());
        if other_hand || HIDDEN_PLACES.contains(&place.as_str()) {
            for &c in &cards {
                if let Some(h) = hidden.get_mut(c as usize) {
                    *h = true;
                }
            }
        }
        if back {
            for &c in &cards {
                if let Some(u) = undealt.get_mut(c as usize) {
                    *u = true;
                }
            }
        }
    }
    (hidden, undealt)
}

/// The state the history starts from (the initial state, or the position set up).
fn base(game: &dyn DynGame, setup: &Setup) -> Result<Box<dyn DynState>> {
    match setup {
        Setup::Standard => Ok(game.new_state()),
        Setup::Text(text) => game.new_state_from_setup(text),
        Setup::Unrepresentable(why) => Err(LudoError::param(
            "state",
            format!("resample_hidden cannot replay this state: {why}"),
        )),
    }
}

fn replay_error(e: LudoError) -> LudoError {
    LudoError::param(
        "state",
        format!("resample_hidden could not replay the history: {e}"),
    )
}

/// Marks in `seen` every card `state` shows `player` now: its own hand, every place that is
/// neither another seat's hand nor face down, and the cards moved in public (`shown_cards`).
fn mark_visible(state: &dyn DynState, player: usize, seen: &mut [bool]) {
    let own = format!("hand {player}");
    for (place, cards) in state.card_locations().unwrap_or_default() {
        let hidden = (place.starts_with("hand ") && place != own) || HIDDEN_PLACES.contains(&place.as_str());
        if !hidden {
            for c in cards {
                if let Some(v) = seen.get_mut(c as usize) {
                    *v = true;
                }
            }
        }
    }
    for c in state.shown_cards(player) {
        if let Some(v) = seen.get_mut(c as usize) {
            *v = true;
        }
    }
}

/// The cards whose place differs between two `card_locations` answers.
fn moved_cards(before: &[(String, Vec<Action>)], after: &[(String, Vec<Action>)]) -> Vec<Action> {
    let place = |locations: &[(String, Vec<Action>)], c: Action| {
        locations.iter().position(|(_, cards)| cards.contains(&c))
    };
    let mut moved: Vec<Action> = Vec::new();
    for (_, cards) in before.iter().chain(after) {
        for &c in cards {
            if !moved.contains(&c)
                && place(before, c).map(|k| &before[k].0) != place(after, c).map(|k| &after[k].0)
            {
                moved.push(c);
            }
        }
    }
    moved
}

/// Per history entry: a chance outcome to redraw, a chance node at all, another seat's private
/// choice to redraw.
struct Decisions {
    redraw: Vec<bool>,
    chance_at: Vec<bool>,
    choose: Vec<bool>,
}

/// Which history entries are redrawn (see [`Decisions`]).
fn plan(game: &dyn DynGame, state: &dyn DynState, player: usize, setup: &Setup) -> Result<Decisions> {
    let history = state.history();
    let size = game.num_distinct_actions();
    let (hidden_now, undealt_now) = hidden_cards(state, player, size);
    let mut chance_at = Vec::with_capacity(history.len());
    // Last deal of each card, and whether the seat has seen the card since (it lay face up, in a
    // pile, in the seat's own hand): that deal is then known, however the card moved on.
    let mut last_deal: HashMap<Action, usize> = HashMap::new();
    let mut seen_since = vec![false; size];
    let mut seen = vec![false; size];
    // Last history entry after which the seat saw each card, and the other seats' private choices
    // (a face-down discard) with the cards each one moved.
    let mut last_seen: Vec<Option<usize>> = vec![None; size];
    let mut private: Vec<(usize, Vec<Action>)> = Vec::new();
    let mut s = base(game, setup)?;
    for (i, &a) in history.iter().enumerate() {
        let actor = s.current_player();
        let chance = actor == Player::Chance;
        chance_at.push(chance);
        let hidden_choice = matches!(actor, Player::Seat(p) if p != player) && !s.action_seen_by(a, player);
        let before = if hidden_choice {
            s.card_locations().unwrap_or_default()
        } else {
            Vec::new()
        };
        s.apply_action(a).map_err(replay_error)?;
        if hidden_choice {
            private.push((i, moved_cards(&before, &s.card_locations().unwrap_or_default())));
        }
        if chance {
            last_deal.insert(a, i);
            if let Some(v) = seen_since.get_mut(a as usize) {
                *v = false;
            }
        }
        seen.iter_mut().for_each(|v| *v = false);
        mark_visible(&*s, player, &mut seen);
        for ((v, &now), last) in seen_since.iter_mut().zip(&seen).zip(last_seen.iter_mut()) {
            *v |= now;
            if now {
                *last = Some(i);
            }
        }
    }
    // A private choice is redrawn when every card it moved is hidden now, has not been dealt again
    // since (a finished hand's discards are past, shown or not then), and is unseen since: else
    // what the seat saw since pins it (a given card the receiver has played).
    let mut choose = vec![false; history.len()];
    for (i, moved) in private {
        choose[i] = moved.iter().all(|&c| {
            hidden_now.get(c as usize).copied().unwrap_or(false)
                && !undealt_now.get(c as usize).copied().unwrap_or(false)
                && last_deal.get(&c).map_or(true, |&d| d < i)
                && last_seen
                    .get(c as usize)
                    .copied()
                    .flatten()
                    .map_or(true, |j| j < i)
        });
    }
    let mut redraw = vec![false; history.len()];
    let mut s = base(game, setup)?;
    let mut outcomes = Vec::new();
    for (i, &a) in history.iter().enumerate() {
        if chance_at[i] {
            let shown = seen_since.get(a as usize).copied().unwrap_or(false);
            let candidate = hidden_now.get(a as usize).copied().unwrap_or(false)
                && !undealt_now.get(a as usize).copied().unwrap_or(false)
                && last_deal.get(&a) == Some(&i)
                && !shown;
            if candidate {
                // Seen when dealt: another outcome of this node would change what the seat sees.
                // The observation string is the cheap probe (no history replay): the swap tests
                // guarantee it does not change with a card the seat cannot see, and a card it did
                // see but the observation hides would only make proposals fail, never leak.
                let mut seen = s.clone_box();
                seen.apply_action(a).map_err(replay_error)?;
                let after = seen.observation_string(player);
                s.chance_outcomes(&mut outcomes);
                let k = outcomes.len();
                let probes = outcomes
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j < 2 || j + 2 >= k)
                    .map(|(_, &(b, _))| b);
                let mut visible = false;
                for b in probes.filter(|&b| b != a) {
                    let mut other = s.clone_box();
                    other.apply_action(b).map_err(replay_error)?;
                    if other.observation_string(player) != after {
                        visible = true;
                        break;
                    }
                }
                redraw[i] = !visible;
            }
        }
        s.apply_action(a).map_err(replay_error)?;
    }
    Ok(Decisions {
        redraw,
        chance_at,
        choose,
    })
}

/// One replay with the chance outcomes marked in `redraw` drawn again; `None` when an action became
/// illegal or a node has no outcome left.
struct Plan {
    setup: Setup,
    player: usize,
    history: Vec<Action>,
    redraw: Vec<bool>,
    chance_at: Vec<bool>,
    /// Other seats' private choices, redrawn among the actor's legal private choices.
    choose: Vec<bool>,
    /// Per outcome id: how many kept chance outcomes use it (they may not be redrawn elsewhere).
    reserved: Vec<u32>,
    /// The seat's information state, which a sample must reproduce.
    target: String,
}

/// What identifies a plan: the game, the seat, the start and the history (a state is a pure function
/// of them).
type Key = (String, usize, Setup, Vec<Action>);

thread_local! {
    /// The last plan made on this thread: search bots draw many samples from the same state, and the
    /// plan (which chance outcomes to redraw) costs more than a proposal.
    static LAST_PLAN: RefCell<Option<(Key, Arc<Plan>)>> = const { RefCell::new(None) };
}

fn propose(
    game: &dyn DynGame,
    plan: &Plan,
    rng: &mut Rng,
    outcomes: &mut Vec<(Action, f64)>,
    choices: &mut Vec<Action>,
) -> Option<Box<dyn DynState>> {
    let (history, redraw, chance_at) = (&plan.history, &plan.redraw, &plan.chance_at);
    let mut reserved = plan.reserved.clone();
    let mut s = base(game, &plan.setup).ok()?;
    for (i, &a) in history.iter().enumerate() {
        let mut a = a;
        if redraw[i] {
            s.chance_outcomes(outcomes);
            choices.clear();
            choices.extend(
                outcomes
                    .iter()
                    .map(|&(b, _)| b)
                    .filter(|&b| !matches!(reserved.get(b as usize), Some(&r) if r > 0)),
            );
            if choices.is_empty() {
                return None;
            }
            a = choices[rng.below(choices.len() as u32) as usize];
        } else if plan.choose[i] {
            choices.clear();
            s.legal_actions(choices);
            choices.retain(|&b| !s.action_seen_by(b, plan.player));
            if choices.is_empty() {
                return None;
            }
            // Kept with probability choices / bound (a public bound): a proposal is then as likely
            // whatever the number of choices its hidden cards allow, so the samples are uniform over
            // (deal, choices) pairs, not over deals with the choices drawn after.
            let n = choices.len();
            if let Some(bound) = s.private_choice_bound() {
                debug_assert!(n <= bound, "{n} private choices exceed the bound {bound}");
                if n < bound && rng.below(bound as u32) as usize >= n {
                    return None;
                }
            }
            a = choices[rng.below(n as u32) as usize];
        } else if chance_at[i] {
            if let Some(r) = reserved.get_mut(a as usize) {
                *r = r.saturating_sub(1);
            }
        }
        s.apply_action(a).ok()?;
    }
    Some(s)
}

/// A state consistent with `player`'s information state in `state` (same public history, same own
/// cards, equal `information_state_string(player)`), drawn as the module docs say with `seed`. The
/// state must have explicit chance (its deals are in its history). Errors: a seat out of range, and
/// no consistent proposal in [`MAX_TRIES`].
pub fn resample_hidden(
    game: &dyn DynGame,
    state: &dyn DynState,
    player: usize,
    seed: u64,
) -> Result<Box<dyn DynState>> {
    let n = game.num_players();
    if player >= n {
        return Err(LudoError::param(
            "player",
            format!("player must be a seat in 0..{}, got {player}", n - 1),
        ));
    }
    let setup = state.setup();
    let key: Key = (
        game.game_string(),
        player,
        setup.clone(),
        state.history().to_vec(),
    );
    let cached = LAST_PLAN.with(|c| {
        c.borrow()
            .as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, p)| Arc::clone(p))
    });
    let plan = match cached {
        Some(p) => p,
        None => {
            let Decisions {
                redraw,
                chance_at,
                choose,
            } = plan(game, state, player, &setup)?;
            let history = state.history();
            let mut reserved = vec![0u32; game.num_distinct_actions()];
            for (i, &a) in history.iter().enumerate() {
                if chance_at[i] && !redraw[i] {
                    if let Some(r) = reserved.get_mut(a as usize) {
                        *r += 1;
                    }
                }
            }
            let p = Arc::new(Plan {
                setup,
                player,
                history: history.to_vec(),
                redraw,
                chance_at,
                choose,
                reserved,
                target: state.information_state_string(player),
            });
            LAST_PLAN.with(|c| *c.borrow_mut() = Some((key, Arc::clone(&p))));
            p
        }
    };
    if !plan.redraw.iter().chain(&plan.choose).any(|&r| r) {
        return Ok(state.clone_box());
    }
    let mut rng = Rng::new(seed);
    let (mut outcomes, mut choices) = (Vec::new(), Vec::new());
    for _ in 0..MAX_TRIES {
        let sample = propose(game, &plan, &mut rng, &mut outcomes, &mut choices);
        if let Some(s) = sample {
            if s.information_state_string(player) == plan.target {
                return Ok(s);
            }
        }
    }
    Err(LudoError::param(
        "state",
        format!("resample_hidden found no state consistent with seat {player}'s information in {MAX_TRIES} proposals"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{load_game, registered_games};

    /// Every example: a sample drawn at a random decision node has the seat's information state,
    /// the same seat to move, and a second draw with the same seed is the same state.
    #[test]
    fn samples_keep_the_seats_information_state() {
        for info in registered_games() {
            for spec in info.examples {
                let game = load_game(spec).unwrap();
                let mut rng = Rng::new(3);
                let mut state = game.new_state();
                let stop = 5 + rng.below(60) as usize;
                for _ in 0..stop {
                    if state.current_player() == Player::Terminal {
                        break;
                    }
                    let mut legal = Vec::new();
                    state.legal_actions(&mut legal);
                    let a = legal[rng.below(legal.len() as u32) as usize];
                    state.apply_action(a).unwrap();
                }
                let player = stop % game.num_players();
                let Ok(sample) = resample_hidden(&*game, &*state, player, 9) else {
                    // Jieqi's face-down pieces are not chance outcomes of this kind (its own sampler).
                    let known = ["jieqi"];
                    assert!(known.contains(&info.short_name), "{spec}: no sample");
                    continue;
                };
                assert_eq!(
                    sample.information_state_string(player),
                    state.information_state_string(player),
                    "{spec}"
                );
                assert_eq!(sample.current_player(), state.current_player(), "{spec}");
                let again = resample_hidden(&*game, &*state, player, 9).unwrap();
                assert_eq!(again.history(), sample.history(), "{spec}: seeded");
            }
        }
    }

    /// Every example, along random play: where the seat to move has actions some other seat does
    /// not see, the game states a bound (`State::private_choice_bound`) and the number of those
    /// actions stays within it (else the sampler's acceptance step would be wrong).
    #[test]
    fn private_choices_stay_within_their_stated_bound() {
        let mut checked = 0;
        for info in registered_games() {
            for spec in info.examples {
                let game = load_game(spec).unwrap();
                let n = game.num_players();
                for seed in 0..4 {
                    let mut rng = Rng::new(seed);
                    let mut state = game.new_state();
                    let mut legal = Vec::new();
                    for _ in 0..2_000 {
                        let Player::Seat(actor) = state.current_player() else {
                            if state.current_player() == Player::Terminal {
                                break;
                            }
                            state.resolve_chance(&mut rng);
                            continue;
                        };
                        state.legal_actions(&mut legal);
                        let private = legal
                            .iter()
                            .filter(|&&a| (0..n).any(|v| v != actor && !state.action_seen_by(a, v)))
                            .count();
                        if private > 0 {
                            let bound = state.private_choice_bound();
                            assert!(
                                bound.is_some_and(|b| private <= b),
                                "{spec}: {private} private actions, bound {bound:?}"
                            );
                            checked += 1;
                        }
                        let a = legal[rng.below(legal.len() as u32) as usize];
                        state.apply_action(a).unwrap();
                    }
                }
            }
        }
        assert!(checked > 50, "only {checked} private choices met");
    }

    #[test]
    fn a_seat_out_of_range_is_refused() {
        let game = load_game("briscola").unwrap();
        let state = game.new_state();
        assert!(matches!(
            resample_hidden(&*game, &*state, 2, 0),
            Err(LudoError::InvalidParameter { .. })
        ));
    }
}
