"""The SAT engine for boards beyond the compiled diagram's reach: incremental solving with
python-sat, local search and completion search for witnesses, proofs, estimates and explanations."""
