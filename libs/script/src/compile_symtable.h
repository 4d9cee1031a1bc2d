// Scope analysis for the compiler: which names of each function, class,
// lambda or comprehension are locals, cells, free variables or globals
// (CPython's symtable rules: class scopes are invisible to the functions
// nested in them; comprehensions are functions of their own).
#ifndef TC_SCRIPT_SRC_COMPILE_SYMTABLE_H_
#define TC_SCRIPT_SRC_COMPILE_SYMTABLE_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "tc/script/ast.h"
#include "tc/script/syntax_error.h"

namespace tc::script {

enum class ScopeKind { kModule, kFunction, kClass, kComprehension };

// How a name is reached from one scope.
enum class NameScope { kLocal, kCell, kFree, kGlobalExplicit, kGlobalImplicit };

struct Scope {
  ScopeKind kind;
  std::string name;  // "f", "C", "<lambda>", "<listcomp>", "<module>"
  Scope* parent = nullptr;
  std::vector<std::unique_ptr<Scope>> children;
  // Symbols in first-seen order (for deterministic slot numbering).
  std::vector<std::string> order;
  absl::flat_hash_map<std::string, uint32_t> flags;
  std::vector<std::string> params;  // in slot order
  // Results of the analysis.
  absl::flat_hash_map<std::string, NameScope> resolved;
  std::vector<std::string> cellvars;  // sorted
  std::vector<std::string> freevars;  // sorted
  bool class_cell = false;            // a class whose methods use __class__ (super())
  bool generator = false;             // a function whose body yields
  int comp_iter_expr = 0;             // > 0 while visiting a comprehension's iterable
  bool async_def = false;             // an `async def` function
  // CPython's ste_coroutine: an async def, or a comprehension that awaits
  // or has an `async for` (which makes a list/set/dict comprehension's
  // enclosing scope await it, too).
  bool coroutine = false;

  NameScope Resolve(const std::string& name) const;
  bool IsFunctionLike() const {
    return kind == ScopeKind::kFunction || kind == ScopeKind::kComprehension;
  }
};

class SymbolTable {
 public:
  // Builds and analyses the scopes of `module`; errors are SyntaxErrors
  // (nonlocal at module level, no binding for nonlocal, ...).
  static std::optional<SyntaxError> Build(const ast::Module& module, std::string_view filename,
                                          std::string_view source, SymbolTable* out);

  Scope* module() const { return root_.get(); }
  // The scope a def, class, lambda or comprehension node opened.
  Scope* ScopeOf(const void* node) const;

 private:
  friend class SymtableBuilder;
  std::unique_ptr<Scope> root_;
  absl::flat_hash_map<const void*, Scope*> by_node_;
};

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_COMPILE_SYMTABLE_H_
