//! Calabrasella, the three-handed Italian-American widow game (one against two, no trumps), one
//! rules value over the trick engine, as Foster's Complete Hoyle and pagat.com (Calabrasella) describe it.
//!
//! * Pack: 40 cards (Italian suits, or a French pack without 8s, 9s and 10s: `deck_style`). Strength
//!   high to low 3 2 A R(K) C F 7 6 5 4; no trumps. Points: A 3; 3, 2, R, C, F 1 each (32), plus 3 for
//!   the last trick: 35 per deal.
//! * Players: 3 active. With `players=4` the dealer takes no cards and sits out the deal (an engine
//!   active-seat set), and settles per `four_handed_settlement`.
//! * Deal: packets of 4 (`deal_packet=2`: of 2) from the dealer's next seat, 12 each, then 4 face down
//!   to the widow.
//! * Bidding: from the dealer's next seat each speaks once, `play` or `pass`; the first `play` is the
//!   single player. All pass: thrown in without payment, the deal passes on.
//! * `call_three` (off by default): the single player names (`call X`) a card of the highest rank
//!   (3, then 2, then A, ...) of which he does not hold all four, one he does not hold. Its holder hands
//!   it over (public) and receives `give X`, a card the single player chooses, seen by the two of them
//!   only. A card called from the widow is not exchanged.
//! * Exchange: `discard X` 1 to 4 cards face down (`done` after at least one; the fourth ends it), then
//!   the widow is turned face up and he takes (`take X`) as many of its cards. The discards and the
//!   unused widow cards (always 4) are the leftover pile of the last trick's winner.
//! * Play: the dealer's next seat leads trick 1 whoever the single player is; follow suit if able;
//!   the highest card of the led suit wins; 12 tricks; the opponents share one pile.
//! * Settlement: S single player's points, O = 35 − S, margin M = |S − O| (odd), 70 for a sweep (all 35
//!   to one side). Each opponent pays M to the single player, or receives M from him. Four-handed:
//!   `dealer_with_opponents` (the sitting-out dealer settles as a third opponent) or `dealer_neutral`.
//! * `scope=match`: `game_end=paper` (first to `target` points at the end of a deal, highest wins,
//!   ties play on; returns +1 for the winner as in every fixed-target match) or `game_end=chips`
//!   (`chips` each; over once a player has none left; returns the chips won or lost). `deal_limit`
//!   bounds a match: after that many deals the top scorers win.
//!
//! `ruleset=terziglio`: the Italian Calabresella or Terziglio as pagat.com (Calabresella) describes
//! it, counter-clockwise (a display label: seats are in turn order), with
//! `bidding=chiamo_solo_solissimo` and `counting=eleven`, a match to 21:
//! * Bidding: from the dealer's next seat each speaks once, `pass` or a bid above the highest so far:
//!   `chiamo` < `solo` < `solissimo`; a `solissimo` ends it at once; the highest bidder plays alone.
//!   All pass: thrown in.
//! * `chiamo`: he names (`call X`) any card he does not hold; its holder hands it over openly. The
//!   widow is then turned face up and he takes all four (a called card lying there among them), gives
//!   the holder a card of his choice face up (`give X`, public), and discards 4 face down.
//! * `solo`: he takes the widow unseen by the others and discards 4 face down.
//! * `solissimo`: no call, no widow: it stays face down.
//! * In each case the 4 face-down cards go to the winner of the last trick. The dealer's next seat
//!   leads, as in the default game (`ruleset=seed`).
//! * Counting: A 1; 3, 2, R, C, F a third each, fractions dropped per side; the last trick 1: 11 per
//!   deal (the 20 thirds of honours always leave 6 whole points between the sides). The engine's card
//!   table stays A 3, honours 1 (thirds): a side's points are its thirds / 3 (rounded down) + 1 for
//!   the last trick. The single player wins with 6 or more.
//! * Settlement: the margin |S − O| (odd, 1 to 11) times 1 for chiamo, 2 for solo, 3 for solissimo,
//!   paid by or to each opponent. `target` 21.
//!
//! Sources compared for `terziglio`: pagat.com, Calabresella (the text we could read): the card
//! values (ace 1, each 3 2 K C J a third, the last trick 1), counter-clockwise deal and play, 12
//! cards each and 4 face down (the monte), one chance each to bid from the dealer's right (the
//! dealer's next seat in turn order) with chiamo < solo < solissimo, each bid above the last and
//! nothing after a solissimo, all passing = a new deal, and chiamo naming a card by rank and suit:
//! all as here. That text gives no payment table, so the payments follow Wikipedia (Calabresella:
//! the soloist needs 6 of the 11 points, pays or receives the difference between the sides' points
//! from each opponent; game to 21) and Italian descriptions of the game ("il solo raddoppia la
//! vincita, il solissimo la triplica": solo doubles the win, solissimo triples it; chiamo: the
//! called card is handed over unless it lies in the widow, the widow is shown and taken, a card of
//! the bidder's choice is given back face up, 4 discards face down). Not played: the solissimo
//! variants in which the opponents exchange with the widow (Wikipedia's "dividete", "scegliete").
//!
//! The table's irregularities (misdeal, looking at the widow, exposed cards, leading out of turn, revoke)
//! cannot happen through this strict API: every action is checked and illegal ones are refused
//! without changing the state, so no table-adjudication mode exists.
//!
//! Action ids: the 40 cards (dense order ♣ ♦ ♥ ♠ = bastoni denari coppe spade, A 2 .. 7 F C R), then
//! `pass` 40, `play` 41, `done` 42, `call X` 43 + card, `give X` 83 + card, `discard X` 123 + card,
//! `take X` 163 + card; with `bidding=chiamo_solo_solissimo` also `chiamo` 203, `solo` 204,
//! `solissimo` 205.

