"""The set-up puts the program where a user looks for it: the commands in ~/.local/bin, and the
window's launcher, icon and AppStream metadata in the application menu, each accepted by its
validator (the metadata naming every rule family and the region levels); what it says about them
is said once. Every test works in a private home folder, never the real one."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

import pytest

from app.gui.board.resource_files import resource_bytes
from app.gui.nqueens_gui import DESKTOP_ID
from bdd_model.families import names

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as a module (the tools are not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


user_install = load_tool("user_install")


def test_the_commands_are_linked_into_local_bin_and_run_from_there(tmp_path: Path) -> None:
    folder = tmp_path / ".local" / "bin"
    assert user_install.link_commands(VENV_BIN, tmp_path, f"/usr/bin{os.pathsep}{folder}") == (True, [])
    for command in ("nqueens", "nqueens-gui"):
        assert os.readlink(folder / command) == str(VENV_BIN / command)
    answer = subprocess.run(
        [str(folder / "nqueens"), "count", "6"], capture_output=True, text=True, check=False
    )
    assert (answer.returncode, answer.stdout) == (0, "4\n")
    assert user_install.link_commands(VENV_BIN, tmp_path, str(folder)) == (False, []), "nothing changes"


def test_a_folder_not_on_path_is_said_with_the_line_that_adds_it(tmp_path: Path) -> None:
    _, (said,) = user_install.link_commands(VENV_BIN, tmp_path, "/usr/bin")
    folder = tmp_path / ".local" / "bin"
    assert said.startswith(f"nqueens and nqueens-gui are in {folder}, which is not on your PATH: add")
    assert f'export PATH="{folder}:$PATH"' in said and str(VENV_BIN / "nqueens") in said


def test_another_programs_command_is_left_alone_and_another_checkouts_link_moved_and_said(
    tmp_path: Path,
) -> None:
    folder = tmp_path / ".local" / "bin"
    folder.mkdir(parents=True)
    (folder / "nqueens").write_text("#!/bin/sh\necho mine\n")
    other = tmp_path / "old-checkout" / ".venv" / "bin" / "nqueens-gui"
    (folder / "nqueens-gui").symlink_to(other)
    changed, (mine, moved) = user_install.link_commands(VENV_BIN, tmp_path, str(folder))
    assert changed
    assert mine.startswith(f"{folder / 'nqueens'} is another program's; it was left as it is")
    assert moved == f"{folder / 'nqueens-gui'} ran {other}; it now runs this checkout's."
    assert (folder / "nqueens").read_text() == "#!/bin/sh\necho mine\n"
    assert os.readlink(folder / "nqueens-gui") == str(VENV_BIN / "nqueens-gui")
    removed, left = user_install.uninstall(VENV_BIN, tmp_path, tmp_path / "share")
    assert removed == [str(folder / "nqueens-gui")]
    assert left == [f"{folder / 'nqueens'} (it runs another program)"]


def validated(*command: str) -> str:
    """The validator's verdict; a validator missing is a failure (the test command installs it)."""
    answer = subprocess.run(list(command), capture_output=True, text=True, check=False)
    assert answer.returncode == 0, answer.stdout + answer.stderr
    return answer.stdout + answer.stderr


def test_the_launcher_its_icon_and_its_metadata_are_installed_and_valid(tmp_path: Path) -> None:
    program = tmp_path / "a checkout" / ".venv" / "bin"
    data = tmp_path / "share"
    assert user_install.install_launcher(program, data)
    assert not user_install.install_launcher(program, data), "the same launcher is not written again"
    entry = data / "applications" / f"{DESKTOP_ID}.desktop"
    validated("desktop-file-validate", str(entry))
    lines = entry.read_text().splitlines()
    assert f'Exec="{program / "nqueens-gui"}"' in lines and f"Icon={DESKTOP_ID}" in lines
    icon = data / "icons" / "hicolor" / "scalable" / "apps" / f"{DESKTOP_ID}.svg"
    assert icon.read_bytes() == resource_bytes("icon.svg"), "the menu's icon is the window's"
    metadata = data / "metainfo" / f"{DESKTOP_ID}.metainfo.xml"
    assert "Validation was successful" in validated("appstreamcli", "validate", "--no-net", str(metadata))
    assert f'<launchable type="desktop-id">{DESKTOP_ID}.desktop</launchable>' in metadata.read_text()
    removed, left = user_install.uninstall(program, tmp_path, data)
    assert sorted(removed) == sorted(map(str, (entry, icon, metadata))) and left == []
    assert not entry.exists() and not icon.exists() and not metadata.exists()


