// When kernels write their outputs with streaming (non-temporal) stores
// (formulas/stream_store-inl.h): only outputs too large to stay in cache,
// which an ordinary store would first read (read-for-ownership) and so
// move twice; an output small enough to stay in cache is read again soon
// and must stay there. Eager's copy and row kernels (softmax, log_softmax,
// layer_norm, rms_norm, group_norm) and codegen-cpu's generated row and
// pointwise kernels ask here.
#ifndef TC_KERNELS_STREAM_STORES_H_
#define TC_KERNELS_STREAM_STORES_H_

#include <cstdint>

namespace tc::kernels {

// The output size in bytes from which a kernel streams it:
// TC_STREAM_STORES_MIN_BYTES when set (a positive integer; 0 or a malformed
// value: the default), else half the last-level cache as
// /sys/devices/system/cpu/cpu0/cache reports it (the largest data or
// unified level), 16 MiB when that cannot be read. Half: an op that reads
// as many bytes as it writes fills the cache with its input and output
// together there, so its output would not stay in cache for the next op
// anyway. Measured on this machine (a 32 MiB L3): benches/kernels's
// stream_bench. Read once per process.
int64_t StreamStoresMinBytes();

// Whether an output of `bytes` bytes is written with streaming stores.
bool UseStreamStores(int64_t bytes);

// Replaces the threshold for the whole process (bytes > 0), or restores
// the default (0): for tests and benchmarks that run both paths in one
// process. Generated code decides when it is emitted, so it takes effect
// for graphs compiled afterwards.
void SetStreamStoresMinBytes(int64_t bytes);

}  // namespace tc::kernels

#endif  // TC_KERNELS_STREAM_STORES_H_
