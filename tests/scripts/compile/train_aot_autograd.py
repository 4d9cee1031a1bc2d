# tc-compare: rel=1e-5 abs=1e-6  reason: Linear layers multiply through OpenBLAS's GEMM under tc and MKL's under PyTorch, and inductor fuses differently; float32 sums in another order differ in the last bits
# Training through torch.compile: outputs of a compiled forward get one
# CompiledFunctionBackward node under aot_eager and inductor (AOTAutograd:
# joint graph, partitioned, both halves compiled) and the ops' own nodes
# under the eager backend; loss.backward() runs the compiled backward;
# graph breaks give several compiled pieces stitched by eager autograd;
# backward() inside a compiled function breaks the graph; values computed
# under no_grad inside the graph get no gradient.
import torch
import torch.nn as nn
import torch.nn.functional as F


def show_grads(tag, model):
    for n, p in model.named_parameters():
        # + 0.0: a sum that rounds to zero prints 0.0 whatever its sign.
        print(" ", tag, n, round(p.grad.sum().item(), 5) + 0.0, round(p.grad.abs().sum().item(), 5))


def make():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.LayerNorm(16), nn.Linear(16, 4))


torch.manual_seed(10)
x = torch.randn(5, 8)
y = torch.randint(0, 4, (5,))

for backend in ["eager", "aot_eager", "inductor"]:
    torch._dynamo.reset()
    m = make()
    cm = torch.compile(m, backend=backend)
    out = cm(x)
    print(backend, "output grad_fn", type(out.grad_fn).__name__, out.requires_grad)
    loss = F.cross_entropy(out, y)
    loss.backward()
    print(backend, "loss", round(loss.item(), 5))
    show_grads(backend, m)
    # A second step: the same compiled code, gradients accumulate.
    cm(x).sum().backward()
    show_grads(backend + " accumulated", m)


# A graph break in the middle: two compiled pieces, stitched by eager autograd.
def two_pieces(w, x):
    h = torch.tanh(x @ w)
    print("breaking")
    return (h * h).sum(dim=1)


for backend in ["aot_eager", "inductor"]:
    torch._dynamo.reset()
    torch.manual_seed(1)
    w = torch.randn(4, 3, requires_grad=True)
    xin = torch.randn(6, 4)
    out = torch.compile(two_pieces, backend=backend)(w, xin)
    print(backend, "two pieces grad_fn", type(out.grad_fn).__name__)
    out.sum().backward()
    print(backend, "two pieces grad", [round(v, 5) for v in w.grad.reshape(-1).tolist()])
    w.grad = None
    ref = two_pieces(w, xin)
    ref.sum().backward()
    print(backend, "eager grad", [round(v, 5) for v in w.grad.reshape(-1).tolist()])


# Inputs that do not require grad, an integer output, no_grad inside.
def mixed(a, b):
    s = (a * b).sum(dim=1)
    with torch.no_grad():
        scale = a.abs().max()
    return s * scale, s.argmax(), b + 1


for backend in ["aot_eager", "inductor"]:
    torch._dynamo.reset()
    torch.manual_seed(2)
    a = torch.randn(3, 4, requires_grad=True)
    b = torch.randn(3, 4)
    r, idx, c = torch.compile(mixed, backend=backend)(a, b)
    print(backend, "mixed", r.requires_grad, idx.requires_grad, c.requires_grad, idx.item())
    r.sum().backward()
    print(backend, "mixed grad", [round(v, 5) for v in a.grad.reshape(-1).tolist()])
    print(backend, "b.grad", b.grad)


# backward() inside a compiled function: a graph break, as in PyTorch.
def step(w, x):
    loss = (x @ w).pow(2).mean()
    loss.backward()
    return loss.detach()


for backend in ["aot_eager", "inductor"]:
    torch._dynamo.reset()
    torch.manual_seed(3)
    w = torch.randn(4, 2, requires_grad=True)
    xin = torch.randn(5, 4)
    loss = torch.compile(step, backend=backend)(w, xin)
    print(backend, "step loss", round(loss.item(), 5),
          [round(v, 5) for v in w.grad.reshape(-1).tolist()])


# Backward twice through freed buffers, and retain_graph.
for backend in ["aot_eager", "inductor"]:
    torch._dynamo.reset()
    torch.manual_seed(4)
    w = torch.randn(3, 3, requires_grad=True)
    f = torch.compile(lambda w: torch.sin(w).exp().sum(), backend=backend)
    out = f(w)
    out.backward(retain_graph=True)
    out.backward()
    print(backend, "twice with retain_graph", [round(v, 5) for v in w.grad.reshape(-1).tolist()][:3])
    out = f(w)
    out.backward()
    try:
        out.backward()
    except RuntimeError as e:
        print(backend, "RuntimeError:", str(e).split(".")[0])
