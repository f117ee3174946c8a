//! Skelly's rules as a state machine over shot outcomes: the course of boxes, the killer run, hits
//! and the dead box.
//!
//! The input of one transition is a [`ShotOutcome`]: where the caps that moved came to rest, and which
//! caps the shooter touched. The physics simulator produces one; so can a person scoring a game played
//! on a sidewalk. Nothing here integrates motion.

use super::court::Court;
use crate::error::{LudoError, Result};

/// Most seats.
pub const MAX_SEATS: usize = 6;

/// Where a player is in the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// On the course, shooting for target index `i` (`0 ≤ i < course length`).
    Course(u8),
    /// Killer run: shooting for box 13.
    Qual13,
    /// Killer run: shooting for the quadrants; bit q set = quadrant q done.
    QualQ(u8),
    /// A killer.
    Killer,
}

/// One player's cap.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Cap {
    /// Centre of the cap at rest; `None` before its first shot (it is shot from the start line) and
    /// after elimination.
    pub pos: Option<(f64, f64)>,
    pub stage: Stage,
    pub trapped: bool,
    pub alive: bool,
    /// Hits by killers since this cap's owner last shot (`killer_hits_to_eliminate > 1`).
    pub killer_hits: u8,
    /// Turns skipped while trapped (`trap_release_after_turns`).
    pub skipped: u16,
}

impl Cap {
    fn fresh() -> Cap {
        Cap {
            pos: None,
            stage: Stage::Course(0),
            trapped: false,
            alive: true,
            killer_hits: 0,
            skipped: 0,
        }
    }
    /// Whether the cap is physically on the ground (alive and entered).
    pub fn on_court(&self) -> bool {
        self.alive && self.pos.is_some()
    }
    /// Whether the cap is a killer.
    pub fn is_killer(&self) -> bool {
        self.stage == Stage::Killer
    }
}

/// The rule flags (geometry lives in [`Court`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Flags {
    /// Quadrants must be made in the fixed order 0, 1, 2, 3 (N E S W).
    pub fixed_quadrant_order: bool,
    /// A non-killer hitting a killer becomes a killer (true) or is eliminated (false).
    pub promote_shooter: bool,
    /// Hits a killer needs on a cap to eliminate it.
    pub killer_hits_to_eliminate: u8,
    /// An ordinary hit keeps the turn.
    pub hit_grants_extra_shot: bool,
    /// Caps touched in a chain reaction count as hit (used by the simulator's outcome).
    pub chain_hits_count: bool,
    /// Non-killer caps knocked into the dead box are trapped.
    pub knocked_into_dead_box_traps: bool,
    /// After a miss the cap goes back to the last box it completed (instead of staying).
    pub return_to_last_box: bool,
    /// A trapped player is released after this many skipped turns (0: never).
    pub trap_release_after_turns: u16,
    /// The course is 1..13 only (13 targets) instead of 1..13..1 (25).
    pub out_only: bool,
}

impl Default for Flags {
    fn default() -> Self {
        Flags {
            fixed_quadrant_order: false,
            promote_shooter: true,
            killer_hits_to_eliminate: 1,
            hit_grants_extra_shot: true,
            chain_hits_count: false,
            knocked_into_dead_box_traps: true,
            return_to_last_box: false,
            trap_release_after_turns: 0,
            out_only: false,
        }
    }
}

/// Court and flags: everything a transition needs besides the table.
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct Rules {
    pub court: Court,
    pub flags: Flags,
}

impl Rules {
    /// Number of course targets: 25 (1..13..1) or 13 (1..13).
    pub fn course_len(&self) -> u8 {
        if self.flags.out_only {
            13
        } else {
            25
        }
    }
    /// Box number of course target `i`: `T = [1, 2, …, 13, 12, …, 1]`.
    pub fn target(&self, i: u8) -> u8 {
        if i < 13 {
            i + 1
        } else {
            25 - i
        }
    }
}

/// A shot's result as the rules see it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShotOutcome<'a> {
    /// Final resting centre of every cap that moved (the shooter's included), by seat.
    pub positions: &'a [(usize, (f64, f64))],
    /// Caps the shooter's cap touched, in order (only direct contacts unless `chain_hits_count`).
    pub contacts: &'a [usize],
}

/// Which rule decided a shot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Rule 1: a killer's shot (eliminations, if any).
    Killer,
    /// Rule 2: a non-killer hit a killer.
    HitKiller,
    /// Rule 3: a hit on a trapped cap (+2, the cap freed).
    HitTrapped,
    /// Rule 4: an ordinary hit (+1).
    Hit,
    /// Rule 5: a clean landing in the target.
    Made,
    /// Rule 5: a miss in the quadrants: the killer run restarts.
    Restart,
    /// Rule 5: the cap came to rest in the dead box.
    Trapped,
    /// Rule 5: a miss.
    Miss,
}

