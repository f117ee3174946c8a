//! Briscola for 2, 3, 4 and 6 players (Italian rules) and the American four-player game, as one
//! rules value over the trick engine. Rules: the rules specification §2–§3.
//!
//! * Pack: Italian 40 (A 2–7 Fante Cavallo Re); 3 players drop one 2 (`removed_two`, default the 2 of
//!   batons/clubs, public), 6 players drop all four 2s. Strength A 3 R C F 7 6 5 4 2; points A 11, 3 10,
//!   R 4, C 3, F 2 (120 per deal in every pack).
//! * Deal: one card at a time from the eldest (the dealer's next seat in turn order), three each; the next
//!   card is turned face up: its suit is trump and it is the last card of the stock.
//! * Play: any card (no duty to follow unless `must_follow_suit`); highest trump wins, else the highest
//!   card of the led suit. After each trick, while the stock lasts, every player draws one card, the
//!   winner first; the face-up card is drawn last, by the seat before the last round's winner.
//! * Deal result: 2, 4, 6 players: 61+ wins, 60–60 is a draw (`tie_rule=last_trick_wins` gives it to the
//!   side that took the last trick). 3 players: the unique highest total wins; a tie for highest has no
//!   winner. Returns: winners +1, losers share −1 per winner (zero-sum).
//! * `scope=match`: first to `match_wins` deal wins (drawn deals count for nobody), or with
//!   `match_points=121` (the American game) the first side to 121 cumulative points; the deal passes to
//!   the next seat. A match still undecided after 60 deals is a draw (needed only for endless ties).
//! * American preset (`ruleset=american`, seed S003): four players, French-suited northern order, match
//!   to 121 with claims (`claim`: a correct claim wins the match, a wrong one loses it), partners see each
//!   other's hands once the face-up card is drawn (`endgame_partner_reveal`), optional `count_out`.
//! * The first dealer is seat `players-1` (so seat 0 leads) unless `first_dealer` says otherwise; the
//!   seeds leave it open (§8 A11).
//! * Five players: Briscola Chiamata (§4): all 40 cards dealt, 8 each; an auction from the eldest (points
//!   61..120, or `chiamata_auction=rank`: descending ranks then (2, p)); passing is final, a maximal bid
//!   ends it at once, all passing throws the hand in (`chiamata_all_pass=dealer_forced_61` makes the
//!   dealer play 61 instead). The winner calls a card: its suit is trump, its holder the secret partner
//!   (a self-call plays alone). The eldest leads (`chiamata_first_lead=caller` for the other custom).
//!   Payouts 2/1/−1 or 4/−1 (self-call), negated on failure; `scope=match` plays to `chiamata_target`.
//! * Face-up options: `reject_ace_three_upcard` puts an A or 3 back in the middle of the face-down stock
//!   (index ⌊len/2⌋ from the top, public) and turns the next card, repeatedly (§8 A13);
//!   `trump_exchange` lets the holder of the 7 (or 2) of trumps take the face-up card at his turn while
//!   it lies on the table, after having won a trick unless `exchange_requires_won_trick=false` (A14).
//! * `tie_rule=replay` throws a 60–60 deal in and deals again; `dealer_rotation=fixed` keeps the dealer.

mod actions;
mod bot;
mod chiamata;

use self::actions::{rank_label, Extra, Layout};
use self::chiamata::{callable, legal_bids, Auction, Bid, Contract};
use crate::cards::{Card, CardSet, CardTable, Deck, FaceStyle, PointMasks};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::{LudoError, Result};
use crate::trick::auction::AuctionEnd;
use crate::trick::{
    per_seat, AfterDeal, DealOutcome, Effect, FaceUpRule, Phase, Slot, TrickCore, TrickGame, TrickMut,
    TrickRules, TrickState, TrickView, SCOPE_PARAM,
};

/// The registered game type.
pub type Briscola = TrickGame<BriscolaRules>;
/// A Briscola position.
pub type BriscolaState = TrickState<BriscolaRules>;

