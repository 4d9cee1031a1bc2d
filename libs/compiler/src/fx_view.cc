// FX-style views of captured graphs for scripts: node lists and explain's
// per-graph records.
#include <map>

#include "absl/strings/str_cat.h"

#include "tc/compiler/backends.h"
#include "tc/script/native.h"

#include "natives.h"

namespace tc::compiler {

using script::Value;

std::string PlaceholderName(const std::string& source) {
  std::string out;
  for (char c : source) {
    bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum) {
      out.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    } else if (!out.empty() && out.back() != '_') {
      out.push_back('_');
    }
  }
  if (out.empty() || out.back() != '_') out.push_back('_');
  return out;
}

Value GraphNodeList(const frame_capture::CapturedGraph& g) {
  std::vector<Value> nodes;
  int constants = 0;
  for (const std::string& name : g.input_names) {
    if (name == "constant") {
      nodes.push_back(
          script::NewTuple({script::NewStr("get_attr"),
                            script::NewStr(absl::StrCat("_tensor_constant", constants++)),
                            script::NewStr("constant")}));
      continue;
    }
    nodes.push_back(
        script::NewTuple({script::NewStr("placeholder"), script::NewStr(PlaceholderName(name)),
                          script::NewStr(name)}));
  }
  std::map<std::string, int> seen;
  for (const frame_capture::CallRecord& c : g.calls) {
    std::string base = c.target.substr(c.target.rfind('.') + 1);
    if (c.target.starts_with("torch.ops.")) {
      // An OpOverload (torch.ops.prims.fma.default): FX names it fma_default.
      std::string op = c.target.substr(0, c.target.rfind('.'));
      base = absl::StrCat(op.substr(op.rfind('.') + 1), "_", base);
    }
    int n = seen[base]++;
    std::string name = n == 0 ? base : absl::StrCat(base, "_", n);
    const char* op =
        c.kind == frame_capture::CallRecord::Kind::kMethod ? "call_method" : "call_function";
    nodes.push_back(
        script::NewTuple({script::NewStr(op), script::NewStr(name), script::NewStr(c.target)}));
  }
  nodes.push_back(script::NewTuple(
      {script::NewStr("output"), script::NewStr("output"), script::NewStr("output")}));
  return script::NewList(std::move(nodes));
}

Value EventValue(const frame_capture::CompileEvent& e) {
  const frame_capture::CompileReason& r = e.graph->reason;
  std::vector<Value> stack;
  for (const frame_capture::FrameSummary& fs : r.user_stack) {
    stack.push_back(script::NewTuple({script::NewStr(fs.filename), Value::Int(fs.line),
                                      script::NewStr(fs.name), script::NewStr(fs.source_line)}));
  }
  std::vector<Value> guards;
  for (const std::string& text : e.guards) {
    size_t colon = text.find(": ");
    std::string name = text.substr(0, colon);
    std::string kind;
    if (colon != std::string::npos) {
      kind = text.substr(colon + 2);
      kind = kind.substr(0, kind.find(' '));
    }
    // Python constants (ints, strs, bools) are CONSTANT_MATCH in torch's
    // exported guards.
    if (kind == "EQUALS_MATCH") kind = "CONSTANT_MATCH";
    std::string source = name.rfind("L[", 0) == 0   ? "local"
                         : name.rfind("G[", 0) == 0 ? "global"
                                                    : "shape_env";
    guards.push_back(script::NewTuple({script::NewStr(name), script::NewStr(source),
                                       script::NewStr(kind), script::NewStr(text)}));
  }
  return script::NewTuple({NewGraphHandle(e.graph), script::NewStr(r.reason),
                           Value::Bool(r.graph_break), script::NewList(std::move(stack)),
                           script::NewList(std::move(guards))});
}

}  // namespace tc::compiler
