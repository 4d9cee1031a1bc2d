# Front-end corpus: classes, decorators, exceptions, context managers.


def trace(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


def repeat(times):
    def deco(fn):
        def inner(*a):
            return [fn(*a) for _ in range(times)]
        return inner
    return deco


class Base:
    kind = "base"

    def __init__(self, value):
        self.value = value

    def describe(self):
        return f"{self.kind}:{self.value}"

    @staticmethod
    def helper(x):
        return x * 2

    @classmethod
    def make(cls, v):
        return cls(v)

    @property
    def doubled(self):
        return self.value * 2


class Child(Base):
    kind = "child"

    def __init__(self, value, extra=0):
        super().__init__(value)
        self.extra = extra

    def describe(self):
        inner = lambda: super(Child, self).describe()
        return super().describe() + "+" + inner()

    @trace
    @repeat(2)
    def twice(self, k):
        return self.value + k


class Resource:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return exc_type is KeyError


def errors(x):
    try:
        if x < 0:
            raise ValueError("negative")
        result = 10 // x
    except ZeroDivisionError:
        result = None
    except (ValueError, TypeError) as e:
        result = str(e)
    else:
        result = result + 1
    finally:
        x = 0
    try:
        try:
            raise KeyError("k")
        except KeyError as inner:
            raise RuntimeError("wrapped") from inner
    except RuntimeError:
        pass
    with Resource() as r, Resource():
        raise KeyError("suppressed")
    assert result is not None or x == 0, "message"
    del r
    return result


def loop_with_finally(items):
    out = []
    for item in items:
        try:
            if item == 3:
                break
            if item == 1:
                continue
            out.append(item)
        finally:
            out.append(-item)
    return out


def return_in_with():
    with Resource():
        for i in range(3):
            try:
                return i
            finally:
                pass


print(Child.make(3).describe(), Base.helper(2), Child(1).doubled, Child(2).twice(1))
print(errors(0), errors(-1), errors(5), loop_with_finally([0, 1, 2, 3, 4]), return_in_with())
