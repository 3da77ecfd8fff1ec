"""What ``nqueens count`` and ``compile`` say on standard error while they compile: on a
terminal the price of a long compile first and the time left beside the steps; through a pipe
nothing at all. Ctrl+C stops a compile with one line. Long compiles are played by small boards
whose reference figure is made long."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.cli import compile_report
from bdd_model import wording
from bdd_model.build_cost.compile_log import past_compiles
from bdd_model.build_cost.costs import CompileCost
from bdd_model.families import CLASSIC
from tests.cli_helpers import run


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder, and a calibration that takes 0.058 s (the reference machine's)."""
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(compile_report, "calibration_seconds", lambda backend: 0.058)
    return tmp_path


def terminal(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """Standard error from now on (called in the test itself: pytest's capture replaces it when
    the test starts)."""
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    return stream


def long_eight(monkeypatch: pytest.MonkeyPatch, seconds: float = 600.0) -> None:
    """Make 8×8 cost ``seconds`` and 6 GB on the reference machine."""
    monkeypatch.setitem(CLASSIC.compile_costs["cudd"], 8, (seconds, 6000))  # type: ignore[index]


def lines(stream: Terminal) -> list[str]:
    """What the terminal showed, one entry per line written or redrawn (a line keeps its "\\n")."""
    return [line for line in re.split(r"\r|(?<=\n)", stream.getvalue()) if line]


def test_a_long_compile_on_a_terminal_says_its_price_then_the_time_left(
    capsys, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stream = terminal(monkeypatch)
    long_eight(monkeypatch)
    status, out, _ = run(capsys, "count", "8")
    assert (status, out) == (0, "92\n")
    shown = lines(stream)
    assert (
        shown[0] == "nqueens: compiling 8×8 takes about 10 min and 6.0 GB on this machine; Ctrl+C stops it\n"
    )
    assert shown[1].startswith("compiling 8×8: search 1/16, about ") and shown[1].endswith(" min left")
    assert "compiling 8×8: build 1/8, about " in "".join(shown)
    assert shown[-2].startswith("compiling 8×8: freeze 8/8, ")
    assert shown[-1] == " " * len(shown[-2])
    assert not any(thread.name == "compile-report" for thread in threading.enumerate())
    (entry,) = past_compiles()
    assert (entry.n, entry.backend, entry.calibration) == (8, "cudd", 0.058)


def test_a_short_compile_shows_its_steps_without_a_price(
    capsys, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stream = terminal(monkeypatch)
    long_eight(monkeypatch, seconds=2.0)
    assert run(capsys, "compile", "8")[0] == 0
    shown = lines(stream)
    assert shown[0].startswith("compiling 8×8: search 1/16, about ") and shown[0].endswith(" s left")
    assert shown[-1].startswith("8×8: 92 solutions, ") and shown[-2].strip() == ""
    assert run(capsys, "count", "9", "--backend", "autoref")[1] == "352\n"
    shown = lines(stream)
    assert "compiling 9×9: search 1/18" in shown and "compiling 9×9: freeze 9/9" in shown
    assert not any(line.startswith("compiling 9×9") and "left" in line for line in shown)


def test_through_a_pipe_nothing_is_said(capsys, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    long_eight(monkeypatch)
    assert run(capsys, "count", "8") == (0, "92\n", "")
    assert run(capsys, "state", "8", "--engine", "bdd", "--backend", "autoref", "--json")[2] == ""
    assert [entry.backend for entry in past_compiles()] == ["cudd"]


def test_a_compile_over_a_damaged_cache_file_shows_its_steps_after_the_warning(
    capsys, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a missing file announces a compile: one that finds a damaged file is a surprise, not
    timed against the calibration (which would run inside it), and shows its steps alone."""
    stream = terminal(monkeypatch)
    (cache / "queens-8-cudd.npz").write_bytes(b"not a cache file")
    long_eight(monkeypatch)
    assert run(capsys, "count", "8")[1] == "92\n"
    shown = lines(stream)
    assert (
        shown[0]
        == "nqueens: warning: the cached 8×8 diagram is damaged (File is not a zip file); rebuilding it\n"
    )
    assert shown[1:3] == ["compiling 8×8: search 1/16", "compiling 8×8: search 2/16"]
    assert [entry.n for entry in past_compiles()] == [8]


def test_ctrl_c_wipes_the_line_and_says_one_line(
    capsys, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stream = terminal(monkeypatch)
    long_eight(monkeypatch)

    def interrupted(*args: object, progress, **kwargs: object) -> None:
        from bdd_model import Progress

        progress(Progress("search", 1, 16))
        raise KeyboardInterrupt

    monkeypatch.setattr("app.cli.engine_commands.load_or_compile", interrupted)
    assert run(capsys, "count", "8") == (130, "", "")
    shown = lines(stream)
    assert shown[-3].startswith("compiling 8×8: search 1/16, about ")
    assert shown[-2:] == [" " * len(shown[-3]), "nqueens: interrupted\n"]


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (0.4, "under a second"),
        (7.4, "about 7 s"),
        (89, "about 89 s"),
        (306, "about 5 min"),
        (7200, "about 2 h"),
    ],
)
def test_durations_in_words(seconds: float, words: str) -> None:
    assert wording.duration(seconds) == words


def test_the_price_in_words() -> None:
    assert compile_report.announcement(13, CompileCost(21.0, 329)) == (
        "compiling 13×13 takes about 21 s and 329 MB on this machine; Ctrl+C stops it"
    )
    assert compile_report.time_left_words(0.6) == "almost done"


def _interrupt(n: int, on_terminal: bool, cache: Path) -> tuple[int, str, str]:
    """Run ``nqueens count n``, press Ctrl+C once it compiles; its status, stdout and stderr."""
    env = {**os.environ, "NQUEENS_CACHE_DIR": str(cache)}
    master, slave = pty.openpty() if on_terminal else os.pipe()
    command = [sys.executable, "-m", "app.cli", "count", str(n)]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + (120 if on_terminal else 6)
    while time.monotonic() < deadline and b"compiling" not in seen:
        if select.select([master], [], [], 0.2)[0]:
            seen += os.read(master, 4096)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    while select.select([master], [], [], 0.2)[0]:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    return child.returncode, out.decode(), seen.decode()


@pytest.mark.slow
@pytest.mark.parametrize("on_terminal", [True, False])
def test_ctrl_c_stops_a_real_compile(tmp_path: Path, on_terminal: bool) -> None:
    status, out, err = _interrupt(13, on_terminal, tmp_path)
    assert (status, out) == (130, "")
    assert err.endswith("nqueens: interrupted\r\n" if on_terminal else "nqueens: interrupted\n")
    assert "Traceback" not in err
    if on_terminal:
        assert err.startswith("nqueens: compiling 13×13 takes about ")
    else:
        assert err == "nqueens: interrupted\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == []
