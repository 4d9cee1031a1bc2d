// itertools.groupby and itertools.tee: the two iterators whose results
// share state with their parent (a group's items come from groupby's own
// iterator; tee's iterators read one buffer), written as CPython 3.11's.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "tc/script/native.h"

#include "itertools_internal.h"
#include "native_iter.h"
#include "positional_args.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// --- groupby ----------------------------------------------------------------
// Mirrors CPython's groupbyobject: `currkey`/`currvalue` are the item read
// ahead, `tgtkey` the key of the group being handed out. Only the newest
// _grouper may read (a group is invalid once groupby moves on); groupers
// are told apart by number, not address.
struct GroupbyObject : Object {
  explicit GroupbyObject(Type* t) : Object(t) {}
  Value it, keyfunc, tgtkey, currkey, currvalue;
  int64_t current_grouper = 0;  // 0: none may read
  int64_t groupers_made = 0;
};
struct GrouperObject : Object {
  explicit GrouperObject(Type* t) : Object(t) {}
  Value parent, tgtkey;
  int64_t id = 0;
};
Type* GrouperType();

// Reads the next item and its key; false at the end or on error.
bool GroupbyStep(VM& vm, GroupbyObject* g) {
  Value v = vm.Next(g->it);
  if (v.is_null()) return false;
  Value key = g->keyfunc.is_none() ? v : vm.Call(g->keyfunc, {v});
  if (key.is_null()) return false;
  g->currvalue = std::move(v);
  g->currkey = std::move(key);
  return true;
}

Value GroupbyNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"iterable", "key"};
  Value a[2];
  if (!ParseArgs(vm, args, "groupby", kNames, 1, a)) return {};
  Value g = NewOverIterator<GroupbyObject>(vm, cls, a[0]);
  if (!g.is_null()) Cast<GroupbyObject>(g)->keyfunc = a[1].is_null() ? Value::None() : a[1];
  return g;
}
Value GroupbyNext(VM& vm, const Value& self) {
  auto* g = Cast<GroupbyObject>(self);
  g->current_grouper = 0;
  // Skip the rest of the current group.
  while (true) {
    if (g->currkey.is_null()) {
      // nothing read yet
    } else if (g->tgtkey.is_null()) {
      break;
    } else {
      int eq = vm.Equal(g->tgtkey, g->currkey);
      if (eq < 0) return {};
      if (eq == 0) break;
    }
    if (!GroupbyStep(vm, g)) return {};
  }
  g->tgtkey = g->currkey;
  auto* gr = new GrouperObject(GrouperType());
  Value grv = Value::Adopt(gr);
  gr->parent = self;
  gr->tgtkey = g->tgtkey;
  gr->id = ++g->groupers_made;
  g->current_grouper = gr->id;
  return NewTuple({g->currkey, std::move(grv)});
}
Value GrouperNext(VM& vm, const Value& self) {
  auto* gr = Cast<GrouperObject>(self);
  auto* g = Cast<GroupbyObject>(gr->parent);
  if (g->current_grouper != gr->id) return {};
  if (g->currvalue.is_null() && !GroupbyStep(vm, g)) return {};
  int eq = vm.Equal(gr->tgtkey, g->currkey);
  if (eq <= 0) return {};
  Value r = std::move(g->currvalue);
  g->currvalue = Value();
  return r;
}
Type* GrouperType() {
  static Type* const kType =
      NewNativeIterType("_grouper", "itertools", nullptr, NativeIterNext<GrouperNext>);
  return kType;
}

// --- tee --------------------------------------------------------------------
// The buffer the iterators of one tee() share: the items read from the
// source that some iterator has not yielded yet. Each iterator is a
// position; the buffer drops an item once every position is past it.
struct TeeBuffer {
  Value source;
  std::deque<Value> items;  // items[i] is item number base + i
  int64_t base = 0;
  std::map<int64_t, int> positions;  // position -> iterators there

