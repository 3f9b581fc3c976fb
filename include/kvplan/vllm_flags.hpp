// `vllm serve` command lines and --config YAML files generated from a deployment and its plan.
// SPDX-License-Identifier: Apache-2.0
//
// Flag names and value spellings follow vLLM v0.30 (`vllm serve --help` of main, 2026-09-24,
// the newest listing read); tests/data/vllm_serve_flags.txt holds that list and every generated
// command is checked against it. Numbers are spelled as a person types them ("0.9", "32768").
#pragma once

#include "kvplan/attention_backend.hpp"
#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/fixed_string.hpp"
#include "kvplan/plan.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <array>
#include <cstdint>
#include <string_view>

namespace kvplan::inline v0 {

// Which settings a generated command spells out.
enum class flag_style : std::uint8_t {
  // What a person writes: the model, --tensor-parallel-size and --max-model-len always, and
  // every other setting the deployment gives explicitly.
  explicit_settings,
  // Every setting the plan depends on, resolved (batch sizes, prefix caching, utilization), so
  // that a vLLM release with other defaults still starts the planned engine.
  pinned,
};

// A flag's value: long enough for a --speculative-config JSON naming a draft model, and for a
// --compilation-config listing every capture size kvplan takes (48 of up to four digits).
using vllm_arg_value = fixed_string<384>;

// One argument of a `vllm serve` invocation: a flag with a value, or a switch.
struct vllm_arg {
  std::string_view flag{};  // "--max-model-len"
  vllm_arg_value value{}; // empty for a switch
};

struct vllm_args {
  // The environment assignments the command needs, space-separated: VLLM_ATTENTION_BACKEND for
  // releases without --attention-backend, and the memory profile's variables the deployment
  // sets; empty when none.
  fixed_string<160> env{};

  constexpr vllm_args& set_env(std::string_view name, std::string_view value) {
    if (env.size() > 0) env.push_back(' ');
    env.append(name);
    env.push_back('=');
    env.append(value);
    return *this;
  }
  fixed_string<256> model{};
  static_vector<vllm_arg, 28> items{};

