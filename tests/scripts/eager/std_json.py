# CPython's json package (its pure-Python scanner, decoder and encoder) run
# by tc: dumps/loads with their options, hooks, errors and file forms.
import io
import json
import os
from _catch_helper import catch

data = {"name": "tc", "n": 3, "pi": 3.14159, "big": 10**20, "neg": -0.5, "ok": True, "no": False,
        "none": None, "list": [1, 2.5, "three", [4, {"five": 5}]], "empty": {}, "tup": (1, 2),
        "uni": "héllo ☃ \U0001f600", "esc": "quote\" back\\ nl\n tab\t ctl\x01"}
print(json.dumps(data))
print(json.dumps(data, ensure_ascii=False))
print(json.dumps(data, indent=2, sort_keys=True))
print(json.dumps(data, indent="\t", separators=(",", ": ")))
print(json.dumps([1, [2, [3]]], indent=0))
print(json.dumps({"b": 1, "a": [1, 2]}, separators=(",", ":"), sort_keys=True))
print(json.dumps({1: "int key", 2.5: "float key", True: "bool", None: "none"}))
print(json.dumps([float("inf"), float("-inf"), float("nan"), 1e300, 1.0, 0.1]))
print(json.dumps("plain"), json.dumps(5), json.dumps(None), json.dumps([]), json.dumps({}))
print(json.dumps({"a": 1}, indent=4), json.dumps([], indent=4), json.dumps({}, indent=4))


def default(o):
    if isinstance(o, set):
        return sorted(o)
    if isinstance(o, complex):
        return [o.real, o.imag]
    raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")


print(json.dumps({"s": {3, 1, 2}, "c": 1 + 2j}, default=default))


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


class PointEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, Point):
            return {"x": o.x, "y": o.y}
        return super().default(o)


print(json.dumps([Point(1, 2)], cls=PointEncoder))
print(list(json.JSONEncoder(indent=1).iterencode({"k": [1]})))


catch(lambda: json.dumps(Point(1, 2)))
catch(lambda: json.dumps({(1, 2): 3}))
catch(lambda: json.dumps([float("nan")], allow_nan=False, indent=1))  # the pure-Python encoder
circular = []
circular.append(circular)
catch(lambda: json.dumps(circular))
print(json.dumps({(1, 2): 3, "a": 1}, skipkeys=True))

text = json.dumps(data)
back = json.loads(text)
print(back == {**data, "tup": [1, 2]}, type(back["big"]).__name__, back["uni"])
print(json.loads('  {"a": [1, 2.0, -3e2, true, false, null, "x\\u00e9\\ud83d\\ude00\\n"]}  '))
print(json.loads("[]"), json.loads("{}"), json.loads('"s"'), json.loads("12"), json.loads("-0.0"),
      json.loads("1E5"), json.loads("NaN"), json.loads("-Infinity"), json.loads(b'[1, "b"]'))
print(json.loads('{"a": 1, "a": 2}'), json.loads('{"z": 1, "y": 2}'))
print(json.loads('{"x": 1.5}', parse_float=lambda s: "F" + s),
      json.loads('[1, 2]', parse_int=lambda s: int(s) * 10),
      json.loads('[NaN]', parse_constant=lambda s: s))
print(json.loads('{"a": {"b": 1}}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"a": 1, "b": 2}', object_pairs_hook=lambda p: p))
print(json.JSONDecoder().raw_decode('{"a": 1} tail'))
for bad in ['{"a" 1}', '[1, 2', '{"a": 1,}', "[1,]", "", "   ", "tru", '"abc', '"\\x"', "[1] 2",
            '{1: 2}', '"\\ud800"', "01", "[-]", '"a\nb"', '{"a":1', "nul", "\n\n  [1,\n  }"]:
    try:
        json.loads(bad)
        print(repr(bad), "ok")
    except json.JSONDecodeError as e:
        print(repr(bad), "JSONDecodeError:", e, "|", e.msg, e.pos, e.lineno, e.colno)
print(issubclass(json.JSONDecodeError, ValueError))
catch(lambda: json.loads(5))
catch(lambda: json.loads('"\\ud800"'))

buf = io.StringIO()
json.dump({"k": [1, 2]}, buf, indent=1)
print(repr(buf.getvalue()))
print(json.load(io.StringIO('{"from": "stringio"}')))
path = "tc_std_json_%d.json" % os.getpid()
with open(path, "w") as f:
    json.dump(data, f, sort_keys=True)
with open(path) as f:
    print(json.load(f) == back)
os.remove(path)
