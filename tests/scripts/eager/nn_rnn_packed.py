# torch.nn.utils.rnn: pad_sequence, pack_padded_sequence (sorted and
# enforce_sorted=False), pack_sequence, pad_packed_sequence (batch_first,
# total_length) and PackedSequence input to nn.LSTM / GRU / RNN (layers,
# bidirectional, proj_size, given initial states): each sequence runs only
# for its own length and h_n holds its last state. Error texts as PyTorch's.
# tc-compare: abs=2e-6  reason: the GEMMs' summation order differs from PyTorch's (MKL / oneDNN there, OpenBLAS here); small values print in scientific notation with 5 digits
import torch, torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence, pack_sequence
torch.manual_seed(0)
seqs = [torch.randn(5, 3), torch.randn(2, 3), torch.randn(4, 3)]
padded = pad_sequence(seqs)
print(padded.shape, padded.is_contiguous(), pad_sequence(seqs, batch_first=True, padding_value=-1.0)[1])
lengths = torch.tensor([5, 2, 4])
packed = pack_padded_sequence(padded, lengths, enforce_sorted=False)
print(packed)
with torch.no_grad():
    for m in [nn.LSTM(3, 4, num_layers=2, bidirectional=True), nn.GRU(3, 4), nn.RNN(3, 4, batch_first=True), nn.LSTM(3, 4, proj_size=2)]:
        out, h = m(packed)
        print(type(out).__name__, out.batch_sizes)
        un, lens = pad_packed_sequence(out)
        print(un, lens, h)
    ps = pack_sequence([seqs[0], seqs[2], seqs[1]])
    out, h = nn.GRU(3, 2)(ps, torch.ones(1, 3, 2))
    print(out.data, h)
    print(pad_packed_sequence(out, batch_first=True, total_length=7)[0].shape)
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: pack_padded_sequence(padded, lengths))
err(lambda: pack_padded_sequence(padded, [5, 4]))
err(lambda: pad_packed_sequence(packed, total_length=2))
print(nn.utils.rnn.PackedSequence is type(packed))


def encode(m, x, lengths):
    packed = pack_padded_sequence(torch.tanh(x), lengths, enforce_sorted=False)
    out, h = m(packed)
    return pad_packed_sequence(out, batch_first=True)[0] * 2, h


with torch.no_grad():
    torch.manual_seed(3)
    print(encode(nn.GRU(3, 2, bidirectional=True), padded, lengths))
