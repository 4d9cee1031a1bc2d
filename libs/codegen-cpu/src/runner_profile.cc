// TC_CODEGEN_PROFILE=1 (runner_profile.h): per-kernel times of generated
// programs, printed at exit.
#include "runner_profile.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/codegen_cpu/runner.h"
#include "tc/support/env.h"

#include "src/row_op.h"

namespace tc::codegen_cpu {
namespace {

struct Registry {
  std::mutex mu;
  std::vector<std::shared_ptr<ProgramProfile>> programs;
};

Registry& GetRegistry() {
  static Registry* registry = new Registry();  // never destroyed: read at exit
  return *registry;
}

void PrintAtExit() {
  const std::string report = CodegenProfileReport();
  std::fputs(report.c_str(), stderr);
}

std::string SymList(const std::vector<Sym>& syms) {
  return absl::StrCat(
      "[",
      absl::StrJoin(syms, ", ",
                    [](std::string* out, const Sym& s) { absl::StrAppend(out, s.ToString()); }),
      "]");
}

void AddTo(std::atomic<int64_t>& total, std::atomic<int64_t>& count, std::atomic<int64_t>& min,
           int64_t n) {
  total += n;
  ++count;
  int64_t seen = min.load();
  while (n < seen && !min.compare_exchange_weak(seen, n)) {
  }
}

}  // namespace

void KernelProfile::Add(int64_t n) { AddTo(nanos, calls, min_nanos, n); }
void ProgramProfile::Add(int64_t n) { AddTo(nanos, runs, min_nanos, n); }

bool ProfileEnabled() {
  static const bool enabled = [] {
    absl::StatusOr<bool> v = support::GetEnvBool("TC_CODEGEN_PROFILE", false);
    return v.ok() && *v;
  }();
  return enabled;
}

std::string KernelKind(const Program& program, const Kernel& kernel) {
  bool reduction = false, row = false;
  for (int n : kernel.nodes) {
    const Node& node = program.nodes[n];
    if (std::holds_alternative<Extern>(node.body)) {
      return kernel.nodes.size() > 1 ? "extern+epilogue" : "extern";
    }
    if (std::holds_alternative<Reduction>(node.body)) reduction = true;
    if (const auto* pw = std::get_if<Pointwise>(&node.body); pw && CountRowOps(pw->value) > 0) {
      row = true;
    }
  }
  return row ? "row" : reduction ? "reduction" : "pointwise";
}

std::string KernelSpace(const Program& program, const Kernel& kernel) {
  const Node& first = program.nodes[kernel.nodes[0]];
  if (const auto* ext = std::get_if<Extern>(&first.body)) {
    std::string out = absl::StrCat(ext->op, " -> ");
    if (first.buffer >= 0 && static_cast<size_t>(first.buffer) < program.buffers.size()) {
      absl::StrAppend(&out, SymList(program.buffers[first.buffer].sizes));
    }
    return out;
  }
  std::vector<std::string> parts;
  for (int n : kernel.nodes) {
    const Node& node = program.nodes[n];
    if (const auto* pw = std::get_if<Pointwise>(&node.body)) {
      parts.push_back(SymList(pw->ranges));
    } else if (const auto* r = std::get_if<Reduction>(&node.body)) {
      parts.push_back(absl::StrCat(SymList(r->ranges), " r", SymList(r->reduction_ranges)));
    }
  }
  // Members usually share one space: say it once with a count.
  std::vector<std::string> unique;
  for (const std::string& p : parts) {
    if (std::find(unique.begin(), unique.end(), p) == unique.end()) unique.push_back(p);
  }
  return absl::StrCat(absl::StrJoin(unique, " "), " (", parts.size(), " nodes)");
}

std::shared_ptr<ProgramProfile> NewProgramProfile(const Program& program) {
  auto profile = std::make_shared<ProgramProfile>();
  for (const Kernel& kernel : program.kernels) {
    auto k = std::make_unique<KernelProfile>();
    k->name = kernel.name;
    k->kind = KernelKind(program, kernel);
    k->space = KernelSpace(program, kernel);
    profile->kernels.push_back(std::move(k));
  }
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mu);
  if (registry.programs.empty()) std::atexit(PrintAtExit);
  registry.programs.push_back(profile);
  return profile;
}

std::string CodegenProfileReport() {
  Registry& registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mu);
  std::vector<const ProgramProfile*> programs;
  for (const auto& p : registry.programs) {
    if (p->runs.load() > 0) programs.push_back(p.get());
  }
  auto per_run = [](const ProgramProfile* p) {
    return static_cast<double>(p->nanos.load()) / static_cast<double>(p->runs.load());
  };
  std::stable_sort(
      programs.begin(), programs.end(),
      [&](const ProgramProfile* a, const ProgramProfile* b) { return per_run(a) > per_run(b); });
  std::string out;
  for (size_t i = 0; i < programs.size(); ++i) {
    const ProgramProfile& p = *programs[i];
    const double run_us = per_run(&p) * 1e-3;
    double kernels_us = 0, kernels_min_us = 0;
    for (const auto& k : p.kernels) {
      if (k->calls.load() == 0) continue;
      kernels_us += k->nanos.load() * 1e-3 / k->calls.load();
      kernels_min_us += k->min_nanos.load() * 1e-3;
    }
    absl::StrAppend(
        &out, absl::StrFormat("[tc profile] program %d: %d runs, mean %.2f us/run (kernels %.2f "
                              "us, host %.2f us), min %.2f us (kernels' mins sum to %.2f us)\n",
                              i, p.runs.load(), run_us, kernels_us, run_us - kernels_us,
                              p.min_nanos.load() * 1e-3, kernels_min_us));
    for (const auto& k : p.kernels) {
      const int64_t calls = k->calls.load();
      const double us = calls > 0 ? k->nanos.load() * 1e-3 / calls : 0.0;
      const double min_us = calls > 0 ? k->min_nanos.load() * 1e-3 : 0.0;
      absl::StrAppend(
          &out, absl::StrFormat(
                    "[tc profile]   %-10s %-15s mean %9.2f us %5.1f%%  min %9.2f us  %s\n", k->name,
                    k->kind, us, run_us > 0 ? 100.0 * us / run_us : 0.0, min_us, k->space));
    }
  }
  return out;
}

}  // namespace tc::codegen_cpu
