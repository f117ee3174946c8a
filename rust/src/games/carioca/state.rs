//! A Carioca position: the deal, turns (draw, meld in steps, discard), hand ends, scoring, the match.
//!
//! Random-play speed (issue #21; the earlier passes are recorded in `scripts/mutants_results.md`,
//! "Carioca random-play speed"). Seventh pass, measured with `cargo test --release --test throughput
//! --no-run`, then `LUDO_GAMES=2000 LUDO_SPECS='carioca' valgrind --tool=callgrind
//! target/release/deps/throughput-* --ignored --nocapture`: 1,028,418 instructions per whole game
//! before, 982,129 with the escaleras' jokers asked before the contract search
//! (`contract::escalera_jokers`), 966,390 with a new hand's stock and a reshuffle in word operations,
//! 946,904 with the quiet turns' stock size and seats down in locals and sizes from two words,
//! 944,546 with the deal's stock, size and generator in locals (-8.2% in all). Tried and dropped: the escaleras' first test inlined into the playout, the rest a call
//! (1,037,372 a game: the quiet-turn loop got dearer by more than the call saved). Seeded `simulate`
//! results (returns, scores, lengths of 3,000 games of `carioca`, `carioca(players=2)`,
//! `carioca(scope=deal)`, `carioca(contract_meld_exact_size=false,go_out_requires_discard=true)`,
//! `carioca(contract_sequence=chilean,players=5)`) unchanged.
//!
//! Eighth pass (same measure): 944,546 before, 820,239 with the quiet turns in
//! [`CariocaState::quiet_turns_pdep`] where the CPU has a fast `pdep` (stock and hand as two words in
//! registers, one `pdep` a card), 763,877 with the quiet turn's contract test answered by
//! `contract::quick_layable` where it can (-19.1% in all); the same seeded results.

use super::contract::{self, Owed, Slot};
use super::*;

#[cfg(test)]
thread_local! {
    /// Set by tests to play the quiet turns by the portable loop on a CPU with a fast `pdep` (the
    /// loop every CPU without one takes), so both loops are checked on this machine.
    pub(super) static PORTABLE_QUIET_TURNS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}
use crate::core::game::{check_node, Action, Player, State};
use crate::core::rng::Rng;
use crate::error::{LudoError, Result};
use crate::rummy::bag::{kind_name, rank_of, PackSet, JOKER, KINDS};
use crate::rummy::meld::{for_each_run_layout, run_layouts, set_rank, Run};
use crate::rummy::names::ActionNames;
use std::fmt;

/// Where the hand stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Chance: dealing the hands and the upcard.
    Deal,
    /// The player to move draws.
    Draw,
    /// Chance: the card drawn from the stock.
    StockDraw,
    /// The player to move melds and discards.
    Meld,
    /// The game is over.
    Over,
}

/// A meld's shape on the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Trio(u8),
    Escalera(Run),
}

/// A meld on the table (or closed and waiting for the rest of its contract).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    pub owner: u8,
    pub cards: PackSet,
    pub shape: Shape,
}

/// Who saw a history entry: a seat, or everybody.
const PUBLIC: u8 = u8::MAX;

/// A Carioca position.
#[derive(Clone, Debug)]
pub struct CariocaState {
    pub(super) cfg: Config,
    pub(super) phase: Phase,
    pub(super) hand_no: u8,
    pub(super) dealer: u8,
    pub(super) to_move: u8,
    pub(super) dealt: u16,
    pub(super) hands: [PackSet; MAX_PLAYERS],
    /// Cards each seat took from the pile (public knowledge while the seat still holds them).
    known: [PackSet; MAX_PLAYERS],
    pub(super) stock: PackSet,
    pub(super) pile: Vec<u8>,
    pub(super) melds: Vec<Meld>,
    /// The kinds some table meld takes (bit k): the union of [`Self::accepts`] over the table, kept up
    /// to date when a meld goes down or changes (a lay-off pick is checked against it on every draw).
    pub(super) accepted: u64,
    pub(super) down: [bool; MAX_PLAYERS],
    /// The mover laid the contract this turn: only a discard is left.
    pub(super) just_down: bool,
    /// Cards of the meld being built, or the one card being laid off.
    pub(super) pending: PackSet,
    /// Closed contract melds not yet on the table (the contract goes down all at once).
    pub(super) staged: Vec<Meld>,
    pub(super) slot: u8,
    /// While the mover builds its contract (something picked or closed): the picker of the position,
    /// updated pick by pick rather than worked out again for every decision (`None` otherwise).
    building: Option<ContractPicker>,
    cancels: u8,
    pub(super) turns: u16,
    pub(super) reshuffles: u8,
    pub(super) scores: [i32; MAX_PLAYERS],
    pub(super) last: [i32; MAX_PLAYERS],
    /// Penalty points the last transition added per seat (what `rewards` reports, negated): a
    /// transition is one action, or a decision plus the chance steps `resolve_chance` runs after it.
    reward: [i32; MAX_PLAYERS],
    /// Set while `resolve_chance` runs, so the chance steps add to the decision's reward.
    keep_reward: bool,
    /// Who went out of the last finished hand (`None`: nobody, or no hand finished yet).
    pub(super) went_out: Option<u8>,
    pub(super) hands_done: u8,
    history: Vec<Action>,
    /// Per history entry: the seat that saw the card (chance) or acted.
    seen_by: Vec<u8>,
    /// Set only inside [`State::play_out_random_counted`] (`simulate`'s own states): actions are
    /// counted in [`Self::counted`] rather than recorded.
    counting: bool,
    /// The game's length so far while [`Self::counting`].
    counted: usize,
}

impl CariocaState {
    pub(super) fn new(cfg: Config) -> Self {
        Self::with_buffers(
            cfg,
            Vec::with_capacity(P as usize),
            Vec::with_capacity(MAX_MELDS),
            Vec::with_capacity(MAX_SLOTS),
            Vec::new(),
            Vec::new(),
        )
    }

    /// Back at the start of a game with the same rules, keeping the vectors' memory (`simulate`
    /// restarts one state per worker: a game is some thousand actions).
    pub(super) fn restart(&mut self, cfg: Config) {
        fn emptied<T>(v: &mut Vec<T>) -> Vec<T> {
            let mut v = std::mem::take(v);
            v.clear();
            v
        }
        *self = Self::with_buffers(
            cfg,
            emptied(&mut self.pile),
            emptied(&mut self.melds),
            emptied(&mut self.staged),
            emptied(&mut self.history),
            emptied(&mut self.seen_by),
        );
    }

    /// The initial position, with (empty) vectors to fill.
    fn with_buffers(
        cfg: Config,
        pile: Vec<u8>,
        melds: Vec<Meld>,
        staged: Vec<Meld>,
        history: Vec<Action>,
        seen_by: Vec<u8>,
    ) -> Self {
        debug_assert!(pile.is_empty() && melds.is_empty() && staged.is_empty());
        debug_assert!(history.is_empty() && seen_by.is_empty());
        CariocaState {
            cfg,
            phase: Phase::Deal,
            hand_no: 0,
            dealer: cfg.first_dealer as u8,
            to_move: 0,
            dealt: 0,
            hands: [PackSet::EMPTY; MAX_PLAYERS],
            known: [PackSet::EMPTY; MAX_PLAYERS],
            stock: PACK.all(),
            pile,
            melds,
            accepted: 0,
            down: [false; MAX_PLAYERS],
            just_down: false,
            pending: PackSet::EMPTY,
            staged,
            slot: 0,
            building: None,
            cancels: 0,
            turns: 0,
            reshuffles: 0,
            scores: [0; MAX_PLAYERS],
            last: [0; MAX_PLAYERS],
            reward: [0; MAX_PLAYERS],
            keep_reward: false,
            went_out: None,
            hands_done: 0,
            history,
            seen_by,
            counting: false,
            counted: 0,
        }
    }

