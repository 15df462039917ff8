"""Joakim von Ankas fantastiska affärer's rules: its moves (``moves``), its components
(``components``: the board and the card texts the rulebook describes but does not print,
checked against it; ``../component_files.py`` reads them) and the rules themselves behind
the engine interface (``engine``)."""

from .components import ComponentError, Components
from .engine import DIVIDEND_RULES, LIMIT, NEWSPAPER_RULES, JoakimRules, State, Table

__all__ = ["ComponentError", "Components", "DIVIDEND_RULES", "LIMIT", "NEWSPAPER_RULES",
           "JoakimRules", "State", "Table"]
