//! Carioca, the Chilean and Argentine contract rummy (pagat.com), for 2–5 players. Rules:
//! as this package implements them (see `ludoteca rules carioca`).
//!
//! * 108 cards (two decks, four jokers). Seats are numbered in turn order; the table plays
//!   counter-clockwise, so seat `d + 1` is the dealer's right. The first dealer is the last seat, so
//!   seat 0 plays first; the deal passes on after each hand.
//! * Deal one at a time from the dealer's right: 11 cards each (12 in the three-escalera hand, and in
//!   general as many as the contract needs if that is more), then one upcard starts the discard pile
//!   (a joker upcard may be drawn like any other).
//! * Turn: draw the pile top or the stock top (a chance event), meld (below), discard one.
//! * Contracts in order (`contract_sequence=pagat`): two trios; trio + escalera; two escaleras; three
//!   trios; two trios + escalera; trio + two escaleras; three escaleras. A trio is cards of one rank
//!   (suits may repeat), an escalera four or more of one suit in sequence, ace low or high but never
//!   both, no wrap-around, at most 13.
//! * The contract is laid on one turn, all at once, exactly (`contract_meld_exact_size`: trios of 3,
//!   escaleras of 4), at most one joker per meld; nothing else that turn. From the next turn on, the
//!   player may add cards to any meld on the table (jokers freely) and replace a joker in an escalera
//!   by the natural card it stands for, the joker moving to either end that is still open.
//! * The hand ends when a player has no cards (`go_out_requires_discard`: the last card must be a
//!   discard). The others score their hand: joker 50, ace 20, J Q K 10, others face value.
//! * Stock exhausted (`stock_exhaustion`): the pile except its top becomes the stock (reshuffle, at most
//!   three times a hand) or the hand ends with no score. Engine bounds so every game ends: the fourth
//!   exhaustion, or the 400th turn of a hand, ends the hand with no score.
//! * `scope=match` (default) plays the whole sequence, lowest total wins; `scope=deal` one hand (the
//!   first contract). Returns: minus the penalty points (so the lowest total has the highest return).
//!
//! * Choices where the rules are silent: a card taken from the pile may be discarded again the same
//!   turn; two trios of a contract may share a rank and two escaleras a suit; a trio may take any number
//!   of jokers once the contract is down, but keeps at least one natural card.
//!
//! Action ids (P = 108 physical cards, `7♥#2`, `X#4`):
//! `0..P` chance: the card dealt or drawn; `P` draw from the stock; `P+1` take the pile top;
//! `P+2+c` discard card c; `2P+2+c` pick card c into the pending meld; `3P+2` close the meld,
//! `3P+3` close low, `3P+4` close high (an escalera with two layouts: the joker, or ace, low or high);
//! `3P+5` cancel (the pending cards go back to the hand; twice a turn at most); `3P+6 + 5m + v` lay the
//! picked card on table meld m: v=0 onto a trio, 1 at the low end, 2 at the high end of an escalera,
//! 3/4 in place of the joker standing for it, the joker moving to the low / high end.

mod bot;
pub mod contract;
mod state;

pub use state::CariocaState;

use crate::core::game::{Bot, Game, GameInfo, Preset, RandomBot};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::Result;
use crate::registry::Registered;
use crate::rummy::bag::Pack;
use crate::rummy::meld::{RunRules, SetRules};

/// The pack.
pub const PACK: Pack = Pack::CARIOCA;
/// Physical cards.
pub const P: u32 = 108;
pub const DRAW_STOCK: u32 = P;
pub const DRAW_PILE: u32 = P + 1;
pub const DISCARD: u32 = P + 2;
pub const PICK: u32 = 2 * P + 2;
pub const CLOSE: u32 = 3 * P + 2;
pub const CLOSE_LOW: u32 = 3 * P + 3;
pub const CLOSE_HIGH: u32 = 3 * P + 4;
pub const CANCEL: u32 = 3 * P + 5;
pub const TARGET: u32 = 3 * P + 6;
/// Target variants per table meld.
pub const VARIANTS: u32 = 5;
pub const MAX_PLAYERS: usize = 5;
/// Most melds one contract has.
pub const MAX_SLOTS: usize = 4;
/// Most melds on the table.
pub const MAX_MELDS: usize = MAX_PLAYERS * MAX_SLOTS;
pub const NUM_ACTIONS: u32 = TARGET + VARIANTS * MAX_MELDS as u32;
/// Engine bounds (see the module doc).
pub const MAX_RESHUFFLES: u8 = 3;
pub const MAX_TURNS: u16 = 400;
pub const MAX_CANCELS: u8 = 2;

