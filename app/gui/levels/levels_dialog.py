"""Game → Levels: the bundled collection by size and difficulty, each level's state, best time and hints;
Play (or a double click, or Enter) opens the chosen one, resuming a play in progress."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.gui.levels.collection import CollectionLevel
from app.gui.levels.level_clock import clock_text
from app.gui.levels.level_progress import LevelRecord
from bdd_model.wording import plural

COLUMNS = ("Level", "State", "Best time", "Hints")


class LevelsDialog(QDialog):
    """The collection as a list to choose from."""

    chosen = Signal(object)
    """The level to play (a ``CollectionLevel``)."""

    def __init__(
        self,
        levels: tuple[CollectionLevel, ...],
        records: list[LevelRecord],
        current: CollectionLevel | None,
        parent: QWidget | None = None,
    ) -> None:
        """``current``: the level to choose first (the one in play, or the next one to play)."""
        super().__init__(parent)
        self.setWindowTitle("Levels")
        self.setAccessibleName("Levels")
        self._levels = levels
        solved = sum(record.solved for record in records)
        self.summary = QLabel(f"{solved} of {plural(len(levels), 'level')} solved.", self)
        self.tree = QTreeWidget(self)
        self.tree.setAccessibleName("Levels by size and difficulty")
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setUniformRowHeights(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        groups: dict[str, QTreeWidgetItem] = {}
        solved_in: dict[str, int] = {}
        picked: QTreeWidgetItem | None = None
        for index, (level, record) in enumerate(zip(levels, records, strict=True)):
            group = groups.get(level.group)
            if group is None:
                group = groups[level.group] = QTreeWidgetItem(self.tree, [level.group])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                group.setExpanded(True)
            solved_in[level.group] = solved_in.get(level.group, 0) + record.solved
            item = QTreeWidgetItem(group, _row(level, record))
            item.setData(0, Qt.ItemDataRole.UserRole, index)
            if level == current or (picked is None and current is None and not record.solved):
                picked = item
        for name, group in groups.items():
            group.setText(1, f"{solved_in[name]} of {group.childCount()} solved")
        for column in range(1, len(COLUMNS)):
            self.tree.resizeColumnToContents(column)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.play_button = buttons.addButton("&Play", QDialogButtonBox.ButtonRole.AcceptRole)
        self.play_button.setDefault(True)
        buttons.accepted.connect(self._play)
        buttons.rejected.connect(self.reject)
        self.tree.itemActivated.connect(lambda item, _column: self._play())
        self.tree.currentItemChanged.connect(
            lambda item, _old: self.play_button.setEnabled(_level_index(item) is not None)
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)
        layout.addWidget(buttons)
        self.resize(520, 560)
        self.play_button.setEnabled(picked is not None)
        if picked is not None:
            self.tree.setCurrentItem(picked)
            self.tree.scrollToItem(picked, QTreeWidget.ScrollHint.PositionAtCenter)

    def _play(self) -> None:
        index = _level_index(self.tree.currentItem())
        if index is not None:
            self.accept()
            self.chosen.emit(self._levels[index])


def _level_index(item: QTreeWidgetItem | None) -> int | None:
    """The collection index an item stands for (None for a size's heading)."""
    index = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
    return index if isinstance(index, int) else None


def _row(level: CollectionLevel, record: LevelRecord) -> list[str]:
    best = clock_text(record.best_seconds) if record.best_seconds is not None else ""
    hints = str(record.best_hints) if record.best_hints is not None else ""
    state = record.state
    if record.in_progress:
        state += f" ({clock_text(record.seconds)})"
    return [f"{level.difficulty.capitalize()} {level.number}", state, best, hints]
