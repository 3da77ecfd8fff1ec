"""A level as the player plays it: the level engine, a board of the engine interface over the exact search."""
