//! Tëtka, the Russian four-handed penalty game of queens and the bum card, one rules value over the
//! trick engine, as David Parlett describes it (The Penguin Book of Card Games).
//!
//! * 52 cards, A high, no trumps, four players, clockwise. Cards are dealt one at a time from the
//!   dealer's next seat, so the last (the **bum card**) goes to the dealer: it is dealt face up, shown
//!   to all and stays in the dealer's hand, its identity public until played.
//! * Bum suit = its suit; **Tëtka** = the queen of the bum suit; bum rank index A 1, 2..10, J 11, Q 12,
//!   K 13.
//! * The dealer's next seat leads; follow suit if able; the highest card of the led suit wins; 13 tricks.
//! * Penalty points: each queen taken 1, Tëtka 1 more; taking the bum card 1 (stacking with a queen);
//!   winning the trick whose number is the bum rank index 1; winning trick 13 1 (with a bum King both
//!   fall on trick 13: 2); most tricks 1, ties broken by most bum-suit cards taken, then by the highest
//!   bum-suit card taken. If the tied players took no bum-suit card at all, `most_tricks_fallback`:
//!   `all` (every tied player scores it, the only case in which a deal's total is not 9) or `none`.
//! * Returns: minus the penalty points of the deal. `scope=match`: `orbits` times around the table
//!   (each player deals once per orbit); the lowest total wins, ties share (+1 / −1 shares).

mod bot;

use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::Result;
use crate::trick::{
    per_seat, top_scorers_win, AfterDeal, DealOutcome, Effect, Packet, PacketDeal, Session, Slot, SuitTables,
    TrickCore, TrickGame, TrickMut, TrickRules, TrickState, TrickView, SCOPE_PARAM,
};

/// The registered game type.
pub type Tetka = TrickGame<TetkaRules>;
/// The registry's name for the game type.
pub type Type = Tetka;
/// A Tëtka position.
pub type TetkaState = TrickState<TetkaRules>;

const PLAYERS: usize = 4;
/// Tricks per deal.
pub const TRICKS: usize = 13;
/// Penalty points in a deal (barring the unresolvable most-tricks tie).
pub const TOTAL: i32 = 9;
const QUEEN: u8 = 12;

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed"]), default: D::Str("seed"), doc: "seed: Parlett's rules as above" },
    SCOPE_PARAM,
    ParamSpec { name: "orbits", kind: Kind::Int { min: 1, max: 25 }, default: D::Int(1), doc: "scope=match: times around the table (4 deals each, everyone deals once)" },
    ParamSpec { name: "most_tricks_fallback", kind: Kind::Choice(&["all", "none"]), default: D::Str("all"), doc: "players tied for most tricks who took no card of the bum suit: all of them score the point, or none" },
];

static PRESETS: &[crate::core::game::Preset] = &[("seed", &[])];

static INFO: GameInfo = GameInfo {
    short_name: "tetka",
    long_name: "Tëtka",
    params: PARAMS,
    presets: PRESETS,
    version: 1,
    rules: "Four players, 52 cards, ace high, no trumps. Cards are dealt one at a time; the last one, the \
bum card, is shown to everybody and stays in the dealer's hand. Its suit is the bum suit, the queen of \
that suit is Tëtka, and its rank (ace 1 ... king 13) numbers a trick. The dealer's left leads; follow \
suit; the highest card of the suit led wins. Penalty points, lowest total wins: 1 per queen taken and 1 \
more for Tëtka, 1 for taking the bum card, 1 for winning the bum-numbered trick, 1 for the last trick, 1 \
for most tricks (ties: most bum-suit cards taken, then the highest one): 9 in each deal. As described by \
David Parlett (The Penguin Book of Card Games).",
    bots: &["random", "greedy"],
    examples: &[
        "tetka",
        "tetka(scope=match)",
        "tetka(scope=match,orbits=2,most_tricks_fallback=none)",
    ],
};

/// Per-deal state: the bum card, and who won the two tricks that carry a penalty by their number.
/// The card penalties (queens, Tëtka, the bum card) are read off the captured piles when asked for:
/// nothing is added up per trick, which runs in every simulated deal.
#[derive(Clone, Debug, Default)]
pub struct TetkaExtra {
    /// The bum card (dealt last, face up, to the dealer).
    pub bum: Option<Card>,
    /// The trick number the bum rank penalises (A 1 .. K 13), looked up once per deal.
    bum_trick: usize,
    /// Winner of the bum-numbered trick, once it is played.
    bum_trick_winner: Option<usize>,
}

/// Tëtka rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct TetkaRules {
    deck: Deck,
    tables: SuitTables,
    deal: PacketDeal,
    /// The four queens, and each suit's queen (Tëtka when that suit is the bum suit): looked up per
    /// trick won, so built once.
    queens: CardSet,
    queen_of: [Card; 4],
    session: Session,
    orbits: usize,
    fallback_all: bool,
}

