//! The observation layout shared by every trick game, player-relative (the observer is seat 0), and
//! the text rendering of a table. A rules value may append its own floats (auction, contract).
//!
//! Layout (`D` = deck size, `N` = seats, `S` = suits), all 0/1 unless noted:
//! `hand[D]`, `known[N-1][D]` (cards of the other seats the observer knows: the face-up card's drawer,
//! a partner's shown hand), `trick[N][D]` (current trick by relative seat), `won[N][D]` (captured, by
//! relative seat), `face_up[D]` (on the table: the face-up card, an exposed talon), `known_stock[D]` (face-down stock cards whose
//! position is public), `trump[S]`, `stock[1]` (fraction of the deck),
//! `to_move[N]`, `ledger[N]` (match totals, raw), then the rules' extra floats.

use super::core::Phase;
use super::rules::TrickRules;
use super::state::TrickState;
use crate::cards::CardSet;

/// Length of the flat observation vector.
pub fn observation_len<R: TrickRules>(rules: &R) -> usize {
    let (d, n, s) = (
        rules.deck().len(),
        rules.num_players(),
        rules.deck().suits().len(),
    );
    d + (n - 1) * d + n * d + n * d + d + d + s + 1 + n + n + rules.extra_observation_len()
}

/// Bounds of the observation: every element in [0, 1] except the raw match ledger (unbounded); the
/// rules narrow or widen their own extra floats with `extra_observation_bounds`.
pub fn bounds<R: TrickRules>(rules: &R) -> (Vec<f32>, Vec<f32>) {
    let len = observation_len(rules);
    let (mut low, mut high) = (vec![0.0; len], vec![1.0; len]);
    let (n, extra) = (rules.num_players(), rules.extra_observation_len());
    let ledger = len - extra - n..len - extra;
    low[ledger.clone()]
        .iter_mut()
        .for_each(|x| *x = f32::NEG_INFINITY);
    high[ledger].iter_mut().for_each(|x| *x = f32::INFINITY);
    rules.extra_observation_bounds(&mut low[len - extra..], &mut high[len - extra..]);
    (low, high)
}

/// Cards of seat `other` that `viewer` can see: all of them for the viewer's own hand, else the known
/// ones (the face-up card after its public draw, plus what the rules reveal).
pub fn visible_hand<R: TrickRules>(st: &TrickState<R>, viewer: usize, other: usize) -> CardSet {
    let c = &st.core;
    if viewer == other {
        return c.hands[other];
    }
    (st.rules().known_cards(st.view(), viewer, other) | c.known[other]) & c.hands[other]
}

/// Writes the observation of `viewer` into `out` (length `observation_len`).
pub fn write<R: TrickRules>(st: &TrickState<R>, viewer: usize, out: &mut [f32]) {
    let rules = st.rules();
    let c = &st.core;
    let (d, n) = (rules.deck().len(), c.num_players);
    out.iter_mut().for_each(|x| *x = 0.0);
    let mut at = 0;
    let put_set = |out: &mut [f32], at: usize, set: CardSet| {
        for card in set {
            out[at + card.idx()] = 1.0;
        }
    };
    let rel = |seat: usize| (seat + n - viewer) % n;
    put_set(out, at, c.hands[viewer]);
    at += d;
    for r in 1..n {
        let other = (viewer + r) % n;
        put_set(out, at + (r - 1) * d, visible_hand(st, viewer, other));
    }
    at += (n - 1) * d;
    for (i, card) in c.trick_cards().iter().enumerate() {
        let seat = c.seat_after(c.leader, i);
        out[at + rel(seat) * d + card.idx()] = 1.0;
    }
    at += n * d;
    for seat in 0..n {
        put_set(out, at + rel(seat) * d, c.won[seat]);
    }
    at += n * d;
    if c.face_up_on_table {
        if let Some(card) = c.face_up_card {
            out[at + card.idx()] = 1.0;
        }
    }
    put_set(out, at, c.talon_face_up());
    at += d;
    for &(_, card) in &c.pinned {
        out[at + card.idx()] = 1.0;
    }
    at += d;
    if let Some(t) = rules.trump(st.view()) {
        out[at + t as usize] = 1.0;
    }
    at += rules.deck().suits().len();
    out[at] = c.stock_count() as f32 / d as f32;
    at += 1;
    if matches!(c.phase, Phase::Play | Phase::Bidding) {
        out[at + rel(c.to_move)] = 1.0;
    }
    at += n;
    for seat in 0..n {
        out[at + rel(seat)] = c.ledger[seat] as f32;
    }
    at += n;
    rules.write_extra_observation(st.view(), viewer, &mut out[at..]);
}

