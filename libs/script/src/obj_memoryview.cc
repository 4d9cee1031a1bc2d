// The builtin memoryview over bytes and bytearray (a one-dimensional view
// of unsigned bytes, format 'B', which is what those buffers export in
// CPython): len, indexing to ints, slicing to views that share the
// buffer, item and slice assignment through a bytearray's view, iteration,
// tobytes/tolist/hex, comparison by content, release() and `with`, and the
// shape attributes. Multi-dimensional views and cast() are not supported.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "obj_bytes.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

struct MemoryViewObject : Object {
  explicit MemoryViewObject(Type* t) : Object(t) {}
  Value obj;  // the bytes or bytearray viewed
  int64_t start = 0, len = 0, step = 1;
  bool released = false;
};
MemoryViewObject* Mv(const Value& v) { return Cast<MemoryViewObject>(v); }

// The view, or null with CPython's ValueError once released.
MemoryViewObject* Live(VM& vm, const Value& self) {
  MemoryViewObject* m = Mv(self);
  if (!m->released) return m;
  RaiseValueError(vm, "operation forbidden on released memoryview object");
  return nullptr;
}
std::string& Data(const MemoryViewObject* m) { return AsBytes(m->obj)->data; }
unsigned char At(const MemoryViewObject* m, int64_t i) {
  return static_cast<unsigned char>(Data(m)[m->start + i * m->step]);
}
std::string Bytes(const MemoryViewObject* m) {
  std::string out;
  out.reserve(m->len);
  for (int64_t i = 0; i < m->len; ++i) out.push_back(static_cast<char>(At(m, i)));
  return out;
}

Value MvNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"object"};
  Value a[1];
  if (!ParseArgs(vm, args, "memoryview", kNames, 1, a)) return {};
  auto* m = new MemoryViewObject(Cast<Type>(cls));
  Value out = Value::Adopt(m);
  if (IsInstance(a[0], MemoryViewType())) {
    MemoryViewObject* src = Live(vm, a[0]);
    if (src == nullptr) return {};
    m->obj = src->obj;
    m->start = src->start;
    m->len = src->len;
    m->step = src->step;
    return out;
  }
  if (BytesValue(a[0]) == nullptr) {
    return RaiseTypeError(
        vm,
        absl::StrFormat("memoryview: a bytes-like object is required, not '%s'", TypeName(a[0])));
  }
  m->obj = a[0];
  m->len = static_cast<int64_t>(AsBytes(a[0])->data.size());
  return out;
}

Value MvLen(VM& vm, const Value& self, const ArgsView&) {
  MemoryViewObject* m = Live(vm, self);
  return m == nullptr ? Value() : Value::Int(m->len);
}

Value MvGetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  MemoryViewObject* m = Live(vm, self);
  if (m == nullptr) return {};
  if (IsInstance(args[0], Types().slice)) {
    int64_t start, stop, step, n;
    if (!SliceIndices(vm, Cast<SliceObject>(args[0]), m->len, &start, &stop, &step, &n)) return {};
    auto* v = new MemoryViewObject(self.type());
    v->obj = m->obj;
    v->start = m->start + start * m->step;
    v->step = m->step * step;
    v->len = n;
    return Value::Adopt(v);
  }
  int64_t i;
  if (!SeqIndex(vm, args[0], m->len, "index", &i)) return {};
  return Value::Int(At(m, i));
}

Value MvSetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setitem__", 2, 2)) return {};
  MemoryViewObject* m = Live(vm, self);
  if (m == nullptr) return {};
  if (!IsByteArray(m->obj)) return RaiseTypeError(vm, "cannot modify read-only memory");
  if (IsInstance(args[0], Types().slice)) {
    int64_t start, stop, step, n;
    if (!SliceIndices(vm, Cast<SliceObject>(args[0]), m->len, &start, &stop, &step, &n)) return {};
    const std::string* src = BytesArg(vm, args[1]);
    if (src == nullptr) return {};
    if (static_cast<int64_t>(src->size()) != n) {
      return RaiseValueError(vm,
                             "memoryview assignment: lvalue and rvalue have different structures");
    }
    std::string copy = *src;  // the source may be this very buffer
    for (int64_t k = 0; k < n; ++k) Data(m)[m->start + (start + k * step) * m->step] = copy[k];
    return Value::None();
  }
  int64_t i;
  if (!SeqIndex(vm, args[0], m->len, "index", &i)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[1], &b, "memoryview: invalid value for format 'B'")) return {};
  Data(m)[m->start + i * m->step] = static_cast<char>(b);
  return Value::None();
}

Value MvIter(VM& vm, const Value& self, const ArgsView&) {
  MemoryViewObject* m = Live(vm, self);
  if (m == nullptr) return {};
  std::vector<Value> items;
  for (int64_t i = 0; i < m->len; ++i) items.push_back(Value::Int(At(m, i)));
  return vm.Iter(NewTuple(std::move(items)));
}

