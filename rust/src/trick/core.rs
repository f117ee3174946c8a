//! The data every trick game has (hands, trick, captured piles, stock, talon, dealer, match ledger)
//! and the moves of the phase machine Deal → (Bidding) → Play ⇄ Draw → deal over. Rules hooks read
//! and drive it; the engine (`state.rs`) owns the order of events.

use crate::cards::{Card, CardSet};
use crate::core::game::MAX_PLAYERS;

/// Most cards a talon can be dealt (Tarok's 6, skats and widows of 2-8).
pub const MAX_TALON: usize = 16;

/// Where the deal stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Cards are being dealt (chance).
    Deal,
    /// A rules-driven phase before play (auction, calls, exchanges): only extra actions.
    Bidding,
    /// Trick play (cards, plus any extra actions the rules allow, such as claims).
    Play,
    /// Players draw from the stock after a trick (chance, winner first).
    Draw,
    /// The game (deal or match) is over.
    Over,
}

/// Engine data of a trick game. Fields are public so rules hooks can read them directly; rules change
/// them only through the methods below or in their own extra-action handlers.
#[derive(Clone, Debug)]
pub struct TrickCore {
    pub num_players: usize,
    /// Seats in this deal, as a bit per seat (all of them unless the rules sit some out, such as
    /// four-handed Calabrasella's dealer). Turn order, tricks and draws skip the others.
    active: u8,
    /// Number of seats in this deal: the cards in a complete trick.
    pub n_active: usize,
    /// The next seat in this deal after each seat: a table look-up per card played, with no branch.
    next: [u8; MAX_PLAYERS],
    pub phase: Phase,
    pub dealer: usize,
    /// Seat to act in `Bidding` and `Play`; in `Draw`, the seat that draws next.
    pub to_move: usize,
    /// Cards dealt so far in this deal.
    pub dealt: usize,
    pub hands: [CardSet; MAX_PLAYERS],
    /// Cards captured in tricks, per seat.
    pub won: [CardSet; MAX_PLAYERS],
    /// Cards in the talon (widow, skat) now: dealt there, or laid away into it.
    pub talon: CardSet,
    /// The talon cards in the order they were dealt (a fact of the deal, not a location: the cards
    /// still in the talon are `talon`). Tarok's talon groups and Klop's gifts follow this order.
    talon_dealt: [Card; MAX_TALON],
    talon_dealt_len: u8,
    /// The talon has been turned face up: its cards are public (the face-up plane of observations),
    /// except the ones laid into it face down (`talon_face_down`).
    pub talon_exposed: bool,
    /// Talon cards laid away into it face down (discards): the discarder's secret even while the
    /// rest of the talon lies face up (Calabrasella's widow is turned up beside the discards).
    talon_face_down: CardSet,
    /// The face-down stock: cards not dealt yet. Their order does not exist until drawn (chance).
    pub stock: CardSet,
    /// Cards out of play for the whole game (public).
    pub removed: CardSet,
    /// Each seat's private face-down pile: cards it laid away (Tarok's discards) that count for it at
    /// the end and that only it has seen. Not a draw pile, unlike `stock`.
    pub laid_away: [CardSet; MAX_PLAYERS],
    /// The card turned face up this deal (stays recorded after it is drawn: it fixed trump).
    pub face_up_card: Option<Card>,
    pub face_up_on_table: bool,
    /// Who drew the face-up card (public knowledge until it is played).
    pub face_up_holder: Option<usize>,
    /// Cards everybody knows to be in a seat's hand (the face-up card once drawn, a card taken in an
    /// exchange); intersect with the hand, since played cards are not removed here.
    pub known: [CardSet; MAX_PLAYERS],
    /// Face-down stock cards whose position is public (a re-turned face-up card put back in the middle):
    /// `(cards above it, card)`. They are not in `stock`, so chance never draws them; the draw that
    /// reaches one is forced.
    pub pinned: Vec<(usize, Card)>,
    pub trick: [Card; MAX_PLAYERS],
    pub trick_len: usize,
    /// The current trick's cards as a set, kept by the engine as cards are played: a trick's
    /// cards go to the winner's pile in one step (no loop over a trick of variable length).
    pub(crate) trick_set: CardSet,
    pub leader: usize,
    pub tricks_played: usize,
    /// The last completed trick: leader, cards in play order, winning seat.
    pub last_trick: Option<(usize, [Card; MAX_PLAYERS], usize)>,
    /// Draws still to make in the current draw round.
    pub draws_left: usize,
    /// Deals completed in this game (match scope chains several).
    pub deals_done: u32,
    /// Match totals per seat (deal wins, cumulative points, chips: the rules decide).
    pub ledger: [f64; MAX_PLAYERS],
    /// Final utilities once `phase == Over`.
    pub returns: [f64; MAX_PLAYERS],
}