/// Trios after the contract: any size, jokers free, one natural at least.
pub const TRIO: SetRules = SetRules {
    min_len: 3,
    max_len: 255,
    max_wild: 255,
    min_natural: 1,
    twos_wild: false,
    lowest_rank: 2,
};
/// Escaleras after the contract.
pub const ESCALERA: RunRules = RunRules {
    min_len: 4,
    max_len: 13,
    ace_low: true,
    lowest_rank: 2,
    max_wild: 13,
};

/// One hand's contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Contract {
    pub trios: u8,
    pub escaleras: u8,
}

impl Contract {
    /// Cards the contract needs at the exact sizes.
    pub const fn cards(self) -> usize {
        3 * self.trios as usize + 4 * self.escaleras as usize
    }
    /// Cards dealt to each player: 11, or the contract's size if larger (12 for three escaleras).
    pub const fn deal_size(self) -> usize {
        if self.cards() > 11 {
            self.cards()
        } else {
            11
        }
    }
    /// Melds, in laying order: escaleras first.
    pub fn slots(self) -> usize {
        (self.trios + self.escaleras) as usize
    }
    /// A description (`trio + two escaleras`).
    pub fn describe(self) -> String {
        let word = |n: u8, one: &str, many: &str| match n {
            0 => None,
            1 => Some(one.to_string()),
            2 => Some(format!("two {many}")),
            3 => Some(format!("three {many}")),
            n => Some(format!("{n} {many}")),
        };
        [
            word(self.trios, "trio", "trios"),
            word(self.escaleras, "escalera", "escaleras"),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" + ")
    }
}

const fn c(trios: u8, escaleras: u8) -> Contract {
    Contract { trios, escaleras }
}

/// pagat's seven contracts.
pub const PAGAT: &[Contract] = &[c(2, 0), c(1, 1), c(0, 2), c(3, 0), c(2, 1), c(1, 2), c(0, 3)];
/// The Chilean eight-hand sequence as the Spanish Wikipedia lists it: pagat's seven, then four trios.
pub const CHILEAN: &[Contract] = &[
    c(2, 0),
    c(1, 1),
    c(0, 2),
    c(3, 0),
    c(2, 1),
    c(1, 2),
    c(0, 3),
    c(4, 0),
];

/// Deadwood: joker 50, ace 20, J Q K 10, others face value.
pub fn card_value(kind: u8) -> i32 {
    if kind == crate::rummy::JOKER {
        return 50;
    }
    match crate::rummy::rank_of(kind) {
        14 => 20,
        11..=13 => 10,
        r => r as i32,
    }
}

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "players", kind: Kind::Int { min: 2, max: 5 }, default: D::Int(4), doc: "number of players (2-5)" },
    ParamSpec { name: "scope", kind: Kind::Choice(&["match", "deal"]), default: D::Str("match"), doc: "match: every hand of the contract sequence, lowest total wins; deal: one hand (the first contract)" },
    ParamSpec { name: "contract_sequence", kind: Kind::Choice(&["pagat", "chilean"]), default: D::Str("pagat"), doc: "pagat: the seven contracts; chilean: eight, the seven then four trios" },
    ParamSpec { name: "contract_meld_exact_size", kind: Kind::Bool, default: D::Bool(true), doc: "contract trios exactly 3 cards and escaleras exactly 4 (false: at least 3 / 4)" },
    ParamSpec { name: "go_out_requires_discard", kind: Kind::Bool, default: D::Bool(false), doc: "the last card must be discarded (default: melding it also goes out)" },
    ParamSpec { name: "stock_exhaustion", kind: Kind::Choice(&["reshuffle", "end_hand_no_score"]), default: D::Str("reshuffle"), doc: "empty stock: the pile except its top becomes the stock (at most three times a hand), or the hand ends with no score" },
    ParamSpec { name: "first_dealer", kind: Kind::Int { min: -1, max: 4 }, default: D::Int(-1), doc: "seat of the first dealer; -1 = the last seat, so seat 0 plays first" },
];

static PRESETS: &[Preset] = &[];

