# torch.optim.RMSprop and the functional torch.optim.rmsprop.rmsprop, as
# PyTorch 2.15 writes them (torch/optim/rmsprop.py): the single-tensor loop
# PyTorch runs on the CPU (mul_ then addcmul_ for the square average, lerp_
# for the centered gradient average, sqrt and add_ eps, then addcdiv_ or a
# momentum buffer), the same ops in the same order.
#
# Runs in the torch.optim.rmsprop module's namespace
# (libs/script-torch/src/optim_modules.cc).
import torch
from torch.optim.adam import _check_capturable
from torch.optim.optimizer import (Optimizer, _check_lr, _check_not_negative, _check_single_tensor,
                                   _get_scalar_dtype, _run_closure, _tensor_steps, _to_scalar,
                                   _use_grad_for_differentiable)

__all__ = ['RMSprop', 'rmsprop']


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                 centered=False, capturable=False, foreach=None, maximize=False,
                 differentiable=False):
        _check_lr(lr)
        _check_not_negative(('epsilon value', eps), ('momentum value', momentum),
                            ('weight_decay value', weight_decay), ('alpha value', alpha))
        defaults = {
            'lr': lr,
            'momentum': momentum,
            'alpha': alpha,
            'eps': eps,
            'centered': centered,
            'weight_decay': weight_decay,
            'capturable': capturable,
            'foreach': foreach,
            'maximize': maximize,
            'differentiable': differentiable,
        }
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('momentum', 0)
            group.setdefault('centered', False)
            group.setdefault('foreach', None)
            group.setdefault('maximize', False)
            group.setdefault('differentiable', False)
            group.setdefault('capturable', False)
            _tensor_steps(self, group, group['capturable'])

    def _init_group(self, group, params_with_grad, grads, square_avgs, momentum_buffer_list,
                    grad_avgs, state_steps):
        has_complex = False
        for p in group['params']:
            if p.grad is None:
                continue
            params_with_grad.append(p)
            grads.append(p.grad)
            state = self.state[p]
            if len(state) == 0:
                state['step'] = (
                    torch.zeros((), dtype=_get_scalar_dtype(), device=p.device)
                    if group['capturable'] else torch.zeros((), dtype=_get_scalar_dtype()))
                state['square_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                if group['momentum'] > 0:
                    state['momentum_buffer'] = torch.zeros_like(
                        p, memory_format=torch.preserve_format)
                if group['centered']:
                    state['grad_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
            square_avgs.append(state['square_avg'])
            state_steps.append(state['step'])
            if group['momentum'] > 0:
                momentum_buffer_list.append(state['momentum_buffer'])
            if group['centered']:
                grad_avgs.append(state['grad_avg'])
        return has_complex

    @_use_grad_for_differentiable
    def step(self, closure=None):
        self._accelerator_graph_capture_health_check()
        loss = _run_closure(closure)
        for group in self.param_groups:
            params_with_grad, grads, square_avgs, grad_avgs = [], [], [], []
            momentum_buffer_list, state_steps = [], []
            has_complex = self._init_group(group, params_with_grad, grads, square_avgs,
                                           momentum_buffer_list, grad_avgs, state_steps)
            rmsprop(params_with_grad, grads, square_avgs, grad_avgs, momentum_buffer_list,
                    state_steps,
                    lr=group['lr'],
                    alpha=group['alpha'],
                    eps=group['eps'],
                    weight_decay=group['weight_decay'],
                    momentum=group['momentum'],
                    centered=group['centered'],
                    foreach=group['foreach'],
                    maximize=group['maximize'],
                    differentiable=group['differentiable'],
                    capturable=group['capturable'],
                    has_complex=has_complex)
        return loss


def rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffer_list, state_steps,
            foreach=None, maximize=False, differentiable=False, capturable=False,
            has_complex=False, *, lr, alpha, eps, weight_decay, momentum, centered):
    # Skipped while compiling, as PyTorch skips it (slow to trace).
    if not torch.compiler.is_compiling() and not all(
            isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError('API has changed, `state_steps` argument must contain a list of '
                           'singleton tensors')
    _check_single_tensor(foreach)
    _single_tensor_rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffer_list,
                           state_steps, lr=lr, alpha=alpha, eps=eps,
                           weight_decay=weight_decay, momentum=momentum, centered=centered,
                           maximize=maximize, capturable=capturable,
                           differentiable=differentiable, has_complex=has_complex)


def _single_tensor_rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffer_list,
                           state_steps, *, lr, alpha, eps, weight_decay, momentum, centered,
                           maximize, differentiable, capturable, has_complex):
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        step = state_steps[i]
        # Compiling, the device check is the compiler's (PyTorch's note
        # [torch.compile x capturable]).
        if not torch.compiler.is_compiling() and capturable:
            _check_capturable(param, step)
        grad = grads[i]
        grad = grad if not maximize else -grad
        square_avg = square_avgs[i]
        step += 1
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        if centered:
            grad_avg = grad_avgs[i]
            grad_avg.lerp_(grad, 1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()
        if differentiable:
            avg = avg.add(eps)
        else:
            avg = avg.add_(eps)
        if momentum > 0:
            buf = momentum_buffer_list[i]
            buf.mul_(momentum).addcdiv_(grad, avg)
            param.add_(buf, alpha=-lr)
        else:
            param.addcdiv_(grad, avg, value=-lr)
