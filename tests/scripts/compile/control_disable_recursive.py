# torch.compiler.disable (recursive, the default) as decorator and as a wrapper:
# the disabled function and everything it calls run eagerly, even a function
# that has its own graph_break or would compile on its own; callers break at the
# call. torch._dynamo.disable is the same function.
import torch
import torch._dynamo


def graphs_backend(gm, example_inputs):
    ops = []
    for n in gm.graph.nodes:
        if n.op == "call_function" or n.op == "call_method":
            ops.append(getattr(n.target, "__name__", str(n.target)))
    print("  graph:", ops)
    return gm.forward


def inner(x):
    return x * 3


@torch.compiler.disable
def dis(x):
    return inner(x + 1)


def plain(x):
    return torch.sin(x) * 0 + x


wrapped = torch._dynamo.disable(plain)
print(wrapped is plain, callable(wrapped), wrapped.__name__)


def f(x):
    x = x + 1
    x = dis(x)
    x = wrapped(x)
    return x - 1


print("f:")
print(torch.compile(f, backend=graphs_backend)(torch.ones(2)))
print("eager:", f(torch.ones(2)))
print("disabled called directly:", dis(torch.ones(2)))
