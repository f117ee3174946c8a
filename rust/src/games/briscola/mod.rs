//! Briscola for 2, 3, 4 and 6 players (Italian rules) and the American four-player game, as one
//! rules value over the trick engine. Rules: as this package implements them (see
//! `ludoteca rules briscola`).
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
//! * American preset (`ruleset=american`): four players, French-suited northern order, match
//!   to 121 with claims (`claim`: a correct claim wins the match, a wrong one loses it), partners see each
//!   other's hands once the face-up card is drawn (`endgame_partner_reveal`), optional `count_out`.
//! * The first dealer is seat `players-1` (so seat 0 leads) unless `first_dealer` says otherwise; the
//!   common rules leave it open.
//! * Five players: Briscola Chiamata, its own rules value in [`chiamata`]; [`load`] (the
//!   registry's loader for `briscola`) picks it for `players=5`. The pack, strength and points are
//!   shared through [`pack`].
//! * Face-up options: `reject_ace_three_upcard` puts an A or 3 back in the middle of the face-down stock
//!   (index ⌊len/2⌋ from the top, public) and turns the next card, repeatedly;
//!   `trump_exchange` lets the holder of the 7 (or 2) of trumps take the face-up card at his turn while
//!   it lies on the table, after having won a trick unless `exchange_requires_won_trick=false`.
//! * `tie_rule=replay` throws a 60–60 deal in and deals again; `dealer_rotation=fixed` keeps the dealer.

mod actions;
mod bot;
pub mod chiamata;
pub mod pack;

use self::actions::{Extra, Layout};
use self::pack::{Table, MAX_DEALS};
use crate::cards::{Card, CardSet, Deck};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::core::Registered;
use crate::dynamic::DynGame;
use crate::error::{LudoError, Result};
use crate::trick::{
    per_seat, DealOutcome, Effect, FaceUpRule, Phase, Slot, TrickCore, TrickGame, TrickMut, TrickRules,
    TrickState, TrickView, SCOPE_PARAM,
};
use crate::trick::{Session, SuitTables};

pub use self::chiamata::{Chiamata, ChiamataRules, ChiamataState};

/// The registered game type.
pub type Briscola = TrickGame<BriscolaRules>;
/// A Briscola position.
pub type BriscolaState = TrickState<BriscolaRules>;

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

/// Briscola rules (2, 3, 4 and 6 players and the American game) resolved from parameters.
#[derive(Clone, Debug)]
pub struct BriscolaRules {
    table: Table,
    removed: CardSet,
    tie_rule: String,
    match_wins: u32,
    match_points: i32,
    claim_allowed: bool,
    count_out: bool,
    partner_reveal: bool,
    reject_ace_three: bool,
    exchange: ExchangeRule,
    exchange_needs_trick: bool,
    layout: Layout,
}

/// Per-deal state: a claim (American game).
#[derive(Clone, Debug, Default)]
pub struct BriscolaExtra {
    /// Team that claimed the match.
    pub claimed_by: Option<usize>,
}

/// The registry's loader for `briscola`: five players get [`Chiamata`], every other count the stock
/// game [`Briscola`]. Both read the same parameter list (`INFO`), so game strings, presets and
/// errors are the same whichever rules value plays.
pub fn load(raw: &[(String, String)]) -> Result<Box<dyn DynGame>> {
    let params = Params::resolve(INFO.params, raw, INFO.presets)?;
    if params.int("players") == 5 {
        Ok(Box::new(Chiamata::from_params(params)?))
    } else {
        Ok(Box::new(Briscola::from_params(params)?))
    }
}

