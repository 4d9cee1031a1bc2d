# Classes: __init__, methods, instance and class attributes, object state.

class Account:
    bank = "TC Bank"
    count = 0

    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.history = []
        Account.count += 1

    def deposit(self, amount):
        self.balance += amount
        self.history.append(("deposit", amount))
        return self

    def withdraw(self, amount):
        if amount > self.balance:
            self.history.append(("refused", amount))
            return False
        self.balance -= amount
        self.history.append(("withdraw", amount))
        return True

    def summary(self):
        return self.owner + ": " + str(self.balance) + " at " + self.bank

a = Account("ann", 100)
b = Account("bob")
a.deposit(50).deposit(25)
print(a.withdraw(500), a.withdraw(75), b.withdraw(1))
print(a.summary())
print(b.summary())
print(a.history)
print(Account.count, a.count, b.count, Account.bank)
a.bank = "Other"  # instance attribute shadows class attribute
print(a.bank, b.bank, Account.bank)
Account.bank = "Renamed"
print(a.bank, b.bank)

class Vector:
    dims = 2

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def scale(self, k):
        return Vector(self.x * k, self.y * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y

    def norm2(self):
        return self.dot(self)

    def as_tuple(self):
        return (self.x, self.y)

v = Vector(1, 2)
w = Vector(3, -1)
print(v.add(w).as_tuple(), v.scale(3).as_tuple(), v.dot(w), w.norm2())
print(Vector.dims, v.dims, isinstance(v, Vector), type(v) is Vector)
m = v.add
print(m(Vector(10, 10)).as_tuple())
print(Vector.add(v, w).as_tuple())

class Node:
    def __init__(self, value, children=None):
        self.value = value
        self.children = children if children is not None else []

    def total(self):
        t = self.value
        for c in self.children:
            t += c.total()
        return t

    def depth(self):
        if not self.children:
            return 1
        return 1 + max([c.depth() for c in self.children])

tree = Node(1, [Node(2, [Node(4)]), Node(3, [Node(5, [Node(6)])])])
print(tree.total(), tree.depth(), len(tree.children))

class Empty:
    pass

e = Empty()
e.anything = 42
print(e.anything, hasattr(e, "anything"))

class Registry:
    items = []  # shared mutable class attribute

    def register(self, x):
        self.items.append(x)

r1 = Registry()
r2 = Registry()
r1.register("a")
r2.register("b")
print(Registry.items, r1.items is r2.items)
print(type(a), type(v))
