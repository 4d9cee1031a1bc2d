// The text of the formula headers (tc/kernels/formulas/) that eager's
// kernels share with generated code. A code generator whose output cannot
// link libtc (codegen-cpu's prelude) pastes this text into its translation
// units, so eager and generated code compute each element with the same
// lines; the text is embedded at build time (scripts/embed_files.py).
#ifndef TC_KERNELS_FORMULA_TEXT_H_
#define TC_KERNELS_FORMULA_TEXT_H_

#include <span>
#include <string_view>

namespace tc::kernels {

struct FormulaFile {
  std::string_view path;  // e.g. libs/kernels/include/tc/kernels/formulas/clamp.h
  std::string_view text;  // the file's bytes, exactly
};

// Every formula header, each after any it uses. They include only the
// standard library and Highway (hwy/highway.h, hwy/contrib/math), and put
// their vector code in tc::kernels::formulas::HWY_NAMESPACE.
std::span<const FormulaFile> FormulaFiles();

}  // namespace tc::kernels

#endif  // TC_KERNELS_FORMULA_TEXT_H_
