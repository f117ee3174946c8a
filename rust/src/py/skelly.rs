//! Skelly extras for Python: hand-entered outcomes, continuous shots, the shot simulator, the caps, the
//! court geometry and positions as text. Flat functions `skelly_*`; `ludoteca.games.skelly` wraps them.

use super::game::PyGame;
use super::state::PyState;
use crate::core::rng::Rng;
use crate::error::LudoError;
use crate::games::skelly::physics::TracePoint;
use crate::games::skelly::rules::{Decision, Report, Stage};
use crate::games::skelly::{describe_report, Skelly, SkellyState};
use crate::registry::Registered;
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn seats(mask: u8) -> Vec<usize> {
    (0..8).filter(|s| mask & (1 << s) != 0).collect()
}

fn report_dict<'py>(py: Python<'py>, r: &Report) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let decision = match r.decision {
        Decision::Killer => "killer",
        Decision::HitKiller => "hit_killer",
        Decision::HitTrapped => "hit_trapped",
        Decision::Hit => "hit",
        Decision::Made => "made",
        Decision::Restart => "restart",
        Decision::Trapped => "trapped",
        Decision::Miss => "miss",
    };
    d.set_item("shooter", r.shooter)?;
    d.set_item("decision", decision)?;
    d.set_item("again", r.again)?;
    d.set_item("credited", r.credited[..r.n_credited as usize].to_vec())?;
    d.set_item("eliminated", seats(r.eliminated))?;
    d.set_item("freed", seats(r.freed))?;
    d.set_item("trapped", seats(r.trapped))?;
    d.set_item("released", seats(r.released))?;
    d.set_item("text", describe_report(r))?;
    Ok(d)
}

fn skelly(state: &PyState) -> PyResult<&SkellyState> {
    state.downcast_ref::<SkellyState>()
}

/// Scores a hand-entered shot by the player to move: `positions` maps each seat whose cap moved to its
/// resting centre `(x, y)` in metres; `contacts` lists the seats the shooter's cap touched, in order.
#[pyfunction]
fn skelly_apply_outcome<'py>(
    py: Python<'py>,
    state: &mut PyState,
    positions: Vec<(usize, (f64, f64))>,
    contacts: Vec<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let r = state
        .downcast_mut::<SkellyState>()?
        .apply_outcome(&positions, &contacts)?;
    state.resolve_chance();
    report_dict(py, &r)
}

/// A continuous, exact shot by the player to move: angle in radians (0 = +x, counter-clockwise), speed
/// in m/s.
#[pyfunction]
fn skelly_shoot<'py>(
    py: Python<'py>,
    state: &mut PyState,
    angle: f64,
    speed: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let r = state.downcast_mut::<SkellyState>()?.shoot(angle, speed)?;
    state.resolve_chance();
    report_dict(py, &r)
}

/// Simulates a shot of the player to move without applying it: final positions, the contacts and the
/// event trace `[(t, [(x, y, vx, vy) or None per seat])]`.
#[pyfunction]
fn skelly_simulate_shot<'py>(
    py: Python<'py>,
    state: &PyState,
    angle: f64,
    speed: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let s = skelly(state)?;
    if !angle.is_finite() || !speed.is_finite() || !(0.0..=crate::games::skelly::MAX_SPEED).contains(&speed) {
        return Err(LudoError::param(
            "shot",
            format!("angle must be finite and speed in 0..=20 m/s, got {angle}, {speed}"),
        )
        .into());
    }
    let n = s.table().n;
    let mut trace: Vec<TracePoint> = Vec::new();
    let r = s.simulate_shot(angle, speed, Some(&mut trace));
    let d = PyDict::new(py);
    let pos: Vec<Option<(f64, f64)>> = (0..n)
        .map(|k| r.discs[k].active.then_some((r.discs[k].x, r.discs[k].y)))
        .collect();
    d.set_item("positions", pos)?;
    d.set_item("moved", (0..n).filter(|&k| r.moved[k]).collect::<Vec<_>>())?;
    d.set_item("direct", r.direct.clone())?;
    d.set_item("chain", r.chain.clone())?;
    d.set_item("events", r.events)?;
    let tr: Vec<(f64, Vec<Option<(f64, f64, f64, f64)>>)> = trace
        .iter()
        .map(|(t, ds)| {
            (
                *t,
                (0..n)
                    .map(|k| ds[k].active.then_some((ds[k].x, ds[k].y, ds[k].vx, ds[k].vy)))
                    .collect(),
            )
        })
        .collect();
    d.set_item("trace", tr)?;
    Ok(d)
}

