//! Reversis for four players, one rules value over the trick engine: the game of taking as few
//! points as possible, with a chip economy of aces, the Quinola (J♥), pots and remises. Rules: as
//! in Parlett's Penguin Book of Card Games and at pagat.com, with the choices below.
//!
//! * Pack: 48 cards (no tens), A K Q J 9 … 2 per suit, no trumps. Points A 4, K 3, Q 2, J 1 (40).
//! * Deal: one at a time from the eldest, 11 each, one more to the dealer, then one face-down
//!   card in front of each non-dealer (eldest first; in the engine these three are the talon, in deal
//!   order).
//! * Exchange: the dealer discards one card (`discard X`); then each non-dealer from the eldest either
//!   discards one (`discard X`) and takes their face-down card unseen, or `decline`s and may look at
//!   it (it stays out, known only to them). The talon is then 4 cards.
//! * Play: the eldest leads; follow suit if able; highest of the led suit wins; 11 tricks. A player
//!   holding all four aces or three aces and the J♥ after the exchange may renounce (not follow though
//!   able) in tricks 1–9: the espagnolette. After taking a trick they must follow again
//!   (`espagnolette_after_failure=follow`).
//! * Chips move during play (ace value 2 for A♦, else 1): an ace *placed* on another suit's lead is
//!   paid by the trick winner; an ace *forced* (played by a non-leader to its own suit's lead, even
//!   by a player who held a lower card of it) pays the leader; a J♥ placed is paid 5 by the trick winner and takes the most recent pot; a J♥
//!   forced pays the leader 10, the other two pay the leader 5 each, and its player pays a remise. Led
//!   aces (and a led J♥: 10 from the leader, 5 from each other player) can be claimed at the end by
//!   the party winner (`auto_claim`, else a `claim` / `forfeit` action).
//! * Pots: the first hand's antes (5 each, 10 from the dealer) form a pot; each later deal the dealer
//!   antes 5 to the most recent pot. A remise is the most recent pot's size: it doubles that pot if
//!   it was just formed by antes, else it forms a new pot. The only pot taken is replaced by new antes.
//! * Party: fewest card points wins, most loses (ties: fewer tricks, then the dealer, then the
//!   dealer's left … is favoured; `loser_tiebreak`); the loser pays the winner 4 + the talon's
//!   points, doubled across the table.
//! * Espagnolette success / failure, reversis made / broken: as in the rules text below.
//!
//! Action ids: the 48 cards (♣ ♦ ♥ ♠, ranks 2–9 J Q K A), then `decline` (48), `claim` (49),
//! `forfeit` (50), `discard <card>` (51 + card id).

mod bot;
mod ledger;

pub use ledger::{Account, Payment, PaymentLog, Rule};

use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::Result;
use crate::trick::tables::MAX_SUITS;
use crate::trick::widow;
use crate::trick::Session;
use crate::trick::{
    per_seat, AfterDeal, DealOutcome, Effect, Slot, SuitTables, TrickCore, TrickGame, TrickMut, TrickRules,
    TrickState, TrickView, SCOPE_PARAM,
};

/// The registered game type.
pub type Reversis = TrickGame<ReversisRules>;
/// The registry's name for the game type.
pub type Type = Reversis;
/// A Reversis position.
pub type ReversisState = TrickState<ReversisRules>;

const PLAYERS: usize = 4;
const TRICKS: usize = 11;
/// The reversis is decided at the ninth trick.
const REVERSIS_AT: usize = 9;
/// Extra-action offsets.
const DECLINE: u32 = 0;
const CLAIM: u32 = 1;
const FORFEIT: u32 = 2;
const DISCARD: u32 = 3;

/// Rank codes of the french48 deck.
const ACE: u8 = 14;
const JACK: u8 = 11;
/// Suit indices (♣ ♦ ♥ ♠).
const DIAMONDS: u8 = 1;
const HEARTS: u8 = 2;

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "parlett"]), default: D::Str("seed"), doc: "seed: the talon counts its card points; parlett: A♦ 5 and J♥ 3 in the talon" },
    SCOPE_PARAM,
    ParamSpec { name: "hands", kind: Kind::Int { min: 1, max: 300 }, default: D::Int(12), doc: "scope=match: number of hands in the match (it ends earlier when a player's chips run out)" },
    ParamSpec { name: "starting_chips", kind: Kind::Int { min: 10, max: 100_000 }, default: D::Int(100), doc: "scope=match: each player's starting stack; the match ends once a player has none left" },
    ParamSpec { name: "auto_claim", kind: Kind::Bool, default: D::Bool(true), doc: "the party winner's claims for led aces and a led J♥ are collected automatically (false: a claim/forfeit action)" },
    ParamSpec { name: "loser_tiebreak", kind: Kind::Choice(&["spared_by_precedence", "chosen_by_precedence"]), default: D::Str("spared_by_precedence"), doc: "players tied for most points: the favoured one (fewer tricks, then the dealer, the dealer's left ...) is spared, or is the loser" },
    ParamSpec { name: "talon_bonus_values", kind: Kind::Choice(&["card_points", "parlett"]), default: D::Str("card_points"), doc: "the talon's value in the party payment: its card points, or with A♦ 5 and J♥ 3" },
    ParamSpec { name: "espagnolette_after_failure", kind: Kind::Choice(&["follow", "exempt"]), default: D::Str("follow"), doc: "an espagnolette player who has taken a trick must follow suit again, or stays exempt through trick 9" },
    ParamSpec { name: "first_dealer", kind: Kind::Int { min: -1, max: 3 }, default: D::Int(-1), doc: "seat of the first dealer; -1 = seat 3, so seat 0 is the eldest" },
];

static PRESETS: &[crate::core::game::Preset] =
    &[("seed", &[]), ("parlett", &[("talon_bonus_values", "parlett")])];

