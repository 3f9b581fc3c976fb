// Rule: num_key_value_heads must split evenly over the TP ranks (QKVParallelLinear). A model with
// 48 heads and 6 KV heads: TP 4 divides the heads but not the KV heads; the twin uses TP 2.
// EXPECT: tensor_parallel_size_must_divide_num_kv_heads
// EXPECT: tensor_parallel_size = 4
// EXPECT: num_key_value_heads = 6
// EXPECT-CXX26: num_key_value_heads (6) must be divisible by tensor_parallel_size (4)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::model six_kv_heads = [] {
  kvplan::model m = kvplan::models::llama_3_1_8b;
  m.num_attention_heads = 48;
  m.layers = kvplan::uniform_layers(32, kvplan::full_attention(6, 128));
  return m;
}();
inline constexpr kvplan::deployment serving{.model = six_kv_heads,
                                            .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                            .tensor_parallel_size = 4,
#else
                                            .tensor_parallel_size = 2,
#endif
                                            .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
