"""``python -m app`` starts the desktop window."""

import sys

from app.gui_main import main

sys.exit(main())