impl TetkaRules {
    /// Tëtka, the queen of the bum suit.
    pub fn tetka(&self, bum: Card) -> Card {
        self.queen_of[self.deck.suit(bum) as usize]
    }
    /// The trick number the bum rank penalises (A 1 .. K 13).
    pub fn bum_trick(&self, bum: Card) -> usize {
        match self.deck.rank(bum) {
            14 => 1,
            r => r as usize,
        }
    }
    /// Penalty of winning `cards` as trick number `number` (1-based).
    pub fn trick_penalty(&self, bum: Card, number: usize, cards: CardSet) -> i32 {
        self.card_penalty(bum, cards) + (number == self.bum_trick(bum)) as i32 + (number == TRICKS) as i32
    }
    /// Penalty of taking `cards` (queens, Tëtka's extra point, the bum card), wherever in the deal.
    pub fn card_penalty(&self, bum: Card, cards: CardSet) -> i32 {
        (cards & self.queens).len() as i32
            + cards.contains(self.tetka(bum)) as i32
            + cards.contains(bum) as i32
    }
    /// Penalty points per seat from the tricks won so far (queens, Tëtka, the bum card, the bum-rank
    /// trick, the last trick): everything but most tricks.
    pub fn trick_points(&self, core: &TrickCore, extra: &TetkaExtra) -> [i32; PLAYERS] {
        let mut p = [0; PLAYERS];
        let Some(bum) = extra.bum else {
            return p;
        };
        for (s, pts) in p.iter_mut().enumerate() {
            *pts = self.card_penalty(bum, core.won[s]) + (extra.bum_trick_winner == Some(s)) as i32;
        }
        if core.tricks_played == TRICKS {
            if let Some((_, _, last)) = core.last_trick {
                p[last] += 1;
            }
        }
        p
    }
    /// The seats that score the most-tricks point (usually one).
    pub fn most_tricks(&self, core: &TrickCore, bum: Card) -> Vec<usize> {
        let m = self.most_tricks_mask(core, bum);
        (0..PLAYERS).filter(|&s| m >> s & 1 == 1).collect()
    }
    /// [`most_tricks`](Self::most_tricks) as a bit per seat (no allocation: it runs every deal).
    pub fn most_tricks_mask(&self, core: &TrickCore, bum: Card) -> u8 {
        let tricks = |s: usize| core.won[s].len() / PLAYERS;
        let most = (0..PLAYERS).map(tricks).max().unwrap_or(0);
        let tied = (0..PLAYERS)
            .filter(|&s| tricks(s) == most)
            .fold(0u8, |m, s| m | 1 << s);
        if tied.count_ones() == 1 {
            return tied;
        }
        let suit = self.deck.suit_mask(self.deck.suit(bum));
        let bums = |s: usize| core.won[s] & suit;
        let in_tie = |s: &usize| tied >> s & 1 == 1;
        let most_bum = (0..PLAYERS)
            .filter(in_tie)
            .map(|s| bums(s).len())
            .max()
            .unwrap_or(0);
        if most_bum == 0 {
            return if self.fallback_all { tied } else { 0 };
        }
        // Among those with the most bum-suit cards, the highest bum-suit card decides (cards are unique).
        let best = (0..PLAYERS)
            .filter(in_tie)
            .filter(|&s| bums(s).len() == most_bum)
            .max_by_key(|&s| bums(s).iter().map(|c| self.deck.rank(c)).max());
        best.map_or(0, |s| 1 << s)
    }
    /// Penalty points of a finished deal per seat.
    pub fn penalties(&self, core: &TrickCore, extra: &TetkaExtra) -> [i32; PLAYERS] {
        let mut p = self.trick_points(core, extra);
        if let Some(bum) = extra.bum {
            let most = self.most_tricks_mask(core, bum);
            for (s, pts) in p.iter_mut().enumerate() {
                *pts += (most >> s & 1) as i32;
            }
        }
        p
    }
}

