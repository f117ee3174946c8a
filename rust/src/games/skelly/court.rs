//! The Skelly court: a parametric square board with 13 numbered boxes, the skull (dead box) around box 13
//! with its four quadrants, and the start line. Pure geometry: no rules, no physics.
//!
//! Coordinates are metres, origin at the lower-left corner of the board, x right, y up.

use crate::error::{LudoError, Result};

/// How the dead box is cut into its four quadrants.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// By the skull square's diagonals: quadrants N, E, S, W (points on a diagonal belong to N or S).
    Diagonals,
    /// By the lines `x = L/2` and `y = L/2`: four L-shaped quadrants NE, SE, SW, NW.
    Axes,
}

/// Length of the start line (metres).
pub const START_LINE: f64 = 0.15;
/// Distance of the start line below the board's lower edge (metres).
pub const START_BELOW: f64 = 0.5;

/// The court's dimensions.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Court {
    /// Board side `L`.
    pub side: f64,
    /// Numbered box side `b` (boxes 1–12).
    pub box_side: f64,
    /// Gap `g` between the two boxes of a side pair.
    pub pair_gap: f64,
    /// Skull (dead box) side `K`.
    pub skull: f64,
    /// Box 13 side.
    pub box13: f64,
    /// Chalk line width `w`.
    pub line: f64,
    /// Cap radius `r`.
    pub radius: f64,
    /// Quadrant cut.
    pub cut: Cut,
}

impl Default for Court {
    fn default() -> Self {
        Court {
            side: 2.0,
            box_side: 0.25,
            pair_gap: 0.25,
            skull: 0.75,
            box13: 0.25,
            line: 0.02,
            radius: 0.016,
            cut: Cut::Diagonals,
        }
    }
}

impl Court {
    /// Checks that the dimensions describe a drawable court; the error names the parameter.
    pub fn validate(&self) -> Result<()> {
        let (l, b, k) = (self.side, self.box_side, self.skull);
        let clear = self.line + 2.0 * self.radius;
        if clear >= b || clear >= self.box13 {
            return Err(LudoError::param(
                "cap_radius",
                format!(
                    "a cap (diameter {}) plus the line width {} must fit inside a box (sides {b}, {})",
                    2.0 * self.radius,
                    self.line,
                    self.box13
                ),
            ));
        }
        if k >= l - 2.0 * b {
            return Err(LudoError::param(
                "skull_side",
                format!(
                    "the skull side {k} must be less than board side - 2 x box side = {}",
                    l - 2.0 * b
                ),
            ));
        }
        if self.box13 >= k {
            return Err(LudoError::param(
                "box13_side",
                format!(
                    "box 13 (side {}) must be smaller than the skull (side {k})",
                    self.box13
                ),
            ));
        }
        if l / 2.0 + self.pair_gap / 2.0 + b > l - b {
            return Err(LudoError::param(
                "pair_gap",
                format!(
                    "the side pairs (gap {}) overlap the corner boxes on a board of side {l}",
                    self.pair_gap
                ),
            ));
        }
        Ok(())
    }

    /// Centre of numbered box `n` (1..=13).
    pub fn box_centre(&self, n: u8) -> (f64, f64) {
        let (l, h) = (self.side, self.box_side / 2.0);
        let lo = h;
        let hi = l - h;
        let up = l / 2.0 + self.pair_gap / 2.0 + h;
        let down = l / 2.0 - self.pair_gap / 2.0 - h;
        match n {
            1 => (lo, lo),
            2 => (hi, hi),
            3 => (lo, hi),
            4 => (hi, lo),
            5 => (lo, up),
            6 => (hi, up),
            7 => (lo, down),
            8 => (hi, down),
            9 => (down, hi),
            10 => (down, lo),
            11 => (up, hi),
            12 => (up, lo),
            _ => (l / 2.0, l / 2.0),
        }
    }

    /// Side of box `n`.
    pub fn box_side_of(&self, n: u8) -> f64 {
        if n == 13 {
            self.box13
        } else {
            self.box_side
        }
    }

    /// Largest offset of a cap's centre from box `n`'s centre (per axis) for the cap to be in the box:
    /// the whole disc strictly inside the line's inner edge.
    pub fn box_limit(&self, n: u8) -> f64 {
        self.box_side_of(n) / 2.0 - self.line / 2.0 - self.radius
    }

