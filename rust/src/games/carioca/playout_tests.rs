//! Carioca's random playout: what a random meld step draws (the samplers of `state.rs`), checked
//! against the rejection draw their doc comments describe, over seeded games of every contract.

use super::state::{CariocaState, Phase};
use super::tests::situation;
use super::*;
use crate::core::game::{Action, Game, State};
use crate::core::rng::Rng;

/// The random meld step as `CariocaState::sample_meld` documents it: a uniform draw from a superset
/// of the legal actions that costs nothing to list, redrawn until legal, at most 64 draws; then (or
/// where there is no such superset: a picked card waiting for its lay-off target, or an empty hand
/// before anything is picked) a uniform draw from the listed legal actions. The superset, in draw
/// order: with nothing picked (or the contract down and no card picked), every card of the hand as a
/// discard, then every card as a pick; while the contract is being built, every card as a pick, then
/// close, close low, close high and cancel. Cards go in ascending id order. Also returns whether the
/// superset's draw (rather than the list) gave the action.
fn documented_draw(st: &CariocaState, rng: &mut Rng) -> (Action, bool) {
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let s = st.to_move as usize;
    let hand: Vec<Action> = (0..P).filter(|&id| st.hands[s].contains(id as u8)).collect();
    let building = !st.pending.is_empty() || !st.staged.is_empty();
    let superset: Vec<Action> = if st.down[s] && !st.pending.is_empty() {
        Vec::new()
    } else if st.down[s] || !building {
        let discards = hand.iter().map(|&id| DISCARD + id);
        discards.chain(hand.iter().map(|&id| PICK + id)).collect()
    } else {
        let picks = hand.iter().map(|&id| PICK + id);
        picks.chain([CLOSE, CLOSE_LOW, CLOSE_HIGH, CANCEL]).collect()
    };
    if !superset.is_empty() {
        for _ in 0..64 {
            let a = superset[rng.below(superset.len() as u32) as usize];
            if legal.contains(&a) {
                return (a, true);
            }
        }
    }
    (legal[rng.below(legal.len() as u32) as usize], false)
}

/// The kind of a meld-phase action, as an index into the counts below.
fn kind_of(a: Action) -> usize {
    match a {
        a if (DISCARD..PICK).contains(&a) => 0,
        a if (PICK..CLOSE).contains(&a) => 1,
        CLOSE => 2,
        CLOSE_LOW => 3,
        CLOSE_HIGH => 4,
        CANCEL => 5,
        _ => 6,
    }
}

const KINDS_NAMED: [&str; 7] = [
    "discard",
    "pick",
    "close",
    "close low",
    "close high",
    "cancel",
    "lay-off target",
];

#[test]
fn a_random_meld_step_is_the_first_legal_draw_of_the_documented_superset() {
    // Seeded one-hand games of each of the seven contracts (the hand number set before the deal), 2
    // and 4 players, with the flags on and off. At every meld step `random_action` must give the
    // action the documented rejection draw gives with the same generator, and leave the generator
    // where it leaves it; every sampled action is legal (`apply_action` checks), every game ends within
    // the length bound, and every kind of meld action is drawn somewhere, by the superset's draws and
    // by the list's.
    let mut by_superset = [0usize; 7];
    let mut by_list = [0usize; 7];
    let mut steps = 0;
    for spec in [
        "carioca(scope=deal,players=2)",
        "carioca(scope=deal,players=4,contract_meld_exact_size=false,go_out_requires_discard=true)",
    ] {
        let g = Carioca::from_game_string(spec).unwrap();
        for hand in 0..7u8 {
            for seed in 0..12u64 {
                let mut st = g.new_initial_state();
                st.hand_no = hand;
                let mut rng = Rng::new(100 * hand as u64 + seed);
                while !st.is_terminal() {
                    let a = if st.is_chance_node() {
                        st.sample_chance(&mut rng)
                    } else if st.phase() == Phase::Meld {
                        let mut model = rng.clone();
                        let (want, drawn) = documented_draw(&st, &mut model);
                        let got = st.random_action(&mut rng);
                        assert_eq!(
                            st.action_to_string(got),
                            st.action_to_string(want),
                            "{spec} hand {hand} seed {seed}:\n{st}"
                        );
                        assert_eq!(rng, model, "{spec} hand {hand} seed {seed}: the same draws");
                        if drawn {
                            by_superset[kind_of(got)] += 1;
                        } else {
                            by_list[kind_of(got)] += 1;
                        }
                        steps += 1;
                        got
                    } else {
                        st.random_action(&mut rng)
                    };
                    st.apply_action(a).unwrap();
                }
                assert_eq!(st.hand_no, hand, "{spec}: one hand");
                assert!(st.history().len() <= g.max_game_length(), "{spec} hand {hand}");
            }
        }
    }
    for k in 0..6 {
        assert!(by_superset[k] > 0, "{}: {by_superset:?}", KINDS_NAMED[k]);
    }
    assert!(by_list[6] > 0, "lay-off targets: {by_list:?}");
    assert!(
        by_list.iter().take(6).sum::<usize>() > 0,
        "64 misses: {by_list:?}"
    );
    assert!(steps > 1000, "{steps}");
}

fn act(st: &mut CariocaState, name: &str) {
    let a = st
        .string_to_action(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    st.apply_action(a).unwrap_or_else(|e| panic!("{name}: {e}\n{st}"));
}

#[test]
fn a_contract_laid_from_the_whole_hand_draws_its_close_or_cancel_as_documented() {
    // Melds longer than the contract's sizes, and going out needs no discard: seat 0 lays its whole
    // hand as the two trios, 7C 7D 7H 7S closed, then 9C 9D and 9H (from the pile) picked. The hand is
    // empty, close and cancel are legal, and the documented draw is from close, close low, close high
    // and cancel (no card is left to pick) until close or cancel: each half the time, by the same draws
    // of the generator.
    let g =
        Carioca::from_game_string("carioca(scope=deal,players=2,contract_meld_exact_size=false)").unwrap();
    // Seat 0 to draw, 9H on the pile, every card not named in the stock.
    let mut st = situation(&g, 0, 0, &["7C 7D 7H 7S 9C 9D", "3C 5D"], "9H", &[], &[]);
    for name in [
        "take pile",
        "pick 7C",
        "pick 7D",
        "pick 7H",
        "pick 7S",
        "close",
        "pick 9C",
        "pick 9D",
        "pick 9H",
    ] {
        act(&mut st, name);
    }
    assert!(st.hand(0).is_empty());
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    assert_eq!(legal, [CLOSE, CANCEL]);
    let mut cancels = 0;
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let mut model = rng.clone();
        let (want, drawn) = documented_draw(&st, &mut model);
        assert!(drawn, "close or cancel within 64 draws of four");
        let got = st.random_action(&mut rng);
        assert_eq!(got, want, "seed {seed}");
        assert_eq!(rng, model, "seed {seed}: the same draws");
        cancels += (got == CANCEL) as usize;
    }
    assert!((70..=130).contains(&cancels), "{cancels} cancels of 200");
}
