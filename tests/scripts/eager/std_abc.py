# abc (CPython's abc.py over tc's native _abc): abstract methods and
# properties, instantiation errors, register() virtual subclasses,
# __subclasshook__, isinstance/issubclass caches, get_cache_token.
import abc
from abc import ABC, ABCMeta, abstractmethod


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @property
    @abstractmethod
    def name(self):
        ...

    def describe(self):
        return f"{self.name} with area {self.area()}"


print(sorted(Shape.__abstractmethods__), type(Shape).__name__)
try:
    Shape()
except TypeError as e:
    print("TypeError", e)


class Half(Shape):
    def area(self):
        return 1.5


print(sorted(Half.__abstractmethods__))
try:
    Half()
except TypeError as e:
    print("TypeError", e)


class Square(Half):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s

    @property
    def name(self):
        return "square"


sq = Square(3)
print(sq.describe(), isinstance(sq, Shape), issubclass(Square, Shape))
print(Square.__abstractmethods__ == frozenset())


class Sized2(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized2:
            return any("__len__" in B.__dict__ for B in C.__mro__)
        return NotImplemented


class HasLen:
    def __len__(self):
        return 0


class Derived(HasLen):
    pass


print(isinstance(HasLen(), Sized2), isinstance(3, Sized2), issubclass(Derived, Sized2))


class Registry(ABC):
    pass


class Plain:
    pass


tok = abc.get_cache_token()
print(isinstance(Plain(), Registry))
print(Registry.register(Plain) is Plain, abc.get_cache_token() == tok + 1)
print(isinstance(Plain(), Registry), issubclass(Plain, Registry))


class SubPlain(Plain):
    pass


print(issubclass(SubPlain, Registry), Registry.register(SubPlain) is SubPlain)
Registry.register(int)
print(isinstance(5, Registry), isinstance("x", Registry))
try:
    Registry.register(5)
except TypeError as e:
    print("TypeError", e)
try:
    Plain.register = None
    SubReg = type("SubReg", (Registry,), {})
    SubReg.register(Registry)
except RuntimeError as e:
    print("RuntimeError", e)


class Base(metaclass=ABCMeta):
    @abstractmethod
    def run(self, x):
        return x + 1

    @classmethod
    @abstractmethod
    def make(cls):
        ...

    @staticmethod
    @abstractmethod
    def helper():
        ...


print(sorted(Base.__abstractmethods__))


class Impl(Base):
    def run(self, x):
        return super().run(x) * 10

    @classmethod
    def make(cls):
        return cls()

    @staticmethod
    def helper():
        return "help"


print(Impl.make().run(1), Impl.helper(), Impl.__abstractmethods__)


class Legacy(ABC):
    @abc.abstractproperty
    def p(self):
        return 1

    @abc.abstractclassmethod
    def c(cls):
        return cls.__name__

    @abc.abstractstaticmethod
    def s():
        return "s"


print(sorted(Legacy.__abstractmethods__))


class LegacyImpl(Legacy):
    p = 2
    c = classmethod(lambda cls: "impl " + cls.__name__)
    s = staticmethod(lambda: "impl s")


print(LegacyImpl().p, LegacyImpl.c(), LegacyImpl.s(), Legacy.c.__func__(LegacyImpl))


def update_later():
    class K(ABC):
        @abstractmethod
        def f(self):
            ...

    K.f = lambda self: 1
    abc.update_abstractmethods(K)
    return K().f()


print(update_later())
