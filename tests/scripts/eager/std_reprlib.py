# CPython's own reprlib.py under tc (it needs the builtins module and
# _thread.get_ident): abbreviated reprs with size limits, a Repr subclass,
# and recursive_repr guarding a self-referencing container.
import reprlib

print(reprlib.repr(list(range(100))))
print(reprlib.repr("x" * 100))
print(reprlib.repr({i: str(i) for i in range(20)}))
print(reprlib.repr(set(range(3))), reprlib.repr(tuple(range(12))), reprlib.repr(12345))
print(reprlib.repr([[[[[1]]]]]), reprlib.repr(frozenset()), reprlib.repr(()))

r = reprlib.Repr()
r.maxlist = 3
r.maxstring = 10
print(r.repr(list(range(10))), r.repr("abcdefghijklmnop"))


class Short(reprlib.Repr):
    def repr_int(self, x, level):
        return "<int>"


print(Short().repr([1, 2, "s"]))


class Node:
    def __init__(self, name):
        self.name = name
        self.children = []

    @reprlib.recursive_repr()
    def __repr__(self):
        return "Node(%s, %r)" % (self.name, self.children)


root = Node("root")
root.children.append(Node("leaf"))
root.children.append(root)
print(repr(root))
print(Node.__repr__.__name__, Node.__repr__.__qualname__, Node.__repr__.__doc__)

import _thread

print(type(_thread.get_ident()).__name__, _thread.get_ident() == _thread.get_ident())
print(_thread.error is RuntimeError)
