// From command-line options to a kvplan::deployment: registry lookups and vLLM's flags applied.
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/resolve.hpp"

#include "kvplan_cli/operate.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/registry.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvplan_cli {

std::optional<std::filesystem::path> config_json_path(const std::string& model) {
  std::error_code ec;
  const std::filesystem::path p(model);
  if (std::filesystem::is_regular_file(p, ec)) return p;
  if (std::filesystem::is_directory(p, ec) && std::filesystem::is_regular_file(p / "config.json", ec))
    return p / "config.json";
  return std::nullopt;
}

std::string model_id_for(const std::filesystem::path& config) {
  if (config.filename() != "config.json") return {};
  const std::filesystem::path dir = config.parent_path();
  const std::string cache = dir.parent_path().parent_path().filename().string();
  if (dir.parent_path().filename() == "snapshots" && cache.rfind("models--", 0) == 0) {
    std::string id = cache.substr(8);
    const std::size_t sep = id.find("--");
    if (sep != std::string::npos) id.replace(sep, 2, "/");
    return id;
  }
  return dir.empty() ? std::string(".") : dir.string();
}

namespace {

// Reads a config.json into r.deployment.model.
void resolve_config_json(const std::filesystem::path& path, const options& o, resolved& r) {
  // The largest real configs (NAS block lists) are tens of KB; anything past 16 MiB is not one.
  constexpr std::uintmax_t max_config_bytes = 16u << 20;
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size > max_config_bytes) {
    r.error = "'" + path.string() + "' is not a config.json (" +
              (ec ? ec.message() : std::to_string(size) + " bytes; the limit is 16 MiB") + ")";
    return;
  }
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) {
    r.error = "cannot read '" + path.string() + "'";
    return;
  }
  r.config_text = std::make_shared<const std::string>(std::move(text));
  r.model_id = std::make_shared<const std::string>(o.model_id ? *o.model_id : model_id_for(path));
  const kvplan::hf_config_result parsed =
      kvplan::try_model_from_hf_config(*r.config_text, {.hf_id = *r.model_id});
  if (!parsed.ok()) {
    r.error = path.string() + ": " + kvplan::describe(parsed.error);
    return;
  }
  if (parsed.model.hf_id.empty()) {
    r.error = path.string() + ": config.json has no \"_name_or_path\" to say what `vllm serve` loads; "
              "pass --model-id (a Hugging Face id or a folder), or name the folder that holds config.json";
    return;
  }
  r.deployment.model = parsed.model;
  r.deployment.checkpoint = 0;
}

std::vector<std::string> model_names() {
  std::vector<std::string> names;
  for (const kvplan::model& m : kvplan::models::all) {
    names.emplace_back(m.name);
    names.emplace_back(m.hf_id);
  }
  return names;
}

std::vector<std::string> gpu_names() {
  std::vector<std::string> names;
  for (const kvplan::gpu& g : kvplan::gpus::all) {
    names.emplace_back(g.name);
    names.emplace_back(g.device_name);
  }
  for (const kvplan::gpu_alias& a : kvplan::gpu_aliases) names.emplace_back(a.alias);
  return names;
}

std::string unknown(const char* what, const std::string& name, const std::vector<std::string>& names,
                           const char* list) {
  std::string e = std::string("unknown ") + what + " '" + name + "'";
  const std::vector<std::string> near = closest(name, names);
  if (!near.empty()) {
    e += "; closest: ";
    for (std::size_t i = 0; i < near.size(); ++i) e += (i ? ", " : "") + near[i];
  }
  return e + " (see `kvplan list " + list + "`)";
}

}  // namespace

namespace {
resolved resolve_options(const options& o);

}  // namespace

