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
//! 3. A card another seat was dealt face down and has since played or shown stays that seat's, but
//!    which of the seat's hidden deals of that hand brought it is redrawn (*floating*): it takes a
//!    uniformly drawn free one of the seat's hidden deals before the moment it was shown, and the
//!    seat's other hidden deals are redrawn as in 2. A card the seat gave face down to a third
//!    seat, which then played it, floats over the giver's hidden deals before the give and the
//!    receiver's before the play (it may have been dealt to the receiver, and another card given).
//!    The cards are placed in an order where every card's possible deals hold those of the cards
//!    placed before it, so every assignment is equally likely. Where a game turns a seat's cards up
//!    in the order they were dealt (`State::revealed_in_deal_order`: a stack), the moment says the
//!    deal, and the card keeps it.
//! 4. Another seat's private choice (`State::action_seen_by` false: a face-down discard, a give
//!    only its receiver sees) is redrawn uniformly among that seat's legal private choices in the
//!    proposal, unless a card it moved has been seen since and does not float (3.) or belongs to a
//!    finished hand. Replaying the true discards would tell a search bot which cards lie face down.
//!    Where the number of those choices may depend on the hidden cards (Tarok's discards, which
//!    may not be kings), the proposal is kept with probability `choices /
//!    State::private_choice_bound()` (a public bound: the mover's hand size), so every (deal,
//!    choices) pair is proposed equally often.
//!
//! The samples are therefore uniform over every history consistent with the seat's information,
//! with one guard: if the possible deals of two floating cards cross (neither holds the other,
//! which needs a seat to be dealt cards between the moments its cards were shown after a give; no
//! registered game deals so), the later-found card keeps its true deal.

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
    let sees_own = state.sees_own_hand();
    for (place, cards) in state.card_locations().unwrap_or_default() {
        let other_hand = place.starts_with("hand ") && (place != own || !sees_own);
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
    let sees_own = state.sees_own_hand();
    for (place, cards) in state.card_locations().unwrap_or_default() {
        let hidden = (place.starts_with("hand ") && (place != own || !sees_own))
            || HIDDEN_PLACES.contains(&place.as_str());
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
    floating: Vec<Vec<Floating>>,
}

/// A card another seat was dealt face down and has since played or shown: it stays that seat's,
/// but which of the seat's hidden deals brought it is redrawn among `slots` (the seat's hidden deals
/// of the same hand before the seat showed the card).
#[derive(Clone, Debug)]
struct Floating {
    card: Action,
    slots: Vec<usize>,
}

/// The seat whose hand holds `card` in `locations`, if a hand does.
fn hand_of(locations: &[(String, Vec<Action>)], card: Action) -> Option<usize> {
    locations
        .iter()
        .find(|(_, cards)| cards.contains(&card))
        .and_then(|(place, _)| place.strip_prefix("hand ")?.parse().ok())
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
    // Per card, the first entry after its last deal at which the seat saw it; per chance entry, the
    // other seat whose hand the card went to and the outcomes that were legal there.
    let mut first_seen: Vec<Option<usize>> = vec![None; size];
    let mut dealt_to: Vec<Option<usize>> = vec![None; history.len()];
    let mut legal_at: Vec<Vec<Action>> = vec![Vec::new(); history.len()];
    let mut outcomes = Vec::new();
    // (entry, cards moved, the seat that moved them, the other seat whose hand got the one card moved)
    let mut private: Vec<(usize, Vec<Action>, usize, Option<usize>)> = Vec::new();
    let mut s = base(game, setup)?;
    for (i, &a) in history.iter().enumerate() {
        let actor = s.current_player();
        let chance = actor == Player::Chance;
        chance_at.push(chance);
        if chance {
            s.chance_outcomes(&mut outcomes);
            legal_at[i] = outcomes.iter().map(|&(b, _)| b).collect();
        }
        let hidden_choice = matches!(actor, Player::Seat(p) if p != player) && !s.action_seen_by(a, player);
        let before = if hidden_choice {
            s.card_locations().unwrap_or_default()
        } else {
            Vec::new()
        };
        s.apply_action(a).map_err(replay_error)?;
        if hidden_choice {
            let after = s.card_locations().unwrap_or_default();
            let moved = moved_cards(&before, &after);
            let receiver = match (&moved[..], actor) {
                ([c], Player::Seat(p)) => hand_of(&after, *c).filter(|&k| k != p && k != player),
                _ => None,
            };
            let Player::Seat(p) = actor else {
                unreachable!("a hidden choice has a seat")
            };
            private.push((i, moved, p, receiver));
        }
        if chance {
            last_deal.insert(a, i);
            if let Some(v) = seen_since.get_mut(a as usize) {
                *v = false;
            }
            if let Some(f) = first_seen.get_mut(a as usize) {
                *f = None;
            }
            dealt_to[i] = hand_of(&s.card_locations().unwrap_or_default(), a)
                .filter(|&j| j != player || !s.sees_own_hand());
            if dealt_to[i].is_none() {
                legal_at[i] = Vec::new();
            }
        } else {
            legal_at[i] = Vec::new();
        }
        seen.iter_mut().for_each(|v| *v = false);
        mark_visible(&*s, player, &mut seen);
        for (((v, &now), last), first) in seen_since
            .iter_mut()
            .zip(&seen)
            .zip(last_seen.iter_mut())
            .zip(first_seen.iter_mut())
        {
            *v |= now;
            if now {
                *last = Some(i);
                first.get_or_insert(i);
            }
        }
    }
    // A private choice is redrawn when every card it moved is hidden now, has not been dealt again
    // since (a finished hand's discards are past, shown or not then), and is unseen since: else
    // what the seat saw since pins it (a given card the receiver has played).
    let mut choose = vec![false; history.len()];
    // Gives pinned only because the receiver has since shown the card: the card may instead have
    // been dealt to the receiver (and another card given), so it floats over both seats' hidden
    // deals and the give is redrawn (see `floating_groups`). Per card: (give entry, giver, receiver).
    let mut gives: HashMap<Action, (usize, usize, usize)> = HashMap::new();
    for (i, moved, actor, receiver) in private {
        if let (Some(k), [c]) = (receiver, &moved[..]) {
            let c = *c;
            let dealt_before = last_deal.get(&c).is_some_and(|&d| d < i);
            let shown_after = first_seen
                .get(c as usize)
                .copied()
                .flatten()
                .is_some_and(|j| j > i);
            if dealt_before && shown_after && !undealt_now.get(c as usize).copied().unwrap_or(false) {
                gives.insert(c, (i, actor, k));
            }
        }
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
    let mut floats: Vec<FloatCandidate> = Vec::new();
    let mut s = base(game, setup)?;
    for (i, &a) in history.iter().enumerate() {
        if chance_at[i] {
            let shown = seen_since.get(a as usize).copied().unwrap_or(false);
            let hidden = hidden_now.get(a as usize).copied().unwrap_or(false);
            let last =
                !undealt_now.get(a as usize).copied().unwrap_or(false) && last_deal.get(&a) == Some(&i);
            let candidate = hidden && last && !shown;
            // Dealt to another seat's hand and seen since (played, shown): it stays that seat's, and
            // may float over the seat's hidden deals if this one was hidden too.
            // Seen at its own deal (turned up as it was dealt): not a hidden deal, whatever the
            // probe below finds (a node with one outcome left has nothing to compare with).
            let seen_at_deal = first_seen.get(a as usize).copied().flatten() == Some(i);
            let float = last
                && (!hidden || shown)
                && dealt_to[i].is_some()
                && !seen_at_deal
                && !state.revealed_in_deal_order();
            if candidate || float {
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
                if candidate {
                    redraw[i] = !visible;
                } else if !visible {
                    let seat = dealt_to[i].unwrap_or(0);
                    let seen_at = first_seen[a as usize].unwrap_or(history.len());
                    // The seat's hidden deals before it showed the card; for a card it gave face
                    // down, before the give, or the receiver's hidden deals before it showed it.
                    let (sources, give) = match gives.get(&a) {
                        Some(&(g, giver, k)) if giver == seat => (vec![(seat, g), (k, seen_at)], Some(g)),
                        _ => (vec![(seat, seen_at)], None),
                    };
                    floats.push(FloatCandidate {
                        deal: i,
                        card: a,
                        sources,
                        give,
                    });
                }
            }
        }
        s.apply_action(a).map_err(replay_error)?;
    }
    let floating = floating_groups(floats, &mut redraw, &mut choose, &dealt_to, &legal_at);
    Ok(Decisions {
        redraw,
        chance_at,
        choose,
        floating,
    })
}

/// A card that may float: its true deal, and where it may have come from: per seat, that seat's
/// hidden deals before an entry. `give`: the face-down give that moved it, redrawn when it floats.
struct FloatCandidate {
    deal: usize,
    card: Action,
    sources: Vec<(usize, usize)>,
    give: Option<usize>,
}

/// The floating cards, ordered so that drawing each card's slot uniformly among its slots still
/// free gives every assignment of the cards to the hidden deals the same chance: that holds when
/// any two cards' slots are nested or disjoint (a laminar family: a seat's hidden deals of one hand
/// before the moment each card was shown are prefixes of one list) and each card comes after the
/// cards whose slots lie inside its own. A card whose slots cross another's keeps its true deal
/// (and its give), and the rest are checked again. Marks the floating cards' deals in `redraw` and
/// their gives in `choose`.
fn floating_groups(
    mut live: Vec<FloatCandidate>,
    redraw: &mut [bool],
    choose: &mut [bool],
    dealt_to: &[Option<usize>],
    legal_at: &[Vec<Action>],
) -> Vec<Vec<Floating>> {
    loop {
        let own_deal = |k: usize| live.iter().any(|f| f.deal == k);
        let slots: Vec<Vec<usize>> = live
            .iter()
            .map(|f| {
                (0..dealt_to.len())
                    .filter(|&k| {
                        let source = f
                            .sources
                            .iter()
                            .any(|&(seat, before)| k < before && dealt_to[k] == Some(seat));
                        // A deal of the hand the card was in play (it was still to come then, or
                        // came later).
                        source && (redraw[k] || own_deal(k)) && (k >= f.deal || legal_at[k].contains(&f.card))
                    })
                    .collect()
            })
            .collect();
        let inside = |a: &[usize], b: &[usize]| a.iter().all(|k| b.binary_search(k).is_ok());
        let crossing = (0..live.len()).find(|&a| {
            (0..live.len()).any(|b| {
                let meet = slots[a].iter().any(|k| slots[b].binary_search(k).is_ok());
                a != b && meet && !inside(&slots[a], &slots[b]) && !inside(&slots[b], &slots[a])
            }) || slots[a].len()
                <= (0..live.len())
                    .filter(|&b| {
                        b != a && inside(&slots[b], &slots[a]) && (slots[b].len(), b) < (slots[a].len(), a)
                    })
                    .count()
        });
        if let Some(a) = crossing {
            live.swap_remove(a);
            continue;
        }
        let mut order: Vec<usize> = (0..live.len()).collect();
        order.sort_by_key(|&a| (slots[a].len(), a));
        for f in &live {
            redraw[f.deal] = true;
            if let Some(g) = f.give {
                choose[g] = true;
            }
        }
        let group: Vec<Floating> = order
            .into_iter()
            .map(|a| Floating {
                card: live[a].card,
                slots: slots[a].clone(),
            })
            .collect();
        return if group.is_empty() { Vec::new() } else { vec![group] };
    }
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
    /// Cards placed over their seat's hidden deals first (their ids are in `reserved`).
    floating: Vec<Vec<Floating>>,
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
    // Each floating card's deal, drawn among its slots still free (see `floating_groups`).
    let mut forced: Vec<Option<Action>> = vec![None; history.len()];
    for group in &plan.floating {
        for f in group {
            let free: Vec<usize> = f.slots.iter().copied().filter(|&k| forced[k].is_none()).collect();
            if free.is_empty() {
                return None;
            }
            forced[free[rng.below(free.len() as u32) as usize]] = Some(f.card);
        }
    }
    let mut s = base(game, &plan.setup).ok()?;
    for (i, &a) in history.iter().enumerate() {
        let mut a = a;
        if let Some(card) = forced[i] {
            s.chance_outcomes(outcomes);
            if !outcomes.iter().any(|&(b, _)| b == card) {
                return None;
            }
            if let Some(r) = reserved.get_mut(card as usize) {
                *r = r.saturating_sub(1);
            }
            a = card;
        } else if redraw[i] {
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
                floating,
            } = plan(game, state, player, &setup)?;
            let history = state.history();
            let mut reserved = vec![0u32; game.num_distinct_actions()];
            let kept = history
                .iter()
                .enumerate()
                .filter(|&(i, _)| chance_at[i] && !redraw[i])
                .map(|(_, &a)| a);
            for a in kept.chain(floating.iter().flatten().map(|f| f.card)) {
                if let Some(r) = reserved.get_mut(a as usize) {
                    *r += 1;
                }
            }
            let p = Arc::new(Plan {
                setup,
                player,
                history: history.to_vec(),
                redraw,
                chance_at,
                choose,
                floating,
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
                let stop = 5 + rng.below(200) as usize;
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

    /// Briscola with `must_follow_suit`, seen by seat 0 mid-deal after seat 1 showed voids: seat 1's
    /// cards now are drawn as often as in the exact distribution over every history seat 0 cannot
    /// tell apart, counted here from the rules alone (each card seat 1 played arrived at one of its
    /// hidden draws before the play; a card it held when it failed to follow is not of the suit led).
    /// The position is chosen where keeping each played card's true draw gives a different
    /// distribution, and the samples must tell the two apart.
    #[test]
    fn played_cards_float_over_their_seats_hidden_draws() {
        let game = load_game("briscola(must_follow_suit=true)").unwrap();
        let suit = |st: &dyn DynState, c: Action| st.action_to_string(c).chars().last().unwrap();
        for seed in 0..400u64 {
            let mut rng = Rng::new(seed);
            let mut st = game.new_state();
            // Seat 1's hidden draws (history index), its plays (index, card) and voids (index, suit).
            let (mut slots, mut plays, mut voids) = (Vec::new(), Vec::new(), Vec::new());
            let mut led: Option<Action> = None;
            let mut legal = Vec::new();
            let stop = 12 + rng.below(8) as usize;
            let mut plays_done = 0;
            while plays_done < stop || st.current_player() != Player::Seat(0) {
                let i = st.history().len();
                match st.current_player() {
                    Player::Chance => {
                        let c = st.sample_chance(&mut rng);
                        st.apply_action(c).unwrap();
                        if hand_of(&st.card_locations().unwrap(), c) == Some(1) {
                            slots.push(i);
                        }
                    }
                    Player::Seat(p) => {
                        st.legal_actions(&mut legal);
                        let c = legal[rng.below(legal.len() as u32) as usize];
                        if p == 1 {
                            plays.push((i, c));
                            if let Some(l) = led.filter(|&l| suit(&*st, l) != suit(&*st, c)) {
                                voids.push((i, suit(&*st, l)));
                            }
                        }
                        led = if led.is_none() { Some(c) } else { None };
                        st.apply_action(c).unwrap();
                        plays_done += 1;
                    }
                    Player::Terminal => break,
                }
            }
            let places = st.card_locations().unwrap();
            let place = |name: &str| {
                places
                    .iter()
                    .find(|(p, _)| p == name)
                    .map(|(_, c)| c.clone())
                    .unwrap_or_default()
            };
            if voids.is_empty() || place("stock").len() < 3 || st.current_player() != Player::Seat(0) {
                continue;
            }
            let mut unseen = place("hand 1");
            unseen.extend(place("stock"));
            let free_slots = slots.len() - plays.len();
            // Per placement of the played cards over the slots: the free slots' forbidden suits.
            let mut signatures: HashMap<Vec<Vec<char>>, u64> = HashMap::new();
            let mut truth_signature = Vec::new();
            let mut later_possible = false;
            let mut stack = vec![(0usize, Vec::<usize>::new())];
            while let Some((k, used)) = stack.pop() {
                if k == plays.len() {
                    let sig: Vec<Vec<char>> = (0..slots.len())
                        .filter(|j| !used.contains(j))
                        .map(|j| voids.iter().filter(|v| v.0 > slots[j]).map(|v| v.1).collect())
                        .collect();
                    let truth = plays
                        .iter()
                        .zip(&used)
                        .all(|(&(_, c), &j)| st.history()[slots[j]] == c);
                    if truth {
                        truth_signature = sig.clone();
                    }
                    // A played card may have arrived at a draw after its true one.
                    later_possible |= plays.iter().zip(&used).any(|(&(_, c), &j)| {
                        let true_slot = slots.iter().position(|&k| st.history()[k] == c).unwrap();
                        j > true_slot
                    });
                    *signatures.entry(sig).or_default() += 1;
                    continue;
                }
                let (at, card) = plays[k];
                for (j, &slot) in slots.iter().enumerate() {
                    let in_hand = |v: &(usize, char)| v.0 > slot && v.0 < at;
                    if slot < at
                        && !used.contains(&j)
                        && !voids.iter().any(|v| in_hand(v) && v.1 == suit(&*st, card))
                    {
                        let mut u = used.clone();
                        u.push(j);
                        stack.push((k + 1, u));
                    }
                }
            }
            // Per signature, how often each unseen card fills a free slot (ordered assignments).
            let marginal = |weights: &HashMap<Vec<Vec<char>>, u64>| {
                let mut per_card = vec![0f64; unseen.len()];
                let mut total = 0f64;
                for (sig, &w) in weights {
                    let mut count = |cards: &[usize]| {
                        total += w as f64;
                        for &c in cards {
                            per_card[c] += w as f64;
                        }
                    };
                    let suits: Vec<char> = unseen.iter().map(|&c| suit(&*st, c)).collect();
                    assert_eq!(sig.len(), free_slots);
                    assignments(sig, &suits, &mut Vec::new(), &mut count);
                }
                per_card.iter().map(|w| w / total).collect::<Vec<f64>>()
            };
            let exact = marginal(&signatures);
            let pinned = marginal(&HashMap::from([(truth_signature, 1)]));
            let apart: f64 = exact.iter().zip(&pinned).map(|(a, b)| (a - b).abs()).sum();
            if apart < 0.6 {
                continue;
            }
            let n = 3000;
            let mut counts = vec![0f64; unseen.len()];
            let mut later = 0;
            for k in 0..n {
                let sample = resample_hidden(&*game, &*st, 0, k).unwrap();
                later += plays.iter().any(|&(_, c)| {
                    let at = |h: &[Action]| slots.iter().position(|&k| h[k] == c);
                    at(sample.history()) > at(st.history())
                }) as usize;
                for c in hand_cards(&*sample, 1) {
                    counts[unseen.iter().position(|&u| u == c).expect("an unseen card")] += 1.0;
                }
            }
            let chi2 = |p: &[f64]| -> f64 {
                counts
                    .iter()
                    .zip(p)
                    .filter(|(_, &q)| q > 0.0)
                    .map(|(&o, &q)| (o - n as f64 * q).powi(2) / (n as f64 * q))
                    .sum()
            };
            for (&o, &q) in counts.iter().zip(&exact) {
                assert!(q > 0.0 || o == 0.0, "a card drawn where no history puts it");
            }
            // Wilson-Hilferty 0.1% point (z = 3.09) for cells - 1 degrees of freedom.
            let dof = exact.iter().filter(|&&q| q > 0.0).count() as f64 - 1.0;
            let crit = dof * (1.0 - 2.0 / (9.0 * dof) + 3.09 * (2.0 / (9.0 * dof)).sqrt()).powi(3);
            assert!(
                chi2(&exact) < crit,
                "seed {seed}: chi-square {} against the exact distribution",
                chi2(&exact)
            );
            assert!(
                chi2(&pinned) > crit,
                "seed {seed}: the samples do not tell the pinned draws apart"
            );
            assert_eq!(
                later > 0,
                later_possible,
                "seed {seed}: played cards arriving at a later draw"
            );
            return;
        }
        panic!("no position where the played cards' draws matter");
    }

    /// Calls `f` with every ordered choice of distinct cards (indices into `suits`), one per slot,
    /// none of a suit its slot forbids.
    fn assignments(
        forbidden: &[Vec<char>],
        suits: &[char],
        chosen: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]),
    ) {
        let Some(slot) = forbidden.get(chosen.len()) else {
            f(chosen);
            return;
        };
        for c in 0..suits.len() {
            if !chosen.contains(&c) && !slot.contains(&suits[c]) {
                chosen.push(c);
                assignments(forbidden, suits, chosen, f);
                chosen.pop();
            }
        }
    }

    fn hand_cards(st: &dyn DynState, seat: usize) -> Vec<Action> {
        let name = format!("hand {seat}");
        st.card_locations()
            .unwrap()
            .into_iter()
            .find(|(p, _)| *p == name)
            .map(|(_, c)| c)
            .unwrap_or_default()
    }

    /// `floating_groups` on constructed candidates: seats 1 and 2 are dealt alternately (entries 0..6,
    /// seat 1 at the even ones), every card legal at every deal.
    #[test]
    fn floating_cards_form_a_laminar_family_or_keep_their_deals() {
        let dealt_to: Vec<Option<usize>> = (0..6).map(|k| Some(1 + k % 2)).collect();
        let legal_at: Vec<Vec<Action>> = vec![(0..20).collect(); 6];
        let float =
            |deal: usize, card: Action, sources: Vec<(usize, usize)>, give: Option<usize>| FloatCandidate {
                deal,
                card,
                sources,
                give,
            };
        let run = |live: Vec<FloatCandidate>| {
            let (mut redraw, mut choose) = (vec![false; 6], vec![false; 8]);
            let groups = floating_groups(live, &mut redraw, &mut choose, &dealt_to, &legal_at);
            let placed: Vec<(Action, Vec<usize>)> =
                groups.concat().into_iter().map(|f| (f.card, f.slots)).collect();
            (placed, redraw, choose)
        };
        // Nested: card 11 was shown before seat 1's deal at entry 2 (only entry 0 before it), card
        // 10 after every deal of seat 1. The smaller set goes first.
        // Card 15 (dealt at entry 2) likewise; card 11 may not have come at entry 2 itself.
        let (placed, redraw, _) = run(vec![
            float(4, 10, vec![(1, 6)], None),
            float(0, 11, vec![(1, 2)], None),
            float(2, 15, vec![(1, 6)], None),
        ]);
        assert_eq!(placed, [(11, vec![0]), (10, vec![0, 2, 4]), (15, vec![0, 2, 4])]);
        assert_eq!(redraw, [true, false, true, false, true, false]);
        // A give (entry 7) from seat 1 to seat 2 of a card seat 2 showed: seat 1's deals before the
        // give and seat 2's before the showing; with card 12's seat-1 deals it is nested.
        let (placed, _, choose) = run(vec![
            float(0, 10, vec![(1, 8), (2, 6)], Some(7)),
            float(2, 12, vec![(1, 6)], None),
            float(1, 13, vec![(2, 6)], None),
        ]);
        assert_eq!(placed, [(13, vec![1]), (12, vec![0, 2]), (10, vec![0, 1, 2])]);
        assert!(choose[7], "the give is redrawn");
        // Crossing: the give's card may come from seat 1's deal 0 or seat 2's deals; card 12 from
        // seat 1's deals 0 and 2. Neither holds the other: the give's card keeps its deal and the
        // give stays; card 12 then floats over what is left (its own deal only).
        let (placed, redraw, choose) = run(vec![
            float(0, 10, vec![(1, 1), (2, 6)], Some(7)),
            float(2, 12, vec![(1, 6)], None),
            float(1, 13, vec![(2, 6)], None),
        ]);
        assert_eq!(placed, [(13, vec![1]), (12, vec![2])]);
        assert!(!choose[7] && !redraw[0]);
        // Three cards shown before entry 3, when seat 1 had been dealt twice: the last in order has
        // no deal left and keeps its own (entry 4).
        let (placed, redraw, _) = run(vec![
            float(0, 10, vec![(1, 3)], None),
            float(2, 11, vec![(1, 3)], None),
            float(4, 14, vec![(1, 3)], None),
        ]);
        assert_eq!(placed, [(10, vec![0, 2]), (11, vec![0, 2])]);
        assert!(!redraw[4]);
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

    /// `moved_cards`: the cards whose place differs between two `card_locations` answers, each once,
    /// in the order met (the places before, then after): a card moved between two places, a card
    /// no longer listed, a card newly listed; the cards that stayed are not moved.
    #[test]
    fn moved_cards_are_those_whose_place_differs() {
        let locations = |v: &[(&str, &[Action])]| -> Vec<(String, Vec<Action>)> {
            v.iter().map(|(p, c)| (p.to_string(), c.to_vec())).collect()
        };
        let before = locations(&[("hand 1", &[3, 4, 5]), ("talon", &[7]), ("hand 2", &[8])]);
        let after = locations(&[("hand 1", &[3, 5]), ("talon", &[4, 7]), ("hand 2", &[9])]);
        assert_eq!(moved_cards(&before, &after), [4, 8, 9]);
        assert!(moved_cards(&before, &before).is_empty());
    }

    /// Rule 1: a card the seat has held in its own hand since its last deal keeps that deal, even
    /// where the deal itself was hidden from the seat and the card now lies face down again (Zole's
    /// lielais takes the talon and lays two cards away into it): the seat knows where it was dealt.
    /// (A card dealt face down to another seat and then given to this one floats over that seat's
    /// hidden deals instead, rule 3.) Every example along random play, every seat; the case of a
    /// card dealt outside the seat's hand, held, and face down now must be met.
    #[test]
    fn cards_the_seat_has_held_keep_their_deals() {
        let mut laid_back = 0;
        for info in registered_games() {
            for spec in info.examples {
                let game = load_game(spec).unwrap();
                if !game.new_state().sees_own_hand() || game.new_state().card_locations().is_none() {
                    continue;
                }
                let mut rng = Rng::new(5);
                let mut state = game.new_state();
                let mut legal = Vec::new();
                let stop = 30 + rng.below(100) as usize;
                for _ in 0..stop {
                    match state.current_player() {
                        Player::Terminal => break,
                        Player::Chance => state.resolve_chance(&mut rng),
                        _ => {
                            state.legal_actions(&mut legal);
                            let a = legal[rng.below(legal.len() as u32) as usize];
                            state.apply_action(a).unwrap();
                        }
                    }
                }
                let places = state.card_locations().unwrap();
                for player in 0..game.num_players() {
                    let d = plan(&*game, &*state, player, &state.setup()).unwrap();
                    // Replay: each card's last deal, whether it went to the seat, whether the seat
                    // has held it since.
                    let own = format!("hand {player}");
                    let mut s = base(&*game, &state.setup()).unwrap();
                    let mut deal: HashMap<Action, (usize, bool, bool)> = HashMap::new();
                    for (i, &a) in state.history().iter().enumerate() {
                        let chance = s.current_player() == Player::Chance;
                        s.apply_action(a).unwrap();
                        if chance {
                            deal.insert(
                                a,
                                (i, hand_of(&s.card_locations().unwrap(), a) == Some(player), false),
                            );
                        }
                        let held = s.card_locations().unwrap().into_iter().find(|(p, _)| *p == own);
                        for c in held.map(|(_, c)| c).unwrap_or_default() {
                            if let Some(e) = deal.get_mut(&c) {
                                e.2 = true;
                            }
                        }
                    }
                    for (&c, &(i, to_seat, held)) in &deal {
                        if !held {
                            continue;
                        }
                        // Its deal is redrawn only where it floats: dealt to another seat face
                        // down, it stays that seat's (rule 3).
                        let floats = d.floating.iter().flatten().any(|f| f.card == c);
                        assert!(
                            !d.redraw[i] || floats,
                            "{spec}: seat {player} held card {c}, dealt at {i}"
                        );
                        let hidden = places
                            .iter()
                            .any(|(p, cards)| HIDDEN_PLACES.contains(&p.as_str()) && cards.contains(&c));
                        laid_back += (hidden && !to_seat) as usize;
                    }
                }
            }
        }
        assert!(
            laid_back > 0,
            "no card dealt elsewhere, held by the seat and face down again"
        );
    }

    /// Twenty-Four: a seat does not see its own face-down stack (`sees_own_hand` false), so the
    /// cards of it still unseen are redrawn like the other seat's: over a few samples seat 0's
    /// unseen cards are not always the true ones, and they come from the cards no seat has seen.
    #[test]
    fn a_seats_own_face_down_stack_is_redrawn() {
        let game = load_game("twenty_four").unwrap();
        let mut rng = Rng::new(1);
        let mut st = game.new_state();
        while st.current_player() == Player::Chance {
            st.resolve_chance(&mut rng);
        }
        let mut truth = hand_cards(&*st, 0);
        truth.sort_unstable();
        // Every card no seat has seen: the stacks' unseen cards ("hand s") and those never dealt.
        let unseen: Vec<Action> = st
            .card_locations()
            .unwrap()
            .into_iter()
            .filter(|(p, _)| p.starts_with("hand ") || p == "undealt")
            .flat_map(|(_, c)| c)
            .collect();
        assert!(!truth.is_empty());
        let mut redrawn = false;
        for seed in 0..20 {
            let sample = resample_hidden(&*game, &*st, 0, seed).unwrap();
            let mut own = hand_cards(&*sample, 0);
            own.sort_unstable();
            assert_eq!(own.len(), truth.len());
            assert!(
                own.iter().all(|c| unseen.contains(c)),
                "seed {seed}: a seen card in the stack"
            );
            redrawn |= own != truth;
        }
        assert!(redrawn, "seat 0's own face-down cards are always the true ones");
    }

    /// Rule 3, a give: in Tysiąc the declarer gives one card face down to each opponent (only the
    /// receiver sees it). Seen by the third seat, a card the declarer was dealt and gave to the other
    /// opponent, who then played it, may as well have been dealt to that opponent (and another card
    /// given): it floats over the declarer's hidden deals before the give and the receiver's before
    /// the play, and the give is redrawn.
    #[test]
    fn a_card_given_face_down_and_played_floats_over_both_seats() {
        let game = load_game("tysiac").unwrap();
        for seed in 0..300u64 {
            let mut rng = Rng::new(seed);
            let mut st = game.new_state();
            let mut legal = Vec::new();
            // Per entry, the seat a dealt card went to; the gives (entry, card, giver, receiver).
            let mut dealt: Vec<Option<usize>> = Vec::new();
            let mut gives: Vec<(usize, Action, usize, usize)> = Vec::new();
            let mut found = None;
            while found.is_none() {
                let i = st.history().len();
                let actor = st.current_player();
                let a = match actor {
                    Player::Terminal => break,
                    Player::Chance => st.sample_chance(&mut rng),
                    Player::Seat(_) => {
                        st.legal_actions(&mut legal);
                        legal[rng.below(legal.len() as u32) as usize]
                    }
                };
                let before = match actor {
                    Player::Seat(p) => hand_cards(&*st, p),
                    _ => Vec::new(),
                };
                let give = st.action_to_string(a).starts_with("give ");
                st.apply_action(a).unwrap();
                let places = st.card_locations().unwrap();
                dealt.push(if actor == Player::Chance {
                    hand_of(&places, a)
                } else {
                    None
                });
                let Player::Seat(p) = actor else { continue };
                if give {
                    let after = hand_cards(&*st, p);
                    let c = *before.iter().find(|c| !after.contains(c)).expect("a card given");
                    let k = hand_of(&places, c).expect("given to a hand");
                    gives.push((i, c, p, k));
                } else if let Some(&(g, c, giver, k)) = gives.iter().find(|&&(_, c, _, k)| c == a && k == p) {
                    let deal = (0..g).rev().find(|&j| st.history()[j] == c && dealt[j].is_some());
                    if let Some(deal) = deal.filter(|&j| dealt[j] == Some(giver)) {
                        found = Some((g, c, giver, k, deal, i));
                    }
                }
            }
            let Some((g, c, giver, k, deal, play)) = found else {
                continue;
            };
            let viewer = (0..3).find(|&v| v != giver && v != k).unwrap();
            let d = plan(&*game, &*st, viewer, &st.setup()).unwrap();
            assert!(d.choose[g], "seed {seed}: the give at {g} is redrawn");
            let f = d
                .floating
                .iter()
                .flatten()
                .find(|f| f.card == c)
                .expect("the given card floats");
            assert!(f.slots.contains(&deal), "seed {seed}: its true deal");
            assert!(
                f.slots
                    .iter()
                    .all(|&j| dealt[j] == Some(giver) && j < g || dealt[j] == Some(k) && j < play),
                "seed {seed}: only the giver's deals before the give, the receiver's before the play"
            );
            assert!(
                f.slots.iter().any(|&j| dealt[j] == Some(k)),
                "seed {seed}: the receiver's deals"
            );
            return;
        }
        panic!("no card given face down and played by its receiver");
    }

    /// Rule 4, a give of a card the seat saw before: in Tysiąc the prikup is shown to everybody
    /// before the declarer takes it, so a prikup card the declarer then gives face down to the other
    /// opponent was seen by the third seat, but where it went is not: until its receiver shows it,
    /// the give is redrawn (else the sample would tell the third seat who holds that card).
    #[test]
    fn a_give_of_a_card_seen_before_is_redrawn() {
        let game = load_game("tysiac").unwrap();
        for seed in 0..300u64 {
            let mut rng = Rng::new(seed);
            let mut st = game.new_state();
            let mut legal = Vec::new();
            let mut prikup: Vec<Action> = Vec::new();
            let mut found = None;
            while found.is_none() {
                let actor = st.current_player();
                let a = match actor {
                    Player::Terminal => break,
                    Player::Chance => st.sample_chance(&mut rng),
                    Player::Seat(_) => {
                        st.legal_actions(&mut legal);
                        legal[rng.below(legal.len() as u32) as usize]
                    }
                };
                let i = st.history().len();
                let before = match actor {
                    Player::Seat(p) => hand_cards(&*st, p),
                    _ => Vec::new(),
                };
                let give = st.action_to_string(a).starts_with("give ");
                st.apply_action(a).unwrap();
                let places = st.card_locations().unwrap();
                if actor == Player::Chance && hand_of(&places, a).is_none() {
                    prikup.push(a);
                }
                if let (Player::Seat(p), true) = (actor, give) {
                    let after = hand_cards(&*st, p);
                    let c = *before.iter().find(|c| !after.contains(c)).expect("a card given");
                    let k = hand_of(&places, c).expect("given to a hand");
                    if prikup.contains(&c) {
                        found = Some((i, p, k));
                    }
                }
            }
            let Some((g, giver, k)) = found else {
                continue;
            };
            let viewer = (0..3).find(|&v| v != giver && v != k).unwrap();
            let d = plan(&*game, &*st, viewer, &st.setup()).unwrap();
            assert!(d.choose[g], "seed {seed}: the give at {g} is redrawn");
            return;
        }
        panic!("no prikup card given face down");
    }

    /// Rule 1 and rule 4 in a match: a finished hand is past. Zole as a match of 6 hands, seen by
    /// each seat other than the lielais of an earlier hand in which he took the talon and laid two
    /// cards away face down: at the start of the next hand (every card back in the stock) and once
    /// that hand is dealt, no entry of the finished hands is redrawn. Not a deal (only a card's last
    /// deal can be where the card is now, and a card back in the stock went back after that deal),
    /// and not the face-down discards (they belong to a finished hand, whose deals are kept).
    #[test]
    fn a_finished_hands_deals_and_discards_are_kept() {
        let game = load_game("zole(scope=match,hands=6)").unwrap();
        for seed in 0..200u64 {
            let mut rng = Rng::new(seed);
            let mut st = game.new_state();
            let mut legal = Vec::new();
            // The discards so far (entry, seat), whether a seat has acted in the current hand, and
            // the entry where the hand after the first discard starts.
            let mut discards: Vec<(usize, usize)> = Vec::new();
            let mut seat_acted = false;
            let mut start: Option<usize> = None;
            let mut checked = 0;
            while checked < 2 {
                let i = st.history().len();
                let actor = st.current_player();
                // Checked at the first deal of the next hand, and at the first action after its deal.
                let new_hand = actor == Player::Chance && seat_acted;
                let dealt = start.is_some() && matches!(actor, Player::Seat(_)) && !seat_acted;
                if new_hand && start.is_none() && !discards.is_empty() {
                    start = Some(i);
                }
                if (new_hand && start == Some(i)) || dealt {
                    let h = start.unwrap();
                    if checked == 0 {
                        assert!(
                            st.card_locations()
                                .unwrap()
                                .iter()
                                .all(|(p, c)| p == "stock" || c.is_empty()),
                            "seed {seed}: every card back in the stock"
                        );
                    }
                    for viewer in (0..3).filter(|&v| discards.iter().any(|&(_, p)| p != v)) {
                        let d = plan(&*game, &*st, viewer, &st.setup()).unwrap();
                        for j in 0..h {
                            assert!(
                                !d.redraw[j],
                                "seed {seed}: seat {viewer}, entry {j} of a finished hand redrawn"
                            );
                            assert!(
                                !d.choose[j],
                                "seed {seed}: seat {viewer}, choice {j} of a finished hand redrawn"
                            );
                        }
                        assert!(d
                            .floating
                            .iter()
                            .flatten()
                            .all(|f| f.slots.iter().all(|&j| j >= h)));
                    }
                    checked += 1;
                }
                if new_hand {
                    seat_acted = false;
                }
                let a = match actor {
                    Player::Terminal => break,
                    Player::Chance => st.sample_chance(&mut rng),
                    Player::Seat(p) => {
                        seat_acted = true;
                        st.legal_actions(&mut legal);
                        let a = legal[rng.below(legal.len() as u32) as usize];
                        if start.is_none() && st.action_to_string(a).starts_with("discard ") {
                            discards.push((i, p));
                        }
                        a
                    }
                };
                st.apply_action(a).unwrap();
            }
            if checked == 2 {
                return;
            }
        }
        panic!("no match with a hand after a face-down discard");
    }

    /// Rule 3, a card handed over openly: in Calabrasella with `call_three` the single player names a
    /// card and its holder hands it over in public. Seen by the third seat, that card now lies face
    /// down in the single player's hand but is known to have come from the holder, who was dealt it
    /// face down: which of the holder's hidden deals brought it is not known, so it floats over the
    /// holder's deals before the call (its true deal among them), and is not kept at its deal.
    #[test]
    fn a_card_handed_over_for_a_call_floats_over_its_holders_deals() {
        let game = load_game("calabrasella(call_three=true,deal_packet=2)").unwrap();
        for seed in 0..300u64 {
            let mut rng = Rng::new(seed);
            let mut st = game.new_state();
            let mut legal = Vec::new();
            // Per entry, the seat a dealt card went to.
            let mut dealt: Vec<Option<usize>> = Vec::new();
            let mut found = None;
            while found.is_none() {
                let i = st.history().len();
                let actor = st.current_player();
                let a = match actor {
                    Player::Terminal => break,
                    Player::Chance => st.sample_chance(&mut rng),
                    Player::Seat(_) => {
                        st.legal_actions(&mut legal);
                        legal[rng.below(legal.len() as u32) as usize]
                    }
                };
                let name = st.action_to_string(a);
                let call = name.strip_prefix("call ").map(|c| {
                    let places = st.card_locations().unwrap();
                    let card = places
                        .iter()
                        .flat_map(|(_, cs)| cs.iter().copied())
                        .find(|&x| st.action_to_string(x) == c)
                        .expect("the called card");
                    (card, hand_of(&places, card))
                });
                st.apply_action(a).unwrap();
                dealt.push(if actor == Player::Chance {
                    hand_of(&st.card_locations().unwrap(), a)
                } else {
                    None
                });
                if let (Some((c, Some(holder))), Player::Seat(single)) = (call, actor) {
                    assert_eq!(
                        hand_of(&st.card_locations().unwrap(), c),
                        Some(single),
                        "handed over"
                    );
                    found = Some((i, c, holder, single));
                }
            }
            let Some((call, c, holder, single)) = found else {
                continue;
            };
            let deal = (0..call)
                .rev()
                .find(|&j| st.history()[j] == c && dealt[j].is_some())
                .unwrap();
            assert_eq!(dealt[deal], Some(holder));
            let viewer = (0..3).find(|&v| v != holder && v != single).unwrap();
            let d = plan(&*game, &*st, viewer, &st.setup()).unwrap();
            let f = d
                .floating
                .iter()
                .flatten()
                .find(|f| f.card == c)
                .expect("the called card floats");
            assert!(f.slots.contains(&deal), "seed {seed}: its true deal");
            assert!(
                f.slots.len() > 1 && f.slots.iter().all(|&j| dealt[j] == Some(holder) && j < call),
                "seed {seed}: the holder's deals before the call"
            );
            return;
        }
        panic!("no card called from a hand");
    }
}
