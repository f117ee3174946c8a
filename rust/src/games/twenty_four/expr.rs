//! Parsing and checking a player's claimed solution.
//!
//! [`check`] accepts the usual spellings: `8*5-(7+9)`, `8×5−(7+9)`, `(8*5)-7-9`, with spaces anywhere.
//!
//! * Numbers: decimal integers; the card letters `A` (1), `J` (11), `Q` (12), `K` (13), any case.
//! * Operators: `+`; `-`, `−` (U+2212), `–` (en dash); `*`, `×`, `x`, `X`, `·`, `⋅`; `/`, `÷`, `:`.
//! * Brackets: `()`, `[]`, `{}`, each closed by its own kind.
//! * An optional trailing `= N` (`8*5-(7+9) = 24`), where N must be the target.
//!
//! Usual precedence (× ÷ before + −), left to right within a level. Unary minus, implicit
//! multiplication (`2(3+4)`) and two numbers side by side (`1 2`) are malformed ([`LudoError::Parse`]).
//! A well-formed claim is then judged, in this order, and the first failure is the [`Reason`]:
//! the numbers must be exactly the cards, each once (a multi-digit number such as `12` made from the
//! cards 1 and 2 is reported as concatenation); no division by zero; under the integer-only rule no
//! fractional intermediate result (evaluated as written); and the exact value must equal the target.

use super::canon::{canonical, Expr, Op};
use super::rational::Ratio;
use super::solver::{sorted_numbers, Intermediate, Options};
use crate::error::{LudoError, Result};
use std::fmt;

/// Why a well-formed claim is not a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The numbers used are not exactly the cards, once each.
    WrongCards {
        used: Vec<u64>,
        cards: Vec<u64>,
        concatenation: bool,
    },
    /// A divisor evaluates to zero (`divisor` as written in canonical form).
    DivisionByZero { divisor: String },
    /// Integer-only rule: this subexpression's value is a fraction.
    Fraction { subexpression: String, value: Ratio },
    /// The expression is fine but its value is not the target.
    WrongValue { value: Ratio, target: i64 },
}

fn list(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::WrongCards {
                used,
                cards,
                concatenation,
            } => {
                write!(
                    f,
                    "wrong cards: the expression uses [{}] but the cards are [{}]",
                    list(used),
                    list(cards)
                )?;
                let (extra, missing) = difference(used, cards);
                if !extra.is_empty() {
                    write!(f, "; not available: {}", list(&extra))?;
                }
                if !missing.is_empty() {
                    write!(f, "; not used: {}", list(&missing))?;
                }
                if *concatenation {
                    write!(f, " (joining digits into one number is not allowed)")?;
                }
                Ok(())
            }
            Reason::DivisionByZero { divisor } => write!(f, "division by zero: {divisor} is 0"),
            Reason::Fraction { subexpression, value } => {
                write!(f, "fractions are not allowed: {subexpression} = {value}")
            }
            Reason::WrongValue { value, target } => {
                write!(f, "wrong value: the expression equals {value}, not {target}")
            }
        }
    }
}

/// The outcome of checking a well-formed claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A solution; `canonical` is its canonical form (the text [`super::solver::solve`] prints).
    Valid { canonical: String },
    /// Not a solution, and why.
    Invalid(Reason),
}

impl Verdict {
    /// Whether the claim is a solution.
    pub fn is_valid(&self) -> bool {
        matches!(self, Verdict::Valid { .. })
    }
}

/// (multiset `a` − `b`, multiset `b` − `a`), both sorted.
fn difference(a: &[u64], b: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    let (mut only_a, mut only_b) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if j == b.len() || (i < a.len() && a[i] < b[j]) {
            only_a.push(a[i]);
            i += 1;
        } else if i == a.len() || b[j] < a[i] {
            only_b.push(b[j]);
            j += 1;
        } else {
            i += 1;
            j += 1;
        }
    }
    (only_a, only_b)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok {
    Num(u64),
    Op(Op),
    Open(char),
    Close(char),
    Equals,
}

