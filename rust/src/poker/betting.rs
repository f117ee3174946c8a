//! One betting round at a time over up to 8 seats with table stakes.
//!
//! The model (the one PokerKit and casino rule books use):
//!
//! * Each seat has chips behind (`stacks`), a bet in the current round (`bets`) and what it put in the
//!   hand so far (`committed`: antes and the bets of finished rounds). Chips are whole numbers.
//! * A round starts at an opener chosen by the game (the bring-in, the best board ...) and goes
//!   clockwise. Seats that folded or have no chips left do not act. Every seat still to act acts once;
//!   a bet, completion or raise makes everyone else act again.
//! * **Bring-in** (stud, first round): the first actor must post the bring-in (all of its stack if
//!   less) or complete to a full bet. Facing only the bring-in, the others may fold, call it or
//!   complete; once completed the round is an ordinary one. If everyone only calls the bring-in the
//!   round ends (the bring-in has acted).
//! * **Sizes** come from [`Sizing`]: in fixed limit every bet, completion and raise is the street's bet
//!   size on top of the highest bet, and a round allows at most `cap` of them (bet + 3 raises = 4).
//!   `uncapped_heads_up` lifts the cap while only two players are in the hand.
//! * **All-in for less**: a call or raise larger than the stack is made with the whole stack. A short
//!   all-in raise does not reopen the betting for players who already acted (they may only call or
//!   fold) unless the short raises together reach a full raise; a seat facing less than a full raise
//!   after it acted cannot raise either.
//! * A seat may fold only when facing a bet (folding when it could check gains nothing).
//! * A round ends when nobody is left to act or one player is left in the hand.
//!
//! The game owns cards and streets; this engine owns chips and turns. [`crate::poker::pots`] splits
//! the committed chips into pots when the hand ends.

/// Most seats at a table.
pub const MAX_SEATS: usize = 8;

/// A betting decision. Which of check/call and bet/raise/complete applies is decided by the situation,
/// so a game can give each its own action id and name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Give up the hand (only when facing a bet).
    Fold,
    /// Pass when nothing is owed.
    Check,
    /// Match the highest bet (or put in the whole stack if it is less).
    Call,
    /// Post the forced bring-in (stud, first actor of the first round).
    BringIn,
    /// Make the bet a full bet when facing only the bring-in (or instead of posting it).
    Complete,
    /// The first bet of a round.
    Bet,
    /// Raise the highest bet by a bet size.
    Raise,
}

impl Move {
    /// Every move, in action-id order.
    pub const ALL: [Move; 7] = [
        Move::Fold,
        Move::Check,
        Move::Call,
        Move::BringIn,
        Move::Complete,
        Move::Bet,
        Move::Raise,
    ];
    /// Lower-case name: `"fold"`, `"bring in"`.
    pub fn name(self) -> &'static str {
        match self {
            Move::Fold => "fold",
            Move::Check => "check",
            Move::Call => "call",
            Move::BringIn => "bring in",
            Move::Complete => "complete",
            Move::Bet => "bet",
            Move::Raise => "raise",
        }
    }
    /// Position in [`Move::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
    /// Bit of this move in a move set.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// How large bets are. Only fixed limit is implemented; pot limit and no limit would add variants
/// whose bet and raise amounts are a range instead of one number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sizing {
    /// Every bet, completion and raise is `bet` on top of the highest bet; at most `cap` per round
    /// (`None`: no cap); `uncapped_heads_up` lifts the cap while two players are in the hand.
    FixedLimit {
        bet: i64,
        cap: Option<u8>,
        uncapped_heads_up: bool,
    },
}

/// The chips and turns of one hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Betting {
    /// Number of seats.
    pub n: usize,
    /// Chips behind, per seat.
    pub stacks: [i64; MAX_SEATS],
    /// Bets of the current round, per seat.
    pub bets: [i64; MAX_SEATS],
    /// Chips put in the hand in finished rounds and antes, per seat.
    pub committed: [i64; MAX_SEATS],
    /// Seats still in the hand (bit per seat).
    pub live: u8,
    /// Seats still to act this round.
    pending: u8,
    /// The seat to act (meaningful while `pending != 0`).
    actor: u8,
    /// Seats that acted since the last full raise.
    acted: u8,
    /// Bring-in still to be posted (first actor of a stud hand).
    bring_in_due: bool,
    /// The next aggressive move is a completion (nothing above the bring-in yet).
    completion: bool,
    /// The largest bet or raise increment so far this round.
    raise_amount: i64,
    /// Bets, completions and raises this round.
    raises: u8,
    /// Sum of the consecutive all-in raises since the last raise by a seat with chips left (`None`:
    /// none).
    short_all_ins: Option<i64>,
    sizing: Sizing,
    bring_in: i64,
}

