// The kvplan program: its commands and its exit status.
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/app.hpp"

#include "kvplan_cli/options.hpp"
#include "kvplan_cli/report.hpp"
#include "kvplan_cli/resolve.hpp"

#include <kvplan/models.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr const char* usage = R"(usage: kvplan MODEL --gpu GPU [options]
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
      kinds += (kinds.empty() ? "" : ", ") + std::to_string(m.layers.count(t.kind)) + " " +
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
