"""A rule family as CNF, in the Rust tool's pairwise encoding and clause order (square (r, c) is variable
r·N + c + 1), written as DIMACS or as SMT-LIB."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np

from bdd_model.board import Cell, check_whole_size
from bdd_model.families import CLASSIC, RuleFamily

SAT_MAX_N = 200
"""The SAT commands accept boards up to this size (N=200: 2.7 million clauses)."""


def check_sat_size(n: object) -> int:
    """N for the SAT commands: a whole number from 1 to SAT_MAX_N."""
    return check_whole_size(
        n, SAT_MAX_N, "N={n} is above {maximum}, the largest board the SAT commands write"
    )


def variable(n: int, row: int, col: int) -> int:
    """DIMACS variable of square (row, col), 0-based: row·N + col + 1."""
    return row * n + col + 1


def square(n: int, var: int) -> Cell:
    """The square of a DIMACS variable (1 … N²)."""
    return Cell((var - 1) // n, (var - 1) % n)


def lines(n: int, rules: RuleFamily = CLASSIC) -> list[tuple[str, list[Cell]]]:
    """Every row and every line of the family (with a name), cells in row-major order."""
    return list(rules.lines(n))


def clauses(n: int, rules: RuleFamily = CLASSIC) -> Iterator[list[int]]:
    """The clauses in the Rust tool's order: a piece in every row, then at most one per row and
    line; then the pairs of squares a leap apart."""
    for r in range(n):
        yield [variable(n, r, c) for c in range(n)]
    for _, line in rules.lines(n):
        for a, b in itertools.combinations(line, 2):
            yield [-variable(n, *a), -variable(n, *b)]
    for a, b in rules.leap_pairs(n):
        yield [-variable(n, *a), -variable(n, *b)]


def clause_count(n: int, rules: RuleFamily = CLASSIC) -> int:
    """N + Σ over all lines of C(len, 2) + the leap pairs, without building the clauses."""
    pairs = n * (n * (n - 1) // 2)
    for drift, ids in zip(rules.drifts, rules.line_ids(n), strict=True):
        sizes = np.bincount(ids.ravel(), minlength=drift.lines(n))
        pairs += int((sizes * (sizes - 1) // 2).sum())
    return n + pairs + sum(1 for _ in rules.leap_pairs(n))


def dimacs(n: int, rules: RuleFamily = CLASSIC) -> Iterator[str]:
    """The DIMACS CNF text, line by line (``p cnf N² CLAUSES`` first)."""
    yield f"p cnf {n * n} {clause_count(n, rules)}\n"
    for clause in clauses(n, rules):
        yield " ".join(map(str, clause)) + " 0\n"


def smt_name(cell: Cell) -> str:
    """Readable SMT-LIB name of a square, 1-based: q_ROW_COL."""
    return f"q_{cell.row + 1}_{cell.col + 1}"


def smtlib(n: int, rules: RuleFamily = CLASSIC) -> Iterator[str]:
    """SMT-LIB v2 (QF_UF) with one Bool per square and the same constraints as the CNF."""
    where = f"q_R_C is true when a {rules.piece} stands on row R, column C (from 1)"
    yield f"; The {rules.problem(n)} problem: {where}.\n"
    yield "(set-logic QF_UF)\n"
    cells = [Cell(r, c) for r in range(n) for c in range(n)]
    for cell in cells:
        yield f"(declare-const {smt_name(cell)} Bool)\n"
    yield f"; every row holds a {rules.piece}\n"
    for r in range(n):
        names = [smt_name(Cell(r, c)) for c in range(n)]
        yield f"(assert {names[0]})\n" if n == 1 else f"(assert (or {' '.join(names)}))\n"
    yield f"; {rules.about[0].lower()}{rules.about[1:].rstrip('.')}\n"
    for _, line in rules.lines(n):
        for a, b in itertools.combinations(line, 2):
            yield f"(assert (not (and {smt_name(a)} {smt_name(b)})))\n"
    for a, b in rules.leap_pairs(n):
        yield f"(assert (not (and {smt_name(a)} {smt_name(b)})))\n"
    yield "(check-sat)\n"
    yield "(get-model)\n"
