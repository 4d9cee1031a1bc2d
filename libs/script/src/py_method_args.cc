// Python-worded argument binding for native methods (py_method_args.h).
#include "py_method_args.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tc::script {

namespace {

// 'a', 'a' and 'b', 'a', 'b', and 'c': CPython's list of missing names.
std::string NameList(const std::vector<std::string_view>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    absl::StrAppendFormat(&out, "'%s'", names[i]);
  }
  return out;
}

}  // namespace

bool ParseMethodArgs(VM& vm, const ArgsView& args, std::string_view qualname,
                     std::span<const char* const> names, int required, Value* out,
                     int max_positional) {
  int n = static_cast<int>(names.size());
  int maxpos = max_positional < 0 ? n : max_positional;
  if (args.nargs > maxpos) {
    // Counted with self, as the Python function sees them.
    int given = args.nargs + 1;
    std::string takes =
        required == maxpos
            ? absl::StrFormat("%d positional argument%s", maxpos + 1, maxpos + 1 == 1 ? "" : "s")
            : absl::StrFormat("from %d to %d positional arguments", required + 1, maxpos + 1);
    RaiseTypeError(vm, absl::StrFormat("%s() takes %s but %d %s given", qualname, takes, given,
                                       given == 1 ? "was" : "were"));
    return false;
  }
  for (int i = 0; i < n; ++i) out[i] = Value();
  for (int i = 0; i < args.nargs; ++i) out[i] = args[i];
  for (int k = 0; k < args.nkw(); ++k) {
    std::string_view kw = args.kwname(k);
    int idx = -1;
    for (int i = 0; i < n; ++i) {
      if (kw == names[i]) idx = i;
    }
    if (idx < 0) {
      RaiseTypeError(vm,
                     absl::StrFormat("%s() got an unexpected keyword argument '%s'", qualname, kw));
      return false;
    }
    if (!out[idx].is_null()) {
      RaiseTypeError(vm,
                     absl::StrFormat("%s() got multiple values for argument '%s'", qualname, kw));
      return false;
    }
    out[idx] = args.kwvalue(k);
  }
  std::vector<std::string_view> missing;
  for (int i = 0; i < required; ++i) {
    if (out[i].is_null()) missing.push_back(names[i]);
  }
  if (!missing.empty()) {
    RaiseTypeError(
        vm, absl::StrFormat("%s() missing %d required positional argument%s: %s", qualname,
                            missing.size(), missing.size() == 1 ? "" : "s", NameList(missing)));
    return false;
  }
  return true;
}

}  // namespace tc::script
