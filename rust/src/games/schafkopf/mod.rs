//! Schafkopf as American 3-hand Sheepshead, one rules value over the trick engine.
//! Rules: as this package implements them (see `ludoteca rules schafkopf`).
//!
//! * Pack: 32 cards (7–A). Trumps (14, high to low): Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; the
//!   plain suits ♣ ♠ ♥ rank A 10 K 9 8 7. Points A 11, 10 10, K 4, Q 3, J 2 (120 in all).
//! * Deal (canonical): 3 to each from the eldest, 2 face down to the widow, 4 each, 3 each.
//! * Picking: the eldest, then the next, then the dealer each pick up the widow or pass; the first to
//!   pick is the declarer, who then buries any two cards face down (`bury X`, one at a time). If all pass
//!   the hand is played "least".
//! * Play: the eldest leads; follow the *effective* suit (a queen or jack is a trump, never its printed
//!   suit); no duty to trump. Highest trump wins, else the highest card of the led suit.
//! * Declarer game: the buried cards count for the declarer (`buried_counts_for`). 61+ wins 2 victory
//!   points, 91+ 4, all ten tricks 6; ≤60 loses 2, ≤30 loses 4, no trick loses 6 (`schwarz_by=points`:
//!   schwarz measured by trick points, the buried cards never count for it). Only the declarer scores
//!   (`zero_sum=true`: each defender gets minus half the declarer's change).
//! * Least: everyone alone; the widow goes to the winner of the last trick (`leaster_widow_to`). The
//!   fewest points scores 2, or 4 with 0 points; a tie of two goes to the one who less recently won a
//!   trick (no trick = least recent); a three-way tie to the dealer; one player with all the points
//!   (the other two at 0) loses 4 and nobody else scores. `leaster_requires_trick` limits the winner to
//!   players who took a trick.
//! * `scope=match`: `deals` deals (a multiple of 3), the deal passing to the next seat; returns: the
//!   highest victory-point total wins (+1 to each winner, the losers share −1 per winner).
//! * The first dealer is seat 2 (so seat 0 is the eldest) unless `first_dealer` says otherwise.
//!
//! Action ids: the 32 cards (dense French order ♣ ♦ ♥ ♠, 7..A), then `pass` (32), `pick` (33) and
//! `bury <card>` (34 + card id).

mod bot;

use crate::cards::{Card, Deck};
use crate::core::game::{Bot, GameInfo, MAX_PLAYERS};
use crate::core::params::{DefaultValue as D, Kind, ParamSpec, Params};
use crate::error::{LudoError, Result};
use crate::trick::queen_jack::QueenJackTrumps;
use crate::trick::widow::{self, FirstTaker, Passed};
use crate::trick::{
    per_seat, DealOutcome, Effect, Session, Slot, TrickCore, TrickGame, TrickMut, TrickRules, TrickState,
    TrickView, SCOPE_PARAM,
};
use crate::trick::{top_scorers_win, Packet, PacketDeal};

/// The registered game type.
pub type Schafkopf = TrickGame<SchafkopfRules>;
/// The registry's name for the game type.
pub type Type = Schafkopf;
/// A Schafkopf position.
pub type SchafkopfState = TrickState<SchafkopfRules>;

const PLAYERS: usize = 3;
/// Extra-action offsets.
const PASS: u32 = 0;
const PICK: u32 = 1;
const BURY: u32 = 2;

#[rustfmt::skip] // one parameter a line reads as a table
static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "sheepshead"]), default: D::Str("seed"), doc: "seed: the values above (only the picker scores); sheepshead: zero-sum, each defender pays half" },
    SCOPE_PARAM,
    ParamSpec { name: "deals", kind: Kind::Int { min: 3, max: 99 }, default: D::Int(6), doc: "scope=match: number of deals, a multiple of 3 so everyone deals equally often" },
    ParamSpec { name: "buried_counts_for", kind: Kind::Choice(&["declarer", "nobody"]), default: D::Str("declarer"), doc: "whether the two buried cards count for the declarer's points (Sheepshead practice)" },
    ParamSpec { name: "schwarz_by", kind: Kind::Choice(&["tricks", "points"]), default: D::Str("tricks"), doc: "schwarz means taking no trick / every trick, or 0 trick points / the defenders 0 trick points" },
    ParamSpec { name: "zero_sum", kind: Kind::Bool, default: D::Bool(false), doc: "each defender (each other player in least) gets minus half the scorer's victory points" },
    ParamSpec { name: "leaster_widow_to", kind: Kind::Choice(&["last_trick", "first_trick", "nobody"]), default: D::Str("last_trick"), doc: "least: who gets the widow's points" },
    ParamSpec { name: "leaster_requires_trick", kind: Kind::Bool, default: D::Bool(false), doc: "least: only a player who took a trick can win" },
    ParamSpec { name: "first_dealer", kind: Kind::Int { min: -1, max: 2 }, default: D::Int(-1), doc: "seat of the first dealer; -1 = seat 2, so seat 0 is the eldest" },
];

