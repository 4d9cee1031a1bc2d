// A line-by-line port of torch/_tensor_str.py (_Formatter, _vector_str,
// _tensor_str_with_formatter, get_summarized_data, _str_intern's suffixes and
// _add_suffixes). Python's float formatting ("{:.4f}", "{:.4e}") is correctly
// rounded, as glibc's printf is, so snprintf gives the same digits; only
// nan/inf spelling differs and is handled here.
#include "tc/tensor/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "tc/tensor/dispatch.h"

namespace tc::tensor {
namespace {

// Python's format(value, ".{precision}{conv}") for a float, conv 'f' or 'e'.
std::string PyFloatFormat(double v, int precision, char conv) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  const char fmt[] = {'%', '.', '*', conv, '\0'};
  int n = std::snprintf(nullptr, 0, fmt, precision, v);
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), fmt, precision, v);
  out.resize(static_cast<size_t>(n));
  return out;
}

std::string PadLeft(std::string s, int64_t width) {
  if (static_cast<int64_t>(s.size()) < width) s.insert(0, width - s.size(), ' ');
  return s;
}

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// str(tuple(t.shape)): "(2, 3)", "(0,)", "()".
std::string SizeTuple(const Shape& sizes) {
  if (sizes.size() == 1) return absl::StrCat("(", sizes[0], ",)");
  return absl::StrCat("(", absl::StrJoin(sizes, ", "), ")");
}

// Reads elements of `t` by element offset from its first element.
class Reader {
 public:
  explicit Reader(const Tensor& t) : dtype_(t.dtype()), base_(t.raw_data()) {}

  double Float(int64_t offset) const {
    return VisitDType(dtype_, [&]<typename T>(TypeTag<T>) {
      return CastValue<double>(static_cast<const T*>(base_)[offset]);
    });
  }
  int64_t Int(int64_t offset) const {
    return VisitDType(dtype_, [&]<typename T>(TypeTag<T>) -> int64_t {
      if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
        return static_cast<int64_t>(static_cast<float>(static_cast<const T*>(base_)[offset]));
      } else {
        return static_cast<int64_t>(static_cast<const T*>(base_)[offset]);
      }
    });
  }

 private:
  DType dtype_;
  const void* base_;
};

// torch._tensor_str._Formatter: one width and notation for every element.
class Formatter {
 public:
  Formatter(const Tensor& t, const Reader& reader, const std::vector<int64_t>& offsets,
            const FormatOptions& options)
      : reader_(reader),
        floating_(IsFloatingPoint(t.dtype())),
        is_bool_(t.dtype() == DType::kBool),
        precision_(options.precision) {
    if (!floating_) {
      for (int64_t off : offsets) {
        max_width_ = std::max<int64_t>(max_width_, IntString(off).size());
      }
      return;
    }
    std::vector<double> values;
    for (int64_t off : offsets) {
      double v = reader_.Float(off);
      if (std::isfinite(v) && v != 0) values.push_back(v);
    }
    if (values.empty()) return;
    double min_abs = std::fabs(values[0]), max_abs = min_abs;
    for (double v : values) {
      min_abs = std::min(min_abs, std::fabs(v));
      max_abs = std::max(max_abs, std::fabs(v));
      if (v != std::ceil(v)) int_mode_ = false;
    }
    sci_mode_ = options.sci_mode.has_value()
                    ? *options.sci_mode
                    : (max_abs / min_abs > 1000.0 || max_abs > 1.0e8 || min_abs < 1.0e-4);
    for (double v : values) {
      int64_t len;
      if (sci_mode_) {
        len = PyFloatFormat(v, precision_, 'e').size();
      } else if (int_mode_) {
        // The "." int mode appends to mark a float.
        len = PyFloatFormat(v, 0, 'f').size() + 1;
      } else {
        len = PyFloatFormat(v, precision_, 'f').size();
      }
      max_width_ = std::max(max_width_, len);
    }
  }

  int64_t width() const { return max_width_; }

  std::string Format(int64_t offset) const {
    std::string ret;
    if (floating_) {
      double v = reader_.Float(offset);
      if (sci_mode_) {
        ret = PadLeft(PyFloatFormat(v, precision_, 'e'), max_width_);
      } else if (int_mode_) {
        ret = PyFloatFormat(v, 0, 'f');
        if (std::isfinite(v)) ret += ".";
      } else {
        ret = PyFloatFormat(v, precision_, 'f');
      }
    } else {
      ret = IntString(offset);
    }
    return PadLeft(std::move(ret), max_width_);
  }

