"""The wheel holds the whole program: built from the checkout's tracked files in a clean folder and
installed into a fresh virtual environment outside the checkout, it has every module and resource,
and its commands and window run from there (the editable install of the checkout plays no part)."""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEVEL = "levels/collection/08-hard-2.txt"
"""A bundled level, read from inside the installed package."""
NOT_SHIPPED = "screenshot-*.png"
"""The README's pictures: the only files of resources/ that the program does not need."""


@dataclass(frozen=True)
class Installed:
    """A wheel and the fresh environment it is installed in."""

    wheel: Path
    python: Path
    scripts: Path
    site_packages: Path
    outside: Path
    env: dict[str, str]

    def run(self, *command: str | Path, **variables: str) -> subprocess.CompletedProcess[str]:
        """``command`` run from a folder outside the checkout, in the fresh environment (with
        ``variables`` added to it)."""
        return subprocess.run(
            [str(part) for part in command],
            cwd=self.outside,
            env={**self.env, **variables},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )


def git_files(*options: str) -> list[str]:
    """The checkout's files as a fresh clone has them (those deleted since are left out); with
    ``--others --exclude-standard``, those git does not track yet."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", *options], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def failed(answer: subprocess.CompletedProcess[str]) -> str:
    """What a failed command said, and the program's files that git does not track (a fresh
    clone, and so the wheel, lacks them)."""
    untracked = [
        name
        for name in git_files("--others", "--exclude-standard")
        if name.startswith(("app/", "bdd_model/", "resources/"))
    ]
    return (
        answer.stdout + answer.stderr + (f"\nnot tracked by git: {', '.join(untracked)}" if untracked else "")
    )


def _built_wheel(source: Path, dist: Path) -> Path:
    """The wheel of ``source``, built with this environment's setuptools (no download)."""
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    answer = subprocess.run(
        [*build, "--check-build-dependencies", "--wheel-dir", str(dist), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert answer.returncode == 0, answer.stdout + answer.stderr
    (wheel,) = dist.glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel built from a copy of the tracked files, installed without dependencies into a
    fresh environment that sees this one's site-packages (through a .pth file) for those."""
    source = tmp_path_factory.mktemp("clone")
    for name in git_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    wheel = _built_wheel(source, tmp_path_factory.mktemp("dist"))
    fresh = tmp_path_factory.mktemp("fresh") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(fresh)], check=True)
    python = fresh / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    paths = json.loads(
        subprocess.run(
            [str(python), "-c", "import json, sysconfig; print(json.dumps(sysconfig.get_paths()))"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    site_packages = Path(paths["purelib"])
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site_packages / "dependencies.pth").write_text("".join(f"{folder}\n" for folder in sorted(ours)))
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index"]
    answer = subprocess.run([*install, str(wheel)], capture_output=True, text=True, check=False)
    assert answer.returncode == 0, answer.stdout + answer.stderr
    outside = tmp_path_factory.mktemp("elsewhere")
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(outside / "config"),
        NQUEENS_CACHE_DIR=str(outside / "cache"),
        NQUEENS_KERNEL_DIR=str(outside / "kernels"),
        NQUEENS_KERNELS="numpy",  # numba's compile of the installed kernels would add 10 s
    )
    return Installed(wheel, python, Path(paths["scripts"]), site_packages, outside, env)


class TestInstalledWheel:
    def test_the_wheel_holds_every_module_level_and_resource_of_the_checkout(
        self, installed: Installed
    ) -> None:
        with zipfile.ZipFile(installed.wheel) as wheel:
            names = set(wheel.namelist())
        tracked = git_files()
        modules = {
            name for name in tracked if name.startswith(("app/", "bdd_model/")) and name.endswith(".py")
        }
        assert {name for name in names if name.endswith(".py")} == modules
        resources = {
            "app/" + name
            for name in tracked
            if name.startswith("resources/") and not fnmatch.fnmatch(Path(name).name, NOT_SHIPPED)
        }
        assert {name for name in names if name.startswith("app/resources/")} == resources
        assert any(name.startswith("app/resources/levels/bench/") for name in names)
        assert "app/resources/io.github.nqueens.configurator.metainfo.xml" in names

    def test_the_program_is_imported_from_the_fresh_environment_and_every_module_imports(
        self, installed: Installed
    ) -> None:
        every_module = (
            "import importlib, pkgutil, app, bdd_model\n"
            "for package in (app, bdd_model):\n"
            "    for found in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
            "        if not found.name.endswith('.__main__'):  # the window's start\n"
            "            importlib.import_module(found.name)\n"
            "print(app.__file__, bdd_model.__file__, sep='\\n')\n"
        )
        answer = installed.run(installed.python, "-c", every_module, NUMBA_DISABLE_JIT="1")
        assert answer.returncode == 0, failed(answer)
        for origin in answer.stdout.splitlines():
            assert Path(origin).is_relative_to(installed.site_packages), origin

    def test_the_installed_commands_count_and_check_a_bundled_level(self, installed: Installed) -> None:
        nqueens = installed.scripts / "nqueens"
        level = installed.site_packages / "app" / "resources" / LEVEL
        counted = installed.run(nqueens, "count", "8")
        assert (counted.returncode, counted.stdout) == (0, "92\n"), failed(counted)
        checked = installed.run(nqueens, "level", "check", level)
        assert (checked.returncode, checked.stdout) == (0, "unique\n"), failed(checked)

    def test_the_installed_window_draws_its_queens_from_the_package(self, installed: Installed) -> None:
        picture = installed.outside / "board.png"
        shown = installed.run(
            installed.scripts / "nqueens-gui", "6", "--queen", "1,2", "--screenshot", picture
        )
        assert shown.returncode == 0, failed(shown)
        assert picture.stat().st_size > 10_000
