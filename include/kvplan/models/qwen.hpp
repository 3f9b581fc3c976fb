// Alibaba Qwen: Qwen2.5 and Qwen3 (dense and MoE, full GQA) and Qwen3-Next (Gated DeltaNet /
// gated attention hybrid).
// SPDX-License-Identifier: Apache-2.0
//
// None needs --trust-remote-code (model_type qwen2, qwen3, qwen3_moe, qwen3_next are in
// transformers; vLLM also registers qwen3_next). Parameter counts are the HF API's
// safetensors.total (kvfit registry and a compliance-audit table quote them) where the
// checkpoint holds only the main model; Qwen3-Next's checkpoint also holds its MTP layer, so
// its card figure is used.
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// Qwen/Qwen2.5-7B-Instruct (model_type qwen2), config.json (two identical quoted copies; the
// base model's is verbatim in Girafboy/pytorchKQI): 28 layers, hidden 3584, 28 heads, 4 KV
// heads (head_dim 128), intermediate 18944, q/k/v bias, vocab 152064 (untied),
// max_position_embeddings 32768 (the base model's is 131072), sliding_window 131072 with
// use_sliding_window false (vLLM: full attention everywhere), bfloat16. 7,615,616,512
// parameters (HF API); total_size 15,231,233,024.
inline constexpr model qwen2_5_7b{
    .name = "qwen2.5-7b",
    .hf_id = "Qwen/Qwen2.5-7B-Instruct",
    .model_type = "qwen2",
    .source = "config.json (quoted copies); HF API safetensors.total; model.safetensors.index.json total_size",
    .hidden_size = 3584,
    .num_attention_heads = 28,
    .vocab_size = 152064,
    .intermediate_size = 18944,
    .max_model_len = 32768,
    .torch_dtype = dtype::bfloat16,
    .total_params = 7'615'616'512,
    .active_params = 7'615'616'512,
    .layers = uniform_layers(28, full_attention(4, 128)),
    .checkpoints = {{"Qwen/Qwen2.5-7B-Instruct", dtype::bfloat16, 15'231'233'024}},
};

// Qwen/Qwen2.5-72B-Instruct (model_type qwen2), config.json (a quoted copy of
// .../Qwen2.5-72B-Instruct/config.json): 80 layers, hidden 8192, 64 heads, 8 KV heads
// (head_dim 128), intermediate 29568, q/k/v bias, vocab 152064 (untied),
// max_position_embeddings 32768, use_sliding_window false, bfloat16. 72,706,203,648
// parameters (HF API); total_size not found.
inline constexpr model qwen2_5_72b{
    .name = "qwen2.5-72b",
    .hf_id = "Qwen/Qwen2.5-72B-Instruct",
    .model_type = "qwen2",
    .source = "config.json (quoted copy); HF API safetensors.total",
    .hidden_size = 8192,
    .num_attention_heads = 64,
    .vocab_size = 152064,
    .intermediate_size = 29568,
    .max_model_len = 32768,
    .torch_dtype = dtype::bfloat16,
    .total_params = 72'706'203'648,
    .active_params = 72'706'203'648,
    .layers = uniform_layers(80, full_attention(8, 128)),
    .checkpoints = {{"Qwen/Qwen2.5-72B-Instruct", dtype::bfloat16, 0}},
};

// Qwen/Qwen3-8B (model_type qwen3), config.json (ai-dynamo/aiconfigurator copy; the
// citsjtu2020/LLM-Prof copy agrees): 36 layers, hidden 4096, 32 heads, 8 KV heads, head_dim
// 128, q/k RMSNorm, intermediate 12288, vocab 151936 (untied), max_position_embeddings 40960,
// no rope_scaling, use_sliding_window false, bfloat16. 8,190,735,360 parameters (HF API); a
// quoted total_size of 16,381,470,720 (a test fixture) is twice that. Qwen/Qwen3-8B-FP8 is
// Qwen's block-FP8 checkpoint (its config was not read; the 32B one is quant_method fp8).
inline constexpr model qwen3_8b{
    .name = "qwen3-8b",
    .hf_id = "Qwen/Qwen3-8B",
    .model_type = "qwen3",
    .source = "config.json (ai-dynamo/aiconfigurator copy); HF API safetensors.total",
    .hidden_size = 4096,
    .num_attention_heads = 32,
    .vocab_size = 151936,
    .intermediate_size = 12288,
    .max_model_len = 40960,
    .torch_dtype = dtype::bfloat16,
    .total_params = 8'190'735'360,
    .active_params = 8'190'735'360,
    .layers = uniform_layers(36, full_attention(8, 128)),
    .checkpoints = {{"Qwen/Qwen3-8B", dtype::bfloat16, 16'381'470'720},
                    {"Qwen/Qwen3-8B-FP8", dtype::fp8_e4m3, 0, "fp8"}},
};

// Qwen/Qwen3-32B (model_type qwen3), config.json (ai-dynamo/aiconfigurator copy): 64 layers,
// hidden 5120, 64 heads, 8 KV heads, head_dim 128 (explicit; 64 x 128 != 5120), q/k RMSNorm,
// intermediate 25600, vocab 151936 (untied), max_position_embeddings 40960, bfloat16.
// 32,762,123,264 parameters (HF API); total_size 65,524,246,528. Qwen/Qwen3-32B-FP8:
// quant_method fp8, e4m3, 128 x 128 blocks (aiconfigurator copy).
inline constexpr model qwen3_32b{
    .name = "qwen3-32b",
    .hf_id = "Qwen/Qwen3-32B",
    .model_type = "qwen3",
    .source = "config.json (ai-dynamo/aiconfigurator copy); HF API safetensors.total; total_size",
    .hidden_size = 5120,
    .num_attention_heads = 64,
    .vocab_size = 151936,
    .intermediate_size = 25600,
    .max_model_len = 40960,
    .torch_dtype = dtype::bfloat16,
    .total_params = 32'762'123'264,
    .active_params = 32'762'123'264,
    .layers = uniform_layers(64, full_attention(8, 128)),
    .checkpoints = {{"Qwen/Qwen3-32B", dtype::bfloat16, 65'524'246'528},
                    {"Qwen/Qwen3-32B-FP8", dtype::fp8_e4m3, 0, "fp8"}},
};

// Qwen/Qwen3-30B-A3B (model_type qwen3_moe), config.json (ai-dynamo/aiconfigurator copy): 48
// layers, all MoE (decoder_sparse_step 1, mlp_only_layers []), hidden 2048, 32 heads, 4 KV
// heads, head_dim 128, 128 experts (top 8, moe_intermediate_size 768, no shared expert), vocab
// 151936 (untied), max_position_embeddings 40960, bfloat16. 30,532,122,624 parameters (HF
// API); 3.3B active (model card); total_size 61,064,245,248. Qwen/Qwen3-30B-A3B-FP8: fp8.
inline constexpr model qwen3_30b_a3b{
    .name = "qwen3-30b-a3b",
    .hf_id = "Qwen/Qwen3-30B-A3B",
    .model_type = "qwen3_moe",
    .source = "config.json (ai-dynamo/aiconfigurator copy); HF API safetensors.total; model card",
    .hidden_size = 2048,
    .num_attention_heads = 32,
    .vocab_size = 151936,
    .moe_intermediate_size = 768,
    .num_experts_per_tok = 8,
    .max_model_len = 40960,
    .torch_dtype = dtype::bfloat16,
    .total_params = 30'532'122'624,
    .active_params = 3'300'000'000,
    .expert_params = 48LL * 128 * 3 * 2048 * 768,
    .layers = uniform_layers(48, full_attention(4, 128)),
    .checkpoints = {{"Qwen/Qwen3-30B-A3B", dtype::bfloat16, 61'064'245'248},
                    {"Qwen/Qwen3-30B-A3B-FP8", dtype::fp8_e4m3, 0, "fp8"}},
};

// Qwen/Qwen3-235B-A22B (model_type qwen3_moe), config.json (ai-dynamo/aiconfigurator copy): 94
// layers, all MoE, hidden 4096, 64 heads, 4 KV heads, head_dim 128, 128 experts (top 8,
// moe_intermediate_size 1536, no shared expert), vocab 151936 (untied),
// max_position_embeddings 40960, bfloat16. 235,093,634,560 parameters (HF API); 22B active
// (model card). Qwen/Qwen3-235B-A22B-FP8: fp8. nvidia/Qwen3-235B-A22B-NVFP4 hf_quant_config
// (aiconfigurator copy): quant_algo NVFP4, kv_cache_quant_algo FP8.
inline constexpr model qwen3_235b_a22b{
    .name = "qwen3-235b-a22b",
    .hf_id = "Qwen/Qwen3-235B-A22B",
    .model_type = "qwen3_moe",
    .source = "config.json and NVFP4 hf_quant_config.json (ai-dynamo/aiconfigurator copies); "
              "HF API safetensors.total; model card",
    .hidden_size = 4096,
    .num_attention_heads = 64,
    .vocab_size = 151936,
    .moe_intermediate_size = 1536,
    .num_experts_per_tok = 8,
    .max_model_len = 40960,
    .torch_dtype = dtype::bfloat16,
    .total_params = 235'093'634'560,
    .active_params = 22'000'000'000,
    .expert_params = 94LL * 128 * 3 * 4096 * 1536,
    .layers = uniform_layers(94, full_attention(4, 128)),
    .checkpoints = {{"Qwen/Qwen3-235B-A22B", dtype::bfloat16, 0},
                    {"Qwen/Qwen3-235B-A22B-FP8", dtype::fp8_e4m3, 0, "fp8"},
                    {"nvidia/Qwen3-235B-A22B-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3}},
};

// Qwen/Qwen3-Next-80B-A3B-Instruct (model_type qwen3_next), config.json (verbatim copy; the
// AI-Hypercomputer/maxtext qwen3_next_80b_a3b_dict agrees key for key): num_hidden_layers 48, no
// layer_types, full_attention_interval 4 (layer i is full attention when (i + 1) % 4 == 0: 12
// layers), hidden_size 2048, num_attention_heads 16, num_key_value_heads 2, head_dim 256,
// linear_num_key_heads 16, linear_num_value_heads 32, linear_key_head_dim 128,
// linear_value_head_dim 128, linear_conv_kernel_dim 4, num_experts 512 (top 10,
// moe_intermediate_size 512, one shared expert of 512), vocab_size 151936, max_position_embeddings
// 262144, bfloat16. 79,674,391,296 parameters by config arithmetic (the card's 80B), 3B active
// (model card). The HF API count, 81,324,862,720, also holds the MTP layer, which vLLM loads only
// for speculative decoding.
inline constexpr model qwen3_next_80b{
    .name = "qwen3-next-80b-a3b",
    .hf_id = "Qwen/Qwen3-Next-80B-A3B-Instruct",
    .model_type = "qwen3_next",
    .source = "config.json (verbatim copy; AI-Hypercomputer/maxtext hf_model_configs.py); model card",
    .hidden_size = 2048,
    .num_attention_heads = 16,
    .vocab_size = 151936,
    .intermediate_size = 512,
    .moe_intermediate_size = 512,
    .num_experts_per_tok = 10,
    .max_model_len = 262144,
    .torch_dtype = dtype::bfloat16,
    .total_params = 79'674'391'296,
    .active_params = 3'000'000'000,
    .expert_params = 48LL * 512 * 3 * 2048 * 512,
    .layers = periodic_layers(48, 4, gated_deltanet(16, 32, 128, 128, 4), full_attention(2, 256)),
    .checkpoints = {{"Qwen/Qwen3-Next-80B-A3B-Instruct", dtype::bfloat16, 0},
                    {"Qwen/Qwen3-Next-80B-A3B-Instruct-FP8", dtype::fp8_e4m3, 0, "fp8"}},
};

}  // namespace kvplan::inline v0::models
