# The torch.nn dropout modules beside nn_layers.py's Dropout: Dropout1d,
# Dropout2d, Dropout3d, AlphaDropout and FeatureAlphaDropout, ported from
# PyTorch's torch/nn/modules/dropout.py, and nn.ParameterDict.
#
# Runs in the torch.nn module's namespace after nn_layers.py: Module comes
# from there.
import torch
import torch.nn.functional as F


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(_DropoutNd):
    def forward(self, input):
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    def forward(self, input):
        return F.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input):
        return F.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    def forward(self, input):
        return F.alpha_dropout(input, self.p, self.training)


class FeatureAlphaDropout(_DropoutNd):
    def forward(self, input):
        return F.feature_alpha_dropout(input, self.p, self.training)


class ParameterDict(Module):
    # Ported from PyTorch's torch/nn/modules/container.py (the container
    # modules live beside the dropouts to keep nn_shape_layers.py small).
    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}
        if parameters is not None:
            self.update(parameters)

    def _key_to_attr(self, key):
        if not isinstance(key, str):
            raise TypeError(
                "Index given to ParameterDict cannot be used as a key as it is "
                f"not a string (type is '{type(key).__name__}'). Open an issue on "
                "github if you need non-string keys.")
        return key

    def __getitem__(self, key):
        return getattr(self, self._key_to_attr(key))

    def __setitem__(self, key, value):
        self._keys[key] = None
        attr = self._key_to_attr(key)
        if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, attr, value)

    def __delitem__(self, key):
        del self._keys[key]
        delattr(self, self._key_to_attr(key))

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __reversed__(self):
        return reversed(list(self._keys))

    def __contains__(self, key):
        return key in self._keys

    def copy(self):
        return ParameterDict([(k, self[k]) for k in self._keys])

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        for k in list(self._keys):
            del self[k]

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def popitem(self):
        k, _ = self._keys.popitem()
        self._keys[k] = None
        val = self[k]
        del self[k]
        return k, val

    def get(self, key, default=None):
        return self[key] if key in self else default

    def fromkeys(self, keys, default=None):
        return ParameterDict((k, default) for k in keys)

    def keys(self):
        return self._keys.keys()

    def items(self):
        return ((k, self[k]) for k in self._keys)

    def values(self):
        return (self[k] for k in self._keys)

    def update(self, parameters):
        if isinstance(parameters, ParameterDict) or type(parameters).__name__ == "OrderedDict":
            for key, parameter in parameters.items():
                self[key] = parameter
        elif isinstance(parameters, dict):
            for key, parameter in sorted(parameters.items()):
                self[key] = parameter
        else:
            for j, p in enumerate(parameters):
                if len(p) != 2:
                    raise ValueError("ParameterDict update sequence element "
                                     f"#{j} has length {len(p)}; 2 is required")
                self[p[0]] = p[1]

    def extra_repr(self):
        names = {torch.float32: "Float", torch.float64: "Double", torch.float16: "Half",
                 torch.bfloat16: "BFloat16", torch.int64: "Long", torch.int32: "Int",
                 torch.int16: "Short", torch.int8: "Char", torch.uint8: "Byte",
                 torch.bool: "Bool"}
        child_lines = []
        for k, p in self.items():
            if isinstance(p, torch.Tensor):
                size_str = "x".join(str(size) for size in p.size())
                parastr = "{} containing: [torch.{}Tensor of size {}]".format(
                    "Parameter" if isinstance(p, Parameter) else "Tensor", names[p.dtype],
                    size_str)
                child_lines.append("  (" + str(k) + "): " + parastr)
            else:
                child_lines.append("  (" + str(k) + "): Object of type: " + type(p).__name__)
        return "\n".join(child_lines)
