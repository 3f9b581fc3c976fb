// A large batch of plans evaluated as constant expressions: every registry model on several
// GPUs and context lengths. Each plan is its own constant (a variable template), as each guard
// in user code is; their figures are folded into one static_assert. With
// KVPLAN_BENCH_NO_PLANS the same translation unit evaluates nothing, so the difference divided
// by the batch size is the cost of one plan.
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstddef>
#include <utility>

namespace {
using namespace kvplan;

constexpr gpu batch_gpus[] = {gpus::h100_sxm, gpus::h200, gpus::b200, gpus::mi300x};
constexpr count_t batch_lengths[] = {4096, 32768};
constexpr std::size_t per_model = std::size(batch_gpus) * std::size(batch_lengths);
constexpr std::size_t batch_size = models::all.size() * per_model;

constexpr deployment deployment_at(std::size_t i) {
  return {.model = models::all[i / per_model],
          .gpu = batch_gpus[i % per_model / std::size(batch_lengths)],
          .tensor_parallel_size = 8,
          .kv_cache_memory_bytes = 40 * GiB,
          .max_model_len = batch_lengths[i % std::size(batch_lengths)]};
}

// Each plan a constant of its own, declared as a guard declares one. (A constexpr local inside a
// lambda, as this file had before, is evaluated twice by clang: once where it is declared and
// again when the lambda is; it measured clang at 2.4 ms a plan more than this form.)
template <std::size_t I>
constexpr plan_result result = try_plan(deployment_at(I));  // a refused combination is an error, not a plan

template <std::size_t I>
constexpr count_t figure =
#ifdef KVPLAN_BENCH_NO_PLANS
    count_t{I + 1};
#else
    result<I>.ok() ? result<I>.plan.num_gpu_blocks + result<I>.plan.kv_cache_tokens : count_t{1};
#endif

template <std::size_t... I>
constexpr count_t checksum(std::index_sequence<I...>) {
  constexpr count_t figures[] = {figure<I>...};
  count_t sum = 0;
  for (const count_t f : figures) sum += f;
  return sum;
}
static_assert(checksum(std::make_index_sequence<batch_size>{}) > 0);
}  // namespace

// The batch size, for compile_time.sh.
int main() { return static_cast<int>(batch_size); }
