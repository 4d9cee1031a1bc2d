// Calls: binding arguments to a script function's parameters (with
// CPython's TypeError texts), running its frame (through the eval-frame
// hook when one is installed), calling native functions, bound methods and
// classes, and creating classes from class bodies.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/script/native.h"

#include "generator.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

std::string NameList(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    s += absl::StrCat("'", names[i], "'");
  }
  return s;
}

// Raises CPython's TypeError for required arguments (of `kind`,
// "positional" or "keyword-only") that no caller supplied; false.
bool RaiseMissing(VM& vm, const std::string& fname, const char* kind,
                  const std::vector<std::string>& missing) {
  vm.Raise(Types().type_error,
           absl::StrFormat("%s() missing %d required %s argument%s: %s", fname, missing.size(),
                           kind, missing.size() == 1 ? "" : "s", NameList(missing)));
  return false;
}

}  // namespace

bool VM::BindArgs(FunctionObject* fn, Value* locals, const Value* args, int32_t nargs,
                  const TupleObject* kwnames, const Value* self) {
  CodeObject* co = fn->code.get();
  const Code& code = *co->code;
  const int32_t argcount = code.argcount;
  const int32_t kwonly = code.kwonly_argcount;
  const bool has_varargs = (code.flags & Code::kVarArgs) != 0;
  const bool has_varkw = (code.flags & Code::kVarKeywords) != 0;
  const int32_t total = nargs + (self != nullptr ? 1 : 0);

  // Fast path: exact positional arguments.
  if (kwnames == nullptr && total == argcount && !has_varargs && !has_varkw && kwonly == 0) {
    Value* p = locals;
    if (self != nullptr) *p++ = *self;
    for (int32_t i = 0; i < nargs; ++i) *p++ = args[i];
    return true;
  }

  // The slots may still hold what an earlier frame left above its own
  // locals (seen after an exception unwound through typing's _tp_cache);
  // binding by keyword and filling defaults must start from empty slots.
  for (int32_t i = 0; i < co->nparams; ++i) locals[i] = Value();
  // The function's __qualname__, which may differ from its code's
  // (dataclasses names the __init__ it makes `Point.__init__`).
  const std::string& fname = fn->qualname ? fn->qualname->value : code.qualname;
  // Positional.
  int32_t npos = std::min(total, argcount);
  {
    int32_t k = 0;
    if (self != nullptr && npos > 0) {
      locals[0] = *self;
      k = 1;
    }
    for (int32_t i = k; i < npos; ++i) locals[i] = args[i - (self != nullptr ? 1 : 0)];
  }
  Value* extra_slot = locals + argcount + kwonly;
  if (has_varargs) {
    auto* t = new TupleObject(Types().tuple);
    for (int32_t i = npos; i < total; ++i) {
      t->items.push_back(self != nullptr ? (i == 0 ? *self : args[i - 1]) : args[i]);
    }
    *extra_slot++ = Value::Adopt(t);
  } else if (total > argcount) {
    int32_t ndef = fn->defaults ? static_cast<int32_t>(fn->defaults->items.size()) : 0;
    int32_t kwgiven = 0;  // CPython counts keyword-only given too ("and N keyword-only")
    (void)kwgiven;
    std::string takes = ndef > 0 ? absl::StrFormat("from %d to %d", argcount - ndef, argcount)
                                 : absl::StrCat(argcount);
    Raise(Types().type_error, absl::StrFormat("%s() takes %s positional argument%s but %d %s given",
                                              fname, takes, (argcount == 1 && ndef == 0) ? "" : "s",
                                              total, total == 1 ? "was" : "were"));
    return false;
  }
  DictObject* kwdict = nullptr;
  if (has_varkw) {
    Value d = NewDict();
    kwdict = static_cast<DictObject*>(d.as_object());
    *extra_slot = std::move(d);
  }
  // Keywords.
  if (kwnames != nullptr) {
    const Value* kwvalues = args + nargs;
    for (size_t k = 0; k < kwnames->items.size(); ++k) {
      auto* name = static_cast<StrObject*>(kwnames->items[k].as_object());
      int32_t idx = -1;
      for (int32_t i = 0; i < argcount + kwonly; ++i) {
        StrObject* vn = co->varnames[i].get();
        if (vn == name || vn->value == name->value) {
          idx = i;
          break;
        }
      }
      if (idx < 0) {
        if (kwdict != nullptr) {
          DictSetStr(kwdict, name->value, kwvalues[k]);
          continue;
        }
        Raise(Types().type_error,
              absl::StrFormat("%s() got an unexpected keyword argument '%s'", fname, name->value));
        return false;
      }
      if (!locals[idx].is_null()) {
        Raise(Types().type_error,
              absl::StrFormat("%s() got multiple values for argument '%s'", fname, name->value));
        return false;
      }
      locals[idx] = kwvalues[k];
    }
  }
  // Defaults and missing.
  if (total < argcount || kwnames != nullptr) {
    int32_t ndef = fn->defaults ? static_cast<int32_t>(fn->defaults->items.size()) : 0;
    std::vector<std::string> missing;
    for (int32_t i = 0; i < argcount; ++i) {
      if (!locals[i].is_null()) continue;
      int32_t d = i - (argcount - ndef);
      if (d >= 0) {
        locals[i] = fn->defaults->items[d];
      } else {
        missing.push_back(code.varnames[i]);
      }
    }
    if (!missing.empty()) return RaiseMissing(*this, fname, "positional", missing);
  }
  if (kwonly > 0) {
    std::vector<std::string> missing;
    for (int32_t i = argcount; i < argcount + kwonly; ++i) {
      if (!locals[i].is_null()) continue;
      const Value* d =
          fn->kwdefaults ? DictGetStr(fn->kwdefaults.get(), code.varnames[i]) : nullptr;
      if (d != nullptr) {
        locals[i] = *d;
      } else {
        missing.push_back(code.varnames[i]);
      }
    }
    if (!missing.empty()) return RaiseMissing(*this, fname, "keyword-only", missing);
  }
  return true;
}

