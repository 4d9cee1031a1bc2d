# A helper module of lang_import_star.py: __all__ holds a non-str.
__all__ = ["ok", 42]
ok = 1
