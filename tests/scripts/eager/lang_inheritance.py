# Single inheritance, overriding, super().__init__ and super().method(), multi-level.

class Animal:
    kingdom = "animalia"

    def __init__(self, name, legs=4):
        self.name = name
        self.legs = legs

    def speak(self):
        return "..."

    def describe(self):
        return self.name + " says " + self.speak() + " on " + str(self.legs) + " legs"

class Dog(Animal):
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed

    def speak(self):
        return "woof"

class Bird(Animal):
    def __init__(self, name):
        super().__init__(name, legs=2)

    def speak(self):
        return "tweet"

    def describe(self):
        return super().describe() + " and flies"

class Puppy(Dog):
    def speak(self):
        return super().speak() + "!"

class Plain(Animal):
    pass

animals = [Dog("rex", "lab"), Bird("tweety"), Puppy("bit", "pug"), Plain("thing")]
for a in animals:
    print(a.describe())
p = animals[2]
print(p.breed, p.kingdom, isinstance(p, Puppy), isinstance(p, Dog), isinstance(p, Animal))
print(isinstance(animals[1], Dog), isinstance(animals[0], Bird))
print(Puppy.kingdom, Puppy.speak(p), Dog.speak(p), Animal.speak(p))

class Shape:
    sides = 0
    label = "Shape"

    def area(self):
        raise NotImplementedError("area not implemented")

    def info(self):
        return self.label + " sides=" + str(self.sides) + " area=" + str(self.area())

class Rect(Shape):
    sides = 4
    label = "Rect"

    def __init__(self, w, h):
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h

class Square(Rect):
    label = "Square"

    def __init__(self, s):
        super().__init__(s, s)

class Triangle(Shape):
    sides = 3
    label = "Triangle"

    def __init__(self, b, h):
        self.b = b
        self.h = h

    def area(self):
        return 0.5 * self.b * self.h

for s in [Rect(2, 3), Square(4), Triangle(3, 5)]:
    print(s.info())
try:
    Shape().info()
except NotImplementedError as e:
    print("caught:", e)

class Base:
    def __init__(self):
        self.log = ["Base.__init__"]

    def hook(self):
        self.log.append("Base.hook")

class Mid(Base):
    def __init__(self):
        super().__init__()
        self.log.append("Mid.__init__")

    def hook(self):
        self.log.append("Mid.hook")
        super().hook()

class Leaf(Mid):
    def __init__(self):
        super().__init__()
        self.log.append("Leaf.__init__")

    def hook(self):
        super().hook()
        self.log.append("Leaf.hook")

leaf = Leaf()
leaf.hook()
print(leaf.log)

class Counter:
    total = 0

    def __init__(self):
        Counter.total += 1

class Special(Counter):
    def __init__(self):
        super().__init__()
        self.special = True

Special()
Special()
Counter()
print(Counter.total, Special.total)
