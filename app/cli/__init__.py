"""The ``nqueens`` command line: one module per command group, entry point in ``nqueens``."""
