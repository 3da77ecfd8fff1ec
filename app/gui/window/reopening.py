"""A window's first board: the newest board no other window holds (after a crash too), with its
history, engine and place on the screen, else an empty board of the size used last."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QByteArray, QPoint, QSettings, Qt

from app.gui.mid_end.autosave import Autosave, describe_reopened
from app.gui.mid_end.session import BoardSession
from app.gui.window.rules_choice import RulesChoice
from app.gui.window.size_choice import SizeChoice
from bdd_model.families import RuleFamily
from bdd_model.puzzles import FamilyPuzzle

OFFSET = 40
"""Pixels a second window opens down and right of the first, so it is seen as another one."""


class Reopening(Protocol):
    """What of a window its first board is opened into."""

    session: BoardSession
    autosave: Autosave
    sizes: SizeChoice
    rules_choice: RulesChoice
    settings: QSettings

    def restoreGeometry(self, geometry: QByteArray) -> bool: ...
    def pos(self) -> QPoint: ...
    def move(self, point: QPoint) -> None: ...
    def warn(self, text: str) -> None: ...
    def show_message(self, text: str) -> None: ...


def reopen_last_board(window: Reopening, rules: RuleFamily | None = None, engine: str | None = None) -> None:
    """Reopen the newest kept board into ``window``, else an empty board of the size used last;
    a second window opens offset and says so. ``rules``: the family asked for, which a kept
    board of another family is carried over to; ``engine``: the engine asked for on the command
    line, which a kept board's does not replace."""
    others = window.autosave.others_running()
    saved = window.autosave.claim()
    problems, said = window.autosave.problems, []
    replaced: list[int] = []
    once = Qt.ConnectionType.SingleShotConnection
    window.session.boardReplaced.connect(replaced.append, once)
    if saved is not None:
        if engine is None:
            window.sizes.choose_engine(saved.engine, remember=False)
        if saved.geometry is not None:
            window.restoreGeometry(QByteArray(saved.geometry))
    if saved is not None and window.session.reopen(saved.board, saved.steps, saved.saved_back):
        said.append(describe_reopened(saved))
        other = rules is not None and saved.board.puzzle != FamilyPuzzle.of(rules, saved.board.n)
        if rules is not None and other and replaced:
            window.rules_choice.carry_over(rules)
        elif rules is not None and other:
            window.session.boardReplaced.connect(lambda _: window.rules_choice.carry_over(rules), once)
    else:
        size = str(window.settings.value("board/size", 8))
        n = int(size) if size.isdigit() and 1 <= int(size) <= window.session.sources.max_n else 8
        puzzle = FamilyPuzzle.of(rules or window.session.rules, n)
        problems = [*problems, f"Opened an empty {puzzle.title} board instead."] if problems else []
        window.session.open(puzzle)
    if problems:
        window.warn(" ".join(problems))
    if others:
        window.move(window.pos() + QPoint(OFFSET, OFFSET))
        said.append("Another N-Queens window is open: this one keeps its own board.")
    text = " ".join(said)
    if text and replaced:
        window.show_message(text)
    elif text:
        window.session.boardReplaced.connect(lambda _: window.show_message(text), once)
