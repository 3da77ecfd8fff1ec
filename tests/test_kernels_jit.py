"""The compiled kernels on a fresh install and in hostile folders: the first big board is
answered by numpy while numba compiles in the background, the compiled kernels take over when
they are ready, and a kernel folder that cannot be used never stops an answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from bdd_model import CellState
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kernels import witness_numpy
from bdd_model.sat.kernels.sat_kernels import SatKernels
from tests.kernel_folders import seeded

PROBE = """
import json, sys, time
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kernels.sat_kernels import sat_kernels
engine = SatEngine(100)
engine.place(0, 0)
first = engine.states()
report = {"first_compiled": engine.compiled, "open": sum(s.value == "open" for row in first for s in row)}
deadline = time.monotonic() + float(sys.argv[1])
while not sat_kernels().prepare() and time.monotonic() < deadline:
    time.sleep(0.5)
engine.place(1, 2)
report["later_compiled"] = engine.compiled
report["later_open"] = sum(s.value == "open" for row in engine.states() for s in row)
report["folder"] = str(sat_kernels()._folder)
print(json.dumps(report))
"""


def run_probe(env: dict[str, str], wait: float) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(wait)],
        capture_output=True,
        text=True,
        env={**os.environ, "NQUEENS_KERNELS": "auto", **env},
        timeout=300,
        check=False,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return json.loads(result.stdout)


def test_a_fresh_install_answers_at_once_and_compiles_in_the_background(tmp_path: Path) -> None:
    folder = seeded(tmp_path / "kernels")
    report = run_probe({"NQUEENS_KERNEL_DIR": str(folder)}, wait=240)
    assert report["first_compiled"] is False and report["open"] == 100 * 100 - 1 - 3 * 99
    assert report["later_compiled"] is True and report["later_open"] > 0
    assert list(folder.glob("ready-*.json")) and not list(folder.glob("compiling-*.lock"))


def test_a_kernel_folder_that_is_a_file_moves_to_a_private_one(tmp_path: Path) -> None:
    blocker = tmp_path / "kernels"
    blocker.write_text("not a folder")
    report = run_probe({"NQUEENS_KERNEL_DIR": str(blocker)}, wait=0)
    assert report["first_compiled"] is False and report["open"] > 0
    assert report["folder"] != str(blocker) and blocker.read_text() == "not a folder"


def test_no_usable_folder_at_all_still_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "kernels"
    blocker.write_text("not a folder")
    monkeypatch.setenv("NQUEENS_KERNEL_DIR", str(blocker))

    def no_temporary_folder(*args: object, **kwargs: object) -> str:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "mkdtemp", no_temporary_folder)
    choice = SatKernels("auto")
    assert choice.prepare() is False and choice.witness is witness_numpy
    engine = SatEngine(30, kernel_choice=choice)
    engine.place(0, 0)
    assert sum(s is CellState.OPEN for row in engine.states() for s in row) == 30 * 30 - 1 - 3 * 29
    assert choice.prepare() is False


def test_a_time_limited_state_never_waits_on_a_compile_and_leaves_it_to_finish(tmp_path: Path) -> None:
    """On a fresh install ``state --time-limit`` answers from the uncompiled kernels while the
    compile runs in its own session; that compile finishes after the command has ended, and says
    it compiled everything (each rule family too), so the next call takes the compiled kernels."""
    folder = seeded(tmp_path / "kernels")
    env = {
        **os.environ,
        "NQUEENS_KERNELS": "auto",
        "NQUEENS_KERNEL_DIR": str(folder),
        "NQUEENS_CACHE_DIR": str(tmp_path / "cache"),
    }
    command = [sys.executable, "-m", "app.cli.nqueens", "state", "30", "--engine", "sat"]
    first = subprocess.run(
        [*command, "--time-limit", "1", "--json", "--queen", "1,1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert first.returncode == 0 and "in the background" in first.stderr
    report = json.loads(first.stdout)
    assert [1, 1] in report["queens"] and "pending" in report
    marker = folder / "ready-sat-placeholder"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        markers = list(folder.glob("ready-sat-*.json"))
        if markers and json.loads(markers[0].read_text()).get("complete") is True:
            marker = markers[0]
            break
        time.sleep(0.5)
    assert marker.exists(), "the compile left behind by the first call finished"
    again = subprocess.run(
        [*command, "--time-limit", "5", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert again.returncode == 0 and again.stderr == "" and json.loads(again.stdout)["pending"] == []
