#include "src/compile_symtable.h"

#include <algorithm>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

namespace tc::script {
namespace {

enum : uint32_t {
  kDefLocal = 1,
  kDefParam = 2,
  kDefGlobal = 4,
  kDefNonlocal = 8,
  kUse = 16,
  kDefCompIter = 32,  // a comprehension's iteration variable
};

using NameSet = absl::flat_hash_set<std::string>;

}  // namespace

NameScope Scope::Resolve(const std::string& name) const {
  auto it = resolved.find(name);
  if (it != resolved.end()) return it->second;
  return NameScope::kGlobalImplicit;
}

Scope* SymbolTable::ScopeOf(const void* node) const {
  auto it = by_node_.find(node);
  return it == by_node_.end() ? nullptr : it->second;
}

class SymtableBuilder {
 public:
  SymtableBuilder(SymbolTable* table, std::string_view filename, std::string_view source)
      : table_(table), filename_(filename), source_(source) {}

  std::optional<SyntaxError> error;

  void Run(const ast::Module& m) {
    table_->root_ = std::make_unique<Scope>();
    cur_ = table_->root_.get();
    cur_->kind = ScopeKind::kModule;
    cur_->name = "<module>";
    Stmts(m.body);
    if (error) return;
    Analyze(cur_, {});
  }

 private:
  void Fail(const ast::Loc& loc, std::string msg) {
    if (error) return;
    SyntaxError e;
    e.filename = std::string(filename_);
    e.line = loc.line;
    e.col = loc.col;
    e.end_line = loc.end_line;
    e.end_col = loc.end_col;
    e.msg = std::move(msg);
    e.text = std::string(SourceLine(source_, loc.line));
    error = std::move(e);
  }

  void Add(const std::string& name, uint32_t flag) { AddTo(cur_, name, flag); }
  static void AddTo(Scope* s, const std::string& name, uint32_t flag) {
    auto [it, inserted] = s->flags.try_emplace(name, 0);
    if (inserted) s->order.push_back(name);
    it->second |= flag;
  }
  static uint32_t FlagsOf(const Scope* s, const std::string& name) {
    auto it = s->flags.find(name);
    return it == s->flags.end() ? 0 : it->second;
  }

  Scope* Open(ScopeKind kind, std::string name, const void* node) {
    auto s = std::make_unique<Scope>();
    s->kind = kind;
    s->name = std::move(name);
    s->parent = cur_;
    Scope* raw = s.get();
    cur_->children.push_back(std::move(s));
    table_->by_node_[node] = raw;
    cur_ = raw;
    return raw;
  }
  void Close() { cur_ = cur_->parent; }

  void Params(const ast::Arguments& a) {
    auto param = [&](const ast::Arg& arg) {
      Add(arg.name, kDefParam);
      cur_->params.push_back(arg.name);
    };
    for (const ast::Arg& arg : a.args) param(arg);
    for (const ast::Arg& arg : a.kwonly) param(arg);
    if (a.has_vararg) param(a.vararg);
    if (a.has_kwarg) param(a.kwarg);
  }
  // Defaults and annotations: evaluated where the def is.
  void Defaults(const ast::Arguments& a) {
    for (const ast::ExprPtr& d : a.defaults) Expr(d.get());
    for (const ast::ExprPtr& d : a.kw_defaults) {
      if (d) Expr(d.get());
    }
    auto annotation = [&](const ast::Arg& arg) {
      if (arg.annotation) Expr(arg.annotation.get());
    };
    for (const ast::Arg& arg : a.args) annotation(arg);
    if (a.has_vararg) annotation(a.vararg);
    for (const ast::Arg& arg : a.kwonly) annotation(arg);
    if (a.has_kwarg) annotation(a.kwarg);
    if (a.returns) Expr(a.returns.get());
  }

  void Stmts(const std::vector<ast::StmtPtr>& body) {
    for (const ast::StmtPtr& s : body) {
      if (error) return;
      Stmt(*s);
    }
  }

