"""Cards coming off a deck: chance draws (``Draw``) and chosen picks (``Pick``).

Where a drawn card goes is part of the question (``Decision.dest``):

* ``deal``: to ``recipient`` at setup (the Lobbyist's industry at level 2, the
  Capitalist's with bonus 1, R30);
* ``hand``: into the draft hand of Intrigue, Colonies or Industries (R13);
* ``machiavelli``: the Intrigue privilege's card, carried out at once (R14).
"""

from __future__ import annotations

from typing import Final

from mclog.errors import RuleError
from .board import CAPITALIST, COLONIES, INDUSTRIES, INTRIGUE, LOBBYIST
from .cards import (COLONY_DECK, DECK_NAMES, DECK_OF, DECK_TOTALS, INDUSTRY_DECK, INTRIGUE_DECK,
                    Industry, article, card_name, unseen)
from .flow import handler, push, step
from .interning import interned
from .moves import Draw, Pick
from .state import Decision, State, ask
from .unknown import Drawn, OffDeck, alike, group_of, new_handle, note, out_handles

DRAW: Final = "draw"
PICK: Final = "pick"
#: The deck whose cards the draft hand holds while a disc is resolved.
DECK_OF_DISC: Final[dict[int | None, str]] = {
    INTRIGUE: INTRIGUE_DECK, COLONIES: COLONY_DECK, INDUSTRIES: INDUSTRY_DECK}
#: Chance's answer for each card of the game, the shared move (``interning``): a draw's
#: legal answers are asked at every card a simulation draws, and a look-up by the card
#: alone costs less than ``interned``'s by class and arguments.
DRAW_OF: Final[dict[str, Draw]] = {
    card: interned(Draw, card) for cards in DECK_TOTALS.values() for card in cards}


def hand_of(state: State, deck: str) -> bool:
    """Whether the draft hand holds ``deck``'s cards now (out of that deck)."""
    return DECK_OF_DISC.get(state.resolving) == deck


@step("draw")
def draw_step(state: State, frame: tuple) -> None:
    """Ask chance for ``count`` cards of ``deck``, one at a time; stop when it runs out (R13)."""
    _, deck, count, dest, recipient = frame
    if count <= 0 or not state.deck_size(deck):
        return
    state.agenda.append(("draw", deck, count - 1, dest, recipient))
    state.decision = ask(DRAW, None, deck=deck, dest=dest, recipient=recipient)


def _check_in_deck(state: State, d: Decision, card: str, *, unknown: bool) -> None:
    deck = d.deck
    assert deck is not None   # (a draw's question names its deck)
    pile = state.decks[deck]
    if pile.get(card) and not state.hidden[deck] and not unknown:
        return  # a known card still in a deck with no unknown card out: no count needed
    if not state.deck_size(deck):
        raise RuleError(f"The {DECK_NAMES[deck]} deck is empty", "R13")
    if unknown:  # an unknown card (see State.hidden)
        if deck == INDUSTRY_DECK and d.dest == "deal":
            raise RuleError("A starting Industry card lies face up: name it", "R30")
        return
    if card not in pile:
        own = DECK_OF.get(card)   # (named in words: a record says 'raw', not 'R')
        what = f"{card_name(card)} is {article(DECK_NAMES[own])} card, not" if own else \
            f"{card!r} is not"
        raise RuleError(f"{what} a card of the {DECK_NAMES[deck]} deck", "R1")
    if not pile[card]:
        raise RuleError(
            f"No {card_name(card)} card is left in the {DECK_NAMES[deck]} deck", "R1")


def deliver(state: State, d: Decision, card: str, *, unknown: bool) -> None:
    """Take ``card`` off ``d.deck`` and put it where the decision says (``unknown``: the
    card is unseen, ``cards.unseen``).

    An unknown card (``?``) becomes a handle (``unknown.py``); cards drawn unseen into
    one hand are alike, and share a group.  While unknown cards are out of the deck, or
    this one is unseen, a listener is told the deck as it was (``OffDeck``).
    """
    deck = d.deck
    assert deck is not None   # (a draw's question names its deck)
    before = None
    if state.log is not None and (state.hidden[deck] or unknown):
        before = (tuple(state.decks[deck].items()),
                  tuple(out_handles(state, deck, with_hand=hand_of(state, deck))))
    if unknown:
        state.hidden[deck] += 1
        if d.dest == "machiavelli":
            raise RuleError("The Machiavelli card is carried out in the open: name it", "R14")
        group = None
        if d.dest == "hand" and state.hand and alike(state.hand):
            group = group_of(state.hand[0])
        card = new_handle(state, group)
        note(state, Drawn(card, deck, d.dest == "hand" and d.recipient is None))
    else:
        state.decks[deck][card] -= 1
    if before is not None:
        note(state, OffDeck(card, deck, *before))
    if d.dest == "hand":
        state.hand.append(card)
    elif d.dest == "machiavelli":
        state.set_aside[INTRIGUE_DECK][card] += 1
        push(state, ("intrigue", card, d.recipient))
    else:  # deal
        seat = d.recipient
        assert seat is not None   # (a card dealt names its player)
        if deck == INDUSTRY_DECK:
            role = state.table.roles[seat]
            level = 2 if role == LOBBYIST and d.actor is None else 1
            bonus = 1 if role == CAPITALIST and d.actor is None else 0
            state.add_industry(seat, Industry(card, level, bonus))
        else:
            state.colonies[seat][card] = state.colonies[seat].get(card, 0) + 1


def _apply_take(state: State, d: Decision, move: Draw | Pick) -> None:
    """A card off the deck, drawn by chance or picked: the same checks and the same effect."""
    unknown = unseen(move.card)   # (asked once: a game draws some hundred cards)
    _check_in_deck(state, d, move.card, unknown=unknown)
    deliver(state, d, move.card, unknown=unknown)


def _legal_draws(state: State, d: Decision) -> list:
    assert d.deck is not None
    return [DRAW_OF[card] for card, n in state.decks[d.deck].items() if n]


def _legal_picks(state: State, d: Decision) -> list:
    assert d.deck is not None and d.actor is not None
    return [interned(Pick, d.actor, card) for card, n in state.decks[d.deck].items() if n]


handler(DRAW, "draw a {deck} card", "R13", _legal_draws, {Draw: _apply_take})
handler(PICK, "pick a card from the {deck} deck", "R30", _legal_picks, {Pick: _apply_take})
