"""Which engine answers a puzzle, from the registry: one named by the choice, or on ``auto`` a built engine
(the diagram) where what it answers from is kept or built in about a second (the family's
``quick_diagram_max_n``, 12 for the classic), the engine that answers at once otherwise, so that no board
makes the user wait."""

from __future__ import annotations

from collections.abc import Callable

from bdd_model.board import check_whole_size
from bdd_model.engine import Engine
from bdd_model.engines import BuiltEngineKind, EngineKind, as_built, engine_named, engine_names, engines
from bdd_model.families import CLASSIC
from bdd_model.progress import ProgressCallback, no_progress
from bdd_model.puzzles import FamilyPuzzle, Puzzle

AUTO = "auto"
ENGINE_CHOICES = (AUTO, *engine_names())
AUTO_WORDS = (
    "The exact BDD where it builds fast (12×12 for classic queens) or is built, else the SAT engine; "
    "a level: the level search"
)
"""What choosing ``auto`` means, in a sentence."""
AUTO_BDD_MAX_N = CLASSIC.quick_diagram_max_n
"""``auto`` compiles the classic BDD up to this size (N = 12: about a second); larger only from
the cache."""
LARGEST_N = max(kind.largest(FamilyPuzzle(1)) for kind in engines())
"""The largest board some engine answers."""


def check_board_size(n: object) -> int:
    """n if some engine answers an n×n board (1 … LARGEST_N), else BoardSizeError."""
    return check_whole_size(n, LARGEST_N, "N={n} is above {maximum}, the largest board this program answers")


def choice_for(choice: str, puzzle: Puzzle) -> str:
    """The choice as it applies to the puzzle: the engine named answers the kinds of board it
    answers at all (a family's, a level's); on any other kind, ``auto``."""
    return choice if choice == AUTO or engine_named(choice).largest(puzzle) > 0 else AUTO


def allowed(choice: str, puzzle: Puzzle) -> list[EngineKind]:
    """The engines a choice lets answer the puzzle: the one named, or on ``auto`` every one."""
    choice = choice_for(choice, puzzle)
    return engines() if choice == AUTO else [engine_named(choice)]


def built_engine(choice: str, puzzle: Puzzle) -> BuiltEngineKind | None:
    """The built engine that answers the puzzle under the choice (now, or once built), if any."""
    built = (as_built(kind, puzzle) for kind in allowed(choice, puzzle))
    return next((kind for kind in built if kind is not None and kind.reaches(puzzle)), None)


def at_once_engine(choice: str, puzzle: Puzzle) -> EngineKind | None:
    """The engine that answers the puzzle at once under the choice (while a built one is built);
    on ``auto``, none that answers it only by name."""
    choice = choice_for(choice, puzzle)
    at_once = [
        kind
        for kind in allowed(choice, puzzle)
        if as_built(kind, puzzle) is None and not (choice == AUTO and kind.by_name_only(puzzle))
    ]
    return next((kind for kind in at_once if kind.reaches(puzzle)), None)


def waits_for_build(choice: str, puzzle: Puzzle) -> bool:
    """A puzzle whose built engine is not at hand shows nothing until it is built (else an engine
    that answers at once answers meanwhile): the build takes about a second, or nothing else is
    chosen."""
    built = built_engine(choice, puzzle)
    return built is not None and (built.quick(puzzle) or at_once_engine(choice, puzzle) is None)


def engines_for(puzzle: Puzzle) -> list[EngineKind]:
    """The engines that answer boards of the puzzle's kind (at some size)."""
    return [kind for kind in engines() if kind.largest(puzzle) > 0]


def largest_for(choice: str, puzzle: Puzzle) -> int:
    """The largest board of the puzzle's kind the engine choice answers."""
    return max(kind.largest(puzzle) for kind in allowed(choice, puzzle))


def choose_engine(puzzle: Puzzle, choice: str = AUTO, backend: str = "auto") -> EngineKind:
    """The engine that answers the puzzle now; BoardSizeError (one sentence) when the engine
    asked for cannot take its size."""
    check_board_size(puzzle.n)
    if choice != AUTO:
        kind = engine_named(choice)
        kind.check_size(puzzle)
        return kind
    built = built_engine(choice, puzzle)
    if built is not None and (built.quick(puzzle) or built.is_kept(puzzle, backend)):
        return built
    at_once = at_once_engine(choice, puzzle)
    assert at_once is not None, "some engine answers every size check_board_size lets through"
    return at_once


def open_engine(
    puzzle: Puzzle,
    engine: str,
    backend: str = "auto",
    construction: str = "search",
    progress: ProgressCallback = no_progress,
    warn: Callable[[str], None] = lambda _: None,
) -> Engine:
    """A fresh board of the puzzle on the named engine (built now if it must be)."""
    return engine_named(engine).open(puzzle, backend, construction, progress, warn)
