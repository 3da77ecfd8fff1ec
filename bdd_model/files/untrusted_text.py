"""Quoting text that came from outside (a file, an argument, a path) in a one-line message: a short excerpt
with every unprintable character escaped, so that it can neither flood the terminal nor forge lines or
colours."""

from __future__ import annotations

EXCERPT = 40
"""Characters of untrusted text quoted in a message, escapes included."""
PATH_EXCERPT = 160
"""Characters of a path quoted in a message: paths are often long, and the user's own."""


def excerpt(text: str | bytes, limit: int = EXCERPT) -> str:
    """At most ``limit`` printable characters of ``text``, unprintable ones escaped, ``…`` if cut.

    Bytes are decoded as UTF-8; bytes that are not UTF-8 are shown as ``\\xNN``.
    """
    if isinstance(text, bytes):
        text = text[: 4 * limit + 4].decode("utf-8", "backslashreplace")
    pieces: list[str] = []
    length = 0
    for char in text:
        piece = char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        if length + len(piece) > limit:
            return "".join(pieces) + "…"
        pieces.append(piece)
        length += len(piece)
    return "".join(pieces)
