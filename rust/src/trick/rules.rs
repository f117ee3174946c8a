//! The per-game hooks of the trick engine. A trick game is a value implementing [`TrickRules`];
//! [`TrickGame`](super::TrickGame) turns it into a full [`Game`](crate::core::Game).
//!
//! Most hooks have defaults (free play, highest trump else highest of the led suit, no auction, eldest
//! leads). The phases a game can add (auction, calls, exchanges, claims) are *extra actions*: ids after
//! the deck's card ids, listed and applied by the rules, with the engine's data given to them.

use super::core::TrickCore;
use super::session::Session;
use super::state::TrickState;
use super::tables::SuitTables;
use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Action, Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::Params;
use crate::error::Result;
use std::fmt::Debug;

/// Where the `k`-th card of the deal goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Into a seat's hand.
    Hand(usize),
    /// Face up on the table; in stock games it is the last card of the stock and fixes trump.
    FaceUp,
    /// Face down to the talon / widow / skat.
    Talon,
}

/// What happens after a rules-defined (extra) action.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Effect {
    /// Keep going: the rules have set the phase and the player to move in the core.
    Continue,
    /// The deal is over now (e.g. a claim); the engine scores it with `score_deal`.
    EndDeal,
    /// From `after_trick` only: the next trick follows at once. The rules vouch that nothing is left
    /// to draw and that a card is left in a hand, so the engine skips its own checks for a draw round
    /// and for the end of the hand (elsewhere it means the same as `Continue`).
    NextTrick,
}

/// What happens once the cards are dealt ([`TrickRules::start_after_deal`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AfterDeal {
    /// Play on: the rules have set the phase (Play, or Bidding for an auction) and the seat to act.
    Continue,
    /// The deal is thrown in before anyone acts (no tarok in a hand, four nines) and dealt again, by
    /// the same dealer or by the next one. It counts towards `max_deals` like any redeal.
    Redeal { same_dealer: bool },
}

/// The result of one deal.
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct DealOutcome {
    /// Utility per seat if the game is a single deal.
    pub returns: [f64; MAX_PLAYERS],
    /// What this deal adds to the match ledger per seat (deal wins, points, chips ...).
    pub ledger: [f64; MAX_PLAYERS],
    /// The deal does not count: it is thrown in and dealt again by the next dealer (all pass in an
    /// auction, a replayed tie). Bounded by `max_deals`.
    pub redeal: bool,
}

impl DealOutcome {
    /// A deal that counts, whose returns are also what it adds to the match ledger (most games:
    /// the points or chips a deal moves are both its utility and its match score).
    #[inline]
    pub fn settled(per_seat: [f64; MAX_PLAYERS]) -> Self {
        DealOutcome {
            returns: per_seat,
            ledger: per_seat,
            redeal: false,
        }
    }
}

/// What happens to the face-up card just turned (stock games).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FaceUpRule {
    /// It stays face up.
    Keep,
    /// It goes back into the face-down stock with this many cards above it (its position is public),
    /// and the next card is turned up instead.
    Reinsert { above: usize },
}

/// What a rules hook may read: the engine's data, the rules' per-deal state and their per-match
/// state. Read-only and `Copy` (three references), so hooks pass it on to other hooks freely.
pub struct TrickView<'a, R: TrickRules> {
    pub core: &'a TrickCore,
    pub extra: &'a R::Extra,
    pub match_state: &'a R::Match,
}

impl<R: TrickRules> Clone for TrickView<'_, R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R: TrickRules> Copy for TrickView<'_, R> {}

impl<'a, R: TrickRules> TrickView<'a, R> {
    /// A view of the three parts.
    #[inline]
    pub fn new(core: &'a TrickCore, extra: &'a R::Extra, match_state: &'a R::Match) -> Self {
        TrickView {
            core,
            extra,
            match_state,
        }
    }
}

