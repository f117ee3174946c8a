//! Kabu rules, each as a small concrete situation.

use super::bot::{edge, search_thresholds, PairBot};
use super::*;

fn card(name: &str) -> u8 {
    deck().parse(name).unwrap().0
}

fn set(names: &[&str]) -> CardSet {
    names.iter().fold(CardSet::EMPTY, |s, n| s.with(Card(card(n))))
}

fn game(pairs: &[(&str, &str)]) -> Kabu {
    Kabu::with(pairs).unwrap()
}

fn give(s: &mut KabuState, names: &[&str]) {
    for n in names {
        s.apply_action(u32::from(card(n))).unwrap();
    }
}

#[test]
fn deck_is_40_cards_ace_to_ten() {
    assert_eq!(deck().len(), 40);
    assert_eq!(value(card("A♣")), 1);
    assert_eq!(value(card("10♠")), 10);
    assert_eq!(value(card("7♦")), 7);
}

#[test]
fn scores_are_totals_mod_10() {
    assert_eq!(score(set(&["7♣", "8♦"])), 5);
    assert_eq!(score(set(&["5♣", "5♦"])), 0);
    assert_eq!(score(set(&["9♣", "10♦"])), 9);
    assert_eq!(score(set(&["10♣", "10♦"])), 0);
    assert_eq!(score(set(&["A♣", "8♦"])), 9);
    assert_eq!(score(set(&["10♣", "10♦", "9♥", "A♠"])), 0);
}

#[test]
fn settlement_pays_every_higher_score_the_difference() {
    let mut out = [0i64; 3];
    settlement(&[9, 9, 4], 0b111, &mut out);
    assert_eq!(out, [5, 5, -10]);
    let mut two = [0i64; 2];
    settlement(&[7, 4], 0b11, &mut two);
    assert_eq!(two, [3, -3]);
    settlement(&[6, 6], 0b11, &mut two);
    assert_eq!(two, [0, 0]);
    assert_eq!(gross_owed(&[9, 9, 4], 0b111, 2), 10);
    // Owed only to the seats taking part: p1 left out, p2 owes p0's 5; p0 owes nobody.
    assert_eq!(gross_owed(&[9, 9, 4], 0b101, 2), 5);
    assert_eq!(gross_owed(&[9, 9, 4], 0b110, 2), 5);
    assert_eq!(gross_owed(&[9, 9, 4], 0b111, 0), 0);
    assert_eq!(gross_owed(&[2, 9, 4], 0b111, 0), 9);
    // A seat left out pays and receives nothing.
    settlement(&[9, 9, 4], 0b011, &mut out);
    assert_eq!(out, [0, 0, 0]);
}

#[test]
fn deal_is_two_cards_each_from_the_dealers_left_then_drawing_from_e() {
    let g = game(&[("players", "3")]);
    let mut s = g.new_initial_state();
    assert_eq!(s.dealer(), 2);
    give(&mut s, &["A♣", "2♣", "3♣", "4♣", "5♣", "6♣"]);
    assert_eq!(s.hand(0), set(&["A♣", "4♣"]));
    assert_eq!(s.hand(1), set(&["2♣", "5♣"]));
    assert_eq!(s.hand(2), set(&["3♣", "6♣"]));
    assert_eq!(s.current_player(), Player::Seat(0));
    let mut legal = vec![];
    s.legal_actions(&mut legal);
    assert_eq!(legal, vec![DRAW, STAND]);
}

#[test]
fn standing_is_final_and_two_draws_is_the_most() {
    let g = game(&[("players", "2")]);
    let mut s = g.new_initial_state();
    give(&mut s, &["A♣", "2♣", "3♣", "4♣"]);
    // Round 1: p0 draws, p1 stands.
    s.apply_action(DRAW).unwrap();
    assert_eq!(s.current_player(), Player::Chance);
    give(&mut s, &["5♣"]);
    assert_eq!(s.current_player(), Player::Seat(1));
    s.apply_action(STAND).unwrap();
    // Round 2: only p0; it draws its second card and the drawing is over.
    assert_eq!(s.current_player(), Player::Seat(0));
    s.apply_action(DRAW).unwrap();
    give(&mut s, &["6♣"]);
    assert!(s.is_terminal());
    // p0: A 3 5 6 = 15 → 5; p1: 2 4 = 6 → p0 pays 1.
    let mut r = [0.0; 2];
    s.returns(&mut r);
    assert_eq!(r, [-1.0, 1.0]);
    assert_eq!(s.drawn_count(0), 2);
}

#[test]
fn everyone_standing_goes_straight_to_the_showdown() {
    let g = game(&[]);
    let mut s = g.new_initial_state();
    give(&mut s, &["9♣", "A♣", "10♦", "3♣"]);
    s.apply_action(STAND).unwrap();
    s.apply_action(STAND).unwrap();
    assert!(s.is_terminal());
    let mut r = [0.0; 2];
    s.returns(&mut r);
    // 9+10 → 9 against 1+3 → 4: 5 chips.
    assert_eq!(r, [5.0, -5.0]);
}

