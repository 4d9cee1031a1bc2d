# fullgraph=True with the break in a callee: the error's "from user code:" stack
# lists the caller frame and then the callee frame.
import torch
import torch._dynamo


def gn(x):
    x = x * 2
    torch._dynamo.graph_break()
    return x


def fn(x):
    y = x + 1
    return gn(y)


try:
    torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    lines = str(e).split("\n")
    print(type(e).__name__, "|", lines[0], "|", lines[1].strip())
    k = lines.index("from user code:")
    print(lines[k])
    parts = lines[k + 1].strip().split('"')
    print("File", parts[1].split("/")[-1] + parts[2])
    print(lines[k + 2].strip())
    n = k + 3
    while not lines[n].strip().startswith("File "):
        n = n + 1
    parts = lines[n].strip().split('"')
    print("File", parts[1].split("/")[-1] + parts[2])
    print(lines[n + 1].strip())
print(torch.compile(fn, backend="eager")(torch.ones(2)))
