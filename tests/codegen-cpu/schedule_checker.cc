// Test-only interpreter of loop-IR programs (schedule_checker.h).
#include "schedule_checker.h"

#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"

#include "tc/codegen_cpu/schedule.h"

namespace tc::codegen_cpu::testing {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

int64_t Elements(const Buffer& b) {
  int64_t last = b.offset.value();
  for (size_t d = 0; d < b.sizes.size(); ++d) {
    if (b.sizes[d].value() == 0) return 0;
    last += (b.sizes[d].value() - 1) * b.strides[d].value();
  }
  return last + 1;
}

class Runner {
 public:
  Runner(const Program& p, const Values& inputs) : p_(p) {
    storage_.assign(p.buffers.size(), nullptr);
    owned_.resize(p.buffers.size());
    MemoryPlan plan;
    if (!p.kernels.empty()) plan = PlanMemory(p);
    slots_.resize(plan.slot_bytes.size());
    for (size_t b = 0; b < p.buffers.size(); ++b) {
      const Buffer& buf = p.buffers[b];
      if (buf.role == Buffer::Role::kInput) {
        owned_[b] = inputs[buf.input_index];
      } else if (!plan.slot.empty() && plan.slot[b] >= 0) {
        std::vector<double>& slot = slots_[plan.slot[b]];
        if (static_cast<int64_t>(slot.size()) < Elements(buf)) slot.resize(Elements(buf), kNaN);
        storage_[b] = &slot;
        continue;
      } else {
        owned_[b].assign(Elements(buf), kNaN);
      }
      storage_[b] = &owned_[b];
    }
  }

  absl::StatusOr<Values> Run() {
    if (p_.kernels.empty()) {
      for (size_t n = 0; n < p_.nodes.size(); ++n) RunNode(static_cast<int>(n), 0);
    } else {
      for (const Kernel& k : p_.kernels) {
        std::vector<int64_t> extents;
        for (const Sym& s : k.outer) extents.push_back(s.value());
        Loop(extents, 'i', 0, [&] {
          results_.clear();  // a row reads only its own reductions' results
          for (int n : k.nodes) RunNode(n, k.outer.size());
        });
      }
    }
    if (!error_.ok()) return error_;
    Values outputs;
    for (int b : p_.graph_outputs) {
      const Buffer& buf = p_.buffers[b];
      std::vector<int64_t> extents;
      for (const Sym& s : buf.sizes) extents.push_back(s.value());
      std::vector<double> out;
      Loop(extents, 'o', 0, [&] {
        std::vector<Sym> index;
        for (size_t d = 0; d < extents.size(); ++d) index.push_back(env_[absl::StrCat("o", d)]);
        out.push_back(At(b, index));
      });
      outputs.push_back(std::move(out));
    }
    if (!error_.ok()) return error_;
    return outputs;
  }

 private:
  // Runs body for every value of variables <prefix><first>.. over extents
  // (the dims before `first` are already set).
  void Loop(const std::vector<int64_t>& extents, char prefix, size_t first,
            const std::function<void()>& body) {
    if (first == extents.size()) {
      body();
      return;
    }
    const std::string var = absl::StrCat(std::string(1, prefix), first);
    for (int64_t v = 0; v < extents[first]; ++v) {
      env_[var] = Sym::Const(v);
      Loop(extents, prefix, first + 1, body);
    }
  }

  int64_t Eval(const Sym& s) {
    Sym v = s.Substitute(env_);
    if (!v.is_const()) Fail(absl::StrCat("unbound variable in ", s.ToString()));
    return v.is_const() ? v.value() : 0;
  }

  double& At(int b, const std::vector<Sym>& index) {
    static double scratch;
    const Buffer& buf = p_.buffers[b];
    int64_t flat = buf.offset.value();
    for (size_t d = 0; d < index.size(); ++d) flat += Eval(index[d]) * buf.strides[d].value();
    if (storage_[b] == nullptr || flat < 0 || flat >= static_cast<int64_t>(storage_[b]->size())) {
      Fail(absl::StrCat("access to ", buf.name, " at ", flat, " outside its storage"));
      return scratch = kNaN;
    }
    return (*storage_[b])[flat];
  }

  void Fail(std::string message) {
    if (error_.ok()) error_ = absl::InternalError(std::move(message));
  }

