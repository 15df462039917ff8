"""Unknown cards in the engine: a ``?`` card is followed as a *handle*, never guessed.

A record written from one seat says ``?`` for a card that seat did not see.  The
engine follows each such card as a handle (``?3.5``: handle 5 of group 3) sitting in
a hand, a set-aside pile or a player's colonies, exactly where the real card lies.
What the handles can be is worked out afterwards, by the replayer, as a constraint
problem over the whole record (``mclog.unknowns``); the engine only ever makes
choices that lose no possibility, so that the search sees every game the record
could describe:

* A card named by a move (``Ben buys asia``) is the known card of that name where
  the place holds one.  Taking it rather than an unknown card that may also be an
  Asia is no loss: the two are then both Asia, and what stays behind is the same.
* Otherwise it is one of the place's handles, *identified* as that card.  Handles of
  one group came into the same place together and have been alike ever since (drawn
  into the same hand, or the same cards re-labelled below), so which of them it is
  does not matter: the first.
* A ``?`` taken from a place whose cards are not all alike (a hand holding known
  cards, a player's colonies from several rounds) first *re-labels* the place: every
  card there becomes a new handle of one new group, and the constraint problem notes
  that the new handles are the old cards in some order.  Then the first is taken.

Each of these is done inside ``play``, from the state alone, so replaying the same
moves from a snapshot gives the same handles (the widget and ``Replay.state`` rely
on it).  What was done is reported on ``state.log`` when someone listens (the
replayer does; copies of a state do not).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from mclog.errors import RuleError
from .cards import (COLONY_DECK, DECK_NAMES, DECK_OF, UNKNOWN, article, card_name,
                    is_handle, unseen)
from .handle import Handle
from .state import State


def group_of(handle: str) -> str:
    return handle.partition(".")[0]


def new_handle(state: State, group: str | None = None) -> Handle:
    """A fresh handle, in ``group`` or starting a group of its own."""
    state.unknowns += 1
    n = state.unknowns
    return Handle(f"{group or f'?{n}'}.{n}")


def alike(items: Sequence[str]) -> bool:
    """Whether the cards of a place are interchangeable: handles of a single group."""
    groups = {group_of(c) if is_handle(c) else None for c in items}
    return len(groups) == 1 and None not in groups


# What the engine tells of the unknown cards, each a named tuple: a value, like a move, but
# one that nothing compares with a move or keeps in a set, and whose class Python makes in
# a sixth of a frozen dataclass's time (every command makes them as it starts: issue 29).


class Drawn(NamedTuple):
    """A card came out of ``deck`` unseen: it is ``handle`` from now on (``in_draft``: into
    a draft hand, where which of its alike cards a later move names is not known)."""

    handle: str
    deck: str
    in_draft: bool


class Taken(NamedTuple):
    """A move's ``?`` took the unknown card ``handle`` (for the replay's text)."""

    handle: str


class Identified(NamedTuple):
    """The unknown card ``handle`` turned out to be a ``kind`` (a move named it)."""

    handle: str
    kind: str


class Relabelled(NamedTuple):
    """A place of ``deck``'s cards became alike: its cards ``old`` are the new handles
    ``new`` in some order."""

    deck: str
    new: tuple[str, ...]
    old: tuple[str, ...]


class OutOfDeck(NamedTuple):
    """Before a reshuffle of ``deck``: the unknown cards ``handles`` are out of it, and at
    most ``caps[kind]`` of them can be of each kind (R1)."""

    deck: str
    handles: tuple[str, ...]
    caps: dict


class OffDeck(NamedTuple):
    """A card came off ``deck`` (``card``: its kind, or the handle of a card drawn unseen)
    while unknown cards were out of it, or unseen: what the chance of it was then is
    ``counts[kind]`` (the deck's cards of that kind not known to be elsewhere) less the
    unknown cards ``out`` of that kind.  A review weighs the deals a seat's record allows
    by these chances (``mclog.games.millionclub.deals``)."""

    card: str
    deck: str
    counts: tuple[tuple[str, int], ...]
    out: tuple[str, ...]


#: What the engine tells a listener of the unknown cards (``state.log``), one class each.
UnknownEvent = Drawn | Taken | Identified | Relabelled | OutOfDeck | OffDeck


def note(state: State, event: UnknownEvent) -> None:
    """Tell the listener of ``state`` (if any: the replayer's, never a copy's) ``event``."""
    if state.log is not None:
        state.log.append(event)


def identify(state: State, handle: str, kind: str) -> None:
    """The handle turns out to be a ``kind`` (a move named it): it is a known card from now on.

    ``decks[deck][kind]`` counts the cards of that kind not known to be out of the deck, so
    at 0 the handle cannot be one (R1).
    """
    deck = DECK_OF[kind]
    if not state.decks[deck][kind]:
        raise RuleError(f"This cannot be {article(card_name(kind))} card: every "
                        f"{card_name(kind)} card of the {DECK_NAMES[deck]} deck is already "
                        f"known to be elsewhere", "R1")
    state.identify(handle, kind)
    note(state, Identified(handle, kind))


def relabel(state: State, items: list[str], deck: str) -> list[str]:
    """Every card of a place becomes a new handle of one new group (see the module text).

    Returns the new handles, in the place's order; the caller puts them in the place.
    A known card becomes unknown: it goes back to being counted as "may be in the deck".
    """
    group = None
    new: list[str] = []
    for card in items:
        h = new_handle(state, group)
        group = group or group_of(h)
        if not is_handle(card):
            state.decks[deck][card] += 1
            state.hidden[deck] += 1
        new.append(h)
    note(state, Relabelled(deck, tuple(new), tuple(items)))
    return new


def resolve(state: State, items: list[str], card: str, deck: str,
            relabel_place: Callable[[list[str]], None]) -> str:
    """The card of the place ``items`` that a move naming ``card`` (or ``?``) takes.

    ``relabel_place(new)`` puts the new handles in the place when it has to be re-labelled.
    Returns the card as it now stands in the place (a known name or a handle); raises
    ``RuleError`` when the place cannot hold it.
    """
    if card == UNKNOWN:
        if not items:
            raise RuleError("There is no card there to take", "R13")
        if alike(items) or len(set(items)) == 1:
            taken = items[0]
        else:
            new = relabel(state, items, deck)
            relabel_place(new)
            taken = new[0]
        note(state, Taken(taken))  # which card a ``?`` meant, for the replay's text
        return taken
    if card in items or DECK_OF.get(card) != deck or not any(is_handle(c) for c in items):
        return card  # a known card, or a card the place cannot hold (the caller says so)
    if not alike(items):
        items = relabel(state, items, deck)
        relabel_place(items)
    identify(state, items[0], card)
    return card


def out_handles(state: State, deck: str, with_hand: bool) -> list[str]:
    """The handles of ``deck`` out of the deck now: set aside, held, and in the hand if
    ``with_hand`` (the hand is the deck of the disc being resolved)."""
    out = [c for c in state.hand if is_handle(c)] if with_hand else []
    out += [c for c, n in state.set_aside[deck].items() if n and is_handle(c)]
    if deck == COLONY_DECK:
        for held in state.colonies:
            out += [c for c, n in held.items() if n and is_handle(c)]
    return out
