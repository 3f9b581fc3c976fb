// The GPU registry: the GPUs people deploy on, each memory figure with its source.
// SPDX-License-Identifier: Apache-2.0
//
// total_memory_bytes is what cudaMemGetInfo (torch, vLLM) reports as total: the nvidia-smi
// total minus a driver-reserved region that depends on the driver branch. Where several
// drivers were seen the lower reading is used, so a plan never promises memory a common
// driver does not give. Override it with the total your own vLLM logs print ("Free memory on
// device (X/Y GiB)"). The evidence is collected in shared research (gpus.md); each entry names
// its primary reading.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/units.hpp"

#include <array>

namespace kvplan::inline v0::gpus {

// --- NVIDIA Hopper ------------------------------------------------------------------------

// 81080 MiB: vLLM prints "79.18 GiB" total (vllm-project/vllm-omni#1144, llm-d-benchmark
// empirical-vllm-memory-results.md); nvidia-smi 81559 MiB with 480 MiB reserved (driver
// 580.105.08, NVIDIA/k8s-test-infra qx-h100.xml). 3.35 TB/s, NVLink 4 (datasheet).
inline constexpr gpu h100_sxm{"h100-sxm", "NVIDIA H100 80GB HBM3", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                              81080 * MiB, 81559, 3'350'000'000'000, true, false,
                              "NVLink 4, 18 links, 900 GB/s bidirectional",
                              "vLLM log 79.18 GiB total; nvidia-smi 81559 MiB (driver 580.105.08)"};

// 84,942,979,072 B (79.11 GiB): torch total_memory=81008MB and XLA specs/h100_pcie.txtpb.
inline constexpr gpu h100_pcie{"h100-pcie", "NVIDIA H100 PCIe", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                               84'942'979'072, 81559, 2'000'000'000'000, true, false,
                               "PCIe Gen5 x16 128 GB/s; optional 2-GPU NVLink bridge 600 GB/s",
                               "torch total_memory=81008MB; XLA h100_pcie device_memory_size"};

// 99,961,274,368 B (93.10 GiB): NVIDIA OpenCL global memory (driver 570.86.15), matching torch
// OOM totals of 93.09-93.10 GiB; nvidia-smi 95830 MiB (driver 535.183.01).
inline constexpr gpu h100_nvl{"h100-nvl", "NVIDIA H100 NVL", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                              99'961'274'368, 95830, 3'900'000'000'000, true, false,
                              "NVLink bridge 600 GB/s; PCIe Gen5 x16 128 GB/s",
                              "OpenCL CL_DEVICE_GLOBAL_MEM_SIZE 99961274368; torch OOM 93.10 GiB"};

// 143156 MiB (139.80 GiB): torch total_memory=143156MB; vLLM reports 139.72-139.81 GiB.
// nvidia-smi 143771 MiB (driver 550.144.03).
inline constexpr gpu h200{"h200", "NVIDIA H200", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                          143156 * MiB, 143771, 4'800'000'000'000, true, false,
                          "NVLink 4, 900 GB/s bidirectional",
                          "torch total_memory=143156MB; nvidia-smi 143771 MiB"};

// 97285 MiB (95.00 GiB): torch total_memory=97285MB; nvidia-smi 97871 MiB (driver 580.95.05).
inline constexpr gpu h20{"h20", "NVIDIA H20", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                         97285 * MiB, 97871, 4'000'000'000'000, true, false,
                         "NVLink 4, 900 GB/s bidirectional",
                         "torch total_memory=97285MB; nvidia-smi 97871 MiB"};

// 81080 MiB (79.18 GiB), inferred: the H100 SXM's reading, same board (nvidia-smi 81559 MiB on
// "NVIDIA H800" in public captures) and memory; no direct reading of an H800 was found. Its
// NVLink 4 keeps 8 of the 18 links (400 GB/s), still through NVSwitch on HGX boards; 3.35 TB/s,
// the H100 SXM's HBM3 (datasheet figures, not re-read for the H800).
inline constexpr gpu h800{"h800", "NVIDIA H800", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                          81080 * MiB, 81559, 3'350'000'000'000, true, false,
                          "NVLink 4, 8 links, 400 GB/s bidirectional",
                          "inferred from the H100 SXM (same nvidia-smi 81559 MiB)"};

// 84,942,979,072 B (79.11 GiB), inferred: the H100 PCIe's reading, same nvidia-smi total (81559
// MiB, driver 565.57.01, PaddlePaddle/ERNIE#982); 2.0 TB/s, the H100 PCIe's HBM2e (datasheet
// figures, not re-read for the H800 PCIe).
inline constexpr gpu h800_pcie{"h800-pcie", "NVIDIA H800 PCIe", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                               84'942'979'072, 81559, 2'000'000'000'000, true, false,
                               "PCIe Gen5 x16 128 GB/s; optional 2-GPU NVLink bridge 400 GB/s",
                               "inferred from the H100 PCIe (same nvidia-smi 81559 MiB)"};

// 143156 MiB (139.80 GiB), inferred: the H200's reading, same nvidia-smi total (143771 MiB,
// driver 580.173.02) and memory (4.8 TB/s HBM3e, the H200's datasheet figure). Bridged in pairs
// or fours, not switched.
inline constexpr gpu h200_nvl{"h200-nvl", "NVIDIA H200 NVL", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                              143156 * MiB, 143771, 4'800'000'000'000, true, false,
                              "NVLink bridge (2- or 4-way) 900 GB/s; PCIe Gen5 x16 128 GB/s",
                              "inferred from the H200 (same nvidia-smi 143771 MiB)"};

// 96763 MiB (94.50 GiB): torch OOM "GPU 0 has a total capacity of 94.50 GiB" on a "NVIDIA GH200
// 480GB" (driver 550.107.02, vllm-project/vllm#9630), the lower end of its rounding; nvidia-smi
// 97871 MiB. The 96 GB HBM3 Hopper of a Grace Hopper module ("480GB" is Grace's LPDDR5X; the
// 120 GB module carries the same GPU). Grace's memory is not counted. A 2026 vLLM log on a
// GH200 120GB cluster prints "Free memory on device cuda:0 (72.43/95.0 GiB)": newer drivers give
// more; the lower reading stays, as for the other GPUs. 4.0 TB/s: NVIDIA's GH200 datasheet figure
// for the 96 GB HBM3, not re-read.
inline constexpr gpu gh200{"gh200", "NVIDIA GH200 480GB", gpu_vendor::nvidia, gpu_architecture::hopper, 90,
                           96763 * MiB, 97871, 4'000'000'000'000, true, false,
                           "NVLink-C2C 900 GB/s to Grace; NVLink 4 900 GB/s between modules",
                           "torch OOM total capacity 94.50 GiB (driver 550.107.02); nvidia-smi 97871 MiB"};

// --- NVIDIA Blackwell -----------------------------------------------------------------------

// 182631 MiB (178.35 GiB): torch total_memory=182631MB, OOM "total capacity of 178.35 GiB";
// nvidia-smi 183359 MiB, 728 MiB reserved (driver 580.105.08, qx-b200.xml). 8 TB/s.
inline constexpr gpu b200{"b200", "NVIDIA B200", gpu_vendor::nvidia, gpu_architecture::blackwell, 100,
                          182631 * MiB, 183359, 8'000'000'000'000, true, true,
                          "NVLink 5, 18 links, 1.8 TB/s bidirectional",
                          "torch total_memory=182631MB (178.35 GiB); nvidia-smi 183359 MiB"};

// 274115 MiB (267.69 GiB): vLLM "Free memory on device (264.8/267.69 GiB)" on 8 x B300 SXM6
// (driver 580.95.05); nvidia-smi 275040 MiB.
inline constexpr gpu b300{"b300", "NVIDIA B300 SXM6 AC", gpu_vendor::nvidia, gpu_architecture::blackwell_ultra, 103,
                          274115 * MiB, 275040, 7'750'000'000'000, true, true,
                          "NVLink 5, 18 links, 1.8 TB/s bidirectional",
                          "vLLM log 267.69 GiB total; nvidia-smi 275040 MiB"};

// 197,897,748,480 B (184.31 GiB): XLA specs/gb200.txtpb device_memory_size, equal to the idle
// free memory of qx-gb200.xml (Total 189471, Reserved 742 MiB, driver 580.173.02).
inline constexpr gpu gb200{"gb200", "NVIDIA GB200", gpu_vendor::nvidia, gpu_architecture::blackwell, 100,
                           197'897'748'480, 189471, 8'000'000'000'000, true, true,
                           "NVLink 5, 1.8 TB/s bidirectional, 72-GPU domain",
                           "XLA gb200 device_memory_size; nvidia-smi 189471 MiB"};

// 297,021,079,552 B (276.62 GiB): XLA specs/gb300.txtpb; qx-gb300.xml Total 284208 MiB.
inline constexpr gpu gb300{"gb300", "NVIDIA GB300", gpu_vendor::nvidia, gpu_architecture::blackwell_ultra, 103,
                           297'021'079'552, 284208, 8'000'000'000'000, true, true,
                           "NVLink 5, 1.8 TB/s bidirectional, 72-GPU domain",
                           "XLA gb300 device_memory_size; nvidia-smi 284208 MiB"};

// 33,680,457,728 B (31.37 GiB): deviceQuery (driver 12.8, NVIDIA/nccl#1637); nvidia-smi 32607.
inline constexpr gpu rtx_5090{"rtx-5090", "NVIDIA GeForce RTX 5090", gpu_vendor::nvidia, gpu_architecture::blackwell_rtx, 120,
                              33'680'457'728, 32607, 1'792'000'000'000, true, true,
                              "none; PCIe Gen5 x16",
                              "deviceQuery 33680457728 bytes; nvidia-smi 32607 MiB"};

// 97250 MiB (94.97 GiB): torch total_memory=97250MB; nvidia-smi 97887 MiB (driver 580.105.08).
inline constexpr gpu rtx_pro_6000{"rtx-pro-6000", "NVIDIA RTX PRO 6000 Blackwell Server Edition", gpu_vendor::nvidia,
                                  gpu_architecture::blackwell_rtx, 120, 97250 * MiB, 97887, 1'792'000'000'000, true, true,
                                  "none; PCIe Gen5 x16",
                                  "torch total_memory=97250MB; nvidia-smi 97887 MiB"};

// 97247 MiB (94.97 GiB): llama.cpp "Total VRAM: 97247 MiB"; nvidia-smi 97887 MiB (driver
// 580.167.08). The workstation card at 300 W; same memory as the Server Edition.
inline constexpr gpu rtx_pro_6000_maxq{"rtx-pro-6000-maxq", "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition",
                                       gpu_vendor::nvidia, gpu_architecture::blackwell_rtx, 120, 97247 * MiB, 97887,
                                       1'792'000'000'000, true, true, "none; PCIe Gen5 x16",
                                       "llama.cpp Total VRAM 97247 MiB; nvidia-smi 97887 MiB"};

// 16,651,386,880 B (15.51 GiB): llama.cpp "VRAM: 15880 MiB" (Linux); nvidia-smi 16303 MiB.
inline constexpr gpu rtx_5080{"rtx-5080", "NVIDIA GeForce RTX 5080", gpu_vendor::nvidia, gpu_architecture::blackwell_rtx, 120,
                              15880 * MiB, 16303, 960'000'000'000, true, true, "none; PCIe Gen5 x16",
                              "llama.cpp VRAM 15880 MiB; nvidia-smi 16303 MiB"};

// 12,334,399,488 B (11.49 GiB): nvidia-smi -q Total 12227 MiB less Reserved 464 MiB.
inline constexpr gpu rtx_5070{"rtx-5070", "NVIDIA GeForce RTX 5070", gpu_vendor::nvidia, gpu_architecture::blackwell_rtx, 120,
                              11763 * MiB, 12227, 672'000'000'000, true, true, "none; PCIe Gen5 x16",
                              "nvidia-smi -q Total 12227 MiB, Reserved 464 MiB"};

// 16,593,715,200 B (15.45 GiB): llama.cpp "VRAM: 15825 MiB" (the lowest of several Linux cards,
// 15825-15888 MiB); nvidia-smi 16311 MiB.
inline constexpr gpu rtx_5060_ti{"rtx-5060-ti", "NVIDIA GeForce RTX 5060 Ti", gpu_vendor::nvidia,
                                 gpu_architecture::blackwell_rtx, 120, 15825 * MiB, 16311, 448'000'000'000, true, true,
                                 "none; PCIe Gen5 x8", "llama.cpp VRAM 15825 MiB; nvidia-smi 16311 MiB"};

// 128,452,657,152 B (119.63 GiB): DGX Spark, unified LPDDR5X shared with the CPU. cudaMemGetInfo's
// total follows the OS MemTotal: llama.cpp "VRAM: 122502 MiB" on 2025 DGX OS images, 124610 MiB
// (vLLM "121.69 GiB") on 2026 ones; the lower is kept. vLLM takes free memory from the OS
// (psutil available, mem_utils.py), so the start-up check needs that much free: recipes use
// --gpu-memory-utilization 0.85. NVML reports no memory total (nvidia-smi prints [N/A]).
inline constexpr gpu gb10{"gb10", "NVIDIA GB10", gpu_vendor::nvidia, gpu_architecture::blackwell_rtx, 121,
                          122502 * MiB, 0, 273'000'000'000, true, true, "none; unified memory, ConnectX-7 between units",
                          "llama.cpp VRAM 122502 MiB; vLLM 121.69 GiB on newer images"};

// --- NVIDIA Ampere and Ada ------------------------------------------------------------------

// 85,180,022,784 B (79.33 GiB): torch OOM "total capacity of 79.33 GiB" (A800-SXM4-80GB);
// nvidia-smi 81920 MiB.
inline constexpr gpu a800_80gb{"a800-80gb", "NVIDIA A800-SXM4-80GB", gpu_vendor::nvidia, gpu_architecture::ampere, 80,
                               85'180'022'784, 81920, 2'039'000'000'000, false, false,
                               "NVLink 3, 400 GB/s bidirectional",
                               "torch OOM total capacity 79.33 GiB; nvidia-smi 81920 MiB"};

// 47,622,127,616 B (44.35 GiB): torch total_memory=45416MB; nvidia-smi 46068 MiB.
inline constexpr gpu a40{"a40", "NVIDIA A40", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                         45416 * MiB, 46068, 696'000'000'000, false, false,
                         "PCIe Gen4 x16; optional 2-GPU NVLink bridge 112.5 GB/s",
                         "torch total_memory=45416MB; nvidia-smi 46068 MiB"};

// 23,815,258,112 B (22.18 GiB): torch OOM "total capacity of 22.18 GiB"; nvidia-smi 23028 MiB.
// A separate SKU from AWS's A10G, which reads about 125 MiB less.
inline constexpr gpu a10{"a10", "NVIDIA A10", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                         23'815'258'112, 23028, 600'000'000'000, false, false, "none; PCIe Gen4 x16",
                         "torch OOM total capacity 22.18 GiB; nvidia-smi 23028 MiB"};

// 25,294,798,848 B (23.56 GiB): vLLM "Free memory on device (22.93/23.56 GiB)" (8 x RTX 3090),
// llama.cpp "VRAM: 24123 MiB"; nvidia-smi 24576 MiB.
inline constexpr gpu rtx_3090{"rtx-3090", "NVIDIA GeForce RTX 3090", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                              24123 * MiB, 24576, 936'000'000'000, false, false, "none; PCIe Gen4 x16",
                              "vLLM log 23.56 GiB total; nvidia-smi 24576 MiB"};

// 25,283,264,512 B (23.55 GiB): torch total_memory=24114MB (driver 590.44.01), llama.cpp
// "VRAM: 24112 MiB"; nvidia-smi 24564 MiB.
inline constexpr gpu rtx_3090_ti{"rtx-3090-ti", "NVIDIA GeForce RTX 3090 Ti", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                                 24112 * MiB, 24564, 1'008'000'000'000, false, false, "none; PCIe Gen4 x16",
                                 "llama.cpp VRAM 24112 MiB; torch 24114MB; nvidia-smi 24564 MiB"};

// 16,688,087,040 B (15.54 GiB), inferred: no reading on a current (R570/R580) Linux driver was
// found; R545 gave 16076 MiB and the reserved region has grown since. nvidia-smi 16376 MiB.
// Pass the total your vLLM log prints with --gpu-total-memory.
inline constexpr gpu rtx_4080{"rtx-4080", "NVIDIA GeForce RTX 4080", gpu_vendor::nvidia, gpu_architecture::ada, 89,
                              15915 * MiB, 16376, 716'800'000'000, true, false, "none; PCIe Gen4 x16",
                              "inferred from nvidia-smi 16376 MiB less a current driver's reserve (R545 read 16076 MiB)"};

// 12,442,402,816 B (11.59 GiB): llama.cpp "VRAM: 11866 MiB" (Linux; 11866-11903 seen);
// nvidia-smi 12282 MiB.
inline constexpr gpu rtx_4070{"rtx-4070", "NVIDIA GeForce RTX 4070", gpu_vendor::nvidia, gpu_architecture::ada, 89,
                              11866 * MiB, 12282, 504'000'000'000, true, false, "none; PCIe Gen4 x16",
                              "llama.cpp VRAM 11866 MiB; nvidia-smi 12282 MiB"};

// 47,668,264,960 B (44.39 GiB), inferred: the L40S's reading, same nvidia-smi total (46068 MiB)
// and memory; no direct reading of an L20 was found.
inline constexpr gpu l20{"l20", "NVIDIA L20", gpu_vendor::nvidia, gpu_architecture::ada, 89,
                         45460 * MiB, 46068, 864'000'000'000, true, false, "none; PCIe Gen4 x16",
                         "inferred from the L40S (same nvidia-smi 46068 MiB)"};

// 15,637,413,888 B (14.56 GiB): nvidia-smi -q Total 15360, Reserved 448, Free 14913 MiB (driver
// 595.91.07). Turing: no bfloat16 (vLLM runs bfloat16 models in float16), no FlashAttention.
inline constexpr gpu t4{"t4", "Tesla T4", gpu_vendor::nvidia, gpu_architecture::turing, 75,
                        14913 * MiB, 15360, 320'000'000'000, false, false, "none; PCIe Gen3 x16",
                        "nvidia-smi -q free 14913 MiB of 15360 (driver 595.91.07)"};

// 42,298,834,944 B (39.39 GiB): deviceQuery, driver R535 (bottlerocket-os/bottlerocket#3873);
// newer drivers report 39.49 GiB. nvidia-smi 40960 MiB.
inline constexpr gpu a100_40gb{"a100-40gb", "NVIDIA A100-SXM4-40GB", gpu_vendor::nvidia, gpu_architecture::ampere, 80,
                               42'298'834'944, 40960, 1'555'000'000'000, false, false,
                               "NVLink 3, 12 links, 600 GB/s bidirectional",
                               "deviceQuery 42298834944 bytes (R535); nvidia-smi 40960 MiB"};

// 84,987,740,160 B (79.15 GiB): deviceQuery, driver 12.2; R555 reports 79.26 GiB.
inline constexpr gpu a100_80gb{"a100-80gb", "NVIDIA A100-SXM4-80GB", gpu_vendor::nvidia, gpu_architecture::ampere, 80,
                               84'987'740'160, 81920, 2'039'000'000'000, false, false,
                               "NVLink 3, 600 GB/s bidirectional",
                               "deviceQuery 84987740160 bytes (driver 12.2); nvidia-smi 81920 MiB"};

// 45460 MiB (44.39 GiB), inferred: the L40S's reading, same nvidia-smi total (46068 MiB) and
// memory; no direct reading of an L40 was found.
inline constexpr gpu l40{"l40", "NVIDIA L40", gpu_vendor::nvidia, gpu_architecture::ada, 89,
                         45460 * MiB, 46068, 864'000'000'000, true, false, "none; PCIe Gen4 x16 64 GB/s",
                         "inferred from the L40S (same nvidia-smi 46068 MiB)"};

// 45460 MiB (44.39 GiB): qx-l40s.xml idle free (Total 46068, Reserved 609 MiB, driver 595.91.07).
inline constexpr gpu l40s{"l40s", "NVIDIA L40S", gpu_vendor::nvidia, gpu_architecture::ada, 89,
                          45460 * MiB, 46068, 864'000'000'000, true, false,
                          "none; PCIe Gen4 x16 64 GB/s",
                          "nvidia-smi -q free 45460 MiB of 46068 (driver 595.91.07)"};

// 22579 MiB (22.05 GiB): vLLM "Free memory on device cuda:1 (19.77/22.05 GiB)" (driver
// 570.133.20, pytorch/pytorch#175666); nvidia-smi 23034 MiB.
inline constexpr gpu l4{"l4", "NVIDIA L4", gpu_vendor::nvidia, gpu_architecture::ada, 89,
                        22579 * MiB, 23034, 300'000'000'000, true, false,
                        "none; PCIe Gen4 x16",
                        "vLLM log 22.05 GiB total; nvidia-smi 23034 MiB"};

// 22587 MiB (22.06 GiB): torch total_memory=22587MB (AWS G5); nvidia-smi 23028 MiB.
inline constexpr gpu a10g{"a10g", "NVIDIA A10G", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                          22587 * MiB, 23028, 600'000'000'000, false, false,
                          "none; PCIe Gen4 x16",
                          "torch total_memory=22587MB; nvidia-smi 23028 MiB"};

// 24084 MiB (23.52 GiB): vLLM "23.52 GiB total" with driver R580 (vllm-project/vllm#42049);
// older drivers report up to 23.68 GiB. nvidia-smi 24564 MiB.
inline constexpr gpu rtx_4090{"rtx-4090", "NVIDIA GeForce RTX 4090", gpu_vendor::nvidia, gpu_architecture::ada, 89,
                              24084 * MiB, 24564, 1'008'000'000'000, true, false,
                              "none; PCIe Gen4 x16",
                              "vLLM log 23.52 GiB total (R580); nvidia-smi 24564 MiB"};

// --- AMD Instinct (ROCm: torch's total is the VRAM size minus 16 MiB) -------------------------

// 206,141,652,992 B (191.98 GiB): torch total_memory=196592MB (ROCm 6.2.4, ROCm/ROCm#4203).
// fp8 is the FNUZ encoding only on CDNA3.
inline constexpr gpu mi300x{"mi300x", "AMD Instinct MI300X", gpu_vendor::amd, gpu_architecture::cdna3, 942,
                            206'141'652'992, 0, 5'300'000'000'000, true, false,
                            "Infinity Fabric, 7 x 128 GB/s",
                            "torch total_memory=196592MB; HIP OOM 191.98 GiB"};

// 262128 MiB (255.98 GiB): HIP OOM "total capacity of 255.98 GiB" = 256 GiB - 16 MiB.
inline constexpr gpu mi325x{"mi325x", "AMD Instinct MI325X", gpu_vendor::amd, gpu_architecture::cdna3, 942,
                            262128 * MiB, 0, 6'000'000'000'000, true, false,
                            "Infinity Fabric, 7 x 128 GB/s",
                            "HIP OOM total capacity 255.98 GiB"};

// 294896 MiB (287.98 GiB): HIP OOM "total capacity of 287.98 GiB" = 288 GiB - 16 MiB. OCP fp8
// and MXFP4 (not NVFP4) on CDNA4.
inline constexpr gpu mi355x{"mi355x", "AMD Instinct MI355X", gpu_vendor::amd, gpu_architecture::cdna4, 950,
                            294896 * MiB, 0, 8'000'000'000'000, true, true,
                            "Infinity Fabric, 7 x 153.6 GB/s",
                            "HIP OOM total capacity 287.98 GiB"};

// 68,702,699,520 B (63.98 GiB) per GCD (vLLM sees each of an MI250X's two dies as a GPU):
// torch total_memory=65520MB, mem_get_info total 63.984375 GB.
inline constexpr gpu mi250x{"mi250x", "AMD Instinct MI250X", gpu_vendor::amd, gpu_architecture::cdna2, 910,
                            65520 * MiB, 0, 1'638'400'000'000, false, false,
                            "Infinity Fabric, 8 links of 50 GB/s per OAM",
                            "torch total_memory=65520MB per GCD"};

// 65520 MiB (63.98 GiB): rocminfo GPU pool 67092480 KB.
inline constexpr gpu mi210{"mi210", "AMD Instinct MI210", gpu_vendor::amd, gpu_architecture::cdna2, 910,
                           65520 * MiB, 0, 1'638'400'000'000, false, false,
                           "PCIe Gen4 x16; optional Infinity Fabric Link bridge",
                           "rocminfo pool 67092480 KB = 65520 MiB"};

// 11909 MiB (11.63 GiB): vLLM "Free memory on device (6.44/11.63 GiB)" (driver 580.95.05,
// vllm-project/vllm#27934); older drivers read 11931 - 12044 MiB (torch total_memory).
// nvidia-smi 12288 MiB. 360 GB/s (datasheet).
inline constexpr gpu rtx_3060{"rtx-3060", "NVIDIA GeForce RTX 3060", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                              11909 * MiB, 12288, 360'000'000'000, false, false, "none; PCIe Gen4 x16",
                              "vLLM log 11.63 GiB total (driver 580.95.05); nvidia-smi 12288 MiB"};

// 15934 MiB (15.56 GiB): torch total_memory=15934MB (a 2026 log); 15974MB on driver 560.35.03,
// where nvidia-smi shows 16376 MiB. 672 GB/s (datasheet).
inline constexpr gpu rtx_4070_ti_super{"rtx-4070-ti-super", "NVIDIA GeForce RTX 4070 Ti SUPER", gpu_vendor::nvidia,
                                       gpu_architecture::ada, 89, 15934 * MiB, 16376, 672'000'000'000, true, false,
                                       "none; PCIe Gen4 x16", "torch total_memory=15934MB; nvidia-smi 16376 MiB"};

// The workstation cards ship with ECC off; with ECC on their GDDR6 loses 1/16 (nvidia-smi 46068
// MiB on the 48 GB cards): pass the total your vLLM log prints with --gpu-total-memory.
// 48676 MiB (47.54 GiB): torch total_memory=48676MB; deviceQuery 48790 MiB on R565 (ECC off).
// nvidia-smi 49140 MiB. 768 GB/s (datasheet).
inline constexpr gpu rtx_a6000{"rtx-a6000", "NVIDIA RTX A6000", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                               48676 * MiB, 49140, 768'000'000'000, false, false,
                               "optional 2-GPU NVLink bridge 112.5 GB/s; PCIe Gen4 x16",
                               "torch total_memory=48676MB (ECC off); nvidia-smi 49140 MiB"};

// 48622 MiB (47.48 GiB): torch total_memory=48622MB (ECC off); with ECC on, torch reports
// "total capacity of 44.43 GiB". nvidia-smi 49140 MiB (driver 580.126.20). 960 GB/s (datasheet).
inline constexpr gpu rtx_6000_ada{"rtx-6000-ada", "NVIDIA RTX 6000 Ada Generation", gpu_vendor::nvidia,
                                  gpu_architecture::ada, 89, 48622 * MiB, 49140, 960'000'000'000, true, false,
                                  "none; PCIe Gen4 x16", "torch total_memory=48622MB (ECC off); nvidia-smi 49140 MiB"};

// 24114 MiB (23.55 GiB): torch total_memory=24114MB (torch >= 2.6); 24138MB on another host.
// nvidia-smi 24564 MiB. 768 GB/s (datasheet).
inline constexpr gpu rtx_a5000{"rtx-a5000", "NVIDIA RTX A5000", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                               24114 * MiB, 24564, 768'000'000'000, false, false,
                               "optional 2-GPU NVLink bridge 112.5 GB/s; PCIe Gen4 x16",
                               "torch total_memory=24114MB; nvidia-smi 24564 MiB"};

// 15.61 GiB: torch OOM "GPU 0 has a total capacity of 15.61 GiB" (DengKaiCQ/VGGT-Long#6, 2025);
// 15.61 x 1,024 = 15,985 MiB. nvidia-smi 16376 MiB. 448 GB/s (datasheet).
inline constexpr gpu rtx_a4000{"rtx-a4000", "NVIDIA RTX A4000", gpu_vendor::nvidia, gpu_architecture::ampere, 86,
                               15985 * MiB, 16376, 448'000'000'000, false, false, "none; PCIe Gen4 x16",
                               "torch OOM total capacity 15.61 GiB; nvidia-smi 16376 MiB"};

// 81038 MiB (79.14 GiB): deviceQuery 84,974,239,744 B (driver R550, CUDA 12.4); the SXM card's
// reading on driver 12.2 is 79.15 GiB. nvidia-smi 81920 MiB. 1.935 TB/s (datasheet).
inline constexpr gpu a100_80gb_pcie{"a100-80gb-pcie", "NVIDIA A100 80GB PCIe", gpu_vendor::nvidia,
                                    gpu_architecture::ampere, 80, 84'974'239'744, 81920, 1'935'000'000'000, false,
                                    false, "optional 2-GPU NVLink bridge 600 GB/s; PCIe Gen4 x16",
                                    "deviceQuery 84974239744 bytes (R550); nvidia-smi 81920 MiB"};

// 24560 MiB (23.98 GiB): torch total_memory=24560MB (ROCm 6.4); the driver prints no "AMD".
inline constexpr gpu rx_7900_xtx{"rx-7900-xtx", "Radeon RX 7900 XTX", gpu_vendor::amd, gpu_architecture::rdna3, 1100,
                                 24560 * MiB, 0, 960'000'000'000, false, false, "none; PCIe Gen4 x16",
                                 "torch total_memory=24560MB"};

inline constexpr std::array all = {
    h100_sxm, h100_pcie,   h100_nvl,  h200,      h20,         b200,     b300,     gb200,
    gb300,    rtx_5090,    rtx_pro_6000, rtx_pro_6000_maxq, rtx_5080, rtx_5070, rtx_5060_ti, gb10,
    a100_40gb, a100_80gb,  a800_80gb, a40,       a10,         a10g,     rtx_3090, rtx_3090_ti,
    l40s,     l20,         l4,        rtx_4090,  rtx_4080,    rtx_4070, t4,       mi250x,
    mi210,    mi300x,      mi325x,    mi355x,    rx_7900_xtx, rtx_3060, rtx_4070_ti_super, rtx_a6000,
    rtx_6000_ada, rtx_a5000, rtx_a4000, a100_80gb_pcie, h800, h800_pcie, h200_nvl, gh200,
    l40,
};

}  // namespace kvplan::inline v0::gpus
