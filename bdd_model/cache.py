"""Compiled spaces on disk, one file per (N, backend), verified before they are trusted.

A file is a numpy ``.npz`` holding the frozen row layers and a JSON record (format version,
N, backend, construction, node counts, solution count, SHA-256 of the arrays). Writes are atomic
(``atomic_file``), so a reader sees either the old file or the whole new one, whichever of two
concurrent writers finishes last.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import platformdirs

from bdd_model.atomic_file import atomic_output
from bdd_model.backends import resolve_backend
from bdd_model.errors import CacheError, DiagramShapeError, NQueensError
from bdd_model.frozen import FrozenDiagram
from bdd_model.progress import CancelToken, ProgressCallback, no_progress
from bdd_model.space import SolutionSpace, SpaceInfo, check_size

FORMAT_VERSION = 1
CACHE_ENV = "NQUEENS_CACHE_DIR"
_ARRAYS = ("widths", "row_edges", "src", "col", "dst")


def cache_dir() -> Path:
    """``$NQUEENS_CACHE_DIR`` if set, else the user cache folder of this program."""
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else Path(platformdirs.user_cache_dir("nqueens-configurator"))


def cache_path(n: int, backend: str) -> Path:
    """Where the space of the n×n board compiled with ``backend`` is kept."""
    return cache_dir() / f"queens-{n}-{backend}.npz"


def _digest(arrays: dict[str, np.ndarray]) -> str:
    sha = hashlib.sha256()
    for name in _ARRAYS:
        array = np.ascontiguousarray(arrays[name])
        sha.update(name.encode())
        sha.update(str(array.dtype).encode())
        sha.update(array.tobytes())
    return sha.hexdigest()


def save(space: SolutionSpace, path: Path | None = None) -> Path:
    """Write ``space`` atomically; return the path. OSError if the folder is not writable."""
    path = path or cache_path(space.n, space.info.backend)
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = space.diagram.to_arrays()
    record = {"format": FORMAT_VERSION, "sha256": _digest(arrays), **space.info.to_json()}
    with atomic_output(path, replace_special=True) as stream:
        np.savez(stream, record=np.array(json.dumps(record)), **arrays)
    return path


def load(n: int, backend: str, path: Path | None = None) -> SolutionSpace:
    """Read and verify a cached space; CacheError (never a wrong answer) if it does not check out."""
    path = path or cache_path(n, backend)
    started = time.perf_counter()
    try:
        with np.load(path, allow_pickle=False) as stored:
            record = json.loads(str(stored["record"][()]))
            arrays = {name: stored[name] for name in _ARRAYS}
    except FileNotFoundError:
        raise CacheError(f"no cached {n}x{n} space at {path}") from None
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, json.JSONDecodeError) as error:
        raise CacheError(f"{path} is not a readable cache file ({error})") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT_VERSION:
        raise CacheError(f"{path} has another format version")
    if record.get("n") != n or record.get("backend") != backend:
        raise CacheError(
            f"{path} holds the {record.get('n')}x{record.get('n')} board of backend "
            f"{record.get('backend')}, not {n}x{n} of {backend}"
        )
    if record.get("sha256") != _digest(arrays):
        raise CacheError(f"{path} is corrupt (checksum mismatch)")
    try:
        info = SpaceInfo.from_json(record)
        diagram = FrozenDiagram.from_arrays(n, arrays)
        space = SolutionSpace(diagram, info, "cache", 0.0)
        space.check_consistent()
    except (KeyError, TypeError, ValueError, DiagramShapeError, NQueensError) as error:
        raise CacheError(f"{path} does not hold a consistent space ({error})") from None
    space.seconds = time.perf_counter() - started
    return space


def load_or_compile(
    n: int,
    backend: str = "auto",
    construction: str = "search",
    progress: ProgressCallback = no_progress,
    cancel: CancelToken | None = None,
    warn: Callable[[str], None] = lambda _: None,
    use_cache: bool = True,
) -> SolutionSpace:
    """The cached space if it verifies, else a fresh compile that is then cached.

    A damaged or foreign file is reported through ``warn`` and rebuilt; a cache folder that
    cannot be written is reported and the compiled space is used anyway.
    """
    check_size(n)
    backend = resolve_backend(backend)
    path = cache_path(n, backend)
    if use_cache and path.exists():
        try:
            return load(n, backend, path)
        except CacheError as error:
            warn(f"rebuilding the {n}x{n} cache: {error}")
    space = SolutionSpace.compile(n, backend, construction, progress, cancel)
    if use_cache:
        try:
            save(space, path)
        except OSError as error:
            warn(f"could not write the cache file {path}: {error}")
    return space
