//! Slovenian Tarok for four players over the trick engine. Rules: as this package implements them
//! (see `ludoteca rules tarok`; `ruleset=pagat` is the pagat.com reading), the 54-card pack of
//! `Deck::tarok54`.
//!
//! * Seats are in turn order (counter-clockwise at the table): F = dealer + 1 is forehand.
//! * Deal: the first 6 cards of the pack are the talon (kept in deal order), then packets of 6 from F,
//!   twice round. A hand without a tarok is thrown in and redealt by the same dealer; the next hand is
//!   a forced Klop unless someone bids Solo without or higher.
//! * Counting: K 4, Q 3, C 2, J 1, Škis, Mond, Pagat 4 each, plus `round(n/3)` per pile (70 in all).
//! * Auction: F holds an implicit Three; bidding starts at F+1 and goes round skipping passes (a pass
//!   is final). A bid must beat the standing one, or equal it with priority (F > F+1 > F+2 > D). The
//!   last bidder makes the final call (any contract at least as high); F alone may call Klop.
//! * Three/Two/One: call a king (the holder is the secret partner; one's own king is allowed). The
//!   talon is shown and split into groups of 3/2/1 in deal order; the declarer takes one and discards
//!   as many (no kings, Mond, Škis; with `discard_forbid=kings_trula` no Pagat either; taroks only if
//!   nothing else, shown). The rest of the talon counts for the opponents; if the called king is in
//!   the talon the declarer may forfeit (−value), and a taken king carries the rest of the talon to
//!   the winner of its trick. Solos play alone; after the discard a solo may be raised to Colour valat.
//! * Play: follow suit (taroks are a suit), else play a tarok. Klop, Beggar and Open beggar: must head
//!   as well, and Pagat only when it is the only legal card (or the only one to beat Škis and Mond).
//!   Škis, Mond and Pagat in one trick: Pagat wins. Colour valat: taroks are a plain fifth suit and the
//!   declarer may not lead one while holding a suit card. Klop adds the talon cards one by one to the
//!   first six tricks. The hand stops when it is decided (Beggar: declarer's first trick; valats: the
//!   declarer's first lost trick).
//! * Scoring: game `value + |P − 35|` (win with 36), silent bonuses (trula 10, kings 10, king
//!   ultimo 10, pagat ultimo 25, valat 250 replacing the rest), the Mond penalty, the contracts of
//!   Beggar and above, Klop; radelci (wheels) multiply the declarer's hand, are crossed by winning
//!   (with the partner), drawn by everyone after Klop, Beggar or higher or a valat, and cost 100 each
//!   at the end of a match.
//!
//! * Announcements and kontra (every contract but Klop): one round from forehand that ends
//!   after four passes in a row. Trula, kings and valat by anyone for their team, pagat ultimo by
//!   Pagat's holder, king ultimo by the called king's holder (which shows the partnership); each
//!   bonus once; a valat voids the others. Kontra ×2, rekontra ×4, subkontra ×8, mordkontra ×16 on
//!   the game or one announced bonus, alternately by the owner's opponents and its side, and only by
//!   a seat that knows for certain which team the owner is on (the owner is itself or the declarer,
//!   the contract has no partner, the called king is in the talon or in its hand, or the owner
//!   announced king ultimo). Announced bonuses count double, go to the other team when they fail,
//!   an announced ultimo card stays back until the last trick, and an announced valat (made or lost,
//!   ±500) is the hand's only score and ends it at the announcers' first lost trick.
//!
//! * A silent pagat ultimo is made when Pagat wins the last trick and lost (with
//!   `silent_ultimo_failure`) only when the other side takes that trick; a partner overtaking Pagat
//!   neither makes nor loses it.
//! * Discards lie in the declarer's private pile of the trick engine (`TrickCore::laid_away`).
//! * Bot `greedy` (bot.rs): a rule-based player that sees only its seat's information.
//!
//! * `deck_names=improvised` names every card by the standard card of the improvised deck
//!   (`Deck::tarok54_improvised`) in actions and observations; the card ids and rules are unchanged.
//!
//! * Beggar emperor lead (`beggar_emperor_lead`, on in the seed preset, off in `pagat` and
//!   `openspiel`): in the announcement round a Beggar declarer holding Škis may
//!   announce the emperor's trick (`emperor lead`). It then leads Škis to the first trick, and each
//!   holder of Mond or Pagat must play one of them there (Pagat's last-resort rule gives way; a seat
//!   holding both chooses); if all three fall Pagat wins and play goes on, else Škis wins and the
//!   Beggar is lost. Open beggar has it too: it is played the same as a Beggar apart from the open
//!   hand, and the rule as written ("a Beggar declarer") does not exclude it.
//! * The first dealer is seat 3 (so seat 0 is forehand) unless `first_dealer` says otherwise.
//!
//! * Three-handed (`players=3`, preset `three_handed`), as pagat.com's Slovenian Tarok page describes
//!   the three-player game: the talon of 6, then 16 cards each (packets of 8, twice round, as the
//!   Slovene Wikipedia's "Tarok" gives the three-handed deal). There is no king call, so nobody has a
//!   partner: Three, Two and One are played alone against the other two, and the solo three/two/one
//!   are not offered (OpenSpiel's three-player `tarok` skips them likewise). Without solos there is no
//!   colour valat raise, and without a called king no king ultimo. Everything else is the
//!   four-handed game with three seats: forehand's implicit Three and priority F > F+1 > D, 16 tricks
//!   (the ultimos are the 16th), Klop's six talon gifts, the announcement round ending after three
//!   passes in a row, radelci and the Škis round.
//!
//! Action ids: the 54 cards (♣ ♦ ♥ ♠ by ascending printed rank, then the taroks I..XXI, Škis), then
//! `pass` (54), the contracts `klop` .. `valat` (55..66), `call king ♣/♦/♥/♠` (67..70), `talon N`
//! (71..76), `forfeit` (77), `colour valat raise` (78), `no raise` (79), `discard <card>` (80 + card),
//! `announce <bonus>` (134..138: trula, kings, king ultimo, pagat ultimo, valat), and the kontra calls
//! `<level> <target>` (139..162: level kontra/rekontra/subkontra/mordkontra, target game or a bonus),
//! `emperor lead` (163), and `call Q♣/♦/♥/♠` (164..167, `queen_call_if_all_kings`).
//!
//! * Rule flags (defaults: the seed preset): `mond_left_in_talon_penalty` (false; the declarer pays
//!   the Mond penalty for a Mond left in the talon), `round_difference_to_5` and `klop_round_to_5`
//!   (false; nearest 5, 2 down and 3 up), `emperor_requires_pagat_after_both` (false),
//!   `queen_call_if_all_kings` (false; the called queen then plays the called king's part, king
//!   ultimo included), `forfeit_when_king_in_talon` (true), `discard_taroks_last_resort` (true),
//!   `radelc_cross_partner` (true), `klop_radelc_doubling` (true), `no_tarok_redeal` and
//!   `forced_klop_after_no_tarok` (true), `open_beggar_expose` (`after_first_trick` or
//!   `before_first_lead`: when play starts), `colour_valat_suits_first` (true), `klop_kontra`
//!   (false; a doubling round before Klop's first lead in which any player may call the next level,
//!   not twice in a row, each level doubling every Klop score: our reading of pagat.com's "some
//!   allow a klop to be kontra'd"), `stop_when_decided` (true; when false all tricks are played and
//!   the colour valat declarer still leads each), `valat_announcer_leads` (false),
//!   `forced_klop_allows_sw_overcall` (false; the Klop forced by a return to zero may then be
//!   overcalled by Solo without or higher, as after a no-tarok redeal).
//! * A discarded Pagat (discardable in the seed preset as a last-resort tarok) lies in the
//!   declarer's pile and so counts for the declarer's side's trula, silent or announced, like any
//!   card of that pile.

use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::Result;
use crate::trick::Session;
use crate::trick::{
    per_seat, AfterDeal, DealOutcome, Effect, Slot, SuitTables, TrickGame, TrickMut, TrickRules, TrickState,
    TrickView, SCOPE_PARAM,
};
use crate::trick::{Packet, PacketDeal};

/// The registered game type.
pub type Tarok = TrickGame<TarokRules>;
/// The registry's name for the game type.
pub type Type = Tarok;
/// A Tarok position.
pub type TarokState = TrickState<TarokRules>;

/// Seats of the four-handed game; the per-seat arrays keep this many slots (three-handed leaves
/// the last unused).
const PLAYERS: usize = 4;
/// Effective suit of the taroks.
pub const TAROKS: u8 = 4;
/// Card ids of the trula.
pub const PAGAT: Card = Card(32);
pub const MOND: Card = Card(52);
pub const SKIS: Card = Card(53);

/// Extra-action offsets.
const PASS: u32 = 0;
const BID0: u32 = 1;
const KING0: u32 = 13;
const GROUP0: u32 = 17;
const FORFEIT: u32 = 23;
const RAISE: u32 = 24;
const NO_RAISE: u32 = 25;
const DISCARD0: u32 = 26;
/// `announce <bonus>` for the five bonuses of [`BONUS_NAMES`].
const ANNOUNCE0: u32 = DISCARD0 + 54;
/// Kontra calls: `KONTRA0 + 4 * target + (level - 1)`, target 0 the game and 1 + b bonus b.
const KONTRA0: u32 = ANNOUNCE0 + BONUSES as u32;
/// The Beggar declarer's announcement of the emperor's trick (`beggar_emperor_lead`).
const EMPEROR: u32 = KONTRA0 + 4 * TARGETS as u32;
/// `call Q♣/♦/♥/♠` (`queen_call_if_all_kings`: a declarer holding all four kings may call a queen).
const QUEEN0: u32 = EMPEROR + 1;
const EXTRA_END: u32 = QUEEN0 + 4;
const _: () = assert!(EXTRA_END <= 256, "announce_log keeps offsets in a byte");

/// The announceable bonuses, in action order.
pub const BONUS_NAMES: [&str; BONUSES] = ["trula", "kings", "king ultimo", "pagat ultimo", "valat"];
const BONUSES: usize = 5;
const TARGETS: usize = BONUSES + 1;
pub const TRULA_B: usize = 0;
pub const KINGS_B: usize = 1;
pub const KING_ULTIMO_B: usize = 2;
pub const PAGAT_ULTIMO_B: usize = 3;
pub const VALAT_B: usize = 4;
/// Silent values of the bonuses (announced ones count double).
const SILENT: [i32; BONUSES] = [10, 10, 10, 25, 250];
/// The kontra ladder (×2, ×4, ×8, ×16).
const LEVEL_NAMES: [&str; 4] = ["kontra", "rekontra", "subkontra", "mordkontra"];

/// The contracts, lowest first (their codes order the bids).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Contract {
    Klop = 0,
    Three,
    Two,
    One,
    SoloThree,
    SoloTwo,
    SoloOne,
    Beggar,
    SoloWithout,
    OpenBeggar,
    ColourValatWithout,
    ValatWithout,
    /// Colour valat after a solo's talon exchange (not a bid).
    ColourValat,
}

const CONTRACTS: [Contract; 13] = [
    Contract::Klop,
    Contract::Three,
    Contract::Two,
    Contract::One,
    Contract::SoloThree,
    Contract::SoloTwo,
    Contract::SoloOne,
    Contract::Beggar,
    Contract::SoloWithout,
    Contract::OpenBeggar,
    Contract::ColourValatWithout,
    Contract::ValatWithout,
    Contract::ColourValat,
];
const NAMES: [&str; 13] = [
    "klop",
    "three",
    "two",
    "one",
    "solo three",
    "solo two",
    "solo one",
    "beggar",
    "solo without",
    "open beggar",
    "colour valat without",
    "valat without",
    "colour valat",
];

