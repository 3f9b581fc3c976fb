// Errors: every reason a deployment cannot be planned, named in the user's words.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"

#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <type_traits>

namespace kvplan::inline v0 {

// One row per problem: identifier, message with {0} {1} {2} standing for the error's values, and
// the names of those values. The identifier is also the name of a function in
// kvplan::diagnostics (reached when a plan is evaluated in a constant expression, so the
// compiler's error names the problem) and of a constrained template in kvplan::require (used by
// the guards in kvplan/guards.hpp, whose failure prints the named values).
#define KVPLAN_ERROR_TABLE(X) \
  X(arithmetic_overflow, "a figure overflowed 64-bit arithmetic ({0}, {1})", lhs, rhs, unused) \
  X(division_by_zero, "division by a non-positive number ({0} / {1})", numerator, denominator, unused) \
  X(model_has_no_layers, "the model has no layers (num_hidden_layers = {0})", num_hidden_layers, unused_1, unused_2) \
  X(model_has_too_many_layers, "the model has {0} layers; kvplan descriptors hold at most {1}", num_layers, max_layers, unused) \
  X(model_has_too_many_layer_types, "the model has more than {0} distinct layer types", max_layer_types, unused_1, unused_2) \
  X(layer_type_out_of_range, "layer {0} names layer type {1}, but the model defines {2} types", layer, layer_type, num_layer_types) \
  X(checkpoint_out_of_range, "checkpoint {0} does not exist: the model lists {1}", checkpoint, num_checkpoints, unused) \
  X(num_attention_heads_must_be_positive, "num_attention_heads must be positive (got {0})", num_attention_heads, unused_1, unused_2) \
  X(num_kv_heads_must_be_positive, "layer {0}: num_key_value_heads must be positive (got {1})", layer, num_key_value_heads, unused) \
  X(head_size_must_be_positive, "layer {0}: head size must be positive (got {1})", layer, head_size, unused) \
  X(window_must_be_positive, "layer {0}: the sliding window / attention chunk must be positive (got {1})", layer, window, unused) \
  X(state_shape_must_be_positive, "layer {0}: a Mamba / linear-attention state dimension is not positive (got {1})", layer, dimension, unused) \
  X(tensor_parallel_size_must_be_positive, "tensor_parallel_size must be at least 1 (got {0})", tensor_parallel_size, unused_1, unused_2) \
  X(pipeline_parallel_size_must_be_positive, "pipeline_parallel_size must be at least 1 (got {0})", pipeline_parallel_size, unused_1, unused_2) \
  X(data_parallel_size_must_be_positive, "data_parallel_size must be at least 1 (got {0})", data_parallel_size, unused_1, unused_2) \
  X(tensor_parallel_size_must_divide_num_attention_heads, "num_attention_heads ({1}) must be divisible by tensor_parallel_size ({0})", tensor_parallel_size, num_attention_heads, unused) \
  X(tensor_parallel_size_must_divide_num_kv_heads, "num_key_value_heads ({1}) must be divisible by tensor_parallel_size ({0})", tensor_parallel_size, num_key_value_heads, unused) \
  X(tensor_parallel_size_must_be_a_multiple_of_num_kv_heads, "tensor_parallel_size ({0}) is larger than num_key_value_heads ({1}) and must be a multiple of it so that each KV head is replicated evenly", tensor_parallel_size, num_key_value_heads, unused) \
  X(tensor_parallel_size_must_divide_state_heads, "a Mamba / linear-attention layer has {1} heads (or channels), not divisible by tensor_parallel_size ({0})", tensor_parallel_size, state_heads, unused) \
  X(pipeline_parallel_size_exceeds_num_layers, "pipeline_parallel_size ({0}) exceeds the number of layers ({1})", pipeline_parallel_size, num_layers, unused) \
  X(gpu_memory_utilization_out_of_range, "gpu_memory_utilization must be in (0, 1] (got {0m})", gpu_memory_utilization_thousandths, unused_1, unused_2) \
  X(kv_cache_memory_bytes_must_be_positive, "kv_cache_memory_bytes must be positive (got {0})", kv_cache_memory_bytes, unused_1, unused_2) \
  X(max_model_len_must_be_positive, "max_model_len must be positive, or auto (got {0})", max_model_len, unused_1, unused_2) \
  X(max_model_len_exceeds_derived_max, "max_model_len ({0}) is greater than the model's derived maximum ({1}, from max_position_embeddings)", max_model_len, derived_max_model_len, unused) \
  X(max_num_seqs_must_be_positive, "max_num_seqs must be positive (got {0})", max_num_seqs, unused_1, unused_2) \
  X(max_num_batched_tokens_must_be_positive, "max_num_batched_tokens must be positive (got {0})", max_num_batched_tokens, unused_1, unused_2) \
  X(cudagraph_capture_size_beyond_counted, "max_cudagraph_capture_size {0} (or max_num_batched_tokens, if smaller) is beyond the {1} tokens up to which kvplan counts CUDA graphs", capture_size, counted_limit, unused) \
  X(cudagraph_capture_size_must_be_positive, "a CUDA-graph capture size (max_cudagraph_capture_size, cudagraph_capture_sizes) must be positive (got {0})", capture_size, unused_1, unused_2) \
  X(block_size_must_be_positive, "block_size must be positive (got {0})", block_size, unused_1, unused_2) \
  X(block_size_not_supported_by_attention_backend, "block_size {0} is not supported by the attention backend, whose kernels take multiples of {1}", block_size, kernel_block_size, unused) \
  X(kv_cache_dtype_needs_fp8_support, "an fp8 KV cache needs a GPU with fp8 support (compute capability {0} has none)", compute_capability, unused_1, unused_2) \
  X(weights_need_newer_gpu, "{s} weights need an NVIDIA GPU of compute capability {1} or newer (this GPU: {0})", compute_capability, needed_compute_capability, unused) \
  X(nvfp4_needs_blackwell, "an nvfp4 KV cache needs an NVIDIA Blackwell GPU with fp4 tensor cores (compute capability {0})", compute_capability, unused_1, unused_2) \
  X(fp8_ds_mla_needs_mla, "kv_cache_dtype fp8_ds_mla needs a model with MLA attention", unused_0, unused_1, unused_2) \
  X(kv_cache_dtype_not_supported_for_mla, "this kv_cache_dtype cannot store an MLA latent", unused_0, unused_1, unused_2) \
  X(mla_page_size_cannot_be_unified, "an MLA page of {0} bytes does not divide the largest page of {1} bytes, and vLLM cannot pad MLA pages", mla_page_bytes, largest_page_bytes, unused) \
  X(head_size_not_divisible_for_kv_cache_dtype, "head size {0} is not a multiple of {1}, which this kv_cache_dtype packs together", head_size, packing, unused) \
  X(weights_exceed_gpu_memory, "the weights need {0} bytes per GPU but the GPU has {1} bytes", weights_bytes, total_memory_bytes, unused) \
  X(no_memory_for_kv_cache, "no available memory for the cache blocks: {0} bytes requested, {1} bytes taken by weights, activations and the rest", requested_memory_bytes, non_kv_cache_bytes, unused) \
  X(max_model_len_does_not_fit, "one request at max_model_len ({0}) needs {1} bytes of KV cache but {2} bytes are available", max_model_len, needed_bytes, available_bytes) \
  X(max_num_seqs_exceeds_mamba_cache_blocks, "max_num_seqs ({0}) exceeds the {1} blocks of the KV cache, and FULL CUDA graphs need a Mamba state block for each decoding sequence: lower max_num_seqs to at most {1}", max_num_seqs, mamba_cache_blocks, unused) \
  X(cannot_auto_fit_max_model_len, "cannot auto-fit max_model_len: not enough memory to serve even a single token ({0} bytes available for the KV cache)", available_kv_cache_bytes, unused_1, unused_2) \
  X(attention_free_model_has_no_kv_cache, "the model has no KV cache", unused_0, unused_1, unused_2) \
  X(text_capacity_exceeded, "a generated text needs more than its {0} characters of capacity", capacity, unused_1, unused_2) \
  X(list_exceeds_capacity, "a list of {0} items exceeds its capacity of {1}", num_items, capacity, unused) \
  X(config_json_syntax_error, "config.json is not valid JSON: {s} (at byte {0})", byte_offset, unused_1, unused_2) \
  X(config_key_missing, "config.json has no \"{s}\", which kvplan needs to size this model", unused_0, unused_1, unused_2) \
  X(config_key_must_be_an_integer, "config.json \"{s}\" must be an integer", unused_0, unused_1, unused_2) \
  X(config_key_must_be_a_number, "config.json \"{s}\" must be a number", unused_0, unused_1, unused_2) \
  X(config_key_must_be_a_string, "config.json \"{s}\" must be a string", unused_0, unused_1, unused_2) \
  X(config_key_must_be_a_boolean, "config.json \"{s}\" must be true or false", unused_0, unused_1, unused_2) \
  X(config_key_must_be_an_object, "config.json \"{s}\" must be a JSON object", unused_0, unused_1, unused_2) \
  X(config_key_must_be_an_array, "config.json \"{s}\" must be an array", unused_0, unused_1, unused_2) \
  X(config_value_out_of_range, "config.json \"{s}\" is {0}, outside the range kvplan accepts ({1} to {2})", value, lowest, highest) \
  X(config_hidden_size_not_divisible_by_heads, "config.json hidden_size ({0}) is not divisible by num_attention_heads ({1}) and there is no \"{s}\" to give the head size", hidden_size, num_attention_heads, unused) \
  X(config_keys_conflict, "config.json \"{s}\" conflicts with the rest of the config ({0} vs {1})", value, expected, unused) \
  X(config_value_not_supported, "config.json \"{s}\" has a value kvplan does not know how to size", unused_0, unused_1, unused_2) \
  X(config_key_not_understood, "config.json has \"{s}\", whose meaning depends on the model type, and its model_type is not one kvplan reads", unused_0, unused_1, unused_2) \
  X(pipeline_parallel_size_exceeds_stage_limit, "pipeline_parallel_size ({0}) exceeds the {1} pipeline stages a kvplan plan holds", pipeline_parallel_size, max_pipeline_stages, unused) \
  X(model_dtype_must_be_a_float_type, "dtype {s} is not one vLLM computes in (float16, bfloat16 or float32)", unused_0, unused_1, unused_2) \
  X(config_dtype_keys_disagree, "config.json \"torch_dtype\" and \"dtype\" name different dtypes", unused_0, unused_1, unused_2) \
  X(speculative_method_needs_mtp_layers, "--speculative-config method mtp needs the model's MTP layers (num_nextn_predict_layers), and this model has none", unused_0, unused_1, unused_2) \
  X(speculative_method_needs_draft_model, "--speculative-config method {s} needs a draft model", unused_0, unused_1, unused_2) \
  X(num_speculative_tokens_required, "--speculative-config method {s} needs num_speculative_tokens >= 1", unused_0, unused_1, unused_2) \
  X(num_speculative_tokens_not_multiple_of_mtp_layers, "num_speculative_tokens ({0}) must be divisible by the model's MTP layers ({1}) when it exceeds them", num_speculative_tokens, num_mtp_layers, unused) \
  X(decode_context_parallel_size_must_divide_tp, "tensor_parallel_size ({1}) must be divisible by decode_context_parallel_size ({0})", decode_context_parallel_size, tensor_parallel_size, unused) \
  X(decode_context_parallel_size_exceeds_kv_head_copies, "decode_context_parallel_size ({0}) exceeds tensor_parallel_size / KV heads ({1}): each DCP rank holds whole KV heads", decode_context_parallel_size, kv_head_copies, unused) \
  X(decode_context_parallel_not_with_local_attention, "decode context parallelism does not support sliding-window or chunked attention layers", unused_0, unused_1, unused_2) \
  X(hybrid_kv_cache_manager_needed, "--disable-hybrid-kv-cache-manager cannot serve a model with Mamba or linear-attention layers: vLLM cannot unify their specs with attention", unused_0, unused_1, unused_2) \
  X(feature_needs_newer_vllm, "{s} needs vLLM {0}.{1}.{2} or newer", major, minor, patch) \
  X(kv_offloading_size_must_be_positive, "kv_offloading_size must be positive GiB (got {0m})", kv_offloading_size_thousandths, unused_1, unused_2) \
  X(shared_prefix_tokens_out_of_range, "shared_prefix_tokens ({0}) must be between 0 and max_model_len", shared_prefix_tokens, unused_1, unused_2) \
  X(mm_limit_must_not_be_negative, "limit_mm_per_prompt: the {s} limit must be 0 or more (got {0})", limit, unused_1, unused_2) \
  X(page_sizes_cannot_be_unified, "vLLM before 0.23 cannot unify KV pages of {0} and {1} bytes: the smaller must divide the larger", page_bytes, largest_page_bytes, unused) \
  X(full_attention_page_sizes_differ, "vLLM before 0.11 cannot hold full-attention layers of different page sizes ({0} and {1} bytes) in one KV-cache group", page_bytes, other_page_bytes, unused) \
  X(architecture_not_in_vllm, "vLLM does not serve {s}: it is not in vLLM's model registry", unused_0, unused_1, unused_2) \
  X(architecture_removed_from_vllm, "vLLM no longer serves {s}: the last release that did was {0}.{1}.{2}", major, minor, patch) \
  X(model_type_unknown_to_vllm, "vLLM cannot read model_type \"{s}\": neither transformers nor vLLM has its config class, and the config names no auto_map", unused_0, unused_1, unused_2) \
  X(config_part_not_counted, "config.json has \"{s}\", whose parameters kvplan does not count for this model type", unused_0, unused_1, unused_2) \
  X(compress_ratio_not_supported, "layer {0}: DeepSeek-V4 compresses by 4 or 128 (or not at all), not {1}", layer, compress_ratio, unused) \
  X(deepseek_v4_needs, "DeepSeek-V4 needs {s}", unused_0, unused_1, unused_2) \
  X(minimax_m3_needs, "MiniMax-M3 needs {s}", unused_0, unused_1, unused_2) \
  X(fp4_indexer_cache_needs_deepseek_v4, "use_fp4_indexer_cache applies to DeepSeek-V4's indexer only (vLLM: not supported for the DeepSeek-V3.2 family yet)", unused_0, unused_1, unused_2) \
  X(mamba_all_cache_mode_not_modelled, "prefix caching on {s} caches its Mamba state at every block (vLLM's \"all\" mode, from v0.11.1 or v0.11.2 to v0.27), a layout kvplan does not size: plan it with --no-enable-prefix-caching, or for vLLM 0.28 or newer (\"align\" mode)", unused_0, unused_1, unused_2) \
  X(quantization_not_supported_for_checkpoint, "quantization {s} is not one kvplan sizes for this checkpoint (fp8 on unquantized weights, or the checkpoint's own method)", unused_0, unused_1, unused_2) \
  X(max_num_batched_tokens_below_max_model_len, "max_num_batched_tokens ({0}) is smaller than max_model_len ({1}) with chunked prefill off: vLLM refuses it (raise max_num_batched_tokens, lower max_model_len, or leave chunked prefill on)", max_num_batched_tokens, max_model_len, unused) \
  X(lora_setting_without_enable_lora, "{s} takes effect only with --enable-lora: vLLM ignores it without", unused_0, unused_1, unused_2) \
  X(max_loras_must_be_positive, "max_loras must be at least 1, not {0}", max_loras, unused_1, unused_2) \
  X(lora_rank_not_allowed, "max_lora_rank {0} is not a rank vLLM allows: 8, 16, 32, 64, 128, 256, 320 or 512 (and 1 from vLLM 0.11.1)", max_lora_rank, unused_1, unused_2) \
  X(lora_with_expert_parallel, "vLLM's LoRA on routed experts does not run with expert parallelism (FusedMoEWithLoRA asserts it is off)", unused_0, unused_1, unused_2) \
  X(lora_not_sized_for, "kvplan does not size LoRA's adapter slots for {s} layers (it sizes attention with query, key and value projections, dense MLPs and routed experts)", unused_0, unused_1, unused_2)

enum class errc : std::uint8_t {
  none = 0,
#define KVPLAN_X(name, text, a, b, c) name,
  KVPLAN_ERROR_TABLE(KVPLAN_X)
#undef KVPLAN_X
};

// The message template of an error code, with {0} {1} {2} for its values.
constexpr std::string_view message_template(errc code) {
  switch (code) {
    case errc::none: return "no error";
#define KVPLAN_X(name, text, a, b, c) \
  case errc::name:           \
    return text;
    KVPLAN_ERROR_TABLE(KVPLAN_X)
#undef KVPLAN_X
  }
  return "unknown error";
}

constexpr std::string_view name_of(errc code) {
  switch (code) {
    case errc::none: return "none";
#define KVPLAN_X(name, text, a, b, c) \
  case errc::name:           \
    return #name;
    KVPLAN_ERROR_TABLE(KVPLAN_X)
#undef KVPLAN_X
  }
  return "unknown";
}

// An error with up to three numbers that explain it, and the name it is about when there is one
// (a config.json key, an unknown value).
struct error {
  errc code = errc::none;
  std::int64_t values[3] = {0, 0, 0};
  std::string_view subject{};