    /// Whether a cap at rest with centre `p` is in box `n`: `|c.x − B.x| ≤ side/2 − w/2 − r`, same for y.
    pub fn in_box(&self, n: u8, p: (f64, f64)) -> bool {
        let c = self.box_centre(n);
        let lim = self.box_limit(n);
        (p.0 - c.0).abs() <= lim && (p.1 - c.1).abs() <= lim
    }

    /// Whether the centre `p` lies in the skull square (its lines included).
    pub fn in_skull(&self, p: (f64, f64)) -> bool {
        let (m, h) = (self.side / 2.0, self.skull / 2.0);
        (p.0 - m).abs() <= h && (p.1 - m).abs() <= h
    }

    /// Whether a cap with centre `p` is in the dead box: centre in the skull square, not in box 13.
    pub fn in_dead_box(&self, p: (f64, f64)) -> bool {
        self.in_skull(p) && !self.in_box(13, p)
    }

    /// The quadrant (0..4) of a cap in the dead box, `None` elsewhere. Diagonal cut: 0 N, 1 E, 2 S, 3 W;
    /// axes cut: 0 NE, 1 SE, 2 SW, 3 NW (clockwise from the top, as the fixed order walks them).
    pub fn quadrant(&self, p: (f64, f64)) -> Option<u8> {
        if !self.in_dead_box(p) {
            return None;
        }
        let (dx, dy) = (p.0 - self.side / 2.0, p.1 - self.side / 2.0);
        Some(match self.cut {
            Cut::Diagonals if dy.abs() >= dx.abs() => {
                if dy > 0.0 {
                    0
                } else {
                    2
                }
            }
            Cut::Diagonals => {
                if dx > 0.0 {
                    1
                } else {
                    3
                }
            }
            Cut::Axes => match (dx >= 0.0, dy >= 0.0) {
                (true, true) => 0,
                (true, false) => 1,
                (false, false) => 2,
                (false, true) => 3,
            },
        })
    }

