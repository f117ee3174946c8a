//! Twenty-Four (the "24 game") for 2 or 4 players: the exact solver, the claim checker and the game.
//! Rules: as this package implements them (see `ludoteca rules twenty_four`).
//!
//! # The game as implemented
//!
//! * **Deck and deal.** 40 cards, A–10 in four suits (A = 1). The deal is explicit chance: 40 chance
//!   actions `deal <card>`, the k-th card dealt going to seat `k mod players`; each seat's first card is
//!   the top of its face-down stack. 20 cards each (2 players) or 10 (4 players). Stacks are hidden
//!   from everyone, their owner included; stack sizes and the centre are public.
//! * **A set.** Each seat turns up its top 2 cards (2 players) or 1 card (4 players) into the centre.
//! * **The race, modelled as sealed commitments.** The engine keeps no clock. Instead every seat, in
//!   seat order, commits with two actions: *what* it does, then *when*. What: `no solution` (a
//!   declaration), `claim <template>` (a slap with that expression; templates are the 1,260 canonical
//!   expressions over the four centre values sorted `a ≤ b ≤ c ≤ d`, e.g. `claim c*a-d-b` for
//!   `8*5-9-7` on 5 7 8 9; only one template per distinct expression is legal when values repeat; an
//!   expression such as `claim 8×5−(7+9)` is accepted by `string_to_action` and mapped to its template)
//!   or `claim wrong` (a slap with an expression that is not a solution, e.g. one using other
//!   numbers). When: `t<d>`, a reaction delay `d` in `0..8`, 0 fastest. Commitments are hidden until
//!   the set resolves; then events happen in order of delay, ties broken in seat order starting from
//!   seat `s mod players` for the s-th set (so no seat always wins ties). Which events happened before the set resolved, and the stated expression, are
//!   public afterwards; later commitments stay private. A silent seat cannot exist in this model: a
//!   `no solution` at the largest delay is exactly what a per-set timeout would produce, so the
//!   timeout hook is not needed.
//! * **Two players.** The first claim in time order resolves the set: a valid expression (exact value =
//!   target, cards used once each, the integer rule if set) wins the set for the claimer, anything else
//!   for the other player. The loser puts the 4 centre cards at the bottom of their stack; the winner
//!   is rid of their two. If both declared `no solution`, each (seat 0 first) chooses one of their two
//!   centre cards to take back (`take back <card>`) to the bottom of their stack, then turns up one new
//!   card (a seat whose stack was empty replays the same card).
//! * **Four players.** A claim is a slap. At the third slap in time order the remaining seat (whatever
//!   it committed) is the odd player out and picks one of the three (`choose player <n>`) to state their
//!   expression. Valid: the odd player out takes the 4 cards. Invalid: the odd player out wins the set
//!   and the chosen claimer takes them (`failed_claim_taker=nobody`: they leave the game). With fewer
//!   than three slaps once all have committed: none → everyone returns their card to the bottom and
//!   turns up the next; one or two → the seat that declared last in time order is the odd player out
//!   and picks a claimer as above (`partial_claims=void`: treated as no solution). Everyone but the
//!   taker is rid of their card.
//! * **Cards to the bottom.** Taken cards go under the stack in centre order: seat 0's cards first
//!   (each seat's in the order they were turned up), then seat 1's, …
//! * **End.** After a set resolves, every player whose stack is empty and who did not take the cards
//!   wins (4 players: several share the win). Returns: each winner +1, the losers share −1 per winner.
//!   **Move cap:** after `max_sets` sets (default 1000; a "no solution" round counts as a set) the game
//!   ends: `cap_outcome=draw` (default) returns 0 to everyone, `fewest_cards` makes the seats with the
//!   fewest cards the winners.
//! * `no_solution_check=solver` makes `no solution` illegal when a solution exists.
//! * Not offered: `simultaneous_out=continue` (a player without cards cannot take part in
//!   the next set, so the default shared win is the only playable reading here) and the
//!   `timeout_as_no_solution` hook (see the race above).
//!
//! # Bots
//!
//! `random` (uniform over legal actions) and `solver`, written `solver` or with parameters in the
//! game-string syntax, `solver(speed=0.5,skill=1.0,error=0.0)`, one name per seat in `simulate`:
//! * `speed` in (0, 1]: each delay step it finds its answer with this probability (a geometric
//!   reaction time, capped at the largest delay);
//! * `skill` in [0, 1]: the probability that it finds a solution when one exists; otherwise, and when
//!   none exists, it declares `no solution` at the largest delay (when `no_solution_check=solver`
//!   refuses that, it slaps `claim wrong` at its usual speed instead);
//! * `error` in [0, 1]: the probability that a found answer is stated wrongly (`claim wrong`).
//!
//! It picks uniformly among the distinct solutions, takes back a random card and, as the odd player
//! out, picks a random claimer (it cannot know who is right).

mod bot;
pub mod canon;
pub mod expr;
pub mod rational;
pub mod solver;
#[cfg(test)]
mod solver_tests;
#[cfg(test)]
mod tests;

pub use bot::SolverBot;

use self::solver::{
    distinct_templates, template_expr, template_name, template_text, Intermediate, Options, Solver, TEMPLATES,
};
use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{check_node, Action, Bot, Game, GameInfo, Player, RandomBot, State};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use crate::registry::Registered;
use std::collections::VecDeque;
use std::fmt;
use std::sync::OnceLock;

