"""Qt must start and keep reference counts: a broken PySide6 fails here, loudly, not later."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    number = Signal(int)
    anything = Signal(object)


def test_signal_emission_keeps_reference_counts(qapp) -> None:
    """PySide6 6.12.0 on CPython 3.11 dropped one reference to True per emit and aborted."""
    emitter = _Emitter()
    seen: list[object] = []
    emitter.number.connect(seen.append)
    emitter.anything.connect(seen.append)
    trues, nones = sys.getrefcount(True), sys.getrefcount(None)
    for _ in range(500):
        emitter.number.emit(1)
        emitter.anything.emit(None)
    assert len(seen) == 1000
    seen.clear()
    assert abs(sys.getrefcount(True) - trues) < 50
    assert abs(sys.getrefcount(None) - nones) < 50
