// The _struct module (CPython's Modules/_struct.c), which CPython's own
// struct.py re-exports: pack, unpack, calcsize, pack_into, unpack_from,
// iter_unpack, Struct objects and struct.error. Formats are parsed by
// struct_format.cc and elements converted by struct_codec.cc.
#include <cstring>
#include <memory>

#include "absl/strings/str_format.h"

#include "module_prelude.h"
#include "native_iter.h"
#include "script_embedded.h"
#include "struct_format.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

struct StructObject : Object {
  explicit StructObject(Type* t) : Object(t) {}
  StructLayout layout;
  std::string format;
  bool ready = false;
};

struct UnpackIterObject : Object {
  explicit UnpackIterObject(Type* t) : Object(t) {}
  Value owner;  // the Struct
  std::string data;
  int64_t pos = 0;
};

Type* g_struct_type = nullptr;
Type* g_unpack_iter_type = nullptr;

// A format argument's text: str or bytes.
bool FormatText(VM& vm, const Value& v, std::string* out) {
  if (const std::string* s = StrValue(v)) {
    *out = *s;
    return true;
  }
  if (v.is_object() && IsInstance(v, Types().bytes)) {
    *out = *BytesValue(v);
    return true;
  }
  RaiseTypeError(vm, absl::StrFormat("Struct() argument 1 must be a str or bytes object, not %s",
                                     TypeName(v)));
  return false;
}

// The bytes of a readable buffer (bytes, bytearray, memoryview).
bool ReadBuffer(VM& vm, const Value& v, std::string* out) {
  if (const std::string* d = BytesValue(v)) {
    *out = *d;
    return true;
  }
  if (v.is_object() && IsInstance(v, MemoryViewType())) {
    Value b = vm.CallMethod(v, "tobytes", {});
    if (b.is_null()) return false;
    *out = *BytesValue(b);
    return true;
  }
  RaiseTypeError(vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(v)));
  return false;
}

bool PackTo(VM& vm, const StructLayout& layout, const Value* values, int64_t n, char* dst,
            const char* what) {
  if (n != layout.nvalues) {
    RaiseStructError(
        vm, absl::StrFormat("%s expected %d items for packing (got %d)", what, layout.nvalues, n));
    return false;
  }
  std::memset(dst, 0, layout.size);
  int64_t k = 0;
  for (const StructItem& item : layout.items) {
    if (item.code == 'x') continue;
    if (item.code == 's' || item.code == 'p') {
      if (!PackStructItem(vm, layout, item, values[k++], dst + item.offset)) return false;
      continue;
    }
    for (int64_t j = 0; j < item.count; ++j) {
      if (!PackStructItem(vm, layout, item, values[k++], dst + item.offset + j * item.size)) {
        return false;
      }
    }
  }
  return true;
}

Value UnpackAt(VM& vm, const StructLayout& layout, const unsigned char* src) {
  std::vector<Value> out;
  out.reserve(layout.nvalues);
  for (const StructItem& item : layout.items) {
    if (item.code == 'x') continue;
    int64_t n = (item.code == 's' || item.code == 'p') ? 1 : item.count;
    for (int64_t j = 0; j < n; ++j) {
      Value v = UnpackStructItem(vm, layout, item, src + item.offset + j * item.size);
      if (v.is_null()) return {};
      out.push_back(std::move(v));
    }
  }
  return NewTuple(std::move(out));
}

// A Struct for a format value (module functions build one per call).
Value MakeStruct(VM& vm, const Value& format) {
  if (format.is_object() && IsInstance(format, g_struct_type)) return format;
  return vm.Call(Value::Borrow(g_struct_type), {format});
}

StructObject* Ready(VM& vm, const Value& self) {
  auto* s = Cast<StructObject>(self);
  if (!s->ready) {
    RaiseValueError(vm, "Struct object is not initialized");  // a subclass skipped __init__
    return nullptr;
  }
  return s;
}

Value StructInit(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"format"};
  Value a[1];
  if (!ParseArgs(vm, args, "Struct", kNames, 1, a)) return {};
  std::string text;
  if (!FormatText(vm, a[0], &text)) return {};
  StructLayout layout;
  if (!ParseStructFormat(vm, text, &layout)) return {};
  auto* s = Cast<StructObject>(self);
  s->layout = std::move(layout);
  s->format = std::move(text);
  s->ready = true;
  return Value::None();
}

Value DoPack(VM& vm, StructObject* s, const Value* values, int64_t n) {
  std::string out(s->layout.size, '\0');
  if (!PackTo(vm, s->layout, values, n, out.data(), "pack")) return {};
  return NewBytes(std::move(out));
}

Value DoUnpack(VM& vm, StructObject* s, const Value& buffer) {
  std::string data;
  if (!ReadBuffer(vm, buffer, &data)) return {};
  if (static_cast<int64_t>(data.size()) != s->layout.size) {
    return RaiseStructError(
        vm, absl::StrFormat("unpack requires a buffer of %d bytes", s->layout.size));
  }
  return UnpackAt(vm, s->layout, reinterpret_cast<const unsigned char*>(data.data()));
}

