//! Tysiąc (1000) for three players, Russian-style rules, one rules value over the trick engine.
//! Rules: pagat.com (1000), as this package implements them (see `ludoteca rules tysiac`).
//!
//! * Pack: 24 cards, A 10 K Q J 9 in each suit (that order, high to low); points A 11, 10 10, K 4,
//!   Q 3, J 2, 9 0 (120). Marriages (K+Q of a suit, declared): ♥ 100, ♦ 80, ♣ 60, ♠ 40.
//! * Deal: 7 each one at a time from F (the dealer's left), then 3 to the prikup (face down).
//! * Auction from F: F must open with at least 100; then bid higher (multiples of `bid_step`) or pass
//!   for good. Bids above `max_without_marriage` (120) need a K–Q pair in hand; `bid_cap=achievable`
//!   caps them at 120 plus the marriages held (else 400). Two passes end it.
//! * The declarer shows the prikup to everybody and takes it, gives one card face down to the left
//!   (`give X left`) and one to the right (`give X right`; only the receiver sees it), then names the
//!   final contract (`contract V`: the bid or more, the marriage rule applied to the 8-card hand) or
//!   abandons the hand (`rospisat`, not on the barrel). A player holding all four nines (8 cards;
//!   `four_nines_original_hand_only`: the 7 dealt) may then `annul` (the same dealer redeals) or
//!   `play on`.
//! * Play: the declarer leads; follow suit, else trump if a trump suit exists; no duty to beat
//!   (`must_overtake` adds it: head the trick, over-trump). A leader who won the previous trick (never
//!   the first lead, unless `marriage_on_first_lead`) may `marry S` holding K and Q of S and must then
//!   lead one of them: the marriage counts for that player and S is trump at once, until the next.
//! * Scoring: the declarer scores ± the contract (made with card points + marriages ≥ contract); each
//!   opponent scores their points rounded to 5 (to 10 in the Polish preset, ties up).
//! * `scope=match`: the race to 1000, with the barrel (880: scores in [880, 1000) are set to 880; three
//!   deals to win as declarer with 120+, else −120), bolts (an opponent off the barrel taking no card
//!   points; every third costs 120), rospisat' P marks (every third costs 120). Several reaching 1000
//!   in one deal: the declarer, else the higher score, else the first from F clockwise.
//!
//! Action ids: the 24 cards (♣ ♦ ♥ ♠, 9 10 J Q K A), then the extra actions of [`Extra`] offsets:
//! `pass` 0, `bid 100..400` 1–61, `give X left` 62+card, `give X right` 86+card, `contract
//! 100..400` 110–170, `rospisat` 171, `marry ♣/♦/♥/♠` 172–175, `annul` 176, `play on` 177.

mod bot;
mod score;

pub use score::{round_opponent, Settlement};

use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::{LudoError, Result};
use crate::trick::auction::{push_steps, Ascending, AscendingBid, AuctionEnd};
use crate::trick::follow::{obliged, Duties};
use crate::trick::Session;
use crate::trick::{
    AfterDeal, DealOutcome, Effect, Slot, SuitTables, TrickCore, TrickGame, TrickMut, TrickRules, TrickState,
    TrickView, SCOPE_PARAM,
};

/// The registered game type.
pub type Tysiac = TrickGame<TysiacRules>;
/// The registry's name for the game type.
pub type Type = Tysiac;
/// A Tysiąc position.
pub type TysiacState = TrickState<TysiacRules>;

