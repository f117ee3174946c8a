"""Skelly (Skully, Skelsies), the New York bottle-cap street game, for 2 to 6 players.

Rules as implemented (``ludoteca rules skelly``). No single rule book exists; the court follows the
Streetplay.com "Skully" board and the rules the New York version described on Streetplay and
Wikipedia, with the choices below where they are silent.

**The court** (every length a parameter, metres; origin at the board's lower-left corner). A square
board of side ``board_side`` = 2.0 with 13 numbered square boxes of side ``box_side`` = 0.25: 1-4 in
the corners (1 lower-left, 2 upper-right, 3 upper-left, 4 lower-right), 5/7 on the left side with 6/8
across on the right, 9/11 on the top with 10/12 across on the bottom (each pair ``pair_gap`` apart
around the middle), 13 (side ``box13_side``) in the centre, inside the **skull** (the dead box), a
square of side ``skull_side`` = 0.75. A cap (radius ``cap_radius`` = 0.016) is **in a box** only if
the whole disc is inside the line's inner edge (``line_width`` = 0.02): its centre within
``side/2 - w/2 - r`` of the box centre on both axes; touching a line is out. It is **in the dead box**
if its centre is in the skull square (lines included) and it is not cleanly in box 13, so a cap on
box 13's line is in the dead box. The dead box's four **quadrants** are cut by its diagonals (N E S W;
a point on a diagonal is N or S) or, with ``quadrant_cut="axes"``, by the middle lines (NE SE SW NW).
Caps that have not played yet shoot from the middle of a start line 0.5 m below box 1.

**Play.** Turns rotate; the first player is drawn by lot (``first_player`` fixes it). The course is
boxes 1, 2, ... 13, 12, ... 1 (25 targets; ``course="out_only"``: 1 to 13). Each shot is judged in
this order:

1. A **killer** eliminates every cap it touches (``killer_hits_to_eliminate`` hits, counted since the
   victim last shot; a killer hit by a killer is out too) and shoots again if it eliminated one. A
   killer is never trapped.
2. A non-killer that touches a **killer** becomes a killer and shoots again
   (``non_killer_hits_killer="eliminate_shooter"``: it is out instead).
3. Touching a **trapped** cap frees it (moved straight out of the skull if it still lies there) and
   moves the shooter on **two** targets (never past the end of the course; its cap is put in the last
   box credited); shoot again.
4. Touching any other cap moves the shooter on **one** target (its cap put in that box); shoot again
   (``hit_grants_extra_shot``). During the killer run hits give no progress but keep the turn.
5. Otherwise the landing counts: cleanly in the target box moves on one and keeps the turn; after the
   last box the **killer run** starts from box 1: box 13, then each quadrant once (any order, or
   ``quadrant_order="n_e_s_w"``); four quadrants make a killer. A miss of 13 leaves the cap where it lies
   (the next try is from there); landing anywhere but a new quadrant restarts the run from box 1 and
   passes the turn. A cap (not a killer) whose centre comes to rest in the dead box is **trapped** and
   misses its turns until another player hits it. Any other miss stays where it lies
   (``out_of_bounds_policy="return_to_last_box"``: back to the last box made) and passes the turn.
6. Other caps knocked into the dead box by a shot are trapped too (``knocked_into_dead_box_traps``),
   whether touched directly or in a chain.

If every remaining player is trapped, all are released without reward (``trap_release_after_turns``:
a trapped player is released after missing that many turns). The last cap left wins (+1, the others
-1/(n-1)); ``scores()`` are the ranks in elimination order. ``max_shots`` ends a game as a draw.

Choices where the sources are silent: a cap placed in a box or moved out of the skull is put at the
nearest free spot if another cap lies there; caps knocked into the dead box by a direct hit are
trapped like any knocked cap; a killer's hit count resets whenever the victim shoots; after the
13-box course the killer run starts from box 1 like the full course; only the first rule that applies
counts (touching a killer and a trapped cap in one shot is rule 2 alone); a hit during the killer run
leaves the shooter's cap where it lies.

**Shots.** ``num_distinct_actions()`` is fixed: a shot is an aim (``target`` = the next box, box 13,
the next quadrant's middle, or for a killer the nearest rival; or another player's cap ``pK``), an
angle offset (``-20`` to ``+20`` degrees) and a power ``x0.50`` to ``x2.50``, the distance the cap would
slide on its own as a multiple of the distance to the aim point: e.g. ``"aim target +0deg x1.00"``.
The flick's error is the game's chance: a chance node draws an angle and a speed quantile of a normal
distribution (``angle_sigma`` degrees, ``speed_sigma`` relative, each divided by the player's
``skill_K``). :func:`shoot` plays an exact continuous shot and :func:`apply_outcome` scores a shot
played for real and entered by hand; both restart the state's record from the resulting position,
which :func:`position` writes and :func:`from_position` reads.

**Physics** (for the simulation only): caps are equal discs sliding with constant deceleration
(``deceleration`` = 2 m/s^2) and colliding along the line of centres with restitution
(``restitution`` = 0.8), without spin or walls, simulated exactly from event to event.
"""

