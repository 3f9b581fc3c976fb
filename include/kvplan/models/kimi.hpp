// Moonshot AI Kimi K2: the DeepSeek-V3 architecture (MLA) with 64 heads and 384 experts.
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
    .trust_remote_code = true,
    .layers = uniform_layers(61, mla(512, 64)),
    .checkpoints = {{"moonshotai/Kimi-K2-Instruct", dtype::fp8_e4m3, 0, "fp8"}},
};

}  // namespace kvplan::inline v0::models
