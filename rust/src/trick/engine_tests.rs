//! Engine features no registered game uses yet, checked through a toy rules value: two seats, the
//! 8-card pack 9 10 of each suit (french deck ranks 9..=10), four cards each or fewer and a talon.
//! A hand without a heart throws the deal in (`start_after_deal` → `AfterDeal::Redeal`). With
//! `hand_end`, `after_trick` opens a hand-end phase after the last trick (one extra action, `close`,
//! by the last trick's winner) and the deal ends only when that action returns `EndDeal`.

use super::*;
use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Action, Game, GameInfo, Player, State, MAX_PLAYERS};
use crate::core::params::Params;
use crate::core::Registered;
use crate::error::Result;
use std::sync::OnceLock;

#[derive(Clone, Debug)]
pub(crate) struct Toy {
    same_dealer: bool,
    /// The last `talon` cards of the deal go to the talon.
    talon: usize,
    /// Three seats, the dealer sitting out (else two seats).
    sit_out_dealer: bool,
    /// After the last trick its winner must `close` the deal (a hand-end phase).
    hand_end: bool,
    /// `close` is also legal at every lead of trick play (a claim): `extras_possible` is false
    /// inside a trick, and `close` is shown (`extra_visible_at`) to its actor and to seats that have
    /// won a trick.
    lead_close: bool,
    /// Per-card tables (each card in its printed suit), to check the table-driven defaults.
    tables: Option<SuitTables>,
    /// After the deal seat 0 lays one card away face down (any card but a spade, as Tarok bars
    /// kings), and the deal ends: a private choice whose number depends on the hidden cards.
    private_discard: bool,
}

pub(crate) static INFO: GameInfo = GameInfo {
    short_name: "toy",
    long_name: "Toy",
    params: &[],
    presets: &[],
    version: 1,
    rules: "",
    bots: &["random"],
    examples: &[],
};

pub(crate) fn deck() -> &'static Deck {
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(|| Deck::french(&[9, 10]))
}

impl TrickRules for Toy {
    type Extra = ();
    type Match = ();
    const INFO: &'static GameInfo = &INFO;
    fn from_params(_p: &Params) -> Result<Self> {
        Ok(Toy {
            same_dealer: false,
            talon: 0,
            sit_out_dealer: false,
            hand_end: false,
            lead_close: false,
            tables: None,
            private_discard: false,
        })
    }
    fn deck(&self) -> &Deck {
        deck()
    }
    fn num_players(&self) -> usize {
        2 + self.sit_out_dealer as usize
    }
    fn active_seats(&self, dealer: usize) -> u8 {
        if self.sit_out_dealer {
            !(1 << dealer)
        } else {
            u8::MAX
        }
    }
    fn is_match(&self) -> bool {
        false
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        // Two hands: seats 0 and 1, or the two seats after a dealer who sits out.
        let seat = if self.sit_out_dealer {
            (dealer + 1 + k % 2) % 3
        } else {
            k % 2
        };
        match k {
            _ if k + self.talon < 8 => Some(Slot::Hand(seat)),
            _ if k < 8 => Some(Slot::Talon),
            _ => None,
        }
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let hearts = deck().suit_mask(2);
        let dealt = |seat: usize| s.core.is_active(seat);
        if (0..self.num_players()).any(|p| dealt(p) && (s.core.hands[p] & hearts).is_empty()) {
            return AfterDeal::Redeal {
                same_dealer: self.same_dealer,
            };
        }
        if self.private_discard {
            s.core.start_bidding(0);
            return AfterDeal::Continue;
        }
        let eldest = s.core.next_seat(s.core.dealer);
        s.core.start_play(eldest);
        AfterDeal::Continue
    }
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        self.tables.as_ref()
    }
    fn strength(&self, _v: TrickView<'_, Self>, card: Card) -> u8 {
        deck().rank(card)
    }
    fn num_extra_actions(&self) -> usize {
        1 + 8 * self.private_discard as usize
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        if self.private_discard {
            let spades = deck().suit_mask(3);
            let hand = v.core.hands[v.core.to_move] & !spades;
            out.extend(hand.iter().map(|c| 1 + c.0 as u32));
            return;
        }
        let at_lead = self.lead_close && v.core.phase == Phase::Play && v.core.trick_len == 0;
        if v.core.phase == Phase::Bidding || at_lead {
            out.push(0);
        }
    }
    fn extras_possible(&self, v: TrickView<'_, Self>) -> bool {
        !self.lead_close || v.core.trick_len == 0
    }
    fn extra_visible_at(&self, v: TrickView<'_, Self>, offset: u32, actor: usize, viewer: usize) -> bool {
        if offset > 0 {
            return viewer == actor;
        }
        !self.lead_close || v.core.phase != Phase::Play || viewer == actor || !v.core.won[viewer].is_empty()
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        if offset > 0 {
            let seat = s.core.to_move;
            widow::discard(s.core, seat, Card((offset - 1) as u8));
        }
        Effect::EndDeal
    }
    fn extra_name(&self, offset: u32) -> String {
        match offset {
            0 => "close".into(),
            o => format!("discard {}", deck().name_of(Card((o - 1) as u8))),
        }
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        if let Some(card) = text.strip_prefix("discard ") {
            return deck().parse(card).ok().map(|c| 1 + c.0 as u32);
        }
        (text == "close").then_some(0)
    }
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        if self.hand_end && s.core.hands.iter().all(|h| h.is_empty()) {
            let winner = s.core.leader;
            s.core.start_bidding(winner);
        }
        Effect::Continue
    }
    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        // Seat 0's returns: its tricks (so a deal scored too early or twice shows).
        let mut d = DealOutcome::default();
        d.returns[0] = (v.core.won[0].len() / 2) as f64;
        d
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
    toy_with(Toy {
        same_dealer,
        talon: 0,
        sit_out_dealer: false,
        hand_end: false,
        lead_close: false,
        tables: None,
        private_discard: false,
    })
}

