"""Every literal command-line example of the README runs as written, in a shell whose PATH has the
commands the set-up links (the venv's own ``bin``, where those links point). Placeholder lines
such as ``nqueens show FILE --n N`` are synopses, not examples; the benchmarks run with
``--run-slow``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
COMMAND = re.compile(r"^nqueens(-gui)?( |$)")
PLACEHOLDER = re.compile(r"\[|…|\.\.\.|\b[A-Z]+(,[A-Z]+)?\b|\w\|\w")
"""A synopsis, not an example: an optional part, an ellipsis, a word in capitals (N, FILE, R,C)
or a choice of words (``left|stair``)."""
NAME_WORDS = 2
"""A code span of this many words or fewer names a command (`nqueens bench`): it is not an example."""


def readme_examples() -> list[str]:
    """The README's commands with no placeholder: lines of its code blocks and whole code spans
    that run ``nqueens`` or ``nqueens-gui``."""
    text = README.read_text(encoding="utf-8")
    found: list[str] = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL):
        found += [line.split("  #")[0].strip() for line in block.splitlines()]
    prose = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    found += [span for span in re.findall(r"`([^`\n]+)`", prose) if len(span.split()) > NAME_WORDS]
    examples = []
    for line in found:
        commands = [part.strip() for part in line.split(" | ")]
        ours = [part for part in commands if COMMAND.match(part)]
        if ours and not any(PLACEHOLDER.search(part) for part in ours) and line not in examples:
            examples.append(line)
    return examples


def marked(example: str) -> object:
    return pytest.param(example, marks=pytest.mark.slow) if " bench " in example else example


def test_the_readme_has_examples_of_every_command_group() -> None:
    examples = readme_examples()
    for group in ("count", "state", "generate", "smtlib", "solve", "show", "bench"):
        assert any(f"nqueens {group} " in example for example in examples), group
    assert any(example.startswith("nqueens-gui ") for example in examples)


@pytest.mark.parametrize("example", [marked(example) for example in readme_examples()])
def test_a_readme_example_runs_as_written(example: str, tmp_path: Path) -> None:
    environment = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    shell = ["bash", "-c", example]
    answer = subprocess.run(shell, cwd=tmp_path, env=environment, capture_output=True, text=True, check=False)
    assert answer.returncode == 0 and "error" not in answer.stderr, answer.stderr
    assert answer.stdout or list(tmp_path.glob("*.*")), "an example shows or writes something"
