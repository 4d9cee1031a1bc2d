// The eval loop: runs one frame's instructions. Calls of script functions
// recurse through VM::CallFunction; exceptions unwind through the code's
// exception table.
//
// Over 600 lines because VM::Eval is one function of ~1,000 lines: the
// instruction dispatch is one switch, kept whole for speed as CPython keeps
// its ceval loop: the compiler holds the frame's stack pointer and pc in
// registers and jumps straight between cases, with no call per instruction.
// Work that is not on the hot path lives in vm_ops_*.cc, vm_call.cc and
// vm_attr.cc.
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "coroutine.h"
#include "generator.h"
#include "vm_internal.h"
#include "vm_set_table.h"

namespace tc::script {

namespace {

// Loads a global (with builtins fallback) through the per-instruction cache.
inline bool LoadGlobalCached(VM& vm, Frame* f, int32_t pc, StrObject* name, Value* out) {
  CodeObject* co = f->code;
  CodeObject::GlobalCache& c = co->global_cache[pc];
  DictObject* g = f->globals;
  DictObject* b = vm.builtins();
  if (c.globals_version == g->version && c.builtins_version == b->version && !c.value.is_null()) {
    *out = c.value;
    return true;
  }
  int64_t ix = DictFindStr(g, name);
  if (ix >= 0) {
    *out = g->entries[ix].value;
  } else {
    ix = DictFindStr(b, name);
    if (ix < 0) return false;
    *out = b->entries[ix].value;
  }
  c.globals_version = g->version;
  c.builtins_version = b->version;
  c.value = *out;
  return true;
}

inline bool IsExactStr(const Value& v) {
  return v.is_object() && v.as_object()->type == Types().str;
}

}  // namespace

Value VM::Eval(Frame* f) {
  CodeObject* co = f->code;
  const Code& code = *co->code;
  const Instruction* instrs = code.instructions.data();
  Value* locals = f->locals;
  Value* cells = locals + co->nlocals;
  Value* stack_base = cells + co->ncells;
  Value* sp = stack_base + f->resume_depth;
  int32_t pc = f->resume_pc;
  f->prev = frame_;
  frame_ = f;
  const BuiltinTypes& T = Types();
  Value result;
  bool reraise = false;  // the pending error keeps its traceback as is

#define PUSH(v) (*sp++ = (v))
#define POP() (std::move(*--sp))
#define TOP() (sp[-1])
#define SECOND() (sp[-2])
#define DISPATCH() continue
#define ERROR() goto error

  // Switch dispatch on purpose: computed goto (`goto *label`) would leave
  // handler scopes without running the destructors of their Values.
  const Instruction* ip;
#define TARGET(op) case Opcode::op:

  if (TC_UNLIKELY(f->throw_in)) {  // generator.throw(): raise at the yield
    f->throw_in = false;
    f->pc = pc - 1;
    goto error;
  }
  while (true) {
    ip = &instrs[pc];
    f->pc = pc;
    ++pc;
    switch (ip->op) {
      TARGET(kNop)
      DISPATCH();
      TARGET(kPop)
      *--sp = Value();
      DISPATCH();
      TARGET(kDup)
      *sp = sp[-1];
      ++sp;
      DISPATCH();
      TARGET(kDupTwo)
      sp[0] = sp[-2];
      sp[1] = sp[-1];
      sp += 2;
      DISPATCH();
      TARGET(kRotTwo)
      sp[-1].Swap(sp[-2]);
      DISPATCH();
      TARGET(kRotThree) {  // a b c -> c a b
        Value c = std::move(sp[-1]);
        sp[-1] = std::move(sp[-2]);
        sp[-2] = std::move(sp[-3]);
        sp[-3] = std::move(c);
        DISPATCH();
      }
      TARGET(kRotFour) {
        Value d = std::move(sp[-1]);
        sp[-1] = std::move(sp[-2]);
        sp[-2] = std::move(sp[-3]);
        sp[-3] = std::move(sp[-4]);
        sp[-4] = std::move(d);
        DISPATCH();
      }
      TARGET(kCopy)
      *sp = sp[-ip->arg];
      ++sp;
      DISPATCH();
      TARGET(kSwap)
      sp[-1].Swap(sp[-ip->arg]);
      DISPATCH();
      TARGET(kSetupAnnotations) {
        StrObject* name = Intern("__annotations__");
        if (f->ns != nullptr && TC_UNLIKELY(f->ns->type != T.dict)) {
          // A metaclass's __prepare__ namespace: its own item methods.
          Value key = Value::Borrow(name);
          Value v = GetItem(Value::Borrow(f->ns), key);
          if (v.is_null()) {
            if (!ExceptionMatches(T.key_error)) ERROR();
            ClearException();
            if (!SetItem(Value::Borrow(f->ns), key, NewDict())) ERROR();
          }
          DISPATCH();
        }
        DictObject* d = f->ns != nullptr ? f->ns : f->globals;
        if (DictFindStr(d, name) < 0) DictSetStrKey(d, name, NewDict());
        DISPATCH();
      }
      TARGET(kGetLen) {
        Value n = Len(TOP());
        if (n.is_null()) ERROR();
        PUSH(std::move(n));
        DISPATCH();
      }
      TARGET(kMatchMapping) {
        bool mapping = PatternCollectionKind(TOP().type()) == Type::kMapping;
        PUSH(Value::Bool(mapping));
        DISPATCH();
      }
      TARGET(kMatchSequence) {
        bool sequence = PatternCollectionKind(TOP().type()) == Type::kSequence;
        PUSH(Value::Bool(sequence));
        DISPATCH();
      }
      TARGET(kMatchKeys) {
        Value values = MatchKeys(*this, SECOND(), TOP());
        if (values.is_null()) ERROR();
        PUSH(std::move(values));
        DISPATCH();
      }
      TARGET(kMatchClass) {
        Value names = POP();
        Value cls = POP();
        Value attrs = MatchClass(*this, TOP(), cls, ip->arg, names);
        if (attrs.is_null()) ERROR();
        TOP() = std::move(attrs);
        DISPATCH();
      }
      TARGET(kLoadConst)
      PUSH(co->consts[ip->arg]);
      DISPATCH();
      TARGET(kLoadFast) {
        const Value& v = locals[ip->arg];
        if (TC_UNLIKELY(v.is_null())) {
          Raise(T.unbound_local_error,
                absl::StrFormat("cannot access local variable '%s' where it is not associated "
                                "with a value",
                                code.varnames[ip->arg]));
          ERROR();
        }
        PUSH(v);
        DISPATCH();
      }
      TARGET(kStoreFast)
      locals[ip->arg] = POP();
      DISPATCH();
      TARGET(kDeleteFast)
      if (locals[ip->arg].is_null()) {
        Raise(T.unbound_local_error,
              absl::StrFormat("cannot access local variable '%s' where it is not associated "
                              "with a value",
                              code.varnames[ip->arg]));
        ERROR();
      }
      locals[ip->arg] = Value();
      DISPATCH();
      TARGET(kLoadDeref) {
        auto* cell = static_cast<CellObject*>(cells[ip->arg].as_object());
        if (cell->value.is_null()) {
          int32_t nc = static_cast<int32_t>(code.cellvars.size());
          const std::string& nm =
              ip->arg < nc ? code.cellvars[ip->arg] : code.freevars[ip->arg - nc];
          if (ip->arg < nc) {
            Raise(T.unbound_local_error,
                  absl::StrFormat("cannot access local variable '%s' where it is not "
                                  "associated with a value",
                                  nm));
          } else {
            Raise(T.name_error, absl::StrFormat("cannot access free variable '%s' where it is not "
                                                "associated with a value in enclosing scope",
                                                nm));
          }
          ERROR();
        }
        PUSH(cell->value);
        DISPATCH();
      }
      TARGET(kStoreDeref)
      static_cast<CellObject*>(cells[ip->arg].as_object())->value = POP();
      DISPATCH();
      TARGET(kDeleteDeref)
      static_cast<CellObject*>(cells[ip->arg].as_object())->value = Value();
      DISPATCH();
      TARGET(kLoadClosure)
      PUSH(cells[ip->arg]);
      DISPATCH();
      TARGET(kLoadGlobal) {
        StrObject* name = co->names[ip->arg].get();
        if (TC_UNLIKELY(!LoadGlobalCached(*this, f, f->pc, name, sp))) {
          Raise(T.name_error, absl::StrFormat("name '%s' is not defined", name->value));
          ERROR();
        }
        ++sp;
        DISPATCH();
      }
      TARGET(kStoreGlobal)
      DictSetStrKey(f->globals, co->names[ip->arg].get(), POP());
      DISPATCH();
      TARGET(kDeleteGlobal)
      TARGET(kDeleteName) {
        DictObject* d = ip->op == Opcode::kDeleteName && f->ns != nullptr ? f->ns : f->globals;
        if (d == f->ns && TC_UNLIKELY(d->type != T.dict)) {
          if (!DelItem(Value::Borrow(d), Value::Borrow(co->names[ip->arg].get()))) {
            if (ExceptionMatches(T.key_error)) {
              ClearException();
              Raise(T.name_error,
                    absl::StrFormat("name '%s' is not defined", co->names[ip->arg]->value));
            }
            ERROR();
          }
          DISPATCH();
        }
        bool found = false;
        if (!DictDel(*this, d, co->names[ip->arg].value(), &found)) ERROR();
        if (!found) {
          Raise(T.name_error,
                absl::StrFormat("name '%s' is not defined", co->names[ip->arg]->value));
          ERROR();
        }
        DISPATCH();
      }
      TARGET(kLoadName) {
        StrObject* name = co->names[ip->arg].get();
        if (f->ns != nullptr && TC_UNLIKELY(f->ns->type != T.dict)) {
          // A metaclass's __prepare__ namespace: its own __getitem__.
          Value v = GetItem(Value::Borrow(f->ns), Value::Borrow(name));
          if (!v.is_null()) {
            PUSH(std::move(v));
            DISPATCH();
          }
          if (!ExceptionMatches(T.key_error)) ERROR();
          ClearException();
        } else if (f->ns != nullptr) {
          int64_t ix = DictFindStr(f->ns, name);
          if (ix >= 0) {
            PUSH(f->ns->entries[ix].value);
            DISPATCH();
          }
        }
        int64_t ix = DictFindStr(f->globals, name);
        if (ix >= 0) {
          PUSH(f->globals->entries[ix].value);
          DISPATCH();
        }
        ix = DictFindStr(builtins_.get(), name);
        if (ix >= 0) {
          PUSH(builtins_->entries[ix].value);
          DISPATCH();
        }
        Raise(T.name_error, absl::StrFormat("name '%s' is not defined", name->value));
        ERROR();
      }
      TARGET(kStoreName)
      if (f->ns != nullptr && TC_UNLIKELY(f->ns->type != T.dict)) {
        Value v = POP();
        if (!SetItem(Value::Borrow(f->ns), Value::Borrow(co->names[ip->arg].get()), std::move(v)))
          ERROR();
        DISPATCH();
      }
      DictSetStrKey(f->ns != nullptr ? f->ns : f->globals, co->names[ip->arg].get(), POP());
      DISPATCH();

      TARGET(kLoadAttr) {
        Value obj = POP();
        Value r = GetAttr(obj, co->names[ip->arg].get());
        if (r.is_null()) ERROR();
        PUSH(std::move(r));
        DISPATCH();
      }
      TARGET(kStoreAttr) {
        Value obj = POP();
        Value v = POP();
        if (!SetAttr(obj, co->names[ip->arg].get(), std::move(v))) ERROR();
        DISPATCH();
      }
      TARGET(kDeleteAttr) {
        Value obj = POP();
        if (!DelAttr(obj, co->names[ip->arg].get())) ERROR();
        DISPATCH();
      }
      TARGET(kLoadMethod) {
        Value& obj = TOP();
        StrObject* name = co->names[ip->arg].get();
        Type* t = obj.type();
        // A plain function found on the class (and not shadowed by an
        // instance attribute) is pushed unbound with self.
        if (obj.is_object() && t != T.type && t != T.module && t != T.super) {
          const Value* attr = LookupInMro(t, name);
          if (attr != nullptr && attr->is_object()) {
            Type* at = attr->as_object()->type;
            bool plain = at == T.function ||
                         (at == T.native_function &&
                          static_cast<NativeFunctionObject*>(attr->as_object())->is_method);
            Object* o = obj.as_object();
            if (plain && (o->dict == nullptr || DictFindStr(o->dict, name) < 0)) {
              Value self = std::move(obj);
              sp[-1] = *attr;
              PUSH(std::move(self));
              DISPATCH();
            }
          }
        } else if (!obj.is_object()) {
          const Value* attr = LookupInMro(t, name);
          if (attr != nullptr && attr->is_object() &&
              attr->as_object()->type == T.native_function &&
              static_cast<NativeFunctionObject*>(attr->as_object())->is_method) {
            Value self = std::move(obj);
            sp[-1] = *attr;
            PUSH(std::move(self));
            DISPATCH();
          }
        }
        Value r = GetAttr(obj, name);
        if (r.is_null()) ERROR();
        sp[-1] = std::move(r);
        PUSH(Value());
        DISPATCH();
      }
      TARGET(kLoadSuper) {
        Value self = POP();
        Value cls = POP();
        // The compiler follows with kLoadAttr / kLoadMethod on the super
        // object; build it here.
        if (!cls.is_object() || !IsInstance(cls, T.type)) {
          Raise(T.type_error, "super(type, obj): obj must be an instance or subtype of type");
          ERROR();
        }
        auto* s = new SuperObject(T.super);
        s->cls = static_cast<Type*>(cls.as_object());
        s->self_type =
            IsInstance(self, T.type) && IsSubtype(static_cast<Type*>(self.as_object()), s->cls)
                ? static_cast<Type*>(self.as_object())
                : self.type();
        if (!IsSubtype(s->self_type, s->cls)) {
          DecRef(s);
          Raise(T.type_error, "super(type, obj): obj must be an instance or subtype of type");
          ERROR();
        }
        s->self = std::move(self);
        PUSH(Value::Adopt(s));
        DISPATCH();
      }
      TARGET(kBinarySubscr) {
        Value key = POP();
        Value& c = TOP();
        if (c.is_object() && key.is_int()) {
          Object* o = c.as_object();
          if (o->type == T.list) {
            auto* l = static_cast<ListObject*>(o);
            int64_t i = key.as_int();
            if (i < 0) i += l->size();
            if (static_cast<uint64_t>(i) < static_cast<uint64_t>(l->size())) {
              c = Value(l->items[i]);
              DISPATCH();
            }
          } else if (o->type == T.tuple) {
            auto* t = static_cast<TupleObject*>(o);
            int64_t i = key.as_int();
            if (i < 0) i += t->size();
            if (static_cast<uint64_t>(i) < static_cast<uint64_t>(t->size())) {
              c = Value(t->items[i]);
              DISPATCH();
            }
          }
        }
        Value r = GetItem(c, key);
        if (r.is_null()) ERROR();
        c = std::move(r);
        DISPATCH();
      }
      TARGET(kStoreSubscr) {
        Value key = POP();
        Value c = POP();
        Value v = POP();
        if (c.is_object() && key.is_int() && c.as_object()->type == T.list) {
          auto* l = static_cast<ListObject*>(c.as_object());
          int64_t i = key.as_int();
          if (i < 0) i += l->size();
          if (static_cast<uint64_t>(i) < static_cast<uint64_t>(l->size())) {
            l->items[i] = std::move(v);
            DISPATCH();
          }
        }
        if (!SetItem(c, key, std::move(v))) ERROR();
        DISPATCH();
      }
      TARGET(kDeleteSubscr) {
        Value key = POP();
        Value c = POP();
        if (!DelItem(c, key)) ERROR();
        DISPATCH();
      }
      TARGET(kBuildSlice) {
        Value step = ip->arg == 3 ? POP() : Value::None();
        Value stop = POP();
        Value start = POP();
        PUSH(NewSlice(std::move(start), std::move(stop), std::move(step)));
        DISPATCH();
      }

      TARGET(kUnary) {
        Value a = POP();
        Value r = Unary(static_cast<UnaryOp>(ip->arg), a);
        if (r.is_null()) ERROR();
        PUSH(std::move(r));
        DISPATCH();
      }
      TARGET(kBinary)
      TARGET(kInplace) {
        Value& a = sp[-2];
        Value& b = sp[-1];
        auto op = static_cast<BinaryOp>(ip->arg);
        if (a.is_int() && b.is_int()) {
          int64_t x = a.as_int(), y = b.as_int(), r;
          if (op == BinaryOp::kAdd) {
            if (!__builtin_add_overflow(x, y, &r)) {
              --sp;
              *sp = Value();
              sp[-1] = Value::Int(r);
              DISPATCH();
            }
          } else if (op == BinaryOp::kSub) {
            if (!__builtin_sub_overflow(x, y, &r)) {
              --sp;
              *sp = Value();
              sp[-1] = Value::Int(r);
              DISPATCH();
            }
          } else if (op == BinaryOp::kMul) {
            if (!__builtin_mul_overflow(x, y, &r)) {
              --sp;
              *sp = Value();
              sp[-1] = Value::Int(r);
              DISPATCH();
            }
          }
        } else if (a.is_float() && b.is_float()) {
          double x = a.as_float(), y = b.as_float();
          double r;
          bool done = true;
          switch (op) {
            case BinaryOp::kAdd:
              r = x + y;
              break;
            case BinaryOp::kSub:
              r = x - y;
              break;
            case BinaryOp::kMul:
              r = x * y;
              break;
            case BinaryOp::kTrueDiv:
              done = y != 0.0;
              r = done ? x / y : 0.0;
              break;
            default:
              done = false;
              r = 0;
          }
          if (done) {
            --sp;
            *sp = Value();
            sp[-1] = Value::Float(r);
            DISPATCH();
          }
        }
        Value r = ip->op == Opcode::kBinary ? Binary(op, a, b) : Inplace(op, a, b);
        if (r.is_null()) ERROR();
        --sp;
        *sp = Value();
        sp[-1] = std::move(r);
        DISPATCH();
      }
      TARGET(kCompare) {
        Value& a = sp[-2];
        Value& b = sp[-1];
        auto op = static_cast<CompareOp>(ip->arg);
        if (a.is_int() && b.is_int()) {
          int64_t x = a.as_int(), y = b.as_int();
          bool r;
          switch (op) {
            case CompareOp::kLt:
              r = x < y;
              break;
            case CompareOp::kLe:
              r = x <= y;
              break;
            case CompareOp::kEq:
            case CompareOp::kIs:
              r = x == y;
              break;
            case CompareOp::kNe:
            case CompareOp::kIsNot:
              r = x != y;
              break;
            case CompareOp::kGt:
              r = x > y;
              break;
            case CompareOp::kGe:
              r = x >= y;
              break;
            default:
              goto slow_compare;
          }
          --sp;
          // The popped slot must read empty: a callee's frame reuses this
          // memory and takes a non-empty slot for a bound argument.
          *sp = Value();
          sp[-1] = Value::Bool(r);
          DISPATCH();
        }
      slow_compare : {
        Value r = Compare(op, a, b);
        if (r.is_null()) ERROR();
        --sp;
        *sp = Value();
        sp[-1] = std::move(r);
        DISPATCH();
      }
      }

      TARGET(kJump)
      pc = ip->arg;
      DISPATCH();
      TARGET(kPopJumpIfFalse)
      TARGET(kPopJumpIfTrue) {
        Value c = POP();
        int t;
        if (c.is_bool()) {
          t = c.as_bool();
        } else {
          t = Truthy(c);
          if (t < 0) ERROR();
        }
        if ((t != 0) == (ip->op == Opcode::kPopJumpIfTrue)) pc = ip->arg;
        DISPATCH();
      }
      TARGET(kJumpIfFalseOrPop)
      TARGET(kJumpIfTrueOrPop) {
        int t = Truthy(TOP());
        if (t < 0) ERROR();
        if ((t != 0) == (ip->op == Opcode::kJumpIfTrueOrPop)) {
          pc = ip->arg;
        } else {
          *--sp = Value();
        }
        DISPATCH();
      }
      TARGET(kGetIter) {
        Value& v = TOP();
        if (v.is_object() &&
            (v.as_object()->type == T.list_iter || v.as_object()->type == T.range_iter)) {
          DISPATCH();
        }
        Value it = Iter(v);
        if (it.is_null()) ERROR();
        v = std::move(it);
        DISPATCH();
      }
      TARGET(kForIter) {
        Object* it = TOP().as_object();
        if (it->type == T.range_iter) {
          auto* r = static_cast<RangeIterObject*>(it);
          if (r->step > 0 ? r->cur < r->stop : r->cur > r->stop) {
            PUSH(Value::Int(r->cur));
            r->cur += r->step;
          } else {
            *--sp = Value();
            pc = ip->arg;
          }
          DISPATCH();
        }
        if (it->type == T.list_iter) {
          auto* li = static_cast<SeqIterObject*>(it);
          auto* l = static_cast<ListObject*>(li->seq.as_object());
          if (li->index < l->size()) {
            PUSH(l->items[li->index++]);
          } else {
            *--sp = Value();
            pc = ip->arg;
          }
          DISPATCH();
        }
        Value v = Next(TOP());
        if (v.is_null()) {
          if (HasException()) ERROR();
          *--sp = Value();
          pc = ip->arg;
          DISPATCH();
        }
        PUSH(std::move(v));
        DISPATCH();
      }

      TARGET(kBuildTuple) {
        auto* t = new TupleObject(T.tuple);
        t->items.reserve(ip->arg);
        for (Value* p = sp - ip->arg; p < sp; ++p) t->items.push_back(std::move(*p));
        sp -= ip->arg;
        PUSH(Value::Adopt(t));
        DISPATCH();
      }
      TARGET(kBuildList) {
        auto* l = new ListObject(T.list);
        l->items.reserve(ip->arg);
        for (Value* p = sp - ip->arg; p < sp; ++p) l->items.push_back(std::move(*p));
        sp -= ip->arg;
        PUSH(Value::Adopt(l));
        DISPATCH();
      }
      TARGET(kBuildSet) {
        Value s = NewSet();
        for (Value* p = sp - ip->arg; p < sp; ++p) {
          if (!DictSet(*this, static_cast<DictObject*>(s.as_object()), *p, Value::None())) {
            ERROR();
          }
        }
        for (int i = 0; i < ip->arg; ++i) *--sp = Value();
        PUSH(std::move(s));
        DISPATCH();
      }
      TARGET(kBuildMap) {
        Value d = NewDict();
        for (Value* p = sp - 2 * ip->arg; p < sp; p += 2) {
          if (!DictSet(*this, static_cast<DictObject*>(d.as_object()), p[0], p[1])) ERROR();
        }
        for (int i = 0; i < 2 * ip->arg; ++i) *--sp = Value();
        PUSH(std::move(d));
        DISPATCH();
      }
      TARGET(kListAppend) {
        Value v = POP();
        static_cast<ListObject*>(sp[-ip->arg].as_object())->items.push_back(std::move(v));
        DISPATCH();
      }
      TARGET(kSetAdd) {
        Value v = POP();
        if (!DictSet(*this, static_cast<DictObject*>(sp[-ip->arg].as_object()), v, Value::None())) {
          ERROR();
        }
        DISPATCH();
      }
      TARGET(kMapAdd) {
        Value v = POP();
        Value k = POP();
        if (!DictSet(*this, static_cast<DictObject*>(sp[-ip->arg].as_object()), k, std::move(v))) {
          ERROR();
        }
        DISPATCH();
      }
      TARGET(kListExtend) {
        Value it = POP();
        if (!Extend(&static_cast<ListObject*>(sp[-ip->arg].as_object())->items, it)) ERROR();
        DISPATCH();
      }
      TARGET(kSetUpdate) {
        Value it = POP();
        if (!SetUpdateFrom(*this, static_cast<SetObject*>(sp[-ip->arg].as_object()), it)) ERROR();
        DISPATCH();
      }
      TARGET(kDictUpdate)
      TARGET(kDictMerge) {
        Value m = POP();
        auto* d = static_cast<DictObject*>(sp[-ip->arg].as_object());
        if (!m.is_object() || !IsInstance(m, T.dict)) {
          if (ip->op == Opcode::kDictMerge) {
            Raise(T.type_error,
                  absl::StrFormat("argument after ** must be a mapping, not %s", TypeName(m)));
          } else {
            Raise(T.type_error, absl::StrFormat("'%s' object is not a mapping", TypeName(m)));
          }
          ERROR();
        }
        auto* src = static_cast<DictObject*>(m.as_object());
        for (const auto& e : src->entries) {
          if (e.key.is_null()) continue;
          if (ip->op == Opcode::kDictMerge) {
            Value existing;
            int r = DictGet(*this, d, e.key, &existing);
            if (r < 0) ERROR();
            if (r > 0) {
              std::string k;
              StrString(e.key, &k);
              Raise(T.type_error,
                    absl::StrFormat("got multiple values for keyword argument '%s'", k));
              ERROR();
            }
          }
          if (!DictSet(*this, d, e.key, e.value)) ERROR();
        }
        DISPATCH();
      }
      TARGET(kListToTuple) {
        auto* l = static_cast<ListObject*>(TOP().as_object());
        auto* t = new TupleObject(T.tuple);
        t->items = std::move(l->items);
        TOP() = Value::Adopt(t);
        DISPATCH();
      }
      TARGET(kUnpackSequence) {
        Value seq = POP();
        const std::vector<Value>* items = nullptr;
        std::vector<Value> tmp;
        if (seq.is_object() && (seq.as_object()->type == T.tuple)) {
          items = &static_cast<TupleObject*>(seq.as_object())->items;
        } else if (seq.is_object() && seq.as_object()->type == T.list) {
          items = &static_cast<ListObject*>(seq.as_object())->items;
        } else {
          Value it = Iter(seq);
          if (it.is_null()) {
            if (ExceptionMatches(T.type_error)) {
              ClearException();
              Raise(T.type_error,
                    absl::StrFormat("cannot unpack non-iterable %s object", TypeName(seq)));
            }
            ERROR();
          }
          while (true) {
            Value v = Next(it);
            if (v.is_null()) {
              if (HasException()) ERROR();
              break;
            }
            tmp.push_back(std::move(v));
            if (static_cast<int32_t>(tmp.size()) > ip->arg) break;
          }
          items = &tmp;
        }
        int64_t n = static_cast<int64_t>(items->size());
        if (n != ip->arg) {
          if (n > ip->arg) {
            Raise(T.value_error,
                  absl::StrFormat("too many values to unpack (expected %d)", ip->arg));
          } else {
            Raise(T.value_error,
                  absl::StrFormat("not enough values to unpack (expected %d, got %d)", ip->arg, n));
          }
          ERROR();
        }
        for (int64_t i = n - 1; i >= 0; --i) PUSH((*items)[i]);
        DISPATCH();
      }
      TARGET(kUnpackEx) {
        int before = ip->arg & 0xff, after = ip->arg >> 8;
        Value seq = POP();
        std::vector<Value> items;
        if (!Extend(&items, seq)) {
          if (ExceptionMatches(T.type_error)) {
            ClearException();
            Raise(T.type_error,
                  absl::StrFormat("cannot unpack non-iterable %s object", TypeName(seq)));
          }
          ERROR();
        }
        int64_t n = static_cast<int64_t>(items.size());
        if (n < before + after) {
          Raise(T.value_error,
                absl::StrFormat("not enough values to unpack (expected at least %d, got %d)",
                                before + after, n));
          ERROR();
        }
        for (int64_t i = n - 1; i >= n - after; --i) PUSH(items[i]);
        auto* mid = new ListObject(T.list);
        for (int64_t i = before; i < n - after; ++i) mid->items.push_back(items[i]);
        PUSH(Value::Adopt(mid));
        for (int64_t i = before - 1; i >= 0; --i) PUSH(items[i]);
        DISPATCH();
      }
      TARGET(kFormatValue) {
        Value spec = (ip->arg & 4) ? POP() : Value();
        Value v = POP();
        int conv = ip->arg & 3;
        if (conv == 1) {
          v = Str(v);
        } else if (conv == 2) {
          v = Repr(v);
        } else if (conv == 3) {
          v = Ascii(v);
        }
        if (v.is_null()) ERROR();
        const std::string* sp_text = spec.is_null() ? nullptr : StrValue(spec);
        if (sp_text == nullptr && IsExactStr(v)) {
          PUSH(std::move(v));
          DISPATCH();
        }
        Value r = Format(v, sp_text == nullptr ? std::string_view() : *sp_text);
        if (r.is_null()) ERROR();
        PUSH(std::move(r));
        DISPATCH();
      }
      TARGET(kBuildString) {
        std::string s;
        for (Value* p = sp - ip->arg; p < sp; ++p)
          s += static_cast<StrObject*>(p->as_object())->value;
        for (int i = 0; i < ip->arg; ++i) *--sp = Value();
        PUSH(NewStr(std::move(s)));
        DISPATCH();
      }

      TARGET(kCall)
      TARGET(kCallKw) {
        const TupleObject* kwnames = nullptr;
        Value names;
        int n = ip->arg;
        if (ip->op == Opcode::kCallKw) {
          names = POP();
          kwnames = static_cast<TupleObject*>(names.as_object());
        }
        Value* args = sp - n;
        Value& callable = args[-1];
        Value r;
        if (callable.is_object() && callable.as_object()->type == T.function) {
          r = CallFunction(static_cast<FunctionObject*>(callable.as_object()), args,
                           n - (kwnames ? kwnames->size() : 0), kwnames, nullptr);
        } else {
          r = Call(callable, ArgsView(args, n - static_cast<int32_t>(kwnames ? kwnames->size() : 0),
                                      kwnames));
        }
        while (sp > args - 1) *--sp = Value();
        if (r.is_null()) ERROR();
        PUSH(std::move(r));
        DISPATCH();
      }
      TARGET(kCallMethod)
      TARGET(kCallMethodKw) {
        const TupleObject* kwnames = nullptr;
        Value names;
        int n = ip->arg;
        if (ip->op == Opcode::kCallMethodKw) {
          names = POP();
          kwnames = static_cast<TupleObject*>(names.as_object());
        }
        int32_t npos = n - static_cast<int32_t>(kwnames ? kwnames->size() : 0);
        Value* args = sp - n;
        Value& self = args[-1];
        Value& meth = args[-2];
        Value r;
        if (self.is_null()) {
          if (meth.is_object() && meth.as_object()->type == T.function) {
            r = CallFunction(static_cast<FunctionObject*>(meth.as_object()), args, npos, kwnames,
                             nullptr);
          } else {
            r = Call(meth, ArgsView(args, npos, kwnames));
          }
        } else if (meth.as_object()->type == T.function) {
          r = CallFunction(static_cast<FunctionObject*>(meth.as_object()), args, npos, kwnames,
                           &self);
        } else {
          auto* nf = static_cast<NativeFunctionObject*>(meth.as_object());
          r = CallNative(*this, nf, self, ArgsView(args, npos, kwnames));
        }
        while (sp > args - 2) *--sp = Value();
        if (r.is_null()) ERROR();
        PUSH(std::move(r));
        DISPATCH();
      }
      TARGET(kCallEx) {
        Value kwargs = (ip->arg & 1) ? POP() : Value();
        Value args = POP();
        Value callable = POP();
        std::vector<Value> argv;
        if (args.is_object() && args.as_object()->type == T.tuple) {
          argv = static_cast<TupleObject*>(args.as_object())->items;
        } else if (!Extend(&argv, args)) {
          ERROR();
        }
        auto npos = static_cast<int32_t>(argv.size());
        Value names;
        if (!kwargs.is_null()) {
          auto* d = static_cast<DictObject*>(kwargs.as_object());
          std::vector<Value> nm;
          for (const auto& e : d->entries) {
            if (e.key.is_null()) continue;
            if (!IsExactStr(e.key)) {
              Raise(T.type_error, "keywords must be strings");
              ERROR();
            }
            nm.push_back(e.key);
            argv.push_back(e.value);
          }
          if (!nm.empty()) names = NewTuple(std::move(nm));
        }
        Value r = Call(
            callable,
            ArgsView(argv.data(), npos,
                     names.is_null() ? nullptr : static_cast<TupleObject*>(names.as_object())));
        if (r.is_null()) ERROR();
        PUSH(std::move(r));
        DISPATCH();
      }
      TARGET(kMakeFunction) {
        Value codev = POP();
        auto* fn = new FunctionObject(T.function);
        Value fv = Value::Adopt(fn);
        if (ip->arg & 4) {
          Value c = POP();
          fn->closure = Ref<TupleObject>::Borrow(static_cast<TupleObject*>(c.as_object()));
        }
        if (ip->arg & 8) fn->annotations = POP();
        if (ip->arg & 2) {
          Value c = POP();
          fn->kwdefaults = Ref<DictObject>::Borrow(static_cast<DictObject*>(c.as_object()));
        }
        if (ip->arg & 1) {
          Value c = POP();
          fn->defaults = Ref<TupleObject>::Borrow(static_cast<TupleObject*>(c.as_object()));
        }
        auto* cobj = static_cast<CodeObject*>(codev.as_object());
        fn->code = Ref<CodeObject>::Borrow(cobj);
        fn->globals = Ref<DictObject>::Borrow(f->globals);
        fn->name = Ref<StrObject>::Borrow(Intern(cobj->code->name));
        fn->qualname = Ref<StrObject>::Borrow(Intern(cobj->code->qualname));
        if (cobj->code->docstring) fn->doc = NewStr(*cobj->code->docstring);
        const Value* modname = DictGetStr(f->globals, "__name__");
        fn->module = modname != nullptr ? *modname : Value::None();
        PUSH(std::move(fv));
        DISPATCH();
      }
      TARGET(kMakeClass) {
        Value kwargs = POP();
        Value bases = POP();
        Value body = POP();
        Value cls = MakeClass(body, bases, kwargs, co->names[ip->arg].get());
        if (cls.is_null()) ERROR();
        PUSH(std::move(cls));
        DISPATCH();
      }
      TARGET(kReturn)
      result = POP();
      goto done;

      TARGET(kYieldValue) {  // the generator's slots keep the stack
        result = POP();
        f->resume_pc = pc;
        f->resume_depth = static_cast<int32_t>(sp - stack_base);
        f->yielded = true;
        frame_ = f->prev;
        return result;
      }
      TARGET(kGetYieldFromIter) {
        Value& v = TOP();
        if (IsCoroutine(v)) {
          if (!(co->code->flags & (Code::kCoroutine | Code::kIterableCoroutine))) {
            Raise(T.type_error,
                  "cannot 'yield from' a coroutine object in a non-coroutine "
                  "generator");
            ERROR();
          }
        } else if (!IsGenerator(v)) {
          Value it = Iter(v);
          if (it.is_null()) ERROR();
          v = std::move(it);
        }
        DISPATCH();
      }
      TARGET(kSend) {
        Value v = POP();
        Value r;
        GenStep s = DelegateSend(*this, TOP(), std::move(v), &r);
        if (s == GenStep::kRaised) ERROR();
        if (s == GenStep::kReturned) {
          TOP() = std::move(r);
          pc = ip->arg;
        } else {
          PUSH(std::move(r));
        }
        DISPATCH();
      }

      TARGET(kGetAwaitable) {
        Value it = Awaitable(*this, TOP(), ip->arg);
        if (it.is_null()) ERROR();
        TOP() = std::move(it);
        DISPATCH();
      }
      TARGET(kGetAiter) {
        Value it = GetAIter(*this, TOP());
        if (it.is_null()) ERROR();
        TOP() = std::move(it);
        DISPATCH();
      }
      TARGET(kGetAnext) {
        Value next = GetANext(*this, TOP());
        if (next.is_null()) ERROR();
        PUSH(std::move(next));
        DISPATCH();
      }
      TARGET(kEndAsyncFor) {  // aiter exc: the loop's handler
        Value exc = POP();
        if (IsInstance(exc, T.stop_async_iteration)) {
          (void)POP();
          DISPATCH();
        }
        exception_ = std::move(exc);
        reraise = true;
        ERROR();
      }
      TARGET(kBeforeAsyncWith) {
        Value mgr = POP();
        Value exit_bound, entered;
        if (!BeforeAsyncWith(*this, mgr, &exit_bound, &entered)) ERROR();
        PUSH(std::move(exit_bound));
        PUSH(std::move(entered));
        DISPATCH();
      }
      TARGET(kAsyncGenWrap) {
        TOP() = AsyncGenWrap(std::move(TOP()));
        DISPATCH();
      }

      TARGET(kRaise) {
        if (ip->arg == 0) {
          if (handled_.is_null()) {
            Raise(T.runtime_error, "No active exception to reraise");
            ERROR();
          }
          exception_ = handled_;
          reraise = true;
          ERROR();
        }
        Value cause = ip->arg == 2 ? POP() : Value();
        Value exc = POP();
        if (exc.is_object() && IsInstance(exc, T.type) &&
            static_cast<Type*>(exc.as_object())->has_flag(Type::kExceptionType)) {
          exc = Call(exc, ArgsView());
          if (exc.is_null()) ERROR();
        }
        if (!exc.is_object() || !exc.as_object()->type->has_flag(Type::kExceptionType)) {
          Raise(T.type_error, "exceptions must derive from BaseException");
          ERROR();
        }
        if (ip->arg == 2) {
          auto* e = static_cast<ExceptionObject*>(exc.as_object());
          if (cause.is_object() && IsInstance(cause, T.type)) {
            cause = Call(cause, ArgsView());
            if (cause.is_null()) ERROR();
          }
          e->cause = cause.is_none() ? Value() : cause;
          e->suppress_context = true;
        }
        SetException(std::move(exc));
        ERROR();
      }
      TARGET(kReraise) {
        exception_ = POP();
        reraise = true;
        ERROR();
      }
      TARGET(kPushExcInfo) {
        Value exc = POP();
        PUSH(handled_.is_null() ? Value::None() : handled_);
        handled_ = exc;
        PUSH(std::move(exc));
        DISPATCH();
      }
      TARGET(kPopExcept) {
        Value prev = POP();
        handled_ = prev.is_none() ? Value() : std::move(prev);
        DISPATCH();
      }
      TARGET(kCheckExcMatch) {
        Value type = POP();
        const Value& exc = TOP();
        bool match = false;
        auto check = [&](const Value& t) -> bool {
          if (!t.is_object() || !IsInstance(t, T.type) ||
              !static_cast<Type*>(t.as_object())->has_flag(Type::kExceptionType)) {
            Raise(T.type_error,
                  "catching classes that do not inherit from BaseException is not allowed");
            return false;
          }
          if (IsInstance(exc, static_cast<Type*>(t.as_object()))) match = true;
          return true;
        };
        if (type.is_object() && type.as_object()->type == T.tuple) {
          for (const Value& t : static_cast<TupleObject*>(type.as_object())->items) {
            if (!check(t)) ERROR();
          }
        } else if (!check(type)) {
          ERROR();
        }
        PUSH(Value::Bool(match));
        DISPATCH();
      }
      TARGET(kLoadAssertionError)
      PUSH(Value::Borrow(T.assertion_error));
      DISPATCH();

      TARGET(kBeforeWith) {
        Value mgr = POP();
        Type* t = mgr.type();
        const Value& enter = t->slot(Slot::kEnter);
        const Value& exit = t->slot(Slot::kExit);
        if (enter.is_null() || exit.is_null()) {
          Raise(T.type_error,
                absl::StrFormat("'%s' object does not support the context manager protocol",
                                t->name));
          ERROR();
        }
        Value exit_bound = Descr(exit, mgr, t);
        if (exit_bound.is_null()) ERROR();
        Value r = CallWithSelf(enter, mgr, ArgsView());
        if (r.is_null()) ERROR();
        PUSH(std::move(exit_bound));
        PUSH(std::move(r));
        DISPATCH();
      }
      TARGET(kWithExceptStart) {
        const Value& exc = TOP();
        const Value& exit_bound = sp[-3];
        Value args[3] = {Value::Borrow(exc.type()), exc, Value::None()};
        Value r = Call(exit_bound, ArgsView(args, 3));
        if (r.is_null()) ERROR();
        PUSH(std::move(r));
        DISPATCH();
      }

      TARGET(kImportName) {
        Value m = ImportName(co->names[ip->arg]->value, f->globals);
        if (m.is_null()) ERROR();
        PUSH(std::move(m));
        DISPATCH();
      }
      TARGET(kImportStar) {
        Value m = POP();
        if (!ImportStar(m, f->ns != nullptr ? f->ns : f->globals)) ERROR();
        DISPATCH();
      }
      TARGET(kImportFrom) {
        Value v = ImportFrom(TOP(), co->names[ip->arg].get());
        if (v.is_null()) ERROR();
        PUSH(std::move(v));
        DISPATCH();
      }
    }
    // Unknown opcode: a compiler bug; report rather than crash.
    Raise(T.runtime_error, absl::StrFormat("bad opcode %d", static_cast<int>(ip->op)));

  error : {
    // Record where the exception passed (not for re-raises).
    if (!reraise) {
      Value& exc = exception_;
      if (exc.is_object() && exc.as_object()->type->has_flag(Type::kExceptionType)) {
        auto* e = static_cast<ExceptionObject*>(exc.as_object());
        e->traceback.push_back(
            {Ref<CodeObject>::Borrow(co), code.locations.empty() ? 0 : code.locations[f->pc].line});
      }
    }
    reraise = false;
    // Innermost handler covering the faulting instruction.
    const ExceptionEntry* best = nullptr;
    for (const ExceptionEntry& e : code.exception_table) {
      if (f->pc >= e.start && f->pc < e.end) {
        if (best == nullptr || e.start > best->start ||
            (e.start == best->start && e.end < best->end)) {
          best = &e;
        }
      }
    }
    if (best == nullptr) {
      while (sp > stack_base) *--sp = Value();
      result = Value();
      goto done;
    }
    while (sp > stack_base + best->depth) *--sp = Value();
    PUSH(std::move(exception_));
    exception_ = Value();
    pc = best->handler;
    continue;
  }
  }

done:
  // A return from inside a loop may leave iterators on the stack.
  while (sp > stack_base) *--sp = Value();
  frame_ = f->prev;
  return result;
#undef PUSH
#undef POP
#undef TOP
#undef SECOND
#undef DISPATCH
#undef ERROR
#undef TARGET
}

}  // namespace tc::script
