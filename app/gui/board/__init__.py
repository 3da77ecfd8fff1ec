"""The board's drawing: squares, queens, the legend and the palette."""
