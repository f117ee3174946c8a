//! SGF (`FF[4]`) export and import of whole games.
//!
//! Export writes the root (`GM FF CA AP SZ KM RU HA PB PW BT WT RE`, the handicap stones as `AB`, and
//! the exact game string in the private property `LU`, since `RU` cannot carry every flag), then one
//! node per placement or pass (`B[]` / `W[]`). Rengo games add the team names (`BT`, `WT`), the seat
//! of every play in a comment, out-of-sequence plays and claims. Marking-phase actions are not moves:
//! a counted game gets a last node with the agreed dead stones (private property `LD`, `LD[]` for
//! none) and a comment with both totals.
//!
//! Import ([`from_sgf`] for Go, [`rengo_from_sgf`] for Rengo records as exported here) reads the main line (first variation at each branch): `LU` if present, else `SZ`, `KM`,
//! `RU` and `HA`; `AB` handicap stones (the fixed star points become `handicap_placement=fixed`, any
//! other set `free`), or, with `AW` or without `HA`, `AB`/`AW` setup stones and `PL` (states made
//! with `from_diagram` export that way); moves must alternate as the rules require. Non-square boards
//! are refused. A result `B+R`/`W+R` resigns for the loser; any other result after two passes
//! marks exactly the `LD` stones dead (accepts the automatic marking when there is no `LD`).

use super::board::BLACK;
use super::coord::{fixed_handicap, parse_sgf_point, sgf_name};
use super::engine::{GoCore, Move, Phase};
use super::rengo::{RengoGame, RengoState, SEAT_NAMES};
use super::GoLike;
use super::{GoGame, GoState};
use crate::core::game::{Action, Game, State};
use crate::core::params::Params;
use crate::error::{LudoError, Result};
use crate::registry::Registered;

/// Escapes `]` and `\` in a property value.
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

fn ruleset_name(rs: &str) -> &'static str {
    match rs {
        "chinese" => "Chinese",
        "aga" => "AGA",
        "nz" => "NZ",
        "tromp_taylor" => "Tromp-Taylor",
        _ => "Japanese",
    }
}

fn root(core: &GoCore, game_string: &str, ruleset: &str, extra: &str) -> String {
    let n = core.rules.size;
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[ludoteca]SZ[{n}]KM[{}]RU[{}]LU[{}]",
        core.rules.komi,
        ruleset_name(ruleset),
        esc(game_string)
    );
    if !core.handicap_stones.is_empty() {
        s.push_str(&format!("HA[{}]AB", core.handicap_stones.len()));
        for &pt in &core.handicap_stones {
            s.push_str(&format!("[{}]", sgf_name(pt, n)));
        }
    }
    if let Some(setup) = &core.setup {
        for (colour, prop) in [(BLACK, "AB"), (super::board::WHITE, "AW")] {
            let pts: Vec<String> = setup
                .0
                .iter()
                .filter(|&&(_, c)| c == colour)
                .map(|&(pt, _)| format!("[{}]", sgf_name(pt, n)))
                .collect();
            if !pts.is_empty() {
                s.push_str(prop);
                s.push_str(&pts.concat());
            }
        }
        s.push_str(if setup.1 == BLACK { "PL[B]" } else { "PL[W]" });
    }
    s.push_str(extra);
    if let Some(r) = core.result_string() {
        s.push_str(&format!("RE[{r}]"));
    }
    s
}

fn move_node(colour: u8, mv: Move, n: usize) -> String {
    let c = if colour == BLACK { 'B' } else { 'W' };
    match mv {
        Move::Place(pt) => format!(";{c}[{}]", sgf_name(pt, n)),
        _ => format!(";{c}[]"),
    }
}

/// A final node with the dead stones of an agreed marking (private property `LD`) and the score.
fn final_node(core: &GoCore) -> String {
    if !(core.is_over() && core.end == Some(super::engine::End::Counted)) {
        return String::new();
    }
    let n = core.rules.size;
    let mut s = String::from(";");
    let dead: Vec<usize> = (0..n * n).filter(|&pt| core.dead[pt]).collect();
    if core.rules.dead_stones == super::rules::DeadStones::Agreement {
        s.push_str("LD");
        if dead.is_empty() {
            s.push_str("[]");
        }
        for pt in dead {
            s.push_str(&format!("[{}]", sgf_name(pt, n)));
        }
    }
    let sc = core.score();
    s.push_str(&format!("C[final score: Black {} White {}]", sc.black, sc.white));
    s
}

