# Breaks inside try blocks. graph_break() inside try/except with no earlier
# resumable point: the frame is skipped (0 graphs). A print inside try/finally
# after two ops: Dynamo compiles up to the last resumable point and runs the
# rest without compiling it; the recorded reason is "step_unsupported".
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def try_except(x):
    x = x + 1
    try:
        x = x * 2
        torch._dynamo.graph_break()
        x = x - 1
    except ValueError:
        pass
    return x + 3


def try_finally(x):
    x = x + 1
    x = x + 2
    try:
        x = x * 2
        print("in try")
        x = x - 1
    finally:
        x = x + 5
    return x + 3


for fn in [try_except, try_finally]:
    out = torch._dynamo.explain(fn)(torch.ones(2))
    print(fn.__name__, out.graph_count, out.graph_break_count, out.op_count)
    for r in out.break_reasons:
        print("  ", r.reason.split("\n")[0], [(fr.name, fr.lineno) for fr in r.user_stack])
    print("  ", [[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
    cnt = CompileCounter()
    print("  ", torch.compile(fn, backend=cnt)(torch.ones(2)), cnt.frame_count, cnt.op_count)
