"""Files shipped in resources/: inside an installed wheel they are the package ``app.resources``; when
``app`` is imported straight from a source checkout, the folder beside it."""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path


def _resources() -> Traversable:
    try:
        return resources.files("app.resources")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[3] / "resources"


def resource_bytes(name: str) -> bytes:
    """The bytes of the file ``name`` (a path under resources/)."""
    return _resources().joinpath(name).read_bytes()


def resource_files(folder: str, suffix: str) -> list[tuple[str, bytes]]:
    """The name and bytes of each file of ``folder`` (under resources/) whose name ends in
    ``suffix``, sorted by name."""
    found = [item for item in _resources().joinpath(folder).iterdir() if item.name.endswith(suffix)]
    return [(item.name, item.read_bytes()) for item in sorted(found, key=lambda item: item.name)]
