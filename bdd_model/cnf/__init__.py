"""The SAT export: the board as CNF (DIMACS, SMT-LIB), an external solver's answer read back, and
solving it."""
