//! Kabu (Sid Sackson's Western-deck version, *Card Games Around the World*, 1981): 2 to 6 players
//! draw for a score as close to 9 as possible; everyone pays every higher score the difference.
//! Rules: as this package implements them (see `ludoteca rules kabu`).
//!
//! # The game as implemented
//!
//! * **Cards.** 40 cards, ace to 10 of each suit; ace 1, the others their face value. A hand's score
//!   is its total mod 10 (10 and 20 score 0, 9 is best). The full deck is shuffled every hand.
//! * **Deal.** Two cards face down to everyone, one at a time from the player after the dealer (E).
//! * **Drawing.** In rounds from E: each player still in either draws one card face down or stands.
//!   Standing is final (`pass_is_final`, default; when false a pass only skips the round and drawing
//!   ends after a round without a draw). A player who has drawn twice (4 cards) stops. How many cards
//!   each player drew is public; the cards are not.
//! * **Showdown.** All hands are shown; each player pays every opponent with a higher score the
//!   difference (equal scores pay nothing), so the settlement is zero-sum.
//! * **Scope.** `scope=hand` (default): one hand, dealer the last seat (seat 0 is E); returns are the
//!   chips won or lost. `scope=match`: everyone starts with `stack` chips (0: 10 + 15 × players), the
//!   deal passes left each hand, and the game ends at the first settlement some player cannot pay
//!   (`insolvency_check=gross`: what they owe in total exceeds their chips; `net`: what they lose
//!   after what they receive). That settlement is void (`final_settlement=void`), or
//!   (`others_settle`) every player who can pay settles with the others who can, the insolvent ones
//!   paying and receiving nothing (repeated while the exclusion makes another player insolvent). The
//!   game also ends after `max_hands` hands. Most chips wins; the winners share: each of k winners
//!   gets (n − k) / k, every other player −1.
//!
//! Action ids: `0..40` the cards (chance; ♣ ♦ ♥ ♠, ace to 10 within a suit), `40 draw`, `41 stand`.

mod bot;
#[cfg(test)]
mod tests;

pub use bot::{BestBot, ThresholdBot, BEST_THRESHOLDS};

use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Action, Bot, Game, GameInfo, Player, RandomBot, State};
use crate::core::params::{ParamSpec, Params};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use crate::registry::Registered;
use std::fmt;
use std::sync::OnceLock;

/// `draw` (ask for a card).
pub const DRAW: Action = 40;
/// `stand` (pass).
pub const STAND: Action = 41;
const NUM_ACTIONS: u32 = 42;
/// Most players.
pub const MAX_SEATS: usize = 6;
const SEAT_LEN: usize = 16;

static PARAMS: &[ParamSpec] = &[
    ParamSpec::int("players", 2, 6, 2, "number of players (2-6)"),
    ParamSpec::flag("pass_is_final", true, "a player who stands may not draw later"),
    ParamSpec::choice(
        "scope",
        &["hand", "match"],
        "hand",
        "one hand, or the whole game until a settlement cannot be paid",
    ),
    ParamSpec::int(
        "stack",
        0,
        1_000_000,
        0,
        "starting chips (scope=match); 0: 10 + 15 x players, as Sackson recommends",
    ),
    ParamSpec::choice(
        "insolvency_check",
        &["gross", "net"],
        "gross",
        "a player cannot pay when the total owed (gross) or the net loss exceeds their chips",
    ),
    ParamSpec::choice(
        "final_settlement",
        &["void", "others_settle"],
        "void",
        "the settlement nobody can pay is void, or settled among the players who can pay",
    ),
    ParamSpec::int(
        "max_hands",
        1,
        100_000,
        1000,
        "scope=match ends after this many hands at the latest",
    ),
    ParamSpec::choice(
        "ruleset",
        &["seed", "lenient"],
        "seed",
        "seed: as published; lenient: net insolvency check and the others settle",
    ),
];

