"""``nqueens-gui`` and ``python -m app``: start the window, or with ``--screenshot`` render one state to a PNG
and exit."""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, cast

from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QSettings,
    QSize,
    QSocketNotifier,
    Qt,
    QThread,
    QTimer,
)
from PySide6.QtWidgets import QApplication

from app.gui.board.theme import APPEARANCES, apply_appearance, quiet_platform_notes
from app.gui.mid_end.assists import Assist, remembered_assist
from app.gui.mid_end.board_sources import ENGINE_CHOICES, IN_PROCESS_MAX_N
from app.gui.mid_end.session import BoardSession
from app.gui.mid_end.undo_commands import BoardFile
from app.gui.system_libraries import display_problem
from app.gui.window.main_window import MainWindow
from app.gui.window.rules_choice import remembered_rules
from app.gui.window.size_choice import remembered_engine
from app.gui.workers.garbage_collection import freeze_startup_garbage
from app.options import (
    Parser,
    SettingError,
    add_decision_options,
    add_level_option,
    add_rules_option,
    file_name,
    memory_cap,
    positive_int,
    size_argument,
    whole_number,
)
from app.options import fail as fail_with
from bdd_model import (
    BACKEND_CHOICES,
    Cell,
    Decision,
    NQueensError,
    parse_cell,
    resolve_backend,
)
from bdd_model.engine_choice import check_board_size, choice_for, choose_engine
from bdd_model.engines import EngineKind, as_built
from bdd_model.files.untrusted_text import PATH_EXCERPT, excerpt
from bdd_model.puzzles import FamilyPuzzle, Puzzle
from bdd_model.saved_game import BoardFileError, read_board_file, refusal

DEFAULT_SIZE = QSize(1040, 780)
CALIBRATE_AFTER_MS = 3000
"""This computer's building speed is timed (in a child) this long after start, when the first
board and the SAT engine's start-up are done."""
ORGANIZATION = "nqueens-configurator"
APPLICATION = "nqueens-gui"
DESKTOP_ID = "io.github.nqueens.configurator"
"""The launcher's name (``resources/<id>.desktop``): the desktop matches the window to it."""
SETTLE_SECONDS = 120.0
"""A screenshot on the SAT engine waits at most this long for every square to be decided."""
window_board_size = size_argument(check_board_size)
"""N of the window: 1 … 100 (the BDD to 15, the SAT engine beyond)."""


def fail(message: str) -> NoReturn:
    """One line on stderr, exit status 2."""
    fail_with(message, program="nqueens-gui")


def _window_size(text: str) -> QSize:
    parts = text.lower().split("x")
    width, height = (whole_number(part) for part in parts) if len(parts) == 2 else (None, None)
    if width is None or height is None:
        raise ValueError(f"window size '{excerpt(text)}' is not of the form WIDTHxHEIGHT")
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise ValueError(f"window size {width}x{height} is outside 200..8000")
    return QSize(width, height)


