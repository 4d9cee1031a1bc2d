// The `itertools` module (CPython's Modules/itertoolsmodule.c): the
// infinite iterators (count, cycle, repeat) and the iterators that end on
// the shortest input (accumulate, chain, compress, dropwhile, takewhile,
// filterfalse, islice, starmap, zip_longest, pairwise). groupby and tee are
// in itertools_groupby_tee.cc, the combinatoric ones in
// itertools_combinatoric.cc. Argument errors are worded as CPython 3.11's.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "itertools_internal.h"
#include "native_iter.h"
#include "positional_args.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Type* ClsType(const Value& cls) { return Cast<Type>(cls); }

// No keyword arguments, like CPython's `_PyArg_NoKeywords("chain", kwds)`.
bool NoKeywords(VM& vm, const ArgsView& args, const char* name) {
  if (args.nkw() == 0) return true;
  RaiseTypeError(vm, absl::StrFormat("%s() takes no keyword arguments", name));
  return false;
}

// --- count ------------------------------------------------------------------
struct CountObject : Object {
  explicit CountObject(Type* t) : Object(t) {}
  Value cur, step;
};

bool IsNumber(const Value& v) {
  if (v.is_int() || v.is_bool() || v.is_float()) return true;
  Type* t = v.type();
  return !t->slot(Slot::kIndex).is_null() || !t->slot(Slot::kFloat).is_null() ||
         !t->slot(Slot::kInt).is_null();
}

Value CountNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"start", "step"};
  Value a[2];
  if (!ParseArgs(vm, args, "count", kNames, 0, a)) return {};
  Value start = a[0].is_null() ? Value::Int(0) : a[0];
  Value step = a[1].is_null() ? Value::Int(1) : a[1];
  if (!IsNumber(start) || !IsNumber(step)) return RaiseTypeError(vm, "a number is required");
  auto* c = new CountObject(ClsType(cls));
  c->cur = start.is_bool() ? Value::Int(start.as_int()) : start;
  c->step = step;
  return Value::Adopt(c);
}
Value CountNext(VM& vm, const Value& self) {
  auto* c = Cast<CountObject>(self);
  Value next = vm.Binary(BinaryOp::kAdd, c->cur, c->step);
  if (next.is_null()) return next;
  Value r = std::move(c->cur);
  c->cur = std::move(next);
  return r;
}
// count(5) or count(5, 2): the step is shown unless it is the int 1.
Value CountRepr(VM& vm, const Value& self, const ArgsView&) {
  auto* c = Cast<CountObject>(self);
  std::string cur, step;
  if (!vm.ReprString(c->cur, &cur)) return {};
  const Value& s = c->step;
  if ((s.is_int() || s.is_bool()) && s.as_int() == 1) {
    return NewStr(absl::StrCat(self.type()->name, "(", cur, ")"));
  }
  if (!vm.ReprString(s, &step)) return {};
  return NewStr(absl::StrCat(self.type()->name, "(", cur, ", ", step, ")"));
}
constexpr MethodDef kCountMethods[] = {{"__repr__", CountRepr}};

// --- cycle ------------------------------------------------------------------
struct CycleObject : Object {
  explicit CycleObject(Type* t) : Object(t) {}
  Value it;                  // null once exhausted: then replay `saved`
  std::vector<Value> saved;  // what the first pass yielded
  size_t index = 0;
};
Value CycleNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckPositional(vm, args, "cycle", 1, 1)) return {};
  return NewOverIterator<CycleObject>(vm, cls, args[0]);
}
Value CycleNext(VM& vm, const Value& self) {
  auto* c = Cast<CycleObject>(self);
  if (!c->it.is_null()) {
    Value v = vm.Next(c->it);
    if (!v.is_null()) {
      c->saved.push_back(v);
      return v;
    }
    if (vm.HasException()) return v;
    c->it = Value();
  }
  if (c->saved.empty()) return {};
  Value v = c->saved[c->index];
  c->index = (c->index + 1) % c->saved.size();
  return v;
}

