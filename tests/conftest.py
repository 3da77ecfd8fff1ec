"""Test setup: offscreen Qt, a private cache folder, and the --run-slow switch."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow", action="store_true", default=False, help="also run the slow cases (N >= 11 compiles)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every test compiles into a fresh folder, never the user's cache; the SAT engine's kernels
    are compiled there once, first, so that every process of the run (the window's workers
    too) answers with them from the start (tests of the numpy path ask for it by name)."""
    os.environ["NQUEENS_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    os.environ["NQUEENS_KERNEL_DIR"] = str(tmp_path_factory.mktemp("kernels"))
    os.environ["NQUEENS_KERNELS"] = "numba"
    from bdd_model.sat.kernels.jit import kernels

    assert kernels().compiled


@pytest.fixture
def window(qtbot, tmp_path: Path):
    """An 8×8 board in a shown window, on a private settings file."""
    from tests.gui_helpers import make_window

    return make_window(qtbot, tmp_path)
