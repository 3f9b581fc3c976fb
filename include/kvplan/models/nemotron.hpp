// NVIDIA Nemotron: Nemotron 3 Nano (Mamba-2 / attention / MoE hybrid) and
// Llama-3.3-Nemotron-Super-49B (NAS: layers without attention).
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16 (model_type nemotron_h), config.json from
// ai-dynamo/aiconfigurator model_configs (full file): num_hidden_layers 52, one mixer per
// layer per hybrid_override_pattern (M = Mamba-2, E = MoE FFN, * = attention: 23 M, 23 E,
// 6 *), hidden_size 2688, num_attention_heads 32, num_key_value_heads 2, head_dim 128,
// mamba_num_heads 64, mamba_head_dim 64, ssm_state_size 128, n_groups 8, conv_kernel 4,
// mamba_ssm_cache_dtype float32, vocab_size 131072, max_position_embeddings 262144,
// torch_dtype bfloat16, no MTP layer. 31,577,940,288 parameters by config arithmetic
// (tests/runtime/test_models.cpp; the report's 31.6B), 3.2B active without the embedding
// lookup, 3.6B with it (technical report arXiv 2512.20848). The NVFP4 checkpoint's
// hf_quant_config.json: quant_algo NVFP4, kv_cache_quant_algo FP8; the FP8 checkpoint's was not
// read and is assumed to ask for the same fp8 KV cache (UNVERIFIED). model_type nemotron_h is
// version-dependent (config via auto_map on older stacks): --trust-remote-code is emitted.
inline constexpr model nemotron_3_nano{
    .name = "nemotron-3-nano-30b-a3b",
    .hf_id = "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16",
    .model_type = "nemotron_h",
    .source = "config.json and NVFP4 hf_quant_config.json (ai-dynamo/aiconfigurator copies); "
              "technical report arXiv 2512.20848",
    .hidden_size = 2688,
    .num_attention_heads = 32,
    .vocab_size = 131072,
    .intermediate_size = 3712,
    .moe_intermediate_size = 1856,
    .num_experts_per_tok = 6,
    .max_model_len = 262144,
    .torch_dtype = dtype::bfloat16,
    .mamba_ssm_cache_dtype = dtype::float32,
    .total_params = 31'577'940'288,
    .active_params = 3'200'000'000,
    .expert_params = 23LL * 128 * 2 * 2688 * 1856,
    .replicated_params = 23LL * (2688 * 128 + 128),
    .router_params = 23LL * (2688 * 128 + 128),
    // No RoPE: nemotron_h.py's attention layers have no rotary embedding.
    .rope_cache_bytes = 0,
    .trust_remote_code = true,
    .layers = pattern_layers("MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME",
                             {{'M', mamba2(64, 64, 128, 8, 4)}, {'E', no_cache()}, {'*', full_attention(2, 128)}}),
    .checkpoints = {{"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", dtype::bfloat16, 0},
                    {"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-FP8", dtype::fp8_e4m3, 0, "modelopt", cache_dtype::fp8_e4m3},
                    {"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3}},
};

// nvidia/Llama-3_3-Nemotron-Super-49B-v1 (model_type nemotron-nas, DeciLMForCausalLM,
// trust_remote_code), config.json identical in NVIDIA/NeMo llama_nemotron_config.py and
// ai-dynamo/aiconfigurator: 80 layers, hidden_size 8192, num_attention_heads 64, block_configs
// with attention at layers 0-5, 8-10, 12-41, 52 and 71-79 (49 layers, each n_heads_in_group 8, so
// 64 / 8 = 8 KV heads of 128) and attention no_op at the other 31; per-layer ffn_mult
// (intermediate = 2 x ffn_mult x 8192 / 3 rounded up to a multiple of 256), vocab_size 128256
// (untied), max_position_embeddings 131072, bfloat16. 49,867,145,216 parameters by config
// arithmetic (dense; the Hugging Face listing's 49.9B). The FP8 checkpoint's hf_quant_config.json
// was not read here; its FP8 KV scheme is UNVERIFIED.
inline constexpr model nemotron_super_49b = [] {
  model m{
      .name = "llama-3.3-nemotron-super-49b-v1",
      .hf_id = "nvidia/Llama-3_3-Nemotron-Super-49B-v1",
      .model_type = "nemotron-nas",
      .source = "config.json block_configs (NVIDIA/NeMo llama_nemotron_config.py; "
                "ai-dynamo/aiconfigurator copy)",
      .hidden_size = 8192,
      .num_attention_heads = 64,
      .vocab_size = 128256,
      .intermediate_size = 28672,
      .max_model_len = 131072,
      .torch_dtype = dtype::bfloat16,
      .total_params = 49'867'145'216,  // config arithmetic; Hugging Face listing: 49.9B
      .active_params = 49'867'145'216,
      .trust_remote_code = true,
      .layers = uniform_layers(80, full_attention(8, 128)),
      .checkpoints = {{"nvidia/Llama-3_3-Nemotron-Super-49B-v1", dtype::bfloat16, 0},
                      {"nvidia/Llama-3_3-Nemotron-Super-49B-v1-FP8", dtype::fp8_e4m3, 0, "modelopt",
                       cache_dtype::fp8_e4m3}},
  };
  for (const std::int32_t layer : {6, 7, 11}) m.layers.set(layer, no_cache());
  for (std::int32_t layer = 42; layer <= 70; ++layer)
    if (layer != 52) m.layers.set(layer, no_cache());
  return m;
}();

// nvidia/Llama-3_3-Nemotron-Super-49B-v1_5: the model card calls it "a significantly upgraded
// version" of v1, the same NAS derivative of Llama-3.3-70B with a 128K context. Its
// config.json and block_configs were not found: v1's layout (49 attention layers, 31 no-op)
// and parameter count are ASSUMED (UNVERIFIED). NVIDIA's FP8 / NVFP4 checkpoints'
// hf_quant_config.json was not read: no KV scheme is assumed for them.
inline constexpr model nemotron_super_49b_v1_5 = [] {
  model m = nemotron_super_49b;
  m.name = "llama-3.3-nemotron-super-49b-v1.5";
  m.hf_id = "nvidia/Llama-3_3-Nemotron-Super-49B-v1_5";
  m.source = "model card (the-crypt-keeper/reasonscape copy); v1 config.json block_configs assumed";
  m.checkpoints = {{"nvidia/Llama-3_3-Nemotron-Super-49B-v1_5", dtype::bfloat16, 0},
                   {"nvidia/Llama-3_3-Nemotron-Super-49B-v1_5-FP8", dtype::fp8_e4m3, 0, "modelopt"},
                   {"nvidia/Llama-3_3-Nemotron-Super-49B-v1_5-NVFP4", dtype::nvfp4, 0, "modelopt_fp4"}};
  return m;
}();

}  // namespace kvplan::inline v0::models
