// GuardRecords -> guards::GuardSet, and frame values -> guard slots.
#include "guard_eval.h"

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/script/bigint.h"
#include "tc/script/native.h"
#include "tc/script_torch/tensor_value.h"

namespace tc::frame_capture {

using guards::GuardValue;
using script::Value;

namespace {

guards::PyType PyTypeOf(const script::Type* t) { return {t, script::TypeFullName(t)}; }

// A constant record's value as CONSTANT_MATCH takes it. Strings point into
// `v` (or, for an int beyond int64, its decimal digits in `text`), which the
// builder copies from before either dies.
GuardValue ConstantOf(const Value& v, std::string* text) {
  const void* type = v.type();
  if (v.is_none()) return GuardValue::None(type);
  if (v.is_bool()) return GuardValue::Bool(v.as_bool(), type);
  if (v.is_int()) return GuardValue::Int(v.as_int(), type);
  if (script::IsBigInt(v)) {
    *text = script::IntToDecimal(v);
    return GuardValue::Str(*text, type);  // typed int: never equal to a str
  }
  if (v.is_float()) return GuardValue::Float(v.as_float(), type);
  if (const std::string* s = script::StrValue(v)) return GuardValue::Str(*s, type);
  return GuardValue::Object(v.is_object() ? v.as_object() : nullptr, type);
}

guards::GuardSource SourceOf(const Source& s) {
  guards::GuardSource out;
  out.name = s.Name();
  if (s.kind == Source::Kind::kLocal) out.frame_local_index = static_cast<int>(s.index);
  return out;
}

// One value as a slot. `meta` holds a tensor's metadata for the slot, `text`
// a big int's decimal digits (compared as its constant's are).
GuardValue SlotValue(const Value& v, bool length, guards::TensorMeta* meta, std::string* text) {
  if (v.is_null()) return GuardValue::Missing();
  const script::BuiltinTypes& T = script::Types();
  script::Type* type = v.type();
  if (v.is_object()) {
    if (script_torch::IsTensorValue(v)) {
      *meta = guards::MetaOf(script_torch::TensorOfValue(v), script_torch::TensorRequiresGrad(v));
      return GuardValue::Tensor(meta, type);
    }
    if (length && type == T.tuple) {
      return GuardValue::Int(
          static_cast<int64_t>(script::Cast<script::TupleObject>(v)->items.size()), type);
    }
    if (length && type == T.list) {
      return GuardValue::Int(
          static_cast<int64_t>(script::Cast<script::ListObject>(v)->items.size()), type);
    }
    if (type == T.str) return GuardValue::Str(script::Cast<script::StrObject>(v)->value, type);
    if (script::IsBigInt(v)) {
      *text = script::IntToDecimal(v);
      return GuardValue::Str(*text, type);
    }
    return GuardValue::Object(v.as_object(), type);
  }
  if (v.is_none()) return GuardValue::None(type);
  if (v.is_bool()) return GuardValue::Bool(v.as_bool(), type);
  if (v.is_int()) return GuardValue::Int(v.as_int(), type);
  return GuardValue::Float(v.as_float(), type);
}

}  // namespace

absl::StatusOr<EntryGuards> BuildEntryGuards(const std::vector<GuardRecord>& records,
                                             const guards::GlobalState& state) {
  EntryGuards out;
  guards::GuardSetBuilder builder;
  builder.AddGlobalState(state);
  // One slot per source name, so each source is fetched once per check.
  absl::flat_hash_map<std::string, int> slot_of;
  // Sequences: their type record folds into the length guard, as PyTorch's
  // TYPE_MATCH + LENGTH_CHECK pair is one SEQUENCE_LENGTH guard.
  absl::flat_hash_map<std::string, const script::Type*> sequence_type;
  for (const GuardRecord& r : records) {
    if (r.kind == GuardRecord::Kind::kLength) sequence_type[r.source->Name()] = nullptr;
  }
  for (const GuardRecord& r : records) {
    auto it = sequence_type.find(r.source->Name());
    if (it != sequence_type.end() && r.kind == GuardRecord::Kind::kType) {
      it->second = static_cast<const script::Type*>(r.expected.as_object());
    }
  }
  auto slot = [&](const GuardRecord& r) {
    auto [it, added] = slot_of.try_emplace(r.source->Name(), static_cast<int>(out.slots.size()));
    if (added) {
      out.slots.push_back({r.source, sequence_type.contains(r.source->Name())});
    }
    return it->second;
  };
  for (const GuardRecord& r : records) {
    switch (r.kind) {
      case GuardRecord::Kind::kTensor: {
        const guards::TensorMeta meta{r.dtype, r.device, r.sizes, r.strides, r.requires_grad};
        builder.AddTensorMatch(slot(r), SourceOf(*r.source), meta);
        break;
      }
      case GuardRecord::Kind::kEquals: {
        std::string text;
        builder.AddConstantMatch(slot(r), SourceOf(*r.source), ConstantOf(r.expected, &text));
        break;
      }
      case GuardRecord::Kind::kNone:
        builder.AddNoneMatch(slot(r), SourceOf(*r.source));
        break;
      case GuardRecord::Kind::kType:
        if (sequence_type.contains(r.source->Name())) break;  // in the length guard
        builder.AddTypeMatch(slot(r), SourceOf(*r.source),
                             PyTypeOf(static_cast<const script::Type*>(r.expected.as_object())));
        break;
      case GuardRecord::Kind::kId:
        builder.AddIdMatch(slot(r), SourceOf(*r.source), r.expected.as_object(),
                           PyTypeOf(r.expected.type()));
        break;
      case GuardRecord::Kind::kLength: {
        const script::Type* t = sequence_type[r.source->Name()];
        builder.AddSequenceLength(slot(r), SourceOf(*r.source), r.length,
                                  t == nullptr ? guards::PyType{} : PyTypeOf(t));
        break;
      }
    }
  }
  absl::StatusOr<guards::GuardSet> set = builder.Build();
  if (!set.ok()) return set.status();
  out.set = std::make_shared<const guards::GuardSet>(*std::move(set));
  return out;
}

guards::GlobalState CurrentGlobalState() {
  guards::GlobalState state;
  state.grad_mode = script_torch::GradModeEnabled();
  return state;
}

const guards::TypeNamer& ScriptTypeNamer() {
  static const guards::TypeNamer* namer = new guards::TypeNamer(
      [](const void* id) { return script::TypeFullName(static_cast<const script::Type*>(id)); });
  return *namer;
}

std::vector<std::string> FormatGuardLines(const guards::GuardSet& set) {
  std::vector<std::string> lines;
  for (const guards::Guard& g : set.guards()) {
    const std::string& name = g.source.name;
    switch (g.kind) {
      case guards::GuardKind::kGlobalState:
        break;
      case guards::GuardKind::kTensorMatch:
        lines.push_back(absl::StrFormat(
            "%s: TENSOR_MATCH dtype=%s size=[%s] stride=[%s] requires_grad=%s", name,
            tensor::DTypeName(g.tensor.dtype), absl::StrJoin(g.tensor.sizes, ", "),
            absl::StrJoin(g.tensor.strides, ", "), g.tensor.requires_grad ? "True" : "False"));
        break;
      // The translator records Python constants as one kind; the compiler
      // prints them as CONSTANT_MATCH.
      case guards::GuardKind::kBoolMatch:
      case guards::GuardKind::kEqualsMatch:
        lines.push_back(absl::StrCat(name, ": EQUALS_MATCH"));
        break;
      case guards::GuardKind::kSequenceLength:
        if (g.type.id != nullptr) lines.push_back(absl::StrCat(name, ": TYPE_MATCH"));
        lines.push_back(absl::StrCat(name, ": SEQUENCE_LENGTH"));
        break;
      case guards::GuardKind::kNoneMatch:
      case guards::GuardKind::kNotNoneMatch:
      case guards::GuardKind::kTypeMatch:
      case guards::GuardKind::kIdMatch:
        lines.push_back(absl::StrCat(name, ": ", std::string(guards::GuardKindName(g.kind))));
        break;
    }
  }
  return lines;
}

std::span<const GuardValue> SlotReader::Read(script::VM& vm, std::span<const GuardSlot> slots,
                                             const FrameView& frame) {
  values_.clear();
  // Sized before any slot points at a meta or text, so none moves afterwards.
  metas_.resize(slots.size());
  texts_.resize(slots.size());
  slots_.resize(slots.size());
  for (size_t i = 0; i < slots.size(); ++i) {
    const Source& source = *slots[i].source;
    if (source.kind == Source::Kind::kLocal) {  // the frame holds it: no copy
      slots_[i] = SlotValue(frame.params[source.index], slots[i].length, &metas_[i], &texts_[i]);
      continue;
    }
    Value v = Fetch(vm, source, frame);
    slots_[i] = SlotValue(v, slots[i].length, &metas_[i], &texts_[i]);
    // Slots point into the object, not into `v`, so moving it is fine.
    values_.push_back(std::move(v));
  }
  return slots_;
}

void SlotReader::Clear() { values_.clear(); }

bool CheckDistinct(script::VM& vm, const EntryGuards& g, const FrameView& frame,
                   std::string* failure) {
  for (const auto& [a, b] : g.distinct) {
    Value x = Fetch(vm, *a, frame);
    Value y = Fetch(vm, *b, frame);
    if (x.is_object() && y.is_object() && x.as_object() == y.as_object()) {
      if (failure != nullptr) *failure = absl::StrCat(a->Name(), " is not ", b->Name());
      return false;
    }
  }
  // Tensor aliasing as traced: Dynamo's duplicate-input and
  // NO_TENSOR_ALIASING guards.
  const auto& groups = g.tensor_groups;
  if (groups.size() < 2) return true;
  absl::InlinedVector<Value, 8> values;  // no allocation on the hit path
  for (const auto& [source, group] : groups) values.push_back(Fetch(vm, *source, frame));
  for (size_t i = 0; i < groups.size(); ++i) {
    for (size_t j = i + 1; j < groups.size(); ++j) {
      const Value& x = values[i];
      const Value& y = values[j];
      bool ok;
      if (groups[i].second == groups[j].second) {
        ok = x.is_object() && y.is_object() && x.as_object() == y.as_object();
      } else {
        ok = !script_torch::IsTensorValue(x) || !script_torch::IsTensorValue(y) ||
             script_torch::TensorOfValue(x).storage() != script_torch::TensorOfValue(y).storage();
      }
      if (!ok) {
        if (failure != nullptr) {
          *failure = absl::StrCat(groups[i].first->Name(),
                                  groups[i].second == groups[j].second ? " is " : " is not ",
                                  groups[j].first->Name());
        }
        return false;
      }
    }
  }
  return true;
}

}  // namespace tc::frame_capture
