"""Millionenspiel's record format (docs/millionenspiel/format.md): the record and its
entries (``record``), the body of a game read into entries (``parse``), the canonical
text and JSON (``writer``).  Built on the shared framing (``mclog.record``)."""
