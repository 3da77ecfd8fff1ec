"""The saved configuration, a small JSON file with the puzzle and the decisions in the order taken, read by
its schema (files of version 1, with N and the rule family, too) and replayed with the engine's own rules, so
that a contradictory file is refused naming the decision that fails; and the files a board opens from, told
apart by their content: a saved game (a JSON object of our format), or a level in any of its forms (its text,
or JSON: an array of rows, or an object with ``"regions"``), which opens as a game with no decision yet;
a file named as a saved game is read as one."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from bdd_model.decisions import Decision, DecisionRecord, first_conflict
from bdd_model.diagram.configurator import Configurator
from bdd_model.diagram.space import SolutionSpace
from bdd_model.engine import Engine, take_in_order, take_one
from bdd_model.engine_choice import LARGEST_N, check_board_size
from bdd_model.engines import EngineKind, as_built
from bdd_model.errors import DecisionError, NQueensError, QueryCancelled
from bdd_model.families import CLASSIC, family
from bdd_model.files.checked_file import FileKindError, read_bounded
from bdd_model.files.records import RecordError, convert, decode, encode
from bdd_model.files.untrusted_text import excerpt
from bdd_model.levels.level_file import parse_level
from bdd_model.progress import CancelToken
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle, Puzzle
from bdd_model.puzzles.level import LevelError

FORMAT = "nqueens-configuration"
VERSION = 2
OLD_VERSION = 1
"""Files of this version (N and the rule family) are read too."""

MAX_BYTES = 1 << 20
"""The largest configuration file read (N=15 with every square decided takes about 10 KB)."""
Bounded = Annotated[int, msgspec.Meta(ge=-(10**6), le=10**6)]
"""A number of the file: far beyond any board, yet never a huge integer to convert."""


class SavedGameError(NQueensError):
    """A configuration file that is not ours, damaged, or impossible."""


class Header(msgspec.Struct):
    """What says the file is a configuration, and of which version."""

    format: Any = None
    version: Any = None


class SavedGame(msgspec.Struct, forbid_unknown_fields=True):
    """The file: its format and version, the puzzle, and the decisions in the order taken."""

    format: str
    version: int
    puzzle: Puzzle
    decisions: list[msgspec.Raw]


class OldSavedGame(msgspec.Struct, forbid_unknown_fields=True):
    """A file of version 1: N, the decisions and the rule family (files written before there
    were families have none: the classic queens)."""

    format: str
    version: int
    n: Bounded
    decisions: list[msgspec.Raw]
    rules: Annotated[str, msgspec.Meta(max_length=100)] = CLASSIC.name


@dataclass(frozen=True)
class Configuration:
    """What a configuration file holds: the puzzle and its decisions in order."""

    puzzle: Puzzle
    decisions: tuple[Decision, ...]
    saved: bool = True
    """Read from a saved game (False: a level's own file, never saved over)."""


def dumps(puzzle: Puzzle, decisions: Sequence[Decision]) -> str:
    """The JSON text of a configuration."""
    record = {
        "format": FORMAT,
        "version": VERSION,
        "puzzle": puzzle,
        "decisions": [d.record() for d in decisions],
    }
    return msgspec.json.format(encode(record), indent=1).decode("utf-8")


def read_text(path: Path) -> str:
    """The text of a configuration file, read with a bound: SavedGameError for a file that is
    not a regular file (``/dev/zero``, a FIFO: never read) or is far larger than any
    configuration; OSError if it cannot be opened."""
    try:
        data = read_bounded(path, MAX_BYTES, "a configuration")
    except FileKindError as error:
        raise SavedGameError(str(error)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SavedGameError("the file is not text (not UTF-8)") from None


def loads(text: str) -> Configuration:
    """The configuration in ``text``; SavedGameError with one clear sentence if it is not valid."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise SavedGameError("the file is empty")
    try:
        header = decode(text, Header)
    except RecordError:
        raise SavedGameError("the file is not a configuration (not JSON, or cut short)") from None
    if header.format != FORMAT:
        raise SavedGameError("the file is not an N-Queens configuration")
    if header.version not in (VERSION, OLD_VERSION):
        version = excerpt(repr(header.version), 24)
        raise SavedGameError(
            f"the file has version {version}; this program reads {OLD_VERSION} and {VERSION}"
        )
    puzzle, raws = _new_game(text) if header.version == VERSION else _old_game(text)
    try:
        check_board_size(puzzle.n)
    except NQueensError as error:
        raise SavedGameError(f"the file's board size is impossible: {error}") from None
    decisions = tuple(_decision(raw, puzzle.n, number) for number, raw in enumerate(raws, start=1))
    return Configuration(puzzle, decisions)


def _new_game(text: str) -> tuple[Puzzle, list[msgspec.Raw]]:
    try:
        game = decode(text, SavedGame)
    except RecordError as error:
        raise SavedGameError(_impossible(str(error))) from None
    return game.puzzle, game.decisions


def _old_game(text: str) -> tuple[Puzzle, list[msgspec.Raw]]:
    """A file of version 1, its N and rule family as a puzzle."""
    try:
        game = decode(text, OldSavedGame)
        rules = family(game.rules)
    except RecordError as error:
        raise SavedGameError(_impossible(str(error))) from None
    except NQueensError as error:
        raise SavedGameError(str(error)) from None
    return FamilyPuzzle.of(rules, game.n), game.decisions


def _impossible(reason: str) -> str:
    """The sentence for a record that does not read (a board size far beyond any, or a family no
    module registered, is said so)."""
    if reason.startswith("unknown rules"):
        return reason.split(" - at ")[0]
    if reason in ("n is out of range", "puzzle.n is out of range"):
        return f"the file's board size is impossible: N is not one of 1 to {LARGEST_N}"
    return f"the file's content is impossible: {reason}"


def _decision(raw: msgspec.Raw, n: int, number: int) -> Decision:
    where = f"decision {number}"
    try:
        record = convert(msgspec.json.decode(raw), DecisionRecord)
    except (RecordError, msgspec.DecodeError):
        raise SavedGameError(f"{where} is not a queen or empty-square decision") from None
    try:
        return record.decision(n)
    except NQueensError as error:
        raise SavedGameError(f"{where}: {error}") from None


def replay(space: SolutionSpace, decisions: Sequence[Decision]) -> Configurator:
    """A new configurator with the decisions taken in order; DecisionError naming a refused one."""
    return take_in_order(Configurator(space), decisions)


START_CHECK = 1.0
"""Seconds an engine in the worker may take, before the window opens, to prove the decisions
given to it leave no solution."""


def refusal(
    puzzle: Puzzle, decisions: Sequence[Decision], engine: EngineKind, backend: str, compile_up_to: int
) -> str | None:
    """Why ``decisions`` cannot all be taken on the engine, found without a window: replayed on
    it (a built one when it is at hand: built here up to ``compile_up_to``, or kept; else
    checked pairwise while it is built), or None."""
    if not decisions:
        return None
    try:
        built_kind = as_built(engine, puzzle)
        if built_kind is None and engine.in_worker:
            return _proven_within(engine.open(puzzle), decisions)
        if built_kind is None:
            take_in_order(engine.open(puzzle), decisions)
            return None
        built = built_kind.at_hand(puzzle, backend, compile_up_to, lambda _: None)
        if built is None:
            return first_conflict(puzzle, decisions)
        built.board(decisions)
    except NQueensError as error:
        return str(error)
    return None


def _proven_within(board: Engine, decisions: Sequence[Decision]) -> str | None:
    """Why the decisions leave no solution, if that is proven within ``START_CHECK`` seconds;
    else None: the window opens at once and its worker decides (a hard board's proof may take
    minutes, and the window never waits on one)."""
    token = CancelToken()
    timer = threading.Timer(START_CHECK, token.cancel)
    timer.start()
    try:
        board.restore(decisions, token)
        return None
    except QueryCancelled:
        return None
    except NQueensError as error:
        refused = str(error)
    try:
        for taken in range(1, len(decisions) + 1):
            try:
                board.restore(decisions[:taken], token)
            except DecisionError:
                board.restore(decisions[: taken - 1], token)
                take_one(board, taken, decisions[taken - 1])
    except QueryCancelled:
        return refused
    except NQueensError as error:
        return str(error)
    finally:
        timer.cancel()
    return refused


SUFFIX = ".nqueens.json"
"""The name of a saved game's file ends so: such a file is read as one whatever it holds."""


class BoardFileError(NQueensError):
    """A file that is neither a saved game nor a level, or a damaged one of either."""


class _Keys(msgspec.Struct):
    """What tells a level's JSON object from a saved game's."""

    regions: Any = None


def read_board_file(path: Path) -> Configuration:
    """The board a file holds; BoardFileError in one sentence when it holds none, OSError when it
    cannot be read."""
    try:
        data = read_bounded(path, MAX_BYTES, "a saved game or a level")
    except FileKindError as error:
        raise BoardFileError(str(error)) from None
    return parse_board(data, path.name)


def parse_board(data: bytes, name: str = "") -> Configuration:
    """The board ``data`` holds (a file named ``name``'s bytes, or pasted text): a saved game or a
    level, told apart by content (and the saved game's suffix); BoardFileError in one sentence when
    it holds none."""
    if len(data) > MAX_BYTES:
        raise BoardFileError(f"it is over {MAX_BYTES:,} bytes: no saved game or level is that long")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BoardFileError("the file is not text (not UTF-8)") from None
    if not text.strip():
        raise BoardFileError("the file is empty")
    try:
        if name.lower().endswith(SUFFIX) or _is_saved_game(data):
            return loads(text)
        return Configuration(LevelPuzzle.of(parse_level(data)), (), saved=False)
    except (SavedGameError, LevelError) as error:
        raise BoardFileError(str(error)) from None


def _is_saved_game(data: bytes) -> bool:
    """A JSON object without a level's ``"regions"`` (anything else is read as a level)."""
    if not data.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"{"):
        return False
    try:
        return msgspec.json.decode(data.removeprefix(b"\xef\xbb\xbf"), type=_Keys).regions is None
    except msgspec.DecodeError:
        return True
