// GraphRecorder: ops on fakes become graph nodes.
// GCC 12 reports false maybe-uninitialized warnings when copying the
// KernelArg / Constant variants (graph-ir's meson.build silences the same).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "graph_recorder.h"

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script/tensor_value.h"
#include "tc/support/check.h"
#include "tc/support/status.h"

namespace tc::frame_capture {

using script::Value;

tensor::Tensor GraphRecorder::NewFake(const graph_ir::TensorMeta& meta, graph_ir::Value* value) {
  tensor::Tensor base = tensor::Tensor::Empty(meta.sizes, meta.dtype, tensor::Device::Meta());
  tensor::Tensor fake(base.storage(), meta.dtype, meta.sizes, meta.strides, 0);
  by_storage_[fake.storage().get()] = value;
  keep_alive_.push_back(fake);
  return fake;
}

graph_ir::Value* GraphRecorder::ValueOf(const tensor::Tensor& fake) const {
  if (fake.storage() == nullptr) return nullptr;
  auto it = by_storage_.find(fake.storage().get());
  return it == by_storage_.end() ? nullptr : it->second;
}

absl::StatusOr<graph_ir::Value*> GraphRecorder::ArgValue(const tensor::Tensor& t) {
  if (graph_ir::Value* v = ValueOf(t)) return v;
  if (t.device() == tensor::Device::Meta()) {
    return absl::InvalidArgumentError("a meta tensor that is not part of the traced graph");
  }
  // A real tensor met while tracing (a tensor made from data, a closure
  // constant): a graph input bound to this very tensor on every run.
  graph_ir::TensorMeta meta;
  meta.dtype = t.dtype();
  meta.sizes = tensor::Shape(t.sizes());
  meta.strides = tensor::Shape(t.strides());
  meta.device = t.device();
  std::string name = absl::StrCat("_tensor_constant", constants_.size());
  TC_ASSIGN_OR_RETURN(graph_ir::Value * v, graph_.AddInput(name, meta));
  input_sources_.push_back(nullptr);
  constants_.resize(input_sources_.size());
  constants_.back() = t;
  input_storage_.push_back(nullptr);
  if (t.storage() != nullptr) by_storage_[t.storage().get()] = v;
  return v;
}

absl::StatusOr<std::vector<tensor::Tensor>> GraphRecorder::RunOp(
    const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) {
  std::vector<graph_ir::Arg> gargs;
  gargs.reserve(args.size());
  for (const kernels::KernelArg& a : args) {
    if (const auto* t = std::get_if<tensor::Tensor>(&a)) {
      TC_ASSIGN_OR_RETURN(graph_ir::Value * v, ArgValue(*t));
      gargs.emplace_back(v);
    } else if (const auto* ts = std::get_if<std::vector<tensor::Tensor>>(&a)) {
      std::vector<graph_ir::Value*> vs;
      for (const tensor::Tensor& t : *ts) {
        TC_ASSIGN_OR_RETURN(graph_ir::Value * v, ArgValue(t));
        vs.push_back(v);
      }
      gargs.emplace_back(std::move(vs));
    } else {
      gargs.emplace_back(std::get<graph_ir::Constant>(a));
    }
  }
  TC_ASSIGN_OR_RETURN(graph_ir::Node * node, graph_.AddNode(op.name, std::move(gargs)));
  std::vector<tensor::Tensor> outs;
  for (graph_ir::Value* v : node->outputs()) outs.push_back(NewFake(v->meta(), v));
  return outs;
}

absl::Status GraphRecorder::WriteInPlace(const tensor::Tensor& self, const tensor::Tensor& value) {
  graph_ir::Value* target = ValueOf(self);
  graph_ir::Value* v = ValueOf(value);
  if (target == nullptr || v == nullptr) {
    return absl::UnimplementedError("in-place write into a tensor outside the traced graph");
  }
  const graph_ir::TensorMeta& m = target->meta();
  if (self.storage_offset() != 0 || tensor::Shape(self.sizes()) != m.sizes ||
      tensor::Shape(self.strides()) != m.strides) {
    return absl::UnimplementedError("in-place write into a view of a traced tensor");
  }
  if (value.dtype() != self.dtype() || tensor::Shape(value.sizes()) != m.sizes) {
    TC_ASSIGN_OR_RETURN(v, graph_.Apply("expand", {v, graph_ir::Constant(m.sizes)}));
    if (value.dtype() != self.dtype()) {
      TC_ASSIGN_OR_RETURN(v, graph_.Apply("to_dtype", {v, graph_ir::Constant(self.dtype())}));
    }
  }
  by_storage_[self.storage().get()] = v;
  return absl::OkStatus();
}

Value GraphRecorder::InputFor(const Value& real, const SourcePtr& source) {
  auto it = fake_of_real_.find(real.as_object());
  if (it != fake_of_real_.end()) return it->second;
  const tensor::Tensor& t = script::TensorOfValue(real);
  graph_ir::TensorMeta meta;
  meta.dtype = t.dtype();
  meta.sizes = tensor::Shape(t.sizes());
  meta.strides = tensor::Shape(t.strides());
  meta.device = t.device();
  // Placeholder names are the source as an identifier, as Dynamo's are
  // (L['x'] -> L_x_, L['self'].fc.weight -> L_self_fc_weight).
  std::string name;
  for (char c : source->Name()) {
    bool ident = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (ident) {
      name += c;
    } else if (name.empty() || name.back() != '_') {
      name += '_';
    }
  }
  absl::StatusOr<graph_ir::Value*> v =
      graph_.AddInput(absl::StrCat(name, input_sources_.size()), meta);
  TC_CHECK(v.ok());
  tensor::Tensor fake = NewFake(meta, *v);
  input_sources_.push_back(source);
  constants_.resize(input_sources_.size());
  input_storage_.push_back(fake.storage().get());
  Value fv = script::NewTensorValue(fake, script::TensorRequiresGrad(real), real.type());
  fake_of_real_[real.as_object()] = fv;
  return fv;
}

bool GraphRecorder::IsFake(const Value& v) const {
  return script::IsTensorValue(v) && ValueOf(script::TensorOfValue(v)) != nullptr;
}

std::vector<std::pair<int, graph_ir::Value*>> GraphRecorder::MutatedInputs() const {
  std::vector<std::pair<int, graph_ir::Value*>> out;
  for (size_t i = 0; i < input_storage_.size(); ++i) {
    const tensor::Storage* s = input_storage_[i];
    if (s == nullptr) continue;
    graph_ir::Value* now = by_storage_.at(s);
    if (now != graph_.inputs()[i]) out.emplace_back(static_cast<int>(i), now);
  }
  return out;
}

}  // namespace tc::frame_capture
