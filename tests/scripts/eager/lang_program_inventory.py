# A small program mixing classes, dicts, sorting, exceptions and formatting.

class OutOfStock(Exception):
    pass

class Item:
    def __init__(self, name, price, qty):
        self.name = name
        self.price = price
        self.qty = qty

    @property
    def value(self):
        return self.price * self.qty

class Inventory:
    def __init__(self):
        self.items = {}
        self.log = []

    def add(self, name, price, qty=1):
        if name in self.items:
            self.items[name].qty += qty
        else:
            self.items[name] = Item(name, price, qty)
        self.log.append("add %s x%d" % (name, qty))

    def remove(self, name, qty=1):
        item = self.items.get(name)
        if item is None or item.qty < qty:
            raise OutOfStock(name)
        item.qty -= qty
        if item.qty == 0:
            del self.items[name]
        self.log.append("remove %s x%d" % (name, qty))

    def total(self):
        return sum([i.value for i in self.items.values()])

    def report(self):
        lines = []
        for item in sorted(self.items.values(), key=lambda i: (-i.value, i.name)):
            lines.append(f"{item.name:<10}{item.qty:>4} @ {item.price:>7.2f} = {item.value:>8.2f}")
        lines.append(f"{'TOTAL':<10}{'':>4}   {'':>7}   {self.total():>8.2f}")
        return "\n".join(lines)

inv = Inventory()
inv.add("widget", 2.50, 10)
inv.add("gadget", 12.99, 3)
inv.add("doohickey", 0.75, 40)
inv.add("widget", 2.50, 5)
print(inv.report())
for name, qty in [("gadget", 2), ("gizmo", 1), ("gadget", 1), ("gadget", 1), ("doohickey", 39)]:
    try:
        inv.remove(name, qty)
        print("removed", qty, name)
    except OutOfStock as e:
        print("out of stock:", e)
print(inv.report())
print(inv.log)
print(sorted(inv.items), len(inv.items))
by_letter = {}
for name in ["apple", "avocado", "banana", "blueberry", "cherry"]:
    by_letter.setdefault(name[0], []).append(name)
print(by_letter)
totals = {k: sum([len(w) for w in v]) for k, v in by_letter.items()}
print(totals, max(totals, key=lambda k: totals[k]))
