// A plan's verdict in words, with the numbers: the text vLLM's start-up error would print.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/error.hpp"
#include "kvplan/fixed_string.hpp"
#include "kvplan/plan.hpp"
#include "kvplan/units.hpp"

namespace kvplan::inline v0 {

using verdict_text = fixed_string<640>;

// Why the deployment cannot start, in vLLM's own words where vLLM has them
// (kv_cache_planning._check_enough_kv_cache_memory, _auto_fit_max_model_len,
// CompilationConfig.resolve_cudagraph_mode_and_sizes); empty when it fits.
// The verdict as an error with its numbers (errc::none when the plan fits), the form
// kvplan::describe and the guards print.
constexpr error verdict_error(const plan& p) {
  switch (p.verdict) {
    case errc::weights_exceed_gpu_memory: return {p.verdict, {p.weights_bytes, p.total_memory_bytes}};
    case errc::no_memory_for_kv_cache:
      return {p.verdict, {p.requested_memory_bytes, p.requested_memory_bytes - p.available_kv_cache_bytes}};
    case errc::max_model_len_does_not_fit: return {p.verdict, {p.max_model_len, p.needed_bytes, p.usable_kv_cache_bytes}};
    case errc::cannot_auto_fit_max_model_len: return {p.verdict, {p.available_kv_cache_bytes}};
    case errc::max_num_seqs_exceeds_mamba_cache_blocks: return {p.verdict, {p.max_num_seqs, p.num_gpu_blocks}};
    default: return {p.verdict};
  }
}

constexpr verdict_text verdict_message(const plan& p) {
  verdict_text out;
  switch (p.verdict) {
    case errc::none: break;
    case errc::weights_exceed_gpu_memory:
      out.append("The weights need ");
      append_gib(out, p.weights_bytes);
      out.append(" GiB per GPU, more than the GPU's ");
      append_gib(out, p.total_memory_bytes);
      out.append(" GiB. Increase tensor_parallel_size or pipeline_parallel_size, or load a quantized checkpoint.");
      break;
    case errc::no_memory_for_kv_cache:
      out.append("No available memory for the cache blocks: ");
      append_gib(out, p.requested_memory_bytes);
      out.append(" GiB requested (gpu_memory_utilization ");
      append_decimal(out, p.gpu_memory_utilization);
      out.append(" of ");
      append_gib(out, p.total_memory_bytes);
      out.append(" GiB), ");
      append_gib(out, p.weights_bytes);
      out.append(" GiB of weights, ");
      append_gib(out, p.activation_bytes + p.non_torch_bytes + p.cudagraph_bytes);
      out.append(" GiB of activations, non-torch and CUDA-graph memory; ");
      append_gib(out, p.available_kv_cache_bytes);
      out.append(" GiB left for the KV cache.");
      break;
    case errc::max_model_len_does_not_fit:
      out.append("To serve at least one request with the model's max seq len (");
      append_integer(out, p.max_model_len);
      out.append("), (");
      append_gib(out, p.needed_bytes);
      out.append(" GiB KV cache is needed, which is larger than the available KV cache memory (");
      append_gib(out, p.usable_kv_cache_bytes);
      out.append(" GiB). ");
      if (p.estimated_max_model_len > 0) {
        out.append("Based on the available memory, the estimated maximum model length is ");
        append_integer(out, p.estimated_max_model_len);
        out.append(".");
      }
      break;
    case errc::cannot_auto_fit_max_model_len:
      out.append(
          "Cannot auto-fit max_model_len: not enough GPU memory available to serve even a single token (");
      append_gib(out, p.usable_kv_cache_bytes);
      out.append(" GiB available for the KV cache).");
      break;
    case errc::max_num_seqs_exceeds_mamba_cache_blocks:
      out.append("max_num_seqs (");
      append_integer(out, p.max_num_seqs);
      out.append(") exceeds available Mamba cache blocks (");
      append_integer(out, p.num_gpu_blocks);
      out.append("). Each decode sequence requires one Mamba cache block, so CUDA graph capture cannot proceed. "
                 "Please lower max_num_seqs to at most ");
      append_integer(out, p.num_gpu_blocks);
      out.append(" or increase gpu_memory_utilization.");
      break;
    default: out.append(message_template(p.verdict)); break;
  }
  return out;
}

}  // namespace kvplan::inline v0