  void Add(int64_t pos) { ++positions[pos]; }
  void Remove(int64_t pos) {
    auto it = positions.find(pos);
    if (--it->second == 0) positions.erase(it);
    int64_t lowest =
        positions.empty() ? base + static_cast<int64_t>(items.size()) : positions.begin()->first;
    while (base < lowest && !items.empty()) {
      items.pop_front();
      ++base;
    }
  }
};

struct TeeObject : Object {
  explicit TeeObject(Type* t) : Object(t) {}
  ~TeeObject() override {
    if (buffer != nullptr) buffer->Remove(pos);
  }
  std::shared_ptr<TeeBuffer> buffer;
  int64_t pos = 0;
};
Type* TeeType();

Value NewTee(std::shared_ptr<TeeBuffer> buffer, int64_t pos) {
  auto* t = new TeeObject(TeeType());
  buffer->Add(pos);
  t->buffer = std::move(buffer);
  t->pos = pos;
  return Value::Adopt(t);
}

Value TeeNext(VM& vm, const Value& self) {
  auto* t = Cast<TeeObject>(self);
  TeeBuffer& b = *t->buffer;
  int64_t offset = t->pos - b.base;
  Value v;
  if (offset < static_cast<int64_t>(b.items.size())) {
    v = b.items[offset];
  } else {
    v = vm.Next(b.source);
    if (v.is_null()) return v;
    b.items.push_back(v);
  }
  int64_t old = t->pos++;
  b.Add(t->pos);
  b.Remove(old);
  return v;
}
Value TeeCopy(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__copy__", 0, 0)) return {};
  auto* t = Cast<TeeObject>(self);
  return NewTee(t->buffer, t->pos);
}
// itertools._tee(iterable): a lone tee iterator over a new buffer.
Value TeeFromIterable(VM& vm, const Value& iterable) {
  Value it = vm.Iter(iterable);
  if (it.is_null()) return it;
  if (it.type() == TeeType()) return TeeCopy(vm, it, ArgsView());
  auto buffer = std::make_shared<TeeBuffer>();
  buffer->source = std::move(it);
  return NewTee(std::move(buffer), 0);
}
Value TeeNew(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_tee", 1, 1)) return {};
  return TeeFromIterable(vm, args[0]);
}
constexpr MethodDef kTeeMethods[] = {{"__copy__", TeeCopy}};
Type* TeeType() {
  static Type* const kType =
      NewNativeIterType("_tee", "itertools", TeeNew, NativeIterNext<TeeNext>, kTeeMethods);
  return kType;
}

// tee(iterable, n=2, /): n iterators; an iterable that is a tee already is
// copied rather than wrapped, as CPython does for anything with __copy__.
Value Tee(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckPositional(vm, args, "tee", 1, 2)) return {};
  int64_t n = 2;
  if (args.nargs == 2 && !ToInt(vm, args[1], &n)) return {};
  if (n < 0) return RaiseValueError(vm, "n must be >= 0");
  Value it = vm.Iter(args[0]);
  if (it.is_null()) return it;
  if (n == 0) return NewTuple({});
  std::vector<Value> out;
  Value first;
  if (it.type() == TeeType()) {
    first = it;
  } else {
    const Value* copy = LookupInMro(it.type(), Intern("__copy__"));
    first = copy != nullptr ? it : TeeFromIterable(vm, it);
  }
  if (first.is_null()) return first;
  out.push_back(first);
  for (int64_t i = 1; i < n; ++i) {
    Value c = vm.CallMethod(first, "__copy__", {});
    if (c.is_null()) return c;
    out.push_back(std::move(c));
  }
  return NewTuple(std::move(out));
}

constexpr MethodDef kFunctions[] = {{"tee", Tee}};

}  // namespace

void AddItertoolsGroupbyTee(ModuleObject* m) {
  static Type* const kGroupby =
      NewNativeIterType("groupby", "itertools", GroupbyNew, NativeIterNext<GroupbyNext>);
  AddType(m, kGroupby);
  AddType(m, GrouperType());
  AddType(m, TeeType());
  AddFunctions(m, kFunctions);
}

}  // namespace tc::script