/// Number of reaction-delay steps a commitment can name.
pub const DELAYS: usize = 8;
/// Claim actions: no solution, wrong, then one per template.
const CLAIMS: usize = 2 + TEMPLATES;
const CLAIM: u32 = 40;
const DELAY: u32 = CLAIM + CLAIMS as u32;
const TAKE_BACK: u32 = DELAY + DELAYS as u32;
const CHOOSE: u32 = TAKE_BACK + 40;
const NUM_ACTIONS: u32 = CHOOSE + 4;
/// Observation: centre cards (40), stack sizes (4), committed (4), claimers (4), phase (5), to move (1),
/// own commitment kind (2). Seats are relative to the observer.
const OBS_LEN: usize = 60;

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "players", kind: Kind::Int { min: 2, max: 4 }, default: D::Int(2), doc: "2 or 4 players" },
    ParamSpec { name: "target", kind: Kind::Int { min: -1_000_000, max: 1_000_000 }, default: D::Int(24), doc: "the value to reach" },
    ParamSpec { name: "intermediate", kind: Kind::Choice(&["rational", "integer"]), default: D::Str("rational"), doc: "rational: fractions allowed along the way; integer: every intermediate value whole (house rule)" },
    ParamSpec { name: "no_solution_check", kind: Kind::Choice(&["agreement", "solver"]), default: D::Str("agreement"), doc: "solver: 'no solution' is illegal when a solution exists" },
    ParamSpec { name: "failed_claim_taker", kind: Kind::Choice(&["failed_claimer", "nobody"]), default: D::Str("failed_claimer"), doc: "4 players: who takes the cards after a failed statement" },
    ParamSpec { name: "partial_claims", kind: Kind::Choice(&["last_to_declare", "void"]), default: D::Str("last_to_declare"), doc: "4 players, 1 or 2 slaps: the last to declare is the odd player out, or the set counts as no solution" },
    ParamSpec { name: "max_sets", kind: Kind::Int { min: 1, max: 1_000_000 }, default: D::Int(1000), doc: "move cap: the game ends after this many sets" },
    ParamSpec { name: "cap_outcome", kind: Kind::Choice(&["draw", "fewest_cards"]), default: D::Str("draw"), doc: "result at the move cap" },
];

static INFO: GameInfo = GameInfo {
    short_name: "twenty_four",
    long_name: "Twenty-Four",
    params: PARAMS,
    presets: &[],
    version: 1,
    rules: "40 cards A-10 (A = 1) dealt out face down. Each set the players turn up 4 cards in all (2 each with 2 \
players, 1 each with 4) and race to make the target (24) with + - * / and brackets, each card once, exact \
fractions allowed. The race is a sealed commitment per seat: a claim (an expression, a wrong one, or 'no solution') \
then a reaction delay t0-t7, revealed in time order. 2 players: the first claim decides; the loser of the set puts the \
4 cards under their stack; if both see no solution each takes back one of their cards and turns a new one. \
4 players: at the third slap the odd player out picks a claimer to state; right, the odd player takes the cards; \
wrong, the claimer does. The first player to run out of cards wins; a move cap ends endless games as a draw. \
        The card game behind the 24 Game puzzle, played with a pack of playing cards as a race \
        between players.",
    bots: &["random", "solver"],
    examples: &[
        "twenty_four",
        "twenty_four(players=4)",
        "twenty_four(intermediate=integer,no_solution_check=solver)",
        "twenty_four(players=4,partial_claims=void,failed_claim_taker=nobody,max_sets=50,cap_outcome=fewest_cards)",
        "twenty_four(target=10,max_sets=30)",
    ],
};

/// The 40-card deck (A–10 of ♣ ♦ ♥ ♠; dense order suit-major, 2..10 then A within a suit).
pub fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(|| Deck::french(&[2, 3, 4, 5, 6, 7, 8, 9, 10, 14]))
}

/// Arithmetic value of a card: A = 1, others their pips.
pub fn value(card: Card) -> u64 {
    match deck().rank(card) {
        14 => 1,
        r => u64::from(r),
    }
}

/// What a seat commits to do in the race.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// Declares that there is no solution.
    NoSolution,
    /// Slaps and states an expression that is not a solution.
    Wrong,
    /// Slaps and states template `k` over the sorted centre values.
    Template(u16),
}

/// A seat's sealed race action: when and what.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Commitment {
    /// Reaction delay, `0..DELAYS`, 0 fastest.
    pub delay: u8,
    pub claim: Claim,
}

impl Claim {
    /// The action id of this claim (the first half of a commitment).
    pub fn action(self) -> Action {
        CLAIM
            + match self {
                Claim::NoSolution => 0,
                Claim::Wrong => 1,
                Claim::Template(k) => 2 + u32::from(k),
            }
    }
    /// Decodes a claim action id.
    pub fn from_action(a: Action) -> Option<Claim> {
        match a.checked_sub(CLAIM)? {
            0 => Some(Claim::NoSolution),
            1 => Some(Claim::Wrong),
            k if (k as usize) < CLAIMS => Some(Claim::Template((k - 2) as u16)),
            _ => None,
        }
    }
    /// The action's name: `no solution`, `claim wrong`, `claim c*a-d-b`.
    pub fn name(self) -> String {
        match self {
            Claim::NoSolution => "no solution".to_string(),
            Claim::Wrong => "claim wrong".to_string(),
            Claim::Template(k) => format!("claim {}", template_name(k)),
        }
    }
}

/// Action id of the reaction delay `t<d>` (the second half of a commitment).
pub fn delay_action(delay: u8) -> Action {
    DELAY + u32::from(delay)
}

