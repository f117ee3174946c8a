//! Zolīte (Latvian Zole) for three players, one rules value over the trick engine. Rules:
//! as this package implements them (see `ludoteca rules zole`).
//!
//! * Pack: 26 cards (A 10 K Q J 9 of ♣ ♠ ♥, A 10 K Q J 9 8 7 of ♦). Trumps (14, high to low): Q♣ Q♠ Q♥
//!   Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; ♣ ♠ ♥ keep A 10 K 9. Points A 11, 10 10, K 4, Q 3, J 2 (120).
//! * Deal (pagat order): 4 to F (the dealer's left), 4 to D+2, 4 to D, 2 to the talon, 4 each again.
//! * Contract: F, then D+2, then the dealer each speak once: `pass`, `take` (the talon goes into the
//!   taker's hand, who then discards two cards one at a time, `discard X`), `zole` (the talon goes
//!   unseen to the small ones' pile), or `maza zole` (with `enable_maza_zole`: win by taking no trick;
//!   the talon counts for nobody). The first non-pass makes the speaker the lielais (big one).
//! * Play: F always leads the first trick; follow the *effective* suit; no duty to trump or to head.
//! * Scoring: the lielais wins with 61+ card points (discards included; `discards_count_only_if_lielais_takes_trick`
//!   for the inbox.lv reading); 60:60 goes to the small ones, whose points are combined.
//!   `scoring=seed`: tier 3 if the winners hold all 120 (`top_tier=no_trick`: if the losers took no
//!   trick), 2 with 91+, else 1; a zole adds 4. The loser(s) pay each winner `tier(+4)`: the lielais gets
//!   ±2× that, each small one ∓1×. `scoring=classic_lv` (preset `ruleset=classic_lv`): per
//!   opponent, take +1/+2/+3 (61–90, 91+, all tricks), −2/−3/−4 (31–60, ≤30, no trick); zole +5/+6/+7,
//!   −6/−7/−8. Mazā zole: +6 / −7 per opponent; the hand ends at the lielais's first trick.
//! * Passed out: `passed_out=pool` (default): each player puts a chip into the pool and the next dealer
//!   deals (`redeal_same_dealer_after_passout`: the same one); the next hand actually played pays the
//!   pool to its winner(s): a winning lielais takes it all, winning small ones split it and an odd chip
//!   stays (`pool_split_on_small_win=stays_in_pool`: all of it stays). `redeal_only`: no chips.
//!   `galdins` is not specified and is refused.
//! * Returns: the chips won or lost. A single-deal game redeals after a pass-out until a hand is
//!   played, and its returns include the chips paid into the pool. With `scope=match`, `hands` hands
//!   (pass-outs count) with the dealer rotating, and the running chip totals as returns. Chips left
//!   in the pool at the end belong to nobody.
//! * The first dealer is seat 2 (so seat 0 is F) unless `first_dealer` says otherwise.
//!
//! Action ids: the 26 cards (dense order ♣ ♦ ♥ ♠, ascending ranks), then `pass` (26), `take` (27),
//! `zole` (28), `maza zole` (29), `discard <card>` (30 + card id).

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
use crate::trick::{Packet, PacketDeal};

/// The registered game type.
pub type Zole = TrickGame<ZoleRules>;
/// The registry's name for the game type.
pub type Type = Zole;
/// A Zole position.
pub type ZoleState = TrickState<ZoleRules>;

const PLAYERS: usize = 3;
const TRICKS: usize = 8;
/// Extra-action offsets.
const PASS: u32 = 0;
const TAKE: u32 = 1;
const ZOLE: u32 = 2;
const MAZA: u32 = 3;
const DISCARD: u32 = 4;
/// A single-deal game thrown in this many times in a row (only with adversarial chance) is a draw.
const MAX_REDEALS: usize = 50;

