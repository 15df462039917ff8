# mclog: the two quick-start commands are `make lab` and `make test`.
# Both create the virtual environment .venv in the repository when it is missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: lab test test-fast test-compiled compiled pure types bench demo fuzz clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	@echo "Installing mclog with JupyterLab, pandas, plotly, ipywidgets and the test tools"
	@echo "into $(VENV) (a minute or two the first time; pip says what it fetches)..."
	MCLOG_BUILD=pure $(BIN)/python -m pip install --progress-bar off -e '.[lab,test]' 2>$(VENV)/install.log \
		| grep --line-buffered -E '^(Collecting|Successfully installed)' || true
	@# (the install worked, or pip's own messages say why: they are kept in install.log)
	@$(BIN)/python -c "import mclog, jupyterlab, pytest" 2>/dev/null \
		|| (cat $(VENV)/install.log; echo "the install failed: see above"; false)
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

## Open JupyterLab at the repository's root, showing notebooks/ (its file browser reaches
## sample_games/ and your own records too).  (The pickers' "Use this game" button runs the
## cells after it through JupyterLab's own command, which the page must expose.)
# (JupyterLab refuses to run as root unless told; these machines run as root.)
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/notebooks \
		--LabApp.expose_app_in_browser=True $(if $(filter 0,$(shell id -u)),--allow-root,)

## The tests keep Python's caches (each module's bytecode, pytest's rewritten asserts) in
## __pycache__/ (ignored by git), as Python does by default, even where the environment
## sets PYTHONDONTWRITEBYTECODE: the suite starts mclog in hundreds of processes (the
## command line, kernels, the lab), and each of them compiled every module of mclog again
## (a fifth of tests/test_faults.py's time), and each pytest worker rewrote every test
## module (3 of make test-fast's 10 s of collection).  Python checks each source's date:
## a file edited since is compiled again, not misread.
CACHED := PYTHONDONTWRITEBYTECODE=

## Run the whole test suite, after the type check.
test: $(STAMP)
	$(BIN)/python -m mypy
	$(CACHED) $(BIN)/python -m pytest -q -n auto --dist loadgroup

## The inner loop: every test but the slow ones (notebooks, browser, corpora, the long
## property runs, and those tests/slow_tests.txt lists for their measured time: remade by
## benchmarks/test_times.py --write), the heaviest property tests on a quarter of their
## inputs (the Hypothesis profile `inner`: tests/fuzzing.py's examples); make test (and CI)
## runs them all, in full.
test-fast: $(STAMP)
	$(CACHED) $(BIN)/python -m pytest -q -n auto --dist loadgroup -m "not slow" --hypothesis-profile=inner

## The type check (mypy, configured in pyproject.toml); make test runs it too.
types: $(STAMP)
	$(BIN)/python -m mypy

## The compiled build in this working copy: the modules of mclog/compiled.py compiled by
## mypyc, in place beside their .py files (Python imports the extension first); a minute
## or two.  `make pure` removes them again.  `mclog --version` says which build runs.
compiled: $(STAMP)
	@# (the extensions of an earlier build go first: one of a module no longer compiled
	@# would still be imported in place of its source)
	find mclog -name '*.so' -delete
	MCLOG_BUILD=compiled $(BIN)/python setup.py --quiet build_ext --inplace
	@$(BIN)/mclog --version

pure:
	find mclog -name '*.so' -delete
	rm -rf build
	@test ! -x $(BIN)/mclog || $(BIN)/mclog --version

## The fast tests again on the compiled build (CI runs them after make test).
test-compiled: compiled
	$(CACHED) $(BIN)/python -m pytest -q -n auto --dist loadgroup -m "not slow"

## Replay a sample game on the terminal, round by round.
demo: $(STAMP)
	$(BIN)/mclog replay sample_games/millionclub/thursday-club-3p.mclog
	$(BIN)/mclog score sample_games/millionclub/thursday-club-3p.mclog

## Measure the numbers the issues name (see benchmarks/README.md).
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/record_speed.py

## The long fuzz run of the reader and replayer (issue 6); prints how many inputs it tried.
## Then every view of every game on seat's records, stopped records and slips in them.
fuzz: $(STAMP)
	$(BIN)/python benchmarks/fuzz_long.py
	$(BIN)/python benchmarks/every_view.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