mod bot;

use crate::cards::{Card, CardSet, Deck, FaceStyle};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::{LudoError, Result};
use crate::trick::widow::{self, FirstTaker, Passed};
use crate::trick::Session;
use crate::trick::{
    per_seat, top_scorers_win, AfterDeal, DealOutcome, Effect, Slot, SuitTables, TrickCore, TrickGame,
    TrickMut, TrickRules, TrickState, TrickView, SCOPE_PARAM,
};

/// The registered game type.
pub type Calabrasella = TrickGame<CalabrasellaRules>;
/// The registry's name for the game type.
pub type Type = Calabrasella;
/// A Calabrasella position.
pub type CalabrasellaState = TrickState<CalabrasellaRules>;

/// Active players in every deal.
pub const ACTIVE: usize = 3;
/// Tricks per deal.
pub const TRICKS: usize = 12;
/// Points per deal: 32 in cards and 3 for the last trick.
pub const TOTAL: i32 = 35;
/// Points for the last trick.
pub const LAST_TRICK: i32 = 3;
/// Cards in the widow.
pub const WIDOW: usize = 4;
const DECK: u32 = 40;
/// `plan` entry of a card dealt to the widow.
const TO_WIDOW: u8 = u8::MAX;
/// Extra-action offsets.
pub const PASS: u32 = 0;
pub const PLAY: u32 = 1;
pub const DONE: u32 = 2;
pub const CALL: u32 = 3;
pub const GIVE: u32 = CALL + DECK;
pub const DISCARD: u32 = GIVE + DECK;
pub const TAKE: u32 = DISCARD + DECK;
/// The three bids of `bidding=chiamo_solo_solissimo` (after the default game's actions, which keep
/// their ids).
pub const CHIAMO: u32 = TAKE + DECK;
pub const SOLO: u32 = CHIAMO + 1;
pub const SOLISSIMO: u32 = CHIAMO + 2;
/// Extra actions of the play-or-pass bidding, and of the three-bid one.
const NUM_EXTRA: u32 = CHIAMO;
const NUM_EXTRA_TERZIGLIO: u32 = SOLISSIMO + 1;
/// Points per deal in `counting=eleven`, and what the single player needs of them.
pub const TOTAL_ELEVEN: i32 = 11;
pub const WIN_ELEVEN: i32 = 6;
/// A single-deal game thrown in this many times in a row (only with adversarial chance) is a draw.
const MAX_REDEALS: usize = 50;

/// Rank codes (Italian pack: 1 = A, 2..7, 8 = F, 9 = C, 10 = R) high to low.
pub const STRENGTH_ORDER: [u8; 10] = [3, 2, 1, 10, 9, 8, 7, 6, 5, 4];

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "foster", "four_handed", "terziglio"]), default: D::Str("seed"), doc: "seed: the American encyclopaedia's game; foster: with the call for a three and packets of 2 (Foster's Hoyle); four_handed: four players, the dealer sitting out; terziglio: the Italian game (pagat.com): chiamo/solo/solissimo, 11 points, to 21, counter-clockwise" },
    ParamSpec { name: "players", kind: Kind::Int { min: 3, max: 4 }, default: D::Int(3), doc: "3, or 4 with the dealer sitting out each deal" },
    SCOPE_PARAM,
    ParamSpec { name: "direction", kind: Kind::Choice(&["clockwise", "counterclockwise"]), default: D::Str("clockwise"), doc: "table direction (seats are numbered in turn order either way, so it only labels the display)" },
    ParamSpec { name: "deck_style", kind: Kind::Choice(&["italian", "french_north", "french_south"]), default: D::Str("italian"), doc: "card labels: Italian suits, or a French pack without 8s, 9s and 10s (court order J Q K or Q J K)" },
    ParamSpec { name: "deal_packet", kind: Kind::Int { min: 2, max: 4 }, default: D::Int(4), doc: "cards per packet in the deal: 4 or 2 (3 is refused)" },
    ParamSpec { name: "call_three", kind: Kind::Bool, default: D::Bool(false), doc: "the single player names a 3 he lacks (a 2 if he holds all four 3s, ...) and exchanges a card with its holder" },
    ParamSpec { name: "bidding", kind: Kind::Choice(&["play_or_pass", "chiamo_solo_solissimo"]), default: D::Str("play_or_pass"), doc: "play_or_pass: the first to say play plays alone; chiamo_solo_solissimo: one turn each, each bid above the last: chiamo (call a card, take the widow face up), solo (take it unseen), solissimo (without it)" },
    ParamSpec { name: "counting", kind: Kind::Choice(&["thirty_five", "eleven"]), default: D::Str("thirty_five"), doc: "thirty_five: A 3, each 3 2 K C J 1, last trick 3, the margin paid (70 for all 35); eleven: A 1, each 3 2 K C J a third (fractions dropped), last trick 1, the single player needs 6" },
    ParamSpec { name: "four_handed_settlement", kind: Kind::Choice(&["dealer_with_opponents", "dealer_neutral"]), default: D::Str("dealer_with_opponents"), doc: "players=4: the sitting-out dealer pays or receives as a third opponent, or neither" },
    ParamSpec { name: "game_end", kind: Kind::Choice(&["paper", "chips"]), default: D::Str("paper"), doc: "scope=match: first to `target` on paper, or until a player has lost all his `chips`" },
    ParamSpec { name: "target", kind: Kind::Int { min: 1, max: 10000 }, default: D::Int(100), doc: "game_end=paper: the winning total (checked after each deal; highest wins, ties play on)" },
    ParamSpec { name: "chips", kind: Kind::Int { min: 1, max: 10000 }, default: D::Int(50), doc: "game_end=chips: each player's starting stack" },
    ParamSpec { name: "deal_limit", kind: Kind::Int { min: 1, max: 1000 }, default: D::Int(200), doc: "scope=match: at most this many deals (thrown-in ones included); then the top scorers win" },
    ParamSpec { name: "first_dealer", kind: Kind::Int { min: -1, max: 3 }, default: D::Int(-1), doc: "seat of the first dealer; -1 = the last seat, so seat 0 speaks and leads first" },
];

