// Hugging Face config.json -> kvplan::model: one parser for compile time and run time.
// SPDX-License-Identifier: Apache-2.0
//
//   constexpr auto m = kvplan::model_from_hf_config(R"({"model_type": "llama", ...})");
//   kvplan::hf_config_result r = kvplan::try_model_from_hf_config(text_read_from_disk);
//
// try_model_from_hf_config never throws: it returns the model or the first problem, as a
// kvplan::error whose subject names the config.json key. model_from_hf_config reports that
// problem through kvplan::fail: a compile error in a constant expression (the compiler names the
// problem, kvplan::diagnostics::<errc>, and its call-chain notes show the key), a
// kvplan::plan_error at run time.
//
// The text must outlive the model: name, hf_id and (for model types kvplan does not know)
// model_type point into it, as may an error's subject. Pass a string literal or char array
// directly where you can (the overloads below): its size is then known without counting.
//
// Cost in a constant expression (benchmarks/compile_time.sh, -fsyntax-only, median of three runs
// on a shared 16-core VM; figures vary by about 2x with load): 0.03 s (g++ 12) / 0.04 s (clang 14)
// for a typical 1 KB config.json; 0.27 s / 0.42 s and about 280,000 clang evaluation steps (of the
// default 1,048,576) for the largest one tested, Llama-3.3-Nemotron-Super-49B's 37 KB with its 80
// block_configs.
//
// Derivation rules follow vLLM (vllm/config/model.py, vllm/transformers_utils/
// model_arch_config_convertor.py and the model files), with the config class defaults of
// transformers where vLLM reads a key the JSON may omit:
//
// * Model type: model_type, else the type of architectures[0] for the architectures kvplan
//   knows (vLLM picks its model class from architectures).
// * Text config: a multimodal wrapper's "text_config" is followed (vLLM's hf_text_config); the
//   wrapper's own model_type picks the rules where it matters (gemma3, llama4, kimi_vl).
// * KV heads: the first non-null of n_head_kv, num_kv_heads, num_key_value_heads,
//   multi_query_group_num, else num_attention_heads (get_total_num_kv_heads); nemotron-nas:
//   num_attention_heads / n_heads_in_group of each block, a no_op block caching nothing.
// * Head size: head_dim when positive, else hidden_size_per_head, else hidden_size /
//   num_attention_heads, which must divide (vLLM floors; kvplan refuses a remainder). MLA
//   models (deepseek_v2/v3/v32, kimi_k2, glm_moe_dsa, glm4_moe_lite, and kimi_vl's text
//   model) cache one latent of kv_lora_rank + qk_rope_head_dim per token; with index_topk the
//   DeepSeek-V3.2 indexer key of index_head_dim is cached too.
// * max_model_len: the smallest of max_position_embeddings, n_positions, max_seq_len,
//   seq_length, model_max_length, max_target_positions, max_sequence_length, max_seq_length,
//   seq_len (model_max_length overrides when set), times the RoPE factor of rope_parameters /
//   rope_scaling unless the rope type is su, longrope, llama3 or a YaRN name or the model is a
//   Gemma 3, truncated to an integer (_get_and_verify_max_len). Before v0.30 vLLM re-scaled
//   YaRN ("yarn": original_max_position_embeddings x factor; deepseek_yarn and the others: the
//   length x factor): model::rescaled_yarn_max_model_len keeps that length. No key at all is an
//   error (vLLM would assume 2048).
// * Layers: sliding_window (null when use_sliding_window is false) applies to every layer of a
//   plain decoder without layer_types; layer_types ("full_attention" / "sliding_attention")
//   decides per layer; gpt_oss and gemma2 default to sliding windows on even layers; gemma3 to
//   layer i global when (i + 1) % sliding_window_pattern == 0 (default 6); llama4: layers whose
//   no_rope_layers entry is 0 (default: every no_rope_layer_interval-th, 4) are full, the rest
//   chunked by attention_chunk_size; qwen3_next: layer_types, else full_attention_interval;
//   nemotron_h: hybrid_override_pattern (M Mamba-2, * attention, - MLP, E MoE); minimax_m1 /
//   minimax_text_01: attn_type_list (0 lightning, 1 softmax), else layer_types.
// * dtype: torch_dtype or dtype (top level, then text_config); float32 or none at all (vLLM
//   then reads the safetensors headers, which a config.json does not have) resolve as vLLM's
//   `--dtype auto` does on an Ampere-or-newer GPU: bfloat16. float16 stays float16 except for
//   models vLLM does not run in float16 (gemma2, gemma3), which get bfloat16.
// * mamba_ssm_cache_dtype: taken when present; nemotron_h defaults to float32 (vLLM's
//   NemotronHForCausalLMConfig; older vLLM used float16).
// * quantization_config.quant_method: fp8 -> fp8_e4m3 weights, mxfp4, fbgemm_fp8, modelopt
//   (quant_algo FP8 / NVFP4), modelopt_fp4, compressed-tensors (from config_groups), awq / gptq
//   (int4 / int8 by bits); kv_cache_quant_algo FP8 or a compressed-tensors kv_cache_scheme of 8-bit
//   floats -> the checkpoint's kv_cache_scheme fp8_e4m3. Any other method is refused.
// * trust_remote_code: the config has an auto_map and its model_type has no config class in
//   transformers or vLLM (kimi_k2, minimax_m1/m2/text_01, nemotron_h, nemotron-nas, unknown).
// * An unknown model_type is read with the plain decoder rules only when no key that changes
//   the cache by model type (kv_lora_rank, attention_chunk_size, hybrid_override_pattern, ...)
//   is present; otherwise the first such key is named in the error.
//
// Parameters (total, active per token, routed experts) are counted from the dimensions as the
// modules allocate them (kvplan/param_count.hpp): embeddings and lm_head (once when tied), every
// layer's attention / mixer, MLP or MoE and norms, the final norm, and the vision tower of
// Gemma 3 (SigLIP) and Llama 4. MTP / next-token-prediction layers are not counted (vLLM loads
// them only for speculative decoding); other vision towers (Kimi-VL's MoonViT) are not counted
// either. Active = total minus the routed experts a token does not use (embeddings included).
#pragma once

#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/error.hpp"
#include "kvplan/json.hpp"
#include "kvplan/layer.hpp"
#include "kvplan/model.hpp"
#include "kvplan/param_count.hpp"
#include "kvplan/units.hpp"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace kvplan::inline v0 {

// What the caller knows that config.json may not say.
struct hf_config_options {
  // The caller's names win over config.json's _name_or_path, which is often a trainer's local
  // path rather than the id vLLM should load; either falls back to the other.
  std::string_view name{};   // the model's name in reports
  std::string_view hf_id{};  // what `vllm serve` loads: a Hugging Face id or a local directory
};

// A model, or the first reason config.json could not be read.
struct hf_config_result {
  kvplan::error error{};
  kvplan::model model{};
  constexpr bool ok() const { return !error; }
};

namespace detail::hf {

inline constexpr std::int64_t int32_max = 2147483647;

// Records the first error; with fail_fast it is reported at once through kvplan::fail, so that
// in a constant expression the compiler's call chain runs through the line naming the key.
struct reader {
  bool fail_fast = false;
  kvplan::error err{};

  constexpr bool ok() const { return !err; }
  constexpr void report(errc code, json::chars subject, std::int64_t a = 0, std::int64_t b = 0,
                        std::int64_t c = 0) {
    if (err) return;
    err = kvplan::error{code, {a, b, c}, subject.view()};
    if (fail_fast) kvplan::fail(err);
  }

  // A present, non-null member (null reads as absent: transformers' config classes replace it
  // by their default, and vLLM tests `is not None`).
  template <class O>
  static constexpr typename O::lookup get(const O& o, json::chars key) {
    typename O::lookup l = o.find(key);
    if (l && l.found.is_null()) l.present = false;
    return l;
  }
  template <class O>
  static constexpr bool has(const O& o, json::chars key) {
    return static_cast<bool>(get(o, key));
  }

  constexpr std::int64_t as_integer(json::value v, json::chars key, std::int64_t lo, std::int64_t hi) {
    if (!v.is_number()) {
      report(errc::config_key_must_be_an_integer, key);
      return lo;
    }
    const json::number n = v.number();
    if (!n.is_integer) {
      report(errc::config_key_must_be_an_integer, key);
      return lo;
    }
    if (n.integer < lo || n.integer > hi) {
      report(errc::config_value_out_of_range, key, n.integer, lo, hi);
      return lo;
    }
    return n.integer;
  }
  constexpr bool as_boolean(json::value v, json::chars key, bool fallback) {
    if (v.is_null()) return fallback;
    if (!v.is_boolean()) {
      report(errc::config_key_must_be_a_boolean, key);
      return fallback;
    }
    return v.boolean();
  }
  constexpr double as_real(json::value v, json::chars key, double fallback) {
    if (v.is_null()) return fallback;
    if (!v.is_number()) {
      report(errc::config_key_must_be_a_number, key);
      return fallback;
    }
    return v.number().real;
  }
  // An integer key in [lo, hi]; `fallback` when absent.
  template <class O>
  constexpr std::int64_t integer(const O& o, json::chars key, std::int64_t fallback, std::int64_t lo = 0,
                                 std::int64_t hi = int32_max) {
    const auto l = get(o, key);
    return l ? as_integer(l.found, key, lo, hi) : fallback;
  }
  // An integer key that must be there.
  template <class O>
  constexpr std::int64_t require_integer(const O& o, json::chars key, std::int64_t lo = 1,
                                         std::int64_t hi = int32_max) {
    const auto l = get(o, key);
    if (!l) {
      report(errc::config_key_missing, key);
      return lo;
    }
    return as_integer(l.found, key, lo, hi);
  }
  template <class O>
  constexpr double real(const O& o, json::chars key, double fallback) {
    const auto l = get(o, key);
    if (!l) return fallback;
    if (!l.found.is_number()) {
      report(errc::config_key_must_be_a_number, key);
      return fallback;
    }
    return l.found.number().real;
  }
  template <class O>
  constexpr bool boolean(const O& o, json::chars key, bool fallback) {
    const auto l = get(o, key);
    if (!l) return fallback;
    if (!l.found.is_boolean()) {
      report(errc::config_key_must_be_a_boolean, key);
      return fallback;
    }
    return l.found.boolean();
  }
  // A string, object or array member: present (and of that kind) or not.
  template <class O>
  constexpr typename O::lookup of_kind(const O& o, json::chars key, json::kind k) {
    typename O::lookup l = get(o, key);
    if (l && l.found.type() != k) {
      report(k == json::kind::string  ? errc::config_key_must_be_a_string
             : k == json::kind::array ? errc::config_key_must_be_an_array
                                      : errc::config_key_must_be_an_object,
             key);
      l.present = false;
    }
    return l;
  }
  // The same for a member the model cannot be sized without: its absence is reported.
  template <class O>
  constexpr typename O::lookup require_of_kind(const O& o, json::chars key, json::kind k) {
    typename O::lookup l = of_kind(o, key, k);
    if (!l && ok()) report(errc::config_key_missing, key);
    return l;
  }
};

// A real number as an error's integer value (clamped: converting a huge double is undefined).
constexpr std::int64_t reported(double v) {
  if (!(v > -1e18)) return -1'000'000'000'000'000'000;
  if (!(v < 1e18)) return 1'000'000'000'000'000'000;
  return static_cast<std::int64_t>(v);
}

// A JSON value's string equals one of a list (escapes decoded).
constexpr bool is_one_of(json::value v, std::initializer_list<json::chars> names) {
  for (const json::chars n : names)
    if (v.equals(n)) return true;
  return false;
}

// The rules a model type follows.
enum class arch : std::uint8_t {
  decoder,         // attention in every layer (full, or one sliding window everywhere)
  phi,             // Phi-1/2: parallel attention and MLP under one LayerNorm, biases everywhere
  gemma2,          // sliding window on even layers
  gemma3,          // sliding_window_pattern / layer_types
  gpt_oss,         // layer_types / even layers sliding; MoE with biases and sinks
  llama4,          // chunked local attention with global NoPE layers; MoE interleaved
  qwen3_next,      // Gated DeltaNet and gated full attention
  nemotron_h,      // hybrid_override_pattern
  nemotron_nas,    // block_configs
  minimax_linear,  // attn_type_list: lightning or softmax attention
  mla,             // DeepSeek multi-head latent attention (and the V3.2 indexer)
  gemma4,          // sliding layers of head_dim, full layers of global_head_dim; shared-KV layers
  mimo_v2,         // hybrid_layer_pattern: SWA and full layers with their own heads and K / V sizes
  lfm2,            // layer_types: full attention or a short convolution
  mamba_hybrid,    // Granite-4.0-H, Jamba, Falcon-H1: Mamba layers beside attention ones
  deepseek_v4,     // compress_ratios: sliding-window latents, C4 (indexed) and C128 compressed ones
  minimax_m3,      // sparse_attention_config: dense layers, then block-sparse ones with an indexer
  kimi_linear,     // linear_attn_config: Kimi Delta Attention layers and MLA ones (Kimi-Linear, Kimi-K3)
  step3p5,         // layer_types with attention_other_setting; MoE by moe_layers_enum (Step-3.5 / 3.7)
};

// Where a layer's feed-forward is a mixture of experts.
// GPT-2 / GPT-BigCode blocks: learned position embeddings, two LayerNorms per layer, no
// lm_head bias; GPT-J: Phi's parallel block without attention biases.
enum class legacy_block : std::uint8_t { none, gpt2, gptj };

enum class moe_rule : std::uint8_t {
  none,
  every_layer,   // Mixtral, gpt-oss, MiniMax
  sparse_step,   // Qwen2-MoE / Qwen3-MoE / Qwen3-Next: decoder_sparse_step, mlp_only_layers
  first_k_dense, // DeepSeek / GLM: first_k_dense_replace, moe_layer_freq
  interleave,    // Llama 4: moe_layers, else every interleave_moe_layer_step-th
};

// A key a config class reads under another name (transformers' attribute_map).
struct key_alias {
  json::chars key;    // what kvplan asks for, e.g. "num_hidden_layers"
  json::chars alias;  // what the config writes, e.g. "n_layer"
};

struct type_rules {
  std::string_view model_type{};  // canonical spelling; empty for an unknown type
  // The config class's defaults for keys a config may leave out, as a JSON object (cited where
  // the rules are listed), and its attribute_map.
  std::string_view defaults{};
  const key_alias* aliases = nullptr;
  std::int32_t num_aliases = 0;
  arch kind = arch::decoder;
  bool native = true;             // transformers / vLLM has its config class
  bool qkv_bias = false;          // always (Qwen2)
  bool bias_from_key = false;     // attention_bias sets q, k, v and o biases (Llama, Qwen3, ...)
  bool qkv_bias_from_key = false; // attention_bias sets q, k, v biases only (GLM-4.5)
  params::attention_shape::qk_norm qk_norm = params::attention_shape::qk_norm::none;
  bool qk_norm_from_key = false;  // use_qk_norm decides (GLM-4.5, MiniMax-M2)
  int norms_per_layer = 2;
  bool tie_default = false;
  moe_rule moe = moe_rule::none;
  bool float16_unsupported = false;
  bool mlp_bias_from_key = false;  // mlp_bias (Llama, Granite)
  bool routing_bias = false;       // e_score_correction_bias per expert (noaux_tc routers)
  bool mlp_4x_default = false;     // no intermediate size: 4 x hidden (GPT-2's n_inner None, EXAONE)
  legacy_block legacy = legacy_block::none;
  bool mla_full_kv = false;        // MLA weights, full K and V cached per head (MiniCPM3)
};

// The text config as its config class reads it: the file's own keys first (a null one counts as
// absent, as transformers replaces it by the default), then the class's attribute_map aliases,
// then the class's defaults. It answers find() as json::object does, so every reader takes it.
class config_view {
 public:
  using lookup = json::object::lookup;
  constexpr config_view(const json::object& file, const json::object* defaults, const type_rules& rules)
      : file_(&file), defaults_(defaults), aliases_(rules.aliases), num_aliases_(rules.num_aliases) {}

  constexpr lookup find(json::chars key) const {
    const lookup own = file_->find(key);
    if (own && !own.found.is_null()) return own;
    // A null the config class turns into a rule of its own (KV heads as many as the attention
    // heads, the head size from the width, no window) is that rule, not the class's default.
    if (own && (key.view() == "num_key_value_heads" || key.view() == "head_dim" || key.view() == "sliding_window"))
      return own;
    for (std::int32_t i = 0; i < num_aliases_; ++i) {
      if (aliases_[i].key.view() != key.view()) continue;
      const lookup aliased = file_->find(aliases_[i].alias);
      if (aliased && !aliased.found.is_null()) return aliased;
    }
    if (defaults_ != nullptr)
      if (const lookup d = defaults_->find(key)) return d;
    return own;
  }
  // The file's own object, for what only the file says (which keys it writes).
  constexpr const json::object& file() const { return *file_; }

 private:
  const json::object* file_;
  const json::object* defaults_;
  const key_alias* aliases_;
  std::int32_t num_aliases_;
};

// A model type known by name rather than read from the text (the architectures fallback); it
// answers equals() as a json::value does.
struct type_name {
  std::string_view name;
  constexpr bool equals(json::chars c) const { return name == c.view(); }
};

// vLLM's model types kvplan reads, with what differs between them. Type: json::value or type_name.
// The defaults of the config classes kvplan reads, for the keys a config may leave out (each from
// its transformers configuration_*.py __init__ signature).
// LlamaConfig: num_key_value_heads None means num_attention_heads.
inline constexpr std::string_view llama_defaults =
    R"({"vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": 32,
        "num_attention_heads": 32, "max_position_embeddings": 2048})";
// MistralConfig and MixtralConfig (Mistral 7B's shape; llava-hf's wrappers leave it out):
// Mistral's window is 4,096 where the file has no sliding_window, none where it writes null.
inline constexpr std::string_view mistral_defaults =
    R"({"vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 8, "max_position_embeddings": 131072,
        "sliding_window": 4096})";
inline constexpr std::string_view mixtral_defaults =
    R"({"vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 8, "max_position_embeddings": 131072,
        "num_experts_per_tok": 2, "num_local_experts": 8})";
// Qwen2Config; Qwen3Config adds head_dim 128.
inline constexpr std::string_view qwen2_defaults =
    R"({"vocab_size": 151936, "hidden_size": 4096, "intermediate_size": 22016, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 32, "max_position_embeddings": 32768})";
inline constexpr std::string_view qwen3_defaults =
    R"({"vocab_size": 151936, "hidden_size": 4096, "intermediate_size": 22016, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 32, "head_dim": 128, "max_position_embeddings": 32768})";
// Gemma3TextConfig (the text config of Gemma3Config too).
inline constexpr std::string_view gemma3_text_defaults =
    R"({"vocab_size": 262208, "hidden_size": 2304, "intermediate_size": 9216, "num_hidden_layers": 26,
        "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256, "max_position_embeddings": 131072,
        "sliding_window": 4096, "sliding_window_pattern": 6})";
// GPT2Config (GPTBigCodeConfig, GPTJConfig and the old phi-msft config read their keys alike).
inline constexpr std::string_view gpt2_defaults =
    R"({"vocab_size": 50257, "max_position_embeddings": 1024, "hidden_size": 768, "num_hidden_layers": 12,
        "num_attention_heads": 12})";
inline constexpr key_alias gpt2_aliases[] = {{"num_hidden_layers", "n_layer"},
                                             {"hidden_size", "n_embd"},
                                             {"num_attention_heads", "n_head"},
                                             {"max_position_embeddings", "n_positions"},
                                             {"intermediate_size", "n_inner"}};
// vLLM's ChatGLMConfig (vllm/transformers_utils/configs/chatglm.py).
inline constexpr std::string_view chatglm_defaults =
    R"({"num_hidden_layers": 28, "vocab_size": 65024, "hidden_size": 4096, "intermediate_size": 13696,
        "num_attention_heads": 32, "max_position_embeddings": 2048})";
inline constexpr key_alias chatglm_aliases[] = {{"num_hidden_layers", "num_layers"},
                                                {"vocab_size", "padded_vocab_size"},
                                                {"max_position_embeddings", "seq_length"},
                                                {"intermediate_size", "ffn_hidden_size"}};
// DbrxConfig.
inline constexpr key_alias dbrx_aliases[] = {{"num_attention_heads", "n_heads"},
                                             {"hidden_size", "d_model"},
                                             {"num_hidden_layers", "n_layers"},
                                             {"max_position_embeddings", "max_seq_len"}};
// vLLM's ExaoneConfig.
inline constexpr std::string_view exaone_defaults = R"({"max_position_embeddings": 2048})";
inline constexpr key_alias exaone_aliases[] = {{"num_hidden_layers", "num_layers"}};
// NemotronHConfig.
inline constexpr std::string_view nemotron_h_defaults =
    R"({"mamba_num_heads": 128, "mamba_head_dim": 64, "ssm_state_size": 128, "n_groups": 8, "conv_kernel": 4,
        "head_dim": 128, "num_key_value_heads": 8})";
inline constexpr key_alias nemotron_h_aliases[] = {{"n_groups", "mamba_n_groups"}, {"conv_kernel", "mamba_d_conv"}};
// Gemma4TextConfig (transformers, the release vLLM reads it with: global_head_dim an attribute).
inline constexpr std::string_view gemma4_text_defaults =
    R"({"vocab_size": 262144, "hidden_size": 2304, "intermediate_size": 9216, "num_hidden_layers": 30,
        "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256, "max_position_embeddings": 131072,
        "sliding_window": 512, "global_head_dim": 512, "hidden_size_per_layer_input": 256,
        "vocab_size_per_layer_input": 262144})";
// Lfm2Config (transformers): block_ff_dim and tie_embedding are its older names.
inline constexpr std::string_view lfm2_defaults =
    R"({"vocab_size": 65536, "hidden_size": 2560, "intermediate_size": 12288, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 8, "max_position_embeddings": 128000,
        "conv_L_cache": 3, "tie_word_embeddings": true})";
inline constexpr key_alias lfm2_aliases[] = {{"intermediate_size", "block_ff_dim"},
                                             {"tie_word_embeddings", "tie_embedding"}};
