// DeepSeek-V3 / R1 (MLA), DeepSeek-V3.2 (MLA plus the sparse-attention indexer) and DeepSeek-V4
// (compressed MLA: sliding-window, C4 and C128 latents).
// SPDX-License-Identifier: Apache-2.0
//
// config.json (ai-dynamo/aiconfigurator model_configs/deepseek-ai--DeepSeek-V3*_config.json,
// full files): num_hidden_layers 61 (first_k_dense_replace 3, then 58 MoE layers),
// hidden_size 7168, num_attention_heads 128, kv_lora_rank 512, qk_rope_head_dim 64,
// qk_nope_head_dim 128, v_head_dim 128, q_lora_rank 1536, n_routed_experts 256 (top 8,
// moe_intermediate_size 2048), n_shared_experts 1, vocab_size 129280,
// max_position_embeddings 163840 (YaRN factor 40 over 4096 = 163840), torch_dtype bfloat16
// with fp8 e4m3 weights in 128x128 blocks (quant_method fp8). The MTP layer
// (num_nextn_predict_layers 1) joins the cache only with --speculative-config method mtp: one
// more MLA layer (with V3.2's indexer). Its weights: the HF API's MTP module, 685,355,329,792 -
// 671,877,944,064 = 13,477,385,728 for V3.2, less the copies of the embeddings and lm_head it
// carries (2 x 129,280 x 7,168), which vLLM shares with the target: 11,624,027,648; V3's
// lacks the indexer's 13,959,424 of them.
// V3.2 adds index_n_heads 64, index_head_dim 128, index_topk 2048.
// The checkpoints' config.json has an auto_map, but model_type deepseek_v3 and deepseek_v32
// load without remote code in the transformers / vLLM releases kvplan targets.
// Parameter counts: total by config arithmetic (checked in tests/runtime/test_models.cpp),
// 671,026,419,200 for the main model, the card's "671B" (685B with the 14B MTP module, which
// is what the HF API counts); active the card's 37B, which matches the config without the
// input embedding lookup (36.6B; with it, 37.6B).
#pragma once

#include "kvplan/model.hpp"

