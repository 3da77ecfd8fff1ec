"""Test setup: offscreen Qt, the compiled kernels made once per run before the workers start, a private
cache folder per worker, the hypothesis profiles, and the --run-slow switch."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import settings

from tests.properties import PROFILES

for _name, _examples in PROFILES.items():
    settings.register_profile(_name, max_examples=_examples)
settings.load_profile("ci")
KERNEL_PACKAGES = ("sat", "levels")
"""The compiled kernels' packages, compiled side by side (the SAT engine's about 30 s on this kind
of machine, the levels' about 5 s)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow", action="store_true", default=False, help="also run the slow cases (N >= 11 compiles)"
    )


def pytest_configure(config: pytest.Config) -> None:
    """Compile every kernel package once for the run, into pytest's cache folder (kept between
    runs, keyed by each package's sources), before any worker starts: the workers inherit the
    folder through the environment and load what is there."""
    if hasattr(config, "workerinput"):
        return
    cache = getattr(config, "cache", None)
    folder = Path(cache.mkdir("nqueens-kernels")) if cache is not None else Path(tempfile.mkdtemp())
    os.environ["NQUEENS_KERNEL_DIR"] = str(folder)
    os.environ["NQUEENS_KERNELS"] = "numba"
    script = "import sys, pathlib; from bdd_model.kernels.loader import compile_package; "
    script += "compile_package(sys.argv[1], pathlib.Path(sys.argv[2]))"
    children = [
        subprocess.Popen([sys.executable, "-c", script, name, str(folder)]) for name in KERNEL_PACKAGES
    ]
    failed = [name for name, child in zip(KERNEL_PACKAGES, children, strict=True) if child.wait() != 0]
    assert not failed, f"the kernels of {failed} did not compile"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every test compiles diagrams into a fresh folder, never the user's cache; the kernels
    compiled for the run answer every process of it (the window's workers too) from the start
    (tests of the uncompiled path ask for it by name)."""
    os.environ["NQUEENS_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    from bdd_model.levels.level_search_kernels import level_kernels
    from bdd_model.sat.kernels.sat_kernels import sat_kernels

    assert sat_kernels().compiled and level_kernels().compiled


@pytest.fixture
def window(qtbot, tmp_path: Path):
    """An 8×8 board in a shown window, on a private settings file."""
    from tests.gui_helpers import make_window

    return make_window(qtbot, tmp_path)
