"""The benchmarks of nqueens bench: the engines, human play, the window and the soak, apart from the
product they measure."""
