// Translator: the load/store family (stack shuffles, locals, cells,
// globals, imports).
#include "tc/script/native.h"

#include "break_messages.h"
#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;

bool Translator::StepLoadStore(Frame& f, const script::Instruction& ins) {
  const int arg = ins.arg;
  switch (ins.op) {
    case Opcode::kNop:
      return true;
    case Opcode::kPop:
      f.Pop();
      return true;
    case Opcode::kDup:
      f.Push(f.Top());
      return true;
    case Opcode::kDupTwo: {
      Var a = f.Top(1), b = f.Top();
      f.Push(a);
      f.Push(b);
      return true;
    }
    case Opcode::kRotTwo:
      std::swap(f.Top(), f.Top(1));
      return true;
    case Opcode::kRotThree: {
      Var c = f.Pop();
      f.stack.insert(f.stack.end() - 2, std::move(c));
      return true;
    }
    case Opcode::kRotFour: {
      Var d = f.Pop();
      f.stack.insert(f.stack.end() - 3, std::move(d));
      return true;
    }
    case Opcode::kCopy: {
      Var v = f.Top(arg - 1);
      f.Push(std::move(v));
      return true;
    }
    case Opcode::kSwap:
      std::swap(f.Top(), f.Top(arg - 1));
      return true;
    case Opcode::kLoadConst:
      f.Push(f.co->consts[arg]);
      return true;
    case Opcode::kLoadFast: {
      Var& l = f.locals[arg];
      if (l.v.is_null()) {
        return Unsupported(f, UnsupportedBreak("reading an unbound local").Format());
      }
      if (f.root && !f.wrapped[arg]) {
        l = Wrap(l.v, l.src);
        f.wrapped[arg] = true;
      }
      f.Push(l);
      return true;
    }
    case Opcode::kStoreFast:
      f.locals[arg] = f.Pop();
      if (f.root) f.wrapped[arg] = true;
      return true;
    case Opcode::kDeleteFast:
      f.locals[arg] = Var{};
      return true;
    case Opcode::kLoadDeref:
    case Opcode::kStoreDeref:
    case Opcode::kDeleteDeref:
    case Opcode::kLoadClosure:
      return StepCell(f, ins);
    case Opcode::kLoadGlobal:
    case Opcode::kLoadName: {
      const std::string& name = f.code->names[arg];
      const Value* v = script::DictGetStr(f.fn->globals.get(), name);
      if (v != nullptr) {
        // Only the root frame's globals are named G[...]; an inlined
        // function from another module reads its own globals, which stay
        // constant for the trace.
        SourcePtr src = f.fn->globals.get() == fn_->globals.get() ? Source::Global(name) : nullptr;
        f.Push(src != nullptr ? Wrap(*v, src) : Var{*v, nullptr});
        return true;
      }
      v = script::DictGetStr(vm_.builtins(), name);
      if (v == nullptr) return Unsupported(f, UnsupportedBreak("a missing global").Format());
      f.Push(*v);
      return true;
    }
    case Opcode::kStoreGlobal:
    case Opcode::kDeleteGlobal:
    case Opcode::kStoreName:
    case Opcode::kDeleteName:
      return Unsupported(f, UnsupportedBreak("assigning a global").Format());
    case Opcode::kImportName: {
      Value m = vm_.ImportName(f.code->names[arg], f.fn->globals.get());
      if (m.is_null()) return FromException(f);
      f.Push(std::move(m));
      return true;
    }
    case Opcode::kImportFrom: {
      Value m = vm_.ImportFrom(f.Top().v, f.co->names[arg].get());
      if (m.is_null()) return FromException(f);
      f.Push(std::move(m));
      return true;
    }
    default:
      return Unsupported(f, UnsupportedBreak(std::string(script::OpcodeName(ins.op))).Format());
  }
}

// Cells: the root's own cell variables and closures made by the trace
// stay symbolic; cells of functions from outside the frame are read
// through their source and written back after the graph runs.
bool Translator::StepCell(Frame& f, const script::Instruction& ins) {
  const int arg = ins.arg;
  switch (ins.op) {
    case Opcode::kLoadDeref: {
      Var& c = *f.cells[arg];
      if (auto it = outside_cell_state_.find(&c);
          it != outside_cell_state_.end() && !it->second.wrapped) {
        it->second.wrapped = true;
        if (it->second.source != nullptr) c = Wrap(c.v, it->second.source);
      }
      if (c.v.is_null()) return Unsupported(f, UnsupportedBreak("reading an empty cell").Format());
      f.Push(c);
      return true;
    }
    case Opcode::kStoreDeref: {
      Var& c = *f.cells[arg];
      if (auto it = outside_cell_state_.find(&c); it != outside_cell_state_.end()) {
        // A cell of a function from outside the frame: the write is traced
        // on the symbolic cell and replayed into the real one after the
        // graph runs, which needs a source to find that cell again.
        OutsideCellState& st = it->second;
        if (st.source == nullptr) {
          return Unsupported(
              f, UnsupportedBreak("assigning a nonlocal of an enclosing frame").Format());
        }
        if (!st.written) {
          st.written = true;
          side_effects_.MutateCell(st.source, f.cells[arg]);
        }
        st.wrapped = true;
      }
      // Other cells belong to frames inside the trace (the root's own cell
      // variables, closures made while tracing): they stay symbolic.
      c = f.Pop();
      return true;
    }
    case Opcode::kDeleteDeref:
      return Unsupported(f, UnsupportedBreak("del of a cell variable").Format());
    case Opcode::kLoadClosure: {
      // A stand-in cell object whose contents stay symbolic.
      auto* cell = new script::CellObject(script::Types().cell);
      Value cv = Value::Adopt(cell);
      cells_[cell] = f.cells[arg];
      NoteNew(cell);
      keep_alive_.push_back(cv);
      f.Push(cv);
      return true;
    }
    default:
      return Unsupported(f, UnsupportedBreak(std::string(script::OpcodeName(ins.op))).Format());
  }
}

}  // namespace tc::frame_capture