impl TrickRules for TetkaRules {
    type Extra = TetkaExtra;
    type Match = ();
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        // Tëtka has no `first_dealer` parameter: the last seat deals first.
        let session = Session::read(p, PLAYERS, None)?;
        let deck = Deck::french52();
        let (mut eff, mut strength, mut points) = (Vec::new(), Vec::new(), Vec::new());
        for c in deck.all() {
            eff.push(deck.suit(c));
            strength.push(deck.rank(c));
            // Card points are the queens' (Tëtka's extra point depends on the deal: kept in `Extra`).
            points.push((deck.rank(c) == QUEEN) as i32);
        }
        let queen_of = std::array::from_fn(|suit| deck.find(suit as u8, QUEEN).unwrap_or(Card(0)));
        let queens = deck.all().iter().filter(|&c| deck.rank(c) == QUEEN).collect();
        Ok(TetkaRules {
            tables: SuitTables::new(eff, strength, points),
            queens,
            queen_of,
            deal: PacketDeal::new(PLAYERS, &[Packet::Each(1); TRICKS]),
            deck,
            session,
            orbits: p.int("orbits") as usize,
            fallback_all: p.str("most_tricks_fallback") == "all",
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
        // One at a time from the dealer's next seat; the 52nd card, the dealer's, is dealt face up.
        if k + 1 == self.deck.len() {
            return Some(Slot::FaceUp);
        }
        self.deal.slot(dealer, k)
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let TrickMut { core, extra, .. } = s;
        // The bum card was shown to all and joins the dealer's hand, known to everybody.
        if let Some(bum) = core.face_up_card {
            core.face_up_on_table = false;
            core.face_up_holder = Some(core.dealer);
            core.hands[core.dealer].insert(bum);
            core.known[core.dealer].insert(bum);
            extra.bum = Some(bum);
            extra.bum_trick = self.bum_trick(bum);
        }
        let eldest = core.next_seat(core.dealer);
        core.start_play(eldest);
        AfterDeal::Continue
    }
    fn trump(&self, _v: TrickView<'_, Self>) -> Option<u8> {
        // The bum card shows a suit but makes no trumps.
        None
    }
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        Some(&self.tables)
    }
    fn must_follow(&self) -> bool {
        true
    }
    #[inline]
    fn trick_winner(&self, _v: TrickView<'_, Self>, trick: &[Card]) -> usize {
        // No trumps: the strongest card of the led suit. Four cards, unrolled: one key per card
        // (strength, above it whether it follows), the position in the low bits, one maximum. Off-suit
        // cards may share a key but never beat the leader's; led-suit keys are distinct.
        let t = &self.tables;
        let &[a, b, c, d] = trick else {
            return crate::trick::follow::highest_trump_else_led_by(
                trick,
                None,
                |c| t.eff_suit[c.idx()],
                |c| t.strength[c.idx()],
            );
        };
        let led = t.eff_suit[a.idx()];
        let key = |c: Card, pos: u32| {
            (t.strength[c.idx()] as u32 | ((t.eff_suit[c.idx()] == led) as u32) << 8) << 2 | pos
        };
        (key(a, 0).max(key(b, 1)).max(key(c, 2)).max(key(d, 3)) & 3) as usize
    }
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        let TrickMut { core, extra, .. } = s;
        // Only the bum-numbered trick is noted; the cards' penalties are read off the piles later.
        if core.tricks_played == extra.bum_trick {
            extra.bum_trick_winner = core.last_trick.map(|t| t.2);
        }
        if core.tricks_played == TRICKS {
            Effect::EndDeal
        } else {
            Effect::Continue
        }
    }

    fn extra_observation_len(&self) -> usize {
        // bum card [52] (public), penalty points so far per relative seat (raw), tricks won / 13 per
        // relative seat.
        self.deck.len() + 2 * PLAYERS
    }
    fn extra_observation_bounds(&self, _low: &mut [f32], high: &mut [f32]) {
        let d = self.deck.len();
        high[d..d + PLAYERS].iter_mut().for_each(|x| *x = TOTAL as f32);
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView { core, extra, .. } = v;
        let d = self.deck.len();
        let rel = |s: usize| (s + PLAYERS - viewer) % PLAYERS;
        if let Some(b) = extra.bum {
            out[b.idx()] = 1.0;
        }
        let points = self.trick_points(core, extra);
        for s in 0..PLAYERS {
            out[d + rel(s)] = points[s] as f32;
            out[d + PLAYERS + rel(s)] = (core.won[s].len() / PLAYERS) as f32 / TRICKS as f32;
        }
    }
    fn describe_extra(&self, v: TrickView<'_, Self>, _viewer: Option<usize>) -> String {
        let TrickView { core, extra, .. } = v;
        let Some(bum) = extra.bum else {
            return String::new();
        };
        let pts: Vec<String> = self
            .trick_points(core, extra)
            .iter()
            .map(|p| p.to_string())
            .collect();
        format!(
            "bum card: {} (dealer {}) · Tëtka: {} · bum trick: {}\npenalties so far: {}\n",
            self.deck.name_of(bum),
            core.dealer,
            self.deck.name_of(self.tetka(bum)),
            self.bum_trick(bum),
            pts.join(" / ")
        )
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { core, extra, .. } = v;
        let p = self.penalties(core, extra);
        DealOutcome {
            returns: per_seat(PLAYERS, |s| -p[s] as f64),
            ledger: per_seat(PLAYERS, |s| p[s] as f64),
            redeal: false,
        }
    }
    /// A deal returns minus its penalty points: at most 9 for one seat (four queens, Tëtka 1 more,
    /// the bum card, the bum-rank trick, trick 13 and most tricks), at least 0. The total is 9, or
    /// 8 when nobody scores most tricks and more under `most_tricks_fallback=all`: general-sum.
    /// A match ends in `top_scorers_win` on the negated totals over four seats.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        if self.session.is_match {
            return Some(crate::trick::scoring::top_scorers_utility(PLAYERS));
        }
        Some(crate::core::game::Utility::general(-9.0, 0.0))
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView { core, .. } = v;
        let done = core.deals_done as usize >= self.max_deals();
        done.then(|| {
            let neg: Vec<f64> = core.ledger[..PLAYERS].iter().map(|t| -t).collect();
            top_scorers_win(&neg)
        })
    }
    fn max_deals(&self) -> usize {
        if self.session.is_match {
            PLAYERS * self.orbits
        } else {
            1
        }
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<TetkaState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<TetkaState>>)
    }
}

#[cfg(test)]
mod tests;
