//! Concrete situations from the rules (Parlett, pagat.com): the deal and exchange, following and the
//! espagnolette's renounce, every immediate payment, the pots and remises, the party's
//! payment and tie-breaks, the reversis made and broken, claims, and chip conservation.

use super::*;
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;
use crate::core::Registered;
use crate::trick::testing::{act, card as c, cards as set, play_random_while};

fn game(spec: &str) -> Reversis {
    Reversis::from_game_string(spec).unwrap()
}

/// Deals with seat 3 dealing: `fixed[s]` are cards seat `s` must hold, `face_down` the three face-down
/// cards (seats 0, 1, 2); the rest of each hand is filled from the remaining cards in id order.
fn dealt(spec: &str, fixed: [&str; 4], face_down: &str) -> ReversisState {
    let mut st = game(spec).new_initial_state();
    let mut fd: Vec<Card> = face_down.split_whitespace().map(|n| c(&st, n)).collect();
    let mut hands: Vec<Vec<Card>> = fixed
        .iter()
        .map(|f| f.split_whitespace().map(|n| c(&st, n)).collect())
        .collect();
    let used: CardSet = hands.iter().flatten().chain(fd.iter()).copied().collect();
    let mut free = (st.rules().deck().all() - used).iter();
    for (s, h) in hands.iter_mut().enumerate() {
        let want = if s == 3 { 12 } else { 11 };
        while h.len() < want {
            h.push(free.next().expect("enough cards"));
        }
    }
    while fd.len() < 3 {
        fd.push(free.next().expect("enough cards"));
    }
    let mut order: Vec<Card> = (0..11)
        .flat_map(|r| (0..4).map(move |s| (r, s)))
        .map(|(r, s)| hands[s][r])
        .collect();
    order.push(hands[3][11]);
    order.extend(fd);
    for card in order {
        assert_eq!(st.current_player(), Player::Chance);
        let name = st.rules().deck().name_of(card).to_string();
        act(&mut st, &[&name]);
    }
    st
}

fn legal_names(st: &ReversisState) -> Vec<String> {
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    v.iter().map(|&a| st.action_to_string(a)).collect()
}

fn chips(st: &ReversisState) -> [i32; 4] {
    st.match_state.chips
}

fn play(st: &mut ReversisState, card: &str) {
    act(st, &[card]);
}

/// Plays out the hand: seat `s` picks with `pick(st, legal)`.
fn play_out(st: &mut ReversisState, pick: impl Fn(&ReversisState, CardSet) -> Card) {
    while st.current_player() != Player::Terminal && st.core.phase == crate::trick::Phase::Play {
        let legal = st.legal_cards();
        let card = pick(st, legal);
        st.apply_action(card.0 as u32).unwrap();
    }
}

fn highest(st: &ReversisState, set: CardSet) -> Card {
    set.iter().max_by_key(|&x| st.rules().deck().rank(x)).unwrap()
}

#[test]
fn the_pack_has_48_cards_and_40_points_and_the_deal_is_11_11_11_12_plus_3_face_down() {
    let st = dealt("reversis", ["", "", "", ""], "");
    let r = st.rules();
    assert_eq!(r.deck().len(), 48);
    assert_eq!(r.card_points(r.deck().all()), 40);
    assert_eq!(r.card_points(set(&st, "A♠ K♠ Q♠ J♠ 9♠")), 10);
    let sizes: Vec<usize> = (0..4).map(|s| st.core.hands[s].len()).collect();
    assert_eq!(sizes, [11, 11, 11, 12]);
    assert_eq!(st.core.talon.len(), 3);
    // First hand: 5 from each non-dealer, 10 from the dealer: Pot #1 = 25, first remise pending.
    assert_eq!(st.match_state.pots, [25]);
    assert!(st.match_state.first_remise_pending);
    assert_eq!(chips(&st), [-5, -5, -5, -10]);
    assert_eq!(st.current_player(), Player::Seat(3));
}

#[test]
fn the_dealer_must_discard_and_a_non_dealer_discards_and_takes_or_declines_and_looks() {
    let mut st = dealt("reversis", ["2♣", "3♣", "", "4♣"], "K♥ Q♥ J♥");
    let names = legal_names(&st);
    assert_eq!(
        names.len(),
        12,
        "the dealer discards one of 12, no decline: {names:?}"
    );
    assert!(!names.contains(&"decline".to_string()));
    act(&mut st, &["discard 4♣"]);
    assert_eq!(st.current_player(), Player::Seat(0));
    assert!(legal_names(&st).contains(&"decline".to_string()));
    // Seat 0 exchanges: 2♣ goes out, K♥ (its face-down card) comes in.
    act(&mut st, &["discard 2♣"]);
    assert!(st.core.hands[0].contains(c(&st, "K♥")));
    assert!(!st.core.hands[0].contains(c(&st, "2♣")));
    // Seat 1 declines: Q♥ stays out, seen by seat 1 only.
    act(&mut st, &["decline"]);
    assert!(st.core.talon.contains(c(&st, "Q♥")));
    assert!(st.observation_string(1).contains(" Q♥ "));
    assert!(!st.observation_string(2).contains("Q♥"));
    assert!(!st.observation_string(0).contains("discarded 4♣"));
    act(&mut st, &["decline"]);
    // The talon: the dealer's discard, seat 0's discard, two declined cards.
    assert_eq!(st.core.talon, set(&st, "4♣ 2♣ Q♥ J♥"));
    assert_eq!(st.core.hands.iter().take(4).map(|h| h.len()).sum::<usize>(), 44);
    assert_eq!(st.core.phase, crate::trick::Phase::Play);
    assert_eq!(st.current_player(), Player::Seat(0), "the eldest leads");
}

/// All decline after the dealer discards `discard`.
fn after_exchange(spec: &str, fixed: [&str; 4], face_down: &str, discard: &str) -> ReversisState {
    let mut st = dealt(spec, fixed, face_down);
    act(
        &mut st,
        &[&format!("discard {discard}"), "decline", "decline", "decline"],
    );
    st
}

#[test]
fn follow_suit_if_able_else_anything_and_highest_of_the_led_suit_wins() {
    let mut st = after_exchange("reversis", ["5♣", "9♣ 2♦", "", "2♠"], "", "2♠");
    play(&mut st, "5♣");
    let legal = st.legal_cards();
    assert_eq!(legal, st.core.hands[1] & st.rules().deck().suit_mask(0));
    assert!(!legal.contains(c(&st, "2♦")));
}

#[test]
fn an_ace_placed_is_paid_by_the_trick_winner_and_the_diamond_ace_counts_two() {
    // Seat 1 has no clubs: it places A♦ on a club lead; seat 2's K♣ wins.
    let mut st = after_exchange(
        "reversis",
        ["2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣", "A♦", "K♣ A♣", "2♠"],
        "",
        "2♠",
    );
    assert!((st.core.hands[1] & st.rules().deck().suit_mask(0)).is_empty());
    let before = chips(&st);
    act(&mut st, &["2♣", "A♦", "K♣"]);
    let seat3 = st.legal_cards().first().unwrap();
    st.apply_action(seat3.0 as u32).unwrap();
    let after = chips(&st);
    assert_eq!(after[1] - before[1], 2);
    assert_eq!(after[2] - before[2], -2);
    let last = st.extra.log.get(st.extra.log.len() - 1);
    assert_eq!(last.rule, Rule::AcePlaced);
    assert_eq!((last.from, last.to), (Account::Seat(2), Account::Seat(1)));
}

