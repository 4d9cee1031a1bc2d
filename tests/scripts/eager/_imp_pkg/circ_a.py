A_BEFORE = "a-before"
from . import circ_b
A_AFTER = "a-after"
