// Fuzz target: config.json text read at run time. Any bytes must give a model or a clean error
// from kvplan::try_model_from_hf_config: never a crash, an exception, or undefined behaviour. The
// throwing reader must agree with it, a model read must be self-consistent, and it must plan
// (kvplan::try_plan) without an exception escaping.
#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const kvplan::hf_config_result r = kvplan::try_model_from_hf_config(text);

  // model_from_hf_config throws exactly what try_model_from_hf_config returns.
  try {
    const kvplan::model m = kvplan::model_from_hf_config(text);
    if (!r.ok() || !(m.layers == r.model.layers) || m.total_params != r.model.total_params) std::abort();
  } catch (const kvplan::plan_error& e) {
    if (r.ok() || !(e.error() == r.error)) std::abort();
  }

  if (!r.ok()) return kvplan::describe(r.error).empty() ? -1 : 0;

  const kvplan::model& m = r.model;
  if (m.num_layers() <= 0 || m.num_layers() > kvplan::max_layers || m.hidden_size <= 0 || m.vocab_size <= 0 ||
      m.max_model_len <= 0 || m.active_params > m.total_params || m.expert_params > m.total_params ||
      m.active_params < 0 || kvplan::validate(m))
    std::abort();
  const kvplan::plan_result p = kvplan::try_plan(
      {.model = m, .gpu = kvplan::gpus::h100_sxm, .max_model_len = m.max_model_len < 4096 ? m.max_model_len : 4096});
  if (!p.ok() && kvplan::describe(p.error).empty()) std::abort();
  return 0;
}
