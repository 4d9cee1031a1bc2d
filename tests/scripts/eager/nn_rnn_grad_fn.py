# What nn.RNN / LSTM / GRU and the cells return when their parameters
# require grad (grad mode on): requires_grad, is_leaf and the grad_fn PyTorch
# prints (StackBackward0 for the states; for the output oneDNN's
# MkldnnRnnLayerBackward0 for float32 LSTMs without projection, a cat of the
# directions, a transpose for batch_first; SqueezeBackward1 unbatched); under
# torch.no_grad() or with frozen parameters, none. Values print at 4 decimals
# (GEMM summation order differs from PyTorch's).
import warnings
import torch
import torch.nn as nn

warnings.filterwarnings('ignore', message='LSTM with projections')
torch.manual_seed(0)
x = torch.randn(2, 2, 3)
for mode in [nn.RNN, nn.LSTM, nn.GRU]:
    for kw in [{}, {'batch_first': True}, {'bidirectional': True}]:
        out, h = mode(3, 2, **kw)(x)
        print(mode.__name__, kw, out.requires_grad, out.is_leaf)
        print(out[0], h)
        out, h = mode(3, 2, **kw)(x[0])
        print(out, h)
out, (h, c) = nn.LSTM(3, 4, proj_size=2)(x)
print(out[1], h, c)
print(nn.LSTM(3, 2, dtype=torch.float64)(x.double())[0][1])
print(nn.LSTMCell(3, 2)(x[0]), nn.GRUCell(3, 2)(x[0]), nn.RNNCell(3, 2)(x[0]))
print(nn.RNNCell(3, 2, nonlinearity='relu')(x[0, 0]), x[0].squeeze(), x[0].requires_grad)
with torch.no_grad():
    print(nn.GRU(3, 2)(x)[1])
lstm = nn.LSTM(3, 2).requires_grad_(False)
print(lstm(x)[0].requires_grad, lstm(x[0])[1])
