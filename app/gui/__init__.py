"""The desktop window: session (mid end), window, widgets and painting, the compile child.

Entry point in ``nqueens_gui``; ``python -m app`` starts it too.
"""
