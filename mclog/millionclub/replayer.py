"""Replay a recorded game of Million Club through the rules engine.

Every move is checked by the engine; besides, the replayer checks what the
recorder wrote that the rules can work out: the round lines, the line labels
(a ``colonies`` line holds Colonies moves), who drew a card, the
checkpoints, and the end-of-game reveal.  The first mistake stops the replay
with a ``RecordError`` at its line and column; in lenient mode checkpoint
mismatches are collected and the replay goes on (an illegal move still stops
the game: what follows it cannot be known without guessing).

Unknown cards (``?``) are followed as numbered unknowns (``?1``, ``?2``...).
A later move that names the card (a face-up buy, an Intrigue card played, the
reveal) identifies it; once the game is read, every identified unknown is
written back into the moves and the game is replayed again, which checks that
the completed game is consistent with the decks (R1).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import RecordError, RuleError
from ..replay import Replay, Step
from .board import COLONIES, INDUSTRIES, INTRIGUE, LOBBY, STOCK
from .cards import CONTINENTS, DECK_NAMES, DECK_OF, card_name
from .drafts import DECK_OF_DISC
from .flow import describe_decision, play
from .moves import (
    Buy, BuyContract, Choose, Draw, Move, Pick, SetAside, Swap,
)
from .record import (
    CheckEntry, CommentEntry, GameRecord, Marker, MoveEntry, RevealEntry,
)
from .scoring import score
from .setup import new_game
from .state import State
from .text import move_text
from .vocabulary import UNKNOWN

DISC_LABEL = {INTRIGUE: "intrigue", COLONIES: "colonies", INDUSTRIES: "industries"}
#: Moves that name a colony of another player, which may be an unknown one.
_NAMES_COLONY = (BuyContract, Swap)
#: Moves that name a card, which may be written ``?``.
_NAMES_CARD = frozenset({Draw, Pick, Buy, SetAside, Choose})


def phase_label(state: State) -> str:
    """The label of the line a move belongs to, worked out from the state before it.

    On Intrigue, Colonies and Industries the moves after the draft are the
    privilege's: they start once the privilege step has named a holder (the disc's
    entry in ``state.privileges`` is ``None`` until then; with no holder, the disc
    has no more moves).
    """
    phase = state.phase
    if phase == "resolve":
        disc = state.resolving
        if disc == LOBBY:
            d = state.decision
            return "lobbyist" if d is not None and d.kind == "lobbyist" else "lobby"
        if disc == STOCK:
            return "stock"
        return DISC_LABEL[disc] if state.privileges.get(disc) is None else "privilege"
    if phase == "placement":
        return "place"
    if phase == "round end":
        return "end"
    d = state.decision
    return "start" if d is not None and d.kind == "start player" else "setup"


def drawer(state: State) -> int | None:
    """Who physically draws the card the state asks chance for."""
    d = state.decision
    if d.recipient is not None:
        return d.recipient
    pawns = state.pawns.get(state.resolving or 0) or []
    return pawns[0][0] if pawns else None


@dataclass(slots=True)
class MillionClubStep(Step):
    """A step of a Million Club game: adds the disc being resolved and the line label."""

    disc: int | None = None
    label: str = ""
    kind: str = ""
    deck: str | None = None
    recipient: int | None = None
    table: object = None

    @property
    def text(self) -> str:
        """The move in the notation's words, with its player: ``Ann buys F``."""
        return move_text(self.move, self.table)


def step_maker(table):
    """The function that turns a move's facts into a ``MillionClubStep`` when one is read.

    The facts are what the replayer (and the simulator) note as each move is played, a
    plain tuple because a game has hundreds of moves and few are ever read as steps:
    ``(round, phase, decision, entry, disc, label)``, the state's before the move.
    """

    def make(index: int, move: Move, info: tuple, comments: list[str]) -> MillionClubStep:
        round_, phase, d, entry, disc, label = info
        # (no column: working it out costs a scan of the line, and a step rarely needs it;
        # ``record.entries`` has it.)
        return MillionClubStep(
            index=index, move=move, round=round_, phase=phase, actor=d.actor, line=entry.line,
            comments=comments, disc=disc, label=label, kind=d.kind, deck=d.deck,
            recipient=d.recipient, table=table)

    return make


