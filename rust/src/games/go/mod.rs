//! Go (registered as `go`) and Rengo, team Go for four players (registered as `rengo`).
//!
//! Rules: as this package implements them (see `ludoteca rules go`). Rengo is a separate registered
//! game rather than `go(teams=2)`: it has four seats, its own action ids (every stone carries the
//! identity of the player who placed it, so out-of-sequence plays are actions), claims, and per-seat
//! returns, none of which mean anything in two-player Go; both share the board and the rules machine
//! ([`engine`]).
//!
//! # Go as implemented
//! * Boards 2×2 to 25×25 (`board_size`, default 19). Seat 0 is Black, seat 1 White. Black moves
//!   first, or White after fixed handicap stones.
//! * A placement removes the opponent's chains left without liberties, then its own chain if that has
//!   none: illegal unless `suicide_allowed`, and then the own chain is removed (its stones become the
//!   opponent's prisoners). A single-stone suicide leaves the board as it was with the other side to
//!   move, so positional superko always forbids it, and situational superko unless that situation is
//!   new (the own chain is removed; the ko rule alone decides). Captures go to the
//!   prisoners.
//! * `ko_rule`: `simple` forbids retaking a single stone at once (the ko point); a repeated whole-board
//!   situation (same stones, same player to move) then ends the game as `long_cycle` says
//!   (`no_result` or `draw`, both 0 for both sides). `positional_superko` forbids any placement that
//!   recreates an earlier board; `situational_superko` one that recreates an earlier board with the
//!   same player to move. Passes never break ko. Superko is checked with Zobrist hashes of the board
//!   after captures, computed before the move is made.
//! * Two consecutive passes end play (with `pass_stones`, AGA: each pass gives the opponent a prisoner
//!   and the game ends only on White's pass). With `dead_stone_mode=tromp_taylor` the game is counted at
//!   once with every stone alive; with `agreement` a marking phase follows: the proposal starts as the
//!   automatic marking ([`score`] module docs), a player may toggle a chain (`mark D4`), `accept`, or
//!   `resume` play (the opponent of the last passer moves, earlier passes no longer count). The game
//!   ends when both sides accept the same proposal; dead stones become the opponent's prisoners.
//! * Scoring: `area` = stones + empty regions reaching only one colour; `territory` = such regions +
//!   prisoners, and with `seki_territory=false` no territory next to chains in seki. White adds `komi`
//!   and, under area scoring, the handicap compensation (`h` Chinese, `h_minus_1` AGA).
//! * Handicap 2..9 on the star points (boards from 7×7; 4th line from 13×13, 3rd line
//!   below; odd sizes up to 9 stones, even sizes 4), or `handicap_placement=free`: Black places the
//!   stones one action at a time. White moves next.
//! * Resignation is not an action (a random policy would resign at random): call
//!   [`GoState::resign`] at any time, for either side. It is recorded in the SGF result and in
//!   serialised states (the `ending` line), not in the action history.
//! * `max_moves` (0 = 4·N², OpenSpiel's bound): after that many actions the game is stopped and
//!   counted with the automatic marking.
//!
//! # Actions (N = board_size)
//! `0..N²` points row-major from A1 (row 0 is the bottom row, GTP `A1`), `N²` pass, `N²+1+p` "mark p",
//! `2N²+1` accept, `2N²+2` resume. Names are GTP vertices (`D4`), `pass`, `mark D4`, `accept`,
//! `resume`; parsing is case-insensitive.
//!
//! # Observation
//! `[5, N, N]` planes for the observing player: own stones, opponent stones, empty points, the simple-ko
//! point, and a constant plane that is 1 when Black is to move.
//!
//! # Results, bots, records
//! Returns are +1/−1 (0 for jigo, no result or a draw); `scores()` are both sides' totals
//! ([`GoState::final_score`] has the parts). Bots: `random` and `random_no_eye` ([`bots`]). SGF import
//! and export: [`sgf`]. Diagrams (`X`, `O`, `.`) set up positions: [`GoState::from_diagram`].
pub mod board;
pub mod bots;
pub mod coord;
pub mod engine;
pub mod playout;
pub mod rengo;
pub mod rules;
pub mod score;
pub mod sgf;

