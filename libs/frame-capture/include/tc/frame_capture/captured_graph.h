// CapturedGraph: one graph that frame-capture hands to a backend, with what
// explain, CompileCounter and the graph printers need to know about it: the
// torch-level calls it holds (function or method calls, as FX tells
// call_function from call_method), the sources of its inputs, and why it
// was compiled (a graph break and where, or the end of the function).
#ifndef TC_FRAME_CAPTURE_CAPTURED_GRAPH_H_
#define TC_FRAME_CAPTURE_CAPTURED_GRAPH_H_

#include <memory>
#include <string>
#include <vector>

#include "tc/graph_ir/graph.h"

namespace tc::frame_capture {

// One frame of a user stack (traceback.FrameSummary).
struct FrameSummary {
  std::string filename;
  int line = 0;
  std::string name;         // function name
  std::string source_line;  // stripped source text of that line
};

// One torch-level call in the graph, in program order.
struct CallRecord {
  enum class Kind : uint8_t {
    kFunction,  // torch.abs(x), F.relu(x), operator.add via x + y
    kMethod,    // x.sum(), x.view(...)
  };
  Kind kind;
  // What PyTorch's FX node target is: "torch.abs", "operator.add",
  // "torch.nn.functional.relu" for functions; the method name ("sum") for
  // methods.
  std::string target;
  int first_node = 0;  // index into graph.nodes()
  int num_nodes = 0;
};

struct CompileReason {
  std::string reason;  // e.g. "generic_jump TensorVariable()", "return_value"
  std::vector<FrameSummary> user_stack;
  bool graph_break = true;
};

struct CapturedGraph {
  graph_ir::Graph graph;
  // Per node of `graph`: whether the traced code ran it recording
  // autograd history (grad mode on, an input requiring grad); a compiled
  // call that must record gradients records these nodes only.
  std::vector<bool> grad_nodes;
  std::vector<std::string> input_names;  // graph placeholders' sources: "L['x']"
  std::vector<CallRecord> calls;
  CompileReason reason;
  std::string function_name;  // the frame's co_name
  std::string filename;
  int first_line = 0;

  int num_function_calls() const;
  int num_method_calls() const;
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_CAPTURED_GRAPH_H_
