//! Razz: seven-card stud for the lowest hand, fixed limit, 2 to 8 players. Rules: as this
//! package implements them (see `ludoteca rules razz`); the chips, turns and pots are the shared poker
//! engine's (`crate::poker`), the cards and streets are here.
//!
//! # The game as implemented
//!
//! * **Cards.** One 52-card pack; ace-to-five low (`poker::low`): aces low, straights and flushes do
//!   not count, the best five of seven cards win, exact ties split.
//! * **Chips.** Everyone starts with `stack` chips and antes `ante`. Small bet `small_bet` on 3rd and
//!   4th street, big bet twice that on 5th to 7th. The bring-in is `bring_in` if given (1 ≤ bring-in <
//!   small bet), else ⌊small bet / 2⌋ (`bring_in_fraction=half`, the default) or ⌊small bet / 3⌋ (at least
//!   1; `third`, common in casinos). At most one bet or completion and 3 raises per round
//!   (`uncapped_heads_up`: no cap while two players are in the hand). Table stakes, all-in for less,
//!   side pots; see `poker::betting` for the exact turn rules (they are PokerKit's).
//! * **Deal.** Clockwise from the seat after the dealer: two cards down and one up (the door card) to
//!   everyone, one up card each on 4th, 5th and 6th street and one down card on 7th, to the players
//!   still in. With `burn_cards`, one card is burnt before each of streets 4 to 7 (skipped if the
//!   stub cannot cover it). If the stub is too small for everyone's 7th card (with its burn), one
//!   community card is dealt face up instead: everyone's 7th card.
//! * **Who acts.** 3rd street: the highest door card (K high … A low; ties of rank by suit ♠ > ♥ > ♦ >
//!   ♣) posts the bring-in or completes (if that seat is all-in from the ante, the next seat with chips
//!   does). Streets 4 to 7: the best partial low showing (2 to 4 up cards, same rules, any unpaired
//!   board beats any pair; suits ignored) opens; exact ties go to the first of them clockwise from the
//!   dealer. A seat that is all-in is skipped.
//! * **End.** A player left alone wins the pot without showdown. Otherwise the live hands are shown
//!   and every pot (main and side pots) goes to its best low; odd chips of a split go to the first
//!   winner clockwise from the dealer (`odd_chip_rule=first_after_dealer`), or to the winner with the
//!   highest card by rank (K high, A low) then suit (`high_card_by_suit`).
//! * **Scope.** `scope=hand` (default): one hand, dealer seat `players - 1` (so seat 0 is first to be
//!   dealt and wins exact opener ties). Returns: chips won or lost. `scope=match`: `hands` hands, the
//!   dealer moving to the next seat with chips, stacks carried over; a player without chips sits out;
//!   the match ends after `hands` hands or when one player has all the chips. Returns: the chips won or
//!   lost over the match, at its end (the scores are the stacks as the match goes).
//! * **Loading without sizes.** The rules make `ante` and `small_bet` table parameters with no
//!   default; the registry needs a loadable `razz`, so the defaults are ante 1, small bet 4, stack 400.
//!
//! Action ids: `0..52` the cards (chance: who gets a card is fixed by the deal order, the outcome is
//! which card), `52 fold`, `53 check`, `54 call`, `55 bring in`, `56 complete`, `57 bet`, `58 raise`.

mod bot;
pub mod hh;
#[cfg(test)]
mod tests;

pub use bot::RuleBot;

use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Action, Bot, Game, GameInfo, Player, RandomBot, State, MAX_PLAYERS};
use crate::core::params::{ParamSpec, Params};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use crate::poker::betting::{Betting, Move, Sizing};
use crate::poker::hand::masks52;
use crate::poker::low::LowRank;
use crate::poker::pots::{award, pots, OddChip, Pot};
use crate::registry::Registered;
use std::fmt;
use std::sync::OnceLock;

/// First betting action id (`fold`); the others follow in [`Move::ALL`] order.
pub const MOVE_BASE: u32 = 52;
const NUM_ACTIONS: u32 = MOVE_BASE + 7;
/// Per-seat observation block: up cards (52), cards shown at showdown (52), 7 numbers.
const SEAT_LEN: usize = 52 + 52 + 7;
/// Global observation block: own down cards (52), community card (52), street (5), raises, hand
/// progress, pot.
const GLOBAL_LEN: usize = 52 + 52 + 5 + 3;
/// The cap: bet (or completion) + 3 raises.
const CAP: u8 = 4;

