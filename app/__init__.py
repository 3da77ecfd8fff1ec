"""The faces of the N-Queens configurator: the Qt desktop program and the nqueens command line."""
