// A `vllm serve` command and --config file computed at compile time from a deployment.
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdio>

namespace {
// DeepSeek-V3.2 on eight B200s with an fp8 (fp8_ds_mla) KV cache.
inline constexpr kvplan::deployment deployment{.model = kvplan::models::deepseek_v3_2,
                                               .gpu = kvplan::gpus::b200,
                                               .tensor_parallel_size = 8,
                                               .kv_cache_dtype = kvplan::cache_dtype::fp8};
static_assert(kvplan::fits<deployment>());

constexpr auto command = kvplan::vllm_serve_command(deployment);
constexpr auto pinned = kvplan::vllm_serve_command(deployment, kvplan::flag_style::pinned);
constexpr auto yaml = kvplan::vllm_config_yaml(deployment, kvplan::flag_style::pinned);
// The text is a constant: a build can check it like any other.
static_assert(command.view().starts_with("vllm serve deepseek-ai/DeepSeek-V3.2 --tensor-parallel-size 8"));
}  // namespace

int main() {
  std::printf("# the settings you chose\n%s\n\n", command.c_str());
  std::printf("# every setting pinned, so a vLLM with other defaults starts the same engine\n%s\n\n", pinned.c_str());
  std::printf("%s", yaml.c_str());
  return 0;
}
