//! The common game vocabulary (OpenSpiel's, in snake_case): [`Game`], [`State`], players and actions.
//!
//! Every registered game implements these two traits; the registry, `simulate`, `VectorEnv` and the
//! Python classes are written once against them.

use crate::core::params::{ParamSpec, Params};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use std::fmt;

/// An action id. Each phase of a game owns its own id range, so an action's name is a pure function
/// of its id (e.g. `0..40` cards, then bids).
pub type Action = u32;

/// `current_player()` at a chance node (OpenSpiel's `kChancePlayerId`).
pub const CHANCE: i32 = -1;
/// `current_player()` at a terminal state (OpenSpiel's `kTerminalPlayerId`).
pub const TERMINAL: i32 = -4;
/// The most seats any registered game has; fixed-size per-seat arrays use it.
pub const MAX_PLAYERS: usize = 8;

/// Who acts at a node.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Seat(usize),
    Chance,
    Terminal,
}

impl Player {
    /// The OpenSpiel integer: seat, `CHANCE` or `TERMINAL`.
    pub fn to_i32(self) -> i32 {
        match self {
            Player::Seat(s) => s as i32,
            Player::Chance => CHANCE,
            Player::Terminal => TERMINAL,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Seat(s) => write!(f, "player {s}"),
            Player::Chance => write!(f, "chance"),
            Player::Terminal => write!(f, "terminal"),
        }
    }
}

/// A named rules preset: `ruleset=<name>` applies these parameter values (explicit keys still win).
pub type Preset = (&'static str, &'static [(&'static str, &'static str)]);

/// Static description of a registered game.
#[derive(Debug)]
pub struct GameInfo {
    /// Stable snake_case name used in game strings (`briscola`).
    pub short_name: &'static str,
    /// Display name (`Briscola`).
    pub long_name: &'static str,
    /// Declared parameters with defaults and docs.
    pub params: &'static [ParamSpec],
    /// Reference presets selectable with `ruleset=`.
    pub presets: &'static [Preset],
    /// Bumped whenever rules or encodings change (recorded in game records).
    pub version: u32,
    /// A short statement of the rules as implemented.
    pub rules: &'static str,
    /// Names accepted by `new_bot` (always includes `random`).
    pub bots: &'static [&'static str],
    /// A few game strings that together cover the game's variants; the conformance tests play each.
    pub examples: &'static [&'static str],
}

/// What a game's `returns` can be (OpenSpiel's `min_utility`, `max_utility` and `utility_sum`):
/// every seat's return at every terminal state lies in `min..=max`, and with `sum: Some(c)` the
/// returns of every terminal state add up to `c` (zero-sum for 0, constant-sum otherwise); `None` is
/// general-sum. Games derive it from their scoring rules and parameters in [`Game::utility`]; the
/// conformance tests check random games against it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Utility {
    pub min: f64,
    pub max: f64,
    pub sum: Option<f64>,
}

impl Utility {
    /// Returns in `min..=max` that always add up to 0.
    pub const fn zero_sum(min: f64, max: f64) -> Utility {
        Utility {
            min,
            max,
            sum: Some(0.0),
        }
    }
    /// Returns in `min..=max` with no fixed total.
    pub const fn general(min: f64, max: f64) -> Utility {
        Utility { min, max, sum: None }
    }
}

/// How a state's starting position is written when the state is serialised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// The game's own initial state (the usual case): the history says everything.
    Standard,
    /// A position set up by the caller (a FEN, a Go diagram): one line that
    /// [`Game::new_state_from_setup`] reads back, then the history from there.
    Text(String),
    /// A state that no setup text and history can rebuild (a determinised sample); the reason.
    Unrepresentable(String),
}