/// The SGF of a Go game (`game` is the game the state was made from).
pub fn to_sgf(game: &GoGame, state: &GoState) -> String {
    let core = state.core();
    let mut extra = String::new();
    if let Some([b, w]) = state.player_names() {
        extra.push_str(&format!("PB[{}]PW[{}]", esc(b), esc(w)));
    }
    let mut s = root(core, &game.game_string(), game.params().str("ruleset"), &extra);
    // Replay to learn who made each move.
    let mut replay = game.new_initial_state();
    if let Some(setup) = &core.setup {
        replay = GoState::from_stones(game, &setup.0, setup.1);
    }
    let n = core.rules.size;
    for &a in state.history() {
        let colour = replay.core().to_move;
        let was_handicap = matches!(replay.core().phase, Phase::Handicap { .. });
        if let (false, Some(mv @ (Move::Place(_) | Move::Pass))) = (was_handicap, replay.decode(a)) {
            if replay.core().phase == Phase::Play {
                s.push_str(&move_node(colour, mv, n));
            }
        }
        replay.apply_action_unchecked(a);
    }
    s.push_str(&final_node(core));
    s.push(')');
    s
}

/// The SGF of a Rengo game, with team names and the seat of every play.
pub fn rengo_to_sgf(game: &RengoGame, state: &RengoState) -> String {
    let core = state.core();
    let mut extra = String::from("PB[B1 & B2]PW[W1 & W2]");
    if let Some([b, w]) = state.team_names() {
        extra.push_str(&format!("BT[{}]WT[{}]", esc(b), esc(w)));
    }
    let mut s = root(core, &game.game_string(), game.params().str("ruleset"), &extra);
    let mut replay = game.new_initial_state();
    if let Some(setup) = &core.setup {
        replay = RengoState::from_stones(game, &setup.0, setup.1);
    }
    let n = core.rules.size;
    for &a in state.history() {
        let colour = replay.core().to_move;
        let phase = replay.core().phase;
        let due = replay.expected_seat();
        let name = replay.action_to_string(a);
        let seat = SEAT_NAMES.iter().position(|sn| name.starts_with(sn));
        replay.apply_action_unchecked(a);
        match (phase, seat) {
            (Phase::Play, Some(seat)) => {
                let mv = if name.ends_with("pass") {
                    Move::Pass
                } else {
                    super::parse_move(&name[3..], n).unwrap_or(Move::Pass)
                };
                s.push_str(&move_node(colour, mv, n));
                let note = if seat == due {
                    String::new()
                } else {
                    format!(", out of sequence (expected {})", SEAT_NAMES[due])
                };
                s.push_str(&format!("C[{}{note}]", SEAT_NAMES[seat]));
            }
            (_, None) if name.starts_with("claim") => s.push_str(&format!(";C[{name}]")),
            _ => {}
        }
    }
    s.push_str(&final_node(core));
    s.push(')');
    s
}

/// The start of `text` for error messages (at most 60 characters, cut on a character boundary).
fn snippet(text: &str) -> &str {
    match text.char_indices().nth(60) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

/// One SGF node: its properties with their values.
type Node = Vec<(String, Vec<String>)>;

/// Parses the main line of the first game tree.
fn parse_main_line(text: &str) -> Result<Vec<Node>> {
    let b = text.as_bytes();
    let bad =
        |at: usize, reason: &str| LudoError::parse("SGF", snippet(text), format!("at byte {at}: {reason}"));
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if i >= b.len() || b[i] != b'(' {
        return Err(bad(i, "a game tree starts with '('"));
    }
    i += 1;
    let mut nodes = Vec::new();
    // depth of the variation we follow; variations after the first are skipped whole.
    loop {
        skip_ws(&mut i);
        if i >= b.len() {
            return Err(bad(i, "unterminated game tree (missing ')')"));
        }
        match b[i] {
            b';' => {
                i += 1;
                let mut node: Node = Vec::new();
                loop {
                    skip_ws(&mut i);
                    let start = i;
                    while i < b.len() && b[i].is_ascii_alphabetic() {
                        i += 1;
                    }
                    if start == i {
                        break;
                    }
                    let ident = text[start..i].to_ascii_uppercase();
                    let mut values = Vec::new();
                    loop {
                        skip_ws(&mut i);
                        if i >= b.len() || b[i] != b'[' {
                            break;
                        }
                        i += 1;
                        let mut v = String::new();
                        let vs = i;
                        loop {
                            if i >= b.len() {
                                return Err(bad(vs, "unterminated property value (missing ']')"));
                            }
                            match b[i] {
                                b'\\' if i + 1 < b.len() => {
                                    i += 1;
                                    let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
                                    v.push_str(&text[i..i + ch_len]);
                                    i += ch_len;
                                }
                                b']' => {
                                    i += 1;
                                    break;
                                }
                                _ => {
                                    let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
                                    v.push_str(&text[i..i + ch_len]);
                                    i += ch_len;
                                }
                            }
                        }
                        values.push(v);
                    }
                    if values.is_empty() {
                        return Err(bad(i, &format!("property {ident} has no value")));
                    }
                    node.push((ident, values));
                }
                nodes.push(node);
            }
            b'(' => {
                // Follow the first variation: just continue inside it, then skip its siblings.
                i += 1;
            }
            b')' => {
                // End of the followed line: stop (siblings of a followed variation are alternatives).
                return Ok(nodes);
            }
            _ => return Err(bad(i, "expected ';', '(' or ')'")),
        }
    }
}

fn prop<'a>(node: &'a Node, id: &str) -> Option<&'a [String]> {
    node.iter().find(|(k, _)| k == id).map(|(_, v)| v.as_slice())
}