impl TrickCore {
    pub(crate) fn new(num_players: usize, dealer: usize, deck: CardSet, removed: CardSet) -> Self {
        TrickCore {
            num_players,
            active: ((1u16 << num_players) - 1) as u8,
            n_active: num_players,
            next: std::array::from_fn(|s| if s + 1 >= num_players { 0 } else { s as u8 + 1 }),
            phase: Phase::Deal,
            dealer,
            to_move: 0,
            dealt: 0,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            won: [CardSet::EMPTY; MAX_PLAYERS],
            talon: CardSet::EMPTY,
            talon_dealt: [Card(0); MAX_TALON],
            talon_dealt_len: 0,
            talon_exposed: false,
            talon_face_down: CardSet::EMPTY,
            stock: deck - removed,
            removed,
            laid_away: [CardSet::EMPTY; MAX_PLAYERS],
            face_up_card: None,
            face_up_on_table: false,
            face_up_holder: None,
            known: [CardSet::EMPTY; MAX_PLAYERS],
            pinned: Vec::new(),
            trick: [Card(0); MAX_PLAYERS],
            trick_len: 0,
            trick_set: CardSet::EMPTY,
            leader: 0,
            tricks_played: 0,
            last_trick: None,
            draws_left: 0,
            deals_done: 0,
            ledger: [0.0; MAX_PLAYERS],
            returns: [0.0; MAX_PLAYERS],
        }
    }

    /// Clears the cards for a new deal by `dealer`, keeping the match ledger. In place, field by
    /// field: building a fresh core and copying it over cost 2% of a random Zole deal.
    pub(crate) fn new_deal(&mut self, dealer: usize, deck: CardSet) {
        let n = self.num_players;
        self.active = ((1u16 << n) - 1) as u8;
        self.n_active = n;
        for (s, next) in self.next.iter_mut().enumerate() {
            *next = if s + 1 >= n { 0 } else { s as u8 + 1 };
        }
        self.phase = Phase::Deal;
        self.dealer = dealer;
        self.to_move = 0;
        self.dealt = 0;
        self.hands = [CardSet::EMPTY; MAX_PLAYERS];
        self.won = [CardSet::EMPTY; MAX_PLAYERS];
        self.talon = CardSet::EMPTY;
        self.talon_dealt = [Card(0); MAX_TALON];
        self.talon_dealt_len = 0;
        self.talon_exposed = false;
        self.talon_face_down = CardSet::EMPTY;
        self.stock = deck - self.removed;
        self.laid_away = [CardSet::EMPTY; MAX_PLAYERS];
        self.face_up_card = None;
        self.face_up_on_table = false;
        self.face_up_holder = None;
        self.known = [CardSet::EMPTY; MAX_PLAYERS];
        self.pinned.clear();
        self.trick = [Card(0); MAX_PLAYERS];
        self.trick_len = 0;
        self.trick_set = CardSet::EMPTY;
        self.leader = 0;
        self.tricks_played = 0;
        self.last_trick = None;
        self.draws_left = 0;
        self.returns = [0.0; MAX_PLAYERS];
    }