fn describe(t: Tok) -> String {
    match t {
        Tok::Num(n) => format!("number {n}"),
        Tok::Op(o) => format!("operator '{}'", o.symbol()),
        Tok::Open(c) | Tok::Close(c) => format!("'{c}'"),
        Tok::Equals => "'='".into(),
    }
}

/// Longest claim text accepted, in characters.
pub const MAX_CHARS: usize = 1000;
/// Deepest bracket nesting accepted.
pub const MAX_DEPTH: usize = 64;
/// Most numbers in one expression (a solution has four; more is reported as wrong cards).
pub const MAX_NUMBERS: usize = 64;

/// Splits the text into tokens. Claims are user input, so the limits are checked here, before a tree is
/// built: with at most [`MAX_NUMBERS`] numbers and [`MAX_DEPTH`] brackets every recursive walk over the
/// tree (parse, evaluate, canonical form, drop) stays a few hundred frames deep.
fn tokenize(text: &str) -> Result<Vec<(Tok, usize)>> {
    // The input in the error is cut: a megabyte of brackets must not come back in the message.
    let shown: String = text.chars().take(60).collect();
    let shown = if shown.len() < text.len() {
        format!("{shown}...")
    } else {
        shown
    };
    let err = |reason: String| LudoError::parse("Twenty-Four expression", &shown, reason);
    if text.chars().nth(MAX_CHARS).is_some() {
        return Err(err(format!(
            "the expression is longer than {MAX_CHARS} characters"
        )));
    }
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let (mut depth, mut numbers) = (0usize, 0usize);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let tok = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '0'..='9' => {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
                let n = digits
                    .parse::<u64>()
                    .map_err(|_| err(format!("number {digits} at position {start} is too large")))?;
                out.push((Tok::Num(n), start));
                numbers += 1;
                if numbers > MAX_NUMBERS {
                    return Err(err(format!("more than {MAX_NUMBERS} numbers")));
                }
                continue;
            }
            'A' | 'a' => Tok::Num(1),
            'J' | 'j' => Tok::Num(11),
            'Q' | 'q' => Tok::Num(12),
            'K' | 'k' => Tok::Num(13),
            '+' => Tok::Op(Op::Add),
            '-' | '−' | '–' => Tok::Op(Op::Sub),
            '*' | '×' | 'x' | 'X' | '·' | '⋅' => Tok::Op(Op::Mul),
            '/' | '÷' | ':' => Tok::Op(Op::Div),
            '(' | '[' | '{' => Tok::Open(c),
            ')' | ']' | '}' => Tok::Close(c),
            '=' => Tok::Equals,
            _ => return Err(err(format!("unexpected character {c:?} at position {i}"))),
        };
        match tok {
            Tok::Num(_) => numbers += 1,
            Tok::Open(_) => depth += 1,
            Tok::Close(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
        if numbers > MAX_NUMBERS {
            return Err(err(format!("more than {MAX_NUMBERS} numbers")));
        }
        if depth > MAX_DEPTH {
            return Err(err(format!(
                "brackets nested deeper than {MAX_DEPTH} at position {i}"
            )));
        }
        out.push((tok, i));
        i += 1;
    }
    Ok(out)
}

struct Parser<'a> {
    text: &'a str,
    toks: Vec<(Tok, usize)>,
    pos: usize,
}

