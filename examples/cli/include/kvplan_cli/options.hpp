// The kvplan command line: vLLM's own flag names and value forms, plus kvplan's few.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan_cli/values.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/vllm_log.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kvplan_cli {

enum class command { plan, list_models, list_gpus, help, version, size, max_model_len, expect, alerts, check };
enum class output_format { text, json, yaml };

// Everything the command line can say. Optional fields stay empty when the flag is absent, so
// that vLLM's defaults (resolved by the library) apply.
struct options {
  command cmd = command::plan;
  output_format format = output_format::text;
  kvplan::flag_style style = kvplan::flag_style::explicit_settings;

  std::string model;  // registry name, Hugging Face id, or path to a config.json
  std::optional<std::string> model_id;  // --model-id: what `vllm serve` loads for a config.json
  std::string gpu;

  std::optional<std::int32_t> tensor_parallel_size, pipeline_parallel_size, data_parallel_size;
  bool enable_expert_parallel = false;
  std::optional<double> gpu_memory_utilization;
  std::optional<count_t> kv_cache_memory_bytes;
  std::optional<count_t> max_model_len;  // -1: auto
  std::optional<kvplan::cache_dtype> kv_cache_dtype;
  std::optional<std::int32_t> block_size, max_num_seqs;
  std::optional<count_t> max_num_batched_tokens, num_gpu_blocks_override;
  std::optional<kvplan::dtype> dtype;  // --dtype: the model's compute dtype
  std::optional<std::string> quantization;
  kvplan::prefix_caching enable_prefix_caching = kvplan::prefix_caching::by_default;
  bool enforce_eager = false;
  std::optional<std::int32_t> max_cudagraph_capture_size;
  std::optional<kvplan::cudagraph_mode> cudagraph_mode;  // --compilation-config
  kvplan::capture_size_list cudagraph_capture_sizes{};
  kvplan::performance_mode performance_mode = kvplan::performance_mode::balanced;
  std::optional<kvplan::optimization_level> optimization_level;  // -O<n>
  std::optional<bool> enable_chunked_prefill;
  std::optional<kvplan::dtype> mamba_cache_dtype, mamba_ssm_cache_dtype;
  std::optional<kvplan::attention_backend> attention_backend;
  std::optional<kvplan::vllm_version> vllm_version;
  // Measured non-KV terms and the GPU total, when the user has them from vLLM's logs.
  std::optional<count_t> weights_memory, activation_memory, non_torch_memory, cudagraph_memory, gpu_total_memory;
  // --gpu-compute-capability: with --gpu-total-memory, describes a GPU kvplan does not carry.
  std::optional<std::int32_t> gpu_compute_capability;
  // Engine features. --speculative-config's method, num_speculative_tokens and draft "model" (a
  // registry name, a Hugging Face id it carries, or a config.json path).
  std::optional<kvplan::speculative_method> speculative_method;
  std::int32_t num_speculative_tokens = 0;
  std::optional<std::string> speculative_model;
  std::optional<std::int32_t> decode_context_parallel_size;
  std::optional<bool> async_scheduling;
  bool disable_hybrid_kv_cache_manager = false;
  bool language_model_only = false;
  bool skip_mm_profiling = false;
  bool enable_lora = false;  // --enable-lora, with --max-loras, --max-lora-rank, --fully-sharded-loras
  bool fully_sharded_loras = false;
  std::optional<std::int32_t> max_loras, max_lora_rank;
  std::int32_t limit_images = -1;  // --limit-mm-per-prompt (-1: not given)
  std::int32_t limit_videos = -1;
  std::int32_t limit_vision_chunks = -1;
  bool fp4_indexer_cache = false;
  bool fp8_indexer_cache = false;
  std::optional<double> kv_offloading_size;  // GiB over the engine's ranks
  std::optional<kvplan::kv_offloading_backend> kv_offloading_backend;
  std::optional<count_t> shared_prefix_tokens;  // kvplan's own: not a vLLM flag
  std::optional<kvplan::compile_cache_state> compile_cache;  // kvplan's own: --compile-cache
  // --env: vLLM environment variables of the memory profile (VLLM_USE_FLASHINFER_SAMPLER,
  // VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS, VLLM_USE_V2_MODEL_RUNNER).
  std::optional<bool> flashinfer_sampler;
  std::optional<bool> estimate_cudagraph_memory;
  std::optional<bool> v2_model_runner;
  // `kvplan size`: the target and the search space.
  std::optional<count_t> concurrency;          // requests of --max-model-len at once
  std::optional<count_t> kv_cache_tokens;      // or a token capacity
  std::vector<std::string> gpus;               // --gpus h100,b200 (empty: every GPU carried)
  std::vector<std::pair<std::string, double>> gpu_prices;  // --gpu-prices b200=6.5,h100=3
  std::optional<std::int32_t> max_gpus;        // per deployment
  std::optional<std::int32_t> max_gpus_per_engine;
  std::optional<std::int32_t> top;             // options shown
  bool why = false;                            // --why: also the refused combinations
  // The operator's commands.
  std::optional<std::string> requests;         // kvplan max-model-len: a file of request lengths
  std::optional<count_t> running;              // kvplan expect: requests running
  std::optional<count_t> request_tokens;       // kvplan expect: tokens each
  std::optional<std::string> metrics;          // kvplan check: a /metrics file or http:// URL
  std::optional<std::string> served_model_name;  // vLLM's model_name label (alerts, check)
  // --from-vllm-log: a vLLM start-up log (a path, or - for standard input) whose measured
  // figures and non-default args the plan takes; flags given here win over the log's args.
  std::optional<std::string> from_vllm_log;
  bool explain = false;  // --explain: each memory term's inputs and arithmetic
  // The flags given on the command line, so that a log's args fill only the others.
  std::vector<std::string> given_flags;
};

struct parse_result {
  options opts;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// --- the flag table ----------------------------------------------------------------------------

// How to read one flag's value into the options, or why it cannot be read.
using setter = std::string (*)(options&, std::string_view);

struct flag_spec {
  std::string_view name;    // long form, as vLLM spells it
  std::string_view alias;   // vLLM's short form ("-tp"), or empty
  bool takes_value;
  std::string_view accepted;  // the accepted form, for error messages and --help
  setter set;
};

// Every flag the program takes, in --help order.
const std::vector<flag_spec>& flag_table();

// Parses the arguments after the program name.
parse_result parse_args(const std::vector<std::string_view>& args);

// The settings a vLLM log's non-default args give, for the flags not given on the command line:
// each arg whose name is one of the program's flags is set as that flag would set it. Returns
// the args taken ("max_model_len=16384"), or sets `error` when one has a value the flag refuses.
// The args kvplan does not model (disable_custom_all_reduce, say), other than the server's own, go to `not_read`:
// the plan takes vLLM's defaults for them, which the report says.
std::vector<std::string> apply_log_args(const kvplan::vllm_log& log, options& o, std::string& error,
                                        std::vector<std::string>* not_read = nullptr);

// --compilation-config as a start-up log prints it (the Python repr of vLLM's CompilationConfig):
// sets the cudagraph_mode, cudagraph_capture_sizes and max_cudagraph_capture_size it holds, and
// returns them ("cudagraph_mode=PIECEWISE").
std::vector<std::string> compilation_config_from_log(options& o, std::string_view repr);

// Up to `count` candidates closest to `query` (case-insensitive), closest first.
std::vector<std::string> closest(std::string_view query, const std::vector<std::string>& candidates,
                                 std::size_t count = 3);

}  // namespace kvplan_cli
