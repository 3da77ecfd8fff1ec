"""The command that runs one of our modules in a child process isolated from the working folder (``python -I``
and a bootstrap that puts our packages first), so that an ``app`` package or ``app.py`` in the folder the user
started from is never imported in place of ours."""

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