/// What one shot did, for records and display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    pub shooter: u8,
    pub decision: Decision,
    /// The shooter keeps the turn.
    pub again: bool,
    /// Course targets credited (box numbers), at most 2.
    pub credited: [u8; 2],
    pub n_credited: u8,
    /// Seats eliminated, freed, trapped by this shot (bit masks).
    pub eliminated: u8,
    pub freed: u8,
    pub trapped: u8,
    /// Seats released from the dead box when the turn passed (deadlock or trap_release_after_turns).
    pub released: u8,
}

/// The table: every cap, whose turn it is, who is out.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Table {
    pub n: usize,
    pub caps: [Cap; MAX_SEATS],
    /// Seat to shoot (the winner once the game is over).
    pub turn: usize,
    /// Shots taken so far.
    pub shots: u32,
    /// Seats in the order they were eliminated.
    pub out: [u8; MAX_SEATS],
    pub n_out: u8,
}

impl Table {
    /// A new game: every cap off the court, seat `first` to shoot.
    pub fn new(n: usize, first: usize) -> Table {
        Table {
            n,
            caps: [Cap::fresh(); MAX_SEATS],
            turn: first,
            shots: 0,
            out: [0; MAX_SEATS],
            n_out: 0,
        }
    }

    /// Caps still in the game.
    pub fn alive(&self) -> usize {
        self.caps[..self.n].iter().filter(|c| c.alive).count()
    }

    /// The winner, once one cap is left.
    pub fn winner(&self) -> Option<usize> {
        if self.alive() == 1 {
            (0..self.n).find(|&s| self.caps[s].alive)
        } else {
            None
        }
    }

    /// Rank of each seat: 1 for the winner (or every survivor while more than one is left), and a
    /// seat eliminated when `k` caps were left gets rank `k`.
    pub fn ranks(&self) -> [u8; MAX_SEATS] {
        let mut r = [1u8; MAX_SEATS];
        for (k, &s) in self.out[..self.n_out as usize].iter().enumerate() {
            r[s as usize] = (self.n - k) as u8;
        }
        r
    }

    fn clear_of_others(&self, seat: usize, p: (f64, f64), radius: f64) -> bool {
        (0..self.n).all(|s| {
            s == seat
                || match (self.caps[s].alive, self.caps[s].pos) {
                    (true, Some(q)) => (p.0 - q.0).hypot(p.1 - q.1) >= 2.0 * radius + 1e-9,
                    _ => true,
                }
        })
    }

    /// Puts `seat`'s cap in box `n`: at its centre, or if another cap lies there, at the nearest free
    /// spot of a grid (step one cap diameter) that is still cleanly inside the box.
    pub fn place_in_box(&mut self, court: &Court, seat: usize, n: u8) {
        let c = court.box_centre(n);
        let lim = court.box_limit(n);
        let step = 2.0 * court.radius + 1e-6;
        let rings = (lim / step) as i32;
        for k in 0..=rings {
            for i in -k..=k {
                for j in -k..=k {
                    if i.abs().max(j.abs()) != k {
                        continue;
                    }
                    let p = (c.0 + f64::from(i) * step, c.1 + f64::from(j) * step);
                    if self.clear_of_others(seat, p, court.radius) {
                        self.caps[seat].pos = Some(p);
                        return;
                    }
                }
            }
        }
        self.caps[seat].pos = Some(c);
    }

    /// Moves a cap lying in the dead box radially out to just outside the skull square (further out
    /// along the same ray if another cap lies there).
    pub fn move_out_radially(&mut self, court: &Court, seat: usize) {
        let Some(p) = self.caps[seat].pos else { return };
        if !court.in_dead_box(p) {
            return;
        }
        let mut extra = 0.0;
        for _ in 0..64 {
            let q = court.radial_exit(p, extra);
            if self.clear_of_others(seat, q, court.radius) {
                self.caps[seat].pos = Some(q);
                return;
            }
            extra += 2.0 * court.radius;
        }
        self.caps[seat].pos = Some(court.radial_exit(p, 0.0));
    }

    fn eliminate(&mut self, seat: usize) {
        let c = &mut self.caps[seat];
        if !c.alive {
            return;
        }
        c.alive = false;
        c.pos = None;
        c.trapped = false;
        self.out[self.n_out as usize] = seat as u8;
        self.n_out += 1;
    }

    fn release(&mut self, court: &Court, seat: usize) {
        self.caps[seat].trapped = false;
        self.caps[seat].skipped = 0;
        self.move_out_radially(court, seat);
    }

