"""The web application (Starlette): one page, and a small JSON API the page and scripts use.

- ``GET /``: the page.
- ``GET /api/games``: every registered game with its variants and bots.
- ``GET /api/game?spec=briscola(players=4)``: one game string's canonical form, seats and bots.
- ``POST /api/tables`` ``{"game", "seat", "bots", "seed"}``: a new game; the answer is the person's view.
- ``GET /api/tables/{id}``: the person's view (``?svg=0`` leaves the picture out).
- ``POST /api/tables/{id}/move`` ``{"action": id or name, "version": n}``: the person's move, then the
  bots' replies; a move sent for an older version is refused as stale.
- ``POST /api/tables/{id}/undo``: takes the person's last move back.
- ``GET /api/tables/{id}/record``: the finished game's record (SGF for Go, a ludoteca record else).

Every refusal is a JSON ``{"error": message, "kind": name}`` with a 4xx status, and leaves the game as it was.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

import ludoteca
from ludoteca.web.page import PAGE
from ludoteca.web.tables import MAX_TABLES, Tables, WebError, bad_request, error_body, games_catalog

#: Largest request body accepted (bytes).
MAX_BODY = 10_000


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


async def _body(request: Request) -> Any:
    """The request's JSON body (bounded), or a 400 error."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise bad_request(f"the request body is larger than {MAX_BODY} bytes")
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise bad_request(f"the request body is not JSON: {e}") from e


def create_app(max_tables: int = MAX_TABLES) -> Starlette:
    """The application, with its own set of tables (at most ``max_tables`` at once)."""
    tables = Tables(max_tables)
    catalog = games_catalog()

    async def page(_request: Request) -> Response:
        return HTMLResponse(PAGE)

    async def games(_request: Request) -> Response:
        return _json(catalog)

    async def describe(request: Request) -> Response:
        spec = request.query_params.get("spec", "")
        if len(spec) > 300:
            raise bad_request("spec is longer than 300 characters")
        game = ludoteca.load_game(spec)
        return _json({"game": game.game_string(), "players": game.num_players(), "bots": game.bots()})

    async def open_table(request: Request) -> Response:
        table = tables.open(await _body(request))
        return _json(table.view(), 201)

    async def show(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        with table.lock:
            return _json(table.view(request.query_params.get("svg", "1") != "0"))

    async def move(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        body = await _body(request)
        if not isinstance(body, dict) or "action" not in body:
            raise bad_request('the request body must be {"action": id or name, "version": n}')
        return _json(table.play(body["action"], body.get("version")))

    async def undo(request: Request) -> Response:
        return _json(tables.get(request.path_params["table"]).undo())

    async def record(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        media, text = table.record()
        ext = "sgf" if media.endswith("sgf") else "jsonl"
        headers = {"Content-Disposition": f'attachment; filename="ludoteca-{table.game.name}.{ext}"'}
        return Response(text, media_type=media, headers=headers)

    async def refuse(_request: Request, error: Exception) -> Response:
        status, body = error_body(error)
        return _json(body, status)

    async def not_found(request: Request, _error: Exception) -> Response:
        return _json({"error": f"no such page: {request.url.path[:100]}", "kind": "NotFound"}, 404)

    async def not_allowed(request: Request, _error: Exception) -> Response:
        return _json({"error": f"{request.method} is not allowed here", "kind": "MethodNotAllowed"}, 405)

    from ludoteca.errors import LudoError

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/games", games),
            Route("/api/game", describe),
            Route("/api/tables", open_table, methods=["POST"]),
            Route("/api/tables/{table}", show),
            Route("/api/tables/{table}/move", move, methods=["POST"]),
            Route("/api/tables/{table}/undo", undo, methods=["POST"]),
            Route("/api/tables/{table}/record", record),
        ],
        exception_handlers={WebError: refuse, LudoError: refuse, 404: not_found, 405: not_allowed},
    )
    app.state.tables = tables
    return app
