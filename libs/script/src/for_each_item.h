// ForEachItem: the loop over iter(x) that builtins and standard-module
// functions share (sum, any, all, operator.countOf, ...): the body sees one
// item at a time and says whether to go on, and the end of the items is
// told apart from an exception raised by iter() or next().
#ifndef TC_SCRIPT_SRC_FOR_EACH_ITEM_H_
#define TC_SCRIPT_SRC_FOR_EACH_ITEM_H_

#include <utility>

#include "tc/script/value.h"
#include "tc/script/vm.h"

namespace tc::script {

// What the body of ForEachItem asks for after an item.
enum class ItemStep {
  kNext,   // the next item
  kStop,   // no more items: done
  kError,  // the body raised: stop with the exception set
};

// Calls body(item) for each item of `iterable` until it says otherwise.
// True when the items ran out or the body stopped; false with the exception
// set when iter(), next() or the body raised.
template <typename Body>
bool ForEachItem(VM& vm, const Value& iterable, Body body) {
  Value it = vm.Iter(iterable);
  if (it.is_null()) return false;
  while (true) {
    Value item = vm.Next(it);
    if (item.is_null()) return !vm.HasException();
    switch (body(std::move(item))) {
      case ItemStep::kNext:
        break;
      case ItemStep::kStop:
        return true;
      case ItemStep::kError:
        return false;
    }
  }
}

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_FOR_EACH_ITEM_H_