// --- repeat -----------------------------------------------------------------
struct RepeatObject : Object {
  explicit RepeatObject(Type* t) : Object(t) {}
  Value element;
  int64_t remaining = -1;  // -1: forever
};
Value RepeatNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"object", "times"};
  Value a[2];
  if (!ParseArgs(vm, args, "repeat", kNames, 1, a)) return {};
  auto* r = new RepeatObject(ClsType(cls));
  Value rv = Value::Adopt(r);
  r->element = a[0];
  if (!a[1].is_null()) {
    if (!ToInt(vm, a[1], &r->remaining)) return {};
    if (r->remaining < 0) r->remaining = 0;
  }
  return rv;
}
Value RepeatNext(VM&, const Value& self) {
  auto* r = Cast<RepeatObject>(self);
  if (r->remaining == 0) return {};
  if (r->remaining > 0) --r->remaining;
  return r->element;
}
Value RepeatRepr(VM& vm, const Value& self, const ArgsView&) {
  auto* r = Cast<RepeatObject>(self);
  std::string e;
  if (!vm.ReprString(r->element, &e)) return {};
  if (r->remaining < 0) return NewStr(absl::StrCat(self.type()->name, "(", e, ")"));
  return NewStr(absl::StrCat(self.type()->name, "(", e, ", ", r->remaining, ")"));
}
Value RepeatLengthHint(VM& vm, const Value& self, const ArgsView&) {
  auto* r = Cast<RepeatObject>(self);
  if (r->remaining < 0) return RaiseTypeError(vm, "len() of unsized object");
  return Value::Int(r->remaining);
}
constexpr MethodDef kRepeatMethods[] = {{"__repr__", RepeatRepr},
                                        {"__length_hint__", RepeatLengthHint}};

// --- accumulate -------------------------------------------------------------
struct AccumulateObject : Object {
  explicit AccumulateObject(Type* t) : Object(t) {}
  Value it, func, total, initial;
};
Value AccumulateNew(VM& vm, const Value& cls, const ArgsView& args) {
  for (int k = 0; k < args.nkw(); ++k) {
    if (args.kwname(k) != "func" && args.kwname(k) != "initial" && args.kwname(k) != "iterable") {
      return RaiseTypeError(
          vm,
          absl::StrFormat("'%s' is an invalid keyword argument for accumulate()", args.kwname(k)));
    }
  }
  static constexpr const char* kNames[] = {"iterable", "func", "initial"};
  Value a[3];
  if (!ParseArgs(vm, args, "accumulate", kNames, 1, a, 2)) return {};
  Value v = NewOverIterator<AccumulateObject>(vm, cls, a[0]);
  if (v.is_null()) return v;
  auto* acc = Cast<AccumulateObject>(v);
  acc->func = a[1].is_null() ? Value::None() : a[1];
  if (!a[2].is_null() && !a[2].is_none()) acc->initial = a[2];
  return v;
}
Value AccumulateNext(VM& vm, const Value& self) {
  auto* a = Cast<AccumulateObject>(self);
  if (!a->initial.is_null()) {
    a->total = std::move(a->initial);
    a->initial = Value();
    return a->total;
  }
  Value v = vm.Next(a->it);
  if (v.is_null()) return v;
  if (a->total.is_null()) {
    a->total = v;
    return v;
  }
  Value t =
      a->func.is_none() ? vm.Binary(BinaryOp::kAdd, a->total, v) : vm.Call(a->func, {a->total, v});
  if (t.is_null()) return t;
  a->total = t;
  return t;
}

// --- chain ------------------------------------------------------------------
struct ChainObject : Object {
  explicit ChainObject(Type* t) : Object(t) {}
  Value source;  // iterator over the iterables
  Value active;  // iterator of the current iterable (null between them)
};
Value ChainNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (!NoKeywords(vm, args, "chain")) return {};
  std::vector<Value> iterables(args.data, args.data + args.nargs);
  auto* c = new ChainObject(ClsType(cls));
  Value cv = Value::Adopt(c);
  c->source = vm.Iter(NewTuple(std::move(iterables)));
  return cv;
}
Value ChainFromIterable(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "from_iterable", 1, 1)) return {};
  return NewOverIterator(vm, cls, args[0], &ChainObject::source);
}
Value ChainNext(VM& vm, const Value& self) {
  auto* c = Cast<ChainObject>(self);
  while (!c->source.is_null()) {
    if (c->active.is_null()) {
      Value iterable = vm.Next(c->source);
      if (iterable.is_null()) {
        if (!vm.HasException()) c->source = Value();
        return iterable;
      }
      c->active = vm.Iter(iterable);
      if (c->active.is_null()) return {};
    }
    Value v = vm.Next(c->active);
    if (!v.is_null() || vm.HasException()) return v;
    c->active = Value();
  }
  return {};
}
constexpr MethodDef kChainMethods[] = {{"from_iterable", ChainFromIterable, MethodDef::kClass}};

