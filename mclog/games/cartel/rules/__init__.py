"""Cartel's rules: its moves (``moves``), its components (``components``: the board the
rulebook describes but does not print, checked against it; ``../component_files.py``
reads them) and the rules themselves behind the engine interface (``engine``)."""

from .components import ComponentError, Components
from .engine import ADVANCED, YEARS, CartelRules, State, Table

__all__ = ["ComponentError", "Components", "ADVANCED", "YEARS", "CartelRules",
           "State", "Table"]
