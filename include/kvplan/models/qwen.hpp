// Alibaba Qwen: Qwen2.5 and Qwen3 (dense and MoE, full GQA), Qwen3-Next, Qwen3.5 and Qwen3.6
// (Gated DeltaNet / gated attention hybrids).
// SPDX-License-Identifier: Apache-2.0
//
// None needs --trust-remote-code (model_type qwen2, qwen3, qwen3_moe, qwen3_next, qwen3_5 and
// qwen3_5_moe are in transformers; vLLM also registers qwen3_next). Parameter counts are the HF
// API's safetensors.total (kvfit registry and a compliance-audit table quote them) where the
// checkpoint holds only the main model; Qwen3-Next's checkpoint also holds its MTP layer, so
// its card figure is used. Qwen3.5 / 3.6 carry kvplan's config reader's count
// (kvplan::model_from_hf_config), which estimates the vision tower (params::vit_estimate).
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

// The other Qwen2.5 Instruct sizes (model_type qwen2): q/k/v bias, bfloat16,
// max_position_embeddings 32768 in the Instruct configs (as the 7B's and 14B's; the base 1.5B,
// 14B and 32B configs say 131072), sliding_window unused. Shapes from config.json copies
// (sgl-project/ome test data): 0.5B hidden 896, 14 heads, 2 KV heads (head_dim 64),
// intermediate 4864, 24 layers; 1.5B 1536, 12, 2 (128), 8960, 28; 3B 2048, 16, 2, 11008, 36 (all
// three vocab 151936, tied); 14B 5120, 40, 8, 13824, 48; 32B 5120, 40, 8, 27648, 64 (vocab
// 152064, untied). Parameters counted from the shapes with the formula that gives the 7B's and
// 72B's HF API counts: 494,032,768 / 1,543,714,304 / 3,085,938,688 / 14,770,033,664 /
// 32,763,876,352 (model cards: 0.49B, 1.54B, 3.09B, 14.7B, 32.5B).
inline constexpr model qwen2_5_0_5b = dense_model(
    {.name = "qwen2.5-0.5b", .hf_id = "Qwen/Qwen2.5-0.5B-Instruct", .model_type = "qwen2",
     .source = "config.json (sgl-project/ome copy); parameters counted",
     .hidden_size = 896, .num_attention_heads = 14, .num_kv_heads = 2, .head_dim = 64,
     .intermediate_size = 4864, .num_layers = 24, .vocab_size = 151936, .max_model_len = 32768,
     .params = 494'032'768, .tie_word_embeddings = true},
    {{"Qwen/Qwen2.5-0.5B-Instruct", dtype::bfloat16, 0}});

