"""`python -m toa`: the command line, as the `toa` script runs it."""

import sys

from .cli import main

sys.exit(main())