#[test]
fn with_pass_not_final_a_stander_may_draw_in_a_later_round() {
    let g = game(&[("pass_is_final", "false")]);
    let mut s = g.new_initial_state();
    give(&mut s, &["A♣", "2♣", "3♣", "4♣"]);
    s.apply_action(STAND).unwrap(); // p0 passes this round
    s.apply_action(DRAW).unwrap(); // p1 draws
    give(&mut s, &["5♣"]);
    // Round 2: p0 may draw again.
    assert_eq!(s.current_player(), Player::Seat(0));
    s.apply_action(STAND).unwrap();
    s.apply_action(STAND).unwrap();
    // A round without a draw ends the drawing.
    assert!(s.is_terminal());
    // The default: a stander is skipped.
    let g = game(&[]);
    let mut s = g.new_initial_state();
    give(&mut s, &["A♣", "2♣", "3♣", "4♣"]);
    s.apply_action(STAND).unwrap();
    s.apply_action(DRAW).unwrap();
    give(&mut s, &["5♣"]);
    assert_eq!(s.current_player(), Player::Seat(1));
}

#[test]
fn starting_chips_are_10_plus_15_per_player() {
    for (n, chips) in [(2, 40), (3, 55), (4, 70), (5, 85), (6, 100)] {
        let g = game(&[("players", &n.to_string()), ("scope", "match")]);
        let s = g.new_initial_state();
        assert!(s.stacks().iter().all(|&c| c == chips), "{n}: {:?}", s.stacks());
    }
}

/// A 2-player match hand: p0 gets `a`, p1 gets `b`, both stand.
fn match_hand(s: &mut KabuState, a: [&str; 2], b: [&str; 2]) {
    // Deal order from E (the seat after the dealer).
    let e = (s.dealer() + 1) % 2;
    let (first, second) = if e == 0 { (a, b) } else { (b, a) };
    give(s, &[first[0], second[0], first[1], second[1]]);
    s.apply_action(STAND).unwrap();
    s.apply_action(STAND).unwrap();
}

#[test]
fn match_ends_at_the_first_settlement_someone_cannot_pay_void_by_default() {
    // Stacks of 12: p1 loses 9 (9 vs 0), then owes 9 with 3 chips left.
    let g = game(&[("scope", "match"), ("stack", "12")]);
    let mut s = g.new_initial_state();
    match_hand(&mut s, ["9♣", "10♣"], ["10♦", "10♥"]);
    assert_eq!(s.stacks(), &[21, 3]);
    assert!(!s.is_terminal());
    // The deal passed left.
    assert_eq!(s.dealer(), 0);
    match_hand(&mut s, ["9♦", "10♠"], ["10♣", "5♣"]);
    // p1 owes 4 with 3: the game ends, the settlement void.
    assert!(s.is_terminal());
    assert_eq!(s.stacks(), &[21, 3]);
    assert_eq!(s.insolvent(), 0b10);
    let mut r = [0.0; 2];
    s.returns(&mut r);
    assert_eq!(r, [1.0, -1.0]);
}

#[test]
fn owing_exactly_ones_chips_is_not_insolvent() {
    let g = game(&[("scope", "match"), ("stack", "12")]);
    let mut s = g.new_initial_state();
    match_hand(&mut s, ["9♣", "10♣"], ["10♦", "10♥"]); // p1: 3 chips
    match_hand(&mut s, ["3♦", "10♠"], ["10♣", "A♣"]); // p1 owes 3 - 1 = 2... 3 vs 1
    assert!(!s.is_terminal());
    assert_eq!(s.stacks(), &[23, 1]);
    match_hand(&mut s, ["A♦", "10♠"], ["10♣", "10♥"]); // owes exactly 1
    assert!(!s.is_terminal());
    assert_eq!(s.stacks(), &[24, 0]);
}

#[test]
fn gross_and_net_checks_differ_and_others_settle() {
    // 3 players, stacks 5: scores 9, 0, 8. p1 owes 9 + 8 = 17 (insolvent either way); p2 owes 1
    // and receives 8: solvent.
    for (settle, want) in [("void", [5, 5, 5]), ("others_settle", [6, 5, 4])] {
        let g = game(&[
            ("players", "3"),
            ("scope", "match"),
            ("stack", "5"),
            ("final_settlement", settle),
        ]);
        let mut s = g.new_initial_state();
        give(&mut s, &["9♣", "10♣", "8♣", "10♦", "10♥", "10♠"]);
        for _ in 0..3 {
            s.apply_action(STAND).unwrap();
        }
        assert!(s.is_terminal());
        assert_eq!(s.stacks(), &want, "{settle}");
    }
    // Gross vs net: scores 9, 5, 1 with stacks 4. p1 owes 4 gross (pays), receives 4: net 0.
    // p2 owes 8 + 4 = 12 > 4 under both. Make p1 the boundary: stacks 3 → gross 4 > 3 insolvent,
    // net 4 - 4 = 0 solvent.
    for (check, broke) in [("gross", 0b110u8), ("net", 0b100)] {
        let g = game(&[
            ("players", "3"),
            ("scope", "match"),
            ("stack", "3"),
            ("insolvency_check", check),
        ]);
        let mut s = g.new_initial_state();
        give(&mut s, &["9♣", "5♣", "A♣", "10♦", "10♥", "10♠"]);
        for _ in 0..3 {
            s.apply_action(STAND).unwrap();
        }
        assert_eq!(s.insolvent(), broke, "{check}");
    }
}

