//! Move notations: ICCS (`h2e2`, coordinates, the action names) and WXF (`C2.5`, relative to the
//! mover: piece letter, file counted from the mover's right, `+` forward / `-` backward / `.`
//! sideways, then steps or the new file).
//!
//! WXF tandem pieces follow the WXF notation page: two pieces of a kind on one file are `+` (front)
//! and `-` (rear) in place of the file (`R+.3`, `C--1`); three pawns on a file are `P+`, `P<file>`
//! and `P-`; four or five use `++` and `--` for the outermost ones; when two files hold tandem
//! pawns the pawn letter is replaced by the file (`3+.4`, `33.4`, `7-.6`).

use super::board::*;
use super::fen::kind_letter;
use crate::error::{LudoError, Result};

/// ICCS name of a move: `h2e2` (file letter `a..i` from Red's left, rank `0..9` from Red's side).
pub fn iccs(mv: Move) -> String {
    let f = |sq: u8| {
        format!(
            "{}{}",
            (b'a' + file_of(sq as usize) as u8) as char,
            rank_of(sq as usize)
        )
    };
    format!("{}{}", f(mv.from), f(mv.to))
}

/// Parses ICCS (`h2e2`, `H2-E2`), without checking legality.
pub fn parse_iccs(text: &str) -> Result<Move> {
    let t: Vec<u8> = text
        .trim()
        .bytes()
        .filter(|&b| b != b'-')
        .map(|b| b.to_ascii_lowercase())
        .collect();
    let bad = || {
        LudoError::parse(
            "ICCS move",
            text,
            "expected from- and to-point like h2e2 (files a-i, ranks 0-9)",
        )
    };
    if t.len() != 4 {
        return Err(bad());
    }
    let point = |f: u8, r: u8| -> Result<u8> {
        if (b'a'..=b'i').contains(&f) && r.is_ascii_digit() {
            Ok(square((f - b'a') as usize, (r - b'0') as usize) as u8)
        } else {
            Err(bad())
        }
    };
    Ok(Move {
        from: point(t[0], t[1])?,
        to: point(t[2], t[3])?,
    })
}

/// WXF file number (1..9 from the mover's right) of a point.
fn wxf_file(color: Color, sq: usize) -> usize {
    if color == RED {
        FILES - file_of(sq)
    } else {
        file_of(sq) + 1
    }
}

/// How far forward (for `color`) a point is: higher is closer to the enemy.
fn advance(color: Color, sq: usize) -> usize {
    if color == RED {
        rank_of(sq)
    } else {
        RANKS - 1 - rank_of(sq)
    }
}

/// The kind used for WXF letters and tandem grouping (free advisors/elephants are still A/E).
fn wxf_kind(cell: u8) -> u8 {
    match kind_of(cell) {
        ADVISOR_FREE => ADVISOR,
        ELEPHANT_FREE => ELEPHANT,
        k => k,
    }
}

fn wxf_letter(kind: u8) -> char {
    match kind {
        ELEPHANT => 'E',
        HORSE => 'H',
        k => kind_letter(k),
    }
}

/// Same-colour pieces with the same WXF letter on `file`, front (most advanced) first. In Jieqi a
/// face-down piece has the letter of its start point, and it counts here like a face-up piece of that
/// letter: otherwise a face-up and a face-down pawn on one file would both be `P1`, and a name would
/// not say which one moves.
fn tandem(pos: &Position, cell: u8, file: usize) -> Vec<usize> {
    let color = color_of(cell);
    let mut v: Vec<usize> = (0..RANKS)
        .map(|r| square(file, r))
        .filter(|&sq| {
            let c = pos.at(sq);
            c != EMPTY && color_of(c) == color && wxf_kind(c) == wxf_kind(cell)
        })
        .collect();
    v.sort_by_key(|&sq| std::cmp::Reverse(advance(color, sq)));
    v
}

/// The movement part (`+3`, `.5`, `-1`) of a WXF move.
fn wxf_motion(cell: u8, mv: Move) -> String {
    let color = color_of(cell);
    let (from, to) = (mv.from as usize, mv.to as usize);
    let (af, at) = (advance(color, from), advance(color, to));
    let op = if at > af {
        '+'
    } else if at < af {
        '-'
    } else {
        '.'
    };
    let linear = matches!(wxf_kind(cell), KING | ROOK | CANNON | PAWN);
    let n = if op != '.' && linear {
        af.abs_diff(at)
    } else {
        wxf_file(color, to)
    };
    format!("{op}{n}")
}

