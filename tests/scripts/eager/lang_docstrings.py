"""Docstrings: the first statement of a module, class or function body,
when it is a string literal, becomes its __doc__; otherwise __doc__ is None."""
print(__doc__.splitlines()[0])


def documented(x):
    "One line."
    return x


def undocumented(x):
    return x


def not_first():
    x = 1
    "not a docstring: not the first statement"
    return x


def multi():
    """Several
    lines, kept as written."""


def concatenated():
    "implicitly " "concatenated"


def number_first():
    42


print(repr(documented.__doc__), repr(undocumented.__doc__), repr(not_first.__doc__))
print(repr(multi.__doc__))
print(repr(concatenated.__doc__), repr(number_first.__doc__))
print(repr((lambda: "not a docstring").__doc__))


class Base:
    """Base class doc."""

    def method(self):
        """Method doc."""

    @staticmethod
    def static():
        "Static doc."

    @property
    def prop(self):
        "Property doc."
        return 1


class Child(Base):
    pass


class Empty:
    x = 1


print(Base.__doc__, "|", Child.__doc__, "|", Empty.__doc__)
print("__doc__" in Child.__dict__, Child.__dict__["__doc__"])
print(Base.method.__doc__, Base().method.__doc__, Base.static.__doc__)
print(Child().__doc__, Base().__doc__)
print(Base.prop.__doc__)


def decorate(fn):
    def wrapper(*a):
        return fn(*a)

    wrapper.__doc__ = fn.__doc__
    return wrapper


@decorate
def wrapped():
    "Kept by the decorator."


print(wrapped.__doc__)
documented.__doc__ = "changed"
print(documented.__doc__)
del_me = undocumented
del_me.__doc__ = None
print(del_me.__doc__)


def gen():
    "Generator doc."
    yield 1


print(gen.__doc__, list(gen()))
import _doc_helper

print(_doc_helper.__doc__)
import _imp_helper

print(_imp_helper.__doc__)