    /// The contract of the current hand.
    pub fn contract(&self) -> Contract {
        self.cfg.contracts[self.hand_no as usize]
    }
    /// Number of seats.
    fn n(&self) -> usize {
        self.cfg.players
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Penalty totals so far.
    pub fn totals(&self) -> &[i32] {
        &self.scores[..self.n()]
    }
    /// Whether seat `s` has its contract down this hand.
    pub fn contract_down(&self, s: usize) -> bool {
        self.down[s]
    }
    /// The melds on the table.
    pub fn table(&self) -> &[Meld] {
        &self.melds
    }
    /// A seat's hand.
    pub fn hand(&self, s: usize) -> PackSet {
        self.hands[s]
    }
    /// The discard pile, bottom first.
    pub fn pile(&self) -> &[u8] {
        &self.pile
    }

    pub(super) fn slot_kind(&self, slot: u8) -> Slot {
        if slot < self.contract().escaleras {
            Slot::Escalera
        } else {
            Slot::Trio
        }
    }

    pub(super) fn owed_after(&self, slot: u8) -> Owed {
        let c = self.contract();
        let done = slot + 1;
        let esc_done = done.min(c.escaleras);
        let trio_done = done.saturating_sub(c.escaleras);
        Owed {
            escaleras: c.escaleras - esc_done,
            trios: c.trios - trio_done.min(c.trios),
            keep: self.cfg.requires_discard as u8,
        }
    }

    fn contract_trio(&self) -> SetRules {
        SetRules {
            min_len: 3,
            max_len: if self.cfg.exact { 3 } else { 255 },
            max_wild: 1,
            min_natural: 2,
            ..TRIO
        }
    }
    fn contract_escalera(&self) -> RunRules {
        RunRules {
            max_len: if self.cfg.exact { 4 } else { 13 },
            max_wild: 1,
            ..ESCALERA
        }
    }

    /// The layouts the pending cards can close as (escalera slot) — empty if not a valid meld.
    fn pending_layouts(&self, out: &mut Vec<Run>) {
        let counts = self.pending.counts(PACK);
        let naturals: Vec<u8> = counts.kinds().into_iter().filter(|&k| k != JOKER).collect();
        run_layouts(&naturals, counts.jokers(), &self.contract_escalera(), out);
    }

    /// What decides the mover's picks in this position (see [`Picker`]). `layable`: the caller has
    /// just found that the whole contract can be laid from the hand (the test this starts with when
    /// nothing is picked yet), so it is not made twice.
    fn picker(&self, layable: bool) -> Picker {
        if self.phase != Phase::Meld {
            return Picker::None;
        }
        let s = self.to_move as usize;
        let hand = self.hands[s];
        if self.down[s] {
            if self.just_down || !self.pending.is_empty() || (self.cfg.requires_discard && hand.len() < 2) {
                return Picker::None;
            }
            debug_assert_eq!(self.accepted, self.table_accepts(), "the table's accepted kinds");
            return Picker::LayOff(self.accepted);
        }
        if let Some(c) = self.building {
            debug_assert!(!self.pending.is_empty() || !self.staged.is_empty());
            debug_assert_eq!(
                Some(c),
                self.fresh_contract_picker(),
                "the picker kept up to date"
            );
            return Picker::Contract(c);
        }
        let slot = self.slot_kind(self.slot);
        let owed = self.owed_after(self.slot);
        let bits = contract::Bits::of_set(hand);
        if self.pending.is_empty() && self.staged.is_empty() && !layable {
            // Nothing laid yet: no pick at all unless the whole contract can be laid.
            let c = self.contract();
            let all = Owed {
                escaleras: c.escaleras,
                trios: c.trios,
                keep: owed.keep,
            };
            if !contract::owed_feasible_bits(&bits, all) {
                return Picker::None;
            }
        }
        let (mut run, mut fixed, mut pj) = (contract::PendingRun::EMPTY, None::<u8>, 0);
        for id in self.pending.iter() {
            let k = PACK.kind(id);
            // Only an escalera slot reads the pending run.
            if slot == Slot::Escalera {
                run = run.with(k);
            }
            if k == JOKER {
                pj += 1;
            } else {
                fixed = Some(fixed.map_or(k, |f| f.min(k)));
            }
        }
        Picker::Contract(ContractPicker {
            slot,
            owed,
            exact: self.cfg.exact,
            fixed,
            bits,
            run,
            // Each slot kind reads only its own view of the hand.
            trios: match slot {
                Slot::Trio => contract::TrioHand::of_bits(&bits),
                Slot::Escalera => contract::TrioHand::EMPTY,
            },
            n: self.pending.len(),
            pj,
        })
    }

    /// The contract picker of the position worked out from scratch (`None` if no pick is legal).
    fn fresh_contract_picker(&self) -> Option<ContractPicker> {
        let mut copy = self.clone();
        copy.building = None;
        match copy.picker(false) {
            Picker::Contract(c) => Some(c),
            _ => None,
        }
    }

    /// Keeps [`Self::building`] up to date after a pick of `kind` (the hand lost the card, the
    /// pending meld gained it) or a close (`None`: worked out again for the next slot).
    fn update_building(&mut self, picked: Option<u8>) {
        // In place: the picker is some eighty bytes.
        if let (Some(c), Some(k)) = (self.building.as_mut(), picked) {
            c.bits = c.bits.without(k);
            match c.slot {
                Slot::Trio => c.trios = c.trios.without(k),
                Slot::Escalera => c.run = c.run.with(k),
            }
            if k == JOKER {
                c.pj += 1;
            } else {
                c.fixed = Some(c.fixed.map_or(k, |f| f.min(k)));
            }
            c.n += 1;
            return;
        }
        self.building = match self.picker(false) {
            Picker::Contract(c) => Some(c),
            _ => None,
        };
    }

    /// Whether the mover, with nothing picked yet, can lay the whole contract from `hand` (the test
    /// [`Self::picker`] starts with). The hand is read once into bitmasks, and the trios are counted
    /// from those words when asked rather than kept up to date on every card moved (most turns of a
    /// random hand move two cards and ask at most once).
    #[inline(never)]
    fn contract_layable(&self, hand: PackSet) -> bool {
        let c = self.contract();
        let all = Owed {
            escaleras: c.escaleras,
            trios: c.trios,
            keep: self.cfg.requires_discard as u8,
        };
        // For a contract with escaleras, first whether the escaleras can be laid at all, from the
        // hand's words (most hands of a random hand answer no here), then the trios from the whole
        // hand with the jokers the escaleras leave: the escaleras only take cards away, so a hand
        // whose naturals and those jokers make too few trios cannot lay the contract (for a contract
        // of trios alone, the search is that test and the card count).
        let answer = if c.escaleras == 0 {
            contract::owed_feasible_bits(&contract::Bits::of_set(hand), all)
        } else {
            match contract::escalera_jokers(hand, c.escaleras) {
                None => false,
                Some(jokers) => {
                    let bits = contract::Bits::of_set(hand);
                    bits.makes_trios_with(c.trios, jokers) && contract::owed_feasible_bits(&bits, all)
                }
            }
        };
        debug_assert_eq!(
            answer,
            contract::owed_feasible(&hand.counts(PACK), all),
            "the contract search from the kind counts"
        );
        answer
    }

    /// Seat `s` takes card `id` into its hand.
    #[inline(always)]
    fn give(&mut self, s: usize, id: u8) {
        self.hands[s].insert(id);
    }

    /// Seat `s` gives card `id` up from its hand.
    #[inline(always)]
    fn take(&mut self, s: usize, id: u8) {
        self.hands[s].remove(id);
    }

    /// The cards of the mover's hand that may be picked now.
    pub(super) fn picks(&self) -> PackSet {
        let picker = self.picker(false);
        let mut out = PackSet::EMPTY;
        if matches!(picker, Picker::None) {
            return out;
        }
        // One answer per kind (for a trio, per rank: suits may repeat).
        let mut memo = Memo::default();
        for id in self.hands[self.to_move as usize].iter() {
            if picker.allows(PACK.kind(id), &mut memo) {
                out.insert(id);
            }
        }
        out
    }

    /// Legal closes while the contract is laid: bit 0 close, bit 1 close low, bit 2 close high.
    fn close_mask(&self) -> u8 {
        let s = self.to_move as usize;
        if self.phase != Phase::Meld || self.down[s] || self.pending.is_empty() {
            return 0;
        }
        // A trio slot: from the picker kept up to date (it holds the hand counted by rank and the
        // pending trio's size and jokers), not from the cards.
        if let Some(c @ ContractPicker { slot: Slot::Trio, .. }) = self.building {
            let answer = contract::trio_close(&c.trios, c.n, c.pj, c.owed, c.exact) as u8;
            debug_assert_eq!(answer, self.close_mask_from_cards());
            return answer;
        }
        self.close_mask_from_cards()
    }

    /// [`Self::close_mask`] worked out from the pending cards and the hand (a pending meld exists).
    fn close_mask_from_cards(&self) -> u8 {
        let s = self.to_move as usize;
        let owed = self.owed_after(self.slot);
        let bits = contract::Bits::of_set(self.hands[s]);
        if !contract::owed_feasible_bits(&bits, owed) {
            return 0;
        }
        // The pending kinds in a buffer on the stack, not a vector (this runs on playout steps).
        let (mut kinds, mut n) = ([0u8; P as usize], 0);
        match self.slot_kind(self.slot) {
            Slot::Trio => {
                for id in self.pending.iter() {
                    kinds[n] = PACK.kind(id);
                    n += 1;
                }
                set_rank(&kinds[..n], &self.contract_trio()).is_some() as u8
            }
            Slot::Escalera => {
                let mut jokers = 0u8;
                for id in self.pending.iter() {
                    let k = PACK.kind(id);
                    if k == JOKER {
                        jokers += 1;
                    } else {
                        kinds[n] = k;
                        n += 1;
                    }
                }
                let mut layouts = 0;
                for_each_run_layout(&kinds[..n], jokers, &self.contract_escalera(), |_| layouts += 1);
                match layouts {
                    0 => 0,
                    1 => 1,
                    _ => 6,
                }
            }
        }
    }

    /// A uniformly drawn legal action of the meld phase, found by rejection: it draws from a superset
    /// of the legal actions that costs nothing to list (every card of the hand as a discard and as a
    /// pick, the three closes, cancel) and tests only what it drew, so a random playout never works
    /// out every pick. `None` when laying off (few actions: the caller lists them) or after 64 misses.
    #[inline]
    fn sample_meld(&self, rng: &mut Rng) -> Option<Action> {
        let s = self.to_move as usize;
        let hand = self.hands[s];
        if self.down[s] {
            return self.sample_down(hand, rng);
        }
        let building = !self.pending.is_empty() || !self.staged.is_empty();
        if building {
            return self.sample_picks(rng, 0, None, None);
        }
        if hand.is_empty() {
            return None;
        }
        match self.sample_start(hand, rng) {
            Ok(discard) => Some(discard),
            Err((start, carried, layable)) => self.sample_picks(rng, start, carried, layable),
        }
    }

    /// [`Self::sample_meld`]'s first draws with nothing picked (most turns of a random hand), from the
    /// superset of every card of `hand` (not empty) as a discard, then as a pick: a pick is legal only
    /// if the whole contract can be laid, so one test answers every pick drawn, usually with no.
    /// `Ok(discard)`, or where [`Self::sample_picks`] goes on: the draws made, the pick drawn when the
    /// contract is layable (`None` after 64 misses), and the test's answer if it was made.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn sample_start(
        &self,
        hand: PackSet,
        rng: &mut Rng,
    ) -> std::result::Result<Action, (u32, Option<u32>, Option<bool>)> {
        let len = size(hand);
        let (mut start, mut layable) = (0, None);
        while start < 64 {
            let r = rng.below(2 * len);
            if r < len {
                return Ok(DISCARD + card_at(hand, r) as Action);
            }
            if *layable.get_or_insert_with(|| self.contract_layable(hand)) {
                // Some pick may be legal: this draw and the rest go through the picker.
                return Err((start, Some(r), layable));
            }
            start += 1;
        }
        Err((start, None, layable))
    }

