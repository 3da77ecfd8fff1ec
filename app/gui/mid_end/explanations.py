"""Why a square is closed, in words: the sentences of the status bar and the Insight panel. The
engine finds a smallest set of decisions that keeps a queen off a square; this module names them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bdd_model import Cell, CellState, Decision, DecisionKind, and_list, plural
from bdd_model.board_view import BoardView
from bdd_model.puzzles import Puzzle
from bdd_model.states import why_not_open


@dataclass(frozen=True)
class Explanation:
    """Why a queen cannot stand on ``cell`` now, and which decisions to retract so that it can.

    ``culprits`` is a smallest such set (empty when a queen already fits); ``None`` when no
    solution of the empty board has a queen on the square, or while the answer is awaited
    (``pending``).
    """

    cell: Cell
    culprits: tuple[Decision, ...] | None
    text: str
    pending: bool = False

    @property
    def can_free(self) -> bool:
        return bool(self.culprits)


def explanation(
    puzzle: Puzzle, decisions: Sequence[Decision], cell: Cell, cells: Sequence[Cell] | None
) -> Explanation:
    """The sentence for an engine's answer ``cells`` (the decision squares to retract, or None)."""
    piece = puzzle.piece
    if cells is None:
        return Explanation(cell, None, f"No solution of the {puzzle.board} has a {piece} on {cell.label()}.")
    kinds = {d.cell: d.kind for d in decisions}
    culprits = tuple(Decision(Cell(*c), kinds[Cell(*c)]) for c in cells)
    if not culprits:
        return Explanation(cell, (), f"A {piece} fits on {cell.label()}.")
    named = {DecisionKind.QUEEN: f"the {piece} at", DecisionKind.MARK: "the mark on"}
    listed = and_list(f"{named[d.kind]} {d.cell.label()}" for d in culprits)
    return Explanation(cell, culprits, f"Retract {listed} to free {cell.label()}.")


def awaited(cell: Cell) -> Explanation:
    """The stand-in while the SAT engine looks for the smallest set."""
    return Explanation(cell, None, f"Finding which of your decisions close {cell.label()}…", pending=True)


def describe(board: BoardView, cell: Cell, reason: Explanation | None = None) -> str:
    """What a square is and why, with the way to free it when it is closed or marked
    (``reason``: that square's explanation)."""
    state = board.state(*cell)
    where = cell.label()
    piece = board.puzzle.piece
    if state is None and board.fits(*cell):
        return (
            f"{where}: a {piece} fits here (a remaining solution has one); checking whether every "
            "solution needs it…"
        )
    if state is None:
        return f"{where}: checking whether a solution has a {piece} here…"
    if state is CellState.OPEN:
        counts = board.cell_counts
        if counts is None:
            return f"{where} is open: a remaining solution has a {piece} here."
        through = int(counts[cell.row, cell.col])
        count = board.count.at_least if board.count is not None else 1
        verb = "has" if through == 1 else "have"
        return f"{where} is open: {through:,} of {plural(count, 'solution')} {verb} a {piece} here."
    if state is CellState.QUEEN:
        return f"{where}: your {piece}."
    if state is CellState.FORCED:
        return f"{where}: every remaining solution has a {piece} here, so the program placed it."
    text = reason.text if reason is not None else ""
    if state is CellState.MARKED:
        return f"{where}: marked empty by you. {text}".rstrip()
    return f"{where} is closed: {why_not_open(board, *cell)}. {text}".rstrip()


def not_taken(
    label: str,
    before: Sequence[Decision],
    after: Sequence[Decision],
    reason: str,
    no_solution: bool,
    piece: str,
) -> tuple[str, Cell | None]:
    """Why a change the engine refused was not taken, and the square it tried to put a piece
    (the family's ``piece``) on when that square is closed (its explanation is then worth asking
    for)."""
    added = [d for d in after if d not in before]
    if no_solution or len(added) != 1:
        return f"{label} was not taken: {reason}.", None
    cell = added[0].cell
    if added[0].kind is DecisionKind.QUEEN:
        return (
            f"{label} was not taken: {cell.label()} is closed, no remaining solution has a {piece} there.",
            cell,
        )
    return f"{label} was not taken: every remaining solution has a {piece} on {cell.label()}.", None
