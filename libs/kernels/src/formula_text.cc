// The embedded formula headers (see formula_text.h).
#include "tc/kernels/formula_text.h"

#include <array>

#include "kernels_formulas_embedded.h"

namespace tc::kernels {

std::span<const FormulaFile> FormulaFiles() {
  namespace e = formulas_embedded;
  static const std::array<FormulaFile, 7> kFiles = {{
      {e::kArithH.name, e::kArithH.text},
      {e::kClampH.name, e::kClampH.text},
      {e::kGeluErfInlH.name, e::kGeluErfInlH.text},
      // norm_rows-inl.h uses unary_math-inl.h (softmax's exp) and
      // stream_store-inl.h (its rows' stores).
      {e::kUnaryMathInlH.name, e::kUnaryMathInlH.text},
      {e::kStreamStoreInlH.name, e::kStreamStoreInlH.text},
      {e::kNormRowsInlH.name, e::kNormRowsInlH.text},
      {e::kSumCascadeInlH.name, e::kSumCascadeInlH.text},
  }};
  return kFiles;
}

}  // namespace tc::kernels
