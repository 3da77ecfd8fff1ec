"""Full disks, closed pipes and atomic saves: a failed write is one line and leaves the old file."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from app.gui.window.main_window import MainWindow
from bdd_model.cache.store import load, save
from bdd_model.files.atomic_file import atomic_output
from bdd_model.saved_game import loads
from tests.cli_helpers import run
from tests.gui_helpers import click, warned
from tests.spaces import space


def _disk_full(_: int) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every atomic write fails at its fsync, as on a full disk, after the data was written."""
    monkeypatch.setattr("bdd_model.files.atomic_file.os.fsync", _disk_full)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_failing_writer_leaves_the_old_file_intact(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_text("old content\n")
    with pytest.raises(OSError, match="No space left"), atomic_output(target) as stream:
        stream.write(b"new content, half written")
        _disk_full(0)
    assert target.read_text() == "old content\n"
    assert _leftovers(tmp_path) == []


def test_an_atomic_write_replaces_the_whole_file_and_keeps_links_and_modes(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with atomic_output(link) as stream:
        stream.write(b"new\n")
    assert link.is_symlink() and real.read_text() == "new\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert _leftovers(tmp_path) == []


def test_the_cli_export_on_a_full_disk_keeps_the_old_file(capsys, tmp_path: Path, full_disk) -> None:
    target = tmp_path / "q.cnf"
    target.write_text("the previous export\n")
    status, out, err = run(capsys, "generate", "6", "-o", str(target))
    assert status == 1 and out == "Generating CNF for 6-Queens problem...\n"
    assert err.splitlines()[-1] == f"nqueens: error: cannot write '{target}': No space left on device"
    assert target.read_text() == "the previous export\n"
    assert _leftovers(tmp_path) == []


def test_the_window_save_and_export_on_a_full_disk_keep_the_old_files(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.nqueens.json"
    click(qtbot, window, 0, 0)
    assert window.files.save_to(saved)
    before = saved.read_text()
    exported = tmp_path / "8-queens.cnf"
    assert window.files.export_to(exported, "cnf")
    cnf = exported.read_text()
    click(qtbot, window, 1, 2)
    monkeypatch.setattr("bdd_model.files.atomic_file.os.fsync", _disk_full)
    assert not window.files.save_to(saved)
    assert "No space left on device" in warned(window)
    assert not window.files.export_to(exported, "smt2")
    assert saved.read_text() == before and loads(before).puzzle.n == 8
    assert exported.read_text() == cnf
    assert _leftovers(tmp_path) == []


def test_the_cache_on_a_full_disk_keeps_the_old_file(tmp_path: Path, full_disk) -> None:
    path = tmp_path / "queens-6-cudd.npz"
    path.write_bytes(b"")
    with pytest.raises(OSError):
        save(space(6, "cudd"), path)
    assert path.read_bytes() == b"" and _leftovers(tmp_path) == []


def test_the_cache_replaces_a_fifo_in_its_place(tmp_path: Path) -> None:
    path = tmp_path / "queens-6-cudd.npz"
    os.mkfifo(path)
    save(space(6, "cudd"), path)
    assert path.is_file() and load(6, "cudd", path).count == 4


def _nqueens(*argv: str, **streams: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *argv], text=True, check=False, stderr=subprocess.PIPE, **streams
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "7"],
        ["state", "6", "--json"],
        ["generate", "4", "-o", "-"],
        ["smtlib", "4", "-o", "-"],
        ["solve", "6"],
        ["solve", "6", "--all"],
        ["bench", "--n", "5", "--clicks", "2"],
    ],
)
def test_a_full_standard_output_is_one_line_and_status_1(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = _nqueens(*argv, stdout=full)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert lines[-1] == "nqueens: error: cannot write the output: No space left on device"
    assert lines[:-1] in (
        [],
        [f"Generating {'CNF' if argv[0] == 'generate' else 'SMT-LIB'} for 4-Queens problem..."],
    )


def test_a_closed_pipe_ends_quietly() -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "solve", "8", "--all"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stderr is not None
    assert child.stdout.readline() == "Solving for 8-Queens...\n"
    child.stdout.close()
    assert child.stderr.read() == ""
    assert child.wait() in (0, 141)


@pytest.mark.parametrize("target", ["/dev/null", "/dev/stdout"])
def test_devices_are_written_in_place(target: str) -> None:
    result = _nqueens("generate", "4", "-o", target, stdout=subprocess.PIPE)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    if target == "/dev/stdout":
        assert lines[1] == "p cnf 16 80" and len(lines) == 1 + 81 + 1
    else:
        assert result.stdout.splitlines()[-1].endswith("(16 variables, 80 clauses)")
        assert stat.S_ISCHR(Path(target).stat().st_mode)


def test_a_fifo_is_written_in_place(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.cnf"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    result = _nqueens("generate", "5", "-o", str(fifo), stdout=subprocess.PIPE)
    reader.join(timeout=30)
    assert result.returncode == 0
    assert received[0].startswith("p cnf 25 165\n") and received[0].count("\n") == 166
    assert stat.S_ISFIFO(fifo.stat().st_mode)
