//! East–West (Reiner Knizia, 1995): two players build three five-card poker hands each, one per row
//! of a shared column of board cards. Rules: as this package implements them (see
//! `ludoteca rules east_west`); the hand ranking is the shared 32-card evaluator
//! (`poker::HighRules::piquet`).
//!
//! # The game as implemented
//!
//! * **Cards.** 32 cards, 7 to ace. Three board cards are dealt face up in a column (rows 1, 2, 3);
//!   the rest is the face-down stock.
//! * **Turn.** The non-dealer (seat 0 in a single game) moves first, then the players alternate. A
//!   turn draws the top stock card (seen by its drawer only) and places it at once, face up, on the
//!   player's own side of a row holding fewer than 4 of that player's cards; it cannot be kept or
//!   discarded. With one row open the placement is forced (it is still the player's action, the only
//!   legal one). After 24 placements (12 each) every row holds a five-card hand per side: the board
//!   card and that side's 4 cards. 5 cards stay in the stock unseen.
//! * **Ranking.** Straight flush, four of a kind, full house, flush, straight, three of a kind, two
//!   pair, one pair, high card; aces high, suits never break ties. Straights run 7-8-9-10-J up to
//!   10-J-Q-K-A, plus A-7-8-9-10 as the lowest (top card 10) with `ace_low_straight` (default);
//!   K-A-7-8-9 never counts. `flush_rank` moves the flush above the full house or above four of a
//!   kind (it is rarer than both in this deck).
//! * **Result.** Each row goes to the better hand; an equal row goes to nobody (with
//!   `row_tie_break=first_completed` it goes to the side that completed that row first). With
//!   `result=two_rows_required` (default, the published rule "win two of the three hands") a player
//!   needs at least two rows, anything else is a draw; with `more_rows` whoever won more rows wins.
//!   Returns +1 / −1, 0 for a draw.
//! * **Match.** `scope=match`: best of `games` games, the first player alternating (seat 0 first in
//!   game 1); the match stops as soon as one side cannot be caught. Returns: +1 / −1 by games won, 0
//!   when equal.
//!
//! Action ids: `0..32` the cards (chance: board cards, then each draw), `32`, `33`, `34` place the
//! drawn card on row 1, 2, 3.

mod bot;
#[cfg(test)]
mod tests;

pub use bot::{RuleBot, SearchBot};

use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Action, Bot, Game, GameInfo, Player, RandomBot, State};
use crate::core::params::{ParamSpec, Params};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use crate::poker::hand::masks32;
use crate::poker::{FlushRank, HighRank, HighRules};
use crate::registry::Registered;
use std::fmt;
use std::sync::OnceLock;

/// First placement action id (row 1); rows 2 and 3 follow.
pub const PLACE_BASE: u32 = 32;
const NUM_ACTIONS: u32 = PLACE_BASE + 3;
/// Placements in one game (12 per player).
pub const PLACEMENTS: u8 = 24;
/// Observation: per row board / own / opponent cards (3 × 96), the drawn card (32), 6 numbers.
const OBS_LEN: usize = 3 * 96 + 32 + 6;

static PARAMS: &[ParamSpec] = &[
    ParamSpec::flag(
        "ace_low_straight",
        true,
        "A-7-8-9-10 counts as the lowest straight",
    ),
    ParamSpec::choice(
        "flush_rank",
        &["standard", "above_full_house", "above_four_of_a_kind"],
        "standard",
        "where the flush ranks: the usual order, above the full house, or above four of a kind",
    ),
    ParamSpec::choice(
        "result",
        &["two_rows_required", "more_rows"],
        "two_rows_required",
        "a win needs two rows (fewer is a draw), or more rows than the opponent",
    ),
    ParamSpec::choice(
        "row_tie_break",
        &["none", "first_completed"],
        "none",
        "an equal row goes to nobody, or to the side that completed it first",
    ),
    ParamSpec::choice(
        "scope",
        &["game", "match"],
        "game",
        "one game, or a match of best of `games` with the first player alternating",
    ),
    ParamSpec::int(
        "games",
        1,
        999,
        3,
        "match length: best of this many games (scope=match)",
    ),
    ParamSpec::choice(
        "ruleset",
        &["seed", "flush_up"],
        "seed",
        "seed: the rules as published; flush_up: the flush above the full house (a common house rule)",
    ),
];

