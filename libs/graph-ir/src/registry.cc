// The op table and the schema checks every InferMeta call runs first.
#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/support/enum_table.h"
#include "tc/support/py_repr.h"
#include "tc/support/status.h"

#include "composite_util.h"
#include "meta_util.h"

namespace tc::graph_ir {
namespace {

struct Registry {
  std::vector<OpDef> defs;
  std::vector<const OpDef*> ptrs;
  absl::flat_hash_map<std::string_view, const OpDef*> by_name;
};

const Registry& GetRegistry() {
  static const Registry* registry = [] {
    auto* r = new Registry;
    internal::AddPointwiseOps(r->defs);
    internal::AddPointwiseExtraOps(r->defs);
    internal::AddReductionOps(r->defs);
    internal::AddViewOps(r->defs);
    internal::AddExternOps(r->defs);
    internal::AddCreationOps(r->defs);
    internal::AddRandomOps(r->defs);
    internal::AddScanOps(r->defs);
    internal::AddSortOps(r->defs);
    internal::AddBucketizeOps(r->defs);
    internal::AddShapeExtraOps(r->defs);
    internal::AddIndexWriteOps(r->defs);
    internal::AddCompositeReductionOps(r->defs);
    internal::AddCompositeShapeOps(r->defs);
    internal::AddCompositeShapeExtraOps(r->defs);
    internal::AddCompositePadOps(r->defs);
    internal::AddCompositeNnOps(r->defs);
    internal::AddCompositeNormOps(r->defs);
    internal::AddCompositeNormBackwardOps(r->defs);
    internal::AddCompositeAttentionBackwardOps(r->defs);
    internal::AddCompositeActivationOps(r->defs);
    internal::AddCompositeLossOps(r->defs);
    internal::AddCompositeLossExtraOps(r->defs);
    internal::AddCompositeCreationOps(r->defs);
    internal::AddCompositeCountOps(r->defs);
    internal::AddCompositeDropoutOps(r->defs);
    internal::AddCompositeEinsumOps(r->defs);
    internal::AddCompositeLinalgOps(r->defs);
    internal::AddAttentionOps(r->defs);
    internal::AddConvOps(r->defs);
    internal::AddPoolOps(r->defs);
    internal::AddUpsampleOps(r->defs);
    internal::AddFoldOps(r->defs);
    internal::AddConvBackwardOps(r->defs);
    internal::AddPoolBackwardOps(r->defs);
    internal::AddUpsampleBackwardOps(r->defs);
    internal::AddNormBackwardOps(r->defs);
    for (const OpDef& op : r->defs) {
      r->ptrs.push_back(&op);
      r->by_name.emplace(op.name, &op);
    }
    return r;
  }();
  return *registry;
}

// How an argument type reads in an error ("must be Tensor or Scalar").
std::string_view ExpectedTypeText(ArgType type) {
  switch (type) {
    case ArgType::kTensorOrScalar:
      return "Tensor or Scalar";
    case ArgType::kScalar:
      return "Number";
    default:
      return ArgTypeName(type);
  }
}

absl::Status CheckSameDevice(std::span<const MetaArg> args) {
  const tensor::Device* first = nullptr;
  auto visit = [&first](const TensorMeta& t) -> absl::Status {
    if (!first) {
      first = &t.device;
    } else if (!(t.device == *first)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "Expected all tensors to be on the same device, but found at least two devices, %s and "
          "%s!",
          first->ToString(), t.device.ToString()));
    }
    return absl::OkStatus();
  };
  for (const MetaArg& arg : args) {
    if (const auto* t = std::get_if<TensorMeta>(&arg)) TC_RETURN_IF_ERROR(visit(*t));
    if (const auto* l = std::get_if<std::vector<TensorMeta>>(&arg)) {
      for (const TensorMeta& t : *l) TC_RETURN_IF_ERROR(visit(t));
    }
  }
  return absl::OkStatus();
}

// Outputs whose element or byte count overflows int64 (sizes multiplied
// from huge arguments, e.g. mm of two expanded tensors) are errors here, so
// no layer below ever computes with a wrapped size.
absl::StatusOr<std::vector<TensorMeta>> CheckOutputSizes(
    const OpDef& op, absl::StatusOr<std::vector<TensorMeta>> metas) {
  if (!metas.ok()) return metas;
  for (const TensorMeta& m : *metas) {
    if (op.category == OpCategory::kView) {
      TC_RETURN_IF_ERROR(internal::CheckNewSizes(m.sizes));
    } else {
      TC_RETURN_IF_ERROR(internal::CheckStorageSize(m.sizes, m.dtype));
    }
  }
  return metas;
}

}  // namespace

namespace internal {

absl::Status TypeError(const OpDef& op, size_t index, std::string_view given) {
  return absl::InvalidArgumentError(absl::StrFormat("%s(): argument '%s' must be %s, not %s",
                                                    op.name, op.args[index].name,
                                                    ExpectedTypeText(op.args[index].type), given));
}

}  // namespace internal

const OpDef* FindOp(std::string_view name) {
  const auto& by_name = GetRegistry().by_name;
  auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : it->second;
}

std::span<const OpDef* const> AllOps() { return GetRegistry().ptrs; }

