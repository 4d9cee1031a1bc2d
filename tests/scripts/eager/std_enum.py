# CPython's enum.py run by tc: Enum, IntEnum, StrEnum, Flag, IntFlag, auto,
# unique, lookups by value and name, iteration, reprs and formats, the
# comparison rules and the errors, as CPython 3.11 prints them.
import enum
from enum import Enum, Flag, IntEnum, IntFlag, auto, unique
from _catch_helper import catch


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1  # an alias of RED


print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value, f"{Color.GREEN}", format(Color.BLUE))
print(list(Color), len(Color), Color(2), Color["BLUE"], Color.CRIMSON is Color.RED)
print(list(Color.__members__), Color.__members__["CRIMSON"])
print(Color.RED == Color.RED, Color.RED == 1, Color.RED != Color.GREEN, Color.RED is Color(1))
print(isinstance(Color.RED, Color), type(Color.RED), Color.RED in Color, hash(Color.RED) == hash(Color.RED))
print({Color.RED: "r"}[Color.CRIMSON], sorted(Color, key=lambda c: -c.value))
print(Color.__name__, Color.RED.__class__.__name__, repr(Color))


catch(lambda: Color(5))
catch(lambda: Color["PURPLE"])
catch(lambda: Color.RED < Color.GREEN)
catch(lambda: setattr(Color, "RED", 5))
catch(lambda: Color("1"))


class Shape(IntEnum):
    CIRCLE = 1
    SQUARE = 2


print(Shape.CIRCLE, repr(Shape.SQUARE), Shape.CIRCLE == 1, Shape.SQUARE + 1, Shape.CIRCLE < Shape.SQUARE,
      f"{Shape.SQUARE}", f"{Shape.SQUARE:>4}", int(Shape.SQUARE), [1, 2, 3][Shape.CIRCLE])


class Auto(Enum):
    A = auto()
    B = auto()
    C = auto()


print(list(Auto), Auto.C.value)


class Named(enum.StrEnum):
    X = auto()
    Y = "why"


print(Named.X, repr(Named.Y), Named.X == "x", Named.Y.upper())


class Perm(Flag):
    R = 4
    W = 2
    X = 1
    RW = 6


print(Perm.R | Perm.W, repr(Perm.R | Perm.X), Perm.RW, Perm(7), Perm(0), list(Perm))
print(Perm.R in Perm.RW, bool(Perm(0)), ~Perm.R, Perm.RW & Perm.W, Perm.RW ^ Perm.R)
print([m.name for m in Perm(7)], len(Perm(7)))


class IP(IntFlag):
    A = 1
    B = 2
    C = 4


print(IP.A | IP.B, repr(IP.A | IP.C), IP.A | 8, IP(3) == 3, IP.B + 1, repr(IP(0)), str(IP.A | IP.B))
catch(lambda: Perm(8))

try:
    @unique
    class Dup(Enum):
        ONE = 1
        UNO = 1
except ValueError as e:
    print("ValueError:", e)


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, round(Planet.EARTH.surface_gravity, 3), Planet.MERCURY.mass)


class Mood(Enum):
    FUNKY = 1
    HAPPY = 3

    def describe(self):
        return self.name, self.value

    def __str__(self):
        return "my custom str! {0}".format(self.value)

    @classmethod
    def favorite_mood(cls):
        return cls.HAPPY


print(Mood.FUNKY.describe(), str(Mood.FUNKY), Mood.favorite_mood())

Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, repr(Animal(3)))
Sizes = Enum("Sizes", [("S", 10), ("M", 20)])
print(Sizes.M, Sizes(10))


class Ordered(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    NORTH = auto()
    SOUTH = auto()


print(Ordered.NORTH.value, Ordered("south"))
catch(lambda: Enum("Bad", "A B").A.__class__("nope"))


class Base(Enum):
    pass


class Derived(Base):
    X = 1


print(Derived.X, repr(Derived.X))


def extend():
    class More(Derived):
        Y = 2


catch(extend)
print(Color.RED.__reduce_ex__(2)[0] is Color, dir(Color.RED)[:4])
print(enum.Enum.__members__ if hasattr(enum.Enum, "__members__") else "-", Color._member_names_)