static INFO: GameInfo = GameInfo {
    short_name: "carioca",
    long_name: "Carioca",
    params: PARAMS,
    presets: PRESETS,
    version: 3,
    rules: "Contract rummy for 2-5 players with 108 cards (two decks, four jokers), played to the right. \
Eleven cards each (twelve for the three-escalera hand), one upcard. A turn: draw the pile top or from the \
stock, meld, discard. Seven hands, each with its contract: two trios; trio and escalera; two escaleras; three \
trios; two trios and escalera; trio and two escaleras; three escaleras. A trio is three cards of one rank \
(suits may repeat), an escalera four of one suit in sequence (ace low or high, never both, no wrap-around). \
The contract goes down on one turn, all at once, trios of exactly three and escaleras of exactly four, at most \
one joker in each. On later turns a player whose contract is down may add cards to any meld and may replace a \
joker in an escalera by the card it stands for, the joker moving to an end. A hand ends when a player has no \
cards; the others score joker 50, ace 20, J Q K 10, other cards their face value. Lowest total wins. \
        As Carioca, the Chilean contract rummy, is described at pagat.com.",
    bots: &["random", "greedy"],
    examples: &[
        "carioca(scope=deal)",
        "carioca(scope=deal,players=2,go_out_requires_discard=true)",
        "carioca(scope=deal,players=5,contract_meld_exact_size=false,stock_exhaustion=end_hand_no_score)",
        "carioca(players=3)",
    ],
};

/// Rules resolved from parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub players: usize,
    pub contracts: &'static [Contract],
    pub is_match: bool,
    pub exact: bool,
    pub requires_discard: bool,
    pub reshuffle: bool,
    pub first_dealer: usize,
}

impl Config {
    /// Hands in the game.
    pub fn hands(&self) -> usize {
        if self.is_match {
            self.contracts.len()
        } else {
            1
        }
    }
}

/// The registered game.
#[derive(Clone, Debug)]
pub struct Carioca {
    params: Params,
    cfg: Config,
}

/// The registry's name for the game type.
pub type Type = Carioca;

impl Registered for Carioca {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(p: Params) -> Result<Self> {
        let players = p.int("players") as usize;
        let first = p.int("first_dealer");
        if first >= players as i64 {
            return Err(crate::error::LudoError::param(
                "first_dealer",
                format!("seat {first} does not exist with {players} players (seats 0..{players})"),
            ));
        }
        let cfg = Config {
            players,
            contracts: if p.str("contract_sequence") == "chilean" {
                CHILEAN
            } else {
                PAGAT
            },
            is_match: p.str("scope") == "match",
            exact: p.bool("contract_meld_exact_size"),
            requires_discard: p.bool("go_out_requires_discard"),
            reshuffle: p.str("stock_exhaustion") == "reshuffle",
            first_dealer: if first < 0 { players - 1 } else { first as usize },
        };
        Ok(Carioca { params: p, cfg })
    }
}

impl Carioca {
    /// The game from `(key, value)` pairs.
    pub fn with(pairs: &[(&str, &str)]) -> Result<Self> {
        Self::from_pairs(pairs)
    }
    /// The resolved rules.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
}

/// Most actions in one turn: the draw and its chance event, up to three rounds of picking the whole
/// hand (13 cards) with a close per card and a cancel, a lay-off per card, the discard.
const TURN_BOUND: usize = 2 + (MAX_CANCELS as usize + 1) * (13 * 2 + 1) + 13 + 1;

impl Game for Carioca {
    /// Returns are minus the penalty totals: a hand adds to each seat that did not go out the value
    /// of the cards it holds, at most the whole pack's (1,032: jokers 50, aces 20, J Q K 10, the
    /// others face value, two decks), and nothing is ever taken off. So [−1,032 · hands, 0]; the
    /// totals do not balance: general-sum.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        let pack: i32 = PACK.all().iter().map(|id| card_value(PACK.kind(id))).sum();
        let hands = self.cfg.hands() as f64;
        Some(crate::core::game::Utility::general(-(pack as f64) * hands, 0.0))
    }
    type State = CariocaState;
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_players(&self) -> usize {
        self.cfg.players
    }
    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS as usize
    }
    fn max_chance_outcomes(&self) -> usize {
        P as usize
    }
    fn max_game_length(&self) -> usize {
        let deal = 13 * self.cfg.players + 1;
        self.cfg.hands() * (deal + MAX_TURNS as usize * TURN_BOUND)
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![state::OBS_LEN]
    }
    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>) {
        state::observation_bounds()
    }
    fn new_initial_state(&self) -> CariocaState {
        CariocaState::new(self.cfg)
    }
    fn restart(&self, state: &mut CariocaState) {
        state.restart(self.cfg)
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<CariocaState>>> {
        match name {
            "random" => Ok(Box::new(RandomBot)),
            "greedy" => Ok(Box::new(bot::Greedy)),
            _ => Err(crate::core::game::unknown_bot(name, &INFO)),
        }
    }
}

#[cfg(test)]
mod playout_tests;
#[cfg(test)]
mod tests;
