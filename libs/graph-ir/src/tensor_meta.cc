#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "tc/graph_ir/op.h"

namespace tc::graph_ir {

TensorMeta TensorMeta::Contiguous(DType dtype, tensor::IntSpan sizes, tensor::Device device) {
  return TensorMeta{dtype, Shape(sizes.begin(), sizes.end()), tensor::ContiguousStrides(sizes),
                    device};
}

std::string TensorMeta::ToString() const {
  std::string out =
      absl::StrCat(std::string(tensor::DTypeName(dtype)), tensor::ShapeToString(sizes));
  // Exact: a size-1 dim with an unusual stride still prints its strides, so
  // the text format round-trips every meta.
  if (strides != tensor::ContiguousStrides(sizes)) {
    absl::StrAppend(&out, "{", absl::StrJoin(strides, ", "), "}");
  }
  if (!device.is_cpu()) absl::StrAppend(&out, "@", device.ToString());
  return out;
}

}  // namespace tc::graph_ir
