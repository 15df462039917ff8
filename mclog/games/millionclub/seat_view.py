"""A seat's view: a record rewritten as the person in one seat would have written it.

At a real table a recorder sees only part of the cards (``docs/millionclub/format.md``, "What a
seat sees").  ``seat_view`` takes a replayed game whose cards are all known and writes
``?`` for every card that seat could not see, then ends the game with every player's
reveal, as the table does at the final scoring:

* Starting colonies are face down: a seat sees its own (the Schemer sees everyone's,
  R30).  Industry cards, dealt, picked or bought, lie face up.
* A draft hand is seen by the pawns it passes through: the first sees every card
  drawn, a later one the cards left when the hand reaches it, and those the pawns
  before it took in the open (an Intrigue card is carried out, an industry bought lies
  face up).  A bought colony and any card set aside go face down.
* A privilege's extra card is seen by its holder (the Machiavelli card is carried out
  in the open; a bought industry lies face up).
* Buy a colonial contract and Colonial Unrest are seen by the two players involved.

What a seat could work out by reasoning (the card a rival must have taken, since the
others came back) is not written: the record says what was seen, and the replayer
draws the conclusions (``mclog.unknowns``).

>>> import mclog
>>> game = mclog.replay(mclog.read_one("sample_games/millionclub/thursday-club-3p.mclog"))
>>> ben = seat_view(game, 1)
>>> [r.total for r in mclog.replay(ben).scores()] == [r.total for r in game.scores()]
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from .rules.board import COLONIES, SCHEMER
from .rules.cards import COLONY_DECK, CONTINENTS
from .rules.drafts import CHOOSE, DRAFT, PRIVILEGE
from .rules.moves import Buy, BuyContract, Choose, Draw, Pick, SetAside, Swap
from .notation.record import Entry, GameRecord, MoveEntry, RevealEntry
from .replayed import GameReplay
from .rules.unknown import UNKNOWN, is_handle


def seat_view(game: GameReplay, seat: int) -> GameRecord:
    """The record of ``game`` as the player in ``seat`` would have written it."""
    record = game.record
    table = record.table
    if not 0 <= seat < table.players:
        raise ValueError(f"seat {seat} is outside 0..{table.players - 1}")
    states = list(game.replay.states())
    moves = game.replay.moves
    schemer = table.roles[seat] == SCHEMER
    hidden_draws = _hidden_draws(states, moves, seat)
    entries: list[Entry] = []
    index = 0
    for entry in record.entries:
        if isinstance(entry, RevealEntry):
            continue  # written anew at the end, for every player
        if id(entry) in game.redundant:
            continue  # (no move: left out, as fmt leaves it out)
        if not isinstance(entry, MoveEntry):
            entries.append(entry)
            continue
        before = states[index]
        d = before.decision
        index += 1
        m = entry.move
        if isinstance(m, Draw):
            if d.dest == "deal":
                if d.deck == COLONY_DECK and d.recipient != seat and not schemer:
                    m = replace(m, card=UNKNOWN)
            elif index - 1 in hidden_draws:
                m = replace(m, card=UNKNOWN)
        elif isinstance(m, Pick):
            if m.player != seat and d.deck == COLONY_DECK or (
                    m.player != seat and d.dest == "hand"):
                m = replace(m, card=UNKNOWN)
        elif isinstance(m, Buy):
            if m.player != seat and d.disc == COLONIES:
                m = replace(m, card=UNKNOWN)
        elif isinstance(m, SetAside):
            if m.player != seat:
                m = replace(m, card=UNKNOWN)
        elif isinstance(m, BuyContract):
            if seat not in (m.player, d.target):
                m = replace(m, continent=UNKNOWN)
        elif isinstance(m, Swap):
            if seat not in (m.player, d.target):
                m = replace(m, give=UNKNOWN, take=UNKNOWN)
        entries.append(replace(entry, move=m))
    if states[-1].finished:
        final = game.final  # what the record itself knows (it may have ? cards of its own)
        for p in range(table.players):
            held = final.colonies[p]
            if any(n and is_handle(c) for c, n in held.items()):
                continue  # not known to this record either: no reveal to write
            shown = tuple(c for c in CONTINENTS for _ in range(held[c]))
            entries.append(RevealEntry(p, shown))
    tags = dict(record.tags)
    tags["Seat"] = table.names[seat]  # (docs/millionclub/format.md: the seat the record is written from)
    return GameRecord(tags, replace(table, seat=seat), entries)


def _hidden_draws(states, moves, seat: int) -> set[int]:
    """The indices of the draws into a draft hand that ``seat`` did not see."""
    hidden: set[int] = set()
    i, n = 0, len(moves)
    while i < n:
        d = states[i].decision
        if not (isinstance(moves[i], Draw) and d.dest == "hand"):
            i += 1
            continue
        run = []
        while i < n and isinstance(moves[i], Draw) and states[i].decision.dest == "hand":
            run.append(i)
            i += 1
        if states[run[0]].decision.recipient is not None:  # a privilege's extra card
            if states[run[0]].decision.recipient != seat:
                hidden.update(run)
            continue
        seen = _hand_on_receipt(states, moves, i, seat)
        for j in run:
            card = moves[j].card
            if seen[card] > 0:
                seen[card] -= 1
            else:
                hidden.add(j)
    return hidden


def _hand_on_receipt(states, moves, start: int, seat: int) -> Counter:
    """The cards of the draft starting at ``start`` that ``seat`` sees drawn: the hand as
    it first reaches it, and the cards the pawns before it took in the open (an Intrigue
    card carried out, an industry bought face up); none if the hand never reaches it."""
    opened: Counter = Counter()
    for k in range(start, len(moves)):
        d = states[k].decision
        if d is None or d.kind == PRIVILEGE or states[k].phase != "resolve":
            break
        if d.kind in (CHOOSE, DRAFT) and d.actor == seat:
            return Counter(states[k].hand) + opened
        if isinstance(moves[k], Choose) or isinstance(moves[k], Buy) and d.disc != COLONIES:
            opened[moves[k].card] += 1
        if isinstance(moves[k], Draw) and d.dest == "hand" and d.recipient is None:
            break  # the next draft
    return Counter()
