// The import system, as CPython 3.11's importlib does it for the cases
// scripts meet: sys.modules first, then the builtin-module table (tc's
// native modules and torch win over files, as CPython's builtin modules
// do), then source files and packages along sys.path or the parent
// package's __path__ (import_finder.h); relative imports resolved from the
// importing module's __package__; `from m import x` falling back to the
// submodule m.x; a module in sys.modules while its body runs, so circular
// imports see it partially initialized; ImportError texts as CPython's.
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"
#include "tc/script/module_registry.h"
#include "tc/script/native.h"
#include "tc/script/syntax_error.h"

#include "exc_syntax_error.h"
#include "import_finder.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value ModuleNotFound(VM& vm, const std::string& name, const std::string& message) {
  Value exc = vm.NewException(Types().module_not_found_error, message);
  vm.SetAttr(exc, "name", NewStr(name));
  vm.SetAttr(exc, "path", Value::None());
  vm.SetException(std::move(exc));
  return Value();
}

// The str items of a list (sys.path, __path__); other items are skipped as
// CPython's PathFinder skips them.
std::vector<std::string> StrItems(const Value& v) {
  std::vector<std::string> out;
  if (const std::vector<Value>* items = TupleOrListItems(v)) {
    for (const Value& item : *items) {
      if (const std::string* s = StrValue(item)) out.push_back(*s);
    }
  }
  return out;
}

const Value* ModuleAttr(const Value& module, std::string_view name) {
  if (!module.is_object() || module.as_object()->dict == nullptr) return nullptr;
  return DictGetStr(module.as_object()->dict, name);
}

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream buf;
  buf << in.rdbuf();
  *out = buf.str();
  return true;
}

// importlib's ModuleSpec, with its data attributes (no loader objects:
// tc's loaders are not script-visible).
Value SpecRepr(VM& vm, const Value& self, const ArgsView&) {
  std::string out = "ModuleSpec(";
  const char* sep = "";
  for (const char* attr : {"name", "origin", "submodule_search_locations"}) {
    const Value* v = ModuleAttr(self, attr);
    if (v == nullptr || (v->is_none() && std::string_view(attr) != "name")) continue;
    std::string r;
    if (!vm.ReprString(*v, &r)) return {};
    absl::StrAppend(&out, sep, attr, "=", r);
    sep = ", ";
  }
  return NewStr(out + ")");
}
constexpr MethodDef kSpecMethods[] = {{"__repr__", SpecRepr}};

Type* ModuleSpecType() {
  static Type* t = NewNativeType({.name = "ModuleSpec",
                                  .module = "_frozen_importlib",
                                  .methods = kSpecMethods,
                                  .alloc = [](Type* cls) -> Object* { return new Object(cls); },
                                  .flags = Type::kInstanceDict});
  return t;
}

}  // namespace

Value NewModuleSpec(const std::string& name, Value origin, Value search_locations) {
  auto* o = new Object(ModuleSpecType());
  Value v = Value::Adopt(o);
  o->dict = static_cast<DictObject*>(NewDict().Release());
  bool is_package = !search_locations.is_none();
  size_t dot = name.rfind('.');
  std::string parent = is_package ? name : dot == std::string::npos ? "" : name.substr(0, dot);
  const std::string* o_str = StrValue(origin);
  bool has_location = o_str != nullptr && *o_str != "built-in";
  DictSetStr(o->dict, "name", NewStr(name));
  DictSetStr(o->dict, "loader", Value::None());
  DictSetStr(o->dict, "origin", std::move(origin));
  DictSetStr(o->dict, "submodule_search_locations", std::move(search_locations));
  DictSetStr(o->dict, "cached", Value::None());
  DictSetStr(o->dict, "parent", NewStr(parent));
  DictSetStr(o->dict, "has_location", Value::Bool(has_location));
  return v;
}

