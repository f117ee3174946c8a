//! The queen–jack trump family (Schafkopf, Zole): every queen, every jack and every diamond is a
//! trump, ranked Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ then the diamonds A 10 K 9 8 7; the other suits rank
//! A 10 K 9 (8 7). Built once per game from the deck, so play-time queries are table look-ups. Also
//! the family's card-play heuristics, used by the games' rule-based bots (one player against a pair).

use super::{follow, SuitTables, TrickCore};
use crate::cards::{Card, CardSet, Deck};

/// Suit index of diamonds in the French decks (suits are ordered ♣ ♦ ♥ ♠). Trumps report this
/// effective suit, so the engine's "trump suit" is diamonds and a queen or jack is never "its" suit.
pub const TRUMP_SUIT: u8 = 1;
/// Rank codes of the French decks.
const JACK: u8 = 11;
const QUEEN: u8 = 12;
/// Position of each printed suit in the queen/jack order ♣ ♠ ♥ ♦ (0 = highest), indexed by suit ♣ ♦ ♥ ♠.
const COURT_SUIT_ORDER: [u8; 4] = [0, 3, 2, 1];

/// Card points: A 11, 10 10, K 4, Q 3, J 2, the rest 0.
pub fn card_points(rank: u8) -> i32 {
    match rank {
        14 => 11,
        10 => 10,
        13 => 4,
        QUEEN => 3,
        JACK => 2,
        _ => 0,
    }
}

/// Plain-suit strength (and diamonds below the jacks): A 10 K 9 8 7.
fn plain_strength(rank: u8) -> u8 {
    match rank {
        14 => 5,
        10 => 4,
        13 => 3,
        9 => 2,
        8 => 1,
        _ => 0,
    }
}

/// Per-card tables of a queen/jack/diamond trump game (trumps: Q♣ = 13 down to 7♦ = 0 in a 32-card
/// pack), as the engine's [`SuitTables`] plus the family's wording.
#[derive(Clone, Debug)]
pub struct QueenJackTrumps {
    /// The tables the trick engine reads (`TrickRules::suit_tables`).
    pub tables: SuitTables,
}

impl std::ops::Deref for QueenJackTrumps {
    type Target = SuitTables;
    fn deref(&self) -> &SuitTables {
        &self.tables
    }
}

impl QueenJackTrumps {
    /// Tables for a French deck (32-card Schafkopf pack or the 26-card Zole pack).
    pub fn new(deck: &Deck) -> Self {
        let n = deck.len();
        let (mut eff_suit, mut strength, mut points) = (vec![0; n], vec![0; n], vec![0; n]);
        for (i, info) in deck.cards().iter().enumerate() {
            let is_court = info.rank == QUEEN || info.rank == JACK;
            let suit = if is_court || info.suit == TRUMP_SUIT {
                TRUMP_SUIT
            } else {
                info.suit
            };
            eff_suit[i] = suit;
            points[i] = card_points(info.rank);
            strength[i] = if is_court {
                // Queens above jacks, each group ♣ ♠ ♥ ♦; all above the diamond pips (at most 6).
                let group = if info.rank == QUEEN { 4 } else { 0 };
                6 + group + (3 - COURT_SUIT_ORDER[info.suit as usize])
            } else {
                plain_strength(info.rank)
            };
        }
        QueenJackTrumps {
            tables: SuitTables::new(eff_suit, strength, points),
        }
    }

    /// Whether `card` is a trump.
    #[inline]
    pub fn is_trump(&self, card: Card) -> bool {
        self.eff_suit[card.idx()] == TRUMP_SUIT
    }

    /// Cards of `hand` that may be played to a trick led with `led` (follow the effective suit when
    /// able, else anything; no duty to trump or to head the trick).
    #[inline]
    pub fn legal(&self, led: Option<Card>, hand: CardSet) -> CardSet {
        self.tables.follow(led, hand)
    }

    /// Why `card` may not be played on `led`: the effective suit it fails to follow.
    pub fn follow_reason(&self, deck: &Deck, led: Option<Card>) -> String {
        match led.map(|c| self.eff_suit[c.idx()]) {
            Some(TRUMP_SUIT) => "must follow trump (queens, jacks and diamonds are trumps)".to_string(),
            Some(s) => format!(
                "must follow suit {} (its queen and jack are trumps, not {})",
                deck.suits()[s as usize].symbol,
                deck.suits()[s as usize].symbol
            ),
            None => "not allowed now".to_string(),
        }
    }
}

