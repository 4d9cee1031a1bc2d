# Names beyond ASCII (PEP 3131): letters of any script, combining marks and
# digits after the first character, as variables, functions, attributes.

ñandú = 3
café_2 = "latte"
π = 3.14159
Ωmega = ["α", "β"]
数 = 42


def größe(länge, breite=2):
    return länge * breite


class Vögel:
    def __init__(self, zähler):
        self.zähler = zähler

    def mehr(self):
        return Vögel(self.zähler + 1)


print(ñandú, café_2, π, Ωmega, 数, größe(3), größe(länge=4, breite=5))
v = Vögel(1).mehr()
print(v.zähler, type(v).__name__, "größe" in globals(), sorted(k for k in globals() if not k.isascii()))
print("ñandú".isidentifier(), "数".isidentifier(), "x·y".isidentifier(), "2x".isidentifier())
