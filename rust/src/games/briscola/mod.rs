//! Briscola for 2, 3, 4 and 6 players (Italian rules) and the American four-player game, as one
//! rules value over the trick engine. Rules: `shared/rules/rules-briscola-calabrasella.md` §2–§3.
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
//! * Five-player Briscola Chiamata is a separate rules value (not yet available: `players=5` is refused).

mod bot;

use crate::cards::{Card, CardSet, Deck, FaceStyle};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::{LudoError, Result};
use crate::trick::{per_seat, DealOutcome, Effect, Phase, Slot, TrickCore, TrickGame, TrickRules, TrickState, SCOPE_PARAM};

/// The registered game type.
pub type Briscola = TrickGame<BriscolaRules>;
/// A Briscola position.
pub type BriscolaState = TrickState<BriscolaRules>;

/// Rank codes of the Italian pack (see `cards::deck`): A 1, 2..7, F 8, C 9, R 10.
const STRENGTH: [u8; 11] = [0, 10, 1, 9, 2, 3, 4, 5, 6, 7, 8];
const POINTS: [i32; 11] = [0, 11, 0, 10, 0, 0, 0, 0, 2, 3, 4];
/// A match still open after this many deals ends as a draw.
const MAX_MATCH_DEALS: usize = 60;

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "players", kind: Kind::Int { min: 2, max: 6 }, default: D::Int(2), doc: "number of players: 2, 3, 4 (two teams) or 6 (two teams of three)" },
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "american"]), default: D::Str("seed"), doc: "seed: Italian rules (S001); american: the S003 four-player game to 121" },
    SCOPE_PARAM,
    ParamSpec { name: "deck_style", kind: Kind::Choice(&["italian", "french_north", "french_south"]), default: D::Str("italian"), doc: "card labels: Italian suits, or French suits with the northern (J Q K) or southern (Q J K) court order" },
    ParamSpec { name: "removed_two", kind: Kind::Choice(&["clubs", "diamonds", "hearts", "spades"]), default: D::Str("clubs"), doc: "three players: the suit of the 2 taken out of the pack (batons = clubs)" },
    ParamSpec { name: "must_follow_suit", kind: Kind::Bool, default: D::Bool(false), doc: "regional rule: follow the led suit when able" },
    ParamSpec { name: "tie_rule", kind: Kind::Choice(&["draw", "last_trick_wins"]), default: D::Str("draw"), doc: "a 60-60 deal is a draw, or is won by the side that took the last trick" },
    ParamSpec { name: "match_wins", kind: Kind::Int { min: 1, max: 10 }, default: D::Int(2), doc: "scope=match: deal wins needed (2 = best of three)" },
    ParamSpec { name: "match_points", kind: Kind::Int { min: 0, max: 1000 }, default: D::Int(0), doc: "scope=match: if > 0, play to this many cumulative card points instead (American: 121)" },
    ParamSpec { name: "claim_allowed", kind: Kind::Bool, default: D::Bool(false), doc: "cumulative matches: the player to move may claim the match (wrong claims lose)" },
    ParamSpec { name: "count_out", kind: Kind::Bool, default: D::Bool(false), doc: "cumulative matches: the match ends at the first trick where a side reaches the target" },
    ParamSpec { name: "endgame_partner_reveal", kind: Kind::Bool, default: D::Bool(false), doc: "partners see each other's hands once the face-up card has been drawn" },
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
(alternate seats). ruleset=american: four players, match to 121 with claims and the partners' hand exchange.",
    bots: &["random", "greedy"],
    examples: &[
        "briscola",
        "briscola(players=3)",
        "briscola(players=4)",
        "briscola(players=6)",
        "briscola(scope=match)",
        "briscola(players=4,ruleset=american)",
        "briscola(players=4,ruleset=american,count_out=true)",
        "briscola(must_follow_suit=true,deck_style=french_south,tie_rule=last_trick_wins)",
    ],
};

/// Briscola rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct BriscolaRules {
    deck: Deck,
    players: usize,
    removed: CardSet,
    is_match: bool,
    must_follow: bool,
    tie_last_trick: bool,
    match_wins: u32,
    match_points: i32,
    claim_allowed: bool,
    count_out: bool,
    partner_reveal: bool,
    first_dealer: usize,
    strength: Vec<u8>,
    points: Vec<i32>,
}

/// Per-deal state: a claim, if one was made.
#[derive(Clone, Debug, Default)]
pub struct BriscolaExtra {
    /// Team that claimed the match.
    pub claimed_by: Option<usize>,
}

