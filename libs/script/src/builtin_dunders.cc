// The special methods of the builtin types as attributes (`int.__add__`,
// `(5).__add__`, `frozenset(x).__contains__`, `object.__eq__`, ...), as
// CPython's slot wrappers expose them: scripts and CPython's own modules
// call them bound and unbound (keyword.py: `iskeyword =
// frozenset(kwlist).__contains__`), and subclasses reach them through
// super().
//
// The VM implements these types' operators natively and never calls these
// methods for them: UpdateSlots skips them (IsBuiltinDunder), so a type's
// slot stays empty unless a class statement defines the method.
#include <cmath>
#include <span>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "vm_internal.h"
#include "vm_ops_util.h"

namespace tc::script {
namespace {

// What a special method does with its arguments.
enum class Kind : uint8_t {
  kBinary,     // self op other
  kReflected,  // other op self
  kInplace,    // self op= other (list, set)
  kCompare,    // rich comparison
  kUnary,
  kDivmod,
  kRDivmod,
  kPow,   // pow(self, other[, mod])
  kRPow,  // pow(other, self)
  kLen,
  kContains,
  kGetItem,
  kSetItem,
  kDelItem,
  kIter,
  kReversed,
  kHash,
  kRepr,
  kStr,
  kFormat,
  kBool,
  kInt,
  kFloat,
  kIndex,
  kRound,
  kFloor,
  kCeil,
  kObjectEq,
  kObjectNe,
  kObjectOrder,  // object's <, <=, >, >=: always NotImplemented
  kObjectHash,
  kObjectRepr,
  kObjectFormat,
  kObjectGetAttribute,
  kDescrGet,     // function/property/staticmethod/classmethod.__get__(obj, type=None)
  kDescrSet,     // property.__set__(obj, value)
  kDescrDelete,  // property.__delete__(obj)
};

// Which right operands a binary method or comparison computes with; any
// other gets NotImplemented, so the other operand's method runs, as with
// CPython's number and richcompare slots.
enum class Accept : uint8_t {
  kAny,      // the native operator decides (and raises)
  kInt,      // int or bool
  kNumber,   // int, bool or float
  kSame,     // an instance of the method's own type
  kSetLike,  // set or frozenset
};

struct Def {
  const char* name;
  Kind kind;
  int op = 0;  // BinaryOp, CompareOp or UnaryOp, by kind
  Accept accept = Accept::kAny;
};

constexpr int B(BinaryOp op) { return static_cast<int>(op); }
constexpr int C(CompareOp op) { return static_cast<int>(op); }
constexpr int U(UnaryOp op) { return static_cast<int>(op); }

constexpr Def Fwd(const char* name, BinaryOp op, Accept a) {
  return {name, Kind::kBinary, B(op), a};
}
constexpr Def Rev(const char* name, BinaryOp op, Accept a) {
  return {name, Kind::kReflected, B(op), a};
}
constexpr Def Cmp(const char* name, CompareOp op, Accept a) {
  return {name, Kind::kCompare, C(op), a};
}
constexpr Def Un(const char* name, UnaryOp op) { return {name, Kind::kUnary, U(op)}; }
constexpr Def Do(const char* name, Kind kind) { return {name, kind}; }

#define TC_COMPARISONS(a)                                                 \
  Cmp("__eq__", CompareOp::kEq, a), Cmp("__ne__", CompareOp::kNe, a),     \
      Cmp("__lt__", CompareOp::kLt, a), Cmp("__le__", CompareOp::kLe, a), \
      Cmp("__gt__", CompareOp::kGt, a), Cmp("__ge__", CompareOp::kGe, a)
#define TC_ARITH(fwd, rev, op, a) Fwd(fwd, BinaryOp::op, a), Rev(rev, BinaryOp::op, a)
#define TC_NUMBER_ARITH(a)                                                                         \
  TC_ARITH("__add__", "__radd__", kAdd, a), TC_ARITH("__sub__", "__rsub__", kSub, a),              \
      TC_ARITH("__mul__", "__rmul__", kMul, a),                                                    \
      TC_ARITH("__truediv__", "__rtruediv__", kTrueDiv, a),                                        \
      TC_ARITH("__floordiv__", "__rfloordiv__", kFloorDiv, a),                                     \
      TC_ARITH("__mod__", "__rmod__", kMod, a), Def{"__pow__", Kind::kPow, 0, a},                  \
      Def{"__rpow__", Kind::kRPow, 0, a}, Def{"__divmod__", Kind::kDivmod, 0, a},                  \
      Def{"__rdivmod__", Kind::kRDivmod, 0, a}, Un("__neg__", UnaryOp::kNeg),                      \
      Un("__pos__", UnaryOp::kPos), Do("__abs__", Kind::kUnary), Do("__bool__", Kind::kBool),      \
      Do("__int__", Kind::kInt), Do("__float__", Kind::kFloat), Do("__hash__", Kind::kHash),       \
      Do("__repr__", Kind::kRepr), Do("__format__", Kind::kFormat), Do("__round__", Kind::kRound), \
      Do("__trunc__", Kind::kInt), Do("__floor__", Kind::kFloor), Do("__ceil__", Kind::kCeil),     \
      TC_COMPARISONS(a)
#define TC_BITS(a)                                                                 \
  TC_ARITH("__and__", "__rand__", kAnd, a), TC_ARITH("__or__", "__ror__", kOr, a), \
      TC_ARITH("__xor__", "__rxor__", kXor, a)

constexpr Def kIntDefs[] = {TC_NUMBER_ARITH(Accept::kInt),
                            TC_BITS(Accept::kInt),
                            TC_ARITH("__lshift__", "__rlshift__", kLShift, Accept::kInt),
                            TC_ARITH("__rshift__", "__rrshift__", kRShift, Accept::kInt),
                            Un("__invert__", UnaryOp::kInvert),
                            Do("__index__", Kind::kIndex)};
constexpr Def kBoolDefs[] = {TC_BITS(Accept::kInt), Do("__repr__", Kind::kRepr)};
constexpr Def kFloatDefs[] = {TC_NUMBER_ARITH(Accept::kNumber)};

// str and bytes: concatenation and repetition raise on a wrong operand, as
// CPython's sequence slots do; `%` is a number slot.
#define TC_SEQUENCE(a)                                                                        \
  Fwd("__add__", BinaryOp::kAdd, Accept::kAny), Fwd("__mul__", BinaryOp::kMul, Accept::kAny), \
      Rev("__rmul__", BinaryOp::kMul, Accept::kAny), Do("__len__", Kind::kLen),               \
      Do("__contains__", Kind::kContains), Do("__getitem__", Kind::kGetItem),                 \
      Do("__iter__", Kind::kIter), Do("__repr__", Kind::kRepr), TC_COMPARISONS(a)
constexpr Def kStrDefs[] = {TC_SEQUENCE(Accept::kSame),
                            Fwd("__mod__", BinaryOp::kMod, Accept::kAny),
                            Rev("__rmod__", BinaryOp::kMod, Accept::kSame),
                            Do("__str__", Kind::kStr),
                            Do("__hash__", Kind::kHash),
                            Do("__format__", Kind::kFormat)};
constexpr Def kBytesDefs[] = {
    TC_SEQUENCE(Accept::kSame), Fwd("__mod__", BinaryOp::kMod, Accept::kAny),
    Rev("__rmod__", BinaryOp::kMod, Accept::kSame), Do("__hash__", Kind::kHash)};
constexpr Def kTupleDefs[] = {TC_SEQUENCE(Accept::kSame), Do("__hash__", Kind::kHash)};
constexpr Def kListDefs[] = {TC_SEQUENCE(Accept::kSame),
                             Do("__setitem__", Kind::kSetItem),
                             Do("__delitem__", Kind::kDelItem),
                             Do("__reversed__", Kind::kReversed),
                             {"__iadd__", Kind::kInplace, B(BinaryOp::kAdd)},
                             {"__imul__", Kind::kInplace, B(BinaryOp::kMul)}};
constexpr Def kDictDefs[] = {Fwd("__or__", BinaryOp::kOr, Accept::kSame),
                             Rev("__ror__", BinaryOp::kOr, Accept::kSame),
                             {"__ior__", Kind::kInplace, B(BinaryOp::kOr), Accept::kSetLike},
                             Do("__reversed__", Kind::kReversed)};
constexpr Def kDictViewDefs[] = {Do("__len__", Kind::kLen), Do("__iter__", Kind::kIter),
                                 Do("__contains__", Kind::kContains),
                                 Do("__reversed__", Kind::kReversed)};
#define TC_SET(a)                                                                  \
  TC_BITS(a), TC_ARITH("__sub__", "__rsub__", kSub, a), Do("__len__", Kind::kLen), \
      Do("__contains__", Kind::kContains), Do("__iter__", Kind::kIter),            \
      Do("__repr__", Kind::kRepr), TC_COMPARISONS(a)
constexpr Def kSetDefs[] = {TC_SET(Accept::kSetLike),
                            {"__iand__", Kind::kInplace, B(BinaryOp::kAnd), Accept::kSetLike},
                            {"__ior__", Kind::kInplace, B(BinaryOp::kOr), Accept::kSetLike},
                            {"__ixor__", Kind::kInplace, B(BinaryOp::kXor), Accept::kSetLike},
                            {"__isub__", Kind::kInplace, B(BinaryOp::kSub), Accept::kSetLike}};
constexpr Def kFrozenSetDefs[] = {TC_SET(Accept::kSetLike), Do("__hash__", Kind::kHash)};
constexpr Def kObjectDefs[] = {Do("__eq__", Kind::kObjectEq),
                               Do("__ne__", Kind::kObjectNe),
                               Do("__lt__", Kind::kObjectOrder),
                               Do("__le__", Kind::kObjectOrder),
                               Do("__gt__", Kind::kObjectOrder),
                               Do("__ge__", Kind::kObjectOrder),
                               Do("__hash__", Kind::kObjectHash),
                               Do("__repr__", Kind::kObjectRepr),
                               Do("__str__", Kind::kStr),
                               Do("__format__", Kind::kObjectFormat),
                               Do("__getattribute__", Kind::kObjectGetAttribute)};

// Descriptors answer hasattr(x, '__get__') as CPython's do (enum.py's
// _is_descriptor tells members from methods and properties by it).
constexpr Def kDescrGetDefs[] = {Do("__get__", Kind::kDescrGet)};
constexpr Def kPropertyDefs[] = {Do("__get__", Kind::kDescrGet), Do("__set__", Kind::kDescrSet),
                                 Do("__delete__", Kind::kDescrDelete)};

#undef TC_COMPARISONS
#undef TC_ARITH
#undef TC_NUMBER_ARITH
#undef TC_BITS
#undef TC_SEQUENCE
#undef TC_SET

// One installed method: its definition and the type it belongs to.
struct Installed {
  const Def* def;
  Type* owner;
};

// Views a list/set/dict subclass instance as its builtin base while a
// native operator runs, so the operator takes its native path instead of
// the subclass's override (which may be the very method calling us through
// super()). The layouts are the base's; only `type` changes, and back.
class AsBase {
 public:
  AsBase(const Value& v, Type* base)
      : o_(v.is_object() && v.type() != base && (base->flags & Type::kHeapType) == 0 &&
                   (v.type()->flags & Type::kHeapType) != 0
               ? v.as_object()
               : nullptr) {
    if (o_ != nullptr) {
      saved_ = o_->type;
      o_->type = base;
    }
  }
  ~AsBase() {
    if (o_ != nullptr) o_->type = saved_;
  }
  AsBase(const AsBase&) = delete;
  AsBase& operator=(const AsBase&) = delete;

