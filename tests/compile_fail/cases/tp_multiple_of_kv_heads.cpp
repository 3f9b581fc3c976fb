// Rule: when TP exceeds the KV heads, each head is replicated, so TP must be a multiple of them.
// 48 heads, 6 KV heads: TP 8 divides the heads but is not a multiple of 6; the twin uses TP 12.
// EXPECT: tensor_parallel_size_must_be_a_multiple_of_num_kv_heads
// EXPECT: tensor_parallel_size = 8
// EXPECT: num_key_value_heads = 6
// EXPECT-CXX26: tensor_parallel_size (8) is larger than num_key_value_heads (6)
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
                                            .tensor_parallel_size = 8,
#else
                                            .tensor_parallel_size = 12,
#endif
                                            .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
