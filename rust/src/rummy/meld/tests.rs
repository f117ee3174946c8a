//! Table tests of the meld rules: every case a small concrete meld with the expected verdict.

use super::*;
use crate::rummy::bag::{parse_kind, rank_of, KindCounts, JOKER};

fn k(text: &str) -> Vec<u8> {
    text.split_whitespace().map(|t| parse_kind(t).unwrap()).collect()
}

/// Carioca after the contract: trios of 3+ (suits may repeat), escaleras 4..=13 with the ace low or high.
const TRIO: SetRules = SetRules {
    min_len: 3,
    max_len: 255,
    max_wild: 255,
    min_natural: 1,
    twos_wild: false,
    lowest_rank: 2,
};
const ESCALERA: RunRules = RunRules {
    min_len: 4,
    max_len: 13,
    ace_low: true,
    lowest_rank: 2,
    max_wild: 13,
};
/// A Carioca contract meld: exactly 3 / 4 cards, at most one joker.
const CONTRACT_TRIO: SetRules = SetRules {
    min_len: 3,
    max_len: 3,
    max_wild: 1,
    min_natural: 2,
    twos_wild: false,
    lowest_rank: 2,
};
const CONTRACT_ESCALERA: RunRules = RunRules {
    min_len: 4,
    max_len: 4,
    ace_low: true,
    lowest_rank: 2,
    max_wild: 1,
};
/// Samba: sets of 3..=7 ranks 4..A with at most two wilds (jokers and 2s) and at least two naturals;
/// sequences of 3..=7, ranks 4..A, ace high only, no wilds.
const SAMBA_SET: SetRules = SetRules {
    min_len: 3,
    max_len: 7,
    max_wild: 2,
    min_natural: 2,
    twos_wild: true,
    lowest_rank: 4,
};
const SAMBA_RUN: RunRules = RunRules {
    min_len: 3,
    max_len: 7,
    ace_low: false,
    lowest_rank: 4,
    max_wild: 0,
};

#[test]
fn trios_repeat_suits_and_need_one_rank() {
    for (meld, ok) in [
        ("9S 9H 9H", true),
        ("9S 9H", false),
        ("9S 9H 8H", false),
        ("9S 9H X", true),
        ("2C 2D 2H", true),
        ("9S 9S 9S 9S 9H 9H 9D", true),
    ] {
        assert_eq!(set_rank(&k(meld), &TRIO).is_some(), ok, "{meld}");
    }
    assert_eq!(set_rank(&k("9S 9H 9H"), &TRIO), Some(9));
    // Contract melds: exactly three, at most one joker (two jokers only after the contract).
    assert!(set_rank(&k("9S 9H X"), &CONTRACT_TRIO).is_some());
    assert!(set_rank(&k("9S X X"), &CONTRACT_TRIO).is_none());
    assert!(set_rank(&k("9S X X"), &TRIO).is_some());
    assert!(set_rank(&k("9S 9H 9D 9C"), &CONTRACT_TRIO).is_none());
}

#[test]
fn escaleras_ace_low_or_high_never_both_and_no_wrap() {
    for (meld, ok) in [
        ("AH 2H 3H 4H", true),
        ("JH QH KH AH", true),
        ("KH AH 2H 3H", false),
        ("2H 3H 4H 4H 5H", false),
        ("2H 3H 4H", false),
        ("2H 3H 4S 5H", false),
        ("2H 3H 5H 6H", false),
        ("2H 3H X 5H", true),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", true),
        ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", true),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", false),
        ("X 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", true),
        ("X X 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", false),
    ] {
        assert_eq!(is_run(&k(meld), &ESCALERA), ok, "{meld}");
    }
    assert!(!is_run(
        &k("2H 3H X 5H"),
        &RunRules {
            max_wild: 0,
            ..ESCALERA
        }
    ));
}

#[test]
fn a_joker_takes_a_fixed_position() {
    let mut out = Vec::new();
    // A gap fixes the joker: 5-X-7-8.
    run_layouts(&k("5H 7H 8H"), 1, &CONTRACT_ESCALERA, &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].kinds(), k("5H X 7H 8H"));
    // Consecutive naturals: the joker goes below or above, one layout each, low first.
    run_layouts(&k("5H 6H 7H"), 1, &CONTRACT_ESCALERA, &mut out);
    let layouts: Vec<Vec<u8>> = out.iter().map(Run::kinds).collect();
    assert_eq!(layouts, vec![k("X 5H 6H 7H"), k("5H 6H 7H X")]);
    // J-Q-K + X: the joker is the 10 or the high ace. Q-K-A + X: only the jack (no wrap).
    run_layouts(&k("JH QH KH"), 1, &CONTRACT_ESCALERA, &mut out);
    assert_eq!(out.len(), 2);
    run_layouts(&k("QH KH AH"), 1, &CONTRACT_ESCALERA, &mut out);
    assert_eq!(
        out.iter().map(Run::kinds).collect::<Vec<_>>(),
        vec![k("X QH KH AH")]
    );
    // A-2-3 + X: the ace plays low, the joker is the 4.
    run_layouts(&k("AH 2H 3H"), 1, &CONTRACT_ESCALERA, &mut out);
    assert_eq!(
        out.iter().map(Run::kinds).collect::<Vec<_>>(),
        vec![k("AH 2H 3H X")]
    );
    // Two jokers in a contract escalera are refused; after the contract they are fine.
    run_layouts(&k("5H 6H"), 2, &CONTRACT_ESCALERA, &mut out);
    assert!(out.is_empty());
    assert!(is_run(&k("5H 6H X X"), &ESCALERA));
}

