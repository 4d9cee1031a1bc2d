# torch.nn.init: every init function under a fixed seed, for float32 and float64,
# shapes whose fans round differently and sizes on both sides of normal_'s
# 16-element vectorised path; calculate_gain, the fan computation, the return value
# (the same tensor), no autograd history, generator=, and PyTorch's error texts.
import math
import torch
import torch.nn as nn
from torch.nn import init
import torch.nn.init
from torch.nn.init import xavier_uniform_ as xu


def show(label, t):
    print(label, t.dtype, list(t.shape), t.tolist())


# A fresh tensor initialized by fn (under --compile-functions this runs as a
# compiled function: the init code is traced, its draws must stay PyTorch's).
def fresh(fn, shape, dt, *args, **kwargs):
    return fn(torch.empty(shape, dtype=dt), *args, **kwargs)


print(torch.nn.init is nn.init, init is nn.init, xu is init.xavier_uniform_, init.__name__)
t = torch.empty(0, 3)
print(init.orthogonal_(t) is t)
for name in ('linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d',
             'conv_transpose3d', 'sigmoid', 'tanh', 'relu', 'selu', 'leaky_relu'):
    print(name, init.calculate_gain(name))
for p in (None, 0, 3, 0.2, math.sqrt(5), -1.5):
    print('leaky_relu', p, init.calculate_gain('leaky_relu', p))
print(init.calculate_gain('relu', 7), init.calculate_gain('tanh', 0.5))
for bad in (('leaky_relu', True), ('leaky_relu', 'x'), ('leaky_relu', [1]), ('gelu', None),
            ('ReLU', None), ('', None)):
    try:
        init.calculate_gain(bad[0], bad[1])
    except ValueError as e:
        print('ValueError:', e)

for shape in ((5, 7), (7, 5), (4, 3, 2), (6, 4, 3, 3), (2, 0), (3, 2, 1, 1, 2)):
    print(shape, init._calculate_fan_in_and_fan_out(torch.empty(shape)))
for shape in ((3,), ()):
    try:
        init._calculate_fan_in_and_fan_out(torch.empty(shape))
    except ValueError as e:
        print('ValueError:', e)

# Shapes: 2-D with fan_in 5 (where sqrt(5) rounds), < 16 and >= 16 elements,
# conv-like 4-D with a receptive field.
shapes = ((3, 5), (4, 7), (6, 8), (2, 3, 3), (4, 2, 3, 3))
for dt in (torch.float32, torch.float64):
    torch.manual_seed(0)
    for shape in shapes:
        show('uniform_', fresh(init.uniform_, shape, dt))
        show('uniform_ab', fresh(init.uniform_, shape, dt, -0.3, 2.5))
        show('normal_', fresh(init.normal_, shape, dt))
        show('normal_ms', fresh(init.normal_, shape, dt, 1.5, 0.25))
        show('kaiming_uniform_', fresh(init.kaiming_uniform_, shape, dt))
        show('kaiming_uniform_sqrt5', fresh(init.kaiming_uniform_, shape, dt, a=math.sqrt(5)))
        show('kaiming_uniform_relu_out',
             fresh(init.kaiming_uniform_, shape, dt, mode='fan_out', nonlinearity='relu'))
        show('kaiming_uniform_tanh', fresh(init.kaiming_uniform_, shape, dt, nonlinearity='tanh'))
        show('kaiming_normal_', fresh(init.kaiming_normal_, shape, dt))
        show('kaiming_normal_out',
             fresh(init.kaiming_normal_, shape, dt, a=0.1, mode='Fan_Out'))
        show('kaiming_normal_selu', fresh(init.kaiming_normal_, shape, dt, nonlinearity='selu'))
        show('xavier_uniform_', fresh(init.xavier_uniform_, shape, dt))
        show('xavier_uniform_gain', fresh(init.xavier_uniform_, shape, dt, gain=init.calculate_gain('relu')))
        show('xavier_normal_', fresh(init.xavier_normal_, shape, dt))
        show('xavier_normal_gain', fresh(init.xavier_normal_, shape, dt, 0.5))
        show('trunc_normal_', fresh(init.trunc_normal_, shape, dt))
        show('trunc_normal_std', fresh(init.trunc_normal_, shape, dt, std=0.02))
        # p just above 0.3: many positions are redrawn, several rounds.
        show('trunc_normal_narrow', fresh(init.trunc_normal_, shape, dt, 0.0, 1.0, -0.4, 0.4))
        # p below 0.3: the uniform-proposal rejection path.
        show('trunc_normal_tail', fresh(init.trunc_normal_, shape, dt, 0.0, 1.0, 1.0, 3.0))
        show('trunc_normal_shift', fresh(init.trunc_normal_, shape, dt, 2.0, 0.5, -1.0, 1.0))
    print('next draw', torch.rand(3, dtype=dt).tolist())