// vLLM's LagunaConfig: layer 0 dense, every other layer sparse.
inline constexpr std::string_view laguna_defaults =
    R"({"mlp_only_layers": [0], "decoder_sparse_step": 1, "num_key_value_heads": 8, "head_dim": 128})";
// GraniteMoeHybridConfig, JambaConfig, FalconH1Config (transformers): the Mamba keys a config
// may leave out.
inline constexpr std::string_view granitemoehybrid_defaults =
    R"({"mamba_n_heads": 128, "mamba_n_groups": 1, "mamba_d_state": 256, "mamba_d_conv": 4, "mamba_expand": 2})";
inline constexpr std::string_view jamba_defaults =
    R"({"attn_layer_period": 8, "attn_layer_offset": 4, "expert_layer_period": 2, "expert_layer_offset": 1,
        "num_experts": 16, "num_experts_per_tok": 2, "mamba_d_state": 16, "mamba_d_conv": 4, "mamba_expand": 2,
        "num_key_value_heads": 8, "max_position_embeddings": 262144})";
inline constexpr std::string_view falcon_h1_defaults =
    R"({"mamba_d_state": 256, "mamba_d_conv": 4, "mamba_expand": 2, "mamba_n_groups": 1, "mamba_n_heads": 128})";
// Qwen3_5TextConfig; Qwen3_5MoeTextConfig adds the experts (and has no dense intermediate_size).
inline constexpr std::string_view qwen3_5_text_defaults =
    R"({"num_key_value_heads": 4, "head_dim": 256, "linear_conv_kernel_dim": 4, "linear_key_head_dim": 128,
        "linear_value_head_dim": 128, "linear_num_key_heads": 16, "linear_num_value_heads": 32,
        "max_position_embeddings": 32768, "full_attention_interval": 4})";
inline constexpr std::string_view qwen3_5_moe_text_defaults =
    R"({"num_key_value_heads": 4, "head_dim": 256, "linear_conv_kernel_dim": 4, "linear_key_head_dim": 128,
        "linear_value_head_dim": 128, "linear_num_key_heads": 16, "linear_num_value_heads": 32,
        "max_position_embeddings": 32768, "full_attention_interval": 4, "moe_intermediate_size": 512,
        "shared_expert_intermediate_size": 512, "num_experts_per_tok": 8, "num_experts": 256})";

template <class Type>
constexpr type_rules rules_for(const Type& t) {
  using qk = params::attention_shape::qk_norm;
  type_rules r;
  if (t.equals("llama"))
    return {.model_type = "llama", .defaults = llama_defaults, .bias_from_key = true, .mlp_bias_from_key = true};
  if (t.equals("mistral")) return {.model_type = "mistral", .defaults = mistral_defaults};
  if (t.equals("mixtral")) return {.model_type = "mixtral", .defaults = mixtral_defaults, .moe = moe_rule::every_layer};
  if (t.equals("qwen2")) return {.model_type = "qwen2", .defaults = qwen2_defaults, .qkv_bias = true};
  if (t.equals("qwen2_moe")) return {.model_type = "qwen2_moe", .qkv_bias = true, .moe = moe_rule::sparse_step};
  if (t.equals("qwen3"))
    return {.model_type = "qwen3", .defaults = qwen3_defaults, .bias_from_key = true, .qk_norm = qk::per_head};
  if (t.equals("qwen3_moe"))
    return {.model_type = "qwen3_moe", .bias_from_key = true, .qk_norm = qk::per_head, .moe = moe_rule::sparse_step};
  // Multimodal wrappers and their text models (transformers' Qwen2-VL, Qwen2.5-VL, Qwen3-VL and
  // Mistral 3 config classes): the text model's rules; the vision tower is counted apart.
  if (t.equals("qwen2_vl") || t.equals("qwen2_5_vl") || t.equals("qwen2_vl_text") || t.equals("qwen2_5_vl_text"))
    return {.model_type = t.equals("qwen2_vl") ? "qwen2_vl" : t.equals("qwen2_5_vl") ? "qwen2_5_vl" : "qwen2_vl_text",
            .qkv_bias = true};
  if (t.equals("qwen3_vl") || t.equals("qwen3_vl_text"))
    return {.model_type = t.equals("qwen3_vl") ? "qwen3_vl" : "qwen3_vl_text", .bias_from_key = true,
            .qk_norm = qk::per_head};
  if (t.equals("qwen3_vl_moe") || t.equals("qwen3_vl_moe_text"))
    return {.model_type = t.equals("qwen3_vl_moe") ? "qwen3_vl_moe" : "qwen3_vl_moe_text", .bias_from_key = true,
            .qk_norm = qk::per_head, .moe = moe_rule::sparse_step};
  if (t.equals("mistral3") || t.equals("ministral3") || t.equals("ministral"))
    return {.model_type = t.equals("mistral3") ? "mistral3" : t.equals("ministral3") ? "ministral3" : "ministral"};
  if (t.equals("kimi_k25")) return {.model_type = "kimi_k25", .kind = arch::mla, .native = false, .moe = moe_rule::first_k_dense};
  if (t.equals("qwen3_next"))
    return {.model_type = "qwen3_next", .kind = arch::qwen3_next, .qk_norm = qk::per_head, .moe = moe_rule::sparse_step};
  if (t.equals("gemma")) return {.model_type = "gemma", .bias_from_key = true, .tie_default = true};
  if (t.equals("gemma2"))
    return {.model_type = "gemma2", .kind = arch::gemma2, .bias_from_key = true, .norms_per_layer = 4,
            .tie_default = true, .float16_unsupported = true};
  if (t.equals("gemma3_text") || t.equals("gemma3"))
    return {.model_type = t.equals("gemma3") ? "gemma3" : "gemma3_text", .defaults = gemma3_text_defaults,
            .kind = arch::gemma3, .bias_from_key = true, .qk_norm = qk::per_head, .norms_per_layer = 4,
            .tie_default = true, .float16_unsupported = true};
  if (t.equals("granitemoehybrid"))
    return {.model_type = "granitemoehybrid", .defaults = granitemoehybrid_defaults, .kind = arch::mamba_hybrid,
            .tie_default = true};
  if (t.equals("jamba")) return {.model_type = "jamba", .defaults = jamba_defaults, .kind = arch::mamba_hybrid};
  if (t.equals("falcon_h1")) return {.model_type = "falcon_h1", .defaults = falcon_h1_defaults, .kind = arch::mamba_hybrid};
  if (t.equals("deepseek"))  // DeepSeek-MoE (v1), remote code: MHA, experts from first_k_dense_replace
    return {.model_type = "deepseek", .native = false, .moe = moe_rule::first_k_dense};
  if (t.equals("laguna"))
    return {.model_type = "laguna", .defaults = laguna_defaults, .moe = moe_rule::sparse_step};
  if (t.equals("exaone4"))
    return {.model_type = "exaone4", .qk_norm = qk::per_head};
  if (t.equals("minicpm3"))
    return {.model_type = "minicpm3", .kind = arch::mla, .native = false, .mla_full_kv = true};
  if (t.equals("mimo_v2_flash") || t.equals("mimo_v2"))
    return {.model_type = t.equals("mimo_v2") ? "mimo_v2" : "mimo_v2_flash", .kind = arch::mimo_v2, .native = false};
  if (t.equals("lfm2") || t.equals("lfm2_vl") || t.equals("lfm2-vl"))
    return {.model_type = t.equals("lfm2") ? "lfm2" : t.equals("lfm2_vl") ? "lfm2_vl" : "lfm2-vl", .defaults = lfm2_defaults,
            .aliases = lfm2_aliases, .num_aliases = 2, .kind = arch::lfm2, .qk_norm = qk::per_head};
  if (t.equals("deepseek_vl_v2"))
    return {.model_type = "deepseek_vl_v2", .kind = arch::mla, .moe = moe_rule::first_k_dense};
  if (t.equals("gemma4_text") || t.equals("gemma4"))
    return {.model_type = t.equals("gemma4") ? "gemma4" : "gemma4_text", .defaults = gemma4_text_defaults,
            .kind = arch::gemma4, .tie_default = true};
  // Qwen3.5 / 3.6: Qwen3-Next's layout (Gated DeltaNet every full_attention_interval - 1 of
  // full_attention_interval layers, or layer_types); the MoE variant has experts in every layer.
  if (t.equals("qwen3_5") || t.equals("qwen3_5_text"))
    return {.model_type = t.equals("qwen3_5") ? "qwen3_5" : "qwen3_5_text", .defaults = qwen3_5_text_defaults,
            .kind = arch::qwen3_next, .qk_norm = qk::per_head};
  if (t.equals("qwen3_5_moe") || t.equals("qwen3_5_moe_text"))
    return {.model_type = t.equals("qwen3_5_moe") ? "qwen3_5_moe" : "qwen3_5_moe_text",
            .defaults = qwen3_5_moe_text_defaults, .kind = arch::qwen3_next, .qk_norm = qk::per_head,
            .moe = moe_rule::every_layer};
  if (t.equals("gpt_oss"))
    return {.model_type = "gpt_oss", .kind = arch::gpt_oss, .qkv_bias = true, .moe = moe_rule::every_layer};
  if (t.equals("phi")) return {.model_type = "phi", .kind = arch::phi, .qkv_bias = true};
  if (t.equals("phi3")) return {.model_type = "phi3"};
  if (t.equals("granite")) return {.model_type = "granite", .bias_from_key = true, .mlp_bias_from_key = true};
  if (t.equals("glm4_moe"))
    return {.model_type = "glm4_moe", .qkv_bias_from_key = true, .qk_norm = qk::per_head, .qk_norm_from_key = true,
            .moe = moe_rule::first_k_dense, .routing_bias = true};
  if (t.equals("minimax_m2"))
    return {.model_type = "minimax_m2", .native = false, .qk_norm = qk::whole, .qk_norm_from_key = true,
            .moe = moe_rule::every_layer};
  if (t.equals("minimax_m1") || t.equals("minimax_text_01") || t.equals("minimax"))
    return {.model_type = t.equals("minimax_m1") ? "minimax_m1" : t.equals("minimax") ? "minimax" : "minimax_text_01",
            .kind = arch::minimax_linear, .native = t.equals("minimax"), .moe = moe_rule::every_layer};
  if (t.equals("deepseek_v2") || t.equals("deepseek_v3") || t.equals("deepseek_v32") || t.equals("glm_moe_dsa") ||
      t.equals("glm4_moe_lite"))
    return {.model_type = t.equals("deepseek_v2")   ? "deepseek_v2"
                          : t.equals("deepseek_v3") ? "deepseek_v3"
                          : t.equals("deepseek_v32") ? "deepseek_v32"
                          : t.equals("glm_moe_dsa") ? "glm_moe_dsa"
                                                    : "glm4_moe_lite",
            .kind = arch::mla, .moe = moe_rule::first_k_dense};
  // vLLM's MiniMaxM3Config (minimax_m3_vl) and its text config (minimax_m3_text): vLLM carries
  // the classes, so no remote code.
  if (t.equals("minimax_m3_vl") || t.equals("minimax_m3_text"))
    return {.model_type = t.equals("minimax_m3_vl") ? "minimax_m3_vl" : "minimax_m3_text", .kind = arch::minimax_m3,
            .qk_norm = qk::per_head, .moe = moe_rule::every_layer, .routing_bias = true};
  // Kimi-Linear / Kimi-K3 (kimi_linear text config; the kimi_k3 wrapper): remote-code configs.
  if (t.equals("kimi_linear") || t.equals("kimi_k3"))
    return {.model_type = t.equals("kimi_linear") ? "kimi_linear" : "kimi_k3", .kind = arch::kimi_linear, .native = false,
            .moe = moe_rule::first_k_dense, .routing_bias = true};
  // Step-3.5-Flash (step3p5; vLLM's Step3p5Config) and Step-3.7-Flash (the step3p7 wrapper of a
  // step3p5 text config, read through its remote Step3p7Config).
  if (t.equals("step3p5") || t.equals("step3p7"))
    return {.model_type = t.equals("step3p5") ? "step3p5" : "step3p7", .kind = arch::step3p5,
            .native = t.equals("step3p5"), .qk_norm = qk::per_head};
  if (t.equals("deepseek_v4"))
    return {.model_type = "deepseek_v4", .kind = arch::deepseek_v4, .native = false, .moe = moe_rule::every_layer,
            .routing_bias = true};
  if (t.equals("kimi_k2")) return {.model_type = "kimi_k2", .kind = arch::mla, .native = false, .moe = moe_rule::first_k_dense};
  if (t.equals("llama4") || t.equals("llama4_text"))
    return {.model_type = t.equals("llama4") ? "llama4" : "llama4_text", .kind = arch::llama4,
            .bias_from_key = true, .moe = moe_rule::interleave};
  if (t.equals("nemotron_h"))
    return {.model_type = "nemotron_h", .defaults = nemotron_h_defaults, .aliases = nemotron_h_aliases,
            .num_aliases = 2, .kind = arch::nemotron_h, .native = false};
  // Config classes that name their keys otherwise (their attribute_map).
  if (t.equals("gpt2") || t.equals("gpt_bigcode") || t.equals("gptj") || t.equals("phi-msft")) {
    const bool gpt2 = t.equals("gpt2") || t.equals("gpt_bigcode");
    return {.model_type = t.equals("gpt2") ? "gpt2" : t.equals("gpt_bigcode") ? "gpt_bigcode" : t.equals("gptj") ? "gptj" : "phi-msft",
            .defaults = gpt2_defaults, .aliases = gpt2_aliases, .num_aliases = 5, .kind = arch::phi,
            .native = !t.equals("phi-msft"), .qkv_bias = true, .tie_default = true, .mlp_4x_default = true,
            .legacy = gpt2 ? legacy_block::gpt2 : t.equals("gptj") ? legacy_block::gptj : legacy_block::none};
  }
  if (t.equals("chatglm"))
    return {.model_type = "chatglm", .defaults = chatglm_defaults, .aliases = chatglm_aliases, .num_aliases = 4,
            .native = false, .qkv_bias = true};
  if (t.equals("dbrx"))
    return {.model_type = "dbrx", .aliases = dbrx_aliases, .num_aliases = 4, .moe = moe_rule::every_layer};
  if (t.equals("exaone"))
    return {.model_type = "exaone", .defaults = exaone_defaults, .aliases = exaone_aliases, .num_aliases = 1,
            .native = false, .mlp_4x_default = true};
  if (t.equals("nemotron-nas"))
    return {.model_type = "nemotron-nas", .kind = arch::nemotron_nas, .native = false, .bias_from_key = true};
  r.native = false;  // unknown: plain decoder rules, if its keys allow them
  r.bias_from_key = true;
  r.mlp_bias_from_key = true;
  r.tie_default = true;  // transformers' PretrainedConfig default
  return r;
}

// vLLM picks the model class from `architectures`, transformers the config class from
// `model_type`; a config without model_type is read by the type of its first architecture.
struct architecture_type {
  json::chars architecture;
  std::string_view model_type;
};
inline constexpr architecture_type architecture_types[] = {
    {"LlamaForCausalLM", "llama"},
    {"MistralForCausalLM", "mistral"},
    {"MixtralForCausalLM", "mixtral"},
    {"Qwen2ForCausalLM", "qwen2"},
    {"Qwen2MoeForCausalLM", "qwen2_moe"},
    {"Qwen3ForCausalLM", "qwen3"},
    {"Qwen3MoeForCausalLM", "qwen3_moe"},
    {"Qwen3NextForCausalLM", "qwen3_next"},
    {"GemmaForCausalLM", "gemma"},
    {"Gemma2ForCausalLM", "gemma2"},
    {"Gemma3ForCausalLM", "gemma3_text"},
    {"Gemma3ForConditionalGeneration", "gemma3"},
    {"Gemma4ForCausalLM", "gemma4_text"},
    {"DeepseekForCausalLM", "deepseek"},
    {"GraniteMoeHybridForCausalLM", "granitemoehybrid"},
    {"JambaForCausalLM", "jamba"},
    {"FalconH1ForCausalLM", "falcon_h1"},
    {"LagunaForCausalLM", "laguna"},
    {"Exaone4ForCausalLM", "exaone4"},
    {"MiniCPM3ForCausalLM", "minicpm3"},
    {"MiMoV2FlashForCausalLM", "mimo_v2_flash"},
    {"Lfm2ForCausalLM", "lfm2"},
    {"Lfm2VlForConditionalGeneration", "lfm2_vl"},
    {"Gemma4ForConditionalGeneration", "gemma4"},
    {"GptOssForCausalLM", "gpt_oss"},
    {"PhiForCausalLM", "phi"},
    {"Phi3ForCausalLM", "phi3"},
    {"GraniteForCausalLM", "granite"},
    {"Glm4MoeForCausalLM", "glm4_moe"},
    {"GlmMoeDsaForCausalLM", "glm_moe_dsa"},
    {"MiniMaxM2ForCausalLM", "minimax_m2"},
    {"MiniMaxM1ForCausalLM", "minimax_m1"},
    {"MiniMaxText01ForCausalLM", "minimax_text_01"},
    {"DeepseekV2ForCausalLM", "deepseek_v2"},
    {"DeepseekV3ForCausalLM", "deepseek_v3"},
    {"DeepseekV32ForCausalLM", "deepseek_v32"},
    {"Llama4ForConditionalGeneration", "llama4"},
    {"Llama4ForCausalLM", "llama4_text"},
    {"NemotronHForCausalLM", "nemotron_h"},
    {"DeciLMForCausalLM", "nemotron-nas"},
    {"KimiVLForConditionalGeneration", "kimi_vl"},
    {"Qwen2VLForConditionalGeneration", "qwen2_vl"},
    {"Qwen2_5_VLForConditionalGeneration", "qwen2_5_vl"},
    {"Qwen3VLForConditionalGeneration", "qwen3_vl"},
    {"Qwen3VLMoeForConditionalGeneration", "qwen3_vl_moe"},
    {"Mistral3ForConditionalGeneration", "mistral3"},
    {"KimiK25ForConditionalGeneration", "kimi_k25"},
};

// The model type of architectures[0], or empty when there is none or kvplan does not know it.
template <class O>
constexpr std::string_view model_type_of_architectures(reader& r, const O& root) {
  const auto archs = r.of_kind(root, "architectures", json::kind::array);
  if (!archs) return {};
  json::elements first(archs.found);
  if (first.done() || !first.get().is_string()) return {};
  for (const architecture_type& a : architecture_types)
    if (first.get().equals(a.architecture)) return a.model_type;
  return {};
}

// Architectures vLLM does not serve: never registered (0.0.0), or removed after a release
// (vllm/model_executor/models/registry.py, _PREVIOUSLY_SUPPORTED_MODELS).
struct unserved_architecture {
  std::string_view architecture;
  std::int32_t major = 0, minor = 0, patch = 0;  // the last release that served it
};
inline constexpr unserved_architecture unserved_architectures[] = {
    {"MllamaForConditionalGeneration", 0, 10, 2},  // encoder-decoder models left with V0
    {"Phi3SmallForCausalLM", 0, 9, 2},
    {"LlavaLlamaForCausalLM"},     // the original LLaVA repository's class; llava-hf's is served
    {"MultiModalityCausalLM"},     // Janus (SGLang's name for model_type multi_modality)
    {"Step3p7FlashForCausalLM"},   // vLLM registers Step3p7ForConditionalGeneration
    {"MiniMaxM3ForCausalLM"},      // vLLM registers MiniMaxM3Sparse*
};
// Model types no config class knows (neither transformers' nor vLLM's registry): vLLM cannot
// read such a config.json unless it names remote code in auto_map. SGLang publishes DeepSeek-V4
// with model_type deepseek_ref.
inline constexpr std::string_view unknown_model_types[] = {"deepseek_ref"};

// The refusal for a config of an architecture vLLM does not serve, or that it cannot read; none
// otherwise.
template <class O>
constexpr void check_served(reader& r, const O& root, std::string_view model_type) {
  for (const std::string_view t : unknown_model_types)
    if (model_type == t && !reader::has(root, "auto_map")) {
      r.report(errc::model_type_unknown_to_vllm, json::chars(t));
      return;
    }
  if (model_type == "multi_modality") {
    r.report(errc::architecture_not_in_vllm, "Janus (model_type multi_modality)");
    return;
  }
  const auto archs = r.of_kind(root, "architectures", json::kind::array);
  if (!archs) return;
  json::elements first(archs.found);
  if (first.done() || !first.get().is_string()) return;
  for (const unserved_architecture& a : unserved_architectures) {
    if (!first.get().equals(json::chars(a.architecture))) continue;
    if (a.major == 0 && a.minor == 0) r.report(errc::architecture_not_in_vllm, json::chars(a.architecture));
    else r.report(errc::architecture_removed_from_vllm, json::chars(a.architecture), a.major, a.minor, a.patch);
    return;
  }
}

// Keys that change the cache in a way only the model type can explain: an unknown model_type
// with any of them is refused rather than guessed.
inline constexpr json::chars model_specific_keys[] = {
    "kv_lora_rank",          "index_topk",              "attention_chunk_size",   "no_rope_layers",
    "hybrid_override_pattern", "block_configs",         "attn_type_list",         "decoder_attention_types",
    "full_attention_interval", "linear_num_value_heads", "linear_num_key_heads",  "mamba_num_heads",
    "ssm_state_size",        "layers_block_type",       "attn_layer_period",      "sliding_window_pattern",
    "interleaved_sliding_window", "num_kv_shared_layers", "cross_attention_layers", "global_attn_every_n_layers",
    // Where the experts are: without the model type, which layers are MoE is a guess.
    "interleave_moe_layer_step", "moe_layer_freq",          "moe_layers",             "decoder_sparse_step",
    "mlp_only_layers",       "first_k_dense_replace",
};