/// Rank codes of the Italian pack (see `cards::deck`): A 1, 2..7, F 8, C 9, R 10.
const STRENGTH: [u8; 11] = [0, 10, 1, 9, 2, 3, 4, 5, 6, 7, 8];
const POINTS: [i32; 11] = [0, 11, 0, 10, 0, 0, 0, 0, 2, 3, 4];
/// A run of thrown-in deals (Chiamata all-pass, replayed ties) or a stock-game match still open after
/// this many deals ends as a draw. Ordinary play does not get near it: a stock match needs two or
/// three deal wins (or 121 points), and 60 throw-ins in a row are as likely as 60 ties.
const MAX_DEALS: usize = 60;
/// A Chiamata match plays on until one player alone has reached the target (ties play on, rules file
/// A22); the per-deal payouts are a zero-sum random walk, so its length grows with the square of the
/// target. Still open after `10 × target²` deals (at least `MAX_DEALS`), it ends as a draw. Measured
/// with random players (`chiamata_match_lengths`, release): target 11 (default), 2,000 matches: mean
/// 30 deals, p99 84, longest 131 against a cap of 1,210; target 30, 500 matches: mean 203, p99 620,
/// longest 892 against 9,000; target 100, 200 matches: mean 2,187, p99 7,739, longest 8,316 against
/// 100,000. The tails fall off exponentially (about e^-1 per 15 deals past the median at target 11,
/// per 1,450 at target 100), so reaching the cap has a probability below 1e-28 at every target.
const CHIAMATA_DEALS_PER_TARGET_SQUARED: usize = 10;

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "players", kind: Kind::Int { min: 2, max: 6 }, default: D::Int(2), doc: "2, 3, 4 (two teams), 5 (Chiamata) or 6 (two teams of three)" },
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "american"]), default: D::Str("seed"), doc: "seed: the Italian game (one deal to 61); american: four players in partnerships, a match to 121 with claims and the partners' hand exchange" },
    SCOPE_PARAM,
    ParamSpec { name: "deck_style", kind: Kind::Choice(&["italian", "french_north", "french_south"]), default: D::Str("italian"), doc: "card labels: Italian suits, or French suits with the northern (J Q K) or southern (Q J K) court order" },
    ParamSpec { name: "suit_names", kind: Kind::Choice(&["french", "italian"]), default: D::Str("french"), doc: "suit words in the table text: clubs/diamonds/hearts/spades or bastoni/denari/coppe/spade" },
    ParamSpec { name: "removed_two", kind: Kind::Choice(&["clubs", "diamonds", "hearts", "spades"]), default: D::Str("clubs"), doc: "three players: the suit of the 2 taken out of the pack (batons = clubs)" },
    ParamSpec { name: "must_follow_suit", kind: Kind::Bool, default: D::Bool(false), doc: "regional rule: follow the led suit when able" },
    ParamSpec { name: "tie_rule", kind: Kind::Choice(&["draw", "last_trick_wins", "replay"]), default: D::Str("draw"), doc: "a 60-60 deal is a draw, won by the side of the last trick, or thrown in and dealt again" },
    ParamSpec { name: "match_wins", kind: Kind::Int { min: 1, max: 10 }, default: D::Int(2), doc: "scope=match: deal wins needed (2 = best of three)" },
    ParamSpec { name: "match_points", kind: Kind::Int { min: 0, max: 1000 }, default: D::Int(0), doc: "scope=match: if > 0, play to this many cumulative card points instead (American: 121)" },
    ParamSpec { name: "claim_allowed", kind: Kind::Bool, default: D::Bool(false), doc: "cumulative matches: the player to move may claim the match (wrong claims lose)" },
    ParamSpec { name: "count_out", kind: Kind::Bool, default: D::Bool(false), doc: "cumulative matches: the match ends at the first trick where a side reaches the target" },
    ParamSpec { name: "endgame_partner_reveal", kind: Kind::Bool, default: D::Bool(false), doc: "partners see each other's hands once the face-up card has been drawn" },
    ParamSpec { name: "reject_ace_three_upcard", kind: Kind::Bool, default: D::Bool(false), doc: "an A or 3 turned face up goes back in the middle of the stock and the next card is turned" },
    ParamSpec { name: "trump_exchange", kind: Kind::Choice(&["none", "seven", "two", "seven_if_upcard_above_7_else_two"]), default: D::Str("none"), doc: "who may take the face-up card in exchange for a trump: nobody (the common rule), the holder of the 7 of trumps, of the 2, or of the 7 when the face-up card is above 7 and else of the 2 (house rules)" },
    ParamSpec { name: "exchange_requires_won_trick", kind: Kind::Bool, default: D::Bool(true), doc: "trump exchange only after the exchanger has won a trick" },
    ParamSpec { name: "chiamata_auction", kind: Kind::Choice(&["points", "rank"]), default: D::Str("points"), doc: "five players: bid points 61..120, or descending ranks then (2, p)" },
    ParamSpec { name: "chiamata_first_lead", kind: Kind::Choice(&["eldest", "caller"]), default: D::Str("eldest"), doc: "five players: who leads the first trick" },
    ParamSpec { name: "chiamata_all_pass", kind: Kind::Choice(&["redeal", "dealer_forced_61"]), default: D::Str("redeal"), doc: "five players: when all pass, throw in, or the dealer plays for 61" },
    ParamSpec { name: "self_call_allowed", kind: Kind::Bool, default: D::Bool(true), doc: "five players: the caller may call a card in his own hand (and play alone)" },
    ParamSpec { name: "cappotto_doubles", kind: Kind::Bool, default: D::Bool(false), doc: "five players: payouts double when a side takes all 120 points" },
    ParamSpec { name: "chiamata_target", kind: Kind::Int { min: 1, max: 100 }, default: D::Int(11), doc: "five players, scope=match: payout total that ends the match (highest wins, ties play on)" },
    ParamSpec { name: "dealer_rotation", kind: Kind::Choice(&["next", "fixed"]), default: D::Str("next"), doc: "the deal passes to the next seat, or stays" },
    ParamSpec { name: "first_dealer", kind: Kind::Int { min: -1, max: 5 }, default: D::Int(-1), doc: "seat of the first dealer; -1 = the last seat, so seat 0 leads" },
];

