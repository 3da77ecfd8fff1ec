"""The kernels as one rule family's board of one size calls them: each kernel module's functions
with the family's geometry and its spared table filled in, so the callers pass what they always did."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, lru_cache
from types import ModuleType
from typing import Any

import numpy as np

from bdd_model.families import RuleFamily
from bdd_model.sat.kernels import geometry


class FamilyKernels:
    """One kernel module (completion, witness or estimate) bound to a family on n×n."""

    def __init__(self, module: ModuleType, rules: RuleFamily, n: int) -> None:
        self.module = module
        self._rules, self._n = rules, n

    @cached_property
    def spared(self) -> np.ndarray:
        return spared_table(self._rules, self._n)

    def begin(self, boards: np.ndarray, ints: np.ndarray, regs: np.ndarray, n: int, *rest: Any) -> bool:
        return bool(self.module.begin(boards, ints, regs, n, self.spared, *rest))

    def advance(self, boards: np.ndarray, ints: np.ndarray, regs: np.ndarray, n: int, *rest: Any) -> int:
        return int(self.module.advance(boards, ints, regs, n, self.spared, *rest))

    def mark_swaps(
        self, cols: np.ndarray, fixed: np.ndarray, usable: np.ndarray, possible: np.ndarray
    ) -> int:
        return int(self._entries["mark_swaps"](cols, fixed, usable, possible))

    def valid(self, cols: np.ndarray, fixed: np.ndarray, usable: np.ndarray) -> bool:
        return bool(self._entries["valid"](cols, fixed, usable))

    def cover(self, *arguments: Any) -> int:
        return int(self._entries["cover"](*arguments, self.spared))

    def probes(self, *arguments: Any) -> int:
        return int(self._entries["probes"](*arguments))

    @cached_property
    def _entries(self) -> dict[str, Callable[..., int]]:
        """The witness or estimate module's functions for this family (compiled for it, the
        first time on this computer, when the module is numba's)."""
        return self.module.for_family(geometry.key(self._rules))


@lru_cache(maxsize=16)
def spared_table(rules: RuleFamily, n: int) -> np.ndarray:
    """The family's ``geometry.spared_table`` on n×n, made once (no kernel writes it)."""
    return geometry.spared_table(geometry.of(rules), n)
