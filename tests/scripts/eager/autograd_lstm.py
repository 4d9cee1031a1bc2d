# tc-compare: rel=2e-4 abs=1e-5  reason: the recurrences multiply through OpenBLAS's GEMM under tc and oneDNN's / MKL's under PyTorch; float32 sums in another order differ in the last bits, and 3 SGD steps carry that into the weights
# Eager autograd through the recurrent networks: a 2-layer LSTM (batch
# first, with dropout off), a bidirectional GRU, RNNs and a bidirectional
# LSTM with proj_size, each trained 3 steps with SGD on a regression
# target; per step the loss, the grad_fn names of the outputs and the sums
# of |grad| of every parameter and of the input. Then the cells
# (lstm_cell, gru_cell, rnn_tanh_cell), which are made of ops,
# differentiated the same way, and packed sequences through 2-layer
# bidirectional networks. Values print at 4 decimals: tc's float32 GEMMs
# sum in another order than PyTorch's (see the tolerance above), which
# moves the 6th-7th significant digit.
import warnings
import torch
import torch.nn as nn

warnings.filterwarnings('ignore', message='LSTM with projections')


def loss_fn(out, h, target):
    return ((out - target) ** 2).mean() + h.pow(2).mean()


def step(model, x, target, lr):
    for p in model.parameters():
        p.grad = None
    x = x.detach().clone().requires_grad_(True)
    out, h = model(x)
    if isinstance(h, tuple):
        h = h[0].mean(-1) + h[1].mean(-1)
    loss = loss_fn(out, h, target)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
    print(round(loss.item(), 4), out.grad_fn.name(), h.grad_fn.name())
    print([round(p.grad.abs().sum().item(), 4) for p in model.parameters()],
          round(x.grad.abs().sum().item(), 4))


torch.manual_seed(0)
models = [
    (nn.LSTM(3, 4, num_layers=2, batch_first=True), torch.randn(2, 5, 3), torch.randn(2, 5, 4)),
    (nn.GRU(3, 4, bidirectional=True), torch.randn(5, 2, 3), torch.randn(5, 2, 8)),
    (nn.RNN(3, 4, nonlinearity="relu"), torch.randn(5, 2, 3), torch.randn(5, 2, 4)),
    (nn.RNN(3, 4, num_layers=2, bias=False), torch.randn(5, 2, 3), torch.randn(5, 2, 4)),
    (nn.LSTM(3, 4, proj_size=2, bidirectional=True), torch.randn(5, 2, 3), torch.randn(5, 2, 4)),
]
for model, x, target in models:
    print(type(model).__name__)
    for i in range(3):
        step(model, x, target, 0.5)

# float64 and an initial state that needs a gradient
lstm = nn.LSTM(2, 3, dtype=torch.float64)
x = torch.randn(4, 2, 2, dtype=torch.float64)
h0 = torch.randn(1, 2, 3, dtype=torch.float64, requires_grad=True)
c0 = torch.randn(1, 2, 3, dtype=torch.float64, requires_grad=True)
out, (h, c) = lstm(x, (h0, c0))
(out.sum() + c.sum() * 2).backward()
print(out.grad_fn.name(), h0.grad, c0.grad)

cells = [nn.LSTMCell(3, 4), nn.GRUCell(3, 4), nn.RNNCell(3, 4)]
for cell in cells:
    x = torch.randn(2, 3, requires_grad=True)
    r = cell(x)
    y = r[0] * r[1] if isinstance(r, tuple) else r
    y.sum().backward()
    print(type(cell).__name__, y.grad_fn.name(), round(x.grad.abs().sum().item(), 4),
          [round(p.grad.abs().sum().item(), 4) for p in cell.parameters()])

# packed sequences (PackedSequence.data's gradient; sequences of 5, 3, 2)
for M in (nn.LSTM, nn.GRU):
    m = M(3, 4, num_layers=2, bidirectional=True)
    x = torch.randn(5, 3, 3, requires_grad=True)
    out, h = m(nn.utils.rnn.pack_padded_sequence(x, torch.tensor([5, 3, 2])))
    if isinstance(h, tuple):
        h = h[0] * h[1]
    (out.data.pow(2).sum() + h.sum()).backward()
    print(out.data.grad_fn.name(), round(x.grad.abs().sum().item(), 4),
          [round(q.grad.abs().sum().item(), 4) for q in m.parameters()])