/// WXF name of a (pseudo-legal) move in `pos`, e.g. `C2.5`, `H8+7`, `R+.3`.
pub fn wxf(pos: &Position, mv: Move) -> String {
    let cell = pos.at(mv.from as usize);
    if cell == EMPTY {
        return iccs(mv);
    }
    let color = color_of(cell);
    let kind = wxf_kind(cell);
    let from = mv.from as usize;
    let same = tandem(pos, cell, file_of(from));
    let idx = same.iter().position(|&s| s == from).unwrap_or(0);
    let file = wxf_file(color, from);
    let letter = wxf_letter(kind);
    let n = same.len();
    // Position within the file: outermost of 4-5 are ++/--, middle of 3 or 5 is the file number.
    let mark = |i: usize| -> String {
        match (n, i) {
            (_, 0) if n >= 4 => "++".into(),
            (_, i) if n >= 4 && i == n - 1 => "--".into(),
            (4, 1) | (5, 1) | (2, 0) | (3, 0) => "+".into(),
            (4, 2) | (5, 3) | (2, 1) | (3, 2) => "-".into(),
            _ => file.to_string(),
        }
    };
    let prefix = if n < 2 {
        format!("{letter}{file}")
    } else if kind != PAWN {
        // Two pieces: front `+` and rear `-`. Three of one letter happen only in Jieqi (a face-down
        // piece on its start point and two face-up ones): the middle one keeps its file number.
        format!("{letter}{}", mark(idx))
    } else {
        let tandem_files = (0..FILES).filter(|&f| tandem(pos, cell, f).len() >= 2).count();
        let m = mark(idx);
        if tandem_files >= 2 {
            format!("{file}{m}")
        } else if m.len() == 2 {
            m
        } else {
            format!("P{m}")
        }
    };
    format!("{prefix}{}", wxf_motion(cell, mv))
}

/// Normalises WXF text for comparison: upper case, `=` for `.`, B/N/G/S as E/H/K/P.
fn normalise_wxf(text: &str) -> String {
    text.trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c.to_ascii_uppercase() {
            '=' => '.',
            'B' => 'E',
            'N' => 'H',
            'G' => 'K',
            'S' => 'P',
            c => c,
        })
        .collect()
}