inline constexpr model qwen2_5_1_5b = dense_model(
    {.name = "qwen2.5-1.5b", .hf_id = "Qwen/Qwen2.5-1.5B-Instruct", .model_type = "qwen2",
     .source = "config.json (sgl-project/ome copy); parameters counted",
     .hidden_size = 1536, .num_attention_heads = 12, .num_kv_heads = 2, .head_dim = 128,
     .intermediate_size = 8960, .num_layers = 28, .vocab_size = 151936, .max_model_len = 32768,
     .params = 1'543'714'304, .tie_word_embeddings = true},
    {{"Qwen/Qwen2.5-1.5B-Instruct", dtype::bfloat16, 0}});

inline constexpr model qwen2_5_3b = dense_model(
    {.name = "qwen2.5-3b", .hf_id = "Qwen/Qwen2.5-3B-Instruct", .model_type = "qwen2",
     .source = "config.json (sgl-project/ome copy); parameters counted",
     .hidden_size = 2048, .num_attention_heads = 16, .num_kv_heads = 2, .head_dim = 128,
     .intermediate_size = 11008, .num_layers = 36, .vocab_size = 151936, .max_model_len = 32768,
     .params = 3'085'938'688, .tie_word_embeddings = true},
    {{"Qwen/Qwen2.5-3B-Instruct", dtype::bfloat16, 0}});

inline constexpr model qwen2_5_14b = dense_model(
    {.name = "qwen2.5-14b", .hf_id = "Qwen/Qwen2.5-14B-Instruct", .model_type = "qwen2",
     .source = "config.json (sgl-project/ome copy); parameters counted",
     .hidden_size = 5120, .num_attention_heads = 40, .num_kv_heads = 8, .head_dim = 128,
     .intermediate_size = 13824, .num_layers = 48, .vocab_size = 152064, .max_model_len = 32768,
     .params = 14'770'033'664},
    {{"Qwen/Qwen2.5-14B-Instruct", dtype::bfloat16, 0}});

inline constexpr model qwen2_5_32b = dense_model(
    {.name = "qwen2.5-32b", .hf_id = "Qwen/Qwen2.5-32B-Instruct", .model_type = "qwen2",
     .source = "config.json (sgl-project/ome copy); parameters counted",
     .hidden_size = 5120, .num_attention_heads = 40, .num_kv_heads = 8, .head_dim = 128,
     .intermediate_size = 27648, .num_layers = 64, .vocab_size = 152064, .max_model_len = 32768,
     .params = 32'763'876'352},
    {{"Qwen/Qwen2.5-32B-Instruct", dtype::bfloat16, 0}});

// The small Qwen3 dense models (model_type qwen3): head_dim 128, 8 KV heads, q/k RMSNorm, vocab
// 151936, max_position_embeddings 40960, no rope_scaling, bfloat16. Shapes from their
// config.json (0.6B and 1.7B: ai-dynamo/aiconfigurator copies; 4B and 14B: a registry of Qwen
// configs in a public repository, index file 54993165207). Parameters counted from the shapes, as
// the 8B's count reproduces the HF API's 8,190,735,360: a layer is q + k + v + o + q/k norms +
// SwiGLU + 2 norms, plus the embeddings, once where tied, and the final norm. The model cards'
// totals and non-embedding counts (0.6B / 0.44B, 1.7B / 1.4B, 4.0B / 3.6B, 14.8B / 13.2B) say
// which tie their embeddings: the three small ones (one 151936 x hidden matrix), not the 14B.
// Qwen/Qwen3-*-FP8 are Qwen's block-FP8 checkpoints, as for the 8B.
inline constexpr model qwen3_0_6b = dense_model(
    {.name = "qwen3-0.6b", .hf_id = "Qwen/Qwen3-0.6B", .model_type = "qwen3",
     .source = "config.json (ai-dynamo/aiconfigurator copy); parameters counted (model card 0.6B / 0.44B)",
     .hidden_size = 1024, .num_attention_heads = 16, .num_kv_heads = 8, .head_dim = 128,
     .intermediate_size = 3072, .num_layers = 28, .vocab_size = 151936, .max_model_len = 40960,
     .params = 596'049'920, .tie_word_embeddings = true},
    {{"Qwen/Qwen3-0.6B", dtype::bfloat16, 0}, {"Qwen/Qwen3-0.6B-FP8", dtype::fp8_e4m3, 0, "fp8"}});

inline constexpr model qwen3_1_7b = dense_model(
    {.name = "qwen3-1.7b", .hf_id = "Qwen/Qwen3-1.7B", .model_type = "qwen3",
     .source = "config.json (ai-dynamo/aiconfigurator copy); parameters counted (model card 1.7B / 1.4B)",
     .hidden_size = 2048, .num_attention_heads = 16, .num_kv_heads = 8, .head_dim = 128,
     .intermediate_size = 6144, .num_layers = 28, .vocab_size = 151936, .max_model_len = 40960,
     .params = 1'720'574'976, .tie_word_embeddings = true},
    {{"Qwen/Qwen3-1.7B", dtype::bfloat16, 0}, {"Qwen/Qwen3-1.7B-FP8", dtype::fp8_e4m3, 0, "fp8"}});

inline constexpr model qwen3_4b = dense_model(
    {.name = "qwen3-4b", .hf_id = "Qwen/Qwen3-4B", .model_type = "qwen3",
     .source = "config.json shapes (index file 54993165207); parameters counted (model card 4.0B / 3.6B)",
     .hidden_size = 2560, .num_attention_heads = 32, .num_kv_heads = 8, .head_dim = 128,
     .intermediate_size = 9728, .num_layers = 36, .vocab_size = 151936, .max_model_len = 40960,
     .params = 4'022'468'096, .tie_word_embeddings = true},
    {{"Qwen/Qwen3-4B", dtype::bfloat16, 0}, {"Qwen/Qwen3-4B-FP8", dtype::fp8_e4m3, 0, "fp8"}});

inline constexpr model qwen3_14b = dense_model(
    {.name = "qwen3-14b", .hf_id = "Qwen/Qwen3-14B", .model_type = "qwen3",
     .source = "config.json shapes (index file 54993165207); parameters counted (model card 14.8B / 13.2B)",
     .hidden_size = 5120, .num_attention_heads = 40, .num_kv_heads = 8, .head_dim = 128,
     .intermediate_size = 17408, .num_layers = 40, .vocab_size = 151936, .max_model_len = 40960,
     .params = 14'768'307'200},
    {{"Qwen/Qwen3-14B", dtype::bfloat16, 0}, {"Qwen/Qwen3-14B-FP8", dtype::fp8_e4m3, 0, "fp8"}});

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
    .replicated_params = 48LL * 2048 * 128,
    .router_params = 48LL * 2048 * 128,
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
    .replicated_params = 94LL * 4096 * 128,
    .router_params = 94LL * 4096 * 128,
    .layers = uniform_layers(94, full_attention(4, 128)),
    .checkpoints = {{"Qwen/Qwen3-235B-A22B", dtype::bfloat16, 0},
                    {"Qwen/Qwen3-235B-A22B-FP8", dtype::fp8_e4m3, 0, "fp8"},
                    {"nvidia/Qwen3-235B-A22B-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3}},
};

// The July 2025 updates, Qwen/Qwen3-235B-A22B-Instruct-2507 and -Thinking-2507 (and Qwen's
// -FP8 of each): the same architecture and parameter count as Qwen3-235B-A22B (new weights),
// with 262,144 positions natively (model cards: "Context Length: 262,144 natively";
// max_position_embeddings 262144), so a longer RoPE cache: 262,144 x 128 x 2 B.
inline constexpr model qwen3_235b_a22b_2507 = [] {
  model m = qwen3_235b_a22b;
  m.name = "qwen3-235b-a22b-2507";
  m.hf_id = "Qwen/Qwen3-235B-A22B-Instruct-2507";
  m.source = "Qwen3-235B-A22B's config.json and counts; the 2507 model cards (262,144 positions)";
  m.max_model_len = 262'144;
  m.checkpoints = {{"Qwen/Qwen3-235B-A22B-Instruct-2507", dtype::bfloat16, 0},
                   {"Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", dtype::fp8_e4m3, 0, "fp8"},
                   {"Qwen/Qwen3-235B-A22B-Thinking-2507", dtype::bfloat16, 0},
                   {"Qwen/Qwen3-235B-A22B-Thinking-2507-FP8", dtype::fp8_e4m3, 0, "fp8"}};
  return m;
}();

// Qwen/Qwen3-30B-A3B-Instruct-2507 and -Thinking-2507 (and -FP8): Qwen3-30B-A3B's architecture
// and parameter count with 262,144 positions natively (model cards); the bf16 checkpoints hold
// the same tensors, so the base's total_size, 61,064,245,248 B (2 B a parameter).
inline constexpr model qwen3_30b_a3b_2507 = [] {
  model m = qwen3_30b_a3b;
  m.name = "qwen3-30b-a3b-2507";
  m.hf_id = "Qwen/Qwen3-30B-A3B-Instruct-2507";
  m.source = "Qwen3-30B-A3B's config.json and counts; the 2507 model cards (262,144 positions)";
  m.max_model_len = 262'144;
  m.checkpoints = {{"Qwen/Qwen3-30B-A3B-Instruct-2507", dtype::bfloat16, 61'064'245'248},
                   {"Qwen/Qwen3-30B-A3B-Instruct-2507-FP8", dtype::fp8_e4m3, 0, "fp8"},
                   {"Qwen/Qwen3-30B-A3B-Thinking-2507", dtype::bfloat16, 61'064'245'248},
                   {"Qwen/Qwen3-30B-A3B-Thinking-2507-FP8", dtype::fp8_e4m3, 0, "fp8"}};
  return m;
}();

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
    .replicated_params = 48LL * 2048 * 512,
    .router_params = 48LL * 2048 * 512,
    // RoPE: partial_rotary_factor 0.25 of head_dim 256: 262,144 positions x 64 x 2 B.
    .rope_cache_bytes = 262144LL * 64 * 2,
    .layers = periodic_layers(48, 4, gated_deltanet(16, 32, 128, 128, 4), full_attention(2, 256)),
    // The Thinking release shares the Instruct one's architecture (Qwen3NextForCausalLM, the
    // same config keys but its generation defaults).
    .checkpoints = {{"Qwen/Qwen3-Next-80B-A3B-Instruct", dtype::bfloat16, 0},
                    {"Qwen/Qwen3-Next-80B-A3B-Instruct-FP8", dtype::fp8_e4m3, 0, "fp8"},
                    {"Qwen/Qwen3-Next-80B-A3B-Thinking", dtype::bfloat16, 0},
                    {"Qwen/Qwen3-Next-80B-A3B-Thinking-FP8", dtype::fp8_e4m3, 0, "fp8"}},
};

// Qwen3.5 / Qwen3.6 (Qwen3_5MoeForConditionalGeneration, model_type qwen3_5_moe; the dense 27B
// Qwen3_5ForConditionalGeneration, qwen3_5): vision-language wrappers whose text_config is a
// Qwen3-Next-style hybrid. layer_types lists "linear_attention" (Gated DeltaNet) three times,
// then "full_attention" (gated attention, attn_output_gate true), as full_attention_interval 4
// also says: layer i is full attention when (i + 1) % 4 == 0. mamba_ssm_dtype "float32": vLLM's
// Qwen3_5ForConditionalGeneration config hook sets mamba_ssm_cache_dtype from it (the flag's
// auto), so the recurrent state is float32 while the conv state stays in the model dtype.
// mtp_num_hidden_layers 1: the checkpoint's MTP layer is not in total_params; with
// --speculative-config method mtp it joins the cache as one more full-attention layer
// (num_mtp_layers, mtp_layer; its weights estimated, mtp_params 0, as the reader leaves them).
// vision_config (depth 27, hidden_size 1152, intermediate_size 4304, num_heads 16,
// patch_size 16, temporal_patch_size 2, spatial_merge_size 2, deepstack_visual_indexes [],
// out_hidden_size the text hidden_size): the reader estimates the tower at 0.45-0.46B; its
// count less that tower is the language model's, which is what the cards' figures round
// (vision_params: 446,579,312 + 4,609 x (out_hidden_size - 2,048), the merger's last linear
// growing with the text width). The profile run sends it a dummy 16,384-token image (vision,
// qwen3_vl_vision).
// nvidia NVFP4 checkpoints: quantization_config quant_method modelopt, quant_algo NVFP4 with a
// kv_cache_scheme of 8-bit floats (fp8 KV), or quant_algo MIXED_PRECISION (per-layer
// quantized_layers: W4A16_NVFP4 experts / MLPs, FP8 attention and linear-attention
// projections), which vLLM loads as modelopt_mixed.

// Qwen/Qwen3.5-397B-A17B, text_config of config.json (ai-dynamo/aiconfigurator
// model_configs/Qwen--Qwen3.5-397B-A17B_config.json, corpus aic-qwen-qwen3-5-397b-a17b.json;
// nvidia/Qwen3.5-397B-A17B-NVFP4's, aic-nvidia-qwen3-5-397b-a17b-nvfp4.json, is the same model):
// num_hidden_layers 60 (45 Gated DeltaNet, 15 full attention), hidden_size 4096,
// num_attention_heads 32, num_key_value_heads 2, head_dim 256, linear_num_key_heads 16,
// linear_num_value_heads 64, linear_key_head_dim 128, linear_value_head_dim 128,
// linear_conv_kernel_dim 4, num_experts 512 (num_experts_per_tok 10, moe_intermediate_size
// 1024), shared_expert_intermediate_size 1024, vocab_size 248320, tie_word_embeddings false,
// max_position_embeddings 262144, dtype bfloat16, mamba_ssm_dtype float32. 396,802,368,880
// parameters by the reader (396,346,350,336 without the estimated vision tower; card: 397B),
// 17B active (card; the reader: 17.35B for the language model). Qwen/Qwen3.5-397B-A17B-FP8:
// Qwen's FP8 release (its config was not in the corpus; e4m3, quant_method fp8 as Qwen's other
// FP8 checkpoints). nvidia NVFP4: quant_algo NVFP4, kv_cache_scheme fp8.
inline constexpr model qwen3_5_397b_a17b{
    .name = "qwen3.5-397b-a17b",
    .hf_id = "Qwen/Qwen3.5-397B-A17B",
    .model_type = "qwen3_5_moe",
    .source = "config.json and NVFP4 config.json (ai-dynamo/aiconfigurator copies); kvplan's config "
              "reader (vision tower estimated from vision_config); model card",
    .hidden_size = 4096,
    .num_attention_heads = 32,
    .vocab_size = 248320,
    .intermediate_size = 1024,
    .moe_intermediate_size = 1024,
    .num_experts_per_tok = 10,
    .max_model_len = 262144,
    .torch_dtype = dtype::bfloat16,
    .mamba_ssm_cache_dtype = dtype::float32,
    .total_params = 396'802'368'880,
    .active_params = 17'000'000'000,
    .expert_params = 60LL * 512 * 3 * 4096 * 1024,
    .replicated_params = 60LL * 4096 * 512,
    .router_params = 60LL * 4096 * 512,
    // RoPE: MRoPE (mrope.py) caches 4 x 262,144 positions, x 64 (partial_rotary_factor 0.25 of 256) x 2 B.
    .rope_cache_bytes = 4 * 262144LL * 64 * 2,
    .layers = periodic_layers(60, 4, gated_deltanet(16, 64, 128, 128, 4), full_attention(2, 256)),
    .checkpoints = {{"Qwen/Qwen3.5-397B-A17B", dtype::bfloat16, 0},
                    {"Qwen/Qwen3.5-397B-A17B-FP8", dtype::fp8_e4m3, 0, "fp8"},
                    // ModelOpt keeps attention and shared / dense MLPs unquantized: experts only.
                    {"nvidia/Qwen3.5-397B-A17B-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, true}},
    .num_mtp_layers = 1,
    .mtp_layer = full_attention(2, 256),
    .vision = qwen3_vl_vision(4096),
    .vision_params = 456'018'544,
};

// Qwen/Qwen3.5-122B-A10B, text_config (ai-dynamo/aiconfigurator
// model_configs/Qwen--Qwen3.5-122B-A10B_config.json, corpus aic-qwen-qwen3-5-122b-a10b.json;
// nvidia/Qwen3.5-122B-A10B-NVFP4's, aic-nvidia-qwen3-5-122b-a10b-nvfp4.json, the same model):
// num_hidden_layers 48 (36 Gated DeltaNet, 12 full attention), hidden_size 3072,
// num_attention_heads 32, num_key_value_heads 2, head_dim 256, linear_num_key_heads 16,
// linear_num_value_heads 64, linear_key_head_dim 128, linear_value_head_dim 128,
// linear_conv_kernel_dim 4, num_experts 256 (top 8, moe_intermediate_size 1024),
// shared_expert_intermediate_size 1024, vocab_size 248320 (untied), max_position_embeddings
// 262144, dtype bfloat16, mamba_ssm_dtype float32. 122,562,825,840 parameters by the reader
// (122,111,526,912 without the estimated vision tower; card: 122B), 10B active (card; the
// reader: 9.77B for the language model). No Qwen FP8 checkpoint was verified. nvidia NVFP4:
// quant_algo NVFP4, kv_cache_scheme fp8.
inline constexpr model qwen3_5_122b_a10b{
    .name = "qwen3.5-122b-a10b",
    .hf_id = "Qwen/Qwen3.5-122B-A10B",
    .model_type = "qwen3_5_moe",
    .source = "config.json and NVFP4 config.json (ai-dynamo/aiconfigurator copies); kvplan's config "
              "reader (vision tower estimated from vision_config); model card",
    .hidden_size = 3072,
    .num_attention_heads = 32,
    .vocab_size = 248320,
    .intermediate_size = 1024,
    .moe_intermediate_size = 1024,
    .num_experts_per_tok = 8,
    .max_model_len = 262144,
    .torch_dtype = dtype::bfloat16,
    .mamba_ssm_cache_dtype = dtype::float32,
    .total_params = 122'562'825'840,
    .active_params = 10'000'000'000,
    .expert_params = 48LL * 256 * 3 * 3072 * 1024,
    .replicated_params = 48LL * 3072 * 256,
    .router_params = 48LL * 3072 * 256,
    // RoPE: MRoPE (mrope.py) caches 4 x 262,144 positions, x 64 (partial_rotary_factor 0.25 of 256) x 2 B.
    .rope_cache_bytes = 4 * 262144LL * 64 * 2,
    .layers = periodic_layers(48, 4, gated_deltanet(16, 64, 128, 128, 4), full_attention(2, 256)),
    .checkpoints = {{"Qwen/Qwen3.5-122B-A10B", dtype::bfloat16, 0},
                    // ModelOpt keeps attention and shared / dense MLPs unquantized: experts only.
                    {"nvidia/Qwen3.5-122B-A10B-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, true}},
    .num_mtp_layers = 1,
    .mtp_layer = full_attention(2, 256),
    .vision = qwen3_vl_vision(3072),
    .vision_params = 451'298'928,
};

// Qwen/Qwen3.6-35B-A3B, text_config (ai-dynamo/aiconfigurator
// src/aiconfigurator/model_configs/Qwen--Qwen3.6-35B-A3B_config.json, corpus
// aic-qwen-qwen3-6-35b-a3b.json; nvidia/Qwen3.6-35B-A3B-NVFP4's, aic-nvidia-qwen3-6-35b-a3b-nvfp4.json,
// the same model; Qwen3.5-35B-A3B, sgl-project/ome's qwen3_5_35b_a3b.json, has the same
// architecture): num_hidden_layers 40 (30 Gated DeltaNet, 10 full attention), hidden_size 2048,
// num_attention_heads 16, num_key_value_heads 2, head_dim 256, linear_num_key_heads 16,
// linear_num_value_heads 32, linear_key_head_dim 128, linear_value_head_dim 128,
// linear_conv_kernel_dim 4, num_experts 256 (top 8, moe_intermediate_size 512),
// shared_expert_intermediate_size 512, vocab_size 248320 (untied), max_position_embeddings
// 262144, dtype bfloat16, mamba_ssm_dtype float32. 35,107,190,000 parameters by the reader
// (34,660,610,688 without the estimated vision tower; card: 35B), 3B active (card; the reader:
// 3.45B for the language model). Qwen/Qwen3.6-35B-A3B-FP8: Qwen's FP8 release (config not in
// the corpus; a third-party FP8 card gives its format: quant_method fp8, e4m3, 128 x 128
// blocks). nvidia NVFP4: quant_algo MIXED_PRECISION (W4A16_NVFP4 experts, FP8 attention), no
// kv_cache_scheme.
inline constexpr model qwen3_6_35b_a3b{
    .name = "qwen3.6-35b-a3b",
    .hf_id = "Qwen/Qwen3.6-35B-A3B",
    .model_type = "qwen3_5_moe",
    .source = "config.json and NVFP4 config.json (ai-dynamo/aiconfigurator copies); kvplan's config "
              "reader (vision tower estimated from vision_config); model card",
    .hidden_size = 2048,
    .num_attention_heads = 16,
    .vocab_size = 248320,
    .intermediate_size = 512,
    .moe_intermediate_size = 512,
    .num_experts_per_tok = 8,
    .max_model_len = 262144,
    .torch_dtype = dtype::bfloat16,
    .mamba_ssm_cache_dtype = dtype::float32,
    .total_params = 35'107'190'000,
    .active_params = 3'000'000'000,
    .expert_params = 40LL * 256 * 3 * 2048 * 512,
    .replicated_params = 40LL * 2048 * 256,
    .router_params = 40LL * 2048 * 256,
    // RoPE: MRoPE (mrope.py) caches 4 x 262,144 positions, x 64 (partial_rotary_factor 0.25 of 256) x 2 B.
    .rope_cache_bytes = 4 * 262144LL * 64 * 2,
    .layers = periodic_layers(40, 4, gated_deltanet(16, 32, 128, 128, 4), full_attention(2, 256)),
    .checkpoints = {{"Qwen/Qwen3.6-35B-A3B", dtype::bfloat16, 0},
                    {"Qwen/Qwen3.6-35B-A3B-FP8", dtype::fp8_e4m3, 0, "fp8"},
                    {"nvidia/Qwen3.6-35B-A3B-NVFP4", dtype::nvfp4, 0, "modelopt_mixed"}},
    .num_mtp_layers = 1,
    .mtp_layer = full_attention(2, 256),
    .vision = qwen3_vl_vision(2048),
    .vision_params = 446'579'312,
};

// Qwen/Qwen3.6-27B (Qwen3_5ForConditionalGeneration, model_type qwen3_5): the corpus holds
// nvidia/Qwen3.6-27B-NVFP4's config.json (ai-dynamo/aiconfigurator
// model_configs/nvidia--Qwen3.6-27B-NVFP4_config.json, aic-nvidia-qwen3-6-27b-nvfp4.json), not
// Qwen's own; its text_config (Qwen3.5-27B's, sgl-project/ome qwen3_5_27b.json, agrees key for
// key on the architecture): num_hidden_layers 64 (48 Gated DeltaNet, 16 full attention),
// hidden_size 5120, num_attention_heads 24, num_key_value_heads 4, head_dim 256,
// linear_num_key_heads 16, linear_num_value_heads 48, linear_key_head_dim 128,
// linear_value_head_dim 128, linear_conv_kernel_dim 4, intermediate_size 17408 (dense),
// vocab_size 248320 (untied), max_position_embeddings 262144, dtype bfloat16, mamba_ssm_dtype
// float32. 27,356,736,624 parameters by the reader (26,895,998,464 without the estimated vision
// tower; card: 27B). Qwen/Qwen3.6-27B-FP8: Qwen's FP8 release (config not in the corpus; its
// card: fine-grained fp8, block size 128). nvidia NVFP4: quant_algo MIXED_PRECISION
// (W4A16_NVFP4 MLPs, FP8 attention and linear-attention projections) with kv_cache_scheme fp8.
inline constexpr model qwen3_6_27b{
    .name = "qwen3.6-27b",
    .hf_id = "Qwen/Qwen3.6-27B",
    .model_type = "qwen3_5",
    .source = "nvidia/Qwen3.6-27B-NVFP4 config.json (ai-dynamo/aiconfigurator copy); kvplan's config "
              "reader (vision tower estimated from vision_config); model card",
    .hidden_size = 5120,
    .num_attention_heads = 24,
    .vocab_size = 248320,
    .intermediate_size = 17408,
    .max_model_len = 262144,
    .torch_dtype = dtype::bfloat16,
    .mamba_ssm_cache_dtype = dtype::float32,
    .total_params = 27'356'736'624,
    .active_params = 27'356'736'624,
    // RoPE: MRoPE (mrope.py) caches 4 x 262,144 positions, x 64 (partial_rotary_factor 0.25 of 256) x 2 B.
    .rope_cache_bytes = 4 * 262144LL * 64 * 2,
    .layers = periodic_layers(64, 4, gated_deltanet(16, 48, 128, 128, 4), full_attention(4, 256)),
    .checkpoints = {{"Qwen/Qwen3.6-27B", dtype::bfloat16, 0},
                    {"Qwen/Qwen3.6-27B-FP8", dtype::fp8_e4m3, 0, "fp8"},
                    {"nvidia/Qwen3.6-27B-NVFP4", dtype::nvfp4, 0, "modelopt_mixed", cache_dtype::fp8_e4m3}},
    .num_mtp_layers = 1,
    .mtp_layer = full_attention(4, 256),
    .vision = qwen3_vl_vision(5120),
    .vision_params = 460'738'160,
};

}  // namespace kvplan::inline v0::models
