"""Choosing the board: its size (the toolbar's size box, Game → Size, Other Size…) and the engine
that answers it (View → Engine), with what a size costs before it is paid.

Game → Size says for each size whether it is ready, being built, or what building it costs on
this machine. On "auto", 13 to 15 open at once on the SAT engine and the exact diagram is built
behind it; on "BDD only" a long build is asked about first, and the current board stays.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox, QWidget

from app.gui.session import BoardSession
from app.gui.size_box import SizeBox
from app.gui.words import duration, memory
from bdd_model import MAX_N, resolve_backend
from bdd_model.costs import CompileCost, compile_cost

LARGER_SIZES = (20, 32, 40, 64, 100)
"""Sizes beyond the BDD's reach offered in Game → Size (any other one through Other Size…)."""
ASK_BEFORE = 5.0
"""Compiles expected to take longer than this many seconds are announced and confirmed first."""


class SizeChoice(QObject):
    """The size and engine of one window's board."""

    def __init__(
        self,
        window: QWidget,
        session: BoardSession,
        settings: QSettings,
        size_box: SizeBox,
        menu: QMenu,
        engines: QActionGroup,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._settings = settings
        self.size_box = size_box
        self.menu = menu
        self._engines = engines
        menu.aboutToShow.connect(self.fill_menu)
        self.fill_menu()
        size_box.chosen.connect(self.request)
        engines.triggered.connect(lambda action: self.choose_engine(action.data()))
        for action in engines.actions():
            action.setChecked(action.data() == session.sources.engine_choice)
        session.boardReplaced.connect(self._replaced)
        session.sources.compileEnded.connect(self._show_current)

    def request(self, n: int) -> None:
        """The user picked a size: say what building its diagram would cost, and ask first when
        it is long. On "auto", 13 to 15 open at once on the SAT engine and the question is only
        whether to build the exact diagram behind it."""
        sources = self._session.sources
        build = True
        if (
            n != self._session.n
            and n != sources.compiling
            and sources.uses_bdd(n)
            and not sources.is_cached(n)
        ):
            cost = compile_cost(n, resolve_backend(sources.backend))
            if cost is not None and cost.seconds >= ASK_BEFORE:
                build = self._confirm_build(n, cost, meanwhile_sat=not sources.waits_for_bdd(n))
                if not build and sources.waits_for_bdd(n):
                    self.size_box.show_size(self._session.n)
                    return
        self.choose(n, build)

    def choose(self, n: int, build_exact: bool = True) -> None:
        """Switch to an empty n×n board (compiling it in the background if needed); choosing the
        size already shown while another compiles only cancels that compile."""
        if n == self._session.n:
            self._session.sources.cancel_compile()
            return
        if not self._session.open_size(n, build_exact=build_exact):
            self.size_box.show_size(self._session.n)

    def choose_engine(self, choice: str) -> None:
        """View → Engine: which engine answers, from now on and for this board."""
        self._settings.setValue("view/engine", choice)
        self._session.sources.set_engine_choice(choice)
        self.size_box.setMaximum(self._session.sources.max_n)
        for action in self._engines.actions():
            action.setChecked(action.data() == choice)

    def fill_menu(self) -> None:
        """One entry per size: the current one checked, the others with what opening them costs."""
        menu, sources = self.menu, self._session.sources
        menu.clear()
        backend = resolve_backend(sources.backend)
        for n in range(1, MAX_N + 1):
            label = f"&{n} × {n}" if n < 10 else f"{n} × {n}"
            cost = compile_cost(n, backend)
            if sources.engine_choice == "sat":
                detail = "SAT engine"
            elif n == sources.compiling:
                detail = "building…"
            elif sources.is_cached(n) or cost is None:
                detail = "ready"
            else:
                took = "in under a second" if cost.seconds < 1 else f"in {duration(cost.seconds)}"
                detail = f"builds {took}, {memory(cost.peak_mb)}"
                if not sources.waits_for_bdd(n):
                    detail = f"SAT engine now, exact {detail}"
            self._entry(n, f"{label}\t{detail}")
        menu.addSeparator()
        for n in (n for n in LARGER_SIZES if n <= sources.max_n):
            self._entry(n, f"{n} × {n}\tSAT engine")
        other = menu.addAction("&Other Size…")
        other.triggered.connect(self.ask_other_size)

    def ask_other_size(self) -> None:
        top = self._session.sources.max_n
        n, ok = QInputDialog.getInt(
            self._window, "Board size", f"N (1 to {top}):", self._session.n or 8, 1, top
        )
        if ok:
            self.request(n)

    def _entry(self, n: int, text: str) -> None:
        action = self.menu.addAction(text)
        action.setCheckable(True)
        action.setChecked(n == self._session.n)
        action.triggered.connect(lambda _=False, size=n: self.request(size))

    def _replaced(self, n: int) -> None:
        self.size_box.show_size(n)
        self._settings.setValue("board/size", n)

    def _show_current(self) -> None:
        if self._session.n:
            self.size_box.show_size(self._session.n)

    def _confirm_build(self, n: int, cost: CompileCost, meanwhile_sat: bool) -> bool:
        """Ask before a long compile; True to build. ``meanwhile_sat``: the board opens on the SAT
        engine either way, the question is only about the exact diagram."""
        box = QMessageBox(self._window)
        box.setIcon(QMessageBox.Icon.Question)
        price = (
            f"Building its diagram takes {duration(cost.seconds)} and up to {memory(cost.peak_mb)} of "
            "memory (measured on a 2-core machine); it is built once and then opens at once."
        )
        if meanwhile_sat:
            box.setWindowTitle(f"Build the exact {n}×{n} diagram?")
            box.setText(f"The {n}×{n} board opens on the SAT engine whatever you choose.")
            box.setInformativeText(
                f"{price} With it come exact counts and the heat map; the board switches to it by "
                "itself, your decisions kept. Cancel in the status bar stops the build."
            )
            build = box.addButton("Build in the background", QMessageBox.ButtonRole.AcceptRole)
            box.addButton("SAT engine only", QMessageBox.ButtonRole.RejectRole)
        else:
            box.setWindowTitle(f"Build the {n}×{n} board?")
            box.setText(f"The {n}×{n} board is not built on this computer yet.")
            box.setInformativeText(
                f"{price} The current board stays usable meanwhile; Cancel in the status bar stops the build."
            )
            build = box.addButton("Build", QMessageBox.ButtonRole.AcceptRole)
            box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is build
