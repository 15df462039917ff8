"""Limits (issue 6): huge records and lines are refused with a message, not read blindly;
bytes that are not UTF-8 are named by offset."""

from pathlib import Path

import pytest

from mclog import RecordError, parse, parse_one, read, read_one, replay, write
from mclog.cli import main
from mclog.record.reading import read_bytes, read_text
from mclog.record.files import MAX_GAME

GAME = '[Players "Ann yellow, Ben blue"]\nsetup Ann asia, Ben india\n'

SAMPLES = Path(__file__).parent.parent / "sample_games"


def _lines_of(total: int, line: str = "; " + "x" * 9_000):
    """Comment lines of ``total`` characters in all, made as they are read."""
    for _ in range(total // (len(line) + 1) + 1):
        yield line


def test_one_game_over_ten_megabytes_is_refused_where_it_starts():
    lines = iter([*GAME.splitlines(), "", *GAME.splitlines(), *_lines_of(MAX_GAME)])
    with pytest.raises(RecordError) as e:
        list(read_text(lines, "big.mclog"))
    assert str(e.value) == ("big.mclog:4:1: This game is over 10485760 characters (10 MB); one "
                            "game of a record is at most 10 MB (a file may hold many games)")


def test_a_file_of_many_games_may_be_larger_than_one_game(tmp_path):
    path = tmp_path / "many.mclog"
    game = GAME + "; " + "x" * 9_000 + "\n"
    copies = MAX_GAME // len(game) + 10
    with open(path, "w") as f:
        for _ in range(copies):
            f.write(game + "\n")
    assert path.stat().st_size > MAX_GAME
    assert sum(1 for _ in read(path)) == copies


def test_a_line_over_ten_thousand_characters_is_refused():
    text = '[Players "Ann yellow, Ben blue"]\n; ' + "x" * 10_001 + "\n"
    with pytest.raises(RecordError) as e:
        list(read_bytes(text.encode()))
    assert str(e.value) == ("<text>:2:10001: Line 2 is 10003 characters long; a line of a "
                            "record is at most 10000")


def test_a_tag_line_may_hold_a_million_characters_for_a_component_set(tmp_path):
    """A component set embedded in its tag (``[Components "{...}"]``, 15 to 25 kB) is
    one line: a file holding one was refused as a line over 10,000.  A tag line may hold
    1,000,000 characters, read whole or as a file goes (a block of 1 MB at a time, so
    the line spans blocks); past that it is refused in words, and any other line still
    at 10,000."""
    tag = '[Event "' + "x" * (1_000_000 - 10) + '"]'
    text = tag + "\n" + GAME
    path = tmp_path / "long-tag.mclog"
    path.write_text(text)
    for reading in (lambda: read_one(path), lambda: parse_one(text),
                    lambda: next(read_bytes(text.encode()))):
        assert reading().tags["Event"] == "x" * (1_000_000 - 10)
    longer = "  " + tag.replace('"]', 'xx"]') + "\n" + GAME
    path.write_text(longer)
    message = (":1:1000001: Line 1 is 1000004 characters long; a tag line is at most "
               "1000000")
    for reading, where in ((lambda: read_one(path), str(path)), (lambda: parse_one(longer),
                                                                  "<text>")):
        with pytest.raises(RecordError) as e:
            reading()
        assert str(e.value) == where + message
    path.write_text(tag[:-2] + "x" * 5_000_000)   # (no end of line: refused as it is read)
    with pytest.raises(RecordError) as e:
        read_one(path)
    assert str(e.value) == (f"{path}:1:1000001: Line 1 is over 1000000 characters long; "
                            "a tag line is at most 1000000")
    path.write_text(GAME + "start " + "x" * 5_000_000)
    with pytest.raises(RecordError) as e:
        read_one(path)
    assert str(e.value) == (f"{path}:3:10001: Line 3 is over 10000 characters long; a line "
                            "of a record is at most 10000")


def test_not_utf8_names_the_byte_offset():
    data = '[Players "Ann yellow, Ben blue"]\nsetup Ann asia\n'.encode() + b"\xe9t\xe9\n"
    with pytest.raises(RecordError) as e:
        list(read_bytes(data))
    assert str(e.value) == ("<text>:3:1: This is not UTF-8 text: byte 48 (0xe9) cannot be read;"
                            " save the record as UTF-8")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_record_saved_as_utf16_is_named_so(encoding, tmp_path):
    """Windows Notepad's 'Unicode' is UTF-16 (with a byte order mark, or without): it was
    refused as bad UTF-8 at the first letter beyond ASCII, or as binary data."""
    for names in ("Ann, Ben", "Jürgen, Åsa"):
        data = f'[Game "Millionenspiel"]\n[Players "{names}"]\n'.encode(encoding)
        path = tmp_path / "night.mclog"
        path.write_bytes(data)
        for reading in (lambda: list(read_bytes(data)), lambda: list(read(path))):
            with pytest.raises(RecordError) as e:
                reading()
            assert e.value.reason == ("This is UTF-16 text (what Windows Notepad saves as "
                                      "'Unicode'), not UTF-8: save the record as UTF-8")
            assert (e.value.line, e.value.col, e.value.code) == (1, 1, "encoding")


def test_binary_data_is_refused():
    with pytest.raises(RecordError, match="binary data"):
        list(read_bytes(b'[Players "A yellow, B blue"]\n\x00\x01'))


def test_lines_ended_by_cr_lf_are_read_and_a_lone_cr_is_named(tmp_path):
    """Windows' CR LF ends a line as LF does (in a file read whole or a line at a time);
    a CR anywhere else (a file saved with the old Mac line ends, CR alone) is named where
    it stands rather than read as one long line of nonsense."""
    sample = SAMPLES / "millionclub" / "duel-2p.mclog"
    text = sample.read_text()
    windows = tmp_path / "windows.mclog"
    windows.write_bytes(text.replace("\n", "\r\n").encode())
    assert read_one(windows) == read_one(sample)
    assert [r.moves for r in read(windows)] == [read_one(sample).moves]
    mac = tmp_path / "mac.mclog"
    mac.write_bytes(text.replace("\n", "\r").encode())
    first = text.index("\n") + 1
    message = ("1:{}: A carriage return (CR) stands inside this line: a record's lines end "
               "with LF or CR LF; a file whose lines end with CR alone (the old Mac form) "
               "must be saved with either")
    for reading in (read_one, lambda path: list(read(path))):
        with pytest.raises(RecordError) as e:
            reading(mac)
        assert str(e.value) == f"{mac}:" + message.format(first)
    with pytest.raises(RecordError) as e:
        list(read_bytes(b'[Players "Ann yellow, Ben blue"]\nsetup Ann asia,\r Ben india\n'))
    assert str(e.value) == "<text>:2:" + message.format(16)[2:]


@pytest.mark.parametrize("sample", ["millionclub/duel-2p.mclog", "cartel/duel-2p.mclog",
                                    "joakim/sunday-3p.mclog"])
def test_a_text_given_in_python_is_refused_what_its_file_would_be(sample, tmp_path):
    """``mclog.parse`` skipped the checks a file gets: a NUL was told 'this line does not
    end with ]', CR-only line ends the tag message, and a line of 20,000 characters was
    read.  Each text is now refused in the words and at the place ``read`` gives its file;
    CR LF and a byte order mark are read as a file's are."""
    text = (SAMPLES / sample).read_text()
    for bad in (text.replace("\n", "\x00\n", 3), text.replace("\n", "\r"),
                text + "; " + "x" * 20_000 + "\n"):
        path = tmp_path / "bad.mclog"
        path.write_bytes(bad.encode())
        with pytest.raises(RecordError) as from_file:
            read_one(path)
        for reading in (parse_one, lambda t: list(parse(t))):
            with pytest.raises(RecordError) as from_text:
                reading(bad)
            assert str(from_text.value) == str(from_file.value).replace(str(path), "<text>")
            assert from_text.value.line in (1, text.count("\n") + 1)
    assert str(from_text.value).startswith(f"<text>:{text.count(chr(10)) + 1}:10001: Line ")
    assert parse_one("\ufeff" + text.replace("\n", "\r\n")) == parse_one(text)


@pytest.mark.parametrize("sample", ["millionclub/thursday-club-3p.mclog",
                                    "millionenspiel/family-3p.mclog", "cartel/duel-2p.mclog"])
def test_a_comment_no_line_can_hold_is_refused_by_import(sample, tmp_path, capsys):
    """A comment holding a CR or a NUL in a JSON record: no line of a record holds one, so
    import refuses it in words (it said "please report this file")."""
    path = SAMPLES / sample
    assert main(["export", str(path)]) == 0
    exported = capsys.readouterr().out
    assert main(["import", str(_with_comment(tmp_path, exported, "a\rb"))]) == 1
    said = capsys.readouterr().err
    assert "carriage return (CR) or" in said and "please report" not in said, said
    assert main(["import", str(_with_comment(tmp_path, exported, "a\x00b"))]) == 1
    assert "carriage return (CR) or" in capsys.readouterr().err


def _with_comment(tmp_path, exported: str, text: str):
    """The exported JSON with a comment of ``text`` before its first entry."""
    import json

    data = json.loads(exported)
    record = data[0]
    entries = record["entries"] if "entries" in record else record["moves"]
    sample = next((e for e in entries if "comment" in e or e.get("type") == "comment"), None)
    assert sample is not None   # (every sample holds a comment, in its own game's form)
    comment = dict(sample)
    comment["comment" if "comment" in comment else "text"] = text
    entries.insert(0, comment)
    path = tmp_path / "with-comment.json"
    path.write_text(json.dumps(data))
    return path


def test_a_byte_order_mark_is_accepted():
    record = next(read_bytes('\ufeff[Players "Ann yellow, Ben blue"]\n'.encode()))
    assert record.table.names == ("Ann", "Ben")


def test_files_joined_with_their_byte_order_marks_read_as_their_games(tmp_path, capsys):
    """``cat a.mclog b.mclog`` of files saved with a byte order mark (Windows Notepad's)
    leaves b's mark at the start of a line: it is no part of the record, there as at the
    file's start (it had been read as a word, ``'\ufeff[Game' is not a word``, of the
    game before).  Read from the file, line by line and whole, and from text; a mark
    inside a comment is the comment's."""
    first = (SAMPLES / "millionclub" / "duel-2p.mclog").read_text(encoding="utf-8")
    second = (SAMPLES / "millionenspiel" / "duel-2p.mclog").read_text(encoding="utf-8")
    second = second.replace("\n", "\n; a \ufeffmark\n", 1)
    joined = "\ufeff" + first + "\ufeff" + second
    path = tmp_path / "joined.mclog"
    path.write_bytes(joined.encode("utf-8"))
    for records in (list(read(path)), list(read_bytes(joined.encode("utf-8"))),
                    list(parse(joined))):
        assert [r.game for r in records] == ["Million Club", "Millionenspiel"]
        assert [r.tags["Event"] for r in records] == \
            [r.tags["Event"] for r in (read_one(SAMPLES / "millionclub" / "duel-2p.mclog"),
                                       read_one(SAMPLES / "millionenspiel" / "duel-2p.mclog"))]
        assert "a \ufeffmark" in write(records[1])
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: 2 games OK\n"


def test_the_command_line_refuses_a_directory_without_a_traceback(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(tmp_path) in err


@pytest.mark.parametrize("game_sample", ["cartel/duel-2p.mclog", "millionclub/duel-2p.mclog",
                                         "millionenspiel/duel-2p.mclog"])
def test_a_json_record_with_a_byte_order_mark_imports_and_one_in_utf16_is_named(
        game_sample, tmp_path, capsys):
    """A JSON file saved by a Windows tool starts with a byte order mark: it was refused
    with Python's own words ('Unexpected UTF-8 BOM (decode using utf-8-sig)')."""
    sample = SAMPLES / game_sample
    assert main(["export", str(sample)]) == 0
    exported = capsys.readouterr().out
    marked, wide = tmp_path / "marked.json", tmp_path / "wide.json"
    marked.write_bytes(b"\xef\xbb\xbf" + exported.encode())
    wide.write_bytes(exported.encode("utf-16"))
    assert main(["import", str(marked)]) == 0
    assert parse_one(capsys.readouterr().out, str(sample)) == read_one(sample)
    assert main(["import", str(wide)]) == 1
    assert capsys.readouterr().err == (f"{wide}: UTF-16 text (what Windows Notepad saves as "
                                       "'Unicode'), not UTF-8: save it as UTF-8\n")


def test_a_component_file_with_a_byte_order_mark_is_read(tmp_path):
    """Joakim's and Cartel's component files are typed once by an owner, often in a
    Windows editor that starts the file with a byte order mark."""
    sample = SAMPLES / "joakim" / "cabin-5p.mclog"
    box = sample.with_name("cabin-box.json")
    (tmp_path / sample.name).write_bytes(sample.read_bytes())
    (tmp_path / box.name).write_bytes(b"\xef\xbb\xbf" + box.read_bytes())
    assert replay(read_one(tmp_path / sample.name)).scores() == \
        replay(read_one(sample)).scores()
    (tmp_path / box.name).write_bytes(box.read_text().encode("utf-16"))
    with pytest.raises(RecordError, match=r"\[Components\] cabin-box.json: the component "
                                          r"file is UTF-16 text"):
        replay(read_one(tmp_path / sample.name))


class _Watched(list):
    """A record's entries that count how many of them are looked at."""

    looked = 0

    def __getitem__(self, index):
        _Watched.looked += 1
        return super().__getitem__(index)

    def __iter__(self):
        for entry in super().__iter__():
            _Watched.looked += 1
            yield entry


def test_the_comments_after_an_item_are_measured_without_walking_the_record_before_it():
    """A writer asks, before it joins an item to a line, how long the comments after it
    are.  That walked every entry before the item too (``islice``), so writing a record was
    quadratic: a simulated 5-player Joakim game of 20,000 entries took 0.34 s to write
    instead of 0.04 s, and a 10 MB game would not have been written at all."""
    from mclog.record.entries import CommentEntry, inline_comments_length

    after = [CommentEntry("two"), CommentEntry("words", brace=True), object()]
    alone = inline_comments_length([object(), *after], 0)
    entries = _Watched([object()] * 10_000 + after)
    _Watched.looked = 0
    assert inline_comments_length(entries, 9_999) == alone > 0
    assert _Watched.looked <= 3
