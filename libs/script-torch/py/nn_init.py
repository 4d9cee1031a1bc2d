# The torch.nn.init module: PyTorch's parameter initializers (the behaviour of
# its torch/nn/init.py, 2.15), written for tc. Every bound is computed in
# Python doubles with the same expression PyTorch evaluates, so that
# Tensor.uniform_/normal_ (PyTorch's CPU generator, bit for bit) receive the
# very same arguments and the draws match PyTorch's exactly. Each function
# fills the tensor in place under no_grad and returns it.
#
# Compiled into the torch.nn.init module on first import
# (libs/script-torch/src/nn_init.cc); torch.nn binds it as `nn.init`.
# orthogonal_ is native there: it needs PyTorch's LAPACK QR bit for bit.
import math
import torch

# calculate_gain's names whose gain is 1.
_GAIN_ONE = ('linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d',
             'conv_transpose3d', 'sigmoid')


def calculate_gain(nonlinearity, param=None):
    if nonlinearity in _GAIN_ONE:
        return 1
    if nonlinearity == 'tanh':
        return 5.0 / 3
    if nonlinearity == 'relu':
        return math.sqrt(2.0)
    if nonlinearity == 'leaky_relu':
        if param is None:
            slope = 0.01
        elif isinstance(param, float) or (isinstance(param, int) and not isinstance(param, bool)):
            slope = param
        else:
            raise ValueError(f'negative_slope {param} not a valid number')
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == 'selu':
        return 3.0 / 4
    raise ValueError(f'Unsupported nonlinearity {nonlinearity}')


def _calculate_fan_in_and_fan_out(tensor):
    if tensor.dim() < 2:
        raise ValueError('Fan in and fan out can not be computed for tensor with fewer than 2 dimensions')
    receptive_field = 1
    for s in tensor.shape[2:]:
        receptive_field *= s
    return tensor.size(1) * receptive_field, tensor.size(0) * receptive_field


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    if mode not in ('fan_in', 'fan_out'):
        raise ValueError(f"Mode {mode} not supported, please use one of ['fan_in', 'fan_out']")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == 'fan_in' else fan_out


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    with torch.no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    with torch.no_grad():
        return tensor.normal_(mean, std, generator=generator)


def constant_(tensor, val):
    with torch.no_grad():
        return tensor.fill_(val)


def ones_(tensor):
    return constant_(tensor, 1.0)


def zeros_(tensor):
    with torch.no_grad():
        return tensor.zero_()


def eye_(tensor):
    if tensor.dim() != 2:
        raise ValueError('Only tensors with 2 dimensions are supported')
    with torch.no_grad():
        tensor.copy_(torch.eye(tensor.size(0), tensor.size(1), dtype=tensor.dtype))
    return tensor


def dirac_(tensor, groups=1):
    dims = tensor.dim()
    if dims not in (3, 4, 5):
        raise ValueError('Only tensors with 3, 4, or 5 dimensions are supported')
    if tensor.size(0) % groups != 0:
        raise ValueError('dim 0 must be divisible by groups')
    per_group = tensor.size(0) // groups
    # The centre of each spatial dimension.
    centre = tuple(s // 2 for s in tensor.shape[2:])
    with torch.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min(per_group, tensor.size(1))):
                tensor[(g * per_group + d, d) + centre] = 1
    return tensor


def xavier_uniform_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


# PyTorch skips (with a warning) tensors that have a zero-sized dimension:
# their fan may be 0, and there is nothing to draw.
def _kaiming_std(tensor, a, mode, nonlinearity):
    fan = _calculate_correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    return gain / math.sqrt(fan)


def kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None):
    if 0 in tensor.shape:
        return tensor
    bound = math.sqrt(3.0) * _kaiming_std(tensor, a, mode, nonlinearity)
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None):
    if 0 in tensor.shape:
        return tensor
    return normal_(tensor, 0, _kaiming_std(tensor, a, mode, nonlinearity), generator)


def _std_normal_cdf(x):
    return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0


# trunc_normal_ when most of the mass lies inside [a, b]: draw normals and
# redraw the out-of-range positions from whole fresh tensors (PyTorch 2.15's
# order of draws), comparing against the bounds rounded to the tensor's dtype.
def _trunc_normal_by_redraw(tensor, mean, std, a, b, generator):
    lo = torch.tensor(a, dtype=tensor.dtype).item()
    hi = torch.tensor(b, dtype=tensor.dtype).item()
    result = tensor.normal_(mean, std, generator=generator)
    while True:
        outside = (result < lo) | (result > hi)
        if not outside.any():
            break
        # PyTorch draws into empty_like(result); result has the layout of
        # `tensor` there (torch.where keeps its operands' layout, tc's makes
        # contiguous outputs), so empty_like(tensor) draws the same numbers.
        fresh = torch.empty_like(tensor).normal_(mean, std, generator=generator)
        result = torch.where(outside, fresh, result)
    if result is not tensor:
        tensor.copy_(result)


# The log of the normal density relative to its peak on [a, b], in place.
def _log_density_(x, mean, std, log_peak):
    return x.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)


# trunc_normal_ for narrow or far-off intervals: rejection sampling from a
# uniform proposal on [a, b], accepting where log(u) <= log density; every
# round redraws whole tensors and keeps the positions still pending.
def _trunc_normal_by_rejection(tensor, mean, std, a, b, generator):
    peak_at = max(a, min(mean, b))
    log_peak = -0.5 * ((peak_at - mean) / std) ** 2
    candidates = torch.empty_like(tensor)
    accept = torch.empty_like(tensor)
    tensor.uniform_(a, b, generator=generator)
    candidates.copy_(tensor)
    _log_density_(candidates, mean, std, log_peak)
    pending = accept.uniform_(generator=generator).log_().gt(candidates)
    if not pending.any():
        return
    result = tensor
    while True:
        candidates.uniform_(a, b, generator=generator)
        result = torch.where(pending, candidates, result)
        _log_density_(candidates, mean, std, log_peak)
        rejected = accept.uniform_(generator=generator).log_().gt(candidates)
        pending = torch.where(pending, rejected, pending)
        if not pending.any():
            break
    tensor.copy_(result)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    with torch.no_grad():
        mass = _std_normal_cdf((b - mean) / std) - _std_normal_cdf((a - mean) / std)
        if mass > 0.3:
            _trunc_normal_by_redraw(tensor, mean, std, a, b, generator)
        else:
            _trunc_normal_by_rejection(tensor, mean, std, a, b, generator)
    return tensor


# N(0, std) everywhere, then ceil(sparsity * rows) zeros in each column at
# the first rows of a fresh permutation. As in PyTorch, the permutations
# come from the default generator even when `generator` is given.
def sparse_(tensor, sparsity, std=0.01, generator=None):
    if tensor.dim() != 2:
        raise ValueError('Only tensors with 2 dimensions are supported')
    rows, cols = tensor.shape
    zeros_per_column = math.ceil(sparsity * rows)
    with torch.no_grad():
        tensor.normal_(0, std, generator=generator)
        for col in range(cols):
            tensor[torch.randperm(rows)[:zeros_per_column], col] = 0
    return tensor