bool VM::RecursionEnter() {
  if (TC_UNLIKELY(++depth_ > recursion_limit_)) {
    --depth_;
    Raise(Types().recursion_error, "maximum recursion depth exceeded");
    return false;
  }
  return true;
}

namespace {

// Sets up cells: fresh cells for cellvars (seeded from parameters), the
// closure's cells for freevars.
inline void InitCells(FunctionObject* fn, CodeObject* co, Value* locals) {
  const Code& code = *co->code;
  Value* cells = locals + co->nlocals;
  size_t nc = code.cellvars.size();
  for (size_t i = 0; i < nc; ++i) {
    auto* c = new CellObject(Types().cell);
    int32_t p = i < code.cell_param_index.size() ? code.cell_param_index[i] : -1;
    if (p >= 0) c->value = locals[p];
    cells[i] = Value::Adopt(c);
  }
  if (fn != nullptr && fn->closure) {
    for (size_t j = 0; j < code.freevars.size() && j < fn->closure->items.size(); ++j) {
      cells[nc + j] = fn->closure->items[j];
    }
  }
}

// Sets up fn's cells and runs its code over `locals` (ns: a class body's
// namespace, else null).
inline Value EvalFunctionFrame(VM& vm, FunctionObject* fn, CodeObject* co, Value* locals,
                               DictObject* ns) {
  if (co->ncells > 0) InitCells(fn, co, locals);
  Frame f;
  f.code = co;
  f.func = fn;
  f.globals = fn->globals.get();
  f.ns = ns;
  f.locals = locals;
  return vm.Eval(&f);
}

// Drops what a finished frame's locals and cells still hold.
inline void ClearSlots(const CodeObject* co, Value* locals) {
  for (Value *p = locals, *e = locals + co->nlocals + co->ncells; p < e; ++p) *p = Value();
}

}  // namespace

