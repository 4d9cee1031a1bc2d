// range objects whose bounds do not fit int64 (`range(1 << 1000)`), as
// CPython's longrangeiterobject: the common int64 range keeps its fast
// fields, and a range built from a big int keeps (start, stop, step) as
// Python ints in RangeObject::big and computes with the VM's int
// arithmetic. len() of one whose length does not fit raises CPython's
// OverflowError; iterating it yields a `longrange_iterator`.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

#include "tc/script/bigint.h"
#include "tc/script/native.h"

#include "native_iter.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

const Value& Part(const RangeObject* r, int i) { return Cast<TupleObject>(r->big)->items[i]; }

// <, ==, ... of two ints: 1, 0 or -1 on error.
int Cmp(VM& vm, CompareOp op, const Value& a, const Value& b) {
  Value r = vm.Compare(op, a, b);
  return r.is_null() ? -1 : vm.Truthy(r);
}

struct LongRangeIterObject : Object {
  explicit LongRangeIterObject(Type* t) : Object(t) {}
  Value cur, step, left;  // next value, step, how many remain
};

Value LongRangeNext(VM& vm, const Value& self) {
  auto* it = Cast<LongRangeIterObject>(self);
  int more = Cmp(vm, CompareOp::kGt, it->left, Value::Int(0));
  if (more <= 0) return {};
  Value out = it->cur;
  Value next = vm.Binary(BinaryOp::kAdd, it->cur, it->step);
  Value left = vm.Binary(BinaryOp::kSub, it->left, Value::Int(1));
  if (next.is_null() || left.is_null()) return {};
  it->cur = std::move(next);
  it->left = std::move(left);
  return out;
}
Value LongRangeLengthHint(VM&, const Value& self, const ArgsView&) {
  return Cast<LongRangeIterObject>(self)->left;
}
Value LongRangeIterNew(VM& vm, const Value&, const ArgsView&) {
  return RaiseTypeError(vm, "cannot create 'longrange_iterator' instances");
}
constexpr MethodDef kLongRangeMethods[] = {{"__length_hint__", LongRangeLengthHint}};

Type* LongRangeIterType() {
  static Type* const kType = NewNativeIterType("longrange_iterator", "builtins", LongRangeIterNew,
                                               NativeIterNext<LongRangeNext>, kLongRangeMethods);
  return kType;
}

}  // namespace

Value MakeRange(VM& vm, const Value& start, const Value& stop, const Value& step) {
  if (!IsBigInt(start) && !IsBigInt(stop) && !IsBigInt(step)) {
    return NewRange(start.as_int(), stop.as_int(), step.as_int());
  }
  auto* r = new RangeObject(Types().range);
  Value out = Value::Adopt(r);
  r->big = NewTuple({start, stop, step});
  (void)vm;
  return out;
}

Value BigRangeAttr(const RangeObject* r, int i) { return Part(r, i); }

// CPython's compute_range_length: 0 when empty, else
// (hi - lo - 1) // |step| + 1.
Value BigRangeLength(VM& vm, const RangeObject* r) {
  Value lo = Part(r, 0), hi = Part(r, 1), step = Part(r, 2);
  int pos = Cmp(vm, CompareOp::kGt, step, Value::Int(0));
  if (pos < 0) return {};
  if (pos == 0) {
    std::swap(lo, hi);
    step = vm.Unary(UnaryOp::kNeg, step);
    if (step.is_null()) return {};
  }
  int empty = Cmp(vm, CompareOp::kGe, lo, hi);
  if (empty != 0) return empty < 0 ? Value() : Value::Int(0);
  Value d = vm.Binary(BinaryOp::kSub, hi, lo);
  if (!d.is_null()) d = vm.Binary(BinaryOp::kSub, d, Value::Int(1));
  if (!d.is_null()) d = vm.Binary(BinaryOp::kFloorDiv, d, step);
  if (!d.is_null()) d = vm.Binary(BinaryOp::kAdd, d, Value::Int(1));
  return d;
}

