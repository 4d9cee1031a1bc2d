// Dynamo: the public API of the runtime (creating it on a VM, compile
// contexts, special callables, reset, observers and counters) and its
// exception types.
#include "tc/frame_capture/dynamo.h"

#include <atomic>

#include "tc/script/native.h"

#include "dynamo_impl.h"

namespace tc::frame_capture {

using script::Value;

script::Type* Dynamo::NewExceptionType(const char* name, script::Type* base) {
  script::TypeSpec spec;
  spec.name = name;
  spec.module = "torch._dynamo.exc";
  spec.base = base;
  spec.flags = script::Type::kBaseType | script::Type::kInstanceDict;
  return script::NewNativeType(spec);
}

script::Type* Dynamo::UnsupportedType() {
  static script::Type* t = [] {
    script::Type* dynamo_exc =
        NewExceptionType("TorchDynamoException", script::Types().runtime_error);
    return NewExceptionType("Unsupported", dynamo_exc);
  }();
  return t;
}

script::Type* Dynamo::RecompileErrorType() {
  static script::Type* t = NewExceptionType("RecompileError", UnsupportedType()->base);
  return t;
}

const char Dynamo::kKind = 0;

Dynamo& Dynamo::For(script::VM& vm) {
  script::Extension* e = vm.extension();
  // A VM whose hook was replaced gets a fresh runtime, as a new VM does.
  if (e != nullptr && e->kind() == &kKind && vm.frame_hook() == DynamoHook) {
    return *static_cast<Dynamo*>(e);
  }
  std::unique_ptr<Dynamo> d(new Dynamo(vm));
  Dynamo& runtime = *d;
  vm.set_extension(std::move(d));  // destroys the runtime it replaces
  vm.SetFrameHook(DynamoHook, runtime.impl_.get());
  return runtime;
}

Dynamo::Impl::Impl(script::VM& v, Dynamo& d)
    : vm(v), self(d), id([] {
        static std::atomic<uint64_t> next{1};
        return next++;
      }()) {}

Dynamo::Dynamo(script::VM& vm) : Extension(&kKind), impl_(std::make_unique<Impl>(vm, *this)) {}

Dynamo::~Dynamo() {
  if (impl_->vm.frame_hook() == DynamoHook) impl_->vm.SetFrameHook(nullptr, nullptr);
}

Dynamo::Scope::Scope(Dynamo& d, Mode mode, const CompileOptions* options) : d_(d) {
  d_.impl_->contexts.push_back({mode, options});
}
Dynamo::Scope::~Scope() { d_.impl_->contexts.pop_back(); }

void Dynamo::MarkGraphBreak(const Value& fn) {
  impl_->special.graph_break.insert(fn.as_object());
  impl_->special.Hold(fn);
}
void Dynamo::MarkIsCompiling(const Value& fn) {
  impl_->special.is_compiling.insert(fn.as_object());
  impl_->special.Hold(fn);
}
void Dynamo::MarkDisabled(const Value& wrapper, bool recursive, std::string reason) {
  impl_->special.disabled[wrapper.as_object()] = recursive;
  // recursive=False marks the function itself (not a wrapper sharing its
  // code with every other): its code is what the inliner meets.
  if (!recursive && wrapper.type() == script::Types().function) {
    impl_->special
        .disable_reasons[script::Cast<script::FunctionObject>(wrapper)->code->code.get()] = reason;
  }
  impl_->special.disable_reasons[wrapper.as_object()] = std::move(reason);
  impl_->special.Hold(wrapper);
}
void Dynamo::MarkSkippedCode(const Value& fn) {
  impl_->special.skipped_code.insert(script::Cast<script::FunctionObject>(fn)->code->code.get());
  impl_->special.Hold(fn);
}
void Dynamo::MarkAllowInGraph(const Value& fn) {
  // allow_in_graph undoes disallow_in_graph (torch.sub back in graphs).
  impl_->special.disallow_in_graph.erase(fn.as_object());
  impl_->special.allow_in_graph.insert(fn.as_object());
  impl_->special.Hold(fn);
}
void Dynamo::MarkDisallowInGraph(const Value& fn) {
  impl_->special.allow_in_graph.erase(fn.as_object());
  impl_->special.disallow_in_graph.insert(fn.as_object());
  impl_->special.Hold(fn);
}

void Dynamo::Reset() {
  // A new generation: each code object's entries are dropped when it is
  // next called (CodeState::StartGeneration), or with the code.
  impl_->runtime.Reset();
  impl_->recompiles.clear();
  impl_->break_counts.clear();
  impl_->times.Clear();
}

int Dynamo::AddObserver(std::function<void(const CompileEvent&)> fn) {
  impl_->observers.push_back({impl_->next_observer, std::move(fn)});
  return impl_->next_observer++;
}
void Dynamo::RemoveObserver(int id) {
  auto& o = impl_->observers;
  for (size_t i = 0; i < o.size(); ++i) {
    if (o[i].first == id) {
      o.erase(o.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }
}
const std::vector<std::pair<std::string, std::string>>& Dynamo::recompiles() const {
  return impl_->recompiles;
}
const std::map<std::string, int>& Dynamo::graph_break_counts() const { return impl_->break_counts; }
const std::vector<std::pair<std::string, std::vector<double>>>& Dynamo::compile_times() const {
  return impl_->times.rows();
}

}  // namespace tc::frame_capture
