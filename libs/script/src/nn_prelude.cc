// torch.nn.Module and the layers, written in the script language itself
// (ported from PyTorch's module.py so subclassing, repr and traversal order
// behave as PyTorch's). Parameters, submodules and buffers live in the
// instance __dict__ in assignment order (the VM has no __setattr__ hook);
// the traversal methods pick them out by type, which yields PyTorch's order.
#include "nn_prelude.h"

namespace tc::script {

const std::string_view kNnPrelude = R"PY(
import math
import torch
import torch.nn.functional as F
from collections import OrderedDict as _OrderedDict


def _addindent(s_, numSpaces):
    s = s_.split('\n')
    if len(s) == 1:
        return s_
    first = s.pop(0)
    s = [(numSpaces * ' ') + line for line in s]
    return first + '\n' + '\n'.join(s)


class _IncompatibleKeys:
    def __init__(self, missing_keys, unexpected_keys):
        self.missing_keys = missing_keys
        self.unexpected_keys = unexpected_keys

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return f'_IncompatibleKeys(missing_keys={self.missing_keys}, unexpected_keys={self.unexpected_keys})'


class Module:
    def __init__(self, *args, **kwargs):
        self.training = True

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    # What this module itself holds, in assignment order.
    def _own_parameters(self):
        return [(k, v) for k, v in self.__dict__.items() if isinstance(v, Parameter)]

    def _own_modules(self):
        return [(k, v) for k, v in self.__dict__.items() if isinstance(v, Module)]

    def _own_buffers(self):
        names = self.__dict__.get('_tc_buffers', None)
        if names is None:
            return []
        return [(k, v) for k, v in self.__dict__.items() if k in names and v is not None]

    @property
    def _modules(self):
        return dict(self._own_modules())

    @property
    def _parameters(self):
        return dict(self._own_parameters())

    @property
    def _buffers(self):
        return dict(self._own_buffers())

    def register_buffer(self, name, tensor, persistent=True):
        if '_tc_buffers' not in self.__dict__:
            self._tc_buffers = {}
        self._tc_buffers[name] = persistent
        setattr(self, name, tensor)

    def register_parameter(self, name, param):
        setattr(self, name, param)

    def register_module(self, name, module):
        setattr(self, name, module)

    def add_module(self, name, module):
        setattr(self, name, module)

    def get_submodule(self, target):
        if target == '':
            return self
        mod = self
        for item in target.split('.'):
            mod = getattr(mod, item)
        return mod

    def get_parameter(self, target):
        path, _, name = target.rpartition('.')
        return getattr(self.get_submodule(path), name)

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        out = []
        if memo is None:
            memo = []
        self._named_modules_into(out, memo, prefix, remove_duplicate)
        return iter(out)

    def _named_modules_into(self, out, memo, prefix, remove_duplicate):
        if remove_duplicate:
            for m in memo:
                if m is self:
                    return
            memo.append(self)
        out.append((prefix, self))
        for name, module in self._own_modules():
            sub = prefix + ('.' if prefix else '') + name
            module._named_modules_into(out, memo, sub, remove_duplicate)

    def modules(self):
        return iter([m for _, m in self.named_modules()])

    def named_children(self):
        out = []
        for name, m in self._own_modules():
            if not any(x is m for _, x in out):
                out.append((name, m))
        return iter(out)

    def children(self):
        return iter([m for _, m in self.named_children()])

    def _named_members(self, kind, prefix, recurse, remove_duplicate=True):
        out = []
        seen = []
        mods = list(self.named_modules(prefix=prefix)) if recurse else [(prefix, self)]
        for module_prefix, module in mods:
            members = module._own_parameters() if kind == 0 else module._own_buffers()
            for k, v in members:
                if remove_duplicate:
                    if any(v is s for s in seen):
                        continue
                    seen.append(v)
                out.append((module_prefix + ('.' if module_prefix else '') + k, v))
        return out

    def named_parameters(self, prefix='', recurse=True, remove_duplicate=True):
        return iter(self._named_members(0, prefix, recurse, remove_duplicate))

    def parameters(self, recurse=True):
        return iter([p for _, p in self._named_members(0, '', recurse)])

    def named_buffers(self, prefix='', recurse=True, remove_duplicate=True):
        return iter(self._named_members(1, prefix, recurse, remove_duplicate))

    def buffers(self, recurse=True):
        return iter([b for _, b in self._named_members(1, '', recurse)])