static PARAMS: &[ParamSpec] = &[
    ParamSpec::int("players", 2, 8, 2, "number of players (2-8)"),
    ParamSpec::int("ante", 0, 1_000_000, 1, "everyone's ante in chips"),
    ParamSpec::int(
        "small_bet",
        2,
        1_000_000,
        4,
        "the bet on 3rd and 4th street; twice it on 5th to 7th",
    ),
    ParamSpec::int(
        "bring_in",
        0,
        999_999,
        0,
        "the bring-in in chips (1 <= bring_in < small_bet); 0: from bring_in_fraction",
    ),
    ParamSpec::choice(
        "bring_in_fraction",
        &["half", "third"],
        "half",
        "bring-in when not given: half the small bet (the default) or a third (some casinos), rounded down",
    ),
    ParamSpec::int("stack", 1, 1_000_000_000, 400, "starting chips of every player"),
    ParamSpec::flag(
        "uncapped_heads_up",
        false,
        "no cap on raises while only two players are in the hand",
    ),
    ParamSpec::flag("burn_cards", false, "burn a card before each of streets 4 to 7"),
    ParamSpec::choice(
        "odd_chip_rule",
        &["first_after_dealer", "high_card_by_suit"],
        "first_after_dealer",
        "who gets the odd chips of a split pot",
    ),
    ParamSpec::choice(
        "scope",
        &["hand", "match"],
        "hand",
        "one hand, or a match of `hands` hands with stacks carried over",
    ),
    ParamSpec::int("hands", 1, 100_000, 20, "match length in hands (scope=match)"),
    ParamSpec::choice(
        "ruleset",
        &["seed", "casino"],
        "seed",
        "seed: the rules as written; casino: bring-in a third of the small bet, burns, heads-up uncapped",
    ),
];

static INFO: GameInfo = GameInfo {
    short_name: "razz",
    long_name: "Razz",
    params: PARAMS,
    presets: &[("casino", &[("bring_in_fraction", "third"), ("burn_cards", "true"), ("uncapped_heads_up", "true")])],
    version: 1,
    rules: "Seven-card stud for the lowest hand, fixed limit, 2-8 players. Ace-to-five low: aces are low, \
straights and flushes do not count, pairs do; the best five of seven cards win (5-4-3-2-A is best). Everyone \
antes; two cards down and one up. The highest up card (K high, A low; ties by suit, spades highest) brings in \
for half a small bet or completes to a full one. Then one more up card on 4th, 5th and 6th street and a last \
card down on 7th; from 4th street the best low showing opens (ties: the first from the dealer's left). Small \
bets on 3rd and 4th street, big bets (twice as large) from 5th; one bet and three raises per round. If the deck \
runs short on 7th street one community card is dealt face up for everyone. A player left alone wins; otherwise \
the best low takes the pot, with side pots for all-in players and exact ties split. \
        As casinos play Razz, following Robert's Rules of Poker.",
    bots: &["random", "rules"],
    // Hands of random play are short; matches give the conformance tests positions deep in a hand.
    examples: &[
        "razz(players=8)",
        "razz(scope=match,hands=20)",
        "razz(players=3,scope=match,hands=6,stack=40)",
        "razz(players=4,ruleset=casino,small_bet=6,odd_chip_rule=high_card_by_suit,scope=match,hands=3)",
        "razz(players=5,ante=2,small_bet=10,stack=60,scope=match,hands=4)",
    ],
};

/// Who gets the odd chips of a split pot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum OddRule {
    FirstAfterDealer,
    HighCardBySuit,
}

/// The resolved table rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub players: usize,
    pub ante: i64,
    pub small_bet: i64,
    pub bring_in: i64,
    pub stack: i64,
    pub uncapped_heads_up: bool,
    pub burn: bool,
    odd: OddRule,
    pub match_scope: bool,
    pub hands: u32,
}

/// The registered game.
#[derive(Clone, Debug)]
pub struct Razz {
    params: Params,
    cfg: Config,
}

/// The registry's name for the game type.
pub type Type = Razz;

impl Registered for Razz {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(p: Params) -> Result<Self> {
        let small_bet = p.int("small_bet");
        let bring_in = match p.int("bring_in") {
            0 if p.str("bring_in_fraction") == "third" => (small_bet / 3).max(1),
            0 => small_bet / 2,
            b if b >= small_bet => {
                return Err(LudoError::param(
                    "bring_in",
                    format!("{b} must be less than the small bet ({small_bet}); 1 <= bring_in < small_bet"),
                ))
            }
            b => b,
        };
        let cfg = Config {
            players: p.int("players") as usize,
            ante: p.int("ante"),
            small_bet,
            bring_in,
            stack: p.int("stack"),
            uncapped_heads_up: p.bool("uncapped_heads_up"),
            burn: p.bool("burn_cards"),
            odd: if p.str("odd_chip_rule") == "high_card_by_suit" {
                OddRule::HighCardBySuit
            } else {
                OddRule::FirstAfterDealer
            },
            match_scope: p.str("scope") == "match",
            hands: if p.str("scope") == "match" {
                p.int("hands") as u32
            } else {
                1
            },
        };
        Ok(Razz { params: p, cfg })
    }
}