  void Stmt(const ast::Stmt& s) {
    using K = ast::StmtKind;
    switch (s.kind) {
      case K::kFunctionDef:
        for (const ast::ExprPtr& d : s.decorators) Expr(d.get());
        Defaults(*s.args);
        Add(s.name, kDefLocal);
        Open(ScopeKind::kFunction, s.name, &s);
        cur_->async_def = cur_->coroutine = s.is_async;
        Params(*s.args);
        Stmts(s.body);
        Close();
        return;
      case K::kClassDef:
        for (const ast::ExprPtr& d : s.decorators) Expr(d.get());
        for (const ast::ExprPtr& b : s.targets) Expr(b.get());
        for (const ast::Keyword& k : s.keywords) Expr(k.value.get());
        Add(s.name, kDefLocal);
        Open(ScopeKind::kClass, s.name, &s);
        Stmts(s.body);
        Close();
        return;
      case K::kGlobal:
      case K::kNonlocal: {
        bool global = s.kind == K::kGlobal;
        if (!global && cur_->kind == ScopeKind::kModule) {
          return Fail(s.loc, "nonlocal declaration not allowed at module level");
        }
        for (const std::string& name : s.identifiers) {
          auto it = cur_->flags.find(name);
          uint32_t f = it == cur_->flags.end() ? 0 : it->second;
          const char* what = global ? "global" : "nonlocal";
          if (f & kDefParam) {
            return Fail(s.loc, absl::StrFormat("name '%s' is parameter and %s", name, what));
          }
          if (!global && (f & kDefGlobal)) {
            return Fail(s.loc, absl::StrFormat("name '%s' is nonlocal and global", name));
          }
          if (global && (f & kDefNonlocal)) {
            return Fail(s.loc, absl::StrFormat("name '%s' is nonlocal and global", name));
          }
          if (f & kDefLocal) {
            return Fail(s.loc, absl::StrFormat("name '%s' is assigned to before %s declaration",
                                               name, what));
          }
          if (f & kUse) {
            return Fail(s.loc,
                        absl::StrFormat("name '%s' is used prior to %s declaration", name, what));
          }
          Add(name, global ? kDefGlobal : kDefNonlocal);
          nonlocal_locs_[{cur_, name}] = s.loc;
        }
        return;
      }
      case K::kImport:
      case K::kImportFrom:
        for (const ast::Alias& a : s.names) {
          if (a.name == "*") {
            // CPython's symtable: a star import binds names nobody can
            // list in advance, so only a module namespace may take it.
            if (cur_->kind != ScopeKind::kModule) {
              return Fail(a.loc, "import * only allowed at module level");
            }
            continue;
          }
          std::string bound = a.asname;
          if (bound.empty()) bound = a.name.substr(0, a.name.find('.'));
          Add(bound, kDefLocal);
        }
        return;
      case K::kTry:
        Stmts(s.body);
        for (const ast::ExceptHandler& h : s.handlers) {
          if (h.type) Expr(h.type.get());
          if (!h.name.empty()) Add(h.name, kDefLocal);
          Stmts(h.body);
        }
        Stmts(s.orelse);
        Stmts(s.finalbody);
        return;
      case K::kWith:
        for (const ast::WithItem& item : s.items) {
          Expr(item.context_expr.get());
          if (item.optional_vars) Expr(item.optional_vars.get());
        }
        Stmts(s.body);
        return;
      case K::kMatch:
        Expr(s.a.get());
        for (const ast::MatchCase& c : s.cases) {
          Pattern(*c.pattern);
          Expr(c.guard.get());
          Stmts(c.body);
        }
        return;
      case K::kAnnAssign:
        // Module and class bodies evaluate the annotation (into
        // __annotations__, compile_annotations.cc), functions do not; a bare
        // `x: int` still makes x local.
        if (s.c) Expr(s.c.get());
        Expr(s.a.get());
        if (cur_->kind == ScopeKind::kModule || cur_->kind == ScopeKind::kClass) Expr(s.b.get());
        return;
      default:
        for (const ast::ExprPtr& t : s.targets) Expr(t.get());
        for (const ast::Keyword& k : s.keywords) Expr(k.value.get());
        if (s.a) Expr(s.a.get());
        if (s.b) Expr(s.b.get());
        if (s.c) Expr(s.c.get());
        Stmts(s.body);
        Stmts(s.orelse);
        Stmts(s.finalbody);
    }
  }

  // A case's pattern: the names it captures are bound in this scope.
  void Pattern(const ast::Pattern& p) {
    if (error) return;
    if (!p.name.empty()) Add(p.name, kDefLocal);
    Expr(p.value.get());
    for (const ast::ExprPtr& k : p.keys) Expr(k.get());
    if (p.pattern) Pattern(*p.pattern);
    for (const ast::PatternPtr& sub : p.patterns) Pattern(*sub);
    for (const ast::PatternPtr& sub : p.kwd_patterns) Pattern(*sub);
  }

