//! Expressions and their canonical form: the one definition of "the same solution" used by the solver
//! (to deduplicate and print) and by the checker (to compare a claim with the solver's list).
//!
//! # The canonical form
//!
//! Two expressions are the same solution when they are equal up to **commutativity and associativity
//! of addition and multiplication, with − read as adding the opposite and ÷ as multiplying by the
//! inverse**. Concretely, an expression is rewritten bottom-up into a tree of three kinds of node:
//!
//! * a **number** (a card value);
//! * a **sum** `p₁ + p₂ + … − n₁ − n₂ − …`: two multisets of terms, *added* (never empty) and
//!   *subtracted* (possibly empty), at least two terms in all, no term itself a sum;
//! * a **product** `p₁ × p₂ × … ÷ d₁ ÷ d₂ ÷ …`: two multisets of factors, *multiplied* (never empty) and
//!   *divided* (possibly empty), at least two in all, no factor itself a product.
//!
//! So `a − (b − c)`, `a + c − b` and `c − b + a` are one solution (terms `{a, c}` minus `{b}`), as are
//! `a ÷ (b ÷ c)` and `a × c ÷ b`, and `(a × b) × c` and `c × (b × a)`. Nothing else is identified:
//! distributivity is not used, `x × 1` and `x ÷ 1` are different solutions, `x + 0` and `x − 0` too, and
//! `(a − b) × (c − d)` differs from `(b − a) × (d − c)`. Equal card values are interchangeable, so
//! `6 × 6 − 6 − 6` is one solution whatever the suits.
//!
//! # The printed form
//!
//! Each node's children are ordered by **exact value, largest first**, ties broken by their printed text
//! (ascending, byte order); added terms come before subtracted ones and multiplied factors before divided
//! ones. Operators are the ASCII `+ - * /` without spaces, with the minimum parentheses under the usual
//! precedence and left-to-right evaluation: only a sum used as a factor or divisor is parenthesised. So
//! `8 × 5 − (7 + 9)` prints as `8*5-9-7` and `6 ÷ (1 − 3 ÷ 4)` as `6/(1-3/4)`. Equal trees print equal
//! text and different trees different text, so the text is the solution's identity.

use super::rational::Ratio;
use std::cmp::Ordering;
use std::fmt;

/// A binary operator.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    /// ASCII symbol.
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => '*',
            Op::Div => '/',
        }
    }
}

/// An expression as written: numbers and binary operations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Num(u64),
    Bin(Op, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// `a op b`.
    pub fn bin(op: Op, a: Expr, b: Expr) -> Expr {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }
    /// The numbers in the order they appear.
    pub fn numbers(&self, out: &mut Vec<u64>) {
        match self {
            Expr::Num(n) => out.push(*n),
            Expr::Bin(_, a, b) => {
                a.numbers(out);
                b.numbers(out);
            }
        }
    }
}

/// The shape of a canonical node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Num(u64),
    /// Added terms, subtracted terms.
    Sum(Vec<Canon>, Vec<Canon>),
    /// Multiplied factors, divided factors.
    Prod(Vec<Canon>, Vec<Canon>),
}

/// A node of the canonical form with its printed text and exact value (`None` if it divides by zero or
/// overflows) cached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canon {
    pub kind: Kind,
    pub text: String,
    pub value: Option<Ratio>,
}