// --- compress ---------------------------------------------------------------
struct PairIterObject : Object {  // compress, pairwise, starmap, the *while ones
  explicit PairIterObject(Type* t) : Object(t) {}
  Value func;  // predicate / function (compress: the selectors iterator)
  Value it;
  Value last;         // pairwise: the previous item
  bool flag = false;  // dropwhile: done dropping; takewhile: stopped
};
Value CompressNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"data", "selectors"};
  Value a[2];
  if (!ParseArgs(vm, args, "compress", kNames, 2, a)) return {};
  Value data = vm.Iter(a[0]);
  if (data.is_null()) return data;
  Value sel = vm.Iter(a[1]);
  if (sel.is_null()) return sel;
  auto* c = new PairIterObject(ClsType(cls));
  c->it = std::move(data);
  c->func = std::move(sel);
  return Value::Adopt(c);
}
Value CompressNext(VM& vm, const Value& self) {
  auto* c = Cast<PairIterObject>(self);
  while (true) {
    Value d = vm.Next(c->it);
    if (d.is_null()) return d;
    Value s = vm.Next(c->func);
    if (s.is_null()) return s;
    int t = vm.Truthy(s);
    if (t < 0) return {};
    if (t == 1) return d;
  }
}

// dropwhile / takewhile / filterfalse / starmap: (function, iterable),
// positional only, "NAME expected 2 arguments, got N".
Value FuncIterNew(VM& vm, const Value& cls, const ArgsView& args, const char* name) {
  if (!CheckPositional(vm, args, name, 2, 2)) return {};
  Value o = NewOverIterator<PairIterObject>(vm, cls, args[1]);
  if (!o.is_null()) Cast<PairIterObject>(o)->func = args[0];
  return o;
}
Value DropwhileNew(VM& vm, const Value& cls, const ArgsView& a) {
  return FuncIterNew(vm, cls, a, "dropwhile");
}
Value TakewhileNew(VM& vm, const Value& cls, const ArgsView& a) {
  return FuncIterNew(vm, cls, a, "takewhile");
}
Value FilterfalseNew(VM& vm, const Value& cls, const ArgsView& a) {
  return FuncIterNew(vm, cls, a, "filterfalse");
}
Value StarmapNew(VM& vm, const Value& cls, const ArgsView& a) {
  return FuncIterNew(vm, cls, a, "starmap");
}

// pred(v) as 1 / 0, -1 on error.
int Test(VM& vm, const Value& pred, const Value& v) {
  Value r = vm.Call(pred, {v});
  if (r.is_null()) return -1;
  return vm.Truthy(r);
}

Value DropwhileNext(VM& vm, const Value& self) {
  auto* o = Cast<PairIterObject>(self);
  while (true) {
    Value v = vm.Next(o->it);
    if (v.is_null() || o->flag) return v;
    int t = Test(vm, o->func, v);
    if (t < 0) return {};
    if (t == 0) {
      o->flag = true;
      return v;
    }
  }
}
Value TakewhileNext(VM& vm, const Value& self) {
  auto* o = Cast<PairIterObject>(self);
  if (o->flag) return {};
  Value v = vm.Next(o->it);
  if (v.is_null()) return v;
  int t = Test(vm, o->func, v);
  if (t < 0) return {};
  if (t == 1) return v;
  o->flag = true;
  return {};
}
Value FilterfalseNext(VM& vm, const Value& self) {
  auto* o = Cast<PairIterObject>(self);
  while (true) {
    Value v = vm.Next(o->it);
    if (v.is_null()) return v;
    int t = o->func.is_none() ? vm.Truthy(v) : Test(vm, o->func, v);
    if (t < 0) return {};
    if (t == 0) return v;
  }
}
Value StarmapNext(VM& vm, const Value& self) {
  auto* o = Cast<PairIterObject>(self);
  Value v = vm.Next(o->it);
  if (v.is_null()) return v;
  std::vector<Value> call_args;
  if (!vm.Extend(&call_args, v)) return {};
  return vm.Call(o->func, ArgsView(call_args.data(), static_cast<int32_t>(call_args.size())));
}