 private:
  Object* o_;
  Type* saved_ = nullptr;
};

bool Accepts(const Installed& m, const Value& other) {
  const BuiltinTypes& T = Types();
  switch (m.def->accept) {
    case Accept::kAny:
      return true;
    case Accept::kInt:
      return IsInstance(other, T.int_);
    case Accept::kNumber:
      return IsInstance(other, T.int_) || IsInstance(other, T.float_);
    case Accept::kSame:
      return IsInstance(other, m.owner);
    case Accept::kSetLike:
      return IsInstance(other, T.set) || IsInstance(other, T.frozenset);
  }
  return false;
}

Value CallBuiltin(VM& vm, const char* name, std::initializer_list<Value> args) {
  const Value* fn = DictGetStr(vm.builtins(), name);
  if (fn == nullptr) return RaiseRuntimeError(vm, absl::StrCat("builtin ", name, " missing"));
  return vm.Call(*fn, args);
}

Value ObjectRepr(VM& vm, const Value& self) {
  if (!self.is_object()) return vm.Repr(self);
  return NewStr(absl::StrFormat("<%s object at %p>", TypeFullName(self.type()),
                                static_cast<void*>(self.as_object())));
}

// object.__format__(spec): str(self) for an empty spec, else CPython's error.
Value ObjectFormat(VM& vm, const Value& self, const Value& other) {
  const std::string* spec = StrValue(other);
  if (spec == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("__format__() argument must be str, not %s", TypeName(other)));
  }
  if (!spec->empty()) {
    return RaiseTypeError(vm, absl::StrFormat("unsupported format string passed to %s.__format__",
                                              self.type()->name));
  }
  return vm.Str(self);
}

// The argument count of a special method of kind d.kind, with CPython's
// errors (wrapper descriptors take no keywords).
bool CheckArity(VM& vm, const Def& d, const ArgsView& args) {
  int min = 0, max = 0;
  switch (d.kind) {
    case Kind::kBinary:
    case Kind::kReflected:
    case Kind::kInplace:
    case Kind::kCompare:
    case Kind::kDivmod:
    case Kind::kRDivmod:
    case Kind::kRPow:
    case Kind::kContains:
    case Kind::kGetItem:
    case Kind::kDelItem:
    case Kind::kFormat:
    case Kind::kObjectEq:
    case Kind::kObjectNe:
    case Kind::kObjectOrder:
    case Kind::kObjectFormat:
    case Kind::kObjectGetAttribute:
      min = max = 1;
      break;
    case Kind::kPow:
      min = 1;
      max = 2;
      break;
    case Kind::kSetItem:
    case Kind::kDescrSet:
      min = max = 2;
      break;
    case Kind::kDescrGet:
      min = 1;
      max = 2;
      break;
    case Kind::kDescrDelete:
      min = max = 1;
      break;
    case Kind::kRound:
      max = 1;
      break;
    default:
      break;
  }
  if (args.nkw() != 0) {
    RaiseTypeError(vm, absl::StrFormat("%s() takes no keyword arguments", d.name));
    return false;
  }
  if (args.nargs < min || args.nargs > max) {
    if (min == max) {
      RaiseTypeError(vm, absl::StrFormat("expected %d argument%s, got %d", min, min == 1 ? "" : "s",
                                         args.nargs));
      return false;
    }
    RaiseTypeError(vm,
                   absl::StrFormat("expected %d to %d arguments, got %d", min, max, args.nargs));
    return false;
  }
  return true;
}

// __get__, __set__ and __delete__ of the builtin descriptors, as the
// attribute machinery applies them.
Value DescriptorMethod(VM& vm, Kind kind, const Value& self, const ArgsView& args) {
  const BuiltinTypes& T = Types();
  const Value& obj = args[0];
  if (kind == Kind::kDescrGet) {
    const Value& owner = args.nargs > 1 ? args[1] : Value::None();
    if (obj.is_none()) {
      // Through the class: a classmethod binds to it, the others are themselves.
      if (IsInstance(self, T.classmethod) && IsInstance(owner, T.type)) {
        return vm.Descr(self, owner, Cast<Type>(owner));
      }
      return self;
    }
    return vm.Descr(self, obj, IsInstance(owner, T.type) ? Cast<Type>(owner) : obj.type());
  }
  auto* p = Cast<PropertyObject>(self);
  const Value& fn = kind == Kind::kDescrSet ? p->fset : p->fdel;
  if (fn.is_null() || fn.is_none()) {
    return RaiseAttributeError(
        vm, kind == Kind::kDescrSet ? "can't set attribute" : "can't delete attribute");
  }
  Value r = kind == Kind::kDescrSet ? vm.Call(fn, {obj, args[1]}) : vm.Call(fn, {obj});
  if (r.is_null()) return r;
  return Value::None();
}

// Calls one special method: `self` is an instance of m.owner (the call
// machinery checked that), `args` the remaining arguments.
Value Dunder(VM& vm, const Value& self, const ArgsView& args, const Value& data) {
  const Installed& m = *reinterpret_cast<const Installed*>(data.as_int());
  const Def& d = *m.def;
  if (!CheckArity(vm, d, args)) return {};
  AsBase view(self, m.owner);
  // int's and float's operators compute with the value a subclass
  // instance boxes (CallNative unboxed self).
  const Value& other = args.nargs == 0                       ? Value::Null()
                       : m.owner->has_flag(Type::kValueBase) ? Unbox(args[0])
                                                             : args[0];
  switch (d.kind) {
    case Kind::kBinary:
    case Kind::kReflected: {
      if (!Accepts(m, other)) return NotImplementedValue();
      AsBase other_view(other, m.owner);
      auto op = static_cast<BinaryOp>(d.op);
      return d.kind == Kind::kBinary ? vm.Binary(op, self, other) : vm.Binary(op, other, self);
    }
    case Kind::kInplace: {
      if (!Accepts(m, other)) return NotImplementedValue();
      Value r = vm.Inplace(static_cast<BinaryOp>(d.op), self, other);
      if (r.is_null() || !r.is_object() || r.as_object() == self.as_object()) return r;
      // The VM computes some in-place operators (list *=) as new values;
      // the method changes self, as CPython's does.
      if (IsInstance(self, Types().list) && IsInstance(r, Types().list)) {
        Cast<ListObject>(self)->items = Cast<ListObject>(r)->items;
        return self;
      }
      return r;
    }
    case Kind::kCompare: {
      if (!Accepts(m, other)) return NotImplementedValue();
      AsBase other_view(other, m.owner);
      return vm.Compare(static_cast<CompareOp>(d.op), self, other);
    }
    case Kind::kUnary:
      if (std::string_view(d.name) == "__abs__") return CallBuiltin(vm, "abs", {self});
      return vm.Unary(static_cast<UnaryOp>(d.op), self);
    case Kind::kDivmod:
    case Kind::kRDivmod:
      if (!Accepts(m, other)) return NotImplementedValue();
      return d.kind == Kind::kDivmod ? CallBuiltin(vm, "divmod", {self, other})
                                     : CallBuiltin(vm, "divmod", {other, self});
    case Kind::kPow:
      if (!Accepts(m, other)) return NotImplementedValue();
      if (args.nargs == 2 && !args[1].is_none())
        return CallBuiltin(vm, "pow", {self, other, args[1]});
      return vm.Binary(BinaryOp::kPow, self, other);
    case Kind::kRPow:
      if (!Accepts(m, other)) return NotImplementedValue();
      return vm.Binary(BinaryOp::kPow, other, self);
    case Kind::kLen:
      return vm.Len(self);
    case Kind::kContains: {
      int r = vm.Contains(self, other);
      if (r < 0) return {};
      return Value::Bool(r != 0);
    }
    case Kind::kGetItem:
      return vm.GetItem(self, other);
    case Kind::kSetItem:
      if (!vm.SetItem(self, args[0], args[1])) return {};
      return Value::None();
    case Kind::kDelItem:
      if (!vm.DelItem(self, other)) return {};
      return Value::None();
    case Kind::kIter:
      return vm.Iter(self);
    case Kind::kReversed:
      return CallBuiltin(vm, "reversed", {self});
    case Kind::kHash: {
      int64_t h;
      if (!vm.Hash(self, &h)) return {};
      return Value::Int(h);
    }
    case Kind::kRepr:
      return vm.Repr(self);
    case Kind::kStr:
      return vm.Str(self);
    case Kind::kFormat: {
      const std::string* spec = StrValue(other);
      if (spec == nullptr) {
        return RaiseTypeError(
            vm, absl::StrFormat("%s() argument must be str, not %s", d.name, TypeName(other)));
      }
      return vm.Format(self, *spec);
    }
    case Kind::kBool: {
      int t = vm.Truthy(self);
      if (t < 0) return {};
      return Value::Bool(t != 0);
    }
    case Kind::kInt:
      return CallBuiltin(vm, "int", {self});
    case Kind::kFloat:
      return CallBuiltin(vm, "float", {self});
    case Kind::kIndex:
      return self.is_bool() ? Value::Int(self.as_int()) : self;
    case Kind::kRound:
      if (args.nargs == 0) return CallBuiltin(vm, "round", {self});
      return CallBuiltin(vm, "round", {self, args[0]});
    case Kind::kFloor:
    case Kind::kCeil:
      if (self.is_float()) {
        double x = self.as_float();
        return CallBuiltin(vm, "int",
                           {Value::Float(d.kind == Kind::kFloor ? std::floor(x) : std::ceil(x))});
      }
      return CallBuiltin(vm, "int", {self});
    case Kind::kObjectEq:
      // Identity, as `is` decides it; else the other side decides.
      if (self.tag() == other.tag() && self.raw() == other.raw()) return Value::Bool(true);
      return NotImplementedValue();
    case Kind::kObjectNe: {
      // As CPython: the inverse of the class's own __eq__, unless that
      // returns NotImplemented.
      Value eq = vm.CallMethod(self, "__eq__", {other});
      if (eq.is_null() || ops::IsNotImplemented(eq)) return eq;
      int t = vm.Truthy(eq);
      if (t < 0) return {};
      return Value::Bool(t == 0);
    }
    case Kind::kObjectOrder:
      return NotImplementedValue();
    case Kind::kObjectHash: {
      if (self.is_object()) {
        return Value::Int(static_cast<int64_t>(reinterpret_cast<uintptr_t>(self.as_object()) >> 4));
      }
      int64_t h;
      if (!vm.Hash(self, &h)) return {};
      return Value::Int(h);
    }
    case Kind::kObjectRepr:
      return ObjectRepr(vm, self);
    case Kind::kObjectGetAttribute: {
      if (StrValue(other) == nullptr) {
        return RaiseTypeError(
            vm, absl::StrFormat("attribute name must be string, not '%s'", TypeName(other)));
      }
      return vm.GetAttr(self, Cast<StrObject>(other));
    }
    case Kind::kObjectFormat:
      return ObjectFormat(vm, self, other);
    case Kind::kDescrGet:
    case Kind::kDescrSet:
    case Kind::kDescrDelete:
      return DescriptorMethod(vm, d.kind, self, args);
  }
  return RaiseRuntimeError(vm, absl::StrCat("bad special method ", m.owner->name, ".", d.name));
}

void Install(Type* t, std::span<const Def> defs) {
  for (const Def& d : defs) {
    // A type's own native method of that name (bytes.__eq__, dict.__len__,
    // deque's) stays.
    if (t->dict != nullptr && DictGetStr(t->dict, d.name) != nullptr) continue;
    auto* m = new Installed{&d, t};  // immortal, like the types
    TypeSet(t, d.name,
            NewNativeDataMethod(t, d.name, Dunder,
                                Value::Int(static_cast<int64_t>(reinterpret_cast<intptr_t>(m)))));
  }
  UpdateSlots(t);
}

}  // namespace

