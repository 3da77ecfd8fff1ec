"""Argument parsing shared by the command-line entry points: one clear line per bad input."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from bdd_model import BoardSizeError, check_size


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def fail(message: str, status: int = 2) -> NoReturn:
    """Print one line to stderr and exit (2: bad input)."""
    sys.stderr.write(f"nqueens: error: {message}\n")
    raise SystemExit(status)


def board_size(text: str) -> int:
    """argparse type for N: a whole number within what this program compiles."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"N must be a whole number, not '{text}'") from None
    try:
        return check_size(n)
    except BoardSizeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive_int(text: str) -> int:
    """argparse type for counts such as --clicks and --limit."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value
