"""No process outlives what started it, and no file that is not a regular file is ever opened.

The command line compiles the SAT engine's kernels in its own process and leaves nothing
running; a compile started in the background ends with its parent, even one killed with
``kill -9``; a kernel folder that cannot be used leaves no temporary folder behind. A FIFO,
a device, a folder or a link to nothing given as a solver's answer is refused at once, in
one line.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.cli.nqueens import main
from tests.kernel_folders import seeded

COMPILING = (
    "nqueens: compiling the SAT engine's kernels, once for this computer (about 15 s, and about 20 s "
    "more the first time each rule family is played)…\n"
)
SLEEPER = """
import sys, time
from bdd_model.sat.kernels.sat_kernels import SatKernels
print(SatKernels("auto").prepare(), flush=True)
time.sleep(600)
"""


def processes_naming(text: str) -> list[int]:
    """The running processes whose command line holds ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if text in (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def fresh_env(tmp_path: Path, kernels: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NQUEENS_KERNELS"}
    return {
        **env,
        "NQUEENS_KERNEL_DIR": str(kernels),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "TMPDIR": str(tmp_path),
    }


def test_the_command_line_compiles_once_and_leaves_no_process(tmp_path: Path) -> None:
    kernels = seeded(tmp_path / "kernels")
    command = [
        sys.executable,
        "-m",
        "app.cli.nqueens",
        "state",
        "40",
        "--engine",
        "sat",
        "--queen",
        "1,1",
        "--json",
    ]
    first = subprocess.run(
        command, capture_output=True, text=True, env=fresh_env(tmp_path, kernels), timeout=300
    )
    assert first.returncode == 0, first.stderr
    assert first.stderr == COMPILING
    assert processes_naming(str(kernels)) == []
    assert list(kernels.glob("ready-*.json")) and not list(kernels.glob("compiling-*.lock"))
    again = subprocess.run(
        command, capture_output=True, text=True, env=fresh_env(tmp_path, kernels), timeout=300
    )
    assert again.returncode == 0 and again.stderr == "" and again.stdout == first.stdout


def test_an_unusable_kernel_folder_leaves_no_temporary_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "kernels"
    blocker.write_text("a file where the folder should be")
    command = [sys.executable, "-m", "app.cli.nqueens", "state", "20", "--engine", "sat", "--json"]
    result = subprocess.run(
        command, capture_output=True, text=True, env=fresh_env(tmp_path, blocker), timeout=300
    )
    assert result.returncode == 0
    assert result.stderr.count("\n") == 1 and "cannot be kept" in result.stderr
    # a compile child names its folder, which lies in tmp_path (another worker's children do not)
    assert not list(tmp_path.glob("nqueens-kernels-*")) and processes_naming(str(tmp_path)) == []


def test_a_background_compile_ends_with_its_parent(tmp_path: Path) -> None:
    kernels = tmp_path / "kernels"
    parent = subprocess.Popen(
        [sys.executable, "-c", SLEEPER], stdout=subprocess.PIPE, text=True, env=fresh_env(tmp_path, kernels)
    )
    try:
        assert parent.stdout is not None and parent.stdout.readline().strip() == "False"
        deadline = time.monotonic() + 30
        while not processes_naming(str(kernels)) and time.monotonic() < deadline:
            time.sleep(0.1)
        children = [pid for pid in processes_naming(str(kernels)) if pid != parent.pid]
        assert children, "the compile runs in a child"
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 15
        while processes_naming(str(kernels)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert processes_naming(str(kernels)) == []
        assert not list(kernels.glob("compiling-*.lock")), "the compile let its lock go"
    finally:
        if parent.poll() is None:
            parent.kill()


@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "dangling link"])
def test_show_refuses_what_is_not_a_regular_file_at_once(tmp_path: Path, kind: str, capsys) -> None:
    path = tmp_path / "answer"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(tmp_path / "nothing")
    started = time.monotonic()
    with pytest.raises(SystemExit) as exit_status:
        main(["show", str(path), "--n", "8"])
    assert exit_status.value.code == 2 and time.monotonic() - started < 5
    said = {
        "fifo": "it is a FIFO (a named pipe), not a regular file",
        "device": "it is a device, not a regular file",
        "folder": "it is a folder, not a regular file",
        "dangling link": "it is a link to a file that does not exist",
    }[kind]
    assert capsys.readouterr().err == f"nqueens: error: '{path}': {said}\n"
