# Dynamo breaks the graph on purpose at a call of nn.RNN / GRU / LSTM
# (torch._dynamo.config.allow_rnn is False): the module runs eagerly and the
# code before and after it compiles into two graphs. Cells (LSTMCell, ...)
# are traced like any other module.
import torch
import torch._dynamo
import torch.nn as nn

torch.manual_seed(0)
lstm = nn.LSTM(4, 3)


def f(x):
    y = x * 2
    out, (h, c) = lstm(y)
    return out.sum() + h.sum()


x = torch.randn(5, 2, 4)
r = torch._dynamo.explain(f)(x)
print(r.graph_count, r.graph_break_count, r.op_count)
for b in r.break_reasons:
    print(b.reason)
    print([(fr.name, fr.lineno) for fr in b.user_stack])
with torch.no_grad():
    print(torch.compile(f, backend="eager")(x).round(decimals=4))

cell = nn.GRUCell(4, 3)


def g(x):
    return cell(x[0]) * 2


r = torch._dynamo.explain(g)(x)
print(r.graph_count, r.graph_break_count)