#[test]
fn most_chips_wins_and_ties_share() {
    let g = game(&[("players", "3"), ("scope", "match"), ("stack", "5")]);
    let mut s = g.new_initial_state();
    // Scores 9, 9, 0: p2 owes 18 > 5; void; stacks 5, 5, 5: a three-way tie.
    give(&mut s, &["9♣", "9♦", "10♣", "10♦", "10♥", "10♠"]);
    for _ in 0..3 {
        s.apply_action(STAND).unwrap();
    }
    let mut r = [0.0; 3];
    s.returns(&mut r);
    assert_eq!(r, [0.0, 0.0, 0.0]);
}

#[test]
fn a_hand_is_hidden_from_the_others_until_the_showdown() {
    let g = game(&[]);
    let mut a = g.new_initial_state();
    let mut b = g.new_initial_state();
    give(&mut a, &["9♣", "A♣", "10♦", "3♣"]);
    give(&mut b, &["9♣", "2♣", "10♦", "4♣"]); // p1's cards differ
    assert_eq!(a.observation_string(0), b.observation_string(0));
    assert_eq!(a.information_state_string(0), b.information_state_string(0));
    let len = g.observation_shape()[0];
    let (mut ta, mut tb) = (vec![0.0; len], vec![0.0; len]);
    a.write_observation(0, &mut ta);
    b.write_observation(0, &mut tb);
    assert_eq!(ta, tb);
    assert_ne!(a.observation_string(1), b.observation_string(1));
    // The number drawn is public.
    a.apply_action(DRAW).unwrap();
    give(&mut a, &["5♠"]);
    assert!(
        a.observation_string(1).contains("p0: ? ? ? | drew 1"),
        "{}",
        a.observation_string(1)
    );
}

#[test]
fn chips_are_conserved_over_100000_random_hands() {
    for n in 2..=6usize {
        let g = game(&[("players", &n.to_string())]);
        let mut s = g.new_initial_state();
        let mut r = [0.0; 6];
        for i in 0..20_000u64 {
            let mut rng = Rng::for_stream(n as u64, i);
            g.restart(&mut s);
            s.play_out_random(&mut rng);
            s.returns(&mut r[..n]);
            assert_eq!(r[..n].iter().sum::<f64>(), 0.0);
            // Nobody pays more than 9 to each opponent.
            assert!(r[..n].iter().all(|x| x.abs() <= 9.0 * (n - 1) as f64));
        }
    }
    // And over whole matches: the chips stay 10 + 15n in total.
    let g = game(&[("players", "4"), ("scope", "match"), ("ruleset", "lenient")]);
    for i in 0..200u64 {
        let mut s = g.new_initial_state();
        s.play_out_random(&mut Rng::new(i));
        assert_eq!(s.stacks().iter().sum::<i64>(), 4 * 70);
        assert!(s.stacks().iter().all(|&c| c >= 0));
    }
}

#[test]
fn best_bot_does_not_lose_to_the_threshold_bot() {
    for n in [2usize, 4] {
        let g = game(&[("players", &n.to_string())]);
        let v = edge(&g, &BestBot, &ThresholdBot::default(), 40_000, 9);
        assert!(v >= -0.02, "{n} players: {v}");
    }
    // With six players the edge is clear (+0.25 chips per hand measured, noise about 0.04).
    let g = game(&[("players", "6")]);
    assert!(edge(&g, &BestBot, &ThresholdBot::default(), 40_000, 3) > 0.05);
    // And a policy that never draws (below 0 nothing) loses to the threshold bot.
    let g = game(&[]);
    let never = edge(&g, &PairBot([0, 0]), &ThresholdBot::default(), 40_000, 4);
    let best = edge(&g, &BestBot, &ThresholdBot::default(), 40_000, 4);
    assert!(never < best, "{never} {best}");
}

/// How `BEST_THRESHOLDS` was found (slow: run with `--ignored --nocapture` in release).
#[test]
#[ignore]
fn find_best_thresholds() {
    for n in 2..=6 {
        let (t, v) = search_thresholds(n, 50_000, 2026);
        let g = game(&[("players", &n.to_string())]);
        let base = edge(
            &g,
            &ThresholdBot::default(),
            &ThresholdBot::default(),
            50_000,
            2026,
        );
        println!("players {n}: best {t:?} {v:+.4} chips/hand; threshold bot itself {base:+.4}");
    }
}

