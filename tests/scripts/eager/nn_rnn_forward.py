# nn.RNN / LSTM / GRU forward: layers, bias, batch_first, bidirectional,
# proj_size, given and zero initial states, unbatched 2-D input, dropout
# between layers (training only, PyTorch's random stream), float64; and the
# cells. Values print at 4 decimals (PyTorch's default): the GEMMs' summation
# order differs from PyTorch's (MKL / oneDNN there, OpenBLAS here), so the
# last bits of float32 results differ; the comparer allows one unit in the
# last printed digit.
import warnings
import torch
import torch.nn as nn

# PyTorch warns that oneDNN has no LSTM projections (its own fallback).
warnings.filterwarnings('ignore', message='LSTM with projections')

torch.manual_seed(0)
x = torch.randn(5, 3, 4)
with torch.no_grad():
    for mode in [nn.RNN, nn.LSTM, nn.GRU]:
        for kw in [{}, {'num_layers': 2}, {'bias': False}, {'batch_first': True},
                   {'bidirectional': True, 'num_layers': 2}]:
            m = mode(4, 3, **kw)
            out, h = m(x)
            print(mode.__name__, kw, tuple(out.shape), out.is_contiguous())
            print(out[-1], out[0])
            print(h)
    r = nn.RNN(4, 3, nonlinearity='relu', num_layers=2)
    print(r(x))
    p = nn.LSTM(4, 5, proj_size=2, num_layers=2, bidirectional=True, batch_first=True)
    out, (h, c) = p(x)
    print(tuple(out.shape), tuple(h.shape), tuple(c.shape))
    print(out[1], h, c)
    # given initial states
    lstm = nn.LSTM(4, 3, num_layers=2)
    h0 = torch.randn(2, 3, 3)
    c0 = torch.randn(2, 3, 3)
    out, (h, c) = lstm(x, (h0, c0))
    print(out[2], h, c)
    gru = nn.GRU(4, 3, bidirectional=True)
    out, h = gru(x, torch.randn(2, 3, 3))
    print(out[4], h)
    # unbatched 2-D input
    out, (h, c) = lstm(x[:, 0])
    print(tuple(out.shape), tuple(h.shape), out[-1], h)
    out, h = gru(x[:, 1], torch.zeros(2, 3))
    print(tuple(out.shape), tuple(h.shape), h)
    out, h = nn.RNN(4, 2, batch_first=True)(x[0])
    print(tuple(out.shape), h)
    # float64
    d = nn.GRU(4, 3, num_layers=2, dtype=torch.float64)
    print(d(x.double())[1])
    # dropout between layers: training only, same stream as PyTorch
    torch.manual_seed(3)
    dl = nn.LSTM(4, 6, num_layers=3, dropout=0.5)
    torch.manual_seed(4)
    print(dl(x)[0][-1])
    dl.eval()
    print(dl(x)[0][-1])
    # cells
    cell = nn.LSTMCell(4, 3)
    h, c = cell(x[0])
    print(h, c)
    print(cell(x[1], (h, c)))
    print(cell(x[0, 0]))
    gc = nn.GRUCell(4, 3)
    print(gc(x[0]), gc(x[1], gc(x[0])), gc(x[0, 1], torch.ones(3)))
    rc = nn.RNNCell(4, 3, nonlinearity='relu')
    print(rc(x[0]), nn.RNNCell(4, 3, bias=False)(x[0], torch.ones(3, 3)))
    print(torch.lstm_cell(x[0], (h, c), cell.weight_ih, cell.weight_hh))


# Compiled (tc-run --compile-functions): the module call breaks the graph as
# Dynamo's does; the code around it and the cells (made of ops) compile.
def encode(m, x):
    y = torch.tanh(x) * 2
    out, h = m(y)
    return out.sum(0) + 1


def cell_steps(cell, xs):
    h = torch.zeros(xs.size(1), cell.hidden_size)
    for t in range(xs.size(0)):
        h = cell(xs[t], h)
    return h


with torch.no_grad():
    torch.manual_seed(5)
    print(encode(nn.GRU(4, 3), x))
    print(cell_steps(nn.GRUCell(4, 3), x))