Value VM::CallFunction(FunctionObject* fn, const Value* args, int32_t nargs,
                       const TupleObject* kwnames, const Value* self) {
  CodeObject* co = fn->code.get();
  if (TC_UNLIKELY(stack_top_ + co->frame_size > stack_end_ || depth_ >= recursion_limit_)) {
    return Raise(Types().recursion_error, "maximum recursion depth exceeded");
  }
  ++depth_;
  Value* locals = stack_top_;
  stack_top_ += co->frame_size;
  Value r;
  if (TC_LIKELY(BindArgs(fn, locals, args, nargs, kwnames, self))) {
    if (TC_UNLIKELY(co->code->flags & Code::kSuspendable)) {
      // The frame runs later, in the generator, coroutine or async
      // generator (tc never captures such frames: they run eagerly).
      if (co->ncells > 0) InitCells(fn, co, locals);
      r = NewGenerator(fn, locals);
      goto cleanup;
    }
    if (TC_UNLIKELY(frame_hook_ != nullptr)) {
      FrameHookCall call{fn, locals, co->nparams};
      FrameHookAction a = frame_hook_(*this, frame_hook_data_, call, &r);
      if (a != FrameHookAction::kRun) {
        if (a == FrameHookAction::kError) r = Value();
        goto cleanup;
      }
    }
    r = EvalFunctionFrame(*this, fn, co, locals, nullptr);
  }
cleanup:
  ClearSlots(co, locals);
  stack_top_ = locals;
  --depth_;
  return r;
}

Value VM::RunFunction(FunctionObject* fn, Value* params) {
  CodeObject* co = fn->code.get();
  if (stack_top_ + co->frame_size > stack_end_ || depth_ >= recursion_limit_) {
    return Raise(Types().recursion_error, "maximum recursion depth exceeded");
  }
  ++depth_;
  Value* locals = stack_top_;
  stack_top_ += co->frame_size;
  for (int32_t i = 0; i < co->nparams; ++i) locals[i] = params[i];
  Value r;
  if (co->code->flags & Code::kSuspendable) {
    if (co->ncells > 0) InitCells(fn, co, locals);
    r = NewGenerator(fn, locals);
  } else {
    r = EvalFunctionFrame(*this, fn, co, locals, nullptr);
  }
  ClearSlots(co, locals);
  stack_top_ = locals;
  --depth_;
  return r;
}

namespace {
// callable(self, *args, **kwargs).
Value CallPrepended(VM& vm, const Value& callable, const Value& self, const ArgsView& args) {
  int32_t n = args.nargs + args.nkw();
  std::vector<Value> v;
  v.reserve(n + 1);
  v.push_back(self);
  for (int32_t i = 0; i < n; ++i) v.push_back(args.data[i]);
  return vm.Call(callable, ArgsView(v.data(), args.nargs + 1, args.kwnames));
}
// A native type's __new__ called unbound (`int.__new__(cls, x)`, from a
// subclass's own __new__): the class is its self, with CPython's checks.
Value CallNativeNew(VM& vm, const NativeFunctionObject* nf, const ArgsView& args) {
  const Value& cls = args[0];
  const char* owner = nf->owner->name.c_str();
  if (!IsInstance(cls, Types().type)) {
    return RaiseTypeError(
        vm, absl::StrFormat("%s.__new__(X): X is not a type object (%s)", owner, TypeName(cls)));
  }
  if (!IsSubtype(Cast<Type>(cls), nf->owner)) {
    return RaiseTypeError(vm, absl::StrFormat("%s.__new__(%s): %s is not a subtype of %s", owner,
                                              Cast<Type>(cls)->name, Cast<Type>(cls)->name, owner));
  }
  return CallNative(vm, nf, cls, ArgsView(args.data + 1, args.nargs - 1, args.kwnames));
}

}  // namespace

