// Translator: a torch.optim optimizer as Dynamo's OptimizerVariable treats
// it, so that opt.step() is captured into one graph. Its _init_group
// (which makes the per-parameter state on the first step) runs for real
// rather than traced, and the tensors it collects enter the graph as
// inputs named by where they live (the parameters of a group, their
// .grad, the entries of opt.state); param_groups are read with
// capturable=True, so the step takes the branch that computes its bias
// corrections on tensors (no .item()), as PyTorch's traced step does.
#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script_torch/op_tracer.h"
#include "tc/script_torch/tensor_value.h"

#include "break_messages.h"
#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Value;
using translator_internal::IsExact;

bool IsOptimizer(const Value& v) {
  if (!v.is_object() || script_torch::IsTensorValue(v)) return false;
  for (const script::Type* k : v.type()->mro) {
    if (k->module == "torch.optim.optimizer" && k->name == "Optimizer") return true;
  }
  return false;
}

namespace {

// Whether `a` and `b` are one tensor: the same layout over one storage
// (two reads of p.grad give two values over one tensor).
bool SameTensor(const Value& a, const Value& b) {
  const tensor::Tensor& x = script_torch::TensorOfValue(a);
  const tensor::Tensor& y = script_torch::TensorOfValue(b);
  return x.storage() != nullptr && x.storage() == y.storage() &&
         x.storage_offset() == y.storage_offset() && x.sizes() == y.sizes() &&
         x.strides() == y.strides() && x.dtype() == y.dtype();
}

// The real tensors an optimizer's _init_group can collect, with their
// sources: the parameters of the groups passed, their gradients, and the
// tensors of opt.state.
class OptimizerTensors {
 public:
  void Note(const Value& t, SourcePtr src) {
    if (script_torch::IsTensorValue(t)) known_.emplace_back(t, std::move(src));
  }
  // A parameter whose .grad is None: a step skips it (guarded, as
  // Dynamo guards such a .grad).
  void NoteNoGrad(SourcePtr src) { no_grad_.push_back(std::move(src)); }
  const std::vector<SourcePtr>& no_grad() const { return no_grad_; }
  SourcePtr Find(const Value& t) const {
    for (const auto& [v, src] : known_) {
      if (SameTensor(v, t)) return src;
    }
    return nullptr;
  }

 private:
  std::vector<std::pair<Value, SourcePtr>> known_;
  std::vector<SourcePtr> no_grad_;
};

// Notes the parameters of `groups` (source, real param group) and their
// gradients (a failed .grad read leaves a parameter's gradient out).
void NoteGroupTensors(script::VM& vm, const std::vector<std::pair<SourcePtr, Value>>& groups,
                      OptimizerTensors* known) {
  for (const auto& [group_src, group] : groups) {
    const Value* params = script::DictGetStr(script::Cast<script::DictObject>(group), "params");
    if (params == nullptr || !IsExact(*params, script::Types().list)) continue;
    SourcePtr list_src = Source::Key(group_src, "params");
    const std::vector<Value>& ps = script::Cast<script::ListObject>(*params)->items;
    for (size_t j = 0; j < ps.size(); ++j) {
      SourcePtr p_src = Source::Item(list_src, static_cast<int64_t>(j));
      known->Note(ps[j], p_src);
      if (!script_torch::IsTensorValue(ps[j])) continue;
      Value grad = vm.GetAttr(ps[j], "grad");
      if (grad.is_null()) {
        vm.ClearException();
        continue;
      }
      if (grad.is_none()) {
        known->NoteNoGrad(Source::Attr(p_src, "grad"));
      } else {
        known->Note(grad, Source::Attr(p_src, "grad"));
      }
    }
  }
}

}  // namespace

void Translator::OptimizerAttrRead(const Var& obj, std::string_view name, Var* r) {
  const script::BuiltinTypes& T = script::Types();
  if (name == "state") {
    optimizer_states_[obj.v.as_object()] = *r;
    return;
  }
  if (name != "param_groups" || !IsExact(r->v, T.list)) return;
  // Dynamo's OptimizerCapturableVariable: the trace sees capturable=True,
  // the object keeps its value (guarded as read), and a replay of a group
  // the trace wrote restores it.
  for (const Value& g : script::Cast<script::ListObject>(r->v)->items) {
    if (!IsExact(g, T.dict) || !side_effects_.copies().contains(g.as_object())) continue;
    const Value* capturable = script::DictGetStr(script::Cast<script::DictObject>(g), "capturable");
    if (capturable == nullptr || !capturable->is_bool() || capturable->as_bool()) continue;
    Value key = script::NewStr("capturable");
    if (!vm_.SetItem(g, key, Value::Bool(true))) {
      vm_.ClearException();
      continue;
    }
    side_effects_.Override(g, "capturable", Value::Bool(false));
  }
}

