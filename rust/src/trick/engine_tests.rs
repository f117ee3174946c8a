//! Engine features no registered game uses yet, checked through a toy rules value: two seats, the
//! 8-card pack 9 10 of each suit (french deck ranks 9..=10), four cards each, no talon. A hand
//! without a heart throws the deal in (`start_after_deal` → `AfterDeal::Redeal`).

use super::*;
use crate::cards::{CardSet, Deck};
use crate::core::game::{Game, GameInfo, Player, State, MAX_PLAYERS};
use crate::core::params::Params;
use crate::error::Result;
use crate::registry::Registered;
use std::sync::OnceLock;

#[derive(Clone, Debug)]
struct Toy {
    same_dealer: bool,
}

static INFO: GameInfo = GameInfo {
    short_name: "toy",
    long_name: "Toy",
    params: &[],
    presets: &[],
    version: 1,
    rules: "",
    bots: &["random"],
    examples: &[],
};

fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(|| Deck::french(&[9, 10]))
}

impl TrickRules for Toy {
    type Extra = ();
    type Match = ();
    const INFO: &'static GameInfo = &INFO;
    fn from_params(_p: &Params) -> Result<Self> {
        Ok(Toy { same_dealer: false })
    }
    fn deck(&self) -> &Deck {
        deck()
    }
    fn num_players(&self) -> usize {
        2
    }
    fn is_match(&self) -> bool {
        false
    }
    fn deal_slot(&self, _dealer: usize, k: usize) -> Option<Slot> {
        (k < 8).then_some(Slot::Hand(k % 2))
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let hearts = deck().suit_mask(2);
        if s.core.hands[..2].iter().any(|h| (*h & hearts).is_empty()) {
            return AfterDeal::Redeal {
                same_dealer: self.same_dealer,
            };
        }
        let eldest = s.core.next_seat(s.core.dealer);
        s.core.start_play(eldest);
        AfterDeal::Continue
    }
    fn score_deal(&self, _v: TrickView<'_, Self>) -> DealOutcome {
        DealOutcome::default()
    }
    fn match_result(&self, _v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        None
    }
    fn max_deals(&self) -> usize {
        3
    }
}

/// Deals `names` one card at a time (seat 0, 1, 0, 1, ...).
fn deal(st: &mut TrickState<Toy>, names: &str) {
    testing::act(st, &names.split_whitespace().collect::<Vec<_>>());
}

fn toy(same_dealer: bool) -> TrickState<Toy> {
    let mut g = TrickGame::<Toy>::from_raw(&[]).unwrap();
    g = TrickGame::with_rules(g, Toy { same_dealer });
    g.new_initial_state()
}

#[test]
fn a_deal_thrown_in_after_the_deal_is_dealt_again_by_the_dealer_the_rules_name() {
    for same in [false, true] {
        let mut st = toy(same);
        let dealer = st.core.dealer;
        // Seat 1 gets no heart: thrown in before anyone acts.
        deal(&mut st, "9H 9C 10H 10C 9D 9S 10D 10S");
        assert_eq!(st.current_player(), Player::Chance, "dealt again");
        assert_eq!(st.core.deals_done, 1);
        assert_eq!(st.core.hands[0], CardSet::EMPTY, "a fresh deal");
        let expected = if same { dealer } else { 1 - dealer };
        assert_eq!(st.core.dealer, expected, "same_dealer={same}");
        // A hand with a heart each is played.
        deal(&mut st, "9H 10H 9C 10C 9D 10D 9S 10S");
        assert!(matches!(st.current_player(), Player::Seat(_)));
        assert_eq!(st.core.deals_done, 1);
    }
}

#[test]
fn deals_thrown_in_past_max_deals_end_the_game_drawn() {
    let mut st = toy(false);
    for _ in 0..3 {
        deal(&mut st, "9H 9C 10H 10C 9D 9S 10D 10S");
    }
    assert_eq!(st.current_player(), Player::Terminal);
    let mut r = [1.0; 2];
    st.returns(&mut r);
    assert_eq!(r, [0.0, 0.0]);
}
