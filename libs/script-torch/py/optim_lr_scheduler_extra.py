# torch.optim.lr_scheduler, part 2, as PyTorch 2.15 writes it
# (torch/optim/lr_scheduler.py): the schedulers that combine others
# (SequentialLR, ChainedScheduler), the ones with their own step
# (ReduceLROnPlateau, CosineAnnealingWarmRestarts) and OneCycleLR.
#
# Runs in the torch.optim.lr_scheduler module's namespace after
# optim_lr_scheduler.py (libs/script-torch/src/optim_modules.cc).


def _check_schedulers(self, optimizer, schedulers):
    # Each scheduler has an optimizer, is not ReduceLROnPlateau, and
    # shares `optimizer`.
    for scheduler_idx, scheduler in enumerate(schedulers):
        if not hasattr(scheduler, 'optimizer'):
            raise TypeError(f'{self.__class__.__name__} at index {scheduler_idx} should have '
                            '`optimizer` as its attribute.')
        if isinstance(scheduler, ReduceLROnPlateau):
            raise ValueError(
                f'{self.__class__.__name__} does not support `ReduceLROnPlateau` scheduler as '
                'it requires additional kwargs to be specified when calling `step`, '
                f'but got one at index {scheduler_idx} in the given schedulers sequence.')
        if optimizer != scheduler.optimizer:
            raise ValueError(
                f'{self.__class__.__name__} expects all schedulers to belong to the same '
                f'optimizer, but got scheduler {scheduler.__class__.__name__} at index '
                f'{scheduler_idx} has {scheduler.optimizer}, which is different from '
                f'{optimizer.__class__.__name__}.')


class _SchedulersStateMixin:
    # The inner schedulers are saved as their own state dicts.
    def state_dict(self):
        state_dict = {key: value for key, value in self.__dict__.items()
                      if key not in ('optimizer', '_schedulers')}
        state_dict['_schedulers'] = [None] * len(self._schedulers)
        for idx, s in enumerate(self._schedulers):
            state_dict['_schedulers'][idx] = s.state_dict()
        return state_dict

    def load_state_dict(self, state_dict):
        _schedulers = state_dict.pop('_schedulers')
        self.__dict__.update(state_dict)
        state_dict['_schedulers'] = _schedulers
        for idx, s in enumerate(_schedulers):
            self._schedulers[idx].load_state_dict(s)