// Distinct layer types are few (kvplan::max_layer_types); a config asking for more is refused
// here instead of failing inside layer_stack.
constexpr void add_layer(reader& r, layer_stack& s, const layer_type& t) {
  if (!r.ok()) return;
  bool known = false;
  for (std::int32_t i = 0; i < s.types.size(); ++i)
    if (s.types[static_cast<std::size_t>(i)] == t) known = true;
  if (!known && s.types.size() >= max_layer_types) {
    r.report(errc::model_has_too_many_layer_types, "layer_types", max_layer_types);
    return;
  }
  if (s.num_layers >= max_layers) {
    r.report(errc::config_value_out_of_range, "num_hidden_layers", s.num_layers + 1, 1, max_layers);
    return;
  }
  s.push_back(t);
}

struct totals {
  param_count total{};
  param_count experts{};     // routed experts
  param_count expert_bias{}; // their biases (model::expert_bias_params)
  param_count inactive{};    // routed experts a token does not use
  param_count replicated{};  // held whole by every TP rank (model::replicated_params)
  param_count router{};      // the routers among them (model::router_params)
  param_count replicated_unquantized{};  // held whole, built without a quant_config
  param_count mla_kv_b{};    // MLA's kv_b_proj (model::mla_kv_b_params)
  param_count mla_proj{};    // MLA's projections but o_proj (model::mla_projection_params)
  param_count mla_out{};     // MLA's o_proj (model::mla_output_params)
};

// The feed-forward of a layer that is a mixture of experts.
struct moe_shape {
  std::int64_t experts = 0;
  std::int64_t top_k = 0;
  std::int64_t intermediate = 0;  // per expert
  bool gated = true;
  bool expert_bias = false;  // gpt-oss
  bool router_bias = false;  // gpt-oss
  bool routing_bias = false; // e_score_correction_bias
  param_count shared{};      // shared expert(s) and their gate
  std::int64_t shared_intermediate = 0;  // the shared experts' width, as one dense MLP
};
constexpr void add_moe(totals& t, std::int64_t hidden, const moe_shape& m) {
  const param_count one = params::mlp(hidden, m.intermediate, m.gated, m.expert_bias);  // one routed expert
  const param_count routed = one * m.experts;
  const param_count router = params::linear(hidden, m.experts, m.router_bias) + (m.routing_bias ? m.experts : 0);
  t.total += router + routed + m.shared;
  t.replicated += router;
  t.router += router;
  t.experts += routed;
  t.inactive += one * (m.experts - m.top_k);
  if (m.expert_bias) t.expert_bias += (param_count{m.intermediate} * (m.gated ? 2 : 1) + hidden) * m.experts;
}

// Everything read once from the text config.
struct common {
  std::int64_t layers = 0;
  std::int64_t hidden = 0;
  std::int64_t heads = 0;
  std::int64_t kv_heads = 0;
  std::int64_t head_dim = 0;
  std::int64_t vocab = 0;
  bool tie = false;
};

class builder {
 public:
  constexpr builder(reader& r, const json::object& root, const config_view& text, const type_rules& rules)
      : r_(r), root_(root), text_(text), rules_(rules) {}

  constexpr void build(model& m);

 private:
  // --- shared readers --------------------------------------------------------------------
  constexpr void read_common(bool need_kv_heads, bool need_head_dim);
  constexpr std::int64_t read_kv_heads();
  constexpr std::int64_t read_head_dim();
  constexpr count_t read_max_model_len();
  struct rope_length_scaling;
  constexpr rope_length_scaling rope_scaling_of(const json::small_object& rp);
  constexpr std::optional<count_t> rope_cache_bytes(const model& m);
  constexpr dtype read_dtype();
  constexpr void read_quantization(checkpoint& c, dtype model_dtype);
  struct kept_layers {
    bool attention = false;        // every layer's attention (90% of the layers) in an exclusion list
    bool whole_attention = false;  // as "self_attn*" (or the whole layer), o_proj with it
    bool mlp = false;              // and every layer's dense or shared-expert MLP
  };
  constexpr kept_layers unquantized_layers(const json::object& qc);
  constexpr bool moe_layer(std::int64_t i);
  constexpr moe_shape read_moe();
  constexpr const moe_shape& moe();
  constexpr void use_experts(moe_shape experts);
  constexpr void add_routed_or_dense(bool routed, std::int64_t dense_intermediate);
  constexpr void add_ffn(std::int64_t i, std::int64_t dense_intermediate, bool gated = true, bool bias = false);
  constexpr params::attention_shape attention_shape() const;
  constexpr void check_unknown_type();

  // --- the architectures -------------------------------------------------------------------
  constexpr void attention_decoder();
  constexpr void llama4();
  constexpr void qwen3_next();
  constexpr void nemotron_h();
  constexpr void nemotron_nas();
  constexpr void minimax_linear();
  constexpr void mla();
  constexpr void gemma4();
  constexpr void mimo_v2();
  constexpr void deepseek_v4();
  constexpr void minimax_m3();
  constexpr void kimi_linear();
  constexpr void step3p5();
  constexpr bool exaone4_sliding(std::int64_t i);
  constexpr void lfm2();
  constexpr void mamba_hybrid();
  constexpr void vision_tower();

  reader& r_;
  const json::object& root_;
  config_view text_;
  type_rules rules_;
  common c_{};
  layer_stack layers_{};
  totals t_{};
  std::optional<dtype> ssm_dtype_{};
  // The kind of the MTP layers where a reader knows it (else the model's full-attention kind).
  std::optional<layer_type> mtp_kind_{};
  // MoE keys, read once.
  bool moe_ready_ = false;
  moe_shape moe_{};
  std::int64_t moe_first_ = 0;
  std::int64_t moe_freq_ = 1;
  std::int64_t moe_step_ = 1;
  // The widest dense MLP a layer runs (a dense layer, or an MoE layer's shared experts), and
  // whether some layer routes to experts: the activation peak depends on them.
  std::int64_t widest_mlp_ = 0;
  bool routed_ = false;
  bool vision_estimated_ = false;  // the vision tower's parameters are an estimate
  std::int32_t index_topk_ = 0;   // model::index_topk (deepseek_v2.py's sparse indexer)
  std::int32_t index_n_heads_ = 0, hc_mult_ = 0;  // DeepSeek-V4's (model::index_n_heads, hc_mult)
  params::vit_estimate_shape vision_shape_{};  // an estimated tower's shape (layers 0: none)
  vision_encoder vision_{};  // the tower the profile run measures: Gemma 3's (Qwen's ViTs: build())
  std::int64_t vision_heads_ = 0;
  param_count vision_params_{};   // the vision tower's parameters (not an audio encoder's)
  std::int64_t layers_from_list_ = 0;  // the layer count a per-layer list gives, when no key does
  bool longrope_ = false;              // a LongRoPE rope type: the default length differs
  count_t rescaled_yarn_len_ = 0;      // model::rescaled_yarn_max_model_len
  count_t yarn_rope_positions_ = 0;    // a YaRN rope's cache: original x factor positions
};

// --- shared readers ----------------------------------------------------------------------

constexpr std::int64_t builder::read_kv_heads() {
  // get_total_num_kv_heads: the first of these that is set, else num_attention_heads. The model
  // code decides where it differs: GPT-BigCode and Falcon's multi_query is one KV head; ChatGLM
  // groups only with multi_query_attention; DBRX keeps them in attn_config.kv_n_heads.
  std::int64_t kv = 0;
  const auto attn = r_.of_kind(text_, "attn_config", json::kind::object);
  if (r_.boolean(text_, "multi_query", false)) kv = 1;
  else if (rules_.model_type == "chatglm" && !r_.boolean(text_, "multi_query_attention", false)) kv = c_.heads;
  else if (attn && reader::has(json::small_object(attn.found), "kv_n_heads"))
    kv = r_.require_integer(json::small_object(attn.found), "kv_n_heads");
  else if (reader::has(text_, "n_head_kv")) kv = r_.require_integer(text_, "n_head_kv");
  else if (reader::has(text_, "num_kv_heads")) kv = r_.require_integer(text_, "num_kv_heads");
  else if (reader::has(text_, "num_key_value_heads")) kv = r_.require_integer(text_, "num_key_value_heads");
  else if (reader::has(text_, "multi_query_group_num")) kv = r_.require_integer(text_, "multi_query_group_num");
  else kv = c_.heads;
  if (r_.ok() && (kv > c_.heads || c_.heads % kv != 0))
    r_.report(errc::config_keys_conflict, "num_key_value_heads", kv, c_.heads);
  return kv;
}

constexpr std::int64_t builder::read_head_dim() {
  // get_head_size: head_dim when positive, else hidden_size_per_head, else hidden / heads.
  const std::int64_t hd = r_.integer(text_, "head_dim", 0);
  if (hd > 0) return hd;
  if (reader::has(text_, "hidden_size_per_head")) return r_.require_integer(text_, "hidden_size_per_head");
  if (c_.hidden % c_.heads != 0) {
    r_.report(errc::config_hidden_size_not_divisible_by_heads, "head_dim", c_.hidden, c_.heads);
    return 1;
  }
  return c_.hidden / c_.heads;
}

constexpr void builder::read_common(bool need_kv_heads, bool need_head_dim) {
  c_.layers = layers_from_list_ > 0 ? layers_from_list_ : r_.require_integer(text_, "num_hidden_layers", 1, max_layers);
  c_.hidden = r_.require_integer(text_, "hidden_size");
  c_.heads = r_.require_integer(text_, "num_attention_heads");
  c_.vocab = r_.require_integer(text_, "vocab_size");
  // tie_word_embeddings: the text config's, else the wrapper's, else the config class default.
  c_.tie = reader::has(text_, "tie_word_embeddings") ? r_.boolean(text_, "tie_word_embeddings", false)
                                                     : r_.boolean(root_, "tie_word_embeddings", rules_.tie_default);
  if (!r_.ok()) return;
  c_.kv_heads = need_kv_heads ? read_kv_heads() : c_.heads;
  c_.head_dim = need_head_dim ? read_head_dim() : 0;
}

// How one rope_parameters / rope_scaling object scales the derived length
// (_get_and_verify_max_len): every type but su, longrope and llama3 multiplies it by its factor
// (1 when it has none, as GPT-J's "gptj" or Qwen2-VL's "mrope"), except, from v0.30, the YaRN
// names (PR #56446; telechat3-yarn is normalised to yarn at load). Before, "yarn" first reset the
// length to original_max_position_embeddings.
struct builder::rope_length_scaling {
  double factor = 1;
  bool has_factor = false;
  bool yarn = false;
  count_t yarn_original = 0;  // original_max_position_embeddings of a YaRN rope (0: absent)
  bool resets_length = false;  // "yarn" before v0.30: the length restarts from yarn_original
};

constexpr builder::rope_length_scaling builder::rope_scaling_of(const json::small_object& rp) {
  rope_length_scaling r;
  auto type = r_.of_kind(rp, "rope_type", json::kind::string);
  if (!type) type = r_.of_kind(rp, "type", json::kind::string);
  if (!type) {
    if (reader::has(rp, "factor")) r_.report(errc::config_key_missing, "rope_type");
    return r;
  }
  if (is_one_of(type.found, {"su", "longrope"})) longrope_ = true;
  if (is_one_of(type.found, {"su", "longrope", "llama3"})) return r;
  r.yarn = is_one_of(type.found, {"yarn", "deepseek_yarn", "deepseek_llama_scaling", "telechat3-yarn"});
  if (r.yarn && reader::has(rp, "original_max_position_embeddings"))
    r.yarn_original = r_.require_integer(rp, "original_max_position_embeddings", 1, count_t{1} << 40);
  r.resets_length = type.found.equals("yarn") && r.yarn_original > 0;
  if (!reader::has(rp, "factor")) return r;
  r.has_factor = true;
  r.factor = r_.real(rp, "factor", 1);
  if (!(r.factor >= 1.0 / 1024 && r.factor <= 1024))
    r_.report(errc::config_value_out_of_range, "factor", reported(r.factor), 0, 1024);
  return r;
}

// The RoPE caches vLLM builds, where they are not one of max_model_len x the head in the model
// dtype (get_rope keeps one cache per distinct head size, rotary_dim, length, rope parameters and
// dtype; base.py sizes it length x rotary_dim):
// - none: Nemotron-H's and Jamba's attention layers have no rotary embedding, nor Granite-4.0-H's
//   unless position_embedding_type is "rope" (granitemoehybrid.py);
// - Gemma 3 (gemma3.py): the sliding layers' default rope at rope_local_base_freq, and the
//   others' rope of the config, whose linear scaling (LinearScalingRotaryEmbedding) holds
//   max_position_embeddings x factor positions: Gemma-3-27B 131,072 x 128 + 1,048,576 x 128;
// - Gemma 4 (gemma4.py): the sliding layers' of head_dim and the full layers' proportional rope,
//   which spans global_head_dim whatever partial_rotary_factor (Gemma4RotaryEmbedding);
// - partial rotary embeddings: rotary_dim = int(head_size x partial_rotary_factor), the key at
//   the top level or in rope_parameters (Qwen3-Next, Qwen3.5, GLM-4.5: 0.25 - 0.5), or the
//   config's rotary_dim (MiniMax);
// - MRoPE (Qwen2-VL, Qwen2.5-VL, Qwen3-VL, Qwen3.5): four times the positions;
// - gpt-oss and MiniMax-Text-01 / M1 build theirs in float32 (get_rope(dtype=torch.float32)).
constexpr std::optional<count_t> builder::rope_cache_bytes(const model& m) {
  if (rules_.kind == arch::nemotron_h || rules_.model_type == "jamba") return count_t{0};
  if (rules_.model_type == "granitemoehybrid") {  // a rotary embedding only when the config asks
    const auto pe = r_.of_kind(text_, "position_embedding_type", json::kind::string);
    if (!pe || !pe.found.equals("rope")) return count_t{0};
  }
  // A YaRN rope caches original_max_position_embeddings x factor positions whatever length the
  // release derives (YaRNScalingRotaryEmbedding, DeepseekScalingRotaryEmbedding).
  const count_t length = yarn_rope_positions_ > 0 ? yarn_rope_positions_ : m.max_model_len;
  count_t element = element_bytes(m.torch_dtype);
  auto rp = r_.of_kind(text_, "rope_parameters", json::kind::object);
  if (!rp) rp = r_.of_kind(text_, "rope_scaling", json::kind::object);
  if (rules_.kind == arch::gemma3) {
    count_t head = 0;
    for (const layer_type& t : m.layers.types) head = max_of(head, count_t{t.head_size});
    double factor = 1;
    if (rp) {
      const json::small_object params(rp.found);
      const auto full = r_.of_kind(params, "full_attention", json::kind::object);
      const json::small_object global = full ? json::small_object(full.found) : params;
      const auto type = r_.of_kind(global, "rope_type", json::kind::string);
      if (type && type.found.equals("linear")) factor = r_.real(global, "factor", 1);
    }
    return (length * head + static_cast<count_t>(static_cast<double>(length) * factor) * head) * element;
  }
  if (rules_.kind == arch::gemma4) {
    // One cache per head size: the sliding layers' head_dim, the full layers' global_head_dim.
    count_t sliding = 0, full = 0;
    for (const layer_type& t : m.layers.types) {
      if (t.kind == layer_kind::sliding_window) sliding = t.head_size;
      else if (is_attention(t.kind)) full = t.head_size;
    }
    return length * (sliding == full ? sliding : sliding + full) * element;
  }
  double partial = r_.real(text_, "partial_rotary_factor", 0);
  if (partial == 0 && rp) partial = r_.real(json::small_object(rp.found), "partial_rotary_factor", 0);
  const count_t rotary_dim = r_.integer(text_, "rotary_dim", 0, 0);
  // MRoPE (mrope.py) caches 4 x max_position positions "to get a larger cos and sin cache" for
  // long videos; gpt-oss builds its rope in float32 (gpt_oss.py), as MiniMax-Text-01 does.
  const bool mrope = rp && reader::has(json::small_object(rp.found), "mrope_section");
  const bool float32 = rules_.kind == arch::gpt_oss || rules_.kind == arch::minimax_linear;
  if (partial == 0 && rotary_dim == 0 && !mrope && !float32 && length == m.max_model_len) return std::nullopt;
  if (float32) element = 4;
  if (partial == 0) partial = 1;
  count_t width = 0;
  for (const layer_type& t : m.layers.types) {
    if (is_latent_attention(t.kind)) width = max_of(width, count_t{t.qk_rope_head_dim});
    else if (is_attention(t.kind))
      width = max_of(width, rotary_dim > 0 ? rotary_dim : static_cast<count_t>(static_cast<double>(t.head_size) * partial));
  }
  return (mrope ? 4 : 1) * length * width * element;
}

constexpr count_t builder::read_max_model_len() {
  constexpr json::chars keys[] = {"max_position_embeddings", "n_positions",   "max_seq_len",
                                       "seq_length",              "model_max_length", "max_target_positions",
                                       "max_sequence_length",     "max_seq_length", "seq_len"};
  constexpr count_t limit = count_t{1} << 40;
  count_t derived = 0;
  for (const json::chars k : keys) {
    if (!reader::has(text_, k)) continue;
    const count_t v = r_.as_integer(text_.find(k).found, k, 1, limit);
    if (derived == 0 || v < derived) derived = v;
  }
  if (reader::has(text_, "model_max_length")) derived = r_.integer(text_, "model_max_length", 0, 1, limit);
  if (derived == 0) {
    r_.report(errc::config_key_missing, "max_position_embeddings");
    return 1;
  }
  // Gemma 3's max_position_embeddings is already the scaled length.
  if (rules_.kind == arch::gemma3) return derived;
  auto rp = r_.of_kind(text_, "rope_parameters", json::kind::object);
  if (!rp) rp = r_.of_kind(text_, "rope_scaling", json::kind::object);
  if (!rp || !r_.ok()) return derived;
  const json::small_object params(rp.found);
  // Transformers v5 nests rope_parameters by layer type ({"full_attention": {...}, ...}): all
  // layer types share one factor (vLLM takes the last one that sets it). A null entry is a layer
  // type without RoPE (NoPE layers, {"full_attention": null, "sliding_attention": {...}}); vLLM's
  // test_get_and_verify_max_len_with_nope_layers scales by the other entries.
  bool nested = params.size() > 0;
  bool any_entry = false;
  for (std::uint32_t i = 0; i < params.indexed(); ++i) {
    const auto v = params.member_value(i);
    nested = nested && (v.is_object() || v.is_null());
    any_entry = any_entry || v.is_object();
  }
  nested = nested && any_entry;
  // vLLM takes the last factor a layer type sets; the release decides whether YaRN's counts.
  double factor = 1, rescaled_factor = 1;
  count_t rescaled = derived;
  const auto scale_by = [&](const json::small_object& one) {
    const rope_length_scaling r = rope_scaling_of(one);
    if (r.resets_length) rescaled = r.yarn_original;
    if (r.has_factor) rescaled_factor = r.factor;
    if (r.has_factor && !r.yarn) factor = r.factor;
    if (r.yarn && r.has_factor) {
      const count_t original = r.yarn_original > 0 ? r.yarn_original : derived;
      yarn_rope_positions_ = static_cast<count_t>(static_cast<double>(original) * r.factor);
    }
  };
  if (nested) {
    for (std::uint32_t i = 0; i < params.indexed(); ++i)
      if (!params.member_value(i).is_null()) scale_by(json::small_object(params.member_value(i)));
  } else {
    scale_by(params);
  }
  const double scaled = static_cast<double>(derived) * factor;
  const double rescaled_scaled = static_cast<double>(rescaled) * rescaled_factor;
  if (!(scaled >= 1 && scaled < static_cast<double>(limit) && rescaled_scaled >= 1 &&
        rescaled_scaled < static_cast<double>(limit))) {
    r_.report(errc::config_value_out_of_range, "factor", reported(rescaled_factor), 0, 1024);
    return 1;
  }
  // Python's int(): truncation.
  if (static_cast<count_t>(rescaled_scaled) != static_cast<count_t>(scaled))
    rescaled_yarn_len_ = static_cast<count_t>(rescaled_scaled);
  return static_cast<count_t>(scaled);
}

constexpr dtype builder::read_dtype() {
  // torch_dtype (transformers 4) or dtype (transformers 5), top level first.
  auto v = r_.of_kind(root_, "torch_dtype", json::kind::string);
  const auto d = r_.of_kind(root_, "dtype", json::kind::string);
  if (v && d && v.found.raw() != d.found.raw()) r_.report(errc::config_dtype_keys_disagree, "dtype");
  if (!v) v = d;
  if (!v) v = r_.of_kind(text_, "torch_dtype", json::kind::string);
  if (!v) v = r_.of_kind(text_, "dtype", json::kind::string);
  if (!v || is_one_of(v.found, {"float32", "float"})) return dtype::bfloat16;  // --dtype auto
  if (v.found.equals("bfloat16")) return dtype::bfloat16;
  if (is_one_of(v.found, {"float16", "half"})) return rules_.float16_unsupported ? dtype::bfloat16 : dtype::float16;
  r_.report(errc::config_value_not_supported, "torch_dtype");
  return dtype::bfloat16;
}

// ModelOpt's own layout nests quant_algo under "quantization"; vLLM's normaliser raises
// "Unknown ModelOpt quant algo" for MIXED_PRECISION there.
constexpr bool nested_algo(const json::object& qc) { return reader::has(qc, "quantization"); }

// The format of the MLP layers of a ModelOpt MIXED_PRECISION checkpoint: the quant_algo most of
// its quantized_layers entries whose names have "mlp" or "experts" take (NVFP4 and W4A16_NVFP4
// store nvfp4, FP8 and MXFP8 fp8).
constexpr dtype mixed_precision_mlp_format(const json::object& qc) {
  dtype format = dtype::nvfp4;
  const auto layers = qc.find("quantized_layers");
  if (!layers || !layers.found.is_object()) return format;
  // The format most MLP and expert tensors take (the bulk of the weights; MiniMax-M3's dense
  // layers and shared experts are MXFP8, its routed experts NVFP4), over every entry.
  std::int64_t fp4 = 0, fp8 = 0;
  for (json::members l(layers.found); !l.done(); l.next()) {
    const std::string_view name = l.key();
    if (name.find("mlp") == std::string_view::npos && name.find("experts") == std::string_view::npos) continue;
    if (!l.get().is_object()) continue;
    const json::small_object entry(l.get());
    const auto algo = entry.find("quant_algo");
    if (!algo || !algo.found.is_string()) continue;
    ++(algo.found.raw().find("FP4") != std::string_view::npos ? fp4 : fp8);
  }
  if (fp4 + fp8 > 0) format = fp4 >= fp8 ? dtype::nvfp4 : dtype::fp8_e4m3;
  return format;
}

