# Two torch.compile wrappers of the SAME function (one dynamic=False, one default,
# different backends) share the function's code object and so its cache: the
# entries of both count toward the one recompile_limit (8), and the static entries
# keep the default wrapper from settling on a dynamic graph. (Edge case; compare
# compile_api_dynamic_false where the two functions are distinct.)
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x.relu() * 2


static_cnt = CompileCounter()
default_cnt = CompileCounter()
static_f = torch.compile(f, backend=static_cnt, dynamic=False)
default_f = torch.compile(f, backend=default_cnt)
for n in [2, 3, 4, 5, 6, 3]:
    x = torch.arange(float(n)) - 1
    a = static_f(x)
    print(n, a, static_cnt.frame_count, default_cnt.frame_count)
    b = default_f(x)
    print(n, b, static_cnt.frame_count, default_cnt.frame_count)