static INFO: GameInfo = GameInfo {
    short_name: "reversis",
    long_name: "Reversis",
    params: PARAMS,
    presets: PRESETS,
    version: 1,
    rules: "Four players, clockwise, 48 cards (no tens), no trumps; A 4, K 3, Q 2, J 1 points. Each player \
gets 11 cards, the dealer one more, and a card lies face down before each other player. The dealer \
discards one; each other player may discard one and take their face-down card unseen, or look at it and \
leave it. The eldest leads; follow suit; the highest card of the led suit wins. Aces (A♦ counts 2) and the \
Quinola (J♥) move chips: an ace or J♥ discarded on another suit is paid for by the trick winner (the J♥ \
also takes the newest pot); one played to its own suit's lead pays the leader (the J♥ 10, and the other \
two pay the leader 5 each, and a remise, the newest pot's size, goes into the pots). The player with \
fewest card points wins the party, the one with most loses and pays 4 plus the discards' points, double \
across the table. Holding four aces, or three and the J♥, a player may renounce in the first nine tricks \
(espagnolette): taking no trick wins the party, taking one repays double. Winning the first nine tricks \
is a reversis: every chip of the hand goes back; winning all eleven collects 64, losing one of the last \
two pays 64 to its winner. As described in Parlett's Penguin Book of Card Games and at pagat.com.",
    bots: &["random", "greedy"],
    examples: &[
        "reversis",
        "reversis(auto_claim=false)",
        "reversis(scope=match,hands=6)",
        "reversis(scope=match,hands=4,ruleset=parlett,loser_tiebreak=chosen_by_precedence,espagnolette_after_failure=exempt,starting_chips=30)",
    ],
};

/// Per-hand state: the exchange, the espagnolette, the reversis and the hand's payment record.
#[derive(Clone, Debug, Default)]
pub struct ReversisExtra {
    /// Exchange steps done: 0 = the dealer discards next, 1–3 = the non-dealers in turn, 4 = done.
    pub exchange_step: u8,
    /// Non-dealers who exchanged (a bit per seat).
    pub exchanged: u8,
    /// The face-down card a non-dealer declined (and looked at): private to them.
    pub declined: [Option<Card>; PLAYERS],
    /// The card each seat discarded (private to them).
    pub discarded: [Option<Card>; PLAYERS],
    /// The seat qualified for the espagnolette after the exchange (private to them).
    pub espagnolette: Option<u8>,
    /// It renounced at least once (undertaken).
    pub esp_undertaken: bool,
    /// Chips each seat received from each other seat for placed aces and a placed J♥ (the
    /// espagnolette failure repays double).
    pub placed_income: [[i32; PLAYERS]; PLAYERS],
    /// The pot a seat took with a placed J♥: (seat, chips).
    pub pot_taken: Option<(u8, i32)>,
    /// Who played the J♥ and in which trick (1-based).
    pub quinola: Option<(u8, u8)>,
    /// Who led each ace (by suit) and who led the J♥: the party winner's claims.
    pub led_aces: [Option<u8>; 4],
    pub led_quinola: Option<u8>,
    /// Winner of each trick and whether the J♥ won it.
    pub trick_winners: [u8; TRICKS],
    pub won_by_quinola: [bool; TRICKS],
    /// The seat that won tricks 1–9.
    pub reversis: Option<u8>,
    /// The party's winner and loser (once decided).
    pub party: Option<(u8, u8)>,
    /// The party winner may claim now (`auto_claim=false`).
    pub claim_pending: bool,
    /// Every chip movement of the hand, in order.
    pub log: PaymentLog,
    /// Where the play-phase payments start in `log` (after the antes) and the pots' flag then.
    pub play_start: u8,
    pub flag_at_play: bool,
    /// Each seat's chips when the hand began (the hand's ledger is the difference).
    pub chips_at_start: [i32; PLAYERS],
}

/// What Reversis keeps across hands: each player's chips and the pots (public).
#[derive(Clone, Debug, Default)]
pub struct ReversisMatch {
    /// Chips won (+) or lost (−) so far, per seat, relative to the starting stack.
    pub chips: [i32; PLAYERS],
    /// The pots, oldest first; the last is the most recent.
    pub pots: Vec<i32>,
    /// The most recent pot was just formed by antes: the next remise doubles it.
    pub first_remise_pending: bool,
    /// The first hand's antes have been paid.
    pub started: bool,
}

impl ReversisMatch {
    /// Moves chips and records the payment.
    fn pay(&mut self, log: &mut PaymentLog, from: Account, to: Account, amount: i32, rule: Rule) {
        if let (Account::Seat(a), Account::Seat(b)) = (from, to) {
            return self.transfer(log, a, b, amount, rule);
        }
        match from {
            Account::Seat(s) => self.chips[s as usize] -= amount,
            Account::Pot(i) => {
                let i = i as usize;
                self.pots[i] -= amount;
                if self.pots[i] == 0 && i + 1 == self.pots.len() {
                    self.pots.pop();
                }
            }
        }
        match to {
            Account::Seat(s) => self.chips[s as usize] += amount,
            Account::Pot(i) => {
                let i = i as usize;
                if i == self.pots.len() {
                    self.pots.push(amount);
                } else {
                    self.pots[i] += amount;
                }
            }
        }
        log.push(Payment {
            from,
            to,
            amount,
            rule,
        });
    }
    /// Chips from one seat to another (most payments): no pot to update.
    #[inline]
    fn transfer(&mut self, log: &mut PaymentLog, from: u8, to: u8, amount: i32, rule: Rule) {
        // Seats are below 4: the mask drops the bounds checks.
        self.chips[from as usize & 3] -= amount;
        self.chips[to as usize & 3] += amount;
        log.push(Payment {
            from: Account::Seat(from),
            to: Account::Seat(to),
            amount,
            rule,
        });
    }
    /// The most recent pot's index and size.
    pub fn recent(&self) -> Option<(u16, i32)> {
        self.pots.last().map(|&p| ((self.pots.len() - 1) as u16, p))
    }
    /// Antes of 5 from each non-dealer and 10 from the dealer form a new pot (the payments `pay`
    /// would record one by one, with the pot formed once: every hand of a single deal starts here).
    fn antes(&mut self, log: &mut PaymentLog, dealer: usize) {
        let new = Account::Pot(self.pots.len() as u16);
        let mut total = 0;
        for k in 1..=PLAYERS {
            let s = (dealer + k) % PLAYERS;
            let amount = if s == dealer { 10 } else { 5 };
            self.chips[s] -= amount;
            total += amount;
            log.push(Payment {
                from: Account::Seat(s as u8),
                to: new,
                amount,
                rule: Rule::Ante,
            });
        }
        self.pots.push(total);
        self.first_remise_pending = true;
    }
    /// `seat` pays a remise: the most recent pot's size, doubling it after antes, else a new pot.
    fn remise(&mut self, log: &mut PaymentLog, seat: usize) {
        let Some((i, size)) = self.recent() else {
            return;
        };
        let to = if self.first_remise_pending {
            self.first_remise_pending = false;
            Account::Pot(i)
        } else {
            Account::Pot(i + 1)
        };
        self.pay(log, Account::Seat(seat as u8), to, size, Rule::Remise);
    }
    /// `seat` takes the most recent pot; if it was the only one, new antes form a pot at once.
    fn take_pot(&mut self, log: &mut PaymentLog, seat: usize, dealer: usize, rule: Rule) -> i32 {
        let Some((i, size)) = self.recent() else {
            return 0;
        };
        self.pay(log, Account::Pot(i), Account::Seat(seat as u8), size, rule);
        // The flag belonged to the pot just taken.
        self.first_remise_pending = false;
        if self.pots.is_empty() {
            self.antes(log, dealer);
        }
        size
    }
}

