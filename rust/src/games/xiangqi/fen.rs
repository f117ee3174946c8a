//! FEN for Xiangqi (UCCI/WXF: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`)
//! and its Jieqi extension (`X`/`x` for a face-down piece, which always stands on a start point of
//! its side and moves as the piece that starts there).
//!
//! Ranks are listed from Black's back rank (rank 9) down to Red's (rank 0); upper case is Red. The
//! side to move is `w` or `r` for Red and `b` for Black. Elephants and horses are accepted as `b`/`e`
//! and `n`/`h`; `b`/`n` are written. The optional fields after the side (`- - halfmove fullmove`)
//! are read when present; only the half-move clock (plies since the last capture) is used.

use super::board::*;
use crate::error::{LudoError, Result};

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Which rules a FEN is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenRules {
    /// Standard Xiangqi: no hidden pieces, advisors and elephants on their points.
    Xiangqi,
    /// Jieqi: hidden pieces on start points, revealed advisors and elephants anywhere and unrestricted
    /// (`revealed_advisor_elephant_unrestricted=true`, the default).
    Jieqi,
    /// Jieqi with `revealed_advisor_elephant_unrestricted=false`: face-up advisors and elephants may stand
    /// anywhere (a face-down piece can be revealed as one off its points) but move as in Xiangqi.
    JieqiRestricted,
}

impl FenRules {
    fn is_jieqi(self) -> bool {
        self != FenRules::Xiangqi
    }
}

/// Largest half-move clock and move number a FEN may give (far beyond any real game; keeps the clocks
/// that count on from the FEN clear of overflow).
pub const MAX_CLOCK: u32 = 1_000_000;

/// A parsed FEN.
#[derive(Clone, Debug)]
pub struct Fen {
    pub position: Position,
    /// Plies since the last capture (FEN's half-move clock), 0 when absent.
    pub halfmove: u32,
    /// Full move number, 1 when absent.
    pub fullmove: u32,
}

fn letter_kind(ch: char) -> Option<u8> {
    Some(match ch.to_ascii_lowercase() {
        'k' | 'g' => KING,
        'a' => ADVISOR,
        'b' | 'e' => ELEPHANT,
        'n' | 'h' => HORSE,
        'r' => ROOK,
        'c' => CANNON,
        'p' | 's' => PAWN,
        _ => return None,
    })
}

/// The FEN letter of a kind (upper case).
pub fn kind_letter(kind: u8) -> char {
    match kind {
        KING => 'K',
        ADVISOR | ADVISOR_FREE => 'A',
        ELEPHANT | ELEPHANT_FREE => 'B',
        HORSE => 'N',
        ROOK => 'R',
        CANNON => 'C',
        PAWN => 'P',
        _ => '?',
    }
}

/// The FEN letter of a cell (`X`/`x` for a hidden piece, `.` for empty).
pub fn cell_letter(cell: u8) -> char {
    if cell == EMPTY {
        return '.';
    }
    let ch = if cell & HIDDEN != 0 {
        'X'
    } else {
        kind_letter(kind_of(cell))
    };
    if color_of(cell) == BLACK {
        ch.to_ascii_lowercase()
    } else {
        ch
    }
}

/// Most pieces of each kind a side starts with (index by kind, advisors/elephants counted once).
const MAX_COUNT: [u8; 8] = [0, 1, 2, 2, 2, 2, 2, 5];

