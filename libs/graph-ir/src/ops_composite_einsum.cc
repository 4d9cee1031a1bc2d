// The einsum composite: ATen's algorithm. Each operand is permuted into one
// layout (output labels, then contracted ones; repeated labels taken as
// diagonals, missing ones as size-1 dims); labels only one operand has are
// summed out first; operands are then contracted left to right, each pair
// through one bmm (sumproduct_pair), and the contracted dims dropped.
#include <array>
#include <numeric>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr int kLabels = 52;  // A-Z then a-z, as ATen numbers them
constexpr int kEllipsis = kLabels;

bool IsSubscript(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
int LabelIndex(char c) { return c <= 'Z' ? c - 'A' : c - 'a' + 26; }
char LabelChar(int i) { return static_cast<char>(i < 26 ? 'A' + i : 'a' + i - 26); }

// The operands' labels (kEllipsis for "...") parsed from the left side.
absl::StatusOr<std::vector<std::vector<int>>> ParseInputs(std::string_view lhs, size_t num_ops) {
  std::vector<std::vector<int>> labels(num_ops);
  size_t op = 0;
  bool found_ell = false;
  for (size_t i = 0; i < lhs.size(); ++i) {
    char c = lhs[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (found_ell) {
        return Invalid(absl::StrFormat(
            "einsum(): found '.' for operand %d for which an ellipsis was already found", op));
      }
      if (!(i + 2 < lhs.size() && lhs[i + 1] == '.' && lhs[i + 2] == '.')) {
        return Invalid(absl::StrFormat(
            "einsum(): found '.' for operand %d that is not part of any ellipsis", op));
      }
      i += 2;
      labels[op].push_back(kEllipsis);
      found_ell = true;
    } else if (c == ',') {
      if (++op >= num_ops) {
        return Invalid("einsum(): fewer operands were provided than specified in the equation");
      }
      found_ell = false;
    } else if (!IsSubscript(c)) {
      return Invalid(absl::StrFormat(
          "einsum(): invalid subscript given at index %d in the equation string, subscripts must "
          "be in [a-zA-Z]",
          i));
    } else {
      labels[op].push_back(LabelIndex(c));
    }
  }
  if (op + 1 != num_ops) {
    return Invalid("einsum(): more operands were provided than specified in the equation");
  }
  return labels;
}

struct Layout {
  std::array<int64_t, kLabels> perm_index;  // label -> dim of the common layout
  int64_t ell_index = 0;                    // first ellipsis dim
  int64_t ell_dims = 0;
  int64_t out_size = 0;  // dims [0, out_size) are the output's
  int64_t total = 0;
};

// Places output labels (explicit `rhs`, or the implicit ones: ellipsis,
// then labels seen once in alphabetical order) then the contracted ones.
absl::Status PlaceLabels(std::string_view equation, size_t arrow,
                         const std::array<int, kLabels>& count, Layout& l) {
  l.perm_index.fill(-1);
  int64_t next = 0;
  bool ell_in_output = false;
  if (arrow == std::string_view::npos) {
    next = l.ell_dims;
    ell_in_output = true;
    for (int s = 0; s < kLabels; ++s) {
      if (count[s] == 1) l.perm_index[s] = next++;
    }
  } else {
    std::string_view rhs = equation.substr(arrow + 2);
    for (size_t i = 0; i < rhs.size(); ++i) {
      char c = rhs[i];
      if (c == ' ') continue;
      if (c == '.') {
        if (ell_in_output) {
          return Invalid("einsum(): found '.' for output but an ellipsis (...) was already found");
        }
        if (!(i + 2 < rhs.size() && rhs[i + 1] == '.' && rhs[i + 2] == '.')) {
          return Invalid("einsum(): found '.' for output that is not part of any ellipsis (...)");
        }
        i += 2;
        l.ell_index = next;
        next += l.ell_dims;
        ell_in_output = true;
        continue;
      }
      if (!IsSubscript(c)) {
        return Invalid(absl::StrFormat(
            "einsum(): invalid subscript given at index %d in the equation string, subscripts "
            "must be in [a-zA-Z]",
            arrow + 2 + i));
      }
      int s = LabelIndex(c);
      if (count[s] == 0 || l.perm_index[s] != -1) {
        return Invalid(absl::StrFormat(
            "einsum(): output subscript %c %s", c,
            l.perm_index[s] > -1 ? "appears more than once in the output"
                                 : "does not appear in the equation for any input operand"));
      }
      l.perm_index[s] = next++;
    }
  }
  l.out_size = next;
  if (!ell_in_output) {
    l.ell_index = next;
    next += l.ell_dims;
  }
  for (int s = 0; s < kLabels; ++s) {
    if (count[s] > 0 && l.perm_index[s] == -1) l.perm_index[s] = next++;
  }
  l.total = next;
  return absl::OkStatus();
}

struct Sizes {
  std::array<int64_t, kLabels> label;
  std::vector<int64_t> ell;
  std::vector<int> dim_counts;  // operands with a non-1 size in each dim
};

// Operand `i` permuted into the common layout.
RefOr PermuteOperand(Emitter& e, EmitRef op, const std::vector<int>& labels, size_t i,
                     const Layout& l, Sizes& sz) {
  std::vector<int64_t> perm(l.total, -1);
  int64_t dim = 0;
  const int64_t rank = e.Meta(op).dim();
  for (int s : labels) {
    const Shape& sizes = e.Meta(op).sizes;
    if (s == kEllipsis) {
      int64_t ndim = rank - (static_cast<int64_t>(labels.size()) - 1);
      for (int64_t j = l.ell_dims - ndim; j < l.ell_dims; ++j) {
        if (sizes[dim] != 1) {
          if (sz.ell[j] != 1 && sz.ell[j] != sizes[dim]) {
            return Invalid(absl::StrFormat(
                "einsum(): dimension %d covered by ellipsis in operand %dhas size %d which does "
                "not broadcast with previously seen ellipsis with size %d for the respective "
                "dimension",
                dim, i, sizes[dim], sz.ell[j]));
          }
          sz.ell[j] = sizes[dim];
          ++sz.dim_counts[l.ell_index + j];
        }
        perm[l.ell_index + j] = dim++;
      }
    } else if (perm[l.perm_index[s]] == -1) {
      if (sizes[dim] != 1) {
        if (sz.label[s] != 1 && sz.label[s] != sizes[dim]) {
          return Invalid(absl::StrFormat(
              "einsum(): subscript %c has size %d for operand %d which does not broadcast with "
              "previously seen size %d",
              LabelChar(s), sizes[dim], i, sz.label[s]));
        }
        sz.label[s] = sizes[dim];
        ++sz.dim_counts[l.perm_index[s]];
      }
      perm[l.perm_index[s]] = dim++;
    } else {
      // A repeated label: the diagonal, moved to where the label first was.
      int64_t prev = perm[l.perm_index[s]];
      if (sizes[dim] != sizes[prev]) {
        return Invalid(absl::StrFormat(
            "einsum(): subscript %c is repeated for operand %d but the sizes don't match, %d != %d",
            LabelChar(s), i, sizes[dim], sizes[prev]));
      }
      TC_ASSIGN_OR_RETURN(op, Emit1(e, "diagonal", {op, CInt(0), CInt(prev), CInt(dim)}));
      // movedim(-1, prev) as a permute (composites emit core ops only).
      const int64_t last = e.Meta(op).dim() - 1;
      Shape order;
      for (int64_t j = 0; j < prev; ++j) order.push_back(j);
      order.push_back(last);
      for (int64_t j = prev; j < last; ++j) order.push_back(j);
      TC_ASSIGN_OR_RETURN(op, Emit1(e, "permute", {op, CList(order)}));
    }
  }
  // Size-1 dims for the labels this operand lacks.
  Shape sizes = e.Meta(op).sizes;
  for (int64_t& p : perm) {
    if (p == -1) {
      p = dim++;
      sizes.push_back(1);
    }
  }
  TC_ASSIGN_OR_RETURN(op, Emit1(e, "reshape", {op, CList(sizes)}));
  return Emit1(e, "permute", {op, CList(perm)});
}

RefOr SumKeep(Emitter& e, EmitRef x, const Shape& dims) {
  return Emit1(e, "sum", {x, CList(dims), CBool(true), CNone()});
}

// ATen's sumproduct_pair with keepdim: dims in both operands (batch), in
// the left only, summed, in the right only, as one bmm.
RefOr SumProductPair(Emitter& e, EmitRef left, EmitRef right, const std::vector<bool>& sum) {
  const int64_t n = static_cast<int64_t>(sum.size());
  Shape lro, lo, sd, ro;
  int64_t lro_size = 1, lo_size = 1, sum_size = 1, ro_size = 1;
  for (int64_t d = 0; d < n; ++d) {
    const int64_t ls = e.Meta(left).sizes[d], rs = e.Meta(right).sizes[d];
    if (sum[d]) {
      if (ls != 1 && rs != 1) {
        sum_size *= ls;
      } else if (ls != 1) {
        TC_ASSIGN_OR_RETURN(left, SumKeep(e, left, {d}));
      } else if (rs != 1) {
        TC_ASSIGN_OR_RETURN(right, SumKeep(e, right, {d}));
      }
      sd.push_back(d);
    } else if (ls != 1 && rs != 1) {
      lro.push_back(d);
      lro_size *= ls;
    } else if (ls != 1) {
      lo.push_back(d);
      lo_size *= ls;
    } else {
      ro.push_back(d);
      ro_size *= rs;
    }
  }
  Shape lperm = lro, rperm = lro, order = lro, out_sizes;
  for (const Shape* g : {&lo, &sd, &ro}) lperm.insert(lperm.end(), g->begin(), g->end());
  for (const Shape* g : {&sd, &ro, &lo}) rperm.insert(rperm.end(), g->begin(), g->end());
  for (const Shape* g : {&lo, &sd, &ro}) order.insert(order.end(), g->begin(), g->end());
  const Shape &lsz = e.Meta(left).sizes, &rsz = e.Meta(right).sizes;
  for (int64_t d : lro) out_sizes.push_back(lsz[d]);
  for (int64_t d : lo) out_sizes.push_back(lsz[d]);
  for (size_t k = 0; k < sd.size(); ++k) out_sizes.push_back(1);
  for (int64_t d : ro) out_sizes.push_back(rsz[d]);
  Shape inverse(n);
  for (int64_t k = 0; k < n; ++k) inverse[order[k]] = k;
  TC_ASSIGN_OR_RETURN(left, Emit1(e, "permute", {left, CList(lperm)}));
  TC_ASSIGN_OR_RETURN(left, Emit1(e, "reshape", {left, CList({lro_size, lo_size, sum_size})}));
  TC_ASSIGN_OR_RETURN(right, Emit1(e, "permute", {right, CList(rperm)}));
  TC_ASSIGN_OR_RETURN(right, Emit1(e, "reshape", {right, CList({lro_size, sum_size, ro_size})}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "bmm", {left, right}));
  TC_ASSIGN_OR_RETURN(out, Emit1(e, "reshape", {out, CList(out_sizes)}));
  return Emit1(e, "permute", {out, CList(inverse)});
}

// Contracts the permuted operands left to right.
RefOr Contract(Emitter& e, std::vector<EmitRef> ops, const Layout& l, Sizes& sz) {
  // Contracted dims only one operand has are summed out of it first.
  for (EmitRef& op : ops) {
    Shape dims;
    for (int64_t d = l.out_size; d < l.total; ++d) {
      if (e.Meta(op).sizes[d] != 1 && sz.dim_counts[d] == 1) {
        dims.push_back(d);
        --sz.dim_counts[d];
      }
    }
    if (!dims.empty()) {
      TC_ASSIGN_OR_RETURN(op, SumKeep(e, op, dims));
    }
  }
  EmitRef result = ops[0];
  for (size_t i = 1; i < ops.size(); ++i) {
    EmitRef operand = ops[i];
    std::vector<bool> sum(l.total, false);
    bool any = false;
    for (int64_t d = l.out_size; d < l.total; ++d) {
      const int64_t rs = e.Meta(result).sizes[d], os = e.Meta(operand).sizes[d];
      if (rs != 1 && os != 1) {
        if (--sz.dim_counts[d] == 1) {
          sum[d] = any = true;
          --sz.dim_counts[d];
        }
      } else if (sz.dim_counts[d] == 1) {
        if (rs != 1) {
          TC_ASSIGN_OR_RETURN(result, SumKeep(e, result, {d}));
          --sz.dim_counts[d];
        } else if (os != 1) {
          TC_ASSIGN_OR_RETURN(operand, SumKeep(e, operand, {d}));
          --sz.dim_counts[d];
        }
      }
    }
    if (any) {
      TC_ASSIGN_OR_RETURN(result, SumProductPair(e, result, operand, sum));
    } else {
      TC_ASSIGN_OR_RETURN(result, Emit1(e, "mul", {result, operand}));
    }
  }
  return result;
}

Refs Einsum(Emitter& e, EArgs a) {
  const std::string& equation = Str(a, 0);
  std::vector<EmitRef> operands = RefList(a, 1);
  if (operands.empty()) {
    return Invalid("einsum(): must provide at least one operand");
  }
  const size_t arrow = equation.find("->");
  TC_ASSIGN_OR_RETURN(std::vector<std::vector<int>> labels,
                      ParseInputs(std::string_view(equation).substr(0, arrow), operands.size()));
  std::array<int, kLabels> count{};
  Layout l;
  for (size_t i = 0; i < operands.size(); ++i) {
    const int64_t ndims = e.Meta(operands[i]).dim();
    int64_t nlabels = static_cast<int64_t>(labels[i].size());
    bool has_ell = false;
    for (int s : labels[i]) {
      if (s == kEllipsis) {
        --nlabels;
        has_ell = true;
        l.ell_dims = std::max(l.ell_dims, ndims - nlabels);
      } else {
        ++count[s];
      }
    }
    if (has_ell && nlabels > ndims) {
      return Invalid(absl::StrFormat(
          "einsum(): the number of subscripts in the equation (%d) is more than the number of "
          "dimensions (%d) for operand %d",
          nlabels, ndims, i));
    }
    if (!has_ell && nlabels != ndims) {
      return Invalid(absl::StrFormat(
          "einsum(): the number of subscripts in the equation (%d) does not match the number of "
          "dimensions (%d) for operand %d and no ellipsis was given",
          nlabels, ndims, i));
    }
  }
  TC_RETURN_IF_ERROR(PlaceLabels(equation, arrow, count, l));
  Sizes sz;
  sz.label.fill(1);
  sz.ell.assign(l.ell_dims, 1);
  sz.dim_counts.assign(l.total, 0);
  std::vector<EmitRef> permuted;
  for (size_t i = 0; i < operands.size(); ++i) {
    TC_ASSIGN_OR_RETURN(EmitRef op, PermuteOperand(e, operands[i], labels[i], i, l, sz));
    permuted.push_back(op);
  }
  if (permuted.size() == 1) {
    if (l.total == l.out_size) return std::vector<EmitRef>{permuted[0]};
    Shape dims(l.total - l.out_size);
    std::iota(dims.begin(), dims.end(), l.out_size);
    TC_ASSIGN_OR_RETURN(EmitRef out,
                        Emit1(e, "sum", {permuted[0], CList(dims), CBool(false), CNone()}));
    return std::vector<EmitRef>{out};
  }
  TC_ASSIGN_OR_RETURN(EmitRef result, Contract(e, std::move(permuted), l, sz));
  if (l.total > l.out_size) {
    Shape sizes = e.Meta(result).sizes;
    sizes.resize(l.out_size);
    TC_ASSIGN_OR_RETURN(result, Emit1(e, "reshape", {result, CList(sizes)}));
  }
  return std::vector<EmitRef>{result};
}

}  // namespace

void AddCompositeEinsumOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&Einsum>(
      "einsum", {Req("equation", ArgType::kString), Req("tensors", ArgType::kTensorList)}));
}

}  // namespace tc::graph_ir::internal
