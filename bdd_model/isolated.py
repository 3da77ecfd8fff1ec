"""The command that runs one of our modules in a child process, isolated from the working folder.

``python -m MODULE`` puts the current folder first on ``sys.path``: started from a folder that
holds an ``app`` package or an ``app.py`` (every Flask project has one), the child would import
that instead of ours and run its code. The child therefore starts with ``python -I`` (no
current folder, no ``PYTHON*`` variables, no user site-packages) and a bootstrap that puts the
folder holding our packages first on ``sys.path`` only if it is not there already, then runs
the module's ``main``. Used by the window's children, the command line's window benchmark and
the background compile of the SAT engine's kernels.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
"""The folder that holds our ``app`` and ``bdd_model`` packages."""

_BOOTSTRAP = """\
import importlib, sys
root, module = sys.argv[1], sys.argv[2]
if root not in sys.path:
    sys.path.insert(0, root)
sys.argv = [module, *sys.argv[3:]]
sys.exit(importlib.import_module(module).main())
"""


def module_command(module: str, *args: str) -> list[str]:
    """``[python, ...]`` that runs ``module.main()`` with ``args`` as its command line."""
    return [sys.executable, "-I", "-c", _BOOTSTRAP, ROOT, module, *args]
