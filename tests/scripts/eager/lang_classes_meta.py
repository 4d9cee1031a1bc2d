# Classes beyond single inheritance: multiple inheritance with C3 MRO and
# cooperative super(), metaclasses (__new__, __init__, __call__,
# __prepare__), class keywords and __init_subclass__, __mro_entries__,
# __class_getitem__, __instancecheck__/__subclasscheck__, type(name, bases,
# ns), object.__new__.


class A:
    def who(self):
        return ["A"]


class B(A):
    def who(self):
        return ["B"] + super().who()


class C(A):
    def who(self):
        return ["C"] + super().who()


class D(B, C):
    def who(self):
        return ["D"] + super().who()


print(D().who())
print([k.__name__ for k in D.__mro__], [k.__name__ for k in D.mro()])
print([k.__name__ for k in D.__bases__], D.__base__.__name__)
print(isinstance(D(), C), issubclass(D, C), issubclass(C, D))


class Mixin:
    def hello(self):
        return "hello from " + type(self).__name__


class Base:
    def __init__(self, x):
        self.x = x


class Both(Mixin, Base):
    pass


b = Both(3)
print(b.hello(), b.x)

try:

    class Bad(A, B):
        pass

except TypeError as e:
    print("TypeError", e)

try:

    class Dup(A, A):
        pass

except TypeError as e:
    print("TypeError", e)

try:

    class Conflict(list, dict):
        pass

except TypeError as e:
    print("TypeError", e)


class MyError(KeyError, Mixin):
    pass


try:
    raise MyError("k")
except LookupError as e:
    print("caught", type(e).__name__, e.hello(), repr(e))


# Metaclasses.
class Meta(type):
    log = []

    def __new__(mcls, name, bases, ns, **kw):
        Meta.log.append(("new", name, sorted(k for k in ns if not k.startswith("__")), kw))
        cls = super().__new__(mcls, name, bases, ns)
        cls.tag = kw.get("tag", "none")
        return cls

    def __init__(cls, name, bases, ns, **kw):
        Meta.log.append(("init", name))
        super().__init__(name, bases, ns)

    def __call__(cls, *args, **kwargs):
        Meta.log.append(("call", cls.__name__, args))
        return super().__call__(*args, **kwargs)

    def describe(cls):
        return "class " + cls.__name__ + " tagged " + cls.tag


class WithMeta(metaclass=Meta, tag="t1"):
    a = 1

    def __init__(self, v=0):
        self.v = v


class Child(WithMeta):
    b = 2


w = Child(5)
print(type(WithMeta).__name__, type(Child).__name__, WithMeta.tag, Child.tag)
print(w.v, WithMeta.describe(), Child.describe())
print(Meta.log)
print(isinstance(WithMeta, Meta), isinstance(w, WithMeta), type(w).__name__)


class Singleton(type):
    instances = {}

    def __call__(cls, *a):
        if cls not in Singleton.instances:
            Singleton.instances[cls] = super().__call__(*a)
        return Singleton.instances[cls]


class Config(metaclass=Singleton):
    def __init__(self, n):
        self.n = n


print(Config(1) is Config(2), Config(3).n)


class Ordered(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        return LoggingDict()

    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.order = ns.order
        return cls


class LoggingDict(dict):
    def __init__(self):
        super().__init__()
        self.order = []

    def __setitem__(self, k, v):
        if not k.startswith("__"):
            self.order.append(k)
        super().__setitem__(k, v)


class Fields(metaclass=Ordered):
    z = 1
    a = 2

    def m(self):
        return 3

    y = z + a


print(Fields.order, Fields.y, Fields().m())

try:

    class M2(type):
        pass

    class X1(metaclass=M2):
        pass

    class X2(metaclass=Meta):
        pass

    class X3(X1, X2):
        pass

except TypeError as e:
    print("TypeError", e)


# __init_subclass__ and class keywords.
class Plugin:
    registry = {}

    def __init_subclass__(cls, name=None, **kw):
        super().__init_subclass__(**kw)
        Plugin.registry[name or cls.__name__] = cls


class P1(Plugin, name="first"):
    pass


class P2(Plugin):
    pass


print(sorted(Plugin.registry), Plugin.registry["first"] is P1)
try:

    class P3(Plugin, color="red"):
        pass

except TypeError as e:
    print("TypeError", e)

kws = {"name": "from-dict"}


class P4(Plugin, **kws):
    pass


bases = (Plugin,)


class P5(*bases, name="starred"):
    pass


print(sorted(Plugin.registry))


# __set_name__ and descriptors in a metaclass-made class.
class Named:
    def __set_name__(self, owner, name):
        self.name = owner.__name__ + "." + name


class Holder(metaclass=Meta):
    field = Named()


print(Holder.field.name)


# type(name, bases, ns) and object.__new__.
Dyn = type("Dyn", (A,), {"x": 7, "who": lambda self: ["Dyn"] + A.who(self)})
print(Dyn.__name__, Dyn().x, Dyn().who(), [k.__name__ for k in Dyn.__mro__])
print(type(Dyn) is type, type("E", (), {})().__class__.__name__)
try:
    type("Q", (1,), {})
except TypeError as e:
    print("TypeError", e)


class Cached:
    _inst = None

    def __new__(cls, *args):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst

    def __init__(self, v):
        self.v = v


c1 = Cached(1)
c2 = Cached(2)
print(c1 is c2, c1.v)
o = object.__new__(A)
print(type(o).__name__, o.who())
try:
    object.__new__(A, 1)
except TypeError as e:
    print("TypeError", e)
try:
    A(1)
except TypeError as e:
    print("TypeError", e)


# __mro_entries__ and __class_getitem__.
class Alias:
    def __init__(self, origin):
        self.origin = origin

    def __mro_entries__(self, bases):
        return (self.origin,)


class FromAlias(Alias(A)):
    pass


print([k.__name__ for k in FromAlias.__mro__], [type(x).__name__ for x in FromAlias.__orig_bases__])


class Box:
    def __class_getitem__(cls, item):
        return cls.__name__ + "[" + item.__name__ + "]"


print(Box[int], Box[str])


# isinstance / issubclass hooks.
class EvenMeta(type):
    def __instancecheck__(cls, inst):
        return isinstance(inst, int) and inst % 2 == 0

    def __subclasscheck__(cls, sub):
        return sub is bool


class Even(metaclass=EvenMeta):
    pass


print(isinstance(4, Even), isinstance(3, Even), isinstance("x", Even))
print(issubclass(bool, Even), issubclass(int, Even), isinstance(4, (str, Even)))


class Duck:
    def __instancecheck__(self, inst):
        return hasattr(inst, "quack")


class Q:
    quack = 1


print(isinstance(Q(), Duck()), isinstance(1, Duck()))