static PRESETS: &[crate::core::game::Preset] = &[("seed", &[]), ("sheepshead", &[("zero_sum", "true")])];

static INFO: GameInfo = GameInfo {
    short_name: "schafkopf",
    long_name: "Schafkopf (3-hand)",
    params: PARAMS,
    presets: PRESETS,
    version: 1,
    rules: "Three players, 32 cards (7-A), 10 each and a 2-card widow (dealt 3/2/4/3). Trumps high to low: \
Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; other suits A 10 K 9 8 7. Points A 11, 10 10, K 4, Q 3, J 2. \
The eldest, then the next, then the dealer may pick up the widow; the picker buries two cards (they count \
for the picker) and plays alone. Follow the effective suit (queens and jacks are trumps). 61 wins 2 \
victory points, 91 4, every trick 6; 60 or less loses 2, 30 or less 4, no trick 6. All pass: least, the \
fewest points scores 2 (0 points: 4). \
        This is American three-hand Sheepshead with a widow and the least, as described at pagat.com \
        (Sheepshead); ruleset=sheepshead makes it zero-sum, each defender paying half.",
    bots: &["random", "greedy"],
    examples: &[
        "schafkopf",
        "schafkopf(scope=match,deals=3)",
        "schafkopf(ruleset=sheepshead)",
        "schafkopf(buried_counts_for=nobody,schwarz_by=points,leaster_widow_to=first_trick,leaster_requires_trick=true)",
    ],
};

/// Where the pick-up phase stands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// Seats decide in turn whether to pick up the widow.
    #[default]
    Picking,
    /// The declarer buries two cards.
    Burying,
    /// Trick play (a declarer game or least).
    Play,
}

/// Per-deal state of the picking phase and the facts scoring needs.
#[derive(Clone, Debug)]
pub struct SchafkopfExtra {
    pub stage: Stage,
    /// The picking round: seats speak once in turn from the eldest; the first to pick is the declarer.
    pub auction: FirstTaker,
    /// The picker, once someone picked.
    pub declarer: Option<usize>,
    /// Cards buried so far (they lie in the engine's talon).
    pub buried: u8,
    /// Winner of the first trick (least with `leaster_widow_to=first_trick`).
    pub first_trick_winner: Option<usize>,
    /// Index of the last trick each seat won (-1: none), for the least tie-break.
    pub last_won: [i8; PLAYERS],
}

impl Default for SchafkopfExtra {
    fn default() -> Self {
        SchafkopfExtra {
            stage: Stage::Picking,
            auction: FirstTaker::default(),
            declarer: None,
            buried: 0,
            first_trick_winner: None,
            last_won: [-1; PLAYERS],
        }
    }
}

impl SchafkopfExtra {
    /// Whether the deal is played "least" (everyone passed).
    pub fn is_least(&self) -> bool {
        self.stage == Stage::Play && self.declarer.is_none()
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum WidowTo {
    LastTrick,
    FirstTrick,
    Nobody,
}

/// Schafkopf rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct SchafkopfRules {
    deck: Deck,
    t: QueenJackTrumps,
    deal: PacketDeal,
    session: Session,
    buried_count: bool,
    schwarz_by_points: bool,
    zero_sum: bool,
    widow_to: WidowTo,
    leaster_requires_trick: bool,
}

impl SchafkopfRules {
    /// The trump tables.
    pub fn trumps(&self) -> &QueenJackTrumps {
        &self.t
    }

    /// Victory points of the declarer from their total (tricks plus buried cards when they count),
    /// trick points, tricks taken and the defenders' trick points.
    pub fn declarer_vp(
        &self,
        total: i32,
        trick_points: i32,
        tricks: usize,
        defender_trick_points: i32,
    ) -> i32 {
        let (schwarzed, schwarz_win) = if self.schwarz_by_points {
            (trick_points == 0, defender_trick_points == 0)
        } else {
            (tricks == 0, tricks == 10)
        };
        match () {
            _ if schwarz_win => 6,
            _ if schwarzed => -6,
            _ if total >= 91 => 4,
            _ if total >= 61 => 2,
            _ if total <= 30 => -4,
            _ => -2,
        }
    }