/// Parses and validates a FEN.
pub fn parse(text: &str, rules: FenRules) -> Result<Fen> {
    let bad = |reason: String| LudoError::parse("FEN", text, reason);
    let mut fields = text.split_whitespace();
    let board_text = fields.next().ok_or_else(|| bad("empty FEN".into()))?;
    let rows: Vec<&str> = board_text.split('/').collect();
    if rows.len() != RANKS {
        return Err(bad(format!(
            "the board needs {RANKS} ranks separated by '/', found {}",
            rows.len()
        )));
    }
    let mut board = [EMPTY; SQUARES];
    for (i, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - i;
        let mut file = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(bad(format!("rank {rank}: '0' is not a run of empty points")));
                }
                file += d as usize;
            } else {
                let color = if ch.is_ascii_uppercase() { RED } else { BLACK };
                let cell = if ch.eq_ignore_ascii_case(&'x') {
                    if rules == FenRules::Xiangqi {
                        return Err(bad("hidden pieces ('x') exist only in Jieqi".into()));
                    }
                    // Kind filled in below from the start point.
                    HIDDEN | piece(color, 0)
                } else {
                    let k = letter_kind(ch)
                        .ok_or_else(|| bad(format!("rank {rank}: unknown piece letter {ch:?}")))?;
                    let k = match (rules, k) {
                        (FenRules::Jieqi, ADVISOR) => ADVISOR_FREE,
                        (FenRules::Jieqi, ELEPHANT) => ELEPHANT_FREE,
                        _ => k,
                    };
                    piece(color, k)
                };
                if file >= FILES {
                    return Err(bad(format!("rank {rank} has more than {FILES} points")));
                }
                board[square(file, rank)] = cell;
                file += 1;
            }
        }
        if file != FILES {
            return Err(bad(format!("rank {rank} has {file} points, not {FILES}")));
        }
    }
    let side = match fields.next() {
        None => RED,
        Some("w") | Some("r") | Some("W") | Some("R") => RED,
        Some("b") | Some("B") => BLACK,
        Some(s) => return Err(bad(format!("side to move {s:?} is not w, r or b"))),
    };
    // Skip the two chess-style placeholders when present, then read the clocks.
    let rest: Vec<&str> = fields.collect();
    let nums: Vec<&str> = rest.iter().copied().filter(|s| *s != "-").collect();
    let parse_num = |s: &str, what: &str| -> Result<u32> {
        let n = s
            .parse::<u64>()
            .map_err(|_| bad(format!("{what} {s:?} is not a number")))?;
        if n > u64::from(MAX_CLOCK) {
            return Err(bad(format!("{what} {n} is larger than {MAX_CLOCK}")));
        }
        Ok(n as u32)
    };
    let halfmove = match nums.first() {
        Some(s) => parse_num(s, "half-move clock")?,
        None => 0,
    };
    let fullmove = match nums.get(1) {
        Some(s) => parse_num(s, "move number")?,
        None => 1,
    };
    if nums.len() > 2 {
        return Err(bad(format!("unexpected trailing fields {:?}", &nums[2..])));
    }
    fill_hidden_kinds(&mut board)?;
    validate(&board, side, rules)?;
    let position = Position::from_board(board, side, rules.is_jieqi());
    if position.king_attacked(1 - side) {
        let who = if side == RED { "Black" } else { "Red" };
        return Err(LudoError::InvalidPosition {
            reason: format!(
                "{who}'s general is attacked (or faces the other general) although it is not {who}'s turn"
            ),
        });
    }
    Ok(Fen {
        position,
        halfmove,
        fullmove,
    })
}

fn invalid(reason: String) -> LudoError {
    LudoError::InvalidPosition { reason }
}

fn point_name(sq: usize) -> String {
    format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq))
}

/// A hidden piece moves as the piece of its start point, so it must stand on one of its side's.
fn fill_hidden_kinds(board: &mut [u8; SQUARES]) -> Result<()> {
    for sq in 0..SQUARES {
        let c = board[sq];
        if c & HIDDEN == 0 {
            continue;
        }
        let start = START_BOARD[sq];
        if start == EMPTY || color_of(start) != color_of(c) || kind_of(start) == KING {
            return Err(invalid(format!(
                "a hidden piece stands on {} which is not a start point of its side (hidden pieces never move)",
                point_name(sq)
            )));
        }
        board[sq] = c | kind_of(start);
    }
    Ok(())
}