impl Betting {
    /// A hand with `n` seats holding `stacks` (seats with 0 chips are out of the hand).
    pub fn new(stacks: &[i64]) -> Betting {
        let n = stacks.len().min(MAX_SEATS);
        let mut s = [0; MAX_SEATS];
        s[..n].copy_from_slice(&stacks[..n]);
        let live = (0..n).filter(|&i| s[i] > 0).fold(0u8, |m, i| m | 1 << i);
        Betting {
            n,
            stacks: s,
            bets: [0; MAX_SEATS],
            committed: [0; MAX_SEATS],
            live,
            pending: 0,
            actor: 0,
            acted: 0,
            bring_in_due: false,
            completion: false,
            raise_amount: 0,
            raises: 0,
            short_all_ins: None,
            sizing: Sizing::FixedLimit {
                bet: 0,
                cap: None,
                uncapped_heads_up: false,
            },
            bring_in: 0,
        }
    }

    /// Every live seat puts in `ante` (or all its chips if fewer): straight into the pot.
    pub fn post_antes(&mut self, ante: i64) {
        for i in 0..self.n {
            if self.live >> i & 1 != 0 {
                let a = ante.min(self.stacks[i]);
                self.stacks[i] -= a;
                self.committed[i] += a;
            }
        }
    }

    /// Number of seats in the hand.
    pub fn live_count(&self) -> u32 {
        self.live.count_ones()
    }
    /// Seats in the hand with chips behind.
    pub fn with_chips(&self) -> u8 {
        (0..self.n)
            .filter(|&i| self.live >> i & 1 != 0 && self.stacks[i] > 0)
            .fold(0, |m, i| m | 1 << i)
    }
    /// Whether betting is over for the hand: one player left, or at most one with chips behind (the
    /// rest is dealt out without betting).
    pub fn no_more_betting(&self) -> bool {
        self.live_count() <= 1 || self.with_chips().count_ones() <= 1
    }
    /// Whether a round is under way (someone is to act).
    pub fn in_round(&self) -> bool {
        self.pending != 0
    }
    /// The seat to act, if a round is under way.
    pub fn actor(&self) -> Option<usize> {
        (self.pending != 0).then_some(self.actor as usize)
    }
    /// The highest bet this round.
    pub fn max_bet(&self) -> i64 {
        self.bets[..self.n].iter().copied().max().unwrap_or(0)
    }
    /// Bets, completions and raises made this round.
    pub fn raises(&self) -> u8 {
        self.raises
    }
    /// Chips in the middle: everything committed plus this round's bets.
    pub fn pot_total(&self) -> i64 {
        (0..self.n).map(|i| self.committed[i] + self.bets[i]).sum()
    }
    /// What seat `i` has put in the hand so far, this round included.
    pub fn put_in(&self, i: usize) -> i64 {
        self.committed[i] + self.bets[i]
    }

    /// First seat in `mask` at or after `from` clockwise.
    fn next_in(&self, mask: u8, from: usize) -> Option<u8> {
        (0..self.n)
            .map(|k| (from + k) % self.n)
            .find(|&i| mask >> i & 1 != 0)
            .map(|i| i as u8)
    }

    /// Starts a betting round opened by seat `opener` (the first to act if it can; otherwise the next
    /// seat clockwise that can). `bring_in > 0` makes the first actor post the bring-in or complete.
    /// Returns whether anybody acts (a round where at most one seat has chips is skipped).
    pub fn start_round(&mut self, opener: usize, sizing: Sizing, bring_in: i64) -> bool {
        self.sizing = sizing;
        self.bring_in = bring_in;
        self.bets = [0; MAX_SEATS];
        self.raise_amount = 0;
        self.raises = 0;
        self.acted = 0;
        self.short_all_ins = None;
        self.bring_in_due = bring_in > 0;
        self.completion = self.bring_in_due;
        let can_act = self.with_chips();
        // One seat with chips and nothing to call: no betting (PokerKit's effective-stack rule).
        self.pending = if can_act.count_ones() <= 1 || self.live_count() <= 1 {
            0
        } else {
            can_act
        };
        if let Some(a) = self.next_in(self.pending, opener % self.n.max(1)) {
            self.actor = a;
        }
        if self.pending == 0 {
            self.end_round();
        }
        self.pending != 0
    }

    /// Moves this round's bets into `committed` (called when the round ends).
    fn end_round(&mut self) {
        for i in 0..self.n {
            self.committed[i] += self.bets[i];
            self.bets[i] = 0;
        }
        self.pending = 0;
        self.bring_in_due = false;
        self.completion = false;
    }

    fn bet_size(&self) -> i64 {
        match self.sizing {
            Sizing::FixedLimit { bet, .. } => bet,
        }
    }

    fn capped(&self) -> bool {
        match self.sizing {
            Sizing::FixedLimit {
                cap,
                uncapped_heads_up,
                ..
            } => match cap {
                Some(c) => self.raises >= c && !(uncapped_heads_up && self.live_count() == 2),
                None => false,
            },
        }
    }