#[test]
fn an_ace_forced_pays_the_leader_even_when_its_holder_had_a_lower_card() {
    // Seat 1 plays A♣ to a club lead although it holds 3♣: still forced.
    let mut st = after_exchange("reversis", ["2♣", "A♣ 3♣", "4♣", "5♣ 2♠"], "", "2♠");
    let before = chips(&st);
    act(&mut st, &["2♣", "A♣", "4♣", "5♣"]);
    let after = chips(&st);
    assert_eq!(after[1] - before[1], -1);
    assert_eq!(after[0] - before[0], 1);
    assert_eq!(after[2], before[2]);
}

#[test]
fn a_placed_quinola_is_paid_five_and_takes_the_only_pot_which_new_antes_replace() {
    let mut st = after_exchange(
        "reversis",
        ["2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣ A♣", "J♥", "K♣", "2♠"],
        "",
        "2♠",
    );
    let before = chips(&st);
    act(&mut st, &["2♣", "J♥", "K♣"]);
    let s3 = st.legal_cards().first().unwrap();
    st.apply_action(s3.0 as u32).unwrap();
    let after = chips(&st);
    // Seat 1: +5 from seat 2, +25 pot, -5 new ante. Dealer seat 3 re-antes 10, others 5.
    assert_eq!(after[1] - before[1], 5 + 25 - 5);
    assert_eq!(after[2] - before[2], -5 - 5);
    assert_eq!(after[3] - before[3], -10);
    assert_eq!(after[0] - before[0], -5);
    assert_eq!(st.match_state.pots, [25]);
    assert!(st.match_state.first_remise_pending);
}

#[test]
fn a_forced_quinola_pays_the_leader_twenty_in_all_and_its_remise_doubles_the_new_pot() {
    let mut st = after_exchange("reversis", ["2♥", "J♥ 3♥", "4♥", "5♥ 2♠"], "", "2♠");
    let before = chips(&st);
    act(&mut st, &["2♥", "J♥", "4♥", "5♥"]);
    let after = chips(&st);
    assert_eq!(after[0] - before[0], 20, "leader nets 10 + 5 + 5");
    assert_eq!(after[1] - before[1], -10 - 25, "J♥ player: 10 and a remise of 25");
    assert_eq!(after[2] - before[2], -5);
    assert_eq!(after[3] - before[3], -5);
    assert_eq!(st.match_state.pots, [50]);
    assert!(!st.match_state.first_remise_pending);
}

#[test]
fn the_seed_pot_sequence_25_50_55_55_60_60_and_a_placed_quinola_takes_pot_3() {
    let mut m = ReversisMatch::default();
    let mut log = PaymentLog::default();
    m.antes(&mut log, 3);
    assert_eq!(m.pots, [25]);
    m.remise(&mut log, 1);
    assert_eq!(m.pots, [50]);
    // Next deal: the dealer antes 5 to the most recent pot.
    let (i, _) = m.recent().unwrap();
    m.pay(&mut log, Account::Seat(0), Account::Pot(i), 5, Rule::DealerAnte);
    assert_eq!(m.pots, [55]);
    m.remise(&mut log, 2);
    assert_eq!(m.pots, [55, 55]);
    let (i, _) = m.recent().unwrap();
    m.pay(&mut log, Account::Seat(1), Account::Pot(i), 5, Rule::DealerAnte);
    assert_eq!(m.pots, [55, 60]);
    m.remise(&mut log, 0);
    assert_eq!(m.pots, [55, 60, 60]);
    assert_eq!(m.take_pot(&mut log, 2, 1, Rule::QuinolaPot), 60);
    assert_eq!(m.pots, [55, 60], "pots remain: no new antes");
    assert_eq!(m.chips.iter().sum::<i32>() + m.pots.iter().sum::<i32>(), 0);
}

#[test]
fn the_party_payment_is_four_plus_the_talon_doubled_across_the_table() {
    let st = game("reversis").new_initial_state();
    let r = st.rules();
    let talon = set(&st, "K♠ Q♠ 2♣ 3♣");
    assert_eq!(4 + r.talon_value(talon), 9);
    assert_eq!(r.party_payment(0, 1, r.talon_value(talon)), 9);
    assert_eq!(r.party_payment(0, 2, r.talon_value(talon)), 18);
    let p = game("reversis(ruleset=parlett)").new_initial_state();
    assert_eq!(p.rules().talon_value(set(&p, "A♦ J♥ 2♣ 3♣")), 8);
    assert_eq!(r.talon_value(set(&st, "A♦ J♥ 2♣ 3♣")), 5);
}

#[test]
fn party_ties_favour_fewer_tricks_then_the_dealer_then_the_dealers_left() {
    let r = game("reversis").new_initial_state().rules().clone();
    // Fewest points wins; zero points with no trick beats zero points with tricks.
    assert_eq!(r.party(3, [0, 0, 20, 20], [1, 0, 5, 5]).0, 1);
    // Same points and tricks: the dealer (3), then its left (0) is favoured.
    assert_eq!(r.party(3, [5, 5, 15, 15], [2, 2, 3, 4]).0, 0);
    assert_eq!(r.party(0, [5, 5, 15, 15], [2, 2, 3, 4]).0, 0);
    assert_eq!(r.party(0, [6, 5, 14, 15], [2, 2, 3, 4]).0, 1);
    // Loser tie (oracle): A (seat 2) 3 tricks, B (seat 3) 4 tricks, both most points.
    assert_eq!(
        r.party(0, [5, 5, 15, 15], [2, 2, 3, 4]).1,
        3,
        "spared_by_precedence: B loses"
    );
    let chosen = game("reversis(loser_tiebreak=chosen_by_precedence)")
        .new_initial_state()
        .rules()
        .clone();
    assert_eq!(
        chosen.party(0, [5, 5, 15, 15], [2, 2, 3, 4]).1,
        2,
        "chosen_by_precedence: A loses"
    );
    // Precedence wraps round the table: dealer 2, then 3, 0, 1. Seats 0 and 2 tie for most points
    // and tricks: the dealer (2) is favoured, so it is spared (default) or is the loser (chosen).
    assert_eq!(r.party(2, [15, 0, 15, 5], [3, 0, 3, 2]), (1, 0));
    assert_eq!(chosen.party(2, [15, 0, 15, 5], [3, 0, 3, 2]), (1, 2));
    // Seats 0 and 2 tie for fewest: the dealer (2) wins.
    assert_eq!(r.party(2, [5, 15, 5, 15], [2, 3, 2, 4]).0, 2);
    // Most points loses outright.
    assert_eq!(r.party(0, [5, 5, 14, 15], [2, 2, 4, 3]).1, 3);
    assert_eq!(chosen.party(0, [5, 5, 14, 15], [2, 2, 4, 3]).1, 3);
}

#[test]
fn espagnolette_qualifies_with_four_aces_or_three_and_the_quinola_only() {
    let st = game("reversis").new_initial_state();
    let r = st.rules();
    assert!(r.qualifies(set(&st, "A♣ A♦ A♥ A♠ 2♣")));
    assert!(r.qualifies(set(&st, "A♣ A♦ A♥ J♥ 2♣")));
    assert!(!r.qualifies(set(&st, "A♣ A♦ J♥ K♥ 2♣")));
    assert!(!r.qualifies(set(&st, "A♣ A♦ A♥ 2♣")));
}

const CLUBS: u8 = 0;