impl Parser<'_> {
    fn err(&self, reason: String) -> LudoError {
        LudoError::parse("Twenty-Four expression", self.text, reason)
    }
    fn peek(&self) -> Option<Tok> {
        self.toks.get(self.pos).map(|t| t.0)
    }
    fn at(&self) -> String {
        match self.toks.get(self.pos) {
            Some((t, i)) => format!("{} at position {i}", describe(*t)),
            None => "the end of the expression".into(),
        }
    }
    fn expr(&mut self) -> Result<Expr> {
        let mut e = self.term()?;
        while let Some(Tok::Op(op @ (Op::Add | Op::Sub))) = self.peek() {
            self.pos += 1;
            e = Expr::bin(op, e, self.term()?);
        }
        Ok(e)
    }
    fn term(&mut self) -> Result<Expr> {
        let mut e = self.factor()?;
        while let Some(Tok::Op(op @ (Op::Mul | Op::Div))) = self.peek() {
            self.pos += 1;
            e = Expr::bin(op, e, self.factor()?);
        }
        Ok(e)
    }
    fn factor(&mut self) -> Result<Expr> {
        match self.peek() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(Expr::Num(n))
            }
            Some(Tok::Open(open)) => {
                self.pos += 1;
                let e = self.expr()?;
                let close = match open {
                    '(' => ')',
                    '[' => ']',
                    _ => '}',
                };
                if self.peek() != Some(Tok::Close(close)) {
                    return Err(self.err(format!(
                        "expected '{close}' to close '{open}', found {}",
                        self.at()
                    )));
                }
                self.pos += 1;
                Ok(e)
            }
            Some(Tok::Op(Op::Sub | Op::Add)) => Err(self.err(format!(
                "unary sign at {}: each card is used as it is, unary minus is not allowed",
                self.at()
            ))),
            _ => Err(self.err(format!("expected a number or '(', found {}", self.at()))),
        }
    }
}

/// Parses an expression (see the module docs) and the target it states after `=`, if any.
pub fn parse(text: &str) -> Result<(Expr, Option<u64>)> {
    let toks = tokenize(text)?;
    let mut p = Parser { text, toks, pos: 0 };
    if p.toks.is_empty() {
        return Err(p.err("the expression is empty".into()));
    }
    let e = p.expr()?;
    let mut stated = None;
    if p.peek() == Some(Tok::Equals) {
        p.pos += 1;
        match p.peek() {
            Some(Tok::Num(n)) => {
                stated = Some(n);
                p.pos += 1;
            }
            _ => return Err(p.err(format!("expected the target after '=', found {}", p.at()))),
        }
    }
    match p.peek() {
        None => Ok((e, stated)),
        Some(Tok::Num(_) | Tok::Open(_)) => {
            Err(p.err(format!("unexpected {}: numbers and brackets must be joined by an operator (no concatenation or implicit ×)", p.at())))
        }
        Some(_) => Err(p.err(format!("unexpected {}", p.at()))),
    }
}

/// Evaluates as written; the first failure (in evaluation order) is the reason.
pub fn evaluate(e: &Expr, mode: Intermediate) -> std::result::Result<Ratio, Reason> {
    let (op, a, b) = match e {
        Expr::Num(n) => return Ok(Ratio::int(*n as i128)),
        Expr::Bin(op, a, b) => (op, a, b),
    };
    let (x, y) = (evaluate(a, mode)?, evaluate(b, mode)?);
    let v = match op {
        Op::Add => x.checked_add(y),
        Op::Sub => x.checked_sub(y),
        Op::Mul => x.checked_mul(y),
        Op::Div if y == Ratio::int(0) => {
            return Err(Reason::DivisionByZero {
                divisor: canonical(b).text,
            })
        }
        Op::Div => x.checked_div(y),
    };
    // Card values are at most MAX_NUMBER, for which no value can overflow (solver docs); a failure here
    // would be a bug, reported as a fraction-free wrong value rather than a panic.
    let v = v.ok_or(Reason::WrongValue {
        value: Ratio::int(0),
        target: 0,
    })?;
    if mode == Intermediate::Integer && !v.is_integer() {
        return Err(Reason::Fraction {
            subexpression: canonical(e).text,
            value: v,
        });
    }
    Ok(v)
}