    /// [`Self::sample_meld`]'s draws through the picker: from the `start`-th draw of 64, the first
    /// being `carried` if given; `layable` is the whole-contract test's answer if it was made.
    #[inline(never)]
    fn sample_picks(
        &self,
        rng: &mut Rng,
        start: u32,
        mut carried: Option<u32>,
        layable: Option<bool>,
    ) -> Option<Action> {
        let s = self.to_move as usize;
        let hand = self.hands[s];
        let building = !self.pending.is_empty() || !self.staged.is_empty();
        let len = size(hand);
        let discards = if building { 0 } else { len };
        let extra = if building { 4 } else { 0 };
        if discards + len + extra == 0 {
            return None;
        }
        if start >= 64 {
            return None;
        }
        // The contract picker: the one kept while building, read in place; else worked out (with
        // nothing picked, this runs only for a pick drawn when the whole contract is layable, which
        // `layable` then says). No picker: no pick is legal.
        let mut own = None::<ContractPicker>;
        if self.building.is_some() {
            debug_assert_eq!(
                self.building,
                self.fresh_contract_picker(),
                "the picker kept up to date"
            );
        } else {
            own = match self.picker(layable == Some(true)) {
                Picker::Contract(c) => Some(c),
                _ => None,
            };
        }
        let picker = self.building.as_ref().or(own.as_ref());
        // The draws that may be legal, one bit per place of the superset (at most 13 + 13 + 4): every
        // discard; the picks of the hand's places whose kind the picker may allow (a card of a rank
        // (trio) or suit (escalera) other than the pending naturals' is refused without finding it,
        // as `allows` would); cancel while allowed; the closes, worked out when one is drawn (a trio
        // slot's at once: they cost little). The rest are refused with one test per draw.
        let places = picker.map_or(0, |c| places_of(hand, c.candidate_kinds()));
        let mut maybe = ((1u64 << discards) - 1) | places << discards;
        let mut closes = None;
        if building {
            if let Some(c @ ContractPicker { slot: Slot::Trio, .. }) = self.building {
                let mask = contract::trio_close(&c.trios, c.n, c.pj, c.owed, c.exact) as u8;
                debug_assert_eq!(mask, self.close_mask());
                closes = Some(mask);
                maybe |= (mask as u64) << (discards + len);
            } else {
                maybe |= 0b111 << (discards + len);
            }
            if self.cancels < MAX_CANCELS {
                maybe |= 1 << (discards + len + 3);
            }
        }
        let mut memo = Memo::default();
        for _ in start..64 {
            let mut r = match carried.take() {
                Some(r) => r,
                None => rng.below(discards + len + extra),
            };
            if maybe >> r & 1 == 0 {
                debug_assert!(
                    r >= discards + len
                        || !picker.is_some_and(|c| c.allows(PACK.kind(card_at(hand, r - discards))))
                );
                continue;
            }
            if r < discards {
                return Some(DISCARD + card_at(hand, r) as Action);
            }
            r -= discards;
            if r < len {
                let c = picker.expect("a picker");
                let id = card_at(hand, r);
                if c.allows_memo(PACK.kind(id), &mut memo) {
                    return Some(PICK + id as Action);
                }
                continue;
            }
            r -= len;
            if r == 3 {
                return Some(CANCEL);
            }
            if *closes.get_or_insert_with(|| self.close_mask()) >> r & 1 == 1 {
                return Some(CLOSE + r);
            }
        }
        None
    }

    /// [`Self::sample_meld`] for a seat whose contract is down (a third of a random hand's turns): the
    /// same draws from the same superset (every card as a discard, then every card as a pick), a pick
    /// checked against the table's accepted kinds. `None` while a picked card waits for its target.
    #[inline]
    fn sample_down(&self, hand: PackSet, rng: &mut Rng) -> Option<Action> {
        if !self.pending.is_empty() {
            return Some(self.random_lay_off(rng));
        }
        let len = size(hand);
        if len == 0 {
            return None;
        }
        // No lay-off on the turn the contract went down, nor of the last card when going out needs a
        // discard (what `picker` answers).
        debug_assert_eq!(self.accepted, self.table_accepts(), "the table's accepted kinds");
        let accepted = if self.just_down || (self.cfg.requires_discard && len < 2) {
            0
        } else {
            self.accepted
        };
        for _ in 0..64 {
            let r = rng.below(2 * len);
            if r < len {
                return Some(DISCARD + card_at(hand, r) as Action);
            }
            let id = card_at(hand, r - len);
            if accepted >> PACK.kind(id) & 1 == 1 {
                return Some(PICK + id as Action);
            }
        }
        None
    }

    /// [`State::random_action`] outside the draw: drawn by [`Self::sample_meld`] where it can, else
    /// from the listed legal actions (a function of its own, so the draw's path stays short).
    #[inline(never)]
    fn random_meld_action(&self, rng: &mut Rng) -> Action {
        if self.phase == Phase::Meld {
            if let Some(a) = self.sample_meld(rng) {
                return a;
            }
        }
        self.random_listed_action(rng)
    }

    /// The default random loop's steps from a turn's draw: the draw ([`State::random_action`]), the
    /// stock card (`resolve_chance`) and the first meld step, with the same draws from `rng` and the
    /// same changes as `apply` (the draw, the card and a discard without its dispatch on the phase and
    /// the action; a turn is three to four steps and most of a random hand's turns are just these).
    #[inline]
    fn random_turn(&mut self, rng: &mut Rng) {
        debug_assert!(self.phase == Phase::Draw && !self.keep_reward);
        let s = self.to_move as usize;
        let (stock, pile) = (!self.stock.is_empty(), !self.pile.is_empty());
        let i = rng.below(stock as u32 + pile as u32);
        // `apply` of a decision starts a new reward.
        self.reward = [0; MAX_PLAYERS];
        if stock && i == 0 {
            // The draw and the stock card (`sample_chance`, seen by the mover, adding to the draw's
            // reward) recorded together.
            let id = card_at(self.stock, rng.below(size(self.stock)));
            if self.counting {
                self.counted += 2;
            } else {
                self.history.extend_from_slice(&[DRAW_STOCK, id as Action]);
                self.seen_by.extend_from_slice(&[s as u8; 2]);
            }
            self.stock.remove(id);
            self.give(s, id);
        } else {
            self.record(DRAW_PILE, s as u8);
            let top = self.pile.pop().expect("legal: the pile has a top");
            self.give(s, top);
            self.known[s].insert(top);
        }
        self.enter_meld();
        // The first meld step: nothing is picked at a turn's start.
        debug_assert!(self.pending.is_empty() && self.staged.is_empty());
        let hand = self.hands[s];
        let a = if self.down[s] {
            self.random_meld_action(rng)
        } else {
            match self.sample_start(hand, rng) {
                Ok(discard) => discard,
                Err((start, carried, layable)) => self
                    .sample_picks(rng, start, carried, layable)
                    .unwrap_or_else(|| self.random_listed_action(rng)),
            }
        };
        if (DISCARD..PICK).contains(&a) {
            // `apply` of the discard (a new reward: still zero, nothing since the draw scored).
            debug_assert_eq!(self.reward, [0; MAX_PLAYERS]);
            self.record(a, s as u8);
            self.discard(s, (a - DISCARD) as u8);
        } else {
            self.apply(a);
        }
    }

    /// [`Self::random_turn`] over a run of turns while [`Self::counting`] (`simulate`'s playout), with
    /// the same draws from `rng` and the same changes: the turns of seats whose contract is not down
    /// and that draw no pick, then discard (most turns of a random hand), with the stock, the mover,
    /// the turn count and the action count in locals, written back once. A turn that starts with the
    /// contract down is left to `random_turn`; one that draws a pick the contract allows (or misses
    /// 64 times) goes on through [`Self::sample_picks`] with the state written back; the turn bound or
    /// an empty stock to [`Self::start_turn`].
    #[inline(never)]
    fn quiet_turns(&mut self, rng: &mut Rng) {
        debug_assert!(self.counting && self.phase == Phase::Draw && !self.keep_reward);
        let mut s = self.to_move;
        if self.down[s as usize] {
            return self.random_turn(rng);
        }
        // `apply` of a decision starts a new reward: a quiet turn scores nothing, so it stays zero.
        self.reward = [0; MAX_PLAYERS];
        // `start_turn` also clears the cancels, `just_down` and the picker: nothing here sets them.
        debug_assert!(self.cancels == 0 && !self.just_down && self.building.is_none());
        debug_assert!(self.pending.is_empty() && self.staged.is_empty());
        let last = self.n() as u8 - 1;
        // No seat's contract goes down in a quiet turn: which seats have it down, as bits, is fixed.
        let down = (0..self.n()).fold(0u8, |bits, p| bits | (self.down[p] as u8) << p);
        // The first meld step (`enter_meld`) sets slot 0, and a quiet turn changes it no further.
        self.slot = 0;
        #[cfg(target_arch = "x86_64")]
        if let Some(pdep) = crate::cards::cardset::Pdep::new() {
            #[cfg(test)]
            let portable = PORTABLE_QUIET_TURNS.with(|p| p.get());
            #[cfg(not(test))]
            let portable = false;
            if !portable && !self.stock.is_empty() && !self.pile.is_empty() {
                return self.quiet_turns_pdep(rng, last, down, pdep);
            }
        }
        let (mut stock, mut counted, mut turns) = (self.stock, self.counted, self.turns);
        // The stock's size, kept rather than counted (it loses a card per draw from it).
        let mut stock_len = size(stock);
        // The generator in a local too (written back at every way out), so its words stay in
        // registers rather than being stored after every draw.
        let mut r = rng.clone();
        let rng_out = rng;
        let rng = &mut r;
        loop {
            let si = s as usize;
            let mut hand = self.hands[si];
            let (has_stock, has_pile) = (stock_len != 0, !self.pile.is_empty());
            let i = rng.below(has_stock as u32 + has_pile as u32);
            if has_stock && i == 0 {
                // The draw and the stock card (`sample_chance`).
                debug_assert_eq!(stock_len, stock.len() as u32);
                let id = card_at(stock, rng.below(stock_len));
                stock.remove(id);
                stock_len -= 1;
                hand.insert(id);
                counted += 2;
            } else {
                let top = self.pile.pop().expect("legal: the pile has a top");
                hand.insert(top);
                self.known[si].insert(top);
                counted += 1;
            }
            // The first meld step (`enter_meld`: slot 0, set above).
            debug_assert_eq!(self.slot, 0);
            let id = match self.sample_start(hand, rng) {
                Ok(discard) => (discard - DISCARD) as u8,
                Err(picks) => {
                    // A pick may be legal: the rest of the turn as `random_turn` plays it.
                    *rng_out = r;
                    self.hands[si] = hand;
                    (self.stock, self.counted, self.turns, self.to_move) = (stock, counted, turns, s);
                    return self.quiet_picks(rng_out, picks);
                }
            };
            // The discard (`discard`: a seat without its contract down keeps its cards, never out).
            hand.remove(id);
            self.hands[si] = hand;
            self.pile.push(id);
            counted += 1;
            debug_assert!(
                !hand.is_empty(),
                "a seat without its contract down keeps its cards"
            );
            // `start_turn` of the next seat: the rare ends through it, or a seat with its contract
            // down through `random_turn`, with the state written back.
            s = if s == last { 0 } else { s + 1 };
            turns += 1;
            debug_assert_eq!(down >> s & 1 == 1, self.down[s as usize]);
            if turns > MAX_TURNS || stock_len == 0 || down >> s & 1 == 1 {
                (self.stock, self.counted, self.turns) = (stock, counted, turns - 1);
                *rng_out = r;
                return self.start_turn(s);
            }
        }
    }