// NVIDIA's ModelOpt MoE checkpoints list, layer by layer, the modules they leave in the model
// dtype ("ignore" or "exclude_modules"): the attention ("layers.N.self_attn*", "linear_attn*"),
// the shared experts or dense MLP ("mlp.shared_expert*", "shared_experts*", "mlp*"), or whole
// layers ("layers.N.*"): Qwen3.5's NVFP4, GLM-5.x's, Kimi K2.6's, MiniMax-M2.5's, Gemma 4
// 26B-A4B's. Where nine layers in ten keep their attention, and their shared or dense MLP where
// the model has one, only the routed experts are quantized (a first dense layer may not be
// listed).
constexpr builder::kept_layers builder::unquantized_layers(const json::object& qc) {
  if (!routed_ || layers_.num_layers <= 0) return {};
  auto list = r_.of_kind(qc, "ignore", json::kind::array);
  if (!list) list = r_.of_kind(qc, "exclude_modules", json::kind::array);
  if (!list) return {};
  constexpr std::int64_t most = 1024;
  bool attention[most]{};
  bool whole_attention[most]{};
  bool mlp[most]{};
  for (json::elements e(list.found); !e.done(); e.next()) {
    if (!e.get().is_string()) continue;
    const std::string_view p = e.get().raw();
    // The decoder's layers only: not a vision tower's or the MTP layers'.
    if (p.find("vision") != std::string_view::npos || p.find("visual") != std::string_view::npos ||
        p.starts_with("mtp") || p.find(".mtp") != std::string_view::npos)
      continue;
    const std::size_t at = p.find("layers.");
    if (at == std::string_view::npos) continue;
    std::size_t i = at + 7;
    std::int64_t index = 0;
    const std::size_t digits = i;
    while (i < p.size() && p[i] >= '0' && p[i] <= '9' && index < most) index = index * 10 + (p[i++] - '0');
    if (i == digits || index >= most || i >= p.size() || p[i] != '.') continue;
    const std::string_view rest = p.substr(i + 1);
    const bool whole = rest == "*";
    attention[index] = attention[index] || whole || rest.starts_with("self_attn") || rest.starts_with("linear_attn");
    whole_attention[index] = whole_attention[index] || whole || rest == "self_attn*" || rest == "self_attn";
    // Llama 4 names its MLPs feed_forward: the dense ones, and the MoE layers' shared_expert.
    mlp[index] = mlp[index] || whole || rest.starts_with("shared_expert") || rest.starts_with("mlp.shared_expert") ||
                 rest == "mlp*" || rest == "mlp" ||
                 (rest.starts_with("feed_forward") && !rest.starts_with("feed_forward.experts"));
  }
  std::int64_t kept_attention = 0, kept_whole = 0, kept_mlp = 0;
  for (std::int64_t l = 0; l < min_of(std::int64_t{layers_.num_layers}, most); ++l) {
    kept_attention += attention[l] ? 1 : 0;
    kept_whole += whole_attention[l] ? 1 : 0;
    kept_mlp += mlp[l] ? 1 : 0;
  }
  const std::int64_t needed = (9 * std::int64_t{layers_.num_layers} + 9) / 10;
  return {kept_attention >= needed, kept_whole >= needed, widest_mlp_ == 0 || kept_mlp >= needed};
}

constexpr void builder::read_quantization(checkpoint& c, dtype model_dtype) {
  c.format = model_dtype;
  auto q = r_.of_kind(root_, "quantization_config", json::kind::object);
  if (!q) q = r_.of_kind(text_, "quantization_config", json::kind::object);
  if (!q) q = r_.of_kind(root_, "compression_config", json::kind::object);
  if (!q) return;
  const json::object qc(q.found);
  // ModelOpt's own layout ({"producer": {"name": "modelopt"}, "quantization": {...}}) or the
  // Hugging Face one ({"quant_method": "modelopt", "quant_algo": ...}).
  json::value algo_holder = qc.self();
  bool modelopt = false;
  if (const auto nested = r_.of_kind(qc, "quantization", json::kind::object)) {
    algo_holder = nested.found;
    modelopt = true;
  }
  const json::object holder(algo_holder);
  const auto method = r_.of_kind(qc, "quant_method", json::kind::string);
  if (method && method.found.equals("modelopt")) modelopt = true;
  if (modelopt || (method && method.found.equals("modelopt_fp4"))) {
    const auto algo = r_.of_kind(holder, "quant_algo", json::kind::string);
    if (method && method.found.equals("modelopt_fp4")) {
      c.format = dtype::nvfp4;
      c.quantization = "modelopt_fp4";
    } else if (algo && is_one_of(algo.found, {"FP8", "fp8", "FP8_PER_CHANNEL_PER_TOKEN", "FP8_PB_WO"})) {
      c.format = dtype::fp8_e4m3;
      c.quantization = "modelopt";
    } else if (algo && is_one_of(algo.found, {"NVFP4", "nvfp4"})) {
      c.format = dtype::nvfp4;
      c.quantization = "modelopt_fp4";
    } else if (algo && algo.found.equals("MIXED_PRECISION") && !nested_algo(qc)) {
      // ModelOptMixedPrecisionConfig: a quant_algo per layer in quantized_layers. The format
      // taken for the bulk is the MLP's (the widest layers); attention layers in FP8 are larger
      // than NVFP4 ones, which this under-counts.
      c.quantization = "modelopt_mixed";
      c.format = mixed_precision_mlp_format(qc);
    } else {
      r_.report(errc::config_value_not_supported, "quant_algo");
      return;
    }
    if (c.quantization != "modelopt_mixed") {
      // Attention and MLPs kept: the experts alone are quantized. Attention alone kept, on an MLA
      // model: its projections, and o_proj with them where the list names all of self_attn
      // (nvidia/Kimi-K2.5-NVFP4) rather than its parts (nvidia/DeepSeek-V3.2-NVFP4).
      const kept_layers kept = unquantized_layers(qc);
      c.experts_only = kept.attention && kept.mlp;
      c.mla_unquantized = kept.attention && !kept.mlp && layers_.has(layer_kind::mla);
      c.mla_output_unquantized = c.mla_unquantized && kept.whole_attention;
    }
    // With --kv-cache-dtype auto, the checkpoint's KV scheme (get_kv_cache_quant_algo_string):
    // kv_cache_scheme or kv_cache_quant_algo, nested or at the top; 8-bit floats are fp8_e4m3.
    for (const json::object* o : {&holder, &qc}) {
      for (const json::chars key : {json::chars("kv_cache_scheme"), json::chars("kv_cache_quant_algo")}) {
        if (!reader::has(*o, key) || c.kv_cache_scheme) continue;
        const json::value v = o->find(key).found;
        if (v.is_string() && (v.equals("FP8") || v.equals("fp8"))) c.kv_cache_scheme = cache_dtype::fp8_e4m3;
        if (v.is_object()) {
          const json::small_object scheme(v);
          const auto type = r_.of_kind(scheme, "type", json::kind::string);
          if (type && type.found.equals("float") && r_.integer(scheme, "num_bits", 0, 0, 64) == 8)
            c.kv_cache_scheme = cache_dtype::fp8_e4m3;
        }
      }
    }
    return;
  }
  if (!method) {
    r_.report(errc::config_key_missing, "quant_method");
    return;
  }
  const json::value m = method.found;
  if (m.equals("fp8")) {
    c.format = dtype::fp8_e4m3;
    c.quantization = "fp8";
    // weight_block_size [n, k]: a scale per n x k block; without it, per tensor (AutoFP8).
    c.group_size = -1;
    if (const auto block = r_.of_kind(qc, "weight_block_size", json::kind::array)) {
      std::int32_t at = 0;
      for (json::elements e(block.found); !e.done(); e.next(), ++at)
        if (at == 1) c.group_size = static_cast<std::int32_t>(r_.as_integer(e.get(), "weight_block_size", 1, int32_max));
    }
    // DeepSeek-V4's experts are FP4 (e2m1 with a ue8m0 scale per 32: MXFP4's layout), the rest
    // FP8. kvplan sizes the experts as mxfp4 and the rest in the model dtype, which over-counts
    // the non-expert weights (a few percent of the model) by 2x.
    if (const auto experts = r_.of_kind(text_, "expert_dtype", json::kind::string); experts && experts.found.equals("fp4"))
      c.format = dtype::mxfp4;
  } else if (m.equals("fbgemm_fp8")) {
    c.format = dtype::fp8_e4m3;
    c.quantization = "fbgemm_fp8";
  } else if (m.equals("mxfp4")) {
    c.format = dtype::mxfp4;
    c.quantization = "mxfp4";
  } else if (is_one_of(m, {"compressed-tensors", "compressed_tensors"})) {
    c.quantization = "compressed-tensors";
    // The weights of the first config group decide the format.
    bool found = false;
    if (const auto groups = r_.of_kind(qc, "config_groups", json::kind::object)) {
      const json::small_object g(groups.found);
      if (g.indexed() > 0 && g.member_value(0).is_object()) {
        const json::small_object group(g.member_value(0));
        if (const auto w = r_.of_kind(group, "weights", json::kind::object)) {
          const json::small_object weights(w.found);
          const std::int64_t bits = r_.require_integer(weights, "num_bits", 1, 64);
          const auto type = r_.of_kind(weights, "type", json::kind::string);
          const bool is_float = type && type.found.equals("float");
          found = true;
          // 4-bit floats in groups of 32 are MXFP4 (format mxfp4-pack-quantized), of 16 NVFP4;
          // integer groups: null or -1 means per channel.
          const std::int64_t group_size = r_.integer(weights, "group_size", -1, -1, 1 << 20);
          const bool mx = group_size == 32;
          if (bits == 8) c.format = is_float ? dtype::fp8_e4m3 : dtype::int8;
          else if (bits == 4) c.format = is_float ? (mx ? dtype::mxfp4 : dtype::nvfp4) : dtype::int4;
          else r_.report(errc::config_value_not_supported, "num_bits");
          // Integer weights: group_size (null: per channel), symmetric (no zero points).
          if (!is_float) {
            c.group_size = static_cast<std::int32_t>(group_size <= 0 ? -1 : group_size);
            c.zero_points = !r_.boolean(weights, "symmetric", true);
          }
        }
      }
    }
    if (!found) r_.report(errc::config_key_missing, "config_groups");
    // An integer scheme whose ignore list keeps every layer's attention and shared experts out
    // (regexes without a layer index: Kimi K2.5's "re:.*self_attn.*", "re:.*shared_experts.*")
    // quantizes the routed experts only: kvplan sizes the rest in the model dtype.
    if (c.format == dtype::int4 || c.format == dtype::int8) {
      bool attention = false, shared = false;
      if (const auto ignore = r_.of_kind(qc, "ignore", json::kind::array))
        for (json::elements e(ignore.found); !e.done(); e.next()) {
          if (!e.get().is_string()) continue;
          const std::string_view p = e.get().raw();
          const bool every_layer = p.starts_with("re:.*") && p.find_first_of("0123456789") == std::string_view::npos &&
                                   p.find("vision") == std::string_view::npos && p.find("visual") == std::string_view::npos;
          attention = attention || (every_layer && p.find("self_attn") != std::string_view::npos);
          shared = shared || (every_layer && p.find("shared_expert") != std::string_view::npos);
        }
      c.experts_only = attention && shared;
    }
    // Any scheme whose ignore list names every layer's attention and dense or shared-expert MLPs
    // module by module (Llama-4-Maverick-17B-128E-Instruct-FP8: each layer's q, k, v and o_proj,
    // feed_forward.router and shared_expert or dense feed_forward) quantizes the experts only.
    if (!c.experts_only) {
      const kept_layers kept = unquantized_layers(qc);
      c.experts_only = kept.attention && kept.mlp;
    }
    if (const auto kv = r_.of_kind(qc, "kv_cache_scheme", json::kind::object)) {
      const json::small_object s(kv.found);
      const auto type = r_.of_kind(s, "type", json::kind::string);
      if (r_.integer(s, "num_bits", 0, 0, 64) == 8 && type && type.found.equals("float"))
        c.kv_cache_scheme = cache_dtype::fp8_e4m3;
      else
        r_.report(errc::config_value_not_supported, "kv_cache_scheme");
    }
  } else if (is_one_of(m, {"awq", "gptq", "awq_marlin", "gptq_marlin"})) {
    c.quantization = m.equals("awq") ? "awq" : m.equals("gptq") ? "gptq" : m.equals("awq_marlin") ? "awq_marlin" : "gptq_marlin";
    const std::int64_t bits = r_.integer(qc, "bits", r_.integer(qc, "w_bit", 4, 1, 64), 1, 64);
    if (bits == 4) c.format = dtype::int4;
    else if (bits == 8) c.format = dtype::int8;
    else r_.report(errc::config_value_not_supported, "bits");
    // Groups of group_size (q_group_size in AutoAWQ's older key; -1: per channel); AWQ stores a
    // zero point per group unless zero_point is false, GPTQ only when sym is false.
    const std::int64_t group = r_.integer(qc, "group_size", r_.integer(qc, "q_group_size", 128, -1, 1 << 20), -1, 1 << 20);
    c.group_size = static_cast<std::int32_t>(group <= 0 ? -1 : group);
    c.zero_points = m.equals("awq") || m.equals("awq_marlin") ? r_.boolean(qc, "zero_point", true)
                                                               : !r_.boolean(qc, "sym", true);
  } else {
    r_.report(errc::config_value_not_supported, "quant_method");
  }
}

constexpr params::attention_shape builder::attention_shape() const {
  params::attention_shape a;
  a.hidden = c_.hidden;
  a.heads = c_.heads;
  a.kv_heads = c_.kv_heads;
  a.head_dim = c_.head_dim;
  a.qkv_bias = rules_.qkv_bias;
  a.o_bias = false;
  a.norm = rules_.qk_norm;
  return a;
}

constexpr moe_shape builder::read_moe() {
  moe_shape m;
  // DBRX keeps its experts in ffn_config.
  if (const auto ffn = r_.of_kind(text_, "ffn_config", json::kind::object)) {
    const json::small_object f(ffn.found);
    m.experts = r_.require_integer(f, "moe_num_experts");
    m.top_k = r_.require_integer(f, "moe_top_k", 1, m.experts);
    m.intermediate = r_.require_integer(f, "ffn_hidden_size");
    return m;
  }
  // get_num_experts: num_experts, moe_num_experts, n_routed_experts, num_local_experts.
  // 0 experts: a dense model.
  if (reader::has(text_, "num_experts")) m.experts = r_.integer(text_, "num_experts", 0);
  else if (reader::has(text_, "moe_num_experts")) m.experts = r_.integer(text_, "moe_num_experts", 0);
  else if (reader::has(text_, "n_routed_experts")) m.experts = r_.integer(text_, "n_routed_experts", 0);
  else if (reader::has(text_, "num_local_experts")) m.experts = r_.integer(text_, "num_local_experts", 0);
  if (m.experts == 0) return m;
  m.top_k = r_.require_integer(text_, "num_experts_per_tok", 1, m.experts);
  m.intermediate = reader::has(text_, "moe_intermediate_size") ? r_.require_integer(text_, "moe_intermediate_size")
                                                                : r_.require_integer(text_, "intermediate_size");
  m.routing_bias = rules_.routing_bias;
  return m;
}

// The experts every MoE layer of the model runs, with n_shared_experts shared ones beside the
// routed (DeepSeek-style MoE blocks).
constexpr void builder::use_experts(moe_shape experts) {
  const std::int64_t n_shared = r_.integer(text_, "n_shared_experts", 0);
  if (n_shared > 0) {
    experts.shared = params::mlp(c_.hidden, n_shared * experts.intermediate);
    experts.shared_intermediate = n_shared * experts.intermediate;
  }
  moe_ = experts;
  moe_ready_ = true;
}

constexpr bool builder::moe_layer(std::int64_t i) {
  switch (rules_.moe) {
    case moe_rule::none: return false;
    case moe_rule::every_layer: return true;
    case moe_rule::sparse_step: {
      // Qwen2MoeDecoderLayer: not in mlp_only_layers, and (i + 1) % decoder_sparse_step == 0.
      if (const auto only = r_.of_kind(text_, "mlp_only_layers", json::kind::array)) {
        for (json::elements e(only.found); !e.done(); e.next())
          if (r_.as_integer(e.get(), "mlp_only_layers", 0, int32_max) == i) return false;
      }
      return (i + 1) % moe_step_ == 0;
    }
    case moe_rule::first_k_dense: return i >= moe_first_ && i % moe_freq_ == 0;
    case moe_rule::interleave: {
      if (const auto list = r_.of_kind(text_, "moe_layers", json::kind::array)) {
        for (json::elements e(list.found); !e.done(); e.next())
          if (r_.as_integer(e.get(), "moe_layers", 0, int32_max) == i) return true;
        return false;
      }
      return (i + 1) % moe_step_ == 0;
    }
  }
  return false;
}

// The MoE of this model, with its shared experts: read on first use.
constexpr const moe_shape& builder::moe() {
  if (moe_ready_) return moe_;
  moe_ready_ = true;
  moe_first_ = r_.integer(text_, "first_k_dense_replace", 0, 0);
  moe_freq_ = r_.integer(text_, "moe_layer_freq", 1, 1);
  moe_step_ = rules_.moe == moe_rule::interleave ? r_.integer(text_, "interleave_moe_layer_step", 1, 1)
                                                 : r_.integer(text_, "decoder_sparse_step", 1, 1);
  moe_shape m = read_moe();
  if (m.experts == 0) {
    moe_ = m;
    return moe_;
  }
  switch (rules_.kind) {
    case arch::gpt_oss:
      m.expert_bias = true;
      m.router_bias = true;
      break;
    case arch::llama4:
      m.shared = params::mlp(c_.hidden, m.intermediate);
      m.shared_intermediate = m.intermediate;
      break;
    case arch::mla:
      // DeepSeek-V3 routers (topk_method noaux_tc) keep a correction bias per expert.
      if (const auto method = r_.of_kind(text_, "topk_method", json::kind::string))
        m.routing_bias = method.found.equals("noaux_tc");
      break;
    default: break;
  }
  if (rules_.model_type == "minimax_m2") m.routing_bias = r_.boolean(text_, "use_routing_bias", false);
  // Shared experts: DeepSeek / GLM n_shared_experts x moe_intermediate_size; Qwen a
  // shared_expert_intermediate_size expert with a sigmoid gate.
  const std::int64_t n_shared = r_.integer(text_, "n_shared_experts", 0);
  if (n_shared > 0) {
    m.shared = m.shared + params::mlp(c_.hidden, n_shared * m.intermediate);
    m.shared_intermediate += n_shared * m.intermediate;
  }
  const std::int64_t shared_size = r_.integer(text_, "shared_expert_intermediate_size", 0);
  if (shared_size > 0) {
    m.shared = m.shared + params::mlp(c_.hidden, shared_size) + c_.hidden;
    m.shared_intermediate += shared_size;
  }
  moe_ = m;
  return moe_;
}

// The feed-forward of layer i: routed experts (and shared ones) or a dense MLP.
// One layer's feed-forward where the config lists which layers are MoE: the model's experts
// (moe_) where `routed`, else a dense gated MLP of dense_intermediate.
constexpr void builder::add_routed_or_dense(bool routed, std::int64_t dense_intermediate) {
  if (routed && moe_.experts > 0) {
    add_moe(t_, c_.hidden, moe_);
    routed_ = true;
    widest_mlp_ = max_of(widest_mlp_, moe_.shared_intermediate);
    return;
  }
  t_.total += params::mlp(c_.hidden, dense_intermediate);
  widest_mlp_ = max_of(widest_mlp_, dense_intermediate);
}

constexpr void builder::add_ffn(std::int64_t i, std::int64_t dense_intermediate, bool gated, bool bias) {
  if (rules_.moe != moe_rule::none && moe().experts > 0 && moe_layer(i)) {
    add_routed_or_dense(true, 0);
    return;
  }
  widest_mlp_ = max_of(widest_mlp_, dense_intermediate);
  if (rules_.moe == moe_rule::every_layer && dense_intermediate == 0) {
    r_.report(errc::config_key_missing, "num_local_experts");
    return;
  }
  t_.total += params::mlp(c_.hidden, dense_intermediate, gated, bias);
}

constexpr void builder::check_unknown_type() {
  for (const json::chars k : model_specific_keys) {
    if (reader::has(text_, k)) {
      r_.report(errc::config_key_not_understood, k);
      return;
    }
  }
  if (r_.boolean(text_, "use_sliding_window", false)) r_.report(errc::config_key_not_understood, "use_sliding_window");
  // layer_types of other kinds than full and sliding attention.
  if (const auto types = r_.of_kind(text_, "layer_types", json::kind::array)) {
    for (json::elements e(types.found); !e.done(); e.next())
      if (!is_one_of(e.get(), {"full_attention", "sliding_attention"})) {
        r_.report(errc::config_key_not_understood, "layer_types");
        return;
      }
  }
}

// --- the architectures -------------------------------------------------------------------

