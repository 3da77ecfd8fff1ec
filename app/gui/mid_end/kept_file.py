"""The autosave's file, read and written by schema: the board in play and its undo steps, each step as what it
changed; files of versions 2 and 3 (boards as N and a rule family) are read too."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from app.gui.mid_end.undo_commands import Board, BoardFile, Step
from bdd_model.decisions import codes, of_codes
from bdd_model.engine_choice import ENGINE_CHOICES, check_board_size
from bdd_model.families import CLASSIC, family
from bdd_model.files.records import RecordError, decode, encode
from bdd_model.puzzles import FamilyPuzzle, Puzzle

FORMAT = "nqueens-autosave"
VERSION = 4
MAX_BYTES = 8 << 20
"""The largest file written and the largest read: older steps are left out until it fits."""
UNREADABLE = "it is not a board this program wrote (damaged or cut short)"
GEOMETRY_BYTES = 1024
"""The longest window geometry read back (Qt's is about 66 bytes)."""
Text = Annotated[str, msgspec.Meta(max_length=200)]
Number = Annotated[int, msgspec.Meta(ge=0, lt=1 << 31)]


@dataclass(frozen=True)
class Saved:
    """A board found on disk: its window's id, the board, its undo steps, how it ended."""

    ident: str
    board: Board
    steps: tuple[tuple[str, str, Any, Any], ...]
    clean: bool
    saved_at: float
    saved_back: int | None
    """How many steps back from the board the last save (or open) of its file lies; None: none."""
    engine: str
    geometry: bytes | None = None
    """The window's size and place when it was kept (Qt's ``saveGeometry``)."""


FilePath = Annotated[str, msgspec.Meta(max_length=4095, pattern="^[^\x00]*$")]


class BoardRecord(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A board as kept: the puzzle, its decisions as numbers, the file it came from (``level``:
    a level's file, not a saved game)."""

    puzzle: Puzzle
    decisions: list[Number]
    file: FilePath | None = None
    level: bool = False

    @classmethod
    def of(cls, board: Board) -> BoardRecord:
        if board.file is None:
            return cls(board.puzzle, codes(board.decisions, board.n))
        return cls(board.puzzle, codes(board.decisions, board.n), str(board.file.path), board.file.level)

    def board(self) -> Board:
        n = check_board_size(self.puzzle.n)
        file = BoardFile(Path(self.file), self.level) if self.file else None
        return Board(self.puzzle, of_codes(self.decisions, n), file)


class OldBoardRecord(msgspec.Struct, forbid_unknown_fields=True):
    """A board as versions 2 and 3 kept it: N, its decisions, its file and its rule family (left
    out for the classic one)."""

    n: int
    decisions: list[Number]
    file: FilePath | None = None
    rules: Text = CLASSIC.name

    def new(self) -> BoardRecord:
        return BoardRecord(FamilyPuzzle.of(family(self.rules), self.n), self.decisions, self.file)


class BoardStep(msgspec.Struct, tag="board", array_like=True):
    """Another board shown (a size, a file): both boards."""

    text: Text
    before: BoardRecord
    after: BoardRecord


class OldBoardStep(msgspec.Struct, tag="board", array_like=True):
    text: Text
    before: OldBoardRecord
    after: OldBoardRecord

    def new(self) -> BoardStep:
        return BoardStep(self.text, self.before.new(), self.after.new())


class ChangeStep(msgspec.Struct, tag="change", array_like=True):
    """Decisions taken away (with their places) and ``added`` new ones at the end."""

    text: Text
    places: list[Number]
    removed: list[Number]
    added: Number


class DecisionsStep(msgspec.Struct, tag="decisions", array_like=True):
    """Any other change of decisions: the decisions before it, whole."""

    text: Text
    before: list[Number]


class KeptFile(msgspec.Struct, forbid_unknown_fields=True):
    """The file: how the window ended, the board shown, the board after the last step when it
    differs (a change the SAT engine has not taken yet), and the newest steps."""

    format: Literal["nqueens-autosave"]
    version: Literal[4]
    saved_at: float
    clean: bool
    saved_back: Number | None
    engine: str
    board: BoardRecord
    geometry: Annotated[str, msgspec.Meta(max_length=GEOMETRY_BYTES * 2)] | None = None
    tip: BoardRecord | None = None
    steps: list[BoardStep | ChangeStep | DecisionsStep] = []


class V3KeptFile(msgspec.Struct, forbid_unknown_fields=True):
    """Version 3, as windows kept boards before puzzles: boards as N and a rule family."""

    format: Literal["nqueens-autosave"]
    version: Literal[3]
    saved_at: float
    clean: bool
    saved_back: Number | None
    engine: str
    board: OldBoardRecord
    geometry: Annotated[str, msgspec.Meta(max_length=GEOMETRY_BYTES * 2)] | None = None
    tip: OldBoardRecord | None = None
    steps: list[OldBoardStep | ChangeStep | DecisionsStep] = []


class OldChangeStep(msgspec.Struct, tag="change", array_like=True):
    text: Text
    places: list[Number]
    removed: list[tuple[Number, Number, Literal[0, 1]]]
    added: Number


class OldDecisionsStep(msgspec.Struct, tag="decisions", array_like=True):
    text: Text
    before: list[tuple[Number, Number, Literal[0, 1]]]


class OldKeptFile(msgspec.Struct):
    """Version 2, as windows kept boards before: decisions in steps as [row, column, mark], and
    only whether the board was unsaved."""

    format: Literal["nqueens-autosave"]
    version: Literal[2]
    saved_at: float
    clean: bool
    engine: str
    board: OldBoardRecord
    unsaved: bool = False
    saved_back: Number | msgspec.UnsetType | None = msgspec.UNSET
    """Written by version 2 of the last days; before it, only ``unsaved`` was."""
    geometry: str | None = None
    tip: OldBoardRecord | None = None
    steps: list[OldBoardStep | OldChangeStep | OldDecisionsStep] = []


def kept_text(
    header: dict[str, Any], steps: Sequence[Step], board: Board, fragments: dict[int, tuple[Step, str]]
) -> str:
    """The file's text: ``header`` (the fields of ``KeptFile`` before the board), the board, and
    as many of the newest steps as fit in ``MAX_BYTES``. ``fragments`` keeps each step as
    written, by its identity, so a write costs what changed."""
    live = {id(step) for step in steps}
    for key in [key for key in fragments if key not in live]:
        del fragments[key]
    written = []
    for step, n in zip(steps, _sizes(steps, board), strict=True):
        kept = fragments.get(id(step))
        if kept is None or kept[0] is not step:
            kept = fragments[id(step)] = (step, encode(_step_record(step, n)).decode("utf-8"))
        written.append(kept[1])
    tip = _tip(steps, board)
    head = encode(
        {
            "format": FORMAT,
            "version": VERSION,
            **header,
            "board": BoardRecord.of(board),
            "tip": BoardRecord.of(tip) if tip else None,
        }
    ).decode("utf-8")
    room = MAX_BYTES - len(head) - len(',"steps":[]}')
    first = len(written)
    while first > 0 and room - len(written[first - 1]) - 1 >= 0:
        first -= 1
        room -= len(written[first]) + 1
    return f'{head[:-1]},"steps":[{",".join(written[first:])}]}}'


def header(saved_at: float, clean: bool, saved_back: int | None, engine: str, geometry: bytes | None) -> dict:
    """The fields of a file before its board."""
    fields: dict[str, Any] = {
        "saved_at": saved_at,
        "clean": clean,
        "saved_back": saved_back,
        "engine": engine,
    }
    if geometry is not None:
        fields["geometry"] = base64.b64encode(geometry).decode("ascii")
    return fields


def read_kept(ident: str, text: str | bytes) -> Saved:
    """A kept board read back; ValueError (a RecordError, or NQueensError) saying why it cannot be."""
    try:
        version = decode(text, _Version).version
    except RecordError:
        raise ValueError(UNREADABLE) from None
    if version == 2:
        old = decode(text, OldKeptFile)
        saved_back = (None if old.unsaved else 0) if old.saved_back is msgspec.UNSET else old.saved_back
        steps = _new_steps(old.steps, (old.tip or old.board).n)
        file = _from_old(
            old.saved_at, old.clean, saved_back, old.engine, old.board, old.geometry, old.tip, steps
        )
    elif version == 3:
        v3 = decode(text, V3KeptFile)
        steps = [step.new() if isinstance(step, OldBoardStep) else step for step in v3.steps]
        file = _from_old(
            v3.saved_at, v3.clean, v3.saved_back, v3.engine, v3.board, v3.geometry, v3.tip, steps
        )
    elif version == VERSION:
        file = decode(text, KeptFile)
    else:
        raise ValueError("it is not a kept board of this version")
    if file.engine not in ENGINE_CHOICES:
        raise ValueError("it names no engine")
    board = file.board.board()
    tip = board if file.tip is None else file.tip.board()
    return Saved(
        ident,
        board,
        tuple(_steps_back(file.steps, tip)),
        file.clean,
        float(file.saved_at),
        file.saved_back,
        file.engine,
        _geometry(file.geometry),
    )


class _Version(msgspec.Struct):
    format: Literal["nqueens-autosave"]
    version: int


def _from_old(
    saved_at: float,
    clean: bool,
    saved_back: int | None,
    engine: str,
    board: OldBoardRecord,
    geometry: str | None,
    tip: OldBoardRecord | None,
    steps: list[Any],
) -> KeptFile:
    """A file of an older version in today's form (its steps already are): boards as puzzles."""
    new_tip = tip.new() if tip is not None else None
    return KeptFile(
        "nqueens-autosave", 4, saved_at, clean, saved_back, engine, board.new(), geometry, new_tip, steps
    )


def _new_steps(steps: list[OldBoardStep | OldChangeStep | OldDecisionsStep], n: int) -> list[Any]:
    """Version 2 steps in today's form: their [row, column, mark] triples become numbers on the
    size of the board each step was taken on (found from the newest back, from ``n``)."""
    new: list[Any] = []
    for step in reversed(steps):
        if isinstance(step, OldBoardStep):
            new.append(step.new())
            n = step.before.n
        elif isinstance(step, OldChangeStep):
            removed = [_old_code(entry, n) for entry in step.removed]
            new.append(ChangeStep(step.text, step.places, removed, step.added))
        else:
            new.append(DecisionsStep(step.text, [_old_code(entry, n) for entry in step.before]))
    return new[::-1]


def _old_code(entry: tuple[int, int, int], n: int) -> int:
    row, col, mark = entry
    if not (n > 0 and row < n and col < n):
        raise ValueError("a decision off the board")
    return 2 * (row * n + col) + mark


def _tip(steps: Sequence[Step], board: Board) -> Board | None:
    """The board after the last step, when it is not the board shown (a change the SAT engine
    has not taken yet shows before it becomes a step)."""
    if not steps:
        return None
    last = steps[-1]
    tip = last.after if last.kind == "board" else Board(board.puzzle, last.after, board.file)
    return None if (tip.puzzle, tip.decisions) == (board.puzzle, board.decisions) else tip


def _sizes(steps: Sequence[Step], board: Board) -> list[int]:
    """The board size each step was taken on, found from the newest back."""
    sizes = []
    n = board.n
    for step in reversed(steps):
        if step.kind == "board":
            n = step.after.n
            sizes.append(n)
            n = step.before.n
        else:
            sizes.append(n)
    return sizes[::-1]


def _step_record(step: Step, n: int) -> BoardStep | ChangeStep | DecisionsStep:
    """A step as what it changed: a board step keeps both boards; a decisions step on the n×n
    board the decisions it took away with their places and how many it added at the end (or,
    if it did anything else, the decisions before it in full)."""
    if step.kind == "board":
        return BoardStep(step.text(), BoardRecord.of(step.before), BoardRecord.of(step.after))
    before, after = step.before, step.after
    staying = set(after)
    removed = [(i, d) for i, d in enumerate(before) if d not in staying]
    kept = [d for d in before if d in staying]
    if tuple(kept) == tuple(after[: len(kept)]):
        places = [i for i, _ in removed]
        return ChangeStep(step.text(), places, codes((d for _, d in removed), n), len(after) - len(kept))
    return DecisionsStep(step.text(), codes(before, n))


def _steps_back(records: Sequence[BoardStep | ChangeStep | DecisionsStep], tip: Board) -> list[tuple]:
    """The undo steps, oldest first, rebuilt from the newest back (each step's board after it
    is the board before the next)."""
    steps: list[tuple[str, str, Any, Any]] = []
    board = tip
    for record in reversed(records):
        if isinstance(record, BoardStep):
            before, after = record.before.board(), record.after.board()
            if (after.puzzle, after.decisions) != (board.puzzle, board.decisions):
                raise ValueError("the steps do not lead to the board")
            steps.append(("board", record.text, before, after))
            board = before
            continue
        after_decisions = board.decisions
        if isinstance(record, ChangeStep):
            removed = of_codes(record.removed, board.n)
            if len(record.places) != len(removed) or record.added > len(after_decisions):
                raise ValueError("a step is damaged")
            earlier = list(after_decisions[: len(after_decisions) - record.added])
            for place, decision in sorted(zip(record.places, removed, strict=True), key=lambda item: item[0]):
                if place > len(earlier):
                    raise ValueError("a step is damaged")
                earlier.insert(place, decision)
            before_decisions = tuple(earlier)
        else:
            before_decisions = of_codes(record.before, board.n)
        if len({d.cell for d in before_decisions}) < len(before_decisions):
            raise ValueError("two decisions on one square")
        steps.append(("decisions", record.text, before_decisions, after_decisions))
        board = Board(board.puzzle, before_decisions, board.file)
    return list(reversed(steps))


def _geometry(text: str | None) -> bytes | None:
    """The window's geometry as kept, when it is one (base64 of at most ``GEOMETRY_BYTES``)."""
    if text is None or not text.isascii():
        return None
    try:
        data = base64.b64decode(text, validate=True)
    except ValueError:
        return None
    return data if len(data) <= GEOMETRY_BYTES else None
