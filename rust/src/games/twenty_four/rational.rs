//! Exact rationals for checking a written expression and for ordering the terms of a printed solution.
//!
//! The solver's hot loop uses its own unnormalised fractions (see `solver.rs`); this type is the slow,
//! careful one: always in lowest terms with a positive denominator, every operation checked, so an
//! overflow is `None` rather than a wrong answer.

use std::cmp::Ordering;
use std::fmt;

/// A rational `num/den` in lowest terms, `den > 0`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// The integer `n`.
    pub fn int(n: i128) -> Ratio {
        Ratio { num: n, den: 1 }
    }
    /// `num/den` reduced; `None` when `den == 0` or on overflow.
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(Ratio { num: n, den: d })
    }
    /// Numerator (sign carrier).
    pub fn num(self) -> i128 {
        self.num
    }
    /// Denominator (positive).
    pub fn den(self) -> i128 {
        self.den
    }
    /// Whether the value is a whole number.
    pub fn is_integer(self) -> bool {
        self.den == 1
    }
    /// `self + o`, `None` on overflow.
    pub fn checked_add(self, o: Ratio) -> Option<Ratio> {
        let g = gcd(self.den, o.den);
        let (a, b) = (self.den / g, o.den / g);
        Ratio::new(
            self.num.checked_mul(b)?.checked_add(o.num.checked_mul(a)?)?,
            self.den.checked_mul(b)?,
        )
    }
    /// `self - o`, `None` on overflow.
    pub fn checked_sub(self, o: Ratio) -> Option<Ratio> {
        self.checked_add(Ratio {
            num: o.num.checked_neg()?,
            den: o.den,
        })
    }
    /// `self × o`, `None` on overflow.
    pub fn checked_mul(self, o: Ratio) -> Option<Ratio> {
        let g1 = gcd(self.num, o.den).max(1);
        let g2 = gcd(o.num, self.den).max(1);
        Ratio::new(
            (self.num / g1).checked_mul(o.num / g2)?,
            (self.den / g2).checked_mul(o.den / g1)?,
        )
    }
    /// `self ÷ o`, `None` when `o == 0` or on overflow.
    pub fn checked_div(self, o: Ratio) -> Option<Ratio> {
        if o.num == 0 {
            return None;
        }
        self.checked_mul(Ratio::new(o.den, o.num)?)
    }
}

impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        // Both denominators are positive; compare a/b with c/d as a·d with c·b, widening on overflow.
        match (self.num.checked_mul(o.den), o.num.checked_mul(self.den)) {
            (Some(l), Some(r)) => l.cmp(&r),
            _ => (self.num as f64 / self.den as f64).total_cmp(&(o.num as f64 / o.den as f64)),
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i128, d: i128) -> Ratio {
        Ratio::new(n, d).unwrap()
    }

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        assert_eq!(r(6, -4), r(-3, 2));
        assert_eq!(r(1, 3).checked_add(r(1, 6)).unwrap(), r(1, 2));
        assert_eq!(r(3, 4).checked_sub(r(1, 1)).unwrap(), r(-1, 4));
        assert_eq!(r(8, 3).checked_mul(r(3, 8)).unwrap(), Ratio::int(1));
        assert_eq!(
            Ratio::int(8)
                .checked_div(Ratio::int(3).checked_sub(r(8, 3)).unwrap())
                .unwrap(),
            Ratio::int(24)
        );
        assert_eq!(Ratio::int(1).checked_div(Ratio::int(0)), None);
        assert_eq!(Ratio::new(1, 0), None);
        assert!(r(1, 3) < r(1, 2) && r(-1, 2) < r(1, 3));
    }

    #[test]
    fn order_is_exact_and_survives_overflowing_cross_products() {
        let p = |k: u32| 1i128 << k;
        for (x, y, expected) in [
            // Exact: two integers one apart that a double cannot tell apart.
            (Ratio::int(p(60) + 1), Ratio::int(p(60)), Ordering::Greater),
            // The cross products overflow i128, so the order comes from the quotients: a tiny
            // positive value below about 2^29, ...
            (r(1, p(100)), r(p(30) + 1, 2), Ordering::Less),
            // ... and a value just above 2 (numerator above its denominator) against 3/2.
            (r(p(126) + 1, p(125)), r(3, 2), Ordering::Greater),
        ] {
            assert_eq!(x.cmp(&y), expected, "{x} against {y}");
            assert_eq!(y.cmp(&x), expected.reverse(), "{y} against {x}");
        }
    }

    #[test]
    fn overflow_is_none_not_wrong() {
        let big = Ratio::int(i128::MAX / 2 + 1);
        assert_eq!(big.checked_add(big), None);
        assert_eq!(big.checked_mul(Ratio::int(2)), None);
    }
}
