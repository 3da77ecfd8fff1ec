"""The window's entry point: check that Qt can start here (``system_libraries``), then run
``nqueens_gui``; a missing library is one clear message and exit status 1, never Qt's abort.
No Qt import here: this module runs first.
"""

from __future__ import annotations

import ctypes
import sys
from types import ModuleType

from app.gui.debian_packages import GUI_LIBRARIES
from app.gui.system_libraries import Loader, install_advice, missing_packages


def import_window(load: Loader = ctypes.CDLL) -> ModuleType | str:
    """The window's entry module, or a few lines saying which packages Qt's GUI modules lack
    (an ImportError with no missing library behind it is a real bug and is raised)."""
    try:
        from app.gui import nqueens_gui
    except ImportError:
        missing = missing_packages(GUI_LIBRARIES, load)
        if not missing:
            raise
        return install_advice("Qt cannot start", missing)
    return nqueens_gui


def main(argv: list[str] | None = None) -> int:
    """``nqueens-gui`` and ``python -m app``: the window, or one clear message and exit 1."""
    window = import_window()
    if isinstance(window, str):
        sys.stderr.write(f"nqueens-gui: error: {window}\n")
        return 1
    return window.main(argv)
