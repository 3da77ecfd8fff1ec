"""Compiled spaces on disk, one ``.npz`` file per (N, backend), written atomically, read strictly and proven
to be exactly the board's solution set before they are trusted; nothing about a cache file or folder can stop
an answer."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import platformdirs

from bdd_model.cache.record import ARRAY_NAMES, MAX_RECORD, check_record, make_record, parse_record
from bdd_model.cache.stored_arrays import Member, StoredFileError, read_arrays
from bdd_model.diagram.backends import resolve_backend
from bdd_model.diagram.row_layers import FrozenDiagram
from bdd_model.diagram.space import SolutionSpace, check_size
from bdd_model.diagram.verification import check_solution_set
from bdd_model.errors import CacheError, CacheMissing, NQueensError
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.files.atomic_file import atomic_output, remove_abandoned
from bdd_model.files.untrusted_text import PATH_EXCERPT, excerpt
from bdd_model.progress import CancelToken, ProgressCallback, no_progress

CACHE_ENV = "NQUEENS_CACHE_DIR"
UNKNOWN_COUNT_BOUND = 1 << 40
"""Solutions assumed at most where a family's count is not known, for the files' size bounds."""


def diagram_name(n: int, rules: RuleFamily = CLASSIC) -> str:
    """ "8×8 diagram", "7×7 toroidal diagram"."""
    return f"{rules.board(n)} diagram"


def cache_dir() -> Path:
    """``$NQUEENS_CACHE_DIR`` if set, else the user cache folder of this program."""
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else Path(platformdirs.user_cache_dir("nqueens-configurator"))


def cache_path(n: int, backend: str, rules: RuleFamily = CLASSIC) -> Path:
    """Where the family's space of the n×n board compiled with ``backend`` is kept."""
    return cache_dir() / f"{rules.name}-{n}-{backend}.npz"


def _members(n: int, rules: RuleFamily) -> dict[str, Member]:
    """The arrays of an n×n file and their bounds: each row's edges lie on distinct solutions,
    so a row holds at most as many edges as the board has solutions (where that is known)."""
    known = rules.known_count(n)
    edges = n * (UNKNOWN_COUNT_BOUND if known is None else known)
    return {
        "record": Member(None, 0, MAX_RECORD),
        "widths": Member(np.dtype(np.int64), 1, n + 1),
        "row_edges": Member(np.dtype(np.int64), 1, n),
        "src": Member(np.dtype(np.int32), 1, edges),
        "col": Member(np.dtype(np.int16), 1, edges),
        "dst": Member(np.dtype(np.int32), 1, edges),
    }


def save(space: SolutionSpace, path: Path | None = None) -> Path:
    """Write ``space`` atomically; return the path. OSError if the folder is not writable."""
    path = path or cache_path(space.n, space.info.backend, space.family)
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = space.diagram.to_arrays()
    record = make_record(space.info, arrays)
    with atomic_output(path, replace_special=True) as stream:
        np.savez(stream, record=np.array(json.dumps(record)), **arrays)  # type: ignore[arg-type]  # numpy's stub
    return path


def load(n: int, backend: str, path: Path | None = None, rules: RuleFamily = CLASSIC) -> SolutionSpace:
    """Read and verify a cached space.

    Any failure is a CacheError whose message is one sentence in user words ("the cached 8×8
    diagram is damaged (checksum mismatch)"); CacheMissing when there is no file. Only running
    out of memory passes through as MemoryError.
    """
    path = path or cache_path(n, backend, rules)
    started = time.perf_counter()
    what = f"the cached {diagram_name(n, rules)}"
    try:
        space = _read_verified(n, backend, path, rules)
    except FileNotFoundError:
        raise CacheMissing(f"there is no cached {diagram_name(n, rules)}") from None
    except CacheError as error:
        raise CacheError(f"{what} {error}") from None
    except StoredFileError as error:
        raise CacheError(f"{what} is damaged ({error})") from None
    except OSError as error:
        raise CacheError(f"{what} cannot be read ({error.strerror or error})") from None
    except MemoryError:
        raise
    except Exception as error:
        reason = excerpt(str(error) or type(error).__name__, 60)
        raise CacheError(f"{what} is damaged ({reason})") from None
    space.seconds = time.perf_counter() - started
    return space


def _read_verified(n: int, backend: str, path: Path, rules: RuleFamily) -> SolutionSpace:
    arrays = read_arrays(path, _members(n, rules))
    record = parse_record(str(arrays.pop("record")[()]))
    info = check_record(record, n, backend, arrays, rules)
    try:
        diagram = FrozenDiagram.from_arrays(n, {name: arrays[name] for name in ARRAY_NAMES})
        space = SolutionSpace(diagram, info, "cache", 0.0)
        check_solution_set(space.empty_sweep, rules)
        space.check_consistent()
    except NQueensError as error:
        raise CacheError(f"is damaged ({error})") from None
    return space


def load_cached(
    n: int, backend: str, warn: Callable[[str], None] = lambda _: None, rules: RuleFamily = CLASSIC
) -> SolutionSpace | None:
    """The cached space if there is one that verifies, else None (a damaged file or an unusable
    folder is reported through ``warn`` in one line)."""
    try:
        return load(n, resolve_backend(backend), rules=rules)
    except CacheMissing:
        return None
    except CacheError as error:
        warn(f"{error}; rebuilding it")
        return None


def load_or_compile(
    n: int,
    backend: str = "auto",
    construction: str = "search",
    progress: ProgressCallback = no_progress,
    cancel: CancelToken | None = None,
    warn: Callable[[str], None] = lambda _: None,
    use_cache: bool = True,
    rules: RuleFamily = CLASSIC,
) -> SolutionSpace:
    """The cached space if it verifies, else a fresh compile that is then cached.

    A damaged or foreign file is reported through ``warn`` and rebuilt; a cache folder that
    cannot be used is reported once and the space is compiled without it. Temporary files of
    writers that were killed are removed on the way.
    """
    check_size(n, rules)
    backend = resolve_backend(backend)
    where = f"the cache folder '{excerpt(str(cache_dir()), PATH_EXCERPT)}'"
    problem = _unusable(cache_dir()) if use_cache else None
    if problem:
        warn(f"{where} cannot be used ({problem}); answering without it")
    elif use_cache:
        space = load_cached(n, backend, warn, rules)
        if space is not None:
            return space
    space = SolutionSpace.compile(n, backend, construction, progress, cancel, rules=rules)
    if use_cache and not problem:
        try:
            save(space, cache_path(n, backend, rules))
        except OSError as error:
            reason = error.strerror or error
            warn(f"{where} cannot be written ({reason}); the {diagram_name(n, rules)} is not cached")
    return space


def _unusable(folder: Path) -> str | None:
    """Why the cache folder cannot be used (created if missing, abandoned temporaries removed), or None."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        remove_abandoned(folder)
    except (FileExistsError, NotADirectoryError):
        return "a file stands where a folder should be"
    except OSError as error:
        return error.strerror or str(error)
    return None
