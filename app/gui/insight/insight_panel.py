"""The side panel: why a square is closed, the solution browser, and the shape of the BDD."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QBoxLayout,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTabWidget,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from app.gui.board.theme import board_colors
from app.gui.help.glossary import glossary_text, glossary_tooltip
from app.gui.insight.diagram_view import DiagramWidget
from app.gui.widgets.action_help import tooltip_html
from app.gui.widgets.elided_text import ElidedText
from app.gui.widgets.painter import painting
from bdd_model import Cell, plural
from bdd_model.board_view import BoardView
from bdd_model.diagram.layer_view import LayerView
from bdd_model.engines.insights import (
    LAYERS_MAX_N,
    DiagramFigures,
    DiagramInsight,
    SearchInsight,
    SolverInsight,
)
from bdd_model.solution_count import SolutionCount
from bdd_model.versions import backend_description

SPOILED_DRAWING = (
    "Each path of the drawing is a solution, so it would show where the pieces go: "
    "View → Assist → Everything draws it."
)
WHY_LINES = 4
"""Lines kept for the explanation: its length varies, its place does not."""
FIGURE_TERMS = {
    "Backend": "Backend",
    "Construction": "Construction",
    "BDD nodes": "BDD nodes",
    "Row edges": "Row edges",
    "Solutions": "Solution",
    "Compiled in": "Compile",
    "Opened": "Cache",
}
"""Each figure of "Inside the BDD" and the glossary term its tooltip explains."""


class LevelChart(QWidget):
    """Bar chart of BDD nodes per variable level (one bar per square, row-major)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._levels: tuple[int, ...] = ()
        self._n = 0
        self.setMouseTracking(True)
        self.setMinimumHeight(110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("BDD nodes per level")

    def set_levels(self, n: int, levels: tuple[int, ...]) -> None:
        self._n, self._levels = n, levels
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(260, 130)

    def _bar_at(self, x: float) -> int | None:
        if not self._levels or self.width() <= 0:
            return None
        index = int(x / self.width() * len(self._levels))
        return index if 0 <= index < len(self._levels) else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        index = self._bar_at(event.position().x())
        if index is None:
            QToolTip.hideText()
            return
        row, col = divmod(index, self._n)
        QToolTip.showText(
            event.globalPosition().toPoint() + QPoint(8, 8),
            f"level {index} (square {row + 1},{col + 1}): {plural(self._levels[index], 'node')}",
            self,
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        with painting(self) as painter:
            self._paint(painter)

    def _paint(self, painter: QPainter) -> None:
        colors = board_colors(self.palette())
        width, height = self.width(), self.height()
        painter.fillRect(self.rect(), self.palette().color(self.backgroundRole()))
        if not self._levels or max(self._levels) == 0:
            return
        peak = max(self._levels)
        step = width / len(self._levels)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colors.forced)
        for index, count in enumerate(self._levels):
            bar = (height - 2) * count / peak
            painter.drawRect(QRectF(index * step, height - bar, max(step - 0.5, 0.5), bar))
        painter.setPen(QPen(colors.label, 1, Qt.PenStyle.DotLine))
        for row in range(1, self._n):
            x = row * self._n * step
            painter.drawLine(QPointF(x, 0), QPointF(x, height))


class InsightPanel(QWidget):
    """Explanation of the focused square, the solution browser and the BDD's figures."""

    freeRequested = Signal()
    previousRequested = Signal()
    nextRequested = Signal()
    solveRequested = Signal()
    hintRequested = Signal()
    saveDiagramRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._figures: DiagramFigures | None = None
        """The diagram figures shown, while the diagram's tabs are."""
        self._layout = layout = QBoxLayout(QBoxLayout.Direction.TopToBottom, self)

        why = QGroupBox("Why not here?", self)
        why_layout = QVBoxLayout(why)
        self.why_label = ElidedText(
            why, lines=WHY_LINES, name="Why not here?", about=glossary_text("Decision", "Look-ahead")
        )
        self.why_label.set_text("Click a closed square to see which of your decisions close it.")
        self.free_button = QPushButton("Free a square", why)
        self.free_button.setToolTip(
            tooltip_html(
                "Free the chosen square",
                "Retract exactly the decisions that close the square you chose and place a queen there",
                "Ctrl+F",
            )
        )
        self.free_button.setEnabled(False)
        why_layout.addWidget(self.why_label)
        why_layout.addWidget(self.free_button)
        layout.addWidget(why)

        browser = QGroupBox("Solutions", self)
        browser_layout = QVBoxLayout(browser)
        steps = QHBoxLayout()
        self.previous_button = QPushButton("◀", browser)
        self.previous_button.setToolTip(tooltip_html("Previous solution", "Show it on the board", "Page Up"))
        self.previous_button.setAccessibleName("Previous solution")
        self.next_button = QPushButton("▶", browser)
        self.next_button.setToolTip(tooltip_html("Next solution", "Show it on the board", "Page Down"))
        self.next_button.setAccessibleName("Next solution")
        for arrow in (self.previous_button, self.next_button):
            arrow.setMaximumWidth(36)
        self.browse_label = ElidedText(
            browser,
            lines=2,
            middle=True,
            name="Remaining solutions",
            about=glossary_text("Solution", "Estimate", "95% interval"),
        )
        steps.addWidget(self.previous_button)
        steps.addWidget(self.browse_label, 1)
        steps.addWidget(self.next_button)
        browser_layout.addLayout(steps)
        actions = QHBoxLayout()
        self.solve_button = QPushButton("Solve", browser)
        self.solve_button.setToolTip(
            tooltip_html("Solve", "Complete the board to the solution shown (one step, undoable)")
        )
        self.hint_button = QPushButton("Hint", browser)
        self.hint_button.setToolTip(
            tooltip_html("Hint", "Place the queen that keeps the most solutions open", "Ctrl+H")
        )
        actions.addWidget(self.solve_button)
        actions.addWidget(self.hint_button)
        browser_layout.addLayout(actions)
        layout.addWidget(browser)

        self.folds = QTabWidget(self)
        self.folds.setDocumentMode(True)
        inside = QWidget(self.folds)
        inside_layout = QVBoxLayout(inside)
        self.figures = QFormLayout()
        self.figure_labels: dict[str, QLabel] = {}
        for key, term in FIGURE_TERMS.items():
            name, label = QLabel(key, inside), QLabel(inside)
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            for part in (name, label):
                part.setToolTip(glossary_tooltip(term))
            self.figure_labels[key] = label
            self.figures.addRow(name, label)
        self.chart_caption = caption = QLabel("Nodes per level (one bar per square, rows dotted):", inside)
        caption.setWordWrap(True)
        caption.setToolTip(glossary_tooltip("BDD level", "Node"))
        inside_layout.addWidget(caption)
        self.chart = LevelChart(inside)
        inside_layout.addWidget(self.chart)
        self.widest_label = QLabel(inside)
        self.widest_label.setWordWrap(True)
        self.widest_label.setToolTip(glossary_tooltip("BDD level", "Constant FALSE"))
        inside_layout.addWidget(self.widest_label)
        inside_layout.addLayout(self.figures)
        inside_layout.addStretch(1)
        self.folds.addTab(inside, "The BDD")
        self.bdd_group = inside

        solver = QWidget(self.folds)
        solver_layout = QVBoxLayout(solver)
        self.solver_label = QLabel(solver)
        self.solver_label.setWordWrap(True)
        self.solver_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.solver_label.setToolTip(glossary_tooltip("SAT", "Assumption", "Solver call", "95% interval"))
        solver_layout.addWidget(self.solver_label)
        solver_layout.addStretch(1)
        self.folds.addTab(solver, "The SAT engine")
        self.solver_group = solver

        drawn = QWidget(self.folds)
        drawn_layout = QVBoxLayout(drawn)
        self.diagram = DiagramWidget(drawn)
        self.diagram.setMinimumHeight(160)
        self.diagram.setToolTip(
            tooltip_html(
                "The diagram, row by row",
                "Each path from the top to TRUE is one solution; an edge labelled c puts that "
                "row's queen in column c. Strong edges lie on a solution that agrees with your "
                "decisions, grey ones on none.",
            )
        )
        self.save_diagram_button = QPushButton("Save as SVG or PNG…", drawn)
        self.save_diagram_button.setToolTip(
            tooltip_html("Save the diagram", "Write this drawing to an SVG or PNG file")
        )
        drawn_layout.addWidget(self.diagram, 1)
        drawn_layout.addWidget(self.save_diagram_button)
        self.folds.addTab(drawn, "Diagram")
        self.diagram_group = drawn
        layout.addWidget(self.folds, 1)
        self._show_tabs(bdd=True)

        self.free_button.clicked.connect(self.freeRequested)
        self.previous_button.clicked.connect(self.previousRequested)
        self.next_button.clicked.connect(self.nextRequested)
        self.solve_button.clicked.connect(self.solveRequested)
        self.hint_button.clicked.connect(self.hintRequested)
        self.save_diagram_button.clicked.connect(self.saveDiagramRequested)

    def set_side_by_side(self, side_by_side: bool) -> None:
        """Stack the groups (beside the board) or put them side by side (below it)."""
        self._layout.setDirection(
            QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
        )

    def _show_tabs(self, bdd: bool, account: str = "") -> None:
        """The BDD's figures and diagram, or an engine's account under its title: one set of tabs."""
        if account:
            self.folds.setTabText(self.folds.indexOf(self.solver_group), account)
        was = self.folds.currentWidget()
        for widget in (self.bdd_group, self.diagram_group, self.solver_group):
            index = self.folds.indexOf(widget)
            self.folds.setTabVisible(index, (widget is self.solver_group) != bdd)
        if (was is self.solver_group) == bdd:
            self.folds.setCurrentWidget(self.bdd_group if bdd else self.solver_group)

    def show_explanation(self, text: str) -> None:
        """Why the square shown (pointed at, else chosen) is closed."""
        self.why_label.set_text(text)

    def show_free(self, cell: Cell | None, can_free: bool) -> None:
        """The Free button names the chosen square it frees ("Free 5,3")."""
        self.free_button.setText(f"Free {cell.label()}" if cell is not None else "Free a square")
        self.free_button.setEnabled(can_free)

    def show_browser(
        self,
        index: int | None,
        figure: SolutionCount | None,
        updating: str,
        solved: bool,
        hidden: bool = False,
    ) -> None:
        """Where the browser stands among the remaining solutions, counted as the status bar
        counts them (``updating``: with a figure, the words said while a newer one is worked out,
        else ""; without one, what stands for it; ``hidden``: the assist keeps the count to
        itself)."""
        of = figure.short() + updating if figure is not None else updating
        detail = figure.detail() if figure is not None else ""
        if hidden:
            text = "count hidden by the assist" if index is None else f"solution {index + 1:,}"
            self.browse_label.set_text(text, "View → Assist → Everything shows how many solutions remain")
        elif figure is None:
            where = updating if index is None else f"solution {index + 1:,} ({updating})"
            self.browse_label.set_text(where, "")
        elif index is None:
            self.browse_label.set_text(f"{of} remaining", detail)
        else:
            self.browse_label.set_text(f"{index + 1:,} of {of}", detail)
        some = hidden or figure is None or figure.at_least > 0
        for button in (self.previous_button, self.next_button):
            button.setEnabled(some)
        self.solve_button.setEnabled(some and not solved)
        self.hint_button.setEnabled(some and not solved)

    def show_search(self, view: BoardView, insight: SearchInsight) -> None:
        """The level search's account of the level in play, on the engine's tab."""
        self._figures = None
        self._show_tabs(bdd=False, account="The search")
        n = view.n
        progress = (
            "every square decided"
            if view.settled
            else f"{n * n - view.undecided:,} of {n * n:,} squares decided so far"
        )
        self.solver_label.setText(
            f"The {view.puzzle.board} is answered by the levels' exact search: {progress}. A search "
            "through a square that finds a solution proves the square open, and every square of "
            "that solution with it; a search that finds none closes it. It branches on the row, "
            "column or region with the fewest squares to spare. "
            f"{plural(insight.searches, 'search run', 'searches run')} so far; "
            f"{plural(insight.kept, 'board')} found without a solution are remembered, so that no "
            "search walks them twice. Counts are exact, per square too (the heat map)."
        )

    def show_solver(self, board: str, n: int, decided: int, calls: int, settled: bool) -> None:
        """The SAT engine's side of the panel for the n×n board named ``board`` ("20×20
        toroidal"); the BDD's figures and diagram are hidden."""
        self._figures = None
        self._show_tabs(bdd=False, account="The SAT engine")
        progress = "every square decided" if settled else f"{decided:,} of {n * n:,} squares decided so far"
        self.solver_label.setText(
            f"The {board} board is answered by the SAT engine: {progress}. Each solution found "
            "proves all its queens possible; local search finds most of them, and a complete "
            "search over rows and columns, on both cores, decides every square it leaves. "
            f"Explanations come from CaDiCaL (python-sat), {plural(calls, 'solver call')} so far. "
            "Counts are exact where the solutions can be counted, else estimated with a 95% "
            "interval; there is no heat map."
        )

    def show_layers(self, view: LayerView | None, n: int, edges: int) -> None:
        """Draw the diagram of the current board with its live edges, when it is small enough."""
        if edges == 0:
            self.diagram.set_view(None, "No solution: the diagram is the constant FALSE, no edge to draw.")
        elif view is None:
            note = (
                f"The diagram is drawn for boards up to {LAYERS_MAX_N}×{LAYERS_MAX_N}; "
                f"this {n}×{n} one has {plural(edges, 'row edge')}."
            )
            self.diagram.set_view(None, note)
        else:
            self.diagram.set_view(view)
        self.save_diagram_button.setEnabled(view is not None and bool(view.edges))

    def show_insight(self, view: BoardView, spoils: bool = False) -> None:
        """What the board's engine shows beyond its squares, on the tabs of its kind of insight
        (the panel keeps what it shows until the engine has said); ``spoils``: the assist keeps
        where the pieces go to itself, so the diagram is not drawn (its paths are the solutions)."""
        insight = view.insight
        if isinstance(insight, DiagramInsight):
            if insight.figures is not self._figures:
                self.show_diagram(insight.figures)
            if spoils and insight.layers is not None:
                self.diagram.set_view(None, SPOILED_DRAWING)
                self.save_diagram_button.setEnabled(False)
            else:
                self.show_layers(insight.layers, view.n, insight.figures.edges)
        elif isinstance(insight, SolverInsight):
            decided = view.n * view.n - view.undecided
            self.show_solver(view.puzzle.title, view.n, decided, insight.calls, view.settled)
        elif isinstance(insight, SearchInsight):
            self.show_search(view, insight)

    def show_diagram(self, figures: DiagramFigures) -> None:
        """The compiled diagram's figures and the chart of its nodes per level."""
        self._figures = figures
        self._show_tabs(bdd=True)
        values = {
            "Backend": backend_description(figures.backend),
            "Construction": figures.construction,
            "BDD nodes": f"{figures.bdd_nodes:,}",
            "Row edges": f"{figures.edges:,}",
            "Solutions": f"{figures.solutions:,}",
            "Compiled in": _seconds(figures.compile_seconds),
            "Opened": ("from the cache in " if figures.origin == "cache" else "compiled now in ")
            + _seconds(figures.seconds),
        }
        for key, value in values.items():
            self.figure_labels[key].setText(value)
        self.chart.set_levels(figures.n, figures.level_nodes)
        for part in (self.chart_caption, self.chart):
            part.setVisible(any(figures.level_nodes))
        if figures.solutions == 1:
            self.widest_label.setText(
                "One solution: the diagram is a single path, one node per square, each asking "
                "“piece here?” with the one answer that leads to TRUE."
            )
        elif any(figures.level_nodes):
            widest = max(range(len(figures.level_nodes)), key=figures.level_nodes.__getitem__)
            row = widest // figures.n + 1
            self.widest_label.setText(
                f"Widest at level {widest} (row {row}, square {row},{widest % figures.n + 1}): "
                f"{plural(figures.level_nodes[widest], 'node')}."
            )
        else:
            self.widest_label.setText(
                "This board has no solution: its BDD is the constant FALSE, a single node with no "
                "path to a solution, so every square is closed."
            )


def _seconds(value: float) -> str:
    if value < 0.01:
        return f"{value * 1000:.1f} ms"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.1f} s"