#[test]
fn an_espagnolette_may_renounce_in_tricks_1_to_9_only_and_pays_a_reversis_made_by_another_alone() {
    // Seat 1 holds the four aces and low clubs; it renounces whenever it may.
    let mut st = after_exchange(
        "reversis",
        ["9♣", "A♣ A♦ A♥ A♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣", "", "2♠"],
        "",
        "2♠",
    );
    assert_eq!(st.extra.espagnolette, Some(1));
    // Boundary: on a club lead, seat 1 (holding clubs) may renounce in trick 9, not in trick 10.
    let mut at = st.clone();
    act(&mut at, &["9♣"]);
    let hand = at.core.hands[1];
    let clubs = hand & at.rules().deck().suit_mask(0);
    assert_eq!(at.legal_cards(), hand, "trick 1");
    at.core.tricks_played = 8;
    assert_eq!(at.legal_cards(), hand, "trick 9");
    at.core.tricks_played = 9;
    assert_eq!(at.legal_cards(), clubs, "trick 10");
    let rules = st.rules().clone();
    let deck = rules.deck().clone();
    let before = chips(&st);
    let mut renounced_late = false;
    while st.core.phase == crate::trick::Phase::Play {
        let legal = st.legal_cards();
        let me = st.core.to_move;
        let card = if me == 1 {
            let hand = st.core.hands[1];
            if let Some(led) = st.core.led_card() {
                let follow = hand & deck.suit_mask(deck.suit(led));
                if !follow.is_empty() && st.core.won[1].is_empty() {
                    // A legal renounce exactly in tricks 1–9.
                    assert_eq!(
                        legal == hand,
                        st.core.tricks_played < 9,
                        "trick {}",
                        st.core.tricks_played + 1
                    );
                    renounced_late |= st.core.tricks_played >= 9;
                }
            }
            // Renounce with anything off the led suit, else the lowest card.
            let off = st
                .core
                .led_card()
                .map_or(CardSet::EMPTY, |l| legal - deck.suit_mask(deck.suit(l)));
            off.first()
                .or_else(|| legal.iter().min_by_key(|&x| deck.rank(x)))
                .unwrap()
        } else {
            // The others play their highest legal card.
            highest(&st, legal)
        };
        st.apply_action(card.0 as u32).unwrap();
    }
    let _ = (renounced_late, CLUBS);
    assert!(st.extra.esp_undertaken);
    // Seat 0 (eldest, the club 9 and the filler clubs) wins the first nine tricks and the rest: a
    // reversis made while seat 1's espagnolette is undertaken, so seat 1 alone pays 64.
    assert!(st.core.won[1].is_empty());
    assert_eq!(st.extra.reversis, Some(0));
    assert_eq!(st.core.won[0].len(), 44);
    let after = chips(&st);
    let d: Vec<i32> = (0..4).map(|s| after[s] - before[s]).collect();
    assert_eq!(d, [64, -64, 0, 0]);
}

/// Seat 0 leads its highest card; the others play their highest, keeping the J♥ for a heart lead.
fn reversis_policy(st: &ReversisState, legal: CardSet) -> Card {
    let q = st.rules().quinola();
    if st.core.to_move == 0 {
        return highest(st, legal);
    }
    let hearts_led = st
        .core
        .led_card()
        .is_some_and(|l| st.rules().deck().suit(l) == HEARTS);
    let led = st.core.led_card().map(|l| st.rules().deck().suit(l));
    let following = led.is_some_and(|l| !(legal & st.rules().deck().suit_mask(l)).is_empty());
    if following {
        return highest(st, legal);
    }
    // Void: the lowest card, keeping the J♥ for a heart lead.
    let pool = if hearts_led || legal == CardSet::single(q) {
        legal
    } else {
        legal - CardSet::single(q)
    };
    pool.iter().min_by_key(|&x| st.rules().deck().rank(x)).unwrap()
}

#[test]
fn a_reversis_made_refunds_the_hand_and_collects_32_and_16_and_16() {
    let mut st = after_exchange(
        "reversis",
        ["A♠ K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠", "", "", "2♣"],
        "",
        "2♣",
    );
    let before = chips(&st);
    // Everybody plays their highest card: the void players place their aces, paid by seat 0.
    play_out(&mut st, highest);
    assert_eq!(st.extra.reversis, Some(0));
    assert!(
        st.extra.log.iter().any(|p| p.rule == Rule::Refund),
        "placed aces were refunded"
    );
    let after = chips(&st);
    let d: Vec<i32> = (0..4).map(|s| after[s] - before[s]).collect();
    assert_eq!(d, [64, -16, -32, -16]);
    assert_eq!(st.match_state.pots, [25]);
    assert!(st.extra.party.is_none(), "no party after a reversis");
    let mut r = [0.0; 4];
    st.returns(&mut r);
    assert_eq!(r, [59.0, -21.0, -37.0, -26.0], "antes included");
}

#[test]
fn a_reversis_broken_in_trick_10_pays_64_to_its_winner() {
    let mut st = after_exchange(
        "reversis",
        ["A♠ K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 2♣ 3♣", "", "A♣", "2♦"],
        "",
        "2♦",
    );
    let before = chips(&st);
    play_out(&mut st, reversis_policy);
    assert_eq!(st.extra.reversis, Some(0));
    assert_eq!(st.extra.trick_winners[9], 2, "A♣ wins trick 10");
    let after = chips(&st);
    let d: Vec<i32> = (0..4).map(|s| after[s] - before[s]).collect();
    assert_eq!(d, [-64, 0, 64, 0]);
}

#[test]
fn a_reversis_broken_in_trick_11_pays_64_to_its_winner() {
    // Seat 0 wins tricks 1–10 with its spades, then leads 2♣: the highest club wins trick 11
    // (seat 1's K♣; seat 2 has placed its A♣ earlier), and it is that trick's winner who is paid.
    let mut st = after_exchange(
        "reversis",
        ["A♠ K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 2♣", "", "A♣", "2♦"],
        "",
        "2♦",
    );
    let before = chips(&st);
    play_out(&mut st, reversis_policy);
    assert_eq!(st.extra.reversis, Some(0));
    assert_eq!(st.extra.trick_winners[9], 0, "seat 0 wins trick 10 too");
    let (leader, cards, winner) = st.core.last_trick.unwrap();
    assert_eq!((leader, winner), (0, 1));
    assert_eq!(&cards[..2], &[c(&st, "2♣"), c(&st, "K♣")]);
    assert!(st.core.won[2].is_empty() && st.core.won[3].is_empty());
    let after = chips(&st);
    let d: Vec<i32> = (0..4).map(|s| after[s] - before[s]).collect();
    assert_eq!(d, [-64, 64, 0, 0]);
}

#[test]
fn a_reversis_broken_by_the_quinola_pays_54() {
    // Q♥ K♥ A♥ lie face down: on seat 0's heart lead in trick 10, the J♥ (seat 1) wins.
    let mut st = after_exchange(
        "reversis",
        ["A♠ K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 2♥ 3♥", "J♥", "", "2♦"],
        "Q♥ K♥ A♥",
        "2♦",
    );
    let before = chips(&st);
    play_out(&mut st, reversis_policy);
    assert_eq!(st.extra.reversis, Some(0));
    assert_eq!(st.extra.trick_winners[9], 1);
    assert!(st.extra.won_by_quinola[9]);
    let after = chips(&st);
    assert_eq!(after[0] - before[0], -54);
    assert_eq!(after[1] - before[1], 54);
}

#[test]
fn without_a_reversis_the_party_is_paid_and_chips_are_conserved() {
    // A shuffled deal, random play.
    let mut rng = Rng::new(3);
    let mut st = game("reversis").new_initial_state();
    play_random_while(&mut st, &mut rng, |_| true);
    assert!(st.extra.reversis.is_none());
    let (w, l) = st.extra.party.expect("a party");
    let party = st.extra.log.iter().find(|p| p.rule == Rule::Party).unwrap();
    assert_eq!((party.from, party.to), (Account::Seat(l), Account::Seat(w)));
    let r = st.rules();
    let points: [i32; 4] = std::array::from_fn(|s| r.card_points(st.core.won[s]));
    let tricks: [usize; 4] = std::array::from_fn(|s| st.core.won[s].len() / 4);
    assert_eq!(r.party(st.core.dealer, points, tricks), (w as usize, l as usize));
    assert_eq!(
        party.amount,
        r.party_payment(w as usize, l as usize, r.talon_value(st.core.talon))
    );
    check_conservation(&st);
}

