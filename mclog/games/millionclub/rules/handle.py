"""An unknown card the engine follows: ``?3.5``, handle 5 of group 3 (``unknown.py``).

Its own module, apart from the cards (``cards.py``): the compiled build compiles the
cards, whose words and ``Industry`` every move touches, and mypyc does not compile a
subclass of ``str``.

>>> Handle("?3.5").group
'?3'
"""

from __future__ import annotations


class Handle(str):
    """An unknown card the engine follows.  A ``str``, so that it keys a hand's or a
    player's counters as a card's name does, of its own type, so that what it is can be
    asked in one way (``cards.is_handle``)."""

    __slots__ = ()

    @property
    def group(self) -> str:
        """Its group (``?3``): handles that came into one place together, and are alike."""
        return self.partition(".")[0]


__all__ = ["Handle"]
