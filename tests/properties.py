"""How many examples a property test draws: the hypothesis profile's count (``ci``, the default: 60, the
count most properties drew before there were profiles) times each test's weight, so that one switch
(``--hypothesis-profile quick|ci|thorough``) scales them all and ``ci`` keeps every test's count."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings

PROFILES = {"quick": 10, "ci": 60, "thorough": 600}
"""Each profile's examples for a test of weight 1."""


def examples(weight: float = 1.0, **more: Any) -> settings:
    """Settings for a property test: the active profile's count times ``weight`` (at least
    one), no deadline, slow data generation allowed."""
    count = max(1, round(settings.default.max_examples * weight))
    checks = more.pop("suppress_health_check", [HealthCheck.too_slow])
    return settings(max_examples=count, deadline=None, suppress_health_check=checks, **more)