impl Razz {
    /// The game with the given parameters as `(key, value)` pairs (`[("players", "4")]`).
    pub fn with(pairs: &[(&str, &str)]) -> Result<Self> {
        Self::from_pairs(pairs)
    }
    /// The resolved table rules.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
    /// The initial state, with `history` (empty) as its history buffer.
    fn fresh(&self, history: Vec<Action>) -> RazzState {
        let mut s = RazzState {
            cfg: self.cfg,
            hand_no: 0,
            dealer: (self.cfg.players - 1) as u8,
            hand_start: [0; MAX_PLAYERS],
            bet: Betting::new(&[self.cfg.stack; MAX_PLAYERS][..self.cfg.players]),
            street: 3,
            phase: Phase::Deal,
            down: [CardSet::EMPTY; MAX_PLAYERS],
            up: [[0; 4]; MAX_PLAYERS],
            n_up: [0; MAX_PLAYERS],
            community: None,
            burned: CardSet::EMPTY,
            undealt: CardSet::first_n(52),
            plan: [Target::Burn; 26],
            plan_len: 0,
            plan_pos: 0,
            shown: 0,
            returns: [0; MAX_PLAYERS],
            hand_net: [0; MAX_PLAYERS],
            history,
        };
        s.start_hand(&[self.cfg.stack; MAX_PLAYERS]);
        s
    }
}

/// The 52-card pack (dense order ♣ ♦ ♥ ♠, 2 … A within a suit).
pub fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(Deck::french52)
}

/// Rank code 2..=14 of a card id.
#[inline]
fn rank(c: u8) -> u8 {
    c % 13 + 2
}
/// Suit 0..=3 (♣ ♦ ♥ ♠) of a card id.
#[inline]
fn suit(c: u8) -> u8 {
    c / 13
}
/// Bring-in order of a card: rank with the ace lowest and the king highest, then suit ♠ > ♥ > ♦ > ♣.
#[inline]
pub fn bring_in_key(c: u8) -> u8 {
    let low_value = if rank(c) == 14 { 1 } else { rank(c) };
    low_value * 4 + suit(c)
}

impl Game for Razz {
    /// Chips change hands: a seat loses at most its `stack` and wins at most the n − 1 other stacks
    /// (a match carries the stacks over, so the same holds for it). Zero-sum.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        let (n, stack) = (self.cfg.players as f64, self.cfg.stack as f64);
        Some(crate::core::game::Utility::zero_sum(-stack, (n - 1.0) * stack))
    }
    type State = RazzState;
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
        52
    }
    fn max_game_length(&self) -> usize {
        let n = self.cfg.players;
        // Per round: everyone acts once, plus everyone again after each raise. Uncapped heads-up
        // raises end when a stack is gone (at least a small bet each).
        let total = self.cfg.stack * n as i64;
        let raises = if self.cfg.uncapped_heads_up {
            (total / self.cfg.small_bet) as usize + CAP as usize
        } else {
            CAP as usize
        };
        self.cfg.hands as usize * (52 + 5 * n * (raises + 1))
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.cfg.players * SEAT_LEN + GLOBAL_LEN]
    }
    fn new_initial_state(&self) -> RazzState {
        self.fresh(Vec::with_capacity(64))
    }
    fn restart(&self, state: &mut RazzState) {
        // Keep the history's buffer: simulations restart one state per worker.
        let mut history = std::mem::take(&mut state.history);
        history.clear();
        *state = self.fresh(history);
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<RazzState>>> {
        match name {
            "random" => Ok(Box::new(RandomBot)),
            "rules" => Ok(Box::new(RuleBot)),
            _ => Err(crate::core::game::unknown_bot(name, &INFO)),
        }
    }
}

/// Where the next card dealt goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Target {
    Down(u8),
    Up(u8),
    Burn,
    Community,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Deal,
    Bet,
    Over,
}

/// A Razz position (a hand, or a match of hands).
#[derive(Clone, Debug)]
pub struct RazzState {
    cfg: Config,
    hand_no: u32,
    dealer: u8,
    /// Stacks when the hand began (before the antes).
    hand_start: [i64; MAX_PLAYERS],
    bet: Betting,
    /// 3..=7 while dealing or betting that street.
    street: u8,
    phase: Phase,
    down: [CardSet; MAX_PLAYERS],
    /// Up cards in the order dealt (door card first).
    up: [[u8; 4]; MAX_PLAYERS],
    n_up: [u8; MAX_PLAYERS],
    community: Option<u8>,
    burned: CardSet,
    undealt: CardSet,
    plan: [Target; 26],
    plan_len: u8,
    plan_pos: u8,
    /// Seats whose down cards were shown at the last showdown of this hand (0 before).
    shown: u8,
    /// Chips won or lost over the finished hands.
    returns: [i64; MAX_PLAYERS],
    /// Chips each seat won or lost in the last finished hand.
    hand_net: [i64; MAX_PLAYERS],
    history: Vec<Action>,
}