    /// [`Self::quiet_turns`]'s loop where the CPU has a fast `pdep`, from a turn whose mover's
    /// contract is not down, with cards in the stock and in the pile: the same draws from `rng` and
    /// the same changes. The stock and the mover's hand are two words each in registers, every card
    /// is found by one `pdep` (no check of the CPU per card), and the draw's first choice is read as
    /// the top bit of the generator's word: inside the loop the stock is never empty (an empty stock
    /// leaves it) and neither is the pile (the last turn's discard is on it), so the choice is always
    /// between two and `below(2)` is that bit. `last` is the last seat, `down` the seats whose
    /// contract is down (bit p).
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    fn quiet_turns_pdep(&mut self, rng: &mut Rng, last: u8, down: u8, pdep: crate::cards::cardset::Pdep) {
        debug_assert!(!self.stock.is_empty() && !self.pile.is_empty());
        let [mut st0, mut st1, st2] = self.stock.0;
        debug_assert_eq!(st2, 0, "a set of the 108-card pack");
        let mut stock_len = st0.count_ones() + st1.count_ones();
        let (mut counted, mut turns, mut s) = (self.counted, self.turns, self.to_move);
        // The whole-contract test's cheap answers (`contract::quick_layable`) read the contract.
        let c = self.contract();
        let need = (c.cards() + self.cfg.requires_discard as usize) as u32;
        // The generator in a local (written back at every way out), so its words stay in registers.
        let mut r = rng.clone();
        loop {
            let si = s as usize;
            let [mut h0, mut h1, _] = self.hands[si].0;
            // `below(2)`: stock (0) or pile (1).
            if r.next_u64() >> 63 == 0 {
                // The draw and the stock card (`sample_chance`): the k-th card of the stock.
                let k = r.below(stock_len);
                let n0 = st0.count_ones();
                if k < n0 {
                    let bit = pdep.bit(st0, k as usize);
                    (st0, h0) = (st0 ^ bit, h0 | bit);
                } else {
                    let bit = pdep.bit(st1, (k - n0) as usize);
                    (st1, h1) = (st1 ^ bit, h1 | bit);
                }
                stock_len -= 1;
                counted += 2;
            } else {
                let top = self.pile.pop().expect("legal: the pile has a top");
                let mut hand = PackSet([h0, h1, 0]);
                hand.insert(top);
                [h0, h1, _] = hand.0;
                self.known[si].insert(top);
                counted += 1;
            }
            // The first meld step (`sample_start`): every card as a discard, then as a pick, until
            // a discard, or a pick the contract may allow.
            let (n0, len) = (h0.count_ones(), h0.count_ones() + h1.count_ones());
            let mut layable = None;
            let mut start = 0;
            let id = loop {
                let d = r.below(2 * len);
                if d < len {
                    // `d` is below the hand's size: its card.
                    break if d < n0 {
                        let bit = pdep.bit(h0, d as usize);
                        h0 ^= bit;
                        bit.trailing_zeros() as u8
                    } else {
                        let bit = pdep.bit(h1, (d - n0) as usize);
                        h1 ^= bit;
                        64 + bit.trailing_zeros() as u8
                    };
                }
                let hand = PackSet([h0, h1, 0]);
                let test = || match contract::quick_layable(pdep, h0, h1, len, c.escaleras, c.trios, need) {
                    Some(answer) => {
                        debug_assert_eq!(answer, self.contract_layable(hand), "the full test");
                        answer
                    }
                    None => self.contract_layable(hand),
                };
                if *layable.get_or_insert_with(test) || start == 63 {
                    // A pick may be legal (or 64 misses): the rest of the turn as `random_turn`.
                    let carried = if start == 63 && layable == Some(false) {
                        (64, None)
                    } else {
                        (start, Some(d))
                    };
                    *rng = r;
                    self.hands[si] = hand;
                    self.stock = PackSet([st0, st1, 0]);
                    (self.counted, self.turns, self.to_move) = (counted, turns, s);
                    return self.quiet_picks(rng, (carried.0, carried.1, layable));
                }
                start += 1;
            };
            // The discard (`discard`: a seat without its contract down keeps its cards, never out).
            self.hands[si] = PackSet([h0, h1, 0]);
            self.pile.push(id);
            counted += 1;
            debug_assert!(h0 | h1 != 0, "a seat without its contract down keeps its cards");
            s = if s == last { 0 } else { s + 1 };
            turns += 1;
            if turns > MAX_TURNS || stock_len == 0 || down >> s & 1 == 1 {
                self.stock = PackSet([st0, st1, 0]);
                (self.counted, self.turns) = (counted, turns - 1);
                *rng = r;
                return self.start_turn(s);
            }
        }
    }

    /// The rest of a quiet turn whose mover drew a pick the contract may allow (or missed 64 times),
    /// with the state written back: the draws go on through [`Self::sample_picks`] from where
    /// [`Self::sample_start`] left them (`picks`), as [`Self::random_turn`] plays them.
    #[inline(never)]
    fn quiet_picks(&mut self, rng: &mut Rng, picks: (u32, Option<u32>, Option<bool>)) {
        let (start, carried, layable) = picks;
        let s = self.to_move;
        self.phase = Phase::Meld;
        let a = self
            .sample_picks(rng, start, carried, layable)
            .unwrap_or_else(|| self.random_listed_action(rng));
        if (DISCARD..PICK).contains(&a) {
            self.record(a, s);
            self.discard(s as usize, (a - DISCARD) as u8)
        } else {
            self.apply(a)
        }
    }

    /// The default random loop's `resolve_chance` over a whole deal: the hands one card at a time
    /// from the dealer's right, then the upcard, with the same draws from `rng` and the same changes
    /// as `apply_deal` card by card (the seat kept as a counter rather than worked out per card). The
    /// deal is chance's, so the reward of the decision before it (a hand's end) stays.
    #[inline(never)]
    fn random_deal(&mut self, rng: &mut Rng) {
        debug_assert_eq!(self.phase, Phase::Deal);
        let total = self.contract().deal_size() as u16 * self.n() as u16;
        let mut seat = ((self.dealer as u16 + 1 + self.dealt) as usize % self.n()) as u8;
        // The stock, its size, the cards dealt and the generator in locals, written back after the
        // hands (as `record`, the cards are counted when counting, else recorded card by card).
        let (mut stock, mut dealt) = (self.stock, self.dealt);
        let mut left = size(stock);
        let mut r = rng.clone();
        while dealt < total {
            let id = card_at(stock, r.below(left));
            left -= 1;
            if !self.counting {
                self.history.push(id as Action);
                self.seen_by.push(seat);
            }
            stock.remove(id);
            self.give(seat as usize, id);
            dealt += 1;
            seat = self.next_seat(seat);
        }
        if self.counting {
            self.counted += (dealt - self.dealt) as usize;
        }
        (self.stock, self.dealt) = (stock, dealt);
        *rng = r;
        let id = card_at(self.stock, rng.below(size(self.stock)));
        self.apply_deal(id as Action);
        debug_assert_ne!(self.phase, Phase::Deal, "the upcard ends the deal");
    }

    /// [`Self::random_listed_action`] while a picked card waits for its target (cancel while allowed,
    /// then every target variant of every table meld that takes it, in action order), without the
    /// list: the variants counted per meld, the drawn one found by counting again.
    #[inline(never)]
    fn random_lay_off(&self, rng: &mut Rng) -> Action {
        #[cfg(debug_assertions)]
        let listed = self.random_listed_action(&mut rng.clone());
        let k = PACK.kind(self.pending.iter().next().expect("one pending card"));
        let cancel = (self.cancels < MAX_CANCELS) as u32;
        let mut masks = [0u8; MAX_MELDS];
        let mut n = cancel;
        for (m, mask) in masks.iter_mut().enumerate().take(self.melds.len()) {
            *mask = self.target_mask(m, k);
            n += mask.count_ones();
        }
        let mut i = rng.below(n);
        let a = if i < cancel {
            CANCEL
        } else {
            i -= cancel;
            let mut found = None;
            for (m, &mask) in masks.iter().enumerate() {
                let c = mask.count_ones();
                if i < c {
                    let v = crate::cards::CardSet(mask as u64).nth_unchecked(i as usize).0 as Action;
                    found = Some(TARGET + m as Action * VARIANTS + v);
                    break;
                }
                i -= c;
            }
            found.expect("a target for the picked card")
        };
        #[cfg(debug_assertions)]
        debug_assert_eq!(a, listed, "the listed draw");
        a
    }

