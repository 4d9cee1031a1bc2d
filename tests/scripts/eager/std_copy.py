# copy (CPython's own copy.py): shallow and deep copies of containers,
# instances (with __copy__/__deepcopy__, __reduce_ex__ and shared and
# cyclic references), tensors (Tensor.__deepcopy__: an independent tensor)
# and nn modules.
import copy

import torch
import torch.nn as nn

data = {"a": [1, 2, [3, 4]], "b": (5, [6]), "c": {7, 8}, "s": "str", "n": None}
shallow = copy.copy(data)
deep = copy.deepcopy(data)
data["a"][2].append(99)
data["b"][1].append(100)
print(shallow["a"], deep["a"], shallow["b"], deep["b"], deep["c"] == {7, 8})
print(shallow is data, shallow["a"] is data["a"], deep["a"] is data["a"], deep["s"] is data["s"])
t = (1, 2, 3)
print(copy.copy(t) is t, copy.deepcopy(t) is t, copy.deepcopy((1, [2]))[1] is not None)

shared = [0]
pair = [shared, shared]
dp = copy.deepcopy(pair)
print(dp[0] is dp[1], dp[0] is shared)
cyc = [1]
cyc.append(cyc)
dc = copy.deepcopy(cyc)
print(dc[1] is dc, dc is not cyc)


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
        self.tags = ["p"]

    def __repr__(self):
        return f"Point({self.x}, {self.y}, {self.tags})"


pt = Point(1, 2)
p2 = copy.copy(pt)
p3 = copy.deepcopy(pt)
pt.tags.append("changed")
print(p2, p3, p2.tags is pt.tags, type(p3).__name__)


class Custom:
    def __init__(self, v):
        self.v = v

    def __copy__(self):
        print("__copy__ called")
        return Custom(self.v + 1)

    def __deepcopy__(self, memo):
        print("__deepcopy__ called", type(memo).__name__)
        return Custom(copy.deepcopy(self.v, memo) * 10)


print(copy.copy(Custom(1)).v, copy.deepcopy(Custom([2])).v)


class Slotted:
    __slots__ = ("a",)

    def __init__(self, a):
        self.a = a


print(copy.deepcopy(Slotted([1])).a)

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
y = copy.deepcopy(x)
y[0, 0] = 100.0
print(x, y)
w = torch.ones(3, requires_grad=True)
wc = copy.deepcopy(w)
with torch.no_grad():
    wc.add_(1.0)
print(wc.requires_grad, wc.is_leaf, w, wc)
view_pair = copy.deepcopy([x, x])
print(view_pair[0] is view_pair[1])

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
clone = copy.deepcopy(model)
with torch.no_grad():
    clone[0].weight.fill_(0.5)
print(model[0].weight)
print(clone[0].weight)
print(clone)
inp = torch.tensor([[1.0, -1.0]])
print(model(inp).shape, clone(inp))
print(copy.copy(model)[0] is model[0])


def f(v):
    return v * 2


print(copy.deepcopy(f) is f, copy.deepcopy(int) is int, copy.copy([1, 2]) == [1, 2])
try:
    copy.deepcopy((i for i in [1]))
except TypeError as e:
    print("TypeError:", str(e).split(" object")[0])


def scaled_copy(t):
    # A function over tensors: the same-answers suite compiles it.
    return copy.deepcopy(t) * 2 + t


print(scaled_copy(torch.tensor([1.0, 2.0])))
