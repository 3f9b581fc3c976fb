// Rule: ModelOpt FP8 weights need sm_89 (ModelOptFp8Config.get_min_capability); other fp8
// checkpoints run through Marlin on Ampere. nvidia/Llama-3.1-8B-Instruct-FP8 on an A100 fails.
// EXPECT: weights_need_newer_gpu
// EXPECT: compute_capability = 80
// EXPECT: needed_compute_capability = 89
// EXPECT-CXX26: ModelOpt FP8 weights need an NVIDIA GPU of compute capability 89 or newer (this GPU: 80)
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
