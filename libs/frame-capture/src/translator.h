// Translator: symbolic evaluation of one script frame (Dynamo's
// InstructionTranslator). Values on the symbolic stack are real script
// values in which tensors are fakes recorded by a GraphRecorder, so Python
// semantics (constants, containers, arithmetic on ints) come from the VM
// itself, and every torch call runs the torch module's own code with the
// recorder in place of the kernels. What it adds is what Dynamo adds:
// sources and guards for what the trace read from the frame, inlining of
// user functions, and graph breaks where a value's data or a side effect
// is needed.
#ifndef TC_FRAME_CAPTURE_SRC_TRANSLATOR_H_
#define TC_FRAME_CAPTURE_SRC_TRANSLATOR_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"

#include "tc/frame_capture/captured_graph.h"
#include "tc/frame_capture/source.h"
#include "tc/script/vm.h"

#include "graph_recorder.h"
#include "side_effects.h"

namespace tc::frame_capture {

// A value on the symbolic stack or in a symbolic local.
struct Var {
  script::Value v;  // null: an unset local or an empty method slot
  SourcePtr src;    // where it came from in the frame; null when made by the trace
};

// What the trace assumed about a source (turned into a guards::GuardSet).
struct GuardRecord {
  enum class Kind : uint8_t { kTensor, kEquals, kNone, kType, kId, kLength };
  Kind kind = Kind::kEquals;
  SourcePtr source;
  script::Value expected;  // kEquals: the constant; kType: the type; kId: the object
  int64_t length = 0;      // kLength
  // kTensor: the tensor's metadata when traced.
  tensor::DType dtype = tensor::DType::kFloat32;
  tensor::Device device;
  tensor::Shape sizes, strides;
  bool requires_grad = false;
};

// Callables frame-capture treats specially (filled by the compiler library
// through Dynamo's registration API).
struct SpecialCallables {
  absl::flat_hash_set<const script::Object*> graph_break;  // torch._dynamo.graph_break
  // torch.compiler.is_compiling and its aliases: True while traced (as
  // Dynamo folds them), False when they run.
  absl::flat_hash_set<const script::Object*> is_compiling;
  // Functions wrapped by torch.compiler.disable: the wrapper object -> recursive.
  absl::flat_hash_map<const script::Object*, bool> disabled;
  absl::flat_hash_set<const script::Code*> skipped_code;  // disable(recursive=False) targets
  // disable(reason=...): the wrapper object, and the wrapped function's
  // Code, -> the reason as break messages print it ("None" when absent).
  absl::flat_hash_map<const void*, std::string> disable_reasons;
  absl::flat_hash_set<const script::Object*> allow_in_graph;
  absl::flat_hash_set<const script::Object*> disallow_in_graph;
  // Every object marked above (and the functions whose codes are keyed),
  // held here so that no key outlives its object.
  absl::flat_hash_map<const script::Object*, script::Value> held;
  void Hold(const script::Value& v) { held.try_emplace(v.as_object(), v); }
};

// A torch grad-mode context manager the trace entered (torch.no_grad(),
// enable_grad(), set_grad_enabled(b)): the modes inside and outside it,
// and the manager type that re-enters the inside mode (no_grad or
// enable_grad) for a resume function.
struct GradContext {
  bool inner = false;
  bool outer = true;
  script::Value manager_type;
};

// Whether `v` is a torch.optim.Optimizer.
bool IsOptimizer(const script::Value& v);

struct TraceOutcome {
  enum class Kind : uint8_t {
    kReturn,  // traced to the end; `stack` holds the return value
    kBreak,   // stopped before instruction `pc` of the root frame
    kSkip,    // cannot be compiled: run the frame eagerly (reason says why)
  };
  enum class BreakKind : uint8_t {
    kInstruction,  // run instruction `pc` eagerly, then resume at pc + 1
    kJump,         // the stack top is a tensor a jump at `pc` tests
    // A break no resume function can continue after (inside a try block):
    // the graph ends at the last checkpoint `pc` (empty stack, outside any
    // try, more than one call traced) and the rest of the frame runs
    // eagerly from there (Dynamo's step_unsupported).
    kCheckpoint,
  };
  Kind kind = Kind::kSkip;
  BreakKind break_kind = BreakKind::kInstruction;
  int pc = 0;
  std::vector<Var> stack;
  std::vector<Var> locals;
  std::string reason;
  std::vector<FrameSummary> user_stack;
  // Set when a restart must stop before `pc` (a break inside an inlined
  // call or in the middle of an instruction that already recorded ops).
  bool needs_restart = false;
  // A read of a scalar out of a tensor (.item(), int(t), integer .tolist())
  // that torch 2.15 captures under fullgraph=True instead of failing.
  bool fullgraph_capturable = false;
  // What fullgraph=True raises when it words the break differently
  // (a data-dependent jump: "Data-dependent branching"); empty: `reason`.
  std::string fullgraph_reason;
};

class Translator {
 public:
  // `stop_at` >= 0: stop before that instruction of the root frame (the
  // second pass of a break).
  Translator(script::VM& vm, const SpecialCallables& special, script::FunctionObject* fn,
             const script::Value* params, int stop_at);
  ~Translator();