impl Contract {
    /// The game value of the contract (Klop has none: its players score their own piles).
    pub fn value(self) -> i32 {
        [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 125, 500, 125][self as usize]
    }
    /// Talon group size (0: the talon is not used).
    pub fn group_size(self) -> usize {
        match self {
            Contract::Three | Contract::SoloThree => 3,
            Contract::Two | Contract::SoloTwo => 2,
            Contract::One | Contract::SoloOne => 1,
            _ => 0,
        }
    }
    /// Whether the declarer calls a king.
    pub fn calls_king(self) -> bool {
        matches!(self, Contract::Three | Contract::Two | Contract::One)
    }
    /// Klop, Beggar and Open beggar: must head, Pagat last.
    pub fn negative(self) -> bool {
        matches!(self, Contract::Klop | Contract::Beggar | Contract::OpenBeggar)
    }
    /// Taroks are a plain suit.
    pub fn colour(self) -> bool {
        matches!(self, Contract::ColourValatWithout | Contract::ColourValat)
    }
    /// The declarer must take every trick.
    pub fn valat(self) -> bool {
        matches!(
            self,
            Contract::ColourValatWithout | Contract::ValatWithout | Contract::ColourValat
        )
    }
    fn from_code(code: usize) -> Contract {
        CONTRACTS[code]
    }
}

/// Where the deal stands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    #[default]
    Auction,
    FinalCall,
    KingCall,
    Talon,
    Discard,
    Raise,
    /// Announcements and kontras, one round-robin from forehand until four passes in a row.
    Announce,
    Play,
    Over,
}
const STAGES: usize = 9;
/// Offsets in the game's part of the observation tensor.
const OBS_STAGE: usize = 45;
const OBS_DISCARDS: usize = OBS_STAGE + STAGES;
const OBS_ANNOUNCED: usize = OBS_DISCARDS + 54;
const OBS_KONTRA: usize = OBS_ANNOUNCED + 4 * BONUSES;
const OBS_EMPEROR: usize = OBS_KONTRA + 4 * TARGETS;
const OBS_RADELCI: usize = OBS_EMPEROR + 1;

/// Why a hand is a forced Klop.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Forced {
    #[default]
    No,
    /// After a no-tarok redeal: only Solo without and higher may be bid.
    NoTarok,
    /// A cumulative score returned to zero: Klop without bidding.
    ZeroScore,
}

/// Per-deal state.
#[derive(Clone, Debug, Default)]
pub struct TarokExtra {
    pub stage: Stage,
    pub forced: Forced,
    pub passed: [bool; PLAYERS],
    /// The standing bid and its holder (F's implicit Three at the start of a normal auction).
    pub high: Option<(Contract, usize)>,
    /// Whether the standing bid is F's implicit Three (F may then call Klop).
    pub implicit: bool,
    /// Every auction call in order: (seat, bid or None for a pass).
    pub calls: Log<(u8, Option<Contract>), AUCTION_CALLS>,
    pub contract: Option<Contract>,
    pub declarer: Option<usize>,
    pub called: Option<Card>,
    /// Holder of the called king in another hand (the secret partner).
    pub partner: Option<usize>,
    /// The called king has been played (everyone knows the partner).
    pub partner_revealed: bool,
    /// Talon group chosen, and whether it held the called king.
    pub group: Option<usize>,
    pub king_carries_talon: bool,
    /// Cards discarded (face down into the declarer's pile; the taroks among them are shown).
    pub discards: CardSet,
    pub to_discard: u8,
    pub forfeited: bool,
    pub tricks: [u8; PLAYERS],
    /// The seat whose Mond was captured, if any.
    pub mond_lost: Option<usize>,
    /// Trick 12: who played Pagat, whether it won and who took the trick; who took the trick if the
    /// called king was in it.
    pub pagat_last: Option<(usize, bool, usize)>,
    pub king_last: Option<usize>,
    /// The hand's scores per seat (set when it ends).
    pub scores: [f64; PLAYERS],
    /// Announcer of each bonus of [`BONUS_NAMES`], if announced.
    pub announced: [Option<usize>; BONUSES],
    /// Kontra level (0..=4) on the game (index 0) and on each announced bonus (1 + b).
    pub kontra: [u8; TARGETS],
    /// Passes in a row in the announcement phase (four end it).
    pub passes: u8,
    /// Every announcement-phase action in order: (seat, extra offset). Public. Byte entries keep the
    /// log small: the engine copies this state for every deal.
    pub announce_log: Log<(u8, u8), ANNOUNCE_CALLS>,
    /// The Beggar declarer announced the emperor's trick: it leads Škis to the first trick, and
    /// Mond and Pagat must be played to it.
    pub emperor: bool,
    /// What the card play may skip, fixed when play starts (see [`FastPlay`]).
    fast: FastPlay,
}

/// How the card play of a deal is handled, fixed when play starts (the contract, the announcements
/// and the emperor's trick are settled by then). A cache of what the rest of the state implies: the
/// default (before play, or in a state put together by hand) takes the general path every time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct FastPlay {
    /// Which legal-play rule applies at every card.
    mode: PlayMode,
    /// Cards whose appearance in a trick needs the full after-trick bookkeeping: the Mond and the
    /// called king while in a hand (each leaves the mask once played); all ones when every trick
    /// needs it (a contract or an announced valat that can end the hand early, or colour valat,
    /// whose declarer leads every trick).
    watch: u64,
    /// Bit `t` set: a trick that completes as the `t`-th of the hand needs nothing beyond the watch
    /// above and [`Self::gifts`] (it is not the last trick). None by default: every trick takes the
    /// full path.
    quiet: u64,
    /// Bit `t` set: the `t`-th trick's winner gets the next talon card (Klop's first six tricks).
    gifts: u64,
}
impl Default for FastPlay {
    fn default() -> Self {
        FastPlay {
            mode: PlayMode::General,
            watch: u64::MAX,
            quiet: 0,
            gifts: 0,
        }
    }
}

/// The legal-play rule of a deal's card play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum PlayMode {
    /// Follow suit, else a tarok (Three .. Solo one, Solo without, Valat without) with nothing held
    /// back.
    Positive,
    /// Follow suit, else a tarok, heading the trick, Pagat last (Klop and the beggars) without the
    /// emperor's trick.
    Negative,
    /// Everything else: colour valat, an announced ultimo, the emperor's trick.
    General,
}

impl TarokExtra {
    /// Back to the start of a deal, in place: the same as `Default`, but the logs only forget their
    /// entries (their arrays, some 340 bytes, are not rewritten for every deal).
    fn reset(&mut self) {
        // Every field by name: a field added later must be reset here too.
        let TarokExtra {
            stage,
            forced,
            passed,
            high,
            implicit,
            calls,
            contract,
            declarer,
            called,
            partner,
            partner_revealed,
            group,
            king_carries_talon,
            discards,
            to_discard,
            forfeited,
            tricks,
            mond_lost,
            pagat_last,
            king_last,
            scores,
            announced,
            kontra,
            passes,
            announce_log,
            emperor,
            fast,
        } = self;
        *stage = Stage::default();
        *forced = Forced::default();
        *passed = [false; PLAYERS];
        *high = None;
        *implicit = false;
        calls.clear();
        *contract = None;
        *declarer = None;
        *called = None;
        *partner = None;
        *partner_revealed = false;
        *group = None;
        *king_carries_talon = false;
        *discards = CardSet::EMPTY;
        *to_discard = 0;
        *forfeited = false;
        *tricks = [0; PLAYERS];
        *mond_lost = None;
        *pagat_last = None;
        *king_last = None;
        *scores = [0.0; PLAYERS];
        *announced = [None; BONUSES];
        *kontra = [0; TARGETS];
        *passes = 0;
        announce_log.clear();
        *emperor = false;
        *fast = FastPlay::default();
    }
}

/// The most auction calls a deal can have: four passes and at most 40 bids, since every bid beats
/// the standing one (a higher contract of the ten, or the same one by a seat of higher priority).
const AUCTION_CALLS: usize = 44;
/// The most announcement-round actions: at most 30 that are not passes (5 bonuses, the emperor's
/// trick, 4 kontra levels on 6 targets), each after at most 3 passes, and the 4 final passes.
const ANNOUNCE_CALLS: usize = 124;

/// An append-only list of at most `N` entries kept inline, so that a deal allocates nothing (the
/// engine builds a fresh [`TarokExtra`] for every deal). Reads as a slice.
#[derive(Clone, Copy, Debug)]
pub struct Log<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: usize,
}
impl<T: Copy + Default, const N: usize> Default for Log<T, N> {
    fn default() -> Self {
        Log {
            items: [T::default(); N],
            len: 0,
        }
    }
}
impl<T: Copy + Default, const N: usize> Log<T, N> {
    /// Appends `item` (the bounds above make a full log impossible).
    pub fn push(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }
    /// Forgets every entry (the array keeps its old values, never read).
    pub fn clear(&mut self) {
        self.len = 0;
    }
}
impl<T: Copy + Default, const N: usize> std::ops::Deref for Log<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