impl Commitment {
    fn is_claim(self) -> bool {
        self.claim != Claim::NoSolution
    }
}

/// Action id of `choose player <seat>`.
pub fn choose_action(seat: usize) -> Action {
    CHOOSE + seat as u32
}
/// Action id of `take back <card>`.
pub fn take_back_action(card: Card) -> Action {
    TAKE_BACK + u32::from(card.0)
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Config {
    players: usize,
    opts: Options,
    solver_check: bool,
    nobody_takes: bool,
    partial_void: bool,
    max_sets: u32,
    cap_fewest: bool,
}

/// The registered game.
#[derive(Clone, Debug)]
pub struct TwentyFour {
    params: Params,
    cfg: Config,
}

impl Registered for TwentyFour {
    const INFO: &'static GameInfo = &INFO;
    fn from_params(p: Params) -> Result<Self> {
        let players = p.int("players") as usize;
        if players == 3 {
            return Err(LudoError::param(
                "players",
                "Twenty-Four is for 2 or 4 players, not 3",
            ));
        }
        let cfg = Config {
            players,
            opts: Options {
                target: p.int("target"),
                intermediate: Intermediate::parse(p.str("intermediate"))?,
            },
            solver_check: p.str("no_solution_check") == "solver",
            nobody_takes: p.str("failed_claim_taker") == "nobody",
            partial_void: p.str("partial_claims") == "void",
            max_sets: p.int("max_sets") as u32,
            cap_fewest: p.str("cap_outcome") == "fewest_cards",
        };
        Ok(TwentyFour { params: p, cfg })
    }
}

impl TwentyFour {
    /// The game with the given parameters as `(key, value)` pairs (`[("players", "4")]`).
    pub fn with(pairs: &[(&str, &str)]) -> Result<Self> {
        Self::from_pairs(pairs)
    }
}

impl Game for TwentyFour {
    /// Each of w winners +1, the n − w others −w/(n − w) each (all 0 without a winner or a loser):
    /// at worst n − 1 winners and one loser. Zero-sum.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        let n = self.cfg.players as f64;
        Some(crate::core::game::Utility::zero_sum(-(n - 1.0), 1.0))
    }
    type State = TwentyFourState;
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
        // Deal, then per set two commitment actions per seat plus at most two take-backs or one choice.
        40 + self.cfg.max_sets as usize * (2 * self.cfg.players + 2)
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![OBS_LEN]
    }
    fn new_initial_state(&self) -> TwentyFourState {
        TwentyFourState {
            cfg: self.cfg,
            phase: Phase::Deal,
            undealt: deck().all(),
            stacks: Default::default(),
            centre: [[Card(0); 2]; 4],
            centre_len: [0; 4],
            commits: [None; 4],
            pending: None,
            seen: CardSet::EMPTY,
            taken_back: [false; 4],
            claimers: 0,
            pending_events: Vec::new(),
            board_solvable: false,
            sets: 0,
            winners: 0,
            capped: false,
            removed: CardSet::EMPTY,
            history: Vec::new(),
            records: Vec::new(),
        }
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<TwentyFourState>>> {
        if name == "random" {
            return Ok(Box::new(RandomBot));
        }
        Ok(Box::new(SolverBot::parse(name).map_err(|e| match e {
            LudoError::Parse { reason, .. } => LudoError::param(
                "bots",
                format!("{name:?}: {reason}; available: random, solver(speed=,skill=,error=)"),
            ),
            e => e,
        })?))
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Deal,
    Commit,
    Choose { odd: u8 },
    TakeBack,
    Over,
}

/// How a set ended (public record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everyone declared no solution (or `partial_claims=void`): cards taken back.
    NoSolution,
    /// A statement was judged. `chooser` is the odd player out (4 players).
    Judged {
        claimer: u8,
        chooser: Option<u8>,
        valid: bool,
        taker: Option<u8>,
    },
}

/// One resolved set, for observations, information states and replays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetRecord {
    /// The centre cards in centre order.
    pub board: Vec<Card>,
    /// Seats whose commitment took effect before the set resolved, in time order (public).
    pub events: Vec<(u8, Commitment)>,
    /// Every seat's commitment (each seat sees only its own).
    pub commits: [Option<Commitment>; 4],
    /// The claim that was stated, if any.
    pub stated: Option<Claim>,
    pub outcome: Outcome,
}

impl SetRecord {
    /// The stated expression in canonical form over this set's cards (`wrong` for a wrong claim).
    pub fn stated_text(&self) -> Option<String> {
        self.stated.map(|claim| match claim {
            Claim::Template(k) => {
                let mut v = [0u64; 4];
                for (slot, &c) in v.iter_mut().zip(&self.board) {
                    *slot = value(c);
                }
                v.sort_unstable();
                template_text(k, &v)
            }
            _ => "wrong".to_string(),
        })
    }
}

/// A Twenty-Four position.
#[derive(Clone, Debug)]
pub struct TwentyFourState {
    cfg: Config,
    phase: Phase,
    undealt: CardSet,
    stacks: [VecDeque<Card>; 4],
    /// Each seat's face-up cards, in the order turned up.
    centre: [[Card; 2]; 4],
    centre_len: [u8; 4],
    commits: [Option<Commitment>; 4],
    /// The claim of the seat committing now, waiting for its delay.
    pending: Option<Claim>,
    /// Cards that have been face up at some point (the rest of a stack nobody has seen).
    seen: CardSet,
    taken_back: [bool; 4],
    /// Seats the odd player out may choose (bit mask).
    claimers: u8,
    /// Events before the odd player out's choice (4 players), published when the set resolves.
    pending_events: Vec<(u8, Commitment)>,
    board_solvable: bool,
    sets: u32,
    winners: u8,
    capped: bool,
    removed: CardSet,
    history: Vec<Action>,
    records: Vec<SetRecord>,
}

