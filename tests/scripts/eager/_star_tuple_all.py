# A helper module of lang_import_star.py: __all__ is any sequence (a tuple here).
__all__ = ("first", "second")
first, second, third = 1, 2, 3
