// An expression's source text as CPython's ast.unparse writes it (the
// string a `from __future__ import annotations` annotation becomes).
#ifndef TC_SCRIPT_SRC_AST_UNPARSE_H_
#define TC_SCRIPT_SRC_AST_UNPARSE_H_

#include <optional>
#include <string>

#include "tc/script/ast.h"

namespace tc::script {

// CPython 3.11's unparse (Python/ast_unparse.c) of `e` at the precedence
// of an annotation; nullopt for the kinds it does not cover here
// (comprehensions, lambdas, f-strings, yield, await, walrus), whose
// callers keep the source text.
std::optional<std::string> Unparse(const ast::Expr& e);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_AST_UNPARSE_H_
