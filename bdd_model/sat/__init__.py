"""The SAT side of the back end: DIMACS and SMT-LIB encodings, in-memory solving with
python-sat, and reading a solver's answer file back onto the board."""