    /// Resets the core for a new game dealt first by `dealer` (the same as [`Self::new`], in place).
    pub(crate) fn new_game(&mut self, num_players: usize, dealer: usize, deck: CardSet, removed: CardSet) {
        self.num_players = num_players;
        self.removed = removed;
        self.new_deal(dealer, deck);
        self.deals_done = 0;
        self.ledger = [0.0; MAX_PLAYERS];
    }

    /// Sets the seats in this deal (a bit per seat; at least two).
    pub fn set_active(&mut self, seats: u8) {
        let seats = seats & ((1u16 << self.num_players) - 1) as u8;
        debug_assert!(seats.count_ones() >= 2, "a deal needs two seats");
        if seats == self.active {
            return;
        }
        self.active = seats;
        self.n_active = seats.count_ones() as usize;
        let n = self.num_players;
        for seat in 0..n {
            let mut s = if seat + 1 == n { 0 } else { seat + 1 };
            while !self.is_active(s) {
                s = if s + 1 == n { 0 } else { s + 1 };
            }
            self.next[seat] = s as u8;
        }
    }
    /// Whether `seat` is in this deal.
    #[inline]
    pub fn is_active(&self, seat: usize) -> bool {
        self.active >> seat & 1 == 1
    }
    #[inline]
    fn all_active(&self) -> bool {
        self.n_active == self.num_players
    }
    /// The next seat in this deal after `seat` in turn order.
    #[inline]
    pub fn next_seat(&self, seat: usize) -> usize {
        // A look-up: no `%` (an integer division costs more than the rest of a card play) and no
        // branch on the seats sitting out. Seats are below MAX_PLAYERS: the mask (one `and`) only
        // spares the bounds check (a compare and a branch) at every card played.
        self.next[seat % MAX_PLAYERS] as usize
    }
    /// The seat in this deal before `seat` in turn order.
    #[inline]
    pub fn prev_seat(&self, seat: usize) -> usize {
        let mut s = if seat == 0 { self.num_players - 1 } else { seat - 1 };
        if !self.all_active() {
            while !self.is_active(s) {
                s = if s == 0 { self.num_players - 1 } else { s - 1 };
            }
        }
        s
    }
    /// The seat in this deal `steps` places after `seat` in turn order (`steps < n_active`).
    #[inline]
    pub fn seat_after(&self, seat: usize, steps: usize) -> usize {
        if !self.all_active() {
            return (0..steps).fold(seat, |s, _| self.next_seat(s));
        }
        let s = seat + steps;
        if s >= self.num_players {
            s - self.num_players
        } else {
            s
        }
    }
    /// Starts trick play with `leader` to lead.
    pub fn start_play(&mut self, leader: usize) {
        self.phase = Phase::Play;
        self.leader = leader;
        self.to_move = leader;
    }
    /// Enters a rules-driven phase with `seat` to act.
    pub fn start_bidding(&mut self, seat: usize) {
        self.phase = Phase::Bidding;
        self.to_move = seat;
    }
    /// The current trick's cards in play order.
    #[inline]
    pub fn trick_cards(&self) -> &[Card] {
        &self.trick[..self.trick_len]
    }
    /// The card led to the current trick, if any.
    #[inline]
    pub fn led_card(&self) -> Option<Card> {
        (self.trick_len > 0).then(|| self.trick[0])
    }
    /// Cards left to draw: the face-down stock plus the face-up card while it is on the table.
    #[inline]
    pub fn stock_count(&self) -> usize {
        self.face_down_count() + self.face_up_on_table as usize
    }
    /// Cards in the face-down stock (random ones plus pinned ones).
    #[inline]
    pub fn face_down_count(&self) -> usize {
        self.stock.len() + self.pinned.len()
    }
    /// Puts `card` back into the face-down stock with `above` cards on top of it (public position).
    pub fn pin_in_stock(&mut self, above: usize, card: Card) {
        for p in &mut self.pinned {
            if p.0 >= above {
                p.0 += 1;
            }
        }
        self.pinned.push((above, card));
    }
    /// The pinned card on top of the face-down stock, if the next draw is forced.
    #[inline]
    pub fn pinned_on_top(&self) -> Option<Card> {
        self.pinned.iter().find(|p| p.0 == 0).map(|p| p.1)
    }
    /// One card left the top of the face-down stock: everything pinned moves up (the top one, if it was
    /// the card drawn, is removed).
    pub(crate) fn pop_top(&mut self) {
        if self.pinned.is_empty() {
            return;
        }
        self.pinned.retain(|p| p.0 != 0);
        for p in &mut self.pinned {
            p.0 -= 1;
        }
    }
    /// Records a card dealt to the talon (the engine's deal).
    pub(crate) fn deal_to_talon(&mut self, card: Card) {
        self.talon.insert(card);
        self.talon_dealt[self.talon_dealt_len as usize] = card;
        self.talon_dealt_len += 1;
    }
    /// The talon as dealt, in deal order (cards since taken out included; intersect with `talon`).
    pub fn talon_as_dealt(&self) -> &[Card] {
        &self.talon_dealt[..self.talon_dealt_len as usize]
    }
    /// The dealt talon split into consecutive groups of `size` cards, in deal order (Tarok: six
    /// cards as two groups of three, three of two or six of one), each as the cards of the group
    /// still in the talon.
    pub fn talon_groups(&self, size: usize) -> impl Iterator<Item = CardSet> + '_ {
        self.talon_as_dealt()
            .chunks(size.max(1))
            .map(move |g| g.iter().copied().collect::<CardSet>() & self.talon)
    }
    /// Turns the talon face up: every seat sees its cards from now on.
    pub fn expose_talon(&mut self) {
        self.talon_exposed = true;
    }
    /// The talon cards everybody sees: none while it is face down; once exposed, all but the cards
    /// laid into it face down.
    #[inline]
    pub fn talon_face_up(&self) -> CardSet {
        if self.talon_exposed {
            self.talon - self.talon_face_down
        } else {
            CardSet::EMPTY
        }
    }
    /// `seat` lays `card` from the hand into the talon face down (a discard): it stays hidden when
    /// the talon is (or has been) turned face up. (A pile of the seat's own is [`Self::lay_away`].)
    pub fn discard_into_talon(&mut self, seat: usize, card: Card) {
        self.hands[seat].remove(card);
        self.talon.insert(card);
        self.talon_face_down.insert(card);
    }
    /// `seat` takes `cards` out of the talon into the hand (those of them still in the talon). Cards
    /// taken from the face-up part of an exposed talon are known to everybody.
    pub fn take_from_talon(&mut self, seat: usize, cards: CardSet) {
        let taken = cards & self.talon;
        self.known[seat] |= taken & self.talon_face_up();
        self.talon = self.talon - taken;
        self.talon_face_down = self.talon_face_down - taken;
        self.hands[seat] |= taken;
    }
    /// `seat` lays `card` from its hand away face down into its own private pile (`laid_away`).
    pub fn lay_away(&mut self, seat: usize, card: Card) {
        self.hands[seat].remove(card);
        self.known[seat].remove(card);
        self.laid_away[seat].insert(card);
    }
    /// Every card played to a trick so far this deal (captured or on the table).
    pub fn played(&self) -> CardSet {
        let mut s = self.trick_cards().iter().copied().collect::<CardSet>();
        for w in &self.won[..self.num_players] {
            s |= *w;
        }
        s
    }
    /// Cards captured by the seats in `team_members`.
    pub fn won_by(&self, seats: impl Iterator<Item = usize>) -> CardSet {
        seats.fold(CardSet::EMPTY, |acc, s| acc | self.won[s])
    }
}
