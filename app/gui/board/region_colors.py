"""The colours of a level's regions: each region a colour of its own while the palette's set lasts (region k
the k-th), and past it one that no region sharing an edge has taken (the next free one from its own), so
that neither the thick borders nor the colours are the only cue."""

from __future__ import annotations

import numpy as np


def region_shades(region_of: np.ndarray, colours: int) -> np.ndarray:
    """Each square's colour index (n×n) for a level's regions, ``colours`` to choose from."""
    n = region_of.shape[0]
    regions = int(region_of.max()) + 1
    near: list[set[int]] = [set() for _ in range(regions)]
    for a, b in (
        (region_of[:, :-1], region_of[:, 1:]),
        (region_of[:-1, :], region_of[1:, :]),
    ):
        apart = a != b
        for x, y in zip(a[apart].tolist(), b[apart].tolist(), strict=True):
            near[x].add(y)
            near[y].add(x)
    colour = [-1] * regions
    for region in range(regions):
        taken = {colour[other] for other in near[region]}
        tried = ((region + step) % colours for step in range(colours))
        colour[region] = next((c for c in tried if c not in taken), region % colours)
    return np.array(colour, dtype=np.intp)[region_of.reshape(n, n)]
