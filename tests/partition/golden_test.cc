// Both partitioners on the joint graphs PyTorch 2.15 traces for
// research/aot-inductor.md's TB1-TB11 (and a three-layer MLP under several
// activation memory budgets): the saved values, and for min-cut the cut
// value, every capacity and every ban, as scripts/gen_partition_goldens.py
// recorded them from functorch's partitioners; then forward + backward on
// the interpreter against the joint graph.
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

#include "tc/partition/partition.h"

#include "partition_test_util.h"

namespace tc::partition::testing {
namespace {

struct GoldenCase {
  std::string name;
  std::string graph;
  int num_fwd_outputs = 0;
  std::vector<int> grad_primals;
  double budget = 1;
  std::vector<int> static_primals;
  std::string default_saved;
  std::string min_cut_saved;
  int64_t cut_value = -1;                       // -1: not recorded
  std::map<std::string, std::string> capacity;  // name -> bytes or "inf"
  std::map<std::string, std::string> banned;    // name -> PyTorch's reason, "-" for none
};

std::vector<int> Ints(const std::vector<std::string>& words) {
  std::vector<int> out;
  for (size_t i = 1; i < words.size(); ++i) out.push_back(std::stoi(words[i]));
  return out;
}

std::string Rest(const std::string& line) {
  const size_t space = line.find(' ');
  return space == std::string::npos ? "" : line.substr(space + 1);
}

std::vector<GoldenCase> LoadCases() {
  std::vector<GoldenCase> cases;
  std::ifstream in(std::string(TC_PARTITION_GOLDEN_DIR) + "/expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> w = absl::StrSplit(line, ' ', absl::SkipEmpty());
    const std::string& key = w[0];
    if (key == "case") {
      cases.emplace_back();
      cases.back().name = w[1];
    }
    if (cases.empty()) continue;
    GoldenCase& c = cases.back();
    if (key == "graph") c.graph = w[1];
    if (key == "num_fwd_outputs") c.num_fwd_outputs = std::stoi(w[1]);
    if (key == "grad_primals") c.grad_primals = Ints(w);
    if (key == "budget") c.budget = std::stod(w[1]);
    if (key == "static") c.static_primals = Ints(w);
    if (key == "default") c.default_saved = Rest(line);
    if (key == "min_cut") c.min_cut_saved = Rest(line);
    if (key == "cut_value") c.cut_value = std::stoll(w[1]);
    if (key == "capacity") c.capacity[w[1]] = w[2];
    if (key == "banned") c.banned[w[1]] = Rest(Rest(line));
  }
  return cases;
}

void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name; }

class GoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenTest, SavesWhatPyTorchSaves) {
  const GoldenCase& c = GetParam();
  auto g = LoadGoldenGraph(c.graph);
  ASSERT_TRUE(g.ok()) << g.status();
  const JointGraph joint{
      .graph = &g->graph, .num_fwd_outputs = c.num_fwd_outputs, .grad_primals = c.grad_primals};
  auto by_default = DefaultPartition(joint);
  ASSERT_TRUE(by_default.ok()) << by_default.status();
  EXPECT_EQ(Names(*g, by_default->saved), c.default_saved) << "default partition";
  MinCutOptions options = WithBudget(c.budget);
  options.static_lifetime_primals = c.static_primals;
  MinCutReport report;
  auto by_min_cut = MinCutRematerializationPartition(joint, options, &report);
  ASSERT_TRUE(by_min_cut.ok()) << by_min_cut.status();
  EXPECT_EQ(Names(*g, by_min_cut->saved), c.min_cut_saved) << "min-cut (" << report.chosen << ")";
  for (uint64_t seed : {1, 2, 3}) {
    EXPECT_TRUE(CheckRunsLikeJoint(joint, *by_default, seed).ok())
        << CheckRunsLikeJoint(joint, *by_default, seed);
    EXPECT_TRUE(CheckRunsLikeJoint(joint, *by_min_cut, seed).ok())
        << CheckRunsLikeJoint(joint, *by_min_cut, seed);
  }
  if (c.cut_value < 0) return;
  EXPECT_EQ(report.cut_value, c.cut_value);
  std::map<std::string, std::string> capacity;
  std::map<std::string, std::string> banned;
  for (const NodeDecision& d : report.nodes) {
    const std::string& name = g->name_of.at(d.value);
    // PyTorch's network has a node edge for every value but those computed
    // from a tangent; tuples (none here) and tc's -1 are infinite.
    if (d.capacity >= 0) capacity[name] = std::to_string(d.capacity);
    if (!d.ban_reason.empty()) banned[name] = d.ban_reason;
  }
  for (const auto& [name, want] : c.capacity) {
    if (want == "inf") continue;
    EXPECT_EQ(capacity[name], want) << "capacity of " << name;
    capacity.erase(name);
  }
  EXPECT_TRUE(capacity.empty()) << "capacities PyTorch does not have, first: "
                                << capacity.begin()->first;
  ASSERT_EQ(banned.size(), c.banned.size());
  for (const auto& [name, want] : c.banned) {
    ASSERT_TRUE(banned.count(name)) << name << " is not banned";
    if (want != "-") {
      EXPECT_EQ(banned[name], want) << name;
    } else {  // PyTorch's two graph heuristics give no reason
      EXPECT_TRUE(banned[name] == "used far apart" || banned[name] == "long fusible chain")
          << name << ": " << banned[name];
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Torch215, GoldenTest, ::testing::ValuesIn(LoadCases()),
                         [](const ::testing::TestParamInfo<GoldenCase>& info) {
                           return absl::StrReplaceAll(info.param.name, {{".", "_"}});
                         });

// research/aot-inductor.md §2.7's worked example, by hand: y =
// relu(x @ w).sin().sum() with x 64x32, w 32x16 (S = 4096 bytes).
TEST(MinCutWorkedExample, CapacitiesAndCutOfTb5) {
  auto g = LoadGoldenGraph("TB5.tcir");
  ASSERT_TRUE(g.ok()) << g.status();
  MinCutReport report;
  auto p = MinCutRematerializationPartition(AllPrimalsHaveGrads(g->graph, 1), {}, &report);
  ASSERT_TRUE(p.ok()) << p.status();
  std::map<std::string, int64_t> capacity;
  for (const NodeDecision& d : report.nodes) capacity[g->name_of.at(d.value)] = d.capacity;
  EXPECT_EQ(capacity["primals_1"], 9011);  // 8192 x 1.1 (a placeholder is materialized)
  EXPECT_EQ(capacity["primals_2"], 2252);
  EXPECT_EQ(capacity["mm"], 4956);    // S x 1.1^2: relu cannot fuse into the matmul
  EXPECT_EQ(capacity["relu"], 9010);  // S x 1.1 x 2: every user fuses
  EXPECT_EQ(capacity["cos"], 9010);
  EXPECT_EQ(capacity["le"], 2252);  // bool, doubled
  EXPECT_EQ(capacity["permute"], 9011);
  EXPECT_EQ(capacity["permute_1"], 2252);
  EXPECT_EQ(capacity["expand"], -1);   // computed from the tangent: no node edge
  EXPECT_EQ(report.cut_value, 16219);  // mm + permute + permute_1
  EXPECT_EQ(Names(*g, p->saved), "mm permute permute_1");
}

}  // namespace
}  // namespace tc::partition::testing
