"""Corpora past one machine: many games' tables as a Parquet dataset, built on Dask.

``build(paths, out)`` replays every game of the record files once and writes its rows
(``Game.corpus_rows``) as Parquet, chunk by chunk, as Dask tasks (a local cluster, or a
scheduler's address); a re-run builds only the chunks of new or changed files.
``Corpus(out)`` (``mclog.analysis.corpus``) reads the tables back.  The dataset's schema
is in ``docs/corpus.md``.  The shared parts know no game.
"""

from .build import BuildReport, build, dask_client
from .read import Corpus
from .simulate import simulate

__all__ = ["build", "BuildReport", "Corpus", "dask_client", "simulate"]
