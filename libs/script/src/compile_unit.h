// One code object under construction: instructions with symbolic labels,
// the stack of active exception handlers, constant and name tables. Finish()
// resolves labels, builds the exception table and computes max_stack.
#ifndef TC_SCRIPT_SRC_COMPILE_UNIT_H_
#define TC_SCRIPT_SRC_COMPILE_UNIT_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "tc/script/code.h"

#include "src/compile_symtable.h"

namespace tc::script {

class Unit {
 public:
  Unit(Scope* scope, std::shared_ptr<Code> code);

  Scope* scope() const { return scope_; }
  Code& code() { return *code_; }
  std::shared_ptr<Code> shared_code() { return code_; }

  int NewLabel();
  void Bind(int label);
  void Emit(Opcode op, int arg = 0);
  void EmitJump(Opcode op, int label) { Emit(op, label); }
  bool LastIsTerminal() const;
  bool HasLabelAtEnd() const;  // a label bound past the last instruction

  int AddConst(Const c);
  int AddName(const std::string& name);
  int VarIndex(const std::string& name);         // adds a local slot when new
  int CellIndex(const std::string& name) const;  // cellvars then freevars; -1 if absent

  // Instructions emitted from now on jump to `label` on an exception, after
  // the stack is cut to `depth`.
  void PushHandler(int label, int depth);
  void PopHandler();
  std::vector<int>& handler_stack() { return handler_stack_; }

  SourceLoc loc;  // location given to emitted instructions

  void Finish();

 private:
  struct HandlerDef {
    int label;
    int depth;
  };
  Scope* scope_;
  std::shared_ptr<Code> code_;
  std::vector<int> handler_of_;
  std::vector<int> label_pos_;
  std::vector<HandlerDef> handler_defs_;
  std::vector<int> handler_stack_;
  absl::flat_hash_map<std::string, int> names_;
  absl::flat_hash_map<std::string, int> vars_;
};

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_COMPILE_UNIT_H_
