"""Counts, lists, durations and sizes as both front ends say them: "2,451 nodes", "a, b and c",
"about 45 s", "1.2 GB"."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(items: Iterable[str], between: str = ", ") -> str:
    """ "a", "a and b", "a, b and c" (``between``: "; " where the items hold commas)."""
    words = list(items)
    return words[0] if len(words) == 1 else between.join(words[:-1]) + " and " + words[-1]


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 node", "2,451 nodes": the count with thousands separators and the word agreeing."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


def duration(seconds: float) -> str:
    """A rough duration: "under a second", "about 8 s", "about 6 min", "about 2 h"."""
    if seconds < 1:
        return "under a second"
    if seconds < 90:
        return f"about {round(seconds)} s"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60)} min"
    return f"about {round(seconds / 3600)} h"


def memory(megabytes: float) -> str:
    """A memory size: "330 MB", "1.2 GB"."""
    return f"{round(megabytes)} MB" if megabytes < 1000 else f"{megabytes / 1000:.1f} GB"
