"""The two front ends of the N-Queens configurator: ``app.cli`` (the ``nqueens`` command line)
and ``app.gui`` (the desktop window). They share only ``app.options`` and never import each other."""
