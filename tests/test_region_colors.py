"""Region colours for every eye: regions that share an edge differ by a CIEDE2000 ΔE of at least 20
in normal vision and 10 under simulated protanopia, deuteranopia and tritanopia (Machado et al.,
severity 1), in both palettes, on every bundled and bench level and on random maps."""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import numpy as np
from coloraide import Color
from hypothesis import given, settings
from hypothesis import strategies as st

from app.gui.board.region_colors import region_shades
from app.gui.board.theme import DARK, LIGHT, BoardColors
from bdd_model.levels.level_file import read_level
from bdd_model.puzzles import LevelPuzzle

LEVELS = Path(__file__).resolve().parent.parent / "resources" / "levels"
DEFICIENCIES = ("protan", "deutan", "tritan")
NORMAL_DELTA, DEFICIENT_DELTA = 20.0, 10.0


def _seen(hex_rgb: str) -> list[Color]:
    """The colour as normal vision and the three simulated deficiencies see it."""
    colour = Color(hex_rgb)
    deficient = [colour.filter(kind, 1, method="machado").convert("srgb") for kind in DEFICIENCIES]
    return [colour, *deficient]


@cache
def _differences(palette: tuple[str, ...]) -> dict[tuple[int, int], list[float]]:
    """Every ordered pair of the palette's colours: ΔE 2000 in normal vision, then per deficiency."""
    seen = [_seen(hex_rgb) for hex_rgb in palette]
    return {
        (a, b): [x.delta_e(y, method="2000") for x, y in zip(seen[a], seen[b], strict=True)]
        for a, b in itertools.permutations(range(len(palette)), 2)
    }


def _palette(colors: BoardColors) -> tuple[str, ...]:
    return tuple(colour.name() for colour in colors.regions)


def _neighbour_pairs(regions: np.ndarray, shades: np.ndarray) -> set[tuple[int, int]]:
    """The colour pairs of squares that share an edge across a region border."""
    pairs: set[tuple[int, int]] = set()
    for a, b in ((np.s_[:, :-1], np.s_[:, 1:]), (np.s_[:-1, :], np.s_[1:, :])):
        border = regions[a] != regions[b]
        pairs.update(zip(shades[a][border].tolist(), shades[b][border].tolist(), strict=True))
    return pairs


def _assert_told_apart(regions: np.ndarray, where: str) -> None:
    for colors in (LIGHT, DARK):
        palette = _palette(colors)
        shades = region_shades(regions, len(palette))
        for pair in _neighbour_pairs(regions, shades):
            assert pair[0] != pair[1], f"{where}: two neighbouring regions share {palette[pair[0]]}"
            normal, *deficient = _differences(palette)[pair]
            assert normal >= NORMAL_DELTA and min(deficient) >= DEFICIENT_DELTA, (
                f"{where}: {palette[pair[0]]} beside {palette[pair[1]]}: ΔE {normal:.1f}, "
                f"colour-blind {min(deficient):.1f}"
            )


def test_every_two_colours_of_each_palette_are_told_apart_by_every_eye() -> None:
    for colors in (LIGHT, DARK):
        for (a, b), (normal, *deficient) in _differences(_palette(colors)).items():
            assert normal >= NORMAL_DELTA, (a, b, normal)
            assert min(deficient) >= DEFICIENT_DELTA, (a, b, deficient)


def test_neighbouring_regions_of_every_bundled_and_bench_level_are_told_apart() -> None:
    files = sorted(LEVELS.glob("*/*.txt"))
    assert len(files) >= 300
    for path in files:
        level = LevelPuzzle.of(read_level(path))
        _assert_told_apart(np.asarray(level.region_of), path.name)


@st.composite
def maps(draw: st.DrawFn) -> np.ndarray:
    """An n×n map of connected regions grown from random seeds, one square at a time."""
    n = draw(st.integers(3, 20))
    count = draw(st.integers(1, n))
    seeds = draw(st.lists(st.integers(0, n * n - 1), min_size=count, max_size=count, unique=True))
    region = np.full(n * n, -1)
    region[seeds] = range(count)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    while (region < 0).any():
        square = int(rng.choice(np.flatnonzero(region >= 0)))
        r, c = divmod(square, n)
        near = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
        near = [
            s
            for s, (dr, dc) in zip(near, ((0, 1), (1, 0), (0, -1), (-1, 0)), strict=True)
            if 0 <= r + dr < n and 0 <= c + dc < n and region[s] < 0
        ]
        if near:
            region[near[int(rng.integers(len(near)))]] = region[square]
    return region.reshape(n, n)


@given(maps())
@settings(max_examples=150, deadline=None)
def test_any_map_of_connected_regions_is_coloured_so_that_neighbours_are_told_apart(
    regions: np.ndarray,
) -> None:
    _assert_told_apart(regions, f"map {regions.tolist()}")
    shades = region_shades(regions, len(LIGHT.regions))
    count = int(regions.max()) + 1
    if count <= len(LIGHT.regions):
        assert len({int(shades[regions == k][0]) for k in range(count)}) == count