static PRESETS: &[crate::core::game::Preset] = &[
    ("seed", &[]),
    ("foster", &[("call_three", "true"), ("deal_packet", "2")]),
    ("four_handed", &[("players", "4")]),
    (
        "terziglio",
        &[
            ("bidding", "chiamo_solo_solissimo"),
            ("counting", "eleven"),
            ("direction", "counterclockwise"),
            ("target", "21"),
        ],
    ),
];

static INFO: GameInfo = GameInfo {
    short_name: "calabrasella",
    long_name: "Calabrasella",
    params: PARAMS,
    presets: PRESETS,
    version: 2,
    rules: "Three players (with four, the dealer sits out each deal), 40 cards, no trumps. Strength 3 2 A K \
C J 7 6 5 4; points A 3, each 3 2 K C J 1, and 3 for the last trick: 35. Each gets 12 cards, 4 go face \
down to the widow. From the dealer's left each says once 'play' or 'pass'; the first to play plays alone \
against the other two; if all pass the hands are thrown in. The single player discards 1 to 4 cards face \
down, the widow is turned up and he takes as many of its cards; the discards and the rest of the widow go \
to the winner of the last trick. (With call_three he first names a 3 he lacks; its holder gives it to \
him for a card of his choice.) The dealer's left leads; follow suit; the highest card of the suit led \
wins. The margin between the sides' points (70 for all 35) is paid by or to each opponent; with four \
players the dealer settles as an opponent (four_handed_settlement=dealer_neutral: not at all). A match \
goes to 100 on paper, or until a player has lost his chips. As described in Foster's Complete Hoyle and \
at pagat.com (Calabrasella). ruleset=terziglio is the Italian Calabresella or Terziglio (pagat.com): \
counter-clockwise; one bid each, each above the last: chiamo (call any card from its holder, take the \
widow face up, give the holder a card face up, discard 4), solo (take the widow unseen, discard 4) or \
solissimo (no widow); the 4 face-down cards go with the last trick. Aces 1, each 3 2 K C J a third \
(fractions dropped), last trick 1: 11 points, the single player needs 6; the margin is paid times 1, 2 \
or 3 for chiamo, solo, solissimo; game to 21.",
    bots: &["random", "greedy"],
    examples: &[
        "calabrasella",
        "calabrasella(call_three=true,deal_packet=2)",
        "calabrasella(players=4)",
        "calabrasella(players=4,four_handed_settlement=dealer_neutral,call_three=true,deck_style=french_north)",
        "calabrasella(scope=match,target=60)",
        "calabrasella(scope=match,game_end=chips,chips=40,players=4)",
        "calabrasella(ruleset=terziglio)",
        "calabrasella(ruleset=terziglio,scope=match,players=4)",
    ],
};

/// Where a deal stands before and during play.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// Each active seat says `play` or `pass` once.
    #[default]
    Bidding,
    /// The single player names a card (`call_three`, or the chiamo contract).
    Call,
    /// The single player gives the holder of the called card a card of his choice.
    Give,
    /// The single player discards face down (1 to 4 cards; exactly 4 after chiamo or solo).
    Discard,
    /// The widow is face up; the single player takes as many cards as he discarded.
    Take,
    /// Trick play.
    Play,
    /// Everybody passed.
    ThrownIn,
}

/// A bid of `bidding=chiamo_solo_solissimo`, lowest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Contract {
    /// Call a card from its holder, then take the widow face up and discard 4.
    Chiamo,
    /// Take the widow unseen and discard 4.
    Solo,
    /// Play the hand as dealt; the widow stays face down.
    Solissimo,
}

