"""A rule family: which squares hold a piece together and which exclude each other, said once as
data (the lines a piece's moves follow, and its short leaps), from which every engine, export and
picture derives the rest."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from bdd_model.board import Cell


@dataclass(frozen=True)
class Drift:
    """A kind of line beyond the rows: from a square it moves ``step`` columns per row down (0: a
    column), wrapping round the sides of the board or not; a line holds at most one piece."""

    name: str
    step: int
    wraps: bool = False

    def line(self, n: int, row: Any, col: Any) -> Any:
        """The line through (row, col), numbered 0 … ``lines(n)`` − 1 in the export's order
        (ints, or numpy arrays of rows and columns)."""
        if self.step == 0:
            return col
        if self.wraps:
            return (col - self.step * row) % n
        return (self.step * row - col) * self.step + (n - 1 if self.step > 0 else 0)

    def lines(self, n: int) -> int:
        """How many lines of this kind an n×n board has."""
        return n if self.step == 0 or self.wraps else 2 * n - 1


def _nothing_known(n: int) -> bool:
    return False


def _nothing_built(n: int, pieces: tuple[Cell, ...]) -> Iterator[tuple[int, ...]]:
    return iter(())


@dataclass(frozen=True, eq=False)
class RuleFamily:
    """One piece per row and per column, at most one on each line of ``drifts``, none a leap
    apart: a family's whole rules. The first drift is the columns. Each family is one object,
    equal only to itself."""

    name: str
    """Its name on the command line and in files ("queens")."""
    title: str
    """As the window says it ("Queens", "Toroidal queens")."""
    piece: str
    """Its piece in a sentence ("queen", "superqueen")."""
    about: str
    """Its rules in a sentence, for the help."""
    attacked_by: str
    """How a closed square stands to the pieces that close it ("in line with")."""
    drifts: tuple[Drift, ...]
    leaps: tuple[tuple[int, int], ...] = ()
    """(rows down, columns across) of the squares a piece also excludes besides its lines, and
    their mirror images (a knight: (1, 2), (2, 1))."""
    leap_words: str = "a leap apart"
    """How two pieces a leap apart stand, in a sentence ("a knight's move apart")."""
    known: tuple[int, ...] = ()
    """Solutions of the empty n×n board for n = 1, 2, …, as far as they are known."""
    sequence: str = ""
    """Where ``known`` comes from ("OEIS A000170")."""
    no_solution: Callable[[int], bool] = field(default=_nothing_known)
    """True for sizes the family is known to have no solution at, beyond ``known`` too."""
    built: Callable[[int, tuple[Cell, ...]], Iterator[tuple[int, ...]]] = field(default=_nothing_built)
    """Solutions made by a formula (a column per row) that hold the given pieces: where search
    finds the family's solutions slowly, the SAT engine starts from these."""
    plain_names: bool = False
    """True for the classic family alone: the names of its problems and files carry no family
    name, as before there were families ("8-Queens", "8-queens.cnf")."""
    diagram_max_n: int = 15
    """The largest board whose diagram is offered."""
    quick_diagram_max_n: int = 12
    """The largest board whose diagram compiles in about a second ("auto" waits for it)."""
    compile_costs: Mapping[str, Mapping[int, tuple[float, int]]] = field(default_factory=dict)
    """Seconds and peak MB of compiling each size's diagram, by backend, on the reference
    machine, for the sizes whose build is priced before it starts (docs/measurements.md)."""

    def __post_init__(self) -> None:
        """Refuse the shapes the engines do not take: the first drift is the columns, a drift
        moves at most one column a row, a leap goes down a row or more."""
        first = self.drifts[0] if self.drifts else None
        if first is None or first.step != 0 or first.wraps:
            raise ValueError(f"{self.name}: the first drift must be the columns, Drift('column', 0)")
        if any(abs(drift.step) > 1 for drift in self.drifts):
            raise ValueError(f"{self.name}: a drift moves at most one column a row")
        if any(down < 1 or across < 0 for down, across in self.leaps):
            raise ValueError(f"{self.name}: a leap goes (rows down ≥ 1, columns across ≥ 0)")

    def known_count(self, n: int) -> int | None:
        """The solutions of the empty n×n board, where known."""
        if 1 <= n <= len(self.known):
            return self.known[n - 1]
        return 0 if self.no_solution(n) else None

    def has_no_solution(self, n: int) -> bool:
        return self.known_count(n) == 0

    def sizes_with_solutions_near(self, n: int, largest: int) -> list[int]:
        """The nearest size below n and the nearest above it (up to ``largest``) not known to
        have no solution."""
        below = next((m for m in range(n - 1, 0, -1) if not self.has_no_solution(m)), None)
        above = next((m for m in range(n + 1, largest + 1) if not self.has_no_solution(m)), None)
        return [m for m in (below, above) if m is not None]

    @property
    def stored_name(self) -> str | None:
        """The family's name as records store it: none for the family with plain names, whose
        records stay as they were before there were families."""
        return None if self.plain_names else self.name

    def qualified(self, name: str, joiner: str = " ") -> str:
        """``name`` with the family's name after it ("8-queens-toroidal" with "-"), or alone for
        the family with plain names."""
        return name if self.plain_names else f"{name}{joiner}{self.name}"

    def board(self, n: int) -> str:
        """The n×n board by name, as the window and messages say it: "8×8", "13×13 no-touch"."""
        return self.qualified(f"{n}×{n}")

    def problem(self, n: int) -> str:
        """The n×n problem by name: "8-Queens", "8-Queens (toroidal)"."""
        return f"{n}-Queens" if self.plain_names else f"{n}-Queens ({self.name})"

    def excludes(self, n: int, a: Cell, b: Cell) -> bool:
        """True when pieces on a and b cannot both stand (same row or line, or a leap apart)."""
        if a == b:
            return False
        if a.row == b.row or any(d.line(n, *a) == d.line(n, *b) for d in self.drifts):
            return True
        rows, cols = abs(a.row - b.row), abs(a.col - b.col)
        return any(rows == down and cols == abs(across) for down, across in self.leaps)

    def line_ids(self, n: int) -> np.ndarray:
        """Each square's line of each drift, as an int array (drifts × n × n; read-only)."""
        return _line_ids(self, n)

    def leap_offsets(self) -> list[tuple[int, int]]:
        """Every (rows, columns) offset a leap reaches, both ways and both sides."""
        offsets = set()
        for down, across in self.leaps:
            for dr, dc in ((down, across), (down, -across), (-down, across), (-down, -across)):
                offsets.add((dr, dc))
        return sorted(offsets)

    def attacked(self, n: int, pieces: np.ndarray) -> np.ndarray:
        """The squares the pieces of the boolean mask exclude, the pieces themselves excepted."""
        rows, cols = np.nonzero(pieces)
        attacked = np.zeros((n, n), dtype=bool)
        attacked[rows, :] = True
        for drift, ids in zip(self.drifts, self.line_ids(n), strict=True):
            occupied = np.zeros(drift.lines(n), dtype=bool)
            occupied[ids[rows, cols]] = True
            attacked |= occupied[ids]
        for dr, dc in self.leap_offsets():
            targets_r, targets_c = rows + dr, cols + dc
            inside = (targets_r >= 0) & (targets_r < n) & (targets_c >= 0) & (targets_c < n)
            attacked[targets_r[inside], targets_c[inside]] = True
        return attacked & ~pieces

    def lines(self, n: int) -> Iterator[tuple[str, list[Cell]]]:
        """Every row, then every line of each drift in order, with its squares row-major."""
        for r in range(n):
            yield f"row {r + 1}", [Cell(r, c) for c in range(n)]
        ids = self.line_ids(n)
        for k, drift in enumerate(self.drifts):
            members: list[list[Cell]] = [[] for _ in range(drift.lines(n))]
            for r in range(n):
                for c in range(n):
                    members[ids[k, r, c]].append(Cell(r, c))
            for number, cells in enumerate(members):
                name = f"{drift.name} {number + 1}" if drift.step == 0 else drift.name
                yield name, cells

    def leap_pairs(self, n: int) -> Iterator[tuple[Cell, Cell]]:
        """Every pair of squares a leap apart, the upper one first, in row-major order."""
        for r in range(n):
            for c in range(n):
                for down, across in self.leaps:
                    for dc in sorted({across, -across}):
                        if r + down < n and 0 <= c + dc < n:
                            yield Cell(r, c), Cell(r + down, c + dc)


@lru_cache(maxsize=64)
def _line_ids(family: RuleFamily, n: int) -> np.ndarray:
    r, c = np.indices((n, n))
    ids = np.array([np.broadcast_to(drift.line(n, r, c), (n, n)) for drift in family.drifts], dtype=np.int64)
    ids.flags.writeable = False
    return ids
