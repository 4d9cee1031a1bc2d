# AttributeError: an attribute that a user object does not have.

class Model:
    def __init__(self):
        self.hidden = 16

m = Model()
print(m.hidden)
print(m.zzyzx_undefined_attribute)
