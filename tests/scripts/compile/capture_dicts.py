# Dicts of tensors: keys, items, lookups with constant keys, building and
# returning a dict. The dict's keys are guarded.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(d):
    out = {}
    for k, v in d.items():
        out[k + "_sq"] = v * v
    out["sum"] = d["a"] + d["b"]
    return out, sorted(d.keys()), "a" in d


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
d = {"a": torch.arange(3.0), "b": torch.ones(3)}
r, keys, has_a = opt(d)
print(list(r.keys()), keys, has_a)
for k in r:
    print(k, r[k])
print(cnt.frame_count, cnt.op_count)
opt({"a": torch.ones(3), "b": torch.ones(3)})
print(cnt.frame_count)
opt({"b": torch.ones(3), "a": torch.ones(3), "c": torch.ones(3)})
print(cnt.frame_count)
