"""Levels with exactly one solution and a chosen difficulty: draws (``draw.Draw``) are made unique
and kept when the techniques alone solve them at the difficulty asked (two-star medium: once eased
there), until one is."""

from __future__ import annotations

import math
import random
import time

from bdd_model.errors import NQueensError
from bdd_model.levels.making.draw import Draw
from bdd_model.levels.techniques.rating import Difficulty, rated_as
from bdd_model.puzzles.level import Level, LevelError

SIZES = {1: range(5, 15), 2: range(8, 15)}
"""The sizes made for each number of stars."""
SPREAD = {"easy": 1.0, "medium": 1.0, "hard": 0.0}
"""How unequal the regions grow for each difficulty: regions grown at equal speeds need chains
three times as often (docs/measurements.md); easy and medium grow as the bench folder's."""
TWO_STAR_SPREAD = 1.0
"""Two-star levels grow at unequal speeds whatever the difficulty: most unique ones need chains
anyway, and equal speeds end unique rarely at 14x14 (2 of 100 draws for one seed); 14x14 hard took
p50 11.5 s with equal speeds, 1.8 s with unequal (docs/measurements.md)."""
TRIES = 3000
"""Unique levels drawn before giving up on the difficulty. A draw takes 0.4 ms at 5×5, 18 ms at
12×12 and 67 ms at 14×14, where ``SECONDS`` ends it first; a hard 5×5 level is about one draw
in a hundred (300 draws gave up on 11 seeds of 300, 2000 on none)."""
SECONDS = 60.0
"""How long to draw before giving up: the rarest kinds (hard two-star levels past 11×11) take
seconds a level."""
EASED = {(2, "medium")}
"""Kinds of level whose unique draws are eased when the techniques asked leave them unsolved: at
14×14 one unique two-star level in four or five is medium as drawn, and most of the others can be
eased (docs/measurements.md); the one-star levels come out as before from their seeds."""
UNREACHED = {
    (2, "easy"): "no two-star level drawn was easy enough (each needed more than the simplest steps); "
    "ask for a medium or hard one"
}
"""Difficulties no level drawn ever had, in a player's words (none of the unique two-star levels
drawn in measurement needed only ``single`` and ``confined``)."""


class NotToBeHad(NQueensError):
    """No level of that difficulty: none was ever drawn, or none among ``TRIES`` from the seed."""


def generate(n: int, stars: int, difficulty: Difficulty, seed: int, seconds: float = SECONDS) -> Level:
    """The first of the levels drawn from ``seed`` that has one solution and that the techniques
    alone solve at ``difficulty``: the same level for the same arguments, or NotToBeHad after
    ``TRIES`` levels or ``seconds``. LevelError for a size or number of stars not made."""
    sizes = SIZES.get(stars)
    if sizes is None:
        raise LevelError(f"levels are made with 1 or 2 stars, not {stars}")
    if n not in sizes:
        raise LevelError(
            f"levels with {stars} star{'s' * (stars > 1)} are {sizes.start} to {sizes.stop - 1} wide, not {n}"
        )
    if (stars, difficulty) in UNREACHED:
        raise NotToBeHad(f"no {difficulty} level with {stars} stars: {UNREACHED[stars, difficulty]}")
    rng = random.Random(f"level {n} {stars} {difficulty} {seed}")
    deadline = time.monotonic() + seconds
    for _ in range(TRIES):
        if time.monotonic() > deadline:
            raise NotToBeHad(f"no {difficulty} {n}×{n} level found from seed {seed} in {seconds:g} s")
        spread = SPREAD[difficulty] if stars == 1 else TWO_STAR_SPREAD
        with Draw(n, stars, rng, spread) as draw:
            if not draw.made_unique(deadline):
                continue
            if rated_as(draw.level(), difficulty):
                return draw.level()
            if (
                (stars, difficulty) in EASED
                and draw.eased(difficulty, deadline)
                and rated_as(draw.level(), difficulty)
            ):
                return draw.level()
    raise NotToBeHad(f"no {difficulty} {n}×{n} level found in {TRIES} levels drawn from seed {seed}")


def made_text(level: Level, difficulty: Difficulty, seed: int) -> str:
    """The level's text form after two comments: ``# seed S`` first, then what it is."""
    what = described(level, difficulty, "x")
    return f"# seed {seed}\n# {what}, made by nqueens level generate\n{level.text()}"


def described(level: Level, difficulty: Difficulty, by: str = "×") -> str:
    """What a level made is: "an easy 6×6 level", "a hard 10×10 level with 2 stars" (``by``: "x"
    in a level file, which is ASCII)."""
    article = "an" if difficulty == "easy" else "a"
    stars = f" with {level.stars} stars" if level.stars > 1 else ""
    return f"{article} {difficulty} {level.n}{by}{level.n} level{stars}"


def unique_level(
    n: int,
    stars: int,
    rng: random.Random,
    spread: float = 1.0,
    deadline: float = math.inf,
) -> Level | None:
    """A level whose only solution is the planted one, or None when the moves run out or the
    clock (``time.monotonic``) passes ``deadline``."""
    with Draw(n, stars, rng, spread) as draw:
        return draw.level() if draw.made_unique(deadline) else None