class SequentialLR(_SchedulersStateMixin, LRScheduler):
    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        if len(schedulers) < 1:
            raise ValueError(f'{self.__class__.__name__} expects at least one scheduler, but got '
                             'no scheduler.')
        _check_schedulers(self, optimizer, schedulers)
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(
                'Sequential Schedulers expects number of schedulers provided to be one more '
                'than the number of milestone points, but got number of schedulers '
                f'{len(schedulers)} and the number of milestones to be equal to '
                f'{len(milestones)}')
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        # Back to the initial lrs, the inner schedulers' own initial steps
        # undone, then the initial step of the one that runs first.
        for group in self.optimizer.param_groups:
            _update_param_group_val(group, 'lr', group['initial_lr'])
        self.recursive_undo()
        idx = bisect_right(self._milestones, 0)
        self._schedulers[idx]._initial_step()
        self._last_lr = schedulers[idx].get_last_lr()

    def recursive_undo(self, sched=None):
        scheds = self if sched is None else sched
        if hasattr(scheds, '_schedulers'):
            for s in scheds._schedulers:
                self.recursive_undo(s)
        elif hasattr(scheds, 'last_epoch'):
            scheds.last_epoch -= 1

    def step(self):
        self.last_epoch += 1
        idx = bisect_right(self._milestones, self.last_epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler._update_lr(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()


class ChainedScheduler(_SchedulersStateMixin, LRScheduler):
    def __init__(self, schedulers, optimizer=None):
        if len(schedulers) < 1:
            raise ValueError(f'{self.__class__.__name__} expects at least one scheduler to be '
                             'chained, but got no scheduler.')
        optimizer = optimizer or schedulers[0].optimizer
        _check_schedulers(self, optimizer, schedulers)
        self._schedulers = schedulers
        self.optimizer = optimizer
        self._last_lr = _param_groups_val_list(self._schedulers[-1].optimizer, 'lr')

    def step(self):
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = _param_groups_val_list(self._schedulers[-1].optimizer, 'lr')


class ReduceLROnPlateau(LRScheduler):
    def __init__(self, optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode='rel', cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError('Factor should be < 1.0.')
        self.factor = factor
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f'{type(optimizer).__name__} is not an Optimizer')
        self.optimizer = optimizer
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != len(optimizer.param_groups):
                raise ValueError(
                    f'expected {len(optimizer.param_groups)} min_lrs, got {len(min_lr)}')
            self.default_min_lr = None
            self.min_lrs = list(min_lr)
        else:
            self.default_min_lr = min_lr
            self.min_lrs = [min_lr] * len(optimizer.param_groups)
        self.patience = patience
        self.cooldown = cooldown
        self.eps = eps
        self.last_epoch = 0
        self._last_lr = _param_groups_val_list(self.optimizer, 'lr')
        self._init_is_better(mode=mode, threshold=threshold, threshold_mode=threshold_mode)
        self._reset()

    def _reset(self):
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics, epoch=None):
        current = float(metrics)
        if epoch is None:
            epoch = self.last_epoch + 1
        else:
            warnings.warn(EPOCH_DEPRECATION_WARNING, UserWarning, stacklevel=2)
        self.last_epoch = epoch
        if self._is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            self._reduce_lr(epoch)
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = _param_groups_val_list(self.optimizer, 'lr')

    def _reduce_lr(self, epoch):
        if len(self.optimizer.param_groups) != len(self.min_lrs):
            if self.default_min_lr is None:
                raise RuntimeError(
                    'The number of param groups in the `optimizer` '
                    f'({len(self.optimizer.param_groups)}) differs '
                    'from when `ReduceLROnPlateau` was initialized '
                    f'({len(self.min_lrs)}), usually due to a new '
                    'param group being added to the optimizer. Please '
                    'modify the `min_lrs` field to match the length '
                    'of the `optimizer` param groups.')
            self.min_lrs = [self.default_min_lr] * len(self.optimizer.param_groups)
        for i, param_group in enumerate(self.optimizer.param_groups):
            old_lr = float(param_group['lr'])
            new_lr = max(old_lr * self.factor, self.min_lrs[i])
            if old_lr - new_lr > self.eps:
                _update_param_group_val(param_group, 'lr', new_lr)

    @property
    def in_cooldown(self):
        return self.cooldown_counter > 0

    def _is_better(self, a, best):
        if self.mode == 'min' and self.threshold_mode == 'rel':
            rel_epsilon = 1.0 - self.threshold
            return a < best * rel_epsilon
        elif self.mode == 'min' and self.threshold_mode == 'abs':
            return a < best - self.threshold
        elif self.mode == 'max' and self.threshold_mode == 'rel':
            rel_epsilon = self.threshold + 1.0
            return a > best * rel_epsilon
        return a > best + self.threshold

    def _init_is_better(self, mode, threshold, threshold_mode):
        if mode not in {'min', 'max'}:
            raise ValueError('mode ' + mode + ' is unknown!')
        if threshold_mode not in {'rel', 'abs'}:
            raise ValueError('threshold mode ' + threshold_mode + ' is unknown!')
        self.mode_worse = math.inf if mode == 'min' else -math.inf
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)
        self._init_is_better(mode=self.mode, threshold=self.threshold,
                             threshold_mode=self.threshold_mode)


