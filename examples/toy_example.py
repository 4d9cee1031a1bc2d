# The toy example of PyTorch's torch.compiler FAQ: `print` and the
# data-dependent `if` break the graph. `scripts/run` (no argument) runs
# tc-explain on this file, which compiles toy_example as if it had been
# wrapped in torch.compile and reports 3 graphs, 2 graph breaks and 6 ops.
import torch


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    print("woo")
    if b.sum() < 0:
        b = b * -1
    return x * b


a = torch.arange(10.0) - 5
b = -torch.ones(10)
print(toy_example(a, b))
