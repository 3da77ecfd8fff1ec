"""``python -m app`` starts the desktop window."""

import sys

from app.gui.nqueens_gui import main

sys.exit(main())
