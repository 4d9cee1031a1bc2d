# torch._inductor.config: PyTorch 2.15's options with their defaults, dotted
# ones on sub-configs (trace.enabled, cpp.threads); assignments stick;
# unknown names raise AttributeError on read and write; patch() restores on
# exit, as a context manager and a decorator; list_options() and
# get_config_copy() list every option in the same order; aliases
# (force_disable_caches, benchmark_epilogue_fusion) are read and written but
# not listed.
import torch
import torch._inductor
import torch._inductor.config as config

names = ["debug", "fallback_random", "max_autotune", "freezing", "size_asserts",
         "epilogue_fusion", "max_fusion_size", "coordinate_descent_tuning",
         "cpp_wrapper", "triton.cudagraphs", "trace.enabled",
         "trace.debug_dir", "cpp.threads", "cpp.simdlen", "cpp.min_chunk_size", "cpp.cxx"]
copy = config.get_config_copy()
for name in names:
    print(name, repr(copy[name]))
print(config.debug, config.trace.enabled, config.cpp.threads, config.triton.cudagraphs)
# Aliases: accepted and readable, not listed.
print(config.force_disable_caches, config.benchmark_epilogue_fusion,
      "force_disable_caches" in copy, "benchmark_epilogue_fusion" in copy)
config.benchmark_epilogue_fusion = False
print(config.benchmark_template_fusion)
config.benchmark_epilogue_fusion = True

options = torch._inductor.list_options()
print(len(options), options[:6], options[-2:])
print(list(copy) == options, "trace.enabled" in options, "cpp.threads" in options)

config.cpp.threads = 4
config.debug = True
print(config.cpp.threads, config.debug, config.get_config_copy()["cpp.threads"])
config.cpp.threads = -1
config.debug = False

for stmt in ["config.no_such_option", "config.trace.no_such_field"]:
    try:
        eval(stmt)
    except AttributeError as e:
        print("read:", str(e))
try:
    config.no_such_option = 1
except AttributeError as e:
    print("write:", str(e))
try:
    config.cpp.no_such_field = 1
except AttributeError as e:
    print("write:", str(e))

with config.patch({"cpp.threads": 3, "fallback_random": True}):
    print("inside", config.cpp.threads, config.fallback_random)
print("after", config.cpp.threads, config.fallback_random)
with config.patch(max_autotune=True):
    print("inside", config.max_autotune)
with config.patch("trace.enabled", True):
    print("inside", config.trace.enabled)
print("after", config.max_autotune, config.trace.enabled)


@config.patch(freezing=True)
def frozen():
    return config.freezing


print(frozen(), config.freezing)
