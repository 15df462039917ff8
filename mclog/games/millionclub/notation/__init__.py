"""Million Club's record format: its words (``vocabulary``), the body of a game read into
entries (``parse``), the record itself (``record``), reading files (``reader``), the
canonical text and JSON (``writer``), a move in words (``text``), and JSON checked on
import (``json_import``).  Built on the shared framing (``mclog.record``) and on the rules
(``..rules``); see docs/millionclub/format.md."""
