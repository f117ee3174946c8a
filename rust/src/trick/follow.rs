//! Shared play-legality and trick-winner helpers, so games state their rule in one call.

use crate::cards::{Card, CardSet, Deck};

/// Cards of `hand` in the led suit, or the whole hand when void (or when leading).
#[inline]
pub fn follow_suit(deck: &Deck, led: Option<Card>, hand: CardSet) -> CardSet {
    match led {
        Some(card) => {
            let same = hand & deck.suit_mask(deck.suit(card));
            if same.is_empty() {
                hand
            } else {
                same
            }
        }
        None => hand,
    }
}

/// Winner's position in the trick: the strongest trump if any trump was played, otherwise the
/// strongest card of the led suit (the leader's own card always qualifies).
#[inline]
pub fn highest_trump_else_led(deck: &Deck, trick: &[Card], trump: Option<u8>, strength: impl Fn(Card) -> u8) -> usize {
    let led = deck.suit(trick[0]);
    let mut best = 0;
    for i in 1..trick.len() {
        let (c, b) = (trick[i], trick[best]);
        let (cs, bs) = (deck.suit(c), deck.suit(b));
        let beats = if cs == bs {
            strength(c) > strength(b)
        } else {
            // A different suit only wins as a trump over a non-trump (the led suit never loses to
            // an off-suit card).
            Some(cs) == trump && Some(bs) != trump
        };
        if beats {
            best = i;
        }
        debug_assert!(deck.suit(trick[best]) == led || Some(deck.suit(trick[best])) == trump);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::FaceStyle;

    #[test]
    fn follow_suit_restricts_only_when_able() {
        let d = Deck::italian40(FaceStyle::Italian);
        let hand: CardSet = ["AS", "2S", "3H"].iter().map(|n| d.parse(n).unwrap()).collect();
        let led = d.parse("7S").ok();
        assert_eq!(follow_suit(&d, led, hand).len(), 2);
        assert_eq!(follow_suit(&d, d.parse("7C").ok(), hand), hand);
        assert_eq!(follow_suit(&d, None, hand), hand);
    }
}