impl Contract {
    const ALL: [Contract; 3] = [Contract::Chiamo, Contract::Solo, Contract::Solissimo];
    /// What the margin is multiplied by.
    pub fn multiplier(self) -> i32 {
        match self {
            Contract::Chiamo => 1,
            Contract::Solo => 2,
            Contract::Solissimo => 3,
        }
    }
    fn offset(self) -> u32 {
        CHIAMO + self as u32
    }
    fn name(self) -> &'static str {
        match self {
            Contract::Chiamo => "chiamo",
            Contract::Solo => "solo",
            Contract::Solissimo => "solissimo",
        }
    }
}

/// Per-deal state: the bidding, the call, the exchange.
#[derive(Clone, Debug, Default)]
pub struct CalabrasellaExtra {
    pub stage: Stage,
    /// The bidding: passes so far, from the dealer's next seat (the engine's first-taker auction).
    pub bidding: FirstTaker,
    /// The single player.
    pub single: Option<usize>,
    /// The card named with `call_three` (public).
    pub called: Option<Card>,
    /// Who handed the called card over (`None`: it was in the widow, or no call yet).
    pub holder: Option<usize>,
    /// The card the single player gave the holder (known to the two of them only).
    pub given: Option<Card>,
    /// The single player's discards (face down in the engine's talon, known to him only).
    pub discards: CardSet,
    /// Widow cards taken so far.
    pub taken: u8,
    /// `bidding=chiamo_solo_solissimo`: the highest bid so far and its bidder (the contract once
    /// the bidding is over), the seats that have spoken and those that passed (a bit per seat).
    pub high: Option<(Contract, usize)>,
    pub spoken: u8,
    pub passed_seats: u8,
}

impl CalabrasellaExtra {
    /// The contract being played (`bidding=chiamo_solo_solissimo`, after the bidding).
    pub fn contract(&self) -> Option<Contract> {
        self.single.and(self.high.map(|h| h.0))
    }
}

/// The facts of a finished deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealResult {
    pub single: usize,
    /// Single player's points (tricks, plus the leftover pile and 3 if he won the last trick).
    pub single_points: i32,
    /// The opponents' points (35 − single_points, or 11 − single_points).
    pub opponent_points: i32,
    /// Points in the deal: 35 (a sweep of all of them pays 70) or 11 (no sweep bonus).
    pub total: i32,
    /// The contract's multiplier of the margin (1 in the play-or-pass bidding).
    pub multiplier: i32,
}

impl DealResult {
    /// What each settling opponent pays the single player (negative: receives from him): the margin
    /// (70 for a sweep of 35) times the contract's multiplier. The single player wins with more
    /// than half: 18 of 35, 6 of 11.
    pub fn per_opponent(&self) -> i32 {
        let sweep = self.total == TOTAL && (self.single_points == TOTAL || self.opponent_points == TOTAL);
        let margin = if sweep {
            2 * TOTAL
        } else {
            (self.single_points - self.opponent_points).abs()
        };
        let m = margin * self.multiplier;
        if self.single_points > self.opponent_points {
            m
        } else {
            -m
        }
    }
}

/// How a match ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// First to this many points, checked after each deal.
    Paper(i32),
    /// Over once a player's stack (this many at the start) is used up.
    Chips(i32),
}

/// Calabrasella rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct CalabrasellaRules {
    deck: Deck,
    tables: SuitTables,
    players: usize,
    /// Per dealer and dealt card: the receiving seat, or `TO_WIDOW` (a look-up per card dealt, with
    /// no `%`: dealing is a third of a random deal's work).
    plan: [[u8; DECK as usize]; 4],
    call_three: bool,
    /// `bidding=chiamo_solo_solissimo`.
    terziglio: bool,
    /// `counting=eleven`.
    eleven: bool,
    dealer_settles: bool,
    session: Session,
    end: GameEnd,
    deal_limit: usize,
}

