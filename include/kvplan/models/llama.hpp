// Meta Llama 2, 3, 3.1 and 3.3: full GQA (MHA for Llama-2 7B/13B) in every layer.
// SPDX-License-Identifier: Apache-2.0
//
// Numbers are config.json values (num_hidden_layers, hidden_size, num_attention_heads,
// num_key_value_heads, head_dim = hidden_size / num_attention_heads = 128, vocab_size,
// max_position_embeddings, torch_dtype) from verbatim copies: Llama-2 and Meta-Llama-3-8B in
// Girafboy/pytorchKQI example/evaluate.py; Llama-3.1 in ai-dynamo/aiconfigurator
// aic-core/.../model_configs/meta-llama--Meta-Llama-3.1-*_config.json. Checkpoint bytes are
// safetensors metadata.total_size; parameter counts are the Hugging Face API's
// safetensors.total (as quoted by third-party registries), or total_size / 2 for the
// bf16/fp16 checkpoints. Llama-2 checkpoints also store 64 fp32 rotary inv_freq values per
// layer (256 B), which are buffers, not parameters: they are taken out of the counts.
// No Llama 2 / 3 checkpoint needs --trust-remote-code (model_type llama).
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// meta-llama/Llama-2-7b-hf: 32 layers, hidden 4096, 32 heads, 32 KV heads (MHA), intermediate
// 11008, vocab 32000, max_position_embeddings 4096, float16. total_size 13,476,839,424 =
// 2 x 6,738,415,616 params + 32 x 256 B (quoted 2-shard index; the HF API count of the
// NousResearch mirror, 6,738,417,664, is the same plus the 32 x 64 inv_freq values).
inline constexpr model llama_2_7b{
    .name = "llama-2-7b",
    .hf_id = "meta-llama/Llama-2-7b-hf",
    .model_type = "llama",
    .source = "config.json (Girafboy/pytorchKQI copy); model.safetensors.index.json total_size",
    .hidden_size = 4096,
    .num_attention_heads = 32,
    .vocab_size = 32000,
    .intermediate_size = 11008,
    .max_model_len = 4096,
    .torch_dtype = dtype::float16,
    .total_params = 6'738'415'616,
    .active_params = 6'738'415'616,
    .layers = uniform_layers(32, full_attention(32, 128)),
    .checkpoints = {{"meta-llama/Llama-2-7b-hf", dtype::float16, 13'476'839'424}},
};

// meta-llama/Llama-2-13b-hf: 40 layers, hidden 5120, 40 heads, 40 KV heads (MHA), intermediate
// 13824, vocab 32000, max_position_embeddings 4096, float16. HF API count of the NousResearch
// mirror 13,015,866,880 less 40 x 64 inv_freq values = 13,015,864,320. total_size not found.
inline constexpr model llama_2_13b{
    .name = "llama-2-13b",
    .hf_id = "meta-llama/Llama-2-13b-hf",
    .model_type = "llama",
    .source = "config.json (Girafboy/pytorchKQI copy); HF API safetensors.total (kvfit registry quote)",
    .hidden_size = 5120,
    .num_attention_heads = 40,
    .vocab_size = 32000,
    .intermediate_size = 13824,
    .max_model_len = 4096,
    .torch_dtype = dtype::float16,
    .total_params = 13'015'864'320,
    .active_params = 13'015'864'320,
    .layers = uniform_layers(40, full_attention(40, 128)),
    .checkpoints = {{"meta-llama/Llama-2-13b-hf", dtype::float16, 0}},
};

// meta-llama/Llama-2-70b-hf: 80 layers, hidden 8192, 64 heads, 8 KV heads (GQA), intermediate
// 28672, vocab 32000, max_position_embeddings 4096, float16. total_size 137,953,316,864 =
// 2 x 68,976,648,192 params + 80 x 256 B.
inline constexpr model llama_2_70b{
    .name = "llama-2-70b",
    .hf_id = "meta-llama/Llama-2-70b-hf",
    .model_type = "llama",
    .source = "config.json (Girafboy/pytorchKQI copy); model.safetensors.index.json total_size",
    .hidden_size = 8192,
    .num_attention_heads = 64,
    .vocab_size = 32000,
    .intermediate_size = 28672,
    .max_model_len = 4096,
    .torch_dtype = dtype::float16,
    .total_params = 68'976'648'192,
    .active_params = 68'976'648'192,
    .layers = uniform_layers(80, full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Llama-2-70b-hf", dtype::float16, 137'953'316'864}},
};

// meta-llama/Meta-Llama-3-8B-Instruct: config.json of Meta-Llama-3-8B (verbatim; the Instruct
// file differs only in eos_token_id): 32 layers, hidden 4096, 32 heads, 8 KV heads,
// intermediate 14336, vocab 128256, max_position_embeddings 8192 (rope_theta 500000, no
// rope_scaling), bfloat16. total_size 16,060,522,496 = 2 x 8,030,261,248 (HF API count of
// the Instruct repo: 8,030,261,248).
inline constexpr model llama_3_8b{
    .name = "llama-3-8b",
    .hf_id = "meta-llama/Meta-Llama-3-8B-Instruct",
    .model_type = "llama",
    .source = "config.json (Girafboy/pytorchKQI copy of Meta-Llama-3-8B); total_size; HF API count",
    .hidden_size = 4096,
    .num_attention_heads = 32,
    .vocab_size = 128256,
    .intermediate_size = 14336,
    .max_model_len = 8192,
    .torch_dtype = dtype::bfloat16,
    .total_params = 8'030'261'248,
    .active_params = 8'030'261'248,
    .layers = uniform_layers(32, full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Meta-Llama-3-8B-Instruct", dtype::bfloat16, 16'060'522'496}},
};

// meta-llama/Meta-Llama-3-70B-Instruct: no verbatim config.json was found (UNVERIFIED); the
// values are Meta's params.json for Meta-Llama-3-70B (80 layers, dim 8192, 64 heads, 8 KV
// heads, vocab 128256) and the model card's 8K context, i.e. the Llama-3.1-70B config with
// max_position_embeddings 8192 and no rope_scaling. bfloat16. 70,553,706,496 parameters (HF
// API count of the NousResearch/Meta-Llama-3-70B mirror, kvfit registry quote).
inline constexpr model llama_3_70b{
    .name = "llama-3-70b",
    .hf_id = "meta-llama/Meta-Llama-3-70B-Instruct",
    .model_type = "llama",
    .source = "meta-llama/llama3 params.json and MODEL_CARD.md (config.json unverified); HF API count",
    .hidden_size = 8192,
    .num_attention_heads = 64,
    .vocab_size = 128256,
    .intermediate_size = 28672,
    .max_model_len = 8192,
    .torch_dtype = dtype::bfloat16,
    .total_params = 70'553'706'496,
    .active_params = 70'553'706'496,
    .layers = uniform_layers(80, full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Meta-Llama-3-70B-Instruct", dtype::bfloat16, 0}},
};

// meta-llama/Llama-3.2-1B-Instruct and -3B-Instruct (model_type llama), config.json
// (sgl-project/ome copies): 1B 16 layers, hidden 2048, 32 heads, 8 KV heads, head_dim 64,
// intermediate 8192; 3B 28 layers, hidden 3072, 24 heads, 8 KV heads, head_dim 128,
// intermediate 8192; both vocab 128256 tied, max_position_embeddings 131072 (rope_type llama3,
// factor 32 over 8192), bfloat16. Parameters counted from the shapes (the formula gives the
// 3.1-8B's 8,030,261,248): 1,235,814,400 and 3,212,749,824 (model cards: 1.23B, 3.21B).
inline constexpr model llama_3_2_1b = dense_model(
    {.name = "llama-3.2-1b", .hf_id = "meta-llama/Llama-3.2-1B-Instruct", .model_type = "llama",
     .source = "config.json (sgl-project/ome copy); parameters counted",
     .hidden_size = 2048, .num_attention_heads = 32, .num_kv_heads = 8, .head_dim = 64,
     .intermediate_size = 8192, .num_layers = 16, .vocab_size = 128256, .max_model_len = 131072,
     .params = 1'235'814'400, .tie_word_embeddings = true},
    {{"meta-llama/Llama-3.2-1B-Instruct", dtype::bfloat16, 0}});

inline constexpr model llama_3_2_3b = dense_model(
    {.name = "llama-3.2-3b", .hf_id = "meta-llama/Llama-3.2-3B-Instruct", .model_type = "llama",
     .source = "config.json (sgl-project/ome copy); parameters counted",
     .hidden_size = 3072, .num_attention_heads = 24, .num_kv_heads = 8, .head_dim = 128,
     .intermediate_size = 8192, .num_layers = 28, .vocab_size = 128256, .max_model_len = 131072,
     .params = 3'212'749'824, .tie_word_embeddings = true},
    {{"meta-llama/Llama-3.2-3B-Instruct", dtype::bfloat16, 0}});

// meta-llama/Llama-3.1-8B-Instruct: 32 layers, hidden 4096, 32 heads, 8 KV heads, vocab
// 128256, max_position_embeddings 131072 (rope_type llama3, factor 8 over 8192: vLLM does not
// scale llama3 RoPE again), bfloat16. total_size 16,060,522,496 = 2 x 8,030,261,248 (the HF
// API count of the repo). The NVIDIA FP8 / FP4 checkpoints' hf_quant_config.json was not read
// here; their FP8 KV scheme is assumed from the 70B FP8 one (UNVERIFIED).
inline constexpr model llama_3_1_8b{
    .name = "llama-3.1-8b",
    .hf_id = "meta-llama/Llama-3.1-8B-Instruct",
    .model_type = "llama",
    .source = "config.json (ai-dynamo/aiconfigurator copy); model.safetensors.index.json total_size",
    .hidden_size = 4096,
    .num_attention_heads = 32,
    .vocab_size = 128256,
    .intermediate_size = 14336,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 8'030'261'248,
    .active_params = 8'030'261'248,
    .layers = uniform_layers(32, full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Llama-3.1-8B-Instruct", dtype::bfloat16, 16'060'522'496},
                    {"nvidia/Llama-3.1-8B-Instruct-FP8", dtype::fp8_e4m3, 0, "modelopt", cache_dtype::fp8_e4m3},
                    {"nvidia/Llama-3.1-8B-Instruct-FP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3}},
};

// meta-llama/Llama-3.1-70B-Instruct: 80 layers, hidden 8192, 64 heads, 8 KV heads, vocab
// 128256, max_position_embeddings 131072, bfloat16. total_size 141,107,412,992 =
// 2 x 70,553,706,496. nvidia/Llama-3.1-70B-Instruct-FP8 hf_quant_config: quant_algo FP8,
// kv_cache_quant_algo FP8.
inline constexpr model llama_3_1_70b{
    .name = "llama-3.1-70b",
    .hf_id = "meta-llama/Llama-3.1-70B-Instruct",
    .model_type = "llama",
    .source = "config.json (ai-dynamo/aiconfigurator copy); model.safetensors.index.json total_size",
    .hidden_size = 8192,
    .num_attention_heads = 64,
    .vocab_size = 128256,
    .intermediate_size = 28672,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 70'553'706'496,
    .active_params = 70'553'706'496,
    .layers = uniform_layers(80, full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Llama-3.1-70B-Instruct", dtype::bfloat16, 141'107'412'992},
                    {"nvidia/Llama-3.1-70B-Instruct-FP8", dtype::fp8_e4m3, 0, "modelopt", cache_dtype::fp8_e4m3}},
};

// meta-llama/Llama-3.1-405B-Instruct: config.json (ai-dynamo/aiconfigurator copy of
// Meta-Llama-3.1-405B): 126 layers, hidden 16384, 128 heads, 8 KV heads, intermediate 53248,
// vocab 128256, max_position_embeddings 131072 (llama3 RoPE, factor 8 over 8192), bfloat16.
// 405,853,388,800 parameters (HF API count of meta-llama/Llama-3.1-405B, quoted with its
// commit by several third-party sources). total_size not found. Meta's own FP8 checkpoint
// loads with --quantization fbgemm_fp8 (its config was not read here) and asks for no KV
// scheme; it keeps attention in bf16, so the 1-byte-a-parameter estimate is slightly low.
// NVIDIA's ModelOpt FP8 one's hf_quant_config.json was not read: no KV scheme is assumed.
inline constexpr model llama_3_1_405b{
    .name = "llama-3.1-405b",
    .hf_id = "meta-llama/Llama-3.1-405B-Instruct",
    .model_type = "llama",
    .source = "config.json (ai-dynamo/aiconfigurator copy); HF API safetensors.total (third-party quotes)",
    .hidden_size = 16384,
    .num_attention_heads = 128,
    .vocab_size = 128256,
    .intermediate_size = 53248,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 405'853'388'800,
    .active_params = 405'853'388'800,
    .layers = uniform_layers(126, full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Llama-3.1-405B-Instruct", dtype::bfloat16, 0},
                    {"meta-llama/Llama-3.1-405B-Instruct-FP8", dtype::fp8_e4m3, 0, "fbgemm_fp8"},
                    {"nvidia/Llama-3.1-405B-Instruct-FP8", dtype::fp8_e4m3, 0, "modelopt"}},
};

// meta-llama/Llama-3.3-70B-Instruct: config.json (BudEcosystem/simulator model_param_test.py
// config_llama_70b, unlabelled but transformers 4.47.0.dev0 and head_dim 128 fit 3.3): the
// Llama-3.1-70B architecture (80 layers, hidden 8192, 64 heads, 8 KV heads, head_dim 128,
// vocab 128256, max_position_embeddings 131072, llama3 RoPE), bfloat16. 70,553,706,496
// parameters (HF API count). NVIDIA's FP8 / FP4 checkpoints' hf_quant_config.json was not
// read: no KV scheme is assumed for them.
inline constexpr model llama_3_3_70b{
    .name = "llama-3.3-70b",
    .hf_id = "meta-llama/Llama-3.3-70B-Instruct",
    .model_type = "llama",
    .source = "config.json (BudEcosystem/simulator copy); HF API safetensors.total",
    .hidden_size = 8192,
    .num_attention_heads = 64,
    .vocab_size = 128256,
    .intermediate_size = 28672,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 70'553'706'496,
    .active_params = 70'553'706'496,
    .layers = uniform_layers(80, full_attention(8, 128)),
    .checkpoints = {{"meta-llama/Llama-3.3-70B-Instruct", dtype::bfloat16, 0},
                    {"nvidia/Llama-3.3-70B-Instruct-FP8", dtype::fp8_e4m3, 0, "modelopt"},
                    {"nvidia/Llama-3.3-70B-Instruct-FP4", dtype::nvfp4, 0, "modelopt_fp4"}},
};

}  // namespace kvplan::inline v0::models
