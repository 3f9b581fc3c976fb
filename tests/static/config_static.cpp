// Static tests: each registry model's config.json (tests/data/configs, written from the values in
// the model's own file), read at compile time, describes the registry's model: layers with their
// KV heads, head sizes, windows and state shapes, hidden size, attention heads, vocabulary,
// max_model_len, dtypes, checkpoint format and KV scheme, remote code, routed-expert
// parameters exactly, and the total parameter count within 0.5 %.
//
// Where the registry's figures are not the config's:
// * Total parameters: the registry carries published counts where no exact one was found
//   (DeepSeek 671B, GLM-5 744B, MiniMax-M1 456B, Qwen3-Next 80B, the Nemotrons). The config
//   arithmetic is exact (it equals the Hugging Face API count wherever one is known, less the MTP
//   layer), so it is held to 0.5 % of those rounded figures. GLM-4.5 / 4.6 / 4.7 and GLM-4.5-Air
//   carry that arithmetic (352.80B and 106.85B, the HF API counts 358.34B and 110.47B less their
//   MTP layers exactly), since Z.ai's 355B and 106B round neither.
// * Active parameters: kvplan counts every parameter a token passes through, embeddings included;
//   model cards count differently (gpt-oss without the embedding lookup, MiniMax without either
//   embedding). Dense models must have active = total on both sides; MoE actives are pinned in
//   tests/runtime/test_hf_config.cpp instead.
// * Names: the model's name and hf_id come from _name_or_path or the caller; not compared.
//
// Test configs whose source was not verbatim (see the registry's comments): Llama-3-70B
// (Meta's params.json), Mistral-Small-24B (family configs and params.json), GLM-4.5 / 4.6 / 4.7
// and GLM-4.5-Air (Zhipu's scripts and a printed config), MiniMax-Text-01 (the M1 file, as the
// registry assumes), Llama-3.3-Nemotron-Super-49B-v1.5 (v1's block_configs, as the registry
// assumes), and the auto_map of Nemotron-3-Nano and MiniMax-M1 (the registry's
// --trust-remote-code). Keys a copy lacked are left out, so that defaults are what the parser
// uses (gpt-oss and MiniMax-M1 have no torch_dtype; Gemma 3's text_config has no vocab_size,
// max_position_embeddings or sliding_window_pattern).
#include <kvplan/hf_config.hpp>
#include <kvplan/models.hpp>

#include <cstdint>