impl CalabrasellaRules {
    /// The strength / points tables (no trumps: effective suit = printed suit).
    pub fn tables(&self) -> &SuitTables {
        &self.tables
    }
    /// Strength of a card (3 highest = 9, 4 lowest = 0).
    pub fn strength_of(&self, card: Card) -> u8 {
        self.tables.strength[card.idx()]
    }
    /// Whether the call step is played.
    pub fn call_three(&self) -> bool {
        self.call_three
    }
    /// Whether the bidding is chiamo / solo / solissimo.
    pub fn three_bids(&self) -> bool {
        self.terziglio
    }
    /// Whether points are counted to 11 (else 35).
    pub fn counts_eleven(&self) -> bool {
        self.eleven
    }
    /// The cards the single player may name now: with chiamo any card he lacks, with `call_three`
    /// the [`callable`](Self::callable) ones.
    pub fn call_options(&self, hand: CardSet) -> CardSet {
        if self.terziglio {
            self.deck.all() - hand
        } else {
            self.callable(hand)
        }
    }
    /// The cards the single player may name: those of the highest rank (3, then 2, A, ...) of which he
    /// does not hold all four, that he does not hold.
    pub fn callable(&self, hand: CardSet) -> CardSet {
        for rank in STRENGTH_ORDER {
            let of_rank: CardSet = self
                .deck
                .all()
                .iter()
                .filter(|&c| self.deck.rank(c) == rank)
                .collect();
            let missing = of_rank - hand;
            if !missing.is_empty() {
                return missing;
            }
        }
        CardSet::EMPTY
    }
    /// The widow as dealt (its cards wherever they are now).
    pub fn widow(&self, core: &TrickCore) -> CardSet {
        core.talon_as_dealt().iter().copied().collect()
    }
    /// A side's points from the card points (the table's: A 3, honours 1) of what it took, and
    /// whether it won the last trick: 35-count as they are plus 3; 11-count in thirds, rounded
    /// down, plus 1.
    pub fn side_points(&self, card_points: i32, last: bool) -> i32 {
        if self.eleven {
            card_points / 3 + last as i32
        } else {
            card_points + LAST_TRICK * last as i32
        }
    }
    /// Points in a deal: 35 or 11.
    pub fn total(&self) -> i32 {
        if self.eleven {
            TOTAL_ELEVEN
        } else {
            TOTAL
        }
    }
    /// The facts of a finished deal (`None` if it was thrown in).
    pub fn deal_result(&self, core: &TrickCore, extra: &CalabrasellaExtra) -> Option<DealResult> {
        let single = extra.single?;
        let last = core.tricks_played == TRICKS && core.last_trick.is_some_and(|t| t.2 == single);
        let mut cards = core.won[single];
        if last {
            // The leftover pile (discards and unused widow, or the untouched widow) goes with it.
            cards |= core.talon;
        }
        let s = self.side_points(self.tables.points_of(cards), last);
        Some(DealResult {
            single,
            single_points: s,
            opponent_points: self.total() - s,
            total: self.total(),
            multiplier: extra.contract().map_or(1, Contract::multiplier),
        })
    }
    /// What a finished deal pays each seat.
    pub fn settlement(&self, core: &TrickCore, extra: &CalabrasellaExtra) -> [f64; MAX_PLAYERS] {
        let Some(r) = self.deal_result(core, extra) else {
            return [0.0; MAX_PLAYERS];
        };
        let a = r.per_opponent() as f64;
        let settles = |s: usize| s != r.single && (core.is_active(s) || self.dealer_settles);
        let payers = (0..self.players).filter(|&s| settles(s)).count() as f64;
        per_seat(self.players, |s| {
            if s == r.single {
                a * payers
            } else if settles(s) {
                -a
            } else {
                0.0
            }
        })
    }
    /// The first speaker and leader of a deal: the dealer's next active seat.
    fn eldest(core: &TrickCore) -> usize {
        core.next_seat(core.dealer)
    }
    /// The seats that have passed so far, as a bit per seat.
    fn passed(&self, core: &TrickCore, extra: &CalabrasellaExtra) -> u8 {
        if self.terziglio {
            return extra.passed_seats;
        }
        extra
            .bidding
            .passed(core, Self::eldest(core))
            .fold(0, |m, s| m | 1 << s)
    }
    fn after_discards(core: &mut TrickCore, extra: &mut CalabrasellaExtra) {
        // The widow is turned face up; the discards beside it in the talon stay face down.
        core.expose_talon();
        extra.stage = Stage::Take;
        core.to_move = extra.single.unwrap_or(core.to_move);
    }
    /// A seat has spoken in the three-bid auction: the next one speaks, or the bidding is over (a
    /// solissimo, or everybody has spoken).
    fn spoke(&self, core: &mut TrickCore, extra: &mut CalabrasellaExtra) -> Effect {
        extra.spoken += 1;
        let over = extra.spoken as usize == ACTIVE || matches!(extra.high, Some((Contract::Solissimo, _)));
        if !over {
            core.to_move = core.next_seat(core.to_move);
            return Effect::Continue;
        }
        let Some((contract, single)) = extra.high else {
            extra.stage = Stage::ThrownIn;
            return Effect::EndDeal;
        };
        extra.single = Some(single);
        core.to_move = single;
        match contract {
            Contract::Chiamo => extra.stage = Stage::Call,
            Contract::Solo => {
                // Taken unseen: the widow's cards become the single player's secret.
                widow::take_widow(core, single);
                extra.stage = Stage::Discard;
            }
            Contract::Solissimo => Self::start_tricks(core, extra),
        }
        Effect::Continue
    }
    fn start_tricks(core: &mut TrickCore, extra: &mut CalabrasellaExtra) {
        extra.stage = Stage::Play;
        let eldest = Self::eldest(core);
        core.start_play(eldest);
    }
}

