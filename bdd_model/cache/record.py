"""The JSON record stored beside a cached diagram's arrays, read by its schema, and the SHA-256 over the
format version, the record and the arrays that binds them, so that no part can be swapped or edited alone;
records of format 2 (the board as N and a rule family) are read too, so that no cached diagram is lost."""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any, cast

import msgspec
import numpy as np

from bdd_model.diagram.constructions import CONSTRUCTIONS
from bdd_model.diagram.space import SpaceInfo
from bdd_model.errors import CacheError
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.files.records import RecordError, convert, decode
from bdd_model.files.untrusted_text import excerpt
from bdd_model.puzzles import FamilyPuzzle

FORMAT_VERSION = 3
OLD_FORMAT = 2
"""Records of this format (N and a rule family) are read too."""
ARRAY_NAMES = ("widths", "row_edges", "src", "col", "dst")
MAX_RECORD = 65536
"""Characters of the stored JSON record (N=15 writes about 2,000)."""

Count = Annotated[int, msgspec.Meta(ge=0, lt=10**15)]
"""A count a record holds (N=15 has 51,889,029 BDD nodes)."""
Number = Annotated[int, msgspec.Meta(gt=-(10**15), lt=10**15)]
Value = Number | float | str | bool | None | list[Count] | dict[str, Number | str]
"""Any value of a record before its fields are known: numbers bounded, one level of nesting (the
puzzle)."""
Seconds = Annotated[float, msgspec.Meta(ge=0)]


class CacheRecord(msgspec.Struct, forbid_unknown_fields=True):
    """The record as stored: the puzzle, ``SpaceInfo``'s figures, the format and the checksum."""

    format: int
    puzzle: FamilyPuzzle
    backend: str
    construction: str
    solutions: Count
    bdd_nodes: Count
    level_nodes: list[Count]
    compile_seconds: Seconds
    sha256: str


class OldCacheRecord(msgspec.Struct, forbid_unknown_fields=True):
    """A record of format 2: the board as N and a rule family (none: the classic queens)."""

    format: int
    n: int
    backend: str
    construction: str
    solutions: Count
    bdd_nodes: Count
    level_nodes: list[Count]
    compile_seconds: Seconds
    sha256: str
    rules: str = CLASSIC.name


def digest(record: dict[str, object], arrays: dict[str, np.ndarray]) -> str:
    """SHA-256 of the record's format version, the record without its checksum, and the arrays."""
    version = record.get("format", FORMAT_VERSION)
    sha = hashlib.sha256(f"nqueens-configurator cache {version}\n".encode())
    content = {key: value for key, value in record.items() if key != "sha256"}
    sha.update(json.dumps(content, sort_keys=True).encode())
    for name in ARRAY_NAMES:
        array = np.ascontiguousarray(arrays[name])
        sha.update(name.encode())
        sha.update(str(array.dtype).encode())
        sha.update(array.tobytes())
    return sha.hexdigest()


def make_record(info: SpaceInfo, arrays: dict[str, np.ndarray]) -> dict[str, object]:
    """The record to store with ``arrays``, checksum included."""
    record: dict[str, object] = {"format": FORMAT_VERSION, **info.to_json()}
    record["sha256"] = digest(record, arrays)
    return record


def parse_record(text: str) -> dict[str, object]:
    """The stored record's fields; CacheError saying why if it is not strict JSON of bounded values."""
    try:
        fields: dict[str, object] = decode(text, cast(Any, dict[str, Value]))
    except RecordError as error:
        raise CacheError(f"is damaged (its record is not valid: {excerpt(str(error), 60)})") from None
    return fields


def check_record(
    record: dict[str, object],
    n: int,
    backend: str,
    arrays: dict[str, np.ndarray],
    rules: RuleFamily = CLASSIC,
) -> SpaceInfo:
    """The figures of the record if it belongs to this board and backend, is intact and sane;
    otherwise CacheError with what is wrong, as the end of "the cached 8×8 diagram …"."""
    version = record.get("format")
    if version not in (FORMAT_VERSION, OLD_FORMAT) or type(version) is not int:
        raise CacheError("was written by another version of this program")
    old = version == OLD_FORMAT
    stored_n, stored_rules = _board_of(record, old)
    if stored_n != n or type(stored_n) is not int:
        raise CacheError(f"holds another board ({_board(stored_n)})")
    if stored_rules != (rules.stored_name if old else rules.name):
        raise CacheError(f"holds other rules ({excerpt(repr(stored_rules), 24)})")
    if record.get("backend") != backend:
        raise CacheError(f"was compiled by another backend ({excerpt(repr(record.get('backend')), 24)})")
    if record.get("sha256") != digest(record, arrays):
        raise CacheError("is damaged (checksum mismatch)")
    try:
        stored: CacheRecord | OldCacheRecord = (
            convert(record, OldCacheRecord) if old else convert(record, CacheRecord)
        )
    except RecordError as error:
        raise CacheError(f"is damaged (its record is not valid: {excerpt(str(error), 60)})") from None
    known = rules.known_count(n)
    if known is not None and stored.solutions != known:
        raise CacheError(f"is damaged (it claims {stored.solutions} solutions, not {known})")
    if len(stored.level_nodes) != n * n or any(k > stored.bdd_nodes for k in stored.level_nodes):
        raise CacheError("is damaged (its node counts are malformed)")
    if stored.construction not in CONSTRUCTIONS:
        raise CacheError("is damaged (its construction is unknown)")
    return SpaceInfo(
        FamilyPuzzle.of(rules, n),
        backend,
        stored.construction,
        stored.solutions,
        stored.bdd_nodes,
        tuple(stored.level_nodes),
        stored.compile_seconds,
    )


def _board_of(record: dict[str, object], old: bool) -> tuple[object, object]:
    """The size and the family's name a record says it holds (format 2: N, and the family's
    name or none for the classic queens; format 3: the puzzle's)."""
    if old:
        return record.get("n"), record.get("rules")
    puzzle = record.get("puzzle")
    if not isinstance(puzzle, dict):
        return None, None
    return puzzle.get("n"), puzzle.get("family")


def _board(n: object) -> str:
    return f"{n}×{n}" if type(n) is int else excerpt(repr(n), 24)
