# torch.optim.Adam and the functional torch.optim.adam.adam, as PyTorch 2.15
# writes them (torch/optim/adam.py): the single-tensor loop PyTorch runs on
# the CPU, with the same ops in the same order (lerp_ for the first moment,
# mul_ then addcmul_ for the second, bias corrections as Python floats from
# a float32 `step` tensor, addcdiv_ into the parameter), so parameters come
# out bit for bit as PyTorch's. AdamW (optim_adamw.py) is Adam with
# decoupled weight decay.
#
# Runs in the torch.optim.adam module's namespace
# (libs/script-torch/src/optim_modules.cc).
import torch
from torch import Tensor
from torch.optim.optimizer import (Optimizer, _check_fused, _check_not_negative,
                                   _check_single_tensor, _get_scalar_dtype, _get_value,
                                   _run_closure, _tensor_steps, _to_scalar,
                                   _use_grad_for_differentiable)

__all__ = ['Adam', 'adam']

# Where PyTorch allows capturable=True (never the CPU).
_CAPTURABLE_DEVICES = ['cuda', 'xpu', 'hpu', 'privateuseone', 'xla']


def _check_capturable(param, step_t):
    if not (param.device.type == step_t.device.type
            and param.device.type in _CAPTURABLE_DEVICES):
        raise AssertionError('If capturable=True, params and state_steps must be on supported '
                             f'devices: {_CAPTURABLE_DEVICES}.')


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        if isinstance(lr, Tensor):
            if foreach and not capturable:
                raise ValueError(
                    'lr as a Tensor is not supported for capturable=False and foreach=True')
            if lr.numel() != 1:
                raise ValueError('Tensor lr must be 1-element')
        _check_not_negative(('learning rate', lr), ('epsilon value', eps))
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f'Invalid beta parameter at index 0: {betas[0]}')
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f'Invalid beta parameter at index 1: {betas[1]}')
        _check_not_negative(('weight_decay value', weight_decay))
        if not ((isinstance(betas[0], float) and isinstance(betas[1], float))
                or (isinstance(betas[0], Tensor) and isinstance(betas[1], Tensor))):
            raise ValueError('betas must be either both floats or both Tensors')
        for i in (0, 1):
            if isinstance(betas[i], Tensor):
                if not capturable and foreach:
                    raise ValueError(f'betas[{i}] as a Tensor is not supported for '
                                     'capturable=False and foreach=True')
                if betas[i].numel() != 1:
                    raise ValueError(f'Tensor betas[{i}] must be 1-element')
        betas = (_to_scalar(betas[0]), _to_scalar(betas[1]))
        defaults = {
            'lr': lr,
            'betas': betas,
            'eps': eps,
            'weight_decay': weight_decay,
            'amsgrad': amsgrad,
            'maximize': maximize,
            'foreach': foreach,
            'capturable': capturable,
            'differentiable': differentiable,
            'fused': fused,
            'decoupled_weight_decay': decoupled_weight_decay,
        }
        super().__init__(params, defaults)
        if fused:
            _check_fused(differentiable, foreach)
            self._step_supports_amp_scaling = True

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('amsgrad', False)
            group.setdefault('maximize', False)
            group.setdefault('foreach', None)
            group.setdefault('capturable', False)
            group.setdefault('differentiable', False)
            group.setdefault('decoupled_weight_decay', False)
            fused = group.setdefault('fused', None)
            _tensor_steps(self, group, group['capturable'] or group['fused'], fused)

    def _init_group(self, group, params_with_grad, grads, exp_avgs, exp_avg_sqs,
                    max_exp_avg_sqs, state_steps):
        has_complex = False
        for p in group['params']:
            if p.grad is not None:
                params_with_grad.append(p)
                grads.append(p.grad)
                state = self.state[p]
                if len(state) == 0:
                    # Lazy state: a CPU float `step` unless fused or capturable.
                    state['step'] = (
                        torch.zeros((), dtype=_get_scalar_dtype(is_fused=group['fused']),
                                    device=p.device)
                        if group['capturable'] or group['fused']
                        else torch.tensor(0.0, dtype=_get_scalar_dtype(), device='cpu'))
                    state['exp_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                    state['exp_avg_sq'] = torch.zeros_like(
                        p, memory_format=torch.preserve_format)
                    if group['amsgrad']:
                        state['max_exp_avg_sq'] = torch.zeros_like(
                            p, memory_format=torch.preserve_format)
                exp_avgs.append(state['exp_avg'])
                exp_avg_sqs.append(state['exp_avg_sq'])
                if group['amsgrad']:
                    max_exp_avg_sqs.append(state['max_exp_avg_sq'])
                if group['differentiable'] and state['step'].requires_grad:
                    raise RuntimeError(
                        '`requires_grad` is not supported for `step` in differentiable mode')
                if group['foreach'] and torch.is_tensor(group['lr']) and not group['capturable']:
                    raise RuntimeError('lr as a Tensor is not supported for capturable=False '
                                       'and foreach=True')
                state_steps.append(state['step'])
        return has_complex

    @_use_grad_for_differentiable
    def step(self, closure=None):
        self._accelerator_graph_capture_health_check()
        loss = _run_closure(closure)
        for group in self.param_groups:
            params_with_grad, grads, exp_avgs, exp_avg_sqs = [], [], [], []
            max_exp_avg_sqs, state_steps = [], []
            beta1, beta2 = group['betas']
            has_complex = self._init_group(group, params_with_grad, grads, exp_avgs,
                                           exp_avg_sqs, max_exp_avg_sqs, state_steps)
            adam(params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps,
                 amsgrad=group['amsgrad'],
                 has_complex=has_complex,
                 beta1=beta1,
                 beta2=beta2,
                 lr=group['lr'],
                 weight_decay=group['weight_decay'],
                 eps=group['eps'],
                 maximize=group['maximize'],
                 foreach=group['foreach'],
                 capturable=group['capturable'],
                 differentiable=group['differentiable'],
                 fused=group['fused'],
                 grad_scale=getattr(self, 'grad_scale', None),
                 found_inf=getattr(self, 'found_inf', None),
                 decoupled_weight_decay=group['decoupled_weight_decay'])
        return loss


def adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, foreach=None,
         capturable=False, differentiable=False, fused=None, grad_scale=None, found_inf=None,
         has_complex=False, decoupled_weight_decay=False, *, amsgrad, beta1, beta2, lr,
         weight_decay, eps, maximize):
    # Skipped while compiling, as PyTorch skips it (slow to trace).
    if not torch.compiler.is_compiling() and not all(
            isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError('API has changed, `state_steps` argument must contain a list of '
                           'singleton tensors')
    _check_single_tensor(foreach, fused)
    _single_tensor_adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps,
                        grad_scale, found_inf, amsgrad=amsgrad, has_complex=has_complex,
                        beta1=beta1, beta2=beta2, lr=lr, weight_decay=weight_decay, eps=eps,
                        maximize=maximize, capturable=capturable,
                        differentiable=differentiable,
                        decoupled_weight_decay=decoupled_weight_decay)


def _single_tensor_adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps,
                        grad_scale, found_inf, *, amsgrad, has_complex, beta1, beta2, lr,
                        weight_decay, eps, maximize, capturable, differentiable,
                        decoupled_weight_decay):
    if grad_scale is not None or found_inf is not None:
        raise AssertionError('Expected grad_scale and found_inf to be None')
    lr = _to_scalar(lr)
    beta1 = _to_scalar(beta1)
    beta2 = _to_scalar(beta2)
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        exp_avg = exp_avgs[i]
        exp_avg_sq = exp_avg_sqs[i]
        step_t = state_steps[i]
        # Compiling, the device check is the compiler's (PyTorch's note
        # [torch.compile x capturable]).
        if not torch.compiler.is_compiling() and capturable:
            _check_capturable(param, step_t)
        step_t += 1
        if weight_decay != 0:
            if decoupled_weight_decay:
                param.mul_(1 - lr * weight_decay)
            elif (differentiable and isinstance(weight_decay, Tensor)
                  and weight_decay.requires_grad):
                grad = grad.addcmul_(param.clone(), weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        # A tensor beta1 in the parameter's dtype, as PyTorch caches it.
        device_beta1 = beta1
        if isinstance(beta1, Tensor):
            device_beta1 = beta1.to(device=param.device, dtype=param.dtype)
        exp_avg.lerp_(grad, 1 - device_beta1)
        if differentiable and isinstance(beta2, Tensor) and beta2.requires_grad:
            exp_avg_sq.lerp_(torch.square(grad), weight=1 - beta2)
        else:
            exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        if capturable or differentiable:
            step = step_t
            bias_correction1 = 1 - beta1 ** step
            bias_correction2 = 1 - beta2 ** step
            step_size = lr / bias_correction1
            step_size_neg = step_size.neg()
            bias_correction2_sqrt = bias_correction2.sqrt()
            if amsgrad:
                if differentiable:
                    max_exp_avg_sq = max_exp_avg_sqs[i].clone()
                else:
                    max_exp_avg_sq = max_exp_avg_sqs[i]
                max_exp_avg_sqs[i].copy_(torch.maximum(max_exp_avg_sq, exp_avg_sq))
                denom = (max_exp_avg_sqs[i].sqrt() / (bias_correction2_sqrt * step_size_neg)
                         ).add_(eps / step_size_neg)
            else:
                denom = (exp_avg_sq.sqrt() / (bias_correction2_sqrt * step_size_neg)
                         ).add_(eps / step_size_neg)
            if differentiable:
                param.addcdiv_(exp_avg.clone(), denom)
            else:
                param.addcdiv_(exp_avg, denom)
        else:
            step = _get_value(step_t)
            bias_correction1 = 1 - beta1 ** step
            bias_correction2 = 1 - beta2 ** step
            step_size = lr / bias_correction1
            bias_correction2_sqrt = bias_correction2 ** 0.5
            if amsgrad:
                # PyTorch writes the maximum with out=; copy_ stores the
                # same values (tc's torch.maximum has no out=).
                max_exp_avg_sqs[i].copy_(torch.maximum(max_exp_avg_sqs[i], exp_avg_sq))
                denom = (max_exp_avg_sqs[i].sqrt() / bias_correction2_sqrt).add_(eps)
            else:
                denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
            param.addcdiv_(exp_avg, denom, value=-step_size)
