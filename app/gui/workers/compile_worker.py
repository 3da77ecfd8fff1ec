"""The child process that builds one puzzle for a built engine (compiles a diagram) into the cache for the
window, one message a line, apart from it because dd.cudd holds the GIL for a whole compile and running out of
memory must not take the window down."""

from __future__ import annotations

import argparse
import sys

import msgspec

from app.options import SettingError, limit_memory
from bdd_model import NQueensError, Progress
from bdd_model.engines import BuiltEngineKind, engine_named, engines
from bdd_model.files.records import RecordError, decode
from bdd_model.puzzles import Puzzle


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
    parser.add_argument("puzzle", help="the puzzle to build, as its JSON record")
    parser.add_argument("--backend", default="auto")
    parser.add_argument("--engine", default=next(k.name for k in engines() if isinstance(k, BuiltEngineKind)))
    args = parser.parse_args(argv)
    try:
        limit_memory(args.backend)
        puzzle: Puzzle = decode(args.puzzle, Puzzle)  # type: ignore[arg-type]
        kind = engine_named(args.engine)
        if not isinstance(kind, BuiltEngineKind):
            raise NQueensError(f"the {kind.title} is built for no board")
    except RecordError as error:
        _emit(Failed(f"not a puzzle: {error}"))
        return 2
    except (SettingError, NQueensError) as error:
        _emit(Failed(str(error)))
        return 2

    def report(progress: Progress) -> None:
        _emit(Progressed(progress.phase, progress.done, progress.total))

    def warn(message: str) -> None:
        _emit(Warned(message))

    try:
        kind.build(puzzle, args.backend, report, warn, lambda path, count: _emit(Compiled(count, str(path))))
    except MemoryError:
        _emit(Failed(f"compiling the {puzzle.title} board ran out of memory"))
        return 3
    except NQueensError as error:
        _emit(Failed(str(error)))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
