"""The project's own error types.

Every error a user can cause is one of these, so that callers (the command
line, the notebooks, the fuzz tests) can catch ``MclogError`` and never show a
traceback.  This module knows nothing about any particular game.
"""

from __future__ import annotations


class MclogError(Exception):
    """Base of every error mclog raises on purpose.

    ``code`` is a short stable identifier (documented in docs/errors.md once
    the record format exists); ``message`` is written for a player.
    """

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SetupError(MclogError):
    """A game cannot be set up as asked (player count, colours, setup kind)."""

    code = "setup"


class RuleError(MclogError):
    """A move that the rules forbid at this point of the game.

    ``rule`` names the rulebook section or ruling (``R15``) that forbids it, so
    the message can be checked against the rules by the player.

    >>> str(RuleError("Ben cannot buy the Transport card: he has 3 million and it costs 4", "R15"))
    'Ben cannot buy the Transport card: he has 3 million and it costs 4 (R15)'
    """

    code = "illegal-move"

    def __init__(self, reason: str, rule: str) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")
