//! Concrete situations of Tëtka as David Parlett describes it: the bum card, the
//! penalties, the 9 points of a deal, Parlett's 7-point trick and the most-tricks tie-breaks.

use super::*;
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;
use crate::core::Registered;
use crate::trick::testing::{act, card as c, cards as set};

fn game(spec: &str) -> Tetka {
    Tetka::from_game_string(spec).unwrap()
}

const SUITS: [&str; 4] = ["♠", "♣", "♦", "♥"];
const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "K", "A", "Q"];

/// Seat s holds the whole suit SUITS[s]; the dealer (seat 3) gets Q♥ last, the bum card.
fn dealt(spec: &str) -> TetkaState {
    let mut st = game(spec).new_initial_state();
    let mut order = Vec::new();
    for r in RANKS {
        for s in SUITS {
            order.push(format!("{r}{s}"));
        }
    }
    let refs: Vec<&str> = order.iter().map(|s| s.as_str()).collect();
    act(&mut st, &refs);
    st
}

#[test]
fn the_bum_card_is_dealt_last_to_the_dealer_and_shown_to_all() {
    let st = dealt("tetka");
    assert_eq!(st.core.dealer, 3);
    assert_eq!(st.extra.bum, Some(c(&st, "Q♥")));
    for s in 0..4 {
        assert_eq!(st.core.hands[s].len(), 13);
    }
    assert!(st.core.hands[3].contains(c(&st, "Q♥")));
    // Seat 0 sees the dealer's bum card and nothing else of that hand.
    let obs = st.observation_string(0);
    assert!(obs.contains("bum card: Q♥"), "{obs}");
    assert!(obs.contains("Q♥ + 12 hidden"), "{obs}");
    assert_eq!(
        st.current_player(),
        Player::Seat(0),
        "the dealer's next seat leads"
    );
    let r = st.rules();
    assert_eq!(r.tetka(c(&st, "Q♥")), c(&st, "Q♥"));
    assert_eq!(r.bum_trick(c(&st, "Q♥")), 12);
    assert_eq!(r.bum_trick(c(&st, "A♥")), 1);
    assert_eq!(r.bum_trick(c(&st, "10♣")), 10);
    assert_eq!(r.bum_trick(c(&st, "K♣")), 13);
    assert_eq!(r.tetka(c(&st, "7♣")), c(&st, "Q♣"));
}

#[test]
fn must_follow_suit_and_the_highest_of_the_led_suit_wins() {
    let mut st = game("tetka").new_initial_state();
    // As in `dealt`, but seat 0's Q♠ and seat 3's 2♥ change places.
    let mut order = Vec::new();
    for (k, rank) in RANKS.iter().enumerate() {
        for (s, suit) in SUITS.iter().enumerate() {
            let name = match (k, s) {
                (12, 0) => "2♥".to_string(),
                (0, 3) => "Q♠".to_string(),
                _ => format!("{rank}{suit}"),
            };
            order.push(name);
        }
    }
    let refs: Vec<&str> = order.iter().map(|s| s.as_str()).collect();
    act(&mut st, &refs);
    act(&mut st, &["2♥"]);
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    assert_eq!(v.len(), 13, "seat 1 is void in hearts");
    act(&mut st, &["A♣", "A♦"]);
    let mut v = Vec::new();
    st.legal_actions(&mut v);
    assert_eq!(
        v.len(),
        12,
        "seat 3 must follow with one of its 12 hearts, not Q♠"
    );
    let a = st.string_to_action("Q♠").unwrap();
    assert!(format!("{}", st.apply_action(a).unwrap_err()).contains("must follow suit ♥"));
    act(&mut st, &["3♥"]);
    assert_eq!(
        st.core.last_trick.unwrap().2,
        3,
        "3♥ beats 2♥; the aces are off suit"
    );
}

