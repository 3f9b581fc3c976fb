// Config guards: a deployment that cannot work fails the build, and the error says why with the
// numbers.
// SPDX-License-Identifier: Apache-2.0
//
//   inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_70b,
//                                               .gpu = kvplan::gpus::h100_sxm,
//                                               .tensor_parallel_size = 4,
//                                               .max_model_len = 131072};
//   static_assert(kvplan::fits<serving>());                   // starts at max_model_len
//   static_assert(kvplan::serves<serving, 8>());              // >= 8 requests at max_model_len
//
// The deployment is a template argument by reference, so it must have static storage: a
// namespace-scope `inline constexpr` variable or a `static constexpr` local. Each guard returns
// true or stops the build. The error names the broken rule (a constrained function in
// kvplan::require) and lists its numbers as named template arguments, e.g.
//
//   one_request_at_max_model_len_must_fit [with max_model_len = 131072,
//     needed_kv_cache_bytes = 17179869184, usable_kv_cache_bytes = 17177772032,
//     needed_GiB_x100 = 1600, usable_GiB_x100 = 1600, largest_max_model_len_that_fits = 131056]
//
// Compilers with computed static_assert messages (C++26, __cpp_static_assert >= 202306L, e.g.
// clang 19 with -std=c++2c) print vLLM's own sentence instead.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/error.hpp"
#include "kvplan/plan.hpp"
#include "kvplan/units.hpp"
#include "kvplan/verdict.hpp"

#include <cstdint>

#if defined(__cpp_static_assert) && __cpp_static_assert >= 202306L
#define KVPLAN_COMPUTED_STATIC_ASSERT 1
#else
#define KVPLAN_COMPUTED_STATIC_ASSERT 0
#endif

