"""``ludoteca serve``: play every registered game in the browser against the built-in bots.

Install with ``pip install 'ludoteca[web]'`` (Starlette and uvicorn), then run ``ludoteca serve`` and open
http://127.0.0.1:8000. The server holds the games; the page only ever receives the person's own view
(``ludoteca.web.tables``), so hidden cards stay on the server. :func:`create_app` gives the ASGI
application for other servers or tests.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "serve"]

_MISSING = "the web page needs its optional dependencies: pip install 'ludoteca[web]' (Starlette and uvicorn)"


def create_app(max_tables: int | None = None) -> Any:
    """The ASGI application (Starlette), holding at most ``max_tables`` games at once."""
    try:
        from ludoteca.web.app import create_app as make
        from ludoteca.web.tables import MAX_TABLES
    except ImportError as e:
        raise ImportError(f"{_MISSING}; {e.name!r} is missing") from e
    return make(max_tables or MAX_TABLES)


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serves the page on ``host:port`` until interrupted (127.0.0.1: only this machine can connect)."""
    try:
        import uvicorn
    except ImportError as e:
        raise ImportError(f"{_MISSING}; {e.name!r} is missing") from e
    uvicorn.run(create_app(), host=host, port=port, log_level="info")