/// What a rules hook that changes the game may change: the same three parts, mutable. The hooks
/// that get it (`start_after_deal`, `apply_extra`, `after_trick`) run between engine steps, so the
/// engine's invariants (every card in one place, `to_move` a seat that may act) are theirs to keep.
pub struct TrickMut<'a, R: TrickRules> {
    pub core: &'a mut TrickCore,
    pub extra: &'a mut R::Extra,
    pub match_state: &'a mut R::Match,
}

impl<R: TrickRules> TrickMut<'_, R> {
    /// A read-only view (to ask other hooks).
    #[inline]
    pub fn view(&self) -> TrickView<'_, R> {
        TrickView::new(self.core, self.extra, self.match_state)
    }
}

/// The hooks of one trick-taking game.
pub trait TrickRules: Clone + Debug + Send + Sync + Sized + 'static {
    /// Game-specific state of a deal (auction, contract, called card, claims). Reset each deal.
    type Extra: Clone + Debug + Default + Send + Sync + 'static;
    /// Game-specific state of a match, kept across deals and reset only by a new game (Zole's chip
    /// pool; pots, marks, radli). Public: what hooks put in observations of it, every seat may see.
    /// `()` for games without one.
    type Match: Clone + Debug + Default + Send + Sync + 'static;

    /// Static description (name, parameters, presets, rules text, bots).
    const INFO: &'static GameInfo;
    /// Builds the rules from resolved parameters.
    fn from_params(params: &Params) -> Result<Self>;

    /// The deck (its card ids are the card action ids).
    fn deck(&self) -> &Deck;
    /// Number of seats (turn order `0, 1, ..., n-1`).
    fn num_players(&self) -> usize;
    /// Team of each seat (seat = team for individual games). Teams are public unless the rules say
    /// otherwise (Chiamata); this is used for scoring displays and returns only.
    #[inline]
    fn team(&self, seat: usize) -> usize {
        seat
    }
    /// The shared parameters the rules read with [`Session::read`] (scope, first dealer, match
    /// length), if they keep them: they then supply the defaults of `is_match`, `first_dealer` and
    /// `max_deals`, so a game's rules state none of the three unless it departs from them.
    #[inline]
    fn session(&self) -> Option<&Session> {
        None
    }
    /// Whether `scope=match` was requested (several deals, match result as returns). Default: the
    /// session's scope, else a single deal.
    #[inline]
    fn is_match(&self) -> bool {
        self.session().is_some_and(|s| s.is_match)
    }
    /// The first dealer of a game. Default: the session's, else the last seat.
    #[inline]
    fn first_dealer(&self) -> usize {
        self.session().map_or(self.num_players() - 1, |s| s.first_dealer)
    }
    /// Destination of the `k`-th dealt card (dealt one at a time from the top of a shuffled deck),
    /// `None` once the deal is complete. Cards never dealt stay in the face-down stock.
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot>;
    /// The seats in a deal by `dealer`, a bit per seat (default: everybody). Seats left out get no
    /// cards (`deal_slot` must not name them), never move and are skipped in tricks and draws.
    #[inline]
    fn active_seats(&self, _dealer: usize) -> u8 {
        u8::MAX
    }
    /// Cards taken out of the pack before the deal (public), e.g. the 2 removed for three players.
    #[inline]
    fn removed(&self) -> CardSet {
        CardSet::EMPTY
    }

    /// Whether the card just turned face up stays (default) or is put back (Briscola's ace/three rule).
    /// `face_down` is the size of the face-down stock at that moment.
    #[inline]
    fn face_up_rule(&self, _card: Card, _face_down: usize) -> FaceUpRule {
        FaceUpRule::Keep
    }
    /// The dealer of the next deal (default: the next seat).
    #[inline]
    fn next_dealer(&self, v: TrickView<'_, Self>) -> usize {
        let TrickView { core, .. } = v;
        core.next_seat(core.dealer)
    }

    /// Whether each deal opens with an auction (extra actions) that the eldest (`next(dealer)`)
    /// speaks first in, rather than with the eldest's lead (Schafkopf, Zole, Chiamata). Read by the
    /// default `start_after_deal`.
    #[inline]
    fn auction_first(&self) -> bool {
        false
    }
    /// Called once the deal is complete: set `core.phase` (Play, or Bidding for an auction) and
    /// `core.to_move` and return `Continue`, or throw the deal in. Default: the eldest
    /// (`next(dealer)`) leads the first trick, or opens the auction with `auction_first`.
    #[inline]
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let TrickMut { core, .. } = s;
        let eldest = core.next_seat(core.dealer);
        if self.auction_first() {
            core.start_bidding(eldest);
        } else {
            core.start_play(eldest);
        }
        AfterDeal::Continue
    }

    /// Trump suit now, if any. Default: the suit of the face-up card (the stock games).
    #[inline]
    fn trump(&self, v: TrickView<'_, Self>) -> Option<u8> {
        let TrickView { core, .. } = v;
        core.face_up_card.map(|c| self.deck().suit(c))
    }
    /// Fixed per-card tables (effective suit, strength, points) for games whose trump order never
    /// changes; they supply the defaults of `strength`, `effective_suit`, `effective_suit_cards` and
    /// `points`. `None` (the default): the game implements those hooks itself.
    #[inline]
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        None
    }
    /// Strength of a card within its effective suit (higher wins). Default: from `suit_tables`.
    #[inline]
    fn strength(&self, v: TrickView<'_, Self>, card: Card) -> u8 {
        self.suit_tables(v).map_or(0, |t| t.strength[card.idx()])
    }
    /// The suit a card belongs to for following and winning: its printed suit by default; games whose
    /// trumps cut across suits (Schafkopf's queens and jacks, Tarok's taroks) return the trump suit.
    #[inline]
    fn effective_suit(&self, v: TrickView<'_, Self>, card: Card) -> u8 {
        self.suit_tables(v)
            .map_or_else(|| self.deck().suit(card), |t| t.eff_suit[card.idx()])
    }
    /// All cards whose effective suit is `suit` (the mask a follower must play from when able).
    #[inline]
    fn effective_suit_cards(&self, v: TrickView<'_, Self>, suit: u8) -> CardSet {
        self.suit_tables(v)
            .map_or_else(|| self.deck().suit_mask(suit), |t| t.masks[suit as usize])
    }
    /// Points a card is worth when captured. Default: from `suit_tables`, else 0.
    #[inline]
    fn points(&self, v: TrickView<'_, Self>, card: Card) -> i32 {
        self.suit_tables(v).map_or(0, |t| t.points[card.idx()])
    }
    /// Card points of a set of cards. Default: from `suit_tables` (a few popcounts), else the sum of
    /// `points` over the cards.
    #[inline]
    fn points_of_set(&self, v: TrickView<'_, Self>, set: CardSet) -> i32 {
        self.suit_tables(v).map_or_else(
            || set.iter().map(|c| self.points(v, c)).sum(),
            |t| t.points_of(set),
        )
    }
    /// Whether a card must follow the effective suit of the led card when the hand holds one (and is
    /// free otherwise: no duty to trump or to head the trick), by the `suit_tables`. It gives
    /// `legal_plays` and `illegal_play_reason` their must-follow defaults (Schafkopf, Zole, Solo,
    /// Tëtka). Default: no duty to follow (Briscola); games with more duties override `legal_plays`.
    #[inline]
    fn must_follow(&self) -> bool {
        false
    }
    /// Cards the player to move may play (`hand` is non-empty). Default: with `must_follow`, the
    /// cards of the led effective suit if any (by `suit_tables`), else any card; games with further
    /// duties call [`super::follow`] helpers, usually with [`TrickRules::effective_suit_cards`] of the
    /// led card's effective suit.
    #[inline]
    fn legal_plays(&self, v: TrickView<'_, Self>, hand: CardSet) -> CardSet {
        match self.suit_tables(v) {
            Some(t) if self.must_follow() => t.follow(v.core.led_card(), hand),
            _ => hand,
        }
    }
    /// Why `card` (in hand, not in `legal_plays`) may not be played, for the error message. Default:
    /// with `must_follow`, the effective suit to follow.
    fn illegal_play_reason(&self, v: TrickView<'_, Self>, _card: Card) -> String {
        let led = v.core.led_card().filter(|_| self.must_follow());
        match led.map(|c| self.effective_suit(v, c)) {
            Some(s) => format!("must follow suit {}", self.deck().suits()[s as usize].symbol),
            None => "not allowed now".to_string(),
        }
    }
    /// Position in the trick (0 = leader) of the winning card. Default: highest trump, else the highest
    /// card of the led suit.
    #[inline]
    fn trick_winner(&self, v: TrickView<'_, Self>, trick: &[Card]) -> usize {
        let trump = self.trump(v);
        // With tables, read them directly (one check per trick instead of one per card).
        match self.suit_tables(v) {
            Some(t) => super::follow::highest_trump_else_led_by(
                trick,
                trump,
                |c| t.eff_suit[c.idx()],
                |c| t.strength[c.idx()],
            ),
            None => super::follow::highest_trump_else_led_by(
                trick,
                trump,
                |c| self.effective_suit(v, c),
                |c| self.strength(v, c),
            ),
        }
    }

    /// Number of extra (non-card) action ids this game uses; they start at `deck().len()`.
    #[inline]
    fn num_extra_actions(&self) -> usize {
        0
    }
    /// Whether extra actions can ever be legal during trick play (claims, a trump exchange). When false
    /// the random bot and `play_out_random` pick cards without asking `extra_legal` on every play.
    #[inline]
    fn extra_actions_in_play(&self) -> bool {
        self.num_extra_actions() > 0
    }
    /// During `Play`: false when no extra action can be legal in this state (a cheap test, such as
    /// "not at a lead"), so `play_out_random` picks a card without listing extras; true when one may
    /// be. Default: [`TrickRules::extra_actions_in_play`]. Must never be false while `extra_legal`
    /// lists something (debug builds check it).
    #[inline]
    fn extras_possible(&self, _v: TrickView<'_, Self>) -> bool {
        self.extra_actions_in_play()
    }
    /// Legal extra actions now, as offsets `0..num_extra_actions()` (ascending), appended to `out`.
    #[inline]
    fn extra_legal(&self, _v: TrickView<'_, Self>, _out: &mut Vec<u32>) {}
    /// How many extra actions [`TrickRules::extra_legal`] would list now, for rules that can tell
    /// without listing them (a widow game's discards are its hand): then [`TrickRules::nth_extra`]
    /// gives the list's `k`-th and the random bot draws one without building the list. Default: None
    /// (the engine lists them).
    #[inline]
    fn count_extra(&self, _v: TrickView<'_, Self>) -> Option<usize> {
        None
    }
    /// The `k`-th offset (`k < count_extra`) of the list [`TrickRules::extra_legal`] would give now.
    /// Only asked when `count_extra` answers; the default lists them and picks the `k`-th.
    fn nth_extra(&self, v: TrickView<'_, Self>, k: usize) -> u32 {
        let mut out = Vec::new();
        self.extra_legal(v, &mut out);
        out[k]
    }
    /// Applies a legal extra action (offset).
    #[inline]
    fn apply_extra(&self, _s: TrickMut<'_, Self>, _offset: u32) -> Effect {
        Effect::Continue
    }
    /// Name of an extra action (offset); a pure function of the offset.
    fn extra_name(&self, offset: u32) -> String {
        format!("extra{offset}")
    }
    /// Whether `viewer` sees which extra action (offset) `actor` took: false for private choices such
    /// as the cards buried or discarded into a skat. Others then only learn that `actor` acted.
    #[inline]
    fn extra_visible(&self, _offset: u32, _actor: usize, _viewer: usize) -> bool {
        true
    }
    /// [`TrickRules::extra_visible`] given the state just before the action, for games where who may
    /// see it depends on the deal (the seat a card is given to when a dealer sits out). Default: the
    /// state-free answer.
    #[inline]
    fn extra_visible_at(&self, _v: TrickView<'_, Self>, offset: u32, actor: usize, viewer: usize) -> bool {
        self.extra_visible(offset, actor, viewer)
    }
    /// Parses an extra action name (already lower-cased and trimmed).
    fn parse_extra(&self, _text: &str) -> Option<u32> {
        None
    }
    /// Called after every completed trick (the engine has already moved the cards and set the leader).
    /// Return `EndDeal` to stop the deal early (count-out rules), `NextTrick` when the next trick
    /// surely follows (no stock, cards left in hand) to spare the engine its checks.
    #[inline]
    fn after_trick(&self, _s: TrickMut<'_, Self>) -> Effect {
        Effect::Continue
    }

    /// Cards of seat `other` that `viewer` knows beyond the public ones (partner's hand shown, ...).
    #[inline]
    fn known_cards(&self, _v: TrickView<'_, Self>, _viewer: usize, _other: usize) -> CardSet {
        CardSet::EMPTY
    }
    /// Extra observation floats written after the engine's own layout.
    fn extra_observation_len(&self) -> usize {
        0
    }
    /// Bounds of the extra observation floats, given as [0, 1] each (one-hots and fractions); games
    /// that write raw counts widen theirs here.
    fn extra_observation_bounds(&self, _low: &mut [f32], _high: &mut [f32]) {}
    /// Writes the extra observation for `viewer` (player-relative).
    fn write_extra_observation(&self, _v: TrickView<'_, Self>, _viewer: usize, _out: &mut [f32]) {}
    /// Extra lines of the text observation.
    fn describe_extra(&self, _v: TrickView<'_, Self>, _viewer: Option<usize>) -> String {
        String::new()
    }

    /// Scores a finished deal.
    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome;
    /// With `scope=match`: the match returns once it is over, given the ledger after the last deal
    /// (and the last deal's extra state, e.g. a claim).
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]>;
    /// Upper bound on deals in a match, for `max_game_length`. Default: the session's match length
    /// (`hands`/`deals`) in a match, else 1; games with redeals or a match to a target override it.
    #[inline]
    fn max_deals(&self) -> usize {
        match self.session() {
            Some(s) if s.is_match => s.length,
            _ => 1,
        }
    }
    /// The range and sum of the returns (`Game::utility`), derived from `score_deal` and
    /// `match_result` under these rules; `None` until the rules declare it. A match that reaches
    /// `max_deals` undecided is a draw (returns 0), so the range must contain 0.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        None
    }

    /// Resets the per-deal state for a new deal (or game). The default replaces it with
    /// `Default::default()`; rules whose per-deal state is large (Reversis's payment record) reset
    /// it in place instead, so that a new deal does not copy a whole fresh value over it.
    #[inline]
    fn reset_extra(&self, e: &mut Self::Extra) {
        *e = Self::Extra::default();
    }

    /// Resets the per-match state for a new game (`Game::restart`). The default replaces it with
    /// `Default::default()`; rules whose match state owns a buffer (Reversis's pots) clear it in
    /// place instead, so that a batch of simulated games allocates nothing per game.
    #[inline]
    fn reset_match(&self, m: &mut Self::Match) {
        *m = Self::Match::default();
    }

    /// Game-specific bots (besides `random`).
    fn new_bot(&self, _name: &str) -> Option<Box<dyn Bot<TrickState<Self>>>> {
        None
    }
}

/// Converts an action id into a card if it is one.
#[inline]
pub fn as_card(deck: &Deck, action: Action) -> Option<Card> {
    ((action as usize) < deck.len()).then_some(Card(action as u8))
}
