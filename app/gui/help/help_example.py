"""The 8×8 game that How to Play walks a newcomer through, played on the real engine, so that
every count, forced queen and explanation the page quotes is the one the board will show."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bdd_model import Cell, CellState, load_or_compile
from bdd_model.engine import Engine
from bdd_model.saved_game import replay

N = 8
FIRST = Cell(1, 2)
"""Step 1: a queen on 2,3."""
SECOND = Cell(2, 6)
"""Step 2: a queen on 3,7, which forces another."""
POINTED = Cell(5, 1)
"""Step 3: the square clicked and freed, closed by look-ahead."""

States = tuple[tuple[CellState, ...], ...]


@dataclass(frozen=True)
class FirstSteps:
    """What the board shows at each step of the walk-through."""

    solutions: int
    """On the empty board."""
    solution: tuple[int, ...]
    """One solution: the column of the queen in each row."""
    after_first: States
    count_first: int
    after_second: States
    count_second: int
    forced: tuple[Cell, ...]
    pointed_state: CellState
    culprits: tuple[Cell, ...]
    """The smallest set of decisions to retract so that a queen fits on POINTED."""


def _states(cfg: Engine) -> States:
    return tuple(tuple(row) for row in cfg.states())


@cache
def first_steps() -> FirstSteps:
    """Play the walk-through on the 8×8 BDD (loaded from the cache, or compiled in milliseconds)."""
    cfg = replay(load_or_compile(N), ())
    solutions, solution = cfg.count, cfg.solution(0)
    cfg.place(*FIRST)
    after_first, count_first = _states(cfg), cfg.count
    cfg.place(*SECOND)
    after_second = _states(cfg)
    forced = tuple(
        Cell(r, c)
        for r, row in enumerate(after_second)
        for c, state in enumerate(row)
        if state is CellState.FORCED
    )
    return FirstSteps(
        solutions=solutions,
        solution=solution,
        after_first=after_first,
        count_first=count_first,
        after_second=after_second,
        count_second=cfg.count,
        forced=forced,
        pointed_state=cfg.cell(*POINTED),
        culprits=tuple(cfg.explain(*POINTED) or ()),
    )
