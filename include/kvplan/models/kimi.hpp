// Moonshot AI Kimi K2 / K2.5 / K2.6: the DeepSeek-V3 architecture (MLA) with 64 heads and 384
// experts; K2.5 and K2.6 wrap it with a MoonViT vision tower.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// moonshotai/Kimi-K2-Instruct (model_type kimi_k2, DeepseekV3ForCausalLM), config.json
// (ai-dynamo/aiconfigurator copy, full file): num_hidden_layers 61 (first_k_dense_replace 1,
// then 60 MoE layers), hidden_size 7168, num_attention_heads 64, kv_lora_rank 512,
// qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128, q_lora_rank 1536,
// n_routed_experts 384 (top 8, moe_intermediate_size 2048), n_shared_experts 1, vocab_size
// 163840 (untied), max_position_embeddings 131072 (YaRN factor 32 over 4096: already the final
// length), num_nextn_predict_layers 0, torch_dtype bfloat16 with fp8 e4m3 weights in 128x128
// blocks (quant_method fp8). The repo's config and tokenizer come through auto_map (a custom
// tiktoken tokenizer): vLLM needs --trust-remote-code. 1,026,408,235,864 parameters (HF API
// safetensors.total; the card says 1T), 32B active (model card).
inline constexpr model kimi_k2{
    .name = "kimi-k2",
    .hf_id = "moonshotai/Kimi-K2-Instruct",
    .model_type = "kimi_k2",
    .source = "config.json (ai-dynamo/aiconfigurator copy); HF API safetensors.total; model card",
    .hidden_size = 7168,
    .num_attention_heads = 64,
    .vocab_size = 163840,
    .intermediate_size = 18432,
    .moe_intermediate_size = 2048,
    .num_experts_per_tok = 8,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 1'026'408'235'864,
    .active_params = 32'000'000'000,
    .expert_params = 60LL * 384 * 3 * 7168 * 2048,
    .replicated_params = 61LL * (7168 * (1536 + 512 + 64) + 1536 + 512) + 60LL * (7168 * 384 + 384),
    .router_params = 60LL * (7168 * 384 + 384),
    .mla_kv_b_params = 61LL * 512 * 64 * (128 + 128),
    .mla_projection_params = 61LL * (7168 * 1536 + 1536 + 1536 * 64 * 192 + 7168 * 576 + 512 + 512 * 64 * 256),
    .mla_output_params = 61LL * 64 * 128 * 7168,
    .trust_remote_code = true,
    .layers = uniform_layers(61, mla(512, 64)),
    .checkpoints = {{"moonshotai/Kimi-K2-Instruct", dtype::fp8_e4m3, 0, "fp8"}},
};

// moonshotai/Kimi-K2.5 (KimiK25ForConditionalGeneration, model_type kimi_k25, config through
// auto_map: --trust-remote-code), config.json (ai-dynamo/aiconfigurator
// model_configs/moonshotai--Kimi-K2.5_config.json, corpus aic-moonshotai-kimi-k2-5.json;
// nvidia/Kimi-K2.5-NVFP4's, aic-nvidia-kimi-k2-5-nvfp4.json, the same model). Its text_config is
// Kimi K2's (DeepseekV3ForCausalLM, model_type kimi_k2): num_hidden_layers 61
// (first_k_dense_replace 1), hidden_size 7168, num_attention_heads 64, kv_lora_rank 512,
// qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128, q_lora_rank 1536, n_routed_experts
// 384 (top 8, moe_intermediate_size 2048), n_shared_experts 1, intermediate_size 18432,
// vocab_size 163840 (untied), num_nextn_predict_layers 0, dtype bfloat16, but
// max_position_embeddings 262144 (YaRN factor 64 over original_max_position_embeddings 4096:
// already the final length). text_config quantization_config: compressed-tensors,
// pack-quantized int4 weights in groups of 32 (attention, shared experts and the dense MLP
// excepted), kv_cache_scheme null. vision_config: MoonViT (vt_num_hidden_layers 27,
// vt_hidden_size 1152, vt_intermediate_size 4304, patch_size 14) and a patch-merger projector,
// which the reader estimates at 466,431,088: 1,026,874,663,536 parameters, its text part
// exactly Kimi K2's 1,026,408,232,448 (card: 1T, 32B active). nvidia NVFP4: quant_method
// modelopt, quant_algo NVFP4, kv_cache_scheme fp8 (its text_config says model_type
// deepseek_v3).
inline constexpr model kimi_k2_5 = [] {
  model m = kimi_k2;
  m.name = "kimi-k2.5";
  m.hf_id = "moonshotai/Kimi-K2.5";
  m.model_type = "kimi_k25";
  m.source = "config.json and NVFP4 config.json (ai-dynamo/aiconfigurator copies); kvplan's config "
             "reader (vision tower estimated from vision_config); model card";
  m.max_model_len = 262144;
  m.total_params = 1'026'874'663'536;
  m.vision_params = 466'431'088;
  // int4 routed experts in symmetric groups of 32 (4 + 16/32 = 4.5 bits), the rest bf16.
  m.checkpoints = {{"moonshotai/Kimi-K2.5", dtype::int4, 0, "compressed-tensors", {}, 32, false, true},
                   // exclude_modules: every layer's "self_attn*": attention whole stays bf16.
                   {"nvidia/Kimi-K2.5-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, false, true,
                    true}};
  return m;
}();

// moonshotai/Kimi-K2.6: Moonshot's config.json is not in the corpus; nvidia/Kimi-K2.6-NVFP4's
// (ai-dynamo/aiconfigurator model_configs/nvidia--Kimi-K2.6-NVFP4_config.json, corpus
// aic-nvidia-kimi-k2-6-nvfp4.json) differs from nvidia/Kimi-K2.5-NVFP4's only in eos_token_id,
// transformers_version and quantization_config's ignore list and producer version: the K2.5
// architecture, 1,026,874,663,536 parameters by the reader (NVIDIA's card for the model: 1T
// total, 32B active, MoonViT 400M). Moonshot's own
// checkpoint is int4 (W4A16 compressed-tensors, pack-quantized, groups of 32) by the cards of
// NVFP4 requantizations made from it; kv_cache_scheme not known. nvidia NVFP4: quant_algo
// NVFP4, kv_cache_scheme fp8.
inline constexpr model kimi_k2_6 = [] {
  model m = kimi_k2_5;
  m.name = "kimi-k2.6";
  m.hf_id = "moonshotai/Kimi-K2.6";
  m.source = "nvidia/Kimi-K2.6-NVFP4 config.json (ai-dynamo/aiconfigurator copy); kvplan's config "
             "reader (vision tower estimated from vision_config); model card";
  m.checkpoints = {{"moonshotai/Kimi-K2.6", dtype::int4, 0, "compressed-tensors", {}, 32, false, true},
                   // ModelOpt keeps attention and shared / dense MLPs unquantized: experts only.
                   {"nvidia/Kimi-K2.6-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, true}};
  return m;
}();

}  // namespace kvplan::inline v0::models