  void Expr(const ast::Expr* e) {
    if (e == nullptr || error) return;
    using K = ast::ExprKind;
    switch (e->kind) {
      case K::kName:
        if (comp_iter_target_) {
          // PEP 572: a walrus target of this comprehension may not be
          // rebound by a later loop of it.
          if (FlagsOf(cur_, e->str) & (kDefGlobal | kDefNonlocal)) {
            return Fail(
                e->loc,
                absl::StrFormat(
                    "comprehension inner loop cannot rebind assignment expression target '%s'",
                    e->str));
          }
          Add(e->str, kDefCompIter);
        }
        if (e->ctx == ast::ExprContext::kLoad) {
          Add(e->str, kUse);
          // Zero-argument super() needs the class cell, as in CPython.
          if (e->str == "super" && cur_->kind == ScopeKind::kFunction) Add("__class__", kUse);
        } else {
          Add(e->str, kDefLocal);
        }
        return;
      case K::kNamedExpr:
        NamedExpr(*e);
        return;
      case K::kYield:
      case K::kYieldFrom:
        Yield(*e);
        Expr(e->a.get());
        return;
      case K::kAwait:
        Expr(e->a.get());
        cur_->coroutine = true;
        return;
      case K::kLambda:
        Defaults(*e->args);
        Open(ScopeKind::kFunction, "<lambda>", e);
        Params(*e->args);
        Expr(e->a.get());
        Close();
        return;
      case K::kListComp:
      case K::kSetComp:
      case K::kDictComp:
      case K::kGeneratorExp: {
        const char* name = e->kind == K::kListComp   ? "<listcomp>"
                           : e->kind == K::kSetComp  ? "<setcomp>"
                           : e->kind == K::kDictComp ? "<dictcomp>"
                                                     : "<genexpr>";
        // The outermost iterable runs in the enclosing scope.
        ++cur_->comp_iter_expr;
        Expr(e->generators[0].iter.get());
        --cur_->comp_iter_expr;
        Scope* comp = Open(ScopeKind::kComprehension, name, e);
        cur_->generator = e->kind == K::kGeneratorExp;
        Add(".0", kDefParam);
        cur_->params.push_back(".0");
        for (size_t i = 0; i < e->generators.size(); ++i) {
          const ast::Comprehension& g = e->generators[i];
          if (g.is_async) cur_->coroutine = true;
          comp_iter_target_ = true;
          Expr(g.target.get());
          comp_iter_target_ = false;
          if (i > 0) {
            ++cur_->comp_iter_expr;
            Expr(g.iter.get());
            --cur_->comp_iter_expr;
          }
          for (const ast::ExprPtr& cond : g.ifs) Expr(cond.get());
        }
        Expr(e->a.get());
        Expr(e->b.get());
        Close();
        // An asynchronous list/set/dict comprehension is awaited where it
        // is built; an asynchronous generator expression is not.
        if (comp->coroutine && !comp->generator) cur_->coroutine = true;
        return;
      }
      default:
        Expr(e->a.get());
        Expr(e->b.get());
        Expr(e->c.get());
        for (const ast::ExprPtr& item : e->items) Expr(item.get());
        for (const ast::ExprPtr& key : e->keys) Expr(key.get());
        for (const ast::Keyword& k : e->keywords) Expr(k.value.get());
    }
  }

  // `target := value` (PEP 572). In a comprehension the target binds in
  // the nearest enclosing function (or module), as CPython's
  // symtable_extend_namedexpr_scope does: nonlocal (or global) in the
  // comprehension, local there.
  void NamedExpr(const ast::Expr& e) {
    if (cur_->comp_iter_expr > 0) {
      return Fail(e.loc,
                  "assignment expression cannot be used in a comprehension iterable expression");
    }
    if (cur_->kind == ScopeKind::kComprehension) {
      const std::string& name = e.a->str;
      for (Scope* s = cur_; s != nullptr; s = s->parent) {
        if (s->kind == ScopeKind::kComprehension) {
          if (FlagsOf(s, name) & kDefCompIter) {
            return Fail(
                e.a->loc,
                absl::StrFormat(
                    "assignment expression cannot rebind comprehension iteration variable '%s'",
                    name));
          }
          continue;
        }
        if (s->kind == ScopeKind::kClass) {
          return Fail(
              e.a->loc,
              "assignment expression within a comprehension cannot be used in a class body");
        }
        if (s->kind == ScopeKind::kModule || (FlagsOf(s, name) & kDefGlobal)) {
          Add(name, kDefGlobal);
          AddTo(s, name, kDefGlobal);
        } else {
          Add(name, kDefNonlocal);
          AddTo(s, name, kDefLocal);
        }
        break;
      }
      if (error) return;
    }
    Expr(e.b.get());
    Expr(e.a.get());
  }