use self::board::{BLACK, WHITE};
use self::bots::PlayoutBot;
use self::engine::{ci, GoCore, Move, Phase};
use self::rules::{Rules, GO_PARAMS, GO_PRESETS};
use self::score::Score;
use crate::core::game::{unknown_bot, Action, Bot, Game, GameInfo, Player, State};
use crate::core::params::Params;
use crate::error::{LudoError, Result};
use crate::registry::Registered;
use std::fmt;
use std::sync::Arc;

/// The registered game type (`go`).
pub type Type = GoGame;

/// Go with resolved parameters.
#[derive(Clone, Debug)]
pub struct GoGame {
    params: Params,
    rules: Rules,
    /// The initial position, built once: cloning it copies the board straight into a new box, which
    /// is cheaper than building a board (playouts create one state per game).
    initial: Arc<GoCore>,
}

/// A Go position with its history.
#[derive(Clone, Debug)]
pub struct GoState {
    core: GoCore,
    history: Vec<Action>,
    names: Option<Box<[String; 2]>>,
    /// The set-up position when the game did not start on an empty board (see [`setup_text`]).
    setup: Option<Arc<str>>,
}

const RULES_TEXT: &str = "Go on an N x N board (2..25). Place a stone on an empty point or pass; opponent chains without \
liberties are captured, then a chain of your own without liberties is suicide (illegal unless suicide_allowed). \
Ko: simple (no immediate single-stone recapture; long cycles end the game) or positional/situational superko. \
Two consecutive passes end play; then dead stones are marked by agreement (or, with dead_stone_mode=tromp_taylor, \
every stone is alive). Area scoring counts stones plus surrounded points, territory scoring surrounded points plus \
prisoners; White adds komi. Rulesets: japanese (default), chinese, aga, nz, tromp_taylor. \
The rulesets follow the Japanese Rules of Go (1989), the Chinese rules, the AGA Concise Rules of Go, the New Zealand rules and the Tromp-Taylor rules (all at senseis.xmp.net).";

impl Registered for GoGame {
    const INFO: &'static GameInfo = &GameInfo {
        short_name: "go",
        long_name: "Go",
        params: GO_PARAMS,
        presets: GO_PRESETS,
        // 2: the automatic marking runs at most 16 playouts (was 64; results change, see score.rs).
        // 3: boards of side 15 and more run up to 32 marking playouts, settled on a lead of 4.
        version: 3,
        rules: RULES_TEXT,
        bots: &["random", "random_no_eye"],
        examples: &[
            "go(board_size=9)",
            "go(board_size=9,ruleset=tromp_taylor)",
            "go(board_size=7,ruleset=chinese,handicap=2)",
            "go(board_size=5,ruleset=aga,handicap=2,handicap_placement=free)",
            "go(board_size=5,ruleset=nz)",
            "go(board_size=6,ko_rule=situational_superko,scoring=area,seki_territory=true)",
        ],
    };
    fn from_params(params: Params) -> Result<Self> {
        let rules = Rules::from_params(&params)?;
        Ok(GoGame {
            params,
            rules,
            initial: Arc::new(GoCore::new(rules)),
        })
    }
}

