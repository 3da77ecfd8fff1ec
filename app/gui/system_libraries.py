"""Whether Qt can start here, found out before it tries (no Qt import), so that a missing system library or an
unusable display is said in words a user can act on instead of a traceback or a core dump."""

from __future__ import annotations

import ctypes
import importlib.util
from collections.abc import Callable, Mapping
from pathlib import Path

from app.gui.debian_packages import GUI_LIBRARIES, XCB_LIBRARIES
from bdd_model.files.untrusted_text import excerpt

Loader = Callable[[str], object]


def missing_packages(libraries: Mapping[str, str], load: Loader = ctypes.CDLL) -> list[str]:
    """The packages of the libraries in ``libraries`` that cannot be loaded here."""
    missing: list[str] = []
    for library, package in libraries.items():
        try:
            load(library)
        except OSError:
            if package not in missing:
                missing.append(package)
    return missing


def install_advice(what: str, packages: list[str]) -> str:
    """A few lines: what cannot start, the missing packages and the line that installs them."""
    return (
        f"{what}: the system libraries of {', '.join(packages)} are missing.\n"
        f"Install them with: sudo apt-get install {' '.join(packages)}"
    )


def display_problem(environ: Mapping[str, str], load: Loader = ctypes.CDLL) -> str | None:
    """Why the window cannot be shown on this display, or None (also when Qt will use another
    platform than X11: a Wayland session, or ``QT_QPA_PLATFORM`` naming another)."""
    platform = environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0]
    if platform not in ("", "xcb") or (not platform and environ.get("WAYLAND_DISPLAY")):
        return None
    display = environ.get("DISPLAY", "")
    if not display:
        return "no display to open the window on (DISPLAY is not set); --screenshot FILE works without one"
    try:
        load(str(_xcb_plugin()))
    except OSError as error:
        missing = missing_packages({**XCB_LIBRARIES, **GUI_LIBRARIES}, load)
        if missing:
            return install_advice("the window cannot open on X11", missing)
        return f"Qt's X11 platform plugin cannot load: {excerpt(str(error), 120)}"
    if not _x_server_answers(display, load):
        return (
            f"cannot connect to the X display '{excerpt(display)}': "
            "is an X server running there, and may this user use it?"
        )
    return None


def _xcb_plugin() -> Path:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        raise OSError("PySide6 is not installed")
    return Path(spec.origin).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"


def _x_server_answers(display: str, load: Loader) -> bool:
    xcb = load("libxcb.so.1")
    connect = xcb.xcb_connect  # type: ignore[attr-defined]
    connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    connect.restype = ctypes.c_void_p
    has_error = xcb.xcb_connection_has_error  # type: ignore[attr-defined]
    has_error.argtypes = [ctypes.c_void_p]
    disconnect = xcb.xcb_disconnect  # type: ignore[attr-defined]
    disconnect.argtypes = [ctypes.c_void_p]
    connection = connect(display.encode(), None)
    try:
        return has_error(connection) == 0
    finally:
        disconnect(connection)
