//! `TrickGame<R>` and `TrickState<R>`: the [`Game`]/[`State`] implementation shared by every trick game.

use super::core::{Phase, TrickCore};
use super::deal::DealPlan;
use super::encode;
use super::rules::{as_card, AfterDeal, Effect, FaceUpRule, Slot, TrickMut, TrickRules, TrickView};
use crate::cards::{Card, CardSet};
use crate::core::game::{Action, Bot, Game, GameInfo, Player, RandomBot, State, MAX_PLAYERS};
use crate::core::params::Params;
use crate::core::rng::Rng;
use crate::core::Registered;
use crate::error::{LudoError, Result};
use std::fmt;
use std::num::NonZeroU64;
use std::sync::Arc;

/// A trick game: the rules value plus its resolved parameters.
#[derive(Clone, Debug)]
pub struct TrickGame<R: TrickRules> {
    rules: Arc<R>,
    /// The rules' deal for every dealer, tabulated once.
    plan: Arc<DealPlan>,
    params: Params,
}

impl<R: TrickRules> TrickGame<R> {
    /// The rules value.
    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The same game with another rules value (tests of engine features).
    #[cfg(test)]
    pub(crate) fn with_rules(game: Self, rules: R) -> Self {
        TrickGame::new(rules, game.params)
    }
    fn new(rules: R, params: Params) -> Self {
        let plan = Arc::new(DealPlan::new(rules.num_players(), rules.deck().len(), |d, k| {
            rules.deal_slot(d, k)
        }));
        TrickGame {
            rules: Arc::new(rules),
            plan,
            params,
        }
    }
}

impl<R: TrickRules> Registered for TrickGame<R> {
    const INFO: &'static GameInfo = R::INFO;
    fn from_params(params: Params) -> Result<Self> {
        Ok(TrickGame::new(R::from_params(&params)?, params))
    }
}

/// `actors` entry of the face-up card (a public chance event).
const FACE_UP: u8 = u8::MAX;
/// `actors` entry of a card dealt to the talon (nobody sees it).
const TALON: u8 = u8::MAX - 1;
/// Flag on an `actors` entry: the seat *received* this card by chance (private to that seat).
const RECEIVED: u8 = 0x40;

/// The mutable parts of a state handed to a changing hook, borrowed field by field so that the
/// rules value (`self.rules`) stays readable beside them.
macro_rules! parts_mut {
    ($s:expr) => {
        TrickMut {
            core: &mut $s.core,
            extra: &mut $s.extra,
            match_state: &mut $s.match_state,
        }
    };
}

/// A position of a trick game.
#[derive(Clone, Debug)]
pub struct TrickState<R: TrickRules> {
    rules: Arc<R>,
    plan: Arc<DealPlan>,
    /// Engine data (public so bots and rules can read it).
    pub core: TrickCore,
    /// The rules' own per-deal data.
    pub extra: R::Extra,
    /// The rules' own per-match data (kept across deals).
    pub match_state: R::Match,
    history: Vec<Action>,
    /// Scratch buffer of `play_out_random` for the legal extra actions (kept across restarts, so
    /// random auctions allocate nothing per decision).
    scratch: Vec<u32>,
}

impl<R: TrickRules> Game for TrickGame<R> {
    type State = TrickState<R>;

    fn info(&self) -> &'static GameInfo {
        R::INFO
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_players(&self) -> usize {
        self.rules.num_players()
    }
    fn num_distinct_actions(&self) -> usize {
        self.rules.deck().len() + self.rules.num_extra_actions()
    }
    fn max_chance_outcomes(&self) -> usize {
        self.rules.deck().len()
    }
    fn max_game_length(&self) -> usize {
        // Every card dealt or drawn once and played once, plus extra actions (bounded per deal).
        self.rules.max_deals() * (2 * self.rules.deck().len() + 4 * self.rules.num_extra_actions() + 8)
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![encode::observation_len(&*self.rules)]
    }
    fn utility(&self) -> Option<crate::core::game::Utility> {
        self.rules.utility()
    }
    fn observation_bounds(&self) -> (Vec<f32>, Vec<f32>) {
        encode::bounds(&*self.rules)
    }
    fn new_initial_state(&self) -> TrickState<R> {
        TrickState::fresh(Arc::clone(&self.rules), Arc::clone(&self.plan))
    }
    fn restart(&self, state: &mut TrickState<R>) {
        let r = &*self.rules;
        state
            .core
            .new_game(r.num_players(), r.first_dealer(), r.deck().all(), r.removed());
        state.core.set_active(r.active_seats(r.first_dealer()));
        r.reset_extra(&mut state.extra);
        r.reset_match(&mut state.match_state);
        state.history.clear();
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<TrickState<R>>>> {
        if name == "random" {
            return Ok(Box::new(RandomBot));
        }
        self.rules
            .new_bot(name)
            .ok_or_else(|| crate::core::game::unknown_bot(name, R::INFO))
    }
}

impl<R: TrickRules> TrickState<R> {
    /// The engine data before the first card is dealt.
    fn first_core(rules: &R) -> TrickCore {
        let mut core = TrickCore::new(
            rules.num_players(),
            rules.first_dealer(),
            rules.deck().all(),
            rules.removed(),
        );
        core.set_active(rules.active_seats(rules.first_dealer()));
        core
    }

    fn fresh(rules: Arc<R>, plan: Arc<DealPlan>) -> Self {
        let core = TrickState::first_core(&*rules);
        let history = Vec::with_capacity(2 * rules.deck().len());
        TrickState {
            rules,
            plan,
            core,
            extra: R::Extra::default(),
            match_state: R::Match::default(),
            history,
            scratch: Vec::new(),
        }
    }

    /// Who takes part in the next action `_action`: the acting seat, the seat receiving a dealt or drawn
    /// card (flagged RECEIVED), FACE_UP or TALON. Computed on demand (for the information-state text)
    /// rather than logged, to keep the simulation hot path lean.
    fn actor_of_next(&self, _action: Action) -> u8 {
        let core = &self.core;
        match core.phase {
            Phase::Deal => match self.plan.slot(core.dealer, core.dealt) {
                Some(Slot::Hand(s)) => RECEIVED | s as u8,
                Some(Slot::FaceUp) => FACE_UP,
                _ => TALON,
            },
            Phase::Draw => RECEIVED | core.to_move as u8,
            _ => core.to_move as u8,
        }
    }