Value VM::ImportName(std::string_view spec, DictObject* globals) {
  size_t level = 0;
  while (level < spec.size() && spec[level] == '.') ++level;
  if (level == 0) return Import(spec);
  std::string_view name = spec.substr(level);
  // The package the importing module belongs to (importlib's
  // _calc___package__): __package__, else __spec__.parent, else derived
  // from __name__ and whether the module is a package itself.
  std::string package;
  const Value* pkg = globals == nullptr ? nullptr : DictGetStr(globals, "__package__");
  const Value* spec_v = globals == nullptr ? nullptr : DictGetStr(globals, "__spec__");
  if (pkg != nullptr && !pkg->is_none()) {
    const std::string* s = StrValue(*pkg);
    if (s == nullptr) return Raise(Types().type_error, "package must be a string");
    package = *s;
  } else if (spec_v != nullptr && !spec_v->is_none()) {
    Value parent = GetAttr(*spec_v, "parent");
    if (parent.is_null()) return parent;
    if (const std::string* s = StrValue(parent)) package = *s;
  } else if (const Value* n = globals == nullptr ? nullptr : DictGetStr(globals, "__name__")) {
    if (const std::string* s = StrValue(*n)) {
      if (DictGetStr(globals, "__path__") != nullptr) {
        package = *s;
      } else {
        size_t dot = s->rfind('.');
        package = dot == std::string::npos ? "" : s->substr(0, dot);
      }
    }
  }
  if (package.empty()) {
    return Raise(Types().import_error, "attempted relative import with no known parent package");
  }
  std::string resolved;
  if (!ResolveRelativeName(name, package, static_cast<int>(level), &resolved)) return Value();
  return Import(resolved);
}

bool VM::ResolveRelativeName(std::string_view name, std::string_view package, int level,
                             std::string* out) {
  // importlib's _resolve_name: drop level - 1 trailing components.
  std::string_view base = package;
  for (int i = 1; i < level; ++i) {
    size_t dot = base.rfind('.');
    if (dot == std::string_view::npos) {
      Raise(Types().import_error, "attempted relative import beyond top-level package");
      return false;
    }
    base = base.substr(0, dot);
  }
  *out = name.empty() ? std::string(base) : absl::StrCat(std::string(base), ".", std::string(name));
  return true;
}

Value VM::Import(std::string_view dotted_name) {
  std::string name(dotted_name);
  if (const Value* m = DictGetStr(modules_.get(), name)) {
    if (m->is_none()) {
      return ModuleNotFound(*this, name,
                            absl::StrFormat("import of %s halted; None in sys.modules", name));
    }
    return *m;
  }
  // Parents first.
  Value parent;
  size_t dot = name.rfind('.');
  if (dot != std::string::npos) {
    parent = Import(name.substr(0, dot));
    if (parent.is_null()) return parent;
    if (const Value* m = DictGetStr(modules_.get(), name)) return *m;
  }
  Value module;
  if (ModuleInitFn init = FindBuiltinModule(name); init != nullptr) {
    module = InitBuiltinModule(name, init);
  } else if (ModuleInitFn core = FindCoreModule(name); core != nullptr) {
    module = InitBuiltinModule(name, core);
  } else {
    std::vector<std::string> search_path;
    if (parent.is_null()) {
      const Value* sys = DictGetStr(modules_.get(), "sys");
      if (const Value* path = sys == nullptr ? nullptr : ModuleAttr(*sys, "path")) {
        search_path = StrItems(*path);
      }
    } else {
      const Value* path = ModuleAttr(parent, "__path__");
      if (path == nullptr) {
        return ModuleNotFound(*this, name,
                              absl::StrFormat("No module named '%s'; '%s' is not a package", name,
                                              name.substr(0, dot)));
      }
      search_path = StrItems(*path);
    }
    FoundModule found = FindModule(
        dot == std::string::npos ? std::string_view(name) : std::string_view(name).substr(dot + 1),
        search_path);
    if (found.kind == FoundModule::Kind::kNotFound) {
      return ModuleNotFound(*this, name, absl::StrFormat("No module named '%s'", name));
    }
    module = LoadSourceModule(name, found);
  }
  if (module.is_null()) return module;
  if (!parent.is_null()) {
    ModuleSet(static_cast<ModuleObject*>(parent.as_object()), name.substr(dot + 1), module);
  }
  return module;
}

