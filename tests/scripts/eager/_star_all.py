# A helper module of lang_import_star.py: `from _star_all import *` takes __all__.
__all__ = ["shown", "_private_but_listed", "Klass"]

shown = "shown"
hidden = "hidden (not in __all__)"
_private_but_listed = "private, listed in __all__"


class Klass:
    pass