@pytest.mark.parametrize(
    ("path", "written"),
    [
        ("/opt/n queens/.venv/bin/nqueens-gui", '"/opt/n queens/.venv/bin/nqueens-gui"'),
        ('/tmp/a"b$c`d\\e%f/nqueens-gui', '"/tmp/a\\\\"b\\\\$c\\\\`d\\\\\\\\e%%f/nqueens-gui"'),
    ],
)
def test_the_launchers_command_is_quoted_as_the_desktop_entry_specification_says(
    path: str, written: str
) -> None:
    assert user_install.desktop_exec(Path(path)) == written


def test_the_window_names_the_launcher_it_belongs_to() -> None:
    assert user_install.APP_ID == DESKTOP_ID
    assert (ROOT / "resources" / f"{DESKTOP_ID}.desktop").is_file()


MENU = "the window is in your desktop's application menu as N-Queens Configurator"


class TestSaidOnce:
    """What the start script says about the links and the launcher is said once, and again only
    when the situation changes: a link made or moved, the launcher changed, a notice back."""

    @pytest.fixture
    def start(self, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
        module = load_tool("start")
        monkeypatch.setattr(module.sys, "platform", "linux")
        return module

    def say(self, start: ModuleType, home: Path, path: str) -> list[str]:
        return start.put_in_place(home / "checkout" / ".venv" / "bin", home, {"PATH": path})

    def test_the_first_start_says_it_and_the_second_nothing(self, start: ModuleType, tmp_path: Path) -> None:
        first = self.say(start, tmp_path, "/usr/bin")
        assert len(first) == 2 and "which is not on your PATH" in first[0] and first[1] == MENU
        assert self.say(start, tmp_path, "/usr/bin") == []

    def test_a_notice_comes_back_after_it_stopped_holding(self, start: ModuleType, tmp_path: Path) -> None:
        (notice, _) = self.say(start, tmp_path, "/usr/bin")
        assert self.say(start, tmp_path, str(tmp_path / ".local" / "bin")) == []
        assert self.say(start, tmp_path, "/usr/bin") == [notice]

    def test_a_changed_launcher_or_link_is_said_again(self, start: ModuleType, tmp_path: Path) -> None:
        (notice, _) = self.say(start, tmp_path, "/usr/bin")
        entry = tmp_path / ".local" / "share" / "applications" / f"{DESKTOP_ID}.desktop"
        entry.write_text(entry.read_text().replace("Exec=", "Exec=old-"))
        assert self.say(start, tmp_path, "/usr/bin") == [MENU]
        link = tmp_path / ".local" / "bin" / "nqueens"
        other = tmp_path / "other" / ".venv" / "bin" / "nqueens"
        link.unlink()
        link.symlink_to(other)
        moved = f"{link} ran {other}; it now runs this checkout's."
        assert self.say(start, tmp_path, "/usr/bin") == [moved, notice]
        assert self.say(start, tmp_path, "/usr/bin") == []

    def test_a_memory_that_cannot_be_kept_says_it_every_time(self, start: ModuleType, tmp_path: Path) -> None:
        (tmp_path / "checkout" / ".venv" / "nqueens-said").mkdir(parents=True)
        (notice, _) = self.say(start, tmp_path, "/usr/bin")
        assert self.say(start, tmp_path, "/usr/bin") == [notice]


def test_the_metadata_describes_every_rule_family_and_the_region_levels() -> None:
    root = ElementTree.parse(ROOT / "resources" / f"{DESKTOP_ID}.metainfo.xml").getroot()
    description = root.find("description")
    assert description is not None
    text = " ".join(" ".join(description.itertext()).split())
    for name in names():
        assert name in text, name
    assert "LinkedIn" in text and "Star Battle" in text and "on the command line for now" in text