/// Parses WXF text against the legal moves of `pos`. Besides the canonical form it accepts the plain
/// file-number form for a tandem piece when exactly one legal move fits it (`C8.5` for `C+.5`).
pub fn parse_wxf(pos: &Position, legal: &[Move], text: &str) -> Result<Move> {
    let want = normalise_wxf(text);
    if want.len() < 4 {
        return Err(LudoError::parse(
            "WXF move",
            text,
            "expected piece, file, direction and target, like C2.5",
        ));
    }
    if let Some(&mv) = legal.iter().find(|&&mv| wxf(pos, mv) == want) {
        return Ok(mv);
    }
    let loose: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| {
            let cell = pos.at(mv.from as usize);
            let plain = format!(
                "{}{}{}",
                wxf_letter(wxf_kind(cell)),
                wxf_file(color_of(cell), mv.from as usize),
                wxf_motion(cell, mv)
            );
            plain == want
        })
        .collect();
    match loose.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(LudoError::parse(
            "WXF move",
            text,
            "no legal move has this WXF name here",
        )),
        _ => Err(LudoError::parse(
            "WXF move",
            text,
            "ambiguous: several pieces fit, use + (front) or - (rear)",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::xiangqi::fen::{parse, FenRules};

    fn legal(pos: &Position) -> Vec<Move> {
        let mut p = pos.clone();
        let mut l = MoveList::default();
        p.gen_legal(&mut l);
        l.as_slice().to_vec()
    }

    #[test]
    fn iccs_round_trips_every_action_id() {
        for a in 0..8100u32 {
            let mv = Move::from_action(a).unwrap();
            assert_eq!(parse_iccs(&iccs(mv)).unwrap(), mv);
        }
        assert_eq!(parse_iccs("H2-E2").unwrap(), parse_iccs("h2e2").unwrap());
        for bad in ["", "h2e", "j2e2", "h2e22", "hhee"] {
            assert!(parse_iccs(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn wxf_names_of_opening_moves() {
        let pos = Position::start();
        let l = legal(&pos);
        let name = |s: &str| wxf(&pos, parse_iccs(s).unwrap());
        assert_eq!(name("h2e2"), "C2.5"); // central cannon
        assert_eq!(name("h0g2"), "H2+3");
        assert_eq!(name("c0e2"), "E7+5");
        assert_eq!(name("f0e1"), "A4+5");
        assert_eq!(name("g3g4"), "P3+1");
        assert_eq!(name("a0a1"), "R9+1");
        assert_eq!(name("e0e1"), "K5+1");
        for &mv in &l {
            assert_eq!(parse_wxf(&pos, &l, &wxf(&pos, mv)).unwrap(), mv);
        }
        assert_eq!(parse_wxf(&pos, &l, "c2=5").unwrap(), parse_iccs("h2e2").unwrap());
        // Black counts files from its own right: h7e7 is Black's C2.5 as well.
        let b = parse(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
            FenRules::Xiangqi,
        )
        .unwrap();
        assert_eq!(wxf(&b.position, parse_iccs("b7e7").unwrap()), "C2.5");
        assert_eq!(wxf(&b.position, parse_iccs("b9c7").unwrap()), "H2+3");
        assert!(parse_wxf(&pos, &l, "C2.9").is_err());
        assert!(parse_wxf(&pos, &l, "xx").is_err());
    }

    #[test]
    fn wxf_tandem_pieces() {
        // Two red chariots on file e (Red's 5th file): e5 is front, e1 rear.
        let f = parse("5k3/9/9/9/4R4/9/9/9/4R4/3K5 w", FenRules::Xiangqi).unwrap();
        let pos = f.position;
        let l = legal(&pos);
        assert_eq!(wxf(&pos, parse_iccs("e5c5").unwrap()), "R+.7");
        assert_eq!(wxf(&pos, parse_iccs("e1e0").unwrap()), "R--1");
        assert_eq!(parse_wxf(&pos, &l, "R-.3").unwrap(), parse_iccs("e1g1").unwrap());
        // Three pawns on Red's 3rd file (g): front P+, middle P3, rear P-.
        let f = parse("3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w", FenRules::Xiangqi).unwrap();
        let pos = f.position;
        assert_eq!(wxf(&pos, parse_iccs("g7f7").unwrap()), "P+.4");
        assert_eq!(wxf(&pos, parse_iccs("g6f6").unwrap()), "P3.4");
        assert_eq!(wxf(&pos, parse_iccs("g5f5").unwrap()), "P-.4");
        // Two files with tandem pawns: the file replaces the letter.
        let f = parse("3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w", FenRules::Xiangqi).unwrap();
        let pos = f.position;
        assert_eq!(wxf(&pos, parse_iccs("g7f7").unwrap()), "3+.4");
        assert_eq!(wxf(&pos, parse_iccs("g6f6").unwrap()), "33.4");
        assert_eq!(wxf(&pos, parse_iccs("c6d6").unwrap()), "7-.6");
    }

    #[test]
    fn wxf_four_and_five_pawns_on_a_file() {
        // Four red pawns on Red's 3rd file (g): the outermost are `++` and `--` (the double mark says
        // "pawn" already, only pawns can be four on a file), the inner two `P+` and `P-`.
        let f = parse("3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w", FenRules::Xiangqi).unwrap();
        let pos = f.position;
        assert_eq!(wxf(&pos, parse_iccs("g8f8").unwrap()), "++.4");
        assert_eq!(wxf(&pos, parse_iccs("g7f7").unwrap()), "P+.4");
        assert_eq!(wxf(&pos, parse_iccs("g6f6").unwrap()), "P-.4");
        assert_eq!(wxf(&pos, parse_iccs("g5f5").unwrap()), "--.4");
        // Five: `++`, `P+`, the middle one by its file (`P3`), `P-`, `--`.
        let f = parse("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w", FenRules::Xiangqi).unwrap();
        let pos = f.position;
        assert_eq!(wxf(&pos, parse_iccs("g9f9").unwrap()), "++.4");
        assert_eq!(wxf(&pos, parse_iccs("g8f8").unwrap()), "P+.4");
        assert_eq!(wxf(&pos, parse_iccs("g7f7").unwrap()), "P3.4");
        assert_eq!(wxf(&pos, parse_iccs("g6f6").unwrap()), "P-.4");
        assert_eq!(wxf(&pos, parse_iccs("g5f5").unwrap()), "--.4");
    }

    #[test]
    fn wxf_plain_file_form_of_a_tandem_piece_and_the_error_reasons() {
        // Red chariots on e5 and e1 (Red's 5th file), a red horse on g1 blocks the rear one: only the
        // front one can reach Red's 1st file (i), so the plain `R5.1` names it (canonical `R+.1`);
        // both can reach Red's 4th file (f5 and f1), so `R5.4` fits both and is ambiguous.
        let f = parse("5k3/9/9/9/4R4/9/9/9/4R1N2/3K5 w", FenRules::Xiangqi).unwrap();
        let pos = f.position;
        let l = legal(&pos);
        let e5i5 = parse_iccs("e5i5").unwrap();
        assert_eq!(wxf(&pos, e5i5), "R+.1");
        assert_eq!(parse_wxf(&pos, &l, "R5.1").unwrap(), e5i5);
        let reason = |text: &str| parse_wxf(&pos, &l, text).unwrap_err().to_string();
        assert!(reason("R5.4").contains("ambiguous"), "{}", reason("R5.4"));
        // A name no legal move has, and text too short to be a WXF name, get their own reasons.
        assert!(reason("R5+9").contains("no legal move"), "{}", reason("R5+9"));
        assert!(reason("R5").contains("expected piece"), "{}", reason("R5"));
    }
}
