"""The child process that compiles one board size into the cache for the window, one message a line, apart
from it because dd.cudd holds the GIL for a whole compile and running out of memory must not take the window
down."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import msgspec

from app.options import SettingError, limit_memory
from bdd_model import CacheError, NQueensError, Progress, cache_path, load_or_compile
from bdd_model.build_cost.costs import remember_compile
from bdd_model.cache.store import load, save
from bdd_model.families import CLASSIC, family


class Progressed(msgspec.Struct, tag="progress"):
    phase: str
    done: int
    total: int


class Warned(msgspec.Struct, tag="warning"):
    text: str


class Failed(msgspec.Struct, tag="error"):
    reason: str


class Compiled(msgspec.Struct, tag="done"):
    """The space is compiled: ``done`` its solutions, and the file that holds it (the cache file,
    or a temporary one when the cache folder cannot be written)."""

    done: int
    path: str


Message = Progressed | Warned | Failed | Compiled
MESSAGES = msgspec.json.Decoder(Message)


def _emit(message: Message) -> None:
    sys.stdout.buffer.write(msgspec.json.encode(message) + b"\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="compile_worker")
    parser.add_argument("n", type=int)
    parser.add_argument("--backend", default="auto")
    parser.add_argument("--rules", default=CLASSIC.name)
    args = parser.parse_args(argv)
    try:
        limit_memory(args.backend)
        rules = family(args.rules)
    except (SettingError, NQueensError) as error:
        _emit(Failed(str(error)))
        return 2

    def report(progress: Progress) -> None:
        _emit(Progressed(progress.phase, progress.done, progress.total))

    def warn(message: str) -> None:
        _emit(Warned(message))

    try:
        space = load_or_compile(args.n, args.backend, progress=report, warn=warn, rules=rules)
    except MemoryError:
        _emit(Failed(f"compiling the {args.n}×{args.n} board ran out of memory"))
        return 3
    except NQueensError as error:
        _emit(Failed(str(error)))
        return 2
    path = cache_path(args.n, space.info.backend, rules)
    try:
        load(args.n, space.info.backend, path, rules)
    except CacheError:
        handle, name = tempfile.mkstemp(prefix=f"nqueens-{args.n}-", suffix=".npz")
        os.close(handle)
        path = save(space, Path(name))
    _emit(Compiled(space.count, str(path)))
    remember_compile(space)
    return 0


if __name__ == "__main__":
    sys.exit(main())