fn validate(board: &[u8; SQUARES], side: Color, rules: FenRules) -> Result<()> {
    let _ = side;
    let names = [
        "", "general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn",
    ];
    for color in [RED, BLACK] {
        let who = if color == RED { "Red" } else { "Black" };
        let mut count = [0u8; 8];
        let mut total = 0;
        for (sq, &c) in board.iter().enumerate() {
            if c == EMPTY || color_of(c) != color {
                continue;
            }
            total += 1;
            if c & HIDDEN != 0 {
                continue;
            }
            let k = match kind_of(c) {
                ADVISOR_FREE => ADVISOR,
                ELEPHANT_FREE => ELEPHANT,
                k => k,
            };
            count[k as usize] += 1;
            let at = point_name(sq);
            match k {
                KING if !in_palace(color, sq) => {
                    return Err(invalid(format!("{who}'s general on {at} is outside its palace")));
                }
                ADVISOR if rules == FenRules::Xiangqi && !in_palace(color, sq) => {
                    return Err(invalid(format!("{who}'s advisor on {at} is outside its palace")));
                }
                ADVISOR if rules == FenRules::Xiangqi && (file_of(sq) + rank_of(sq)) % 2 != 1 - color => {
                    return Err(invalid(format!(
                        "{who}'s advisor on {at} is not on a palace diagonal point"
                    )));
                }
                ELEPHANT if rules == FenRules::Xiangqi && !elephant_point(color, sq) => {
                    return Err(invalid(format!(
                        "{who}'s elephant on {at} is not on one of its 7 points"
                    )));
                }
                PAWN if rules == FenRules::Xiangqi && !pawn_point(color, sq) => {
                    return Err(invalid(format!(
                        "{who}'s pawn on {at} cannot get there (pawns never retreat or step sideways before the river)"
                    )));
                }
                _ => {}
            }
        }
        for k in KING..=PAWN {
            if count[k as usize] > MAX_COUNT[k as usize] {
                return Err(invalid(format!(
                    "{who} has {} {}s, at most {} are allowed",
                    count[k as usize], names[k as usize], MAX_COUNT[k as usize]
                )));
            }
        }
        if count[KING as usize] != 1 {
            return Err(invalid(format!(
                "{who} needs exactly one general, found {}",
                count[KING as usize]
            )));
        }
        if total > 16 {
            return Err(invalid(format!("{who} has {total} pieces, at most 16")));
        }
    }
    Ok(())
}

