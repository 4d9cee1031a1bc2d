// The bytecode compiler: ast::Module to Code objects (bytecode.h, code.h).
//
// Conventions the VM relies on, beyond bytecode.h:
// - Module code has Code::kModule; its names are globals. A class body is a
//   function (Code::kClassBody, no arguments) run by kMakeClass; it stores
//   __module__ (from __name__) and __qualname__ first, and when a method
//   uses zero-argument super() it ends by storing its `__class__` cell
//   under `__classcell__`: the VM sets that cell to the new class (as
//   type.__new__ does) and drops the key from the namespace. The body
//   returns None.
// - super() with no arguments inside a method compiles to
//   kLoadDeref(__class__), load of the first argument, kLoadSuper.
// - Comprehensions are functions of one argument (".0", the iterator of the
//   first `for`), called at once. A generator expression is compiled the
//   same way and returns iter(list) of its items: evaluated eagerly, since
//   the VM has no generators.
// - kListAppend/kSetAdd/kMapAdd/kListExtend/kSetUpdate/kDictUpdate/kDictMerge
//   take CPython's argument: the container sits at stack position -arg once
//   the operand(s) are popped (1 in displays and calls).
// - kCallKw/kCallMethodKw: the keyword names tuple is a constant.
#ifndef TC_SCRIPT_COMPILER_H_
#define TC_SCRIPT_COMPILER_H_

#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

#include "tc/script/ast.h"
#include "tc/script/code.h"

namespace tc::script {

// How to compile a module's code.
struct CompileOptions {
  // exec()'s and compile()'s code: module-level names go through the
  // frame's namespace (LOAD_NAME / STORE_NAME / DELETE_NAME), which may be
  // a mapping other than its globals, as CPython compiles every module.
  bool names_in_namespace = false;
  // eval(): the module is one expression, whose value the code returns.
  bool eval_mode = false;
};

// Compiles a parsed module. `source` is attached to every code object for
// tracebacks (may be null). Errors are SyntaxErrors (syntax_error.h), e.g.
// "'return' outside function" at the statement.
absl::StatusOr<std::shared_ptr<const Code>> Compile(const ast::Module& module,
                                                    std::string_view filename,
                                                    std::shared_ptr<const std::string> source,
                                                    const CompileOptions& options = {});

// Parse + Compile.
absl::StatusOr<std::shared_ptr<const Code>> CompileSource(std::string_view source,
                                                          std::string_view filename);
// Parse + Compile of text that is already decoded (a str given to exec()).
absl::StatusOr<std::shared_ptr<const Code>> CompileText(std::string_view text,
                                                        std::string_view filename,
                                                        const CompileOptions& options);

}  // namespace tc::script

#endif  // TC_SCRIPT_COMPILER_H_
