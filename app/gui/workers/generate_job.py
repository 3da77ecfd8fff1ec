"""A new level made by ``nqueens level generate`` in a child process, so that the window never waits on the
generator and Cancel stops it at once."""

from __future__ import annotations

from PySide6.QtCore import QObject, QProcess, Signal

from app.child_process import module_command
from bdd_model.levels.level_file import MAX_BYTES, parse_level
from bdd_model.puzzles.level import LevelError


class GenerateJob(QObject):
    """Makes one level; exactly one of ``made`` (the ``Level``) or ``failed`` (why, in a sentence;
    "cancelled" after ``cancel``) is emitted when the child ends."""

    made = Signal(object)
    failed = Signal(str)

    def __init__(self, n: int, stars: int, difficulty: str, seed: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.arguments = (str(n), "--stars", str(stars), "--difficulty", difficulty, "--seed", str(seed))
        self._cancelled = False
        self._process = QProcess(self)
        self._process.finished.connect(self._finished)
        self._process.errorOccurred.connect(self._error_occurred)

    def start(self) -> None:
        program, *arguments = module_command("app.cli.nqueens", "level", "generate", *self.arguments)
        self._process.start(program, arguments)

    def cancel(self) -> None:
        """Stop the generator now."""
        if self.running:
            self._cancelled = True
            self._process.kill()

    @property
    def running(self) -> bool:
        return self._process.state() != QProcess.ProcessState.NotRunning

    def _finished(self, exit_code: int, exit_status: QProcess.ExitStatus) -> None:
        if self._cancelled:
            self.failed.emit("cancelled")
            return
        out = bytes(self._process.readAllStandardOutput().data())
        err = bytes(self._process.readAllStandardError().data()).decode(errors="replace").strip()
        if exit_status == QProcess.ExitStatus.CrashExit:
            self.failed.emit("the generator was stopped by the system")
        elif exit_code != 0:
            last = err.splitlines()[-1] if err else f"exit status {exit_code}"
            self.failed.emit(last.removeprefix("nqueens: error: "))
        else:
            try:
                self.made.emit(parse_level(out[:MAX_BYTES]))
            except LevelError as error:
                self.failed.emit(f"the generator's answer is not a level ({error})")

    def _error_occurred(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self.failed.emit(f"could not start the generator ({self._process.errorString()})")