/// Seats at most (four-handed: the dealer sits out). Per-seat arrays have this size.
pub(crate) const SEATS: usize = 4;
/// Suits in deck order.
const CLUBS: u8 = 0;
const DIAMONDS: u8 = 1;
const HEARTS: u8 = 2;
const SPADES: u8 = 3;
/// Marriage values by suit (♣ ♦ ♥ ♠).
pub const MARRIAGE: [i32; 4] = [60, 80, 100, 40];
/// Offsets of the extra actions.
pub(crate) const PASS: u32 = 0;
pub(crate) const BID: u32 = 1;
pub(crate) const GIVE_LEFT: u32 = 62;
pub(crate) const GIVE_RIGHT: u32 = 86;
pub(crate) const CONTRACT: u32 = 110;
pub(crate) const ROSPISAT: u32 = 171;
pub(crate) const MARRY: u32 = 172;
pub(crate) const ANNUL: u32 = 176;
pub(crate) const PLAY_ON: u32 = 177;
/// Two-handed: the declarer takes the first or the second musik, then discards two cards.
pub(crate) const MUSIK: u32 = 178;
pub(crate) const DISCARD: u32 = 180;
const NUM_EXTRA: u32 = 204;
const MIN_BID: u16 = 100;
const MAX_BID: u16 = 400;
/// A single deal annulled by four nines this many times (adversarial chance only) is a draw.
const MAX_REDEALS: usize = 50;
/// A race to 1000 not over after this many deals (it always is in practice) is a draw.
const MAX_MATCH_DEALS: usize = 1000;

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "polish", "two_handed", "four_handed"]), default: D::Str("seed"), doc: "seed: Russian-style rules (bids in 5s, rounding to 5, barrel, bolts, rospisat'); polish: bids in 10s, rounding to 10, must beat, opponents at 800+ score nothing; two_handed: the Polish rules for two players with two musiki; four_handed: the seed rules for four, the dealer sitting out" },
    SCOPE_PARAM,
    ParamSpec { name: "players", kind: Kind::Int { min: 2, max: 4 }, default: D::Int(3), doc: "3; 2: 10 cards each and two musiki of 2, the declarer takes one and discards 2; 4: the dealer deals to the other three and sits the deal out" },
    // Numbers as integers, never as choice words: OpenSpiel reads a numeric word back as an int.
    ParamSpec { name: "bid_step", kind: Kind::Int { min: 5, max: 10 }, default: D::Int(5), doc: "bids and contracts are multiples of this: 5 or 10" },
    ParamSpec { name: "max_without_marriage", kind: Kind::Int { min: 100, max: 400 }, default: D::Int(120), doc: "highest bid without a king-queen pair in hand" },
    ParamSpec { name: "bid_cap", kind: Kind::Choice(&["400_points", "achievable"]), default: D::Str("400_points"), doc: "highest bid: 400_points (every card and marriage), or achievable (120 plus the marriages held)" },
    ParamSpec { name: "raise_requires_marriage_over_120", kind: Kind::Bool, default: D::Bool(true), doc: "a final contract raised above max_without_marriage needs a king-queen pair in the 8-card hand" },
    ParamSpec { name: "marriage_on_first_lead", kind: Kind::Bool, default: D::Bool(false), doc: "the declarer may announce a marriage on the first lead" },
    ParamSpec { name: "must_overtake", kind: Kind::Bool, default: D::Bool(false), doc: "a follower must beat the trick when able (head the led suit, over-trump)" },
    ParamSpec { name: "pass_cards_face_up", kind: Kind::Bool, default: D::Bool(false), doc: "the two cards the declarer gives are shown to everybody (default: face down, seen by the receiver)" },
    ParamSpec { name: "four_nines_original_hand_only", kind: Kind::Bool, default: D::Bool(false), doc: "only the four nines of the 7 cards dealt annul the hand (default: the 8 cards after the exchange)" },
    ParamSpec { name: "opponent_rounding", kind: Kind::Int { min: 5, max: 10 }, default: D::Int(5), doc: "opponents' points are rounded to the nearest multiple of this, 5 or 10 (ties up)" },
    ParamSpec { name: "opponent_score_limit", kind: Kind::Int { min: 0, max: 1000 }, default: D::Int(0), doc: "0: none; else a player with at least this score scores only as declarer (Polish 800)" },
    ParamSpec { name: "barrel", kind: Kind::Bool, default: D::Bool(true), doc: "the barrel: scores in [threshold, 1000) are set to the threshold" },
    ParamSpec { name: "barrel_threshold", kind: Kind::Int { min: 50, max: 9995 }, default: D::Int(880), doc: "score of the barrel (no barrel when it is not below target)" },
    ParamSpec { name: "barrel_deals", kind: Kind::Int { min: 1, max: 10 }, default: D::Int(3), doc: "deals on the barrel before falling off" },
    ParamSpec { name: "barrel_fall_penalty", kind: Kind::Int { min: 0, max: 500 }, default: D::Int(120), doc: "points lost on falling off the barrel" },
    ParamSpec { name: "barrel_min_bid", kind: Kind::Int { min: 0, max: 400 }, default: D::Int(0), doc: "0: none; else a player on the barrel may not bid below this" },
    ParamSpec { name: "barrel_exclusive", kind: Kind::Bool, default: D::Bool(false), doc: "a player going onto the barrel knocks off whoever is already on it" },
    ParamSpec { name: "bolts", kind: Kind::Bool, default: D::Bool(true), doc: "bolts: an opponent off the barrel taking nothing gets a mark; every third costs bolt_penalty" },
    ParamSpec { name: "bolt_trigger", kind: Kind::Choice(&["zero_card_points", "zero_points", "zero_after_rounding", "no_tricks"]), default: D::Str("zero_card_points"), doc: "what gives a bolt: no card points in tricks; no points with marriages; zero after rounding; no trick" },
    ParamSpec { name: "bolt_penalty", kind: Kind::Int { min: 0, max: 500 }, default: D::Int(120), doc: "points lost at every third bolt" },
    ParamSpec { name: "rospisat", kind: Kind::Bool, default: D::Bool(true), doc: "the declarer may abandon the hand at the final contract (a P mark; opponents score rospisat_opponent_award)" },
    ParamSpec { name: "rospisat_opponent_award", kind: Kind::Int { min: 0, max: 200 }, default: D::Int(60), doc: "points each opponent scores when the declarer abandons" },
    ParamSpec { name: "rospisat_penalty", kind: Kind::Int { min: 0, max: 500 }, default: D::Int(120), doc: "points lost at every third P mark" },
    ParamSpec { name: "target", kind: Kind::Int { min: 100, max: 10000 }, default: D::Int(1000), doc: "scope=match: the score that wins" },
    ParamSpec { name: "first_dealer", kind: Kind::Int { min: -1, max: 3 }, default: D::Int(-1), doc: "seat of the first dealer (below players); -1 = the last seat, so seat 0 opens the auction" },
];

static PRESETS: &[crate::core::game::Preset] = &[
    ("seed", &[]),
    (
        "polish",
        &[
            ("bid_step", "10"),
            ("opponent_rounding", "10"),
            ("must_overtake", "true"),
            ("opponent_score_limit", "800"),
        ],
    ),
    (
        "two_handed",
        &[
            ("players", "2"),
            ("bid_step", "10"),
            ("opponent_rounding", "10"),
            ("must_overtake", "true"),
            ("opponent_score_limit", "800"),
        ],
    ),
    ("four_handed", &[("players", "4")]),
];

