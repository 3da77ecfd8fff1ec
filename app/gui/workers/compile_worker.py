"""Child process that compiles one board size into the cache for the window.

``python -m app.gui.workers.compile_worker N --backend B`` prints one JSON object a line on stdout:
``{"progress": [phase, done, total]}`` while it works, then ``{"done": solutions, "path": file}``
(the cache file, or a temporary file when the cache folder cannot be written) or
``{"error": message}``. It runs apart from the window because dd.cudd never releases the GIL
(a thread would freeze the GUI), and so that running out of memory cannot take the window down.
No Qt here: the child starts in about a second.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from app.options import SettingError, limit_memory
from bdd_model import CacheError, NQueensError, Progress, cache_path, load_or_compile
from bdd_model.build_cost.costs import remember_compile
from bdd_model.cache.store import load, save


def _emit(record: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="compile_worker")
    parser.add_argument("n", type=int)
    parser.add_argument("--backend", default="auto")
    args = parser.parse_args(argv)
    try:
        limit_memory(args.backend)
    except (SettingError, NQueensError) as error:
        _emit({"error": str(error)})
        return 2

    def report(progress: Progress) -> None:
        _emit({"progress": [progress.phase, progress.done, progress.total]})

    def warn(message: str) -> None:
        _emit({"warning": message})

    try:
        space = load_or_compile(args.n, args.backend, progress=report, warn=warn)
    except MemoryError:
        _emit({"error": f"compiling the {args.n}×{args.n} board ran out of memory"})
        return 3
    except NQueensError as error:
        _emit({"error": str(error)})
        return 2
    path = cache_path(args.n, space.info.backend)
    try:
        load(args.n, space.info.backend, path)
    except CacheError:
        handle, name = tempfile.mkstemp(prefix=f"nqueens-{args.n}-", suffix=".npz")
        os.close(handle)
        path = save(space, Path(name))
    _emit({"done": space.count, "path": str(path)})
    remember_compile(space)
    return 0


if __name__ == "__main__":
    sys.exit(main())
