"""``nqueens --help`` and ``nqueens level --help``: the rule families, the levels and the level
file's grammar, each where a newcomer looks first."""

from __future__ import annotations

import pytest

from bdd_model.levels.level_file import parse_level
from bdd_model.levels.level_search import LevelSearch
from tests.cli_helpers import run


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    """The help text as printed, and its words joined by single spaces (argparse wraps lines)."""
    status, out, err = run(capsys, *argv, "--help")
    assert (status, err) == (0, "")
    return out, " ".join(out.split())


def test_nqueens_help_names_the_rule_families_and_the_levels(capsys) -> None:
    _, words = _help(capsys)
    assert (
        "--rules queens|no-touch|superqueens|toroidal (default queens) on count, compile, state, "
        "generate, smtlib, solve, show and bench." in words
    )
    taking = "--level on count, compile, state, generate, smtlib and bench"
    assert f"{taking} (a level in place of N and --rules)" in words
    assert "'nqueens level --help' describes the level file" in words


def test_level_help_gives_the_level_files_grammar_and_an_example_that_reads(capsys) -> None:
    out, words = _help(capsys, "level")
    assert "An optional line 'stars K' (K from 1 to 4, default 1) comes before the grid" in words
    assert "N lines of N region symbols (A–Z, a–z, 0–9; spaces between them allowed), N from 1 to 30" in words
    assert "K pieces go in every row, column and region, no two on touching squares" in words
    assert '{"stars": K, "regions": [...]}' in words
    example = out.split("with one solution:\n\n")[1].split("\n\n")[0].splitlines()
    level = parse_level("\n".join(example).encode())
    assert level.n == 5 and example[0].lstrip().startswith("#") and LevelSearch(level).count() == 1


def test_level_generate_help_gives_the_stars_range_and_default(capsys) -> None:
    _, words = _help(capsys, "level", "generate")
    assert "--stars K pieces per row, column and region: 1 or 2 (default 1)" in words


def test_nqueens_alone_names_its_commands_and_where_the_help_is(capsys) -> None:
    status, out, err = run(capsys)
    assert (status, out) == (2, "")
    assert err == (
        "nqueens: error: name a command: count, compile, state, generate, smtlib, solve, show, bench, "
        "level; 'nqueens --help' says what each does\n"
    )