#[test]
fn the_trick_goes_to_the_highest_led_suit_card_in_any_position() {
    let st = dealt("tetka");
    let r = st.rules();
    let winner = |cards: &str| r.trick_winner(st.view(), &c_list(&st, cards));
    assert_eq!(winner("A♠ 2♠ 3♠ 4♠"), 0, "the leader's ace");
    assert_eq!(winner("2♠ K♠ A♥ Q♠"), 1, "K♠; A♥ is off suit");
    assert_eq!(
        winner("5♠ K♥ 7♠ A♦"),
        2,
        "7♠ beats 5♠; higher ranks of other suits do not count"
    );
    assert_eq!(winner("2♠ 3♣ 4♦ 3♠"), 3, "3♠, the last card");
    assert_eq!(winner("9♦ A♠ A♣ A♥"), 0, "nobody followed: the leader wins");
    // Random tricks of four distinct cards: the same winner as the engine's general rule.
    let mut rng = Rng::new(11);
    let deck = r.deck();
    for _ in 0..5000 {
        let mut cards = CardSet::EMPTY;
        let mut trick = Vec::new();
        while trick.len() < 4 {
            let card = Card(rng.below(52) as u8);
            if !cards.contains(card) {
                cards.insert(card);
                trick.push(card);
            }
        }
        let general = crate::trick::follow::highest_trump_else_led(deck, &trick, None, |c| deck.rank(c));
        assert_eq!(r.trick_winner(st.view(), &trick), general, "{trick:?}");
    }
}

/// Cards by name, in the order given.
fn c_list(st: &TetkaState, names: &str) -> Vec<Card> {
    names.split_whitespace().map(|n| c(st, n)).collect()
}

/// Seat 0 leads every spade but the queen and ace, the others throwing their cards of the same rank
/// (eleven tricks, all seat 0's, none holding a queen or the bum card).
fn play_eleven_low_tricks(st: &mut TetkaState) {
    for r in &RANKS[..11] {
        act(
            st,
            &[
                &format!("{r}♠"),
                &format!("{r}♣"),
                &format!("{r}♦"),
                &format!("{r}♥"),
            ],
        );
    }
}

#[test]
fn parletts_trick_twelve_carries_seven_and_a_deal_carries_nine() {
    let mut st = dealt("tetka");
    play_eleven_low_tricks(&mut st);
    assert_eq!(
        st.rules().trick_points(&st.core, &st.extra),
        [0, 0, 0, 0],
        "no queen, no bum card yet"
    );
    act(&mut st, &["Q♠", "Q♣", "Q♦", "Q♥"]);
    assert_eq!(
        st.rules().trick_points(&st.core, &st.extra)[0],
        7,
        "Tëtka 2 + three queens + the bum card + the 12th trick"
    );
    act(&mut st, &["A♠", "A♣", "A♦", "A♥"]);
    assert!(st.is_terminal());
    assert_eq!(
        &st.core.returns[..4],
        &[-9.0, 0.0, 0.0, 0.0],
        "last trick and most tricks"
    );
}

#[test]
fn trick_penalties_stack_and_a_bum_king_doubles_the_last_trick() {
    let st = dealt("tetka");
    let r = st.rules().clone();
    let (qh, kc) = (c(&st, "Q♥"), c(&st, "K♣"));
    assert_eq!(
        r.trick_penalty(qh, 5, set(&st, "Q♥ 2♣ 3♣ 4♣")),
        3,
        "queen + Tëtka + bum card"
    );
    assert_eq!(
        r.trick_penalty(qh, 5, set(&st, "Q♣ 2♣ 3♣ 4♣")),
        1,
        "a plain queen"
    );
    assert_eq!(
        r.trick_penalty(qh, 12, set(&st, "2♣ 3♣ 4♣ 5♣")),
        1,
        "the bum-numbered trick"
    );
    assert_eq!(r.trick_penalty(qh, 11, set(&st, "2♣ 3♣ 4♣ 5♣")), 0);
    assert_eq!(
        r.trick_penalty(kc, 13, set(&st, "2♦ 3♦ 4♦ 5♦")),
        2,
        "bum King: trick 13 carries 2"
    );
    assert_eq!(r.trick_penalty(kc, 12, set(&st, "2♦ 3♦ 4♦ 5♦")), 0);
    assert_eq!(
        r.trick_penalty(kc, 13, set(&st, "K♣ Q♣ 4♦ 5♦")),
        5,
        "bum + Tëtka 2 + trick 13 twice"
    );
}

