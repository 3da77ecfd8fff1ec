"""The N-Queens rules as CNF, in the Rust tool's pairwise encoding and clause order (square (r, c) is variable
r·N + c + 1), written as DIMACS or as SMT-LIB."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from bdd_model.board import Cell, check_whole_size

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


def lines(n: int) -> list[tuple[str, list[Cell]]]:
    """Every row, column, diagonal and anti-diagonal (with a name), cells in row-major order."""
    out = [(f"row {r + 1}", [Cell(r, c) for c in range(n)]) for r in range(n)]
    out += [(f"column {c + 1}", [Cell(r, c) for r in range(n)]) for c in range(n)]
    out += [
        ("diagonal", [Cell(r, r - k) for r in range(max(0, k), min(n, n + k))]) for k in range(-(n - 1), n)
    ]
    out += [
        ("anti-diagonal", [Cell(r, k - r) for r in range(max(0, k - n + 1), min(n, k + 1))])
        for k in range(2 * n - 1)
    ]
    return out


def clauses(n: int) -> Iterator[list[int]]:
    """The clauses in the Rust tool's order."""
    for r in range(n):
        yield [variable(n, r, c) for c in range(n)]
    for _, line in lines(n):
        for a, b in itertools.combinations(line, 2):
            yield [-variable(n, *a), -variable(n, *b)]


def clause_count(n: int) -> int:
    """N + Σ over all lines of C(len, 2), without building the clauses."""
    pairs = 2 * n * (n * (n - 1) // 2)
    for length in range(1, n + 1):
        times = 2 if length < n else 1
        pairs += 2 * times * (length * (length - 1) // 2)
    return n + pairs


def dimacs(n: int) -> Iterator[str]:
    """The DIMACS CNF text, line by line (``p cnf N² CLAUSES`` first)."""
    yield f"p cnf {n * n} {clause_count(n)}\n"
    for clause in clauses(n):
        yield " ".join(map(str, clause)) + " 0\n"


def smt_name(cell: Cell) -> str:
    """Readable SMT-LIB name of a square, 1-based: q_ROW_COL."""
    return f"q_{cell.row + 1}_{cell.col + 1}"


def smtlib(n: int) -> Iterator[str]:
    """SMT-LIB v2 (QF_UF) with one Bool per square and the same constraints as the CNF."""
    yield f"; The {n}-Queens problem: q_R_C is true when a queen stands on row R, column C (from 1).\n"
    yield "(set-logic QF_UF)\n"
    cells = [Cell(r, c) for r in range(n) for c in range(n)]
    for cell in cells:
        yield f"(declare-const {smt_name(cell)} Bool)\n"
    yield "; every row holds a queen\n"
    for r in range(n):
        names = [smt_name(Cell(r, c)) for c in range(n)]
        yield f"(assert {names[0]})\n" if n == 1 else f"(assert (or {' '.join(names)}))\n"
    yield "; no two queens share a row, a column or a diagonal\n"
    for _, line in lines(n):
        for a, b in itertools.combinations(line, 2):
            yield f"(assert (not (and {smt_name(a)} {smt_name(b)})))\n"
    yield "(check-sat)\n"
    yield "(get-model)\n"