/// The trait's default random playout (the loop `play_out_random` replaces), step by step.
fn plain_random_playout(s: &mut KabuState, rng: &mut Rng) {
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
    let specs: [&[(&str, &str)]; 3] = [
        &[("players", "6")],
        &[("players", "3"), ("pass_is_final", "false")],
        &[("players", "4"), ("scope", "match"), ("stack", "20")],
    ];
    for spec in specs {
        let g = game(spec);
        for seed in 0..300u64 {
            let mut rng = Rng::new(seed);
            let mut s = g.new_initial_state();
            for _ in 0..rng.below(40) {
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
            assert_eq!(fused.history(), plain.history(), "{spec:?} seed {seed}");
            assert_eq!(r1, r2, "the same draws from the stream");
            assert_eq!(fused.stacks(), plain.stacks());
            assert_eq!(fused.last_net(), plain.last_net());
        }
    }
}

#[test]
fn the_settlement_is_every_pair_paying_the_difference() {
    // The rule as written (each seat pays every higher score the difference, pair by pair) against
    // the settlement over random scores and random sets of seats taking part.
    let mut rng = Rng::new(3);
    for _ in 0..5000 {
        let n = 2 + rng.below(5) as usize;
        let scores: Vec<u8> = (0..n).map(|_| rng.below(10) as u8).collect();
        let among = rng.below(1 << n) as u8;
        let mut pairwise = vec![0i64; n];
        for i in 0..n {
            for j in 0..n {
                if among >> i & 1 != 0 && among >> j & 1 != 0 && scores[j] > scores[i] {
                    let d = i64::from(scores[j] - scores[i]);
                    pairwise[i] -= d;
                    pairwise[j] += d;
                }
            }
        }
        let mut net = vec![0i64; n];
        settlement(&scores, among, &mut net);
        assert_eq!(net, pairwise, "scores {scores:?} among {among:#b}");
    }
}

#[test]
fn the_games_shape_and_bounds() {
    use crate::core::game::Utility;
    for n in 2..=6usize {
        let ns = n.to_string();
        let g = game(&[("players", &ns)]);
        assert_eq!(g.num_players(), n);
        assert_eq!(g.num_distinct_actions(), 42);
        assert_eq!(g.max_chance_outcomes(), 40);
        assert_eq!(g.observation_shape(), vec![40 + 16 * n + 4]);
        let m = 9.0 * (n - 1) as f64;
        assert_eq!(g.utility(), Some(Utility::zero_sum(-m, m)));
        let gm = game(&[("players", &ns), ("scope", "match")]);
        assert_eq!(gm.utility(), Some(Utility::zero_sum(-1.0, (n - 1) as f64)));
    }
    // Per hand at most 2 dealt cards, 2 draws (a decision and a card each) and a stand per seat.
    assert_eq!(game(&[("players", "3")]).max_game_length(), 21);
    // Passing not final: also a pass in each of up to 2n + 1 rounds.
    assert_eq!(
        game(&[("players", "3"), ("pass_is_final", "false")]).max_game_length(),
        6 + 12 + 3 * 7
    );
    assert_eq!(
        game(&[("scope", "match"), ("max_hands", "4")]).max_game_length(),
        4 * 14
    );
    // `max_hands` counts only in a match; everyone drawing twice is the longest hand.
    assert_eq!(game(&[("max_hands", "4")]).max_game_length(), 14);
    let g = game(&[("players", "3")]);
    let mut s = g.new_initial_state();
    give(&mut s, &["A♣", "2♣", "3♣", "4♣", "5♣", "6♣"]);
    for c in ["7♣", "8♣", "9♣", "A♦", "2♦", "3♦"] {
        s.apply_action(DRAW).unwrap();
        give(&mut s, &[c]);
    }
    assert!(s.is_terminal());
    assert_eq!(s.history().len(), 18);
}

#[test]
fn restart_is_a_fresh_game() {
    let g = game(&[("scope", "match"), ("stack", "12")]);
    let mut s = g.new_initial_state();
    match_hand(&mut s, ["9♣", "10♣"], ["10♦", "10♥"]);
    give(&mut s, &["A♣"]);
    g.restart(&mut s);
    assert!(s.history().is_empty());
    assert_eq!(s.stacks(), &[12, 12]);
    assert_eq!(s.hand_number(), 0);
    assert_eq!(s.dealer(), 1);
    assert_eq!(s.stock().len(), 40);
    assert_eq!(s.hand(0), CardSet::EMPTY);
    assert_eq!(s.to_string(), g.new_initial_state().to_string());
}

#[test]
fn the_state_as_a_hand_goes() {
    let g = game(&[("players", "3")]);
    let mut s = g.new_initial_state();
    assert_eq!(s.decider(), None);
    assert_eq!(s.current_player(), Player::Chance);
    give(&mut s, &["A♣", "2♣", "3♣", "4♣", "5♣", "6♣"]);
    assert_eq!(s.decider(), Some(0));
    assert_eq!(s.stock().len(), 34);
    assert!(!s.stock().contains(Card(card("6♣"))));
    assert_eq!(s.score_of(2), 9);
    s.apply_action(STAND).unwrap();
    assert!(s.has_stood(0) && !s.has_stood(1));
    s.apply_action(DRAW).unwrap();
    assert_eq!(s.decider(), None);
    assert_eq!(s.drawn_count(1), 1);
    assert_eq!(s.current_player(), Player::Chance);
    give(&mut s, &["10♠"]);
    assert_eq!(s.hand(1), set(&["2♣", "5♣", "10♠"]));
    assert_eq!(s.decider(), Some(2));
    s.apply_action(STAND).unwrap();
    // Round 2: only p1 may still draw.
    assert_eq!(s.decider(), Some(1));
    s.apply_action(STAND).unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.hand_number(), 1);
    // Scores 5 (A 4), 7 (2 5 10), 9 (3 6): p0 pays 2 and 4, p1 pays 2.
    assert_eq!(s.last_net(), &[-6, 0, 6]);
    let mut sc = [0.0; 3];
    s.scores(&mut sc);
    assert_eq!(sc, [-6.0, 0.0, 6.0]);
    let mut legal = vec![1];
    s.legal_actions(&mut legal);
    assert!(legal.is_empty());
    assert_eq!(s.current_player(), Player::Terminal);
}