  TraceOutcome Run();

  GraphRecorder& recorder() { return recorder_; }
  // Where compile_times() phases of the trace are timed (null: nowhere).
  void set_times(CompileTimes* times) {
    times_ = times;
    recorder_.set_times(times);
  }
  const std::vector<GuardRecord>& guards() const { return guards_; }
  std::vector<CallRecord>& calls() { return calls_; }
  // `assert <tensor>` statements traced (Dynamo's torch._assert_async):
  // the condition's fake and the message the compiled frame raises as a
  // RuntimeError when the condition is false.
  const std::vector<std::pair<script::Value, std::string>>& asserts() const { return asserts_; }
  // Containers the trace made as stand-ins for frame values (read-only
  // copies): value object -> source.
  const absl::flat_hash_map<const script::Object*, SourcePtr>& copies() const {
    return side_effects_.copies();
  }
  bool IsNewObject(const script::Object* o) const { return new_objects_.contains(o); }
  // The context behind an __exit__ stand-in the trace pushed at BEFORE_WITH
  // of a grad-mode manager; null for any other value.
  const GradContext* GradExit(const script::Value& v) const {
    if (!v.is_object()) return nullptr;
    auto it = grad_exits_.find(v.as_object());
    return it == grad_exits_.end() ? nullptr : &it->second;
  }
  // The trace's writes to outside objects (stand-ins, cells) and the
  // sources that must stay distinct.
  const SideEffects& side_effects() const { return side_effects_; }

 private:
  struct Frame;
  struct Failure;

  // Runs `f` until it returns (result in *out) or fails.
  bool RunFrame(Frame& f, Var* out);
  // One instruction: dispatches on its opcode family to one handler each
  // (Dynamo's InstructionTranslator), in translator_<family>.cc. False
  // when the trace stops (failure_ says why).
  bool Step(Frame& f, bool* returned, Var* out);
  bool StepLoadStore(Frame& f, const script::Instruction& ins);
  bool StepCell(Frame& f, const script::Instruction& ins);
  bool StepAttrSubscr(Frame& f, const script::Instruction& ins);
  bool LoadAttr(Frame& f, script::StrObject* name);
  bool LoadMethod(Frame& f, script::StrObject* name);
  bool StepSubscr(Frame& f, const script::Instruction& ins);
  bool StepOperator(Frame& f, const script::Instruction& ins);
  // `*next`: the instruction to continue at when the jump is taken.
  bool StepJumpCompare(Frame& f, const script::Instruction& ins, int* next);
  bool ConditionalJump(Frame& f, const script::Instruction& ins, int* next);
  bool StepBuild(Frame& f, const script::Instruction& ins);
  bool Unpack(Frame& f, const script::Instruction& ins);
  bool StepFormat(Frame& f, const script::Instruction& ins);
  // kReturn sets *returned and *out.
  bool StepCall(Frame& f, const script::Instruction& ins, bool* returned, Var* out);
  bool CallEx(Frame& f, const script::Instruction& ins);
  bool MakeFunction(Frame& f, const script::Instruction& ins);
  bool StepWithTry(Frame& f, const script::Instruction& ins);
  bool BeforeWith(Frame& f);

