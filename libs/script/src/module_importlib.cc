// importlib: import_module (relative names resolved against `package`, as
// CPython's) and invalidate_caches (tc's finder keeps no caches); and
// importlib.machinery's suffix lists.
#include "absl/strings/str_format.h"

#include "core_modules.h"
#include "module_unsupported.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value ImportModule(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"name", "package"};
  Value a[2];
  if (!ParseArgs(vm, args, "import_module", kNames, 1, a)) return {};
  const std::string* name = StrValue(a[0]);
  if (name == nullptr) {
    return RaiseTypeError(vm, absl::StrFormat("module name must be str, not %s", TypeName(a[0])));
  }
  if (!name->empty() && (*name)[0] == '.') {
    const std::string* package = a[1].is_null() || a[1].is_none() ? nullptr : StrValue(a[1]);
    if (package == nullptr) {
      return RaiseTypeError(
          vm, absl::StrFormat("the 'package' argument is required to perform a relative "
                              "import for '%s'",
                              *name));
    }
    // Resolve as a relative import from inside `package`.
    Value globals = NewDict();
    DictSetStr(Cast<DictObject>(globals), "__package__", a[1]);
    if (vm.Import(*package).is_null()) return {};
    return vm.ImportName(*name, Cast<DictObject>(globals));
  }
  if (name->empty()) return RaiseValueError(vm, "Empty module name");
  return vm.Import(*name);
}

Value InvalidateCaches(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "invalidate_caches", 0, 0)) return {};
  return Value::None();
}

constexpr MethodDef kImportlibFunctions[] = {{"import_module", ImportModule},
                                             {"invalidate_caches", InvalidateCaches}};

// CPython 3.11's suffixes on Linux (importlib._bootstrap_external).
Value StrList(std::initializer_list<const char*> items) {
  std::vector<Value> v;
  for (const char* s : items) v.push_back(NewStr(s));
  return NewList(std::move(v));
}
Value ExtensionSuffixes() {
  return StrList({".cpython-311-x86_64-linux-gnu.so", ".abi3.so", ".so"});
}

// all_suffixes(): source, then bytecode, then extension suffixes.
Value AllSuffixes(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "all_suffixes", 0, 0)) return {};
  Value all = StrList({".py", ".pyc"});
  if (!vm.Extend(&Cast<ListObject>(all)->items, ExtensionSuffixes())) return {};
  return all;
}

constexpr MethodDef kMachineryFunctions[] = {{"all_suffixes", AllSuffixes}};

constexpr const char* kMachineryUnsupported[] = {
    "ModuleSpec",          "BuiltinImporter", "FrozenImporter",   "WindowsRegistryFinder",
    "PathFinder",          "FileFinder",      "SourceFileLoader", "SourcelessFileLoader",
    "ExtensionFileLoader", "NamespaceLoader",
};

}  // namespace

bool InitImportlibModule(VM&, ModuleObject* m) {
  AddFunctions(m, kImportlibFunctions);
  return true;
}

bool InitImportlibMachineryModule(VM&, ModuleObject* m) {
  AddFunctions(m, kMachineryFunctions);
  ModuleSet(m, "SOURCE_SUFFIXES", StrList({".py"}));
  ModuleSet(m, "DEBUG_BYTECODE_SUFFIXES", StrList({".pyc"}));
  ModuleSet(m, "OPTIMIZED_BYTECODE_SUFFIXES", StrList({".pyc"}));
  ModuleSet(m, "BYTECODE_SUFFIXES", StrList({".pyc"}));
  ModuleSet(m, "EXTENSION_SUFFIXES", ExtensionSuffixes());
  AddUnsupportedNames(m, kMachineryUnsupported);
  return true;
}

}  // namespace tc::script