#[test]
fn chance_outcomes_are_the_stock_each_equally_likely() {
    let g = game(&[]);
    let mut s = g.new_initial_state();
    let mut out = vec![];
    s.chance_outcomes(&mut out);
    assert_eq!(out.len(), 40);
    assert!(out.iter().all(|o| o.1 == 1.0 / 40.0));
    give(&mut s, &["A♣", "2♣", "3♣", "4♣"]);
    s.chance_outcomes(&mut out);
    assert!(out.is_empty());
    s.apply_action(DRAW).unwrap();
    s.chance_outcomes(&mut out);
    assert_eq!(out.len(), 36);
    let stock: Vec<Action> = s.stock().iter().map(|c| u32::from(c.0)).collect();
    assert_eq!(out.iter().map(|o| o.0).collect::<Vec<_>>(), stock);
    assert!(out.iter().all(|o| (o.1 - 1.0 / 36.0).abs() < 1e-15));
    let mut legal = vec![];
    s.legal_actions(&mut legal);
    assert_eq!(legal, stock);
}

#[test]
fn illegal_actions_say_why_and_change_nothing() {
    let g = game(&[]);
    let mut s = g.new_initial_state();
    let err = s.apply_action(DRAW).unwrap_err().to_string();
    assert!(err.contains("a card is being dealt"), "{err}");
    give(&mut s, &["A♣"]);
    let err = s.apply_action(u32::from(card("A♣"))).unwrap_err().to_string();
    assert!(err.contains("already in a hand"), "{err}");
    give(&mut s, &["2♣", "3♣", "4♣"]);
    let text = s.to_string();
    let err = s.apply_action(u32::from(card("5♣"))).unwrap_err().to_string();
    assert!(err.contains("p0 is to draw or stand"), "{err}");
    assert!(s.apply_action(NUM_ACTIONS).is_err());
    assert_eq!(s.to_string(), text);
    assert_eq!(s.history().len(), 4);
    s.apply_action(STAND).unwrap();
    s.apply_action(STAND).unwrap();
    assert!(matches!(s.apply_action(DRAW), Err(LudoError::GameOver)));
    assert_eq!(action_name(42), "action 42");
    assert_eq!(action_name(DRAW), "draw");
    assert_eq!(action_name(STAND), "stand");
    assert_eq!(action_name(39), "10♠");
    for (t, a) in [
        ("hit", DRAW),
        ("d", DRAW),
        ("card", DRAW),
        ("pass", STAND),
        ("stay", STAND),
    ] {
        assert_eq!(s.string_to_action(t).unwrap(), a, "{t}");
    }
    assert_eq!(s.string_to_action(" Stand ").unwrap(), STAND);
    assert_eq!(s.string_to_action("7d").unwrap(), u32::from(card("7♦")));
    assert!(s.string_to_action("fold").is_err());
    for a in 0..NUM_ACTIONS {
        assert_eq!(s.string_to_action(&s.action_to_string(a)).unwrap(), a);
    }
}

