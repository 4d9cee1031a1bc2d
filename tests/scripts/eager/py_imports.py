# Importing the script's own files: a module and packages beside the script
# (sys.path[0] is the script's directory), relative imports, caching in
# sys.modules, circular imports, importlib.import_module, and CPython's
# ImportError texts.
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
print(sys.path[0] == here, __name__, __package__, __spec__)

import _imp_helper
import _imp_helper as again
print(_imp_helper is again, _imp_helper.VALUE, _imp_helper.double(21))
print(_imp_helper.Point(1, 2), type(_imp_helper.Point(1, 2)).__module__)
print(_imp_helper.__name__, os.path.relpath(_imp_helper.__file__, here), repr(_imp_helper.__package__))
print(sys.modules["_imp_helper"] is _imp_helper, "_imp_helper" in sys.modules)
print(repr(_imp_helper).startswith("<module '_imp_helper' from '"), repr(sys))
spec = _imp_helper.__spec__
print(spec.name, os.path.relpath(spec.origin, here), spec.parent == "", spec.submodule_search_locations)
from _imp_helper import double, VALUE as V
print(double(5), V)

import _imp_pkg.sub.leaf
print(_imp_pkg.NAME, _imp_pkg.TWICE, _imp_pkg.sub.SUB, _imp_pkg.sub.leaf.LEAF)
print(_imp_pkg.__package__, _imp_pkg.sub.__package__, _imp_pkg.sub.leaf.__package__)
print([os.path.relpath(p, here) for p in _imp_pkg.__path__])
print(os.path.relpath(_imp_pkg.__file__, here), os.path.relpath(_imp_pkg.sub.__file__, here))
print(_imp_pkg.mod.where(), _imp_pkg.__spec__.parent, _imp_pkg.sub.leaf.__spec__.parent)

from _imp_pkg import circ_a
print(circ_a.A_AFTER, circ_a.circ_b.SEEN)

import importlib
m = importlib.import_module("_imp_pkg.mod")
print(m is _imp_pkg.mod, importlib.import_module(".sub", "_imp_pkg") is _imp_pkg.sub)
print(importlib.import_module("..mod", "_imp_pkg.sub") is m)

import _imp_ns.part.thing
print(_imp_ns.part.thing.THING, _imp_ns.__file__, [os.path.relpath(p, here) for p in _imp_ns.__path__])

import os.path
import os.path as osp
print(osp is os.path, os.path.join("a", "b"))


def show(fn):
    try:
        fn()
    except ImportError as e:
        print(type(e).__name__ + ":", str(e).replace(here, "<here>"))
        print("  name:", e.name, "path:", e.path if e.path is None else e.path.replace(here, "<here>"))
    except Exception as e:
        print(type(e).__name__ + ":", e)


def imp_missing():
    import _imp_no_such_module


def imp_missing_sub():
    import _imp_pkg.no_such_sub


def imp_not_package():
    import _imp_helper.inner


def from_missing_name():
    from _imp_helper import no_such_name


def from_missing_in_package():
    from _imp_pkg import no_such_thing


def from_builtin_missing():
    from sys import no_such_attr


def relative_in_main():
    from . import anything


def circular_missing():
    from _imp_pkg import circ_bad


def broken():
    import _imp_pkg.broken


show(imp_missing)
show(imp_missing_sub)
show(imp_not_package)
show(from_missing_name)
show(from_missing_in_package)
show(from_builtin_missing)
show(relative_in_main)
show(circular_missing)
show(broken)
print("_imp_pkg.broken" in sys.modules, "_imp_pkg.circ_bad" in sys.modules)
show(lambda: importlib.import_module(".mod"))
show(lambda: importlib.import_module("...x", "_imp_pkg"))