@dataclass
class GameReplay:
    """A recorded game replayed: the record, its states, and what was found."""

    record: GameRecord
    replay: Replay
    errors: list[RecordError] = field(default_factory=list)
    identified: dict[str, str] = field(default_factory=dict)

    # --- navigation ----------------------------------------------------------

    def __len__(self) -> int:
        return len(self.replay)

    @property
    def steps(self) -> list[MillionClubStep]:
        return self.replay.steps  # type: ignore[return-value]

    def state(self, index: int) -> State:
        return self.replay.state(index)

    def __getitem__(self, index: int) -> State:
        return self.replay.state(index)

    @property
    def final(self) -> State:
        return self.replay.final

    @property
    def complete(self) -> bool:
        return self.replay.current.finished

    def round_start(self, number: int) -> int:
        """The step index at the start of round ``number`` (before its first placement)."""
        return self.replay.first_step(lambda s: s.round == number) - 1

    def disc_start(self, number: int, disc: int) -> int:
        """The step index just before the first move of ``disc`` in round ``number``."""
        return self.replay.first_step(
            lambda s: s.round == number and s.disc == disc and s.phase == "resolve") - 1

    def scores(self):
        return score(self.final)

    def facts(self) -> list[tuple]:
        """What was noted of each move as it was played (see ``step_maker``): ``(round,
        phase, decision, entry, disc, label)``.  The writer reads these rather than
        ``steps``, which it would have to build first."""
        return self.replay.infos


