"""What both front ends share: parsing N, cells and decisions (one clear line per bad input)
and the memory cap of a compile."""

from __future__ import annotations

import argparse
import os
import resource
import sys
from collections.abc import Callable
from typing import NoReturn

from bdd_model import BoardSizeError, check_size
from bdd_model.sat.encoding import check_sat_size
from bdd_model.untrusted_text import excerpt

MEMORY_SHARE = 0.8
"""A compile may use this share of physical memory; beyond it allocation fails cleanly."""
MEMORY_ENV = "NQUEENS_MEMORY_LIMIT_MB"
MESSAGE_LIMIT = 300
"""Characters of an error line; what argparse quotes from the command line is cut to fit."""


def limit_memory() -> None:
    """Cap this process's address space so a compile too big for the machine fails with a
    MemoryError (or CUDD's own out-of-memory exit) instead of dragging the system into swap.

    The cap is 80% of physical memory, or ``$NQUEENS_MEMORY_LIMIT_MB`` megabytes if set.
    """
    try:
        override = os.environ.get(MEMORY_ENV)
        if override:
            limit = int(override) << 20
        else:
            limit = int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") * MEMORY_SHARE)
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError, AttributeError):
        pass


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr, ``PROGRAM: error: ...``, exit 2."""

    def error(self, message: str) -> NoReturn:
        fail(message, program=self.prog.split()[0])


def fail(message: str, status: int = 2, program: str = "nqueens") -> NoReturn:
    """Print one line to stderr and exit (2: bad input)."""
    sys.stderr.write(f"{program}: error: {excerpt(message, MESSAGE_LIMIT)}\n")
    raise SystemExit(status)


def whole_number(text: str) -> int | None:
    """The integer ``text`` spells (sign and digits), or None. Absurdly long digit strings
    become a huge number rather than Python's int-size error, so range checks reject them."""
    text = text.strip()
    digits = text.lstrip("+-")
    if not digits.isdigit() or len(text) - len(digits) > 1:
        return None
    if len(digits) > 18:
        return -(10**18) if text.startswith("-") else 10**18
    return int(text)


class OrderedDecision(argparse.Action):
    """--queen and --empty, remembered together in the order given (decisions apply in order)."""

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        namespace.decisions = [*getattr(namespace, "decisions", []), (self.dest, values)]


def add_decision_options(parser: argparse.ArgumentParser) -> None:
    """--queen R,C and --empty R,C (1-based), collected in order into ``args.decisions``."""
    parser.add_argument("--queen", action=OrderedDecision, metavar="R,C", help="place a queen (1-based)")
    parser.add_argument("--empty", action=OrderedDecision, metavar="R,C", help="no queen here (1-based)")
    parser.set_defaults(decisions=[])


def size_argument(check: Callable[[int], int]) -> Callable[[str], int]:
    """An argparse type for N: a whole number that ``check`` accepts."""

    def parse(text: str) -> int:
        n = whole_number(text)
        if n is None:
            raise argparse.ArgumentTypeError(f"N must be a whole number, not '{excerpt(text)}'")
        try:
            return check(n)
        except BoardSizeError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


board_size = size_argument(check_size)
"""N of the commands that compile the BDD (1 … MAX_N)."""
sat_board_size = size_argument(check_sat_size)
"""N of the SAT commands, which only write or solve the CNF (1 … SAT_MAX_N)."""


def positive_int(text: str) -> int:
    """argparse type for counts such as --clicks and --limit."""
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"'{excerpt(text)}' is not a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value