// Attention in every layer: plain decoders, Phi, Gemma 2 / 3, gpt-oss.
constexpr void builder::attention_decoder() {
  read_common(true, true);
  if (!r_.ok()) return;
  const arch k = rules_.kind;
  // The window: sliding_window, unless use_sliding_window is false (Qwen2's config class then
  // sets it to None). A Qwen2-style per-layer window (max_window_layers) is not read.
  std::int64_t window = 0;
  if (reader::has(text_, "sliding_window") && r_.boolean(text_, "use_sliding_window", true))
    window = r_.require_integer(text_, "sliding_window");
  if (reader::has(text_, "use_sliding_window") && r_.boolean(text_, "use_sliding_window", false) &&
      k == arch::decoder && reader::has(text_, "max_window_layers"))
    r_.report(errc::config_value_not_supported, "use_sliding_window");
  const auto types = r_.of_kind(text_, "layer_types", json::kind::array);
  std::int64_t pattern = 0;
  if (k == arch::gemma3 && !types) pattern = r_.integer(text_, "sliding_window_pattern", 6, 1);
  if (types && types.found.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "layer_types", types.found.size(), c_.layers);
  if ((k == arch::gemma2 || k == arch::gemma3 || k == arch::gpt_oss) && window == 0)
    r_.report(errc::config_key_missing, "sliding_window");
  // Is any layer sliding? vLLM applies a model-wide window to every layer that does not set
  // its own only when the model is not interleaved (layer_types of one kind).
  if (!r_.ok()) return;

  params::attention_shape a = attention_shape();
  if (rules_.bias_from_key) a.qkv_bias = a.o_bias = r_.boolean(text_, "attention_bias", false);
  if (rules_.qkv_bias_from_key) a.qkv_bias = r_.boolean(text_, "attention_bias", false);
  if (rules_.qk_norm_from_key && !r_.boolean(text_, "use_qk_norm", false)) a.norm = params::attention_shape::qk_norm::none;
  bool qk_layernorm = false;
  if (k == arch::gpt_oss) {
    a.qkv_bias = a.o_bias = true;
    a.sinks = true;
  }
  if (k == arch::phi) {
    a.qkv_bias = a.o_bias = rules_.legacy != legacy_block::gptj;
    qk_layernorm = r_.boolean(text_, "qk_layernorm", false);
  }
  const std::int64_t intermediate = rules_.moe == moe_rule::every_layer ? 0
                                    : rules_.mlp_4x_default && !reader::has(text_, "intermediate_size")
                                        ? 4 * c_.hidden
                                        : r_.require_integer(text_, "intermediate_size");
  const bool mlp_bias = k == arch::phi || (rules_.mlp_bias_from_key && r_.boolean(text_, "mlp_bias", false));
  const param_count attention = params::attention(a) + (qk_layernorm ? param_count{c_.head_dim} * 4 : param_count{});
  // Phi: one LayerNorm with bias (GPT-2: two); others RMSNorms.
  const param_count norms = k == arch::phi ? param_count{c_.hidden} * (rules_.legacy == legacy_block::gpt2 ? 4 : 2)
                                           : param_count{c_.hidden} * rules_.norms_per_layer;

  // Laguna: query heads per layer (num_attention_heads_per_layer) and a per-head output gate.
  const auto heads_per_layer = r_.of_kind(text_, "num_attention_heads_per_layer", json::kind::array);
  if (heads_per_layer && heads_per_layer.found.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "num_attention_heads_per_layer", heads_per_layer.found.size(), c_.layers);
  json::elements heads_cursor = heads_per_layer ? json::elements(heads_per_layer.found) : json::elements{};
  // gating: "per-head" (or the older true) is softplus(g_proj(x)) with one gate per head.
  bool head_gate = false;
  if (rules_.model_type == "laguna" && reader::has(text_, "gating")) {
    const json::value g = text_.find("gating").found;
    head_gate = g.is_string() ? is_one_of(g, {"per-head", "per_head"}) : r_.boolean(text_, "gating", false);
  }

  json::elements type_cursor = types ? json::elements(types.found) : json::elements{};
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool sliding = false;
    if (types) {
      const json::value t = type_cursor.get();
      if (t.equals("sliding_attention")) sliding = true;
      else if (!t.equals("full_attention")) r_.report(errc::config_value_not_supported, "layer_types");
      type_cursor.next();
    } else if (k == arch::gemma2 || k == arch::gpt_oss) {
      sliding = i % 2 == 0;
    } else if (k == arch::gemma3) {
      sliding = (i + 1) % pattern != 0;
    } else if (rules_.model_type == "exaone4") {
      sliding = exaone4_sliding(i);
    } else {
      sliding = window > 0;
    }
    if (sliding && window == 0) r_.report(errc::config_key_missing, "sliding_window");
    const auto kv = static_cast<std::int32_t>(c_.kv_heads);
    const auto hd = static_cast<std::int32_t>(c_.head_dim);
    add_layer(r_, layers_, sliding ? sliding_window(kv, hd, static_cast<std::int32_t>(window)) : full_attention(kv, hd));
    if (heads_per_layer || head_gate) {
      params::attention_shape own = a;
      if (heads_per_layer) {
        own.heads = r_.as_integer(heads_cursor.get(), "num_attention_heads_per_layer", 1, int32_max);
        heads_cursor.next();
      }
      t_.total += params::attention(own) + (head_gate ? params::linear(c_.hidden, own.heads) : param_count{}) + norms;
    } else {
      t_.total += attention + norms;
    }
    add_ffn(i, intermediate, k != arch::phi, mlp_bias);
  }
  // The final LayerNorm's bias, and Phi's lm_head bias or GPT-2's learned position embeddings.
  if (k == arch::phi) t_.total += c_.hidden + (rules_.legacy == legacy_block::gpt2 ? r_.require_integer(text_, "max_position_embeddings") * c_.hidden : c_.vocab);
}

// Llama 4: RoPE layers use chunked local attention, NoPE layers full attention.
constexpr void builder::llama4() {
  read_common(true, true);
  if (!r_.ok()) return;
  const std::int64_t chunk = r_.integer(text_, "attention_chunk_size", 0, 1);
  const auto nope_list = r_.of_kind(text_, "no_rope_layers", json::kind::array);
  const bool listed = nope_list && nope_list.found.size() > 0;
  if (listed && nope_list.found.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "no_rope_layers", nope_list.found.size(), c_.layers);
  const std::int64_t interval = r_.integer(text_, "no_rope_layer_interval", 4, 1);
  params::attention_shape a = attention_shape();
  a.qkv_bias = a.o_bias = r_.boolean(text_, "attention_bias", false);
  const std::int64_t dense = r_.require_integer(text_, "intermediate_size_mlp");
  json::elements cursor = listed ? json::elements(nope_list.found) : json::elements{};
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    // no_rope_layers[i] == 0 marks a NoPE (global) layer; the default is every interval-th.
    bool rope = (i + 1) % interval != 0;
    if (listed) {
      rope = r_.as_integer(cursor.get(), "no_rope_layers", 0, 1) != 0;
      cursor.next();
    }
    const auto kv = static_cast<std::int32_t>(c_.kv_heads);
    const auto hd = static_cast<std::int32_t>(c_.head_dim);
    add_layer(r_, layers_, rope && chunk > 0 ? chunked_local(kv, hd, static_cast<std::int32_t>(chunk)) : full_attention(kv, hd));
    t_.total += params::attention(a) + param_count{c_.hidden} * 2;
    add_ffn(i, dense);
  }
}

// Qwen3-Next: Gated DeltaNet layers and gated full-attention layers.
constexpr void builder::qwen3_next() {
  read_common(true, true);
  if (!r_.ok()) return;
  const auto types = r_.of_kind(text_, "layer_types", json::kind::array);
  if (types && types.found.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "layer_types", types.found.size(), c_.layers);
  const std::int64_t interval = types ? 0 : r_.integer(text_, "full_attention_interval", 4, 1);
  const layer_type gdn = gated_deltanet(static_cast<std::int32_t>(r_.require_integer(text_, "linear_num_key_heads")),
                                        static_cast<std::int32_t>(r_.require_integer(text_, "linear_num_value_heads")),
                                        static_cast<std::int32_t>(r_.require_integer(text_, "linear_key_head_dim")),
                                        static_cast<std::int32_t>(r_.require_integer(text_, "linear_value_head_dim")),
                                        static_cast<std::int32_t>(r_.require_integer(text_, "linear_conv_kernel_dim", 2, 64)));
  params::attention_shape a = attention_shape();
  a.gated_q = true;
  a.qkv_bias = a.o_bias = r_.boolean(text_, "attention_bias", false);
  params::gated_deltanet_shape g;
  g.hidden = c_.hidden;
  g.key_heads = gdn.state_key_heads;
  g.value_heads = gdn.state_heads;
  g.key_head_dim = gdn.state_key_dim;
  g.value_head_dim = gdn.state_head_dim;
  g.conv_kernel = gdn.conv_kernel;
  // Every layer of Qwen3.5-MoE is sparse (its config class has no intermediate_size).
  const std::int64_t dense = rules_.moe == moe_rule::every_layer ? r_.integer(text_, "intermediate_size", 0)
                                                                 : r_.require_integer(text_, "intermediate_size");
  // Qwen3.5 keeps the recurrent state in mamba_ssm_dtype (vLLM's Qwen3_5ForConditionalGeneration
  // config hook sets mamba_ssm_cache_dtype from it when the flag is auto).
  if (const auto ssm = r_.of_kind(text_, "mamba_ssm_dtype", json::kind::string)) {
    if (ssm.found.equals("float32")) ssm_dtype_ = dtype::float32;
    else if (ssm.found.equals("bfloat16")) ssm_dtype_ = dtype::bfloat16;
    else if (ssm.found.equals("float16")) ssm_dtype_ = dtype::float16;
  }
  json::elements cursor = types ? json::elements(types.found) : json::elements{};
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool full = (i + 1) % (interval > 0 ? interval : 1) == 0;
    if (types) {
      const json::value t = cursor.get();
      full = t.equals("full_attention");
      if (!full && !t.equals("linear_attention")) r_.report(errc::config_value_not_supported, "layer_types");
      cursor.next();
    }
    add_layer(r_, layers_, full ? full_attention(static_cast<std::int32_t>(c_.kv_heads), static_cast<std::int32_t>(c_.head_dim)) : gdn);
    t_.total += (full ? params::attention(a) : params::gated_deltanet(g)) + param_count{c_.hidden} * 2;
    add_ffn(i, dense);
  }
}

// NemotronH: one mixer per layer, per hybrid_override_pattern.
constexpr void builder::nemotron_h() {
  // The layers: hybrid_override_pattern ("M" Mamba-2, "*" attention, "-" MLP, "E" MoE), or the
  // newer layers_block_type list (NemotronHConfig's attribute_map: layer_types), whose length
  // is the layer count (num_hidden_layers is deprecated there) and whose legacy names "mamba"
  // and "attention" mean linear_attention and full_attention.
  char codes[max_layers]{};
  std::size_t count = 0;
  const auto block_types = r_.of_kind(text_, "layers_block_type", json::kind::array);
  if (block_types) {
    for (json::elements e(block_types.found); !e.done() && r_.ok(); e.next()) {
      const json::value v = e.get();
      if (count == static_cast<std::size_t>(max_layers)) {
        r_.report(errc::config_value_out_of_range, "layers_block_type", static_cast<std::int64_t>(block_types.found.size()), 1, max_layers);
        return;
      }
      codes[count++] = v.equals("mamba") || v.equals("linear_attention")  ? 'M'
                       : v.equals("attention") || v.equals("full_attention") ? '*'
                       : v.equals("mlp")                                     ? '-'
                       : v.equals("moe")                                     ? 'E'
                                                                             : '?';
    }
    if (!reader::has(text_, "num_hidden_layers")) layers_from_list_ = static_cast<std::int64_t>(count);
  }
  read_common(true, true);
  if (!r_.ok()) return;
  const auto pattern = block_types ? decltype(block_types){} : r_.of_kind(text_, "hybrid_override_pattern", json::kind::string);
  if (!pattern && !block_types) {
    r_.report(errc::config_key_missing, "hybrid_override_pattern");
    return;
  }
  const std::string_view p = block_types ? std::string_view(codes, count) : pattern.found.raw();
  if (p.size() != static_cast<std::size_t>(c_.layers))
    r_.report(errc::config_keys_conflict,
              block_types ? json::chars("layers_block_type") : json::chars("hybrid_override_pattern"),
              static_cast<std::int64_t>(p.size()), c_.layers);
  params::mamba2_shape ms;
  ms.hidden = c_.hidden;
  ms.heads = r_.require_integer(text_, "mamba_num_heads");
  ms.head_dim = r_.require_integer(text_, "mamba_head_dim");
  ms.state_size = r_.require_integer(text_, "ssm_state_size");
  ms.n_groups = r_.require_integer(text_, "n_groups");
  ms.conv_kernel = r_.require_integer(text_, "conv_kernel", 2, 64);
  ms.conv_bias = r_.boolean(text_, "use_conv_bias", true);
  ms.proj_bias = r_.boolean(text_, "use_bias", false);
  const layer_type mamba = mamba2(static_cast<std::int32_t>(ms.heads), static_cast<std::int32_t>(ms.head_dim),
                                  static_cast<std::int32_t>(ms.state_size), static_cast<std::int32_t>(ms.n_groups),
                                  static_cast<std::int32_t>(ms.conv_kernel));
  params::attention_shape a = attention_shape();
  a.qkv_bias = a.o_bias = r_.boolean(text_, "attention_bias", false);
  const bool mlp_bias = r_.boolean(text_, "mlp_bias", false);
  const param_count norm = c_.hidden;
  // mamba_ssm_cache_dtype: vLLM's NemotronH hook fills `auto` from the config, else float32.
  ssm_dtype_ = dtype::float32;
  if (const auto d = r_.of_kind(text_, "mamba_ssm_cache_dtype", json::kind::string)) {
    if (d.found.equals("float32")) ssm_dtype_ = dtype::float32;
    else if (d.found.equals("float16")) ssm_dtype_ = dtype::float16;
    else if (d.found.equals("bfloat16")) ssm_dtype_ = dtype::bfloat16;
    else if (!d.found.equals("auto")) r_.report(errc::config_value_not_supported, "mamba_ssm_cache_dtype");
    else ssm_dtype_ = std::nullopt;
  }
  moe_shape experts{};
  bool expert_ready = false;
  for (std::int64_t i = 0; i < c_.layers && i < static_cast<std::int64_t>(p.size()) && r_.ok(); ++i) {
    const char ch = p[static_cast<std::size_t>(i)];
    if (ch == 'M') {
      add_layer(r_, layers_, mamba);
      t_.total += params::mamba2(ms) + norm;
    } else if (ch == '*') {
      add_layer(r_, layers_, full_attention(static_cast<std::int32_t>(c_.kv_heads), static_cast<std::int32_t>(c_.head_dim)));
      t_.total += params::attention(a) + norm;
    } else if (ch == '-') {
      add_layer(r_, layers_, no_cache());
      const std::int64_t inter = r_.require_integer(text_, "intermediate_size");
      t_.total += params::mlp(c_.hidden, inter, false, mlp_bias) + norm;
      widest_mlp_ = max_of(widest_mlp_, inter);
    } else if (ch == 'E') {
      add_layer(r_, layers_, no_cache());
      if (!expert_ready) {
        expert_ready = true;
        experts = read_moe();
        if (experts.experts == 0) r_.report(errc::config_key_missing, "n_routed_experts");
        experts.gated = false;  // ReLU^2 experts: up and down
        experts.routing_bias = true;
        const std::int64_t shared = r_.integer(text_, "moe_shared_expert_intermediate_size", 0);
        experts.shared_intermediate = shared * r_.integer(text_, "n_shared_experts", 1);
        experts.shared = params::mlp(c_.hidden, experts.shared_intermediate, false, mlp_bias);
      }
      add_moe(t_, c_.hidden, experts);
      moe_ = experts;
      routed_ = true;
      widest_mlp_ = max_of(widest_mlp_, experts.shared_intermediate);
      t_.total += norm;
    } else {
      r_.report(errc::config_value_not_supported, "hybrid_override_pattern");
    }
  }
}

// DeciLM / nemotron-nas: block_configs, one per layer; a no_op attention caches nothing.
constexpr void builder::nemotron_nas() {
  read_common(false, false);
  if (!r_.ok()) return;
  if (c_.hidden % c_.heads != 0) {
    r_.report(errc::config_hidden_size_not_divisible_by_heads, "head_dim", c_.hidden, c_.heads);
    return;
  }
  c_.head_dim = c_.hidden / c_.heads;
  const auto blocks = r_.of_kind(text_, "block_configs", json::kind::array);
  if (!blocks) {
    r_.report(errc::config_key_missing, "block_configs");
    return;
  }
  if (blocks.found.size() != static_cast<std::uint32_t>(c_.layers)) {
    r_.report(errc::config_keys_conflict, "block_configs", blocks.found.size(), c_.layers);
    return;
  }
  const bool bias = r_.boolean(text_, "attention_bias", false);
  // Each block is walked once, member by member (no index: the blocks are small and every key is
  // wanted). A key given twice counts by its last value, as in an index.
  for (json::elements e(blocks.found); !e.done() && r_.ok(); e.next()) {
    if (!e.get().is_object()) {
      r_.report(errc::config_key_must_be_an_object, "block_configs");
      return;
    }
    json::value att{};
    json::value ffn{};
    for (json::members m(e.get()); !m.done(); m.next()) {
      if (m.key_is("attention")) att = m.get();
      else if (m.key_is("ffn")) ffn = m.get();
    }
    if (att.doc() == nullptr || !att.is_object()) {
      r_.report(att.doc() == nullptr ? errc::config_key_missing : errc::config_key_must_be_an_object, "attention");
      return;
    }
    if (ffn.doc() == nullptr || !ffn.is_object()) {
      r_.report(ffn.doc() == nullptr ? errc::config_key_missing : errc::config_key_must_be_an_object, "ffn");
      return;
    }
    bool no_op = false;
    bool linear = false;
    std::int64_t group = 0;
    for (json::members m(att); !m.done(); m.next()) {
      if (m.key_is("no_op")) no_op = r_.as_boolean(m.get(), "no_op", false);
      else if (m.key_is("replace_with_linear")) linear = r_.as_boolean(m.get(), "replace_with_linear", false);
      else if (m.key_is("n_heads_in_group")) group = m.get().is_null() ? 0 : r_.as_integer(m.get(), "n_heads_in_group", 1, int32_max);
    }
    if (no_op) {
      add_layer(r_, layers_, no_cache());
    } else if (linear) {
      add_layer(r_, layers_, no_cache());  // a linear layer in place of attention: no cache
      t_.total += params::linear(c_.hidden, c_.hidden) + c_.hidden;
    } else {
      if (group == 0) r_.report(errc::config_key_missing, "n_heads_in_group");
      else if (c_.heads % group != 0) r_.report(errc::config_keys_conflict, "n_heads_in_group", group, c_.heads);
      if (!r_.ok()) return;
      params::attention_shape a = attention_shape();
      a.kv_heads = c_.heads / group;
      a.qkv_bias = a.o_bias = bias;
      add_layer(r_, layers_, full_attention(static_cast<std::int32_t>(a.kv_heads), static_cast<std::int32_t>(c_.head_dim)));
      t_.total += params::attention(a) + c_.hidden;
    }
    bool ffn_no_op = false;
    bool ffn_linear = false;
    double mult = 0;
    for (json::members m(ffn); !m.done(); m.next()) {
      if (m.key_is("no_op")) ffn_no_op = r_.as_boolean(m.get(), "no_op", false);
      else if (m.key_is("replace_with_linear")) ffn_linear = r_.as_boolean(m.get(), "replace_with_linear", false);
      else if (m.key_is("ffn_mult")) mult = r_.as_real(m.get(), "ffn_mult", 0);
    }
    if (ffn_no_op) continue;
    if (ffn_linear) {
      t_.total += params::linear(c_.hidden, c_.hidden) + c_.hidden;
      continue;
    }
    // _ffn_mult_to_intermediate_size: int(2 * ffn_mult * hidden / 3) rounded up to 256.
    if (!(mult > 0 && mult <= 1024)) {
      r_.report(mult == 0 ? errc::config_key_missing : errc::config_value_out_of_range, "ffn_mult",
                reported(mult), 0, 1024);
      return;
    }
    auto inter = static_cast<std::int64_t>(2 * mult * static_cast<double>(c_.hidden) / 3);
    if (inter % 256 != 0) inter += 256 - inter % 256;
    t_.total += params::mlp(c_.hidden, inter) + c_.hidden;
    widest_mlp_ = max_of(widest_mlp_, inter);
  }
}

// MiniMax-M1 / Text-01: lightning attention, with softmax attention where attn_type_list is 1.
constexpr void builder::minimax_linear() {
  read_common(true, true);
  if (!r_.ok()) return;
  auto list = r_.of_kind(text_, "attn_type_list", json::kind::array);
  if (!list) list = r_.of_kind(text_, "decoder_attention_types", json::kind::array);
  const auto types = list ? decltype(list){} : r_.of_kind(text_, "layer_types", json::kind::array);
  const json::value source = list ? list.found : types ? types.found : json::value{};
  if ((list || types) && source.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, list ? json::chars("attn_type_list") : json::chars("layer_types"), source.size(),
              c_.layers);
  const params::attention_shape a = attention_shape();
  const layer_type lightning = linear_attention(static_cast<std::int32_t>(c_.heads), static_cast<std::int32_t>(c_.head_dim));
  json::elements cursor = (list || types) ? json::elements(source) : json::elements{};
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool softmax = true;  // vLLM's default: [1] * num_hidden_layers
    if (list) {
      softmax = r_.as_integer(cursor.get(), "attn_type_list", 0, 1) == 1;
      cursor.next();
    } else if (types) {
      softmax = cursor.get().equals("full_attention");
      if (!softmax && !cursor.get().equals("linear_attention")) r_.report(errc::config_value_not_supported, "layer_types");
      cursor.next();
    }
    add_layer(r_, layers_, softmax ? full_attention(static_cast<std::int32_t>(c_.kv_heads), static_cast<std::int32_t>(c_.head_dim)) : lightning);
    t_.total += (softmax ? params::attention(a) : params::lightning_attention(c_.hidden, c_.heads, c_.head_dim)) +
                param_count{c_.hidden} * 2;
    add_ffn(i, 0);
  }
}