static INFO: GameInfo = GameInfo {
    short_name: "tysiac",
    long_name: "Tysiąc (1000)",
    params: PARAMS,
    presets: PRESETS,
    version: 2,
    rules: "Three players, 24 cards (A 10 K Q J 9; A 11, 10 10, K 4, Q 3, J 2: 120 points), 7 each and \
3 in the prikup. Marriages (K+Q): hearts 100, diamonds 80, clubs 60, spades 40. The dealer's left must \
open at 100 or more; bid in 5s or pass for good; over 120 needs a marriage in hand. The declarer shows \
and takes the prikup, gives a card face down to each opponent and names the final contract (at least \
the bid) or abandons (rospisat': opponents +60, a P mark). The declarer leads; follow suit, else trump \
if there is one; no need to beat. Leading after winning a trick, a player holding K and Q may declare \
the marriage: its suit is trump at once. The declarer scores plus or minus the contract; opponents \
their points rounded to 5. Match: first to 1000, with the barrel at 880 (three deals to win), bolts and \
P marks (every third costs 120). Four nines in one hand annul the deal. As described at pagat.com \
(1000) for the Russian game; ruleset=polish plays bids in 10s, rounding to 10 and the duty to beat. \
players=2 (ruleset=two_handed, Polish rules as at zagraj.pl): 10 cards each and two musiki of 2; the \
declarer takes one (shown), discards 2 face down (they count for the declarer; the other musik for \
nobody) and plays 10 tricks. players=4 (ruleset=four_handed, pagat.com): the dealer sits each deal out.",
    bots: &["random", "greedy"],
    examples: &[
        "tysiac",
        "tysiac(ruleset=polish)",
        "tysiac(scope=match,target=100)",
        "tysiac(scope=match,ruleset=polish,target=100,bolt_trigger=zero_points)",
        "tysiac(scope=match,target=100,barrel_threshold=70,barrel_exclusive=true,barrel_min_bid=120,bolt_trigger=no_tricks)",
        "tysiac(bid_cap=achievable,marriage_on_first_lead=true,four_nines_original_hand_only=true,pass_cards_face_up=true)",
        "tysiac(ruleset=two_handed)",
        "tysiac(ruleset=four_handed)",
        "tysiac(ruleset=four_handed,scope=match,target=300,barrel_threshold=250)",
        "tysiac(ruleset=two_handed,scope=match,target=300,barrel_threshold=250)",
    ],
};

/// Where a deal stands (the engine's phase says Bidding for the first four).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    #[default]
    Auction,
    /// The declarer gives a card to the left (0) or to the right (1).
    Give(u8),
    /// Two-handed: the declarer takes one of the two musiki.
    Musik,
    /// Two-handed: the declarer discards a first (0) and a second (1) card face down.
    Discard(u8),
    /// The declarer names the final contract or abandons.
    Contract,
    /// The holder of four nines decides whether to annul.
    Nines(u8),
    Play,
    /// The hand ended by rospisat' or annulment, or all tricks are played.
    Done,
}

/// A bid of the auction (points).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Points(pub u16);

impl AscendingBid for Points {
    fn is_maximal(self) -> bool {
        self.0 >= MAX_BID
    }
}

/// Per-deal state.
#[derive(Clone, Debug, Default)]
pub struct Extra {
    pub stage: Stage,
    pub auction: Ascending<Points>,
    pub declarer: Option<usize>,
    /// The standing bid, then the final contract.
    pub contract: u16,
    /// The prikup as dealt (public once the auction is over).
    pub prikup: CardSet,
    /// The cards given to the left and to the right opponent of the declarer.
    pub given: [Option<Card>; 2],
    /// Two-handed: the musik taken (0 or 1) and the two cards discarded (they count for the declarer).
    pub musik: Option<u8>,
    pub discards: CardSet,
    /// The trump suit: the last marriage declared.
    pub trump: Option<u8>,
    /// A marriage just declared: its king or queen must be led now.
    pub pending: Option<u8>,
    /// Marriage points declared per seat.
    pub marriages: [i32; SEATS],
    /// Suits of declared marriages per seat (bit per suit).
    pub married: [u8; SEATS],
    pub rospisat: bool,
    pub annulled: bool,
    /// The seat holding four nines in the 7 cards dealt, if any.
    pub nines_dealt: Option<usize>,
    /// The deal's effect on the scores, computed when it ends (what `score_deal` reports).
    pub settlement: Settlement,
}

/// What the race to 1000 keeps across deals (public): barrel state, bolts, P marks, the winner.
#[derive(Clone, Debug, Default)]
pub struct Match {
    pub on_barrel: [bool; SEATS],
    /// Completed deals each barrel player has sat on the barrel.
    pub barrel_deals: [u8; SEATS],
    pub bolts: [u8; SEATS],
    pub p_marks: [u8; SEATS],
    pub winner: Option<usize>,
}

/// What gives a bolt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoltTrigger {
    ZeroCardPoints,
    ZeroPoints,
    ZeroAfterRounding,
    NoTricks,
}

/// Tysiąc rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct TysiacRules {
    deck: Deck,
    /// 2, 3 or 4 seats; three of them play a deal unless two play.
    pub(crate) players: usize,
    /// Tricks in a deal: 10 with two players, else 8.
    tricks: usize,
    tables: SuitTables,
    session: Session,
    pub(crate) bid_step: u16,
    pub(crate) max_without_marriage: u16,
    pub(crate) achievable_cap: bool,
    pub(crate) raise_needs_marriage: bool,
    pub(crate) marriage_on_first_lead: bool,
    pub(crate) must_overtake: bool,
    pub(crate) nines_dealt_only: bool,
    pub(crate) gives_face_up: bool,
    pub(crate) rounding: i32,
    pub(crate) opponent_limit: i32,
    pub(crate) barrel: bool,
    pub(crate) barrel_threshold: i32,
    pub(crate) barrel_deals: u8,
    pub(crate) barrel_fall: i32,
    pub(crate) barrel_min_bid: u16,
    pub(crate) barrel_exclusive: bool,
    pub(crate) bolts: bool,
    pub(crate) bolt_trigger: BoltTrigger,
    pub(crate) bolt_penalty: i32,
    pub(crate) rospisat: bool,
    pub(crate) rospisat_award: i32,
    pub(crate) rospisat_penalty: i32,
    pub(crate) target: i32,
    /// K and Q of each suit.
    pairs: [CardSet; 4],
    nines: CardSet,
}

fn bid_of(offset: u32, base: u32) -> u16 {
    MIN_BID + 5 * (offset - base) as u16
}

