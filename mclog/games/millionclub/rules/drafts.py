"""Discs II, III and V: the Intrigue, Colonies and Industries drafts (R13-R16).

The pawn on space 1 draws (pawns + 1) cards, chooses one and passes the rest
on; the last pawn chooses one of two and one card is left over (R13).  Each
card drawn is a chance move (``Draw``).  On Intrigue the chosen card is carried
out at once (``Choose``, R14); on Colonies and Industries it is bought or set
aside (``Buy``/``SetAside``, R15).  Then the privilege holder may draw one more
card (``UsePrivilege`` or ``Pass``), and the set-aside cards go back into the
deck.
"""

from __future__ import annotations

from typing import Final

from mclog.errors import RuleError
from .board import COLONIES, INDUSTRIES, INTRIGUE
from .cards import (
    INTRIGUE_DECK, Industry, article, card_name,
)
from .decks import DECK_OF_DISC, PICK
from .flow import handler, push, step
from .interning import interned
from .moves import Buy, Choose, Move, Pass, SetAside, UsePrivilege
from .state import Decision, State, ask
from .unknown import UNKNOWN, OutOfDeck, is_handle, note, out_handles, resolve, unseen

CHOOSE: Final = "choose"
DRAFT: Final = "draft"
PRIVILEGE: Final = "privilege"

#: R15: what a card costs on each disc.
#: (by the disc resolved: the question's ``disc``, None for no disc)
PRICE: Final[dict[int | None, int]] = {COLONIES: 2, INDUSTRIES: 4}


def _draft_disc(state: State, frame: tuple) -> None:
    disc = state.resolving
    assert disc is not None   # (a draft is the disc being resolved)
    deck = DECK_OF_DISC[disc]
    push(state, ("draw", deck, len(state.pawns[disc]) + 1, "hand", None), ("draft", disc, 0),
         ("privilege", disc), ("reshuffle", deck))


for _roman in ("II", "III", "V"):
    step(f"disc {_roman}")(_draft_disc)


@step("draft")
def draft(state: State, frame: tuple) -> None:
    """Hand the cards to the pawn on space i+1; pawns that get no card do nothing (R13)."""
    _, disc, i = frame
    pawns = state.pawns[disc]
    if i >= len(pawns) or not state.hand:
        deck = DECK_OF_DISC[disc]
        pile = state.set_aside[deck]
        for card in state.hand:
            pile[card] = pile.get(card, 0) + 1
        state.hand.clear()
        return
    state.agenda.append(("draft", disc, i + 1))
    state.decision = ask(CHOOSE if disc == INTRIGUE else DRAFT, pawns[i][0], disc=disc)


def pawn_choosing(state: State) -> int | None:
    """Where on the disc being resolved stands the pawn choosing from the draft hand now
    (0 for space 1), or None outside a draft (the privilege's card: the draft is over)."""
    drafts = [frame for frame in state.agenda if frame[0] == "draft"]
    if not drafts or drafts[-1][1] != state.resolving:
        return None
    after: int = drafts[-1][2]   # (the frame waiting is the next pawn's)
    return after - 1


def _before_the_seat(state: State) -> bool:
    """Whether the draft hand has not yet reached the seat the record is written from,
    and will: that seat has a pawn further along this disc, and none up to the pawn
    choosing now.  The cards that seat saw of the hand are then the ones the pawns
    before it left (format.md, "What a seat sees"), so those pawns took the others."""
    seat, now, disc = state.table.seat, pawn_choosing(state), state.resolving
    if seat is None or now is None or disc is None:
        return False
    seats = [pawn_seat for pawn_seat, _ in state.pawns[disc]]
    return seat not in seats[:now + 1] and seat in seats[now + 1:]


def _in_hand(state: State, seat: int, card: str, rule: str) -> str:
    """The card of the hand a move names (``?`` for one the record did not see; see
    ``unknown.py``), as it stands in the hand; ``RuleError`` if the hand has none.

    Before the hand reaches the record's seat, a card taken that the seat did not see
    is one of the hand's unseen cards, never one it named: those reached it.  So a
    draft whose hand reaches the seat shows the seat the cards it wrote, not cards
    that may be any of the draw's."""
    hand = state.hand
    if card in hand:
        return card
    if card == UNKNOWN or any(is_handle(c) for c in hand):
        unseen_cards = [c for c in hand if is_handle(c)]
        seen_stay = 0 < len(unseen_cards) < len(hand) and _before_the_seat(state)
        place = unseen_cards if seen_stay else hand

        def put(new: list[str]) -> None:   # (the place's cards re-labelled, in its order)
            relabelled = iter(new)
            hand[:] = [c if seen_stay and not is_handle(c) else next(relabelled)
                       for c in hand]
        card = resolve(state, place, card, DECK_OF_DISC[state.resolving], put)
    if card not in state.hand:
        held = ", ".join(UNKNOWN if unseen(c) else card_name(c) for c in sorted(state.hand))
        raise RuleError(
            f"{state.name(seat)} was not handed {article(card_name(card))} card: the cards are "
            f"{held}",
            rule)
    return card


