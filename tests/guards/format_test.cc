// FormatGuard and FormatGuardTree against what torch 2.15 prints (explain's
// out_guards, TORCH_LOGS=guards), with addresses masked on both sides.
#include "tc/guards/format.h"

#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "tc/guards/guard_set.h"

#include "test_util.h"

namespace tc::guards::testing {
namespace {

using tensor::DType;
using tensor::Shape;

// Hex addresses become 0x?, as they differ from run to run in PyTorch too.
std::string Mask(const std::string& s) {
  return std::regex_replace(s, std::regex("0x[0-9a-f]+"), "0x?");
}

const Shape kSizes = {3, 3};
const Shape kStrides = {3, 1};
const TensorMeta kMeta = {DType::kFloat32, tensor::Device::CPU(), kSizes, kStrides, false};

int tensor_type, int_type, list_type, module_type, builtin_type;
int torch_module, abs_fn;

GuardSet ExampleGuards() {
  GuardSource torch_source = Src("G['torch']");
  torch_source.create_function = "MODULE_MATCH";
  GuardSource abs_source = Src("G['torch'].abs");
  abs_source.create_function = "BUILTIN_MATCH";
  GuardSource x = SrcAt("L['x']");
  x.frame_local_index = 0;
  GuardSource n = SrcAt("L['n']");
  n.frame_local_index = 1;
  GuardSource ys = SrcAt("L['ys']");
  ys.frame_local_index = 2;
  return BuildOrDie(
      GuardSetBuilder()
          .AddGlobalState(GlobalState{})
          .AddTensorMatch(0, x, kMeta, PyType::Tensor(&tensor_type))
          .AddConstantMatch(1, n, GuardValue::Int(2, &int_type))
          .AddSequenceLength(2, ys, 2, PyType{&list_type, "list"})
          .AddIdMatch(3, torch_source, &torch_module, PyType{&module_type, "module"})
          .AddIdMatch(4, abs_source, &abs_fn, PyType{&builtin_type, "builtin_function_or_method"}));
}

TEST(FormatGuardTest, TensorMatch) {
  GuardSet set = ExampleGuards();
  // From torch._dynamo.explain(f)(torch.randn(3, 3), ...).out_guards.
  EXPECT_EQ(Mask(FormatGuard(set.guards()[1])),
            "Name: \"L['x']\"\n"
            "    Source: local\n"
            "    Create Function: TENSOR_MATCH\n"
            "    Guard Types: ['TENSOR_MATCH']\n"
            "    Code List: [\"hasattr(L['x'], '_dynamo_dynamic_indices') == False\", "
            "\"hasattr(L['x'], '_dynamo_weak_dynamic_indices') == False\", \"hasattr(L['x'], "
            "'_dynamo_unbacked_indices') == False\", \"hasattr(L['x'], "
            "'_dynamo_strict_unbacked_indices') == False\", \"hasattr(L['x'], "
            "'_dynamo_static_indices') == False\"]\n"
            "    Object Weakref: <weakref at 0x?; dead>\n"
            "    Guarded Class Weakref: <weakref at 0x?; to 'torch._C._TensorMeta' at 0x? "
            "(Tensor)>\n");
}

TEST(FormatGuardTest, GlobalState) {
  GuardSet set = ExampleGuards();
  EXPECT_EQ(FormatGuard(set.guards()[0]),
            "Name: ''\n"
            "    Source: global\n"
            "    Create Function: GLOBAL_STATE\n"
            "    Guard Types: None\n"
            "    Code List: None\n"
            "    Object Weakref: None\n"
            "    Guarded Class Weakref: None\n");
}

TEST(FormatGuardTest, ConstantMatch) {
  GuardSet set = ExampleGuards();
  EXPECT_EQ(Mask(FormatGuard(set.guards()[2])),
            "Name: \"L['n']\"\n"
            "    Source: local\n"
            "    Create Function: CONSTANT_MATCH\n"
            "    Guard Types: ['EQUALS_MATCH']\n"
            "    Code List: [\"L['n'] == 2\"]\n"
            "    Object Weakref: None\n"
            "    Guarded Class Weakref: <weakref at 0x?; to 'type' at 0x? (int)>\n");
  GuardSet none = BuildOrDie(GuardSetBuilder().AddNoneMatch(0, Src("L['z']")));
  EXPECT_EQ(FormatGuard(none.guards()[0]),
            "Name: \"L['z']\"\n"
            "    Source: local\n"
            "    Create Function: CONSTANT_MATCH\n"
            "    Guard Types: ['NONE_MATCH']\n"
            "    Code List: [\"L['z'] is None\"]\n"
            "    Object Weakref: None\n"
            "    Guarded Class Weakref: None\n");
}

TEST(FormatGuardTest, SequenceLength) {
  GuardSet set = ExampleGuards();
  const std::string list_id = std::to_string(reinterpret_cast<uintptr_t>(&list_type));
  EXPECT_EQ(Mask(FormatGuard(set.guards()[3])),
            "Name: \"L['ys']\"\n"
            "    Source: local\n"
            "    Create Function: SEQUENCE_LENGTH\n"
            "    Guard Types: ['TYPE_MATCH', 'SEQUENCE_LENGTH']\n"
            "    Code List: [\"___check_type_id(L['ys'], " +
                list_id +
                "), type=<class 'list'>\", \"len(L['ys']) == 2\"]\n"
                "    Object Weakref: None\n"
                "    Guarded Class Weakref: <weakref at 0x?; to 'type' at 0x? (list)>\n");
}

TEST(FormatGuardTest, IdMatchWithCreateFunction) {
  GuardSet set = ExampleGuards();
  const std::string id = std::to_string(reinterpret_cast<uintptr_t>(&torch_module));
  EXPECT_EQ(Mask(FormatGuard(set.guards()[4])),
            "Name: \"G['torch']\"\n"
            "    Source: global\n"
            "    Create Function: MODULE_MATCH\n"
            "    Guard Types: ['ID_MATCH']\n"
            "    Code List: [\"___check_obj_id(G['torch'], " +
                id +
                "), type=<class 'module'>\"]\n"
                "    Object Weakref: <weakref at 0x?; to 'module' at 0x?>\n"
                "    Guarded Class Weakref: <weakref at 0x?; to 'type' at 0x? (module)>\n");
}

TEST(FormatGuardTreeTest, NestsManagersBySource) {
  GuardSet set = ExampleGuards();
  const std::string at = "  # return x * n  # guardref/t.py:4 in f";
  std::string tree = FormatGuardTree(set);
  // Mask ids; a masked code padded to 60 columns loses its padding.
  tree = std::regex_replace(tree, std::regex("_id\\((.*?), [0-9]+\\), type=<class '([^']*)'> *  #"),
                            "_id($1, ?), type=<class '$2'>  #");
  tree = std::regex_replace(tree, std::regex("_id\\((.*?), [0-9]+\\)"), "_id($1, ?)");
  const std::string json =
      "{\"allow_bf16_reduce\":0,\"allow_fp16_reduce\":0,\"allow_tf32\":false,\"autocast_state\":{"
      "\"cached_enabled\":true,\"dtype\":[15,5,5,15,5,5,15,15,5,5],\"enabled\":[false,false,false,"
      "false,false,false,false,false,false,false]},\"cuda_matmul_precision\":0,\"default_dtype\":"
      "6,\"deterministic_algorithms\":false,\"deterministic_algorithms_warn_only\":false,\"grad_"
      "mode\":true,\"num_threads\":1,\"torch_function\":true,\"torch_function_all_disabled\":"
      "false}";
  const std::string expected =
      "TREE_GUARD_MANAGER:\n"
      "+- RootGuardManager\n"
      "| +- GLOBAL_STATE: ___check_global_state() against " +
      json +
      "\n"
      "| +- GuardManager: source=L['x'], accessed_by=FrameLocalsGuardAccessor(key='x', "
      "framelocals_idx=0), type=<class 'torch.Tensor'>, tag_safe=(False, False)\n"
      "| | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU, BackendSelect, "
      "ADInplaceOrView, AutogradCPU), torch.float32, device=None, requires_grad=False, size=[3, "
      "3], stride=[3, 1])" +
      at +
      "\n"
      "| | +- DIMENSION_DYNAMIC_MARKING_GUARD: "
      "hasattr(L['x'], '_dynamo_dynamic_indices') == False         " +
      at +
      "\n"
      "| | +- DIMENSION_DYNAMIC_MARKING_GUARD: "
      "hasattr(L['x'], '_dynamo_weak_dynamic_indices') == False    " +
      at +
      "\n"
      "| | +- DIMENSION_DYNAMIC_MARKING_GUARD: "
      "hasattr(L['x'], '_dynamo_unbacked_indices') == False        " +
      at +
      "\n"
      "| | +- DIMENSION_DYNAMIC_MARKING_GUARD: "
      "hasattr(L['x'], '_dynamo_strict_unbacked_indices') == False " +
      at +
      "\n"
      "| | +- DIMENSION_DYNAMIC_MARKING_GUARD: "
      "hasattr(L['x'], '_dynamo_static_indices') == False          " +
      at +
      "\n"
      "| +- GuardManager: source=L['n'], accessed_by=FrameLocalsGuardAccessor(key='n', "
      "framelocals_idx=1), type=<class 'int'>, tag_safe=(False, False)\n"
      "| | +- EQUALS_MATCH: L['n'] == 2                                                 " +
      at +
      "\n"
      "| +- GuardManager: source=L['ys'], accessed_by=FrameLocalsGuardAccessor(key='ys', "
      "framelocals_idx=2), type=<class 'list'>, tag_safe=(False, False)\n"
      "| | +- TYPE_MATCH: ___check_type_id(L['ys'], ?), type=<class 'list'>" +
      at +
      " (HINT: type list)\n"
      "| | +- LENGTH_CHECK: len(L['ys']) == 2                                           " +
      at +
      "\n"
      "| +- GuardManager: source=G, accessed_by=GlobalsGuardAccessor, type=<class 'dict'>, "
      "tag_safe=(False, False)\n"
      "| | +- GuardManager: source=G['torch'], accessed_by=DictGetItemGuardAccessor('torch'), "
      "type=<class 'module'>, tag_safe=(False, False)\n"
      "| | | +- ID_MATCH: ___check_obj_id(G['torch'], ?), type=<class 'module'>\n"
      "| | | +- GuardManager: source=G['torch'].abs, accessed_by=GetAttrGuardAccessor(abs), "
      "type=<class 'builtin_function_or_method'>, tag_safe=(False, False)\n"
      "| | | | +- ID_MATCH: ___check_obj_id(G['torch'].abs, ?), type=<class "
      "'builtin_function_or_method'>\n";
  EXPECT_EQ(tree, expected);
}

TEST(FormatGuardTreeTest, BoolAndNoneLeaves) {
  GuardSet set = BuildOrDie(GuardSetBuilder()
                                .AddConstantMatch(0, Src("L['b']"), GuardValue::Bool(false))
                                .AddNoneMatch(1, Src("L['z']")));
  EXPECT_EQ(FormatGuardTree(set),
            "TREE_GUARD_MANAGER:\n"
            "+- RootGuardManager\n"
            "| +- GuardManager: source=L['b'], accessed_by=FrameLocalsGuardAccessor(key='b'), "
            "type=<class 'bool'>, tag_safe=(False, False)\n"
            "| | +- FALSE_MATCH: L['b'] == False\n"
            "| +- GuardManager: source=L['z'], accessed_by=FrameLocalsGuardAccessor(key='z'), "
            "type=<class 'NoneType'>, tag_safe=(False, False)\n"
            "| | +- NONE_MATCH: L['z'] is None\n");
}

TEST(FormatGuardTreeTest, ItemAndIndexAccessors) {
  const Shape one = {2};
  const Shape unit = {1};
  const TensorMeta m = {DType::kFloat32, tensor::Device::CPU(), one, unit, false};
  GuardSet set = BuildOrDie(GuardSetBuilder()
                                .AddSequenceLength(0, Src("L['ys']"), 2, PyType{&list_type, "list"})
                                .AddTensorMatch(1, Src("L['ys'][0]"), m)
                                .AddNotNoneMatch(2, Src("L['d']['k']")));
  const std::string tree = FormatGuardTree(set);
  EXPECT_NE(tree.find("| | +- GuardManager: source=L['ys'][0], accessed_by="
                      "ListGetItemGuardAccessor(0), type=<class 'torch.Tensor'>"),
            std::string::npos)
      << tree;
  EXPECT_NE(tree.find("| | +- GuardManager: source=L['d']['k'], accessed_by="
                      "DictGetItemGuardAccessor('k'), tag_safe=(False, False)\n"
                      "| | | +- NOT_NONE_MATCH: L['d']['k'] is not None\n"),
            std::string::npos)
      << tree;
}

}  // namespace
}  // namespace tc::guards::testing
