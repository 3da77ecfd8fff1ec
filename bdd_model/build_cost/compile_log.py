"""This machine's own compile times, the last few of each size and backend in one small JSON file in the cache
folder, so that the next estimate of a size rests on them; the file is untrusted, and nothing in it can
raise."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from bdd_model.cache.store import cache_dir
from bdd_model.diagram.backends import BACKENDS
from bdd_model.diagram.space import MAX_N
from bdd_model.families import CLASSIC
from bdd_model.files.atomic_file import atomic_output
from bdd_model.files.checked_file import FileKindError, read_bounded
from bdd_model.files.records import RecordError, decode

LOG_NAME = "compile-times.json"
VERSION = 1
KEPT = 5
"""Entries kept per size and backend (the newest)."""
MAX_BYTES = 64 * 1024
"""A log of KEPT entries for every size and backend takes about 15 KB."""


class PastCompile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One real compile of a family's diagram on this machine (the bounds keep an estimate,
    seconds over calibration, finite: a calibration compile takes 0.05 s or more); the classic
    family's are written as before there were families."""

    n: Annotated[int, msgspec.Meta(ge=1, le=MAX_N)]
    backend: str
    seconds: Annotated[float, msgspec.Meta(gt=0.0, lt=1e6)]
    peak_mb: Annotated[float, msgspec.Meta(gt=0.0, lt=1e7)]
    calibration: Annotated[float, msgspec.Meta(gt=1e-3, lt=100.0)]
    """Seconds the calibration compile took beside it (``machine_speed``)."""
    rules: Annotated[str, msgspec.Meta(max_length=100)] = CLASSIC.name


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
    """Add ``entry`` to the log, keeping the newest KEPT per family, size and backend.

    A cache folder that cannot be written is passed over in silence: the log only sharpens
    estimates, and the cache itself reports such a folder.
    """
    path = path or log_path()
    kept: list[PastCompile] = []
    seen: Counter[tuple[str, int, str]] = Counter()
    for past in reversed([*past_compiles(path), entry]):
        seen[past.rules, past.n, past.backend] += 1
        if seen[past.rules, past.n, past.backend] <= KEPT:
            kept.insert(0, past)
    text = msgspec.json.format(msgspec.json.encode({"version": VERSION, "compiles": kept}), indent=1)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_output(path, replace_special=True) as stream:
            stream.write(text)
    except OSError:
        return


def _entry(raw: msgspec.Raw) -> PastCompile | None:
    """The entry if it is of its schema and names a backend there is; else None."""
    try:
        entry = decode(bytes(raw), PastCompile)
    except RecordError:
        return None
    return entry if entry.backend in BACKENDS else None
