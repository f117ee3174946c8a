//! The shot simulator: equal discs sliding on the ground with constant deceleration,
//! cap–cap collisions as an instantaneous impulse along the line of centres with restitution `e`, no
//! tangential friction, no spin, no walls. Event-driven and exact: between events every disc moves on a
//! straight line with `s(t) = v t − a t²/2`, so the next stop is `v/a` and the next contact is the
//! first root of a polynomial of degree ≤ 4 in `t`, found in closed form when one disc is at rest (the
//! usual case) and by isolating the roots of the derivative chain and bisecting otherwise. Nothing here
//! knows the rules; the caller turns the result into a shot outcome.

/// Most discs a shot involves (one per seat).
pub const MAX_DISCS: usize = 6;
/// Events (stops and contacts) after which a shot is stopped where it is; never reached in practice
/// (a shot with six discs has a handful), it bounds the loop against degenerate input.
pub const MAX_EVENTS: usize = 10_000;

/// Physical constants of the model.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Physics {
    /// Sliding deceleration `a = μ g` (m/s²).
    pub decel: f64,
    /// Coefficient of restitution of a cap–cap collision (0 = plastic, 1 = elastic).
    pub restitution: f64,
    /// Disc radius (m).
    pub radius: f64,
}

impl Default for Physics {
    fn default() -> Self {
        Physics {
            decel: 2.0,
            restitution: 0.8,
            radius: 0.016,
        }
    }
}

/// One disc: position, velocity, and whether it takes part (is on the ground).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Disc {
    pub x: f64,
    pub y: f64,
    pub vx: f64,
    pub vy: f64,
    pub active: bool,
}

impl Disc {
    /// A disc at rest at `p`.
    pub fn at(p: (f64, f64)) -> Disc {
        Disc {
            x: p.0,
            y: p.1,
            vx: 0.0,
            vy: 0.0,
            active: true,
        }
    }
    fn speed(&self) -> f64 {
        self.vx.hypot(self.vy)
    }
    fn moving(&self) -> bool {
        self.active && (self.vx != 0.0 || self.vy != 0.0)
    }
}

/// What a shot did: every disc's final state, which discs moved, and the contacts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShotResult {
    /// Final discs (all at rest).
    pub discs: [Disc; MAX_DISCS],
    /// Discs that moved during the shot.
    pub moved: [bool; MAX_DISCS],
    /// Discs the shooter's disc touched directly, in order of first contact.
    pub direct: Vec<usize>,
    /// Every disc other than the shooter that took part in any contact, in order of first contact
    /// (the chain reaction: the shooter hits A, A hits B gives `[A, B]`).
    pub chain: Vec<usize>,
    /// Number of events processed (stops and contacts).
    pub events: usize,
    /// True if the shot was cut off at [`MAX_EVENTS`].
    pub truncated: bool,
}

/// One event of a trace: the time since the shot and every disc at that instant (after the event).
pub type TracePoint = (f64, [Disc; MAX_DISCS]);

/// Kinetic energy per unit mass, `Σ |v|²/2`.
pub fn kinetic_energy(discs: &[Disc]) -> f64 {
    discs
        .iter()
        .filter(|d| d.active)
        .map(|d| 0.5 * (d.vx * d.vx + d.vy * d.vy))
        .sum()
}

/// The distance a disc launched at `speed` slides when it touches nothing: `v² / 2a`.
pub fn slide_distance(phys: &Physics, speed: f64) -> f64 {
    speed * speed / (2.0 * phys.decel)
}

/// The launch speed that slides exactly `distance`: `sqrt(2 a d)`.
pub fn speed_for_distance(phys: &Physics, distance: f64) -> f64 {
    (2.0 * phys.decel * distance.max(0.0)).sqrt()
}

#[derive(Copy, Clone)]
enum Event {
    Stop(usize),
    Contact(usize, usize),
}

