"""The answer to a question about a board (explain a square, the index-th solution, a hint) in
the worker's words: the SAT worker sends it over its pipe, the diagram gives it at once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bdd_model import NQueensError, QueryCancelled
from bdd_model.engine import Engine


def board_answer(engine: Engine, request: Mapping[str, Any], **options: Any) -> dict[str, Any]:
    """The answer to ``request`` ({"op": "explain", "cell": [r, c]}, {"op": "solution", "index":
    i} or {"op": "hint"}); ``options`` go to the engine's explain (a cancel token). A cancelled
    question raises QueryCancelled; every other failure is an answer with "error"."""
    op = request.get("op")
    try:
        if op == "explain":
            cells = engine.explain(*request["cell"], **options)
            return {"explain": None if cells is None else [list(c) for c in cells]}
        if op == "solution":
            return {"solution": list(engine.solution(int(request["index"])))}
        if op == "hint":
            cell = engine.hint()
            return {"hint": None if cell is None else list(cell)}
        return {"error": f"unknown request {op!r}"}
    except QueryCancelled:
        raise
    except (NQueensError, IndexError) as error:
        return {"error": str(error)}
    except (KeyError, TypeError, ValueError) as error:
        return {"error": f"malformed request ({error})"}