  double Value(const ExprPtr& e) {
    if (const auto* l = std::get_if<Load>(&e->node)) return At(l->buffer, l->index);
    if (const auto* c = std::get_if<Constant>(&e->node)) return c->value.to_double();
    if (const auto* iv = std::get_if<IndexValue>(&e->node)) return Eval(iv->index);
    if (const auto* rr = std::get_if<ReductionResult>(&e->node)) {
      auto it = results_.find(rr->node);
      if (it == results_.end())
        Fail(absl::StrCat("result(node", rr->node, ") read before computed"));
      return it == results_.end() ? kNaN : it->second;
    }
    const Op& op = std::get<Op>(e->node);
    std::vector<double> a;
    for (const ExprPtr& arg : op.args) a.push_back(Value(arg));
    const std::string& f = op.name;
    if (f == "add") return a[0] + a[1];
    if (f == "sub") return a[0] - a[1];
    if (f == "mul") return a[0] * a[1];
    if (f == "div") return a[0] / a[1];
    if (f == "maximum") return std::isnan(a[0]) || std::isnan(a[1]) ? kNaN : std::max(a[0], a[1]);
    if (f == "neg") return -a[0];
    if (f == "exp") return std::exp(a[0]);
    if (f == "log") return std::log(a[0]);
    if (f == "rsqrt") return 1 / std::sqrt(a[0]);
    if (f == "sqrt") return std::sqrt(a[0]);
    if (f == "tanh") return std::tanh(a[0]);
    if (f == "relu") return a[0] < 0 ? 0 : a[0];
    if (f == "to_dtype") return a[0];
    Fail(absl::StrCat("op ", f, " not supported by the checker"));
    return kNaN;
  }

  // Runs node n over its ranges from dim `first` on (the outer ones set).
  void RunNode(int n, size_t first) {
    const Node& node = p_.nodes[n];
    if (const auto* x = std::get_if<Extern>(&node.body)) {
      RunExtern(*x);
      return;
    }
    if (const auto* pw = std::get_if<Pointwise>(&node.body)) {
      Loop(Extents(pw->ranges), 'i', first, [&] { At(node.buffer, pw->store) = Value(pw->value); });
      return;
    }
    const auto& r = std::get<Reduction>(node.body);
    Loop(Extents(r.ranges), 'i', first, [&] {
      double acc = r.op == ReduceOp::kMax ? -std::numeric_limits<double>::infinity() : 0;
      Loop(Extents(r.reduction_ranges), 'r', 0, [&] {
        double v = Value(r.value);
        if (r.op == ReduceOp::kSum) {
          acc += v;
        } else if (r.op == ReduceOp::kMax) {
          acc = std::isnan(v) || std::isnan(acc) ? kNaN : std::max(acc, v);
        } else {
          Fail("the checker reduces only sum and max");
        }
      });
      results_[n] = acc;
      if (node.written) At(node.buffer, r.store) = acc;
    });
  }

  // Only "neg" of one buffer into one of the same sizes (elementwise).
  void RunExtern(const Extern& x) {
    const int* in = x.args.size() == 1 ? std::get_if<int>(&x.args[0]) : nullptr;
    if (x.op != "neg" || in == nullptr || x.outputs.size() != 1) {
      Fail(absl::StrCat("the checker runs only extern neg(buffer), not ", x.op));
      return;
    }
    std::vector<int64_t> extents = Extents(p_.buffers[*in].sizes);
    Loop(extents, 'e', 0, [&] {
      std::vector<Sym> index;
      for (size_t d = 0; d < extents.size(); ++d) index.push_back(env_[absl::StrCat("e", d)]);
      At(x.outputs[0], index) = -At(*in, index);
    });
  }

  static std::vector<int64_t> Extents(const std::vector<Sym>& ranges) {
    std::vector<int64_t> extents;
    for (const Sym& s : ranges) extents.push_back(s.value());
    return extents;
  }

  const Program& p_;
  std::vector<std::vector<double>*> storage_;
  std::vector<std::vector<double>> owned_, slots_;
  absl::flat_hash_map<std::string, Sym> env_;
  absl::flat_hash_map<int, double> results_;
  absl::Status error_;
};

}  // namespace

absl::StatusOr<Values> RunProgram(const Program& program, const Values& inputs) {
  return Runner(program, inputs).Run();
}

Values SampleInputs(const Program& program) {
  Values inputs;
  int seed = 1;
  for (const Buffer& b : program.buffers) {
    if (b.role != Buffer::Role::kInput) continue;
    std::vector<double> v(Elements(b));
    for (double& x : v) x = 1.1 + std::sin(seed++ * 1.618);
    inputs.resize(std::max<size_t>(inputs.size(), b.input_index + 1));
    inputs[b.input_index] = std::move(v);
  }
  return inputs;
}

}  // namespace tc::codegen_cpu::testing
