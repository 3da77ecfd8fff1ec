"""Whether Qt can start here, found out before it tries, and said in words a user can act on.

Left to itself Qt answers a missing system library with a traceback (a library of its GUI
module: the import fails) or with a dump of platform plugins and an abort with a core dump (the
X11 platform plugin cannot load, or there is no display). The libraries and their Debian/Ubuntu
packages below are what ``readelf -d`` and ``ldd`` show for PySide6's Qt libraries,
``plugins/platforms/libqxcb.so`` and ``lib/libQt6XcbQpa.so.6``, minus what every Debian has
(libc6, libstdc++6, libgcc-s1, zlib1g, libzstd1). No Qt import here.
"""

from __future__ import annotations

import ctypes
import importlib.util
from collections.abc import Callable, Mapping
from pathlib import Path

from bdd_model.untrusted_text import excerpt

GUI_LIBRARIES = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}
"""What Qt's GUI modules load on every platform (offscreen included)."""
XCB_LIBRARIES = {
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}
"""What the X11 (xcb) platform plugin loads besides."""
FONTS = "fonts-dejavu-core"
"""Not a library, yet needed: without a font Qt draws every letter as a box, silently."""

Loader = Callable[[str], object]


def all_packages() -> list[str]:
    """Every Debian/Ubuntu package the window needs (the README's install line)."""
    return list(dict.fromkeys([*GUI_LIBRARIES.values(), *XCB_LIBRARIES.values(), FONTS]))


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
