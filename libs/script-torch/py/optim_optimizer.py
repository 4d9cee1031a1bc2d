# torch.optim.Optimizer, the base of every optimizer, in the script language
# as PyTorch 2.15 writes it (torch/optim/optimizer.py): param_groups and
# their defaults, per-parameter state, add_param_group, zero_grad,
# state_dict / load_state_dict in PyTorch's layout, step hooks and
# state-dict hooks, and PyTorch's error texts. Only the CPU single-tensor
# paths exist: foreach / fused / capturable are accepted and recorded in the
# groups (PyTorch picks the single-tensor loops on the CPU too), and an
# explicit foreach=True or fused=True is refused by the optimizers.
#
# Runs in the torch.optim.optimizer module's namespace
# (libs/script-torch/src/optim_modules.cc).
import functools
import warnings
from collections import OrderedDict, defaultdict
from copy import deepcopy
from itertools import chain

import torch
from torch.nn import _zero_grad_
from torch.utils.hooks import RemovableHandle

__all__ = ['Optimizer', 'register_optimizer_step_pre_hook',
           'register_optimizer_step_post_hook']


class _RequiredParameter:
    # The default of an option a group must give (PyTorch's `required`).
    def __repr__(self):
        return '<required parameter>'


required = _RequiredParameter()


_global_optimizer_pre_hooks = OrderedDict()
_global_optimizer_post_hooks = OrderedDict()


def register_optimizer_step_pre_hook(hook):
    handle = RemovableHandle(_global_optimizer_pre_hooks)
    _global_optimizer_pre_hooks[handle.id] = hook
    return handle


def register_optimizer_step_post_hook(hook):
    handle = RemovableHandle(_global_optimizer_post_hooks)
    _global_optimizer_post_hooks[handle.id] = hook
    return handle


def _use_grad_for_differentiable(func):
    # step() runs with grad mode set to the optimizer's `differentiable`
    # (off by default), restored afterwards whatever happens. Under
    # torch.compile the graph breaks around the step, as PyTorch's does, so
    # the step is a frame of its own, captured into one graph in no-grad
    # mode (eagerly, graph_break() does nothing).
    def _use_grad(*args, **kwargs):
        import torch._dynamo

        self = args[0]
        prev_grad = torch.is_grad_enabled()
        try:
            torch.set_grad_enabled(self.defaults['differentiable'])
            torch._dynamo.graph_break()
            ret = func(*args, **kwargs)
        finally:
            torch._dynamo.graph_break()
            torch.set_grad_enabled(prev_grad)
        return ret

    functools.update_wrapper(_use_grad, func)
    return _use_grad


def _get_value(x):
    # A 0-dim step tensor read as a Python number, as PyTorch's eager path
    # reads it (.item()), so the bias corrections are Python floats; while
    # compiling, the tensor itself (no graph break on .item()).
    if torch.compiler.is_compiling():
        return x
    return x.item() if isinstance(x, torch.Tensor) else x


def _to_scalar(x):
    # A 1-element tensor hyperparameter as a 0-dim tensor; anything else kept.
    if isinstance(x, torch.Tensor) and x.dim() != 0:
        return x.squeeze()
    return x


def _get_scalar_dtype(is_fused=None):
    if is_fused:
        return torch.float32
    return torch.float64 if torch.get_default_dtype() == torch.float64 else torch.float32


def _check_not_negative(*checks):
    # The constructors' checks of options that must be >= 0 (a NaN fails),
    # in order: (what, value) pairs, the first failing one raised.
    for what, value in checks:
        if not 0.0 <= value:
            raise ValueError(f'Invalid {what}: {value}')


def _check_lr(lr):
    if isinstance(lr, torch.Tensor) and lr.numel() != 1:
        raise ValueError('Tensor lr must be 1-element')
    _check_not_negative(('learning rate', lr))


def _check_fused(differentiable, foreach):
    # fused=True combined with options it excludes.
    if differentiable:
        raise RuntimeError('`fused` does not support `differentiable`')
    if foreach:
        raise RuntimeError('`fused` and `foreach` cannot be `True` together.')