#[test]
fn with_auto_claim_off_the_party_winner_claims_or_forfeits_led_aces() {
    let g = game("reversis(auto_claim=false)");
    let mut rng = Rng::new(7);
    let mut seen = 0;
    for _ in 0..400 {
        let mut st = g.new_initial_state();
        play_random_while(&mut st, &mut rng, |st| !st.extra.claim_pending);
        if !st.extra.claim_pending {
            continue;
        }
        seen += 1;
        let (w, _) = st.extra.party.unwrap();
        assert_eq!(st.current_player(), Player::Seat(w as usize));
        assert_eq!(legal_names(&st), ["claim", "forfeit"]);
        let expected: i32 = st.rules().claims(&st.extra, w as usize).map(|x| x.1).sum();
        assert!(expected > 0);
        let mut forfeit = st.clone();
        let before = chips(&st)[w as usize];
        act(&mut st, &["claim"]);
        assert_eq!(chips(&st)[w as usize] - before, expected);
        act(&mut forfeit, &["forfeit"]);
        assert_eq!(chips(&forfeit)[w as usize], before);
        assert_eq!(st.current_player(), Player::Terminal);
    }
    assert!(seen > 10, "claims came up {seen} times");
}

/// Every payment's accounts: replaying the log from the hand's start gives the chips now.
fn check_conservation(st: &ReversisState) {
    let m = &st.match_state;
    assert_eq!(
        m.chips.iter().sum::<i32>() + m.pots.iter().sum::<i32>(),
        0,
        "chips + pots"
    );
    let mut seats = st.extra.chips_at_start;
    for p in st.extra.log.iter() {
        assert!(p.amount > 0, "{p}");
        if let Account::Seat(s) = p.from {
            seats[s as usize] -= p.amount;
        }
        if let Account::Seat(s) = p.to {
            seats[s as usize] += p.amount;
        }
    }
    if st.core.phase != crate::trick::Phase::Deal {
        assert_eq!(seats, m.chips, "the record explains every chip");
    }
}

fn conservation_over(spec: &str, games: usize, seed: u64) {
    let g = game(spec);
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut st = g.new_initial_state();
        while st.current_player() != Player::Terminal {
            let a = if st.current_player() == Player::Chance {
                st.sample_chance(&mut rng)
            } else {
                st.random_action(&mut rng)
            };
            st.apply_action(a).unwrap();
            check_conservation(&st);
        }
    }
}

#[test]
fn chips_are_conserved_and_every_payment_is_recorded_after_every_action() {
    conservation_over("reversis", 1500, 1);
    conservation_over("reversis(scope=match,hands=6,auto_claim=false)", 200, 2);
}

/// The full count of the rules: 100,000 random hands (release build: `cargo test --release --lib
/// reversis -- --ignored`).
#[test]
#[ignore]
fn chips_are_conserved_over_100000_random_hands() {
    conservation_over("reversis", 100_000, 3);
}

#[test]
fn a_match_carries_chips_and_pots_and_ends_when_a_stack_runs_out() {
    let g = game("reversis(scope=match,hands=300,starting_chips=10)");
    let mut rng = Rng::new(5);
    let mut st = g.new_initial_state();
    play_random_while(&mut st, &mut rng, |_| true);
    assert!(st.match_state.chips.iter().any(|&c| 10 + c <= 0));
    assert!((st.core.deals_done as usize) < 300);
    let mut r = [0.0; 4];
    st.returns(&mut r);
    assert_eq!(r.map(|x| x as i32), st.match_state.chips);
}

/// The greedy bot's average chips per hand against three random players, and the random seats'.
fn greedy_vs_random(hands: usize, seed: u64) -> (f64, f64) {
    use crate::core::game::Bot;
    let g = game("reversis");
    let bot = bot::Greedy;
    let mut rng = Rng::new(seed);
    let (mut mine, mut theirs) = (0.0, 0.0);
    for h in 0..hands {
        let me = h % 4;
        let mut st = g.new_initial_state();
        while st.current_player() != Player::Terminal {
            let a = match st.current_player() {
                Player::Chance => st.sample_chance(&mut rng),
                Player::Seat(s) if s == me => bot.act(&st, &mut rng),
                _ => st.random_action(&mut rng),
            };
            st.apply_action(a).unwrap();
        }
        let mut r = [0.0; 4];
        st.returns(&mut r);
        mine += r[me];
        theirs += (r.iter().sum::<f64>() - r[me]) / 3.0;
    }
    (mine / hands as f64, theirs / hands as f64)
}

#[test]
fn the_greedy_bot_beats_random_on_chips() {
    let (greedy, random) = greedy_vs_random(2000, 11);
    assert!(greedy > random + 1.0, "greedy {greedy} random {random}");
}

/// The count: 100,000 hands (`cargo test --release --lib reversis -- --ignored`).
#[test]
#[ignore]
fn the_greedy_bot_beats_random_on_chips_over_100000_hands() {
    let (greedy, random) = greedy_vs_random(100_000, 12);
    eprintln!("greedy {greedy:.3} random {random:.3} chips per hand");
    assert!(greedy > random + 1.0, "greedy {greedy} random {random}");
}

/// The payments recorded from the `from`-th on, as `(payer, payee, chips, rule)`.
fn payments_since(st: &ReversisState, from: usize) -> Vec<(Account, Account, i32, Rule)> {
    st.extra
        .log
        .iter()
        .skip(from)
        .map(|p| (p.from, p.to, p.amount, p.rule))
        .collect()
}

fn delta(before: [i32; 4], after: [i32; 4]) -> [i32; 4] {
    std::array::from_fn(|s| after[s] - before[s])
}

use Account::{Pot, Seat};

/// Espagnolette made: seat 1 holds the four aces and renounces them on tricks 1–4, then follows low
/// and takes no trick. Seat 3 (the dealer) is trickless too, and would win the party on points,
/// tricks and the dealer's precedence: the espagnolette wins it outright instead and keeps its
/// aces' income (1 + 2 + 1 + 1 = 5).
#[test]
fn a_successful_espagnolette_wins_the_party_outright_and_keeps_its_aces() {
    let mut st = after_exchange(
        "reversis",
        [
            "K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 4♣",
            "A♣ A♦ A♥ A♠ 2♣ 3♣ 2♦ 3♦ 2♥ 3♥ 2♠",
            "5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣ 4♦ 5♦ 6♦",
            "7♦ 8♦ 9♦ J♦ Q♦ K♦ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥",
        ],
        "J♥ Q♥ K♥",
        "9♥",
    );
    assert_eq!(st.extra.espagnolette, Some(1));
    assert_eq!(st.core.talon, set(&st, "9♥ J♥ Q♥ K♥"), "talon worth 6");
    let before = chips(&st);
    let start = st.extra.log.len();
    // Tricks 1–3: seat 0 leads spades, seat 1 places an ace each time (it holds 2♠).
    act(&mut st, &["K♠", "A♣", "5♣", "7♦"]);
    assert!(st.extra.esp_undertaken, "a legal renounce undertakes it");
    act(&mut st, &["Q♠", "A♦", "6♣", "8♦"]);
    act(&mut st, &["J♠", "A♥", "7♣", "9♦"]);
    // Trick 4: seat 0 leads its club; seat 1 places A♠ (it holds clubs); seat 2's K♣ wins.
    act(&mut st, &["4♣", "A♠", "K♣", "J♦"]);
    // Tricks 5–11: seat 2 leads and wins them all; seat 1 follows low or discards.
    act(&mut st, &["Q♣", "Q♦", "3♠", "3♣"]);
    act(&mut st, &["J♣", "K♦", "4♠", "2♣"]);
    act(&mut st, &["9♣", "4♥", "5♠", "2♥"]);
    act(&mut st, &["8♣", "5♥", "6♠", "3♥"]);
    act(&mut st, &["6♦", "6♥", "7♠", "2♦"]);
    act(&mut st, &["5♦", "7♥", "8♠", "3♦"]);
    act(&mut st, &["4♦", "8♥", "9♠", "2♠"]);
    assert_eq!(st.current_player(), Player::Terminal);
    assert!(st.core.won[1].is_empty() && st.core.won[3].is_empty());
    // Points: seat 0 18 (K♠ A♣, Q♠ A♦, J♠ A♥), seat 2 16, seat 3 0; the loser is seat 0 and pays
    // 4 + 6 (neighbours).
    assert_eq!(st.extra.party, Some((1, 0)));
    assert_eq!(
        payments_since(&st, start),
        [
            (Seat(0), Seat(1), 1, Rule::AcePlaced),
            (Seat(0), Seat(1), 2, Rule::AcePlaced),
            (Seat(0), Seat(1), 1, Rule::AcePlaced),
            (Seat(2), Seat(1), 1, Rule::AcePlaced),
            (Seat(0), Seat(1), 10, Rule::Party),
        ]
    );
    assert_eq!(delta(before, chips(&st)), [-14, 15, -1, 0]);
    // The same hand without the renounces' espagnolette: the dealer would win the party (0 points,
    // no trick, precedence), so the outright win is the espagnolette's.
    let r = st.rules();
    let points: [i32; 4] = std::array::from_fn(|s| r.card_points(st.core.won[s]));
    assert_eq!(points, [18, 0, 16, 0]);
    assert_eq!(r.party(3, points, [3, 0, 8, 0]).0, 3);
}

