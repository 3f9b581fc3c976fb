// Fuzz target: the vLLM start-up log reader. Any bytes must be read to what they hold, applied
// to a deployment and planned, or refused: never a crash, an exception escaping, or undefined
// behaviour.
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>
#include <kvplan/vllm_log.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const kvplan::vllm_log log = kvplan::read_vllm_log(text);
  kvplan::deployment d{.model = kvplan::models::llama_3_1_8b, .gpu = kvplan::gpus::h100_sxm, .max_model_len = 8192};
  (void)kvplan::apply_vllm_log(log, d);
  // Absurd figures are refused by validate() or the checked arithmetic, as for any deployment.
  if (d.vllm < kvplan::oldest_vllm || d.vllm > kvplan::newest_vllm) d.vllm = kvplan::newest_vllm;
  (void)kvplan::try_plan(d);
  return 0;
}
