//! Samba (Canasta with sequences), four players in two partnerships. Rules: as this package
//! implements them (see `ludoteca rules samba`).
//!
//! * 162 cards (three decks, six jokers). Partners sit opposite (seats 0 and 2, 1 and 3); play goes
//!   clockwise, seat `d + 1` after the dealer `d`. The first dealer is seat 3, so seat 0 plays first.
//! * Deal 15 each one at a time, one upcard starts the pile, the rest is the stock. Red 3s dealt are laid
//!   out and replaced from the stock before play (automatic); a red 3 drawn is laid out and replaced; a
//!   red 3 in a taken pile is laid out without replacement.
//! * Turn: draw `stock_draw` cards from the stock (1 in `ruleset=seed`, 2 in standard Samba) or take the
//!   whole pile; meld; discard one. The melds are the partnership's: sets (3-7 of a rank 4..A, at most two
//!   wilds, at least two naturals), sequences (3-7 of one suit, 4..A, ace high, no wilds), two sets of a
//!   rank may be merged, seven cards close a canasta or a samba. Black 3s only as the last meld of a
//!   player going out (3..`black3_meld_max` natural black 3s).
//! * Initial meld: the partnership's first melds, laid in one turn, reach the minimum of its score.
//! * The pile: never under a wild or a black 3 (or a red 3 upcard); frozen (a wild or red 3 inside, or
//!   under `frozen_until_initial_meld` a side that has not melded) needs a natural pair of the top's rank;
//!   unfrozen also when the top alone goes on a partnership meld. The top is melded at once, the rest joins
//!   the hand afterwards (after the initial meld, for a side that had not melded).
//! * Going out needs two canastas/sambas. "May I go out?" (asked before melding) binds: "no" forbids going
//!   out this turn, "yes" then not going out costs 100.
//! * Empty stock: a player must take the pile; one who cannot ends the hand. A last stock card that is a red
//!   3 is laid out; the player may meld, then the hand ends (`end hand`), no discard.
//! * Scoring as in [`rules::hand_score`]; `scope=match` (default) to `target` (10,000), ties play on;
//!   `scope=deal` one hand. Returns: own partnership's total minus the other's.
//! * Engine bounds so every game ends: a hand ends after 500 turns (scored, nobody went out); a match after
//!   60 hands (the higher total wins, a tie is a draw).
//!
//! Melding protocol (so every action id is fixed and every step is checked): `pick c` moves a card of the
//! hand into the pending meld (offered only if the pending cards can still become a meld or go on one);
//! `close` lays the pending cards as a new meld; `onto meld m` adds them to the partnership's meld m (its
//! table order); `merge meld m` merges set m with the partnership's next set of that rank that can take
//! it; `cancel` takes everything of this turn's unfinished work back (a pile take too: the pile returns and
//! the player must draw from the stock); after two cancels no more picks. While a partnership has not
//! melded, its closed melds wait (staged) until together they reach the minimum, then go down.
//!
//! Action ids (P = 162 physical cards, `7♥#2`, `X#4`): `0..P` chance: the card dealt or drawn; `P` draw
//! from the stock; `P+1` take the pile; `P+2+c` discard c; `2P+2+c` pick c; `3P+2` close; `3P+3` cancel;
//! `3P+4` may I go out?; `3P+5` yes; `3P+6` no; `3P+7` end hand; `3P+8+m` onto meld m; `3P+8+M+m` merge
//! meld m (M = 52 melds at most).

mod bot;
pub mod rules;
mod state;

pub use state::SambaState;

use crate::core::game::{Bot, Game, GameInfo, Preset, RandomBot};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::{LudoError, Result};
use crate::registry::Registered;
pub use rules::PACK;

/// Physical cards.
pub const P: u32 = 162;
pub const DRAW_STOCK: u32 = P;
pub const TAKE_PILE: u32 = P + 1;
pub const DISCARD: u32 = P + 2;
pub const PICK: u32 = 2 * P + 2;
pub const CLOSE: u32 = 3 * P + 2;
pub const CANCEL: u32 = 3 * P + 3;
pub const ASK: u32 = 3 * P + 4;
pub const YES: u32 = 3 * P + 5;
pub const NO: u32 = 3 * P + 6;
pub const END: u32 = 3 * P + 7;
pub const ONTO: u32 = 3 * P + 8;
/// Most melds one partnership can have (156 cards that are not red 3s, three a meld).
pub const MAX_MELDS: usize = 52;
pub const MERGE: u32 = ONTO + MAX_MELDS as u32;
pub const NUM_ACTIONS: u32 = MERGE + MAX_MELDS as u32;
/// Engine bounds (see the module doc).
pub const MAX_TURNS: u16 = 500;
pub const MAX_HANDS: u16 = 60;
pub const MAX_CANCELS: u8 = 2;

