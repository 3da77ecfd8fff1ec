"""The SAT engine's hot loops: compiled with numba where it is present, the same loops in numpy or
Python where not."""
