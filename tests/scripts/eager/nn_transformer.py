# tc-compare: rel=1e-4 abs=1e-5  reason: projections, attention and feed-forward products go through OpenBLAS GEMM under tc and MKL/oneDNN under PyTorch (float32 sums in another order: last bits differ).
# nn.TransformerEncoderLayer / TransformerDecoderLayer (relu, gelu, a
# callable; norm_first; batch_first; bias=False), TransformerEncoder with a
# final norm (and PyTorch's enable_nested_tensor UserWarning),
# TransformerDecoder, nn.Transformer and generate_square_subsequent_mask:
# parameter names and default init after torch.manual_seed (bit for bit),
# eval-mode forward values, masks, causal detection, train-mode dropout.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F
from _catch_helper import catch

print(nn.Transformer.generate_square_subsequent_mask(4))
print(nn.Transformer.generate_square_subsequent_mask(3, dtype=torch.float64).dtype)

torch.manual_seed(0)
enc_layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0)
print(enc_layer)
print([(n, tuple(p.shape)) for n, p in enc_layer.named_parameters()])
print(enc_layer.linear1.weight[0].tolist(), enc_layer.activation_relu_or_gelu)
src = torch.randn(5, 3, 8)
enc_layer.eval()
with torch.no_grad():
    out = enc_layer(src)
    print(tuple(out.shape), out[0, 0].tolist())
    mask = nn.Transformer.generate_square_subsequent_mask(5)
    print(enc_layer(src, src_mask=mask)[2, 1].tolist())
    print(enc_layer(src, src_mask=mask, is_causal=True)[2, 1].tolist())
    kpm = torch.tensor([[False] * 5, [False, False, False, True, True], [False] * 5])
    print(enc_layer(src, src_key_padding_mask=kpm)[1, 1].tolist())

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    encoder = nn.TransformerEncoder(enc_layer, num_layers=2, norm=nn.LayerNorm(8))
print([(w.category.__name__, str(w.message)) for w in caught])
print(len(encoder.layers), encoder.use_nested_tensor, encoder.enable_nested_tensor)
print(torch.equal(encoder.layers[0].linear1.weight, encoder.layers[1].linear1.weight),
      encoder.layers[0].linear1.weight is encoder.layers[1].linear1.weight)
print([n for n, _ in encoder.named_parameters()][:6])
encoder.eval()
with torch.no_grad():
    print(encoder(src)[4, 2].tolist())
    print(encoder(src, mask=mask)[4, 2].tolist())

torch.manual_seed(1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    g = nn.TransformerEncoderLayer(8, 2, dim_feedforward=12, dropout=0.0, activation="gelu",
                                   batch_first=True, norm_first=True)
    nn.TransformerEncoder(g, 1)
print([str(w.message) for w in caught])
print(g.activation_relu_or_gelu, g.norm_first, g.self_attn.batch_first)
g.eval()
with torch.no_grad():
    print(g(torch.randn(2, 4, 8))[1].tolist())

torch.manual_seed(2)
c = nn.TransformerEncoderLayer(8, 2, dim_feedforward=12, dropout=0.0, activation=torch.tanh,
                               bias=False)
print([n for n, _ in c.named_parameters()], c.activation_relu_or_gelu)
c.eval()
with torch.no_grad():
    print(c(torch.randn(3, 1, 8))[0, 0].tolist())

torch.manual_seed(3)
dec_layer = nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, dropout=0.0)
print([(n, tuple(p.shape)) for n, p in dec_layer.named_parameters()])
decoder = nn.TransformerDecoder(dec_layer, num_layers=2, norm=nn.LayerNorm(8))
tgt = torch.randn(4, 3, 8)
memory = torch.randn(6, 3, 8)
decoder.eval()
with torch.no_grad():
    print(decoder(tgt, memory)[3, 0].tolist())
    tmask = nn.Transformer.generate_square_subsequent_mask(4)
    print(decoder(tgt, memory, tgt_mask=tmask)[1, 2].tolist())

torch.manual_seed(4)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=2, num_decoder_layers=1,
                           dim_feedforward=16, dropout=0.1)
print([str(w.message) for w in caught])
print(sum(p.numel() for p in model.parameters()), len(list(model.parameters())))
print(model.encoder.layers[1].self_attn.in_proj_weight[0].tolist())
print(model.decoder.layers[0].linear2.weight[0].tolist())
model.eval()
s = torch.randn(5, 2, 8)
t = torch.randn(3, 2, 8)
with torch.no_grad():
    y = model(s, t, tgt_mask=nn.Transformer.generate_square_subsequent_mask(3))
print(tuple(y.shape), y[2].tolist())
model.train()
torch.manual_seed(5)
with torch.no_grad():
    print(model(s, t)[0, 1].tolist())

catch(lambda: model(s, torch.randn(3, 4, 8)))
catch(lambda: model(s, torch.randn(3, 2, 6)))
catch(lambda: nn.TransformerEncoderLayer(8, 2, activation="tanh"))


def encode(m, x):
    return m(x)


with torch.no_grad():
    print(encode(encoder, src)[0, 0].tolist())