from __future__ import annotations

import math
from typing import Any, TypedDict

import numpy as np
import numpy.typing as npt

from ludoteca import _core

__all__ = [
    "Cap",
    "Report",
    "apply_outcome",
    "caps",
    "court_text",
    "from_position",
    "geometry",
    "locate",
    "new_game",
    "position",
    "shoot",
    "shoot_degrees",
    "simulate_batch",
    "simulate_shot",
    "to_svg",
]


class Cap(TypedDict):
    """One player's cap as :func:`caps` lists it."""

    seat: int
    position: tuple[float, float] | None
    stage: str
    index: int | None
    target: int | None
    quadrants: list[str]
    trapped: bool
    alive: bool
    rank: int


class Report(TypedDict):
    """What one shot did."""

    shooter: int
    decision: str
    again: bool
    credited: list[int]
    eliminated: list[int]
    freed: list[int]
    trapped: list[int]
    released: list[int]
    text: str


def new_game(**params: int | float | str | bool) -> _core.Game:
    """Loads Skelly with keyword parameters, e.g. ``new_game(players=3, quadrant_cut="axes")``."""
    if not params:
        return _core.load_game("skelly")
    args = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())
    return _core.load_game(f"skelly({args})")


def apply_outcome(
    state: _core.State, positions: dict[int, tuple[float, float]], contacts: list[int] | tuple[int, ...] = ()
) -> Report:
    """Scores a shot by the player to move, entered by hand.

    ``positions`` maps every seat whose cap moved (the shooter's included) to its resting centre in
    metres; ``contacts`` lists the seats the shooter's cap touched, in order. Raises
    ``InvalidPositionError`` for an impossible outcome (an eliminated cap, a cap not yet on the court,
    the shooter in its own contacts) and ``GameOverError`` at the end; on error nothing changes.
    """
    items = [(int(s), (float(p[0]), float(p[1]))) for s, p in positions.items()]
    report: Report = _core.skelly_apply_outcome(state, items, [int(c) for c in contacts])
    return report


def shoot(state: _core.State, angle: float, speed: float) -> Report:
    """Plays an exact shot by the player to move: ``angle`` in radians (0 = +x, counter-clockwise),
    ``speed`` in m/s (0 to 20). No noise is added."""
    report: Report = _core.skelly_shoot(state, angle, speed)
    return report


def shoot_degrees(state: _core.State, degrees: float, distance: float) -> Report:
    """Plays an exact shot given as a direction in degrees and the distance the cap would slide if it
    touched nothing (metres); the speed is ``sqrt(2 a d)`` for the game's deceleration ``a``."""
    decel = float(state.get_game().params["deceleration"])
    return shoot(state, math.radians(degrees), math.sqrt(2.0 * decel * max(distance, 0.0)))


def simulate_shot(state: _core.State, angle: float, speed: float) -> dict[str, Any]:
    """Simulates a shot by the player to move without playing it: ``positions`` (per seat, None when
    off the court), ``moved``, ``direct`` and ``chain`` contacts, ``events`` and the exact event
    ``trace`` ``[(t, [(x, y, vx, vy) or None per seat])]`` (straight lines between events)."""
    result: dict[str, Any] = _core.skelly_simulate_shot(state, angle, speed)
    return result


def simulate_batch(
    state: _core.State, angles: npt.ArrayLike, speeds: npt.ArrayLike
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int32]]:
    """Many shots of the player to move from the current position (nothing is played), simulated in
    Rust without the GIL: the shooter's resting ``(x, y)`` per shot, shape ``(N, 2)``, and the first
    seat it touched per shot (-1 for none). For Monte Carlo studies of a shot under any noise model."""
    a = np.ascontiguousarray(angles, dtype=np.float64).reshape(-1)
    v = np.ascontiguousarray(speeds, dtype=np.float64).reshape(-1)
    return _core.skelly_simulate_batch(state, a, v)


def caps(state: _core.State) -> list[Cap]:
    """Every cap: position, stage (``course``, ``qual13``, ``qualq``, ``killer``, ``out``), course index
    and target box, quadrants made, trapped, alive, rank."""
    result: list[Cap] = _core.skelly_caps(state)
    return result