/// A seat's precedence in ties: the dealer 0, the dealer's left 1, and so on (lower is favoured).
fn precedence(dealer: usize, seat: usize) -> usize {
    (seat + PLAYERS - dealer) % PLAYERS
}

/// A seat's place in "fewest points, then fewest tricks, then precedence" packed into one integer:
/// the smallest key is the favoured seat (three comparisons of four keys instead of comparing
/// tuples seat by seat, a visible share of a random hand's end). Points take the high bits (signed,
/// so any `i32`, negated or not, keeps its order), tricks (at most a hand's, far below 2^16) the next, precedence and
/// then the seat the lowest, so that keys of different seats differ and name their seat. `points`
/// is negated for the "most points" order of a loser chosen by precedence.
fn party_key(dealer: usize, points: i64, tricks: usize, seat: usize) -> i64 {
    points << 24 | (tricks.min(0xFFFF) as i64) << 8 | (precedence(dealer, seat) as i64) << 2 | seat as i64
}

/// The seat a key names (its lowest two bits).
fn key_seat(key: i64) -> usize {
    (key & 3) as usize
}

/// The favoured seat among those `eligible` admits: fewest points, then fewest tricks, then precedence.
fn favoured(
    dealer: usize,
    points: [i32; PLAYERS],
    tricks: [usize; PLAYERS],
    eligible: impl Fn(usize) -> bool,
) -> usize {
    let keys: [i64; PLAYERS] = std::array::from_fn(|s| {
        if eligible(s) {
            party_key(dealer, points[s] as i64, tricks[s], s)
        } else {
            i64::MAX
        }
    });
    let best = keys[0].min(keys[1]).min(keys[2].min(keys[3]));
    // Nobody eligible (never asked): seat 0, as before.
    if best == i64::MAX {
        0
    } else {
        key_seat(best)
    }
}

/// Reversis rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct ReversisRules {
    deck: Deck,
    tables: SuitTables,
    session: Session,
    starting_chips: i32,
    auto_claim: bool,
    loser_chosen_by_precedence: bool,
    parlett_talon: bool,
    exempt_after_failure: bool,
    quinola: Card,
    aces: CardSet,
    /// The aces and the J♥: the cards that move chips when played.
    paying: CardSet,
    /// Card points as bit planes: a set's points are |set ∩ planes[0]| + 2|set ∩ planes[1]| +
    /// 4|set ∩ planes[2]| (K and J, K and Q, A), three popcounts.
    point_planes: [CardSet; 3],
}

