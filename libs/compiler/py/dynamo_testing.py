# torch._dynamo.testing: CompileCounter, and CompileProfiler as PyTorch
# 2.0-2.5 shipped it in torch._dynamo.utils (removed since; tc keeps it here
# because the report of breaks and recompiles is useful): a backend counting
# like CompileCounter whose report() lists graph-break reasons and
# recompiles. Tables use torch's fallback format when the tabulate package
# is absent.
#
# Runs in the torch._dynamo.testing module's namespace
# (libs/compiler/src/modules.cc). `_tc_dynamo` exists only under tc.
import _tc_dynamo as _C
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


class CompileCounterWithBackend:
    # Counts like CompileCounter, keeps the graphs, and compiles each with
    # the backend named (lookup_backend(name)(gm, example_inputs)).
    def __init__(self, backend):
        self.frame_count = 0
        self.op_count = 0
        self.backend = backend
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        for node in gm.graph.nodes:
            if 'call' in node.op:
                self.op_count += 1
        self.graphs.append(gm)
        return _C.compile_graph(gm._handle, self.backend, list(example_inputs))

    def clear(self):
        self.frame_count = 0
        self.op_count = 0
        self.graphs.clear()


def _tabulate(rows, headers):
    return '\n'.join(', '.join(str(c) for c in row) for row in [headers] + rows)


# Counts like CompileCounter (above).
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
