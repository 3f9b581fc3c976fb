// Hardware traits: what a GPU's driver reports and what its tensor cores support.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/units.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace kvplan::inline v0 {

enum class gpu_vendor : std::uint8_t { nvidia, amd };

enum class gpu_architecture : std::uint8_t {
  turing,           // sm_75 (T4)
  ampere,           // sm_80 / sm_86
  ada,              // sm_89
  hopper,           // sm_90
  blackwell,        // sm_100 (B200, GB200)
  blackwell_ultra,  // sm_103 (B300, GB300)
  blackwell_rtx,    // sm_120 / sm_121 (RTX 5090, RTX PRO 6000, DGX Spark's GB10)
  cdna2,            // gfx90a (MI250X, MI210)
  cdna3,            // gfx942 (MI300X, MI325X)
  cdna4,            // gfx950 (MI355X)
  rdna3,            // gfx1100 (Radeon RX 7900 XTX)
};

constexpr std::string_view to_string(gpu_architecture a) {
  switch (a) {
    case gpu_architecture::turing: return "Turing";
    case gpu_architecture::ampere: return "Ampere";
    case gpu_architecture::ada: return "Ada";
    case gpu_architecture::hopper: return "Hopper";
    case gpu_architecture::blackwell: return "Blackwell";
    case gpu_architecture::blackwell_ultra: return "Blackwell Ultra";
    case gpu_architecture::blackwell_rtx: return "Blackwell (RTX)";
    case gpu_architecture::cdna2: return "CDNA2";
    case gpu_architecture::cdna3: return "CDNA3";
    case gpu_architecture::cdna4: return "CDNA4";
    case gpu_architecture::rdna3: return "RDNA3";
  }
  return "?";
}

// A GPU. The memory figure a plan starts from is `total_memory_bytes`: the total that
// cudaMemGetInfo (torch.cuda.mem_get_info, vLLM's MemorySnapshot) reports, which is the
// nvidia-smi total minus a driver-reserved region; never the marketing "80 GB".
struct gpu {
  std::string_view name;         // kvplan's short name, e.g. "h100-sxm"
  std::string_view device_name;  // the name the driver prints, e.g. "NVIDIA H100 80GB HBM3"
  gpu_vendor vendor = gpu_vendor::nvidia;
  gpu_architecture architecture = gpu_architecture::hopper;
  std::int32_t compute_capability = 90;  // major*10 + minor (AMD: gfx942 -> 942, gfx90a -> 910)
  count_t total_memory_bytes = 0;        // cudaMemGetInfo total
  count_t smi_total_mib = 0;             // nvidia-smi "Total" (0 when not applicable)
  count_t memory_bandwidth_bytes_per_s = 0;
  bool fp8 = false;                      // fp8 tensor cores (AMD CDNA3: FNUZ encodings only)
  bool fp4 = false;                      // fp4 tensor cores (NVFP4 on NVIDIA Blackwell, MXFP4 on CDNA4)
  std::string_view interconnect{};       // scale-up link, e.g. "NVLink 4, 900 GB/s bidirectional"
  std::string_view source{};             // where the memory figure was read

  // vLLM's is_device_capability_family(100): B200, GB200, B300 (sm100, sm103), not the sm120
  // RTX cards.
  constexpr bool is_sm100_family() const { return vendor == gpu_vendor::nvidia && compute_capability / 10 == 10; }

  constexpr bool is_blackwell() const {
    return architecture == gpu_architecture::blackwell ||
           architecture == gpu_architecture::blackwell_ultra ||
           architecture == gpu_architecture::blackwell_rtx;
  }
};

// A GPU kvplan does not carry, described by what its driver reports: its name, its compute
// capability (major*10 + minor; AMD: the gfx number, gfx942 -> 942, gfx90a -> 910) and the total
// memory vLLM logs ("Free memory on device (X/Y GiB)") or nvidia-smi's idle free memory. The
// architecture and the fp8 / fp4 tensor cores follow from the capability; std::nullopt for a
// capability vLLM does not run on (NVIDIA below sm_75) or kvplan does not know.
constexpr std::optional<gpu> describe_gpu(std::string_view name, std::int32_t compute_capability,
                                          count_t total_memory_bytes) {
  if (total_memory_bytes <= 0) return std::nullopt;
  gpu g;
  g.name = name;
  g.device_name = name;
  g.compute_capability = compute_capability;
  g.total_memory_bytes = total_memory_bytes;
  g.source = "described on the command line";
  const std::int32_t c = compute_capability;
  if (c >= 900) {  // AMD
    g.vendor = gpu_vendor::amd;
    if (c >= 900 && c < 920) g.architecture = gpu_architecture::cdna2;
    else if (c == 940 || c == 941 || c == 942) g.architecture = gpu_architecture::cdna3;
    else if (c == 950) g.architecture = gpu_architecture::cdna4;
    else if (c >= 1100 && c < 1200) g.architecture = gpu_architecture::rdna3;
    else return std::nullopt;
    g.fp8 = g.architecture == gpu_architecture::cdna3 || g.architecture == gpu_architecture::cdna4;
    g.fp4 = g.architecture == gpu_architecture::cdna4;
    return g;
  }
  if (c == 75) g.architecture = gpu_architecture::turing;
  else if (c >= 80 && c <= 87) g.architecture = gpu_architecture::ampere;
  else if (c == 89) g.architecture = gpu_architecture::ada;
  else if (c == 90) g.architecture = gpu_architecture::hopper;
  else if (c == 100) g.architecture = gpu_architecture::blackwell;
  else if (c == 103) g.architecture = gpu_architecture::blackwell_ultra;
  else if (c == 120 || c == 121) g.architecture = gpu_architecture::blackwell_rtx;
  else return std::nullopt;
  g.fp8 = c >= 89;
  g.fp4 = c >= 100;
  return g;
}

}  // namespace kvplan::inline v0
