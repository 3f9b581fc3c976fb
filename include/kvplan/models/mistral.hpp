// Mistral AI: Mistral Small 3 (24B, dense GQA) and Mixtral 8x7B (MoE, GQA).
// SPDX-License-Identifier: Apache-2.0
//
// Both have `sliding_window: null`, so vLLM gives every layer full attention. Neither needs
// --trust-remote-code (model_type mistral / mixtral).
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// mistralai/Mistral-Small-24B-Instruct-2501 (MistralForCausalLM). The HF config.json itself
// was not found (UNVERIFIED); the Mistral-native params.json (OpenMOSE/RWKV-LM-RLHF
// main/tokenizer/mistralsmall3 copy) and three Mistral-Small-3.x HF configs agree: 40 layers,
// hidden 5120, 32 heads, 8 KV heads, head_dim 128 (explicit; 32 x 128 != 5120), intermediate
// 32768, vocab 131072, max_position_embeddings 32768, sliding_window null, bfloat16.
// total_size 47,144,806,400 (model.safetensors.index.json, same copy) = 2 x 23,572,403,200,
// which is also the HF API count of sarvamai/sarvam-m, a fine-tune of it.
inline constexpr model mistral_small_24b{
    .name = "mistral-small-24b",
    .hf_id = "mistralai/Mistral-Small-24B-Instruct-2501",
    .model_type = "mistral",
    .source = "params.json and model.safetensors.index.json (OpenMOSE/RWKV-LM-RLHF copies)",
    .hidden_size = 5120,
    .num_attention_heads = 32,
    .vocab_size = 131072,
    .intermediate_size = 32768,
    .max_model_len = 32768,
    .torch_dtype = dtype::bfloat16,
    .total_params = 23'572'403'200,
    .active_params = 23'572'403'200,
    .layers = uniform_layers(40, full_attention(8, 128)),
    .checkpoints = {{"mistralai/Mistral-Small-24B-Instruct-2501", dtype::bfloat16, 47'144'806'400}},
};

// mistralai/Mixtral-8x7B-Instruct-v0.1, config.json of Mixtral-8x7B-v0.1 (ai-dynamo/
// aiconfigurator copy; the Instruct file has the same architecture keys): 32 layers, hidden
// 4096, 32 heads, 8 KV heads (head_dim 128), intermediate 14336, 8 local experts (top 2) in
// every layer, vocab 32000, max_position_embeddings 32768, sliding_window null, bfloat16.
// total_size 93,405,585,408 (a value quoted in a pruning script) = 2 x 46,702,792,704, the HF
// API count of Mixtral fine-tunes with the same shape; 12.9B active (Mistral AI announcement).
inline constexpr model mixtral_8x7b{
    .name = "mixtral-8x7b",
    .hf_id = "mistralai/Mixtral-8x7B-Instruct-v0.1",
    .model_type = "mixtral",
    .source = "config.json (ai-dynamo/aiconfigurator copy of v0.1); total_size; Mistral AI announcement",
    .hidden_size = 4096,
    .num_attention_heads = 32,
    .vocab_size = 32000,
    .moe_intermediate_size = 14336,
    .num_experts_per_tok = 2,
    .max_model_len = 32768,
    .torch_dtype = dtype::bfloat16,
    .total_params = 46'702'792'704,
    .active_params = 12'900'000'000,
    .expert_params = 32LL * 8 * 3 * 4096 * 14336,
    .replicated_params = 32LL * 4096 * 8,
    .router_params = 32LL * 4096 * 8,
    .layers = uniform_layers(32, full_attention(8, 128)),
    .checkpoints = {{"mistralai/Mixtral-8x7B-Instruct-v0.1", dtype::bfloat16, 93'405'585'408}},
};

}  // namespace kvplan::inline v0::models