    /// A uniform draw from the listed legal actions.
    #[cold]
    #[inline(never)]
    fn random_listed_action(&self, rng: &mut Rng) -> Action {
        let mut buf = [0 as Action; 160];
        let mut n = 0;
        self.for_each_legal(|a| {
            buf[n] = a;
            n += 1;
        });
        buf[rng.below(n as u32) as usize]
    }

    /// The kinds some table meld takes, worked out meld by meld (what [`Self::accepted`] holds).
    pub(super) fn table_accepts(&self) -> u64 {
        (0..self.melds.len()).fold(0u64, |acc, m| acc | self.accepts(m))
    }

    /// The kinds table meld `m` takes in any way (bit k), the union of [`Self::target_mask`] over kinds.
    pub(super) fn accepts(&self, m: usize) -> u64 {
        let joker = 1u64 << JOKER;
        match self.melds[m].shape {
            Shape::Trio(r) => (0..4).fold(joker, |acc, s| acc | 1 << crate::rummy::kind_of(s, r)),
            Shape::Escalera(run) => {
                let (low, high) = (run.low_open(&ESCALERA), run.high_open(&ESCALERA));
                let mut bits = 0u64;
                if low {
                    bits |= joker | 1 << crate::rummy::meld::kind_at(run.suit, run.low - 1);
                }
                if high {
                    bits |= joker | 1 << crate::rummy::meld::kind_at(run.suit, run.high() + 1);
                }
                if low || high {
                    // The card a joker stands for replaces it; the joker moves to an open end.
                    for p in run.low..=run.high() {
                        if run.jokers >> p & 1 == 1 {
                            bits |= 1 << crate::rummy::meld::kind_at(run.suit, p);
                        }
                    }
                }
                bits
            }
        }
    }

