# collections.ChainMap, UserDict, UserList and UserString: lookups through
# the chain, writes to the first mapping, new_child/parents, the | operators,
# reprs, errors; the User* wrappers as the ABCs' mixins make them, and
# subclasses of them.
from collections import ChainMap, OrderedDict, UserDict, UserList, UserString
from collections.abc import Mapping, MutableMapping, MutableSequence, Sequence

defaults = {"color": "red", "user": "guest", "depth": 1}
env = {"user": "admin"}
cli = {}
cm = ChainMap(cli, env, defaults)
print(cm, len(cm), list(cm), cm["user"], cm["color"], cm.get("nope"), "depth" in cm)
print(list(cm.items()), list(cm.values()), isinstance(cm, MutableMapping), bool(ChainMap({})))
cm["depth"] = 5
print(cli, defaults["depth"], cm["depth"])
del cm["depth"]
print(cm["depth"], cli)
try:
    del cm["color"]
except KeyError as e:
    print("KeyError", e)
try:
    cm["missing"]
except KeyError as e:
    print("KeyError", e)
child = cm.new_child({"color": "blue"})
print(child["color"], child.parents["color"], child.maps[0], len(child.maps), cm.new_child().maps[0])
print(ChainMap(), ChainMap().maps, ChainMap.fromkeys("ab", 0), cm.copy() == cm, type(cm.copy()))
try:
    ChainMap({}).popitem()
except KeyError as e:
    print("KeyError", e)
cm2 = ChainMap({"a": 1}, {"b": 2})
print(cm2 | {"c": 3}, {"z": 0} | cm2, cm2.pop("a"), cm2)
cm2 |= {"d": 4}
print(cm2, dict(cm2), cm2 == {"b": 2, "d": 4})
loop = ChainMap({})
loop.maps[0]["self"] = loop
print(loop)


class DefaultChain(ChainMap):
    def __missing__(self, key):
        return f"<{key}>"


print(DefaultChain({"a": 1})["b"], DefaultChain({"a": 1}).parents)

# UserDict
ud = UserDict({"a": 1}, b=2)
ud["c"] = 3
print(ud, len(ud), ud.data, "a" in ud, ud.get("x", 0), isinstance(ud, MutableMapping),
      ud == {"a": 1, "b": 2, "c": 3}, ud | {"d": 4}, type(ud.copy()).__name__)
del ud["a"]
print(sorted(ud), ud.pop("b"), ud, UserDict.fromkeys([1, 2], "v"))


class LowerDict(UserDict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)

    def __missing__(self, key):
        return 0


ld = LowerDict(A=1)
ld.update(B=2)
print(ld, ld["zz"], ld.data)

# UserList
ul = UserList([3, 1, 2])
ul.append(5)
ul.sort()
print(ul, ul[1:], type(ul[1:]).__name__, ul + [9], [0] + ul, ul * 2, len(ul), ul.index(3),
      isinstance(ul, MutableSequence), ul == [1, 2, 3, 5], ul < [2], 5 in ul)
ul.extend(UserList([7]))
ul += (8,)
ul.insert(0, 0)
print(ul, ul.pop(), ul.count(1), list(reversed(ul)), ul.copy(), ul.data is ul.copy().data)

# UserString
us = UserString("Hello")
print(us, repr(us), len(us), us.upper(), us[1:3], type(us[0]).__name__, us + "!", "x" + us,
      us * 2, us.find("l"), us.replace("l", "L"), us.split("l"), "ell" in us, us == "Hello",
      us < "World", hash(us) == hash("Hello"), isinstance(us, Sequence), us.center(9, "*"),
      us.zfill(8), us.startswith("He"), UserString(42), us.encode(), int(UserString("12")) + 1)
print(isinstance(OrderedDict(), Mapping), isinstance(cm, Mapping))
