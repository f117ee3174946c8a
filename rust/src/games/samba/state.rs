//! A Samba position: the deal, turns (draw or take the pile, meld in steps, discard), red 3s, going out,
//! stock exhaustion, hand scoring and the match.

use super::rules::{self, HandTally, PileView, TeamMeld};
use super::*;
use crate::core::game::{check_node, Action, Player, State};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use crate::rummy::bag::{kind_of, rank_of, suit_of, KindCounts, PackSet, JOKER, KINDS};
use crate::rummy::meld::{set_rank, Run};
use crate::rummy::names::ActionNames;
use std::fmt;

/// Where the hand stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Chance: the deal, the upcard, and the replacements of dealt red 3s.
    Deal,
    /// The player to move draws or takes the pile.
    Draw,
    /// Chance: a card drawn from the stock.
    StockDraw,
    /// The player to move melds and discards.
    Meld,
    /// The partner answers "may I go out?".
    Answer,
    /// The game is over.
    Over,
}

/// A meld's shape.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A set of this rank.
    Set(u8),
    /// A sequence: suit, lowest rank, length.
    Seq { suit: u8, low: u8, len: u8 },
    /// Black 3s of a player going out.
    Black3,
}

/// A partnership meld.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    pub cards: PackSet,
    pub shape: Shape,
    /// Laid this turn by a partnership that has not yet reached its initial minimum.
    pub staged: bool,
}

impl Meld {
    fn len(&self) -> usize {
        self.cards.len()
    }
    fn wilds(&self) -> usize {
        self.cards
            .iter()
            .filter(|&id| rules::is_wild(PACK.kind(id)))
            .count()
    }
    /// A canasta or a samba: seven cards, closed.
    pub fn closed(&self) -> bool {
        self.len() >= 7
    }
    fn team_view(&self) -> Option<TeamMeld> {
        match self.shape {
            Shape::Set(rank) => Some(TeamMeld::Set {
                rank,
                len: self.len() as u8,
            }),
            Shape::Seq { suit, low, len } => Some(TeamMeld::Sequence(Run {
                suit,
                low,
                len,
                jokers: 0,
            })),
            Shape::Black3 => None,
        }
    }
}

/// A pile take whose compulsory meld is not finished (the rest of the pile waits beside the hand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Take {
    pub top: u8,
    pub rest: Vec<u8>,
    pub frozen: bool,
    /// The top is still pending (its meld not yet laid).
    pub top_pending: bool,
}

/// Who saw a history entry: a seat, or everybody.
const PUBLIC: u8 = u8::MAX;

/// A Samba position.
#[derive(Clone, Debug)]
pub struct SambaState {
    pub(super) cfg: Config,
    pub(super) phase: Phase,
    pub(super) hands_played: u16,
    pub(super) dealer: u8,
    pub(super) to_move: u8,
    pub(super) dealt: u8,
    /// Replacements still owed for dealt red 3s, per seat.
    owed: [u8; 4],
    pub(super) hands: [PackSet; 4],
    pub(super) stock: PackSet,
    pub(super) pile: Vec<u8>,
    pub(super) melds: [Vec<Meld>; 2],
    pub(super) red3: [PackSet; 2],
    /// The partnership has made its initial meld this hand.
    pub(super) melded: [bool; 2],
    pub(super) pending: PackSet,
    pub(super) take: Option<Take>,
    pub(super) draws_left: u8,
    pub(super) take_blocked: bool,
    pub(super) cancels: u8,
    /// The mover laid or merged something this turn.
    pub(super) acted: bool,
    /// The partner's answer to "may I go out?" this turn.
    pub(super) answer: Option<bool>,
    /// The last stock card was a red 3: the player may meld, then the hand ends without a discard.
    pub(super) last_red3: bool,
    pub(super) turns: u16,
    pub(super) penalty: [i32; 2],
    pub(super) totals: [i32; 2],
    pub(super) last: [i32; 2],
    pub(super) went_out: Option<u8>,
    history: Vec<Action>,
    seen_by: Vec<u8>,
}

fn team(s: usize) -> usize {
    s % 2
}