impl GoGame {
    /// The resolved rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

impl Game for GoGame {
    /// +1 for a win, −1 for a loss, 0 for a draw.
    fn utility(&self) -> Option<crate::core::game::Utility> {
        Some(crate::core::game::Utility::zero_sum(-1.0, 1.0))
    }
    fn new_state_from_setup(&self, text: &str) -> Result<GoState> {
        let (position, names) = split_setup(text)?;
        let mut state = self.new_initial_state();
        if let Some(position) = position {
            let (stones, to_move) = parse_setup(position, self.rules.size)?;
            setup_core(&mut state.core, &stones, to_move)?;
            state.setup = Some(position.into());
        }
        state.names = names.map(Box::new);
        Ok(state)
    }
    type State = GoState;
    fn info(&self) -> &'static GameInfo {
        Self::INFO
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_distinct_actions(&self) -> usize {
        let n2 = self.rules.size * self.rules.size;
        2 * n2 + 3
    }
    fn max_chance_outcomes(&self) -> usize {
        0
    }
    fn max_game_length(&self) -> usize {
        self.rules.max_moves
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![5, self.rules.size, self.rules.size]
    }
    fn new_initial_state(&self) -> GoState {
        GoState {
            core: (*self.initial).clone(),
            history: Vec::with_capacity(256),
            names: None,
            setup: None,
        }
    }
    fn restart(&self, state: &mut GoState) {
        // In place: the state's board and buffers are reused (see `GoCore::restart_from`).
        state.core.restart_from(&self.initial);
        state.history.clear();
        state.names = None;
        state.setup = None;
    }
    fn new_bot(&self, name: &str) -> Result<Box<dyn Bot<GoState>>> {
        match name {
            "random" => Ok(Box::new(PlayoutBot { no_eye: false })),
            "random_no_eye" => Ok(Box::new(PlayoutBot { no_eye: true })),
            _ => Err(unknown_bot(name, Self::INFO)),
        }
    }
}

/// Action-id layout of the marking phase after `base` (shared with Rengo).
pub(crate) fn marking_action(mv: Move, base: usize, n2: usize) -> Option<Action> {
    match mv {
        Move::Mark(pt) => Some((base + pt) as Action),
        Move::Accept => Some((base + n2) as Action),
        Move::Resume => Some((base + n2 + 1) as Action),
        _ => None,
    }
}

/// Inverse of [`marking_action`] for ids `>= base`.
pub(crate) fn marking_move(a: usize, base: usize, n2: usize) -> Option<Move> {
    match a.checked_sub(base)? {
        k if k < n2 => Some(Move::Mark(k)),
        k if k == n2 => Some(Move::Accept),
        k if k == n2 + 1 => Some(Move::Resume),
        _ => None,
    }
}

/// The name of a placement / pass / marking move.
pub(crate) fn move_name(mv: Move, n: usize) -> String {
    match mv {
        Move::Place(pt) => coord::gtp_name(pt, n),
        Move::Pass => "pass".into(),
        Move::Mark(pt) => format!("mark {}", coord::gtp_name(pt, n)),
        Move::Accept => "accept".into(),
        Move::Resume => "resume".into(),
    }
}

/// Parses `D4`, `pass`, `mark D4`, `accept`, `resume` (case-insensitive).
pub(crate) fn parse_move(text: &str, n: usize) -> Result<Move> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "pass" => Ok(Move::Pass),
        "accept" => Ok(Move::Accept),
        "resume" => Ok(Move::Resume),
        _ => {
            if let Some(rest) = t.strip_prefix("mark ") {
                return Ok(Move::Mark(coord::parse_gtp(rest, n)?));
            }
            coord::parse_gtp(&t, n).map(Move::Place).map_err(|_| {
                LudoError::parse(
                    "Go action",
                    text,
                    format!(
                        "expected a vertex such as D4 (A1..{}), pass, mark D4, accept or resume",
                        coord::gtp_name(n * n - 1, n)
                    ),
                )
            })
        }
    }
}

/// The stones of an ASCII diagram on an `n`-sided board as (point, colour): `X`/`B` black, `O`/`W`
/// white, `.`/`+` empty, rows from the top, with optional row numbers and a column-letter header as
/// [`fmt::Display`] writes them (trailing status text is ignored).
pub fn diagram_stones(diagram: &str, n: usize) -> Result<Vec<(usize, u8)>> {
    let bad = |reason: String| LudoError::parse("Go diagram", diagram, reason);
    let mut rows: Vec<Vec<u8>> = Vec::new();
    for line in diagram.lines() {
        let t = line.trim().trim_matches(|c: char| c.is_ascii_digit()).trim();
        if t.is_empty() || t.starts_with("A ") || t == "A" {
            continue;
        }
        let cells: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
        if !cells.iter().all(|c| ".+*XOBWxobw".contains(*c)) {
            if rows.len() == n {
                break;
            }
            return Err(bad(format!("unexpected characters in row {:?}", line.trim())));
        }
        rows.push(
            cells
                .iter()
                .map(|c| match c {
                    'X' | 'B' | 'x' | 'b' => BLACK,
                    'O' | 'W' | 'o' | 'w' => WHITE,
                    _ => board::EMPTY,
                })
                .collect(),
        );
    }
    if rows.len() != n || rows.iter().any(|r| r.len() != n) {
        return Err(bad(format!("expected {n} rows of {n} points")));
    }
    let mut stones = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (col, &c) in row.iter().enumerate() {
            if c != board::EMPTY {
                stones.push(((n - 1 - i) * n + col, c));
            }
        }
    }
    Ok(stones)
}

