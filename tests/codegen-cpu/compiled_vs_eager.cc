// The compiled-vs-eager check of compiled_vs_eager.h.
#include "compiled_vs_eager.h"

#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {

GraphArtifacts ExpectCompiledSameAsEager(const Graph& g, const std::vector<Tensor>& inputs,
                                         const std::string& label) {
  kernels::Interpreter interpreter(g);
  auto want = interpreter.Run(inputs);
  EXPECT_TRUE(want.ok()) << label << ": " << want.status();
  auto compiled = GeneratedGraph::Compile(g);
  EXPECT_TRUE(compiled.ok()) << label << ": " << compiled.status();
  if (!want.ok() || !compiled.ok()) return {};
  auto got = (*compiled)->Run(inputs);
  EXPECT_TRUE(got.ok()) << label << ": " << got.status();
  if (!got.ok()) return (*compiled)->artifacts();
  EXPECT_EQ(got->size(), want->size());
  for (size_t i = 0; i < want->size() && i < got->size(); ++i) {
    EXPECT_EQ(Differences((*want)[i], (*got)[i]), "") << label << " output " << i << "\n"
                                                      << (*compiled)->artifacts().ir_after;
  }
  // Lower + Evaluate (the reference evaluator) agrees too.
  ExpectSameAsEager(g, inputs, label + " (evaluate)");
  return (*compiled)->artifacts();
}

}  // namespace tc::codegen_cpu::testing
