// A tour of a plan: Llama-3.1-8B on one H100 at 131,072 tokens, computed at compile time.
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdio>
#include <string>

namespace {

std::string gib(kvplan::count_t bytes) {
  const kvplan::count_t c = kvplan::centi_gib(bytes);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld.%02lld GiB", static_cast<long long>(c / 100),
                static_cast<long long>(c < 0 ? -(c % 100) : c % 100));
  return buf;
}

}  // namespace

int main() {
  using namespace kvplan;
  constexpr deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_model_len = 131072};
  constexpr plan p = make_plan(d);
  static_assert(p.fits(), "Llama-3.1-8B at 131,072 tokens must fit on one H100");

  std::printf("%s on %s, vLLM %d.%d rules\n", std::string(d.model.hf_id).c_str(), std::string(d.gpu.device_name).c_str(),
              p.vllm.major, p.vllm.minor);
  std::printf("  requested memory   %s (%.2f of %s)\n", gib(p.requested_memory_bytes).c_str(), p.gpu_memory_utilization,
              gib(p.total_memory_bytes).c_str());
  std::printf("  weights            %s (estimate)\n", gib(p.weights_bytes).c_str());
  std::printf("  available KV cache %s\n", gib(p.available_kv_cache_bytes).c_str());
  std::printf("  block size         %lld tokens, %lld bytes per block\n", static_cast<long long>(p.block_size),
              static_cast<long long>(p.bytes_per_block));
  std::printf("  num_gpu_blocks     %lld\n", static_cast<long long>(p.num_gpu_blocks));
  std::printf("  GPU KV cache size: %lld tokens, Maximum concurrency for %lld tokens per request: %.2fx\n",
              static_cast<long long>(p.kv_cache_tokens), static_cast<long long>(p.max_model_len), p.max_concurrency);
  return 0;
}
