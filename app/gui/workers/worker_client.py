"""The window's line to its engine worker: numbered requests out and replies in, so that a reply to a replaced
request is dropped, and a worker that dies is reported once and started again."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QProcess, QTimer, Signal

from app.child_process import module_command
from app.gui.workers.worker_messages import REPLIES, Lines, Point, Ready, Request, line

WORKER = "app.gui.workers.engine_worker"


class WorkerClient(QObject):
    """One engine worker process and the numbered requests sent to it; ``name`` is what the user
    knows it as (the engines it answers with: "SAT engine")."""

    answered = Signal(object)
    """A reply (``worker_messages``) that answers a request."""
    ready = Signal()
    """The worker has started and loaded the engine (it greets once, before any answer)."""
    failed = Signal(str)
    """The worker stopped; the sentence says so in user words."""

    def __init__(self, name: str = "engine worker", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._process: QProcess | None = None
        self._lines = Lines(REPLIES)
        self._next = 0
        application = QCoreApplication.instance()
        if application is not None:
            application.aboutToQuit.connect(self.stop)

    def request(self, make: Callable[[int], Request]) -> int:
        """Send the request ``make`` builds around a new id; the id comes back with every reply."""
        self._next += 1
        process = self._ensure_started()
        process.write(line(make(self._next)))
        process.waitForBytesWritten(0)
        return self._next

    def tell(self, message: Point) -> None:
        """Send a message that needs no answer, if the worker runs (pointing starts nothing)."""
        process = self._process
        if process is not None and process.state() == QProcess.ProcessState.Running:
            process.write(line(message))
            process.waitForBytesWritten(0)

    def start(self) -> None:
        """Start the worker now, so that the first big board does not wait for its start-up."""
        self._ensure_started()

    @property
    def pid(self) -> int:
        """The worker's process id, 0 while none runs."""
        process = self._process
        return int(process.processId()) if process is not None else 0

    def stop(self) -> None:
        """End the worker (the window closes) at once, quietly: it holds nothing to save, and
        its signals are cut first, so nothing reaches a client that is being destroyed."""
        process, self._process = self._process, None
        if process is None:
            return
        process.readyReadStandardOutput.disconnect()
        process.finished.disconnect()
        if process.state() != QProcess.ProcessState.NotRunning:
            process.kill()
            process.waitForFinished(1000)
        process.deleteLater()

    def _ensure_started(self) -> QProcess:
        if self._process is not None and self._process.state() != QProcess.ProcessState.NotRunning:
            return self._process
        process = QProcess(self)
        process.setProcessChannelMode(QProcess.ProcessChannelMode.ForwardedErrorChannel)
        process.readyReadStandardOutput.connect(lambda: self._read(process))
        process.finished.connect(lambda code, status: self._finished(process, code, status))
        self.destroyed.connect(lambda: _let_go(process))
        self._lines = Lines(REPLIES)
        program, *arguments = module_command(WORKER)
        process.start(program, arguments)
        process.waitForStarted(5000)
        self._process = process
        return process

    def _read(self, process: QProcess) -> None:
        for reply in self._lines.feed(bytes(process.readAllStandardOutput().data())):
            if isinstance(reply, Ready):
                self.ready.emit()
            else:
                self.answered.emit(reply)

    def _finished(self, process: QProcess, code: int, status: QProcess.ExitStatus) -> None:
        if process is self._process:
            self._process = None
        how = "was stopped by the system" if status == QProcess.ExitStatus.CrashExit else f"ended ({code})"
        # Said from the event loop, never from inside a request that found the process gone
        # (the board then asks again with every change it has in hand).
        QTimer.singleShot(0, self, lambda: self.failed.emit(f"the {self.name}'s process {how}"))
        process.deleteLater()


def _let_go(process: QProcess) -> None:
    """The client is being destroyed without ``stop`` (the application ends): its process goes
    quietly, without signals to the client that is gone."""
    if not shiboken6.isValid(process):
        return
    for signal in (process.readyReadStandardOutput, process.finished):
        with contextlib.suppress(RuntimeError, TypeError), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            signal.disconnect()
    if process.state() != QProcess.ProcessState.NotRunning:
        process.kill()
        process.waitForFinished(1000)
