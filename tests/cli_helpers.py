"""Running ``nqueens`` in the test process: exit status, stdout and stderr."""

from __future__ import annotations

import pytest

from app.cli.nqueens import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``nqueens ARGV`` as the user would run it; argparse's exits become statuses."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err