impl SambaState {
    pub(super) fn new(cfg: Config) -> Self {
        SambaState {
            cfg,
            phase: Phase::Deal,
            hands_played: 0,
            dealer: 3,
            to_move: 0,
            dealt: 0,
            owed: [0; 4],
            hands: [PackSet::EMPTY; 4],
            stock: PACK.all(),
            pile: Vec::with_capacity(P as usize),
            melds: [Vec::new(), Vec::new()],
            red3: [PackSet::EMPTY; 2],
            melded: [false; 2],
            pending: PackSet::EMPTY,
            take: None,
            draws_left: 0,
            take_blocked: false,
            cancels: 0,
            acted: false,
            answer: None,
            last_red3: false,
            turns: 0,
            penalty: [0; 2],
            totals: [0; 2],
            last: [0; 2],
            went_out: None,
            history: Vec::new(),
            seen_by: Vec::new(),
        }
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// A seat's hand.
    pub fn hand(&self, s: usize) -> PackSet {
        self.hands[s]
    }
    /// The discard pile, bottom first.
    pub fn pile(&self) -> &[u8] {
        &self.pile
    }
    /// A partnership's melds.
    pub fn melds(&self, t: usize) -> &[Meld] {
        &self.melds[t]
    }
    /// Partnership totals.
    pub fn totals(&self) -> [i32; 2] {
        self.totals
    }
    /// The last hand's scores.
    pub fn last_hand(&self) -> [i32; 2] {
        self.last
    }
    /// Who went out of the last finished hand.
    pub fn went_out_seat(&self) -> Option<u8> {
        self.went_out
    }
    /// The pending cards.
    pub fn pending_cards(&self) -> PackSet {
        self.pending
    }
    /// The seat to move.
    pub fn mover(&self) -> usize {
        self.to_move as usize
    }

    /// Canastas and sambas of partnership `t` (staged melds included).
    fn closed_count(&self, t: usize) -> usize {
        self.melds[t].iter().filter(|m| m.closed()).count()
    }
    fn pile_frozen(&self, t: usize) -> bool {
        (self.cfg.frozen_until_initial && !self.melded[t]) || self.pile_has_freezer()
    }
    /// A wild card or a red 3 lies in the pile.
    fn pile_has_freezer(&self) -> bool {
        self.pile
            .iter()
            .any(|&id| rules::is_wild(PACK.kind(id)) || rules::is_red_three(PACK.kind(id)))
    }
    fn team_views(&self, t: usize) -> Vec<TeamMeld> {
        self.melds[t]
            .iter()
            .filter(|m| !m.staged)
            .filter_map(|m| m.team_view())
            .collect()
    }

    fn may_take(&self) -> bool {
        let s = self.to_move as usize;
        let t = team(s);
        let Some(&top) = self.pile.last() else {
            return false;
        };
        if self.take_blocked {
            return false;
        }
        let melds = self.team_views(t);
        rules::may_take_pile(
            &self.hands[s].counts(PACK),
            &PileView {
                top: PACK.kind(top),
                frozen: self.pile_frozen(t),
                melds: &melds,
                closed: self.closed_count(t),
                len: self.pile.len(),
                minimum: (!self.melded[t]).then(|| self.minimum(t)),
            },
        )
    }

    /// Whether the mover may go out with `closed` canastas/sambas after the step being checked.
    fn may_out(&self, closed: usize, staged_value_after: i32) -> bool {
        let t = team(self.to_move as usize);
        let down = self.melded[t] || staged_value_after >= self.minimum(t);
        self.answer != Some(false) && rules::may_go_out(closed) && down
    }
    /// The initial-meld minimum of partnership `t`.
    pub fn minimum(&self, t: usize) -> i32 {
        rules::initial_minimum(self.totals[t])
    }
    fn staged_value(&self, t: usize) -> i32 {
        self.melds[t]
            .iter()
            .filter(|m| m.staged)
            .map(|m| rules::value(&m.cards.counts(PACK)))
            .sum()
    }
    /// Cards the mover will hold after laying the pending cards (the waiting pile included).
    fn held_after(&self) -> usize {
        self.hands[self.to_move as usize].len() + self.take.as_ref().map_or(0, |t| t.rest.len())
    }
    /// The keep-two rule: after a step the mover keeps two cards, or may go out.
    fn size_ok(&self, closed_after: usize, added_value: i32) -> bool {
        let t = team(self.to_move as usize);
        let after = self.held_after();
        let staged = if self.melded[t] {
            0
        } else {
            self.staged_value(t) + added_value
        };
        after >= 2 || self.may_out(closed_after, staged)
    }

    /// Whether the pending cards `p` (with `h` left in hand) can still become a meld or go on one.
    fn completable(&self, p: &KindCounts, h: &KindCounts) -> bool {
        let s = self.to_move as usize;
        let t = team(s);
        let n = p.total();
        if n > 7 {
            return false;
        }
        let wild_p = p.jokers() as usize + (0..4).map(|su| p.get(kind_of(su, 2)) as usize).sum::<usize>();
        let wild_h = h.jokers() as usize + (0..4).map(|su| h.get(kind_of(su, 2)) as usize).sum::<usize>();
        let naturals: Vec<u8> = (0..52u8)
            .filter(|&k| p.get(k) > 0 && !rules::is_wild(k))
            .collect();
        let forced = self.take.as_ref().is_some_and(|tk| tk.top_pending);
        let ranks_same = naturals.windows(2).all(|w| rank_of(w[0]) == rank_of(w[1]));
        // A set (new or onto a partnership set).
        if wild_p <= 2 && ranks_same && naturals.first().map_or(true, |&k| rank_of(k) >= 4) {
            let nat_p = n - wild_p;
            let ranks: Vec<u8> = match naturals.first() {
                Some(&k) => vec![rank_of(k)],
                None => (4..=14).collect(),
            };
            for r in ranks {
                let nat_h = h.of_rank(r) as usize;
                let need_nat = if forced { 3 } else { 2 };
                if nat_p + nat_h >= need_nat && nat_p + nat_h + wild_p + (2 - wild_p).min(wild_h) >= 3 {
                    return true;
                }
                if !forced {
                    for m in self.melds[t].iter() {
                        if m.shape == Shape::Set(r) && m.len() + n <= 7 && m.wilds() + wild_p <= 2 {
                            return true;
                        }
                    }
                }
            }
        }
        if forced {
            return false;
        }
        // A sequence (new or onto a partnership sequence).
        if wild_p == 0 && !naturals.is_empty() {
            let suit = suit_of(naturals[0]);
            let distinct = naturals.iter().all(|&k| p.get(k) == 1);
            let same_suit = naturals.iter().all(|&k| suit_of(k) == suit);
            let (a, b) = (rank_of(naturals[0]), rank_of(*naturals.last().unwrap()));
            if distinct && same_suit && a >= 4 {
                let have = |r: u8, extra: Option<(u8, u8)>| {
                    p.get(kind_of(suit, r)) > 0
                        || h.get(kind_of(suit, r)) > 0
                        || extra.is_some_and(|(lo, len)| (lo..lo + len).contains(&r))
                };
                let fill = |lo: u8, hi: u8, extra: Option<(u8, u8)>| (lo..=hi).all(|r| have(r, extra));
                for lo in 4..=a {
                    for hi in b..=14 {
                        if (3..=7).contains(&(hi - lo + 1)) && fill(lo, hi, None) {
                            return true;
                        }
                    }
                }
                for m in self.melds[t].iter() {
                    if let Shape::Seq { suit: ms, low, len } = m.shape {
                        let mhi = low + len - 1;
                        let inside = naturals.iter().any(|&k| (low..=mhi).contains(&rank_of(k)));
                        if ms != suit || len >= 7 || inside {
                            continue;
                        }
                        let (lo, hi) = (a.min(low), b.max(mhi));
                        if hi - lo < 7 && fill(lo, hi, Some((low, len))) {
                            return true;
                        }
                    }
                }
            }
        }
        // Black 3s.
        let b3 = |c: &KindCounts| c.get(kind_of(0, 3)) as usize + c.get(kind_of(3, 3)) as usize;
        b3(p) == n && n <= self.cfg.black3_max && n + b3(h) >= 3
    }

    /// The meld the pending cards close as, and whether closing is legal now.
    fn close_shape(&self) -> Option<Shape> {
        let s = self.to_move as usize;
        let t = team(s);
        let counts = self.pending.counts(PACK);
        let kinds = counts.kinds();
        let forced = self.take.as_ref().is_some_and(|tk| tk.top_pending);
        let shape = if let Some(r) = set_rank(&kinds, &rules::SET) {
            if forced && (counts.of_rank(r) as usize) < 3 {
                return None;
            }
            Shape::Set(r)
        } else if forced {
            return None;
        } else if crate::rummy::meld::is_run(&kinds, &rules::SEQUENCE) {
            let low = kinds.iter().map(|&k| rank_of(k)).min().unwrap();
            Shape::Seq {
                suit: suit_of(kinds[0]),
                low,
                len: kinds.len() as u8,
            }
        } else if rules::is_black_three_meld(&kinds, self.cfg.black3_max) {
            Shape::Black3
        } else {
            return None;
        };
        let closed = self.closed_count(t) + (kinds.len() >= 7 && shape != Shape::Black3) as usize;
        let value = rules::value(&counts);
        if shape == Shape::Black3 {
            // Only as the last meld of a player going out this turn.
            let staged = if self.melded[t] {
                0
            } else {
                self.staged_value(t) + value
            };
            if self.held_after() > 1 || !self.may_out(closed, staged) {
                return None;
            }
        }
        self.size_ok(closed, value).then_some(shape)
    }

    /// Whether the pending cards may go onto partnership meld `m`; the new shape if so.
    fn onto_shape(&self, m: usize) -> Option<Shape> {
        let s = self.to_move as usize;
        let t = team(s);
        let meld = self.melds[t].get(m)?;
        if meld.closed() || self.pending.is_empty() {
            return None;
        }
        if let Some(tk) = &self.take {
            if tk.top_pending && (tk.frozen || meld.staged || self.pending.len() != 1) {
                return None;
            }
        }
        let counts = self.pending.counts(PACK);
        let n = self.pending.len();
        if meld.len() + n > 7 {
            return None;
        }
        let shape = match meld.shape {
            Shape::Set(r) => {
                let wild = counts.jokers() as usize
                    + (0..4)
                        .map(|su| counts.get(kind_of(su, 2)) as usize)
                        .sum::<usize>();
                let ok = (0..52u8).all(|k| counts.get(k) == 0 || rules::is_wild(k) || rank_of(k) == r);
                if !ok || meld.wilds() + wild > 2 {
                    return None;
                }
                Shape::Set(r)
            }
            Shape::Seq { suit, low, len } => {
                let mut ranks = [false; 15];
                for r in low..low + len {
                    ranks[r as usize] = true;
                }
                for k in 0..KINDS as u8 {
                    for _ in 0..counts.get(k) {
                        if k == JOKER
                            || rules::is_wild(k)
                            || suit_of(k) != suit
                            || rank_of(k) < 4
                            || ranks[rank_of(k) as usize]
                        {
                            return None;
                        }
                        ranks[rank_of(k) as usize] = true;
                    }
                }
                let lo = (4..=14).find(|&r| ranks[r as usize]).unwrap();
                let hi = (4..=14).rev().find(|&r| ranks[r as usize]).unwrap();
                if !(lo..=hi).all(|r| ranks[r as usize]) {
                    return None;
                }
                Shape::Seq {
                    suit,
                    low: lo,
                    len: hi - lo + 1,
                }
            }
            Shape::Black3 => return None,
        };
        let closed = self.closed_count(t) + (!meld.closed() && meld.len() + n >= 7) as usize;
        self.size_ok(closed, rules::value(&counts)).then_some(shape)
    }

    /// The set meld `m` merges into (the partnership's next set of its rank that can take it).
    fn merge_partner(&self, m: usize) -> Option<usize> {
        let t = team(self.to_move as usize);
        if !self.pending.is_empty() || self.take.is_some() {
            return None;
        }
        let a = self.melds[t].get(m)?;
        let Shape::Set(r) = a.shape else { return None };
        if a.staged || a.closed() {
            return None;
        }
        (0..self.melds[t].len()).find(|&j| {
            let b = &self.melds[t][j];
            j != m
                && !b.staged
                && b.shape == Shape::Set(r)
                && !b.closed()
                && a.len() + b.len() <= 7
                && a.wilds() + b.wilds() <= 2
        })
    }

    fn discard_ok(&self) -> bool {
        let s = self.to_move as usize;
        let t = team(s);
        let idle = self.pending.is_empty() && self.take.is_none() && !self.melds[t].iter().any(|m| m.staged);
        idle && !self.last_red3 && (self.hands[s].len() >= 2 || self.may_out(self.closed_count(t), 0))
    }

    /// Calls `f` with every legal action, ascending.
    fn for_each_legal(&self, mut f: impl FnMut(Action)) {
        match self.phase {
            Phase::Deal | Phase::StockDraw => {
                for id in self.stock.iter() {
                    f(id as Action)
                }
            }
            Phase::Over => {}
            Phase::Answer => {
                f(YES);
                f(NO);
            }
            Phase::Draw => {
                if !self.stock.is_empty() {
                    f(DRAW_STOCK);
                }
                if self.may_take() {
                    f(TAKE_PILE);
                }
            }
            Phase::Meld => {
                let s = self.to_move as usize;
                let t = team(s);
                let hand = self.hands[s];
                if self.discard_ok() {
                    for id in hand.iter() {
                        f(DISCARD + id as Action);
                    }
                }
                if self.cancels < MAX_CANCELS {
                    let (p, h) = (self.pending.counts(PACK), hand.counts(PACK));
                    let mut ok = [None::<bool>; KINDS];
                    for id in hand.iter() {
                        let k = PACK.kind(id) as usize;
                        let good = *ok[k].get_or_insert_with(|| {
                            let (mut p2, mut h2) = (p, h);
                            p2.add(k as u8);
                            h2.take(k as u8);
                            self.completable(&p2, &h2)
                        });
                        if good {
                            f(PICK + id as Action);
                        }
                    }
                }
                if !self.pending.is_empty() && self.close_shape().is_some() {
                    f(CLOSE);
                }
                let staged = self.melds[t].iter().any(|m| m.staged);
                if !self.pending.is_empty() || self.take.is_some() || staged {
                    f(CANCEL);
                }
                if !self.acted
                    && self.answer.is_none()
                    && self.pending.is_empty()
                    && self.take.is_none()
                    && !self.last_red3
                {
                    f(ASK);
                }
                if self.last_red3 && self.pending.is_empty() && !staged {
                    f(END);
                }
                for m in 0..self.melds[t].len() {
                    if self.onto_shape(m).is_some() {
                        f(ONTO + m as Action);
                    }
                }
                for m in 0..self.melds[t].len() {
                    if self.merge_partner(m).is_some() {
                        f(MERGE + m as Action);
                    }
                }
            }
        }
    }

    fn next_seat(s: u8) -> u8 {
        (s + 1) % 4
    }

    /// Seat receiving the next deal-phase card, or `None` for the upcard.
    fn deal_target(&self) -> Option<u8> {
        if self.dealt < 60 {
            return Some((self.dealer + 1 + self.dealt % 4) % 4);
        }
        if self.dealt == 60 {
            return None;
        }
        (1..=4)
            .map(|i| (self.dealer + i) % 4)
            .find(|&s| self.owed[s as usize] > 0)
    }

    fn start_turn(&mut self, seat: u8) {
        self.to_move = seat;
        self.turns += 1;
        self.cancels = 0;
        self.acted = false;
        self.answer = None;
        self.take_blocked = false;
        self.last_red3 = false;
        self.phase = Phase::Draw;
        if self.turns > MAX_TURNS {
            return self.end_hand(None);
        }
        if self.stock.is_empty() && !self.may_take() {
            // Without a stock, a player who cannot take the pile ends the hand.
            self.end_hand(None);
        }
    }

    /// A red 3 goes to the partnership's bonus cards.
    fn lay_red3(&mut self, s: usize, id: u8) {
        self.red3[team(s)].insert(id);
    }

    fn end_hand(&mut self, out: Option<u8>) {
        self.went_out = out;
        let mut scores = [0; 2];
        for (t, score) in scores.iter_mut().enumerate() {
            let mut tally = HandTally::default();
            for m in &self.melds[t] {
                tally.melded += rules::value(&m.cards.counts(PACK));
                if m.closed() {
                    match m.shape {
                        Shape::Set(_) if m.wilds() == 0 => tally.natural_canastas += 1,
                        Shape::Set(_) => tally.mixed_canastas += 1,
                        Shape::Seq { .. } => tally.sambas += 1,
                        Shape::Black3 => {}
                    }
                }
            }
            tally.red_threes = self.red3[t].len() as u32;
            tally.went_out = out.is_some_and(|o| team(o as usize) == t);
            let mut held = self.hands[t].union(self.hands[t + 2]);
            if team(self.to_move as usize) == t {
                held = held.union(self.pending);
            }
            tally.in_hand = rules::value(&held.counts(PACK));
            *score = rules::hand_score(&tally, self.cfg.samba_bonus) + self.penalty[t];
        }
        self.last = scores;
        self.totals[0] += scores[0];
        self.totals[1] += scores[1];
        self.hands_played += 1;
        let done = !self.cfg.is_match
            || rules::match_winner(self.totals, self.cfg.target).is_some()
            || self.hands_played >= MAX_HANDS;
        if done {
            self.phase = Phase::Over;
            return;
        }
        self.dealer = Self::next_seat(self.dealer);
        self.phase = Phase::Deal;
        self.dealt = 0;
        self.owed = [0; 4];
        self.hands = [PackSet::EMPTY; 4];
        self.stock = PACK.all();
        self.pile.clear();
        self.melds = [Vec::new(), Vec::new()];
        self.red3 = [PackSet::EMPTY; 2];
        self.melded = [false; 2];
        self.pending = PackSet::EMPTY;
        self.take = None;
        self.penalty = [0; 2];
        self.turns = 0;
    }

    /// Applies an action known to be legal.
    fn apply(&mut self, a: Action) {
        let s = self.to_move as usize;
        let seen = match self.phase {
            Phase::Deal => self.deal_target().unwrap_or(PUBLIC),
            _ if a < P && rules::is_red_three(PACK.kind(a as u8)) => PUBLIC,
            _ => s as u8,
        };
        let seen = if a < P && rules::is_red_three(PACK.kind(a as u8)) {
            PUBLIC
        } else {
            seen
        };
        self.history.push(a);
        self.seen_by.push(seen);
        match self.phase {
            Phase::Deal => {
                let id = a as u8;
                self.stock.remove(id);
                match self.deal_target() {
                    None => {
                        self.pile.push(id);
                        self.dealt += 1;
                        // Red 3s dealt are laid out and replaced.
                        for p in 0..4 {
                            for r in self.hands[p].iter().collect::<Vec<_>>() {
                                if rules::is_red_three(PACK.kind(r)) {
                                    self.hands[p].remove(r);
                                    self.lay_red3(p, r);
                                    self.owed[p] += 1;
                                }
                            }
                        }
                    }
                    Some(p) if self.dealt < 60 => {
                        self.hands[p as usize].insert(id);
                        self.dealt += 1;
                    }
                    Some(p) => {
                        let p = p as usize;
                        if rules::is_red_three(PACK.kind(id)) {
                            self.lay_red3(p, id);
                        } else {
                            self.hands[p].insert(id);
                            self.owed[p] -= 1;
                        }
                    }
                }
                if self.dealt > 60 && self.deal_target().is_none() {
                    let first = Self::next_seat(self.dealer);
                    self.start_turn(first);
                }
            }
            Phase::StockDraw => {
                let id = a as u8;
                self.stock.remove(id);
                if rules::is_red_three(PACK.kind(id)) {
                    self.lay_red3(s, id);
                    if self.stock.is_empty() {
                        self.last_red3 = true;
                        self.phase = Phase::Meld;
                    }
                    return;
                }
                self.hands[s].insert(id);
                self.draws_left -= 1;
                if self.draws_left == 0 || self.stock.is_empty() {
                    self.phase = Phase::Meld;
                }
            }
            Phase::Draw => {
                if a == DRAW_STOCK {
                    self.phase = Phase::StockDraw;
                    self.draws_left = self.cfg.stock_draw;
                } else {
                    let t = team(s);
                    let frozen = self.pile_frozen(t);
                    let top = self.pile.pop().expect("legal: a top");
                    let rest = std::mem::take(&mut self.pile);
                    self.pending.insert(top);
                    self.take = Some(Take {
                        top,
                        rest,
                        frozen,
                        top_pending: true,
                    });
                    self.phase = Phase::Meld;
                }
            }
            Phase::Answer => {
                self.answer = Some(a == YES);
                self.to_move = ((s + 2) % 4) as u8;
                self.phase = Phase::Meld;
            }
            Phase::Meld => self.apply_meld(a),
            Phase::Over => {}
        }
    }

    fn finish_turn(&mut self, s: usize) {
        if self.answer == Some(true) {
            // "Yes", and the asker did not go out.
            self.penalty[team(s)] -= 100;
        }
        let next = Self::next_seat(s as u8);
        self.start_turn(next)
    }

    fn apply_meld(&mut self, a: Action) {
        let s = self.to_move as usize;
        let t = team(s);
        if (DISCARD..PICK).contains(&a) {
            let id = (a - DISCARD) as u8;
            self.hands[s].remove(id);
            self.pile.push(id);
            if self.hands[s].is_empty() {
                return self.end_hand(Some(s as u8));
            }
            return self.finish_turn(s);
        }
        match a {
            a if (PICK..CLOSE).contains(&a) => {
                let id = (a - PICK) as u8;
                self.hands[s].remove(id);
                self.pending.insert(id);
                return;
            }
            ASK => {
                self.phase = Phase::Answer;
                self.to_move = ((s + 2) % 4) as u8;
                // The partner answers; the mover is restored on the answer.
                self.answer = None;
                return;
            }
            END => {
                if self.answer == Some(true) {
                    self.penalty[t] -= 100;
                }
                return self.end_hand(None);
            }
            CANCEL => {
                self.cancels += 1;
                let staged: Vec<Meld> = self.melds[t].iter().filter(|m| m.staged).copied().collect();
                self.melds[t].retain(|m| !m.staged);
                let mut back = self.pending;
                for m in &staged {
                    back = back.union(m.cards);
                }
                if let Some(tk) = self.take.take() {
                    back.remove(tk.top);
                    self.pile = tk.rest;
                    self.pile.push(tk.top);
                    self.take_blocked = true;
                    self.phase = Phase::Draw;
                    // Meld additions of this turn to committed melds cannot exist before the take's
                    // meld, so everything else returns to the hand.
                }
                self.hands[s] = self.hands[s].union(back);
                self.pending = PackSet::EMPTY;
                if self.phase == Phase::Draw && self.stock.is_empty() {
                    return self.end_hand(None);
                }
                return;
            }
            _ => {}
        }
        if a == CLOSE {
            let shape = self.close_shape().expect("legal close");
            self.melds[t].push(Meld {
                cards: self.pending,
                shape,
                staged: !self.melded[t],
            });
        } else if (ONTO..MERGE).contains(&a) {
            let m = (a - ONTO) as usize;
            let shape = self.onto_shape(m).expect("legal onto");
            let meld = &mut self.melds[t][m];
            meld.cards = meld.cards.union(self.pending);
            meld.shape = shape;
        } else {
            let m = (a - MERGE) as usize;
            let j = self.merge_partner(m).expect("legal merge");
            let (lo, hi) = (m.min(j), m.max(j));
            let moved = self.melds[t].remove(hi);
            self.melds[t][lo].cards = self.melds[t][lo].cards.union(moved.cards);
            self.acted = true;
            return;
        }
        self.pending = PackSet::EMPTY;
        self.acted = true;
        if let Some(tk) = &mut self.take {
            tk.top_pending = false;
        }
        if !self.melded[t] && self.staged_value(t) >= self.minimum(t) {
            self.melded[t] = true;
            for m in self.melds[t].iter_mut() {
                m.staged = false;
            }
        }
        if self.melded[t] {
            if let Some(tk) = self.take.take() {
                // The rest of the pile joins the hand; its red 3s are laid out (no replacement).
                for id in tk.rest {
                    if rules::is_red_three(PACK.kind(id)) {
                        self.lay_red3(s, id);
                    } else {
                        self.hands[s].insert(id);
                    }
                }
            }
        }
        if self.hands[s].is_empty() && self.take.is_none() {
            self.end_hand(Some(s as u8));
        }
    }

    /// Why `a` is not legal now (for the error message).
    fn illegal_reason(&self, a: Action) -> String {
        match self.phase {
            Phase::Deal | Phase::StockDraw => "not a card left in the stock".into(),
            Phase::Over => "the game is over".into(),
            Phase::Answer => "the partner answers: yes or no".into(),
            Phase::Draw => match a {
                DRAW_STOCK => "the stock is empty".into(),
                TAKE_PILE => "the pile may not be taken: its top is a wild card or a 3, it is frozen and you hold no natural pair of its rank, the top fits none of your partnership's melds, or you could not finish the turn".into(),
                _ => "draw first: from the stock, or take the pile".into(),
            },
            Phase::Meld => match a {
                a if a < DISCARD => "already drew this turn".into(),
                a if a < PICK => "discard only with nothing pending, the initial meld complete, and not your last card unless you may go out".into(),
                a if a < CLOSE => "that card is not in your hand, could not join the pending cards in any meld, or you cancelled twice".into(),
                CLOSE => "the pending cards are not a legal new meld now (a set, a sequence, or black 3s when going out; keep two cards unless you may go out)".into(),
                CANCEL => "nothing to cancel".into(),
                ASK => "ask before melding, once a turn".into(),
                YES | NO => "only the partner answers, when asked".into(),
                END => "the hand ends this way only after the last stock card was a red 3".into(),
                a if a < MERGE => "the pending cards cannot go on that meld".into(),
                _ => "that meld cannot be merged with another set of its rank".into(),
            },
        }
    }

    fn meld_text(m: &Meld) -> String {
        let what = match m.shape {
            Shape::Set(r) if m.closed() && m.wilds() == 0 => format!("natural canasta of {}", rank_word(r)),
            Shape::Set(r) if m.closed() => format!("mixed canasta of {}", rank_word(r)),
            Shape::Set(r) => format!("set of {}", rank_word(r)),
            Shape::Seq { .. } if m.closed() => "samba".to_string(),
            Shape::Seq { .. } => "sequence".to_string(),
            Shape::Black3 => "black 3s".to_string(),
        };
        format!(
            "{what}{}: {}",
            if m.staged { " (staged)" } else { "" },
            format_set(m.cards)
        )
    }

    fn describe(&self, viewer: Option<usize>) -> String {
        let mut s = format!(
            "Samba hand {}; dealer seat {}; totals {} / {}\n",
            self.hands_played + 1,
            self.dealer,
            self.totals[0],
            self.totals[1]
        );
        for p in 0..4 {
            s.push_str(&format!("seat {p}: {} cards\n", self.hands[p].len()));
        }
        for t in 0..2 {
            s.push_str(&format!(
                "partnership {t} (seats {} and {}): {}, red 3s {}, last hand {}\n",
                t,
                t + 2,
                if self.melded[t] { "melded" } else { "not melded" },
                format_set(self.red3[t]),
                self.last[t]
            ));
            for (i, m) in self.melds[t].iter().enumerate() {
                s.push_str(&format!("  meld {i}: {}\n", Self::meld_text(m)));
            }
        }
        // Red 3s never stay in a hand, so everybody knows which are still in the stock.
        let unseen_red = self.stock.iter().filter(|&id| rules::is_red_three(PACK.kind(id)));
        let unseen_red = unseen_red.fold(PackSet::EMPTY, |mut a, id| {
            a.insert(id);
            a
        });
        s.push_str(&format!(
            "red 3s still in the stock: {} \n",
            format_set(unseen_red)
        ));
        s.push_str(&format!(
            "pile: {} ({} cards{}), stock {} cards\n",
            self.pile.last().map_or("empty".to_string(), |&c| PACK.name(c)),
            self.pile.len(),
            if self.pile_has_freezer() { ", frozen" } else { "" },
            self.stock.len()
        ));
        for p in 0..4 {
            if viewer.map_or(true, |v| v == p) {
                s.push_str(&format!("hand {p}: {}\n", format_set(self.hands[p])));
            }
        }
        if !self.pending.is_empty() {
            s.push_str(&format!("pending: {}\n", format_set(self.pending)));
        }
        if let Some(tk) = &self.take {
            s.push_str(&format!(
                "taken pile waiting: {}\n",
                format_set(tk.rest.iter().fold(PackSet::EMPTY, |mut a, &c| {
                    a.insert(c);
                    a
                }))
            ));
        }
        if let Some(ans) = self.answer {
            s.push_str(if ans {
                "partner said yes: go out\n"
            } else {
                "partner said no\n"
            });
        }
        match self.phase {
            Phase::Over => s.push_str("game over\n"),
            Phase::Deal => s.push_str("dealing\n"),
            Phase::Draw => s.push_str(&format!("to move: seat {} (draw)\n", self.to_move)),
            Phase::StockDraw => s.push_str(&format!("to move: seat {} (drawing)\n", self.to_move)),
            Phase::Answer => s.push_str(&format!(
                "to move: seat {} (may your partner go out?)\n",
                self.to_move
            )),
            Phase::Meld => s.push_str(&format!(
                "to move: seat {} ({})\n",
                self.to_move,
                if self.last_red3 {
                    "meld, then end hand"
                } else {
                    "meld or discard"
                }
            )),
        }
        s
    }
}

fn rank_word(r: u8) -> String {
    match r {
        11 => "Js".into(),
        12 => "Qs".into(),
        13 => "Ks".into(),
        14 => "As".into(),
        r => format!("{r}s"),
    }
}

fn format_set(set: PackSet) -> String {
    if set.is_empty() {
        return "-".into();
    }
    let mut ids: Vec<u8> = set.iter().collect();
    ids.sort_by_key(|&id| (PACK.kind(id), PACK.copy(id)));
    ids.iter().map(|&id| PACK.name(id)).collect::<Vec<_>>().join(" ")
}

/// Observation layout (`KINDS` = 53 card kinds, the joker last): the viewer's hand counts by kind; the
/// pending cards by kind; the pile's top (one-hot); sizes (stock / 162, pile / 162, the pile frozen for
/// the viewer's partnership); per partnership, the viewer's first: melded counts by kind, canastas and
/// sambas, red 3s, melded flag, total / 10,000, initial minimum / 160; the hand sizes / 15 of the four
/// seats from the viewer's, clockwise; flags: draw (or drawing), meld, answer, a pile take pending, the
/// partner said yes, the viewer to move. Not in it: the other hands and the stock (private), the pile
/// below its top.
const HAND: usize = 0;
const PENDING: usize = HAND + KINDS;
const TOP: usize = PENDING + KINDS;
const SIZES: usize = TOP + KINDS;
const TEAMS: usize = SIZES + 3;
const TEAM_LEN: usize = KINDS + 5;
const SEATS: usize = TEAMS + 2 * TEAM_LEN;
const FLAGS: usize = SEATS + 4;
/// Observation length.
pub const OBS_LEN: usize = FLAGS + 6;

/// Bounds of every observation element.
pub fn observation_bounds() -> (Vec<f32>, Vec<f32>) {
    let mut low = vec![0.0; OBS_LEN];
    let mut high = vec![1.0; OBS_LEN];
    for k in 0..KINDS {
        let c = PACK.copies(k as u8) as f32;
        high[HAND + k] = c;
        high[PENDING + k] = c;
        for t in 0..2 {
            high[TEAMS + t * TEAM_LEN + k] = c;
        }
    }
    for t in 0..2 {
        let o = TEAMS + t * TEAM_LEN + KINDS;
        high[o] = MAX_MELDS as f32;
        high[o + 1] = 6.0;
        low[o + 3] = f32::NEG_INFINITY;
        high[o + 3] = f32::INFINITY;
    }
    for p in 0..4 {
        high[SEATS + p] = f32::INFINITY;
    }
    (low, high)
}

impl SambaState {
    fn write_obs(&self, viewer: usize, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        for id in self.hands[viewer].iter() {
            out[HAND + PACK.kind(id) as usize] += 1.0;
        }
        for id in self.pending.iter() {
            out[PENDING + PACK.kind(id) as usize] += 1.0;
        }
        if let Some(&top) = self.pile.last() {
            out[TOP + PACK.kind(top) as usize] = 1.0;
        }
        out[SIZES] = self.stock.len() as f32 / P as f32;
        out[SIZES + 1] = self.pile.len() as f32 / P as f32;
        out[SIZES + 2] = self.pile_frozen(team(viewer)) as u8 as f32;
        for rel in 0..2 {
            let t = (team(viewer) + rel) % 2;
            let o = TEAMS + rel * TEAM_LEN;
            for m in &self.melds[t] {
                for id in m.cards.iter() {
                    out[o + PACK.kind(id) as usize] += 1.0;
                }
            }
            out[o + KINDS] = self.closed_count(t) as f32;
            out[o + KINDS + 1] = self.red3[t].len() as f32;
            out[o + KINDS + 2] = self.melded[t] as u8 as f32;
            out[o + KINDS + 3] = self.totals[t] as f32 / 10000.0;
            out[o + KINDS + 4] = (rules::initial_minimum(self.totals[t]) as f32) / 160.0;
        }
        for rel in 0..4 {
            out[SEATS + rel] = self.hands[(viewer + rel) % 4].len() as f32 / 15.0;
        }
        let f = FLAGS;
        match self.phase {
            Phase::Draw | Phase::StockDraw => out[f] = 1.0,
            Phase::Meld => out[f + 1] = 1.0,
            Phase::Answer => out[f + 2] = 1.0,
            _ => {}
        }
        out[f + 3] = (self.take.is_some()) as u8 as f32;
        out[f + 4] = match self.answer {
            Some(true) => 1.0,
            _ => 0.0,
        };
        out[f + 5] = (self.phase != Phase::Over
            && self.phase != Phase::Deal
            && self.to_move as usize == viewer) as u8 as f32;
    }

