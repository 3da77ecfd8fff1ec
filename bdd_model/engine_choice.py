"""Which engine answers a board: on ``auto`` the BDD where its space is cached or compiles in about a second
(the family's ``quick_diagram_max_n``, 12 for the classic), the SAT engine otherwise, so that no board
makes the user wait for a compile."""

from __future__ import annotations

from collections.abc import Callable

from bdd_model.board import check_whole_size
from bdd_model.cache.store import cache_path, load_or_compile
from bdd_model.diagram.backends import resolve_backend
from bdd_model.diagram.configurator import Configurator
from bdd_model.diagram.space import MAX_N, SolutionSpace, check_size
from bdd_model.engine import ENGINES, Engine
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.progress import ProgressCallback, no_progress
from bdd_model.sat.engine import SAT_ENGINE_MAX_N, SatEngine, check_sat_engine_size

ENGINE_CHOICES = ("auto", *ENGINES)
SOLVER_ENGINE = "sat"
"""The engine that answers boards past the diagram's reach."""
TITLES = {"bdd": Configurator.title, "sat": SatEngine.title}
"""Each engine as people name it."""

AUTO_BDD_MAX_N = CLASSIC.quick_diagram_max_n
"""``auto`` compiles the classic BDD up to this size (N = 12: about a second); larger only from
the cache."""


LARGEST_N = max(MAX_N, SAT_ENGINE_MAX_N)
"""The largest board some engine answers."""


def check_board_size(n: object) -> int:
    """n if some engine answers an n×n board (1 … LARGEST_N), else BoardSizeError."""
    return check_whole_size(n, LARGEST_N, "N={n} is above {maximum}, the largest board this program answers")


def choose_engine(n: int, choice: str = "auto", backend: str = "auto", rules: RuleFamily = CLASSIC) -> str:
    """ "bdd" or "sat" for an n×n board of the family; BoardSizeError (one sentence) when the
    engine asked for cannot take n."""
    check_board_size(n)
    if choice == "bdd":
        check_size(n, rules)
        return "bdd"
    if choice == "sat":
        check_sat_engine_size(n)
        return "sat"
    cached = n <= rules.diagram_max_n and cache_path(n, resolve_backend(backend), rules).exists()
    return "bdd" if n <= rules.quick_diagram_max_n or cached else "sat"


def largest_for(choice: str, rules: RuleFamily = CLASSIC) -> int:
    """The largest board the engine choice answers."""
    return rules.diagram_max_n if choice == "bdd" else SAT_ENGINE_MAX_N


def takes_diagram(choice: str, n: int, rules: RuleFamily = CLASSIC) -> bool:
    """The n×n board is to be answered by the diagram (now, or once it is built)."""
    return choice != "sat" and n <= rules.diagram_max_n


def waits_for_diagram(choice: str, n: int, rules: RuleFamily = CLASSIC) -> bool:
    """An n×n board whose diagram is not at hand shows nothing until it is compiled (else the
    solver's engine answers meanwhile): its compile takes about a second, or nothing else is
    wanted."""
    return takes_diagram(choice, n, rules) and (n <= rules.quick_diagram_max_n or choice == "bdd")


def open_engine(
    n: int,
    engine: str,
    backend: str = "auto",
    construction: str = "search",
    progress: ProgressCallback = no_progress,
    warn: Callable[[str], None] = lambda _: None,
    rules: RuleFamily = CLASSIC,
) -> Engine:
    """A fresh board of the family on the named engine ("bdd": loaded from the cache or compiled)."""
    if engine == "bdd":
        space = load_or_compile(n, backend, construction, progress=progress, warn=warn, rules=rules)
        return Configurator(space)
    return SatEngine(n, rules=rules)


def space_for(
    n: int, engine: str, backend: str = "auto", rules: RuleFamily = CLASSIC
) -> SolutionSpace | None:
    """The compiled space the named engine answers the n×n board from (loaded, or compiled
    now), or None for an engine without one."""
    return load_or_compile(n, backend, rules=rules) if engine == "bdd" else None
