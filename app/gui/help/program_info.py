"""The program's name, version and licence for Help → About: from the installed package's metadata, else from
the ``pyproject.toml`` of a source checkout."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, metadata
from pathlib import Path

DISTRIBUTION = "nqueens-configurator"
NAME = "N-Queens configurator"
PYPROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"


@dataclass(frozen=True)
class ProgramInfo:
    version: str
    licence: str


def program_info() -> ProgramInfo:
    """The installed version and licence, else those of the source checkout's pyproject.toml,
    else "unknown"."""
    try:
        found = metadata(DISTRIBUTION)
    except PackageNotFoundError:
        return _from_pyproject(PYPROJECT)
    licence = found.get_all("License-Expression") or found.get_all("License") or ["unknown"]
    return ProgramInfo(found["Version"], licence[0])


def _from_pyproject(path: Path) -> ProgramInfo:
    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        project = {}
    return ProgramInfo(
        f"{project.get('version', 'unknown')} (source checkout)", str(project.get("license", "unknown"))
    )
