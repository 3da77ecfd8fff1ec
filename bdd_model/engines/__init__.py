"""The engines by name, as python-chess finds its variants: each says what it answers (its reach), how people
name it, and how a board of it is opened (in this process or in the engine worker, at once or from something
built first); the front ends choose among them and never ask which one they have."""

from __future__ import annotations

from bdd_model.engines.diagram_engine import DIAGRAM
from bdd_model.engines.engine_kind import Built, BuiltEngineKind, EngineKind, as_built
from bdd_model.engines.search_engine import SEARCH
from bdd_model.engines.solver_engine import SOLVER
from bdd_model.errors import NQueensError
from bdd_model.files.untrusted_text import excerpt

__all__ = ["Built", "BuiltEngineKind", "EngineKind", "as_built", "engine_named", "engine_names", "engines"]

_ENGINES: dict[str, EngineKind] = {kind.name: kind for kind in (DIAGRAM, SOLVER, SEARCH)}


def engines() -> list[EngineKind]:
    """Every engine, the built ones first (``auto`` prefers them where they are at hand)."""
    return list(_ENGINES.values())


def engine_names() -> tuple[str, ...]:
    return tuple(_ENGINES)


def engine_named(name: str) -> EngineKind:
    """The engine called ``name``; NQueensError naming the engines there are."""
    try:
        return _ENGINES[name]
    except KeyError:
        raise NQueensError(f"unknown engine '{excerpt(name)}': choose one of {', '.join(_ENGINES)}") from None