static PARAMS: &[ParamSpec] = &[
    ParamSpec {
        name: "ruleset",
        kind: Kind::Choice(&["seed", "standard"]),
        default: D::Str("seed"),
        doc: "seed: one card drawn, samba bonus 500; standard: standard Samba (two cards drawn, samba bonus 1500, \
              the pile frozen for a partnership that has not melded)",
    },
    ParamSpec {
        name: "scope",
        kind: Kind::Choice(&["match", "deal"]),
        default: D::Str("match"),
        doc: "match: hands until a partnership reaches the target; deal: one hand",
    },
    ParamSpec {
        name: "stock_draw",
        kind: Kind::Int { min: 1, max: 2 },
        default: D::Int(1),
        doc: "cards drawn from the stock each turn (1 in the basic game, 2 in standard Samba)",
    },
    ParamSpec {
        name: "samba_bonus",
        kind: Kind::Int { min: 500, max: 1500 },
        default: D::Int(500),
        doc: "bonus for a samba (a seven-card sequence): 500, or 1500 in standard Samba",
    },
    ParamSpec {
        name: "black3_meld_max",
        kind: Kind::Int { min: 3, max: 6 },
        default: D::Int(4),
        doc: "most black 3s in the meld of a player going out",
    },
    ParamSpec {
        name: "frozen_until_initial_meld",
        kind: Kind::Bool,
        default: D::Bool(false),
        doc: "the pile counts as frozen for a partnership that has not melded",
    },
    ParamSpec {
        name: "target",
        kind: Kind::Int {
            min: 500,
            max: 100000,
        },
        default: D::Int(10000),
        doc: "match: the total that ends it (reached, not exceeded)",
    },
];

static PRESETS: &[Preset] = &[
    ("seed", &[]),
    (
        "standard",
        &[
            ("stock_draw", "2"),
            ("samba_bonus", "1500"),
            ("frozen_until_initial_meld", "true"),
        ],
    ),
];

static INFO: GameInfo = GameInfo {
    short_name: "samba",
    long_name: "Samba",
    params: PARAMS,
    presets: PRESETS,
    version: 2,
    rules: "Canasta with sequences for four players in two partnerships (partners opposite), 162 cards (three \
decks, six jokers), clockwise. Fifteen cards each, one upcard. A turn: draw from the stock (one card, or two in \
standard Samba) or take the whole discard pile, meld, discard one. Melds belong to the partnership: sets of \
three to seven cards of a rank from 4 to ace with at most two wild cards (jokers and 2s) and at least two \
natural cards, and sequences of three to seven cards of one suit from 4 to ace (ace high) with no wild cards. \
Two sets of a rank may be merged. Seven cards make a canasta (a set) or a samba (a sequence). Red 3s are laid \
out at once and replaced. The partnership's first meld must be worth 15, 50, 90, 120 or 160 points by its \
score (below 0, below 1,500, below 3,000, below 7,000, above). The pile is never taken under a wild card or a \
black 3; when it holds a wild card or a red 3 it is frozen and taken only with a natural pair of the top \
card's rank; otherwise also when the top card alone goes on a partnership meld. Going out needs two canastas \
or sambas; a player may ask the partner \"may I go out?\" and the answer binds (yes, then not going out: -100). \
Black 3s are melded only when going out. Score: card values melded (joker 50, 2 and ace 20, 8 to K 10, 4 to 7 \
and black 3 5), natural canasta 500, mixed 300, samba 500 (1,500 standard), red 3s 100 each or 1,000 for all \
six (negative without two canastas), going out 200, less the cards left in hand. Game to 10,000. As Samba is \
described by Bicycle and at pagat.com.",
    bots: &["random", "greedy"],
    examples: &[
        "samba(scope=deal)",
        "samba(scope=deal,stock_draw=2,samba_bonus=1500,frozen_until_initial_meld=true)",
        "samba(scope=deal,black3_meld_max=6)",
        "samba(target=500)",
    ],
};