/// A core where seats won `tricks[s]` tricks made of the given cards (then filler).
fn core_with(st: &TetkaState, piles: [&str; 4]) -> TrickCore {
    let mut core = st.core.clone();
    for (s, p) in piles.iter().enumerate() {
        core.won[s] = set(st, p);
    }
    core
}

#[test]
fn most_tricks_ties_go_to_most_bum_cards_then_the_highest_one() {
    let st = dealt("tetka");
    let r = st.rules().clone();
    let bum = c(&st, "Q♥");
    // Four tricks each for seats 0 and 1 (16 cards), 3 and 2 for the others.
    let s0 = "2♥ 3♥ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠ Q♠ 2♣";
    let s1 = "A♥ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ K♣ A♣ Q♣ 2♦ 3♦ 4♦";
    let s2 = "5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ K♦ A♦ Q♦ 4♥ 5♥";
    let s3 = "6♥ 7♥ 8♥ 9♥ 10♥ J♥ K♥ Q♥";
    assert_eq!(
        r.most_tricks(&core_with(&st, [s0, s1, s2, s3]), bum),
        [0],
        "two hearts beat one"
    );
    // One bum-suit card each: the higher (A♥) decides.
    let s0b = "2♥ 4♦ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠ Q♠ 2♣";
    let s2b = "5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ K♦ A♦ Q♦ 3♥ 5♥";
    let s1b = "A♥ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ K♣ A♣ Q♣ 2♦ 3♦ 4♦";
    assert_eq!(r.most_tricks(&core_with(&st, [s0b, s1b, s2b, s3]), bum), [1]);
    // No bum-suit card among the tied: every tied seat scores (default), or none.
    let s0c = "4♦ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠ Q♠ 2♣ 3♦";
    let s1c = "3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ K♣ A♣ Q♣ 2♦ 5♦ 6♦ 7♦";
    let s2c = "8♦ 9♦ 10♦ J♦ K♦ A♦ Q♦ 2♥ 3♥ 4♥ 5♥ 6♥";
    let s3c = "7♥ 8♥ 9♥ 10♥ J♥ K♥ Q♥ A♥";
    let core = core_with(&st, [s0c, s1c, s2c, s3c]);
    assert_eq!(r.most_tricks(&core, bum), [0, 1]);
    let none = game("tetka(most_tricks_fallback=none)").rules().clone();
    assert!(none.most_tricks(&core, bum).is_empty());
    // A clear leader needs no tie-break.
    let s0d = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠ Q♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣";
    assert_eq!(r.most_tricks(&core_with(&st, [s0d, "", "", ""]), bum), [0]);
}

#[test]
fn the_most_tricks_point_goes_to_its_seat_whichever_that_is() {
    let st = dealt("tetka");
    let r = st.rules().clone();
    // Seat 2 took four tricks, the others three; seat 3 took the four queens (Q♥ is the bum card and
    // Tëtka): no trick has been numbered yet, so only cards and most tricks count.
    let s0 = "10♠ J♠ K♠ A♠ 10♣ J♣ K♣ A♣ 2♦ 3♦ 4♦ 5♦";
    let s1 = "6♦ 7♦ 8♦ 9♦ 10♦ J♦ K♦ A♦ 2♥ 3♥ 4♥ 5♥";
    let s2 = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣";
    let s3 = "Q♠ Q♣ Q♦ Q♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ K♥ A♥";
    let core = core_with(&st, [s0, s1, s2, s3]);
    assert_eq!(r.penalties(&core, &st.extra), [0, 0, 1, 6]);
}