def build_parser() -> Parser:
    parser = Parser(prog="nqueens-gui", description="The N-Queens configurator window.")
    parser.add_argument(
        "board",
        metavar="N|FILE",
        nargs="?",
        help="board size, 1 to 100 (default: the last used), or a level or saved game to open",
    )
    add_level_option(parser)
    add_decision_options(parser)
    add_rules_option(parser, remembered=True)
    parser.add_argument(
        "--engine",
        choices=ENGINE_CHOICES,
        help="bdd (exact, N ≤ 15; a level's own diagram to 18×18), sat (N ≤ 100), search (levels), or "
        "auto: the BDD up to 12 or when built, the SAT engine meanwhile and beyond, the search for a "
        "level (default: as last chosen in View → Engine)",
    )
    parser.add_argument(
        "--screenshot", metavar="FILE", type=file_name, help="write the window to FILE (PNG) and exit"
    )
    parser.add_argument("--window-size", metavar="WxH", help="window size, e.g. 900x800")
    parser.add_argument("--theme", choices=APPEARANCES, help="appearance (default: as last chosen)")
    parser.add_argument(
        "--assist",
        choices=[assist.value for assist in Assist],
        help="how much a level shows: your decisions only, what your pieces cross out, or everything "
        "(default: as last chosen in View → Assist; cross-out at first)",
    )
    parser.add_argument("--backend", choices=BACKEND_CHOICES, default="auto", help="dd backend")
    parser.add_argument("--heat", action="store_true", help="show the heat map")
    parser.add_argument("--explain", metavar="R,C", help="point at R,C: show why it is closed")
    parser.add_argument(
        "--browse", type=positive_int, metavar="K", help="preview the K-th remaining solution"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """The window, or with --screenshot a PNG of it: 0 on success, 2 on bad input (one line),
    1 when the window cannot be shown here (a few lines saying why, never Qt's abort)."""
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)
    size = None
    try:
        memory_cap()
        if args.window_size:
            size = _window_size(args.window_size)
    except (SettingError, ValueError) as error:
        fail(str(error))
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    settings = QSettings()
    opened = _board_given(args)
    engine_choice = args.engine or remembered_engine(settings)
    if opened is not None:
        puzzle, n = opened.puzzle, opened.puzzle.n
    else:
        n = args.n or _remembered_size(settings)
        puzzle = FamilyPuzzle.of(args.rules or remembered_rules(settings), n)
    try:
        engine = choose_engine(puzzle, choice_for(engine_choice, puzzle), args.backend)
        decisions = [
            *(opened.decisions if opened else ()),
            *(Decision.parse(k, t, n) for k, t in args.decisions),
        ]
        view = ViewOptions(args.heat, parse_cell(args.explain, n) if args.explain else None, args.browse)
    except NQueensError as error:
        fail(str(error))
    assist = Assist(args.assist) if args.assist else remembered_assist(settings)
    kept_as_played = puzzle.assisted and assist.keeps_dead_ends
    conflict = None if kept_as_played else refusal(puzzle, decisions, engine, args.backend, IN_PROCESS_MAX_N)
    if conflict:
        fail(conflict)
    if args.screenshot:
        if not os.environ.get("QT_QPA_PLATFORM"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
    else:
        problem = display_problem(os.environ)
        if problem:
            sys.stderr.write(f"nqueens-gui: error: {problem}\n")
            return 1
    quiet_platform_notes()
    app = cast(QApplication, QApplication.instance() or QApplication([sys.argv[0]]))
    app.setApplicationDisplayName("N-Queens configurator")
    app.setDesktopFileName(DESKTOP_ID)
    apply_appearance(args.theme or str(settings.value("view/appearance", "system")))
    session = BoardSession(args.backend, engine_choice, puzzle)
    if args.screenshot:
        return _screenshot(session, puzzle, decisions, view, args.screenshot, size, engine, assist)
    window = MainWindow(session, settings)
    if args.assist:
        window.set_assist(assist, remember=False)
    if args.theme:
        window.set_appearance(args.theme, remember=False)
    if size is not None:
        window.resize(size)
    window.show()
    close_on_terminate(window)
    QTimer.singleShot(0, session.sources.start_worker)
    QTimer.singleShot(0, freeze_startup_garbage)
    QTimer.singleShot(CALIBRATE_AFTER_MS, lambda: window.pace.measure(resolve_backend(args.backend)))
    session.boardReplaced.connect(lambda _: view.apply(window), Qt.ConnectionType.SingleShotConnection)
    if args.n is None and opened is None and not decisions:
        window.reopen(args.rules, args.engine)
        if size is not None:
            window.resize(size)
    else:
        window.autosave.start_fresh()
        if opened is None:
            session.open(puzzle, decisions)
        else:
            # A saved game with decisions added on the command line is no longer its file's content.
            file = opened.file if opened.file.level or not args.decisions else None
            session.open(puzzle, decisions, file, label=f"Open {opened.file.path.name}")
    return app.exec()


def close_on_terminate(window: MainWindow) -> None:
    """SIGTERM and SIGHUP (a logout, ``kill``, the terminal closed) close the window as Ctrl+Q does,
    its board kept as left, not as after a crash: the signal wakes Qt's loop through a socket."""
    wake, woken = socket.socketpair()
    wake.setblocking(False)
    signal.set_wakeup_fd(wake.fileno())
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, lambda *_: None)
    notifier = QSocketNotifier(woken.fileno(), QSocketNotifier.Type.Read, window)

    def woke() -> None:
        if {signal.SIGTERM, signal.SIGHUP} & set(woken.recv(64)):
            window.close()

    def closed() -> None:
        """The sockets go with the window (this function holds them until then)."""
        wake.close()
        woken.close()

    notifier.activated.connect(woke)
    window.destroyed.connect(closed)


