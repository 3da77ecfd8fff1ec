"""A painter that is always ended: an active QPainter left behind by an exception crashes Qt."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget


@contextmanager
def painting(widget: QWidget) -> Iterator[QPainter]:
    """A painter on ``widget`` that is ended even if painting fails (an active painter left
    behind by an exception crashes Qt)."""
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    try:
        yield painter
    finally:
        painter.end()
