// Zhipu / Z.ai GLM: GLM-5 / 5.1 / 5.2 (MLA plus the DeepSeek-V3.2 sparse-attention indexer; on
// GLM-5.2 only on some layers, IndexCache) and GLM-4.5 / 4.6 / 4.7 / 4.5-Air (full GQA).
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
    // Held whole by every TP rank: MLA's down-projections and norms, the indexer, the routers.
    .replicated_params = 78LL * (6144 * (2048 + 512 + 64) + 2048 + 512) +
                         78LL * (2048 * 32 * 128 + 6144 * 128 + 2 * 128 + 6144 * 32) + 75LL * (6144 * 256 + 256),
    .router_params = 75LL * (6144 * 256 + 256),
    .replicated_unquantized_params = 78LL * (6144 * 128 + 2 * 128 + 6144 * 32),
    .mla_kv_b_params = 78LL * 512 * 64 * (192 + 256),
    .mla_projection_params = 78LL * (6144 * 2048 + 2048 + 2048 * 64 * 256 + 6144 * 576 + 512 + 512 * 64 * 448) +
                             78LL * (2048 * 32 * 128 + 6144 * 128 + 2 * 128 + 6144 * 32),
    .mla_output_params = 78LL * 64 * 256 * 6144,
    .index_topk = 2048,
    .layers = uniform_layers(78, mla(512, 64, 128)),
    .checkpoints = {{"zai-org/GLM-5", dtype::bfloat16, 0},
                    {"zai-org/GLM-5-FP8", dtype::fp8_e4m3, 0, "fp8"},
                    {"nvidia/GLM-5-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3}},
};

// zai-org/GLM-5.1 (glm_moe_dsa), config.json (ai-dynamo/aiconfigurator
// model_configs/zai-org--GLM-5.1_config.json, corpus aic-zai-org-glm-5-1.json; the -FP8 copy,
// aic-zai-org-glm-5-1-fp8.json, and nvidia/GLM-5.1-NVFP4's, aic-nvidia-glm-5-1-nvfp4.json,
// differ only in quantization_config): GLM-5's architecture key for key (num_hidden_layers 78,
// first_k_dense_replace 3, hidden_size 6144, num_attention_heads 64, kv_lora_rank 512,
// qk_rope_head_dim 64, index_head_dim 128, index_n_heads 32, index_topk 2048 and no
// index_topk_freq: the indexer on every layer, n_routed_experts 256, top 8,
// moe_intermediate_size 2048, intermediate_size 12288, vocab_size 154880 untied,
// max_position_embeddings 202752, dtype bfloat16), hence GLM-5's 743,911,218,432 parameters
// (the reader agrees; NVIDIA's card for GLM-5.1 says 754B, the checkpoint with its MTP layer)
// and 40B active (Z.ai). -FP8: quant_method fp8, fmt e4m3, 128 x 128 blocks. nvidia NVFP4:
// quant_method modelopt, quant_algo NVFP4, kv_cache_scheme fp8. num_nextn_predict_layers 1:
// with --speculative-config method mtp one more MLA layer with the indexer joins the cache
// (GLM-5.x MTP layers keep it); its weights estimated (mtp_params 0), as the reader leaves them.
inline constexpr model glm_5_1 = [] {
  model m = glm_5;
  m.name = "glm-5.1";
  m.hf_id = "zai-org/GLM-5.1";
  m.source = "config.json, -FP8 and NVFP4 config.json (ai-dynamo/aiconfigurator copies); GLM-5 "
             "parameter counts (Z.ai)";
  m.checkpoints = {{"zai-org/GLM-5.1", dtype::bfloat16, 0},
                   {"zai-org/GLM-5.1-FP8", dtype::fp8_e4m3, 0, "fp8"},
                   // ModelOpt keeps attention and shared / dense MLPs unquantized: experts only.
                   {"nvidia/GLM-5.1-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, true}};
  m.num_mtp_layers = 1;
  m.mtp_layer = mla(512, 64, 128);
  return m;
}();

// zai-org/GLM-5.2 (glm_moe_dsa), config.json (ai-dynamo/aiconfigurator
// model_configs/zai-org--GLM-5.2_config.json, corpus aic-zai-org-glm-5-2.json; -FP8,
// aic-zai-org-glm-5-2-fp8.json, and nvidia/GLM-5.2-NVFP4, aic-nvidia-glm-5-2-nvfp4.json, the
// same model): GLM-5.1's keys but max_position_embeddings 1048576 (rope_theta 8000000),
// head_dim 192 (5.1: 64; the MLA rule does not read it), mlp_layer_types (3 "dense", then
// "sparse", as first_k_dense_replace 3 says) and IndexCache: index_topk_freq 4,
// index_skip_topk_offset 3, index_topk_pattern null. vLLM's
// DeepseekV2MLAAttention builds the indexer on layer i only when max(i - 3 + 1, 0) % 4 == 0:
// layers 0, 1, 2, 6, 10, ..., 74 (21 of 78; the config's indexer_types, which vLLM does not
// read, lists "full" on the same layers); the other 57 layers reuse those layers' top-k
// selection and cache only the MLA latent. The 57 layers without indexer weights make
// 743,377,019,904 parameters (the reader; GLM-5.1's less 57 x (2048 x 32 x 128 + 6144 x 128 +
// 2 x 128 + 6144 x 32) = 534,198,528); 40B active (Z.ai). Checkpoints and the MTP layer (with
// its indexer) as GLM-5.1's.
inline constexpr model glm_5_2 = [] {
  model m = glm_5_1;
  m.name = "glm-5.2";
  m.hf_id = "zai-org/GLM-5.2";
  m.source = "config.json, -FP8 and NVFP4 config.json (ai-dynamo/aiconfigurator copies); kvplan's "
             "config reader (parameters); Z.ai (active parameters)";
  m.max_model_len = 1'048'576;
  m.total_params = 743'377'019'904;
  m.replicated_params = glm_5.replicated_params - 57LL * (2048 * 32 * 128 + 6144 * 128 + 2 * 128 + 6144 * 32);
  m.mla_projection_params = glm_5.mla_projection_params - 57LL * (2048 * 32 * 128 + 6144 * 128 + 2 * 128 + 6144 * 32);
  m.replicated_unquantized_params = 21LL * (6144 * 128 + 2 * 128 + 6144 * 32);
  layer_stack s;
  for (std::int32_t i = 0; i < 78; ++i)
    s.push_back((i - 3 + 1 > 0 ? i - 3 + 1 : 0) % 4 == 0 ? mla(512, 64, 128) : mla(512, 64));
  m.layers = s;
  m.checkpoints = {{"zai-org/GLM-5.2", dtype::bfloat16, 0},
                   {"zai-org/GLM-5.2-FP8", dtype::fp8_e4m3, 0, "fp8"},
                   // ModelOpt keeps attention and shared / dense MLPs unquantized: experts only.
                   {"nvidia/GLM-5.2-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, true}};
  return m;
}();

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
    .replicated_params = 89LL * (5120 * 160 + 160),
    .router_params = 89LL * (5120 * 160 + 160),
    .router_dtype = dtype::float32,
    // RoPE: partial_rotary_factor 0.5 of head_dim 128: 131,072 positions x 64 x 2 B.
    .rope_cache_bytes = 131072LL * 64 * 2,
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
  // RoPE: 202,752 positions x 64 (partial_rotary_factor 0.5) x 2 B.
  m.rope_cache_bytes = 202752LL * 64 * 2;
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
  // RoPE: 202,752 positions x 64 (partial_rotary_factor 0.5) x 2 B.
  m.rope_cache_bytes = 202752LL * 64 * 2;
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
    .replicated_params = 45LL * (4096 * 128 + 128),
    .router_params = 45LL * (4096 * 128 + 128),
    .router_dtype = dtype::float32,
    // RoPE: partial_rotary_factor 0.5 of head_dim 128: 131,072 positions x 64 x 2 B.
    .rope_cache_bytes = 131072LL * 64 * 2,
    .layers = uniform_layers(46, full_attention(8, 128)),
    .checkpoints = {{"zai-org/GLM-4.5-Air", dtype::bfloat16, 0},
                    {"zai-org/GLM-4.5-Air-FP8", dtype::fp8_e4m3, 0, "fp8"}},
};

}  // namespace kvplan::inline v0::models