// DeepSeek-V2 / V3 / V3.2, Kimi K2, GLM-5: MLA in every layer, MoE after the first dense ones.
constexpr void builder::mla() {
  read_common(false, false);
  if (!r_.ok()) return;
  params::mla_shape s;
  s.hidden = c_.hidden;
  s.heads = c_.heads;
  s.kv_lora_rank = r_.require_integer(text_, "kv_lora_rank");
  s.qk_rope_head_dim = r_.require_integer(text_, "qk_rope_head_dim", 0);
  s.qk_nope_head_dim = r_.require_integer(text_, "qk_nope_head_dim", 0);
  // MiniCPM3Config: no v_head_dim means hidden_size / num_attention_heads.
  s.v_head_dim = rules_.mla_full_kv && !reader::has(text_, "v_head_dim") ? c_.hidden / c_.heads
                                                                         : r_.require_integer(text_, "v_head_dim");
  s.q_lora_rank = r_.integer(text_, "q_lora_rank", 0, 1);
  // DeepSeek-V3.2's indexer (vLLM: is_v32 = hasattr(config, "index_topk")). GLM-5.x IndexCache
  // keeps it on some layers only (DeepseekV2MLAAttention): with index_topk_pattern, every layer
  // whose letter is not "S"; else layer i when max(i - index_skip_topk_offset + 1, 0) is a
  // multiple of index_topk_freq (defaults 2 and 1: every layer). vLLM does not read
  // indexer_types, which transformers derives from the same keys.
  json::value pattern{};
  bool pattern_letters = false, pattern_list = false;
  std::int64_t freq = 1, offset = 2;
  if (reader::has(text_, "index_topk")) {
    // deepseek_v2.py allocates its top-k indices buffer for any config with the key.
    index_topk_ = static_cast<std::int32_t>(r_.require_integer(text_, "index_topk"));
    s.index_head_dim = r_.require_integer(text_, "index_head_dim");
    s.index_n_heads = r_.require_integer(text_, "index_n_heads");
    freq = r_.integer(text_, "index_topk_freq", 1, 1);
    offset = r_.integer(text_, "index_skip_topk_offset", 2, 0);
    if (reader::has(text_, "index_topk_pattern")) {
      const json::value v = text_.find("index_topk_pattern").found;
      pattern_letters = v.is_string();
      pattern_list = v.is_array();
      if (!pattern_letters && !pattern_list) r_.report(errc::config_key_must_be_a_string, "index_topk_pattern");
      pattern = v;
    }
  } else if (reader::has(text_, "index_head_dim")) {
    r_.report(errc::config_key_missing, "index_topk");
  }
  if (!r_.ok()) return;
  // MiniCPM3 (minicpm3.py) caches no latent: Attention(num_kv_heads=num_heads) of head size
  // qk_nope_head_dim + qk_rope_head_dim, V zero-padded to it.
  if (rules_.mla_full_kv) {
    const layer_type kv = full_attention(static_cast<std::int32_t>(c_.heads),
                                         static_cast<std::int32_t>(s.qk_nope_head_dim + s.qk_rope_head_dim));
    const std::int64_t width = r_.require_integer(text_, "intermediate_size");
    for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
      add_layer(r_, layers_, kv);
      t_.total += params::mla(s) + param_count{c_.hidden} * 2;
      t_.replicated += params::mla_replicated(s);  // minicpm3.py: ReplicatedLinear too; no W_UV copy
      add_ffn(i, width);
    }
    return;
  }
  const layer_type with_indexer = kvplan::mla(static_cast<std::int32_t>(s.kv_lora_rank), static_cast<std::int32_t>(s.qk_rope_head_dim),
                                              static_cast<std::int32_t>(s.index_head_dim));
  const layer_type without = kvplan::mla(static_cast<std::int32_t>(s.kv_lora_rank), static_cast<std::int32_t>(s.qk_rope_head_dim));
  params::mla_shape plain = s;
  plain.index_head_dim = plain.index_n_heads = 0;
  const std::string_view letters = pattern_letters ? pattern.raw() : std::string_view{};
  json::elements listed = pattern_list ? json::elements(pattern) : json::elements{};
  const std::int64_t dense = r_.require_integer(text_, "intermediate_size");
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool indexer = s.index_head_dim > 0;
    if (indexer && pattern_letters) {
      indexer = static_cast<std::size_t>(i) >= letters.size() || letters[static_cast<std::size_t>(i)] != 'S';
    } else if (indexer && pattern_list) {
      indexer = listed.done() || !listed.get().equals("S");
      if (!listed.done()) listed.next();
    } else if (indexer) {
      indexer = max_of(i - offset + 1, std::int64_t{0}) % freq == 0;
    }
    add_layer(r_, layers_, indexer ? with_indexer : without);
    t_.total += params::mla(indexer ? s : plain) + param_count{c_.hidden} * 2;
    t_.replicated += params::mla_replicated(indexer ? s : plain);
    t_.replicated_unquantized += params::mla_indexer_unquantized(indexer ? s : plain);
    t_.mla_kv_b += params::mla_kv_b(s);
    t_.mla_proj += params::mla_projections(indexer ? s : plain);
    t_.mla_out += params::mla_output(s);
    add_ffn(i, dense);
  }
}

// DeepSeek-V4 (vllm/model_executor/models/deepseek_v4.py, DeepseekV4Config): layer i keeps
// max(1, compress_ratios[i]) (only the first num_hidden_layers entries are read; the last one
// of the config belongs to the MTP layer, which vLLM builds with ratio 1). Every layer is MoE
// (the first num_hash_layers route by token hash, with the same experts). Parameters per layer,
// from the model's modules: wq_a (hidden x q_lora_rank), wq_b (q_lora_rank x heads x head_dim),
// wkv (hidden x head_dim), wo_a (heads x head_dim x o_lora_rank, grouped in o_groups) and wo_b
// (o_groups x o_lora_rank x hidden); a compressor's wkv and wgate (hidden x coff x head_dim,
// coff 2 for ratio 4); C4's indexer: wq_b (q_lora_rank x index_n_heads x index_head_dim), its
// weights projection (hidden x index_n_heads) and compressor. The hyper-connection mixers
// (hc_mult) are a few hundred thousand parameters a layer and are left out.
constexpr void builder::deepseek_v4() {
  read_common(false, false);
  if (!r_.ok()) return;
  const std::int64_t head_dim = r_.require_integer(text_, "head_dim");
  const std::int64_t rope = r_.require_integer(text_, "qk_rope_head_dim", 0);
  const std::int64_t window = r_.require_integer(text_, "sliding_window");
  const std::int64_t index_head_dim = r_.require_integer(text_, "index_head_dim");
  const std::int64_t index_heads = r_.require_integer(text_, "index_n_heads");
  // nvidia/model.py sizes its top-k indices buffer, eager scratch pool and MTP hidden-state
  // buffer from these at load (estimates::load_buffers_bytes).
  index_topk_ = static_cast<std::int32_t>(r_.integer(text_, "index_topk", 0, 0, 1 << 20));
  index_n_heads_ = static_cast<std::int32_t>(index_heads);
  hc_mult_ = static_cast<std::int32_t>(r_.integer(text_, "hc_mult", 0, 0, 64));
  const std::int64_t q_lora = r_.require_integer(text_, "q_lora_rank");
  const std::int64_t o_lora = r_.require_integer(text_, "o_lora_rank");
  const std::int64_t o_groups = r_.integer(text_, "o_groups", 1, 1);
  const auto ratios = r_.require_of_kind(text_, "compress_ratios", json::kind::array);
  if (!ratios) return;
  if (ratios.found.size() < static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "compress_ratios", ratios.found.size(), c_.layers);
  use_experts(read_moe());
  if (!r_.ok()) return;
  const param_count hidden{c_.hidden};
  // Held whole by every TP rank (deepseek_v4/attention.py, compressor.py): fused_wqa_wkv and
  // the q / kv norms, each compressor (fused_wkv_wgate, ape, norm) and the whole indexer.
  const param_count replicated = params::linear(hidden, q_lora) + params::linear(hidden, head_dim) +
                                 param_count{q_lora + head_dim};
  // The attention: those, wq_b, wo_a, wo_b and the attention sinks.
  const param_count attention = replicated + params::linear(q_lora, c_.heads * head_dim) +
                                params::linear(c_.heads * head_dim, o_lora) +
                                params::linear(o_groups * o_lora, hidden) + param_count{c_.heads};
  const auto compressor = [&](std::int64_t ratio, std::int64_t dim) {
    const std::int64_t coff = ratio == 4 ? 2 : 1;
    return params::linear(hidden, coff * dim) * 2 + param_count{ratio * coff * dim + dim};
  };
  json::elements e(ratios.found);
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    const std::int64_t ratio = r_.as_integer(e.get(), "compress_ratios", 0, 1 << 20);
    e.next();
    if (!r_.ok()) return;
    // A ratio vLLM has no cache for (not 0, 1, 4 or 128) is validate(model)'s to refuse.
    add_layer(r_, layers_, compressed_mla(static_cast<std::int32_t>(head_dim), static_cast<std::int32_t>(rope),
                                          static_cast<std::int32_t>(window), static_cast<std::int32_t>(ratio),
                                          static_cast<std::int32_t>(index_head_dim)));
    t_.total += attention + hidden * 2;
    t_.replicated += replicated;
    if (ratio > 1) {
      const param_count own = compressor(ratio, head_dim);
      t_.total += own;
      t_.replicated += own;
      t_.replicated_unquantized += own;
    }
    if (ratio == 4) {
      // wq_b is quantized; weights_proj and the compressor are built without a quant_config.
      const param_count unquantized = params::linear(hidden, index_heads) + compressor(ratio, index_head_dim);
      const param_count indexer = params::linear(q_lora, index_heads * index_head_dim) + unquantized;
      t_.total += indexer;
      t_.replicated += indexer;
      t_.replicated_unquantized += unquantized;
    }
    add_ffn(i, 0);
  }
}

// MiniMax-M3 (vllm/models/minimax_m3, MiniMaxM3TextConfig): sparse_attention_config's
// sparse_attention_freq marks the block-sparse layers (non-zero; the others attend densely), each
// caching its lightning indexer's key of sparse_index_dim beside K and V. moe_layer_freq marks
// the MoE layers (num_local_experts of intermediate_size, top num_experts_per_tok, n_shared_experts
// shared ones); the others run a dense MLP of dense_intermediate_size. Parameters per layer: q, k,
// v and o (head_dim), the q/k norms per head, and on sparse layers the indexer's q projection
// (sparse_num_index_heads x sparse_index_dim) and k projection (one head); num_mtp_modules MTP
// layers are sparse ones.
constexpr void builder::minimax_m3() {
  read_common(true, true);
  if (!r_.ok()) return;
  const auto sparse = r_.require_of_kind(text_, "sparse_attention_config", json::kind::object);
  if (!sparse) return;
  const json::object sc(sparse.found);
  const bool use_sparse = r_.boolean(sc, "use_sparse_attention", true);
  const std::int64_t index_dim = r_.require_integer(sc, "sparse_index_dim");
  const std::int64_t index_heads = r_.integer(sc, "sparse_num_index_heads", c_.kv_heads, 1);
  const auto freq = r_.require_of_kind(sc, "sparse_attention_freq", json::kind::array);
  const auto moe_list = r_.require_of_kind(text_, "moe_layer_freq", json::kind::array);
  if (!freq || !moe_list) return;
  use_experts(read_moe());
  const std::int64_t dense = r_.require_integer(text_, "dense_intermediate_size");
  if (!r_.ok()) return;
  const auto kv = static_cast<std::int32_t>(c_.kv_heads);
  const auto head = static_cast<std::int32_t>(c_.head_dim);
  const layer_type dense_layer = full_attention(kv, head);
  const layer_type sparse_layer = block_sparse_attention(kv, head, static_cast<std::int32_t>(index_dim));
  const param_count attention = params::attention(attention_shape());  // with the per-head q/k norms
  const param_count indexer = params::linear(c_.hidden, index_heads * index_dim) + params::linear(c_.hidden, index_dim);
  json::elements sparse_flags(freq.found);
  json::elements moe_flags(moe_list.found);
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    const bool is_sparse = use_sparse && !sparse_flags.done() && r_.as_integer(sparse_flags.get(), "sparse_attention_freq", 0, 1) != 0;
    if (!sparse_flags.done()) sparse_flags.next();
    add_layer(r_, layers_, is_sparse ? sparse_layer : dense_layer);
    t_.total += attention + (is_sparse ? indexer : param_count{}) + param_count{c_.hidden} * 2;
    const bool routed = !moe_flags.done() && r_.as_integer(moe_flags.get(), "moe_layer_freq", 0, 1) == 1;
    if (!moe_flags.done()) moe_flags.next();
    add_routed_or_dense(routed, dense);
  }
}

// Kimi-Linear and Kimi-K3 (vllm/models/kimi_k3, KimiLinearConfig): layer i is Kimi Delta
// Attention when i + 1 is in linear_attn_config.kda_layers (1-indexed), else MLA; vLLM does not
// read full_attn_layers. The MLA latent is kv_lora_rank + qk_rope_head_dim per token even with
// mla_use_nope (the positional slice is cached, not rotated). MoE from first_k_dense_replace,
// every moe_layer_freq-th layer: num_experts of moe_intermediate_size, top
// num_experts_per_token, num_shared_experts shared ones; with routed_expert_hidden_size the
// routed experts run in that latent width behind a down and an up projection. Parameters of a
// KDA layer are estimated: q, k, v, the gate (full rank, or two low-rank factors) and o of
// heads x head_dim, beta (one per head), the three short convolutions and the head norms.
constexpr void builder::kimi_linear() {
  read_common(false, false);
  if (!r_.ok()) return;
  const auto linear = r_.require_of_kind(text_, "linear_attn_config", json::kind::object);
  if (!linear) return;
  const json::object lc(linear.found);
  const std::int64_t heads = r_.require_integer(lc, "num_heads");
  const std::int64_t head_dim = r_.require_integer(lc, "head_dim");
  const std::int64_t kernel = r_.integer(lc, "short_conv_kernel_size", 4, 2, 64);
  const bool full_rank_gate = r_.boolean(lc, "use_full_rank_gate", false);
  const auto kda_list = r_.require_of_kind(lc, "kda_layers", json::kind::array);
  if (!kda_list) return;
  params::mla_shape s;
  s.hidden = c_.hidden;
  s.heads = c_.heads;
  s.kv_lora_rank = r_.require_integer(text_, "kv_lora_rank");
  s.qk_rope_head_dim = r_.require_integer(text_, "qk_rope_head_dim", 0);
  s.qk_nope_head_dim = r_.require_integer(text_, "qk_nope_head_dim", 0);
  s.v_head_dim = r_.require_integer(text_, "v_head_dim");
  s.q_lora_rank = r_.integer(text_, "q_lora_rank", 0, 0);
  const bool output_gate = r_.boolean(text_, "mla_use_output_gate", false);
  moe_shape experts;
  experts.experts = r_.integer(text_, "num_experts", 0, 0);
  if (experts.experts > 0) {
    experts.top_k = r_.require_integer(text_, "num_experts_per_token", 1, experts.experts);
    experts.intermediate = r_.require_integer(text_, "moe_intermediate_size");
    experts.routing_bias = true;
  }
  const std::int64_t n_shared = r_.integer(text_, "num_shared_experts", 0, 0);
  if (n_shared > 0) {
    experts.shared = params::mlp(c_.hidden, n_shared * experts.intermediate);
    experts.shared_intermediate = n_shared * experts.intermediate;
  }
  const std::int64_t latent = r_.integer(text_, "routed_expert_hidden_size", 0, 0);
  moe_first_ = r_.integer(text_, "first_k_dense_replace", 0, 0);
  moe_freq_ = r_.integer(text_, "moe_layer_freq", 1, 1);
  moe_ = experts;
  moe_ready_ = true;
  const std::int64_t dense = r_.require_integer(text_, "intermediate_size");
  if (!r_.ok()) return;
  const layer_type kda = kimi_delta(static_cast<std::int32_t>(heads), static_cast<std::int32_t>(head_dim),
                                    static_cast<std::int32_t>(kernel));
  const layer_type latent_attention = kvplan::mla(static_cast<std::int32_t>(s.kv_lora_rank), static_cast<std::int32_t>(s.qk_rope_head_dim));
  const param_count width = param_count{heads} * head_dim;
  const param_count gate = full_rank_gate ? params::linear(c_.hidden, width) : params::linear(c_.hidden, head_dim) * 2;
  const param_count kda_params = params::linear(c_.hidden, width) * 4 + gate + params::linear(c_.hidden, heads) +
                                 width * 3 * kernel + width * 2;
  const param_count mla_params = params::mla(s) + (output_gate ? params::linear(c_.hidden, param_count{c_.heads} * s.v_head_dim) : param_count{});
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool is_kda = false;
    for (json::elements e(kda_list.found); !e.done() && !is_kda; e.next())
      is_kda = r_.as_integer(e.get(), "kda_layers", 1, int32_max) == i + 1;
    add_layer(r_, layers_, is_kda ? kda : latent_attention);
    t_.total += (is_kda ? kda_params : mla_params) + param_count{c_.hidden} * 2;
    if (!is_kda) {
      t_.replicated += params::mla_replicated(s);
      t_.mla_kv_b += params::mla_kv_b(s);
      t_.mla_proj += params::mla_projections(s);
      t_.mla_out += params::mla_output(s);
    }
    const bool routed = experts.experts > 0 && moe_layer(i);
    if (routed && latent > 0) {  // add_moe with the routed experts in the latent width, behind its projections
      const param_count one = params::mlp(latent, experts.intermediate);
      const param_count router = params::linear(c_.hidden, experts.experts) + experts.experts;
      // routed_expert_down_proj / up_proj: ReplicatedLinear(quant_config=None), held whole in bf16.
      const param_count projections = params::linear(c_.hidden, latent) * 2 + param_count{latent};
      t_.total += router + one * experts.experts + experts.shared + projections;
      t_.replicated += router + projections;
      t_.router += router;
      t_.replicated_unquantized += projections;
      t_.experts += one * experts.experts;
      t_.inactive += one * (experts.experts - experts.top_k);
      routed_ = true;
      widest_mlp_ = max_of(widest_mlp_, experts.shared_intermediate);
    } else {
      add_routed_or_dense(routed, dense);
    }
  }
}

// Step-3.5 / Step-3.7 (vLLM's step3p5.py; Step-3.7 builds its text model from the same code):
// layer i slides over sliding_window tokens when layer_types[i] is "sliding_attention" (without
// layer_types, every even layer); a layer whose type is attention_other_setting's
// attention_type takes that setting's num_attention_heads, num_attention_groups (the KV heads)
// and head_dim, the others the config's. The MTP layers (num_nextn_predict_layers) are of the
// kind layer_types gives the positions after the trunk. MoE on the layers moe_layers_enum lists
// (a comma-separated string; default every layer but the first): moe_num_experts of
// moe_intermediate_size, top moe_top_k, one shared expert of share_expert_dim; the others a
// dense MLP of intermediate_size. Parameters per layer: q, k, v, o, the per-head q/k norms and,
// with use_head_wise_attn_gate, a gate of one value per query head.
constexpr void builder::step3p5() {
  read_common(false, false);
  if (!r_.ok()) return;
  const std::int64_t groups = r_.require_integer(text_, "num_attention_groups");
  const std::int64_t head_dim = r_.require_integer(text_, "head_dim");
  const std::int64_t window = r_.integer(text_, "sliding_window", 0, 0);
  const auto types = r_.of_kind(text_, "layer_types", json::kind::array);
  std::int64_t other_heads = c_.heads, other_groups = groups, other_dim = head_dim;
  std::string_view other_type{};
  if (const auto other = r_.of_kind(text_, "attention_other_setting", json::kind::object)) {
    const json::small_object o(other.found);
    if (const auto t = r_.of_kind(o, "attention_type", json::kind::string)) other_type = t.found.raw();
    other_heads = r_.require_integer(o, "num_attention_heads");
    other_groups = r_.require_integer(o, "num_attention_groups");
    other_dim = r_.require_integer(o, "head_dim");
  }
  moe_shape experts;
  experts.experts = r_.integer(text_, "moe_num_experts", 0, 0);
  if (experts.experts > 0) {
    experts.top_k = r_.require_integer(text_, "moe_top_k", 1, experts.experts);
    experts.intermediate = r_.require_integer(text_, "moe_intermediate_size");
    experts.routing_bias = r_.boolean(text_, "use_moe_router_bias", false);
    const std::int64_t shared = r_.integer(text_, "share_expert_dim", 0, 0);
    if (shared > 0) {
      experts.shared = params::mlp(c_.hidden, shared);
      experts.shared_intermediate = shared;
    }
  }
  moe_ = experts;
  moe_ready_ = true;
  const auto moe_enum = r_.of_kind(text_, "moe_layers_enum", json::kind::string);
  const std::int64_t dense = r_.require_integer(text_, "intermediate_size");
  const bool gate = r_.boolean(text_, "use_head_wise_attn_gate", false);
  if (!r_.ok()) return;
  json::elements kinds = types ? json::elements(types.found) : json::elements{};
  // The kind of layer i (walking layer_types in order), and its query heads in `q_heads`.
  const auto kind_at = [&](std::int64_t i, bool& ok, std::int64_t& q_heads) {
    bool sliding = i % 2 == 0;
    std::string_view name = sliding ? "sliding_attention" : "full_attention";
    if (types) {
      ok = !kinds.done();
      if (!ok) return layer_type{};
      const json::value v = kinds.get();
      kinds.next();
      if (!v.is_string()) {
        r_.report(errc::config_key_must_be_a_string, "layer_types");
        ok = false;
        return layer_type{};
      }
      name = v.raw();
      sliding = name == "sliding_attention";
    }
    const bool other = !other_type.empty() && name == other_type;
    q_heads = other ? other_heads : c_.heads;
    const auto kv = static_cast<std::int32_t>(other ? other_groups : groups);
    const auto dim = static_cast<std::int32_t>(other ? other_dim : head_dim);
    return sliding && window > 0 ? sliding_window(kv, dim, static_cast<std::int32_t>(window)) : full_attention(kv, dim);
  };
  // moe_layers_enum: "3,4,...,44".
  const auto is_moe = [&](std::int64_t i) {
    if (experts.experts <= 0) return false;
    if (!moe_enum) return i >= 1;
    const std::string_view list = moe_enum.found.raw();
    std::int64_t n = -1;
    for (std::size_t k = 0; k <= list.size(); ++k) {
      const char ch = k < list.size() ? list[k] : ',';
      if (ch >= '0' && ch <= '9') {
        n = (n < 0 ? 0 : n * 10) + (ch - '0');
      } else if (ch == ',' || ch == ' ') {
        if (n == i) return true;
        n = -1;
      }
    }
    return false;
  };
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool ok = true;
    std::int64_t q_heads = c_.heads;
    const layer_type t = kind_at(i, ok, q_heads);
    if (!ok) {
      if (r_.ok()) r_.report(errc::config_keys_conflict, "layer_types", i, c_.layers);
      return;
    }
    add_layer(r_, layers_, t);
    params::attention_shape a = attention_shape();  // per-head q/k norms
    a.heads = q_heads;
    a.kv_heads = t.num_kv_heads;
    a.head_dim = t.head_size;
    t_.total += params::attention(a) + (gate ? params::linear(c_.hidden, q_heads) : param_count{}) + param_count{c_.hidden} * 2;
    add_routed_or_dense(is_moe(i), dense);
  }
  // The MTP layers follow the trunk in layer_types.
  bool ok = true;
  std::int64_t q_heads = 0;
  const layer_type next = kind_at(c_.layers, ok, q_heads);
  if (ok) mtp_kind_ = next;
}