fn elephant_point(color: Color, sq: usize) -> bool {
    let (f, r) = (file_of(sq), rank_of(sq));
    let r = if color == RED { r } else { 9 - r };
    matches!(
        (f, r),
        (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
    )
}

fn pawn_point(color: Color, sq: usize) -> bool {
    let r = if color == RED {
        rank_of(sq)
    } else {
        9 - rank_of(sq)
    };
    match r {
        0..=2 => false,
        3 | 4 => file_of(sq) % 2 == 0,
        _ => true,
    }
}

/// Writes the FEN of a position (`- -` placeholders and the two clocks included).
pub fn write(pos: &Position, halfmove: u32, fullmove: u32) -> String {
    let mut s = String::with_capacity(96);
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            let c = pos.at(square(file, rank));
            if c == EMPTY {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push(char::from(b'0' + empty));
                    empty = 0;
                }
                s.push(cell_letter(c));
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(if pos.side() == RED { " w" } else { " b" });
    s.push_str(&format!(" - - {halfmove} {fullmove}"));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let f = parse(START_FEN, FenRules::Xiangqi).unwrap();
        assert_eq!(f.position, Position::start());
        assert_eq!(write(&f.position, 0, 1), START_FEN);
        // Short form, `r` for Red, WXF letters.
        let g = parse(
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
            FenRules::Xiangqi,
        )
        .unwrap();
        assert_eq!(g.position, Position::start());
    }

    #[test]
    fn malformed_text_is_a_parse_error() {
        for bad in [
            "",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNZ w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "xnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        ] {
            assert!(
                matches!(parse(bad, FenRules::Xiangqi), Err(LudoError::Parse { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn impossible_positions_are_rejected_with_reasons() {
        let cases = [
            // Generals face each other on an open file with Red to move: Red could capture.
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", "attacked"),
            ("3k5/9/9/9/9/9/9/9/9/4K4 w", ""), // legal: different files
            ("4k4/9/9/9/9/9/9/9/9/5K3 w", ""),
            ("4k4/9/9/9/9/9/9/9/9/9 w", "exactly one general"),
            ("4k4/9/9/9/9/9/9/9/9/3KK4 w", "generals"),
            ("4k4/9/9/9/9/9/9/9/9/K8 w", "outside its palace"),
            ("4k4/9/9/9/9/9/9/9/9/3KA4 w", "palace diagonal"),
            ("3k5/4a4/9/9/9/9/9/9/4A4/4K4 w", ""),
            ("4k4/9/9/9/9/9/9/9/9/3KB4 w", "7 points"),
            ("4k4/9/9/9/9/9/1P7/9/9/3K5 w", "pawn"),
            ("4k4/9/9/9/9/9/9/9/P8/3K5 w", "pawn"),
            ("3k5/9/9/9/9/RRR6/9/9/9/4K4 w", "chariots"),
            // Red to move but Black's general is in check from a Red chariot.
            ("3k5/9/9/9/9/9/9/9/9/3RK4 w", "attacked"),
        ];
        for (fen, want) in cases {
            let r = parse(fen, FenRules::Xiangqi);
            if want.is_empty() {
                assert!(r.is_ok(), "{fen}: {r:?}");
            } else {
                match r {
                    Err(LudoError::InvalidPosition { reason }) => {
                        assert!(reason.contains(want), "{fen}: {reason}")
                    }
                    other => panic!("{fen}: expected InvalidPosition({want}), got {other:?}"),
                }
            }
        }
    }

    #[test]
    fn jieqi_hidden_pieces_take_the_start_kind() {
        let f = parse(
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1",
            FenRules::Jieqi,
        )
        .unwrap();
        assert_eq!(f.position.at(square(0, 0)), HIDDEN | ROOK);
        assert_eq!(f.position.at(square(1, 7)), HIDDEN | BLACK_BIT | CANNON);
        assert_eq!(
            write(&f.position, 0, 1),
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1"
        );
        // A hidden piece off its start points is impossible.
        let e = parse(
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4X4/X1X1X1X1X/1X5X1/9/XXXXKXXX1 w",
            FenRules::Jieqi,
        );
        assert!(matches!(e, Err(LudoError::InvalidPosition { .. })), "{e:?}");
        // Revealed advisors may stand anywhere in Jieqi.
        assert!(parse("3k5/9/9/9/9/A8/9/9/9/4K4 w", FenRules::Jieqi).is_ok());
        assert!(parse("3k5/9/9/9/9/A8/9/9/9/4K4 w", FenRules::Xiangqi).is_err());
    }

    /// A side has 16 pieces at most, face-down ones included (the counts by kind do not see
    /// them): 15 face-down pieces and the general are a full side; a face-up soldier more is
    /// refused, for Red as for Black, naming the side.
    #[test]
    fn a_side_has_at_most_16_pieces_face_down_ones_included() {
        let full = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w";
        assert!(parse(full, FenRules::Jieqi).is_ok());
        for (fen, want) in [
            (
                "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4P4/X1X1X1X1X/1X5X1/9/XXXXKXXXX w",
                "Red has 17 pieces, at most 16",
            ),
            (
                "xxxxkxxxx/9/1x5x1/x1x1x1x1x/4p4/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w",
                "Black has 17 pieces, at most 16",
            ),
        ] {
            match parse(fen, FenRules::Jieqi) {
                Err(LudoError::InvalidPosition { reason }) => assert_eq!(reason, want, "{fen}"),
                other => panic!("{fen}: expected InvalidPosition, got {other:?}"),
            }
        }
    }

    /// An advisor off the palace is refused as such even on a point of the palace diagonals'
    /// colour (b0 for Red, b9 for Black), and the reason names its side and point.
    #[test]
    fn an_advisor_outside_the_palace_is_named_with_its_side() {
        for (fen, want) in [
            (
                "3k5/9/9/9/9/9/9/9/9/1A2K4 w",
                "Red's advisor on b0 is outside its palace",
            ),
            (
                "1a1k5/9/9/9/9/9/9/9/9/4K4 w",
                "Black's advisor on b9 is outside its palace",
            ),
        ] {
            match parse(fen, FenRules::Xiangqi) {
                Err(LudoError::InvalidPosition { reason }) => assert_eq!(reason, want, "{fen}"),
                other => panic!("{fen}: expected InvalidPosition, got {other:?}"),
            }
        }
    }

    /// A Jieqi position sees the attacks of free (face-up, unrestricted) advisors: a red advisor on
    /// d8 attacks Black's general on e9, a black one on e1 Red's on d0. With the checked side not
    /// to move the FEN is impossible, and the reason names whose general it is; with it to move,
    /// that side is in check.
    #[test]
    fn free_advisors_attack_in_a_jieqi_fen() {
        for (fen, want) in [
            (
                "4k4/3A5/9/9/9/9/9/9/9/3K5 w",
                "Black's general is attacked (or faces the other general) although it is not Black's turn",
            ),
            (
                "4k4/9/9/9/9/9/9/9/4a4/3K5 b",
                "Red's general is attacked (or faces the other general) although it is not Red's turn",
            ),
        ] {
            match parse(fen, FenRules::Jieqi) {
                Err(LudoError::InvalidPosition { reason }) => assert_eq!(reason, want, "{fen}"),
                other => panic!("{fen}: expected InvalidPosition, got {other:?}"),
            }
            let turned = fen.replace(" w", " B").replace(" b", " w").replace(" B", " b");
            assert!(
                parse(&turned, FenRules::Jieqi).unwrap().position.in_check(),
                "{turned}"
            );
        }
    }

    /// A face-down piece may not stand on its own side's general's start point (a face-down piece
    /// moves as its start point's piece, and no piece starts face down there); a general that has
    /// stepped off e0 leaves e0 to face-up pieces only.
    #[test]
    fn no_face_down_piece_on_the_generals_start_point() {
        for (fen, at) in [
            ("4k4/9/9/9/9/9/9/9/4K4/4X4 w", "e0"),
            ("4x4/4k4/9/9/9/9/9/9/9/4K4 w", "e9"),
        ] {
            match parse(fen, FenRules::Jieqi) {
                Err(LudoError::InvalidPosition { reason }) => assert_eq!(
                    reason,
                    format!("a hidden piece stands on {at} which is not a start point of its side (hidden pieces never move)"),
                    "{fen}"
                ),
                other => panic!("{fen}: expected InvalidPosition, got {other:?}"),
            }
        }
    }

    /// Black's soldiers, as Red's, never stand behind their start rank nor off the start files
    /// before the river: a8 and b6 are refused, a6 and b4 (across the river) are not.
    #[test]
    fn black_soldiers_stand_only_where_they_can_get() {
        for bad in ["4k4/p8/9/9/9/9/9/9/9/3K5 w", "4k4/9/9/1p7/9/9/9/9/9/3K5 w"] {
            match parse(bad, FenRules::Xiangqi) {
                Err(LudoError::InvalidPosition { reason }) => {
                    assert!(reason.starts_with("Black's pawn on "), "{bad}: {reason}")
                }
                other => panic!("{bad}: expected InvalidPosition, got {other:?}"),
            }
        }
        for good in ["4k4/9/9/p8/9/9/9/9/9/3K5 w", "4k4/9/9/9/9/1p7/9/9/9/3K5 w"] {
            assert!(parse(good, FenRules::Xiangqi).is_ok(), "{good}");
        }
    }
}