namespace kvplan::inline v0::models {

namespace detail {
// Routed experts: 58 MoE layers x 256 experts x 3 x 7168 x 2048.
inline constexpr count_t deepseek_v3_expert_params = 58LL * 256 * 3 * 7168 * 2048;
}  // namespace detail

// deepseek-ai/DeepSeek-V3: 671,026,419,200 parameters in the main model (card: 671B; 685B
// with the 14B MTP module), 37B active (model card).
inline constexpr model deepseek_v3{
    .name = "deepseek-v3",
    .hf_id = "deepseek-ai/DeepSeek-V3",
    .model_type = "deepseek_v3",
    .source = "config.json (ai-dynamo/aiconfigurator copy); model card parameter counts",
    .hidden_size = 7168,
    .num_attention_heads = 128,
    .vocab_size = 129280,
    .intermediate_size = 18432,
    .moe_intermediate_size = 2048,
    .num_experts_per_tok = 8,
    .max_model_len = 163840,
    .torch_dtype = dtype::bfloat16,
    .total_params = 671'026'419'200,
    .active_params = 37'000'000'000,
    .expert_params = detail::deepseek_v3_expert_params,
    // Held whole by every TP rank: MLA's q_a and kv_a projections with their norms (61 x
    // 15,140,864), the routers with their correction biases (58 x 1,835,264).
    .replicated_params = 61LL * (7168 * (1536 + 512 + 64) + 1536 + 512) + 58LL * (7168 * 256 + 256),
    .router_params = 58LL * (7168 * 256 + 256),
    .mla_kv_b_params = 61LL * 512 * 128 * (128 + 128),
    // q_a and its norm, q_b, kv_a and its norm, kv_b: 69,666,816 a layer.
    .mla_projection_params = 61LL * (7168 * 1536 + 1536 + 1536 * 128 * 192 + 7168 * 576 + 512 + 512 * 128 * 256),
    .mla_output_params = 61LL * 128 * 128 * 7168,
    .layers = uniform_layers(61, mla(512, 64)),
    .checkpoints = {{"deepseek-ai/DeepSeek-V3", dtype::fp8_e4m3, 0, "fp8"}},
    .num_mtp_layers = 1,
    .mtp_layer = mla(512, 64),
    .mtp_params = 11'624'027'648 - 13'959'424,
};

// deepseek-ai/DeepSeek-R1: the DeepSeek-V3 architecture (same config values).
inline constexpr model deepseek_r1 = [] {
  model m = deepseek_v3;
  m.name = "deepseek-r1";
  m.hf_id = "deepseek-ai/DeepSeek-R1";
  m.checkpoints = {{"deepseek-ai/DeepSeek-R1", dtype::fp8_e4m3, 0, "fp8"},
                   // ModelOpt's DeepSeek recipe leaves attention in bf16 (examples/deepseek/ptq.py: "*attn*"
                   // disabled; wo only with --enable_wo_quant).
                   {"nvidia/DeepSeek-R1-FP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, false, true,
                    true}};
  return m;
}();

// deepseek-ai/DeepSeek-V3.2 (model_type deepseek_v32): every layer also caches one indexer key
// of index_head_dim 128 (fp8 + an fp32 scale per 128 values = 132 B per token). Parameters:
// DeepSeek publishes no main-model count for V3.2: V3's plus the indexer's 851,524,864 by config
// arithmetic, 671,877,944,064 (the HF API counts 685,355,329,792 with the MTP module).
// nvidia/DeepSeek-V3.2-NVFP4 hf_quant_config (aiconfigurator copy): kv_cache_quant_algo FP8.
inline constexpr model deepseek_v3_2{
    .name = "deepseek-v3.2",
    .hf_id = "deepseek-ai/DeepSeek-V3.2",
    .model_type = "deepseek_v32",
    .source = "config.json (ai-dynamo/aiconfigurator copy; deepseek-ai/DeepSeek-V3.2-Exp "
              "inference/config_671B_v3.2.json); model card parameter counts",
    .hidden_size = 7168,
    .num_attention_heads = 128,
    .vocab_size = 129280,
    .intermediate_size = 18432,
    .moe_intermediate_size = 2048,
    .num_experts_per_tok = 8,
    .max_model_len = 163840,
    .torch_dtype = dtype::bfloat16,
    .total_params = 671'877'944'064,
    .active_params = 37'000'000'000,
    .expert_params = detail::deepseek_v3_expert_params,
    // V3's and the indexer's 61 x 13,959,424, which every TP rank holds whole too.
    .replicated_params = deepseek_v3.replicated_params + 61LL * (1536 * 64 * 128 + 7168 * 128 + 2 * 128 + 7168 * 64),
    .router_params = 58LL * (7168 * 256 + 256),
    // The indexer's wk, k_norm and weights_proj, built without a quant_config: bf16.
    .replicated_unquantized_params = 61LL * (7168 * 128 + 2 * 128 + 7168 * 64),
    .mla_kv_b_params = 61LL * 512 * 128 * (128 + 128),
    .mla_projection_params = deepseek_v3.mla_projection_params + 61LL * (1536 * 64 * 128 + 7168 * 128 + 2 * 128 + 7168 * 64),
    .mla_output_params = deepseek_v3.mla_output_params,
    .index_topk = 2048,
    .layers = uniform_layers(61, mla(512, 64, 128)),
    .checkpoints = {{"deepseek-ai/DeepSeek-V3.2", dtype::fp8_e4m3, 0, "fp8"},
                    // hf_quant_config exclude_modules: every layer's q_a, q_b, kv_a, kv_b and indexer.
                    {"nvidia/DeepSeek-V3.2-NVFP4", dtype::nvfp4, 0, "modelopt_fp4", cache_dtype::fp8_e4m3, 0, false, false,
                     true}},
    .num_mtp_layers = 1,
    .mtp_layer = mla(512, 64, 128),
    .mtp_params = 11'624'027'648,
};

namespace detail {
// DeepSeek-V4's compress_ratios over its layers: the first two layers `first` (0 for Flash: the
// sliding window only; 128 for Pro), then 4 and 128 alternating from layer 2 (even layers C4,
// odd C128); the config's last entry belongs to the MTP layer, which vLLM builds with ratio 1.
constexpr layer_stack deepseek_v4_layers(std::int32_t num_layers, std::int32_t first) {
  layer_stack s;
  for (std::int32_t i = 0; i < num_layers; ++i)
    s.push_back(compressed_mla(512, 64, 128, i < 2 ? first : i % 2 == 0 ? 4 : 128, 128));
  return s;
}

// What every TP rank of DeepSeek-V4 holds whole (deepseek_v4/attention.py, compressor.py), with
// hidden h, q_lora_rank q, head_dim d and index heads n of 128: per layer fused_wqa_wkv (h x (q +
// d)) and its norms; a compressor (fused_wkv_wgate h x 2 x coff x dim, ape ratio x coff x dim, a
// norm; coff 2 at ratio 4) on layers of ratio 4 and 128; on ratio-4 layers the indexer (wq_b q x
// n x 128, weights_proj h x n, its own compressor over 128).
constexpr count_t deepseek_v4_replicated(count_t layers, count_t c4_layers, count_t c128_layers, count_t h, count_t q,
                                         count_t d, count_t n) {
  const auto compressor = [&](count_t ratio, count_t dim) {
    const count_t coff = ratio == 4 ? 2 : 1;
    return 2 * h * coff * dim + ratio * coff * dim + dim;
  };
  return layers * (h * (q + d) + q + d) + c4_layers * (compressor(4, d) + q * n * 128 + h * n + compressor(4, 128)) +
         c128_layers * compressor(128, d);
}
// Of those, what vLLM builds without a quant_config: the compressors and the indexer's
// weights_proj (fused_wqa_wkv and the indexer's wq_b are quantized).
constexpr count_t deepseek_v4_replicated_unquantized(count_t c4_layers, count_t c128_layers, count_t h, count_t d,
                                                     count_t n) {
  const auto compressor = [&](count_t ratio, count_t dim) {
    const count_t coff = ratio == 4 ? 2 : 1;
    return 2 * h * coff * dim + ratio * coff * dim + dim;
  };
  return c4_layers * (compressor(4, d) + h * n + compressor(4, 128)) + c128_layers * compressor(128, d);
}
}  // namespace detail

// deepseek-ai/DeepSeek-V4-Flash (model_type deepseek_v4), config.json (ai-dynamo/aiconfigurator
// model_configs/deepseek-ai--DeepSeek-V4-Flash_config.json, corpus aic-deepseek-ai-deepseek-v4-
// flash.json; nvidia/DeepSeek-V4-Flash-NVFP4, aic-nvidia-deepseek-v4-flash-nvfp4.json, the same
// model): num_hidden_layers 43, hidden_size 4096, num_attention_heads 64, head_dim 512,
// qk_rope_head_dim 64, q_lora_rank 1024, o_lora_rank 1024, o_groups 8, sliding_window 128,
// compress_ratios [0, 0] + [4, 128] x 20 + [4] (+ 0 for the MTP layer), index_head_dim 128,
// index_n_heads 64, n_routed_experts 256 (top 6, moe_intermediate_size 2048), n_shared_experts
// 1, vocab_size 129280 (untied), max_position_embeddings 1048576 (YaRN factor 16 over 65536),
// num_nextn_predict_layers 1, quant_method fp8 with expert_dtype fp4 (the experts FP4, the rest
// FP8; NVIDIA's copy quantizes the experts to NVFP4 under the same quant_method). Parameters:
// 284,298,356,800 by kvplan's config reader (card: 284B), 13B active (card).
inline constexpr model deepseek_v4_flash{
    .name = "deepseek-v4-flash",
    .hf_id = "deepseek-ai/DeepSeek-V4-Flash",
    .model_type = "deepseek_v4",
    .source = "config.json and the NVFP4 config.json (ai-dynamo/aiconfigurator copies); kvplan's config "
              "reader (parameters); model card (active parameters)",
    .hidden_size = 4096,
    .num_attention_heads = 64,
    .vocab_size = 129280,
    .intermediate_size = 2048,
    .moe_intermediate_size = 2048,
    .num_experts_per_tok = 6,
    .max_model_len = 1'048'576,
    .torch_dtype = dtype::bfloat16,
    .total_params = 284'298'356'800,
    .active_params = 13'000'000'000,
    .expert_params = 43LL * 256 * 3 * 4096 * 2048,
    .replicated_params = detail::deepseek_v4_replicated(43, 21, 20, 4096, 1024, 512, 64) + 43LL * (4096 * 256 + 256),
    .router_params = 43LL * (4096 * 256 + 256),
    .replicated_unquantized_params = detail::deepseek_v4_replicated_unquantized(21, 20, 4096, 512, 64),
    .index_topk = 512,
    .index_n_heads = 64,
    .hc_mult = 4,
    .layers = detail::deepseek_v4_layers(43, 0),
    .checkpoints = {{"deepseek-ai/DeepSeek-V4-Flash", dtype::mxfp4, 0, "fp8"},
                    {"nvidia/DeepSeek-V4-Flash-NVFP4", dtype::mxfp4, 0, "fp8"}},
    .num_mtp_layers = 1,
    .mtp_layer = compressed_mla(512, 64, 128, 1, 0),
};

// deepseek-ai/DeepSeek-V4-Pro (deepseek_v4), config.json (aiconfigurator copy, corpus
// aic-deepseek-ai-deepseek-v4-pro.json; NVIDIA's NVFP4, aic-nvidia-deepseek-v4-pro-nvfp4.json):
// V4-Flash's keys with num_hidden_layers 61, hidden_size 7168, num_attention_heads 128,
// q_lora_rank 1536, o_groups 16, n_routed_experts 384 (top 6, moe_intermediate_size 3072),
// index_topk 1024 and compress_ratios [128, 128] + [4, 128] x 29 + [4] (+ 0). Parameters:
// 1,572,913,133,312 by kvplan's config reader (card: 1.6T), 49B active (card).
inline constexpr model deepseek_v4_pro{
    .name = "deepseek-v4-pro",
    .hf_id = "deepseek-ai/DeepSeek-V4-Pro",
    .model_type = "deepseek_v4",
    .source = "config.json and the NVFP4 config.json (ai-dynamo/aiconfigurator copies); kvplan's config "
              "reader (parameters); model card (active parameters)",
    .hidden_size = 7168,
    .num_attention_heads = 128,
    .vocab_size = 129280,
    .intermediate_size = 3072,
    .moe_intermediate_size = 3072,
    .num_experts_per_tok = 6,
    .max_model_len = 1'048'576,
    .torch_dtype = dtype::bfloat16,
    .total_params = 1'572'913'133'312,
    .active_params = 49'000'000'000,
    .expert_params = 61LL * 384 * 3 * 7168 * 3072,
    .replicated_params = detail::deepseek_v4_replicated(61, 30, 31, 7168, 1536, 512, 64) + 61LL * (7168 * 384 + 384),
    .router_params = 61LL * (7168 * 384 + 384),
    .replicated_unquantized_params = detail::deepseek_v4_replicated_unquantized(30, 31, 7168, 512, 64),
    .index_topk = 1024,
    .index_n_heads = 64,
    .hc_mult = 4,
    .layers = detail::deepseek_v4_layers(61, 128),
    .checkpoints = {{"deepseek-ai/DeepSeek-V4-Pro", dtype::mxfp4, 0, "fp8"},
                    {"nvidia/DeepSeek-V4-Pro-NVFP4", dtype::mxfp4, 0, "fp8"}},
    .num_mtp_layers = 1,
    .mtp_layer = compressed_mla(512, 64, 128, 1, 0),
};

}  // namespace kvplan::inline v0::models
