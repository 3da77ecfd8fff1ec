"""Reading a SAT solver's answer (MiniSat's result file or the competition's s and v lines) back onto the
board, in chunks and bounded memory with literals read strictly, since the file is untrusted; and saying which
rule a placement breaks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np

from bdd_model.board import Cell
from bdd_model.cnf.encoding import lines, square
from bdd_model.errors import NQueensError
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.files.untrusted_text import excerpt

CHUNK = 1 << 16
"""Bytes read at a time; literals are converted in batches of about this size."""
MAX_DIGITS = 18
"""Digits of the longest literal accepted (its value fits in 64 bits)."""
MAX_VERDICT = 256
"""Characters of the verdict line (``SAT``, ``s SATISFIABLE``…) read before giving up on it."""
_LITERAL = re.compile(rb"-?[0-9]{1,%d}" % MAX_DIGITS)
_SHAPE = bytes.maketrans(b"0123456789\t\n\r\x0b\x0c", b"0000000000     ")
_WRONG_SHAPES = (b"--", b"- ", b"0-", b"0" * (MAX_DIGITS + 1))
"""Signs of a malformed literal in the shape of the text: a sign not before a digit, a sign
after a digit, a literal longer than MAX_DIGITS."""


class SolverOutputError(NQueensError):
    """A file that is not a solver's answer, or an answer that is not a model of this board."""


@dataclass(frozen=True)
class SolverAnswer:
    """What the solver said: satisfiable or not, and the variables it set true."""

    satisfiable: bool
    true_vars: frozenset[int]


def read_answer(stream: BinaryIO, n: int) -> SolverAnswer:
    """Read either format for the n×n board; SolverOutputError with one sentence if neither fits."""
    reader = _AnswerReader(n)
    while reader.verdict is not False:
        chunk = stream.read(CHUNK)
        if not chunk:
            return reader.finish()
        reader.feed(chunk)
    return SolverAnswer(False, frozenset())