/// The play hooks every queen–jack game states alike, for its `impl TrickRules` block: diamonds
/// (with every queen and jack) are always trump, the [`QueenJackTrumps`] tables give strength,
/// effective suit and points, and a card must follow the led effective suit when able. The rules
/// value names its tables `t` and its deck `deck`.
macro_rules! queen_jack_play_hooks {
    () => {
        fn trump(&self, _v: $crate::trick::TrickView<'_, Self>) -> Option<u8> {
            Some($crate::trick::queen_jack::TRUMP_SUIT)
        }
        fn suit_tables(&self, _v: $crate::trick::TrickView<'_, Self>) -> Option<&$crate::trick::SuitTables> {
            Some(&self.t.tables)
        }
        fn must_follow(&self) -> bool {
            true
        }
        fn illegal_play_reason(
            &self,
            v: $crate::trick::TrickView<'_, Self>,
            _card: $crate::cards::Card,
        ) -> String {
            self.t.follow_reason(&self.deck, v.core.led_card())
        }
    };
}
pub(crate) use queen_jack_play_hooks as play_hooks;

/// Hand strength for the pick-up / take decision: queens 3, jacks 2, other trumps 1, plain aces 1.
pub fn hand_strength(t: &QueenJackTrumps, hand: CardSet) -> i32 {
    hand.iter()
        .map(|c| match (t.is_trump(c), t.strength[c.idx()]) {
            (true, s) if s >= 10 => 3,
            (true, s) if s >= 6 => 2,
            (true, _) => 1,
            (false, 5) => 1,
            _ => 0,
        })
        .sum()
}

/// The two cards to lay away: plain non-aces with the most points first, then aces, then the lowest
/// trumps.
pub fn discard_choice(t: &QueenJackTrumps, hand: CardSet) -> Card {
    hand.iter()
        .min_by_key(|&c| {
            let trump = t.is_trump(c);
            let ace = !trump && t.strength[c.idx()] == 5;
            (trump, ace, -t.points[c.idx()], t.strength[c.idx()])
        })
        .expect("a hand to discard from")
}

/// Position of the winning card of `trick` (non-empty).
fn winner(t: &QueenJackTrumps, trick: &[Card]) -> usize {
    follow::highest_trump_else_led_by(
        trick,
        Some(TRUMP_SUIT),
        |c| t.eff_suit[c.idx()],
        |c| t.strength[c.idx()],
    )
}

/// Chooses a card from `legal` for `me`. `same_side(a, b)` says whether two seats play together;
/// `avoid_tricks` is for games where every trick hurts (least, mazā zole).
pub fn play_card(
    t: &QueenJackTrumps,
    core: &TrickCore,
    legal: CardSet,
    me: usize,
    same_side: impl Fn(usize, usize) -> bool,
    alone: bool,
    avoid_tricks: bool,
) -> Card {
    let pts = |c: Card| t.points[c.idx()];
    let st = |c: Card| t.strength[c.idx()];
    let tr = |c: Card| t.is_trump(c);
    let cheapest = |set: CardSet| {
        set.iter()
            .min_by_key(|&c| (pts(c), tr(c), st(c)))
            .expect("a legal card")
    };
    let trick = core.trick_cards();
    let wins = |c: Card| {
        let mut cards = [Card(0); 8];
        cards[..trick.len()].copy_from_slice(trick);
        cards[trick.len()] = c;
        winner(t, &cards[..=trick.len()]) == trick.len()
    };
    if avoid_tricks {
        if trick.is_empty() {
            return legal
                .iter()
                .min_by_key(|&c| (tr(c), st(c)))
                .expect("a legal card");
        }
        let losing: CardSet = legal.iter().filter(|&c| !wins(c)).collect();
        return match losing.iter().max_by_key(|&c| (tr(c), st(c), pts(c))) {
            Some(c) => c,
            None => legal
                .iter()
                .min_by_key(|&c| (pts(c), st(c)))
                .expect("a legal card"),
        };
    }
    if trick.is_empty() {
        let trumps: CardSet = legal.iter().filter(|&c| tr(c)).collect();
        let plain = legal - trumps;
        // The lone player draws trumps with the top one; the pair cash plain aces or lead cheap plain.
        if alone && trumps.len() >= 2 {
            return trumps.iter().max_by_key(|&c| st(c)).expect("trumps");
        }
        if let Some(ace) = plain.iter().find(|&c| st(c) == 5) {
            return ace;
        }
        return if plain.is_empty() {
            cheapest(legal)
        } else {
            cheapest(plain)
        };
    }
    let n = core.num_players;
    let win_seat = core.seat_after(core.leader, winner(t, trick));
    let last = trick.len() == n - 1;
    if same_side(win_seat, me) && win_seat != me {
        if last {
            if let Some(load) = legal.iter().filter(|&c| !tr(c)).max_by_key(|&c| (pts(c), st(c))) {
                return load;
            }
        }
        return cheapest(legal);
    }
    let trick_points: i32 = trick.iter().map(|&c| pts(c)).sum();
    if let Some(best) = legal
        .iter()
        .filter(|&c| wins(c))
        .min_by_key(|&c| (tr(c), st(c), pts(c)))
    {
        if !tr(best) || last || trick_points >= 10 || st(best) >= 10 {
            return best;
        }
    }
    cheapest(legal)
}