/// A game definition: parameters resolved, ready to create states.
pub trait Game: Clone + Send + Sync + 'static {
    /// The state type this game creates.
    type State: State;

    /// Static description.
    fn info(&self) -> &'static GameInfo;
    /// Resolved parameters.
    fn params(&self) -> &Params;
    /// Number of seats.
    fn num_players(&self) -> usize;
    /// Size of the action space (every id is `< num_distinct_actions`), chance actions included.
    fn num_distinct_actions(&self) -> usize;
    /// Exclusive upper bound on every chance outcome id (OpenSpiel's `MaxChanceOutcomes`): each
    /// outcome at every chance node lies in `0..max_chance_outcomes`, so it also bounds how many
    /// outcomes a node has. Chance ids share the action id space (`< num_distinct_actions`); a game
    /// whose chance ids start above its decision ids (Jieqi, Skelly) returns its largest chance id + 1,
    /// not the size of its largest chance node. 0 for games without chance.
    fn max_chance_outcomes(&self) -> usize;
    /// Upper bound on the number of actions (chance included) in one game.
    fn max_game_length(&self) -> usize;
    /// Shape of `observation_tensor`.
    fn observation_shape(&self) -> Vec<usize>;
    /// The range and sum of `returns` under these parameters, derived from the scoring rules
    /// (see [`Utility`]). `None`: not declared (the conformance test asks every game to declare it).
    fn utility(&self) -> Option<Utility> {
        None
    }
    /// Lower and upper bound of every element of `observation_tensor` (flat, in tensor order), as
    /// the encoding guarantees them. Default: [0, 1] everywhere (one-hot planes and fractions); games
    /// that write raw totals override it. The conformance test checks every registered game's random
    /// playouts stay inside.
    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>) {
        let len = self.observation_shape().iter().product();
        (vec![0.0; len], vec![1.0; len])
    }
    /// The root state (a chance node for games that deal).
    fn new_initial_state(&self) -> Self::State;
    /// Puts a state of this game back at the initial position; games override it to keep the state's
    /// buffers (`simulate` restarts one state per worker instead of allocating one per game).
    fn restart(&self, state: &mut Self::State) {
        *state = self.new_initial_state();
    }
    /// A state from a setup text written by [`State::setup`] (FEN, diagram). Games that only start from
    /// their initial state refuse.
    fn new_state_from_setup(&self, text: &str) -> Result<Self::State> {
        Err(LudoError::parse(
            "setup",
            text,
            format!("{} always starts from its initial state", self.info().short_name),
        ))
    }
    /// A built-in policy by name (see `GameInfo::bots`).
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<Self::State>>> {
        match name {
            "random" => Ok(Box::new(RandomBot)),
            _ => Err(unknown_bot(name, self.info())),
        }
    }
    /// The canonical game string (`briscola(players=4)`).
    fn game_string(&self) -> String {
        self.params()
            .game_string(self.info().short_name, self.info().params, self.info().presets)
    }
}

