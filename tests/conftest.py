import sys
from pathlib import Path

# tests/docxbuild.py is a test utility, imported as a plain module.
sys.path.insert(0, str(Path(__file__).parent))