/// Per-match state (public).
#[derive(Clone, Debug, Default)]
pub struct TarokMatch {
    /// Uncrossed radelci per seat.
    pub radelci: [u8; PLAYERS],
    /// The next hand is a forced Klop.
    pub forced_next: Forced,
    /// The Škis round: the last dealer of the match, once known.
    pub last_dealer: Option<usize>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum BonusScoring {
    BothTeams,
    DeclarerTeamOnly,
}

/// Tarok rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct TarokRules {
    deck: Deck,
    tables: SuitTables,
    colour_tables: SuitTables,
    deal: PacketDeal,
    session: Session,
    forbid_pagat: bool,
    bonus: BonusScoring,
    per_radelc: bool,
    mond_penalty: i32,
    mond_in_valat: bool,
    silent_ultimo_failure: bool,
    cv_void_tarok: bool,
    klop_after_zero: bool,
    allow_own_king: bool,
    radelc_end_penalty: i32,
    emperor_lead: bool,
    /// Seats: 4, or 3 for the three-handed game (no king call, no solo three/two/one).
    n: usize,
    mond_left_in_talon: bool,
    round_difference_to_5: bool,
    klop_round_to_5: bool,
    emperor_after_both: bool,
    queen_call: bool,
    forfeit_allowed: bool,
    taroks_last_resort: bool,
    cross_partner: bool,
    klop_radelc: bool,
    no_tarok_redeal: bool,
    forced_klop_after_no_tarok: bool,
    expose_before_lead: bool,
    cv_suits_first: bool,
    klop_kontra: bool,
    stop_when_decided: bool,
    valat_announcer_leads: bool,
    zero_score_overcall: bool,
    /// Tricks in a hand: 48 / n.
    tricks: usize,
}

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "pagat", "openspiel", "three_handed"]), default: D::Str("seed"), doc: "seed: the rules below; pagat / openspiel: the reference bundles (Pagat not discardable, declarer-team scoring, radelc doubles once); three_handed: the seed rules for three players (players=3)" },
    ParamSpec { name: "players", kind: Kind::Int { min: 3, max: 4 }, default: D::Int(4), doc: "4, or 3 for the three-handed game pagat.com describes: 16 cards each, no king call (Three, Two and One are played alone) and so no solo three/two/one" },
    SCOPE_PARAM,
    ParamSpec { name: "deals", kind: Kind::Int { min: 1, max: 200 }, default: D::Int(8), doc: "scope=match: deals before the Škis round is declared (the next deal's Škis holder deals last)" },
    ParamSpec { name: "discard_forbid", kind: Kind::Choice(&["kings_mond_skis", "kings_trula"]), default: D::Str("kings_mond_skis"), doc: "cards that may never be discarded" },
    ParamSpec { name: "bonus_scoring", kind: Kind::Choice(&["both_teams", "declarer_team_only"]), default: D::Str("both_teams"), doc: "both_teams: each team writes the bonuses it earns; declarer_team_only: the hand total is written to the declarer's team" },
    ParamSpec { name: "radelc_multiplier", kind: Kind::Choice(&["per_radelc", "double_once"]), default: D::Str("per_radelc"), doc: "a hand is doubled per uncrossed radelc of the declarer, or doubled once" },
    ParamSpec { name: "mond_penalty", kind: Kind::Int { min: 0, max: 100 }, default: D::Int(21), doc: "personal penalty for a captured Mond" },
    ParamSpec { name: "mond_penalty_in_valat", kind: Kind::Bool, default: D::Bool(true), doc: "the Mond penalty also applies in the valat contracts" },
    ParamSpec { name: "silent_ultimo_failure", kind: Kind::Bool, default: D::Bool(false), doc: "a silent Pagat or king ultimo lost in the last trick costs its value" },
    ParamSpec { name: "colour_valat_void_must_play_tarok", kind: Kind::Bool, default: D::Bool(false), doc: "in colour valat a player void in the led suit must play a tarok" },
    ParamSpec { name: "klop_after_zero_score", kind: Kind::Bool, default: D::Bool(true), doc: "after a cumulative score returns to zero the next hand is a forced Klop" },
    ParamSpec { name: "allow_call_own_king", kind: Kind::Bool, default: D::Bool(true), doc: "the declarer may call a king of their own hand (and then plays alone)" },
    ParamSpec { name: "deck_names", kind: Kind::Choice(&["tarok", "improvised"]), default: D::Str("tarok"), doc: "improvised: cards are named by the standard cards of two 52+joker packs that stand for them, the Tarok name in brackets (A♠(I) .. 10♦(XXI), Joker(Škis), J♣(C♣) the marked cavalier, A♥(1♥)); the Tarok names still parse" },
    ParamSpec { name: "radelc_end_penalty", kind: Kind::Int { min: 0, max: 1000 }, default: D::Int(100), doc: "scope=match: cost of each uncrossed radelc at the end" },
    ParamSpec { name: "beggar_emperor_lead", kind: Kind::Bool, default: D::Bool(true), doc: "a Beggar or Open beggar declarer holding Škis may announce the emperor's trick: it leads Škis, the holders of Mond and Pagat must play them to that trick" },
    ParamSpec { name: "first_dealer", kind: Kind::Int { min: -1, max: 3 }, default: D::Int(-1), doc: "seat of the first dealer; -1 = the last seat, so seat 0 is forehand" },
    ParamSpec { name: "mond_left_in_talon_penalty", kind: Kind::Bool, default: D::Bool(false), doc: "the declarer of Three .. Solo one pays the Mond penalty when the Mond stays in the talon it did not take" },
    ParamSpec { name: "round_difference_to_5", kind: Kind::Bool, default: D::Bool(false), doc: "the difference from 35 is rounded to the nearest 5 (0-2 down, 3-4 up)" },
    ParamSpec { name: "klop_round_to_5", kind: Kind::Bool, default: D::Bool(false), doc: "in Klop the points each player pays are rounded to the nearest 5" },
    ParamSpec { name: "emperor_requires_pagat_after_both", kind: Kind::Bool, default: D::Bool(false), doc: "Pagat wins the emperor's trick only when played after both Škis and Mond" },
    ParamSpec { name: "queen_call_if_all_kings", kind: Kind::Bool, default: D::Bool(false), doc: "a declarer holding all four kings may call a queen instead" },
    ParamSpec { name: "forfeit_when_king_in_talon", kind: Kind::Bool, default: D::Bool(true), doc: "the declarer may forfeit (-value) when the called king is in the talon" },
    ParamSpec { name: "discard_taroks_last_resort", kind: Kind::Bool, default: D::Bool(true), doc: "taroks may be discarded only when no other allowed card is left (otherwise freely; shown either way)" },
    ParamSpec { name: "radelc_cross_partner", kind: Kind::Bool, default: D::Bool(true), doc: "a won hand crosses a radelc of the partner as well as of the declarer" },
    ParamSpec { name: "klop_radelc_doubling", kind: Kind::Bool, default: D::Bool(true), doc: "in Klop each player's score is multiplied by their own radelci" },
    ParamSpec { name: "no_tarok_redeal", kind: Kind::Bool, default: D::Bool(true), doc: "a hand without a tarok is shown and the same dealer deals again" },
    ParamSpec { name: "forced_klop_after_no_tarok", kind: Kind::Bool, default: D::Bool(true), doc: "the hand after a no-tarok redeal is a forced Klop unless someone bids Solo without or higher" },
    ParamSpec { name: "open_beggar_expose", kind: Kind::Choice(&["after_first_trick", "before_first_lead"]), default: D::Str("after_first_trick"), doc: "when the Open beggar declarer's hand is laid face up" },
    ParamSpec { name: "colour_valat_suits_first", kind: Kind::Bool, default: D::Bool(true), doc: "in colour valat the declarer may not lead a tarok while holding a suit card" },
    ParamSpec { name: "klop_kontra", kind: Kind::Bool, default: D::Bool(false), doc: "Klop may be doubled: a round from forehand before the first lead in which each player in turn may call the next level (kontra x2, rekontra x4, subkontra x8, mordkontra x16; not twice in a row by the same player); every Klop score is multiplied" },
    ParamSpec { name: "stop_when_decided", kind: Kind::Bool, default: D::Bool(true), doc: "the hand stops once decided (Beggar: the declarer's first trick; the valats and an announced valat: the first trick lost); otherwise all tricks are played (the colour valat declarer still leads each one)" },
    ParamSpec { name: "valat_announcer_leads", kind: Kind::Bool, default: D::Bool(false), doc: "the player who announced valat leads the first trick" },
    ParamSpec { name: "forced_klop_allows_sw_overcall", kind: Kind::Bool, default: D::Bool(false), doc: "the forced Klop after a score returns to zero may be overcalled by Solo without or higher, as after a no-tarok redeal" },
];

static PRESETS: &[crate::core::game::Preset] = &[
    ("seed", &[]),
    (
        "pagat",
        &[
            ("discard_forbid", "kings_trula"),
            ("bonus_scoring", "declarer_team_only"),
            ("radelc_multiplier", "double_once"),
            ("silent_ultimo_failure", "true"),
            ("mond_penalty_in_valat", "false"),
            ("beggar_emperor_lead", "false"),
        ],
    ),
    (
        "openspiel",
        &[
            ("discard_forbid", "kings_trula"),
            ("bonus_scoring", "declarer_team_only"),
            ("radelc_multiplier", "double_once"),
            ("silent_ultimo_failure", "true"),
            ("mond_penalty_in_valat", "false"),
            ("mond_penalty", "20"),
            ("colour_valat_void_must_play_tarok", "true"),
            ("beggar_emperor_lead", "false"),
        ],
    ),
    ("three_handed", &[("players", "3")]),
];

static INFO: GameInfo = GameInfo {
    short_name: "tarok",
    long_name: "Slovenian Tarok",
    params: PARAMS,
    presets: PRESETS,
    version: 4,
    rules:
        "Four players, 54 cards: 22 taroks (Pagat I .. Mond XXI, Škis highest) and four suits (black K Q C \
J 10 9 8 7, red K Q C J 1 2 3 4). Six cards form the talon, 12 each. Points K 4, Q 3, C 2, J 1, Škis, Mond \
and Pagat 4, plus one per three cards (70 in all). Forehand holds an implicit Three; the others bid Two, \
One, the solos, Beggar, Solo without, Open beggar, Colour valat and Valat; the last bidder names the \
contract, forehand alone may play Klop. In Three, Two and One the declarer calls a king whose holder is \
the secret partner; the talon is shown and the declarer takes one group of 3, 2 or 1 cards and discards \
as many. Follow suit, else play a tarok. The declaring team needs 36 points and scores the value plus \
the difference from 35; trula, kings and the ultimos score as silent bonuses; a captured Mond costs its \
owner 21. After the talon, each player in turn from forehand may announce trula, kings, pagat ultimo, \
king ultimo or valat for their team (announced bonuses count double and go to the other team if they \
fail; an announced valat is worth 500 and replaces everything else) or double the game or an \
announcement of the other side (kontra ×2, rekontra ×4, subkontra ×8, mordkontra ×16), only when sure \
which side its owner is on; four passes in a row end the round. In Klop every player scores their own \
pile (no trick +70, more than 35 −70) and must head each trick. Radelci double the declarer's hand. \
Three-handed (players=3, ruleset=three_handed): 16 cards each in packets of 8, no king call, so Three, \
Two and One are played alone and there is no solo three, two or one, nor king ultimo. As described at \
pagat.com (Slovenian Tarok, and its three-player game).",
    bots: &["random", "greedy", "lowest_bid"],
    examples: &[
        "tarok",
        "tarok(ruleset=pagat)",
        "tarok(ruleset=openspiel)",
        "tarok(scope=match,deals=4)",
        "tarok(deck_names=improvised)",
        "tarok(ruleset=three_handed)",
        "tarok(players=3,scope=match,deals=3)",
    ],
};

/// The 22 taroks, the four kings, the trula (card ids 32..53, 8s + 7, Pagat Mond Škis).
const TAROK_SET: CardSet = CardSet(((1u64 << 22) - 1) << 32);
const KING_SET: CardSet = CardSet(0x8080_8080);
const TRULA_SET: CardSet = CardSet(1 << 32 | 1 << 52 | 1 << 53);
/// The cards of each effective suit (♣ ♦ ♥ ♠, taroks).
const SUIT_SETS: [CardSet; 5] = [
    CardSet(0xFF),
    CardSet(0xFF << 8),
    CardSet(0xFF << 16),
    CardSet(0xFF << 24),
    TAROK_SET,
];
/// [`card_suit`] by card id (64 entries so that `id & 63` needs no bounds check): the trick winner
/// looks up the suit led.
const SUIT_OF: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut c = 0u8;
    while c < 54 {
        t[c as usize] = card_suit(Card(c));
        c += 1;
    }
    t
};
#[inline(always)]
fn suit_of(c: Card) -> u8 {
    SUIT_OF[(c.0 & 63) as usize]
}
/// For each card, the cards of its suit that beat it (the must-head duty of the negative contracts).
const BEATS: [CardSet; 54] = {
    let mut t = [CardSet::EMPTY; 54];
    let mut c = 0u8;
    while c < 54 {
        let mut m = 0u64;
        let mut d = 0u8;
        while d < 54 {
            if card_suit(Card(d)) == card_suit(Card(c)) && card_strength(Card(d)) > card_strength(Card(c)) {
                m |= 1 << d;
            }
            d += 1;
        }
        t[c as usize] = CardSet(m);
        c += 1;
    }
    t
};

/// For each card id (64 entries, the ids above 53 beat nothing): the cards of its effective suit
/// that beat it, plus every card of the other suits. ANDed over the cards of a trick it leaves, in
/// each suit, the cards that beat every card of that suit in the trick (the whole suit when the
/// trick has none of it): the must-head duty of the negative contracts in one pass over the trick.
const HEADS: [CardSet; 64] = {
    let mut t = [CardSet(u64::MAX); 64];
    let mut c = 0u8;
    while c < 54 {
        let own = SUIT_SETS[card_suit(Card(c)) as usize].0;
        t[c as usize] = CardSet(BEATS[c as usize].0 | !own);
        c += 1;
    }
    t
};

/// For each card id (64 entries, the ids above 53 have no suit): the cards of its effective suit
/// (what a follower must play when it is led).
const SUIT_MASK_OF: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut c = 0u8;
    while c < 54 {
        t[c as usize] = SUIT_SETS[card_suit(Card(c)) as usize].0;
        c += 1;
    }
    t
};
const PAGAT_BIT: u64 = 1 << PAGAT.0;
const SKIS_BIT: u64 = 1 << SKIS.0;

/// Trick-taking keys, `WIN_KEY[colour][led suit][card id]`: the trick goes to its card with the
/// highest key (the emperor's trick aside). A tarok is 32 + its strength unless taroks are a plain
/// suit (colour valat), a card of the led suit 1 + its strength, any other card 0, so that the
/// lead (at least 1) beats every discard.
const WIN_KEY: [[[u8; 64]; 5]; 2] = {
    let mut t = [[[0u8; 64]; 5]; 2];
    let mut colour = 0;
    while colour < 2 {
        let mut led = 0u8;
        while led < 5 {
            let mut c = 0u8;
            while c < 54 {
                let (suit, strength) = (card_suit(Card(c)), card_strength(Card(c)));
                t[colour][led as usize][c as usize] = if suit == TAROKS && colour == 0 {
                    32 + strength
                } else if suit == led {
                    1 + strength
                } else {
                    0
                };
                c += 1;
            }
            led += 1;
        }
        colour += 1;
    }
    t
};