class _Reader:
    def __init__(self, record: GameRecord, strict: bool, snapshot_every: int) -> None:
        self.record = record
        self.strict = strict
        t = record.table
        self.initial = new_game(t.names, t.colours, setup=t.setup, privilege_pick=t.privilege_pick)
        self.replay: Replay = Replay(self.initial, State.copy, play, snapshot_every,
                                     step_maker(record.table))
        self.errors: list[RecordError] = []
        self.unknowns = 0
        self.identified: dict[str, str] = {}
        self.round_mark: Marker | None = None
        self.entry: MoveEntry | None = None  # the move being played
        self.pending_comments: list[str] = []

    def fail(self, message: str, line: int, col: int, **kw) -> RecordError:
        return self.record.error(message, line, col, **kw)

    # --- entries ------------------------------------------------------------------

    def run(self, entries) -> None:
        """Play every entry in order; an illegal move is reported at its own line."""
        try:
            self.replay.extend(self.plays(entries))
        except RuleError as exc:
            entry = self.entry
            raise self.fail(exc.reason, entry.line, entry.col, rule=exc.rule,
                            code="illegal-move") from None

    def plays(self, entries):
        """Check each move against what the record says of it, and yield it with its facts
        (see ``step_maker``) for the replay to play.  Entries that are not moves are dealt
        with here, between the moves (a few hundred a game: this loop is written out)."""
        state = self.replay.current  # played in place: the same object all game long
        for entry in entries:
            if type(entry) is not MoveEntry:
                self.other(entry)
                continue
            d = state.decision
            move = entry.move
            if d is None:
                raise self.fail(f"The game is over after round 9, but the record goes on: "
                                f"{move_text(move, self.record.table)}", entry.line, entry.col,
                                code="illegal-move")
            if self.round_mark is not None:
                self.check_round(state)
            label = phase_label(state)
            if entry.label != label and entry.label is not None:
                raise self.fail(
                    f"This move belongs on the '{label}' line here, not on the "
                    f"'{entry.label}' line ({describe_decision(state)})", entry.line, entry.col,
                    code="illegal-move")
            kind = type(move)
            if d.actor is None and kind is Draw and entry.subject is not None:
                self.check_drawer(state, entry)
            if self.unknowns or kind in _NAMES_COLONY or (
                    kind in _NAMES_CARD and move.card == UNKNOWN):  # type: ignore[attr-defined]
                move = self.resolve_unknown(move, state, entry)
            self.entry = entry
            yield move, (state.round, state.phase, d, entry, state.resolving, label)

    def other(self, entry) -> None:
        """An entry that is not a move: a comment, a round line, a checkpoint, a reveal."""
        if isinstance(entry, CommentEntry):
            self.replay.comment(entry.text)
        elif isinstance(entry, Marker):
            if entry.label == "round":
                self.round_mark = entry
        elif isinstance(entry, CheckEntry):
            self.check(entry)
        elif isinstance(entry, RevealEntry):
            self.reveal(entry)

    def check_round(self, state: State) -> None:
        """The first move after a round line: the round must start here."""
        mark, self.round_mark = self.round_mark, None
        if state.phase != "placement" or state.placed or state.round != mark.number:
            raise self.fail(
                f"The record says round {mark.number} starts here, but the game is "
                f"{'in round ' + str(state.round) if state.round else 'still in its setup'}"
                f" ({describe_decision(state)}): a move is missing or one too many",
                mark.line, mark.col, code="illegal-move")

    def check_drawer(self, state: State, entry: MoveEntry) -> None:
        """R13: the player the record says draws a card is the one who does."""
        who = drawer(state)
        if who is not None and who != entry.subject:
            names = self.record.table.names
            raise self.fail(f"{names[who]} draws this card, not {names[entry.subject]}",
                            entry.line, entry.col, code="illegal-move", rule="R13")

    # --- unknown cards -----------------------------------------------------------------

    def new_unknown(self) -> str:
        self.unknowns += 1
        return f"{UNKNOWN}{self.unknowns}"

    def identify(self, state: State, card: str, kind: str, entry) -> None:
        deck = DECK_OF[kind]
        if not state.decks[deck][kind]:
            raise self.fail(f"This {card_name(kind)} card would be one more than the "
                            f"{DECK_NAMES[deck]} deck holds", entry.line, entry.col,
                            rule="R1", code="reveal")
        state.identify(card, kind)
        self.identified[card] = kind

    def resolve_unknown(self, move: Move, state: State, entry: MoveEntry) -> Move:
        """Number a drawn ``?``; pick the unknown a ``?`` names; identify an unknown by name.

        Called only once a game has an unknown card, or for a move that may bring one in.
        """
        d = state.decision
        if isinstance(move, (Draw, Pick)) and move.card == UNKNOWN:
            return replace(move, card=self.new_unknown())
        hand_unknowns = [c for c in state.hand if c.startswith(UNKNOWN)]
        if isinstance(move, (Buy, SetAside, Choose)):
            if move.card == UNKNOWN:
                if len(hand_unknowns) < len(state.hand):  # which card it was is not known
                    state.forget_hand(self._names())
                    hand_unknowns = [c for c in state.hand if c.startswith(UNKNOWN)]
                if not hand_unknowns:
                    raise self.fail("There is no card in the hand here", entry.line, entry.col,
                                    code="illegal-move")
                return replace(move, card=hand_unknowns[0])
            if move.card not in state.hand and hand_unknowns and move.card in DECK_OF \
                    and DECK_OF[move.card] == DECK_OF_DISC.get(d.disc):
                self.identify(state, hand_unknowns[0], move.card, entry)
            return move
        if isinstance(move, BuyContract) and d.target is not None:
            return replace(move, continent=self._colony(state, d.target, move.continent, entry))
        if isinstance(move, Swap) and d.target is not None:
            give = self._colony(state, move.player, move.give, entry)
            take = self._colony(state, d.target, move.take, entry)
            return replace(move, give=give, take=take)
        return move

    def _names(self):
        while True:
            yield self.new_unknown()

    def _colony(self, state: State, seat: int, card: str, entry) -> str:
        """The colony of ``seat`` that an Intrigue card moves, as the replayer follows it."""
        held = state.colonies[seat]
        if card == UNKNOWN:
            if any(held[c] for c in CONTINENTS):
                state.forget(seat, self._names())  # which one left is not known
            unknown = [c for c, n in held.items() if n and c.startswith(UNKNOWN)]
            if not unknown:
                raise self.fail(f"{self.record.table.names[seat]} has no colony here",
                                entry.line, entry.col, code="illegal-move", rule="R23")
            return unknown[0]
        unknown = [c for c, n in held.items() if n and c.startswith(UNKNOWN)]
        if not held.get(card) and unknown and card in CONTINENTS:
            self.identify(state, unknown[0], card, entry)
        return card

    # --- checkpoints and the reveal --------------------------------------------------------

    def check(self, entry: CheckEntry) -> None:
        state = self.replay.current
        names = self.record.table.names
        for key, expected in entry.values:
            if entry.what == "prices":
                actual, what = state.prices[key], f"the {card_name(key)} price is"
            elif entry.what == "money":
                actual, what = state.money[key], f"{names[key]} has"
            else:
                actual = score(state)[key].total
                what = f"{names[key]}'s score is"
            if actual != expected:
                unit = " million" if entry.what == "money" else ""
                err = self.fail(f"check failed: {what} {actual}{unit} by the rules, but the "
                                f"record says {expected}", entry.line, entry.col, code="check")
                if self.strict:
                    raise err
                self.errors.append(err)

    def reveal(self, entry: RevealEntry) -> None:
        state = self.replay.current
        name = self.record.table.names[entry.seat]
        if not state.finished:
            raise self.fail(f"The colonies are revealed at the end of the game, but it is "
                            f"still round {state.round} ({describe_decision(state)})",
                            entry.line, entry.col, code="reveal")
        held = state.colonies[entry.seat]
        known = [c for c in CONTINENTS for _ in range(held[c])]
        unknown = [c for c, n in held.items() if n and c.startswith(UNKNOWN)]
        shown = list(entry.colonies)
        rest = list(shown)
        for c in known:
            if c in rest:
                rest.remove(c)
            else:
                raise self.fail(
                    f"{name} shows {_list(shown)}, but the game gives {name} "
                    f"{_list(known + ['?'] * len(unknown))}: {card_name(c)} is missing",
                    entry.line, entry.col, code="reveal")
        if len(rest) != len(unknown):
            raise self.fail(
                f"{name} shows {len(shown)} colonies ({_list(shown)}), but the game gives "
                f"{name} {len(known) + len(unknown)} ({_list(known + ['?'] * len(unknown))})",
                entry.line, entry.col, code="reveal")
        for card, kind in zip(unknown, rest):
            self.identify(state, card, kind, entry)


