// Rule: tensor_parallel_size must divide num_attention_heads (ModelConfig.verify_with_parallel_config).
// Llama-3.1-70B has 64 attention heads: TP 3 fails, its twin uses TP 4.
// EXPECT: tensor_parallel_size_must_divide_num_attention_heads
// EXPECT: tensor_parallel_size = 3
// EXPECT: num_attention_heads = 64
// EXPECT-CXX26: num_attention_heads (64) must be divisible by tensor_parallel_size (3)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_70b,
                                            .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                            .tensor_parallel_size = 3,
#else
                                            .tensor_parallel_size = 4,
#endif
                                            .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