Value BigRangeIter(VM& vm, const RangeObject* r) {
  Value n = BigRangeLength(vm, r);
  if (n.is_null()) return n;
  auto* it = new LongRangeIterObject(LongRangeIterType());
  Value out = Value::Adopt(it);
  it->cur = Part(r, 0);
  it->step = Part(r, 2);
  it->left = std::move(n);
  return out;
}

Value BigRangeGetItem(VM& vm, const RangeObject* r, const Value& key) {
  Value n = BigRangeLength(vm, r);
  if (n.is_null()) return n;
  const Value &start = Part(r, 0), &step = Part(r, 2);
  if (IsInstance(key, Types().slice)) {
    // slice.indices(len) gives the slice's own start/stop/step in range.
    Value idx = vm.CallMethod(key, "indices", {n});
    if (idx.is_null()) return idx;
    const std::vector<Value>& s = Cast<TupleObject>(idx)->items;
    Value a = vm.Binary(BinaryOp::kMul, s[0], step);
    if (!a.is_null()) a = vm.Binary(BinaryOp::kAdd, start, a);
    Value b = a.is_null() ? Value() : vm.Binary(BinaryOp::kMul, s[1], step);
    if (!b.is_null()) b = vm.Binary(BinaryOp::kAdd, start, b);
    Value c = b.is_null() ? Value() : vm.Binary(BinaryOp::kMul, s[2], step);
    if (c.is_null()) return c;
    return MakeRange(vm, a, b, c);
  }
  if (!key.is_int() && !key.is_bool() && !IsBigInt(key)) {
    return RaiseTypeError(vm, absl::StrCat("range indices must be integers or slices, not ",
                                           std::string(TypeName(key))));
  }
  Value i = key;
  int neg = Cmp(vm, CompareOp::kLt, i, Value::Int(0));
  if (neg < 0) return {};
  if (neg == 1) i = vm.Binary(BinaryOp::kAdd, i, n);
  if (i.is_null()) return i;
  int below = Cmp(vm, CompareOp::kLt, i, Value::Int(0));
  int above = below != 0 ? below : Cmp(vm, CompareOp::kGe, i, n);
  if (above < 0) return {};
  if (above == 1) return RaiseIndexError(vm, "range object index out of range");
  Value off = vm.Binary(BinaryOp::kMul, i, step);
  return off.is_null() ? off : vm.Binary(BinaryOp::kAdd, start, off);
}

int BigRangeContains(VM& vm, const RangeObject* r, const Value& x) {
  if (!x.is_int() && !x.is_bool() && !IsBigInt(x)) return 0;
  const Value &start = Part(r, 0), &stop = Part(r, 1), &step = Part(r, 2);
  int pos = Cmp(vm, CompareOp::kGt, step, Value::Int(0));
  if (pos < 0) return -1;
  int in = pos == 1 ? Cmp(vm, CompareOp::kLe, start, x) : Cmp(vm, CompareOp::kGe, start, x);
  if (in == 1) in = Cmp(vm, pos == 1 ? CompareOp::kLt : CompareOp::kGt, x, stop);
  if (in != 1) return in;
  Value d = vm.Binary(BinaryOp::kSub, x, start);
  if (!d.is_null()) d = vm.Binary(BinaryOp::kMod, d, step);
  if (d.is_null()) return -1;
  return Cmp(vm, CompareOp::kEq, d, Value::Int(0));
}

bool BigRangeRepr(VM& vm, const RangeObject* r, std::string* out) {
  std::string a, b, c;
  if (!vm.ReprString(Part(r, 0), &a) || !vm.ReprString(Part(r, 1), &b)) return false;
  int unit = Cmp(vm, CompareOp::kEq, Part(r, 2), Value::Int(1));
  if (unit < 0) return false;
  if (unit == 1) {
    *out = absl::StrCat("range(", a, ", ", b, ")");
    return true;
  }
  if (!vm.ReprString(Part(r, 2), &c)) return false;
  *out = absl::StrCat("range(", a, ", ", b, ", ", c, ")");
  return true;
}

}  // namespace tc::script