/// A 3-player match (stacks 10, net check, the others settle): hand 1 leaves 21, 9, 0; in hand 2
/// p1 (score 0) cannot pay 14, and without p1's 5 p2 (no chips) cannot pay p0 its 4 either.
fn cascade_match() -> KabuState {
    let g = game(&[
        ("players", "3"),
        ("scope", "match"),
        ("stack", "10"),
        ("ruleset", "lenient"),
    ]);
    let mut s = g.new_initial_state();
    // Hand 1, dealer p2: scores 7 (3 4), 3 (A 2), 0 (10 10); p2 pays exactly its 10.
    give(&mut s, &["3♣", "A♣", "10♣", "4♣", "2♣", "10♦"]);
    for _ in 0..3 {
        s.apply_action(STAND).unwrap();
    }
    assert_eq!(s.stacks(), &[21, 9, 0]);
    assert!(!s.is_terminal());
    assert_eq!(s.dealer(), 0);
    // Hand 2, dealer p0, dealt from p1: scores 9 (9 10), 0 (10 10), 5 (5 10).
    give(&mut s, &["10♦", "5♣", "9♣", "10♥", "10♠", "10♣"]);
    assert_eq!(s.hand(1), set(&["10♦", "10♥"]));
    assert_eq!(s.hand(2), set(&["5♣", "10♠"]));
    assert_eq!(s.decider(), Some(1));
    for _ in 0..3 {
        s.apply_action(STAND).unwrap();
    }
    s
}

#[test]
fn excluding_an_insolvent_player_can_make_another_insolvent() {
    let s = cascade_match();
    assert!(s.is_terminal());
    assert_eq!(s.insolvent(), 0b110);
    // Nobody is left to settle with p0: the stacks stay.
    assert_eq!(s.stacks(), &[21, 9, 0]);
    assert_eq!(s.last_net(), &[0, 0, 0]);
    let mut r = [0.0; 3];
    s.returns(&mut r);
    assert_eq!(r, [2.0, -1.0, -1.0]);
    let mut sc = [0.0; 3];
    s.scores(&mut sc);
    assert_eq!(sc, [21.0, 9.0, 0.0]);
    assert!(s.to_string().ends_with("; p1, p2 could not pay"), "{s}");
}

#[test]
fn two_players_sharing_the_most_chips_share_the_win() {
    let g = game(&[("players", "3"), ("scope", "match"), ("stack", "10")]);
    let mut s = g.new_initial_state();
    // Hand 1: scores 5, 5, 0: p2 pays its 10. Hand 2 (from p1): 1, 1, 0: p2 cannot pay 2.
    give(&mut s, &["5♣", "5♦", "10♣", "10♦", "10♥", "10♠"]);
    for _ in 0..3 {
        s.apply_action(STAND).unwrap();
    }
    assert_eq!(s.stacks(), &[15, 15, 0]);
    give(&mut s, &["A♦", "10♣", "A♣", "10♦", "10♥", "10♠"]);
    for _ in 0..3 {
        s.apply_action(STAND).unwrap();
    }
    assert!(s.is_terminal());
    assert_eq!(s.insolvent(), 0b100);
    let mut r = [0.0; 3];
    s.returns(&mut r);
    assert_eq!(r, [0.5, 0.5, -1.0]);
}

#[test]
fn a_match_ends_after_max_hands_and_the_deal_passes_left() {
    let g = game(&[("players", "3"), ("scope", "match"), ("max_hands", "3")]);
    let mut s = g.new_initial_state();
    let mut dealers = vec![];
    for _ in 0..3 {
        assert!(!s.is_terminal());
        dealers.push(s.dealer());
        // The first card goes to the seat after the dealer.
        give(&mut s, &["7♣"]);
        assert_eq!(s.hand((s.dealer() + 1) % 3), set(&["7♣"]));
        give(&mut s, &["A♣", "2♣", "3♣", "4♣", "5♣"]);
        for _ in 0..3 {
            s.apply_action(STAND).unwrap();
        }
    }
    assert_eq!(dealers, [2, 0, 1]);
    assert!(s.is_terminal());
    assert_eq!(s.hand_number(), 3);
    assert_eq!(s.stacks().iter().sum::<i64>(), 3 * 55);
    // A single hand is one hand whatever max_hands says.
    let mut s = game(&[("max_hands", "3")]).new_initial_state();
    give(&mut s, &["A♣", "2♣", "3♣", "4♣"]);
    s.apply_action(STAND).unwrap();
    s.apply_action(STAND).unwrap();
    assert!(s.is_terminal());
}

#[test]
fn with_pass_not_final_a_player_who_drew_twice_is_done_and_rounds_go_on_while_someone_draws() {
    let g = game(&[("pass_is_final", "false")]);
    let mut s = g.new_initial_state();
    give(&mut s, &["A♣", "2♣", "3♣", "4♣"]);
    // Round 1: p0 draws, p1 passes; round 2: both draw (p1 after its pass).
    s.apply_action(DRAW).unwrap();
    give(&mut s, &["5♣"]);
    s.apply_action(STAND).unwrap();
    assert_eq!(s.decider(), Some(0));
    s.apply_action(DRAW).unwrap();
    give(&mut s, &["6♣"]);
    assert_eq!(s.decider(), Some(1));
    s.apply_action(DRAW).unwrap();
    give(&mut s, &["7♣"]);
    // Round 3: p1 alone (p0 has drawn twice); its pass ends a round without a draw.
    assert_eq!(s.decider(), Some(1));
    assert!(
        s.to_string().contains("p0: A♣ 3♣ 5♣ 6♣ (score 5) | drew 2, done"),
        "{s}"
    );
    s.apply_action(STAND).unwrap();
    assert!(s.is_terminal());
}