/// Suit and strength of a card: plain suits 0..3 (strength within the printed order), taroks 4.
const fn card_suit(c: Card) -> u8 {
    if c.0 >= 32 {
        TAROKS
    } else {
        c.0 / 8
    }
}
const fn card_strength(c: Card) -> u8 {
    if c.0 >= 32 {
        c.0 - 31
    } else {
        let (s, i) = (c.0 / 8, c.0 % 8);
        let red = s == 1 || s == 2;
        // Red pips are dealt 1 2 3 4 with the 1 highest.
        if red && i < 4 {
            3 - i
        } else {
            i
        }
    }
}
/// Honour points of a card (K 4, Q 3, C 2, J 1, the trula 4).
pub fn honour(c: Card) -> i32 {
    if c.0 >= 32 {
        if c == PAGAT || c == MOND || c == SKIS {
            4
        } else {
            0
        }
    } else {
        match c.0 % 8 {
            7 => 4,
            6 => 3,
            5 => 2,
            4 => 1,
            _ => 0,
        }
    }
}
/// Card points of a pile: honours plus `round(n/3)` (the honours by rank mask: K, Q, C, J are the
/// suit ranks 7, 6, 5, 4; the same sum as [`honour`] card by card). The honour values are summed
/// bit by bit, one popcount per bit: 4 for kings and trula, 2 for queens and cavaliers,
/// 1 for queens and jacks (a queen's 3 is 2 + 1).
pub fn count(set: CardSet) -> i32 {
    let n = |mask: u64| (set.0 & mask).count_ones() as i32;
    4 * n(KING_SET.0 | TRULA_SET.0) + 2 * n(0x6060_6060) + n(0x5050_5050) + (set.len() as i32 + 1) / 3
}
fn taroks() -> CardSet {
    TAROK_SET
}
fn kings() -> CardSet {
    KING_SET
}
fn trula() -> CardSet {
    TRULA_SET
}

/// The legal plays where taroks trump and nothing is held back (Three .. Solo one, Solo without,
/// Valat without): follow suit, else play a tarok, else anything.
#[inline(always)]
fn positive_legal(core: &crate::trick::TrickCore, hand: CardSet) -> CardSet {
    let Some(led) = core.led_card() else {
        return hand;
    };
    let follow = hand.0 & SUIT_MASK_OF[(led.0 & 63) as usize];
    if follow != 0 {
        return CardSet(follow);
    }
    let t = hand.0 & TAROK_SET.0;
    CardSet(if t != 0 { t } else { hand.0 })
}

/// The legal plays of Klop, Beggar and Open beggar (before the emperor's trick and any hold-back):
/// follow suit, else play a tarok, heading the trick where possible, and Pagat only as the last
/// resort, or as the only card that heads Škis and Mond (the emperor's trick).
#[inline(always)]
fn negative_legal(core: &crate::trick::TrickCore, hand: CardSet) -> CardSet {
    let trick = core.trick_cards();
    let Some(&led) = trick.first() else {
        // Pagat may not be led while any other card is left.
        return crate::trick::follow::hold_back(hand, CardSet(PAGAT_BIT));
    };
    // Per suit, the cards that beat all of that suit in the trick (`HEADS`).
    let mut heads = u64::MAX;
    for &c in trick {
        heads &= HEADS[(c.0 & 63) as usize].0;
    }
    let follow = hand.0 & SUIT_MASK_OF[(led.0 & 63) as usize];
    let pool = if follow != 0 {
        if led.0 < PAGAT.0 {
            // A plain suit is headed only while no tarok lies on the trick (a trumped trick cannot be
            // headed in the led suit); a tarok in the trick leaves fewer than all taroks in `heads`.
            let higher = follow & heads;
            let trumped = heads & TAROK_SET.0 != TAROK_SET.0;
            return CardSet(if trumped || higher == 0 { follow } else { higher });
        }
        follow
    } else {
        let t = hand.0 & TAROK_SET.0;
        if t == 0 {
            return hand;
        }
        t
    };
    // Taroks: above the trick's highest tarok if possible.
    let higher = pool & heads;
    let legal = if higher != 0 { higher } else { pool };
    if legal & PAGAT_BIT == 0 {
        return CardSet(legal);
    }
    // Only Pagat heads Škis and Mond (the emperor's trick); otherwise it is the last resort. Škis is
    // in the trick exactly when no tarok beats the trick.
    if heads & SKIS_BIT == 0 && trick.contains(&MOND) {
        return CardSet(PAGAT_BIT);
    }
    crate::trick::follow::hold_back(CardSet(legal), CardSet(PAGAT_BIT))
}