    /// "Advance by k" (rule 3): credit `T[i] … T[i+k'−1]` with `k' = min(k, len − i)`, place the cap in the
    /// last credited box; completing the course starts the killer run with the cap in box 1.
    fn advance(&mut self, rules: &Rules, seat: usize, k: u8, rep: &mut Report) {
        let Stage::Course(i) = self.caps[seat].stage else {
            return;
        };
        let len = rules.course_len();
        let k = k.min(len - i);
        for j in 0..k {
            rep.credited[j as usize] = rules.target(i + j);
        }
        rep.n_credited = k;
        self.place_in_box(&rules.court, seat, rules.target(i + k - 1));
        self.finish_target(rules, seat, i + k);
    }

    /// Sets the course index; at the end of the course the stage becomes the killer run from box 1.
    fn finish_target(&mut self, rules: &Rules, seat: usize, i: u8) {
        if i >= rules.course_len() {
            self.caps[seat].stage = Stage::Qual13;
            let in_one = self.caps[seat].pos.is_some_and(|p| rules.court.in_box(1, p));
            if !in_one {
                self.place_in_box(&rules.court, seat, 1);
            }
        } else {
            self.caps[seat].stage = Stage::Course(i);
        }
    }

    /// Checks an outcome against the table without changing anything.
    pub fn check_outcome(&self, out: &ShotOutcome) -> Result<()> {
        let bad = |reason: String| Err(LudoError::InvalidPosition { reason });
        if self.winner().is_some() {
            return Err(LudoError::GameOver);
        }
        let p = self.turn;
        for (k, &(s, (x, y))) in out.positions.iter().enumerate() {
            if s >= self.n {
                return bad(format!("position for seat {s}: the seats are 0..{}", self.n - 1));
            }
            if !self.caps[s].alive {
                return bad(format!("seat {s}'s cap has been eliminated and cannot move"));
            }
            if s != p && self.caps[s].pos.is_none() {
                return bad(format!(
                    "seat {s}'s cap has not entered play, so the shot cannot have moved it"
                ));
            }
            if !x.is_finite() || !y.is_finite() || x.abs() > 1e12 || y.abs() > 1e12 {
                return bad(format!("position of seat {s} ({x}, {y}) is not a finite point"));
            }
            if out.positions[..k].iter().any(|&(t, _)| t == s) {
                return bad(format!("seat {s} is given two positions"));
            }
        }
        for &h in out.contacts {
            if h >= self.n {
                return bad(format!("contact with seat {h}: the seats are 0..{}", self.n - 1));
            }
            if h == p {
                return bad(format!(
                    "seat {h} is the shooter; contacts are the caps it touched"
                ));
            }
            if !self.caps[h].on_court() {
                return bad(format!(
                    "seat {h}'s cap is not on the court and cannot be touched"
                ));
            }
        }
        Ok(())
    }

    /// Applies one shot by the seat to move (rules 1–9 in their priority order) and passes the
    /// turn unless the shooter shoots again. On error nothing changes.
    pub fn apply_outcome(&mut self, rules: &Rules, out: &ShotOutcome) -> Result<Report> {
        self.check_outcome(out)?;
        let court = &rules.court;
        let flags = &rules.flags;
        let p = self.turn;
        let mut rep = Report {
            shooter: p as u8,
            decision: Decision::Miss,
            again: false,
            credited: [0; 2],
            n_credited: 0,
            eliminated: 0,
            freed: 0,
            trapped: 0,
            released: 0,
        };
        self.caps[p].killer_hits = 0;
        let mut moved = 0u8;
        for &(s, pos) in out.positions {
            self.caps[s].pos = Some(pos);
            moved |= 1 << s;
        }
        // H: the alive caps touched, each once, in order.
        let mut hit = [0usize; MAX_SEATS];
        let mut nh = 0;
        for &h in out.contacts {
            if self.caps[h].alive && !hit[..nh].contains(&h) {
                hit[nh] = h;
                nh += 1;
            }
        }
        let hit = &hit[..nh];
        let shooter_killer = self.caps[p].is_killer();
        if shooter_killer {
            // Rule 1. A hit killer is eliminated too.
            rep.decision = Decision::Killer;
            for &h in hit {
                let c = &mut self.caps[h];
                c.killer_hits = c.killer_hits.saturating_add(1);
                if c.killer_hits >= flags.killer_hits_to_eliminate {
                    self.eliminate(h);
                    rep.eliminated |= 1 << h;
                }
            }
            rep.again = rep.eliminated != 0;
        } else if hit.iter().any(|&h| self.caps[h].is_killer()) {
            // Rule 2.
            rep.decision = Decision::HitKiller;
            if flags.promote_shooter {
                self.caps[p].stage = Stage::Killer;
                rep.again = true;
            } else {
                self.eliminate(p);
                rep.eliminated |= 1 << p;
            }
        } else if hit.iter().any(|&h| self.caps[h].trapped) {
            // Rule 3 (one +2 per shot; no progress during the killer run, rule 7).
            rep.decision = Decision::HitTrapped;
            for &h in hit {
                if self.caps[h].trapped {
                    self.caps[h].trapped = false;
                    self.caps[h].skipped = 0;
                    self.move_out_radially(court, h);
                    rep.freed |= 1 << h;
                }
            }
            self.advance(rules, p, 2, &mut rep);
            rep.again = true;
        } else if !hit.is_empty() {
            // Rule 4.
            rep.decision = Decision::Hit;
            self.advance(rules, p, 1, &mut rep);
            rep.again = flags.hit_grants_extra_shot;
        } else {
            self.landing(rules, p, &mut rep);
        }
        // Rule 6: every other non-killer cap this shot moved that rests in the dead box is trapped,
        // except the caps just freed (they were moved out).
        if flags.knocked_into_dead_box_traps {
            for s in 0..self.n {
                let c = self.caps[s];
                if s != p
                    && moved & (1 << s) != 0
                    && rep.freed & (1 << s) == 0
                    && c.alive
                    && !c.is_killer()
                    && !c.trapped
                    && c.pos.is_some_and(|q| court.in_dead_box(q))
                {
                    self.caps[s].trapped = true;
                    rep.trapped |= 1 << s;
                }
            }
        }
        self.shots += 1;
        if self.winner().is_some() {
            self.turn = self.winner().unwrap_or(p);
            return Ok(rep);
        }
        if !rep.again || !self.caps[p].alive {
            rep.again = false;
            rep.released = self.pass_turn(rules);
        }
        Ok(rep)
    }