/// Espagnolette failed: seat 1 holds three aces and the J♥ and renounces A♣, the J♥ (taking the only
/// pot, which new antes replace at once) and A♦ on tricks 1–3, then wins trick 4 with K♠. It loses
/// the party outright (to the dealer, trickless with seat 0, by precedence), across the table; it
/// repays double everything seat 2 paid it for aces and the J♥ (A♥ placed later included), returns
/// the pot it took and pays a remise; from then on it must follow suit.
#[test]
fn a_failed_espagnolette_loses_the_party_repays_double_and_returns_its_pot_with_a_remise() {
    let hands = [
        "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 4♣ 5♣ 6♣ 7♣ 8♣",
        "A♣ A♦ A♥ J♥ K♠ 2♣ 3♣ 2♦ 3♦ 2♥ 2♠",
        "9♠ J♠ Q♠ A♠ 9♣ J♣ Q♣ K♣ 4♦ 5♦ 6♦",
        "7♦ 8♦ 9♦ J♦ Q♦ K♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥",
    ];
    for exempt in [false, true] {
        let spec = if exempt {
            "reversis(espagnolette_after_failure=exempt)"
        } else {
            "reversis"
        };
        let mut st = after_exchange(spec, hands, "9♥ Q♥ K♥", "8♥");
        assert_eq!(st.extra.espagnolette, Some(1), "three aces and the J♥");
        assert_eq!(st.match_state.pots, [25]);
        let before = chips(&st);
        let start = st.extra.log.len();
        act(&mut st, &["3♠", "A♣", "9♠", "7♦"]);
        // Seat 2 leads clubs: seat 1 places the J♥ and takes the pot of 25; new antes form a pot.
        act(&mut st, &["9♣", "8♦", "4♣", "J♥"]);
        assert_eq!(st.match_state.pots, [25]);
        assert!(st.match_state.first_remise_pending);
        act(&mut st, &["J♣", "9♦", "5♣", "A♦"]);
        // Trick 4: seat 1's K♠ beats Q♠: the espagnolette has failed.
        act(&mut st, &["Q♠", "J♦", "4♠", "K♠"]);
        assert_eq!(st.extra.trick_winners[3], 1);
        act(&mut st, &["2♠", "J♠", "Q♦", "5♠"]);
        // Trick 6, a club lead: seat 1 holds 2♣ 3♣ and must follow (or, exempt, may renounce).
        act(&mut st, &["Q♣", "K♦", "6♣"]);
        let clubs = set(&st, "2♣ 3♣");
        let expected = if exempt { st.core.hands[1] } else { clubs };
        assert_eq!(st.legal_cards(), expected, "exempt={exempt}");
        act(&mut st, &["2♣"]);
        act(&mut st, &["K♣", "3♥", "7♣", "3♣"]);
        act(&mut st, &["4♦", "4♥", "8♣", "2♦"]);
        act(&mut st, &["5♦", "5♥", "6♠", "3♦"]);
        // Trick 10: void in diamonds, seat 1 places A♥ (paid by seat 2, repaid double below).
        act(&mut st, &["6♦", "6♥", "7♠", "A♥"]);
        // Trick 11: seat 2 leads A♠ (a led ace: the party winner claims it).
        act(&mut st, &["A♠", "7♥", "8♠", "2♥"]);
        assert_eq!(st.current_player(), Player::Terminal);
        assert!(st.core.won[0].is_empty() && st.core.won[3].is_empty());
        assert_eq!(st.extra.party, Some((3, 1)));
        assert_eq!(
            payments_since(&st, start),
            [
                (Seat(2), Seat(1), 1, Rule::AcePlaced),
                (Seat(2), Seat(1), 5, Rule::QuinolaPlaced),
                (Pot(0), Seat(1), 25, Rule::QuinolaPot),
                (Seat(0), Pot(0), 5, Rule::Ante),
                (Seat(1), Pot(0), 5, Rule::Ante),
                (Seat(2), Pot(0), 5, Rule::Ante),
                (Seat(3), Pot(0), 10, Rule::Ante),
                (Seat(2), Seat(1), 2, Rule::AcePlaced),
                (Seat(2), Seat(1), 1, Rule::AcePlaced),
                // Talon 8♥ 9♥ Q♥ K♥ = 5: 4 + 5, doubled across the table.
                (Seat(1), Seat(3), 18, Rule::Party),
                (Seat(1), Seat(2), 18, Rule::EspagnoletteRepay),
                (Seat(1), Pot(1), 25, Rule::PotReturned),
                (Seat(1), Pot(2), 25, Rule::Remise),
                (Seat(2), Seat(3), 1, Rule::AceLedClaim),
            ]
        );
        assert_eq!(delta(before, chips(&st)), [-5, -57, 3, 9]);
        assert_eq!(st.match_state.pots, [25, 25, 25]);
        check_conservation(&st);
    }
}

/// Plays the named cards trick by trick (four names per trick, in play order).
fn tricks(st: &mut ReversisState, list: &[&str]) {
    for t in list {
        act(st, &t.split_whitespace().collect::<Vec<_>>());
    }
}

