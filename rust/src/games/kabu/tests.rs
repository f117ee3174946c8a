//! Kabu rules, each as a small concrete situation (rules file §10, oracles §14).

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
