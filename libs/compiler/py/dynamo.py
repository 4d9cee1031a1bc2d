# torch._dynamo in the script language: the user-facing wrappers (compile,
# disable, run, explain, OptimizedModule, GraphModule) over the native
# `_tc_dynamo` primitives (libs/compiler/src/dynamo_natives.cc), written as
# PyTorch writes them so wrapping, binding and printing behave the same.
#
# Runs in the torch._dynamo module's namespace when it is first imported
# (libs/compiler/src/modules.cc). `_tc_dynamo` exists only under tc, so the
# file is valid CPython but runs only in tc's VM.
import _tc_dynamo as _C
import torch
import torch.nn as _nn

graph_break = _C.graph_break


def reset():
    _C.reset()


# --- GraphModule: what a script-defined backend receives -----------------------

class _Target:
    # An FX call_function target: named like the torch callable it stands for.
    def __init__(self, qualified):
        self._qualified = qualified
        self.__name__ = qualified.split('.')[-1]
        if qualified.startswith('torch.ops.'):  # an OpOverload: 'fma.default'
            self.__name__ = '.'.join(qualified.split('.')[-2:])

    def __repr__(self):
        q = self._qualified
        name = self.__name__
        if q.startswith('torch.ops.'):  # an OpOverload: torch.ops.<ns>.<op>.<overload>
            ns, op, overload = q.split('.')[2:5]
            return f"<OpOverload(op='{ns}.{op}', overload='{overload}')>"
        if q.startswith('operator.') or q.startswith('torch._C.') or q.startswith('builtins.'):
            return f'<built-in function {name}>'
        if q.startswith('torch.') and not q.startswith('torch.nn.functional.'):
            return f'<built-in method {name} of type object at {_C.fake_address("torch")}>'
        # torch.nn.functional's and the script's own functions (allow_in_graph).
        return f'<function {name} at {_C.fake_address(q)}>'


class Node:
    def __init__(self, op, name, target):
        self.op = op
        self.name = name
        self.target = target

    def __repr__(self):
        return self.name


class Graph:
    def __init__(self, nodes):
        self.nodes = nodes

    def __str__(self):
        lines = ['graph():']
        for n in self.nodes:
            t = n.target if isinstance(n.target, str) else n.target.__name__
            lines.append(f'    %{n.name} : [num_users=?] = {n.op}[target={t}]')
        return '\n'.join(lines)


class GraphModule(_nn.Module):
    def __init__(self, handle):
        super().__init__()
        self._handle = handle
        nodes = []
        for op, name, target in _C.graph_nodes(handle):
            if op == 'call_function':
                target = _Target(target)
            nodes.append(Node(op, name, target))
        self.graph = Graph(nodes)

    def forward(self, *args):
        return _C.run_graph(self._handle, args)

    def __call__(self, *args):
        return _C.run_graph(self._handle, args)

    def print_readable(self, print_output=True):
        text = _C.graph_text(self._handle)
        if print_output:
            print(text)
        return text

    def __str__(self):
        return _C.graph_text(self._handle)

    def __repr__(self):
        return _C.graph_text(self._handle)


# --- torch.compile ---------------------------------------------------------------

def _copy_names(wrapper, fn):
    name = getattr(fn, '__name__', None)
    if name is not None:
        wrapper.__name__ = name
        wrapper.__qualname__ = getattr(fn, '__qualname__', name)
    wrapper.__wrapped__ = fn
    return wrapper


class OptimizedModule(_nn.Module):
    def __init__(self, mod, options):
        super().__init__()
        self._orig_mod = mod
        self._tc_options = options

    def __call__(self, *args, **kwargs):
        return _C.call(self._tc_options, self._orig_mod.forward, args, kwargs)

    def forward(self, *args, **kwargs):
        return _C.call(self._tc_options, self._orig_mod.forward, args, kwargs)

    def __getattr__(self, name):
        if name == '_orig_mod':
            raise AttributeError(f"'OptimizedModule' object has no attribute '_orig_mod'")
        return getattr(self._orig_mod, name)

    def __repr__(self):
        return 'OptimizedModule(\n  (_orig_mod): ' + repr(self._orig_mod).replace('\n', '\n  ') + '\n)'


def _innermost_fn(fn):
    # torch's innermost_fn: compile and disable wrappers keep what they wrap
    # in _torchdynamo_orig_callable, and run()/compile() act on that.
    while hasattr(fn, '_torchdynamo_orig_callable'):
        fn = fn._torchdynamo_orig_callable
    return fn


def _compile_fn(fn, options):
    fn = _innermost_fn(fn)

    call = _C.bind_call(options, fn)  # one native call per use, nothing looked up

    def compile_wrapper(*args, **kwargs):
        return call(args, kwargs)
    _copy_names(compile_wrapper, fn)
    compile_wrapper._torchdynamo_orig_callable = fn
    return compile_wrapper


