"""Every record this program reads or writes as JSON, read by its schema (msgspec): strict JSON (no
NaN or Infinity), every field of its type and within its bounds; an error is a few plain words."""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec

RecordT = TypeVar("RecordT")
_AT_BYTE = re.compile(r"\(byte (\d+)\)")
_NOT_NUMBERS = ("Infinity", "NaN")
_FIELD = re.compile(r"at `\$\.(\w+)`$")
_BOUND = re.compile(r"`[a-z]+` [<>]=? ")


class RecordError(ValueError):
    """A record that is not valid by its schema; the message says why in a few words."""


def decode(data: bytes | str, schema: type[RecordT]) -> RecordT:
    """``data`` read as ``schema``; RecordError saying what is wrong."""
    try:
        return msgspec.json.decode(data, type=schema, strict=True)
    except msgspec.DecodeError as error:
        raise RecordError(wording(error, data)) from None


def convert(value: Any, schema: type[RecordT]) -> RecordT:
    """An already decoded value (a part of a record) read as ``schema``; RecordError if it is not one."""
    try:
        return msgspec.convert(value, type=schema, strict=True)
    except msgspec.ValidationError as error:
        raise RecordError(wording(error, "")) from None


def encode(record: Any) -> bytes:
    """The compact JSON of a record."""
    return msgspec.json.encode(record)


def wording(error: msgspec.DecodeError, data: bytes | str) -> str:
    """What msgspec found, as a reader of the file would say it."""
    text = str(error)
    if isinstance(error, msgspec.ValidationError):
        field = _FIELD.search(text)
        if "out of range" in text or _BOUND.search(text):
            return f"{field.group(1) if field else 'a number'} is out of range"
        return text.replace("`", "")
    byte = _AT_BYTE.search(text)
    if byte is not None:
        raw = data.encode("utf-8", "replace") if isinstance(data, str) else data
        start = int(byte.group(1))
        found = next((word for word in _NOT_NUMBERS if raw[start : start + len(word)] == word.encode()), "")
        if found:
            return f"{found} is not a number"
    return "not valid JSON" if "malformed" in text or "truncated" in text else text