@dataclass(frozen=True)
class ViewOptions:
    """What the window shows beyond the decisions: heat map, a pointed square, a previewed solution."""

    heat: bool
    explain: Cell | None
    browse: int | None

    def apply(self, window: MainWindow) -> None:
        window.commands.heat.setChecked(self.heat)
        if self.explain is not None:
            window.point_at(self.explain)
        if self.browse is not None:
            window.session.browser.browse_to(self.browse - 1)


@dataclass(frozen=True)
class GivenBoard:
    """A board the command line names by its file: a level, or a saved game."""

    file: BoardFile
    puzzle: Puzzle
    decisions: tuple[Decision, ...]


def _board_given(args: argparse.Namespace) -> GivenBoard | None:
    """The file named on the command line (``FILE`` or ``--level FILE``), read; else None and
    ``args.n`` the size named, if any. Exit 2 with one line for a file that holds no board."""
    text, args.n = args.board, None
    if text is not None and whole_number(text) is not None and args.level is None:
        try:
            args.n = window_board_size(text)
        except argparse.ArgumentTypeError as error:
            fail(str(error))
        return None
    if text is not None and args.level is not None:
        fail("give N, a FILE or --level FILE, not two of them")
    path = args.level if args.level is not None else Path(text) if text is not None else None
    if path is None:
        return None
    if args.rules is not None:
        fail("--rules does not apply to a file: a level holds its rules, a saved game its board")
    try:
        found = read_board_file(path)
    except (BoardFileError, OSError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        fail(f"{excerpt(str(path), PATH_EXCERPT)}: {reason}")
    return GivenBoard(BoardFile(path.absolute(), level=not found.saved), found.puzzle, found.decisions)


def _remembered_size(settings: QSettings) -> int:
    try:
        return window_board_size(str(settings.value("board/size", 8)))
    except Exception:
        return 8


def _screenshot(
    session: BoardSession,
    puzzle: Puzzle,
    decisions: list[Decision],
    view: ViewOptions,
    path: str,
    size: QSize | None,
    engine: EngineKind,
    assist: Assist,
) -> int:
    """Build the state on the engine that answers it (the BDD compiled in this process, no
    window is waiting; the SAT engine until every square is decided), grab the window.

    The window gets throwaway settings: a headless run changes nothing the user's window
    remembers (board size, geometry, engine)."""
    built_kind = as_built(engine, puzzle)
    if built_kind is not None:
        try:
            built = built_kind.at_hand(puzzle, session.sources.backend, puzzle.n, lambda _: None)
            count = built.board(decisions).count if built is not None else None
        except NQueensError as error:
            fail(str(error))
        if view.browse is not None and count is not None and view.browse > count:
            fail(f"--browse {view.browse}: only {count} solutions remain")
        session.sources.in_process_max_n = puzzle.n
    refused: list[str] = []
    session.refused.connect(refused.append)
    with tempfile.TemporaryDirectory(prefix="nqueens-gui-") as folder:
        scratch = QSettings(str(Path(folder) / "headless.ini"), QSettings.Format.IniFormat)
        window = MainWindow(session, scratch)
        window.set_assist(assist, remember=False)
        window.resize(size or DEFAULT_SIZE)
        try:
            session.open(puzzle, decisions)
            _wait_for(lambda: bool(refused) or _settled(session))
            view.apply(window)
            _wait_for(lambda: _shown(session, view))
            window.show()
            QApplication.processEvents()
            saved = not refused and window.grab().save(path)
            window.close()
        finally:
            session.sources.shut_down()
    if refused:
        fail(refused[0])
    if not saved:
        fail(f"could not write the screenshot to '{excerpt(path, PATH_EXCERPT)}'")
    return 0


def _settled(session: BoardSession) -> bool:
    """The board is shown, every square decided and the count final (at once on the BDD)."""
    cfg = session.configurator
    return cfg is not None and cfg.settled and not cfg.view.counting


def _shown(session: BoardSession, view: ViewOptions) -> bool:
    """What the view options ask for has arrived (the SAT engine answers in the background)."""
    if view.explain is not None and session.explain(view.explain).pending:
        return False
    return view.browse is None or session.browser.preview is not None


def _wait_for(ready: Callable[[], bool], seconds: float = SETTLE_SECONDS) -> None:
    """Run the event loop until ``ready()`` or the time is up (a picture of what is known then)."""
    deadline = time.monotonic() + seconds
    while not ready() and time.monotonic() < deadline:
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        QThread.msleep(5)


if __name__ == "__main__":
    sys.exit(main())
