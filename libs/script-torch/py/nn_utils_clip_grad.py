# torch.nn.utils.clip_grad_norm_ / clip_grad_norm / clip_grad_value_ and the
# helpers _get_total_norm / _clip_grads_with_norm_ (torch.nn.utils exports
# them as get_total_norm / clip_grads_with_norm_), as PyTorch 2.15 writes them
# (torch/nn/utils/clip_grad.py). On the CPU PyTorch's foreach path
# (foreach=None picks it there) runs linalg.vector_norm and mul_ per
# tensor, so every choice of `foreach` computes the same numbers: one
# vector_norm per gradient, the norm of those norms, and the gradients
# scaled by min(max_norm / (total + 1e-6), 1) as a float tensor.
#
# Runs in the torch.nn.utils.clip_grad module's namespace
# (libs/script-torch/src/optim_modules.cc).
import functools
import types
import warnings

import torch

__all__ = ['clip_grad_norm', 'clip_grad_norm_', 'clip_grad_value_']

# Devices with foreach kernels (PyTorch's list plus the CPU).
_FOREACH_DEVICES = ('cuda', 'xpu', 'mtia', 'privateuseone', 'cpu')


def _no_grad(func):
    def _no_grad_wrapper(*args, **kwargs):
        with torch.no_grad():
            return func(*args, **kwargs)

    functools.update_wrapper(_no_grad_wrapper, func)
    return _no_grad_wrapper


def _check_foreach(foreach, device):
    # foreach=True where no foreach kernels exist is an error, as in PyTorch.
    if foreach and device.type not in _FOREACH_DEVICES:
        raise RuntimeError(f"foreach=True was passed, but can't use the foreach API on "
                           f'{device.type} tensors')


def _by_device(tensors):
    # Tensors grouped by device in first-seen order (dtype splits change
    # nothing here: each tensor is handled on its own).
    groups = {}
    for t in tensors:
        groups.setdefault(t.device, []).append(t)
    return groups


@_no_grad
def _get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    if isinstance(tensors, torch.Tensor):
        tensors = [tensors]
    else:
        tensors = list(tensors)
    norm_type = float(norm_type)
    if len(tensors) == 0:
        return torch.tensor(0.0)
    first_device = tensors[0].device
    norms = []
    for device, device_tensors in _by_device(tensors).items():
        _check_foreach(foreach, device)
        norms.extend([torch.linalg.vector_norm(g, norm_type) for g in device_tensors])
    total_norm = torch.linalg.vector_norm(
        torch.stack([norm.to(first_device) for norm in norms]), norm_type)
    if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
        raise RuntimeError(
            f'The total norm of order {norm_type} for gradients from '
            '`parameters` is non-finite, so it cannot be clipped. To disable '
            'this error and scale the gradients by the non-finite norm anyway, '
            'set `error_if_nonfinite=False`')
    return total_norm


@_no_grad
def _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    grads = [p.grad for p in parameters if p.grad is not None]
    max_norm = float(max_norm)
    if len(grads) == 0:
        return
    clip_coef = max_norm / (total_norm + 1e-6)
    # Multiplied even when the clamp makes it 1, as PyTorch does (no
    # data-dependent branch).
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    for device, device_grads in _by_device(grads).items():
        _check_foreach(foreach, device)
        clip_coef_clamped_device = clip_coef_clamped.to(device)
        for g in device_grads:
            g.mul_(clip_coef_clamped_device)


@_no_grad
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False,
                    foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    else:
        is_generator = isinstance(parameters, types.GeneratorType)
        parameters = list(parameters)
        if is_generator and len(parameters) == 0:
            warnings.warn('`parameters` is an empty generator, no gradient clipping will occur.',
                          stacklevel=3)
    grads = [p.grad for p in parameters if p.grad is not None]
    total_norm = _get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
    return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    warnings.warn('`torch.nn.utils.clip_grad_norm` is now deprecated in favor of '
                  '`torch.nn.utils.clip_grad_norm_`.', FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


@_no_grad
def clip_grad_value_(parameters, clip_value, foreach=None):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    clip_value = float(clip_value)
    grads = [p.grad for p in parameters if p.grad is not None]
    for device, device_grads in _by_device(grads).items():
        _check_foreach(foreach, device)
        for grad in device_grads:
            grad.clamp_(min=-clip_value, max=clip_value)
