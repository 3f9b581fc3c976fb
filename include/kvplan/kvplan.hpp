// kvplan: does this model fit on these GPUs, with how much KV cache, how many concurrent
// requests, and which launch flags? Answered at compile time, the way vLLM answers it at
// start-up.
// SPDX-License-Identifier: Apache-2.0
//
// The core: descriptors, the model and GPU registries, plans, guards and `vllm serve` flags.
// Opt in to the rest (or include kvplan/all.hpp):
//   kvplan/hf_config.hpp   read a model's config.json (with kvplan/json.hpp, kvplan/param_count.hpp)
//   kvplan/what_if.hpp     the levers: one change to a deployment and what it buys
//   kvplan/sizing.hpp      the inverse: the smallest deployments that meet a target
//   kvplan/cuda/*.hpp      the device block-table header and its bridge to a plan
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/error.hpp"
#include "kvplan/units.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/layer.hpp"
#include "kvplan/model.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/vllm_version.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/cache_spec.hpp"
#include "kvplan/attention_backend.hpp"
#include "kvplan/validate.hpp"
#include "kvplan/plan.hpp"
#include "kvplan/gpus.hpp"
#include "kvplan/fixed_string.hpp"
#include "kvplan/verdict.hpp"
#include "kvplan/guards.hpp"
#include "kvplan/vllm_flags.hpp"
