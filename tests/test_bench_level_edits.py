"""``nqueens bench --gui --level FOLDER --edit``: each level repainted in the setter's window from the
rows start, its steps timed and counted, ``level fix`` timed one square off it, bad files skipped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from bdd_model.levels.level_file import read_level
from bdd_model.levels.setting.sketch import Sketch
from tests.cli_helpers import run

COLLECTION = Path("resources/levels/collection")


def test_the_edit_bench_repaints_each_level_and_times_level_fix(capsys, tmp_path: Path) -> None:
    for name in ("06-easy-1.txt", "07-hard-2.txt"):
        shutil.copy(COLLECTION / name, tmp_path / name)
    (tmp_path / "broken.txt").write_text("AB\nxx\n")
    status, out, _ = run(capsys, "bench", "--gui", "--level", str(tmp_path), "--edit", "--json")
    report = json.loads(out)
    assert status == 0 and [line.split(":")[0] for line in report["skipped"]] == ["broken.txt"]
    sizes = {(size["n"], size["stars"]): size for size in report["sizes"]}
    assert set(sizes) == {(6, 1), (7, 1)}
    for (n, _), size in sizes.items():
        level = read_level(next(tmp_path.glob(f"0{n}-*.txt")))
        target, start = Sketch.of_level(level), Sketch.of_rows(n, 1)
        changed = sum(
            a != b for row in range(n) for a, b in zip(target.rows[row], start.rows[row], strict=True)
        )
        assert size["steps"] + size["more_than_a_million"] + size["missing_steps"] == changed > 0
        assert size["fixes"] == 1 and size["answer_ms"]["p95"] > 0 and size["goal_p95_ms"] == 16.0