    /// Least: victory points per seat from each seat's points (widow included), the most recent trick
    /// each seat won (-1 none) and the dealer.
    pub fn least_vp(&self, points: [i32; PLAYERS], last_won: [i8; PLAYERS], dealer: usize) -> [i32; PLAYERS] {
        let mut vp = [0; PLAYERS];
        // One player has every point (the other two at 0): that player loses 4, nobody else scores.
        if let Some(s) = (0..PLAYERS).find(|&s| (0..PLAYERS).all(|o| o == s || points[o] == 0)) {
            vp[s] = -4;
            return vp;
        }
        let eligible = |s: usize| !self.leaster_requires_trick || last_won[s] >= 0;
        let Some(low) = (0..PLAYERS).filter(|&s| eligible(s)).map(|s| points[s]).min() else {
            return vp;
        };
        let tied: Vec<usize> = (0..PLAYERS)
            .filter(|&s| eligible(s) && points[s] == low)
            .collect();
        let winner = match tied.len() {
            1 => tied[0],
            // The one who less recently won a trick; a player without a trick is the least recent.
            2 => *tied.iter().min_by_key(|&&s| last_won[s]).expect("two tied seats"),
            _ => dealer,
        };
        vp[winner] = if low == 0 { 4 } else { 2 };
        vp
    }

    /// Returns per seat from victory points: the scorer's own, others 0 or −½ of it under `zero_sum`.
    fn returns_from(&self, vp: [i32; PLAYERS]) -> [f64; MAX_PLAYERS] {
        per_seat(PLAYERS, |s| {
            let others: i32 = (0..PLAYERS).filter(|&o| o != s).map(|o| vp[o]).sum();
            vp[s] as f64 - if self.zero_sum { others as f64 / 2.0 } else { 0.0 }
        })
    }

    /// Victory points of the finished deal per seat (before `zero_sum`).
    pub fn deal_vp(&self, core: &TrickCore, extra: &SchafkopfExtra) -> [i32; PLAYERS] {
        let pts = |s: usize| self.t.points_of(core.won[s]);
        match extra.declarer {
            Some(d) => {
                let trick_points = pts(d);
                let buried = if self.buried_count {
                    self.t.points_of(core.talon)
                } else {
                    0
                };
                let defenders: i32 = (0..PLAYERS).filter(|&s| s != d).map(pts).sum();
                let tricks = core.won[d].len() / PLAYERS;
                let mut vp = [0; PLAYERS];
                vp[d] = self.declarer_vp(trick_points + buried, trick_points, tricks, defenders);
                vp
            }
            None => {
                let mut points = [pts(0), pts(1), pts(2)];
                let widow_owner = match self.widow_to {
                    WidowTo::LastTrick => core.last_trick.map(|(_, _, w)| w),
                    WidowTo::FirstTrick => extra.first_trick_winner,
                    WidowTo::Nobody => None,
                };
                if let Some(w) = widow_owner {
                    points[w] += self.t.points_of(core.talon);
                }
                self.least_vp(points, extra.last_won, core.dealer)
            }
        }
    }
}

impl TrickRules for SchafkopfRules {
    type Extra = SchafkopfExtra;
    type Match = ();
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        let session = Session::read(p, PLAYERS, Some("deals"))?;
        let deals = session.length;
        if deals % 3 != 0 {
            return Err(LudoError::param(
                "deals",
                format!("{deals} is not a multiple of 3: every player must deal equally often"),
            ));
        }
        let deck = Deck::french32();
        Ok(SchafkopfRules {
            t: QueenJackTrumps::new(&deck),
            deal: PacketDeal::new(
                PLAYERS,
                &[
                    Packet::Each(3),
                    Packet::Talon(2),
                    Packet::Each(4),
                    Packet::Each(3),
                ],
            ),
            deck,
            session,
            buried_count: p.str("buried_counts_for") == "declarer",
            schwarz_by_points: p.str("schwarz_by") == "points",
            zero_sum: p.bool("zero_sum"),
            widow_to: match p.str("leaster_widow_to") {
                "first_trick" => WidowTo::FirstTrick,
                "nobody" => WidowTo::Nobody,
                _ => WidowTo::LastTrick,
            },
            leaster_requires_trick: p.bool("leaster_requires_trick"),
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
        // 3 each from the eldest, 2 to the widow, 4 each, 3 each.
        self.deal.slot(dealer, k)
    }
    fn auction_first(&self) -> bool {
        true
    }
    crate::trick::queen_jack::play_hooks!();

    fn num_extra_actions(&self) -> usize {
        BURY as usize + self.deck.len()
    }
    fn extra_actions_in_play(&self) -> bool {
        // The auction and the widow exchange are over before the first card is led.
        false
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        match extra.stage {
            Stage::Picking => out.extend([PASS, PICK]),
            Stage::Burying => widow::discard_offsets(core, core.to_move, BURY, out),
            Stage::Play => {}
        }
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut { core, extra, .. } = s;
        let seat = core.to_move;
        let eldest = core.next_seat(core.dealer);
        match offset {
            PASS => {
                if extra.auction.pass(core) == Passed::AllPassed {
                    extra.stage = Stage::Play;
                    core.start_play(eldest);
                }
            }
            PICK => {
                extra.declarer = Some(seat);
                widow::take_widow(core, seat);
                extra.stage = Stage::Burying;
            }
            _ => {
                // The buried cards lie in the talon: hidden from the defenders, scored for the declarer.
                widow::discard(core, seat, Card((offset - BURY) as u8));
                extra.buried += 1;
                if extra.buried == 2 {
                    extra.stage = Stage::Play;
                    core.start_play(eldest);
                }
            }
        }
        Effect::Continue
    }
    fn extra_name(&self, offset: u32) -> String {
        match offset {
            PASS => "pass".to_string(),
            PICK => "pick".to_string(),
            o => format!("bury {}", self.deck.name_of(Card((o - BURY) as u8))),
        }
    }
    fn extra_visible(&self, offset: u32, actor: usize, viewer: usize) -> bool {
        // Which cards go face down is the buryer's secret.
        offset < BURY || actor == viewer
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        match text {
            "pass" => Some(PASS),
            "pick" | "pick up" | "take" => Some(PICK),
            _ => {
                let card = text
                    .strip_prefix("bury ")
                    .or_else(|| text.strip_prefix("discard "))?;
                self.deck.parse(card).ok().map(|c| BURY + c.0 as u32)
            }
        }
    }
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        let TrickMut { core, extra, .. } = s;
        let winner = core.leader;
        extra.first_trick_winner.get_or_insert(winner);
        extra.last_won[winner] = core.tricks_played as i8 - 1;
        Effect::Continue
    }

