// Iterators: list/tuple/str/range/dict iterators, dict views, zip,
// enumerate, map, filter, reversed, and VM::Next for all of them.
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "generator.h"
#include "src/str_helpers.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value ZipNew(VM& vm, const Value& cls, const ArgsView& args) {
  auto* z = new MultiIterObject(Cast<Type>(cls));
  Value zv = Value::Adopt(z);
  for (int i = 0; i < args.nargs; ++i) {
    Value it = vm.Iter(args[i]);
    if (it.is_null()) {
      if (vm.ExceptionMatches(Types().type_error)) {
        vm.ClearException();
        return RaiseTypeError(vm,
                              absl::StrFormat("zip argument #%d must support iteration", i + 1));
      }
      return it;
    }
    z->iters.push_back(std::move(it));
  }
  for (int k = 0; k < args.nkw(); ++k) {
    if (args.kwname(k) == "strict") {
      int t = vm.Truthy(args.kwvalue(k));
      if (t < 0) return {};
      z->strict = t != 0;
    } else {
      return RaiseTypeError(
          vm, absl::StrFormat("zip() got an unexpected keyword argument '%s'", args.kwname(k)));
    }
  }
  return zv;
}

Value EnumerateNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"iterable", "start"};
  Value a[2];
  if (!ParseArgs(vm, args, "enumerate", kNames, 1, a)) return {};
  auto* e = new MultiIterObject(Cast<Type>(cls));
  Value ev = Value::Adopt(e);
  Value it = vm.Iter(a[0]);
  if (it.is_null()) return it;
  e->iters.push_back(std::move(it));
  if (!a[1].is_null() && !ToInt(vm, a[1], &e->count)) return {};
  return ev;
}

Value MapNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (args.nargs < 2) return RaiseTypeError(vm, "map() must have at least two arguments.");
  auto* m = new MultiIterObject(Cast<Type>(cls));
  Value mv = Value::Adopt(m);
  m->func = args[0];
  for (int i = 1; i < args.nargs; ++i) {
    Value it = vm.Iter(args[i]);
    if (it.is_null()) return it;
    m->iters.push_back(std::move(it));
  }
  return mv;
}

Value FilterNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "filter", 2, 2)) return {};
  auto* m = new MultiIterObject(Cast<Type>(cls));
  Value mv = Value::Adopt(m);
  m->func = args[0];
  Value it = vm.Iter(args[1]);
  if (it.is_null()) return it;
  m->iters.push_back(std::move(it));
  return mv;
}

Value ReversedNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "reversed", 1, 1)) return {};
  const Value& seq = args[0];
  const BuiltinTypes& T = Types();
  Type* t = seq.type();
  if (t == T.range) {
    auto* r = static_cast<RangeObject*>(seq.as_object());
    if (!r->big.is_null()) {
      // range(last, start - step, -step)
      Value n = BigRangeLength(vm, r);
      Value start = BigRangeAttr(r, 0), step = BigRangeAttr(r, 2);
      Value last = n.is_null() ? n : vm.Binary(BinaryOp::kSub, n, Value::Int(1));
      if (!last.is_null()) last = vm.Binary(BinaryOp::kMul, last, step);
      if (!last.is_null()) last = vm.Binary(BinaryOp::kAdd, start, last);
      Value end = last.is_null() ? last : vm.Binary(BinaryOp::kSub, start, step);
      Value neg = end.is_null() ? end : vm.Unary(UnaryOp::kNeg, step);
      if (neg.is_null()) return neg;
      Value rr = MakeRange(vm, last, end, neg);
      return rr.is_null() ? rr : vm.Iter(rr);
    }
    int64_t n = r->size();
    auto* it = new RangeIterObject(T.range_iter);
    it->cur = r->start + (n - 1) * r->step;
    it->stop = r->start - r->step;
    it->step = -r->step;
    if (n == 0) it->cur = it->stop;
    return Value::Adopt(it);
  }
  const Value& rev = t->slot(Slot::kLen).is_null() ? Value::Null() : Value::Null();
  (void)rev;
  const Value* user_rev =
      t->has_flag(Type::kHeapType) ? LookupInMro(t, Intern("__reversed__")) : nullptr;
  if (user_rev != nullptr) return vm.CallWithSelf(*user_rev, seq, ArgsView());
  int64_t n;
  if (t == T.dict || IsSubtype(t, T.dict_keys) || IsSubtype(t, T.dict_values) ||
      IsSubtype(t, T.dict_items)) {
    std::vector<Value> items;
    if (!vm.Extend(&items, seq)) return {};
    std::reverse(items.begin(), items.end());
    return vm.Iter(NewList(std::move(items)));
  }
  if (t->slot(Slot::kGetItem).is_null() && t != T.list && t != T.tuple && t != T.str) {
    return RaiseTypeError(vm, absl::StrFormat("'%s' object is not reversible", t->name));
  }
  if (!vm.Length(seq, &n)) return {};
  auto* m = new MultiIterObject(Cast<Type>(cls));
  m->func = seq;
  m->count = n - 1;
  return Value::Adopt(m);
}