/// Runs a shot: disc `shooter` is given velocity `(vx, vy)` and everything slides to rest. `trace`, if
/// given, receives the starting discs and the discs after every event (the motion between two points
/// is a straight line for each disc, so the points draw the exact trajectories).
pub fn simulate(
    phys: &Physics,
    start: &[Disc; MAX_DISCS],
    shooter: usize,
    v: (f64, f64),
    mut trace: Option<&mut Vec<TracePoint>>,
) -> ShotResult {
    let mut d = *start;
    let mut res = ShotResult::default();
    for disc in d.iter_mut() {
        disc.vx = 0.0;
        disc.vy = 0.0;
    }
    d[shooter].vx = v.0;
    d[shooter].vy = v.1;
    d[shooter].active = true;
    let a = phys.decel;
    let r2 = 2.0 * phys.radius;
    let mut t_total = 0.0;
    if let Some(tr) = trace.as_deref_mut() {
        tr.push((0.0, d));
    }
    loop {
        let mut any = false;
        let mut best_t = f64::INFINITY;
        let mut best = Event::Stop(0);
        for (i, disc) in d.iter().enumerate() {
            if disc.moving() {
                res.moved[i] = true;
                any = true;
                let ts = disc.speed() / a;
                if ts < best_t {
                    best_t = ts;
                    best = Event::Stop(i);
                }
            }
        }
        if !any {
            break;
        }
        if res.events >= MAX_EVENTS {
            res.truncated = true;
            for disc in d.iter_mut() {
                disc.vx = 0.0;
                disc.vy = 0.0;
            }
            break;
        }
        for i in 0..MAX_DISCS {
            if !d[i].active {
                continue;
            }
            for j in i + 1..MAX_DISCS {
                if !d[j].active || !(d[i].moving() || d[j].moving()) {
                    continue;
                }
                if let Some(tc) = contact_time(&d[i], &d[j], a, r2, best_t) {
                    if tc < best_t {
                        best_t = tc;
                        best = Event::Contact(i, j);
                    }
                }
            }
        }
        advance(&mut d, a, best_t);
        t_total += best_t;
        res.events += 1;
        match best {
            Event::Stop(i) => {
                d[i].vx = 0.0;
                d[i].vy = 0.0;
            }
            Event::Contact(i, j) => {
                collide(&mut d, i, j, phys.restitution);
                if i == shooter || j == shooter {
                    let other = if i == shooter { j } else { i };
                    if !res.direct.contains(&other) {
                        res.direct.push(other);
                    }
                }
                for k in [i, j] {
                    if k != shooter && !res.chain.contains(&k) {
                        res.chain.push(k);
                    }
                }
            }
        }
        if let Some(tr) = trace.as_deref_mut() {
            tr.push((t_total, d));
        }
    }
    res.discs = d;
    res
}

/// Moves every moving disc on by `t` (never past its stop: `t` is at most the earliest stop time).
fn advance(d: &mut [Disc; MAX_DISCS], a: f64, t: f64) {
    for disc in d.iter_mut().filter(|x| x.moving()) {
        let s = disc.speed();
        let (ux, uy) = (disc.vx / s, disc.vy / s);
        let tt = t.min(s / a);
        let dist = s * tt - 0.5 * a * tt * tt;
        disc.x += ux * dist;
        disc.y += uy * dist;
        let s_new = (s - a * tt).max(0.0);
        disc.vx = ux * s_new;
        disc.vy = uy * s_new;
    }
}

/// Impulse along the line of centres, equal masses: the approach speed `u` becomes `−e u`.
fn collide(d: &mut [Disc; MAX_DISCS], i: usize, j: usize, e: f64) {
    let (nx, ny) = (d[j].x - d[i].x, d[j].y - d[i].y);
    let len = nx.hypot(ny);
    if len == 0.0 {
        return;
    }
    let (nx, ny) = (nx / len, ny / len);
    let approach = (d[i].vx - d[j].vx) * nx + (d[i].vy - d[j].vy) * ny;
    if approach <= 0.0 {
        return;
    }
    let k = 0.5 * (1.0 + e) * approach;
    d[i].vx -= k * nx;
    d[i].vy -= k * ny;
    d[j].vx += k * nx;
    d[j].vy += k * ny;
}