#[test]
fn random_deals_carry_nine_points_unless_the_tie_has_no_bum_card() {
    let g = game("tetka(most_tricks_fallback=none)");
    let mut rng = Rng::new(3);
    let mut low = 0;
    for _ in 0..400 {
        let mut st = g.new_initial_state();
        while !st.is_terminal() {
            let a = if st.current_player() == Player::Chance {
                st.sample_chance(&mut rng)
            } else {
                st.random_action(&mut rng)
            };
            st.apply_action(a).unwrap();
        }
        let total: f64 = -st.core.returns[..4].iter().sum::<f64>();
        assert!(total == 9.0 || total == 8.0, "{total}");
        low += (total == 8.0) as usize;
    }
    assert!(low < 400);
}

#[test]
fn a_match_is_one_deal_per_seat_and_the_lowest_total_wins() {
    let g = game("tetka(scope=match)");
    assert_eq!(g.rules().max_deals(), 4);
    let mut rng = Rng::new(11);
    let mut st = g.new_initial_state();
    let mut dealers = vec![st.core.dealer];
    while !st.is_terminal() {
        let a = if st.current_player() == Player::Chance {
            st.sample_chance(&mut rng)
        } else {
            st.random_action(&mut rng)
        };
        st.apply_action(a).unwrap();
        if st.core.dealer != *dealers.last().unwrap() {
            dealers.push(st.core.dealer);
        }
    }
    assert_eq!(dealers, [3, 0, 1, 2]);
    assert_eq!(st.core.deals_done, 4);
    let best = st.core.ledger[..4].iter().cloned().fold(f64::MAX, f64::min);
    for s in 0..4 {
        assert_eq!(st.core.returns[s] > 0.0, st.core.ledger[s] == best);
    }
}

#[test]
fn greedy_takes_fewer_penalties_than_random() {
    let g = game("tetka");
    let bot = g.rules().new_bot("greedy").unwrap();
    let mut rng = Rng::new(5);
    let mut total = [0.0; 2];
    for i in 0..400 {
        let me = i % 4;
        let mut st = g.new_initial_state();
        while !st.is_terminal() {
            let a = match st.current_player() {
                Player::Chance => st.sample_chance(&mut rng),
                Player::Seat(s) if s == me => bot.act(&st, &mut rng),
                _ => st.random_action(&mut rng),
            };
            st.apply_action(a).unwrap();
        }
        total[0] += st.core.returns[me];
        total[1] += st.core.returns[(me + 1) % 4];
    }
    assert!(
        total[0] > total[1],
        "greedy {} against random {}",
        total[0],
        total[1]
    );
}

#[test]
fn a_match_tie_for_the_lowest_total_is_shared() {
    let mut st = dealt("tetka(scope=match)");
    let rules = st.rules().clone();
    st.core.deals_done = 3;
    st.core.ledger[..4].copy_from_slice(&[5.0, 5.0, 9.0, 17.0]);
    assert_eq!(
        rules.match_result(st.view()),
        None,
        "three deals of four: not over"
    );
    st.core.deals_done = 4;
    let r = rules.match_result(st.view()).unwrap();
    assert_eq!(&r[..4], &[1.0, 1.0, -1.0, -1.0], "5 and 5 share the win");
    st.core.ledger[..4].copy_from_slice(&[4.0, 5.0, 9.0, 17.0]);
    let r = rules.match_result(st.view()).unwrap();
    let third = 1.0 / 3.0;
    assert_eq!(
        &r[..4],
        &[1.0, -third, -third, -third],
        "a lone lowest total wins"
    );
    // Two orbits: eight deals, each seat dealing twice.
    assert_eq!(game("tetka(scope=match,orbits=2)").rules().max_deals(), 8);
}

#[test]
fn the_bum_suit_is_no_trump_suit() {
    // No trumps: the bum card shows a suit and nothing more, so no suit is declared trump (the
    // observation's trump plane and text stay empty), and an off-suit bum-suit card wins nothing.
    let mut st = dealt("tetka");
    assert_eq!(st.rules().trump(st.view()), None);
    let text = st.observation_string(0);
    for suit in SUITS {
        assert!(!text.contains(&format!("trump {suit}")), "{text}");
    }
    // Seat 0 leads 2♠; seats 1, 2 and 3 hold no spade and play off suit, a heart among them.
    act(&mut st, &["2♠", "2♣", "2♦", "2♥"]);
    assert_eq!(st.core.last_trick.unwrap().2, 0, "2♠ alone follows the led suit");
}

