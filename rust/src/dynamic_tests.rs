//! The type-erased layer forwards every call to the game it holds: each `DynGame` and `DynState`
//! method checked through `load_game`'s boxes on small concrete situations whose answers the rules
//! give (Go on a 5 x 5 board, Briscola's deal, Twenty-Four's face-down stacks, a trick game's face-down
//! discard).

use super::{DynGame, DynState};
use crate::batch::{SimConfig, Watch};
use crate::core::game::{Action, Player, Setup};
use crate::core::rng::Rng;
use crate::registry::load_game;

pub(crate) fn game(spec: &str) -> Box<dyn DynGame> {
    load_game(spec).unwrap()
}

pub(crate) fn legal(state: &dyn DynState) -> Vec<Action> {
    let mut out = Vec::new();
    state.legal_actions(&mut out);
    out
}

/// Go on 5 x 5: points 0..25 (A1 = 0, row by row from the bottom), pass 25, then the marking ids.
const GO5: &str = "go(board_size=5)";

#[test]
fn the_game_box_answers_the_sizes_names_and_bounds_of_the_game_it_holds() {
    let g = game(GO5);
    assert_eq!(g.info().short_name, "go");
    assert_eq!(g.params().int("board_size"), 5);
    assert!(g.game_string().starts_with("go("), "{}", g.game_string());
    assert!(g.game_string().contains("board_size=5"), "{}", g.game_string());
    assert_eq!(g.num_players(), 2);
    // 25 placements, pass, 25 marks, accept, resume.
    assert_eq!(g.num_distinct_actions(), 2 * 25 + 3);
    // Every point can be filled once at least.
    assert!(g.max_game_length() >= 25, "{}", g.max_game_length());
    // Five planes of the board.
    assert_eq!(g.observation_shape(), [5, 5, 5]);
    let u = g.utility().unwrap();
    assert_eq!((u.min, u.max, u.sum), (-1.0, 1.0, Some(0.0)));
    let (low, high) = g.observation_bounds();
    assert_eq!((low.len(), high.len()), (125, 125));
    assert!(low.iter().zip(&high).all(|(l, h)| l <= h && l < &1.0 && h > &0.0));
    // Briscola deals its 40 cards one chance outcome each.
    assert_eq!(game("briscola").max_chance_outcomes(), 40);
}

#[test]
fn the_state_box_plays_names_and_shows_the_moves_of_go() {
    let g = game(GO5);
    let mut s = g.new_state();
    assert_eq!(s.current_player(), Player::Seat(0), "Black moves first");
    assert!(s.history().is_empty());
    // Every empty point and pass.
    assert_eq!(legal(&*s), (0..=25).collect::<Vec<Action>>());
    assert_eq!(s.action_to_string(25), "pass");
    assert_eq!(s.action_to_string(7), "C2");
    assert_eq!(s.string_to_action("pass").unwrap(), 25);
    assert_eq!(s.string_to_action("c2").unwrap(), 7);
    assert!(s.string_to_action("Z9").is_err());
    let shown = (
        s.to_display(),
        s.observation_string(0),
        s.information_state_string(1),
    );
    // Black takes C3 (the centre, 12): White moves, the stone is on every view of the board.
    s.apply_action(12).unwrap();
    assert_eq!(s.current_player(), Player::Seat(1));
    assert_eq!(s.history(), [12]);
    assert!(!legal(&*s).contains(&12));
    assert!(s.apply_action(12).is_err(), "an occupied point");
    assert_ne!(s.to_display(), shown.0);
    assert_ne!(s.observation_string(0), shown.1);
    assert_ne!(s.information_state_string(1), shown.2);
    let mut obs = vec![9.0f32; 125];
    s.write_observation(1, &mut obs);
    let (low, high) = g.observation_bounds();
    assert!(obs
        .iter()
        .zip(low.iter().zip(&high))
        .all(|(x, (l, h))| l <= x && x <= h));
    // A copy goes its own way.
    let mut copy = s.clone_box();
    copy.apply_action(25).unwrap();
    assert_eq!(copy.history(), [12, 25]);
    assert_eq!(s.history(), [12]);
    assert!(s.as_any().downcast_ref::<crate::games::go::GoState>().is_some());
    assert!(s
        .as_any_mut()
        .downcast_mut::<crate::games::go::GoState>()
        .is_some());
    // No chance in Go; the random bot of the box plays a legal move for White, never C3.
    let mut outcomes = vec![(99, 0.5)];
    s.chance_outcomes(&mut outcomes);
    assert!(outcomes.is_empty());
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        let a = g.bot_action("random", &*s, &mut rng).unwrap();
        assert!(legal(&*s).contains(&a), "{a}");
    }
    assert!(g.bot_action("nobody", &*s, &mut rng).is_err());
    assert!(g.check_bots(&["random".into(), "random_no_eye".into()]).is_ok());
    assert!(g.check_bots(&["random".into(), "nobody".into()]).is_err());
    // A state of another game is refused.
    let b = game("briscola").new_state();
    assert!(g.bot_action("random", &*b, &mut rng).is_err());
}

