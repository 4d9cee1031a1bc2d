# tc-explain on a script that uses torch.compile itself: only the compiled
# function is explained (helper runs eagerly and is not listed).
import torch


def helper(x):
    return x.cos() * 3


def compiled_fn(x):
    return torch.sin(x) + 1


opt = torch.compile(compiled_fn, backend="eager")
print(opt(torch.zeros(3)))
print(helper(torch.zeros(2)))
