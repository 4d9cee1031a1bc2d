// The script library's names the torch sources use unqualified. The torch
// module is written against the script native API (tc/script/native.h) the
// way CPython extension modules are written against Python.h; naming
// `script::` on every Value, VM and Raise* would drown the torch logic, so
// this private header brings the names in, one by one (no using-directive).
#ifndef TC_SCRIPT_TORCH_SRC_SCRIPT_NAMES_H_
#define TC_SCRIPT_TORCH_SRC_SCRIPT_NAMES_H_

#include "tc/script/bytecode.h"
#include "tc/script/compiler.h"
#include "tc/script/module_registry.h"
#include "tc/script/native.h"
#include "tc/script/object.h"
#include "tc/script/value.h"
#include "tc/script/vm.h"

namespace tc::script_torch {

// Values, objects and types.
using script::BinaryOp;
using script::BuiltinTypes;
using script::CallNative;
using script::Cast;
using script::Code;
using script::DictObject;
using script::EllipsisValue;
using script::GetSetObject;
using script::IsInstance;
using script::IsSubtype;
using script::kImmortalRefcount;
using script::ListObject;
using script::ModuleObject;
using script::NativeFunctionObject;
using script::NotImplementedValue;
using script::Object;
using script::SliceObject;
using script::StrObject;
using script::TupleObject;
using script::Type;
using script::Types;
using script::UpdateSlots;
using script::Value;
using script::VM;

// The native API (native.h).
using script::AddFunctions;
using script::AddMethods;
using script::AddType;
using script::ArgsView;
using script::CheckArgCount;
using script::DictGetStr;
using script::DictSetStr;
using script::GetSetDef;
using script::Intern;
using script::MarkUnsupportedAttribute;
using script::MethodDef;
using script::ModuleSet;
using script::NewList;
using script::NewNativeFunction;
using script::NewNativeType;
using script::NewObject;
using script::NewStr;
using script::NewTuple;
using script::ParseArgs;
using script::Raise;
using script::RaiseAttributeError;
using script::RaiseIndexError;
using script::RaiseNotImplementedError;
using script::RaiseRuntimeError;
using script::RaiseTypeError;
using script::RaiseValueError;
using script::SeqIndex;
using script::SliceIndices;
using script::StrValue;
using script::ToFloat;
using script::ToInt;
using script::Truthy;
using script::TypeName;
using script::TypeSpec;

// Compiling the nn prelude and finding submodules.
using script::CompileSource;
using script::FindBuiltinModule;

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_SCRIPT_NAMES_H_
