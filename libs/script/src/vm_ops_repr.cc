// repr(), str() and format() of values: builtin values directly, others
// through __repr__, __str__ and __format__.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"
#include "tc/support/py_repr.h"

#include "src/obj_bigint.h"
#include "src/str_helpers.h"
#include "vm_internal.h"
#include "vm_ops_util.h"

namespace tc::script {

using namespace ops;  // NOLINT(build/namespaces): the shared operator helpers

namespace {

// Calls v's __repr__ or __str__ (`method`, named for the error) into
// *out; false when it raised or returned something other than a str.
bool CallStringMethod(VM& vm, const Value& method, const Value& v, const char* name,
                      std::string* out) {
  Value r = vm.CallWithSelf(method, v, ArgsView());
  if (r.is_null()) return false;
  const std::string* s = StrValue(r);
  if (s == nullptr) {
    vm.Raise(Types().type_error,
             absl::StrFormat("%s returned non-string (type %s)", name, TypeName(r)));
    return false;
  }
  *out = *s;
  return true;
}

}  // namespace

Value VM::Repr(const Value& v) {
  std::string s;
  if (!ReprString(v, &s)) return Value();
  return NewStr(std::move(s));
}

Value VM::Ascii(const Value& v) {
  std::string s;
  if (!ReprString(v, &s)) return Value();
  return NewStr(AsciiEscape(s));
}

Value VM::Str(const Value& v) {
  if (IsType(v, T().str)) return v;
  std::string s;
  if (!StrString(v, &s)) return Value();
  return NewStr(std::move(s));
}

std::string SeqRepr(VM& vm, const std::vector<Value>& items, const char* open, const char* close,
                    bool* ok) {
  std::string s = open;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) s += ", ";
    std::string r;
    if (!vm.ReprString(items[i], &r)) {
      *ok = false;
      return "";
    }
    s += r;
  }
  s += close;
  *ok = true;
  return s;
}

bool DictReprString(VM& vm, const DictObject* d, std::string* out) {
  std::string s = "{";
  bool first = true;
  for (size_t i = 0; i < d->entries.size(); ++i) {
    if (d->entries[i].key.is_null()) continue;
    // Copies: a repr may run script code that mutates d.
    Value key = d->entries[i].key;
    Value value = d->entries[i].value;
    if (!first) s += ", ";
    first = false;
    std::string k, val;
    if (!vm.ReprString(key, &k) || !vm.ReprString(value, &val)) return false;
    s += k + ": " + val;
  }
  *out = s + "}";
  return true;
}

