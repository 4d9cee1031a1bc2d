// Test-only clang++ + dlopen (see test_jit.h).
#include "test_jit.h"

#include <dlfcn.h>
#include <stdlib.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"

#include "tc/kernels/thread_pool.h"

namespace tc::codegen_cpu::testing {

TestModule::~TestModule() {
  if (handle_ != nullptr) dlclose(handle_);
  if (!dir_.empty()) std::system(absl::StrCat("rm -rf '", dir_, "'").c_str());
}

absl::StatusOr<std::unique_ptr<TestModule>> TestModule::Compile(const std::string& cpp) {
  auto m = std::unique_ptr<TestModule>(new TestModule);
  char dir[] = "/tmp/tc_emit_test_XXXXXX";
  if (mkdtemp(dir) == nullptr) return absl::InternalError("mkdtemp failed");
  m->dir_ = dir;
  const std::string src = m->dir_ + "/k.cc", so = m->dir_ + "/k.so", log = m->dir_ + "/log";
  std::ofstream(src) << cpp;
  const std::string cmd =
      absl::StrCat("/usr/bin/clang++ ", kClangFlags, " ", src, " -o ", so, " > ", log, " 2>&1");
  if (std::system(cmd.c_str()) != 0) {
    std::stringstream diag;
    diag << std::ifstream(log).rdbuf();
    return absl::InternalError(absl::StrCat("clang++ failed:\n", diag.str().substr(0, 4000)));
  }
  m->handle_ = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (m->handle_ == nullptr) return absl::InternalError(absl::StrCat("dlopen: ", dlerror()));
  return m;
}

TcKernelFn TestModule::Find(const std::string& name) const {
  return reinterpret_cast<TcKernelFn>(dlsym(handle_, name.c_str()));
}

namespace {
void PoolFor(int64_t n, int64_t grain, TcParallelBody body, void* context) {
  kernels::ParallelFor(n, grain, [&](int64_t b, int64_t e) { body(context, b, e); });
}
}  // namespace

TestRuntime::TestRuntime(bool parallel) {
  rt.parallel_for = parallel ? &PoolFor : nullptr;
  rt.num_threads = parallel ? kernels::NumThreads() : 1;
  rt.error = &error;
}

absl::Status RunKernels(const TestModule& module, const EmittedSource& source,
                        const std::vector<tensor::Tensor>& buffers, TestRuntime& runtime) {
  std::vector<char*> ptrs;
  for (const tensor::Tensor& t : buffers) ptrs.push_back(static_cast<char*>(t.raw_data()));
  for (const EmittedKernel& k : source.kernels) {
    TcKernelFn fn = module.Find(k.name);
    if (fn == nullptr) return absl::NotFoundError(absl::StrCat("no symbol ", k.name));
    fn(ptrs.data(), &runtime.rt);
  }
  return absl::OkStatus();
}

}  // namespace tc::codegen_cpu::testing