    /// The rules value.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The read-only view rules hooks get.
    #[inline]
    pub fn view(&self) -> TrickView<'_, R> {
        TrickView::new(&self.core, &self.extra, &self.match_state)
    }

    /// The mutable parts, for tests that drive a hook directly.
    #[cfg(test)]
    pub(crate) fn parts_mut(&mut self) -> TrickMut<'_, R> {
        parts_mut!(self)
    }

    /// Card points captured by `seat` this deal.
    pub fn points_of(&self, seat: usize) -> i32 {
        self.rules.points_of_set(self.view(), self.core.won[seat])
    }

    /// Legal cards for the player to move (empty outside play).
    pub fn legal_cards(&self) -> CardSet {
        if self.core.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        // Seats are below MAX_PLAYERS: the mask (one `and`) only spares the bounds check (a compare
        // and a branch) in the per-card loop.
        let hand = self.core.hands[self.core.to_move % MAX_PLAYERS];
        if hand.is_empty() {
            return CardSet::EMPTY;
        }
        self.rules.legal_plays(self.view(), hand)
    }

    /// Out of line: the deal is a few cards per game, and keeping it out leaves the draw loop of
    /// `resolve_chance` small.
    #[inline(never)]
    fn deal_card(&mut self, card: Card) {
        let core = &mut self.core;
        core.stock.remove(card);
        let slot = self
            .plan
            .slot(core.dealer, core.dealt)
            .expect("deal phase has a slot");
        core.dealt += 1;
        match slot {
            Slot::Hand(s) => {
                core.hands[s].insert(card);
            }
            Slot::FaceUp => {
                // The card came off the top of the face-down stock: every card pinned in it (a
                // re-turned ace or three) is one place nearer the top now. None is on top yet (the
                // middle of a stock of 20+ cards, lifted at most 8 times).
                debug_assert!(core.pinned_on_top().is_none(), "a pinned card would be turned");
                core.pop_top();
                if let FaceUpRule::Reinsert { above } = self.rules.face_up_rule(card, core.face_down_count())
                {
                    // Back into the stock at a public position; the same slot is dealt again.
                    core.pin_in_stock(above, card);
                    core.dealt -= 1;
                } else {
                    core.face_up_card = Some(card);
                    core.face_up_on_table = true;
                }
            }
            Slot::Talon => core.deal_to_talon(card),
        }
        if core.dealt == self.plan.len(core.dealer) {
            if let AfterDeal::Redeal { same_dealer } = self.rules.start_after_deal(parts_mut!(self)) {
                self.throw_in(same_dealer);
            }
        }
    }

    /// Deals random cards (the draws `sample_chance` would make) while they go into hands or the
    /// talon: a run of them at once ([`Self::deal_run`]), then one at a time. A card face up, and the
    /// deal's last card (which runs `start_after_deal`), go through `deal_card`; then the caller
    /// loops again.
    #[inline]
    fn deal_random(&mut self, rng: &mut Rng) {
        let run = self.plan.run(self.core.dealer, self.core.dealt);
        if run > 1 {
            #[cfg(target_arch = "x86_64")]
            if crate::cards::cardset::fast_pdep() {
                // SAFETY: the CPU has a (fast) `pdep`.
                unsafe { self.deal_run_pdep(rng, run) };
            } else {
                self.deal_run(rng, run);
            }
            #[cfg(not(target_arch = "x86_64"))]
            self.deal_run(rng, run);
        }
        let row = self.plan.row(self.core.dealer);
        loop {
            let k = self.core.dealt;
            let stock = self.core.stock;
            let card = stock.nth_unchecked(rng.below(stock.len() as u32) as usize);
            self.history.push(card.0 as Action);
            match row.get(k) {
                Some(&seat) if (seat as usize) < MAX_PLAYERS && k + 1 < row.len() => {
                    let core = &mut self.core;
                    core.stock.remove(card);
                    core.hands[seat as usize].insert(card);
                    core.dealt = k + 1;
                }
                _ => return self.deal_card(card),
            }
        }
    }

    /// [`Self::deal_run`] where the CPU has a fast `pdep`: card by card as drawn, since a card's
    /// place in the stock is then one instruction away (about 30 instructions a card, half of the
    /// portable run's).
    ///
    /// # Safety
    /// Only where [`crate::cards::cardset::fast_pdep`] is true.
    #[cfg(target_arch = "x86_64")]
    unsafe fn deal_run_pdep(&mut self, rng: &mut Rng, run: usize) {
        let core = &mut self.core;
        let k0 = core.dealt;
        let row = &self.plan.row(core.dealer)[k0..k0 + run];
        debug_assert!(
            run < core.stock.len(),
            "a run leaves the deal's last card in the stock"
        );
        let mut stock = core.stock.0;
        let mut left = stock.count_ones();
        // A local copy of the generator stays in registers (the caller's is behind a reference).
        let mut local = rng.clone();
        // The cards go straight into the history's spare room (no list of them to copy after).
        let history = &mut self.history;
        history.reserve(run);
        let start = history.len();
        let spare = &mut history.spare_capacity_mut()[..run];
        for (&seat, slot) in row.iter().zip(spare.iter_mut()) {
            let r = local.below(left) as usize;
            left -= 1;
            // SAFETY: the caller checked `fast_pdep`; `r` is below the cards left in `stock`, so
            // its `r`-th card exists and the bit is not zero.
            let bit =
                unsafe { std::num::NonZeroU64::new_unchecked(crate::cards::cardset::pdep_bit(stock, r)) };
            stock ^= bit.get();
            // Not zero: no fallback for an empty word in the bit scan.
            let id = bit.trailing_zeros() as u8;
            slot.write(id as Action);
            if (seat as usize) < MAX_PLAYERS {
                core.hands[seat as usize].0 |= bit.get();
            } else {
                // The talon's slot (a run holds no face-up card): what `deal_card` does with it.
                core.deal_to_talon(Card(id));
            }
        }
        // SAFETY: the loop wrote the first `run` spare slots (`row` has `run` seats).
        unsafe { history.set_len(start + run) };
        *rng = local;
        core.stock = CardSet(stock);
        core.dealt = k0 + run;
    }

    /// Deals the next `run` cards (into hands or the talon) with the same draws as one at a time: the `i`-th
    /// draw picks place `r_i` among the `n - i` cards then left in the stock (`n` now). Found card
    /// by card, each pick waits for the stock the last one left (a chain of dependent bit searches,
    /// most of a deal's time); here the draws come first, then each place is carried back to a place
    /// in today's stock, going backwards: a later card placed at or above an earlier card's place
    /// moves one up past it. That is one comparison over all the places per card, with no chain
    /// between cards.
    fn deal_run(&mut self, rng: &mut Rng, run: usize) {
        /// `AFTER[t][k]`: all ones when lane `k` of a block of 16 comes after lane `t`, else 0.
        const AFTER: [[i8; 16]; 16] = {
            let mut a = [[0i8; 16]; 16];
            let mut t = 0;
            while t < 16 {
                let mut k = t + 1;
                while k < 16 {
                    a[t][k] = -1;
                    k += 1;
                }
                t += 1;
            }
            a
        };
        thread_local! {
            /// Beside each drawn place of a run, its value less one in all 16 lanes (see below).
            static BELOW: std::cell::RefCell<[[i8; 16]; 64]> =
                const { std::cell::RefCell::new([[0; 16]; 64]) };
        }
        let core = &mut self.core;
        let stock = core.stock;
        let n = stock.len();
        debug_assert!(run < n, "a run leaves the deal's last card in the stock");
        // Places below 64 as signed bytes: `>` on them is one vector instruction. Beside each
        // drawn place, its value less one in all 16 lanes of a block, for the comparisons below
        // (read from memory there rather than spread into a register at every step). Card `i`'s
        // own place is never moved by the cards after it, so the comparisons read the places as
        // drawn, not the array being changed (no wait between steps).
        let mut places = [0i8; 64];
        // The spread rows live in a buffer per thread: every row a run reads is written first, so
        // it needs no zeroing (1 KiB, more than the rest of a card's deal, at every deal).
        BELOW.with_borrow_mut(|below| {
            for (i, (p, b)) in places[..run].iter_mut().zip(below.iter_mut()).enumerate() {
                *p = rng.below((n - i) as u32) as i8;
                // Spread by a multiply (the byte times 0x0101…01) and two stores, not byte shuffles.
                let w = ((*p - 1) as u8 as u64)
                    .wrapping_mul(0x0101_0101_0101_0101)
                    .to_ne_bytes();
                let w = w.map(|x| x as i8);
                b[..8].copy_from_slice(&w);
                b[8..].copy_from_slice(&w);
            }
            // Lanes are independent, so the carrying goes 16 lanes (one vector register) at a time, in
            // the same order for each lane (cards from the last back): a block meets only the cards
            // before its last lane, and every card before its first lane comes before all its lanes
            // (no lane mask). For a 45-card run that is 93 block steps instead of 45 over 64 lanes.
            // Opaque to the optimiser: seeing that lane 0 is never after another, it would split each
            // block into odd pieces instead of one 16-lane operation.
            let after_rows: &[[i8; 16]; 16] = std::hint::black_box(&AFTER);
            for (blk, block) in places.chunks_exact_mut(16).take(run.div_ceil(16)).enumerate() {
                let first = 16 * blk;
                let mut v = [0i8; 16];
                v.copy_from_slice(block);
                for i in (first..(first + 15).min(run)).rev() {
                    let (b, after) = (&below[i], &after_rows[i - first]);
                    for ((p, &b), &after) in v.iter_mut().zip(b).zip(after) {
                        // A comparison is all ones where true: `-(x as i8)` is that mask.
                        *p -= -((*p > b) as i8) & after;
                    }
                }
                for b in below[..first].iter().rev() {
                    for (p, &b) in v.iter_mut().zip(b) {
                        *p += (*p > b) as i8;
                    }
                }
                block.copy_from_slice(&v);
            }
        });
        // A place in the stock is the card itself above the lowest card when the stock is one
        // unbroken range of card ids (a whole pack), else the place-th card of the set: listed once
        // (one pass over the set's bits) rather than selected per card, since a run after a talon
        // (Tarok's six cards first) is a long one.
        let low = stock.0.trailing_zeros();
        let range = stock.0 >> low;
        let unbroken = range & range.wrapping_add(1) == 0;
        // The places become card ids in place (ids are below 64, so they fit the same bytes).
        if unbroken {
            for p in places.iter_mut() {
                *p += low as i8;
            }
        } else {
            let mut ids = [0u8; 64];
            for (slot, card) in ids.iter_mut().zip(stock.iter()) {
                *slot = card.0;
            }
            for p in places[..run].iter_mut() {
                *p = ids[*p as usize & 63] as i8;
            }
        }
        let row = self.plan.row(core.dealer);
        let k0 = core.dealt;
        let mut dealt = CardSet::EMPTY;
        for (&seat, &id) in row[k0..k0 + run].iter().zip(&places[..run]) {
            let card = Card(id as u8);
            if (seat as usize) < MAX_PLAYERS {
                core.hands[seat as usize].insert(card);
            } else {
                // The talon's slot (a run holds no face-up card): what `deal_card` does with it.
                core.deal_to_talon(card);
            }
            dealt.insert(card);
        }
        self.history
            .extend(places[..run].iter().map(|&id| id as u8 as Action));
        core.stock = stock - dealt;
        core.dealt = k0 + run;
    }

    #[inline(always)]
    fn draw_card(&mut self, card: Card) {
        let core = &mut self.core;
        core.stock.remove(card);
        core.pop_top();
        core.hands[core.to_move].insert(card);
        core.draws_left -= 1;
        core.to_move = core.next_seat(core.to_move);
        // Usually the next draw is another chance draw or the round is over; only a pinned card or an
        // empty face-down stock (the face-up card is taken next) needs `settle_draws`.
        if core.draws_left == 0 {
            core.phase = Phase::Play;
            core.to_move = core.leader;
        } else if !core.pinned.is_empty() || core.stock.is_empty() {
            self.settle_draws();
        }
    }

    /// Makes the forced draws (a pinned card on top of the stock; the face-up card once the face-down
    /// stock is gone): they are public and no chance nodes. Returns to play when the round is complete.
    fn settle_draws(&mut self) {
        let core = &mut self.core;
        while core.draws_left > 0 {
            let seat = core.to_move;
            if let Some(card) = core.pinned_on_top() {
                core.pop_top();
                core.hands[seat].insert(card);
                core.known[seat].insert(card);
            } else if core.face_down_count() == 0 && core.face_up_on_table {
                let card = core.face_up_card.expect("face-up card on table");
                core.hands[seat].insert(card);
                core.known[seat].insert(card);
                core.face_up_on_table = false;
                core.face_up_holder = Some(seat);
            } else {
                break;
            }
            core.draws_left -= 1;
            core.to_move = core.next_seat(seat);
        }
        if core.draws_left == 0 {
            core.phase = Phase::Play;
            core.to_move = core.leader;
        }
    }

    fn play_card(&mut self, card: Card) {
        let seat = self.core.to_move % MAX_PLAYERS;
        let _ = self.play_card_of(seat, card, 1u64 << card.0);
    }

    /// [`Self::play_card`] by the seat to move (`seat`, below MAX_PLAYERS), with the card's bit
    /// (`1 << card`) that the random play loop already has from its pick: the hand, the trick set and
    /// the seat are then not loaded or computed again at every card. Returns the next seat to play
    /// while the trick goes on; `None` once it is complete (the engine then moves on: a new trick, a
    /// draw round or the deal's end).
    #[inline(always)]
    fn play_card_of(&mut self, seat: usize, card: Card, bit: u64) -> Option<usize> {
        debug_assert_eq!(seat, self.core.to_move);
        debug_assert_eq!(bit, 1u64 << card.0);
        let core = &mut self.core;
        // Masks, not bounds checks (seats and a trick's length are below MAX_PLAYERS).
        core.hands[seat % MAX_PLAYERS].0 &= !bit;
        if core.face_up_holder == Some(seat) && core.face_up_card == Some(card) {
            core.face_up_holder = None;
        }
        let len = core.trick_len;
        core.trick[len % MAX_PLAYERS] = card;
        core.trick_len = len + 1;
        core.trick_set.0 |= bit;
        if len + 1 < core.n_active {
            let next = core.next_seat(seat);
            core.to_move = next;
            return Some(next);
        }
        self.complete_trick();
        None
    }

    /// Out of line: it runs once per trick, and inlining it into every card play costs registers.
    #[inline(never)]
    fn complete_trick(&mut self) {
        let n = self.core.num_players;
        let pos = self.rules.trick_winner(self.view(), self.core.trick_cards());
        let core = &mut self.core;
        let winner = core.seat_after(core.leader, pos);
        let taken = core.trick_set;
        debug_assert_eq!(taken, core.trick_cards().iter().copied().collect::<CardSet>());
        core.trick_set = CardSet::EMPTY;
        core.won[winner] |= taken;
        core.last_trick = Some((core.leader, core.trick, winner));
        core.trick_len = 0;
        core.tricks_played += 1;
        core.leader = winner;
        core.to_move = winner;
        match self.rules.after_trick(parts_mut!(self)) {
            Effect::EndDeal => return self.end_deal(),
            Effect::NextTrick => {
                debug_assert!(
                    self.core.stock_count() == 0 && self.core.hands[..n].iter().any(|h| !h.is_empty()),
                    "NextTrick with cards to draw or every hand empty"
                );
                return;
            }
            Effect::Continue => {}
        }
        let core = &mut self.core;
        if core.stock_count() > 0 {
            core.phase = Phase::Draw;
            core.draws_left = core.n_active;
            // Only a pinned card or the face-up card alone makes the first draw forced.
            if !core.pinned.is_empty() || core.stock.is_empty() {
                self.settle_draws();
            }
        } else if core.phase == Phase::Play && core.hands[..n].iter().all(|h| h.is_empty()) {
            // `after_trick` may open a hand-end phase after the last trick (Reversis's claims): the
            // deal then ends when its extra action returns `EndDeal`.
            self.end_deal();
        }
    }

    #[inline(never)]
    fn end_deal(&mut self) {
        let outcome = self.rules.score_deal(self.view());
        let n = self.core.num_players;
        if outcome.redeal {
            return self.throw_in(false);
        }
        for s in 0..n {
            self.core.ledger[s] += outcome.ledger[s];
        }
        self.core.deals_done += 1;
        if !self.rules.is_match() {
            self.core.returns = outcome.returns;
            self.core.phase = Phase::Over;
            return;
        }
        match self.rules.match_result(self.view()) {
            Some(r) => {
                self.core.returns = r;
                self.core.phase = Phase::Over;
            }
            // A match that has not ended after `max_deals` deals (drawn deals can repeat) is a draw.
            None if self.core.deals_done as usize >= self.rules.max_deals() => {
                self.core.returns = [0.0; MAX_PLAYERS];
                self.core.phase = Phase::Over;
            }
            None => self.start_next_deal(),
        }
    }

    /// The deal does not count: it is dealt again (by the same dealer, or the one `next_dealer` names).
    #[inline(never)]
    fn throw_in(&mut self, same_dealer: bool) {
        self.core.deals_done += 1;
        if self.core.deals_done as usize >= self.rules.max_deals() {
            // Thrown in too often (only possible with adversarial explicit chance): a draw.
            self.core.returns = [0.0; MAX_PLAYERS];
            self.core.phase = Phase::Over;
        } else if same_dealer {
            self.start_deal_by(self.core.dealer);
        } else {
            self.start_next_deal();
        }
    }

    fn start_next_deal(&mut self) {
        self.start_deal_by(self.rules.next_dealer(self.view()));
    }

    fn start_deal_by(&mut self, dealer: usize) {
        self.core.new_deal(dealer, self.rules.deck().all());
        self.core.set_active(self.rules.active_seats(dealer));
        self.rules.reset_extra(&mut self.extra);
    }

    fn is_legal(&self, action: Action) -> bool {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        legal.binary_search(&action).is_ok()
    }

    fn illegal_reason(&self, action: Action) -> String {
        let core = &self.core;
        match (core.phase, as_card(self.rules.deck(), action)) {
            (Phase::Deal | Phase::Draw, _) => {
                "this is a chance node: the outcome must be a card still in the stock".into()
            }
            (Phase::Bidding, Some(_)) => "cards are not played during the auction".into(),
            (Phase::Play, Some(c)) if !core.hands[core.to_move].contains(c) => {
                format!(
                    "player {} does not hold {}",
                    core.to_move,
                    self.rules.deck().name_of(c)
                )
            }
            (Phase::Play, Some(c)) => self.rules.illegal_play_reason(self.view(), c),
            (_, None) if action as usize >= self.rules.deck().len() + self.rules.num_extra_actions() => {
                "no such action id in this game".into()
            }
            _ => "not available now".into(),
        }
    }
}

