"""Framing: a plain line (no comment on it) is split by ``str.split`` and its columns are
worked out only when asked; both must agree with the full scanner's."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mclog
from mclog.errors import RecordError
from mclog.record.framing import _WORD, split_games

SAMPLES = Path(__file__).parent.parent / "sample_games"

# words of the notation, separators, and odd characters, tags and comments left out
_PIECES = st.lists(st.sampled_from(
    ["round", "2", "Ann", "IV:T", "draws", "asia", ",", " ", "  ", "\t", ", ", "\u00a0",
     "\u2003", "\x1c", "é", "\r", "\uff0c", "\u3001"]), max_size=12)


@given(_PIECES)
def test_a_plain_line_has_the_scanners_words_and_columns(pieces):
    line = "".join(pieces)
    games = list(split_games('[Players "Ann yellow, Ben blue"]\n' + line + "\n"))
    expected = _WORD.findall(line)
    if not expected:
        assert not games[0].lines
        return
    raw = games[0].lines[0]
    assert raw.words == expected
    cols = [m.start() + 1 for m in _WORD.finditer(line)]
    assert raw.col(0) == cols[0]
    assert [raw.col(i) for i in range(len(cols))] == cols


def test_the_first_column_after_leading_commas_and_spaces():
    raw = next(split_games('[Players "Ann yellow, Ben blue"]\n , \tround 2\n')).lines[0]
    assert raw.col(0) == 5 and raw.col(1) == 11


def test_a_run_of_semicolon_comment_lines_is_one_comment_whatever_stands_before_the_semicolon():
    """A run of ``;`` lines is one comment of several lines, a line written ``, ; note``
    among them too: written back a ``;`` line each, it reads back the same."""
    import mclog

    text = (Path(__file__).parent.parent / "sample_games" / "cartel" / "duel-2p.mclog"
            ).read_text().replace("end year 1, dummy upland",
                                  "; a\n; b\n, ; c\n; d\nend year 1, dummy upland")
    record = mclog.parse_one(text)
    notes = [e.text for e in record.entries if type(e).__name__ == "CommentEntry"]
    assert "a\nb\nc\nd" in notes
    written = mclog.write(record)
    assert "; a\n; b\n; c\n; d\nend year 1" in written
    assert mclog.parse_one(written) == record


@pytest.mark.parametrize("line, why", [
    # (a tag typed in a word processor or a phone's notes: its quotes are typographic)
    ('[Players \u201cAnn, Ben\u201d]', ": this line has \u201c\u201d, a word processor's quotes, "
                                       'where the straight " goes'),
    ('[Players \u201eAnn, Ben\u201c]', ": this line has \u201e\u201c, a word processor's quotes, "
                                       'where the straight " goes'),
    ("[Players 'Ann, Ben']", ", not single ones"),
    ('[Players: "Ann, Ben"]', ": the name and the value are written apart, with no ':' or '='"),
    ('[Players = "Ann, Ben"]', ": the name and the value are written apart, with no ':' or '='"),
    ('[Players "Ann, Ben"', ": this line does not end with ]"),
    ('[Event "Ann\'s "big" night"]', ': a " inside the value is written \\"'),
    ("[Players]", ""),
    ('[My_Tag-2 "x"]', ": 'My_Tag-2' is no tag name, which is a letter A to Z, then letters "
                       "A to Z, digits or _"),
    ('[Évent "Friday"]', ": 'Évent' is no tag name, which is a letter A to Z, then letters "
                         "A to Z, digits or _"),
])
def test_a_tag_pair_not_written_as_one_is_told_what_is_wrong(line, why):
    with pytest.raises(RecordError) as refused:
        list(split_games(f'[Game "Cartel"]\n  {line}\n'))
    assert (refused.value.line, refused.value.col) == (2, 3)
    assert refused.value.reason == ('A tag pair is written [Name "value"], with the value in '
                                    f"double quotes{why}")


_JSON_SAID = ("This is JSON, not a record's text (which starts with its tags, [Game \"...\"]): "
              "a record that 'mclog export' wrote is read back with 'mclog import', and a "
              "component file is named by a record's [Components \"...\"] tag")


def test_a_json_file_given_for_a_record_is_told_as_json(tmp_path, capsys):
    """An export (``mclog export``: an array, indented or on one line), a JSON object and a
    component file, given where a record's text goes: each is told as JSON at its first
    line, not by the bracket or brace the framing first stumbled on (``This } closes no
    { comment`` at line 36 of a component file)."""
    from mclog.cli import main

    sample = Path(__file__).parent.parent / "sample_games"
    assert main(["export", str(sample / "millionclub" / "duel-2p.mclog")]) == 0
    exported = capsys.readouterr().out
    import json

    data = json.loads(exported)
    files = {"export.json": "\n\n" + exported, "one-line.json": json.dumps(data),
             "object.json": json.dumps(data[0], indent=2),
             "after-blank-lines.json": "\n" * 5000 + exported,
             "cabin-box.json": (sample / "joakim" / "cabin-box.json").read_text()}
    for name, text in files.items():
        path = tmp_path / name
        path.write_text(text)
        for command in ("validate", "score", "replay"):
            assert main([command, str(path)]) == 1
            line = {"export.json": 3, "after-blank-lines.json": 5001}.get(name, 1)
            assert capsys.readouterr().err == f"{path}:{line}:1: {_JSON_SAID}\n", name
    for name, line in (("one-line.json", 1), ("after-blank-lines.json", 5001)):
        with pytest.raises(RecordError) as refused:
            next(mclog.parse(files[name]))
        assert (refused.value.line, refused.value.reason) == (line, _JSON_SAID)


@pytest.mark.parametrize("start", [
    "{\nAnn kept the score\n}\n",            # a comment's brace alone on its line
    '{"Ann": "a fine night"}\n',             # a comment that starts as JSON does
    "[\n",                                   # (told as a tag, below)
    '[[Game "Million Club"]\n',              # (a tag mistyped: told as one)
])
def test_a_record_that_starts_as_json_does_is_read_as_a_record_first(start):
    """The JSON message replaces only a framing error: a record that starts with a brace
    comment, even one written as a JSON member, is read as it always was."""
    text = start + '[Players "Ann yellow, Ben blue"]\n\nsetup Ann asia, Ben india\n'
    if start.startswith("["):
        with pytest.raises(RecordError) as refused:
            next(mclog.parse(text))
        assert refused.value.reason.startswith('A tag pair is written [Name "value"]')
        return
    record = mclog.parse_one(text)
    assert record.players == ("Ann", "Ben") and len(record.moves) == 2


def test_a_file_whose_first_lines_cannot_be_read_is_refused_in_words_by_every_reader(tmp_path):
    """The first lines are read ahead (to tell a JSON file): a mistake in them (a line too
    long, bytes that are not UTF-8) is still the reading's located error, one of the list
    for the lenient reader, and no exception escapes it."""
    from mclog.record.reading import read_lenient

    for name, data, where in [("long.mclog", b"x" * 20_000 + b"\n", (1, 10_001)),
                              ("latin.mclog", b"\n[Event \"caf\xe9\"]\n", (2, 12))]:
        path = tmp_path / name
        path.write_bytes(data)
        records, errors = read_lenient(path)
        assert records == [] and [(e.line, e.col) for e in errors] == [where], name
        with pytest.raises(RecordError) as refused:
            mclog.read_one(path)
        assert (refused.value.line, refused.value.col) == where


def _written_out_inits():
    from mclog.games.millionclub.events import Event
    from mclog.games.millionclub.notation.entry import MoveEntry
    from mclog.games.millionclub.rules.moves import Draw
    from mclog.record.framing import RawLine, SourceLine

    source = SourceLine(3, "x")
    return [(MoveEntry, {"move": Draw("asia"), "subject": 1, "label": "setup",
                         "source": source, "word": 2}),
            (Event, {"step": 7, "round": 2, "phase": "resolve", "disc": 4, "label": "disc IV",
                     "actor": 1, "card": "racket", "cause": "Ben plays racket",
                     "automatic": False, "money": [3, -3], "points_before": [{}, {}],
                     "money_after": [10, 4], "points_after": [{"wealth": 1}, {}],
                     "settles": 1, "exact": False}),
            (SourceLine, {"number": 4, "text": "place Ann V", "_cols": [1, 7, 11]}),
            (RawLine, {"number": 5, "_words": ["a"], "comments": [], "text": "a",
                       "_cols": [1], "_source": source})]


@pytest.mark.parametrize("cls, values", _written_out_inits(),
                         ids=lambda c: getattr(c, "__name__", ""))
def test_a_dataclass_whose_init_is_written_out_takes_what_its_fields_say(cls, values):
    """mclog/compiled.py: a dataclass made for every line or item read writes its
    ``__init__`` out (so that the compiled build compiles it).  It must take each field,
    in order and by name, and give each field the default ``dataclass`` would."""
    import dataclasses

    fields = dataclasses.fields(cls)
    assert [f.name for f in fields] == list(values)
    by_position = cls(*values.values())
    by_name = cls(**values)
    for f in fields:
        assert getattr(by_position, f.name) is values[f.name]
        assert getattr(by_name, f.name) is values[f.name]
    required = {f.name: values[f.name] for f in fields
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    made, again = cls(**required), cls(**required)
    for f in fields:
        if f.name in required:
            continue
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(made, f.name) == f.default_factory()
            assert getattr(made, f.name) is not getattr(again, f.name)   # (not shared)
        else:
            assert getattr(made, f.name) == f.default


def _cut_by_a_comment(line: str, cut: int, note: str) -> str:
    """``line`` with the comment ``{note}``, which spans lines, after its word ``cut``."""
    words = line.split()
    return " ".join(words[:cut]) + " {" + note + "} " + " ".join(words[cut:])


@pytest.mark.parametrize("game", ["millionclub", "millionenspiel", "cartel", "joakim"])
def test_a_checks_values_after_a_comment_that_spans_lines_are_refused_where_they_stand(game):
    """``check money Ida 10105 {a long`` then ``note} Jon 510 Kai 10``: what follows a
    comment that spans lines is read as a line of its own, so the check ended at the
    comment.  Millionenspiel read ``Jon 510 Kai 10`` as two bets, another game, in
    silence; the other games refused it as a move with no verb.  Now every game says
    why, at the first word after the comment."""
    path = sorted((SAMPLES / game).glob("*.mclog"))[0]
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("check")
              and len(line.split()) >= 6)
    words = lines[at].split()
    lines[at] = _cut_by_a_comment(lines[at], 4, "a long\nnote")
    with pytest.raises(RecordError) as refused:
        mclog.parse_one("\n".join(lines), "split.mclog")
    assert str(refused.value) == (
        f"split.mclog:{at + 2}:7: '{words[4]}' follows a {{ comment that opened on the check "
        f"line {at + 1} and spans lines: what follows such a comment is read as a new line, "
        "so the check would end at the comment; put the comment after the check's last "
        "value, or on a line of its own")
    lines[at] = " ".join(words) + " {a long\nnote}"   # (after its last value: read)
    assert mclog.parse_one("\n".join(lines), str(path)).entries


@pytest.mark.parametrize("game,line,cut,expected", [
    ("millionclub", "colonies   Zoe buys india", 3,
     "14:18: Expected the card bought after 'buys', but the line ends"),
    ("millionclub", "colonies   draws oceania india", 2,
     "13:15: Expected the cards drawn after 'draws', but the line ends"),
    ("cartel", "buy Ann calder, pay Ann bond 10 cash 10, draw Ann larkspur", 1,
     "13:4: 'buy' is written 'buy <player> <company>', but the line ends"),
    ("millionenspiel", "Yann rolls 2 6, lands red", 3,
     "11:13: Expected the second die (1 to 6, or ? if not seen) after '2', but the line ends"),
])
def test_an_item_cut_by_a_comment_that_spans_lines_is_told_where_its_line_ended(
        game, line, cut, expected):
    """``Zoe buys {I could not decide`` / ``for long} india``: the words after a comment
    that spans lines are read as a line of their own, so the item ends at the comment.
    The message said only "but the line ends", of a line its writer sees go on."""
    path = SAMPLES / game / "duel-2p.mclog"
    text = path.read_text(encoding="utf-8")
    assert line in text
    cut_line = _cut_by_a_comment(line, cut, "I could not decide\nfor long")
    with pytest.raises(RecordError) as refused:
        mclog.parse_one(text.replace(line, cut_line, 1), "cut.mclog")
    assert str(refused.value).startswith(
        f"cut.mclog:{expected} at a {{ comment that spans lines, and the words after its }} "
        "are read as a new line")
