// The bridge from a kvplan::plan to the device block-table header: the cache shape one GPU
// allocates for one layer, so that the planner and the kernel agree by construction.
// SPDX-License-Identifier: Apache-2.0
//
// Host only, C++20 (it includes the planner). Device code includes kvplan/cuda/block_table.hpp
// alone; the host computes a kv_cache_shape here, builds the views with make_layout and
// make_block_table, and passes them to kernels by value.
//
//   constexpr kvplan::plan p = kvplan::make_plan({.model = ..., .gpu = ...});
//   constexpr auto shape = kvplan::cuda::plan_shape(p);          // bucket 0
//   static_assert(shape.ok());
//   constexpr auto kv = kvplan::cuda::make_layout<kvplan::cuda::kv_layout::flash_attn,
//                                                 kvplan::cuda::fixed_block_size<16>>(shape.shape);
//   static_assert(kv.ok());   // fails if the plan's block size is not 16
//
// Nothing here throws: every problem is a shape_error with the values that explain it.
#pragma once

#include "kvplan/cuda/block_table.hpp"
#include "kvplan/plan.hpp"

#include <cstdint>
#include <string>

namespace kvplan::inline v0::cuda {

// A shape, or the reason a plan's bucket has none.
struct shape_result {
  shape_error error{};
  kv_cache_shape shape{};
  constexpr bool ok() const { return !error; }
};

namespace detail {
// Formats that store plain whole-byte elements in a (head, dim) array. nvfp4 packs two values
// per byte plus fp8 scales; the *_per_token_head formats append an fp32 scale per head.
constexpr bool addressable(cache_dtype t) {
  return t != cache_dtype::nvfp4 && t != cache_dtype::int8_per_token_head &&
         t != cache_dtype::fp8_per_token_head && t != cache_dtype::int4_per_token_head;
}
}  // namespace detail

// The cache of plan bucket `bucket` (a group of identical layer specs; bucket 0 is the spec
// of the first layer) on one GPU of the stage that limits the plan:
//   num_blocks         plan.num_gpu_blocks (every layer's tensor has that many pages)
//   block_size         the bucket's block size (plan.block_size unless vLLM's page
//                      unification grew it for this group)
//   num_kv_heads       per rank, after tensor parallelism (1 for MLA)
//   head_size          per head vector; MLA: the latent row, 576 elements for DeepSeek, or
//                      for rows that are not whole elements (fp8_ds_mla: 656 B; the
//                      DeepSeek-V3.2 indexer: 132 B) the row in bytes
//   element_bytes      bytes per element of kv_cache_dtype (1 for byte rows)
//   max_num_seqs, max_blocks_per_seq
//                      vLLM's block table: max_num_seqs rows of cdiv(max_model_len, block_size)
// With fixed_block_size != 0 the caller means to run a kernel compiled for that many tokens
// per block: it must be a power of two and equal the bucket's block size.
constexpr shape_result plan_shape(const plan& p, std::int32_t bucket = 0, count_t fixed_block_size = 0) {
  if (bucket < 0 || bucket >= p.buckets.size()) return {{shape_errc::bucket_out_of_range, {bucket, p.buckets.size()}}, {}};
  const layer_spec& s = p.buckets[static_cast<std::size_t>(bucket)].spec;
  if (s.kind == spec_kind::mamba) return {{shape_errc::bucket_is_not_paged_attention, {bucket, 0}}, {}};
  if (s.page_size_padded > s.real_page_size_bytes())
    return {{shape_errc::page_is_padded, {bucket, s.page_size_padded}}, {}};
  if (p.num_gpu_blocks <= 0) return {{shape_errc::plan_has_no_blocks, {p.num_gpu_blocks, 0}}, {}};
  if (s.block_size <= 0) return {{shape_errc::block_size_must_be_positive, {s.block_size, 0}}, {}};
  if (fixed_block_size != 0) {
    if (!cuda::detail::is_power_of_two(fixed_block_size))
      return {{shape_errc::block_size_not_power_of_two, {fixed_block_size, 0}}, {}};
    if (fixed_block_size != s.block_size)
      return {{shape_errc::block_size_mismatch, {fixed_block_size, s.block_size}}, {}};
  }

  kv_cache_shape out;
  out.num_blocks = p.num_gpu_blocks;
  out.block_size = s.block_size;
  out.max_num_seqs = p.max_num_seqs;
  out.max_blocks_per_seq = cdiv(p.max_model_len, s.block_size);
  if (s.kind == spec_kind::mla) {
    out.mla = true;
    out.num_kv_heads = 1;
    if (s.head_size > 0 && s.bytes_per_token % s.head_size == 0) {
      out.head_size = s.head_size;  // 576 x 2 B (bf16) or x 1 B (fp8)
      out.element_bytes = s.bytes_per_token / s.head_size;
    } else {
      out.head_size = s.bytes_per_token;  // fp8_ds_mla: 512 fp8 + 4 fp32 scales + 64 bf16 = 656 B
      out.element_bytes = 1;
    }
  } else {
    if (!detail::addressable(p.kv_cache_dtype)) return {{shape_errc::kv_cache_dtype_not_addressable, {}}, {}};
    if (s.head_size != s.head_size_v) return {{shape_errc::head_sizes_differ, {s.head_size, s.head_size_v}}, {}};
    out.num_kv_heads = s.num_kv_heads;
    out.head_size = s.head_size;
    // bytes_per_token = heads x (K + V) x head_size x element bytes; auto on a float32 model
    // is 4 bytes, so the element size is read from the spec rather than from the dtype.
    const count_t elements = 2 * s.num_kv_heads * s.head_size;
    if (elements <= 0 || s.bytes_per_token % elements != 0)
      return {{shape_errc::bytes_per_token_mismatch, {elements, s.bytes_per_token}}, {}};
    out.element_bytes = s.bytes_per_token / elements;
  }
  if (const shape_error e = validate(out)) return {e, out};
  if (out.bytes_per_token() != s.bytes_per_token)
    return {{shape_errc::bytes_per_token_mismatch, {out.bytes_per_token(), s.bytes_per_token}}, out};
  return {{}, out};
}

// The layout of bucket `bucket` of a plan, for block size type B: fixed_block_size<N> must
// match the bucket's block size; runtime_block_size takes any.
template <kv_layout Layout, class BlockSize = runtime_block_size>
constexpr layout_result<Layout, BlockSize> plan_layout(const plan& p, std::int32_t bucket = 0) {
  const shape_result s = plan_shape(p, bucket, BlockSize::is_fixed ? BlockSize{}.size() : 0);
  if (!s.ok()) return {s.error, {}};
  return make_layout<Layout, BlockSize>(s.shape);
}

// The message of an error with its values filled in.
inline std::string describe(const shape_error& e) {
  const std::string t = message_template(e.code);
  std::string out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '{' && i + 2 < t.size() && t[i + 2] == '}' && (t[i + 1] == '0' || t[i + 1] == '1')) {
      out += std::to_string(e.values[t[i + 1] - '0']);
      i += 2;
    } else {
      out += t[i];
    }
  }
  return out;
}

}  // namespace kvplan::inline v0::cuda