 private:
  std::string IntString(int64_t offset) const {
    int64_t v = reader_.Int(offset);
    if (is_bool_) return v != 0 ? "True" : "False";
    return absl::StrCat(v);
  }

  const Reader& reader_;
  bool floating_;
  bool is_bool_;
  int precision_;
  bool int_mode_ = true;
  bool sci_mode_ = false;
  int64_t max_width_ = 1;
};

class Printer {
 public:
  Printer(const Tensor& t, const FormatOptions& options)
      : t_(t), options_(options), reader_(t), edge_(std::max(options.edgeitems, 0)) {}

  // torch._tensor_str._tensor_str for a non-empty tensor.
  std::string TensorStr(int64_t indent) {
    bool summarize = t_.numel() > options_.threshold;
    std::vector<int64_t> offsets;
    if (summarize) {
      GatherSummarized(0, 0, &offsets);
    } else {
      GatherAll(0, 0, &offsets);
    }
    formatter_.emplace(t_, reader_, offsets, options_);
    return Str(0, 0, indent, summarize);
  }

 private:
  int64_t Rank() const { return t_.dim(); }

  void GatherAll(int64_t d, int64_t offset, std::vector<int64_t>* out) const {
    if (d == Rank()) {
      out->push_back(offset);
      return;
    }
    for (int64_t i = 0; i < t_.size(d); ++i) GatherAll(d + 1, offset + i * t_.stride(d), out);
  }

  // get_summarized_data: the elements the summarized print shows.
  void GatherSummarized(int64_t d, int64_t offset, std::vector<int64_t>* out) const {
    int64_t remaining = Rank() - d;
    if (remaining == 0) {
      out->push_back(offset);
      return;
    }
    int64_t n = t_.size(d), stride = t_.stride(d);
    if (remaining == 1) {
      // With edgeitems 0, PyTorch's cat(self[:0], self[-0:]) is every element.
      if (edge_ > 0 && n > 2 * edge_) {
        for (int64_t i = 0; i < edge_; ++i) out->push_back(offset + i * stride);
        for (int64_t i = n - edge_; i < n; ++i) out->push_back(offset + i * stride);
      } else {
        for (int64_t i = 0; i < n; ++i) out->push_back(offset + i * stride);
      }
      return;
    }
    if (edge_ == 0) return;
    if (n > 2 * edge_) {
      for (int64_t i = 0; i < edge_; ++i) GatherSummarized(d + 1, offset + i * stride, out);
      for (int64_t i = n - edge_; i < n; ++i) GatherSummarized(d + 1, offset + i * stride, out);
    } else {
      for (int64_t i = 0; i < n; ++i) GatherSummarized(d + 1, offset + i * stride, out);
    }
  }

  // _tensor_str_with_formatter on the sub-tensor at dimension `d`.
  std::string Str(int64_t d, int64_t offset, int64_t indent, bool summarize) const {
    int64_t remaining = Rank() - d;
    if (remaining == 0) return formatter_->Format(offset);
    if (remaining == 1) return VectorStr(d, offset, indent, summarize);
    int64_t n = t_.size(d), stride = t_.stride(d);
    std::vector<std::string> slices;
    auto add = [&](int64_t i) {
      slices.push_back(Str(d + 1, offset + i * stride, indent + 1, summarize));
    };
    if (summarize && n > 2 * edge_) {
      for (int64_t i = 0; i < edge_; ++i) add(i);
      slices.push_back("...");
      for (int64_t i = n - edge_; i < n; ++i) add(i);
    } else {
      for (int64_t i = 0; i < n; ++i) add(i);
    }
    std::string sep =
        absl::StrCat(",", std::string(remaining - 1, '\n'), std::string(indent + 1, ' '));
    return absl::StrCat("[", absl::StrJoin(slices, sep), "]");
  }