class _AnswerReader:
    """A line-aware tokenizer fed in chunks: it keeps the current line's kind, at most one
    partial token and a batch of literal text, never a whole line."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.squares = n * n
        self.verdict: bool | None = None
        self.competition = False
        self.kind: str | None = None  # of the current line: "skip", "verdict", "values"; None at its start
        self.head = bytearray()
        self.batch = bytearray()
        self.ended = False
        self.true = np.zeros(self.squares + 1, dtype=bool)
        self.false = np.zeros(self.squares + 1, dtype=bool)

    def feed(self, chunk: bytes) -> None:
        start = 0
        while start < len(chunk) and self.verdict is not False:
            newline = chunk.find(b"\n", start)
            end = len(chunk) if newline < 0 else newline
            self._segment(chunk[start:end])
            if newline >= 0:
                self._end_line()
            start = end + 1
        if len(self.batch) > CHUNK:
            self._take_batch(final=False)

    def finish(self) -> SolverAnswer:
        self._end_line()
        if self.verdict is None:
            raise SolverOutputError("the file holds no solver answer (it is empty)")
        if self.verdict is False:
            return SolverAnswer(False, frozenset())
        self._take_batch(final=True)
        if not self.ended:
            raise SolverOutputError("the assignment is cut short (it does not end in 0)")
        return SolverAnswer(True, frozenset(int(v) for v in np.flatnonzero(self.true)))

    def _segment(self, data: bytes) -> None:
        """Part of one line (a chunk boundary may cut a line anywhere)."""
        if self.kind is None:
            data = data.lstrip()
            if not data:
                return
            if data.startswith(b"c"):
                self.kind = "skip"
            elif self.verdict is None:
                self.kind = "verdict"
            elif not self.competition:
                self.kind = "values"
            elif data.startswith(b"v"):
                self.kind, data = "values", data[1:]
            else:
                self.kind = "skip"
        if self.kind == "verdict":
            self.head += data[: MAX_VERDICT + 1 - len(self.head)]
            if len(self.head) > MAX_VERDICT:
                self._verdict()
        elif self.kind == "values":
            self.batch += data

    def _end_line(self) -> None:
        if self.kind == "verdict":
            self._verdict()
        elif self.kind == "values":
            self.batch += b"\n"
        self.kind = None

    def _verdict(self) -> None:
        head = bytes(self.head).strip()
        self.competition = head.startswith(b"s ")
        status = head[2:].strip() if self.competition else head
        if status in (b"UNSAT", b"UNSATISFIABLE"):
            self.verdict = False
        elif status in (b"SAT", b"SATISFIABLE"):
            self.verdict = True
        else:
            raise SolverOutputError(
                "the file does not start with a solver's verdict (SAT, UNSAT, s SATISFIABLE): "
                f"'{excerpt(head)}'"
            )
        self.kind = "skip"

    def _take_batch(self, final: bool) -> None:
        """Convert the batch's whole literals (all of them if ``final``), keeping a partial last one."""
        tail = 0
        while not final and tail < len(self.batch) and not self.batch[-1 - tail :][:1].isspace():
            tail += 1
            if tail > MAX_DIGITS + 1:
                partial = bytes(self.batch[-tail:])
                raise SolverOutputError(f"the assignment holds '{excerpt(partial)}', which is not a literal")
        text = bytes(self.batch[: len(self.batch) - tail])
        del self.batch[: len(self.batch) - tail]
        self._literals(text)

    def _literals(self, text: bytes) -> None:
        """Check and take a batch of whole literals, vectorised: the text's shape (digits as 0,
        whitespace as spaces) shows every malformed literal without a loop over tokens."""
        shape = text.translate(_SHAPE).strip()
        if not shape:
            return
        if (
            shape.translate(None, b"0- ")
            or any(wrong in shape for wrong in _WRONG_SHAPES)
            or shape.endswith(b"-")
        ):
            bad = next(t for t in text.split() if not _LITERAL.fullmatch(t))
            raise SolverOutputError(f"the assignment holds '{excerpt(bad)}', which is not a literal")
        values = np.fromstring(text.strip(), dtype=np.int64, sep=" ")
        if len(values) != shape.count(b"0 ") + 1:
            raise SolverOutputError("the assignment holds something that is not a literal")
        if self.ended:
            raise SolverOutputError("the assignment goes on after its closing 0")
        zeros = np.flatnonzero(values == 0)
        if len(zeros):
            if zeros[0] != len(values) - 1:
                raise SolverOutputError("the assignment goes on after its closing 0")
            self.ended = True
            values = values[:-1]
        beyond = values[values > self.squares]
        if len(beyond):
            raise SolverOutputError(
                f"variable {int(beyond.min())} is beyond the {self.squares} squares of a "
                f"{self.n}×{self.n} board (wrong --n?)"
            )
        true = values[values > 0]
        false = -values[(values < 0) & (values >= -self.squares)]
        self.true[true] = True
        self.false[false] = True
        both = np.concatenate([true[self.false[true]], false[self.true[false]]])
        if len(both):
            raise SolverOutputError(f"variable {int(both.min())} is given both true and false")


def queens_of(answer: SolverAnswer, n: int) -> set[Cell]:
    """The squares whose variables are true (``read_answer`` keeps them on the board)."""
    return {square(n, var) for var in answer.true_vars}


def broken_rules(n: int, queens: set[Cell], rules: RuleFamily = CLASSIC) -> list[str]:
    """Each rule the placement breaks, in words (empty when it is a solution)."""
    problems = []
    piece = rules.piece
    for r in range(n):
        if not any(q.row == r for q in queens):
            problems.append(f"no {piece} in row {r + 1}")
    for name, line in lines(n, rules):
        on_line = [cell for cell in line if cell in queens]
        if len(on_line) > 1:
            where = " and ".join(cell.label() for cell in on_line)
            place = f"in {name}" if name.startswith(("row", "column")) else f"on one {name}"
            problems.append(f"{len(on_line)} {piece}s {place} ({where})")
    for a, b in rules.leap_pairs(n):
        if a in queens and b in queens:
            problems.append(f"{piece}s {rules.leap_words} ({a.label()} and {b.label()})")
    return problems
