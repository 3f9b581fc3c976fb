// Plans as constant expressions: the figures an engine's build can rely on.
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

namespace {
using namespace kvplan;

// Qwen3-Next-80B, TP=1, bf16: Gated DeltaNet state per layer = conv (4 - 1) x (2 x 128 x 16 +
// 128 x 32 = 8,192) x 2 B = 49,152 plus recurrent 32 x 128 x 128 x 2 B = 1,048,576 ->
// 1,097,728 B. Attention: 2 KV heads x (256 + 256) x 2 B = 2,048 B per token, so the block is
// 16 x cdiv(1,097,728, 16 x 2,048) = 16 x 34 = 544 tokens.
constexpr plan qwen_next = make_plan({.model = models::qwen3_next_80b, .gpu = gpus::h200});
static_assert(qwen_next.block_size == 544);
static_assert(qwen_next.state_bytes_per_request == 36 * 1'097'728);
static_assert(qwen_next.kv_bytes_per_token == 12 * 2'048);

// MiniMax-M1, TP=8: lightning state (64 / 8, 128, 128) x 2 B = 262,144 B per layer; attention
// 1 KV head x 256 x 2 B = 512 B per token; block 16 x cdiv(262,144, 16 x 512) = 512, which
// makes the attention page exactly the state size (no padding).
constexpr plan m1 = make_plan({.model = models::minimax_m1, .gpu = gpus::h200, .tensor_parallel_size = 8,
                               .max_model_len = 131072});
static_assert(m1.block_size == 512);
static_assert(m1.buckets[0].spec.page_size_bytes() == 262'144);
static_assert(m1.buckets[0].spec.page_size_padded == 0 || m1.buckets[0].spec.page_size_padded == 262'144);

// Llama-3.3-Nemotron-Super-49B: only the 49 layers with attention hold KV:
// 49 x 8 x 256 x 2 B = 200,704 B per token at TP=1.
static_assert(make_plan({.model = models::nemotron_super_49b, .gpu = gpus::b200}).kv_bytes_per_token == 200'704);

// Llama 4 Scout on v0.33 keeps chunked layers apart (3 groups of 12 chunked + 1 of 12 full);
// before v0.23 vLLM turned the hybrid manager off and allocated them as full attention.
static_assert(make_plan({.model = models::llama_4_scout, .gpu = gpus::h100_sxm, .tensor_parallel_size = 8,
                         .max_model_len = 131072})
                  .num_groups == 4);
static_assert(make_plan({.model = models::llama_4_scout, .gpu = gpus::h100_sxm, .tensor_parallel_size = 8,
                         .max_model_len = 131072, .vllm = {0, 22, 0}})
                  .num_groups == 1);

// Gemma 3 27B: 10 global and 52 local layers: group size 10, cdiv(52, 10) = 6 sliding groups.
static_assert(make_plan({.model = models::gemma_3_27b, .gpu = gpus::h100_sxm, .max_model_len = 32768}).num_groups == 7);
}  // namespace