static PARAMS: &[ParamSpec] = &[
    ParamSpec { name: "ruleset", kind: Kind::Choice(&["seed", "classic_lv"]), default: D::Str("seed"), doc: "seed: the symmetric chip tiers above; classic_lv: the classic Latvian table (trick-based top tier)" },
    SCOPE_PARAM,
    ParamSpec { name: "hands", kind: Kind::Int { min: 1, max: 300 }, default: D::Int(12), doc: "scope=match: number of hands (deals) in the session, pass-outs included" },
    ParamSpec { name: "scoring", kind: Kind::Choice(&["seed", "classic_lv"]), default: D::Str("seed"), doc: "chip settlement: the symmetric tiers (+4 for a zole) or the classic Latvian table" },
    ParamSpec { name: "top_tier", kind: Kind::Choice(&["points_120", "no_trick"]), default: D::Str("points_120"), doc: "symmetric scoring: the top tier needs all 120 points, or the losing side taking no trick" },
    ParamSpec { name: "passed_out", kind: Kind::Choice(&["pool", "redeal_only", "galdins"]), default: D::Str("pool"), doc: "all pass: a chip each into the pool (the default) or a plain redeal; galdins (a hand played to lose) is not implemented and refused" },
    ParamSpec { name: "pool_split_on_small_win", kind: Kind::Choice(&["split_carry_remainder", "stays_in_pool"]), default: D::Str("split_carry_remainder"), doc: "winning small ones split the pool (an odd chip stays) or leave it all in the pool" },
    ParamSpec { name: "enable_maza_zole", kind: Kind::Bool, default: D::Bool(false), doc: "offer mazā zole: the lielais must take no trick (+6 / -7 per opponent)" },
    ParamSpec { name: "discards_count_only_if_lielais_takes_trick", kind: Kind::Bool, default: D::Bool(false), doc: "the taker's two discards count only if they take a trick (inbox.lv)" },
    ParamSpec { name: "redeal_same_dealer_after_passout", kind: Kind::Bool, default: D::Bool(false), doc: "after a pass-out the same dealer deals again (default: the next seat)" },
    ParamSpec { name: "first_dealer", kind: Kind::Int { min: -1, max: 2 }, default: D::Int(-1), doc: "seat of the first dealer; -1 = seat 2, so seat 0 speaks and leads first" },
];

static PRESETS: &[crate::core::game::Preset] = &[
    ("seed", &[]),
    (
        "classic_lv",
        &[("scoring", "classic_lv"), ("top_tier", "no_trick")],
    ),
];

static INFO: GameInfo = GameInfo {
    short_name: "zole",
    long_name: "Zole (Zolīte)",
    params: PARAMS,
    presets: PRESETS,
    version: 1,
    rules: "Three players, 26 cards, 8 each and 2 in the talon. Trumps high to low: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ \
J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦; other suits A 10 K 9. Points A 11, 10 10, K 4, Q 3, J 2. From the dealer's left \
each may pass, take the talon (then discard two) or declare zole (the talon goes unseen to the \
opponents); the first to do so plays alone against the two small ones. The dealer's left leads; follow \
the effective suit. 61 wins; the loser(s) pay each winner 1, 2 (91+) or 3 chips (all 120), 4 more for \
a zole. All pass: a chip each into the pool for the next hand's winner. \
        Scoring follows the symmetric chip tiers above; ruleset=classic_lv plays the classic Latvian \
        table, as described at pagat.com (Zole).",
    bots: &["random", "greedy"],
    examples: &[
        "zole",
        "zole(ruleset=classic_lv)",
        "zole(scope=match,hands=6)",
        "zole(scope=match,hands=6,ruleset=classic_lv,enable_maza_zole=true,pool_split_on_small_win=stays_in_pool)",
        "zole(enable_maza_zole=true,discards_count_only_if_lielais_takes_trick=true,top_tier=no_trick)",
        "zole(passed_out=redeal_only,redeal_same_dealer_after_passout=true)",
    ],
};

/// The contract of a hand.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Contract {
    /// Still in the contract phase.
    #[default]
    Undecided,
    /// The lielais took the talon (and discards two).
    Take,
    /// The lielais plays without the talon, which goes to the small ones.
    Zole,
    /// The lielais must take no trick; the talon counts for nobody.
    MazaZole,
    /// Everybody passed.
    PassedOut,
}

/// Per-hand state of the contract phase and the settlement.
#[derive(Clone, Debug, Default)]
pub struct ZoleExtra {
    pub contract: Contract,
    /// The contract auction: seats speak once in turn from F; the first non-pass is the lielais.
    pub auction: FirstTaker,
    /// The big one.
    pub lielais: Option<usize>,
    /// Cards discarded so far after a take (they lie in the engine's talon).
    pub discarded: u8,
    /// Chips the pool pays each seat at the end of this hand (decided when the hand ends).
    pub pool_paid: [f64; PLAYERS],
}