impl<R: TrickRules> State for TrickState<R> {
    fn current_player(&self) -> Player {
        match self.core.phase {
            Phase::Deal | Phase::Draw => Player::Chance,
            Phase::Bidding | Phase::Play => Player::Seat(self.core.to_move),
            Phase::Over => Player::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.core.phase {
            Phase::Deal | Phase::Draw => out.extend(self.core.stock.iter().map(|c| c.0 as Action)),

            Phase::Play => {
                out.extend(self.legal_cards().iter().map(|c| c.0 as Action));
                self.push_extra(out);
            }
            Phase::Bidding => self.push_extra(out),
            Phase::Over => {}
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<()> {
        if self.core.phase == Phase::Over {
            return Err(LudoError::GameOver);
        }
        if !self.is_legal(action) {
            let name = if (action as usize) < self.rules.deck().len() + self.rules.num_extra_actions() {
                self.action_to_string(action)
            } else {
                format!("#{action}")
            };
            return Err(LudoError::illegal(action, name, self.illegal_reason(action)));
        }
        self.apply_action_unchecked(action);
        Ok(())
    }

    fn apply_action_unchecked(&mut self, action: Action) {
        self.history.push(action);
        let deck_len = self.rules.deck().len() as Action;
        match self.core.phase {
            Phase::Deal => self.deal_card(Card(action as u8)),
            Phase::Draw => self.draw_card(Card(action as u8)),
            Phase::Play if action < deck_len => self.play_card(Card(action as u8)),
            Phase::Play | Phase::Bidding => {
                if self.rules.apply_extra(parts_mut!(self), action - deck_len) == Effect::EndDeal {
                    self.end_deal();
                }
            }
            Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if matches!(self.core.phase, Phase::Deal | Phase::Draw) {
            let p = 1.0 / self.core.stock.len() as f64;
            out.extend(self.core.stock.iter().map(|c| (c.0 as Action, p)));
        }
    }

    #[inline]
    fn sample_chance(&self, rng: &mut Rng) -> Action {
        let stock = self.core.stock;
        debug_assert!(!stock.is_empty(), "sample_chance at a chance node with a stock");
        stock.nth_unchecked(rng.below(stock.len() as u32) as usize).0 as Action
    }

    #[inline]
    fn resolve_chance(&mut self, rng: &mut Rng) {
        // The same outcomes as `sample_chance` + `apply_action_unchecked`, without the per-action
        // dispatch: a deal or a draw round is one tight loop.
        loop {
            let phase = self.core.phase;
            if phase != Phase::Deal && phase != Phase::Draw {
                return;
            }
            if phase == Phase::Deal {
                self.deal_random(rng);
                continue;
            }
            let stock = self.core.stock;
            let card = stock.nth_unchecked(rng.below(stock.len() as u32) as usize);
            self.history.push(card.0 as Action);
            self.draw_card(card);
        }
    }

    fn random_action(&self, rng: &mut Rng) -> Action {
        if self.core.phase == Phase::Play && !self.rules.extra_actions_in_play() {
            return self.random_action_with(rng, &mut Vec::new());
        }
        // Bots call this at every decision (bids, calls, discards): one buffer per thread for the
        // legal extra actions instead of a fresh one growing from empty each time.
        thread_local! {
            static EXTRAS: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        EXTRAS.with(|buf| match buf.try_borrow_mut() {
            Ok(mut extras) => self.random_action_with(rng, &mut extras),
            Err(_) => self.random_action_with(rng, &mut Vec::new()),
        })
    }

    fn play_out_random(&mut self, rng: &mut Rng) {
        // The default loop without its per-action dispatch: card plays follow each other directly
        // until a trick ends in a draw round or the deal ends.
        let cards_only = !self.rules.extra_actions_in_play();
        let mut scratch = std::mem::take(&mut self.scratch);
        loop {
            match self.core.phase {
                Phase::Over => break,
                Phase::Deal | Phase::Draw => self.resolve_chance(rng),
                Phase::Play if cards_only => {
                    // A copy the loop owns: nothing else takes its address, so its four words stay
                    // in registers instead of being loaded and stored at every card (the caller's
                    // generator is shared with the out-of-line deal). Written back after the loop.
                    let mut local = rng.clone();
                    // The CPU's select asked once for the whole loop, not at every card.
                    #[cfg(target_arch = "x86_64")]
                    if crate::cards::cardset::fast_pdep() {
                        // SAFETY: the CPU has a (fast) `pdep`; `k` is below the legal cards' count,
                        // so their `k`-th card exists and the bit is not zero.
                        self.play_cards(&mut local, |legal, k| unsafe {
                            NonZeroU64::new_unchecked(crate::cards::cardset::pdep_bit(legal.0, k))
                        });
                    } else {
                        self.play_cards(&mut local, nth_bit_portable);
                    }
                    #[cfg(not(target_arch = "x86_64"))]
                    self.play_cards(&mut local, nth_bit_portable);
                    *rng = local;
                }
                // No extra action legal now (Tysiąc away from a lead): the same draw as the plain
                // loop's, which picks among the legal cards alone.
                Phase::Play if !self.rules.extras_possible(self.view()) => {
                    debug_assert!(self.extra_offsets().is_empty(), "extras_possible() is false");
                    let card = self.random_card(rng);
                    self.history.push(card.0 as Action);
                    self.play_card(card);
                }
                Phase::Play | Phase::Bidding => {
                    let a = self.random_action_with(rng, &mut scratch);
                    self.apply_action_unchecked(a);
                }
            }
        }
        self.scratch = scratch;
    }

    fn returns(&self, out: &mut [f64]) {
        let n = self.core.num_players;
        if self.core.phase == Phase::Over {
            out[..n].copy_from_slice(&self.core.returns[..n]);
        } else {
            out[..n].iter_mut().for_each(|x| *x = 0.0);
        }
    }

    fn scores(&self, out: &mut [f64]) {
        // Card points of the last deal; in a match, the ledger.
        let n = self.core.num_players;
        if self.rules.is_match() {
            out[..n].copy_from_slice(&self.core.ledger[..n]);
        } else {
            for (s, o) in out[..n].iter_mut().enumerate() {
                *o = self.points_of(s) as f64;
            }
        }
    }

    fn action_to_string(&self, action: Action) -> String {
        let deck = self.rules.deck();
        match as_card(deck, action) {
            Some(c) => deck.name_of(c).to_string(),
            None => self.rules.extra_name(action - deck.len() as Action),
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action> {
        let deck = self.rules.deck();
        if let Ok(card) = deck.parse(text) {
            return Ok(card.0 as Action);
        }
        let norm = text.trim().to_lowercase();
        match self.rules.parse_extra(&norm) {
            Some(off) if (off as usize) < self.rules.num_extra_actions() => Ok(deck.len() as Action + off),
            _ => Err(LudoError::parse(
                "action",
                text,
                format!(
                    "not a card of the {} deck nor an action name of {}",
                    deck.name(),
                    R::INFO.short_name
                ),
            )),
        }
    }

    fn observation_string(&self, player: usize) -> String {
        encode::describe(self, Some(player))
    }

    fn write_observation(&self, player: usize, out: &mut [f32]) {
        encode::write(self, player, out)
    }

    fn information_state_string(&self, player: usize) -> String {
        let mut s = format!("seat {player}\n");
        let deck_len = self.rules.deck().len() as Action;
        let mut replay = TrickState::fresh(Arc::clone(&self.rules), Arc::clone(&self.plan));
        for &a in &self.history {
            let actor = replay.actor_of_next(a);
            // Asked before the action, of the state it was taken in.
            let private = a >= deck_len
                && !self
                    .rules
                    .extra_visible_at(replay.view(), a - deck_len, actor as usize, player);
            replay.apply_action_unchecked(a);
            let name = self.action_to_string(a);
            let line = match actor {
                FACE_UP => format!("up {name}"),
                TALON => "talon ?".to_string(),
                // A card dealt or drawn: only its receiver sees it.
                x if x & RECEIVED != 0 && (x & !RECEIVED) as usize == player => format!("get {name}"),
                x if x & RECEIVED != 0 => format!("{} gets ?", x & !RECEIVED),
                // Plays are public; extra actions unless the rules keep them private (a discard).
                x if private => {
                    format!("{x} ?")
                }
                x => format!("{x} {name}"),
            };
            s.push_str(&line);
            s.push('\n');
        }
        s.push_str(&encode::describe(self, Some(player)));
        s
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn card_locations(&self) -> Option<Vec<(String, Vec<Action>)>> {
        let c = &self.core;
        let ids = |set: CardSet| set.iter().map(|x| x.0 as Action).collect::<Vec<_>>();
        let mut out = Vec::new();
        for s in 0..c.num_players {
            out.push((format!("hand {s}"), ids(c.hands[s])));
            out.push((format!("won {s}"), ids(c.won[s])));
        }
        out.push((
            "trick".into(),
            c.trick_cards().iter().map(|x| x.0 as Action).collect(),
        ));
        out.push(("talon".into(), ids(c.talon)));
        let pinned: CardSet = c.pinned.iter().map(|p| p.1).collect();
        out.push(("stock".into(), ids(c.stock | pinned)));
        let up = if c.face_up_on_table {
            c.face_up_card.map(CardSet::single).unwrap_or_default()
        } else {
            CardSet::EMPTY
        };
        out.push(("face-up".into(), ids(up)));
        out.push(("removed".into(), ids(c.removed)));
        // Private piles only where a game lays cards away (the other games' places stay as they were).
        for s in 0..c.num_players {
            if !c.laid_away[s].is_empty() {
                out.push((format!("laid away {s}"), ids(c.laid_away[s])));
            }
        }
        Some(out)
    }

    fn shown_cards(&self, player: usize) -> Vec<Action> {
        // What the observation shows beyond the visible places: the face-up part of an exposed
        // talon, other seats' known cards (taken face up, given face up, handed over for a call,
        // what the rules reveal to this viewer), the face-down stock cards whose place is public.
        let c = &self.core;
        let mut shown = c.talon_face_up();
        for other in (0..c.num_players).filter(|&o| o != player) {
            shown |= encode::visible_hand(self, player, other);
        }
        shown |= c.pinned.iter().map(|p| p.1).collect::<CardSet>();
        shown.iter().map(|x| x.0 as Action).collect()
    }

    fn action_seen_by(&self, action: Action, viewer: usize) -> bool {
        // The same test as the information state's "x ?" lines: cards played are public, an extra
        // action is unless the rules keep it private. Chance outcomes are not choices.
        let deck_len = self.rules.deck().len() as Action;
        if action < deck_len || State::current_player(self) == Player::Chance {
            return true;
        }
        let actor = self.core.to_move;
        self.rules
            .extra_visible_at(self.view(), action - deck_len, actor, viewer)
    }

    fn private_choice_bound(&self) -> Option<usize> {
        // Every private extra action of a trick game names one card of the mover's hand (a discard,
        // a bury, a give), one action per card: the hand's size, which every seat knows, bounds them.
        // At least one for a private action that moves no card (a claim at the lead).
        match State::current_player(self) {
            Player::Seat(p) => Some(self.core.hands[p].len().max(1)),
            _ => None,
        }
    }
}

impl<R: TrickRules> TrickState<R> {
    /// Legal extra actions now (offsets).
    fn extra_offsets(&self) -> Vec<u32> {
        let mut offs = Vec::new();
        if self.rules.num_extra_actions() > 0 {
            self.rules.extra_legal(self.view(), &mut offs);
        }
        offs
    }
    fn push_extra(&self, out: &mut Vec<Action>) {
        let base = self.rules.deck().len() as Action;
        let start = out.len();
        out.extend(self.extra_offsets().into_iter().map(|o| base + o));
        debug_assert!(out[start..].windows(2).all(|w| w[0] < w[1]));
    }
    /// `random_action` with a caller's buffer for the legal extra actions. The same draw as picking
    /// from `legal_actions` (cards ascending, then extra actions ascending), without building it.
    fn random_action_with(&self, rng: &mut Rng, extras: &mut Vec<u32>) -> Action {
        let core = &self.core;
        if core.phase == Phase::Play && !self.rules.extra_actions_in_play() {
            debug_assert!(
                self.extra_offsets().is_empty(),
                "extra actions legal in play but extra_actions_in_play() is false"
            );
            return self.random_card(rng).0 as Action;
        }
        let cards = self.legal_cards();
        if self.rules.num_extra_actions() > 0 {
            if let Some(n) = self.rules.count_extra(self.view()) {
                debug_assert_eq!(self.extra_offsets().len(), n, "count_extra");
                // The same draw over the same list (cards, then extras in `extra_legal`'s order),
                // without listing the extras.
                let k = rng.below((cards.len() + n) as u32) as usize;
                let action = if k < cards.len() {
                    cards.nth_unchecked(k).0 as Action
                } else {
                    let off = self.rules.nth_extra(self.view(), k - cards.len());
                    debug_assert_eq!(self.extra_offsets()[k - cards.len()], off, "nth_extra");
                    self.rules.deck().len() as Action + off
                };
                debug_assert!(self.is_legal(action));
                return action;
            }
        }
        extras.clear();
        if self.rules.num_extra_actions() > 0 {
            self.rules.extra_legal(self.view(), extras);
        }
        let k = rng.below((cards.len() + extras.len()) as u32) as usize;
        let action = if k < cards.len() {
            cards.nth_unchecked(k).0 as Action
        } else {
            self.rules.deck().len() as Action + extras[k - cards.len()]
        };
        debug_assert!(self.is_legal(action));
        action
    }
    /// A uniformly random legal card (play phase, no extra action legal).
    #[inline]
    fn random_card(&self, rng: &mut Rng) -> Card {
        let legal = self.legal_cards();
        legal.nth_unchecked(rng.below(legal.len() as u32) as usize)
    }
    /// Plays random legal cards while the phase is `Play` (no extra action can be legal), picking
    /// the `k`-th legal card with `nth_bit` (as a one-bit mask: the same card [`CardSet::nth_unchecked`]
    /// picks): the draws
    /// of [`Self::random_card`], without `legal_cards`' checks of the phase and of an empty hand
    /// (the seat to move in play always holds a card: a deal with every hand empty has ended),
    /// which cost a tenth of a random card play.
    #[inline(always)]
    fn play_cards(&mut self, rng: &mut Rng, nth_bit: impl Fn(CardSet, usize) -> NonZeroU64) {
        while self.core.phase == Phase::Play {
            // Within a trick the phase stays `Play` and the next seat comes back from the card
            // played: they are read from the state again only when a trick is complete.
            let mut seat = self.core.to_move % MAX_PLAYERS;
            loop {
                let hand = self.core.hands[seat];
                debug_assert!(!hand.is_empty(), "the seat to move in play holds a card");
                let legal = self.rules.legal_plays(self.view(), hand);
                let bit = nth_bit(legal, rng.below(legal.len() as u32) as usize);
                // Not zero: no fallback for an empty word in the bit scan.
                let card = Card(bit.trailing_zeros() as u8);
                self.history.push(card.0 as Action);
                match self.play_card_of(seat, card, bit.get()) {
                    Some(next) => seat = next % MAX_PLAYERS,
                    None => break,
                }
            }
        }
    }
}

impl<R: TrickRules> fmt::Display for TrickState<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&encode::describe(self, None))
    }
}

/// The `k`-th card of `legal` as a one-bit mask, without `pdep` (`k` below the count).
fn nth_bit_portable(legal: CardSet, k: usize) -> NonZeroU64 {
    // Card ids are below 64: the bit is never zero (the fallback is never taken).
    NonZeroU64::new(1u64 << (legal.nth_portable(k).0 & 63)).unwrap_or(NonZeroU64::MIN)
}

/// Per-seat array helper: `[f64; MAX_PLAYERS]` from a closure over seats `0..n`.
pub fn per_seat(n: usize, f: impl Fn(usize) -> f64) -> [f64; MAX_PLAYERS] {
    let mut out = [0.0; MAX_PLAYERS];
    for (s, o) in out.iter_mut().enumerate().take(n) {
        *o = f(s);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Registered;

    /// Two states that dealt the same cards to the same places: hands, talon (as it lies and as
    /// dealt), stock, cards dealt and history.
    fn assert_same_deal<R: TrickRules>(a: &TrickState<R>, b: &TrickState<R>) {
        assert_eq!(a.history, b.history);
        let (ca, cb) = (&a.core, &b.core);
        assert_eq!(ca.hands, cb.hands);
        assert_eq!(ca.talon, cb.talon);
        assert_eq!(ca.talon_as_dealt(), cb.talon_as_dealt());
        assert_eq!(ca.stock, cb.stock);
        assert_eq!(ca.dealt, cb.dealt);
    }

    /// Both runs of a deal from the same place of the same stream: the same cards to the same
    /// places, the same history and the same generator state after.
    fn same_runs<R: TrickRules>(game: &TrickGame<R>, seeds: u64) {
        #[cfg(target_arch = "x86_64")]
        for seed in 0..seeds {
            if !crate::cards::cardset::fast_pdep() {
                return;
            }
            let mut st = game.new_initial_state();
            let mut rng = Rng::new(seed);
            // Start the runs after 0, 1 or 2 cards dealt one at a time (a run mid-deal).
            for _ in 0..seed % 3 {
                let a = st.sample_chance(&mut rng);
                st.apply_action_unchecked(a);
            }
            let run = st.plan.run(st.core.dealer, st.core.dealt);
            assert!(run > 1, "a run to compare");
            let (mut a, mut b) = (st.clone(), st);
            let (mut ra, mut rb) = (rng.clone(), rng);
            a.deal_run(&mut ra, run);
            // SAFETY: `fast_pdep` was checked above.
            unsafe { b.deal_run_pdep(&mut rb, run) };
            assert_eq!(ra, rb);
            assert_same_deal(&a, &b);
        }
    }

    /// The random play loop with each picker from the same dealt position and stream: the same
    /// cards in the same order, the same end of the deal and the same generator state after.
    fn same_plays<R: TrickRules>(game: &TrickGame<R>, seeds: u64) {
        #[cfg(target_arch = "x86_64")]
        for seed in 0..seeds {
            if !crate::cards::cardset::fast_pdep() {
                return;
            }
            let mut st = game.new_initial_state();
            let mut rng = Rng::new(seed);
            // Bids and other extra actions at random until the card play starts.
            while !st.is_terminal() && st.core.phase != Phase::Play {
                if st.core.phase == Phase::Deal || st.core.phase == Phase::Draw {
                    st.resolve_chance(&mut rng);
                } else {
                    let a = st.random_action(&mut rng);
                    st.apply_action_unchecked(a);
                }
            }
            if st.is_terminal() {
                continue;
            }
            let before = st.history.len();
            let (mut a, mut b) = (st.clone(), st);
            let (mut ra, mut rb) = (rng.clone(), rng);
            a.play_cards(&mut ra, nth_bit_portable);
            // SAFETY: `fast_pdep` was checked above; `k` is below the legal cards' count.
            b.play_cards(&mut rb, |legal, k| unsafe {
                NonZeroU64::new_unchecked(crate::cards::cardset::pdep_bit(legal.0, k))
            });
            assert_eq!(ra, rb);
            assert_eq!(a.history, b.history);
            assert!(a.history.len() > before, "cards were played");
            assert_eq!(a.core.phase, b.core.phase);
            assert_eq!(a.core.won, b.core.won);
            assert_eq!(a.core.returns, b.core.returns);
        }
    }

    #[test]
    fn the_face_up_card_is_known_in_its_drawers_hand_until_played() {
        // Briscola: whoever draws the face-up card is shown holding it while it stays in the hand,
        // through plays of other cards, and no longer once it is played.
        let game = crate::games::briscola::Briscola::from_game_string("briscola").unwrap();
        let mut rng = Rng::new(3);
        let (mut held, mut played) = (0, 0);
        for _ in 0..300 {
            let mut st = game.new_initial_state();
            while !st.is_terminal() {
                let a = if st.current_player() == Player::Chance {
                    st.sample_chance(&mut rng)
                } else {
                    st.random_action(&mut rng)
                };
                let before = st.core.face_up_holder;
                st.apply_action(a).unwrap();
                let c = &st.core;
                match (c.face_up_holder, c.face_up_card) {
                    (Some(h), Some(card)) => {
                        assert!(c.hands[h].contains(card));
                        held += 1;
                    }
                    (None, Some(card)) => {
                        assert!(c.hands.iter().all(|h| !h.contains(card)));
                        played += before.is_some() as usize;
                    }
                    _ => {}
                }
            }
        }
        assert!(held > 1000 && played > 100, "{held} {played}");
    }

    #[test]
    fn the_portable_random_play_plays_what_the_pdep_play_plays() {
        // Tarok (tricks of four, the deal ending in play), Briscola (draw rounds between tricks)
        // and Schafkopf.
        same_plays(
            &crate::games::tarok::Type::from_game_string("tarok").unwrap(),
            200,
        );
        same_plays(
            &crate::games::briscola::Briscola::from_game_string("briscola(players=4)").unwrap(),
            200,
        );
        same_plays(
            &crate::games::schafkopf::Type::from_game_string("schafkopf").unwrap(),
            200,
        );
    }

    #[test]
    fn the_pdep_deal_run_deals_what_the_portable_run_deals() {
        // A deal ending in the talon (Reversis), one opening with it (Tarok), packets (Schafkopf)
        // and a face-up card after the hands (Briscola).
        same_runs(
            &crate::games::reversis::Type::from_game_string("reversis").unwrap(),
            300,
        );
        same_runs(
            &crate::games::tarok::Type::from_game_string("tarok").unwrap(),
            300,
        );
        same_runs(
            &crate::games::schafkopf::Type::from_game_string("schafkopf").unwrap(),
            300,
        );
        same_runs(
            &crate::games::briscola::Briscola::from_game_string("briscola(players=4)").unwrap(),
            300,
        );
    }

    #[test]
    fn the_portable_deal_run_deals_what_one_at_a_time_deals_from_a_stock_above_card_0() {
        // The run turns drawn places into cards by adding the lowest card's id when the stock is one
        // unbroken range of ids, and by listing the stock otherwise. Reversis's 52 cards with some
        // dealt first, one at a time: the lowest 1, 2 or 3 (an unbroken range above card 0), and the
        // lowest 32 and card 40 (a broken stock whose lowest card is 32). Then a run, against the
        // same draws dealt one at a time (`sample_chance`, then the card as an action).
        let game = crate::games::reversis::Type::from_game_string("reversis").unwrap();
        let firsts: [Vec<u8>; 4] = [vec![0], vec![0, 1], vec![0, 1, 2], (0..32).chain([40]).collect()];
        for first in firsts {
            for seed in 0..20 {
                let mut st = game.new_initial_state();
                for &id in &first {
                    st.apply_action_unchecked(Action::from(id));
                }
                assert_eq!(st.core.stock.0.trailing_zeros(), first.len().min(32) as u32);
                let run = st.plan.run(st.core.dealer, st.core.dealt);
                assert!(run > 1, "a run to compare");
                let (mut a, mut b) = (st.clone(), st);
                let (mut ra, mut rb) = (Rng::new(seed), Rng::new(seed));
                a.deal_run(&mut ra, run);
                for _ in 0..run {
                    let card = b.sample_chance(&mut rb);
                    b.apply_action_unchecked(card);
                }
                assert_eq!(ra, rb);
                assert_same_deal(&a, &b);
            }
        }
    }
}
