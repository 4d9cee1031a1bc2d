// The frame-capture tests' harness: an `fc` builtin module that scripts use
// to drive Dynamo directly, with a backend that runs each graph on the
// kernels interpreter and records what it was given in a FcCounts.
//
//   fc.run(fn, *args)       fn(*args) under a compile context
//   fc.run_full(fn, *args)  the same with fullgraph=True
//   fc.run_only(fn, *args)  cached entries only (torch._dynamo.run)
//   fc.reset()              torch._dynamo.reset(), counts cleared
//   fc.graphs()             graphs compiled so far
//   fc.allow(fn)            allow_in_graph(fn)
//   fc.config(name, value)  torch._dynamo.config.<name> = value
//   fc.time_rows()          compile_times() row names, space-separated
//
// Header-only: each test binary includes it once. FcTest is the fixture.
#ifndef TC_TESTS_FRAME_CAPTURE_FC_HARNESS_H_
#define TC_TESTS_FRAME_CAPTURE_FC_HARNESS_H_

#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/frame_capture/dynamo.h"
#include "tc/kernels/interpreter.h"
#include "tc/script/module_registry.h"
#include "tc/script/native.h"
#include "tc/script_torch/modules.h"

#include "vm_test_util.h"

namespace tc::frame_capture::fc_test {

struct FcCounts {
  int graphs = 0;
  int function_calls = 0;
  int method_calls = 0;
  int nodes = 0;
  std::vector<std::string> reasons;      // first line of each graph's compile reason
  std::vector<std::string> targets;      // every graph's CallRecord targets, in order
  std::vector<std::string> input_names;  // every graph's input sources, in order
  std::vector<std::string> node_ops;     // every graph's graph-ir op names, in order
};

inline FcCounts*& CurrentCounts() {
  static FcCounts* counts = nullptr;
  return counts;
}

class InterpreterBackend : public Backend {
 public:
  bool Compile(script::VM&, const std::shared_ptr<const CapturedGraph>& g,
               std::span<const tensor::Tensor>, CompiledGraph* out) override {
    if (FcCounts* c = CurrentCounts()) {
      ++c->graphs;
      c->function_calls += g->num_function_calls();
      c->method_calls += g->num_method_calls();
      c->nodes += static_cast<int>(g->graph.nodes().size());
      c->reasons.push_back(g->reason.reason.substr(0, g->reason.reason.find('\n')));
      for (const CallRecord& r : g->calls) c->targets.push_back(r.target);
      for (const std::string& n : g->input_names) c->input_names.push_back(n);
      for (const auto& n : g->graph.nodes()) c->node_ops.push_back(n->op().name);
    }
    *out = [g](script::VM& vm, std::span<const tensor::Tensor> in,
               std::vector<tensor::Tensor>* outs) {
      auto r = kernels::Interpreter(g->graph).Run(in);
      if (!r.ok()) {
        vm.Raise(script::Types().runtime_error, std::string(r.status().message()));
        return false;
      }
      *outs = *std::move(r);
      return true;
    };
    return true;
  }
};

inline const CompileOptions& FcOptions(bool fullgraph) {
  static const CompileOptions plain{std::make_shared<InterpreterBackend>(), false};
  static const CompileOptions full{std::make_shared<InterpreterBackend>(), true};
  return fullgraph ? full : plain;
}

inline script::Value FcCall(script::VM& vm, Dynamo::Mode mode, bool fullgraph,
                            const script::ArgsView& args) {
  Dynamo::Scope scope(Dynamo::For(vm), mode, &FcOptions(fullgraph));
  return vm.Call(args[0], script::ArgsView(args.data + 1, args.nargs - 1));
}

inline script::Value FcRun(script::VM& vm, const script::Value&, const script::ArgsView& args) {
  return FcCall(vm, Dynamo::Mode::kCompile, false, args);
}
inline script::Value FcRunFull(script::VM& vm, const script::Value&, const script::ArgsView& args) {
  return FcCall(vm, Dynamo::Mode::kCompile, true, args);
}
inline script::Value FcRunOnly(script::VM& vm, const script::Value&, const script::ArgsView& args) {
  return FcCall(vm, Dynamo::Mode::kRunOnly, false, args);
}
inline script::Value FcReset(script::VM& vm, const script::Value&, const script::ArgsView&) {
  Dynamo::For(vm).Reset();
  if (FcCounts* c = CurrentCounts()) *c = FcCounts();
  return script::Value::None();
}
inline script::Value FcGraphs(script::VM&, const script::Value&, const script::ArgsView&) {
  return script::Value::Int(CurrentCounts() != nullptr ? CurrentCounts()->graphs : 0);
}
inline script::Value FcAllow(script::VM& vm, const script::Value&, const script::ArgsView& args) {
  Dynamo::For(vm).MarkAllowInGraph(args[0]);
  return script::Value::None();
}
inline script::Value FcConfig(script::VM& vm, const script::Value&, const script::ArgsView& args) {
  Config& c = Dynamo::For(vm).config();
  const std::string name = *script::StrValue(args[0]);
  const int64_t v = args[1].is_bool() ? args[1].as_bool() : args[1].as_int();
  if (name == "recompile_limit" || name == "cache_size_limit") c.recompile_limit = v;
  if (name == "accumulated_recompile_limit") c.accumulated_recompile_limit = v;
  if (name == "error_on_recompile") c.error_on_recompile = v != 0;
  return script::Value::None();
}
inline script::Value FcTimeRows(script::VM& vm, const script::Value&, const script::ArgsView&) {
  std::string names;
  for (const auto& [name, times] : Dynamo::For(vm).compile_times()) {
    names += (names.empty() ? "" : " ") + name;
  }
  return script::NewStr(names);
}

inline bool InitFc(script::VM&, script::ModuleObject* m) {
  static constexpr script::MethodDef kFns[] = {{"run", FcRun},          {"run_full", FcRunFull},
                                               {"run_only", FcRunOnly}, {"reset", FcReset},
                                               {"graphs", FcGraphs},    {"allow", FcAllow},
                                               {"config", FcConfig},    {"time_rows", FcTimeRows}};
  script::AddFunctions(m, kFns);
  return true;
}

// Registers `fc` with `counts` receiving what the backend sees.
inline void RegisterFc(FcCounts* counts) {
  CurrentCounts() = counts;
  script::RegisterBuiltinModule("fc", InitFc);
}

// The tests' fixture: a VM with torch and `fc`; Run(body) runs a script
// (after `import torch` and `import fc`) and returns what it printed.
class FcTest : public ::testing::Test {
 protected:
  void SetUp() override {
    script_torch::RegisterModules();  // the tests link the static libraries
    RegisterFc(&counts_);
  }
  std::string Run(const std::string& body) {
    auto r = script::RunSource(vm_, "import torch\nimport fc\n" + body);
    EXPECT_EQ(r.error, "");
    return r.out;
  }
  script::VM vm_;
  FcCounts counts_;
};

}  // namespace tc::frame_capture::fc_test

#endif  // TC_TESTS_FRAME_CAPTURE_FC_HARNESS_H_
