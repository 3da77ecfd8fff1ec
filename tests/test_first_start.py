"""A stranger's first start: the packages the window needs are named, each set-up step is one
line with its commands' output in a log that a failure names, a missing library or display is a
few clear lines (never Qt's abort), headless runs need no display and change no remembered
setting, and the real X11 platform starts once the packages are there."""

from __future__ import annotations

import ctypes
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

import pytest

from app.gui.debian_packages import all_packages
from app.gui.qt_startup import import_window
from app.gui.system_libraries import display_problem
from tests.gui_helpers import run_gui

ROOT = Path(__file__).resolve().parent.parent


def _loader(missing: set[str]):  # type: ignore[no-untyped-def]
    """ctypes.CDLL, except that the libraries in ``missing`` (and so Qt's xcb plugin) fail."""

    def load(name: str) -> object:
        if name in missing or (missing and name.endswith("libqxcb.so")):
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")
        return ctypes.CDLL(name)

    return load


def test_the_readme_names_every_package_the_window_needs_and_the_start_script_installs_them() -> None:
    readme = (ROOT / "README.md").read_text()
    install_line = next(
        line for line in readme.splitlines() if "apt-get install" in line and "libegl1" in line
    )
    continued = readme[readme.index(install_line) :].split("```")[0]
    for package in all_packages():
        assert f" {package}" in continued, package
    assert {"libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0"} <= set(all_packages())
    spec = importlib.util.spec_from_file_location("start", ROOT / "tools" / "start.py")
    assert spec is not None and spec.loader is not None
    start = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(start)
    assert start.debian_packages() == all_packages()


def test_the_readme_has_two_commands_and_ci_runs_the_second_verbatim() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Two commands\n")[1].split("\n## ")[0]
    program, tests = (block.split("```")[0].strip() for block in section.split("```sh\n")[1:3])
    assert (program, tests) == ("python3 tools/start.py", "python3 tools/start.py test")
    assert "as root or through `sudo`" in section and "macOS and Windows need no system packages" in section
    ci = (ROOT / ".ci" / "run").read_text()
    assert tests in ci.splitlines()


