//! German ("Spanish") Solo for four players, one rules value over the trick engine. Rules:
//! as this package implements them (see `ludoteca rules solo`).
//!
//! * Pack: 32 cards, 8 each, dealt 3-2-3 from the eldest. One suit is the *colour* for the whole game
//!   (`color_suit`, default ♣).
//! * Trumps for trump suit T, high to low: Q♣, 7 of T, Q♠, A K [Q if T is red] J 10 9 8 of T; the black
//!   queens are trumps in every contract. Plain suits A K Q J 10 9 8 7 (black plain suits have no queen).
//! * Contracts (level: trump, partner, target, value): 1 simple in suit (a non-colour suit, called ace,
//!   5 tricks with the partner, 2), 2 simple in colour (4), 3 solo in suit (alone, 5 tricks, 4), 4 solo
//!   in colour (8), 5 tout in suit (all 8 tricks, 16), 6 tout in colour (32).
//! * Auction (Skat-style): seats speak from the eldest. In the opening each passes or asks (level
//!   1); the first to ask holds, the next unspoken seat challenges: it passes (out) or asks the next
//!   level ("colour?", "solo?", ... one step at a time unless `allow_jump_questions`); the holder
//!   answers `yes` (keeps it; the challenger speaks again) or `pass` (the challenger now holds the asked
//!   level and the next seat challenges). When no challenger is left, the holder declares a contract of
//!   at least the level won. A seat with both black queens never passes below level 3 (it must ask in
//!   the opening, answer yes up to 3, keep asking while less than 3 is held, and declare at least 3).
//!   All four pass: the holder of Q♣ shows it and plays a simple game (level 1 or 2 by the trump chosen).
//! * Simple games: the declarer calls an ace they do not hold (`called_ace_excludes_trump`,
//!   `allow_call_own_ace`); its holder is the secret partner, known only when the ace is played. A
//!   declarer holding every callable ace calls a king (`all_aces_fallback=king`) or plays alone at the
//!   simple value.
//! * Play: the eldest leads; follow the effective suit (a black queen is a trump, never a ♣ or ♠);
//!   highest trump wins, else the highest card of the led suit. With `early_termination` the hand stops
//!   once its result is decided *by what the table knows*: while a called ace is still unplayed the
//!   sides are secret, so the hand goes on (stopping would reveal the partner).
//! * Scoring: made, the declarer (and the partner) gain the value, failed they lose it; others 0.
//!   `zero_sum`: 1 against 3 moves 3× the value for the declarer and 1× for each defender; 2 against 2
//!   moves 1× for everyone.
//! * `scope=match`: `hands` hands, or until someone reaches `point_threshold` (> 0); the deal passes on;
//!   the highest total wins (+1 for each top scorer, the others share −1 per winner).
//! * The first dealer is seat 3 (so seat 0 is the eldest) unless `first_dealer` says otherwise.
//!
//! Action ids: the 32 cards (♣ ♦ ♥ ♠, 7..A), then `pass` (32), the questions `ask` .. `ask tout in
//! colour` (33–38, levels 1–6), `yes` (39), the declarations (40 + 4·(level−1) + trump suit, e.g.
//! `solo in ♥`, `simple in colour ♣`), `call A♣`..`call A♠` (64–67) and `call K♣`..`call K♠` (68–71).

mod bot;

use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::Result;
use crate::trick::{
    per_seat, AfterDeal, DealOutcome, Effect, Session, Slot, SuitTables, TrickCore, TrickGame, TrickMut,
    TrickRules, TrickState, TrickView, SCOPE_PARAM,
};
use crate::trick::{top_scorers_win, Packet, PacketDeal};

/// The registered game type.
pub type Solo = TrickGame<SoloRules>;
/// The registry's name for the game type.
pub type Type = Solo;
/// A Solo position.
pub type SoloState = TrickState<SoloRules>;