impl RazzState {
    fn n(&self) -> usize {
        self.cfg.players
    }
    /// The betting engine's view (stacks, bets, pots).
    pub fn betting(&self) -> &Betting {
        &self.bet
    }
    /// Stacks when the current hand began (before the antes).
    pub fn hand_start_stacks(&self) -> &[i64; MAX_PLAYERS] {
        &self.hand_start
    }
    /// The current street (3 to 7).
    pub fn street(&self) -> u8 {
        self.street
    }
    /// The dealer seat of the current hand.
    pub fn dealer(&self) -> usize {
        self.dealer as usize
    }
    /// Hands finished before this one (match scope).
    pub fn hand_number(&self) -> u32 {
        self.hand_no
    }
    /// The table rules.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
    /// Seat `s`'s down cards.
    pub fn down_cards(&self, s: usize) -> CardSet {
        self.down[s]
    }
    /// Seat `s`'s up cards in the order dealt (door card first).
    pub fn up_cards(&self, s: usize) -> &[u8] {
        &self.up[s][..self.n_up[s] as usize]
    }
    /// The community card, if the stub ran short on 7th street.
    pub fn community(&self) -> Option<u8> {
        self.community
    }
    /// Every card seat `s` plays with: its own and the community card.
    pub fn cards_of(&self, s: usize) -> CardSet {
        let mut set = self.down[s];
        for &c in self.up_cards(s) {
            set.insert(Card(c));
        }
        if let Some(c) = self.community {
            set.insert(Card(c));
        }
        set
    }
    /// Seat `s`'s up cards as a set.
    pub fn up_set(&self, s: usize) -> CardSet {
        self.up_cards(s)
            .iter()
            .fold(CardSet::EMPTY, |m, &c| m.with(Card(c)))
    }
    /// Whether seat `s` is still in the hand.
    pub fn is_live(&self, s: usize) -> bool {
        self.bet.live >> s & 1 != 0
    }
    /// The seat to act at a betting decision.
    pub fn actor(&self) -> Option<usize> {
        (self.phase == Phase::Bet).then(|| self.bet.actor()).flatten()
    }
    /// Every legal betting move now (bit set over `Move::bit`).
    pub fn legal_moves(&self) -> u8 {
        if self.phase == Phase::Bet {
            self.bet.legal()
        } else {
            0
        }
    }

    /// Seats in dealing order: clockwise from the seat after the dealer.
    fn seat_order(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.n();
        (1..=n).map(move |k| (self.dealer as usize + k) % n)
    }

    fn start_hand(&mut self, stacks: &[i64; MAX_PLAYERS]) {
        let n = self.n();
        self.hand_start = *stacks;
        self.bet = Betting::new(&stacks[..n]);
        self.bet.post_antes(self.cfg.ante);
        self.street = 3;
        self.down = [CardSet::EMPTY; MAX_PLAYERS];
        self.n_up = [0; MAX_PLAYERS];
        self.community = None;
        self.burned = CardSet::EMPTY;
        self.undealt = CardSet::first_n(52);
        self.shown = 0;
        self.plan_len = 0;
        self.plan_pos = 0;
        for round in 0..3 {
            for s in self.seat_order().collect::<seat_list::Seats>() {
                if self.is_live(s) {
                    self.plan[self.plan_len as usize] = if round < 2 {
                        Target::Down(s as u8)
                    } else {
                        Target::Up(s as u8)
                    };
                    self.plan_len += 1;
                }
            }
        }
        self.phase = Phase::Deal;
    }

    /// Plans the deal of the current street (4 to 7).
    fn plan_street(&mut self) {
        self.plan_len = 0;
        self.plan_pos = 0;
        let live = self.bet.live_count() as usize;
        let stub = self.undealt.len();
        let burn = self.cfg.burn;
        let push = |s: &mut Self, t: Target| {
            s.plan[s.plan_len as usize] = t;
            s.plan_len += 1;
        };
        let seats: seat_list::Seats = self.seat_order().filter(|&s| self.is_live(s)).collect();
        if self.street == 7 && stub < live + usize::from(burn) {
            // Not enough for everyone's last card: one community card (burn first if the stub allows).
            if burn && stub >= 2 {
                push(self, Target::Burn);
            }
            push(self, Target::Community);
            return;
        }
        if burn && stub > live {
            push(self, Target::Burn);
        }
        for s in seats {
            push(
                self,
                if self.street == 7 {
                    Target::Down(s as u8)
                } else {
                    Target::Up(s as u8)
                },
            );
        }
    }

    /// The seat that brings in: the highest door card.
    fn bring_in_seat(&self) -> usize {
        self.seat_order()
            .filter(|&s| self.is_live(s) && self.n_up[s] > 0)
            .max_by_key(|&s| bring_in_key(self.up[s][0]))
            .unwrap_or(0)
    }

