"""Work for the setter's bench on a thread of its own (the levels' compiled search runs without the
GIL), so that the window never waits: each new job cancels the one before, and only the last job's
result is heard."""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from bdd_model.errors import NQueensError, QueryCancelled
from bdd_model.progress import CancelToken


class Background(QObject):
    """One job at a time: ``done(key, result)`` or ``failed(key, reason)`` for the last one run."""

    done = Signal(object, object)
    failed = Signal(object, str)
    _ended = Signal(object, object, object, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._token: CancelToken | None = None
        self._ended.connect(self._heard)

    @property
    def busy(self) -> bool:
        return self._token is not None

    def run(self, key: object, work: Callable[[CancelToken], object]) -> None:
        """Start ``work`` (given a token it stops at once cancelled), cancelling the job before."""
        self.cancel()
        token = CancelToken()
        self._token = token
        threading.Thread(
            target=self._work, args=(key, work, token), name="nqueens-setter", daemon=True
        ).start()

    def cancel(self) -> None:
        """Stop the running job, if any; its result is never heard."""
        if self._token is not None:
            self._token.cancel()
        self._token = None

    def _work(self, key: object, work: Callable[[CancelToken], object], token: CancelToken) -> None:
        try:
            result, reason = work(token), ""
        except QueryCancelled:
            return
        except NQueensError as error:
            result, reason = None, str(error)
        if token.cancelled:
            return
        try:
            self._ended.emit(key, result, token, reason)
        except RuntimeError:  # the window closed meanwhile and took this object with it
            return

    def _heard(self, key: object, result: object, token: CancelToken, reason: str) -> None:
        if token is not self._token:
            return
        self._token = None
        if reason:
            self.failed.emit(key, reason)
        else:
            self.done.emit(key, result)
