from ..mod import where
from . import SUB
LEAF = ("leaf", SUB, where())
