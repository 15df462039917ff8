"""The notebooks: stored without outputs, and each runs top to bottom without an error."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_the_five_notebooks_exist():
    assert [p.name for p in NOTEBOOKS] == [
        "01-replay.ipynb", "02-prices.ipynb", "03-score-attribution.ipynb",
        "04-corpus.ipynb", "05-teaching.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_stored_without_outputs_or_widget_state(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, path.name
    assert "widgets" not in nb.metadata
    assert path.stat().st_size < 10_000


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_without_error(path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=60, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors, [f"{e.ename}: {e.evalue}" for e in errors]
    shown = [o for c in nb.cells for o in c.get("outputs", [])]
    assert shown, "a notebook that shows nothing"
