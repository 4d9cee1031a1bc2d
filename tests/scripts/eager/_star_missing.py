# A helper module of lang_import_star.py: __all__ names a missing attribute.
__all__ = ("here", "not_here")
here = 1