impl BriscolaRules {
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
    /// Card points of a set.
    pub fn points_of(&self, set: CardSet) -> i32 {
        set.iter().map(|c| self.points[c.idx()]).sum()
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
        per_seat(self.players, |s| if self.team(s) == winner { 1.0 } else { -winners / losers })
    }
    /// The deal winner's team, if any.
    fn deal_winner(&self, core: &TrickCore) -> Option<usize> {
        let pts = self.team_points(core);
        let teams = self.num_teams();
        if teams == 2 {
            return match pts[0].cmp(&pts[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal if self.tie_last_trick => core.last_trick.map(|(_, _, w)| self.team(w)),
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
}

impl TrickRules for BriscolaRules {
    type Extra = BriscolaExtra;
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let players = p.int("players") as usize;
        if players == 5 {
            return Err(LudoError::param("players", "five-player Briscola Chiamata (auction and called partner) is not available yet; use 2, 3, 4 or 6"));
        }
        let style = match p.str("deck_style") {
            "french_north" => FaceStyle::FrenchNorth,
            "french_south" => FaceStyle::FrenchSouth,
            _ => FaceStyle::Italian,
        };
        let two_suit = ["clubs", "diamonds", "hearts", "spades"].iter().position(|s| *s == p.str("removed_two")).unwrap_or(0) as u8;
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
            d => return Err(LudoError::param("first_dealer", format!("seat {d} does not exist with {players} players"))),
        };
        let strength = deck.cards().iter().map(|c| STRENGTH[c.rank as usize]).collect();
        let points = deck.cards().iter().map(|c| POINTS[c.rank as usize]).collect();
        let rules = BriscolaRules {
            players,
            removed,
            is_match: p.str("scope") == "match",
            must_follow: p.bool("must_follow_suit"),
            tie_last_trick: p.str("tie_rule") == "last_trick_wins",
            match_wins: p.int("match_wins") as u32,
            match_points: p.int("match_points") as i32,
            claim_allowed: p.bool("claim_allowed"),
            count_out: p.bool("count_out"),
            partner_reveal: p.bool("endgame_partner_reveal"),
            first_dealer,
            strength,
            points,
            deck,
        };
        if (rules.claim_allowed || rules.count_out) && !rules.cumulative() {
            return Err(LudoError::param(
                if rules.claim_allowed { "claim_allowed" } else { "count_out" },
                "claims and count-out need a cumulative match: scope=match and match_points > 0",
            ));
        }
        if rules.partner_reveal && rules.num_teams() != 2 {
            return Err(LudoError::param("endgame_partner_reveal", "needs partners (4 or 6 players)"));
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
    fn removed(&self) -> CardSet {
        self.removed
    }
    fn deal_slot(&self, dealer: usize, k: usize) -> Option<Slot> {
        let n = self.players;
        match k {
            // Round-robin from the eldest; subtraction instead of `%` (this runs for every card dealt).
            k if k < 3 * n => {
                let mut seat = dealer + 1 + k;
                while seat >= n {
                    seat -= n;
                }
                Some(Slot::Hand(seat))
            }
            k if k == 3 * n => Some(Slot::FaceUp),
            _ => None,
        }
    }
    fn strength(&self, card: Card) -> u8 {
        self.strength[card.idx()]
    }
    fn points(&self, card: Card) -> i32 {
        self.points[card.idx()]
    }
    fn legal_plays(&self, core: &TrickCore, _extra: &BriscolaExtra, hand: CardSet) -> CardSet {
        if self.must_follow {
            crate::trick::follow::follow_suit(&self.deck, core.led_card(), hand)
        } else {
            hand
        }
    }
    fn illegal_play_reason(&self, core: &TrickCore, _extra: &BriscolaExtra, _card: Card) -> String {
        let suit = core.led_card().map(|c| self.deck.suits()[self.deck.suit(c) as usize].symbol).unwrap_or("");
        format!("must follow suit {suit}")
    }

    fn num_extra_actions(&self) -> usize {
        usize::from(self.claim_allowed)
    }
    fn extra_legal(&self, core: &TrickCore, extra: &BriscolaExtra, out: &mut Vec<u32>) {
        if self.claim_allowed && core.phase == Phase::Play && extra.claimed_by.is_none() {
            out.push(0);
        }
    }
    fn apply_extra(&self, core: &mut TrickCore, extra: &mut BriscolaExtra, _offset: u32) -> Effect {
        extra.claimed_by = Some(self.team(core.to_move));
        Effect::EndDeal
    }
    fn extra_name(&self, _offset: u32) -> String {
        "claim".to_string()
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        matches!(text, "claim" | "throw in" | "count").then_some(0)
    }
    fn after_trick(&self, core: &mut TrickCore, _extra: &mut BriscolaExtra) -> Effect {
        if self.count_out {
            let pts = self.team_points(core);
            if (0..2).any(|t| self.ledger_of(core, t) + pts[t] as f64 >= self.match_points as f64) {
                return Effect::EndDeal;
            }
        }
        Effect::Continue
    }

    fn known_cards(&self, core: &TrickCore, _extra: &BriscolaExtra, viewer: usize, other: usize) -> CardSet {
        // The partners' exchange happens right after the face-up card is drawn (§3.5, A6).
        let exchanged = core.face_up_card.is_some() && core.stock_count() == 0;
        if self.partner_reveal && exchanged && self.team(viewer) == self.team(other) {
            core.hands[other]
        } else {
            CardSet::EMPTY
        }
    }

    fn describe_extra(&self, core: &TrickCore, extra: &BriscolaExtra, _viewer: Option<usize>) -> String {
        let pts = self.team_points(core);
        let teams: Vec<String> = (0..self.num_teams()).map(|t| format!("{t}: {}", pts[t])).collect();
        let mut s = format!("deal points by team: {}\n", teams.join(", "));
        if let Some(t) = extra.claimed_by {
            s.push_str(&format!("team {t} claimed the match\n"));
        }
        s
    }

    fn score_deal(&self, core: &TrickCore, _extra: &BriscolaExtra) -> DealOutcome {
        let winner = self.deal_winner(core);
        let returns = winner.map_or([0.0; MAX_PLAYERS], |w| self.win_returns(w));
        let ledger = if self.cumulative() {
            let pts = self.team_points(core);
            per_seat(self.players, |s| pts[self.team(s)] as f64)
        } else {
            per_seat(self.players, |s| if Some(self.team(s)) == winner { 1.0 } else { 0.0 })
        };
        DealOutcome { returns, ledger }
    }

    fn match_result(&self, core: &TrickCore, extra: &BriscolaExtra) -> Option<[f64; MAX_PLAYERS]> {
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
        (0..teams).find(|&t| totals[t] >= self.match_wins as f64).map(|t| self.win_returns(t))
    }
    fn max_deals(&self) -> usize {
        if self.is_match {
            MAX_MATCH_DEALS
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
