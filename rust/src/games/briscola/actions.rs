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

/// The extra actions of one parameter set, in id order.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    kinds: Vec<Extra>,
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
        Layout { kinds }
    }
    /// Number of extra actions.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }
    /// The action at an offset.
    pub fn kind(&self, offset: u32) -> Extra {
        self.kinds[offset as usize]
    }
    /// The offset of an action, if this variant has it.
    pub fn offset(&self, kind: Extra) -> Option<u32> {
        self.kinds.iter().position(|k| *k == kind).map(|i| i as u32)
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
                _ => Extra::BidRank(*RANKS_HIGH_TO_LOW.iter().find(|&&r| rank_label(deck, r).eq_ignore_ascii_case(x))?),
            },
            ["call", rest @ ..] => Extra::Call(deck.parse(&rest.join(" ")).ok()?),
            _ => return None,
        };
        self.offset(kind)
    }
}

/// The printed label of an abstract rank in this deck (`A`, `3`, `K`, `C`, `J`, ... or `Q` in French
/// styles).
pub fn rank_label(deck: &Deck, rank: u8) -> String {
    let card = deck.find(0, rank).expect("every suit has every rank in the 40-card pack");
    let name = deck.name_of(card);
    name.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()).to_string()
}
