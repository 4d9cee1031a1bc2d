# torch.optim.SGD and the functional torch.optim.sgd.sgd, as PyTorch 2.15
# writes them (torch/optim/sgd.py): the single-tensor loop PyTorch runs on
# the CPU, with the same in-place ops in the same order (add with alpha,
# mul_ then add_ for the momentum buffer, a clone of the first gradient as
# the buffer), so parameters come out bit for bit as PyTorch's.
#
# Runs in the torch.optim.sgd module's namespace
# (libs/script-torch/src/optim_modules.cc).
from torch import Tensor
from torch.optim.optimizer import (Optimizer, _check_fused, _check_single_tensor, _run_closure,
                                   _to_scalar, _use_grad_for_differentiable)

__all__ = ['SGD', 'sgd']


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0,
                 nesterov=False, *, maximize=False, foreach=None, differentiable=False,
                 fused=None):
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if lr < 0.0:
            raise ValueError(f'Invalid learning rate: {lr}')
        if momentum < 0.0:
            raise ValueError(f'Invalid momentum value: {momentum}')
        if weight_decay < 0.0:
            raise ValueError(f'Invalid weight_decay value: {weight_decay}')
        defaults = {
            'lr': lr,
            'momentum': momentum,
            'dampening': dampening,
            'weight_decay': weight_decay,
            'nesterov': nesterov,
            'maximize': maximize,
            'foreach': foreach,
            'differentiable': differentiable,
            'fused': fused,
        }
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError('Nesterov momentum requires a momentum and zero dampening')
        super().__init__(params, defaults)
        if fused:
            self._step_supports_amp_scaling = True
            self._need_device_dtype_check_for_fused = True
            _check_fused(differentiable, foreach)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('nesterov', False)
            group.setdefault('maximize', False)
            group.setdefault('foreach', None)
            group.setdefault('differentiable', False)
            group.setdefault('fused', False)

    def _init_group(self, group, params, grads, momentum_buffer_list):
        has_sparse_grad = False
        for p in group['params']:
            if p.grad is not None:
                params.append(p)
                grads.append(p.grad)
                if group['momentum'] != 0:
                    state = self.state[p]
                    momentum_buffer_list.append(state.get('momentum_buffer'))
        return has_sparse_grad

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = _run_closure(closure)
        for group in self.param_groups:
            params, grads, momentum_buffer_list = [], [], []
            has_sparse_grad = self._init_group(group, params, grads, momentum_buffer_list)
            sgd(params, grads, momentum_buffer_list,
                weight_decay=group['weight_decay'],
                momentum=group['momentum'],
                lr=group['lr'],
                dampening=group['dampening'],
                nesterov=group['nesterov'],
                maximize=group['maximize'],
                has_sparse_grad=has_sparse_grad,
                foreach=group['foreach'],
                fused=group['fused'],
                grad_scale=getattr(self, 'grad_scale', None),
                found_inf=getattr(self, 'found_inf', None))
            if group['momentum'] != 0:
                # The buffers created on the first step go into the state.
                for p, momentum_buffer in zip(params, momentum_buffer_list, strict=True):
                    state = self.state[p]
                    state['momentum_buffer'] = momentum_buffer
        return loss


def sgd(params, d_p_list, momentum_buffer_list, has_sparse_grad=False, foreach=None,
        fused=None, grad_scale=None, found_inf=None, *, weight_decay, momentum, lr, dampening,
        nesterov, maximize):
    _check_single_tensor(foreach, fused)
    _single_tensor_sgd(params, d_p_list, momentum_buffer_list, grad_scale, found_inf,
                       weight_decay=weight_decay, momentum=momentum, lr=lr,
                       dampening=dampening, nesterov=nesterov,
                       has_sparse_grad=has_sparse_grad, maximize=maximize)


def _single_tensor_sgd(params, grads, momentum_buffer_list, grad_scale, found_inf, *,
                       weight_decay, momentum, lr, dampening, nesterov, maximize,
                       has_sparse_grad):
    if grad_scale is not None or found_inf is not None:
        raise AssertionError('Expected grad_scale and found_inf to be None')
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        if weight_decay != 0:
            if isinstance(weight_decay, Tensor) and weight_decay.requires_grad:
                grad = grad.addcmul_(param.clone(), weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        if momentum != 0:
            buf = momentum_buffer_list[i]
            if buf is None:
                buf = grad.detach().clone()
                momentum_buffer_list[i] = buf
            else:
                buf.mul_(momentum).add_(grad, alpha=1 - dampening)
            if nesterov:
                grad = grad.add(buf, alpha=momentum)
            else:
                grad = buf
        if isinstance(lr, Tensor):
            if lr.requires_grad:
                param.addcmul_(grad, lr, value=-1)
            else:
                param.add_(grad, alpha=-lr)
        else:
            param.add_(grad, alpha=-lr)