  Var Wrap(const script::Value& v, const SourcePtr& src);
  // `v` with the source a guard can name it by: its own, or, for an
  // outside object that reached the trace without one (out of a native
  // call on a stand-in, such as the values of `self.__dict__.items()`), the
  // first source it was wrapped under. Without it, attributes read off
  // that object would go unguarded and its tensors would become constants
  // of the graph, reused for another object of the same type.
  Var WithKnownSource(Var v) const;
  // Wrap's guards and stand-ins, by the value's kind.
  Var WrapValue(const script::Value& v, const SourcePtr& src);
  void Guard(GuardRecord g);
  // Drops the guards on `root` and on what is read through it (an
  // optimizer's state, read again after _init_group changed it).
  void ForgetGuardsUnder(const Source& root);

  bool CallVar(Frame& f, const Var& callable, std::vector<Var> args,
               const script::TupleObject* kwnames, Var* out);
  // CallVar's cases: torch._dynamo.graph_break(), a native function or
  // method, a class.
  bool GraphBreakCall(Frame& f, const std::vector<Var>& args, const script::TupleObject* kwnames);
  bool CallNative(Frame& f, const script::Value& c, const script::NativeFunctionObject* nf,
                  std::vector<Var>& args, const script::TupleObject* kwnames, Var* out);
  bool CallClass(Frame& f, const script::Value& c, const script::Type* cls, std::vector<Var>& args,
                 const script::TupleObject* kwnames, Var* out);
  // `fn_src`: where `fn` was read from (null: nowhere a guard can name);
  // the cells of its closure are read through it.
  bool Inline(Frame& f, script::FunctionObject* fn, const SourcePtr& fn_src, const Var* self,
              std::vector<Var> args, const script::TupleObject* kwnames, Var* out);
  // The symbolic cell standing for the real cell `cell` of a function from
  // outside the frame (one per real cell, shared by every inlined call).
  std::shared_ptr<Var> OutsideCell(const script::Value& cell, SourcePtr src, bool wrapped);
  bool CallNativeTracked(Frame& f, const script::Value& callable, const script::Value* self,
                         std::vector<Var>& args, const script::TupleObject* kwnames,
                         CallRecord::Kind kind, std::string target, Var* out);
  // Runs a VM helper on fakes, recording a CallRecord when it made nodes.
  template <typename Fn>
  bool Tracked(Frame& f, CallRecord::Kind kind, std::string_view target, Fn&& fn, Var* out);

  // Calls `obj`'s special method `slot` by inlining it when a class
  // statement defined it (a user's __iter__, __len__, __getitem__), so that
  // what it reads is traced and guarded instead of run for real, unseen.
  // *inlined: whether it was such a method (else nothing is done).
  bool InlineSpecialMethod(Frame& f, const Var& obj, script::Slot slot, std::vector<Var> args,
                           Var* out, bool* inlined);
  // CPython's checks of what a user's __len__ (`builtin` "len") or __iter__
  // ("iter") returned.
  bool CheckSpecialResult(Frame& f, std::string_view builtin, const Var* result);
  bool Unsupported(Frame& f, std::string reason);
  // Dynamo's decompositions of in-place Tensor methods
  // (translator_decompose.cc): addcmul_ / addcdiv_ with value=, add_ with
  // a tensor alpha=. `self`: the bound receiver, else args[0] is.
  // *handled false: the method is called as it is.
  bool DecomposeInPlace(Frame& f, std::string_view name, const script::Value* self,
                        std::vector<Var>& args, const script::TupleObject* kwnames, Var* out,
                        bool* handled);
  // A torch.optim optimizer (translator_optimizer.cc), as Dynamo's
  // OptimizerVariable: after a read of its attribute `name` (r: what the
  // trace got), param_groups are seen with capturable=True and state is
  // remembered. EagerInitGroup runs a call of its _init_group for real and
  // fills the lists the trace passed with the tensors collected, as graph
  // inputs; *handled false: the call is inlined as any method.
  void OptimizerAttrRead(const Var& obj, std::string_view name, Var* r);
  bool EagerInitGroup(Frame& f, const script::Value& method, const Var& self,
                      std::vector<Var>& args, const script::TupleObject* kwnames, Var* out,
                      bool* handled);
  // BEFORE_WITH of a torch grad-mode manager; false (nothing done) for
  // other managers.
  bool EnterGradMode(Frame& f, bool* handled);
  // Records a torch._C._set_grad_enabled call in the graph's call list.
  void RecordSetGradEnabled();
  // Whether every block around `pc` of the root frame is a with block of a
  // grad-mode manager (whose __exit__ stand-in is on `stack`).
  bool InGradWithBlocks(const script::Code& code, int pc, const std::vector<Var>& stack) const;
  // At a break: records the exits of the grad-mode blocks still open on
  // `stack` (innermost first); false when the mode after them differs from
  // `start`, the mode of the call.
  bool CloseGradContexts(const std::vector<Var>& stack, bool start);
  // t.item() and what calls it (int(t), float(t)).
  bool ItemBreak(Frame& f);
  bool TolistBreak(Frame& f, const script::Value& t);
  bool FromException(Frame& f);
  std::vector<FrameSummary> UserStack(const Frame& f) const;
  bool IsFake(const script::Value& v) const { return recorder_.IsFake(v); }
  bool AnyFake(const std::vector<Var>& vs) const;
  bool IsPreexisting(const script::Value& v) const;
  // Counts a stand-in made for the outside object `real`.
  void NoteCopyOf(const script::Value& real);
  bool MutateCopy(const script::Value& c) { return side_effects_.MutateCopy(c); }