/// Every cap: position (None before its first shot and once eliminated), stage, course index, quadrants
/// made, trapped, alive, rank.
#[pyfunction]
fn skelly_caps<'py>(py: Python<'py>, state: &PyState) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let s = skelly(state)?;
    let t = s.table();
    let court = &s.config().rules.court;
    let ranks = t.ranks();
    let mut out = Vec::new();
    for k in 0..t.n {
        let c = &t.caps[k];
        let d = PyDict::new(py);
        d.set_item("seat", k)?;
        d.set_item("position", c.pos)?;
        let (stage, index, done) = match c.stage {
            Stage::Course(i) => ("course", Some(i), 0u8),
            Stage::Qual13 => ("qual13", None, 0),
            Stage::QualQ(m) => ("qualq", None, m),
            Stage::Killer => ("killer", None, 0b1111),
        };
        d.set_item("stage", if c.alive { stage } else { "out" })?;
        d.set_item("index", index)?;
        d.set_item("target", index.map(|i| s.config().rules.target(i)))?;
        d.set_item(
            "quadrants",
            (0..4)
                .filter(|q| done & (1 << q) != 0)
                .map(|q| court.quadrant_name(q))
                .collect::<Vec<_>>(),
        )?;
        d.set_item("trapped", c.trapped)?;
        d.set_item("alive", c.alive)?;
        d.set_item("rank", ranks[k])?;
        out.push(d);
    }
    Ok(out)
}

/// The position as one line of text (the format `skelly_from_position` reads).
#[pyfunction]
fn skelly_position(state: &PyState) -> PyResult<String> {
    Ok(skelly(state)?.position_text())
}

/// The court as text.
#[pyfunction]
fn skelly_court_text(state: &PyState) -> PyResult<String> {
    Ok(skelly(state)?.court_text())
}

/// A state of `game` at a position text; flick noise from `seed` unless `explicit_chance`.
#[pyfunction]
#[pyo3(signature = (game, text, seed = None, explicit_chance = false))]
fn skelly_from_position(
    game: &PyGame,
    text: &str,
    seed: Option<u64>,
    explicit_chance: bool,
) -> PyResult<PyState> {
    let g = Skelly::from_game_string(&game.inner.game_string())?;
    let s = g.state_at(text)?;
    let rng = (!explicit_chance).then(|| {
        Rng::new(seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0)
        }))
    });
    Ok(PyState::new_from(game.inner.clone(), Box::new(s), rng))
}

/// Where a resting cap centred at `(x, y)` is on `game`'s court: the boxes it is cleanly in, whether it
/// is in the dead box, and its quadrant.
#[pyfunction]
fn skelly_locate<'py>(py: Python<'py>, game: &PyGame, x: f64, y: f64) -> PyResult<Bound<'py, PyDict>> {
    let g = Skelly::from_game_string(&game.inner.game_string())?;
    let c = &g.config().rules.court;
    let d = PyDict::new(py);
    d.set_item(
        "boxes",
        (1..=13u8).filter(|&n| c.in_box(n, (x, y))).collect::<Vec<_>>(),
    )?;
    d.set_item("dead_box", c.in_dead_box((x, y)))?;
    d.set_item("quadrant", c.quadrant((x, y)).map(|q| c.quadrant_name(q)))?;
    Ok(d)
}

/// The court's geometry: every box `(n, x, y, side)`, the skull square `(x0, y0, side)`, the start
/// point, the cap radius and the line width.
#[pyfunction]
fn skelly_geometry<'py>(py: Python<'py>, game: &PyGame) -> PyResult<Bound<'py, PyDict>> {
    let g = Skelly::from_game_string(&game.inner.game_string())?;
    let c = &g.config().rules.court;
    let d = PyDict::new(py);
    d.set_item("board_side", c.side)?;
    let boxes: Vec<(u8, f64, f64, f64)> = (1..=13u8)
        .map(|n| {
            let (x, y) = c.box_centre(n);
            (n, x, y, c.box_side_of(n))
        })
        .collect();
    d.set_item("boxes", boxes)?;
    d.set_item(
        "skull",
        (
            c.side / 2.0 - c.skull / 2.0,
            c.side / 2.0 - c.skull / 2.0,
            c.skull,
        ),
    )?;
    d.set_item("start", c.start_point())?;
    d.set_item("cap_radius", c.radius)?;
    d.set_item("line_width", c.line)?;
    Ok(d)
}

/// Registers the Skelly functions on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(skelly_apply_outcome, m)?)?;
    m.add_function(wrap_pyfunction!(skelly_shoot, m)?)?;
    m.add_function(wrap_pyfunction!(skelly_simulate_shot, m)?)?;
    m.add_function(wrap_pyfunction!(skelly_caps, m)?)?;
    m.add_function(wrap_pyfunction!(skelly_position, m)?)?;
    m.add_function(wrap_pyfunction!(skelly_court_text, m)?)?;
    m.add_function(wrap_pyfunction!(skelly_from_position, m)?)?;
    m.add_function(wrap_pyfunction!(skelly_locate, m)?)?;
    m.add_function(wrap_pyfunction!(skelly_geometry, m)?)?;
    Ok(())
}
