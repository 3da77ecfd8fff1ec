"""Durations and sizes as people say them: "about 45 s", "about 5 min", "1.2 GB"."""

from __future__ import annotations


def duration(seconds: float) -> str:
    """A rough duration: "under a second", "about 8 s", "about 2 min"."""
    if seconds < 1:
        return "under a second"
    if seconds < 90:
        return f"about {round(seconds)} s"
    return f"about {round(seconds / 60)} min"


def memory(megabytes: float) -> str:
    """A memory size: "330 MB", "1.2 GB"."""
    if megabytes < 1000:
        return f"{round(megabytes)} MB"
    return f"{megabytes / 1000:.1f} GB"