impl BriscolaRules {
    /// The pack and the options shared with Chiamata.
    pub fn table(&self) -> &Table {
        &self.table
    }
    /// Seats of `team`.
    fn members(&self, team: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.table.players).filter(move |&s| self.team(s) == team)
    }
    fn num_teams(&self) -> usize {
        match self.table.players {
            4 | 6 => 2,
            n => n,
        }
    }
    /// Strength of a card (Briscola's order never depends on the deal).
    pub fn card_strength(&self, card: Card) -> u8 {
        self.table.strength(card)
    }
    /// Points of a card.
    pub fn card_points(&self, card: Card) -> i32 {
        self.table.points(card)
    }
    /// Card points of a set.
    pub fn points_of(&self, set: CardSet) -> i32 {
        self.table.points_of(set)
    }
    /// Card points captured by each team this deal.
    pub fn team_points(&self, core: &TrickCore) -> [i32; MAX_PLAYERS] {
        let mut out = [0; MAX_PLAYERS];
        for s in 0..self.table.players {
            out[self.team(s)] += self.points_of(core.won[s]);
        }
        out
    }
    /// Zero-sum returns: every member of `winner` +1, the losers share the negative.
    fn win_returns(&self, winner: usize) -> [f64; MAX_PLAYERS] {
        let winners = self.members(winner).count() as f64;
        let losers = (self.table.players as f64) - winners;
        per_seat(self.table.players, |s| {
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
        self.table.session.is_match && self.match_points > 0
    }
    /// The card a player may give for the face-up card, if the exchange rule names one now.
    pub fn exchange_card(&self, core: &TrickCore) -> Option<Card> {
        let up = core.face_up_card?;
        let suit = self.table.deck.suit(up);
        let seven = self.table.deck.find(suit, 7)?;
        let two = self.table.deck.find(suit, 2)?;
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
}

impl TrickRules for BriscolaRules {
    type Extra = BriscolaExtra;
    type Match = ();
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let table = Table::from_params(p)?;
        let players = table.players;
        if players == 5 {
            return Err(LudoError::param(
                "players",
                "five players play Briscola Chiamata (its own rules value: load_game picks it)",
            ));
        }
        let two_suit = p.choice(
            "removed_two",
            &[("clubs", 0u8), ("diamonds", 1), ("hearts", 2), ("spades", 3)],
        );
        let deck = &table.deck;
        let removed: CardSet = match players {
            3 => deck.find(two_suit, 2).into_iter().collect(),
            6 => (0..4).filter_map(|s| deck.find(s, 2)).collect(),
            _ => CardSet::EMPTY,
        };
        let exchange = p.choice(
            "trump_exchange",
            &[
                ("none", ExchangeRule::None),
                ("seven", ExchangeRule::Seven),
                ("two", ExchangeRule::Two),
                (
                    "seven_if_upcard_above_7_else_two",
                    ExchangeRule::SevenAboveElseTwo,
                ),
            ],
        );
        let claim_allowed = p.bool("claim_allowed");
        let rules = BriscolaRules {
            layout: actions::layout(deck, claim_allowed, false, false, exchange != ExchangeRule::None),
            removed,
            tie_rule: p.str("tie_rule").to_string(),
            match_wins: p.int("match_wins") as u32,
            match_points: p.int("match_points") as i32,
            claim_allowed,
            count_out: p.bool("count_out"),
            partner_reveal: p.bool("endgame_partner_reveal"),
            reject_ace_three: p.bool("reject_ace_three_upcard"),
            exchange,
            exchange_needs_trick: p.bool("exchange_requires_won_trick"),
            table,
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
        Ok(rules)
    }

    fn deck(&self) -> &Deck {
        &self.table.deck
    }
    fn num_players(&self) -> usize {
        self.table.players
    }
    fn team(&self, seat: usize) -> usize {
        match self.table.players {
            4 | 6 => seat % 2,
            _ => seat,
        }
    }
    fn session(&self) -> Option<&Session> {
        Some(&self.table.session)
    }
    fn next_dealer(&self, v: TrickView<'_, Self>) -> usize {
        self.table.next_dealer(v.core)
    }
    fn removed(&self) -> CardSet {
        self.removed
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        let n = self.table.players;
        let in_hands = 3 * n;
        match k {
            // Round-robin from the eldest; subtraction instead of `%` (this runs for every card dealt).
            k if k < in_hands => {
                let mut seat = dealer + 1 + k;
                while seat >= n {
                    seat -= n;
                }
                Some(Slot::Hand(seat))
            }
            k if k == in_hands => Some(Slot::FaceUp),
            _ => None,
        }
    }
    fn face_up_rule(&self, card: Card, face_down: usize) -> FaceUpRule {
        let rank = self.table.deck.rank(card);
        if self.reject_ace_three && (rank == 1 || rank == 3) {
            FaceUpRule::Reinsert { above: face_down / 2 }
        } else {
            FaceUpRule::Keep
        }
    }
    fn trump(&self, v: TrickView<'_, Self>) -> Option<u8> {
        v.core.face_up_card.map(|c| self.table.deck.suit(c))
    }
    fn suit_tables(&self, _v: TrickView<'_, Self>) -> Option<&SuitTables> {
        Some(&self.table.tables)
    }
    fn must_follow(&self) -> bool {
        self.table.must_follow
    }

    fn num_extra_actions(&self) -> usize {
        self.layout.len()
    }
    fn extra_actions_in_play(&self) -> bool {
        // Claims and the trump exchange are the only extra actions, both made during play.
        self.claim_allowed || self.exchange != ExchangeRule::None
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        if core.phase != Phase::Play {
            return;
        }
        let mut kinds = self.layout.offsets_into(out);
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
            Extra::Exchange => {
                let give = self.exchange_card(core).expect("exchange is legal");
                let take = core.face_up_card.expect("face-up card on the table");
                core.hands[seat].remove(give);
                core.hands[seat].insert(take);
                core.known[seat].insert(take);
                core.face_up_card = Some(give);
                Effect::Continue
            }
            Extra::Pass | Extra::Bid(_) | Extra::BidRank(_) | Extra::BidTwo(_) | Extra::Call(_) => {
                unreachable!("the stock games' layout has no auction")
            }
        }
    }
    fn extra_name(&self, offset: u32) -> String {
        actions::name(&self.layout, &self.table.deck, offset)
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        actions::parse(&self.layout, &self.table.deck, text)
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
        // The partners' exchange happens right after the face-up card is drawn.
        let exchanged = core.face_up_card.is_some() && core.stock_count() == 0;
        if self.partner_reveal && exchanged && self.team(viewer) == self.team(other) {
            core.hands[other]
        } else {
            CardSet::EMPTY
        }
    }

    fn describe_extra(&self, v: TrickView<'_, Self>, _viewer: Option<usize>) -> String {
        let TrickView { core, extra, .. } = v;
        let mut s = String::new();
        if self.table.italian_suit_names {
            if let Some(t) = self.trump(v) {
                s.push_str(&format!("trump suit: {}\n", self.table.suit_word(t)));
            }
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
        let n = self.table.players;
        let returns = winner.map_or([0.0; MAX_PLAYERS], |w| self.win_returns(w));
        let ledger = if self.cumulative() {
            let pts = self.team_points(core);
            per_seat(n, |s| pts[self.team(s)] as f64)
        } else {
            per_seat(n, |s| if Some(self.team(s)) == winner { 1.0 } else { 0.0 })
        };
        DealOutcome {
            returns,
            ledger,
            redeal: false,
        }
    }

    /// A deal and a match both end in `win_returns` (or 0 for a tie): each member of the winning
    /// side +1, the losers share −1 per winner. Sides have equal size `k` (1 with 2 or 3 players, 2 or
    /// 3 with partners), so a loser pays `k / (n − k)`: −1 with two sides, −1/2 with three players.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        let n = self.table.players as f64;
        let k = n / self.num_teams() as f64;
        Some(crate::core::game::Utility::zero_sum(-k / (n - k), 1.0))
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView { core, extra, .. } = v;
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
        // Matches, and single deals that may be replayed (tie_rule=replay).
        if self.table.session.is_match || self.tie_rule == "replay" {
            MAX_DEALS
        } else {
            1
        }
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<BriscolaState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<BriscolaState>>)
    }
}

#[cfg(test)]
mod tests;
