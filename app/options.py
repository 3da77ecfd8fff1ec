"""What both front ends share: parsing N, cells and decisions (one clear line per bad input)
and the memory cap of a compile."""

from __future__ import annotations

import argparse
import math
import os
import resource
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from bdd_model import BoardSizeError, NQueensError, check_size, resolve_backend
from bdd_model.cnf.encoding import check_sat_size
from bdd_model.families import CLASSIC, RuleFamily, family, names
from bdd_model.files.untrusted_text import excerpt

MEMORY_SHARE = 0.8
"""A compile may use this share of physical memory; beyond it allocation fails cleanly."""
MEMORY_ENV = "NQUEENS_MEMORY_LIMIT_MB"
MESSAGE_LIMIT = 300
"""Characters of an error line; what argparse quotes from the command line is cut to fit."""
HELP_WIDTH = 78
"""Columns of the paragraphs a help text lays out itself (argparse wraps the rest to the terminal)."""


class SettingError(Exception):
    """An environment setting of this program that is not valid (bad input: exit status 2)."""


def memory_cap() -> int | None:
    """Bytes of ``$NQUEENS_MEMORY_LIMIT_MB`` (None when unset); SettingError unless it is a
    positive whole number."""
    text = os.environ.get(MEMORY_ENV, "")
    if not text:
        return None
    megabytes = whole_number(text) if text.isascii() and text.isdigit() else None
    if megabytes is None or megabytes < 1:
        raise SettingError(
            f"{MEMORY_ENV} must be a positive whole number of megabytes, not '{excerpt(text)}'"
        )
    return min(megabytes, 1 << 40) << 20


def limit_memory(backend: str | None = None) -> None:
    """Cap this process's address space so a compile too big for the machine fails cleanly (a
    MemoryError; the CUDD manager is sized to the cap, see ``bdd_model.diagram.backends``) instead of
    dragging the system into swap.

    The cap is 80% of physical memory, or ``$NQUEENS_MEMORY_LIMIT_MB`` megabytes if set
    (SettingError if that is not a positive whole number). ``backend`` is resolved first: its
    import maps a large library, which a low cap could make fail and so switch backends.
    """
    cap = memory_cap()
    if backend is not None:
        resolve_backend(backend)
    try:
        limit = cap or int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") * MEMORY_SHARE)
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError, AttributeError):
        pass


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr, ``PROGRAM: error: ...``, exit 2,
    and which reads any number of --queen/--empty in linear time."""

    def error(self, message: str) -> NoReturn:
        fail(message, program=self.prog.split()[0])

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Take the decisions out before argparse scans the rest: on CPython 3.11 its scan is
        quadratic in the number of options (20,000 decisions took 21 s)."""
        arguments = sys.argv[1:] if args is None else list(args)
        taken = _take_decisions(self, arguments)
        if taken is None:
            return super().parse_known_args(arguments, namespace)
        decisions, rest = taken
        parsed, extras = super().parse_known_args(rest, namespace)
        parsed.decisions = decisions
        return parsed, extras


def fail(message: str, status: int = 2, program: str = "nqueens") -> NoReturn:
    """Print one line to stderr and exit (2: bad input)."""
    sys.stderr.write(f"{program}: error: {excerpt(message, MESSAGE_LIMIT)}\n")
    raise SystemExit(status)


def whole_number(text: str) -> int | None:
    """The integer ``text`` spells (sign and digits), or None. Absurdly long digit strings
    become a huge number rather than Python's int-size error, so range checks reject them."""
    text = text.strip()
    digits = text.lstrip("+-")
    if not (digits.isascii() and digits.isdigit()) or len(text) - len(digits) > 1:
        return None
    if len(digits) > 18:
        return -(10**18) if text.startswith("-") else 10**18
    return int(text)


class DecisionList(list):
    """The decisions of one parse, ``(kind, text)`` in the order given (argparse's default list
    is shared by every parse, so it is never appended to)."""


class OrderedDecision(argparse.Action):
    """--queen and --empty, remembered together in the order given (decisions apply in order)."""

    def __call__(self, parser, namespace, values, option_string=None):
        decisions = getattr(namespace, "decisions", None)
        if not isinstance(decisions, DecisionList):
            decisions = namespace.decisions = DecisionList(decisions or ())
        decisions.append((self.dest, values))