static PRESETS: &[crate::core::game::Preset] = &[
    ("seed", &[]),
    (
        "american",
        &[
            ("players", "4"),
            ("scope", "match"),
            ("deck_style", "french_north"),
            ("match_points", "121"),
            ("claim_allowed", "true"),
            ("endgame_partner_reveal", "true"),
        ],
    ),
];

static INFO: GameInfo = GameInfo {
    short_name: "briscola",
    long_name: "Briscola",
    params: PARAMS,
    presets: PRESETS,
    version: 1,
    rules: "Italian 40-card pack (39 for 3 players, 36 for 6). Three cards each, the next card face up fixes \
trump and is the last card of the stock. Any card may be played; the highest trump wins the trick, else the \
highest card of the suit led. Order A 3 K C J 7 6 5 4 2; points A 11, 3 10, K 4, C 3, J 2 (120 in all). After \
each trick everyone draws, the winner first. 61 wins, 60-60 is a draw; 4 and 6 players play in two teams \
(alternate seats). Five players (Chiamata): 8 cards each, an auction (61-120 points, or ranks), the winner \
calls a card whose suit is trump and whose holder is his secret partner; payouts 2/1/-1, or 4/-1 alone. \
ruleset=american: four players, match to 121 with claims and the partners' hand exchange. \
        ruleset=seed (the default) is the Italian game as described above; where the rule books differ the \
        common Italian practice is followed, as described at pagat.com (Briscola, Briscola Chiamata).",
    bots: &["random", "greedy"],
    examples: &[
        "briscola",
        "briscola(players=3)",
        "briscola(players=4)",
        "briscola(players=5)",
        "briscola(players=6)",
        "briscola(scope=match)",
        "briscola(players=4,ruleset=american)",
        "briscola(players=4,ruleset=american,count_out=true)",
        "briscola(players=5,chiamata_auction=rank,chiamata_first_lead=caller,self_call_allowed=false)",
        "briscola(players=5,scope=match,chiamata_target=3,chiamata_all_pass=dealer_forced_61,cappotto_doubles=true)",
        "briscola(must_follow_suit=true,deck_style=french_south,tie_rule=last_trick_wins)",
        "briscola(players=4,reject_ace_three_upcard=true,trump_exchange=seven,tie_rule=replay,suit_names=italian)",
    ],
};

/// Which card may be exchanged for the face-up card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum ExchangeRule {
    None,
    Seven,
    Two,
    SevenAboveElseTwo,
}

/// Briscola rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct BriscolaRules {
    deck: Deck,
    players: usize,
    removed: CardSet,
    is_match: bool,
    must_follow: bool,
    tie_rule: String,
    match_wins: u32,
    match_points: i32,
    claim_allowed: bool,
    count_out: bool,
    partner_reveal: bool,
    reject_ace_three: bool,
    exchange: ExchangeRule,
    exchange_needs_trick: bool,
    rank_auction: bool,
    caller_leads: bool,
    dealer_forced: bool,
    self_call: bool,
    cappotto_doubles: bool,
    chiamata_target: f64,
    fixed_dealer: bool,
    first_dealer: usize,
    italian_suit_names: bool,
    layout: Layout,
    strength: CardTable<u8>,
    points: CardTable<i32>,
    point_masks: PointMasks,
}

/// Per-deal state: the auction and contract (Chiamata) and a claim (American game).
#[derive(Clone, Debug, Default)]
pub struct BriscolaExtra {
    /// Team that claimed the match.
    pub claimed_by: Option<usize>,
    /// Chiamata: the auction so far.
    pub auction: Auction,
    /// Chiamata: the winning bid, once the auction is over.
    pub won_bid: Option<(Bid, usize)>,
    /// Chiamata: the contract, once the card is called.
    pub contract: Option<Contract>,
    /// Chiamata: everybody passed (the deal is thrown in).
    pub thrown_in: bool,
}

