"""Level files: the text form (rows of region symbols, an optional ``stars K`` line, ``#`` comments) and
the JSON forms community collections write, told apart by content; anything else is one sentence."""

from __future__ import annotations

import json
from pathlib import Path

from bdd_model.files.checked_file import FileKindError, read_bounded
from bdd_model.files.untrusted_text import excerpt
from bdd_model.puzzles.level import MAX_STARS, Level, LevelError

MAX_BYTES = 1 << 20
"""The largest level file read: a 30×30 level is under 2 KB, comments and all."""


def read_level(path: Path) -> Level:
    """The level in a file; LevelError saying what is wrong (the file's kind, its size, its text)."""
    try:
        data = read_bounded(path, MAX_BYTES, "a level")
    except FileKindError as error:
        raise LevelError(f"cannot read the level: {error}") from None
    except OSError as error:
        raise LevelError(f"cannot read the level: {error.strerror or error}") from None
    return parse_level(data)


def level_form(level: Level, name: str) -> tuple[str, str]:
    """The level as a file named ``name`` holds it, and the form's name: JSON,
    ``{"stars": K, "regions": [...]}``, when the name ends in ``.json`` (any case), else text."""
    if name.lower().endswith(".json"):
        return json.dumps({"stars": level.stars, "regions": list(level.regions)}) + "\n", "JSON"
    return level.text(), "text"


def parse_level(data: bytes) -> Level:
    """A level from a file's bytes, text or JSON."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise LevelError(f"a level is ASCII text, and this is not: {excerpt(data)}") from None
    if "\0" in text:
        raise LevelError("a level is text, and this file holds NUL bytes")
    if text.lstrip()[:1] in ("[", "{"):
        return _from_json(text)
    return _from_text(text)


def _from_text(text: str) -> Level:
    stars = 1
    rows: list[str] = []
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] == "stars":
            if rows:
                raise LevelError(f"line {number}: 'stars K' comes before the grid")
            stars = _stars(" ".join(words[1:]), f"line {number}")
            continue
        rows.append("".join(words))
    if not rows:
        raise LevelError("the file holds no grid of regions")
    return Level(tuple(rows), stars)


def _from_json(text: str) -> Level:
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise LevelError(f"the level is not valid JSON: {getattr(error, 'msg', 'nested too deep')}") from None
    stars = 1
    if isinstance(value, dict):
        if "regions" not in value:
            raise LevelError('a JSON level object has "regions" (and may have "stars")')
        stars = _stars(value.get("stars", 1), '"stars"')
        value = value["regions"]
    if not isinstance(value, list) or not value:
        raise LevelError("a JSON level is a list of rows, or an object with one")
    rows = []
    for r, row in enumerate(value, start=1):
        if isinstance(row, str):
            rows.append("".join(row.split()))
        elif isinstance(row, list) and all(isinstance(s, str) and len(s) == 1 for s in row):
            rows.append("".join(row))
        else:
            raise LevelError(
                f"row {r} of the JSON level is neither a string nor a list of one-symbol strings"
            )
    return Level(tuple(rows), stars)


def _stars(value: object, where: str) -> int:
    """K of ``stars K``, from 1 to MAX_STARS."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise LevelError(f"{where}: stars is a whole number from 1 to {MAX_STARS}")
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_STARS:
        raise LevelError(f"{where}: stars is a whole number from 1 to {MAX_STARS}, not {excerpt(text)!r}")
    return int(text)
