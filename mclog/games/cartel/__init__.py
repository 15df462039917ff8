"""Cartel (``../shared/rules/cartel.en.txt``): its rules (``rules.py``, with ``moves.py``),
its notation (``notation.py``, a verb table), its components (``components.py``: the board
the rulebook does not print), its drawing (``board_svg.py``), its bots and its analysis.
Everything else (reading, writing, JSON, checks, the replay, the recorder, simulation,
the report, corpus rows) is the kit's (``mclog.kit``).

The record's tags: ``Players`` (clockwise), ``Treasurer`` (a player's name; the last
player when absent, so the first named plays first), ``Components`` (a component file
beside the record, or ``illustrative``, the default), ``Advanced`` (the Advanced Cartel
rules in play: ``repurchase, raising, defensive``), and ``Seat`` (the player the record
is written from, for a record with ``?``).  ``docs/cartel/format.md`` is the spec.
"""

from __future__ import annotations

from mclog.errors import RecordError
from mclog.kit import KitGame, KitRecord
from mclog.kit.notation import MoveEntry
from mclog.protocol import GameOption

from . import rules
from .components import ComponentError, load
from .moves import Draw
from .notation import VERBS

ADVANCED_WORDS = {"repurchase": "repurchase", "stock repurchase": "repurchase",
                  "raising": "raising", "raising cash": "raising",
                  "defensive": "defensive", "defensive discarding": "defensive",
                  "trading": "trading", "trading company cards": "trading"}


def advanced_rules(text: str) -> frozenset[str]:
    """The Advanced rules an ``Advanced`` tag names (``ValueError`` in words)."""
    out = set()
    for part in text.split(","):
        word = " ".join(part.lower().split())
        if not word or word == "none":
            continue
        if word not in ADVANCED_WORDS:
            raise ValueError(f"'{part.strip()}' is no Advanced Cartel rule (they are "
                             "repurchase, raising, defensive, trading)")
        out.add(ADVANCED_WORDS[word])
    if "trading" in out:
        raise ValueError("Trading Company Cards follows house rules the rulebook leaves to "
                         "the table, and mclog cannot record it yet (C18)")
    return frozenset(out)


class Cartel(KitGame):
    name = "Cartel"
    players = range(2, 5)
    file_prefix = "cartel"
    round_word = "year"
    hidden_information = True
    engine = rules.CartelRules()
    verbs = VERBS
    tag_order = ("Game", "Event", "Site", "Date", "Players", "Treasurer", "Components",
                 "Advanced", "Seat", "Bots", "Seed")
    options = (
        GameOption("components", ("illustrative",), "illustrative",
                   "the component set (a file's path is given in the record's tag)"),
        GameOption("advanced", ("none", "repurchase", "raising", "defensive",
                                "repurchase,raising,defensive"), "none",
                   "the Advanced Cartel rules in play"),
    )

    # --- the table a record sets -------------------------------------------------------

    def parse(self, raw, file, number):
        record = super().parse(raw, file, number)
        tags, lines = raw.tag_values()
        for tag in ("Treasurer", "Components", "Advanced", "Seat"):
            if tag in tags:
                try:
                    self._table_tag(record, tag)
                except ValueError as exc:
                    raise RecordError(f"[{tag}] {exc}", line=lines[tag], col=1, file=file,
                                      code="header") from None
        return record

    def _table_tag(self, record: KitRecord, tag: str):
        value = record.tags.get(tag, "")
        if tag in ("Treasurer", "Seat"):
            if value.strip() not in record.names:
                raise ValueError(f"'{value}' is not a player (the players are "
                                 f"{', '.join(record.names)})")
            return record.names.index(value.strip())
        if tag == "Components":
            try:
                return load(value, record.file)
            except ComponentError as exc:
                raise ValueError(str(exc)) from None
        return advanced_rules(value)

    def table(self, record: KitRecord) -> rules.Table:
        try:
            names = record.names
            treasurer = self._table_tag(record, "Treasurer") if "Treasurer" in record.tags \
                else len(names) - 1
            board = self._table_tag(record, "Components")
            advanced = self._table_tag(record, "Advanced")
            seat = self._table_tag(record, "Seat") if "Seat" in record.tags else None
        except ValueError as exc:
            raise RecordError(str(exc), line=record.start_line, col=1, file=record.file,
                              code="header") from None
        return rules.Table(names, treasurer, board, advanced, seat)

    # --- what the table counts ---------------------------------------------------------

    def score_parts(self, state):
        """Each Cartel's worth by part: money, companies (printed values), unsold stock
        (blocks at the stock price) and bonds (repayment prices, taken off)."""
        board = state.board
        return [{"cash": c.money,
                 "companies": sum(board.companies[w].value for w in c.companies),
                 "stock": c.blocks * c.price,
                 "bonds": -sum(c.repay)} for c in state.cartels]

    def money(self, state):
        return [c.money for c in state.cartels]

    @property
    def checks(self):
        return {"score": self.points, "worth": self.points, "money": self.money,
                "profits": lambda s: [c.profits + c.new for c in s.cartels],
                "price": lambda s: [c.price for c in s.cartels]}

    def draw(self, state) -> str:
        from .board_svg import board_svg

        return board_svg(state)

    # --- a seat's record ---------------------------------------------------------------

    def seat_view(self, played, seat: int):
        """The record as ``seat``'s player writes it: every card another player draws is
        ``?`` (the Private Offerings dealt to them included); what is bought, offered or
        discarded is seen by all."""
        record = played.record
        entries = [MoveEntry(Draw(e.move.player, None), e.source, e.word)
                   if isinstance(e, MoveEntry) and isinstance(e.move, Draw)
                   and e.move.player != seat else e for e in record.entries]
        tags = dict(record.tags)
        tags["Seat"] = record.names[seat]
        return KitRecord(record.game, tags, record.names, entries, record.file,
                         record.number, record.start_line)

    # --- simulation --------------------------------------------------------------------

    @property
    def bots(self):
        from .bots import ProfitBot

        return {"profit": ProfitBot}

    def simulated_text(self, players, seed, bots, options):
        from mclog.kit.game import NAMES

        options = self.checked_options(options or {})
        names = self.check_names(NAMES[:players])
        tags = {"Game": self.name, "Event": "Simulated game", "Players": ", ".join(names),
                "Components": options["components"]}
        if options["advanced"] != "none":
            tags["Advanced"] = ", ".join(options["advanced"].split(","))
        tags.update({"Bots": bots or "random", "Seed": str(seed)})
        record = KitRecord(self.name, tags, names)
        return self._simulated(record, players, seed, bots)


GAME = Cartel()