impl TrickRules for CalabrasellaRules {
    type Extra = CalabrasellaExtra;
    type Match = ();
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let packet = p.int("deal_packet") as usize;
        if packet == 3 {
            return Err(LudoError::param(
                "deal_packet",
                "packets of 3 are not a Calabrasella deal; use 4 or 2",
            ));
        }
        let terziglio = p.str("bidding") == "chiamo_solo_solissimo";
        if terziglio && p.bool("call_three") {
            return Err(LudoError::param(
                "call_three",
                "the call for a three belongs to the play-or-pass bidding; with \
                 bidding=chiamo_solo_solissimo the chiamo bid names a card instead",
            ));
        }
        let players = p.int("players") as usize;
        let session = Session::read(p, players, None)?;
        let style = match p.str("deck_style") {
            "french_north" => FaceStyle::FrenchNorth,
            "french_south" => FaceStyle::FrenchSouth,
            _ => FaceStyle::Italian,
        };
        let deck = Deck::italian40(style);
        let (mut eff, mut strength, mut points) = (Vec::new(), Vec::new(), Vec::new());
        for c in deck.all() {
            let rank = deck.rank(c);
            eff.push(deck.suit(c));
            let pos = STRENGTH_ORDER.iter().position(|&r| r == rank).unwrap_or(9);
            strength.push(9 - pos as u8);
            points.push(match rank {
                1 => 3,
                2 | 3 | 8 | 9 | 10 => 1,
                _ => 0,
            });
        }
        // Packets to the three seats after the dealer (with four players the same three: the
        // dealer is left out), then the widow.
        let mut offsets = Vec::new();
        for _ in 0..12 / packet {
            for off in 1..=ACTIVE {
                offsets.extend(std::iter::repeat(Some(off)).take(packet));
            }
        }
        offsets.extend(std::iter::repeat(None).take(WIDOW));
        let plan = std::array::from_fn(|dealer| {
            std::array::from_fn(|k| offsets[k].map_or(TO_WIDOW, |off| ((dealer + off) % players) as u8))
        });
        Ok(CalabrasellaRules {
            tables: SuitTables::new(eff, strength, points),
            deck,
            players,
            plan,
            call_three: p.bool("call_three"),
            terziglio,
            eleven: p.str("counting") == "eleven",
            dealer_settles: p.str("four_handed_settlement") == "dealer_with_opponents",
            session,
            end: match p.str("game_end") {
                "chips" => GameEnd::Chips(p.int("chips") as i32),
                _ => GameEnd::Paper(p.int("target") as i32),
            },
            deal_limit: p.int("deal_limit") as usize,
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
    fn active_seats(&self, dealer: usize) -> u8 {
        let all = ((1u16 << self.players) - 1) as u8;
        if self.players > ACTIVE {
            all & !(1 << dealer)
        } else {
            all
        }
    }
    #[inline]
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        Some(match *self.plan.get(dealer)?.get(k)? {
            TO_WIDOW => Slot::Talon,
            seat => Slot::Hand(seat as usize),
        })
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let TrickMut { core, .. } = s;
        let eldest = Self::eldest(core);
        core.start_bidding(eldest);
        AfterDeal::Continue
    }
    fn trump(&self, _v: TrickView<'_, Self>) -> Option<u8> {
        None
    }
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        Some(&self.tables)
    }
    fn legal_plays(&self, v: TrickView<'_, Self>, hand: CardSet) -> CardSet {
        self.tables.follow(v.core.led_card(), hand)
    }
    fn illegal_play_reason(&self, v: TrickView<'_, Self>, _card: Card) -> String {
        match v.core.led_card() {
            Some(led) => format!(
                "must follow suit {}",
                self.deck.suits()[self.deck.suit(led) as usize].symbol
            ),
            None => "not allowed now".to_string(),
        }
    }