Value PairwiseNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckPositional(vm, args, "pairwise", 1, 1)) return {};
  return NewOverIterator<PairIterObject>(vm, cls, args[0]);
}
Value PairwiseNext(VM& vm, const Value& self) {
  auto* o = Cast<PairIterObject>(self);
  if (o->it.is_null()) return {};
  if (o->last.is_null()) {
    o->last = vm.Next(o->it);
    if (o->last.is_null()) {
      if (!vm.HasException()) o->it = Value();
      return {};
    }
  }
  Value v = vm.Next(o->it);
  if (v.is_null()) {
    if (!vm.HasException()) o->it = Value();
    return v;
  }
  Value r = NewTuple({std::move(o->last), v});
  o->last = std::move(v);
  return r;
}

// --- islice -----------------------------------------------------------------
struct IsliceObject : Object {
  explicit IsliceObject(Type* t) : Object(t) {}
  Value it;           // null once finished
  int64_t next = 0;   // index of the next item to yield
  int64_t stop = -1;  // -1: no stop
  int64_t step = 1;
  int64_t consumed = 0;  // items taken from `it`
};
// CPython's PyNumber_AsSsize_t use in islice_new: None gives `none_value`;
// something that is not an integer gives -1 (its error dropped), as do
// out-of-range values there.
int64_t IsliceArg(VM& vm, const Value& v, int64_t none_value) {
  if (v.is_none()) return none_value;
  int64_t x;
  if (!ToInt(vm, v, &x)) {
    vm.ClearException();
    return -1;
  }
  return x;
}
Value IsliceNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckPositional(vm, args, "islice", 2, 4)) return {};
  // The checks in CPython's order, with its quirks: a stop of exactly -1 is
  // "Stop argument ...", a lower one "Indices ...".
  int64_t start = 0, stop = -1, step = 1;
  const Value& stop_arg = args[args.nargs == 2 ? 1 : 2];
  if (args.nargs > 2) start = IsliceArg(vm, args[1], 0);
  if (!stop_arg.is_none()) {
    stop = IsliceArg(vm, stop_arg, -1);
    if (stop == -1) {
      return RaiseValueError(vm,
                             "Stop argument for islice() must be None or an integer: "
                             "0 <= x <= sys.maxsize.");
    }
  }
  if (start < 0 || stop < -1) {
    return RaiseValueError(vm,
                           "Indices for islice() must be None or an integer: "
                           "0 <= x <= sys.maxsize.");
  }
  if (args.nargs == 4) step = IsliceArg(vm, args[3], 1);
  if (step < 1) return RaiseValueError(vm, "Step for islice() must be a positive integer or None.");
  // CPython takes the iterator after checking the indices.
  Value v = NewOverIterator<IsliceObject>(vm, cls, args[0]);
  if (v.is_null()) return v;
  auto* o = Cast<IsliceObject>(v);
  o->next = start;
  o->stop = stop;
  o->step = step;
  return v;
}
Value IsliceNext(VM& vm, const Value& self) {
  auto* o = Cast<IsliceObject>(self);
  if (o->it.is_null()) return {};
  // Skip up to the next index to yield (as CPython, even past `stop` when
  // start > stop: islice(it, 5, 3) consumes five items).
  while (o->consumed < o->next) {
    Value v = vm.Next(o->it);
    if (v.is_null()) {
      if (!vm.HasException()) o->it = Value();
      return v;
    }
    ++o->consumed;
  }
  if (o->stop >= 0 && o->consumed >= o->stop) {
    o->it = Value();
    return {};
  }
  Value v = vm.Next(o->it);
  if (v.is_null()) {
    if (!vm.HasException()) o->it = Value();
    return v;
  }
  ++o->consumed;
  int64_t nxt;
  if (__builtin_add_overflow(o->next, o->step, &nxt)) nxt = std::numeric_limits<int64_t>::max();
  o->next = nxt;
  if (o->stop >= 0 && o->next > o->stop) o->next = o->stop;
  return v;
}