Value VM::Call(const Value& callable, const ArgsView& args) {
  const BuiltinTypes& T = Types();
  if (!callable.is_object()) {
    return Raise(T.type_error, absl::StrFormat("'%s' object is not callable", TypeName(callable)));
  }
  Object* o = callable.as_object();
  Type* t = o->type;
  if (t == T.function) {
    return CallFunction(static_cast<FunctionObject*>(o), args.data, args.nargs, args.kwnames,
                        nullptr);
  }
  if (t == T.native_function) {
    auto* nf = static_cast<NativeFunctionObject*>(o);
    if (nf->is_method && nf->self.is_null()) {
      // Unbound: the first argument is self.
      if (args.nargs < 1) {
        return Raise(T.type_error,
                     absl::StrFormat("unbound method %s() needs an argument", nf->qualname));
      }
      if (nf->owner != nullptr && nf->name == "__new__") return CallNativeNew(*this, nf, args);
      if (nf->owner != nullptr && !IsInstance(args[0], nf->owner)) {
        if (IsBuiltinDunder(callable)) {  // CPython's slot wrappers say it so
          return Raise(T.type_error,
                       absl::StrFormat("descriptor '%s' requires a '%s' object but received a '%s'",
                                       nf->name, nf->owner->name, TypeName(args[0])));
        }
        return Raise(T.type_error,
                     absl::StrFormat("descriptor '%s' for '%s' objects doesn't apply to a '%s' "
                                     "object",
                                     nf->name, nf->owner->name, TypeName(args[0])));
      }
      return CallNative(*this, nf, args[0], ArgsView(args.data + 1, args.nargs - 1, args.kwnames));
    }
    return CallNative(*this, nf, nf->self, args);
  }
  if (t == T.method) {
    auto* m = static_cast<MethodObject*>(o);
    // A bound class (classmethod(GenericAlias) on a class) still gets self.
    if (m->function.is_object() && m->function.as_object()->type != T.function &&
        IsSubtype(m->function.as_object()->type, T.type)) {
      return CallPrepended(*this, m->function, m->self, args);
    }
    return CallWithSelf(m->function, m->self, args);
  }
  if (t == T.type) return CallType(static_cast<Type*>(o), args);
  if (IsSubtype(t, T.type)) {
    // A class whose metaclass defines __call__ (type's own is CallType).
    static StrObject* const kCallName = Intern("__call__");
    const Value& call = t->slot(Slot::kCall);
    const Value* type_call = LookupInMro(T.type, kCallName);
    if (!call.is_null() && (type_call == nullptr || call.as_object() != type_call->as_object())) {
      return CallWithSelf(call, callable, args);
    }
    return CallType(static_cast<Type*>(o), args);
  }
  const Value& call = t->slot(Slot::kCall);
  if (!call.is_null()) return CallWithSelf(call, callable, args);
  return Raise(T.type_error, absl::StrFormat("'%s' object is not callable", t->name));
}

Value VM::CallWithSelf(const Value& callable, const Value& self, const ArgsView& args) {
  const BuiltinTypes& T = Types();
  if (callable.is_object()) {
    Object* o = callable.as_object();
    if (o->type == T.function) {
      return CallFunction(static_cast<FunctionObject*>(o), args.data, args.nargs, args.kwnames,
                          &self);
    }
    if (o->type == T.native_function && static_cast<NativeFunctionObject*>(o)->is_method) {
      return CallNative(*this, static_cast<NativeFunctionObject*>(o), self, args);
    }
    if (o->type == T.staticmethod) {
      return Call(static_cast<StaticMethodObject*>(o)->function, args);
    }
    if (o->type == T.classmethod) {
      // classmethod binds whatever it wraps, a class too
      // (`__class_getitem__ = classmethod(GenericAlias)`).
      Value cls = Value::Borrow(self.type());
      const Value& fn = static_cast<ClassMethodObject*>(o)->function;
      if (fn.is_object() && IsSubtype(fn.as_object()->type, T.type)) {
        return CallPrepended(*this, fn, cls, args);
      }
      return CallWithSelf(fn, cls, args);
    }
    // A class is no descriptor: a special method that is one (typing's
    // `__call__ = dict`) is called without self, as CPython does.
    if (IsSubtype(o->type, T.type)) return Call(callable, args);
  }
  return CallPrepended(*this, callable, self, args);
}