/// The first time in `[0, horizon]` at which discs `p` and `q` touch while approaching, if any. Both
/// move on their straight lines over the whole window (the window ends at the first stop).
fn contact_time(p: &Disc, q: &Disc, a: f64, reach: f64, horizon: f64) -> Option<f64> {
    // Relative motion d(t) = d0 + A t + B t², with B = −(a/2)(û_p − û_q) over moving discs.
    let d0 = (p.x - q.x, p.y - q.y);
    let dv = (p.vx - q.vx, p.vy - q.vy);
    // Already touching: a contact now if approaching.
    let dist2 = d0.0 * d0.0 + d0.1 * d0.1;
    let r2 = reach * reach;
    let closing = d0.0 * dv.0 + d0.1 * dv.1;
    if dist2 <= r2 * (1.0 + 1e-12) {
        return (closing < 0.0).then_some(0.0);
    }
    if !q.moving() || !p.moving() {
        // One disc at rest: along the mover's path σ ∈ [0, σ_max], |d0 + û σ| = R is a quadratic in σ.
        let (m, sign) = if p.moving() { (p, 1.0) } else { (q, -1.0) };
        let s = m.speed();
        let u = (m.vx / s, m.vy / s);
        let rel = (sign * d0.0, sign * d0.1);
        let bu = rel.0 * u.0 + rel.1 * u.1;
        if bu >= 0.0 {
            return None;
        }
        let disc = bu * bu - (dist2 - r2);
        if disc < 0.0 {
            return None;
        }
        // Stable form of −bu − sqrt(disc): (dist2 − r2) / (−bu + sqrt(disc)).
        let sigma = (dist2 - r2) / (-bu + disc.sqrt());
        let tt = horizon.min(s / a);
        let sigma_max = s * tt - 0.5 * a * tt * tt;
        if sigma > sigma_max {
            return None;
        }
        // σ(t) = s t − a t²/2 = σ*  ⇒  t = 2σ* / (s + sqrt(s² − 2aσ*)).
        let root = (s * s - 2.0 * a * sigma).max(0.0).sqrt();
        return Some(2.0 * sigma / (s + root));
    }
    let unit = |x: &Disc| {
        let s = x.speed();
        (x.vx / s, x.vy / s)
    };
    let (up, uq) = (unit(p), unit(q));
    let b = (-0.5 * a * (up.0 - uq.0), -0.5 * a * (up.1 - uq.1));
    let dot = |x: (f64, f64), y: (f64, f64)| x.0 * y.0 + x.1 * y.1;
    // f(t) = |d(t)|² − R², coefficients from t⁰ to t⁴.
    let f = [
        dist2 - r2,
        2.0 * dot(d0, dv),
        dot(dv, dv) + 2.0 * dot(d0, b),
        2.0 * dot(dv, b),
        dot(b, b),
    ];
    first_descending_root(&f, 0.0, horizon)
}

fn eval(c: &[f64], t: f64) -> f64 {
    c.iter().rev().fold(0.0, |acc, &k| acc * t + k)
}

fn derivative(c: &[f64]) -> ([f64; 4], usize) {
    let mut out = [0.0; 4];
    for (k, &x) in c.iter().enumerate().skip(1) {
        out[k - 1] = k as f64 * x;
    }
    (out, c.len().saturating_sub(1))
}

/// Every sign change of the polynomial `c` in `[lo, hi]`, ascending (at most its degree): the roots of
/// its derivative split the window into monotone pieces, each bisected.
fn roots(c: &[f64], lo: f64, hi: f64, out: &mut [f64; 4]) -> usize {
    let deg = c.len() - 1;
    if deg == 0 {
        return 0;
    }
    let mut cuts = [0.0; 6];
    let mut nc = 0;
    cuts[nc] = lo;
    nc += 1;
    if deg >= 2 {
        let (dc, dl) = derivative(c);
        let mut inner = [0.0; 4];
        let k = roots(&dc[..dl], lo, hi, &mut inner);
        for &x in &inner[..k] {
            cuts[nc] = x;
            nc += 1;
        }
    }
    cuts[nc] = hi;
    nc += 1;
    let mut n = 0;
    for w in 0..nc - 1 {
        let (l, r) = (cuts[w], cuts[w + 1]);
        let (fl, fr) = (eval(c, l), eval(c, r));
        if (fl <= 0.0) != (fr <= 0.0) {
            out[n] = bisect(c, l, r, fl <= 0.0);
            n += 1;
        }
    }
    n
}

/// The point where a monotone piece changes sign; `left_low` says the left end is ≤ 0.
fn bisect(c: &[f64], mut l: f64, mut r: f64, left_low: bool) -> f64 {
    for _ in 0..200 {
        let m = 0.5 * (l + r);
        if m <= l || m >= r {
            break;
        }
        if (eval(c, m) <= 0.0) == left_low {
            l = m;
        } else {
            r = m;
        }
    }
    // The side where f > 0 (discs apart) when descending.
    if left_low {
        r
    } else {
        l
    }
}