/// Largest value first, undefined values last, then text ascending: a total order on canonical trees.
fn order(a: &Canon, b: &Canon) -> Ordering {
    match (a.value, b.value) {
        (Some(x), Some(y)) => y.cmp(&x),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
    .then_with(|| a.text.cmp(&b.text))
}

fn collect(e: &Expr, flip: bool, additive: bool, plus: &mut Vec<Canon>, minus: &mut Vec<Canon>) {
    let (same, inverse) = if additive {
        (Op::Add, Op::Sub)
    } else {
        (Op::Mul, Op::Div)
    };
    match e {
        Expr::Bin(op, a, b) if *op == same || *op == inverse => {
            collect(a, flip, additive, plus, minus);
            collect(b, flip ^ (*op == inverse), additive, plus, minus);
        }
        _ => {
            let c = canonical(e);
            if flip {
                minus.push(c)
            } else {
                plus.push(c)
            }
        }
    }
}

fn fold(items: &[Canon], start: Option<Ratio>, f: fn(Ratio, Ratio) -> Option<Ratio>) -> Option<Ratio> {
    items.iter().try_fold(start?, |acc, c| f(acc, c.value?))
}

/// The canonical form of `e` (see the module docs).
pub fn canonical(e: &Expr) -> Canon {
    match e {
        Expr::Num(n) => Canon {
            kind: Kind::Num(*n),
            text: n.to_string(),
            value: Some(Ratio::int(*n as i128)),
        },
        Expr::Bin(op, _, _) => {
            let additive = matches!(op, Op::Add | Op::Sub);
            let (mut plus, mut minus) = (Vec::new(), Vec::new());
            collect(e, false, additive, &mut plus, &mut minus);
            plus.sort_by(order);
            minus.sort_by(order);
            let mut text = String::new();
            let wrap = |c: &Canon| {
                if !additive && matches!(c.kind, Kind::Sum(..)) {
                    format!("({})", c.text)
                } else {
                    c.text.clone()
                }
            };
            let (join, inv) = if additive { ('+', '-') } else { ('*', '/') };
            for (i, c) in plus.iter().enumerate() {
                if i > 0 {
                    text.push(join);
                }
                text.push_str(&wrap(c));
            }
            for c in &minus {
                text.push(inv);
                text.push_str(&wrap(c));
            }
            let value = if additive {
                fold(
                    &minus,
                    fold(&plus, Some(Ratio::int(0)), Ratio::checked_add),
                    Ratio::checked_sub,
                )
            } else {
                fold(
                    &minus,
                    fold(&plus, Some(Ratio::int(1)), Ratio::checked_mul),
                    Ratio::checked_div,
                )
            };
            let kind = if additive {
                Kind::Sum(plus, minus)
            } else {
                Kind::Prod(plus, minus)
            };
            Canon { kind, text, value }
        }
    }
}

impl fmt::Display for Canon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Expr::Num as N;

    fn b(op: Op, x: Expr, y: Expr) -> Expr {
        Expr::bin(op, x, y)
    }

    #[test]
    fn prints_with_minimal_parentheses_largest_first() {
        // 8×5 − (7+9)
        let e = b(Op::Sub, b(Op::Mul, N(8), N(5)), b(Op::Add, N(7), N(9)));
        assert_eq!(canonical(&e).text, "8*5-9-7");
        // 6 / (1 − 3/4)
        let e = b(Op::Div, N(6), b(Op::Sub, N(1), b(Op::Div, N(3), N(4))));
        assert_eq!(canonical(&e).text, "6/(1-3/4)");
        // (1+1+1) × 8
        let e = b(Op::Mul, b(Op::Add, b(Op::Add, N(1), N(1)), N(1)), N(8));
        assert_eq!(canonical(&e).text, "8*(1+1+1)");
        assert_eq!(canonical(&e).value, Some(Ratio::int(24)));
    }

    #[test]
    fn identifies_exactly_commutativity_and_associativity() {
        let same = [
            // a − (b − c) = a + c − b = c − b + a
            (
                b(Op::Sub, N(9), b(Op::Sub, N(4), N(2))),
                b(Op::Sub, b(Op::Add, N(2), N(9)), N(4)),
            ),
            // a ÷ (b ÷ c) = a × c ÷ b
            (
                b(Op::Div, N(9), b(Op::Div, N(4), N(2))),
                b(Op::Div, b(Op::Mul, N(9), N(2)), N(4)),
            ),
            // a/b/c = a/(b×c)
            (
                b(Op::Div, b(Op::Div, N(9), N(4)), N(2)),
                b(Op::Div, N(9), b(Op::Mul, N(4), N(2))),
            ),
        ];
        for (x, y) in same {
            assert_eq!(canonical(&x).text, canonical(&y).text);
        }
        let different = [
            (b(Op::Mul, N(8), N(1)), b(Op::Div, N(8), N(1))),
            (
                b(Op::Mul, b(Op::Sub, N(5), N(2)), b(Op::Sub, N(9), N(1))),
                b(Op::Mul, b(Op::Sub, N(2), N(5)), b(Op::Sub, N(1), N(9))),
            ),
            (
                b(Op::Mul, N(2), b(Op::Add, N(3), N(4))),
                b(Op::Add, b(Op::Mul, N(2), N(3)), b(Op::Mul, N(2), N(4))),
            ),
        ];
        for (x, y) in different {
            assert_ne!(canonical(&x).text, canonical(&y).text);
        }
    }

    #[test]
    fn division_by_zero_has_no_value() {
        let e = b(Op::Div, N(3), b(Op::Sub, N(2), N(2)));
        assert_eq!(canonical(&e).value, None);
        assert_eq!(canonical(&e).text, "3/(2-2)");
    }

    #[test]
    fn operators_are_named_by_their_symbols_and_a_form_prints_as_its_text() {
        // A parse error names an operator found where a number belongs by its ASCII symbol.
        for (text, found) in [
            ("5++7", "operator '+' at position 2"),
            ("5--7", "operator '-' at position 2"),
            ("5**7", "operator '*' at position 2"),
            ("5//7", "operator '/' at position 2"),
        ] {
            let e = crate::games::twenty_four::expr::parse(text)
                .unwrap_err()
                .to_string();
            assert!(e.contains(found), "{text}: {e}");
        }
        let e = b(Op::Sub, b(Op::Mul, N(8), N(5)), b(Op::Add, N(7), N(9)));
        assert_eq!(canonical(&e).to_string(), "8*5-9-7");
    }
}
