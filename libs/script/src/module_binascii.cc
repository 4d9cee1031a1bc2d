// The binascii module's checksum and hex conversions (crc32, hexlify,
// unhexlify and their b2a_hex / a2b_hex names), with binascii.Error:
// zipfile imports binascii, and CPython's own Python code uses these.
#include "absl/strings/str_format.h"

#include "tc/script/bigint.h"

#include "checksum.h"
#include "module_unsupported.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value g_error;  // binascii.Error

// A bytes-like argument (str too where `ascii_str`: a2b functions take
// ASCII str), or null with CPython's TypeError.
bool DataArg(VM& vm, const Value& v, bool ascii_str, std::string* out) {
  if (const std::string* d = BytesValue(v)) {
    *out = *d;
    return true;
  }
  if (ascii_str) {
    if (const std::string* s = StrValue(v)) {
      for (unsigned char c : *s) {
        if (c >= 0x80) {
          RaiseValueError(vm, "string argument should contain only ASCII characters");
          return false;
        }
      }
      *out = *s;
      return true;
    }
  }
  if (v.is_object() && IsInstance(v, MemoryViewType())) {
    Value b = vm.CallMethod(v, "tobytes", {});
    if (b.is_null()) return false;
    *out = *BytesValue(b);
    return true;
  }
  if (ascii_str) {
    RaiseTypeError(vm, absl::StrFormat("argument should be bytes, buffer or ASCII string, not '%s'",
                                       TypeName(v)));
  } else {
    RaiseTypeError(vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(v)));
  }
  return false;
}

Value BCrc32(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "crc32", 1, 2)) return {};
  std::string data;
  if (!DataArg(vm, args[0], false, &data)) return {};
  uint32_t start = 0;
  if (args.size() == 2) {
    if (!IsIntValue(args[1])) {
      return RaiseTypeError(vm, absl::StrFormat("'%s' object cannot be interpreted as an integer",
                                                TypeName(args[1])));
    }
    start = static_cast<uint32_t>(IntLow64(args[1]));
  }
  return Value::Int(Crc32(start, data));
}

Value Hexlify(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "hexlify", 1, 1)) return {};
  std::string data;
  if (!DataArg(vm, args[0], false, &data)) return {};
  // bytes.hex() spells the digits; hexlify returns them as bytes.
  Value hex = vm.CallMethod(NewBytes(std::move(data)), "hex", {});
  return hex.is_null() ? hex : NewBytes(*StrValue(hex));
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Value Unhexlify(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "unhexlify", 1, 1)) return {};
  std::string data;
  if (!DataArg(vm, args[0], true, &data)) return {};
  if (data.size() % 2 != 0) {
    Value exc = vm.Call(g_error, {NewStr("Odd-length string")});
    if (!exc.is_null()) vm.SetException(exc);
    return {};
  }
  std::string out;
  for (size_t i = 0; i < data.size(); i += 2) {
    int hi = HexValue(data[i]), lo = HexValue(data[i + 1]);
    if (hi < 0 || lo < 0) {
      Value exc = vm.Call(g_error, {NewStr("Non-hexadecimal digit found")});
      if (!exc.is_null()) vm.SetException(exc);
      return {};
    }
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return NewBytes(std::move(out));
}

constexpr MethodDef kFunctions[] = {{"crc32", BCrc32},
                                    {"hexlify", Hexlify},
                                    {"b2a_hex", Hexlify},
                                    {"unhexlify", Unhexlify},
                                    {"a2b_hex", Unhexlify}};

constexpr const char* kUnsupported[] = {"a2b_base64", "b2a_base64", "a2b_uu", "b2a_uu",
                                        "a2b_qp",     "b2a_qp",     "crc_hqx"};

// class <name>(<base>) with __module__ 'binascii'.
Value NewErrorClass(VM& vm, const char* name, Type* base) {
  Value cls = vm.Call(Value::Borrow(Types().type),
                      {NewStr(name), NewTuple({Value::Borrow(base)}), NewDict()});
  if (cls.is_null() || !vm.SetAttr(cls, "__module__", NewStr("binascii"))) return {};
  return cls;
}

}  // namespace

bool InitBinasciiModule(VM& vm, ModuleObject* m) {
  if (g_error.is_null()) {
    g_error = NewErrorClass(vm, "Error", Types().value_error);
    if (g_error.is_null()) return false;
  }
  Value incomplete = NewErrorClass(vm, "Incomplete", Types().exception);
  if (incomplete.is_null()) return false;
  ModuleSet(m, "Error", g_error);
  ModuleSet(m, "Incomplete", incomplete);
  AddFunctions(m, kFunctions);
  AddUnsupportedNames(m, kUnsupported);
  return true;
}

}  // namespace tc::script
