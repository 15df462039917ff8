"""mclog's build: the package is pure Python (pyproject.toml says the rest); this file adds
the optional compiled build of its hot path (``mclog/compiled.py`` lists the modules).

``MCLOG_BUILD`` chooses:

* ``auto`` (the default): compiled where a C compiler is found, pure otherwise;
* ``pure``: no extension: the reference build, and a quick install (the working copy's
  ``make`` installs it so: an editable install would build extensions it never uses);
* ``compiled``: the modules compiled by mypyc; fails if they cannot be (no C compiler,
  a type error), so that a build asked for is never silently the other one.

For a working copy, ``make compiled`` builds the extensions in place and ``make pure``
removes them.  ``mclog --version`` says which build runs.
"""

from __future__ import annotations

import os
import runpy
import shutil
import sysconfig

from setuptools import setup


def _compiler_found() -> bool:
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return bool(command) and shutil.which(command[0]) is not None


def _extensions() -> list:
    choice = os.environ.get("MCLOG_BUILD", "auto")
    if choice not in ("pure", "compiled", "auto"):
        raise SystemExit(f"MCLOG_BUILD={choice!r}: say pure, compiled or auto")
    if choice == "pure" or (choice == "auto" and not _compiler_found()):
        return []
    from mypyc.build import mypycify

    here = os.path.dirname(os.path.abspath(__file__))
    modules = runpy.run_path(os.path.join(here, "mclog", "compiled.py"))["MODULES"]
    paths = [module.replace(".", "/") + ".py" for module in modules]
    # (the group's shared library goes inside the package, mclog/native__mypyc...so: at
    # the top level it would be found only from the working copy's root)
    return mypycify(paths, opt_level="3", group_name="mclog.native")


setup(ext_modules=_extensions())
