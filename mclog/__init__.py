"""mclog: record, replay and analyse real played games of Million Club.

The rules engine lives in ``mclog.millionclub``; game-independent machinery
(errors, and later the record framing, replay and analysis plumbing) lives
beside it in ``mclog``.
"""

from .errors import MclogError, RuleError, SetupError

__version__ = "0.1.0"
__all__ = ["MclogError", "RuleError", "SetupError", "__version__"]