def compile(model=None, *, fullgraph=False, dynamic=None, backend='inductor', mode=None,
             options=None, disable=False):
    if model is None:
        def fn(model):
            if model is None:
                raise RuntimeError('Model can\'t be None')
            return compile(model, fullgraph=fullgraph, dynamic=dynamic, backend=backend,
                            mode=mode, options=options, disable=disable)
        return fn
    if mode is not None and options is not None:
        raise RuntimeError('Either mode or options can be specified, but both can\'t be specified at the same time.')
    if mode is None and options is None:
        mode = 'default'
    if options and isinstance(options, dict):
        _pop_unsupported_options(options)
    # As torch builds its backend wrapper here, before anything else is
    # checked: mode= and options= fail at this call, not at the first call.
    config_patches = None
    if isinstance(backend, str) and backend == 'inductor':
        import torch._inductor
        config_patches = torch._inductor._compile_config(mode, options, dynamic)
    elif not isinstance(backend, str):
        backend = _backend_with_kwargs(backend, mode, options)
    if not callable(model):
        raise AssertionError(f'A callable function is expected, but {type(model)} is provided.')
    if disable:
        return model
    opts = _C.options(backend, fullgraph, dynamic, config_patches)
    if isinstance(model, _nn.Module):
        return OptimizedModule(model, opts)
    return _compile_fn(model, opts)


def _pop_unsupported_options(options):
    # torch.compile takes these two out of options= before the backend sees
    # them; tc implements neither, so it says so instead of ignoring them.
    if options.pop('guard_filter_fn', None) is not None:
        raise NotImplementedError('torch.compile(options={"guard_filter_fn": ...}) is not supported '
                                  'by tc (every guard is kept)')
    if options.pop('use_aoti', False):
        raise NotImplementedError('torch.compile(options={"use_aoti": True}) (AOTInductor) is not '
                                  'supported by tc')


def _backend_with_kwargs(backend, mode, options):
    # A callable backend receives mode= (other than "default") and a
    # non-empty options= as keyword arguments, as torch's _TorchCompileWrapper
    # passes them; with neither it is called as it is.
    kwargs = {}
    if mode and mode != 'default':
        kwargs['mode'] = mode
    if options:
        kwargs['options'] = options
    if not kwargs or not callable(backend):
        return backend

    def compiler_fn(gm, example_inputs):
        return backend(gm, example_inputs, **kwargs)
    compiler_fn.__name__ = getattr(backend, '__name__', 'compiler_fn')
    return compiler_fn


def _module_compile(self, *args, **kwargs):
    self.forward = compile(self.forward, *args, **kwargs)


_nn.Module.compile = _module_compile


# --- Fine-grained control --------------------------------------------------------

def disable(fn=None, recursive=True, *, reason=None):
    if fn is None:
        def deco(fn):
            return disable(fn, recursive, reason=reason)
        return deco
    if not recursive:
        _C.mark_disabled(fn, False, reason)
        return fn
    if isinstance(fn, _nn.Module):
        mod = fn
        inner = disable(mod.forward, True, reason=reason)
        mod.forward = inner
        return mod

    def _fn(*args, **kwargs):
        return _C.run_disabled(fn, args, kwargs)
    _copy_names(_fn, fn)
    _fn._torchdynamo_orig_callable = fn
    _C.mark_disabled(_fn, True, reason)
    return _fn


def allow_in_graph(fn):
    if isinstance(fn, (list, tuple)):
        return [allow_in_graph(x) for x in fn]
    if not callable(fn):
        raise TypeError('allow_in_graph expects a callable')
    _C.allow_in_graph(fn)
    return fn


def disallow_in_graph(fn):
    if isinstance(fn, (list, tuple)):
        return [disallow_in_graph(x) for x in fn]
    _C.disallow_in_graph(fn)
    return fn


def run(fn=None):
    if fn is None:
        return run
    fn = _innermost_fn(fn)

    def _fn(*args, **kwargs):
        return _C.run_only(fn, args, kwargs)
    _copy_names(_fn, fn)
    return _fn


def optimize(backend='inductor', *, nopython=False, dynamic=None, disable=False):
    def deco(fn):
        return compile(fn, fullgraph=nopython, dynamic=dynamic, backend=backend, disable=disable)
    return deco


def is_compiling():
    # False when it runs; a traced call is True (frame-capture folds it).
    return False


_C.mark_is_compiling(is_compiling)


# Backends PyTorch tags "debug" (eager, aot_eager) are listed only when the
# tags are not excluded, as torch._dynamo.list_backends does.
_DEBUG_BACKENDS = ('eager', 'aot_eager')


def list_backends(exclude_tags=('debug', 'experimental')):
    names = _C.backend_names()
    if exclude_tags is not None and 'debug' in exclude_tags:
        names = [n for n in names if n not in _DEBUG_BACKENDS]
    return sorted(names)


