// The kvplan program: its commands and its exit status.
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/app.hpp"

#include "kvplan_cli/operate.hpp"
#include "kvplan_cli/options.hpp"
#include "kvplan_cli/report.hpp"
#include "kvplan_cli/resolve.hpp"

#include <kvplan/models.hpp>
#include <kvplan/registry.hpp>
#include <kvplan/sizing.hpp>

#include <algorithm>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr const char* usage = R"(usage: kvplan MODEL --gpu GPU [options]
       kvplan size MODEL (--concurrency N | --kv-cache-tokens T) --max-model-len L [--gpus ...] [options]
       kvplan max-model-len MODEL --gpu GPU --requests FILE [options]
       kvplan expect MODEL --gpu GPU --running N --request-tokens L [--shared-prefix-tokens P] [options]
       kvplan alerts MODEL --gpu GPU [--served-model-name NAME] [options]   (Prometheus rules, YAML)
       kvplan check MODEL --gpu GPU --metrics FILE|http://host:port/metrics [options]
       kvplan list models | kvplan list gpus | kvplan --help | kvplan --version

Plans a vLLM deployment the way vLLM sizes it at start-up: memory per GPU, KV bytes per token,
block size and blocks, "GPU KV cache size" in tokens, maximum concurrency at max_model_len,
whether one request at max_model_len fits (and the largest max_model_len that does), and the
`vllm serve` command.

MODEL is a name from `kvplan list models`, a Hugging Face id (an official FP8 / NVFP4
checkpoint id selects those weights), or the path of a model's config.json (or of a folder
holding one) for a model kvplan does not carry. Options take vLLM's own names and value forms:
)";

void print_help() {
  std::fputs(usage, stdout);
  for (const kvplan_cli::flag_spec& f : kvplan_cli::flag_table()) {
    std::string name(f.name);
    if (!f.alias.empty()) name += ", " + std::string(f.alias);
    std::printf("  %-30s %s\n", name.c_str(), f.accepted.empty() ? "(switch)" : std::string(f.accepted).c_str());
  }
  std::printf(
      "\nNumbers follow vLLM's parsing: 32k = 32,000 and 32K = 32,768. The non-KV terms (weights,\n"
      "activation peak, non-torch, CUDA graphs) are estimates unless given; pass the figures from\n"
      "your vLLM logs, or --kv-cache-memory-bytes, for exact results.\n"
      "Exit status: 0 fits; 1 does not fit in memory (why, with the numbers, on stderr; with --json\n"
      "the plan, \"fits\": false, on stdout too); 2 bad input\n"
      "or a deployment vLLM refuses outright (a rule broken, named on stderr).\n");
}

int list_models() {
  std::printf("%-34s %-46s %-13s %s\n", "NAME", "HUGGING FACE ID", "PARAMS", "LAYERS (cache kinds)");
  for (const kvplan::model& m : kvplan::models::all) {
    std::string kinds;
    for (std::int32_t i = 0; i < m.layers.types.size(); ++i) {
      const kvplan::layer_type& t = m.layers.types[static_cast<std::size_t>(i)];
      kinds += (kinds.empty() ? "" : ", ") + std::to_string(m.layers.layers_of_type[i]) + " " +
               std::string(kvplan::to_string(t.kind));
    }
    char params[32];
    std::snprintf(params, sizeof params, "%.1fB", static_cast<double>(m.total_params) / 1e9);
    std::printf("%-34s %-46s %-13s %s\n", std::string(m.name).c_str(), std::string(m.hf_id).c_str(), params,
                kinds.c_str());
  }
  return kvplan_cli::success;
}

int list_gpus() {
  std::printf("%-14s %-46s %10s %7s %4s %4s\n", "NAME", "DEVICE", "TOTAL GiB", "CC", "FP8", "FP4");
  for (const kvplan::gpu& g : kvplan::gpus::all)
    std::printf("%-14s %-46s %10s %7d %4s %4s\n", std::string(g.name).c_str(), std::string(g.device_name).c_str(),
                kvplan_cli::gib(g.total_memory_bytes).c_str(), g.compute_capability, g.fp8 ? "yes" : "no",
                g.fp4 ? "yes" : "no");
  return kvplan_cli::success;
}

