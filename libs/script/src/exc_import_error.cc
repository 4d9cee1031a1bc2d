// ImportError(*args, name=None, path=None): the module name and file the
// import system fills in, None when raised by hand; `msg` is the message.
#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

Value ImportErrorInit(VM& vm, const Value& self, const ArgsView& args) {
  auto* e = Cast<ExceptionObject>(self);
  e->args = NewTuple(std::vector<Value>(args.data, args.data + args.nargs));
  Value name = Value::None(), path = Value::None();
  for (int i = 0; i < args.nkw(); ++i) {
    std::string_view k = args.kwname(i);
    if (k == "name") {
      name = args.kwvalue(i);
    } else if (k == "path") {
      path = args.kwvalue(i);
    } else {
      return RaiseTypeError(
          vm, absl::StrFormat("'%s' is an invalid keyword argument for ImportError()", k));
    }
  }
  Value msg = args.nargs == 1 ? args[0] : Value::None();
  return vm.SetAttr(self, "name", name) && vm.SetAttr(self, "path", path) &&
                 vm.SetAttr(self, "msg", msg)
             ? Value::None()
             : Value();
}

constexpr MethodDef kImportErrorMethods[] = {{"__init__", ImportErrorInit}};

}  // namespace

void InitImportErrorType(BuiltinTypes& bt) {
  AddMethods(bt.import_error, kImportErrorMethods);
  // Instances made without __init__ (raised by the VM) still read None.
  for (const char* attr : {"name", "path", "msg"})
    DictSetStr(bt.import_error->dict, attr, Value::None());
  UpdateSlots(bt.import_error);
  UpdateSlots(bt.module_not_found_error);
}

}  // namespace tc::script
