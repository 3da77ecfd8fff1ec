"""The setter's bench: a window to paint a level's regions, its count and the squares where its
solutions differ always in view, and the one-square changes that make it unique."""