/// The espagnolette breaks a reversis: seat 1 (four aces) renounces through trick 9 while seat 0
/// wins tricks 1–9, then takes trick 10 with A♣. The placed aces are refunded, seat 0 pays it the
/// 64 of a broken reversis, and there is no espagnolette penalty (nor a party).
#[test]
fn an_espagnolette_that_breaks_a_reversis_is_paid_64_and_no_penalty() {
    let mut st = after_exchange(
        "reversis",
        [
            "K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ K♣ Q♣",
            "A♣ A♦ A♥ A♠ 2♠ 3♠ 2♣ 2♦ 3♦ 2♥ 3♥",
            "3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ 4♦ 5♦ 6♦",
            "7♦ 8♦ 9♦ J♦ Q♦ K♦ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥",
        ],
        "J♥ Q♥ K♥",
        "9♥",
    );
    let before = chips(&st);
    let start = st.extra.log.len();
    tricks(
        &mut st,
        &[
            "K♠ A♦ 4♦ 7♦",
            "Q♠ A♥ 5♦ 8♦",
            "J♠ 2♠ 6♦ 9♦",
            "9♠ 3♠ 3♣ J♦",
            "8♠ 2♦ 4♣ Q♦",
            "7♠ 3♦ 5♣ K♦",
            "6♠ 2♥ 6♣ 4♥",
            "5♠ 3♥ 7♣ 5♥",
            "4♠ 2♣ 8♣ 6♥",
        ],
    );
    assert!(st.extra.esp_undertaken);
    assert_eq!(st.extra.reversis, Some(0));
    assert_eq!(
        chips(&st),
        before,
        "the placed aces are refunded at the ninth trick"
    );
    // Trick 10: seat 1 must follow now (A♣, its only club) and wins it.
    act(&mut st, &["K♣"]);
    assert_eq!(st.legal_cards(), set(&st, "A♣"));
    tricks(&mut st, &["A♣ 9♣ 7♥", "A♠ J♣ 8♥ Q♣"]);
    assert_eq!(st.current_player(), Player::Terminal);
    assert_eq!(st.extra.party, None);
    assert_eq!(
        payments_since(&st, start),
        [
            (Seat(0), Seat(1), 2, Rule::AcePlaced),
            (Seat(0), Seat(1), 1, Rule::AcePlaced),
            (Seat(1), Seat(0), 1, Rule::Refund),
            (Seat(1), Seat(0), 2, Rule::Refund),
            (Seat(0), Seat(1), 64, Rule::ReversisBroken),
        ]
    );
    assert_eq!(delta(before, chips(&st)), [-64, 64, 0, 0]);
}

/// A placed J♥ took the pot during tricks 1–9 of a reversis: the refund gives the pot back (the new
/// antes too), so the pots are as the hand's play began.
#[test]
fn a_reversis_refunds_a_pot_taken_by_a_placed_quinola() {
    let mut st = after_exchange(
        "reversis",
        [
            "A♠ K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠",
            "J♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣",
            "K♣ A♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ J♦",
            "Q♦ K♦ A♦ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 2♠",
        ],
        "Q♥ K♥ A♥",
        "2♠",
    );
    let before = chips(&st);
    // Trick 1: J♥, A♣ and A♦ placed on the A♠ lead, all paid by seat 0; the J♥ takes the pot.
    act(&mut st, &["A♠", "J♥", "A♣", "A♦"]);
    assert_eq!(
        delta(before, chips(&st)),
        [-5 - 1 - 2 - 5, 5 + 25 - 5, 1 - 5, 2 - 10]
    );
    assert!(st.match_state.first_remise_pending, "new antes");
    play_out(&mut st, |st, legal| {
        if st.core.to_move == 0 {
            highest(st, legal)
        } else {
            legal.iter().min_by_key(|&x| st.rules().deck().rank(x)).unwrap()
        }
    });
    assert_eq!(st.extra.reversis, Some(0));
    assert_eq!(st.core.won[0].len(), 44, "made");
    let refunds: Vec<_> = payments_since(&st, 4)
        .into_iter()
        .filter(|p| p.3 == Rule::Refund)
        .collect();
    assert_eq!(refunds.len(), 8, "3 placements, the pot and 4 antes");
    assert!(refunds.contains(&(Seat(1), Pot(0), 25, Rule::Refund)));
    assert_eq!(st.match_state.pots, [25]);
    assert!(st.match_state.first_remise_pending, "as the play began");
    // Made by seat 0, who did not play the J♥: 32 + 16 + 16 and no pot.
    assert_eq!(delta(before, chips(&st)), [64, -16, -32, -16]);
}

/// The reversis player played the J♥ in trick 1 (led, and it won): made, it also takes the most
/// recent pot (the only one, so new antes follow); broken (seat 0 leads 2♦ in trick 10 and seat 3's
/// K♦ wins), it also pays a remise, which doubles the pot just formed by the first antes.
#[test]
fn a_reversis_whose_player_played_the_quinola_takes_the_pot_made_or_pays_a_remise_broken() {
    let fixed = |last: &str, seat2_spade: &str| {
        [
            format!("J♥ A♠ K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ {last}"),
            "2♥ 3♥ 4♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣".to_string(),
            format!("5♥ 6♥ 7♥ J♣ Q♣ K♣ A♣ {seat2_spade} 3♦ 4♦ 5♦"),
            "8♥ 9♥ 6♦ 7♦ 8♦ 9♦ J♦ Q♦ K♦ A♦ 3♠ 2♠".to_string(),
        ]
    };
    let lowest =
        |st: &ReversisState, legal: CardSet| legal.iter().min_by_key(|&x| st.rules().deck().rank(x)).unwrap();
    for made in [true, false] {
        // Made: seat 0 keeps 4♠ (seat 2 holds 2♦). Broken: seat 0 keeps 2♦ for trick 10.
        let hands = if made {
            fixed("4♠", "2♦")
        } else {
            fixed("2♦", "4♠")
        };
        let hands = [&*hands[0], &*hands[1], &*hands[2], &*hands[3]];
        let mut st = after_exchange("reversis", hands, "Q♥ K♥ A♥", "2♠");
        let before = chips(&st);
        act(&mut st, &["J♥", "2♥", "5♥", "8♥"]);
        assert_eq!(st.extra.trick_winners[0], 0, "the J♥ wins the heart trick");
        assert_eq!(st.extra.quinola, Some((0, 1)));
        // Seat 0 leads its spades from the top (then 2♦ or 4♠); the others play their lowest.
        play_out(&mut st, |st, legal| {
            if st.core.to_move == 0 {
                let spades = legal & st.rules().deck().suit_mask(3);
                if spades.len() > 1 || made {
                    highest(st, legal)
                } else {
                    lowest(st, legal)
                }
            } else {
                lowest(st, legal)
            }
        });
        assert_eq!(st.extra.reversis, Some(0));
        let d = delta(before, chips(&st));
        if made {
            assert_eq!(st.core.won[0].len(), 44);
            // 32 + 16 + 16, the pot of 25, then seat 0's share of the new antes.
            assert_eq!(d, [64 + 25 - 5, -16 - 5, -32 - 5, -16 - 10]);
            assert_eq!(st.match_state.pots, [25]);
        } else {
            assert_eq!(st.extra.trick_winners[9], 3, "K♦ wins trick 10");
            assert_eq!(d, [-64 - 25, 0, 0, 64]);
            assert_eq!(st.match_state.pots, [50], "the remise doubles the antes' pot");
        }
        check_conservation(&st);
    }
}

#[test]
fn the_party_winner_claims_led_aces_and_a_led_quinola_but_not_its_own() {
    let st = game("reversis").new_initial_state();
    let r = st.rules();
    let mut e = ReversisExtra::default();
    // Seat 0 led A♦ (2) and A♣ (1), seat 2 led the J♥ (10 from it, 5 from each other player).
    e.led_aces[1] = Some(0);
    e.led_aces[0] = Some(0);
    e.led_quinola = Some(2);
    let claims = |w: usize| -> Vec<(usize, i32, Rule)> { r.claims(&e, w).collect() };
    assert_eq!(
        claims(3),
        [
            (0, 1, Rule::AceLedClaim),
            (0, 2, Rule::AceLedClaim),
            (0, 5, Rule::QuinolaLedClaim),
            (1, 5, Rule::QuinolaLedClaim),
            (2, 10, Rule::QuinolaLedClaim),
        ]
    );
    // The winner led the aces itself: only the J♥ is claimed.
    assert_eq!(
        claims(0),
        [
            (1, 5, Rule::QuinolaLedClaim),
            (2, 10, Rule::QuinolaLedClaim),
            (3, 5, Rule::QuinolaLedClaim),
        ]
    );
    // The winner led the J♥: only the aces.
    assert_eq!(claims(2), [(0, 1, Rule::AceLedClaim), (0, 2, Rule::AceLedClaim)]);
}