    /// Rule 5: no hit, so where did the shooter's cap land?
    fn landing(&mut self, rules: &Rules, p: usize, rep: &mut Report) {
        let court = &rules.court;
        let Some(pos) = self.caps[p].pos else {
            rep.decision = Decision::Miss;
            return;
        };
        match self.caps[p].stage {
            Stage::Course(i) if court.in_box(rules.target(i), pos) => {
                rep.decision = Decision::Made;
                rep.credited[0] = rules.target(i);
                rep.n_credited = 1;
                self.finish_target(rules, p, i + 1);
                rep.again = true;
                return;
            }
            Stage::Qual13 if court.in_box(13, pos) => {
                rep.decision = Decision::Made;
                self.caps[p].stage = Stage::QualQ(0);
                rep.again = true;
                return;
            }
            Stage::QualQ(done) => {
                let next = (0..4).find(|q| done & (1 << q) == 0).unwrap_or(0);
                let ok = court
                    .quadrant(pos)
                    .filter(|&q| done & (1 << q) == 0 && (!rules.flags.fixed_quadrant_order || q == next));
                if let Some(q) = ok {
                    rep.decision = Decision::Made;
                    let done = done | (1 << q);
                    self.caps[p].stage = if done == 0b1111 {
                        Stage::Killer
                    } else {
                        Stage::QualQ(done)
                    };
                    rep.again = true;
                } else {
                    rep.decision = Decision::Restart;
                    self.caps[p].stage = Stage::Qual13;
                    self.place_in_box(court, p, 1);
                }
                return;
            }
            Stage::Killer => {
                rep.decision = Decision::Miss;
                return;
            }
            _ => {}
        }
        if court.in_dead_box(pos) {
            rep.decision = Decision::Trapped;
            self.caps[p].trapped = true;
            rep.trapped |= 1 << p;
            return;
        }
        rep.decision = Decision::Miss;
        if rules.flags.return_to_last_box {
            match self.caps[p].stage {
                Stage::Course(0) => self.caps[p].pos = None,
                Stage::Course(i) => self.place_in_box(court, p, rules.target(i - 1)),
                Stage::Qual13 => self.place_in_box(court, p, 1),
                _ => {}
            }
        }
    }

    /// Rule 8: the next alive player in rotation shoots; trapped players are skipped (or released after
    /// `trap_release_after_turns` skips); if every alive player is trapped, all are released without
    /// reward. Returns the seats released.
    fn pass_turn(&mut self, rules: &Rules) -> u8 {
        let court = &rules.court;
        let mut released = 0u8;
        let n = self.n;
        let all_trapped = (0..n).all(|s| !self.caps[s].alive || self.caps[s].trapped);
        if all_trapped {
            for s in 0..n {
                if self.caps[s].alive {
                    self.release(court, s);
                    released |= 1 << s;
                }
            }
        }
        let limit = rules.flags.trap_release_after_turns;
        for step in 1..=n {
            let s = (self.turn + step) % n;
            if !self.caps[s].alive {
                continue;
            }
            if self.caps[s].trapped {
                if limit > 0 && self.caps[s].skipped >= limit {
                    self.release(court, s);
                    released |= 1 << s;
                } else {
                    self.caps[s].skipped = self.caps[s].skipped.saturating_add(1);
                    continue;
                }
            }
            self.turn = s;
            return released;
        }
        released
    }
}