def test_missing_libraries_are_named_with_the_line_that_installs_them() -> None:
    problem = display_problem({"DISPLAY": ":1"}, _loader({"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}))
    assert problem == (
        "the window cannot open on X11: the system libraries of libxcb-icccm4, libxcb-keysyms1 are missing.\n"
        "Install them with: sudo apt-get install libxcb-icccm4 libxcb-keysyms1"
    )


def test_a_plugin_that_fails_for_another_reason_is_quoted() -> None:
    def load(name: str) -> object:
        if name.endswith("libqxcb.so"):
            raise OSError("libqxcb.so: undefined symbol: \x1b[31m_ZN7QString")
        return ctypes.CDLL(name)

    problem = display_problem({"DISPLAY": ":1"}, load)
    assert (
        problem == "Qt's X11 platform plugin cannot load: libqxcb.so: undefined symbol: \\x1b[31m_ZN7QString"
    )


def test_a_display_without_a_server_is_one_line() -> None:
    problem = display_problem({"DISPLAY": ":987"}, _loader(set()))
    assert problem == (
        "cannot connect to the X display ':987': is an X server running there, and may this user use it?"
    )


def test_qt_modules_that_cannot_load_name_their_packages(monkeypatch: pytest.MonkeyPatch) -> None:
    import app.gui

    monkeypatch.setitem(sys.modules, "app.gui.nqueens_gui", None)
    monkeypatch.delattr(app.gui, "nqueens_gui", raising=False)
    assert import_window(_loader({"libEGL.so.1", "libdbus-1.so.3"})) == (
        "Qt cannot start: the system libraries of libegl1, libdbus-1-3 are missing.\n"
        "Install them with: sudo apt-get install libegl1 libdbus-1-3"
    )
    with pytest.raises(ImportError):
        import_window(_loader(set()))


def _without_display() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}


def test_the_window_without_a_display_says_so_and_exits_1(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app", "6"], capture_output=True, text=True, env=_without_display(), timeout=60
    )
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        "nqueens-gui: error: no display to open the window on (DISPLAY is not set); "
        "--screenshot FILE works without one\n"
    )


def test_a_screenshot_needs_no_display_and_remembers_nothing(tmp_path: Path) -> None:
    settings = tmp_path / "nqueens-configurator" / "nqueens-gui.conf"
    settings.parent.mkdir()
    settings.write_text("[board]\nsize=5\n\n[view]\nappearance=dark\n")
    before = settings.read_bytes()
    shot = tmp_path / "shot.png"
    env = {**_without_display(), "XDG_CONFIG_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "app", "7", "--queen", "1,1", "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000
    assert settings.read_bytes() == before
    assert sorted(p.name for p in settings.parent.iterdir()) == ["nqueens-gui.conf"]


def test_the_window_bench_remembers_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.cli.bench_commands import window_timings

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert window_timings(5, 2, 1, "cudd")["open_cached_ms"] >= 0
    assert not (tmp_path / "config").exists()


def test_a_screenshot_run_still_refuses_bad_input_first(tmp_path: Path) -> None:
    result = run_gui(
        tmp_path, "8", "--queen", "1,1", "--queen", "1,2", "--screenshot", str(tmp_path / "x.png")
    )
    assert result.returncode == 2 and "cannot place a queen on 1,2" in result.stderr


MARK = "NQUEENS_TEST_PROCESS_MARK"
"""An environment variable set for the window in the X11 test: its children inherit it, so the
processes it leaves behind can be found after it is gone."""


@pytest.fixture
def x_display():  # type: ignore[no-untyped-def]
    """A real X server (Xvfb, installed by .ci/run) on a free display: its name, once it accepts
    connections. ``-displayfd`` makes Xvfb pick the first free number and write it when ready;
    ``-noreset`` keeps it from resetting when its last client leaves (a client that connects
    during such a reset is dropped: "could not connect to display")."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("Xvfb is not installed (.ci/run installs it)")
    read, write = os.pipe()
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(
            [xvfb, "-displayfd", str(write), "-noreset", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        os.close(write)
        with os.fdopen(read) as stream:
            number = stream.readline().strip()
        try:
            if not number.isdigit():
                server.wait(timeout=30)
                log.seek(0)
                pytest.fail(f"Xvfb did not start: {log.read()[-2000:]!r}")
            yield f":{number}"
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _marked(mark: str) -> list[int]:
    """The processes whose environment holds ``MARK=mark``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            variables = (entry / "environ").read_bytes().split(b"\0") if entry.name.isdigit() else []
        except OSError:
            continue
        if f"{MARK}={mark}".encode() in variables:
            found.append(int(entry.name))
    return found


def test_the_real_x11_platform_starts_the_window(tmp_path: Path, x_display: str) -> None:
    mark = f"{os.getpid()}-{time.monotonic_ns()}"
    env = {**_without_display(), "DISPLAY": x_display, "XDG_CONFIG_HOME": str(tmp_path), MARK: mark}
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "from PySide6.QtWidgets import QApplication; print(QApplication([]).platformName())",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert probe.stdout == "xcb\n", probe.stderr
    window = subprocess.Popen(
        [sys.executable, "-m", "app", "6"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        deadline = time.monotonic() + 60
        settings = tmp_path / "nqueens-configurator" / "nqueens-gui.conf"
        while not settings.exists() and window.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        window.terminate()
        _, err = window.communicate(timeout=30)
        assert err == ""
        assert "size=6" in settings.read_text()
        deadline = time.monotonic() + 30
        while _marked(mark) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _marked(mark) == [], "the window's children outlived it"
    finally:
        if window.poll() is None:
            window.kill()
            window.communicate()
        for pid in _marked(mark):
            os.kill(pid, signal.SIGKILL)


def load_start():
    spec = importlib.util.spec_from_file_location("start", ROOT / "tools" / "start.py")
    assert spec is not None and spec.loader is not None
    start = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(start)
    return start


@pytest.mark.parametrize(("root", "sudo"), [(True, False), (False, True), (False, False)])
def test_the_start_script_installs_only_what_is_missing_as_root_or_through_sudo(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, root: bool, sudo: bool
) -> None:
    start = load_start()
    ran: list[list[str]] = []

    def run(command: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        ran.append(command)
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(start.sys, "platform", "linux")
    monkeypatch.setattr(
        start.shutil, "which", lambda name: f"/usr/bin/{name}" if sudo or name != "sudo" else None
    )
    monkeypatch.setattr(start.os, "geteuid", lambda: 0 if root else 1000)
    monkeypatch.setattr(start, "installed", lambda package: package not in {"libegl1", "xvfb"})
    monkeypatch.setattr(start.subprocess, "run", run)
    monkeypatch.setattr(start, "LOG", tmp_path / "setup.log")
    if not root and not sudo:
        with pytest.raises(start.SetupError, match="libegl1 xvfb"):
            start.system_packages(testing=True)
        return
    start.system_packages(testing=True)
    prefix = [] if root else ["sudo"]
    assert ran == [
        [*prefix, "apt-get", "update", "-qq"],
        [*prefix, "apt-get", "install", "-y", "-qq", "libegl1", "xvfb"],
    ]
    ran.clear()
    start.system_packages(testing=False)
    assert ran[-1][-1] == "libegl1", "the window alone needs no X server"


def _talking_step(start: ModuleType, status: int) -> None:
    """A step whose command prints 40 numbered lines, as apt-get and pip print theirs, and exits
    with ``status``."""
    command = f"import sys; [print('line', i) for i in range(40)]; sys.exit({status})"
    start.run_step("installing something", [[sys.executable, "-c", command]])


def test_a_step_is_one_line_and_its_commands_output_goes_to_the_log(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    start = load_start()
    monkeypatch.setattr(start, "LOG", tmp_path / "setup.log")
    _talking_step(start, 0)
    _talking_step(start, 0)
    assert capfd.readouterr() == ("start: installing something\n" * 2, "")
    log = (tmp_path / "setup.log").read_text()
    assert log.count("$ ") == 2 and log.count("line 39\n") == 2, "each run's output is kept"


def test_a_log_past_its_limit_is_started_afresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    start = load_start()
    monkeypatch.setattr(start, "LOG", tmp_path / "setup.log")
    monkeypatch.setattr(start, "LOG_LIMIT", 200)
    for _ in range(3):
        _talking_step(start, 0)
    log = (tmp_path / "setup.log").read_text()
    assert log.count("$ ") == 1 and log.count("line 39\n") == 1


def test_a_failed_step_names_the_log_and_quotes_its_last_lines(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    start = load_start()
    log = tmp_path / "setup.log"
    monkeypatch.setattr(start, "LOG", log)
    with pytest.raises(start.SetupError) as failed:
        _talking_step(start, 3)
    first, *quoted = str(failed.value).split("\n")
    assert first == f"installing something failed (exit status 3); its whole output is in {log}"
    assert quoted == [f"  line {i}" for i in range(40 - start.TAIL, 40)]
    assert "line 0\n" in log.read_text()
    assert capfd.readouterr().out == "start: installing something\n"


@pytest.mark.parametrize(
    ("hostile", "reason"), [("folder", "Is a directory"), ("/dev/full", "No space left")]
)
def test_a_log_that_cannot_be_written_is_one_line_from_the_start_script(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    hostile: str,
    reason: str,
) -> None:
    start = load_start()
    monkeypatch.setattr(start, "LOG", tmp_path if hostile == "folder" else Path(hostile))
    monkeypatch.setattr(start, "system_packages", lambda testing: _talking_step(start, 0))
    assert start.main(["test"]) == 1
    out, err = capsys.readouterr()
    assert out == "start: installing something\n"
    assert err.startswith(f"start: cannot keep the set-up's output in {start.LOG}: {reason}")
    assert err.count("\n") == 1
