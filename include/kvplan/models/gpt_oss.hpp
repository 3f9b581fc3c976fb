// OpenAI gpt-oss: alternating sliding-window (128 tokens) and full attention layers.
// SPDX-License-Identifier: Apache-2.0
//
// config.json (ai-dynamo/aiconfigurator model_configs/openai--gpt-oss-{20b,120b}_config.json;
// AI-Hypercomputer/maxtext hf_model_configs.py agrees): hidden_size 2880,
// num_attention_heads 64, num_key_value_heads 8, head_dim 64, intermediate_size 2880 (per
// expert, with biases), sliding_window 128, layer_types alternating with sliding_attention at
// even indices, vocab_size 201088 (untied), max_position_embeddings 131072 (YaRN factor 32
// over 4096), no torch_dtype (vLLM computes in bfloat16), MoE weights in MXFP4
// (quantization_config quant_method mxfp4; attention, router, embeddings unquantized). The
// per-head attention sinks are parameters, not cached tokens. Parameter counts: the HF API's
// safetensors.total for the totals; the model card (arXiv 2508.10925) for the active counts,
// which count the unembedding but not the embedding lookup. model_type gpt_oss is in
// transformers: no --trust-remote-code.
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// openai/gpt-oss-20b: 24 layers, 32 experts (top 4). 20,914,757,184 parameters (HF API; card
// 20.91B), 3.61B active (card); total_size 13,761,264,768 B.
// Routed experts: 24 layers x 32 x (3 x 2880 x 2880 weights + 3 x 2880 biases).
inline constexpr model gpt_oss_20b{
    .name = "gpt-oss-20b",
    .hf_id = "openai/gpt-oss-20b",
    .model_type = "gpt_oss",
    .source = "config.json (ai-dynamo/aiconfigurator copy); HF API safetensors.total; model card; "
              "safetensors total_size",
    .hidden_size = 2880,
    .num_attention_heads = 64,
    .vocab_size = 201088,
    .moe_intermediate_size = 2880,
    .num_experts_per_tok = 4,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 20'914'757'184,
    .active_params = 3'610'000'000,
    .expert_params = 24LL * 32 * (3 * 2880 * 2880 + 3 * 2880),
    .expert_bias_params = 24LL * 32 * (3 * 2880),
    .replicated_params = 24LL * (2880 * 32 + 32),
    .router_params = 24LL * (2880 * 32 + 32),
    // RoPE: YaRN's 4,096 x 32 = 131,072 positions x head_dim 64, in float32 (gpt_oss.py): 4 B.
    .rope_cache_bytes = 131072LL * 64 * 4,
    .layers = periodic_layers(24, 2, sliding_window(8, 64, 128), full_attention(8, 64)),
    .checkpoints = {{"openai/gpt-oss-20b", dtype::mxfp4, 13'761'264'768, "mxfp4"}},
};

// openai/gpt-oss-120b: 36 layers, 128 experts (top 4). 116,829,156,672 parameters (HF API;
// card 116.83B), 5.13B active (card); total_size not found.
inline constexpr model gpt_oss_120b{
    .name = "gpt-oss-120b",
    .hf_id = "openai/gpt-oss-120b",
    .model_type = "gpt_oss",
    .source = "config.json (ai-dynamo/aiconfigurator copy); HF API safetensors.total; model card",
    .hidden_size = 2880,
    .num_attention_heads = 64,
    .vocab_size = 201088,
    .moe_intermediate_size = 2880,
    .num_experts_per_tok = 4,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 116'829'156'672,
    .active_params = 5'130'000'000,
    .expert_params = 36LL * 128 * (3 * 2880 * 2880 + 3 * 2880),
    .expert_bias_params = 36LL * 128 * (3 * 2880),
    .replicated_params = 36LL * (2880 * 128 + 128),
    .router_params = 36LL * (2880 * 128 + 128),
    // RoPE: YaRN's 4,096 x 32 = 131,072 positions x head_dim 64, in float32 (gpt_oss.py): 4 B.
    .rope_cache_bytes = 131072LL * 64 * 4,
    .layers = periodic_layers(36, 2, sliding_window(8, 64, 128), full_attention(8, 64)),
    .checkpoints = {{"openai/gpt-oss-120b", dtype::mxfp4, 0, "mxfp4"}},
};

}  // namespace kvplan::inline v0::models