const PLAYERS: usize = 4;
const TRICKS: usize = 8;
/// Extra-action offsets.
const PASS: u32 = 0;
const ASK: u32 = 1; // + level - 1
const YES: u32 = 7;
const DECLARE: u32 = 8; // + 4 * (level - 1) + suit
const CALL_ACE: u32 = 32; // + suit
const CALL_KING: u32 = 36; // + suit
const NUM_EXTRA: u32 = 40;
/// Contract values by level 1..=6.
pub const VALUES: [i32; 7] = [0, 2, 4, 4, 8, 16, 32];
const CLUBS: u8 = 0;
const SPADES: u8 = 3;
const SEVEN: u8 = 7;
const QUEEN: u8 = 12;
const KING: u8 = 13;
const ACE: u8 = 14;
const ASK_NAMES: [&str; 6] = [
    "ask",
    "ask colour",
    "ask solo",
    "ask solo in colour",
    "ask tout",
    "ask tout in colour",
];
const CONTRACT_NAMES: [&str; 6] = [
    "simple in",
    "simple in colour",
    "solo in",
    "solo in colour",
    "tout in",
    "tout in colour",
];

static PARAMS: &[ParamSpec] = &[
    SCOPE_PARAM,
    ParamSpec {
        name: "color_suit",
        kind: Kind::Choice(&["clubs", "diamonds", "hearts", "spades"]),
        default: D::Str("clubs"),
        doc: "the agreed colour suit (a contract 'in colour' has it as trump)",
    },
    ParamSpec {
        name: "hands",
        kind: Kind::Int { min: 1, max: 200 },
        default: D::Int(8),
        doc: "scope=match: number of hands",
    },
    ParamSpec {
        name: "point_threshold",
        kind: Kind::Int { min: 0, max: 10000 },
        default: D::Int(0),
        doc:
            "scope=match: if > 0, the match also ends after the first hand where someone has this many points",
    },
    ParamSpec {
        name: "zero_sum",
        kind: Kind::Bool,
        default: D::Bool(false),
        doc: "the losing side pays the winning side (1 v 3: 3x value for the declarer)",
    },
    ParamSpec {
        name: "allow_jump_questions",
        kind: Kind::Bool,
        default: D::Bool(false),
        doc: "a challenger may ask any higher level, not only the next one",
    },
    ParamSpec {
        name: "called_ace_excludes_trump",
        kind: Kind::Bool,
        default: D::Bool(false),
        doc: "the called ace may not be the trump ace",
    },
    ParamSpec {
        name: "allow_call_own_ace",
        kind: Kind::Bool,
        default: D::Bool(false),
        doc: "the declarer may call an ace they hold (then they play alone at the simple value); the common rule forbids it",
    },
    ParamSpec {
        name: "all_aces_fallback",
        kind: Kind::Choice(&["king", "alone"]),
        default: D::Str("king"),
        doc: "a declarer holding every callable ace calls a king they lack, or plays alone",
    },
    ParamSpec {
        name: "early_termination",
        kind: Kind::Bool,
        default: D::Bool(true),
        doc: "stop the hand once its result is decided (and the sides are known)",
    },
    ParamSpec {
        name: "first_dealer",
        kind: Kind::Int { min: -1, max: 3 },
        default: D::Int(-1),
        doc: "seat of the first dealer; -1 = seat 3, so seat 0 is the eldest",
    },
];

static INFO: GameInfo = GameInfo {
    short_name: "solo",
    long_name: "Solo (German / Spanish Solo)",
    params: PARAMS,
    presets: &[],
    version: 1,
    rules: "Four players, 32 cards, 8 each. Q♣ is always the top trump and Q♠ the third; the 7 of trumps is \
the second. Auction by questions (ask, colour?, solo?, solo in colour?, tout?, tout in colour?) between the \
holder and one challenger at a time. Simple games (2, in colour 4): the declarer calls an ace and its \
secret holder is the partner; 5 tricks together. Solo (4, in colour 8): alone, 5 tricks. Tout (16, 32): \
all 8. All pass: the holder of Q♣ plays a simple game. Follow the effective suit. \
        As German Solo is described at pagat.com (Solo, Ombre family) and in Parlett's \
        Penguin Book of Card Games.",
    bots: &["random", "greedy"],
    examples: &[
        "solo",
        "solo(color_suit=hearts,zero_sum=true)",
        "solo(scope=match,hands=4)",
        "solo(scope=match,hands=20,point_threshold=12,allow_jump_questions=true)",
        "solo(called_ace_excludes_trump=true,all_aces_fallback=alone,early_termination=false)",
        "solo(allow_call_own_ace=true,zero_sum=true)",
    ],
};

