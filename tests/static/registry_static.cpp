// Registry invariants, checked at compile time.
#include <kvplan/kvplan.hpp>
#include <kvplan/registry.hpp>

#include <cstddef>

namespace {
using namespace kvplan;

constexpr bool every_model_is_valid() {
  for (const model& m : models::all)
    if (validate(m)) return false;
  return true;
}
static_assert(every_model_is_valid());

constexpr bool model_names_are_unique() {
  for (std::size_t i = 0; i < models::all.size(); ++i)
    for (std::size_t j = i + 1; j < models::all.size(); ++j)
      if (iequals(models::all[i].name, models::all[j].name) || iequals(models::all[i].hf_id, models::all[j].hf_id))
        return false;
  return true;
}
static_assert(model_names_are_unique());

constexpr bool every_model_is_found_by_its_names() {
  for (const model& m : models::all) {
    if (find_model(m.name).found != &m) return false;
    for (std::int32_t c = 0; c < m.checkpoints.size(); ++c)
      if (find_model(m.checkpoints[c].hf_id).checkpoint != c) return false;
  }
  return true;
}
static_assert(every_model_is_found_by_its_names());

// The driver keeps a reserved region: the CUDA total is below nvidia-smi's, and above 95 % of it
// (the largest reservation seen is 947 MiB of 284,208 on GB300).
constexpr bool gpu_totals_are_driver_readings() {
  for (const gpu& g : gpus::all) {
    if (g.total_memory_bytes <= 0) return false;
    if (g.smi_total_mib > 0) {
      if (g.total_memory_bytes >= g.smi_total_mib * MiB) return false;
      if (g.total_memory_bytes * 100 < g.smi_total_mib * MiB * 95) return false;
    }
  }
  return true;
}
static_assert(gpu_totals_are_driver_readings());

constexpr bool every_gpu_is_found_by_its_names() {
  for (const gpu& g : gpus::all)
    if (find_gpu(g.name) != &g || find_gpu(g.device_name) != &g) return false;
  return true;
}
static_assert(every_gpu_is_found_by_its_names());
static_assert(find_gpu("H100")->name == "h100-sxm");
static_assert(find_gpu("nvidia b200")->name == "b200");
static_assert(find_gpu("h800") == nullptr);
static_assert(find_gpu("dgx-spark")->name == "gb10");
// A GPU described by capability and total: architecture and tensor cores follow.
static_assert(describe_gpu("a6000", 86, 48 * GiB)->architecture == gpu_architecture::ampere);
static_assert(!describe_gpu("a6000", 86, 48 * GiB)->fp8);
static_assert(describe_gpu("l40", 89, 44 * GiB)->fp8 && !describe_gpu("l40", 89, 44 * GiB)->fp4);
static_assert(describe_gpu("thor-like", 121, 100 * GiB)->fp4);
static_assert(describe_gpu("mi300a", 942, 96 * GiB)->vendor == gpu_vendor::amd);
static_assert(!describe_gpu("v100", 70, 16 * GiB));
static_assert(!describe_gpu("h100", 90, 0));
static_assert(find_gpu("NVIDIA A800 80GB PCIe")->name == "a800-80gb");
static_assert(find_model("LLAMA-3.1-8B").found->hf_id == "meta-llama/Llama-3.1-8B-Instruct");
static_assert(!find_model("llama-3.1-9b"));

// Layer structures, counted from the configs.
static_assert(models::nemotron_3_nano.num_layers() == 52);
static_assert(models::nemotron_3_nano.layers.count(layer_kind::mamba2) == 23);
static_assert(models::nemotron_3_nano.layers.count(layer_kind::full_attention) == 6);
static_assert(models::nemotron_super_49b.layers.count(layer_kind::full_attention) == 49);
static_assert(models::nemotron_super_49b.layers.count(layer_kind::no_cache) == 31);
static_assert(models::gemma_3_27b.layers.count(layer_kind::full_attention) == 10);
static_assert(models::gemma_3_27b.layers[5].kind == layer_kind::full_attention);
static_assert(models::gpt_oss_20b.layers[0].kind == layer_kind::sliding_window);
static_assert(models::llama_4_scout.layers.count(layer_kind::chunked_local) == 36);
static_assert(models::llama_4_scout.layers[3].kind == layer_kind::full_attention);
static_assert(models::qwen3_next_80b.layers.count(layer_kind::gated_deltanet) == 36);
static_assert(models::minimax_m1.layers.count(layer_kind::full_attention) == 10);
static_assert(models::minimax_m1.layers[7].kind == layer_kind::full_attention);
}  // namespace
