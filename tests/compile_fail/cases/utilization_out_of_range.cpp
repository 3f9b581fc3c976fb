// Rule: gpu_memory_utilization is a fraction in (0, 1] of the GPU's total memory.
// EXPECT: gpu_memory_utilization_out_of_range
// EXPECT: gpu_memory_utilization_thousandths = 1500
// EXPECT-CXX26: gpu_memory_utilization must be in (0, 1] (got 1.5)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
                                            .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                            .gpu_memory_utilization = 1.5,
#else
                                            .gpu_memory_utilization = 0.95,
#endif
                                            .max_model_len = 8192};
static_assert(kvplan::fits<serving>());