impl ReversisRules {
    /// The J♥.
    pub fn quinola(&self) -> Card {
        self.quinola
    }
    /// Each player's starting stack (`starting_chips`); `ReversisMatch::chips` are relative to it.
    pub fn starting_chips(&self) -> i32 {
        self.starting_chips
    }
    /// The four aces.
    pub fn aces(&self) -> CardSet {
        self.aces
    }
    /// An ace's chip value: 2 for A♦, 1 for the others.
    pub fn ace_value(&self, card: Card) -> i32 {
        if self.deck.suit(card) == DIAMONDS {
            2
        } else {
            1
        }
    }
    /// Card points (A 4, K 3, Q 2, J 1).
    pub fn card_points(&self, set: CardSet) -> i32 {
        let [p1, p2, p4] = self.point_planes;
        ((set & p1).len() + 2 * (set & p2).len() + 4 * (set & p4).len()) as i32
    }
    /// The talon's value in the party payment.
    pub fn talon_value(&self, talon: CardSet) -> i32 {
        let mut v = self.card_points(talon);
        if self.parlett_talon {
            let ad = self.deck.find(DIAMONDS, ACE).expect("A♦");
            // A♦ 5 instead of 4, J♥ 3 instead of 1.
            v += talon.contains(ad) as i32 + 2 * talon.contains(self.quinola) as i32;
        }
        v
    }
    /// Whether a hand qualifies for the espagnolette: all four aces, or three and the J♥.
    pub fn qualifies(&self, hand: CardSet) -> bool {
        let aces = (hand & self.aces).len();
        aces == 4 || (aces == 3 && hand.contains(self.quinola))
    }
    /// The party's winner and loser from each seat's points and tricks (no espagnolette).
    pub fn party(&self, dealer: usize, points: [i32; PLAYERS], tricks: [usize; PLAYERS]) -> (usize, usize) {
        let winner = favoured(dealer, points, tricks, |_| true);
        (winner, self.loser(dealer, points, tricks, winner))
    }
    /// The party's loser, given its winner (never the winner).
    fn loser(&self, dealer: usize, points: [i32; PLAYERS], tricks: [usize; PLAYERS], winner: usize) -> usize {
        if self.loser_chosen_by_precedence {
            // Most points; among those, the favoured one (fewer tricks, then precedence) loses.
            let keys: [i64; PLAYERS] = std::array::from_fn(|s| {
                if s == winner {
                    i64::MAX
                } else {
                    party_key(dealer, -(points[s] as i64), tricks[s], s)
                }
            });
            key_seat(keys[0].min(keys[1]).min(keys[2].min(keys[3])))
        } else {
            // Most points; among those, the favoured one is spared: the least favoured loses.
            let keys: [i64; PLAYERS] = std::array::from_fn(|s| {
                if s == winner {
                    i64::MIN
                } else {
                    party_key(dealer, points[s] as i64, tricks[s], s)
                }
            });
            key_seat(keys[0].max(keys[1]).max(keys[2].max(keys[3])))
        }
    }
    /// Party payment: 4 + talon value, doubled across the table.
    pub fn party_payment(&self, winner: usize, loser: usize, talon_value: i32) -> i32 {
        let base = 4 + talon_value;
        if (winner + PLAYERS - loser) % PLAYERS == 2 {
            2 * base
        } else {
            base
        }
    }
    /// The face-down card in front of a non-dealer (the talon as dealt, eldest first).
    fn face_down(&self, core: &TrickCore, seat: usize) -> Option<Card> {
        let k = (seat + PLAYERS - core.dealer) % PLAYERS;
        (k >= 1)
            .then(|| core.talon_as_dealt().get(k - 1).copied())
            .flatten()
    }
    /// Whether the espagnolette seat may renounce now.
    fn may_renounce(&self, core: &TrickCore, extra: &ReversisExtra, seat: usize) -> bool {
        extra.espagnolette == Some(seat as u8)
            && extra.reversis.is_none()
            && core.tricks_played < REVERSIS_AT
            && (self.exempt_after_failure || core.won[seat].is_empty())
    }

    /// The chip payments of a completed trick (not after a reversis is triggered).
    /// `leader`, `cards` and `winner` are the trick's (`core.last_trick`, read once by the caller).
    fn trick_payments(
        &self,
        core: &TrickCore,
        extra: &mut ReversisExtra,
        m: &mut ReversisMatch,
        (leader, cards, winner): (usize, [Card; MAX_PLAYERS], usize),
    ) {
        // Most tricks hold no ace and not the J♥: nothing is paid (one mask test instead of the loop).
        let played: u64 = cards[..PLAYERS].iter().fold(0, |acc, c| acc | 1u64 << c.idx());
        if played & self.paying.0 == 0 {
            return;
        }
        let led = self.deck.suit(cards[0]);
        let trick_no = core.tricks_played as u8;
        for (i, &card) in cards[..PLAYERS].iter().enumerate() {
            let p = (leader + i) % PLAYERS;
            let suit = self.deck.suit(card);
            if self.aces.contains(card) {
                let a = self.ace_value(card);
                if i == 0 {
                    extra.led_aces[suit as usize] = Some(p as u8);
                } else if suit != led {
                    m.transfer(&mut extra.log, winner as u8, p as u8, a, Rule::AcePlaced);
                    extra.placed_income[p][winner] += a;
                } else {
                    m.transfer(&mut extra.log, p as u8, leader as u8, a, Rule::AceForced);
                }
            } else if card == self.quinola {
                extra.quinola = Some((p as u8, trick_no));
                if i == 0 {
                    extra.led_quinola = Some(p as u8);
                } else if led != HEARTS {
                    m.transfer(&mut extra.log, winner as u8, p as u8, 5, Rule::QuinolaPlaced);
                    extra.placed_income[p][winner] += 5;
                    let size = m.take_pot(&mut extra.log, p, core.dealer, Rule::QuinolaPot);
                    extra.pot_taken = Some((p as u8, size));
                } else {
                    m.transfer(&mut extra.log, p as u8, leader as u8, 10, Rule::QuinolaForced);
                    for q in (0..PLAYERS).filter(|&q| q != p && q != leader) {
                        m.transfer(&mut extra.log, q as u8, leader as u8, 5, Rule::QuinolaForced);
                    }
                    m.remise(&mut extra.log, p);
                }
            }
        }
    }

    /// A reversis is triggered: every payment since the play began is refunded (newest first).
    fn refund_hand(&self, extra: &mut ReversisExtra, m: &mut ReversisMatch) {
        let start = extra.play_start as usize;
        let end = extra.log.len();
        for k in (start..end).rev() {
            let p = extra.log.get(k);
            m.pay(&mut extra.log, p.to, p.from, p.amount, Rule::Refund);
        }
        m.first_remise_pending = extra.flag_at_play;
        extra.placed_income = [[0; PLAYERS]; PLAYERS];
        extra.pot_taken = None;
        extra.led_aces = [None; 4];
        extra.led_quinola = None;
    }

