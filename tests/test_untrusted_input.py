"""Untrusted files and arguments stay bounded and are read strictly; what they hold reaches the
terminal only as a short, escaped excerpt."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.gui.window.main_window import MainWindow
from bdd_model.cnf import answer_file
from bdd_model.cnf.answer_file import SolverOutputError, read_answer
from bdd_model.files.untrusted_text import excerpt
from tests.cli_helpers import run
from tests.gui_helpers import click, decisions_of, warned

SOLUTION_8 = (0, 4, 7, 5, 2, 6, 1, 3)
TRUE_8 = [r * 8 + c + 1 for r, c in enumerate(SOLUTION_8)]
FALSE_8 = [v for v in range(1, 65) if v not in TRUE_8]


def test_excerpts_are_short_printable_and_on_one_line() -> None:
    assert excerpt("2,3") == "2,3"
    assert excerpt("a" * 100) == "a" * 40 + "…"
    assert excerpt("x\n\x1b[31mred\u202e") == "x\\n\\x1b[31mred\\u202e"
    assert excerpt(b"\xff\x00SAT") == "\\xff\\x00SAT"
    assert len(excerpt("\x00" * 1000)) == 41 and excerpt("\x00" * 1000).isprintable()


def _peak_rss_mb(*argv: str) -> tuple[int, float]:
    """Exit status and peak RSS of ``nqueens ARGV``, measured from a fresh parent process so that
    no other child of the test run counts."""
    measure = (
        "import resource, subprocess, sys\n"
        "child = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(child.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", measure, sys.executable, "-m", "app.cli", *argv],
        capture_output=True,
        text=True,
        check=True,
    )
    status, kilobytes = shown.stdout.split()
    return int(status), int(kilobytes) / 1024


def test_show_reads_a_60_mb_answer_in_bounded_memory(tmp_path: Path) -> None:
    line = " ".join(f"-{v}" for v in FALSE_8) + " "
    path = tmp_path / "answer.txt"
    with path.open("w") as stream:
        stream.write("SAT\n")
        stream.write(line * (60_000_000 // len(line)))
        stream.write(" ".join(map(str, TRUE_8)) + " 0\n")
    assert path.stat().st_size > 59_000_000
    status, peak = _peak_rss_mb("show", str(path), "--n", "8")
    assert status == 0 and peak < 150, peak


def test_show_refuses_dev_zero_at_once() -> None:
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "show", "/dev/zero", "--n", "8"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "nqueens: error: '/dev/zero': it is a device, not a regular file\n"
    assert time.monotonic() - started < 50


def test_show_refuses_an_endless_stream_of_zeros_after_sat() -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "show", "-", "--n", "8"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None
    child.stdin.write(b"SAT\n")
    try:
        for _ in range(100_000):  # 6.5 GB if it never stopped reading
            child.stdin.write(b"\0" * 65536)
    except BrokenPipeError:
        pass
    _, err = child.communicate(timeout=60)
    assert child.returncode == 2
    assert err.decode().startswith("nqueens: error: standard input: the assignment holds '\\x00\\x00")


def _answer(tmp_path: Path, data: bytes) -> str:
    path = tmp_path / "answer.txt"
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"SAT\n1_0 0\n", "the assignment holds '1_0', which is not a literal"),
        (b"SAT\n+5 0\n", "the assignment holds '+5', which is not a literal"),
        ("SAT\n\u0661 0\n".encode(), "the assignment holds '\u0661', which is not a literal"),
        (b"SAT\n\xb2 0\n", "the assignment holds '\\xb2', which is not a literal"),
        (b"SAT\n1 -- 0\n", "the assignment holds '--', which is not a literal"),
        (b"SAT\n3-4 0\n", "the assignment holds '3-4', which is not a literal"),
        (b"SAT\n" + b"1" * 19 + b" 0\n", "which is not a literal"),
        (b"SAT\n1 -2 -1 0\n", "variable 1 is given both true and false"),
        (b"SAT\n-3 4 3 0\n", "variable 3 is given both true and false"),
        (b"SAT\n1 0 2 0\n", "the assignment goes on after its closing 0"),
        (b"SAT\n1 0\n-2\n", "the assignment goes on after its closing 0"),
        (b"s SATISFIABLE\nv 1 0\nv 2 0\n", "the assignment goes on after its closing 0"),
        (b"SAT\n1 2 17 0\n", "variable 17 is beyond the 16 squares of a 4×4 board"),
        (b"\x1b[2J\x1b[31mSAT\n", "verdict (SAT, UNSAT, s SATISFIABLE): '\\x1b[2J\\x1b[31mSAT'"),
        (b"SAT\n1 2 \x07 0\n", "the assignment holds '\\x07', which is not a literal"),
    ],
)
def test_show_reads_literals_strictly(capsys, tmp_path: Path, content: bytes, message: str) -> None:
    status, out, err = run(capsys, "show", _answer(tmp_path, content), "--n", "4")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err
    assert err[:-1].isprintable()


def test_quoted_file_content_is_a_short_excerpt(capsys, tmp_path: Path) -> None:
    status, _, err = run(
        capsys, "show", _answer(tmp_path, b"\x1b]0;owned\x07" + b"A" * 5000 + b"\n"), "--n", "4"
    )
    assert status == 2 and err[:-1].isprintable()
    quoted = err.split("SATISFIABLE): '", 1)[1]
    assert quoted == "\\x1b]0;owned\\x07" + "A" * 24 + "…'\n"


@pytest.mark.parametrize(
    "content",
    [
        b"SAT\n" + " ".join(map(str, [-v for v in FALSE_8] + TRUE_8)).encode() + b" 0\n",
        b"c comment\r\ns SATISFIABLE\r\nv " + b" ".join(str(v).encode() for v in TRUE_8[:4]) + b"\r\n"
        b"c in between\r\nv " + b" ".join(str(v).encode() for v in [*TRUE_8[4:], -2, -63]) + b" 0\r\n",
        b"SAT\n"
        + b"\t".join(str(-v).encode() for v in FALSE_8 * 60)
        + b"\t"
        + b" ".join(b"%d" % v for v in TRUE_8)
        + b"\n0\n",
    ],
)
def test_chunk_boundaries_anywhere_give_the_same_answer(
    monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    whole = read_answer(io.BytesIO(content), 8)
    assert whole.satisfiable and whole.true_vars == frozenset(TRUE_8)
    for chunk in (1, 2, 3, 5, 64):
        monkeypatch.setattr(answer_file, "CHUNK", chunk)
        assert read_answer(io.BytesIO(content), 8) == whole


def test_a_literal_longer_than_any_number_is_refused_across_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer_file, "CHUNK", 4)
    with pytest.raises(SolverOutputError, match="which is not a literal"):
        read_answer(io.BytesIO(b"SAT\n" + b"7" * 10_000 + b" 0\n"), 8)


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "8", "--backend", "x" * 100_000],
        ["state", "8", "--queen", "\x1b[2J\x1b[31m" + "9" * 5000],
        ["state", "8", "--explain", "\u202e1,1"],
    ],
)
def test_messages_quoting_arguments_are_short_and_printable(capsys, argv: list[str]) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and err.count("\n") == 1
    assert err[:-1].isprintable() and len(err) < 400


@pytest.mark.parametrize("kind", ["dev zero", "fifo", "huge", "binary"])
def test_the_window_refuses_files_that_are_no_configuration(
    qtbot, window: MainWindow, tmp_path: Path, kind: str
) -> None:
    click(qtbot, window, 0, 0)
    before = decisions_of(window)
    path = tmp_path / "odd.json"
    if kind == "dev zero":
        path = Path("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "huge":
        path.write_text('{"format": "nqueens-configuration", "pad": "' + " " * (2 << 20) + '"}')
    else:
        path.write_bytes(b"\xff\xfe\x00garbage")
    assert not window.files.open_from(path)
    expected = {
        "dev zero": "zero was not opened: it is a device, not a regular file",
        "fifo": "odd.json was not opened: it is a FIFO (a named pipe), not a regular file",
        "huge": "odd.json was not opened: it is larger than 1 MB",
        "binary": "the file is not text",
    }[kind]
    assert expected in warned(window)
    assert decisions_of(window) == before and window.session.n == 8


def test_the_window_refuses_absurd_files(qtbot, window: MainWindow, tmp_path: Path) -> None:
    click(qtbot, window, 0, 0)
    before = decisions_of(window)
    for content in (
        '{"format":"nqueens-configuration","version":1,"n":8,"decisions":[{"cell":[1,1],"kind":[1]}]}',
        '{"format":"nqueens-configuration","version":1,"n":' + "9" * 5000 + ',"decisions":[]}',
        '{"format":"nqueens-configuration","version":1,"n":' + "9" * 300 + ',"decisions":[]}',
        '{"format":"nqueens-configuration","version":1,"n":8,"decisions":[{"cell":[1,' + "1" * 5000 + "]}]}",
    ):
        path = tmp_path / "odd.json"
        path.write_text(content)
        assert not window.files.open_from(path)
        assert decisions_of(window) == before
        assert "was not opened" in warned(window)
