"""The colours of a level's regions. Every two colours of a palette's region set are told apart by
normal and colour-blind eyes (tests/test_region_colors.py measures them), so regions that share an
edge only need different colours: the regions are coloured in smallest-last order, which needs at
most six colours on a map of connected regions, each taking the free colour least used so far
(its own, region k the k-th, while the set lasts), and one that no region touching it at a corner
has where it can. The thick borders and View → Region Symbols tell regions apart without colour."""

from __future__ import annotations

import numpy as np


def region_shades(region_of: np.ndarray, colours: int) -> np.ndarray:
    """Each square's colour index (n×n) for a level's regions, ``colours`` to choose from."""
    regions = int(region_of.max()) + 1
    beside = _touching(region_of, ((slice(None), slice(None, -1)), (slice(None), slice(1, None))))
    beside |= _touching(region_of, ((slice(None, -1), slice(None)), (slice(1, None), slice(None))))
    corner = _touching(region_of, ((slice(None, -1), slice(None, -1)), (slice(1, None), slice(1, None))))
    corner |= _touching(region_of, ((slice(None, -1), slice(1, None)), (slice(1, None), slice(None, -1))))
    colour = [-1] * regions
    uses = [0] * colours
    for region in _smallest_last(beside):
        edge = {colour[other] for other in np.flatnonzero(beside[region]).tolist()}
        touch = {colour[other] for other in np.flatnonzero(corner[region]).tolist()}
        pick = min(
            range(colours),
            key=lambda c: (c in edge, c in touch, uses[c], (c - region) % colours),
        )
        colour[region] = pick
        uses[pick] += 1
    return np.array(colour, dtype=np.intp)[region_of]


def _touching(region_of: np.ndarray, pair: tuple[tuple[slice, slice], tuple[slice, slice]]) -> np.ndarray:
    """Which regions meet across the squares paired by the two slices (a symmetric matrix)."""
    regions = int(region_of.max()) + 1
    a, b = region_of[pair[0]].ravel(), region_of[pair[1]].ravel()
    apart = a != b
    meet = np.zeros((regions, regions), dtype=bool)
    meet[a[apart], b[apart]] = True
    return meet | meet.T


def _smallest_last(beside: np.ndarray) -> list[int]:
    """The regions in the order to colour them: each, when coloured, has at most as many coloured
    neighbours as the map's degeneracy (five at most on a plane map)."""
    left = set(range(len(beside)))
    removed: list[int] = []
    while left:
        region = min(left, key=lambda k: (int(beside[k, list(left)].sum()), k))
        removed.append(region)
        left.remove(region)
    return removed[::-1]