  constexpr vllm_args& add(std::string_view flag, std::string_view value = {}) {
    if (!items.push_back({flag, vllm_arg_value(value)})) fail(errc::list_exceeds_capacity, items.size() + 1, items.capacity());
    return *this;
  }
  constexpr vllm_args& add(std::string_view flag, std::int64_t value) {
    vllm_arg_value v;
    append_integer(v, value);
    return add(flag, v.view());
  }
  constexpr vllm_args& add_fraction(std::string_view flag, double value) {
    vllm_arg_value v;
    append_decimal(v, value);
    return add(flag, v.view());
  }
  constexpr const vllm_arg* begin() const { return items.begin(); }
  constexpr const vllm_arg* end() const { return items.end(); }
};

// The arguments of `vllm serve` for a deployment, in a fixed order.
// What a draft model loads: its own default checkpoint, or its id.
constexpr checkpoint checkpoint_of_draft(const deployment& d) {
  const model& m = d.speculative.draft;
  return m.checkpoints.size() > 0 ? m.checkpoints[0] : checkpoint{m.hf_id, m.torch_dtype, 0, {}, {}};
}

constexpr vllm_args vllm_serve_args(const deployment& d, const plan& p, flag_style style = flag_style::explicit_settings) {
  const bool pinned = style == flag_style::pinned;
  const vllm_rules rules = rules_for(d.vllm);
  vllm_args a;
  a.model = fixed_string<256>(checkpoint_of(d).hf_id);

  a.add("--tensor-parallel-size", d.tensor_parallel_size);
  if (pinned || d.pipeline_parallel_size != 1) a.add("--pipeline-parallel-size", d.pipeline_parallel_size);
  if (pinned || d.data_parallel_size != 1) a.add("--data-parallel-size", d.data_parallel_size);
  if (d.enable_expert_parallel) a.add("--enable-expert-parallel");
  // The length the plan was made for: auto-fit's result, so that the command cannot drift.
  a.add("--max-model-len", p.max_model_len);
  if (d.kv_cache_memory_bytes > 0)
    a.add("--kv-cache-memory-bytes", d.kv_cache_memory_bytes);
  else if (pinned || d.gpu_memory_utilization > 0)
    a.add_fraction("--gpu-memory-utilization", p.gpu_memory_utilization);
  if (d.model_dtype) a.add("--dtype", to_string(*d.model_dtype));
  else if (pinned) a.add("--dtype", to_string(d.model.torch_dtype));
  if (pinned || d.kv_cache_dtype != cache_dtype::auto_) a.add("--kv-cache-dtype", to_string(d.kv_cache_dtype));
  // The block size and backend the plan was made with: given, or pinned (vLLM's defaults for
  // both have changed between releases).
  // A block size the model's kernels fix goes in too: the DeepSeek-V4 and MiniMax-M3 recipes pass
  // --block-size (vLLM's default fails at start-up for MiniMax-M3).
  if (pinned || d.block_size > 0 || model_block_size(d.model) > 0)
    a.add("--block-size", pinned || d.block_size == 0 ? p.block_size : d.block_size);
  if (pinned || d.backend != attention_backend::automatic) {
    const std::string_view backend = to_string(d.backend != attention_backend::automatic ? d.backend : p.backend);
    if (rules.attention_backend_flag) {
      a.add("--attention-backend", backend);
    } else {
      a.set_env("VLLM_ATTENTION_BACKEND", backend);
    }
  }
  if (pinned || d.max_num_seqs > 0) a.add("--max-num-seqs", p.max_num_seqs);
  if (pinned || d.max_num_batched_tokens > 0) a.add("--max-num-batched-tokens", p.max_num_batched_tokens);
  // The mode that doubled the batch defaults (throughput) or refined the capture sizes.
  if (d.performance_mode != performance_mode::balanced) a.add("--performance-mode", to_string(d.performance_mode));
  if (d.enable_chunked_prefill)
    a.add(*d.enable_chunked_prefill ? "--enable-chunked-prefill" : "--no-enable-chunked-prefill");
  if (pinned || d.enable_prefix_caching != prefix_caching::by_default)
    a.add(p.prefix_caching ? "--enable-prefix-caching" : "--no-enable-prefix-caching");
  if (d.num_gpu_blocks_override > 0) a.add("--num-gpu-blocks-override", d.num_gpu_blocks_override);
  // The adapters the weights were sized with.
  if (d.lora.enabled) {
    a.add("--enable-lora");
    if (pinned || d.lora.max_loras > 0) a.add("--max-loras", d.lora.slots());
    if (pinned || d.lora.max_lora_rank > 0)
      a.add("--max-lora-rank", d.lora.rank());
    if (d.lora.fully_sharded) a.add("--fully-sharded-loras");
  }
  if (d.optimization_level) {
    // -O<n>: vLLM's parser takes it in every release (before v0.12 as the compilation level).
    constexpr std::string_view levels[] = {"-O0", "-O1", "-O2", "-O3"};
    a.add(levels[static_cast<std::size_t>(*d.optimization_level)]);
  }
  if (d.enforce_eager) a.add("--enforce-eager");
  else if (d.max_cudagraph_capture_size > 0) a.add("--max-cudagraph-capture-size", d.max_cudagraph_capture_size);
  if (!d.enforce_eager && (d.cudagraph_mode || !d.cudagraph_capture_sizes.empty())) {
    // {"cudagraph_mode": "PIECEWISE", "cudagraph_capture_sizes": [1,2,4]}
    vllm_arg_value json;
    json.append("{");
    if (d.cudagraph_mode) json.append("\"cudagraph_mode\": \"").append(to_string(*d.cudagraph_mode)).append("\"");
    if (!d.cudagraph_capture_sizes.empty()) {
      json.append(d.cudagraph_mode ? ", " : "").append("\"cudagraph_capture_sizes\": [");
      for (std::int32_t i = 0; i < d.cudagraph_capture_sizes.size(); ++i) {
        if (i > 0) json.append(",");
        append_integer(json, d.cudagraph_capture_sizes[i]);
      }
      json.append("]");
    }
    json.append("}");
    a.add("--compilation-config", json.view());
  }
  if (d.mamba_cache_dtype) a.add("--mamba-cache-dtype", to_string(*d.mamba_cache_dtype));
  if (d.mamba_ssm_cache_dtype) a.add("--mamba-ssm-cache-dtype", to_string(*d.mamba_ssm_cache_dtype));
  if (!d.quantization.empty()) a.add("--quantization", d.quantization);
  if (d.model.trust_remote_code) a.add("--trust-remote-code");

  // Engine features.
  if (d.speculative.method != speculative_method::none) {
    // {"method": "mtp", "num_speculative_tokens": 3}, with "model" for a draft.
    vllm_arg_value json;
    json.append("{\"method\": \"").append(to_string(d.speculative.method)).append("\"");
    const bool has_draft = d.speculative.draft.num_layers() > 0 && d.speculative.method != speculative_method::mtp &&
                           d.speculative.method != speculative_method::ngram && d.speculative.method != speculative_method::suffix;
    if (has_draft) json.append(", \"model\": \"").append(checkpoint_of_draft(d).hf_id).append("\"");
    if (p.num_speculative_tokens > 0) {
      json.append(", \"num_speculative_tokens\": ");
      append_integer(json, p.num_speculative_tokens);
    }
    json.append("}");
    a.add("--speculative-config", json.view());
  }
  if (d.decode_context_parallel_size > 1) a.add("--decode-context-parallel-size", d.decode_context_parallel_size);
  if (d.async_scheduling) a.add(*d.async_scheduling ? "--async-scheduling" : "--no-async-scheduling");
  if (d.disable_hybrid_kv_cache_manager) a.add("--disable-hybrid-kv-cache-manager");
  if (d.language_model_only) a.add("--language-model-only");
  if (d.skip_mm_profiling) a.add("--skip-mm-profiling");
  if (d.limit_images >= 0 || d.limit_videos >= 0 || d.limit_vision_chunks >= 0) {
    vllm_arg_value json;
    json.append("{");
    bool first = true;
    for (const auto& [key, limit] : {std::pair<std::string_view, std::int32_t>{"image", d.limit_images},
                                     {"video", d.limit_videos}, {"vision_chunk", d.limit_vision_chunks}}) {
      if (limit < 0) continue;
      if (!first) json.append(", ");
      json.append("\"").append(key).append("\": ");
      append_integer(json, limit);
      first = false;
    }
    json.append("}");
    a.add("--limit-mm-per-prompt", json.view());
  }
  if (d.fp4_indexer_cache) a.add("--attention-config", R"({"use_fp4_indexer_cache": true})");
  if (d.fp8_indexer_cache) a.add("--attention-config", R"({"indexer_kv_dtype": "fp8"})");
  if (d.kv_offloading_size_gib > 0) {
    a.add_fraction("--kv-offloading-size", d.kv_offloading_size_gib);
    if (d.offloading_backend == kv_offloading_backend::lmcache) a.add("--kv-offloading-backend", "lmcache");
  }
  // The memory profile's environment, as planned.
  if (d.flashinfer_sampler) a.set_env("VLLM_USE_FLASHINFER_SAMPLER", *d.flashinfer_sampler ? "1" : "0");
  if (d.estimate_cudagraph_memory)
    a.set_env("VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS", *d.estimate_cudagraph_memory ? "1" : "0");
  if (d.v2_model_runner) a.set_env("VLLM_USE_V2_MODEL_RUNNER", *d.v2_model_runner ? "1" : "0");
  return a;
}

namespace detail {
// Characters that never need quoting in a POSIX shell word.
constexpr bool shell_safe(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c == '/' || c == ':' || c == '=' || c == '@' || c == '+' || c == ',' || c == '%';
}
}  // namespace detail

// One shell word: as is when safe, else single-quoted with each ' written as '\''.
template <std::size_t N>
constexpr fixed_string<N>& append_shell_word(fixed_string<N>& out, std::string_view word) {
  bool safe = !word.empty();
  for (const char c : word) safe = safe && detail::shell_safe(c);
  if (safe) return out.append(word);
  out.push_back('\'');
  for (const char c : word) {
    if (c == '\'')
      out.append("'\\''");
    else
      out.push_back(c);
  }
  return out.push_back('\'');
}

using vllm_command = fixed_string<1024>;

// `[ENV=value] vllm serve MODEL --flag value ...` on one line.
constexpr vllm_command vllm_serve_command(const vllm_args& a) {
  vllm_command out;
  if (a.env.size() > 0) {
    out.append(a.env.view());
    out.push_back(' ');
  }
  out.append("vllm serve ");
  append_shell_word(out, a.model.view());
  for (const vllm_arg& arg : a) {
    out.push_back(' ');
    out.append(arg.flag);
    if (arg.value.size() > 0) {
      out.push_back(' ');
      append_shell_word(out, arg.value.view());
    }
  }
  return out;
}

constexpr vllm_command vllm_serve_command(const deployment& d, flag_style style = flag_style::explicit_settings) {
  return vllm_serve_command(vllm_serve_args(d, make_plan(d), style));
}

namespace detail {
// A YAML plain scalar when safe, else a double-quoted one.
template <std::size_t N>
constexpr void append_yaml_scalar(fixed_string<N>& out, std::string_view s) {
  bool plain = !s.empty();
  for (const char c : s) plain = plain && shell_safe(c) && c != ':' && c != '%' && c != '@';
  if (plain) {
    out.append(s);
    return;
  }
  out.push_back('"');
  for (const char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('"');
}
}  // namespace detail

using vllm_yaml = fixed_string<2048>;

// The same settings as a `vllm serve --config FILE` YAML file. Keys are the long flag names
// without "--". vLLM's loader drops a key whose value is false, so a switch that turns
// something off is written as its --no- form set to true.
constexpr vllm_yaml vllm_config_yaml(const vllm_args& a) {
  vllm_yaml out("# vllm serve --config this-file\n");
  if (a.env.size() > 0) {
    // Not a --config key: the environment of the vllm serve process.
    out.append("# run with ");
    out.append(a.env.view());
    out.append(" in the environment\n");
  }
  out.append("model: ");
  detail::append_yaml_scalar(out, a.model.view());
  out.push_back('\n');
  for (const vllm_arg& arg : a) {
    out.append(arg.flag.substr(2));
    out.append(": ");
    if (arg.value.size() == 0)
      out.append("true");
    else
      detail::append_yaml_scalar(out, arg.value.view());
    out.push_back('\n');
  }
  return out;
}

constexpr vllm_yaml vllm_config_yaml(const deployment& d, flag_style style = flag_style::explicit_settings) {
  return vllm_config_yaml(vllm_serve_args(d, make_plan(d), style));
}

}  // namespace kvplan::inline v0