  // A yield makes its function a generator; CPython's errors elsewhere.
  void Yield(const ast::Expr& e) {
    if (cur_->kind == ScopeKind::kComprehension) {
      const std::string& n = cur_->name;
      const char* what = n == "<listcomp>"   ? "list comprehension"
                         : n == "<setcomp>"  ? "set comprehension"
                         : n == "<dictcomp>" ? "dict comprehension"
                                             : "generator expression";
      return Fail(e.loc, absl::StrFormat("'yield' inside %s", what));
    }
    if (cur_->kind != ScopeKind::kFunction) return Fail(e.loc, "'yield' outside function");
    cur_->generator = true;
  }

  // Resolves `s`'s names given the names its enclosing functions bind, and
  // returns the names `s` needs from outside (its free variables).
  NameSet Analyze(Scope* s, const NameSet& bound) {
    for (const std::string& name : s->order) {
      uint32_t f = s->flags[name];
      NameScope r;
      if (s->kind == ScopeKind::kModule) {
        r = (f & kDefGlobal) ? NameScope::kGlobalExplicit : NameScope::kGlobalImplicit;
      } else if (f & kDefGlobal) {
        r = NameScope::kGlobalExplicit;
      } else if (f & kDefNonlocal) {
        if (!bound.contains(name)) {
          auto it = nonlocal_locs_.find({s, name});
          Fail(it != nonlocal_locs_.end() ? it->second : ast::Loc{},
               absl::StrFormat("no binding for nonlocal '%s' found", name));
          return {};
        }
        r = NameScope::kFree;
      } else if (f & (kDefLocal | kDefParam)) {
        r = NameScope::kLocal;
      } else if (bound.contains(name)) {
        r = NameScope::kFree;
      } else {
        r = NameScope::kGlobalImplicit;
      }
      s->resolved[name] = r;
    }
    NameSet child_bound = bound;
    if (s->kind == ScopeKind::kModule) child_bound.clear();
    if (s->IsFunctionLike()) {
      for (const auto& [name, r] : s->resolved) {
        if (r == NameScope::kLocal) child_bound.insert(name);
      }
    }
    if (s->kind == ScopeKind::kClass) child_bound.insert("__class__");
    NameSet extra_free;  // needed by children, passed through this scope
    for (const std::unique_ptr<Scope>& child : s->children) {
      NameSet need = Analyze(child.get(), child_bound);
      if (error) return {};
      for (const std::string& name : need) {
        if (s->kind == ScopeKind::kClass && name == "__class__") {
          s->class_cell = true;
          continue;
        }
        NameScope r = s->Resolve(name);
        if (s->IsFunctionLike() && (r == NameScope::kLocal || r == NameScope::kCell)) {
          s->resolved[name] = NameScope::kCell;
        } else if (r != NameScope::kFree) {
          extra_free.insert(name);
        }
      }
    }
    NameSet free;
    for (const auto& [name, r] : s->resolved) {
      if (r == NameScope::kFree) free.insert(name);
      if (r == NameScope::kCell) s->cellvars.push_back(name);
    }
    for (const std::string& name : extra_free) {
      // A class may both define `name` and pass an outer `name` through to
      // its methods; the body keeps using its own.
      if (s->kind != ScopeKind::kClass || s->Resolve(name) != NameScope::kLocal) {
        s->resolved[name] = NameScope::kFree;
      }
      free.insert(name);
    }
    if (s->class_cell) s->cellvars.push_back("__class__");
    s->freevars.assign(free.begin(), free.end());
    std::sort(s->cellvars.begin(), s->cellvars.end());
    std::sort(s->freevars.begin(), s->freevars.end());
    return free;
  }

  SymbolTable* table_;
  std::string_view filename_;
  std::string_view source_;
  Scope* cur_ = nullptr;
  bool comp_iter_target_ = false;  // visiting a comprehension's loop target
  absl::flat_hash_map<std::pair<const Scope*, std::string>, ast::Loc> nonlocal_locs_;
};

std::optional<SyntaxError> SymbolTable::Build(const ast::Module& module, std::string_view filename,
                                              std::string_view source, SymbolTable* out) {
  SymtableBuilder b(out, filename, source);
  b.Run(module);
  return b.error;
}

}  // namespace tc::script
