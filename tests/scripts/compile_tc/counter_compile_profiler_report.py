# CompileProfiler: PyTorch 2.0-2.5 had it in torch._dynamo.utils; torch 2.15
# removed it (see ../compile/counter_compile_profiler.py), tc keeps it in
# torch._dynamo.testing. A backend that counts frames and ops like
# CompileCounter; report() lists graph-break reasons with counts and the
# recompiled functions with their guard-failure reasons.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileProfiler


def f(x):
    x = x + 1
    print("break")
    return x * 2


def g(x):
    return x.sin()


prof = CompileProfiler()
with prof:
    opt_f = torch.compile(f, backend=prof)
    opt_g = torch.compile(g, backend=prof)
    opt_f(torch.ones(2))
    opt_g(torch.ones(2))
    opt_g(torch.ones(3))
    opt_g(torch.ones(2, dtype=torch.float64))
print(prof.frame_count, prof.op_count)
print(prof.report())

torch._dynamo.reset()
quiet = CompileProfiler()
torch.compile(g, backend=quiet)(torch.ones(2))
print(quiet.report())