  constexpr explicit operator bool() const { return code != errc::none; }
  friend constexpr bool operator==(const error&, const error&) = default;
};

// Appends the decimal digits of v to any `out` with push_back, optionally with the thousands
// separators Python's f"{n:,}" prints.
template <class Out>
constexpr void format_integer(Out& out, std::int64_t v, bool thousands = false) {
  char digits[24]{};
  int n = 0;
  std::int64_t rest = v < 0 ? v : -v;  // negative, so INT64_MIN needs no special case
  do {
    digits[n++] = static_cast<char>('0' - rest % 10);
    rest /= 10;
  } while (rest != 0);
  if (v < 0) out.push_back('-');
  for (int i = n - 1; i >= 0; --i) {
    out.push_back(digits[i]);
    if (thousands && i > 0 && i % 3 == 0) out.push_back(',');
  }
}

// Writes the message with its values filled in to any string-like `out` (with push_back):
// std::string at run time, kvplan::fixed_string in a constant expression. {s} stands for the
// subject.
template <class Out>
constexpr void format_error(Out& out, const error& e) {
  const std::string_view t = message_template(e.code);
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '{' && i + 2 < t.size() && t[i + 2] == '}' && t[i + 1] == 's') {
      for (const char c : e.subject) out.push_back(c);
      i += 2;
    } else if (t[i] == '{' && i + 3 < t.size() && t[i + 2] == 'm' && t[i + 3] == '}' && t[i + 1] >= '0' &&
               t[i + 1] <= '2') {
      // {0m}: a value in thousandths, written as a decimal (1500 -> 1.5).
      const std::int64_t v = e.values[t[i + 1] - '0'];
      const std::int64_t whole = v / 1000;
      std::int64_t frac = (v % 1000 < 0 ? -(v % 1000) : v % 1000);
      if (v < 0 && whole == 0) out.push_back('-');
      format_integer(out, whole);
      if (frac != 0) {
        out.push_back('.');
        for (std::int64_t unit = 100; frac != 0; unit /= 10) {
          out.push_back(static_cast<char>('0' + frac / unit));
          frac %= unit;
        }
      }
      i += 3;
    } else if (t[i] == '{' && i + 2 < t.size() && t[i + 2] == '}' && t[i + 1] >= '0' && t[i + 1] <= '2') {
      format_integer(out, e.values[t[i + 1] - '0']);
      i += 2;
    } else {
      out.push_back(t[i]);
    }
  }
}

