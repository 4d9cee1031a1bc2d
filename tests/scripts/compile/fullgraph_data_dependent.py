# fullgraph=True with a data-dependent `if`: Unsupported "Data-dependent
# branching" (explain and non-fullgraph compiles record this break as
# "generic_jump TensorVariable()" instead). Shape-based branches are fine.
import torch
import torch._dynamo


def fn(x):
    if x.sum() > 0:
        return x.sin()
    return x.cos()


def by_shape(x):
    if x.shape[0] > 2:
        return x * 2
    return x + 2


try:
    torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    lines = str(e).split("\n")
    print(type(e).__name__)
    print(lines[0])
    print(lines[1])
    for line in lines:
        if "Developer debug context" in line:
            print(line.strip())
        if "Hint: Use `torch.cond`" in line:
            print(line.strip())
print(torch.compile(by_shape, backend="eager", fullgraph=True)(torch.ones(3)))
print(torch.compile(by_shape, backend="eager", fullgraph=True)(torch.ones(2)))