    fn parse_card_in_hand(&self, text: &str) -> Result<u8> {
        if text.contains('#') {
            return PACK.parse(text);
        }
        let kind = crate::rummy::parse_kind(text)?;
        let held = self.hands[self.to_move as usize];
        held.first_of_kind(PACK, kind)
            .or_else(|| (0..PACK.copies(kind)).map(|c| PACK.id(kind, c)).next())
            .ok_or_else(|| LudoError::parse("card", text, "no such card"))
    }
}

impl fmt::Display for SambaState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(None))
    }
}

impl State for SambaState {
    fn current_player(&self) -> Player {
        match self.phase {
            Phase::Deal | Phase::StockDraw => Player::Chance,
            Phase::Over => Player::Terminal,
            _ => Player::Seat(self.to_move as usize),
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.for_each_legal(|a| out.push(a));
        out.sort_unstable();
    }
    fn apply_action(&mut self, action: Action) -> Result<()> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if self.phase == Phase::Over {
            return Err(LudoError::GameOver);
        }
        if legal.binary_search(&action).is_err() {
            if action >= NUM_ACTIONS {
                return Err(LudoError::illegal(
                    action,
                    format!("#{action}"),
                    format!("action ids are 0..{NUM_ACTIONS}"),
                ));
            }
            if self.is_chance_node() || action < P {
                return check_node(self, action, &legal);
            }
            return Err(LudoError::illegal(
                action,
                self.action_to_string(action),
                self.illegal_reason(action),
            ));
        }
        self.apply(action);
        Ok(())
    }
    fn apply_action_unchecked(&mut self, action: Action) {
        self.apply(action);
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if self.is_chance_node() {
            let p = 1.0 / self.stock.len() as f64;
            out.extend(self.stock.iter().map(|id| (id as Action, p)));
        }
    }
    fn sample_chance(&self, rng: &mut Rng) -> Action {
        self.stock.nth(rng.below(self.stock.len() as u32) as usize) as Action
    }
    fn random_action(&self, rng: &mut Rng) -> Action {
        let mut buf = Vec::with_capacity(64);
        self.for_each_legal(|a| buf.push(a));
        buf[rng.below(buf.len() as u32) as usize]
    }
    fn returns(&self, out: &mut [f64]) {
        for (s, o) in out.iter_mut().enumerate().take(4) {
            *o = (self.totals[team(s)] - self.totals[1 - team(s)]) as f64;
        }
    }
    fn rewards(&self, out: &mut [f64]) {
        if self.is_terminal() {
            self.returns(out);
        } else {
            out.iter_mut().for_each(|x| *x = 0.0);
        }
    }
    fn scores(&self, out: &mut [f64]) {
        for (s, o) in out.iter_mut().enumerate().take(4) {
            *o = self.totals[team(s)] as f64;
        }
    }
    fn action_to_string(&self, a: Action) -> String {
        action_name(a)
    }
    fn string_to_action(&self, text: &str) -> Result<Action> {
        let t = text.trim().to_lowercase();
        let bad = |reason: &str| LudoError::parse("action", text, reason);
        let simple = [
            ("draw stock", DRAW_STOCK),
            ("draw", DRAW_STOCK),
            ("take pile", TAKE_PILE),
            ("close", CLOSE),
            ("cancel", CANCEL),
            ("may i go out?", ASK),
            ("ask", ASK),
            ("yes", YES),
            ("no", NO),
            ("end hand", END),
        ];
        if let Some(&(_, a)) = simple.iter().find(|(name, _)| *name == t) {
            return Ok(a);
        }
        if let Some(rest) = t.strip_prefix("discard ") {
            return Ok(DISCARD + self.parse_card_in_hand(rest)? as Action);
        }
        if let Some(rest) = t.strip_prefix("pick ") {
            return Ok(PICK + self.parse_card_in_hand(rest)? as Action);
        }
        for (prefix, base) in [("onto meld ", ONTO), ("merge meld ", MERGE)] {
            if let Some(rest) = t.strip_prefix(prefix) {
                let m: u32 = rest
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&m| m < MAX_MELDS as u32)
                    .ok_or_else(|| bad(&format!("a meld number 0..{MAX_MELDS}")))?;
                return Ok(base + m);
            }
        }
        PACK.parse(text).map(|id| id as Action).map_err(|_| {
            bad("actions: a card (7♥#1), draw stock, take pile, discard 7♥#1, pick 7♥#1, close, cancel, may I go out?, yes, no, end hand, onto meld 2, merge meld 2")
        })
    }
    fn observation_string(&self, player: usize) -> String {
        self.describe(Some(player))
    }
    fn write_observation(&self, player: usize, out: &mut [f32]) {
        self.write_obs(player, out)
    }
    fn information_state_string(&self, player: usize) -> String {
        // Perfect recall: every action as this seat saw it (cards dealt or drawn by others hidden; picks
        // are laid face up, so they are public).
        let names = names();
        let mut s = String::with_capacity(self.history.len() * 12 + 1024);
        for (&a, &who) in self.history.iter().zip(&self.seen_by) {
            if a < P {
                s.push_str(if who == PUBLIC || who as usize == player {
                    &names[a as usize]
                } else {
                    "?"
                });
            } else {
                s.push((b'0' + who) as char);
                s.push(':');
                s.push_str(&names[a as usize]);
            }
            s.push(' ');
        }
        s.push('\n');
        s.push_str(&self.describe(Some(player)));
        s
    }
    fn history(&self) -> &[Action] {
        &self.history
    }
    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>> {
        let mut out = Vec::new();
        for p in 0..4 {
            out.push((format!("hand {p}"), self.hands[p].to_vec()));
        }
        out.push(("pending".into(), self.pending.to_vec()));
        out.push((
            "taken pile".into(),
            self.take
                .as_ref()
                .map_or(Vec::new(), |t| t.rest.iter().map(|&c| c as Action).collect()),
        ));
        out.push(("stock".into(), self.stock.to_vec()));
        out.push(("pile".into(), self.pile.iter().map(|&id| id as Action).collect()));
        for t in 0..2 {
            out.push((format!("red 3s {t}"), self.red3[t].to_vec()));
            for (i, m) in self.melds[t].iter().enumerate() {
                out.push((format!("meld {t}.{i}"), m.cards.to_vec()));
            }
        }
        Some(out)
    }
}

/// Every action's name, built once.
static NAMES: ActionNames = ActionNames::new();

fn names() -> &'static [String] {
    NAMES.all(NUM_ACTIONS, make_name)
}

/// The name of an action id (a pure function of the id).
pub fn action_name(a: Action) -> String {
    NAMES.name(NUM_ACTIONS, make_name, a)
}

fn make_name(a: Action) -> String {
    match a {
        a if a < P => PACK.name(a as u8),
        DRAW_STOCK => "draw stock".into(),
        TAKE_PILE => "take pile".into(),
        a if a < PICK => format!("discard {}", PACK.name((a - DISCARD) as u8)),
        a if a < CLOSE => format!("pick {}", PACK.name((a - PICK) as u8)),
        CLOSE => "close".into(),
        CANCEL => "cancel".into(),
        ASK => "may I go out?".into(),
        YES => "yes".into(),
        NO => "no".into(),
        END => "end hand".into(),
        a if a < MERGE => format!("onto meld {}", a - ONTO),
        a if a < NUM_ACTIONS => format!("merge meld {}", a - MERGE),
        a => format!("#{a}"),
    }
}
