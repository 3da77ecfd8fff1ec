"""This machine's own compile times, kept so that the next estimate of a size rests on them.

One small JSON file in the cache folder lists the last few real compiles of each size and
backend: wall seconds, peak memory, and the calibration time measured beside it (so that a
later estimate can allow for a machine busier or quieter than then). It is written atomically
and read as untrusted: a file that is not a regular file, too large, not strict JSON or of
another layout is ignored as a whole, an entry out of bounds is skipped, and nothing of it
can raise. Two programs that finish a compile at the same moment may keep only one entry.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from bdd_model.cache.store import cache_dir
from bdd_model.diagram.backends import BACKENDS
from bdd_model.diagram.space import MAX_N
from bdd_model.files.atomic_file import atomic_output
from bdd_model.files.checked_file import FileKindError, read_bounded

LOG_NAME = "compile-times.json"
VERSION = 1
KEPT = 5
"""Entries kept per size and backend (the newest)."""
MAX_BYTES = 64 * 1024
"""A log of KEPT entries for every size and backend takes about 15 KB."""
_BOUNDS = {"seconds": (0.0, 1e6), "peak_mb": (0.0, 1e7), "calibration": (1e-3, 100.0)}
"""Exclusive bounds of the measured figures (a calibration compile takes 0.05 s or more: one far
shorter would make an estimate, seconds over calibration, without bound)."""


@dataclass(frozen=True)
class PastCompile:
    """One real compile on this machine."""

    n: int
    backend: str
    seconds: float
    peak_mb: float
    calibration: float
    """Seconds the calibration compile took beside it (``machine_speed``)."""


def log_path() -> Path:
    return cache_dir() / LOG_NAME


def past_compiles(path: Path | None = None) -> list[PastCompile]:
    """The compiles remembered, oldest first; [] when there is no log or it cannot be trusted."""
    try:
        data = json.loads(_read(path or log_path()), parse_constant=_refuse, parse_int=_short_int)
    except (OSError, ValueError, RecursionError):
        return []
    if (
        not isinstance(data, dict)
        or data.get("version") != VERSION
        or not isinstance(data.get("compiles"), list)
    ):
        return []
    return [entry for item in data["compiles"] if (entry := _entry(item)) is not None]


def remember(entry: PastCompile, path: Path | None = None) -> None:
    """Add ``entry`` to the log, keeping the newest KEPT per size and backend.

    A cache folder that cannot be written is passed over in silence: the log only sharpens
    estimates, and the cache itself reports such a folder.
    """
    path = path or log_path()
    kept: list[PastCompile] = []
    seen: Counter[tuple[int, str]] = Counter()
    for past in reversed([*past_compiles(path), entry]):
        seen[past.n, past.backend] += 1
        if seen[past.n, past.backend] <= KEPT:
            kept.insert(0, past)
    text = json.dumps({"version": VERSION, "compiles": [asdict(e) for e in kept]}, indent=1)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_output(path, replace_special=True) as stream:
            stream.write(text.encode())
    except OSError:
        return


def _read(path: Path) -> str:
    try:
        return read_bounded(path, MAX_BYTES, "a compile log").decode("utf-8")
    except FileKindError as error:
        raise ValueError(str(error)) from None


def _refuse(name: str) -> object:
    raise ValueError(f"{name} is not a number")


def _short_int(text: str) -> int:
    if len(text) > 12:
        raise ValueError("a number is out of range")
    return int(text)


def _entry(item: object) -> PastCompile | None:
    """The entry if every field is present, of its type and within bounds; else None."""
    if not isinstance(item, dict) or set(item) != set(PastCompile.__dataclass_fields__):
        return None
    n, backend = item["n"], item["backend"]
    if type(n) is not int or not 1 <= n <= MAX_N or backend not in BACKENDS:
        return None
    figures = {name: item[name] for name in _BOUNDS}
    for name, value in figures.items():
        low, high = _BOUNDS[name]
        if type(value) not in (int, float) or not low < value < high:
            return None
    return PastCompile(n, backend, **{name: float(value) for name, value in figures.items()})
