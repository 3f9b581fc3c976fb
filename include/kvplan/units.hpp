// Byte units and the integer arithmetic every figure is built from.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/error.hpp"

#include <cstdint>
#include <type_traits>

namespace kvplan::inline v0 {

// Every count in kvplan (bytes, tokens, blocks) is a signed 64-bit integer: vLLM's
// budget can go negative ("No available memory for the cache blocks"), and a signed
// type keeps that visible instead of wrapping.
using count_t = std::int64_t;

// Binary units (2^10 steps) are what vLLM prints ("GiB"); decimal units (10^3 steps) are
// what GPU vendors and the seed articles print ("GB"). They are never mixed implicitly.
inline constexpr count_t KiB = 1024;
inline constexpr count_t MiB = 1024 * KiB;
inline constexpr count_t GiB = 1024 * MiB;
inline constexpr count_t KB = 1000;
inline constexpr count_t MB = 1000 * KB;
inline constexpr count_t GB = 1000 * MB;

// Checked arithmetic: an overflow is an error (a compile error in a constant expression),
// never a silently wrapped figure. In constant evaluation the checks are plain comparisons,
// because nvcc's front end cannot evaluate the overflow builtins there.
namespace detail {
inline constexpr count_t count_max = 0x7fff'ffff'ffff'ffff;
inline constexpr count_t count_min = -count_max - 1;
constexpr bool mul_overflows(count_t a, count_t b) {
  if (a == 0 || b == 0) return false;
  if (a > 0) return b > 0 ? a > count_max / b : b < count_min / a;
  return b > 0 ? a < count_min / b : a < count_max / b;
}
}  // namespace detail

constexpr count_t checked_mul(count_t a, count_t b) {
  if (std::is_constant_evaluated()) {
    if (detail::mul_overflows(a, b)) fail(errc::arithmetic_overflow, a, b);
    return a * b;
  }
  count_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) fail(errc::arithmetic_overflow, a, b);
  return r;
}
constexpr count_t checked_add(count_t a, count_t b) {
  if (std::is_constant_evaluated()) {
    if ((b > 0 && a > detail::count_max - b) || (b < 0 && a < detail::count_min - b))
      fail(errc::arithmetic_overflow, a, b);
    return a + b;
  }
  count_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) fail(errc::arithmetic_overflow, a, b);
  return r;
}
constexpr count_t checked_sub(count_t a, count_t b) {
  if (std::is_constant_evaluated()) {
    if ((b < 0 && a > detail::count_max + b) || (b > 0 && a < detail::count_min + b))
      fail(errc::arithmetic_overflow, a, b);
    return a - b;
  }
  count_t r = 0;
  if (__builtin_sub_overflow(a, b, &r)) fail(errc::arithmetic_overflow, a, b);
  return r;
}

// Ceiling division for a >= 0, b > 0 (vLLM's `cdiv`).
constexpr count_t cdiv(count_t a, count_t b) {
  if (b <= 0) fail(errc::division_by_zero, a, b);
  if (a <= 0) return -((-a) / b);  // Python's -(-a // b) for a <= 0
  return (a - 1) / b + 1;
}

// a rounded up to a multiple of b, for a >= 0, b > 0 (vLLM's `round_up`).
constexpr count_t round_up(count_t a, count_t b) { return checked_mul(cdiv(a, b), b); }

// Python's floor division `a // b`, which rounds towards negative infinity.
constexpr count_t floor_div(count_t a, count_t b) {
  if (b <= 0) fail(errc::division_by_zero, a, b);
  const count_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

constexpr count_t gcd(count_t a, count_t b) {
  while (b != 0) {
    const count_t t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}
constexpr count_t lcm(count_t a, count_t b) { return checked_mul(a / gcd(a, b), b); }

constexpr count_t min_of(count_t a, count_t b) { return a < b ? a : b; }
constexpr count_t max_of(count_t a, count_t b) { return a < b ? b : a; }

// `math.ceil(total * fraction)` exactly as Python evaluates it on IEEE doubles.
// vLLM: requested_memory = ceil(total_memory * gpu_memory_utilization).
constexpr count_t ceil_times(count_t total, double fraction) {
  const double product = static_cast<double>(total) * fraction;
  if (!(product < 9.2e18 && product > -9.2e18)) fail(errc::arithmetic_overflow, total, 0);
  auto r = static_cast<count_t>(product);  // truncates towards zero
  if (static_cast<double>(r) < product) ++r;
  return r;
}

// GiB in hundredths, rounded as Python's round(bytes / 2**30, 2): correctly rounded from the
// exact binary value, ties to even. (bytes / 2^30 is exact in a double for any real GPU.)
constexpr count_t centi_gib(count_t bytes) {
  const bool negative = bytes < 0;
  const count_t scaled = checked_mul(negative ? -bytes : bytes, 100);
  count_t q = scaled / GiB;
  const count_t r = scaled % GiB;
  if (2 * r > GiB || (2 * r == GiB && q % 2 == 1)) ++q;
  return negative ? -q : q;
}

}  // namespace kvplan::inline v0