/// A position plus everything needed to continue the game.
pub trait State: Clone + Send + Sync + fmt::Display + 'static {
    /// Who acts now.
    fn current_player(&self) -> Player;
    /// Legal actions, ascending, written into `out` (cleared first). Chance outcomes at chance nodes,
    /// nothing at terminal states.
    fn legal_actions(&self, out: &mut Vec<Action>);
    /// Applies `action` after checking it. On error the state is unchanged.
    fn apply_action(&mut self, action: Action) -> Result<()>;
    /// Applies an action already known to be legal (bots, simulation). Default: the checked path.
    fn apply_action_unchecked(&mut self, action: Action) {
        let r = self.apply_action(action);
        debug_assert!(r.is_ok(), "apply_action_unchecked given an illegal action: {r:?}");
    }
    /// Chance outcomes with probabilities, ascending by action (empty unless a chance node).
    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>);
    /// Samples one chance outcome. Games override this when they can sample without listing.
    fn sample_chance(&self, rng: &mut Rng) -> Action {
        let mut outs = Vec::new();
        self.chance_outcomes(&mut outs);
        sample_outcome(&outs, rng)
    }
    /// Advances through consecutive chance nodes, sampling each outcome from `rng` (as
    /// `sample_chance` then `apply_action_unchecked`). Games override it with a tighter loop; the
    /// outcomes must stay exactly those of the default.
    fn resolve_chance(&mut self, rng: &mut Rng) {
        while self.current_player() == Player::Chance {
            let a = self.sample_chance(rng);
            self.apply_action_unchecked(a);
        }
    }
    /// A uniformly random legal action at a decision node (the `random` bot). Games override this
    /// with an allocation-free version; the default lists the legal actions.
    fn random_action(&self, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        legal[rng.below(legal.len() as u32) as usize]
    }
    /// Plays on to the end with every seat taking `random_action` and chance resolved from `rng`.
    /// Games override it with a fused loop; the actions, and the draws from `rng`, must stay exactly
    /// those of this default (a test compares them for every registered game).
    fn play_out_random(&mut self, rng: &mut Rng) {
        loop {
            match self.current_player() {
                Player::Terminal => return,
                Player::Chance => self.resolve_chance(rng),
                Player::Seat(_) => {
                    let a = self.random_action(rng);
                    self.apply_action_unchecked(a);
                }
            }
        }
    }
    /// [`Self::play_out_random`] for `simulate`, which afterwards reads only the returns, the scores
    /// and the game's length: returns the length, `history().len()` at the end. A game may override it
    /// with a loop that counts the actions instead of recording them (the same actions and draws from
    /// `rng`); its history, and what is read from it, is then incomplete, so only a state nobody else
    /// sees (`simulate`'s own, restarted before its next game) may be played out this way.
    fn play_out_random_counted(&mut self, rng: &mut Rng) -> usize {
        self.play_out_random(rng);
        self.history().len()
    }
    /// Total utility per seat so far (final at terminal states).
    fn returns(&self, out: &mut [f64]);
    /// Reward per seat for the last transition. Default: returns at terminal, zero before.
    fn rewards(&self, out: &mut [f64]) {
        if self.current_player() == Player::Terminal {
            self.returns(out);
        } else {
            out.iter_mut().for_each(|x| *x = 0.0);
        }
    }
    /// Game-specific result numbers per seat (card points, captured stones); default: `returns`.
    fn scores(&self, out: &mut [f64]) {
        self.returns(out)
    }
    /// Name of an action id. A pure function of the id (and the game's parameters).
    fn action_to_string(&self, action: Action) -> String;
    /// Parses a name as written by `action_to_string`, plus the accepted aliases.
    fn string_to_action(&self, text: &str) -> Result<Action>;
    /// What seat `player` sees now, as text.
    fn observation_string(&self, player: usize) -> String;
    /// What seat `player` sees now, as floats, into `out` (length = product of the observation shape).
    fn write_observation(&self, player: usize, out: &mut [f32]);
    /// Everything seat `player` has observed since the start (perfect recall), as text.
    fn information_state_string(&self, player: usize) -> String;
    /// Every action applied so far, chance included.
    fn history(&self) -> &[Action];
    /// For card games: every place a card can be (`hand 0`, `stock`, `won 1` ...) with its cards, so tests
    /// can check that each card is in exactly one place. `None` for games without cards.
    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>> {
        None
    }
    /// Cards seat `player` sees now although `card_locations` puts them in a hidden place: cards
    /// moved in public (a card taken from a face-up widow, given face up, handed over for a call)
    /// and the face-up part of an exposed talon. Determinisation keeps the placement of every card
    /// a seat has seen. Default: none.
    fn shown_cards(&self, _player: usize) -> Vec<Action> {
        Vec::new()
    }
    /// Whether seat `viewer` learns which action `action` is when the seat to move takes it now
    /// (asked before it is applied): false for a private choice, such as a face-down discard or a
    /// give only its receiver sees. Determinisation redraws other seats' private choices. Default:
    /// every action is public.
    fn action_seen_by(&self, _action: Action, _viewer: usize) -> bool {
        true
    }
    /// An upper bound on the number of legal actions the seat to move has now that some other seat
    /// does not see (`action_seen_by` false), the same in every state another seat cannot tell from
    /// this one (a public number, such as the mover's hand size when each private action moves one
    /// card of the hand). Determinisation accepts a redrawn private choice with probability
    /// `choices / bound`, which makes its samples uniform over (deal, choices) pairs even where the
    /// number of choices depends on hidden cards (Tarok's discards, which may not be kings). Default:
    /// `None`, for games whose number of private choices never depends on hidden cards (or that
    /// have none).
    fn private_choice_bound(&self) -> Option<usize> {
        None
    }
    /// Whether a seat sees the cards `card_locations` puts in its own hand (`"hand {seat}"`). False
    /// where the hand is a face-down stack nobody sees (Twenty-Four): determinisation then redraws
    /// the seat's own unseen cards too. Default: true.
    fn sees_own_hand(&self) -> bool {
        true
    }
    /// Whether each seat's face-down cards come to light in the order they were dealt (a stack
    /// turned up from the top, Twenty-Four): a card's deal is then known from when it was turned
    /// up, and determinisation keeps it instead of redrawing which deal brought it. Default: false
    /// (a hand, from which its holder plays in any order).
    fn revealed_in_deal_order(&self) -> bool {
        false
    }

    /// The starting position for serialisation (default: the standard initial state).
    fn setup(&self) -> Setup {
        Setup::Standard
    }
    /// How the game ended outside its actions (a resignation), as one line of text that
    /// [`State::apply_ending`] reads back; serialisation writes it after the history. `None` for
    /// games that end only by actions, and while the game runs.
    fn ending(&self) -> Option<String> {
        None
    }
    /// Ends the game as an [`State::ending`] text says (after the history has been replayed).
    fn apply_ending(&mut self, text: &str) -> Result<()> {
        Err(LudoError::parse(
            "ending",
            text,
            "this game ends only by its actions",
        ))
    }

    /// `current_player() == Terminal`.
    fn is_terminal(&self) -> bool {
        self.current_player() == Player::Terminal
    }
    /// `current_player() == Chance`.
    fn is_chance_node(&self) -> bool {
        self.current_player() == Player::Chance
    }
}