    /// Seat `s`'s up cards as a partial low.
    pub fn board_low(&self, s: usize) -> LowRank {
        LowRank::eval(&masks52(self.up_set(s)))
    }

    /// The opener on 4th to 7th street: the best low showing, ties to the first clockwise from the
    /// dealer.
    fn low_opener(&self) -> usize {
        let mut best: Option<(LowRank, usize)> = None;
        for s in self.seat_order() {
            if !self.is_live(s) {
                continue;
            }
            let v = self.board_low(s);
            if best.map_or(true, |(b, _)| v < b) {
                best = Some((v, s));
            }
        }
        best.map_or(0, |(_, s)| s)
    }

    /// After a street's cards are out: the betting round, or straight on when nobody can bet.
    fn begin_betting(&mut self) {
        if !self.bet.no_more_betting() {
            let (opener, bring_in) = if self.street == 3 {
                (self.bring_in_seat(), self.cfg.bring_in)
            } else {
                (self.low_opener(), 0)
            };
            let size = if self.street <= 4 {
                self.cfg.small_bet
            } else {
                2 * self.cfg.small_bet
            };
            let sizing = Sizing::FixedLimit {
                bet: size,
                cap: Some(CAP),
                uncapped_heads_up: self.cfg.uncapped_heads_up,
            };
            if self.bet.start_round(opener, sizing, bring_in) {
                self.phase = Phase::Bet;
                return;
            }
        }
        self.next_street();
    }

    fn next_street(&mut self) {
        if self.bet.live_count() <= 1 || self.street == 7 {
            self.finish_hand();
            return;
        }
        self.street += 1;
        self.plan_street();
        self.phase = Phase::Deal;
    }

    /// The final lows of the live seats.
    fn final_lows(&self) -> [LowRank; MAX_PLAYERS] {
        let mut lows = [LowRank(u32::MAX); MAX_PLAYERS];
        for (s, low) in lows.iter_mut().enumerate().take(self.n()) {
            if self.is_live(s) {
                *low = LowRank::eval(&masks52(self.cards_of(s)));
            }
        }
        lows
    }

    fn odd_chip(&self) -> OddChip {
        match self.cfg.odd {
            OddRule::FirstAfterDealer => OddChip::FirstAfterDealer { dealer: self.dealer },
            OddRule::HighCardBySuit => {
                let mut order: [u8; MAX_PLAYERS] = [0, 1, 2, 3, 4, 5, 6, 7];
                let n = self.n();
                let key = |s: u8| {
                    let set = self.cards_of(s as usize);
                    std::cmp::Reverse(set.iter().map(|c| bring_in_key(c.0)).max().unwrap_or(0))
                };
                order[..n].sort_by_key(|&s| key(s));
                OddChip::Priority { priority: order }
            }
        }
    }

    /// Pays the pots and either ends the game or deals the next hand of a match.
    fn finish_hand(&mut self) {
        let n = self.n();
        let mut put_in = [0i64; MAX_PLAYERS];
        for (s, p) in put_in.iter_mut().enumerate().take(n) {
            *p = self.bet.put_in(s);
        }
        let lows = self.final_lows();
        let live = self.bet.live;
        self.shown = if live.count_ones() > 1 { live } else { 0 };
        let mut won = [0i64; MAX_PLAYERS];
        award(
            &put_in[..n],
            live,
            |a, b| lows[a] < lows[b],
            self.odd_chip(),
            &mut won[..n],
        );
        let mut stacks = [0i64; MAX_PLAYERS];
        for s in 0..n {
            stacks[s] = self.bet.stacks[s] + won[s];
            self.hand_net[s] = stacks[s] - self.hand_start[s];
            self.returns[s] += self.hand_net[s];
        }
        // Keep the finished hand's chips visible at the end.
        self.bet.stacks[..n].copy_from_slice(&stacks[..n]);
        let with_chips = stacks[..n].iter().filter(|&&c| c > 0).count();
        if self.cfg.match_scope && self.hand_no + 1 < self.cfg.hands && with_chips >= 2 {
            self.hand_no += 1;
            let mut d = self.dealer as usize;
            for _ in 0..n {
                d = (d + 1) % n;
                if stacks[d] > 0 {
                    break;
                }
            }
            self.dealer = d as u8;
            self.start_hand(&stacks);
        } else {
            self.phase = Phase::Over;
        }
    }

    /// The pots as they stand (chips put in so far, this round included), main pot first, each with
    /// the seats that can win it.
    pub fn pots(&self) -> Vec<Pot> {
        let n = self.n();
        let put_in: Vec<i64> = (0..n).map(|s| self.bet.put_in(s)).collect();
        let mut out = [Pot::default(); 8];
        let k = pots(&put_in, self.bet.live, &mut out);
        out[..k].to_vec()
    }

