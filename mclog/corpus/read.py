"""Read a built corpus: its tables as pandas, read lazily with column and filter pushdown.

>>> import tempfile, mclog.corpus, mclog.analysis
>>> out = tempfile.mkdtemp()
>>> report = mclog.corpus.build(["sample_games/duel-2p.mclog"], out, jobs=1)  # doctest: +SKIP
>>> mclog.analysis.corpus(out).table("players", columns=["name", "total"])  # doctest: +SKIP
   name  total
0   Zoe     12
1  Yann     20

The dataset is plain Parquet (``docs/corpus.md`` gives its schema): DuckDB
(``SELECT * FROM 'out/millionclub/players/*.parquet'``), polars or pyarrow read it too.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from mclog.record.files import FileError
from .build import ERRORS, MANIFEST, slug


class Corpus:
    """A built corpus of one game's records (Million Club by default).

    ``table(name, columns=..., filters=...)`` reads one table into pandas, only the
    columns asked for and only the row groups the filters can match (pyarrow's pushdown;
    ``filters`` as pandas' ``read_parquet`` takes them: ``[("players", "==", 4)]``).
    With a Dask ``client``, the same read runs on the cluster (``dask.dataframe``) and
    ``frame(name)`` gives the lazy Dask frame itself.  ``errors``: every record that
    could not be replayed, located."""

    def __init__(self, path: str | os.PathLike, game: str = "Million Club", client=None):
        self.path = Path(path)
        if not (self.path / MANIFEST).exists():
            raise FileError(f"{self.path}: holds no corpus (no {MANIFEST}); build one with "
                            "mclog corpus build PATHS -o FOLDER")
        self.game = game
        self.folder = self.path / slug(game)
        self.client = client

    @property
    def tables(self) -> list[str]:
        return sorted(p.name for p in self.folder.iterdir() if p.is_dir()) \
            if self.folder.is_dir() else []

    def _files(self, name: str) -> list[str]:
        if name not in self.tables:
            raise KeyError(f"the corpus has no table {name!r} of {self.game}: its tables are "
                           f"{', '.join(self.tables) or 'none'}")
        return sorted(str(p) for p in (self.folder / name).glob("*.parquet"))

    def dataset(self, name: str):
        """The table as a ``pyarrow.dataset.Dataset`` (for any pyarrow query)."""
        import pyarrow.dataset as ds

        return ds.dataset(self._files(name), format="parquet")

    def table(self, name: str, columns: list[str] | None = None, filters=None):
        """The table ``name`` as a pandas DataFrame (see the class text)."""
        if self.client is not None:
            return self.frame(name, columns, filters).compute()
        import pyarrow.parquet as pq

        data = pq.read_table(self._files(name), columns=columns, filters=filters)
        return data.to_pandas()

    def frame(self, name: str, columns: list[str] | None = None, filters=None):
        """The table as a lazy ``dask.dataframe`` (computed on the client's cluster)."""
        import dask.dataframe as dd

        return dd.read_parquet(self._files(name), columns=columns, filters=filters)

    @property
    def errors(self) -> list[str]:
        out: list[str] = []
        for path in sorted((self.path / ERRORS).glob("*.json")):
            out += json.loads(path.read_text(encoding="utf-8"))
        return out

    def __repr__(self) -> str:
        return f"<corpus of {self.game} at {self.path}: {', '.join(self.tables)}>"


__all__ = ["Corpus"]