// EXAONE 4 without layer_types: sliding_window_pattern as an int p (layer i sliding when
// (i + 1) % p != 0; Exaone4Config's default 4), or a string such as "LLLG" repeated over the
// layers (L local) with the last layer global (vLLM's older Exaone4Config); no sliding_window:
// every layer global.
constexpr bool builder::exaone4_sliding(std::int64_t i) {
  if (!reader::has(text_, "sliding_window")) return false;
  const auto pattern = text_.find("sliding_window_pattern");
  if (pattern && pattern.found.is_string()) {
    const std::string_view p = pattern.found.raw();
    if (p.empty() || i == c_.layers - 1) return false;
    return p[static_cast<std::size_t>(i) % p.size()] == 'L';
  }
  const std::int64_t every = r_.integer(text_, "sliding_window_pattern", 4, 1);
  return (i + 1) % every != 0;
}

// MiMo-V2-Flash (vLLM's mimo_v2_flash.py): hybrid_layer_pattern[i] == 1 is a sliding-window
// layer with its own heads (swa_num_key_value_heads, swa_head_dim, swa_v_head_dim) over
// sliding_window_size; the others are full attention of num_key_value_heads x head_dim (V:
// v_head_dim). attention_chunk_size is dropped (the convertor's
// _strip_mimo_v2_attention_chunk_size: the model does not chunk). Routed experts where the
// moe_layer_freq list says so; an integer there means no MoE layer.
constexpr void builder::mimo_v2() {
  read_common(true, true);
  if (!r_.ok()) return;
  const std::int64_t v_head = r_.integer(text_, "v_head_dim", c_.head_dim, 1);
  const std::int64_t swa_heads = r_.integer(text_, "swa_num_attention_heads", c_.heads, 1);
  const std::int64_t swa_kv = r_.require_integer(text_, "swa_num_key_value_heads");
  const std::int64_t swa_head = r_.integer(text_, "swa_head_dim", c_.head_dim, 1);
  const std::int64_t swa_v = r_.integer(text_, "swa_v_head_dim", swa_head, 1);
  const std::int64_t window = r_.require_integer(text_, "sliding_window_size");
  const auto pattern = r_.of_kind(text_, "hybrid_layer_pattern", json::kind::array);
  if (!pattern) {
    r_.report(errc::config_key_missing, "hybrid_layer_pattern");
    return;
  }
  if (pattern.found.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "hybrid_layer_pattern", pattern.found.size(), c_.layers);
  const auto moe_list = r_.of_kind(text_, "moe_layer_freq", json::kind::array);
  moe_shape experts = moe_list ? read_moe() : moe_shape{};
  if (const auto method = r_.of_kind(text_, "topk_method", json::kind::string))
    experts.routing_bias = method.found.equals("noaux_tc");
  use_experts(experts);
  const std::int64_t dense = r_.require_integer(text_, "intermediate_size");
  if (!r_.ok()) return;
  layer_type swa = sliding_window(static_cast<std::int32_t>(swa_kv), static_cast<std::int32_t>(swa_head),
                                  static_cast<std::int32_t>(window));
  swa.head_size_v = static_cast<std::int32_t>(swa_v);
  const layer_type full = full_attention(static_cast<std::int32_t>(c_.kv_heads), static_cast<std::int32_t>(c_.head_dim),
                                         static_cast<std::int32_t>(v_head));
  // q, k, v (V of its own size) and o; the SWA layers' attention sink bias, one per head.
  const auto attention = [&](std::int64_t heads, std::int64_t kv, std::int64_t head, std::int64_t v, bool sink) {
    return params::linear(c_.hidden, heads * head) + params::linear(c_.hidden, kv * head) +
           params::linear(c_.hidden, kv * v) + params::linear(heads * v, c_.hidden) + (sink ? heads : 0);
  };
  const bool swa_sink = r_.boolean(text_, "add_swa_attention_sink_bias", false);
  const bool full_sink = r_.boolean(text_, "add_full_attention_sink_bias", false);
  json::elements kinds(pattern.found);
  json::elements moe_flags = moe_list ? json::elements(moe_list.found) : json::elements{};
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    const bool sliding = r_.as_integer(kinds.get(), "hybrid_layer_pattern", 0, 1) == 1;
    kinds.next();
    add_layer(r_, layers_, sliding ? swa : full);
    t_.total += (sliding ? attention(swa_heads, swa_kv, swa_head, swa_v, swa_sink)
                         : attention(c_.heads, c_.kv_heads, c_.head_dim, v_head, full_sink)) +
                param_count{c_.hidden} * 2;
    bool routed = false;
    if (moe_list && !moe_flags.done()) {
      routed = r_.as_integer(moe_flags.get(), "moe_layer_freq", 0, 1) == 1;
      moe_flags.next();
    }
    add_routed_or_dense(routed, dense);
  }
}

// LFM2 (vLLM's lfm2.py): layer_types "full_attention" or "conv"; without them full_attn_idxs,
// whose absence means every layer attends (Lfm2Config). A conv layer keeps one
// (conv_L_cache - 1, conv_dim / TP) state per request in the model dtype; conv_dim is the hidden
// size unless given. The MLP is block_dim wide with block_ff_dim auto-adjusted as LFM2 does:
// 2/3 of it, times block_ffn_dim_multiplier, rounded up to block_multiple_of.
constexpr void builder::lfm2() {
  read_common(true, true);
  if (!r_.ok()) return;
  const std::int64_t conv_dim = r_.integer(text_, "conv_dim", c_.hidden, 1);
  const std::int64_t conv_kernel = r_.integer(text_, "conv_L_cache", 3, 2);
  std::int64_t ff = r_.require_integer(text_, "intermediate_size");
  if (r_.boolean(text_, "block_auto_adjust_ff_dim", false)) {
    ff = 2 * ff / 3;
    if (reader::has(text_, "block_ffn_dim_multiplier"))
      ff = static_cast<std::int64_t>(r_.real(text_, "block_ffn_dim_multiplier", 1.0) * static_cast<double>(ff));
    const std::int64_t multiple = r_.integer(text_, "block_multiple_of", 256, 1);
    ff = round_up(ff, multiple);
  }
  const auto types = r_.of_kind(text_, "layer_types", json::kind::array);
  const auto idxs = types ? decltype(types){} : r_.of_kind(text_, "full_attn_idxs", json::kind::array);
  if (types && types.found.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "layer_types", types.found.size(), c_.layers);
  if (!r_.ok()) return;
  params::attention_shape a = attention_shape();
  const bool conv_bias = r_.boolean(text_, "conv_bias", false);
  // ShortConv: in_proj hidden -> 3 x conv_dim, a depthwise conv of conv_L_cache taps, out_proj.
  const param_count conv = params::linear(c_.hidden, 3 * conv_dim, conv_bias) + param_count{conv_dim} * conv_kernel +
                           (conv_bias ? conv_dim : 0) + params::linear(conv_dim, c_.hidden, conv_bias);
  json::elements cursor = types ? json::elements(types.found) : json::elements{};
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool attention = true;
    if (types) {
      const json::value t = cursor.get();
      if (!is_one_of(t, {"full_attention", "conv"})) r_.report(errc::config_value_not_supported, "layer_types");
      attention = t.equals("full_attention");
      cursor.next();
    } else if (idxs) {
      attention = false;
      for (json::elements e(idxs.found); !e.done(); e.next())
        if (r_.as_integer(e.get(), "full_attn_idxs", 0, int32_max) == i) attention = true;
    }
    add_layer(r_, layers_,
              attention ? full_attention(static_cast<std::int32_t>(c_.kv_heads), static_cast<std::int32_t>(c_.head_dim))
                        : short_conv(static_cast<std::int32_t>(conv_dim), static_cast<std::int32_t>(conv_kernel)));
    t_.total += (attention ? params::attention(a) : conv) + param_count{c_.hidden} * 2 + params::mlp(c_.hidden, ff);
  }
  widest_mlp_ = ff;
}

// Mamba hybrids whose Mamba keys are mamba_* (vLLM's granitemoehybrid.py, jamba.py,
// falcon_h1.py):
// * Granite-4.0-H: layer_types "mamba" / "attention" (layers_block_type in older files); Mamba-2
//   of mamba_n_heads x mamba_d_head (default mamba_expand x hidden / heads); every layer's MLP a
//   mixture of num_local_experts with a shared expert of shared_intermediate_size.
// * Jamba: layer i attends when i % attn_layer_period == attn_layer_offset, else Mamba-1 of
//   mamba_expand x hidden channels and mamba_d_state; experts where i % expert_layer_period ==
//   expert_layer_offset.
// * Falcon-H1: every layer runs attention and a Mamba-2 mixer side by side, each with its own
//   cache (an attention and a Mamba spec per layer): kvplan lists the two as consecutive layers,
//   so a pipeline split may fall between them.
constexpr void builder::mamba_hybrid() {
  read_common(true, true);
  if (!r_.ok()) return;
  const std::string_view type = rules_.model_type;
  const bool jamba = type == "jamba", falcon = type == "falcon_h1";
  const std::int64_t expand = r_.integer(text_, "mamba_expand", 2, 1);
  params::mamba2_shape ms;
  ms.hidden = c_.hidden;
  ms.state_size = r_.require_integer(text_, "mamba_d_state");
  ms.conv_kernel = r_.require_integer(text_, "mamba_d_conv", 2, 64);
  ms.conv_bias = r_.boolean(text_, "mamba_conv_bias", true);
  ms.proj_bias = r_.boolean(text_, "mamba_proj_bias", false);
  layer_type mamba{};
  param_count mamba_params{};
  if (jamba) {
    // Mamba-1: in_proj h -> 2 x inner, conv, x_proj inner -> dt_rank + 2 x state, dt_proj,
    // A_log inner x state, D inner, out_proj.
    const std::int64_t inner = expand * c_.hidden;
    const std::int64_t dt_rank = reader::has(text_, "mamba_dt_rank") && text_.find("mamba_dt_rank").found.is_number()
                                     ? r_.require_integer(text_, "mamba_dt_rank")
                                     : cdiv(c_.hidden, 16);
    mamba = mamba1(static_cast<std::int32_t>(inner), static_cast<std::int32_t>(ms.state_size),
                   static_cast<std::int32_t>(ms.conv_kernel));
    mamba_params = params::linear(c_.hidden, 2 * inner, ms.proj_bias) + param_count{inner} * ms.conv_kernel +
                   (ms.conv_bias ? inner : 0) + params::linear(inner, dt_rank + 2 * ms.state_size) +
                   params::linear(dt_rank, inner, true) + param_count{inner} * ms.state_size + inner +
                   params::linear(inner, c_.hidden, ms.proj_bias) + dt_rank + 2 * ms.state_size;
  } else {
    ms.heads = r_.require_integer(text_, "mamba_n_heads");
    const std::int64_t inner = falcon && reader::has(text_, "mamba_d_ssm") ? r_.require_integer(text_, "mamba_d_ssm")
                                                                          : expand * c_.hidden;
    ms.head_dim = reader::has(text_, "mamba_d_head") && text_.find("mamba_d_head").found.is_number()
                      ? r_.require_integer(text_, "mamba_d_head")
                      : inner / ms.heads;  // "auto"
    ms.n_groups = r_.require_integer(text_, "mamba_n_groups");
    if (ms.heads * ms.head_dim != inner)
      r_.report(errc::config_keys_conflict, "mamba_n_heads", ms.heads * ms.head_dim, inner);
    mamba = mamba2(static_cast<std::int32_t>(ms.heads), static_cast<std::int32_t>(ms.head_dim),
                   static_cast<std::int32_t>(ms.state_size), static_cast<std::int32_t>(ms.n_groups),
                   static_cast<std::int32_t>(ms.conv_kernel));
    mamba_params = params::mamba2(ms);
  }
  if (!r_.ok()) return;
  const layer_type attention = full_attention(static_cast<std::int32_t>(c_.kv_heads), static_cast<std::int32_t>(c_.head_dim));
  params::attention_shape a = attention_shape();
  a.qkv_bias = a.o_bias = r_.boolean(text_, "attention_bias", false);
  const param_count norms = param_count{c_.hidden} * 2;
  // The feed-forward: Granite's experts (with a shared one) in every layer, Jamba's every
  // expert_layer_period-th, Falcon-H1's dense MLP.
  const std::int64_t intermediate = r_.integer(text_, "intermediate_size", 0, 0);
  moe_shape experts{};
  if (type == "granitemoehybrid" && r_.integer(text_, "num_local_experts", 0, 0) > 0) {
    experts.experts = r_.require_integer(text_, "num_local_experts");
    experts.top_k = r_.require_integer(text_, "num_experts_per_tok", 1, experts.experts);
    experts.intermediate = intermediate;
    const std::int64_t shared = r_.integer(text_, "shared_intermediate_size", 0, 0);
    experts.shared = shared > 0 ? params::mlp(c_.hidden, shared) : param_count{};
    experts.shared_intermediate = shared;
  } else if (jamba && r_.integer(text_, "num_experts", 1, 1) > 1) {
    experts.experts = r_.require_integer(text_, "num_experts");
    experts.top_k = r_.require_integer(text_, "num_experts_per_tok", 1, experts.experts);
    experts.intermediate = intermediate;
  }
  moe_ = experts;
  moe_ready_ = true;
  const std::int64_t period = jamba ? r_.integer(text_, "attn_layer_period", 8, 1) : 1;
  const std::int64_t offset = jamba ? r_.integer(text_, "attn_layer_offset", 4, 0) : 0;
  const std::int64_t expert_period = jamba ? r_.integer(text_, "expert_layer_period", 2, 1) : 1;
  const std::int64_t expert_offset = jamba ? r_.integer(text_, "expert_layer_offset", 1, 0) : 0;
  auto types = r_.of_kind(text_, "layer_types", json::kind::array);
  if (!types) types = r_.of_kind(text_, "layers_block_type", json::kind::array);
  if (type == "granitemoehybrid" && !types) {
    r_.report(errc::config_key_missing, "layer_types");
    return;
  }
  if (types && types.found.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "layer_types", types.found.size(), c_.layers);
  if (!r_.ok()) return;
  json::elements cursor = types && !jamba && !falcon ? json::elements(types.found) : json::elements{};
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool attends = false;
    if (falcon) {
      attends = true;
    } else if (jamba) {
      attends = i % period == offset;
    } else {
      const json::value t = cursor.get();
      if (!is_one_of(t, {"mamba", "attention"})) r_.report(errc::config_value_not_supported, "layer_types");
      attends = t.equals("attention");
      cursor.next();
    }
    if (falcon) {
      add_layer(r_, layers_, attention);
      add_layer(r_, layers_, mamba);
      t_.total += params::attention(a) + mamba_params + norms;
    } else {
      add_layer(r_, layers_, attends ? attention : mamba);
      t_.total += (attends ? params::attention(a) : mamba_params) + norms;
    }
    const bool routed = experts.experts > 0 && (!jamba || i % expert_period == expert_offset);
    if (routed) {
      add_moe(t_, c_.hidden, experts);
      routed_ = true;
      widest_mlp_ = max_of(widest_mlp_, experts.shared_intermediate);
    } else if (intermediate > 0) {
      t_.total += params::mlp(c_.hidden, intermediate);
      widest_mlp_ = max_of(widest_mlp_, intermediate);
    } else {
      r_.report(errc::config_key_missing, "intermediate_size");
    }
  }
}

// Gemma 4 (vLLM's gemma4.py): layer_types, else five sliding layers to one full, the last layer
// always full. Sliding layers cache num_key_value_heads x head_dim over sliding_window; full
// layers num_key_value_heads x global_head_dim, or num_global_key_value_heads where
// attention_k_eq_v (K and V still take separate cache slots). The last num_kv_shared_layers
// layers read the cache of the last earlier layer of their type. Every layer runs the dense
// MLP; enable_moe_block adds routed experts beside it; hidden_size_per_layer_input adds the
// per-layer embeddings (PLE).
constexpr void builder::gemma4() {
  read_common(true, true);
  if (!r_.ok()) return;
  const std::int64_t global_head_dim = r_.require_integer(text_, "global_head_dim");
  const bool k_eq_v = r_.boolean(text_, "attention_k_eq_v", false);
  const std::int64_t global_kv = k_eq_v && reader::has(text_, "num_global_key_value_heads")
                                     ? r_.require_integer(text_, "num_global_key_value_heads")
                                     : c_.kv_heads;
  std::int64_t window = r_.require_integer(text_, "sliding_window");
  if (const auto bidi = r_.of_kind(text_, "use_bidirectional_attention", json::kind::string); bidi && bidi.found.equals("all"))
    window = window / 2 + 1;  // Gemma4TextConfig: exclusive bounds for bidirectional attention
  const std::int64_t shared = r_.integer(text_, "num_kv_shared_layers", 0, 0, c_.layers - 1);
  const std::int64_t first_shared = c_.layers - shared;
  const std::int64_t intermediate = r_.require_integer(text_, "intermediate_size");
  const bool double_wide = r_.boolean(text_, "use_double_wide_mlp", false);
  const std::int64_t ple = r_.integer(text_, "hidden_size_per_layer_input", 0, 0);
  const bool moe_block = r_.boolean(text_, "enable_moe_block", false) || r_.boolean(text_, "use_second_mlp_block", false);
  moe_shape experts;
  if (moe_block) {
    experts.experts = r_.require_integer(text_, "num_experts", 1, int32_max);
    experts.top_k = r_.require_integer(text_, "top_k_experts", 1, experts.experts);
    experts.intermediate = reader::has(text_, "moe_intermediate_size") ? r_.require_integer(text_, "moe_intermediate_size")
                                                                       : r_.require_integer(text_, "expert_intermediate_size");
    // Gemma4Router's scale, the per-expert output scale, and the three norms of the MoE branch.
    experts.shared = param_count{c_.hidden} * 4 + experts.experts;
    moe_ = experts;
    moe_ready_ = true;
  }
  const auto types = r_.of_kind(text_, "layer_types", json::kind::array);
  if (types && types.found.size() != static_cast<std::uint32_t>(c_.layers))
    r_.report(errc::config_keys_conflict, "layer_types", types.found.size(), c_.layers);
  if (!r_.ok()) return;
  const auto kv = static_cast<std::int32_t>(c_.kv_heads);
  const auto hd = static_cast<std::int32_t>(c_.head_dim);
  const layer_type sliding = sliding_window(kv, hd, static_cast<std::int32_t>(window));
  const layer_type full = full_attention(static_cast<std::int32_t>(global_kv), static_cast<std::int32_t>(global_head_dim));
  params::attention_shape a = attention_shape();
  a.qkv_bias = a.o_bias = r_.boolean(text_, "attention_bias", false);
  a.norm = params::attention_shape::qk_norm::per_head;
  params::attention_shape global = a;
  global.kv_heads = global_kv;
  global.head_dim = global_head_dim;
  json::elements cursor = types ? json::elements(types.found) : json::elements{};
  for (std::int64_t i = 0; i < c_.layers && r_.ok(); ++i) {
    bool is_sliding = (i + 1) % 6 != 0;
    if (types) {
      const json::value t = cursor.get();
      if (!is_one_of(t, {"full_attention", "sliding_attention"})) r_.report(errc::config_value_not_supported, "layer_types");
      is_sliding = t.equals("sliding_attention");
      cursor.next();
    }
    if (i == c_.layers - 1) is_sliding = false;  // "Last layer must use full_attention"
    add_layer(r_, layers_, i >= first_shared ? kv_shared() : is_sliding ? sliding : full);
    const std::int64_t width = intermediate * (double_wide && i >= first_shared ? 2 : 1);
    t_.total += params::attention(is_sliding ? a : global) + param_count{c_.hidden} * 4 + params::mlp(c_.hidden, width);
    widest_mlp_ = max_of(widest_mlp_, width);
    if (moe_block) {
      add_moe(t_, c_.hidden, experts);
      routed_ = true;
    }
    if (ple > 0) t_.total += params::linear(c_.hidden, ple) * 2 + c_.hidden;  // gate, projection, norm
  }
  // A shared layer whose type no earlier layer has would fail in vLLM (list.index).
  if (shared > 0 && r_.ok()) {
    bool has_sliding = false, has_full = false;
    for (std::int64_t i = 0; i < first_shared; ++i) {
      const layer_kind k = layers_[static_cast<std::int32_t>(i)].kind;
      has_sliding = has_sliding || k == layer_kind::sliding_window;
      has_full = has_full || k == layer_kind::full_attention;
    }
    if (!has_sliding || !has_full) r_.report(errc::config_keys_conflict, "num_kv_shared_layers", shared, c_.layers);
  }
  // PLE tables: vocab_size_per_layer_input x (layers x hidden_size_per_layer_input), and the
  // projection of the hidden state into them with its norm.
  if (ple > 0)
    t_.total += param_count{r_.require_integer(text_, "vocab_size_per_layer_input")} * c_.layers * ple +
                params::linear(c_.hidden, c_.layers * ple) + ple;
}