impl TysiacRules {
    /// K and Q of `suit`.
    pub fn pair(&self, suit: u8) -> CardSet {
        self.pairs[suit as usize]
    }
    /// The marriages held in `hand` (bit per suit).
    pub fn marriages_in(&self, hand: CardSet) -> u8 {
        (0..4u8)
            .filter(|&s| (hand & self.pairs[s as usize]) == self.pairs[s as usize])
            .fold(0, |m, s| m | 1 << s)
    }
    /// The highest bid `hand` allows (the marriage rule and the cap).
    pub fn bid_limit(&self, hand: CardSet) -> u16 {
        let m = self.marriages_in(hand);
        if m == 0 {
            return self
                .max_without_marriage
                .min(if self.achievable_cap { 120 } else { MAX_BID });
        }
        if self.achievable_cap {
            let held: i32 = (0..4).filter(|s| m >> s & 1 == 1).map(|s| MARRIAGE[s]).sum();
            (120 + held) as u16
        } else {
            MAX_BID
        }
    }
    /// Card points of a set.
    pub fn card_points(&self, set: CardSet) -> i32 {
        self.tables.points_of(set)
    }
    /// The seat the declarer gives to: left (`side` 0) or right (1), among the seats in the deal.
    pub fn receiver(core: &TrickCore, declarer: usize, side: usize) -> usize {
        core.seat_after(declarer, 1 + side)
    }
    /// The seats in a deal by `dealer` (bit per seat): four-handed, the dealer sits out.
    fn seats_in_deal(&self, dealer: usize) -> u8 {
        let all = (1u8 << self.players) - 1;
        if self.players == 4 {
            all & !(1 << dealer)
        } else {
            all
        }
    }
    /// Bids the seat to move may make now (offsets), in the auction.
    fn legal_bids(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView {
            core,
            extra,
            match_state,
        } = v;
        let seat = core.to_move;
        let opening = extra.auction.high.is_none();
        if !opening {
            out.push(PASS);
        }
        let low = extra.auction.high.map_or(MIN_BID, |(b, _)| b.0 + self.bid_step);
        let low = if self.barrel && match_state.on_barrel[seat] {
            low.max(self.barrel_min_bid)
        } else {
            low
        };
        let high = self.bid_limit(core.hands[seat]);
        let b = low.div_ceil(self.bid_step) * self.bid_step;
        // Every multiple of the step from `b` to `high`: offsets `bid / 5` apart by `step / 5`.
        let count = self.bid_steps(b, high);
        push_steps(
            out,
            BID + ((b - MIN_BID) / 5) as u32,
            (self.bid_step / 5) as u32,
            count,
        );
        if opening && count == 0 {
            // Unreachable with the parameter bounds (100 is always allowed unless a barrel minimum above
            // the hand's limit): the forehand then opens at the lowest bid it may make at all.
            out.push(BID + ((low.min(MAX_BID) - MIN_BID) / 5) as u32);
        }
    }
    /// Number of bids `b, b + step, ...` up to `high` (`b` and the step multiples of 5).
    fn bid_steps(&self, b: u16, high: u16) -> usize {
        if b > high {
            0
        } else {
            ((high - b) / self.bid_step) as usize + 1
        }
    }
    /// Final contracts open to the declarer (offsets): the bid, or a raise the 8-card hand allows.
    fn legal_contracts(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView {
            core,
            extra,
            match_state,
        } = v;
        let d = extra.declarer.expect("declarer");
        let hand = core.hands[d];
        let mut high = if self.raise_needs_marriage {
            self.bid_limit(hand)
        } else if self.achievable_cap {
            self.bid_limit(hand).max(120 + self.max_marriages_total(hand))
        } else {
            MAX_BID
        };
        high = high.max(extra.contract);
        let b = extra.contract;
        let count = self.bid_steps(b, high);
        push_steps(
            out,
            CONTRACT + ((b - MIN_BID) / 5) as u32,
            (self.bid_step / 5) as u32,
            count,
        );
        if self.rospisat && !(self.barrel && match_state.on_barrel[d]) {
            out.push(ROSPISAT);
        }
    }
    fn max_marriages_total(&self, hand: CardSet) -> u16 {
        let m = self.marriages_in(hand);
        (0..4)
            .filter(|s| m >> s & 1 == 1)
            .map(|s| MARRIAGE[s] as u16)
            .sum()
    }
    /// The seat that may annul with four nines now, if any.
    fn nines_holder(&self, v: TrickView<'_, Self>) -> Option<usize> {
        if self.nines_dealt_only {
            return v.extra.nines_dealt;
        }
        (0..self.players).find(|&s| (v.core.hands[s] & self.nines) == self.nines)
    }
    /// Marriages the leader may declare now (bit per suit).
    pub fn declarable(&self, v: TrickView<'_, Self>) -> u8 {
        let TrickView { core, extra, .. } = v;
        if extra.stage != Stage::Play || core.trick_len > 0 || extra.pending.is_some() {
            return 0;
        }
        // The leader of a later trick won the previous one; the first lead is the declarer's.
        if core.tricks_played == 0 && !self.marriage_on_first_lead {
            return 0;
        }
        self.marriages_in(core.hands[core.to_move])
    }
}

