// Attribute access: the descriptor protocol (functions bind to instances,
// properties and native getsets, static and class methods), instance and
// class dicts, modules, super objects and __getattr__ fallbacks.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

bool IsDataDescriptor(const Value& v) {
  if (!v.is_object()) return false;
  Type* t = v.as_object()->type;
  const BuiltinTypes& T = Types();
  if (t == T.property || t == T.getset) return true;
  // Script classes: property subclasses and classes with __set__/__delete__.
  if (!t->has_flag(Type::kHeapType)) return false;
  static StrObject* const kSet = Intern("__set__");
  static StrObject* const kDelete = Intern("__delete__");
  return IsSubtype(t, T.property) || LookupInMro(t, kSet) != nullptr ||
         LookupInMro(t, kDelete) != nullptr;
}

bool IsDunder(std::string_view s) {
  return s.size() > 4 && s.substr(0, 2) == "__" && s.substr(s.size() - 2) == "__";
}

// A module's own __getattr__ (PEP 562), called for names its dict lacks.
Value ModuleDictGetAttr(VM& vm, Object* m, StrObject* name) {
  static StrObject* const kGetAttr = Intern("__getattr__");
  if (m->dict == nullptr || name == kGetAttr) return Value();
  int64_t ix = DictFindStr(m->dict, kGetAttr);
  if (ix < 0) return Value();
  Value fn = m->dict->entries[ix].value;
  return vm.Call(fn, {Value::Borrow(name)});
}

// A bound method: script function `fn` with `self` (an instance, or the
// class for a classmethod).
Value BindFunction(Value fn, Value self) {
  auto* m = new MethodObject(Types().method);
  m->function = std::move(fn);
  m->self = std::move(self);
  return Value::Adopt(m);
}

}  // namespace

Value CopyNativeMethod(const NativeFunctionObject* f, Value self, Type* owner) {
  auto* b = new NativeFunctionObject(Types().native_function);
  b->name = f->name;
  b->qualname = f->qualname;
  b->fn = f->fn;
  b->data_fn = f->data_fn;
  b->data = f->data;
  b->self = std::move(self);
  b->is_method = true;
  b->owner = owner;
  return Value::Adopt(b);
}

Value VM::Descr(const Value& attr, const Value& obj, Type* owner) {
  if (!attr.is_object()) return attr;
  const BuiltinTypes& T = Types();
  Object* a = attr.as_object();
  Type* at = a->type;
  if (at == T.function) return BindFunction(attr, obj);
  if (at == T.native_function) {
    auto* nf = static_cast<NativeFunctionObject*>(a);
    if (!nf->is_method || !nf->self.is_null()) return attr;
    return CopyNativeMethod(nf, obj, nf->owner);
  }
  // Subclasses of the builtin descriptors (abc.abstractclassmethod, ...)
  // bind as their base unless they define __get__.
  if (at->has_flag(Type::kHeapType) && at->slot(Slot::kGet).is_null()) {
    for (Type* base : {T.staticmethod, T.classmethod, T.property}) {
      if (IsSubtype(at, base)) at = base;
    }
  }
  if (at == T.staticmethod) return static_cast<StaticMethodObject*>(a)->function;
  if (at == T.classmethod) {
    const Value& fn = static_cast<ClassMethodObject*>(a)->function;
    Value cls = Value::Borrow(owner);
    if (fn.is_object() && fn.as_object()->type == T.native_function) {
      auto* nf = static_cast<NativeFunctionObject*>(fn.as_object());
      // A classmethod's binding keeps no owner to type-check against.
      return CopyNativeMethod(nf, cls, nullptr);
    }
    return BindFunction(fn, cls);
  }
  if (at == T.property) {
    auto* p = static_cast<PropertyObject*>(a);
    if (p->fget.is_null() || p->fget.is_none()) {
      return Raise(T.attribute_error, "unreadable attribute");
    }
    return Call(p->fget, {obj});
  }
  if (at == T.getset) {
    auto* g = static_cast<GetSetObject*>(a);
    if (g->owner != nullptr && g->owner->has_flag(Type::kValueBase))
      return g->get(*this, Unbox(obj));
    return g->get(*this, obj);
  }
  // A descriptor: a script class with __get__, or a native one
  // (functools._lru_cache_wrapper binds like a function).
  const Value& get = at->slot(Slot::kGet);
  if (!get.is_null()) {
    Value args[2] = {obj, Value::Borrow(owner)};
    return CallWithSelf(get, attr, ArgsView(args, 2));
  }
  return attr;
}

Value VM::GetAttr(const Value& obj, std::string_view name) { return GetAttr(obj, Intern(name)); }