/// A policy: picks an action for the player to move. Bots see the full state object but must only use
/// what the player to move may see (their own hand, public cards, the observation).
pub trait Bot<S>: Send + Sync {
    /// Chooses a legal action at a decision node.
    fn act(&self, state: &S, rng: &mut Rng) -> Action;
    /// True only for a bot whose `act` is exactly `state.random_action(rng)`: when every seat has one,
    /// `simulate` plays whole games with [`State::play_out_random`].
    fn is_random(&self) -> bool {
        false
    }
    /// True only when `act` is exactly `state.random_action(rng)` at `state` and at every later
    /// decision of this game, whatever happens (a bot that bids its own way, then plays uniformly).
    /// Once it holds for every seat's bot, `simulate` finishes the game with
    /// [`State::play_out_random`], which makes the same moves with the same draws in a fused loop.
    /// Default: [`Bot::is_random`].
    fn random_from(&self, _state: &S) -> bool {
        self.is_random()
    }
}

/// Uniformly random legal action.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<S: State> Bot<S> for RandomBot {
    fn act(&self, state: &S, rng: &mut Rng) -> Action {
        state.random_action(rng)
    }
    fn is_random(&self) -> bool {
        true
    }
}

/// The error for a bot name the game does not offer.
pub fn unknown_bot(name: &str, info: &GameInfo) -> LudoError {
    LudoError::param(
        "bots",
        format!(
            "no bot named {name:?} for {}{}; available: {}",
            info.short_name,
            crate::core::params::did_you_mean(name, info.bots),
            info.bots.join(", ")
        ),
    )
}

/// Samples from an explicit outcome list by cumulative probability.
pub fn sample_outcome(outcomes: &[(Action, f64)], rng: &mut Rng) -> Action {
    let mut u = rng.unit();
    for &(a, p) in outcomes {
        if u < p {
            return a;
        }
        u -= p;
    }
    outcomes.last().expect("a chance node has at least one outcome").0
}