/// Checks a claimed solution for `cards` (four numbers) under `opts` (target, fractions rule).
///
/// `Err(Parse)` when the text is malformed or states a target other than `opts.target`;
/// `Err(InvalidParameter)` when `cards` is not four numbers in range; otherwise a [`Verdict`].
pub fn check(expression: &str, cards: &[u64], opts: &Options) -> Result<Verdict> {
    let card_list = sorted_numbers(cards)?.to_vec();
    let (e, stated) = parse(expression)?;
    if let Some(n) = stated {
        if i128::from(n) != i128::from(opts.target) {
            return Err(LudoError::parse(
                "Twenty-Four expression",
                expression,
                format!("it ends with = {n} but the target is {}", opts.target),
            ));
        }
    }
    let mut used = Vec::new();
    e.numbers(&mut used);
    let (extra, missing) = difference(&used, &card_list);
    if !extra.is_empty() || !missing.is_empty() {
        let concatenation = extra.iter().any(|x| {
            let digits = x.to_string();
            digits.len() > 1
                && digits
                    .chars()
                    .all(|d| missing.contains(&u64::from(d.to_digit(10).unwrap_or(99))))
        });
        return Ok(Verdict::Invalid(Reason::WrongCards {
            used,
            cards: card_list,
            concatenation,
        }));
    }
    match evaluate(&e, opts.intermediate) {
        Err(r) => Ok(Verdict::Invalid(r)),
        Ok(v) if v == Ratio::int(i128::from(opts.target)) => Ok(Verdict::Valid {
            canonical: canonical(&e).text,
        }),
        Ok(v) => Ok(Verdict::Invalid(Reason::WrongValue {
            value: v,
            target: opts.target,
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twenty_four::solver;

    const D: Options = Options {
        target: 24,
        intermediate: Intermediate::Rational,
    };

    fn verdict(e: &str, cards: &[u64]) -> Verdict {
        check(e, cards, &D).unwrap()
    }

    #[test]
    fn accepts_the_usual_spellings() {
        for e in [
            "8*5-(7+9)",
            "8×5−(7+9)",
            "(8*5)-7-9",
            " 8 * 5 - ( 7 + 9 ) ",
            "8x5–[7+9]",
            "{(8·5)−7}−9",
            "8*5-7-9 = 24",
            "5*8-9-7",
        ] {
            assert_eq!(
                verdict(e, &[5, 7, 8, 9]),
                Verdict::Valid {
                    canonical: "8*5-9-7".into()
                },
                "{e}"
            );
        }
        assert!(verdict("6÷(1−3÷4)", &[1, 3, 4, 6]).is_valid());
        assert!(verdict("6/(1-3/4)", &[6, 4, 3, 1]).is_valid());
        assert!(verdict("8:(3-8:3)", &[3, 3, 8, 8]).is_valid());
        assert!(verdict("(A+A+A)*8", &[1, 1, 1, 8]).is_valid());
        assert!(verdict("K+Q-J*a", &[13, 12, 11, 1]).is_invalid_value());
        assert!(verdict("k+q-j/A", &[13, 12, 11, 1]).is_invalid_value());
    }

    impl Verdict {
        fn is_invalid_value(&self) -> bool {
            matches!(self, Verdict::Invalid(Reason::WrongValue { .. }))
        }
    }

    #[test]
    fn precedence_and_left_to_right() {
        // 8/2/2 = 2 (left to right), 2+3*4 = 14, (2+3)*4 = 20.
        let t =
            |e: &str, cards: &[u64], target| check(e, cards, &Options::target(target)).unwrap().is_valid();
        assert!(t("8/2/2*1", &[8, 2, 2, 1], 2));
        assert!(t("2+3*4+0", &[2, 3, 4, 0], 14));
        assert!(t("(2+3)*4+0", &[2, 3, 4, 0], 20));
        assert!(t("9-4-3-1", &[9, 4, 3, 1], 1));
    }

    #[test]
    fn wrong_cards_reuse_omission_and_concatenation() {
        let r = verdict("8*3", &[8, 3, 1, 1]);
        let Verdict::Invalid(reason @ Reason::WrongCards { .. }) = r else {
            panic!("{r:?}")
        };
        assert!(reason.to_string().contains("not used: 1 1"), "{reason}");
        let r = verdict("8*3*1*1*1", &[8, 3, 1, 1]);
        assert!(
            matches!(r, Verdict::Invalid(Reason::WrongCards { .. })),
            "reuse: {r:?}"
        );
        // 12 from the cards 1 and 2: concatenation.
        let Verdict::Invalid(reason) = verdict("12*2*1", &[1, 2, 2, 1]) else {
            panic!()
        };
        assert!(reason.to_string().contains("joining digits"), "{reason}");
        let Verdict::Invalid(reason) = verdict("8*3*1*9", &[8, 3, 1, 1]) else {
            panic!()
        };
        assert!(reason.to_string().contains("not available: 9"), "{reason}");
        // 12 with no 1 among the cards left unused (cards 2 3 4 6): a number that is not a card,
        // not digits joined, since its digit 1 is no card here.
        let Verdict::Invalid(reason) = verdict("12*2", &[2, 3, 4, 6]) else {
            panic!()
        };
        let text = reason.to_string();
        assert!(
            text.contains("not available: 12") && !text.contains("joining digits"),
            "{text}"
        );
    }

    #[test]
    fn the_cards_used_against_the_cards_dealt_count_each_card_as_often_as_it_appears() {
        // 8 3 1 9 written on the cards 8 3 1 1: the 9 is extra and one 1 unused (after the last
        // dealt card there is still a used one to report).
        assert_eq!(difference(&[8, 3, 1, 9], &[8, 3, 1, 1]), (vec![9], vec![1]));
        // 2 3 8 written on 3 3 8: a 2 below every dealt card is extra, not paired with a 3.
        assert_eq!(difference(&[2, 3, 8], &[3, 3, 8]), (vec![2], vec![3]));
        // 8 3 1 on 8 3 1 9: the dealt 9, above every card used, is unused.
        assert_eq!(difference(&[8, 3, 1], &[8, 3, 1, 9]), (vec![], vec![9]));
    }

    #[test]
    fn division_by_zero_fractions_and_wrong_values() {
        assert_eq!(
            verdict("24/(5-5)*3", &[24, 5, 5, 3]),
            Verdict::Invalid(Reason::DivisionByZero {
                divisor: "5-5".into()
            })
        );
        let int = Options {
            intermediate: Intermediate::Integer,
            ..D
        };
        let r = check("8/(3-8/3)", &[3, 3, 8, 8], &int).unwrap();
        assert!(
            matches!(&r, Verdict::Invalid(Reason::Fraction { subexpression, .. }) if subexpression == "8/3"),
            "{r:?}"
        );
        // As written: 3/4*8*... is fractional midway even though 3*8/4 is not.
        let r = check("3/4*8*4", &[3, 4, 8, 4], &int).unwrap();
        assert!(matches!(r, Verdict::Invalid(Reason::Fraction { .. })));
        assert!(check("3*8/4*4", &[3, 4, 8, 4], &int).unwrap().is_valid());
        let Verdict::Invalid(reason) = verdict("8*5-7+9", &[5, 7, 8, 9]) else {
            panic!()
        };
        assert_eq!(
            reason.to_string(),
            "wrong value: the expression equals 42, not 24"
        );
        let Verdict::Invalid(reason) = verdict("5/7+8+9", &[5, 7, 8, 9]) else {
            panic!()
        };
        assert!(reason.to_string().contains("124/7"), "{reason}");
    }

    #[test]
    fn malformed_is_a_parse_error_with_a_reason() {
        for (e, why) in [
            ("", "empty"),
            ("-8*5+7+9", "unary minus"),
            ("8*(-5)+7+9", "unary minus"),
            ("8*5-(7+9", "expected ')'"),
            ("8*5-(7+9]", "expected ')'"),
            ("8*5-7+9)", "unexpected ')'"),
            ("8 5 7 9", "joined by an operator"),
            ("2(3+4)+8", "joined by an operator"),
            ("8*5-7-9 = 25", "target is 24"),
            ("8*5-7-9 =", "after '='"),
            ("8^2+7+9", "unexpected character '^'"),
            ("8*5--7-9", "unary"),
            ("99999999999999999999999+1", "too large"),
        ] {
            let err = check(e, &[5, 7, 8, 9], &D).unwrap_err();
            assert!(matches!(err, LudoError::Parse { .. }), "{e}: {err:?}");
            assert!(err.to_string().contains(why), "{e}: {err}");
        }
        assert!(matches!(
            check("1+2", &[1, 2], &D),
            Err(LudoError::InvalidParameter { .. })
        ));
    }

    #[test]
    fn every_solution_the_solver_prints_checks_as_itself() {
        for cards in [
            [5u64, 7, 8, 9],
            [1, 3, 4, 6],
            [5, 5, 5, 5],
            [2, 3, 12, 12],
            [1, 2, 3, 4],
        ] {
            for s in solver::solve(&cards, &D).unwrap() {
                assert_eq!(
                    check(&s, &cards, &D).unwrap(),
                    Verdict::Valid { canonical: s.clone() }
                );
            }
        }
    }

    #[test]
    fn a_refused_text_is_quoted_whole_up_to_60_characters_then_cut() {
        // The message quotes the claim so the player sees what was refused; past 60 characters only
        // the first 60 and "..." (a huge claim must not come back whole).
        let quoted = |e: &str| match check(e, &[5, 7, 8, 9], &D).unwrap_err() {
            LudoError::Parse { input, .. } => input,
            err => panic!("{e}: {err:?}"),
        };
        assert_eq!(quoted("8^2+7+9"), "8^2+7+9");
        let sixty = format!("{}1^", "1+".repeat(29));
        assert_eq!(sixty.chars().count(), 60);
        assert_eq!(quoted(&sixty), sixty);
        let sixty_one = format!("{}^", "1+".repeat(30));
        assert_eq!(quoted(&sixty_one), format!("{}...", "1+".repeat(30)));
    }

    #[test]
    fn card_letters_count_towards_the_number_limit_like_digits() {
        let joined = |n: usize, s: &str| vec![s; n].join("+");
        let judged = |e: &str| {
            matches!(
                check(e, &[1, 2, 3, 4], &D),
                Ok(Verdict::Invalid(Reason::WrongCards { .. }))
            )
        };
        let refused = |e: &str| {
            let err = check(e, &[1, 2, 3, 4], &D).unwrap_err();
            err.to_string().contains("more than 64 numbers")
        };
        // 64 numbers are judged (wrong cards), also when more text follows the 64th.
        assert!(judged(&joined(64, "A")));
        assert!(judged(&format!("({})", joined(64, "1"))));
        // The 65th is refused, a letter as well as a digit.
        assert!(refused(&joined(65, "A")));
        assert!(refused(&format!("{}+1", joined(64, "Q"))));
        assert!(refused(&format!("{}+J", joined(64, "1"))));
    }

    #[test]
    fn closed_brackets_give_their_depth_back() {
        // Four groups 40 deep one after the other: 160 brackets opened in all, never more than 40 at
        // once, so the claim is under the 64-deep limit and is judged (1*2*3*4 = 24).
        let nest = |n: u64| format!("{}{n}{}", "(".repeat(40), ")".repeat(40));
        let text = format!("{}*{}*{}*{}", nest(1), nest(2), nest(3), nest(4));
        assert!(verdict(&text, &[1, 2, 3, 4]).is_valid(), "{text}");
    }
}
