//! The Kabu bots. Both read only the mover's own cards and the public draw counts.
//!
//! * `threshold` ([`ThresholdBot`]): draws while its score is at most 5 (the baccarat player's rule).
//! * `best` ([`BestBot`]): draws while its score is at most a threshold that depends on the number of
//!   players and on how many cards it has drawn already ([`BEST_THRESHOLDS`]). The table was found by
//!   simulation ([`search_thresholds`], run by the ignored test `find_best_thresholds`): for each
//!   player count, every pair (first-draw threshold, second-draw threshold) in 0..=9 × 0..=9 was
//!   played in one seat against `threshold` bots in all the others, the seat rotating, on the same
//!   50,000 seeded hands per pair; the pair with the highest mean chips per hand is the table entry.
//!   Every player count gave (5, 4): draw the first card at 5 or less, the second at 4 or less (a
//!   4-card hand of 5 stands). Its edge over `threshold` in that search, in chips per hand: 2 players
//!   +0.036, 3 +0.049, 4 +0.093, 5 +0.158, 6 +0.250 (the `threshold` bot against itself measured
//!   +0.009, −0.006, +0.003, +0.022, +0.075 on the same hands: the sampling noise).

use super::{score, KabuState, DRAW, STAND};
use crate::core::game::{Action, Bot};
#[cfg(test)]
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;

/// Draws while the score is at most `t` (`"threshold"`, t = 5).
#[derive(Clone, Copy, Debug)]
pub struct ThresholdBot {
    pub t: u8,
}

impl Default for ThresholdBot {
    fn default() -> Self {
        ThresholdBot { t: 5 }
    }
}

impl Bot<KabuState> for ThresholdBot {
    fn act(&self, state: &KabuState, _rng: &mut Rng) -> Action {
        let s = state.decider().unwrap_or(0);
        if score(state.hand(s)) <= self.t {
            DRAW
        } else {
            STAND
        }
    }
}

/// Per player count (2..=6) and cards drawn so far (0, 1): draw while the score is at most this.
pub const BEST_THRESHOLDS: [[u8; 2]; 5] = [[5, 4], [5, 4], [5, 4], [5, 4], [5, 4]];

/// The simulated best threshold pair (`"best"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct BestBot;

impl Bot<KabuState> for BestBot {
    fn act(&self, state: &KabuState, _rng: &mut Rng) -> Action {
        let s = state.decider().unwrap_or(0);
        let n = state.config().players.clamp(2, 6);
        let t = BEST_THRESHOLDS[n - 2][usize::from(state.drawn_count(s).min(1))];
        if score(state.hand(s)) <= t {
            DRAW
        } else {
            STAND
        }
    }
}

/// A threshold pair policy (first draw, second draw); the threshold search's candidates.
#[cfg(test)]
#[derive(Clone, Copy, Debug)]
pub struct PairBot(pub [u8; 2]);

#[cfg(test)]
impl Bot<KabuState> for PairBot {
    fn act(&self, state: &KabuState, _rng: &mut Rng) -> Action {
        let s = state.decider().unwrap_or(0);
        let t = self.0[usize::from(state.drawn_count(s).min(1))];
        if score(state.hand(s)) <= t {
            DRAW
        } else {
            STAND
        }
    }
}

/// Mean chips per hand of `hero` in one seat (rotating over the seats) against `others` in the rest,
/// over `hands` seeded single hands of `game`.
#[cfg(test)]
pub fn edge(
    game: &super::Kabu,
    hero: &dyn Bot<KabuState>,
    others: &dyn Bot<KabuState>,
    hands: u32,
    seed: u64,
) -> f64 {
    let n = game.config().players;
    let mut total = 0.0;
    let mut ret = [0.0; 6];
    let mut s = game.new_initial_state();
    for i in 0..hands {
        let mut rng = Rng::for_stream(seed, u64::from(i));
        let seat = i as usize % n;
        game.restart(&mut s);
        loop {
            match s.current_player() {
                Player::Terminal => break,
                Player::Chance => s.resolve_chance(&mut rng),
                Player::Seat(p) => {
                    let a = if p == seat {
                        hero.act(&s, &mut rng)
                    } else {
                        others.act(&s, &mut rng)
                    };
                    s.apply_action_unchecked(a);
                }
            }
        }
        s.returns(&mut ret[..n]);
        total += ret[seat];
    }
    total / f64::from(hands)
}

/// The best threshold pair for `players` against `threshold` bots, with its mean chips per hand.
#[cfg(test)]
pub fn search_thresholds(players: usize, hands: u32, seed: u64) -> ([u8; 2], f64) {
    let game = super::Kabu::with(&[("players", &players.to_string())]).expect("players 2..=6");
    let mut best = ([0, 0], f64::NEG_INFINITY);
    for t1 in 0..=9u8 {
        for t2 in 0..=9u8 {
            let v = edge(&game, &PairBot([t1, t2]), &ThresholdBot::default(), hands, seed);
            if v > best.1 {
                best = ([t1, t2], v);
            }
        }
    }
    best
}