impl TwentyFourState {
    fn n(&self) -> usize {
        self.cfg.players
    }
    /// The centre cards in centre order (seat 0's first).
    pub fn centre(&self) -> Vec<Card> {
        (0..self.n())
            .flat_map(|s| self.centre[s][..self.centre_len[s] as usize].iter().copied())
            .collect()
    }
    /// The centre values, sorted ascending (the `a ≤ b ≤ c ≤ d` of template names).
    pub fn board(&self) -> [u64; 4] {
        let mut v = [0u64; 4];
        for (slot, c) in v.iter_mut().zip(self.centre()) {
            *slot = value(c);
        }
        v.sort_unstable();
        v
    }
    /// Cards in `seat`'s stack, top first (hidden information: for tests and hosts, not for bots).
    pub fn stack(&self, seat: usize) -> Vec<Card> {
        self.stacks[seat].iter().copied().collect()
    }
    /// Number of cards in each seat's stack (public).
    pub fn stack_sizes(&self) -> Vec<usize> {
        (0..self.n()).map(|s| self.stacks[s].len()).collect()
    }
    /// Sets resolved so far (no-solution rounds included).
    pub fn sets_played(&self) -> u32 {
        self.sets
    }
    /// Every resolved set.
    pub fn records(&self) -> &[SetRecord] {
        &self.records
    }
    /// The arithmetic rule of this game.
    pub fn options(&self) -> Options {
        self.cfg.opts
    }
    /// Whether the game stopped at the move cap.
    pub fn capped(&self) -> bool {
        self.capped
    }
    /// Whether `no solution` is currently refused (`no_solution_check=solver` and the board is solvable).
    pub fn no_solution_refused(&self) -> bool {
        self.cfg.solver_check && self.board_solvable
    }
    /// Whether the seats are committing their race actions (claim, then delay).
    pub fn is_racing(&self) -> bool {
        self.phase == Phase::Commit
    }
    /// The claim the seat to move has made and whose delay it must now give, if at that point.
    pub fn pending_claim(&self) -> Option<Claim> {
        self.pending
    }
    /// The seat that must choose a claimer (4 players), if at that point.
    pub fn odd_player_out(&self) -> Option<usize> {
        match self.phase {
            Phase::Choose { odd } => Some(odd as usize),
            _ => None,
        }
    }
    /// Seats that may be chosen to state their expression.
    pub fn claimers(&self) -> Vec<usize> {
        (0..self.n()).filter(|s| self.claimers & (1 << s) != 0).collect()
    }
    /// Builds a position directly: `stacks[s]` top first. The first set starts at once. For tests and
    /// for hosts replaying a physical deal; no card may repeat, and cards left out count as removed
    /// from play. Its history starts empty, so `serialize` does not reproduce such a state.
    pub fn from_stacks(game: &TwentyFour, stacks: &[Vec<Card>]) -> Result<TwentyFourState> {
        let mut s = game.new_initial_state();
        if stacks.len() != game.cfg.players {
            return Err(LudoError::InvalidPosition {
                reason: format!("{} stacks for {} players", stacks.len(), game.cfg.players),
            });
        }
        let mut seen = CardSet::EMPTY;
        for (seat, cards) in stacks.iter().enumerate() {
            let need = if game.cfg.players == 2 { 2 } else { 1 };
            if cards.len() < need {
                return Err(LudoError::InvalidPosition {
                    reason: format!("seat {seat} needs at least {need} cards"),
                });
            }
            for &c in cards {
                if c.idx() >= 40 || !seen.insert(c) {
                    return Err(LudoError::InvalidPosition {
                        reason: format!("card {} is repeated or not in the deck", c.0),
                    });
                }
                s.stacks[seat].push_back(c);
            }
        }
        s.removed = deck().all() - seen;
        s.undealt = CardSet::EMPTY;
        s.start_set();
        Ok(s)
    }

    fn turn_up(&mut self, seat: usize) {
        if let Some(c) = self.stacks[seat].pop_front() {
            self.seen.insert(c);
            self.centre[seat][self.centre_len[seat] as usize] = c;
            self.centre_len[seat] += 1;
        }
    }

    fn start_set(&mut self) {
        let per_seat = if self.n() == 2 { 2 } else { 1 };
        for seat in 0..self.n() {
            while (self.centre_len[seat] as usize) < per_seat && !self.stacks[seat].is_empty() {
                self.turn_up(seat);
            }
        }
        self.commits = [None; 4];
        self.pending = None;
        self.taken_back = [false; 4];
        self.claimers = 0;
        self.board_solvable = self.cfg.solver_check
            && Solver::new()
                .is_solvable(&self.board(), &self.cfg.opts)
                .unwrap_or(false);
        self.phase = Phase::Commit;
    }

    /// Seats in the order their commitments take effect this set.
    fn time_order(&self) -> Vec<(u8, Commitment)> {
        let n = self.n();
        let first = self.sets as usize % n;
        let mut v: Vec<(u8, Commitment)> = (0..n)
            .filter_map(|s| self.commits[s].map(|c| (s as u8, c)))
            .collect();
        v.sort_by_key(|(s, c)| (c.delay, (*s as usize + n - first) % n));
        v
    }

