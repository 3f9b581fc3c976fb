// static_vector<T, N>: the one fixed-capacity container kvplan's constexpr values are built from.
// SPDX-License-Identifier: Apache-2.0
//
// A plan is a constant, so it cannot hold a std::vector; each list in it (layer types, KV-cache
// buckets, pipeline stages, checkpoints, backends, block sizes) is a static_vector instead.
// Indices are any integer type, so callers index with the int32 counts vLLM's arithmetic uses
// without a cast at every step. Overflow is reported by the caller, which knows the limit's name:
// push_back() returns false when full. The items are a plain array: a constant expression pays
// for every function call, and std::array's operator[] is one.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/error.hpp"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace kvplan::inline v0 {

template <class T, std::size_t N>
class static_vector {
 public:
  using value_type = T;

  constexpr static_vector() = default;
  // Fills from a list; a list longer than the capacity is an error.
  constexpr static_vector(std::initializer_list<T> items) {
    if (items.size() > N) fail(errc::list_exceeds_capacity, static_cast<std::int64_t>(items.size()), capacity());
    for (const T& x : items) items_[size_++] = x;
  }

  static constexpr std::int32_t capacity() { return static_cast<std::int32_t>(N); }
  constexpr std::int32_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr bool full() const { return size_ == capacity(); }

  // Appends x, or returns false when the vector is full (nothing is written then).
  [[nodiscard]] constexpr bool push_back(const T& x) {
    if (full()) return false;
    items_[size_++] = x;
    return true;
  }

  constexpr const T& operator[](std::integral auto i) const { return items_[i]; }
  constexpr T& operator[](std::integral auto i) { return items_[i]; }
  constexpr const T& front() const { return items_[0]; }
  constexpr const T& back() const { return items_[size_ - 1]; }

  constexpr const T* begin() const { return items_; }
  constexpr const T* end() const { return items_ + size_; }
  constexpr T* begin() { return items_; }
  constexpr T* end() { return items_ + size_; }

  // The index of the first item equal to x, or -1.
  constexpr std::int32_t find(const T& x) const {
    for (std::int32_t i = 0; i < size_; ++i)
      if (items_[i] == x) return i;
    return -1;
  }

  friend constexpr bool operator==(const static_vector& a, const static_vector& b) {
    if (a.size_ != b.size_) return false;
    for (std::int32_t i = 0; i < a.size_; ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  }

 private:
  T items_[N]{};
  std::int32_t size_ = 0;
};

}  // namespace kvplan::inline v0
