"""How the front ends start our child processes: isolated from the working folder
(``bdd_model.isolated`` says why and how); and how a process whose reader went away ends
quietly.
"""

from __future__ import annotations

import os

from bdd_model.isolated import ROOT, module_command

__all__ = ["ROOT", "module_command", "silence_stdout"]


def silence_stdout() -> None:
    """Point descriptor 1 at /dev/null, so the interpreter's last flush of what could not be
    written succeeds quietly (no "Exception ignored" after our own message)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