    /// Which target variants of table meld `m` the kind `k` may take (bit v).
    pub(super) fn target_mask(&self, m: usize, k: u8) -> u8 {
        match self.melds[m].shape {
            Shape::Trio(r) => (k == JOKER || rank_of(k) == r) as u8,
            Shape::Escalera(run) => {
                let joker = k == JOKER;
                let mut bits = 0;
                if (joker && run.low_open(&ESCALERA)) || run.fits_low(k, &ESCALERA) {
                    bits |= 2;
                }
                if (joker && run.high_open(&ESCALERA)) || run.fits_high(k, &ESCALERA) {
                    bits |= 4;
                }
                if run.replace_joker(k, false, &ESCALERA).is_some() {
                    bits |= 8;
                }
                if run.replace_joker(k, true, &ESCALERA).is_some() {
                    bits |= 16;
                }
                bits
            }
        }
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
            Phase::Draw => {
                if !self.stock.is_empty() {
                    f(DRAW_STOCK);
                }
                if !self.pile.is_empty() {
                    f(DRAW_PILE);
                }
            }
            Phase::Meld => {
                let s = self.to_move as usize;
                let hand = self.hands[s];
                let building = !self.down[s] && (!self.pending.is_empty() || !self.staged.is_empty());
                let laying_off = self.down[s] && !self.pending.is_empty();
                if !building && !laying_off {
                    for id in hand.iter() {
                        f(DISCARD + id as Action);
                    }
                }
                if !laying_off {
                    for id in self.picks().iter() {
                        f(PICK + id as Action);
                    }
                }
                if building {
                    let closes = self.close_mask();
                    for (bit, a) in [(1, CLOSE), (2, CLOSE_LOW), (4, CLOSE_HIGH)] {
                        if closes & bit != 0 {
                            f(a);
                        }
                    }
                }
                if (building || laying_off) && self.cancels < MAX_CANCELS {
                    f(CANCEL);
                }
                if laying_off {
                    let k = PACK.kind(self.pending.iter().next().expect("one pending card"));
                    for m in 0..self.melds.len() {
                        let bits = self.target_mask(m, k);
                        for v in 0..VARIANTS {
                            if bits >> v & 1 == 1 {
                                f(TARGET + m as Action * VARIANTS + v);
                            }
                        }
                    }
                }
            }
        }
    }

    #[inline]
    fn start_turn(&mut self, seat: u8) {
        self.to_move = seat;
        self.turns += 1;
        self.cancels = 0;
        self.just_down = false;
        self.building = None;
        self.phase = Phase::Draw;
        if self.turns > MAX_TURNS || self.stock.is_empty() {
            self.turn_bounds();
        }
    }

    /// The rare ends of [`Self::start_turn`] (out of line, so the usual turn is a few stores): the turn
    /// bound, and the empty stock (reshuffled, or the hand ends).
    #[cold]
    #[inline(never)]
    fn turn_bounds(&mut self) {
        if self.turns > MAX_TURNS {
            return self.end_hand(None);
        }
        if self.stock.is_empty() {
            if !self.cfg.reshuffle || self.reshuffles >= MAX_RESHUFFLES {
                return self.end_hand(None);
            }
            if self.pile.len() > 1 {
                // The pile except its top becomes the stock; its order is chance's (drawn uniformly).
                // With the stock empty, the pile holds every card that is in no hand, on no meld (laid,
                // staged or pending) and not on top: the set worked out in a few word operations, not
                // card by card (a random hand reshuffles up to three times, some ninety cards each).
                let top = *self.pile.last().expect("pile has cards");
                let mut elsewhere = PackSet::single(top).union(self.pending);
                for hand in &self.hands[..self.n()] {
                    elsewhere = elsewhere.union(*hand);
                }
                for m in self.melds.iter().chain(&self.staged) {
                    elsewhere = elsewhere.union(m.cards);
                }
                let all = PACK.all().0;
                self.stock = PackSet(std::array::from_fn(|w| all[w] & !elsewhere.0[w]));
                debug_assert_eq!(
                    self.stock,
                    self.pile[..self.pile.len() - 1]
                        .iter()
                        .fold(PackSet::EMPTY, |set, &id| set.union(PackSet::single(id))),
                    "the pile under its top"
                );
                self.pile.clear();
                self.pile.push(top);
                self.reshuffles += 1;
            }
        }
    }

    fn enter_meld(&mut self) {
        self.phase = Phase::Meld;
        self.slot = 0;
    }

    /// Ends the hand: `Some(seat)` went out and the others score their cards; `None` is a hand with no
    /// score (stock exhausted under `end_hand_no_score`, or an engine bound).
    fn end_hand(&mut self, out: Option<u8>) {
        self.went_out = out;
        self.last = [0; MAX_PLAYERS];
        if let Some(o) = out {
            for s in 0..self.n() {
                if s != o as usize {
                    let mut held = self.hands[s];
                    for m in &self.staged {
                        held = held.union(m.cards);
                    }
                    if s == self.to_move as usize {
                        held = held.union(self.pending);
                    }
                    self.last[s] = held.iter().map(|id| card_value(PACK.kind(id))).sum();
                    self.scores[s] += self.last[s];
                    self.reward[s] += self.last[s];
                }
            }
        }
        self.hands_done += 1;
        if (self.hands_done as usize) >= self.cfg.hands() {
            self.phase = Phase::Over;
            return;
        }
        self.hand_no += 1;
        self.dealer = ((self.dealer as usize + 1) % self.n()) as u8;
        self.phase = Phase::Deal;
        self.dealt = 0;
        self.hands = [PackSet::EMPTY; MAX_PLAYERS];
        self.known = [PackSet::EMPTY; MAX_PLAYERS];
        self.stock = PACK.all();
        self.pile.clear();
        self.melds.clear();
        self.accepted = 0;
        self.down = [false; MAX_PLAYERS];
        self.just_down = false;
        self.pending = PackSet::EMPTY;
        self.staged.clear();
        self.slot = 0;
        self.building = None;
        self.cancels = 0;
        self.turns = 0;
        self.reshuffles = 0;
    }

    fn next_seat(&self, s: u8) -> u8 {
        // A comparison, not a division (this runs on every turn).
        if s as usize + 1 == self.n() {
            0
        } else {
            s + 1
        }
    }

    /// Applies an action known to be legal. The turn's usual steps (draw, the stock card, pick,
    /// discard) are here; the deal and the rarer meld steps are functions of their own, which keeps
    /// this one small (it runs on every step of a playout).
    fn apply(&mut self, a: Action) {
        if !self.keep_reward {
            self.reward = [0; MAX_PLAYERS];
        }
        let s = self.to_move as usize;
        match self.phase {
            Phase::Deal => return self.apply_deal(a),
            Phase::Over => {
                self.record(a, s as u8);
                return;
            }
            _ => self.record(a, s as u8),
        }
        match self.phase {
            Phase::StockDraw => {
                let id = a as u8;
                self.stock.remove(id);
                self.give(s, id);
                self.enter_meld();
            }
            Phase::Draw => {
                if a == DRAW_STOCK {
                    self.phase = Phase::StockDraw;
                } else {
                    let top = self.pile.pop().expect("legal: the pile has a top");
                    self.give(s, top);
                    self.known[s].insert(top);
                    self.enter_meld();
                }
            }
            _ => {
                if (DISCARD..PICK).contains(&a) {
                    self.discard(s, (a - DISCARD) as u8);
                } else if (PICK..CLOSE).contains(&a) {
                    let id = (a - PICK) as u8;
                    self.take(s, id);
                    self.pending.insert(id);
                    if !self.down[s] {
                        self.update_building(Some(PACK.kind(id)));
                    }
                } else {
                    self.apply_meld(a);
                }
            }
        }
    }

    /// Seat `s` (the mover) discards card `id`: the hand ends if it was the last card, else the next
    /// seat's turn starts.
    #[inline(always)]
    fn discard(&mut self, s: usize, id: u8) {
        self.take(s, id);
        self.pile.push(id);
        if self.hands[s].is_empty() {
            return self.end_hand(Some(s as u8));
        }
        let next = self.next_seat(s as u8);
        self.start_turn(next);
    }

    /// Appends `a` to the history, seen by seat `seen` (or everybody).
    #[inline]
    fn record(&mut self, a: Action, seen: u8) {
        if self.counting {
            self.counted += 1;
            return;
        }
        self.history.push(a);
        self.seen_by.push(seen);
    }

    /// A card dealt: to the next hand, or (after the hands) the upcard that starts the pile.
    #[inline(never)]
    fn apply_deal(&mut self, a: Action) {
        let per = self.contract().deal_size() as u16;
        let seen = if self.dealt < per * self.n() as u16 {
            ((self.dealer as u16 + 1 + self.dealt) as usize % self.n()) as u8
        } else {
            PUBLIC
        };
        self.record(a, seen);
        let id = a as u8;
        self.stock.remove(id);
        if seen == PUBLIC {
            self.pile.push(id);
            let first = self.next_seat(self.dealer);
            self.start_turn(first);
        } else {
            self.give(seen as usize, id);
            self.dealt += 1;
        }
    }

    /// The meld steps other than pick and discard: cancel, close, lay off.
    #[inline(never)]
    fn apply_meld(&mut self, a: Action) {
        let s = self.to_move as usize;
        if a == CANCEL {
            self.cancels += 1;
            let mut back = self.pending;
            for m in self.staged.drain(..) {
                back = back.union(m.cards);
            }
            for id in back.iter() {
                self.give(s, id);
            }
            self.pending = PackSet::EMPTY;
            self.slot = 0;
            self.building = None;
        } else if (CLOSE..=CLOSE_HIGH).contains(&a) {
            let shape = match self.slot_kind(self.slot) {
                Slot::Trio => Shape::Trio(
                    set_rank(&self.pending.counts(PACK).kinds(), &self.contract_trio()).expect("legal close"),
                ),
                Slot::Escalera => {
                    let mut layouts = Vec::new();
                    self.pending_layouts(&mut layouts);
                    let run = if a == CLOSE_HIGH {
                        *layouts.last().expect("legal close")
                    } else {
                        layouts[0]
                    };
                    Shape::Escalera(run)
                }
            };
            self.staged.push(Meld {
                owner: s as u8,
                cards: self.pending,
                shape,
            });
            self.pending = PackSet::EMPTY;
            self.slot += 1;
            self.building = None;
            if self.slot as usize == self.contract().slots() {
                self.melds.append(&mut self.staged);
                self.accepted = self.table_accepts();
                self.down[s] = true;
                self.just_down = true;
                if self.hands[s].is_empty() {
                    self.end_hand(Some(s as u8));
                }
            } else {
                self.update_building(None);
            }
        } else {
            let (m, v) = (((a - TARGET) / VARIANTS) as usize, (a - TARGET) % VARIANTS);
            let id = self.pending.iter().next().expect("one pending card");
            let k = PACK.kind(id);
            self.pending = PackSet::EMPTY;
            let meld = &mut self.melds[m];
            meld.cards.insert(id);
            if let Shape::Escalera(run) = meld.shape {
                let joker = k == JOKER;
                meld.shape = Shape::Escalera(match v {
                    1 => run.extended_low(joker),
                    2 => run.extended_high(joker),
                    _ => run
                        .replace_joker(k, v == 4, &ESCALERA)
                        .expect("legal replacement"),
                });
            }
            self.accepted = self.table_accepts();
            if self.hands[s].is_empty() {
                self.end_hand(Some(s as u8));
            }
        }
    }

    /// Why `a` is not legal now (for the error message).
    fn illegal_reason(&self, a: Action) -> String {
        let s = self.to_move as usize;
        match self.phase {
            Phase::Deal | Phase::StockDraw => "not a card left in the stock".into(),
            Phase::Over => "the game is over".into(),
            Phase::Draw => {
                if a == DRAW_STOCK {
                    "the stock is empty".into()
                } else {
                    "draw first: from the stock or the pile top".into()
                }
            }
            Phase::Meld => {
                if a < DISCARD {
                    return "already drew this turn".into();
                }
                let building = !self.down[s] && (!self.pending.is_empty() || !self.staged.is_empty());
                if (DISCARD..PICK).contains(&a) {
                    if building {
                        return "finish laying the contract (or cancel) before discarding".into();
                    }
                    if !self.pending.is_empty() {
                        return "place the picked card (or cancel) before discarding".into();
                    }
                    return "not a card in your hand".into();
                }
                if (PICK..CLOSE).contains(&a) {
                    if !self.hands[s].contains((a - PICK) as u8) {
                        return "not a card in your hand".into();
                    }
                    if self.just_down {
                        return "nothing more may be played on the turn the contract goes down".into();
                    }
                    if self.down[s] {
                        return "that card fits no meld on the table (or it is the last card and going out needs a discard)".into();
                    }
                    return format!(
                        "the contract ({}) cannot be completed with that card in this meld",
                        self.contract().describe()
                    );
                }
                if a == CANCEL {
                    return "nothing to cancel, or cancelled twice this turn already".into();
                }
                if (CLOSE..CANCEL).contains(&a) {
                    return "the pending cards are not a contract meld of the right kind and size (or the rest of the contract could not follow)".into();
                }
                "pick a card first; it must fit that meld".into()
            }
        }
    }

    /// Everything seat `p` holds: its hand and, while it lays a contract, the cards it picked.
    pub(super) fn holding(&self, p: usize) -> PackSet {
        let mut held = self.hands[p];
        if p == self.to_move as usize {
            held = held.union(self.pending);
            for m in &self.staged {
                held = held.union(m.cards);
            }
        }
        held
    }

    /// The cards seat `p` took from the pile and still holds (everybody saw them taken).
    fn known_held(&self, p: usize) -> PackSet {
        self.known[p].and(self.holding(p))
    }

    fn meld_text(&self, m: &Meld) -> String {
        match m.shape {
            Shape::Trio(r) => {
                let names: Vec<String> = m.cards.iter().map(|id| PACK.name(id)).collect();
                format!("trio of {}s: {}", rank_word(r), names.join(" "))
            }
            Shape::Escalera(run) => {
                // Natural cards in position order; jokers named with the position they hold.
                let mut jokers = m.cards.iter().filter(|&id| PACK.kind(id) == JOKER);
                let mut naturals: Vec<u8> = m.cards.iter().filter(|&id| PACK.kind(id) != JOKER).collect();
                let mut parts = Vec::new();
                for p in run.low..=run.high() {
                    if run.jokers >> p & 1 == 1 {
                        let j = jokers.next().map(|id| PACK.name(id)).unwrap_or_default();
                        parts.push(format!(
                            "{j}({})",
                            kind_name(crate::rummy::meld::kind_at(run.suit, p))
                        ));
                    } else {
                        let k = crate::rummy::meld::kind_at(run.suit, p);
                        if let Some(i) = naturals.iter().position(|&id| PACK.kind(id) == k) {
                            parts.push(PACK.name(naturals.remove(i)));
                        }
                    }
                }
                format!("escalera: {}", parts.join(" "))
            }
        }
    }

    fn format_set(set: PackSet) -> String {
        if set.is_empty() {
            return "-".into();
        }
        // Sorted by kind so a hand reads by suit and rank.
        let mut ids: Vec<u8> = set.iter().collect();
        ids.sort_by_key(|&id| (PACK.kind(id), PACK.copy(id)));
        ids.iter().map(|&id| PACK.name(id)).collect::<Vec<_>>().join(" ")
    }

    fn describe(&self, viewer: Option<usize>) -> String {
        let n = self.n();
        let mut s = format!(
            "Carioca hand {} of {}: {}; dealer seat {}\n",
            self.hand_no + 1,
            self.cfg.hands(),
            self.contract().describe(),
            self.dealer
        );
        for p in 0..n {
            let held = self.holding(p).len();
            let known = self.known_held(p);
            s.push_str(&format!(
                "seat {p}: {held} cards{}, total {}{}{}\n",
                if self.down[p] { ", contract down" } else { "" },
                self.scores[p],
                if self.hands_done > 0 {
                    format!(" (last hand {})", self.last[p])
                } else {
                    String::new()
                },
                if known.is_empty() || viewer == Some(p) {
                    String::new()
                } else {
                    format!("; holds from the pile: {}", Self::format_set(known))
                },
            ));
        }
        match self.pile.last() {
            Some(&top) => s.push_str(&format!(
                "pile: {} on top ({} cards)",
                PACK.name(top),
                self.pile.len()
            )),
            None => s.push_str("pile: empty"),
        }
        s.push_str(&format!(", stock {} cards\n", self.stock.len()));
        for (i, m) in self.melds.iter().enumerate() {
            s.push_str(&format!("meld {i} (seat {}): {}\n", m.owner, self.meld_text(m)));
        }
        for p in 0..n {
            if viewer.map_or(true, |v| v == p) {
                s.push_str(&format!("hand {p}: {}\n", Self::format_set(self.hands[p])));
                if p == self.to_move as usize && self.phase == Phase::Meld {
                    for m in &self.staged {
                        s.push_str(&format!(
                            "closed, waiting for the rest of the contract: {}\n",
                            self.meld_text(m)
                        ));
                    }
                    if !self.pending.is_empty() {
                        s.push_str(&format!("pending: {}\n", Self::format_set(self.pending)));
                    }
                }
            }
        }
        match self.phase {
            Phase::Over => {
                s.push_str("game over\n");
            }
            Phase::Deal => s.push_str("dealing\n"),
            _ => s.push_str(&format!(
                "to move: seat {} ({})\n",
                self.to_move,
                match self.phase {
                    Phase::Draw => "draw",
                    Phase::StockDraw => "drawing from the stock",
                    _ if self.just_down => "discard",
                    _ => "meld or discard",
                }
            )),
        }
        s
    }
}

