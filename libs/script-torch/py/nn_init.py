# torch.nn.init: weight initialization (ported from PyTorch's
# torch/nn/init.py), as a class of static methods so that `nn.init.x_` works
# without a separate module.
#
# Runs in the torch.nn module's namespace after nn_module.py.
import math
import torch


class init:
    @staticmethod
    def _calculate_fan_in_and_fan_out(tensor):
        dimensions = tensor.dim()
        if dimensions < 2:
            raise ValueError('Fan in and fan out can not be computed for tensor with fewer than 2 dimensions')
        num_input_fmaps = tensor.size(1)
        num_output_fmaps = tensor.size(0)
        receptive_field_size = 1
        if dimensions > 2:
            for s in tensor.shape[2:]:
                receptive_field_size *= s
        return num_input_fmaps * receptive_field_size, num_output_fmaps * receptive_field_size

    @staticmethod
    def calculate_gain(nonlinearity, param=None):
        if nonlinearity in ('linear', 'conv1d', 'conv2d', 'conv3d', 'sigmoid'):
            return 1
        if nonlinearity == 'tanh':
            return 5.0 / 3
        if nonlinearity == 'relu':
            return math.sqrt(2.0)
        if nonlinearity == 'leaky_relu':
            negative_slope = 0.01 if param is None else param
            return math.sqrt(2.0 / (1 + negative_slope ** 2))
        if nonlinearity == 'selu':
            return 3.0 / 4
        raise ValueError(f'Unsupported nonlinearity {nonlinearity}')

    @staticmethod
    def uniform_(tensor, a=0.0, b=1.0):
        with torch.no_grad():
            return tensor.uniform_(a, b)

    @staticmethod
    def normal_(tensor, mean=0.0, std=1.0):
        with torch.no_grad():
            return tensor.normal_(mean, std)

    @staticmethod
    def constant_(tensor, val):
        with torch.no_grad():
            return tensor.fill_(val)

    @staticmethod
    def zeros_(tensor):
        with torch.no_grad():
            return tensor.zero_()

    @staticmethod
    def ones_(tensor):
        with torch.no_grad():
            return tensor.fill_(1)

    @staticmethod
    def _fan(tensor, mode):
        fan_in, fan_out = init._calculate_fan_in_and_fan_out(tensor)
        return fan_in if mode == 'fan_in' else fan_out

    @staticmethod
    def kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None):
        fan = init._fan(tensor, mode)
        gain = init.calculate_gain(nonlinearity, a)
        std = gain / math.sqrt(fan)
        bound = math.sqrt(3.0) * std
        with torch.no_grad():
            return tensor.uniform_(-bound, bound)

    @staticmethod
    def kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None):
        fan = init._fan(tensor, mode)
        gain = init.calculate_gain(nonlinearity, a)
        std = gain / math.sqrt(fan)
        with torch.no_grad():
            return tensor.normal_(0, std)

    @staticmethod
    def xavier_uniform_(tensor, gain=1.0, generator=None):
        fan_in, fan_out = init._calculate_fan_in_and_fan_out(tensor)
        std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
        a = math.sqrt(3.0) * std
        with torch.no_grad():
            return tensor.uniform_(-a, a)

    @staticmethod
    def xavier_normal_(tensor, gain=1.0, generator=None):
        fan_in, fan_out = init._calculate_fan_in_and_fan_out(tensor)
        std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
        with torch.no_grad():
            return tensor.normal_(0.0, std)
