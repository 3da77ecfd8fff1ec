"""This machine's own compile times, the last few of each board and backend in one small JSON file in the
cache folder, so that the next estimate of a board rests on them; the file is untrusted, and nothing in it
can raise. Entries written before puzzles (N and a rule family) are read too."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from bdd_model.cache.store import cache_dir
from bdd_model.diagram.backends import BACKENDS
from bdd_model.diagram.space import MAX_N
from bdd_model.families import CLASSIC, UnknownFamily, family
from bdd_model.files.atomic_file import atomic_output
from bdd_model.files.checked_file import FileKindError, read_bounded
from bdd_model.files.records import RecordError, decode
from bdd_model.puzzles import FamilyPuzzle

LOG_NAME = "compile-times.json"
VERSION = 1
KEPT = 5
"""Entries kept per size and backend (the newest)."""
MAX_BYTES = 64 * 1024
"""A log of KEPT entries for every size and backend takes about 15 KB."""


Seconds = Annotated[float, msgspec.Meta(gt=0.0, lt=1e6)]
Megabytes = Annotated[float, msgspec.Meta(gt=0.0, lt=1e7)]
Calibration = Annotated[float, msgspec.Meta(gt=1e-3, lt=100.0)]
"""Seconds the calibration compile took beside a compile (``machine_speed``)."""


class PastCompile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One real compile of a puzzle's diagram on this machine (the bounds keep an estimate,
    seconds over calibration, finite: a calibration compile takes 0.05 s or more)."""

    puzzle: FamilyPuzzle
    backend: str
    seconds: Seconds
    peak_mb: Megabytes
    calibration: Calibration

    @property
    def n(self) -> int:
        return self.puzzle.n


class OldPastCompile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An entry as written before puzzles: N and the rule family (none: the classic queens)."""

    n: Annotated[int, msgspec.Meta(ge=1, le=MAX_N)]
    backend: str
    seconds: Seconds
    peak_mb: Megabytes
    calibration: Calibration
    rules: Annotated[str, msgspec.Meta(max_length=100)] = CLASSIC.name

    def new(self) -> PastCompile:
        puzzle = FamilyPuzzle.of(family(self.rules), self.n)
        return PastCompile(puzzle, self.backend, self.seconds, self.peak_mb, self.calibration)


class CompileLog(msgspec.Struct):
    """The file: its version and the entries, each read on its own."""

    version: Literal[1]
    compiles: list[msgspec.Raw]


def log_path() -> Path:
    return cache_dir() / LOG_NAME


def past_compiles(path: Path | None = None) -> list[PastCompile]:
    """The compiles remembered, oldest first; [] when there is no log or it cannot be trusted."""
    try:
        log = decode(read_bounded(path or log_path(), MAX_BYTES, "a compile log"), CompileLog)
    except (OSError, FileKindError, RecordError):
        return []
    return [entry for raw in log.compiles if (entry := _entry(raw)) is not None]


def remember(entry: PastCompile, path: Path | None = None) -> None:
    """Add ``entry`` to the log, keeping the newest KEPT per puzzle and backend.

    A cache folder that cannot be written is passed over in silence: the log only sharpens
    estimates, and the cache itself reports such a folder.
    """
    path = path or log_path()
    kept: list[PastCompile] = []
    seen: Counter[tuple[FamilyPuzzle, str]] = Counter()
    for past in reversed([*past_compiles(path), entry]):
        seen[past.puzzle, past.backend] += 1
        if seen[past.puzzle, past.backend] <= KEPT:
            kept.insert(0, past)
    text = msgspec.json.format(msgspec.json.encode({"version": VERSION, "compiles": kept}), indent=1)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_output(path, replace_special=True) as stream:
            stream.write(text)
    except OSError:
        return


def _entry(raw: msgspec.Raw) -> PastCompile | None:
    """The entry if it is of its schema (or of the one before puzzles), of a board the diagram
    is built for, and names a backend there is; else None."""
    try:
        entry = decode(bytes(raw), PastCompile)
    except RecordError:
        try:
            entry = decode(bytes(raw), OldPastCompile).new()
        except (RecordError, UnknownFamily):
            return None
    return entry if entry.backend in BACKENDS and entry.puzzle.n <= MAX_N else None