// `kvplan size`: the smallest deployments that meet the target.
int size(kvplan_cli::options o) {
  const kvplan_cli::output_format format = o.format;
  if (o.gpu.empty()) o.gpu = "h100-sxm";  // resolve() needs one; the search replaces it
  const kvplan_cli::resolved r = kvplan_cli::resolve(o);
  if (!r.ok()) {
    std::fprintf(stderr, "kvplan: %s\n", r.error.c_str());
    return kvplan_cli::bad_input;
  }
  kvplan::sizing_request req;
  req.model = r.deployment.model;
  req.settings = r.deployment;
  req.max_model_len = o.max_model_len.value_or(0);
  req.concurrent_requests = o.concurrency.value_or(0);
  req.kv_cache_tokens = o.kv_cache_tokens.value_or(0);
  req.max_gpus = o.max_gpus.value_or(64);
  req.max_gpus_per_engine = o.max_gpus_per_engine.value_or(8);
  if (o.kv_cache_dtype) req.try_fp8_kv_cache = false;  // the user chose one
  for (const std::string& name : o.gpus) {
    const kvplan::gpu* g = kvplan::find_gpu(name);
    if (g == nullptr) {
      std::fprintf(stderr, "kvplan: --gpus: unknown GPU '%s' (see `kvplan list gpus`)\n", name.c_str());
      return kvplan_cli::bad_input;
    }
    if (!req.gpus.push_back(*g)) break;
  }
  for (const auto& [name, price] : o.gpu_prices) {
    const kvplan::gpu* g = kvplan::find_gpu(name);
    if (g == nullptr) {
      std::fprintf(stderr, "kvplan: --gpu-prices: unknown GPU '%s' (see `kvplan list gpus`)\n", name.c_str());
      return kvplan_cli::bad_input;
    }
    if (!req.prices.push_back({g->name, price})) break;
  }
  const kvplan::sizing_result found = kvplan::smallest_deployments(req);
  const std::int32_t top = std::min<std::int32_t>(o.top.value_or(10), found.options.size());
  const auto checkpoint_id = [&](const kvplan::sizing_option& x) {
    return std::string(req.model.checkpoints.size() > 0 ? req.model.checkpoints[x.checkpoint].hf_id : req.model.hf_id);
  };
  const std::string target = req.kv_cache_tokens > 0
                                 ? kvplan_cli::with_commas(req.kv_cache_tokens) + " tokens of KV cache"
                                 : kvplan_cli::with_commas(req.concurrent_requests) + " concurrent requests";
  if (format == kvplan_cli::output_format::json) {
    std::string out = "{\"model\": " + kvplan_cli::json_string(req.model.hf_id) + ", \"target\": " +
                      kvplan_cli::json_string(target) + ", \"plans_tried\": " + std::to_string(found.tried) + ", \"options\": [";
    for (std::int32_t i = 0; i < top; ++i) {
      const kvplan::sizing_option& x = found.options[i];
      const kvplan::deployment d = kvplan::deployment_of(req, x);
      const kvplan::plan p = kvplan::make_plan(d);
      char num[64];
      std::snprintf(num, sizeof num, "%.4f", x.concurrency_per_replica);
      out += std::string(i ? ", " : "") + "{\"gpu\": " + kvplan_cli::json_string(x.g.name) + ", \"total_gpus\": " +
             std::to_string(x.total_gpus) + ", \"tensor_parallel_size\": " + std::to_string(x.tensor_parallel_size) +
             ", \"pipeline_parallel_size\": " + std::to_string(x.pipeline_parallel_size) +
             ", \"data_parallel_size\": " + std::to_string(x.replicas) +
             ", \"enable_expert_parallel\": " + (x.enable_expert_parallel ? "true" : "false") +
             ", \"checkpoint\": " + kvplan_cli::json_string(checkpoint_id(x)) + ", \"kv_cache_dtype\": " +
             kvplan_cli::json_string(kvplan::to_string(p.kv_cache_dtype)) + ", \"max_model_len\": " +
             std::to_string(x.max_model_len) + ", \"concurrency_per_replica\": " + num +
             ", \"kv_cache_tokens_per_replica\": " + std::to_string(x.kv_cache_tokens_per_replica) +
             ", \"headroom_bytes\": " + std::to_string(x.headroom_bytes) + ", \"cost_per_hour\": " +
             kvplan_cli::shortest(x.cost_per_hour) + ", \"within_uncertainty\": " +
             (x.within_uncertainty ? "true" : "false") + ", \"vllm_serve\": " +
             kvplan_cli::json_string(kvplan::vllm_serve_command(kvplan::vllm_serve_args(d, p, o.style)).view()) + "}";
    }
    out += "]}\n";
    std::fputs(out.c_str(), stdout);
  } else {
    std::printf("%s: %s of up to %s tokens; %d plans tried\n\n", std::string(req.model.hf_id).c_str(), target.c_str(),
                kvplan_cli::with_commas(found.found() ? found.options[0].max_model_len : req.max_model_len).c_str(),
                found.tried);
    if (found.found()) {
      std::printf("  %4s  %-14s %3s %3s %3s %3s  %-46s %-11s %13s %9s\n", "GPUS", "GPU", "TP", "PP", "DP", "EP",
                  "CHECKPOINT", "KV DTYPE", "CONCURRENCY", "COST/H");
      for (std::int32_t i = 0; i < top; ++i) {
        const kvplan::sizing_option& x = found.options[i];
        const kvplan::plan p = kvplan::make_plan(kvplan::deployment_of(req, x));
        std::printf("  %4d  %-14s %3d %3d %3d %3s  %-46s %-11s %12sx %9s%s\n", x.total_gpus,
                    std::string(x.g.name).c_str(), x.tensor_parallel_size, x.pipeline_parallel_size, x.replicas,
                    x.enable_expert_parallel ? "yes" : "-", checkpoint_id(x).c_str(),
                    std::string(kvplan::to_string(p.kv_cache_dtype)).c_str(),
                    kvplan_cli::fixed2(x.concurrency_per_replica * x.replicas).c_str(),
                    x.cost_per_hour > 0 ? kvplan_cli::fixed2(x.cost_per_hour).c_str() : "-",
                    x.within_uncertainty ? "  (within the estimate's uncertainty)" : "");
      }
      const kvplan::deployment d = kvplan::deployment_of(req, found.options[0]);
      const kvplan::plan p = kvplan::make_plan(d);
      std::printf("\nLaunch (the first, each replica)\n  %s\n",
                  std::string(kvplan::vllm_serve_command(kvplan::vllm_serve_args(d, p, o.style)).view()).c_str());
    } else {
      std::printf("  No deployment of at most %d GPUs (%d per replica) meets the target.\n", req.max_gpus,
                  req.max_gpus_per_engine);
    }
    if (o.why && !found.refusals.empty()) {
      std::printf("\nRefused\n");
      for (const kvplan::sizing_refusal& x : found.refusals) {
        const std::string why = x.why.code == kvplan::errc::none
                                    ? "needs " + std::to_string(x.why.values[0]) + " GPUs, more than --max-gpus " +
                                          std::to_string(x.why.values[1])
                                    : kvplan::describe(x.why);
        std::printf("  %-14s TP %d PP %d %-46s %-9s %s\n", std::string(x.gpu).c_str(), x.tensor_parallel_size,
                    x.pipeline_parallel_size,
                    std::string(req.model.checkpoints.size() > 0 ? req.model.checkpoints[x.checkpoint].hf_id
                                                                 : req.model.hf_id).c_str(),
                    std::string(kvplan::to_string(x.kv_cache_dtype)).c_str(), why.c_str());
      }
      if (found.refusals_not_kept > 0) std::printf("  ... and %d more\n", found.refusals_not_kept);
    }
  }
  return found.found() ? kvplan_cli::success : kvplan_cli::does_not_fit;
}

