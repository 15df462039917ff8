"""Cartel's rules: its moves (``moves``), its components (``components``: the board the
rulebook describes but does not print) and the rules themselves behind the engine
interface (``engine``)."""

from .components import ComponentError, Components, load
from .engine import ADVANCED, YEARS, CartelRules, State, Table

__all__ = ["ComponentError", "Components", "load", "ADVANCED", "YEARS", "CartelRules",
           "State", "Table"]
