//! A Skelly position as one line of text, for setting up situations and for serialising a state whose
//! last shot was entered by hand or with a continuous velocity (so not as an action id).
//!
//! Grammar (tokens separated by spaces):
//! `turn=<seat> shots=<n> out=<seats in elimination order, comma-separated, or ->` then one token per
//! seat `p<k>=<stage>[+trapped][+skipped<n>][+hits<n>]@<where>`, where `<stage>` is `course<i>`
//! (index 0..24), `qual13`, `qualq<done quadrant digits>` (e.g. `qualq02`), `killer` or `out`, and
//! `<where>` is `start` (not yet on the court) or `<x>,<y>` in metres. An eliminated seat is `p<k>=out`.
//! Example: `turn=0 shots=3 out=- p0=course4@0.125,1.25 p1=course2+trapped@1.0,1.3`.

use super::rules::{Cap, Rules, Stage, Table, MAX_SEATS};
use crate::error::{LudoError, Result};

fn stage_text(s: Stage) -> String {
    match s {
        Stage::Course(i) => format!("course{i}"),
        Stage::Qual13 => "qual13".into(),
        Stage::QualQ(done) => {
            let d: String = (0..4)
                .filter(|q| done & (1 << q) != 0)
                .map(|q| char::from(b'0' + q))
                .collect();
            format!("qualq{d}")
        }
        Stage::Killer => "killer".into(),
    }
}

/// The position as one line (see the module docs). Floats are written in Rust's shortest round-trip form.
pub fn to_text(t: &Table) -> String {
    let out: Vec<String> = t.out[..t.n_out as usize].iter().map(|s| s.to_string()).collect();
    let mut parts = vec![
        format!("turn={}", t.turn),
        format!("shots={}", t.shots),
        format!("out={}", if out.is_empty() { "-".into() } else { out.join(",") }),
    ];
    for (k, c) in t.caps[..t.n].iter().enumerate() {
        if !c.alive {
            parts.push(format!("p{k}=out"));
            continue;
        }
        let mut s = format!("p{k}={}", stage_text(c.stage));
        if c.trapped {
            s.push_str("+trapped");
        }
        if c.skipped > 0 {
            s.push_str(&format!("+skipped{}", c.skipped));
        }
        if c.killer_hits > 0 {
            s.push_str(&format!("+hits{}", c.killer_hits));
        }
        match c.pos {
            None => s.push_str("@start"),
            Some((x, y)) => s.push_str(&format!("@{x:?},{y:?}")),
        }
        parts.push(s);
    }
    parts.join(" ")
}

/// Reads a position for `n` seats under `rules`; every inconsistency is a `ParseError` or
/// `InvalidPosition` naming the token.
pub fn from_text(text: &str, n: usize, rules: &Rules) -> Result<Table> {
    let err = |tok: &str, why: &str| LudoError::parse("Skelly position", tok, why.to_string());
    let mut t = Table::new(n, 0);
    let mut seen = [false; MAX_SEATS];
    let (mut turn, mut shots, mut out) = (None, None, None);
    for tok in text.split_whitespace() {
        let Some((key, val)) = tok.split_once('=') else {
            return Err(err(tok, "tokens are key=value"));
        };
        match key {
            "turn" => turn = Some(val.parse::<usize>().map_err(|_| err(tok, "turn=<seat>"))?),
            "shots" => shots = Some(val.parse::<u32>().map_err(|_| err(tok, "shots=<count>"))?),
            "out" => {
                let mut v = Vec::new();
                if val != "-" {
                    for w in val.split(',') {
                        v.push(
                            w.parse::<u8>()
                                .map_err(|_| err(tok, "out=<seat>,<seat>... or out=-"))?,
                        );
                    }
                }
                out = Some(v);
            }
            k if k.starts_with('p') => {
                let seat: usize = k[1..].parse().map_err(|_| err(tok, "p<seat>=..."))?;
                if seat >= n {
                    return Err(err(
                        tok,
                        &format!("seat {seat} does not exist: seats are 0..{}", n - 1),
                    ));
                }
                if seen[seat] {
                    return Err(err(tok, "seat given twice"));
                }
                seen[seat] = true;
                t.caps[seat] = parse_cap(val, rules).map_err(|why| err(tok, &why))?;
            }
            _ => return Err(err(tok, "unknown key; expected turn=, shots=, out= or p<seat>=")),
        }
    }
    if let Some(s) = (0..n).find(|&s| !seen[s]) {
        return Err(err(text, &format!("missing p{s}=")));
    }
    let turn = turn.ok_or_else(|| err(text, "missing turn="))?;
    if turn >= n {
        return Err(err(text, &format!("turn={turn}: seats are 0..{}", n - 1)));
    }
    t.turn = turn;
    t.shots = shots.ok_or_else(|| err(text, "missing shots="))?;
    let out = out.ok_or_else(|| err(text, "missing out="))?;
    let dead: Vec<u8> = (0..n as u8).filter(|&s| !t.caps[s as usize].alive).collect();
    let mut sorted = out.clone();
    sorted.sort_unstable();
    if sorted != dead {
        return Err(LudoError::InvalidPosition {
            reason: format!("out= lists {out:?} but the eliminated seats are {dead:?}"),
        });
    }
    for (k, &s) in out.iter().enumerate() {
        t.out[k] = s;
    }
    t.n_out = out.len() as u8;
    if t.alive() == 0 {
        return Err(LudoError::InvalidPosition {
            reason: "every cap is eliminated".into(),
        });
    }
    if t.alive() > 1 && (!t.caps[turn].alive || t.caps[turn].trapped) {
        return Err(LudoError::InvalidPosition {
            reason: format!("seat {turn} is to shoot but is eliminated or trapped"),
        });
    }
    Ok(t)
}