# --- explain -----------------------------------------------------------------------

class FrameSummary:
    def __init__(self, filename, lineno, name, line):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self.line = line

    def __repr__(self):
        return f'<FrameSummary file {self.filename}, line {self.lineno} in {self.name}>'


class GraphCompileReason:
    def __init__(self, reason, user_stack, graph_break=True):
        self.reason = reason
        self.user_stack = user_stack
        self.graph_break = graph_break

    def __repr__(self):
        return f'GraphCompileReason(reason={self.reason!r}, user_stack={self.user_stack!r}, graph_break={self.graph_break!r})'


class Guard:
    def __init__(self, name, source, create_fn, text):
        self.name = name
        self.source = source
        self._create_fn = create_fn
        self._text = text

    def create_fn_name(self):
        return self._create_fn

    def __str__(self):
        return (f'\n        Name: {self.name!r}\n        Source: {self.source}\n'
                f'        Create Function: {self._create_fn}\n        Guard Types: None\n'
                f'        Code List: {self._text!r}\n        Object Weakref: None\n'
                f'        Guarded Class Weakref: None\n')

    def __repr__(self):
        return str(self)


class ExplainOutput:
    def __init__(self, graphs, graph_count, graph_break_count, break_reasons, op_count,
                 ops_per_graph=None, out_guards=None, compile_times=None):
        self.graphs = graphs
        self.graph_count = graph_count
        self.graph_break_count = graph_break_count
        self.break_reasons = break_reasons
        self.op_count = op_count
        self.ops_per_graph = ops_per_graph
        self.out_guards = out_guards
        self.compile_times = compile_times

    def __str__(self):
        output = f'Graph Count: {self.graph_count}\n'
        output += f'Graph Break Count: {self.graph_break_count}\n'
        output += f'Op Count: {self.op_count}\n'
        output += 'Break Reasons:\n'
        for idx, break_reason in enumerate(self.break_reasons):
            output += f'  Break Reason {idx + 1}:\n'
            output += f'    Reason: {break_reason.reason}\n'
            output += '    User Stack:\n'
            for frame_summary in break_reason.user_stack:
                output += f'      {frame_summary}\n'
        if self.ops_per_graph is not None:
            output += 'Ops per Graph:\n'
            for idx, ops in enumerate(self.ops_per_graph):
                output += f'  Ops {idx + 1}:\n'
                for op in ops:
                    output += f'    {op}\n'
        if self.out_guards is not None:
            output += 'Out Guards:\n'
            for i, guard in enumerate(self.out_guards):
                output += f'  Guard {i + 1}:\n'
                output += f'    {str(guard)}'
        if self.compile_times is not None:
            output += f'Compile Times: {self.compile_times}\n'
        return output


def _explain_output(events):
    graphs = []
    break_reasons = []
    ops_per_graph = []
    out_guards = []
    op_count = 0
    for handle, reason, graph_break, stack, guards in events:
        gm = GraphModule(handle)
        graphs.append(gm)
        ops = [n.target for n in gm.graph.nodes if n.op == 'call_function']
        ops_per_graph.append(ops)
        op_count += len(ops)
        if graph_break:
            break_reasons.append(GraphCompileReason(
                reason, [FrameSummary(*fs) for fs in stack], True))
        for name, source, kind, text in guards:
            out_guards.append(Guard(name, source, kind, text))
    return ExplainOutput(graphs, len(graphs), len(graphs) - 1, break_reasons, op_count,
                         ops_per_graph, out_guards, _compile_times_text())


def explain(f, *extra_args, **extra_kwargs):
    f = _innermost_fn(f)  # explain of a compiled function traces what it wraps

    def inner(*args, **kwargs):
        reset()
        _C.explain_begin()
        try:
            _C.call(_C.options('eager', False, None), f, args, kwargs)
        finally:
            events = _C.explain_end()
        out = _explain_output(events)
        reset()
        return out
    if extra_args or extra_kwargs:
        return inner(*extra_args, **extra_kwargs)
    return inner


def _compile_times_text(repr='str', aggregate=False):
    # As torch._dynamo.utils.compile_times: 'str' a table, 'csv' a
    # (names, values) pair of lists with values as text, anything else None.
    rows = _C.compile_times()

    def cells(times, digits):
        if aggregate:
            return f'{sum(times):.{digits}f}'
        return ', '.join(f'{t:.{digits}f}' for t in times)

    if repr == 'csv':
        return [name for name, _ in rows], [cells(times, 6) for _, times in rows]
    if repr != 'str':
        return None
    out = 'TorchDynamo compilation metrics:\nFunction, Runtimes (s)'
    for name, times in rows:
        out += f'\n{name}, {cells(times, 4)}'
    return out
