"""The bundled collection (``resources/levels/collection``, made by ``tools/make_collection.py``):
every level unique for z3, rated as its name says, at least 60 one-star levels from 5×5 to 11×11 of
every difficulty and 10 Star Battle levels."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from app.bench.level_bench import z3_unique
from bdd_model.levels.level_file import read_level
from bdd_model.levels.making.generator import generate
from bdd_model.levels.techniques.rating import DIFFICULTIES, by_techniques

COLLECTION = Path(__file__).resolve().parent.parent / "resources" / "levels" / "collection"
FILES = sorted(COLLECTION.glob("*.txt"))


def test_the_collection_holds_every_size_and_difficulty_it_promises() -> None:
    kinds: Counter[tuple[str, str]] = Counter()
    for path in FILES:
        size, difficulty, _ = path.stem.split("-")
        kinds[size, difficulty] += 1
    one_star = {(f"{n:02d}", d): 3 for n in range(5, 12) for d in ("easy", "medium", "hard")}
    assert kinds == {**one_star, ("10x2", "medium"): 5, ("10x2", "hard"): 5}


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_each_collection_level_is_unique_and_rated_as_named(path: Path) -> None:
    level = read_level(path)
    size, difficulty, _ = path.stem.split("-")
    assert size == (f"{level.n:02d}" if level.stars == 1 else f"{level.n:02d}x{level.stars}")
    assert z3_unique(level)
    rating = by_techniques(level)
    assert rating.left == 0 and rating.difficulty == difficulty


def test_the_collection_comes_back_from_its_seeds() -> None:
    for path in FILES[:: len(FILES) // 6]:
        first = path.read_text().splitlines()[0]
        difficulty = DIFFICULTIES[DIFFICULTIES.index(path.stem.split("-")[1])]
        level = read_level(path)
        seed = int(first.removeprefix("# seed "))
        assert generate(level.n, level.stars, difficulty, seed) == level