static INFO: GameInfo = GameInfo {
    short_name: "kabu",
    long_name: "Kabu",
    params: PARAMS,
    presets: &[(
        "lenient",
        &[("insolvency_check", "net"), ("final_settlement", "others_settle")],
    )],
    version: 1,
    rules: "Sid Sackson's Western-deck Kabu, as in his rule book (Card Games Around the World, 1981), 2-6 players. 40 cards, ace to \
10; ace counts 1, the others face value, and a hand scores its total mod 10 (9 best, 10 and 20 score 0). Everyone \
gets two cards face down. Then, in rounds from the dealer's left, each player draws one more card face down or \
stands; standing is final, and nobody draws more than twice. Everyone sees how many cards each player drew. At \
the showdown every player pays each opponent with a higher score the difference (7 against 4: the 4 pays 3). A \
single hand is the default; scope=match plays on, the deal passing left, everyone starting with 10 + 15 chips per \
player, until some player cannot pay what they owe: that settlement is void and the player with the most chips \
wins (ties share).",
    bots: &["random", "threshold", "best"],
    examples: &[
        // Single hands of two or three players are shorter than the conformance tests' sampled depths.
        "kabu(players=4)",
        "kabu(players=6,scope=match,stack=30)",
        "kabu(players=5,pass_is_final=false)",
        "kabu(players=2,scope=match,stack=12)",
        "kabu(players=4,scope=match,ruleset=lenient,stack=20)",
    ],
};

/// When a player cannot pay.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Insolvency {
    Gross,
    Net,
}

/// The resolved rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub players: usize,
    pub pass_is_final: bool,
    pub match_scope: bool,
    pub stack: i64,
    pub insolvency: Insolvency,
    pub others_settle: bool,
    pub max_hands: u32,
}

/// The registered game.
#[derive(Clone, Debug)]
pub struct Kabu {
    params: Params,
    cfg: Config,
}

/// The registry's name for the game type.
pub type Type = Kabu;

impl Registered for Kabu {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(p: Params) -> Result<Self> {
        let players = p.int("players") as usize;
        let match_scope = p.str("scope") == "match";
        let stack = match p.int("stack") {
            0 => 10 + 15 * players as i64,
            s => s,
        };
        let cfg = Config {
            players,
            pass_is_final: p.bool("pass_is_final"),
            match_scope,
            stack,
            insolvency: if p.str("insolvency_check") == "net" {
                Insolvency::Net
            } else {
                Insolvency::Gross
            },
            others_settle: p.str("final_settlement") == "others_settle",
            max_hands: if match_scope { p.int("max_hands") as u32 } else { 1 },
        };
        Ok(Kabu { params: p, cfg })
    }
}

impl Kabu {
    /// The game with the given parameters as `(key, value)` pairs.
    pub fn with(pairs: &[(&str, &str)]) -> Result<Self> {
        Self::from_pairs(pairs)
    }
    /// The resolved rules.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
    fn fresh(&self, history: Vec<Action>) -> KabuState {
        let n = self.cfg.players;
        let mut s = KabuState {
            cfg: self.cfg,
            dealer: (n - 1) as u8,
            hand_no: 0,
            hands: [CardSet::EMPTY; MAX_SEATS],
            drawn: [0; MAX_SEATS],
            passed: 0,
            dealt: 0,
            phase: Phase::Deal,
            actor: 0,
            round_pos: 0,
            round_drew: false,
            used: CardSet::EMPTY,
            stacks: [0; MAX_SEATS],
            last_net: [0; MAX_SEATS],
            last_scores: None,
            insolvent: 0,
            history,
        };
        for x in s.stacks.iter_mut().take(n) {
            *x = self.cfg.stack;
        }
        s
    }
}