def _list(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "none"


def replay(record: GameRecord, *, strict: bool = True, snapshot_every: int = 32) -> GameReplay:
    """Replay ``record`` through the engine.  Raises ``RecordError`` at the first mistake
    (in lenient mode, failed checkpoints are collected in ``.errors`` instead)."""
    reader = _Reader(record, strict, snapshot_every)
    reader.run(record.entries)
    if reader.identified:
        reader = _backfill(record, reader, strict, snapshot_every)
    return GameReplay(record, reader.replay, reader.errors, reader.identified)


def _backfill(record: GameRecord, first: _Reader, strict: bool, every: int) -> _Reader:
    """Write identified unknowns back into the moves and replay, checking the decks (R1)."""
    known = first.identified
    again = _Reader(record, strict, every)
    moves = iter(first.replay.moves)
    entries = []
    for entry in record.entries:
        if isinstance(entry, MoveEntry):
            entries.append(replace(entry, move=_substitute(next(moves), known)))
        else:
            entries.append(entry)
    try:
        again.run(entries)
    except RecordError as exc:
        raise record.error(f"the unknown cards, once revealed, do not fit the game: "
                           f"{exc.reason}", exc.line, exc.col, rule=exc.rule,
                           code="reveal") from None
    again.identified = known
    return again


def _substitute(move: Move, known: dict[str, str]) -> Move:
    changes = {}
    for name in ("card", "continent", "give", "take"):
        value = getattr(move, name, None)
        if isinstance(value, str) and value in known:
            changes[name] = known[value]
    return replace(move, **changes) if changes else move
