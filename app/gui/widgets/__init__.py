"""Small widgets and helpers every part of the window uses: text that fits its place, and what an
action says of itself (tooltip, status tip, shortcut)."""
