"""The SAT engine's solutions kept between processes: each command is a new process, and a kept solution that
holds every queen proves a board's decisions consistent in microseconds where a search takes seconds. One
``.npz`` per board and kernel key in the cache folder, written whole or not at all, the folder held to
``MOST_BYTES`` (oldest dropped first), read back as untrusted: the engine checks every row it is given."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

from bdd_model.cache.store import cache_dir
from bdd_model.cache.stored_arrays import Member, read_arrays
from bdd_model.files.atomic_file import atomic_output, remove_abandoned
from bdd_model.files.untrusted_text import PATH_EXCERPT, excerpt
from bdd_model.kernels.loader import package_key
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kernels.sat_kernels import SAT_PACKAGE
from bdd_model.sat.models import KEEP_AT_MOST

FOLDER = "sat-solutions"
"""The cache folder's subfolder of kept solutions."""
MOST_BYTES = 32 * 1024 * 1024
"""The most the kept solutions of every board may take on disk together."""


def proofs_path(engine: SatEngine) -> Path:
    """Where the solutions of the engine's board are kept: its family, size and kernel key."""
    key = package_key(SAT_PACKAGE)[:12]
    return cache_dir() / FOLDER / f"{engine.rules.name}-{engine.n}-{key}.npz"


def load_solutions(engine: SatEngine, warn: Callable[[str], None]) -> int:
    """Give the engine the solutions kept for its board (each checked by it); how many it kept.
    A damaged or foreign file is told through ``warn`` in one line and ignored."""
    path = proofs_path(engine)
    members = {"solutions": Member(np.dtype(np.int16), 2, KEEP_AT_MOST * engine.n)}
    try:
        solutions = read_arrays(path, members)["solutions"]
    except FileNotFoundError:
        return 0
    except MemoryError:
        raise
    except Exception as error:  # a damaged file of any kind must never stop an answer
        reason = excerpt(str(error) or type(error).__name__, 60)
        where = excerpt(str(path), PATH_EXCERPT)
        warn(f"the kept solutions '{where}' cannot be used ({reason}); ignoring them")
        return 0
    if solutions.ndim != 2 or solutions.shape[1] != engine.n:
        warn(f"the kept solutions '{excerpt(str(path), PATH_EXCERPT)}' are not for this board; ignoring them")
        return 0
    return engine.keep_solutions(solutions)


def save_solutions(engine: SatEngine, warn: Callable[[str], None]) -> None:
    """Keep the engine's solutions for the next process (whole or not at all), then drop the
    oldest files past ``MOST_BYTES``; a folder that cannot be written is told in one line."""
    path = proofs_path(engine)
    solutions = engine.kept_solutions()[-KEEP_AT_MOST:]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_output(path) as stream:
            np.savez(stream, solutions=solutions)
    except OSError as error:
        where = excerpt(str(path.parent), PATH_EXCERPT)
        warn(f"could not keep the solutions found in '{where}' ({error.strerror or error})")
        return
    _trim(path.parent, MOST_BYTES)


def _trim(folder: Path, most: int) -> None:
    """Remove the oldest files of the folder until the rest take at most ``most`` bytes."""
    with contextlib.suppress(OSError):
        remove_abandoned(folder)
    sized: list[tuple[float, int, Path]] = []
    for entry in folder.glob("*.npz"):
        with contextlib.suppress(OSError):
            status = entry.lstat()
            sized.append((status.st_mtime, status.st_size, entry))
    total = sum(size for _, size, _ in sized)
    for _, size, entry in sorted(sized):
        if total <= most:
            break
        with contextlib.suppress(OSError):
            entry.unlink()
            total -= size