// The start of a `size`-byte window at `offset` in a buffer of `len`
// bytes, with CPython's texts for unpack_from (`pack` false) and pack_into.
bool WindowStart(VM& vm, int64_t size, int64_t offset, int64_t len, bool pack, int64_t* start) {
  if (offset < 0) {
    if (offset + size > 0) {
      RaiseStructError(vm, absl::StrFormat("no space to %s %d bytes at offset %d",
                                           pack ? "pack" : "unpack", size, offset));
      return false;
    }
    if (offset + len < 0) {
      RaiseStructError(vm,
                       absl::StrFormat("offset %d out of range for %d-byte buffer", offset, len));
      return false;
    }
    offset += len;
  }
  if (len - offset < size) {
    RaiseStructError(
        vm, absl::StrFormat("%s requires a buffer of at least %d bytes for %s %d bytes at offset "
                            "%d (actual buffer size is %d)",
                            pack ? "pack_into" : "unpack_from", size + offset,
                            pack ? "packing" : "unpacking", size, offset, len));
    return false;
  }
  *start = offset;
  return true;
}

Value DoUnpackFrom(VM& vm, StructObject* s, const Value& buffer, const Value& offset_v) {
  std::string data;
  if (!ReadBuffer(vm, buffer, &data)) return {};
  int64_t offset = 0, start = 0;
  if (!offset_v.is_null() && !ToInt(vm, offset_v, &offset)) return {};
  if (!WindowStart(vm, s->layout.size, offset, static_cast<int64_t>(data.size()), false, &start)) {
    return {};
  }
  return UnpackAt(vm, s->layout, reinterpret_cast<const unsigned char*>(data.data()) + start);
}

Value DoPackInto(VM& vm, StructObject* s, const ArgsView& args, int first) {
  // args[first] = buffer, args[first + 1] = offset, then the values.
  if (args.size() < first + 2) {
    return RaiseTypeError(vm, absl::StrFormat("pack_into expected buffer argument"));
  }
  const Value& buffer = args[first];
  if (!buffer.is_object() || !IsInstance(buffer, Types().bytearray)) {
    return RaiseTypeError(
        vm,
        absl::StrFormat("argument must be read-write bytes-like object, not %s", TypeName(buffer)));
  }
  std::string& data = Cast<BytesObject>(buffer)->data;
  int64_t offset = 0, start = 0;
  if (!ToInt(vm, args[first + 1], &offset)) return {};
  std::string packed(s->layout.size, '\0');
  if (!PackTo(vm, s->layout, &args[first + 2], args.size() - first - 2, packed.data(),
              "pack_into")) {
    return {};
  }
  if (!WindowStart(vm, s->layout.size, offset, static_cast<int64_t>(data.size()), true, &start)) {
    return {};
  }
  std::memcpy(data.data() + start, packed.data(), packed.size());
  return Value::None();
}

Value DoIterUnpack(VM& vm, const Value& owner, const Value& buffer) {
  StructObject* s = Ready(vm, owner);
  if (s == nullptr) return {};
  if (s->layout.size == 0) {
    return RaiseStructError(vm, "cannot iteratively unpack with a struct of length 0");
  }
  auto it = std::make_unique<UnpackIterObject>(g_unpack_iter_type);
  if (!ReadBuffer(vm, buffer, &it->data)) return {};
  if (static_cast<int64_t>(it->data.size()) % s->layout.size != 0) {
    return RaiseStructError(
        vm, absl::StrFormat("iterative unpacking requires a buffer of a multiple of %d bytes",
                            s->layout.size));
  }
  it->owner = owner;
  return Value::Adopt(it.release());
}

// --- Struct methods ---------------------------------------------------------

Value SPack(VM& vm, const Value& self, const ArgsView& args) {
  StructObject* s = Ready(vm, self);
  if (s == nullptr || !CheckArgCount(vm, args, "pack", 0, 1 << 30)) return {};
  return DoPack(vm, s, args.data, args.size());
}
Value SUnpack(VM& vm, const Value& self, const ArgsView& args) {
  StructObject* s = Ready(vm, self);
  if (s == nullptr || !CheckArgCount(vm, args, "unpack", 1, 1)) return {};
  return DoUnpack(vm, s, args[0]);
}
Value SUnpackFrom(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"buffer", "offset"};
  Value a[2];
  StructObject* s = Ready(vm, self);
  if (s == nullptr || !ParseArgs(vm, args, "unpack_from", kNames, 1, a)) return {};
  return DoUnpackFrom(vm, s, a[0], a[1]);
}
Value SPackInto(VM& vm, const Value& self, const ArgsView& args) {
  StructObject* s = Ready(vm, self);
  if (s == nullptr || !CheckArgCount(vm, args, "pack_into", 0, 1 << 30)) return {};
  return DoPackInto(vm, s, args, 0);
}
Value SIterUnpack(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "iter_unpack", 1, 1)) return {};
  return DoIterUnpack(vm, self, args[0]);
}
Value SFormat(VM&, const Value& self) { return NewStr(Cast<StructObject>(self)->format); }
Value SSize(VM&, const Value& self) { return Value::Int(Cast<StructObject>(self)->layout.size); }

