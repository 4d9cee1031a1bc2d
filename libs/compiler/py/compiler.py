# torch.compiler: the public aliases of torch._dynamo's entry points.
# Runs in the torch.compiler module's namespace (libs/compiler/src/modules.cc).
import torch._dynamo as _dynamo

compile = _dynamo.compile
disable = _dynamo.disable
allow_in_graph = _dynamo.allow_in_graph
reset = _dynamo.reset


def is_compiling():
    return False


def is_dynamo_compiling():
    return False
