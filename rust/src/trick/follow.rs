//! Shared play-legality and trick-winner helpers, so games state their rule in one call.

use crate::cards::{Card, CardSet, Deck};

/// Cards of `hand` in the led suit, or the whole hand when void (or when leading). Printed suits; games
/// whose trumps form a suit of their own (Schafkopf's queens) use [`follow_mask`].
#[inline]
pub fn follow_suit(deck: &Deck, led: Option<Card>, hand: CardSet) -> CardSet {
    follow_mask(led.map(|c| deck.suit_mask(deck.suit(c))), hand)
}

/// Cards of `hand` inside `led_suit_cards` (all cards of the led *effective* suit), or the whole hand
/// when it has none of them or nothing was led.
#[inline]
pub fn follow_mask(led_suit_cards: Option<CardSet>, hand: CardSet) -> CardSet {
    match led_suit_cards {
        Some(mask) => {
            let same = hand & mask;
            if same.is_empty() {
                hand
            } else {
                same
            }
        }
        None => hand,
    }
}

/// Winner's position in the trick by printed suits: see [`highest_trump_else_led_by`].
#[inline]
pub fn highest_trump_else_led(deck: &Deck, trick: &[Card], trump: Option<u8>, strength: impl Fn(Card) -> u8) -> usize {
    highest_trump_else_led_by(trick, trump, |c| deck.suit(c), strength)
}

/// Winner's position in the trick: the strongest trump if any trump was played, otherwise the
/// strongest card of the led suit (the leader's own card always qualifies). `suit_of` gives each card's
/// effective suit (trumps report the trump suit); `strength` must order the cards within a suit.
#[inline]
pub fn highest_trump_else_led_by(trick: &[Card], trump: Option<u8>, suit_of: impl Fn(Card) -> u8, strength: impl Fn(Card) -> u8) -> usize {
    let mut best = 0;
    let mut best_suit = suit_of(trick[0]);
    for (i, &c) in trick.iter().enumerate().skip(1) {
        let cs = suit_of(c);
        let beats = if cs == best_suit {
            strength(c) > strength(trick[best])
        } else {
            // A different suit only wins as a trump over a non-trump (the led suit never loses to
            // an off-suit card).
            Some(cs) == trump && Some(best_suit) != trump
        };
        if beats {
            best = i;
            best_suit = cs;
        }
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
