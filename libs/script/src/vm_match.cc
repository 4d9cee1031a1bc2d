// The match statement's runtime (CPython 3.11's MATCH_KEYS, MATCH_CLASS and
// the type flags MATCH_MAPPING / MATCH_SEQUENCE read), with CPython's
// TypeErrors for bad __match_args__ and repeated attributes.
#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

void InitPatternFlags(BuiltinTypes& t) {
  // CPython's _Py_TPFLAGS_MATCH_SELF types: `int(x)` matches the subject.
  for (Type* self : {t.bool_, t.bytearray, t.bytes, t.dict, t.float_, t.frozenset, t.int_, t.list,
                     t.set, t.str, t.tuple}) {
    self->flags |= Type::kMatchSelf;
  }
  for (Type* seq : {t.list, t.tuple, t.range}) seq->flags |= Type::kSequence;
  t.dict->flags |= Type::kMapping;
}

namespace {

// Whether `t` or the first base (along the layout bases) marked with `flag`
// among `mask` carries `flag`: flags pass to subclasses as CPython's
// inherit_special/inherit_patma_flags pass them from tp_base.
bool BaseChainFlag(const Type* t, uint32_t mask, uint32_t flag) {
  for (; t != nullptr; t = t->base) {
    if (t->flags & mask) return (t->flags & flag) != 0;
  }
  return false;
}

// One attribute for a class pattern: null without an exception when the
// subject lacks it (no match).
Value MatchClassAttr(VM& vm, const Value& subject, const Type* type, const Value& name,
                     DictObject* seen) {
  Value dummy;
  int found = DictGet(vm, seen, name, &dummy);
  if (found < 0) return {};
  if (found > 0) {
    std::string repr;
    if (!vm.ReprString(name, &repr)) return {};
    return RaiseTypeError(
        vm, absl::StrFormat("%s() got multiple sub-patterns for attribute %s", type->name, repr));
  }
  if (!DictSet(vm, seen, name, Value::None())) return {};
  return vm.GetAttrOrNull(subject, Intern(*StrValue(name)));
}

}  // namespace

uint32_t PatternCollectionKind(const Type* t) {
  constexpr uint32_t kMask = Type::kMapping | Type::kSequence;
  for (; t != nullptr; t = t->base) {
    if (t->flags & kMask) return t->flags & kMask;
  }
  return 0;
}

Value MatchKeys(VM& vm, const Value& subject, const Value& keys) {
  const std::vector<Value>& ks = static_cast<TupleObject*>(keys.as_object())->items;
  if (ks.empty()) return NewTuple({});
  // subject.get(key, dummy): no KeyError handling, and no __missing__ call
  // (a defaultdict must not grow).
  Value get = vm.GetAttr(subject, "get");
  if (get.is_null()) return {};
  Value seen_v = NewDict();
  auto* seen = static_cast<DictObject*>(seen_v.as_object());
  Value dummy = vm.Call(Value::Borrow(Types().object), {});
  if (dummy.is_null()) return {};
  std::vector<Value> values;
  values.reserve(ks.size());
  for (const Value& key : ks) {
    Value unused;
    int dup = DictGet(vm, seen, key, &unused);
    if (dup < 0) return {};
    if (dup > 0) {
      std::string repr;
      if (!vm.ReprString(key, &repr)) return {};
      return RaiseValueError(vm,
                             absl::StrFormat("mapping pattern checks duplicate key (%s)", repr));
    }
    if (!DictSet(vm, seen, key, Value::None())) return {};
    Value v = vm.Call(get, {key, dummy});
    if (v.is_null()) return {};
    if (v.is_object() && v.as_object() == dummy.as_object()) return Value::None();
    values.push_back(std::move(v));
  }
  return NewTuple(std::move(values));
}

Value MatchClass(VM& vm, const Value& subject, const Value& cls, int nargs, const Value& names) {
  const BuiltinTypes& T = Types();
  if (!IsInstance(cls, T.type)) return RaiseTypeError(vm, "called match pattern must be a type");
  auto* type = static_cast<Type*>(cls.as_object());
  Value isinstance = vm.Call(*DictGetStr(vm.builtins(), "isinstance"), {subject, cls});
  if (isinstance.is_null()) return {};
  int is = vm.Truthy(isinstance);
  if (is < 0) return {};
  if (!is) return Value::None();
  Value seen_v = NewDict();
  auto* seen = static_cast<DictObject*>(seen_v.as_object());
  std::vector<Value> attrs;
  if (nargs > 0) {
    bool match_self = false;
    Value match_args = vm.GetAttrOrNull(cls, Intern("__match_args__"));
    if (vm.HasException()) return {};
    if (match_args.is_null()) {
      // kMatchSelf counts only when the class has no __match_args__.
      match_args = NewTuple({});
      match_self = BaseChainFlag(type, Type::kMatchSelf, Type::kMatchSelf);
    } else if (match_args.type() != T.tuple) {
      return RaiseTypeError(vm, absl::StrFormat("%s.__match_args__ must be a tuple (got %s)",
                                                type->name, TypeName(match_args)));
    }
    const std::vector<Value>& margs = static_cast<TupleObject*>(match_args.as_object())->items;
    int allowed = match_self ? 1 : static_cast<int>(margs.size());
    if (allowed < nargs) {
      return RaiseTypeError(
          vm, absl::StrFormat("%s() accepts %d positional sub-pattern%s (%d given)", type->name,
                              allowed, allowed == 1 ? "" : "s", nargs));
    }
    if (match_self) {
      attrs.push_back(subject);
    } else {
      for (int i = 0; i < nargs; ++i) {
        const Value& name = margs[i];
        if (name.type() != T.str) {
          return RaiseTypeError(
              vm,
              absl::StrFormat("__match_args__ elements must be strings (got %s)", TypeName(name)));
        }
        Value attr = MatchClassAttr(vm, subject, type, name, seen);
        if (attr.is_null()) return vm.HasException() ? Value() : Value::None();
        attrs.push_back(std::move(attr));
      }
    }
  }
  for (const Value& name : static_cast<TupleObject*>(names.as_object())->items) {
    Value attr = MatchClassAttr(vm, subject, type, name, seen);
    if (attr.is_null()) return vm.HasException() ? Value() : Value::None();
    attrs.push_back(std::move(attr));
  }
  return NewTuple(std::move(attrs));
}

}  // namespace tc::script
