// Fuzz target: the operator's readers, a vLLM /metrics page and a file of request lengths. Any
// bytes are read to what they hold or refused with a line number: never a crash, an exception
// escaping, or undefined behaviour. What they read feeds the arithmetic, as the program does.
#include <kvplan/kvplan.hpp>
#include <kvplan/metrics_text.hpp>
#include <kvplan/models.hpp>
#include <kvplan/operations.hpp>
#include <kvplan/request_log.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static const kvplan::plan p = kvplan::make_plan(
      {.model = kvplan::models::llama_3_1_8b, .gpu = kvplan::gpus::h100_sxm, .max_model_len = 8192});
  const kvplan::metrics_read m = kvplan::read_vllm_metrics(text);
  if (m.ok()) {
    const double running = m.metrics.requests_running.value_or(0);
    if (running >= 0 && running < 1e6)
      (void)kvplan::expected_usage(p, static_cast<kvplan::count_t>(running), 2048);
    (void)m.metrics.prompt_tokens.quantile_upper_bound(0.99);
  }
  const kvplan::request_lengths r = kvplan::read_request_lengths(text);
  if (r.ok()) (void)kvplan::recommended_max_model_len(r.stats.p99, p.block_size, p.derived_max_model_len);
  return 0;
}
