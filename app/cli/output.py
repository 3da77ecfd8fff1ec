"""Standard output that fails in one sentence: a full disk is "cannot write the output: No space
left on device", not a traceback, and nothing is left to fail again when the interpreter exits."""

from __future__ import annotations

import errno
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from app.options import fail
from bdd_model.board import Cell, CellState, cells_one_based
from bdd_model.files.atomic_file import atomic_output
from bdd_model.files.untrusted_text import PATH_EXCERPT, excerpt

STATE_LISTS = {
    "queens": (CellState.QUEEN,),
    "forced": (CellState.FORCED,),
    "marked": (CellState.MARKED,),
    "open": (CellState.OPEN,),
    "blocked": (CellState.ATTACKED, CellState.LOOKAHEAD),
}
"""The lists of ``state --json`` and the states each holds: with ``pending`` (the squares not
decided within ``--time-limit``) they partition the board."""


def state_lists(states: Sequence[Sequence[CellState | None]]) -> dict[str, list[list[int]]]:
    """The six lists of ``state --json`` (1-based cells) for a board's states, None pending."""
    n = len(states)
    lists = {
        name: [[r + 1, c + 1] for r in range(n) for c in range(n) if states[r][c] in kinds]
        for name, kinds in STATE_LISTS.items()
    }
    lists["pending"] = [[r + 1, c + 1] for r in range(n) for c in range(n) if states[r][c] is None]
    return lists


def explanation(target: Cell, retract: list[Cell] | None) -> dict[str, object]:
    """``state --json``'s ``explanation``: the square, and the fewest decisions to retract."""
    return {"cell": target.one_based(), "retract": None if retract is None else cells_one_based(retract)}


def explanation_lines(report: dict[str, object], piece: str, whole: str) -> list[str]:
    """``state``'s explanation for people, when the report has one (``piece``: "queen" or
    "piece"; ``whole``: "the empty board" or "the level")."""
    told = report.get("explanation")
    if not isinstance(told, dict):
        return []
    cell, retract = told["cell"], told["retract"]
    where = f"{cell[0]},{cell[1]}"
    if retract is None:
        return [f"{where}: no solution of {whole} has a {piece} there"]
    if not retract:
        return [f"{where}: a {piece} already fits there"]
    return [f"{where}: retract " + " and ".join(f"{r},{c}" for r, c in retract)]


DISK_FAILURES = (errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG)
"""Errors of a disk that fails rather than of a path that is wrong (exit 1, not 2)."""


class OutputError(Exception):
    """Standard output could not be written (a closed pipe stays a BrokenPipeError)."""


class _GuardedOutput:
    """Wraps a text stream; its write errors become OutputError."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        with _as_output_error():
            return self._stream.write(text)

    def writelines(self, lines: Iterable[str]) -> None:
        with _as_output_error():
            self._stream.writelines(lines)

    def flush(self) -> None:
        with _as_output_error():
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def _as_output_error() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputError(f"cannot write the output: {error.strerror or error}") from None


@contextmanager
def guarded_stdout() -> Iterator[None]:
    """``sys.stdout`` raises OutputError instead of OSError while the block runs."""
    stream = sys.stdout
    sys.stdout = _GuardedOutput(stream)
    try:
        yield
    finally:
        sys.stdout = stream


def write_output(lines: Iterable[str], target: str) -> None:
    """Write to a file atomically (or to standard output for '-'); one line and exit if it cannot:
    2 when the path is wrong, 1 when the disk fails (the old file, if any, is intact)."""
    if target == "-":
        sys.stdout.writelines(lines)
        return
    try:
        with atomic_output(Path(target)) as stream:
            stream.writelines(line.encode("ascii") for line in lines)
    except OSError as error:
        status = 1 if error.errno in DISK_FAILURES else 2
        fail(f"cannot write '{excerpt(target, PATH_EXCERPT)}': {error.strerror or error}", status=status)