/// Where a hand stands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// Seats pass or ask in turn until one asks.
    #[default]
    Opening,
    /// The challenger passes or asks the next question.
    Duel,
    /// The holder answers `yes` or `pass`.
    Answer,
    /// The declarer names the contract and trump.
    Declare,
    /// The declarer calls an ace (or king).
    Call,
    /// Trick play.
    Play,
}

/// Per-hand state: the auction, the contract and the (secret) partner.
#[derive(Clone, Debug, Default)]
pub struct SoloExtra {
    pub stage: Stage,
    /// Seats taken from the speaking queue (E, E+1, E+2, D) so far.
    pub spoken: u8,
    pub holder: Option<usize>,
    pub challenger: Option<usize>,
    /// Level held.
    pub level: u8,
    /// Level of the pending question (stage `Answer`).
    pub asked: u8,
    /// Everybody passed: the Q♣ holder plays a simple game.
    pub forced: bool,
    pub declarer: Option<usize>,
    /// Declared level 1..=6 (0 before the declaration).
    pub contract: u8,
    pub trump: Option<u8>,
    pub called: Option<Card>,
    /// Holder of the called card: hidden information, never written to an observation until revealed.
    pub partner: Option<usize>,
    /// The seat that played the called card (public from then on).
    pub revealed: Option<usize>,
}

/// Solo rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct SoloRules {
    deck: Deck,
    deal: PacketDeal,
    colour: u8,
    session: Session,
    threshold: f64,
    zero_sum: bool,
    jumps: bool,
    ace_not_trump: bool,
    call_own: bool,
    king_fallback: bool,
    early: bool,
    /// Per trump suit: effective suit, strength and effective-suit masks.
    tables: Vec<SuitTables>,
    black_queens: CardSet,
}

impl SoloRules {
    /// The colour suit.
    pub fn colour(&self) -> u8 {
        self.colour
    }
    /// Effective suit of `card` when `trump` is trump.
    pub fn effective(&self, trump: u8, card: Card) -> u8 {
        self.tables[trump as usize].eff_suit[card.idx()]
    }
    /// Strength of `card` within its effective suit when `trump` is trump.
    pub fn strength_in(&self, trump: u8, card: Card) -> u8 {
        self.tables[trump as usize].strength[card.idx()]
    }
    /// Cards of effective suit `suit` when `trump` is trump.
    pub fn suit_cards(&self, trump: u8, suit: u8) -> CardSet {
        self.tables[trump as usize].masks[suit as usize]
    }
    /// Whether `hand` holds both black queens (it may not pass below level 3).
    pub fn has_black_queens(&self, hand: CardSet) -> bool {
        hand & self.black_queens == self.black_queens
    }
    /// Whether a declaration of `level` must have the colour suit as trump.
    fn in_colour(level: u8) -> bool {
        level % 2 == 0
    }
    /// Tricks the declaring side needs.
    pub fn target(level: u8) -> usize {
        if level >= 5 {
            TRICKS
        } else {
            5
        }
    }

    /// Callable cards for the declarer (aces, else kings per `all_aces_fallback`; empty: alone).
    pub fn callable(&self, hand: CardSet, trump: u8) -> CardSet {
        let pick = |rank: u8| -> CardSet {
            (0..4u8)
                .filter(|&s| !(self.ace_not_trump && s == trump))
                .filter_map(|s| self.deck.find(s, rank))
                .filter(|&c| self.call_own || !hand.contains(c))
                .collect()
        };
        let aces = pick(ACE);
        if !aces.is_empty() || !self.king_fallback {
            return aces;
        }
        pick(KING)
    }

