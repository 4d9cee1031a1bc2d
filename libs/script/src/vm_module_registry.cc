// The process-wide builtin-module table (module_registry.h).
#include <map>

#include "tc/script/module_registry.h"

#include "functools_internal.h"
#include "itertools_internal.h"
#include "vm_internal.h"

namespace tc::script {

namespace {
std::map<std::string, ModuleInitFn, std::less<>>& Registry() {
  // The script library's own modules that are not part of the VM core
  // (math and sys are): listed here so linking the registry links them.
  static auto* r = new std::map<std::string, ModuleInitFn, std::less<>>{
      {"_abc", InitAbcModule},
      {"_codecs", InitCodecsModule},
      {"_locale", InitLocaleModule},
      {"_struct", InitStructModule},
      {"binascii", InitBinasciiModule},
      {"collections", InitCollectionsModule},
      {"functools", InitFunctoolsModule},
      {"itertools", InitItertoolsModule},
      {"operator", InitOperatorModule},
      {"random", InitRandomModule},
      {"re", InitReModule},
      {"time", InitTimeModule},
      {"zlib", InitZlibModule},
  };
  return *r;
}
std::map<std::string, std::vector<ModuleInitFn>, std::less<>>& Extensions() {
  static auto* e = new std::map<std::string, std::vector<ModuleInitFn>, std::less<>>();
  return *e;
}
}  // namespace

void RegisterModuleExtension(std::string_view dotted_name, ModuleInitFn extend) {
  Extensions()[std::string(dotted_name)].push_back(extend);
}

std::vector<ModuleInitFn> ModuleExtensions(std::string_view dotted_name) {
  auto& e = Extensions();
  auto it = e.find(dotted_name);
  return it == e.end() ? std::vector<ModuleInitFn>{} : it->second;
}

void RegisterBuiltinModule(std::string_view dotted_name, ModuleInitFn init) {
  Registry()[std::string(dotted_name)] = init;
}

ModuleInitFn FindBuiltinModule(std::string_view dotted_name) {
  auto& r = Registry();
  auto it = r.find(dotted_name);
  return it == r.end() ? nullptr : it->second;
}

std::vector<std::string> BuiltinModuleNames() {
  std::vector<std::string> names;
  for (const auto& [k, v] : Registry()) names.push_back(k);
  return names;
}

}  // namespace tc::script