    /// Whether `claim` is a valid statement on the current board.
    fn judge(&self, claim: Claim) -> bool {
        match claim {
            Claim::Template(k) => {
                expr::evaluate(&template_expr(k, &self.board()), self.cfg.opts.intermediate)
                    .is_ok_and(|v| v == rational::Ratio::int(i128::from(self.cfg.opts.target)))
            }
            _ => false,
        }
    }

    fn resolve(&mut self) {
        let order = self.time_order();
        if self.n() == 2 {
            match order.iter().position(|(_, c)| c.is_claim()) {
                Some(i) => {
                    let (claimer, c) = order[i];
                    let valid = self.judge(c.claim);
                    let loser = if valid { 1 - claimer } else { claimer };
                    let events = order[..=i].to_vec();
                    self.finish(
                        events,
                        Some(c.claim),
                        Outcome::Judged {
                            claimer,
                            chooser: None,
                            valid,
                            taker: Some(loser),
                        },
                    );
                }
                None => {
                    let board = self.centre();
                    self.records.push(SetRecord {
                        board,
                        events: order,
                        commits: self.commits,
                        stated: None,
                        outcome: Outcome::NoSolution,
                    });
                    self.phase = Phase::TakeBack;
                }
            }
            return;
        }
        // Four players: stop at the third slap.
        let mut slaps = 0u8;
        for (i, (s, c)) in order.iter().enumerate() {
            if c.is_claim() {
                self.claimers |= 1 << s;
                slaps += 1;
                if slaps == 3 {
                    let odd = (0..4u8).find(|x| self.claimers & (1 << x) == 0).unwrap_or(0);
                    self.pending_events = order[..=i].to_vec();
                    self.phase = Phase::Choose { odd };
                    return;
                }
            }
        }
        if slaps == 0 || self.cfg.partial_void {
            self.claimers = 0;
            self.no_solution_round(order);
            return;
        }
        let odd = order
            .iter()
            .rev()
            .find(|(_, c)| !c.is_claim())
            .map(|(s, _)| *s)
            .unwrap_or(0);
        self.pending_events = order;
        self.phase = Phase::Choose { odd };
    }
}

impl TwentyFourState {
    /// Everyone returns a card (4 players: their only one; 2 players: the one chosen in `take back`),
    /// then the next set starts.
    fn no_solution_round(&mut self, events: Vec<(u8, Commitment)>) {
        let board = self.centre();
        if self.n() == 4 {
            for seat in 0..4 {
                if self.centre_len[seat] == 1 {
                    let c = self.centre[seat][0];
                    self.stacks[seat].push_back(c);
                    self.centre_len[seat] = 0;
                }
            }
        }
        self.records.push(SetRecord {
            board,
            events,
            commits: self.commits,
            stated: None,
            outcome: Outcome::NoSolution,
        });
        self.sets += 1;
        if !self.check_cap() {
            self.start_set();
        }
    }

    /// Ends a judged set: the taker (if any) puts the centre under their stack.
    fn finish(&mut self, events: Vec<(u8, Commitment)>, stated: Option<Claim>, outcome: Outcome) {
        let board = self.centre();
        let taker = match outcome {
            Outcome::Judged { taker, .. } => taker,
            Outcome::NoSolution => None,
        };
        match taker {
            Some(t) => self.stacks[t as usize].extend(board.iter().copied()),
            None => board.iter().for_each(|&c| {
                self.removed.insert(c);
            }),
        }
        self.centre_len = [0; 4];
        self.records.push(SetRecord {
            board,
            events,
            commits: self.commits,
            stated,
            outcome,
        });
        self.sets += 1;
        let out: u8 = (0..self.n() as u8)
            .filter(|&s| self.stacks[s as usize].is_empty() && Some(s) != taker)
            .map(|s| 1 << s)
            .sum();
        if out != 0 {
            self.winners = out;
            self.phase = Phase::Over;
        } else if !self.check_cap() {
            self.start_set();
        }
    }

    /// Ends the game at the move cap; true if it did.
    fn check_cap(&mut self) -> bool {
        if self.sets < self.cfg.max_sets {
            return false;
        }
        self.capped = true;
        self.phase = Phase::Over;
        if self.cfg.cap_fewest {
            let fewest = (0..self.n())
                .map(|s| self.stacks[s].len() + self.centre_len[s] as usize)
                .min()
                .unwrap_or(0);
            self.winners = (0..self.n() as u8)
                .filter(|&s| self.stacks[s as usize].len() + self.centre_len[s as usize] as usize == fewest)
                .map(|s| 1 << s)
                .sum();
        }
        true
    }

    fn take_back_seat(&self) -> Option<usize> {
        (0..self.n()).find(|&s| !self.taken_back[s])
    }

    fn commit_seat(&self) -> Option<usize> {
        (0..self.n()).find(|&s| self.commits[s].is_none())
    }

    fn describe_commit(c: Commitment) -> String {
        format!("t{} {}", c.delay, c.claim.name())
    }

