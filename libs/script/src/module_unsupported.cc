// Names a standard module lacks in tc (module_unsupported.h).
#include "module_unsupported.h"

#include <string>
#include <vector>

#include "absl/strings/str_format.h"

namespace tc::script {

namespace {

std::string_view Basename(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The name a __getattr__ call asks for; null with TypeError raised when the
// call is malformed.
const std::string* GetAttrName(VM& vm, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getattr__", 1, 1)) return nullptr;
  const std::string* name = StrValue(args[0]);
  if (name == nullptr) RaiseTypeError(vm, "attribute name must be string");
  return name;
}

Value RaiseUnsupportedAttribute(VM& vm, std::string_view owner, std::string_view name) {
  RaiseUnsupportedName(vm, absl::StrFormat("%s.%s", owner, name));
  return MarkUnsupportedAttribute(vm);
}

// data: (module name, known name, known name, ...).
Value UnsupportedGetAttr(VM& vm, const Value&, const ArgsView& args, const Value& data) {
  const std::string* name = GetAttrName(vm, args);
  if (name == nullptr) return {};
  const std::vector<Value>& items = Cast<TupleObject>(data)->items;
  const std::string& module = *StrValue(items[0]);
  for (size_t i = 1; i < items.size(); ++i) {
    if (*StrValue(items[i]) == *name) return RaiseUnsupportedAttribute(vm, module, *name);
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

Value UnsupportedMethodGetAttr(VM& vm, const Value& self, const ArgsView& args,
                               std::string_view owner, std::span<const char* const> known) {
  const std::string* name = GetAttrName(vm, args);
  if (name == nullptr) return {};
  for (const char* k : known) {
    if (*name == k) return RaiseUnsupportedAttribute(vm, owner, *name);
  }
  return RaiseAttributeError(
      vm, absl::StrFormat("'%s' object has no attribute '%s'", TypeName(self), *name));
}

void AddUnsupportedNames(ModuleObject* m, std::span<const char* const> known) {
  std::vector<Value> data = {NewStr(m->name)};
  for (const char* name : known) data.push_back(InternStr(name));
  ModuleSet(m, "__getattr__",
            NewNativeDataMethod(nullptr, "__getattr__", UnsupportedGetAttr, NewTuple(data)));
}

}  // namespace tc::script
