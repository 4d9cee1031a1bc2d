from . import circ_a
# circ_a is partially initialized here: only what it set before importing us.
SEEN = [n for n in ("A_BEFORE", "A_AFTER") if hasattr(circ_a, n)]