class CosineAnnealingWarmRestarts(LRScheduler):
    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0.0, last_epoch=-1):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f'Expected positive integer T_0, but got {T_0}')
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f'Expected integer T_mult >= 1, but got {T_mult}')
        if not isinstance(eta_min, (float, int)):
            raise ValueError(
                f'Expected float or int eta_min, but got {eta_min} of type {type(eta_min)}')
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        _warn_get_lr_called_within_step(self)
        return [self.eta_min + (base_lr - self.eta_min)
                * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
                for base_lr in self.base_lrs]

    def step(self, epoch=None):
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur % self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            if epoch < 0:
                raise ValueError(f'Expected non-negative epoch, but got {epoch}')
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(math.log((epoch / self.T_0 * (self.T_mult - 1) + 1), self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** (n)
            else:
                self.T_i = self.T_0
                self.T_cur = epoch
        self.last_epoch = math.floor(epoch)
        with _enable_get_lr_call(self):
            for param_group, lr in zip(self.optimizer.param_groups, self.get_lr(), strict=True):
                _update_param_group_val(param_group, 'lr', lr)
        self._last_lr = _param_groups_val_list(self.optimizer, 'lr')


def _one_cycle_phases(total_steps, pct_start, three_phase):
    # (end step, start lr key, end lr key, start momentum key, end momentum key)
    # per phase, as PyTorch's _schedule_phases dicts.
    def phase(end_step, start_lr, end_lr, start_momentum, end_momentum):
        return {'end_step': end_step, 'start_lr': start_lr, 'end_lr': end_lr,
                'start_momentum': start_momentum, 'end_momentum': end_momentum}

    if three_phase:
        return [
            phase(float(pct_start * total_steps) - 1, 'initial_lr', 'max_lr', 'max_momentum',
                  'base_momentum'),
            phase(float(2 * pct_start * total_steps) - 2, 'max_lr', 'initial_lr',
                  'base_momentum', 'max_momentum'),
            phase(total_steps - 1, 'initial_lr', 'min_lr', 'max_momentum', 'max_momentum'),
        ]
    return [
        phase(float(pct_start * total_steps) - 1, 'initial_lr', 'max_lr', 'max_momentum',
              'base_momentum'),
        phase(total_steps - 1, 'max_lr', 'min_lr', 'base_momentum', 'max_momentum'),
    ]


class OneCycleLR(LRScheduler):
    def __init__(self, optimizer, max_lr, total_steps=None, epochs=None, steps_per_epoch=None,
                 pct_start=0.3, anneal_strategy='cos', cycle_momentum=True, base_momentum=0.85,
                 max_momentum=0.95, div_factor=25.0, final_div_factor=1e4, three_phase=False,
                 last_epoch=-1):
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f'{type(optimizer).__name__} is not an Optimizer')
        self.optimizer = optimizer
        if total_steps is not None:
            if total_steps <= 0 or not isinstance(total_steps, int):
                raise ValueError(f'Expected positive integer total_steps, but got {total_steps}')
            self.total_steps = total_steps
        elif epochs is not None and steps_per_epoch is not None:
            if not isinstance(epochs, int) or epochs <= 0:
                raise ValueError(f'Expected positive integer epochs, but got {epochs}')
            if not isinstance(steps_per_epoch, int) or steps_per_epoch <= 0:
                raise ValueError(
                    f'Expected positive integer steps_per_epoch, but got {steps_per_epoch}')
            self.total_steps = epochs * steps_per_epoch
        else:
            raise ValueError('You must define either total_steps OR (epochs AND steps_per_epoch)')
        self._schedule_phases = _one_cycle_phases(self.total_steps, pct_start, three_phase)
        if pct_start < 0 or pct_start > 1 or not isinstance(pct_start, float):
            raise ValueError(f'Expected float between 0 and 1 pct_start, but got {pct_start}')
        if anneal_strategy not in ['cos', 'linear']:
            raise ValueError('anneal_strategy must be one of \'cos\' or \'linear\', instead got '
                             f'{anneal_strategy}')
        self._anneal_func_type = anneal_strategy
        max_lrs = _format_param('max_lr', self.optimizer, max_lr)
        if last_epoch == -1:
            for idx, group in enumerate(self.optimizer.param_groups):
                group['initial_lr'] = max_lrs[idx] / div_factor
                group['max_lr'] = max_lrs[idx]
                group['min_lr'] = group['initial_lr'] / final_div_factor
        self.cycle_momentum = cycle_momentum
        if self.cycle_momentum:
            if ('momentum' not in self.optimizer.defaults
                    and 'betas' not in self.optimizer.defaults):
                raise ValueError('optimizer must support momentum or beta1 with '
                                 '`cycle_momentum` option enabled')
            self.use_beta1 = 'betas' in self.optimizer.defaults
            max_momentums = _format_param('max_momentum', optimizer, max_momentum)
            base_momentums = _format_param('base_momentum', optimizer, base_momentum)
            if last_epoch == -1:
                for m_momentum, b_momentum, group in zip(max_momentums, base_momentums,
                                                         optimizer.param_groups, strict=True):
                    if self.use_beta1:
                        group['betas'] = (m_momentum, *group['betas'][1:])
                    else:
                        group['momentum'] = m_momentum
                    group['max_momentum'] = m_momentum
                    group['base_momentum'] = b_momentum
        super().__init__(optimizer, last_epoch)

    def _anneal_func(self, *args, **kwargs):
        if hasattr(self, '_anneal_func_type'):
            if self._anneal_func_type == 'cos':
                return self._annealing_cos(*args, **kwargs)
            elif self._anneal_func_type == 'linear':
                return self._annealing_linear(*args, **kwargs)
            raise ValueError(f'Unknown _anneal_func_type: {self._anneal_func_type}')
        return self.anneal_func(*args, **kwargs)

    @staticmethod
    def _annealing_cos(start, end, pct):
        cos_out = math.cos(math.pi * pct) + 1
        return end + (start - end) / 2.0 * cos_out

    @staticmethod
    def _annealing_linear(start, end, pct):
        return (end - start) * pct + start

    def get_lr(self):
        _warn_get_lr_called_within_step(self)
        lrs = []
        step_num = self.last_epoch
        if step_num > self.total_steps:
            raise ValueError(f'Tried to step {step_num} times. The specified number of total '
                             f'steps is {self.total_steps}')
        for group in self.optimizer.param_groups:
            start_step = 0.0
            for i, phase in enumerate(self._schedule_phases):
                end_step = phase['end_step']
                if step_num <= end_step or i == len(self._schedule_phases) - 1:
                    pct = (step_num - start_step) / (end_step - start_step)
                    computed_lr = self._anneal_func(group[phase['start_lr']],
                                                    group[phase['end_lr']], pct)
                    if self.cycle_momentum:
                        computed_momentum = self._anneal_func(group[phase['start_momentum']],
                                                              group[phase['end_momentum']], pct)
                    break
                start_step = phase['end_step']
            lrs.append(computed_lr)
            if self.cycle_momentum:
                if self.use_beta1:
                    group['betas'] = (computed_momentum, *group['betas'][1:])
                else:
                    group['momentum'] = computed_momentum
        return lrs