#[test]
fn the_observation_tensor_of_a_match_position() {
    // Stacks 12 (24 in all): hand 1 leaves 21, 3; in hand 2 (dealer p0) p1 has drawn one card (5♦,
    // for 10♣ 5♣ 5♦: score 0) and p0 (9♦ 10♠: 9) is to decide.
    let g = game(&[("scope", "match"), ("stack", "12")]);
    let mut s = g.new_initial_state();
    match_hand(&mut s, ["9♣", "10♣"], ["10♦", "10♥"]);
    give(&mut s, &["10♣", "9♦", "5♣", "10♠"]);
    s.apply_action(DRAW).unwrap();
    give(&mut s, &["5♦"]);
    assert_eq!(s.decider(), Some(0));
    let c = |n: &str| card(n) as usize;
    let len = 40 + 32 + 4;
    let mut want = [vec![0.0f32; len], vec![0.0f32; len]];
    for w in &mut want {
        w[72] = 1.0 / 1000.0;
        w[73] = 1.0;
    }
    // p0's view: its cards; itself (offset 0) the decider, the dealer, 21/24 chips, scored 9 last;
    // p1 (offset 1) drew one, 3/24 chips, scored 0.
    want[0][c("9♦")] = 1.0;
    want[0][c("10♠")] = 1.0;
    want[0][40 + 2] = 1.0;
    want[0][40 + 3] = 1.0;
    want[0][40 + 4] = 21.0 / 24.0;
    want[0][40 + 6 + 9] = 1.0;
    want[0][56] = 0.5;
    want[0][56 + 4] = 3.0 / 24.0;
    want[0][56 + 6] = 1.0;
    // p1's view: the same seats the other way round.
    for n in ["10♣", "5♣", "5♦"] {
        want[1][c(n)] = 1.0;
    }
    want[1][40] = 0.5;
    want[1][40 + 4] = 3.0 / 24.0;
    want[1][40 + 6] = 1.0;
    want[1][56 + 2] = 1.0;
    want[1][56 + 3] = 1.0;
    want[1][56 + 4] = 21.0 / 24.0;
    want[1][56 + 6 + 9] = 1.0;
    for (p, w) in want.iter().enumerate() {
        let mut out = vec![7.0; len];
        s.write_observation(p, &mut out);
        assert_eq!(&out, w, "p{p}");
    }
    // The end: p0 stands, p1 stands (0 against 9): p1 owes 9 with 3 chips.
    s.apply_action(STAND).unwrap();
    s.apply_action(STAND).unwrap();
    assert!(s.is_terminal());
    let mut out = vec![0.0; len];
    s.write_observation(0, &mut out);
    assert_eq!(out[56 + 5], 1.0, "p1 insolvent");
    assert_eq!(out[40 + 5], 0.0);
    assert_eq!(&out[72..], &[2.0 / 1000.0, 0.0, 0.0, 1.0]);
    s.write_observation(1, &mut out);
    assert_eq!(out[40 + 5], 1.0);
    // Mid-deal: a chance node.
    let s = g.new_initial_state();
    s.write_observation(0, &mut out);
    assert_eq!(&out[72..], &[0.0, 0.0, 1.0, 0.0]);
    assert_eq!(out[40 + 4], 0.5);
    // A single hand shows no chips.
    let g = game(&[]);
    let s = g.new_initial_state();
    s.write_observation(0, &mut out);
    assert_eq!(out[40 + 4], 0.0);
}

