# torch.nn.functional's channel-wise and alpha dropouts, ported from
# PyTorch's torch/nn/functional.py: dropout1d, dropout2d, dropout3d,
# alpha_dropout and feature_alpha_dropout, with PyTorch's rank checks and
# warnings, over torch.feature_dropout / alpha_dropout /
# feature_alpha_dropout (nn_functional_dropout.cc).
#
# Runs in the torch.nn.functional module's namespace.
import warnings

import torch


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _warn_rank(k, inp_dim):
    # dropout2d's and dropout3d's warning for other ranks (k spatial dims).
    name = f"dropout{k}d"
    warnings.warn(
        f"{name}: Received a {inp_dim}-D input to {name}, which is deprecated "
        "and will result in an error in a future release. To retain the behavior "
        f"and silence this warning, please use dropout instead. Note that {name} "
        f"exists to provide channel-wise dropout on inputs with {k} spatial dimensions, "
        f"a channel dimension, and an optional batch dimension (i.e. {k + 1}D or {k + 2}D "
        "inputs).", stacklevel=3)


def _feature_dropout(input, p, training, inplace, is_batched):
    # dropout1d's and dropout3d's tail: an unbatched input gets a batch dim
    # for the draw (in place too) and loses it after.
    if not is_batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = (torch.feature_dropout_(input, p, training) if inplace
              else torch.feature_dropout(input, p, training))
    if not is_batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def dropout1d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (2, 3):
        raise RuntimeError(
            f"dropout1d: Expected 2D or 3D input, but received a {inp_dim}D input. "
            "Note that dropout1d exists to provide channel-wise dropout on inputs with 1 "
            "spatial dimension, a channel dimension, and an optional batch dimension "
            "(i.e. 2D or 3D inputs).")
    return _feature_dropout(input, p, training, inplace, inp_dim == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (3, 4):
        _warn_rank(2, inp_dim)
    if inp_dim == 3:
        warnings.warn(
            "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise "
            "1D dropout behavior is desired - input is interpreted as shape (N, C, L), where C "
            "is the channel dim. This behavior will change in a future release to interpret the "
            "input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D "
            "channel-wise dropout behavior, please switch to using dropout1d instead.",
            stacklevel=2)
    return (torch.feature_dropout_(input, p, training) if inplace
            else torch.feature_dropout(input, p, training))


def dropout3d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (4, 5):
        _warn_rank(3, inp_dim)
    return _feature_dropout(input, p, training, inplace, inp_dim == 5)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    return (torch.alpha_dropout_(input, p, training) if inplace
            else torch.alpha_dropout(input, p, training))


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    return (torch.feature_alpha_dropout_(input, p, training) if inplace
            else torch.feature_alpha_dropout(input, p, training))