/// The one-line setup text of a set-up position: `"<to_move 0|1>:<row>/<row>/..."`, rows top first,
/// `.` empty, `X` Black, `O` White ([`parse_setup`] reads it back through [`diagram_stones`]).
pub(crate) fn setup_text(n: usize, stones: &[(usize, u8)], to_move: usize) -> String {
    let mut rows = vec![vec!['.'; n]; n];
    for &(pt, c) in stones {
        rows[n - 1 - pt / n][pt % n] = if c == BLACK { 'X' } else { 'O' };
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    format!("{to_move}:{}", rows.join("/"))
}

/// Reads [`setup_text`]: the stones and the side to move.
pub(crate) fn parse_setup(text: &str, n: usize) -> Result<(Vec<(usize, u8)>, usize)> {
    let bad = |why: &str| LudoError::parse("Go setup", text, why.to_string());
    let (to_move, rows) = text
        .split_once(':')
        .ok_or_else(|| bad("expected <to_move>:<rows separated by '/'>"))?;
    let to_move = match to_move.trim() {
        "0" => 0,
        "1" => 1,
        _ => return Err(bad("the side to move is 0 (Black) or 1 (White)")),
    };
    Ok((diagram_stones(&rows.replace('/', "\n"), n)?, to_move))
}

/// The setup text of a Go or Rengo state, or `None` for a standard start without names: the position
/// ([`setup_text`], empty for the game's own start) then `;black=<name>;white=<name>` when names are
/// set (players in Go, teams in Rengo), percent-encoded so a name may hold any character.
pub(crate) fn compose_setup(position: Option<&str>, names: Option<&[String; 2]>) -> Option<String> {
    if position.is_none() && names.is_none() {
        return None;
    }
    let mut text = position.unwrap_or("").to_string();
    if let Some([b, w]) = names {
        text.push_str(&format!(";black={};white={}", encode_name(b), encode_name(w)));
    }
    Some(text)
}

/// Splits a [`compose_setup`] text into its position (if any) and its names (if any).
pub(crate) fn split_setup(text: &str) -> Result<(Option<&str>, Option<[String; 2]>)> {
    let mut fields = text.split(';');
    let position = fields.next().filter(|p| !p.trim().is_empty());
    let (mut black, mut white) = (None, None);
    for f in fields {
        match f.split_once('=') {
            Some(("black", v)) => black = Some(decode_name(v, text)?),
            Some(("white", v)) => white = Some(decode_name(v, text)?),
            _ => {
                return Err(LudoError::parse(
                    "Go setup",
                    text,
                    format!("unknown field {f:?} (expected black=<name> or white=<name>)"),
                ))
            }
        }
    }
    match (black, white) {
        (None, None) => Ok((position, None)),
        (Some(b), Some(w)) => Ok((position, Some([b, w]))),
        _ => Err(LudoError::parse(
            "Go setup",
            text,
            "names come in pairs: black= and white=",
        )),
    }
}

fn encode_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars() {
        match ch {
            '%' | ';' | '=' | '\n' | '\r' | '\\' => out.push_str(&format!("%{:02X}", ch as u32)),
            _ => out.push(ch),
        }
    }
    out
}

fn decode_name(text: &str, whole: &str) -> Result<String> {
    let bad = || LudoError::parse("Go setup", whole, "a name's % escape must be two hex digits");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 1..i + 3).ok_or_else(bad)?;
        let code = u8::from_str_radix(hex, 16).map_err(|_| bad())?;
        out.push(code as char);
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Sets up `core` from diagram stones (no handicap game); `to_move` is 0 (Black) or 1 (White).
pub(crate) fn setup_core(core: &mut GoCore, stones: &[(usize, u8)], to_move: usize) -> Result<()> {
    if to_move > 1 {
        return Err(LudoError::param(
            "to_move",
            format!("the side to move is 0 (Black) or 1 (White), not {to_move}"),
        ));
    }
    if core.rules.handicap > 0 {
        return Err(LudoError::param(
            "handicap",
            "a diagram position cannot also have handicap stones",
        ));
    }
    core.set_position(stones, if to_move == 0 { BLACK } else { WHITE })
        .map_err(|r| LudoError::InvalidPosition { reason: r })
}

