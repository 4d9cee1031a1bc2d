# torch.nn.Module, in the script language (ported from PyTorch's
# torch/nn/modules/module.py so subclassing, repr and traversal order behave
# as PyTorch's). Parameters, submodules and buffers live in the instance
# __dict__ in assignment order (the VM has no __setattr__ hook); the
# traversal methods pick them out by type, which yields PyTorch's order.
#
# Runs in the torch.nn module's namespace when torch.nn is first imported
# (libs/script-torch/src/nn_module.cc), before nn_layers.py;
# `Parameter` is the native nn.Parameter type, already in that namespace.

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


def _zero_grad_(params, set_to_none):
    # Module.zero_grad's and Optimizer.zero_grad's loop: each gradient set to
    # None, or detached and zeroed in place.
    for p in params:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                if p.grad.grad_fn is not None:
                    p.grad.detach_()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()


class _IncompatibleKeys:
    def __init__(self, missing_keys, unexpected_keys):
        self.missing_keys = missing_keys
        self.unexpected_keys = unexpected_keys

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return f'_IncompatibleKeys(missing_keys={self.missing_keys}, unexpected_keys={self.unexpected_keys})'


class Module:
    _version = 1  # state_dict()._metadata's version (BatchNorm says 2)

    def __init__(self, *args, **kwargs):
        self.training = True

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    # Backward hooks (nn_backward_hooks.py): None until one is registered.
    _tc_backward_hooks = None
    _tc_backward_pre_hooks = None

    def __call__(self, *args, **kwargs):
        if (self._tc_backward_hooks is None and self._tc_backward_pre_hooks is None
                and not _global_backward_hooks and not _global_backward_pre_hooks):
            return self.forward(*args, **kwargs)
        return _call_with_backward_hooks(self, args, kwargs)

    def register_full_backward_hook(self, hook, prepend=False):
        return self._tc_add_hook('_tc_backward_hooks', hook, prepend)

    def register_full_backward_pre_hook(self, hook, prepend=False):
        return self._tc_add_hook('_tc_backward_pre_hooks', hook, prepend)

    def _tc_add_hook(self, name, hook, prepend):
        hooks = getattr(self, name)
        if hooks is None:
            hooks = _OrderedDict()
            setattr(self, name, hooks)
        handle = RemovableHandle(hooks)
        hooks[handle.id] = hook
        if prepend:
            hooks.move_to_end(handle.id, last=False)
        return handle

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
            destination._metadata = _OrderedDict()
        # As PyTorch: each module's version under its prefix (no trailing
        # dot), which torch.save keeps and load_state_dict accepts.
        if hasattr(destination, '_metadata'):
            destination._metadata[prefix[:-1]] = {'version': type(self)._version}
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
        _zero_grad_(self.parameters(), set_to_none)

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
