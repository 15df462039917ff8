"""What a game supplies to the shared machinery: one ``Game`` object per game.

The shared parts (reading files, the command line) know games only through this
interface and the registry (``mclog.games``), never by importing a game, so that a new
game is a new folder under ``mclog/games/`` and one line in the registry.  A game's
records and replayed games are its own classes; what the shared parts ask of them is
listed here (``Played``).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple, Protocol

from .errors import a_kind
from .record.framing import RawGame


class Played(Protocol):
    """A record replayed through its game's rules, as the shared parts use it."""

    record: Any         # the game's record: ``record.game`` is the game's name,
                        # ``record.players`` the players' names in seat order
    errors: list        # the record's mistakes (``RecordError``), empty if it replayed
    warnings: list      # items that are legal but say nothing (``RecordError``)

    replay: Any         # ``mclog.replay.Replay``: its states keep ``money`` by seat
    #: What the review's positions gave (by the position, what was asked and the seed),
    #: kept with the record: stepping back and forth over a review, or asking again,
    #: never plays the same rollouts twice (``mclog.review``).
    review_cache: dict

    @property
    def complete(self) -> bool: ...          # the game reached its end

    def scores(self) -> Sequence[Any]: ...   # rows with ``as_dict()``, ``name``, ``total``

    @property
    def steps(self) -> Sequence[Any]: ...    # each move replayed: ``line``, ``move``

    def state(self, index: int) -> Any: ...  # the game after ``index`` moves

    def __len__(self) -> int: ...            # the moves replayed


class PlayerLine(NamedTuple):
    """One player at a step, as the list under the board says it (a phone's screen cannot
    read the board's own small print): the name, the player's colour (CSS) and what the
    board shows of them, in words."""

    name: str
    colour: str
    facts: str


class GameOption(NamedTuple):
    """A choice a game's table makes before play (Million Club's board setup), declared
    by the game: the command line takes it as ``--option name=value`` for ``simulate``
    and ``record``, and checks it here, so the shared parts name no game's options."""

    name: str
    #: The values it may take (empty: any text, which the game checks itself).
    choices: tuple[str, ...]
    default: str
    help: str = ""


#: The recorder's question of the seat a record is written from, and of the occasion
#: (``Game.recorder_questions``).
SEAT_QUESTION: Final = ("seat", "Your name, to record from your seat (Enter: you see every "
                                "card)", None)
EVENT_QUESTION: Final = ("event", "Event (Enter: none)", None)


def option_question(option: GameOption) -> str:
    """The recorder's question of a game's option, with what Enter takes.

    >>> option_question(GameOption("limit", (), "1000", "the cash that wins (800, 1000)"))
    'Limit: the cash that wins (800, 1000; Enter: 1000)'
    >>> option_question(GameOption("variant", (), "basic", "basic, or sharks"))
    'Variant: basic, or sharks (Enter: basic)'
    """
    said = f"{option.name.capitalize()}: {option.help or ', '.join(option.choices)}"
    if said.endswith(")"):
        return f"{said[:-1]}; Enter: {option.default})"
    return f"{said} (Enter: {option.default})"


#: The tags of every game's framing (``docs/format-framing.md``) and of the shared
#: simulator and seat's records.
FRAMING_TAGS = ("Game", "Event", "Site", "Date", "Players", "Seat", "Bots", "Seed")


def without_redundant(played: Played) -> Any:
    """The record of ``played`` without its items that say nothing (``Played.warnings``:
    a pass for a question never asked), as its canonical form leaves them out: what
    ``hide`` and ``export`` write, and what their JSON reads back to (such an item is
    told from a move by its line's label, which JSON does not keep).  The record itself
    where it has none; else a copy."""
    said_nothing = {id(warning.entry) for warning in played.warnings}
    if not said_nothing:
        return played.record
    record = copy.copy(played.record)
    record.entries = [e for e in record.entries if id(e) not in said_nothing]
    return record


