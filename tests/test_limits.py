"""Limits (issue 6): huge records and lines are refused with a message, not read blindly;
bytes that are not UTF-8 are named by offset."""

import pytest

from mclog import RecordError, read
from mclog.cli import main
from mclog.millionclub.reader import MAX_BYTES, read_bytes


def test_a_file_over_ten_megabytes_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.mclog"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: the size is what is checked
    with pytest.raises(RecordError) as e:
        list(read(path))
    assert str(e.value) == (f"{path}:1:1: This file is over {MAX_BYTES} bytes; a record file "
                            "is at most 10 MB here (mclog validate reads larger files as it "
                            "goes)")


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