#[test]
fn a_resignation_ends_the_game_by_the_ending_line_and_sets_the_returns() {
    let g = game(GO5);
    let mut s = g.new_state();
    assert_eq!(s.ending(), None);
    assert!(s.apply_ending("nonsense").is_err());
    assert_eq!(s.current_player(), Player::Seat(0));
    // Black (seat 0) resigns: White wins.
    s.apply_ending("resign 0").unwrap();
    assert_eq!(s.current_player(), Player::Terminal);
    assert_eq!(s.ending().as_deref(), Some("resign 0"));
    let mut r = [7.0; 2];
    s.returns(&mut r);
    assert_eq!(r, [-1.0, 1.0]);
    let mut r = [7.0; 2];
    s.rewards(&mut r);
    assert_eq!(r, [-1.0, 1.0], "the reward at the end is the return");
    let mut sc = [f64::NAN; 2];
    s.scores(&mut sc);
    assert!(sc.iter().all(|x| x.is_finite()), "{sc:?}");
    let mut rng = Rng::new(1);
    assert!(g.bot_action("random", &*s, &mut rng).is_err(), "the game is over");
}

#[test]
fn a_set_up_position_is_read_and_written_back() {
    // The setup text: side to move, then the rows from the top (X Black, O White, . empty).
    let g = game("go(board_size=3)");
    let text = "1:..O/X../XO.";
    let s = g.new_state_from_setup(text).unwrap();
    assert_eq!(s.setup(), Setup::Text(text.into()));
    assert_eq!(s.current_player(), Player::Seat(1));
    // The empty points: C1, B2, C2, A3 and B3.
    assert_eq!(legal(&*s), [2, 4, 5, 6, 7, 9]);
    assert_eq!(g.new_state().setup(), Setup::Standard);
    assert!(g.new_state_from_setup("2:..O/X../XO.").is_err());
}

#[test]
fn the_deal_of_a_card_game_is_chance_with_its_cards_in_their_places() {
    // Briscola for two: 40 cards, each seat gets three, the next is turned up for trumps.
    let g = game("briscola");
    let mut s = g.new_state();
    assert_eq!(s.current_player(), Player::Chance);
    let mut outcomes = Vec::new();
    s.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 40);
    assert!(outcomes.iter().all(|o| (o.1 - 1.0 / 40.0).abs() < 1e-12));
    let mut rng = Rng::new(5);
    let drawn: std::collections::BTreeSet<Action> = (0..20).map(|_| s.sample_chance(&mut rng)).collect();
    assert!(drawn.len() > 1 && drawn.iter().all(|&a| a < 40), "{drawn:?}");
    assert!(s.private_choice_bound().is_none(), "no choice at a chance node");
    s.resolve_chance(&mut rng);
    let Player::Seat(p) = s.current_player() else {
        panic!("the deal is over: a seat leads")
    };
    // Three cards in hand: the bound of the mover's private choices.
    assert_eq!(s.private_choice_bound(), Some(3));
    let locs = s.card_locations().unwrap();
    let hand = &locs.iter().find(|(n, _)| *n == format!("hand {p}")).unwrap().1;
    assert_eq!(hand.len(), 3);
    assert_eq!(locs.iter().map(|(_, c)| c.len()).sum::<usize>(), 40);
    // A card played is public.
    assert!(s.action_seen_by(hand[0], 1 - p));
    assert!(s.sees_own_hand());
    assert!(!s.revealed_in_deal_order());
    // Twenty-Four's stacks are dealt face down, their owners do not see them, and they come to
    // light from the top.
    let t = game("twenty_four").new_state();
    assert!(!t.sees_own_hand());
    assert!(t.revealed_in_deal_order());
}

#[test]
fn a_face_down_discard_is_hidden_from_the_other_seat() {
    // The trick engine's toy with a face-down discard: seat 0 holds 10♥ 9♠ 9♦ and may lay a card
    // away that seat 1 does not see.
    let (_, st) = crate::trick::engine_tests::private_discard_toy();
    let discard = 9 + crate::trick::testing::card(&st, "9D").0 as Action;
    let s: Box<dyn DynState> = Box::new(st);
    assert!(s.action_seen_by(discard, 0), "the actor sees its discard");
    assert!(!s.action_seen_by(discard, 1), "the other seat does not");
}

#[test]
fn simulation_and_vector_environments_run_the_game_held() {
    let g = game(GO5);
    let cfg = SimConfig {
        n_games: 2,
        seed: 7,
        bots: vec!["random".into()],
        threads: Some(1),
        ..SimConfig::default()
    };
    let r = g.simulate(&cfg).unwrap();
    assert_eq!((r.num_players, r.returns.len(), r.lengths.len()), (2, 4, 2));
    // Go ends with one win and one loss, or a draw: the two returns add up to zero.
    assert_eq!(r.returns[0] + r.returns[1], 0.0);
    let watch = Watch::default();
    let w = g.simulate_watched(&cfg, &watch).unwrap();
    assert_eq!(w, r, "the same seeds, the same games");
    assert_eq!(watch.done(), 2);
    let env = g.vector_env(3, 1);
    assert_eq!((env.num_envs(), env.num_players(), env.num_actions()), (3, 2, 53));
}

#[test]
fn cards_a_seat_sees_outside_the_visible_places_are_shown_to_it() {
    // The toy with a four-card talon (seat 0 9♥ 9♦, seat 1 10♥ 10♣, the talon 10♠ 9♣ 10♦ 9♠): face
    // down it shows nothing; turned face up, every seat sees the four talon cards.
    let mut st = crate::trick::engine_tests::dealt_talon_toy();
    let ids: Vec<Action> = crate::trick::testing::cards(&st, "10S 9C 10D 9S")
        .iter()
        .map(|c| c.0 as Action)
        .collect();
    let hidden: Box<dyn DynState> = Box::new(st.clone());
    assert!(hidden.shown_cards(1).is_empty());
    st.core.expose_talon();
    let s: Box<dyn DynState> = Box::new(st);
    assert_eq!(s.shown_cards(1), ids);
    assert_eq!(s.shown_cards(0), ids);
}
