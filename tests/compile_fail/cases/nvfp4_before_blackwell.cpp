// Rule: nvfp4 weights need a Blackwell GPU. The NVFP4 Llama-3.1-8B on an H100 fails; the twin
// runs it on a B200.
// EXPECT: nvfp4_needs_blackwell
// EXPECT: compute_capability = 90
// EXPECT-CXX26: nvfp4 needs an NVIDIA Blackwell GPU with fp4 tensor cores (compute capability 90)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
#ifdef KVPLAN_COMPILE_FAIL
                                            .gpu = kvplan::gpus::h100_sxm,
#else
                                            .gpu = kvplan::gpus::b200,
#endif
                                            .checkpoint = 2,  // nvidia/Llama-3.1-8B-Instruct-FP4
                                            .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
