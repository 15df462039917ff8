"""``KitGame``: a whole ``Game`` (``mclog.protocol``) from a game's rules (an engine,
``mclog.engine``), its notation (a verb table, ``mclog.record.verbs``) and its drawing, and
nothing more.  Reading, writing, JSON, replay, checks, the terminal's texts, the report's
chart, corpus rows, simulation with bots and the recorder all come from here.

A game overrides what is its own: ``draw(state)`` (the table as HTML) and
``score_parts(state)`` (each seat's points by category); ``money(state)`` if the game
counts money; ``table(record)`` if its setup needs more than the players' names;
``bots`` for bots beyond the shared random one.  ``docs/adding-a-game.md`` walks through
a small game built so.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cached_property
from html import escape
from typing import Any

from mclog.errors import RecordError
from mclog.printable import counted
from mclog.protocol import FRAMING_TAGS, Game
from mclog.record.checks import Check
from mclog.record.entries import as_read
from mclog.simulate import (RandomBot, bot_names, check_bots, make_bots, play_out,
                            seat_bots, stopped_note)

from mclog.record.json_form import BadValue, record_error
from mclog.record.names import name_problem, seat_problem, twice

from .json_form import record_from_json, records_from_json, to_json
from mclog.record.verbs import Verbs
from .notation import KitRecord, MoveEntry, parse_body, write_body
from .played import KitPlayed

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo")


class KitGame(Game):
    """A game built from an engine, a verb table and a drawing (see the module text)."""

    #: The game's rules (``mclog.engine.Engine``) and notation (``mclog.record.verbs.Verbs``).
    engine: Any
    verbs: Verbs
    #: The canonical order of the tags the game knows (others follow as written).
    tag_order: Sequence[str] = ("Game", "Event", "Site", "Date", "Players")
    #: Bots by name beyond the shared ``random`` (each made from a seed).
    bots: dict = {}
    #: The most moves a simulated game runs to: where bots may never end a game, it
    #: stops there in progress, and its record ends with a comment that says so.
    simulation_limit: int = 100_000
    #: What a player's total is called in the game's words, where it is not points (the
    #: final text, the report's chart): Cartel's worth, Joakim's cash.
    total_name: str = "points"

    def final_count(self, played) -> str | None:
        """The total's own check where the game reads one by its name (Cartel's ``check
        worth``, Joakim's ``check cash``), else ``score``."""
        words = self.total_words(played)
        if any(kind.word == words for kind in self.check_kinds):
            return words
        return super().final_count(played)

    def total_words(self, played) -> str:
        """What a player's total is called in one replayed game (``total_name``): a game
        whose total depends on its table says so here (Joakim's Business Sharks count
        the cash less what the loans are repaid with, which may be below 0)."""
        return self.total_name

    @property
    def tag_names(self) -> Sequence[str]:
        """The framing's tags and those of ``tag_order`` (``mclog.protocol.Game``)."""
        return (*FRAMING_TAGS, *self.tag_order)

    # --- what a game supplies ------------------------------------------------------

    def draw(self, state) -> str:
        raise NotImplementedError(f"{self.name} has no drawing")

    def score_parts(self, state) -> list[dict[str, int]]:
        """Each seat's points by category, ``[{"banked": 12}, ...]``."""
        raise NotImplementedError(f"{self.name} has no scoring")

    def points(self, state) -> list[int]:
        return [sum(p.values()) for p in self.score_parts(state)]

    def standing(self, state, points: list[int]) -> list:
        """What ranks the players, a comparable value a seat (the higher, the better;
        equal ones share a rank): their ``points`` (already counted), unless the game
        ranks otherwise (Joakim: the winner first, whatever the cash; those who left the
        game last)."""
        return points

    @property
    def checks(self) -> dict:
        """What a ``check`` line may compare, by its word: each a function of a state
        giving a number a seat (``check score Ann 12``; ``check money ...`` where the game
        counts money).  A game adds its own (Cartel: ``profits``, ``price``)."""
        out: dict[str, Callable[[Any], Sequence[int] | None]] = {"score": self.points}
        if type(self).money is not Game.money:   # (a game that says what money it counts)
            out["money"] = self.money
        return out

    #: The checks whose values go by a word of the game, not by player (each a function
    #: of a state giving a number a word, in ``checks``), with their words: Joakim's
    #: ``check values gold 7 oil 3``.
    named_checks: dict[str, tuple[str, ...]] = {}

    @cached_property
    def check_kinds(self) -> tuple[Check, ...]:
        """The kinds of check line the game reads: ``checks``, by player or, for
        ``named_checks``, by their words."""
        named, aliases = self.named_checks, self.check_aliases
        return tuple(Check(c, keys={k.lower(): k for k in named[c]} if c in named else None,
                           aliases=aliases.get(c, ()), units=self.units)
                     for c in self.checks)

    #: Other words a table may check by, each read as the check's own (``check prices``
    #: as ``check price``; ``fmt`` writes the check's word).
    check_aliases: dict[str, tuple[str, ...]] = {"score": ("scores",)}

    #: The letters of the unit a table may write the game's sums with, in a check: ``M``
    #: where they are millions (Cartel's $15M is written 15).
    units: str = ""

    #: ``joins(previous move, move)``: whether ``move`` is written on the line of the
    #: move before it (None, the default: an item a line).
    joins: Callable[[Any, Any], bool] | None = None

    def round_of(self, state) -> int:
        """The round (``round_word``: Cartel's year) a move from ``state`` is played in,
        for the report's round buttons and jump list; 0 (the default): none."""
        return 0

    #: The tags that set the table (Cartel's ``Treasurer``, a ``Components`` file), each
    #: checked by ``table_tag`` as the record is read: a wrong one is an error at its line.
    table_tags: Sequence[str] = ()

    def table_tag(self, record: KitRecord, tag: str) -> Any:
        """What the record's ``tag`` (one of ``table_tags``) sets, or a ``ValueError`` in
        words."""
        raise NotImplementedError(f"{self.name} reads no [{tag}] tag")

    def table(self, record: KitRecord) -> Any:
        """What ``engine.new_state`` takes for this record: by default the names."""
        return record.names

    def check_names(self, names: Sequence[str]) -> tuple[str, ...]:
        """The players' names, checked (``ValueError`` in words)."""
        names = tuple(n.strip() for n in names)
        if "" in names:   # (as every game says it: ``Ann, Ben,``)
            raise ValueError("has an empty entry: write the names between commas")
        for name in names:   # (first: ``Ann，Ben`` is one name that cannot be, not one player)
            problem = name_problem(name, self.verbs.name_words.__contains__)
            if problem:
                raise ValueError(problem)
        self.check_players(len(names))
        problem = twice(names)
        if problem:
            raise ValueError(problem)
        return names

    # --- reading and writing -------------------------------------------------------

    def parse(self, raw, file, number):
        tags, lines = raw.tag_values()
        where = lines.get("Players", raw.start)
        if "Players" not in tags:
            raise RecordError('A game needs a [Players "Ann, Ben"] tag: the players in '
                              "seat order", line=raw.start, col=1, file=file, code="header")
        try:
            names = self.check_names(tags["Players"].split(","))
        except ValueError as exc:
            raise RecordError(f"[Players] {exc}", line=where, col=1, file=file,
                              code="header") from None
        record = KitRecord(self.name, tags, names, [], file, number, raw.start)
        problem = seat_problem(tags, names)
        if problem:
            raise RecordError(problem, line=lines["Seat"], col=1, file=file, code="header")
        for tag in self.table_tags:
            if tag in tags:
                try:
                    self.table_tag(record, tag)
                except ValueError as exc:
                    raise RecordError(f"[{tag}] {exc}", line=lines[tag], col=1, file=file,
                                      code="header") from None
        parse_body(record, raw.take_lines(), self.verbs, self.check_kinds)
        return record

    def replay(self, record, *, strict=True, events=False, slips=True):
        return KitPlayed(self, record, strict=strict, slips=slips)

    def replay_after(self, played, record):
        """The moves ``played`` holds are not played again where ``record`` goes on from
        its record (``KitPlayed.goes_on_to``): a line added at the end of a long game is
        played alone."""
        if isinstance(played, KitPlayed) and played.game is self and \
                played.goes_on_to(record):
            return KitPlayed(self, record, after=played)
        return self.replay(record)

    def write(self, record, played=None):
        return write_body(record, self.verbs, self.tag_order, self.joins)

    def kept(self, played):
        return as_read(played.record.entries)

    def to_json(self, record):
        return to_json(record, self.verbs)

    def record_from_json(self, data, file=None):
        try:
            return record_from_json(self, data, "", file)
        except BadValue as exc:
            raise record_error(exc, file) from None

    def records_from_json(self, data, file):
        return records_from_json(self, data, file)

    # --- what a replayed game says -------------------------------------------------

    def unfinished(self, played):
        return (f"the record ends after move {len(played)} (next: "
                f"{self.engine.describe(played.final)})")

    def step_texts(self, played, start=0):
        names = played.record.names
        return [self.verbs.say(move, names) for move in played.replay.moves[start:]]

    def replay_text(self, played):
        out = [f"{played.record.tags.get('Event', self.name)}: "
               f"{', '.join(played.record.names)}"]
        out += [f"  {i:>4}  {text}" for i, text in enumerate(self.step_texts(played), 1)]
        out.append("")
        out.append(self.final_text(played))
        return "\n".join(out)

    def score_lines(self, played):
        rows = sorted(played.scores(), key=lambda r: (r.rank, r.seat))
        parts = list(rows[0].parts) if rows else []
        width = max(len(r.name) for r in rows)
        head = f"{'':<4}{'player':<{width}}  " + "  ".join(f"{p:>8}" for p in parts) + \
            f"  {'total':>8}"
        # (a record that stops before the end scores where it stops: said first, as the
        # other games say it, so that the table is not read as the final one)
        said = [] if played.complete else \
            [f"(provisional: the record ends after move {len(played)})"]
        return said + [head] + [f"{r.rank:<4}{r.name:<{width}}  " +
                         "  ".join(f"{r.parts[p]:>8}" for p in parts) + f"  {r.total:>8}"
                         for r in rows]

    def final_text(self, played):
        rows = sorted(played.scores(), key=lambda r: (r.rank, r.seat))
        ranking = ", ".join(f"{r.rank}. {r.name} {r.total}" for r in rows)
        total = self.total_words(played)
        if not played.complete:
            return f"In progress after {counted(len(played), 'move')}; {total}: {ranking}"
        first = [r.name for r in rows if r.rank == 1]
        said = " and ".join(first)
        return (f"{said} {'wins' if len(first) == 1 else 'share first place'}. "
                f"{total[:1].upper() + total[1:]}: {ranking}")

    def report_charts(self, played):
        import plotly.graph_objects as go

        fig = go.Figure()
        totals = [self.points(state) for state in played.replay.states()]
        for seat, name in enumerate(played.record.names):
            fig.add_trace(go.Scatter(x=list(range(len(totals))), y=[t[seat] for t in totals],
                                     mode="lines", line_shape="hv", name=escape(name)))
        total = self.total_words(played)
        fig.update_layout(xaxis_title="step", yaxis_title=total, height=320,
                          margin=dict(l=50, r=10, t=30, b=40))
        return [(f"The {total} over the game", fig)]

    # --- a seat's record ---------------------------------------------------------------

    def seat_record(self, played, seat: int, hide) -> KitRecord:
        """The record as ``seat``'s player writes it, for a game's ``seat_view``: each
        move that ``hide(move)`` turns into what that seat saw (another player's draw as
        ``?``) is written so, the others as they are, with the ``Seat`` tag."""
        record = played.record
        entries = []
        for e in record.entries:
            seen = hide(e.move) if isinstance(e, MoveEntry) else None
            entries.append(e if seen is None else MoveEntry(seen, e.source, e.word))
        tags = dict(record.tags)
        tags["Seat"] = record.names[seat]
        return KitRecord(record.game, tags, record.names, entries, record.file,
                         record.number, record.start_line)

    # --- corpus --------------------------------------------------------------------

    def corpus_schema(self):
        return {
            "games": [("game_id", "string"), ("source", "string"), ("number", "int32"),
                      ("players", "int8"), ("event", "string"), ("bots", "string"),
                      ("seed", "string"), ("complete", "bool"), ("moves", "int32"),
                      ("winner", "string")],
            "players": [("game_id", "string"), ("players", "int8"), ("seat", "int8"),
                        ("name", "string"), ("bot", "string"), ("total", "int64"),
                        ("rank", "int8"), ("win", "bool")],
        }

    def corpus_rows(self, played, game_id, source):
        record, rows = played.record, played.scores()
        n = len(record.names)
        firsts = [r.name for r in rows if r.rank == 1]
        winner = firsts[0] if played.complete and len(firsts) == 1 else None
        return {
            "games": {"game_id": [game_id], "source": [source], "number": [record.number],
                      "players": [n], "event": [record.tags.get("Event")],
                      "bots": [record.tags.get("Bots")], "seed": [record.tags.get("Seed")],
                      "complete": [played.complete], "moves": [len(played)],
                      "winner": [winner]},
            "players": {"game_id": [game_id] * n, "players": [n] * n,
                        "seat": list(range(1, n + 1)),
                        "name": list(record.names), "bot": seat_bots(record.tags, n),
                        "total": [r.total for r in rows],
                        "rank": [r.rank for r in rows],
                        "win": [played.complete and r.rank == 1 for r in rows]},
        }

    # --- bots and the recorder -----------------------------------------------------

    @property
    def all_bots(self) -> dict:
        return {"random": RandomBot, **self.bots}

    @property
    def bot_registry(self) -> dict:
        return self.all_bots

    def outcome(self, state) -> list:
        return self.points(state)

    def move_text(self, played, index, move) -> str:
        return self.verbs.say(move, played.record.names)

    def check_bots(self, bots, players=None):
        check_bots(bots, self.all_bots, players)

    def option_tags(self, options: dict | None, path: str | None = None) -> dict[str, str]:
        """The tags the table's options set (``--option name=value``, the recorder's
        ``--seat``), checked (``ValueError`` in words), for a simulated game's record or a
        new one at ``path``: none by default (a game whose ``table(record)`` reads tags
        says here which)."""
        return {}

    def simulated_text(self, players, seed, bots, options):
        names = self.check_names(NAMES[:players])
        record = KitRecord(self.name, {"Game": self.name, "Event": "Simulated game",
                                       "Players": ", ".join(names),
                                       **self.option_tags(options),
                                       "Bots": ", ".join(bot_names(bots, players)),
                                       "Seed": str(seed)}, names)
        state = self.engine.new_state(self.table(record))
        moves = play_out(self.engine, state, make_bots(bots, players, seed, self.all_bots),
                         random.Random(seed), limit=self.simulation_limit)
        record.entries = [MoveEntry(m) for m in moves]
        if self.engine.decision(state) is not None:   # (stopped at the limit, in progress)
            record.entries.append(stopped_note(f"{len(moves):,} moves"))
        return self.write(record)

    def answer_text(self, played, move) -> str:
        """A legal move as the record writes it (the recorder's answers)."""
        return self.verbs.item(move, played.record.names)

    def answer_hint(self, played) -> str:
        """What to type where the answers are not listed: the verbs' forms."""
        return ", or ".join(v.form for v in self.verbs.rows)

    def written(self, played, kind: str, seat: int | None) -> str | None:
        """How the record writes the answer to a decision of ``kind`` about ``seat`` (the
        player deciding, or whom chance deals to), as the forms of its verbs
        (``bid Ben <amount> (X for no bid)``); None where the game does not say.  A game
        whose ``answer_hint`` knows which verbs answer which question says it here too."""
        return None

    def refusal_hint(self, played, refusal) -> str:
        """What is written here, said after the rules' refusal of a move of no kind that
        can come now (``pass Ben`` at an auction: ``: here the record writes bid Ben
        <amount> (X for no bid)``): the rules name what comes next in their words, the
        record's verbs are the notation's.  Nothing for another refusal (the rules' reason
        then is about the move's values)."""
        if refusal.due is None:
            return ""
        said = self.written(played, *refusal.due)
        return f": here the record writes {said}" if said else ""

    def forms_hint(self, played, words: Sequence[str], seat: int | None = None,
                   anyone: bool = False) -> str:
        """What to type at this decision, as the forms of the verbs ``words``, with the
        player who decides (or ``seat``, whom chance deals to) named in place of
        ``<player>`` (``bid Ben <amount>``): a game's ``answer_hint`` where it knows which
        verbs answer which question.  ``anyone``: a question any player may answer (an
        auction's winner), whose ``<player>`` is left for the one who does."""
        d = self.engine.decision(played.replay.current)
        if seat is None and d is not None and not anyone:
            seat = d.actor
        forms = [self.verbs.by_word[w].form for w in words]
        if seat is not None:
            forms = [form.replace("<player>", played.record.names[seat], 1) for form in forms]
        return ", or ".join(forms)

    def recording_tags(self, options: dict, path: str) -> dict[str, str]:
        return {**super().recording_tags(options, path), **self.option_tags(options, path)}


__all__ = ["KitGame", "NAMES"]
