// Rule: the weights must fit in the memory vLLM may use on each GPU. Llama-3.1-70B in bf16 is
// 141,107,412,992 B, and vLLM's weights add the RoPE cache (131,072 positions x 128 x 2 B =
// 33,554,432 B): 141,140,967,424 B; on one H100 vLLM may use ceil(85,018,542,080 x 0.92) =
// 78,217,058,714 B. The twin splits the weights over TP 4.
// EXPECT: weights_must_fit_on_each_gpu
// EXPECT: weights_bytes_per_gpu = 141140967424
// EXPECT: requested_memory_bytes = 78217058714
// EXPECT-CXX26: the weights need 131.45 GiB per GPU, more than the 72.85 GiB vLLM may use
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_70b,
                                            .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                            .tensor_parallel_size = 1,
#else
                                            .tensor_parallel_size = 4,
#endif
                                            .max_model_len = 8192};
static_assert(kvplan::weights_fit<serving>());
