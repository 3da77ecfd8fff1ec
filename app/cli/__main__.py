"""``python -m app.cli`` runs the ``nqueens`` command line."""

import sys

from app.cli.nqueens import main

sys.exit(main())
