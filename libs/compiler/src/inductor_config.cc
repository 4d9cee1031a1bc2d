// Reading torch._inductor.config into InductorConfig (inductor_config.h):
// each honoured option's current value comes from the script module's
// _get(name), a patch from the torch.compile call replaces it, and the
// value is converted as PyTorch's code uses it (flags by truthiness, as
// `if config.debug:` does; integers strictly).
#include "tc/compiler/inductor_config.h"

#include <array>

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script/object.h"

namespace tc::compiler {
namespace {

using script::Value;

struct Field {
  std::string_view name;
  enum Kind { kBool, kInt, kOptionalInt, kOptionalStr } kind;
  bool InductorConfig::*flag = nullptr;
  int64_t InductorConfig::*integer = nullptr;
  std::optional<int64_t> InductorConfig::*optional_integer = nullptr;
  std::string InductorConfig::*text = nullptr;
};

constexpr Field Flag(std::string_view name, bool InductorConfig::*p) {
  return {name, Field::kBool, p, nullptr, nullptr, nullptr};
}
constexpr Field Int(std::string_view name, int64_t InductorConfig::*p) {
  return {name, Field::kInt, nullptr, p, nullptr, nullptr};
}

constexpr std::array kFields = {
    Flag("debug", &InductorConfig::debug),
    Flag("trace.enabled", &InductorConfig::trace_enabled),
    Field{"trace.debug_dir", Field::kOptionalStr, nullptr, nullptr, nullptr,
          &InductorConfig::trace_debug_dir},
    Int("cpp.threads", &InductorConfig::cpp_threads),
    Field{"cpp.simdlen", Field::kOptionalInt, nullptr, nullptr, &InductorConfig::cpp_simdlen,
          nullptr},
    Int("cpp.min_chunk_size", &InductorConfig::cpp_min_chunk_size),
    Flag("fallback_random", &InductorConfig::fallback_random),
    Flag("max_autotune", &InductorConfig::max_autotune),
    Flag("coordinate_descent_tuning", &InductorConfig::coordinate_descent_tuning),
    Flag("triton.cudagraphs", &InductorConfig::triton_cudagraphs),
    Flag("freezing", &InductorConfig::freezing),
    Flag("size_asserts", &InductorConfig::size_asserts),
    Flag("force_disable_caches", &InductorConfig::force_disable_caches),
    Flag("epilogue_fusion", &InductorConfig::epilogue_fusion),
    Int("max_fusion_size", &InductorConfig::max_fusion_size),
};

constexpr std::array<std::string_view, kFields.size()> kNames = [] {
  std::array<std::string_view, kFields.size()> names{};
  for (size_t i = 0; i < kFields.size(); ++i) names[i] = kFields[i].name;
  return names;
}();

bool WrongType(script::VM& vm, const Field& f, const Value& v, std::string_view want) {
  script::RaiseTypeError(
      vm, absl::StrCat("torch._inductor.config.", std::string(f.name), " must be ",
                       std::string(want), ", not ", std::string(script::TypeName(v))));
  return false;
}

bool Store(script::VM& vm, const Field& f, const Value& v, InductorConfig* out) {
  switch (f.kind) {
    case Field::kBool: {
      const int b = vm.Truthy(v);
      if (b < 0) return false;
      out->*f.flag = b == 1;
      return true;
    }
    case Field::kInt:
    case Field::kOptionalInt: {
      if (f.kind == Field::kOptionalInt && v.is_none()) {
        out->*f.optional_integer = std::nullopt;
        return true;
      }
      if (!script::IsInstance(v, script::Types().int_)) {
        return WrongType(vm, f, v, f.kind == Field::kInt ? "an int" : "an int or None");
      }
      int64_t n;
      if (!script::ToInt(vm, v, &n)) return false;
      if (f.kind == Field::kInt) {
        out->*f.integer = n;
      } else {
        out->*f.optional_integer = n;
      }
      return true;
    }
    case Field::kOptionalStr: {
      if (v.is_none()) {
        (out->*f.text).clear();
        return true;
      }
      // PyTorch checks no type here (options={"trace.debug_dir": 3} compiles
      // and runs); a value that is not a str counts as None.
      const std::string* s = script::StrValue(v);
      if (s == nullptr) {
        (out->*f.text).clear();
      } else {
        out->*f.text = *s;
      }
      return true;
    }
  }
  return false;
}

}  // namespace

std::span<const std::string_view> HonouredInductorOptions() { return kNames; }

bool ReadInductorConfig(script::VM& vm, const Value& patches, InductorConfig* out) {
  Value module = vm.Import("torch._inductor.config");
  if (module.is_null()) return false;
  Value get = vm.GetAttr(module, "_get");
  if (get.is_null()) return false;
  const script::DictObject* patch_dict = nullptr;
  if (!patches.is_none() && !patches.is_null()) {
    if (!script::IsInstance(patches, script::Types().dict)) {
      script::RaiseTypeError(vm, absl::StrCat("inductor config patches must be a dict, not ",
                                              std::string(script::TypeName(patches))));
      return false;
    }
    patch_dict = script::Cast<script::DictObject>(patches);
  }
  InductorConfig config;
  for (const Field& f : kFields) {
    const Value* patched = patch_dict ? script::DictGetStr(patch_dict, f.name) : nullptr;
    Value v = patched ? *patched : vm.Call(get, {script::NewStr(std::string(f.name))});
    if (v.is_null() || !Store(vm, f, v, &config)) return false;
  }
  *out = std::move(config);
  return true;
}

}  // namespace tc::compiler
