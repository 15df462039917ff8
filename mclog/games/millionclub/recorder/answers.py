"""The answers a recorder may give at a decision, as its seat would write them.

The engine lists every legal move (``legal_moves``); a recorder at a real table sees
only part of the cards, so each move is turned into what that seat writes, following
the seat's view table of ``docs/millionclub/format.md`` (the same rules as ``seat_view``, asked
before the move instead of after the game):

* a card the seat cannot see is ``?`` (a rival's colony bought, a card set aside by
  another, a starting colony dealt to another, a privilege's extra card of another);
* a draft's draws are named by the seat whose pawn is on space 1, are ``?`` for a seat
  with no pawn on the disc, and may be either for a seat further down (it sees the
  cards left when the hand reaches it);
* a recorder who has not named a seat may write ``?`` for any card the rules let a
  record leave unknown;
* an unknown card the seat does hold (its own hand, after draws it did not see) is
  offered as every card it could be.

Each answer is the text of one item as the notation writes it, with its player's
name (``Ben buys asia``, ``draws ?``, ``Ann IV:R``), so completion offers exactly the
words a hand-written record would use.
"""

from __future__ import annotations

from dataclasses import replace

from mclog.recording import Answer

from ..rules.board import COLONIES, SCHEMER
from ..rules.cards import COLONY_DECK, INTRIGUE_DECK
from ..rules.drafts import DECK_OF_DISC
from mclog.errors import RuleError
from ..rules.flow import legal_moves, play
from ..rules.moves import (
    Buy, BuyContract, Choose, Draw, Move, Pick, SetAside, StartPlayer, Swap,
)
from ..rules.state import Decision, State
from ..rules.unknown import UNKNOWN, is_handle
from ..notation.text import item_words


def answers(state: State, seat: int | None) -> list[Answer]:
    """Every answer the recorder in ``seat`` (``None``: a recorder who has not said)
    can give to the question ``state`` asks, in the engine's order, without repeats."""
    d = state.decision
    if d is None:
        return []
    table = state.table
    named: dict[str, Answer] = {}
    unknown: dict[str, Answer] = {}  # (listed after the named ones)
    for move in legal_moves(state):
        for seen in as_seen(state, d, move, seat):
            text = answer_text(seen, d, table)
            into = unknown if "?" in text.split() and seen != move else named
            if text not in named and text not in unknown:
                into[text] = Answer(text, _verb(seen, d, table), _card(seen), seen.player)
    return [*named.values(), *unknown.values()]


def answer_text(move: Move, d: Decision, table) -> str:
    """The item as a record's line writes it, with the name of whoever gives it: a
    starting card dealt is ``Ann india`` (``setup`` line), the start player ``Ann``."""
    names = table.names
    if isinstance(move, Draw) and d.dest == "deal":
        return f"{names[d.recipient]} {_word(move.card)}"
    if isinstance(move, StartPlayer):
        return names[move.seat]
    words = item_words(move, table)
    return words if move.player is None else f"{names[move.player]} {words}"


def as_seen(state: State, d: Decision, move: Move, seat: int | None) -> list[Move]:
    """``move`` as the recorder in ``seat`` may write it: itself, with ``?`` for what the
    seat cannot see, or once for each card an unknown card it sees could be."""
    hidden = _hidden(state, d, move, seat)
    if hidden is True:
        return [_unknown(move)]
    named = _named(state, d, move)
    unknown = _unknown(move)
    if hidden is None and unknown != move and (seat is not None or _takes(state, unknown)):
        return named + [unknown]  # the seat may or may not have seen it
    return named


def _takes(state: State, move: Move) -> bool:
    """Whether the rules take ``move`` now (a ``?`` is refused where a card is always
    seen: an Intrigue card played, an industry bought, the Machiavelli card)."""
    try:
        play(state.copy(), move)
    except RuleError:
        return False
    return True


def _hidden(state: State, d: Decision, move: Move, seat: int | None) -> bool | None:
    """Whether ``seat`` cannot see the card ``move`` names (``None``: it may go either way)."""
    if seat is None:  # a recorder who has not said where they sit may miss any card
        return None
    player = move.player
    if isinstance(move, Draw):
        if d.dest == "deal":
            return (d.deck == COLONY_DECK and d.recipient != seat
                    and state.table.roles[seat] != SCHEMER)
        if d.dest == "hand":
            if d.recipient is not None:  # a privilege's extra card
                return d.recipient != seat
            pawns = [p for p, _ in state.pawns.get(state.resolving or 0) or []]
            if seat not in pawns:
                return True
            return False if pawns[0] == seat else None
        return False  # the Machiavelli card, carried out in the open
    if isinstance(move, Pick):
        return player != seat and (d.deck == COLONY_DECK or d.dest == "hand")
    if isinstance(move, Buy):
        return player != seat and d.disc == COLONIES
    if isinstance(move, SetAside):
        return player != seat
    if isinstance(move, (BuyContract, Swap)):
        return seat not in (player, d.target)
    return False


def _unknown(move: Move) -> Move:
    if isinstance(move, (Draw, Pick, Buy, SetAside, Choose)):
        return replace(move, card=UNKNOWN)
    if isinstance(move, BuyContract):
        return replace(move, continent=UNKNOWN)
    if isinstance(move, Swap):
        return replace(move, give=UNKNOWN, take=UNKNOWN)
    return move


def _named(state: State, d: Decision, move: Move) -> list[Move]:
    """The move with each unknown card (a handle) it names replaced by every card of its
    deck that it could be; a move naming only known cards is itself."""
    fields = {"card": getattr(move, "card", None), "continent": getattr(move, "continent", None),
              "give": getattr(move, "give", None), "take": getattr(move, "take", None)}
    moves = [move]
    for name, card in fields.items():
        if not (isinstance(card, str) and is_handle(card)):
            continue
        deck = _deck(d, move)
        kinds = [k for k, n in state.decks[deck].items() if n]
        moves = [replace(m, **{name: k}) for m in moves for k in kinds]
    return moves


def _deck(d: Decision, move: Move) -> str:
    if isinstance(move, (BuyContract, Swap)):
        return COLONY_DECK
    if isinstance(move, Choose):
        return INTRIGUE_DECK
    if d.deck is not None:
        return d.deck
    return DECK_OF_DISC.get(d.disc, COLONY_DECK)


def _word(card: str) -> str:
    return UNKNOWN if card.startswith(UNKNOWN) else card


def _verb(move: Move, d: Decision, table) -> str:
    """The word the widget groups an answer by: ``buys``, ``draws``, ``place``..."""
    if isinstance(move, Draw):
        return "deal" if d.dest == "deal" else "draws"
    if isinstance(move, StartPlayer):
        return "start"
    first = item_words(move, table).split(" ", 1)[0]
    return "place" if ":" in first or first in ("I", "II", "III", "IV", "V") else first


def _card(move: Move) -> str | None:
    for name in ("card", "continent", "industry", "give"):
        value = getattr(move, name, None)
        if value is not None:
            return _word(str(value)) if name != "industry" else str(value)
    return None


__all__ = ["Answer", "answers", "answer_text", "as_seen"]
