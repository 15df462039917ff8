"""The examples in the README and in docstrings are run, so the docs cannot drift."""

import doctest
import re
import importlib
import pkgutil
from pathlib import Path

import pytest

import mclog

ROOT = Path(__file__).parent.parent
MODULES = sorted(m.name for m in pkgutil.walk_packages(mclog.__path__, "mclog.")
                 if not m.name.endswith("__main__"))  # (running it runs the command line)


def test_readme_examples_run():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_format_spec_example_replays_with_its_checkpoints():
    import re

    from mclog import parse_one, replay

    text = (ROOT / "docs" / "millionclub" / "format.md").read_text()
    block = re.search(r"```\n(\[Event.*?)```", text, re.S).group(1)
    game = replay(parse_one(block))
    assert game.replay.current.round == 2 and game.replay.current.money == [12, 0, 2]


def test_format_spec_lists_every_word_of_the_notation():
    from mclog.games.millionclub.notation.vocabulary import CARDS, DISCS, VERBS

    text = (ROOT / "docs" / "millionclub" / "format.md").read_text()
    for word in [*CARDS, *DISCS, *VERBS]:
        assert re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I), word


def test_readme_walkthrough_record_replays_with_its_checkpoint():
    from mclog import parse_one, replay

    text = (ROOT / "README.md").read_text()
    block = re.search(r'   ```\n(   \[Event "My first record".*?)   ```', text, re.S).group(1)
    game = replay(parse_one("\n".join(line[3:] for line in block.splitlines())))
    assert game.replay.current.round == 2 and game.replay.current.money == [0, 5]


#: The documents a person learns to write records from (errors.md shows broken ones).
LEARNED_FROM = sorted([*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"])


@pytest.mark.parametrize("doc", [d for d in LEARNED_FROM if d.name != "errors.md"],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_record_a_document_shows_replays_as_far_as_it_goes(doc):
    """A person copies an example to start their own: each whole record a document
    shows (a block starting with its tags, with no ``...`` left out) reads and replays,
    to its end or as far as it goes.  (Joakim's inline example had a card make Ben pay
    5 he did not have, and then went on with Ann's roll; Cartel's named a component file
    that is the reader's own.)"""
    text = doc.read_text(encoding="utf-8")
    for match in re.finditer(r"```[a-z]*\n( *\[(?:Game|Event|Players)[^\n]*\n.*?)```", text,
                             re.S):
        block = match.group(1)
        indent = len(block) - len(block.lstrip(" "))
        block = "\n".join(line[indent:] for line in block.split("\n"))
        if "..." in block:
            continue
        where = f"{doc.name}, the block at line {text[:match.start()].count(chr(10)) + 1}"
        for record in mclog.parse(block, str(doc)):
            assert mclog.replay(record).errors == [], where


@pytest.mark.parametrize("doc", sorted((ROOT / "docs").glob("*/format.md")),
                         ids=lambda p: p.parent.name)
def test_every_json_record_a_format_spec_shows_imports(doc, tmp_path, capsys):
    """A person copies the spec's JSON to learn the form: each record shown (an object
    with entries, or an array of them) is one ``mclog import`` takes as it stands, and
    it reads back as the record of the text import prints."""
    import json

    from mclog import parse_one
    from mclog.cli import main

    shown = 0
    for block in re.findall(r"```json\n(.*?)```", doc.read_text(), re.S):
        try:
            data = json.loads(block)
        except json.JSONDecodeError:
            continue   # (a fragment of a component file, said to be one)
        records = data if isinstance(data, list) else [data]
        if not all(isinstance(r, dict) and "entries" in r for r in records):
            continue
        path = tmp_path / f"shown{shown}.json"
        path.write_text(block)
        shown += 1
        assert main(["import", str(path)]) == 0, capsys.readouterr().err
        text = capsys.readouterr().out
        assert parse_one(text).entries and len(records) == 1
    if doc.parent.name in ("millionclub", "millionenspiel"):
        assert shown


@pytest.mark.parametrize("doc", LEARNED_FROM, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_and_path_a_document_names_is_there(doc):
    """A reader follows a page's links (``[x](cartel/format.md)``) and the paths it
    names in code spans (`` `docs/millionclub/format.md` ``): each is a file of the
    repository.  (The brief names ``docs/format.md`` as the spec; after the docs were
    sorted by game nothing stood there.)"""
    text = doc.read_text(encoding="utf-8")
    missing = []
    for target in re.findall(r"\]\(([^)#:\s]+)(?:#[^)]*)?\)", text):
        if not (doc.parent / target).exists():
            missing.append(target)
    for path in re.findall(r"`((?:docs|sample_games|notebooks|benchmarks)/[\w./-]+\.\w+)`",
                           text):
        if "<" not in path and not (ROOT / path).exists():
            missing.append(path)
    assert missing == []


def test_the_spec_the_brief_names_leads_to_every_games_format():
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    for game in ("millionclub", "millionenspiel", "cartel", "joakim"):
        assert f"({game}/format.md)" in text
    assert "(format-framing.md)" in text