Value MvToBytes(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "tobytes", 0, 0)) return {};
  MemoryViewObject* m = Live(vm, self);
  return m == nullptr ? Value() : NewBytes(Bytes(m));
}
Value MvToList(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "tolist", 0, 0)) return {};
  MemoryViewObject* m = Live(vm, self);
  if (m == nullptr) return {};
  std::vector<Value> items;
  for (int64_t i = 0; i < m->len; ++i) items.push_back(Value::Int(At(m, i)));
  return NewList(std::move(items));
}
Value MvHex(VM& vm, const Value& self, const ArgsView& args) {
  MemoryViewObject* m = Live(vm, self);
  if (m == nullptr) return {};
  return vm.Call(vm.GetAttr(NewBytes(Bytes(m)), "hex"), args);
}
Value MvRelease(VM&, const Value& self, const ArgsView&) {
  Mv(self)->released = true;
  return Value::None();
}
Value MvEnter(VM& vm, const Value& self, const ArgsView&) {
  return Live(vm, self) == nullptr ? Value() : self;
}

// Equal to another view or a bytes-like object with the same bytes.
Value MvEq(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__eq__", 1, 1)) return {};
  const Value& o = args[0];
  if (o.is_object() && o.as_object() == self.as_object()) return Value::Bool(true);
  MemoryViewObject* m = Mv(self);
  std::string other;
  if (IsInstance(o, MemoryViewType())) {
    if (Mv(o)->released || m->released) return Value::Bool(false);
    other = Bytes(Mv(o));
  } else if (const std::string* b = BytesValue(o)) {
    other = *b;
  } else {
    return NotImplementedValue();
  }
  return Value::Bool(!m->released && Bytes(m) == other);
}
Value MvNe(VM& vm, const Value& self, const ArgsView& args) {
  Value eq = MvEq(vm, self, args);
  return eq.is_bool() ? Value::Bool(!eq.as_bool()) : eq;
}
Value MvHash(VM& vm, const Value& self, const ArgsView&) {
  MemoryViewObject* m = Live(vm, self);
  if (m == nullptr) return {};
  if (IsByteArray(m->obj)) return RaiseValueError(vm, "cannot hash writable memoryview object");
  return Value::Int(HashBytes(Bytes(m)));
}
Value MvRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("<%smemory at %p>", Mv(self)->released ? "released " : "",
                                static_cast<void*>(self.as_object())));
}

Value MvObj(VM& vm, const Value& self) {
  MemoryViewObject* m = Live(vm, self);
  return m == nullptr ? Value() : m->obj;
}
Value MvNBytes(VM& vm, const Value& self) { return MvLen(vm, self, {}); }
Value MvReadOnly(VM& vm, const Value& self) {
  MemoryViewObject* m = Live(vm, self);
  return m == nullptr ? Value() : Value::Bool(!IsByteArray(m->obj));
}
Value MvItemSize(VM&, const Value&) { return Value::Int(1); }
Value MvNDim(VM&, const Value&) { return Value::Int(1); }
Value MvFormat(VM&, const Value&) { return NewStr("B"); }
Value MvShape(VM& vm, const Value& self) {
  MemoryViewObject* m = Live(vm, self);
  return m == nullptr ? Value() : NewTuple({Value::Int(m->len)});
}
Value MvStrides(VM& vm, const Value& self) {
  MemoryViewObject* m = Live(vm, self);
  return m == nullptr ? Value() : NewTuple({Value::Int(m->step)});
}
Value MvContiguous(VM& vm, const Value& self) {
  MemoryViewObject* m = Live(vm, self);
  return m == nullptr ? Value() : Value::Bool(m->step == 1 || m->len <= 1);
}
Value MvReleased(VM&, const Value& self) { return Value::Bool(Mv(self)->released); }

constexpr MethodDef kMvMethods[] = {
    {"__new__", MvNew},         {"__len__", MvLen},      {"__getitem__", MvGetItem},
    {"__setitem__", MvSetItem}, {"__iter__", MvIter},    {"__eq__", MvEq},
    {"__ne__", MvNe},           {"__hash__", MvHash},    {"__repr__", MvRepr},
    {"__enter__", MvEnter},     {"__exit__", MvRelease}, {"release", MvRelease},
    {"tobytes", MvToBytes},     {"tolist", MvToList},    {"hex", MvHex}};
constexpr GetSetDef kMvGetSets[] = {{"obj", MvObj},
                                    {"nbytes", MvNBytes},
                                    {"readonly", MvReadOnly},
                                    {"itemsize", MvItemSize},
                                    {"ndim", MvNDim},
                                    {"format", MvFormat},
                                    {"shape", MvShape},
                                    {"strides", MvStrides},
                                    {"contiguous", MvContiguous},
                                    {"c_contiguous", MvContiguous},
                                    {"f_contiguous", MvContiguous},
                                    {"released", MvReleased}};

}  // namespace

bool MemoryViewBytes(const Value& v, std::string* out) {
  if (!IsInstance(v, MemoryViewType()) || Mv(v)->released) return false;
  *out = Bytes(Mv(v));
  return true;
}

Type* MemoryViewType() {
  static Type* const kType = NewNativeType(
      {.name = "memoryview", .module = "builtins", .methods = kMvMethods, .getsets = kMvGetSets});
  return kType;
}

}  // namespace tc::script
