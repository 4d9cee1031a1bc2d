// Explaining a whole script run (tc-explain): every graph Dynamo compiles
// while the script runs is recorded and grouped under the user function
// whose call started it (resume functions count for the function they
// continue), then reported as torch._dynamo.explain reports one function:
// graphs, graph breaks with their reasons and user stacks, ops, and on
// request the graph IR and the guards.
#ifndef TC_COMPILER_EXPLAIN_H_
#define TC_COMPILER_EXPLAIN_H_

#include <memory>
#include <string>
#include <vector>

#include "tc/frame_capture/dynamo.h"
#include "tc/script/code.h"
#include "tc/script/vm.h"

namespace tc::compiler {

struct ExplainOptions {
  bool graphs = false;   // print each graph's IR
  bool guards = false;   // print each graph's guards
  bool code = false;     // print each graph's generated kernels (the inductor backend's)
  std::string function;  // only this function (empty: all)
};

class ExplainRecorder {
 public:
  // Starts recording the compiles of `vm`'s Dynamo runtime.
  explicit ExplainRecorder(script::VM& vm);
  ~ExplainRecorder();
  ExplainRecorder(const ExplainRecorder&) = delete;
  ExplainRecorder& operator=(const ExplainRecorder&) = delete;

  // The report; `source_name` heads it ("toy_example.py").
  std::string Report(const ExplainOptions& options) const;
  int num_graphs() const { return static_cast<int>(events_.size()); }

 private:
  script::VM& vm_;
  int observer_ = -1;
  std::vector<frame_capture::CompileEvent> events_;
};

// The name of the user function a compiled frame belongs to: the frame's
// own name, or for torch_dynamo_resume_in_<f>_at_<line>, <f>.
std::string RootFunctionName(const std::string& frame_name);

// Which of a script's own functions RunModuleCompiled compiles.
enum class CompileScope : uint8_t {
  kFunctionsAndMethods,  // tc-explain: every function and method but dunders
  kTopLevelFunctions,    // the same-answers test mode: `def`s at module level
};

// Runs a module's code with calls of its functions compiled (by the
// backend named `backend`), as if each were wrapped in torch.compile;
// library code and class bodies run as they are. The module, or null with
// the VM's exception set (a ValueError for an unknown backend).
script::Value RunModuleCompiled(script::VM& vm, std::shared_ptr<const script::Code> code,
                                std::string_view module_name,
                                CompileScope scope = CompileScope::kFunctionsAndMethods,
                                std::string_view backend = "eager");

}  // namespace tc::compiler

#endif  // TC_COMPILER_EXPLAIN_H_
