//! Briscola's non-card actions (claims, the Chiamata auction and call, the trump exchange): which exist
//! for a given set of parameters, their ids (offsets after the 40 card ids), names and parsing.

use crate::cards::{Card, Deck};

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

impl Extra {
    /// The group of a kind and its index inside the group: a group's ids are consecutive, so an
    /// offset is the group's first id plus this index (no search through the layout).
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

/// The extra actions of one parameter set, in id order.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    kinds: Vec<Extra>,
    /// First id of each group (see `Extra::group_and_index`), if the variant has it.
    first: [Option<u32>; 7],
}

impl Layout {
    /// Builds the list: only the actions the variant can use get ids.
    pub fn new(deck: &Deck, claims: bool, points_auction: bool, rank_auction: bool, exchange: bool) -> Self {
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
        let mut first = [None; 7];
        for (i, k) in kinds.iter().enumerate().rev() {
            first[k.group_and_index().0] = Some(i as u32);
        }
        Layout { kinds, first }
    }
    /// Number of extra actions.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }
    /// The action at an offset.
    pub fn kind(&self, offset: u32) -> Extra {
        self.kinds[offset as usize]
    }
    /// The offset of an action, if this variant has it. Constant time: the auction lists dozens of
    /// bids on every turn.
    pub fn offset(&self, kind: Extra) -> Option<u32> {
        let (group, index) = kind.group_and_index();
        let offset = self.first[group]?.checked_add(index)?;
        // Out-of-range indices (a bid of 130) land on another kind or past the end.
        (self.kinds.get(offset as usize) == Some(&kind)).then_some(offset)
    }
    /// A sink that turns the kinds extended into it into this layout's offsets, appended to `out`
    /// (kinds the variant lacks are skipped): legal-action lists without a temporary list of kinds.
    pub fn offsets_into<'a>(&'a self, out: &'a mut Vec<u32>) -> Offsets<'a> {
        Offsets { layout: self, out }
    }
    /// The name of the action at `offset` (a pure function of the offset).
    pub fn name(&self, deck: &Deck, offset: u32) -> String {
        match self.kind(offset) {
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
    pub fn parse(&self, deck: &Deck, text: &str) -> Option<u32> {
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
        self.offset(kind)
    }
}

/// See [`Layout::offsets_into`].
pub struct Offsets<'a> {
    layout: &'a Layout,
    out: &'a mut Vec<u32>,
}

impl Extend<Extra> for Offsets<'_> {
    fn extend<I: IntoIterator<Item = Extra>>(&mut self, kinds: I) {
        for kind in kinds {
            if let Some(offset) = self.layout.offset(kind) {
                self.out.push(offset);
            }
        }
    }
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
            let layout = Layout::new(&deck, claims, points, rank, exchange);
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
