"""The ``nqueens`` command line: its entry point; the contract is the README's "Command line"."""

from __future__ import annotations

import argparse
import sys
import textwrap

from app.child_process import silence_stdout
from app.cli import bench_commands, engine_commands, level_commands, sat_commands
from app.cli.output import OutputError, guarded_stdout
from app.options import HELP_WIDTH, Parser, SettingError, fail, limit_memory
from bdd_model import NQueensError
from bdd_model.families import CLASSIC, names
from bdd_model.kernels.loader import compile_in_foreground
from bdd_model.wording import and_list


def build_parser() -> Parser:
    parser = Parser(
        prog="nqueens",
        description="N-Queens: BDD configurator answers and SAT tools.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    engine_commands.register(commands)
    sat_commands.register(commands)
    bench_commands.register(commands)
    level_commands.register(commands)
    parser.epilog = _options_across(commands)
    return parser


def _options_across(commands: argparse._SubParsersAction) -> str:
    """The help's closing paragraphs: the commands that take --rules and --level, read from
    their parsers, and where the level file is described."""

    def taking(option: str) -> str:
        return and_list(
            name for name, command in commands.choices.items() if option in command._option_string_actions
        )

    paragraphs = (
        f"Rule families: --rules {'|'.join(names())} (default {CLASSIC.name}) on {taking('--rules')}.",
        f"Region levels (LinkedIn Queens, Star Battle): --level on {taking('--level')} (a level in place "
        "of N and --rules), and the level command ('nqueens level --help' describes the level file).",
        "'nqueens COMMAND --help' gives a command's options.",
    )
    return "\n\n".join(textwrap.fill(paragraph, HELP_WIDTH) for paragraph in paragraphs)


def _command_names(parser: argparse.ArgumentParser) -> str:
    """The commands ``parser`` takes, in the order its help lists them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return ", ".join(action.choices)
    return ""


def main(argv: list[str] | None = None) -> int:
    """Run one command; 0 on success, 2 on bad input (one line on stderr), 1 on other failures."""
    compile_in_foreground(lambda text: print(f"nqueens: {text}", file=sys.stderr))
    with guarded_stdout():
        try:
            return _run(argv)
        except OutputError as error:
            silence_stdout()
            sys.stderr.write(f"nqueens: error: {error}\n")
            return 1
        except BrokenPipeError:
            # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
            silence_stdout()
            return 141


def _run(argv: list[str] | None) -> int:
    """Parse and run, flushing standard output before returning so that its errors surface here."""
    try:
        parser = build_parser()
        if not (sys.argv[1:] if argv is None else argv):
            fail(f"name a command: {_command_names(parser)}; 'nqueens --help' says what each does")
        args = parser.parse_args(argv)
        try:
            limit_memory(getattr(args, "backend", None))
            return args.run(args)
        except SettingError as error:
            fail(str(error))
        except NQueensError as error:
            sys.stderr.write(f"nqueens: error: {error}\n")
            return 1
        except MemoryError:
            sys.stderr.write("nqueens: error: ran out of memory\n")
            return 1
        except KeyboardInterrupt:
            sys.stderr.write("nqueens: interrupted\n")
            return 130
    finally:
        sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
