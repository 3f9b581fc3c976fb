// Lookup of the registries by name: usable in constant expressions and at run time.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/gpus.hpp"
#include "kvplan/model.hpp"
#include "kvplan/models.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace kvplan::inline v0 {

namespace detail {
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
}  // namespace detail

// ASCII case-insensitive equality (names and Hugging Face ids are ASCII).
constexpr bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (detail::ascii_lower(a[i]) != detail::ascii_lower(b[i])) return false;
  return true;
}

// A model found in the registry, and which of its checkpoints the name selected.
struct model_match {
  const model* found = nullptr;
  std::int32_t checkpoint = 0;
  constexpr explicit operator bool() const { return found != nullptr; }
};

// Finds a model by kvplan name ("llama-3.1-8b"), by Hugging Face id of the model or of one of
// its checkpoints ("nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4"), case-insensitively.
constexpr model_match find_model(std::string_view name) {
  for (const model& m : models::all) {
    if (iequals(m.name, name) || iequals(m.hf_id, name)) return {&m, 0};
    for (std::int32_t i = 0; i < m.checkpoints.size(); ++i)
      if (iequals(m.checkpoints[i].hf_id, name)) return {&m, i};
  }
  return {};
}

// Short names people use for a GPU, beside the registry names.
struct gpu_alias {
  std::string_view alias;
  std::string_view name;
};
inline constexpr gpu_alias gpu_aliases[] = {
    {"h100", "h100-sxm"},   {"h100-80gb", "h100-sxm"}, {"h100-sxm5", "h100-sxm"}, {"a100", "a100-80gb"},
    {"a100-80", "a100-80gb"}, {"a100-40", "a100-40gb"}, {"4090", "rtx-4090"},    {"5090", "rtx-5090"},
    {"rtx-6000-pro", "rtx-pro-6000"}, {"pro-6000", "rtx-pro-6000"}, {"h200-141gb", "h200"},
    {"3090", "rtx-3090"},   {"3090-ti", "rtx-3090-ti"}, {"4080", "rtx-4080"},    {"4070", "rtx-4070"},
    {"5080", "rtx-5080"},   {"5070", "rtx-5070"},      {"5060-ti", "rtx-5060-ti"}, {"dgx-spark", "gb10"},
    {"spark", "gb10"},      {"a800", "a800-80gb"},     {"a10-24gb", "a10"},     {"7900-xtx", "rx-7900-xtx"},
    {"rtx-pro-6000-max-q", "rtx-pro-6000-maxq"}, {"rtx-pro-6000-server", "rtx-pro-6000"},
    {"NVIDIA A800 80GB PCIe", "a800-80gb"}, {"AMD Instinct MI250X/MI250", "mi250x"},
    {"3060", "rtx-3060"},   {"4070-ti-super", "rtx-4070-ti-super"}, {"a6000", "rtx-a6000"},
    {"6000-ada", "rtx-6000-ada"}, {"rtx-6000-ada-generation", "rtx-6000-ada"}, {"a5000", "rtx-a5000"},
    {"a4000", "rtx-a4000"}, {"a100-pcie", "a100-80gb-pcie"}, {"h800-sxm", "h800"},
    {"gh200-96gb", "gh200"}, {"NVIDIA GH200 120GB", "gh200"},
};

namespace detail {
// A GPU name as people write it, compared loosely: case, spaces, underscores and hyphens alike,
// and without the vendor's and product line's words that the short names leave out ("NVIDIA
// GeForce RTX 4090" reads "rtx-4090", "AMD Instinct MI300X" reads "mi300x", "NVIDIA DGX Spark"
// reads "dgx-spark").
struct gpu_key {
  char text[96]{};
  std::size_t begin = 0, end = 0;
  constexpr std::string_view view() const { return {text + begin, end - begin}; }
  constexpr bool empty() const { return begin == end; }
};

constexpr gpu_key gpu_key_of(std::string_view name) {
  gpu_key k;
  for (const char c : name) {
    if (k.end == sizeof k.text) return {};  // longer than any GPU's name: matches nothing
    const char lower = c == ' ' || c == '_' ? '-' : ascii_lower(c);
    if (lower == '-' && (k.end == 0 || k.text[k.end - 1] == '-')) continue;
    k.text[k.end++] = lower;
  }
  if (k.end > 0 && k.text[k.end - 1] == '-') --k.end;
  for (bool stripped = true; stripped;) {
    stripped = false;
    for (const std::string_view word : {"nvidia-", "amd-", "geforce-", "instinct-", "radeon-"}) {
      if (k.view().size() > word.size() && k.view().starts_with(word)) {
        k.begin += word.size();
        stripped = true;
      }
    }
  }
  return k;
}
}  // namespace detail

// Finds a GPU by kvplan name ("h100-sxm"), alias ("h100") or the name the driver prints
// ("NVIDIA H100 80GB HBM3"), case-insensitively; then written loosely ("NVIDIA B300" for "b300",
// "GeForce RTX 4090"), and last by the start of one device's name and no other's ("NVIDIA H100
// 80GB" for "NVIDIA H100 80GB HBM3"; "NVIDIA RTX PRO 6000 Blackwell" names two, so none).
constexpr const gpu* find_gpu(std::string_view name) {
  for (const gpu& g : gpus::all)
    if (iequals(g.name, name) || iequals(g.device_name, name)) return &g;
  for (const gpu_alias& a : gpu_aliases)
    if (iequals(a.alias, name)) return find_gpu(a.name);
  const detail::gpu_key key = detail::gpu_key_of(name);
  if (key.empty()) return nullptr;
  for (const gpu& g : gpus::all)
    if (detail::gpu_key_of(g.name).view() == key.view() || detail::gpu_key_of(g.device_name).view() == key.view())
      return &g;
  for (const gpu_alias& a : gpu_aliases)
    if (detail::gpu_key_of(a.alias).view() == key.view()) return find_gpu(a.name);
  const gpu* prefixed = nullptr;
  for (const gpu& g : gpus::all) {
    const detail::gpu_key device = detail::gpu_key_of(g.device_name);
    if (device.view().size() > key.view().size() && device.view().starts_with(key.view()) &&
        device.view()[key.view().size()] == '-') {
      if (prefixed != nullptr) return nullptr;
      prefixed = &g;
    }
  }
  return prefixed;
}

}  // namespace kvplan::inline v0