    fn deal(&mut self, c: u8) {
        self.undealt.remove(Card(c));
        match self.plan[self.plan_pos as usize] {
            Target::Down(s) => {
                self.down[s as usize].insert(Card(c));
            }
            Target::Up(s) => {
                let s = s as usize;
                self.up[s][self.n_up[s] as usize] = c;
                self.n_up[s] += 1;
            }
            Target::Burn => {
                self.burned.insert(Card(c));
            }
            Target::Community => self.community = Some(c),
        }
        self.plan_pos += 1;
        if self.plan_pos == self.plan_len {
            self.begin_betting();
        }
    }

    /// The seat the next chance card goes to (None: burn or community), while dealing.
    fn next_target(&self) -> Option<Target> {
        (self.phase == Phase::Deal).then(|| self.plan[self.plan_pos as usize])
    }

    fn play(&mut self, m: Move) {
        self.bet.apply(m);
        if self.bet.live_count() <= 1 {
            self.finish_hand();
        } else if !self.bet.in_round() {
            self.next_street();
        }
    }

    fn total_chips(&self) -> f32 {
        (self.cfg.stack * self.n() as i64).max(1) as f32
    }
}

/// Tiny fixed-capacity seat list (no allocation on the hot path).
mod seat_list {
    /// Up to 8 seats.
    #[derive(Clone, Copy, Default)]
    pub struct Seats {
        seats: [u8; 8],
        len: u8,
    }
    impl FromIterator<usize> for Seats {
        fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
            let mut s = Seats::default();
            for x in iter {
                s.seats[s.len as usize] = x as u8;
                s.len += 1;
            }
            s
        }
    }
    impl IntoIterator for Seats {
        type Item = usize;
        type IntoIter = std::iter::Map<std::iter::Take<std::array::IntoIter<u8, 8>>, fn(u8) -> usize>;
        fn into_iter(self) -> Self::IntoIter {
            self.seats
                .into_iter()
                .take(self.len as usize)
                .map(usize::from as fn(u8) -> usize)
        }
    }
}

/// Name of an action id: a card (`A♠`) or a betting move (`fold`, `bring in` …).
pub fn action_name(a: Action) -> String {
    if a < MOVE_BASE {
        deck().name_of(Card(a as u8)).to_string()
    } else if a < NUM_ACTIONS {
        Move::ALL[(a - MOVE_BASE) as usize].name().to_string()
    } else {
        format!("action {a}")
    }
}

/// The action id of a betting move.
pub fn move_action(m: Move) -> Action {
    MOVE_BASE + m.index() as u32
}

fn parse_action(text: &str) -> Result<Action> {
    let t = text.trim().to_ascii_lowercase().replace(['-', '_'], " ");
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    for m in Move::ALL {
        if t == m.name() || (m == Move::BringIn && t == "bringin") {
            return Ok(move_action(m));
        }
    }
    match deck().parse(text) {
        Ok(c) => Ok(u32::from(c.0)),
        Err(_) => Err(LudoError::parse(
            "razz action",
            text,
            "expected fold, check, call, bring in, complete, bet, raise or a card (A♠, As, 10h)",
        )),
    }
}