    /// Display name of quadrant `q` under this cut.
    pub fn quadrant_name(&self, q: u8) -> &'static str {
        match (self.cut, q) {
            (Cut::Diagonals, 0) => "N",
            (Cut::Diagonals, 1) => "E",
            (Cut::Diagonals, 2) => "S",
            (Cut::Diagonals, _) => "W",
            (Cut::Axes, 0) => "NE",
            (Cut::Axes, 1) => "SE",
            (Cut::Axes, 2) => "SW",
            (Cut::Axes, _) => "NW",
        }
    }

    /// A point well inside quadrant `q`, halfway between box 13's edge and the skull's edge: the aim
    /// point for a shot at that quadrant.
    pub fn quadrant_aim(&self, q: u8) -> (f64, f64) {
        let m = self.side / 2.0;
        let d = (self.box13 / 2.0 + self.skull / 2.0) / 2.0;
        match (self.cut, q) {
            (Cut::Diagonals, 0) => (m, m + d),
            (Cut::Diagonals, 1) => (m + d, m),
            (Cut::Diagonals, 2) => (m, m - d),
            (Cut::Diagonals, _) => (m - d, m),
            (Cut::Axes, 0) => (m + d, m + d),
            (Cut::Axes, 1) => (m + d, m - d),
            (Cut::Axes, 2) => (m - d, m - d),
            (Cut::Axes, _) => (m - d, m + d),
        }
    }

    /// Where a cap that has not entered play is shot from: the middle of the start line, a segment of
    /// 0.15 m parallel to the x-axis, 0.5 m below the board, centred under box 1.
    pub fn start_point(&self) -> (f64, f64) {
        (self.box_side / 2.0, -START_BELOW)
    }

    /// The point on the ray from the board's centre through `p` at which a cap is just outside the
    /// skull square, clear of its line (centre max-norm offset `K/2 + w/2 + r`). A cap at the exact centre
    /// goes north.
    pub fn radial_exit(&self, p: (f64, f64), extra: f64) -> (f64, f64) {
        let m = self.side / 2.0;
        let (mut dx, mut dy) = (p.0 - m, p.1 - m);
        let norm = dx.hypot(dy);
        if norm < 1e-12 {
            dx = 0.0;
            dy = 1.0;
        } else {
            dx /= norm;
            dy /= norm;
        }
        let reach = (self.skull / 2.0 + self.line / 2.0 + self.radius + extra) / dx.abs().max(dy.abs());
        (m + dx * reach, m + dy * reach)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_centres_match_the_table() {
        let c = Court::default();
        let want: [(u8, (f64, f64)); 13] = [
            (1, (0.125, 0.125)),
            (2, (1.875, 1.875)),
            (3, (0.125, 1.875)),
            (4, (1.875, 0.125)),
            (5, (0.125, 1.25)),
            (6, (1.875, 1.25)),
            (7, (0.125, 0.75)),
            (8, (1.875, 0.75)),
            (9, (0.75, 1.875)),
            (10, (0.75, 0.125)),
            (11, (1.25, 1.875)),
            (12, (1.25, 0.125)),
            (13, (1.0, 1.0)),
        ];
        for (n, (x, y)) in want {
            let got = c.box_centre(n);
            assert!(
                (got.0 - x).abs() < 1e-12 && (got.1 - y).abs() < 1e-12,
                "box {n}: {got:?}"
            );
        }
        c.validate().unwrap();
    }

    #[test]
    fn containment_oracles() {
        let c = Court::default();
        assert!(c.in_box(1, (0.125, 0.125)));
        assert!(!c.in_box(1, (0.24, 0.125)));
        // The limit is 0.125 - 0.01 - 0.016 = 0.099: inside at the limit, out just beyond.
        assert!(c.in_box(1, (0.125 + 0.099, 0.125)));
        assert!(!c.in_box(1, (0.125 + 0.0991, 0.125)));
        assert_eq!(c.quadrant((1.0, 1.3)), Some(0));
        assert_eq!(c.quadrant((1.3, 1.1)), Some(1));
        assert!(c.in_box(13, (1.0, 1.0)) && !c.in_dead_box((1.0, 1.0)));
        assert!(!c.in_box(13, (1.0, 1.11)));
        assert_eq!(c.quadrant((1.0, 1.11)), Some(0));
        // On a diagonal: N or S.
        assert_eq!(c.quadrant((1.2, 1.2)), Some(0));
        assert_eq!(c.quadrant((1.2, 0.8)), Some(2));
        // The skull's line belongs to the dead box; just outside does not.
        assert!(c.in_dead_box((1.375, 1.0)));
        assert!(!c.in_dead_box((1.3751, 1.0)));
    }

    #[test]
    fn axes_cut_gives_l_shaped_quadrants() {
        let c = Court {
            cut: Cut::Axes,
            ..Court::default()
        };
        assert_eq!(c.quadrant((1.0, 1.3)), Some(0));
        assert_eq!(c.quadrant((0.99, 1.3)), Some(3));
        assert_eq!(c.quadrant((1.3, 0.9)), Some(1));
        assert_eq!(c.quadrant((0.8, 0.7)), Some(2));
        for q in 0..4 {
            assert_eq!(c.quadrant(c.quadrant_aim(q)), Some(q));
        }
    }

    #[test]
    fn radial_exit_leaves_the_skull() {
        let c = Court::default();
        for p in [(1.0, 1.3), (1.3, 1.1), (0.7, 0.65), (1.0, 1.0)] {
            let q = c.radial_exit(p, 0.0);
            assert!(!c.in_skull(q), "{p:?} -> {q:?}");
            assert!(c.in_skull(c.radial_exit(p, -2.0 * c.radius - c.line)));
        }
    }

    #[test]
    fn box_13_has_its_own_side() {
        // A larger box 13 (0.4 m) takes a cap 0.15 m off its centre, which boxes 1-12 (0.25 m) do not.
        let c = Court {
            box13: 0.4,
            ..Court::default()
        };
        assert!(c.in_box(13, (1.15, 1.0)) && !c.in_dead_box((1.15, 1.0)));
        assert!(!c.in_box(1, (0.125 + 0.15, 0.125)));
        assert!(c.in_box(1, (0.125 + 0.099, 0.125)));
    }

    #[test]
    fn bad_dimensions_are_refused() {
        let big_skull = Court {
            skull: 1.6,
            ..Court::default()
        };
        assert!(big_skull
            .validate()
            .unwrap_err()
            .to_string()
            .contains("skull_side"));
        let fat_cap = Court {
            radius: 0.2,
            ..Court::default()
        };
        assert!(fat_cap.validate().is_err());
    }

    /// `validate` at each limit, with lengths exact in binary: a cap plus the line exactly as wide as a
    /// box is refused, a little narrower fits; the skull exactly `L − 2b` is refused; box 13 as large
    /// as the skull is refused; the side pairs may just touch the corner boxes (gap 1 m on the 2 m
    /// board) but not overlap them. Each refusal names its parameter.
    #[test]
    fn validate_at_each_limit() {
        let named = |c: Court| c.validate().map_err(|e| e.to_string());
        let err = |c: Court, what: &str| {
            let e = named(c).expect_err(what);
            assert!(e.contains(what), "{what}: {e}");
        };
        let d = Court::default();
        // 1/16 + 2·3/32 = 1/4 = the box side.
        err(
            Court {
                line: 0.0625,
                radius: 0.09375,
                ..d
            },
            "cap_radius",
        );
        named(Court {
            line: 0.0625,
            radius: 0.09,
            ..d
        })
        .unwrap();
        // Box 13 alone too small: 0.2025 ≥ 0.2 although the boxes 1–12 (0.25) take the cap.
        err(
            Court {
                line: 0.0625,
                radius: 0.07,
                box13: 0.2,
                ..d
            },
            "cap_radius",
        );
        // Box 13 exactly as wide as cap plus line (boxes 1–12 wider).
        err(
            Court {
                line: 0.0625,
                radius: 0.09375,
                box_side: 0.3,
                ..d
            },
            "cap_radius",
        );
        named(Court {
            line: 0.0625,
            radius: 0.09,
            box_side: 0.3,
            ..d
        })
        .unwrap();
        // Skull: L − 2b = 1.5.
        err(Court { skull: 1.5, ..d }, "skull_side");
        named(Court { skull: 1.4375, ..d }).unwrap();
        // Box 13 against the skull.
        err(Court { box13: 0.75, ..d }, "box13_side");
        named(Court { box13: 0.6875, ..d }).unwrap();
        // Pairs: L/2 + g/2 + b ≤ L − b ⇔ g ≤ 1.
        named(Court { pair_gap: 1.0, ..d }).unwrap();
        err(
            Court {
                pair_gap: 1.0625,
                ..d
            },
            "pair_gap",
        );
    }

    /// `radial_exit` lands where the cap's centre is `K/2 + w/2 + r (+ extra)` = 0.401 m from the
    /// centre in max norm, on the ray through the given point: straight up, down, along a diagonal, on
    /// a slope of 1/3 (x offset 0.401, y offset 0.401/3), and north from the exact centre.
    #[test]
    fn radial_exit_at_the_max_norm_reach() {
        let c = Court::default();
        let close = |got: (f64, f64), want: (f64, f64)| {
            assert!(
                (got.0 - want.0).abs() < 1e-12 && (got.1 - want.1).abs() < 1e-12,
                "{got:?} != {want:?}"
            );
        };
        let r = 0.375 + 0.01 + 0.016;
        close(c.radial_exit((1.0, 1.3), 0.0), (1.0, 1.0 + r));
        close(c.radial_exit((1.0, 0.8), 0.0), (1.0, 1.0 - r));
        close(c.radial_exit((0.7, 0.7), 0.0), (1.0 - r, 1.0 - r));
        close(c.radial_exit((1.3, 1.1), 0.0), (1.0 + r, 1.0 + r / 3.0));
        close(c.radial_exit((0.9, 1.3), 0.0), (1.0 - r / 3.0, 1.0 + r));
        close(c.radial_exit((1.0, 1.0), 0.0), (1.0, 1.0 + r));
        close(
            c.radial_exit((1.3, 1.1), 0.1),
            (1.0 + r + 0.1, 1.0 + (r + 0.1) / 3.0),
        );
        // On a larger board the centre moves with it.
        let big = Court { side: 3.0, ..c };
        close(big.radial_exit((1.5, 1.2), 0.0), (1.5, 1.5 - r));
    }

    /// The aim points sit halfway between box 13's edge and the skull's, (0.125 + 0.375) / 2 = 0.25 m
    /// from the centre: straight out under the diagonal cut, diagonally under the axes cut; and the
    /// box centres on a board whose pair gap differs from the box side (3 m, boxes 0.5 m, gap 0.3 m).
    #[test]
    fn aim_points_and_box_centres_off_the_default() {
        let c = Court::default();
        let axes = Court { cut: Cut::Axes, ..c };
        let want = [(1.0, 1.25), (1.25, 1.0), (1.0, 0.75), (0.75, 1.0)];
        let want_axes = [(1.25, 1.25), (1.25, 0.75), (0.75, 0.75), (0.75, 1.25)];
        for q in 0..4u8 {
            assert_eq!(c.quadrant_aim(q), want[q as usize], "{q}");
            assert_eq!(axes.quadrant_aim(q), want_axes[q as usize], "{q}");
        }
        let b = Court {
            side: 3.0,
            box_side: 0.5,
            pair_gap: 0.3,
            ..c
        };
        let (lo, hi, up, down) = (0.25, 2.75, 1.5 + 0.15 + 0.25, 1.5 - 0.15 - 0.25);
        let want = [
            (lo, lo),
            (hi, hi),
            (lo, hi),
            (hi, lo),
            (lo, up),
            (hi, up),
            (lo, down),
            (hi, down),
            (down, hi),
            (down, lo),
            (up, hi),
            (up, lo),
            (1.5, 1.5),
        ];
        for (n, w) in (1..=13u8).zip(want) {
            let got = b.box_centre(n);
            assert!(
                (got.0 - w.0).abs() < 1e-12 && (got.1 - w.1).abs() < 1e-12,
                "box {n}: {got:?}"
            );
        }
    }

    /// The small helpers at their edges on a court whose box 13 differs from boxes 1–12 and whose
    /// centre is not at 1 m (every length exact in binary): each box's side and cap limit
    /// (`side/2 − w/2 − r`), a cap on box 5's limit along y and just past it, the skull's lines along
    /// each axis, the quadrant names of both cuts and the start point (under box 1, 0.5 m below).
    #[test]
    fn helpers_on_a_court_off_the_default() {
        let c = Court {
            side: 3.0,
            box_side: 0.5,
            pair_gap: 0.25,
            skull: 1.0,
            box13: 0.375,
            line: 0.0625,
            radius: 0.03125,
            cut: Cut::Diagonals,
        };
        c.validate().unwrap();
        assert_eq!(
            (c.box_side_of(13), c.box_side_of(12), c.box_side_of(1)),
            (0.375, 0.5, 0.5)
        );
        // 0.25 − 0.03125 − 0.03125 for boxes 1–12, 0.1875 − 0.03125 − 0.03125 for box 13.
        assert_eq!((c.box_limit(1), c.box_limit(13)), (0.1875, 0.125));
        // Box 5's centre is (0.25, 1.5 + 0.125 + 0.25) = (0.25, 1.875).
        let eps = 1e-9;
        for (p, inside) in [
            ((0.25, 1.875 + 0.1875), true),
            ((0.25, 1.875 + 0.1875 + eps), false),
            ((0.25, 1.875 - 0.1875), true),
            ((0.25, 1.875 - 0.1875 - eps), false),
            ((0.25 + 0.1875, 1.875), true),
            ((0.25 + 0.1875 + eps, 1.875), false),
        ] {
            assert_eq!(c.in_box(5, p), inside, "{p:?}");
        }
        assert!(c.in_box(13, (1.5 + 0.125, 1.5)) && !c.in_box(13, (1.5 + 0.125 + eps, 1.5)));
        // The skull square is 1.0..2.0 on both axes, its lines included.
        for (p, inside) in [
            ((1.5, 2.0), true),
            ((1.5, 2.0 + eps), false),
            ((1.5, 1.0), true),
            ((1.5, 1.0 - eps), false),
            ((1.0, 1.5), true),
            ((1.0 - eps, 1.5), false),
            ((2.0 + eps, 1.5), false),
        ] {
            assert_eq!(c.in_skull(p), inside, "{p:?}");
            assert_eq!(c.in_dead_box(p), inside, "{p:?}");
        }
        assert_eq!(c.quadrant((1.5, 1.0)), Some(2));
        assert_eq!(c.quadrant((1.0, 1.5)), Some(3));
        let axes = Court { cut: Cut::Axes, ..c };
        let names: Vec<&str> = (0..4).map(|q| c.quadrant_name(q)).collect();
        assert_eq!(names, ["N", "E", "S", "W"]);
        let names: Vec<&str> = (0..4).map(|q| axes.quadrant_name(q)).collect();
        assert_eq!(names, ["NE", "SE", "SW", "NW"]);
        assert_eq!(c.start_point(), (0.25, -0.5));
    }
}
