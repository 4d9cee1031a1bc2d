# @staticmethod and @classmethod, alternate constructors, cls in subclasses.

class Date:
    created = 0

    def __init__(self, y, m, d):
        self.y = y
        self.m = m
        self.d = d
        Date.created += 1

    @classmethod
    def from_string(cls, s):
        parts = s.split("-")
        return cls(int(parts[0]), int(parts[1]), int(parts[2]))

    @classmethod
    def count(cls):
        return cls.created

    @staticmethod
    def is_leap(y):
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)

    def fmt(self):
        return "%04d/%02d/%02d" % (self.y, self.m, self.d)

d = Date.from_string("2024-02-29")
print(d.fmt(), Date.is_leap(2024), Date.is_leap(1900), Date.is_leap(2000), d.is_leap(2023))
print(Date.count(), d.count())

class IsoDate(Date):
    def fmt(self):
        return "%04d-%02d-%02d" % (self.y, self.m, self.d)

i = IsoDate.from_string("1999-12-31")
print(i.fmt(), type(i) is IsoDate, isinstance(i, Date), IsoDate.count())

class MathUtil:
    factor = 10

    @staticmethod
    def add(a, b):
        return a + b

    @classmethod
    def scaled(cls, v):
        return v * cls.factor

class BigMath(MathUtil):
    factor = 1000

print(MathUtil.add(2, 3), MathUtil().add(4, 5), MathUtil.scaled(3), BigMath.scaled(3), BigMath().scaled(2))

class Config:
    defaults = {"lr": 0.1, "epochs": 3}

    def __init__(self, **overrides):
        self.values = dict(Config.defaults)
        self.values.update(overrides)

    @classmethod
    def fast(cls):
        return cls(epochs=1)

    @staticmethod
    def validate(values):
        return values["lr"] > 0 and values["epochs"] >= 1

c = Config.fast()
print(c.values, Config.validate(c.values), Config.validate({"lr": -1, "epochs": 2}))
f = Config.validate
print(f({"lr": 1, "epochs": 1}))