impl ZoleExtra {
    /// Whether the lielais is discarding.
    pub fn discarding(&self) -> bool {
        self.contract == Contract::Take && self.discarded < 2
    }
}

/// What Zole keeps across the hands of a game: the chip pool of passed-out hands (public).
#[derive(Clone, Debug, Default)]
pub struct ZoleMatch {
    /// Chips in the pool, waiting for the winner(s) of the next hand played.
    pub pool: f64,
}

/// How the chips of a played hand are computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Scoring {
    Seed { top_no_trick: bool },
    ClassicLv,
}

/// Zole rules resolved from parameters.
#[derive(Clone, Debug)]
pub struct ZoleRules {
    deck: Deck,
    t: QueenJackTrumps,
    deal: PacketDeal,
    session: Session,
    scoring: Scoring,
    pool: bool,
    pool_stays_on_small_win: bool,
    maza: bool,
    discards_need_trick: bool,
    redeal_same_dealer: bool,
}

/// The facts a hand's settlement depends on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    pub contract: Contract,
    /// Card points of the lielais's pile and of the small ones' pile.
    pub lielais_points: i32,
    pub small_points: i32,
    pub lielais_tricks: usize,
    pub small_tricks: usize,
}

impl ZoleRules {
    /// The trump tables.
    pub fn trumps(&self) -> &QueenJackTrumps {
        &self.t
    }

    /// Whether the lielais won the hand.
    pub fn lielais_wins(&self, h: &HandResult) -> bool {
        match h.contract {
            Contract::MazaZole => h.lielais_tricks == 0,
            _ => h.lielais_points >= 61,
        }
    }

    /// Chips the lielais receives from (positive) or pays to (negative) *each* small one.
    pub fn per_opponent(&self, h: &HandResult) -> i32 {
        let wins = self.lielais_wins(h);
        if h.contract == Contract::MazaZole {
            return if wins { 6 } else { -7 };
        }
        let zole = h.contract == Contract::Zole;
        match self.scoring {
            Scoring::Seed { top_no_trick } => {
                let (win_pts, loser_tricks) = if wins {
                    (h.lielais_points, h.small_tricks)
                } else {
                    (h.small_points, h.lielais_tricks)
                };
                let top = if top_no_trick {
                    loser_tricks == 0
                } else {
                    win_pts == 120
                };
                let tier = if top {
                    3
                } else if win_pts >= 91 {
                    2
                } else {
                    1
                };
                let amount = tier + if zole { 4 } else { 0 };
                if wins {
                    amount
                } else {
                    -amount
                }
            }
            Scoring::ClassicLv => {
                let base = if wins {
                    if h.small_tricks == 0 {
                        3
                    } else if h.lielais_points >= 91 {
                        2
                    } else {
                        1
                    }
                } else if h.lielais_tricks == 0 {
                    -4
                } else if h.lielais_points <= 30 {
                    -3
                } else {
                    -2
                };
                base + if !zole {
                    0
                } else if wins {
                    4
                } else {
                    -4
                }
            }
        }
    }

    /// The facts of a finished hand.
    pub fn hand_result(&self, core: &TrickCore, extra: &ZoleExtra) -> Option<HandResult> {
        let l = extra.lielais?;
        let small = |s: usize| s != l;
        let tricks = |s: usize| core.won[s].len() / PLAYERS;
        let lielais_tricks = tricks(l);
        let small_tricks: usize = (0..PLAYERS).filter(|&s| small(s)).map(tricks).sum();
        let mut lielais_points = self.t.points_of(core.won[l]);
        let mut small_points: i32 = (0..PLAYERS)
            .filter(|&s| small(s))
            .map(|s| self.t.points_of(core.won[s]))
            .sum();
        let talon = self.t.points_of(core.talon);
        // With `discards_need_trick` the discards of a lielais without a trick count for nobody. That
        // never changes a settlement (his pile is then at most 21 < 61, and a loss is tiered by the small
        // ones' points or tricks), so it only shows in `HandResult`'s points; cargo-mutants' three
        // mutants of this guard are equivalent for the returns for that reason.
        match extra.contract {
            Contract::Take if !self.discards_need_trick || lielais_tricks > 0 => lielais_points += talon,
            Contract::Zole => small_points += talon,
            _ => {}
        }
        Some(HandResult {
            contract: extra.contract,
            lielais_points,
            small_points,
            lielais_tricks,
            small_tricks,
        })
    }

