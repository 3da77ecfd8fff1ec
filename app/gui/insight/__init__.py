"""The Insight panel: the diagram's layers, the solutions and why a square is closed."""