#[test]
fn each_later_deal_the_new_dealer_antes_5_to_the_most_recent_pot() {
    let g = game("reversis(scope=match,hands=3)");
    let mut rng = Rng::new(9);
    let mut st = g.new_initial_state();
    // Play the first hand at random, stopping at the second deal's first card.
    play_random_while(&mut st, &mut rng, |st| st.core.deals_done == 0);
    assert_eq!(st.core.dealer, 0, "the deal passes to the left");
    let pots = st.match_state.pots.clone();
    let chips_before = chips(&st);
    while st.core.phase == crate::trick::Phase::Deal {
        let a = st.sample_chance(&mut rng);
        st.apply_action(a).unwrap();
    }
    let last = pots.len() - 1;
    assert_eq!(
        payments_since(&st, 0),
        [(Seat(0), Pot(last as u16), 5, Rule::DealerAnte)]
    );
    let mut expected = pots.clone();
    expected[last] += 5;
    assert_eq!(st.match_state.pots, expected);
    assert_eq!(delta(chips_before, chips(&st)), [-5, 0, 0, 0]);
}

#[test]
fn a_match_ends_after_its_hands_or_once_a_stack_is_at_zero() {
    let g = game("reversis(scope=match,hands=5,starting_chips=30)");
    let mut st = g.new_initial_state();
    let r = st.rules().clone();
    st.core.deals_done = 2;
    st.match_state.chips = [-29, 10, 10, 9];
    assert!(r.match_result(st.view()).is_none(), "one chip left: play on");
    st.match_state.chips = [-30, 10, 10, 10];
    assert!(r.match_result(st.view()).is_some(), "no chips left: over");
    st.match_state.chips = [0; 4];
    st.core.deals_done = 4;
    assert!(r.match_result(st.view()).is_none(), "4 of 5 hands");
    st.core.deals_done = 5;
    st.core.ledger[..4].copy_from_slice(&[3.0, -1.0, -1.0, -1.0]);
    let result = r.match_result(st.view()).expect("5 of 5 hands");
    assert_eq!(
        result[..4],
        [3.0, -1.0, -1.0, -1.0],
        "the returns are the chips won"
    );
}

#[test]
fn the_payment_log_counts_and_names_its_payments() {
    let mut log = PaymentLog::default();
    assert!(log.is_empty());
    assert_eq!(log.len(), 0);
    let p = Payment {
        from: Account::Seat(1),
        to: Account::Pot(0),
        amount: 5,
        rule: Rule::DealerAnte,
    };
    log.push(p);
    assert!(!log.is_empty());
    assert_eq!(log.len(), 1);
    assert_eq!(log.get(0), p);
    assert_eq!(log.iter().copied().collect::<Vec<_>>(), vec![p]);
    // Pots are shown 1-based.
    assert_eq!(p.to_string(), "seat 1 -> pot 1: 5 (dealer ante)");
    let q = Payment {
        from: Account::Pot(2),
        to: Account::Seat(3),
        amount: 12,
        rule: Rule::QuinolaPot,
    };
    assert_eq!(q.to_string(), "pot 3 -> seat 3: 12 (quinola takes the pot)");
}

/// `restart` clears the match state in place (the pots' buffer is reused): a restarted state plays
/// the same game as a fresh one, with the first hand's antes again and no chips carried over.
#[test]
fn a_restarted_state_plays_like_a_fresh_one() {
    let g = game("reversis(scope=match,hands=3)");
    let run = |st: &mut ReversisState, seed: u64| {
        let mut rng = Rng::new(seed);
        play_random_while(st, &mut rng, |_| true);
        let mut r = [0.0; 4];
        st.returns(&mut r);
        (r, st.match_state.pots.clone(), st.history().to_vec())
    };
    let mut reused = g.new_initial_state();
    run(&mut reused, 1);
    assert!(reused.match_state.chips != [0; 4] && reused.match_state.started);
    g.restart(&mut reused);
    assert_eq!(reused.match_state.chips, [0; 4]);
    assert!(reused.match_state.pots.is_empty());
    assert!(!reused.match_state.started && !reused.match_state.first_remise_pending);
    let mut fresh = g.new_initial_state();
    assert_eq!(run(&mut reused, 2), run(&mut fresh, 2));
}

/// `talon_bonus_values=parlett`: A♦ counts 5 and J♥ 3 in the talon, each whether or not the other is
/// there (the other cards their card points).
#[test]
fn the_parlett_talon_counts_the_diamond_ace_5_and_the_quinola_3_each_alone() {
    let p = game("reversis(talon_bonus_values=parlett)").new_initial_state();
    let r = p.rules();
    assert_eq!(r.talon_value(set(&p, "A♦ K♠ 2♣ 3♣")), 5 + 3);
    assert_eq!(r.talon_value(set(&p, "J♥ K♠ 2♣ 3♣")), 3 + 3);
    assert_eq!(r.talon_value(set(&p, "A♣ K♠ 2♣ 3♣")), 4 + 3);
    assert_eq!(r.talon_value(set(&p, "A♦ J♥ 2♣ 3♣")), 8);
}

/// Seat 1 (A♣ A♥ A♠ and the J♥, no diamond) qualifies for the espagnolette but never renounces: it
/// only discards, void, on seat 0's diamond leads. Seat 0 takes all eleven tricks: an ordinary
/// reversis made, 16 + 32 + 16 (only an undertaken espagnolette pays all of it).
#[test]
fn a_qualified_espagnolette_never_undertaken_pays_a_reversis_made_by_another_like_the_rest() {
    let mut st = after_exchange(
        "reversis",
        ["A♦ K♦ Q♦ J♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦", "A♣ A♥ A♠ J♥", "", "2♠"],
        "",
        "2♠",
    );
    assert_eq!(st.extra.espagnolette, Some(1));
    let before = chips(&st);
    play_out(&mut st, highest);
    assert!(!st.extra.esp_undertaken);
    assert_eq!(st.extra.reversis, Some(0));
    assert_eq!(st.core.won[0].len(), 44);
    assert_eq!(delta(before, chips(&st)), [64, -16, -32, -16]);
}

/// Whole random hands through `settle`: the party's winner has the fewest card points, then the
/// fewest tricks, then the dealer, the dealer's left ... first; the loser (`spared_by_precedence`)
/// the most points, then the most tricks, then the least precedence. Counted here from the cards
/// each seat took (A 4, K 3, Q 2, J 1), with ties on points that the tricks decide seen often.
#[test]
fn over_random_hands_the_party_goes_by_points_then_tricks_then_precedence() {
    let g = game("reversis");
    let mut rng = Rng::new(21);
    let (mut decided_by_tricks, mut hands) = (0, 0);
    for _ in 0..3000 {
        let mut st = g.new_initial_state();
        play_random_while(&mut st, &mut rng, |_| true);
        if st.extra.reversis.is_some() || st.extra.esp_undertaken {
            continue;
        }
        hands += 1;
        let deck = st.rules().deck();
        let points: Vec<i32> = (0..4)
            .map(|s| {
                st.core.won[s]
                    .iter()
                    .map(|x| match deck.rank(x) {
                        14 => 4,
                        13 => 3,
                        12 => 2,
                        11 => 1,
                        _ => 0,
                    })
                    .sum()
            })
            .collect();
        let tricks: Vec<usize> = (0..4).map(|s| st.core.won[s].len() / 4).collect();
        let prec = |s: usize| (s + 4 - st.core.dealer) % 4;
        let winner = (0..4).min_by_key(|&s| (points[s], tricks[s], prec(s))).unwrap();
        let loser = (0..4)
            .filter(|&s| s != winner)
            .max_by_key(|&s| (points[s], tricks[s], prec(s)))
            .unwrap();
        assert_eq!(st.extra.party, Some((winner as u8, loser as u8)));
        let fewest = points[winner];
        let tied: Vec<usize> = (0..4).filter(|&s| points[s] == fewest).collect();
        if tied.iter().any(|&s| tricks[s] != tricks[winner]) {
            decided_by_tricks += 1;
        }
    }
    assert!(
        hands > 2500 && decided_by_tricks > 30,
        "{hands} {decided_by_tricks}"
    );
}

