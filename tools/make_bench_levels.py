"""Write the levels of the bench folder (``resources/levels/bench``) with the levels' generator
(``bdd_model.levels.making``) without its difficulty check: the bench measures speed."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bdd_model.kernels.loader import compile_in_foreground
from bdd_model.levels.making.generator import unique_level

SIZES = {6: 24, 7: 34, 8: 34, 9: 28, 10: 28, 11: 34, 12: 8, 13: 8, 14: 8, 15: 5, 16: 5, 17: 5, 18: 5}
"""Levels per size (226): as many small ones as people play (community collections lean to 7×7
and 11×11), and some of every size up to 18×18, the largest community levels."""
STAR_SIZES = {10: 20}
"""Two-star levels per size: Star Battle's usual 10×10."""


def main() -> int:
    """``make_bench_levels.py [FOLDER [N ...]]``: the levels of every size, or of the sizes named
    (two-star levels too where ``STAR_SIZES`` has the size); each size from its own seed, so that
    one size remade alone comes out the same."""
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("resources/levels/bench")
    folder.mkdir(parents=True, exist_ok=True)
    sizes = [int(n) for n in sys.argv[2:]] or list(SIZES)
    compile_in_foreground(lambda message: print(message, file=sys.stderr))
    for n, stars in [(n, 1) for n in sizes] + [(n, 2) for n in STAR_SIZES if n in sizes]:
        rng = random.Random(f"bench {n}" if stars == 1 else f"bench {n} stars {stars}")
        wanted, name = (SIZES[n], f"{n:02d}") if stars == 1 else (STAR_SIZES[n], f"{n:02d}x{stars}")
        made = 0
        while made < wanted:
            level = unique_level(n, stars, rng)
            if level is None:
                continue
            made += 1
            stars_note = f" with {stars} stars" if stars > 1 else ""
            (folder / f"{name}-{made:02d}.txt").write_text(
                f"# bench level {n}x{n}{stars_note} #{made}\n" + level.text()
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
