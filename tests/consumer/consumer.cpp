// A project that uses kvplan: one guarded plan, checked at compile time and printed.
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdio>

constexpr kvplan::plan plan = kvplan::make_plan({.model = kvplan::models::llama_3_1_8b,
                                                 .gpu = kvplan::gpus::h100_sxm,
                                                 .kv_cache_memory_bytes = 60 * kvplan::GiB,
                                                 .max_model_len = 131072});
static_assert(plan.num_gpu_blocks == 30'720);

int main() {
  std::printf("kvplan consumer: %lld blocks\n", static_cast<long long>(plan.num_gpu_blocks));
  return plan.num_gpu_blocks == 30'720 ? 0 : 1;
}
