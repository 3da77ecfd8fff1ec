"""The setter's tools: where a level's solutions differ, the one-square changes that leave one, and
the grid a setter paints."""