resolved resolve(const options& given) {
  if (!given.from_vllm_log) return resolve_options(given);
  // A start-up log: its non-default args fill the flags not given, its measured figures the
  // memory terms not given.
  std::string error;
  // Start-up logs are kilobytes; 256 MiB is room for any with debug output.
  const std::string text = read_source(*given.from_vllm_log, error, std::size_t{256} << 20);
  resolved failed;
  if (!error.empty()) {
    failed.error = "--from-vllm-log: " + error;
    return failed;
  }
  kvplan::vllm_log log = kvplan::read_vllm_log(text);
  if (log.empty()) {
    failed.error = "--from-vllm-log: no vLLM start-up line found in '" + *given.from_vllm_log +
                   "' (Model loading took ..., Available KV cache memory: ..., non-default args: ...)";
    return failed;
  }
  options o = given;
  std::vector<std::string> not_read;
  std::vector<std::string> taken = apply_log_args(log, o, error, &not_read);
  if (!error.empty()) {
    failed.error = error;
    return failed;
  }
  // The release the log names, unless --vllm-version says otherwise.
  if (log.version && !o.vllm_version) {
    if (*log.version < kvplan::oldest_vllm || *log.version > kvplan::newest_vllm) {
      failed.error = "--from-vllm-log: the log is of vLLM " + std::to_string(log.version->major) + "." +
                     std::to_string(log.version->minor) + ", outside the releases kvplan models (0.10 to 0.33); "
                     "pass --vllm-version";
      return failed;
    }
    o.vllm_version = log.version;
  }
  resolved r = resolve_options(o);
  if (!r.ok()) return r;
  kvplan::deployment& d = r.deployment;
  const kvplan::non_kv_memory flags = d.memory;  // measured figures given as flags win
  const kvplan::count_t flag_total = o.gpu_total_memory.value_or(0);
  // The measured terms belong to the deployment the log ran: read them with the log's own
  // settings (its args over the flags given), then plan the flags' deployment on them, so that
  // --gpu-memory-utilization 0.95 beside a log is a what-if, not a new measurement.
  // A log prints only the args that differ from vLLM's defaults: the logged deployment is the
  // installation (model, GPU, measured figures, environment) with the log's args, and vLLM's
  // defaults for every other setting, whatever the flags say.
  kvplan::deployment measured = d;
  std::string not_as_logged;
  if (log.args.empty()) {
    not_as_logged = "the log prints no non-default args: its deployment is taken as the flags describe it";
  } else {
    options as_logged;
    as_logged.model = given.model;
    as_logged.model_id = given.model_id;
    as_logged.gpu = given.gpu;
    as_logged.gpu_total_memory = given.gpu_total_memory;
    as_logged.gpu_compute_capability = given.gpu_compute_capability;
    as_logged.weights_memory = given.weights_memory;
    as_logged.activation_memory = given.activation_memory;
    as_logged.non_torch_memory = given.non_torch_memory;
    as_logged.cudagraph_memory = given.cudagraph_memory;
    as_logged.flashinfer_sampler = given.flashinfer_sampler;
    as_logged.estimate_cudagraph_memory = given.estimate_cudagraph_memory;
    as_logged.v2_model_runner = given.v2_model_runner;
    as_logged.compile_cache = given.compile_cache;
    as_logged.vllm_version = o.vllm_version;
    std::string why;
    (void)apply_log_args(log, as_logged, why);
    if (!why.empty()) {
      not_as_logged = why;
    } else {
      const resolved logged = resolve_options(as_logged);
      if (logged.ok()) measured = logged.deployment;
      else not_as_logged = logged.error;
    }
  }
  r.applied = kvplan::apply_vllm_log(log, measured);
  if (!not_as_logged.empty())
    r.applied.assumed.push_back("the logged deployment: " + not_as_logged + " (the flags' deployment stands for it)");
  d.memory = measured.memory;
  d.gpu.total_memory_bytes = measured.gpu.total_memory_bytes;
  if (!d.flashinfer_sampler) d.flashinfer_sampler = measured.flashinfer_sampler;
  if (!d.estimate_cudagraph_memory) d.estimate_cudagraph_memory = measured.estimate_cudagraph_memory;
  if (!given.compile_cache) d.compile_cache = measured.compile_cache;
  d.vllm = o.vllm_version.value_or(kvplan::newest_vllm);  // --vllm-version wins over the log's release
  // An environment read from the log, for a release that has no such variable, is dropped.
  if (!given.estimate_cudagraph_memory && !kvplan::rules_for(d.vllm).estimates_cudagraph_memory)
    d.estimate_cudagraph_memory.reset();
  if (flags.weights_bytes) d.memory.weights_bytes = flags.weights_bytes;
  if (flags.activation_bytes) d.memory.activation_bytes = flags.activation_bytes;
  if (flags.non_torch_bytes) d.memory.non_torch_bytes = flags.non_torch_bytes;
  if (flags.cudagraph_bytes) d.memory.cudagraph_bytes = flags.cudagraph_bytes;
  if (flag_total > 0) d.gpu.total_memory_bytes = flag_total;
  r.log = std::move(log);
  r.log_args = std::move(taken);
  r.log_args_not_read = std::move(not_read);
  return r;
}

