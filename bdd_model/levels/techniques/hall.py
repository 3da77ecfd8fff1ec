"""``hall``: regions whose open squares lie in as many rows (or columns) as they need pieces fill
those lines, so the lines' other squares are empty; and the converse, lines confined to as many
regions. The sets are found by a matching of the pieces each group needs (its alternating paths
reach the smallest set closed around a group), not by trying subsets."""

from __future__ import annotations

from collections.abc import Iterator

from bdd_model.levels.techniques.position import Deduction, Position

NAME = "hall"
Holders = dict[int, list[int]]
"""The inner groups holding each outer group's pieces."""


def find(position: Position) -> Deduction | None:
    """The first tight set of regions against rows, regions against columns, rows against
    regions, then columns against regions, with open squares to clear."""
    n = position.shape.n
    rows, cols, regions = range(n), range(n, 2 * n), range(2 * n, 3 * n)
    for inner, outer in ((regions, rows), (regions, cols), (rows, regions), (cols, regions)):
        found = next(_clearings(position, list(inner), list(outer)), None)
        if found is not None:
            return found
    return None


def _clearings(position: Position, inner: list[int], outer: list[int]) -> Iterator[Deduction]:
    shape, open_now, need = position.shape, position.open, position.need
    groups = shape.groups
    inner = [g for g in inner if need[g] > 0]
    outer = [h for h in outer if need[h] > 0]
    near = {g: [h for h in outer if open_now & groups[g] & groups[h]] for g in inner}
    matched = _matching(inner, near, need)
    if matched is None:
        return
    for g in inner:
        reached, lines = {g}, set()
        stack = [g]
        while stack:
            for h in near[stack.pop()]:
                if h not in lines:
                    lines.add(h)
                    for other in matched[h]:
                        if other not in reached:
                            reached.add(other)
                            stack.append(other)
        tight = sum(need[h] for h in lines) == sum(need[k] for k in reached)
        if not tight or len(reached) < 2:
            continue
        inside = sum(groups[k] for k in reached)
        rest = open_now & sum(groups[h] for h in lines) & ~inside
        if rest:
            where, which = shape.names(list(lines)), shape.names(list(reached))
            reason = f"{which} can only hold their pieces in {where}, so the rest of {where} is empty"
            yield Deduction(shape.cells(rest), "empty", NAME, reason, shape.cells(open_now & inside))


def _matching(
    inner: list[int], near: dict[int, list[int]], need: tuple[int, ...]
) -> dict[int, list[int]] | None:
    """Each outer group's pieces given to inner groups (as many as each needs, Kuhn's augmenting
    paths over the pieces), as the inner groups holding each outer group's pieces; None when the
    inner groups' pieces do not all fit."""
    holders: Holders = {h: [] for g in inner for h in near[g]}

    def give(g: int, seen: set[int]) -> bool:
        for h in near[g]:
            if h in seen:
                continue
            seen.add(h)
            if len(holders[h]) < need[h]:
                holders[h].append(g)
                return True
            for i, other in enumerate(holders[h]):
                if give(other, seen):
                    holders[h][i] = g
                    return True
        return False

    for g in inner:
        for _ in range(need[g]):
            if not give(g, set()):
                return None
    return holders