namespace {

// In ArgType's and OpCategory's orders.
constexpr support::EnumTable<ArgType::kString, std::string_view> kArgTypeNames({
    "Tensor",
    "Tensor[]",
    "Tensor|Scalar",
    "Scalar",
    "int",
    "int[]",
    "bool",
    "dtype",
    "str",
});
constexpr support::EnumTable<OpCategory::kComposite, std::string_view> kOpCategoryNames({
    "pointwise",
    "reduction",
    "view",
    "extern",
    "random",
    "creation",
    "composite",
});

}  // namespace

std::string_view ArgTypeName(ArgType type) { return kArgTypeNames.at(type, "?"); }

std::string_view OpCategoryName(OpCategory category) { return kOpCategoryNames.at(category, "?"); }

std::string ConstantToString(const Constant& c) {
  struct Visitor {
    std::string operator()(None) const { return "None"; }
    std::string operator()(const Scalar& s) const { return s.ToString(); }
    std::string operator()(const Shape& s) const { return tensor::ShapeToString(s); }
    std::string operator()(DType d) const { return std::string(tensor::DTypeName(d)); }
    std::string operator()(const std::string& s) const { return support::PyStrRepr(s); }
  };
  return std::visit(Visitor{}, c);
}

std::string_view ConstantTypeName(const Constant& c) {
  switch (c.index()) {
    case 0:
      return "None";
    case 1: {
      const Scalar& s = std::get<Scalar>(c);
      return s.is_bool() ? "bool" : (s.is_int() ? "int" : "float");
    }
    case 2:
      return "int[]";
    case 3:
      return "dtype";
    default:
      return "str";
  }
}

std::string SchemaToString(const OpDef& op) {
  std::vector<std::string> args;
  for (const ArgSpec& a : op.args) {
    std::string s = absl::StrCat(std::string(ArgTypeName(a.type)), a.optional ? "? " : " ", a.name);
    if (a.default_value) absl::StrAppend(&s, "=", ConstantToString(*a.default_value));
    args.push_back(std::move(s));
  }
  std::string outputs = "Tensor";
  if (op.num_outputs != 1) {
    outputs = absl::StrCat(
        "(", absl::StrJoin(std::vector<std::string>(op.num_outputs, "Tensor"), ", "), ")");
  }
  return absl::StrCat(op.name, "(", absl::StrJoin(args, ", "), ") -> ", outputs);
}

absl::Status CheckArity(const OpDef& op, size_t num_given) {
  if (num_given > op.args.size()) {
    return absl::InvalidArgumentError(absl::StrFormat("%s() takes %d arguments but %d were given",
                                                      op.name, op.args.size(), num_given));
  }
  for (size_t i = num_given; i < op.args.size(); ++i) {
    if (!op.args[i].default_value) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s() missing required argument '%s'", op.name, op.args[i].name));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<Constant> CheckConstantArg(const OpDef& op, size_t index, const Constant& value) {
  if (index >= op.args.size()) return CheckArity(op, index + 1);
  const ArgSpec& spec = op.args[index];
  bool ok = false;
  switch (value.index()) {
    case 0:
      ok = spec.optional;
      break;
    case 1: {
      const Scalar& s = std::get<Scalar>(value);
      switch (spec.type) {
        case ArgType::kTensorOrScalar:
        case ArgType::kScalar:
          ok = true;
          break;
        case ArgType::kInt:
          ok = s.is_int();
          break;
        case ArgType::kBool:
          ok = s.is_bool();
          break;
        case ArgType::kIntList:
          if (s.is_int()) return Constant(Shape{s.to_int()});
          break;
        default:
          break;
      }
      break;
    }
    case 2:
      ok = spec.type == ArgType::kIntList;
      break;
    case 3:
      ok = spec.type == ArgType::kDType;
      break;
    default:
      ok = spec.type == ArgType::kString;
      break;
  }
  if (!ok) return internal::TypeError(op, index, ConstantTypeName(value));
  return value;
}

absl::StatusOr<std::vector<TensorMeta>> InferMeta(const OpDef& op, std::span<const MetaArg> args) {
  TC_RETURN_IF_ERROR(CheckArity(op, args.size()));
  bool needs_copy = args.size() < op.args.size();
  for (size_t i = 0; i < args.size(); ++i) {
    TC_ASSIGN_OR_RETURN(std::optional<Constant> c, internal::CheckArgForm(op, i, args[i]));
    if (c && c->index() != std::get<Constant>(args[i]).index()) needs_copy = true;
  }
  TC_RETURN_IF_ERROR(CheckSameDevice(args));
  if (!needs_copy) return CheckOutputSizes(op, op.meta(args));
  std::vector<MetaArg> full;
  full.reserve(op.args.size());
  for (size_t i = 0; i < op.args.size(); ++i) {
    if (i >= args.size()) {
      full.emplace_back(*op.args[i].default_value);
    } else if (const auto* c = std::get_if<Constant>(&args[i])) {
      TC_ASSIGN_OR_RETURN(Constant normalized, CheckConstantArg(op, i, *c));
      full.emplace_back(std::move(normalized));
    } else {
      full.push_back(args[i]);
    }
  }
  return CheckOutputSizes(op, op.meta(full));
}

}  // namespace tc::graph_ir
