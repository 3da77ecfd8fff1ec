"""Levels to play: the bundled collection, each level's progress and clock, new levels made on demand."""
