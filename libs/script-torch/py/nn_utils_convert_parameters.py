# torch.nn.utils.parameters_to_vector and vector_to_parameters, as PyTorch
# 2.15 writes them (torch/nn/utils/convert_parameters.py): the parameters
# flattened into one vector and back (each parameter's .data becomes a
# view of the vector).
#
# Runs in the torch.nn.utils.convert_parameters module's namespace
# (libs/script-torch/src/optim_modules.cc).
import torch

__all__ = ['parameters_to_vector', 'vector_to_parameters']


def parameters_to_vector(parameters):
    param_device = None
    vec = []
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        vec.append(param.view(-1))
    return torch.cat(vec)


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, torch.Tensor):
        raise TypeError(f'expected torch.Tensor, but got: {torch.typename(vec)}')
    param_device = None
    pointer = 0
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        num_param = param.numel()
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param


def _check_param_device(param, old_param_device):
    # -1 for the CPU, else the accelerator's index; mixing them is an error.
    support_device_types = ['cuda', 'privateuseone']
    if old_param_device is None:
        old_param_device = (param.get_device() if param.device.type in support_device_types
                            else -1)
    else:
        if param.device.type in support_device_types:
            warn = param.get_device() != old_param_device
        else:
            warn = old_param_device != -1
        if warn:
            raise TypeError('Found two parameters on different devices, '
                            'this is currently not supported.')
    return old_param_device
