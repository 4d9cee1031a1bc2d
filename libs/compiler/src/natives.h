// Script views of frame-capture's results, shared by the `_tc_dynamo`
// functions (fx_view.cc).
#ifndef TC_COMPILER_SRC_NATIVES_H_
#define TC_COMPILER_SRC_NATIVES_H_

#include <string>

#include "tc/frame_capture/captured_graph.h"
#include "tc/frame_capture/dynamo.h"
#include "tc/script/native.h"
#include "tc/script/object.h"
#include "tc/script/value.h"

namespace tc::compiler {

// The FX-style node list of a graph: (op, name, target) tuples: one
// placeholder per input, one call_function / call_method per torch-level
// call (target: "torch.abs", "operator.add", or the method name), output.
script::Value GraphNodeList(const frame_capture::CapturedGraph& graph);

// A native type `module.name` whose instances are T (a script::Object built
// from its class): the handle types backends.cc and dynamo_natives.cc hand out.
template <typename T>
script::Type* NewObjectType(const char* name, const char* module) {
  script::TypeSpec spec;
  spec.name = name;
  spec.module = module;
  spec.alloc = [](script::Type* cls) -> script::Object* { return new T(cls); };
  return script::NewNativeType(spec);
}

// torch._dynamo.exc.InvalidBackend (a TorchDynamoException).
script::Type* InvalidBackendType();

// An FX placeholder name for a source: "L['self'].lin.weight" ->
// "l_self_lin_weight_".
std::string PlaceholderName(const std::string& source);

// One compiled graph for explain: (graph handle, reason, graph_break,
// [(filename, line, name, source line)], [(name, source, create_fn, text)]).
script::Value EventValue(const frame_capture::CompileEvent& event);

}  // namespace tc::compiler

#endif  // TC_COMPILER_SRC_NATIVES_H_