Value VM::GetAttr(const Value& obj, StrObject* name) {
  Value r = GetAttrOrNull(obj, name);
  if (!r.is_null() || HasException()) return r;
  const BuiltinTypes& T = Types();
  Type* t = obj.type();
  if (IsSubtype(t, T.type)) {
    return Raise(T.attribute_error,
                 absl::StrFormat("type object '%s' has no attribute '%s'",
                                 static_cast<Type*>(obj.as_object())->name, name->value));
  }
  if (IsSubtype(t, T.module)) {
    return Raise(T.attribute_error,
                 absl::StrFormat("module '%s' has no attribute '%s'",
                                 static_cast<ModuleObject*>(obj.as_object())->name, name->value));
  }
  return Raise(T.attribute_error,
               absl::StrFormat("'%s' object has no attribute '%s'", t->name, name->value));
}

Value VM::GetAttrOrNull(const Value& obj, StrObject* name) {
  const BuiltinTypes& T = Types();
  Type* t = obj.type();
  // Instances of script classes (never types, modules or super objects).
  if (t->has_flag(Type::kHeapType) && !t->has_flag(Type::kMetaclass) && obj.is_object()) {
    const Value* attr = LookupInMro(t, name);
    if (attr == nullptr || !IsDataDescriptor(*attr)) {
      Object* o = obj.as_object();
      if (o->dict != nullptr) {
        int64_t ix = DictFindStr(o->dict, name);
        if (ix >= 0) return o->dict->entries[ix].value;
      }
      if (attr != nullptr) return Descr(*attr, obj, t);
    } else {
      return Descr(*attr, obj, t);
    }
  }
  if (t == T.module || (IsSubtype(t, T.module) && obj.is_object())) {
    Object* o = obj.as_object();
    if (o->dict != nullptr) {
      int64_t ix = DictFindStr(o->dict, name);
      if (ix >= 0) return o->dict->entries[ix].value;
    }
    if (t != T.module) {  // a native module subtype's methods
      const Value* attr = LookupInMro(t, name);
      if (attr != nullptr) return Descr(*attr, obj, t);
    }
    if (name->value == "__name__") return NewStr(static_cast<ModuleObject*>(o)->name);
    if (name->value == "__class__") return Value::Borrow(t);
    if (name->value == "__dict__") {
      if (o->dict == nullptr) o->dict = static_cast<DictObject*>(NewDict().Release());
      return Value::Borrow(o->dict);
    }
    Value r = ModuleDictGetAttr(*this, o, name);
    if (!r.is_null() || HasException() || t == T.module) return r;
    const Value& ga = t->slot(Slot::kGetAttr);
    if (ga.is_null()) return Value();
    Value nm = Value::Borrow(name);
    return CallWithSelf(ga, obj, ArgsView(&nm, 1));
  }
  if (IsSubtype(t, T.type)) {
    auto* cls = static_cast<Type*>(obj.as_object());
    // type's own data descriptors win over the class's attributes of the
    // same name (a function type's __name__ getset is for its instances).
    if (name->value == "__name__") return NewStr(cls->name);
    if (name->value == "__qualname__") return NewStr(cls->qualname);
    const Value* attr = LookupInMro(cls, name);
    if (attr != nullptr) {
      if (attr->is_object()) {
        Type* at = attr->as_object()->type;
        if (at->has_flag(Type::kHeapType) && at->slot(Slot::kGet).is_null()) {
          if (IsSubtype(at, T.staticmethod)) at = T.staticmethod;
          if (IsSubtype(at, T.classmethod)) at = T.classmethod;
        }
        if (at == T.staticmethod)
          return static_cast<StaticMethodObject*>(attr->as_object())->function;
        if (at == T.classmethod) return Descr(*attr, obj, cls);
        if (at != T.function && at != T.native_function && at != T.property && at != T.getset) {
          const Value& get = at->slot(Slot::kGet);
          if (!get.is_null()) {
            Value args[2] = {Value::None(), obj};
            return CallWithSelf(get, *attr, ArgsView(args, 2));
          }
        }
      }
      return *attr;
    }
    const std::string& n = name->value;
    if (n == "__module__") return NewStr(cls->module);
    if (n == "__mro__") {
      std::vector<Value> v;
      for (Type* m : cls->mro) v.push_back(Value::Borrow(m));
      return NewTuple(std::move(v));
    }
    if (n == "__bases__") {
      std::vector<Value> v;
      if (!cls->bases.empty()) {
        for (Type* b : cls->bases) v.push_back(Value::Borrow(b));
      } else if (cls->base != nullptr) {
        v.push_back(Value::Borrow(cls->base));
      }
      return NewTuple(std::move(v));
    }
    if (n == "__base__") return cls->base != nullptr ? Value::Borrow(cls->base) : Value::None();
    if (n == "__dict__") {
      return cls->dict != nullptr ? DictCopyOf(cls->dict, T.dict) : NewDict();
    }
    if (n == "__class__") return Value::Borrow(t);
    // Methods of the metatype (type's mro(), a metaclass's methods) bind
    // to the class.
    const Value* ma = LookupInMro(t, name);
    if (ma != nullptr) return Descr(*ma, obj, t);
    return Value();
  }
  if (t == T.super) {
    auto* s = static_cast<SuperObject*>(obj.as_object());
    const auto& mro = s->self_type->mro;
    size_t i = 0;
    while (i < mro.size() && mro[i] != s->cls) ++i;
    for (++i; i < mro.size(); ++i) {
      Type* m = mro[i];
      if (m->dict == nullptr) continue;
      int64_t ix = DictFindStr(m->dict, name);
      if (ix >= 0) {
        const Value& attr = m->dict->entries[ix].value;
        // super() from a classmethod: self is the class. A native type's
        // __new__ takes the class as its first argument (super().__new__(cls)).
        if (IsInstance(s->self, T.type) && attr.is_object() &&
            (attr.as_object()->type == T.function ||
             (attr.as_object()->type == T.native_function && name->value == "__new__"))) {
          return attr;
        }
        return Descr(attr, s->self, s->self_type);
      }
    }
    return Value();
  }

  const Value* attr = LookupInMro(t, name);
  if (attr != nullptr && IsDataDescriptor(*attr)) return Descr(*attr, obj, t);
  if (obj.is_object()) {
    Object* o = obj.as_object();
    if (o->dict != nullptr) {
      int64_t ix = DictFindStr(o->dict, name);
      if (ix >= 0) return o->dict->entries[ix].value;
    }
  }
  if (attr != nullptr) return Descr(*attr, obj, t);
  if (name->value == "__class__") return Value::Borrow(t);
  // Every CPython type has a __doc__; tc's native types keep none.
  if (name->value == "__doc__") return Value::None();
  if (name->value == "__dict__" && obj.is_object() && t->has_flag(Type::kInstanceDict)) {
    Object* o = obj.as_object();
    if (o->dict == nullptr) o->dict = static_cast<DictObject*>(NewDict().Release());
    return Value::Borrow(o->dict);
  }
  const Value& ga = t->slot(Slot::kGetAttr);
  if (!ga.is_null()) {
    Value nm = Value::Borrow(name);
    return CallWithSelf(ga, obj, ArgsView(&nm, 1));
  }
  return Value();
}

