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

bool BindArgSlots(VM& vm, const ArgsView& args, std::string_view fname,
                  std::span<const char* const> names, Value* out, DuplicateArgMessage duplicate) {
  const int n = static_cast<int>(names.size());
  for (int i = 0; i < n; ++i) out[i] = Value();
  for (int i = 0; i < args.nargs; ++i) out[i] = args[i];
  for (int k = 0; k < args.nkw(); ++k) {
    const std::string_view kw = args.kwname(k);
    int slot = 0;
    while (slot < n && kw != names[slot]) ++slot;
    if (slot == n) {
      RaiseTypeError(vm,
                     absl::StrFormat("%s() got an unexpected keyword argument '%s'", fname, kw));
      return false;
    }
    if (!out[slot].is_null()) {
      RaiseTypeError(vm, duplicate(fname, kw, slot));
      return false;
    }
    out[slot] = args.kwvalue(k);
  }
  return true;
}

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
  auto duplicate = [](std::string_view fname, std::string_view kw, int) {
    return absl::StrFormat("%s() got multiple values for argument '%s'", fname, kw);
  };
  if (!BindArgSlots(vm, args, qualname, names, out, duplicate)) return false;
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
