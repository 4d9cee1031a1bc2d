# torch.nn.EmbeddingBag, ported from PyTorch's torch/nn/modules/sparse.py
# (Embedding itself lives in nn_layers.py).
#
# Runs in the torch.nn module's namespace after nn_layers.py: Module,
# Parameter and init come from there.
import torch
import torch.nn.functional as F


class EmbeddingBag(Module):
    def __init__(self, num_embeddings, embedding_dim, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, mode='mean', sparse=False, _weight=None,
                 include_last_offset=False, padding_idx=None, device=None, dtype=None):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.max_norm, self.norm_type = max_norm, norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if padding_idx is not None:
            if padding_idx > 0:
                if padding_idx >= self.num_embeddings:
                    raise AssertionError('padding_idx must be within num_embeddings')
            elif padding_idx < 0:
                if padding_idx < -self.num_embeddings:
                    raise AssertionError('padding_idx must be within num_embeddings')
                padding_idx = self.num_embeddings + padding_idx
        self.padding_idx = padding_idx
        if _weight is None:
            self.weight = Parameter(torch.empty((num_embeddings, embedding_dim), dtype=dtype))
            self.reset_parameters()
        else:
            if tuple(_weight.shape) != (num_embeddings, embedding_dim):
                raise AssertionError('Shape of weight does not match num_embeddings and embedding_dim')
            self.weight = Parameter(_weight)
        self.mode, self.sparse, self.include_last_offset = mode, sparse, include_last_offset

    # N(0, 1) for every row, then the padding row zeroed: Embedding's.
    reset_parameters = Embedding.reset_parameters
    _fill_padding_idx_with_zero = Embedding._fill_padding_idx_with_zero

    def forward(self, input, offsets=None, per_sample_weights=None):
        return F.embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type,
                               self.scale_grad_by_freq, self.mode, self.sparse,
                               per_sample_weights, self.include_last_offset, self.padding_idx)

    def extra_repr(self):
        s = f'{self.num_embeddings!r}, {self.embedding_dim!r}'
        if self.max_norm is not None:
            s += f', max_norm={self.max_norm!r}'
        if self.norm_type != 2:
            s += f', norm_type={self.norm_type!r}'
        if self.scale_grad_by_freq is not False:
            s += f', scale_grad_by_freq={self.scale_grad_by_freq!r}'
        s += f', mode={self.mode!r}'
        if self.padding_idx is not None:
            s += f', padding_idx={self.padding_idx!r}'
        return s

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, max_norm=None, norm_type=2.0,
                        scale_grad_by_freq=False, mode='mean', sparse=False,
                        include_last_offset=False, padding_idx=None):
        if embeddings.dim() != 2:
            raise AssertionError('Embeddings parameter is expected to be 2-dimensional')
        rows, cols = embeddings.shape
        embeddingbag = cls(num_embeddings=rows, embedding_dim=cols, _weight=embeddings,
                           max_norm=max_norm, norm_type=norm_type,
                           scale_grad_by_freq=scale_grad_by_freq, mode=mode, sparse=sparse,
                           include_last_offset=include_last_offset, padding_idx=padding_idx)
        embeddingbag.weight.requires_grad = not freeze
        return embeddingbag
