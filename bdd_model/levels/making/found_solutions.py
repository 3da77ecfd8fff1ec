"""The second solutions a two-star draw has met, kept to choose each handover: the way that leaves
the fewest of them standing keeps the regions from handing a solution back and forth, and makes 2.8
times as many draws end unique at 14×14 (docs/measurements.md)."""

from __future__ import annotations

from collections.abc import Iterable

Square = tuple[int, int]
Way = tuple[list[Square], int]


class FoundSolutions:
    """Solutions of an n×n level being made, as bitmasks of squares (bit r·n + c), each with the
    regions that do not hold K of its pieces, kept up to date as the regions change."""

    def __init__(self, n: int, stars: int) -> None:
        self._n, self._stars = n, stars
        self._masks: list[int] = []
        self._wrong: list[set[int]] = []
        self._members: list[int] = []
        """Each region's squares when the wrong regions were last brought up to date."""

    def add(self, pieces: Iterable[Square]) -> None:
        self._masks.append(self._mask(pieces))

    def fewest_left(self, region: list[list[int]], ways: list[Way]) -> list[Way]:
        """The ways (squares moved, region j) after which the fewest solutions met still hold: a
        solution can hold after a way from region k to j only if k and j are its only regions
        without K pieces."""
        members = self._update(region)
        by_wrong: dict[frozenset[int], list[int]] = {}
        for x, regions in zip(self._masks, self._wrong, strict=True):
            if len(regions) <= 2:
                by_wrong.setdefault(frozenset(regions), []).append(x)
        stars = self._stars
        left: list[int] = []
        for moved, j in ways:
            k = region[moved[0][0]][moved[0][1]]
            shifted = self._mask(moved)
            given, taken = members[k] & ~shifted, members[j] | shifted
            held = 0
            for wrong in (frozenset(), frozenset((k,)), frozenset((j,)), frozenset((k, j))):
                for x in by_wrong.get(wrong, []):
                    held += (x & given).bit_count() == stars and (x & taken).bit_count() == stars
            left.append(held)
        fewest = min(left)
        return [way for way, count in zip(ways, left, strict=True) if count == fewest]

    def _update(self, region: list[list[int]]) -> list[int]:
        """Each region's squares now, the wrong regions of every solution brought up to date (only
        the regions changed since the last call are counted again)."""
        n, stars = self._n, self._stars
        members = [0] * (1 + max(map(max, region)))
        for r, row in enumerate(region):
            for c, k in enumerate(row):
                members[k] |= 1 << (r * n + c)
        if len(members) != len(self._members):
            self._wrong, self._members = [], members
        before = self._members
        changed = [k for k, now in enumerate(members) if now != before[k]]
        for x, wrong in zip(self._masks, self._wrong, strict=False):
            for k in changed:
                if (x & members[k]).bit_count() == stars:
                    wrong.discard(k)
                else:
                    wrong.add(k)
        for x in self._masks[len(self._wrong) :]:
            self._wrong.append({k for k, m in enumerate(members) if (x & m).bit_count() != stars})
        self._members = members
        return members

    def _mask(self, pieces: Iterable[Square]) -> int:
        return sum(1 << (r * self._n + c) for r, c in set(pieces))
