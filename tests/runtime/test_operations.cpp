// The operator's arithmetic and readers: percentiles and the recommended max_model_len (seed
// 003), the usage a load shows (seed 001), alert thresholds, and the /metrics and request-log
// readers, with the figures worked by hand.
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/metrics_text.hpp>
#include <kvplan/models.hpp>
#include <kvplan/operations.hpp>
#include <kvplan/request_log.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace kvplan;

namespace {
std::string read_data(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::path(__FILE__).parent_path().parent_path() / "data" / "operations";
  std::ifstream in(dir / name, std::ios::binary);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Llama-3.1-8B on an H100 at 8,192 tokens with 20 GiB of KV cache: 32 layers x 16 x 2 x 8 x
// 128 x 2 B = 2,097,152 B a block, 21,474,836,480 / 2,097,152 = 10,240 blocks; 512 a request.
plan llama8b() {
  return make_plan({.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = 20 * GiB,
                    .max_model_len = 8192});
}
}  // namespace

TEST_CASE("percentiles and the recommended max_model_len", "[operations][seeds]") {
  // Seed 003's indices into the sorted lengths: n / 2, int(0.95 n), int(0.99 n).
  constexpr count_t sorted[10] = {100, 200, 300, 400, 500, 600, 700, 800, 900, 1000};
  constexpr length_percentiles s = percentiles_of(sorted, 10);
  STATIC_REQUIRE(s.p50 == 600);   // sorted[5]
  STATIC_REQUIRE(s.p95 == 1000);  // sorted[9]
  STATIC_REQUIRE(s.p99 == 1000);  // sorted[9]
  STATIC_REQUIRE(s.max == 1000);
  // P99 1,200 (seed 003's example) + 20% = 1,440, already whole 16-token blocks.
  STATIC_REQUIRE(recommended_max_model_len(1200, 16, 131072) == 1440);
  // 2,090 x 1.2 = 2,508 -> 2,512 (157 blocks of 16); capped at the model's maximum.
  STATIC_REQUIRE(recommended_max_model_len(2090, 16, 131072) == 2512);
  STATIC_REQUIRE(recommended_max_model_len(120'000, 16, 131072) == 131072);
  // 1,001 x 1.2 = 1,201.2 -> 1,202 -> 1,216 (blocks of 64 -> 1,216 is 19 x 64).
  STATIC_REQUIRE(recommended_max_model_len(1001, 64, 0) == 1216);
}

TEST_CASE("the usage a load shows: seed 001's 10 requests of 2K", "[operations][seeds]") {
  const plan p = llama8b();
  REQUIRE(p.num_gpu_blocks == 10'240);
  // 10 requests of 2,048 tokens hold 10 x 128 = 1,280 blocks of the 10,239 usable: 12.5%; in
  // bytes 1,280 x 2,097,152 = 2,684,354,560 (2.5 GiB). GPU memory itself does not grow.
  const usage_expectation u = expected_usage(p, 10, 2048);
  CHECK(u.blocks_per_request == 128);
  CHECK(u.blocks == 1280);
  CHECK(u.usable_blocks == 10'239);
  CHECK(u.kv_cache_usage == Approx(1280.0 / 10'239.0));
  CHECK(u.kv_bytes == 2'684'354'560);
  CHECK(u.fits);
  // 64 requests of 8,192 sharing a 2,000-token prompt: 125 blocks once and 64 x (512 - 125) =
  // 24,768, 24,893 in all: more than the 10,239 usable.
  const usage_expectation shared = expected_usage(p, 64, 8192, 2000);
  CHECK(shared.shared_blocks == 125);
  CHECK(shared.blocks == 24'893);
  CHECK_FALSE(shared.fits);
}

TEST_CASE("alert thresholds from a plan", "[operations]") {
  // 10,240 // 512 = 20 requests of 8,192 at once; 80% of min(20, max_num_seqs 1,024) = 16.
  const alert_thresholds a = alert_thresholds_of(llama8b());
  CHECK(a.max_concurrency == 20);
  CHECK(a.running_requests_warning == 16);
  CHECK(a.kv_cache_usage_warning == 0.8);
  CHECK(a.kv_cache_usage_critical == 0.9);
}

TEST_CASE("reading a vLLM /metrics page", "[operations][metrics]") {
  const metrics_read r = read_vllm_metrics(read_data("metrics_as_planned.prom"));
  REQUIRE(r.ok());
  const vllm_metrics& m = r.metrics;
  CHECK(*m.requests_running == 12.0);
  CHECK(*m.requests_waiting == 0.0);
  CHECK(*m.kv_cache_usage == 0.047);
  CHECK(*m.num_gpu_blocks == 28'880);
  CHECK(*m.block_size == 16);
  CHECK(*m.gpu_memory_utilization == 0.92);
  CHECK(*m.enable_prefix_caching);
  CHECK(m.model_names.size() == 1);
  CHECK(m.engines == 1);
  // 90 prompts of 1,500 and 10 of 4,000: 90% fall at or under 2,000, all under 5,000.
  CHECK(m.prompt_tokens.count == 100.0);
  CHECK(m.prompt_tokens.quantile_upper_bound(0.5) == 2000.0);
  CHECK(m.prompt_tokens.quantile_upper_bound(0.99) == 5000.0);
  // Two engines add up; the usage is the larger one; old names are read, and flagged.
  const metrics_read two = read_vllm_metrics(
      "vllm:num_requests_running{engine=\"0\",model_name=\"m\"} 3\n"
      "vllm:num_requests_running{engine=\"1\",model_name=\"m\"} 4 1700000000000\n"
      "vllm:gpu_cache_usage_perc{engine=\"0\",model_name=\"m\"} 0.25\n"
      "vllm:gpu_cache_usage_perc{engine=\"1\",model_name=\"m\"} 0.5\n");
  REQUIRE(two.ok());
  CHECK(*two.metrics.requests_running == 7.0);
  CHECK(*two.metrics.kv_cache_usage == 0.5);
  CHECK(two.metrics.kv_cache_usage_old_name);
  CHECK(two.metrics.engines == 2);
  // Errors name the line.
  const metrics_read bad = read_vllm_metrics(read_data("metrics_malformed.prom"));
  CHECK(bad.error == "line 2 is not a Prometheus sample: no '}' closes the labels");
  CHECK(read_vllm_metrics(read_data("metrics_not_vllm.prom")).error ==
        "no vllm: metric in the page: it is not a vLLM server's /metrics");
  CHECK(read_vllm_metrics("vllm:x 1\nvllm:y abc\n").error == "line 2 is not a Prometheus sample: a number expected, not 'abc'");
}

TEST_CASE("reading request lengths: JSON lines, CSV, a /metrics page", "[operations][requests]") {
  // 200 requests, prompt 10 x i and 100 completion tokens (i = 1 .. 200): lengths 110 .. 2,100;
  // p50 = sorted[100] = 1,110, p95 = sorted[190] = 2,010, p99 = sorted[198] = 2,090.
  for (const char* name : {"requests.jsonl", "requests.csv"}) {
    INFO(name);
    const request_lengths r = read_request_lengths(read_data(name));
    REQUIRE(r.ok());
    CHECK(r.stats.count == 200);
    CHECK(r.stats.p50 == 1110);
    CHECK(r.stats.p95 == 2010);
    CHECK(r.stats.p99 == 2090);
    CHECK(r.stats.max == 2100);
  }
  // A /metrics page: bucket upper bounds of prompt and output added (2,000 + 500 at p50).
  const request_lengths m = read_request_lengths(read_data("metrics_as_planned.prom"));
  REQUIRE(m.ok());
  CHECK(m.format == request_log_format::metrics);
  CHECK(m.stats.p50 == 2500);
  CHECK(m.stats.p99 == 5500);
  // One column without a header.
  CHECK(read_request_lengths("120\n80\n\n300\n").stats.max == 300);
  // Errors name the line.
  CHECK(read_request_lengths("").error == "line 1: no requests: the file is empty");
  CHECK(read_request_lengths("{\"prompt_tokens\": 5}\n{\"prompt\": 7}\n").error == "line 2: no \"prompt_tokens\"");
  CHECK(read_request_lengths("{\"prompt_tokens\": -5}\n").error == "line 1: \"prompt_tokens\" must be a token count");
  CHECK(read_request_lengths("{\"prompt_tokens\": 5}\nnot json\n").error.rfind("line 2: not a JSON object", 0) == 0);
  CHECK(read_request_lengths("id,tokens\n1,2\n").error == "line 1: the CSV header names no prompt_tokens column");
  CHECK(read_request_lengths("prompt_tokens\n12\nx\n").error == "line 3: no token count in the prompt column");
}