static INFO: GameInfo = GameInfo {
    short_name: "east_west",
    long_name: "East–West",
    params: PARAMS,
    presets: &[("flush_up", &[("flush_rank", "above_full_house")])],
    version: 2,
    rules: "Reiner Knizia's two-player poker patience, as in its rule book (Kartenspiele im Wilden Westen, 1995; Blazing Aces!, \
2007). 32 cards, 7 to ace. Three board cards are dealt face up in a column; the rest is the stock. The non-dealer \
starts, then the players alternate: draw the top card of the stock and place it at once, face up, on your own side \
of a row where you have fewer than 4 cards (never keep or discard it). After 12 placements each, every row holds a \
five-card poker hand per side: the board card and your 4 cards. Usual poker ranking, aces high, suits never break \
ties; straights from 7-8-9-10-J to 10-J-Q-K-A, and A-7-8-9-10 as the lowest (option ace_low_straight); the flush \
stays below the full house unless flush_rank moves it up. Each row goes to the better hand, an equal row to nobody \
(option: to whoever completed it first). Win two of the three rows to win the game; anything else is a draw \
(option result=more_rows: more rows wins). scope=match plays best of `games` games, the first player alternating.",
    bots: &["random", "rules", "search"],
    examples: &[
        "east_west",
        "east_west(ruleset=flush_up,result=more_rows)",
        "east_west(ace_low_straight=false,flush_rank=above_four_of_a_kind,row_tie_break=first_completed)",
        "east_west(scope=match,games=3)",
    ],
};

/// How a game is decided from its rows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultRule {
    /// At least two rows (the published rule); fewer is a draw.
    TwoRowsRequired,
    /// More rows than the opponent.
    MoreRows,
}

/// The resolved rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub ranking: HighRules,
    pub result: ResultRule,
    pub tie_to_first_completed: bool,
    pub match_scope: bool,
    /// Best of this many games (1 for a single game).
    pub games: u32,
}

/// The registered game.
#[derive(Clone, Debug)]
pub struct EastWest {
    params: Params,
    cfg: Config,
}

/// The registry's name for the game type.
pub type Type = EastWest;

impl Registered for EastWest {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(p: Params) -> Result<Self> {
        let flush = FlushRank::parse(p.str("flush_rank")).unwrap_or(FlushRank::Standard);
        let match_scope = p.str("scope") == "match";
        let cfg = Config {
            ranking: HighRules::piquet(p.bool("ace_low_straight"), flush),
            result: if p.str("result") == "more_rows" {
                ResultRule::MoreRows
            } else {
                ResultRule::TwoRowsRequired
            },
            tie_to_first_completed: p.str("row_tie_break") == "first_completed",
            match_scope,
            games: if match_scope { p.int("games") as u32 } else { 1 },
        };
        Ok(EastWest { params: p, cfg })
    }
}

impl EastWest {
    /// The game with the given parameters as `(key, value)` pairs.
    pub fn with(pairs: &[(&str, &str)]) -> Result<Self> {
        Self::from_pairs(pairs)
    }
    /// The resolved rules.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
    fn fresh(&self, history: Vec<Action>) -> EwState {
        EwState {
            cfg: self.cfg,
            board: [0; 3],
            n_board: 0,
            rows: [[CardSet::EMPTY; 2]; 3],
            completed_at: [[0; 2]; 3],
            placed: 0,
            drawn: None,
            used: CardSet::EMPTY,
            game_no: 0,
            wins: [0; 2],
            draws: 0,
            last: None,
            over: false,
            history,
        }
    }
}

/// The 32-card pack (dense order ♣ ♦ ♥ ♠, 7 … A within a suit).
pub fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(Deck::french32)
}

