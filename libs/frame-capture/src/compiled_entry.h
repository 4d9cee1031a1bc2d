// CompiledEntry: what one trace of a frame produced, and running it on a
// later call: guards, the compiled graph with the sources of its inputs,
// and the epilogue that rebuilds the frame's values from the graph outputs
// (the return value, or the state at a graph break: run the breaking
// instruction eagerly, then call the resume function).
#ifndef TC_FRAME_CAPTURE_SRC_COMPILED_ENTRY_H_
#define TC_FRAME_CAPTURE_SRC_COMPILED_ENTRY_H_

#include <memory>
#include <string>
#include <vector>

#include "tc/frame_capture/dynamo.h"
#include "tc/frame_capture/source.h"
#include "tc/runtime_cache/cache_entry.h"
#include "tc/runtime_cache/compile_id.h"

#include "guard_eval.h"
#include "translator.h"

namespace tc::frame_capture {

// How to rebuild one value of the frame after the graph ran.
struct Rebuild {
  // kGradMode: the __exit__ slot of an open grad-mode block; rebuilt as a
  // new manager (`constant`, no_grad or enable_grad, called) that the
  // resume function enters again.
  // kInputView: a view over the tensor at `source` (`view_offset` elements
  // past its storage offset, `view_sizes` and `view_strides`), so that it
  // aliases the caller's tensor as the traced view aliased the input.
  // When it requires grad, the traced view ops (`view_chain`, a graph of
  // one input) are run again on the caller's tensor on the tape, so the
  // view has their history (TBackward0...) as in eager mode.
  enum class Kind : uint8_t {
    kNull,
    kConst,
    kSource,
    kOutput,
    kTuple,
    kList,
    kDict,
    kGradMode,
    kInputView
  };
  Kind kind = Kind::kNull;
  script::Value constant;
  SourcePtr source;
  int output = 0;  // graph output index
  // kOutput: the traced tensor object's address, a key only (never read):
  // values rebuilt from one traced object are one object (`return y, y`).
  uintptr_t identity = 0;
  bool requires_grad = false;  // kOutput
  bool grad_mode = false;      // kGradMode: the mode inside the block
  script::Type* tensor_type = nullptr;
  // kTuple: a native tuple subtype to rebuild (torch.return_types.max), or
  // null for a plain tuple.
  script::Type* tuple_type = nullptr;
  int64_t view_offset = 0;  // kInputView
  tensor::Shape view_sizes, view_strides;
  std::shared_ptr<const graph_ir::Graph> view_chain;  // kInputView; may be null
  std::vector<Rebuild> items;                         // containers (dict: key, value pairs)
};

// A write the trace made to an outside list or dict: after the graph runs,
// the object at `source` gets the contents `contents` (a kList or kDict
// plan). With `cell`, a `nonlocal` write: the cell `source` reads
// (kClosure, kCellContents) gets the value `contents` builds.
struct SideEffect {
  SourcePtr source;
  Rebuild contents;
  bool cell = false;
};

// The runtime cache's artifact for one entry (owned by the code object's
// cache, so it dies with the code).
struct CompiledEntry : runtime_cache::Artifact {
  // Checked on every call; the runtime cache's entry shares guards.set.
  EntryGuards guards;
  runtime_cache::CompileId id;
  script::Value backend_key;  // CompileOptions::backend_key of the compiling context

  // The graph; null when the trace recorded no op before its break.
  std::shared_ptr<const CapturedGraph> graph;
  CompiledGraph compiled;
  bool compiled_handles_autograd = false;  // Backend::HandlesAutograd
  std::vector<SourcePtr> input_sources;    // null: constants[i]
  std::vector<tensor::Tensor> constants;
  std::vector<std::pair<int, int>> mutated_inputs;  // (input, output) copied back
  // Traced `assert t` (torch._assert_async): (output, message); a false
  // condition raises RuntimeError(message) before anything is copied back.
  std::vector<std::pair<int, std::string>> asserts;
  std::vector<SideEffect> side_effects;  // replayed after the graph

  // Epilogue.
  TraceOutcome::Kind kind = TraceOutcome::Kind::kReturn;
  TraceOutcome::BreakKind break_kind = TraceOutcome::BreakKind::kInstruction;
  int pc = 0;
  std::vector<Rebuild> stack;  // kReturn: the return value
  std::vector<Rebuild> locals;
  // Resume functions: [0] continues after the break instruction (or the
  // jump's fall-through), [1] at the jump target.
  script::Value resume[2];
  std::vector<int> live_locals;
};

// Builds the rebuild plan of `v`; false when the value cannot be rebuilt
// (an iterator, a function made by the trace).
bool PlanRebuild(const Translator& tr, const Var& v, std::vector<graph_ir::Value*>* outputs,
                 Rebuild* out);

// The side effects of `tr` (its written stand-ins); false when a content
// cannot be rebuilt.
bool PlanSideEffects(const Translator& tr, std::vector<graph_ir::Value*>* outputs,
                     std::vector<SideEffect>* out);

// The graph inputs of `entry` for a call (sources fetched, constants).
bool FetchInputs(script::VM& vm, const CompiledEntry& entry, const FrameView& frame,
                 std::vector<tensor::Tensor>* inputs);

// Runs `entry` for a call; the call's result, or null with an exception set.
script::Value RunEntry(script::VM& vm, const CompiledEntry& entry, const FrameView& frame);

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_COMPILED_ENTRY_H_
