//! Object-safe mirrors of [`Game`] and [`State`], implemented once for every game by blanket impls.
//!
//! The registry hands out `Box<dyn DynGame>`, and the Python layer holds `Box<dyn DynState>`: one
//! virtual call per Python call costs nothing next to the interpreter, while the hot loops
//! (`simulate`, `VectorEnv`) are generic over the concrete game and monomorphised inside `DynGame`.

use crate::batch::{self, DynVectorEnv, SimConfig, SimResult, VecEnv};
use crate::core::game::{Action, Game, GameInfo, Player, Setup, State, Utility};
use crate::core::params::Params;
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use std::any::Any;
use std::sync::Arc;

/// A loaded game behind dynamic dispatch.
pub trait DynGame: Send + Sync {
    fn info(&self) -> &'static GameInfo;
    fn params(&self) -> &Params;
    fn game_string(&self) -> String;
    fn num_players(&self) -> usize;
    fn num_distinct_actions(&self) -> usize;
    fn max_chance_outcomes(&self) -> usize;
    fn max_game_length(&self) -> usize;
    fn observation_shape(&self) -> Vec<usize>;
    fn utility(&self) -> Option<Utility>;
    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>);
    fn new_state(&self) -> Box<dyn DynState>;
    /// A state from a setup text (see [`Setup`]).
    fn new_state_from_setup(&self, text: &str) -> Result<Box<dyn DynState>>;
    /// Checks that every bot name exists for this game.
    fn check_bots(&self, names: &[String]) -> Result<()>;
    /// The action a named bot picks in `state` (which must come from this game).
    fn bot_action(&self, bot: &str, state: &dyn DynState, rng: &mut Rng) -> Result<Action>;
    /// Plays whole games (see [`batch::simulate`]).
    fn simulate(&self, cfg: &SimConfig) -> Result<SimResult>;
    /// [`DynGame::simulate`] with a completed-game counter and a cancel flag (see [`batch::Watch`]).
    fn simulate_watched(&self, cfg: &SimConfig, watch: &batch::Watch) -> Result<SimResult>;
    /// Many states stepped together.
    fn vector_env(&self, n: usize, seed: u64) -> Box<dyn DynVectorEnv>;
}