impl BriscolaRules {
    /// Whether this is the five-player game.
    pub fn is_chiamata(&self) -> bool {
        self.players == 5
    }
    /// Seats of `team`.
    fn members(&self, team: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.players).filter(move |&s| self.team(s) == team)
    }
    fn num_teams(&self) -> usize {
        match self.players {
            4 | 6 => 2,
            n => n,
        }
    }
    /// Deals after which an open Chiamata match is scored a draw (see
    /// `CHIAMATA_DEALS_PER_TARGET_SQUARED`: 10 x target², at least 60).
    pub fn chiamata_match_cap(&self) -> usize {
        let t = self.chiamata_target as usize;
        (CHIAMATA_DEALS_PER_TARGET_SQUARED * t * t).max(MAX_DEALS)
    }
    /// Strength of a card (Briscola's order never depends on the deal).
    pub fn card_strength(&self, card: Card) -> u8 {
        self.strength[card]
    }
    /// Points of a card.
    pub fn card_points(&self, card: Card) -> i32 {
        self.points[card]
    }
    /// Card points of a set.
    pub fn points_of(&self, set: CardSet) -> i32 {
        self.point_masks.of(set)
    }
    /// Card points captured by each team this deal.
    pub fn team_points(&self, core: &TrickCore) -> [i32; MAX_PLAYERS] {
        let mut out = [0; MAX_PLAYERS];
        for s in 0..self.players {
            out[self.team(s)] += self.points_of(core.won[s]);
        }
        out
    }
    /// Zero-sum returns: every member of `winner` +1, the losers share the negative.
    fn win_returns(&self, winner: usize) -> [f64; MAX_PLAYERS] {
        let winners = self.members(winner).count() as f64;
        let losers = (self.players as f64) - winners;
        per_seat(self.players, |s| {
            if self.team(s) == winner {
                1.0
            } else {
                -winners / losers
            }
        })
    }
    /// The deal winner's team, if any (stock variants).
    fn deal_winner(&self, core: &TrickCore) -> Option<usize> {
        let pts = self.team_points(core);
        let teams = self.num_teams();
        if teams == 2 {
            return match pts[0].cmp(&pts[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal if self.tie_rule == "last_trick_wins" => {
                    core.last_trick.map(|(_, _, w)| self.team(w))
                }
                std::cmp::Ordering::Equal => None,
            };
        }
        let best = *pts[..teams].iter().max().expect("at least two teams");
        let mut top = (0..teams).filter(|&t| pts[t] == best);
        match (top.next(), top.next()) {
            (Some(t), None) => Some(t),
            _ => None,
        }
    }
    /// Team totals in the match ledger (each member's ledger holds the team total).
    fn ledger_of(&self, core: &TrickCore, team: usize) -> f64 {
        self.members(team).next().map_or(0.0, |s| core.ledger[s])
    }
    fn cumulative(&self) -> bool {
        self.is_match && self.match_points > 0
    }
    /// The card a player may give for the face-up card, if the exchange rule names one now.
    pub fn exchange_card(&self, core: &TrickCore) -> Option<Card> {
        let up = core.face_up_card?;
        let suit = self.deck.suit(up);
        let seven = self.deck.find(suit, 7)?;
        let two = self.deck.find(suit, 2)?;
        match self.exchange {
            ExchangeRule::None => None,
            ExchangeRule::Seven => Some(seven),
            ExchangeRule::Two => Some(two),
            // Spanish Brisca: the 7 takes a face-up card above 7 (court cards, 3, A), the 2 one of 7 or below.
            ExchangeRule::SevenAboveElseTwo => Some(if self.card_strength(up) > self.card_strength(seven) {
                seven
            } else {
                two
            }),
        }
    }
    /// The contract's partner as known to `viewer` (Chiamata): the holder knows from the start, everybody
    /// once the called card is played.
    pub fn known_partner(&self, core: &TrickCore, extra: &BriscolaExtra, viewer: usize) -> Option<usize> {
        let c = extra.contract?;
        (c.revealed(core) || viewer == c.holder).then_some(c.holder)
    }
    fn suit_word(&self, suit: u8) -> &'static str {
        let info = &self.deck.suits()[suit as usize];
        if self.italian_suit_names {
            ["bastoni", "denari", "coppe", "spade"][suit as usize]
        } else {
            info.name
        }
    }
    fn bid_name(&self, bid: Bid) -> String {
        match bid {
            Bid::Points(p) => format!("{p}"),
            Bid::Rank(r) => rank_label(&self.deck, r),
            Bid::Two(p) => format!("2 for {p}"),
        }
    }

    fn finish_auction(&self, core: &mut TrickCore, extra: &mut BriscolaExtra, end: AuctionEnd) -> Effect {
        match end {
            AuctionEnd::Next(seat) => {
                core.to_move = seat;
                Effect::Continue
            }
            AuctionEnd::Won(seat) => {
                extra.won_bid = extra.auction.high;
                core.to_move = seat;
                Effect::Continue
            }
            AuctionEnd::AllPassed if self.dealer_forced => {
                let bid = if self.rank_auction {
                    Bid::Rank(2)
                } else {
                    Bid::Points(61)
                };
                extra.won_bid = Some((bid, core.dealer));
                core.to_move = core.dealer;
                Effect::Continue
            }
            AuctionEnd::AllPassed => {
                extra.thrown_in = true;
                Effect::EndDeal
            }
        }
    }
}