    /// Settles a finished hand: the reversis, or the party, the espagnolette and the claims.
    /// Returns whether the party winner is now to claim (claim phase).
    fn settle(&self, core: &TrickCore, extra: &mut ReversisExtra, m: &mut ReversisMatch) -> bool {
        let dealer = core.dealer;
        let quinola_early = |e: &ReversisExtra, r: u8| {
            e.quinola
                .is_some_and(|(s, t)| s == r && (t as usize) <= REVERSIS_AT)
        };
        let esp_active = extra.esp_undertaken
            && extra
                .espagnolette
                .is_some_and(|e| core.won[e as usize].is_empty());
        if let Some(r) = extra.reversis {
            let r = r as usize;
            if core.won[r].len() == TRICKS * PLAYERS {
                // Made. An undertaken espagnolette pays all of it.
                if esp_active {
                    let e = extra.espagnolette.unwrap_or(0);
                    m.transfer(&mut extra.log, e, r as u8, 64, Rule::ReversisMade);
                } else {
                    for k in 1..PLAYERS {
                        let q = (r + k) % PLAYERS;
                        let amount = if k == 2 { 32 } else { 16 };
                        m.transfer(&mut extra.log, q as u8, r as u8, amount, Rule::ReversisMade);
                    }
                }
                if quinola_early(extra, r as u8) {
                    m.take_pot(&mut extra.log, r, dealer, Rule::ReversisPot);
                }
            } else {
                // Broken by the winner of trick 10, or of trick 11 if trick 10 was the reversis player's.
                let t = if extra.trick_winners[REVERSIS_AT] as usize != r {
                    REVERSIS_AT
                } else {
                    REVERSIS_AT + 1
                };
                let breaker = extra.trick_winners[t];
                let amount = if extra.won_by_quinola[t] { 54 } else { 64 };
                m.transfer(&mut extra.log, r as u8, breaker, amount, Rule::ReversisBroken);
                if quinola_early(extra, r as u8) {
                    m.remise(&mut extra.log, r);
                }
            }
            return false;
        }
        let points: [i32; PLAYERS] = std::array::from_fn(|s| self.card_points(core.won[s]));
        let tricks: [usize; PLAYERS] = std::array::from_fn(|s| core.won[s].len() / PLAYERS);
        let esp = extra
            .espagnolette
            .filter(|_| extra.esp_undertaken)
            .map(|e| e as usize);
        let (winner, loser) = match esp {
            Some(e) if core.won[e].is_empty() => (e, self.loser(dealer, points, tricks, e)),
            Some(e) => (favoured(dealer, points, tricks, |s| s != e), e),
            None => self.party(dealer, points, tricks),
        };
        extra.party = Some((winner as u8, loser as u8));
        let amount = self.party_payment(winner, loser, self.talon_value(core.talon));
        m.transfer(&mut extra.log, loser as u8, winner as u8, amount, Rule::Party);
        if let Some(e) = esp.filter(|&e| !core.won[e].is_empty()) {
            // Failure: double repayment of the aces' and J♥'s income, and a taken pot goes back with a remise.
            for q in 0..PLAYERS {
                let got = extra.placed_income[e][q];
                if got > 0 {
                    m.transfer(&mut extra.log, e as u8, q as u8, 2 * got, Rule::EspagnoletteRepay);
                }
            }
            if let Some((s, size)) = extra.pot_taken.filter(|p| p.0 as usize == e) {
                let to = Account::Pot(m.pots.len() as u16);
                m.pay(&mut extra.log, Account::Seat(s), to, size, Rule::PotReturned);
                m.first_remise_pending = false;
                m.remise(&mut extra.log, e);
            }
        }
        // Collected at once (`auto_claim`) or left to the winner's claim action.
        if !self.has_claims(extra, winner) {
            return false;
        }
        if self.auto_claim {
            self.collect_claims(extra, m, winner);
            return false;
        }
        true
    }

    /// Whether the party winner has anything to claim: an ace or the J♥ led by another seat.
    fn has_claims(&self, extra: &ReversisExtra, winner: usize) -> bool {
        let w = Some(winner as u8);
        extra
            .led_aces
            .iter()
            .chain(std::iter::once(&extra.led_quinola))
            .any(|&l| l.is_some() && l != w)
    }

    /// The claims of the party winner: (payer, chips, rule), led aces by suit, then the led J♥'s
    /// payers, as [`Self::collect_claims`] pays them (the tests' listing of them).
    #[cfg(test)]
    fn claims(
        &self,
        extra: &ReversisExtra,
        winner: usize,
    ) -> std::iter::Take<std::array::IntoIter<Claim, 7>> {
        let w = winner as u8;
        let mut out = [(0, 0, Rule::AceLedClaim); 7];
        let mut n = 0;
        for (suit, led) in extra.led_aces.iter().enumerate() {
            if let Some(l) = led.filter(|&l| l != w) {
                out[n] = (
                    l as usize,
                    if suit == DIAMONDS as usize { 2 } else { 1 },
                    Rule::AceLedClaim,
                );
                n += 1;
            }
        }
        if let Some(l) = extra.led_quinola.filter(|&l| l != w) {
            for q in (0..PLAYERS as u8).filter(|&q| q != w) {
                out[n] = (q as usize, if q == l { 10 } else { 5 }, Rule::QuinolaLedClaim);
                n += 1;
            }
        }
        out.into_iter().take(n)
    }
    /// Pays the party winner's claims: led aces by suit (A♦ 2, the others 1), then for a J♥ led by
    /// another seat 10 from its leader and 5 from each other seat. Paid straight from the led cards
    /// (no list built first: most hands end with a claim).
    fn collect_claims(&self, extra: &mut ReversisExtra, m: &mut ReversisMatch, winner: usize) {
        let w = winner as u8;
        for suit in 0..4u8 {
            if let Some(l) = extra.led_aces[suit as usize].filter(|&l| l != w) {
                let amount = if suit == DIAMONDS { 2 } else { 1 };
                m.transfer(&mut extra.log, l, w, amount, Rule::AceLedClaim);
            }
        }
        if let Some(l) = extra.led_quinola.filter(|&l| l != w) {
            for q in (0..PLAYERS as u8).filter(|&q| q != w) {
                let amount = if q == l { 10 } else { 5 };
                m.transfer(&mut extra.log, q, w, amount, Rule::QuinolaLedClaim);
            }
        }
    }
}

/// A claim of the party winner: (payer, chips, rule).
#[cfg(test)]
type Claim = (usize, i32, Rule);