/// What happens in one game node after the root.
enum Event {
    /// A placement (`Some(point)`) or pass by `colour`, with the seat named in the node's comment.
    Move {
        node: usize,
        colour: u8,
        point: Option<usize>,
        seat: Option<usize>,
    },
    /// A Rengo claim recorded as a comment.
    Claim { intentional: bool },
}

/// The main line of an SGF record, read but not yet replayed.
struct Record {
    /// The game string: `LU`, or one built from `SZ`, `RU`, `KM`, `HA`/`AB` for `name`.
    spec: String,
    size: usize,
    /// `AB` stones in record order (handicap stones, or setup stones when there is no `HA`).
    handicap: Vec<usize>,
    /// A setup position instead of a handicap: (point, colour) stones and the colour to move.
    setup: Option<(Vec<(usize, u8)>, u8)>,
    names: Option<[String; 2]>,
    teams: Option<[String; 2]>,
    result: Option<String>,
    dead: Option<Vec<usize>>,
    events: Vec<Event>,
}

fn read_record(text: &str, name: &str) -> Result<Record> {
    let nodes = parse_main_line(text)?;
    let root = nodes
        .first()
        .ok_or_else(|| LudoError::parse("SGF", text, "no node"))?;
    let perr = |reason: String| LudoError::parse("SGF", snippet(text), reason);
    if let Some(gm) = prop(root, "GM") {
        if gm[0].trim() != "1" {
            return Err(perr(format!("GM[{}] is not Go (GM[1])", gm[0])));
        }
    }
    let size: usize = match prop(root, "SZ") {
        Some(v) => v[0]
            .trim()
            .parse()
            .map_err(|_| perr(format!("SZ[{}] is not a square board side", v[0])))?,
        None => 19,
    };
    if !(2..=25).contains(&size) {
        return Err(perr(format!("board size {size} outside 2..25")));
    }
    let mut handicap: Vec<usize> = Vec::new();
    if let Some(ab) = prop(root, "AB") {
        for v in ab {
            match parse_sgf_point(v, size)? {
                Some(pt) if !handicap.contains(&pt) => handicap.push(pt),
                _ => return Err(perr(format!("AB[{v}] is not a new point"))),
            }
        }
    }
    // `AB` with `HA` is a handicap; `AW`, or `AB` without `HA`, is a setup position.
    let mut setup = None;
    if prop(root, "AW").is_some() || (!handicap.is_empty() && prop(root, "HA").is_none()) {
        let mut stones: Vec<(usize, u8)> = handicap.drain(..).map(|pt| (pt, BLACK)).collect();
        for v in prop(root, "AW").unwrap_or(&[]) {
            match parse_sgf_point(v, size)? {
                Some(pt) if !stones.iter().any(|&(q, _)| q == pt) => stones.push((pt, super::board::WHITE)),
                _ => return Err(perr(format!("AW[{v}] is not a new point"))),
            }
        }
        let to_move = match prop(root, "PL").map(|v| v[0].trim().to_ascii_uppercase()) {
            Some(p) if p == "W" => super::board::WHITE,
            _ => BLACK,
        };
        setup = Some((stones, to_move));
    }
    let spec = if let Some(lu) = prop(root, "LU") {
        lu[0].clone()
    } else {
        let mut spec = vec![format!("board_size={size}")];
        if let Some(ru) = prop(root, "RU") {
            let rs = match ru[0]
                .trim()
                .to_ascii_lowercase()
                .replace(['-', ' ', '_'], "")
                .as_str()
            {
                "chinese" => "chinese",
                "aga" => "aga",
                "nz" | "newzealand" => "nz",
                "tromptaylor" => "tromp_taylor",
                _ => "japanese",
            };
            spec.push(format!("ruleset={rs}"));
        }
        if let Some(km) = prop(root, "KM") {
            let k: f64 = km[0]
                .trim()
                .parse()
                .map_err(|_| perr(format!("KM[{}] is not a number", km[0])))?;
            spec.push(format!("komi={k}"));
        }
        if !handicap.is_empty() {
            let mut sorted = handicap.clone();
            sorted.sort_unstable();
            spec.push(format!("handicap={}", handicap.len()));
            if handicap.len() < 2 || sorted != fixed_handicap(size, handicap.len()) {
                spec.push("handicap_placement=free".into());
            }
        }
        format!("{name}({})", spec.join(","))
    };
    let pair = |a: &str, b: &str| match (prop(root, a), prop(root, b)) {
        (Some(x), Some(y)) => Some([x[0].clone(), y[0].clone()]),
        _ => None,
    };
    let mut record = Record {
        spec,
        size,
        handicap,
        setup,
        names: pair("PB", "PW"),
        teams: pair("BT", "WT"),
        result: prop(root, "RE").map(|v| v[0].trim().to_ascii_uppercase()),
        dead: None,
        events: Vec::new(),
    };
    for (k, node) in nodes.iter().enumerate().skip(1) {
        if let Some(ld) = prop(node, "LD") {
            let dead = record.dead.get_or_insert_with(Vec::new);
            for v in ld {
                if let Some(pt) = parse_sgf_point(v, size)? {
                    dead.push(pt);
                }
            }
        }
        let comment = prop(node, "C")
            .map(|c| c[0].trim().to_string())
            .unwrap_or_default();
        let mut moved = false;
        for (id, values) in node {
            let colour = match id.as_str() {
                "B" => BLACK,
                "W" => super::board::WHITE,
                "AB" | "AW" | "AE" => {
                    return Err(perr(format!(
                        "node {k}: setup property {id} inside the game is not supported"
                    )))
                }
                _ => continue,
            };
            if moved {
                return Err(perr(format!("node {k}: two moves in one node")));
            }
            moved = true;
            let seat = SEAT_NAMES.iter().position(|sn| comment.starts_with(sn));
            record.events.push(Event::Move {
                node: k,
                colour,
                point: parse_sgf_point(&values[0], size)?,
                seat,
            });
        }
        if !moved && comment.starts_with("claim ") {
            record.events.push(Event::Claim {
                intentional: comment == "claim intentional",
            });
        }
    }
    Ok(record)
}

