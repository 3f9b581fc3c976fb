// Google Gemma 3 and Gemma 4: five sliding-window (1024-token) layers to one global layer.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// google/gemma-3-27b-it (Gemma3ForConditionalGeneration; text model_type gemma3_text; no
// --trust-remote-code), text_config (brb-nv/TensorRT-LLM test_modeling_gemma3vl.py
// GEMMA3_27B_MINI_CONFIG, a copy of the Hub file with only the test's layer count and window
// changed): num_hidden_layers 62, hidden_size 5376, num_attention_heads 32,
// num_key_value_heads 16, head_dim 128, intermediate_size 21504, sliding_window 1024. The file
// omits sliding_window_pattern, max_position_embeddings, vocab_size and tie_word_embeddings,
// so transformers' Gemma3TextConfig defaults apply: pattern 6 (layer i is global when
// (i + 1) % 6 == 0: layers 5, 11, ..., 59), 131072, 262208, tied. bfloat16. vision_config
// (same copy): SigLIP, hidden_size 1152, intermediate_size 4304, 27 layers, image_size 896,
// patch_size 14, no head. 27,432,406,640 parameters (HF API safetensors.total, and llama.cpp's
// n_params): the count includes the 0.42B vision tower and projector, which vLLM loads too.
inline constexpr model gemma_3_27b{
    .name = "gemma-3-27b",
    .hf_id = "google/gemma-3-27b-it",
    .model_type = "gemma3",
    .source = "text_config and vision_config (TensorRT-LLM test fixture copy); transformers "
              "Gemma3TextConfig defaults; HF API safetensors.total",
    .hidden_size = 5376,
    .num_attention_heads = 32,
    .vocab_size = 262208,
    .intermediate_size = 21504,
    .max_model_len = 131072,
    .torch_dtype = dtype::bfloat16,
    .total_params = 27'432'406'640,
    .active_params = 27'432'406'640,
    // RoPE: the sliding layers' 131,072 x 128 and the global layers' linear-scaled 131,072 x 8 x 128; 2 B.
    .rope_cache_bytes = (131072LL + 131072LL * 8) * 128 * 2,
    .tie_word_embeddings = true,
    .layers = periodic_layers(62, 6, sliding_window(16, 128, 1024), full_attention(16, 128)),
    .checkpoints = {{"google/gemma-3-27b-it", dtype::bfloat16, 0}},
    .vision = gemma3_siglip(5376, 27, 1152, 4304, 16, 896, 14),
    .vision_params = 423'060'336,
};

// Gemma 4 (Gemma4ForConditionalGeneration, model_type gemma4, text model_type gemma4_text; no
// --trust-remote-code): layer_types lists five "sliding_attention" layers then one
// "full_attention" (layers 5, 11, ..., the last layer full as Gemma4TextConfig requires).
// Sliding layers cache num_key_value_heads x head_dim 256 over sliding_window 1024 tokens; full
// layers cache global_head_dim 512 with attention_k_eq_v true, so num_global_key_value_heads
// heads (K and V are one projection, but vLLM still gives them separate cache slots).
// use_bidirectional_attention "vision" (not "all": the window is not halved),
// num_kv_shared_layers 0, hidden_size_per_layer_input 0 (no per-layer embeddings),
// tie_word_embeddings true. vision_config (27 layers, hidden_size 1152, intermediate_size 4304,
// patch_size 16, position_embedding_size 10240, pooling_kernel_size 3): the reader estimates
// the tower at 0.44B (the card: ~550M). The reader also counts a v_proj on the full layers,
// which attention_k_eq_v removes (K doubles as V; ports of the model list "no v_proj" there):
// its counts are high by full layers x hidden_size x num_global_key_value_heads x 512, and its
// language-model count less that is what the cards round. total_params is the reader's all the
// same, as for every registry entry read from a corpus config. nvidia NVFP4 checkpoints:
// quant_method modelopt, quant_algo NVFP4, kv_cache_scheme of 8-bit floats (fp8 KV).

