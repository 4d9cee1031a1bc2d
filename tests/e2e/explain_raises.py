# tc-explain on a script that raises after compiling f: exit status 1, the
# traceback on stderr, and f still explained.
import torch


def f(x):
    return x * 2 + 1


print(f(torch.ones(2)))
print(1 / 0)
