"""What the rows placed so far leave for the rows below, under a rule family: for each kind of
line, the columns its lines block in the next row, and the columns of the last queens a leap
reaches from; packed in one int64 per state, so that the row search sorts and merges them."""

from __future__ import annotations

import numpy as np

from bdd_model.families.rule_family import RuleFamily

WORD_BITS = 63


class Frontier:
    """The packed states of an n-column board under ``family`` and the moves between them."""

    def __init__(self, family: RuleFamily, n: int) -> None:
        self.n = n
        self.full = np.int64((1 << n) - 1)
        self.steps = [(drift.step, drift.wraps) for drift in family.drifts]
        self.reach = max((down for down, _ in family.leaps), default=0)
        """How many rows back a leap reaches: the last queens' columns kept."""
        self.leaps = [(down, across) for down, across in family.leaps]
        self.width = max(1, int(n).bit_length())
        """Bits of a kept column (its value + 1; 0: no queen yet)."""
        self.kept_at = len(self.steps) * n
        if self.kept_at + self.reach * self.width > WORD_BITS:
            raise ValueError(f"the {family.name} rules' row states do not fit one word at {n}×{n}")

    def masks(self, states: np.ndarray) -> list[np.ndarray]:
        """The columns each kind of line blocks in this row."""
        return [(states >> np.int64(k * self.n)) & self.full for k in range(len(self.steps))]

    def kept(self, states: np.ndarray) -> list[np.ndarray]:
        """The columns (+1, 0 for none) of the queens 1, 2, … rows up."""
        field = np.int64((1 << self.width) - 1)
        return [(states >> np.int64(self.kept_at + j * self.width)) & field for j in range(self.reach)]

    def blocked(self, states: np.ndarray) -> np.ndarray:
        """The columns of this row that the rows above block."""
        out = np.zeros(len(states), dtype=np.int64)
        for mask in self.masks(states):
            out |= mask
        if self.reach:
            kept = self.kept(states)
            for down, across in self.leaps:
                above = kept[down - 1]
                placed = above > 0
                for side in (across, -across):
                    col = above - 1 + side
                    hit = placed & (col >= 0) & (col < self.n)
                    out[hit] |= np.left_shift(np.int64(1), col[hit])
        return out

    def move(self, states: np.ndarray, col: int) -> np.ndarray:
        """The states of the next row after a queen in column ``col``."""
        bit = np.int64(1 << col)
        out = np.zeros(len(states), dtype=np.int64)
        for k, (mask, (step, wraps)) in enumerate(zip(self.masks(states), self.steps, strict=True)):
            out |= self.shift(mask | bit, step, wraps) << np.int64(k * self.n)
        if self.reach:
            kept = [np.full(len(states), col + 1, dtype=np.int64), *self.kept(states)[:-1]]
            for j, value in enumerate(kept):
                out |= value << np.int64(self.kept_at + j * self.width)
        return out

    def alive(self, states: np.ndarray, rows_below: int) -> np.ndarray:
        """True where each of the next ``rows_below`` rows keeps a column no line blocks."""
        masks = self.masks(states)
        alive = np.ones(len(states), dtype=bool)
        for k in range(rows_below):
            blocked = np.zeros(len(states), dtype=np.int64)
            for mask, (step, wraps) in zip(masks, self.steps, strict=True):
                blocked |= self.shift(mask, step * k, wraps)
            alive &= (self.full & ~blocked) != 0
        return alive

    def shift(self, mask: np.ndarray, step: int, wraps: bool) -> np.ndarray:
        """The columns ``mask`` blocks ``step`` columns further (round the sides if ``wraps``)."""
        if step == 0:
            return mask
        n, full = self.n, self.full
        if wraps:
            step %= n
            return ((mask << np.int64(step)) | (mask >> np.int64(n - step))) & full
        if step > 0:
            return (mask << np.int64(step)) & full
        return mask >> np.int64(-step)
