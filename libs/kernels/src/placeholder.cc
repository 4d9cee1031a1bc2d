// Replaced by the kernels library sources.
