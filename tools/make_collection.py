"""Write the bundled collection (``resources/levels/collection``) with ``level generate``'s
generator: three levels of each difficulty for every size from 5×5 to 11×11, and five medium and
five hard Star Battle levels (10×10, two stars); seeds 1, 2, 3… so that it comes out the same."""

from __future__ import annotations

import sys
from pathlib import Path

from bdd_model.kernels.loader import compile_in_foreground
from bdd_model.levels.making.generator import generate, made_text
from bdd_model.levels.techniques.rating import DIFFICULTIES

SIZES = range(5, 12)
EACH = 3
"""Levels of each difficulty and size."""
STAR_BATTLE = {"medium": 5, "hard": 5}
"""Two-star 10×10 levels of each difficulty."""


def main() -> int:
    """``make_collection.py [FOLDER]``."""
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("resources/levels/collection")
    folder.mkdir(parents=True, exist_ok=True)
    compile_in_foreground(lambda message: print(message, file=sys.stderr))
    wanted = [(n, 1, difficulty, EACH) for n in SIZES for difficulty in DIFFICULTIES]
    wanted += [(10, 2, difficulty, count) for difficulty, count in STAR_BATTLE.items()]
    for n, stars, difficulty, count in wanted:
        name = f"{n:02d}" if stars == 1 else f"{n:02d}x{stars}"
        for seed in range(1, count + 1):
            level = generate(n, stars, difficulty, seed)
            (folder / f"{name}-{difficulty}-{seed}.txt").write_text(made_text(level, difficulty, seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