// google/gemma-4-31B-it, text_config of nvidia/Gemma-4-31B-IT-NVFP4's config.json
// (ai-dynamo/aiconfigurator model_configs/nvidia--Gemma-4-31B-IT-NVFP4_config.json, corpus
// aic-nvidia-gemma-4-31b-it-nvfp4.json). The corpus's other copy, sgl-project/ome
// gemma4_31b.json, is stripped: it lacks attention_k_eq_v and num_global_key_value_heads, so
// it reads as 16 KV heads of 512 on the full layers, which is not the model. num_hidden_layers
// 60 (50 sliding, 10 full), hidden_size 5376, num_attention_heads 32, num_key_value_heads 16,
// num_global_key_value_heads 4, head_dim 256, global_head_dim 512, sliding_window 1024,
// intermediate_size 21504, vocab_size 262144, max_position_embeddings 262144, dtype bfloat16.
// 31,383,186,992 parameters by the reader: 30,807,445,760 without the vision tower (575,741,232:
// params::gemma4_vision), 30,697,345,280 without the 10 x 5376 x 4 x 512 = 110,100,480 of
// v_proj either (NVIDIA's card for the model: 30.7B).
inline constexpr model gemma_4_31b{
    .name = "gemma-4-31b",
    .hf_id = "google/gemma-4-31B-it",
    .model_type = "gemma4",
    .source = "nvidia/Gemma-4-31B-IT-NVFP4 config.json (ai-dynamo/aiconfigurator copy); kvplan's "
              "config reader (the vision tower counted from vision_config); model card",
    .hidden_size = 5376,
    .num_attention_heads = 32,
    .vocab_size = 262144,
    .intermediate_size = 21504,
    .max_model_len = 262144,
    .torch_dtype = dtype::bfloat16,
    .total_params = 31'383'186'992,
    .active_params = 31'383'186'992,
    // RoPE: the sliding layers' 262,144 x 256 and the full layers' proportional 262,144 x 512; 2 B.
    .rope_cache_bytes = 262144LL * (256 + 512) * 2,
    .tie_word_embeddings = true,
    .layers = periodic_layers(60, 6, sliding_window(16, 256, 1024), full_attention(4, 512)),
    .checkpoints = {{"google/gemma-4-31B-it", dtype::bfloat16, 0},
                    {"nvidia/Gemma-4-31B-IT-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3}},
    .vision_params = 575'741'232,
};

// google/gemma-4-26B-A4B-it, text_config of google/gemma-4-26B-A4B's config.json (the
// pre-trained model's; ai-dynamo/aiconfigurator model_configs/google--gemma-4-26B-A4B_config.json,
// corpus aic-google-gemma-4-26b-a4b.json). nvidia/Gemma-4-26B-A4B-NVFP4's
// (aic-nvidia-gemma-4-26b-a4b-nvfp4.json, quantized from the -it model: eos_token_id [1, 106])
// differs from it only there and in quantization_config; sgl-project/ome gemma4_26b_a4b.json
// is stripped as the 31B copy is. num_hidden_layers 30 (25 sliding, 5 full), hidden_size 2816,
// num_attention_heads 16, num_key_value_heads 8, num_global_key_value_heads 2, head_dim 256,
// global_head_dim 512, sliding_window 1024, intermediate_size 2112 (a dense MLP in every
// layer) and enable_moe_block true: num_experts 128 beside it (top_k_experts 8,
// moe_intermediate_size 704), vocab_size 262144, max_position_embeddings 262144, dtype
// bfloat16. 25,820,351,792 parameters by the reader: 25,247,559,680 without the vision tower
// (572,792,112, its embedder to 2,816), 25,233,141,760 without the 5 x 2816 x 2 x 512 =
// 14,417,920 of v_proj either
// (card: 25.2B); 3.8B active (card; the reader: 3.84B for the language model).
inline constexpr model gemma_4_26b_a4b{
    .name = "gemma-4-26b-a4b",
    .hf_id = "google/gemma-4-26B-A4B-it",
    .model_type = "gemma4",
    .source = "google/gemma-4-26B-A4B and NVFP4 config.json (ai-dynamo/aiconfigurator copies); "
              "kvplan's config reader (the vision tower counted from vision_config); model card",
    .hidden_size = 2816,
    .num_attention_heads = 16,
    .vocab_size = 262144,
    .intermediate_size = 2112,
    .moe_intermediate_size = 704,
    .num_experts_per_tok = 8,
    .max_model_len = 262144,
    .torch_dtype = dtype::bfloat16,
    .total_params = 25'820'351'792,
    .active_params = 3'800'000'000,
    .expert_params = 30LL * 128 * 3 * 2816 * 704,
    .replicated_params = 30LL * 2816 * 128,
    .router_params = 30LL * 2816 * 128,
    // RoPE: the sliding layers' 262,144 x 256 and the full layers' proportional 262,144 x 512; 2 B.
    .rope_cache_bytes = 262144LL * (256 + 512) * 2,
    .tie_word_embeddings = true,
    .layers = periodic_layers(30, 6, sliding_window(8, 256, 1024), full_attention(2, 512)),
    .checkpoints = {{"google/gemma-4-26B-A4B-it", dtype::bfloat16, 0},
                    // ModelOpt keeps attention and shared / dense MLPs unquantized: experts only.
                    {"nvidia/Gemma-4-26B-A4B-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, true}},
    .vision_params = 572'792'112,
};

}  // namespace kvplan::inline v0::models
