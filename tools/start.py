"""Set up what is missing and start: ``python3 tools/start.py`` opens the window,
``python3 tools/start.py test`` runs the test suite (further arguments go to the program or to
pytest), ``python3 tools/start.py uninstall`` takes the commands and the launcher away again.
On Windows: ``py tools\\start.py`` and ``py tools\\start.py test``.

What it sets up, each only when missing: on Debian and Ubuntu the system packages Qt needs (and
python3-venv, and for the tests Xvfb and the launcher's validators) with apt-get, as root or
through sudo; the virtual environment ``.venv`` beside this folder; the package in it, editable,
with the test extras for ``test``; and for the window, ``nqueens`` and ``nqueens-gui`` in
``~/.local/bin`` and, on Linux, its launcher in the application menu (``user_install``). Each step
is one line; the output of apt-get, venv and pip goes to ``setup.log`` beside this folder. macOS
and Windows need no system packages: PySide6's wheels carry Qt. Standard library only: it runs
before anything is installed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / "nqueens-installed"
"""What was installed into the venv last (a hash of pyproject.toml and the extras)."""
LOG = ROOT / "setup.log"
"""The whole output of the steps' commands, appended run after run (beside ``.venv``, which may not
exist yet and is emptied when it is made again); a step that fails names it."""
TAIL = 8
"""How many of the log's last lines a failed step quotes."""
LOG_LIMIT = 1 << 20
"""A log past this many bytes is started afresh, so that runs after runs never fill the disk."""
TEST_PACKAGES = ["xvfb", "appstream", "desktop-file-utils"]
"""Debian packages the tests need besides the window's: the X server some of them start, and
the validators of the launcher and its AppStream metadata."""


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):  # noqa: UP036 - this script runs on whatever python3 is
        print(f"start: Python 3.11 or newer is needed; this is {sys.version.split()[0]}.", file=sys.stderr)
        return 1
    if argv[:1] == ["uninstall"]:
        return uninstall()
    testing = bool(argv) and argv[0] == "test"
    arguments = argv[1:] if testing else argv
    try:
        system_packages(testing)
        python = virtual_environment()
        install(python, testing)
        if not testing:
            for line in put_in_place(python.parent, Path.home(), dict(os.environ)):
                print(f"start: {line}", flush=True)
    except (OSError, SetupError) as error:
        print(f"start: {error}", file=sys.stderr)
        return 1
    if testing:
        command = [str(python), "-m", "pytest", *arguments]
    else:
        command = [str(python.parent / ("nqueens-gui.exe" if os.name == "nt" else "nqueens-gui")), *arguments]
    os.chdir(ROOT)
    if os.name == "nt":
        return subprocess.call(command)
    os.execv(command[0], command)
    return 1


def put_in_place(venv_bin: Path, home: Path, environment: dict[str, str]) -> list[str]:
    """Put the commands on the user's PATH and the window's launcher in the menu (the run
    command's alone: the tests, and CI, leave the home folder as it is); the lines to say, each
    once: again only when the links or the launcher change, or a notice stops holding and
    returns (what was said is kept in the venv)."""
    user_install = module_at(ROOT / "tools" / "user_install.py")
    said, links_changed = [], False
    if os.name != "nt":
        links_changed, said = user_install.link_commands(venv_bin, home, environment.get("PATH", ""))
    said = user_install.not_said_yet(said, venv_bin.parent / "nqueens-said", again=links_changed)
    if sys.platform.startswith("linux") and user_install.install_launcher(
        venv_bin, user_install.data_folder(home, environment)
    ):
        said.append("the window is in your desktop's application menu as N-Queens Configurator")
    return said


def uninstall() -> int:
    """Take away the links and the launcher this script put in place (the checkout stays)."""
    user_install = module_at(ROOT / "tools" / "user_install.py")
    home = Path.home()
    bin_folder = VENV / ("Scripts" if os.name == "nt" else "bin")
    removed, left = user_install.uninstall(bin_folder, home, user_install.data_folder(home, dict(os.environ)))
    print(
        "start: removed "
        + (", ".join(removed) if removed else "nothing: nothing of this checkout's was installed")
    )
    if left:
        print("start: left as they are: " + ", ".join(left))
    return 0