# Larger tensors: the vectorised normal path and many rejection rounds.
torch.manual_seed(7)
for dt in (torch.float32, torch.float64):
    show('trunc_normal_100', init.trunc_normal_(torch.empty(10, 10, dtype=dt), 0.5, 2.0, -1.0, 1.5))
    show('trunc_normal_default_100', init.trunc_normal_(torch.empty(10, 10, dtype=dt)))
    show('trunc_normal_tail_40', init.trunc_normal_(torch.empty(40, dtype=dt), 0.0, 1.0, 2.0, 2.5))
    show('kaiming_normal_1d_ok', init.normal_(torch.empty(20, dtype=dt), 0.0, 0.1))
    print('next draw', torch.rand(2, dtype=dt).tolist())

# float16 and bfloat16: the bounds round to the dtype, the draws are PyTorch's.
torch.manual_seed(10)
for dt in (torch.float16, torch.bfloat16):
    for shape in ((3, 5), (6, 8)):
        show('half uniform_', fresh(init.uniform_, shape, dt))
        show('half normal_', fresh(init.normal_, shape, dt))
        show('half kaiming_uniform_', fresh(init.kaiming_uniform_, shape, dt, a=math.sqrt(5)))
        show('half xavier_normal_', fresh(init.xavier_normal_, shape, dt))
        show('half trunc_normal_narrow', fresh(init.trunc_normal_, shape, dt, 0.0, 1.0, -0.4, 0.4))
        show('half trunc_normal_tail', fresh(init.trunc_normal_, shape, dt, 0.1, 1.0, 1.0, 3.0))
        show('half trunc_normal_std', fresh(init.trunc_normal_, shape, dt, std=0.02))
print('next draw', torch.rand(2).tolist())

# Non-contiguous tensors (transposed, permuted, strided slices): draws fill
# memory order, and trunc_normal_'s fresh tensors take the tensor's layout.
torch.manual_seed(12)
for dt in (torch.float32, torch.float64):
    a = torch.empty(4, 6, dtype=dt)
    show('T kaiming_uniform_', init.kaiming_uniform_(a.t()))
    show('T normal_', init.normal_(a.t()))
    show('T trunc_normal_narrow', init.trunc_normal_(a.t(), 0.0, 1.0, -0.5, 0.5))
    show('T trunc_normal_tail', init.trunc_normal_(a.t(), 0.0, 1.0, 1.0, 2.0))
    show('T trunc_normal_default', init.trunc_normal_(torch.empty(12, 10, dtype=dt).t()))
    show('slice xavier_normal_', init.xavier_normal_(torch.empty(3, 8, dtype=dt)[:, ::2]))
    show('slice trunc_normal_', init.trunc_normal_(torch.empty(5, 8, dtype=dt)[:, 1::2], 0.0, 1.0, -0.5, 0.5))
    b = torch.empty(2, 3, 4, dtype=dt).permute(2, 0, 1)
    show('permuted trunc_normal_', init.trunc_normal_(b, 0.0, 1.0, -0.6, 0.6))
    print('strides kept', b.stride())
    show('T eye_', init.eye_(torch.empty(5, 4, dtype=dt).t()))
    show('T dirac_', init.dirac_(torch.empty(3, 2, 3, dtype=dt).transpose(0, 1)))
print('next draw', torch.rand(2).tolist())

# sparse_: normal draws, then one randperm per column picks the zeros.
torch.manual_seed(9)
for dt in (torch.float32, torch.float64):
    show('sparse_', init.sparse_(torch.empty(5, 4, dtype=dt), 0.4))
    show('sparse_std', init.sparse_(torch.empty(3, 6, dtype=dt), 0.1, std=2.0))
    show('sparse_none', init.sparse_(torch.empty(4, 2, dtype=dt), 0.0))
    show('sparse_all', init.sparse_(torch.empty(2, 2, dtype=dt), 1.0))
g = torch.Generator().manual_seed(1)
show('sparse_gen', init.sparse_(torch.empty(3, 3), 0.5, generator=g))
print('next draw', torch.rand(2).tolist())

# The deterministic ones.
for dt in (torch.float32, torch.float64):
    show('constant_', init.constant_(torch.empty(2, 3, dtype=dt), 0.3))
    show('constant_int', init.constant_(torch.empty(2, 2, dtype=dt), 4))
    show('zeros_', init.zeros_(torch.full((2, 2), 5.0, dtype=dt)))
    show('ones_', init.ones_(torch.empty(3, dtype=dt)))
    show('eye_', init.eye_(torch.empty(3, 5, dtype=dt)))
    show('eye_tall', init.eye_(torch.full((4, 2), 9.0, dtype=dt)))
    show('dirac_3d', init.dirac_(torch.empty(3, 2, 3, dtype=dt)))
    show('dirac_4d', init.dirac_(torch.empty(2, 3, 3, 2, dtype=dt)))
    show('dirac_groups', init.dirac_(torch.empty(4, 2, 3, dtype=dt), 2))
    show('dirac_5d', init.dirac_(torch.empty(2, 1, 1, 3, 2, dtype=dt)))
print(init.constant_(torch.empty(3, dtype=torch.int64), 7).tolist())
print(init.ones_(torch.empty(2, dtype=torch.int32)).tolist(), init.zeros_(torch.empty(2, dtype=torch.bool)).tolist())

