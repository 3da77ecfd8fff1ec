"""``nqueens-gui`` and ``python -m app``: start the window, or render one state to a PNG.

``nqueens-gui [N] [--queen R,C]... [--empty R,C]... [--screenshot FILE]`` builds that state;
with --screenshot it writes the window to FILE and exits (0 on success, 2 on bad input).
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from PySide6.QtCore import QCoreApplication, QSettings, QSize, Qt
from PySide6.QtWidgets import QApplication

from app.gui.main_window import MainWindow
from app.gui.qt_startup import display_problem
from app.gui.session import IN_PROCESS_MAX_N, BoardSession
from app.gui.theme import APPEARANCES, apply_appearance, quiet_platform_notes
from app.options import (
    Parser,
    SettingError,
    add_decision_options,
    board_size,
    file_name,
    memory_cap,
    positive_int,
    whole_number,
)
from app.options import fail as fail_with
from bdd_model import (
    BACKEND_CHOICES,
    Cell,
    Decision,
    DecisionKind,
    NQueensError,
    load_cached,
    load_or_compile,
    parse_cell,
)
from bdd_model.board import first_conflict
from bdd_model.saved_game import replay
from bdd_model.untrusted_text import PATH_EXCERPT, excerpt

DEFAULT_SIZE = QSize(1040, 780)
ORGANIZATION = "nqueens-configurator"
APPLICATION = "nqueens-gui"


def fail(message: str) -> NoReturn:
    """One line on stderr, exit status 2."""
    fail_with(message, program="nqueens-gui")


def _window_size(text: str) -> QSize:
    sides = [whole_number(side) for side in text.lower().split("x")]
    if len(sides) != 2 or None in sides:
        raise ValueError(f"window size '{excerpt(text)}' is not of the form WIDTHxHEIGHT")
    width, height = sides
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise ValueError(f"window size {width}x{height} is outside 200..8000")
    return QSize(width, height)


def build_parser() -> Parser:
    parser = Parser(prog="nqueens-gui", description="The N-Queens configurator window.")
    parser.add_argument(
        "n", metavar="N", type=board_size, nargs="?", help="board size (default: the last used)"
    )
    add_decision_options(parser)
    parser.add_argument(
        "--screenshot", metavar="FILE", type=file_name, help="write the window to FILE (PNG) and exit"
    )
    parser.add_argument("--window-size", metavar="WxH", help="window size, e.g. 900x800")
    parser.add_argument("--theme", choices=APPEARANCES, help="appearance (default: as last chosen)")
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
    n = args.n or _remembered_size(settings)
    try:
        decisions = [
            Decision(parse_cell(text, n), DecisionKind.QUEEN if kind == "queen" else DecisionKind.MARK)
            for kind, text in args.decisions
        ]
        view = ViewOptions(args.heat, parse_cell(args.explain, n) if args.explain else None, args.browse)
    except NQueensError as error:
        fail(str(error))
    if args.screenshot:
        if not os.environ.get("QT_QPA_PLATFORM"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
    else:
        conflict = _refusal(n, decisions, args.backend)
        if conflict:
            fail(conflict)
        problem = display_problem(os.environ)
        if problem:
            sys.stderr.write(f"nqueens-gui: error: {problem}\n")
            return 1
    quiet_platform_notes()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationDisplayName("N-Queens configurator")
    app.setDesktopFileName("nqueens-configurator")
    apply_appearance(args.theme or str(settings.value("view/appearance", "system")))
    session = BoardSession(args.backend)
    if args.screenshot:
        return _screenshot(session, n, decisions, view, args.screenshot, size)
    window = MainWindow(session, settings)
    if size is not None:
        window.resize(size)
    window.show()
    session.boardReplaced.connect(lambda _: view.apply(window), Qt.ConnectionType.SingleShotConnection)
    if args.n is None and not decisions:
        window.open_last_board()
    else:
        session.open_size(n, decisions)
    return app.exec()


@dataclass(frozen=True)
class ViewOptions:
    """What the window shows beyond the decisions: heat map, a pointed square, a previewed solution."""

    heat: bool
    explain: Cell | None
    browse: int | None

    def apply(self, window: MainWindow) -> None:
        window.heat_action.setChecked(self.heat)
        if self.explain is not None:
            window.point_at(self.explain)
        if self.browse is not None:
            window.session.browse_to(self.browse - 1)


def _refusal(n: int, decisions: list[Decision], backend: str) -> str | None:
    """Why the decisions given on the command line cannot all be taken, found before the window
    opens: replayed on the space when it is at hand (small, or cached), else checked pairwise."""
    try:
        space = load_or_compile(n, backend) if n <= IN_PROCESS_MAX_N else load_cached(n, backend)
        if space is None:
            return first_conflict(decisions)
        replay(space, decisions)
    except NQueensError as error:
        return str(error)
    return None


def _remembered_size(settings: QSettings) -> int:
    try:
        return board_size(str(settings.value("board/size", 8)))
    except Exception:
        return 8


def _screenshot(
    session: BoardSession,
    n: int,
    decisions: list[Decision],
    view: ViewOptions,
    path: str,
    size: QSize | None,
) -> int:
    """Compile in this process (no window is waiting), build the state, grab the window.

    The window gets throwaway settings: a headless run changes nothing the user's window
    remembers (board size, geometry)."""
    try:
        space = load_or_compile(n, session.backend)
        count = replay(space, decisions).count
    except NQueensError as error:
        fail(str(error))
    if view.browse is not None and view.browse > count:
        fail(f"--browse {view.browse}: only {count} solutions remain")
    session.in_process_max_n = n
    with tempfile.TemporaryDirectory(prefix="nqueens-gui-") as folder:
        scratch = QSettings(str(Path(folder) / "headless.ini"), QSettings.Format.IniFormat)
        window = MainWindow(session, scratch)
        window.resize(size or DEFAULT_SIZE)
        session.open_size(n, decisions)
        view.apply(window)
        window.show()
        QApplication.processEvents()
        saved = window.grab().save(path)
        window.close()
    if not saved:
        fail(f"could not write the screenshot to '{excerpt(path, PATH_EXCERPT)}'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
