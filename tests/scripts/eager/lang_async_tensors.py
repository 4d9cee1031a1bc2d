# Coroutines over tensors, driven by hand: under tc-run --compile-functions
# the functions that call coroutine functions break their graphs there and
# the coroutine frames run eagerly, so the answers stay the eager ones.
import torch


class Step:
    """An awaitable: hands its tensor to the driver, resumes with what it sends."""

    def __init__(self, t):
        self.t = t

    def __await__(self):
        got = yield self.t
        return got


async def layer(x, w):
    h = x @ w
    scaled = await Step(h.relu())
    return scaled + 1


async def model(x, ws):
    for w in ws:
        x = await layer(x, w)
    return x.sum(-1)


async def batches(xs):
    for x in xs:
        yield x * 2


async def total(xs, ws):
    outs = [await model(x, ws) async for x in batches(xs)]
    return torch.stack(outs)


def drive(coro, scale):
    sent = None
    seen = 0
    while True:
        try:
            t = coro.send(sent)
        except StopIteration as e:
            return e.value, seen
        seen += 1
        sent = t * scale


def prepare(x):
    y = x.tanh() + 0.5
    return y, model(y, [torch.eye(3), torch.ones(3, 3) * 0.25])


def run_total(xs):
    ws = [torch.eye(3) * 2]
    return drive(total([x + 1 for x in xs], ws), 0.5)


torch.manual_seed(0)
x = torch.randn(2, 3)
y, coro = prepare(x)
print(type(coro).__name__)
r, seen = drive(coro, 2.0)
print(y)
print(r, seen)
print(run_total([x, x * 3]))
