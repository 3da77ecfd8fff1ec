"""The mid end between the window and the engines: the session, undo, the boards' sources and the autosave."""