/// The first `t` in `[lo, hi]` where `f` goes from positive to ≤ 0 (the discs come into contact).
fn first_descending_root(f: &[f64; 5], lo: f64, hi: f64) -> Option<f64> {
    let mut deg = 4;
    while deg > 0 && f[deg] == 0.0 {
        deg -= 1;
    }
    let c = &f[..=deg];
    let mut cuts = [0.0; 6];
    let mut nc = 0;
    cuts[nc] = lo;
    nc += 1;
    if deg >= 2 {
        let (dc, dl) = derivative(c);
        let mut inner = [0.0; 4];
        let k = roots(&dc[..dl], lo, hi, &mut inner);
        for &x in &inner[..k] {
            cuts[nc] = x;
            nc += 1;
        }
    }
    cuts[nc] = hi;
    nc += 1;
    for w in 0..nc - 1 {
        let (l, r) = (cuts[w], cuts[w + 1]);
        if eval(c, l) > 0.0 && eval(c, r) <= 0.0 {
            return Some(bisect(c, l, r, false));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;

    fn discs(ps: &[(f64, f64)]) -> [Disc; MAX_DISCS] {
        let mut d = [Disc::default(); MAX_DISCS];
        for (i, &p) in ps.iter().enumerate() {
            d[i] = Disc::at(p);
        }
        d
    }

    #[test]
    fn a_free_shot_stops_at_the_closed_form_distance() {
        let phys = Physics::default();
        let start = discs(&[(0.0, 0.0)]);
        let v = 1.7;
        let r = simulate(&phys, &start, 0, (v * 0.6, v * 0.8), None);
        let dist = slide_distance(&phys, v);
        assert!((r.discs[0].x - 0.6 * dist).abs() < 1e-12);
        assert!((r.discs[0].y - 0.8 * dist).abs() < 1e-12);
        assert_eq!(r.events, 1);
        assert!(r.direct.is_empty());
    }

    #[test]
    fn head_on_hit_shares_speed_by_restitution() {
        let phys = Physics::default();
        let start = discs(&[(0.0, 0.0), (0.5, 0.0)]);
        let v = 2.0;
        let r = simulate(&phys, &start, 0, (v, 0.0), None);
        assert_eq!(r.direct, vec![1]);
        // Contact after 0.5 - 2r; speed then u = sqrt(v² - 2a s); after: (1-e)u/2 and (1+e)u/2.
        let s = 0.5 - 2.0 * phys.radius;
        let u = (v * v - 2.0 * phys.decel * s).sqrt();
        let (u0, u1) = ((1.0 - 0.8) * u / 2.0, (1.0 + 0.8) * u / 2.0);
        let x0 = s + slide_distance(&phys, u0);
        let x1 = 0.5 + slide_distance(&phys, u1);
        assert!((r.discs[0].x - x0).abs() < 1e-9, "{} vs {x0}", r.discs[0].x);
        assert!((r.discs[1].x - x1).abs() < 1e-9, "{} vs {x1}", r.discs[1].x);
    }

    #[test]
    fn a_cap_that_comes_to_rest_exactly_touching_another_has_not_hit_it() {
        // A contact is a touch while approaching (`contact_time`). Dyadic numbers make the times
        // bit-equal: a = 2, v = 2 stops at t = v/a = 1 after v²/2a = 1 m; the cap 1.5 m ahead is
        // touched (centres 2r = 0.5 apart) after exactly 1 m, i.e. at t = 1 too, with speed 0.
        // The stop comes first, so the cap is not hit and does not move.
        let phys = Physics {
            decel: 2.0,
            restitution: 0.8,
            radius: 0.25,
        };
        let r = simulate(&phys, &discs(&[(0.0, 0.0), (1.5, 0.0)]), 0, (2.0, 0.0), None);
        assert!(r.direct.is_empty(), "direct {:?}", r.direct);
        assert!(r.chain.is_empty(), "chain {:?}", r.chain);
        assert_eq!(r.moved, [true, false, false, false, false, false]);
        assert_eq!((r.discs[0].x, r.discs[0].y), (1.0, 0.0));
        assert_eq!((r.discs[1].x, r.discs[1].y), (1.5, 0.0));
        assert_eq!(r.events, 1);
    }

    #[test]
    fn a_miss_by_a_hair_touches_nothing() {
        let phys = Physics::default();
        let off = 2.0 * phys.radius + 1e-6;
        let r = simulate(&phys, &discs(&[(0.0, 0.0), (0.5, off)]), 0, (3.0, 0.0), None);
        assert!(r.direct.is_empty());
        let r = simulate(
            &phys,
            &discs(&[(0.0, 0.0), (0.5, off - 2e-6)]),
            0,
            (3.0, 0.0),
            None,
        );
        assert_eq!(r.direct, vec![1]);
    }

    #[test]
    fn random_shots_keep_invariants() {
        let phys = Physics::default();
        let mut rng = Rng::new(11);
        for _ in 0..3000 {
            let mut ps: Vec<(f64, f64)> = Vec::new();
            while ps.len() < MAX_DISCS {
                let p = (rng.unit() * 0.6, rng.unit() * 0.6);
                if ps
                    .iter()
                    .all(|q| (p.0 - q.0).hypot(p.1 - q.1) > 2.0 * phys.radius)
                {
                    ps.push(p);
                }
            }
            let start = discs(&ps);
            let ang = rng.unit() * std::f64::consts::TAU;
            let sp = rng.unit() * 4.0;
            let mut tr = Vec::new();
            let r = simulate(&phys, &start, 0, (sp * ang.cos(), sp * ang.sin()), Some(&mut tr));
            assert!(!r.truncated);
            // Energy never grows from one event to the next.
            for w in tr.windows(2) {
                assert!(kinetic_energy(&w[1].1) <= kinetic_energy(&w[0].1) + 1e-12);
                assert!(w[1].0 >= w[0].0);
            }
            for i in 0..MAX_DISCS {
                for j in i + 1..MAX_DISCS {
                    let (a, b) = (r.discs[i], r.discs[j]);
                    assert!((a.x - b.x).hypot(a.y - b.y) >= 2.0 * phys.radius - 1e-9);
                }
                assert_eq!(r.discs[i].vx, 0.0);
            }
            // Same input, same output.
            assert_eq!(
                simulate(&phys, &start, 0, (sp * ang.cos(), sp * ang.sin()), None),
                r
            );
        }
    }

    #[test]
    fn momentum_is_conserved_by_a_contact() {
        // Two moving discs meeting: total momentum just before and after the impulse agree.
        let phys = Physics::default();
        let mut d = discs(&[(0.0, 0.0), (0.3, 0.01)]);
        d[0].vx = 2.0;
        d[1].vx = -1.0;
        let before = (d[0].vx + d[1].vx, d[0].vy + d[1].vy);
        let (p, q) = (d[0], d[1]);
        let t = contact_time(&p, &q, phys.decel, 2.0 * phys.radius, 0.5).expect("they meet");
        advance(&mut d, phys.decel, t);
        let dist = (d[0].x - d[1].x).hypot(d[0].y - d[1].y);
        assert!((dist - 2.0 * phys.radius).abs() < 1e-9, "{dist}");
        // The closed form: x gap 0.3 - 3t + 2t² (both decelerate towards each other's side).
        let gap_x = 0.3 - 3.0 * t + 2.0 * t * t;
        assert!((gap_x.hypot(0.01) - 2.0 * phys.radius).abs() < 1e-9);
        let pre = (d[0].vx + d[1].vx, d[0].vy + d[1].vy);
        collide(&mut d, 0, 1, 0.8);
        let post = (d[0].vx + d[1].vx, d[0].vy + d[1].vy);
        assert!((pre.0 - post.0).abs() < 1e-12 && (pre.1 - post.1).abs() < 1e-12);
        // Friction took the same amount from each (both slid for t).
        assert!((before.0 - pre.0).abs() < 2.0 * phys.decel * t + 1e-12);
    }

    #[test]
    fn an_oblique_hit_sends_the_struck_cap_along_the_line_of_centres() {
        // The struck cap's centre is a radius off the shooter's line: at contact the line of centres
        // is 30° off the shot. The impulse is along that line (no friction between caps), so the
        // struck cap slides off along it, and the shooter keeps the rest of its velocity.
        let phys = Physics::default();
        let r = phys.radius;
        let start = discs(&[(0.0, 0.0), (0.5, r)]);
        let v = 2.0;
        let res = simulate(&phys, &start, 0, (v, 0.0), None);
        assert_eq!(res.direct, vec![1]);
        assert_eq!(res.chain, vec![1]);
        assert_eq!(res.events, 3, "a contact, then each cap stops");
        assert_eq!(res.moved[..2], [true, true]);
        let s = 0.5 - r * 3f64.sqrt();
        let u = (v * v - 2.0 * phys.decel * s).sqrt();
        let n = (3f64.sqrt() / 2.0, 0.5);
        let k = 0.5 * (1.0 + phys.restitution) * u * n.0;
        let struck = (
            0.5 + n.0 * slide_distance(&phys, k),
            r + n.1 * slide_distance(&phys, k),
        );
        let after = (u - k * n.0, -k * n.1);
        let sp = after.0.hypot(after.1);
        let d = slide_distance(&phys, sp);
        let shooter = (s + after.0 / sp * d, after.1 / sp * d);
        for (got, want) in [(res.discs[1], struck), (res.discs[0], shooter)] {
            assert!(
                (got.x - want.0).abs() < 1e-9 && (got.y - want.1).abs() < 1e-9,
                "{got:?} vs {want:?}"
            );
        }
    }

    #[test]
    fn the_trace_times_each_event_from_the_shot() {
        // A free shot: the start at t = 0, then the stop at t = v / a.
        let phys = Physics::default();
        let mut tr = Vec::new();
        let r = simulate(&phys, &discs(&[(0.0, 0.0)]), 0, (0.0, 1.5), Some(&mut tr));
        assert_eq!(tr.len(), 2);
        assert_eq!(tr[0].0, 0.0);
        assert!((tr[1].0 - 1.5 / phys.decel).abs() < 1e-12, "{}", tr[1].0);
        assert_eq!(tr[1].1, r.discs);
        assert!(r.moved[0] && !r.moved[1]);
    }

    #[test]
    fn in_a_chain_reaction_only_the_first_cap_is_hit_directly() {
        // The shooter hits cap 2 head-on, which runs on into cap 1: both took part (the chain), but
        // only cap 2 was touched by the shooter, whatever the seat numbers.
        let phys = Physics::default();
        let start = discs(&[(0.0, 0.0), (0.8, 0.0), (0.4, 0.0)]);
        let r = simulate(&phys, &start, 0, (3.0, 0.0), None);
        assert_eq!(r.direct, vec![2]);
        assert_eq!(r.chain, vec![2, 1]);
        assert_eq!(r.moved[..3], [true, true, true]);
        assert!(r.discs[1].x > 0.8 && r.discs[2].x > 0.4);
    }

    #[test]
    fn slide_distances_at_concrete_speeds_and_on_a_slow_surface() {
        // v² / 2a with a = 2 m/s²: 3 m/s slides 2.25 m, and 2.25 m needs 3 m/s.
        let phys = Physics::default();
        assert!((slide_distance(&phys, 3.0) - 2.25).abs() < 1e-12);
        assert!((speed_for_distance(&phys, 2.25) - 3.0).abs() < 1e-12);
        assert_eq!(speed_for_distance(&phys, -1.0), 0.0);
        // A deceleration below 1 m/s² (0.5): 1 m/s stops after 2 s, 1 m on.
        let slow = Physics {
            decel: 0.5,
            ..Physics::default()
        };
        let r = simulate(&slow, &discs(&[(0.0, 0.0)]), 0, (1.0, 0.0), None);
        assert!((r.discs[0].x - 1.0).abs() < 1e-12, "{}", r.discs[0].x);
        assert!((slide_distance(&slow, 1.0) - 1.0).abs() < 1e-12);
    }

    /// A disc at `p` sliding with velocity `v`.
    fn mover(p: (f64, f64), v: (f64, f64)) -> Disc {
        Disc {
            vx: v.0,
            vy: v.1,
            ..Disc::at(p)
        }
    }

    /// `got` is a time within 1e-12 s of `want`.
    fn near(got: Option<f64>, want: f64) -> bool {
        matches!(got, Some(t) if (t - want).abs() < 1e-12)
    }

    const INF: f64 = f64::INFINITY;

    #[test]
    fn a_cap_at_rest_off_the_axes_is_reached_at_the_closed_form_time() {
        // Contact distance 0.5 and deceleration 2 (test values). The mover leaves (0.25, −0.5) along
        // u = (0.6, 0.8); the cap at rest is 1.4 on along u and 0.3 across it, so the centres are
        // 0.5 apart after σ = 1.4 − √(0.5² − 0.3²) = 1 m, and at 2.5 m/s, 2.5 t − t² = 1 at t = 0.5 s.
        let (a, reach) = (2.0, 0.5);
        let start = (0.25, -0.5);
        let rest = Disc::at((0.85, 0.8));
        let fast = mover(start, (1.5, 2.0));
        assert!(near(contact_time(&fast, &rest, a, reach, INF), 0.5));
        // Either of the two may be the one moving.
        assert!(near(contact_time(&rest, &fast, a, reach, INF), 0.5));
        // The window: the contact is within 0.51 s, not within 0.49 s.
        assert!(near(contact_time(&fast, &rest, a, reach, 0.51), 0.5));
        assert_eq!(contact_time(&fast, &rest, a, reach, 0.49), None);
        // At 2.1 m/s the mover slides 1.1025 m and gets there, when 2.1 t − t² = 1.
        let slower = mover(start, (1.26, 1.68));
        let t = (2.1 - (2.1f64 * 2.1 - 4.0).sqrt()) / 2.0;
        assert!(near(contact_time(&slower, &rest, a, reach, INF), t));
        assert!(near(contact_time(&rest, &slower, a, reach, INF), t));
        // At 1.9 m/s it stops 0.9025 m on, short of the cap; shot the other way it moves off.
        let short = mover(start, (1.14, 1.52));
        assert_eq!(contact_time(&short, &rest, a, reach, INF), None);
        let away = mover(start, (-1.5, -2.0));
        assert_eq!(contact_time(&away, &rest, a, reach, INF), None);
        assert_eq!(contact_time(&rest, &away, a, reach, INF), None);
    }

    #[test]
    fn two_caps_sliding_head_on_off_the_axes_meet_at_the_closed_form_time() {
        // Along u = (0.6, 0.8) the caps are 1.08 apart and 0.3 across; one slides along u at
        // 1.5 m/s, the other against u at 1 m/s, each slowing by 2 m/s². The gap along u shrinks by
        // 2.5 t − 2 t², and the centres are 0.5 apart when it is 0.4: 2.5 t − 2 t² = 0.68, t = 0.4 s
        // (the window ends at 0.5 s, when the slower one stops).
        let (a, reach) = (2.0, 0.5);
        let p = mover((0.25, -0.5), (0.9, 1.2));
        let q = mover((0.658, 0.544), (-0.6, -0.8));
        assert!(near(contact_time(&p, &q, a, reach, 0.5), 0.4));
        assert!(near(contact_time(&q, &p, a, reach, 0.5), 0.4));
        assert_eq!(contact_time(&p, &q, a, reach, 0.39), None);
        // Sliding apart, they never meet.
        let (p_back, q_back) = (
            mover((0.25, -0.5), (-0.9, -1.2)),
            mover((0.658, 0.544), (0.6, 0.8)),
        );
        assert_eq!(contact_time(&p_back, &q_back, a, reach, 0.5), None);
    }

    #[test]
    fn contact_at_a_graze_at_the_mover_s_stop_and_between_caps_already_touching() {
        let a = 2.0;
        // A graze: the mover's path along the x-axis passes exactly 0.5 from the centre of the cap
        // at (1, 0.5). They touch (no impulse, but a touch) at x = 1, when 3 t − t² = 1.
        let p = mover((0.0, 0.0), (3.0, 0.0));
        let graze = contact_time(&p, &Disc::at((1.0, 0.5)), a, 0.5, INF);
        assert!(near(graze, (3.0 - 5f64.sqrt()) / 2.0), "{graze:?}");
        assert_eq!(contact_time(&p, &Disc::at((1.0, 0.5 + 1e-9)), a, 0.5, INF), None);
        // Reached just as the mover stops: 2 m/s slides 1 m, to touch the cap at (1.5, 0) at t = 1 s.
        let p = mover((0.0, 0.0), (2.0, 0.0));
        assert_eq!(contact_time(&p, &Disc::at((1.5, 0.0)), a, 0.5, INF), Some(1.0));
        assert_eq!(contact_time(&p, &Disc::at((1.5 + 1e-9, 0.0)), a, 0.5, INF), None);
        // Already touching (centres (0.375, 0.5) apart, contact distance 0.625, exact in binary): a
        // contact now if they approach, none if the mover slides along the tangent or away,
        // whichever of the two moves.
        let rest = Disc::at((0.0, 0.0));
        for (v, want) in [
            ((-0.375, -0.5), Some(0.0)),
            ((-0.5, 0.375), None),
            ((0.375, 0.5), None),
        ] {
            let m = mover((0.375, 0.5), v);
            assert_eq!(contact_time(&m, &rest, a, 0.625, INF), want, "{v:?}");
            assert_eq!(contact_time(&rest, &m, a, 0.625, INF), want, "{v:?}");
        }
        // Both moving towards each other while touching: a contact now.
        let (m, n) = (
            mover((0.375, 0.5), (-0.375, -0.5)),
            mover((0.0, 0.0), (0.375, 0.5)),
        );
        assert_eq!(contact_time(&m, &n, a, 0.625, 0.3125), Some(0.0));
    }

    #[test]
    fn a_cap_shot_away_from_a_cap_it_touches_does_not_hit_it() {
        // Two caps touching (centres one diameter apart on the x-axis). Shot straight away from the
        // other cap or along the tangent, the shooter touches it no more: no contact, no hit. Shot
        // into it, it hits at once, head-on: the shares of the speed are (1 ∓ e)/2.
        let phys = Physics::default();
        let d = 2.0 * phys.radius;
        let start = discs(&[(0.0, 0.0), (d, 0.0)]);
        for v in [(-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
            let r = simulate(&phys, &start, 0, v, None);
            assert!(r.direct.is_empty() && r.chain.is_empty(), "{v:?}");
            assert_eq!((r.events, r.moved[1]), (1, false), "{v:?}");
        }
        let r = simulate(&phys, &start, 0, (1.0, 0.0), None);
        assert_eq!(r.direct, vec![1]);
        let (u0, u1) = ((1.0 - phys.restitution) / 2.0, (1.0 + phys.restitution) / 2.0);
        assert!((r.discs[0].x - slide_distance(&phys, u0)).abs() < 1e-12);
        assert!((r.discs[1].x - d - slide_distance(&phys, u1)).abs() < 1e-12);
    }

    #[test]
    fn the_polynomial_helpers_on_known_polynomials() {
        // (t − 1)(t − 2)(t − 3)(t − 4) = t⁴ − 10t³ + 35t² − 50t + 24, coefficients from t⁰.
        let quartic = [24.0, -50.0, 35.0, -10.0, 1.0];
        assert_eq!(eval(&quartic, 0.0), 24.0);
        assert_eq!(eval(&quartic, 5.0), 24.0);
        assert_eq!(eval(&quartic, 0.5), 6.5625);
        assert_eq!(eval(&quartic, 3.0), 0.0);
        assert_eq!(derivative(&quartic), ([-50.0, 70.0, -30.0, 4.0], 4));
        assert_eq!(derivative(&[3.0, -4.0, 1.0]), ([-4.0, 2.0, 0.0, 0.0], 2));
        // Every sign change in the window, ascending, each within a hair of the root.
        let mut out = [0.0; 4];
        assert_eq!(roots(&quartic, 0.0, 5.0, &mut out), 4);
        for (k, x) in out.iter().enumerate() {
            assert!((x - (k + 1) as f64).abs() < 1e-12, "{out:?}");
        }
        // (t − 1)(t − 2)(t − 3): negative at 0, positive at 4.
        let cubic = [-6.0, 11.0, -6.0, 1.0];
        let mut out = [0.0; 4];
        assert_eq!(roots(&cubic, 0.0, 4.0, &mut out), 3);
        assert!(
            (out[0] - 1.0).abs() < 1e-12 && (out[2] - 3.0).abs() < 1e-12,
            "{out:?}"
        );
        assert_eq!(roots(&cubic, 1.2, 1.8, &mut out), 0);
        assert_eq!(roots(&[1.0, 1.0], 0.0, 4.0, &mut out), 0);
    }

    #[test]
    fn the_first_descending_root_is_where_the_polynomial_first_falls_to_zero() {
        let quartic = [24.0, -50.0, 35.0, -10.0, 1.0];
        let first = |f: &[f64; 5], lo: f64, hi: f64| first_descending_root(f, lo, hi);
        // From 0 the first fall is at 1, then 3; 2 and 4 are rises, not contacts.
        assert!(near(first(&quartic, 0.0, 5.0), 1.0));
        assert!(near(first(&quartic, 1.5, 5.0), 3.0));
        // From 2.2, the polynomial rises to its top at 2.5 before falling at 3.
        assert!(near(first(&quartic, 2.2, 5.0), 3.0));
        // From exactly 1, already at zero: not a fall from positive, so the next one, at 3.
        assert!(near(first(&quartic, 1.0, 5.0), 3.0));
        assert_eq!(first(&quartic, 0.0, 0.9), None);
        assert_eq!(first(&quartic, 1.2, 1.8), None);
        // Leading zeros: a quadratic (t − 1)(t − 3) and a line 1 − t, falling at 1; a rising line
        // and constants never fall.
        let t = first(&[3.0, -4.0, 1.0, 0.0, 0.0], 0.0, 2.0).expect("a root");
        // The answer is on the side where the polynomial is still positive (the caps still apart),
        // even where the bisection lands exactly on the root (the midpoint of [0, 2]).
        assert!(t < 1.0 && t > 1.0 - 1e-12 && 3.0 - 4.0 * t + t * t > 0.0, "{t}");
        assert!(near(first(&[1.0, -1.0, 0.0, 0.0, 0.0], 0.0, 4.0), 1.0));
        assert_eq!(first(&[-1.0, 1.0, 0.0, 0.0, 0.0], 0.0, 4.0), None);
        assert_eq!(first(&[1.0, 0.0, 0.0, 0.0, 0.0], 0.0, 4.0), None);
        assert_eq!(first(&[0.0; 5], 0.0, 4.0), None);
        // −(t − 1)(t − 3), positive between its roots: no fall within [1.5, 2.5].
        assert_eq!(first(&[-3.0, 4.0, -1.0, 0.0, 0.0], 1.5, 2.5), None);
    }

    #[test]
    fn kinetic_energy_sums_half_the_squared_speeds_of_the_discs_in_play() {
        let mut d = discs(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]);
        (d[0].vx, d[0].vy) = (3.0, 4.0);
        (d[1].vx, d[1].vy) = (0.5, -1.0);
        (d[2].vx, d[2].vy) = (7.0, 7.0);
        d[2].active = false;
        assert_eq!(kinetic_energy(&d), 12.5 + 0.625);
    }
}
