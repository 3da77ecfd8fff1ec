"""The main window, its commands and its status bar."""
