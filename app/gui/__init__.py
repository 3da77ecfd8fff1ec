"""The desktop window: session (mid end), window, widgets and painting, the compile child.

Entry point in ``qt_startup`` (it checks that Qt can start, then runs ``nqueens_gui``);
``python -m app`` starts it too.
"""