impl Game for EastWest {
    /// A game or a match: +1 for the winner, −1 for the loser, 0 for a draw.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        Some(crate::core::game::Utility::zero_sum(-1.0, 1.0))
    }
    type State = EwState;
    fn info(&self) -> &'static GameInfo {
        &INFO
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS as usize
    }
    fn max_chance_outcomes(&self) -> usize {
        32
    }
    fn max_game_length(&self) -> usize {
        self.cfg.games as usize * (3 + 2 * PLACEMENTS as usize)
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![OBS_LEN]
    }
    fn new_initial_state(&self) -> EwState {
        self.fresh(Vec::with_capacity(64))
    }
    fn restart(&self, state: &mut EwState) {
        let mut history = std::mem::take(&mut state.history);
        history.clear();
        *state = self.fresh(history);
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<EwState>>> {
        match name {
            "random" => Ok(Box::new(RandomBot)),
            "rules" => Ok(Box::new(RuleBot)),
            "search" => Ok(Box::new(SearchBot::default())),
            _ => Err(crate::core::game::unknown_bot(name, &INFO)),
        }
    }
}

/// The outcome of one finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Per row: `Some(seat)` that won it, `None` tied.
    pub rows: [Option<u8>; 3],
    /// The game's winner, `None` for a draw.
    pub winner: Option<u8>,
}

/// An East–West position (a game, or a match of games).
#[derive(Clone, Debug)]
pub struct EwState {
    cfg: Config,
    board: [u8; 3],
    /// Board cards dealt so far (0..=3).
    n_board: u8,
    /// `rows[r][seat]`: the seat's cards on row r (board card excluded).
    rows: [[CardSet; 2]; 3],
    /// Placement number (1..=24) at which a seat's row got its fourth card (0: not yet).
    completed_at: [[u8; 2]; 3],
    placed: u8,
    drawn: Option<u8>,
    /// Cards out of the stock this game (board, placed, drawn).
    used: CardSet,
    /// Games finished before this one.
    game_no: u32,
    wins: [u32; 2],
    draws: u32,
    last: Option<GameResult>,
    over: bool,
    history: Vec<Action>,
}

/// Ranks a row hand (the board card and 4 cards) under `rules`.
pub fn rank_row(rules: &HighRules, cards: CardSet) -> HighRank {
    rules.eval(&masks32(cards))
}

