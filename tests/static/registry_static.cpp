// Registry invariants, checked at compile time.
#include <kvplan/kvplan.hpp>
#include <kvplan/registry.hpp>

#include <array>
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
static_assert(find_gpu("h800")->name == "h800" && find_gpu("NVIDIA GH200 120GB")->name == "gh200");
static_assert(find_gpu("v100") == nullptr);
static_assert(find_gpu("dgx-spark")->name == "gb10");
// Names as people write them: the driver's words loosely, and the start of one device's name.
constexpr bool gpu_keys_are_unique() {
  std::array<detail::gpu_key, gpus::all.size()> names{}, devices{};
  for (std::size_t i = 0; i < gpus::all.size(); ++i) {
    names[i] = detail::gpu_key_of(gpus::all[i].name);
    devices[i] = detail::gpu_key_of(gpus::all[i].device_name);
  }
  for (std::size_t i = 0; i < gpus::all.size(); ++i)
    for (std::size_t j = i + 1; j < gpus::all.size(); ++j)
      if (names[i].view() == names[j].view() || devices[i].view() == devices[j].view()) return false;
  return true;
}
static_assert(gpu_keys_are_unique());
static_assert(detail::gpu_key_of("  NVIDIA  GeForce_RTX 4090 ").view() == "rtx-4090");
static_assert(find_gpu("NVIDIA B300")->name == "b300");
static_assert(find_gpu("NVIDIA DGX Spark")->name == "gb10");
static_assert(find_gpu("GeForce RTX 5090")->name == "rtx-5090");
static_assert(find_gpu("AMD Instinct MI300X")->name == "mi300x" && find_gpu("MI300X")->name == "mi300x");
static_assert(find_gpu("NVIDIA H100 80GB")->name == "h100-sxm");
static_assert(find_gpu("NVIDIA H100")->name == "h100-sxm");  // the alias, before the three prefixes
static_assert(find_gpu("NVIDIA RTX PRO 6000 Blackwell") == nullptr);  // Server and Max-Q both start so
static_assert(find_gpu("NVIDIA") == nullptr && find_gpu("") == nullptr && find_gpu("-") == nullptr);
// A GPU described by capability and total: architecture and tensor cores follow.
static_assert(describe_gpu("a6000", 86, 48 * GiB)->architecture == gpu_architecture::ampere);
static_assert(!describe_gpu("a6000", 86, 48 * GiB)->fp8);
static_assert(describe_gpu("l40", 89, 44 * GiB)->fp8 && !describe_gpu("l40", 89, 44 * GiB)->fp4);
static_assert(describe_gpu("thor-like", 121, 100 * GiB)->fp4);
static_assert(describe_gpu("mi300a", 942, 96 * GiB)->vendor == gpu_vendor::amd);
static_assert(!describe_gpu("v100", 70, 16 * GiB));
static_assert(!describe_gpu("h100", 90, 0));
static_assert(find_gpu("NVIDIA A800 80GB PCIe")->name == "a800-80gb");
static_assert(find_gpu("3060")->name == "rtx-3060" && find_gpu("a6000")->name == "rtx-a6000");
static_assert(find_gpu("NVIDIA RTX 6000 Ada Generation")->name == "rtx-6000-ada");
static_assert(find_gpu("NVIDIA A100 80GB PCIe")->name == "a100-80gb-pcie");
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

