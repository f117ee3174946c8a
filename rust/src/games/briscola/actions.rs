//! Briscola's non-card actions (claims, the Chiamata auction and call, the trump exchange): which exist
//! for a given set of parameters, their names and parsing. Ids (offsets after the 40 card ids) come
//! from the engine's [`Layout`].

use crate::cards::{Card, Deck};
use crate::trick::actions::ActionKind;

/// Briscola's extra-action layout.
pub type Layout = crate::trick::actions::Layout<Extra>;

/// Abstract ranks of the Italian pack in auction order, highest first (A 3 R C F 7 6 5 4 2).
pub const RANKS_HIGH_TO_LOW: [u8; 10] = [1, 3, 10, 9, 8, 7, 6, 5, 4, 2];

/// One kind of extra action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Extra {
    /// American game: claim the match.
    Claim,
    /// Auction: pass (final).
    Pass,
    /// Points auction: a bid of 61..=120 card points.
    Bid(u8),
    /// Rank auction: the rank of the card to be called (abstract rank code); "2" stands for (2, 61).
    BidRank(u8),
    /// Rank auction after "2": (2, p) with p in 62..=120.
    BidTwo(u8),
    /// Name the called card.
    Call(Card),
    /// Take the face-up card in exchange for the qualifying trump (7 or 2).
    Exchange,
}

impl ActionKind for Extra {
    fn group_and_index(self) -> (usize, u32) {
        match self {
            Extra::Claim => (0, 0),
            Extra::Pass => (1, 0),
            Extra::Bid(p) => (2, p.wrapping_sub(61) as u32),
            Extra::BidRank(r) => (
                3,
                RANKS_HIGH_TO_LOW
                    .iter()
                    .position(|&x| x == r)
                    .unwrap_or(usize::MAX) as u32,
            ),
            Extra::BidTwo(p) => (4, p.wrapping_sub(62) as u32),
            Extra::Call(c) => (5, c.0 as u32),
            Extra::Exchange => (6, 0),
        }
    }
}

/// The extra actions of one parameter set, in id order: only the actions the variant can use get ids.
pub fn layout(deck: &Deck, claims: bool, points_auction: bool, rank_auction: bool, exchange: bool) -> Layout {
    let mut kinds = Vec::new();
    if claims {
        kinds.push(Extra::Claim);
    }
    if points_auction || rank_auction {
        kinds.push(Extra::Pass);
    }
    if points_auction {
        kinds.extend((61..=120).map(Extra::Bid));
    }
    if rank_auction {
        kinds.extend(RANKS_HIGH_TO_LOW.iter().map(|&r| Extra::BidRank(r)));
        kinds.extend((62..=120).map(Extra::BidTwo));
    }
    if points_auction || rank_auction {
        kinds.extend(deck.all().iter().map(Extra::Call));
    }
    if exchange {
        kinds.push(Extra::Exchange);
    }
    Layout::new(kinds)
}

/// The name of the action at `offset` (a pure function of the offset).
pub fn name(layout: &Layout, deck: &Deck, offset: u32) -> String {
    match layout.kind(offset) {
        Extra::Claim => "claim".into(),
        Extra::Pass => "pass".into(),
        Extra::Bid(p) => format!("bid {p}"),
        Extra::BidRank(r) => format!("bid {}", rank_label(deck, r)),
        Extra::BidTwo(p) => format!("bid 2 for {p}"),
        Extra::Call(c) => format!("call {}", deck.name_of(c)),
        Extra::Exchange => "exchange".into(),
    }
}

/// Parses a (lower-cased, trimmed) name written by `name`, or a common spelling of it.
pub fn parse(layout: &Layout, deck: &Deck, text: &str) -> Option<u32> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let kind = match words.as_slice() {
        ["claim"] | ["throw", "in"] => Extra::Claim,
        ["pass"] => Extra::Pass,
        ["exchange"] | ["swap"] => Extra::Exchange,
        ["bid", "2", "for", p] | ["bid", "2", p] | ["bid", "two", p] => Extra::BidTwo(p.parse().ok()?),
        ["bid", x] => match x.parse::<u8>() {
            Ok(p) if p >= 61 => Extra::Bid(p),
            _ => Extra::BidRank(
                *RANKS_HIGH_TO_LOW
                    .iter()
                    .find(|&&r| rank_label(deck, r).eq_ignore_ascii_case(x))?,
            ),
        },
        ["call", rest @ ..] => Extra::Call(deck.parse(&rest.join(" ")).ok()?),
        _ => return None,
    };
    layout.offset(kind)
}

/// The printed label of an abstract rank in this deck (`A`, `3`, `K`, `C`, `J`, ... or `Q` in French
/// styles).
pub fn rank_label(deck: &Deck, rank: u8) -> String {
    let card = deck
        .find(0, rank)
        .expect("every suit has every rank in the 40-card pack");
    let name = deck.name_of(card);
    name.trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::FaceStyle;

    #[test]
    fn offsets_and_kinds_are_inverse_for_every_variant() {
        let deck = Deck::italian40(FaceStyle::Italian);
        for bits in 0..16u8 {
            let [claims, points, rank, exchange] = [0, 1, 2, 3].map(|b| bits >> b & 1 == 1);
            let layout = layout(&deck, claims, points, rank, exchange);
            for i in 0..layout.len() as u32 {
                assert_eq!(layout.offset(layout.kind(i)), Some(i), "{bits:04b} offset {i}");
            }
            // Kinds the variant lacks, and values outside a group's range, have no offset.
            let absent = [
                Extra::Bid(60),
                Extra::Bid(121),
                Extra::BidTwo(61),
                Extra::BidRank(11),
                Extra::Call(Card(40)),
            ];
            assert!(absent.iter().all(|&k| layout.offset(k).is_none()), "{bits:04b}");
            assert_eq!(layout.offset(Extra::Claim).is_some(), claims);
            assert_eq!(layout.offset(Extra::Bid(61)).is_some(), points);
            assert_eq!(layout.offset(Extra::BidTwo(62)).is_some(), rank);
            assert_eq!(layout.offset(Extra::Call(Card(0))).is_some(), points || rank);
            assert_eq!(layout.offset(Extra::Exchange).is_some(), exchange);
        }
    }
}