/// Decides a game from the row hands of both seats and the completion order.
pub fn decide(cfg: &Config, hands: [[HighRank; 2]; 3], completed_at: [[u8; 2]; 3]) -> GameResult {
    let mut rows = [None; 3];
    let mut won = [0u8; 2];
    for r in 0..3 {
        let [a, b] = hands[r];
        let w = if a > b {
            Some(0)
        } else if b > a {
            Some(1)
        } else if cfg.tie_to_first_completed {
            // The side whose fourth card went down first; both complete at different placements.
            Some(if completed_at[r][0] < completed_at[r][1] {
                0
            } else {
                1
            })
        } else {
            None
        };
        if let Some(s) = w {
            won[s as usize] += 1;
        }
        rows[r] = w;
    }
    let winner = match cfg.result {
        ResultRule::TwoRowsRequired => (0..2u8).find(|&s| won[s as usize] >= 2),
        ResultRule::MoreRows => match won[0].cmp(&won[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        },
    };
    GameResult { rows, winner }
}

impl EwState {
    /// The resolved rules.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
    /// The seat that moves first in the current game (alternates in a match).
    pub fn first_player(&self) -> usize {
        (self.game_no % 2) as usize
    }
    /// Board card of row `r` (0..3), once dealt.
    pub fn board(&self, r: usize) -> Option<u8> {
        (r < self.n_board as usize).then(|| self.board[r])
    }
    /// Seat `s`'s cards on row `r` (board card excluded).
    pub fn row_cards(&self, r: usize, s: usize) -> CardSet {
        self.rows[r][s]
    }
    /// The card drawn and not yet placed.
    pub fn drawn(&self) -> Option<u8> {
        self.drawn
    }
    /// Placements made in the current game.
    pub fn placements(&self) -> u8 {
        self.placed
    }
    /// Games won per seat and drawn games (match scope).
    pub fn match_score(&self) -> ([u32; 2], u32) {
        (self.wins, self.draws)
    }
    /// Games finished before the current one.
    pub fn game_number(&self) -> u32 {
        self.game_no
    }
    /// The result of the last finished game.
    pub fn last_result(&self) -> Option<GameResult> {
        self.last
    }
    /// Cards still in the stock (unseen by both players).
    pub fn stock(&self) -> CardSet {
        CardSet(!self.used.0 & CardSet::first_n(32).0)
    }
    /// Cards neither player has seen: the stock (and, for `viewer`'s opponent's drawn card, that card).
    pub fn unseen_by(&self, viewer: usize) -> CardSet {
        match self.drawn {
            Some(c) if self.mover() != Some(viewer) => self.stock().with(Card(c)),
            _ => self.stock(),
        }
    }
    /// Rows (bit r) where seat `s` may still place.
    pub fn open_rows(&self, s: usize) -> u8 {
        // Branch-free: this runs at every placement of a simulated game.
        let open = |r: usize| u8::from(self.rows[r][s].len() < 4) << r;
        open(0) | open(1) | open(2)
    }
    /// The seat to place now.
    pub fn mover(&self) -> Option<usize> {
        (!self.over && self.drawn.is_some()).then(|| (self.first_player() + self.placed as usize) % 2)
    }
    /// The full hand (board card included) of seat `s` on row `r`.
    pub fn row_hand(&self, r: usize, s: usize) -> CardSet {
        self.rows[r][s].with(Card(self.board[r]))
    }

    /// Plays the current game on from a chance node after the board deal, both seats placing at
    /// random: the draws and rows of [`State::play_out_random`]'s default loop, with the game's
    /// cards in locals (the hot loop of `simulate`).
    fn finish_random_game(&mut self, rng: &mut Rng) {
        let first = self.first_player();
        let mut used = self.used.0;
        let mut rows = self.rows;
        let mut placed = self.placed;
        // Bit r of full[s]: seat s has 4 cards on row r.
        let mut full = [0u8; 2];
        for (s, f) in full.iter_mut().enumerate() {
            *f = !self.open_rows(s) & 7;
        }
        // The actions go to the history in one copy at the end (a push per action costs a tenth of
        // the whole loop).
        let mut actions = [0u32; 2 * PLACEMENTS as usize];
        let mut n = 0;
        while placed < PLACEMENTS {
            let stock = CardSet(!used & CardSet::first_n(32).0);
            let c = stock.nth_unchecked(rng.below(stock.len() as u32) as usize);
            used |= 1 << c.0;
            let s = (first + placed as usize) & 1;
            let open = !full[s] & 7;
            let r = nth_row(open, rng.below(open.count_ones())) as usize;
            rows[r][s].insert(c);
            placed += 1;
            if rows[r][s].len() == 4 {
                full[s] |= 1 << r;
                self.completed_at[r][s] = placed;
            }
            actions[n] = u32::from(c.0);
            actions[n + 1] = PLACE_BASE + r as u32;
            n += 2;
        }
        self.history.extend_from_slice(&actions[..n]);
        self.used = CardSet(used);
        self.rows = rows;
        self.placed = placed;
        self.finish_game();
    }

    fn deal(&mut self, c: u8) {
        self.used.insert(Card(c));
        if self.n_board < 3 {
            self.board[self.n_board as usize] = c;
            self.n_board += 1;
        } else {
            self.drawn = Some(c);
        }
    }

    fn place(&mut self, row: usize) {
        let s = self.mover().unwrap_or(0);
        let c = self.drawn.take().unwrap_or(0);
        self.rows[row][s].insert(Card(c));
        self.placed += 1;
        if self.rows[row][s].len() == 4 {
            self.completed_at[row][s] = self.placed;
        }
        if self.placed == PLACEMENTS {
            self.finish_game();
        }
    }

    /// The hands of a complete game, per row and seat.
    pub fn hands(&self) -> [[HighRank; 2]; 3] {
        let rk = |r: usize, s: usize| rank_row(&self.cfg.ranking, self.row_hand(r, s));
        [[rk(0, 0), rk(0, 1)], [rk(1, 0), rk(1, 1)], [rk(2, 0), rk(2, 1)]]
    }

    fn finish_game(&mut self) {
        let res = decide(&self.cfg, self.hands(), self.completed_at);
        match res.winner {
            Some(s) => self.wins[s as usize] += 1,
            None => self.draws += 1,
        }
        self.last = Some(res);
        let played = self.game_no + 1;
        let left = self.cfg.games - played;
        // Decided when the trailing side cannot catch up in the games left. (This covers a majority
        // of wins too: w > games / 2 leaves the other at most games − w < w, so no separate test.)
        let decided = self.wins[0].abs_diff(self.wins[1]) > left;
        if !self.cfg.match_scope || left == 0 || decided {
            self.over = true;
            return;
        }
        // Next game: a fresh deal, the other player first.
        self.game_no = played;
        self.n_board = 0;
        self.rows = [[CardSet::EMPTY; 2]; 3];
        self.completed_at = [[0; 2]; 3];
        self.placed = 0;
        self.used = CardSet::EMPTY;
    }
}

/// The `k`-th row (0..3) in the row mask `open` (`k < open.count_ones()`).
#[inline]
fn nth_row(open: u8, k: u32) -> u32 {
    CardSet(u64::from(open)).nth_unchecked(k as usize).0.into()
}

/// Name of an action id: a card (`A♠`) or a placement (`row 2`).
pub fn action_name(a: Action) -> String {
    if a < PLACE_BASE {
        deck().name_of(Card(a as u8)).to_string()
    } else if a < NUM_ACTIONS {
        format!("row {}", a - PLACE_BASE + 1)
    } else {
        format!("action {a}")
    }
}

fn parse_action(text: &str) -> Result<Action> {
    let t = text.trim().to_ascii_lowercase();
    let t = t.strip_prefix("place").unwrap_or(&t).trim();
    let t = t.strip_prefix("on").unwrap_or(t).trim();
    let t = t.strip_prefix("row").unwrap_or(t).trim();
    if let Ok(r) = t.parse::<u32>() {
        if (1..=3).contains(&r) {
            return Ok(PLACE_BASE + r - 1);
        }
    }
    match deck().parse(text) {
        Ok(c) => Ok(u32::from(c.0)),
        Err(_) => Err(LudoError::parse(
            "east_west action",
            text,
            "expected a row (row 1, row 2, row 3, or 1-3) or a card (A♠, As, 10h)",
        )),
    }
}

impl State for EwState {
    fn current_player(&self) -> Player {
        if self.over {
            Player::Terminal
        } else if let Some(s) = self.mover() {
            Player::Seat(s)
        } else {
            Player::Chance
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.over {
            return;
        }
        match self.mover() {
            None => out.extend(self.stock().iter().map(|c| u32::from(c.0))),
            Some(s) => {
                let open = self.open_rows(s);
                out.extend((0..3).filter(|r| open >> r & 1 != 0).map(|r| PLACE_BASE + r));
            }
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<()> {
        if self.over {
            return Err(LudoError::GameOver);
        }
        match self.mover() {
            None => {
                if action >= PLACE_BASE || !self.stock().contains(Card(action as u8)) {
                    let why = if action >= PLACE_BASE {
                        "a card is being drawn (a chance node): the action is the card"
                    } else {
                        "that card is no longer in the stock"
                    };
                    return Err(LudoError::illegal(action, action_name(action), why));
                }
            }
            Some(s) => {
                let open = self.open_rows(s);
                if !(PLACE_BASE..NUM_ACTIONS).contains(&action) {
                    return Err(LudoError::illegal(
                        action,
                        action_name(action),
                        "the drawn card must be placed on a row (row 1, row 2 or row 3)",
                    ));
                }
                if open >> (action - PLACE_BASE) & 1 == 0 {
                    return Err(LudoError::illegal(
                        action,
                        action_name(action),
                        format!("p{s} already has 4 cards on that row"),
                    ));
                }
            }
        }
        self.apply_action_unchecked(action);
        Ok(())
    }

    fn apply_action_unchecked(&mut self, action: Action) {
        self.history.push(action);
        if action < PLACE_BASE {
            self.deal(action as u8);
        } else {
            self.place((action - PLACE_BASE) as usize);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if !self.over && self.mover().is_none() {
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
        let open = self.open_rows(self.mover().unwrap_or(0));
        PLACE_BASE + nth_row(open, rng.below(open.count_ones()))
    }

    fn play_out_random(&mut self, rng: &mut Rng) {
        // The default loop's games exactly (a uniform stock card at each chance node, a uniform open
        // row at each placement, in that order from `rng`), without its per-action dispatch.
        while !self.over {
            if self.n_board == 3 && self.drawn.is_none() {
                self.finish_random_game(rng);
            } else if let Some(s) = self.mover() {
                let open = self.open_rows(s);
                let r = nth_row(open, rng.below(open.count_ones()));
                self.apply_action_unchecked(PLACE_BASE + r);
            } else {
                let a = self.sample_chance(rng);
                self.apply_action_unchecked(a);
            }
        }
    }

    fn returns(&self, out: &mut [f64]) {
        let v = if !self.over {
            0.0
        } else if self.cfg.match_scope {
            // Not `f64::signum`: it gives +1 for 0.0, so a drawn match paid seat 0 (rules version 1).
            match self.wins[0].cmp(&self.wins[1]) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => -1.0,
                std::cmp::Ordering::Equal => 0.0,
            }
        } else {
            match self.last.and_then(|r| r.winner) {
                Some(0) => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            }
        };
        if let Some(x) = out.get_mut(0) {
            *x = v;
        }
        if let Some(x) = out.get_mut(1) {
            *x = if v == 0.0 { 0.0 } else { -v };
        }
    }

    fn scores(&self, out: &mut [f64]) {
        // Rows won in the last finished game (single game) or games won (match).
        for (s, x) in out.iter_mut().enumerate().take(2) {
            *x = if self.cfg.match_scope {
                f64::from(self.wins[s])
            } else {
                self.last.map_or(0.0, |r| {
                    r.rows.iter().filter(|&&w| w == Some(s as u8)).count() as f64
                })
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
        let me = player.min(1);
        let opp = 1 - me;
        for r in 0..3 {
            let base = r * 96;
            if let Some(b) = self.board(r) {
                out[base + b as usize] = 1.0;
            }
            for c in self.rows[r][me].iter() {
                out[base + 32 + c.idx()] = 1.0;
            }
            for c in self.rows[r][opp].iter() {
                out[base + 64 + c.idx()] = 1.0;
            }
        }
        if let (Some(c), Some(m)) = (self.drawn, self.mover()) {
            if m == me {
                out[288 + c as usize] = 1.0;
            }
        }
        let g = 320;
        let games = self.cfg.games as f32;
        out[g] = f32::from(u8::from(self.mover() == Some(me)));
        out[g + 1] = f32::from(u8::from(self.first_player() == me));
        out[g + 2] = f32::from(self.placed) / f32::from(PLACEMENTS);
        out[g + 3] = self.wins[me] as f32 / games;
        out[g + 4] = self.wins[opp] as f32 / games;
        out[g + 5] = self.draws as f32 / games;
    }

    fn information_state_string(&self, player: usize) -> String {
        // Everything placed is public and a drawn card is placed at once, so a seat's whole
        // information is the public record plus its own card in hand.
        let mut lines = vec![format!("East–West, you are p{player}")];
        let mut replay = EastWest {
            params: Params::default(),
            cfg: self.cfg,
        }
        .new_initial_state();
        for &a in &self.history {
            if a >= PLACE_BASE {
                let s = replay.mover().unwrap_or(0);
                let c = replay.drawn.unwrap_or(0);
                lines.push(format!(
                    "p{s} places {} on row {}",
                    action_name(u32::from(c)),
                    a - PLACE_BASE + 1
                ));
            } else if replay.n_board < 3 {
                lines.push(format!("board card {}", action_name(a)));
            }
            let g = replay.game_no;
            replay.apply_action_unchecked(a);
            if replay.over || replay.game_no != g {
                lines.push(format!("game {} over: {}", g + 1, replay.result_text()));
            }
        }
        if let (Some(c), Some(m)) = (self.drawn, self.mover()) {
            if m == player {
                lines.push(format!("you drew {}", action_name(u32::from(c))));
            } else {
                lines.push(format!("p{m} drew a card"));
            }
        }
        lines.join("\n")
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>> {
        let ids = |set: CardSet| set.iter().map(|c| u32::from(c.0)).collect::<Vec<_>>();
        let board: CardSet =
            (0..self.n_board as usize).fold(CardSet::EMPTY, |m, r| m.with(Card(self.board[r])));
        let mut out = vec![("board".to_string(), ids(board))];
        for s in 0..2 {
            let all = (0..3).fold(CardSet::EMPTY, |m, r| m | self.rows[r][s]);
            out.push((format!("rows {s}"), ids(all)));
        }
        // The one hidden card in a hand: the card just drawn, held by its drawer until placed.
        for s in 0..2 {
            let held = self.drawn.filter(|_| self.mover() == Some(s));
            out.push((format!("hand {s}"), held.map(u32::from).into_iter().collect()));
        }
        out.push(("stock".to_string(), ids(self.stock())));
        Some(out)
    }
}

impl EwState {
    /// One line for the last finished game's result.
    fn result_text(&self) -> String {
        let Some(res) = self.last else {
            return String::new();
        };
        let rows: Vec<String> = res
            .rows
            .iter()
            .enumerate()
            .map(|(r, w)| match w {
                Some(s) => format!("row {} p{s}", r + 1),
                None => format!("row {} tied", r + 1),
            })
            .collect();
        let who = match res.winner {
            Some(s) => format!("p{s} wins"),
            None => "draw".to_string(),
        };
        format!("{}; {who}", rows.join(", "))
    }

    /// The table as `viewer` sees it (`None`: everything).
    fn describe(&self, viewer: Option<usize>) -> String {
        let d = deck();
        let mut t = String::new();
        let who = viewer.map_or("omniscient".to_string(), |p| format!("you are p{p}"));
        t.push_str(&format!("East–West, {who}"));
        if self.cfg.match_scope {
            t.push_str(&format!(
                "; game {}/{}; games won p0 {} p1 {}, drawn {}",
                self.game_no + 1,
                self.cfg.games,
                self.wins[0],
                self.wins[1],
                self.draws
            ));
        }
        t.push_str(&format!(
            "; p{} first; placements {}/{PLACEMENTS}",
            self.first_player(),
            self.placed
        ));
        match (self.over, self.mover(), self.drawn) {
            (true, _, _) => t.push_str("; over"),
            (_, Some(m), Some(c)) => {
                if viewer.map_or(true, |p| p == m) {
                    t.push_str(&format!("; p{m} places {}", d.name_of(Card(c))));
                } else {
                    t.push_str(&format!("; p{m} places a drawn card"));
                }
            }
            _ => t.push_str("; drawing"),
        }
        t.push('\n');
        let names = |set: CardSet| -> String {
            if set.is_empty() {
                "-".to_string()
            } else {
                set.iter().map(|c| d.name_of(c)).collect::<Vec<_>>().join(" ")
            }
        };
        for r in 0..3 {
            let board = self
                .board(r)
                .map_or("?".to_string(), |b| d.name_of(Card(b)).to_string());
            t.push_str(&format!(
                "row {}: p0 {} | {board} | p1 {}\n",
                r + 1,
                names(self.rows[r][0]),
                names(self.rows[r][1])
            ));
        }
        t.push_str(&format!("stock {}", self.stock().len()));
        if let Some(res) = self.last {
            if self.placed == PLACEMENTS || self.over {
                let hands = self.hands();
                // `r` indexes the hands and the row results together.
                #[allow(clippy::needless_range_loop)]
                for r in 0..3 {
                    t.push_str(&format!(
                        "\nrow {}: p0 {}, p1 {}{}",
                        r + 1,
                        hands[r][0],
                        hands[r][1],
                        match res.rows[r] {
                            Some(s) => format!(" → p{s}"),
                            None => " → tied".to_string(),
                        }
                    ));
                }
            }
            t.push_str(&format!("\nlast game: {}", self.result_text()));
        }
        t
    }
}

impl fmt::Display for EwState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(None))
    }
}
