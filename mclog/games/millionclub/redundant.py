"""Items that decline a question the rules never ask: redundant, not wrong.

A recorder at the table cannot always know which questions the rules skip: Dan writes
``stock Dan pass`` although he could pay for no takeover, so the engine never offered
one.  Such an item says what happened (nothing), so the replayer accepts it with a
warning that says why the question did not arise (``validate --strict`` makes it an
error, and ``fmt`` leaves it out).  Only a pass or a named opponent can be redundant,
and only when the question it answers has come and gone without being asked: an item
the rules could still ask for is a slip and stays an error.

>>> from mclog.games.millionclub.rules.moves import Pass
>>> from mclog.games.millionclub.rules.state import State
"""

from __future__ import annotations

from .rules.board import INDUSTRIES, LOBBY, STOCK
from .rules.cards import CONTRACT, INDUSTRY_NAMES, INDUSTRY_TYPES, UNREST
from .rules.moves import Move, Pass, Target
from .rules.state import State

#: Where each line label's question comes in a round (the round end after the five discs).
_PLACE_IN_ROUND = {"lobby": LOBBY, "stock": STOCK, "end": INDUSTRIES + 1}


def not_asked(state: State, move: Move, label: str, last_card: tuple | None) -> str | None:
    """Why the question that ``move`` (on a ``label`` line) answers does not arise here,
    or ``None`` when it could (then the item is a slip, reported as such).

    ``last_card`` is ``(seat, card)`` of the Intrigue card carried out last.
    """
    if state.phase not in ("resolve", "round end"):
        return None
    here = INDUSTRIES + 1 if state.phase == "round end" else state.resolving
    seat = move.player
    if seat is None or here is None:   # (chance's draws, outside a disc: always asked)
        return None
    name = state.name(seat)
    if type(move) is Target:
        return _no_target(state, seat, last_card)
    if type(move) is not Pass or label not in _PLACE_IN_ROUND or here < _PLACE_IN_ROUND[label]:
        return None
    if label == "stock" and STOCK in state.privileges:
        holder = state.privileges[STOCK]
        if holder != seat:
            return (f"{name} does not hold the Stock Exchange privilege this round (R10), so "
                    f"there is no Hostile takeover to decline")
        return (f"{name} cannot pay for any Hostile takeover: each costs 3 times the "
                f"industry's value, more than {name}'s {state.money[seat]} million (R18)")
    if label == "lobby":
        sectors = {sector for s, sector in state.pawns[LOBBY] if s == seat}
        if not sectors:
            return (f"{name} has no pawn in the Lobby this round, so has no Lobby turn to "
                    f"decline (R11)")
        owned = {card.kind for card in state.industries[seat]}
        if not owned & sectors:
            kinds = " or ".join(INDUSTRY_NAMES[k] for k in INDUSTRY_TYPES if k in sectors)
            return (f"{name} owns no {kinds} industry, so {name}'s Lobby turns are lost and "
                    f"nothing is asked (R11)")
        return None
    if label == "end" and not state.industries[seat]:
        return f"{name} has no industry, so has no end-of-round turn to decline (R19)"
    return None


def _no_target(state: State, seat: int, last_card: tuple | None) -> str | None:
    """A named opponent for a Buy a colonial contract or Colonial Unrest that is not
    carried out at all (R14: "if possible")."""
    if last_card is None or last_card[0] != seat or last_card[1] not in (CONTRACT, UNREST):
        return None
    name = state.name(seat)
    card = "Buy a colonial contract" if last_card[1] == CONTRACT else "Colonial Unrest"
    rule = "R23" if last_card[1] == CONTRACT else "R24"
    if last_card[1] == CONTRACT and state.money[seat] < 3:
        return (f"{name} cannot pay 3 million, so {card} is not carried out and names no "
                f"opponent ({rule})")
    if last_card[1] == UNREST and not state.colony_count(seat):
        return f"{name} has no colony to swap, so {card} names no opponent ({rule})"
    if not any(state.colony_count(o) for o in state.opponents(seat)):
        return f"no opponent of {name} has a colony, so {card} names no one ({rule})"
    return None
