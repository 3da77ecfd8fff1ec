"""The desktop window, in sub-packages by what they hold, from the bottom up: ``workers`` (the
engines off the GUI thread), ``widgets`` (small shared widgets), ``board`` (drawing), ``mid_end``
(the session between the window and the engines), ``help``, ``insight`` (the panel) and
``window`` (the main window and its commands).

Entry point in ``qt_startup`` (it checks that Qt can start, then runs ``nqueens_gui``);
``python -m app`` starts it too.
"""
