// The operator's commands: max-model-len, expect, alerts, check.
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/operate.hpp"

#include "kvplan_cli/app.hpp"
#include "kvplan_cli/report.hpp"

#include <kvplan/metrics_text.hpp>
#include <kvplan/operations.hpp>
#include <kvplan/request_log.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace kvplan_cli {

namespace {

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", fraction * 100.0);
  return buf;
}

std::string fixed4(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

std::string launch(const options& o, const kvplan::deployment& d, const kvplan::plan& p) {
  return std::string(kvplan::vllm_serve_command(kvplan::vllm_serve_args(d, p, o.style)).view());
}

// The plan of a resolved deployment, or the error printed and bad_input returned.
bool plan_or_report(const kvplan::deployment& d, kvplan::plan& out) {
  const kvplan::plan_result r = kvplan::try_plan(d);
  if (!r.ok()) {
    std::fprintf(stderr, "kvplan: cannot plan this deployment: %s\n", kvplan::describe(r.error).c_str());
    return false;
  }
  out = r.plan;
  return true;
}

std::string model_name_of(const options& o, const kvplan::deployment& d) {
  return o.served_model_name ? *o.served_model_name : std::string(kvplan::checkpoint_of(d).hf_id);
}

// A YAML / PromQL double-quoted string body (quotes and backslashes escaped).
std::string quoted(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

}  // namespace

// --- kvplan max-model-len ------------------------------------------------------------------------

int max_model_len_command(const options& o, const resolved& r) {
  std::string error;
  const std::string text = read_source(*o.requests, error);
  if (!error.empty()) {
    std::fprintf(stderr, "kvplan: --requests: %s\n", error.c_str());
    return bad_input;
  }
  const kvplan::request_lengths lengths = kvplan::read_request_lengths(text);
  if (!lengths.ok()) {
    std::fprintf(stderr, "kvplan: --requests %s: %s\n", o.requests->c_str(), lengths.error.c_str());
    return bad_input;
  }
  const kvplan::deployment& today = r.deployment;
  kvplan::plan now;
  if (!plan_or_report(today, now)) return bad_input;
  const kvplan::length_percentiles& s = lengths.stats;
  const kvplan::count_t recommended =
      kvplan::recommended_max_model_len(s.p99, now.block_size, today.model.max_model_len);
  kvplan::deployment next = today;
  next.max_model_len = recommended;
  kvplan::plan rec;
  if (!plan_or_report(next, rec)) return bad_input;
  // Requests the recommendation would refuse (vLLM rejects prompt + max_tokens beyond it).
  const bool exact = lengths.format != kvplan::request_log_format::metrics;
  const kvplan::count_t rejected =
      exact ? static_cast<kvplan::count_t>(lengths.lengths.end() -
                                           std::upper_bound(lengths.lengths.begin(), lengths.lengths.end(), recommended))
            : 0;
  const bool capped = recommended == today.model.max_model_len && kvplan::cdiv(s.p99 * 6, 5) > recommended;
  if (o.format == output_format::json) {
    std::printf("{\"requests\": %lld, \"source\": %s, \"p50\": %lld, \"p95\": %lld, \"p99\": %lld, \"max\": %lld, "
                "\"upper_bounds_from_histograms\": %s, \"recommended_max_model_len\": %lld, \"capped_at_model_max\": %s, "
                "\"rejected_requests\": %s, \"today\": {\"max_model_len\": %lld, \"max_concurrency\": %s, "
                "\"kv_cache_tokens\": %lld}, \"recommended\": {\"max_model_len\": %lld, \"max_concurrency\": %s, "
                "\"kv_cache_tokens\": %lld, \"fits\": %s}, \"vllm_serve\": %s}\n",
                static_cast<long long>(s.count),
                json_string(lengths.format == kvplan::request_log_format::json_lines ? "json_lines"
                            : lengths.format == kvplan::request_log_format::csv     ? "csv"
                                                                                     : "metrics").c_str(),
                static_cast<long long>(s.p50), static_cast<long long>(s.p95), static_cast<long long>(s.p99),
                static_cast<long long>(s.max), exact ? "false" : "true", static_cast<long long>(recommended),
                capped ? "true" : "false", exact ? std::to_string(rejected).c_str() : "null",
                static_cast<long long>(now.max_model_len), shortest(now.max_concurrency).c_str(),
                static_cast<long long>(now.kv_cache_tokens), static_cast<long long>(rec.max_model_len),
                shortest(rec.max_concurrency).c_str(), static_cast<long long>(rec.kv_cache_tokens),
                rec.fits() ? "true" : "false", json_string(launch(o, next, rec)).c_str());
    return success;
  }
  std::printf("Request lengths (%s: %s requests, prompt + completion tokens%s)\n", o.requests->c_str(),
              with_commas(s.count).c_str(), exact ? "" : "; from histograms, so each figure is a bucket's upper bound");
  std::printf("  P50 %s   P95 %s   P99 %s   max %s\n\n", with_commas(s.p50).c_str(), with_commas(s.p95).c_str(),
              with_commas(s.p99).c_str(), with_commas(s.max).c_str());
  std::printf("Recommended --max-model-len %s: P99 %s + 20%%, rounded up to whole %s-token blocks%s.\n",
              with_commas(recommended).c_str(), with_commas(s.p99).c_str(), with_commas(now.block_size).c_str(),
              capped ? ", capped at the model's maximum" : "");
  if (exact)
    std::printf("  It refuses %s of %s requests (%s): those longer than %s tokens.\n", with_commas(rejected).c_str(),
                with_commas(s.count).c_str(), percent(static_cast<double>(rejected) / static_cast<double>(s.count)).c_str(),
                with_commas(recommended).c_str());
  std::printf("\n  %-24s %16s %16s\n", "", ("today, " + with_commas(now.max_model_len)).c_str(),
              ("then, " + with_commas(rec.max_model_len)).c_str());
  std::printf("  %-24s %15sx %15sx\n", "Maximum concurrency", fixed2(now.max_concurrency).c_str(),
              fixed2(rec.max_concurrency).c_str());
  std::printf("  %-24s %16s %16s\n", "GPU KV cache size", with_commas(now.kv_cache_tokens).c_str(),
              with_commas(rec.kv_cache_tokens).c_str());
  std::printf("\nLaunch\n  %s\n", launch(o, next, rec).c_str());
  return success;
}

// --- kvplan expect -------------------------------------------------------------------------------

int expect_command(const options& o, const resolved& r) {
  const kvplan::deployment& d = r.deployment;
  kvplan::plan p;
  if (!plan_or_report(d, p)) return bad_input;
  const kvplan::count_t running = *o.running, tokens = *o.request_tokens;
  const kvplan::usage_expectation u = kvplan::expected_usage(p, running, tokens, d.shared_prefix_tokens);
  if (o.format == output_format::json) {
    std::printf("{\"running\": %lld, \"request_tokens\": %lld, \"shared_prefix_tokens\": %lld, \"blocks_per_request\": %lld, "
                "\"shared_blocks\": %lld, \"blocks\": %lld, \"usable_blocks\": %lld, \"kv_cache_usage\": %s, "
                "\"kv_bytes_per_gpu\": %lld, \"all_fit\": %s, \"gpu_memory_in_use_bytes\": %lld}\n",
                static_cast<long long>(running), static_cast<long long>(tokens),
                static_cast<long long>(d.shared_prefix_tokens), static_cast<long long>(u.blocks_per_request),
                static_cast<long long>(u.shared_blocks), static_cast<long long>(u.blocks),
                static_cast<long long>(u.usable_blocks), shortest(u.kv_cache_usage).c_str(),
                static_cast<long long>(u.kv_bytes), u.fits ? "true" : "false",
                static_cast<long long>(p.requested_memory_bytes));
    return success;
  }
  std::printf("%s requests of %s tokens%s, on each GPU:\n", with_commas(running).c_str(), with_commas(tokens).c_str(),
              d.shared_prefix_tokens > 0 ? (" sharing a " + with_commas(d.shared_prefix_tokens) + "-token prefix").c_str() : "");
  std::printf("  %-34s %14s\n", "blocks per request", with_commas(u.blocks_per_request).c_str());
  if (u.shared_blocks > 0) std::printf("  %-34s %14s\n", "blocks of the prefix, held once", with_commas(u.shared_blocks).c_str());
  std::printf("  %-34s %14s  of %s usable (num_gpu_blocks - 1)\n", "blocks held", with_commas(u.blocks).c_str(),
              with_commas(u.usable_blocks).c_str());
  std::printf("  %-34s %14s  (%s)\n", "vllm:kv_cache_usage_perc", fixed4(u.kv_cache_usage).c_str(),
              percent(u.kv_cache_usage).c_str());
  std::printf("  %-34s %14s GiB\n", "KV cache in use", gib(u.kv_bytes).c_str());
  std::printf("\nvLLM allocates the whole KV cache at start-up, so GPU memory (nvidia-smi) stays near %s GiB\n"
              "whatever the load; what grows with requests is the usage gauge above.\n",
              gib(p.requested_memory_bytes).c_str());
  if (!u.fits)
    std::printf("They do not all fit: %s of them hold every block; the rest wait (or preempt others).\n",
                with_commas(u.usable_blocks / std::max<kvplan::count_t>(u.blocks_per_request - u.shared_blocks, 1)).c_str());
  if (running > p.max_num_seqs)
    std::printf("At most %d run at once (--max-num-seqs); the rest wait.\n", p.max_num_seqs);
  return success;
}

// --- kvplan alerts --------------------------------------------------------------------------------

std::string prometheus_rules(const kvplan::deployment& d, const kvplan::plan& p, const std::string& model_name) {
  const kvplan::alert_thresholds a = kvplan::alert_thresholds_of(p);
  const std::string sel = "{model_name=\"" + quoted(model_name) + "\"}";
  const std::string figures = with_commas(p.num_gpu_blocks) + " blocks of " + with_commas(p.block_size) + " tokens; " +
                              with_commas(p.blocks_per_request) + " blocks per request at max_model_len " +
                              with_commas(p.max_model_len) + "; " + with_commas(a.max_concurrency) +
                              " such requests at once (max_num_seqs " + std::to_string(p.max_num_seqs) + ")";
  std::string y;
  y += "# Prometheus alert rules for " + model_name + " on " + std::to_string(d.tensor_parallel_size * d.pipeline_parallel_size) +
       " x " + std::string(d.gpu.device_name) + " (TP " + std::to_string(d.tensor_parallel_size) + ", PP " +
       std::to_string(d.pipeline_parallel_size) + "), from kvplan's plan for vLLM " + std::to_string(p.vllm.major) + "." +
       std::to_string(p.vllm.minor) + ":\n# " + figures + ".\n";
  y += "# Metric names of vLLM's /metrics (v0.9.2 and later): vllm:kv_cache_usage_perc is a fraction.\n";
  y += "groups:\n  - name: kvplan-vllm\n    rules:\n";
  const auto rule = [&](const std::string& name, const std::string& expr, const std::string& wait,
                        const std::string& severity, const std::string& summary, const std::string& description) {
    y += "      - alert: " + name + "\n        expr: " + expr + "\n";
    if (!wait.empty()) y += "        for: " + wait + "\n";
    y += "        labels:\n          severity: " + severity + "\n";
    y += "        annotations:\n          summary: \"" + quoted(summary) + "\"\n          description: \"" +
         quoted(description) + "\"\n";
  };
  rule("VllmKvCacheUsageHigh", "max by (model_name) (vllm:kv_cache_usage_perc" + sel + ") > 0.8", "5m", "warning",
       "vLLM KV-cache usage above 80%",
       "Usage is {{ $value | humanizePercentage }} of the KV cache. The plan: " + figures + ".");
  rule("VllmKvCacheUsageCritical", "max by (model_name) (vllm:kv_cache_usage_perc" + sel + ") > 0.9", "2m", "critical",
       "vLLM KV-cache usage above 90%",
       "Usage is {{ $value | humanizePercentage }}: new requests wait and running ones may be preempted. The plan: " +
           figures + ".");
  rule("VllmRunningRequestsNearCapacity",
       "sum by (model_name) (vllm:num_requests_running" + sel + ") > " + std::to_string(a.running_requests_warning), "5m",
       "warning", "vLLM running requests near the planned capacity",
       "{{ $value }} requests running; 80% of the " + std::to_string(std::min<kvplan::count_t>(a.max_concurrency, p.max_num_seqs)) +
           " the plan holds at once is " + std::to_string(a.running_requests_warning) + ".");
  rule("VllmRequestsWaiting", "sum by (model_name) (vllm:num_requests_waiting" + sel + ") > 0", "5m", "warning",
       "vLLM requests waiting", "{{ $value }} requests waiting for a slot or for KV-cache blocks.");
  rule("VllmPreemptions", "sum by (model_name) (rate(vllm:num_preemptions_total" + sel + "[5m])) > 0", "10m", "warning",
       "vLLM preempting requests",
       "The engine preempts requests ({{ $value }} per second): the KV cache runs out of blocks under this load.");
  return y;
}

int alerts_command(const options& o, const resolved& r) {
  kvplan::plan p;
  if (!plan_or_report(r.deployment, p)) return bad_input;
  if (!p.fits()) {
    std::fprintf(stderr, "kvplan: does not fit: %s\n", kvplan::verdict_message(p).c_str());
    return does_not_fit;
  }
  const std::string rules = prometheus_rules(r.deployment, p, model_name_of(o, r.deployment));
  if (o.format == output_format::json) {
    const kvplan::alert_thresholds a = kvplan::alert_thresholds_of(p);
    std::printf("{\"kv_cache_usage_warning\": 0.8, \"kv_cache_usage_critical\": 0.9, \"running_requests_warning\": %lld, "
                "\"max_concurrency\": %lld, \"max_num_seqs\": %d, \"rules_yaml\": %s}\n",
                static_cast<long long>(a.running_requests_warning), static_cast<long long>(a.max_concurrency),
                p.max_num_seqs, json_string(rules).c_str());
    return success;
  }
  std::fputs(rules.c_str(), stdout);
  return success;
}

// --- kvplan check --------------------------------------------------------------------------------

int check_command(const options& o, const resolved& r) {
  std::string error;
  const std::string text = read_source(*o.metrics, error);
  if (!error.empty()) {
    std::fprintf(stderr, "kvplan: --metrics: %s\n", error.c_str());
    return bad_input;
  }
  const kvplan::metrics_read read = kvplan::read_vllm_metrics(text);
  if (!read.ok()) {
    std::fprintf(stderr, "kvplan: --metrics %s: %s\n", o.metrics->c_str(), read.error.c_str());
    return bad_input;
  }
  const kvplan::vllm_metrics& m = read.metrics;
  const kvplan::deployment& d = r.deployment;
  kvplan::plan p;
  if (!plan_or_report(d, p)) return bad_input;
  struct finding {
    std::string severity, what;
  };
  std::vector<finding> findings;
  // The configuration the engine started with, against the plan's.
  if (m.num_gpu_blocks && *m.num_gpu_blocks > 0) {
    const double ratio = static_cast<double>(*m.num_gpu_blocks) / static_cast<double>(std::max<kvplan::count_t>(p.num_gpu_blocks, 1));
    if (ratio < 0.98 || ratio > 1.02)
      findings.push_back({"config", "the engine has " + with_commas(*m.num_gpu_blocks) + " KV-cache blocks, the plan " +
                                        with_commas(p.num_gpu_blocks) + " (" + percent(ratio - 1.0) +
                                        "): it runs on another configuration than planned (GPU, utilization, TP, "
                                        "max_model_len or version), or the estimate is off; pass its start-up log "
                                        "(--from-vllm-log) for exact figures"});
  }
  if (m.block_size && *m.block_size != p.block_size)
    findings.push_back({"config", "the engine's block size is " + std::to_string(*m.block_size) + ", the plan's " +
                                      std::to_string(p.block_size)});
  if (m.gpu_memory_utilization && std::abs(*m.gpu_memory_utilization - p.gpu_memory_utilization) > 1e-6)
    findings.push_back({"config", "the engine runs at gpu_memory_utilization " + shortest(*m.gpu_memory_utilization) +
                                      ", the plan at " + shortest(p.gpu_memory_utilization)});
  if (m.enable_prefix_caching && *m.enable_prefix_caching != p.prefix_caching)
    findings.push_back({"config", std::string("prefix caching is ") + (*m.enable_prefix_caching ? "on" : "off") +
                                      " in the engine, " + (p.prefix_caching ? "on" : "off") + " in the plan"});
  // The load against the cache.
  const kvplan::alert_thresholds a = kvplan::alert_thresholds_of(p);
  const double running = m.requests_running.value_or(0), waiting = m.requests_waiting.value_or(0);
  const double usage = m.kv_cache_usage.value_or(0);
  // Tokens a running request holds: --request-tokens, else the mean prompt plus the mean output
  // the histograms record (a request near its end), else half of max_model_len.
  kvplan::count_t tokens = o.request_tokens.value_or(0);
  std::string tokens_from = "--request-tokens";
  if (tokens == 0 && m.prompt_tokens.count > 0) {
    tokens = static_cast<kvplan::count_t>(m.prompt_tokens.sum / m.prompt_tokens.count +
                                          (m.generation_tokens.count > 0 ? m.generation_tokens.sum / m.generation_tokens.count : 0.0));
    tokens_from = "the mean prompt + output of finished requests";
  }
  if (tokens == 0) {
    tokens = p.max_model_len / 2;
    tokens_from = "half of max_model_len (no lengths known)";
  }
  const kvplan::usage_expectation u =
      kvplan::expected_usage(p, static_cast<kvplan::count_t>(running), std::max<kvplan::count_t>(tokens, 1), d.shared_prefix_tokens);
  if (m.kv_cache_usage && running > 0 && usage > 1.5 * u.kv_cache_usage + 0.05)
    findings.push_back({"warning", "KV-cache usage " + percent(usage) + " is above the " + percent(u.kv_cache_usage) +
                                       " that " + shortest(running) + " requests of " + with_commas(tokens) +
                                       " tokens hold: fragmentation, longer requests than assumed (" + tokens_from +
                                       "), or a leak"});
  if (usage > 0.9) findings.push_back({"critical", "KV-cache usage " + percent(usage) + " is above 90%"});
  else if (usage > 0.8) findings.push_back({"warning", "KV-cache usage " + percent(usage) + " is above 80%"});
  if (running > static_cast<double>(a.running_requests_warning))
    findings.push_back({"warning", shortest(running) + " requests running, above 80% of the " +
                                       std::to_string(std::min<kvplan::count_t>(a.max_concurrency, p.max_num_seqs)) +
                                       " the plan holds at once"});
  if (waiting > 0)
    findings.push_back({"warning", shortest(waiting) + " requests waiting: the engine is at its limit (max_num_seqs " +
                                       std::to_string(p.max_num_seqs) + ", or KV-cache blocks)"});
  if (m.preemptions.value_or(0) > 0)
    findings.push_back({"warning", shortest(*m.preemptions) + " preemptions since the engine started: the KV cache "
                                   "ran out of blocks; lower --max-num-seqs or give it more memory"});
  if (m.kv_cache_usage_old_name)
    findings.push_back({"note", "the page has vllm:gpu_cache_usage_perc, not vllm:kv_cache_usage_perc: vLLM before 0.9.2 "
                                "(dashboards built on the new name show nothing)"});

  if (o.format == output_format::json) {
    std::string out = "{\"kv_cache_usage\": " + (m.kv_cache_usage ? shortest(usage) : std::string("null")) +
                      ", \"requests_running\": " + shortest(running) + ", \"requests_waiting\": " + shortest(waiting) +
                      ", \"preemptions\": " + shortest(m.preemptions.value_or(0)) +
                      ", \"engine_num_gpu_blocks\": " + (m.num_gpu_blocks ? std::to_string(*m.num_gpu_blocks) : "null") +
                      ", \"plan_num_gpu_blocks\": " + std::to_string(p.num_gpu_blocks) +
                      ", \"expected_kv_cache_usage\": " + shortest(u.kv_cache_usage) +
                      ", \"assumed_request_tokens\": " + std::to_string(tokens) + ", \"findings\": [";
    for (std::size_t i = 0; i < findings.size(); ++i)
      out += (i ? ", " : "") + std::string("{\"severity\": ") + json_string(findings[i].severity) +
             ", \"finding\": " + json_string(findings[i].what) + "}";
    std::printf("%s]}\n", out.c_str());
  } else {
    std::printf("vLLM at %s against the plan for %s on %s:\n", o.metrics->c_str(),
                std::string(kvplan::checkpoint_of(d).hf_id).c_str(), std::string(d.gpu.device_name).c_str());
    std::printf("  %-30s %12s %12s\n", "", "engine", "plan");
    std::printf("  %-30s %12s %12s\n", "num_gpu_blocks", m.num_gpu_blocks ? with_commas(*m.num_gpu_blocks).c_str() : "-",
                with_commas(p.num_gpu_blocks).c_str());
    std::printf("  %-30s %12s %12s\n", "kv_cache_usage_perc", m.kv_cache_usage ? fixed4(usage).c_str() : "-",
                fixed4(u.kv_cache_usage).c_str());
    std::printf("  %-30s %12s %12s\n", "requests running", shortest(running).c_str(),
                ("<= " + std::to_string(a.running_requests_warning)).c_str());
    std::printf("  %-30s %12s %12s\n", "requests waiting", shortest(waiting).c_str(), "0");
    std::printf("  %-30s %12s %12s\n", "preemptions", shortest(m.preemptions.value_or(0)).c_str(), "0");
    std::printf("  (expected usage: %s requests of %s tokens, from %s)\n\n", shortest(running).c_str(),
                with_commas(tokens).c_str(), tokens_from.c_str());
    if (findings.empty()) std::printf("Nothing to report: the engine runs as planned.\n");
    for (const finding& f : findings) std::printf("  %-8s %s\n", f.severity.c_str(), f.what.c_str());
  }
  const bool serious = std::any_of(findings.begin(), findings.end(), [](const finding& f) { return f.severity != "note"; });
  return serious ? does_not_fit : success;
}

}  // namespace kvplan_cli
