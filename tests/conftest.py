"""Put tests/ on the path so test modules share the helpers in tests/table.py."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