    def state_dict(self, destination=None, prefix='', keep_vars=False):
        if destination is None:
            destination = _OrderedDict()
        for name, p in self._own_parameters():
            destination[prefix + name] = p if keep_vars else p.detach()
        names = self.__dict__.get('_tc_buffers', {})
        for name, b in self._own_buffers():
            if names[name]:
                destination[prefix + name] = b if keep_vars else b.detach()
        for name, m in self._own_modules():
            m.state_dict(destination, prefix + name + '.', keep_vars)
        return destination

    def load_state_dict(self, state_dict, strict=True, assign=False):
        own = self.state_dict(keep_vars=True)
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        if strict and (missing or unexpected):
            msgs = []
            if unexpected:
                msgs.append('Unexpected key(s) in state_dict: ' + ', '.join(['"' + k + '"' for k in unexpected]) + '. ')
            if missing:
                msgs.append('Missing key(s) in state_dict: ' + ', '.join(['"' + k + '"' for k in missing]) + '. ')
            raise RuntimeError('Error(s) in loading state_dict for ' + type(self).__name__ + ':\n\t' + '\n\t'.join(msgs))
        with torch.no_grad():
            for k, v in own.items():
                if k in state_dict:
                    src = state_dict[k]
                    if tuple(src.shape) != tuple(v.shape):
                        raise RuntimeError('Error(s) in loading state_dict for ' + type(self).__name__ + ':\n\tsize mismatch for ' + k + ': copying a param with shape ' + str(src.shape) + ' from checkpoint, the shape in current model is ' + str(v.shape) + '.')
                    v.copy_(src)
        return _IncompatibleKeys(missing, unexpected)

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError('training mode is expected to be boolean')
        self.training = mode
        for m in self.children():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        return None

    def apply(self, fn):
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def _apply_tensors(self, fn):
        for m in self.children():
            m._apply_tensors(fn)
        for k, p in self._own_parameters():
            p.data = fn(p.data)
        for k, b in self._own_buffers():
            self.__dict__[k] = fn(b)
        return self

    def to(self, *args, **kwargs):
        return self._apply_tensors(lambda t: t.to(*args, **kwargs) if t.is_floating_point() or 'device' in kwargs or not args or not isinstance(args[0], torch.dtype) else t)

    def float(self):
        return self._apply_tensors(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply_tensors(lambda t: t.double() if t.is_floating_point() else t)

    def half(self):
        return self._apply_tensors(lambda t: t.half() if t.is_floating_point() else t)

    def bfloat16(self):
        return self._apply_tensors(lambda t: t.bfloat16() if t.is_floating_point() else t)

    def cpu(self):
        return self

    def cuda(self, device=None):
        return self._apply_tensors(lambda t: t.cuda())

    def extra_repr(self):
        return ''

    def _get_name(self):
        return type(self).__name__

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split('\n')
        child_lines = []
        for key, module in self._own_modules():
            mod_str = _addindent(repr(module), 2)
            child_lines.append('(' + key + '): ' + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += '\n  ' + '\n  '.join(lines) + '\n'
        main_str += ')'
        return main_str

    def __dir__(self):
        return list(self.__dict__.keys())


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


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in_features), dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, dtype=dtype))
        else:
            self.bias = None
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f'in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}'


class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class SiLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.silu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class GELU(Module):
    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return f'approximate={repr(self.approximate)}'


class Tanh(Module):
    def forward(self, input):
        return torch.tanh(input)


class Sigmoid(Module):
    def forward(self, input):
        return torch.sigmoid(input)


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmax(input, self.dim)

    def extra_repr(self):
        return f'dim={self.dim}'


class LogSoftmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.log_softmax(input, self.dim)

    def extra_repr(self):
        return f'dim={self.dim}'


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f'start_dim={self.start_dim}, end_dim={self.end_dim}'


