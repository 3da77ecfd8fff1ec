"""A stranger's first start: the packages the window needs are named, a missing library or
display is a few clear lines (never Qt's abort), headless runs need no display and change no
remembered setting, and the real X11 platform starts once the packages are there."""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from app.gui.qt_startup import import_window
from app.gui.system_libraries import all_packages, display_problem
from tests.gui_helpers import run_gui

ROOT = Path(__file__).resolve().parent.parent


def _loader(missing: set[str]):  # type: ignore[no-untyped-def]
    """ctypes.CDLL, except that the libraries in ``missing`` (and so Qt's xcb plugin) fail."""

    def load(name: str) -> object:
        if name in missing or (missing and name.endswith("libqxcb.so")):
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")
        return ctypes.CDLL(name)

    return load


def test_the_readme_and_ci_name_every_package_the_window_needs() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    install_line = next(
        line for line in readme.splitlines() if "apt-get install" in line and "libegl1" in line
    )
    continued = readme[readme.index(install_line) :].split("```")[0]
    for package in all_packages():
        assert f" {package}" in continued, package
        assert f" {package}" in ci or f'"{package}' in ci, package
    assert {"libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0"} <= set(all_packages())


def test_the_readme_installs_the_system_packages_first_and_ci_runs_its_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Two commands\n")[1].split("\n## ")[0]
    packages, program, tests = (block.split("```")[0].strip() for block in section.split("```sh\n")[1:])
    assert packages.startswith("apt-get update\napt-get install -y python3-venv libegl1 ")
    assert "As root" in section and "`sudo apt-get update`" in section
    assert "macOS and Windows need no system packages" in section
    assert program.endswith(".venv/bin/nqueens-gui") and tests.endswith(".venv/bin/python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text()
    assert tests in ci.splitlines() and 'python_tools="python3-venv"' in ci


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":1"}, None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, None),
        ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":1"}, None),
        ({}, "no display to open the window on (DISPLAY is not set); --screenshot FILE works without one"),
        ({"QT_QPA_PLATFORM": "xcb"}, "no display to open the window on"),
    ],
)
def test_which_platforms_are_checked(environ: dict[str, str], expected: str | None) -> None:
    problem = display_problem(environ, _loader(set()))
    assert problem == expected if expected is None else problem.startswith(expected)


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
