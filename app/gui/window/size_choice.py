"""Choosing the board: its size and the engine that answers it, with what a size costs on this computer said
before it is paid, and a long build offered in the status bar's place, never in a modal question."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from app.gui.mid_end.session import BoardSession
from app.gui.window.build_bar import BuildBar
from app.gui.window.size_box import SizeBox
from app.gui.workers.machine_speed_job import MachinePace
from bdd_model import MAX_N, resolve_backend
from bdd_model.build_cost.costs import ASK_BEFORE
from bdd_model.engine_choice import ENGINE_CHOICES, LARGEST_N
from bdd_model.wording import duration, memory

LARGER_SIZES = (20, 32, 40, 64, 100)
"""Sizes beyond the BDD's reach offered in Game → Size (any other one through Other Size…)."""


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
        self._pricing = 0
        """The size whose build waits for this computer's price, or 0."""
        self._declined_sizes: set[int] = set()
        self._sizes = QActionGroup(self)
        """The sizes of Game → Size, one of many as the rules, engine and appearance are."""
        bar.accepted.connect(self._build)
        bar.declined.connect(self._declined)
        pace.measured.connect(self._measured)
        menu.aboutToShow.connect(self.fill_menu)
        self.fill_menu()
        size_box.chosen.connect(self.request)
        size_box.outside.connect(self._outside)
        engines.triggered.connect(lambda action: self.choose_engine(action.data()))
        for action in engines.actions():
            action.setChecked(action.data() == session.sources.engine_choice)
        session.boardReplaced.connect(self._replaced)
        session.sources.compileEnded.connect(self._show_current)

    def request(self, n: int) -> None:
        """The user picked a size. A diagram that takes long to build is offered in the status
        bar's place, never asked about over the old board: on "auto" 13 to 15 open at once on
        the SAT engine and the offer follows; on "BDD only" the current board stays while it is
        offered."""
        sources = self._session.sources
        self.bar.withdraw()
        self._pricing = 0
        if n == self._session.n or n == sources.compiling or sources.built_engine(n) is None:
            self.choose(n)
        elif sources.waits_for_build(n) and not self._quick(n) and not self.bar.always:
            self.size_box.show_size(self._session.n)
            self._price(n)
        else:
            self.choose(n, build_exact=self.bar.always)

    def _outside(self, n: int) -> None:
        """A size typed past the box's range: say why it stays, and what answers it."""
        top = self._session.sources.max_n
        if n > LARGEST_N or n < 1:
            reason = f"this program answers boards from 1×1 to {LARGEST_N}×{LARGEST_N}"
        else:
            reason = f"the engine chosen in View → Engine answers boards to {top}×{top}; Automatic answers it"
        self._session.message.emit(f"{n}×{n} was not opened: {reason}.")

    def choose(self, n: int, build_exact: bool = True) -> None:
        """Switch to an empty n×n board (compiling it in the background if needed); choosing the
        size already shown while another compiles only cancels that compile."""
        if n == self._session.n:
            self._session.sources.cancel_compile()
            return
        if not self._session.open_size(n, build_exact=build_exact):
            self.size_box.show_size(self._session.n)

    def choose_engine(self, choice: str, remember: bool = True) -> None:
        """View → Engine: which engine answers, from now on and for this board; remembered for
        the next start unless ``remember`` is False (a choice for this window only: the command
        line's, a reopened board's)."""
        if remember:
            self._settings.setValue("view/engine", choice)
        self._session.sources.set_engine_choice(choice)
        self.size_box.setMaximum(self._session.sources.max_n)
        for action in self._engines.actions():
            action.setChecked(action.data() == choice)

    def remembered_engine(self) -> str:
        """The engine choice a later start begins with: the one last chosen in View → Engine."""
        return remembered_engine(self._settings)

    def fill_menu(self) -> None:
        """One entry per size: the current one checked, the others with what opening them costs."""
        menu, sources = self.menu, self._session.sources
        menu.clear()
        backend = resolve_backend(sources.backend)
        for n in range(1, MAX_N + 1):
            label = f"&{n} × {n}" if n < 10 else f"{n} × {n}"
            cost = self.pace.cost(n, backend, self._session.rules)
            if self._session.rules.has_no_solution(n):
                detail = "no solution"
            elif sources.built_engine(n) is None:
                detail = sources.at_once(n).title
            elif n == sources.compiling:
                detail = "building…"
            elif sources.is_kept(n) or cost is None:
                detail = ""
            else:
                detail = f"build {duration(cost.seconds)}, {memory(cost.peak_mb)}"
                if not sources.waits_for_build(n):
                    detail = f"{sources.at_once(n).short_title} now, exact: {detail}"
            self._entry(n, f"{label} — {detail}" if detail else label)
        menu.addSeparator()
        for n in self._larger_sizes():
            self._entry(n, f"{n} × {n} — {self._session.sources.at_once(n).title}")
        other = menu.addAction("&Other Size…")
        other.triggered.connect(self.ask_other_size)

    def _larger_sizes(self) -> list[int]:
        """``LARGER_SIZES`` the engine answers, each replaced by the nearest smaller size with
        solutions where the family has none (toroidal queens: 19, 31, 37, 61, 97)."""
        rules, top = self._session.rules, self._session.sources.max_n
        sizes = []
        for n in (n for n in LARGER_SIZES if n <= top):
            solvable = next((m for m in range(n, MAX_N, -1) if not rules.has_no_solution(m)), None)
            if solvable is not None and solvable not in sizes:
                sizes.append(solvable)
        return sizes

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
        self._sizes.addAction(action)
        action.setChecked(n == self._session.n)
        action.triggered.connect(lambda _=False, size=n: self.request(size))

    def _replaced(self, n: int) -> None:
        self.size_box.setMaximum(max(self._session.sources.max_n, n))  # a level past the engine's families
        self.size_box.show_size(n)
        self._settings.setValue("board/size", n)
        sources = self._session.sources
        board = self._session.configurator
        exact_later = (
            board is not None and not sources.on_built_engine(board) and sources.built_engine(n) is not None
        )
        if exact_later and n != sources.compiling and n not in self._declined_sizes and not self.bar.offered:
            if self.bar.always:
                sources.build_behind(n)
            else:
                self._price(n)

    def _quick(self, n: int) -> bool:
        """True when the n×n board opens without a build worth asking about, by the figures in
        hand (cached, or well under ``ASK_BEFORE`` even at a stale price)."""
        rough = self.pace.cost(n, resolve_backend(self._session.sources.backend), self._session.rules)
        return self._session.sources.is_kept(n) or rough is None or rough.seconds < ASK_BEFORE / 2

    def _show_current(self) -> None:
        if self._session.n:
            self.size_box.show_size(self._session.n)

    def _price(self, n: int) -> None:
        """Offer the n×n diagram at this computer's price, timed first if the last timing is
        stale (a price from another load can be off by a factor of four); a build priced
        under ``ASK_BEFORE`` starts without asking."""
        self._pricing = n
        backend = resolve_backend(self._session.sources.backend)
        if self.pace.fresh(backend):
            self._measured(backend)
        else:
            self.pace.measure(backend)

    def _measured(self, backend: str) -> None:
        """A calibration arrived (or could not be made: the reference figures stand): the size
        waiting for its price is offered or built, and an offer in hand says the new price."""
        n, self._pricing = self._pricing, 0
        sources = self._session.sources
        if n and backend == resolve_backend(sources.backend):
            cost = self.pace.cost(n, backend, self._session.rules)
            built = sources.built_engine(n)
            cheap = cost is None or cost.seconds < ASK_BEFORE
            meanwhile = self._session.n == n
            if cheap and meanwhile:
                sources.build_behind(n)
            elif cheap:
                self.choose(n)
            elif built is not None and cost is not None and (meanwhile or sources.waits_for_build(n)):
                at_once = sources.at_once(n) if meanwhile else None
                self.bar.offer(self._session.puzzle.resized(n), cost, built, at_once)
        elif self.bar.offered:
            cost = self.pace.cost(self.bar.offered, backend, self._session.rules)
            if cost is not None:
                self.bar.reprice(cost)

    def _declined(self, n: int) -> None:
        """Not Now: this window does not offer that size again."""
        self._declined_sizes.add(n)

    def _build(self, n: int) -> None:
        """The bar's Build: compile behind the SAT board of that size, or open the board once built."""
        if self._session.n == n:
            self._session.sources.build_behind(n)
        else:
            self.choose(n)


def remembered_engine(settings: QSettings) -> str:
    """The engine choice last made in View → Engine ("auto" before any, or when unreadable)."""
    choice = settings.value("view/engine", "auto")
    return choice if choice in ENGINE_CHOICES else "auto"