/// Error for acting at a node of the wrong kind (player action at chance or vice versa).
pub fn check_node(state: &impl State, action: Action, legal: &[Action]) -> Result<()> {
    if state.is_terminal() {
        return Err(LudoError::GameOver);
    }
    if legal.binary_search(&action).is_err() {
        let name = state.action_to_string(action);
        let reason = if state.is_chance_node() {
            "not a possible chance outcome here"
        } else {
            "not legal here"
        };
        return Err(LudoError::illegal(action, name, reason));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integers OpenSpiel gives the player to move (`kChancePlayerId = -1`,
    /// `kTerminalPlayerId = -4` in its `spiel.h`): the vector env and the Python layer hand these
    /// on, and agents written for OpenSpiel read them.
    #[test]
    fn players_are_numbered_as_in_openspiel() {
        assert_eq!(Player::Seat(0).to_i32(), 0);
        assert_eq!(Player::Seat(5).to_i32(), 5);
        assert_eq!(Player::Chance.to_i32(), -1);
        assert_eq!(Player::Terminal.to_i32(), -4);
    }

    /// A tiny two-seat game that keeps every default of [`Game`] and [`State`] (no registered game
    /// keeps them all): a chance node deals 5 (probability 1/4) or 6 (3/4), then seat 0 picks 2, 3 or
    /// 4 and the game ends. Seat 0's return so far is the sum of the actions taken, seat 1's its
    /// negation (so the returns are already non-zero before the end).
    #[derive(Clone, Debug)]
    struct Toy {
        params: Params,
    }

    #[derive(Clone, Debug, Default)]
    struct ToyState {
        history: Vec<Action>,
    }

    static TOY_INFO: GameInfo = GameInfo {
        short_name: "toy",
        long_name: "Toy",
        params: &[],
        presets: &[],
        version: 1,
        rules: "A chance deal of 5 or 6, then seat 0 picks 2, 3 or 4.",
        bots: &["random"],
        examples: &["toy"],
    };

    fn toy() -> Toy {
        Toy {
            params: Params::default(),
        }
    }

    impl Game for Toy {
        type State = ToyState;
        fn info(&self) -> &'static GameInfo {
            &TOY_INFO
        }
        fn params(&self) -> &Params {
            &self.params
        }
        fn num_players(&self) -> usize {
            2
        }
        fn num_distinct_actions(&self) -> usize {
            7
        }
        fn max_chance_outcomes(&self) -> usize {
            7
        }
        fn max_game_length(&self) -> usize {
            2
        }
        fn observation_shape(&self) -> Vec<usize> {
            vec![3]
        }
        fn new_initial_state(&self) -> ToyState {
            ToyState::default()
        }
    }

    impl fmt::Display for ToyState {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{:?}", self.history)
        }
    }

    impl State for ToyState {
        fn current_player(&self) -> Player {
            match self.history.len() {
                0 => Player::Chance,
                1 => Player::Seat(0),
                _ => Player::Terminal,
            }
        }
        fn legal_actions(&self, out: &mut Vec<Action>) {
            out.clear();
            match self.current_player() {
                Player::Chance => out.extend([5, 6]),
                Player::Seat(_) => out.extend([2, 3, 4]),
                Player::Terminal => {}
            }
        }
        fn apply_action(&mut self, action: Action) -> Result<()> {
            let mut legal = Vec::new();
            self.legal_actions(&mut legal);
            check_node(self, action, &legal)?;
            self.history.push(action);
            Ok(())
        }
        fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
            out.clear();
            if self.current_player() == Player::Chance {
                out.extend([(5, 0.25), (6, 0.75)]);
            }
        }
        fn returns(&self, out: &mut [f64]) {
            let sum: f64 = self.history.iter().map(|&a| a as f64).sum();
            out[0] = sum;
            out[1] = -sum;
        }
        fn action_to_string(&self, action: Action) -> String {
            format!("a{action}")
        }
        fn string_to_action(&self, text: &str) -> Result<Action> {
            text.strip_prefix('a')
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| LudoError::parse("action", text, "not a{id}"))
        }
        fn observation_string(&self, _player: usize) -> String {
            self.to_string()
        }
        fn write_observation(&self, _player: usize, out: &mut [f32]) {
            out.fill(0.0);
            out[self.history.len()] = 1.0;
        }
        fn information_state_string(&self, player: usize) -> String {
            self.observation_string(player)
        }
        fn history(&self) -> &[Action] {
            &self.history
        }
    }

    fn toy_after(actions: &[Action]) -> ToyState {
        ToyState {
            history: actions.to_vec(),
        }
    }

    /// The default bounds are [0, 1] for every element of the observation tensor.
    #[test]
    fn observations_are_bounded_by_zero_and_one_by_default() {
        assert_eq!(toy().observation_bounds(), (vec![0.0; 3], vec![1.0; 3]));
    }

    #[test]
    fn a_restarted_state_is_back_at_the_initial_position_by_default() {
        let mut s = toy_after(&[6, 3]);
        toy().restart(&mut s);
        assert_eq!(s.history(), &[] as &[Action]);
        assert_eq!(s.current_player(), Player::Chance);
    }

    #[test]
    fn an_unchecked_action_is_applied_like_a_checked_one_by_default() {
        let mut s = toy_after(&[]);
        s.apply_action_unchecked(6);
        assert_eq!(s.history(), &[6]);
        s.apply_action_unchecked(2);
        assert_eq!(s.history(), &[6, 2]);
        assert_eq!(s.current_player(), Player::Terminal);
    }

    /// The deal is 5 for a draw `u < 1/4` and 6 otherwise (cumulative probabilities 1/4, 1).
    #[test]
    fn a_chance_outcome_is_drawn_from_the_listed_probabilities_by_default() {
        let s = toy_after(&[]);
        let mut seen = [false; 2];
        for seed in 0..64 {
            let mut rng = Rng::new(seed);
            let expected = if rng.clone().unit() < 0.25 { 5 } else { 6 };
            assert_eq!(s.sample_chance(&mut rng), expected, "seed {seed}");
            seen[expected as usize - 5] = true;
        }
        assert_eq!(seen, [true, true]);
    }

    #[test]
    fn resolving_chance_deals_until_a_seat_is_to_move_by_default() {
        for seed in 0..16 {
            let mut rng = Rng::new(seed);
            let expected = if rng.clone().unit() < 0.25 { 5 } else { 6 };
            let mut s = toy_after(&[]);
            s.resolve_chance(&mut rng);
            assert_eq!(s.history(), &[expected], "seed {seed}");
            assert_eq!(s.current_player(), Player::Seat(0));
            // At a decision node there is nothing to resolve.
            s.resolve_chance(&mut rng);
            assert_eq!(s.history(), &[expected]);
        }
    }

    #[test]
    fn a_random_action_is_a_uniform_pick_among_the_legal_actions_by_default() {
        let s = toy_after(&[5]);
        let mut seen = [false; 3];
        for seed in 0..64 {
            let mut rng = Rng::new(seed);
            let expected = [2, 3, 4][rng.clone().below(3) as usize];
            assert_eq!(s.random_action(&mut rng), expected, "seed {seed}");
            seen[expected as usize - 2] = true;
        }
        assert_eq!(seen, [true, true, true]);
    }

    /// The playout draws the deal (`unit`), then seat 0's pick (`below(3)`), from the same stream.
    #[test]
    fn a_random_playout_deals_and_moves_to_the_end_by_default() {
        for seed in 0..16 {
            let mut rng = Rng::new(seed);
            let mut r = rng.clone();
            let deal = if r.unit() < 0.25 { 5 } else { 6 };
            let pick = [2, 3, 4][r.below(3) as usize];
            let mut s = toy_after(&[]);
            s.play_out_random(&mut rng);
            assert_eq!(s.history(), &[deal, pick], "seed {seed}");
            assert_eq!(s.current_player(), Player::Terminal);
            assert_eq!(rng, r);
        }
    }

    #[test]
    fn rewards_are_the_returns_at_the_end_and_zero_before_by_default() {
        let mut out = [7.0; 2];
        toy_after(&[6]).rewards(&mut out);
        assert_eq!(out, [0.0, 0.0]);
        let mut out = [7.0; 2];
        toy_after(&[6, 3]).rewards(&mut out);
        assert_eq!(out, [9.0, -9.0]);
    }

    #[test]
    fn scores_are_the_returns_by_default() {
        let mut out = [7.0; 2];
        toy_after(&[6]).scores(&mut out);
        assert_eq!(out, [6.0, -6.0]);
        let mut out = [7.0; 2];
        toy_after(&[5, 4]).scores(&mut out);
        assert_eq!(out, [9.0, -9.0]);
    }

    /// A game without cards: no card places, nothing shown, every action public, no bound on
    /// private choices, own hands seen, no stack turned up in deal order.
    #[test]
    fn a_game_keeping_the_defaults_hides_nothing_from_determinisation() {
        for s in [toy_after(&[]), toy_after(&[5]), toy_after(&[6, 2])] {
            assert_eq!(s.card_locations(), None);
            for seat in 0..2 {
                assert_eq!(s.shown_cards(seat), Vec::<Action>::new());
                for a in 0..7 {
                    assert!(s.action_seen_by(a, seat));
                }
            }
            assert_eq!(s.private_choice_bound(), None);
            assert!(s.sees_own_hand());
            assert!(!s.revealed_in_deal_order());
        }
    }

    #[test]
    fn a_game_keeping_the_defaults_ends_only_by_its_actions() {
        for mut s in [toy_after(&[]), toy_after(&[6, 2])] {
            assert_eq!(s.ending(), None);
            let before = s.history().to_vec();
            assert!(matches!(
                s.apply_ending("seat 1 resigns"),
                Err(LudoError::Parse { .. })
            ));
            assert_eq!(s.history(), &before[..]);
        }
    }

    #[test]
    fn terminal_and_chance_tests_follow_the_player_to_move() {
        let chance = toy_after(&[]);
        assert!(chance.is_chance_node() && !chance.is_terminal());
        let decision = toy_after(&[5]);
        assert!(!decision.is_chance_node() && !decision.is_terminal());
        let end = toy_after(&[5, 2]);
        assert!(!end.is_chance_node() && end.is_terminal());
    }

    /// A bot that always plays the highest legal action, and says nothing else about itself.
    struct Highest;
    impl Bot<ToyState> for Highest {
        fn act(&self, state: &ToyState, _rng: &mut Rng) -> Action {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            *legal.last().unwrap()
        }
    }

    #[test]
    fn only_the_random_bot_says_it_plays_random_actions() {
        let s = toy_after(&[6]);
        assert!(!Bot::<ToyState>::is_random(&Highest));
        assert!(!Highest.random_from(&s));
        assert!(Bot::<ToyState>::is_random(&RandomBot));
        assert!(RandomBot.random_from(&s));
        for seed in 0..32 {
            let mut rng = Rng::new(seed);
            let expected = [2, 3, 4][rng.clone().below(3) as usize];
            assert_eq!(RandomBot.act(&s, &mut rng), expected, "seed {seed}");
        }
        let bot = toy().new_bot("random").unwrap();
        assert!(bot.is_random());
    }

    /// Outcome `i` is drawn when `u` lies in `[p_0 + … + p_(i-1), p_0 + … + p_i)`.
    #[test]
    fn an_outcome_is_drawn_where_its_cumulative_interval_holds_the_draw() {
        let outcomes = [(1, 0.25), (2, 0.25), (3, 0.5)];
        let mut seen = [false; 3];
        for seed in 0..64 {
            let mut rng = Rng::new(seed);
            let u = rng.clone().unit();
            let expected = if u < 0.25 {
                1
            } else if u < 0.5 {
                2
            } else {
                3
            };
            assert_eq!(
                sample_outcome(&outcomes, &mut rng),
                expected,
                "seed {seed}, u {u}"
            );
            seen[expected as usize - 1] = true;
        }
        assert_eq!(seen, [true, true, true]);
    }

    /// The intervals are half-open: a draw exactly on a boundary belongs to the later outcome.
    /// (A generator state whose next `unit()` is exactly 0.5: `next_u64` is `rotl(s0 + s3, 23) + s0`
    /// = `rotl(2^40, 23)` = 2^63.)
    #[test]
    fn a_draw_on_the_boundary_of_two_outcomes_draws_the_later_one() {
        let rng = Rng::from_state([0, 0, 0, 1 << 40]);
        assert_eq!(rng.clone().unit(), 0.5);
        assert_eq!(sample_outcome(&[(4, 0.5), (5, 0.5)], &mut rng.clone()), 5);
        assert_eq!(
            sample_outcome(&[(4, 0.25), (5, 0.25), (6, 0.5)], &mut rng.clone()),
            6
        );
    }

    #[test]
    fn acting_after_the_end_or_outside_the_listed_actions_is_refused() {
        assert_eq!(toy_after(&[6, 2]).apply_action(2), Err(LudoError::GameOver));
        let refused = |actions: &[Action], action: Action| match toy_after(actions).apply_action(action) {
            Err(LudoError::IllegalAction {
                action: a, reason, ..
            }) => (a, reason),
            other => panic!("{other:?}"),
        };
        assert_eq!(refused(&[], 2), (2, "not a possible chance outcome here".into()));
        assert_eq!(refused(&[5], 6), (6, "not legal here".into()));
        let mut s = toy_after(&[5]);
        assert_eq!(s.apply_action(4), Ok(()));
        assert_eq!(s.history(), &[5, 4]);
    }
}