impl State for RazzState {
    fn current_player(&self) -> Player {
        match self.phase {
            Phase::Deal => Player::Chance,
            Phase::Bet => Player::Seat(self.bet.actor().unwrap_or(0)),
            Phase::Over => Player::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Deal => out.extend(self.undealt.iter().map(|c| u32::from(c.0))),
            Phase::Bet => {
                let legal = self.bet.legal();
                out.extend(
                    Move::ALL
                        .iter()
                        .filter(|m| legal & m.bit() != 0)
                        .map(|&m| move_action(m)),
                );
            }
            Phase::Over => {}
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<()> {
        match self.phase {
            Phase::Over => return Err(LudoError::GameOver),
            Phase::Deal => {
                if action >= MOVE_BASE || !self.undealt.contains(Card(action as u8)) {
                    let why = if action >= MOVE_BASE {
                        "cards are being dealt (a chance node): the action is the card dealt"
                    } else {
                        "that card is already out"
                    };
                    return Err(LudoError::illegal(action, action_name(action), why));
                }
            }
            Phase::Bet => {
                let legal = self.bet.legal();
                let ok = (MOVE_BASE..NUM_ACTIONS).contains(&action)
                    && legal & Move::ALL[(action - MOVE_BASE) as usize].bit() != 0;
                if !ok {
                    let names: Vec<&str> = Move::ALL
                        .iter()
                        .filter(|m| legal & m.bit() != 0)
                        .map(|m| m.name())
                        .collect();
                    let why = if action < MOVE_BASE {
                        format!("a player is to act, not the dealer; legal: {}", names.join(", "))
                    } else if action == move_action(Move::Raise) && self.bet.raises() >= CAP {
                        format!(
                            "the round is capped at {CAP} bets and raises; legal: {}",
                            names.join(", ")
                        )
                    } else if action == move_action(Move::Fold) && legal & Move::Check.bit() != 0 {
                        "nothing to call: check instead of folding".to_string()
                    } else {
                        format!("not legal now; legal: {}", names.join(", "))
                    };
                    return Err(LudoError::illegal(action, action_name(action), why));
                }
            }
        }
        self.apply_action_unchecked(action);
        Ok(())
    }

    fn apply_action_unchecked(&mut self, action: Action) {
        self.history.push(action);
        match self.phase {
            Phase::Deal => self.deal(action as u8),
            Phase::Bet => self.play(Move::ALL[(action - MOVE_BASE) as usize]),
            Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if self.phase == Phase::Deal {
            let p = 1.0 / self.undealt.len() as f64;
            out.extend(self.undealt.iter().map(|c| (u32::from(c.0), p)));
        }
    }

    fn sample_chance(&self, rng: &mut Rng) -> Action {
        let k = rng.below(self.undealt.len() as u32) as usize;
        u32::from(self.undealt.nth_unchecked(k).0)
    }

    fn random_action(&self, rng: &mut Rng) -> Action {
        let legal = self.bet.legal();
        let k = rng.below(legal.count_ones());
        let mut bits = legal;
        for _ in 0..k {
            bits &= bits - 1;
        }
        MOVE_BASE + bits.trailing_zeros()
    }

    fn returns(&self, out: &mut [f64]) {
        // Final only: a match's chips are settled when it ends (the scores show the stacks before).
        let over = self.phase == Phase::Over;
        for (s, x) in out.iter_mut().enumerate() {
            *x = if over {
                self.returns.get(s).copied().unwrap_or(0) as f64
            } else {
                0.0
            };
        }
    }

    fn scores(&self, out: &mut [f64]) {
        for (s, x) in out.iter_mut().enumerate().take(self.n()) {
            *x = self.bet.stacks[s] as f64;
        }
    }

    fn action_to_string(&self, action: Action) -> String {
        action_name(action)
    }

    fn string_to_action(&self, text: &str) -> Result<Action> {
        parse_action(text)
    }

    fn observation_string(&self, player: usize) -> String {
        self.describe(Some(player))
    }

    fn write_observation(&self, player: usize, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let n = self.n();
        let total = self.total_chips();
        let actor = self.actor();
        for k in 0..n {
            let s = (player + k) % n;
            let base = k * SEAT_LEN;
            for &c in self.up_cards(s) {
                out[base + c as usize] = 1.0;
            }
            if self.shown >> s & 1 != 0 {
                for c in self.down[s].iter() {
                    out[base + 52 + c.idx()] = 1.0;
                }
            }
            let f = base + 104;
            out[f] = f32::from(u8::from(self.is_live(s)));
            out[f + 1] = f32::from(u8::from(self.is_live(s) && self.bet.stacks[s] == 0));
            out[f + 2] = f32::from(u8::from(actor == Some(s)));
            out[f + 3] = f32::from(u8::from(self.dealer as usize == s));
            out[f + 4] = (self.bet.stacks[s] as f32 / total).min(1.0);
            out[f + 5] = (self.bet.bets[s] as f32 / total).min(1.0);
            out[f + 6] = (self.bet.put_in(s) as f32 / total).min(1.0);
        }
        let g = n * SEAT_LEN;
        for c in self.down[player].iter() {
            out[g + c.idx()] = 1.0;
        }
        if let Some(c) = self.community {
            out[g + 52 + c as usize] = 1.0;
        }
        out[g + 104 + (self.street.clamp(3, 7) - 3) as usize] = 1.0;
        out[g + 109] = (f32::from(self.bet.raises()) / 8.0).min(1.0);
        out[g + 110] = self.hand_no as f32 / self.cfg.hands as f32;
        out[g + 111] = (self.bet.pot_total() as f32 / total).min(1.0);
    }

    fn information_state_string(&self, player: usize) -> String {
        let mut replay = Razz {
            params: Params::default(),
            cfg: self.cfg,
        }
        .new_initial_state();
        let mut lines = Vec::new();
        for &a in &self.history {
            let line = match replay.phase {
                Phase::Deal => match replay.next_target() {
                    Some(Target::Down(s)) if s as usize == player => {
                        format!("you get {} down", action_name(a))
                    }
                    Some(Target::Down(s)) => format!("p{s} gets a card down"),
                    Some(Target::Up(s)) => format!("p{s} gets {} up", action_name(a)),
                    Some(Target::Community) => format!("community card {}", action_name(a)),
                    _ => "a card is burnt".to_string(),
                },
                _ => format!("p{} {}", replay.bet.actor().unwrap_or(0), action_name(a)),
            };
            lines.push(line);
            let hand = replay.hand_no;
            replay.apply_action_unchecked(a);
            if replay.hand_no != hand || replay.phase == Phase::Over {
                if replay.phase == Phase::Over {
                    lines.push(replay.describe_result());
                } else {
                    lines.push(format!(
                        "hand {} over; stacks {:?}",
                        hand + 1,
                        &replay.hand_start[..self.n()]
                    ));
                }
            }
        }
        format!("Razz, you are p{player}\n{}", lines.join("\n"))
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>> {
        let ids = |set: CardSet| set.iter().map(|c| u32::from(c.0)).collect::<Vec<_>>();
        let mut out = Vec::new();
        for s in 0..self.n() {
            out.push((format!("hand {s}"), ids(self.down[s] | self.up_set(s))));
        }
        out.push((
            "community".to_string(),
            self.community.map(u32::from).into_iter().collect(),
        ));
        out.push(("burned".to_string(), ids(self.burned)));
        out.push(("stock".to_string(), ids(self.undealt)));
        Some(out)
    }
}

impl RazzState {
    /// The result line of a finished hand (omniscient: only shown cards are printed).
    fn describe_result(&self) -> String {
        let n = self.n();
        let net: Vec<String> = (0..n).map(|s| format!("p{s} {:+}", self.hand_net[s])).collect();
        format!("hand over: {}", net.join(", "))
    }

    /// The table as `viewer` sees it (`None`: everything).
    fn describe(&self, viewer: Option<usize>) -> String {
        let n = self.n();
        let street = match self.street {
            3 => "3rd",
            4 => "4th",
            5 => "5th",
            6 => "6th",
            _ => "7th",
        };
        let mut t = String::new();
        let who = viewer.map_or("omniscient".to_string(), |p| format!("you are p{p}"));
        t.push_str(&format!("Razz, {who}; "));
        if self.cfg.match_scope {
            t.push_str(&format!("hand {}/{}; ", self.hand_no + 1, self.cfg.hands));
        }
        t.push_str(&format!(
            "{street} street; dealer p{}; pot {}",
            self.dealer,
            self.bet.pot_total()
        ));
        match self.phase {
            Phase::Deal => t.push_str("; dealing"),
            Phase::Bet => t.push_str(&format!("; p{} to act", self.bet.actor().unwrap_or(0))),
            Phase::Over => t.push_str("; over"),
        }
        t.push('\n');
        let d = deck();
        for s in 0..n {
            let sees_down = viewer.map_or(true, |p| p == s) || self.shown >> s & 1 != 0;
            let down: Vec<&str> = if sees_down {
                self.down[s].iter().map(|c| d.name_of(c)).collect()
            } else {
                self.down[s].iter().map(|_| "?").collect()
            };
            let up: Vec<&str> = self.up_cards(s).iter().map(|&c| d.name_of(Card(c))).collect();
            let state = if !self.is_live(s) {
                if self.bet.stacks[s] == 0 && self.n_up[s] == 0 {
                    " (out)"
                } else {
                    " (folded)"
                }
            } else if self.bet.stacks[s] == 0 && self.phase != Phase::Over {
                " (all in)"
            } else {
                ""
            };
            t.push_str(&format!(
                "p{s}{}: [{}] {} | stack {}, bet {}{state}\n",
                if viewer == Some(s) { " (you)" } else { "" },
                down.join(" "),
                if up.is_empty() {
                    "-".to_string()
                } else {
                    up.join(" ")
                },
                self.bet.stacks[s],
                self.bet.bets[s],
            ));
        }
        if let Some(c) = self.community {
            t.push_str(&format!("community: {}\n", d.name_of(Card(c))));
        }
        let pots = self.pots();
        if pots.len() > 1 {
            let list: Vec<String> = pots
                .iter()
                .map(|p| {
                    let seats: Vec<String> = (0..n)
                        .filter(|&i| p.eligible >> i & 1 != 0)
                        .map(|i| format!("p{i}"))
                        .collect();
                    format!("{} ({})", p.amount, seats.join(" "))
                })
                .collect();
            t.push_str(&format!("pots: {}\n", list.join(", ")));
        }
        if self.phase == Phase::Over {
            t.push_str(&self.describe_result());
            if self.shown != 0 {
                let lows = self.final_lows();
                let shown: Vec<String> = (0..n)
                    .filter(|&s| self.shown >> s & 1 != 0)
                    .map(|s| format!("p{s} {}", lows[s]))
                    .collect();
                t.push_str(&format!("; showdown: {}", shown.join(", ")));
            }
        } else if self.phase == Phase::Bet && viewer.is_some_and(|p| Some(p) == self.actor()) {
            let legal = self.bet.legal();
            let moves: Vec<String> = Move::ALL
                .iter()
                .filter(|m| legal & m.bit() != 0)
                .map(|&m| match m {
                    Move::Fold | Move::Check => m.name().to_string(),
                    _ => format!("{} (to {})", m.name(), self.bet.amount_to(m)),
                })
                .collect();
            t.push_str(&format!("you may: {}", moves.join(", ")));
        }
        t.trim_end().to_string()
    }
}

impl fmt::Display for RazzState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(None))
    }
}
