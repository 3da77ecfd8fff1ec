"""Reading a child process's answers: one JSON object a line, lines split across reads."""

from __future__ import annotations

import json
from typing import Any

MAX_LINE = 16 << 20
"""A line longer than this (16 MB) is not one of our children's answers: it is dropped."""


class JsonLines:
    """Collects bytes as they arrive and hands out each complete line's JSON object."""

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        """The objects of the lines completed by ``data``; lines that are not objects are skipped."""
        *lines, self._buffer = (self._buffer + data).split(b"\n")
        if len(self._buffer) > MAX_LINE:
            self._buffer = b""
        records = []
        for line in lines:
            try:
                record = json.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            if isinstance(record, dict):
                records.append(record)
        return records