Value IterSelf(VM&, const Value& self, const ArgsView&) { return self; }
Value IterNext(VM& vm, const Value& self, const ArgsView&) {
  Value v = vm.Next(self);
  if (v.is_null() && !vm.HasException()) {
    vm.SetException(NewExceptionArgs(Types().stop_iteration, NewTuple({})));
  }
  return v;
}
constexpr MethodDef kIterMethods[] = {{"__iter__", IterSelf}, {"__next__", IterNext}};

Type* MakeIterType(BuiltinTypes& bt, const char* name, NativeFn new_fn) {
  Type* t = NewBuiltinType(name, bt.object, 0, nullptr);
  t->type = bt.type;
  t->dict = static_cast<DictObject*>(NewDict().Release());
  AddMethods(t, kIterMethods);
  if (new_fn != nullptr) {
    MethodDef d[] = {{"__new__", new_fn}};
    AddMethods(t, d);
  }
  UpdateSlots(t);
  return t;
}

}  // namespace

Value NewSeqIter(Type* type, Value seq) {
  auto* it = new SeqIterObject(type);
  it->seq = std::move(seq);
  return Value::Adopt(it);
}

Value NewDictIter(Value dict, int kind) {
  auto* it = new DictIterObject(Types().dict_iter);
  it->expected_size = static_cast<DictObject*>(dict.as_object())->used;
  it->dict = std::move(dict);
  it->kind = kind;
  return Value::Adopt(it);
}

Value NewDictView(Value dict, int kind) {
  const BuiltinTypes& T = Types();
  auto* v = new DictViewObject(kind == 0 ? T.dict_keys : kind == 1 ? T.dict_values : T.dict_items);
  v->dict = std::move(dict);
  v->kind = kind;
  return Value::Adopt(v);
}