fn rank_word(r: u8) -> String {
    match r {
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        14 => "A".into(),
        r => r.to_string(),
    }
}

/// Observation layout (`KINDS` = 53 card kinds, the joker last; seats counted from the viewer's, in turn
/// order): the viewer's hand counts by kind; the cards it is laying (picked, and closed contract melds
/// not yet down), by kind, shown to the mover in its meld phase only; the pile's top (one-hot); sizes
/// (stock / 108, pile / 108); per seat (`MAX_PLAYERS`): present, contract down, total / 100, cards held
/// / 13; per table meld (`MAX_MELDS`, in table order): present, escalera, owner (one-hot), counts by
/// kind, joker positions (slot p: a joker on position p, 1 = ace low .. 14 = ace high; slot 0 unused);
/// per seat, the cards it took from the pile and still holds, by kind (everybody saw them taken); flags:
/// draw (or drawing), meld, contract laid this turn, a contract being laid, a lay-off pending; the seat
/// to move (one-hot, none in the deal or at the end); the hand's number (one-hot, the eighth and later
/// on the last slot). Not in it: the rest of the other hands, the stock, the pile below its top.
const HAND: usize = 0;
const LAYING: usize = HAND + KINDS;
const TOP: usize = LAYING + KINDS;
const SIZES: usize = TOP + KINDS;
const SEATS: usize = SIZES + 2;
const SEAT_LEN: usize = 4;
const MELDS: usize = SEATS + MAX_PLAYERS * SEAT_LEN;
const MELD_LEN: usize = 2 + MAX_PLAYERS + KINDS + 15;
const KNOWN: usize = MELDS + MAX_MELDS * MELD_LEN;
const FLAGS: usize = KNOWN + MAX_PLAYERS * KINDS;
/// Observation length.
pub const OBS_LEN: usize = FLAGS + 5 + MAX_PLAYERS + 8;

/// Bounds of every observation element.
pub fn observation_bounds() -> (Vec<f32>, Vec<f32>) {
    let low = vec![0.0; OBS_LEN];
    let mut high = vec![1.0; OBS_LEN];
    for k in 0..KINDS {
        let copies = PACK.copies(k as u8) as f32;
        high[HAND + k] = copies;
        high[LAYING + k] = copies;
        for m in 0..MAX_MELDS {
            high[MELDS + m * MELD_LEN + 2 + MAX_PLAYERS + k] = copies;
        }
        for p in 0..MAX_PLAYERS {
            high[KNOWN + p * KINDS + k] = copies;
        }
    }
    for p in 0..MAX_PLAYERS {
        // Penalty totals grow without a fixed bound worth stating.
        high[SEATS + p * SEAT_LEN + 2] = f32::INFINITY;
    }
    (low, high)
}

impl CariocaState {
    fn write_obs(&self, viewer: usize, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let n = self.n();
        let rel = |s: usize| (s + n - viewer) % n;
        for id in self.hands[viewer].iter() {
            out[HAND + PACK.kind(id) as usize] += 1.0;
        }
        if viewer == self.to_move as usize && self.phase == Phase::Meld {
            for id in self
                .pending
                .iter()
                .chain(self.staged.iter().flat_map(|m| m.cards.iter()))
            {
                out[LAYING + PACK.kind(id) as usize] += 1.0;
            }
        }
        if let Some(&top) = self.pile.last() {
            out[TOP + PACK.kind(top) as usize] = 1.0;
        }
        out[SIZES] = self.stock.len() as f32 / P as f32;
        out[SIZES + 1] = self.pile.len() as f32 / P as f32;
        for p in 0..n {
            let o = SEATS + rel(p) * SEAT_LEN;
            let held = self.holding(p).len();
            for id in self.known_held(p).iter() {
                out[KNOWN + rel(p) * KINDS + PACK.kind(id) as usize] += 1.0;
            }
            out[o] = 1.0;
            out[o + 1] = self.down[p] as u8 as f32;
            out[o + 2] = self.scores[p] as f32 / 100.0;
            out[o + 3] = held as f32 / 13.0;
        }
        for (i, m) in self.melds.iter().enumerate() {
            let o = MELDS + i * MELD_LEN;
            out[o] = 1.0;
            out[o + 2 + rel(m.owner as usize)] = 1.0;
            for id in m.cards.iter() {
                out[o + 2 + MAX_PLAYERS + PACK.kind(id) as usize] += 1.0;
            }
            if let Shape::Escalera(run) = m.shape {
                out[o + 1] = 1.0;
                for p in 1..=14usize {
                    if run.jokers >> p & 1 == 1 {
                        out[o + 2 + MAX_PLAYERS + KINDS + p] = 1.0;
                    }
                }
            }
        }
        let f = FLAGS;
        match self.phase {
            Phase::Draw | Phase::StockDraw => out[f] = 1.0,
            Phase::Meld => {
                out[f + 1] = 1.0;
                out[f + 2] = self.just_down as u8 as f32;
                let s = self.to_move as usize;
                out[f + 3] =
                    (!self.down[s] && (!self.pending.is_empty() || !self.staged.is_empty())) as u8 as f32;
                out[f + 4] = (self.down[s] && !self.pending.is_empty()) as u8 as f32;
            }
            _ => {}
        }
        if matches!(self.phase, Phase::Draw | Phase::StockDraw | Phase::Meld) {
            out[f + 5 + rel(self.to_move as usize)] = 1.0;
        }
        out[f + 5 + MAX_PLAYERS + (self.hand_no as usize).min(7)] = 1.0;
    }

    fn parse_card_in_hand(&self, text: &str) -> Result<u8> {
        if text.contains('#') {
            return PACK.parse(text);
        }
        // Without a copy number: the lowest copy of that kind in the mover's hand.
        let kind = crate::rummy::parse_kind(text)?;
        let held = self.hands[self.to_move as usize];
        held.first_of_kind(PACK, kind)
            .or_else(|| (0..PACK.copies(kind)).map(|c| PACK.id(kind, c)).next())
            .ok_or_else(|| LudoError::parse("card", text, "no such card"))
    }
}

impl fmt::Display for CariocaState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(None))
    }
}

