# A helper module of py_imports.py (files starting with "_" are not scripts).
print("importing _imp_helper as", __name__)
VALUE = 42


def double(x):
    return 2 * x


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"
