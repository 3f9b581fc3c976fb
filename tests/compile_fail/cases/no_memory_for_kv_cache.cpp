// Rule: memory must remain for the KV cache. Llama-3.1-70B over TP 2 on H100: 70,553,706,496 B
// of weights per GPU fit in the 78,217,058,714 B vLLM may use, but with a measured 8 GiB
// activation peak, 0.5 GiB non-torch and 0.5 GiB of CUDA graphs nothing is left:
// 78,217,058,714 - 70,553,706,496 - 8,589,934,592 - 536,870,912 - 536,870,912 = -2,000,324,198.
// The twin has a 4 GiB activation peak: 2,294,643,098 B remain.
// EXPECT: memory_must_remain_for_the_kv_cache
// EXPECT: available_kv_cache_bytes = -2000324198
// EXPECT-CXX26: No available memory for the cache blocks
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_70b,
                                            .gpu = kvplan::gpus::h100_sxm,
                                            .tensor_parallel_size = 2,
                                            .max_model_len = 8192,
                                            .memory = {.weights_bytes = 70'553'706'496,
#ifdef KVPLAN_COMPILE_FAIL
                                                       .activation_bytes = 8 * kvplan::GiB,
#else
                                                       .activation_bytes = 4 * kvplan::GiB,
#endif
                                                       .non_torch_bytes = kvplan::GiB / 2,
                                                       .cudagraph_bytes = kvplan::GiB / 2}};
static_assert(kvplan::fits_at_all<serving>());