namespace {
// `name` is in the __slots__ of a class on t's MRO.
bool IsSlotName(const Type* t, const StrObject* name) {
  for (const Type* c : t->mro) {
    if (!c->has_flag(Type::kHeapType) || c->dict == nullptr) continue;
    const Value* slots = DictGetStr(c->dict, "__slots__");
    if (slots == nullptr) continue;
    if (const std::string* one = StrValue(*slots)) {
      if (*one == name->value) return true;
      continue;
    }
    const std::vector<Value>* names = TupleOrListItems(*slots);
    if (names == nullptr) continue;
    for (const Value& n : *names) {
      const std::string* s = StrValue(n);
      if (s != nullptr && *s == name->value) return true;
    }
  }
  return false;
}
}  // namespace

bool VM::SetAttr(const Value& obj, std::string_view name, Value v) {
  return SetAttr(obj, Intern(name), std::move(v));
}

bool VM::SetAttr(const Value& obj, StrObject* name, Value v) {
  const Value& hook = obj.type()->slot(Slot::kSetAttr);
  if (TC_UNLIKELY(!hook.is_null())) {
    Value args[2] = {Value::Borrow(name), std::move(v)};
    return !CallWithSelf(hook, obj, ArgsView(args, 2)).is_null();
  }
  return GenericSetAttr(obj, name, std::move(v));
}