def _legal_choose(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [interned(Choose, seat, card) for card in sorted(set(state.hand))]


def _apply_choose(state: State, d: Decision, move: Choose) -> None:
    if unseen(move.card):
        raise RuleError("An Intrigue card is carried out in the open: name the card "
                        f"{state.name(move.player)} chose", "R14")
    card = _in_hand(state, move.player, move.card, "R14")
    state.hand.remove(card)
    state.set_aside[INTRIGUE_DECK][card] += 1
    state.agenda.append(("intrigue", card, move.player))


handler(CHOOSE, "choose an Intrigue card", "R14", _legal_choose, {Choose: _apply_choose})


def _legal_draft(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    moves: list[Move] = []
    affordable = state.money[seat] >= PRICE[d.disc]
    for card in sorted(set(state.hand)):
        if affordable:
            moves.append(interned(Buy, seat, card))
        moves.append(interned(SetAside, seat, card))
    return moves


def _apply_buy(state: State, d: Decision, move: Buy) -> None:
    seat, card, price = move.player, move.card, PRICE[d.disc]
    if d.disc == INDUSTRIES and unseen(card):
        raise RuleError("An Industry card is bought face up: name the card "
                        f"{state.name(seat)} bought", "R15")
    card = _in_hand(state, seat, card, "R15")
    if state.money[seat] < price:
        raise RuleError(
            f"{state.name(seat)} cannot buy the {card_name(card)} card: "
            f"{state.name(seat)} has {state.money[seat]} million and it costs {price}", "R15")
    state.hand.remove(card)
    state.money[seat] -= price
    if d.disc == INDUSTRIES:
        state.add_industry(seat, Industry(card, 1, 0))
    else:
        state.colonies[seat][card] = state.colonies[seat].get(card, 0) + 1


def _apply_set_aside(state: State, d: Decision, move: SetAside) -> None:
    card = _in_hand(state, move.player, move.card, "R15")
    state.hand.remove(card)
    pile = state.set_aside[DECK_OF_DISC[d.disc]]
    pile[card] = pile.get(card, 0) + 1


handler(DRAFT, "buy a card or set one aside", "R15", _legal_draft,
        {Buy: _apply_buy, SetAside: _apply_set_aside})


@step("privilege")
def privilege(state: State, frame: tuple) -> None:
    """R10: Machiavelli, Acquisition, Opportunity; nothing to gain from an empty deck (R13)."""
    _, disc = frame
    holder = state.privilege_holder(disc)
    state.privileges[disc] = holder
    if holder is not None and state.deck_size(DECK_OF_DISC[disc]):
        state.decision = ask(PRIVILEGE, holder, disc=disc)


def _legal_privilege(state: State, d: Decision) -> list[Move]:
    seat = d.seat
    return [interned(UsePrivilege, seat), interned(Pass, seat)]


def _apply_use(state: State, d: Decision, move: UsePrivilege) -> None:
    disc, holder = d.disc, d.actor
    deck = DECK_OF_DISC[disc]
    dest = "machiavelli" if disc == INTRIGUE else "hand"
    if disc != INTRIGUE:
        push(state, ("privilege_card", disc, holder))
    if state.table.privilege_pick:
        state.decision = ask(PICK, holder, deck=deck, dest=dest, recipient=holder)
    else:
        push(state, ("draw", deck, 1, dest, holder))


def _apply_decline(state: State, d: Decision, move: Pass) -> None:
    pass


handler(PRIVILEGE, "use the {privilege} privilege (draw one more card) or pass", "R10",
        _legal_privilege, {UsePrivilege: _apply_use, Pass: _apply_decline})


@step("privilege_card")
def privilege_card(state: State, frame: tuple) -> None:
    """R15: the privilege's card may be bought at the usual price."""
    _, disc, holder = frame
    if state.hand:
        state.decision = ask(DRAFT, holder, disc=disc)


@step("reshuffle")
def reshuffle(state: State, frame: tuple) -> None:
    """R14, R15: set-aside cards go back; the deck is shuffled for the next round.

    Before they go, a listener is told which unknown cards are out of the deck: at no
    moment can more cards of a kind be out than exist (R1), and the last moment before
    a reshuffle is the fullest.
    """
    _, deck = frame
    if state.log is not None and state.hidden[deck]:
        note(state, OutOfDeck(deck, tuple(out_handles(state, deck, True)),
                              dict(state.decks[deck])))
    state.reshuffle(deck)