/// Who took their face-down card is public (which cards moved is not): seats 0 and 2 exchange,
/// seat 1 declines, and every seat's observation says so.
#[test]
fn who_exchanged_is_seen_by_everybody() {
    let mut st = dealt("reversis", ["2♣", "3♣", "5♣", "4♣"], "K♥ Q♥ J♥");
    act(&mut st, &["discard 4♣", "discard 2♣", "decline", "discard 5♣"]);
    assert_eq!(st.extra.exchanged, 0b0101);
    for v in 0..4 {
        let text = st.observation_string(v);
        assert!(text.contains("exchanged: 0 2\n"), "seat {v}: {text}");
    }
}

/// The J♥ breaks a reversis in trick 10 from third hand: seat 1 wins tricks 1–9 (A♠ on seat 0's
/// 4♠, then its spades), leads 3♥ to trick 10 and seat 3 follows with the J♥, the highest heart
/// played. The breaker is paid 54, not 64; the placed aces of tricks 1–9 are refunded.
#[test]
fn the_quinola_breaking_a_reversis_from_any_seat_is_paid_54() {
    let mut st = after_exchange(
        "reversis",
        ["4♠", "A♠ K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠ 5♠ 2♥ 3♥", "", "J♥ 2♠"],
        "",
        "2♠",
    );
    let before = chips(&st);
    play(&mut st, "4♠");
    let q = st.rules().quinola();
    play_out(&mut st, |st, legal| {
        let deck = st.rules().deck();
        let lowest = |set: CardSet| set.iter().min_by_key(|&x| deck.rank(x)).unwrap();
        match st.core.to_move {
            1 => highest(st, legal),
            // Seat 3 keeps the J♥ for the first heart lead.
            3 if legal.contains(q) && st.core.led_card().is_some_and(|l| deck.suit(l) == HEARTS) => q,
            3 if legal != CardSet::single(q) => lowest(legal - CardSet::single(q)),
            _ => lowest(legal),
        }
    });
    assert_eq!(st.extra.reversis, Some(1));
    assert_eq!(st.extra.trick_winners[9], 3);
    assert!(st.extra.won_by_quinola[9]);
    assert_eq!(delta(before, chips(&st)), [0, -54, 0, 54]);
}

/// The espagnolette is undertaken by a renounce in a trick led by any seat: seat 3 wins trick 1
/// (K♦) and leads 3♣ to trick 2, where seat 1 (four aces, holding clubs) plays 2♥.
#[test]
fn a_renounce_in_a_trick_led_by_another_seat_undertakes_the_espagnolette() {
    let mut st = after_exchange(
        "reversis",
        ["2♦", "A♣ A♦ A♥ A♠ 3♦ 2♣ 2♥", "", "K♦ 3♣ 2♠"],
        "",
        "2♠",
    );
    assert_eq!(st.extra.espagnolette, Some(1));
    act(&mut st, &["2♦", "3♦", "9♦", "K♦"]);
    assert_eq!(st.extra.trick_winners[0], 3);
    assert!(!st.extra.esp_undertaken, "seat 1 followed suit");
    act(&mut st, &["3♣", "4♣", "2♥"]);
    let seat2 = st.legal_cards().first().unwrap();
    st.apply_action(seat2.0 as u32).unwrap();
    assert!(st.extra.esp_undertaken, "seat 1 renounced a club");
}

/// A match's returns are each player's chips won or lost over all its hands (each hand's ledger
/// is its own chips, not counting what earlier hands moved).
#[test]
fn a_matchs_returns_are_the_chips_won_over_all_its_hands() {
    let g = game("reversis(scope=match,hands=6)");
    let mut rng = Rng::new(8);
    for _ in 0..20 {
        let mut st = g.new_initial_state();
        play_random_while(&mut st, &mut rng, |_| true);
        assert!(st.core.deals_done >= 2);
        let mut r = [0.0; 4];
        st.returns(&mut r);
        assert_eq!(r.map(|x| x as i32), st.match_state.chips);
    }
}

#[test]
fn a_single_hands_scores_are_each_seats_card_points_and_with_the_talon_make_40() {
    // `scores` (the engine's, through `points_of_set`): each seat's card points of the tricks it took,
    // counted here from the ranks (A 4, K 3, Q 2, J 1); every card is taken or in the talon.
    let g = game("reversis");
    let mut rng = Rng::new(18);
    for _ in 0..200 {
        let mut st = g.new_initial_state();
        play_random_while(&mut st, &mut rng, |_| true);
        let deck = st.rules().deck().clone();
        let count = |set: CardSet| -> f64 {
            set.iter()
                .map(|c| match deck.rank(c) {
                    14 => 4.0,
                    13 => 3.0,
                    12 => 2.0,
                    11 => 1.0,
                    _ => 0.0,
                })
                .sum()
        };
        let mut scores = [0.0; 4];
        st.scores(&mut scores);
        for (s, &score) in scores.iter().enumerate() {
            assert_eq!(score, count(st.core.won[s]), "seat {s}");
        }
        assert_eq!(scores.iter().sum::<f64>() + count(st.core.talon), 40.0);
    }
}

#[test]
fn a_deal_resumed_at_the_second_talon_card_deals_what_sample_chance_would() {
    // The deal ends with three face-down cards into the talon (cards 46, 47 and 48 of 48). Resumed
    // after 46 cards, the next card goes to the talon with one card after it: too short a stretch to
    // deal at once, so `resolve_chance` deals it singly (as a talon card, not into a hand), then the
    // last card. The same draws must give the same cards and places as dealing on with
    // `sample_chance`: 11 cards to each of three seats and 12 to the dealer, 3 in the talon.
    let g = game("reversis");
    for seed in 0..10 {
        let mut st = g.new_initial_state();
        let mut rng = Rng::new(seed);
        for _ in 0..46 {
            let a = st.sample_chance(&mut rng);
            st.apply_action(a).unwrap();
        }
        assert_eq!(st.current_player(), Player::Chance);
        let (mut stepped, mut stepped_rng) = (st.clone(), rng.clone());
        while stepped.core.phase == crate::trick::Phase::Deal {
            let a = stepped.sample_chance(&mut stepped_rng);
            stepped.apply_action(a).unwrap();
        }
        st.resolve_chance(&mut rng);
        assert_eq!(st.history(), stepped.history(), "seed {seed}");
        assert_eq!(st.history().len(), 48, "seed {seed}");
        assert_eq!(rng, stepped_rng, "seed {seed}");
        assert_eq!(st.core.hands, stepped.core.hands, "seed {seed}");
        assert_eq!(st.core.talon, stepped.core.talon, "seed {seed}");
        assert_eq!(st.core.talon.len(), 3, "seed {seed}");
        let sizes: Vec<usize> = (0..4).map(|s| st.core.hands[s].len()).collect();
        assert_eq!(sizes.iter().sum::<usize>(), 45, "seed {seed}");
        assert_eq!(sizes.iter().filter(|&&n| n == 12).count(), 1, "seed {seed}");
    }
}