  script::VM& vm_;
  const SpecialCallables& special_;
  script::FunctionObject* fn_;
  const script::Value* params_;
  int stop_at_;
  GraphRecorder recorder_;
  script_torch::OpTracer* previous_tracer_ = nullptr;
  std::vector<GuardRecord> guards_;
  absl::flat_hash_set<std::string> guarded_;
  // Outside objects (and the trace's stand-ins for them) -> the first
  // source Wrap saw them under.
  absl::flat_hash_map<const script::Object*, SourcePtr> wrapped_sources_;
  std::vector<CallRecord> calls_;
  std::vector<std::pair<script::Value, std::string>> asserts_;
  CompileTimes* times_ = nullptr;
  SideEffects side_effects_;
  // Notes an object the trace made, and holds it, so that its address is
  // not reused by a stand-in made later (which would then pass for a new
  // object, and its writes would not be replayed on the outside object).
  void NoteNew(const script::Object* o) {
    if (new_objects_.insert(o).second) {
      keep_alive_.push_back(script::Value::Borrow(const_cast<script::Object*>(o)));
    }
  }
  absl::flat_hash_set<const script::Object*> new_objects_;
  absl::flat_hash_map<const script::Object*, GradContext> grad_exits_;
  // Optimizers -> the trace's opt.state (after each eager _init_group, the
  // state it made): one stand-in, so that writes to it are seen by later
  // reads.
  absl::flat_hash_map<const script::Object*, Var> optimizer_states_;
  // torch.set_grad_enabled(b) objects made by the trace -> the mode before.
  absl::flat_hash_map<const script::Object*, bool> set_grad_outer_;
  // Objects the trace made and stand-ins, held while it runs (see NoteNew).
  std::vector<script::Value> keep_alive_;
  // Symbolic cells of closures made by the trace: the CellObject stand-in
  // -> the symbolic cell.
  absl::flat_hash_map<const script::Object*, std::shared_ptr<Var>> cells_;
  // Cells of functions from outside the frame: the real CellObject -> its
  // symbolic cell, and what is known of each symbolic cell. Contents are
  // wrapped (guarded) on first read, as Dynamo builds them lazily.
  struct OutsideCellState {
    SourcePtr source;  // null: no guard can name it, so it is never written
    bool wrapped = false;
    bool written = false;
  };
  absl::flat_hash_map<const script::Object*, std::shared_ptr<Var>> outside_cells_;
  absl::flat_hash_map<const Var*, OutsideCellState> outside_cell_state_;
  int depth_ = 0;
  // The last instruction of the root frame a checkpoint break could stop
  // before; -1 for none.
  int checkpoint_ = -1;
  int native_depth_ = 0;
  // Set when Wrap met an input the trace cannot stand in for (a dict with
  // keys no source can name): the frame runs eagerly.
  std::string unsupported_input_;
  // The failure being propagated out of inlined frames.
  std::unique_ptr<TraceOutcome> failure_;
  Frame* root_ = nullptr;
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_TRANSLATOR_H_