constexpr MethodDef kStructMethods[] = {{"__init__", StructInit}, {"pack", SPack},
                                        {"unpack", SUnpack},      {"unpack_from", SUnpackFrom},
                                        {"pack_into", SPackInto}, {"iter_unpack", SIterUnpack}};
constexpr GetSetDef kStructProps[] = {{"format", SFormat, nullptr}, {"size", SSize, nullptr}};

// --- the unpack iterator ----------------------------------------------------

Value IterNew(VM& vm, const Value&, const ArgsView&) {
  return RaiseTypeError(vm, "cannot create '_struct.unpack_iterator' instances");
}
Value IterNext(VM& vm, const Value& self) {
  auto* it = Cast<UnpackIterObject>(self);
  auto* s = Cast<StructObject>(it->owner);
  if (it->pos >= static_cast<int64_t>(it->data.size())) return {};
  Value v =
      UnpackAt(vm, s->layout, reinterpret_cast<const unsigned char*>(it->data.data()) + it->pos);
  it->pos += s->layout.size;
  return v;
}
Value IterLengthHint(VM&, const Value& self, const ArgsView&) {
  auto* it = Cast<UnpackIterObject>(self);
  int64_t size = Cast<StructObject>(it->owner)->layout.size;
  return Value::Int((static_cast<int64_t>(it->data.size()) - it->pos) / size);
}
constexpr MethodDef kIterMethods[] = {{"__length_hint__", IterLengthHint}};

// --- module functions: the format first, then the Struct method's arguments -

// The Struct for args[0], or null (TypeError when no format was given).
Value FormatStruct(VM& vm, const ArgsView& args) {
  if (args.size() < 1) return RaiseTypeError(vm, "missing format argument");
  return MakeStruct(vm, args[0]);
}
ArgsView Rest(const ArgsView& args) {
  return ArgsView(args.data + 1, args.nargs - 1, args.kwnames);
}

Value Pack(VM& vm, const Value&, const ArgsView& args) {
  Value s = FormatStruct(vm, args);
  return s.is_null() ? Value() : SPack(vm, s, Rest(args));
}
Value Unpack(VM& vm, const Value&, const ArgsView& args) {
  if (args.size() != 2) {
    return RaiseTypeError(vm, absl::StrFormat("unpack expected 2 arguments, got %d", args.size()));
  }
  Value s = FormatStruct(vm, args);
  return s.is_null() ? Value() : SUnpack(vm, s, Rest(args));
}
Value UnpackFrom(VM& vm, const Value&, const ArgsView& args) {
  Value s = FormatStruct(vm, args);
  return s.is_null() ? Value() : SUnpackFrom(vm, s, Rest(args));
}
Value PackInto(VM& vm, const Value&, const ArgsView& args) {
  Value s = FormatStruct(vm, args);
  return s.is_null() ? Value() : SPackInto(vm, s, Rest(args));
}
Value IterUnpack(VM& vm, const Value&, const ArgsView& args) {
  if (args.size() != 2) {
    return RaiseTypeError(vm,
                          absl::StrFormat("iter_unpack expected 2 arguments, got %d", args.size()));
  }
  Value s = FormatStruct(vm, args);
  return s.is_null() ? Value() : SIterUnpack(vm, s, Rest(args));
}
Value CalcSize(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "calcsize", 1, 1)) return {};
  Value s = MakeStruct(vm, args[0]);
  return s.is_null() ? Value() : SSize(vm, s);
}
Value ClearCache(VM&, const Value&, const ArgsView&) { return Value::None(); }  // no cache

constexpr MethodDef kFunctions[] = {{"pack", Pack},
                                    {"unpack", Unpack},
                                    {"unpack_from", UnpackFrom},
                                    {"pack_into", PackInto},
                                    {"iter_unpack", IterUnpack},
                                    {"calcsize", CalcSize},
                                    {"_clearcache", ClearCache}};

}  // namespace

bool InitStructModule(VM& vm, ModuleObject* m) {
  if (g_struct_type == nullptr) {
    g_struct_type =
        NewNativeType({.name = "Struct",
                       .module = "_struct",
                       .methods = kStructMethods,
                       .getsets = kStructProps,
                       .alloc = [](Type* cls) -> Object* { return new StructObject(cls); },
                       .flags = Type::kBaseType});
    g_unpack_iter_type = NewNativeIterType("unpack_iterator", "_struct", IterNew,
                                           NativeIterNext<IterNext>, kIterMethods);
  }
  AddFunctions(m, kFunctions);
  AddType(m, g_struct_type);
  ModuleSet(m, "__doc__", NewStr("Functions to convert between Python values and C structs."));
  if (!RunModulePrelude(vm, m, kStructErrorPy)) return false;
  const Value* error = DictGetStr(m->dict, "error");
  if (error == nullptr) return !RaiseRuntimeError(vm, "_struct: no error class").is_null();
  StructErrorClass() = *error;
  return true;
}

}  // namespace tc::script