/// What the bots need from a Go-like state: the rules machine and the id of an in-rotation move.
pub trait GoLike: State {
    /// The rules machine.
    fn core(&self) -> &GoCore;
    /// The action id by which the player due to act makes `mv`.
    fn action_of(&self, mv: Move) -> Action;
    /// Replaces the position by setup stones, `to_move` (0 Black, 1 White) to play.
    fn setup(&mut self, stones: &[(usize, u8)], to_move: usize) -> Result<()>;
    /// The rules machine, to end a replayed record the way the record says it ended.
    fn core_mut(&mut self) -> &mut GoCore;
}

/// Writes the five Go planes for the colour `own` into `out`.
pub(crate) fn write_planes(core: &GoCore, own: u8, out: &mut [f32]) {
    let n = core.rules.size;
    let n2 = n * n;
    out[..5 * n2].iter_mut().for_each(|x| *x = 0.0);
    for pt in 0..n2 {
        let p = core.board.cell(pt);
        let c = core.board.at(p);
        let plane = if c == own {
            0
        } else if c == board::EMPTY {
            2
        } else {
            1
        };
        out[plane * n2 + pt] = 1.0;
        if core.ko as usize == p && core.phase == Phase::Play {
            out[3 * n2 + pt] = 1.0;
        }
    }
    if core.to_move == BLACK {
        out[4 * n2..5 * n2].iter_mut().for_each(|x| *x = 1.0);
    }
}

impl GoState {
    /// A position from an ASCII diagram (see [`diagram_stones`]) with `to_move` (0 Black, 1 White) to
    /// play. The history starts here.
    pub fn from_diagram(game: &GoGame, diagram: &str, to_move: usize) -> Result<GoState> {
        let stones = diagram_stones(diagram, game.rules.size)?;
        let mut state = game.new_initial_state();
        setup_core(&mut state.core, &stones, to_move)?;
        state.setup = Some(setup_text(game.rules.size, &stones, to_move).into());
        Ok(state)
    }

    /// The starting position of a state made from setup stones that are known to be valid (replays).
    pub(crate) fn from_stones(game: &GoGame, stones: &[(usize, u8)], to_move: u8) -> GoState {
        let mut state = game.new_initial_state();
        let _ = state.core.set_position(stones, to_move);
        state.setup = Some(setup_text(game.rules.size, stones, if to_move == BLACK { 0 } else { 1 }).into());
        state
    }
    /// The rules machine (board, prisoners, phase).
    pub fn core(&self) -> &GoCore {
        &self.core
    }
    /// The final score (both sides' totals and their parts) once over, or the provisional count of the
    /// position with the current marking.
    pub fn final_score(&self) -> Score {
        self.core.score()
    }
    /// `seat` (0 Black, 1 White) resigns; legal at any time before the end, whoever is to move.
    pub fn resign(&mut self, seat: usize) -> Result<()> {
        self.core.resign(seat, "seat", "Go")
    }
    /// Sets the player names recorded in SGF (`PB`, `PW`).
    pub fn set_player_names(&mut self, black: &str, white: &str) {
        self.names = Some(Box::new([black.to_string(), white.to_string()]));
    }
    /// The player names, if set.
    pub fn player_names(&self) -> Option<&[String; 2]> {
        self.names.as_deref()
    }
    /// The SGF result (`B+3.5`, `W+R`, ...) once the game is over.
    pub fn result(&self) -> Option<String> {
        self.core.result_string()
    }

    fn n2(&self) -> usize {
        self.core.rules.size * self.core.rules.size
    }