fn parse_cap(val: &str, rules: &Rules) -> std::result::Result<Cap, String> {
    let mut cap = Cap {
        pos: None,
        stage: Stage::Course(0),
        trapped: false,
        alive: true,
        killer_hits: 0,
        skipped: 0,
    };
    if val == "out" {
        cap.alive = false;
        return Ok(cap);
    }
    let (head, place) = val.split_once('@').ok_or("a cap is <stage>[+flags]@<where>")?;
    let mut words = head.split('+');
    let stage = words.next().unwrap_or("");
    cap.stage = if let Some(i) = stage.strip_prefix("course") {
        let i: u8 = i.parse().map_err(|_| "course<index>")?;
        if i >= rules.course_len() {
            return Err(format!(
                "course index {i} is past the course (0..{})",
                rules.course_len() - 1
            ));
        }
        Stage::Course(i)
    } else if stage == "qual13" {
        Stage::Qual13
    } else if stage == "killer" {
        Stage::Killer
    } else if let Some(d) = stage.strip_prefix("qualq") {
        let mut done = 0u8;
        for ch in d.chars() {
            match ch.to_digit(10) {
                Some(q) if q < 4 && done & (1 << q) == 0 => done |= 1 << q,
                _ => return Err("qualq<digits 0-3, each once>".into()),
            }
        }
        if done == 0b1111 {
            return Err("all four quadrants done is a killer".into());
        }
        Stage::QualQ(done)
    } else {
        return Err("the stage is course<i>, qual13, qualq<digits>, killer or out".into());
    };
    for w in words {
        if w == "trapped" {
            cap.trapped = true;
        } else if let Some(k) = w.strip_prefix("skipped") {
            cap.skipped = k.parse().map_err(|_| "skipped<count>")?;
        } else if let Some(k) = w.strip_prefix("hits") {
            cap.killer_hits = k.parse().map_err(|_| "hits<count>")?;
        } else {
            return Err(format!(
                "unknown flag +{w}; flags are +trapped, +skipped<n>, +hits<n>"
            ));
        }
    }
    if place != "start" {
        let (x, y) = place.split_once(',').ok_or("where is start or <x>,<y>")?;
        let x: f64 = x.parse().map_err(|_| "x is a number")?;
        let y: f64 = y.parse().map_err(|_| "y is a number")?;
        if !x.is_finite() || !y.is_finite() || x.abs() > 1e12 || y.abs() > 1e12 {
            return Err("the position is not a finite point".into());
        }
        cap.pos = Some((x, y));
    }
    if cap.pos.is_none() && (cap.trapped || cap.stage != Stage::Course(0)) {
        return Err("a cap that has not entered play is at course0 and not trapped".into());
    }
    if cap.trapped && cap.is_killer() {
        return Err("a killer is never trapped".into());
    }
    Ok(cap)
}
