# An optimizer step inside a compiled function: torch.compile captures
# opt.step() into one graph (its parameters and state tensors as graph
# inputs, updated in place). SGD (momentum, dampening, nesterov,
# weight_decay), Adam, AdamW (amsgrad), RMSprop (centered, momentum) and
# Adagrad (lr_decay, weight_decay) are each stepped 3 times through a
# compiled function under CompileCounterWithBackend('eager') and
# ('inductor'): the frames and ops captured (the step's own frame: the
# optimizer's wrappers break around it; SGD with momentum compiles again
# once its buffers exist), whether the compiled step equals an eager one
# (SGD bit for bit; the others compute their bias corrections on tensors
# when compiled, as PyTorch's do; inductor only close), the parameters
# and the state `step`.
# Then opt.zero_grad() compiled, a whole training step compiled as one
# function (loss.backward() breaks the graph), and explain of a step.
# tc-compare: rel=2e-6 abs=1e-7  reason: PyTorch's CPU float32 sqrt is MKL's vsSqrt (up to 0.75 ulp from the correctly rounded value tc computes) and PyTorch's inductor fuses prims.fma into one rounding, so a value can differ by an ulp per step
import torch
import torch._dynamo.testing
import torch.nn as nn

CONFIGS = [
    ('sgd', torch.optim.SGD, dict(lr=0.1)),
    ('sgd_momentum', torch.optim.SGD, dict(lr=0.1, momentum=0.9)),
    ('sgd_nesterov_wd', torch.optim.SGD,
     dict(lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)),
    ('sgd_dampening', torch.optim.SGD, dict(lr=0.1, momentum=0.5, dampening=0.3)),
    ('adam', torch.optim.Adam, dict(lr=0.01)),
    ('adam_wd', torch.optim.Adam, dict(lr=0.01, weight_decay=0.1)),
    ('adamw', torch.optim.AdamW, dict(lr=0.01)),
    ('adamw_amsgrad', torch.optim.AdamW, dict(lr=0.01, amsgrad=True)),
    ('rmsprop', torch.optim.RMSprop, dict(lr=0.01)),
    ('rmsprop_centered_momentum', torch.optim.RMSprop,
     dict(lr=0.01, momentum=0.9, centered=True, weight_decay=0.1)),
    ('adagrad', torch.optim.Adagrad, dict(lr=0.1)),
    ('adagrad_decay', torch.optim.Adagrad, dict(lr=0.1, lr_decay=0.01, weight_decay=0.1)),
]


def setup(cls, kw):
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    return model, cls(model.parameters(), **kw)


def set_grads(model, g):
    # Gradients drawn from a generator: the same on both sides, bit for bit.
    for p in model.parameters():
        p.grad = torch.randn(p.shape, generator=g) + p.detach() * 0.25


def steps(cls, kw, step_fn_of):
    model, opt = setup(cls, kw)
    step = step_fn_of(opt)
    g = torch.Generator().manual_seed(1)
    for _ in range(3):
        set_grads(model, g)
        step()
    return model, opt


def run(name, cls, kw, backend):
    # Each optimizer starts from a clean cache: the step's code objects
    # (Optimizer's wrappers) are shared by all of them, and would otherwise
    # reach the recompile limit.
    torch._dynamo.reset()
    cnt = torch._dynamo.testing.CompileCounterWithBackend(backend)

    def compiled(opt):
        @torch.compile(backend=cnt)
        def opt_step():
            opt.step()
        return opt_step

    model, opt = steps(cls, kw, compiled)
    eager, _ = steps(cls, kw, lambda opt: opt.step)
    same = all(torch.equal(a, b) for a, b in zip(model.parameters(), eager.parameters()))
    close = all(torch.allclose(a, b, rtol=1e-5, atol=1e-7)
                for a, b in zip(model.parameters(), eager.parameters()))
    # (PyTorch's inductor fuses the step into kernels of its own rounding:
    # only close to eager there.)
    print(name, backend, 'frames', cnt.frame_count, 'ops', cnt.op_count,
          'equal to eager' if backend == 'eager' else '', same if backend == 'eager' else '',
          'close', close)
    print('  weight', model.weight.tolist())
    print('  bias', model.bias.tolist())
    st = opt.state[model.weight]
    if 'step' in st:
        print('  step', st['step'], st['step'].dtype)
    if 'momentum_buffer' in st:
        print('  momentum_buffer', st['momentum_buffer'].tolist())


for backend in ['eager', 'inductor']:
    for name, cls, kw in CONFIGS:
        run(name, cls, kw, backend)

# zero_grad inside the compiled function: no tensor op, no graph.
torch._dynamo.reset()
model, opt = setup(torch.optim.SGD, dict(lr=0.1, momentum=0.9))
x = torch.randn(5, 4)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def zero_grad():
    opt.zero_grad()


for _ in range(2):
    (model(x) ** 2).sum().backward()
    zero_grad()
print('zero_grad frames', cnt.frame_count, 'ops', cnt.op_count, model.weight.grad)

# A whole training step compiled: forward, backward (a graph break), step.
for name, cls, kw in [CONFIGS[1], CONFIGS[7]]:
    torch._dynamo.reset()
    model, opt = setup(cls, kw)
    x = torch.randn(5, 4)
    y = torch.randn(5, 3)
    cnt = torch._dynamo.testing.CompileCounter()

    @torch.compile(backend=cnt)
    def train_step(x, y):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss

    losses = [round(train_step(x, y).item(), 5) for _ in range(3)]
    print('train_step', name, 'frames', cnt.frame_count, 'ops', cnt.op_count, 'losses', losses)
    print('  weight', model.weight.tolist())

# Guards of a compiled step: a parameter without a gradient is skipped
# (and its gradient's arrival recompiles), a new lr recompiles, a new param
# group recompiles once (its state made by the first step is then reused).
torch._dynamo.reset()
model, opt = setup(torch.optim.Adam, dict(lr=0.1))
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def adam_step():
    opt.step()


g = torch.Generator().manual_seed(1)
model.weight.grad = torch.randn(3, 4, generator=g)
adam_step()
print('no bias grad', cnt.frame_count, model.bias.tolist(), len(opt.state))
model.bias.grad = torch.randn(3, generator=g)
adam_step()
adam_step()
print('bias grad', cnt.frame_count, model.bias.tolist(), opt.state[model.bias]['step'],
      opt.state[model.weight]['step'])
opt.param_groups[0]['lr'] = 0.01
adam_step()
print('new lr', cnt.frame_count, model.bias.tolist())
extra = nn.Parameter(torch.ones(2))
opt.add_param_group({'params': [extra], 'lr': 0.5})
extra.grad = torch.ones(2)
adam_step()
adam_step()
print('new group', cnt.frame_count, extra.tolist(), opt.param_groups[0]['capturable'])

# explain of a step: one graph, no break, the ops of its call_function
# nodes (Dynamo's decomposition of addcmul_ into mul and prims.fma).
torch._dynamo.reset()
model, opt = setup(torch.optim.AdamW, dict(lr=0.01))
set_grads(model, torch.Generator().manual_seed(1))


def adamw_step():
    opt.step()


out = torch._dynamo.explain(adamw_step)()
print('explain graphs', out.graph_count, 'breaks', out.graph_break_count, 'ops', out.op_count)
print([op.__name__ for op in out.ops_per_graph[0]])
print('after explain', opt.state[model.weight]['step'])

# A function with no graph: PyTorch's explain counts graph_count - 1 breaks.
out = torch._dynamo.explain(lambda: opt.zero_grad())()
print('explain no graph', out.graph_count, out.graph_break_count)