    /// Seats of the declaring side (declarer, and the partner if any).
    fn side(&self, extra: &SoloExtra) -> impl Fn(usize) -> bool + '_ {
        let (d, p) = (extra.declarer, extra.partner);
        move |s| Some(s) == d || Some(s) == p
    }

    /// Whether the sides are public: no secret partner, or the called card has been played.
    fn sides_known(&self, extra: &SoloExtra) -> bool {
        extra.called.is_none() || extra.revealed.is_some()
    }

    /// Returns per seat of a finished hand.
    pub fn hand_returns(&self, core: &TrickCore, extra: &SoloExtra) -> [f64; MAX_PLAYERS] {
        let Some(d) = extra.declarer else {
            return [0.0; MAX_PLAYERS];
        };
        let side = self.side(extra);
        let tricks: usize = (0..PLAYERS)
            .filter(|&s| side(s))
            .map(|s| core.won[s].len() / PLAYERS)
            .sum();
        let v = VALUES[extra.contract as usize] as f64;
        let made = tricks >= Self::target(extra.contract);
        let sign = if made { 1.0 } else { -1.0 };
        let partner = extra.partner.filter(|&p| p != d);
        per_seat(PLAYERS, |s| match (side(s), self.zero_sum, partner.is_some()) {
            (true, true, false) => 3.0 * sign * v,
            (true, _, _) => sign * v,
            (false, true, _) => -sign * v,
            (false, false, _) => 0.0,
        })
    }

    /// After the auction, the holder declares (or the Q♣ holder after four passes).
    fn to_declaration(&self, core: &mut TrickCore, extra: &mut SoloExtra, declarer: usize) {
        extra.declarer = Some(declarer);
        extra.stage = Stage::Declare;
        extra.challenger = None;
        core.to_move = declarer;
    }

    /// The next unspoken seat challenges the holder, or the auction ends.
    fn next_challenger(&self, core: &mut TrickCore, extra: &mut SoloExtra) {
        let holder = extra.holder.expect("a holder in the duel");
        if (extra.spoken as usize) < PLAYERS {
            let eldest = core.next_seat(core.dealer);
            let seat = core.seat_after(eldest, extra.spoken as usize);
            extra.spoken += 1;
            extra.challenger = Some(seat);
            extra.stage = Stage::Duel;
            core.to_move = seat;
        } else {
            self.to_declaration(core, extra, holder);
        }
    }
}

