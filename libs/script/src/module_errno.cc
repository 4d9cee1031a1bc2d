// The errno module: the common error numbers and errorcode.
#include <cerrno>

#include "vm_internal.h"

namespace tc::script {

bool InitErrnoModule(VM& vm, ModuleObject* m) {
  static const std::pair<const char*, int> kCodes[] = {{"EPERM", EPERM},
                                                       {"ENOENT", ENOENT},
                                                       {"ESRCH", ESRCH},
                                                       {"EINTR", EINTR},
                                                       {"EIO", EIO},
                                                       {"ENXIO", ENXIO},
                                                       {"E2BIG", E2BIG},
                                                       {"EBADF", EBADF},
                                                       {"ECHILD", ECHILD},
                                                       {"EAGAIN", EAGAIN},
                                                       {"ENOMEM", ENOMEM},
                                                       {"EACCES", EACCES},
                                                       {"EEXIST", EEXIST},
                                                       {"ENOTDIR", ENOTDIR},
                                                       {"EISDIR", EISDIR},
                                                       {"EINVAL", EINVAL},
                                                       {"ENFILE", ENFILE},
                                                       {"EMFILE", EMFILE},
                                                       {"ENOSPC", ENOSPC},
                                                       {"ESPIPE", ESPIPE},
                                                       {"EROFS", EROFS},
                                                       {"EPIPE", EPIPE},
                                                       {"EDOM", EDOM},
                                                       {"ERANGE", ERANGE},
                                                       {"ENOTEMPTY", ENOTEMPTY},
                                                       {"ETIMEDOUT", ETIMEDOUT},
                                                       {"EXDEV", EXDEV},
                                                       {"ELOOP", ELOOP},
                                                       {"ENAMETOOLONG", ENAMETOOLONG},
                                                       {"EOPNOTSUPP", EOPNOTSUPP},
                                                       {"ENOSYS", ENOSYS},
                                                       {"EMLINK", EMLINK},
                                                       {"ENOTTY", ENOTTY}};
  Value codes = NewDict();
  for (const auto& [name, code] : kCodes) {
    ModuleSet(m, name, Value::Int(code));
    if (!DictSet(vm, Cast<DictObject>(codes), Value::Int(code), NewStr(name))) return false;
  }
  ModuleSet(m, "errorcode", codes);
  return true;
}

}  // namespace tc::script
