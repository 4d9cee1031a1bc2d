# A break inside `with torch.no_grad():` is resumable: grad mode is switched off
# and on around the break inside the graphs (_set_grad_enabled ops), 2 graphs.
# The same break inside a user-defined context manager skips the whole frame.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Ctx:
    def __enter__(self):
        return self

    def __exit__(self, a, b, c):
        return False


def in_no_grad(x):
    x = x + 1
    with torch.no_grad():
        x = x * 2
        torch._dynamo.graph_break()
        x = x - 1
    return x + 3


def in_user_ctx(x):
    x = x + 1
    with Ctx():
        x = x * 2
        torch._dynamo.graph_break()
        x = x - 1
    return x + 3


for fn in [in_no_grad, in_user_ctx]:
    out = torch._dynamo.explain(fn)(torch.ones(2))
    print(fn.__name__, out.graph_count, out.graph_break_count, out.op_count)
    for r in out.break_reasons:
        print("  ", r.reason.split("\n")[0], [(fr.name, fr.lineno) for fr in r.user_stack])
    print("  ", [[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
    cnt = CompileCounter()
    y = torch.compile(fn, backend=cnt)(torch.ones(2, requires_grad=True))
    print("  ", y.detach(), y.requires_grad, torch.is_grad_enabled(), cnt.frame_count, cnt.op_count)
