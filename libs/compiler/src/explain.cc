// ExplainRecorder (explain.h): per-function reports of a script run.
#include "tc/compiler/explain.h"

#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/compiler/backends.h"

namespace tc::compiler {

using frame_capture::CallRecord;
using frame_capture::CompileEvent;
using frame_capture::Dynamo;

namespace {

std::string BaseName(const std::string& path) { return path.substr(path.rfind('/') + 1); }

// Indents every line after the first by `pad` (reason texts span lines).
// Blank lines stay empty (no trailing spaces).
std::string IndentRest(const std::string& text, const std::string& pad) {
  std::string out;
  bool first = true;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (!first) absl::StrAppend(&out, "\n", line.empty() ? "" : pad);
    absl::StrAppend(&out, line);
    first = false;
  }
  return out;
}

// tc-explain --code: what the inductor backend generates for a graph, its
// kernels (vector width, parallel) and the buffers a call allocates.
void AppendCode(std::string* out, int index, const frame_capture::CapturedGraph& g) {
  auto generated = codegen_cpu::GeneratedGraph::Compile(g.graph);
  if (!generated.ok()) {
    absl::StrAppendFormat(out, "  Code of graph %d (%s): runs on the interpreter: %s\n", index,
                          g.function_name, generated.status().ToString());
    return;
  }
  const codegen_cpu::GraphArtifacts& a = (*generated)->artifacts();
  absl::StrAppendFormat(out,
                        "  Code of graph %d (%s): %d generated kernels, %d extern calls, "
                        "%d buffers allocated (%d bytes of intermediates)\n",
                        index, g.function_name, static_cast<int>(a.kernels.size()), a.num_externs,
                        a.buffers_allocated, a.intermediate_bytes);
  for (const codegen_cpu::EmittedKernel& k : a.kernels) {
    absl::StrAppendFormat(out, "    %s: vector width %d%s\n", k.name, k.vector_width,
                          k.parallel ? ", parallel" : "");
  }
  if (!a.source.empty()) {
    absl::StrAppend(out, "    ",
                    IndentRest(std::string(absl::StripTrailingAsciiWhitespace(a.source)), "    "),
                    "\n");
  }
}

void AppendFunction(std::string* out, const std::string& name,
                    const std::vector<const CompileEvent*>& events, const ExplainOptions& opt) {
  const CompileEvent& first = *events.front();
  absl::StrAppendFormat(out, "Function %s (%s:%d)\n", name, BaseName(first.graph->filename),
                        first.graph->first_line);
  int ops = 0;
  std::vector<const CompileEvent*> breaks;
  for (const CompileEvent* e : events) {
    ops += e->graph->num_function_calls();
    if (e->graph->reason.graph_break) breaks.push_back(e);
  }
  int count = static_cast<int>(events.size());
  absl::StrAppendFormat(out, "  Graph Count: %d\n  Graph Break Count: %d\n  Op Count: %d\n", count,
                        count - 1, ops);
  absl::StrAppend(out, "  Break Reasons:\n");
  for (size_t i = 0; i < breaks.size(); ++i) {
    const frame_capture::CompileReason& r = breaks[i]->graph->reason;
    absl::StrAppendFormat(out, "    Break Reason %d:\n      Reason: %s\n      User Stack:\n", i + 1,
                          IndentRest(r.reason, "      "));
    for (const frame_capture::FrameSummary& fs : r.user_stack) {
      absl::StrAppendFormat(out, "        %s:%d in %s\n", BaseName(fs.filename), fs.line, fs.name);
      if (!fs.source_line.empty()) absl::StrAppendFormat(out, "          %s\n", fs.source_line);
    }
  }
  absl::StrAppend(out, "  Ops per Graph:\n");
  for (int i = 0; i < count; ++i) {
    const frame_capture::CapturedGraph& g = *events[i]->graph;
    std::vector<std::string> fns, methods;
    for (const CallRecord& c : g.calls) {
      (c.kind == CallRecord::Kind::kMethod ? methods : fns).push_back(c.target);
    }
    absl::StrAppendFormat(out, "    Ops %d (%s): %s", i + 1, g.function_name,
                          fns.empty() ? "-" : absl::StrJoin(fns, ", "));
    if (!methods.empty()) absl::StrAppend(out, "; methods: ", absl::StrJoin(methods, ", "));
    absl::StrAppend(out, "\n");
  }
  for (int i = 0; i < count; ++i) {
    const CompileEvent& e = *events[i];
    if (opt.graphs) {
      absl::StrAppendFormat(
          out, "  Graph %d (%s), inputs %s:\n    %s\n", i + 1, e.graph->function_name,
          absl::StrJoin(e.graph->input_names, ", "),
          IndentRest(std::string(absl::StripTrailingAsciiWhitespace(e.graph->graph.ToString())),
                     "    "));
    }
    if (opt.guards) {
      absl::StrAppendFormat(out, "  Guards of graph %d (%s):\n", i + 1, e.graph->function_name);
      for (const std::string& g : e.guards) absl::StrAppendFormat(out, "    %s\n", g);
    }
    if (opt.code) AppendCode(out, i + 1, *e.graph);
  }
}

}  // namespace

