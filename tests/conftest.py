"""Put tests/ on the path so test modules share the helpers in tests/table.py; register
the inner loop's Hypothesis profile (``make test-fast`` runs with
``--hypothesis-profile=inner``: ``fuzzing.examples`` reads it)."""

import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("inner")
