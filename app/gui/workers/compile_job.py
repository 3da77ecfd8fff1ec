"""The build of a built engine for one puzzle (a diagram's compile) in a child process, with progress and
cancel, for the window."""

from __future__ import annotations

from PySide6.QtCore import QObject, QProcess, Signal

from app.child_process import module_command
from app.gui.workers.compile_worker import MESSAGES, Compiled, Failed, Progressed, Warned
from app.gui.workers.worker_messages import Lines
from bdd_model import Progress
from bdd_model.engines import BuiltEngineKind
from bdd_model.files.records import encode
from bdd_model.puzzles import Puzzle


class CompileJob(QObject):
    """Builds ``puzzle`` for ``kind``: runs ``app.gui.workers.compile_worker`` in a QProcess
    (isolated from the working folder, see ``app.child_process``) and reports on the Qt event loop.

    Exactly one of ``succeeded`` (with the path of the compiled space) or ``failed`` is emitted
    when the child ends; a cancel is a failure with the message "cancelled".
    """

    progressed = Signal(object)
    warned = Signal(str)
    succeeded = Signal(str)
    failed = Signal(str)

    def __init__(
        self, kind: BuiltEngineKind, puzzle: Puzzle, backend: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.kind = kind
        self.puzzle = puzzle
        self.backend = backend
        self._cancelled = False
        self._error = ""
        self._result = ""
        self._lines = Lines(MESSAGES)
        self._process = QProcess(self)
        self._process.setProcessChannelMode(QProcess.ProcessChannelMode.SeparateChannels)
        self._process.readyReadStandardOutput.connect(self._read)
        self._process.finished.connect(self._finished)
        self._process.errorOccurred.connect(self._error_occurred)

    def start(self) -> None:
        program, *arguments = module_command(
            "app.gui.workers.compile_worker",
            encode(self.puzzle).decode(),
            "--backend",
            self.backend,
            "--engine",
            self.kind.name,
        )
        self._process.start(program, arguments)

    def cancel(self) -> None:
        """Stop the child now; the previous board stays."""
        if self.running:
            self._cancelled = True
            self._process.kill()

    @property
    def running(self) -> bool:
        return self._process.state() != QProcess.ProcessState.NotRunning

    def _read(self) -> None:
        for message in self._lines.feed(bytes(self._process.readAllStandardOutput().data())):
            if isinstance(message, Progressed):
                self.progressed.emit(Progress(message.phase, message.done, message.total))
            elif isinstance(message, Warned):
                self.warned.emit(message.text)
            elif isinstance(message, Failed):
                self._error = message.reason
            elif isinstance(message, Compiled):
                self._result = message.path

    def _finished(self, exit_code: int, exit_status: QProcess.ExitStatus) -> None:
        self._read()
        if self._cancelled:
            self.failed.emit("cancelled")
        elif exit_status == QProcess.ExitStatus.NormalExit and exit_code == 0 and self._result:
            self.succeeded.emit(self._result)
        elif self._error:
            self.failed.emit(self._error)
        elif exit_status == QProcess.ExitStatus.CrashExit:
            stopped = "was stopped by the system (it may have run out of memory)"
            self.failed.emit(f"the compile of {self.puzzle.title} {stopped}")
        else:
            detail = bytes(self._process.readAllStandardError().data()).decode(errors="replace").strip()
            if "out of memory" in detail.lower():
                self.failed.emit(f"compiling the {self.puzzle.title} board ran out of memory")
            else:
                last = detail.splitlines()[-1] if detail else f"exit status {exit_code}"
                self.failed.emit(f"the compile of {self.puzzle.title} failed: {last}")

    def _error_occurred(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self.failed.emit(f"could not start the compile process ({self._process.errorString()})")