    /// Chips the actor needs to call.
    pub fn to_call(&self) -> i64 {
        let a = self.actor as usize;
        (self.max_bet() - self.bets[a]).min(self.stacks[a])
    }

    /// The aggressive move available to the actor, if any (completion, bet or raise), with the total
    /// its round bet becomes.
    fn aggression(&self) -> Option<(Move, i64)> {
        let p = self.actor as usize;
        let max = self.max_bet();
        let owed = max - self.bets[p];
        if !self.bring_in_due && owed.min(self.stacks[p]) < self.raise_amount {
            return None; // facing a short all-in after having acted: call or fold
        }
        if self.capped() {
            return None;
        }
        if let Some(sum) = self.short_all_ins {
            if sum < self.raise_amount && self.acted >> p & 1 != 0 {
                return None;
            }
        }
        if self.stacks[p] <= owed {
            return None; // already covered: only a call is possible
        }
        let someone_can_call =
            (0..self.n).any(|i| i != p && self.live >> i & 1 != 0 && self.stacks[i] + self.bets[i] > max);
        if !someone_can_call {
            return None;
        }
        let step = self.raise_amount.max(self.bet_size());
        let full = if self.completion { step } else { max + step };
        let to = full.min(self.stacks[p] + self.bets[p]);
        let kind = if self.completion {
            Move::Complete
        } else if max == 0 {
            Move::Bet
        } else {
            Move::Raise
        };
        Some((kind, to))
    }

    /// The moves the actor may make, as a bit set over [`Move::bit`] (0 outside a round).
    pub fn legal(&self) -> u8 {
        if self.pending == 0 {
            return 0;
        }
        let mut set = 0;
        if self.bring_in_due {
            set |= Move::BringIn.bit();
        } else {
            let owed = self.max_bet() - self.bets[self.actor as usize];
            if owed > 0 {
                set |= Move::Fold.bit() | Move::Call.bit();
            } else {
                set |= Move::Check.bit();
            }
        }
        if let Some((m, _)) = self.aggression() {
            set |= m.bit();
        }
        set
    }

    /// The round bet the actor's move makes (the same as now for fold and check).
    pub fn amount_to(&self, m: Move) -> i64 {
        let p = self.actor as usize;
        match m {
            Move::Fold | Move::Check => self.bets[p],
            Move::Call => self.bets[p] + self.to_call(),
            Move::BringIn => self.bets[p] + self.bring_in.min(self.stacks[p]),
            Move::Complete | Move::Bet | Move::Raise => self.aggression().map_or(self.bets[p], |(_, to)| to),
        }
    }

    /// Takes the actor off the list of seats to act and moves the turn on; ends the round when nobody
    /// is left or one player remains.
    fn pass_turn(&mut self) {
        let p = self.actor as usize;
        self.acted |= 1 << p;
        self.pending &= !(1 << p);
        if self.pending == 0 || self.live_count() <= 1 {
            self.end_round();
        } else if let Some(a) = self.next_in(self.pending, (p + 1) % self.n) {
            self.actor = a;
        }
    }

    /// Applies the actor's move, which must be in [`Betting::legal`] (checked by the caller; an
    /// illegal move is ignored and returns false).
    pub fn apply(&mut self, m: Move) -> bool {
        if self.legal() & m.bit() == 0 {
            return false;
        }
        let p = self.actor as usize;
        match m {
            Move::Fold => {
                self.live &= !(1 << p);
                self.pass_turn();
            }
            Move::Check | Move::Call | Move::BringIn => {
                let to = self.amount_to(m);
                self.stacks[p] -= to - self.bets[p];
                self.bets[p] = to;
                if m == Move::BringIn {
                    self.bring_in_due = false;
                }
                self.pass_turn();
            }
            Move::Complete | Move::Bet | Move::Raise => {
                let to = self.amount_to(m);
                let by = to - self.max_bet();
                self.stacks[p] -= to - self.bets[p];
                self.bets[p] = to;
                self.bring_in_due = false;
                self.completion = false;
                self.acted |= 1 << p;
                if by >= self.raise_amount {
                    self.acted = 1 << p;
                }
                self.raise_amount = self.raise_amount.max(by);
                self.raises += 1;
                // The sum runs on over every consecutive all-in raise (PokerKit's list): clearing it
                // once it reached a full raise would make a later short all-in shut out a seat the
                // earlier ones had reopened the betting for.
                if self.stacks[p] > 0 {
                    self.short_all_ins = None;
                } else {
                    self.short_all_ins = Some(self.short_all_ins.unwrap_or(0) + by);
                }
                self.pending = self.with_chips() & !(1 << p);
                match self.next_in(self.pending, (p + 1) % self.n) {
                    Some(a) => self.actor = a,
                    None => self.end_round(),
                }
            }
        }
        true
    }
}
