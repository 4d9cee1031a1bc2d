# torch.compiler: the public aliases of torch._dynamo's entry points.
# Runs in the torch.compiler module's namespace (libs/compiler/src/modules.cc).
# `_tc_dynamo` exists only under tc.
import _tc_dynamo as _C
import torch._dynamo as _dynamo

compile = _dynamo.compile
disable = _dynamo.disable
allow_in_graph = _dynamo.allow_in_graph
reset = _dynamo.reset


def is_compiling():
    # False when it runs; a traced call is True (frame-capture folds it).
    return False


def is_dynamo_compiling():
    return False


_C.mark_is_compiling(is_compiling)
_C.mark_is_compiling(is_dynamo_compiling)
