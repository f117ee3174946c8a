//! The defaults of [`TrickRules`], checked through rules that state only the required hooks: what a
//! new game gets when it overrides nothing. Each registered game overrides some of them (Briscola
//! most), so no one game's tests notice a default changing; these do. Two seats, the pack 9 10 of
//! each suit; three cards each (seat 0, 1, 0, ...), then one face up; the eighth card stays in the
//! face-down stock.

use super::engine_tests::{deck, INFO};
use super::*;
use crate::cards::{Card, Deck};
use crate::core::game::{Game, GameInfo, State, MAX_PLAYERS};
use crate::core::params::Params;
use crate::core::Registered;
use crate::error::Result;

#[derive(Clone, Debug)]
struct Plain {
    /// Per-card tables (printed suits, strength by rank, a ten worth 10), or none (the defaults
    /// then come from the deck alone).
    tables: Option<SuitTables>,
}

impl TrickRules for Plain {
    type Extra = ();
    type Match = ();
    const INFO: &'static GameInfo = &INFO;
    fn from_params(_p: &Params) -> Result<Self> {
        Ok(Plain { tables: None })
    }
    fn deck(&self) -> &Deck {
        deck()
    }
    fn num_players(&self) -> usize {
        2
    }
    fn deal_slot(&self, _dealer: usize, k: usize) -> Option<Slot> {
        match k {
            0..=5 => Some(Slot::Hand(k % 2)),
            6 => Some(Slot::FaceUp),
            _ => None,
        }
    }
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        self.tables.as_ref()
    }
    fn score_deal(&self, _v: TrickView<'_, Self>) -> DealOutcome {
        DealOutcome::default()
    }
    fn match_result(&self, _v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        None
    }
}

/// Tables in which every card keeps its printed suit, ranks by its rank and a ten is worth 10.
fn tables() -> SuitTables {
    let d = deck();
    let cards = (0..d.len() as u8).map(Card);
    SuitTables::new(
        cards.clone().map(|c| d.suit(c)).collect(),
        cards.clone().map(|c| d.rank(c)).collect(),
        cards.map(|c| if d.rank(c) == 10 { 10 } else { 0 }).collect(),
    )
}

fn plain(tables: Option<SuitTables>) -> TrickState<Plain> {
    let g = TrickGame::with_rules(TrickGame::<Plain>::from_raw(&[]).unwrap(), Plain { tables });
    g.new_initial_state()
}

/// Deals seat 0 9♥ 9♣ 9♦, seat 1 10♥ 10♣ 10♠, turns 9♠ face up (spades trumps) and plays the first
/// trick: seat 0 (the eldest: the default first dealer is the last seat) leads 9♥, seat 1 trumps
/// with 10♠ although it holds 10♥ (by default nobody must follow).
fn first_trick(tables: Option<SuitTables>) -> TrickState<Plain> {
    let mut st = plain(tables);
    testing::act(&mut st, &["9H", "10H", "9C", "10C", "9D", "10S", "9S"]);
    assert_eq!(st.core.face_up_card, Some(testing::card(&st, "9S")));
    testing::act(&mut st, &["9H", "10S"]);
    st
}

#[test]
fn by_default_the_face_up_cards_suit_is_trumps_and_a_trump_takes_the_led_suit() {
    let st = first_trick(None);
    // Spades (suit 3) trumps: 10♠ wins. With no trump, or clubs or diamonds trumps, 9♥ would.
    assert_eq!(st.core.won[1], testing::cards(&st, "9H 10S"));
    assert!(st.core.won[0].is_empty());
    assert_eq!(st.rules().trump(st.view()), Some(3));
}

#[test]
fn by_default_each_seat_is_its_own_team_in_the_table_text() {
    let st = plain(None);
    let text = st.observation_string(0);
    assert!(text.contains("seat 0 (team 0)"), "{text}");
    assert!(text.contains("seat 1 (team 1)"), "{text}");
}

#[test]
fn without_tables_cards_are_worth_nothing_and_suits_are_the_printed_ones() {
    let st = first_trick(None);
    assert_eq!(st.points_of(1), 0, "two cards won, no points");
    let r = st.rules();
    assert_eq!(r.points(st.view(), testing::card(&st, "10S")), 0);
    assert_eq!(r.effective_suit(st.view(), testing::card(&st, "10S")), 3);
    assert_eq!(
        r.effective_suit_cards(st.view(), 2),
        testing::cards(&st, "9H 10H")
    );
}

#[test]
fn with_tables_a_cards_points_and_suit_come_from_them() {
    let st = first_trick(Some(tables()));
    // 9♥ (0) and 10♠ (10) won by seat 1.
    assert_eq!(st.points_of(1), 10);
    assert_eq!(st.points_of(0), 0);
    let r = st.rules();
    assert_eq!(r.points(st.view(), testing::card(&st, "10H")), 10);
    assert_eq!(r.points(st.view(), testing::card(&st, "9H")), 0);
    assert_eq!(r.strength(st.view(), testing::card(&st, "10H")), 10);
    assert_eq!(
        r.effective_suit_cards(st.view(), 0),
        testing::cards(&st, "9C 10C")
    );
}

#[test]
fn a_game_without_extra_actions_has_one_action_id_per_card() {
    let g = TrickGame::<Plain>::from_raw(&[]).unwrap();
    assert_eq!(g.num_distinct_actions(), 8);
    assert_eq!(g.rules().num_extra_actions(), 0);
}