impl TrickRules for ReversisRules {
    type Extra = ReversisExtra;
    type Match = ReversisMatch;
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let deck = Deck::french48();
        let n = deck.len();
        let eff: Vec<u8> = (0..n).map(|i| deck.suit(Card(i as u8))).collect();
        let strength: Vec<u8> = (0..n).map(|i| deck.rank(Card(i as u8))).collect();
        let points: Vec<i32> = (0..n)
            .map(|i| match deck.rank(Card(i as u8)) {
                ACE => 4,
                13 => 3,
                12 => 2,
                JACK => 1,
                _ => 0,
            })
            .collect();
        let quinola = deck.find(HEARTS, JACK).expect("J♥ in the 48-card pack");
        let aces = (0..4).filter_map(|s| deck.find(s, ACE)).collect();
        let plane = |bit: i32| -> CardSet {
            (0..n)
                .filter(|&i| points[i] & bit != 0)
                .map(|i| Card(i as u8))
                .collect()
        };
        let point_planes = [plane(1), plane(2), plane(4)];
        // `trick_winner` takes the led suit's highest card id: ids must rise with rank in each suit.
        debug_assert!((1..n).all(|i| eff[i] != eff[i - 1] || strength[i] > strength[i - 1]));
        let session = Session::read(p, PLAYERS, Some("hands"))?;
        Ok(ReversisRules {
            tables: SuitTables::new(eff, strength, points),
            deck,
            session,
            starting_chips: p.int("starting_chips") as i32,
            auto_claim: p.bool("auto_claim"),
            loser_chosen_by_precedence: p.str("loser_tiebreak") == "chosen_by_precedence",
            parlett_talon: p.str("talon_bonus_values") == "parlett",
            exempt_after_failure: p.str("espagnolette_after_failure") == "exempt",
            quinola,
            aces,
            paying: aces | CardSet::single(quinola),
            point_planes,
        })
    }

    fn deck(&self) -> &Deck {
        &self.deck
    }
    fn num_players(&self) -> usize {
        PLAYERS
    }
    fn session(&self) -> Option<&Session> {
        Some(&self.session)
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        // One at a time from the eldest: 44 cards, the dealer's twelfth, then the three face-down
        // cards (eldest first) into the talon.
        match k {
            0..44 => Some(Slot::Hand((dealer + 1 + k % PLAYERS) % PLAYERS)),
            44 => Some(Slot::Hand(dealer)),
            45..48 => Some(Slot::Talon),
            _ => None,
        }
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let TrickMut {
            core,
            extra,
            match_state: m,
        } = s;
        extra.chips_at_start = m.chips;
        if !m.started {
            m.started = true;
            m.antes(&mut extra.log, core.dealer);
        } else if let Some((i, _)) = m.recent() {
            m.pay(
                &mut extra.log,
                Account::Seat(core.dealer as u8),
                Account::Pot(i),
                5,
                Rule::DealerAnte,
            );
        } else {
            m.antes(&mut extra.log, core.dealer);
        }
        core.start_bidding(core.dealer);
        AfterDeal::Continue
    }
    fn trump(&self, _v: TrickView<'_, Self>) -> Option<u8> {
        None
    }
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        Some(&self.tables)
    }
    fn points_of_set(&self, _v: TrickView<'_, Self>, set: CardSet) -> i32 {
        self.card_points(set)
    }
    #[inline]
    fn trick_winner(&self, _v: TrickView<'_, Self>, trick: &[Card]) -> usize {
        // No trumps: the highest card of the led suit wins, and card ids rise with rank within a
        // suit, so it is the highest id among the trick's cards of the led suit (a mask and a bit
        // scan instead of comparing keys card by card).
        let led = self.tables.masks[self.deck.suit(trick[0]) as usize];
        // Selects, not branches: the winner is random in simulations.
        let at = |best: u32, i: usize, c: Card, pos: usize| if c.0 as u32 == best { i } else { pos };
        if let [a, b, c, d] = *trick {
            // Every trick has four cards: a fixed length, no loop.
            let played = [a, b, c, d].iter().fold(0u64, |acc, c| acc | 1u64 << c.idx());
            let best = 63 - (played & led.0).leading_zeros();
            return at(best, 3, d, at(best, 2, c, at(best, 1, b, 0)));
        }
        let played = trick.iter().fold(0u64, |acc, c| acc | 1u64 << c.idx());
        let best = 63 - (played & led.0).leading_zeros();
        let at = |i, c, pos| at(best, i, c, pos);
        trick
            .iter()
            .enumerate()
            .skip(1)
            .fold(0, |pos, (i, &c)| at(i, c, pos))
    }
    fn legal_plays(&self, v: TrickView<'_, Self>, hand: CardSet) -> CardSet {
        let TrickView { core, extra, .. } = v;
        let Some(led) = core.led_card() else {
            return hand;
        };
        // A suit is below MAX_SUITS: the mask spares a bounds check at every card played.
        let follow = hand & self.tables.masks[self.deck.suit(led) as usize % MAX_SUITS];
        if follow.is_empty() || self.may_renounce(core, extra, core.to_move) {
            hand
        } else {
            follow
        }
    }
    fn illegal_play_reason(&self, v: TrickView<'_, Self>, _card: Card) -> String {
        let led = v
            .core
            .led_card()
            .map(|c| self.deck.suits()[self.deck.suit(c) as usize].name)
            .unwrap_or_default();
        format!("you must follow suit ({led})")
    }

    fn num_extra_actions(&self) -> usize {
        DISCARD as usize + self.deck.len()
    }
    fn extra_actions_in_play(&self) -> bool {
        // The exchange comes before the first lead and the claim after the last trick.
        false
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        if extra.claim_pending {
            out.extend([CLAIM, FORFEIT]);
            return;
        }
        match extra.exchange_step {
            0 => widow::discard_offsets(core, core.to_move, DISCARD, out),
            1..=3 => {
                out.push(DECLINE);
                widow::discard_offsets(core, core.to_move, DISCARD, out);
            }
            _ => {}
        }
    }
    #[inline]
    fn count_extra(&self, v: TrickView<'_, Self>) -> Option<usize> {
        // What `extra_legal` lists, counted: the claim or forfeit, else the hand's discards and,
        // after the dealer, the decline before them.
        let TrickView { core, extra, .. } = v;
        let hand = core.hands[core.to_move].len();
        Some(match (extra.claim_pending, extra.exchange_step) {
            (true, _) => 2,
            (false, 0) => hand,
            (false, 1..=3) => 1 + hand,
            _ => 0,
        })
    }
    #[inline]
    fn nth_extra(&self, v: TrickView<'_, Self>, k: usize) -> u32 {
        let TrickView { core, extra, .. } = v;
        if extra.claim_pending {
            return if k == 0 { CLAIM } else { FORFEIT };
        }
        // The decline comes first (offset 0, below every discard) after the dealer's turn.
        let k = if extra.exchange_step == 0 {
            k
        } else if k == 0 {
            return DECLINE;
        } else {
            k - 1
        };
        DISCARD + core.hands[core.to_move].nth_unchecked(k).0 as u32
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut {
            core,
            extra,
            match_state: m,
        } = s;
        let seat = core.to_move;
        match offset {
            CLAIM | FORFEIT => {
                if offset == CLAIM {
                    self.collect_claims(extra, m, seat);
                }
                extra.claim_pending = false;
                return Effect::EndDeal;
            }
            DECLINE => extra.declined[seat] = self.face_down(core, seat),
            _ => {
                let card = Card((offset - DISCARD) as u8);
                // The face-down card is taken unseen: it is the taker's secret, as the discard is.
                let face_down = self.face_down(core, seat);
                widow::discard(core, seat, card);
                extra.discarded[seat] = Some(card);
                if let Some(fd) = face_down {
                    core.take_from_talon(seat, CardSet::single(fd));
                    extra.exchanged |= 1 << seat;
                }
            }
        }
        extra.exchange_step += 1;
        if extra.exchange_step < PLAYERS as u8 {
            core.to_move = core.next_seat(seat);
        } else {
            let eldest = core.next_seat(core.dealer);
            extra.espagnolette = (0..PLAYERS)
                .find(|&s| self.qualifies(core.hands[s]))
                .map(|s| s as u8);
            extra.play_start = extra.log.len() as u8;
            extra.flag_at_play = m.first_remise_pending;
            core.start_play(eldest);
        }
        Effect::Continue
    }
    fn extra_name(&self, offset: u32) -> String {
        match offset {
            DECLINE => "decline".to_string(),
            CLAIM => "claim".to_string(),
            FORFEIT => "forfeit".to_string(),
            o => format!("discard {}", self.deck.name_of(Card((o - DISCARD) as u8))),
        }
    }
    fn extra_visible(&self, offset: u32, actor: usize, viewer: usize) -> bool {
        // Which card is discarded is the discarder's secret; that an exchange happened is public.
        offset < DISCARD || actor == viewer
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        match text {
            "decline" | "keep" | "look" | "pass" => Some(DECLINE),
            "claim" | "claim_led_payments" => Some(CLAIM),
            "forfeit" | "no claim" => Some(FORFEIT),
            _ => {
                let card = text.strip_prefix("discard ")?;
                self.deck.parse(card).ok().map(|c| DISCARD + c.0 as u32)
            }
        }
    }
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        let TrickMut {
            core,
            extra,
            match_state: m,
        } = s;
        let Some((leader, cards, winner)) = core.last_trick else {
            return Effect::Continue;
        };
        let t = core.tricks_played - 1;
        extra.trick_winners[t] = winner as u8;
        let pos = (winner + PLAYERS - leader) % PLAYERS;
        extra.won_by_quinola[t] = cards[pos] == self.quinola;
        if let Some(e) = extra.espagnolette {
            // A renounce: the espagnolette player's card is off suit while they still hold the led suit.
            let e = e as usize;
            let led = self.deck.suit(cards[0]);
            let card = cards[(e + PLAYERS - leader) % PLAYERS];
            let led_cards = self.tables.masks[led as usize];
            if self.deck.suit(card) != led && !(core.hands[e] & led_cards).is_empty() {
                extra.esp_undertaken = true;
            }
        }
        if extra.reversis.is_none() {
            self.trick_payments(core, extra, m, (leader, cards, winner));
            if core.tricks_played == REVERSIS_AT && core.won[winner].len() == REVERSIS_AT * PLAYERS {
                extra.reversis = Some(winner as u8);
                self.refund_hand(extra, m);
            }
        }
        if core.tricks_played < TRICKS {
            return Effect::Continue;
        }
        if self.settle(core, extra, m) {
            // The party winner decides on the claims (the engine waits for an extra action).
            extra.claim_pending = true;
            let (w, _) = extra.party.unwrap_or((0, 0));
            core.start_bidding(w as usize);
            return Effect::Continue;
        }
        Effect::EndDeal
    }

    fn reset_extra(&self, e: &mut ReversisExtra) {
        // In place: a fresh value would copy the payment record's slots over whole every hand;
        // here only its length is reset. Every field is named, so a new one cannot be missed.
        let ReversisExtra {
            exchange_step,
            exchanged,
            declined,
            discarded,
            espagnolette,
            esp_undertaken,
            placed_income,
            pot_taken,
            quinola,
            led_aces,
            led_quinola,
            trick_winners,
            won_by_quinola,
            reversis,
            party,
            claim_pending,
            log,
            play_start,
            flag_at_play,
            chips_at_start,
        } = e;
        *exchange_step = 0;
        *exchanged = 0;
        *declined = [None; PLAYERS];
        *discarded = [None; PLAYERS];
        *espagnolette = None;
        *esp_undertaken = false;
        *placed_income = [[0; PLAYERS]; PLAYERS];
        *pot_taken = None;
        *quinola = None;
        *led_aces = [None; 4];
        *led_quinola = None;
        *trick_winners = [0; TRICKS];
        *won_by_quinola = [false; TRICKS];
        *reversis = None;
        *party = None;
        *claim_pending = false;
        log.clear();
        *play_start = 0;
        *flag_at_play = false;
        *chips_at_start = [0; PLAYERS];
    }
    fn reset_match(&self, m: &mut ReversisMatch) {
        // In place: the pots' buffer is kept for the next game (a batch allocates nothing per game).
        let ReversisMatch {
            chips,
            pots,
            first_remise_pending,
            started,
        } = m;
        *chips = [0; PLAYERS];
        pots.clear();
        *first_remise_pending = false;
        *started = false;
    }

    fn extra_observation_len(&self) -> usize {
        // chips[4] (rel), pots count, most recent pot, pots total, first remise pending,
        // exchanged[4] (rel), declined[4] (rel), reversis[4] (rel), my espagnolette (qualified,
        // undertaken), claim pending, cards I know outside my hand [48] (my discard, my declined card).
        4 + 4 + 3 * PLAYERS + 3 + self.deck.len()
    }
    fn extra_observation_bounds(&self, low: &mut [f32], high: &mut [f32]) {
        for i in 0..4 {
            low[i] = f32::NEG_INFINITY;
            high[i] = f32::INFINITY;
        }
        for h in &mut high[4..7] {
            *h = f32::INFINITY;
        }
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView {
            core,
            extra,
            match_state: m,
        } = v;
        let rel = |s: usize| (s + PLAYERS - viewer) % PLAYERS;
        for s in 0..PLAYERS {
            out[rel(s)] = m.chips[s] as f32;
            out[8 + rel(s)] = (extra.exchanged >> s & 1) as f32;
            out[12 + rel(s)] = extra.declined[s].is_some() as u8 as f32;
        }
        out[4] = m.pots.len() as f32;
        out[5] = m.recent().map_or(0, |p| p.1) as f32;
        out[6] = m.pots.iter().sum::<i32>() as f32;
        out[7] = m.first_remise_pending as u8 as f32;
        if let Some(r) = extra.reversis {
            out[16 + rel(r as usize)] = 1.0;
        }
        if extra.espagnolette == Some(viewer as u8) {
            out[20] = 1.0;
            out[21] = extra.esp_undertaken as u8 as f32;
        }
        out[22] = extra.claim_pending as u8 as f32;
        for c in [extra.discarded[viewer], extra.declined[viewer]]
            .into_iter()
            .flatten()
        {
            out[23 + c.idx()] = 1.0;
        }
        let _ = core;
    }
    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView {
            extra,
            match_state: m,
            ..
        } = v;
        let mut s = String::new();
        let chips: Vec<String> = (0..PLAYERS)
            .map(|p| format!("{}", self.starting_chips + m.chips[p]))
            .collect();
        s.push_str(&format!("chips: {}\n", chips.join(" ")));
        let pots: Vec<String> = m.pots.iter().map(|p| p.to_string()).collect();
        s.push_str(&format!(
            "pots: {}{}\n",
            pots.join(" "),
            if m.first_remise_pending {
                " (first remise pending)"
            } else {
                ""
            }
        ));
        if extra.exchange_step < PLAYERS as u8 {
            s.push_str(&format!("exchange: step {} of 4\n", extra.exchange_step + 1));
        }
        let took: Vec<String> = (0..PLAYERS)
            .filter(|&p| extra.exchanged >> p & 1 == 1)
            .map(|p| p.to_string())
            .collect();
        if !took.is_empty() {
            s.push_str(&format!("exchanged: {}\n", took.join(" ")));
        }
        for p in (0..PLAYERS).filter(|&p| viewer.map_or(true, |v| v == p)) {
            if let Some(c) = extra.discarded[p] {
                s.push_str(&format!("seat {p} discarded {} \n", self.deck.name_of(c)));
            }
            if let Some(c) = extra.declined[p] {
                s.push_str(&format!("seat {p} declined {} \n", self.deck.name_of(c)));
            }
            if extra.espagnolette == Some(p as u8) {
                s.push_str(&format!(
                    "seat {p} may play the espagnolette{}\n",
                    if extra.esp_undertaken { " (undertaken)" } else { "" }
                ));
            }
        }
        if let Some(r) = extra.reversis {
            s.push_str(&format!("reversis: seat {r}\n"));
        }
        if let Some((w, l)) = extra.party {
            s.push_str(&format!("party: seat {w} wins, seat {l} loses\n"));
        }
        if extra.claim_pending {
            s.push_str("claim pending\n");
        }
        if !extra.log.is_empty() {
            s.push_str("payments:\n");
            for p in extra.log.iter() {
                s.push_str(&format!("  {p}\n"));
            }
        }
        s
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView {
            extra,
            match_state: m,
            ..
        } = v;
        let chips = per_seat(PLAYERS, |s| (m.chips[s] - extra.chips_at_start[s]) as f64);
        DealOutcome::settled(chips)
    }
    /// Returns are chips won or lost; chips only move between the seats and the pots, so seats and
    /// pots together always hold 0. A bound per hand, from its payments: without the pots a seat
    /// pays or receives at most F = 200 (aces 5 in all, the J♥ 20, the party 2·(4 + 17), a
    /// reversis 64, claims 25, a double repayment 20, antes 20). Pots: with P in them before the
    /// hand, at most three rounds of antes (75) and two remises (each at most doubling them) make
    /// Q = 4(P + 75) the most they ever hold in the hand; a seat takes at most two pots (≤ 2Q) and
    /// pays at most two remises and a returned pot (≤ 3Q). A single deal starts with P = 0. In a
    /// match every hand starts with each seat above −S (S = `starting_chips`, else the match had
    /// ended) and so below 3S, and with P < 4S. These are safe caps, not reachable scores. The
    /// pots keep chips: general-sum.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        const F: f64 = 200.0;
        let q = |pots: f64| 4.0 * (pots + 75.0);
        if !self.session.is_match {
            return Some(crate::core::game::Utility::general(
                -(F + 3.0 * q(0.0)),
                F + 2.0 * q(0.0),
            ));
        }
        let s = self.starting_chips as f64;
        let q = q(4.0 * s);
        Some(crate::core::game::Utility::general(
            -(s - 1.0) - F - 3.0 * q,
            3.0 * s + F + 2.0 * q,
        ))
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView {
            core, match_state: m, ..
        } = v;
        let broke = m.chips.iter().any(|&c| self.starting_chips + c <= 0);
        ((core.deals_done as usize) >= self.session.length || broke)
            .then(|| per_seat(PLAYERS, |s| core.ledger[s]))
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<ReversisState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<ReversisState>>)
    }
}

#[cfg(test)]
mod tests;
