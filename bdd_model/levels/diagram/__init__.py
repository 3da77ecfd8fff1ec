"""A level's decision diagram: found by a frontier walk, built with dd, frozen into row layers that answer."""