bool VM::ReprString(const Value& v, std::string* out) {
  const BuiltinTypes& t = T();
  switch (v.tag()) {
    case Value::Tag::kNone:
    case Value::Tag::kNull:
      *out = "None";
      return true;
    case Value::Tag::kBool:
      *out = v.as_bool() ? "True" : "False";
      return true;
    case Value::Tag::kInt:
      *out = std::to_string(v.as_int());
      return true;
    case Value::Tag::kFloat:
      *out = support::PyFloatRepr(v.as_float());
      return true;
    case Value::Tag::kObject:
      break;
  }
  Object* o = v.as_object();
  Type* ty = o->type;
  if (!RecursionEnter()) return false;
  struct Leave {
    VM* vm;
    ~Leave() { vm->RecursionLeave(); }
  } leave{this};
  bool ok = true;
  if (ty == t.str) {
    *out = support::PyStrRepr(static_cast<StrObject*>(o)->value);
    return true;
  }
  if (ty == t.int_) return IntRepr(*this, v, out);
  if (ty == t.list) {
    *out = SeqRepr(*this, static_cast<ListObject*>(o)->items, "[", "]", &ok);
    return ok;
  }
  if (ty == t.tuple) {
    auto* tu = static_cast<TupleObject*>(o);
    *out = SeqRepr(*this, tu->items, "(", tu->items.size() == 1 ? ",)" : ")", &ok);
    return ok;
  }
  if (ty == t.dict) return DictReprString(*this, static_cast<DictObject*>(o), out);
  if (ty == t.set || ty == t.frozenset) {
    auto* d = static_cast<DictObject*>(o);
    if (d->used == 0) {
      *out = ty == t.set ? "set()" : "frozenset()";
      return true;
    }
    std::vector<Value> keys;
    for (const auto& e : d->entries)
      if (!e.key.is_null()) keys.push_back(e.key);
    *out = SeqRepr(*this, keys, ty == t.set ? "{" : "frozenset({", ty == t.set ? "}" : "})", &ok);
    return ok;
  }
  if (ty == t.dict_keys || ty == t.dict_values || ty == t.dict_items) {
    auto* dv = static_cast<DictViewObject*>(o);
    std::vector<Value> items;
    if (!Extend(&items, v)) return false;
    const char* name = ty == t.dict_keys     ? "dict_keys(["
                       : ty == t.dict_values ? "dict_values(["
                                             : "dict_items([";
    (void)dv;
    *out = SeqRepr(*this, items, name, "])", &ok);
    return ok;
  }
  const Value& r = ty->slot(Slot::kRepr);
  if (!r.is_null()) return CallStringMethod(*this, r, v, "__repr__", out);
  if (IsSubtype(ty, t.tuple)) {
    auto* tu = static_cast<TupleObject*>(o);
    *out = SeqRepr(*this, tu->items, "(", tu->items.size() == 1 ? ",)" : ")", &ok);
    return ok;
  }
  if (IsSubtype(ty, t.list)) {
    *out = SeqRepr(*this, static_cast<ListObject*>(o)->items, "[", "]", &ok);
    return ok;
  }
  if (const DictObject* d = DictTable(v)) return DictReprString(*this, d, out);
  if (IsSubtype(ty, t.type)) {
    *out = absl::StrFormat("<class '%s'>", TypeFullName(static_cast<Type*>(o)));
    return true;
  }
  if (ty == t.function) {
    *out = absl::StrFormat("<function %s at %p>", static_cast<FunctionObject*>(o)->qualname->value,
                           static_cast<void*>(o));
    return true;
  }
  if (ty == t.native_function) {
    auto* nf = static_cast<NativeFunctionObject*>(o);
    if (nf->is_method && !nf->self.is_null()) {
      *out = absl::StrFormat(
          "<built-in method %s of %s object at %p>", nf->name, TypeName(nf->self),
          static_cast<void*>(nf->self.is_object() ? nf->self.as_object() : nullptr));
    } else {
      *out = absl::StrFormat("<built-in function %s>", nf->name);
    }
    return true;
  }
  if (ty == t.method) {
    auto* m = static_cast<MethodObject*>(o);
    std::string sr;
    if (!ReprString(m->self, &sr)) return false;
    std::string qn = m->function.is_object() && m->function.as_object()->type == t.function
                         ? static_cast<FunctionObject*>(m->function.as_object())->qualname->value
                         : "?";
    *out = absl::StrFormat("<bound method %s of %s>", qn, sr);
    return true;
  }
  if (ty == t.module) {
    // CPython's module repr: where a source module came from, "built-in"
    // for native ones.
    const std::string& name = static_cast<ModuleObject*>(o)->name;
    const Value* file = o->dict != nullptr ? DictGetStr(o->dict, "__file__") : nullptr;
    const std::string* path = file != nullptr ? StrValue(*file) : nullptr;
    if (path != nullptr) {
      *out = absl::StrFormat("<module '%s' from '%s'>", name, *path);
    } else if (o->dict != nullptr && DictGetStr(o->dict, "__path__") != nullptr) {
      *out = absl::StrFormat("<module '%s' (namespace)>", name);
    } else {
      *out = absl::StrFormat("<module '%s' (built-in)>", name);
    }
    return true;
  }
  if (ty == t.range) {
    auto* rg = static_cast<RangeObject*>(o);
    if (!rg->big.is_null()) return BigRangeRepr(*this, rg, out);
    *out = rg->step == 1 ? absl::StrFormat("range(%d, %d)", rg->start, rg->stop)
                         : absl::StrFormat("range(%d, %d, %d)", rg->start, rg->stop, rg->step);
    return true;
  }
  if (ty == t.slice) {
    auto* sl = static_cast<SliceObject*>(o);
    std::string a, b, c;
    if (!ReprString(sl->start, &a) || !ReprString(sl->stop, &b) || !ReprString(sl->step, &c)) {
      return false;
    }
    *out = absl::StrFormat("slice(%s, %s, %s)", a, b, c);
    return true;
  }
  if (o == NotImplementedValue().as_object()) {
    *out = "NotImplemented";
    return true;
  }
  if (o == EllipsisValue().as_object()) {
    *out = "Ellipsis";
    return true;
  }
  *out = absl::StrFormat("<%s object at %p>", TypeFullName(ty), static_cast<void*>(o));
  return true;
}

bool VM::StrString(const Value& v, std::string* out) {
  const BuiltinTypes& t = T();
  if (v.is_object()) {
    Object* o = v.as_object();
    Type* ty = o->type;
    if (ty == t.str) {
      *out = static_cast<StrObject*>(o)->value;
      return true;
    }
    const Value& s = ty->slot(Slot::kStr);
    if (!s.is_null()) return CallStringMethod(*this, s, v, "__str__", out);
    if (ty->has_flag(Type::kExceptionType)) {
      *out = ExceptionMessage(*this, v);
      return !HasException();
    }
  }
  return ReprString(v, out);
}

Value VM::Format(const Value& v, std::string_view spec) {
  Type* ty = v.type();
  const BuiltinTypes& t = T();
  if (v.is_object() && ty != t.str && !ty->slot(Slot::kFormat).is_null()) {
    Value sv = NewStr(std::string(spec));
    return CallWithSelf(ty->slot(Slot::kFormat), v, ArgsView(&sv, 1));
  }
  if (spec.empty()) return Str(v);
  std::string out;
  if (!FormatBuiltin(*this, v, spec, &out)) return Value();
  return NewStr(std::move(out));
}
}  // namespace tc::script