Value VM::Next(const Value& itv) {
  const BuiltinTypes& T = Types();
  Object* o = itv.as_object();
  Type* t = o->type;
  if (t == T.list_iter || t == T.tuple_iter) {
    auto* it = static_cast<SeqIterObject*>(o);
    const auto& items = t == T.list_iter ? static_cast<ListObject*>(it->seq.as_object())->items
                                         : static_cast<TupleObject*>(it->seq.as_object())->items;
    if (it->index < static_cast<int64_t>(items.size())) return items[it->index++];
    return Value();
  }
  if (t == T.str_iter) {
    auto* it = static_cast<SeqIterObject*>(o);
    // index is a byte offset.
    const std::string& s = static_cast<StrObject*>(it->seq.as_object())->value;
    if (it->index >= static_cast<int64_t>(s.size())) return Value();
    size_t b = static_cast<size_t>(it->index);
    uint32_t cp = utf8::Decode(s, &b);
    it->index = static_cast<int64_t>(b);
    return NewStrChar(cp);
  }
  if (t == T.range_iter) {
    auto* r = static_cast<RangeIterObject*>(o);
    if (r->step > 0 ? r->cur < r->stop : r->cur > r->stop) {
      int64_t v = r->cur;
      r->cur += r->step;
      return Value::Int(v);
    }
    return Value();
  }
  if (t == T.dict_iter) {
    auto* it = static_cast<DictIterObject*>(o);
    auto* d = static_cast<DictObject*>(it->dict.as_object());
    if (d->used != it->expected_size) {
      it->expected_size = -1;
      return Raise(T.runtime_error, d->type == T.dict ? "dictionary changed size during iteration"
                                                      : "Set changed size during iteration");
    }
    while (it->pos < d->entries.size()) {
      const auto& e = d->entries[it->pos++];
      if (e.key.is_null()) continue;
      if (it->kind == 0) return e.key;
      if (it->kind == 1) return e.value;
      return NewTuple({e.key, e.value});
    }
    return Value();
  }
  if (t == T.seq_iter) {
    auto* it = static_cast<SeqIterObject*>(o);
    if (it->index < 0) return Value();
    Value r = GetItem(it->seq, Value::Int(it->index++));
    if (r.is_null() && (ExceptionMatches(T.index_error) || ExceptionMatches(T.stop_iteration))) {
      ClearException();
      it->index = -1;
    }
    return r;
  }
  if (t == T.zip) {
    auto* z = static_cast<MultiIterObject*>(o);
    if (z->iters.empty()) return Value();
    std::vector<Value> items;
    for (size_t i = 0; i < z->iters.size(); ++i) {
      Value v = Next(z->iters[i]);
      if (v.is_null()) {
        if (HasException()) return v;
        if (z->strict) {
          if (i > 0) {
            return Raise(T.value_error,
                         absl::StrFormat("zip() argument %d is shorter than argument%s 1%s", i + 1,
                                         i > 1 ? "s" : "", i > 1 ? absl::StrFormat("-%d", i) : ""));
          }
          for (size_t j = 1; j < z->iters.size(); ++j) {
            Value w = Next(z->iters[j]);
            if (!w.is_null()) {
              return Raise(
                  T.value_error,
                  absl::StrFormat("zip() argument %d is longer than argument%s 1%s", j + 1,
                                  j > 1 ? "s" : "", j > 1 ? absl::StrFormat("-%d", j) : ""));
            }
            if (HasException()) return w;
          }
        }
        z->iters.clear();
        return Value();
      }
      items.push_back(std::move(v));
    }
    return NewTuple(std::move(items));
  }
  if (t == T.enumerate) {
    auto* e = static_cast<MultiIterObject*>(o);
    Value v = Next(e->iters[0]);
    if (v.is_null()) return v;
    return NewTuple({Value::Int(e->count++), std::move(v)});
  }
  if (t == T.map) {
    auto* m = static_cast<MultiIterObject*>(o);
    std::vector<Value> args;
    for (const Value& it : m->iters) {
      Value v = Next(it);
      if (v.is_null()) return v;
      args.push_back(std::move(v));
    }
    return Call(m->func, ArgsView(args.data(), static_cast<int32_t>(args.size())));
  }
  if (t == T.filter) {
    auto* m = static_cast<MultiIterObject*>(o);
    while (true) {
      Value v = Next(m->iters[0]);
      if (v.is_null()) return v;
      int keep;
      if (m->func.is_none()) {
        keep = Truthy(v);
      } else {
        Value r = Call(m->func, {v});
        if (r.is_null()) return r;
        keep = Truthy(r);
      }
      if (keep < 0) return Value();
      if (keep) return v;
    }
  }
  if (t == T.reversed) {
    auto* m = static_cast<MultiIterObject*>(o);
    if (m->count < 0) return Value();
    return GetItem(m->func, Value::Int(m->count--));
  }
  if (t == T.callable_iter) {
    auto* m = static_cast<MultiIterObject*>(o);
    if (m->iters.empty()) return Value();
    Value v = Call(m->func, ArgsView());
    if (v.is_null()) return v;
    int eq = Equal(v, m->iters[0]);
    if (eq < 0) return Value();
    if (eq) {
      m->iters.clear();
      return Value();
    }
    return v;
  }
  if (t == GeneratorType()) return GeneratorNext(*this, static_cast<GeneratorObject*>(o));
  const Value& nx = t->slot(Slot::kNext);
  if (nx.is_null()) {
    return Raise(T.type_error, absl::StrFormat("'%s' object is not an iterator", t->name));
  }
  Value r = CallWithSelf(nx, itv, ArgsView());
  if (r.is_null() && ExceptionMatches(T.stop_iteration)) ClearException();
  return r;
}

void InitIteratorTypes(BuiltinTypes& bt) {
  // The iterator types and the builtins that make one (their __new__).
  struct IterTypeDef {
    Type* BuiltinTypes::*type;
    const char* name;
    NativeFn new_fn;
  };
  static constexpr IterTypeDef kIterTypes[] = {
      {&BuiltinTypes::list_iter, "list_iterator", nullptr},
      {&BuiltinTypes::tuple_iter, "tuple_iterator", nullptr},
      {&BuiltinTypes::str_iter, "str_ascii_iterator", nullptr},
      {&BuiltinTypes::range_iter, "range_iterator", nullptr},
      {&BuiltinTypes::dict_iter, "dict_keyiterator", nullptr},
      {&BuiltinTypes::seq_iter, "iterator", nullptr},
      {&BuiltinTypes::callable_iter, "callable_iterator", nullptr},
      {&BuiltinTypes::zip, "zip", ZipNew},
      {&BuiltinTypes::enumerate, "enumerate", EnumerateNew},
      {&BuiltinTypes::map, "map", MapNew},
      {&BuiltinTypes::filter, "filter", FilterNew},
      {&BuiltinTypes::reversed, "reversed", ReversedNew}};
  for (const IterTypeDef& d : kIterTypes) bt.*d.type = MakeIterType(bt, d.name, d.new_fn);
  for (Type** t : {&bt.dict_keys, &bt.dict_values, &bt.dict_items}) {
    const char* name = t == &bt.dict_keys     ? "dict_keys"
                       : t == &bt.dict_values ? "dict_values"
                                              : "dict_items";
    *t = NewBuiltinType(name, bt.object, 0, nullptr);
    (*t)->type = bt.type;
    (*t)->dict = static_cast<DictObject*>(NewDict().Release());
    UpdateSlots(*t);
  }
}

}  // namespace tc::script