    fn decode(&self, a: Action) -> Option<Move> {
        let (a, n2) = (a as usize, self.n2());
        match a {
            _ if a < n2 => Some(Move::Place(a)),
            _ if a == n2 => Some(Move::Pass),
            _ => marking_move(a, n2 + 1, n2),
        }
    }

    fn encode(&self, mv: Move) -> Action {
        let n2 = self.n2();
        match mv {
            Move::Place(pt) => pt as Action,
            Move::Pass => n2 as Action,
            _ => marking_action(mv, n2 + 1, n2).unwrap_or(n2 as Action),
        }
    }
}

impl GoLike for GoState {
    fn core(&self) -> &GoCore {
        &self.core
    }
    fn action_of(&self, mv: Move) -> Action {
        self.encode(mv)
    }
    fn core_mut(&mut self) -> &mut GoCore {
        &mut self.core
    }
    fn setup(&mut self, stones: &[(usize, u8)], to_move: usize) -> Result<()> {
        setup_core(&mut self.core, stones, to_move)?;
        self.setup = Some(setup_text(self.core.rules.size, stones, to_move).into());
        Ok(())
    }
}

impl State for GoState {
    fn setup(&self) -> crate::core::game::Setup {
        match compose_setup(self.setup.as_deref(), self.names.as_deref()) {
            Some(t) => crate::core::game::Setup::Text(t),
            None => crate::core::game::Setup::Standard,
        }
    }
    fn ending(&self) -> Option<String> {
        self.core.ending()
    }
    fn apply_ending(&mut self, text: &str) -> Result<()> {
        self.core.apply_ending(text, "seat", "Go")
    }
    fn current_player(&self) -> Player {
        if self.core.is_over() {
            Player::Terminal
        } else {
            Player::Seat(ci(self.core.to_move))
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.core.for_each_legal(|mv| out.push(self.encode(mv)));
    }
    fn apply_action(&mut self, action: Action) -> Result<()> {
        if self.core.is_over() {
            return Err(LudoError::GameOver);
        }
        let mv = self.decode(action).ok_or_else(|| {
            LudoError::illegal(
                action,
                action.to_string(),
                format!(
                    "no such action: Go on {0}x{0} has ids 0..{1}",
                    self.core.rules.size,
                    2 * self.n2() + 3
                ),
            )
        })?;
        self.core
            .check(mv)
            .map_err(|reason| LudoError::illegal(action, self.action_to_string(action), reason))?;
        self.core.apply(mv);
        self.history.push(action);
        Ok(())
    }
    fn apply_action_unchecked(&mut self, action: Action) {
        match self.decode(action) {
            Some(mv) => {
                debug_assert!(
                    self.core.check(mv).is_ok(),
                    "illegal {mv:?}: {:?}",
                    self.core.check(mv)
                );
                self.core.apply(mv);
                self.history.push(action);
            }
            None => debug_assert!(false, "no such action {action}"),
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
    }
    fn returns(&self, out: &mut [f64]) {
        out[..2].copy_from_slice(&self.core.utilities());
    }
    fn scores(&self, out: &mut [f64]) {
        let s = self.core.score();
        out[0] = s.black;
        out[1] = s.white;
    }
    fn action_to_string(&self, action: Action) -> String {
        match self.decode(action) {
            Some(mv) => move_name(mv, self.core.rules.size),
            None => format!("invalid action {action}"),
        }
    }
    fn string_to_action(&self, text: &str) -> Result<Action> {
        Ok(self.encode(parse_move(text, self.core.rules.size)?))
    }
    fn observation_string(&self, _player: usize) -> String {
        self.core.render()
    }
    fn write_observation(&self, player: usize, out: &mut [f32]) {
        write_planes(&self.core, if player == 0 { BLACK } else { WHITE }, out);
    }
    fn information_state_string(&self, _player: usize) -> String {
        let moves: Vec<String> = self.history.iter().map(|&a| self.action_to_string(a)).collect();
        format!("{}\n{}", moves.join(" "), self.core.render())
    }
    fn history(&self) -> &[Action] {
        &self.history
    }
}

impl fmt::Display for GoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.core.render())
    }
}

#[cfg(test)]
mod api_tests;
#[cfg(test)]
mod marking_tests;
#[cfg(test)]
mod tests;
