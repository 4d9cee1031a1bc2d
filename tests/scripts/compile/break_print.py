# print inside a compiled function is a graph break: the graph before it runs,
# print runs in Python (in program order), the rest continues in a resume
# function. The reason is the structured "Failed to trace builtin operator"
# message; its first two lines and the debug-context line are printed.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    x = x * 2
    print("value sum is a tensor:", type(x).__name__)
    x = x + 1
    print("second print", 7)
    return x - 3


cnt = CompileCounter()
opt = torch.compile(f, backend=cnt)
print(opt(torch.arange(3.0)))
print("frames", cnt.frame_count, "ops", cnt.op_count)
print(opt(torch.arange(3.0)))
print("frames", cnt.frame_count, "ops", cnt.op_count)

out = torch._dynamo.explain(f)(torch.arange(3.0))
print(out.graph_count, out.graph_break_count, out.op_count)
for r in out.break_reasons:
    lines = r.reason.split("\n")
    print(lines[0])
    print(lines[1])
    for line in lines:
        if "Developer debug context" in line:
            print(line)
    print([(fr.name, fr.lineno) for fr in r.user_stack])