Value VM::Call(const Value& callable, std::initializer_list<Value> args) {
  return Call(callable, ArgsView(args.begin(), static_cast<int32_t>(args.size())));
}

Value VM::CallKw(const Value& callable, std::span<const Value> args,
                 std::span<const std::pair<std::string_view, Value>> kwargs) {
  std::vector<Value> v(args.begin(), args.end());
  std::vector<Value> names;
  for (const auto& [k, val] : kwargs) {
    names.push_back(InternStr(k));
    v.push_back(val);
  }
  Value nt = names.empty() ? Value() : NewTuple(std::move(names));
  return Call(callable,
              ArgsView(v.data(), static_cast<int32_t>(args.size()),
                       nt.is_null() ? nullptr : static_cast<TupleObject*>(nt.as_object())));
}

Value VM::CallMethod(const Value& obj, std::string_view name, std::initializer_list<Value> args) {
  Value m = GetAttr(obj, name);
  if (m.is_null()) return m;
  return Call(m, args);
}

Value VM::CallType(Type* t, const ArgsView& args) {
  const BuiltinTypes& T = Types();
  if (t == T.type && args.nargs == 1 && args.nkw() == 0) return Value::Borrow(args[0].type());
  const Value& new_fn = t->slot(Slot::kNew);
  Value obj;
  Value cls = Value::Borrow(t);
  if (!new_fn.is_null()) {
    // __new__ receives the class as self (native) or first argument.
    if (new_fn.is_object() && new_fn.as_object()->type == T.staticmethod) {
      std::vector<Value> v;
      v.push_back(cls);
      for (int32_t i = 0; i < args.nargs + args.nkw(); ++i) v.push_back(args.data[i]);
      obj = Call(static_cast<StaticMethodObject*>(new_fn.as_object())->function,
                 ArgsView(v.data(), args.nargs + 1, args.kwnames));
    } else {
      obj = CallWithSelf(new_fn, cls, args);
    }
    if (obj.is_null()) return obj;
    if (!IsInstance(obj, t)) return obj;
  } else {
    if (TC_UNLIKELY(t->has_flag(Type::kAbstract))) return RaiseAbstractInstantiation(*this, t);
    if (t->alloc == nullptr) {
      return Raise(T.type_error, absl::StrFormat("cannot create '%s' instances", TypeFullName(t)));
    }
    obj = Value::Adopt(t->alloc(t));
  }
  const Value& init = t->slot(Slot::kInit);
  if (!init.is_null()) {
    Value r = CallWithSelf(init, obj, args);
    if (r.is_null()) return r;
    if (!r.is_none()) {
      return Raise(T.type_error,
                   absl::StrFormat("__init__() should return None, not '%s'", TypeName(r)));
    }
  } else if (new_fn.is_null() && (args.nargs > 0 || args.nkw() > 0)) {
    return Raise(T.type_error, absl::StrFormat("%s() takes no arguments", t->name));
  }
  return obj;
}

Value VM::RunClassBody(FunctionObject* fn, DictObject* ns) {
  CodeObject* co = fn->code.get();
  if (stack_top_ + co->frame_size > stack_end_ || !RecursionEnter()) {
    return Raise(Types().recursion_error, "maximum recursion depth exceeded");
  }
  Value* locals = stack_top_;
  stack_top_ += co->frame_size;
  Value r = EvalFunctionFrame(*this, fn, co, locals, ns);
  ClearSlots(co, locals);
  stack_top_ = locals;
  RecursionLeave();
  return r;
}

}  // namespace tc::script
