//! East–West rules, each as a small concrete situation.

use super::*;
use crate::poker::Category;

fn card(name: &str) -> u8 {
    deck().parse(name).unwrap().0
}

fn set(names: &[&str]) -> CardSet {
    names.iter().fold(CardSet::EMPTY, |s, n| s.with(Card(card(n))))
}

fn game(pairs: &[(&str, &str)]) -> EastWest {
    EastWest::with(pairs).unwrap()
}

/// A state after dealing the three board cards.
fn dealt(g: &EastWest, board: [&str; 3]) -> EwState {
    let mut s = g.new_initial_state();
    for b in board {
        s.apply_action(u32::from(card(b))).unwrap();
    }
    s
}

/// Draws `c` and places it on row `row` (1-based).
fn play(s: &mut EwState, c: &str, row: u32) {
    s.apply_action(u32::from(card(c))).unwrap();
    s.apply_action(PLACE_BASE + row - 1).unwrap();
}

#[test]
fn hand_frequencies_over_all_c32_5_hands_match_the_published_table() {
    // The category counts, both columns, over all 201,376 five-card hands of the 32-card deck.
    let expect_with = [52_020, 107_520, 24_192, 10_752, 5_100, 204, 1_344, 224, 20];
    let expect_without = [53_040, 107_520, 24_192, 10_752, 4_080, 208, 1_344, 224, 16];
    for (low, expect) in [(true, expect_with), (false, expect_without)] {
        let rules = HighRules::piquet(low, FlushRank::Standard);
        let mut counts = [0u32; 9];
        let mut total = 0;
        for a in 0..32u8 {
            for b in a + 1..32 {
                for c in b + 1..32 {
                    for d in c + 1..32 {
                        for e in d + 1..32 {
                            let h = [a, b, c, d, e]
                                .iter()
                                .fold(CardSet::EMPTY, |s, &x| s.with(Card(x)));
                            counts[rank_row(&rules, h).category() as usize] += 1;
                            total += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(total, 201_376);
        assert_eq!(counts, expect, "ace_low_straight={low}");
    }
}

#[test]
fn worked_example_full_house_against_flush_under_each_flush_rank() {
    // Board 9♠; West 9♥ 9♦ 10♣ 10♠ (nines full of tens), East 7♠ 8♠ J♠ Q♠ (spade flush).
    let west = set(&["9♠", "9♥", "9♦", "10♣", "10♠"]);
    let east = set(&["9♠", "7♠", "8♠", "J♠", "Q♠"]);
    let std = HighRules::piquet(true, FlushRank::Standard);
    assert_eq!(rank_row(&std, west).category(), Category::FullHouse);
    assert_eq!(rank_row(&std, east).category(), Category::Flush);
    assert!(rank_row(&std, west) > rank_row(&std, east));
    let up = HighRules::piquet(true, FlushRank::AboveFullHouse);
    assert!(rank_row(&up, east) > rank_row(&up, west));
    // Above four of a kind: the flush beats quads, loses to a straight flush.
    let top = HighRules::piquet(true, FlushRank::AboveFourOfAKind);
    let quads = set(&["A♣", "A♦", "A♥", "A♠", "7♣"]);
    let sf = set(&["7♥", "8♥", "9♥", "10♥", "J♥"]);
    assert!(rank_row(&top, east) > rank_row(&top, quads));
    assert!(rank_row(&top, sf) > rank_row(&top, east));
    assert!(rank_row(&up, quads) > rank_row(&up, east));
}

#[test]
fn straights_of_the_32_card_deck() {
    let low = HighRules::piquet(true, FlushRank::Standard);
    let none = HighRules::piquet(false, FlushRank::Standard);
    let wheel = set(&["A♣", "7♦", "8♥", "9♠", "10♣"]);
    let lowest = set(&["7♣", "8♦", "9♥", "10♠", "J♣"]);
    let wrap = set(&["K♣", "A♦", "7♥", "8♠", "9♣"]);
    assert_eq!(rank_row(&low, wheel).category(), Category::Straight);
    assert_eq!(rank_row(&none, wheel).category(), Category::HighCard);
    // A-7-8-9-10 is the lowest straight (top card 10): below 7-8-9-10-J.
    assert!(rank_row(&low, wheel) < rank_row(&low, lowest));
    assert_eq!(rank_row(&low, wrap).category(), Category::HighCard);
}

#[test]
fn suits_never_break_ties() {
    let rules = HighRules::piquet(true, FlushRank::Standard);
    let a = set(&["A♣", "K♦", "Q♥", "9♠", "7♣"]);
    let b = set(&["A♠", "K♥", "Q♦", "9♣", "7♦"]);
    assert_eq!(rank_row(&rules, a), rank_row(&rules, b));
}

#[test]
fn deal_then_24_placements_leave_5_cards_unseen() {
    let g = game(&[]);
    let mut s = g.new_initial_state();
    let mut rng = Rng::new(5);
    let mut chance = 0;
    let mut decisions = 0;
    while !s.is_terminal() {
        match s.current_player() {
            Player::Chance => {
                chance += 1;
                s.resolve_chance(&mut rng)
            }
            _ => {
                decisions += 1;
                let a = s.random_action(&mut rng);
                s.apply_action(a).unwrap();
            }
        }
    }
    assert_eq!(decisions, 24);
    assert_eq!(s.history().len(), 3 + 48);
    assert_eq!(s.stock().len(), 5);
    for r in 0..3 {
        for p in 0..2 {
            assert_eq!(s.row_cards(r, p).len(), 4);
        }
    }
    let _ = chance;
}

#[test]
fn the_non_dealer_moves_first_and_players_alternate() {
    let g = game(&[]);
    let mut s = dealt(&g, ["9♠", "K♦", "7♣"]);
    assert_eq!(s.current_player(), Player::Chance);
    s.apply_action(u32::from(card("A♠"))).unwrap();
    assert_eq!(s.current_player(), Player::Seat(0));
    s.apply_action(PLACE_BASE).unwrap();
    s.apply_action(u32::from(card("A♥"))).unwrap();
    assert_eq!(s.current_player(), Player::Seat(1));
}

#[test]
fn a_full_row_is_closed_and_the_last_open_row_is_forced() {
    let g = game(&[]);
    let mut s = dealt(&g, ["9♠", "K♦", "7♣"]);
    let p0 = ["A♠", "A♥", "A♦", "A♣"];
    let p1 = ["K♠", "K♥", "K♣", "Q♠"];
    for i in 0..4 {
        play(&mut s, p0[i], 1);
        play(&mut s, p1[i], 1);
    }
    // Both have 4 cards on row 1: drawing again, only rows 2 and 3.
    s.apply_action(u32::from(card("Q♥"))).unwrap();
    assert_eq!(bot::legal_rows(&s), vec![PLACE_BASE + 1, PLACE_BASE + 2]);
    let err = s.apply_action(PLACE_BASE).unwrap_err();
    assert!(err.to_string().contains("already has 4 cards"), "{err}");
    // The failed action left the state as it was.
    assert_eq!(s.drawn(), Some(card("Q♥")));
    s.apply_action(PLACE_BASE + 1).unwrap();
    let rest0 = ["Q♦", "Q♣", "J♠"];
    let rest1 = ["J♥", "J♦", "J♣", "10♠"];
    play(&mut s, rest1[0], 2);
    for i in 0..3 {
        play(&mut s, rest0[i], 2);
        if i < 3 {
            play(&mut s, rest1[i + 1], 2);
        }
    }
    // p0 has rows 1 and 2 full: one open row, a forced placement (the only legal action).
    s.apply_action(u32::from(card("10♥"))).unwrap();
    assert_eq!(s.current_player(), Player::Seat(0));
    assert_eq!(bot::legal_rows(&s), vec![PLACE_BASE + 2]);
}

#[test]
fn a_card_cannot_be_drawn_twice_and_placing_needs_a_drawn_card() {
    let g = game(&[]);
    let mut s = dealt(&g, ["9♠", "K♦", "7♣"]);
    assert!(s.apply_action(u32::from(card("9♠"))).is_err());
    assert!(s.apply_action(PLACE_BASE).is_err());
    s.apply_action(u32::from(card("8♠"))).unwrap();
    assert!(s.apply_action(u32::from(card("8♥"))).is_err());
}

fn ranks(pairs: [[u32; 2]; 3]) -> [[HighRank; 2]; 3] {
    pairs.map(|r| r.map(HighRank))
}

#[test]
fn result_two_rows_required_against_more_rows() {
    let two = *game(&[]).config();
    let more = *game(&[("result", "more_rows")]).config();
    let none = [[0; 2]; 3];
    // 2-1: a win under both rules.
    let h = ranks([[5, 1], [5, 1], [1, 5]]);
    assert_eq!(decide(&two, h, none).winner, Some(0));
    assert_eq!(decide(&more, h, none).winner, Some(0));
    // 2-0 with a tied row: a win.
    let h = ranks([[1, 5], [3, 3], [1, 5]]);
    assert_eq!(decide(&two, h, none).winner, Some(1));
    // 1-0 with two tied rows: a draw by default, a win with more_rows.
    let h = ranks([[5, 1], [3, 3], [3, 3]]);
    assert_eq!(decide(&two, h, none).winner, None);
    assert_eq!(decide(&more, h, none).winner, Some(0));
    assert_eq!(decide(&two, h, none).rows, [Some(0), None, None]);
    // 1-1 with a tie, and three ties: draws under both.
    let h = ranks([[5, 1], [1, 5], [3, 3]]);
    assert_eq!(decide(&two, h, none).winner, None);
    assert_eq!(decide(&more, h, none).winner, None);
    let h = ranks([[3, 3], [3, 3], [3, 3]]);
    assert_eq!(decide(&more, h, none).winner, None);
}

#[test]
fn row_tie_break_first_completed_gives_a_tied_row_to_the_earlier_side() {
    let cfg = *game(&[("row_tie_break", "first_completed")]).config();
    let h = ranks([[5, 1], [3, 3], [3, 3]]);
    // Row 2 completed by p1 at placement 10, by p0 at 11; row 3 by p0 first.
    let done = [[4, 5], [11, 10], [20, 21]];
    let res = decide(&cfg, h, done);
    assert_eq!(res.rows, [Some(0), Some(1), Some(0)]);
    assert_eq!(res.winner, Some(0));
}

/// Plays a whole scripted game: the board, then p0's and p1's 12 cards in order with their rows.
fn scripted(g: &EastWest, board: [&str; 3], p0: Cards, p1: Cards) -> EwState {
    let mut s = g.new_initial_state();
    play_game(&mut s, 0, board, p0, p1);
    s
}

type Cards = [(&'static str, u32); 12];

/// Plays one game of `s` from its deal: the board, then the seats alternate from `first`, each
/// drawing its next scripted card and placing it on its row.
fn play_game(s: &mut EwState, first: usize, board: [&str; 3], p0: Cards, p1: Cards) {
    for b in board {
        s.apply_action(u32::from(card(b))).unwrap();
    }
    let hands = [p0, p1];
    for k in 0..24 {
        let seat = (first + k) % 2;
        let (c, row) = hands[seat][k / 2];
        s.apply_action(u32::from(card(c))).unwrap();
        assert_eq!(s.current_player(), Player::Seat(seat), "placement {k}");
        s.apply_action(PLACE_BASE + row - 1).unwrap();
    }
}

#[test]
fn a_whole_game_through_the_engine_scores_the_worked_example_row() {
    // Row 1 is the worked example; rows 2 and 3 split one each, so row 1 decides.
    let (p0, p1) = worked_example_hands();
    for (flush, want) in [("standard", 1.0), ("above_full_house", -1.0)] {
        let g = game(&[("flush_rank", flush)]);
        let s = scripted(&g, WORKED_BOARD, p0, p1);
        assert!(s.is_terminal());
        let res = s.last_result().unwrap();
        // Row 2: three aces against two kings; row 3: p0 high card, p1 pair of kings.
        assert_eq!(res.rows[1], Some(0));
        assert_eq!(res.rows[2], Some(1));
        let mut ret = [0.0; 2];
        s.returns(&mut ret);
        assert_eq!(ret, [want, -want], "flush_rank={flush}");
    }
}

const WORKED_BOARD: [&str; 3] = ["9♠", "Q♦", "10♥"];

/// Row 1 is the worked example (nines full of tens against a spade flush); row 2 goes to p0, row 3
/// to p1. p0 wins with the standard flush rank.
fn worked_example_hands() -> (Cards, Cards) {
    let p0 = [
        ("9♥", 1),
        ("9♦", 1),
        ("10♣", 1),
        ("10♠", 1),
        ("A♠", 2),
        ("A♥", 2),
        ("A♦", 2),
        ("7♦", 2),
        ("7♥", 3),
        ("8♥", 3),
        ("J♥", 3),
        ("Q♣", 3),
    ];
    let p1 = [
        ("7♠", 1),
        ("8♠", 1),
        ("J♠", 1),
        ("Q♠", 1),
        ("K♠", 2),
        ("K♥", 2),
        ("7♣", 2),
        ("8♣", 2),
        ("K♣", 3),
        ("K♦", 3),
        ("J♣", 3),
        ("8♦", 3),
    ];
    (p0, p1)
}

#[test]
fn match_alternates_the_first_player_and_stops_when_decided() {
    let g = game(&[("scope", "match"), ("games", "3")]);
    let mut s = g.new_initial_state();
    let mut rng = Rng::new(11);
    let mut firsts = vec![];
    let mut last_game = u32::MAX;
    while !s.is_terminal() {
        if s.game_number() != last_game {
            last_game = s.game_number();
            firsts.push(s.first_player());
        }
        match s.current_player() {
            Player::Chance => s.resolve_chance(&mut rng),
            _ => {
                let a = s.random_action(&mut rng);
                s.apply_action(a).unwrap();
            }
        }
    }
    for (i, f) in firsts.iter().enumerate() {
        assert_eq!(*f, i % 2);
    }
    let (wins, draws) = s.match_score();
    let played = wins[0] + wins[1] + draws;
    assert_eq!(played as usize, firsts.len());
    let decided = wins[0] >= 2 || wins[1] >= 2;
    assert!(decided || played == 3, "{wins:?} {draws}");
    let mut ret = [0.0; 2];
    s.returns(&mut ret);
    let want = if wins[0] > wins[1] {
        [1.0, -1.0]
    } else if wins[1] > wins[0] {
        [-1.0, 1.0]
    } else {
        [0.0, 0.0]
    };
    assert_eq!(ret, want, "{wins:?}");
}

/// A drawn game: row 1 tied (A K Q J 9 high on both sides), row 2 to p0 (three sevens against two
/// pair), row 3 to p1 (a pair of aces against king high).
fn drawn_game(g: &EastWest) -> EwState {
    let (p0, p1) = drawn_hands();
    scripted(g, DRAWN_BOARD, p0, p1)
}

const DRAWN_BOARD: [&str; 3] = ["A♠", "7♠", "9♠"];

fn drawn_hands() -> (Cards, Cards) {
    let p0 = [
        ("K♣", 1),
        ("Q♣", 1),
        ("J♣", 1),
        ("9♦", 1),
        ("7♥", 2),
        ("7♦", 2),
        ("8♠", 2),
        ("10♠", 2),
        ("K♥", 3),
        ("Q♥", 3),
        ("J♥", 3),
        ("8♣", 3),
    ];
    let p1 = [
        ("K♦", 1),
        ("Q♦", 1),
        ("J♦", 1),
        ("9♣", 1),
        ("8♥", 2),
        ("8♦", 2),
        ("10♥", 2),
        ("10♦", 2),
        ("A♣", 3),
        ("A♦", 3),
        ("K♠", 3),
        ("Q♠", 3),
    ];
    (p0, p1)
}

#[test]
fn a_drawn_game_and_a_drawn_match_return_zero_to_both() {
    // Rules version 2: a drawn match returned +1 to seat 0 (`f64::signum(0.0)` is 1.0).
    let s = drawn_game(&game(&[]));
    assert!(s.is_terminal());
    let res = s.last_result().unwrap();
    assert_eq!(res.rows, [None, Some(0), Some(1)]);
    assert_eq!(res.winner, None);
    let mut ret = [9.0; 2];
    s.returns(&mut ret);
    assert_eq!(ret, [0.0, 0.0]);
    let mut sc = [9.0; 2];
    s.scores(&mut sc);
    assert_eq!(sc, [1.0, 1.0], "one row won each");
    // A match of one game that is drawn: no games won, one drawn, a drawn match.
    let s = drawn_game(&game(&[("scope", "match"), ("games", "1")]));
    assert!(s.is_terminal());
    assert_eq!(s.match_score(), ([0, 0], 1));
    let mut ret = [9.0; 2];
    s.returns(&mut ret);
    assert_eq!(ret, [0.0, 0.0]);
}

#[test]
fn match_of_one_game_stops_after_it_and_two_wins_end_best_of_three() {
    // Best of 3 after 2-0 stops; best of 3 at 1-0 with a draw continues.
    let g = game(&[("scope", "match"), ("games", "3")]);
    let mut s = g.new_initial_state();
    s.wins = [1, 0];
    s.game_no = 0;
    let mut rng = Rng::new(3);
    // Finish game 1 by random play and check the match continues unless p0 reached 2.
    while s.game_number() == 0 && !s.is_terminal() {
        match s.current_player() {
            Player::Chance => s.resolve_chance(&mut rng),
            _ => {
                let a = s.random_action(&mut rng);
                s.apply_action_unchecked(a);
            }
        }
    }
    let (w, d) = s.match_score();
    if w[0] == 2 {
        assert!(s.is_terminal());
    } else {
        assert!(!s.is_terminal(), "{w:?} {d}");
    }
}

#[test]
fn the_drawn_card_is_seen_by_its_drawer_only() {
    let g = game(&[]);
    let mut a = dealt(&g, ["9♠", "K♦", "7♣"]);
    let mut b = a.clone();
    a.apply_action(u32::from(card("A♠"))).unwrap();
    b.apply_action(u32::from(card("8♥"))).unwrap();
    // p1 cannot tell which card p0 drew; p0 can.
    assert_eq!(a.observation_string(1), b.observation_string(1));
    assert_eq!(a.information_state_string(1), b.information_state_string(1));
    let (mut ta, mut tb) = (vec![0.0; OBS_LEN], vec![0.0; OBS_LEN]);
    a.write_observation(1, &mut ta);
    b.write_observation(1, &mut tb);
    assert_eq!(ta, tb);
    assert_ne!(a.observation_string(0), b.observation_string(0));
    a.write_observation(0, &mut ta);
    b.write_observation(0, &mut tb);
    assert_ne!(ta, tb);
    // Once placed it is public.
    a.apply_action(PLACE_BASE).unwrap();
    assert!(a.observation_string(1).contains("A♠"));
}

#[test]
fn action_names_round_trip() {
    let s = game(&[]).new_initial_state();
    for a in 0..NUM_ACTIONS {
        assert_eq!(s.string_to_action(&s.action_to_string(a)).unwrap(), a);
    }
    assert_eq!(s.string_to_action("2").unwrap(), PLACE_BASE + 1);
    assert_eq!(s.string_to_action("place row 3").unwrap(), PLACE_BASE + 2);
    assert!(s.string_to_action("row 4").is_err());
}

/// Mean result of seat 0 (bot `a`) against seat 1 (bot `b`) over `n` games, seats swapped every game.
fn duel(a: &dyn Bot<EwState>, b: &dyn Bot<EwState>, n: u32, seed: u64) -> f64 {
    let g = game(&[]);
    let mut total = 0.0;
    for i in 0..n {
        let mut rng = Rng::for_stream(seed, u64::from(i));
        let mut s = g.new_initial_state();
        let swap = i % 2 == 1;
        while !s.is_terminal() {
            match s.current_player() {
                Player::Chance => s.resolve_chance(&mut rng),
                Player::Seat(p) => {
                    let bot = if (p == 0) != swap { a } else { b };
                    let act = bot.act(&s, &mut rng);
                    s.apply_action(act).unwrap();
                }
                Player::Terminal => {}
            }
        }
        let mut r = [0.0; 2];
        s.returns(&mut r);
        total += if swap { r[1] } else { r[0] };
    }
    total / f64::from(n)
}

#[test]
fn the_rules_placer_beats_random_play() {
    let v = duel(&RuleBot, &RandomBot, 2000, 1);
    assert!(v > 0.3, "rules vs random: {v}");
}

#[test]
fn the_search_bot_beats_the_rules_placer() {
    let v = duel(&SearchBot { rollouts: 16 }, &RuleBot, 400, 2);
    assert!(v > 0.0, "search vs rules: {v}");
}

/// The trait's default random playout (the loop `play_out_random` replaces), step by step.
fn plain_random_playout(s: &mut EwState, rng: &mut Rng) {
    loop {
        let a = match s.current_player() {
            Player::Terminal => return,
            Player::Chance => s.sample_chance(rng),
            Player::Seat(_) => s.random_action(rng),
        };
        s.apply_action(a).unwrap();
    }
}

#[test]
fn the_fused_random_playout_plays_the_plain_loops_games_from_any_position() {
    // From the start, mid-deal, with a card drawn and not placed, and between games of a match.
    for spec in [&[][..], &[("scope", "match"), ("games", "5")][..]] {
        let g = game(spec);
        for seed in 0..300u64 {
            let mut rng = Rng::new(seed);
            let mut s = g.new_initial_state();
            let prefix = rng.below(60 * g.config().games);
            for _ in 0..prefix {
                if s.is_terminal() {
                    break;
                }
                let a = if s.is_chance_node() {
                    s.sample_chance(&mut rng)
                } else {
                    s.random_action(&mut rng)
                };
                s.apply_action(a).unwrap();
            }
            let (mut fused, mut plain) = (s.clone(), s);
            let (mut r1, mut r2) = (rng.clone(), rng);
            fused.play_out_random(&mut r1);
            plain_random_playout(&mut plain, &mut r2);
            assert_eq!(fused.history(), plain.history(), "seed {seed}");
            assert_eq!(r1, r2, "the same draws from the stream");
            assert_eq!(fused.last_result(), plain.last_result());
            assert_eq!(fused.match_score(), plain.match_score());
            assert!(fused.is_terminal());
        }
    }
}

#[test]
fn the_games_shape_and_bounds() {
    let g = game(&[]);
    assert_eq!(g.num_players(), 2);
    assert_eq!(g.num_distinct_actions(), 35);
    assert_eq!(g.max_chance_outcomes(), 32);
    assert_eq!(g.observation_shape(), vec![3 * 96 + 32 + 6]);
    assert_eq!(g.utility(), Some(crate::core::game::Utility::zero_sum(-1.0, 1.0)));
    // A game is exactly 3 board cards and 24 draws with their placements.
    assert_eq!(g.max_game_length(), 51);
    let s = drawn_game(&g);
    assert_eq!(s.history().len(), 51);
    assert_eq!(game(&[("scope", "match"), ("games", "3")]).max_game_length(), 153);
    // `games` counts only in a match.
    assert_eq!(game(&[("games", "5")]).max_game_length(), 51);
    assert_eq!(game(&[("games", "5")]).config().games, 1);
    assert!(!game(&[]).config().match_scope);
}

#[test]
fn restart_is_a_fresh_game() {
    let g = game(&[("scope", "match"), ("games", "3")]);
    let mut s = g.new_initial_state();
    let (p0, p1) = drawn_hands();
    play_game(&mut s, 0, DRAWN_BOARD, p0, p1);
    s.apply_action(u32::from(card("8♦"))).unwrap();
    assert_eq!(s.game_number(), 1);
    g.restart(&mut s);
    let fresh = g.new_initial_state();
    assert!(s.history().is_empty());
    assert_eq!(s.game_number(), 0);
    assert_eq!(s.match_score(), ([0, 0], 0));
    assert_eq!(s.board(0), None);
    assert_eq!(s.stock().len(), 32);
    assert_eq!(s.last_result(), None);
    assert_eq!(s.to_string(), fresh.to_string());
}

#[test]
fn board_stock_drawn_and_unseen_cards_as_the_game_goes() {
    let g = game(&[]);
    let mut s = g.new_initial_state();
    s.apply_action(u32::from(card("9♠"))).unwrap();
    assert_eq!(s.board(0), Some(card("9♠")));
    assert_eq!(s.board(1), None);
    assert_eq!(s.board(3), None);
    s.apply_action(u32::from(card("K♦"))).unwrap();
    s.apply_action(u32::from(card("7♣"))).unwrap();
    assert_eq!(s.board(2), Some(card("7♣")));
    assert_eq!(s.stock().len(), 29);
    assert!(!s.stock().contains(Card(card("K♦"))));
    assert_eq!(s.unseen_by(0), s.stock());
    s.apply_action(u32::from(card("A♠"))).unwrap();
    assert_eq!(s.drawn(), Some(card("A♠")));
    assert_eq!(s.stock().len(), 28);
    // p0 drew the ace: p1 has not seen it, p0 has.
    assert_eq!(s.unseen_by(0), s.stock());
    assert_eq!(s.unseen_by(1), s.stock().with(Card(card("A♠"))));
    s.apply_action(PLACE_BASE + 2).unwrap();
    assert_eq!(s.drawn(), None);
    assert_eq!(s.placements(), 1);
    assert_eq!(s.row_cards(2, 0), set(&["A♠"]));
    assert_eq!(s.row_hand(2, 0), set(&["A♠", "7♣"]));
    assert_eq!(s.row_cards(2, 1), CardSet::EMPTY);
    assert_eq!(s.unseen_by(1), s.stock());
    assert_eq!(s.open_rows(0), 0b111);
}

#[test]
fn chance_outcomes_are_the_stock_each_equally_likely() {
    let g = game(&[]);
    let mut s = dealt(&g, ["9♠", "K♦", "7♣"]);
    let mut out = vec![];
    s.chance_outcomes(&mut out);
    assert_eq!(out.len(), 29);
    let stock: Vec<Action> = s.stock().iter().map(|c| u32::from(c.0)).collect();
    assert_eq!(out.iter().map(|o| o.0).collect::<Vec<_>>(), stock);
    assert!(out.iter().all(|o| (o.1 - 1.0 / 29.0).abs() < 1e-15));
    // At a placement, and at the end: none.
    s.apply_action(u32::from(card("A♠"))).unwrap();
    s.chance_outcomes(&mut out);
    assert!(out.is_empty());
    let s = drawn_game(&g);
    s.chance_outcomes(&mut out);
    assert!(out.is_empty());
    let mut legal = vec![1];
    s.legal_actions(&mut legal);
    assert!(legal.is_empty());
    assert_eq!(s.current_player(), Player::Terminal);
}

#[test]
fn illegal_actions_say_why_and_change_nothing() {
    let g = game(&[]);
    let mut s = dealt(&g, ["9♠", "K♦", "7♣"]);
    let text = s.to_string();
    let err = s.apply_action(PLACE_BASE).unwrap_err().to_string();
    assert!(err.contains("a card is being drawn"), "{err}");
    let err = s.apply_action(u32::from(card("K♦"))).unwrap_err().to_string();
    assert!(err.contains("no longer in the stock"), "{err}");
    s.apply_action(u32::from(card("A♠"))).unwrap();
    let err = s.apply_action(u32::from(card("A♥"))).unwrap_err().to_string();
    assert!(err.contains("must be placed on a row"), "{err}");
    let err = s.apply_action(NUM_ACTIONS).unwrap_err().to_string();
    assert!(err.contains("must be placed on a row"), "{err}");
    assert_eq!(s.history().len(), 4);
    s.apply_action(PLACE_BASE).unwrap();
    assert_ne!(s.to_string(), text);
    let mut over = drawn_game(&g);
    assert!(matches!(over.apply_action(0), Err(LudoError::GameOver)));
    assert_eq!(action_name(NUM_ACTIONS), "action 35");
    assert_eq!(action_name(PLACE_BASE + 2), "row 3");
    assert_eq!(action_name(u32::from(card("A♠"))), "A♠");
    assert!(s.string_to_action("row 0").is_err());
    assert!(s.string_to_action("x").is_err());
    assert_eq!(s.string_to_action("on row 1").unwrap(), PLACE_BASE);
}

#[test]
fn the_observation_tensor_of_a_match_position() {
    // A match of 5: game 1 drawn, game 2 (p1 first) won by p0; in game 3 (p0 first) p0 has placed
    // the A♠ on row 2 and p1 holds the drawn 8♥.
    let g = game(&[("scope", "match"), ("games", "5")]);
    let mut s = g.new_initial_state();
    let (d0, d1) = drawn_hands();
    play_game(&mut s, 0, DRAWN_BOARD, d0, d1);
    let (w0, w1) = worked_example_hands();
    play_game(&mut s, 1, WORKED_BOARD, w0, w1);
    assert_eq!(s.match_score(), ([1, 0], 1));
    assert_eq!(s.first_player(), 0);
    for b in ["9♠", "K♦", "7♣"] {
        s.apply_action(u32::from(card(b))).unwrap();
    }
    play(&mut s, "A♠", 2);
    s.apply_action(u32::from(card("8♥"))).unwrap();
    let c = |n: &str| card(n) as usize;
    let mut want = [vec![0.0f32; OBS_LEN], vec![0.0f32; OBS_LEN]];
    for w in &mut want {
        w[c("9♠")] = 1.0;
        w[96 + c("K♦")] = 1.0;
        w[192 + c("7♣")] = 1.0;
        w[320 + 2] = 1.0 / 24.0;
        w[320 + 5] = 1.0 / 5.0;
    }
    // p0: its own A♠ on row 2, first player, one game won.
    want[0][96 + 32 + c("A♠")] = 1.0;
    want[0][321] = 1.0;
    want[0][323] = 1.0 / 5.0;
    // p1: the opponent's A♠, its drawn 8♥, to move, one game lost.
    want[1][96 + 64 + c("A♠")] = 1.0;
    want[1][288 + c("8♥")] = 1.0;
    want[1][320] = 1.0;
    want[1][324] = 1.0 / 5.0;
    for (p, w) in want.iter().enumerate() {
        let mut out = vec![7.0; OBS_LEN];
        s.write_observation(p, &mut out);
        assert_eq!(&out, w, "p{p}");
    }
}

#[test]
fn the_information_state_is_the_public_record_and_ones_own_draw() {
    let g = game(&[("scope", "match"), ("games", "3")]);
    let mut s = g.new_initial_state();
    let (d0, d1) = drawn_hands();
    play_game(&mut s, 0, DRAWN_BOARD, d0, d1);
    for b in ["9♠", "K♦", "7♣"] {
        s.apply_action(u32::from(card(b))).unwrap();
    }
    // Game 2: p1 first.
    play(&mut s, "A♠", 2);
    s.apply_action(u32::from(card("8♥"))).unwrap();
    let tail = |p: usize| {
        let text = s.information_state_string(p);
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        assert_eq!(lines[0], format!("East–West, you are p{p}"));
        assert_eq!(lines[1], "board card A♠");
        assert_eq!(lines[4], "p0 places K♣ on row 1");
        assert_eq!(lines[5], "p1 places K♦ on row 1");
        assert_eq!(lines.len(), 1 + 3 + 24 + 1 + 3 + 1 + 1, "{text}");
        lines[28..].to_vec()
    };
    let want = |last: &str| {
        vec![
            "game 1 over: row 1 tied, row 2 p0, row 3 p1; draw".to_string(),
            "board card 9♠".to_string(),
            "board card K♦".to_string(),
            "board card 7♣".to_string(),
            "p1 places A♠ on row 2".to_string(),
            last.to_string(),
        ]
    };
    assert_eq!(tail(0), want("you drew 8♥"));
    assert_eq!(tail(1), want("p0 drew a card"));
}

#[test]
fn card_locations_show_the_drawn_card_in_its_drawers_hand() {
    let g = game(&[]);
    let mut s = dealt(&g, ["9♠", "K♦", "7♣"]);
    play(&mut s, "A♠", 2);
    s.apply_action(u32::from(card("8♥"))).unwrap();
    let id = |n: &str| u32::from(card(n));
    let mut board = vec![id("9♠"), id("K♦"), id("7♣")];
    board.sort();
    let locs = s.card_locations().unwrap();
    let names: Vec<&str> = locs.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(names, ["board", "rows 0", "rows 1", "hand 0", "hand 1", "stock"]);
    assert_eq!(locs[0].1, board);
    assert_eq!(locs[1].1, vec![id("A♠")]);
    assert!(locs[2].1.is_empty());
    assert!(locs[3].1.is_empty());
    assert_eq!(locs[4].1, vec![id("8♥")]);
    assert_eq!(locs[5].1.len(), 27);
    assert!(!locs[5].1.contains(&id("8♥")));
}

#[test]
fn the_table_text_during_and_after_a_game() {
    let g = game(&[]);
    let mut s = dealt(&g, ["9♠", "K♦", "7♣"]);
    play(&mut s, "A♠", 1);
    assert_eq!(
        s.to_string(),
        "East–West, omniscient; p0 first; placements 1/24; drawing\n\
         row 1: p0 A♠ | 9♠ | p1 -\n\
         row 2: p0 - | K♦ | p1 -\n\
         row 3: p0 - | 7♣ | p1 -\n\
         stock 28"
    );
    s.apply_action(u32::from(card("8♥"))).unwrap();
    assert!(s.to_string().contains("; p1 places 8♥\n"));
    assert!(s.observation_string(1).contains("; p1 places 8♥\n"));
    assert!(s.observation_string(0).contains("; p1 places a drawn card\n"));
    let end = drawn_game(&g).to_string();
    let tail: Vec<&str> = end.lines().skip(4).collect();
    assert_eq!(
        end.lines().next().unwrap(),
        "East–West, omniscient; p0 first; placements 24/24; over"
    );
    assert_eq!(tail[0], "stock 5");
    assert!(
        tail[1].starts_with("row 1: p0 ") && tail[1].ends_with(" → tied"),
        "{end}"
    );
    assert!(tail[2].ends_with(" → p0") && tail[3].ends_with(" → p1"), "{end}");
    assert_eq!(tail[4], "last game: row 1 tied, row 2 p0, row 3 p1; draw");
    // In a match: the header, and the last game's result between games (not its row hands).
    let g = game(&[("scope", "match"), ("games", "3")]);
    let mut s = g.new_initial_state();
    let (d0, d1) = drawn_hands();
    play_game(&mut s, 0, DRAWN_BOARD, d0, d1);
    let text = s.to_string();
    assert!(
        text.starts_with("East–West, omniscient; game 2/3; games won p0 0 p1 0, drawn 1; p1 first; placements 0/24; drawing\n"),
        "{text}"
    );
    assert!(
        text.ends_with("stock 32\nlast game: row 1 tied, row 2 p0, row 3 p1; draw"),
        "{text}"
    );
}

#[test]
fn first_completed_gives_a_tied_row_to_whoever_filled_it_first_through_the_engine() {
    let g = game(&[("row_tie_break", "first_completed")]);
    // p0 fills row 1 at placement 7, p1 at 8: the tied row 1 is p0's, and the game with it.
    let s = drawn_game(&g);
    let res = s.last_result().unwrap();
    assert_eq!(res.rows, [Some(0), Some(0), Some(1)]);
    assert_eq!(res.winner, Some(0));
    // p0 keeps its fourth row-1 card for its last placement (23): row 1 goes to p1 (placement 8).
    let (mut p0, p1) = drawn_hands();
    assert_eq!(p0[3], ("9♦", 1));
    p0[3..].rotate_left(1);
    let mut s = g.new_initial_state();
    play_game(&mut s, 0, DRAWN_BOARD, p0, p1);
    let res = s.last_result().unwrap();
    assert_eq!(res.rows, [Some(1), Some(0), Some(1)]);
    assert_eq!(res.winner, Some(1));
}

#[test]
fn a_match_ends_when_one_side_cannot_be_caught() {
    let (d0, d1) = drawn_hands();
    let (w0, w1) = worked_example_hands();
    // Best of 3: a draw and a p0 win leave p1 one game to catch up: play on. A second p0 win ends it.
    let g = game(&[("scope", "match"), ("games", "3")]);
    let mut s = g.new_initial_state();
    play_game(&mut s, 0, DRAWN_BOARD, d0, d1);
    play_game(&mut s, 1, WORKED_BOARD, w0, w1);
    assert_eq!(s.match_score(), ([1, 0], 1));
    assert!(!s.is_terminal());
    let mut sc = [0.0; 2];
    s.scores(&mut sc);
    assert_eq!(sc, [1.0, 0.0]);
    play_game(&mut s, 0, WORKED_BOARD, w0, w1);
    assert!(s.is_terminal());
    assert_eq!(s.match_score(), ([2, 0], 1));
    let mut ret = [0.0; 2];
    s.returns(&mut ret);
    assert_eq!(ret, [1.0, -1.0]);
    // Best of 3 won 1-0 after a win and two draws: all three games played.
    let mut s = g.new_initial_state();
    play_game(&mut s, 0, WORKED_BOARD, w0, w1);
    assert!(!s.is_terminal());
    play_game(&mut s, 1, DRAWN_BOARD, d0, d1);
    assert!(!s.is_terminal());
    play_game(&mut s, 0, DRAWN_BOARD, d0, d1);
    assert!(s.is_terminal());
    assert_eq!(s.match_score(), ([1, 0], 2));
    s.returns(&mut ret);
    assert_eq!(ret, [1.0, -1.0]);
    // Best of 5: 2-0 is not yet decided (p1 could still win 3-2).
    let g = game(&[("scope", "match"), ("games", "5")]);
    let mut s = g.new_initial_state();
    play_game(&mut s, 0, WORKED_BOARD, w0, w1);
    play_game(&mut s, 1, WORKED_BOARD, w0, w1);
    assert_eq!(s.match_score(), ([2, 0], 0));
    assert!(!s.is_terminal());
    play_game(&mut s, 0, WORKED_BOARD, w0, w1);
    assert!(s.is_terminal());
    // Best of 4: 2-0 with two left is still open, 3-0 is decided.
    let g = game(&[("scope", "match"), ("games", "4")]);
    let mut s = g.new_initial_state();
    play_game(&mut s, 0, WORKED_BOARD, w0, w1);
    play_game(&mut s, 1, WORKED_BOARD, w0, w1);
    assert!(!s.is_terminal());
    // ... and after a drawn third game p1 can at best reach 2-1 in the last: decided before 3 wins.
    play_game(&mut s, 0, DRAWN_BOARD, d0, d1);
    assert_eq!(s.match_score(), ([2, 0], 1));
    assert!(s.is_terminal());
    // A single game won by p0: its rows as scores.
    let s = scripted(&game(&[]), WORKED_BOARD, w0, w1);
    let mut sc = [0.0; 2];
    s.scores(&mut sc);
    assert_eq!(sc, [2.0, 1.0]);
}

#[test]
fn the_information_state_of_a_finished_game_ends_with_its_result() {
    // The last placement ends the game (and, in a single game, the play): the record then closes
    // with the result line, row 1 tied, row 2 p0, row 3 p1, a draw (1-1 is not two rows).
    let s = drawn_game(&game(&[]));
    assert!(s.is_terminal());
    for p in 0..2 {
        let text = s.information_state_string(p);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1 + 3 + 24 + 1, "{text}");
        assert_eq!(lines[27], "p1 places Q♠ on row 3");
        assert_eq!(lines[28], "game 1 over: row 1 tied, row 2 p0, row 3 p1; draw");
    }
}

#[test]
fn placements_count_each_placed_card_and_restart_with_the_next_game() {
    let g = game(&[("scope", "match"), ("games", "3")]);
    let mut s = dealt(&g, ["9♠", "K♦", "7♣"]);
    assert_eq!(s.placements(), 0);
    play(&mut s, "A♠", 1);
    // A drawn card is not yet a placement.
    s.apply_action(u32::from(card("8♥"))).unwrap();
    assert_eq!(s.placements(), 1);
    s.apply_action(PLACE_BASE).unwrap();
    assert_eq!(s.placements(), 2);
    // A whole game is 24 placements; the next game of the match starts again from none.
    let mut s = g.new_initial_state();
    let (d0, d1) = drawn_hands();
    play_game(&mut s, 0, DRAWN_BOARD, d0, d1);
    assert_eq!(s.game_number(), 1);
    assert_eq!(s.placements(), 0);
    let s = drawn_game(&game(&[]));
    assert_eq!(s.placements(), 24);
}