std::string RootFunctionName(const std::string& frame_name) {
  const std::string kPrefix = "torch_dynamo_resume_in_";
  if (!absl::StartsWith(frame_name, kPrefix)) return frame_name;
  std::string rest = frame_name.substr(kPrefix.size());
  size_t at = rest.rfind("_at_");
  return at == std::string::npos ? rest : rest.substr(0, at);
}

ExplainRecorder::ExplainRecorder(script::VM& vm) : vm_(vm) {
  observer_ = Dynamo::For(vm).AddObserver([this](const CompileEvent& e) { events_.push_back(e); });
}

ExplainRecorder::~ExplainRecorder() { Dynamo::For(vm_).RemoveObserver(observer_); }

std::string ExplainRecorder::Report(const ExplainOptions& options) const {
  // Group by (file, root function), in order of first compile.
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::vector<const CompileEvent*>> groups;
  for (const CompileEvent& e : events_) {
    auto key = std::make_pair(e.graph->filename, RootFunctionName(e.graph->function_name));
    if (!options.function.empty() && key.second != options.function) continue;
    auto& g = groups[key];
    if (g.empty()) order.push_back(key);
    g.push_back(&e);
  }
  std::string out;
  for (const auto& key : order) {
    if (!out.empty()) out += "\n";
    AppendFunction(&out, key.second, groups.at(key), options);
  }
  const auto& recompiles = Dynamo::For(vm_).recompiles();
  if (!recompiles.empty()) {
    absl::StrAppend(&out, out.empty() ? "" : "\n", "Recompiles:\n");
    for (const auto& [fn, reason] : recompiles) {
      absl::StrAppendFormat(&out, "  %s: %s\n", fn, reason);
    }
  }
  if (out.empty()) {
    out = options.function.empty()
              ? "No graphs were compiled: the script compiled no function, or no function it "
                "called ran a torch operation.\n"
              : absl::StrFormat("No graph was compiled for function '%s'.\n", options.function);
  }
  return out;
}

script::Value RunModuleCompiled(script::VM& vm, std::shared_ptr<const script::Code> code,
                                std::string_view module_name, CompileScope scope,
                                std::string_view backend) {
  // The script's own functions are compiled; class bodies, special methods
  // (constructors) and library code (the nn prelude's Module.__call__) run
  // as they are, their callees still looked at.
  frame_capture::CompileOptions options{FindBackend(backend), false};
  if (options.backend == nullptr) {
    vm.Raise(script::Types().value_error,
             absl::StrCat("unknown backend '", std::string(backend), "'"));
    return script::Value();
  }
  std::string filename = code->filename;
  options.frame_filter = [filename, scope](const script::Code& c) {
    if (c.filename != filename) return false;
    if ((c.flags & (script::Code::kModule | script::Code::kClassBody)) != 0) return false;
    if (absl::StartsWith(c.name, "<")) return false;  // lambdas, comprehensions
    if (scope == CompileScope::kTopLevelFunctions) {
      return c.qualname.find('.') == std::string::npos;
    }
    return !(absl::StartsWith(c.name, "__") && absl::EndsWith(c.name, "__"));
  };
  Dynamo::Scope compile_scope(Dynamo::For(vm), Dynamo::Mode::kCompile, &options);
  return vm.RunModule(std::move(code), module_name);
}

}  // namespace tc::compiler
