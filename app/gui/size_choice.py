"""Choosing the board: its size (the toolbar's size box, Game → Size, Other Size…) and the engine
that answers it (View → Engine), with what a size costs before it is paid.

Game → Size says for each size whether it is being built or what building it costs on this
machine. A long build is offered in a bar above the board (``build_bar``), never asked about in
a modal question: on "auto", 13 to 15 open at once on the SAT engine and the exact diagram is
offered behind it; on "BDD only" the current board stays in play while it is offered.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from app.gui.build_bar import BuildBar
from app.gui.machine_pace import MachinePace
from app.gui.session import BoardSession
from app.gui.size_box import SizeBox
from app.gui.words import duration, memory
from bdd_model import MAX_N, resolve_backend

LARGER_SIZES = (20, 32, 40, 64, 100)
"""Sizes beyond the BDD's reach offered in Game → Size (any other one through Other Size…)."""
ASK_BEFORE = 5.0
"""Diagrams expected to take longer than this many seconds to build are offered first."""


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
        bar: BuildBar,
        pace: MachinePace,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._settings = settings
        self.size_box = size_box
        self.menu = menu
        self._engines = engines
        self.bar = bar
        self.pace = pace
        bar.accepted.connect(self._build)
        pace.measured.connect(self._measured)
        menu.aboutToShow.connect(self.fill_menu)
        self.fill_menu()
        size_box.chosen.connect(self.request)
        engines.triggered.connect(lambda action: self.choose_engine(action.data()))
        for action in engines.actions():
            action.setChecked(action.data() == session.sources.engine_choice)
        session.boardReplaced.connect(self._replaced)
        session.sources.compileEnded.connect(self._show_current)

    def request(self, n: int) -> None:
        """The user picked a size. A diagram that takes long to build is offered in the bar
        above the board, never asked about over the old board: on "auto" 13 to 15 open at once
        on the SAT engine with the offer; on "BDD only" the current board stays while it is
        offered."""
        sources = self._session.sources
        self.bar.withdraw()
        backend = resolve_backend(sources.backend)
        needs_build = n != self._session.n and n != sources.compiling and sources.uses_bdd(n)
        cost = self.pace.cost(n, backend) if needs_build and not sources.is_cached(n) else None
        if cost is not None:
            self.pace.refresh(backend)
        if cost is not None and cost.seconds >= ASK_BEFORE and not self.bar.always:
            if sources.waits_for_bdd(n):
                self.size_box.show_size(self._session.n)
                self.bar.offer(n, cost, meanwhile_sat=False)
                return
            self.choose(n, build_exact=False)
            self.bar.offer(n, cost, meanwhile_sat=True)
            return
        self.choose(n)

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
            cost = self.pace.cost(n, backend)
            if sources.engine_choice == "sat":
                detail = "SAT engine"
            elif n == sources.compiling:
                detail = "building…"
            elif sources.is_cached(n) or cost is None:
                detail = ""
            else:
                detail = f"build {duration(cost.seconds)}, {memory(cost.peak_mb)}"
                if not sources.waits_for_bdd(n):
                    detail = f"SAT now, exact: {detail}"
            self._entry(n, f"{label} — {detail}" if detail else label)
        menu.addSeparator()
        for n in (n for n in LARGER_SIZES if n <= sources.max_n):
            self._entry(n, f"{n} × {n} — SAT engine")
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

    def _measured(self, backend: str) -> None:
        """A fresh calibration: the offer in hand says the new price."""
        n = self.bar.offered
        cost = self.pace.cost(n, backend) if n else None
        if cost is not None:
            self.bar.reprice(cost)

    def _build(self, n: int) -> None:
        """The bar's Build: compile behind the SAT board of that size, or open the board once built."""
        if self._session.n == n:
            self._session.sources.build_behind(n)
        else:
            self.choose(n)
