// Rule: fp8 weights need fp8 hardware. nvidia/Llama-3.1-8B-Instruct-FP8 on an A100 fails.
// EXPECT: weight_dtype_needs_fp8_support
// EXPECT: compute_capability = 80
// EXPECT-CXX26: fp8 weights need a GPU with fp8 support (compute capability 80 has none)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
                                            .gpu = kvplan::gpus::a100_80gb,
#ifdef KVPLAN_COMPILE_FAIL
                                            .checkpoint = 1,  // nvidia/Llama-3.1-8B-Instruct-FP8
#else
                                            .checkpoint = 0,  // bf16
#endif
                                            .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
