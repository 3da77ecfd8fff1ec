"""Child processes start isolated: a working folder full of hostile packages runs none of its code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.child_process import ROOT, module_command
from app.cli.bench_commands import window_timings
from app.gui.workers.compile_job import CompileJob
from app.gui.workers.worker_client import WorkerClient
from app.gui.workers.worker_messages import Counted, Reply, TakeBoard, Taken
from bdd_model.cache.store import load
from bdd_model.engines.diagram_engine import DIAGRAM
from bdd_model.families import CLASSIC
from bdd_model.puzzles import FamilyPuzzle

HOSTILE = "open({marker!r}, 'a').write({name!r} + '\\n')\nraise SystemExit('hostile {name} imported')\n"


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder whose ``app``, ``bdd_model``, ``numpy`` and ``dd`` write a marker and stop."""
    folder = tmp_path / "project"
    marker = tmp_path / "marker.txt"
    for package in ("app", "app/gui", "bdd_model", "dd"):
        (folder / package).mkdir(parents=True)
        (folder / package / "__init__.py").write_text(HOSTILE.format(marker=str(marker), name=package))
    (folder / "numpy.py").write_text(HOSTILE.format(marker=str(marker), name="numpy"))
    monkeypatch.chdir(folder)
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "cache"))
    return marker


def test_the_hostile_folder_would_run_under_plain_python_m(hostile: Path) -> None:
    """The control: started the old way, the child imports the working folder's code."""
    result = subprocess.run(
        [sys.executable, "-m", "app.gui.workers.compile_worker", '{"n": 5}'],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0 and "hostile app imported" in result.stderr
    assert hostile.read_text() == "app\n"


def test_a_compile_started_from_a_hostile_folder_runs_none_of_its_code(qtbot, hostile: Path) -> None:
    job = CompileJob(DIAGRAM, FamilyPuzzle.of(CLASSIC, 7), "cudd")
    with qtbot.waitSignal(job.succeeded, timeout=60000) as finished:
        job.start()
    assert load(7, "cudd", Path(finished.args[0])).count == 40
    assert not hostile.exists()


def test_the_sat_worker_started_from_a_hostile_folder_runs_none_of_its_code(qtbot, hostile: Path) -> None:
    client = WorkerClient()
    answers: list[Reply] = []
    client.answered.connect(answers.append)
    client.request(lambda ident: TakeBoard(ident, FamilyPuzzle(6), [], "sat"))
    qtbot.waitUntil(lambda: any(isinstance(r, Counted) and r.final for r in answers), timeout=30000)
    assert isinstance(answers[0], Taken) and answers[0].codes == "6" * 36
    assert isinstance(answers[-1], Counted) and answers[-1].figure.exact == 4
    client.stop()
    assert not hostile.exists()


def test_the_window_bench_started_from_a_hostile_folder_runs_none_of_its_code(hostile: Path) -> None:
    timings = window_timings(5, 2, 1, "cudd")
    assert timings["open_cached_ms"] >= 0 and len(timings["click_to_paint_ms"]) >= 3
    assert not hostile.exists()


def test_the_command_is_isolated_and_names_our_folder(tmp_path: Path) -> None:
    command = module_command("app.gui.workers.compile_worker", "--help")
    assert command[:3] == [sys.executable, "-I", "-c"]
    assert command[4:] == [ROOT, "app.gui.workers.compile_worker", "--help"]
    assert (Path(ROOT) / "app" / "child_process.py").is_file()
    result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("usage: compile_worker")