namespace {
using namespace kvplan;

// Each generated .inc is one config.json as a raw string literal.
constexpr char llama_2_7b_json[] =
#include "configs/llama-2-7b.inc"
    ;
constexpr char llama_2_13b_json[] =
#include "configs/llama-2-13b.inc"
    ;
constexpr char llama_2_70b_json[] =
#include "configs/llama-2-70b.inc"
    ;
constexpr char llama_3_8b_json[] =
#include "configs/llama-3-8b.inc"
    ;
constexpr char llama_3_70b_json[] =
#include "configs/llama-3-70b.inc"
    ;
constexpr char llama_3_1_8b_json[] =
#include "configs/llama-3.1-8b.inc"
    ;
constexpr char llama_3_1_70b_json[] =
#include "configs/llama-3.1-70b.inc"
    ;
constexpr char llama_3_1_405b_json[] =
#include "configs/llama-3.1-405b.inc"
    ;
constexpr char llama_3_3_70b_json[] =
#include "configs/llama-3.3-70b.inc"
    ;
constexpr char llama_4_scout_json[] =
#include "configs/llama-4-scout.inc"
    ;
constexpr char llama_4_maverick_json[] =
#include "configs/llama-4-maverick.inc"
    ;
constexpr char deepseek_v3_json[] =
#include "configs/deepseek-v3.inc"
    ;
constexpr char deepseek_r1_json[] =
#include "configs/deepseek-r1.inc"
    ;
constexpr char deepseek_v3_2_json[] =
#include "configs/deepseek-v3.2.inc"
    ;
constexpr char kimi_k2_json[] =
#include "configs/kimi-k2.inc"
    ;
constexpr char glm_5_json[] =
#include "configs/glm-5.inc"
    ;
constexpr char glm_4_5_json[] =
#include "configs/glm-4.5.inc"
    ;
constexpr char glm_4_6_json[] =
#include "configs/glm-4.6.inc"
    ;
constexpr char glm_4_7_json[] =
#include "configs/glm-4.7.inc"
    ;
constexpr char glm_4_5_air_json[] =
#include "configs/glm-4.5-air.inc"
    ;
constexpr char qwen2_5_7b_json[] =
#include "configs/qwen2.5-7b.inc"
    ;
constexpr char qwen2_5_72b_json[] =
#include "configs/qwen2.5-72b.inc"
    ;
constexpr char qwen3_8b_json[] =
#include "configs/qwen3-8b.inc"
    ;
constexpr char qwen3_32b_json[] =
#include "configs/qwen3-32b.inc"
    ;
constexpr char qwen3_30b_a3b_json[] =
#include "configs/qwen3-30b-a3b.inc"
    ;
constexpr char qwen3_235b_a22b_json[] =
#include "configs/qwen3-235b-a22b.inc"
    ;
constexpr char qwen3_30b_a3b_2507_json[] =
#include "configs/qwen3-30b-a3b-2507.inc"
    ;
constexpr char qwen3_235b_a22b_2507_json[] =
#include "configs/qwen3-235b-a22b-2507.inc"
    ;
constexpr char qwen3_next_80b_json[] =
#include "configs/qwen3-next-80b.inc"
    ;
constexpr char gpt_oss_20b_json[] =
#include "configs/gpt-oss-20b.inc"
    ;
constexpr char gpt_oss_120b_json[] =
#include "configs/gpt-oss-120b.inc"
    ;
constexpr char gemma_3_27b_json[] =
#include "configs/gemma-3-27b.inc"
    ;
constexpr char mistral_small_24b_json[] =
#include "configs/mistral-small-24b.inc"
    ;
constexpr char mixtral_8x7b_json[] =
#include "configs/mixtral-8x7b.inc"
    ;
constexpr char phi_4_json[] =
#include "configs/phi-4.inc"
    ;
constexpr char minimax_m2_json[] =
#include "configs/minimax-m2.inc"
    ;
constexpr char minimax_m2_5_json[] =
#include "configs/minimax-m2.5.inc"
    ;
constexpr char minimax_m1_json[] =
#include "configs/minimax-m1.inc"
    ;
constexpr char minimax_text_01_json[] =
#include "configs/minimax-text-01.inc"
    ;
constexpr char nemotron_3_nano_json[] =
#include "configs/nemotron-3-nano.inc"
    ;
constexpr char nemotron_super_49b_json[] =
#include "configs/nemotron-super-49b.inc"
    ;
constexpr char nemotron_super_49b_v1_5_json[] =
#include "configs/nemotron-super-49b-v1.5.inc"
    ;

// |parsed - expected| <= expected x ppm / 10^6 (no overflow below 9.2e12 parameters).
constexpr bool within_ppm(count_t parsed, count_t expected, count_t ppm) {
  const count_t diff = parsed > expected ? parsed - expected : expected - parsed;
  return diff * 1'000'000 <= expected * ppm;
}

constexpr bool same_checkpoint(const checkpoint& a, const checkpoint& b) {
  return a.format == b.format && a.quantization == b.quantization && a.kv_cache_scheme == b.kv_cache_scheme;
}

// Everything the plan reads from a model, compared field by field (a failing static_assert
// names the model; the per-field asserts below name the field for the hardest case).
constexpr bool same_as_registry(const model& parsed, const model& reg, count_t total_ppm = 5000) {
  return parsed.layers == reg.layers && parsed.layers.num_layers == reg.layers.num_layers &&
         parsed.model_type == reg.model_type && parsed.hidden_size == reg.hidden_size &&
         parsed.num_attention_heads == reg.num_attention_heads && parsed.vocab_size == reg.vocab_size &&
         parsed.intermediate_size == reg.intermediate_size &&
         parsed.moe_intermediate_size == reg.moe_intermediate_size &&
         parsed.num_experts_per_tok == reg.num_experts_per_tok &&
         parsed.max_model_len == reg.max_model_len && parsed.torch_dtype == reg.torch_dtype &&
         parsed.mamba_ssm_cache_dtype == reg.mamba_ssm_cache_dtype &&
         parsed.trust_remote_code == reg.trust_remote_code &&
         parsed.tie_word_embeddings == reg.tie_word_embeddings && parsed.expert_params == reg.expert_params &&
         within_ppm(parsed.total_params, reg.total_params, total_ppm) &&
         (reg.expert_params > 0 || (parsed.active_params == parsed.total_params && reg.active_params == reg.total_params)) &&
         same_checkpoint(parsed.checkpoints[0], reg.checkpoints[0]) &&
         cache_cost_of(parsed) == cache_cost_of(reg) &&
         cache_cost_of(parsed, cache_dtype::fp8, 2) == cache_cost_of(reg, cache_dtype::fp8, 2);
}

// Meta Llama
static_assert(same_as_registry(model_from_hf_config(llama_2_7b_json), models::llama_2_7b));
static_assert(same_as_registry(model_from_hf_config(llama_2_13b_json), models::llama_2_13b));
static_assert(same_as_registry(model_from_hf_config(llama_2_70b_json), models::llama_2_70b));
static_assert(same_as_registry(model_from_hf_config(llama_3_8b_json), models::llama_3_8b));
static_assert(same_as_registry(model_from_hf_config(llama_3_70b_json), models::llama_3_70b));
static_assert(same_as_registry(model_from_hf_config(llama_3_1_8b_json), models::llama_3_1_8b));
static_assert(same_as_registry(model_from_hf_config(llama_3_1_70b_json), models::llama_3_1_70b));
static_assert(same_as_registry(model_from_hf_config(llama_3_1_405b_json), models::llama_3_1_405b));
static_assert(same_as_registry(model_from_hf_config(llama_3_3_70b_json), models::llama_3_3_70b));
static_assert(same_as_registry(model_from_hf_config(llama_4_scout_json), models::llama_4_scout));
static_assert(same_as_registry(model_from_hf_config(llama_4_maverick_json), models::llama_4_maverick));
// DeepSeek, Moonshot, Z.ai
static_assert(same_as_registry(model_from_hf_config(deepseek_v3_json), models::deepseek_v3, 0));
static_assert(same_as_registry(model_from_hf_config(deepseek_r1_json), models::deepseek_r1, 0));
static_assert(same_as_registry(model_from_hf_config(deepseek_v3_2_json), models::deepseek_v3_2, 0));
static_assert(same_as_registry(model_from_hf_config(kimi_k2_json), models::kimi_k2));
static_assert(same_as_registry(model_from_hf_config(glm_5_json), models::glm_5, 0));
static_assert(same_as_registry(model_from_hf_config(glm_4_5_json), models::glm_4_5));
static_assert(same_as_registry(model_from_hf_config(glm_4_6_json), models::glm_4_6));
static_assert(same_as_registry(model_from_hf_config(glm_4_7_json), models::glm_4_7));
static_assert(same_as_registry(model_from_hf_config(glm_4_5_air_json), models::glm_4_5_air));
// Alibaba Qwen
static_assert(same_as_registry(model_from_hf_config(qwen2_5_7b_json), models::qwen2_5_7b));
static_assert(same_as_registry(model_from_hf_config(qwen2_5_72b_json), models::qwen2_5_72b));
static_assert(same_as_registry(model_from_hf_config(qwen3_8b_json), models::qwen3_8b));
static_assert(same_as_registry(model_from_hf_config(qwen3_32b_json), models::qwen3_32b));
static_assert(same_as_registry(model_from_hf_config(qwen3_30b_a3b_json), models::qwen3_30b_a3b));
static_assert(same_as_registry(model_from_hf_config(qwen3_235b_a22b_json), models::qwen3_235b_a22b));
// The July 2025 updates: the same configs with 262,144 positions.
static_assert(same_as_registry(model_from_hf_config(qwen3_30b_a3b_2507_json), models::qwen3_30b_a3b_2507));
static_assert(same_as_registry(model_from_hf_config(qwen3_235b_a22b_2507_json), models::qwen3_235b_a22b_2507));
static_assert(same_as_registry(model_from_hf_config(qwen3_next_80b_json), models::qwen3_next_80b, 0));
// OpenAI, Google, Mistral AI, Microsoft
static_assert(same_as_registry(model_from_hf_config(gpt_oss_20b_json), models::gpt_oss_20b));
static_assert(same_as_registry(model_from_hf_config(gpt_oss_120b_json), models::gpt_oss_120b));
static_assert(same_as_registry(model_from_hf_config(gemma_3_27b_json), models::gemma_3_27b));
static_assert(same_as_registry(model_from_hf_config(mistral_small_24b_json), models::mistral_small_24b));
static_assert(same_as_registry(model_from_hf_config(mixtral_8x7b_json), models::mixtral_8x7b));
static_assert(same_as_registry(model_from_hf_config(phi_4_json), models::phi_4));
// MiniMax
static_assert(same_as_registry(model_from_hf_config(minimax_m2_json), models::minimax_m2));
static_assert(same_as_registry(model_from_hf_config(minimax_m2_5_json), models::minimax_m2_5));
static_assert(same_as_registry(model_from_hf_config(minimax_m1_json), models::minimax_m1, 0));
static_assert(same_as_registry(model_from_hf_config(minimax_text_01_json), models::minimax_text_01, 0));
// NVIDIA
static_assert(same_as_registry(model_from_hf_config(nemotron_3_nano_json), models::nemotron_3_nano, 0));
static_assert(same_as_registry(model_from_hf_config(nemotron_super_49b_json), models::nemotron_super_49b, 0));
static_assert(same_as_registry(model_from_hf_config(nemotron_super_49b_v1_5_json), models::nemotron_super_49b_v1_5, 0));

// Every registry model up to the 2026 flagships has its test config above: 42 models. The 11 of
// 2026 (Qwen3.5 / 3.6, Gemma 4, GLM-5.1 / 5.2, Kimi-K2.5 / K2.6, MiniMax-M2.7) are checked against
// the corpus configs they were written from, at run time (tests/runtime/test_models.cpp).
static_assert(models::all.size() == 66);

// The hardest case field by field, so that a regression names what broke: 80 NAS blocks, 31
// without attention, one KV layout, 49.87B parameters against the published 49.9B.
constexpr model nas = model_from_hf_config(nemotron_super_49b_json);
static_assert(nas.num_layers() == 80);
static_assert(nas.layers.count(layer_kind::no_cache) == 31);
static_assert(nas.layers.count(layer_kind::full_attention) == 49);
static_assert(nas.layers[0] == full_attention(8, 128) && nas.layers[6] == no_cache() && nas.layers[52] == full_attention(8, 128));
static_assert(nas.total_params == 49'867'145'216);
static_assert(nas.trust_remote_code && nas.model_type == "nemotron-nas");
static_assert(nas.name == "llama_nemotron_super");  // _name_or_path

// A name from the caller when config.json has none.
static_assert(model_from_hf_config(llama_3_1_8b_json, {.name = "llama-3.1-8b", .hf_id = "meta-llama/Llama-3.1-8B-Instruct"})
                  .hf_id == "meta-llama/Llama-3.1-8B-Instruct");

// C++26 #embed (clang 19+ as an extension): the same file read by the preprocessor instead of a
// generated include, and the same model.
#if defined(__has_embed)
#if __has_embed("../data/configs/llama-3.1-8b.json")
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
constexpr char llama_3_1_8b_embedded[] = {
#embed "../data/configs/llama-3.1-8b.json"
    , '\0'};
#pragma clang diagnostic pop
static_assert(same_as_registry(model_from_hf_config(llama_3_1_8b_embedded), models::llama_3_1_8b));
#endif
#endif

}  // namespace
