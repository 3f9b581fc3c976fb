// What-ifs: the levers an operator has on a deployment, and what each one buys.
// SPDX-License-Identifier: Apache-2.0
//
//   for (const kvplan::what_if& w : kvplan::what_ifs(d, kvplan::make_plan(d)))
//     if (w.result.ok() && w.result.plan.fits()) ...  // w.lever, w.changed.<the setting>
//
// Each what-if is the deployment with one setting changed and its plan (or the error vLLM would
// refuse it with). Which levers are worth showing depends on the plan: more pipeline stages and
// a shorter max_model_len only matter when it does not fit or the context is long.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/plan.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/units.hpp"
#include "kvplan/validate.hpp"

#include <cstdint>
#include <string_view>

namespace kvplan::inline v0 {

enum class lever : std::uint8_t {
  fp8_kv_cache,                   // --kv-cache-dtype fp8
  double_tensor_parallel,         // --tensor-parallel-size x2
  double_pipeline_parallel,       // --pipeline-parallel-size x2 (when it does not fit)
  shorter_max_model_len,          // a quarter of it, or the largest that fits
  higher_gpu_memory_utilization,  // --gpu-memory-utilization 0.95
  fewer_max_num_seqs,             // --max-num-seqs down to the blocks (Mamba state under FULL graphs)
};

// The vLLM flag a lever changes.
constexpr std::string_view flag_of(lever l) {
  switch (l) {
    case lever::fp8_kv_cache: return "--kv-cache-dtype";
    case lever::double_tensor_parallel: return "--tensor-parallel-size";
    case lever::double_pipeline_parallel: return "--pipeline-parallel-size";
    case lever::shorter_max_model_len: return "--max-model-len";
    case lever::higher_gpu_memory_utilization: return "--gpu-memory-utilization";
    case lever::fewer_max_num_seqs: return "--max-num-seqs";
  }
  return "";
}

// One lever pulled: the changed deployment and its plan.
struct what_if {
  kvplan::lever lever{};
  deployment changed{};
  plan_result result{};
};

inline constexpr std::int32_t max_what_ifs = 6;

// The levers worth trying on deployment d, whose plan is p, each with its outcome.
constexpr static_vector<what_if, max_what_ifs> what_ifs(const deployment& d, const plan& p) {
  static_vector<what_if, max_what_ifs> out;
  const auto pull = [&](kvplan::lever l, const deployment& changed) {
    (void)out.push_back({l, changed, try_plan(changed)});
  };
  if (!is_fp8(p.kv_cache_dtype) && d.gpu.fp8) {
    deployment x = d;
    x.kv_cache_dtype = cache_dtype::fp8;
    pull(lever::fp8_kv_cache, x);
  }
  // Measured weights (from a vLLM log) are per GPU: twice the GPUs hold half each.
  const auto halve_measured_weights = [](deployment& x) {
    if (x.memory.weights_bytes) x.memory.weights_bytes = *x.memory.weights_bytes / 2;
  };
  {
    deployment x = d;
    x.tensor_parallel_size = d.tensor_parallel_size * 2;
    halve_measured_weights(x);
    if (!validate(x)) pull(lever::double_tensor_parallel, x);
  }
  if (!p.fits()) {
    deployment x = d;
    x.pipeline_parallel_size = d.pipeline_parallel_size * 2;
    halve_measured_weights(x);
    if (!validate(x)) pull(lever::double_pipeline_parallel, x);
  }
  // A hybrid whose blocks are fewer than max_num_seqs under FULL graphs: as many sequences as
  // blocks (the length is not what fails).
  const bool too_many_seqs = p.verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks;
  if (too_many_seqs) {
    deployment x = d;
    x.max_num_seqs = static_cast<std::int32_t>(p.num_gpu_blocks);
    pull(lever::fewer_max_num_seqs, x);
  }
  if ((p.max_model_len > 4096 || !p.fits()) && !too_many_seqs) {
    deployment x = d;
    x.max_model_len = p.fits() ? p.max_model_len / 4 : p.estimated_max_model_len;
    if (x.max_model_len > 0) pull(lever::shorter_max_model_len, x);
  }
  if (d.kv_cache_memory_bytes == 0 && p.gpu_memory_utilization < 0.95) {
    deployment x = d;
    x.gpu_memory_utilization = 0.95;
    pull(lever::higher_gpu_memory_utilization, x);
  }
  return out;
}

}  // namespace kvplan::inline v0
