"""The compiled diagram: the rules built into a BDD with dd, frozen into row layers, and answered from."""
