"""Compiled spaces shared by the engine tests: compile each (N, backend) once per session."""

from __future__ import annotations

from functools import cache

from bdd_model import SolutionSpace


@cache
def space(n: int, backend: str) -> SolutionSpace:
    return SolutionSpace.compile(n, backend)
