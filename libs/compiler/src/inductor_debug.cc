// TORCH_LOGS=output_code and TORCH_COMPILE_DEBUG for the inductor backend.
#include "inductor_debug.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/env.h"

namespace tc::compiler {
namespace {

// torch_compile_debug/run_<YYYY_MM_DD_HH_MM_SS_micros>-pid_<pid>, made once
// per process, as PyTorch names it.
const std::string& RunDirectory(const std::string& base) {
  static const std::string dir = [&] {
    auto now = std::chrono::system_clock::now();
    std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm{};
    localtime_r(&t, &tm);
    auto micros =
        std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() %
        1000000;
    return absl::StrFormat("%s/run_%04d_%02d_%02d_%02d_%02d_%02d_%06d-pid_%d", base,
                           tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                           tm.tm_sec, static_cast<int>(micros), static_cast<int>(getpid()));
  }();
  return dir;
}

bool WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  return static_cast<bool>(out);
}

// One folder per graph: graph_<n>_<function>/ with the stages as files.
void WriteDebugDirectory(script::VM& vm, const frame_capture::CapturedGraph& graph,
                         const absl::StatusOr<std::shared_ptr<codegen_cpu::GeneratedGraph>>& g,
                         const InductorConfig& config) {
  static std::atomic<int> counter{0};
  std::string base = config.trace_debug_dir.empty()
                         ? (std::filesystem::current_path() / "torch_compile_debug").string()
                         : config.trace_debug_dir;
  std::filesystem::path dir = std::filesystem::path(RunDirectory(base)) / "torchinductor" /
                              absl::StrCat(graph.function_name, "_", counter++);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  bool ok = !ec && WriteFile(dir / "graph.txt", graph.graph.ToString());
  if (g.ok()) {
    const codegen_cpu::GraphArtifacts& a = (*g)->artifacts();
    ok = ok && WriteFile(dir / "core_graph.txt", a.core_graph) &&
         WriteFile(dir / "ir_pre_fusion.txt", a.ir_before) &&
         WriteFile(dir / "ir_post_fusion.txt", a.ir_after) &&
         WriteFile(dir / "output_code.cpp", a.source);
  } else {
    ok = ok && WriteFile(dir / "fallback.txt",
                         absl::StrCat("runs on the interpreter: ", g.status().ToString(), "\n"));
  }
  if (!ok) {
    vm.Write(absl::StrCat("UserWarning: TORCH_COMPILE_DEBUG: could not write ", dir.string(), "\n"),
             /*to_stderr=*/true);
  }
}

}  // namespace

void ReportGeneratedGraph(
    script::VM& vm, const frame_capture::CapturedGraph& graph,
    const absl::StatusOr<std::shared_ptr<codegen_cpu::GeneratedGraph>>& generated,
    const InductorConfig& config, int64_t config_nanos) {
  if (support::TorchLogsEnabled("output_code")) {
    if (!generated.ok()) {
      vm.Write(absl::StrCat("[__output_code] graph of ", graph.function_name,
                            " runs on the interpreter: ", generated.status().ToString(), "\n"),
               /*to_stderr=*/true);
    } else if ((*generated)->artifacts().source.empty()) {
      vm.Write(absl::StrCat("[__output_code] graph of ", graph.function_name,
                            ": every kernel is an extern call, no code generated\n"),
               /*to_stderr=*/true);
    } else {
      const codegen_cpu::GraphArtifacts& a = (*generated)->artifacts();
      vm.Write(absl::StrCat("[__output_code] Output code of ", graph.function_name, " (", a.origin,
                            "):\n", a.source, "\n"),
               /*to_stderr=*/true);
    }
  }
  absl::StatusOr<bool> times = support::GetEnvBool("TC_CODEGEN_TIMES", false);
  if (times.ok() && *times && generated.ok()) {
    const codegen_cpu::GraphArtifacts::StageNanos& n = (*generated)->artifacts().stage_nanos;
    vm.Write(
        absl::StrFormat(
            "[tc codegen] %s: config %.2f ms, decompose %.2f ms, lower %.2f ms, schedule %.2f ms, "
            "emit %.2f ms, compile %.2f ms (%s), prepare %.2f ms; %d kernel "
            "threads\n",
            graph.function_name, config_nanos * 1e-6, n.decompose * 1e-6, n.lower * 1e-6,
            n.schedule * 1e-6, n.emit * 1e-6, n.compile * 1e-6, (*generated)->artifacts().origin,
            n.prepare * 1e-6, (*generated)->artifacts().kernel_threads),
        /*to_stderr=*/true);
  }
  absl::StatusOr<bool> debug = support::GetEnvBool("TORCH_COMPILE_DEBUG", false);
  if ((debug.ok() && *debug) || config.trace_enabled) {
    WriteDebugDirectory(vm, graph, generated, config);
  }
}

}  // namespace tc::compiler
