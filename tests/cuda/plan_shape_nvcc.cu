// kvplan/cuda/plan_shape.hpp, and through it the C++20 planner, in the host code of a .cu
// file under nvcc -std=c++20. The plan is computed at run time here: nvcc's front end does not
// evaluate __builtin_mul_overflow (kvplan/units.hpp's checked arithmetic) in constant
// expressions, so `constexpr plan` needs a host compiler (see docs/cuda.md).
#include <kvplan/cuda/plan_shape.hpp>
#include <kvplan/cuda/plan_shape.hpp>  // and guarded
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

namespace kc = kvplan::cuda;
using layout16 = kc::paged_kv_layout<kc::kv_layout::flash_attn, kc::fixed_block_size<16>>;

__global__ void kvplan_plan_shape_check(layout16 l, long long* out) { out[0] = l.v_offset(37, 5, 7); }

kc::layout_result<kc::kv_layout::flash_attn, kc::fixed_block_size<16>> kvplan_plan_shape_check_host() {
  const kvplan::plan p = kvplan::make_plan({.model = kvplan::models::llama_3_1_8b, .gpu = kvplan::gpus::h100_sxm});
  return kc::plan_layout<kc::kv_layout::flash_attn, kc::fixed_block_size<16>>(p);
}

#if defined(KVPLAN_EXPECT_CPLUSPLUS) && __cplusplus != KVPLAN_EXPECT_CPLUSPLUS
#error "this check is built with another C++ standard than the one it is for"
#endif
