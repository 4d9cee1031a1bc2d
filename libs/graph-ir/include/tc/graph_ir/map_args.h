// MapArgs: rewrites an op call's arguments from one form into another.
//
// Every form of op arguments is a variant of one value, a list of values or
// a Constant: graph Arg (Value*), MetaArg (TensorMeta), EmitArg (EmitRef),
// kernels' KernelArg (Tensor). The emitters, Decompose's callers and the
// eager calls each translate one form into another; MapArgs is that walk.
#ifndef TC_GRAPH_IR_MAP_ARGS_H_
#define TC_GRAPH_IR_MAP_ARGS_H_

#include <iterator>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "tc/graph_ir/op.h"

namespace tc::graph_ir {

// Appends one argument to `out` (a container of variants of U,
// std::vector<U> and Constant) per argument in `args`: fn(x) for each value
// x, alone or in a list, and each Constant as it is (moved from a mutable
// `args`, else copied). Callers check the values first when a value can be
// wrong (an undefined tensor, a value of another graph).
template <typename In, typename Out, typename Fn>
void MapArgs(In&& args, Out& out, Fn&& fn) {
  using U = std::variant_alternative_t<0, typename Out::value_type>;
  out.reserve(out.size() + std::size(args));
  for (auto&& a : args) {
    using T = std::variant_alternative_t<0, std::remove_cvref_t<decltype(a)>>;
    if (auto* x = std::get_if<T>(&a)) {
      out.emplace_back(fn(*x));
    } else if (auto* list = std::get_if<std::vector<T>>(&a)) {
      std::vector<U> mapped;
      mapped.reserve(list->size());
      for (auto& y : *list) mapped.push_back(fn(y));
      out.emplace_back(std::move(mapped));
    } else {
      out.emplace_back(std::move(std::get<Constant>(a)));
    }
  }
}

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_MAP_ARGS_H_
