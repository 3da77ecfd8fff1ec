"""The number of solutions of the empty n×n board where the world knows it: OEIS A000170, computed
by others up to n = 27 (the last by Preußer and Engelhardt, 2016). The configurator says these as
known rather than computing or estimating them again."""

from __future__ import annotations

A000170 = (
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104,
    666090624, 4968057848, 39029188884, 314666222712, 2691008701644, 24233937684440,
    227514171973736, 2207893435808352, 22317699616364044, 234907967154122528
)  # fmt: skip
"""Solutions of the empty n×n board for n = 1 … 27."""