    fn num_extra_actions(&self) -> usize {
        if self.terziglio {
            NUM_EXTRA_TERZIGLIO as usize
        } else {
            NUM_EXTRA as usize
        }
    }
    fn extra_actions_in_play(&self) -> bool {
        // Bidding, the call and the exchange are over before the first card is led.
        false
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        let hand = core.hands[core.to_move];
        match extra.stage {
            Stage::Bidding if self.terziglio => {
                out.push(PASS);
                let high = extra.high.map(|h| h.0);
                out.extend(
                    Contract::ALL
                        .iter()
                        .filter(|&&c| high.map_or(true, |h| c > h))
                        .map(|c| c.offset()),
                );
            }
            Stage::Bidding => out.extend([PASS, PLAY]),
            Stage::Call => out.extend(self.call_options(hand).iter().map(|c| CALL + c.0 as u32)),
            Stage::Give => out.extend(hand.iter().map(|c| GIVE + c.0 as u32)),
            Stage::Discard => {
                // After chiamo or solo exactly 4 (the fourth ends it); else `done` after one.
                if !extra.discards.is_empty() && !self.terziglio {
                    out.push(DONE);
                }
                widow::discard_offsets(core, core.to_move, DISCARD, out);
            }
            Stage::Take => out.extend(core.talon_face_up().iter().map(|c| TAKE + c.0 as u32)),
            Stage::Play | Stage::ThrownIn => {}
        }
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut { core, extra, .. } = s;
        let seat = core.to_move;
        match offset {
            PASS if self.terziglio => {
                extra.passed_seats |= 1 << seat;
                return self.spoke(core, extra);
            }
            PASS => {
                if extra.bidding.pass(core) == Passed::AllPassed {
                    extra.stage = Stage::ThrownIn;
                    return Effect::EndDeal;
                }
            }
            CHIAMO | SOLO | SOLISSIMO => {
                extra.high = Some((Contract::ALL[(offset - CHIAMO) as usize], seat));
                return self.spoke(core, extra);
            }
            PLAY => {
                extra.single = Some(seat);
                extra.stage = if self.call_three {
                    Stage::Call
                } else {
                    Stage::Discard
                };
            }
            DONE => Self::after_discards(core, extra),
            o if o < GIVE => {
                let card = Card((o - CALL) as u8);
                extra.called = Some(card);
                let holder = (0..self.players).find(|&h| core.hands[h].contains(card));
                match holder {
                    Some(h) => {
                        // Handed over openly: everybody knows where it is now.
                        core.hands[h].remove(card);
                        core.hands[seat].insert(card);
                        core.known[seat].insert(card);
                        extra.holder = Some(h);
                        extra.stage = Stage::Give;
                    }
                    // In the widow: nothing is exchanged.
                    None => extra.stage = Stage::Discard,
                }
                if self.terziglio {
                    // Chiamo: the widow is turned face up and taken whole (with the called card
                    // if it lay there); the give, if any, comes after.
                    core.expose_talon();
                    let all = core.talon;
                    core.take_from_talon(seat, all);
                }
            }
            o if o < DISCARD => {
                let card = Card((o - GIVE) as u8);
                if let Some(h) = extra.holder {
                    core.hands[seat].remove(card);
                    core.hands[h].insert(card);
                    if self.terziglio {
                        // Given face up: everybody knows the holder has it.
                        core.known[h].insert(card);
                    }
                    extra.given = Some(card);
                }
                extra.stage = Stage::Discard;
            }
            o if o < TAKE => {
                widow::discard(core, seat, Card((o - DISCARD) as u8));
                extra.discards.insert(Card((o - DISCARD) as u8));
                if extra.discards.len() == WIDOW {
                    if self.terziglio {
                        Self::start_tricks(core, extra);
                    } else {
                        Self::after_discards(core, extra);
                    }
                }
            }
            o => {
                // Taken from the face-up widow: public (the engine marks it known).
                core.take_from_talon(seat, CardSet::single(Card((o - TAKE) as u8)));
                extra.taken += 1;
                if extra.taken as usize == extra.discards.len() {
                    Self::start_tricks(core, extra);
                }
            }
        }
        Effect::Continue
    }
    fn extra_name(&self, offset: u32) -> String {
        let name = |base: u32| self.deck.name_of(Card((offset - base) as u8));
        match offset {
            PASS => "pass".to_string(),
            PLAY => "play".to_string(),
            DONE => "done".to_string(),
            CHIAMO | SOLO | SOLISSIMO => Contract::ALL[(offset - CHIAMO) as usize].name().to_string(),
            o if o < GIVE => format!("call {}", name(CALL)),
            o if o < DISCARD => format!("give {}", name(GIVE)),
            o if o < TAKE => format!("discard {}", name(DISCARD)),
            _ => format!("take {}", name(TAKE)),
        }
    }
    fn extra_visible(&self, offset: u32, actor: usize, viewer: usize) -> bool {
        // The card given for the called one is seen by the receiver in his hand (and by nobody else;
        // after chiamo it is given face up); the discards are the single player's secret.
        // Everything else is said aloud.
        let public_give = self.terziglio && (GIVE..DISCARD).contains(&offset);
        !(GIVE..TAKE).contains(&offset) || actor == viewer || public_give
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        match text {
            "pass" => Some(PASS),
            "play" | "i play" | "gioco" => Some(PLAY),
            "done" | "stop" => Some(DONE),
            "chiamo" => Some(CHIAMO),
            "solo" => Some(SOLO),
            "solissimo" => Some(SOLISSIMO),
            _ => {
                let (word, card) = text.split_once(' ')?;
                let base = match word {
                    "call" | "name" => CALL,
                    "give" => GIVE,
                    "discard" => DISCARD,
                    "take" => TAKE,
                    _ => return None,
                };
                self.deck.parse(card.trim()).ok().map(|c| base + c.0 as u32)
            }
        }
    }

    fn known_cards(&self, v: TrickView<'_, Self>, viewer: usize, other: usize) -> CardSet {
        // The single player knows the card he gave the called card's holder.
        let TrickView { extra, .. } = v;
        match (extra.single, extra.holder, extra.given) {
            (Some(s), Some(h), Some(g)) if s == viewer && h == other => CardSet::single(g),
            _ => CardSet::EMPTY,
        }
    }

