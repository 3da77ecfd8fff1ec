"""Put the program where a user looks for it: ``nqueens`` and ``nqueens-gui`` linked into
``~/.local/bin`` (as pipx does), and on Linux a launcher in the desktop's application menu with its
icon and AppStream metadata. Standard library only: ``start.py`` runs it before anything else.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

APP_ID = "io.github.nqueens.configurator"
"""The launcher's, the icon's and the metadata's name; the window says it is this application."""
COMMANDS = ("nqueens", "nqueens-gui")
RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def bin_folder(home: Path) -> Path:
    return home / ".local" / "bin"


def data_folder(home: Path, environment: dict[str, str]) -> Path:
    """Where a user's launchers, icons and metadata go (``$XDG_DATA_HOME``, else ~/.local/share)."""
    given = environment.get("XDG_DATA_HOME", "")
    return Path(given) if os.path.isabs(given) else home / ".local" / "share"


def link_commands(venv_bin: Path, home: Path, path_variable: str) -> tuple[bool, list[str]]:
    """Link the commands into ``~/.local/bin`` (a link into another checkout's ``.venv`` is
    moved here, and said); whether a link was made or moved, and the lines to say: what moved,
    what was left alone, and how to reach the folder when it is not on ``path_variable``."""
    folder = bin_folder(home)
    folder.mkdir(parents=True, exist_ok=True)
    said, changed = [], False
    for command in COMMANDS:
        link, target = folder / command, venv_bin / command
        if link.is_symlink() and Path(os.readlink(link)) == target:
            continue
        if link.is_symlink() and _into_a_checkout(Path(os.readlink(link)), command):
            said.append(f"{link} ran {os.readlink(link)}; it now runs this checkout's.")
            link.unlink()
        elif link.exists() or link.is_symlink():
            said.append(f"{link} is another program's; it was left as it is (this one is {target}).")
            continue
        link.symlink_to(target)
        changed = True
    on_path = any(_same(Path(part), folder) for part in path_variable.split(os.pathsep) if part)
    if not on_path:
        said.append(
            f"{' and '.join(COMMANDS)} are in {folder}, which is not on your PATH: add the line "
            f' export PATH="{folder}:$PATH"  to your shell\'s start file (~/.bashrc or ~/.profile) '
            f"and open a new shell, or run {venv_bin / 'nqueens'} directly."
        )
    return changed, said


def not_said_yet(lines: list[str], memory: Path, again: bool) -> list[str]:
    """Those of ``lines`` that were not among the lines of the last start (kept in ``memory``,
    which now holds ``lines``), or all of them when ``again``: a notice is said once, and again
    when it stops holding and comes back. A memory that cannot be read or kept forgets."""
    try:
        before = memory.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError):
        before = []
    with contextlib.suppress(OSError):
        _write(memory, "\n".join(lines))
    return lines if again else [line for line in lines if line not in before]


def install_launcher(venv_bin: Path, data_home: Path) -> bool:
    """The launcher, its icon and its AppStream metadata, for this user; each file whole, and
    only when it differs. True when one of them was written."""
    entry = (RESOURCES / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    command = f"Exec={desktop_exec(venv_bin / 'nqueens-gui')}"
    contents: tuple[str | bytes, ...] = (
        entry.replace("Exec=nqueens-gui", command),
        _resource("icon.svg"),
        _resource(f"{APP_ID}.metainfo.xml"),
    )
    written = [
        _write(path, content) for path, content in zip(launcher_files(data_home), contents, strict=True)
    ]
    return any(written)


def launcher_files(data_home: Path) -> tuple[Path, Path, Path]:
    """Where the launcher, its icon and its AppStream metadata go."""
    return (
        data_home / "applications" / f"{APP_ID}.desktop",
        data_home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        data_home / "metainfo" / f"{APP_ID}.metainfo.xml",
    )


def uninstall(venv_bin: Path, home: Path, data_home: Path) -> tuple[list[str], list[str]]:
    """Remove what ``link_commands`` and ``install_launcher`` put in place; the paths removed,
    and the commands left because they run another checkout or program."""
    removed, left = [], []
    for command in COMMANDS:
        link = bin_folder(home) / command
        if link.is_symlink() and Path(os.readlink(link)) == venv_bin / command:
            link.unlink()
            removed.append(str(link))
        elif link.is_symlink() or link.exists():
            target = os.readlink(link) if link.is_symlink() else "another program"
            left.append(f"{link} (it runs {target})")
    for path in launcher_files(data_home):
        if path.is_file():
            path.unlink()
            removed.append(str(path))
    return removed, left


def desktop_exec(program: Path) -> str:
    """``program`` as the Exec key of a desktop entry writes it: quoted, with the characters the
    specification reserves escaped."""
    quoted = "".join("\\" + char if char in '"`$\\' else char for char in str(program))
    return '"' + quoted.replace("\\", "\\\\").replace("%", "%%") + '"'


def _into_a_checkout(target: Path, command: str) -> bool:
    """A link made by this script in another checkout: into some ``.venv/bin/<command>``."""
    return target.name == command and target.parent.name == "bin" and target.parent.parent.name == ".venv"


def _same(a: Path, b: Path) -> bool:
    try:
        return a.expanduser().resolve() == b.resolve()
    except OSError:
        return False


def _resource(name: str) -> bytes:
    return (RESOURCES / name).read_bytes()


def _write(path: Path, content: str | bytes) -> bool:
    """Write ``path`` whole or not at all (a temporary file beside it, renamed into place),
    unless it holds ``content`` already; True when it was written."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()
    return True
