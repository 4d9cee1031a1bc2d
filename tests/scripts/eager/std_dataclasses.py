# CPython's own dataclasses module: @dataclass with defaults and
# field(default_factory=...), the generated __init__/__repr__/__eq__,
# order=True, frozen=True (FrozenInstanceError), asdict, astuple, replace,
# fields, __post_init__, InitVar, ClassVar, inheritance, keyword-only
# fields, and match on a dataclass (its __match_args__).
import dataclasses
from dataclasses import dataclass, field, asdict, astuple, replace, fields, InitVar
from typing import ClassVar, List


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, Point(5), Point(y=3, x=4))
print(p == Point(1, 2), p == Point(2, 1), p != Point(1, 2))
print(Point.__match_args__, [f.name for f in fields(Point)])
print(asdict(p), astuple(p), replace(p, y=9))
print(Point.__init__.__qualname__, Point.__repr__.__name__)
print(dataclasses.is_dataclass(p), dataclasses.is_dataclass(Point), dataclasses.is_dataclass(3))


@dataclass
class Inventory:
    name: str
    tags: List[str] = field(default_factory=list)
    counts: dict = field(default_factory=dict, repr=False)
    hidden: int = field(default=7, compare=False)
    limit: ClassVar[int] = 100


a = Inventory("a")
b = Inventory("a")
a.tags.append("x")
print(a, b, a.tags is b.tags, a == b)
b.tags.append("x")
b.hidden = 1
print(a == b, Inventory.limit, [f.name for f in fields(Inventory)])


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0


versions = [Version(1, 2, 3), Version(1, 0), Version(0, 9, 9), Version(1, 2)]
print(sorted(versions))
print(Version(1, 2) < Version(1, 3), Version(2) >= Version(1, 9), max(versions))
try:
    Version(1) < (1, 0, 0)
except TypeError as e:
    print("TypeError:", e)


@dataclass(frozen=True)
class Frozen:
    name: str
    size: int = 1


fz = Frozen("f")
print(fz, hash(fz) == hash(Frozen("f")), {fz, Frozen("f")} == {fz})
try:
    fz.size = 2
except dataclasses.FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
try:
    del fz.name
except dataclasses.FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
print(replace(fz, size=5))


@dataclass
class WithPost:
    width: float
    height: float
    scale: InitVar[float] = 1.0
    area: float = field(init=False)

    def __post_init__(self, scale):
        self.width *= scale
        self.height *= scale
        self.area = self.width * self.height


print(WithPost(2, 3), WithPost(2, 3, scale=2.0))


@dataclass
class Base:
    x: int
    y: int = 1


@dataclass
class Child(Base):
    z: int = 2
    x: int = 10


print(Child(), Child(1, 2, 3), [f.name for f in fields(Child)])


@dataclass(kw_only=True)
class Options:
    verbose: bool = False
    level: int = 3


@dataclass
class Mixed:
    a: int
    _: dataclasses.KW_ONLY
    b: int = 2
    c: int


print(Options(level=5), Mixed(1, c=3))
try:
    Options(True)
except TypeError as e:
    print("TypeError:", e)


@dataclass(eq=False, repr=False)
class Plain:
    v: int


pl = Plain(1)
print(pl == Plain(1), pl == pl, type(repr(pl)).__name__)


@dataclass
class Node:
    value: int
    children: list = field(default_factory=list)


tree = Node(1, [Node(2), Node(3, [Node(4)])])
print(tree)
print(asdict(tree))
print(astuple(tree))


@dataclass(slots=True)
class Slotted:
    a: int
    b: str = "s"


sl = Slotted(1)
print(sl, Slotted.__slots__)
try:
    sl.c = 1
except AttributeError as e:
    print("AttributeError:", e)

try:

    @dataclass
    class BadDefault:
        items: list = []

except ValueError as e:
    print("ValueError:", e)

try:

    @dataclass
    class BadOrder:
        a: int = 1
        b: int

except TypeError as e:
    print("TypeError:", e)

try:
    Point()
except TypeError as e:
    print("TypeError:", e)

made = dataclasses.make_dataclass("Made", [("a", int), ("b", str, field(default="b"))])
print(made(1), made.__name__)


def where(obj):
    match obj:
        case Point(0, y):
            return f"on the y axis at {y}"
        case Point(x, y):
            return f"at {x},{y}"
        case Version(major=1):
            return "a 1.x version"
    return "unknown"


print(where(Point(0, 4)), where(Point(2, 3)), where(Version(1, 5)), where(Version(2)))
