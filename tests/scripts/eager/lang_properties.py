# @property getters and setters, computed attributes.

class Temperature:
    def __init__(self, celsius):
        self._celsius = celsius

    @property
    def celsius(self):
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._celsius = value

    @property
    def fahrenheit(self):
        return self._celsius * 9 / 5 + 32

t = Temperature(25)
print(t.celsius, t.fahrenheit)
t.celsius = 100
print(t.celsius, t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("error:", e)
print(t.celsius)

class Rect:
    def __init__(self, w, h):
        self.w = w
        self.h = h

    @property
    def area(self):
        return self.w * self.h

    @property
    def shape(self):
        return (self.h, self.w)

    @property
    def is_square(self):
        return self.w == self.h

r = Rect(3, 4)
print(r.area, r.shape, r.is_square)
r.w = 4
print(r.area, r.shape, r.is_square)

class Lazy:
    def __init__(self):
        self.calls = 0
        self._value = None

    @property
    def value(self):
        if self._value is None:
            self.calls += 1
            self._value = sum(range(100))
        return self._value

z = Lazy()
print(z.value, z.value, z.calls)

class Base:
    @property
    def name(self):
        return "base"

    def describe(self):
        return "I am " + self.name

class Derived(Base):
    @property
    def name(self):
        return "derived(" + super().name + ")"

print(Base().describe(), Derived().describe())

class Param:
    def __init__(self, shape):
        self._shape = shape

    @property
    def numel(self):
        n = 1
        for s in self._shape:
            n *= s
        return n

    @property
    def ndim(self):
        return len(self._shape)

for shp in [(2, 3), (4,), (2, 2, 2), ()]:
    p = Param(shp)
    print(shp, p.numel, p.ndim)
