//! SGF (FF[4]) export and import of whole games.
//!
//! Export writes the root (`GM FF CA AP SZ KM RU HA PB PW BT WT RE`, the handicap stones as `AB`, and
//! the exact game string in the private property `LU`, since `RU` cannot carry every flag), then one
//! node per placement or pass (`B[]` / `W[]`). Rengo games add the team names (`BT`, `WT`), the seat
//! of every play in a comment, out-of-sequence plays and claims. Marking-phase actions are not moves:
//! a counted game gets a last node with the agreed dead stones (private property `LD`, `LD[]` for
//! none) and a comment with both totals.
//!
//! Import reads the main line (first variation at each branch): `LU` if present, else `SZ`, `KM`,
//! `RU` and `HA`; `AB` handicap stones (the fixed star points become `handicap_placement=fixed`, any
//! other set `free`); moves must alternate as the rules require. `AW` setup stones and non-square
//! boards are refused. A result `B+R`/`W+R` resigns for the loser; any other result after two passes
//! marks exactly the `LD` stones dead (accepts the automatic marking when there is no `LD`).

use super::board::BLACK;
use super::coord::{fixed_handicap, parse_sgf_point, sgf_name};
use super::engine::{GoCore, Move, Phase};
use super::rengo::{RengoState, SEAT_NAMES};
use super::{GoGame, GoState};
use crate::core::game::{Game, State};
use crate::error::{LudoError, Result};

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
    let mut s = format!("(;GM[1]FF[4]CA[UTF-8]AP[ludoteca]SZ[{n}]KM[{}]RU[{}]LU[{}]", core.rules.komi, ruleset_name(ruleset), esc(game_string));
    if !core.handicap_stones.is_empty() {
        s.push_str(&format!("HA[{}]AB", core.handicap_stones.len()));
        for &pt in &core.handicap_stones {
            s.push_str(&format!("[{}]", sgf_name(pt, n)));
        }
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
pub fn rengo_to_sgf(game: &super::rengo::RengoGame, state: &RengoState) -> String {
    let core = state.core();
    let mut extra = String::from("PB[B1 & B2]PW[W1 & W2]");
    if let Some([b, w]) = state.team_names() {
        extra.push_str(&format!("BT[{}]WT[{}]", esc(b), esc(w)));
    }
    let mut s = root(core, &game.game_string(), game.params().str("ruleset"), &extra);
    let mut replay = game.new_initial_state();
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
                let mv = if name.ends_with("pass") { Move::Pass } else { super::parse_move(&name[3..], n).unwrap_or(Move::Pass) };
                s.push_str(&move_node(colour, mv, n));
                let note = if seat == due { String::new() } else { format!(", out of sequence (expected {})", SEAT_NAMES[due]) };
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
    let bad = |at: usize, reason: &str| LudoError::parse("SGF", snippet(text), format!("at byte {at}: {reason}"));
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

/// Reads a Go game from SGF: the game and the state after every move.
pub fn from_sgf(text: &str) -> Result<(GoGame, GoState)> {
    let nodes = parse_main_line(text)?;
    let root = nodes.first().ok_or_else(|| LudoError::parse("SGF", text, "no node"))?;
    let perr = |reason: String| LudoError::parse("SGF", snippet(text), reason);
    if let Some(gm) = prop(root, "GM") {
        if gm[0].trim() != "1" {
            return Err(perr(format!("GM[{}] is not Go (GM[1])", gm[0])));
        }
    }
    if prop(root, "AW").is_some() {
        return Err(perr("AW setup stones are not supported (only handicap stones, AB)".into()));
    }
    let size: usize = match prop(root, "SZ") {
        Some(v) => v[0].trim().parse().map_err(|_| perr(format!("SZ[{}] is not a square board side", v[0])))?,
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
    let mut sorted = handicap.clone();
    sorted.sort_unstable();
    let game = if let Some(lu) = prop(root, "LU") {
        GoGame::from_game_string(&lu[0])?
    } else {
        let mut spec = vec![format!("board_size={size}")];
        if let Some(ru) = prop(root, "RU") {
            let rs = match ru[0].trim().to_ascii_lowercase().replace(['-', ' ', '_'], "").as_str() {
                "chinese" => "chinese",
                "aga" => "aga",
                "nz" | "newzealand" => "nz",
                "tromptaylor" => "tromp_taylor",
                _ => "japanese",
            };
            spec.push(format!("ruleset={rs}"));
        }
        if let Some(km) = prop(root, "KM") {
            let k: f64 = km[0].trim().parse().map_err(|_| perr(format!("KM[{}] is not a number", km[0])))?;
            spec.push(format!("komi={k}"));
        }
        if !handicap.is_empty() {
            spec.push(format!("handicap={}", handicap.len()));
            if handicap.len() < 2 || sorted != fixed_handicap(size, handicap.len()) {
                spec.push("handicap_placement=free".into());
            }
        }
        GoGame::from_game_string(&format!("go({})", spec.join(",")))?
    };
    if game.rules().size != size {
        return Err(perr(format!("LU says board_size={} but SZ[{size}]", game.rules().size)));
    }
    let mut state = game.new_initial_state();
    if game.rules().handicap != handicap.len() {
        return Err(perr(format!("{} AB stones for a handicap of {}", handicap.len(), game.rules().handicap)));
    }
    if game.rules().free_handicap {
        for &pt in &handicap {
            state.apply_action(pt as u32)?;
        }
    } else if state.core().handicap_stones != sorted {
        return Err(perr("AB stones are not the fixed handicap points of the game string".into()));
    }
    if let (Some(pb), Some(pw)) = (prop(root, "PB"), prop(root, "PW")) {
        state.set_player_names(&pb[0], &pw[0]);
    }
    let mut dead: Option<Vec<usize>> = None;
    for (k, node) in nodes.iter().enumerate().skip(1) {
        if let Some(ld) = prop(node, "LD") {
            let dead = dead.get_or_insert_with(Vec::new);
            for v in ld {
                if let Some(pt) = parse_sgf_point(v, size)? {
                    dead.push(pt);
                }
            }
        }
        for (id, values) in node {
            let colour = match id.as_str() {
                "B" => BLACK,
                "W" => super::board::WHITE,
                "AB" | "AW" | "AE" => return Err(perr(format!("node {k}: setup property {id} inside the game is not supported"))),
                _ => continue,
            };
            if state.core().is_over() {
                return Err(perr(format!("node {k}: a move after the end of the game")));
            }
            if state.core().phase == Phase::Marking {
                // Play went on after two passes: the players resumed.
                state.apply_action((2 * size * size + 2) as u32)?;
            }
            if state.core().to_move != colour {
                return Err(perr(format!("node {k}: {id} moves but the other colour is to play")));
            }
            let action = match parse_sgf_point(&values[0], size)? {
                Some(pt) => pt as u32,
                None => (size * size) as u32,
            };
            state.apply_action(action)?;
        }
    }
    if let Some(re) = prop(root, "RE") {
        let re = re[0].trim().to_ascii_uppercase();
        if !state.core().is_over() {
            if re == "B+R" || re == "B+RESIGN" {
                state.resign(1)?;
            } else if re == "W+R" || re == "W+RESIGN" {
                state.resign(0)?;
            } else if state.core().phase == Phase::Marking {
                match &dead {
                    Some(dead) => agree_marking(&mut state, dead)?,
                    None => {
                        let accept = (2 * size * size + 1) as u32;
                        state.apply_action(accept)?;
                        state.apply_action(accept)?;
                    }
                }
            }
        }
    }
    Ok((game, state))
}

/// Ends a marking phase with exactly the chains through `dead` marked dead (toggling where the
/// automatic proposal differs), then both sides accept.
fn agree_marking(state: &mut GoState, dead: &[usize]) -> Result<()> {
    let n = state.core().rules.size;
    let n2 = n * n;
    for pt in 0..n2 {
        let core = state.core();
        let p = core.board.cell(pt);
        if core.board.at(p) == super::board::EMPTY || core.board.chain_head(p) != p {
            continue;
        }
        let want = core.board.chain_stones(p).any(|s| dead.contains(&core.board.point(s)));
        if core.dead[pt] != want {
            state.apply_action((n2 + 1 + pt) as u32)?;
        }
    }
    while !state.core().is_over() {
        state.apply_action((2 * n2 + 1) as u32)?;
    }
    Ok(())
}