fn toy_with(rules: Toy) -> TrickState<Toy> {
    let g = TrickGame::with_rules(TrickGame::<Toy>::from_raw(&[]).unwrap(), rules);
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

/// The toy with a four-card talon, dealt: seat 0 9♥ 9♦, seat 1 10♥ 10♣, the talon 10♠ 9♣ 10♦ 9♠ in
/// that order.
pub(crate) fn dealt_talon_toy() -> TrickState<Toy> {
    let mut st = toy_with(Toy {
        same_dealer: false,
        talon: 4,
        sit_out_dealer: false,
        hand_end: false,
        lead_close: false,
        tables: None,
        private_discard: false,
    });
    deal(&mut st, "9H 10H 9D 10C 10S 9C 10D 9S");
    st
}

#[test]
fn the_talon_keeps_its_deal_order_and_its_groups_can_be_exposed_and_taken() {
    let mut st = dealt_talon_toy();
    // Two cards each, then the talon in the order 10S 9C 10D 9S.
    let names = |set: CardSet| st.rules().deck().format_set(set);
    let order: Vec<String> = st
        .core
        .talon_as_dealt()
        .iter()
        .map(|&c| st.rules().deck().name_of(c).to_string())
        .collect();
    assert_eq!(order, ["10♠", "9♣", "10♦", "9♠"]);
    let groups: Vec<CardSet> = st.core.talon_groups(2).collect();
    assert_eq!(groups.len(), 2);
    assert_eq!(names(groups[0]), names(testing::cards(&st, "10S 9C")));
    assert_eq!(names(groups[1]), names(testing::cards(&st, "10D 9S")));
    let view = |st: &TrickState<Toy>| st.observation_string(1);
    assert!(!view(&st).contains("talon (face up)"), "face down until exposed");
    st.core.expose_talon();
    assert!(view(&st).contains("talon (face up)"));
    // Seat 0 takes the second group: its cards are known to everybody, the first group stays.
    let second = groups[1];
    st.core.take_from_talon(0, second);
    assert_eq!(st.core.talon, groups[0]);
    assert_eq!(st.core.hands[0] & second, second);
    assert_eq!(st.core.known[0], second);
    // The deal order is a record: the groups are still counted from it.
    assert_eq!(
        st.core.talon_groups(2).collect::<Vec<_>>(),
        [groups[0], CardSet::EMPTY]
    );
}

#[test]
fn cards_laid_away_stay_face_down_when_the_talon_is_turned_up() {
    let mut st = dealt_talon_toy();
    let widow = testing::cards(&st, "10S 9C 10D 9S");
    // Seat 0 lays 9♥ away face down into the talon before the widow is turned up (Calabrasella's
    // order), then the talon is exposed: the four dealt cards are public, the discard is not.
    let nine_h = testing::card(&st, "9H");
    widow::discard(&mut st.core, 0, nine_h);
    assert_eq!(st.core.talon.len(), 5);
    assert_eq!(st.core.talon_face_up(), CardSet::EMPTY, "face down until exposed");
    st.core.expose_talon();
    assert_eq!(st.core.talon_face_up(), widow);
    let text = st.observation_string(1);
    assert!(text.contains("talon (face up): "), "{text}");
    assert!(!text.contains("9♥"), "the discard is hidden from seat 1: {text}");
    let mut tensor = vec![0.0; encode::observation_len(st.rules())];
    encode::write(&st, 1, &mut tensor);
    let d = st.rules().deck().len();
    let face_up = &tensor[(1 + 1 + 2 + 2) * d..(1 + 1 + 2 + 2 + 1) * d];
    let shown: CardSet = (0..d)
        .filter(|&i| face_up[i] == 1.0)
        .map(|i| Card(i as u8))
        .collect();
    assert_eq!(shown, widow, "the face-up plane holds the widow, not the discard");
    // Taking a face-up card makes it known; taking the face-down discard back does not.
    let back = testing::cards(&st, "10S 9H");
    st.core.take_from_talon(0, back);
    assert_eq!(st.core.known[0], testing::cards(&st, "10S"));
    assert_eq!(st.core.talon_face_up(), testing::cards(&st, "9C 10D 9S"));
    // Laid away again after the exposure: still hidden.
    let ten_s = testing::card(&st, "10S");
    widow::discard(&mut st.core, 0, ten_s);
    assert_eq!(st.core.talon_face_up(), testing::cards(&st, "9C 10D 9S"));
    assert!(!st.observation_string(1).contains("10♠"));
}

#[test]
fn a_seat_sitting_out_gets_no_cards_never_moves_and_tricks_have_one_card_fewer() {
    let mut st = toy_with(Toy {
        same_dealer: false,
        talon: 0,
        sit_out_dealer: true,
        hand_end: false,
        lead_close: false,
        tables: None,
        private_discard: false,
    });
    // Three seats, dealer 2 sits out: seats 0 and 1 get four cards each, seat 0 leads.
    assert_eq!(st.core.dealer, 2);
    deal(&mut st, "9H 10H 10C 9C 9D 10D 10S 9S");
    assert_eq!(st.core.hands[2], CardSet::EMPTY);
    assert_eq!(st.current_player(), Player::Seat(0));
    // Two cards make a trick; the dealer is skipped in turn order.
    testing::act(&mut st, &["9H"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    testing::act(&mut st, &["10H"]);
    assert_eq!(st.core.tricks_played, 1);
    assert_eq!(
        st.core.leader, 1,
        "10♥ beats 9♥: the second card's seat is seat 1"
    );
    assert_eq!(st.current_player(), Player::Seat(1));
    assert!(st
        .observation_string(2)
        .contains("last trick: 0:9♥ 1:10♥ → seat 1"));
    // Seat 1 leads, seat 0 (not the dealer) is second and wins with 10♣.
    testing::act(&mut st, &["9C", "10C"]);
    assert_eq!(st.core.leader, 0);
    assert!(st
        .observation_string(0)
        .contains("last trick: 1:9♣ 0:10♣ → seat 0"));
    // Played out: the deal ends after four tricks of two cards.
    for _ in 0..2 {
        for _ in 0..2 {
            let mut legal = Vec::new();
            st.legal_actions(&mut legal);
            st.apply_action(legal[0]).unwrap();
        }
    }
    assert_eq!(st.current_player(), Player::Terminal);
    assert_eq!(st.core.won[0].len() + st.core.won[1].len(), 8);
}

#[test]
fn a_card_laid_away_stays_in_its_seats_private_pile_and_is_never_drawn() {
    let mut st = toy(false);
    deal(&mut st, "9H 10H 9C 10C 9D 10D 9S 10S");
    let card = testing::card(&st, "9S");
    assert!(st.core.hands[0].contains(card));
    assert!(st
        .card_locations()
        .unwrap()
        .iter()
        .all(|(p, _)| !p.starts_with("laid away")));
    st.core.lay_away(0, card);
    assert!(!st.core.hands[0].contains(card));
    assert_eq!(st.core.laid_away[0], CardSet::single(card));
    let locs = st.card_locations().unwrap();
    let holding: Vec<&String> = locs
        .iter()
        .filter(|(_, ids)| ids.contains(&(card.0 as u32)))
        .map(|(p, _)| p)
        .collect();
    assert_eq!(holding, ["laid away 0"]);
    // A trick later the deal goes on with play: the pile is not a stock to draw from.
    for _ in 0..2 {
        let mut v = Vec::new();
        st.legal_actions(&mut v);
        st.apply_action(v[0]).unwrap();
    }
    assert_eq!(st.core.tricks_played, 1);
    assert_eq!(st.core.phase, Phase::Play);
    assert_eq!(st.core.laid_away[0], CardSet::single(card));
}

#[test]
fn an_after_trick_hook_may_open_a_hand_end_phase_and_the_deal_ends_with_its_action() {
    let hand_end = |on: bool| {
        toy_with(Toy {
            same_dealer: false,
            talon: 0,
            sit_out_dealer: false,
            hand_end: on,
            lead_close: false,
            tables: None,
            private_discard: false,
        })
    };
    // Seat 0 (eldest, dealer 1) holds 10♥ 10♣ 10♦ 10♠ and wins all four tricks.
    let cards = "10H 9H 10C 9C 10D 9D 10S 9S";
    let plays = ["10H", "9H", "10C", "9C", "10D", "9D", "10S", "9S"];
    let mut plain = hand_end(false);
    deal(&mut plain, cards);
    assert_eq!(plain.current_player(), Player::Seat(0));
    testing::act(&mut plain, &plays);
    assert_eq!(
        plain.current_player(),
        Player::Terminal,
        "no hook: the last trick ends the deal"
    );

    let mut st = hand_end(true);
    deal(&mut st, cards);
    testing::act(&mut st, &plays);
    // The hook opened a phase: the deal is not over and not scored yet.
    assert_eq!(st.core.tricks_played, 4);
    assert_eq!(st.core.phase, Phase::Bidding);
    assert_eq!(
        st.current_player(),
        Player::Seat(0),
        "the last trick's winner acts"
    );
    assert_eq!(st.core.deals_done, 0);
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal, [8], "the one extra action, after the 8 cards");
    let mut r = [9.0; 2];
    st.returns(&mut r);
    assert_eq!(r, [0.0, 0.0]);
    testing::act(&mut st, &["close"]);
    assert_eq!(st.current_player(), Player::Terminal);
    assert_eq!(st.core.deals_done, 1);
    st.returns(&mut r);
    assert_eq!(r, [4.0, 0.0], "scored once, after the action");

    // The fused random playout leaves its card loop for the phase and plays the action too.
    // (Random deals are often thrown in, a hand without a heart; three throw-ins end it drawn.)
    let mut rng = crate::core::rng::Rng::new(1);
    let mut played = 0;
    for _ in 0..40 {
        let mut st = hand_end(true);
        st.play_out_random(&mut rng);
        assert_eq!(st.current_player(), Player::Terminal);
        if st.core.tricks_played == 4 {
            played += 1;
            assert_eq!(st.history().last(), Some(&8), "the deal ended with `close`");
            // Eight cards dealt per deal (thrown-in ones too), eight played, then `close`.
            assert_eq!(st.history().len(), 8 * st.core.deals_done as usize + 9);
        } else {
            assert_eq!(st.core.deals_done, 3, "thrown in three times");
        }
    }
    assert!(played > 10, "{played} deals played");
}

/// The toy with `close` legal at every lead of trick play (a claim), not only after the last trick.
fn lead_close() -> TrickState<Toy> {
    toy_with(Toy {
        same_dealer: false,
        talon: 0,
        sit_out_dealer: false,
        hand_end: false,
        lead_close: true,
        tables: None,
        private_discard: false,
    })
}

#[test]
fn extras_possible_false_inside_a_trick_leaves_the_random_playout_unchanged() {
    // `close` is legal at each lead only, and the toy answers `extras_possible` false inside a
    // trick. The fused playout then picks a card without listing extra actions; its games must be
    // the ones the plain loop (sample_chance / random_action, every legal action listed) makes from
    // the same seed, and some must end with `close` at a lead.
    let mut st = lead_close();
    deal(&mut st, "9H 10H 9C 10C 9D 10D 9S 10S");
    assert_eq!(st.current_player(), Player::Seat(0));
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal.last(), Some(&8), "close is legal at the lead");
    assert!(st.rules().extras_possible(st.view()));
    testing::act(&mut st, &["9H"]);
    st.legal_actions(&mut legal);
    assert!(!legal.contains(&8), "not inside a trick");
    assert!(!st.rules().extras_possible(st.view()));

    let (mut closed, mut mid_trick_checked) = (0, 0);
    for seed in 0..60 {
        let mut fused = lead_close();
        fused.play_out_random(&mut crate::core::rng::Rng::new(seed));
        let mut plain = lead_close();
        let mut rng = crate::core::rng::Rng::new(seed);
        while plain.current_player() != Player::Terminal {
            let a = match plain.current_player() {
                Player::Chance => plain.sample_chance(&mut rng),
                _ => plain.random_action(&mut rng),
            };
            if plain.core.trick_len > 0 {
                mid_trick_checked += 1;
            }
            plain.apply_action(a).unwrap();
        }
        assert_eq!(fused.history(), plain.history(), "seed {seed}");
        if fused.history().last() == Some(&8) {
            closed += 1;
            assert_eq!(fused.core.trick_len, 0, "closed at a lead");
        }
    }
    assert!(
        closed > 5 && mid_trick_checked > 20,
        "{closed} closed, {mid_trick_checked} mid-trick"
    );
}

#[test]
fn extra_visible_at_is_asked_of_the_state_before_the_action() {
    // The toy shows `close` (in trick play) to its actor and to seats that have won a trick: a
    // state-dependent answer. After the action the deal is over, where it would show nobody.
    let cards = "10H 9H 10C 9C 9D 10D 9S 10S";
    // Seat 0 (eldest) wins the first trick with 10♥, then closes at its lead.
    let mut st = lead_close();
    deal(&mut st, cards);
    testing::act(&mut st, &["10H", "9H", "close"]);
    assert_eq!(st.current_player(), Player::Terminal);
    // The information state's line of the last action (after the "seat" line, one per action).
    let last = |st: &TrickState<Toy>, viewer: usize| {
        let info = st.information_state_string(viewer);
        info.lines().nth(st.history().len()).unwrap().to_string()
    };
    assert_eq!(last(&st, 0), "0 close", "the actor sees it");
    assert_eq!(last(&st, 1), "0 ?", "seat 1 has won no trick");
    // Seat 1 takes the first trick (9♦ led, 10♦ over it), then closes: seat 0 has won nothing and
    // sees only that seat 1 acted.
    let mut st = lead_close();
    deal(&mut st, cards);
    testing::act(&mut st, &["9D", "10D", "close"]);
    assert_eq!(last(&st, 1), "1 close");
    assert_eq!(last(&st, 0), "1 ?");
    // Seat 0 wins a trick, then seat 1 wins one and closes: seat 0 has won a trick and sees it.
    let mut st = lead_close();
    deal(&mut st, cards);
    testing::act(&mut st, &["10H", "9H", "9D", "10D", "close"]);
    assert_eq!(last(&st, 0), "1 close");
    assert_eq!(last(&st, 1), "1 close");
}

#[test]
fn suit_tables_alone_impose_no_duty_to_follow() {
    // With tables but without `must_follow`, every card of the hand may be played to a trick (the
    // Briscola default): the tables give strength and points, not obligations.
    let d = deck();
    let tables = SuitTables::new(
        d.cards().iter().map(|c| c.suit).collect(),
        d.cards().iter().map(|c| c.rank).collect(),
        vec![0; d.len()],
    );
    let mut st = toy_with(Toy {
        same_dealer: false,
        talon: 0,
        sit_out_dealer: false,
        hand_end: false,
        lead_close: false,
        tables: Some(tables),
        private_discard: false,
    });
    // Seat 0 gets the nines, seat 1 the tens: a heart each.
    deal(&mut st, "9H 10H 9C 10C 9D 10D 9S 10S");
    let leader = st.core.to_move;
    let led = Card(d.parse("9H").unwrap().0);
    let lead = if st.core.hands[leader].contains(led) {
        "9H"
    } else {
        "10H"
    };
    testing::act(&mut st, &[lead]);
    let follower = st.core.to_move;
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let hand: Vec<crate::core::game::Action> = st.core.hands[follower].iter().map(|c| c.0 as _).collect();
    assert_eq!(legal, hand, "a heart in hand, yet every card is legal");
}

/// The toy with a face-down discard (spades barred), dealt: seat 0 10♥ 9♠ 9♦, seat 1 9♥ 9♣ 10♣,
/// the talon 10♠ 10♦; seat 0 to discard.
pub(crate) fn private_discard_toy() -> (TrickGame<Toy>, TrickState<Toy>) {
    let rules = Toy {
        same_dealer: false,
        talon: 2,
        sit_out_dealer: false,
        hand_end: false,
        lead_close: false,
        tables: None,
        private_discard: true,
    };
    let game = TrickGame::with_rules(TrickGame::<Toy>::from_raw(&[]).unwrap(), rules);
    let mut st = game.new_initial_state();
    deal(&mut st, "10H 9H 9S 9C 9D 10C 10S 10D");
    (game, st)
}

#[test]
fn determinisation_is_uniform_over_deals_and_private_choices_whose_number_depends_on_hidden_cards() {
    // Seat 0 gets 10♥ 9♠ 9♦, seat 1 9♥ 9♣ 10♣, the talon 10♠ 10♦; seat 0 lays 9♦ away face down.
    // Seat 1 saw its own cards and that seat 0 discarded something. Seat 0's three cards were 10♥
    // (else the deal is thrown in: seat 1 holds the other heart) and two of 9♠ 10♠ 9♦ 10♦, and the
    // discard any of them but a spade: 12 (hand, discard) pairs, 1 + 8 + 3 by the spades held. A
    // sampler that drew the hand first and then the discard among the allowed ones would give the
    // hand with both spades (one discard) 1/6 instead of 1/12.
    let (game, mut st) = private_discard_toy();
    testing::act(&mut st, &["discard 9D"]);
    assert_eq!(st.current_player(), Player::Terminal);
    let id = |name: &str| testing::card(&st, name).0 as Action;
    let unseen: Vec<Action> = ["10H", "9S", "9D", "10S", "10D"].iter().map(|n| id(n)).collect();
    let spade = |c: Action| c == id("9S") || c == id("10S");
    let mut cells: Vec<(Vec<Action>, Action)> = Vec::new();
    for (i, &a) in unseen.iter().enumerate() {
        for &b in &unseen[i + 1..] {
            let mut hand = vec![id("10H"), a, b];
            if a == id("10H") || b == id("10H") {
                continue;
            }
            hand.sort_unstable();
            for &d in hand.iter().filter(|&&d| !spade(d)) {
                cells.push((hand.clone(), d));
            }
        }
    }
    assert_eq!(cells.len(), 12);
    let n = 1200;
    let mut counts = vec![0usize; cells.len()];
    for seed in 0..n {
        let sample = crate::determinize::resample_hidden(&game, &st, 1, seed as u64).unwrap();
        assert_eq!(sample.information_state_string(1), st.information_state_string(1));
        let discard = *sample.history().last().unwrap() - 9;
        let places = sample.card_locations().unwrap();
        let mut hand = places.iter().find(|(p, _)| p == "hand 0").unwrap().1.clone();
        hand.push(discard);
        hand.sort_unstable();
        let cell = cells.iter().position(|c| *c == (hand.clone(), discard));
        counts[cell.unwrap_or_else(|| panic!("inconsistent sample {hand:?} {discard}"))] += 1;
    }
    let expected = n as f64 / 12.0;
    let chi2: f64 = counts
        .iter()
        .map(|&k| (k as f64 - expected).powi(2) / expected)
        .sum();
    // The 0.1% point of chi-square with 11 degrees of freedom (NIST/SEMATECH tables): 31.264.
    assert!(chi2 < 31.264, "chi-square {chi2:.1} over {counts:?}");
}

#[test]
fn nth_extra_by_default_is_the_kth_offset_extra_legal_lists() {
    // The toy discards any non-spade (its list skips cards): the default gives the list's k-th.
    let (_game, st) = private_discard_toy();
    let mut listed = Vec::new();
    st.rules().extra_legal(st.view(), &mut listed);
    assert!(listed.len() >= 2, "{listed:?}");
    assert_eq!(st.rules().count_extra(st.view()), None);
    for (k, &off) in listed.iter().enumerate() {
        assert_eq!(st.rules().nth_extra(st.view(), k), off);
    }
}

#[test]
fn of_two_identical_cards_the_one_played_first_wins_the_trick() {
    // A doubled pack (Doppelkopf, Pinochle) holds two copies of every card; pagat.com's rules for
    // both: when two identical cards fall in one trick, the one played first beats the other. The
    // copies share suit and strength, so the winner helper must keep the earlier of equal cards.
    let d = Deck::french(&[9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14]);
    let (clubs, diamonds, hearts, spades) = (0, 1, 2, 3);
    let first = |suit: u8, rank: u8| d.find(suit, rank).expect("a card of the pack");
    let second = |suit: u8, rank: u8| Card(first(suit, rank).0 + 1);
    assert_eq!(
        (d.suit(second(hearts, 14)), d.rank(second(hearts, 14))),
        (hearts, 14),
        "the second copy"
    );
    let winner =
        |trick: &[Card], trump: Option<u8>| follow::highest_trump_else_led(&d, trick, trump, |c| d.rank(c));
    // Hearts led, no trumps: the first of the two aces of hearts wins, not the later copy.
    let trick = [
        first(hearts, 9),
        first(hearts, 14),
        second(hearts, 14),
        first(hearts, 13),
    ];
    assert_eq!(winner(&trick, None), 1);
    // Diamonds trumps: two aces of diamonds trump a heart lead, the first of them wins.
    let trick = [
        first(hearts, 9),
        second(diamonds, 14),
        first(diamonds, 14),
        first(clubs, 14),
    ];
    assert_eq!(winner(&trick, Some(diamonds)), 1);
    // The leader's own card against its copy played later: the leader keeps the trick.
    let trick = [second(spades, 10), first(spades, 10)];
    assert_eq!(winner(&trick, Some(diamonds)), 0);
}

#[test]
fn turn_order_skips_a_seat_sitting_out_both_ways_and_wraps_round_the_table() {
    // Four-handed Calabrasella (pagat.com): the dealer sits the deal out and play goes round the
    // other three. Dealer 2: after seat 1 comes seat 3, before seat 3 comes seat 1.
    let mut core = TrickCore::new(4, 2, deck().all(), CardSet::EMPTY);
    core.set_active(!(1u8 << 2));
    assert_eq!(core.n_active, 3);
    assert_eq!([0, 1, 3].map(|s| core.next_seat(s)), [1, 3, 0]);
    assert_eq!([0, 1, 3].map(|s| core.prev_seat(s)), [3, 0, 1]);
    assert_eq!(
        core.seat_after(1, 2),
        0,
        "two places after seat 1, skipping seat 2"
    );
    // The walk's wrap at both ends, at the largest table (eight seats): the last seat sitting out
    // (after seat 6 comes seat 0, before seat 0 comes seat 6), then the first (before seat 1 comes
    // seat 7, after seat 7 comes seat 1).
    let mut core = TrickCore::new(MAX_PLAYERS, 7, deck().all(), CardSet::EMPTY);
    core.set_active(!(1u8 << 7));
    assert_eq!(core.n_active, 7);
    assert_eq!((core.next_seat(6), core.prev_seat(0)), (0, 6));
    assert_eq!(core.seat_after(5, 2), 0);
    core.set_active(!1u8);
    assert_eq!((core.next_seat(7), core.prev_seat(1)), (1, 7));
    assert_eq!(core.seat_after(6, 2), 1);
}

#[test]
fn queen_jack_tables_make_every_queen_jack_and_diamond_a_trump_and_followers_follow_the_trump_suit() {
    // Schafkopf and Zole on pagat.com: all queens, all jacks and all diamonds are trumps; a heart
    // lead is followed by a plain heart, never by the Q♥ or J♥ (trumps).
    let d = Deck::french32();
    let t = queen_jack::QueenJackTrumps::new(&d);
    let (clubs, diamonds, hearts) = (0, 1, 2);
    let c = |suit: u8, rank: u8| d.find(suit, rank).expect("a card of the pack");
    for card in [c(clubs, 12), c(hearts, 11), c(diamonds, 7), c(diamonds, 14)] {
        assert!(t.is_trump(card), "{} is a trump", d.name_of(card));
    }
    for card in [c(clubs, 14), c(hearts, 10), c(hearts, 7)] {
        assert!(!t.is_trump(card), "{} is no trump", d.name_of(card));
    }
    let hand: CardSet = [c(hearts, 12), c(hearts, 11), c(hearts, 14), c(clubs, 7)]
        .into_iter()
        .collect();
    assert_eq!(
        t.legal(Some(c(hearts, 9)), hand),
        CardSet::from_iter([c(hearts, 14)])
    );
    // A trump lead (the 7♦) is followed by the queen and jack of hearts.
    assert_eq!(
        t.legal(Some(c(diamonds, 7)), hand),
        CardSet::from_iter([c(hearts, 12), c(hearts, 11)])
    );
    assert_eq!(t.legal(None, hand), hand, "leading: anything");
}

#[test]
fn a_card_pinned_at_or_above_an_earlier_one_pushes_it_one_place_deeper() {
    // Briscola's rejected ace or three goes back into the middle of the stock at a public place;
    // a second card put back at the same depth or nearer the top lies above the first, which is
    // then one card deeper. Cards come off the top: the one with nobody above it is drawn next.
    let d = deck();
    let c = |name: &str| d.parse(name).unwrap();
    let mut core = TrickCore::new(2, 0, d.all(), CardSet::EMPTY);
    core.pin_in_stock(2, c("9H"));
    core.pin_in_stock(2, c("10H")); // the same depth: the 9♥ now has three cards above it
    core.pin_in_stock(0, c("9S")); // on top: both others one deeper
    core.pin_in_stock(5, c("10S")); // below both: nothing moves
    let mut pinned = core.pinned.clone();
    pinned.sort();
    assert_eq!(
        pinned,
        vec![(0, c("9S")), (3, c("10H")), (4, c("9H")), (5, c("10S"))]
    );
    assert_eq!(core.face_down_count(), core.stock.len() + 4);
    assert_eq!(core.pinned_on_top(), Some(c("9S")));
    // Drawing the top card lifts the rest; with nothing pinned on top, a draw is random.
    core.pop_top();
    assert_eq!(core.pinned_on_top(), None);
    let mut pinned = core.pinned.clone();
    pinned.sort();
    assert_eq!(pinned, vec![(2, c("10H")), (3, c("9H")), (4, c("10S"))]);
}

#[test]
fn the_information_state_shows_a_seat_the_cards_dealt_to_it_and_hides_the_others_and_the_talon() {
    // Two cards each (seat 0, 1, 0, 1), then four face down to the talon: each seat's record of the
    // deal names its own cards, says only that the other seat got one, and never names a talon card.
    let st = dealt_talon_toy();
    let dealt = |viewer: usize| -> Vec<String> {
        let info = st.information_state_string(viewer);
        info.lines().skip(1).take(8).map(str::to_string).collect()
    };
    let talon = ["talon ?"; 4];
    assert_eq!(dealt(0)[..4], ["get 9♥", "1 gets ?", "get 9♦", "1 gets ?"]);
    assert_eq!(dealt(0)[4..], talon);
    assert_eq!(dealt(1)[..4], ["0 gets ?", "get 10♥", "0 gets ?", "get 10♣"]);
    assert_eq!(dealt(1)[4..], talon);
}

#[test]
fn an_illegal_action_is_refused_with_the_reason_that_fits_the_phase() {
    let refused = |st: &mut TrickState<Toy>, name: &str| -> String {
        let a = st.string_to_action(name).unwrap();
        let history = st.history().len();
        let e = st.apply_action(a).unwrap_err().to_string();
        assert_eq!(st.history().len(), history, "{name}: nothing recorded");
        e
    };
    let has = |e: String, reason: &str| assert!(e.contains(reason), "{e}");
    // Dealing: a card already dealt is not in the stock.
    let mut st = toy(false);
    deal(&mut st, "9H");
    has(refused(&mut st, "9H"), "this is a chance node");
    // Play: seat 0 (eldest) holds 9♥ 9♣ 9♦ 9♠, seat 1 the tens.
    deal(&mut st, "10H 9C 10C 9D 10D 9S 10S");
    assert_eq!(st.current_player(), Player::Seat(0));
    has(refused(&mut st, "10H"), "player 0 does not hold 10♥");
    // The toy's one extra action (id 8, `close`) is not legal in this deal's play; id 9 is past the
    // deck (8 cards) and the extra actions (1): no such action at all.
    has(
        refused(&mut st, "close"),
        "illegal action close (id 8): not available now",
    );
    let e = st.apply_action(9).unwrap_err().to_string();
    has(e, "illegal action #9 (id 9): no such action id in this game");
    // The auction (the toy's discard phase): no card is played.
    let (_, mut st) = private_discard_toy();
    assert_eq!(st.core.phase, Phase::Bidding);
    has(refused(&mut st, "10H"), "cards are not played during the auction");
}

/// A match no deal decides: `match_result` never ends it, so the `max_deals` cap (two deals) does,
/// drawn. Two seats, the toy's pack, four cards each (seat 0, 1, 0, 1, ...), the eldest leads.
#[derive(Clone, Debug)]
struct EndlessMatch;

impl TrickRules for EndlessMatch {
    type Extra = ();
    type Match = ();
    const INFO: &'static GameInfo = &INFO;
    fn from_params(_p: &Params) -> Result<Self> {
        Ok(EndlessMatch)
    }
    fn deck(&self) -> &Deck {
        deck()
    }
    fn num_players(&self) -> usize {
        2
    }
    fn is_match(&self) -> bool {
        true
    }
    fn deal_slot(&self, _dealer: usize, k: usize) -> Option<Slot> {
        (k < 8).then_some(Slot::Hand(k % 2))
    }
    fn score_deal(&self, _v: TrickView<'_, Self>) -> DealOutcome {
        // Returns a single deal would pay: the match's cap must not pass them on.
        let mut d = DealOutcome::default();
        d.returns[0] = 1.0;
        d.returns[1] = -1.0;
        d
    }
    fn match_result(&self, _v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        None
    }
    fn max_deals(&self) -> usize {
        2
    }
}

#[test]
fn a_match_undecided_after_max_deals_deals_ends_drawn_and_not_one_deal_sooner() {
    let game = TrickGame::<EndlessMatch>::from_raw(&[]).unwrap();
    let mut st = game.new_initial_state();
    let play_deal = |st: &mut TrickState<EndlessMatch>| {
        testing::act(st, &["9H", "10H", "9C", "10C", "9D", "10D", "9S", "10S"]);
        // Four tricks, each seat playing its first legal card.
        let mut legal = Vec::new();
        while let Player::Seat(_) = st.current_player() {
            st.legal_actions(&mut legal);
            st.apply_action(legal[0]).unwrap();
        }
    };
    play_deal(&mut st);
    assert_eq!(st.core.deals_done, 1);
    assert_eq!(
        st.current_player(),
        Player::Chance,
        "one deal of two: the next is dealt"
    );
    play_deal(&mut st);
    assert_eq!(st.core.deals_done, 2);
    assert_eq!(
        st.current_player(),
        Player::Terminal,
        "two deals undecided: the match is over"
    );
    let mut r = [9.0; 2];
    st.returns(&mut r);
    assert_eq!(r, [0.0, 0.0], "drawn");
}

#[test]
fn each_card_still_in_the_stock_is_dealt_with_the_same_chance() {
    // Eight cards at the first deal, seven once one is dealt: 1/8 each, then 1/7 each.
    let mut st = toy(false);
    let mut out = Vec::new();
    st.chance_outcomes(&mut out);
    assert_eq!(out.len(), 8);
    assert!(out.iter().all(|&(_, p)| p == 1.0 / 8.0), "{out:?}");
    deal(&mut st, "9H");
    st.chance_outcomes(&mut out);
    assert_eq!(out.len(), 7);
    assert!(out.iter().all(|&(_, p)| p == 1.0 / 7.0), "{out:?}");
}

#[test]
fn a_private_discard_is_seen_by_its_actor_alone_and_bounded_by_the_movers_hand() {
    // Seat 0 holds 10♥ 9♠ 9♦ and must lay one card away face down: seat 1 may learn only that it
    // acted. A card id is always public; during the deal (a chance node) nothing is a choice.
    let fresh = private_discard_toy().0.new_initial_state();
    assert_eq!(fresh.current_player(), Player::Chance);
    assert_eq!(
        fresh.private_choice_bound(),
        None,
        "a chance node has no private choice"
    );
    let (_, mut st) = private_discard_toy();
    let discard = |name: &str| 9 + testing::card(&st, name).0 as Action;
    let nine_d = discard("9D");
    assert!(fresh.action_seen_by(nine_d, 1), "not a choice at a chance node");
    assert_eq!(st.current_player(), Player::Seat(0));
    assert!(st.action_seen_by(nine_d, 0), "the actor sees its discard");
    assert!(!st.action_seen_by(nine_d, 1), "the other seat does not");
    let card = testing::card(&st, "9H").0 as Action;
    assert!(st.action_seen_by(card, 1), "a card id is public");
    assert!(st.action_seen_by(7, 1), "the last card id too");
    // The bound is the mover's hand size (3), which every seat knows.
    assert_eq!(st.private_choice_bound(), Some(3));
    testing::act(&mut st, &["discard 9D"]);
    assert_eq!(st.current_player(), Player::Terminal);
    assert_eq!(st.private_choice_bound(), None, "the game is over");
}

#[test]
fn a_claim_at_the_lead_is_seen_by_the_seats_the_rules_name_before_it_is_made() {
    // The toy's `close` (the first extra id, 8, just past the 8 cards) is shown to its actor and
    // to seats that have won a trick: `action_seen_by` asks the rules with the offset 0.
    let cards = "10H 9H 10C 9C 9D 10D 9S 10S";
    let close = 8;
    // Seat 0 wins the first trick with 10♥ and leads: seat 1 has won nothing.
    let mut st = lead_close();
    deal(&mut st, cards);
    testing::act(&mut st, &["10H", "9H"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert!(st.action_seen_by(close, 0));
    assert!(!st.action_seen_by(close, 1), "seat 1 has won no trick");
    // Seat 0 wins a trick, then seat 1 one, and seat 1 leads: seat 0 has won a trick and sees it.
    let mut st = lead_close();
    deal(&mut st, cards);
    testing::act(&mut st, &["10H", "9H", "9D", "10D"]);
    assert_eq!(st.current_player(), Player::Seat(1));
    assert!(st.action_seen_by(close, 0));
    assert!(st.action_seen_by(close, 1));
    // Inside a trick a card is public to everyone.
    testing::act(&mut st, &["10S"]);
    let nine_s = testing::card(&st, "9S").0 as Action;
    assert!(st.action_seen_by(nine_s, 1));
}

#[test]
fn shown_cards_are_the_face_up_talon_the_other_seats_known_cards_and_the_pinned_stock_cards() {
    // Two cards each (seat 0 9♥ 9♦, seat 1 10♥ 10♣), the talon 10♠ 9♣ 10♦ 9♠.
    let mut st = dealt_talon_toy();
    let ids = |st: &TrickState<Toy>, names: &str| -> Vec<Action> {
        testing::cards(st, names).iter().map(|c| c.0 as Action).collect()
    };
    assert!(st.shown_cards(0).is_empty(), "a face-down talon shows nothing");
    assert!(st.shown_cards(1).is_empty());
    st.core.expose_talon();
    assert_eq!(st.shown_cards(1), ids(&st, "10S 9C 10D 9S"));
    // Seat 0 takes 10♦ 9♠ face up: seat 1 still knows where they are, seat 0's own hand is not
    // "shown" to itself (it sees it anyway) and its hidden 9♥ 9♦ are shown to nobody.
    st.core.take_from_talon(0, testing::cards(&st, "10D 9S"));
    assert_eq!(st.shown_cards(1), ids(&st, "10S 9C 10D 9S"));
    assert_eq!(st.shown_cards(0), ids(&st, "10S 9C"));
    // A card put back into the face-down stock at a public place (Briscola's rejected card) is
    // shown to both, and the stock place holds it.
    let nine_h = testing::card(&st, "9H");
    st.core.hands[0].remove(nine_h);
    st.core.pin_in_stock(0, nine_h);
    assert_eq!(st.shown_cards(1), ids(&st, "9H 10S 9C 10D 9S"));
    assert_eq!(st.shown_cards(0), ids(&st, "9H 10S 9C"));
    let locs = st.card_locations().unwrap();
    let stock = &locs.iter().find(|(p, _)| p == "stock").unwrap().1;
    assert_eq!(*stock, ids(&st, "9H"));
}

#[test]
fn the_chance_and_length_bounds_hold_over_random_deals_of_the_toy() {
    // A chance node deals one of the cards left, so the first card of a deal has all 8 to come
    // from: `max_chance_outcomes` must be at least that. Every game, thrown-in deals and the closing
    // action included, must fit in `max_game_length`.
    let g = TrickGame::with_rules(
        TrickGame::<Toy>::from_raw(&[]).unwrap(),
        Toy {
            same_dealer: false,
            talon: 0,
            sit_out_dealer: false,
            hand_end: true,
            lead_close: false,
            tables: None,
            private_discard: false,
        },
    );
    let st = g.new_initial_state();
    let mut outcomes = Vec::new();
    st.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 8);
    assert!(g.max_chance_outcomes() >= 8);
    let mut rng = crate::core::rng::Rng::new(7);
    for _ in 0..50 {
        let mut st = g.new_initial_state();
        while st.current_player() != Player::Terminal {
            let mut v = Vec::new();
            if st.current_player() == Player::Chance {
                let mut o = Vec::new();
                st.chance_outcomes(&mut o);
                v = o.iter().map(|o| o.0).collect();
            } else {
                st.legal_actions(&mut v);
            }
            st.apply_action(v[rng.below(v.len() as u32) as usize]).unwrap();
        }
        assert!(
            st.history().len() <= g.max_game_length(),
            "{} actions",
            st.history().len()
        );
    }
}
