# A script-defined backend(gm, example_inputs) returning a callable: it is called
# once per compiled graph with the graph's inputs (real tensors here, in order of
# first use), and its returned callable runs the graph. A graph break gives two
# backend calls.
import torch
import torch._dynamo

calls = []


def my_backend(gm, example_inputs):
    calls.append(len(example_inputs))
    print("backend: graph", len(calls), "with", len(example_inputs), "inputs")
    for t in example_inputs:
        print("  ", type(t).__name__, tuple(t.shape), t.dtype)
    print("   nodes:", [n.op for n in gm.graph.nodes])
    return gm.forward


def f(x, y, z):
    return torch.relu(z @ y) + 1


opt = torch.compile(f, backend=my_backend)
x = torch.ones(2)
y = torch.ones(3, 4)
z = torch.ones(2, 3)
print(opt(x, y, z))
print(opt(x, y, z).shape, len(calls))


def g(a, n):
    b = a * n
    print("between")
    return b.sum(dim=0, keepdim=True), n


print(torch.compile(g, backend=my_backend)(torch.ones(2, 2, dtype=torch.float64), 3))
print(len(calls), calls)