impl TrickRules for TysiacRules {
    type Extra = Extra;
    type Match = Match;
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let deck = Deck::french24();
        let strength = |rank: u8| match rank {
            9 => 0,
            11 => 1,
            12 => 2,
            13 => 3,
            10 => 4,
            _ => 5,
        };
        let points = |rank: u8| match rank {
            14 => 11,
            10 => 10,
            13 => 4,
            12 => 3,
            11 => 2,
            _ => 0,
        };
        let n = deck.len();
        let tables = SuitTables::new(
            (0..n).map(|i| deck.suit(Card(i as u8))).collect(),
            (0..n).map(|i| strength(deck.rank(Card(i as u8)))).collect(),
            (0..n).map(|i| points(deck.rank(Card(i as u8)))).collect(),
        );
        let find = |s: u8, r: u8| deck.find(s, r).expect("card in the 24-card pack");
        let pairs = [CLUBS, DIAMONDS, HEARTS, SPADES]
            .map(|s| CardSet::single(find(s, 13)) | CardSet::single(find(s, 12)));
        let nines = (0..4u8).map(|s| find(s, 9)).collect();
        let five_or_ten = |key: &str| match p.int(key) {
            v @ (5 | 10) => Ok(v),
            v => Err(LudoError::param(key, format!("must be 5 or 10, got {v}"))),
        };
        let bid_step = five_or_ten("bid_step")? as u16;
        let rounding = five_or_ten("opponent_rounding")? as i32;
        let max_without = p.int("max_without_marriage") as u16;
        if max_without % 5 != 0 {
            return Err(LudoError::param(
                "max_without_marriage",
                "must be a multiple of 5 (bids are multiples of 5)",
            ));
        }
        let min_bid = p.int("barrel_min_bid") as u16;
        if min_bid > 0 && (min_bid < MIN_BID || min_bid % 5 != 0) {
            return Err(LudoError::param(
                "barrel_min_bid",
                "0 (none) or a multiple of 5 from 100 to 400",
            ));
        }
        let players = p.int("players") as usize;
        let session = Session::read(p, players, None)?;
        Ok(TysiacRules {
            players,
            tricks: if players == 2 { 10 } else { 8 },
            tables,
            session,
            bid_step,
            max_without_marriage: max_without,
            achievable_cap: p.str("bid_cap") == "achievable",
            raise_needs_marriage: p.bool("raise_requires_marriage_over_120"),
            marriage_on_first_lead: p.bool("marriage_on_first_lead"),
            must_overtake: p.bool("must_overtake"),
            nines_dealt_only: p.bool("four_nines_original_hand_only"),
            gives_face_up: p.bool("pass_cards_face_up"),
            rounding,
            opponent_limit: p.int("opponent_score_limit") as i32,
            barrel: p.bool("barrel"),
            barrel_threshold: p.int("barrel_threshold") as i32,
            barrel_deals: p.int("barrel_deals") as u8,
            barrel_fall: p.int("barrel_fall_penalty") as i32,
            barrel_min_bid: min_bid,
            barrel_exclusive: p.bool("barrel_exclusive"),
            bolts: p.bool("bolts"),
            bolt_trigger: match p.str("bolt_trigger") {
                "zero_points" => BoltTrigger::ZeroPoints,
                "zero_after_rounding" => BoltTrigger::ZeroAfterRounding,
                "no_tricks" => BoltTrigger::NoTricks,
                _ => BoltTrigger::ZeroCardPoints,
            },
            bolt_penalty: p.int("bolt_penalty") as i32,
            rospisat: p.bool("rospisat"),
            rospisat_award: p.int("rospisat_opponent_award") as i32,
            rospisat_penalty: p.int("rospisat_penalty") as i32,
            target: p.int("target") as i32,
            pairs,
            nines,
            deck,
        })
    }

    fn deck(&self) -> &Deck {
        &self.deck
    }
    fn num_players(&self) -> usize {
        self.players
    }
    fn session(&self) -> Option<&Session> {
        Some(&self.session)
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        // The deal: p[0..21) round-robin from F, p[21..24) the prikup. Four-handed, the same
        // to the three seats after the dealer; two-handed, p[0..20) alternately from F and p[20..24)
        // the two musiki (20–21 the first, 22–23 the second).
        let n = self.players;
        let hands = if n == 2 { 20 } else { 21 };
        match k {
            k if k < hands => Some(Slot::Hand(match n {
                2 => (dealer + 1 + k % 2) % 2,
                3 => (dealer + 1 + k % 3) % 3,
                _ => (dealer + 1 + k % 3) % 4,
            })),
            k if k < 24 => Some(Slot::Talon),
            _ => None,
        }
    }
    fn active_seats(&self, dealer: usize) -> u8 {
        self.seats_in_deal(dealer)
    }
    fn next_dealer(&self, v: TrickView<'_, Self>) -> usize {
        // Four nines: the same dealer deals again.
        if v.extra.annulled {
            v.core.dealer
        } else {
            v.core.next_seat(v.core.dealer)
        }
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let TrickMut { core, extra, .. } = s;
        // Two-handed, only the musik taken is ever shown.
        extra.prikup = if self.players == 2 {
            CardSet::EMPTY
        } else {
            core.talon
        };
        extra.nines_dealt = (0..self.players).find(|&p| (core.hands[p] & self.nines) == self.nines);
        // The seat sitting out takes no part in the auction.
        for p in 0..self.players {
            extra.auction.passed[p] = !core.is_active(p);
        }
        let f = core.next_seat(core.dealer);
        core.start_bidding(f);
        AfterDeal::Continue
    }

    fn trump(&self, v: TrickView<'_, Self>) -> Option<u8> {
        v.extra.trump
    }
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        Some(&self.tables)
    }
    fn legal_plays(&self, v: TrickView<'_, Self>, hand: CardSet) -> CardSet {
        let TrickView { core, extra, .. } = v;
        if core.trick_len == 0 {
            // A marriage just announced: its king or queen is led.
            return match extra.pending {
                Some(s) => hand & self.pairs[s as usize],
                None => hand,
            };
        }
        let led = self.tables.masks[self.tables.eff_suit[core.trick[0].idx()] as usize];
        let trumps = extra
            .trump
            .map_or(CardSet::EMPTY, |t| self.tables.masks[t as usize]);
        let duties = Duties {
            trump_when_void: true,
            over_trump: self.must_overtake,
            head: self.must_overtake,
        };
        obliged(duties, hand, core.trick_cards(), led, trumps, |c| {
            self.tables.strength[c.idx()]
        })
    }
    fn illegal_play_reason(&self, v: TrickView<'_, Self>, _card: Card) -> String {
        let TrickView { core, extra, .. } = v;
        match (core.led_card(), extra.pending) {
            (None, Some(s)) => format!(
                "a marriage in {} was announced: lead its king or queen",
                self.deck.suits()[s as usize].name
            ),
            (Some(led), _) => {
                let suit = self.deck.suits()[self.deck.suit(led) as usize].name;
                let mut r = format!("follow {suit} if you can, else play a trump if there is one");
                if self.must_overtake {
                    r.push_str(", beating the trick when you can");
                }
                r
            }
            _ => "not allowed now".to_string(),
        }
    }

    fn num_extra_actions(&self) -> usize {
        NUM_EXTRA as usize
    }
    fn extra_actions_in_play(&self) -> bool {
        // Marriage announcements.
        true
    }
    fn extras_possible(&self, v: TrickView<'_, Self>) -> bool {
        // In play, only a marriage at a lead.
        self.declarable(v) != 0
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        match extra.stage {
            Stage::Auction => self.legal_bids(v, out),
            Stage::Give(side) => {
                let base = if side == 0 { GIVE_LEFT } else { GIVE_RIGHT };
                out.extend(core.hands[core.to_move].iter().map(|c| base + c.0 as u32));
            }
            Stage::Musik => out.extend([MUSIK, MUSIK + 1]),
            Stage::Discard(_) => out.extend(core.hands[core.to_move].iter().map(|c| DISCARD + c.0 as u32)),
            Stage::Contract => self.legal_contracts(v, out),
            Stage::Nines(_) => out.extend([ANNUL, PLAY_ON]),
            Stage::Play => {
                let m = self.declarable(v);
                out.extend((0..4u32).filter(|s| m >> s & 1 == 1).map(|s| MARRY + s));
            }
            Stage::Done => {}
        }
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut {
            core,
            extra,
            match_state,
        } = s;
        let seat = core.to_move;
        match offset {
            PASS | BID..GIVE_LEFT => {
                let bid = (offset != PASS).then(|| Points(bid_of(offset, BID)));
                match extra.auction.act(seat, bid, self.players) {
                    AuctionEnd::Next(next) => core.to_move = next,
                    AuctionEnd::Won(d) if self.players == 2 => {
                        extra.declarer = Some(d);
                        extra.contract = extra.auction.high.map_or(MIN_BID, |(b, _)| b.0);
                        extra.stage = Stage::Musik;
                        core.to_move = d;
                    }
                    AuctionEnd::Won(d) => {
                        extra.declarer = Some(d);
                        extra.contract = extra.auction.high.map_or(MIN_BID, |(b, _)| b.0);
                        // The prikup is turned up for everybody, then taken: its cards are known to
                        // be the declarer's until the gives hide which ones left.
                        core.expose_talon();
                        core.take_from_talon(d, core.talon);
                        extra.stage = Stage::Give(0);
                        core.to_move = d;
                    }
                    // The forehand must open, so somebody always holds a bid.
                    AuctionEnd::AllPassed => unreachable!("the forehand always bids"),
                }
            }
            GIVE_LEFT..CONTRACT => {
                let side = usize::from(offset >= GIVE_RIGHT);
                let card = Card((offset - if side == 0 { GIVE_LEFT } else { GIVE_RIGHT }) as u8);
                core.hands[seat].remove(card);
                let to = Self::receiver(core, seat, side);
                core.hands[to].insert(card);
                // Face down: the others no longer know which prikup cards the declarer still holds.
                core.known[seat] = CardSet::EMPTY;
                if self.gives_face_up {
                    core.known[to].insert(card);
                }
                extra.given[side] = Some(card);
                extra.stage = if side == 0 {
                    Stage::Give(1)
                } else {
                    Stage::Contract
                };
            }
            MUSIK..DISCARD => {
                // The chosen musik is shown to the other player and taken; the other stays face down.
                let k = (offset - MUSIK) as usize;
                let musik = core.talon_groups(2).nth(k).unwrap_or(CardSet::EMPTY);
                core.take_from_talon(seat, musik);
                core.known[seat] |= musik;
                extra.musik = Some(k as u8);
                extra.prikup = musik;
                extra.stage = Stage::Discard(0);
            }
            DISCARD.. => {
                // Face down beside the unchosen musik (the talon is never shown two-handed; a stock
                // card would be drawn): it counts for the declarer, and the other player no longer
                // knows which musik cards are kept.
                let card = Card((offset - DISCARD) as u8);
                core.hands[seat].remove(card);
                core.talon.insert(card);
                core.known[seat] = CardSet::EMPTY;
                extra.discards.insert(card);
                extra.stage = if extra.stage == Stage::Discard(0) {
                    Stage::Discard(1)
                } else {
                    Stage::Contract
                };
            }
            CONTRACT..ROSPISAT => {
                extra.contract = bid_of(offset, CONTRACT);
                match self.nines_holder(TrickView::new(core, extra, match_state)) {
                    Some(h) => {
                        extra.stage = Stage::Nines(h as u8);
                        core.to_move = h;
                    }
                    None => {
                        extra.stage = Stage::Play;
                        core.start_play(seat);
                    }
                }
            }
            ROSPISAT => {
                extra.rospisat = true;
                extra.stage = Stage::Done;
                extra.settlement = self.settle(core, extra, match_state);
                return Effect::EndDeal;
            }
            MARRY..ANNUL => {
                let suit = (offset - MARRY) as u8;
                extra.trump = Some(suit);
                extra.pending = Some(suit);
                extra.marriages[seat] += MARRIAGE[suit as usize];
                extra.married[seat] |= 1 << suit;
            }
            ANNUL => {
                extra.annulled = true;
                extra.stage = Stage::Done;
                return Effect::EndDeal;
            }
            PLAY_ON..MUSIK => {
                // Play on: the declarer leads.
                extra.stage = Stage::Play;
                core.start_play(extra.declarer.expect("declarer"));
            }
        }
        Effect::Continue
    }
    fn extra_name(&self, offset: u32) -> String {
        let card = |o: u32| self.deck.name_of(Card(o as u8)).to_string();
        match offset {
            PASS => "pass".into(),
            BID..GIVE_LEFT => format!("bid {}", bid_of(offset, BID)),
            GIVE_LEFT..GIVE_RIGHT => format!("give {} left", card(offset - GIVE_LEFT)),
            GIVE_RIGHT..CONTRACT => format!("give {} right", card(offset - GIVE_RIGHT)),
            CONTRACT..ROSPISAT => format!("contract {}", bid_of(offset, CONTRACT)),
            ROSPISAT => "rospisat".into(),
            MARRY..ANNUL => format!("marry {}", self.deck.suits()[(offset - MARRY) as usize].symbol),
            ANNUL => "annul".into(),
            PLAY_ON => "play on".into(),
            MUSIK..DISCARD => format!("musik {}", offset - MUSIK + 1),
            _ => format!("discard {}", card(offset - DISCARD)),
        }
    }
    fn extra_visible_at(&self, v: TrickView<'_, Self>, offset: u32, actor: usize, viewer: usize) -> bool {
        // A given card is seen by the declarer and its receiver only (unless given face up); a
        // discard by the declarer only.
        match offset {
            _ if viewer == actor => true,
            DISCARD.. => false,
            _ if self.gives_face_up => true,
            GIVE_LEFT..GIVE_RIGHT => viewer == Self::receiver(v.core, actor, 0),
            GIVE_RIGHT..CONTRACT => viewer == Self::receiver(v.core, actor, 1),
            _ => true,
        }
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        let number = |rest: &str, base: u32| {
            let v: u16 = rest.trim().parse().ok()?;
            (MIN_BID..=MAX_BID)
                .contains(&v)
                .then_some(())
                .filter(|_| v % 5 == 0)
                .map(|_| base + ((v - MIN_BID) / 5) as u32)
        };
        match text {
            "pass" => return Some(PASS),
            "rospisat" | "rospisat'" | "росписать" => return Some(ROSPISAT),
            "annul" => return Some(ANNUL),
            "play on" => return Some(PLAY_ON),
            "musik 1" => return Some(MUSIK),
            "musik 2" => return Some(MUSIK + 1),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix("discard ") {
            return self.deck.parse(rest.trim()).ok().map(|c| DISCARD + c.0 as u32);
        }
        if let Some(rest) = text.strip_prefix("bid ") {
            return number(rest, BID);
        }
        if let Some(rest) = text.strip_prefix("contract ") {
            return number(rest, CONTRACT);
        }
        if let Some(rest) = text.strip_prefix("marry ") {
            let rest = rest.trim();
            return self
                .deck
                .suits()
                .iter()
                .position(|s| rest == s.symbol || rest.eq_ignore_ascii_case(s.ascii) || rest == s.name)
                .map(|s| MARRY + s as u32);
        }
        let rest = text.strip_prefix("give ")?;
        let (card, base) = if let Some(c) = rest.strip_suffix(" left") {
            (c, GIVE_LEFT)
        } else {
            (rest.strip_suffix(" right")?, GIVE_RIGHT)
        };
        self.deck.parse(card.trim()).ok().map(|c| base + c.0 as u32)
    }
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        let TrickMut {
            core,
            extra,
            match_state,
        } = s;
        extra.pending = None;
        if core.tricks_played < self.tricks {
            return Effect::Continue;
        }
        extra.stage = Stage::Done;
        extra.settlement = self.settle(core, extra, match_state);
        Effect::EndDeal
    }

    fn known_cards(&self, v: TrickView<'_, Self>, viewer: usize, other: usize) -> CardSet {
        // The declarer knows the two cards it gave.
        let TrickView { extra, .. } = v;
        match extra.declarer {
            Some(d) if d == viewer => (0..2)
                .filter(|&side| Self::receiver(v.core, d, side) == other)
                .filter_map(|side| extra.given[side])
                .collect(),
            _ => CardSet::EMPTY,
        }
    }
    fn extra_observation_len(&self) -> usize {
        obs_marks(self.players) + 3 * self.players
    }
    fn extra_observation_bounds(&self, _low: &mut [f32], high: &mut [f32]) {
        // Raw mark counts.
        for x in &mut high[obs_marks(self.players)..] {
            *x = f32::INFINITY;
        }
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView {
            core,
            extra,
            match_state: m,
        } = v;
        let n = self.players;
        let rel = |s: usize| (s + n - viewer) % n;
        let stage = match extra.stage {
            Stage::Auction => 0,
            Stage::Give(_) | Stage::Musik | Stage::Discard(_) => 1,
            Stage::Contract => 2,
            Stage::Nines(_) => 3,
            Stage::Play => 4,
            Stage::Done => 5,
        };
        out[stage] = 1.0;
        let mut at = 6;
        for s in 0..n {
            out[at + rel(s)] = extra.auction.passed[s] as u8 as f32;
        }
        at += n;
        if let Some((_, b)) = extra.auction.high {
            out[at + rel(b)] = 1.0;
        }
        at += n;
        out[at] = extra.contract as f32 / MAX_BID as f32;
        at += 1;
        if extra.declarer.is_some() {
            for c in extra.prikup {
                out[at + c.idx()] = 1.0;
            }
        }
        at += 24;
        if let Some(d) = extra.declarer {
            for side in 0..2 {
                if self.gives_face_up || viewer == d || viewer == Self::receiver(core, d, side) {
                    if let Some(c) = extra.given[side] {
                        out[at + side * 24 + c.idx()] = 1.0;
                    }
                }
            }
            // Two-handed: the discards, for the declarer only (in the first give's slots).
            if viewer == d {
                for c in extra.discards {
                    out[at + c.idx()] = 1.0;
                }
            }
        }
        at += 48;
        for s in 0..n {
            for suit in 0..4 {
                out[at + rel(s) * 4 + suit] = (extra.married[s] >> suit & 1) as f32;
            }
        }
        at += 4 * n;
        out[at] = extra.pending.is_some() as u8 as f32;
        at += 1;
        for s in 0..n {
            out[at + rel(s)] = m.on_barrel[s] as u8 as f32;
        }
        at += n;
        debug_assert_eq!(at, obs_marks(n));
        for s in 0..n {
            out[at + rel(s)] = m.barrel_deals[s] as f32;
            out[at + n + rel(s)] = m.bolts[s] as f32;
            out[at + 2 * n + rel(s)] = m.p_marks[s] as f32;
        }
    }
    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView {
            extra,
            match_state: m,
            ..
        } = v;
        let mut s = String::new();
        let calls: Vec<String> = extra
            .auction
            .calls
            .iter()
            .map(|(seat, b)| match b {
                Some(b) => format!("{seat}:{}", b.0),
                None => format!("{seat}:pass"),
            })
            .collect();
        if !calls.is_empty() {
            s.push_str(&format!("auction: {}\n", calls.join(" ")));
        }
        if let Some(d) = extra.declarer {
            s.push_str(&format!(
                "declarer: seat {d} · contract {}{}\n",
                extra.contract,
                if extra.rospisat { " · rospisat'" } else { "" }
            ));
            if self.players == 2 {
                if let Some(k) = extra.musik {
                    let musik = self.deck.format_set(extra.prikup);
                    s.push_str(&format!("musik {} taken: {musik}\n", k + 1));
                }
            } else {
                s.push_str(&format!("prikup: {}\n", self.deck.format_set(extra.prikup)));
            }
            if !extra.discards.is_empty() && (viewer.is_none() || viewer == Some(d)) {
                s.push_str(&format!("discarded: {}\n", self.deck.format_set(extra.discards)));
            }
            for side in 0..2 {
                let r = Self::receiver(v.core, d, side);
                if let Some(c) = extra.given[side] {
                    if self.gives_face_up || viewer.is_none() || viewer == Some(d) || viewer == Some(r) {
                        s.push_str(&format!("given to seat {r}: {}\n", self.deck.name_of(c)));
                    }
                }
            }
        }
        let marr: Vec<String> = (0..self.players)
            .filter(|&p| extra.married[p] != 0)
            .map(|p| {
                let suits: String = (0..4)
                    .filter(|su| extra.married[p] >> su & 1 == 1)
                    .map(|su| self.deck.suits()[su].symbol)
                    .collect();
                format!("seat {p} {suits} ({})", extra.marriages[p])
            })
            .collect();
        if !marr.is_empty() {
            s.push_str(&format!("marriages: {}\n", marr.join(", ")));
        }
        if extra.annulled {
            s.push_str("four nines: annulled, the same dealer deals again\n");
        }
        if self.session.is_match {
            let marks: Vec<String> = (0..self.players)
                .map(|p| {
                    format!(
                        "seat {p}{} bolts {} P {}",
                        if m.on_barrel[p] {
                            format!(" on the barrel ({} deals)", m.barrel_deals[p])
                        } else {
                            String::new()
                        },
                        m.bolts[p],
                        m.p_marks[p]
                    )
                })
                .collect();
            s.push_str(&format!("marks: {}\n", marks.join(" · ")));
            if let Some(w) = m.winner {
                s.push_str(&format!("winner: seat {w}\n"));
            }
        }
        s
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { extra, .. } = v;
        if extra.annulled {
            return DealOutcome {
                redeal: true,
                ..DealOutcome::default()
            };
        }
        let d = extra.settlement.delta;
        DealOutcome {
            returns: crate::trick::per_seat(self.players, |s| d[s] as f64),
            ledger: crate::trick::per_seat(self.players, |s| d[s] as f64),
            redeal: false,
        }
    }
    /// A single deal returns its settlement from a zero ledger: the declarer ± the contract (at most
    /// 400) or 0 after rospisat'; an opponent its hand (at most 120 card points plus the 280 of all
    /// four marriages) rounded, or `rospisat_opponent_award` (≤ 200), never below 0. The barrel
    /// (from 880), opponent limits and the third bolt or P mark cannot happen in one deal, so
    /// [−400, 400], general-sum. A match ends with the winner +1 and the others sharing −1 (−1 with
    /// two players, −1/2 with three, −1/3 with four), or a draw.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        use crate::core::game::Utility;
        if self.is_match() {
            return Some(Utility::zero_sum(-1.0 / (self.players - 1) as f64, 1.0));
        }
        Some(Utility::general(-400.0, 400.0))
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        // The winner +1, the others share −1 (zero-sum): −1/2 each with three players.
        let n = self.players;
        let lose = -1.0 / (n - 1) as f64;
        v.match_state
            .winner
            .map(|w| crate::trick::per_seat(n, |s| if s == w { 1.0 } else { lose }))
    }
    fn max_deals(&self) -> usize {
        if self.session.is_match {
            MAX_MATCH_DEALS
        } else {
            MAX_REDEALS
        }
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<TysiacState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<TysiacState>>)
    }
}

/// Extra observation layout for n seats (player-relative): stage[6], passed[n], high bidder[n],
/// contract/400, prikup (the musik taken)[24], given left[24] (two-handed: the discards, for the
/// declarer), given right[24] (declarer and receiver only), marriages[n×4], marriage pending,
/// on barrel[n], then raw counts: barrel deals[n], bolts[n], P marks[n]. Where the raw counts start:
const fn obs_marks(n: usize) -> usize {
    6 + n + n + 1 + 24 + 48 + 4 * n + 1 + n
}

#[cfg(test)]
mod tests;
