// Zhipu / Z.ai GLM: GLM-5 (MLA plus the DeepSeek-V3.2 sparse-attention indexer) and
// GLM-4.5 / 4.6 / 4.7 / 4.5-Air (full GQA).
// SPDX-License-Identifier: Apache-2.0
//
// model_type glm_moe_dsa and glm4_moe are in transformers: no --trust-remote-code. Every
// checkpoint also holds one MTP layer (num_nextn_predict_layers 1), which vLLM loads only for
// speculative decoding; its KV cache is not counted here. The HF API counts include it: they
// equal the config arithmetic of the main model plus that layer exactly (GLM-4.5 / 4.7
// 358,337,791,296; GLM-4.6 356,785,898,816, whose MTP layer has no copy of the embeddings;
// GLM-4.5-Air 110,468,824,832). vLLM loads the main model only, so total_params is that main
// model's config arithmetic (GLM-4.5/4.6/4.7 352,797,829,024; Air 106,852,251,264; Z.ai's cards
// say 355B and 106B, which round neither count); active_params is the card's.
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// zai-org/GLM-5 (model_type glm_moe_dsa, GlmMoeDsaForCausalLM; vLLM runs it as a DeepSeek-V2
// subclass), config.json (ai-dynamo/aiconfigurator copy; -FP8 and nvidia NVFP4 identical apart
// from quantization): num_hidden_layers 78 (first_k_dense_replace 3, then 75 MoE layers),
// hidden_size 6144, num_attention_heads 64, kv_lora_rank 512, qk_rope_head_dim 64,
// qk_nope_head_dim 192, v_head_dim 256, q_lora_rank 2048, index_n_heads 32, index_head_dim
// 128, index_topk 2048 (no index_topk_freq: every layer has an indexer), n_routed_experts 256
// (top 8, moe_intermediate_size 2048), n_shared_experts 1, vocab_size 154880 (untied),
// max_position_embeddings 202752, dtype bfloat16. 743,911,218,432 parameters by config
// arithmetic (tests/runtime/test_models.cpp), Z.ai's "744B"; 40B active (Z.ai; the
// THUDM/slime script glm5-744B-A40B). nvidia/GLM-5-NVFP4 hf_quant_config: quant_algo NVFP4,
// kv_cache_quant_algo FP8 (attention and indexer unquantized).
inline constexpr model glm_5{
    .name = "glm-5",
    .hf_id = "zai-org/GLM-5",
    .model_type = "glm_moe_dsa",
    .source = "config.json and NVFP4 hf_quant_config.json (ai-dynamo/aiconfigurator copies); "
              "Z.ai parameter counts",
    .hidden_size = 6144,
    .num_attention_heads = 64,
    .vocab_size = 154880,
    .intermediate_size = 12288,
    .moe_intermediate_size = 2048,
    .num_experts_per_tok = 8,
    .max_model_len = 202752,
    .torch_dtype = dtype::bfloat16,
    .total_params = 743'911'218'432,
    .active_params = 40'000'000'000,
    .expert_params = 75LL * 256 * 3 * 6144 * 2048,
    .layers = uniform_layers(78, mla(512, 64, 128)),
    .checkpoints = {{"zai-org/GLM-5", dtype::bfloat16, 0},
                    {"zai-org/GLM-5-FP8", dtype::fp8_e4m3, 0, "fp8"},
                    {"nvidia/GLM-5-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3}},
};

// zai-org/GLM-4.5 (model_type glm4_moe, Glm4MoeForCausalLM). No verbatim config.json was found;
// the values come from Zhipu's THUDM/slime glm4.5-355B-A32B.sh, the GLM-5 report's table and
// a GLM-4.7 config dict, and are confirmed by the HF API count (above): num_hidden_layers 92
// (first_k_dense_replace 3, then 89 MoE layers), hidden_size 5120, num_attention_heads 96,
// num_key_value_heads 8, head_dim 128, q/k/v bias, q/k norm, intermediate_size 12288,
// n_routed_experts 160 (top 8, moe_intermediate_size 1536), n_shared_experts 1, vocab_size
// 151552 (untied), bfloat16. max_position_embeddings 131072 (UNVERIFIED: the README's 128K).
// 352,797,829,024 parameters by config arithmetic (card: 355B); 32B active (card).
inline constexpr model glm_4_5{
    .name = "glm-4.5",
    .hf_id = "zai-org/GLM-4.5",
    .model_type = "glm4_moe",
    .source = "THUDM/slime glm4.5-355B-A32B.sh; GLM-4.x config dicts; zai-org/GLM-4.5 README",
    .hidden_size = 5120,
    .num_attention_heads = 96,
    .vocab_size = 151552,
    .intermediate_size = 12288,
    .moe_intermediate_size = 1536,
    .num_experts_per_tok = 8,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 352'797'829'024,
    .active_params = 32'000'000'000,
    .expert_params = 89LL * 160 * 3 * 5120 * 1536,
    .layers = uniform_layers(92, full_attention(8, 128)),
    .checkpoints = {{"zai-org/GLM-4.5", dtype::bfloat16, 0},
                    {"zai-org/GLM-4.5-FP8", dtype::fp8_e4m3, 0, "fp8"}},
};

// zai-org/GLM-4.6: the GLM-4.5 architecture with max_position_embeddings 202752 (a GLM-4.6/4.7
// config dict; xorbits docs), the same parameters.
inline constexpr model glm_4_6 = [] {
  model m = glm_4_5;
  m.name = "glm-4.6";
  m.hf_id = "zai-org/GLM-4.6";
  m.source = "GLM-4.5 values; GLM-4.6/4.7 config dict (max_position_embeddings 202752)";
  m.max_model_len = 202752;
  m.checkpoints = {{"zai-org/GLM-4.6", dtype::bfloat16, 0}, {"zai-org/GLM-4.6-FP8", dtype::fp8_e4m3, 0, "fp8"}};
  return m;
}();

// zai-org/GLM-4.7: the GLM-4.5 architecture with max_position_embeddings 202752. The NVIDIA
// NVFP4 checkpoint's hf_quant_config.json was not read: no KV scheme is assumed for it.
inline constexpr model glm_4_7 = [] {
  model m = glm_4_5;
  m.name = "glm-4.7";
  m.hf_id = "zai-org/GLM-4.7";
  m.source = "GLM-4.5 values; GLM-4.7 config dict (max_position_embeddings 202752)";
  m.max_model_len = 202752;
  m.checkpoints = {{"zai-org/GLM-4.7", dtype::bfloat16, 0},
                   {"zai-org/GLM-4.7-FP8", dtype::fp8_e4m3, 0, "fp8"},
                   {"nvidia/GLM-4.7-NVFP4", dtype::nvfp4, 0, "modelopt_fp4"}};
  return m;
}();

// zai-org/GLM-4.5-Air (model_type glm4_moe): a printed Glm4MoeConfig of the loaded checkpoint
// (transformers 4.54.1), confirmed by the HF API count (above): num_hidden_layers 46
// (first_k_dense_replace 1, then 45 MoE layers), hidden_size 4096, num_attention_heads 96,
// num_key_value_heads 8, head_dim 128, q/k/v bias, no q/k norm, intermediate_size 10944,
// n_routed_experts 128 (top 8, moe_intermediate_size 1408), n_shared_experts 1, vocab_size
// 151552 (untied), max_position_embeddings 131072, bfloat16. 106,852,251,264 parameters by
// config arithmetic (card: 106B); 12B active (card).
inline constexpr model glm_4_5_air{
    .name = "glm-4.5-air",
    .hf_id = "zai-org/GLM-4.5-Air",
    .model_type = "glm4_moe",
    .source = "printed Glm4MoeConfig (third-party log); model card",
    .hidden_size = 4096,
    .num_attention_heads = 96,
    .vocab_size = 151552,
    .intermediate_size = 10944,
    .moe_intermediate_size = 1408,
    .num_experts_per_tok = 8,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 106'852'251'264,
    .active_params = 12'000'000'000,
    .expert_params = 45LL * 128 * 3 * 4096 * 1408,
    .layers = uniform_layers(46, full_attention(8, 128)),
    .checkpoints = {{"zai-org/GLM-4.5-Air", dtype::bfloat16, 0},
                    {"zai-org/GLM-4.5-Air-FP8", dtype::fp8_e4m3, 0, "fp8"}},
};

}  // namespace kvplan::inline v0::models
