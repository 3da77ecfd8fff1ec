"""``count``: a run of rows (or columns) needs so many pieces; each region puts at most as many
there as fit in its squares inside the run, and at least what does not fit in its squares outside
(2×2 blocks and touching squares counted). When the most (or the least) the regions can put there
is just what the run needs, every region puts exactly that: the regions that can put all their
pieces there have none outside, and those that can put none have none inside."""

from __future__ import annotations

from bdd_model.levels.techniques.position import Deduction, Position

NAME = "count"


def find(position: Position) -> Deduction | None:
    """The first run of rows, then of columns (short of all of them), whose count leaves open
    squares empty."""
    shape, open_now, need, n = position.shape, position.open, position.need, position.shape.n
    regions = [k for k in range(2 * n, 3 * n) if need[k] > 0]
    for first in (0, n):
        for start in range(first, first + n):
            for end in range(start + 1, first + n + 1 - (start == first)):
                lines = list(range(start, end))
                wanted = sum(need[h] for h in lines)
                run = sum(shape.groups[h] for h in lines)
                if wanted <= 0 or not open_now & run:
                    continue
                most, least = {}, {}
                for k in regions:
                    inside, outside = open_now & shape.groups[k] & run, open_now & shape.groups[k] & ~run
                    most[k] = shape.fit(inside, need[k])
                    least[k] = need[k] - shape.fit(outside, need[k])
                if sum(most.values()) == wanted:
                    full = [k for k in regions if most[k] == need[k]]
                    rest = open_now & sum(shape.groups[k] for k in full) & ~run
                    if rest:
                        need_s = "needs" if len(lines) == 1 else "need"
                        have = "has" if len(full) == 1 else "have"
                        reason = (
                            f"{shape.names(lines)} {need_s} {wanted} pieces, all the regions there can "
                            f"hold, so {shape.names(full)} {have} all their pieces there and none outside"
                        )
                        return Deduction(
                            shape.cells(rest), "empty", NAME, reason, shape.cells(open_now & run)
                        )
                if sum(least.values()) == wanted:
                    spare = [k for k in regions if least[k] == 0]
                    rest = open_now & sum(shape.groups[k] for k in spare) & run
                    if rest:
                        pressed = [k for k in regions if least[k] > 0]
                        reason = (
                            f"{shape.names(lines)} need {wanted} pieces, all of which "
                            f"{shape.names(pressed)} must put there, so {shape.names(spare)} have none there"
                        )
                        return Deduction(
                            shape.cells(rest), "empty", NAME, reason, shape.cells(open_now & run)
                        )
    return None