/// Places the record's handicap stones (free placement) or checks them against the fixed points.
fn place_handicap<S: GoLike>(state: &mut S, rec: &Record, text: &str) -> Result<()> {
    let perr = |reason: String| LudoError::parse("SGF", snippet(text), reason);
    let rules = state.core().rules;
    if rules.size != rec.size {
        return Err(perr(format!(
            "LU says board_size={} but SZ[{}]",
            rules.size, rec.size
        )));
    }
    if let Some((stones, to_move)) = &rec.setup {
        return state.setup(stones, if *to_move == BLACK { 0 } else { 1 });
    }
    if rules.handicap != rec.handicap.len() {
        return Err(perr(format!(
            "{} AB stones for a handicap of {}",
            rec.handicap.len(),
            rules.handicap
        )));
    }
    if rules.free_handicap {
        for &pt in &rec.handicap {
            let a = state.action_of(Move::Place(pt));
            state.apply_action(a)?;
        }
    } else {
        let mut sorted = rec.handicap.clone();
        sorted.sort_unstable();
        if state.core().handicap_stones != sorted {
            return Err(perr(
                "AB stones are not the fixed handicap points of the game string".into(),
            ));
        }
    }
    Ok(())
}

/// Replays one move; `action` turns the move into the game's action id.
fn replay_move<S: GoLike>(state: &mut S, text: &str, node: usize, colour: u8, action: Action) -> Result<()> {
    let perr = |reason: String| LudoError::parse("SGF", snippet(text), reason);
    if state.core().is_over() {
        return Err(perr(format!("node {node}: a move after the end of the game")));
    }
    if state.core().phase == Phase::Marking {
        // Play went on after two passes: the players resumed.
        let a = state.action_of(Move::Resume);
        state.apply_action(a)?;
    }
    if state.core().to_move != colour {
        return Err(perr(format!(
            "node {node}: {} moves but the other colour is to play",
            if colour == BLACK { "B" } else { "W" }
        )));
    }
    state.apply_action(action)
}

