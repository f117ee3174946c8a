//! Coordinates: point indices (`row * n + col`, row 0 at the bottom), GTP vertices (`D4`, no `I`),
//! SGF points (`dd`, `a` = left/top) and the fixed handicap star points.

use crate::error::{LudoError, Result};

/// GTP column letters: `A`..`Z` without `I`.
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The GTP vertex of point `pt` on an `n`-sided board (`D4`).
pub fn gtp_name(pt: usize, n: usize) -> String {
    let (row, col) = (pt / n, pt % n);
    format!("{}{}", GTP_COLUMNS[col] as char, row + 1)
}

/// Parses a GTP vertex (`D4`, case-insensitive) into a point index. `pass` is not a vertex.
pub fn parse_gtp(text: &str, n: usize) -> Result<usize> {
    let t = text.trim();
    let bad = |reason: String| LudoError::parse("GTP vertex", text, reason);
    let mut chars = t.chars();
    let letter = chars
        .next()
        .ok_or_else(|| bad("empty".into()))?
        .to_ascii_uppercase();
    if letter == 'I' {
        return Err(bad("GTP skips the letter I".into()));
    }
    let col = GTP_COLUMNS
        .iter()
        .position(|&c| c as char == letter)
        .ok_or_else(|| bad("a vertex is a column letter and a row number, e.g. D4".into()))?;
    let row: usize = chars
        .as_str()
        .parse()
        .map_err(|_| bad("a vertex is a column letter and a row number, e.g. D4".into()))?;
    if col >= n || row == 0 || row > n {
        return Err(bad(format!("off the {n}x{n} board")));
    }
    Ok((row - 1) * n + col)
}

/// The SGF point of `pt` (`aa` is the top-left corner).
pub fn sgf_name(pt: usize, n: usize) -> String {
    let (row, col) = (pt / n, pt % n);
    let letter = |i: usize| {
        (if i < 26 {
            b'a' + i as u8
        } else {
            b'A' + (i - 26) as u8
        }) as char
    };
    format!("{}{}", letter(col), letter(n - 1 - row))
}

/// Parses an SGF point; `None` for a pass (`""`, or `tt` on boards up to 19).
pub fn parse_sgf_point(text: &str, n: usize) -> Result<Option<usize>> {
    let t = text.trim();
    if t.is_empty() || (t == "tt" && n <= 19) {
        return Ok(None);
    }
    let b = t.as_bytes();
    let val = |c: u8| match c {
        b'a'..=b'z' => Some((c - b'a') as usize),
        b'A'..=b'Z' => Some((c - b'A') as usize + 26),
        _ => None,
    };
    match (
        b.len(),
        b.first().and_then(|&c| val(c)),
        b.get(1).and_then(|&c| val(c)),
    ) {
        (2, Some(col), Some(top)) if col < n && top < n => Ok(Some((n - 1 - top) * n + col)),
        _ => Err(LudoError::parse(
            "SGF point",
            text,
            format!("expected two letters within the {n}x{n} board"),
        )),
    }
}

/// Most fixed-placement handicap stones on an `n`-sided board (0 when there are no star points).
pub fn max_fixed_handicap(n: usize) -> usize {
    match n {
        0..=6 => 0,
        _ if n % 2 == 1 => 9,
        _ => 4,
    }
}

/// The fixed handicap points for `h` stones (2 = upper right + lower left from Black's
/// view, 3 adds lower right, 4 all corners, 5 adds the centre, 6 corners + left/right sides, 7 adds the
/// centre, 8 corners + all four sides, 9 all nine). Star points are on the 4th line from 13×13 up and
/// on the 3rd line below.
pub fn fixed_handicap(n: usize, h: usize) -> Vec<usize> {
    let e = if n >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (e, n - 1 - e, n / 2);
    let at = |col: usize, row: usize| row * n + col;
    let corners = [at(hi, hi), at(lo, lo), at(hi, lo), at(lo, hi)];
    let centre = at(mid, mid);
    let (left, right, top, bottom) = (at(lo, mid), at(hi, mid), at(mid, hi), at(mid, lo));
    let mut v: Vec<usize> = match h {
        2..=4 => corners[..h].to_vec(),
        5 => [&corners[..], &[centre]].concat(),
        6 => [&corners[..], &[left, right]].concat(),
        7 => [&corners[..], &[left, right, centre]].concat(),
        8 => [&corners[..], &[left, right, top, bottom]].concat(),
        9 => [&corners[..], &[left, right, top, bottom, centre]].concat(),
        _ => Vec::new(),
    };
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_round_trip_and_skips_i() {
        assert_eq!(gtp_name(0, 19), "A1");
        assert_eq!(gtp_name(8, 19), "J1");
        assert_eq!(parse_gtp("j1", 19).unwrap(), 8);
        assert_eq!(parse_gtp("T19", 19).unwrap(), 360);
        assert!(parse_gtp("I5", 19).is_err());
        assert!(parse_gtp("K10", 9).is_err());
        assert!(parse_gtp("A0", 9).is_err());
        for pt in 0..625 {
            assert_eq!(parse_gtp(&gtp_name(pt, 25), 25).unwrap(), pt);
            assert_eq!(parse_sgf_point(&sgf_name(pt, 25), 25).unwrap(), Some(pt));
        }
    }

    #[test]
    fn handicap_points_match_the_rules_file() {
        let names = |h| {
            fixed_handicap(19, h)
                .into_iter()
                .map(|p| gtp_name(p, 19))
                .collect::<Vec<_>>()
        };
        let mut two = names(2);
        two.sort();
        assert_eq!(two, ["D4", "Q16"]);
        assert!(names(3).contains(&"Q4".to_string()));
        assert_eq!(names(5).len(), 5);
        assert!(names(5).contains(&"K10".to_string()));
        let six = names(6);
        assert!(
            six.contains(&"D10".to_string())
                && six.contains(&"Q10".to_string())
                && !six.contains(&"K10".to_string())
        );
        let eight = names(8);
        assert!(eight.contains(&"K16".to_string()) && eight.contains(&"K4".to_string()));
        assert_eq!(names(9).len(), 9);
        let nine: Vec<String> = fixed_handicap(9, 9).into_iter().map(|p| gtp_name(p, 9)).collect();
        assert!(
            nine.contains(&"C3".to_string())
                && nine.contains(&"E5".to_string())
                && nine.contains(&"G7".to_string())
        );
    }
}
