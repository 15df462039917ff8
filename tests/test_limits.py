"""Limits (issue 6): huge records and lines are refused with a message, not read blindly;
bytes that are not UTF-8 are named by offset."""

import pytest

from mclog import RecordError, read
from mclog.cli import main
from mclog.record.reading import read_bytes, read_text
from mclog.record.files import MAX_GAME

GAME = '[Players "Ann yellow, Ben blue"]\nsetup Ann asia, Ben india\n'


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


def test_not_utf8_names_the_byte_offset():
    data = '[Players "Ann yellow, Ben blue"]\nsetup Ann asia\n'.encode() + b"\xe9t\xe9\n"
    with pytest.raises(RecordError) as e:
        list(read_bytes(data))
    assert str(e.value) == ("<text>:3:1: This is not UTF-8 text: byte 48 (0xe9) cannot be read;"
                            " save the record as UTF-8")


def test_binary_data_is_refused():
    with pytest.raises(RecordError, match="binary data"):
        list(read_bytes(b'[Players "A yellow, B blue"]\n\x00\x01'))


def test_a_byte_order_mark_is_accepted():
    record = next(read_bytes('\ufeff[Players "Ann yellow, Ben blue"]\n'.encode()))
    assert record.table.names == ("Ann", "Ben")


def test_the_command_line_refuses_a_directory_without_a_traceback(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(tmp_path) in err
