"""The engines' workers off the GUI thread: the SAT worker process, compiles, and the machine-speed
measurement."""
