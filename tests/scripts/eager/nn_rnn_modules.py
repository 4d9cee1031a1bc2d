# nn.RNN / LSTM / GRU and their cells as modules: reprs, parameter names and
# shapes (weight_ih_l0 ... _reverse, weight_hr_l0), _flat_weights,
# all_weights, default initialization (uniform(-1/sqrt(hidden), ...) over
# the parameters in PyTorch's order: equal to PyTorch's bit for bit after
# manual_seed), and PyTorch's error texts for bad arguments and inputs.
import torch
import torch.nn as nn

torch.manual_seed(0)
mods = [nn.RNN(4, 3), nn.RNN(4, 3, 2, 'relu', bias=False, batch_first=True),
        nn.LSTM(4, 6, num_layers=2, dropout=0.25, bidirectional=True),
        nn.LSTM(4, 6, proj_size=2), nn.LSTM(4, 6, proj_size=3, bias=False, bidirectional=True),
        nn.GRU(5, 2, num_layers=3, batch_first=True), nn.GRU(5, 2, bidirectional=True, bias=False),
        nn.RNNCell(4, 3), nn.RNNCell(4, 3, bias=False, nonlinearity='relu'), nn.LSTMCell(4, 3),
        nn.GRUCell(4, 3, bias=False)]
for m in mods:
    print(m)
    for name, p in m.named_parameters():
        print(' ', name, tuple(p.shape), p.requires_grad)
print(nn.Sequential(nn.LSTM(3, 4), nn.GRU(4, 4)))
lstm = nn.LSTM(4, 6, proj_size=2, bidirectional=True)
print(lstm._flat_weights_names)
print([tuple(w.shape) for w in lstm._flat_weights])
print([[tuple(w.shape) for w in ws] for ws in lstm.all_weights])
print(lstm.mode, lstm.input_size, lstm.hidden_size, lstm.num_layers, lstm.bias, lstm.batch_first,
      lstm.dropout, lstm.bidirectional, lstm.proj_size)
# default init equals PyTorch's bit for bit
torch.manual_seed(1)
g = nn.GRU(3, 2, num_layers=2)
for name, p in g.named_parameters():
    print(name, p.flatten().tolist())
c = nn.LSTMCell(2, 2)
print(c.weight_ih.flatten().tolist(), c.bias_hh.tolist())
# replacing a weight updates _flat_weights
r = nn.RNN(2, 2)
r.weight_hh_l0 = nn.Parameter(torch.ones(2, 2))
print(r._flat_weights[1])
print(len(list(r.parameters())), r.state_dict().keys())

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ':', e)

err(lambda: nn.RNN(4, 3, nonlinearity='sigmoid'))
err(lambda: nn.GRU(4, 3, proj_size=2))
err(lambda: nn.RNN(4, 3, proj_size=2))
err(lambda: nn.LSTM(4, 3, proj_size=3))
err(lambda: nn.LSTM(4, 3, proj_size=-1))
err(lambda: nn.LSTM(0, 3))
err(lambda: nn.LSTM(4, 0))
err(lambda: nn.LSTM(4, 3, num_layers=0))
err(lambda: nn.LSTM(4, 3, dropout=1.5))
err(lambda: nn.LSTM(4, 3, bias=1))
err(lambda: nn.LSTM(4, 3, batch_first=None))
err(lambda: nn.LSTM(4.0, 3))
err(lambda: nn.LSTM(4, '3'))
x = torch.randn(5, 2, 4)
lstm = nn.LSTM(8, 3)
err(lambda: lstm(x))
err(lambda: nn.LSTM(4, 3)(torch.randn(2, 3, 4, 5)))
err(lambda: nn.GRU(4, 3)(torch.randn(4)))
err(lambda: nn.RNN(4, 3)(torch.randn(4)))
err(lambda: nn.LSTM(4, 3)(x, (torch.zeros(1, 3, 3), torch.zeros(1, 2, 3))))
err(lambda: nn.LSTM(4, 3)(x, (torch.zeros(1, 2, 3), torch.zeros(2, 2, 3))))
err(lambda: nn.LSTM(4, 3)(x, (torch.zeros(2, 3), torch.zeros(1, 2, 3))))
err(lambda: nn.LSTM(4, 3)(x[0], (torch.zeros(1, 2, 3), torch.zeros(1, 2, 3))))
err(lambda: nn.GRU(4, 3, num_layers=2)(x, torch.zeros(1, 2, 3)))
err(lambda: nn.GRU(4, 3)(x, torch.zeros(2, 3)))
err(lambda: nn.GRU(4, 3)(x[0], torch.zeros(1, 2, 3)))
err(lambda: nn.RNN(4, 3, bidirectional=True)(x, torch.zeros(1, 2, 3)))
err(lambda: nn.LSTM(4, 3)(x.double()))
err(lambda: nn.LSTMCell(4, 3)(x))
err(lambda: nn.LSTMCell(4, 3)(x[0], (torch.zeros(2, 3, 1), torch.zeros(2, 3))))
err(lambda: nn.GRUCell(4, 3)(x[0], torch.zeros(2, 3, 1)))
err(lambda: nn.RNNCell(4, 3)(x))
err(lambda: nn.GRUCell(8, 3)(x[0]))
err(lambda: nn.LSTMCell(4, 3)(x[0], (torch.zeros(3, 3), torch.zeros(3, 3))))
err(lambda: nn.RNNCell(4, 3)(x[0], torch.zeros(2, 5)))


def weight_norms(m):
    return torch.stack([w.norm() for w in m.all_weights[0]])


torch.manual_seed(2)
with torch.no_grad():
    print(weight_norms(nn.LSTM(4, 3, num_layers=2)).round(decimals=4))