  std::string VectorStr(int64_t d, int64_t offset, int64_t indent, bool summarize) const {
    int64_t element_length = formatter_->width() + 2;
    int64_t per_line = std::max<int64_t>(1, FloorDiv(options_.linewidth - indent, element_length));
    int64_t n = t_.size(d), stride = t_.stride(d);
    std::vector<std::string> data;
    auto add = [&](int64_t i) { data.push_back(formatter_->Format(offset + i * stride)); };
    if (summarize && edge_ == 0) {
      data.push_back("...");
    } else if (summarize && n > 2 * edge_) {
      for (int64_t i = 0; i < edge_; ++i) add(i);
      data.push_back(" ...");
      for (int64_t i = n - edge_; i < n; ++i) add(i);
    } else {
      for (int64_t i = 0; i < n; ++i) add(i);
    }
    std::vector<std::string> lines;
    for (size_t i = 0; i < data.size(); i += per_line) {
      size_t end = std::min(data.size(), i + static_cast<size_t>(per_line));
      lines.push_back(absl::StrJoin(data.begin() + i, data.begin() + end, ", "));
    }
    return absl::StrCat(
        "[", absl::StrJoin(lines, absl::StrCat(",\n", std::string(indent + 1, ' '))), "]");
  }

  const Tensor& t_;
  const FormatOptions& options_;
  Reader reader_;
  int64_t edge_;
  std::optional<Formatter> formatter_;
};

// _add_suffixes, including its count of the last line's length (which adds
// 2 when the text has no newline, as rfind returns -1).
std::string AddSuffixes(const std::string& text, const std::vector<std::string>& suffixes,
                        int64_t indent, int linewidth) {
  std::string out = text;
  size_t nl = text.rfind('\n');
  int64_t last_line_len = static_cast<int64_t>(text.size()) -
                          (nl == std::string::npos ? -1 : static_cast<int64_t>(nl)) + 1;
  for (const std::string& suffix : suffixes) {
    int64_t suffix_len = static_cast<int64_t>(suffix.size());
    if (last_line_len + suffix_len + 2 > linewidth) {
      absl::StrAppend(&out, ",\n", std::string(indent, ' '), suffix);
      last_line_len = indent + suffix_len;
    } else {
      absl::StrAppend(&out, ", ", suffix);
      last_line_len += suffix_len + 2;
    }
  }
  out += ")";
  return out;
}

}  // namespace

std::string FormatTensor(const Tensor& t, const FormatOptions& options) {
  if (!t.defined()) return "tensor(undefined)";
  const std::string prefix = "tensor(";
  const int64_t indent = static_cast<int64_t>(prefix.size());
  std::vector<std::string> suffixes;
  if (options.device.has_value() && !options.device->is_cpu()) {
    suffixes.push_back(absl::StrCat("device='", options.device->ToString(), "'"));
  }
  const std::string dtype_suffix = "dtype=torch." + std::string(DTypeName(t.dtype()));
  std::string body;
  if (!t.device().is_cpu()) {
    // No data (meta), or memory this library cannot read: printed as
    // PyTorch prints a meta tensor, with the device named. Unlike a CPU
    // tensor's, the dtype shows for every dtype but float32 (int64 and
    // bool included), as no value tells it.
    if (!options.device.has_value()) {
      suffixes.push_back(absl::StrCat("device='", t.device().ToString(), "'"));
    }
    suffixes.push_back(absl::StrCat("size=", SizeTuple(t.sizes())));
    if (t.dtype() != DType::kFloat32) suffixes.push_back(dtype_suffix);
    body = "...";
  } else if (t.numel() == 0) {
    // NumPy-style: the shape is shown unless it is (0,), and the dtype unless
    // it is the default float32 (no element says it is an integer).
    if (t.dim() != 1) suffixes.push_back(absl::StrCat("size=", SizeTuple(t.sizes())));
    if (t.dtype() != DType::kFloat32) suffixes.push_back(dtype_suffix);
    body = "[]";
  } else {
    if (options.edgeitems == 0) suffixes.push_back(absl::StrCat("size=", SizeTuple(t.sizes())));
    DType d = t.dtype();
    if (d != DType::kFloat32 && d != DType::kInt64 && d != DType::kBool) {
      suffixes.push_back(dtype_suffix);
    }
    body = Printer(t, options).TensorStr(indent);
  }
  suffixes.insert(suffixes.end(), options.suffixes.begin(), options.suffixes.end());
  return AddSuffixes(prefix + body, suffixes, indent, options.linewidth);
}

}  // namespace tc::tensor
