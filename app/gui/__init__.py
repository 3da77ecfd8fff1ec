"""The desktop window, in sub-packages from the bottom up: ``workers``, ``widgets``, ``board``, ``mid_end``,
``help``, ``insight`` and ``window``; ``qt_startup`` checks that Qt can start, then runs ``nqueens_gui``."""
