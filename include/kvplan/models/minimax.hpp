// MiniMax: MiniMax-M2 / M2.5 / M2.7 (full softmax GQA) and MiniMax-M1 / Text-01 (lightning
// attention hybrid).
// SPDX-License-Identifier: Apache-2.0
//
// Active parameter counts from MiniMax exclude both embedding tables (M1: 45.9B; the config
// gives 45.94B without them, 48.4B with them).
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

// MiniMaxAI/MiniMax-M2 (model_type minimax_m2, MiniMaxM2ForCausalLM): a "byte-for-byte copy of
// the real MiniMax-M2 config.json arch block" in a Rust test (repository not identified) and
// the M2.5 config (ai-dynamo/aiconfigurator copy) agree: num_hidden_layers 62, all softmax
// attention (attn_type_list all 1, sliding_window null), hidden_size 3072,
// num_attention_heads 48, num_key_value_heads 8, head_dim 128 (48 x 128 != 3072), per-layer
// q/k RMSNorm over the whole projection, rotary_dim 64, num_local_experts 256 (top 8,
// intermediate_size 1536, no shared expert), vocab_size 200064 (untied),
// max_position_embeddings 196608, fp8 e4m3 weights in 128x128 blocks (quant_method fp8; gate
// and lm_head unquantized), computed in bfloat16. use_mtp with 3 MTP modules, not part of the
// main model. The repo's config comes through auto_map and transformers added minimax_m2
// only recently: --trust-remote-code. 228,689,764,864 parameters (HF API count of M2 and
// M2.7; llama.cpp's n_params for M2 agrees), 10B active (MiniMax README: 230B / 10B).
inline constexpr model minimax_m2{
    .name = "minimax-m2",
    .hf_id = "MiniMaxAI/MiniMax-M2",
    .model_type = "minimax_m2",
    .source = "config.json (near-verbatim arch block; aiconfigurator M2.5 copy); HF API "
              "safetensors.total; MiniMax README",
    .hidden_size = 3072,
    .num_attention_heads = 48,
    .vocab_size = 200064,
    .moe_intermediate_size = 1536,
    .num_experts_per_tok = 8,
    .max_model_len = 196608,
    .torch_dtype = dtype::bfloat16,
    .total_params = 228'689'764'864,
    .active_params = 10'000'000'000,
    .expert_params = 62LL * 256 * 3 * 3072 * 1536,
    .replicated_params = 62LL * (3072 * 256 + 256),
    .router_params = 62LL * (3072 * 256 + 256),
    .router_dtype = dtype::float32,
    // RoPE: rotary_dim 64 of head_dim 128: 196,608 positions x 64 x 2 B.
    .rope_cache_bytes = 196608LL * 64 * 2,
    .trust_remote_code = true,
    .layers = uniform_layers(62, full_attention(8, 128)),
    .checkpoints = {{"MiniMaxAI/MiniMax-M2", dtype::fp8_e4m3, 0, "fp8"}},
};

