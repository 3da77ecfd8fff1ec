"""The time left in a compile: measured step shares, the pace blended with the estimate, and a
countdown between reports that never jumps up. Checked on made-up timings (no clock)."""

from __future__ import annotations

import math

import pytest

from bdd_model import Progress
from bdd_model.build_cost.countdown import STEP_SHARES, TAKEOVER, Countdown, done_share, next_step, time_left


def reports(n: int) -> list[Progress]:
    """Every report of a search compile of n×n, in order."""
    return (
        [Progress("search", i, 2 * n) for i in range(1, 2 * n + 1)]
        + [Progress("build", i, n) for i in range(1, n + 1)]
        + [Progress("freeze", i, n) for i in range(1, n + 1)]
    )


def test_the_shares_are_the_measured_ones_and_interpolated_between_sizes() -> None:
    assert done_share(Progress("search", 0, 26)) == 0.0
    assert [done_share(Progress(phase, 13, 13)) for phase in ("build", "freeze")] == [0.576, 0.951]
    assert done_share(Progress("search", 26, 26)) == 0.199
    assert done_share(Progress("build", 7, 14)) == pytest.approx((333 + 441) / 2000)
    assert done_share(Progress("freeze", 15, 15)) == 0.951
    assert done_share(Progress("freeze", 8, 8)) == 0.921
    assert done_share(Progress("freeze", 13, 13), "autoref") == 0.889
    assert done_share(Progress("build", 11, 11), "autoref") == 0.531


@pytest.mark.parametrize("backend", sorted(STEP_SHARES))
def test_the_share_grows_with_every_report_of_every_size(backend: str) -> None:
    for n in range(1, 16):
        shares = [done_share(p, backend) for p in reports(n)]
        assert shares == sorted(shares) and shares[0] >= 0 and shares[-1] < 1


def test_the_pace_alone_says_the_time_left_past_half_way_or_without_an_estimate() -> None:
    last = Progress("freeze", 13, 13)
    assert time_left(last, 19.02) == pytest.approx(0.98)
    assert time_left(last, 19.02, expected=100.0) == pytest.approx(0.98)
    assert done_share(Progress("build", 9, 13)) > TAKEOVER
    assert time_left(Progress("build", 9, 13), 5.66, expected=1.0) == pytest.approx(10 - 5.66)


def test_early_on_the_estimate_weighs_in() -> None:
    step = Progress("search", 26, 26)
    weight = 0.199 / TAKEOVER
    total = 100.0 ** (1 - weight) * (40.0 / 0.199) ** weight
    assert time_left(step, 40.0, expected=100.0) == pytest.approx(total - 40.0)
    assert time_left(Progress("search", 1, 24), 0.5, expected=30.0, backend="autoref") == 29.5
    assert time_left(Progress("search", 1, 24), 0.5, backend="autoref") == math.inf
    assert time_left(Progress("search", 1, 26), 0.0, expected=30.0) == 30.0


@pytest.mark.parametrize("n", [11, 12, 13, 15])
def test_an_accurate_estimate_gives_the_true_time_left_at_every_report(n: int) -> None:
    for progress in reports(n):
        elapsed = 30.0 * done_share(progress)
        assert time_left(progress, elapsed, expected=30.0) == pytest.approx(30.0 - elapsed)


@pytest.mark.parametrize(
    ("expected", "real", "rise"), [(10.0, 30.0, 1.25), (10.0, 50.0, 1.6), (30.0, 10.0, 1.0)]
)
def test_a_wrong_estimate_is_corrected_without_a_jump(expected: float, real: float, rise: float) -> None:
    """A compile three (five) times slower than estimated: the time left grows towards the truth
    by at most a quarter (three fifths) from one report to the next, never twofold."""
    previous = None
    for progress in reports(13):
        elapsed = real * done_share(progress)
        left = time_left(progress, elapsed, expected)
        if previous is not None:
            assert left <= rise * previous + 1e-9
        previous = left
        if done_share(progress) >= TAKEOVER:
            assert left == pytest.approx(real - elapsed)


def test_between_reports_the_countdown_runs_down_and_waits_at_the_next_step() -> None:
    countdown = Countdown(expected=20.0)
    assert countdown.left(3.0) == 17.0
    step = Progress("build", 6, 13)
    assert countdown.report(step, 6.66) == pytest.approx(13.34)
    assert countdown.left(8.66) == pytest.approx(11.34)
    following = next_step(step)
    assert following == Progress("build", 7, 13)
    late = countdown.left(12.0)
    assert late == pytest.approx(time_left(following, 12.0, 20.0)) and late > 13.34 - (12.0 - 6.66)
    assert countdown.report(following, 12.0) == late
    countdown.report(Progress("freeze", 13, 13), 19.02)
    assert countdown.left(19.52) == pytest.approx(0.48) and countdown.left(30.0) == 0.0
    assert Countdown().left(1.0) == math.inf


def test_the_step_after_the_last_of_a_phase_is_the_first_of_the_next() -> None:
    assert next_step(Progress("search", 3, 26)) == Progress("search", 4, 26)
    assert next_step(Progress("search", 26, 26)) == Progress("build", 1, 13)
    assert next_step(Progress("build", 13, 13)) == Progress("freeze", 1, 13)
    assert next_step(Progress("freeze", 13, 13)) is None
