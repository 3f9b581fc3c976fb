// Rule: an fp8 KV cache needs fp8 hardware. The A100 (sm_80) has none; the twin uses an H100.
// EXPECT: kv_cache_dtype_needs_fp8_support
// EXPECT: compute_capability = 80
// EXPECT-CXX26: an fp8 KV cache needs a GPU with fp8 support (compute capability 80 has none)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
#ifdef KVPLAN_COMPILE_FAIL
                                            .gpu = kvplan::gpus::a100_80gb,
#else
                                            .gpu = kvplan::gpus::h100_sxm,
#endif
                                            .kv_cache_dtype = kvplan::cache_dtype::fp8,
                                            .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
