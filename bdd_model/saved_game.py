"""The saved configuration: a small JSON file with N and the decisions in the order taken.

``{"format": "nqueens-configuration", "version": 1, "n": 8,
   "decisions": [{"cell": [1, 1], "kind": "queen"}, {"cell": [3, 4], "kind": "empty"}]}``
Cells are 1-based as on the command line. Reading checks everything before anything is
applied; ``replay`` applies the decisions one by one with the configurator's own rules, so a
contradictory file is refused naming the decision that fails.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from bdd_model.board import Cell, Decision, DecisionKind
from bdd_model.diagram.configurator import Configurator
from bdd_model.diagram.space import SolutionSpace
from bdd_model.engine import Engine
from bdd_model.engine_choice import LARGEST_N, check_board_size
from bdd_model.errors import NQueensError
from bdd_model.files.checked_file import FileKindError, read_bounded
from bdd_model.files.untrusted_text import excerpt

FORMAT = "nqueens-configuration"
VERSION = 1
_KINDS = {"queen": DecisionKind.QUEEN, "empty": DecisionKind.MARK}
EngineT = TypeVar("EngineT", bound=Engine)

MAX_BYTES = 1 << 20
"""The largest configuration file read (N=15 with every square decided takes about 10 KB)."""


class SavedGameError(NQueensError):
    """A configuration file that is not ours, damaged, or impossible."""


def dumps(n: int, decisions: Sequence[Decision]) -> str:
    """The JSON text of a configuration."""
    return json.dumps(
        {"format": FORMAT, "version": VERSION, "n": n, "decisions": decisions_json(decisions)}, indent=1
    )


def decisions_json(decisions: Sequence[Decision]) -> list[dict[str, object]]:
    """The decisions as the file writes them: 1-based cells, "queen" or "empty"."""
    names = {kind: name for name, kind in _KINDS.items()}
    return [{"cell": d.cell.one_based(), "kind": names[d.kind]} for d in decisions]


def parse_decisions(entries: object, n: int) -> list[Decision]:
    """Decisions read back from ``decisions_json``'s form on an n×n board; SavedGameError with
    one clear sentence if they are not valid."""
    if not isinstance(entries, list):
        raise SavedGameError("the file has no list of decisions")
    return [_decision(entry, n, number) for number, entry in enumerate(entries, start=1)]


def read_text(path: Path) -> str:
    """The text of a configuration file, read with a bound: SavedGameError for a file that is
    not a regular file (``/dev/zero``, a FIFO: never read) or is far larger than any
    configuration; OSError if it cannot be opened."""
    try:
        data = read_bounded(path, MAX_BYTES, "a configuration")
    except FileKindError as error:
        raise SavedGameError(str(error)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SavedGameError("the file is not text (not UTF-8)") from None


def loads(text: str) -> tuple[int, list[Decision]]:
    """N and the decisions of a configuration; SavedGameError with one clear sentence if not valid."""
    if not text.strip():
        raise SavedGameError("the file is empty")
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except (ValueError, RecursionError):
        raise SavedGameError("the file is not a configuration (not JSON, or cut short)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavedGameError("the file is not an N-Queens configuration")
    if data.get("version") != VERSION:
        version = excerpt(repr(data.get("version")), 24)
        raise SavedGameError(f"the file has version {version}; this program reads {VERSION}")
    size = data.get("n")
    if isinstance(size, int) and abs(size) > 10**6:
        raise SavedGameError(
            f"the file's board size is impossible: N={excerpt(str(size), 12)} is far above {LARGEST_N}"
        )
    try:
        n = check_board_size(size)
    except NQueensError as error:
        raise SavedGameError(f"the file's board size is impossible: {error}") from None
    return n, parse_decisions(data.get("decisions"), n)


def _decision(entry: object, n: int, number: int) -> Decision:
    where = f"decision {number}"
    if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str) or entry["kind"] not in _KINDS:
        raise SavedGameError(f"{where} is not a queen or empty-square decision")
    cell = entry.get("cell")
    if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
        raise SavedGameError(f"{where} has no [row, column] cell")
    row, col = cell
    if not (1 <= row <= n and 1 <= col <= n):
        raise SavedGameError(f"{where}: cell {row},{col} is off the {n}×{n} board")
    return Decision(Cell(row - 1, col - 1), _KINDS[entry["kind"]])


def replay(space: SolutionSpace, decisions: Sequence[Decision]) -> Configurator:
    """A new configurator with the decisions taken in order; SavedGameError naming a refused one."""
    return take_in_order(Configurator(space), decisions)


def take_in_order(engine: EngineT, decisions: Sequence[Decision]) -> EngineT:
    """``engine`` with the decisions taken one by one, on either engine; SavedGameError naming
    the first one refused."""
    for number, decision in enumerate(decisions, start=1):
        take = engine.place if decision.kind is DecisionKind.QUEEN else engine.mark
        try:
            take(*decision.cell)
        except NQueensError as error:
            raise SavedGameError(f"decision {number} cannot be taken: {error}") from None
    return engine