#[test]
fn a_deals_returns_run_from_minus_nine_to_zero_and_a_matchs_from_minus_three_to_one() {
    use crate::core::game::Utility;
    // One deal: minus the penalty points; one seat can take all 9 (four queens, Tëtka's extra, the
    // bum card, the bum-numbered trick, trick 13, most tricks) or none; the total is not fixed
    // (8 with no most-tricks point, more when tied seats all score it).
    assert_eq!(game("tetka").utility(), Some(Utility::general(-9.0, 0.0)));
    // A match: +1 to each lowest total, the others share the winners' -1 each: at worst -3 for
    // the one seat above three tied winners; the returns add up to 0.
    assert_eq!(
        game("tetka(scope=match)").utility(),
        Some(Utility::zero_sum(-3.0, 1.0))
    );
}

#[test]
fn a_deals_card_points_are_the_queens_taken() {
    // Rule 1: each queen taken is a point; no other card carries one by itself (Tëtka's extra
    // point and the bum card are the deal's, counted in the penalties). The scores of a deal
    // are these card points: seat 0 wins Q♠ with three twos.
    let mut st = dealt("tetka");
    act(&mut st, &["Q♠", "2♣", "2♦", "2♥"]);
    assert_eq!(st.core.last_trick.unwrap().2, 0);
    assert_eq!(st.points_of(0), 1);
    let mut scores = [0.0; 4];
    st.scores(&mut scores);
    assert_eq!(scores, [1.0, 0.0, 0.0, 0.0]);
}

/// Tëtka's own floats after the engine's layout (`trick/encode.rs`, 4 seats, 52 cards: hand 52,
/// known 3 × 52, trick 4 × 52, won 4 × 52, face up 52, known stock 52, trump 4, stock 1, to move 4,
/// ledger 4 = 741 floats), as the module documents them: the bum card one-hot [52] (public), the
/// penalty points taken so far per relative seat [4] (raw, at most the deal's 9), the tricks won / 13
/// per relative seat [4]; 801 floats. A seat's relative seat for viewer v is (seat - v) mod 4.
#[test]
fn the_observation_ends_with_the_bum_card_the_penalties_so_far_and_the_tricks_won() {
    let g = game("tetka");
    let extra = 741;
    assert_eq!(Game::observation_shape(&g), vec![801]);
    let (low, high) = Game::observation_bounds(&g);
    for i in extra..801 {
        let want = if (extra + 52..extra + 56).contains(&i) {
            9.0
        } else {
            1.0
        };
        assert_eq!((low[i], high[i]), (0.0, want), "float {i}");
    }
    // Seat 0 leads twelve spades (the queen last) and the others, void, discard: it wins all twelve
    // tricks, the twelfth (Q♥'s bum trick) holding Q♠ Q♣ Q♦ and Q♥, Tëtka and the bum card:
    // Parlett's 2 + 3 + 1 + 1 = 7 points so far; no last trick or most tricks yet.
    let mut st = dealt("tetka");
    play_eleven_low_tricks(&mut st);
    act(&mut st, &["Q♠", "Q♣", "Q♦", "Q♥"]);
    let bum = c(&st, "Q♥").idx();
    for (viewer, rel0) in [(1, 3), (3, 1), (0, 0)] {
        let mut o = vec![f32::NAN; 801];
        st.write_observation(viewer, &mut o);
        let mut want = vec![0.0; 60];
        want[bum] = 1.0;
        want[52 + rel0] = 7.0;
        want[56 + rel0] = 12.0 / 13.0;
        assert_eq!(&o[extra..], &want[..], "viewer {viewer}");
    }
}
