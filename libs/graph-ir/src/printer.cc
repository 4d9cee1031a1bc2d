// PrintGraph: the text format's writer.
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/graph_ir/text_format.h"

namespace tc::graph_ir {
namespace {

bool IsTensorType(ArgType t) {
  return t == ArgType::kTensor || t == ArgType::kTensorList || t == ArgType::kTensorOrScalar;
}

class Printer {
 public:
  explicit Printer(const Graph& g) : g_(g), numbers_(g.num_values(), -1) {}

  std::string Print() {
    out_.reserve(64 * (g_.nodes().size() + 2));
    out_ += "graph(";
    AppendValues(g_.inputs(), /*with_types=*/true);
    out_ += ") {\n";
    int next = 0;
    for (const auto& node : g_.nodes()) {
      for (const Value* v : node->outputs()) {
        if (v->id() >= 0 && static_cast<size_t>(v->id()) < numbers_.size())
          numbers_[v->id()] = next;
        ++next;
      }
      PrintNode(*node);
    }
    out_ += "  return (";
    AppendValues(g_.outputs(), /*with_types=*/false);
    out_ += ")\n}\n";
    return std::move(out_);
  }

 private:
  void AppendValue(const Value* v) {
    if (v == nullptr) {
      out_ += "%null";
    } else if (!v->name().empty()) {
      absl::StrAppend(&out_, "%", v->name());
    } else if (v->id() >= 0 && static_cast<size_t>(v->id()) < numbers_.size() &&
               numbers_[v->id()] >= 0) {
      absl::StrAppend(&out_, "%", numbers_[v->id()]);
    } else {
      // Not defined by any node of the graph (Verify rejects this).
      absl::StrAppend(&out_, "%undefined_", v->id());
    }
  }

  // "%a: f32[2, 3], %b: ..." (the types only `with_types`).
  template <typename Values>
  void AppendValues(const Values& values, bool with_types) {
    bool first = true;
    for (const Value* v : values) {
      if (!first) out_ += ", ";
      first = false;
      AppendValue(v);
      if (with_types) absl::StrAppend(&out_, ": ", v->meta().ToString());
    }
  }

  void PrintNode(const Node& node) {
    out_ += "  ";
    AppendValues(node.outputs(), /*with_types=*/true);
    absl::StrAppend(&out_, " = ", node.op().name, "(");
    const auto& specs = node.op().args;
    // Positional up to the last tensor argument, so a constant between
    // tensors (index_select's dim) keeps its place; keywords after it.
    size_t positional = 0;
    for (size_t i = 0; i < specs.size(); ++i) {
      if (IsTensorType(specs[i].type)) positional = i + 1;
    }
    auto args = node.args();
    for (size_t i = 0; i < args.size(); ++i) {
      if (i > 0) out_ += ", ";
      if (i >= positional && i < specs.size()) absl::StrAppend(&out_, specs[i].name, "=");
      const Arg& arg = args[i];
      if (const auto* v = std::get_if<Value*>(&arg)) {
        AppendValue(*v);
      } else if (const auto* l = std::get_if<std::vector<Value*>>(&arg)) {
        out_ += "[";
        AppendValues(*l, /*with_types=*/false);
        out_ += "]";
      } else {
        out_ += ConstantToString(std::get<Constant>(arg));
      }
    }
    out_ += ")\n";
  }

  const Graph& g_;
  std::vector<int> numbers_;
  std::string out_;
};

}  // namespace

std::string PrintGraph(const Graph& graph) { return Printer(graph).Print(); }

}  // namespace tc::graph_ir