class SetupError(Exception):
    """A step that cannot be done here, said in a sentence."""


def system_packages(testing: bool) -> None:
    """On Debian and Ubuntu, install the packages that are not installed yet."""
    if not sys.platform.startswith("linux") or shutil.which("dpkg-query") is None:
        return
    wanted = ["python3-venv", *debian_packages(), *(TEST_PACKAGES if testing else [])]
    missing = [package for package in wanted if not installed(package)]
    if not missing:
        return
    prefix: list[str] = []
    if os.geteuid() != 0:
        if shutil.which("sudo") is None:
            raise SetupError(
                "these system packages are missing and neither root nor sudo can install them: "
                + " ".join(missing)
            )
        prefix = ["sudo"]
    run_step(
        f"installing system packages: {' '.join(missing)}",
        [[*prefix, "apt-get", "update", "-qq"], [*prefix, "apt-get", "install", "-y", "-qq", *missing]],
        environment={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
    )


def run_step(what: str, commands: list[list[str]], environment: dict[str, str] | None = None) -> None:
    """Say ``what`` in one line, then run ``commands`` one after the other with their output
    appended to ``LOG``; a command that fails is a SetupError that names the log and quotes its
    last lines, and so is a log that cannot be written."""
    print(f"start: {what}", flush=True)
    try:
        mode = "w" if LOG.is_file() and LOG.stat().st_size > LOG_LIMIT else "a"
        with open(LOG, mode, encoding="utf-8") as stream:
            stream.write(f"\n== {time.strftime('%Y-%m-%d %H:%M:%S')} {what}\n")
            for command in commands:
                stream.write(f"$ {' '.join(command)}\n")
                stream.flush()
                status = _run(command, stream, environment)
                if status != 0:
                    raise SetupError(
                        f"{what} failed (exit status {status}); its whole output is in {LOG}"
                        + "".join(f"\n  {line}" for line in last_lines(LOG))
                    )
    except OSError as error:
        raise SetupError(f"cannot keep the set-up's output in {LOG}: {error.strerror}") from None


def _run(command: list[str], stream: TextIO, environment: dict[str, str] | None) -> int:
    """``command``'s exit status, its output into ``stream``; a command that cannot be started is
    a SetupError of its own (not the log's)."""
    try:
        run = subprocess.run(command, stdout=stream, stderr=subprocess.STDOUT, env=environment, check=False)
    except OSError as error:
        raise SetupError(f"cannot run {command[0]}: {error.strerror}") from None
    return run.returncode


def last_lines(log: Path) -> list[str]:
    """The last few lines of ``log`` that say something (none if it cannot be read)."""
    try:
        with open(log, "rb") as stream:
            stream.seek(max(0, stream.seek(0, os.SEEK_END) - 4096))
            text = stream.read().decode("utf-8", "replace")
    except OSError:
        return []
    return [line.rstrip() for line in text.splitlines() if line.strip()][-TAIL:]


def debian_packages() -> list[str]:
    """The window's packages, from the one list the program itself checks at start."""
    return list(module_at(ROOT / "app" / "gui" / "debian_packages.py").all_packages())


def module_at(path: Path) -> ModuleType:
    """The Python file ``path`` as a module (nothing is installed yet to import it from)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise SetupError(f"cannot read {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def installed(package: str) -> bool:
    answer = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True, check=False
    )
    status = answer.stdout if answer.returncode == 0 else ""
    return status.endswith(" installed")


def virtual_environment() -> Path:
    """The venv's Python, made (again, if it is broken or has no pip) when needed."""
    python = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if python.exists():
        check = subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True, check=False)
        if check.returncode == 0:
            return python
    run_step(f"making the virtual environment {VENV}", [[sys.executable, "-m", "venv", "--clear", str(VENV)]])
    return python


def install(python: Path, testing: bool) -> None:
    """Install the package (editable) with the extras asked for, unless the same is installed."""
    extras = "[test]" if testing else ""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    done = STAMP.read_text().split() if STAMP.is_file() else []
    if wanted in done:
        return
    run_step(
        f"installing the program{' and its test tools' if testing else ''} into {VENV}",
        [[str(python), "-m", "pip", "install", "-e", f"{ROOT}{extras}"]],
    )
    STAMP.write_text("\n".join([*done, wanted]) + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
