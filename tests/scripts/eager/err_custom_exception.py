# A user-defined exception class raised from a method and not caught.

class ShapeMismatch(Exception):
    pass

class Layer:
    def __init__(self, n_in):
        self.n_in = n_in

    def check(self, n):
        if n != self.n_in:
            raise ShapeMismatch("expected " + str(self.n_in) + " features, got " + str(n))
        return True

layer = Layer(4)
print(layer.check(4))
layer.check(3)