class Dropout(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f'dropout probability has to be between 0 and 1, but got {p}')
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f'p={self.p}, inplace={self.inplace}'


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(torch.ones(self.normalized_shape, dtype=dtype))
            if bias:
                self.bias = Parameter(torch.zeros(self.normalized_shape, dtype=dtype))
            else:
                self.bias = None
        else:
            self.weight = None
            self.bias = None

    def forward(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f'{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}, bias={self.bias is not None}'


class Embedding(Module):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < num_embeddings, 'Padding_idx must be within num_embeddings'
            elif padding_idx < 0:
                assert padding_idx >= -num_embeddings, 'Padding_idx must be within num_embeddings'
                padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        self.sparse = sparse
        if _weight is None:
            self.weight = Parameter(torch.empty((num_embeddings, embedding_dim), dtype=dtype))
            init.normal_(self.weight)
            if self.padding_idx is not None:
                with torch.no_grad():
                    self.weight[self.padding_idx].fill_(0)
        else:
            self.weight = Parameter(_weight)

    def forward(self, input):
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm)

    def extra_repr(self):
        s = f'{self.num_embeddings}, {self.embedding_dim}'
        if self.padding_idx is not None:
            s += f', padding_idx={self.padding_idx}'
        if self.max_norm is not None:
            s += f', max_norm={self.max_norm}'
        if self.norm_type != 2:
            s += f', norm_type={self.norm_type}'
        if self.scale_grad_by_freq is not False:
            s += ', scale_grad_by_freq=True'
        if self.sparse is not False:
            s += ', sparse=True'
        return s


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction='mean'):
        super().__init__()
        self.reduction = reduction


class MSELoss(_Loss):
    def forward(self, input, target):
        return F.mse_loss(input, target, reduction=self.reduction)


class CrossEntropyLoss(_Loss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0):
        super().__init__(size_average, reduce, reduction)
        if weight is not None:
            self.register_buffer('weight', weight)
        else:
            self.weight = None
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return F.cross_entropy(input, target, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction, label_smoothing=self.label_smoothing)


class NLLLoss(_Loss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
        super().__init__(size_average, reduce, reduction)
        if weight is not None:
            self.register_buffer('weight', weight)
        else:
            self.weight = None
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return F.nll_loss(input, target, weight=self.weight, ignore_index=self.ignore_index,
                          reduction=self.reduction)


class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], dict):
            for key, module in args[0].items():
                setattr(self, key, module)
        else:
            for idx, module in enumerate(args):
                setattr(self, str(idx), module)

    def _items(self):
        return self._own_modules()

    def __getitem__(self, idx):
        items = self._items()
        if isinstance(idx, slice):
            out = Sequential()
            for k, m in items[idx]:
                setattr(out, k, m)
            return out
        n = len(items)
        if idx < -n or idx >= n:
            raise IndexError(f'index {idx} is out of range')
        return items[idx][1]

    def __len__(self):
        return len(self._items())

    def __iter__(self):
        return iter([m for _, m in self._items()])

    def append(self, module):
        setattr(self, str(len(self)), module)
        return self

    def forward(self, input):
        for module in self:
            input = module(input)
        return input


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def _items(self):
        return self._own_modules()

    def __getitem__(self, idx):
        items = self._items()
        if isinstance(idx, slice):
            return ModuleList([m for _, m in items[idx]])
        n = len(items)
        if idx < -n or idx >= n:
            raise IndexError(f'index {idx} is out of range')
        return items[idx][1]

    def __setitem__(self, idx, module):
        n = len(self)
        if idx < 0:
            idx += n
        setattr(self, str(idx), module)

    def __len__(self):
        return len(self._items())

    def __iter__(self):
        return iter([m for _, m in self._items()])

    def append(self, module):
        setattr(self, str(len(self)), module)
        return self

    def extend(self, modules):
        for m in modules:
            self.append(m)
        return self

    def __repr__(self):
        list_of_reprs = [repr(item) for item in self]
        if len(list_of_reprs) == 0:
            return self._get_name() + '()'
        start_end_indices = [[0, 0]]
        repeated_blocks = [list_of_reprs[0]]
        for i, r in enumerate(list_of_reprs[1:], 1):
            if r == repeated_blocks[-1]:
                start_end_indices[-1][1] += 1
                continue
            start_end_indices.append([i, i])
            repeated_blocks.append(r)
        lines = []
        main_str = self._get_name() + '('
        for (start_id, end_id), b in zip(start_end_indices, repeated_blocks):
            local_repr = f'({start_id}): {b}'
            if start_id != end_id:
                n = end_id - start_id + 1
                local_repr = f'({start_id}-{end_id}): {n} x {b}'
            lines.append(_addindent(local_repr, 2))
        main_str += '\n  ' + '\n  '.join(lines) + '\n'
        main_str += ')'
        return main_str
)PY";

}  // namespace tc::script