impl TrickRules for BriscolaRules {
    type Extra = BriscolaExtra;
    type Match = ();
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let players = p.int("players") as usize;
        let style = match p.str("deck_style") {
            "french_north" => FaceStyle::FrenchNorth,
            "french_south" => FaceStyle::FrenchSouth,
            _ => FaceStyle::Italian,
        };
        let two_suit = ["clubs", "diamonds", "hearts", "spades"]
            .iter()
            .position(|s| *s == p.str("removed_two"))
            .unwrap_or(0) as u8;
        // The full pack is kept for every player count so card ids stay the same; removed cards are
        // public and never dealt.
        let deck = Deck::italian40(style);
        let removed: CardSet = match players {
            3 => deck.find(two_suit, 2).into_iter().collect(),
            6 => (0..4).filter_map(|s| deck.find(s, 2)).collect(),
            _ => CardSet::EMPTY,
        };
        let first_dealer = match p.int("first_dealer") {
            -1 => players - 1,
            d if (d as usize) < players => d as usize,
            d => {
                return Err(LudoError::param(
                    "first_dealer",
                    format!("seat {d} does not exist with {players} players"),
                ))
            }
        };
        let exchange = match p.str("trump_exchange") {
            "seven" => ExchangeRule::Seven,
            "two" => ExchangeRule::Two,
            "seven_if_upcard_above_7_else_two" => ExchangeRule::SevenAboveElseTwo,
            _ => ExchangeRule::None,
        };
        let chiamata = players == 5;
        let rank_auction = chiamata && p.str("chiamata_auction") == "rank";
        let claim_allowed = p.bool("claim_allowed");
        let strength = CardTable::from_values(deck.cards().iter().map(|c| STRENGTH[c.rank as usize]));
        let points = CardTable::from_values(deck.cards().iter().map(|c| POINTS[c.rank as usize]));
        let rules = BriscolaRules {
            players,
            removed,
            is_match: p.str("scope") == "match",
            must_follow: p.bool("must_follow_suit"),
            tie_rule: p.str("tie_rule").to_string(),
            match_wins: p.int("match_wins") as u32,
            match_points: p.int("match_points") as i32,
            claim_allowed,
            count_out: p.bool("count_out"),
            partner_reveal: p.bool("endgame_partner_reveal"),
            reject_ace_three: p.bool("reject_ace_three_upcard"),
            exchange,
            exchange_needs_trick: p.bool("exchange_requires_won_trick"),
            rank_auction,
            caller_leads: p.str("chiamata_first_lead") == "caller",
            dealer_forced: p.str("chiamata_all_pass") == "dealer_forced_61",
            self_call: p.bool("self_call_allowed"),
            cappotto_doubles: p.bool("cappotto_doubles"),
            chiamata_target: p.int("chiamata_target") as f64,
            fixed_dealer: p.str("dealer_rotation") == "fixed",
            first_dealer,
            italian_suit_names: p.str("suit_names") == "italian",
            layout: actions::layout(
                &deck,
                claim_allowed,
                chiamata && !rank_auction,
                rank_auction,
                exchange != ExchangeRule::None,
            ),
            strength,
            point_masks: PointMasks::new(&points, deck.len()),
            points,
            deck,
        };
        if (rules.claim_allowed || rules.count_out) && !rules.cumulative() {
            return Err(LudoError::param(
                if rules.claim_allowed {
                    "claim_allowed"
                } else {
                    "count_out"
                },
                "claims and count-out need a cumulative match: scope=match and match_points > 0",
            ));
        }
        if rules.cumulative() && rules.num_teams() != 2 {
            return Err(LudoError::param(
                "match_points",
                "cumulative matches are for two sides (2, 4 or 6 players)",
            ));
        }
        if rules.partner_reveal && rules.num_teams() != 2 {
            return Err(LudoError::param(
                "endgame_partner_reveal",
                "needs partners (4 or 6 players)",
            ));
        }
        if chiamata && (rules.reject_ace_three || exchange != ExchangeRule::None || rules.tie_rule != "draw")
        {
            return Err(LudoError::param(
                "players",
                "five-player Chiamata has no face-up card and no 60-60 tie: drop the face-up and tie options",
            ));
        }
        Ok(rules)
    }

    fn deck(&self) -> &Deck {
        &self.deck
    }
    fn num_players(&self) -> usize {
        self.players
    }
    fn team(&self, seat: usize) -> usize {
        match self.players {
            4 | 6 => seat % 2,
            _ => seat,
        }
    }
    fn is_match(&self) -> bool {
        self.is_match
    }
    fn first_dealer(&self) -> usize {
        self.first_dealer
    }
    fn next_dealer(&self, v: TrickView<'_, Self>) -> usize {
        let TrickView { core, .. } = v;
        if self.fixed_dealer {
            core.dealer
        } else {
            core.next_seat(core.dealer)
        }
    }
    fn removed(&self) -> CardSet {
        self.removed
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        let n = self.players;
        let in_hands = if self.is_chiamata() { 8 * n } else { 3 * n };
        match k {
            // Round-robin from the eldest; subtraction instead of `%` (this runs for every card dealt).
            k if k < in_hands => {
                let mut seat = dealer + 1 + k;
                while seat >= n {
                    seat -= n;
                }
                Some(Slot::Hand(seat))
            }
            k if k == in_hands && !self.is_chiamata() => Some(Slot::FaceUp),
            _ => None,
        }
    }
    fn face_up_rule(&self, card: Card, face_down: usize) -> FaceUpRule {
        let rank = self.deck.rank(card);
        if self.reject_ace_three && (rank == 1 || rank == 3) {
            FaceUpRule::Reinsert { above: face_down / 2 }
        } else {
            FaceUpRule::Keep
        }
    }
    fn start_after_deal(&self, s: TrickMut<'_, Self>) -> AfterDeal {
        let TrickMut { core, .. } = s;
        let eldest = core.next_seat(core.dealer);
        if self.is_chiamata() {
            core.start_bidding(eldest);
        } else {
            core.start_play(eldest);
        }
        AfterDeal::Continue
    }
    fn trump(&self, v: TrickView<'_, Self>) -> Option<u8> {
        let TrickView { core, extra, .. } = v;
        if self.is_chiamata() {
            extra.contract.map(|c| self.deck.suit(c.called))
        } else {
            core.face_up_card.map(|c| self.deck.suit(c))
        }
    }
    fn strength(&self, _v: TrickView<'_, Self>, card: Card) -> u8 {
        self.strength[card]
    }
    fn points(&self, _v: TrickView<'_, Self>, card: Card) -> i32 {
        self.points[card]
    }
    fn points_of_set(&self, _v: TrickView<'_, Self>, set: CardSet) -> i32 {
        self.points_of(set)
    }
    fn legal_plays(&self, v: TrickView<'_, Self>, hand: CardSet) -> CardSet {
        let TrickView { core, .. } = v;
        if self.must_follow {
            crate::trick::follow::follow_suit(&self.deck, core.led_card(), hand)
        } else {
            hand
        }
    }
    fn illegal_play_reason(&self, v: TrickView<'_, Self>, _card: Card) -> String {
        let TrickView { core, .. } = v;
        let suit = core
            .led_card()
            .map(|c| self.deck.suits()[self.deck.suit(c) as usize].symbol)
            .unwrap_or("");
        format!("must follow suit {suit}")
    }

    fn num_extra_actions(&self) -> usize {
        self.layout.len()
    }
    fn extra_actions_in_play(&self) -> bool {
        // Auction bids and calls come before play; only claims and the trump exchange are made during it.
        self.claim_allowed || self.exchange != ExchangeRule::None
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        let mut kinds = self.layout.offsets_into(out);
        match core.phase {
            Phase::Bidding => match extra.won_bid {
                None => legal_bids(&extra.auction, self.rank_auction, &mut kinds),
                Some((bid, caller)) => {
                    kinds.extend(
                        callable(&self.deck, bid, core.hands[caller], self.self_call)
                            .iter()
                            .map(Extra::Call),
                    );
                }
            },
            Phase::Play => {
                if self.claim_allowed && extra.claimed_by.is_none() {
                    kinds.extend([Extra::Claim]);
                }
                let p = core.to_move;
                let may_exchange = core.face_up_on_table
                    && self
                        .exchange_card(core)
                        .is_some_and(|c| core.hands[p].contains(c))
                    && (!self.exchange_needs_trick || !core.won[p].is_empty());
                if may_exchange {
                    kinds.extend([Extra::Exchange]);
                }
            }
            _ => {}
        }
        out.sort_unstable();
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut { core, extra, .. } = s;
        let seat = core.to_move;
        match self.layout.kind(offset) {
            Extra::Claim => {
                extra.claimed_by = Some(self.team(seat));
                Effect::EndDeal
            }
            Extra::Pass => {
                let end = extra.auction.act(seat, None, self.players);
                self.finish_auction(core, extra, end)
            }
            Extra::Bid(p) => self.bid(core, extra, Bid::Points(p)),
            Extra::BidRank(r) => self.bid(core, extra, Bid::Rank(r)),
            Extra::BidTwo(p) => self.bid(core, extra, Bid::Two(p)),
            Extra::Call(card) => {
                let (bid, caller) = extra.won_bid.expect("a call follows the auction");
                let holder = (0..self.players)
                    .find(|&s| core.hands[s].contains(card))
                    .expect("all 40 cards are in hands");
                extra.contract = Some(Contract {
                    caller,
                    called: card,
                    holder,
                    target: bid.target(),
                });
                let leader = if self.caller_leads {
                    caller
                } else {
                    core.next_seat(core.dealer)
                };
                core.start_play(leader);
                Effect::Continue
            }
            Extra::Exchange => {
                let give = self.exchange_card(core).expect("exchange is legal");
                let take = core.face_up_card.expect("face-up card on the table");
                core.hands[seat].remove(give);
                core.hands[seat].insert(take);
                core.known[seat].insert(take);
                core.face_up_card = Some(give);
                Effect::Continue
            }
        }
    }
    fn extra_name(&self, offset: u32) -> String {
        actions::name(&self.layout, &self.deck, offset)
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        actions::parse(&self.layout, &self.deck, text)
    }
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        let TrickMut { core, .. } = s;
        if self.count_out {
            let pts = self.team_points(core);
            if (0..2).any(|t| self.ledger_of(core, t) + pts[t] as f64 >= self.match_points as f64) {
                return Effect::EndDeal;
            }
        }
        Effect::Continue
    }

    fn known_cards(&self, v: TrickView<'_, Self>, viewer: usize, other: usize) -> CardSet {
        let TrickView { core, .. } = v;
        // The partners' exchange happens right after the face-up card is drawn (§3.5, A6).
        let exchanged = core.face_up_card.is_some() && core.stock_count() == 0;
        if self.partner_reveal && exchanged && self.team(viewer) == self.team(other) {
            core.hands[other]
        } else {
            CardSet::EMPTY
        }
    }

    fn extra_observation_len(&self) -> usize {
        if self.is_chiamata() {
            // high bid, high bidder[5], passed[5], caller[5], called card[40], target, partner[5], is holder
            1 + 5 + 5 + 5 + 40 + 1 + 5 + 1
        } else {
            0
        }
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView { core, extra, .. } = v;
        if !self.is_chiamata() {
            return;
        }
        let n = self.players;
        let rel = |s: usize| (s + n - viewer) % n;
        if let Some((bid, bidder)) = extra.auction.high {
            out[0] = bid.target() as f32 / 120.0;
            out[1 + rel(bidder)] = 1.0;
        }
        for s in 0..n {
            if extra.auction.passed[s] {
                out[6 + rel(s)] = 1.0;
            }
        }
        if let Some(c) = extra.contract {
            out[11 + rel(c.caller)] = 1.0;
            out[16 + c.called.idx()] = 1.0;
            out[56] = c.target as f32 / 120.0;
            if let Some(partner) = self.known_partner(core, extra, viewer) {
                out[57 + rel(partner)] = 1.0;
            }
            out[62] = (c.holder == viewer) as u8 as f32;
        }
    }

    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView { core, extra, .. } = v;
        let mut s = String::new();
        if self.italian_suit_names || self.is_chiamata() {
            if let Some(t) = self.trump(v) {
                s.push_str(&format!("trump suit: {}\n", self.suit_word(t)));
            }
        }
        if self.is_chiamata() {
            if !extra.auction.calls.is_empty() {
                let calls: Vec<String> = extra
                    .auction
                    .calls
                    .iter()
                    .map(|(seat, b)| format!("{seat}: {}", b.map_or("pass".into(), |b| self.bid_name(b))))
                    .collect();
                s.push_str(&format!("auction: {}\n", calls.join(", ")));
            }
            if let Some(c) = extra.contract {
                s.push_str(&format!(
                    "seat {} called {} for {} points\n",
                    c.caller,
                    self.deck.name_of(c.called),
                    c.target
                ));
                let partner = match viewer {
                    None => Some(c.holder),
                    Some(v) => self.known_partner(core, extra, v),
                };
                match partner {
                    Some(h) if h == c.caller => s.push_str("the caller plays alone\n"),
                    Some(h) => s.push_str(&format!("partner: seat {h}\n")),
                    None => s.push_str("partner: unknown\n"),
                }
                let side = c.side_points(core, |set| self.points_of(set));
                if viewer.is_none() || c.revealed(core) {
                    s.push_str(&format!("caller's side points: {side}\n"));
                }
            }
            if extra.thrown_in {
                s.push_str("everybody passed: thrown in\n");
            }
            return s;
        }
        let pts = self.team_points(core);
        let teams: Vec<String> = (0..self.num_teams())
            .map(|t| format!("{t}: {}", pts[t]))
            .collect();
        s.push_str(&format!("deal points by team: {}\n", teams.join(", ")));
        if let Some(t) = extra.claimed_by {
            s.push_str(&format!("team {t} claimed the match\n"));
        }
        s
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { core, extra, .. } = v;
        if self.is_chiamata() {
            let Some(c) = extra.contract else {
                return DealOutcome {
                    redeal: true,
                    ..DealOutcome::default()
                };
            };
            let pay = c.payouts(
                c.side_points(core, |set| self.points_of(set)),
                self.players,
                self.cappotto_doubles,
            );
            return DealOutcome {
                returns: pay,
                ledger: pay,
                redeal: false,
            };
        }
        let winner = self.deal_winner(core);
        if winner.is_none()
            && self.tie_rule == "replay"
            && extra.claimed_by.is_none()
            && core.hands.iter().all(|h| h.is_empty())
        {
            return DealOutcome {
                redeal: true,
                ..DealOutcome::default()
            };
        }
        let returns = winner.map_or([0.0; MAX_PLAYERS], |w| self.win_returns(w));
        let ledger = if self.cumulative() {
            let pts = self.team_points(core);
            per_seat(self.players, |s| pts[self.team(s)] as f64)
        } else {
            per_seat(
                self.players,
                |s| if Some(self.team(s)) == winner { 1.0 } else { 0.0 },
            )
        };
        DealOutcome {
            returns,
            ledger,
            redeal: false,
        }
    }

    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView { core, extra, .. } = v;
        if self.is_chiamata() {
            // Anyone at the target: the single highest total wins; a tie for highest plays on (A22).
            let totals = &core.ledger[..self.players];
            let best = totals.iter().cloned().fold(f64::MIN, f64::max);
            let leaders: Vec<usize> = (0..self.players).filter(|&s| totals[s] == best).collect();
            return (best >= self.chiamata_target && leaders.len() == 1)
                .then(|| self.win_returns(leaders[0]));
        }
        let teams = self.num_teams();
        let totals: Vec<f64> = (0..teams).map(|t| self.ledger_of(core, t)).collect();
        if self.cumulative() {
            let target = self.match_points as f64;
            if let Some(t) = extra.claimed_by {
                let winner = if totals[t] >= target { t } else { 1 - t };
                return Some(self.win_returns(winner));
            }
            // End-of-deal check: one side over the target wins; both over: the higher; equal: play on.
            let over: Vec<usize> = (0..teams).filter(|&t| totals[t] >= target).collect();
            return match over.len() {
                0 => None,
                1 => Some(self.win_returns(over[0])),
                _ if totals[0] == totals[1] => None,
                _ => Some(self.win_returns(if totals[0] > totals[1] { 0 } else { 1 })),
            };
        }
        (0..teams)
            .find(|&t| totals[t] >= self.match_wins as f64)
            .map(|t| self.win_returns(t))
    }
    fn max_deals(&self) -> usize {
        // Matches, and single deals that may be thrown in (Chiamata all-pass, replayed ties).
        if self.is_match && self.is_chiamata() {
            self.chiamata_match_cap()
        } else if self.is_match || self.is_chiamata() || self.tie_rule == "replay" {
            MAX_DEALS
        } else {
            1
        }
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<BriscolaState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<BriscolaState>>)
    }
}

impl BriscolaRules {
    fn bid(&self, core: &mut TrickCore, extra: &mut BriscolaExtra, bid: Bid) -> Effect {
        let end = extra.auction.act(core.to_move, Some(bid), self.players);
        self.finish_auction(core, extra, end)
    }
}

#[cfg(test)]
mod tests;
