# Resume functions: after a break the rest of the function runs as a generated
# function named torch_dynamo_resume_in_<fn>_at_<line of the break>. Names never
# nest (a resume of a resume is still named after the original function), and
# live locals (tensors and Python values) flow into it.
import torch
import torch._dynamo


def f(x, k):
    a = x + k
    names = ["a"]
    torch._dynamo.graph_break()
    b = a * 2
    names.append("b")
    torch._dynamo.graph_break()
    c = b - x
    names.append("c")
    if c.sum() > 0:
        c = c * 10
    return c, names, k


out = torch._dynamo.explain(f)(torch.ones(2), 3)
print(out.graph_count, out.graph_break_count, out.op_count)
for r in out.break_reasons:
    print(r.reason.split("\n")[0], [(fr.name, fr.lineno) for fr in r.user_stack])
print([[getattr(op, "__name__", str(op)) for op in ops] for ops in out.ops_per_graph])
print(torch.compile(f, backend="eager")(torch.ones(2), 3))
print(torch.compile(f, backend="eager")(-torch.ones(2) * 4, 1))