Value VM::InitBuiltinModule(const std::string& name, ModuleInitFn init) {
  auto* m = new ModuleObject(Types().module);
  Value mv = Value::Adopt(m);
  m->name = name;
  ModuleSet(m, "__name__", NewStr(name));
  ModuleSet(m, "__doc__", Value::None());
  size_t dot = name.rfind('.');
  ModuleSet(m, "__package__", NewStr(dot == std::string::npos ? "" : name.substr(0, dot)));
  ModuleSet(m, "__spec__", NewModuleSpec(name, NewStr("built-in"), Value::None()));
  DictSetStr(modules_.get(), name, mv);
  bool ok = init(*this, m);
  for (ModuleInitFn extend : ModuleExtensions(name)) ok = ok && extend(*this, m);
  if (!ok) {
    bool found;
    DictDel(*this, modules_.get(), NewStr(name), &found);
    if (!HasException()) {
      Raise(Types().import_error, absl::StrCat("initializing ", name, " failed"));
    }
    return Value();
  }
  return mv;
}

Value VM::LoadSourceModule(const std::string& name, const FoundModule& found) {
  const bool is_package = found.kind != FoundModule::Kind::kModule;
  auto* m = new ModuleObject(Types().module);
  Value mv = Value::Adopt(m);
  m->name = name;
  Value locations = Value::None();
  if (is_package) {
    std::vector<Value> dirs;
    for (const std::string& d : found.search_locations) dirs.push_back(NewStr(d));
    locations = NewList(std::move(dirs));
  }
  Value origin = found.origin.empty() ? Value::None() : NewStr(found.origin);
  ModuleSet(m, "__name__", NewStr(name));
  ModuleSet(m, "__doc__", Value::None());
  size_t dot = name.rfind('.');
  ModuleSet(m, "__package__",
            NewStr(is_package                 ? name
                   : dot == std::string::npos ? ""
                                              : name.substr(0, dot)));
  ModuleSet(m, "__spec__", NewModuleSpec(name, origin, locations));
  ModuleSet(m, "__loader__", Value::None());
  if (is_package) ModuleSet(m, "__path__", locations);
  if (found.kind == FoundModule::Kind::kNamespace) {
    // A namespace package has no code and no file.
    ModuleSet(m, "__file__", Value::None());
    DictSetStr(modules_.get(), name, mv);
    return mv;
  }
  ModuleSet(m, "__file__", origin);
  ModuleSet(m, "__cached__", Value::None());
  ModuleSet(m, "__builtins__", Value::Borrow(builtins_.get()));

  std::string source;
  if (!ReadFile(found.origin, &source)) {
    return Raise(Types().import_error,
                 absl::StrFormat("cannot read '%s' (module '%s')", found.origin, name));
  }
  auto code = CompileSource(source, found.origin);
  if (!code.ok()) {
    if (auto se = SyntaxError::FromStatus(code.status())) {
      SetException(NewSyntaxError(*this, *se));
    } else {
      Raise(Types().syntax_error, std::string(code.status().message()));
    }
    return Value();
  }
  DictSetStr(modules_.get(), name, mv);
  m->initializing = true;
  Value r = RunCode(*std::move(code), m->dict);
  m->initializing = false;
  if (r.is_null()) {
    bool found_key;
    Value exc = TakeException();
    DictDel(*this, modules_.get(), NewStr(name), &found_key);
    SetException(std::move(exc));
    return r;
  }
  // Native additions to a source module (module_registry.h), once its
  // body has run.
  for (ModuleInitFn extend : ModuleExtensions(name)) {
    if (!extend(*this, m)) return Value();
  }
  // The module may have replaced itself in sys.modules, as in CPython.
  if (const Value* final_m = DictGetStr(modules_.get(), name)) return *final_m;
  return ModuleNotFound(*this, name,
                        absl::StrFormat("Module %s removed from sys.modules during import", name));
}

