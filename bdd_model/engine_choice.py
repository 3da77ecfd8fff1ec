"""Which engine answers a board: on ``auto`` the BDD where its space is cached or compiles in about a second
(N ≤ 12), the SAT engine otherwise, so that no board makes the user wait for a compile."""

from __future__ import annotations

from collections.abc import Callable

from bdd_model.board import check_whole_size
from bdd_model.cache.store import cache_path, load_or_compile
from bdd_model.diagram.backends import resolve_backend
from bdd_model.diagram.configurator import Configurator
from bdd_model.diagram.space import MAX_N, SolutionSpace, check_size
from bdd_model.engine import ENGINES, Engine
from bdd_model.progress import ProgressCallback, no_progress
from bdd_model.sat.engine import SAT_ENGINE_MAX_N, SatEngine, check_sat_engine_size

ENGINE_CHOICES = ("auto", *ENGINES)
SOLVER_ENGINE = "sat"
"""The engine that answers boards past the diagram's reach."""
TITLES = {"bdd": Configurator.title, "sat": SatEngine.title}
"""Each engine as people name it."""

AUTO_BDD_MAX_N = 12
"""``auto`` compiles the BDD up to this size (N = 12: about a second); larger only from the cache."""


LARGEST_N = max(MAX_N, SAT_ENGINE_MAX_N)
"""The largest board some engine answers."""


def check_board_size(n: object) -> int:
    """n if some engine answers an n×n board (1 … LARGEST_N), else BoardSizeError."""
    return check_whole_size(n, LARGEST_N, "N={n} is above {maximum}, the largest board this program answers")


def choose_engine(n: int, choice: str = "auto", backend: str = "auto") -> str:
    """ "bdd" or "sat" for an n×n board; BoardSizeError (one sentence) when the engine asked for
    cannot take n."""
    check_board_size(n)
    if choice == "bdd":
        check_size(n)
        return "bdd"
    if choice == "sat":
        check_sat_engine_size(n)
        return "sat"
    if n <= AUTO_BDD_MAX_N or (n <= MAX_N and cache_path(n, resolve_backend(backend)).exists()):
        return "bdd"
    return "sat"


def largest_for(choice: str) -> int:
    """The largest board the engine choice answers."""
    return MAX_N if choice == "bdd" else SAT_ENGINE_MAX_N


def takes_diagram(choice: str, n: int) -> bool:
    """The n×n board is to be answered by the diagram (now, or once it is built)."""
    return choice != "sat" and n <= MAX_N


def waits_for_diagram(choice: str, n: int, quick_up_to: int = AUTO_BDD_MAX_N) -> bool:
    """An n×n board whose diagram is not at hand shows nothing until it is compiled (else the
    solver's engine answers meanwhile): its compile takes about a second, or nothing else is
    wanted."""
    return takes_diagram(choice, n) and (n <= quick_up_to or choice == "bdd")


def open_engine(
    n: int,
    engine: str,
    backend: str = "auto",
    construction: str = "search",
    progress: ProgressCallback = no_progress,
    warn: Callable[[str], None] = lambda _: None,
) -> Engine:
    """A fresh board on the named engine ("bdd": loaded from the cache or compiled)."""
    if engine == "bdd":
        return Configurator(load_or_compile(n, backend, construction, progress=progress, warn=warn))
    return SatEngine(n)


def space_for(n: int, engine: str, backend: str = "auto") -> SolutionSpace | None:
    """The compiled space the named engine answers the n×n board from (loaded, or compiled
    now), or None for an engine without one."""
    return load_or_compile(n, backend) if engine == "bdd" else None
