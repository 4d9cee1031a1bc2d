# torch.optim.Adagrad and the functional torch.optim.adagrad.adagrad, as
# PyTorch 2.15 writes them (torch/optim/adagrad.py): state created in the
# constructor (a float32 `step` and a `sum` filled with
# initial_accumulator_value), then the single-tensor loop PyTorch runs on
# the CPU: the learning rate decayed as a Python float, addcmul_ into the
# sum, sqrt and add_ eps, addcdiv_ into the parameter. Dense gradients only
# (tc has no sparse tensors).
#
# Runs in the torch.optim.adagrad module's namespace
# (libs/script-torch/src/optim_modules.cc).
import torch
from torch.optim.optimizer import (Optimizer, _check_fused, _check_lr, _check_not_negative,
                                   _check_single_tensor, _get_scalar_dtype, _get_value,
                                   _run_closure, _tensor_steps, _to_scalar,
                                   _use_grad_for_differentiable)

__all__ = ['Adagrad', 'adagrad']


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0,
                 eps=1e-10, foreach=None, *, maximize=False, differentiable=False, fused=None):
        _check_lr(lr)
        _check_not_negative(('lr_decay value', lr_decay), ('weight_decay value', weight_decay),
                            ('initial_accumulator_value value', initial_accumulator_value),
                            ('epsilon value', eps))
        defaults = {
            'lr': lr,
            'lr_decay': lr_decay,
            'eps': eps,
            'weight_decay': weight_decay,
            'initial_accumulator_value': initial_accumulator_value,
            'foreach': foreach,
            'maximize': maximize,
            'differentiable': differentiable,
            'fused': fused,
        }
        super().__init__(params, defaults)
        if fused:
            _check_fused(differentiable, foreach)
            self._need_device_dtype_check_for_fused = True
            self._step_supports_amp_scaling = True
        for group in self.param_groups:
            for p in group['params']:
                self._init_state(group, p, initial_accumulator_value)

    def _init_state(self, group, p, initial_accumulator_value):
        state = self.state[p]
        state['step'] = (
            torch.zeros((), dtype=_get_scalar_dtype(is_fused=group['fused']), device=p.device)
            if group['fused'] else torch.tensor(0.0, dtype=_get_scalar_dtype()))
        state['sum'] = torch.full_like(p, initial_accumulator_value,
                                       memory_format=torch.preserve_format)

    def __setstate__(self, state):
        super().__setstate__(state)
        fused = None
        for group in self.param_groups:
            group.setdefault('foreach', None)
            group.setdefault('maximize', False)
            group.setdefault('differentiable', False)
            fused = group.setdefault('fused', None)
            _tensor_steps(self, group, group['fused'], fused)
        state_values = list(self.state.values())
        step_is_tensor = (len(state_values) != 0) and torch.is_tensor(state_values[0]['step'])
        if not step_is_tensor:
            for s in state_values:
                s['step'] = torch.tensor(float(s['step']),
                                         dtype=_get_scalar_dtype(is_fused=fused))

    def share_memory(self):
        for group in self.param_groups:
            for p in group['params']:
                self.state[p]['sum'].share_memory_()

    def _init_group(self, group, params_with_grad, grads, state_sums, state_steps):
        has_sparse_grad, has_complex = False, False
        for p in group['params']:
            if p.grad is not None:
                params_with_grad.append(p)
                grads.append(p.grad)
                state = self.state[p]
                if len(state) == 0:
                    # A parameter added after construction (add_param_group).
                    self._init_state(group, p, self.defaults['initial_accumulator_value'])
                state_sums.append(state['sum'])
                state_steps.append(state['step'])
        return has_sparse_grad, has_complex

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = _run_closure(closure)
        for group in self.param_groups:
            params_with_grad, grads, state_sums, state_steps = [], [], [], []
            has_sparse_grad, has_complex = self._init_group(group, params_with_grad, grads,
                                                            state_sums, state_steps)
            adagrad(params_with_grad, grads, state_sums, state_steps,
                    lr=group['lr'],
                    weight_decay=group['weight_decay'],
                    lr_decay=group['lr_decay'],
                    eps=group['eps'],
                    has_sparse_grad=has_sparse_grad,
                    foreach=group['foreach'],
                    maximize=group['maximize'],
                    differentiable=group['differentiable'],
                    has_complex=has_complex,
                    fused=group['fused'],
                    grad_scale=getattr(self, 'grad_scale', None),
                    found_inf=getattr(self, 'found_inf', None))
        return loss


def adagrad(params, grads, state_sums, state_steps, fused=None, grad_scale=None, found_inf=None,
            has_sparse_grad=False, foreach=None, differentiable=False, has_complex=False, *, lr,
            weight_decay, lr_decay, eps, maximize):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError('API has changed, `state_steps` argument must contain a list of '
                           'singleton tensors')
    _check_single_tensor(foreach, fused)
    _single_tensor_adagrad(params, grads, state_sums, state_steps, grad_scale, found_inf, lr=lr,
                           weight_decay=weight_decay, lr_decay=lr_decay, eps=eps,
                           has_sparse_grad=has_sparse_grad, maximize=maximize,
                           differentiable=differentiable, has_complex=has_complex)


def _single_tensor_adagrad(params, grads, state_sums, state_steps, grad_scale, found_inf, *, lr,
                           weight_decay, lr_decay, eps, has_sparse_grad, maximize,
                           differentiable, has_complex):
    if grad_scale is not None or found_inf is not None:
        raise AssertionError('Expected grad_scale and found_inf to be None')
    lr = _to_scalar(lr)
    for param, grad, state_sum, step_t in zip(params, grads, state_sums, state_steps,
                                              strict=True):
        step_t += 1
        step = _get_value(step_t)
        grad = grad if not maximize else -grad
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        clr = lr / (1 + (step - 1) * lr_decay)
        state_sum.addcmul_(grad, grad, value=1)
        if differentiable:
            std = state_sum.sqrt() + eps
        else:
            std = state_sum.sqrt().add_(eps)
        param.addcdiv_(grad, std, value=-clr)