Value VM::ImportFrom(const Value& module, StrObject* name) {
  const BuiltinTypes& T = Types();
  Value v = GetAttrOrNull(module, name);
  if (v.is_null() && ExceptionMatches(T.attribute_error)) {
    ClearException();  // from a module __getattr__: report ImportError
  }
  if (!v.is_null() || HasException()) return v;
  const std::string* mod_name = nullptr;
  if (const Value* n = ModuleAttr(module, "__name__")) mod_name = StrValue(*n);
  if (mod_name != nullptr) {
    // A submodule: imported already (a circular import in progress) or
    // not yet (`from pkg import submodule`).
    std::string full = absl::StrCat(*mod_name, ".", name->value);
    if (const Value* sub = DictGetStr(modules_.get(), full)) return *sub;
    if (ModuleAttr(module, "__path__") != nullptr || FindBuiltinModule(full) != nullptr ||
        FindCoreModule(full) != nullptr) {
      Value sub = Import(full);
      if (!sub.is_null()) return sub;
      if (!ExceptionMatches(T.module_not_found_error)) return sub;
      Value missing = GetAttrOrNull(exception_, Intern("name"));
      const std::string* missing_name = missing.is_null() ? nullptr : StrValue(missing);
      if (missing_name == nullptr || *missing_name != full) return Value();
      ClearException();
    }
  }
  std::string shown = mod_name != nullptr ? *mod_name : "<unknown module name>";
  const Value* file = ModuleAttr(module, "__file__");
  const std::string* path = file == nullptr ? nullptr : StrValue(*file);
  std::string where = path != nullptr ? *path : "unknown location";
  bool partial = module.is_object() && IsSubtype(module.as_object()->type, T.module) &&
                 static_cast<ModuleObject*>(module.as_object())->initializing;
  std::string message =
      partial
          ? absl::StrFormat(
                "cannot import name '%s' from partially initialized module '%s' (most likely "
                "due to a circular import) (%s)",
                name->value, shown, where)
          : absl::StrFormat("cannot import name '%s' from '%s' (%s)", name->value, shown, where);
  Value exc = NewException(T.import_error, std::move(message));
  SetAttr(exc, "name", mod_name != nullptr ? NewStr(*mod_name) : Value::None());
  SetAttr(exc, "path", path != nullptr ? NewStr(*path) : Value::None());
  SetException(std::move(exc));
  return Value();
}

bool VM::ImportStar(const Value& module, DictObject* ns) {
  const BuiltinTypes& T = Types();
  Value all = GetAttrOrNull(module, Intern("__all__"));
  if (all.is_null() && HasException()) return false;
  const bool skip_private = all.is_null();
  if (skip_private) {
    Value dict = GetAttrOrNull(module, Intern("__dict__"));
    if (dict.is_null()) {
      if (!HasException()) {
        Raise(T.import_error, "from-import-* object has no __dict__ and no __all__");
      }
      return false;
    }
    all = CallMethod(dict, "keys", {});
    if (all.is_null()) return false;
    // CPython takes PyMapping_Keys, a list.
    std::vector<Value> keys;
    if (!Extend(&keys, all)) return false;
    all = NewList(std::move(keys));
  }
  for (int64_t pos = 0;; ++pos) {
    Value name = GetItem(all, Value::Int(pos));
    if (name.is_null()) {
      if (!ExceptionMatches(T.index_error)) return false;
      ClearException();
      return true;
    }
    const std::string* text = StrValue(name);
    if (text == nullptr) {
      Value modname = GetAttr(module, "__name__");
      if (modname.is_null()) return false;
      const std::string* mod_text = StrValue(modname);
      if (mod_text == nullptr) {
        Raise(T.type_error,
              absl::StrFormat("module __name__ must be a string, not %s", TypeName(modname)));
      } else {
        Raise(T.type_error,
              absl::StrFormat("%s in %s.%s must be str, not %s", skip_private ? "Key" : "Item",
                              *mod_text, skip_private ? "__dict__" : "__all__", TypeName(name)));
      }
      return false;
    }
    if (skip_private && !text->empty() && (*text)[0] == '_') continue;
    Value value = GetAttr(module, Cast<StrObject>(name));
    if (value.is_null()) return false;
    if (!DictSet(*this, ns, name, std::move(value))) return false;
  }
}

}  // namespace tc::script
