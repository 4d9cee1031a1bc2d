# config.error_on_recompile = True turns every recompile into a
# torch._dynamo.exc.RecompileError (a RuntimeError). Its text is
# "Recompiling function f in <file>:<line>" + the failing guard per entry.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    return x * 2


def show(e):
    lines = str(e).split("\n")
    head = lines[0].split(" in ")[0]
    where = lines[0].split("/")[-1]
    print(type(e).__name__, isinstance(e, RuntimeError), isinstance(e, torch._dynamo.exc.RecompileError))
    print("  " + head, "|", where)
    print("  " + lines[1].strip())
    print("  " + lines[2].strip())


torch._dynamo.config.error_on_recompile = True
cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.ones(3)), cnt.frame_count)
for arg in [torch.ones(4), torch.ones(3, dtype=torch.float64), torch.ones(3, requires_grad=True), torch.ones(3, 4)]:
    try:
        opt(arg)
        print("no error")
    except torch._dynamo.exc.RecompileError as e:
        show(e)
print(opt(torch.ones(3)), cnt.frame_count)
with torch.no_grad():
    try:
        opt(torch.ones(3))
    except RuntimeError as e:
        show(e)
torch._dynamo.config.error_on_recompile = False
print(opt(torch.ones(4)), cnt.frame_count)
