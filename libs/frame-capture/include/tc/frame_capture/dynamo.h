// Dynamo: the frame-capture runtime of one VM, owned by the VM (its
// extension slot) and destroyed with it. It owns the eval-frame hook and
// the compile contexts that torch.compile's wrappers enter; each code
// object owns its cache of compiled entries (its extra slot). The compiler
// library drives it (backends, explain, counters) through this header.
//
// One call of a function under a compile context: the hook looks up the
// code's entries and checks their guards; a hit runs the entry (the graph
// through its backend, then the break instruction and the resume function,
// if the frame broke); a miss traces the frame, compiles the graph, stores
// the entry and runs it.
#ifndef TC_FRAME_CAPTURE_DYNAMO_H_
#define TC_FRAME_CAPTURE_DYNAMO_H_

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tc/frame_capture/captured_graph.h"
#include "tc/script/code.h"
#include "tc/script/extension.h"
#include "tc/script/vm.h"
#include "tc/tensor/tensor.h"

namespace tc::frame_capture {

// A backend's compiled form of one graph: graph inputs -> graph outputs.
// False with an exception set on the VM when it fails.
using CompiledGraph = std::function<bool(script::VM& vm, std::span<const tensor::Tensor> inputs,
                                         std::vector<tensor::Tensor>* outputs)>;

class Backend {
 public:
  virtual ~Backend() = default;
  // False with an exception set on the VM when compiling fails.
  // `example_inputs` are the graph inputs of the call being compiled (real
  // tensors, in graph-input order).
  virtual bool Compile(script::VM& vm, const std::shared_ptr<const CapturedGraph>& graph,
                       std::span<const tensor::Tensor> example_inputs, CompiledGraph* out) = 0;
  // Whether the compiled graphs record autograd history themselves (AOT
  // autograd, or ops run on the tape). Otherwise a call with inputs that
  // require grad gives the outputs a node that recomputes the graph on the
  // tape at backward (graph_autograd.h).
  virtual bool HandlesAutograd() const { return false; }
};

struct CompileOptions {
  std::shared_ptr<Backend> backend;
  bool fullgraph = false;
  // When set, only frames whose code it accepts are compiled; others run
  // as they are (their callees are still looked at).
  std::function<bool(const script::Code&)> frame_filter = nullptr;
  // Which backend this is, by identity (the script callable, or the
  // interned backend name): an entry compiled for one backend is not used
  // by a compile context with another (Dynamo's backend match), so a
  // second torch.compile with a new backend compiles again. Null matches
  // only null.
  script::Value backend_key = script::Value();
};

// torch._dynamo.config values frame-capture reads.
struct Config {
  int recompile_limit = 8;  // alias cache_size_limit
  int accumulated_recompile_limit = 256;
  bool error_on_recompile = false;
};

// What explain and the profilers see of each compiled graph.
struct CompileEvent {
  std::shared_ptr<const CapturedGraph> graph;
  std::vector<std::string> guards;  // one printed guard each ("L['x']: TENSOR_MATCH ...")
};

class Dynamo : public script::Extension {
 public:
  enum class Mode : uint8_t { kCompile, kRunOnly, kDisabled };

  // The runtime of `vm`, created (and its hook installed) on first use;
  // the VM owns it.
  static Dynamo& For(script::VM& vm);
  ~Dynamo() override;

  // A compile context: calls made while it is innermost are compiled
  // (kCompile), only looked up (kRunOnly), or left alone (kDisabled).
  class Scope {
   public:
    Scope(Dynamo& d, Mode mode, const CompileOptions* options);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    Dynamo& d_;
  };

  // Special callables (filled by the compiler library's decorators).
  void MarkGraphBreak(const script::Value& fn);
  // `fn` returns True in a traced frame (torch.compiler.is_compiling).
  void MarkIsCompiling(const script::Value& fn);
  // `reason`: disable(reason=...) as break messages print it.
  void MarkDisabled(const script::Value& wrapper, bool recursive, std::string reason = "None");
  // The code of the script function `fn` is never compiled.
  void MarkSkippedCode(const script::Value& fn);
  void MarkAllowInGraph(const script::Value& fn);
  void MarkDisallowInGraph(const script::Value& fn);

  Config& config() { return config_; }
  // torch._dynamo.reset(): forgets every compiled entry, frame number and
  // timing (each code's entries are dropped when it is next called).
  void Reset();

  // The compiler library's per-VM state (explain's recorder), owned here
  // and destroyed with the runtime.
  script::Extension* user_state() const { return user_state_.get(); }
  void set_user_state(std::unique_ptr<script::Extension> s) { user_state_ = std::move(s); }

  // Observers of compiled graphs (explain); returns an id for removal.
  int AddObserver(std::function<void(const CompileEvent&)> fn);
  void RemoveObserver(int id);

  // Recompilations so far: (function label "'f' (file.py:3)", reason).
  const std::vector<std::pair<std::string, std::string>>& recompiles() const;
  // Graph-break reasons so far (first line -> count), as counters["graph_break"].
  const std::map<std::string, int>& graph_break_counts() const;
  // compile_times: phase name -> durations in seconds, in order.
  const std::vector<std::pair<std::string, std::vector<double>>>& compile_times() const;

  // Exception types (torch._dynamo.exc.*), subclasses of RuntimeError.
  static script::Type* UnsupportedType();
  static script::Type* RecompileErrorType();
  // Creates a torch._dynamo.exc.<name> type deriving from `base`; the one
  // recipe for every such type, here and in the compiler's _tc_dynamo.
  static script::Type* NewExceptionType(const char* name, script::Type* base);

  struct Impl;

 private:
  explicit Dynamo(script::VM& vm);
  static const char kKind;
  std::unique_ptr<Impl> impl_;
  Config config_;
  std::unique_ptr<script::Extension> user_state_;
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_DYNAMO_H_
