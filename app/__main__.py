"""``python -m app`` starts the desktop window."""

import sys

from app.gui.qt_startup import main

sys.exit(main())