def position(state: _core.State) -> str:
    """The position as one line of text, e.g.
    ``turn=0 shots=3 out=- p0=course4@0.125,1.25 p1=course2+trapped@1.0,1.3``."""
    return _core.skelly_position(state)


def from_position(
    game: _core.Game, text: str, seed: int | None = None, explicit_chance: bool = False
) -> _core.State:
    """A state of ``game`` at a position written by :func:`position`; the flick noise is drawn from
    ``seed`` unless ``explicit_chance``. Raises ``ParseError`` or ``InvalidPositionError``."""
    return _core.skelly_from_position(game, text, seed, explicit_chance)


def locate(game: _core.Game, x: float, y: float) -> dict[str, Any]:
    """Where a cap resting with centre ``(x, y)`` is: ``boxes`` it is cleanly in, ``dead_box`` and
    ``quadrant`` (None outside the dead box)."""
    result: dict[str, Any] = _core.skelly_locate(game, x, y)
    return result


def geometry(game: _core.Game) -> dict[str, Any]:
    """The court: ``board_side``, ``boxes`` ``[(n, x, y, side)]``, ``skull`` ``(x0, y0, side)``,
    ``start``, ``cap_radius``, ``line_width``."""
    result: dict[str, Any] = _core.skelly_geometry(game)
    return result


def court_text(state: _core.State) -> str:
    """The court as text (boxes by number, the skull's edge ``:``, caps ``A``-``F``, lower case when
    trapped)."""
    return _core.skelly_court_text(state)


_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"]


def to_svg(state: _core.State, trace: list[Any] | None = None, scale: float = 250.0) -> str:
    """An SVG picture of the court and the caps (no dependency); with ``trace`` (from
    :func:`simulate_shot`) the caps' paths are drawn as lines."""
    g = geometry(state.get_game())
    side = float(g["board_side"])
    margin = 0.7
    width = (side + 0.4) * scale
    height = (side + margin + 0.2) * scale

    def px(x: float) -> float:
        return (x + 0.2) * scale

    def py(y: float) -> float:
        return (side + 0.2 - y) * scale

    line = max(float(g["line_width"]) * scale, 1.0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}">',
        f'<rect x="0" y="0" width="{width:.1f}" height="{height:.1f}" fill="#8c8c8c"/>',
        f'<rect x="{px(0):.1f}" y="{py(side):.1f}" width="{side * scale:.1f}" height="{side * scale:.1f}" '
        f'fill="none" stroke="white" stroke-width="{line:.1f}"/>',
    ]
    x0, y0, k = g["skull"]
    out.append(
        f'<rect x="{px(x0):.1f}" y="{py(y0 + k):.1f}" width="{k * scale:.1f}" height="{k * scale:.1f}" '
        f'fill="#6f6f6f" stroke="white" stroke-width="{line:.1f}"/>'
    )
    for n, x, y, b in g["boxes"]:
        out.append(
            f'<rect x="{px(x - b / 2):.1f}" y="{py(y + b / 2):.1f}" width="{b * scale:.1f}" '
            f'height="{b * scale:.1f}" fill="#8c8c8c" stroke="white" stroke-width="{line:.1f}"/>'
        )
        out.append(
            f'<text x="{px(x):.1f}" y="{py(y) + 6:.1f}" font-size="{0.07 * scale:.0f}" fill="white" '
            f'text-anchor="middle" font-family="sans-serif">{n}</text>'
        )
    sx, sy = g["start"]
    out.append(
        f'<line x1="{px(sx - 0.075):.1f}" y1="{py(sy):.1f}" x2="{px(sx + 0.075):.1f}" y2="{py(sy):.1f}" '
        f'stroke="white" stroke-width="{line:.1f}"/>'
    )
    if trace:
        for seat in range(len(trace[0][1])):
            pts = [d[seat] for _, d in trace if d[seat] is not None]
            if len(pts) > 1:
                path = " ".join(f"{px(p[0]):.1f},{py(p[1]):.1f}" for p in pts)
                colour = _COLOURS[seat % len(_COLOURS)]
                out.append(
                    f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5" '
                    f'stroke-dasharray="4 3"/>'
                )
    r = float(g["cap_radius"]) * scale
    for cap in caps(state):
        if cap["position"] is None:
            continue
        x, y = cap["position"]
        colour = _COLOURS[cap["seat"] % len(_COLOURS)]
        stroke = "black" if cap["trapped"] else "white"
        out.append(
            f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="{max(r, 2.0):.1f}" fill="{colour}" '
            f'stroke="{stroke}" stroke-width="1"><title>p{cap["seat"]}: {cap["stage"]}</title></circle>'
        )
    out.append("</svg>")
    return "\n".join(out)
