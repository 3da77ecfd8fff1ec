"""Kernel folders for the tests of a first compile: numba's files of the run's compiled kernels
without the marker that says they are ready, so that a "first compile" into one loads them (under a
second) instead of compiling for half a minute; everything around the compile runs as on a fresh
install."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def seeded(folder: Path) -> Path:
    """``folder`` made with the run's compiled files in it, and no marker."""
    shutil.copytree(
        os.environ["NQUEENS_KERNEL_DIR"], folder, ignore=shutil.ignore_patterns("ready-*", "compiling-*")
    )
    return folder
