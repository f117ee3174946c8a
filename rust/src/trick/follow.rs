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
pub fn highest_trump_else_led(
    deck: &Deck,
    trick: &[Card],
    trump: Option<u8>,
    strength: impl Fn(Card) -> u8,
) -> usize {
    highest_trump_else_led_by(trick, trump, |c| deck.suit(c), strength)
}

/// Winner's position in the trick: the strongest trump if any trump was played, otherwise the
/// strongest card of the led suit (the leader's own card always qualifies). `suit_of` gives each card's
/// effective suit (trumps report the trump suit); `strength` must order the cards within a suit.
#[inline(always)]
pub fn highest_trump_else_led_by(
    trick: &[Card],
    trump: Option<u8>,
    suit_of: impl Fn(Card) -> u8,
    strength: impl Fn(Card) -> u8,
) -> usize {
    // One key per card orders every card the rule compares: trumps above the led suit above the rest
    // (which never win), then strength within the suit. Cards of other off-suits share a tier, but
    // the leader's card always outranks them.
    let led = suit_of(trick[0]);
    let key = |c: Card| {
        let suit = suit_of(c);
        strength(c) as u32 | ((suit == led) as u32) << 8 | ((Some(suit) == trump) as u32) << 9
    };
    let (mut best, mut best_key) = (0, key(trick[0]));
    for (i, &c) in trick.iter().enumerate().skip(1) {
        let k = key(c);
        // Selects, not a branch: the winner is random in simulations, and a mispredicted branch
        // costs more than the whole comparison.
        best = if k > best_key { i } else { best };
        best_key = best_key.max(k);
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

    #[test]
    fn winner_is_the_strongest_trump_else_the_strongest_of_the_led_suit() {
        let d = Deck::italian40(FaceStyle::Italian);
        let strength = |c: Card| d.rank(c);
        let mut rng = crate::core::rng::Rng::new(9);
        for _ in 0..5000 {
            let n = 2 + rng.below(5) as usize;
            let mut cards = CardSet::EMPTY;
            while cards.len() < n {
                cards.insert(Card(rng.below(40) as u8));
            }
            // A random play order of the chosen cards.
            let mut trick: Vec<Card> = cards.iter().collect();
            for i in (1..n).rev() {
                trick.swap(i, rng.below(i as u32 + 1) as usize);
            }
            let trump = [None, Some(0), Some(1), Some(2), Some(3)][rng.below(5) as usize];
            let suit = |c: Card| d.suit(c);
            let contenders: Vec<usize> = match (0..n)
                .filter(|&i| Some(suit(trick[i])) == trump)
                .collect::<Vec<_>>()
            {
                trumps if !trumps.is_empty() => trumps,
                _ => (0..n).filter(|&i| suit(trick[i]) == suit(trick[0])).collect(),
            };
            let expected = *contenders.iter().max_by_key(|&&i| strength(trick[i])).unwrap();
            assert_eq!(
                highest_trump_else_led(&d, &trick, trump, strength),
                expected,
                "{trick:?} trump {trump:?}"
            );
        }
    }
}
