# Decorator forms: @torch.compile, @torch.compile(), @torch.compile(backend=...),
# @torch.compile(backend="eager", fullgraph=True, dynamic=False). The bare forms
# use the default backend (inductor), so they are only inspected, not called.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile
def bare(x):
    return x + 1


@torch.compile()
def empty_call(x):
    return x + 2


@torch.compile(backend=cnt)
def counted(x):
    return x + 3


@torch.compile(backend="eager", fullgraph=True, dynamic=False)
def strict(x):
    return torch.relu(x - 4)


print(callable(bare), bare.__name__, callable(empty_call), empty_call.__name__)
print(counted.__name__, strict.__name__)
print(counted(torch.ones(2)), cnt.frame_count, cnt.op_count)
print(counted(torch.ones(2)), cnt.frame_count, cnt.op_count)
print(strict(torch.arange(6.0)))


def user_decorator(fn):
    def wrapper(x):
        return fn(x) * 10
    return wrapper


@torch.compile(backend=cnt)
@user_decorator
def stacked(x):
    return x - 1


print(stacked(torch.ones(2)), cnt.frame_count, cnt.op_count)


class Holder:
    @torch.compile(backend=cnt)
    def method(self, x):
        return x * 7


print(Holder().method(torch.ones(2)), cnt.frame_count, cnt.op_count)