def _run_closure(closure):
    # step(closure): the loss the closure computes with grad mode on.
    if closure is None:
        return None
    with torch.enable_grad():
        return closure()


def _tensor_steps(optimizer, group, on_device, fused=None):
    # A checkpoint that saved `step` as a number gets the tensor PyTorch
    # keeps now (on the parameter's device when fused or capturable).
    for p in group['params']:
        p_state = optimizer.state.get(p, [])
        if len(p_state) != 0 and not torch.is_tensor(p_state['step']):
            step_val = float(p_state['step'])
            p_state['step'] = (
                torch.tensor(step_val, dtype=_get_scalar_dtype(is_fused=fused), device=p.device)
                if on_device else torch.tensor(step_val, dtype=_get_scalar_dtype()))


def _check_single_tensor(foreach, fused=None):
    # tc runs the single-tensor (for-loop) implementation, which is what
    # PyTorch runs on the CPU by default; an explicit request for another
    # stops here rather than silently computing something else.
    if foreach:
        raise NotImplementedError('torch.optim with foreach=True is not supported by tc')
    if fused:
        raise NotImplementedError('torch.optim with fused=True is not supported by tc')


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self._optimizer_step_pre_hooks = OrderedDict()
        self._optimizer_step_post_hooks = OrderedDict()
        self._optimizer_state_dict_pre_hooks = OrderedDict()
        self._optimizer_state_dict_post_hooks = OrderedDict()
        self._optimizer_load_state_dict_pre_hooks = OrderedDict()
        self._optimizer_load_state_dict_post_hooks = OrderedDict()
        self._patch_step_function()
        if isinstance(params, torch.Tensor):
            raise TypeError('params argument given to the optimizer should be an iterable of '
                            'Tensors or dicts, but got ' + torch.typename(params))
        elif isinstance(params, set):
            warnings.warn(
                'optimizer parameters need to be organized in ordered collections, but '
                'the ordering of tensors in sets will change between runs. Please use a '
                'list instead. This will be an error in a future release.',
                FutureWarning, stacklevel=2)
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError('optimizer got an empty parameter list')
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)
        self._warned_capturable_if_run_uncaptured = True

    def __getstate__(self):
        return {'defaults': self.defaults, 'state': self.state,
                'param_groups': self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)
        for name in ('_optimizer_step_pre_hooks', '_optimizer_step_post_hooks',
                     '_optimizer_state_dict_pre_hooks', '_optimizer_state_dict_post_hooks',
                     '_optimizer_load_state_dict_pre_hooks',
                     '_optimizer_load_state_dict_post_hooks'):
            if name not in self.__dict__:
                setattr(self, name, OrderedDict())
        self._patch_step_function()
        self.defaults.setdefault('differentiable', False)

    def __repr__(self):
        format_string = self.__class__.__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            format_string += '\n'
            format_string += f'Parameter Group {i}\n'
            for key in sorted(group.keys()):
                if key != 'params':
                    format_string += f'    {key}: {group[key]}\n'
        format_string += ')'
        return format_string

    def _accelerator_graph_capture_health_check(self):
        # No accelerator graphs in tc: nothing to check.
        pass

    def _optimizer_step_code(self):
        pass

    @staticmethod
    def profile_hook_step(func):
        # step() wrapped once per class: global and per-optimizer pre hooks
        # (which may replace the arguments), the step, then the post hooks.
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            self, *_ = args
            for pre_hook in chain(_global_optimizer_pre_hooks.values(),
                                  self._optimizer_step_pre_hooks.values()):
                result = pre_hook(self, args, kwargs)
                if result is not None:
                    if isinstance(result, tuple) and len(result) == 2:
                        args, kwargs = result
                    else:
                        raise RuntimeError(
                            f'{func} must return None or a tuple of (new_args, new_kwargs), '
                            f'but got {result}.')
            out = func(*args, **kwargs)
            self._optimizer_step_code()
            for post_hook in chain(self._optimizer_step_post_hooks.values(),
                                   _global_optimizer_post_hooks.values()):
                post_hook(self, args, kwargs)
            return out

        return wrapper

    def _patch_step_function(self):
        self._zero_grad_profile_name = (
            f'Optimizer.zero_grad#{self.__class__.__name__}.zero_grad')
        hooked = getattr(self.__class__.step, 'hooked', None)
        if not hooked:
            self.__class__.step = self.profile_hook_step(self.__class__.step)
            self.__class__.step.hooked = True

    def register_step_pre_hook(self, hook):
        handle = RemovableHandle(self._optimizer_step_pre_hooks)
        self._optimizer_step_pre_hooks[handle.id] = hook
        return handle

    def register_step_post_hook(self, hook):
        handle = RemovableHandle(self._optimizer_step_post_hooks)
        self._optimizer_step_post_hooks[handle.id] = hook
        return handle

    def _register_hook(self, hooks, hook, prepend):
        handle = RemovableHandle(hooks)
        hooks[handle.id] = hook
        if prepend:
            hooks.move_to_end(handle.id, last=False)
        return handle

    def register_state_dict_pre_hook(self, hook, prepend=False):
        return self._register_hook(self._optimizer_state_dict_pre_hooks, hook, prepend)

    def register_state_dict_post_hook(self, hook, prepend=False):
        return self._register_hook(self._optimizer_state_dict_post_hooks, hook, prepend)

    def register_load_state_dict_pre_hook(self, hook, prepend=False):
        return self._register_hook(self._optimizer_load_state_dict_pre_hooks, hook, prepend)

    def register_load_state_dict_post_hook(self, hook, prepend=False):
        return self._register_hook(self._optimizer_load_state_dict_post_hooks, hook, prepend)

    def state_dict(self):
        for pre_hook in self._optimizer_state_dict_pre_hooks.values():
            pre_hook(self)
        # Parameters are saved as their order indices, numbered across groups.
        param_mappings = {}
        start_index = 0

        def pack_group(group):
            nonlocal start_index
            packed = {k: v for k, v in group.items() if k != 'params'}
            param_mappings.update({id(p): i for i, p in enumerate(group['params'], start_index)
                                   if id(p) not in param_mappings})
            packed['params'] = [param_mappings[id(p)] for p in group['params']]
            start_index += len(packed['params'])
            return packed

        param_groups = [pack_group(g) for g in self.param_groups]
        packed_state = {(param_mappings[id(k)] if isinstance(k, torch.Tensor) else k): v
                        for k, v in self.state.items()}
        state_dict = {'state': packed_state, 'param_groups': param_groups}
        for post_hook in self._optimizer_state_dict_post_hooks.values():
            hook_result = post_hook(self, state_dict)
            if hook_result is not None:
                state_dict = hook_result
        return state_dict

    @staticmethod
    def _process_value_according_to_param_policy(param, value, param_id, param_groups, key=None):
        # Floating state follows the parameter's dtype and device; `step`
        # keeps its own (unless fused or capturable).
        fused = False
        capturable = False
        for pg in param_groups:
            if param_id in pg['params']:
                fused = pg.get('fused', False)
                capturable = pg.get('capturable', False)
                break
        if key == 'step':
            if capturable or fused:
                return value.to(dtype=torch.float32, device=param.device)
            return value
        if param.is_floating_point():
            return value.to(dtype=param.dtype, device=param.device)
        return value.to(device=param.device)

    def load_state_dict(self, state_dict):
        state_dict = state_dict.copy()
        for pre_hook in self._optimizer_load_state_dict_pre_hooks.values():
            hook_result = pre_hook(self, state_dict)
            if hook_result is not None:
                state_dict = hook_result
        groups = self.param_groups
        saved_groups = deepcopy(state_dict['param_groups'])
        if len(groups) != len(saved_groups):
            raise ValueError('loaded state dict has a different number of parameter groups')
        param_lens = (len(g['params']) for g in groups)
        saved_lens = (len(g['params']) for g in saved_groups)
        if any(p_len != s_len for p_len, s_len in zip(param_lens, saved_lens, strict=True)):
            raise ValueError("loaded state dict contains a parameter group "
                             "that doesn't match the size of optimizer's group")
        id_map = dict(zip(chain.from_iterable(g['params'] for g in saved_groups),
                          chain.from_iterable(g['params'] for g in groups), strict=True))

        def _cast(param, value, param_id, param_groups, key=None):
            # A deep copy of value with its tensors on the parameter's
            # device (and dtype, for floating state).
            if isinstance(value, torch.Tensor):
                return Optimizer._process_value_according_to_param_policy(
                    param, value, param_id, param_groups, key)
            elif isinstance(value, dict):
                return {k: _cast(param, v, param_id=param_id, param_groups=param_groups, key=k)
                        for k, v in value.items()}
            elif isinstance(value, (list, tuple, set)):
                return type(value)(_cast(param, v, param_id=param_id, param_groups=param_groups)
                                   for v in value)
            return value

        state = defaultdict(dict)
        for k, v in state_dict['state'].items():
            if k in id_map:
                param = id_map[k]
                state[param] = _cast(param, v, param_id=k,
                                     param_groups=state_dict['param_groups'])
            else:
                state[k] = v

        def update_group(group, new_group):
            new_group['params'] = group['params']
            if 'param_names' in group and 'param_names' not in new_group:
                new_group['param_names'] = group['param_names']
            return new_group

        param_groups = [update_group(g, ng) for g, ng in zip(groups, saved_groups, strict=True)]
        self.__setstate__({'state': state, 'param_groups': param_groups})
        for post_hook in self._optimizer_load_state_dict_post_hooks.values():
            post_hook(self)

    def zero_grad(self, set_to_none=True):
        if not hasattr(self, '_zero_grad_profile_name'):
            self._patch_step_function()
        for group in self.param_groups:
            _zero_grad_(group['params'], set_to_none)

    def step(self, closure=None):
        raise NotImplementedError

    def add_param_group(self, param_group):
        if not isinstance(param_group, dict):
            raise TypeError(f'param_group must be a dict, but got {type(param_group)}')
        params = param_group['params']
        if isinstance(params, torch.Tensor):
            param_group['params'] = [params]
        elif isinstance(params, set):
            raise TypeError('optimizer parameters need to be organized in ordered collections, '
                            'but the ordering of tensors in sets will change between runs. '
                            'Please use a list instead.')
        else:
            param_group['params'] = list(params)
        extracted_param_tensors = []
        extracted_param_names = []
        for param in param_group['params']:
            if isinstance(param, tuple):
                extracted_param_names.append(param[0])
                extracted_param_tensors.append(param[1])
            else:
                extracted_param_tensors.append(param)
        param_group['params'] = extracted_param_tensors
        if len(extracted_param_names) != 0:
            if len(extracted_param_names) == len(extracted_param_tensors):
                param_group['param_names'] = extracted_param_names
            else:
                raise ValueError('all optimizer params should be with/without names. '
                                 'Some param names are missing')
        for param in param_group['params']:
            if not isinstance(param, torch.Tensor):
                raise TypeError('optimizer can only optimize Tensors, '
                                'but one of the params is ' + torch.typename(param))
            if not self.defaults.get('differentiable', None) and not (
                    param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required "
                                 f'optimization parameter {name}')
            else:
                param_group.setdefault(name, default)
        params = param_group['params']
        if len(params) != len(set(params)):
            warnings.warn('optimizer contains a parameter group with duplicate parameters; '
                          'in future, this will cause an error; '
                          'see github.com/pytorch/pytorch/issues/40967 for more information',
                          stacklevel=3)
        param_set = set()
        for group in self.param_groups:
            param_set.update(set(group['params']))
            if ('param_names' in param_group) != ('param_names' in group):
                current_group_txt = ('with names' if 'param_names' in param_group
                                     else 'without names')
                raise ValueError('all optimizer param groups should be with/without names. '
                                 f'cannot add param group {current_group_txt} to the optimizer')
        if not param_set.isdisjoint(set(param_group['params'])):
            raise ValueError('some parameters appear in more than one parameter group')
        self.param_groups.append(param_group)