bool VM::GenericSetAttr(const Value& obj, StrObject* name, Value v) {
  const BuiltinTypes& T = Types();
  Type* t = obj.type();
  if (t->has_flag(Type::kHeapType) && !t->has_flag(Type::kMetaclass) && obj.is_object()) {
    const Value* attr = LookupInMro(t, name);
    if (attr == nullptr || !IsDataDescriptor(*attr)) {
      if (TC_UNLIKELY(!t->has_flag(Type::kInstanceDict)) && !IsSlotName(t, name)) {
        Raise(T.attribute_error,
              absl::StrFormat("'%s' object has no attribute '%s'", t->name, name->value));
        return false;
      }
      Object* o = obj.as_object();
      if (o->dict == nullptr) o->dict = static_cast<DictObject*>(NewDict().Release());
      DictSetStrKey(o->dict, name, std::move(v));
      return true;
    }
  }
  if (IsSubtype(t, T.type)) {
    auto* cls = static_cast<Type*>(obj.as_object());
    if (!cls->has_flag(Type::kHeapType) && cls->dict == nullptr) {
      Raise(T.type_error, absl::StrFormat("cannot set '%s' attribute of immutable type '%s'",
                                          name->value, cls->name));
      return false;
    }
    if (cls->dict == nullptr) cls->dict = static_cast<DictObject*>(NewDict().Release());
    if (name->value == "__abstractmethods__") {
      int abstract = Truthy(v);
      if (abstract < 0) return false;
      cls->flags = abstract ? cls->flags | Type::kAbstract : cls->flags & ~Type::kAbstract;
    }
    DictSetStrKey(cls->dict, name, std::move(v));
    if (IsDunder(name->value)) {
      UpdateSlots(cls);
    } else {
      InvalidateTypeCaches();
    }
    return true;
  }
  if (IsSubtype(t, T.module) && obj.is_object()) {
    ModuleSet(static_cast<ModuleObject*>(obj.as_object()), name->value, std::move(v));
    return true;
  }
  const Value* attr = LookupInMro(t, name);
  if (attr != nullptr && attr->is_object()) {
    Type* at = attr->as_object()->type;
    if (at == T.property) {
      auto* p = static_cast<PropertyObject*>(attr->as_object());
      if (p->fset.is_null() || p->fset.is_none()) {
        Raise(T.attribute_error,
              absl::StrFormat("property '%s' of '%s' object has no setter", name->value, t->name));
        return false;
      }
      Value args[2] = {obj, std::move(v)};
      return !Call(p->fset, ArgsView(args, 2)).is_null();
    }
    if (at == T.getset) {
      auto* g = static_cast<GetSetObject*>(attr->as_object());
      if (g->set == nullptr) {
        Raise(T.attribute_error, absl::StrFormat("attribute '%s' of '%s' objects is not writable",
                                                 name->value, t->name));
        return false;
      }
      return g->set(*this, obj, v);
    }
  }
  // An object its maker gave a dict takes attributes too (a namedtuple's
  // __new__, which stands for CPython's Python-level one).
  if (obj.is_object() && (t->has_flag(Type::kInstanceDict) || obj.as_object()->dict != nullptr)) {
    Object* o = obj.as_object();
    if (o->dict == nullptr) o->dict = static_cast<DictObject*>(NewDict().Release());
    DictSetStrKey(o->dict, name, std::move(v));
    return true;
  }
  Raise(T.attribute_error,
        absl::StrFormat("'%s' object has no attribute '%s'", t->name, name->value));
  return false;
}

bool VM::DelAttr(const Value& obj, StrObject* name) {
  const Value& hook = obj.type()->slot(Slot::kDelAttr);
  if (TC_UNLIKELY(!hook.is_null())) {
    Value nm = Value::Borrow(name);
    return !CallWithSelf(hook, obj, ArgsView(&nm, 1)).is_null();
  }
  return GenericDelAttr(obj, name);
}

bool VM::GenericDelAttr(const Value& obj, StrObject* name) {
  const BuiltinTypes& T = Types();
  Type* t = obj.type();
  const Value* attr = IsSubtype(t, T.type) ? nullptr : LookupInMro(t, name);
  if (attr != nullptr && attr->is_object() && attr->as_object()->type == T.property) {
    auto* p = static_cast<PropertyObject*>(attr->as_object());
    if (p->fdel.is_null() || p->fdel.is_none()) {
      Raise(T.attribute_error,
            absl::StrFormat("property '%s' of '%s' object has no deleter", name->value, t->name));
      return false;
    }
    return !Call(p->fdel, {obj}).is_null();
  }
  if (obj.is_object() && obj.as_object()->dict != nullptr) {
    bool found = false;
    if (!DictDel(*this, obj.as_object()->dict, Value::Borrow(name), &found)) return false;
    if (found) {
      if (IsSubtype(t, T.type)) UpdateSlots(static_cast<Type*>(obj.as_object()));
      return true;
    }
  }
  Raise(T.attribute_error,
        absl::StrFormat("'%s' object has no attribute '%s'", t->name, name->value));
  return false;
}

Value VM::LoadSuper(const Value& cls, const Value& self, StrObject* name) {
  auto* s = new SuperObject(Types().super);
  Value sv = Value::Adopt(s);
  s->cls = static_cast<Type*>(cls.as_object());
  s->self = self;
  // super() in a classmethod (or __init_subclass__): self is the class.
  s->self_type = IsInstance(self, Types().type) && IsSubtype(Cast<Type>(self), s->cls)
                     ? Cast<Type>(self)
                     : self.type();
  return GetAttr(sv, name);
}

}  // namespace tc::script
