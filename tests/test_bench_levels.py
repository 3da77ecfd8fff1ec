"""The bench folder of levels: at least 200 levels of every size from 6×6 to 18×18 and Star Battle's
10×10 with two stars, each with exactly one solution by the search without a compiler."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from bdd_model.levels.level_file import read_level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.level_search_kernels import LevelKernels

BENCH = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench"


def test_the_bench_folder_holds_unique_levels_of_every_size_people_publish() -> None:
    levels = [read_level(path) for path in sorted(BENCH.iterdir())]
    sizes = Counter((level.n, level.stars) for level in levels)
    assert len(levels) >= 200
    assert {n for n, stars in sizes if stars == 1} == set(range(6, 19)) and sizes[10, 2] >= 10
    plain = LevelKernels("numpy")
    assert all(LevelSearch(level, plain).counted(limit=2).solutions == 1 for level in levels)
