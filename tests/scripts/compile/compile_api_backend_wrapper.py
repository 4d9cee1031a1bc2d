# A backend may return any callable: here a wrapper that counts its runs and
# calls the graph module. The compiled function returns what the graph returns,
# so results match eager; the wrapper runs once per call of the compiled function.
import torch
import torch._dynamo

runs = [0]
compiles = [0]


def counting_backend(gm, example_inputs):
    compiles[0] = compiles[0] + 1

    def run(*args):
        runs[0] = runs[0] + 1
        return gm(*args)
    return run


def f(x):
    return (x * 2).exp().sum()


opt = torch.compile(f, backend=counting_backend)
x = torch.zeros(3)
for i in range(3):
    print(opt(x), compiles[0], runs[0])
print(opt(torch.zeros(4)), compiles[0], runs[0])
print(f(x))
