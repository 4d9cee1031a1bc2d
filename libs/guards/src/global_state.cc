#include "tc/guards/global_state.h"

#include "absl/strings/str_cat.h"

#include "tc/support/enum_table.h"

namespace tc::guards {
namespace {

// c10::ScalarType's number for `dtype`, as GlobalStateGuard's JSON prints it.
int ScalarTypeNumber(tensor::DType dtype) {
  static constexpr support::EnumTable<tensor::DType::kFloat64, int> kNumbers({
#define TC_DTYPE(enumerator, cpp_type, name, scalar_type_name, c_type_name, number) number,
#include "tc/tensor/dtypes.def"
#undef TC_DTYPE
  });
  return kNumbers.at(dtype, -1);
}

bool AutocastMatches(bool enabled_a, tensor::DType dtype_a, bool enabled_b, tensor::DType dtype_b) {
  if (!enabled_a && !enabled_b) return true;  // the dtype only matters while enabled
  return enabled_a == enabled_b && dtype_a == dtype_b;
}

void AddAutocastChanges(std::string_view device, bool enabled_a, tensor::DType dtype_a,
                        bool enabled_b, tensor::DType dtype_b, std::string* out) {
  if (enabled_a != enabled_b) absl::StrAppend(out, "autocast(", std::string(device), ")_enabled ");
  if ((enabled_a || enabled_b) && dtype_a != dtype_b) {
    absl::StrAppend(out, "autocast(", std::string(device), ")_dtype ");
  }
}

const char* Bool(bool b) { return b ? "true" : "false"; }

}  // namespace

bool GlobalStateMatches(const GlobalState& e, const GlobalState& a) {
  return e.grad_mode == a.grad_mode &&
         AutocastMatches(e.autocast_cpu_enabled, e.autocast_cpu_dtype, a.autocast_cpu_enabled,
                         a.autocast_cpu_dtype) &&
         AutocastMatches(e.autocast_cuda_enabled, e.autocast_cuda_dtype, a.autocast_cuda_enabled,
                         a.autocast_cuda_dtype) &&
         e.autocast_cache_enabled == a.autocast_cache_enabled &&
         e.torch_function == a.torch_function &&
         e.torch_function_all_disabled == a.torch_function_all_disabled &&
         e.deterministic_algorithms == a.deterministic_algorithms &&
         e.deterministic_algorithms_warn_only == a.deterministic_algorithms_warn_only &&
         e.allow_tf32 == a.allow_tf32 && e.cuda_matmul_precision == a.cuda_matmul_precision &&
         e.allow_fp16_reduce == a.allow_fp16_reduce && e.allow_bf16_reduce == a.allow_bf16_reduce &&
         e.num_threads == a.num_threads && e.default_dtype == a.default_dtype;
}

// The order and words of GlobalStateGuard::reason() in PyTorch 2.15, where
// several fields share one word (torch_function covers the all-disabled
// flag, deterministic_algorithms its warn-only mode).
std::string GlobalStateChanges(const GlobalState& e, const GlobalState& a) {
  std::string out;
  if (e.grad_mode != a.grad_mode) out += "grad_mode ";
  AddAutocastChanges("cpu", e.autocast_cpu_enabled, e.autocast_cpu_dtype, a.autocast_cpu_enabled,
                     a.autocast_cpu_dtype, &out);
  AddAutocastChanges("cuda", e.autocast_cuda_enabled, e.autocast_cuda_dtype,
                     a.autocast_cuda_enabled, a.autocast_cuda_dtype, &out);
  if (e.autocast_cache_enabled != a.autocast_cache_enabled) out += "autocast_cache_enabled ";
  if (e.torch_function != a.torch_function ||
      e.torch_function_all_disabled != a.torch_function_all_disabled) {
    out += "torch_function ";
  }
  if (e.deterministic_algorithms != a.deterministic_algorithms ||
      e.deterministic_algorithms_warn_only != a.deterministic_algorithms_warn_only) {
    out += "deterministic_algorithms ";
  }
  if (e.allow_tf32 != a.allow_tf32 || e.cuda_matmul_precision != a.cuda_matmul_precision) {
    out += "cuda_matmul_precision ";
  }
  if (e.allow_fp16_reduce != a.allow_fp16_reduce) out += "allow_fp16_reduce ";
  if (e.allow_bf16_reduce != a.allow_bf16_reduce) out += "allow_bf16_reduce ";
  if (e.num_threads != a.num_threads) out += "num_threads ";
  if (e.default_dtype != a.default_dtype) out += "default_dtype ";
  return out;
}

std::string GlobalStateJson(const GlobalState& s) {
  // PyTorch's ten autocast devices after cpu and cuda keep their defaults.
  constexpr const char* kOtherDtypes = ",5,15,5,5,15,15,5,5";
  constexpr const char* kOtherEnabled = ",false,false,false,false,false,false,false,false";
  return absl::StrCat(
      "{\"allow_bf16_reduce\":", s.allow_bf16_reduce ? 1 : 0,
      ",\"allow_fp16_reduce\":", s.allow_fp16_reduce ? 1 : 0,
      ",\"allow_tf32\":", Bool(s.allow_tf32),
      ",\"autocast_state\":{\"cached_enabled\":", Bool(s.autocast_cache_enabled), ",\"dtype\":[",
      ScalarTypeNumber(s.autocast_cpu_dtype), ",", ScalarTypeNumber(s.autocast_cuda_dtype),
      kOtherDtypes, "],\"enabled\":[", Bool(s.autocast_cpu_enabled), ",",
      Bool(s.autocast_cuda_enabled), kOtherEnabled,
      "]},\"cuda_matmul_precision\":", s.cuda_matmul_precision,
      ",\"default_dtype\":", ScalarTypeNumber(s.default_dtype),
      ",\"deterministic_algorithms\":", Bool(s.deterministic_algorithms),
      ",\"deterministic_algorithms_warn_only\":", Bool(s.deterministic_algorithms_warn_only),
      ",\"grad_mode\":", Bool(s.grad_mode), ",\"num_threads\":", s.num_threads,
      ",\"torch_function\":", Bool(s.torch_function),
      ",\"torch_function_all_disabled\":", Bool(s.torch_function_all_disabled), "}");
}

}  // namespace tc::guards
