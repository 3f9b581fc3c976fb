// Meta Llama 4: chunked local attention (8192-token chunks) with a global NoPE layer every 4th.
// SPDX-License-Identifier: Apache-2.0
//
// text_config (ai-dynamo/aiconfigurator copies, trimmed): num_hidden_layers 48, hidden_size
// 5120, num_attention_heads 40, num_key_value_heads 8, head_dim 128, attention_chunk_size
// 8192, intermediate_size 8192 (expert and shared expert), intermediate_size_mlp 16384 (dense
// layers), vocab_size 202048, bfloat16. no_rope_layers is not in the trimmed copies; a Scout
// base copy has `[]`, so transformers derives it from no_rope_layer_interval 4: layers 3, 7,
// ..., 47 are NoPE global attention (vLLM: full attention), the other 36 RoPE chunked
// attention (vLLM: ChunkedLocalAttentionSpec). vision_config (NVIDIA/TensorRT-LLM
// test_modeling_llama_min_latency.py copy): hidden_size 1408, intermediate_size 5632,
// num_hidden_layers 34, image_size 336, patch_size 14, pixel_shuffle_ratio 0.5,
// projector_input_dim / projector_output_dim / vision_output_dim 4096. The published parameter
// counts include that vision encoder and projector (871,932,416 parameters by config
// arithmetic), which vLLM loads too.
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// meta-llama/Llama-4-Scout-17B-16E-Instruct (model_type llama4): 16 experts (top 1) plus a
// shared expert in every layer, max_position_embeddings 10485760 (rope_type llama3, factor 16
// over 8192, which vLLM does not scale again). 108,641,793,536 parameters with the vision
// encoder (HF API safetensors.total; the card says 109B total), 17B active (model card).
inline constexpr model llama_4_scout{
    .name = "llama-4-scout",
    .hf_id = "meta-llama/Llama-4-Scout-17B-16E-Instruct",
    .model_type = "llama4",
    .source = "text_config (ai-dynamo/aiconfigurator copy); transformers configuration_llama4.py "
              "no_rope_layer_interval; HF API safetensors.total; model card",
    .hidden_size = 5120,
    .num_attention_heads = 40,
    .vocab_size = 202048,
    .intermediate_size = 8192,
    .moe_intermediate_size = 8192,
    .num_experts_per_tok = 1,
    .max_model_len = 10'485'760,
    .torch_dtype = dtype::bfloat16,
    .total_params = 108'641'793'536,
    .active_params = 17'000'000'000,
    .expert_params = 48LL * 16 * 3 * 5120 * 8192,
    .replicated_params = 48LL * 5120 * 16,
    .router_params = 48LL * 5120 * 16,
    .layers = periodic_layers(48, 4, chunked_local(8, 128, 8192), full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Llama-4-Scout-17B-16E-Instruct", dtype::bfloat16, 0},
                    {"nvidia/Llama-4-Scout-17B-16E-Instruct-FP8", dtype::fp8_e4m3, 0, "modelopt", cache_dtype::fp8_e4m3}},
    .vision_params = 871'932'416,
};

// meta-llama/Llama-4-Maverick-17B-128E-Instruct (model_type llama4): 128 experts (top 1) plus a
// shared expert on every 2nd layer (interleave_moe_layer_step 2: layers 1, 3, ..., 47; the
// other 24 have a dense MLP of intermediate_size_mlp 16384), max_position_embeddings 1048576
// with no rope_scaling, use_qk_norm false. 401,583,781,376 parameters with the vision encoder
// (Fireworks' model listing; the card says 400B total), 17B active (model card). Meta's FP8
// checkpoint: its quantization_config was not read; "compressed-tensors" is UNVERIFIED.
inline constexpr model llama_4_maverick{
    .name = "llama-4-maverick",
    .hf_id = "meta-llama/Llama-4-Maverick-17B-128E-Instruct",
    .model_type = "llama4",
    .source = "text_config (ai-dynamo/aiconfigurator copy); transformers configuration_llama4.py; "
              "Fireworks model listing; model card",
    .hidden_size = 5120,
    .num_attention_heads = 40,
    .vocab_size = 202048,
    .intermediate_size = 16384,
    .moe_intermediate_size = 8192,
    .num_experts_per_tok = 1,
    .max_model_len = 1'048'576,
    .torch_dtype = dtype::bfloat16,
    .total_params = 401'583'781'376,
    .active_params = 17'000'000'000,
    .expert_params = 24LL * 128 * 3 * 5120 * 8192,
    .replicated_params = 24LL * 5120 * 128,
    .router_params = 24LL * 5120 * 128,
    .layers = periodic_layers(48, 4, chunked_local(8, 128, 8192), full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Llama-4-Maverick-17B-128E-Instruct", dtype::bfloat16, 0},
                    {"meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8", dtype::fp8_e4m3, 0, "compressed-tensors"}},
    .vision_params = 871'932'416,
};

}  // namespace kvplan::inline v0::models