impl TarokRules {
    fn first(core: &crate::trick::TrickCore) -> usize {
        core.next_seat(core.dealer)
    }
    /// Priority rank (0 = forehand, highest).
    fn prio(core: &crate::trick::TrickCore, seat: usize) -> usize {
        let n = core.num_players;
        (seat + n - Self::first(core)) % n
    }
    fn contract(&self, v: TrickView<'_, Self>) -> Contract {
        v.extra.contract.unwrap_or(Contract::Klop)
    }
    fn in_team(extra: &TarokExtra, seat: usize) -> bool {
        Some(seat) == extra.declarer || Some(seat) == extra.partner
    }
    /// Whether bonuses may be announced (Three .. Solo one; not Klop, the contracts without talon or a
    /// raised colour valat).
    fn bonuses_allowed(c: Contract) -> bool {
        (Contract::Three..=Contract::SoloOne).contains(&c)
    }
    /// The knowledge rule of kontra: whether `p` knows for certain which team `q` is on (a kontra on
    /// `q`'s announcement needs it, so nobody doubles their own partner by mistake).
    /// `sure` is [`Self::sure_of_partner`] for `p`, the part that does not depend on `q`.
    fn knows(extra: &TarokExtra, sure: bool, p: usize, q: usize) -> bool {
        q == p || Some(q) == extra.declarer || sure || extra.announced[KING_ULTIMO_B] == Some(q)
    }
    /// Whether `p` knows every seat's team: the contract has no partner, or the called king is in
    /// the talon or in `p`'s hand.
    fn sure_of_partner(core: &crate::trick::TrickCore, extra: &TarokExtra, p: usize) -> bool {
        // Without a called king (the contract calls none, or three-handed play) nobody has a partner.
        extra.called.map_or(true, |k| {
            core.talon_as_dealt().contains(&k) || core.hands[p].contains(k)
        })
    }
    /// The kontra factor of a target (0 the game, 1 + b bonus b): ×2 per level.
    fn factor(extra: &TarokExtra, target: usize) -> i32 {
        1 << extra.kontra[target]
    }
    /// Announcements and kontras the seat to move may make, ascending.
    fn announce_legal(&self, core: &crate::trick::TrickCore, extra: &TarokExtra, out: &mut Vec<u32>) {
        let p = core.to_move;
        let contract = extra.contract.unwrap_or(Contract::Klop);
        if contract == Contract::Klop {
            // `klop_kontra`: everyone plays for themselves, so any player may call the next level,
            // but not twice in a row.
            let level = extra.kontra[0];
            let last = extra
                .announce_log
                .iter()
                .rev()
                .find(|&&(_, o)| (KONTRA0..KONTRA0 + 4).contains(&u32::from(o)))
                .map(|&(s, _)| s as usize);
            if level < 4 && last != Some(p) {
                out.push(KONTRA0 + u32::from(level));
            }
            return;
        }
        let valat = extra.announced[VALAT_B].is_some();
        if Self::bonuses_allowed(contract) && !valat {
            for b in 0..BONUSES {
                if extra.announced[b].is_some() {
                    continue;
                }
                let ok = match b {
                    KING_ULTIMO_B => {
                        contract.calls_king() && extra.called.is_some_and(|k| core.hands[p].contains(k))
                    }
                    PAGAT_ULTIMO_B => core.hands[p].contains(PAGAT),
                    _ => true,
                };
                if ok {
                    out.push(ANNOUNCE0 + b as u32);
                }
            }
        }
        let sure = Self::sure_of_partner(core, extra, p);
        let p_team = Self::in_team(extra, p);
        for t in 0..TARGETS {
            let level = extra.kontra[t];
            if level >= 4 {
                continue;
            }
            // Once Valat is announced the game and the other bonuses are void: only it can be doubled.
            let owner = match t {
                0 if valat => continue,
                0 => extra.declarer.unwrap_or(0),
                _ => match extra.announced[t - 1] {
                    Some(a) if !valat || t - 1 == VALAT_B => a,
                    _ => continue,
                },
            };
            if !Self::knows(extra, sure, p, owner) {
                continue;
            }
            // Kontra and subkontra by the owner's opponents, rekontra and mordkontra by its side.
            let same = p_team == Self::in_team(extra, owner);
            if same == (level % 2 == 1) {
                out.push(KONTRA0 + 4 * t as u32 + level as u32);
            }
        }
        if self.emperor_lead
            && matches!(contract, Contract::Beggar | Contract::OpenBeggar)
            && extra.declarer == Some(p)
            && !extra.emperor
            && core.hands[p].contains(SKIS)
        {
            out.push(EMPEROR);
        }
    }
    /// Opens the announcement phase at forehand.
    fn enter_announce(core: &mut crate::trick::TrickCore, extra: &mut TarokExtra) -> Effect {
        extra.stage = Stage::Announce;
        extra.passes = 0;
        core.start_bidding(Self::first(core));
        Effect::Continue
    }
    /// Who leads the first trick: forehand in Klop and Three .. Solo one, else the declarer; with
    /// `valat_announcer_leads` the announcer of a valat.
    fn first_leader(&self, core: &crate::trick::TrickCore, extra: &TarokExtra) -> usize {
        if let (true, Some(a)) = (self.valat_announcer_leads, extra.announced[VALAT_B]) {
            return a;
        }
        match (extra.contract, extra.declarer) {
            (Some(c), Some(d)) if c >= Contract::Beggar => d,
            _ => Self::first(core),
        }
    }
    /// Starts the card play with `leader` to lead, and fixes what the play of this deal may skip
    /// ([`FastPlay`]): the contract, the announcements and the emperor's trick are settled now.
    fn begin_play(&self, core: &mut crate::trick::TrickCore, extra: &mut TarokExtra, leader: usize) {
        extra.stage = Stage::Play;
        let contract = extra.contract.unwrap_or(Contract::Klop);
        let ultimo = extra.announced[PAGAT_ULTIMO_B].is_some() || extra.announced[KING_ULTIMO_B].is_some();
        let mode = if extra.emperor || ultimo || contract.colour() {
            PlayMode::General
        } else if contract.negative() {
            PlayMode::Negative
        } else {
            PlayMode::Positive
        };
        // Every trick of a hand that a trick can decide, or whose declarer leads every trick.
        let every_trick = matches!(contract, Contract::Beggar | Contract::OpenBeggar)
            || contract.valat()
            || contract.colour()
            || extra.announced[VALAT_B].is_some();
        let watch = if every_trick {
            u64::MAX
        } else {
            // Only those in a hand can be played (the Mond or the called king may lie in the talon).
            let in_hands = core.hands[..self.n].iter().fold(0, |m, h| m | h.0);
            (1 << MOND.0 | extra.called.map_or(0, |k| 1 << k.0)) & in_hands
        };
        // Every trick but the last (bits 1 .. tricks - 1; a hand has at most 16 tricks). Klop gives the
        // talon cards, one each, to the first six tricks (`klop_gift`).
        let quiet = (1u64 << self.tricks) - 2;
        let gifts = if contract == Contract::Klop {
            (1u64 << (core.talon_as_dealt().len().min(6) + 1)) - 2
        } else {
            0
        };
        extra.fast = FastPlay {
            mode,
            watch,
            quiet,
            gifts,
        };
        core.start_play(leader);
    }
    /// The calls on offer at the king call, as a mask over [`king_call_offset`]'s eight options
    /// (bit `s`: the king of suit `s`; bit 4 + `s`: the queen, with `queen_call_if_all_kings`).
    fn king_calls(&self, hand: CardSet) -> u32 {
        let own_all = (hand & kings()) == kings();
        let mut calls = 0;
        for s in 0..4u8 {
            if self.allow_own_king || own_all || !hand.contains(Card(s * 8 + 7)) {
                calls |= 1 << s;
            }
        }
        if self.queen_call && own_all {
            calls |= 0xF0;
        }
        calls
    }
    /// The talon choices on offer: the number of groups, and whether the declarer may forfeit (the
    /// called king lies in the talon).
    fn talon_options(&self, core: &crate::trick::TrickCore, extra: &TarokExtra) -> (u32, bool) {
        let size = extra.contract.unwrap_or(Contract::Klop).group_size();
        let forfeit = self.forfeit_allowed && extra.called.is_some_and(|k| core.talon.contains(k));
        ((6 / size) as u32, forfeit)
    }
    /// Bids the seat to move may make in the auction.
    fn auction_bids(&self, core: &crate::trick::TrickCore, extra: &TarokExtra, out: &mut Vec<u32>) {
        let seat = core.to_move;
        // A forced Klop (either trigger reaches the auction only when it may be overcalled).
        let lowest = if extra.forced != Forced::No {
            Contract::SoloWithout
        } else {
            Contract::Two
        };
        // Any higher contract, or the standing one itself with priority over its holder.
        let start = match extra.high {
            None => lowest as u32,
            Some((h, holder)) if Self::prio(core, seat) < Self::prio(core, holder) => h as u32,
            Some((h, _)) => h as u32 + 1,
        };
        out.extend(
            (start.max(lowest as u32)..=Contract::ValatWithout as u32)
                .filter(|&code| self.offered(code))
                .map(|code| BID0 + code),
        );
    }
    /// Whether the contract of this code can be bid: three-handed has no solo three, two or one
    /// (Three, Two and One are played alone there already).
    fn offered(&self, code: u32) -> bool {
        self.n == PLAYERS || !(Contract::SoloThree as u32..=Contract::SoloOne as u32).contains(&code)
    }
    /// Moves the auction on after `seat` acted: the next seat to speak, the final call, or Klop.
    fn auction_next(
        &self,
        core: &mut crate::trick::TrickCore,
        extra: &mut TarokExtra,
        seat: usize,
    ) -> Effect {
        // One popcount over the flags as bytes (a `bool` is 0 or 1) instead of a loop over the
        // seats: the bytes of seats past `n` are masked off.
        let flags = u32::from_le_bytes(extra.passed.map(u8::from));
        let seats = if self.n >= PLAYERS {
            u32::MAX
        } else {
            (1u32 << (8 * self.n)) - 1
        };
        let left = self.n - (flags & seats).count_ones() as usize;
        if left == 0 {
            return self.set_contract(core, extra, Contract::Klop, Self::first(core));
        }
        if let Some((_, h)) = extra.high {
            if left == 1 && !extra.passed[h] {
                extra.stage = Stage::FinalCall;
                core.to_move = h;
                return Effect::Continue;
            }
        }
        let mut s = core.next_seat(seat);
        while extra.passed[s] {
            s = core.next_seat(s);
        }
        core.to_move = s;
        Effect::Continue
    }
    fn set_contract(
        &self,
        core: &mut crate::trick::TrickCore,
        extra: &mut TarokExtra,
        c: Contract,
        declarer: usize,
    ) -> Effect {
        extra.contract = Some(c);
        let f = Self::first(core);
        if c == Contract::Klop {
            if self.klop_kontra {
                return Self::enter_announce(core, extra);
            }
            self.begin_play(core, extra, f);
            return Effect::Continue;
        }
        extra.declarer = Some(declarer);
        // Three-handed, Three/Two/One call no king: the declarer plays alone.
        if c.calls_king() && self.n == PLAYERS {
            extra.stage = Stage::KingCall;
            core.to_move = declarer;
        } else if c.group_size() > 0 {
            core.expose_talon();
            extra.stage = Stage::Talon;
            core.to_move = declarer;
        } else {
            return Self::enter_announce(core, extra);
        }
        Effect::Continue
    }
    fn discard_legal(&self, core: &crate::trick::TrickCore, seat: usize) -> CardSet {
        let hand = core.hands[seat];
        let mut forbidden = kings() | CardSet::single(MOND) | CardSet::single(SKIS);
        if self.forbid_pagat {
            forbidden.insert(PAGAT);
        }
        let plain = hand - taroks() - kings();
        if plain.is_empty() || !self.taroks_last_resort {
            hand - forbidden
        } else {
            plain
        }
    }
    /// The legal plays of the rules (before any hold-back).
    #[inline]
    pub fn legal(
        &self,
        contract: Contract,
        core: &crate::trick::TrickCore,
        hand: CardSet,
        declarer: Option<usize>,
    ) -> CardSet {
        if contract.colour() {
            self.colour_legal(core, hand, declarer)
        } else if contract.negative() {
            negative_legal(core, hand)
        } else {
            positive_legal(core, hand)
        }
    }
    /// Colour valat: taroks are a plain suit (`colour_valat_suits_first`: the declarer may not lead
    /// one while holding a suit card; `colour_valat_void_must_play_tarok`: a player void in the led
    /// suit plays a tarok if it has one).
    fn colour_legal(
        &self,
        core: &crate::trick::TrickCore,
        hand: CardSet,
        declarer: Option<usize>,
    ) -> CardSet {
        let tk = taroks();
        let Some(led) = core.led_card() else {
            if self.cv_suits_first && declarer == Some(core.to_move) {
                let plain = hand - tk;
                if !plain.is_empty() {
                    return plain;
                }
            }
            return hand;
        };
        let suit_mask = CardSet(hand.0 & SUIT_MASK_OF[(led.0 & 63) as usize]);
        if !suit_mask.is_empty() {
            return suit_mask;
        }
        let t = hand & tk;
        if self.cv_void_tarok && !t.is_empty() {
            t
        } else {
            hand
        }
    }
    /// Position of the winning card.
    #[inline]
    pub fn winner(&self, contract: Contract, trick: &[Card]) -> usize {
        self.winner_in(contract.colour(), trick)
    }
    /// Position of the winning card, `colour` when taroks are a plain suit: the highest key of
    /// [`WIN_KEY`], unless it is Škis in the emperor's trick. Škis wins exactly the tricks the
    /// emperor's rule can concern (with Mond and Pagat beside it, when taroks trump or were led).
    #[inline]
    fn winner_in(&self, colour: bool, trick: &[Card]) -> usize {
        let keys = &WIN_KEY[colour as usize][suit_of(trick[0]) as usize];
        // Key and position in one number (positions are below 8): the maximum names the winner.
        let key = |i: usize, c: Card| u32::from(keys[(c.0 & 63) as usize]) << 3 | i as u32;
        let best = if let [a, b, c, d] = *trick {
            key(0, a).max(key(1, b)).max(key(2, c).max(key(3, d)))
        } else {
            trick.iter().enumerate().fold(0, |m, (i, &c)| m.max(key(i, c)))
        };
        let pos = (best & 7) as usize;
        // Keys are distinct above 0 and the winner's is at least 1: Škis won if its key is the top.
        if best >> 3 == u32::from(keys[SKIS.0 as usize]) {
            return self.emperor_winner(trick, pos);
        }
        pos
    }
    /// Škis at `pos` takes the trick unless Mond and Pagat are in it too (the emperor's trick:
    /// Pagat wins; with `emperor_requires_pagat_after_both` only when played after both).
    #[cold]
    fn emperor_winner(&self, trick: &[Card], pos: usize) -> usize {
        let at = |card: Card| trick.iter().position(|&c| c == card);
        if let (Some(pagat), Some(mond)) = (at(PAGAT), at(MOND)) {
            if !self.emperor_after_both || (pagat > pos && pagat > mond) {
                return pagat;
            }
        }
        pos
    }
    /// The legal plays with every rule checked: the emperor's trick, the contract's duties and an
    /// announced ultimo card held back.
    #[inline(never)]
    fn general_legal_plays(&self, v: TrickView<'_, Self>, hand: CardSet) -> CardSet {
        if v.extra.emperor && v.core.tricks_played == 0 {
            // The emperor's trick: the declarer leads Škis (it held it to announce, and the lead is
            // its first card), and whoever holds Mond or Pagat plays it (either, holding both).
            if v.core.trick_len == 0 {
                return CardSet::single(SKIS);
            }
            let must = hand & (CardSet::single(MOND) | CardSet::single(PAGAT));
            if !must.is_empty() {
                return must;
            }
        }
        let legal = self.legal(self.contract(v), v.core, hand, v.extra.declarer);
        // An announced ultimo card stays back until the last trick unless nothing else is legal.
        // Most hands announce neither ultimo: they return at the first test.
        let announced = &v.extra.announced;
        if (announced[PAGAT_ULTIMO_B].is_none() && announced[KING_ULTIMO_B].is_none())
            || v.core.tricks_played + 1 >= self.tricks
        {
            return legal;
        }
        let mut held = CardSet::EMPTY;
        if announced[PAGAT_ULTIMO_B].is_some() {
            held.insert(PAGAT);
        }
        if let (Some(_), Some(k)) = (announced[KING_ULTIMO_B], v.extra.called) {
            held.insert(k);
        }
        crate::trick::follow::hold_back(legal, held)
    }
    /// Klop: the talon cards go one by one, in deal order, to the winners of the first six tricks.
    #[inline(always)]
    fn klop_gift(&self, core: &mut crate::trick::TrickCore, extra: &TarokExtra, winner: usize) {
        if extra.contract.unwrap_or(Contract::Klop) == Contract::Klop && core.tricks_played <= 6 {
            if let Some(&gift) = core.talon_as_dealt().get(core.tricks_played - 1) {
                core.talon.remove(gift);
                core.won[winner].insert(gift);
            }
        }
    }
    /// The rest of [`TrickRules::after_trick`] for a trick that holds a watched card, is the last,
    /// or may decide the hand: the Mond's capture, the called king (the partner shown, the talon it
    /// carries, king ultimo), Pagat in the last trick, and the end of the hand.
    #[inline(never)]
    fn after_watched_trick(
        &self,
        core: &mut crate::trick::TrickCore,
        extra: &mut TarokExtra,
        match_state: &mut TarokMatch,
        (leader, cards, winner): (usize, [Card; MAX_PLAYERS], usize),
        in_trick: CardSet,
    ) -> Effect {
        let n = self.n;
        let player = |i: usize| (leader + i) % n;
        let played = &cards[..n];
        let contract = extra.contract.unwrap_or(Contract::Klop);
        if in_trick.contains(MOND) {
            // Lost unless the Mond itself took the trick.
            let i = played.iter().position(|&c| c == MOND).unwrap_or(0);
            if player(i) != winner {
                extra.mond_lost = Some(player(i));
            }
        }
        if let Some(k) = extra.called {
            if in_trick.contains(k) {
                extra.partner_revealed = true;
                if extra.king_carries_talon {
                    let rest = core.talon;
                    core.talon = CardSet::EMPTY;
                    core.won[winner] |= rest;
                }
                if core.tricks_played == self.tricks {
                    extra.king_last = Some(winner);
                }
            }
        }
        if core.tricks_played == self.tricks && in_trick.contains(PAGAT) {
            let i = played.iter().position(|&c| c == PAGAT).unwrap_or(0);
            extra.pagat_last = Some((player(i), player(i) == winner, winner));
        }
        let decl = extra.declarer;
        let decided = (matches!(contract, Contract::Beggar | Contract::OpenBeggar) && decl == Some(winner))
            || (contract.valat() && decl != Some(winner))
            || extra.announced[VALAT_B]
                .is_some_and(|a| Self::in_team(extra, a) != Self::in_team(extra, winner));
        let over = core.tricks_played == self.tricks || (self.stop_when_decided && decided);
        if !over && contract.colour() {
            // The colour valat declarer leads every trick (it matters only when play goes on past a
            // lost trick).
            if let Some(d) = decl {
                core.leader = d;
                core.to_move = d;
            }
        }
        if over {
            self.finish(core, extra, match_state);
            Effect::EndDeal
        } else {
            Effect::Continue
        }
    }
    /// The difference from 35 that a Three .. Solo one adds to its value (`round_difference_to_5`:
    /// to the nearest 5, so 2 counts 0 and 3 counts 5).
    fn difference(&self, p: i32) -> i32 {
        let d = (p - 35).abs();
        if self.round_difference_to_5 {
            (d + 2) / 5 * 5
        } else {
            d
        }
    }
    /// What a Klop player with `pts` card points pays when nobody is special (`klop_round_to_5`: to
    /// the nearest 5).
    fn klop_points(&self, pts: i32) -> i32 {
        if self.klop_round_to_5 {
            (pts + 2) / 5 * 5
        } else {
            pts
        }
    }
    /// The radelc multiplier of a seat with `n` uncrossed radelci (i64: ×2^20 on an announced valat
    /// under mordkontra is beyond i32).
    fn multiplier(&self, n: u8) -> i64 {
        if n == 0 {
            1
        } else if self.per_radelc {
            1 << n.min(20)
        } else {
            2
        }
    }
    /// Scores of a finished hand per seat, whether the declarer won, and whether everyone draws a
    /// radelc.
    pub fn hand_scores(
        &self,
        core: &crate::trick::TrickCore,
        extra: &TarokExtra,
        radelci: &[u8; PLAYERS],
    ) -> ([i64; PLAYERS], bool, bool) {
        let mut out = [0i64; PLAYERS];
        let contract = extra.contract.unwrap_or(Contract::Klop);
        if contract == Contract::Klop {
            let pts: [i32; PLAYERS] = std::array::from_fn(|s| count(core.won[s]));
            let special: [bool; PLAYERS] =
                std::array::from_fn(|s| s < self.n && (extra.tricks[s] == 0 || pts[s] > 35));
            let any_special = special.iter().any(|&x| x);
            // Klop's kontra (`klop_kontra`) doubles every score per level.
            let kontra = i64::from(Self::factor(extra, 0));
            for s in 0..self.n {
                let base = if !any_special {
                    -self.klop_points(pts[s])
                } else if !special[s] {
                    0
                } else if extra.tricks[s] == 0 {
                    70
                } else {
                    -70
                };
                let mult = if self.klop_radelc {
                    self.multiplier(radelci[s])
                } else {
                    1
                };
                out[s] = i64::from(base) * mult * kontra;
            }
            return (out, false, true);
        }
        let decl = extra.declarer.unwrap_or(0);
        let mult = self.multiplier(radelci[decl]);
        let (mut team, mut opps) = (SeatList::default(), SeatList::default());
        for s in 0..self.n {
            if Self::in_team(extra, s) {
                team.push(s);
            } else {
                opps.push(s);
            }
        }
        let (team, opps) = (&*team, &*opps);
        if extra.forfeited {
            out[decl] = -i64::from(contract.value()) * mult;
            return (out, false, false);
        }
        let team_cards = core.won_by(team.iter().copied()) | extra.discards;
        // The talon cards the declarer left (`core.talon`) are deliberately not here: they count for
        // the opponents' card points only, as 70 − P, while trula and kings are scored for the cards
        // a team takes in tricks (pagat.com's Slovenian Tarok; OpenSpiel's scoring agrees). A king
        // or trula card left in the talon thus spoils both sides' bonus. The rest of a talon carried
        // by the called king is in its trick winner's pile, taken with that trick.
        let opp_cards = core.won_by(opps.iter().copied());
        let team_tricks: u8 = team.iter().map(|&s| extra.tricks[s]).sum();
        let opp_tricks: u8 = opps.iter().map(|&s| extra.tricks[s]).sum();
        let mond_applies = match contract {
            Contract::Beggar | Contract::OpenBeggar => false,
            c if c.valat() => self.mond_in_valat,
            _ => true,
        };
        let mut personal = [0i32; PLAYERS];
        if mond_applies {
            if let Some(s) = extra.mond_lost {
                personal[s] -= self.mond_penalty;
            }
        }
        // `mond_left_in_talon_penalty`: the declarer left the Mond in the talon it did not take (a
        // talon carried off by the called king is no longer there).
        if self.mond_left_in_talon && contract.group_size() > 0 && core.talon.contains(MOND) {
            personal[decl] -= self.mond_penalty;
        }
        let everyone = contract >= Contract::Beggar;
        let game_factor = Self::factor(extra, 0);
        let (game, won) = match contract {
            Contract::Beggar | Contract::OpenBeggar => {
                let w = extra.tricks[decl] == 0;
                (if w { contract.value() } else { -contract.value() }, w)
            }
            Contract::SoloWithout => {
                let p = count(team_cards);
                let w = p >= 36;
                let v = if team_tricks as usize == self.tricks || opp_tricks as usize == self.tricks {
                    250
                } else {
                    80
                };
                (if w { v } else { -v }, w)
            }
            c if c.valat() => {
                let w = team_tricks as usize == self.tricks;
                (if w { c.value() } else { -c.value() }, w)
            }
            _ => {
                // Three .. Solo one.
                let (team_all, opp_all) = (
                    team_tricks as usize == self.tricks,
                    opp_tricks as usize == self.tricks,
                );
                if let Some(a) = extra.announced[VALAT_B] {
                    // An announced valat, made or failed, is the only score of the hand.
                    let ours = Self::in_team(extra, a);
                    let made = if ours { team_all } else { opp_all };
                    let amount = i64::from(2 * SILENT[VALAT_B] * Self::factor(extra, 1 + VALAT_B)) * mult;
                    match self.bonus {
                        BonusScoring::BothTeams => {
                            for &s in if ours { team } else { opps } {
                                out[s] = if made { amount } else { -amount };
                            }
                        }
                        BonusScoring::DeclarerTeamOnly => {
                            for &s in team {
                                out[s] = if ours == made { amount } else { -amount };
                            }
                        }
                    }
                    for s in 0..self.n {
                        out[s] += i64::from(personal[s]);
                    }
                    return (out, ours == made, true);
                }
                if team_all || opp_all {
                    match self.bonus {
                        BonusScoring::BothTeams => {
                            for &s in if team_all { team } else { opps } {
                                out[s] = i64::from(SILENT[VALAT_B]) * mult;
                            }
                        }
                        BonusScoring::DeclarerTeamOnly => {
                            for &s in team {
                                out[s] = if team_all { 250 } else { -250 } * mult;
                            }
                        }
                    }
                    for s in 0..self.n {
                        out[s] += i64::from(personal[s]);
                    }
                    return (out, team_all, true);
                }
                let p = count(team_cards);
                let w = p >= 36;
                let g = contract.value() + self.difference(p);
                let game = if w { g } else { -g } * game_factor;
                let (tb, ob) = self.bonuses(extra, team_cards, opp_cards);
                match self.bonus {
                    BonusScoring::BothTeams => {
                        for &s in team {
                            out[s] = i64::from(game + tb) * mult;
                        }
                        for &s in opps {
                            out[s] = i64::from(ob) * mult;
                        }
                    }
                    BonusScoring::DeclarerTeamOnly => {
                        for &s in team {
                            out[s] = i64::from(game + tb - ob) * mult;
                        }
                    }
                }
                for s in 0..self.n {
                    out[s] += i64::from(personal[s]);
                }
                return (out, w, false);
            }
        };
        out[decl] = i64::from(game * game_factor) * mult;
        for s in 0..self.n {
            out[s] += i64::from(personal[s]);
        }
        (out, won, everyone)
    }
    /// The bonuses of a Three .. Solo one without valat: (earned by the declarer's team, earned by the
    /// opponents). An announced bonus counts double its silent value times its kontra factor and goes
    /// to the announcing team if made, else to the other team; a silent one goes to whoever makes it
    /// (and, with `silent_ultimo_failure`, a lost ultimo costs its owners the silent value).
    fn bonuses(&self, extra: &TarokExtra, team_cards: CardSet, opp_cards: CardSet) -> (i32, i32) {
        let (mut tb, mut ob) = (0i32, 0i32);
        let all = |set: CardSet, need: CardSet| (set & need) == need;
        let contract = extra.contract.unwrap_or(Contract::Klop);
        for b in [TRULA_B, KINGS_B, KING_ULTIMO_B, PAGAT_ULTIMO_B] {
            let need = if b == TRULA_B { trula() } else { kings() };
            // The team whose bonus it is (true: the declarer's) and whether it was made; None if the
            // bonus did not arise (a silent ultimo card not in the last trick, a split trula).
            let outcome: Option<(bool, bool)> = match (b, extra.announced[b]) {
                (TRULA_B | KINGS_B, Some(a)) => {
                    let ours = Self::in_team(extra, a);
                    Some((ours, all(if ours { team_cards } else { opp_cards }, need)))
                }
                (TRULA_B | KINGS_B, None) => {
                    if all(team_cards, need) {
                        Some((true, true))
                    } else if all(opp_cards, need) {
                        Some((false, true))
                    } else {
                        None
                    }
                }
                (KING_ULTIMO_B, a) => {
                    if !contract.calls_king() {
                        None
                    } else {
                        let made = extra.king_last.is_some_and(|w| Self::in_team(extra, w));
                        (a.is_some() || extra.king_last.is_some()).then_some((true, made))
                    }
                }
                (_, Some(a)) => {
                    let ours = Self::in_team(extra, a);
                    let made = extra
                        .pagat_last
                        .is_some_and(|(o, wins, _)| wins && Self::in_team(extra, o) == ours);
                    Some((ours, made))
                }
                // Silent: made if Pagat wins the last trick, lost only if the other side takes it (a
                // partner overtaking Pagat neither makes nor loses it).
                (_, None) => extra.pagat_last.and_then(|(o, wins, w)| {
                    let ours = Self::in_team(extra, o);
                    (wins || Self::in_team(extra, w) != ours).then_some((ours, wins))
                }),
            };
            let Some((ours, made)) = outcome else {
                continue;
            };
            let (earner_is_team, amount) = if extra.announced[b].is_some() {
                let v = 2 * SILENT[b] * Self::factor(extra, 1 + b);
                (ours == made, v)
            } else if made {
                (ours, SILENT[b])
            } else if self.silent_ultimo_failure {
                (ours, -SILENT[b])
            } else {
                continue;
            };
            if earner_is_team {
                tb += amount;
            } else {
                ob += amount;
            }
        }
        (tb, ob)
    }
    /// Ends the hand: scores, radelci and the forced-Klop trigger.
    fn finish(&self, core: &crate::trick::TrickCore, extra: &mut TarokExtra, m: &mut TarokMatch) {
        let (scores, won, everyone) = self.hand_scores(core, extra, &m.radelci);
        extra.scores = per_seat_4(|s| scores[s] as f64);
        extra.stage = Stage::Over;
        if won {
            for s in 0..self.n {
                let crosses = if self.cross_partner {
                    Self::in_team(extra, s)
                } else {
                    extra.declarer == Some(s)
                };
                if crosses && m.radelci[s] > 0 {
                    m.radelci[s] -= 1;
                }
            }
        }
        if everyone {
            for r in &mut m.radelci[..self.n] {
                *r = r.saturating_add(1);
            }
        }
        if self.klop_after_zero
            && (0..self.n).any(|s| core.ledger[s] != 0.0 && core.ledger[s] + extra.scores[s] == 0.0)
        {
            m.forced_next = Forced::ZeroScore;
        }
    }
}

