"""The JSON record stored beside a cached diagram's arrays, and the checksum that binds them.

The SHA-256 covers the format version, the record (in canonical form) and the arrays, so no
part can be swapped or edited alone. The record is read strictly: no NaN or Infinity, no
numbers longer than any count of a board up to 15×15, every field of its type and within its
bounds, and the count equal to the known number of solutions (OEIS A000170).
"""

from __future__ import annotations

import hashlib
import json
import math

import numpy as np

from bdd_model.diagram.constructions import CONSTRUCTIONS
from bdd_model.diagram.space import SpaceInfo
from bdd_model.diagram.verification import known_count
from bdd_model.errors import CacheError
from bdd_model.files.untrusted_text import excerpt

FORMAT_VERSION = 2
ARRAY_NAMES = ("widths", "row_edges", "src", "col", "dst")
MAX_RECORD = 65536
"""Characters of the stored JSON record (N=15 writes about 2,000)."""
_MAX_DIGITS = 15
"""Digits of the longest number a record holds (N=15 has 51,889,029 BDD nodes)."""
_FIELDS = {"format", "sha256", *SpaceInfo.__dataclass_fields__}


def digest(record: dict[str, object], arrays: dict[str, np.ndarray]) -> str:
    """SHA-256 of the format version, the record without its checksum, and the arrays."""
    sha = hashlib.sha256(f"nqueens-configurator cache {FORMAT_VERSION}\n".encode())
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
    """The stored record as a dict; CacheError saying why if it is not strictly valid JSON."""
    try:
        record = json.loads(
            text, parse_constant=_refuse_constant, parse_float=_finite_float, parse_int=_short_int
        )
    except (ValueError, RecursionError) as error:
        raise CacheError(f"is damaged (its record is not valid: {excerpt(str(error), 60)})") from None
    if not isinstance(record, dict):
        raise CacheError("is damaged (its record is not an object)")
    return record


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number")


def _finite_float(text: str) -> float:
    value = float(text)
    if len(text) > 2 * _MAX_DIGITS or not math.isfinite(value):
        raise ValueError("a number is out of range")
    return value


def _short_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError("a number is out of range")
    return int(text)


def check_record(record: dict[str, object], n: int, backend: str, arrays: dict[str, np.ndarray]) -> SpaceInfo:
    """The figures of the record if it belongs to this board and backend, is intact and sane;
    otherwise CacheError with what is wrong, as the end of "the cached 8×8 diagram …"."""
    if record.get("format") != FORMAT_VERSION or type(record.get("format")) is not int:
        raise CacheError("was written by another version of this program")
    stored_n = record.get("n")
    if stored_n != n or type(stored_n) is not int:
        raise CacheError(f"holds another board ({_board(stored_n)})")
    if record.get("backend") != backend:
        raise CacheError(f"was compiled by another backend ({excerpt(repr(record.get('backend')), 24)})")
    if record.get("sha256") != digest(record, arrays):
        raise CacheError("is damaged (checksum mismatch)")
    if set(record) != _FIELDS:
        raise CacheError("is damaged (its record has other fields)")
    solutions, nodes, levels = record["solutions"], record["bdd_nodes"], record["level_nodes"]
    if not _whole(solutions) or solutions != known_count(n):
        raise CacheError(
            f"is damaged (it claims {excerpt(repr(solutions), 24)} solutions, not {known_count(n)})"
        )
    if not _whole(nodes) or not isinstance(levels, list) or len(levels) != n * n:
        raise CacheError("is damaged (its node counts are malformed)")
    if not all(_whole(k) and k <= nodes for k in levels):
        raise CacheError("is damaged (its node counts are malformed)")
    seconds = record["compile_seconds"]
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds < 0:
        raise CacheError("is damaged (its compile time is malformed)")
    if record["construction"] not in CONSTRUCTIONS:
        raise CacheError("is damaged (its construction is unknown)")
    return SpaceInfo.from_json(record)


def _whole(value: object) -> bool:
    return type(value) is int and value >= 0


def _board(n: object) -> str:
    return f"{n}×{n}" if type(n) is int else excerpt(repr(n), 24)
