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

/// The duties of a player who does not lead, beyond following suit (always owed when able). Each
/// game states its own in one value; [`obliged`] applies them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Duties {
    /// Void in the led suit: play a trump if holding one (Tarok, Tysiąc, Calabrasella's partners).
    pub trump_when_void: bool,
    /// When trumping (void, or trumps led), beat the highest trump already in the trick if able;
    /// unable, any trump still must be played (the under-trump of French Tarot and pagat.com's Tarok).
    pub over_trump: bool,
    /// Following the led suit, beat its highest card in the trick if able (Klop, Beggar, Polish
    /// Tysiąc). Owed only while no trump lies on a plain-suit trick: a trumped trick cannot be headed
    /// in the led suit.
    pub head: bool,
}

/// The cards of `hand` a follower may play under `duties`. `led_cards`: every card of the led
/// *effective* suit; `trumps`: every trump (`CardSet::EMPTY` when there is no trump); `strength`
/// orders the cards within an effective suit. With nothing led, the whole hand.
pub fn obliged(
    duties: Duties,
    hand: CardSet,
    trick: &[Card],
    led_cards: CardSet,
    trumps: CardSet,
    strength: impl Fn(Card) -> u8,
) -> CardSet {
    if trick.is_empty() {
        return hand;
    }
    let best_in = |mask: CardSet| {
        trick
            .iter()
            .filter(|c| mask.contains(**c))
            .map(|&c| strength(c))
            .max()
    };
    // Cards of `pool` stronger than `best` (all of `pool` when there are none).
    let above = |pool: CardSet, best: Option<u8>| {
        let higher: CardSet = pool
            .iter()
            .filter(|&c| best.map_or(true, |b| strength(c) > b))
            .collect();
        if higher.is_empty() {
            pool
        } else {
            higher
        }
    };
    let same = hand & led_cards;
    if !same.is_empty() {
        let trumps_led = led_cards == trumps;
        return if trumps_led && duties.over_trump || duties.head && (trumps_led || best_in(trumps).is_none())
        {
            above(same, best_in(led_cards))
        } else {
            same
        };
    }
    let my_trumps = hand & trumps;
    if duties.trump_when_void && !my_trumps.is_empty() {
        return if duties.over_trump {
            above(my_trumps, best_in(trumps))
        } else {
            my_trumps
        };
    }
    hand
}

/// Hold-back rules (pagat ultimo, a card that may only be played last): `legal` without `held`,
/// unless nothing else is left.
#[inline]
pub fn hold_back(legal: CardSet, held: CardSet) -> CardSet {
    let rest = legal - held;
    if rest.is_empty() {
        legal
    } else {
        rest
    }
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

    /// Situations on the Italian pack (suits ♣ ♦ ♥ ♠ as C D H S; ranks A 2..7 J C K, strength by
    /// rank code here), hearts trumps.
    fn duties_case(duties: Duties, hand: &str, trick: &str) -> CardSet {
        let d = Deck::italian40(FaceStyle::Italian);
        let trick: Vec<Card> = trick.split_whitespace().map(|n| d.parse(n).unwrap()).collect();
        let trumps = d.suit_mask(2);
        let led = d.suit_mask(d.suit(trick[0]));
        obliged(duties, set(hand), &trick, led, trumps, |c| d.rank(c))
    }

    fn set(names: &str) -> CardSet {
        let d = Deck::italian40(FaceStyle::Italian);
        names.split_whitespace().map(|n| d.parse(n).unwrap()).collect()
    }

    #[test]
    fn following_suit_comes_first_and_voids_trump_only_when_the_rule_says_so() {
        let none = Duties::default();
        let trump = Duties {
            trump_when_void: true,
            ..Duties::default()
        };
        assert_eq!(
            duties_case(trump, "2S 5S 4H", "7S"),
            set("2S 5S"),
            "follow when able"
        );
        assert_eq!(
            duties_case(none, "2C 4H 6H", "7S"),
            set("2C 4H 6H"),
            "void: anything"
        );
        assert_eq!(
            duties_case(trump, "2C 4H 6H", "7S"),
            set("4H 6H"),
            "void: a trump"
        );
        assert_eq!(
            duties_case(trump, "2C 3D", "7S"),
            set("2C 3D"),
            "void of both: anything"
        );
    }

    #[test]
    fn over_trumping_beats_the_highest_trump_if_able_else_any_trump() {
        let over = Duties {
            trump_when_void: true,
            over_trump: true,
            ..Duties::default()
        };
        // 5H lies on the trick: 6H beats it, 4H does not.
        assert_eq!(duties_case(over, "2C 4H 6H", "7S 5H"), set("6H"));
        // 7H on the trick: nothing beats it, so any trump (an under-trump) is still owed.
        assert_eq!(duties_case(over, "2C 4H 6H", "7S 7H"), set("4H 6H"));
        // Trumps led: beat the highest trump when able (equal strength does not beat).
        assert_eq!(duties_case(over, "4H 6H 2C", "5H"), set("6H"));
        assert_eq!(duties_case(over, "4H 5H 2C", "5H"), set("4H 5H"));
    }

    #[test]
    fn heading_beats_the_highest_card_of_the_led_suit_unless_the_trick_is_trumped() {
        let head = Duties {
            head: true,
            ..Duties::default()
        };
        assert_eq!(duties_case(head, "2S 6S 4C", "3S 5S"), set("6S"), "6S beats 5S");
        assert_eq!(
            duties_case(head, "2S 4S 4C", "3S 5S"),
            set("2S 4S"),
            "unable: any spade"
        );
        assert_eq!(
            duties_case(head, "2S 6S 4C", "3S 2H"),
            set("2S 6S"),
            "trumped: any spade"
        );
        assert_eq!(duties_case(head, "2C 4C", "3S"), set("2C 4C"), "void: anything");
    }

    #[test]
    fn a_held_back_card_is_played_only_when_nothing_else_is_left() {
        assert_eq!(hold_back(set("AH 2H 3S"), set("AH")), set("2H 3S"));
        assert_eq!(hold_back(set("AH"), set("AH")), set("AH"));
    }
}