// The message with its values filled in.
inline std::string describe(const error& e) {
  std::string out;
  format_error(out, e);
  return out;
}

// Thrown by kvplan::make_plan and friends at run time. In a constant expression the same
// failure is a compile error instead (see fail()).
class plan_error : public std::exception {
 public:
  explicit plan_error(const error& e) : error_(e), what_(describe(e)) {}
  const char* what() const noexcept override { return what_.c_str(); }
  const kvplan::error& error() const noexcept { return error_; }

 private:
  kvplan::error error_;
  std::string what_;
};

// Deliberately not constexpr: reaching one in a constant expression is the compile error,
// and its name is the message.
namespace diagnostics {
#define KVPLAN_X(name, text, a, b, c) \
  inline void name() {}
KVPLAN_ERROR_TABLE(KVPLAN_X)
#undef KVPLAN_X
}  // namespace diagnostics

namespace detail {
// `subject` is unused here, but a compiler's "in call to report_at_compile_time(..., "key")"
// note prints it beside the function named after the problem.
constexpr void report_at_compile_time(errc code, [[maybe_unused]] std::string_view subject = {}) {
  switch (code) {
    case errc::none: return;
#define KVPLAN_X(name, text, a, b, c) \
  case errc::name:           \
    diagnostics::name();     \
    return;
    KVPLAN_ERROR_TABLE(KVPLAN_X)
#undef KVPLAN_X
  }
}
}  // namespace detail

// Reports a failure: a compile error in a constant expression (naming the problem, with the
// values in the compiler's "in constexpr expansion" note), a kvplan::plan_error at run time.
constexpr void fail(errc code, std::int64_t a = 0, std::int64_t b = 0, std::int64_t c = 0,
                    std::string_view subject = {}) {
  if (std::is_constant_evaluated()) {
    detail::report_at_compile_time(code, subject);
  } else {
#if defined(__cpp_exceptions)
    throw plan_error(error{code, {a, b, c}, subject});
#else
    (void)a, (void)b, (void)c, (void)subject;
    std::terminate();
#endif
  }
}

constexpr void fail(const error& e) { fail(e.code, e.values[0], e.values[1], e.values[2], e.subject); }

// Fails with e when it is an error: how arithmetic enforces a rule that validate() also reports,
// both from the one function that states the rule.
constexpr void enforce(const error& e) {
  if (e) fail(e);
}

}  // namespace kvplan::inline v0