int plan(const std::vector<std::string_view>& args) {
  const kvplan_cli::parse_result parsed = kvplan_cli::parse_args(args);
  if (!parsed.ok()) {
    std::fprintf(stderr, "kvplan: %s\n(run `kvplan --help` for the options)\n", parsed.error.c_str());
    return kvplan_cli::bad_input;
  }
  const kvplan_cli::options& o = parsed.opts;
  switch (o.cmd) {
    case kvplan_cli::command::help: print_help(); return kvplan_cli::success;
    case kvplan_cli::command::version:
      std::printf("kvplan %d.%d.%d (vLLM %d.%d rules)\n", KVPLAN_VERSION_MAJOR, KVPLAN_VERSION_MINOR,
                  KVPLAN_VERSION_PATCH, kvplan::newest_vllm.major, kvplan::newest_vllm.minor);
      return kvplan_cli::success;
    case kvplan_cli::command::list_models: return list_models();
    case kvplan_cli::command::list_gpus: return list_gpus();
    case kvplan_cli::command::size: return size(o);
    case kvplan_cli::command::max_model_len:
    case kvplan_cli::command::expect:
    case kvplan_cli::command::alerts:
    case kvplan_cli::command::check: {
      const kvplan_cli::resolved r = kvplan_cli::resolve(o);
      if (!r.ok()) {
        std::fprintf(stderr, "kvplan: %s\n", r.error.c_str());
        return kvplan_cli::bad_input;
      }
      if (o.cmd == kvplan_cli::command::max_model_len) return kvplan_cli::max_model_len_command(o, r);
      if (o.cmd == kvplan_cli::command::expect) return kvplan_cli::expect_command(o, r);
      if (o.cmd == kvplan_cli::command::alerts) return kvplan_cli::alerts_command(o, r);
      return kvplan_cli::check_command(o, r);
    }
    case kvplan_cli::command::plan: break;
  }
  const kvplan_cli::resolved r = kvplan_cli::resolve(o);
  if (!r.ok()) {
    std::fprintf(stderr, "kvplan: %s\n", r.error.c_str());
    return kvplan_cli::bad_input;
  }
  const kvplan::plan_result result = kvplan::try_plan(r.deployment);
  if (!result.ok()) {
    std::fprintf(stderr, "kvplan: cannot plan this deployment: %s\n", kvplan::describe(result.error).c_str());
    return kvplan_cli::bad_input;
  }
  const kvplan::plan& p = result.plan;
  std::string out;
  switch (o.format) {
    case kvplan_cli::output_format::json: out = kvplan_cli::json_report(o, r.deployment, p, &r); break;
    case kvplan_cli::output_format::yaml:
      out = std::string(kvplan::vllm_config_yaml(kvplan::vllm_serve_args(r.deployment, p, o.style)).view());
      break;
    case kvplan_cli::output_format::text: out = kvplan_cli::text_report(o, r.deployment, p, &r); break;
  }
  if (!p.fits()) {
    // JSON says "fits": false itself, and a script wants the numbers most when it does not fit.
    // Text and YAML are not a result a script could take for one: they go to stderr.
    std::fputs(out.c_str(), o.format == kvplan_cli::output_format::json ? stdout : stderr);
    if (o.format != kvplan_cli::output_format::text)
      std::fprintf(stderr, "kvplan: does not fit: %s\n", kvplan::verdict_message(p).c_str());
    return kvplan_cli::does_not_fit;
  }
  std::fputs(out.c_str(), stdout);
  return kvplan_cli::success;
}

}  // namespace

int kvplan_cli::run(const std::vector<std::string_view>& args) {
  // The options are bounded so that no plan overflows; should one still be refused by the
  // library's checked arithmetic, it is bad input, not a crash.
  try {
    return plan(args);
  } catch (const kvplan::plan_error& e) {
    std::fprintf(stderr, "kvplan: cannot plan this deployment: %s\n", e.what());
    return kvplan_cli::bad_input;
  }
}
