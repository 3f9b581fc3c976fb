// Microsoft Phi-4: dense GQA (40 heads, 10 KV heads).
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// microsoft/phi-4 (model_type phi3, Phi3ForCausalLM; no --trust-remote-code), config.json (an
// annotated copy with _name_or_path microsoft/phi-4; its repository was not identified): 40
// layers, hidden 5120, 40 heads, 10 KV heads (head_dim 5120 / 40 = 128), intermediate 17920,
// vocab 100352, max_position_embeddings 16384 (rope_theta 250000, no rope_scaling),
// sliding_window null, bfloat16. 14,659,507,200 parameters (HF API safetensors.total); a
// quoted total_size of 29,319,014,400 (a test fixture) is twice that.
inline constexpr model phi_4{
    .name = "phi-4",
    .hf_id = "microsoft/phi-4",
    .model_type = "phi3",
    .source = "config.json (annotated copy); HF API safetensors.total",
    .hidden_size = 5120,
    .num_attention_heads = 40,
    .vocab_size = 100352,
    .intermediate_size = 17920,
    .max_model_len = 16384,
    .torch_dtype = dtype::bfloat16,
    .total_params = 14'659'507'200,
    .active_params = 14'659'507'200,
    .layers = uniform_layers(40, full_attention(10, 128)),
    .checkpoints = {{"microsoft/phi-4", dtype::bfloat16, 29'319'014'400}},
};

}  // namespace kvplan::inline v0::models