bool IsBuiltinDunder(const Value& v) {
  if (!v.is_object()) return false;
  const Object* o = v.as_object();
  if (o->type == Types().staticmethod) {  // object.__new__
    const Value& fn = static_cast<const StaticMethodObject*>(o)->function;
    return fn.is_object() && fn.as_object()->type == Types().native_function &&
           static_cast<const NativeFunctionObject*>(fn.as_object())->fn == ObjectNew;
  }
  if (o->type != Types().native_function) return false;
  return static_cast<const NativeFunctionObject*>(o)->data_fn == Dunder;
}

void InstallBuiltinDunders() {
  static bool done = false;
  if (done) return;
  done = true;
  const BuiltinTypes& T = Types();
  Install(T.object, kObjectDefs);
  auto* object_new = new StaticMethodObject(T.staticmethod);
  object_new->function = NewNativeFunction("__new__", ObjectNew, Value::None(), "object.__new__");
  TypeSet(T.object, "__new__", Value::Adopt(object_new));
  UpdateSlots(T.object);
  Install(T.int_, kIntDefs);
  Install(T.bool_, kBoolDefs);
  Install(T.float_, kFloatDefs);
  Install(T.str, kStrDefs);
  Install(T.bytes, kBytesDefs);
  Install(T.tuple, kTupleDefs);
  Install(T.list, kListDefs);
  Install(T.dict, kDictDefs);
  Install(T.set, kSetDefs);
  Install(T.frozenset, kFrozenSetDefs);
  for (Type* t : {T.dict_keys, T.dict_values, T.dict_items}) Install(t, kDictViewDefs);
  for (Type* t : {T.function, T.staticmethod, T.classmethod}) Install(t, kDescrGetDefs);
  Install(T.property, kPropertyDefs);
  // Mutable containers are unhashable: their __hash__ is None, as in CPython;
  // so are the set-like dict views, which compare by content.
  for (Type* t : {T.list, T.dict, T.set, T.dict_keys, T.dict_items}) {
    if (DictGetStr(t->dict, "__hash__") == nullptr) TypeSet(t, "__hash__", Value::None());
  }
  // bytearray shares bytes' methods, __hash__ among them (VM::Hash rejects
  // it by type first).
  TypeSet(T.bytearray, "__hash__", Value::None());
}

}  // namespace tc::script