    /// Chip changes of a played hand per seat, pool excluded.
    fn hand_chips(&self, core: &TrickCore, extra: &ZoleExtra) -> [f64; MAX_PLAYERS] {
        match (self.hand_result(core, extra), extra.lielais) {
            (Some(h), Some(l)) => {
                let a = self.per_opponent(&h) as f64;
                per_seat(PLAYERS, |s| if s == l { 2.0 * a } else { -a })
            }
            _ => [0.0; MAX_PLAYERS],
        }
    }

    /// Whether the hand is over (all tricks played, or a mazā zole lost at the lielais's first trick).
    fn hand_over(&self, core: &TrickCore, extra: &ZoleExtra) -> bool {
        core.tricks_played == TRICKS
            || (extra.contract == Contract::MazaZole
                && extra.lielais.is_some_and(|l| !core.won[l].is_empty()))
    }

    /// Pays the pool out to the winner(s) of a hand that was played.
    fn settle_pool(&self, core: &TrickCore, extra: &mut ZoleExtra, m: &mut ZoleMatch) {
        let (Some(h), Some(l)) = (self.hand_result(core, extra), extra.lielais) else {
            return;
        };
        let pool = m.pool;
        if self.lielais_wins(&h) {
            extra.pool_paid[l] = pool;
            m.pool = 0.0;
        } else if !self.pool_stays_on_small_win {
            let half = (pool / 2.0).floor();
            for s in (0..PLAYERS).filter(|&s| s != l) {
                extra.pool_paid[s] = half;
            }
            m.pool = pool - 2.0 * half;
        }
    }
}

impl TrickRules for ZoleRules {
    type Extra = ZoleExtra;
    type Match = ZoleMatch;
    const INFO: &'static GameInfo = &INFO;

