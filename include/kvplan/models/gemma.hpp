// Google Gemma 3: five sliding-window (1024-token) layers to one global layer.
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
    .tie_word_embeddings = true,
    .layers = periodic_layers(62, 6, sliding_window(16, 128, 1024), full_attention(16, 128)),
    .checkpoints = {{"google/gemma-3-27b-it", dtype::bfloat16, 0}},
};

}  // namespace kvplan::inline v0::models
