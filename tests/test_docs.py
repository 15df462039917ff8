"""The examples in the README and in docstrings are run, so the docs cannot drift."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import mclog

ROOT = Path(__file__).parent.parent
MODULES = sorted(m.name for m in pkgutil.walk_packages(mclog.__path__, "mclog."))


def test_readme_examples_run():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
