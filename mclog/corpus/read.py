"""Read a built corpus: its tables as pandas, read lazily with column and filter pushdown.

>>> import tempfile, mclog.corpus, mclog.analysis
>>> out = tempfile.mkdtemp()
>>> duel = "sample_games/millionclub/duel-2p.mclog"
>>> report = mclog.corpus.build([duel], out, jobs=1)  # doctest: +SKIP
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

from mclog.errors import MclogError
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
        from mclog.games import game as named

        self.game = named(game).name  # (UnknownGame names the games there are)
        self.folder = self.path / slug(self.game)
        self.client = client

    @property
    def tables(self) -> list[str]:
        return sorted(p.name for p in self.folder.iterdir() if p.is_dir()) \
            if self.folder.is_dir() else []

    def _files(self, name: str) -> list[str]:
        if not self.folder.is_dir():
            from mclog.games import names

            held = [g for g in names() if (self.path / slug(g)).is_dir()]
            raise KeyError(f"the corpus holds no game of {self.game}: "
                           + (f"it holds {', '.join(held)} (corpus(path, game=...) chooses)"
                              if held else "it holds no game at all"))
        if name not in self.tables:
            raise KeyError(f"the corpus has no table {name!r} of {self.game}: its tables are "
                           f"{', '.join(self.tables)}")
        return sorted(str(p) for p in (self.folder / name).glob("*.parquet"))

    def columns(self, name: str) -> list[str]:
        """The columns of the table ``name`` (``docs/corpus.md`` says what each holds)."""
        import pyarrow.parquet as pq

        import pyarrow as pa

        files = self._files(name)
        try:
            return pq.read_schema(files[0]).names if files else []
        except (pa.ArrowInvalid, OSError) as exc:
            raise CorpusDamaged(files[0], exc) from None

    def _asked(self, name: str, columns, filters) -> list[str]:
        """The table's files, once the columns asked for and filtered on are known to be
        in it (else a ``KeyError`` that lists them, not pyarrow's schema dump)."""
        files = self._files(name)
        wanted = list(columns or [])
        for term in filters or []:  # [(column, op, value), ...] or a list of such lists
            for clause in (term if isinstance(term, list) else [term]):
                if isinstance(clause, tuple) and clause and isinstance(clause[0], str):
                    wanted.append(clause[0])
        have = self.columns(name)
        missing = [c for c in wanted if c not in have]
        if missing:
            raise KeyError(f"the {name} table has no column {missing[0]!r}: its columns are "
                           f"{', '.join(have)}")
        return files

    def dataset(self, name: str):
        """The table as a ``pyarrow.dataset.Dataset`` (for any pyarrow query)."""
        import pyarrow.dataset as ds

        return ds.dataset(self._files(name), format="parquet")

    def table(self, name: str, columns: list[str] | None = None, filters=None):
        """The table ``name`` as a pandas DataFrame (see the class text)."""
        if self.client is not None:
            return self.frame(name, columns, filters).compute()
        import pyarrow as pa
        import pyarrow.parquet as pq

        files = self._asked(name, columns, filters)
        try:
            data = pq.read_table(files, columns=columns, filters=filters)
        except (pa.ArrowInvalid, OSError) as exc:
            raise CorpusDamaged(self._damaged(files) or str(self.folder / name), exc) from None
        return data.to_pandas()

    @staticmethod
    def _damaged(files: list[str]) -> str | None:
        """The first of ``files`` that is not a whole Parquet file (a disk that filled, a
        copy cut short), to name in the message."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        for path in files:
            try:
                pq.ParquetFile(path).metadata
            except (pa.ArrowInvalid, OSError):
                return path
        return None

    def frame(self, name: str, columns: list[str] | None = None, filters=None):
        """The table as a lazy ``dask.dataframe`` (computed on the client's cluster)."""
        import dask.dataframe as dd

        return dd.read_parquet(self._asked(name, columns, filters), columns=columns,
                               filters=filters)

    @property
    def errors(self) -> list[str]:
        out: list[str] = []
        for path in sorted((self.path / ERRORS).glob("*.json")):
            out += json.loads(path.read_text(encoding="utf-8"))
        return out

    def __repr__(self) -> str:
        return f"<corpus of {self.game} at {self.path}: {', '.join(self.tables)}>"


class CorpusDamaged(MclogError):
    """A file of a corpus that cannot be read: ``path: is damaged ...``; a new ``mclog
    corpus build`` of the same records builds it again (its checksum no longer matches)."""

    code = "corpus"

    def __init__(self, path: str, cause: Exception) -> None:
        super().__init__(f"{path}: is damaged and cannot be read ({cause}); run mclog corpus "
                         "build again on the same records: it builds the damaged part anew")


__all__ = ["Corpus", "CorpusDamaged"]
