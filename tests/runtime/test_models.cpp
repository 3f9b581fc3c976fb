// The model registry against the config.json values: KV bytes per token and per-request state
// computed by hand, and parameter counts recomputed from the configs.
//
// Each parameter test compares the descriptor's published count (the HF API's
// safetensors.total, a total_size, or a card figure) with the config arithmetic written out
// beside it, within 0.5 % unless stated. A wider tolerance is used only where the publisher
// rounds: it is then half of the rounding unit (e.g. "37B": 0.5B), expressed relative to the
// computed count, and the comment says why.
#include "kvplan_catch.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

using namespace kvplan;

namespace {

// |published - computed| <= tolerance x computed.
constexpr bool within(count_t published, count_t computed, double tolerance = 0.005) {
  const count_t diff = published > computed ? published - computed : computed - published;
  return static_cast<double>(diff) <= tolerance * static_cast<double>(computed);
}

// Parameter building blocks. Every argument is a config.json value.
// Grouped-query attention without biases: q (hidden x heads x head_dim), k and v (hidden x
// kv_heads x head_dim each), o (heads x head_dim x hidden).
constexpr count_t gqa(count_t hidden, count_t heads, count_t kv_heads, count_t head_dim) {
  return hidden * heads * head_dim + 2 * hidden * kv_heads * head_dim + heads * head_dim * hidden;
}
// A SwiGLU MLP or expert: gate, up (hidden x inter each) and down (inter x hidden).
constexpr count_t swiglu(count_t hidden, count_t inter) { return 3 * hidden * inter; }
// DeepSeek-style MLA: q_a (hidden x q_lora) + q_a_layernorm (q_lora) + q_b (q_lora x heads x
// (nope + rope)) + kv_a_proj_with_mqa (hidden x (kv_lora + rope)) + kv_a_layernorm (kv_lora) +
// kv_b (kv_lora x heads x (nope + v)) + o (heads x v x hidden).
constexpr count_t mla_attention(count_t hidden, count_t heads, count_t q_lora, count_t kv_lora, count_t rope,
                                count_t nope, count_t v_dim) {
  return hidden * q_lora + q_lora + q_lora * heads * (nope + rope) + hidden * (kv_lora + rope) + kv_lora +
         kv_lora * heads * (nope + v_dim) + heads * v_dim * hidden;
}
// The DeepSeek-V3.2 sparse-attention indexer: wq_b (q_lora x index_heads x index_dim), wk
// (hidden x index_dim), k_norm (LayerNorm weight and bias, 2 x index_dim), weights_proj
// (hidden x index_heads).
constexpr count_t indexer(count_t hidden, count_t q_lora, count_t index_heads, count_t index_dim) {
  return q_lora * index_heads * index_dim + hidden * index_dim + 2 * index_dim + hidden * index_heads;
}

// Shorthands for the cache cost at TP = 1.
constexpr cache_cost bf16_cost(const model& m) { return cache_cost_of(m, cache_dtype::bfloat16); }
constexpr cache_cost fp8_cost(const model& m) { return cache_cost_of(m, cache_dtype::fp8); }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Meta Llama 2 / 3 / 3.1 / 3.3 (dense, every layer full attention)
// ---------------------------------------------------------------------------------------------

TEST_CASE("llama-2-7b", "[models][llama]") {
  constexpr const model& m = models::llama_2_7b;
  // KV: 2 (K, V) x 32 layers x 32 KV heads x 128 x 2 B = 524,288 B per token; fp8 262,144.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{524'288, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{262'144, 0, 0});
  // Parameters: embed + untied lm_head 2 x 32000 x 4096; per layer MHA (32 heads, 32 KV heads,
  // head_dim 128) + SwiGLU 11008 + 2 RMSNorms of 4096; final norm 4096.
  constexpr count_t hidden = 4096, vocab = 32000;
  constexpr count_t layer = gqa(hidden, 32, 32, 128) + swiglu(hidden, 11008) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 32 * layer + hidden;  // 6,738,415,616
  STATIC_REQUIRE(within(m.total_params, params));
  STATIC_REQUIRE(m.active_params == m.total_params);
  STATIC_REQUIRE(m.max_model_len == 4096);
}

TEST_CASE("llama-2-13b", "[models][llama]") {
  constexpr const model& m = models::llama_2_13b;
  // KV: 2 x 40 layers x 40 KV heads x 128 x 2 B = 819,200; fp8 409,600.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{819'200, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{409'600, 0, 0});
  // 2 x 32000 x 5120 embeddings; 40 layers of MHA (40 heads x 128) + SwiGLU 13824 + 2 norms.
  constexpr count_t hidden = 5120, vocab = 32000;
  constexpr count_t layer = gqa(hidden, 40, 40, 128) + swiglu(hidden, 13824) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 40 * layer + hidden;  // 13,015,864,320
  STATIC_REQUIRE(within(m.total_params, params));
}

TEST_CASE("llama-2-70b", "[models][llama]") {
  constexpr const model& m = models::llama_2_70b;
  // KV: 2 x 80 layers x 8 KV heads x 128 x 2 B = 327,680; fp8 163,840.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{327'680, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{163'840, 0, 0});
  // 2 x 32000 x 8192; 80 layers of GQA (64 heads, 8 KV heads, 128) + SwiGLU 28672 + 2 norms.
  constexpr count_t hidden = 8192, vocab = 32000;
  constexpr count_t layer = gqa(hidden, 64, 8, 128) + swiglu(hidden, 28672) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 80 * layer + hidden;  // 68,976,648,192
  STATIC_REQUIRE(within(m.total_params, params));
}

TEST_CASE("llama-3-8b and llama-3.1-8b", "[models][llama]") {
  // KV: 2 x 32 layers x 8 KV heads x 128 x 2 B = 131,072; fp8 65,536.
  STATIC_REQUIRE(bf16_cost(models::llama_3_8b) == cache_cost{131'072, 0, 0});
  STATIC_REQUIRE(fp8_cost(models::llama_3_8b) == cache_cost{65'536, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::llama_3_1_8b) == cache_cost{131'072, 0, 0});
  STATIC_REQUIRE(fp8_cost(models::llama_3_1_8b) == cache_cost{65'536, 0, 0});
  // 2 x 128256 x 4096; 32 layers of GQA (32 heads, 8 KV heads, 128) + SwiGLU 14336 + 2 norms.
  constexpr count_t hidden = 4096, vocab = 128256;
  constexpr count_t layer = gqa(hidden, 32, 8, 128) + swiglu(hidden, 14336) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 32 * layer + hidden;  // 8,030,261,248
  STATIC_REQUIRE(within(models::llama_3_8b.total_params, params));
  STATIC_REQUIRE(within(models::llama_3_1_8b.total_params, params));
  // Llama 3 trained at 8K; 3.1 extends RoPE (llama3, factor 8) to 131072.
  STATIC_REQUIRE(models::llama_3_8b.max_model_len == 8192);
  STATIC_REQUIRE(models::llama_3_1_8b.max_model_len == 131072);
}

TEST_CASE("llama-3-70b, llama-3.1-70b and llama-3.3-70b", "[models][llama]") {
  // KV: 2 x 80 layers x 8 KV heads x 128 x 2 B = 327,680; fp8 163,840.
  for (const model& m : {models::llama_3_70b, models::llama_3_1_70b, models::llama_3_3_70b}) {
    REQUIRE(bf16_cost(m) == cache_cost{327'680, 0, 0});
    REQUIRE(fp8_cost(m) == cache_cost{163'840, 0, 0});
  }
  // 2 x 128256 x 8192; 80 layers of GQA (64 heads, 8 KV heads, 128) + SwiGLU 28672 + 2 norms.
  constexpr count_t hidden = 8192, vocab = 128256;
  constexpr count_t layer = gqa(hidden, 64, 8, 128) + swiglu(hidden, 28672) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 80 * layer + hidden;  // 70,553,706,496
  STATIC_REQUIRE(within(models::llama_3_70b.total_params, params));
  STATIC_REQUIRE(within(models::llama_3_1_70b.total_params, params));
  STATIC_REQUIRE(within(models::llama_3_3_70b.total_params, params));
  STATIC_REQUIRE(models::llama_3_70b.max_model_len == 8192);
  STATIC_REQUIRE(models::llama_3_3_70b.max_model_len == 131072);
}

TEST_CASE("llama-3.1-405b", "[models][llama]") {
  constexpr const model& m = models::llama_3_1_405b;
  // KV: 2 x 126 layers x 8 KV heads x 128 x 2 B = 516,096; fp8 258,048.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{516'096, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{258'048, 0, 0});
  // 2 x 128256 x 16384; 126 layers of GQA (128 heads, 8 KV heads, 128) + SwiGLU 53248 + norms.
  constexpr count_t hidden = 16384, vocab = 128256;
  constexpr count_t layer = gqa(hidden, 128, 8, 128) + swiglu(hidden, 53248) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 126 * layer + hidden;  // 405,853,388,800
  STATIC_REQUIRE(within(m.total_params, params));
}

// ---------------------------------------------------------------------------------------------
// Meta Llama 4 (chunked local attention, NoPE global every 4th layer, vision encoder)
// ---------------------------------------------------------------------------------------------

namespace {
// Llama 4 vision encoder and projector (vision_config: hidden 1408, intermediate 5632, 34
// layers, image 336, patch 14, pixel_shuffle_ratio 0.5, projector dims 4096; text hidden 5120):
//   patch embedding (3 x 14 x 14 -> 1408, no bias)           588 x 1408 =     827,904
//   class embedding                                                       1,408
//   positional embedding ((336 / 14)^2 + 1 = 577 positions)  577 x 1408 =     812,416
//   layernorm_pre and layernorm_post (weight and bias)         4 x 1408 =       5,632
//   34 layers: q, k, v, o with biases 4 x (1408^2 + 1408) = 7,935,488; fc1 1408 x 5632 + 5632
//     = 7,935,488; fc2 5632 x 1408 + 1408 = 7,931,264; 2 LayerNorms 4 x 1408 = 5,632
//     = 23,807,872 per layer                                             809,467,648
//   pixel-shuffle adapter (1408 x 4 = 5632 in): fc1 5632 x 4096, fc2 4096 x 4096  39,845,888
//   multi_modal_projector 4096 x 5120                                     20,971,520
constexpr count_t llama4_vision() {
  constexpr count_t vh = 1408, vi = 5632;
  constexpr count_t vlayer = 4 * (vh * vh + vh) + (vh * vi + vi) + (vi * vh + vh) + 4 * vh;
  return 3 * 14 * 14 * vh + vh + 577 * vh + 4 * vh + 34 * vlayer + 5632 * 4096 + 4096 * 4096 + 4096 * 5120;
}
static_assert(llama4_vision() == 871'932'416);
}  // namespace

TEST_CASE("llama-4-scout", "[models][llama4]") {
  constexpr const model& m = models::llama_4_scout;
  // 12 NoPE global layers (3, 7, ..., 47): 2 x 12 x 8 KV heads x 128 x 2 B = 49,152 per token;
  // 36 chunked layers: 2 x 36 x 8 x 128 x 2 B = 147,456 per token held (one 8192-token chunk).
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{49'152, 147'456, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{24'576, 73'728, 0});
  // Text: 2 x 202048 x 5120 embeddings; per layer GQA (40 heads, 8 KV heads, 128; the q/k norm
  // is a weightless L2 norm) + 2 norms + 16 experts and 1 shared expert of SwiGLU 8192 + router
  // 5120 x 16; final norm. The published count (HF API) includes the vision encoder.
  constexpr count_t hidden = 5120, vocab = 202048;
  constexpr count_t attn = gqa(hidden, 40, 8, 128) + 2 * hidden;
  constexpr count_t moe = 16 * swiglu(hidden, 8192) + swiglu(hidden, 8192) + hidden * 16;
  constexpr count_t text = 2 * vocab * hidden + 48 * (attn + moe) + hidden;  // 107,769,861,120
  STATIC_REQUIRE(within(m.total_params, text + llama4_vision()));              // 108,641,793,536
  // Active (text, per token): top-1 expert + shared expert. The card's "17B" is rounded to 1B:
  // half a unit is 0.5B = 2.9 % of the 17.17B computed.
  constexpr count_t active = 2 * vocab * hidden + 48 * (attn + 2 * swiglu(hidden, 8192) + hidden * 16) + hidden;
  STATIC_REQUIRE(within(m.active_params, active, 0.029));
  STATIC_REQUIRE(m.expert_params == 48LL * 16 * swiglu(hidden, 8192));
}

TEST_CASE("llama-4-maverick", "[models][llama4]") {
  constexpr const model& m = models::llama_4_maverick;
  // Same attention layout as Scout: 49,152 B per token (12 global layers) + 147,456 (36 chunked).
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{49'152, 147'456, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{24'576, 73'728, 0});
  STATIC_REQUIRE(m.layers.count(layer_kind::chunked_local) == 36);
  STATIC_REQUIRE(m.layers[3].kind == layer_kind::full_attention);
  STATIC_REQUIRE(m.max_model_len == 1'048'576);
  // Text: 2 x 202048 x 5120; 48 x (GQA + 2 norms); 24 MoE layers (interleave_moe_layer_step 2)
  // of 128 experts + 1 shared expert (SwiGLU 8192) + router 5120 x 128; 24 dense layers of
  // SwiGLU 16384 (intermediate_size_mlp); final norm; plus the vision encoder.
  constexpr count_t hidden = 5120, vocab = 202048;
  constexpr count_t attn = gqa(hidden, 40, 8, 128) + 2 * hidden;
  constexpr count_t moe = 128 * swiglu(hidden, 8192) + swiglu(hidden, 8192) + hidden * 128;
  constexpr count_t dense = swiglu(hidden, 16384);
  constexpr count_t text = 2 * vocab * hidden + 48 * attn + 24 * moe + 24 * dense + hidden;  // 400,711,848,960
  STATIC_REQUIRE(within(m.total_params, text + llama4_vision()));  // 401,583,781,376
  // Active: top-1 + shared on MoE layers. "17B" rounded to 1B: 0.5B = 2.9 % of 17.18B.
  constexpr count_t active =
      2 * vocab * hidden + 48 * attn + 24 * (2 * swiglu(hidden, 8192) + hidden * 128) + 24 * dense + hidden;
  STATIC_REQUIRE(within(m.active_params, active, 0.029));
  STATIC_REQUIRE(m.expert_params == 24LL * 128 * swiglu(hidden, 8192));
}

// ---------------------------------------------------------------------------------------------
// DeepSeek-V3 / R1 / V3.2 and Kimi K2 (MLA)
// ---------------------------------------------------------------------------------------------

namespace {
// DeepSeek-V3: hidden 7168, 128 heads, q_lora 1536, kv_lora 512, rope 64, nope 128, v 128;
// 3 dense layers (SwiGLU 18432) and 58 MoE layers (256 routed + 1 shared expert of SwiGLU
// 2048, router 7168 x 256 plus a 256-entry correction bias); vocab 129280, untied.
constexpr count_t ds_hidden = 7168, ds_vocab = 129280;
constexpr count_t ds_attn = mla_attention(ds_hidden, 128, 1536, 512, 64, 128, 128) + 2 * ds_hidden;
constexpr count_t ds_router = ds_hidden * 256 + 256;
constexpr count_t ds_dense = 3 * (ds_attn + swiglu(ds_hidden, 18432));
// Total of the main model (the MTP layer excluded): 671,026,419,200.
constexpr count_t ds_total = 2 * ds_vocab * ds_hidden + ds_dense +
                             58 * (ds_attn + 257 * swiglu(ds_hidden, 2048) + ds_router) + ds_hidden;
// Active: 8 routed + 1 shared expert; DeepSeek's "37B" leaves out the input embedding lookup
// (36.6B; with it 37.6B would round to 38B). Rounded to 1B: 0.5B = 1.4 % of 36.6B.
constexpr count_t ds_active = ds_vocab * ds_hidden + ds_dense +
                              58 * (ds_attn + 9 * swiglu(ds_hidden, 2048) + ds_router) + ds_hidden;
}  // namespace

TEST_CASE("deepseek-v3 and deepseek-r1", "[models][mla]") {
  for (const model& m : {models::deepseek_v3, models::deepseek_r1}) {
    // MLA latent: (kv_lora_rank 512 + qk_rope_head_dim 64) x 61 layers x 2 B = 70,272; fp8 35,136.
    REQUIRE(bf16_cost(m) == cache_cost{70'272, 0, 0});
    REQUIRE(fp8_cost(m) == cache_cost{35'136, 0, 0});
    REQUIRE(m.total_params == ds_total);
    REQUIRE(within(m.active_params, ds_active, 0.014));
    REQUIRE(m.expert_params == 58LL * 256 * swiglu(ds_hidden, 2048));
  }
  // TP does not split the latent: 70,272 at TP = 8 as well.
  STATIC_REQUIRE(cache_cost_of(models::deepseek_v3, cache_dtype::bfloat16, 8).full_bytes_per_token == 70'272);
}

TEST_CASE("deepseek-v3.2", "[models][mla][dsa]") {
  constexpr const model& m = models::deepseek_v3_2;
  // Per layer: the MLA latent plus one indexer key (128 fp8 + one fp32 scale = 132 B, whatever
  // the KV dtype). bf16: 61 x (576 x 2 + 132) = 61 x 1,284 = 78,324;
  // fp8: 61 x (576 + 132) = 43,188; fp8_ds_mla: 61 x (656 + 132) = 48,068.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{78'324, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{43'188, 0, 0});
  STATIC_REQUIRE(cache_cost_of(m, cache_dtype::fp8_ds_mla) == cache_cost{48'068, 0, 0});
  // Parameters: DeepSeek-V3 plus an indexer per layer (index_n_heads 64, index_head_dim 128):
  // 61 x (1536 x 64 x 128 + 7168 x 128 + 2 x 128 + 7168 x 64) = 851,524,864; total
  // 671,877,944,064 against the 671B carried over from V3 (0.13 %).
  constexpr count_t idx = 61 * indexer(ds_hidden, 1536, 64, 128);
  STATIC_REQUIRE(idx == 851'524'864);
  STATIC_REQUIRE(m.total_params == ds_total + idx);
  STATIC_REQUIRE(within(m.active_params, ds_active + idx, 0.014));
}

TEST_CASE("kimi-k2", "[models][mla]") {
  constexpr const model& m = models::kimi_k2;
  // MLA: (512 + 64) x 61 layers x 2 B = 70,272; fp8 35,136 (64 heads do not change the latent).
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{70'272, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{35'136, 0, 0});
  // hidden 7168, 64 heads (q_lora 1536, kv_lora 512, rope 64, nope 128, v 128); 1 dense layer
  // (SwiGLU 18432) and 60 MoE layers (384 routed + 1 shared expert of SwiGLU 2048, router
  // 7168 x 384 + 384 bias); vocab 163840, untied.
  constexpr count_t hidden = 7168, vocab = 163840;
  constexpr count_t attn = mla_attention(hidden, 64, 1536, 512, 64, 128, 128) + 2 * hidden;
  constexpr count_t router = hidden * 384 + 384;
  constexpr count_t dense = attn + swiglu(hidden, 18432);
  constexpr count_t total = 2 * vocab * hidden + dense + 60 * (attn + 385 * swiglu(hidden, 2048) + router) + hidden;
  STATIC_REQUIRE(within(m.total_params, total));  // 1,026,408,232,448 (HF API: 1,026,408,235,864)
  // Active: 8 routed + 1 shared, without the input embedding lookup = 31.69B. "32B" is rounded
  // to 1B: 0.5B = 1.6 % of 31.69B.
  constexpr count_t active = vocab * hidden + dense + 60 * (attn + 9 * swiglu(hidden, 2048) + router) + hidden;
  STATIC_REQUIRE(within(m.active_params, active, 0.016));
  STATIC_REQUIRE(m.expert_params == 60LL * 384 * swiglu(hidden, 2048));
  STATIC_REQUIRE(m.trust_remote_code);
}

TEST_CASE("kimi-k2.5 and kimi-k2.6", "[models][mla]") {
  // The K2 text model with 262144 positions: MLA (512 + 64) x 61 layers x 2 B = 70,272; fp8
  // 35,136. The MoonViT tower caches nothing.
  // Parameters: Kimi K2's text arithmetic (hidden 7168, 64 heads, q_lora 1536, kv_lora 512,
  // rope 64, nope 128, v 128; 1 dense layer of SwiGLU 18432, 60 MoE layers of 384 routed + 1
  // shared SwiGLU 2048 and a 7168 x 384 + 384 router; vocab 163840 untied) = 1,026,408,232,448,
  // plus the reader's estimate of the vision tower and projector, 466,431,088.
  constexpr count_t hidden = 7168, vocab = 163840;
  constexpr count_t attn = mla_attention(hidden, 64, 1536, 512, 64, 128, 128) + 2 * hidden;
  constexpr count_t router = hidden * 384 + 384;
  constexpr count_t dense = attn + swiglu(hidden, 18432);
  constexpr count_t text = 2 * vocab * hidden + dense + 60 * (attn + 385 * swiglu(hidden, 2048) + router) + hidden;
  static_assert(text == 1'026'408'232'448);
  // Active: 8 routed + 1 shared without the input embedding = 31.69B; "32B" is rounded to 1B:
  // 0.5B = 1.6 % of 31.69B.
  constexpr count_t active = vocab * hidden + dense + 60 * (attn + 9 * swiglu(hidden, 2048) + router) + hidden;
  for (const model& m : {models::kimi_k2_5, models::kimi_k2_6}) {
    INFO(std::string(m.name));
    REQUIRE(bf16_cost(m) == cache_cost{70'272, 0, 0});
    REQUIRE(fp8_cost(m) == cache_cost{35'136, 0, 0});
    REQUIRE(m.total_params - text == 466'431'088);
    REQUIRE(within(m.active_params, active, 0.016));
    REQUIRE(m.expert_params == 60LL * 384 * swiglu(hidden, 2048));
    REQUIRE(m.max_model_len == 262'144);
    REQUIRE(m.trust_remote_code);
    REQUIRE(m.checkpoints[0].format == dtype::int4);
  }
}

// ---------------------------------------------------------------------------------------------
// GLM-5 (MLA + indexer) and GLM-4.5 / 4.6 / 4.7 / 4.5-Air (GQA)
// ---------------------------------------------------------------------------------------------

TEST_CASE("glm-5", "[models][glm][mla][dsa]") {
  constexpr const model& m = models::glm_5;
  // 78 layers x (MLA latent + 132-B indexer key): bf16 78 x (576 x 2 + 132) = 100,152;
  // fp8 78 x (576 + 132) = 55,224; fp8_ds_mla 78 x (656 + 132) = 61,464.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{100'152, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{55'224, 0, 0});
  STATIC_REQUIRE(cache_cost_of(m, cache_dtype::fp8_ds_mla) == cache_cost{61'464, 0, 0});
  // hidden 6144, 64 heads (q_lora 2048, kv_lora 512, rope 64, nope 192, v 256), indexer (32
  // heads x 128); 3 dense layers (SwiGLU 12288) and 75 MoE layers (256 routed + 1 shared of
  // SwiGLU 2048, router 6144 x 256 + 256 bias); vocab 154880, untied.
  constexpr count_t hidden = 6144, vocab = 154880;
  constexpr count_t attn = mla_attention(hidden, 64, 2048, 512, 64, 192, 256) + indexer(hidden, 2048, 32, 128) + 2 * hidden;
  constexpr count_t router = hidden * 256 + 256;
  constexpr count_t dense = 3 * (attn + swiglu(hidden, 12288));
  constexpr count_t total = 2 * vocab * hidden + dense + 75 * (attn + 257 * swiglu(hidden, 2048) + router) + hidden;
  STATIC_REQUIRE(m.total_params == total);  // 743,911,218,432 vs 744B
  // Active: 8 routed + 1 shared, without either embedding table (39.88B; Z.ai's "40B").
  constexpr count_t active = dense + 75 * (attn + 9 * swiglu(hidden, 2048) + router) + hidden;
  STATIC_REQUIRE(within(m.active_params, active));
  STATIC_REQUIRE(m.expert_params == 75LL * 256 * swiglu(hidden, 2048));
}

TEST_CASE("glm-5.1 and glm-5.2", "[models][glm][mla][dsa]") {
  constexpr const model& g51 = models::glm_5_1;
  constexpr const model& g52 = models::glm_5_2;
  // GLM-5.1: GLM-5's 78 layers of MLA latent + 132-B indexer key: bf16 78 x (576 x 2 + 132) =
  // 100,152; fp8 78 x (576 + 132) = 55,224; fp8_ds_mla 78 x (656 + 132) = 61,464.
  STATIC_REQUIRE(bf16_cost(g51) == cache_cost{100'152, 0, 0});
  STATIC_REQUIRE(fp8_cost(g51) == cache_cost{55'224, 0, 0});
  STATIC_REQUIRE(cache_cost_of(g51, cache_dtype::fp8_ds_mla) == cache_cost{61'464, 0, 0});
  // GLM-5.2 (IndexCache): 21 layers keep the indexer key, 57 cache the latent alone.
  //   bf16:       21 x (1,152 + 132) = 26,964 + 57 x 1,152 = 65,664 -> 92,628
  //   fp8:        21 x (576 + 132)   = 14,868 + 57 x 576   = 32,832 -> 47,700
  //   fp8_ds_mla: 21 x (656 + 132)   = 16,548 + 57 x 656   = 37,392 -> 53,940
  STATIC_REQUIRE(bf16_cost(g52) == cache_cost{92'628, 0, 0});
  STATIC_REQUIRE(fp8_cost(g52) == cache_cost{47'700, 0, 0});
  STATIC_REQUIRE(cache_cost_of(g52, cache_dtype::fp8_ds_mla) == cache_cost{53'940, 0, 0});
  // The indexer's layers: max(i - 3 + 1, 0) % 4 == 0 (index_skip_topk_offset 3, index_topk_freq 4).
  for (std::int32_t i = 0; i < 78; ++i) {
    INFO("layer " << i);
    REQUIRE((g52.layers[i].index_head_dim == 128) == (i < 3 || (i - 2) % 4 == 0));
    REQUIRE(g51.layers[i].index_head_dim == 128);
  }
  // Parameters: GLM-5's arithmetic (tests "glm-5"), and for GLM-5.2 57 layers fewer indexers
  // of wq_b 2048 x 32 x 128 + wk 6144 x 128 + k_norm 2 x 128 + weights_proj 6144 x 32.
  constexpr count_t hidden = 6144, vocab = 154880;
  constexpr count_t mla_part = mla_attention(hidden, 64, 2048, 512, 64, 192, 256) + 2 * hidden;
  constexpr count_t idx = indexer(hidden, 2048, 32, 128);
  constexpr count_t router = hidden * 256 + 256;
  constexpr count_t ffn_dense = swiglu(hidden, 12288), ffn_moe = 257 * swiglu(hidden, 2048) + router;
  constexpr count_t total51 = 2 * vocab * hidden + 78 * (mla_part + idx) + 3 * ffn_dense + 75 * ffn_moe + hidden;
  constexpr count_t total52 = total51 - 57 * idx;
  STATIC_REQUIRE(57 * idx == 534'198'528);
  STATIC_REQUIRE(g51.total_params == total51);  // 743,911,218,432 (Z.ai: 744B)
  STATIC_REQUIRE(g52.total_params == total52);  // 743,377,019,904
  // Active: 8 routed + 1 shared, without either embedding table: 39.88B for GLM-5.1 (Z.ai's
  // "40B", 0.3 %); 39.35B for GLM-5.2, whose "40B" is GLM-5's figure repeated (1.66 %; 1.7 %
  // allowed).
  constexpr count_t act_moe = 9 * swiglu(hidden, 2048) + router;
  constexpr count_t active51 = 78 * (mla_part + idx) + 3 * ffn_dense + 75 * act_moe + hidden;
  STATIC_REQUIRE(within(g51.active_params, active51));
  STATIC_REQUIRE(within(g52.active_params, active51 - 57 * idx, 0.017));
  STATIC_REQUIRE(g52.expert_params == 75LL * 256 * swiglu(hidden, 2048));
  STATIC_REQUIRE(g51.max_model_len == 202'752);
  STATIC_REQUIRE(g52.max_model_len == 1'048'576);
}

namespace {
// GLM-4.5 / 4.6 / 4.7: hidden 5120, 96 heads, 8 KV heads, head_dim 128, q/k/v bias (96 x 128 +
// 2 x 8 x 128 = 14,336), q/k norm (2 x 128); 3 dense layers (SwiGLU 12288), 89 MoE layers (160
// routed + 1 shared expert of SwiGLU 1536, router 5120 x 160 + 160 bias); vocab 151552, untied.
constexpr count_t glm_hidden = 5120, glm_vocab = 151552;
constexpr count_t glm_attn = gqa(glm_hidden, 96, 8, 128) + 14'336 + 2 * 128 + 2 * glm_hidden;
constexpr count_t glm_router = glm_hidden * 160 + 160;
constexpr count_t glm_dense = 3 * (glm_attn + swiglu(glm_hidden, 12288));
constexpr count_t glm_total = 2 * glm_vocab * glm_hidden + glm_dense +
                              89 * (glm_attn + 161 * swiglu(glm_hidden, 1536) + glm_router) + glm_hidden;
// Active: 8 routed + 1 shared, without either embedding table.
constexpr count_t glm_active = glm_dense + 89 * (glm_attn + 9 * swiglu(glm_hidden, 1536) + glm_router) + glm_hidden;
}  // namespace

TEST_CASE("glm-4.5, glm-4.6 and glm-4.7", "[models][glm]") {
  for (const model& m : {models::glm_4_5, models::glm_4_6, models::glm_4_7}) {
    // KV: 2 x 92 layers x 8 KV heads x 128 x 2 B = 376,832; fp8 188,416.
    REQUIRE(bf16_cost(m) == cache_cost{376'832, 0, 0});
    REQUIRE(fp8_cost(m) == cache_cost{188'416, 0, 0});
    // The descriptor carries the arithmetic (352,797,829,024), not the card's 355B, which rounds
    // neither this main model nor the checkpoint with its MTP layer (356.8B-358.3B).
    REQUIRE(m.total_params == glm_total);
    REQUIRE(glm_total == 352'797'829'024);
    REQUIRE(within(m.active_params, glm_active));  // 32,080,373,664 vs 32B
    REQUIRE(m.expert_params == 89LL * 160 * swiglu(glm_hidden, 1536));
  }
  STATIC_REQUIRE(models::glm_4_5.max_model_len == 131072);
  STATIC_REQUIRE(models::glm_4_6.max_model_len == 202752);
  STATIC_REQUIRE(models::glm_4_7.max_model_len == 202752);
}

TEST_CASE("glm-4.5-air", "[models][glm]") {
  constexpr const model& m = models::glm_4_5_air;
  // KV: 2 x 46 layers x 8 KV heads x 128 x 2 B = 188,416; fp8 94,208.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{188'416, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{94'208, 0, 0});
  // hidden 4096, 96 heads, 8 KV heads, 128, q/k/v bias (96 x 128 + 2 x 8 x 128 = 14,336), no
  // q/k norm; 1 dense layer (SwiGLU 10944), 45 MoE layers (128 routed + 1 shared of SwiGLU 1408,
  // router 4096 x 128 + 128); vocab 151552, untied.
  constexpr count_t hidden = 4096, vocab = 151552;
  constexpr count_t attn = gqa(hidden, 96, 8, 128) + 14'336 + 2 * hidden;
  constexpr count_t router = hidden * 128 + 128;
  constexpr count_t dense = attn + swiglu(hidden, 10944);
  constexpr count_t total = 2 * vocab * hidden + dense + 45 * (attn + 129 * swiglu(hidden, 1408) + router) + hidden;
  // The arithmetic, 106,852,251,264 (the card truncates it to 106B).
  STATIC_REQUIRE(m.total_params == total);
  STATIC_REQUIRE(total == 106'852'251'264);
  // Active without either embedding: 12.18B vs "12B" (rounded to 1B: 0.5B = 4.1 % of 12.18B).
  constexpr count_t active = dense + 45 * (attn + 9 * swiglu(hidden, 1408) + router) + hidden;
  STATIC_REQUIRE(within(m.active_params, active, 0.041));
  STATIC_REQUIRE(m.expert_params == 45LL * 128 * swiglu(hidden, 1408));
}

// ---------------------------------------------------------------------------------------------
// Qwen2.5, Qwen3, Qwen3-Next
// ---------------------------------------------------------------------------------------------

TEST_CASE("qwen2.5-7b", "[models][qwen]") {
  constexpr const model& m = models::qwen2_5_7b;
  // KV: 2 x 28 layers x 4 KV heads x 128 x 2 B = 57,344; fp8 28,672.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{57'344, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{28'672, 0, 0});
  // 2 x 152064 x 3584; 28 layers of GQA (28 heads, 4 KV heads, 128) + q/k/v bias (28 x 128 +
  // 2 x 4 x 128 = 4,608) + SwiGLU 18944 + 2 norms.
  constexpr count_t hidden = 3584, vocab = 152064;
  constexpr count_t layer = gqa(hidden, 28, 4, 128) + 4'608 + swiglu(hidden, 18944) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 28 * layer + hidden;  // 7,615,616,512
  STATIC_REQUIRE(within(m.total_params, params));
  STATIC_REQUIRE(m.max_model_len == 32768);
}

TEST_CASE("qwen2.5-72b", "[models][qwen]") {
  constexpr const model& m = models::qwen2_5_72b;
  // KV: 2 x 80 layers x 8 KV heads x 128 x 2 B = 327,680; fp8 163,840.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{327'680, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{163'840, 0, 0});
  // 2 x 152064 x 8192; 80 layers of GQA (64, 8, 128) + bias (64 x 128 + 2 x 8 x 128 = 10,240)
  // + SwiGLU 29568 + 2 norms.
  constexpr count_t hidden = 8192, vocab = 152064;
  constexpr count_t layer = gqa(hidden, 64, 8, 128) + 10'240 + swiglu(hidden, 29568) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 80 * layer + hidden;  // 72,706,203,648
  STATIC_REQUIRE(within(m.total_params, params));
}

TEST_CASE("the other Qwen2.5 sizes and Llama 3.2", "[models][qwen][llama]") {
  // Qwen2.5: GQA with q/k/v bias + SwiGLU + 2 norms a layer; embeddings once where tied. The
  // formula gives the registry's 7B (7,615,616,512) and 72B (72,706,203,648).
  constexpr auto qwen2 = [](count_t hidden, count_t heads, count_t kv, count_t intermediate, count_t layers,
                            count_t vocab, count_t tables) {
    const count_t hd = hidden / heads;
    const count_t layer = gqa(hidden, heads, kv, hd) + heads * hd + 2 * kv * hd + swiglu(hidden, intermediate) + 2 * hidden;
    return tables * vocab * hidden + layers * layer + hidden;
  };
  STATIC_REQUIRE(qwen2(3584, 28, 4, 18944, 28, 152064, 2) == models::qwen2_5_7b.total_params);
  STATIC_REQUIRE(qwen2(8192, 64, 8, 29568, 80, 152064, 2) == models::qwen2_5_72b.total_params);
  STATIC_REQUIRE(within(models::qwen2_5_0_5b.total_params, qwen2(896, 14, 2, 4864, 24, 151936, 1)));
  STATIC_REQUIRE(within(models::qwen2_5_1_5b.total_params, qwen2(1536, 12, 2, 8960, 28, 151936, 1)));
  STATIC_REQUIRE(within(models::qwen2_5_3b.total_params, qwen2(2048, 16, 2, 11008, 36, 151936, 1)));
  STATIC_REQUIRE(within(models::qwen2_5_14b.total_params, qwen2(5120, 40, 8, 13824, 48, 152064, 2)));
  STATIC_REQUIRE(within(models::qwen2_5_32b.total_params, qwen2(5120, 40, 8, 27648, 64, 152064, 2)));
  // KV: 2 x 24 x 2 x 64 x 2 B = 12,288 (0.5B, head_dim 64); 2 x 28 x 2 x 128 x 2 B = 28,672
  // (1.5B); 36 layers 36,864 (3B); 2 x 48 x 8 x 128 x 2 B = 196,608 (14B); 64 layers 262,144 (32B).
  STATIC_REQUIRE(bf16_cost(models::qwen2_5_0_5b) == cache_cost{12'288, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::qwen2_5_1_5b) == cache_cost{28'672, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::qwen2_5_3b) == cache_cost{36'864, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::qwen2_5_14b) == cache_cost{196'608, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::qwen2_5_32b) == cache_cost{262'144, 0, 0});
  // Llama 3.2: no bias; tied. 1B: 16 x (GQA (32, 8, 64) + SwiGLU 8192 + 2 norms) + 128256 x 2048
  // + 2048 = 1,235,814,400; 3B: 28 layers of GQA (24, 8, 128), hidden 3072 = 3,212,749,824.
  constexpr auto llama = [](count_t hidden, count_t heads, count_t hd, count_t layers) {
    return 128256 * hidden + layers * (gqa(hidden, heads, 8, hd) + swiglu(hidden, 8192) + 2 * hidden) + hidden;
  };
  STATIC_REQUIRE(llama(2048, 32, 64, 16) == 1'235'814'400);
  STATIC_REQUIRE(llama(3072, 24, 128, 28) == 3'212'749'824);
  STATIC_REQUIRE(within(models::llama_3_2_1b.total_params, llama(2048, 32, 64, 16)));
  STATIC_REQUIRE(within(models::llama_3_2_3b.total_params, llama(3072, 24, 128, 28)));
  // KV: 2 x 16 x 8 x 64 x 2 B = 32,768; 2 x 28 x 8 x 128 x 2 B = 114,688.
  STATIC_REQUIRE(bf16_cost(models::llama_3_2_1b) == cache_cost{32'768, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::llama_3_2_3b) == cache_cost{114'688, 0, 0});
}

TEST_CASE("the small Qwen3 models", "[models][qwen]") {
  // KV: 2 x 28 layers x 8 KV heads x 128 x 2 B = 114,688 (0.6B, 1.7B); 36 layers 147,456 (4B);
  // 40 layers 163,840 (14B).
  STATIC_REQUIRE(bf16_cost(models::qwen3_0_6b) == cache_cost{114'688, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::qwen3_1_7b) == cache_cost{114'688, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::qwen3_4b) == cache_cost{147'456, 0, 0});
  STATIC_REQUIRE(bf16_cost(models::qwen3_14b) == cache_cost{163'840, 0, 0});
  // A layer: GQA (H, 8, 128) + q/k norms (2 x 128) + SwiGLU + 2 norms; one embedding table where
  // tied (0.6B, 1.7B, 4B), two for the 14B; the final norm.
  constexpr count_t vocab = 151936;
  constexpr auto params = [](count_t hidden, count_t heads, count_t intermediate, count_t layers, count_t tables) {
    const count_t layer = gqa(hidden, heads, 8, 128) + 2 * 128 + swiglu(hidden, intermediate) + 2 * hidden;
    return tables * vocab * hidden + layers * layer + hidden;
  };
  STATIC_REQUIRE(params(1024, 16, 3072, 28, 1) == 596'049'920);
  STATIC_REQUIRE(params(2048, 16, 6144, 28, 1) == 1'720'574'976);
  STATIC_REQUIRE(params(2560, 32, 9728, 36, 1) == 4'022'468'096);
  STATIC_REQUIRE(params(5120, 40, 17408, 40, 2) == 14'768'307'200);
  STATIC_REQUIRE(within(models::qwen3_0_6b.total_params, params(1024, 16, 3072, 28, 1)));
  STATIC_REQUIRE(within(models::qwen3_1_7b.total_params, params(2048, 16, 6144, 28, 1)));
  STATIC_REQUIRE(within(models::qwen3_4b.total_params, params(2560, 32, 9728, 36, 1)));
  STATIC_REQUIRE(within(models::qwen3_14b.total_params, params(5120, 40, 17408, 40, 2)));
  // The model cards' rounded totals: 0.6B, 1.7B, 4.0B, 14.8B.
  STATIC_REQUIRE(models::qwen3_4b.total_params / 100'000'000 == 40);
  STATIC_REQUIRE(models::qwen3_14b.total_params / 100'000'000 == 147);
}

TEST_CASE("qwen3-8b", "[models][qwen]") {
  constexpr const model& m = models::qwen3_8b;
  // KV: 2 x 36 layers x 8 KV heads x 128 x 2 B = 147,456; fp8 73,728.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{147'456, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{73'728, 0, 0});
  // 2 x 151936 x 4096; 36 layers of GQA (32, 8, 128) + q/k norm (2 x 128) + SwiGLU 12288 + norms.
  constexpr count_t hidden = 4096, vocab = 151936;
  constexpr count_t layer = gqa(hidden, 32, 8, 128) + 2 * 128 + swiglu(hidden, 12288) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 36 * layer + hidden;  // 8,190,735,360
  STATIC_REQUIRE(within(m.total_params, params));
  STATIC_REQUIRE(m.max_model_len == 40960);
}

TEST_CASE("qwen3-32b", "[models][qwen]") {
  constexpr const model& m = models::qwen3_32b;
  // KV: 2 x 64 layers x 8 KV heads x 128 x 2 B = 262,144; fp8 131,072.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{262'144, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{131'072, 0, 0});
  // 2 x 151936 x 5120; 64 layers of GQA (64, 8, 128) + q/k norm + SwiGLU 25600 + 2 norms.
  constexpr count_t hidden = 5120, vocab = 151936;
  constexpr count_t layer = gqa(hidden, 64, 8, 128) + 2 * 128 + swiglu(hidden, 25600) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 64 * layer + hidden;  // 32,762,123,264
  STATIC_REQUIRE(within(m.total_params, params));
}

TEST_CASE("qwen3-30b-a3b", "[models][qwen][moe]") {
  constexpr const model& m = models::qwen3_30b_a3b;
  // KV: 2 x 48 layers x 4 KV heads x 128 x 2 B = 98,304; fp8 49,152.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{98'304, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{49'152, 0, 0});
  // 2 x 151936 x 2048; 48 layers of GQA (32, 4, 128) + q/k norm + 2 norms + 128 experts of
  // SwiGLU 768 + router 2048 x 128.
  constexpr count_t hidden = 2048, vocab = 151936;
  constexpr count_t attn = gqa(hidden, 32, 4, 128) + 2 * 128 + 2 * hidden;
  constexpr count_t total = 2 * vocab * hidden + 48 * (attn + 128 * swiglu(hidden, 768) + hidden * 128) + hidden;
  STATIC_REQUIRE(within(m.total_params, total));  // 30,532,122,624
  // Active: top 8, both embeddings counted = 3.353B. The card's "3.3B" truncates it (1.6 %);
  // 2 % allowed.
  constexpr count_t active = 2 * vocab * hidden + 48 * (attn + 8 * swiglu(hidden, 768) + hidden * 128) + hidden;
  STATIC_REQUIRE(within(m.active_params, active, 0.02));
  STATIC_REQUIRE(m.expert_params == 48LL * 128 * swiglu(hidden, 768));
}

TEST_CASE("qwen3-235b-a22b", "[models][qwen][moe]") {
  constexpr const model& m = models::qwen3_235b_a22b;
  // KV: 2 x 94 layers x 4 KV heads x 128 x 2 B = 192,512; fp8 96,256.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{192'512, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{96'256, 0, 0});
  // 2 x 151936 x 4096; 94 layers of GQA (64, 4, 128) + q/k norm + 2 norms + 128 experts of
  // SwiGLU 1536 + router 4096 x 128.
  constexpr count_t hidden = 4096, vocab = 151936;
  constexpr count_t attn = gqa(hidden, 64, 4, 128) + 2 * 128 + 2 * hidden;
  constexpr count_t total = 2 * vocab * hidden + 94 * (attn + 128 * swiglu(hidden, 1536) + hidden * 128) + hidden;
  STATIC_REQUIRE(within(m.total_params, total));  // 235,093,634,560
  // Active: top 8 with both embeddings = 22.19B; "22B" rounded to 1B: 0.5B = 2.3 % of 22.19B.
  constexpr count_t active = 2 * vocab * hidden + 94 * (attn + 8 * swiglu(hidden, 1536) + hidden * 128) + hidden;
  STATIC_REQUIRE(within(m.active_params, active, 0.023));
  STATIC_REQUIRE(m.expert_params == 94LL * 128 * swiglu(hidden, 1536));
}

TEST_CASE("qwen3-next-80b-a3b", "[models][qwen][hybrid]") {
  constexpr const model& m = models::qwen3_next_80b;
  // 12 gated-attention layers: 2 x 12 x 2 KV heads x 256 x 2 B = 24,576 per token; fp8 12,288.
  // 36 Gated DeltaNet layers, state per request in bf16 (the model dtype):
  //   conv (4 - 1) x (2 x 16 x 128 + 32 x 128 = 8,192) x 2 B = 49,152
  //   recurrent 32 value heads x 128 x 128 x 2 B = 1,048,576 -> 1,097,728 per layer
  //   x 36 = 39,518,208 B, whatever the KV cache dtype.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{24'576, 0, 39'518'208});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{12'288, 0, 39'518'208});
  // Parameters (hidden 2048, vocab 151936 untied):
  //   attention layer: q 2048 x (16 x 256 x 2, with the output gate), k and v 2048 x 2 x 256,
  //     o 16 x 256 x 2048, q/k norm 2 x 256
  //   DeltaNet layer: in_proj_qkvz 2048 x (2 x 16 x 128 + 2 x 32 x 128), in_proj_ba
  //     2048 x (2 x 32), conv1d 8,192 channels x 4 (no bias), dt_bias and A_log 2 x 32, norm 128,
  //     out_proj (32 x 128) x 2048
  //   every layer: 512 experts + 1 shared expert of SwiGLU 512, router 2048 x 512, shared-expert
  //     gate 2048, 2 norms
  constexpr count_t hidden = 2048, vocab = 151936;
  constexpr count_t attn = hidden * 16 * 256 * 2 + 2 * hidden * 2 * 256 + 16 * 256 * hidden + 2 * 256;
  constexpr count_t gdn =
      hidden * (2 * 16 * 128 + 2 * 32 * 128) + hidden * 2 * 32 + 8192 * 4 + 2 * 32 + 128 + 32 * 128 * hidden;
  constexpr count_t moe_rest = swiglu(hidden, 512) + hidden * 512 + hidden + 2 * hidden;
  constexpr count_t total = 2 * vocab * hidden + 12 * attn + 36 * gdn + 48 * (512 * swiglu(hidden, 512) + moe_rest) + hidden;
  STATIC_REQUIRE(total == 79'674'391'296);  // the HF API count of Qwen3-Coder-Next (same model, no MTP)
  STATIC_REQUIRE(m.total_params == total);  // the card rounds to "80B" (0.41 %)
  // Active: top 10 + shared, without either embedding table = 3.25B (with them 3.87B would not
  // round to 3B). "3B" is rounded to 1B: 0.5B = 15.4 % of 3.25B.
  constexpr count_t active = 12 * attn + 36 * gdn + 48 * (10 * swiglu(hidden, 512) + moe_rest) + hidden;
  STATIC_REQUIRE(within(m.active_params, active, 0.154));
  STATIC_REQUIRE(m.expert_params == 48LL * 512 * swiglu(hidden, 512));
}

namespace {
// Qwen3.5 / 3.6 text models, with the Qwen3-Next pieces (head_dim 256; Gated DeltaNet of 16 key
// heads and V value heads, both 128 wide, conv kernel 4):
//   gated attention: q hidden x heads x 256 x 2 (with the output gate), k and v hidden x kv x 256
//     each, o heads x 256 x hidden, q/k norm 2 x 256
//   Gated DeltaNet: in_proj_qkv + in_proj_z hidden x (2 x 16 x 128 + 2 x V x 128), in_proj_b and
//     in_proj_a hidden x 2 x V, conv1d (2 x 16 x 128 + V x 128) channels x 4, dt_bias and A_log
//     2 x V, norm 128, out_proj V x 128 x hidden
//   every layer: 2 RMSNorms; an MoE layer E experts + 1 shared expert of SwiGLU I, router
//     hidden x E, shared-expert gate hidden; vocab 248320, untied; final norm.
constexpr count_t q35_vocab = 248320;
constexpr count_t q35_attention(count_t hidden, count_t heads, count_t kv_heads) {
  return hidden * heads * 256 * 2 + 2 * hidden * kv_heads * 256 + heads * 256 * hidden + 2 * 256;
}
constexpr count_t q35_deltanet(count_t hidden, count_t value_heads) {
  const count_t conv_channels = 2 * 16 * 128 + value_heads * 128;
  return hidden * (2 * 16 * 128 + 2 * value_heads * 128) + hidden * 2 * value_heads + conv_channels * 4 +
         2 * value_heads + 128 + value_heads * 128 * hidden;
}
// An MoE model of `layers` layers (a quarter of them attention) routing `used` of `experts`.
constexpr count_t q35_moe(count_t hidden, count_t heads, count_t kv_heads, count_t value_heads, count_t layers,
                          count_t experts, count_t inter, count_t used) {
  const count_t rest = swiglu(hidden, inter) + hidden * experts + hidden + 2 * hidden;
  return 2 * q35_vocab * hidden + layers / 4 * q35_attention(hidden, heads, kv_heads) +
         layers / 4 * 3 * q35_deltanet(hidden, value_heads) + layers * (used * swiglu(hidden, inter) + rest) + hidden;
}
// Gated DeltaNet state per request: conv (4 - 1) x channels x 2 B (bf16, the model dtype) and
// the recurrent V x 128 x 128 in float32 (mamba_ssm_dtype), 4 B.
constexpr count_t q35_state(count_t value_heads) {
  return 3 * (2 * 16 * 128 + value_heads * 128) * 2 + value_heads * 128 * 128 * 4;
}
}  // namespace

TEST_CASE("qwen3.5-397b-a17b", "[models][qwen][hybrid]") {
  constexpr const model& m = models::qwen3_5_397b_a17b;
  // 15 full-attention layers: 2 x 15 x 2 KV heads x 256 x 2 B = 30,720 per token; fp8 15,360.
  // 45 Gated DeltaNet layers: conv 3 x (2 x 16 x 128 + 64 x 128 = 12,288) x 2 B = 73,728 +
  //   recurrent 64 x 128 x 128 x 4 B = 4,194,304 -> 4,268,032 per layer, x 45 = 192,061,440 B
  //   per request, whatever the KV cache dtype.
  STATIC_REQUIRE(q35_state(64) == 4'268'032);
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{30'720, 0, 192'061'440});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{15'360, 0, 192'061'440});
  STATIC_REQUIRE(m.layers.count(layer_kind::full_attention) == 15);
  STATIC_REQUIRE(m.layers[3].kind == layer_kind::full_attention);
  // The state dtype is the config's: with the model dtype (bf16) the recurrent state would halve.
  STATIC_REQUIRE(m.mamba_ssm_cache_dtype == dtype::float32);
  // Parameters: the text model (512 experts of SwiGLU 1024, top 10) = 396,346,350,336, plus the
  // reader's vision estimate, 456,018,544 (card: 397B).
  constexpr count_t text = q35_moe(4096, 32, 2, 64, 60, 512, 1024, 512);
  STATIC_REQUIRE(text == 396'346'350'336);
  STATIC_REQUIRE(m.total_params - text == 456'018'544);
  // Active: top 10 + shared with both embeddings = 17.35B; "17B" is rounded to 1B: 0.5B = 2.9 %.
  STATIC_REQUIRE(within(m.active_params, q35_moe(4096, 32, 2, 64, 60, 512, 1024, 10), 0.029));
  STATIC_REQUIRE(m.expert_params == 60LL * 512 * swiglu(4096, 1024));
}

TEST_CASE("qwen3.5-122b-a10b", "[models][qwen][hybrid]") {
  constexpr const model& m = models::qwen3_5_122b_a10b;
  // 12 full-attention layers: 2 x 12 x 2 x 256 x 2 B = 24,576 per token; fp8 12,288.
  // 36 Gated DeltaNet layers of 64 value heads: 4,268,032 x 36 = 153,649,152 B per request.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{24'576, 0, 153'649'152});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{12'288, 0, 153'649'152});
  // Text (256 experts of SwiGLU 1024, top 8) = 122,111,526,912 (card: 122B) + vision estimate
  // 451,298,928.
  constexpr count_t text = q35_moe(3072, 32, 2, 64, 48, 256, 1024, 256);
  STATIC_REQUIRE(text == 122'111'526'912);
  STATIC_REQUIRE(m.total_params - text == 451'298'928);
  // Active: 9.77B; "10B" is rounded to 1B: 0.5B = 5.1 %.
  STATIC_REQUIRE(within(m.active_params, q35_moe(3072, 32, 2, 64, 48, 256, 1024, 8), 0.051));
  STATIC_REQUIRE(m.expert_params == 48LL * 256 * swiglu(3072, 1024));
}

TEST_CASE("qwen3.6-35b-a3b", "[models][qwen][hybrid]") {
  constexpr const model& m = models::qwen3_6_35b_a3b;
  // 10 full-attention layers: 2 x 10 x 2 x 256 x 2 B = 20,480 per token; fp8 10,240.
  // 30 Gated DeltaNet layers: conv 3 x (4,096 + 32 x 128 = 8,192) x 2 B = 49,152 + recurrent
  //   32 x 128 x 128 x 4 B = 2,097,152 -> 2,146,304 per layer, x 30 = 64,389,120 B per request.
  STATIC_REQUIRE(q35_state(32) == 2'146'304);
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{20'480, 0, 64'389'120});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{10'240, 0, 64'389'120});
  // Text (256 experts of SwiGLU 512, top 8) = 34,660,610,688 (card: 35B) + vision estimate
  // 446,579,312.
  constexpr count_t text = q35_moe(2048, 16, 2, 32, 40, 256, 512, 256);
  STATIC_REQUIRE(text == 34'660'610'688);
  STATIC_REQUIRE(m.total_params - text == 446'579'312);
  // Active: 3.45B; "3B" is rounded to 1B: 0.5B = 14.5 % of 3.45B.
  STATIC_REQUIRE(within(m.active_params, q35_moe(2048, 16, 2, 32, 40, 256, 512, 8), 0.145));
  STATIC_REQUIRE(m.expert_params == 40LL * 256 * swiglu(2048, 512));
  // The NVFP4 checkpoint is ModelOpt MIXED_PRECISION without a KV scheme.
  STATIC_REQUIRE(m.checkpoints[2].quantization == "modelopt_mixed");
  STATIC_REQUIRE(!m.checkpoints[2].kv_cache_scheme);
}

TEST_CASE("qwen3.6-27b", "[models][qwen][hybrid]") {
  constexpr const model& m = models::qwen3_6_27b;
  // 16 full-attention layers: 2 x 16 x 4 KV heads x 256 x 2 B = 65,536 per token; fp8 32,768.
  // 48 Gated DeltaNet layers: conv 3 x (4,096 + 48 x 128 = 10,240) x 2 B = 61,440 + recurrent
  //   48 x 128 x 128 x 4 B = 3,145,728 -> 3,207,168 per layer, x 48 = 153,944,064 B per request.
  STATIC_REQUIRE(q35_state(48) == 3'207'168);
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{65'536, 0, 153'944'064});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{32'768, 0, 153'944'064});
  // 4 KV heads: TP 4 keeps one per rank (16,384 B per token per rank in bf16).
  STATIC_REQUIRE(cache_cost_of(m, cache_dtype::bfloat16, 4).full_bytes_per_token == 16'384);
  // Text, dense: 64 layers of SwiGLU 17408 + 2 norms = 26,895,998,464 (card: 27B) + vision
  // estimate 460,738,160.
  constexpr count_t hidden = 5120;
  constexpr count_t text = 2 * q35_vocab * hidden + 16 * q35_attention(hidden, 24, 4) + 48 * q35_deltanet(hidden, 48) +
                           64 * (swiglu(hidden, 17408) + 2 * hidden) + hidden;
  STATIC_REQUIRE(text == 26'895'998'464);
  STATIC_REQUIRE(m.total_params - text == 460'738'160);
  STATIC_REQUIRE(m.active_params == m.total_params);
  STATIC_REQUIRE(m.checkpoints[2].quantization == "modelopt_mixed");
  STATIC_REQUIRE(m.checkpoints[2].format == dtype::nvfp4);
  STATIC_REQUIRE(m.checkpoints[2].kv_cache_scheme == cache_dtype::fp8_e4m3);
}

// ---------------------------------------------------------------------------------------------
// gpt-oss (alternating sliding window and full attention)
// ---------------------------------------------------------------------------------------------

namespace {
// gpt-oss layer pieces (hidden 2880, 64 heads x 64, 8 KV heads, biases everywhere):
// attention q 2880 x 4096 + 4096, k and v 2880 x 512 + 512 each, o 4096 x 2880 + 2880, sinks 64;
// expert gate_up 2880 x 5760 + 5760 and down 2880 x 2880 + 2880; router 2880 x E + E.
constexpr count_t oss_hidden = 2880, oss_vocab = 201088;
constexpr count_t oss_attn = (oss_hidden * 4096 + 4096) + 2 * (oss_hidden * 512 + 512) + (4096 * oss_hidden + oss_hidden) + 64;
constexpr count_t oss_expert = (oss_hidden * 5760 + 5760) + (oss_hidden * oss_hidden + oss_hidden);
constexpr count_t oss_total(count_t n_layers, count_t experts) {
  return 2 * oss_vocab * oss_hidden + n_layers * (oss_attn + experts * oss_expert + oss_hidden * experts + experts + 2 * oss_hidden) + oss_hidden;
}
// Active as the model card counts it: top-4 experts and the unembedding, not the embedding.
constexpr count_t oss_active(count_t n_layers, count_t experts) {
  return oss_vocab * oss_hidden + n_layers * (oss_attn + 4 * oss_expert + oss_hidden * experts + experts + 2 * oss_hidden) + oss_hidden;
}
}  // namespace

TEST_CASE("gpt-oss-20b", "[models][swa]") {
  constexpr const model& m = models::gpt_oss_20b;
  // 12 full layers: 2 x 12 x 8 KV heads x 64 x 2 B = 24,576 per token; 12 sliding layers
  // (window 128) the same 24,576 per token held. fp8: 12,288 each.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{24'576, 24'576, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{12'288, 12'288, 0});
  STATIC_REQUIRE(within(m.total_params, oss_total(24, 32)));    // 20,914,757,184
  STATIC_REQUIRE(within(m.active_params, oss_active(24, 32)));  // 3,608,307,264 vs 3.61B
  STATIC_REQUIRE(m.expert_params == 24 * 32 * oss_expert);
}

TEST_CASE("gpt-oss-120b", "[models][swa]") {
  constexpr const model& m = models::gpt_oss_120b;
  // 18 full + 18 sliding layers: 2 x 18 x 8 x 64 x 2 B = 36,864 each; fp8 18,432.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{36'864, 36'864, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{18'432, 18'432, 0});
  STATIC_REQUIRE(within(m.total_params, oss_total(36, 128)));    // 116,829,156,672
  STATIC_REQUIRE(within(m.active_params, oss_active(36, 128)));  // 5,132,849,472 vs 5.13B
  STATIC_REQUIRE(m.expert_params == 36 * 128 * oss_expert);
}

// ---------------------------------------------------------------------------------------------
// Gemma 3 27B (5 local : 1 global, vision encoder)
// ---------------------------------------------------------------------------------------------

TEST_CASE("gemma-3-27b", "[models][swa]") {
  constexpr const model& m = models::gemma_3_27b;
  // 10 global layers: 2 x 10 x 16 KV heads x 128 x 2 B = 81,920 per token; 52 local layers
  // (window 1024): 2 x 52 x 16 x 128 x 2 B = 425,984 per token held. fp8: 40,960 / 212,992.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{81'920, 425'984, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{40'960, 212'992, 0});
  // Text: tied embeddings 262208 x 5376; 62 layers of GQA (32 heads, 16 KV heads, 128) + q/k
  // norm (2 x 128) + SwiGLU 21504 + 4 RMSNorms of 5376; final norm.
  constexpr count_t hidden = 5376, vocab = 262208;
  constexpr count_t layer = gqa(hidden, 32, 16, 128) + 2 * 128 + swiglu(hidden, 21504) + 4 * hidden;
  constexpr count_t text = vocab * hidden + 62 * layer + hidden;  // 27,009,346,304
  // Vision (SigLIP: hidden 1152, intermediate 4304, 27 layers, image 896, patch 14):
  //   27 layers of q, k, v, o with biases 4 x (1152^2 + 1152), fc1 1152 x 4304 + 4304,
  //   fc2 4304 x 1152 + 1152, 2 LayerNorms 4 x 1152; patch conv 3 x 14 x 14 x 1152 + 1152;
  //   position embedding (896 / 14)^2 = 4096 x 1152; post LayerNorm 2 x 1152;
  //   projector 1152 x 5376 and its RMSNorm 1152.
  constexpr count_t vh = 1152, vi = 4304;
  constexpr count_t vlayer = 4 * (vh * vh + vh) + (vh * vi + vi) + (vi * vh + vh) + 4 * vh;
  constexpr count_t vision = 27 * vlayer + (3 * 14 * 14 * vh + vh) + 4096 * vh + 2 * vh + vh * hidden + vh;
  STATIC_REQUIRE(vision == 423'060'336);
  // The published count (HF API) includes the vision tower.
  STATIC_REQUIRE(within(m.total_params, text + vision));  // 27,432,406,640
}

// ---------------------------------------------------------------------------------------------
// Gemma 4 31B and 26B-A4B (5 local : 1 global, global head_dim 512 with K = V)
// ---------------------------------------------------------------------------------------------

namespace {
// Gemma 4 text models (head_dim 256, global_head_dim 512, tied embeddings of vocab 262144):
//   sliding layer: q hidden x heads x 256, k and v hidden x kv x 256 each, o heads x 256 x
//     hidden, q/k norm 2 x 256
//   full layer (attention_k_eq_v): q hidden x heads x 512, k hidden x global_kv x 512 and no
//     v_proj, o heads x 512 x hidden, q/k norm 2 x 512
//   every layer: 4 RMSNorms and the dense MLP (gate, up, down: 3 x hidden x intermediate); with
//     enable_moe_block also a router hidden x E, E experts of 3 x hidden x moe_intermediate,
//     the router's and experts' scales and the MoE branch's norms (4 x hidden + E)
//   final norm.
constexpr count_t g4_vocab = 262144;
constexpr count_t g4_text(count_t hidden, count_t heads, count_t kv, count_t global_kv, count_t layers,
                          count_t inter, count_t experts = 0, count_t moe_inter = 0, count_t used = 0) {
  const count_t sliding = hidden * heads * 256 + 2 * hidden * kv * 256 + heads * 256 * hidden + 2 * 256;
  const count_t full = hidden * heads * 512 + hidden * global_kv * 512 + heads * 512 * hidden + 2 * 512;
  const count_t moe = experts == 0 ? 0 : hidden * experts + used * swiglu(hidden, moe_inter) + 4 * hidden + experts;
  return g4_vocab * hidden + (layers - layers / 6) * sliding + layers / 6 * full +
         layers * (4 * hidden + swiglu(hidden, inter) + moe) + hidden;
}
}  // namespace

TEST_CASE("gemma-4-31b", "[models][swa][gemma4]") {
  constexpr const model& m = models::gemma_4_31b;
  // 10 full layers (5, 11, ..., 59): 2 x 10 x 4 global KV heads x 512 x 2 B = 81,920 per token;
  // 50 sliding layers (window 1024): 2 x 50 x 16 KV heads x 256 x 2 B = 819,200 per token held.
  // fp8: 40,960 / 409,600.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{81'920, 819'200, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{40'960, 409'600, 0});
  STATIC_REQUIRE(m.layers[59].kind == layer_kind::full_attention);
  STATIC_REQUIRE(m.layers[5].head_size == 512 && m.layers[4].head_size == 256);
  // Text: hidden 5376, 32 heads, 16 KV heads, 4 global KV heads, SwiGLU-shaped MLP 21504 =
  // 30,697,345,280 (card: 30.7B). The reader counts a v_proj on the 10 full layers too
  // (10 x 5376 x 4 x 512 = 110,100,480) and the vision tower (Gemma4VisionModel, 27 layers of
  // 1152 with a gated MLP of 4304, 72-wide heads) with its embedder: patches 3 x 16 x 16 x 1152
  // = 884,736, positions 2 x 10240 x 1152 = 23,592,960, layers 27 x (4 x 1152^2 + 3 x 1152 x
  // 4304 + 4 x 1152 + 2 x 72) = 545,070,384, the embedder 1152 x 5376 = 6,193,152.
  constexpr count_t text = g4_text(5376, 32, 16, 4, 60, 21504);
  STATIC_REQUIRE(text == 30'697'345'280);
  constexpr count_t vision = 884'736 + 23'592'960 + 27 * (4 * 1152 * 1152 + 3 * 1152 * 4304 + 4 * 1152 + 2 * 72);
  STATIC_REQUIRE(m.total_params - text == 110'100'480 + vision + 1152 * 5376);
  STATIC_REQUIRE(m.active_params == m.total_params);
}

TEST_CASE("gemma-4-26b-a4b", "[models][swa][gemma4][moe]") {
  constexpr const model& m = models::gemma_4_26b_a4b;
  // 5 full layers: 2 x 5 x 2 global KV heads x 512 x 2 B = 20,480 per token; 25 sliding layers:
  // 2 x 25 x 8 KV heads x 256 x 2 B = 204,800 per token held. fp8: 10,240 / 102,400.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{20'480, 204'800, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{10'240, 102'400, 0});
  STATIC_REQUIRE(m.layers[29].kind == layer_kind::full_attention);
  // Text: hidden 2816, 16 heads, 8 KV heads, 2 global KV heads, dense MLP 2112 and 128 experts
  // of 704 = 25,233,141,760 (card: 25.2B). The reader adds 5 x 2816 x 2 x 512 = 14,417,920 of
  // v_proj and the 31B's vision tower (569,548,080 before its embedder) with an embedder to
  // 2816 (1152 x 2816 = 3,244,032).
  constexpr count_t text = g4_text(2816, 16, 8, 2, 30, 2112, 128, 704, 128);
  STATIC_REQUIRE(text == 25'233'141'760);
  STATIC_REQUIRE(m.total_params - text == 14'417'920 + 569'548'080 + 1152 * 2816);
  // Active: top 8 with the embeddings = 3.82B; "3.8B" is rounded to 0.1B: 0.05B = 1.3 %.
  STATIC_REQUIRE(within(m.active_params, g4_text(2816, 16, 8, 2, 30, 2112, 128, 704, 8), 0.013));
  STATIC_REQUIRE(m.expert_params == 30LL * 128 * swiglu(2816, 704));
}

// ---------------------------------------------------------------------------------------------
// Mistral Small 3, Mixtral 8x7B, Phi-4
// ---------------------------------------------------------------------------------------------

TEST_CASE("mistral-small-24b", "[models][mistral]") {
  constexpr const model& m = models::mistral_small_24b;
  // KV: 2 x 40 layers x 8 KV heads x 128 x 2 B = 163,840; fp8 81,920.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{163'840, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{81'920, 0, 0});
  // 2 x 131072 x 5120; 40 layers of GQA (32 heads, 8 KV heads, head_dim 128) + SwiGLU 32768 +
  // 2 norms.
  constexpr count_t hidden = 5120, vocab = 131072;
  constexpr count_t layer = gqa(hidden, 32, 8, 128) + swiglu(hidden, 32768) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 40 * layer + hidden;  // 23,572,403,200
  STATIC_REQUIRE(within(m.total_params, params));
}

TEST_CASE("mixtral-8x7b", "[models][mistral][moe]") {
  constexpr const model& m = models::mixtral_8x7b;
  // KV: 2 x 32 layers x 8 KV heads x 128 x 2 B = 131,072; fp8 65,536.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{131'072, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{65'536, 0, 0});
  // 2 x 32000 x 4096; 32 layers of GQA (32, 8, 128) + 2 norms + 8 experts of SwiGLU 14336 +
  // router 4096 x 8.
  constexpr count_t hidden = 4096, vocab = 32000;
  constexpr count_t attn = gqa(hidden, 32, 8, 128) + 2 * hidden;
  constexpr count_t total = 2 * vocab * hidden + 32 * (attn + 8 * swiglu(hidden, 14336) + hidden * 8) + hidden;
  STATIC_REQUIRE(within(m.total_params, total));  // 46,702,792,704
  // Active: top 2, both embeddings counted = 12,879,925,248 vs Mistral's 12.9B.
  constexpr count_t active = 2 * vocab * hidden + 32 * (attn + 2 * swiglu(hidden, 14336) + hidden * 8) + hidden;
  STATIC_REQUIRE(within(m.active_params, active));
  STATIC_REQUIRE(m.expert_params == 32LL * 8 * swiglu(hidden, 14336));
}

TEST_CASE("phi-4", "[models][phi]") {
  constexpr const model& m = models::phi_4;
  // KV: 2 x 40 layers x 10 KV heads x 128 x 2 B = 204,800; fp8 102,400.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{204'800, 0, 0});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{102'400, 0, 0});
  // 10 KV heads: TP 2 keeps 5 per rank (102,400 B per token per rank in bf16).
  STATIC_REQUIRE(cache_cost_of(m, cache_dtype::bfloat16, 2).full_bytes_per_token == 102'400);
  // 2 x 100352 x 5120; 40 layers of fused qkv (5120 x (40 + 2 x 10) x 128) + o, i.e. GQA (40,
  // 10, 128), fused gate_up + down (SwiGLU 17920), 2 norms.
  constexpr count_t hidden = 5120, vocab = 100352;
  constexpr count_t layer = gqa(hidden, 40, 10, 128) + swiglu(hidden, 17920) + 2 * hidden;
  constexpr count_t params = 2 * vocab * hidden + 40 * layer + hidden;  // 14,659,507,200
  STATIC_REQUIRE(within(m.total_params, params));
}

// ---------------------------------------------------------------------------------------------
// MiniMax-M2 / M2.5 (full GQA) and MiniMax-M1 / Text-01 (lightning hybrid)
// ---------------------------------------------------------------------------------------------

TEST_CASE("minimax-m2, minimax-m2.5 and minimax-m2.7", "[models][minimax][moe]") {
  // KV: 2 x 62 layers x 8 KV heads x 128 x 2 B = 253,952; fp8 126,976.
  // 2 x 200064 x 3072; 62 layers of GQA (48 heads, 8 KV heads, 128) + per-layer q/k norms over
  // the projections (48 x 128 + 8 x 128) + 2 norms + 256 experts of SwiGLU 1536 + router
  // 3072 x 256 + 256 correction bias.
  constexpr count_t hidden = 3072, vocab = 200064;
  constexpr count_t attn = gqa(hidden, 48, 8, 128) + 48 * 128 + 8 * 128 + 2 * hidden;
  constexpr count_t router = hidden * 256 + 256;
  constexpr count_t total = 2 * vocab * hidden + 62 * (attn + 256 * swiglu(hidden, 1536) + router) + hidden;
  // Active: top 8, without either embedding table = 9.80B; "10B" rounded to 1B: 0.5B = 5.1 %.
  constexpr count_t active = 62 * (attn + 8 * swiglu(hidden, 1536) + router) + hidden;
  for (const model& m : {models::minimax_m2, models::minimax_m2_5, models::minimax_m2_7}) {
    INFO(std::string(m.name));
    REQUIRE(bf16_cost(m) == cache_cost{253'952, 0, 0});
    REQUIRE(fp8_cost(m) == cache_cost{126'976, 0, 0});
    REQUIRE(within(m.total_params, total));  // 228,689,764,864
    REQUIRE(within(m.active_params, active, 0.051));
    REQUIRE(m.expert_params == 62LL * 256 * swiglu(hidden, 1536));
    REQUIRE(m.trust_remote_code);
  }
  // M2.7's config says 204800 positions (M2 and M2.5: 196608); its NVFP4 checkpoint's says 196608.
  STATIC_REQUIRE(models::minimax_m2_5.max_model_len == 196'608);
  STATIC_REQUIRE(models::minimax_m2_7.max_model_len == 204'800);
  STATIC_REQUIRE(models::minimax_m2_7.checkpoints[1].kv_cache_scheme == cache_dtype::fp8_e4m3);
}

TEST_CASE("minimax-m1-80k and minimax-text-01", "[models][minimax][hybrid]") {
  // 10 softmax layers: 2 x 10 x 8 KV heads x 128 x 2 B = 40,960 per token; fp8 20,480.
  // 70 lightning layers, one (64 heads, 128, 128) state each in bf16 (the model dtype):
  //   64 x 128 x 128 x 2 B = 2,097,152 x 70 = 146,800,640 B per request.
  // Parameters (hidden 6144, vocab 200064 untied):
  //   softmax layer: GQA (64 heads, 8 KV heads, 128)
  //   lightning layer: qkv 6144 x 3 x 64 x 128, output gate 6144 x 8192, out_proj 8192 x 6144,
  //     norm 8192
  //   every layer: 32 experts of SwiGLU 9216, router 6144 x 32, 2 norms
  constexpr count_t hidden = 6144, vocab = 200064;
  constexpr count_t softmax = gqa(hidden, 64, 8, 128);
  constexpr count_t lightning = hidden * 3 * 64 * 128 + hidden * 8192 + 8192 * hidden + 8192;
  constexpr count_t rest = hidden * 32 + 2 * hidden;
  constexpr count_t total = 2 * vocab * hidden + 10 * softmax + 70 * lightning + 80 * (32 * swiglu(hidden, 9216) + rest) + hidden;
  // Active: top 2, without either embedding table = 45.94B vs MiniMax's 45.9B.
  constexpr count_t active = 10 * softmax + 70 * lightning + 80 * (2 * swiglu(hidden, 9216) + rest) + hidden;
  for (const model& m : {models::minimax_m1, models::minimax_text_01}) {
    REQUIRE(bf16_cost(m) == cache_cost{40'960, 0, 146'800'640});
    REQUIRE(fp8_cost(m) == cache_cost{20'480, 0, 146'800'640});
    REQUIRE(m.total_params == total);  // 456,089,655,296 vs 456B
    REQUIRE(within(m.active_params, active));
    REQUIRE(m.expert_params == 80LL * 32 * swiglu(hidden, 9216));
    REQUIRE(m.layers[7].kind == layer_kind::full_attention);
  }
}

// ---------------------------------------------------------------------------------------------
// NVIDIA Nemotron 3 Nano (Mamba-2 hybrid) and Llama-3.3-Nemotron-Super-49B (NAS)
// ---------------------------------------------------------------------------------------------

TEST_CASE("nemotron-3-nano-30b-a3b", "[models][nemotron][hybrid]") {
  constexpr const model& m = models::nemotron_3_nano;
  // 6 attention layers: 2 x 6 x 2 KV heads x 128 x 2 B = 6,144 per token; fp8 3,072.
  // 23 Mamba-2 layers: conv (4 - 1) x (64 x 64 + 2 x 8 x 128 = 6,144) x 2 B (bf16) = 36,864
  //   + SSM 64 heads x 64 x 128 x 4 B (mamba_ssm_cache_dtype float32) = 2,097,152
  //   = 2,134,016 per layer, x 23 = 49,082,368 B per request.
  STATIC_REQUIRE(bf16_cost(m) == cache_cost{6'144, 0, 49'082'368});
  STATIC_REQUIRE(fp8_cost(m) == cache_cost{3'072, 0, 49'082'368});
  // Parameters (hidden 2688, vocab 131072 untied), one mixer and one norm per layer:
  //   attention (6): q 2688 x 32 x 128, k and v 2688 x 2 x 128, o 32 x 128 x 2688
  //   Mamba-2 (23): in_proj 2688 x (2 x 4096 + 2 x 8 x 128 + 64), conv1d 6,144 x 4 + 6,144 bias,
  //     dt_bias / A_log / D 3 x 64, gated norm 4096, out_proj 4096 x 2688
  //   MoE (23): 128 experts of up 2688 x 1856 + down 1856 x 2688 (relu2, no gate), a shared
  //     expert of 3712 the same way, router 2688 x 128 + 128 bias
  constexpr count_t hidden = 2688, vocab = 131072;
  constexpr count_t attn = gqa(hidden, 32, 2, 128);
  constexpr count_t mamba = hidden * (2 * 4096 + 2 * 8 * 128 + 64) + (6144 * 4 + 6144) + 3 * 64 + 4096 + 4096 * hidden;
  constexpr count_t moe_rest = 2 * hidden * 3712 + hidden * 128 + 128;
  constexpr count_t total = 2 * vocab * hidden + 6 * attn + 23 * mamba + 23 * (128 * 2 * hidden * 1856 + moe_rest) +
                            52 * hidden + hidden;
  STATIC_REQUIRE(m.total_params == total);  // 31,577,940,288 vs 31.6B
  // Active: 6 routed + the shared expert, without the embedding lookup = 3.23B. "3.2B" is
  // rounded to 0.1B: 0.05B = 1.6 % of 3.23B.
  constexpr count_t active = vocab * hidden + 6 * attn + 23 * mamba + 23 * (6 * 2 * hidden * 1856 + moe_rest) +
                             52 * hidden + hidden;
  STATIC_REQUIRE(within(m.active_params, active, 0.016));
  STATIC_REQUIRE(m.expert_params == 23LL * 128 * 2 * hidden * 1856);
}

namespace {
// Llama-3.3-Nemotron-Super-49B-v1 block_configs: ffn_mult per layer, times 32 (all are
// multiples of 1/32): 2.625 = 84, 5.25 = 168, 3.28125 = 105, 1.3125 = 42, 1.0 = 32, 0.5 = 16.
constexpr std::int32_t super_ffn_mult_x32[80] = {
    84,  168, 168, 168, 168, 168, 84,  84,  168, 168, 168, 105, 168, 168, 168, 168,  // 0-15
    168, 168, 168, 168, 168, 168, 168, 168, 168, 168, 168, 168, 168, 168, 168, 168,  // 16-31
    168, 168, 168, 168, 168, 168, 168, 168, 168, 168, 42,  84,  84,  42,  168, 42,   // 32-47
    84,  42,  42,  42,  168, 42,  32,  32,  42,  32,  32,  32,  42,  42,  16,  16,   // 48-63
    32,  32,  16,  16,  32,  16,  16,  168, 168, 168, 168, 168, 168, 168, 168, 168,  // 64-79
};
// DeciLM's intermediate size: int(2 x ffn_mult x hidden / 3) rounded up to a multiple of 256.
constexpr count_t super_intermediate(std::int32_t mult_x32) {
  const count_t raw = 2 * mult_x32 * 8192 / (3 * 32);
  return (raw + 255) / 256 * 256;
}
constexpr bool super_has_attention(std::int32_t layer) {
  return layer <= 5 || (layer >= 8 && layer <= 10) || (layer >= 12 && layer <= 41) || layer == 52 || layer >= 71;
}
// 2 x 128256 x 8192 embeddings; per attention layer GQA (64 heads, 8 KV heads, 128) + its
// input norm; per layer SwiGLU of the intermediate size + its norm; final norm.
constexpr count_t super_params() {
  count_t total = 2 * 128256LL * 8192 + 8192;
  for (std::int32_t i = 0; i < 80; ++i) {
    total += swiglu(8192, super_intermediate(super_ffn_mult_x32[i])) + 8192;
    if (super_has_attention(i)) total += gqa(8192, 64, 8, 128) + 8192;
  }
  return total;  // 49,867,145,216
}
static_assert(super_intermediate(168) == 28672 && super_intermediate(32) == 5632 && super_intermediate(16) == 2816);
}  // namespace

TEST_CASE("llama-3.3-nemotron-super-49b v1 and v1.5", "[models][nemotron][nas]") {
  for (const model& m : {models::nemotron_super_49b, models::nemotron_super_49b_v1_5}) {
    // 49 attention layers: 2 x 49 x 8 KV heads x 128 x 2 B = 200,704; fp8 100,352. The 31
    // no-op layers cache nothing.
    REQUIRE(bf16_cost(m) == cache_cost{200'704, 0, 0});
    REQUIRE(fp8_cost(m) == cache_cost{100'352, 0, 0});
    for (std::int32_t i = 0; i < 80; ++i)
      REQUIRE((m.layers[i].kind == layer_kind::full_attention) == super_has_attention(i));
    REQUIRE(m.total_params == super_params());  // 49,867,145,216 vs 49.9B
    REQUIRE(m.trust_remote_code);
  }
}

// ---------------------------------------------------------------------------------------------
// Registry entries against the corpus configs they were read from
// ---------------------------------------------------------------------------------------------

namespace {
// The shared corpus of real config.json files (../shared/corpus/configs beside the checkout; its
// SOURCES.md names each file's repository). tests/runtime/CMakeLists.txt gives test_corpus its
// path as KVPLAN_CORPUS_DIR; this test takes the same path from the environment variable of
// that name, else from this file's place in the checkout.
std::filesystem::path corpus_dir() {
#ifdef KVPLAN_CORPUS_DIR
  return KVPLAN_CORPUS_DIR;
#else
  if (const char* env = std::getenv("KVPLAN_CORPUS_DIR"); env != nullptr && *env != '\0') return env;
  // <checkout>/tests/runtime/test_models.cpp -> <checkout>/../shared/corpus/configs
  const std::filesystem::path checkout = std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
  return checkout.parent_path() / "shared" / "corpus" / "configs";
#endif
}

// A corpus file and the registry entry it describes; `checkpoint` is the entry's checkpoint whose
// config it is (its format, quantization and KV scheme must be what the reader finds).
struct corpus_entry {
  const model* registry;
  std::string_view file;
  std::int32_t checkpoint;
  // Where the file's max_model_len is not the registry's, the file's (0: the registry's); the
  // registry's is then checked against the model's own config, listed beside it.
  count_t file_max_model_len = 0;
};
const corpus_entry corpus_entries[] = {
    {&models::deepseek_v4_flash, "aic-deepseek-ai-deepseek-v4-flash.json", 0},
    {&models::deepseek_v4_flash, "aic-nvidia-deepseek-v4-flash-nvfp4.json", 1},
    {&models::deepseek_v4_pro, "aic-deepseek-ai-deepseek-v4-pro.json", 0},
    {&models::deepseek_v4_pro, "aic-nvidia-deepseek-v4-pro-nvfp4.json", 1},
    {&models::qwen3_5_397b_a17b, "aic-qwen-qwen3-5-397b-a17b.json", 0},
    {&models::qwen3_5_397b_a17b, "aic-nvidia-qwen3-5-397b-a17b-nvfp4.json", 2},
    {&models::qwen3_5_122b_a10b, "aic-qwen-qwen3-5-122b-a10b.json", 0},
    {&models::qwen3_5_122b_a10b, "aic-nvidia-qwen3-5-122b-a10b-nvfp4.json", 1},
    {&models::qwen3_6_35b_a3b, "aic-qwen-qwen3-6-35b-a3b.json", 0},
    {&models::qwen3_6_35b_a3b, "aic-nvidia-qwen3-6-35b-a3b-nvfp4.json", 2},
    {&models::qwen3_6_27b, "aic-nvidia-qwen3-6-27b-nvfp4.json", 2},
    {&models::gemma_4_31b, "aic-nvidia-gemma-4-31b-it-nvfp4.json", 1},
    // google/gemma-4-26B-A4B (the pre-trained model) is unquantized like the -it checkpoint.
    {&models::gemma_4_26b_a4b, "aic-google-gemma-4-26b-a4b.json", 0},
    {&models::gemma_4_26b_a4b, "aic-nvidia-gemma-4-26b-a4b-nvfp4.json", 1},
    {&models::glm_5_1, "aic-zai-org-glm-5-1.json", 0},
    {&models::glm_5_1, "aic-zai-org-glm-5-1-fp8.json", 1},
    {&models::glm_5_1, "aic-nvidia-glm-5-1-nvfp4.json", 2},
    {&models::glm_5_2, "aic-zai-org-glm-5-2.json", 0},
    {&models::glm_5_2, "aic-zai-org-glm-5-2-fp8.json", 1},
    {&models::glm_5_2, "aic-nvidia-glm-5-2-nvfp4.json", 2},
    {&models::kimi_k2_5, "aic-moonshotai-kimi-k2-5.json", 0},
    {&models::kimi_k2_5, "aic-nvidia-kimi-k2-5-nvfp4.json", 1},
    {&models::kimi_k2_6, "aic-nvidia-kimi-k2-6-nvfp4.json", 1},
    {&models::minimax_m2_7, "aic-minimaxai-minimax-m2-7.json", 0},
    // nvidia/MiniMax-M2.7-NVFP4's config keeps M2.5's max_position_embeddings.
    {&models::minimax_m2_7, "aic-nvidia-minimax-m2-7-nvfp4.json", 1, 196'608},
};

std::string text_of(dtype d) { return std::string(to_string(d)); }
std::string text_of(const std::optional<dtype>& d) { return d ? text_of(*d) : std::string("(none)"); }
std::string text_of(const std::optional<cache_dtype>& d) {
  return d ? std::string(to_string(*d)) : std::string("(none)");
}

// The layers one per line: kind and the fields of its rule.
std::string describe_layers(const layer_stack& s) {
  std::string out;
  for (std::int32_t t = 0; t < s.types.size(); ++t) {
    const layer_type& l = s.types[t];
    const auto n = [](std::int32_t v) { return std::to_string(v); };
    out += std::string(to_string(l.kind)) + " x" + n(s.layers_of_type[t]) + ": kv " + n(l.num_kv_heads) + ", head " +
           n(l.head_size) + "/" + n(l.head_size_v) + ", window " + n(l.window) + ", latent " + n(l.kv_lora_rank) + "+" +
           n(l.qk_rope_head_dim) + ", index " + n(l.index_head_dim) + ", state " + n(l.state_key_heads) + "/" +
           n(l.state_heads) + " x " + n(l.state_key_dim) + "/" + n(l.state_head_dim) + ", conv " +
           n(l.conv_kernel) + "\n";
  }
  return out;
}
}  // namespace

TEST_CASE("2026 registry entries equal kvplan's reading of their corpus config.json", "[models][corpus][hf_config]") {
  const std::filesystem::path dir = corpus_dir();
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    std::printf("test_models: corpus comparison SKIPPED, no corpus at %s\n", dir.string().c_str());
    SUCCEED("no corpus");
    return;
  }
  for (const corpus_entry& e : corpus_entries) {
    const model& r = *e.registry;
    INFO(std::string(r.name) << " <- " << std::string(e.file));
    const std::filesystem::path f = dir / std::string(e.file);
    REQUIRE(std::filesystem::is_regular_file(f, ec));
    std::ifstream in(f, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const hf_config_result parsed =
        try_model_from_hf_config(text, {.name = r.name, .hf_id = r.checkpoints[e.checkpoint].hf_id});
    INFO(describe(parsed.error));
    REQUIRE(parsed.ok());
    const model& p = parsed.model;
    // The layers: kinds, heads, head sizes, windows, latent and indexer sizes, state shapes, in order.
    INFO("registry layers:\n" << describe_layers(r.layers) << "config layers:\n" << describe_layers(p.layers));
    CHECK(r.num_layers() == p.num_layers());
    CHECK((r.layers == p.layers));
    if (e.file_max_model_len > 0) {
      CHECK(p.max_model_len == e.file_max_model_len);
    } else {
      CHECK(r.max_model_len == p.max_model_len);
    }
    CHECK(r.default_max_model_len == p.default_max_model_len);
    CHECK(r.vocab_size == p.vocab_size);
    CHECK(r.hidden_size == p.hidden_size);
    CHECK(r.num_attention_heads == p.num_attention_heads);
    CHECK(r.intermediate_size == p.intermediate_size);
    CHECK(r.moe_intermediate_size == p.moe_intermediate_size);
    CHECK(r.num_experts_per_tok == p.num_experts_per_tok);
    CHECK(r.tie_word_embeddings == p.tie_word_embeddings);
    INFO("torch_dtype " << text_of(r.torch_dtype) << " / " << text_of(p.torch_dtype) << "; mamba_ssm_cache_dtype "
                        << text_of(r.mamba_ssm_cache_dtype) << " / " << text_of(p.mamba_ssm_cache_dtype));
    CHECK((r.torch_dtype == p.torch_dtype));
    CHECK((r.mamba_ssm_cache_dtype == p.mamba_ssm_cache_dtype));
    CHECK(r.total_params == p.total_params);
    CHECK(r.expert_params == p.expert_params);
    CHECK(r.replicated_params == p.replicated_params);
    CHECK(r.router_params == p.router_params);
    CHECK(r.replicated_unquantized_params == p.replicated_unquantized_params);
    CHECK((r.router_dtype == p.router_dtype));
    CHECK(r.mla_kv_b_params == p.mla_kv_b_params);
    CHECK(r.mla_projection_params == p.mla_projection_params);
    CHECK(r.mla_output_params == p.mla_output_params);
    CHECK(r.index_topk == p.index_topk);
    CHECK(r.index_n_heads == p.index_n_heads);
    CHECK(r.hc_mult == p.hc_mult);
    // The RoPE caches span the positions; a file with its own length holds its own.
    if (e.file_max_model_len == 0) CHECK(kvplan::estimates::rope_cache_bytes(r) == kvplan::estimates::rope_cache_bytes(p));
    // Dense models carry the reader's active count too (MoE entries carry the card's).
    if (!r.is_moe()) CHECK(r.active_params == p.active_params);
    INFO("model_type " << std::string(r.model_type) << " / " << std::string(p.model_type));
    CHECK((r.model_type == p.model_type));
    CHECK(r.trust_remote_code == p.trust_remote_code);
    // The MTP layers --speculative-config method mtp adds (weights estimated on both sides).
    CHECK(r.num_mtp_layers == p.num_mtp_layers);
    CHECK((r.mtp_layer == p.mtp_layer));
    CHECK(r.mtp_params == p.mtp_params);
    // The vision tower's parameters (--language-model-only takes them off).
    CHECK(p.vision_params == r.vision_params);
    // The checkpoint this file belongs to: how its weights are stored and the KV scheme it asks for.
    const checkpoint& c = r.checkpoints[e.checkpoint];
    const checkpoint& pc = p.checkpoints[0];
    INFO("checkpoint " << std::string(c.hf_id) << ": format " << text_of(c.format) << " / " << text_of(pc.format)
                       << ", quantization '" << std::string(c.quantization) << "' / '" << std::string(pc.quantization)
                       << "', kv_cache_scheme " << text_of(c.kv_cache_scheme) << " / " << text_of(pc.kv_cache_scheme));
    CHECK((c.format == pc.format));
    CHECK((c.quantization == pc.quantization));
    CHECK((c.kv_cache_scheme == pc.kv_cache_scheme));
    CHECK(c.experts_only == pc.experts_only);
    CHECK(c.mla_unquantized == pc.mla_unquantized);
    CHECK(c.mla_output_unquantized == pc.mla_output_unquantized);
  }
  // Checkpoints whose config the structural comparison does not take (the registry's parameter
  // count is the Hub's): their quantization is what the reader finds.
  const corpus_entry quantization_only[] = {{&models::minimax_m2_5, "aic-nvidia-minimax-m2-5-nvfp4.json", 1}};
  for (const corpus_entry& e : quantization_only) {
    INFO(std::string(e.file));
    std::ifstream in(dir / std::string(e.file), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const hf_config_result parsed = try_model_from_hf_config(text, {.hf_id = e.registry->checkpoints[e.checkpoint].hf_id});
    REQUIRE(parsed.ok());
    const checkpoint& c = e.registry->checkpoints[e.checkpoint];
    const checkpoint& pc = parsed.model.checkpoints[0];
    CHECK((c.format == pc.format));
    CHECK((c.quantization == pc.quantization));
    CHECK(c.experts_only == pc.experts_only);
  }
}

// ---------------------------------------------------------------------------------------------
// The registry as a whole
// ---------------------------------------------------------------------------------------------

TEST_CASE("every registry entry is coherent", "[models][registry]") {
  for (const model& m : models::all) {
    INFO(m.name);
    // kvplan names are lowercase.
    for (const char c : m.name) REQUIRE(!(c >= 'A' && c <= 'Z'));
    // The default checkpoint is the model's own.
    REQUIRE(m.checkpoints.size() >= 1);
    REQUIRE((m.checkpoints[0].hf_id == m.hf_id));  // parenthesized: no string_view StringMaker needed
    // Counts: MoE models activate less than they hold and shard their experts; dense ones
    // activate everything.
    REQUIRE(m.total_params > 0);
    REQUIRE(m.expert_params < m.total_params);
    if (m.is_moe()) {
      REQUIRE(m.active_params < m.total_params);
    } else {
      REQUIRE(m.active_params == m.total_params);
    }
    // A checkpoint's stated bytes are within the precision of its format: bf16/fp16 exactly
    // 2 bytes a parameter (plus Llama-2's fp32 rotary buffers), mxfp4 at least 4.25 bits.
    for (const checkpoint& c : m.checkpoints) {
      if (c.bytes == 0) continue;
      if (c.format == dtype::bfloat16 || c.format == dtype::float16) {
        REQUIRE(c.bytes >= 2 * m.total_params);
        REQUIRE(c.bytes - 2 * m.total_params <= 80 * 256);
      }
    }
  }
  STATIC_REQUIRE(models::all.size() == 66);
}
