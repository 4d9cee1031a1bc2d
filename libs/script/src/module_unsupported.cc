// Names a standard module lacks in tc (module_unsupported.h).
#include "module_unsupported.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tc::script {

namespace {

std::string_view Basename(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// data: (module name, known name, known name, ...).
Value UnsupportedGetAttr(VM& vm, const Value&, const ArgsView& args, const Value& data) {
  if (!CheckArgCount(vm, args, "__getattr__", 1, 1)) return {};
  const std::string* name = StrValue(args[0]);
  if (name == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  const std::vector<Value>& items = Cast<TupleObject>(data)->items;
  const std::string& module = *StrValue(items[0]);
  for (size_t i = 1; i < items.size(); ++i) {
    if (*StrValue(items[i]) == *name) {
      RaiseUnsupportedName(vm, absl::StrCat(module, ".", *name));
      return MarkUnsupportedAttribute(vm);
    }
  }
  return RaiseAttributeError(vm,
                             absl::StrFormat("module '%s' has no attribute '%s'", module, *name));
}

}  // namespace

Value RaiseUnsupportedName(VM& vm, std::string_view qualified_name) {
  std::string msg = absl::StrFormat("%s is not supported by tc", qualified_name);
  std::string file;
  int32_t line = 0;
  if (vm.CurrentLocation(&file, &line)) {
    absl::StrAppendFormat(&msg, " (%s:%d)", Basename(file), line);
  }
  return RaiseNotImplementedError(vm, std::move(msg));
}

void AddUnsupportedNames(ModuleObject* m, std::span<const char* const> known) {
  std::vector<Value> data = {NewStr(m->name)};
  for (const char* name : known) data.push_back(InternStr(name));
  ModuleSet(m, "__getattr__",
            NewNativeDataMethod(nullptr, "__getattr__", UnsupportedGetAttr, NewTuple(data)));
}

}  // namespace tc::script
