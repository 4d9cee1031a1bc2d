# fullgraph=True turns a graph break into an error: torch._dynamo.exc.Unsupported
# (a RuntimeError). No graph reaches the backend. The message starts with the
# structured break text; the "from user code:" part names each frame.
import torch
import torch._dynamo


def backend(gm, example_inputs):
    print("backend called")
    return gm.forward


def fn(x):
    x = x + 1
    print("abc")
    return x


def show(e):
    lines = str(e).split("\n")
    print(type(e).__name__, isinstance(e, RuntimeError), isinstance(e, torch._dynamo.exc.Unsupported))
    print(lines[0])
    print(lines[1])
    for i, line in enumerate(lines):
        if line == "from user code:":
            j = i + 1
            while lines[j].strip().startswith("File "):
                parts = lines[j].strip().split('"')
                print("  frame: File", parts[1].split("/")[-1] + parts[2], "|", lines[j + 1].strip())
                j = j + 2
                while j < len(lines) and lines[j].strip() != "" and not lines[j].strip().startswith("File "):
                    j = j + 1


opt = torch.compile(fn, backend=backend, fullgraph=True)
try:
    opt(torch.ones(2))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    show(e)
print("eager still works:", fn(torch.ones(2)))
try:
    opt(torch.ones(2))
except RuntimeError as e:
    print("second call:", type(e).__name__, str(e).split("\n")[0])
