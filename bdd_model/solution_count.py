"""What is known of the number of remaining solutions and how it is said: the one figure that the status bar,
the Insight panel and ``nqueens state`` show, exact or an estimate with its 95% interval, beside a proven
lower bound."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from bdd_model.wording import plural

SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
PLAIN_BELOW = 1e6
"""Estimates below this are written out ("about 4,200"), larger ones as powers of ten."""
STEADY_SPREAD = 100.0
"""The widest 95% interval (high over low) of an estimate worth a headline: a wider one says
nothing a reader can use, and the next figure would contradict it (the proven lower bound is
shown instead, the interval in the detail)."""


@dataclass(frozen=True)
class Estimate:
    """An estimated number of solutions and its 95% interval [``low``, ``high``]."""

    value: float
    low: float
    high: float
    probes: int


@dataclass(frozen=True)
class SolutionCount:
    """The exact count, or (``exact`` None) an estimate and a lower bound."""

    exact: int | None
    at_least: int
    estimate: Estimate | None = None
    known: bool = False
    """The exact count was looked up (the family's OEIS sequence), not counted."""

    @classmethod
    def of(cls, count: int, known: bool = False) -> SolutionCount:
        """An exact count (``known``: looked up)."""
        return cls(count, count, known=known)

    @property
    def steady(self) -> bool:
        """Exact, or an estimate whose interval is narrow enough to be the headline
        (``STEADY_SPREAD``)."""
        return self.exact is not None or self._headline_estimate is not None

    @property
    def _headline_estimate(self) -> Estimate | None:
        estimate = self.estimate
        if estimate is None or estimate.low <= 0 or estimate.high > STEADY_SPREAD * estimate.low:
            return None
        return estimate

    def json_fields(self) -> dict[str, Any]:
        """``solutions`` (null unless exact), ``solutions_at_least`` (a true lower bound, the
        count when exact) and ``solutions_estimate`` (the documented JSON of ``state``)."""
        if self.exact is not None:
            return {"solutions": self.exact, "solutions_at_least": self.exact, "solutions_estimate": None}
        fields: dict[str, Any] = {"solutions": None, "solutions_at_least": self.at_least}
        estimate = self.estimate
        fields["solutions_estimate"] = (
            None
            if estimate is None
            else {"value": estimate.value, "low": estimate.low, "high": estimate.high}
        )
        return fields

    def remain(self) -> str:
        """The figure in a sentence: "92 solutions remain", "about 3.1 × 10³⁹ solutions remain,
        estimated ±20%", "at least 429 solutions remain" (no estimate yet)."""
        if self.exact is not None:
            verb = "remains" if self.exact == 1 else "remain"
            return f"{plural(self.exact, 'solution')} {verb}"
        estimate = self._headline_estimate
        if estimate is None:
            return f"at least {plural(self.at_least, 'solution')} remain"
        return f"about {approximately(estimate.value)} solutions remain, estimated {spread(estimate)}"

    def solutions(self) -> str:
        """The figure without the verb, for a status bar: "92 solutions", "about 3.1 × 10³⁹
        solutions, estimated ±20%", "at least 429 solutions"."""
        if self.exact is not None:
            return plural(self.exact, "solution")
        estimate = self._headline_estimate
        if estimate is None:
            return f"at least {plural(self.at_least, 'solution')}"
        return f"about {approximately(estimate.value)} solutions, estimated {spread(estimate)}"

    def detail(self) -> str:
        """What the headline leaves out: the interval, the probes, the proven lower bound ("" for
        an exact count)."""
        if self.exact is not None:
            return ""
        proven = f"Proven: at least {plural(self.at_least, 'distinct solution')} found."
        estimate = self.estimate
        if estimate is None or estimate.value <= 0:
            return (
                f"{proven} Too few random probes reached a solution to estimate the others, and "
                "there are too many to count them all here."
            )
        if self._headline_estimate is None:
            return (
                f"{proven} The estimate from {plural(estimate.probes, 'random probe')}, about "
                f"{approximately(estimate.value)}, has a 95% interval from {approximately(estimate.low)} "
                f"to {approximately(estimate.high)}: wider than a factor of {STEADY_SPREAD:.0f}, it "
                "says too little to be the figure."
            )
        return (
            f"Estimated from {plural(estimate.probes, 'random probe')}: the 95% interval is "
            f"{approximately(estimate.low)} to {approximately(estimate.high)}. {proven}"
        )

    def short(self) -> str:
        """The number alone: "92", "about 3.1 × 10³⁹", "at least 429"."""
        if self.exact is not None:
            return f"{self.exact:,}"
        estimate = self._headline_estimate
        if estimate is None:
            return f"at least {self.at_least:,}"
        return f"about {approximately(estimate.value)}"


def approximately(value: float) -> str:
    """Two significant digits: "4,200", "3.1 × 10³⁹"."""
    if value < 10:
        return f"{value:.2g}"
    if value < PLAIN_BELOW:
        return f"{round(value, 1 - math.floor(math.log10(value))):,.0f}"
    exponent = math.floor(math.log10(value))
    mantissa = value / 10**exponent
    if round(mantissa, 1) >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.1f} × 10{str(exponent).translate(SUPERSCRIPTS)}"


def spread(estimate: Estimate) -> str:
    """The interval as people read it: "±20%" while both sides are within a factor of two,
    else "within a factor of 5", or for a wide one "to within 4 powers of ten"."""
    value = estimate.value
    above = estimate.high / value - 1
    below = 1 - estimate.low / value if estimate.low > 0 else 1.0
    if max(above, below) < 1:
        return f"±{max(1, round(100 * max(above, below)))}%"
    if estimate.low <= 0:
        return "roughly (too few probes for an interval)"
    factor = max(estimate.high / value, value / estimate.low)
    if factor >= 1000:
        return f"to within {math.ceil(math.log10(factor))} powers of ten"
    return f"within a factor of {math.ceil(factor)}"