/// The table as text: for one seat (`Some(p)`: only what p sees) or omniscient (`None`).
pub fn describe<R: TrickRules>(st: &TrickState<R>, viewer: Option<usize>) -> String {
    let rules = st.rules();
    let deck = rules.deck();
    let c = &st.core;
    let n = c.num_players;
    let mut s = String::new();
    let phase = match c.phase {
        Phase::Deal => "dealing",
        Phase::Bidding => "auction",
        Phase::Play => "play",
        Phase::Draw => "drawing",
        Phase::Over => "game over",
    };
    s.push_str(&format!(
        "{} · deal {} · dealer {} · {phase}",
        rules.deck().name(),
        // A finished game has counted its last deal already; the header names that deal, not the next.
        if c.phase == Phase::Over {
            c.deals_done.max(1)
        } else {
            c.deals_done + 1
        },
        c.dealer
    ));
    if let Some(p) = viewer {
        s.push_str(&format!(" · you are seat {p}"));
    }
    s.push('\n');
    let trump = rules
        .trump(st.view())
        .map(|t| deck.suits()[t as usize].symbol.to_string());
    if let Some(card) = c.face_up_card {
        let where_ = if c.face_up_on_table {
            "on the table".to_string()
        } else {
            match c.face_up_holder {
                Some(h) => format!("drawn by {h}"),
                None => "played".to_string(),
            }
        };
        s.push_str(&format!(
            "trump {} · face-up {} ({where_}) · stock {}\n",
            trump.clone().unwrap_or_default(),
            deck.name_of(card),
            c.stock_count()
        ));
    } else if let Some(t) = &trump {
        s.push_str(&format!("trump {t}\n"));
    }
    if c.talon_exposed {
        s.push_str(&format!(
            "talon (face up): {}\n",
            deck.format_set(c.talon_face_up())
        ));
    }
    if !c.pinned.is_empty() {
        let mut pinned = c.pinned.clone();
        pinned.sort();
        let cards: Vec<String> = pinned
            .iter()
            .map(|(above, card)| format!("{} under {above}", deck.name_of(*card)))
            .collect();
        s.push_str(&format!("known in the stock: {}\n", cards.join(", ")));
    }
    if !c.removed.is_empty() {
        s.push_str(&format!("removed: {}\n", deck.format_set(c.removed)));
    }
    for seat in 0..n {
        let hand = match viewer {
            None => deck.format_set(c.hands[seat]),
            Some(p) => {
                let vis = visible_hand(st, p, seat);
                let hidden = c.hands[seat].len() - vis.len();
                let mut h = deck.format_set(vis);
                if hidden > 0 {
                    h = if vis.is_empty() {
                        format!("{hidden} hidden")
                    } else {
                        format!("{h} + {hidden} hidden")
                    };
                }
                h
            }
        };
        let marker = if matches!(c.phase, Phase::Play | Phase::Bidding) && c.to_move == seat {
            "▶"
        } else {
            " "
        };
        let team = rules.team(seat);
        s.push_str(&format!(
            "{marker} seat {seat} (team {team}): {hand} · points {}\n",
            st.points_of(seat)
        ));
    }
    if c.trick_len > 0 {
        let cards: Vec<String> = c
            .trick_cards()
            .iter()
            .enumerate()
            .map(|(i, card)| format!("{}:{}", c.seat_after(c.leader, i), deck.name_of(*card)))
            .collect();
        s.push_str(&format!("trick: {}\n", cards.join(" ")));
    }
    if let Some((leader, cards, winner)) = c.last_trick {
        let cards: Vec<String> = (0..c.n_active)
            .map(|i| format!("{}:{}", c.seat_after(leader, i), deck.name_of(cards[i])))
            .collect();
        s.push_str(&format!("last trick: {} → seat {winner}\n", cards.join(" ")));
    }
    if rules.is_match() {
        let totals: Vec<String> = (0..n).map(|p| format!("{}", c.ledger[p])).collect();
        s.push_str(&format!("match: {}\n", totals.join(" / ")));
    }
    s.push_str(&rules.describe_extra(st.view(), viewer));
    if c.phase == Phase::Over {
        let r: Vec<String> = (0..n).map(|p| format!("{:+}", c.returns[p])).collect();
        s.push_str(&format!("returns: {}\n", r.join(" ")));
    }
    s
}