namespace {
resolved resolve_options(const options& o) {
  resolved r;
  kvplan::deployment& d = r.deployment;
  if (const std::optional<std::filesystem::path> config = config_json_path(o.model)) {
    resolve_config_json(*config, o, r);
    if (!r.ok()) return r;
  } else if (o.model_id) {
    r.error = "--model-id goes with a config.json MODEL; '" + o.model + "' is not a file or a folder holding one";
    return r;
  } else {
    const kvplan::model_match m = kvplan::find_model(o.model);
    const bool looks_like_path = o.model.ends_with(".json") || o.model.starts_with("/") || o.model.starts_with(".");
    if (!m && looks_like_path) {
      r.error = "no config.json at '" + o.model + "' (not a readable file, nor a folder that holds one)";
      return r;
    }
    if (!m) {
      r.error = unknown("model", o.model, model_names(), "models") +
                "; or give the path of a config.json, or of a folder that holds one";
      return r;
    }
    d.model = *m.found;
    d.checkpoint = m.checkpoint;
  }
  const kvplan::gpu* g = kvplan::find_gpu(o.gpu);
  if (g != nullptr && o.gpu_compute_capability) {
    r.error = "--gpu-compute-capability describes a GPU kvplan does not carry, and it carries '" + o.gpu +
              "' (" + std::string(g->device_name) + "); drop the flag, or give --gpu-total-memory alone";
    return r;
  }
  if (g == nullptr && o.gpu_compute_capability) {
    if (!o.gpu_total_memory) {
      r.error = "--gpu-compute-capability needs --gpu-total-memory: the total vLLM logs as \"Free memory on "
                "device (X/Y GiB)\" (Y), or nvidia-smi's free memory at idle";
      return r;
    }
    const std::optional<kvplan::gpu> described =
        kvplan::describe_gpu(o.gpu, *o.gpu_compute_capability, *o.gpu_total_memory);
    if (!described) {
      const std::int32_t c = *o.gpu_compute_capability;
      r.error = "--gpu-compute-capability " + (c < 900 ? std::to_string(c / 10) + "." + std::to_string(c % 10) : "gfx" + std::to_string(c)) +
                " is not a GPU architecture vLLM runs on that kvplan knows (NVIDIA 7.5 to 12.1; AMD gfx90a, gfx942, "
                "gfx950, gfx11xx)";
      return r;
    }
    d.gpu = *described;
  } else if (g == nullptr) {
    r.error = unknown("GPU", o.gpu, gpu_names(), "gpus") +
              "; or describe it with --gpu-total-memory and --gpu-compute-capability";
    return r;
  } else {
    d.gpu = *g;
  }
  if (o.gpu_total_memory) d.gpu.total_memory_bytes = *o.gpu_total_memory;
  d.model_dtype = o.dtype;
  d.tensor_parallel_size = o.tensor_parallel_size.value_or(1);
  d.pipeline_parallel_size = o.pipeline_parallel_size.value_or(1);
  d.data_parallel_size = o.data_parallel_size.value_or(1);
  d.enable_expert_parallel = o.enable_expert_parallel;
  d.kv_cache_dtype = o.kv_cache_dtype.value_or(kvplan::cache_dtype::auto_);
  d.gpu_memory_utilization = o.gpu_memory_utilization.value_or(0);
  d.kv_cache_memory_bytes = o.kv_cache_memory_bytes.value_or(0);
  d.block_size = o.block_size.value_or(0);
  d.max_model_len = o.max_model_len.value_or(0);
  d.max_num_seqs = o.max_num_seqs.value_or(0);
  d.max_num_batched_tokens = o.max_num_batched_tokens.value_or(0);
  d.enable_prefix_caching = o.enable_prefix_caching;
  d.num_gpu_blocks_override = o.num_gpu_blocks_override.value_or(0);
  d.enforce_eager = o.enforce_eager;
  d.max_cudagraph_capture_size = o.max_cudagraph_capture_size.value_or(0);
  d.cudagraph_mode = o.cudagraph_mode;
  d.cudagraph_capture_sizes = o.cudagraph_capture_sizes;
  d.performance_mode = o.performance_mode;
  d.optimization_level = o.optimization_level;
  d.enable_chunked_prefill = o.enable_chunked_prefill;
  d.backend = o.attention_backend.value_or(kvplan::attention_backend::automatic);
  d.mamba_cache_dtype = o.mamba_cache_dtype;
  d.mamba_ssm_cache_dtype = o.mamba_ssm_cache_dtype;
  d.vllm = o.vllm_version.value_or(kvplan::newest_vllm);
  d.memory.weights_bytes = o.weights_memory;
  d.memory.activation_bytes = o.activation_memory;
  d.memory.non_torch_bytes = o.non_torch_memory;
  d.memory.cudagraph_bytes = o.cudagraph_memory;
  // Engine features.
  if (o.speculative_method) {
    d.speculative.method = *o.speculative_method;
    d.speculative.num_speculative_tokens = o.num_speculative_tokens;
    if (o.speculative_model) {
      const std::string& name = *o.speculative_model;
      if (const std::optional<std::filesystem::path> config = config_json_path(name)) {
        std::ifstream in(*config, std::ios::binary);
        r.draft_config_text = std::make_shared<const std::string>(std::istreambuf_iterator<char>(in),
                                                                  std::istreambuf_iterator<char>());
        r.draft_model_id = std::make_shared<const std::string>(model_id_for(*config));
        const kvplan::hf_config_result parsed =
            kvplan::try_model_from_hf_config(*r.draft_config_text, {.hf_id = *r.draft_model_id});
        if (!parsed.ok()) {
          r.error = "--speculative-config model " + config->string() + ": " + kvplan::describe(parsed.error);
          return r;
        }
        d.speculative.draft = parsed.model;
      } else if (const kvplan::model_match m = kvplan::find_model(name)) {
        d.speculative.draft = *m.found;
      } else {
        r.error = "--speculative-config: " + unknown("draft model", name, model_names(), "models") +
                  "; or give the path of its config.json";
        return r;
      }
    }
  }
  d.decode_context_parallel_size = o.decode_context_parallel_size.value_or(1);
  d.async_scheduling = o.async_scheduling;
  d.disable_hybrid_kv_cache_manager = o.disable_hybrid_kv_cache_manager;
  d.language_model_only = o.language_model_only;
  d.lora = {.enabled = o.enable_lora, .max_loras = o.max_loras.value_or(0), .max_lora_rank = o.max_lora_rank.value_or(0),
            .fully_sharded = o.fully_sharded_loras};
  d.skip_mm_profiling = o.skip_mm_profiling;
  d.limit_images = o.limit_images;
  d.limit_videos = o.limit_videos;
  d.limit_vision_chunks = o.limit_vision_chunks;
  d.fp4_indexer_cache = o.fp4_indexer_cache;
  d.fp8_indexer_cache = o.fp8_indexer_cache;
  d.kv_offloading_size_gib = o.kv_offloading_size.value_or(0);
  d.offloading_backend = o.kv_offloading_backend.value_or(kvplan::kv_offloading_backend::native);
  d.shared_prefix_tokens = o.shared_prefix_tokens.value_or(0);
  d.compile_cache = o.compile_cache.value_or(kvplan::compile_cache_state::cold);
  d.flashinfer_sampler = o.flashinfer_sampler;
  d.estimate_cudagraph_memory = o.estimate_cudagraph_memory;
  d.v2_model_runner = o.v2_model_runner;
  if (o.quantization) {
    // Held by the result (heap-held, so a move keeps the deployment's view valid).
    r.quantization = std::make_shared<const std::string>(*o.quantization);
    d.quantization = *r.quantization;
  }
  return r;
}

}  // namespace

}  // namespace kvplan_cli
