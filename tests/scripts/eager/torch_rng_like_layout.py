# The *_like forms keep their input's layout (memory_format=torch.preserve_format):
# strides follow the input's, and rand_like / randn_like / randint_like (and
# in-place draws into empty_like) fill memory order, as PyTorch's do, for
# transposed, permuted, sliced, expanded and size-1 inputs, float and integer.
import torch


def like_strides(x):
    return (x.stride(), torch.empty_like(x).stride(), torch.zeros_like(x).stride(), torch.ones_like(x).stride(),
            torch.full_like(x, 2).stride(), torch.zeros_like(x, dtype=torch.float64).stride(),
            torch.randint_like(x, 3, 9).stride())


torch.manual_seed(0)
sources = [('T', torch.empty(4, 6).t()), ('T small', torch.empty(2, 3).t()),
           ('permuted', torch.empty(2, 3, 4).permute(2, 0, 1)), ('slice', torch.empty(5, 8)[:, 1::2]),
           ('slice T', torch.empty(8, 5)[::2].t()), ('expanded', torch.zeros(3, 1).expand(3, 6)),
           ('size-1', torch.empty(1, 5).t()), ('float64 T', torch.empty(5, 4, dtype=torch.float64).t()),
           ('int64 T', torch.empty(4, 5, dtype=torch.int64).t()), ('contiguous', torch.empty(3, 6))]
for name, x in sources:
    print(name, like_strides(x))
    if x.dtype.is_floating_point:
        print(name, 'rand_like', torch.rand_like(x).tolist(), torch.rand_like(x).stride())
        print(name, 'randn_like', torch.randn_like(x).tolist())
        print(name, 'randn_like float64', torch.randn_like(x, dtype=torch.float64).tolist())
    print(name, 'randint_like', torch.randint_like(x, 10).tolist())
    print(name, 'empty_like normal_', torch.empty_like(x, dtype=torch.float32).normal_().tolist())
    print(name, 'values', torch.zeros_like(x).tolist(), torch.ones_like(x).tolist(), torch.full_like(x, 3).tolist())
g = torch.Generator().manual_seed(5)
print('generator', torch.randn_like(torch.empty(6, 4).t(), generator=g).tolist())
print(torch.rand(2).tolist())
