// torch._dynamo, torch.compiler and torch.compile in the script language:
// the user-facing wrappers (compile, disable, run, explain, CompileCounter,
// OptimizedModule, GraphModule) over the native `_tc_dynamo` primitives,
// written as PyTorch writes them so wrapping, binding and printing behave
// the same.
#include "prelude.h"

namespace tc::compiler {

const std::string_view kDynamoPrelude = R"PY(
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

    def __repr__(self):
        q = self._qualified
        name = self.__name__
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
    if not callable(model):
        raise AssertionError(f'A callable function is expected, but {type(model)} is provided.')
    if disable:
        return model
    opts = _C.options(backend, fullgraph, dynamic)
    if isinstance(model, _nn.Module):
        return OptimizedModule(model, opts)
    return _compile_fn(model, opts)


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
    return False


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
    rows = _C.compile_times()
    if repr != 'str':
        return {name: times for name, times in rows}
    out = 'TorchDynamo compilation metrics:\nFunction, Runtimes (s)'
    for name, times in rows:
        if aggregate:
            cells = f'{sum(times):.4f}'
        else:
            cells = ', '.join(f'{t:.4f}' for t in times)
        out += f'\n{name}, {cells}'
    return out


)PY";

const std::string_view kCompilerPrelude = R"PY(
import torch._dynamo as _dynamo

compile = _dynamo.compile
disable = _dynamo.disable
allow_in_graph = _dynamo.allow_in_graph
reset = _dynamo.reset


def is_compiling():
    return False


def is_dynamo_compiling():
    return False
)PY";

const std::string_view kTestingPrelude = R"PY(
import torch._dynamo as _dynamo

class CompileCounter:
    def __init__(self):
        self.frame_count = 0
        self.op_count = 0

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        for node in gm.graph.nodes:
            if 'call' in node.op:
                self.op_count += 1
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0
)PY";

// CompileProfiler as PyTorch 2.0-2.5 shipped it in torch._dynamo.utils
// (removed since; tc keeps it, in torch._dynamo.testing, because the
// report of breaks and recompiles is useful): a backend counting like
// CompileCounter whose report() lists graph-break reasons and recompiles.
// Tables use torch's fallback format when the tabulate package is absent.
const std::string_view kProfilerSource = R"PY(
import _tc_dynamo as _C


def _tabulate(rows, headers):
    return '\n'.join(', '.join(str(c) for c in row) for row in [headers] + rows)


# Counts like CompileCounter (defined just before in the same module).
class CompileProfiler(CompileCounter):
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def get_metrics(self):
        failures = {}
        for fn, reason in _C.recompiles():
            name, where = fn.split(' (', 1)
            label = name + ' (' + where.split('/')[-1]
            failures.setdefault(label, []).append(reason)
        return {'guard_failures': failures}

    def report(self):
        gf = self.get_metrics()['guard_failures']
        breaks = _C.graph_break_counts()
        report = ('\nTorchdynamo Profiler Report\n===========================\n\n'
                  'Graph Breaks\n------------\n'
                  "Graph breaks happen when torchdynamo encounters code it can't safely trace.\n"
                  'If you want to find out why breaks are happening, check below for each break reason\n'
                  'You may gain additional insight by passing `fullgraph=True` to torch.compile,\n'
                  'to stop at the first break.\n\n')
        if breaks:
            report += _tabulate([[msg, n] for msg, n in breaks], ['Graph Break Reason', 'Count'])
        else:
            report += 'No graph breaks detected.'
        report += ('\n\nRecompilation\n-------------\n'
                   'These subgraphs were recompiled more than once due to guard failures\n'
                   'Guard failures indicate some condition assumed to be static by the tracer changed,\n'
                   'making it unsafe to reuse the compiled program.\n\n')
        if gf:
            rows = [[fn, len(r), '\n'.join(r)] for fn, r in gf.items()]
            most = max(len(r) for r in gf.values())
            report += _tabulate(rows, ['Function', 'Recompiles', 'Recompile Reasons'])
            report += ('\n\nSet torch._dynamo.config.cache_size_limit to ' + str(most) +
                       ' to avoid being cache limited.\n')
        else:
            report += 'No recompilation detected.\n'
        return report
)PY";

const std::string_view kUtilsPrelude = R"PY(
import torch._dynamo as _dynamo


def compile_times(repr='str', aggregate=False):
    return _dynamo._compile_times_text(repr, aggregate)
)PY";

}  // namespace tc::compiler