    fn names(cards: &[Card]) -> String {
        cards
            .iter()
            .map(|&c| deck().name_of(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Public text of one record, plus `viewer`'s own commitment.
    fn describe_record(&self, i: usize, r: &SetRecord, viewer: Option<usize>) -> String {
        let mut t = format!("set {}: [{}]", i + 1, Self::names(&r.board));
        for (s, c) in &r.events {
            let kind = if c.is_claim() { "slap" } else { "no solution" };
            t.push_str(&format!(" p{s}@t{}:{kind}", c.delay));
        }
        match &r.outcome {
            Outcome::NoSolution => t.push_str(" -> no solution, cards back"),
            Outcome::Judged {
                claimer,
                chooser,
                valid,
                taker,
            } => {
                if let Some(o) = chooser {
                    t.push_str(&format!(" -> p{o} chooses p{claimer}"));
                }
                let taker = taker.map_or("nobody".to_string(), |x| format!("p{x}"));
                let verdict = if *valid { "valid" } else { "invalid" };
                t.push_str(&format!(
                    " -> p{claimer} states {} ({verdict}); {taker} takes the cards",
                    r.stated_text().as_deref().unwrap_or("-")
                ));
            }
        }
        if let Some(v) = viewer {
            if let Some(c) = r.commits[v] {
                t.push_str(&format!(" [you: {}]", Self::describe_commit(c)));
            }
        }
        t
    }
}

impl State for TwentyFourState {
    fn sees_own_hand(&self) -> bool {
        // A stack is dealt face down and its cards are turned up one by one: its owner does not
        // know them either (`card_locations` calls the unseen ones "hand s").
        false
    }
    fn revealed_in_deal_order(&self) -> bool {
        // The stack is turned up from the top: the moment a card came to light says where it lay.
        true
    }
    fn current_player(&self) -> Player {
        match self.phase {
            Phase::Deal => Player::Chance,
            Phase::Commit => self.commit_seat().map_or(Player::Terminal, Player::Seat),
            Phase::TakeBack => self.take_back_seat().map_or(Player::Terminal, Player::Seat),
            Phase::Choose { odd } => Player::Seat(odd as usize),
            Phase::Over => Player::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Deal => out.extend(self.undealt.iter().map(|c| u32::from(c.0))),
            Phase::Commit if self.pending.is_some() => out.extend((0..DELAYS as u8).map(delay_action)),
            Phase::Commit => {
                if !self.no_solution_refused() {
                    out.push(Claim::NoSolution.action());
                }
                out.push(Claim::Wrong.action());
                out.extend(
                    distinct_templates(&self.board())
                        .iter()
                        .map(|&k| Claim::Template(k).action()),
                );
            }
            Phase::TakeBack => {
                if let Some(s) = self.take_back_seat() {
                    let mut cards = self.centre[s];
                    cards.sort_unstable();
                    out.extend(
                        cards[..self.centre_len[s] as usize]
                            .iter()
                            .map(|&c| take_back_action(c)),
                    );
                    out.dedup();
                }
            }
            Phase::Choose { .. } => out.extend(
                (0..self.n())
                    .filter(|s| self.claimers & (1 << s) != 0)
                    .map(choose_action),
            ),
            Phase::Over => {}
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<()> {
        if self.phase == Phase::Over {
            return Err(LudoError::GameOver);
        }
        match self.phase {
            Phase::Commit if self.pending.is_some() => {
                if !(DELAY..DELAY + DELAYS as u32).contains(&action) {
                    return Err(LudoError::illegal(
                        action,
                        self.action_to_string(action),
                        "the claim is made: its reaction delay t0..t7 is expected",
                    ));
                }
            }
            Phase::Commit => {
                let Some(claim) = Claim::from_action(action) else {
                    return Err(LudoError::illegal(
                        action,
                        self.action_to_string(action),
                        "a claim or 'no solution' is expected in the race",
                    ));
                };
                if claim == Claim::NoSolution && self.no_solution_refused() {
                    return Err(LudoError::illegal(
                        action,
                        self.action_to_string(action),
                        "a solution exists (no_solution_check=solver)",
                    ));
                }
                if let Claim::Template(k) = claim {
                    if distinct_templates(&self.board()).binary_search(&k).is_err() {
                        return Err(LudoError::illegal(
                            action,
                            self.action_to_string(action),
                            "this template repeats another one for these equal values; use the first",
                        ));
                    }
                }
            }
            _ => {
                let mut legal = Vec::new();
                self.legal_actions(&mut legal);
                check_node(self, action, &legal)?;
            }
        }
        self.apply_action_unchecked(action);
        Ok(())
    }

    fn apply_action_unchecked(&mut self, action: Action) {
        self.history.push(action);
        match self.phase {
            Phase::Deal => {
                let card = Card(action as u8);
                self.undealt.remove(card);
                let seat = (40 - self.undealt.len() - 1) % self.n();
                self.stacks[seat].push_back(card);
                if self.undealt.is_empty() {
                    self.start_set();
                }
            }
            Phase::Commit => {
                let Some(seat) = self.commit_seat() else { return };
                match self.pending.take() {
                    None => self.pending = Claim::from_action(action),
                    Some(claim) => {
                        self.commits[seat] = Some(Commitment {
                            delay: (action - DELAY) as u8,
                            claim,
                        });
                        if self.commit_seat().is_none() {
                            self.resolve();
                        }
                    }
                }
            }
            Phase::TakeBack => {
                let Some(seat) = self.take_back_seat() else { return };
                let card = Card((action - TAKE_BACK) as u8);
                let cards = &mut self.centre[seat];
                if cards[0] == card {
                    cards.swap(0, 1);
                }
                self.centre_len[seat] = 1;
                self.stacks[seat].push_back(card);
                self.taken_back[seat] = true;
                if self.take_back_seat().is_none() {
                    // The set's record was written when both had declared.
                    self.sets += 1;
                    if !self.check_cap() {
                        self.start_set();
                    }
                }
            }
            Phase::Choose { odd } => {
                let chosen = (action - CHOOSE) as u8;
                let claim = self.commits[chosen as usize].map_or(Claim::Wrong, |c| c.claim);
                let valid = self.judge(claim);
                let taker = if valid {
                    Some(odd)
                } else if self.cfg.nobody_takes {
                    None
                } else {
                    Some(chosen)
                };
                let events = std::mem::take(&mut self.pending_events);
                self.finish(
                    events,
                    Some(claim),
                    Outcome::Judged {
                        claimer: chosen,
                        chooser: Some(odd),
                        valid,
                        taker,
                    },
                );
            }
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
        self.undealt.nth(k).map_or(0, |c| u32::from(c.0))
    }

    fn returns(&self, out: &mut [f64]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        if self.phase != Phase::Over || (self.capped && !self.cfg.cap_fewest) {
            return;
        }
        let w = self.winners.count_ones() as f64;
        let l = self.n() as f64 - w;
        if w == 0.0 || l == 0.0 {
            return;
        }
        for (s, x) in out.iter_mut().enumerate().take(self.n()) {
            *x = if self.winners & (1 << s) != 0 { 1.0 } else { -w / l };
        }
    }

    /// Each seat's cards: its stack and its face-up cards in the centre (fewest wins at the cap
    /// with `cap_outcome=fewest_cards`).
    fn scores(&self, out: &mut [f64]) {
        for (s, x) in out.iter_mut().enumerate().take(self.n()) {
            *x = (self.stacks[s].len() + self.centre_len[s] as usize) as f64;
        }
    }

    fn action_to_string(&self, action: Action) -> String {
        action_name(action)
    }

    fn string_to_action(&self, text: &str) -> Result<Action> {
        parse_action(self, text)
    }

    fn observation_string(&self, player: usize) -> String {
        let mut t = format!(
            "Twenty-Four, you are p{player}; stacks {:?}; centre [{}]",
            self.stack_sizes(),
            Self::names(&self.centre())
        );
        match self.phase {
            Phase::Deal => t.push_str("; dealing"),
            Phase::Commit => {
                let done: Vec<String> = (0..self.n())
                    .filter(|&s| self.commits[s].is_some())
                    .map(|s| format!("p{s}"))
                    .collect();
                t.push_str(&format!("; race, committed: [{}]", done.join(" ")));
                if let Some(c) = self.commits[player] {
                    t.push_str(&format!(" (you: {})", Self::describe_commit(c)));
                }
                if let (Some(c), Some(Player::Seat(s))) = (self.pending, Some(self.current_player())) {
                    if s == player {
                        t.push_str(&format!(" (you: {}, choosing when)", c.name()));
                    }
                }
            }
            Phase::Choose { odd } => {
                let cl: Vec<String> = self.claimers().iter().map(|s| format!("p{s}")).collect();
                t.push_str(&format!("; p{odd} chooses among [{}]", cl.join(" ")));
            }
            Phase::TakeBack => t.push_str("; no solution: taking back"),
            Phase::Over => t.push_str(&format!(
                "; game over, winners mask {:b}{}",
                self.winners,
                if self.capped { " (move cap)" } else { "" }
            )),
        }
        if let Some(r) = self.records.last() {
            t.push_str(&format!(
                "; last {}",
                self.describe_record(self.records.len() - 1, r, Some(player))
            ));
        }
        t
    }

    fn write_observation(&self, player: usize, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let n = self.n();
        let rel = |s: usize| (s + n - player) % n;
        for c in self.centre() {
            out[c.idx()] = 1.0;
        }
        for s in 0..n {
            out[40 + rel(s)] = self.stacks[s].len() as f32 / 40.0;
            if self.phase == Phase::Commit && self.commits[s].is_some() {
                out[44 + rel(s)] = 1.0;
            }
            if self.claimers & (1 << s) != 0 && matches!(self.phase, Phase::Choose { .. }) {
                out[48 + rel(s)] = 1.0;
            }
        }
        let phase = match self.phase {
            Phase::Deal => 0,
            Phase::Commit => 1,
            Phase::Choose { .. } => 2,
            Phase::TakeBack => 3,
            Phase::Over => 4,
        };
        out[52 + phase] = 1.0;
        out[57] = f32::from(self.current_player() == Player::Seat(player));
        if self.phase == Phase::Commit {
            let own = self.commits[player].map(|c| c.claim).or(self
                .pending
                .filter(|_| self.current_player() == Player::Seat(player)));
            if let Some(c) = own {
                out[58 + usize::from(c != Claim::NoSolution)] = 1.0;
            }
        }
    }

    fn information_state_string(&self, player: usize) -> String {
        let mut lines: Vec<String> = self
            .records
            .iter()
            .enumerate()
            .map(|(i, r)| self.describe_record(i, r, Some(player)))
            .collect();
        lines.push(self.observation_string(player));
        lines.join("\n")
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>> {
        // A stack's cards nobody has seen yet are "hand s"; those that were face up before, "stack s".
        let mut v: Vec<(String, Vec<Action>)> = Vec::new();
        for s in 0..self.n() {
            let (seen, unseen): (Vec<Card>, Vec<Card>) =
                self.stacks[s].iter().partition(|c| self.seen.contains(**c));
            v.push((
                format!("hand {s}"),
                unseen.iter().map(|c| u32::from(c.0)).collect(),
            ));
            v.push((
                format!("stack {s}"),
                seen.iter().map(|c| u32::from(c.0)).collect(),
            ));
        }
        v.push((
            "centre".into(),
            self.centre().iter().map(|c| u32::from(c.0)).collect(),
        ));
        v.push((
            "undealt".into(),
            self.undealt.iter().map(|c| u32::from(c.0)).collect(),
        ));
        v.push((
            "removed".into(),
            self.removed.iter().map(|c| u32::from(c.0)).collect(),
        ));
        Some(v)
    }
}

/// Name of an action id (a pure function of the id).
pub fn action_name(action: Action) -> String {
    if action < CLAIM {
        return format!("deal {}", deck().name_of(Card(action as u8)));
    }
    if let Some(c) = Claim::from_action(action) {
        return c.name();
    }
    if action < TAKE_BACK {
        return format!("t{}", action - DELAY);
    }
    if action < CHOOSE {
        return format!("take back {}", deck().name_of(Card((action - TAKE_BACK) as u8)));
    }
    if action < NUM_ACTIONS {
        return format!("choose player {}", action - CHOOSE);
    }
    format!("action {action} (out of range)")
}

/// Parses an action name or an expression claim against the current board.
fn parse_action(state: &TwentyFourState, text: &str) -> Result<Action> {
    let err = |reason: &str| LudoError::parse("Twenty-Four action", text, reason);
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let rest_after = |k: usize| words[k..].join(" ");
    match words.first().copied() {
        None => return Err(err("empty")),
        Some("deal") => {
            let c = deck().parse(&rest_after(1))?;
            return Ok(u32::from(c.0));
        }
        Some("take") => {
            let k = if words.get(1) == Some(&"back") { 2 } else { 1 };
            return Ok(take_back_action(deck().parse(&rest_after(k))?));
        }
        Some("choose") => {
            let who = words.last().map(|w| w.trim_start_matches('p')).unwrap_or("");
            return match who.parse::<usize>() {
                Ok(s) if s < 4 => Ok(choose_action(s)),
                _ => Err(err("choose player <0..3>")),
            };
        }
        _ => {}
    }
    // A reaction delay: "t3", "at t3", "delay 3".
    let delay_word = match words.as_slice() {
        [w] => w.strip_prefix('t'),
        ["at", w] => w.strip_prefix('t'),
        ["delay", w] => Some(*w),
        _ => None,
    };
    if let Some(d) = delay_word.and_then(|d| d.parse::<u8>().ok()) {
        return if (d as usize) < DELAYS {
            Ok(delay_action(d))
        } else {
            Err(err(&format!("the delay must be t0..t{}", DELAYS - 1)))
        };
    }
    // A claim: "no solution" / "claim wrong" / "claim <template or expression>" / a bare expression.
    let body = lower.as_str();
    let claim = if matches!(body, "no solution" | "nosolution" | "none" | "no") {
        Claim::NoSolution
    } else {
        let expr_text = body.strip_prefix("claim").unwrap_or(body).trim();
        if expr_text == "wrong" {
            Claim::Wrong
        } else if let Some(k) = template_by_name(expr_text) {
            Claim::Template(k)
        } else {
            if state.phase != Phase::Commit {
                return Err(err("an expression can only be claimed during the race"));
            }
            let board = state.board();
            // The claim is judged as written (the integer rule applies to its own intermediate values,
            // not to those of its template); only a valid one is mapped to its template, preferring a
            // template that is valid too, so the judge agrees with `check`.
            match expr::check(expr_text, &board, &state.cfg.opts)? {
                expr::Verdict::Invalid(_) => Claim::Wrong,
                expr::Verdict::Valid { canonical: key } => {
                    let matching: Vec<u16> = distinct_templates(&board)
                        .iter()
                        .copied()
                        .filter(|&k| template_text(k, &board) == key)
                        .collect();
                    matching
                        .iter()
                        .copied()
                        .find(|&k| state.judge(Claim::Template(k)))
                        .or(matching.first().copied())
                        .map_or(Claim::Wrong, Claim::Template)
                }
            }
        }
    };
    Ok(claim.action())
}

fn template_by_name(name: &str) -> Option<u16> {
    static INDEX: OnceLock<std::collections::HashMap<&'static str, u16>> = OnceLock::new();
    let index = INDEX.get_or_init(|| (0..TEMPLATES as u16).map(|k| (template_name(k), k)).collect());
    let compact: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    index.get(compact.as_str()).copied()
}

impl fmt::Display for TwentyFourState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Twenty-Four, {} players, target {}, set {}",
            self.n(),
            self.cfg.opts.target,
            self.sets + 1
        )?;
        for s in 0..self.n() {
            let centre = &self.centre[s][..self.centre_len[s] as usize];
            writeln!(
                f,
                "  p{s}: {:2} cards in stack | centre: {}",
                self.stacks[s].len(),
                Self::names(centre)
            )?;
        }
        match self.phase {
            Phase::Over => {
                let w: Vec<String> = (0..self.n())
                    .filter(|s| self.winners & (1 << s) != 0)
                    .map(|s| format!("p{s}"))
                    .collect();
                write!(
                    f,
                    "  game over: winners [{}]{}",
                    w.join(" "),
                    if self.capped { " (move cap)" } else { "" }
                )?;
            }
            _ => write!(f, "  to move: {}", self.current_player())?,
        }
        if let Some(r) = self.records.last() {
            write!(
                f,
                "\n  last: {}",
                self.describe_record(self.records.len() - 1, r, None)
            )?;
        }
        Ok(())
    }
}
