"""A region level as CNF and as SMT-LIB: exactly K pieces in every row, column and region, no two on
touching squares. Square (r, c) is variable r·N + c + 1, as on the classic board; for K ≥ 2 the
cardinality constraints are python-sat's sequential counters, their auxiliary variables after N²."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from pysat.card import CardEnc, EncType

from bdd_model.board import Cell
from bdd_model.cnf.encoding import smt_name, variable
from bdd_model.puzzles.level import Level


@dataclass(frozen=True)
class LevelFormula:
    """The level's constraints: the groups that hold exactly K pieces (rows, then columns, then
    regions) and the pairs of touching squares no other constraint already keeps apart."""

    level: Level

    @property
    def problem(self) -> str:
        stars = "" if self.level.stars == 1 else f" with {self.level.stars} stars"
        return f"the {self.level.n}×{self.level.n} level{stars}"

    @property
    def name(self) -> str:
        return f"level-{self.level.n}x{self.level.n}"

    @cached_property
    def groups(self) -> list[tuple[str, list[Cell]]]:
        """Every row, column and region with its name, squares in row-major order."""
        n, level = self.level.n, self.level
        rows = [(f"row {r + 1}", [Cell(r, c) for c in range(n)]) for r in range(n)]
        cols = [(f"column {c + 1}", [Cell(r, c) for r in range(n)]) for c in range(n)]
        regions = [
            (f"region {level.symbols[k]}", [Cell(r, c) for r, c in level.squares(k)]) for k in range(n)
        ]
        return rows + cols + regions

    @cached_property
    def touching(self) -> list[tuple[Cell, Cell]]:
        """Pairs of squares that touch (diagonals included), in row-major order; with one star,
        those in one row, column or region are left out (at most one of them holds already)."""
        n, region = self.level.n, self.level.region_of
        pairs = []
        for r, c in itertools.product(range(n), range(n)):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                s, t = r + dr, c + dc
                if not (0 <= s < n and 0 <= t < n):
                    continue
                shared = r == s or c == t or region[r][c] == region[s][t]
                if self.level.stars > 1 or not shared:
                    pairs.append((Cell(r, c), Cell(s, t)))
        return pairs

    @cached_property
    def clauses(self) -> list[list[int]]:
        """The CNF: each group's exactly-K (one star: at least one, then at most one pairwise),
        then the touching pairs."""
        n, stars = self.level.n, self.level.stars
        top = n * n
        clauses: list[list[int]] = []
        for _, cells in self.groups:
            lits = [variable(n, *cell) for cell in cells]
            if stars == 1:
                clauses.append(lits)
                clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
                continue
            card = CardEnc.equals(lits=lits, bound=stars, top_id=top, encoding=EncType.seqcounter)
            clauses.extend(card.clauses)
            top = max(top, card.nv)
        clauses.extend([-variable(n, *a), -variable(n, *b)] for a, b in self.touching)
        return clauses

    @cached_property
    def variables(self) -> int:
        """N² squares and the auxiliary variables after them."""
        n = self.level.n
        return max([n * n, *(abs(lit) for clause in self.clauses for lit in clause)])

    @property
    def clause_count(self) -> int:
        return len(self.clauses)

    @property
    def assertions(self) -> int:
        """How many assertions the SMT-LIB form holds: one a group and one a touching pair."""
        return len(self.groups) + len(self.touching)

    def header(self, comment: str) -> Iterator[str]:
        """The level's rules and its grid as comment lines."""
        level = self.level
        yield f"{comment} A region level, {level.n}x{level.n}: exactly {level.stars} in every row, column\n"
        yield f"{comment} and region, no two on touching squares (diagonals included).\n"
        for row in level.regions:
            yield f"{comment}   {' '.join(row)}\n"

    def dimacs(self) -> Iterator[str]:
        """The DIMACS CNF text, line by line: the level as comments, then ``p cnf``."""
        n = self.level.n
        yield from self.header("c")
        yield f"c Square (r, c), from 0, is variable r*{n} + c + 1; auxiliary variables follow {n * n}.\n"
        yield f"p cnf {self.variables} {self.clause_count}\n"
        for clause in self.clauses:
            yield " ".join(map(str, clause)) + " 0\n"

    def smtlib(self) -> Iterator[str]:
        """SMT-LIB v2 (QF_LIA): one Bool per square, a sum per group, a pair per touching squares."""
        n, stars = self.level.n, self.level.stars
        yield from self.header(";")
        piece = "queen" if stars == 1 else "star"
        yield f"; q_R_C is true when a {piece} stands on row R, column C (from 1).\n"
        yield "(set-logic QF_LIA)\n"
        for r, c in itertools.product(range(n), range(n)):
            yield f"(declare-const {smt_name(Cell(r, c))} Bool)\n"
        for name, cells in self.groups:
            terms = " ".join(f"(ite {smt_name(cell)} 1 0)" for cell in cells)
            total = terms if len(cells) == 1 else f"(+ {terms})"
            yield f"; {name}\n(assert (= {total} {stars}))\n"
        yield "; no two stars on touching squares\n"
        for a, b in self.touching:
            yield f"(assert (not (and {smt_name(a)} {smt_name(b)})))\n"
        yield "(check-sat)\n"
        yield "(get-model)\n"
