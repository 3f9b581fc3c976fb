// Plan Llama-3.1-8B on one H100 with kvplan, derive one layer's paged KV cache from the plan,
// and run kernels that address it through kvplan/cuda/block_table.hpp. The planner decides the
// blocks, the block size, the KV heads and head size, and the element size; the kernels are
// compiled for blocks of 16 tokens, and a plan with any other block size fails to compile.
// SPDX-License-Identifier: Apache-2.0
#include "paged_kv_kernels.hpp"

#include <kvplan/cuda/plan_shape.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdio>
#include <string>

int main() {
  using namespace kvplan;
  namespace kc = kvplan::cuda;
  // A small cache so the example runs anywhere: 256 MiB for 32 layers of 2 MiB blocks.
  constexpr plan p = make_plan({.model = models::llama_3_1_8b,
                                .gpu = gpus::h100_sxm,
                                .kv_cache_memory_bytes = 256 * MiB,
                                .max_model_len = 1024,
                                .max_num_seqs = 4});
  static_assert(p.fits());
  constexpr kc::shape_result shape = kc::plan_shape(p);
  static_assert(shape.ok(), "the plan's first bucket has a paged KV layout");
  constexpr auto kv = kc::make_layout<kc::kv_layout::flash_attn, example::block16>(shape.shape);
  static_assert(kv.ok(), "the kernels are compiled for the plan's block size");

  const kc::kv_cache_shape& s = shape.shape;
  std::printf("%s on %s: %lld blocks of %lld tokens (num_gpu_blocks), %lld KV heads x %lld, %s\n",
              std::string(models::llama_3_1_8b.hf_id).c_str(), std::string(gpus::h100_sxm.device_name).c_str(),
              static_cast<long long>(s.num_blocks), static_cast<long long>(s.block_size),
              static_cast<long long>(s.num_kv_heads), static_cast<long long>(s.head_size),
              std::string(to_string(p.kv_cache_dtype)).c_str());
  std::printf("one layer's cache: (2, %lld, %lld, %lld, %lld) x %lld B = %lld B; page %lld B (plan: %lld B)\n",
              static_cast<long long>(s.num_blocks), static_cast<long long>(s.block_size),
              static_cast<long long>(s.num_kv_heads), static_cast<long long>(s.head_size),
              static_cast<long long>(s.element_bytes),
              static_cast<long long>(kv.layout.num_elements() * s.element_bytes),
              static_cast<long long>(s.page_size_bytes()),
              static_cast<long long>(p.buckets[0].spec.page_size_bytes()));
  std::printf("block table: %lld rows of %lld blocks (max_num_seqs x cdiv(max_model_len, block_size))\n",
              static_cast<long long>(s.max_num_seqs), static_cast<long long>(s.max_blocks_per_seq));
  return example::run_paged_kv_demo(kv.layout, s);
}