// The 2026 entries (each equals kvplan's reading of its corpus config.json: tests/runtime/test_models.cpp).
// Qwen3.5 / 3.6: three Gated DeltaNet layers, then one full-attention layer.
static_assert(models::qwen3_5_397b_a17b.layers.count(layer_kind::gated_deltanet) == 45);
static_assert(models::qwen3_5_397b_a17b.layers.count(layer_kind::full_attention) == 15);
static_assert(models::qwen3_5_122b_a10b.layers.count(layer_kind::gated_deltanet) == 36);
static_assert(models::qwen3_6_35b_a3b.layers.count(layer_kind::full_attention) == 10);
static_assert(models::qwen3_6_27b.layers.count(layer_kind::gated_deltanet) == 48);
static_assert(models::qwen3_6_27b.layers[63].kind == layer_kind::full_attention);
static_assert(models::qwen3_6_27b.layers[0].state_heads == 48 && models::qwen3_6_27b.layers[0].state_key_heads == 16);
static_assert(models::qwen3_5_397b_a17b.is_hybrid() && models::qwen3_5_397b_a17b.is_moe());
static_assert(models::qwen3_6_27b.is_hybrid() && !models::qwen3_6_27b.is_moe());
static_assert(*models::qwen3_6_35b_a3b.mamba_ssm_cache_dtype == dtype::float32);
// Gemma 4: layer i global when (i + 1) % 6 == 0, 512-wide heads there, the last layer global.
static_assert(models::gemma_4_31b.layers.count(layer_kind::full_attention) == 10);
static_assert(models::gemma_4_31b.layers.count(layer_kind::sliding_window) == 50);
static_assert(models::gemma_4_31b.layers[5].num_kv_heads == 4 && models::gemma_4_31b.layers[5].head_size == 512);
static_assert(models::gemma_4_31b.layers[0].window == 1024 && models::gemma_4_31b.layers[0].head_size == 256);
static_assert(models::gemma_4_26b_a4b.layers.count(layer_kind::full_attention) == 5);
static_assert(models::gemma_4_26b_a4b.layers[29].kind == layer_kind::full_attention);
static_assert(models::gemma_4_26b_a4b.is_moe() && !models::gemma_4_31b.is_moe());
// GLM-5.1: the indexer on every layer; GLM-5.2 (IndexCache): on 21 of 78, two MLA layer types.
constexpr std::int32_t layers_with_indexer(const model& m) {
  std::int32_t n = 0;
  for (std::int32_t i = 0; i < m.num_layers(); ++i) n += m.layers[i].index_head_dim > 0 ? 1 : 0;
  return n;
}
static_assert(layers_with_indexer(models::glm_5_1) == 78);
static_assert(layers_with_indexer(models::glm_5_2) == 21);
static_assert(models::glm_5_2.layers.types.size() == 2 && models::glm_5_2.layers.count(layer_kind::mla) == 78);
static_assert(models::glm_5_2.layers[2].index_head_dim == 128 && models::glm_5_2.layers[3].index_head_dim == 0);
static_assert(models::glm_5_2.layers[6].index_head_dim == 128 && models::glm_5_2.layers[74].index_head_dim == 128);
static_assert(models::glm_5_2.layers[75].index_head_dim == 0 && models::glm_5_2.layers[77].index_head_dim == 0);
// MTP layers (--speculative-config method mtp): Qwen3.5 / 3.6 one full-attention layer, GLM-5.x
// one MLA layer with the indexer (also on GLM-5.2); none in Gemma 4, Kimi K2.5 / K2.6, MiniMax-M2.7.
static_assert(models::qwen3_6_27b.num_mtp_layers == 1 && models::qwen3_6_27b.mtp_layer == full_attention(4, 256));
static_assert(models::qwen3_5_397b_a17b.mtp_layer == models::qwen3_5_397b_a17b.layers[3]);
static_assert(models::glm_5_2.num_mtp_layers == 1 && models::glm_5_2.mtp_layer.index_head_dim == 128);
static_assert(models::gemma_4_31b.num_mtp_layers == 0 && models::kimi_k2_5.num_mtp_layers == 0);
// Kimi K2.5 / K2.6: Kimi K2's MLA text model; MiniMax-M2.7: M2's attention.
static_assert(models::kimi_k2_5.uses_mla() && models::kimi_k2_6.layers == models::kimi_k2.layers);
static_assert(models::minimax_m2_7.layers == models::minimax_m2.layers);
// Checkpoints are found by their Hugging Face ids.
static_assert(find_model("nvidia/Qwen3.6-27B-NVFP4").found->name == "qwen3.6-27b");
static_assert(find_model("nvidia/Qwen3.6-27B-NVFP4").checkpoint == 2);
static_assert(find_model("zai-org/GLM-5.2-FP8").found->name == "glm-5.2");
static_assert(find_model("nvidia/Kimi-K2.6-NVFP4").found->name == "kimi-k2.6");
static_assert(find_model("google/gemma-4-26B-A4B-it").found->name == "gemma-4-26b-a4b");
static_assert(find_model("gemma-4-31b").found->checkpoints[1].kv_cache_scheme == cache_dtype::fp8_e4m3);
static_assert(find_model("minimax-m2.7").found->checkpoints[1].quantization == "modelopt_fp4");
}  // namespace
