# torch.nn.utils.rnn's PackedSequence, pack_padded_sequence,
# pad_packed_sequence, pad_sequence and pack_sequence, ported from PyTorch's
# torch/nn/utils/rnn.py (the packing itself, C++ in ATen, written here over
# tensor ops). Defined in torch.nn's namespace (nn_rnn.py's modules take
# PackedSequence input); torch.nn.utils.rnn re-exports them.
#
# Runs in the torch.nn module's namespace before nn_rnn.py.
import torch


def _invert_permutation(permutation):
    if permutation is None:
        return None
    output = torch.empty_like(permutation)
    output.scatter_(0, permutation, torch.arange(0, permutation.numel()))
    return output


class PackedSequence:
    """data, batch_sizes, sorted_indices, unsorted_indices, as PyTorch's namedtuple."""

    def __init__(self, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = _invert_permutation(sorted_indices)
        if batch_sizes is None:
            data, batch_sizes = data[0], data[1]
        self.data = data
        self.batch_sizes = batch_sizes
        self.sorted_indices = sorted_indices
        self.unsorted_indices = unsorted_indices

    def _fields(self):
        return (self.data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def __iter__(self):
        return iter(self._fields())

    def __getitem__(self, i):
        return self._fields()[i]

    def __len__(self):
        return 4

    def __repr__(self):
        return (f'PackedSequence(data={self.data!r}, batch_sizes={self.batch_sizes!r}, '
                f'sorted_indices={self.sorted_indices!r}, unsorted_indices={self.unsorted_indices!r})')

    @property
    def is_cuda(self):
        return False

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        return type(self)(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def double(self):
        return self.to(dtype=torch.double)

    def float(self):
        return self.to(dtype=torch.float)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    if not isinstance(lengths, torch.Tensor):
        lengths = torch.tensor([int(n) for n in lengths], dtype=torch.int64)
    else:
        lengths = lengths.to(dtype=torch.int64)
    batch_dim = 0 if batch_first else 1
    if enforce_sorted:
        sorted_indices = None
    else:
        values = lengths.tolist()
        # Longest first; equal lengths keep their order.
        order = sorted(range(len(values)), key=lambda i: -values[i])
        sorted_indices = torch.tensor(order, dtype=torch.int64)
        lengths = lengths.index_select(0, sorted_indices)
        input = input.index_select(batch_dim, sorted_indices)
    values = lengths.tolist()
    if len(values) != input.size(batch_dim):
        raise RuntimeError(f'Expected `len(lengths)` to be equal to batch_size, but got '
                           f'{len(values)} (batch_size={input.size(batch_dim)})')
    if len(values) > 0 and values[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element "
                           "in 'lengths' that is <= 0")
    for i in range(len(values) - 1):
        if values[i] < values[i + 1]:
            raise RuntimeError('`lengths` array must be sorted in decreasing order when '
                               '`enforce_sorted` is True. You can pass `enforce_sorted=False` '
                               'to pack_padded_sequence and/or pack_sequence to sidestep this '
                               'requirement if you do not need ONNX exportability.')
    if batch_first:
        input = input.transpose(0, 1)
    steps = values[0]
    batch_sizes = [sum(1 for n in values if n > t) for t in range(steps)]
    data = torch.cat([input[t, :batch_sizes[t]] for t in range(steps)], 0)
    return PackedSequence(data, torch.tensor(batch_sizes, dtype=torch.int64), sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    batch_sizes = sequence.batch_sizes.tolist()
    max_seq_length = len(batch_sizes)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError('Expected total_length to be at least the length of the longest '
                             f'sequence in input, but got total_length={total_length} and max '
                             f'sequence length being {max_seq_length}')
        max_seq_length = total_length
    data = sequence.data
    batch = batch_sizes[0]
    padded = torch.full((max_seq_length, batch) + tuple(data.shape[1:]), padding_value,
                        dtype=data.dtype)
    offset = 0
    for t, n in enumerate(batch_sizes):
        padded[t, :n] = data[offset:offset + n]
        offset += n
    lengths = torch.tensor([sum(1 for n in batch_sizes if n > b) for b in range(batch)],
                           dtype=torch.int64)
    if batch_first:
        padded = padded.transpose(0, 1)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return padded.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices]
    return padded, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side='right'):
    if padding_side not in ('left', 'right'):
        raise ValueError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    sequences = list(sequences)
    max_len = max(s.size(0) for s in sequences)
    trailing = tuple(sequences[0].shape[1:])
    batch = len(sequences)
    sizes = (batch, max_len) if batch_first else (max_len, batch)
    out = torch.full(sizes + trailing, padding_value, dtype=sequences[0].dtype)
    for i, s in enumerate(sequences):
        n = s.size(0)
        steps = slice(0, n) if padding_side == 'right' else slice(max_len - n, max_len)
        if batch_first:
            out[i, steps] = s
        else:
            out[steps, i] = s
    return out


def pack_sequence(sequences, enforce_sorted=True):
    lengths = torch.tensor([v.size(0) for v in sequences], dtype=torch.int64)
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)