impl State for CariocaState {
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
            let is_chance = self.is_chance_node();
            if is_chance || action < P {
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
        card_at(self.stock, rng.below(size(self.stock))) as Action
    }
    #[inline]
    fn random_action(&self, rng: &mut Rng) -> Action {
        if self.phase == Phase::Draw {
            // The same choice as the general path (stock before pile), without its buffer.
            let options = [DRAW_STOCK, DRAW_PILE];
            let (stock, pile) = (!self.stock.is_empty(), !self.pile.is_empty());
            let n = stock as u32 + pile as u32;
            let i = rng.below(n) as usize;
            return if stock { options[i] } else { DRAW_PILE };
        }
        self.random_meld_action(rng)
    }
    fn play_out_random(&mut self, rng: &mut Rng) {
        // The default loop on the phase itself (no mapping to `Player` and back on every step), a
        // turn's draw, stock card and first meld step taken in one go (`random_turn`).
        loop {
            match self.phase {
                Phase::Over => return,
                Phase::Deal => self.random_deal(rng),
                Phase::StockDraw => self.resolve_chance(rng),
                Phase::Draw if self.counting => self.quiet_turns(rng),
                Phase::Draw => self.random_turn(rng),
                Phase::Meld => {
                    let a = self.random_meld_action(rng);
                    self.apply(a);
                }
            }
        }
    }
    fn play_out_random_counted(&mut self, rng: &mut Rng) -> usize {
        // The same loop, counting the actions (`simulate` reads nothing else of the history).
        self.counted = self.history.len();
        self.counting = true;
        self.play_out_random(rng);
        self.counting = false;
        self.counted
    }
    fn returns(&self, out: &mut [f64]) {
        // Minus the penalty points: the lowest total has the highest return.
        for (s, o) in out.iter_mut().enumerate().take(self.n()) {
            *o = -(self.scores[s] as f64);
        }
    }
    fn rewards(&self, out: &mut [f64]) {
        // A match's returns are the running totals, so each hand's end is a reward (the rewards of a
        // game add up to its returns).
        for (s, o) in out.iter_mut().enumerate().take(self.n()) {
            *o = -(self.reward[s] as f64);
        }
    }
    fn resolve_chance(&mut self, rng: &mut Rng) {
        // The default loop; the deal after a hand's end belongs to the decision that ended it.
        self.keep_reward = true;
        while self.current_player() == Player::Chance {
            let a = self.sample_chance(rng);
            self.apply_action_unchecked(a);
        }
        self.keep_reward = false;
    }
    fn scores(&self, out: &mut [f64]) {
        for (s, o) in out.iter_mut().enumerate().take(self.n()) {
            *o = self.scores[s] as f64;
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
            ("stock", DRAW_STOCK),
            ("take pile", DRAW_PILE),
            ("pile", DRAW_PILE),
            ("close", CLOSE),
            ("close low", CLOSE_LOW),
            ("close high", CLOSE_HIGH),
            ("cancel", CANCEL),
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
        for (prefix, v_low, v_high) in [("swap joker meld ", 3, 4), ("meld ", 1, 2)] {
            if let Some(rest) = t.strip_prefix(prefix) {
                let mut words = rest.split_whitespace();
                let m: u32 = words
                    .next()
                    .and_then(|w| w.parse().ok())
                    .filter(|&m| m < MAX_MELDS as u32)
                    .ok_or_else(|| bad(&format!("a meld number 0..{MAX_MELDS}")))?;
                let v = match words.next() {
                    Some("low") => v_low,
                    Some("high") => v_high,
                    _ => return Err(bad("end with low or high, e.g. 'meld 3 high'")),
                };
                return Ok(TARGET + m * VARIANTS + v);
            }
        }
        if let Some(rest) = t.strip_prefix("onto meld ") {
            let m: u32 = rest
                .trim()
                .parse()
                .ok()
                .filter(|&m| m < MAX_MELDS as u32)
                .ok_or_else(|| bad(&format!("a meld number 0..{MAX_MELDS}")))?;
            return Ok(TARGET + m * VARIANTS);
        }
        PACK.parse(text).map(|id| id as Action).map_err(|_| {
            bad("actions: a card (7♥#1), draw stock, take pile, discard 7♥#1, pick 7♥#1, close, close low, close high, cancel, onto meld 2, meld 2 low, meld 2 high, swap joker meld 2 low")
        })
    }
    fn observation_string(&self, player: usize) -> String {
        self.describe(Some(player))
    }
    fn write_observation(&self, player: usize, out: &mut [f32]) {
        self.write_obs(player, out)
    }
    fn information_state_string(&self, player: usize) -> String {
        // Perfect recall: every action as this seat saw it (other seats' cards and picks hidden).
        let names = names();
        let mut s = String::with_capacity(self.history.len() * 12 + 1024);
        let mut last_pick = None;
        for (&a, &who) in self.history.iter().zip(&self.seen_by) {
            let own = who as usize == player;
            if a < P {
                s.push_str(if who == PUBLIC || own {
                    &names[a as usize]
                } else {
                    "?"
                });
            } else {
                s.push((b'0' + who) as char);
                s.push(':');
                if (PICK..CLOSE).contains(&a) {
                    last_pick = Some(a - PICK);
                    s.push_str(if own { &names[a as usize] } else { "pick ?" });
                } else {
                    if a >= TARGET && !own {
                        // The card laid off, which the hidden pick before it named.
                        if let Some(c) = last_pick {
                            s.push_str(&names[c as usize]);
                            s.push(' ');
                        }
                    }
                    s.push_str(&names[a as usize]);
                }
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
        for p in 0..self.n() {
            out.push((format!("hand {p}"), self.hands[p].to_vec()));
        }
        let mut laying = self.pending;
        for m in &self.staged {
            laying = laying.union(m.cards);
        }
        out.push(("laying".into(), laying.to_vec()));
        out.push(("stock".into(), self.stock.to_vec()));
        out.push(("pile".into(), self.pile.iter().map(|&id| id as Action).collect()));
        for (i, m) in self.melds.iter().enumerate() {
            out.push((format!("meld {i}"), m.cards.to_vec()));
        }
        Some(out)
    }
}

/// The number of cards of `set`, a set of the 108-card pack: two words, not the three of
/// [`PackSet::len`] (a hand's and the stock's sizes are read on most draws of a playout).
#[inline(always)]
fn size(set: PackSet) -> u32 {
    let [w0, w1, w2] = set.0;
    debug_assert!(w2 == 0, "a set of the 108-card pack");
    w0.count_ones() + w1.count_ones()
}

/// The `k`-th card of `set` in ascending order (`k < set.len()`), for sets of the 108-card pack: two
/// words, not the general three-word walk of [`PackSet::nth`] (this runs on most draws of a playout).
#[inline]
fn card_at(set: PackSet, k: u32) -> u8 {
    let [w0, w1, w2] = set.0;
    debug_assert!(
        w2 == 0 && k < set.len() as u32,
        "a card of the 108-card pack, k in the set"
    );
    let n0 = w0.count_ones();
    let (word, k, base) = if k < n0 { (w0, k, 0) } else { (w1, k - n0, 64) };
    base + crate::cards::CardSet(word).nth_unchecked(k as usize).0
}

/// The places in `set` (bit i: the i-th card in ascending order) of its cards whose kind is in
/// `kinds` (bit k), for sets of at most 64 cards of the 108-card pack (a hand).
#[inline]
pub(super) fn places_of(set: PackSet, kinds: u64) -> u64 {
    const DECK: u64 = (1 << 52) - 1;
    let [w0, w1, w2] = set.0;
    debug_assert!(w2 == 0 && w1 >> 44 == 0, "ids of the 108-card pack");
    debug_assert!(set.len() <= 64, "at most 64 cards");
    // Ids 0..52 are the first deck's kinds, 52..104 the second's, 104..108 the jokers.
    let naturals = kinds & DECK;
    let jokers = if kinds >> JOKER & 1 == 1 { 0xF << 40 } else { 0 };
    let (mut c0, mut c1) = (w0 & (naturals | naturals << 52), w1 & (naturals >> 12 | jokers));
    let mut places = 0u64;
    while c0 != 0 {
        let below = (c0 & c0.wrapping_neg()) - 1;
        places |= 1 << (w0 & below).count_ones();
        c0 &= c0 - 1;
    }
    let n0 = w0.count_ones();
    while c1 != 0 {
        let below = (c1 & c1.wrapping_neg()) - 1;
        places |= 1 << (n0 + (w1 & below).count_ones());
        c1 &= c1 - 1;
    }
    places
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
        DRAW_PILE => "take pile".into(),
        a if a < PICK => format!("discard {}", PACK.name((a - DISCARD) as u8)),
        a if a < CLOSE => format!("pick {}", PACK.name((a - PICK) as u8)),
        CLOSE => "close".into(),
        CLOSE_LOW => "close low".into(),
        CLOSE_HIGH => "close high".into(),
        CANCEL => "cancel".into(),
        a if a < NUM_ACTIONS => {
            let (m, v) = ((a - TARGET) / VARIANTS, (a - TARGET) % VARIANTS);
            match v {
                0 => format!("onto meld {m}"),
                1 => format!("meld {m} low"),
                2 => format!("meld {m} high"),
                3 => format!("swap joker meld {m} low"),
                _ => format!("swap joker meld {m} high"),
            }
        }
        a => format!("#{a}"),
    }
}

/// What decides which cards of the mover's hand may be picked, gathered once per position and asked
/// per card (a random playout asks for one card, `legal_actions` for all).
enum Picker {
    /// No pick is legal.
    None,
    /// Laying off: the kinds (bit k) some table meld takes.
    LayOff(u64),
    /// Laying the contract.
    Contract(ContractPicker),
}

/// The contract search's view of the mover: the slot being built, what is owed after it, the hand
/// (as escalera bitmasks and as trio rank counts) and the pending meld.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct ContractPicker {
    slot: Slot,
    owed: Owed,
    exact: bool,
    /// A pending natural: it fixes the rank (trio) or suit (escalera) every further natural needs.
    fixed: Option<u8>,
    bits: contract::Bits,
    run: contract::PendingRun,
    trios: contract::TrioHand,
    n: usize,
    pj: u8,
}

impl Picker {
    /// Whether a card of `kind` (held) may be picked. `memo` caches the answers per kind, and for the
    /// naturals of a trio slot per rank (under the rank's ♣ kind).
    #[inline]
    fn allows(&self, kind: u8, memo: &mut Memo) -> bool {
        match self {
            Picker::None => false,
            Picker::LayOff(accepted) => accepted >> kind & 1 == 1,
            Picker::Contract(c) => c.allows_memo(kind, memo),
        }
    }
}

impl ContractPicker {
    /// [`Self::allows`] through `memo` (see [`Picker::allows`]).
    #[inline]
    fn allows_memo(&self, kind: u8, memo: &mut Memo) -> bool {
        let c = self;
        // For a trio only the rank matters (suits may repeat): one answer per rank.
        let key = match c.slot {
            Slot::Trio if kind != JOKER => crate::rummy::kind_of(0, rank_of(kind)),
            _ => kind,
        };
        let bit = 1u64 << key;
        if memo.known & bit == 0 {
            memo.known |= bit;
            if c.allows(kind) {
                memo.yes |= bit;
            }
        }
        memo.yes & bit != 0
    }
}

/// Answers of [`Picker::allows`] already worked out: bit k of `known` (kind k, or for a trio slot the
/// rank's ♣ kind) once asked, of `yes` if the answer was yes.
#[derive(Copy, Clone, Default)]
struct Memo {
    known: u64,
    yes: u64,
}

impl ContractPicker {
    /// The kinds (bit k) that [`Self::allows`] may answer yes for: with a pending natural, the jokers
    /// and the naturals of its rank (trio) or suit (escalera); else every kind.
    #[inline]
    fn candidate_kinds(&self) -> u64 {
        let Some(f) = self.fixed else {
            return u64::MAX;
        };
        let naturals = match self.slot {
            Slot::Trio => 0x0008_0040_0200_1000u64 >> (14 - rank_of(f)),
            Slot::Escalera => 0x1FFFu64 << (13 * crate::rummy::suit_of(f)),
        };
        naturals | 1 << JOKER
    }

    /// Whether a card of kind `k` may go into the pending meld (out of line: [`Picker::allows`] with
    /// its memo is inlined where cards are drawn, and most answers come from the memo).
    #[inline(never)]
    fn allows(&self, k: u8) -> bool {
        if let (Some(f), true) = (self.fixed, k != JOKER) {
            let same = match self.slot {
                Slot::Trio => rank_of(k) == rank_of(f),
                Slot::Escalera => crate::rummy::suit_of(k) == crate::rummy::suit_of(f),
            };
            if !same {
                return false;
            }
        }
        match self.slot {
            Slot::Trio => {
                let answer = contract::trio_pick_feasible(
                    &self.trios,
                    k,
                    self.n,
                    self.pj,
                    self.fixed.map(rank_of),
                    self.owed,
                    self.exact,
                );
                debug_assert_eq!(answer, {
                    let (rank, pj) = if k == JOKER {
                        (self.fixed.map(rank_of), self.pj + 1)
                    } else {
                        (Some(rank_of(k)), self.pj)
                    };
                    contract::trio_feasible(
                        &self.trios.without(k),
                        self.n + 1,
                        pj,
                        rank,
                        self.owed,
                        self.exact,
                    )
                });
                answer
            }
            Slot::Escalera => {
                contract::escalera_feasible(&self.bits.without(k), &self.run.with(k), self.owed, self.exact)
            }
        }
    }
}
