"""The 8×8 game that How to Play walks a newcomer through, played on the real engine, so that
every count, forced queen and explanation the page quotes is the one the board will show; and the
level it shows, played from the collection's own file."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from app.gui.board.board_picture import BoardPicture
from app.gui.board.resource_files import resource_bytes
from bdd_model import Cell, CellState, load_or_compile
from bdd_model.board import STATE_ORDER
from bdd_model.engine import Engine
from bdd_model.levels.level_file import parse_level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.puzzles import LevelPuzzle
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


LEVEL_EXAMPLE = "levels/collection/06-easy-1.txt"
"""The level How to Play shows: the collection's first 6×6 level."""


@cache
def level_example() -> BoardPicture:
    """The example level under Cross Out: its solution's first two queens, the squares they rule
    out, and a mark on the first square left open that no solution uses."""
    puzzle = LevelPuzzle.of(parse_level(resource_bytes(LEVEL_EXAMPLE)))
    found = LevelSearch(puzzle.level).counted(limit=1).first
    assert found is not None
    n = puzzle.n
    queens = np.zeros((n, n), dtype=bool)
    for cell in sorted(found)[:2]:
        queens[cell] = True
    codes = np.full((n, n), STATE_ORDER.index(CellState.OPEN), dtype=np.int8)
    codes[puzzle.attacked(queens)] = STATE_ORDER.index(CellState.ATTACKED)
    codes[queens] = STATE_ORDER.index(CellState.QUEEN)
    free = [(r, c) for r in range(n) for c in range(n) if codes[r, c] == STATE_ORDER.index(CellState.OPEN)]
    mark = next(square for square in free if Cell(*square) not in found)
    codes[mark] = STATE_ORDER.index(CellState.MARKED)
    return BoardPicture(n, codes, regions=puzzle.region_of)