#[test]
fn the_information_state_is_ones_own_cards_the_others_actions_and_the_showdown() {
    let g = game(&[]);
    let mut s = g.new_initial_state();
    give(&mut s, &["9♣", "A♣", "10♦", "3♣"]);
    s.apply_action(STAND).unwrap();
    s.apply_action(DRAW).unwrap();
    give(&mut s, &["5♠"]);
    // p0 has stood for good: p1 alone draws its second card in round 2, and the hand is over.
    s.apply_action(DRAW).unwrap();
    give(&mut s, &["2♦"]);
    assert!(s.is_terminal());
    let lines = |p: usize| {
        s.information_state_string(p)
            .lines()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let showdown = "showdown: p0 9♣ 10♦ (9), p1 A♣ 3♣ 2♦ 5♠ (1); net [8, -8]";
    assert_eq!(
        lines(0),
        [
            "Kabu, you are p0",
            "you get 9♣",
            "p1 gets a card",
            "you get 10♦",
            "p1 gets a card",
            "p0 stand",
            "p1 draw",
            "p1 gets a card",
            "p1 draw",
            "p1 gets a card",
            showdown,
        ]
    );
    assert_eq!(
        lines(1),
        [
            "Kabu, you are p1",
            "p0 gets a card",
            "you get A♣",
            "p0 gets a card",
            "you get 3♣",
            "p0 stand",
            "p1 draw",
            "you get 5♠",
            "p1 draw",
            "you get 2♦",
            showdown,
        ]
    );
}

#[test]
fn card_locations_are_hands_until_the_showdown_shows_them() {
    let g = game(&[]);
    let mut s = g.new_initial_state();
    give(&mut s, &["9♣", "A♣", "10♦"]);
    let id = |n: &str| u32::from(card(n));
    let locs = s.card_locations().unwrap();
    assert_eq!(locs[0], ("hand 0".to_string(), vec![id("9♣"), id("10♦")]));
    assert_eq!(locs[1], ("hand 1".to_string(), vec![id("A♣")]));
    assert_eq!(locs[2].0, "stock");
    assert_eq!(locs[2].1.len(), 37);
    assert_eq!(locs.len(), 3);
    give(&mut s, &["3♣"]);
    s.apply_action(STAND).unwrap();
    s.apply_action(STAND).unwrap();
    let locs = s.card_locations().unwrap();
    assert_eq!(locs[0].0, "shown 0");
    assert_eq!(locs[1], ("shown 1".to_string(), vec![id("A♣"), id("3♣")]));
}

#[test]
fn the_table_text_during_and_after_a_hand() {
    let g = game(&[]);
    let mut s = g.new_initial_state();
    assert_eq!(
        s.to_string(),
        "Kabu, omniscient; hand 1; dealer p1; dealing\np0: - (score 0) | drew 0\np1: - (score 0) | drew 0"
    );
    give(&mut s, &["9♣", "A♣", "10♦", "3♣"]);
    assert_eq!(
        s.observation_string(1),
        "Kabu, you are p1; hand 1; dealer p1; p0 to draw or stand\n\
         p0: ? ? | drew 0\n\
         p1 (you): A♣ 3♣ (score 4) | drew 0"
    );
    s.apply_action(STAND).unwrap();
    s.apply_action(DRAW).unwrap();
    assert!(s.to_string().contains("; p1 draws\n"), "{s}");
    assert!(
        s.to_string().contains("p0: 9♣ 10♦ (score 9) | drew 0, stood\n"),
        "{s}"
    );
    give(&mut s, &["5♠"]);
    s.apply_action(STAND).unwrap();
    // Over: every hand shown, to every viewer.
    let text = s.observation_string(0);
    assert!(
        text.lines().next().unwrap().ends_with("; dealer p1; over"),
        "{text}"
    );
    assert_eq!(
        text.split_once('\n').unwrap().1,
        "p0 (you): 9♣ 10♦ (score 9) | drew 0, stood\n\
         p1: A♣ 3♣ 5♠ (score 9) | drew 1, stood\n\
         last showdown: p0 9 (+0), p1 9 (+0)"
    );
    // A match shows the chips.
    let g = game(&[("scope", "match"), ("stack", "12")]);
    let mut s = g.new_initial_state();
    match_hand(&mut s, ["9♣", "10♣"], ["10♦", "10♥"]);
    assert_eq!(
        s.to_string(),
        "Kabu, omniscient; hand 2; dealer p0; dealing\n\
         p0: - (score 0) | drew 0 | chips 21\n\
         p1: - (score 0) | drew 0 | chips 3\n\
         last showdown: p0 9 (+9), p1 0 (-9)"
    );
}

#[test]
fn after_a_cascade_the_players_left_settle_among_themselves() {
    // 4 players with 2 chips (net check, the others settle): scores 0, 5, 9, 8. p0 cannot pay 22;
    // p1 loses 2 among all (pays 4 and 3, receives 5) but 7 without p0: out too. p2 and p3 settle: 1.
    let g = game(&[
        ("players", "4"),
        ("scope", "match"),
        ("stack", "2"),
        ("ruleset", "lenient"),
    ]);
    let mut s = g.new_initial_state();
    give(&mut s, &["10♣", "5♣", "9♣", "4♣", "10♦", "10♥", "10♠", "4♦"]);
    for _ in 0..4 {
        s.apply_action(STAND).unwrap();
    }
    assert!(s.is_terminal());
    assert_eq!(s.insolvent(), 0b0011);
    assert_eq!(s.stacks(), &[2, 2, 3, 1]);
    assert_eq!(s.last_net(), &[0, 0, 1, -1]);
    let mut r = [0.0; 4];
    s.returns(&mut r);
    assert_eq!(r, [-1.0, -1.0, 3.0, -1.0]);
}