/// A state behind dynamic dispatch.
pub trait DynState: Send + Sync {
    fn current_player(&self) -> Player;
    fn legal_actions(&self, out: &mut Vec<Action>);
    fn apply_action(&mut self, action: Action) -> Result<()>;
    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>);
    fn sample_chance(&self, rng: &mut Rng) -> Action;
    fn resolve_chance(&mut self, rng: &mut Rng);
    fn returns(&self, out: &mut [f64]);
    fn rewards(&self, out: &mut [f64]);
    fn scores(&self, out: &mut [f64]);
    fn action_to_string(&self, action: Action) -> String;
    fn string_to_action(&self, text: &str) -> Result<Action>;
    fn observation_string(&self, player: usize) -> String;
    fn write_observation(&self, player: usize, out: &mut [f32]);
    fn information_state_string(&self, player: usize) -> String;
    fn history(&self) -> &[Action];
    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>>;
    fn shown_cards(&self, player: usize) -> Vec<Action>;
    fn action_seen_by(&self, action: Action, viewer: usize) -> bool;
    fn private_choice_bound(&self) -> Option<usize>;
    fn sees_own_hand(&self) -> bool;
    fn revealed_in_deal_order(&self) -> bool;
    fn setup(&self) -> Setup;
    fn ending(&self) -> Option<String>;
    fn apply_ending(&mut self, text: &str) -> Result<()>;
    fn to_display(&self) -> String;
    fn clone_box(&self) -> Box<dyn DynState>;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<S: State> DynState for S {
    fn current_player(&self) -> Player {
        State::current_player(self)
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        State::legal_actions(self, out)
    }
    fn apply_action(&mut self, action: Action) -> Result<()> {
        State::apply_action(self, action)
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        State::chance_outcomes(self, out)
    }
    fn sample_chance(&self, rng: &mut Rng) -> Action {
        State::sample_chance(self, rng)
    }
    fn resolve_chance(&mut self, rng: &mut Rng) {
        State::resolve_chance(self, rng)
    }
    fn returns(&self, out: &mut [f64]) {
        State::returns(self, out)
    }
    fn rewards(&self, out: &mut [f64]) {
        State::rewards(self, out)
    }
    fn scores(&self, out: &mut [f64]) {
        State::scores(self, out)
    }
    fn action_to_string(&self, action: Action) -> String {
        State::action_to_string(self, action)
    }
    fn string_to_action(&self, text: &str) -> Result<Action> {
        State::string_to_action(self, text)
    }
    fn observation_string(&self, player: usize) -> String {
        State::observation_string(self, player)
    }
    fn write_observation(&self, player: usize, out: &mut [f32]) {
        State::write_observation(self, player, out)
    }
    fn information_state_string(&self, player: usize) -> String {
        State::information_state_string(self, player)
    }
    fn history(&self) -> &[Action] {
        State::history(self)
    }
    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>> {
        State::card_locations(self)
    }
    fn shown_cards(&self, player: usize) -> Vec<Action> {
        State::shown_cards(self, player)
    }
    fn action_seen_by(&self, action: Action, viewer: usize) -> bool {
        State::action_seen_by(self, action, viewer)
    }
    fn private_choice_bound(&self) -> Option<usize> {
        State::private_choice_bound(self)
    }
    fn sees_own_hand(&self) -> bool {
        State::sees_own_hand(self)
    }
    fn revealed_in_deal_order(&self) -> bool {
        State::revealed_in_deal_order(self)
    }
    fn setup(&self) -> Setup {
        State::setup(self)
    }
    fn ending(&self) -> Option<String> {
        State::ending(self)
    }
    fn apply_ending(&mut self, text: &str) -> Result<()> {
        State::apply_ending(self, text)
    }
    fn to_display(&self) -> String {
        self.to_string()
    }
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl<G: Game> DynGame for G {
    fn info(&self) -> &'static GameInfo {
        Game::info(self)
    }
    fn params(&self) -> &Params {
        Game::params(self)
    }
    fn game_string(&self) -> String {
        Game::game_string(self)
    }
    fn num_players(&self) -> usize {
        Game::num_players(self)
    }
    fn num_distinct_actions(&self) -> usize {
        Game::num_distinct_actions(self)
    }
    fn max_chance_outcomes(&self) -> usize {
        Game::max_chance_outcomes(self)
    }
    fn max_game_length(&self) -> usize {
        Game::max_game_length(self)
    }
    fn observation_shape(&self) -> Vec<usize> {
        Game::observation_shape(self)
    }
    fn utility(&self) -> Option<Utility> {
        Game::utility(self)
    }
    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>) {
        Game::observation_bounds(self)
    }
    fn new_state(&self) -> Box<dyn DynState> {
        Box::new(self.new_initial_state())
    }
    fn new_state_from_setup(&self, text: &str) -> Result<Box<dyn DynState>> {
        Ok(Box::new(Game::new_state_from_setup(self, text)?))
    }
    fn check_bots(&self, names: &[String]) -> Result<()> {
        names.iter().try_for_each(|n| self.new_bot(n).map(|_| ()))
    }
    fn bot_action(&self, bot: &str, state: &dyn DynState, rng: &mut Rng) -> Result<Action> {
        let state = state
            .as_any()
            .downcast_ref::<G::State>()
            .ok_or_else(|| LudoError::param("state", "the state belongs to another game"))?;
        match State::current_player(state) {
            Player::Seat(_) => Ok(self.new_bot(bot)?.act(state, rng)),
            Player::Terminal => Err(LudoError::GameOver),
            Player::Chance => Err(LudoError::NodeKind {
                expected: "decision".into(),
                found: "chance".into(),
            }),
        }
    }
    fn simulate(&self, cfg: &SimConfig) -> Result<SimResult> {
        batch::simulate(self, cfg)
    }
    fn simulate_watched(&self, cfg: &SimConfig, watch: &batch::Watch) -> Result<SimResult> {
        batch::simulate_watched(self, cfg, watch)
    }
    fn vector_env(&self, n: usize, seed: u64) -> Box<dyn DynVectorEnv> {
        Box::new(VecEnv::new(Arc::new(self.clone()), n, seed))
    }
}

#[cfg(test)]
#[path = "dynamic_tests.rs"]
pub(crate) mod tests;
