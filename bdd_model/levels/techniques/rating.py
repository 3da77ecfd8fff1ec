"""A level's difficulty as the techniques alone solve it: which techniques it needs, how often, and
the hardest of them (``single`` and ``confined`` easy, ``chain`` hard, the rest medium)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from bdd_model.errors import NQueensError
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.techniques import TECHNIQUES, next_deduction
from bdd_model.levels.techniques.position import Position, Shape
from bdd_model.puzzles.level import Level

Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")
EASY = frozenset({"single", "confined"})
HARD = frozenset({"chain", "trial"})
MOST_TRIALS = 12
"""Trials a level made as hard may need: a 14×14 two-star level that needed 39 took 18 s to rate,
those that needed 12 or fewer 1.7 s at most (docs/measurements.md)."""


class NotUnique(NQueensError):
    """Only a level with exactly one solution is rated."""


@dataclass(frozen=True)
class Rating:
    """The techniques a solution by the techniques alone used, in ``TECHNIQUES`` order with how many
    deductions each made, and the squares they left undecided (0 when they solve the level)."""

    techniques: tuple[tuple[str, int], ...]
    left: int

    @property
    def difficulty(self) -> Difficulty:
        """Easy, medium or hard by the hardest technique used; hard too when the techniques stop
        short of the solution."""
        used = {name for name, _ in self.techniques}
        if self.left or used & HARD:
            return "hard"
        return "easy" if used <= EASY else "medium"


def by_techniques(level: Level, most_trials: float = math.inf) -> Rating:
    """The rating of the techniques' solution, deduction after deduction from the empty board,
    stopped short after ``most_trials`` trials."""
    position = Position(Shape(level))
    used: Counter[str] = Counter()
    while not position.solved and used["trial"] < most_trials and (deduction := next_deduction(position)):
        used[deduction.technique] += 1
        position = position.applied(deduction)
    order = [technique.NAME for technique in TECHNIQUES if technique.NAME in used]
    left = 0 if position.solved else position.open.bit_count()
    return Rating(tuple((name, used[name]) for name in order), left)


def rated_as(level: Level, difficulty: Difficulty) -> bool:
    """True when ``by_techniques(level)`` would solve the level at ``difficulty``, found with only
    the techniques of that difficulty and those below it, and hard only with ``MOST_TRIALS`` trials
    at most: the generator rejects most levels it draws, and the harder techniques cost the most."""
    if difficulty == "hard":
        rating = by_techniques(level, MOST_TRIALS)
        return not rating.left and rating.difficulty == "hard"
    position, used = _stopped(level, difficulty)
    return position.solved and (used <= EASY) == (difficulty == "easy")


def left_open(level: Level, difficulty: Difficulty) -> int:
    """The squares (bit r·n + c) the techniques of ``difficulty`` and those below it leave open
    where they stop; 0 when they solve the level."""
    position, _ = _stopped(level, difficulty)
    return 0 if position.solved else position.open


def _stopped(level: Level, difficulty: Difficulty) -> tuple[Position, set[str]]:
    """Where the techniques up to an easy or medium ``difficulty`` stop, and those they used."""
    allowed = [t for t in TECHNIQUES if t.NAME in EASY or (difficulty != "easy" and t.NAME not in HARD)]
    position = Position(Shape(level))
    used: set[str] = set()
    while not position.solved:
        deduction = next((found for t in allowed if (found := t.find(position)) is not None), None)
        if deduction is None:
            break
        used.add(deduction.technique)
        position = position.applied(deduction)
    return position, used


def rate(level: Level) -> Rating:
    """The level's rating; NotUnique unless it has exactly one solution."""
    solutions = LevelSearch(level).counted(limit=2).solutions
    if solutions != 1:
        found = "no solution" if solutions == 0 else "more than one solution"
        raise NotUnique(f"the level has {found}: only a level with one solution is rated")
    return by_techniques(level)
