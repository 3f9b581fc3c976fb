// Rule: an nvfp4 KV cache needs a Blackwell GPU (NVFP4 weights run weight-only through Marlin
// elsewhere, the cache does not). Llama-3.1-8B with --kv-cache-dtype nvfp4 on an H100 fails;
// the twin runs it on a B200.
// EXPECT: nvfp4_needs_blackwell
// EXPECT: compute_capability = 90
// EXPECT-CXX26: an nvfp4 KV cache needs an NVIDIA Blackwell GPU with fp4 tensor cores (compute capability 90)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
#ifdef KVPLAN_COMPILE_FAIL
                                            .gpu = kvplan::gpus::h100_sxm,
#else
                                            .gpu = kvplan::gpus::b200,
#endif
                                            .kv_cache_dtype = kvplan::cache_dtype::nvfp4,
                                            .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
