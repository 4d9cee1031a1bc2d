// bytearray's mutation: item and slice assignment and deletion, append,
// extend, insert, pop, remove, clear, reverse, copy (CPython 3.11's
// behaviour and error texts).
#include <algorithm>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/obj_bytes.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value ByteArraySetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setitem__", 2, 2)) return {};
  std::string& d = AsBytes(self)->data;
  if (IsInstance(args[0], Types().slice)) {
    std::string src;
    if (args[1].is_int()) {
      return RaiseTypeError(vm,
                            "can assign only bytes, buffers, or iterables of ints in range(0, "
                            "256)");
    }
    if (!BytesFromSource(vm, args[1], &src)) return {};
    int64_t start, stop, step, n;
    if (!SliceIndices(vm, Cast<SliceObject>(args[0]), static_cast<int64_t>(d.size()), &start, &stop,
                      &step, &n)) {
      return {};
    }
    if (step == 1) {
      d.replace(static_cast<size_t>(start), static_cast<size_t>(n), src);
      return Value::None();
    }
    if (static_cast<int64_t>(src.size()) != n) {
      return RaiseValueError(vm, absl::StrFormat("attempt to assign bytes of size %d to extended "
                                                 "slice of size %d",
                                                 src.size(), n));
    }
    for (int64_t i = 0, j = start; i < n; ++i, j += step) d[static_cast<size_t>(j)] = src[i];
    return Value::None();
  }
  int64_t i;
  if (!ByteIndex(vm, self, args[0], static_cast<int64_t>(d.size()), &i)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[1], &b, "byte must be in range(0, 256)")) return {};
  d[static_cast<size_t>(i)] = static_cast<char>(b);
  return Value::None();
}
Value ByteArrayDelItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__delitem__", 1, 1)) return {};
  std::string& d = AsBytes(self)->data;
  if (IsInstance(args[0], Types().slice)) {
    int64_t start, stop, step, n;
    if (!SliceIndices(vm, Cast<SliceObject>(args[0]), static_cast<int64_t>(d.size()), &start, &stop,
                      &step, &n)) {
      return {};
    }
    std::vector<bool> drop(d.size(), false);
    for (int64_t i = 0, j = start; i < n; ++i, j += step) drop[static_cast<size_t>(j)] = true;
    std::string keep;
    for (size_t i = 0; i < d.size(); ++i)
      if (!drop[i]) keep += d[i];
    d = std::move(keep);
    return Value::None();
  }
  int64_t i;
  if (!ByteIndex(vm, self, args[0], static_cast<int64_t>(d.size()), &i)) return {};
  d.erase(static_cast<size_t>(i), 1);
  return Value::None();
}
Value ByteArrayAppend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "append", 1, 1)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[0], &b, "byte must be in range(0, 256)")) return {};
  AsBytes(self)->data.push_back(static_cast<char>(b));
  return Value::None();
}
Value ByteArrayExtend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "extend", 1, 1)) return {};
  if (StrValue(args[0]) != nullptr) {
    return RaiseTypeError(vm, "expected iterable of integers; got: 'str'");
  }
  std::string src;
  if (!BytesFromSource(vm, args[0], &src)) return {};
  AsBytes(self)->data += src;
  return Value::None();
}
Value ByteArrayInsert(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "insert", 2, 2)) return {};
  int64_t i;
  if (!ToInt(vm, args[0], &i)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[1], &b, "byte must be in range(0, 256)")) return {};
  std::string& d = AsBytes(self)->data;
  int64_t n = static_cast<int64_t>(d.size());
  if (i < 0) i = std::max<int64_t>(0, i + n);
  if (i > n) i = n;
  d.insert(d.begin() + i, static_cast<char>(b));
  return Value::None();
}
Value ByteArrayPop(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "pop", 0, 1)) return {};
  std::string& d = AsBytes(self)->data;
  if (d.empty()) return RaiseIndexError(vm, "pop from empty bytearray");
  int64_t i = -1;
  if (args.nargs == 1 && !ToInt(vm, args[0], &i)) return {};
  int64_t n = static_cast<int64_t>(d.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) return RaiseIndexError(vm, "pop index out of range");
  unsigned char c = static_cast<unsigned char>(d[static_cast<size_t>(i)]);
  d.erase(static_cast<size_t>(i), 1);
  return Value::Int(c);
}
Value ByteArrayRemove(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "remove", 1, 1)) return {};
  unsigned char b;
  if (!ByteOf(vm, args[0], &b, "byte must be in range(0, 256)")) return {};
  std::string& d = AsBytes(self)->data;
  size_t p = d.find(static_cast<char>(b));
  if (p == std::string::npos) return RaiseValueError(vm, "value not found in bytearray");
  d.erase(p, 1);
  return Value::None();
}
Value ByteArrayClear(VM&, const Value& self, const ArgsView&) {
  AsBytes(self)->data.clear();
  return Value::None();
}
Value ByteArrayReverse(VM&, const Value& self, const ArgsView&) {
  std::reverse(AsBytes(self)->data.begin(), AsBytes(self)->data.end());
  return Value::None();
}
Value ByteArrayCopy(VM&, const Value& self, const ArgsView&) {
  return NewByteArray(AsBytes(self)->data);
}

constexpr MethodDef kMutationMethods[] = {
    {"__setitem__", ByteArraySetItem}, {"__delitem__", ByteArrayDelItem},
    {"append", ByteArrayAppend},       {"extend", ByteArrayExtend},
    {"insert", ByteArrayInsert},       {"pop", ByteArrayPop},
    {"remove", ByteArrayRemove},       {"clear", ByteArrayClear},
    {"reverse", ByteArrayReverse},     {"copy", ByteArrayCopy},
};

}  // namespace

void AddByteArrayMethods(Type* t) { AddMethods(t, kMutationMethods); }

}  // namespace tc::script