/// Rules resolved from parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub is_match: bool,
    pub stock_draw: u8,
    pub samba_bonus: i32,
    pub black3_max: usize,
    pub frozen_until_initial: bool,
    pub target: i32,
}

/// The registered game.
#[derive(Clone, Debug)]
pub struct Samba {
    params: Params,
    cfg: Config,
}

/// The registry's name for the game type.
pub type Type = Samba;

impl Registered for Samba {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(p: Params) -> Result<Self> {
        let bonus = p.int("samba_bonus");
        if bonus != 500 && bonus != 1500 {
            return Err(LudoError::param(
                "samba_bonus",
                format!("{bonus} is neither 500 (the `seed` ruleset) nor 1500 (standard Samba)"),
            ));
        }
        let cfg = Config {
            is_match: p.str("scope") == "match",
            stock_draw: p.int("stock_draw") as u8,
            samba_bonus: bonus as i32,
            black3_max: p.int("black3_meld_max") as usize,
            frozen_until_initial: p.bool("frozen_until_initial_meld"),
            target: p.int("target") as i32,
        };
        Ok(Samba { params: p, cfg })
    }
}

impl Samba {
    /// The game from `(key, value)` pairs.
    pub fn with(pairs: &[(&str, &str)]) -> Result<Self> {
        Self::from_pairs(pairs)
    }
    /// The resolved rules.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
}

/// Most actions in one turn: an ask and its answer, the draws (each with red-3 replacements), up to three
/// rounds of picking a hand of at most 162 cards with a close each and a cancel, merges, the discard.
const TURN_BOUND: usize = 2 + 2 * 8 + 3 * (2 * P as usize + 1) + MAX_MELDS + 1;

impl Game for Samba {
    /// Returns are the own partnership's total minus the other's (zero-sum, the partners equal).
    /// A safe cap on what one hand adds to a partnership's total (`rules::hand_score` plus the
    /// penalties): at most every card's value (1,770: six jokers 50, twenty-four 2s and aces 20,
    /// seventy-two 8s–kings 10, forty-eight 4s–7s and six black 3s 5), a bonus for each of at most
    /// 162 / 7 = 23 closed melds (a samba's or 500), 1,000 for six red 3s and 200 for going out; at
    /// least minus every card's value, minus 1,000 for red 3s without two canastas, minus 100 for
    /// each of at most `MAX_TURNS` + 1 unkept "yes". The difference moves by at most the sum of
    /// both, B, per hand: one hand [−B, B], a match of at most `MAX_HANDS` hands [−60B, 60B]. Far
    /// from reachable scores; a cap every hand respects.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        let cards = PACK
            .all()
            .iter()
            .map(|id| rules::card_value(PACK.kind(id)))
            .sum::<i32>() as f64;
        let bonus = (self.cfg.samba_bonus as f64).max(500.0);
        let high = cards + 23.0 * bonus + 1000.0 + 200.0;
        let low = cards + 1000.0 + 100.0 * (MAX_TURNS as f64 + 1.0);
        let b = high + low;
        let hands = if self.cfg.is_match { MAX_HANDS as f64 } else { 1.0 };
        Some(crate::core::game::Utility::zero_sum(-hands * b, hands * b))
    }
    type State = SambaState;
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_players(&self) -> usize {
        4
    }
    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS as usize
    }
    fn max_chance_outcomes(&self) -> usize {
        P as usize
    }
    fn max_game_length(&self) -> usize {
        let hands = if self.cfg.is_match { MAX_HANDS as usize } else { 1 };
        hands * (P as usize + MAX_TURNS as usize * TURN_BOUND)
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![state::OBS_LEN]
    }
    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>) {
        state::observation_bounds()
    }
    fn new_initial_state(&self) -> SambaState {
        SambaState::new(self.cfg)
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<SambaState>>> {
        match name {
            "random" => Ok(Box::new(RandomBot)),
            "greedy" => Ok(Box::new(bot::Greedy)),
            _ => Err(crate::core::game::unknown_bot(name, &INFO)),
        }
    }
}

#[cfg(test)]
mod tests;