impl TrickRules for SoloRules {
    type Extra = SoloExtra;
    type Match = ();
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let deck = Deck::french32();
        let colour = ["clubs", "diamonds", "hearts", "spades"]
            .iter()
            .position(|s| *s == p.str("color_suit"))
            .unwrap_or(0) as u8;
        let qc = deck.find(CLUBS, QUEEN).expect("Q♣ in the pack");
        let qs = deck.find(SPADES, QUEEN).expect("Q♠ in the pack");
        // Strengths: Q♣ 20, the 7 of trumps (Manille) 19, Q♠ 18, then A K Q J 10 9 8 of trumps;
        // plain suits A K Q J 10 9 8 7 (rank order). No card points (tricks count).
        let tables = SuitTables::per_trump(&deck, |t, card| {
            let info = &deck.cards()[card.idx()];
            let (e, s) = if card == qc {
                (t, 20)
            } else if card == qs {
                (t, 18)
            } else if info.suit == t {
                (
                    t,
                    if info.rank == SEVEN {
                        19
                    } else {
                        info.rank - 8 + 10
                    },
                )
            } else {
                (info.suit, info.rank - 7)
            };
            (e, s, 0)
        });
        let session = Session::read(p, PLAYERS, Some("hands"))?;
        Ok(SoloRules {
            deal: PacketDeal::new(PLAYERS, &[Packet::Each(3), Packet::Each(2), Packet::Each(3)]),
            colour,
            session,
            threshold: p.int("point_threshold") as f64,
            zero_sum: p.bool("zero_sum"),
            jumps: p.bool("allow_jump_questions"),
            ace_not_trump: p.bool("called_ace_excludes_trump"),
            call_own: p.bool("allow_call_own_ace"),
            king_fallback: p.str("all_aces_fallback") == "king",
            early: p.bool("early_termination"),
            tables,
            black_queens: [qc, qs].into_iter().collect(),
            deck,
        })
    }

    fn deck(&self) -> &Deck {
        &self.deck
    }
    fn num_players(&self) -> usize {
        PLAYERS
    }
    fn session(&self) -> Option<&Session> {
        Some(&self.session)
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        // 3-2-3 from the eldest.
        self.deal.slot(dealer, k)
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let TrickMut { core, extra, .. } = s;
        let eldest = core.next_seat(core.dealer);
        extra.spoken = 1;
        core.start_bidding(eldest);
        AfterDeal::Continue
    }
    fn trump(&self, v: TrickView<'_, Self>) -> Option<u8> {
        let TrickView { extra, .. } = v;
        extra.trump
    }
    fn suit_tables(&self, v: TrickView<'_, Self>) -> Option<&SuitTables> {
        // The declared trump's table (trump is declared before play; the colour suit's before that).
        Some(&self.tables[v.extra.trump.unwrap_or(self.colour) as usize])
    }
    fn must_follow(&self) -> bool {
        true
    }
    fn illegal_play_reason(&self, v: TrickView<'_, Self>, _card: Card) -> String {
        let TrickView { core, extra, .. } = v;
        let t = extra.trump.unwrap_or(self.colour);
        match core.led_card().map(|c| self.effective(t, c)) {
            Some(s) if s == t => "must follow trump (the black queens are trumps)".to_string(),
            Some(s) => format!(
                "must follow suit {} (the black queens are trumps, not suit cards)",
                self.deck.suits()[s as usize].symbol
            ),
            None => "not allowed now".to_string(),
        }
    }
    fn num_extra_actions(&self) -> usize {
        NUM_EXTRA as usize
    }
    fn extra_actions_in_play(&self) -> bool {
        // The auction and the widow exchange are over before the first card is led.
        false
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        let hand = core.hands[core.to_move];
        let queens = self.has_black_queens(hand);
        match extra.stage {
            Stage::Opening => {
                if !queens {
                    out.push(PASS);
                }
                out.push(ASK);
            }
            Stage::Duel => {
                if !(queens && extra.level < 3) {
                    out.push(PASS);
                }
                let top = if self.jumps { 6 } else { (extra.level + 1).min(6) };
                for lvl in extra.level + 1..=top {
                    out.push(ASK + lvl as u32 - 1);
                }
            }
            Stage::Answer => {
                if !(queens && extra.asked <= 3) {
                    out.push(PASS);
                }
                out.push(YES);
            }
            Stage::Declare => {
                let min = extra.level.max(if queens { 3 } else { 1 });
                let max = if extra.forced { 2 } else { 6 };
                for lvl in min..=max {
                    for s in 0..4u8 {
                        if (s == self.colour) == Self::in_colour(lvl) {
                            out.push(DECLARE + 4 * (lvl as u32 - 1) + s as u32);
                        }
                    }
                }
            }
            Stage::Call => {
                let t = extra.trump.expect("trump declared");
                for c in self.callable(hand, t) {
                    let base = if self.deck.rank(c) == ACE {
                        CALL_ACE
                    } else {
                        CALL_KING
                    };
                    out.push(base + self.deck.suit(c) as u32);
                }
                out.sort_unstable();
            }
            Stage::Play => {}
        }
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut { core, extra, .. } = s;
        let seat = core.to_move;
        let eldest = core.next_seat(core.dealer);
        match (extra.stage, offset) {
            (Stage::Opening, PASS) => {
                if extra.spoken as usize == PLAYERS {
                    // Forced game: the Q♣ holder shows it and plays a simple game.
                    let qc = self.deck.find(CLUBS, QUEEN).expect("Q♣");
                    let d = (0..PLAYERS)
                        .find(|&s| core.hands[s].contains(qc))
                        .expect("Q♣ was dealt");
                    extra.forced = true;
                    extra.level = 1;
                    self.to_declaration(core, extra, d);
                } else {
                    core.to_move = core.seat_after(eldest, extra.spoken as usize);
                    extra.spoken += 1;
                }
            }
            (Stage::Opening, _) => {
                extra.holder = Some(seat);
                extra.level = 1;
                self.next_challenger(core, extra);
            }
            (Stage::Duel, PASS) => self.next_challenger(core, extra),
            (Stage::Duel, _) => {
                extra.asked = (offset - ASK + 1) as u8;
                extra.stage = Stage::Answer;
                core.to_move = extra.holder.expect("holder");
            }
            (Stage::Answer, YES) => {
                extra.level = extra.asked;
                extra.stage = Stage::Duel;
                core.to_move = extra.challenger.expect("challenger");
            }
            (Stage::Answer, _) => {
                extra.holder = extra.challenger;
                extra.level = extra.asked;
                self.next_challenger(core, extra);
            }
            (Stage::Declare, _) => {
                let k = offset - DECLARE;
                let (level, trump) = ((k / 4 + 1) as u8, (k % 4) as u8);
                extra.contract = level;
                extra.trump = Some(trump);
                if level <= 2 && !self.callable(core.hands[seat], trump).is_empty() {
                    extra.stage = Stage::Call;
                } else {
                    extra.stage = Stage::Play;
                    core.start_play(eldest);
                }
            }
            (Stage::Call, _) => {
                let (rank, base) = if offset >= CALL_KING {
                    (KING, CALL_KING)
                } else {
                    (ACE, CALL_ACE)
                };
                let card = self
                    .deck
                    .find((offset - base) as u8, rank)
                    .expect("a French card");
                extra.called = Some(card);
                extra.partner = (0..PLAYERS).find(|&s| core.hands[s].contains(card));
                extra.stage = Stage::Play;
                core.start_play(eldest);
            }
            (Stage::Play, _) => {}
        }
        Effect::Continue
    }
    fn extra_name(&self, offset: u32) -> String {
        let suit = |s: u32| self.deck.suits()[s as usize].symbol;
        match offset {
            PASS => "pass".to_string(),
            YES => "yes".to_string(),
            o if o < YES => ASK_NAMES[(o - ASK) as usize].to_string(),
            o if o < CALL_ACE => {
                let k = o - DECLARE;
                format!("{} {}", CONTRACT_NAMES[(k / 4) as usize], suit(k % 4))
            }
            o if o < CALL_KING => format!("call A{}", suit(o - CALL_ACE)),
            o => format!("call K{}", suit(o - CALL_KING)),
        }
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        let text = text.trim_end_matches('?');
        let aliases = [
            ("i ask", ASK),
            ("is it in colour", ASK + 1),
            ("in colour", ASK + 1),
            ("colour", ASK + 1),
            ("solo", ASK + 2),
            ("no", PASS),
        ];
        if let Some(&(_, a)) = aliases.iter().find(|(n, _)| *n == text) {
            return Some(a);
        }
        if let Some(card) = text.strip_prefix("call ") {
            let c = self.deck.parse(card).ok()?;
            return match self.deck.rank(c) {
                ACE => Some(CALL_ACE + self.deck.suit(c) as u32),
                KING => Some(CALL_KING + self.deck.suit(c) as u32),
                _ => None,
            };
        }
        // Declarations end with a suit symbol or letter ("solo in ♥", "solo in h").
        if let Some((head, s)) = text.rsplit_once(' ') {
            if let Some(suit) = self
                .deck
                .suits()
                .iter()
                .position(|x| x.symbol == s || x.ascii.eq_ignore_ascii_case(s) || x.name == s)
            {
                if let Some(k) = CONTRACT_NAMES.iter().position(|n| *n == head) {
                    return Some(DECLARE + 4 * k as u32 + suit as u32);
                }
            }
        }
        (0..NUM_EXTRA).find(|&o| self.extra_name(o).to_lowercase() == text)
    }
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        let TrickMut { core, extra, .. } = s;
        if let (Some(called), Some((leader, cards, _))) = (extra.called, core.last_trick) {
            if let Some(pos) = cards[..PLAYERS].iter().position(|&c| c == called) {
                extra.revealed = Some(core.seat_after(leader, pos));
            }
        }
        if !self.early || !self.sides_known(extra) {
            return Effect::Continue;
        }
        let side = self.side(extra);
        let ours: usize = (0..PLAYERS)
            .filter(|&s| side(s))
            .map(|s| core.won[s].len() / PLAYERS)
            .sum();
        let target = Self::target(extra.contract);
        if ours >= target || core.tricks_played - ours > TRICKS - target {
            return Effect::EndDeal;
        }
        Effect::Continue
    }

    fn known_cards(&self, v: TrickView<'_, Self>, _viewer: usize, other: usize) -> CardSet {
        let TrickView { core, extra, .. } = v;
        // In the forced game the Q♣ holder has shown it.
        if extra.forced && extra.declarer == Some(other) {
            return self
                .deck
                .find(CLUBS, QUEEN)
                .map(CardSet::single)
                .unwrap_or_default()
                & core.hands[other];
        }
        CardSet::EMPTY
    }

    fn extra_observation_len(&self) -> usize {
        // stage[6], level/6, asked/6, spoken/4, holder[4], challenger[4], declarer[4], contract[6],
        // forced, called card[32], revealed partner[4].
        6 + 3 + 3 * PLAYERS + 6 + 1 + self.deck.len() + PLAYERS
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView { extra, .. } = v;
        let rel = |s: usize| (s + PLAYERS - viewer) % PLAYERS;
        out[extra.stage as usize] = 1.0;
        out[6] = extra.level as f32 / 6.0;
        out[7] = extra.asked as f32 / 6.0;
        out[8] = extra.spoken as f32 / PLAYERS as f32;
        let mut at = 9;
        for seat in [extra.holder, extra.challenger, extra.declarer] {
            if let Some(s) = seat {
                out[at + rel(s)] = 1.0;
            }
            at += PLAYERS;
        }
        if extra.contract > 0 {
            out[at + extra.contract as usize - 1] = 1.0;
        }
        at += 6;
        out[at] = extra.forced as u8 as f32;
        at += 1;
        if let Some(c) = extra.called {
            out[at + c.idx()] = 1.0;
        }
        at += self.deck.len();
        // The partner only once the called card has been played (never `extra.partner`).
        if let Some(s) = extra.revealed {
            out[at + rel(s)] = 1.0;
        }
    }
    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView { extra, .. } = v;
        let mut s = String::new();
        match extra.stage {
            Stage::Opening => s.push_str(&format!("auction: opening, {} seat(s) spoken\n", extra.spoken)),
            Stage::Duel | Stage::Answer => s.push_str(&format!(
                "auction: seat {} holds level {}, seat {} challenges{}\n",
                extra.holder.unwrap_or(0),
                extra.level,
                extra.challenger.unwrap_or(0),
                if extra.stage == Stage::Answer {
                    format!(" (asks level {})", extra.asked)
                } else {
                    String::new()
                }
            )),
            Stage::Declare => s.push_str(&format!(
                "seat {} declares (level {} or more{})\n",
                extra.declarer.unwrap_or(0),
                extra.level,
                if extra.forced { ", forced simple game" } else { "" }
            )),
            Stage::Call | Stage::Play => {
                let name = self
                    .extra_name(DECLARE + 4 * (extra.contract as u32 - 1) + extra.trump.unwrap_or(0) as u32);
                s.push_str(&format!(
                    "seat {} plays {name}{}\n",
                    extra.declarer.unwrap_or(0),
                    if extra.forced { " (forced)" } else { "" }
                ));
            }
        }
        s.push_str(&format!(
            "colour: {}\n",
            self.deck.suits()[self.colour as usize].symbol
        ));
        if let Some(c) = extra.called {
            s.push_str(&format!("called: {}", self.deck.name_of(c)));
            // The omniscient view (`viewer == None`, the `Display` of a state) may name the partner.
            match (extra.revealed, viewer, extra.partner) {
                (Some(p), _, _) => s.push_str(&format!(" (partner: seat {p})\n")),
                (None, None, Some(p)) => s.push_str(&format!(" (partner secret: seat {p})\n")),
                _ => s.push_str(" (partner secret)\n"),
            }
        }
        s
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { core, extra, .. } = v;
        let r = self.hand_returns(core, extra);
        DealOutcome::settled(r)
    }
    /// A hand (`hand_returns`) moves the contract's value v (at most 32, tout in colour): the
    /// declaring side ±v and the others 0; under `zero_sum` a lone declarer ±3v against three
    /// defenders ∓v, or 2 against 2 ±v each (the hand then adds up to 0). So [−32, 32], or [−96, 96]
    /// zero-sum. A match ends in `top_scorers_win` over four seats.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        use crate::core::game::Utility;
        let v = VALUES[VALUES.len() - 1] as f64;
        Some(match (self.session.is_match, self.zero_sum) {
            (true, _) => crate::trick::scoring::top_scorers_utility(PLAYERS),
            (false, true) => Utility::zero_sum(-3.0 * v, 3.0 * v),
            (false, false) => Utility::general(-v, v),
        })
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView { core, .. } = v;
        let over = core.deals_done as usize >= self.session.length
            || (self.threshold > 0.0 && core.ledger[..PLAYERS].iter().any(|&v| v >= self.threshold));
        over.then(|| top_scorers_win(&core.ledger[..PLAYERS]))
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<SoloState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<SoloState>>)
    }
}

#[cfg(test)]
mod tests;
