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
from bdd_model.puzzles import Puzzle
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


def choose_engine(puzzle: Puzzle, choice: str = "auto", backend: str = "auto") -> str:
    """ "bdd" or "sat" for the puzzle; BoardSizeError (one sentence) when the engine asked for
    cannot take its size."""
    n, rules = puzzle.n, puzzle.rules
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


def takes_diagram(choice: str, puzzle: Puzzle) -> bool:
    """The puzzle is to be answered by the diagram (now, or once it is built)."""
    return choice != "sat" and puzzle.n <= puzzle.rules.diagram_max_n


def waits_for_diagram(choice: str, puzzle: Puzzle) -> bool:
    """A puzzle whose diagram is not at hand shows nothing until it is compiled (else the
    solver's engine answers meanwhile): its compile takes about a second, or nothing else is
    wanted."""
    quick = puzzle.n <= puzzle.rules.quick_diagram_max_n
    return takes_diagram(choice, puzzle) and (quick or choice == "bdd")


def open_engine(
    puzzle: Puzzle,
    engine: str,
    backend: str = "auto",
    construction: str = "search",
    progress: ProgressCallback = no_progress,
    warn: Callable[[str], None] = lambda _: None,
) -> Engine:
    """A fresh board of the puzzle on the named engine ("bdd": loaded from the cache or compiled)."""
    n, rules = puzzle.n, puzzle.rules
    if engine == "bdd":
        space = load_or_compile(n, backend, construction, progress=progress, warn=warn, rules=rules)
        return Configurator(space)
    return SatEngine(n, rules=rules)


def space_for(puzzle: Puzzle, engine: str, backend: str = "auto") -> SolutionSpace | None:
    """The compiled space the named engine answers the puzzle from (loaded, or compiled now),
    or None for an engine without one."""
    return load_or_compile(puzzle.n, backend, rules=puzzle.rules) if engine == "bdd" else None
