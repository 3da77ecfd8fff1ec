"""Compiled spaces shared by the engine tests: compile each (N, backend, family) once per session."""

from __future__ import annotations

from functools import cache

from bdd_model import SolutionSpace
from bdd_model.families import CLASSIC, RuleFamily


@cache
def space(n: int, backend: str, rules: RuleFamily = CLASSIC) -> SolutionSpace:
    return SolutionSpace.compile(n, backend, rules=rules)