// --- zip_longest ------------------------------------------------------------
struct ZipLongestObject : Object {
  explicit ZipLongestObject(Type* t) : Object(t) {}
  std::vector<Value> iters;  // null entries: exhausted
  Value fill;
  int64_t active = 0;
};
Value ZipLongestNew(VM& vm, const Value& cls, const ArgsView& args) {
  Value fill = Value::None();
  for (int k = 0; k < args.nkw(); ++k) {
    if (args.kwname(k) != "fillvalue") {
      return RaiseTypeError(vm, "zip_longest() got an unexpected keyword argument");
    }
    fill = args.kwvalue(k);
  }
  auto* z = new ZipLongestObject(ClsType(cls));
  Value zv = Value::Adopt(z);
  for (int i = 0; i < args.nargs; ++i) {
    Value it = vm.Iter(args[i]);
    if (it.is_null()) return it;
    z->iters.push_back(std::move(it));
  }
  z->fill = std::move(fill);
  z->active = static_cast<int64_t>(z->iters.size());
  return zv;
}
Value ZipLongestNext(VM& vm, const Value& self) {
  auto* z = Cast<ZipLongestObject>(self);
  if (z->iters.empty() || z->active == 0) return {};
  std::vector<Value> items;
  items.reserve(z->iters.size());
  for (Value& it : z->iters) {
    if (it.is_null()) {
      items.push_back(z->fill);
      continue;
    }
    Value v = vm.Next(it);
    if (v.is_null()) {
      if (vm.HasException()) return v;
      it = Value();
      if (--z->active == 0) return {};
      items.push_back(z->fill);
      continue;
    }
    items.push_back(std::move(v));
  }
  return NewTuple(std::move(items));
}

}  // namespace

bool InitItertoolsModule(VM&, ModuleObject* m) {
  struct Def {
    const char* name;
    NativeFn new_fn;
    NativeFn next_fn;
    std::span<const MethodDef> methods;
  };
  static const Def kDefs[] = {
      {"count", CountNew, NativeIterNext<CountNext>, kCountMethods},
      {"cycle", CycleNew, NativeIterNext<CycleNext>, {}},
      {"repeat", RepeatNew, NativeIterNext<RepeatNext>, kRepeatMethods},
      {"accumulate", AccumulateNew, NativeIterNext<AccumulateNext>, {}},
      {"chain", ChainNew, NativeIterNext<ChainNext>, kChainMethods},
      {"compress", CompressNew, NativeIterNext<CompressNext>, {}},
      {"dropwhile", DropwhileNew, NativeIterNext<DropwhileNext>, {}},
      {"takewhile", TakewhileNew, NativeIterNext<TakewhileNext>, {}},
      {"filterfalse", FilterfalseNew, NativeIterNext<FilterfalseNext>, {}},
      {"starmap", StarmapNew, NativeIterNext<StarmapNext>, {}},
      {"pairwise", PairwiseNew, NativeIterNext<PairwiseNext>, {}},
      {"islice", IsliceNew, NativeIterNext<IsliceNext>, {}},
      {"zip_longest", ZipLongestNew, NativeIterNext<ZipLongestNext>, {}},
  };
  // The types are process-wide (immortal), made on the first import.
  static std::vector<Type*>* types = [] {
    auto* v = new std::vector<Type*>();
    for (const Def& d : kDefs) {
      v->push_back(NewNativeIterType(d.name, "itertools", d.new_fn, d.next_fn, d.methods));
    }
    return v;
  }();
  for (Type* t : *types) AddType(m, t);
  AddItertoolsGroupbyTee(m);
  AddItertoolsCombinatoric(m);
  return true;
}

}  // namespace tc::script