bool Translator::EagerInitGroup(Frame& f, const Value& method, const Var& self,
                                std::vector<Var>& args, const script::TupleObject* kwnames,
                                Var* out, bool* handled) {
  const script::BuiltinTypes& T = script::Types();
  *handled = false;
  if (self.src == nullptr) return true;
  // The real arguments: the objects the stand-ins copy (unwritten ones
  // only), fresh lists for the empty lists the trace made, constants as
  // they are. Anything else: _init_group is inlined like any method.
  const FrameView frame{params_, fn_};
  std::vector<Value> real_args;
  std::vector<std::pair<Value, Value>> lists;  // the trace's list, the real one
  std::vector<std::pair<SourcePtr, Value>> groups;
  for (const Var& a : args) {
    const Value& v = a.v;
    auto copy =
        v.is_object() ? side_effects_.copies().find(v.as_object()) : side_effects_.copies().end();
    if (copy != side_effects_.copies().end()) {
      if (side_effects_.IsMutated(v)) return true;
      Value real = Fetch(vm_, *copy->second, frame);
      if (real.is_null()) return true;
      if (IsExact(real, T.dict)) groups.emplace_back(copy->second, real);
      real_args.push_back(std::move(real));
    } else if (IsExact(v, T.list) && IsNewObject(v.as_object()) &&
               script::Cast<script::ListObject>(v)->items.empty()) {
      Value real = script::NewList({});
      lists.emplace_back(v, real);
      real_args.push_back(std::move(real));
    } else if (!v.is_object() || IsExact(v, T.str)) {
      real_args.push_back(v);
    } else {
      return true;
    }
  }
  *handled = true;
  // Run for real: no op recorded, and .grad (which a trace cannot read)
  // read here as the real call reads it.
  const int32_t nkw = kwnames == nullptr ? 0 : static_cast<int32_t>(kwnames->items.size());
  script_torch::OpTracer* tracer = script_torch::SetOpTracer(previous_tracer_);
  Value result = vm_.Call(
      method,
      script::ArgsView(real_args.data(), static_cast<int32_t>(real_args.size()) - nkw, kwnames));
  OptimizerTensors known;
  if (!result.is_null()) NoteGroupTensors(vm_, groups, &known);
  script_torch::SetOpTracer(tracer);
  if (result.is_null()) return FromException(f);

  // opt.state as it is now (read again by the trace from here on), which
  // guards its keys and makes its tensors graph inputs; guards of an
  // earlier read (before this call added entries) give way.
  Value state = vm_.GetAttr(self.v, "state");
  if (state.is_null()) return FromException(f);
  SourcePtr state_src = Source::Attr(self.src, "state");
  ForgetGuardsUnder(*state_src);
  optimizer_states_[self.v.as_object()] = Wrap(state, state_src);
  for (const SourcePtr& src : known.no_grad()) Wrap(Value::None(), src);
  if (IsDictForKeys(state)) {
    int64_t position = 0;
    for (const auto& e : script::Cast<script::DictObject>(state)->entries) {
      if (e.key.is_null()) continue;
      SourcePtr value_src = Source::DictValueAt(state_src, position++);
      if (!IsExact(e.value, T.dict)) continue;
      for (const auto& s : script::Cast<script::DictObject>(e.value)->entries) {
        if (const std::string* k = script::StrValue(s.key)) {
          known.Note(s.value, Source::Key(value_src, *k));
        }
      }
    }
  }
  for (const auto& [traced, real] : lists) {
    std::vector<Value>& items = script::Cast<script::ListObject>(traced)->items;
    for (const Value& item : script::Cast<script::ListObject>(real)->items) {
      if (script_torch::IsTensorValue(item)) {
        SourcePtr src = known.Find(item);
        if (src == nullptr) {
          return Unsupported(
              f, UnsupportedBreak("a tensor an optimizer's _init_group collected that no source "
                                  "names")
                     .Format());
        }
        items.push_back(Wrap(item, src).v);
      } else if (!item.is_object() || IsExact(item, T.str)) {
        items.push_back(item);
      } else {
        return Unsupported(f,
                           UnsupportedBreak(absl::StrCat("an optimizer's _init_group collected a ",
                                                         std::string(script::TypeName(item))))
                               .Format());
      }
    }
  }
  *out = Var{std::move(result), nullptr};
  return true;
}

}  // namespace tc::frame_capture