def _take_decisions(
    parser: argparse.ArgumentParser, arguments: list[str]
) -> tuple[DecisionList, list[str]] | None:
    """The --queen/--empty decisions in ``arguments`` and the other arguments, in one pass;
    None when the parser has none, or when one is not plainly written (argparse then reads
    everything itself and reports what is wrong, exactly as without this shortcut)."""
    kinds = {
        name: a.dest for a in parser._actions if isinstance(a, OrderedDecision) for name in a.option_strings
    }
    if not kinds:
        return None
    options = [name for name in parser._option_string_actions if name.startswith("--")]
    decisions, rest = DecisionList(), []
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--":
            return None
        name, equals, value = argument.partition("=")
        option = _long_option(name, options, parser.allow_abbrev) if argument.startswith("--") else None
        if option not in kinds:
            rest.append(argument)
            index += 1
            continue
        if not equals:
            if index + 1 == len(arguments) or arguments[index + 1].startswith("-"):
                return None
            index += 1
            value = arguments[index]
        decisions.append((kinds[option], value))
        index += 1
    return decisions, rest


def _long_option(name: str, options: list[str], abbreviations: bool) -> str | None:
    """The long option ``name`` spells in full or, as argparse allows, as an unambiguous prefix."""
    if name in options:
        return name
    matches = [option for option in options if option.startswith(name)] if abbreviations else []
    return matches[0] if len(matches) == 1 else None


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


def integer(text: str) -> int:
    """argparse type for a whole number of any sign, such as --seed."""
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"'{excerpt(text)}' is not a whole number")
    return value


def file_name(text: str) -> str:
    """argparse type for a file to read or write: any name but the empty one."""
    if not text:
        raise argparse.ArgumentTypeError("a file name must not be empty")
    return text


def positive_int(text: str) -> int:
    """argparse type for counts such as --clicks and --limit."""
    value = integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


MOST_SECONDS = 1_000_000
"""The longest ``--time-limit`` (eleven days; a timer cannot count much further)."""


def positive_seconds(text: str) -> float:
    """argparse type for ``--time-limit``: a positive decimal number of seconds, in ASCII, at
    most ``MOST_SECONDS``."""
    try:
        value = float(text) if text.isascii() else math.nan
    except ValueError:
        value = math.nan
    if math.isnan(value):
        raise argparse.ArgumentTypeError(f"'{excerpt(text, 20)}' is not a number of seconds")
    if not 0 < value <= MOST_SECONDS:
        raise argparse.ArgumentTypeError(
            f"'{excerpt(text, 20)}' is not a positive number of seconds up to {MOST_SECONDS:,}"
        )
    return value


def rules_name(text: str) -> RuleFamily:
    """An argparse type for ``--rules``: a family's name; one line listing the names otherwise."""
    try:
        return family(text)
    except NQueensError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_rules_option(parser: argparse.ArgumentParser, remembered: bool = False, level: bool = False) -> None:
    """--rules NAME: the rule family (default: the classic queens; ``remembered``: None, and the
    caller takes the family chosen last; ``level``: None, for ``rules_or_level`` to settle)."""
    default_text = "as last chosen in Game → Rules" if remembered else CLASSIC.name
    parser.add_argument(
        "--rules",
        type=rules_name,
        default=None if remembered or level else CLASSIC,
        metavar="|".join(names()),
        help=f"the rule family (default {default_text}{'; not with --level' if level else ''})",
    )


def add_level_option(parser: argparse.ArgumentParser) -> None:
    """--level FILE: a region level instead of N and --rules."""
    parser.add_argument(
        "--level", metavar="FILE", type=Path, help="a region level (text or JSON) instead of N"
    )


def rules_or_level(args: argparse.Namespace) -> None:
    """Exit 2 unless exactly one of N and --level is given, and --rules only with N; then
    ``args.rules`` is the family (the classic when not named)."""
    if args.level is not None and (args.n is not None or args.rules is not None):
        fail("with --level, N and --rules are not given: the level holds its size and its rules")
    if args.level is None and args.n is None:
        fail("give N (the board size) or --level FILE")
    if args.level is None:
        args.rules = args.rules or CLASSIC