namespace kvplan::inline v0 {

// One constrained function per rule. A guard calls the rule's function with `holds` false (or
// with numbers that break its constraint), so the compiler reports "constraints not satisfied"
// for the rule by name and prints its arguments by name.
namespace require {

#define KVPLAN_X(name, text, a, b, c)                                  \
  template <std::int64_t a, std::int64_t b, std::int64_t c, bool holds> \
    requires holds                                                      \
  consteval bool name() {                                               \
    return true;                                                        \
  }
KVPLAN_ERROR_TABLE(KVPLAN_X)
#undef KVPLAN_X

template <std::int64_t weights_bytes_per_gpu, std::int64_t requested_memory_bytes, std::int64_t total_memory_bytes,
          std::int64_t weights_GiB_x100, std::int64_t requested_GiB_x100>
  requires(weights_bytes_per_gpu <= requested_memory_bytes)
consteval bool weights_must_fit_on_each_gpu() {
  return true;
}

// usable = available minus the null block vLLM holds back (v0.29+), what its check compares.
template <std::int64_t usable_kv_cache_bytes, std::int64_t available_kv_cache_bytes, std::int64_t requested_memory_bytes,
          std::int64_t weights_bytes, std::int64_t activation_bytes, std::int64_t non_torch_bytes,
          std::int64_t cudagraph_bytes>
  requires(usable_kv_cache_bytes > 0)
consteval bool memory_must_remain_for_the_kv_cache() {
  return true;
}

template <std::int64_t max_model_len, std::int64_t needed_kv_cache_bytes, std::int64_t usable_kv_cache_bytes,
          std::int64_t needed_GiB_x100, std::int64_t usable_GiB_x100, std::int64_t largest_max_model_len_that_fits>
  requires(needed_kv_cache_bytes <= usable_kv_cache_bytes)
consteval bool one_request_at_max_model_len_must_fit() {
  return true;
}

template <std::int64_t largest_max_model_len_that_fits, std::int64_t usable_kv_cache_bytes,
          std::int64_t bytes_per_block>
  requires(largest_max_model_len_that_fits > 0)
consteval bool at_least_one_token_must_fit() {
  return true;
}

template <std::int64_t requested_concurrent_requests, std::int64_t tokens_per_request,
          std::int64_t max_concurrency_x100, std::int64_t num_gpu_blocks, std::int64_t blocks_per_request>
  requires(num_gpu_blocks >= requested_concurrent_requests * blocks_per_request)
consteval bool concurrent_requests_must_fit() {
  return true;
}

}  // namespace require

namespace detail {

// The rule an invalid deployment breaks, reported by name with its values.
template <errc E, std::int64_t v0, std::int64_t v1, std::int64_t v2>
consteval bool reject() {
#define KVPLAN_X(name, text, a, b, c) \
  if constexpr (E == errc::name) {    \
    return require::name<v0, v1, v2, false>(); \
  } else
  KVPLAN_ERROR_TABLE(KVPLAN_X)
#undef KVPLAN_X
  {
    return true;
  }
}

// How far a guard checks, each level including the ones before it.
enum class level { valid, weights_fit, fits_at_all, fits };

// Only reached once check() has validated D.
template <const deployment& D>
inline constexpr plan plan_of = detail::plan_of_valid(D);

// Checks D up to `L` and stops the build at the first rule it breaks; each branch names one
// rule, and only the failing branch is instantiated.
template <const deployment& D, level L>
consteval bool check() {
  constexpr error e = validate(D);
  if constexpr (e.code != errc::none) {
#if KVPLAN_COMPUTED_STATIC_ASSERT
    static_assert(e.code == errc::none, [e] {
      fixed_string<400> m("kvplan: invalid deployment: ");
      m.append(name_of(e.code)).append(": ");
      format_error(m, e);
      return m;
    }());
    return false;
#else
    return reject<e.code, e.values[0], e.values[1], e.values[2]>();
#endif
  } else if constexpr (L == level::valid) {
    return true;
  } else {
    constexpr const plan& p = plan_of<D>;
    if constexpr (!p.kv_cache_memory_given && p.weights_bytes > p.requested_memory_bytes) {
#if KVPLAN_COMPUTED_STATIC_ASSERT
      static_assert(p.weights_bytes <= p.requested_memory_bytes, [] {
        fixed_string<300> m("kvplan: the weights need ");
        append_gib(m, p.weights_bytes).append(" GiB per GPU, more than the ");
        append_gib(m, p.requested_memory_bytes).append(" GiB vLLM may use (gpu_memory_utilization ");
        append_decimal(m, p.gpu_memory_utilization).append(" of ");
        append_gib(m, p.total_memory_bytes).append(" GiB)");
        return m;
      }());
      return false;
#else
      return require::weights_must_fit_on_each_gpu<p.weights_bytes, p.requested_memory_bytes, p.total_memory_bytes,
                                                   centi_gib(p.weights_bytes), centi_gib(p.requested_memory_bytes)>();
#endif
    } else if constexpr (L == level::weights_fit) {
      return true;
    } else if constexpr (p.available_kv_cache_bytes <= 0 || p.usable_kv_cache_bytes <= 0) {
#if KVPLAN_COMPUTED_STATIC_ASSERT
      static_assert(p.available_kv_cache_bytes > 0 && p.usable_kv_cache_bytes > 0, verdict_message(p));
      return false;
#else
      return require::memory_must_remain_for_the_kv_cache<p.usable_kv_cache_bytes, p.available_kv_cache_bytes,
                                                          p.requested_memory_bytes, p.weights_bytes,
                                                          p.activation_bytes, p.non_torch_bytes, p.cudagraph_bytes>();
#endif
    } else if constexpr (p.estimated_max_model_len <= 0) {
#if KVPLAN_COMPUTED_STATIC_ASSERT
      static_assert(p.estimated_max_model_len > 0, "kvplan: not enough memory to serve even a single token");
      return false;
#else
      return require::at_least_one_token_must_fit<p.estimated_max_model_len, p.usable_kv_cache_bytes,
                                                  p.bytes_per_block>();
#endif
    } else if constexpr (L == level::fits_at_all) {
      return true;
    } else if constexpr (p.verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks) {
#if KVPLAN_COMPUTED_STATIC_ASSERT
      static_assert(p.fits(), verdict_message(p));
      return false;
#else
      return reject<errc::max_num_seqs_exceeds_mamba_cache_blocks, p.max_num_seqs, p.num_gpu_blocks, 0>();
#endif
    } else if constexpr (!p.fits()) {
#if KVPLAN_COMPUTED_STATIC_ASSERT
      static_assert(p.fits(), verdict_message(p));
      return false;
#else
      return require::one_request_at_max_model_len_must_fit<p.max_model_len, p.needed_bytes, p.usable_kv_cache_bytes,
                                                            centi_gib(p.needed_bytes), centi_gib(p.usable_kv_cache_bytes),
                                                            p.estimated_max_model_len>();
#endif
    } else {
      return true;
    }
  }
}

}  // namespace detail

// The deployment's inputs break none of vLLM's rules (TP divides the heads, PP at most the
// layers, utilization in (0, 1], formats the GPU supports, ...).
template <const deployment& D>
consteval bool is_valid() {
  return detail::check<D, detail::level::valid>();
}

// ... and the weights fit in the memory vLLM may use on each GPU.
template <const deployment& D>
consteval bool weights_fit() {
  return detail::check<D, detail::level::weights_fit>();
}

// ... and vLLM can start with some max_model_len: memory remains for the KV cache and at least
// one token of one request fits (what --max-model-len auto needs).
template <const deployment& D>
consteval bool fits_at_all() {
  return detail::check<D, detail::level::fits_at_all>();
}

// ... and vLLM starts with the deployment's max_model_len: one request of that length fits.
template <const deployment& D>
consteval bool fits() {
  return detail::check<D, detail::level::fits>();
}

namespace detail {
template <const deployment& D, count_t Tokens>
inline constexpr deployment at_length = [] {
  deployment d = D;
  if (Tokens > 0) d.max_model_len = Tokens;
  return d;
}();
}  // namespace detail

// At least `Requests` requests of `Tokens` tokens each (default: max_model_len) fit in the KV
// cache at once: num_gpu_blocks >= Requests x blocks per request.
template <const deployment& D, count_t Requests, count_t Tokens = 0>
consteval bool serves() {
  static_assert(Requests > 0, "kvplan::serves: ask for at least one request");
  constexpr const deployment& at = detail::at_length<D, Tokens>;
  if (!fits<at>()) return false;
  constexpr const plan& p = detail::plan_of<at>;
#if KVPLAN_COMPUTED_STATIC_ASSERT
  static_assert(p.num_gpu_blocks >= Requests * p.blocks_per_request, [] {
    fixed_string<300> m("kvplan: ");
    append_integer(m, Requests).append(" concurrent requests of ");
    append_integer(m, p.max_model_len, true).append(" tokens do not fit: the KV cache holds ");
    append_integer(m, p.num_gpu_blocks).append(" blocks, each request needs ");
    append_integer(m, p.blocks_per_request).append(" (maximum concurrency ");
    append_fixed(m, p.max_concurrency, 2).append("x)");
    return m;
  }());
  return true;
#else
  return require::concurrent_requests_must_fit<Requests, p.max_model_len,
                                               static_cast<std::int64_t>(p.max_concurrency * 100.0),
                                               p.num_gpu_blocks, p.blocks_per_request>();
#endif
}

}  // namespace kvplan::inline v0