    fn from_params(p: &Params) -> Result<Self> {
        if p.str("passed_out") == "galdins" {
            return Err(LudoError::param("passed_out", "galdiņš is not specified by the rules (who loses, ties, the talon are open); use pool or redeal_only"));
        }
        let deck = Deck::zole26();
        let session = Session::read(p, PLAYERS, Some("hands"))?;
        Ok(ZoleRules {
            t: QueenJackTrumps::new(&deck),
            deal: PacketDeal::new(PLAYERS, &[Packet::Each(4), Packet::Talon(2), Packet::Each(4)]),
            deck,
            session,
            scoring: match p.str("scoring") {
                "classic_lv" => Scoring::ClassicLv,
                _ => Scoring::Seed {
                    top_no_trick: p.str("top_tier") == "no_trick",
                },
            },
            pool: p.str("passed_out") == "pool",
            pool_stays_on_small_win: p.str("pool_split_on_small_win") == "stays_in_pool",
            maza: p.bool("enable_maza_zole"),
            discards_need_trick: p.bool("discards_count_only_if_lielais_takes_trick"),
            redeal_same_dealer: p.bool("redeal_same_dealer_after_passout"),
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
        // Packets of 4 to F, D+2, D; 2 to the talon; 4 each again.
        self.deal.slot(dealer, k)
    }
    fn auction_first(&self) -> bool {
        true
    }
    crate::trick::queen_jack::play_hooks!();

    fn num_extra_actions(&self) -> usize {
        DISCARD as usize + self.deck.len()
    }
    fn extra_actions_in_play(&self) -> bool {
        // The auction and the widow exchange are over before the first card is led.
        false
    }
    fn extra_legal(&self, v: TrickView<'_, Self>, out: &mut Vec<u32>) {
        let TrickView { core, extra, .. } = v;
        match extra.contract {
            Contract::Undecided => {
                out.extend([PASS, TAKE, ZOLE]);
                if self.maza {
                    out.push(MAZA);
                }
            }
            Contract::Take if extra.discarded < 2 => widow::discard_offsets(core, core.to_move, DISCARD, out),
            _ => {}
        }
    }
    fn apply_extra(&self, s: TrickMut<'_, Self>, offset: u32) -> Effect {
        let TrickMut {
            core,
            extra,
            match_state,
        } = s;
        let seat = core.to_move;
        let f = core.next_seat(core.dealer);
        match offset {
            PASS => {
                if extra.auction.pass(core) == Passed::AllPassed {
                    // Each player puts a chip into the pool now: a thrown-in deal adds nothing to the
                    // ledger through `score_deal`.
                    extra.contract = Contract::PassedOut;
                    if self.pool {
                        for s in 0..PLAYERS {
                            core.ledger[s] -= 1.0;
                        }
                        match_state.pool += PLAYERS as f64;
                    }
                    return Effect::EndDeal;
                }
            }
            TAKE => {
                extra.contract = Contract::Take;
                extra.lielais = Some(seat);
                widow::take_widow(core, seat);
            }
            ZOLE | MAZA => {
                // The talon stays face down: it is the small ones' (zole) or nobody's (mazā zole).
                extra.contract = if offset == ZOLE {
                    Contract::Zole
                } else {
                    Contract::MazaZole
                };
                extra.lielais = Some(seat);
                core.start_play(f);
            }
            _ => {
                // Discards lie face down in the talon, known to the lielais only.
                widow::discard(core, seat, Card((offset - DISCARD) as u8));
                extra.discarded += 1;
                if extra.discarded == 2 {
                    core.start_play(f);
                }
            }
        }
        Effect::Continue
    }
    fn extra_name(&self, offset: u32) -> String {
        match offset {
            PASS => "pass".to_string(),
            TAKE => "take".to_string(),
            ZOLE => "zole".to_string(),
            MAZA => "maza zole".to_string(),
            o => format!("discard {}", self.deck.name_of(Card((o - DISCARD) as u8))),
        }
    }
    fn extra_visible(&self, offset: u32, actor: usize, viewer: usize) -> bool {
        // Which cards go face down is the discarder's secret.
        offset < DISCARD || actor == viewer
    }
    fn parse_extra(&self, text: &str) -> Option<u32> {
        match text {
            "pass" | "garām" | "garam" => Some(PASS),
            "take" | "pick" | "pick up" | "pacelt" => Some(TAKE),
            "zole" => Some(ZOLE),
            "maza zole" | "mazā zole" | "maza_zole" | "mazazole" => Some(MAZA),
            _ => {
                let card = text
                    .strip_prefix("discard ")
                    .or_else(|| text.strip_prefix("bury "))?;
                self.deck.parse(card).ok().map(|c| DISCARD + c.0 as u32)
            }
        }
    }
    fn after_trick(&self, s: TrickMut<'_, Self>) -> Effect {
        let TrickMut {
            core,
            extra,
            match_state,
        } = s;
        if !self.hand_over(core, extra) {
            return Effect::Continue;
        }
        self.settle_pool(core, extra, match_state);
        Effect::EndDeal
    }

    fn extra_observation_len(&self) -> usize {
        // contract one-hot [take, zole, maza, passed out], passed[3], lielais[3], discarding,
        // pool (chips), own discards[26] (lielais only).
        4 + 2 * PLAYERS + 2 + self.deck.len()
    }
    fn extra_observation_bounds(&self, _low: &mut [f32], high: &mut [f32]) {
        // The pool holds any number of chips.
        high[5 + 2 * PLAYERS] = f32::INFINITY;
    }
    fn write_extra_observation(&self, v: TrickView<'_, Self>, viewer: usize, out: &mut [f32]) {
        let TrickView { core, extra, .. } = v;
        let rel = |s: usize| (s + PLAYERS - viewer) % PLAYERS;
        match extra.contract {
            Contract::Take => out[0] = 1.0,
            Contract::Zole => out[1] = 1.0,
            Contract::MazaZole => out[2] = 1.0,
            Contract::PassedOut => out[3] = 1.0,
            Contract::Undecided => {}
        }
        let f = core.next_seat(core.dealer);
        for s in extra.auction.passed(core, f) {
            out[4 + rel(s)] = 1.0;
        }
        if let Some(l) = extra.lielais {
            out[4 + PLAYERS + rel(l)] = 1.0;
            if l == viewer && extra.contract == Contract::Take {
                for c in core.talon {
                    out[6 + 2 * PLAYERS + c.idx()] = 1.0;
                }
            }
        }
        out[4 + 2 * PLAYERS] = extra.discarding() as u8 as f32;
        out[5 + 2 * PLAYERS] = v.match_state.pool as f32;
    }
    fn describe_extra(&self, v: TrickView<'_, Self>, viewer: Option<usize>) -> String {
        let TrickView { core, extra, .. } = v;
        let mut s = match (extra.contract, extra.lielais) {
            (Contract::Undecided, _) => format!("contract phase: {} passed\n", extra.auction.passes),
            (Contract::PassedOut, _) => "passed out\n".to_string(),
            (c, Some(l)) => format!(
                "lielais: seat {l} ({})\n",
                ["take", "zole", "mazā zole"][c as usize - 1]
            ),
            (_, None) => String::new(),
        };
        if extra.contract == Contract::Take
            && extra.discarded == 2
            && (viewer.is_none() || viewer == extra.lielais)
        {
            s.push_str(&format!("discards: {}\n", self.deck.format_set(core.talon)));
        }
        if v.match_state.pool != 0.0 {
            s.push_str(&format!("pool: {} chips\n", v.match_state.pool));
        }
        s
    }

    fn score_deal(&self, v: TrickView<'_, Self>) -> DealOutcome {
        let TrickView { core, extra, .. } = v;
        if extra.contract == Contract::PassedOut {
            // A single-deal game redeals until a hand is played; in a match the passed-out hand counts
            // as one of its `hands` (its chips went into the pool in `apply_extra`).
            return DealOutcome {
                redeal: !self.session.is_match,
                ..DealOutcome::default()
            };
        }
        let hand = self.hand_chips(core, extra);
        let chips = per_seat(PLAYERS, |s| hand[s] + extra.pool_paid[s]);
        // Returns of a single-deal game: the chips of the whole game, pass-outs before it included.
        let returns = per_seat(PLAYERS, |s| core.ledger[s] + chips[s]);
        DealOutcome {
            returns,
            ledger: chips,
            redeal: false,
        }
    }
    /// A played hand (`hand_chips`) moves a = `per_opponent` chips from each loser to each winner: the
    /// lielais ±2a, each small one ∓a, with a in [−7, 7] (`scoring=seed`: tier 1–3 plus 4 for a
    /// zole; mazā zole +6 / −7) or [−8, 7] (`classic_lv`: −4 − 4 for a lost zole with no trick).
    /// A pass-out costs each seat a chip into the pool (`passed_out=pool`); a later winner takes
    /// back at most all 3 chips per pass-out. A single-deal game redeals up to `MAX_REDEALS` − 1
    /// times before its hand is played (at the cap it is a draw), so with p pass-outs a seat ends
    /// in [2·a_min − p, 2·a_max + 2p]. A match of `hands` hands (pass-outs among them) ends in
    /// [2·a_min·hands, 2·a_max·hands]: a pass-out costs a seat at most 1 ≤ |2·a_min| and earns it
    /// at most 2 ≤ 2·a_max. Chips left in the pool belong to nobody: general-sum with a pool,
    /// zero-sum without (2a − a − a = 0).
    fn utility(&self) -> Option<crate::core::game::Utility> {
        use crate::core::game::Utility;
        let kind = |min: f64, max: f64| {
            if self.pool {
                Utility::general(min, max)
            } else {
                Utility::zero_sum(min, max)
            }
        };
        let a_min = match self.scoring {
            Scoring::Seed { .. } => -7.0,
            Scoring::ClassicLv => -8.0,
        };
        let a_max = 7.0;
        if self.session.is_match {
            let h = self.session.length as f64;
            return Some(kind(2.0 * a_min * h, 2.0 * a_max * h));
        }
        let p = if self.pool { (MAX_REDEALS - 1) as f64 } else { 0.0 };
        Some(kind(2.0 * a_min - p, 2.0 * a_max + 2.0 * p))
    }
    fn match_result(&self, v: TrickView<'_, Self>) -> Option<[f64; MAX_PLAYERS]> {
        let TrickView { core, .. } = v;
        ((core.deals_done as usize) >= self.session.length).then(|| per_seat(PLAYERS, |s| core.ledger[s]))
    }
    fn max_deals(&self) -> usize {
        if self.session.is_match {
            self.session.length
        } else {
            MAX_REDEALS
        }
    }
    fn next_dealer(&self, v: TrickView<'_, Self>) -> usize {
        let TrickView { core, .. } = v;
        // Only a passed-out hand ends without a trick.
        if self.redeal_same_dealer && core.tricks_played == 0 {
            core.dealer
        } else {
            core.next_seat(core.dealer)
        }
    }

    fn new_bot(&self, name: &str) -> Option<Box<dyn Bot<ZoleState>>> {
        (name == "greedy").then(|| Box::new(bot::Greedy) as Box<dyn Bot<ZoleState>>)
    }
}

#[cfg(test)]
mod tests;
