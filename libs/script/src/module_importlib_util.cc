// importlib.util: cache_from_source (where CPython 3.11 would put a
// source file's bytecode), which zipfile's PyZipFile and other standard
// modules call; the rest of CPython's names report themselves unsupported
// (tc's import system has no specs or loaders to hand out).
#include <cctype>

#include "absl/strings/str_cat.h"

#include "core_modules.h"
#include "module_unsupported.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value CacheFromSource(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"path", "debug_override", "optimization"};
  Value a[3];
  if (!ParseArgs(vm, args, "cache_from_source", kNames, 1, a, 2)) return {};
  Value path = vm.Call(vm.GetAttr(vm.Import("os"), "fspath"), {a[0]});
  if (path.is_null()) return {};
  const std::string* p = StrValue(path);
  if (p == nullptr) return RaiseTypeError(vm, "expected str, bytes or os.PathLike object");
  size_t slash = p->rfind('/');
  std::string head = slash == std::string::npos ? "" : p->substr(0, slash);
  std::string tail = slash == std::string::npos ? *p : p->substr(slash + 1);
  size_t dot = tail.rfind('.');
  std::string base = dot == std::string::npos ? tail : tail.substr(0, dot);
  if (dot != std::string::npos && base.empty()) base = tail.substr(dot + 1);
  std::string opt;
  if (!a[2].is_null() && !a[2].is_none()) {
    Value s = vm.Str(a[2]);
    if (s.is_null()) return {};
    opt = *StrValue(s);
    if (!opt.empty()) {
      for (char c : opt) {
        if (!std::isalnum(static_cast<unsigned char>(c))) {
          return RaiseValueError(vm, absl::StrCat("'", opt, "' is not alphanumeric"));
        }
      }
      opt = absl::StrCat(".opt-", opt);
    }
  }
  std::string name = absl::StrCat(base, ".cpython-311", opt, ".pyc");
  return NewStr(head.empty() ? absl::StrCat("__pycache__/", name)
                             : absl::StrCat(head, "/__pycache__/", name));
}

constexpr MethodDef kFunctions[] = {{"cache_from_source", CacheFromSource}};

}  // namespace

bool InitImportlibUtilModule(VM&, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  // CPython's other names: tc's import system has no specs or loaders.
  static constexpr const char* kUnsupported[] = {
      "find_spec",         "module_from_spec", "spec_from_loader", "spec_from_file_location",
      "source_from_cache", "decode_source",    "resolve_name",     "source_hash",
      "LazyLoader",        "MAGIC_NUMBER"};
  AddUnsupportedNames(m, kUnsupported);
  return true;
}

}  // namespace tc::script