/// The 40-card pack (dense order ♣ ♦ ♥ ♠, ace to 10 within a suit).
pub fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(|| Deck::french(&[14, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
}

/// Point value (1..=10) of a card id.
#[inline]
pub fn value(c: u8) -> u32 {
    u32::from(c % 10) + 1
}

/// The score of a set of cards: the total mod 10.
#[inline]
pub fn score(cards: CardSet) -> u8 {
    (cards.iter().map(|c| value(c.0)).sum::<u32>() % 10) as u8
}

/// Chips each seat wins (+) or pays (−) at a showdown of `scores` among the seats of `among` (bit
/// mask): every seat pays each higher score the difference.
pub fn settlement(scores: &[u8], among: u8, out: &mut [i64]) {
    // Seat i receives s_i − s_j from every lower s_j and pays s_j − s_i to every higher one: either
    // way s_i − s_j, so its net is k·s_i − (the sum of the k scores), one pass instead of k² pairs.
    let inside = |i: usize| among >> i & 1 != 0;
    let (mut k, mut total) = (0i64, 0i64);
    for (i, &sc) in scores.iter().enumerate() {
        if inside(i) {
            k += 1;
            total += i64::from(sc);
        }
    }
    for (i, (x, &sc)) in out.iter_mut().zip(scores).enumerate() {
        *x = if inside(i) { k * i64::from(sc) - total } else { 0 };
    }
}

/// What seat `i` owes in total (before anything it receives) among `among`.
pub fn gross_owed(scores: &[u8], among: u8, i: usize) -> i64 {
    (0..scores.len())
        .filter(|&j| among >> j & 1 != 0 && scores[j] > scores[i])
        .map(|j| i64::from(scores[j] - scores[i]))
        .sum()
}

impl Game for Kabu {
    /// A hand: each seat pays every higher score the difference (scores 0–9), so a seat wins or
    /// loses at most 9 from each of the n − 1 others, and the settlement adds up to 0. A match:
    /// each of k top stacks gets (n − k) / k (at most n − 1), every other seat −1; zero-sum.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        use crate::core::game::Utility;
        let others = self.cfg.players as f64 - 1.0;
        Some(if self.cfg.match_scope {
            Utility::zero_sum(-1.0, others)
        } else {
            Utility::zero_sum(-9.0 * others, 9.0 * others)
        })
    }
    type State = KabuState;
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
        40
    }
    fn max_game_length(&self) -> usize {
        // Per hand: 2 dealt, at most 2 draws (each a decision and a card) and 1 stand per seat; with
        // pass_is_final=false a seat may pass in every round (at most 2n rounds with a draw, +1).
        let n = self.cfg.players;
        let per_hand = if self.cfg.pass_is_final {
            7 * n
        } else {
            2 * n + 4 * n + n * (2 * n + 1)
        };
        self.cfg.max_hands as usize * per_hand
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![40 + SEAT_LEN * self.cfg.players + 4]
    }
    fn new_initial_state(&self) -> KabuState {
        self.fresh(Vec::with_capacity(32))
    }
    fn restart(&self, state: &mut KabuState) {
        let mut history = std::mem::take(&mut state.history);
        history.clear();
        *state = self.fresh(history);
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<KabuState>>> {
        match name {
            "random" => Ok(Box::new(RandomBot)),
            "threshold" => Ok(Box::new(ThresholdBot::default())),
            "best" => Ok(Box::new(BestBot)),
            _ => Err(crate::core::game::unknown_bot(name, &INFO)),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// The two-card deal (chance).
    Deal,
    /// `actor` draws or stands.
    Decide,
    /// `actor`'s drawn card (chance).
    Draw,
    Over,
}

/// A Kabu position (a hand, or the whole game).
#[derive(Clone, Debug)]
pub struct KabuState {
    cfg: Config,
    dealer: u8,
    hand_no: u32,
    hands: [CardSet; MAX_SEATS],
    drawn: [u8; MAX_SEATS],
    /// Seats that stood (bit per seat).
    passed: u8,
    /// Cards dealt in the two-card deal so far.
    dealt: u8,
    phase: Phase,
    actor: u8,
    /// Offset from E of the seat whose turn it is in the drawing round.
    round_pos: u8,
    round_drew: bool,
    used: CardSet,
    stacks: [i64; MAX_SEATS],
    /// Chips won or lost at the last showdown.
    last_net: [i64; MAX_SEATS],
    /// Everyone's score at the last showdown (public once shown).
    last_scores: Option<[u8; MAX_SEATS]>,
    /// Seats that could not pay at the final settlement.
    insolvent: u8,
    history: Vec<Action>,
}

impl KabuState {
    fn n(&self) -> usize {
        self.cfg.players
    }
    /// The resolved rules.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
    /// Seat `s`'s cards.
    pub fn hand(&self, s: usize) -> CardSet {
        self.hands[s]
    }
    /// Seat `s`'s score now.
    pub fn score_of(&self, s: usize) -> u8 {
        score(self.hands[s])
    }
    /// Cards seat `s` has drawn this hand (public).
    pub fn drawn_count(&self, s: usize) -> u8 {
        self.drawn[s]
    }
    /// Whether seat `s` has stood this hand (public).
    pub fn has_stood(&self, s: usize) -> bool {
        self.passed >> s & 1 != 0
    }
    /// Chips per seat.
    pub fn stacks(&self) -> &[i64] {
        &self.stacks[..self.n()]
    }
    /// The dealer of the current hand.
    pub fn dealer(&self) -> usize {
        self.dealer as usize
    }
    /// Hands finished before this one.
    pub fn hand_number(&self) -> u32 {
        self.hand_no
    }
    /// Chips won or lost per seat at the last showdown.
    pub fn last_net(&self) -> &[i64] {
        &self.last_net[..self.n()]
    }
    /// Seats (bit mask) that could not pay at the settlement that ended the game.
    pub fn insolvent(&self) -> u8 {
        self.insolvent
    }
    /// The seat to draw or stand now.
    pub fn decider(&self) -> Option<usize> {
        (self.phase == Phase::Decide).then_some(self.actor as usize)
    }
    /// The stock: every card not in a hand.
    pub fn stock(&self) -> CardSet {
        CardSet(!self.used.0 & CardSet::first_n(40).0)
    }
    /// The seat at offset `k` from E.
    fn seat_at(&self, k: usize) -> usize {
        // k < n and dealer < n, so one subtraction wraps it (no division on the hot path).
        let s = self.dealer as usize + 1 + k;
        if s >= self.n() {
            s - self.n()
        } else {
            s
        }
    }
    fn eligible(&self, s: usize) -> bool {
        self.drawn[s] < 2 && !(self.cfg.pass_is_final && self.has_stood(s))
    }

    fn start_hand(&mut self) {
        self.hands = [CardSet::EMPTY; MAX_SEATS];
        self.drawn = [0; MAX_SEATS];
        self.passed = 0;
        self.dealt = 0;
        self.used = CardSet::EMPTY;
        self.phase = Phase::Deal;
    }

    /// The next seat to decide in the drawing rounds, or the showdown.
    fn advance(&mut self) {
        let n = self.n();
        loop {
            while (self.round_pos as usize) < n {
                let s = self.seat_at(self.round_pos as usize);
                if self.eligible(s) {
                    self.actor = s as u8;
                    self.phase = Phase::Decide;
                    return;
                }
                self.round_pos += 1;
            }
            let more = (0..n).any(|s| self.eligible(s)) && (self.cfg.pass_is_final || self.round_drew);
            if !more {
                self.showdown();
                return;
            }
            self.round_pos = 0;
            self.round_drew = false;
        }
    }

    fn give(&mut self, c: u8) {
        self.used.insert(Card(c));
        match self.phase {
            Phase::Deal => {
                // One card each in turn, twice round: the deal's k-th card goes to offset k mod n.
                let k = self.dealt as usize;
                let s = self.seat_at(if k >= self.n() { k - self.n() } else { k });
                self.hands[s].insert(Card(c));
                self.dealt += 1;
                if self.dealt as usize == 2 * self.n() {
                    self.round_pos = 0;
                    self.round_drew = false;
                    self.advance();
                }
            }
            Phase::Draw => {
                self.hands[self.actor as usize].insert(Card(c));
                self.round_pos += 1;
                self.advance();
            }
            _ => {}
        }
    }

    fn decide(&mut self, draw: bool) {
        let s = self.actor as usize;
        if draw {
            self.drawn[s] += 1;
            self.round_drew = true;
            self.phase = Phase::Draw;
        } else {
            self.passed |= 1 << s;
            self.round_pos += 1;
            self.advance();
        }
    }

    /// Whether a seat cannot pay its part of a settlement among `among`.
    fn cannot_pay(&self, scores: &[u8], among: u8, i: usize) -> bool {
        let owed = match self.cfg.insolvency {
            Insolvency::Gross => gross_owed(scores, among, i),
            Insolvency::Net => {
                let mut net = [0i64; MAX_SEATS];
                settlement(scores, among, &mut net[..scores.len()]);
                -net[i]
            }
        };
        owed > self.stacks[i]
    }

    fn showdown(&mut self) {
        let n = self.n();
        let mut scores = [0u8; MAX_SEATS];
        for (s, x) in scores.iter_mut().enumerate().take(n) {
            *x = score(self.hands[s]);
        }
        let all = ((1u16 << n) - 1) as u8;
        let mut among = all;
        let mut ended = false;
        if self.cfg.match_scope {
            let broke = (0..n)
                .filter(|&i| self.cannot_pay(&scores[..n], all, i))
                .fold(0u8, |m, i| m | 1 << i);
            if broke != 0 {
                ended = true;
                self.insolvent = broke;
                among = if self.cfg.others_settle { all & !broke } else { 0 };
                // Excluding a player can leave another unable to pay (net check): exclude until stable.
                loop {
                    let more = (0..n)
                        .filter(|&i| among >> i & 1 != 0 && self.cannot_pay(&scores[..n], among, i))
                        .fold(0u8, |m, i| m | 1 << i);
                    if more == 0 {
                        break;
                    }
                    self.insolvent |= more;
                    among &= !more;
                }
            }
        }
        let mut net = [0i64; MAX_SEATS];
        settlement(&scores[..n], among, &mut net[..n]);
        for (stack, d) in self.stacks.iter_mut().zip(&net[..n]) {
            *stack += d;
        }
        self.last_net = net;
        self.last_scores = Some(scores);
        self.hand_no += 1;
        if self.cfg.match_scope && !ended && self.hand_no < self.cfg.max_hands {
            self.dealer = ((self.dealer as usize + 1) % n) as u8;
            self.start_hand();
        } else {
            self.phase = Phase::Over;
        }
    }
}

/// Name of an action id: a card (`7♦`), `draw` or `stand`.
pub fn action_name(a: Action) -> String {
    match a {
        0..=39 => deck().name_of(Card(a as u8)).to_string(),
        DRAW => "draw".to_string(),
        STAND => "stand".to_string(),
        _ => format!("action {a}"),
    }
}

fn parse_action(text: &str) -> Result<Action> {
    match text.trim().to_ascii_lowercase().as_str() {
        "draw" | "hit" | "card" | "d" => return Ok(DRAW),
        "stand" | "pass" | "stay" | "s" => return Ok(STAND),
        _ => {}
    }
    match deck().parse(text) {
        Ok(c) => Ok(u32::from(c.0)),
        Err(_) => Err(LudoError::parse(
            "kabu action",
            text,
            "expected draw, stand (or pass) or a card (A♣, 7d, 10h)",
        )),
    }
}

impl State for KabuState {
    fn current_player(&self) -> Player {
        match self.phase {
            Phase::Deal | Phase::Draw => Player::Chance,
            Phase::Decide => Player::Seat(self.actor as usize),
            Phase::Over => Player::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Deal | Phase::Draw => out.extend(self.stock().iter().map(|c| u32::from(c.0))),
            Phase::Decide => out.extend([DRAW, STAND]),
            Phase::Over => {}
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<()> {
        match self.phase {
            Phase::Over => return Err(LudoError::GameOver),
            Phase::Deal | Phase::Draw => {
                if action >= 40 || !self.stock().contains(Card(action as u8)) {
                    let why = if action >= 40 {
                        "a card is being dealt (a chance node): the action is the card"
                    } else {
                        "that card is already in a hand"
                    };
                    return Err(LudoError::illegal(action, action_name(action), why));
                }
            }
            Phase::Decide => {
                if action != DRAW && action != STAND {
                    return Err(LudoError::illegal(
                        action,
                        action_name(action),
                        format!("p{} is to draw or stand", self.actor),
                    ));
                }
            }
        }
        self.apply_action_unchecked(action);
        Ok(())
    }

    fn apply_action_unchecked(&mut self, action: Action) {
        self.history.push(action);
        match self.phase {
            Phase::Deal | Phase::Draw => self.give(action as u8),
            Phase::Decide => self.decide(action == DRAW),
            Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if matches!(self.phase, Phase::Deal | Phase::Draw) {
            let stock = self.stock();
            let p = 1.0 / stock.len() as f64;
            out.extend(stock.iter().map(|c| (u32::from(c.0), p)));
        }
    }

    fn sample_chance(&self, rng: &mut Rng) -> Action {
        let stock = self.stock();
        u32::from(stock.nth_unchecked(rng.below(stock.len() as u32) as usize).0)
    }

    fn random_action(&self, rng: &mut Rng) -> Action {
        DRAW + rng.below(2)
    }

    fn play_out_random(&mut self, rng: &mut Rng) {
        // The default loop's hands exactly (a uniform stock card at each chance node, draw or stand
        // with even odds at each decision, in that order from `rng`), without its dispatch.
        loop {
            let a = match self.phase {
                Phase::Over => return,
                Phase::Deal | Phase::Draw => {
                    let stock = self.stock();
                    let c = stock.nth_unchecked(rng.below(stock.len() as u32) as usize).0;
                    self.history.push(u32::from(c));
                    self.give(c);
                    continue;
                }
                Phase::Decide => DRAW + rng.below(2),
            };
            self.history.push(a);
            self.decide(a == DRAW);
        }
    }

    fn returns(&self, out: &mut [f64]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        if self.phase != Phase::Over {
            return;
        }
        let n = self.n();
        if !self.cfg.match_scope {
            for (s, x) in out.iter_mut().enumerate().take(n) {
                *x = self.last_net[s] as f64;
            }
            return;
        }
        let best = self.stacks[..n].iter().copied().max().unwrap_or(0);
        let k = self.stacks[..n].iter().filter(|&&c| c == best).count();
        for (s, x) in out.iter_mut().enumerate().take(n) {
            *x = if self.stacks[s] == best {
                (n - k) as f64 / k as f64
            } else {
                -1.0
            };
        }
    }

    fn scores(&self, out: &mut [f64]) {
        for (s, x) in out.iter_mut().enumerate().take(self.n()) {
            *x = if self.cfg.match_scope {
                self.stacks[s] as f64
            } else {
                self.last_net[s] as f64
            };
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
        let total = (self.cfg.stack * n as i64).max(1) as f32;
        for c in self.hands[player].iter() {
            out[c.idx()] = 1.0;
        }
        for k in 0..n {
            let s = (player + k) % n;
            let b = 40 + k * SEAT_LEN;
            out[b] = f32::from(self.drawn[s]) / 2.0;
            out[b + 1] = f32::from(u8::from(self.has_stood(s)));
            out[b + 2] = f32::from(u8::from(self.decider() == Some(s)));
            out[b + 3] = f32::from(u8::from(self.dealer as usize == s));
            out[b + 4] = if self.cfg.match_scope {
                (self.stacks[s] as f32 / total).clamp(0.0, 1.0)
            } else {
                0.0
            };
            out[b + 5] = f32::from(u8::from(self.insolvent >> s & 1 != 0));
            if let Some(sc) = self.last_scores {
                out[b + 6 + sc[s] as usize] = 1.0;
            }
        }
        let g = 40 + SEAT_LEN * n;
        out[g] = self.hand_no as f32 / self.cfg.max_hands as f32;
        out[g + 1] = f32::from(u8::from(self.phase == Phase::Decide));
        out[g + 2] = f32::from(u8::from(matches!(self.phase, Phase::Deal | Phase::Draw)));
        out[g + 3] = f32::from(u8::from(self.phase == Phase::Over));
    }

    fn information_state_string(&self, player: usize) -> String {
        let mut replay = Kabu {
            params: Params::default(),
            cfg: self.cfg,
        }
        .new_initial_state();
        let mut lines = vec![format!("Kabu, you are p{player}")];
        for &a in &self.history {
            let line = match replay.phase {
                Phase::Deal | Phase::Draw => {
                    let s = if replay.phase == Phase::Deal {
                        replay.seat_at(replay.dealt as usize % replay.n())
                    } else {
                        replay.actor as usize
                    };
                    if s == player {
                        format!("you get {}", action_name(a))
                    } else {
                        format!("p{s} gets a card")
                    }
                }
                _ => format!("p{} {}", replay.actor, action_name(a)),
            };
            lines.push(line);
            let hand = replay.hand_no;
            let before = replay.hands;
            replay.apply_action_unchecked(a);
            if replay.hand_no != hand {
                // Showdown: every hand is shown.
                let d = deck();
                let shown: Vec<String> = (0..replay.n())
                    .map(|s| {
                        format!(
                            "p{s} {} ({})",
                            d.format_set(
                                before[s]
                                    | if s == replay.actor as usize && a < 40 {
                                        CardSet::single(Card(a as u8))
                                    } else {
                                        CardSet::EMPTY
                                    }
                            ),
                            replay.last_scores.map_or(0, |x| x[s])
                        )
                    })
                    .collect();
                lines.push(format!(
                    "showdown: {}; net {:?}",
                    shown.join(", "),
                    replay.last_net()
                ));
            }
        }
        lines.join("\n")
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>> {
        let ids = |set: CardSet| set.iter().map(|c| u32::from(c.0)).collect::<Vec<_>>();
        // After the last showdown every hand lies face up: "shown", not a hidden "hand".
        let place = if self.phase == Phase::Over {
            "shown"
        } else {
            "hand"
        };
        let mut out: Vec<(String, Vec<Action>)> = (0..self.n())
            .map(|s| (format!("{place} {s}"), ids(self.hands[s])))
            .collect();
        out.push(("stock".to_string(), ids(self.stock())));
        Some(out)
    }
}

impl KabuState {
    /// The table as `viewer` sees it (`None`: everything).
    fn describe(&self, viewer: Option<usize>) -> String {
        let n = self.n();
        let d = deck();
        let mut t = String::new();
        let who = viewer.map_or("omniscient".to_string(), |p| format!("you are p{p}"));
        t.push_str(&format!(
            "Kabu, {who}; hand {}; dealer p{}",
            self.hand_no + 1,
            self.dealer
        ));
        match self.phase {
            Phase::Deal => t.push_str("; dealing"),
            Phase::Draw => t.push_str(&format!("; p{} draws", self.actor)),
            Phase::Decide => t.push_str(&format!("; p{} to draw or stand", self.actor)),
            Phase::Over => t.push_str("; over"),
        }
        t.push('\n');
        let over = self.phase == Phase::Over;
        for s in 0..n {
            // At the end of a single hand (or the final one) every hand has been shown.
            let sees = viewer.map_or(true, |p| p == s) || over;
            let cards = if sees {
                format!("{} (score {})", d.format_set(self.hands[s]), score(self.hands[s]))
            } else {
                vec!["?"; self.hands[s].len()].join(" ")
            };
            let status = if self.has_stood(s) {
                ", stood"
            } else if self.drawn[s] == 2 {
                ", done"
            } else {
                ""
            };
            t.push_str(&format!(
                "p{s}{}: {cards} | drew {}{status}",
                if viewer == Some(s) { " (you)" } else { "" },
                self.drawn[s]
            ));
            if self.cfg.match_scope {
                t.push_str(&format!(" | chips {}", self.stacks[s]));
            }
            t.push('\n');
        }
        if let Some(sc) = self.last_scores {
            let parts: Vec<String> = (0..n)
                .map(|s| format!("p{s} {} ({:+})", sc[s], self.last_net[s]))
                .collect();
            t.push_str(&format!("last showdown: {}", parts.join(", ")));
            if self.insolvent != 0 {
                let who: Vec<String> = (0..n)
                    .filter(|&s| self.insolvent >> s & 1 != 0)
                    .map(|s| format!("p{s}"))
                    .collect();
                t.push_str(&format!("; {} could not pay", who.join(", ")));
            }
        }
        t.trim_end().to_string()
    }
}

impl fmt::Display for KabuState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(None))
    }
}
