#include "src/eager_values.h"

#include "src/tape_emitter.h"

namespace tc::autodiff::internal {

std::optional<int64_t> KnownZeroCount(const BackwardArgs& b, EmitRef r) {
  const auto* tape = dynamic_cast<const TapeEmitter*>(&b.emitter);
  if (tape == nullptr || r.index < 0) return std::nullopt;
  const tensor::Tensor& t = tape->tensor(r);
  if (!t.defined() || t.is_meta()) return std::nullopt;
  const tensor::Tensor c = t.contiguous();
  int64_t n = 0;
  for (int64_t i = 0; i < c.numel(); ++i) n += c.ElementAsDouble(i) == 0 ? 1 : 0;
  return n;
}

}  // namespace tc::autodiff::internal
