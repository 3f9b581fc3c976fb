// How close kvplan's memory profile comes to vLLM's own start-up logs, without the logs: for
// every case of tests/support/startup_logs.hpp, each term (weights, activation peak, non-torch,
// CUDA graphs) and the available KV cache, predicted from the settings a user types, against
// what vLLM printed; then the graph estimate on its own logs (graph_logs()). A report, not a
// test: the tests hold the bounds.
#include "startup_logs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

std::string cell(const kvplan_test::logged_gib& logged, kvplan::count_t predicted_bytes) {
  char buf[64];
  const double predicted = kvplan_test::to_gib(predicted_bytes);
  if (!logged) std::snprintf(buf, sizeof buf, "%6.2f      -", predicted);
  else std::snprintf(buf, sizeof buf, "%6.2f %+6.2f", predicted, predicted - *logged);
  return buf;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace

int main() {
  std::printf("Each term: kvplan's estimate in GiB and its error against vLLM's log (+ too high).\n\n");
  std::printf("%-44s %13s %13s %13s %13s %13s %8s %9s %9s\n", "case", "weights", "activation", "non-torch",
              "CUDA graphs", "KV cache", "KV err", "+/- est.", "as run*");
  std::vector<double> kv_errors, weight_errors, activation_errors, non_torch_errors, graph_errors;
  std::vector<double> kv_errors_named;  // as the log ran: its sampler and compile cache, where it names them
  int started_refused = 0;  // vLLM started, kvplan says no memory remains
  int failed_accepted = 0;  // vLLM found no memory, kvplan says some remains
  std::vector<std::string> gaps;  // cases outside kvplan's stated uncertainty, and why
  for (const kvplan_test::startup_log& log : kvplan_test::startup_logs()) {
    const kvplan::plan_result r = kvplan::try_plan(log.deployment);
    if (!r.ok()) {
      std::printf("%-44s cannot plan: %s\n", log.name.c_str(), kvplan::describe(r.error).c_str());
      continue;
    }
    const kvplan::plan& p = r.plan;
    const kvplan::memory_profile& m = p.profile;
    // The graph estimate a release prints is reported even where it is not subtracted: the
    // plan's own graph counts, priced (an eager deployment captures none).
    const kvplan::count_t graphs =
        p.cudagraph_bytes > 0 ? p.cudagraph_bytes
                              : kvplan::cudagraph_estimate(
                                    log.deployment.model, log.deployment.gpu,
                                    {m.num_cudagraphs - m.num_full_cudagraphs, m.num_full_cudagraphs},
                                    log.deployment.tensor_parallel_size, log.deployment.pipeline_parallel_size,
                                    kvplan::uses_v2_model_runner(log.deployment, kvplan::rules_for(log.deployment.vllm)))
                                    .bytes;
    const double kv = kvplan_test::to_gib(p.available_kv_cache_bytes);
    const auto relative_error = [&](double gib) { return (gib - log.available_kv) / std::max(std::abs(log.available_kv), 1.0); };
    const double relative = relative_error(kv);
    kv_errors.push_back(std::abs(relative));
    // The same as the log ran, where it names the installation's sampler or its compile cache.
    double relative_named = relative;
    const bool named = log.sampler_named || log.compile_cache_named;
    if (named) {
      kvplan::deployment stated = log.deployment;
      if (log.sampler_named) stated.flashinfer_sampler = log.sampler_named;
      if (log.compile_cache_named) stated.compile_cache = *log.compile_cache_named;
      if (const kvplan::plan_result s = kvplan::try_plan(stated); s.ok())
        relative_named = relative_error(kvplan_test::to_gib(s.plan.available_kv_cache_bytes));
    }
    kv_errors_named.push_back(std::abs(relative_named));
    // A term the case gives (the log's own figure) says nothing of the estimate.
    if (log.weights && !m.weights.given)
      weight_errors.push_back(std::abs(kvplan_test::to_gib(m.weights.bytes) - *log.weights));
    if (log.activation && !m.activation.given)
      activation_errors.push_back(std::abs(kvplan_test::to_gib(m.activation.bytes) - *log.activation));
    if (log.non_torch && !m.non_torch.given)
      non_torch_errors.push_back(std::abs(kvplan_test::to_gib(m.non_torch.bytes) - *log.non_torch));
    if (log.cudagraph && !m.cudagraph.given) graph_errors.push_back(std::abs(kvplan_test::to_gib(graphs) - *log.cudagraph));
    if (log.available_kv > 0 && p.available_kv_cache_bytes <= 0) ++started_refused;
    if (log.available_kv <= 0 && p.available_kv_cache_bytes > 0) ++failed_accepted;
    char as_run[16] = "";
    if (named) std::snprintf(as_run, sizeof as_run, "%7.1f%%", 100 * relative_named);
    if (!log.known_gap.empty()) gaps.push_back(log.name + ": " + log.known_gap);
    if (!log.weights_gap.empty()) gaps.push_back(log.name + ", its weights: " + log.weights_gap);
    const std::string name = (log.known_gap.empty() && log.weights_gap.empty() ? "" : "! ") + log.name;
    std::printf("%-44s %13s %13s %13s %13s %13s %7.1f%% %9.2f %9s\n", name.c_str(),
                cell(log.weights, m.weights.bytes).c_str(), cell(log.activation, m.activation.bytes).c_str(),
                cell(log.non_torch, m.non_torch.bytes).c_str(), cell(log.cudagraph, graphs).c_str(),
                cell(log.available_kv, p.available_kv_cache_bytes).c_str(), 100 * relative,
                kvplan_test::to_gib(p.kv_cache_uncertainty_bytes), as_run);
  }
  std::printf("\nmedian |error|: KV cache %.1f%% (worst %.1f%%); weights %.2f GiB (%zu logs), activation %.2f GiB "
              "(%zu), non-torch %.2f GiB (%zu), CUDA graphs %.2f GiB (%zu)\n",
              100 * median(kv_errors), 100 * (kv_errors.empty() ? 0 : *std::max_element(kv_errors.begin(), kv_errors.end())),
              median(weight_errors), weight_errors.size(), median(activation_errors), activation_errors.size(),
              median(non_torch_errors), non_torch_errors.size(), median(graph_errors), graph_errors.size());
  std::printf("deployments vLLM started that kvplan calls out of memory: %d; that vLLM could not start but kvplan "
              "gives memory: %d (of %zu)\n",
              started_refused, failed_accepted, kv_errors.size());
  std::printf("* KV error as the log ran, where it names what the machine decides: the sampler (v0.10 - v0.11.0: "
              "whether FlashInfer is installed; --env VLLM_USE_FLASHINFER_SAMPLER=0|1) and the compile cache (a warm "
              "one loads its compiled graphs; --compile-cache warm): median |error| %.1f%% (worst %.1f%%)\n",
              100 * median(kv_errors_named),
              100 * (kv_errors_named.empty() ? 0 : *std::max_element(kv_errors_named.begin(), kv_errors_named.end())));
  if (!gaps.empty()) std::printf("! a known gap, outside kvplan's stated uncertainty:\n");
  for (const std::string& gap : gaps) std::printf("  %s\n", gap.c_str());

  // The V1 runner's CUDA-graph estimate on the logs that print it with its graph counts.
  std::printf("\nThe V1 CUDA-graph estimate (GiB) against \"Estimated CUDA graph memory\":\n\n%-36s %5s %13s %9s\n",
              "case", "graphs", "estimate", "+/- est.");
  std::vector<double> estimate_errors;
  for (const kvplan_test::graph_log& l : kvplan_test::graph_logs()) {
    const kvplan::vllm_rules r = kvplan::rules_for(l.vllm);
    const kvplan::cudagraph_counts counts =
        kvplan::default_cudagraphs(l.gpu, r, l.max_num_seqs, l.max_num_batched_tokens, l.max_capture_size);
    const kvplan::memory_term t = kvplan::cudagraph_estimate(l.model, l.gpu, counts, l.tensor_parallel_size, 1);
    estimate_errors.push_back(std::abs(kvplan_test::to_gib(t.bytes) - l.estimate_gib));
    char graphs[32];
    std::snprintf(graphs, sizeof graphs, "%lld",
                  static_cast<long long>(counts.total()));
    std::printf("%-36s %5s %13s %9.2f\n", l.name.c_str(), graphs, cell(l.estimate_gib, t.bytes).c_str(),
                kvplan_test::to_gib(t.uncertainty_bytes));
  }
  std::printf("\nmedian |error| of the graph estimate: %.2f GiB (%zu logs)\n", median(estimate_errors),
              estimate_errors.size());
  return 0;
}