// Vision towers whose weights vLLM loads with the language model: Gemma 3's SigLIP (and its
// projector), Llama 4's encoder (and projector), Gemma 4's (and its embedder), LLaVA's CLIP;
// any other tower is estimated from its vision_config (the model's source then says so), and
// Gemma 4's audio encoder from its audio_config.
constexpr void builder::vision_tower() {
  const auto v = r_.of_kind(root_, "vision_config", json::kind::object);
  if (!v || !r_.ok()) return;
  const json::object vc(v.found);
  if (rules_.kind == arch::gemma3) {
    params::siglip_shape s;
    s.hidden = r_.require_integer(vc, "hidden_size");
    s.intermediate = r_.require_integer(vc, "intermediate_size");
    s.layers = r_.require_integer(vc, "num_hidden_layers");
    s.image_size = r_.require_integer(vc, "image_size");
    s.patch_size = r_.require_integer(vc, "patch_size");
    s.channels = r_.integer(vc, "num_channels", 3, 1);
    if (r_.boolean(vc, "vision_use_head", false)) r_.report(errc::config_value_not_supported, "vision_use_head");
    // Gemma3MultiModalProjector: mm_input_projection_weight and mm_soft_emb_norm.
    vision_params_ = params::siglip_vision(s) + param_count{s.hidden} * c_.hidden + s.hidden;
    t_.total += vision_params_;
    // SiglipVisionConfig's default head count is 12; Gemma3Config's mm_tokens_per_image 256.
    vision_ = gemma3_siglip(static_cast<std::int32_t>(c_.hidden), static_cast<std::int32_t>(s.layers),
                            static_cast<std::int32_t>(s.hidden), static_cast<std::int32_t>(s.intermediate),
                            static_cast<std::int32_t>(r_.integer(vc, "num_attention_heads", 12, 1, 1024)),
                            static_cast<std::int32_t>(s.image_size), static_cast<std::int32_t>(s.patch_size),
                            static_cast<std::int32_t>(r_.integer(root_, "mm_tokens_per_image", 256, 1, 1 << 20)));
    vision_.in_channels = static_cast<std::int32_t>(s.channels);
  } else if (rules_.kind == arch::llama4) {
    params::llama4_vision_shape s;
    s.hidden = r_.require_integer(vc, "hidden_size");
    s.intermediate = r_.require_integer(vc, "intermediate_size");
    s.layers = r_.require_integer(vc, "num_hidden_layers");
    s.image_size = r_.require_integer(vc, "image_size");
    s.patch_size = r_.require_integer(vc, "patch_size");
    s.channels = r_.integer(vc, "num_channels", 3, 1);
    s.projector_input_dim = r_.require_integer(vc, "projector_input_dim");
    s.projector_output_dim = r_.require_integer(vc, "projector_output_dim");
    s.vision_output_dim = r_.require_integer(vc, "vision_output_dim");
    s.text_hidden = c_.hidden;
    vision_params_ = params::llama4_vision(s);
    t_.total += vision_params_;
  } else if (const auto rt = r_.of_kind(root_, "model_type", json::kind::string);
             rt && is_one_of(rt.found, {"llava", "llava_next"}) &&
             (!reader::has(vc, "model_type") || r_.of_kind(vc, "model_type", json::kind::string).found.equals("clip_vision_model"))) {
    // LlavaConfig's vision_config is a CLIPVisionConfig unless it names another model_type; keys
    // it leaves out take that class's defaults.
    params::clip_shape s;
    s.hidden = r_.integer(vc, "hidden_size", 768, 1);
    s.intermediate = r_.integer(vc, "intermediate_size", 3072, 1);
    const std::int64_t depth = r_.integer(vc, "num_hidden_layers", 12, 1, 256);
    s.image_size = r_.integer(vc, "image_size", 224, 1);
    s.patch_size = r_.integer(vc, "patch_size", 32, 1);
    s.channels = r_.integer(vc, "num_channels", 3, 1);
    s.text_hidden = c_.hidden;
    s.projector_bias = r_.boolean(root_, "multimodal_projector_bias", true);
    // vLLM builds the layers up to the deepest feature layer (get_layer_index: depth + f + 1 for
    // a negative f, f itself otherwise, hidden state 0 being the embeddings); LlavaConfig's
    // default is -2. LLaVA-NeXT concatenates a list's layers for its projector.
    std::int64_t layers = 0, features = 1;
    const auto layer_of = [&](std::int64_t f) { return f < 0 ? depth + f + 1 : f; };
    if (const auto list = reader::get(root_, "vision_feature_layer"); list && list.found.is_array()) {
      features = 0;
      for (json::elements e(list.found); !e.done(); e.next(), ++features)
        layers = max_of(layers, layer_of(r_.as_integer(e.get(), "vision_feature_layer", -(depth + 1), depth)));
    } else {
      layers = layer_of(r_.integer(root_, "vision_feature_layer", -2, -(depth + 1), depth));
    }
    s.layers = layers;
    const bool next = rt.found.equals("llava_next");
    if (next) s.projector_input = s.hidden * features;
    vision_params_ = params::clip_vision(s);
    if (next) vision_params_ += c_.hidden;  // image_newline
    t_.total += vision_params_;
  } else if (rules_.kind == arch::gemma4) {
    params::gemma4_vision_shape s;
    s.hidden = r_.require_integer(vc, "hidden_size");
    s.intermediate = r_.require_integer(vc, "intermediate_size");
    s.layers = r_.require_integer(vc, "num_hidden_layers");
    s.head_dim = r_.integer(vc, "head_dim", s.hidden / r_.integer(vc, "num_attention_heads", 16, 1, 1024), 1);
    s.channels = r_.integer(vc, "num_channels", 3, 1);
    s.patch_size = r_.integer(vc, "patch_size", 16, 1);
    s.position_embedding_size = r_.integer(vc, "position_embedding_size", 10240, 1);
    s.text_hidden = c_.hidden;
    vision_params_ = params::gemma4_vision(s);
    t_.total += vision_params_;
  } else {
    // Any other tower: estimated from what vision_config says (params::vit_estimate). The keys
    // differ by family: Qwen2-VL's embed_dim / mlp_ratio, MoonViT's vt_* names, Pixtral's and
    // Qwen2.5/3-VL's hidden_size / intermediate_size / depth.
    const auto key = [&](std::initializer_list<json::chars> names, std::int64_t fallback) {
      for (const json::chars n : names)
        if (reader::has(vc, n)) return r_.integer(vc, n, fallback, 0);
      return fallback;
    };
    params::vit_estimate_shape s;
    s.hidden = key({"embed_dim", "vt_hidden_size", "hidden_size", "width"}, 0);  // width: DeepSeek-VL2's timm SigLIP
    s.layers = key({"depth", "vt_num_hidden_layers", "num_hidden_layers", "layers"}, 0);
    s.intermediate = key({"intermediate_size", "vt_intermediate_size"}, 0);
    if (s.intermediate == 0) s.intermediate = static_cast<std::int64_t>(r_.real(vc, "mlp_ratio", 4.0) * static_cast<double>(s.hidden));
    if (const auto act = r_.of_kind(vc, "hidden_act", json::kind::string)) s.gated = act.found.equals("silu");
    s.channels = key({"in_channels", "in_chans", "num_channels"}, 3);
    s.patch_size = key({"patch_size"}, 14);
    s.temporal_patch_size = key({"temporal_patch_size"}, 1);
    s.position_embeddings = key({"num_position_embeddings"}, 0);
    s.merge = key({"spatial_merge_size"}, reader::has(root_, "spatial_merge_size") ? r_.integer(root_, "spatial_merge_size", 1, 1) : 2);
    if (const auto deep = r_.of_kind(vc, "deepstack_visual_indexes", json::kind::array)) {
      for (json::elements e(deep.found); !e.done(); e.next()) ++s.mergers;
    }
    s.out_hidden = key({"out_hidden_size", "text_hidden_size"}, c_.hidden);
    if (s.hidden <= 0 || s.layers <= 0) {
      r_.report(errc::config_part_not_counted, "vision_config");
      return;
    }
    vision_params_ = params::vit_estimate(s);
    t_.total += vision_params_;
    vision_estimated_ = true;
    // The tower's shape, should the wrapper be a Qwen ViT kvplan profiles (see build()).
    vision_shape_ = s;
    vision_heads_ = r_.integer(vc, "num_heads", 16, 1, 1024);
  }
  // Gemma 4's E2B / E4B carry an audio encoder too.
  if (const auto audio = r_.of_kind(root_, "audio_config", json::kind::object); audio && rules_.kind == arch::gemma4) {
    const json::object ac(audio.found);
    t_.total += params::conformer_estimate(r_.require_integer(ac, "hidden_size"), r_.require_integer(ac, "num_hidden_layers"), c_.hidden);
  }
}

constexpr void builder::build(model& m) {
  if (rules_.model_type.empty()) {
    check_unknown_type();
    // Experts in an unknown model: where DeepSeek or Qwen keys say, else in every layer.
    if (reader::has(text_, "num_experts") || reader::has(text_, "n_routed_experts") ||
        reader::has(text_, "num_local_experts") || reader::has(text_, "moe_num_experts"))
      rules_.moe = reader::has(text_, "first_k_dense_replace") ? moe_rule::first_k_dense
                   : reader::has(text_, "decoder_sparse_step") || reader::has(text_, "mlp_only_layers")
                       ? moe_rule::sparse_step
                       : moe_rule::every_layer;
  }
  if (!r_.ok()) return;
  switch (rules_.kind) {
    case arch::decoder:
    case arch::phi:
    case arch::gemma2:
    case arch::gemma3:
    case arch::gpt_oss: attention_decoder(); break;
    case arch::llama4: llama4(); break;
    case arch::qwen3_next: qwen3_next(); break;
    case arch::nemotron_h: nemotron_h(); break;
    case arch::nemotron_nas: nemotron_nas(); break;
    case arch::minimax_linear: minimax_linear(); break;
    // A DeepSeek-V2 text model without kv_lora_rank (DeepSeek-VL2 with use_mla false) runs
    // plain attention: vLLM serves it with DeepseekForCausalLM.
    case arch::mla:
      if (reader::has(text_, "kv_lora_rank")) mla();
      else attention_decoder();
      break;
    case arch::gemma4: gemma4(); break;
    case arch::mimo_v2: mimo_v2(); break;
    case arch::lfm2: lfm2(); break;
    case arch::mamba_hybrid: mamba_hybrid(); break;
    case arch::deepseek_v4: deepseek_v4(); break;
    case arch::minimax_m3: minimax_m3(); break;
    case arch::kimi_linear: kimi_linear(); break;
    case arch::step3p5: step3p5(); break;
  }
  if (!r_.ok()) return;
  // Embeddings, lm_head (once when tied), final norm.
  t_.total += param_count{c_.vocab} * c_.hidden * (c_.tie ? 1 : 2) + c_.hidden;
  vision_tower();
  m.hidden_size = static_cast<std::int32_t>(c_.hidden);
  m.num_attention_heads = static_cast<std::int32_t>(c_.heads);
  m.vocab_size = static_cast<std::int32_t>(c_.vocab);
  m.intermediate_size = static_cast<std::int32_t>(widest_mlp_);
  if (routed_) {
    m.moe_intermediate_size = static_cast<std::int32_t>(moe_.intermediate);
    m.num_experts_per_tok = static_cast<std::int32_t>(moe_.top_k);
  }
  m.tie_word_embeddings = c_.tie;
  m.max_model_len = read_max_model_len();
  m.rescaled_yarn_max_model_len = rescaled_yarn_len_;
  // vLLM's default length for LongRoPE: hf_config.original_max_position_embeddings.
  if (longrope_ && r_.ok()) {
    const json::object& top = root_;
    if (reader::has(top, "original_max_position_embeddings"))
      m.default_max_model_len = r_.require_integer(top, "original_max_position_embeddings", 1, count_t{1} << 40);
    else if (reader::has(text_, "original_max_position_embeddings"))
      m.default_max_model_len = r_.require_integer(text_, "original_max_position_embeddings", 1, count_t{1} << 40);
  }
  m.torch_dtype = read_dtype();
  m.mamba_ssm_cache_dtype = ssm_dtype_;
  const param_count active = t_.total - t_.inactive;
  if (t_.total.overflow || active.overflow || t_.experts.overflow || t_.expert_bias.overflow ||
      t_.replicated.overflow || t_.router.overflow || t_.mla_kv_b.overflow || t_.mla_proj.overflow ||
      t_.mla_out.overflow || t_.replicated_unquantized.overflow) {
    r_.report(errc::arithmetic_overflow, "parameter count", t_.total.value, t_.experts.value);
    return;
  }
  m.total_params = t_.total.value;
  if (vision_estimated_) m.source = "config.json; the vision tower estimated from vision_config";
  m.active_params = active.value;
  m.expert_params = t_.experts.value;
  m.expert_bias_params = t_.expert_bias.value;
  m.replicated_params = t_.replicated.value;
  m.router_params = t_.router.value;
  m.replicated_unquantized_params = t_.replicated_unquantized.value;
  // The model files that allocate their routers in float32 (model::router_dtype).
  bool fp32_router = rules_.kind == arch::step3p5;
  for (const std::string_view t : {"glm4_moe", "minimax_m2", "minimax_m1", "minimax_text_01", "minimax", "mimo_v2",
                                   "mimo_v2_flash"})
    fp32_router = fp32_router || rules_.model_type == t;
  if (fp32_router) m.router_dtype = dtype::float32;
  m.mla_kv_b_params = t_.mla_kv_b.value;
  m.mla_projection_params = t_.mla_proj.value;
  m.mla_output_params = t_.mla_out.value;
  m.index_topk = index_topk_;
  m.index_n_heads = index_n_heads_;
  m.hc_mult = hc_mult_;
  m.layers = layers_;
  if (r_.ok()) m.rope_cache_bytes = rope_cache_bytes(m);
  m.vision_params = vision_params_.value;
  // Qwen's ViTs (Qwen2-VL, Qwen2.5-VL; Qwen3-VL, Qwen3.5, Qwen3.6 wrappers) and Gemma 3's SigLIP:
  // the profile run's dummy input is modelled; other towers' profiles are not.
  m.vision = vision_;
  const std::string_view type = m.model_type;
  const bool qwen3 = type == "qwen3_vl" || type == "qwen3_vl_moe" || type == "qwen3_5" || type == "qwen3_5_moe";
  if ((qwen3 || type == "qwen2_vl" || type == "qwen2_5_vl") && vision_shape_.layers > 0) {
    const params::vit_estimate_shape& s = vision_shape_;
    const auto narrow = [](std::int64_t x) { return static_cast<std::int32_t>(x); };
    const vit_family family = qwen3 ? vit_family::qwen3_vl : type == "qwen2_vl" ? vit_family::qwen2_vl : vit_family::qwen2_5_vl;
    m.vision = qwen_vit(family, narrow(s.out_hidden), narrow(s.mergers - 1), narrow(s.layers), narrow(s.hidden),
                        narrow(s.intermediate), narrow(vision_heads_), narrow(s.patch_size), narrow(s.merge));
    m.vision.temporal_patch_size = narrow(s.temporal_patch_size);
    m.vision.in_channels = narrow(s.channels);
    m.vision.num_position_embeddings = narrow(s.position_embeddings);
  }
  // MTP layers for speculative decoding (num_nextn_predict_layers; Qwen3.5's
  // mtp_num_hidden_layers; MiniMax-M3's num_mtp_modules): of the model's full-attention kind, the
  // indexed one where there is one (GLM-5.x MTP layers keep their indexer, MiniMax-M3's are
  // sparse). Their weights are estimated.
  std::int64_t mtp = 0;
  if (reader::has(text_, "num_nextn_predict_layers")) mtp = r_.integer(text_, "num_nextn_predict_layers", 0, 0, 16);
  else if (reader::has(text_, "mtp_num_hidden_layers")) mtp = r_.integer(text_, "mtp_num_hidden_layers", 0, 0, 16);
  else if (rules_.kind == arch::minimax_m3) mtp = r_.integer(text_, "num_mtp_modules", 0, 0, 16);  // MiniMaxM3MTP
  if (mtp > 0) {
    const layer_type* pick = nullptr;
    for (const layer_type& t : layers_.types) {
      if (t.kind == layer_kind::mla && (pick == nullptr || pick->kind != layer_kind::mla || t.index_head_dim > 0)) pick = &t;
      else if (t.kind == layer_kind::full_attention && (pick == nullptr || (pick->kind != layer_kind::mla && pick->index_head_dim == 0)))
        pick = &t;
    }
    if (mtp_kind_) pick = &*mtp_kind_;
    // DeepSeek-V4 builds its MTP layers with compress ratio 1: the sliding-window cache only.
    layer_type v4_mtp{};
    for (const layer_type& t : layers_.types)
      if (t.kind == layer_kind::compressed_mla) {
        v4_mtp = compressed_mla(t.head_size, t.qk_rope_head_dim, t.window, 1, 0);
        pick = &v4_mtp;
      }
    if (pick != nullptr) {
      m.num_mtp_layers = static_cast<std::int32_t>(mtp);
      m.mtp_layer = *pick;
    }
  }
  checkpoint c;
  c.hf_id = m.hf_id;
  read_quantization(c, m.torch_dtype);
  m.checkpoints = {c};
}

// The whole reading: document, text config, rules, model.
constexpr hf_config_result read(std::string_view text, const hf_config_options& options, bool fail_fast) {
  hf_config_result out;
  reader r{fail_fast};
  const json::document doc(text, fail_fast);
  if (!doc.ok()) {
    r.report(errc::config_json_syntax_error, doc.error().what, static_cast<std::int64_t>(doc.error().offset));
    out.error = r.err;
    return out;
  }
  if (!doc.root().is_object()) {
    r.report(errc::config_key_must_be_an_object, "(the top level)");
    out.error = r.err;
    return out;
  }
  const json::object root(doc.root());
  // The text config of a multimodal wrapper.
  // (DeepSeek-VL2 keeps it in language_config.)
  auto text_config = r.of_kind(root, "text_config", json::kind::object);
  if (!text_config) text_config = r.of_kind(root, "language_config", json::kind::object);
  const json::object text_object = text_config ? json::object(text_config.found) : json::object{};
  const json::object& tc = text_config ? text_object : root;
  // model_type, else the type of architectures[0].
  const auto top_type = r.of_kind(root, "model_type", json::kind::string);
  const std::string_view arch_type = top_type || !r.ok() ? std::string_view{} : model_type_of_architectures(r, root);
  if (!top_type && arch_type.empty()) {
    r.report(errc::config_key_missing, "model_type");
    out.error = r.err;
    return out;
  }
  const type_rules top_rules = top_type ? rules_for(top_type.found) : rules_for(type_name{arch_type});
  const std::string_view top_name = top_type ? top_type.found.raw() : arch_type;
  check_served(r, root, top_name);
  if (!r.ok()) {
    out.error = r.err;
    return out;
  }
  const bool kimi_vl = top_type ? top_type.found.equals("kimi_vl") : arch_type == "kimi_vl";
  const auto inner_type = r.of_kind(tc, "model_type", json::kind::string);
  // The wrapper decides for Gemma 3 and Llama 4; Kimi-VL (and any other wrapper) follows its
  // text model.
  type_rules rules = top_rules;
  const bool wrapper_rules = rules.kind == arch::gemma3 || rules.kind == arch::llama4;
  if (text_config && !wrapper_rules && inner_type) rules = rules_for(inner_type.found);
  if (!r.ok()) {
    out.error = r.err;
    return out;
  }
  model& m = out.model;
  // Names: what the caller passed, else _name_or_path.
  const auto path = r.of_kind(root, "_name_or_path", json::kind::string);
  const std::string_view name_or_path = path ? path.found.raw() : std::string_view{};
  m.name = !options.name.empty() ? options.name : !options.hf_id.empty() ? options.hf_id : name_or_path;
  m.hf_id = !options.hf_id.empty() ? options.hf_id : !options.name.empty() ? options.name : name_or_path;
  m.model_type = top_rules.model_type.empty() ? top_name : top_rules.model_type;
  m.source = "config.json";
  // auto_map makes vLLM load remote code unless transformers or vLLM has the config class.
  m.trust_remote_code = reader::has(root, "auto_map") && !top_rules.native && !kimi_vl;
  // The text config's class defaults, when kvplan carries them for the type.
  const json::document defaults_doc(rules.defaults);
  const json::object defaults = rules.defaults.empty() ? json::object{} : json::object(defaults_doc.root());
  const config_view view(tc, rules.defaults.empty() ? nullptr : &defaults, rules);
  builder b(r, root, view, rules);
  b.build(m);
  out.error = r.err;
  return out;
}

// The text of a string literal or char array (its last element the terminating NUL): the size
// comes from the type, so no strlen runs in constant evaluation.
template <std::size_t N>
constexpr std::string_view literal_text(const char (&text)[N]) {
  return {text, N > 0 && text[N - 1] == '\0' ? N - 1 : N};
}

}  // namespace detail::hf

// The model a config.json describes, or the first problem with it; never throws.
constexpr hf_config_result try_model_from_hf_config(std::string_view config_json, const hf_config_options& options = {}) {
  hf_config_result out = detail::hf::read(config_json, options, false);
  if (out.ok()) {
    const error e = validate(out.model);
    if (e) out.error = e;
  }
  return out;
}

// The model a config.json describes. A problem is a compile error in a constant expression
// (kvplan::diagnostics::<problem>, with the key in the call chain) and a kvplan::plan_error at
// run time.
constexpr model model_from_hf_config(std::string_view config_json, const hf_config_options& options = {}) {
  hf_config_result out = detail::hf::read(config_json, options, true);
  if (out.ok()) {
    const error e = validate(out.model);
    if (e) fail(e);
  }
  return out.model;
}

// The same for a string literal or char array (for example one from #embed, NUL-terminated):
// its size is known, which spares a constant expression counting 40,000 characters.
template <std::size_t N>
constexpr hf_config_result try_model_from_hf_config(const char (&config_json)[N], const hf_config_options& options = {}) {
  return try_model_from_hf_config(detail::hf::literal_text(config_json), options);
}
template <std::size_t N>
constexpr model model_from_hf_config(const char (&config_json)[N], const hf_config_options& options = {}) {
  return model_from_hf_config(detail::hf::literal_text(config_json), options);
}

}  // namespace kvplan::inline v0
