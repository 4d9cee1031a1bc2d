// Private to Dynamo's sources: the runtime of one VM (Dynamo::Impl) and
// what it keeps on each code object (CodeState, in the code's extra slot).
// dynamo.cc holds the public API, dynamo_hook.cc the eval-frame hook,
// compile_driver.cc compiling a frame in stages, resume_functions.cc the
// resume functions of a graph break.
#ifndef TC_FRAME_CAPTURE_SRC_DYNAMO_IMPL_H_
#define TC_FRAME_CAPTURE_SRC_DYNAMO_IMPL_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "tc/frame_capture/dynamo.h"
#include "tc/guards/global_state.h"
#include "tc/runtime_cache/runtime_cache.h"
#include "tc/script/extension.h"

#include "compile_times.h"
#include "compiled_entry.h"
#include "guard_eval.h"
#include "translator.h"

namespace tc::frame_capture {

// A resume code the runtime made: the original code it enters, the length
// of its prologue and, per local slot, the original slot (-1: none).
struct ResumeOrigin {
  std::shared_ptr<const script::Code> original;
  int prologue = 0;
  std::vector<int> original_slot;
};

// What frame capture keeps on each code object (Dynamo's co_extra): its
// compiled entries and what the code is. It dies with the code object, and
// with it every entry compiled for the code.
class CodeState final : public script::Extension {
 public:
  CodeState(uint64_t runtime_id, uint64_t generation, const script::Code& code);

  // The state `co` holds, or null when its slot is empty or another
  // library's.
  static CodeState* Of(script::CodeObject* co) {
    script::Extension* e = co->extra.get();
    return e != nullptr && e->kind() == &kKind ? static_cast<CodeState*>(e) : nullptr;
  }

  // Drops what torch._dynamo.reset() forgets (entries, skip), keeping what
  // the code is.
  void StartGeneration(uint64_t generation, const script::Code& code);

  uint64_t runtime_id;  // the Dynamo runtime that made it (Dynamo::Impl::id)
  uint64_t generation;  // its RuntimeCache generation

  // Forgotten by reset().
  runtime_cache::CodeCache cache;  // entries, compile ids, the limit's state
  bool skip = false;               // cannot be compiled: the frame runs eagerly for good
  // The compile in progress: its id and the global state of its call,
  // which the entry's GLOBAL_STATE guard expects.
  runtime_cache::CompileId id;
  guards::GlobalState global_state;

  // What the code is; kept across reset().
  std::optional<ResumeOrigin> origin;  // set on resume codes made by the runtime
  bool eager_resume = false;           // a checkpoint's rest of the frame: never compiled

 private:
  static const char kKind;
};

// What compiling a frame leads to (Compile and its stages).
struct RunEagerly {
  bool for_good = true;  // the code is never compiled again (CodeState::skip)
};
struct Raised {  // an exception is set on the VM
  bool for_good = false;
};
using CompileResult = std::variant<std::shared_ptr<CompiledEntry>, RunEagerly, Raised>;

// The eval-frame hook Dynamo installs (`data`: its Impl).
script::FrameHookAction DynamoHook(script::VM& vm, void* data, const script::FrameHookCall& call,
                                   script::Value* result);

struct Dynamo::Impl {
  Impl(script::VM& v, Dynamo& d);
  script::VM& vm;
  Dynamo& self;
  const uint64_t id;  // unique among every runtime made in the process
  struct Context {
    Mode mode;
    const CompileOptions* options;
  };
  std::vector<Context> contexts;
  SpecialCallables special;
  // Entries' compile ids, limits and run-only mode.
  runtime_cache::RuntimeCache runtime;
  SlotReader slots;   // guard slots of the entry being checked
  bool busy = false;  // tracing or running internals: the hook stands aside
  std::vector<std::pair<int, std::function<void(const CompileEvent&)>>> observers;
  int next_observer = 0;
  std::vector<std::pair<std::string, std::string>> recompiles;
  std::map<std::string, int> break_counts;
  CompileTimes times;
  // Resume functions by what they enter: one per (original code, globals,
  // closure, target, stack depth, live locals, line, with slots), so that
  // a loop resumed at every iteration compiles once. A key names objects
  // by address, but the function it maps to holds each of them (its code
  // holds the original through its CodeState), so no key outlives its
  // object.
  absl::flat_hash_map<std::string, script::Value> resume_functions;

  // The hook (dynamo_hook.cc).
  script::FrameHookAction OnCall(const script::FrameHookCall& call, script::Value* result);
  script::FrameHookAction OnMiss(const script::FrameHookCall& call, const Context& ctx,
                                 CodeState& state, script::Value* result);
  // `co`'s state for this runtime and generation, made or renewed.
  CodeState& StateFor(script::CodeObject* co);
  void SyncConfig(const Context& ctx);

  // Compiling a frame (compile_driver.cc): trace, then the stages of
  // Finish, each returning its value.
  CompileResult Compile(script::FunctionObject* fn, const script::Value* params, const Context& ctx,
                        CodeState& state);
  CompileResult Finish(Translator& tr, const TraceOutcome& outcome, script::FunctionObject* fn,
                       const script::Value* params, const Context& ctx, CodeState& state,
                       const std::string& reason_text);

  // Resume functions (resume_functions.cc). `with_slots`: stack slots of
  // grad-mode managers the prologue enters.
  script::Value ResumeFunction(script::FunctionObject* fn,
                               const std::shared_ptr<const script::Code>& code, int target,
                               int depth, const std::vector<int>& live, int line,
                               const std::vector<int>& with_slots = {});
  // The rest of the frame after a checkpoint, run eagerly.
  script::Value EagerResumeFunction(script::FunctionObject* fn,
                                    const std::shared_ptr<const script::Code>& original, int pc,
                                    int depth, const std::vector<int>& live, int line);
  // Sets entry `e`'s resume functions and live locals for a break; false
  // when no resume function can continue after the breaking instruction.
  bool PlanResume(const TraceOutcome& outcome, script::FunctionObject* fn, CompiledEntry* e);
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_DYNAMO_IMPL_H_