    fn extra_observation_len(&self) -> usize {
        // passed[3], declarer[3], least, burying, own buried cards[32] (declarer only).
        2 * PLAYERS + 2 + self.deck.len()
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView { core, extra, .. } = v;
        let rel = |s: usize| (s + PLAYERS - viewer) % PLAYERS;
        let eldest = core.next_seat(core.dealer);
        for s in extra.auction.passed(core, eldest) {
            out[rel(s)] = 1.0;
        }
        if let Some(d) = extra.declarer {
            out[PLAYERS + rel(d)] = 1.0;
            if d == viewer && extra.stage == Stage::Play {
                for c in core.talon {
                    out[2 * PLAYERS + 2 + c.idx()] = 1.0;
                }
            }
        }
        out[2 * PLAYERS] = extra.is_least() as u8 as f32;
        out[2 * PLAYERS + 1] = (extra.stage == Stage::Burying) as u8 as f32;
    }
    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView { core, extra, .. } = v;
        let mut s = match (extra.stage, extra.declarer) {
            (Stage::Picking, _) => format!("picking: {} passed\n", extra.auction.passes),
            (Stage::Burying, Some(d)) => format!("seat {d} picked the widow and buries two cards\n"),
            (_, Some(d)) => format!("declarer: seat {d}\n"),
            (_, None) => "least: everyone passed, fewest points wins\n".to_string(),
        };
        if let (Some(d), Stage::Play) = (extra.declarer, extra.stage) {
            if viewer.is_none() || viewer == Some(d) {
                s.push_str(&format!("buried: {}\n", self.deck.format_set(core.talon)));
            }
        }
        s
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { core, extra, .. } = v;
        let vp = self.deal_vp(core, extra);
        let returns = self.returns_from(vp);
        DealOutcome {
            returns,
            ledger: returns,
            redeal: false,
        }
    }
    /// One seat scores victory points in a deal (`deal_vp`): the declarer ±2, ±4 or ±6 (schwarz), or
    /// in a least game the winner 2 or 4, or the one who took every point −4. Its return is that;
    /// the others get 0, or −½ of it each under `zero_sum` (then the deal adds up to 0): [−6, 6]. A
    /// match ends in `top_scorers_win` over three seats.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        use crate::core::game::Utility;
        Some(match (self.session.is_match, self.zero_sum) {
            (true, _) => crate::trick::scoring::top_scorers_utility(PLAYERS),
            (false, true) => Utility::zero_sum(-6.0, 6.0),
            (false, false) => Utility::general(-6.0, 6.0),
        })
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView { core, .. } = v;
        ((core.deals_done as usize) >= self.session.length).then(|| top_scorers_win(&core.ledger[..PLAYERS]))
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<SchafkopfState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<SchafkopfState>>)
    }
}

#[cfg(test)]
mod tests;