/// The extra-action offset of king-call option `i` of [`TarokRules::king_calls`] (kings ♣ ♦ ♥ ♠,
/// then the queens): ascending in `i`.
fn king_call_offset(i: u32) -> u32 {
    if i < 4 {
        KING0 + i
    } else {
        QUEEN0 + i - 4
    }
}

/// The seats of one side, kept inline.
type SeatList = Log<usize, PLAYERS>;

fn per_seat_4(f: impl Fn(usize) -> f64) -> [f64; PLAYERS] {
    std::array::from_fn(f)
}

impl TrickRules for TarokRules {
    type Extra = TarokExtra;
    type Match = TarokMatch;
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let deck = if p.str("deck_names") == "improvised" {
            Deck::tarok54_improvised()
        } else {
            Deck::tarok54()
        };
        let build = |colour: bool| {
            let eff = (0..54u8).map(|i| card_suit(Card(i))).collect();
            let st = (0..54u8).map(|i| card_strength(Card(i))).collect();
            let _ = colour;
            let pts = (0..54u8).map(|i| honour(Card(i))).collect();
            SuitTables::new(eff, st, pts)
        };
        let n = p.int("players") as usize;
        let session = Session::read(p, n, Some("deals"))?;
        // Four-handed: packets of 6, twice round (12 each); three-handed: packets of 8 (16 each).
        let packet = 48 / n / 2;
        Ok(TarokRules {
            tables: build(false),
            colour_tables: build(true),
            deal: PacketDeal::new(n, &[Packet::Talon(6), Packet::Each(packet), Packet::Each(packet)]),
            deck,
            session,
            forbid_pagat: p.str("discard_forbid") == "kings_trula",
            bonus: if p.str("bonus_scoring") == "both_teams" {
                BonusScoring::BothTeams
            } else {
                BonusScoring::DeclarerTeamOnly
            },
            per_radelc: p.str("radelc_multiplier") == "per_radelc",
            mond_penalty: p.int("mond_penalty") as i32,
            mond_in_valat: p.bool("mond_penalty_in_valat"),
            silent_ultimo_failure: p.bool("silent_ultimo_failure"),
            cv_void_tarok: p.bool("colour_valat_void_must_play_tarok"),
            klop_after_zero: p.bool("klop_after_zero_score"),
            allow_own_king: p.bool("allow_call_own_king"),
            radelc_end_penalty: p.int("radelc_end_penalty") as i32,
            emperor_lead: p.bool("beggar_emperor_lead"),
            n,
            tricks: 48 / n,
            mond_left_in_talon: p.bool("mond_left_in_talon_penalty"),
            round_difference_to_5: p.bool("round_difference_to_5"),
            klop_round_to_5: p.bool("klop_round_to_5"),
            emperor_after_both: p.bool("emperor_requires_pagat_after_both"),
            queen_call: p.bool("queen_call_if_all_kings"),
            forfeit_allowed: p.bool("forfeit_when_king_in_talon"),
            taroks_last_resort: p.bool("discard_taroks_last_resort"),
            cross_partner: p.bool("radelc_cross_partner"),
            klop_radelc: p.bool("klop_radelc_doubling"),
            no_tarok_redeal: p.bool("no_tarok_redeal"),
            forced_klop_after_no_tarok: p.bool("forced_klop_after_no_tarok"),
            expose_before_lead: p.str("open_beggar_expose") == "before_first_lead",
            cv_suits_first: p.bool("colour_valat_suits_first"),
            klop_kontra: p.bool("klop_kontra"),
            stop_when_decided: p.bool("stop_when_decided"),
            valat_announcer_leads: p.bool("valat_announcer_leads"),
            zero_score_overcall: p.bool("forced_klop_allows_sw_overcall"),
        })
    }

    fn deck(&self) -> &Deck {
        &self.deck
    }
    fn num_players(&self) -> usize {
        self.n
    }
    fn session(&self) -> Option<&Session> {
        Some(&self.session)
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        self.deal.slot(dealer, k)
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let TrickMut {
            core,
            extra,
            match_state,
        } = s;
        if self.no_tarok_redeal && (0..self.n).any(|p| (core.hands[p] & taroks()).is_empty()) {
            if self.forced_klop_after_no_tarok {
                match_state.forced_next = Forced::NoTarok;
            }
            return AfterDeal::Redeal { same_dealer: true };
        }
        if self.session.is_match
            && core.deals_done as usize == self.session.length
            && match_state.last_dealer.is_none()
        {
            // The Škis round: the Škis holder deals last (the dealer if the Škis is in the talon).
            match_state.last_dealer = Some(
                (0..self.n)
                    .find(|&p| core.hands[p].contains(SKIS))
                    .unwrap_or(core.dealer),
            );
        }
        extra.forced = std::mem::take(&mut match_state.forced_next);
        let f = Self::first(core);
        match extra.forced {
            Forced::ZeroScore if !self.zero_score_overcall => {
                self.set_contract(core, extra, Contract::Klop, f);
            }
            Forced::ZeroScore | Forced::NoTarok => {
                extra.stage = Stage::Auction;
                core.start_bidding(core.next_seat(f));
            }
            Forced::No => {
                extra.high = Some((Contract::Three, f));
                extra.implicit = true;
                extra.stage = Stage::Auction;
                core.start_bidding(core.next_seat(f));
            }
        }
        AfterDeal::Continue
    }
    fn next_dealer(&self, v: TrickView<'_, Self>) -> usize {
        v.core.next_seat(v.core.dealer)
    }
    fn trump(&self, v: TrickView<'_, Self>) -> Option<u8> {
        (!self.contract(v).colour()).then_some(TAROKS)
    }
    fn suit_tables(&self, v: TrickView<'_, Self>) -> Option<&SuitTables> {
        Some(if self.contract(v).colour() {
            &self.colour_tables
        } else {
            &self.tables
        })
    }
    fn points_of_set(&self, _v: TrickView<'_, Self>, set: CardSet) -> i32 {
        count(set)
    }
    #[inline]
    fn legal_plays(&self, v: TrickView<'_, Self>, hand: CardSet) -> CardSet {
        // The two modes of nearly every hand first, each by one test (a `match` tested the rare
        // general mode first).
        let mode = v.extra.fast.mode;
        if mode == PlayMode::Negative {
            negative_legal(v.core, hand)
        } else if mode == PlayMode::Positive {
            positive_legal(v.core, hand)
        } else {
            self.general_legal_plays(v, hand)
        }
    }
    fn illegal_play_reason(&self, v: TrickView<'_, Self>, _card: Card) -> String {
        if v.extra.emperor && v.core.tricks_played == 0 {
            "the emperor's trick: the declarer leads Škis, and Mond and Pagat must be played to it".into()
        } else if self.contract(v).negative() {
            "follow suit, else play a tarok, and beat the trick if you can (Pagat only as the last resort)"
                .into()
        } else {
            "follow suit, else play a tarok".into()
        }
    }
    #[inline]
    fn trick_winner(&self, v: TrickView<'_, Self>, trick: &[Card]) -> usize {
        let colour = matches!(
            v.extra.contract,
            Some(Contract::ColourValatWithout | Contract::ColourValat)
        );
        self.winner_in(colour, trick)
    }

    fn num_extra_actions(&self) -> usize {
        EXTRA_END as usize
    }
    fn extra_actions_in_play(&self) -> bool {
        false
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        match extra.stage {
            Stage::Auction => {
                out.push(PASS);
                self.auction_bids(core, extra, out);
            }
            Stage::FinalCall => {
                let (h, _) = extra.high.unwrap_or((Contract::Three, 0));
                if extra.implicit {
                    out.push(BID0);
                }
                for code in h as u32..=Contract::ValatWithout as u32 {
                    if self.offered(code) {
                        out.push(BID0 + code);
                    }
                }
            }
            Stage::KingCall => {
                let calls = self.king_calls(core.hands[core.to_move]);
                out.extend((0..8).filter(|i| calls >> i & 1 == 1).map(king_call_offset));
            }
            Stage::Talon => {
                let (groups, forfeit) = self.talon_options(core, extra);
                out.extend((0..groups).map(|g| GROUP0 + g));
                if forfeit {
                    out.push(FORFEIT);
                }
            }
            Stage::Discard => {
                for c in self.discard_legal(core, core.to_move) {
                    out.push(DISCARD0 + c.0 as u32);
                }
            }
            Stage::Raise => out.extend([RAISE, NO_RAISE]),
            Stage::Announce => {
                out.push(PASS);
                self.announce_legal(core, extra, out);
            }
            Stage::Play | Stage::Over => {}
        }
    }
    fn count_extra(&self, v: TrickView<'_, Self>) -> Option<usize> {
        // The discards are a set of the declarer's cards: the random player draws one without
        // listing them.
        (v.extra.stage == Stage::Discard).then(|| self.discard_legal(v.core, v.core.to_move).len())
    }
    fn nth_extra(&self, v: TrickView<'_, Self>, k: usize) -> u32 {
        if v.extra.stage == Stage::Discard {
            let c = self.discard_legal(v.core, v.core.to_move).nth_unchecked(k);
            return DISCARD0 + c.0 as u32;
        }
        let mut out = Vec::new();
        self.extra_legal(v, &mut out);
        out[k]
    }
    fn reset_extra(&self, e: &mut TarokExtra) {
        e.reset();
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut {
            core,
            extra,
            match_state,
        } = s;
        let seat = core.to_move;
        match offset {
            PASS if extra.stage == Stage::Announce => {
                extra.announce_log.push((seat as u8, PASS as u8));
                extra.passes += 1;
                if extra.passes as usize == self.n {
                    let leader = self.first_leader(core, extra);
                    self.begin_play(core, extra, leader);
                } else {
                    core.to_move = core.next_seat(seat);
                }
                Effect::Continue
            }
            PASS => {
                extra.passed[seat] = true;
                extra.calls.push((seat as u8, None));
                self.auction_next(core, extra, seat)
            }
            o if (BID0..KING0).contains(&o) => {
                let c = Contract::from_code((o - BID0) as usize);
                if extra.stage == Stage::FinalCall {
                    return self.set_contract(core, extra, c, seat);
                }
                extra.calls.push((seat as u8, Some(c)));
                extra.high = Some((c, seat));
                extra.implicit = false;
                self.auction_next(core, extra, seat)
            }
            o if (KING0..GROUP0).contains(&o) || (QUEEN0..EXTRA_END).contains(&o) => {
                // A king (rank 7 of its suit) or, with `queen_call_if_all_kings`, a queen (rank 6).
                let k = if o >= QUEEN0 {
                    Card(((o - QUEEN0) * 8 + 6) as u8)
                } else {
                    Card(((o - KING0) * 8 + 7) as u8)
                };
                extra.called = Some(k);
                extra.partner = (0..self.n).find(|&p| p != seat && core.hands[p].contains(k));
                core.expose_talon();
                extra.stage = Stage::Talon;
                Effect::Continue
            }
            o if (GROUP0..FORFEIT).contains(&o) => {
                let size = self
                    .contract(TrickView::new(core, extra, match_state))
                    .group_size();
                let g = (o - GROUP0) as usize;
                let group = core.talon_groups(size).nth(g).unwrap_or(CardSet::EMPTY);
                extra.group = Some(g);
                extra.king_carries_talon = extra.called.is_some_and(|k| group.contains(k));
                core.take_from_talon(seat, group);
                extra.to_discard = size as u8;
                extra.stage = Stage::Discard;
                Effect::Continue
            }
            FORFEIT => {
                extra.forfeited = true;
                self.finish(core, extra, match_state);
                Effect::EndDeal
            }
            RAISE => {
                extra.contract = Some(Contract::ColourValat);
                Self::enter_announce(core, extra)
            }
            NO_RAISE => Self::enter_announce(core, extra),
            EMPEROR => {
                extra.emperor = true;
                extra.announce_log.push((seat as u8, EMPEROR as u8));
                extra.passes = 0;
                core.to_move = core.next_seat(seat);
                Effect::Continue
            }
            o if (ANNOUNCE0..EMPEROR).contains(&o) => {
                if o < KONTRA0 {
                    let b = (o - ANNOUNCE0) as usize;
                    extra.announced[b] = Some(seat);
                    // Announcing king ultimo shows who holds the called king.
                    if b == KING_ULTIMO_B && extra.partner == Some(seat) {
                        extra.partner_revealed = true;
                    }
                } else {
                    extra.kontra[((o - KONTRA0) / 4) as usize] += 1;
                }
                extra.announce_log.push((seat as u8, o as u8));
                extra.passes = 0;
                core.to_move = core.next_seat(seat);
                Effect::Continue
            }
            o => {
                // Discards lie face down in the declarer's own pile (counted for its team at the end).
                let c = Card((o - DISCARD0) as u8);
                core.lay_away(seat, c);
                extra.discards.insert(c);
                extra.to_discard -= 1;
                if extra.to_discard == 0 {
                    let solo = matches!(
                        extra.contract,
                        Some(Contract::SoloThree | Contract::SoloTwo | Contract::SoloOne)
                    );
                    if solo {
                        extra.stage = Stage::Raise;
                    } else {
                        return Self::enter_announce(core, extra);
                    }
                }
                Effect::Continue
            }
        }
    }
    fn extra_name(&self, offset: u32) -> String {
        match offset {
            PASS => "pass".into(),
            o if (BID0..KING0).contains(&o) => NAMES[(o - BID0) as usize].into(),
            o if (KING0..GROUP0).contains(&o) => {
                format!("call {}", self.deck.name_of(Card(((o - KING0) * 8 + 7) as u8)))
            }
            o if (GROUP0..FORFEIT).contains(&o) => format!("talon {}", o - GROUP0 + 1),
            FORFEIT => "forfeit".into(),
            RAISE => "raise colour valat".into(),
            NO_RAISE => "no raise".into(),
            o if (ANNOUNCE0..KONTRA0).contains(&o) => {
                format!("announce {}", BONUS_NAMES[(o - ANNOUNCE0) as usize])
            }
            EMPEROR => "emperor lead".into(),
            o if (QUEEN0..EXTRA_END).contains(&o) => {
                format!("call {}", self.deck.name_of(Card(((o - QUEEN0) * 8 + 6) as u8)))
            }
            o if (KONTRA0..EMPEROR).contains(&o) => {
                let (t, l) = (((o - KONTRA0) / 4) as usize, ((o - KONTRA0) % 4) as usize);
                let target = if t == 0 { "game" } else { BONUS_NAMES[t - 1] };
                format!("{} {target}", LEVEL_NAMES[l])
            }
            o => format!("discard {}", self.deck.name_of(Card((o - DISCARD0) as u8))),
        }
    }
    fn extra_visible(&self, offset: u32, actor: usize, viewer: usize) -> bool {
        // Suit-card discards are the declarer's secret; discarded taroks are shown.
        !(DISCARD0..ANNOUNCE0).contains(&offset) || actor == viewer || offset - DISCARD0 >= 32
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        if let Some(i) = NAMES[..12].iter().position(|n| *n == text) {
            return Some(BID0 + i as u32);
        }
        match text {
            "pass" | "naprej" => return Some(PASS),
            "forfeit" => return Some(FORFEIT),
            "raise colour valat" | "raise" => return Some(RAISE),
            "no raise" => return Some(NO_RAISE),
            "emperor lead" | "emperor" => return Some(EMPEROR),
            _ => {}
        }
        if let Some(b) = text.strip_prefix("announce ") {
            let i = BONUS_NAMES.iter().position(|n| *n == b)?;
            return Some(ANNOUNCE0 + i as u32);
        }
        if let Some((level, target)) = text.split_once(' ') {
            if let Some(l) = LEVEL_NAMES.iter().position(|n| *n == level) {
                let t = if target == "game" {
                    0
                } else {
                    1 + BONUS_NAMES.iter().position(|n| *n == target)?
                };
                return Some(KONTRA0 + 4 * t as u32 + l as u32);
            }
        }
        if let Some(n) = text.strip_prefix("talon ") {
            let g: u32 = n.trim().parse().ok()?;
            return (1..=6).contains(&g).then(|| GROUP0 + g - 1);
        }
        if let Some(k) = text.strip_prefix("call ") {
            let c = self.deck.parse(k).ok()?;
            return match (c.0 < 32, c.0 % 8) {
                (true, 7) => Some(KING0 + (c.0 / 8) as u32),
                (true, 6) => Some(QUEEN0 + (c.0 / 8) as u32),
                _ => None,
            };
        }
        let card = text.strip_prefix("discard ")?;
        self.deck.parse(card).ok().map(|c| DISCARD0 + c.0 as u32)
    }
    #[inline]
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        let TrickMut {
            core,
            extra,
            match_state,
        } = s;
        // The engine records the winning seat; the position in the trick is needed for the cards.
        let Some((leader, cards, winner)) = core.last_trick else {
            return Effect::Continue;
        };
        // Seats are below PLAYERS: the mask only spares a bounds check.
        extra.tricks[winner % PLAYERS] += 1;
        // Most tricks hold neither the Mond nor the called king, are not the last and cannot end the
        // hand: nothing more to note. The winner's pile shows it without going over the trick: the
        // watched cards were in the hands when play started, so they reach a pile only by being
        // played (see [`FastPlay::watch`]); nor is a Klop gift ever watched (a talon card). A quiet
        // trick ([`FastPlay::quiet`]) has no gift and is not the last: the next trick follows (Tarok
        // has no stock, and every hand still holds a card).
        let clean = core.won[winner].0 & extra.fast.watch == 0;
        let t = core.tricks_played & 63;
        if clean && extra.fast.quiet >> t & 1 == 1 {
            if extra.fast.gifts >> t & 1 == 1 {
                // What `klop_gift` gives (the `t`-th talon card as dealt: `gifts` has no more bits).
                if let Some(&gift) = core.talon_as_dealt().get(t - 1) {
                    core.talon.remove(gift);
                    core.won[winner].insert(gift);
                }
            }
            return Effect::NextTrick;
        }
        self.klop_gift(core, extra, winner);
        if core.won[winner].0 & extra.fast.watch == 0 && core.tricks_played < self.tricks {
            return Effect::Continue;
        }
        let mut in_trick = 0u64;
        for &c in &cards[..self.n] {
            in_trick |= 1 << (c.0 & 63);
        }
        // Watched cards are played once: the winner's pile shows only new ones from now on.
        extra.fast.watch &= !in_trick;
        self.after_watched_trick(
            core,
            extra,
            match_state,
            (leader, cards, winner),
            CardSet(in_trick),
        )
    }
    fn known_cards(&self, v: TrickView<'_, Self>, _viewer: usize, other: usize) -> CardSet {
        let TrickView { core, extra, .. } = v;
        // Laid open after the first trick, or (`open_beggar_expose=before_first_lead`) once play starts.
        let exposed = if self.expose_before_lead {
            extra.stage == Stage::Play || extra.stage == Stage::Over
        } else {
            core.tricks_played >= 1
        };
        if extra.contract == Some(Contract::OpenBeggar) && extra.declarer == Some(other) && exposed {
            core.hands[other]
        } else {
            CardSet::EMPTY
        }
    }

    fn extra_observation_len(&self) -> usize {
        // contract one-hot 13, declarer rel 4, partner rel 4 (when known), called king suit 4, standing
        // bid 12, holder rel 4, passed rel 4, stage one-hot 9, discards 54 (own or shown), announcer
        // rel 4 per bonus, kontra levels reached 4 per target, the emperor's trick announced 1,
        // radelci 4.
        OBS_RADELCI + 4
    }
    fn extra_observation_bounds(&self, _low: &mut [f32], high: &mut [f32]) {
        for h in &mut high[self.extra_observation_len() - 4..] {
            *h = f32::INFINITY;
        }
        for h in &mut high[21..25] {
            *h = 2.0;
        }
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView {
            core,
            extra,
            match_state,
        } = v;
        let n = self.n;
        let rel = |s: usize| (s + n - viewer) % n;
        if let Some(c) = extra.contract {
            out[c as usize] = 1.0;
        }
        if let Some(d) = extra.declarer {
            out[13 + rel(d)] = 1.0;
        }
        if let Some(p) = extra.partner {
            let knows = extra.partner_revealed || p == viewer;
            if knows {
                out[17 + rel(p)] = 1.0;
            }
        }
        if let Some(k) = extra.called {
            // 1 for a king, 2 for a queen (`queen_call_if_all_kings`).
            out[21 + (k.0 / 8) as usize] = if k.0 % 8 == 7 { 1.0 } else { 2.0 };
        }
        if let Some((h, holder)) = extra.high {
            out[25 + h as usize] = 1.0;
            out[37 + rel(holder)] = 1.0;
        }
        for s in 0..n {
            if extra.passed[s] {
                out[41 + rel(s)] = 1.0;
            }
        }
        out[OBS_STAGE + extra.stage as usize] = 1.0;
        let shown = if extra.declarer == Some(viewer) {
            extra.discards
        } else {
            extra.discards & taroks()
        };
        for c in shown {
            out[OBS_DISCARDS + c.idx()] = 1.0;
        }
        for (b, a) in extra.announced.iter().enumerate() {
            if let Some(a) = a {
                out[OBS_ANNOUNCED + 4 * b + rel(*a)] = 1.0;
            }
        }
        for (t, &level) in extra.kontra.iter().enumerate() {
            for l in 0..level as usize {
                out[OBS_KONTRA + 4 * t + l] = 1.0;
            }
        }
        if extra.emperor {
            out[OBS_EMPEROR] = 1.0;
        }
        for s in 0..n {
            out[OBS_RADELCI + rel(s)] = match_state.radelci[s] as f32;
        }
        let _ = core;
    }
    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView {
            extra, match_state, ..
        } = v;
        let mut s = String::new();
        if !extra.calls.is_empty() {
            let calls: Vec<String> = extra
                .calls
                .iter()
                .map(|(p, b)| format!("{p}:{}", b.map_or("pass", |c| NAMES[c as usize])))
                .collect();
            s.push_str(&format!("auction: {}\n", calls.join(" ")));
        }
        if let (Some(c), Some(d)) = (extra.contract, extra.declarer) {
            s.push_str(&format!("contract: {} by seat {d}\n", NAMES[c as usize]));
        } else if extra.contract == Some(Contract::Klop) {
            s.push_str("contract: klop\n");
        }
        if let Some(k) = extra.called {
            let what = if k.0 % 8 == 7 { "king" } else { "queen" };
            s.push_str(&format!("called {what}: {}\n", self.deck.name_of(k)));
            if let Some(p) = extra.partner {
                if extra.partner_revealed || viewer == Some(p) || viewer.is_none() {
                    s.push_str(&format!("partner: seat {p}\n"));
                }
            }
        }
        let shown = if viewer.is_none() || viewer == extra.declarer {
            extra.discards
        } else {
            extra.discards & taroks()
        };
        if !shown.is_empty() {
            s.push_str(&format!("discards: {}\n", self.deck.format_set(shown)));
        }
        if !extra.announce_log.is_empty() {
            let calls: Vec<String> = extra
                .announce_log
                .iter()
                .map(|&(p, o)| format!("{p}:{}", self.extra_name(o as u32)))
                .collect();
            s.push_str(&format!("announcements: {}\n", calls.join(" ")));
        }
        if match_state.radelci.iter().any(|&r| r > 0) {
            s.push_str(&format!("radelci: {:?}\n", match_state.radelci));
        }
        s
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { core, extra, .. } = v;
        let returns = per_seat(self.n, |s| core.ledger[s] + extra.scores[s]);
        DealOutcome {
            returns,
            ledger: per_seat(self.n, |s| extra.scores[s]),
            redeal: false,
        }
    }
    /// A hand (`hand_scores`) scores each seat at most 8,000 in absolute value before its radelc
    /// multiplier, less a Mond penalty of its own: the largest score is an announced valat (±500)
    /// kontra'd up to mordkontra (×16). Everything else is smaller: the game (value ≤ 60 plus a
    /// margin ≤ 35) ×16, plus trula, kings, pagat and king ultimo announced (×2) and each kontra'd
    /// (×16), is at most 95·16 + 2·55·16 + 55·16 = 4,160; Klop ±70, the beggars ±70/±90, Solo without
    /// ±80/±250 and the colour valats ±125 (×16 at most) stay below it too. A single deal starts
    /// without radelci (multiplier 1): [−(8,000 + mond), 8,000]. In a match at most H = `max_deals`
    /// hands are played, a seat's multiplier is at most 2 (`double_once`) or 2^min(H, 20) (one radelc
    /// per hand at most, as `multiplier` caps it), and the end costs `radelc_end_penalty` per radelc
    /// left (≤ H). These caps make a safe bound, far from reachable in practice. Scores are per seat
    /// and do not balance: general-sum.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        use crate::core::game::Utility;
        const HAND: f64 = 500.0 * 16.0;
        let mond = self.mond_penalty as f64;
        if !self.session.is_match {
            return Some(Utility::general(-(HAND + mond), HAND));
        }
        let h = self.max_deals() as f64;
        let mult = if self.per_radelc {
            (1u64 << self.max_deals().min(20)) as f64
        } else {
            2.0
        };
        let hand = HAND * mult + mond;
        Some(Utility::general(
            -(h * hand + h * self.radelc_end_penalty as f64),
            h * HAND * mult,
        ))
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView {
            core, match_state, ..
        } = v;
        let over =
            match_state.last_dealer == Some(core.dealer) || core.deals_done as usize >= self.max_deals();
        over.then(|| {
            per_seat(self.n, |s| {
                core.ledger[s] - (self.radelc_end_penalty * match_state.radelci[s] as i32) as f64
            })
        })
    }
    fn max_deals(&self) -> usize {
        if self.session.is_match {
            self.session.length + 4 + 40
        } else {
            40
        }
    }
    fn new_bot(&self, name: &str) -> Option<Box<dyn crate::core::game::Bot<TarokState>>> {
        match name {
            "greedy" => Some(Box::new(bot::Greedy)),
            "lowest_bid" => Some(Box::new(bot::LowestBid)),
            _ => None,
        }
    }
}

mod bot;
#[cfg(test)]
mod tests;