/// Applies the record's result: resignation (`resign(loser)`), or the agreed marking.
fn apply_result<S: GoLike>(
    state: &mut S,
    rec: &Record,
    resign: impl FnOnce(&mut S, usize) -> Result<()>,
) -> Result<()> {
    if state.core().is_over() {
        return Ok(());
    }
    match rec.result.as_deref() {
        Some("B+R" | "B+RESIGN") => resign(state, 1),
        Some("W+R" | "W+RESIGN") => resign(state, 0),
        Some(_) if state.core().phase == Phase::Marking => match &rec.dead {
            Some(dead) => agree_marking(state, dead),
            None => {
                while !state.core().is_over() {
                    let a = state.action_of(Move::Accept);
                    state.apply_action(a)?;
                }
                Ok(())
            }
        },
        _ => Ok(()),
    }
}

/// Reads a Go game from SGF: the game and the state after every move.
pub fn from_sgf(text: &str) -> Result<(GoGame, GoState)> {
    let rec = read_record(text, "go")?;
    let game = GoGame::from_game_string(&rec.spec)?;
    let mut state = game.new_initial_state();
    place_handicap(&mut state, &rec, text)?;
    if let Some([b, w]) = &rec.names {
        state.set_player_names(b, w);
    }
    for ev in &rec.events {
        match *ev {
            Event::Move {
                node, colour, point, ..
            } => {
                let a = state.action_of(point.map_or(Move::Pass, Move::Place));
                replay_move(&mut state, text, node, colour, a)?;
            }
            Event::Claim { .. } => {
                return Err(LudoError::parse(
                    "SGF",
                    snippet(text),
                    "a Rengo claim in a go record",
                ))
            }
        }
    }
    apply_result(&mut state, &rec, |s, side| s.resign(side))?;
    Ok((game, state))
}

/// Reads a Rengo game from SGF (as [`rengo_to_sgf`] writes it): the seat of each play comes from the
/// node's comment (`B2 ...`; the expected player when absent), claims from `C[claim ...]` nodes, the
/// team names from `BT`/`WT`.
pub fn rengo_from_sgf(text: &str) -> Result<(RengoGame, RengoState)> {
    let rec = read_record(text, "rengo")?;
    let (name, raw) = Params::parse_game_string(&rec.spec)?;
    if name != "rengo" {
        return Err(LudoError::parse(
            "SGF",
            snippet(text),
            format!("LU names {name}, not rengo"),
        ));
    }
    let game = RengoGame::from_raw(&raw)?;
    let mut state = game.new_initial_state();
    place_handicap(&mut state, &rec, text)?;
    if let Some([b, w]) = &rec.teams {
        state.set_team_names(b, w);
    }
    let n = rec.size;
    for ev in &rec.events {
        match *ev {
            Event::Move {
                node,
                colour,
                point,
                seat,
            } => {
                let seat = seat.unwrap_or_else(|| state.expected_seat());
                let vertex = point.map_or("pass".to_string(), |p| super::coord::gtp_name(p, n));
                let a = state.string_to_action(&format!("{} {vertex}", SEAT_NAMES[seat]))?;
                replay_move(&mut state, text, node, colour, a)?;
            }
            Event::Claim { intentional } => {
                let a = state.string_to_action(if intentional {
                    "claim intentional"
                } else {
                    "claim unintentional"
                })?;
                state.apply_action(a)?;
            }
        }
    }
    apply_result(&mut state, &rec, |s, side| s.resign(side))?;
    Ok((game, state))
}

/// Ends a marking phase with exactly the chains through `dead` marked dead (toggling where the
/// automatic proposal differs), then both sides accept.
fn agree_marking<S: GoLike>(state: &mut S, dead: &[usize]) -> Result<()> {
    let n = state.core().rules.size;
    for pt in 0..n * n {
        let core = state.core();
        let p = core.board.cell(pt);
        if core.board.at(p) == super::board::EMPTY || core.board.chain_head(p) != p {
            continue;
        }
        let want = core
            .board
            .chain_stones(p)
            .any(|s| dead.contains(&core.board.point(s)));
        if core.dead[pt] != want {
            let a = state.action_of(Move::Mark(pt));
            state.apply_action(a)?;
        }
    }
    while !state.core().is_over() {
        let a = state.action_of(Move::Accept);
        state.apply_action(a)?;
    }
    Ok(())
}
