"""The mid end: one board's decisions and their undo history between the engine and the widgets, with its
explanations, hints and solution browser, asking the board (``EngineBoard``) and never which engine it is."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QUndoStack

from app.gui.mid_end.assists import DEFAULT, Assist, shown_codes
from app.gui.mid_end.board_hints import BoardHints
from app.gui.mid_end.board_sources import BoardSources
from app.gui.mid_end.explanation_cache import ExplanationCache
from app.gui.mid_end.explanations import Explanation, describe, not_taken
from app.gui.mid_end.mistake_check import MistakeCheck
from app.gui.mid_end.solution_browser import SolutionBrowser
from app.gui.mid_end.undo_commands import Board, BoardFile, Step, board_step, decisions_step
from app.gui.workers.engine_board import EngineBoard, Proposal
from bdd_model import Cell, CellState, Decision, DecisionKind
from bdd_model.board_view import BoardView
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.puzzles import FamilyPuzzle, Puzzle

FIRST_PUZZLE = FamilyPuzzle.of(CLASSIC, 8)
"""The kind of board in hand before any is shown: the classic queens."""


class BoardSession(QObject):
    """Decisions on the current board, their undo history, and the board's explanations."""

    changed = Signal()
    """The decisions or the board changed."""
    updated = Signal()
    """The engine decided more squares or counted better; the decisions are the same."""
    engineChanged = Signal(str)
    """The board is now answered by this engine (its name in the registry), decisions kept."""
    explained = Signal(object)
    """The explanation of this cell arrived."""
    refused = Signal(str)
    leaving = Signal()
    """Another board was asked for (a size, rules, a file, or undo and redo across boards): what
    was said of the board in hand ends once the new one is shown."""
    boardReplaced = Signal(int)
    message = Signal(str)
    solved = Signal()
    fileChanged = Signal()
    """The board's file changed (opened, saved under a name, or none)."""

    def __init__(
        self,
        backend: str = "auto",
        engine: str = "auto",
        puzzle: Puzzle = FIRST_PUZZLE,
        parent: QObject | None = None,
    ) -> None:
        """``puzzle``: the kind of board in hand before the first one is shown."""
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.sources = BoardSources(lambda: self._cfg, backend, engine, puzzle, self)
        self.browser = SolutionBrowser(self, self)
        self.checks = MistakeCheck(self, self)
        self.hints = BoardHints(self, self)
        self.hints.shown.connect(self.changed)
        self.hints.said.connect(self.message)
        self.checks.framed.connect(self.changed)
        self.checks.said.connect(self.message)
        self.browser.said.connect(self.message)
        self._cfg: EngineBoard | None = None
        self._assist = DEFAULT
        self.sources.keep_dead_ends(DEFAULT.keeps_dead_ends)
        self._file: BoardFile | None = None
        self._explanations = ExplanationCache(lambda: self._cfg, self)
        self._explanations.explained.connect(self.explained)
        self._was_solved = False
        self.from_history = False
        """The board shown came back through undo or redo, not as a new board."""
        self.left_unsaved: Path | None = None
        """The file whose board, changed since it was saved, the board shown replaced."""
        self.sources.ready.connect(self._replace)
        self.sources.refusedBoard.connect(self.refused)
        self.sources.switched.connect(self._switched)
        self.sources.message.connect(self.message)

    @property
    def configurator(self) -> EngineBoard | None:
        """The current board's engine (None before the first board is ready)."""
        return self._cfg

    @property
    def engine(self) -> str:
        """The name of the engine that answers the current board, or "" before the first board."""
        return self._cfg.engine if self._cfg is not None else ""

    @property
    def n(self) -> int:
        return self._cfg.n if self._cfg else 0

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown, or the one being opened."""
        return self.sources.puzzle

    @property
    def assist(self) -> Assist:
        """The assist chosen (View → Assist)."""
        return self._assist

    @property
    def shown_assist(self) -> Assist:
        """The assist the board is shown by: the one chosen on a level, everything on a family."""
        return self._assist if self.puzzle.assisted else Assist.EVERYTHING

    def shown_view(self) -> BoardView | None:
        """The board as the assist shows it: the engine's view, or only the player's decisions
        (and what their pieces cross out)."""
        cfg = self._cfg
        if cfg is None or self.shown_assist is Assist.EVERYTHING:
            return cfg.view if cfg is not None else None
        return BoardView.of(cfg.puzzle, cfg.decisions, shown_codes(self.shown_assist, cfg.view))

    def set_assist(self, assist: Assist) -> None:
        """Show levels by this assist from now on; every decision stays. An assist that spoils
        nothing keeps a decision that leaves no solution, and nothing says so until Check."""
        left, self._assist = self._assist, assist
        self.sources.keep_dead_ends(assist.keeps_dead_ends)
        if left is Assist.EVERYTHING and assist is not Assist.EVERYTHING:
            self.checks.forget()
        self.changed.emit()
        if assist is Assist.EVERYTHING and self._cfg is not None and self._cfg.puzzle.assisted:
            self.checks.check(quiet=True)

    @property
    def rules(self) -> RuleFamily:
        """The rule family of the board shown or being opened; for a level, the family a size
        chosen away from it opens (the classic queens)."""
        return self.puzzle.resized(self.puzzle.n).rules

    @property
    def file_path(self) -> Path | None:
        """The saved game the current board was opened from or last saved to."""
        return self._file.saved_game if self._file is not None else None

    @property
    def file(self) -> BoardFile | None:
        """The file the current board came from: a saved game or a level's file."""
        return self._file

    # ----- boards ------------------------------------------------------------------------

    def open(
        self,
        puzzle: Puzzle,
        decisions: Sequence[Decision] = (),
        file: BoardFile | None = None,
        label: str | None = None,
        build_exact: bool = False,
        instead: str = "",
    ) -> bool:
        """Show the puzzle's board with ``decisions`` as one undoable step, on the engine the
        choice gives (``build_exact``: where it answers at once meanwhile, also build the built
        engine in the background). A board whose decisions cannot be taken is refused (``refused``, False) and
        nothing changes, unless ``instead`` says why the empty board opens then."""
        said = label or f"Size {puzzle.n}×{puzzle.n}"
        self.leaving.emit()
        return self.sources.request(puzzle, tuple(decisions), file, said, build_exact, instead)

    def open_size(
        self, n: int, decisions: Sequence[Decision] = (), build_exact: bool = False, instead: str = ""
    ) -> bool:
        """``open`` the n×n board of the kind in hand (Game → Size)."""
        return self.open(self.puzzle.resized(n), decisions, build_exact=build_exact, instead=instead)

    def choose_rules(self, rules: RuleFamily) -> bool:
        """Play the board's size by another family, from an empty board, as one undoable step."""
        if self._cfg is not None and self._cfg.puzzle == FamilyPuzzle.of(rules, self._cfg.n):
            return True
        return self.open(FamilyPuzzle.of(rules, self.n or 8), label=f"{rules.title} rules")

    def history(self, newest: int | None = None) -> list[Step]:
        """The steps taken so far, oldest first (what Undo would take back, in turn); only the
        ``newest`` ones when given (a long game's history is not walked whole for them)."""
        stack = self.undo_stack
        first = 0 if newest is None else max(0, stack.index() - newest)
        return [step for i in range(first, stack.index()) if isinstance(step := stack.command(i), Step)]

    def reopen(
        self, board: Board, steps: Sequence[tuple[str, str, Any, Any]], saved_back: int | None
    ) -> bool:
        """Show a board kept from an earlier run with its undo steps (kind, text, before,
        after); ``saved_back``: how many steps back its file held the board (None: at no step
        kept). False when it cannot be shown."""

        def load_steps() -> None:
            cfg = self._cfg
            if cfg is None or (cfg.puzzle, cfg.decisions) != (board.puzzle, board.decisions):
                return
            self.undo_stack.resetClean()
            clean_at = len(steps) - saved_back if saved_back is not None else -1
            for index, (kind, text, before, after) in enumerate(steps):
                if index == clean_at:
                    self.undo_stack.setClean()
                show = self._show_board if kind == "board" else self._show_decisions
                self.undo_stack.push(Step(kind, show, before, after, text))
            if clean_at == len(steps):
                self.undo_stack.setClean()

        connection = self.boardReplaced.connect(load_steps, Qt.ConnectionType.SingleShotConnection)
        if self.open(board.puzzle, board.decisions, board.file, label="Reopen"):
            return True
        self.boardReplaced.disconnect(connection)
        return False

    def mark_saved(self, path: Path) -> None:
        """The current configuration is now the content of ``path``: the title drops its marker."""
        self._file = BoardFile(path)
        self.undo_stack.setClean()
        self.fileChanged.emit()

    def _replace(self, cfg: EngineBoard, file: BoardFile | None, label: str) -> None:
        """Show a new board as one undo step (on the stack, and clean when it is a file's content,
        before anyone hears of the board: a reopened board's own history then stays as kept)."""
        before = self._board()
        left = before.file.saved_game if before is not None and before.file is not None else None
        self.left_unsaved = left if not self.undo_stack.isClean() else None
        self._install(cfg, file)
        if before is not None:
            after = self._board()
            assert after is not None
            self.undo_stack.push(board_step(self._show_board, before, after, label))
        if (file is not None and not file.level) or before is None:
            self.undo_stack.setClean()
        self._announce(cfg, history=False)

    def _board(self) -> Board | None:
        if self._cfg is None:
            return None
        return Board(self._cfg.puzzle, self._cfg.decisions, self._file)

    def _show_board(self, board: Board) -> None:
        """Undo and redo of a board change: the board was shown before, so its decisions hold."""
        self.leaving.emit()
        cfg = self.sources.board(board.puzzle, board.decisions)
        self.left_unsaved = None
        self._install(cfg, board.file)
        self._announce(cfg, history=True)

    def _switched(self, cfg: EngineBoard) -> None:
        """The same decisions, answered by another engine from now on."""
        self._set_engine(cfg)
        self.engineChanged.emit(cfg.engine)
        self.changed.emit()

    def _set_engine(self, cfg: EngineBoard) -> None:
        old, self._cfg = self._cfg, cfg
        if old is not None and old is not cfg:
            old.deleteLater()
        cfg.updated.connect(self._engine_updated)
        cfg.refused.connect(lambda reason: self._engine_refused(cfg, reason))
        cfg.taken.connect(lambda before, after, text: self._taken(cfg, before, after, text))
        cfg.declined.connect(lambda proposal, reason: self._declined(cfg, proposal, reason))
        cfg.restarted.connect(lambda: self._explanations.ask_again(cfg))
        self._forget_answers()

    def _install(self, cfg: EngineBoard, file: BoardFile | None) -> None:
        self._set_engine(cfg)
        self._file = file

    def _announce(self, cfg: EngineBoard, history: bool) -> None:
        """Tell the window of the board now shown (``history``: brought back by undo or redo)."""
        self.from_history = history
        self.fileChanged.emit()
        self.boardReplaced.emit(cfg.n)
        self.changed.emit()

    def _engine_updated(self) -> None:
        cfg = self._cfg
        if cfg is not None:
            if cfg.settled and cfg.is_solved and not self._was_solved:
                self._was_solved = True
                self.solved.emit()
            self.updated.emit()

    def _engine_refused(self, board: EngineBoard, reason: str) -> None:
        if board is self._cfg:
            self.message.emit(f"The {board.name} refused the decisions: {reason}.")

    # ----- decisions ---------------------------------------------------------------------

    def activate(self, cell: Cell) -> None:
        """Left click or Enter: place a piece on an open square (or one still being checked),
        take back one's own piece."""
        cfg = self._cfg
        if cfg is None:
            return
        state = cfg.cell(*cell) if cfg.strict else _own_state(cfg.decisions, cell)
        piece = cfg.puzzle.piece
        if state is CellState.OPEN or state is None:
            placed = Decision(cell, DecisionKind.QUEEN)
            self.change((*cfg.decisions, placed), f"{piece.capitalize()} on {cell.label()}")
        elif state is CellState.QUEEN:
            self.change(_without(cfg.decisions, cell), f"Remove {piece} from {cell.label()}")
        elif state is CellState.MARKED:
            self.message.emit(f"{cell.label()} is marked empty: right-click (or Space) removes the mark.")
        else:
            self.message.emit(self.describe(cell))

    def toggle_mark(self, cell: Cell) -> None:
        """Right click or Space: mark a square as empty, or remove the mark."""
        cfg = self._cfg
        if cfg is None:
            return
        state = cfg.cell(*cell) if cfg.strict else _own_state(cfg.decisions, cell)
        if state is CellState.MARKED:
            self.change(_without(cfg.decisions, cell), f"Unmark {cell.label()}")
        elif state in (CellState.OPEN, CellState.ATTACKED, CellState.LOOKAHEAD, None):
            self.change((*cfg.decisions, Decision(cell, DecisionKind.MARK)), f"Mark {cell.label()}")
        elif state is CellState.QUEEN:
            self.message.emit(f"{cell.label()} holds your {cfg.puzzle.piece}: click it to remove it first.")
        else:
            self.message.emit(self.describe(cell))

    def restart(self) -> None:
        """Retract every decision, as one undoable step."""
        if self._cfg is not None and self._cfg.decisions:
            self.change((), "Restart")

    def describe(self, cell: Cell) -> str:
        """What a square is and why, with the way to free it: for the status bar."""
        view = self.shown_view()
        if view is None:
            return ""
        state = view.state(*cell)
        if state is CellState.OPEN and self.shown_assist is not Assist.EVERYTHING:
            return f"{cell.label()}: no decision yet."
        closed = state is not None and (state.is_closed or state is CellState.MARKED)
        return describe(view, cell, self.explain(cell) if closed else None)

    def explain(self, cell: Cell) -> Explanation:
        """The smallest set of decisions that keeps a piece off ``cell``, in words: remembered
        until the decisions change; from the worker ``explained`` tells when it is there."""
        assert self._cfg is not None
        return self._explanations.explain(self._cfg, cell)

    def free(self, cell: Cell) -> None:
        """Retract exactly the decisions that keep a queen off ``cell`` and place one there: one
        undo step."""
        cfg = self._cfg
        if cfg is None:
            return
        reason = self.explain(cell)
        if not reason.can_free:
            self.message.emit(reason.text)
            return
        assert reason.culprits is not None
        dropped = {d.cell for d in reason.culprits}
        kept = [d for d in cfg.decisions if d.cell not in dropped]
        self.change((*kept, Decision(cell, DecisionKind.QUEEN)), f"Free {cell.label()}")

    def hint(self) -> None:
        """Hint (Game menu, toolbar, the panel): show the next deduction, or apply the one shown."""
        self.hints.ask()

    def change(self, after: Sequence[Decision], text: str) -> None:
        """Show ``after`` and push it as one undoable step when the engine takes it (``_taken``:
        at once in this process, when the worker answers from it); one that leaves no
        solution is refused (``_declined``), a message only."""
        cfg = self._cfg
        assert cfg is not None
        was_solved = cfg.is_solved
        self._forget_answers()
        cfg.propose(tuple(after), text)
        if cfg.decisions == tuple(after):
            self._was_solved = False
            self.changed.emit()
            self._note_solved(cfg, was_solved)

    def undo(self) -> None:
        """Take back the last step: a change the worker has not answered yet
        first (it never becomes a step)."""
        cfg = self._cfg
        if cfg is not None and cfg.withdraw() is not None:
            self._forget_answers()
            self.changed.emit()
        else:
            self.undo_stack.undo()

    def redo(self) -> None:
        """Take again the step last taken back (not while a change waits for the worker)."""
        if not self.pending_label:
            self.undo_stack.redo()

    @property
    def pending_label(self) -> str:
        """What the newest change the worker has not answered yet did, or ""."""
        cfg = self._cfg
        return cfg.newest_label if cfg is not None else ""

    def _taken(
        self, board: EngineBoard, before: tuple[Decision, ...], after: tuple[Decision, ...], text: str
    ) -> None:
        """The worker took a change: it becomes an undo step."""
        if board is self._cfg:
            self.undo_stack.push(decisions_step(self._show_decisions, before, after, text))

    def _declined(self, board: EngineBoard, proposal: Proposal, reason: str) -> None:
        """The worker refused a change (it leaves no solution): it is gone, and the user hears
        why, as for a closed square."""
        if board is not self._cfg:
            return
        self._forget_answers()
        self.changed.emit()
        words, closed = not_taken(
            proposal.label, proposal.before, proposal.after, reason, board.count == 0, board.puzzle.piece
        )
        self.message.emit(words)
        if closed is not None:
            self.explain(closed)

    def _forget_answers(self) -> None:
        """Explanations and previewed solutions belong to the decisions they were asked under."""
        self._explanations.forget()
        self.browser.clear()

    def _show_decisions(self, decisions: Sequence[Decision]) -> None:
        cfg = self._cfg
        assert cfg is not None
        was_solved = cfg.is_solved
        cfg.restore(decisions)
        self._forget_answers()
        self._was_solved = was_solved and cfg.is_solved
        self.changed.emit()
        self._note_solved(cfg, was_solved)

    def _note_solved(self, cfg: EngineBoard, was_solved: bool) -> None:
        """A board that became solved and settled (at once in this process) says so once its step
        is on the undo stack; the worker's says so when it has taken the step and proven its last
        square (``_engine_updated``), even where the pieces shown already solve it."""
        if cfg.settled and cfg.is_solved and not was_solved and not cfg.pending:
            self._was_solved = True
            QTimer.singleShot(0, self, self._announce_solved)

    def _announce_solved(self) -> None:
        """Say "solved" once the step that solved the board is on the undo stack (so what Undo
        would take back can be said), if it still is."""
        cfg = self._cfg
        if cfg is not None and cfg.is_solved and self._was_solved:
            self.solved.emit()


def _without(decisions: Sequence[Decision], cell: Cell) -> tuple[Decision, ...]:
    return tuple(d for d in decisions if d.cell != cell)


def _own_state(decisions: Sequence[Decision], cell: Cell) -> CellState:
    """The square as the player's own decisions leave it: a piece, a mark, or open (on a board
    that keeps dead ends, any other square takes a piece or a mark)."""
    kind = next((d.kind for d in decisions if d.cell == cell), None)
    if kind is None:
        return CellState.OPEN
    return CellState.QUEEN if kind is DecisionKind.QUEEN else CellState.MARKED