class Game(ABC):
    """One game: its name, and what reading, replaying, writing, scoring and simulating
    its records take.  Methods take and return the game's own records and replays."""

    #: The name a record gives in its ``[Game "..."]`` tag.
    name: str
    #: How many may play.
    players: range = range(2, 7)
    #: The start of a simulated game's file name (``game-4p-000001.mclog``).
    file_prefix: str = "game"
    #: Whether a player can miss something (a card drawn unseen): then ``seat_view``.
    hidden_information: bool = False
    #: What the game calls the stretch a step's ``round`` counts (the report's round
    #: buttons and jump list: "Round 3", "Throw 12").
    round_word: str = "round"
    #: The choices of the table before play (``--option name=value``).
    options: tuple[GameOption, ...] = ()
    #: The game's rules behind the shared engine interface (``mclog.engine.Engine``): what
    #: the shared simulator, bots and recorder use.
    engine: Any = None

    def check_players(self, count: Any) -> int:
        """``count`` players, checked against how many the game is for (``ValueError`` in
        words, ``TypeError`` for what is no count)."""
        if type(count) is not int:   # (as mclog.arguments.whole says it)
            raise TypeError(f"players is a whole number, not {a_kind(count)}")
        if count not in self.players:
            raise ValueError(f"{self.name} is for {self.players.start} to "
                             f"{self.players.stop - 1} players, not {count}")
        return count

    def money(self, state: Any) -> list[int] | None:
        """Each seat's money in ``state``, if the game counts money (the shared money
        table, ``mclog.analysis.money``; a kit game that says it also reads ``check
        money``): a state's ``money`` by seat where it keeps one."""
        return getattr(state, "money", None)

    @property
    def tag_names(self) -> Sequence[str]:
        """The tags the game reads, spelt as it spells them: a tag written in another case
        (``[players "..."]``, ``[seat "Ann"]``) is read as the one spelt so, since every
        word of a record reads in any case.  A game adds its own to ``FRAMING_TAGS``."""
        return FRAMING_TAGS

    def checked_options(self, given: Mapping[str, str | None], *,
                        defaults: bool = True) -> dict[str, str]:
        """``given`` (option name -> value; None: not given) checked against ``options``:
        ``ValueError`` naming the game's options or an option's choices; with
        ``defaults``, every option not given has its default."""
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options} if defaults else {}
        for name, value in given.items():
            if value is None:
                continue
            option = known.get(name)
            if option is None:
                have = ", ".join(known) if known else "none"
                raise ValueError(f"{self.name} has no option {name!r} (its options: {have})")
            if option.choices and value not in option.choices:
                raise ValueError(f"{self.name}'s {name} is one of "
                                 f"{', '.join(option.choices)}, not {value!r}")
            out[name] = value
        return out

    @abstractmethod
    def parse(self, raw: RawGame, file: str | None, number: int) -> Any:
        """The record of one framed game (``RecordError`` located at its mistake)."""

    @abstractmethod
    def replay(self, record: Any, *, strict: bool = True, events: bool = False,
               slips: bool = True) -> Played:
        """The record played through the rules; mistakes are kept in ``errors`` unless
        the record cannot be played at all (``RecordError``).  ``events``: the caller
        will read the game's analysis tables; a game that notes its events as it plays
        (Million Club) does so in this replay, rather than in a second one later.
        ``slips``: a failed check or a refused move names the move it may come from
        (``mclog.slips``); off where nobody reads the message, as the search can take
        a second on a long game."""

    def replay_after(self, played: Played, record: Any) -> Played:
        """``replay(record)`` (strict, naming slips), where ``played`` is the replay of a
        record that ``record`` may go on from: the recorder reads its record again at
        every line typed, with the line added.  A game whose replay can go on from
        ``played`` plays only what was added; by default (and for a record that does not
        go on from it: an undo, a line that changed what was there) the whole record is
        played again."""
        return self.replay(record)

    @abstractmethod
    def write(self, record: Any, played: Played | None = None) -> str:
        """The canonical text of one game (ending with a newline)."""

    @abstractmethod
    def kept(self, played: Played) -> list:
        """The entries ``write`` keeps, as the game's records compare them and as its text
        reads back (``mclog.record.entries.as_read``): ``fmt`` checks that its text reads
        back to these."""

    @abstractmethod
    def to_json(self, record: Any) -> dict:
        """The record as JSON-ready data."""

    @abstractmethod
    def record_from_json(self, data: dict, file: str | None = None) -> Any:
        """The record of ``to_json``'s data (``RecordError`` if it is malformed)."""

    @abstractmethod
    def records_from_json(self, data: bytes, file: str) -> list:
        """The records of a JSON file's bytes (one record or an array), each checked and
        replayed (``mclog import``; ``MclogError`` saying where in the data)."""

    @abstractmethod
    def unfinished(self, played: Played) -> str:
        """Where a record that stops before the end stops, in words (``validate``)."""

    @abstractmethod
    def replay_text(self, played: Played) -> str:
        """The game step by step, for a terminal (``mclog replay``)."""

    @abstractmethod
    def score_lines(self, played: Played) -> list[str]:
        """The score table, for a terminal (``mclog score``)."""

    @abstractmethod
    def draw(self, state: Any) -> str:
        """The table in ``state`` as HTML (escaped), for the report and notebooks."""

    def draw_step(self, played: Played, index: int) -> str:
        """The table after ``index`` moves of a replayed game, as HTML: by default its state
        drawn alone; a game whose scores depend on what the whole record says (a seat's
        record with unknown cards) draws them as the record settles them."""
        return self.draw(played.state(index))

    def step_players(self, played: Played, index: int) -> list[PlayerLine]:
        """Each player after ``index`` moves, in words, for the list the report shows
        under the board on a narrow screen, where the board is scaled down; [] (the
        default): the game's drawing lists its players readably itself."""
        return []

    @abstractmethod
    def step_texts(self, played: Played, start: int = 0) -> list[str]:
        """Every step of a replayed game in words (``Ann buys F``), in order; from the
        ``start``-th on (0-based), where only the last are wanted (the recorder's line
        just typed, at the end of a long game)."""

    @abstractmethod
    def final_text(self, played: Played) -> str:
        """The result in words: the winner and the ranking (or where the record stops)."""

    @abstractmethod
    def report_charts(self, played: Played) -> list:
        """The report's charts: ``(title, plotly figure)`` pairs."""

    def replay_widget(self, played: Played) -> Any:
        """The game's own replay widget, richer than the shared one; None (the default):
        the shared one does (``mclog.widgets.replay``: the steps, ``draw_step`` and the
        first report chart with a marker)."""
        return None

    def seat_view(self, played: Played, seat: int) -> Any:
        """The record as the player in ``seat`` would have written it (``mclog hide``).  A
        game with hidden information says what the seat did not see; in one without
        (``hidden_information`` False) every player sees the whole game, so a seat's
        record is the record, with its ``[Seat]`` tag (as an evening's file of several
        games is hidden game by game, one that hides nothing among them), without the
        items that say nothing (``Played.warnings``), as ``fmt`` leaves them out."""
        if self.hidden_information:
            raise NotImplementedError(f"{self.name} hides information: its seat_view says "
                                      "what a seat did not see")
        record = without_redundant(played)
        if record is played.record:
            record = copy.copy(record)
        record.tags = {**record.tags, "Seat": record.players[seat]}
        return record

    def corpus_schema(self) -> dict[str, list[tuple[str, str]]]:
        """The corpus tables of this game: ``{table: [(column, pyarrow type name)]}``."""
        raise NotImplementedError(f"{self.name} has no corpus tables yet")

    def corpus_rows(self, played: Played, game_id: str, source: str) -> dict:
        """One replayed game's corpus rows: ``{table: {column: [values]}}``, as
        ``corpus_schema`` says (``mclog corpus build``)."""
        raise NotImplementedError(f"{self.name} has no corpus tables yet")

    @property
    def check_kinds(self) -> Sequence[Any]:
        """The kinds of ``check`` line the game reads (``mclog.record.checks.Check``:
        ``check money Ann 12``), none by default."""
        return ()

    def final_count(self, played: Played) -> str | None:
        """The check a table's count at the end of a game is written with: ``score``
        where the game reads one (``check score Ann 24 Ben 18``), None where it reads no
        total (the recorder then asks none).  A game whose total goes by another name
        says so (Cartel's ``worth``)."""
        return "score" if any(kind.word == "score" for kind in self.check_kinds) else None

    # --- what the recorder asks (``mclog.recording``: ``mclog record``, the widget) ----

    #: The recorder's ``Recording`` subclass, where the game's table asks more of it than
    #: the answers (labels, checks at a round's end, a reveal); None: the shared one.
    recording_class: Any = None

    def recorder_questions(self) -> list[tuple[str, str, str | None]]:
        """What the terminal recorder asks before a new game: ``(option, question,
        default)`` each (the default taken when Enter is pressed): who plays, each of the
        game's options (``options``: a table sets them before play), the seat the record
        is written from in a game that hides cards (a player writing from their seat is
        otherwise asked every card they cannot see), and the occasion.  The command line's
        answers are not asked again (``ask_table``)."""
        return [("players", "Players in seat order, clockwise (Ann, Ben, Cleo)", None),
                *((option.name, option_question(option), option.default)
                  for option in self.options),
                *([SEAT_QUESTION] if self.hidden_information else []), EVENT_QUESTION]

    def recording_tags(self, options: dict, path: str) -> dict[str, str]:
        """The tags a new record at ``path`` starts with, from the recorder's options
        (``seat``, ``event``, and the game's own: ``ValueError`` in words for one that is
        not)."""
        tags = {"Event": options["event"]} if options.get("event") else {}
        return {**tags, "Seat": options["seat"]} if options.get("seat") else tags

    # --- what a review by rollouts asks (``mclog.review``) ---------------------------

    @property
    def bot_registry(self) -> dict:
        """The game's bots by name (``choose(state, moves)``, made from a seed)."""
        from .simulate import RandomBot

        return {"random": RandomBot}

    #: The bots a review's rollouts are played by unless told (the game's strongest).
    review_bots: str = "random"

    def outcome(self, state: Any) -> list:
        """Each seat's result at the end of a game, as values that rank (the highest
        wins; equal highest share first place): points, money, or (points, money) where
        money breaks ties."""
        raise NotImplementedError(f"{self.name} cannot be reviewed yet")

    def rollout_state(self, played: Played, index: int, state: Any, rng: Any) -> Any:
        """``state`` (a copy of the position of ``played`` after ``index`` moves, the
        rollout's own) as a rollout starts from it: with nothing unknown.  By default the
        state itself; a game whose records may leave cards unknown draws them (from
        ``rng``) among what the record allows up to ``index``, or says it cannot
        (``mclog.errors.ReviewError``)."""
        return state

    def rollout_note(self, played: Played) -> str | None:
        """What the rollouts of ``played`` assume beyond its record, in words, for the
        review to say with its figures (Millionenspiel without a track plays on a board
        drawn to agree with it); None where they assume nothing."""
        return None

    def options_known(self, played: Played, index: int, seat: int) -> bool:
        """Whether the record shows ``seat``'s options after ``index`` moves (not where
        they hang on cards its seat did not see: another player's hand)."""
        return True

    def move_text(self, played: Played, index: int, move: Any) -> str:
        """A move that could be played after ``index`` moves, in words (a review's
        options)."""
        return str(move)

    @abstractmethod
    def check_bots(self, bots: str, players: int | None = None) -> None:
        """``ValueError`` in words if ``bots`` (names by seat, with commas) names one that
        is not (naming the bots there are), leaves a seat's out, or names more than the
        table of ``players`` (where known) has seats (``mclog.simulate.check_bots``)."""

    @abstractmethod
    def simulated_text(self, players: int, seed: int, bots: str, options: dict) -> str:
        """The canonical record of one game played by bots (``mclog simulate``)."""

    def __repr__(self) -> str:
        return f"<game {self.name}>"