// MiniMaxAI/MiniMax-M2.5: the M2 architecture (ai-dynamo/aiconfigurator copies of its config
// and of nvidia/MiniMax-M2.5-NVFP4's, whose attn_type_list is 62 x 1 and dtype bfloat16).
// 228,703,644,928 parameters (HF API; it counts the 13,880,064 fp32 block scales of the fp8
// weights too), 10B active. nvidia/MiniMax-M2.5-NVFP4 hf_quant_config: quant_algo NVFP4,
// kv_cache_quant_algo FP8 (attention and routers unquantized).
inline constexpr model minimax_m2_5 = [] {
  model m = minimax_m2;
  m.name = "minimax-m2.5";
  m.hf_id = "MiniMaxAI/MiniMax-M2.5";
  m.source = "config.json and NVFP4 config / hf_quant_config.json (ai-dynamo/aiconfigurator copies); "
             "HF API safetensors.total";
  m.total_params = 228'703'644'928;
  m.checkpoints = {{"MiniMaxAI/MiniMax-M2.5", dtype::fp8_e4m3, 0, "fp8"},
                   // ModelOpt keeps attention and shared / dense MLPs unquantized: experts only.
                   {"nvidia/MiniMax-M2.5-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, true}};
  return m;
}();

// MiniMaxAI/MiniMax-M2.7 (minimax_m2), config.json (ai-dynamo/aiconfigurator
// model_configs/MiniMaxAI--MiniMax-M2.7_config.json, corpus aic-minimaxai-minimax-m2-7.json): the
// M2.5 keys but max_position_embeddings 204800 (M2.5: 196608), an explicit attn_type_list of
// 62 x 1 (softmax attention everywhere) and dtype bfloat16; fp8 e4m3 weights in 128 x 128
// blocks (quant_method fp8). 228,689,764,864 parameters by the reader (the HF API count of M2
// and M2.7, minimax_m2 above); 10B
// active (MiniMax's "230B total, 10B active", as cards of NVFP4 requantizations quote it; the
// MiniMax card itself was not read). nvidia/MiniMax-M2.7-NVFP4's config.json
// (aic-nvidia-minimax-m2-7-nvfp4.json): quant_method modelopt, quant_algo NVFP4, kv_cache_scheme
// of 8-bit floats (fp8 KV); it says max_position_embeddings 196608, M2.5's, where MiniMax's own
// says 204800. The registry keeps MiniMax's; vLLM serving the NVFP4 checkpoint derives 196608
// from that checkpoint's config, and a checkpoint here has no length of its own, so a plan for
// it may allow up to 204800 where vLLM stops at 196608.
inline constexpr model minimax_m2_7 = [] {
  model m = minimax_m2;
  m.name = "minimax-m2.7";
  m.hf_id = "MiniMaxAI/MiniMax-M2.7";
  m.source = "config.json and NVFP4 config.json (ai-dynamo/aiconfigurator copies); kvplan's config "
             "reader; NVFP4 model cards quoting MiniMax";
  m.max_model_len = 204800;
  // RoPE: 204,800 positions x rotary_dim 64 x 2 B.
  m.rope_cache_bytes = 204800LL * 64 * 2;
  m.checkpoints = {{"MiniMaxAI/MiniMax-M2.7", dtype::fp8_e4m3, 0, "fp8"},
                   // ModelOpt keeps attention and shared / dense MLPs unquantized: experts only.
                   {"nvidia/MiniMax-M2.7-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, true}};
  return m;
}();

// MiniMaxAI/MiniMax-M1-80k (model_type minimax_m1), config.json (BudEcosystem/simulator
// model_param_test.py mini_max_config): num_hidden_layers 80, attn_type_list with softmax
// attention (1) at layers 7, 15, ..., 79 (10 layers) and lightning attention (0) in the other 70,
// hidden_size 6144, num_attention_heads 64, num_key_value_heads 8, head_dim 128, 32 experts (top
// 2, intermediate_size 9216), vocab_size 200064, max_position_embeddings 10240000. No torch_dtype:
// vLLM computes in bfloat16 and keeps the lightning state, (64, 128, 128) per layer, in the model
// dtype. 456,089,655,296 parameters (HF API count; config arithmetic agrees, the card rounds to
// 456B), 45.9B active (MiniMax-01 model card). vLLM loads it with --trust-remote-code.
inline constexpr model minimax_m1{
    .name = "minimax-m1-80k",
    .hf_id = "MiniMaxAI/MiniMax-M1-80k",
    .model_type = "minimax_m1",
    .source = "config.json (BudEcosystem/simulator copy); MiniMax-01 model card",
    .hidden_size = 6144,
    .num_attention_heads = 64,
    .vocab_size = 200064,
    .moe_intermediate_size = 9216,
    .num_experts_per_tok = 2,
    .max_model_len = 10'240'000,
    .torch_dtype = dtype::bfloat16,
    .total_params = 456'089'655'296,
    .active_params = 45'900'000'000,
    .expert_params = 80LL * 32 * 3 * 6144 * 9216,
    .replicated_params = 80LL * 6144 * 32,
    .router_params = 80LL * 6144 * 32,
    .router_dtype = dtype::float32,
    // RoPE: rotary_dim 64, built in float32 (minimax_text_01.py): 10,240,000 x 64 x 4 B.
    .rope_cache_bytes = 10'240'000LL * 64 * 4,
    .trust_remote_code = true,
    .layers = periodic_layers(80, 8, linear_attention(64, 128), full_attention(8, 128)),
    .checkpoints = {{"MiniMaxAI/MiniMax-M1-80k", dtype::bfloat16, 0}},
};

// MiniMaxAI/MiniMax-Text-01 (model_type minimax_text_01, MiniMaxText01ForCausalLM; vLLM's
// model registry tests load it with trust_remote_code). Its config.json was not found
// (UNVERIFIED): the MiniMax-01 card gives the M1 layout (80 layers, a softmax layer after
// every 7 lightning layers, hidden 6144, 64 heads, 8 KV heads, 32 experts), M1 "was developed
// based on" it, and transformers' MiniMax-VL-01 conversion test builds the same text config.
// max_position_embeddings is taken as M1's 10240000 (UNVERIFIED; the card: 1M tokens in
// training, 4M in inference). 456B / 45.9B parameters (model card).
inline constexpr model minimax_text_01 = [] {
  model m = minimax_m1;
  m.name = "minimax-text-01";
  m.hf_id = "MiniMaxAI/MiniMax-Text-01";
  m.model_type = "minimax_text_01";
  m.source = "MiniMax-01 model card; MiniMax-M1 config.json (Text-01 config.json unverified)";
  m.checkpoints = {{"MiniMaxAI/MiniMax-Text-01", dtype::bfloat16, 0}};
  return m;
}();

}  // namespace kvplan::inline v0::models
