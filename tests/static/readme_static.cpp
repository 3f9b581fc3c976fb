// The C++ in README.md, as written there (host code only; the kernel fragment is compiled by
// the CUDA examples). If the README's snippets stop being true, this stops building.
// SPDX-License-Identifier: Apache-2.0
#include <kvplan/cuda/plan_shape.hpp>
#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

namespace readme_constant_plan {
constexpr kvplan::plan plan = kvplan::make_plan({
    .model = kvplan::models::llama_3_1_8b,
    .gpu = kvplan::gpus::h100_sxm,
    .kv_cache_memory_bytes = 60 * kvplan::GiB,
    .max_model_len = 131072,
});
static_assert(plan.num_gpu_blocks == 30'720);    // 60 GiB / (32 layers x 64 KiB pages)
static_assert(plan.kv_cache_tokens == 491'520);  // "GPU KV cache size: 491,520 tokens"
static_assert(plan.max_concurrency == 3.75);     // "Maximum concurrency ...: 3.75x"
}  // namespace readme_constant_plan

namespace readme_config_json {
constexpr kvplan::model my_model = kvplan::model_from_hf_config(R"({
  "model_type": "qwen3", "num_hidden_layers": 36, "hidden_size": 4096,
  "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128,
  "intermediate_size": 12288, "vocab_size": 151936, "tie_word_embeddings": false,
  "max_position_embeddings": 40960, "torch_dtype": "bfloat16"
})", {.hf_id = "/models/my-qwen3-8b-finetune"});
static_assert(kvplan::cache_cost_of(my_model).full_bytes_per_token == 147'456);  // 36 x 2 x 8 x 128 x 2 B
static_assert(my_model.total_params == 8'190'735'360);

inline constexpr kvplan::deployment serving_mine{.model = my_model, .gpu = kvplan::gpus::l40s,
                                                 .max_model_len = 32768};
static_assert(kvplan::fits<serving_mine>());
}  // namespace readme_config_json

namespace readme_guard {
inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_70b,
                                            .gpu = kvplan::gpus::h100_sxm,
                                            .tensor_parallel_size = 4,
                                            .kv_cache_dtype = kvplan::cache_dtype::fp8,
                                            .max_model_len = 32768};
static_assert(kvplan::fits<serving>());        // vLLM starts at max_model_len
static_assert(kvplan::serves<serving, 16>());  // and 16 such requests fit at once

constexpr auto command = kvplan::vllm_serve_command(serving);
static_assert(command.view() ==
              "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --max-model-len 32768 "
              "--kv-cache-dtype fp8");
}  // namespace readme_guard

namespace readme_device_header {
constexpr kvplan::plan p = kvplan::make_plan({.model = kvplan::models::llama_3_1_8b, .gpu = kvplan::gpus::h100_sxm});
constexpr auto shape = kvplan::cuda::plan_shape(p);
using B = kvplan::cuda::fixed_block_size<16>;
constexpr auto kv = kvplan::cuda::make_layout<kvplan::cuda::kv_layout::flash_attn, B>(shape.shape);
static_assert(kv.ok(), "the kernel is compiled for blocks of 16 tokens");
}  // namespace readme_device_header