# Each returns the tensor it was given, and leaves no autograd history on a parameter.
w = nn.Parameter(torch.empty(3, 4))
for fn in (init.uniform_, init.normal_, init.kaiming_uniform_, init.kaiming_normal_, init.xavier_uniform_,
           init.xavier_normal_, init.trunc_normal_, init.zeros_, init.ones_, init.eye_):
    r = fn(w)
    print(fn.__name__, r is w, w.requires_grad, w.grad_fn is None, w.is_leaf)
print(init.constant_(w, 2.0) is w, w.tolist())
v = w[1]
print(init.uniform_(v) is v, w.grad_fn is None)

# generator= draws from the given generator only.
g = torch.Generator().manual_seed(3)
torch.manual_seed(11)
show('gen uniform_', init.uniform_(torch.empty(2, 3), generator=g))
show('gen normal_', init.normal_(torch.empty(4, 5), generator=g))
show('gen kaiming_uniform_', init.kaiming_uniform_(torch.empty(2, 3), generator=g))
show('gen kaiming_normal_', init.kaiming_normal_(torch.empty(2, 3), generator=g))
show('gen xavier_uniform_', init.xavier_uniform_(torch.empty(2, 3), generator=g))
show('gen xavier_normal_', init.xavier_normal_(torch.empty(2, 3), generator=g))
show('gen trunc_normal_', init.trunc_normal_(torch.empty(2, 3), 0.0, 1.0, -0.5, 0.5, generator=g))
show('gen trunc_tail', init.trunc_normal_(torch.empty(2, 3), 0.0, 1.0, 1.5, 2.0, generator=g))
print('global stream untouched', torch.rand(2).tolist(), torch.manual_seed(11) is not None, torch.rand(2).tolist())

# Zero-element tensors: kaiming is a no-op (no draw); the others draw nothing either.
torch.manual_seed(5)
print(init.kaiming_uniform_(torch.empty(0, 3)).shape, init.kaiming_normal_(torch.empty(3, 0)).shape)
print(init.uniform_(torch.empty(0)).shape, init.trunc_normal_(torch.empty(0, 2)).shape)
print(torch.rand(2).tolist())

errors = [
    ('kaiming_uniform_ mode', lambda: init.kaiming_uniform_(torch.empty(2, 3), mode='fan_avg')),
    ('kaiming_normal_ mode', lambda: init.kaiming_normal_(torch.empty(2, 3), mode='in')),
    ('kaiming_uniform_ 1-D', lambda: init.kaiming_uniform_(torch.empty(4))),
    ('kaiming_normal_ nonlin', lambda: init.kaiming_normal_(torch.empty(2, 3), nonlinearity='gelu')),
    ('kaiming_uniform_ slope', lambda: init.kaiming_uniform_(torch.empty(2, 3), a='0.1')),
    ('xavier_uniform_ 1-D', lambda: init.xavier_uniform_(torch.empty(4))),
    ('xavier_normal_ 0-D', lambda: init.xavier_normal_(torch.tensor(1.0))),
    ('eye_ 3-D', lambda: init.eye_(torch.empty(2, 2, 2))),
    ('eye_ 1-D', lambda: init.eye_(torch.empty(2))),
    ('dirac_ 2-D', lambda: init.dirac_(torch.empty(2, 2))),
    ('dirac_ groups', lambda: init.dirac_(torch.empty(3, 2, 2), 2)),
    ('orthogonal_ 1-D', lambda: init.orthogonal_(torch.empty(3))),
    ('sparse_ 3-D', lambda: init.sparse_(torch.empty(2, 2, 2), 0.5)),
    ('sparse_ 1-D', lambda: init.sparse_(torch.empty(2), 0.5)),
    ('uniform_ from > to', lambda: init.uniform_(torch.empty(3), 2.0, 1.0)),
    ('normal_ std < 0', lambda: init.normal_(torch.empty(3), 0.0, -1.0)),
    ('uniform_ int64', lambda: init.uniform_(torch.empty(3, dtype=torch.int64))),
    ('normal_ int32', lambda: init.normal_(torch.empty(3, dtype=torch.int32))),
    ('trunc_normal_ int64', lambda: init.trunc_normal_(torch.empty(3, dtype=torch.int64))),
    ('trunc_normal_ std 0', lambda: init.trunc_normal_(torch.empty(3), std=0.0)),
    ('trunc_normal_ a > b', lambda: init.trunc_normal_(torch.empty(3), a=1.0, b=-1.0)),
    ('kaiming_uniform_ mode int', lambda: init.kaiming_uniform_(torch.empty(2, 2), mode=3)),
    ('uniform_ list', lambda: init.uniform_([1.0])),
    ('dirac_ groups 0', lambda: init.dirac_(torch.empty(2, 2, 2), 0)),
]
for label, fn in errors:
    try:
        fn()
        print(label, 'no error')
    except (ValueError, RuntimeError, NotImplementedError, ZeroDivisionError, AttributeError) as e:
        print(label, type(e).__name__ + ':', e)
