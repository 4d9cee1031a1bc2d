# The torch.nn shape modules and containers beside nn_layers.py's: Unflatten,
# PixelShuffle, PixelUnshuffle, the padding modules, ModuleDict and
# ParameterList, ported from PyTorch's torch/nn/modules/{flatten,
# pixelshuffle,padding,container}.py.
#
# Runs in the torch.nn module's namespace after nn_layers.py: Module,
# Parameter and _addindent come from there.
import torch
import torch.nn.functional as F


class Unflatten(Module):
    def __init__(self, dim, unflattened_size):
        super().__init__()
        if isinstance(dim, int):
            if not isinstance(unflattened_size, (tuple, list)):
                raise TypeError("unflattened_size must be a tuple of ints, " +
                                f"but found type {type(unflattened_size).__name__}")
        elif isinstance(dim, str):
            raise NotImplementedError("named tensors are not supported by tc")
        else:
            raise TypeError("invalid argument type for dim parameter")
        self.dim = dim
        self.unflattened_size = unflattened_size

    def forward(self, input):
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self):
        return f'dim={self.dim}, unflattened_size={self.unflattened_size}'


class PixelShuffle(Module):
    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f'upscale_factor={self.upscale_factor}'


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f'downscale_factor={self.downscale_factor}'


def _ntuple_pad(padding, n):
    if isinstance(padding, int):
        return (padding,) * (2 * n)
    return tuple(padding)


class _PadNd(Module):
    _mode = 'constant'
    _dims = 1

    def __init__(self, padding, value=None):
        super().__init__()
        self.padding = _ntuple_pad(padding, self._dims)
        if value is not None:
            self.value = value

    def forward(self, input):
        if self._mode == 'constant':
            return F.pad(input, self.padding, 'constant', self.value)
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self):
        if self._mode == 'constant':
            return f'padding={self.padding}, value={self.value}'
        return f'{self.padding}'


class _ConstantPadNd(_PadNd):
    def __init__(self, padding, value):
        super().__init__(padding, value)


class _ZeroPadNd(_ConstantPadNd):
    def __init__(self, padding):
        super().__init__(padding, 0.)

    def extra_repr(self):
        return f'{self.padding}'


# ConstantPad1d ... CircularPad3d: one class per mode and padded dim count,
# as PyTorch names them; they differ only in those two.
for _dims in (1, 2, 3):
    for _prefix, _mode, _base in (('Constant', 'constant', _ConstantPadNd),
                                  ('Zero', 'constant', _ZeroPadNd),
                                  ('Reflection', 'reflect', _PadNd),
                                  ('Replication', 'replicate', _PadNd),
                                  ('Circular', 'circular', _PadNd)):
        _name = f'{_prefix}Pad{_dims}d'
        globals()[_name] = type(_name, (_base,), {'_mode': _mode, '_dims': _dims,
                                                  '__module__': 'torch.nn.modules.padding'})


class ModuleDict(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self.__dict__[key] if key in self._modules else self._missing(key)

    def _missing(self, key):
        raise KeyError(key)

    def __setitem__(self, key, module):
        setattr(self, key, module)

    def __delitem__(self, key):
        if key not in self._modules:
            raise KeyError(key)
        delattr(self, key)

    def __len__(self):
        return len(self._own_modules())

    def __iter__(self):
        return iter([k for k, _ in self._own_modules()])

    def __contains__(self, key):
        return key in self._modules

    def clear(self):
        for k in list(self.keys()):
            delattr(self, k)

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return [k for k, _ in self._own_modules()]

    def items(self):
        return list(self._own_modules())

    def values(self):
        return [m for _, m in self._own_modules()]

    def update(self, modules):
        if isinstance(modules, (dict, ModuleDict)):
            for key, module in modules.items():
                self[key] = module
        else:
            for j, m in enumerate(modules):
                if len(m) != 2:
                    raise ValueError("ModuleDict update sequence element "
                                     "#" + str(j) + " has length " + str(len(m)) +
                                     "; 2 is required")
                self[m[0]] = m[1]


class ParameterList(Module):
    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self.extend(values)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return ParameterList([self[i] for i in range(self._size)[idx]])
        if idx < -self._size or idx >= self._size:
            raise IndexError(f'index {idx} is out of range')
        if idx < 0:
            idx += self._size
        return getattr(self, str(idx))

    def __setitem__(self, idx, param):
        if idx < 0:
            idx += self._size
        if not isinstance(param, Parameter) and isinstance(param, torch.Tensor):
            param = Parameter(param)
        setattr(self, str(idx), param)

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter([self[i] for i in range(self._size)])

    def append(self, value):
        new_idx = self._size
        self._size += 1
        self[new_idx] = value
        return self

    def extend(self, values):
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        child_lines = []
        for k, p in enumerate(self):
            if isinstance(p, torch.Tensor):
                size_str = 'x'.join(str(size) for size in p.size())
                device_str = '' if p.device.type == 'cpu' else f' ({p.device})'
                parastr = '{} containing: [{} of size {}{}]'.format(
                    "Parameter" if isinstance(p, Parameter) else "Tensor",
                    p.dtype, size_str, device_str)
                child_lines.append('  (' + str(k) + '): ' + parastr)
            else:
                child_lines.append('  (' + str(k) + '): Object of type: ' + type(p).__name__)
        return '\n'.join(child_lines)
del _dims, _prefix, _mode, _base, _name