    fn extra_observation_len(&self) -> usize {
        // stage one-hot [6], passed [N], single [N], sitting out [N], discards / 4, own discards [D]
        // (single player), called card [D], given card [D] (single player and holder; everybody
        // after chiamo); three-bid auction: the highest bid or contract [3] and its bidder [N]. The
        // face-up widow is the engine's face-up plane.
        let auction = if self.terziglio { 3 + self.players } else { 0 };
        6 + 3 * self.players + 1 + 3 * self.deck.len() + auction
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView { core, extra, .. } = v;
        let n = self.players;
        let d = self.deck.len();
        let rel = |s: usize| (s + n - viewer) % n;
        let stage = match extra.stage {
            Stage::Bidding => 0,
            Stage::Call => 1,
            Stage::Give => 2,
            Stage::Discard => 3,
            Stage::Take => 4,
            Stage::Play | Stage::ThrownIn => 5,
        };
        out[stage] = 1.0;
        let mut at = 6;
        let passed = self.passed(core, extra);
        for s in (0..n).filter(|&s| passed >> s & 1 == 1) {
            out[at + rel(s)] = 1.0;
        }
        at += n;
        if let Some(s) = extra.single {
            out[at + rel(s)] = 1.0;
        }
        at += n;
        for s in (0..n).filter(|&s| !core.is_active(s)) {
            out[at + rel(s)] = 1.0;
        }
        at += n;
        out[at] = extra.discards.len() as f32 / WIDOW as f32;
        at += 1;
        if extra.single == Some(viewer) {
            for c in extra.discards {
                out[at + c.idx()] = 1.0;
            }
        }
        at += d;
        if let Some(c) = extra.called {
            out[at + c.idx()] = 1.0;
        }
        at += d;
        if let Some(g) = extra.given {
            if self.terziglio || extra.single == Some(viewer) || extra.holder == Some(viewer) {
                out[at + g.idx()] = 1.0;
            }
        }
        at += d;
        if let Some((c, bidder)) = extra.high {
            out[at + c as usize] = 1.0;
            out[at + 3 + rel(bidder)] = 1.0;
        }
    }
    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView { core, extra, .. } = v;
        let mut s = String::new();
        if let Some(out) = (0..self.players).find(|&p| !core.is_active(p)) {
            s.push_str(&format!("seat {out} sits out (dealer)\n"));
        }
        match (extra.stage, extra.single, extra.high) {
            (Stage::ThrownIn, _, _) => s.push_str("all passed: thrown in\n"),
            (_, None, Some((c, p))) => s.push_str(&format!("bidding: {} by seat {p}\n", c.name())),
            (_, None, None) if self.terziglio => {
                s.push_str(&format!("bidding: {} passed\n", extra.passed_seats.count_ones()))
            }
            (_, None, None) => s.push_str(&format!("bidding: {} passed\n", extra.bidding.passes)),
            (_, Some(p), Some((c, _))) => s.push_str(&format!("single player: seat {p} ({})\n", c.name())),
            (_, Some(p), None) => s.push_str(&format!("single player: seat {p}\n")),
        }
        if self.eleven {
            s.push_str(
                "points in thirds: a side scores a third of them, rounded down, +1 for the last trick\n",
            );
        }
        if let Some(c) = extra.called {
            let where_ = match extra.holder {
                Some(h) => format!("handed over by seat {h}"),
                None => "in the widow".to_string(),
            };
            s.push_str(&format!("called: {} ({where_})\n", self.deck.name_of(c)));
        }
        if let Some(g) = extra.given {
            if self.terziglio || viewer.is_none() || viewer == extra.single || viewer == extra.holder {
                s.push_str(&format!("given in exchange: {}\n", self.deck.name_of(g)));
            }
        }
        if extra.single.is_some() && !extra.discards.is_empty() {
            s.push_str(&format!("discarded: {}", extra.discards.len()));
            if viewer.is_none() || viewer == extra.single {
                s.push_str(&format!(" ({})", self.deck.format_set(extra.discards)));
            }
            s.push('\n');
        }
        s
    }

    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        if s.core.tricks_played == TRICKS {
            Effect::EndDeal
        } else {
            Effect::Continue
        }
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { core, extra, .. } = v;
        if extra.stage == Stage::ThrownIn {
            // No payment; a single-deal game is dealt again, a match counts the deal and moves on.
            return DealOutcome {
                redeal: !self.session.is_match,
                ..DealOutcome::default()
            };
        }
        let pay = self.settlement(core, extra);
        DealOutcome::settled(pay)
    }
    /// A deal (`settlement`) moves the margin a (|a| ≤ 70, a sweep) from each paying opponent to the
    /// single player or back: ±a·payers for him, ∓a for each payer, 0 for a neutral dealer, adding
    /// up to 0; payers are 2, or 3 with four players and `dealer_with_opponents`. A paper match ends
    /// in `top_scorers_win`. A chips match ends after the deal that leaves a seat at −stack or
    /// below (or at `deal_limit`): before it every (whole-chip) total was at least 1 − stack, so a
    /// seat ends at least 70·payers lower than that, and at most the others' (n − 1)(stack − 1)
    /// plus 70·payers higher than 0.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        use crate::core::game::Utility;
        let payers = if self.players == 4 && self.dealer_settles {
            3.0
        } else {
            2.0
        };
        let deal = 2.0 * TOTAL as f64 * payers;
        if !self.session.is_match {
            return Some(Utility::zero_sum(-deal, deal));
        }
        Some(match self.end {
            GameEnd::Paper(_) => crate::trick::scoring::top_scorers_utility(self.players),
            GameEnd::Chips(stack) => {
                let s = stack as f64 - 1.0;
                Utility::zero_sum(-s - deal, (self.players as f64 - 1.0) * s + deal)
            }
        })
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView { core, .. } = v;
        let totals = &core.ledger[..self.players];
        let limit = core.deals_done as usize >= self.deal_limit;
        match self.end {
            GameEnd::Paper(target) => {
                let best = totals.iter().cloned().fold(f64::MIN, f64::max);
                let leaders = totals.iter().filter(|&&t| t == best).count();
                let won = best >= target as f64 && leaders == 1;
                (won || limit).then(|| top_scorers_win(totals))
            }
            GameEnd::Chips(stack) => {
                let broke = totals.iter().any(|&t| t + stack as f64 <= 0.0);
                (broke || limit).then(|| per_seat(self.players, |s| totals[s]))
            }
        }
    }
    fn max_deals(&self) -> usize {
        if self.session.is_match {
            self.deal_limit
        } else {
            MAX_REDEALS
        }
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<CalabrasellaState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<CalabrasellaState>>)
    }
}

#[cfg(test)]
mod tests;