#[test]
fn laying_off_on_escalera_ends_respects_the_ace_rule() {
    let mut out = Vec::new();
    run_layouts(&k("2H 3H 4H 5H"), 0, &ESCALERA, &mut out);
    let run = out[0];
    assert!(run.fits_low(parse_kind("AH").unwrap(), &ESCALERA));
    assert!(run.fits_high(parse_kind("6H").unwrap(), &ESCALERA));
    assert!(!run.fits_high(parse_kind("7H").unwrap(), &ESCALERA));
    assert!(!run.fits_low(parse_kind("AS").unwrap(), &ESCALERA));
    let with_ace = run.extended_low(false);
    assert!(!with_ace.low_open(&ESCALERA), "nothing below the low ace");
    run_layouts(&k("JH QH KH AH"), 0, &ESCALERA, &mut out);
    assert!(!out[0].high_open(&ESCALERA), "no wrap past the high ace");
    assert!(out[0].fits_low(parse_kind("TH").unwrap(), &ESCALERA));
    // Thirteen cards: closed at both ends.
    run_layouts(
        &k("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
        0,
        &ESCALERA,
        &mut out,
    );
    assert!(!out[0].high_open(&ESCALERA) && !out[0].low_open(&ESCALERA));
}

#[test]
fn joker_replacement_moves_the_joker_to_an_end() {
    let mut out = Vec::new();
    run_layouts(&k("5H 7H 8H"), 1, &ESCALERA, &mut out);
    let run = out[0]; // 5 X(6) 7 8
    let six = parse_kind("6H").unwrap();
    assert_eq!(run.joker_standing_for(six), Some(6));
    let high = run.replace_joker(six, true, &ESCALERA).unwrap();
    assert_eq!(high.kinds(), k("5H 6H 7H 8H X"));
    let low = run.replace_joker(six, false, &ESCALERA).unwrap();
    assert_eq!(low.kinds(), k("X 5H 6H 7H 8H"));
    // Only the card the joker stands for, of the escalera's suit.
    assert_eq!(run.joker_standing_for(parse_kind("6S").unwrap()), None);
    assert_eq!(run.joker_standing_for(parse_kind("5H").unwrap()), None);
    // Naturals above the joker, and any natural of an escalera without a joker, stand for nothing.
    assert_eq!(run.joker_standing_for(parse_kind("7H").unwrap()), None);
    assert_eq!(run.joker_standing_for(parse_kind("8H").unwrap()), None);
    assert_eq!(
        run.replace_joker(parse_kind("8H").unwrap(), true, &ESCALERA),
        None
    );
    run_layouts(&k("5H 6H 7H 8H"), 0, &ESCALERA, &mut out);
    assert_eq!(out[0].joker_standing_for(parse_kind("6H").unwrap()), None);
    // An end that cannot be extended is no destination: J X K A, the joker stands for Q.
    run_layouts(&k("JH KH AH"), 1, &ESCALERA, &mut out);
    let q = parse_kind("QH").unwrap();
    assert_eq!(out[0].replace_joker(q, true, &ESCALERA), None);
    assert_eq!(
        out[0].replace_joker(q, false, &ESCALERA).unwrap().kinds(),
        k("X JH QH KH AH")
    );
}

#[test]
fn samba_sets_hold_at_most_two_wilds_and_two_naturals() {
    for (meld, ok) in [
        ("5S 5H 2C", true),
        ("5S 5H 2C X", true),
        ("5S 2C X", false),
        ("5S 5H 5D 2C 2D X", false),
        ("5S 5H 5D 5C 5C 5D 5S", true),
        ("5S 5H 5D 5C 5C 5D 5S 5H", false),
        ("3S 3C 3S", false),
        ("4S 4C 4S", true),
        ("AS AC AS 2H 2H", true),
        ("2S 2C X", false),
    ] {
        assert_eq!(set_rank(&k(meld), &SAMBA_SET).is_some(), ok, "{meld}");
    }
    assert!(is_natural_set(&k("5S 5H 5D"), true));
    assert!(!is_natural_set(&k("5S 5H 2D"), true));
}

#[test]
fn samba_sequences_have_no_wilds_and_the_ace_high_only() {
    for (meld, ok) in [
        ("4H 5H 6H", true),
        ("QH KH AH", true),
        ("KH AH 4H", false),
        ("AH 2H 3H", false),
        ("3H 4H 5H", false),
        ("4H 5H 2H", false),
        ("4H 5H X", false),
        ("8H 9H TH JH QH KH AH", true),
        ("7H 8H 9H TH JH QH KH AH", false),
        ("4H 5H", false),
    ] {
        assert_eq!(is_run(&k(meld), &SAMBA_RUN), ok, "{meld}");
    }
}

#[test]
fn canastas_and_sambas_close_at_seven_and_sets_merge_within_limits() {
    let mut out = Vec::new();
    run_layouts(&k("8H 9H TH JH QH KH AH"), 0, &SAMBA_RUN, &mut out);
    assert_eq!(out[0].len, 7);
    assert!(!out[0].low_open(&SAMBA_RUN) && !out[0].high_open(&SAMBA_RUN));
    run_layouts(&k("4H 5H 6H 7H 8H 9H TH"), 0, &SAMBA_RUN, &mut out);
    assert!(!out[0].low_open(&SAMBA_RUN), "no 3 below a Samba sequence");
    assert!(can_merge_sets(&k("5S 5H 2C"), &k("5D 5D X"), &SAMBA_SET));
    assert!(
        !can_merge_sets(&k("5S 5H 2C"), &k("5D 5D 2H X"), &SAMBA_SET),
        "three wilds"
    );
    assert!(
        !can_merge_sets(&k("5S 5H 5C 5C"), &k("5D 5D 5H 5S"), &SAMBA_SET),
        "eight cards"
    );
    assert!(!can_merge_sets(&k("5S 5H 5C"), &k("6D 6D 6H"), &SAMBA_SET));
}

#[test]
fn a_full_escalera_takes_no_card_at_either_end() {
    let mut out = Vec::new();
    let ah = parse_kind("AH").unwrap();
    // 2..K (12 cards): the ace fits at either end, low or high.
    run_layouts(&k("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"), 0, &ESCALERA, &mut out);
    assert_eq!(out.len(), 1);
    let twelve = out[0];
    assert!(twelve.fits_low(ah, &ESCALERA) && twelve.fits_high(ah, &ESCALERA));
    // With the ace low (A..K, 13 cards) a second ace cannot go on top: an ace is never both low and
    // high, and 13 cards is the most an escalera holds.
    let ace_low = twelve.extended_low(false);
    assert_eq!(ace_low.kinds(), k("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"));
    assert!(!ace_low.fits_high(ah, &ESCALERA));
    assert!(!ace_low.fits_low(ah, &ESCALERA));
    // With the ace high (2..A, 13 cards) no ace goes below the 2 either.
    let ace_high = twelve.extended_high(false);
    assert_eq!(ace_high.kinds(), k("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"));
    assert!(!ace_high.fits_low(ah, &ESCALERA));
    assert!(!ace_high.fits_high(ah, &ESCALERA));
    // Samba: a sequence of 7 is a samba, closed at both ends, though 4H and QH are next in rank.
    run_layouts(&k("5H 6H 7H 8H 9H TH"), 0, &SAMBA_RUN, &mut out);
    let six = out[0];
    let (four, jack, queen) = (
        parse_kind("4H").unwrap(),
        parse_kind("JH").unwrap(),
        parse_kind("QH").unwrap(),
    );
    assert!(six.fits_low(four, &SAMBA_RUN) && six.fits_high(jack, &SAMBA_RUN));
    let samba = six.extended_high(false);
    assert_eq!(samba.len, 7);
    assert!(!samba.fits_low(four, &SAMBA_RUN));
    assert!(!samba.fits_high(queen, &SAMBA_RUN));
}

#[test]
fn a_layout_counts_its_jokers() {
    let mut out = Vec::new();
    run_layouts(&k("5H 7H 8H"), 1, &ESCALERA, &mut out);
    assert_eq!(out.iter().map(Run::joker_count).collect::<Vec<_>>(), vec![1]);
    // Two jokers beside 5-6: both below, one at each end, or both above.
    run_layouts(&k("5H 6H"), 2, &ESCALERA, &mut out);
    assert_eq!(
        out.iter().map(Run::kinds).collect::<Vec<_>>(),
        vec![k("X X 5H 6H"), k("X 5H 6H X"), k("5H 6H X X")]
    );
    assert!(out.iter().all(|r| r.joker_count() == 2));
    run_layouts(&k("5H 6H 7H 8H"), 0, &ESCALERA, &mut out);
    assert_eq!(out[0].joker_count(), 0);
}

#[test]
fn a_hand_is_valued_card_by_card_with_repeats() {
    // Carioca's values (§7.5): joker 50, ace 20, J/Q/K 10, 2-10 face value.
    let carioca = |kind: u8| match kind {
        JOKER => 50,
        _ => match rank_of(kind) {
            14 => 20,
            11..=13 => 10,
            r => r as i32,
        },
    };
    // The rules' example: X, A, K, 7, 2 = 89.
    assert_eq!(value_of(&KindCounts::of(&k("X AH KS 7D 2C")), carioca), 89);
    // Copies count once each: two 7♦ and two jokers.
    assert_eq!(value_of(&KindCounts::of(&k("7D 7D X X")), carioca), 114);
    assert_eq!(value_of(&KindCounts::default(), carioca), 0);
}
