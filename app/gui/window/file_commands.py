"""The window's file commands: open and save configurations, export the CNF and SMT-LIB, save the drawn
diagram and copy the board as text, each file written whole and each failure said naming the file."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from app.gui.board.picture_export import PRINT_PX, board_png
from app.gui.mid_end.session import BoardSession
from app.gui.mid_end.undo_commands import BoardFile
from app.gui.window.window_actions import WindowActions
from bdd_model import NQueensError, plural
from bdd_model.cnf.formulas import formula
from bdd_model.files.atomic_file import atomic_output
from bdd_model.files.checked_file import FileKindError, check_target
from bdd_model.saved_game import SUFFIX, dumps, parse_board, read_board_file

FILE_FILTER = "N-Queens configurations (*.nqueens.json *.json);;All files (*)"
OPEN_FILTER = "Configurations and levels (*.nqueens.json *.json *.txt);;All files (*)"


class FileCommands:
    """Files of one window: its session's board in and out."""

    def __init__(
        self,
        parent: QWidget,
        session: BoardSession,
        settings: QSettings,
        say: Callable[[str], None],
        warn: Callable[[str], None],
        diagram: Callable[[str], bytes],
    ) -> None:
        """``say``: what was done (the status line); ``warn``: what could not be done (a
        message that stays until dismissed, and goes when a file opens: "")."""
        self._parent = parent
        self._session = session
        self._settings = settings
        self._say = say
        self._warn = warn
        self._diagram = diagram
        self._symbols_shown: Callable[[], bool] = lambda: False

    def take_actions(self, actions: WindowActions) -> None:
        """File → Open, Save, Save As, the exports and Edit → Copy and Paste do what this class does."""
        actions.open.triggered.connect(self.open_dialog)
        actions.save.triggered.connect(self.save)
        actions.save_as.triggered.connect(self.save_dialog)
        actions.copy.triggered.connect(self.copy_board)
        actions.paste.triggered.connect(self.paste_board)
        actions.export_dimacs.triggered.connect(lambda: self.export_dialog("cnf"))
        actions.export_smtlib.triggered.connect(lambda: self.export_dialog("smt2"))
        actions.export_picture.triggered.connect(lambda: self.picture_dialog(with_pieces=True))
        actions.export_blank.triggered.connect(lambda: self.picture_dialog(with_pieces=False))
        self._symbols_shown = actions.symbols.isChecked

    def save_to(self, path: Path) -> bool:
        """Write the configuration; False (with a message) if the file cannot be written."""
        cfg = self._session.configurator
        if cfg is None:
            return False
        if not self._write(path, "save", [(dumps(cfg.puzzle, cfg.decisions) + "\n").encode("utf-8")]):
            return False
        self._session.mark_saved(path)
        self._settings.setValue("files/folder", str(path.parent))
        self._say(f"Saved {path.name}")
        return True

    def open_from(self, path: Path) -> bool:
        """Read a configuration or a level (told apart by content); a bad file is refused with a
        message and nothing changes. A level's file is never saved over: its game is saved as a
        configuration of its own."""
        try:
            found = read_board_file(path)
        except OSError as error:
            return self._failed("read", path, error.strerror or str(error))
        except NQueensError as error:
            self._warn(f"{path.name} was not opened: {error}")
            return False
        self._settings.setValue("files/folder", str(path.parent))
        label = f"Open {path.name}"
        file = BoardFile(path, level=not found.saved)
        opened = self._session.open(found.puzzle, found.decisions, file=file, label=label)
        if opened:
            self._warn("")
        return opened

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self._parent, "Open a game or a level", self._folder(), OPEN_FILTER
        )
        if name:
            self.open_from(Path(name))

    def save(self) -> None:
        """Save to the board's file, or ask for one."""
        path = self._session.file_path
        if path is None:
            self.save_dialog()
        else:
            self.save_to(path)

    def save_dialog(self) -> None:
        file = self._session.file
        stem = file.path.stem if file is not None and file.level else self._session.puzzle.file_stem
        suggestion = str(Path(self._folder()) / f"{stem}{SUFFIX}")
        name, _ = QFileDialog.getSaveFileName(self._parent, "Save configuration", suggestion, FILE_FILTER)
        if name:
            path = Path(name)
            self.save_to(path if path.suffix else path.with_name(path.name + SUFFIX))

    def export_to(self, path: Path, kind: str) -> bool:
        """Write the DIMACS (kind "cnf") or SMT-LIB ("smt2") encoding of the board in play."""
        encoded = formula(self._session.puzzle)
        if kind == "cnf":
            lines, what, size = encoded.dimacs(), "DIMACS CNF", plural(encoded.clause_count, "clause")
        else:
            lines, what, size = encoded.smtlib(), "SMT-LIB", plural(encoded.assertions, "assertion")
        if not self._write(path, "export", (line.encode("ascii") for line in lines)):
            return False
        self._say(f"Exported {what} to {path.name}: {encoded.problem}, {size}")
        return True

    def export_dialog(self, kind: str) -> None:
        file = self._session.file
        name = file.path.stem if file is not None and file.level else formula(self._session.puzzle).name
        suggestion = str(Path(self._folder()) / f"{name}.{kind}")
        label = "DIMACS CNF (*.cnf)" if kind == "cnf" else "SMT-LIB v2 (*.smt2)"
        name, _ = QFileDialog.getSaveFileName(self._parent, "Export", suggestion, f"{label};;All files (*)")
        if name:
            self.export_to(Path(name), kind)

    def export_picture(self, path: Path, with_pieces: bool) -> bool:
        """Write the board as a PNG, with the player's pieces or blank, and the regions' symbols
        when View → Region Symbols shows them (a picture printed in grey keeps its regions)."""
        cfg = self._session.configurator
        if cfg is None:
            return False
        png = board_png(cfg.puzzle, cfg.decisions, with_pieces, symbols=self._symbols_shown())
        if not self._write(path, "export", [png]):
            return False
        what = "with your pieces" if with_pieces else "blank"
        self._say(f"Exported the {cfg.puzzle.title} {what} to {path.name} ({PRINT_PX} × {PRINT_PX} pixels)")
        return True

    def picture_dialog(self, with_pieces: bool) -> None:
        suggestion = str(Path(self._folder()) / f"{self._stem()}{'' if with_pieces else '-blank'}.png")
        name, _ = QFileDialog.getSaveFileName(self._parent, "Export Picture", suggestion, "PNG image (*.png)")
        if name:
            path = Path(name)
            self.export_picture(path if path.suffix else path.with_name(path.name + ".png"), with_pieces)

    def _stem(self) -> str:
        """What a picture of the board is named at first: its file's name, else the puzzle's
        ("queens-8x8", "level-10x10")."""
        file = self._session.file
        return file.path.stem if file is not None else self._session.puzzle.file_stem

    def save_diagram(self, path: Path) -> bool:
        """Write the drawn diagram as SVG or PNG (by the file's suffix)."""
        kind = "svg" if path.suffix.lower() == ".svg" else "png"
        if not self._write(path, "save", [self._diagram(kind)]):
            return False
        self._say(f"Saved the diagram to {path.name}")
        return True

    def save_diagram_dialog(self) -> None:
        suggestion = str(Path(self._folder()) / f"{self._stem()}-diagram.svg")
        name, _ = QFileDialog.getSaveFileName(
            self._parent, "Save the diagram", suggestion, "SVG drawing (*.svg);;PNG image (*.png)"
        )
        if name:
            self.save_diagram(Path(name))

    def copy_board(self) -> None:
        """The board as text: a family's queens, or a level's own text form (which Paste opens)."""
        cfg = self._session.configurator
        if cfg is not None:
            QGuiApplication.clipboard().setText(cfg.puzzle.text_form(cfg.view.queens()))
            self._say(f"Copied the {cfg.puzzle.board} as text")

    def paste_board(self) -> None:
        """Open the level or saved game the clipboard holds, as one undoable step; anything else
        is refused in one line and nothing changes."""
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self._warn("Nothing was pasted: the clipboard holds no text")
            return
        try:
            found = parse_board(text.encode("utf-8"))
        except NQueensError as error:
            self._warn(f"The clipboard was not opened: it holds no level or saved game ({error}).")
            return
        if self._session.open(found.puzzle, found.decisions, label="Paste"):
            self._warn("")

    def _folder(self) -> str:
        """Where the file dialogs start: the current file's folder, else the last one used."""
        file = self._session.file
        if file:
            return str(file.path.parent)
        return str(self._settings.value("files/folder", str(Path.home())))

    def _write(self, path: Path, verb: str, chunks: Iterable[bytes]) -> bool:
        """Replace ``path`` with the chunks, whole or not at all; False (with a message) when
        it cannot be written or is not a regular file (a FIFO would hold the window)."""
        try:
            check_target(path)
            with atomic_output(path) as stream:
                stream.writelines(chunks)
        except FileKindError as error:
            return self._failed(verb, path, str(error))
        except OSError as error:
            return self._failed(verb, path, error.strerror or str(error))
        return True

    def _failed(self, verb: str, path: Path, reason: str) -> bool:
        """One line for a file that could not be read or written; False for the caller."""
        self._warn(f"Could not {verb} {path.name}: {reason}")
        return False
