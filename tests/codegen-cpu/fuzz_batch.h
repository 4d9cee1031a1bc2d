// The differential fuzz's driver: generates graphs (fuzz_graphs.h), runs
// each on the interpreter (the reference) and through the inductor
// pipeline (decompose, Lower, Schedule, EmitCpp, CompileAndLoad,
// ProgramRunner, as codegen.cc chains them) and compares the runs
// (fuzz_check.h). One clang++ run costs ~0.3 s, so the programs of a batch
// share one translation unit: one prelude, then every program's kernels
// under names prefixed by the program's seed.
#ifndef TC_TESTS_CODEGEN_CPU_FUZZ_BATCH_H_
#define TC_TESTS_CODEGEN_CPU_FUZZ_BATCH_H_

#include <map>
#include <string>
#include <vector>

#include "fuzz_check.h"  // UlpStats

// Reproduce one failing graph: TC_FUZZ_SEED=<seed> TC_FUZZ_GRAPHS=1
// codegen_cpu_fuzz_test (TC_FUZZ_VERBOSE=1 adds its IR and C++).

namespace tc::codegen_cpu::testing {

// What to run: `count` graphs from seed `first_seed`, `batch_size` at a
// time (a batch is one translation unit per core).
struct FuzzOptions {
  int batch_size = 400;
  uint64_t first_seed = 1;
  int64_t count = 100;
};

struct FuzzReport {
  int64_t graphs = 0;
  int64_t compiled = 0;       // graphs that ran compiled and were compared
  int64_t eager_errors = 0;   // graphs eager rejects at run time (both must fail)
  int64_t known_failing = 0;  // seeds skipped: PyTorch's own zero-sign choice (fuzz_batch.cc)
  // Graphs the pipeline declined (the backend runs them on the
  // interpreter), by the start of the reason.
  std::map<std::string, int64_t> declined;
  // One readable text per failing graph: seed, what differs, the graph.
  std::vector<std::string> failures;
  UlpStats ulps;
  int64_t translation_units = 0;
  int64_t largest_tu_bytes = 0;
  int64_t kernels = 0;
  double compile_seconds = 0;  // wall time compiling (translation units compile in parallel)
  double seconds = 0;          // everything
};

FuzzReport RunFuzz(const FuzzOptions& options);

// The report's summary lines (counts, ulps, timings) for the test log.
std::string Summary(const FuzzReport& report);

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_FUZZ_BATCH_H_
