// tc_codegen_pch ROOT STAMP: builds generated code's precompiled headers
// (both kinds, for this machine's CPU target and the compiler CompileAndLoad
// would run) under ROOT at build time, then writes STAMP. A process whose
// cache directory has no header uses these (see pch.h), so the first
// compile on a new machine or with an empty TC_CACHE_DIR does not build one.
// Failing to build them is not a build error: the first compile then
// builds its own, as before.
#include <stdlib.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "pch.h"
#include "toolchain.h"

int main(int argc, char** argv) {
  using tc::codegen_cpu::PchKind;
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s ROOT STAMP\n", argv[0]);
    return 2;
  }
  const std::string root = argv[1];
  // The compiler's remembered version goes under the build's directory,
  // not the user's cache.
  setenv("TC_CACHE_DIR", (root + "/cache").c_str(), 1);
  const tc::codegen_cpu::Toolchain& toolchain = tc::codegen_cpu::CurrentToolchain();
  std::ofstream stamp(argv[2]);
  for (PchKind kind : {PchKind::kPrelude, PchKind::kHighway}) {
    bool built = false;
    absl::Status s = tc::codegen_cpu::BuildPrecompiledHeader(
        root, toolchain, tc::codegen_cpu::ChosenCpuTarget(), kind, &built);
    stamp << (s.ok() ? "built " : "failed ")
          << tc::codegen_cpu::PrecompiledHeaderPath(root, toolchain,
                                                    tc::codegen_cpu::ChosenCpuTarget(), kind)
          << (s.ok() ? "" : " " + std::string(s.message())) << "\n";
    if (!s.ok()) std::fprintf(stderr, "tc_codegen_pch: %s\n", std::string(s.message()).c_str());
  }
  return stamp.good() ? 0 : 1;
}
